"""Graph.neighbors, row, has_edge(s), weight, edge_weights and degrees: reading rows in place.

The model tests (helpers.assert_rows_equal_model, run by every comparison of a
graph with the model in test_graph.py and test_apply.py) check every row of
random graphs and batches; this file checks what they do not reach: bigger
graphs against SciPy and NetworkX, rows that moved, the dtypes, the copies,
and every refused argument.
"""

from __future__ import annotations

import doctest
import threading
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dyng
from dyng import generators
from helpers import run_threads

OPENMP = bool(dyng.config.config()["openmp"])


def i32(*values: int) -> npt.NDArray[np.int32]:
    return np.array(values, dtype=np.int32)


def small() -> dyng.Graph:
    # 0->2 (5), 0->1 (7), 2->1 (3), 1->1 (9)
    return dyng.Graph.from_edges(
        i32(0, 0, 2, 1), i32(2, 1, 1, 1), i32(5, 7, 3, 9), num_vertices=4, row_order="append"
    )


def test_small_rows_by_hand() -> None:
    g = small()
    ids, w = g.row(0)
    assert ids.tolist() == [2, 1] and ids.dtype == np.int32
    assert w is not None and w.dtype == np.int32 and w.shape == (2, 1)
    assert w[:, 0].tolist() == [5, 7]
    ids, w = g.row(1, transposed=True)
    assert ids.tolist() == [0, 2, 1]  # stored in-rows keep arrival order, as to_csr
    assert w is not None and w[:, 0].tolist() == [7, 3, 9]
    assert g.neighbors(3).tolist() == [] and g.neighbors(3).dtype == np.int32
    ids, w = g.row(3, transposed=True)
    assert ids.size == 0 and w is not None and w.shape == (0, 1)
    assert g.has_edge(0, 1) and not g.has_edge(1, 0) and g.has_edge(1, 1)
    assert not g.has_edge(3, 3)


def test_unweighted_row_has_no_weights() -> None:
    g = dyng.Graph.from_edges(i32(0, 1), i32(1, 2))
    ids, w = g.row(1)
    assert ids.tolist() == [2] and w is None
    assert g.neighbors(1, transposed=True).tolist() == [0]


def test_undirected_rows_list_both_ends_and_a_self_loop_once() -> None:
    g = dyng.Graph.from_edges(i32(3, 0, 2), i32(0, 2, 2), directed=False)
    assert g.neighbors(0).tolist() == [2, 3]
    assert g.neighbors(2).tolist() == [0, 2]
    assert g.neighbors(2, transposed=True).tolist() == [0, 2]
    assert g.has_edge(3, 0) and g.has_edge(0, 3) and g.has_edge(2, 2)
    assert not g.has_edge(3, 2)


def test_rows_are_writable_copies() -> None:
    g = small()
    ids, w = g.row(0)
    assert ids.flags.writeable and w is not None and w.flags.writeable
    ids[:] = 0
    w[:] = 0
    assert g.row(0)[0].tolist() == [2, 1]
    assert g.edges()[2] is not None and g.row(0)[1].tolist() == [[5], [7]]  # type: ignore[union-attr]


def test_int64_ids() -> None:
    big = 100_003  # int64 ids (an id past 2**31 would need 68 GB of row records)
    g = dyng.Graph.from_edges(
        np.array([0, big], dtype=np.int64),
        np.array([big, 1], dtype=np.int64),
        np.array([4, 6], dtype=np.int32),
        vertex_dtype="int64",
    )
    assert g.neighbors(0).dtype == np.int64
    assert g.neighbors(0).tolist() == [big]
    assert g.neighbors(big, transposed=True).tolist() == [0]
    assert g.has_edge(big, 1) and not g.has_edge(1, big)


@pytest.mark.parametrize("bad", [True, np.bool_(False), 1.0, "1", None, np.float64(2.0)])
def test_non_integer_vertices_are_refused(bad: object) -> None:
    g = small()
    with pytest.raises(dyng.InvalidArgumentError, match="must be an integer"):
        g.neighbors(bad)  # type: ignore[arg-type]
    with pytest.raises(dyng.InvalidArgumentError, match="must be an integer"):
        g.row(bad)  # type: ignore[arg-type]
    with pytest.raises(dyng.InvalidArgumentError, match="must be an integer"):
        g.has_edge(0, bad)  # type: ignore[arg-type]
    with pytest.raises(dyng.InvalidArgumentError, match="must be an integer"):
        g.has_edge(bad, 0)  # type: ignore[arg-type]


def test_numpy_integers_are_taken() -> None:
    g = small()
    assert g.neighbors(np.int64(0)).tolist() == [2, 1]
    assert g.row(np.uint8(2))[0].tolist() == [1]
    assert g.has_edge(np.int32(0), np.uint64(1))


@pytest.mark.parametrize("v", [-1, 4, 2**63, -(2**70), 2**70])
def test_vertices_out_of_range_are_refused_by_row(v: int) -> None:
    g = small()
    with pytest.raises(dyng.InvalidArgumentError, match=r"is not in 0\.\.3"):
        g.neighbors(v)
    with pytest.raises(dyng.InvalidArgumentError, match=r"is not in 0\.\.3"):
        g.row(v, transposed=True)


class Index:
    """An id that only ``__index__`` makes an int: the reads take their checked path."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def outcome(read: Any, v: object) -> tuple[str, object]:
    """What ``read(v)`` gave, as a comparable value: its answer or its error's message."""
    try:
        got = read(v)
    except dyng.InvalidArgumentError as e:
        # Said once: not raised while handling the error of a first attempt.
        assert e.__context__ is None and e.__cause__ is None
        return ("error", str(e))
    if isinstance(got, tuple):
        return ("ok", tuple(None if x is None else x.tolist() for x in got))
    return ("ok", got.tolist() if isinstance(got, np.ndarray) else got)


@pytest.mark.parametrize("v", [-(2**70), -(2**63), -1, 0, 1, 2, 3, 4, 2**63 - 1, 2**63, 2**70])
def test_int_ids_answer_as_checked_ids_do(v: int) -> None:
    # A Python int goes straight to the native read, which checks it; any other
    # id is checked first. Both must give the same answer, or the same error.
    g = small()
    reads: list[Any] = [
        lambda x: g.degree(x),
        lambda x: g.degree(x, transposed=True),
        lambda x: g.neighbors(x),
        lambda x: g.row(x, transposed=True),
        lambda x: g.has_edge(x, 1),
        lambda x: g.has_edge(0, x),
        lambda x: g.weight(0, x),
        lambda x: g.weight(x, 1),
        lambda x: g.weight(0, 1, objective=x),
    ]
    for read in reads:
        assert outcome(read, v) == outcome(read, Index(v))


def test_native_reads_take_positional_arguments_only() -> None:
    # The private reads behind degree, neighbors, row, has_edge and weight take their
    # arguments as a vector (no tuple is made): ids by __index__, flags by truth.
    native: Any = small()._g
    assert native.degree(0) == 2 and native.degree(1, 1) == 3
    ids, weights = native.neighbors(Index(0), [], "yes")  # the out-row, with its weights
    assert np.frombuffer(ids, np.int32).tolist() == [2, 1]
    assert np.frombuffer(weights, np.int32).tolist() == [5, 7]
    assert native.neighbors(1, 1)[1] is None
    assert native.has_edge(np.int64(0), 2) is True and native.edge_weight(0, 1) == (7,)
    calls: list[Any] = [
        lambda: native.degree(),
        lambda: native.degree(0, False, 1),
        lambda: native.has_edge(0),
        lambda: native.edge_weight(0, 1, 2),
        lambda: native.neighbors(0, False, False, False),
        lambda: native.degree(vertex=0),
        lambda: native.degree(1.0),
        lambda: native.has_edge(0, "1"),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()
    with pytest.raises(TypeError, match=r"^has_edge\(\) takes 2 arguments \(1 given\)$"):
        native.has_edge(0)
    with pytest.raises(TypeError, match=r"^neighbors\(\) takes 1 to 3 arguments \(0 given\)$"):
        native.neighbors()
    with pytest.raises(OverflowError):
        native.degree(2**63)


def test_has_edge_past_n_is_false_and_negative_is_refused() -> None:
    g = small()
    for u, v in [(0, 4), (4, 0), (2**63, 1), (1, 2**70), (2**70, 2**70)]:
        assert g.has_edge(u, v) is False
    for u, v in [(-1, 0), (0, -3), (-(2**70), 0)]:
        with pytest.raises(dyng.InvalidArgumentError, match="negative"):
            g.has_edge(u, v)


def test_empty_graph() -> None:
    g = dyng.Graph.from_edges(i32(), i32())
    assert g.num_vertices == 0
    assert g.has_edge(0, 0) is False
    with pytest.raises(dyng.InvalidArgumentError):
        g.neighbors(0)


def test_rows_follow_batches_and_growth() -> None:
    g = small()
    b = dyng.EdgeBatch(insert=(i32(0, 6), i32(3, 0), i32(8, 2)), delete=(i32(0), i32(2)))
    g.apply(b)
    assert g.num_vertices == 7
    assert g.neighbors(0).tolist() == [1, 3]  # 0->2 deleted, 0->3 appended
    assert g.neighbors(6).tolist() == [0]
    assert g.neighbors(0, transposed=True).tolist() == [6]
    assert g.has_edge(6, 0) and not g.has_edge(0, 2) and g.has_edge(0, 3)


def random_graph(
    rng: np.random.Generator, n: int, m: int, *, weighted: bool = True, **properties: Any
) -> tuple[dyng.Graph, npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """A graph of m random pairs among n vertices (self-loops and repeats
    included, so that the properties decide what stays), and the pairs."""
    src = rng.integers(0, n, m).astype(np.int32)
    dst = rng.integers(0, n, m).astype(np.int32)
    w = rng.integers(1, 100, m).astype(np.int32) if weighted else None
    return dyng.Graph.from_edges(src, dst, w, num_vertices=n, **properties), src, dst


def _nx_multigraph(g: dyng.Graph) -> Any:
    nx = pytest.importorskip("networkx")
    src, dst, _ = g.edges()
    h = nx.MultiDiGraph() if g.directed else nx.MultiGraph()
    h.add_nodes_from(range(g.num_vertices))
    h.add_edges_from(zip(src.tolist(), dst.tolist(), strict=True))
    return h


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(1, 300),
    m=st.integers(0, 1500),
    directed=st.booleans(),
    stored=st.booleans(),
    order=st.sampled_from(["sorted", "append"]),
    multi=st.sampled_from(["forbid", "allow"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_rows_against_networkx_after_batches(
    n: int, m: int, directed: bool, stored: bool, order: str, multi: str, seed: int
) -> None:
    """Rows as NetworkX lists them (as multisets) after a few random batches
    (with new vertices), and has_edge against NetworkX's has_edge."""
    rng = np.random.default_rng(seed)
    g, _, _ = random_graph(
        rng,
        n,
        m,
        directed=directed,
        store_transposed=stored,
        row_order=order,
        multi_edges=multi,
    )
    for _ in range(3):  # insertions (some new vertices), deletions of edges and of absent pairs
        src, dst, _ = g.edges()
        pick = rng.integers(0, max(len(src), 1), int(rng.integers(0, 100)) if len(src) else 0)
        k = int(rng.integers(0, 150))
        nn = g.num_vertices + 2
        g.apply(
            dyng.EdgeBatch(
                insert=(rng.integers(0, nn, k), rng.integers(0, nn, k), rng.integers(1, 100, k)),
                delete=(
                    np.concatenate([src[pick], rng.integers(0, nn, 5)]),
                    np.concatenate([dst[pick], rng.integers(0, nn, 5)]),
                ),
            )
        )
    h = _nx_multigraph(g)
    for v in rng.integers(0, g.num_vertices, 20).tolist():
        # each neighbour as many times as there are edges (a self-loop of an
        # undirected graph once, in NetworkX as in dynG)
        succ = h.successors(v) if directed else h.neighbors(v)
        out = sorted(t for t in succ for _ in range(h.number_of_edges(v, t)))
        assert sorted(g.neighbors(v).tolist()) == out
        if directed:
            into = sorted(s for s in h.predecessors(v) for _ in range(h.number_of_edges(s, v)))
            assert sorted(g.neighbors(v, transposed=True).tolist()) == into
        for t in rng.integers(0, g.num_vertices + 3, 20).tolist():
            assert g.has_edge(v, t) == (t < g.num_vertices and h.has_edge(v, t))
        for t in g.neighbors(v).tolist():
            assert g.has_edge(v, t)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stored=st.booleans(), k=st.integers(0, 3))
def test_rows_equal_the_csr_export(seed: int, stored: bool, k: int) -> None:
    """Every row, both ways, is that row of to_csr, weights included, on a
    graph whose rows moved under a stream of batches."""
    src, dst, _ = generators.erdos_renyi_edges(200, 1200, seed=seed)
    w = generators.random_weights(len(src), num_weights=k, seed=seed) if k > 0 else None
    g = dyng.Graph.from_edges(src, dst, w, num_vertices=200, store_transposed=stored)
    for i in range(4):
        g.apply(generators.random_batch(g, 300, seed=seed + i, insert_fraction=0.7))
    for transposed in (False, True):
        rp, col, w = g.to_csr(transposed=transposed)
        for v in range(g.num_vertices):
            ids, wv = g.row(v, transposed=transposed)
            assert ids.tolist() == col[rp[v] : rp[v + 1]].tolist()
            if k == 0:
                assert wv is None and w is None
            else:
                assert wv is not None and w is not None
                assert wv.tolist() == w[rp[v] : rp[v + 1]].tolist()


def test_docstring_examples_of_graph() -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    tried = 0
    for name in ("row", "neighbors", "has_edge", "has_edges", "degrees", "weight", "edge_weights"):
        for test in finder.find(getattr(dyng.Graph, name), globs={"dyng": dyng, "np": np}):
            tried += len(test.examples)
            runner.run(test)
    assert runner.failures == 0 and tried >= 4


def test_rows_read_while_another_thread_applies() -> None:
    """A row read while batches grow it is one whole state of it: the read
    holds the graph's lock shared from the length it reads to the last entry
    it copies. Row 0 starts with targets 1..base (weights 3 t); each batch adds
    the next target, right after a reader has started a read, so that it lands
    inside the read whenever the read lets it. A state of row 0 is 1..k.

    Each batch also adds 3,000 edges elsewhere, so that an apply holds the
    graph for a while: a read that finds it held waits outside the GIL (ADR
    0013) and takes the lock as the apply ends, and the writer comes back with
    its next batch while that read makes its arrays. A read that let go of the
    lock there would find a longer row than the arrays it made."""
    base, batches, extra = 200_000, 400, 3_000
    n = base + batches + 1
    t0 = np.arange(1, base + 1, dtype=np.int32)
    g = dyng.Graph.from_edges(np.zeros(base, np.int32), t0, 3 * t0, num_vertices=n)
    rng = np.random.default_rng(5)

    def batch(k: int) -> dyng.EdgeBatch:
        src = np.concatenate([i32(0), rng.integers(1, n, extra, dtype=np.int32)])
        dst = np.concatenate([i32(k + 1), rng.integers(1, n, extra, dtype=np.int32)])
        return dyng.EdgeBatch(insert=(src, dst, 3 * dst))

    todo = [batch(k) for k in range(base, base + batches)]
    started = threading.Semaphore(0)
    done = threading.Event()

    def writer() -> None:
        try:
            for b in todo:
                started.acquire(timeout=0.1)  # a reader that failed stops releasing
                if done.is_set():
                    return
                g.apply(b)
        finally:
            done.set()

    def reader() -> None:
        try:
            while not done.is_set():
                started.release()
                ids, w = g.row(0)
                k = len(ids)
                assert k >= base and int(ids[0]) == 1 and int(ids[-1]) == k
                assert bool(np.all(np.diff(ids) == 1))
                assert w is not None and bool(np.all(w[:, 0] == 3 * ids))
                assert g.has_edge(0, k)  # edges only come
        except BaseException:
            done.set()  # the writer stops at its next batch
            raise

    run_threads([writer, reader, reader])
    assert g.neighbors(0).tolist() == list(range(1, n))


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    directed=st.booleans(),
    stored=st.booleans(),
    multi=st.sampled_from(["forbid", "allow"]),
)
def test_degrees_against_scipy(seed: int, directed: bool, stored: bool, multi: str) -> None:
    """Every degree at once against SciPy's row and column counts of the edge
    list (an undirected self-loop counted once), after a batch with new vertices."""
    sp = pytest.importorskip("scipy.sparse")
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(1, 400)), int(rng.integers(0, 2000))
    g, _, _ = random_graph(
        rng, n, m, weighted=False, directed=directed, store_transposed=stored, multi_edges=multi
    )
    k = int(rng.integers(0, 300))
    g.apply(dyng.EdgeBatch(insert=(rng.integers(0, n + 5, k), rng.integers(0, n + 5, k))))
    src, dst, _ = g.edges()
    nv = g.num_vertices
    ones = np.ones(len(src))
    if not directed:  # both ends of every edge, a self-loop once
        loop = src == dst
        src, dst = np.concatenate([src, dst[~loop]]), np.concatenate([dst, src[~loop]])
        ones = np.ones(len(src))
    a = sp.coo_matrix((ones, (src, dst)), shape=(nv, nv)).tocsr()
    assert g.degrees().tolist() == np.asarray(a.sum(axis=1)).ravel().astype(int).tolist()
    assert g.degrees(transposed=True).tolist() == (
        np.asarray(a.sum(axis=0)).ravel().astype(int).tolist()
    )


def test_degrees_of_an_empty_graph() -> None:
    g = dyng.Graph.from_edges(i32(), i32())
    d = g.degrees(transposed=True)
    assert d.dtype == np.int64 and d.size == 0
    d = dyng.Graph.from_edges(i32(), i32(), num_vertices=3).degrees()
    assert d.tolist() == [0, 0, 0] and d.flags.writeable


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    directed=st.booleans(),
    stored=st.booleans(),
    order=st.sampled_from(["sorted", "append"]),
    multi=st.sampled_from(["forbid", "allow"]),
    id64=st.booleans(),
)
def test_has_edges_against_the_edge_set(
    seed: int, directed: bool, stored: bool, order: str, multi: str, id64: bool
) -> None:
    """has_edges of pairs (half of them edges, some past n, in both id types)
    against a Python set of the edges, and against has_edge one by one."""
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(1, 300)), int(rng.integers(0, 1500))
    g, src, dst = random_graph(
        rng,
        n,
        m,
        directed=directed,
        store_transposed=stored,
        row_order=order,
        multi_edges=multi,
    )
    edges = set(zip(src.tolist(), dst.tolist(), strict=True))
    if not directed:
        edges |= {(v, u) for u, v in edges}
    q = 500
    pick = rng.integers(0, max(m, 1), q)
    qs = np.where(np.arange(q) % 2 == 1, src[pick] if m else 0, rng.integers(0, n + 5, q))
    qd = np.where(np.arange(q) % 2 == 1, dst[pick] if m else 0, rng.integers(0, n + 5, q))
    qs, qd = qs.astype(np.int64 if id64 else np.int32), qd.astype(np.int64 if id64 else np.int32)
    got = g.has_edges(qs, qd)
    assert got.dtype == np.bool_ and got.shape == (q,)
    want = [(u, v) in edges for u, v in zip(qs.tolist(), qd.tolist(), strict=True)]
    assert got.tolist() == want
    assert want == [g.has_edge(u, v) for u, v in zip(qs.tolist(), qd.tolist(), strict=True)]


def test_has_edges_takes_lists_and_mixed_types() -> None:
    g = small()
    assert g.has_edges([0, 0, 1, 3, 9], [1, 2, 0, 3, 0]).tolist() == [
        True,
        True,
        False,
        False,
        False,
    ]
    assert g.has_edges(np.array([0], np.int32), np.array([2**40], np.int64)).tolist() == [False]
    assert g.has_edges(np.array([2**40]), [1]).tolist() == [False]
    out = g.has_edges([], [])
    assert out.dtype == np.bool_ and out.size == 0


@pytest.mark.parametrize(
    ("src", "dst", "message"),
    [
        ([0, 1], [1, -1], r"pair 1 is \(1, -1\): ids are 0 or more"),
        ([-3], [0], r"pair 0 is \(-3, 0\)"),
        ([0, 1], [1], "src has 2 ids but dst has 1"),
        ([0.5], [1], "src: expected integers"),
        ([0], [True], "dst: expected integers, got bools"),
        ([0], [2**64 - 1], "does not fit int64"),
        ([[0]], [[1]], "expected a 1-dimensional array"),
    ],
)
def test_has_edges_refuses(src: object, dst: object, message: str) -> None:
    with pytest.raises(dyng.InvalidArgumentError, match=message):
        small().has_edges(src, dst)  # type: ignore[arg-type]


def test_has_edges_on_threads_and_interrupted() -> None:
    """Many pairs (several pieces) on two threads (where the build has the
    openmp backend) give what one thread gives; a set interrupt flag stops the
    call."""
    rng = np.random.default_rng(5)
    src, dst, _ = generators.erdos_renyi_edges(20_000, 100_000, seed=5, vertex_dtype="int32")
    qs = np.concatenate([src, rng.integers(0, 20_000, 100_000).astype(np.int32)])
    qd = np.concatenate([dst, rng.integers(0, 20_000, 100_000).astype(np.int32)])
    one = dyng.Graph.from_edges(src, dst, resources=dyng.Resources.sequential())
    threads = dyng.Resources.openmp(2) if OPENMP else dyng.Resources.sequential()
    two = dyng.Graph.from_edges(src, dst, resources=threads)
    got = two.has_edges(qs, qd)
    assert got.tolist() == one.has_edges(qs, qd).tolist()
    assert bool(got[: len(src)].all())
    two.resources.interrupt()
    try:
        with pytest.raises(KeyboardInterrupt):
            two.has_edges(qs, qd)
    finally:
        two.resources.clear_interrupt()
    assert two.has_edges(qs, qd).tolist() == got.tolist()


def test_weights_by_hand() -> None:
    g = small()
    assert [g.weight(0, 2), g.weight(0, 1), g.weight(2, 1), g.weight(1, 1)] == [5, 7, 3, 9]
    assert g.weight(np.int64(0), np.int32(1)) == 7
    got = g.edge_weights([0, 2, 1, 3, 9], [1, 1, 1, 3, 0], default=0)
    assert got.dtype == np.int32 and got.shape == (5, 1) and got.flags.writeable
    assert got[:, 0].tolist() == [7, 3, 9, 0, 0]
    assert g.edge_weights([], [], default=1).shape == (0, 1)
    # undirected: from either end; several weights, by objective
    u = dyng.Graph.from_edges(
        i32(0, 1), i32(1, 2), np.array([[4, 40], [6, 60]], np.int32), directed=False
    )
    assert [u.weight(1, 0), u.weight(0, 1, objective=1), u.weight(2, 1, objective=1)] == [4, 40, 60]
    assert u.edge_weights([1, 2], [0, 1]).tolist() == [[4, 40], [6, 60]]


def test_weights_of_parallel_edges_follow_the_first_copy() -> None:
    """With parallel edges: the first copy in row order, the one that an upsert
    rewrites and a deletion removes."""
    g = dyng.Graph.from_edges(
        i32(0, 0, 0), i32(1, 1, 2), i32(5, 6, 7), multi_edges="allow", row_order="append"
    )
    assert g.weight(0, 1) == 5
    g.apply(dyng.EdgeBatch(delete=(i32(0), i32(1))))
    assert g.weight(0, 1) == 6 and g.edge_weights([0], [1]).tolist() == [[6]]
    g.apply(dyng.EdgeBatch(insert=(i32(0), i32(1), i32(8))))
    assert g.weight(0, 1) == 8 and g.num_edges == 2
    g.apply(dyng.EdgeBatch(delete=(i32(0), i32(1))))
    with pytest.raises(dyng.InvalidArgumentError, match=r"\(0, 1\) is not an edge"):
        g.weight(0, 1)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    directed=st.booleans(),
    order=st.sampled_from(["sorted", "append"]),
    id64=st.booleans(),
)
def test_edge_weights_against_scipy(seed: int, directed: bool, order: str, id64: bool) -> None:
    """On simple graphs whose rows moved under batches: SciPy's A[src, dst] of
    the graph's own CSR export (0 where there is no edge), and weight() one by
    one."""
    sparse = pytest.importorskip("scipy.sparse")
    rng = np.random.default_rng(seed)
    n = int(rng.integers(100, 400))  # room for the batches' new pairs and deletions
    g, _, _ = random_graph(rng, n, int(rng.integers(300, 2000)), directed=directed, row_order=order)
    for i in range(3):
        g.apply(generators.random_batch(g, 200, seed=seed + i, insert_fraction=0.6))
    rp, col, w = g.to_csr()
    assert w is not None
    a = sparse.csr_matrix((w[:, 0], col, rp), shape=(g.num_vertices, g.num_vertices))
    src, dst, _ = g.edges()
    q = 600
    pick = rng.integers(0, max(len(src), 1), q)
    half = np.arange(q) % 2 == 1
    qs = np.where(half, src[pick] if len(src) else 0, rng.integers(0, g.num_vertices, q))
    qd = np.where(half, dst[pick] if len(src) else 0, rng.integers(0, g.num_vertices, q))
    qs, qd = qs.astype(np.int64 if id64 else np.int32), qd.astype(np.int64 if id64 else np.int32)
    got = g.edge_weights(qs, qd, default=0)[:, 0]
    assert got.tolist() == np.asarray(a[qs, qd]).ravel().tolist()
    for u, v, x in zip(qs[:50].tolist(), qd[:50].tolist(), got[:50].tolist(), strict=True):
        if x:
            assert g.weight(u, v) == x


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda g: g.weight(1, 0), r"\(1, 0\) is not an edge of the graph; has_edge\(\)"),
        (lambda g: g.weight(0, 7), r"\(0, 7\) is not an edge"),
        (lambda g: g.weight(-1, 0), "vertex -1 is negative"),
        (lambda g: g.weight(0, 1, objective=1), r"objective is 1; accepted: 0\.\.0"),
        (lambda g: g.weight(0, 1, objective=True), "objective must be an integer"),
        (lambda g: g.weight(0.0, 1), "vertex must be an integer"),
        (
            lambda g: g.edge_weights([0, 1, 1], [1, 0, 2]),
            r"pair 1 \(1, 0\) is not an edge of the graph \(2 of 3 pairs are not\); "
            "pass default=",
        ),
        (lambda g: g.edge_weights([0], [1], default=2**31), "default is 2147483648"),
        (lambda g: g.edge_weights([0], [1], default=-(2**31) - 1), "accepted: an int32 value"),
        (lambda g: g.edge_weights([0], [1], default=1.5), "default must be an integer"),
        (lambda g: g.edge_weights([0], [-1]), r"pair 0 is \(0, -1\)"),
        (lambda g: g.edge_weights([0, 1], [1]), "src has 2 ids but dst has 1"),
    ],
)
def test_weights_refuse(call: Any, message: str) -> None:
    with pytest.raises(dyng.InvalidArgumentError, match=message):
        call(small())


def test_weights_of_an_unweighted_graph_are_refused() -> None:
    g = dyng.Graph.from_edges(i32(0, 1), i32(1, 2))
    for call in (lambda: g.weight(0, 1), lambda: g.edge_weights([0], [1], default=0)):
        with pytest.raises(dyng.InvalidArgumentError, match=r"unweighted \(num_weights=0\)"):
            call()


def test_edge_weights_on_threads_and_interrupted() -> None:
    """As has_edges: two threads give what one gives; a set interrupt flag
    stops the call."""
    rng = np.random.default_rng(6)
    src, dst, _ = generators.erdos_renyi_edges(20_000, 100_000, seed=6, vertex_dtype="int32")
    w = generators.random_weights(len(src), num_weights=2, seed=6)
    qs = np.concatenate([src, rng.integers(0, 20_000, 100_000).astype(np.int32)])
    qd = np.concatenate([dst, rng.integers(0, 20_000, 100_000).astype(np.int32)])
    one = dyng.Graph.from_edges(src, dst, w, resources=dyng.Resources.sequential())
    threads = dyng.Resources.openmp(2) if OPENMP else dyng.Resources.sequential()
    two = dyng.Graph.from_edges(src, dst, w, resources=threads)
    got = two.edge_weights(qs, qd, default=0)
    assert got.tolist() == one.edge_weights(qs, qd, default=0).tolist()
    assert got[: len(src)].tolist() == w.tolist()  # distinct pairs: each its own weights
    two.resources.interrupt()
    try:
        with pytest.raises(KeyboardInterrupt):
            two.edge_weights(qs, qd, default=0)
    finally:
        two.resources.clear_interrupt()
