"""dyng.sssp: compute and update against independent oracles, arrays, errors, threads.

The oracles: ``dyng.testing.dijkstra`` (pure Python, from the definition of the
canonical tree), ``dyng.testing.check_sssp_tree``, ``scipy.sparse.csgraph.dijkstra``
where SciPy is importable, ``Graph.apply`` on a clone (for the apply summary and the
graph after), a recomputation (an update gives its bytes) and hand-computed trees.
"""

from __future__ import annotations

import copy
import gc
import importlib.util
import itertools
import math
import pickle
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dyng
import dyng.generators
import dyng.sssp
import dyng.testing
from helpers import dyng_semantics, run_threads, snapshot
from refmodel import semantics_strategy

INF = dyng.sssp.INFINITE_DISTANCE
I64 = np.dtype(np.int64)
HAVE_SCIPY = importlib.util.find_spec("scipy") is not None
OPENMP = bool(dyng.config.config()["openmp"])

IntArray = npt.NDArray[np.int64]


# ---- helpers ----------------------------------------------------------------------------


@dataclass
class Case:
    """A drawn graph and the largest weight its batches should use (2 makes ties)."""

    graph: dyng.Graph
    max_weight: int


def contents(g: dyng.Graph) -> tuple[Any, ...]:
    """The snapshot of a graph without its state id (a clone's may differ after an apply)."""
    s = snapshot(g)
    return s[:4] + s[5:]


def rebuilt(g: dyng.Graph, **keywords: Any) -> dyng.Graph:
    """The same graph (its edges and properties) built again, with ``keywords`` on top."""
    src, dst, w = g.edges()
    return dyng.Graph.from_edges(
        src, dst, w, num_vertices=g.num_vertices, properties=g.properties, **keywords
    )


def without_in_edges(g: dyng.Graph) -> dyng.Graph:
    """The same graph built with store_transposed=False."""
    return rebuilt(g, store_transposed=False)


def on_two_threads(g: dyng.Graph) -> dyng.Graph:
    """The same graph on 2 OpenMP threads."""
    return rebuilt(g, resources=dyng.Resources.openmp(2))


def has_in_edges(g: dyng.Graph) -> bool:
    return not g.directed or g.properties.store_transposed


@st.composite
def sssp_graphs(
    draw: st.DrawFn,
    *,
    min_vertices: int = 0,
    max_vertices: int = 12,
    max_edges: int = 40,
    semantics: dyng.BatchSemantics | None = None,
    directed: bool | None = None,
) -> Case:
    """Graphs of every kind sssp takes: K = 0..3, int32/int64 ids, both row orders, parallel
    edges allowed or not, self-loops, with or without stored in-edges, weights 1..2 or 1..100."""
    vertex_dtype = draw(st.sampled_from(["int32", "int64"]))
    k = draw(st.integers(1 if vertex_dtype == "int64" else 0, 3))
    max_weight = draw(st.sampled_from([2, 100]))
    g = draw(
        dyng.testing.graphs(
            min_vertices=min_vertices,
            max_vertices=max_vertices,
            max_edges=max_edges,
            directed=directed,
            num_weights=k,
            max_weight=max_weight,
            vertex_dtype=vertex_dtype,
            semantics=semantics,
        )
    )
    if draw(st.booleans()):
        g = without_in_edges(g)
    return Case(g, max_weight)


def make_batch(
    g: dyng.Graph,
    ins: list[tuple[int, int]],
    weights: list[list[int]],
    dels: list[tuple[int, int]],
) -> dyng.EdgeBatch:
    k = g.num_weights
    iu = np.array([u for u, _ in ins], dtype=np.int64)
    iv = np.array([v for _, v in ins], dtype=np.int64)
    du = np.array([u for u, _ in dels], dtype=np.int64)
    dv = np.array([v for _, v in dels], dtype=np.int64)
    if k == 0:
        return dyng.EdgeBatch(insert=(iu, iv), delete=(du, dv))
    w = np.array(weights, dtype=np.int32).reshape(len(ins), k)
    return dyng.EdgeBatch(insert=(iu, iv, w), delete=(du, dv))


@st.composite
def targeted_batches(
    draw: st.DrawFn, g: dyng.Graph, tree: dyng.sssp.Result, max_weight: int
) -> dyng.EdgeBatch:
    """Batches aimed at the tree: deletions of tree edges, upserts that raise or lower their
    weights, delete-then-reinsert, self-loops, random and new-vertex insertions."""
    n = g.num_vertices
    k = g.num_weights
    parents = tree.parents.tolist()
    tree_edges = [(p, v) for v, p in enumerate(parents) if p >= 0]
    src, dst, _ = g.edges()
    existing = list(zip(src.tolist(), dst.tolist(), strict=True))
    ids = st.integers(0, max(n - 1, 0))
    pools: list[st.SearchStrategy[tuple[int, int]]] = [
        st.tuples(ids, ids),
        ids.map(lambda x: (x, x)),
        st.tuples(st.integers(0, n + 1), st.integers(0, n + 1)),  # growth / absent
    ]
    if tree_edges:
        pools += [st.sampled_from(tree_edges)] * 3
    if existing:
        pools.append(st.sampled_from(existing))
    pair = st.one_of(*pools)
    weight_row = st.lists(st.integers(1, max_weight), min_size=k, max_size=k)
    ins: list[tuple[int, int]] = []
    weights: list[list[int]] = []
    dels: list[tuple[int, int]] = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["delete", "upsert", "reinsert", "insert"]))
        u, v = draw(pair)
        if not g.directed and draw(st.booleans()):
            u, v = v, u
        if kind in ("delete", "reinsert"):
            dels.append((u, v))
        if kind in ("upsert", "reinsert", "insert"):
            ins.append((u, v))
            weights.append(draw(weight_row))
    return make_batch(g, ins, weights, dels)


def assert_matches_oracle(g: dyng.Graph, tree: dyng.sssp.Result, objective: int) -> None:
    """The tree is the canonical one of dyng.testing.dijkstra, byte for byte."""
    d = np.asarray(tree.distances)
    p = np.asarray(tree.parents)
    assert d.dtype == I64
    assert p.dtype == I64
    ed, ep = dyng.testing.dijkstra(g, tree.source, objective=objective)
    assert d.tolist() == ed.tolist()
    assert p.tolist() == ep.tolist()
    assert d.tobytes() == ed.tobytes()
    assert p.tobytes() == ep.tobytes()
    dyng.testing.check_sssp_tree(g, tree.source, d, p, objective=objective)
    assert tree.num_vertices == g.num_vertices == len(tree.distances) == len(tree.parents)
    assert tree.graph_version == g.version


def tree_bytes(tree: dyng.sssp.Result) -> tuple[bytes, bytes]:
    return np.asarray(tree.distances).tobytes(), np.asarray(tree.parents).tobytes()


def assert_stale(a: dyng.Array) -> None:
    with pytest.raises(dyng.StaleResultError):
        a.to_numpy()
    with pytest.raises(dyng.StaleResultError):
        np.asarray(a)
    with pytest.raises(dyng.StaleResultError):
        a.tolist()
    with pytest.raises(dyng.StaleResultError):
        len(a)


def checked_update(
    g: dyng.Graph, batch: dyng.EdgeBatch, tree: dyng.sssp.Result
) -> dyng.sssp.Stats | None:
    """Update, and check everything against the oracles; None when the batch is refused
    (then Graph.apply on a clone must refuse it the same way and nothing may change)."""
    options = tree.options
    shadow = g.clone()
    # a tree whose parents are not the canonical ones is recomputed by its next update
    loose = tree_bytes(dyng.sssp.compute(shadow, tree.source, options=options)) != tree_bytes(tree)
    before = snapshot(g)
    old_d = tree.distances.to_numpy()
    old_p = tree.parents.to_numpy()
    old_arrays = (tree.distances, tree.parents)
    expected_error: type[BaseException] | None = None
    try:
        expected_summary = shadow.apply(batch)
    except dyng.Error as e:
        expected_error = type(e)
    if expected_error is not None:
        with pytest.raises(dyng.Error) as info:
            dyng.sssp.update(g, batch, tree)
        assert info.type is expected_error
        assert snapshot(g) == before
        assert tree.distances.tolist() == old_d.tolist()
        assert tree.parents.tolist() == old_p.tolist()
        assert tree.graph_version == g.version
        for a in old_arrays:
            assert_stale(a)
        return None

    stats = dyng.sssp.update(g, batch, tree)
    assert isinstance(stats, dyng.sssp.Stats)
    assert stats.apply == expected_summary
    assert contents(g) == contents(shadow)
    assert stats.converged is True
    assert_matches_oracle(g, tree, options.objective)
    if HAVE_SCIPY:
        expected = scipy_distances(g, tree.source, options.objective)
        assert tree.distances.tolist() == expected.tolist()
    fresh = dyng.sssp.compute(g, tree.source, options=options)
    assert tree_bytes(fresh) == tree_bytes(tree)
    assert tree.options == options
    for a in old_arrays:
        assert_stale(a)

    n = g.num_vertices
    n_old = len(old_d)
    new_d = tree.distances.to_numpy()
    new_p = tree.parents.to_numpy()
    # a vertex the batch added starts as (INFINITE_DISTANCE, -1)
    was_d = np.concatenate([old_d, np.full(n - n_old, INF, dtype=np.int64)])
    was_p = np.concatenate([old_p, np.full(n - n_old, -1, dtype=np.int64)])
    changed = int(np.count_nonzero((new_d != was_d) | (new_p != was_p)))
    assert stats.affected == changed
    if not has_in_edges(g):
        assert stats.fallback_used  # nothing to pull from: recomputed
    if stats.fallback_used:
        assert stats.iterations == n
    # the fallback limit: fallback_fraction of the vertices the tree reached
    # before (of n // 8 where it reached fewer), raised at most to
    # fallback_max_fraction of them after batches that touched more, or widened
    # for the walk of a batch read whole (or nearly) to 8 times the base, at
    # most fallback_max_fraction of what the base counts
    reached = int(np.count_nonzero(old_d < INF))
    counted = max(reached, n // 8)
    base = n if options.fallback_fraction >= 1.0 else int(options.fallback_fraction * counted)
    fixed = not 0.0 < options.fallback_fraction < options.fallback_max_fraction
    wide = int(min(8.0 * base, options.fallback_max_fraction * counted))
    top = base if fixed else max(base, int(options.fallback_max_fraction * reached), wide)
    assert base <= stats.fallback_limit <= top
    if has_in_edges(g):
        if options.fallback_fraction == 1.0:
            assert not stats.fallback_used
        if stats.invalidated > stats.fallback_limit:
            assert stats.fallback_used
        # where the limit adapts, the push goes on to the end: then only the walk
        # gives up, or a batch that costs more to read than the tree to recompute;
        # under a fixed limit the push stops at it too. (On several threads, where a
        # recomputation would run near-far, one thread's push stops at the limit
        # all the same: checked only on one thread.)
        goes_on = not fixed
        one_thread = options.engine == "dijkstra" or g.resources.num_threads == 1
        outweighs = options.fallback_fraction < 1.0 and len(batch) > n // 4 + 4 * reached
        if goes_on and one_thread and stats.fallback_used and not loose:
            assert stats.invalidated > stats.fallback_limit or outweighs
        if not goes_on and not stats.fallback_used and options.engine != "near_far":
            assert stats.affected <= stats.fallback_limit
        if not stats.fallback_used:
            # a distance can only grow, or a vertex become unreachable, by invalidation
            assert stats.invalidated >= int(np.count_nonzero(new_d > was_d))
            assert stats.pushes >= 0 and stats.iterations <= stats.pushes
    return stats


# ---- 1. compute against the oracles -------------------------------------------------------


@given(sssp_graphs())
def test_compute_matches_dijkstra_for_every_source_and_objective(case: Case) -> None:
    g = case.graph
    before = snapshot(g)
    for objective in range(max(g.num_weights, 1)):
        for source in range(g.num_vertices):
            tree = dyng.sssp.compute(g, source, objective=objective)
            assert isinstance(tree, dyng.sssp.Result)
            assert tree.source == source
            assert tree.options.objective == objective
            assert_matches_oracle(g, tree, objective)
    assert snapshot(g) == before  # compute never changes the graph


def scipy_distances(g: dyng.Graph, source: int, objective: int) -> IntArray:
    """scipy.sparse.csgraph.dijkstra of the CSR export, parallel edges merged by min."""
    from scipy.sparse import csgraph, csr_matrix

    n = g.num_vertices
    rp, col, w = g.to_csr()
    best: dict[tuple[int, int], int] = {}
    rows, cols = rp.tolist(), col.tolist()
    ws = [1] * len(cols) if w is None else w[:, objective].tolist()
    for u in range(n):
        for e in range(rows[u], rows[u + 1]):
            key = (u, cols[e])
            best[key] = min(best.get(key, ws[e]), ws[e])
    r = np.array([u for u, _ in best], dtype=np.int64)
    c = np.array([v for _, v in best], dtype=np.int64)
    vals = np.array(list(best.values()), dtype=np.float64)
    m = csr_matrix((vals, (r, c)), shape=(n, n))  # one entry per pair: nothing is summed
    d = np.asarray(csgraph.dijkstra(m, directed=True, indices=source))
    out = np.full(n, INF, dtype=np.int64)
    finite = np.isfinite(d)
    out[finite] = d[finite].astype(np.int64)
    return out


@pytest.mark.skipif(not HAVE_SCIPY, reason="SciPy is not installed")
@given(sssp_graphs(min_vertices=1), st.data())
def test_compute_matches_scipy(case: Case, data: st.DataObject) -> None:
    g = case.graph
    objective = data.draw(st.integers(0, max(g.num_weights - 1, 0)))
    for source in range(g.num_vertices):
        tree = dyng.sssp.compute(g, source, objective=objective)
        assert tree.distances.tolist() == scipy_distances(g, source, objective).tolist()


@pytest.mark.skipif(not HAVE_SCIPY, reason="SciPy is not installed")
@pytest.mark.parametrize("directed", [True, False])
def test_large_random_graph_matches_scipy_and_dijkstra(directed: bool) -> None:
    rng = np.random.default_rng(7)
    n, m = 2000, 9000
    src = rng.integers(0, n, m, dtype=np.int32)
    dst = rng.integers(0, n, m, dtype=np.int32)
    w = rng.integers(1, 6, (m, 2), dtype=np.int32)
    g = dyng.Graph.from_edges(
        src, dst, w, num_vertices=n, directed=directed, multi_edges="allow", row_order="append"
    )
    for source, objective in ((0, 0), (17, 1), (1999, 0)):
        tree = dyng.sssp.compute(g, source, objective=objective)
        assert tree.distances.tolist() == scipy_distances(g, source, objective).tolist()
        assert_matches_oracle(g, tree, objective)


def test_hand_computed_directed_tree() -> None:
    # parallel 0->1 (5 and 2), a tie at 2 (0->2 = 3 and 0->1->2 = 3), a self-loop,
    # 3 reaches 0 but not the other way, 4 isolated
    g = dyng.Graph.from_edges(
        [0, 0, 1, 0, 2, 3],
        [1, 1, 2, 2, 2, 0],
        [5, 2, 1, 3, 1, 1],
        num_vertices=5,
        multi_edges="allow",
        row_order="append",
    )
    tree = dyng.sssp.compute(g, 0)
    assert tree.distances.tolist() == [0, 2, 3, INF, INF]
    assert tree.parents.tolist() == [-1, 0, 0, -1, -1]
    tree3 = dyng.sssp.compute(g, 3)
    assert tree3.distances.tolist() == [1, 3, 4, 0, INF]
    assert tree3.parents.tolist() == [3, 0, 0, -1, -1]


def test_hand_computed_undirected_and_unweighted_trees() -> None:
    g = dyng.Graph.from_edges([0, 1, 0, 2], [1, 2, 2, 3], [1, 1, 2, 1], directed=False)
    tree = dyng.sssp.compute(g, 3)
    assert tree.distances.tolist() == [3, 2, 1, 0]
    assert tree.parents.tolist() == [1, 2, 3, -1]  # 0: tie between 1 and 2, lowest id
    u = dyng.Graph.from_edges([3, 3, 1, 2, 4], [1, 2, 0, 0, 4], num_vertices=6)
    t = dyng.sssp.compute(u, 3)
    assert t.distances.tolist() == [2, 1, 1, 0, INF, INF]
    assert t.parents.tolist() == [1, 3, 3, -1, -1, -1]


def test_objective_picks_the_column() -> None:
    g = dyng.Graph.from_edges([0, 0, 1], [1, 2, 2], [[1, 10, 7], [5, 1, 7], [1, 10, 1]])
    assert dyng.sssp.compute(g, 0, objective=0).distances.tolist() == [0, 1, 2]
    assert dyng.sssp.compute(g, 0, objective=0).parents.tolist() == [-1, 0, 1]
    assert dyng.sssp.compute(g, 0, objective=1).distances.tolist() == [0, 10, 1]
    assert dyng.sssp.compute(g, 0, objective=1).parents.tolist() == [-1, 0, 0]
    t = dyng.sssp.compute(g, 0, options=dyng.sssp.Options(objective=2))
    assert t.distances.tolist() == [0, 7, 7]
    assert t.parents.tolist() == [-1, 0, 0]
    # keywords override the options' fields
    t = dyng.sssp.compute(g, 0, options=dyng.sssp.Options(objective=2), objective=1)
    assert t.options.objective == 1
    assert t.distances.tolist() == [0, 10, 1]


# ---- 2. update equals compute ------------------------------------------------------------


def run_stream(case: Case, data: st.DataObject) -> None:
    g = case.graph
    n = g.num_vertices
    objective = data.draw(st.integers(0, max(g.num_weights - 1, 0)), label="objective")
    source = data.draw(st.integers(0, n - 1), label="source")
    fraction = data.draw(st.sampled_from([0.0, 0.05, 0.5, 1.0]), label="fallback_fraction")
    # the most the limit may rise to (0: fixed; above 0.05 it adapts)
    most = data.draw(st.sampled_from([0.0, 0.3, 0.8, 0.9]), label="fallback_max_fraction")
    # the engine of the compute, the push and the fallback; near_far's step;
    # and (where OpenMP is built) the graph on one thread or two
    engine = data.draw(st.sampled_from(["auto", "dijkstra", "near_far"]), label="engine")
    delta = data.draw(st.sampled_from([0, 1, 3]), label="delta")
    if OPENMP and data.draw(st.booleans(), label="two threads"):
        g = on_two_threads(g)
    tree = dyng.sssp.compute(
        g,
        source,
        objective=objective,
        fallback_fraction=fraction,
        fallback_max_fraction=most,
        engine=engine,
        delta=delta,
    )
    assert tree.options == dyng.sssp.Options(
        objective=objective,
        fallback_fraction=fraction,
        fallback_max_fraction=most,
        engine=engine,
        delta=delta,
    )
    views: list[tuple[IntArray, IntArray, list[int], list[int]]] = []
    for _ in range(data.draw(st.integers(1, 8), label="steps")):
        if data.draw(st.booleans(), label="take views"):
            d, p = np.asarray(tree.distances), np.asarray(tree.parents)
            views.append((d, p, d.tolist(), p.tolist()))
        batch = data.draw(
            st.one_of(
                dyng.testing.edge_batches(g, max_weight=case.max_weight),
                targeted_batches(g, tree, case.max_weight),
            ),
            label="batch",
        )
        checked_update(g, batch, tree)
        for d, p, dl, pl in views:  # copy-on-write: every view keeps its state
            assert d.tolist() == dl
            assert p.tolist() == pl


@pytest.mark.parametrize("preset", ["upsert_last_wins", "set"])
@given(data=st.data())
def test_update_equals_compute_on_random_streams(preset: str, data: st.DataObject) -> None:
    sem = getattr(dyng.BatchSemantics, preset)()
    case = data.draw(sssp_graphs(min_vertices=1, semantics=sem), label="graph")
    run_stream(case, data)


@given(data=st.data())
def test_update_under_any_semantics_and_refused_batches(data: st.DataObject) -> None:
    sem = dyng_semantics(data.draw(semantics_strategy, label="semantics"))
    case = data.draw(sssp_graphs(min_vertices=1, max_edges=25, semantics=sem), label="graph")
    run_stream(case, data)


@pytest.mark.parametrize(
    ("directed", "store_transposed", "preset", "fraction"),
    [
        (True, True, "upsert_last_wins", 1.0),
        (True, True, "set", 0.5),
        (True, False, "upsert_last_wins", 1.0),
        (False, True, "upsert_last_wins", 1.0),
        (False, True, "set", 0.0),
        (True, True, "upsert_last_wins", 0.0),
    ],
)
def test_long_numpy_stream(
    directed: bool, store_transposed: bool, preset: str, fraction: float
) -> None:
    rng = np.random.default_rng(1234 + directed + 2 * store_transposed)
    n, m, k = 60, 240, 2
    g = dyng.Graph.from_edges(
        rng.integers(0, n, m),
        rng.integers(0, n, m),
        rng.integers(1, 4, (m, k), dtype=np.int32),
        num_vertices=n,
        directed=directed,
        store_transposed=store_transposed,
        multi_edges="allow" if directed else "forbid",
        semantics=getattr(dyng.BatchSemantics, preset)(),
    )
    tree = dyng.sssp.compute(g, 0, objective=1, fallback_fraction=fraction)
    fallbacks = 0
    for step in range(150):
        nv = g.num_vertices
        parents = tree.parents.tolist()
        tree_edges = [(p, v) for v, p in enumerate(parents) if p >= 0]
        ins: list[tuple[int, int]] = []
        dels: list[tuple[int, int]] = []
        for _ in range(int(rng.integers(0, 4))):  # tree edges: delete, re-weight, reinsert
            if not tree_edges:
                break
            e = tree_edges[int(rng.integers(len(tree_edges)))]
            what = int(rng.integers(3))
            if what != 1:
                dels.append(e)
            if what != 0:
                ins.append(e)
        for _ in range(int(rng.integers(0, 5))):
            hi = nv + (1 if step % 10 == 0 else 0)  # sometimes a new vertex
            ins.append((int(rng.integers(0, hi)), int(rng.integers(0, hi))))
        for _ in range(int(rng.integers(0, 4))):
            dels.append((int(rng.integers(0, nv)), int(rng.integers(0, nv))))
        weights = rng.integers(1, 4, (len(ins), k)).tolist()
        stats = checked_update(g, make_batch(g, ins, weights, dels), tree)
        assert stats is not None
        fallbacks += stats.fallback_used
    if not store_transposed and directed:
        assert fallbacks == 150
    if fraction == 1.0 and (store_transposed or not directed):
        assert fallbacks == 0


@pytest.mark.parametrize("directed", [True, False])
def test_small_batches_on_a_bigger_graph(directed: bool) -> None:
    """Batches of a few changes on 2,500 vertices: a repair touches far fewer vertices than
    one in 32, so it clears its marks one by one (small graphs clear them all at once); a
    mark left behind would mislead a later repair."""
    rng = np.random.default_rng(2026 + directed)
    n, m = 2500, 10000
    g = dyng.Graph.from_edges(
        rng.integers(0, n, m),
        rng.integers(0, n, m),
        rng.integers(1, 6, m, dtype=np.int32),
        num_vertices=n,
        directed=directed,
        store_transposed=True,
    )
    tree = dyng.sssp.compute(g, 0)
    repaired = 0
    for _ in range(120):
        parents = tree.parents.tolist()
        tree_edges = [(p, v) for v, p in enumerate(parents) if p >= 0]
        dels = [tree_edges[int(i)] for i in rng.integers(0, len(tree_edges), 2)]
        ins = [(int(rng.integers(n)), int(rng.integers(n))) for _ in range(3)]
        weights = rng.integers(1, 6, (len(ins), 1)).tolist()
        stats = checked_update(g, make_batch(g, ins, weights, dels), tree)
        assert stats is not None
        repaired += not stats.fallback_used
    assert repaired > 100


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("directed", [True, False])
def test_parallel_push_equals_compute(threads: int, directed: bool) -> None:
    """engine="near_far": the push runs near-far on the graph's threads; every
    update gives a compute's bytes, and the changed entries reach the arrays."""
    from dyng._backend import native

    if threads > 1 and not native.openmp_available():
        pytest.skip("this build has no OpenMP backend")
    rng = np.random.default_rng(77 + threads + 2 * directed)
    n, m = 3000, 12000
    res = dyng.Resources.sequential() if threads == 1 else dyng.Resources.openmp(threads)
    g = dyng.Graph.from_edges(
        rng.integers(0, n, m),
        rng.integers(0, n, m),
        rng.integers(1, 6, m, dtype=np.int32),  # many ties
        num_vertices=n,
        directed=directed,
        resources=res,
    )
    tree = dyng.sssp.compute(g, 0, engine="near_far", fallback_fraction=0.5)
    kept = tree.distances  # a live export: the update copies what changed into it
    repaired = 0
    for _ in range(12):
        src, dst, _ = g.edges()
        pick = rng.integers(0, len(src), 60)
        k = 60
        batch = dyng.EdgeBatch(
            insert=(rng.integers(0, n + 2, k), rng.integers(0, n, k), rng.integers(1, 6, k)),
            delete=(src[pick], dst[pick]),
        )
        stats = dyng.sssp.update(g, batch, tree)
        repaired += not stats.fallback_used
        if not stats.fallback_used and stats.affected > 0:
            # the parallel push counts what it relaxed and lowered too
            assert stats.iterations > 0 and stats.pushes > 0
        fresh = dyng.sssp.compute(g, 0, engine="dijkstra")
        assert tree.distances.tolist() == fresh.distances.tolist()
        assert tree.parents.tolist() == fresh.parents.tolist()
    assert repaired > 0
    del kept


def test_update_without_in_edges_recomputes() -> None:
    g = dyng.Graph.from_edges([0, 1, 2, 0], [1, 2, 3, 3], [1, 1, 1, 9], store_transposed=False)
    tree = dyng.sssp.compute(g, 0, fallback_fraction=1.0)
    stats = dyng.sssp.update(g, dyng.EdgeBatch(delete=([1], [2])), tree)
    assert stats.fallback_used
    assert stats.converged
    assert tree.distances.tolist() == [0, 1, INF, 9]
    assert tree.parents.tolist() == [-1, 0, -1, 0]


def test_fallback_fraction_zero_recomputes_what_it_invalidates() -> None:
    g = dyng.Graph.from_edges([0, 1, 2, 0], [1, 2, 3, 3], [1, 1, 1, 9])
    tree = dyng.sssp.compute(g, 0, fallback_fraction=0.0)
    stats = dyng.sssp.update(g, dyng.EdgeBatch(delete=([1], [2])), tree)
    assert stats.invalidated >= 1  # the walk stops at the limit: 0 vertices
    assert stats.fallback_used
    assert stats.iterations == 4
    assert stats.affected == 2
    assert tree.distances.tolist() == [0, 1, INF, 9]
    assert tree.parents.tolist() == [-1, 0, -1, 0]


def long_path(n: int = 1000) -> dyng.Graph:
    """0 -> 1 -> ... -> n - 1, weight 10: a shortcut (0, k) of weight 1 lowers the
    distances from k up to the next shortcut, and touches exactly those."""
    return dyng.Graph.from_edges(
        np.arange(n - 1), np.arange(1, n), np.full(n - 1, 10, dtype=np.int32), num_vertices=n
    )


def shortcut(
    g: dyng.Graph, tree: dyng.sssp.Result, k: int, drop: int | None = None
) -> dyng.sssp.Stats:
    """Insert the shortcut (0, k) of weight 1, and delete (0, drop) in the same batch."""
    batch = dyng.EdgeBatch(
        insert=([0], [k], [1]), delete=([0], [drop]) if drop is not None else None
    )
    stats = dyng.sssp.update(g, batch, tree)
    fresh = dyng.sssp.compute(g, 0)
    assert tree.distances.tolist() == fresh.distances.tolist()
    assert tree.parents.tolist() == fresh.parents.tolist()
    return stats


def test_fallback_limit_follows_the_stream() -> None:
    """The limit is 3% until a repair has run, then twice the share the last one
    touched, up to the maximum (50%). It bounds only the walk that invalidates: a walk
    past it recomputes (unless the batch, read whole, lets it widen to 24%), and a push
    goes on to the end, past a raised limit or the 3% alike."""
    g = long_path()
    tree = dyng.sssp.compute(g, 0)
    got = [
        (s.fallback_limit, s.fallback_used, s.invalidated, s.affected)
        for s in (
            shortcut(g, tree, 900),  # 100 lowered, nothing invalidated: past 3%, repaired
            shortcut(g, tree, 800),  # e = 10%: 2e
            shortcut(g, tree, 300, drop=800),  # 100 invalidated, 600 changed: past 20%
            shortcut(g, tree, 100),  # e = 60%, past the maximum: 3%, nothing invalidated
            shortcut(g, tree, 95),  # e = 20%
            shortcut(g, tree, 20, drop=95),  # e = 0.5%: 3%; 5 invalidated, 80 touched
            shortcut(g, tree, 10),  # the repair touched 80 (e = 8%)
            shortcut(g, tree, 5, drop=20),  # e = 1%: 3%; 80 invalidated: widened, repaired
            shortcut(g, tree, 4, drop=300),  # e = 8.5%: 2e; 600 invalidated: past 24%
        )
    ]
    assert got == [
        (30, False, 0, 100),
        (200, False, 0, 100),
        (200, False, 100, 600),
        (30, False, 0, 200),
        (400, False, 0, 5),
        (30, False, 5, 80),
        (160, False, 0, 10),
        (240, False, 80, 85),
        (240, True, 241, 601),
    ]


@pytest.mark.parametrize(
    ("fraction", "most", "limit"),
    [(0.03, 0.03, 30), (0.03, 0.0, 30), (0.0, 0.5, 0), (1.0, 0.5, 1000)],
)
def test_fallback_limit_fixed(fraction: float, most: float, limit: int) -> None:
    """A maximum at or below the fraction, or a fraction of 0 or 1: the limit never moves."""
    g = long_path()
    tree = dyng.sssp.compute(g, 0, fallback_fraction=fraction, fallback_max_fraction=most)
    for k in (900, 800, 700):
        stats = shortcut(g, tree, k)
        assert stats.fallback_limit == limit
        assert stats.fallback_used == (limit < 100)


def test_fallback_limit_is_kept_by_clones_and_per_result() -> None:
    """A clone keeps what its tree learnt; an import starts afresh; in one dyng.update
    each result keeps its own."""
    g = long_path()
    tree = dyng.sssp.compute(g, 0)
    assert shortcut(g, tree, 900).fallback_limit == 30
    copy = tree.clone()
    imported = dyng.sssp.Result.from_arrays(
        g, 0, tree.distances.to_numpy(), tree.parents.to_numpy()
    )
    fixed = dyng.sssp.Result.from_arrays(
        g, 0, tree.distances.to_numpy(), tree.parents.to_numpy(), fallback_max_fraction=0.0
    )
    stats = dyng.update(g, dyng.EdgeBatch(insert=([0], [800], [1])), copy, imported, fixed)
    assert [(s.fallback_limit, s.fallback_used) for s in stats] == [
        (200, False),
        (30, False),  # nothing invalidated: repaired past 3%
        (30, True),  # a fixed limit: the push stops at it
    ]
    stats = dyng.update(g, dyng.EdgeBatch(insert=([0], [700], [1])), copy, imported, fixed)
    assert [(s.fallback_limit, s.fallback_used) for s in stats] == [
        (200, False),
        (200, False),  # learnt from the repair: 100 touched
        (30, True),
    ]
    fresh = dyng.sssp.compute(g, 0)
    for r in (copy, imported, fixed):
        assert r.distances.tolist() == fresh.distances.tolist()
        assert r.parents.tolist() == fresh.parents.tolist()


# ---- 3. the count-to-infinity trap ----------------------------------------------------


FRACTIONS = [1.0, 0.5, 0.0]


@pytest.mark.parametrize("fraction", FRACTIONS)
@pytest.mark.parametrize("store_transposed", [True, False])
@pytest.mark.parametrize("weighted", [True, False])
def test_count_to_infinity_trap(fraction: float, store_transposed: bool, weighted: bool) -> None:
    w = [1, 1, 1, 1] if weighted else None
    g = dyng.Graph.from_edges([0, 1, 2, 2], [1, 2, 1, 3], w, store_transposed=store_transposed)
    tree = dyng.sssp.compute(g, 0, fallback_fraction=fraction)
    assert tree.distances.tolist() == [0, 1, 2, 3]
    assert tree.parents.tolist() == [-1, 0, 1, 2]
    stats = dyng.sssp.update(g, dyng.EdgeBatch(delete=([0], [1])), tree)
    assert tree.distances.tolist() == [0, INF, INF, INF]
    assert tree.parents.tolist() == [-1, -1, -1, -1]
    assert stats.apply.deleted == 1
    assert stats.affected == 3
    assert stats.converged
    if fraction == 1.0 and store_transposed:
        assert not stats.fallback_used  # the repair itself, not a recomputation
        assert stats.invalidated == 3
    assert_matches_oracle(g, tree, 0)


@pytest.mark.parametrize("fraction", FRACTIONS)
def test_count_to_infinity_trap_undirected(fraction: float) -> None:
    g = dyng.Graph.from_edges([0, 1, 2], [1, 2, 3], directed=False)
    tree = dyng.sssp.compute(g, 0, fallback_fraction=fraction)
    assert tree.distances.tolist() == [0, 1, 2, 3]
    stats = dyng.sssp.update(g, dyng.EdgeBatch(delete=([1], [0])), tree)  # named (1, 0)
    assert tree.distances.tolist() == [0, INF, INF, INF]
    assert tree.parents.tolist() == [-1, -1, -1, -1]
    if fraction == 1.0:
        assert not stats.fallback_used


def trap_with_way_back() -> dyng.Graph:
    # 0->1->2->3 with 2->1, and a longer way 0->4->5->2
    return dyng.Graph.from_edges(
        [0, 1, 2, 2, 0, 4, 5], [1, 2, 1, 3, 4, 5, 2], [1, 1, 1, 1, 5, 5, 5], num_vertices=7
    )


@pytest.mark.parametrize("fraction", FRACTIONS)
def test_count_to_infinity_trap_with_a_longer_way_back(fraction: float) -> None:
    g = trap_with_way_back()
    tree = dyng.sssp.compute(g, 0, fallback_fraction=fraction)
    assert tree.distances.tolist() == [0, 1, 2, 3, 5, 10, INF]
    stats = dyng.sssp.update(g, dyng.EdgeBatch(delete=([0], [1])), tree)
    assert tree.distances.tolist() == [0, 16, 15, 16, 5, 10, INF]
    assert tree.parents.tolist() == [-1, 2, 5, 2, 0, 4, -1]
    if fraction == 1.0:
        assert not stats.fallback_used
    assert_matches_oracle(g, tree, 0)


@pytest.mark.parametrize("fraction", FRACTIONS)
def test_count_to_infinity_trap_by_a_weight_increase(fraction: float) -> None:
    g = trap_with_way_back()
    tree = dyng.sssp.compute(g, 0, fallback_fraction=fraction)
    stats = dyng.sssp.update(g, dyng.EdgeBatch(insert=([0], [1], [[100]])), tree)
    assert stats.apply.updated == 1
    assert tree.distances.tolist() == [0, 16, 15, 16, 5, 10, INF]
    assert tree.parents.tolist() == [-1, 2, 5, 2, 0, 4, -1]
    # and back down: 0->1 at 2 gives 2, 3, 4 through 1 again
    dyng.sssp.update(g, dyng.EdgeBatch(insert=([0], [1], [[2]])), tree)
    assert tree.distances.tolist() == [0, 2, 3, 4, 5, 10, INF]
    assert tree.parents.tolist() == [-1, 0, 1, 2, 0, 4, -1]
    assert_matches_oracle(g, tree, 0)


def test_delete_and_reinsert_a_tree_edge_in_one_batch() -> None:
    g = trap_with_way_back()
    tree = dyng.sssp.compute(g, 0, fallback_fraction=1.0)
    stats = dyng.sssp.update(g, dyng.EdgeBatch(insert=([0], [1], [[7]]), delete=([0], [1])), tree)
    assert tree.distances.tolist() == [0, 7, 8, 9, 5, 10, INF]
    assert tree.parents.tolist() == [-1, 0, 1, 2, 0, 4, -1]
    assert stats.apply.deleted == 1 and stats.apply.inserted == 1
    assert_matches_oracle(g, tree, 0)


# ---- 4. arrays: staleness, copy-on-write, failed updates ------------------------------------


def small_weighted() -> dyng.Graph:
    return dyng.Graph.from_edges([0, 0, 1, 2], [1, 2, 2, 3], [4, 1, 1, 1])


def test_arrays_are_stale_after_an_update_and_views_keep_their_state() -> None:
    g = small_weighted()
    tree = dyng.sssp.compute(g, 0)
    d, p = tree.distances, tree.parents
    assert isinstance(d, dyng.Array)
    assert isinstance(p, dyng.Array)
    assert d.dtype == I64 and p.dtype == I64
    assert d.shape == (4,) and p.shape == (4,)
    vd, vp = np.asarray(d), np.asarray(p)
    assert not vd.flags.writeable
    assert vd.tolist() == [0, 4, 1, 2]
    assert vp.tolist() == [-1, 0, 0, 2]
    stats = dyng.sssp.update(
        g, dyng.EdgeBatch(insert=([0, 3], [1, 5], [[1], [2]]), delete=([0], [2])), tree
    )
    assert stats.apply.new_vertices == 2
    assert_stale(d)
    assert_stale(p)
    assert vd.tolist() == [0, 4, 1, 2]
    assert vp.tolist() == [-1, 0, 0, 2]
    assert tree.distances.tolist() == [0, 1, 2, 3, INF, 5]
    assert tree.parents.tolist() == [-1, 0, 1, 2, -1, 3]
    assert len(tree.distances) == 6
    assert_matches_oracle(g, tree, 0)


@pytest.mark.parametrize("bad", [0, -3])
def test_failed_update_by_a_weight_below_one_changes_nothing(bad: int) -> None:
    g = small_weighted()
    tree = dyng.sssp.compute(g, 0)
    d = tree.distances
    view = np.asarray(tree.parents)
    before = snapshot(g)
    batch = dyng.EdgeBatch(insert=([3, 1], [0, 3], [[1], [bad]]), delete=([0], [2]))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.sssp.update(g, batch, tree)
    assert snapshot(g) == before
    assert g.version == 0
    assert tree.distances.tolist() == [0, 4, 1, 2]
    assert tree.parents.tolist() == [-1, 0, 0, 2]
    assert tree.graph_version == 0
    assert view.tolist() == [-1, 0, 0, 2]
    assert_stale(d)  # retired all the same
    # still the tree of the current state: a good update works
    dyng.sssp.update(g, dyng.EdgeBatch(delete=([0], [2])), tree)
    assert tree.distances.tolist() == [0, 4, 5, 6]
    assert_matches_oracle(g, tree, 0)


def test_weight_below_one_is_refused_in_the_objective_column() -> None:
    g = dyng.Graph.from_edges([0, 1], [1, 2], [[1, 1], [1, 1]])
    tree = dyng.sssp.compute(g, 0, objective=1)
    before = snapshot(g)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.sssp.update(g, dyng.EdgeBatch(insert=([0], [2], [[5, 0]])), tree)
    assert snapshot(g) == before
    assert tree.distances.tolist() == [0, 1, 2]


@pytest.mark.parametrize(
    ("semantics", "batch"),
    [
        (
            dyng.BatchSemantics(on_missing_delete="error"),
            dyng.EdgeBatch(insert=([3], [0], [[1]]), delete=([0, 3], [1, 1])),
        ),
        (
            dyng.BatchSemantics(on_existing_insert="error"),
            dyng.EdgeBatch(insert=([3, 0], [0, 1], [[1], [1]])),
        ),
        (
            dyng.BatchSemantics(on_self_loop="error"),
            dyng.EdgeBatch(insert=([1], [1], [[1]]), delete=([0], [1])),
        ),
        (
            dyng.BatchSemantics(allow_vertex_growth=False),
            dyng.EdgeBatch(insert=([3], [9], [[1]]), delete=([0], [1])),
        ),
    ],
)
def test_failed_update_by_the_semantics_changes_nothing(
    semantics: dyng.BatchSemantics, batch: dyng.EdgeBatch
) -> None:
    g = dyng.Graph.from_edges([0, 0, 1, 2], [1, 2, 2, 3], [4, 1, 1, 1], semantics=semantics)
    tree = dyng.sssp.compute(g, 0)
    d, p = tree.distances, tree.parents
    vd = np.asarray(d)
    before = snapshot(g)
    with pytest.raises(dyng.InvalidArgumentError):
        g.clone().apply(batch)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.sssp.update(g, batch, tree)
    assert snapshot(g) == before
    assert tree.distances.tolist() == [0, 4, 1, 2]
    assert tree.parents.tolist() == [-1, 0, 0, 2]
    assert vd.tolist() == [0, 4, 1, 2]
    assert_stale(d)
    assert_stale(p)


def test_copy_policy_always_keeps_views() -> None:
    r = dyng.Resources.sequential()
    r.copy_policy = "always"
    g = dyng.Graph.from_edges([0, 1, 2], [1, 2, 3], [1, 1, 1], resources=r)
    tree = dyng.sssp.compute(g, 0)
    kept: list[tuple[IntArray, list[int]]] = []
    for i in range(4):
        kept.append((np.asarray(tree.distances), tree.distances.tolist()))
        checked_update(g, dyng.EdgeBatch(insert=([0], [3 - i % 3], [[i + 1]])), tree)
        for v, values in kept:
            assert v.tolist() == values


def test_dlpack_views_outlive_their_result() -> None:
    # The arrays are lent without a copy (ADR 0016). A NumPy view or a
    # memoryview keeps its Array, and so the result, alive; a DLPack
    # consumer holds only the memory, so when the result goes, the arrays
    # those views show must stay (freed, they would be reused below, or
    # fail under ASan).
    g = small_weighted()
    tree = dyng.sssp.compute(g, 0)
    distances, parents = np.from_dlpack(tree.distances), np.from_dlpack(tree.parents)
    del tree
    gc.collect()
    # New results of the same size take the memory a freed result gave back.
    other = dyng.Graph.from_edges([0, 0, 0], [1, 2, 3], [9, 9, 9])
    churn = [dyng.sssp.compute(other, 0) for _ in range(8)]
    assert distances.tolist() == [0, 4, 1, 2]
    assert parents.tolist() == [-1, 0, 0, 2]
    assert all(t.distances.tolist() == [0, 9, 9, 9] for t in churn)


def test_views_keep_their_state_through_a_recomputation_and_growth() -> None:
    # A fallback recomputes into the work arrays and swaps them in; a batch
    # past the arrays' room moves them: views made before keep their state.
    g = dyng.Graph.from_edges(list(range(19)), list(range(1, 20)), [1] * 19)
    tree = dyng.sssp.compute(g, 0, fallback_fraction=0.0)
    before = np.asarray(tree.distances)
    stats = dyng.sssp.update(g, dyng.EdgeBatch(delete=([0], [1])), tree)
    assert stats.fallback_used
    after_fallback = np.asarray(tree.parents)
    dyng.sssp.update(g, dyng.EdgeBatch(insert=([0], [10_000], [[1]])), tree)
    assert before.tolist() == list(range(20))
    assert after_fallback.tolist() == [-1] * 20
    assert tree.distances[10_000] == 1
    assert len(tree.parents) == 10_001
    assert_matches_oracle(g, tree, 0)


def test_a_refused_update_leaves_the_other_results_views_alone() -> None:
    # Refused for a stale result, an update must not grow the arrays of the
    # current results listed before it, which their views may show.
    g = small_weighted()
    current, stale = dyng.sssp.compute(g, 0), dyng.sssp.compute(g, 0)
    dyng.sssp.update(g, dyng.EdgeBatch(delete=([2], [3])), current)
    view = np.asarray(current.distances)
    grows = dyng.EdgeBatch(insert=([0], [5_000], [[1]]))
    with pytest.raises(dyng.StaleResultError):
        dyng.update(g, grows, current, stale)
    churn = [np.arange(64) + i for i in range(64)]
    assert view.tolist() == [0, 4, 1, INF]
    assert current.distances.tolist() == [0, 4, 1, INF]
    assert len(churn) == 64
    dyng.update(g, grows, current)
    assert view.tolist() == [0, 4, 1, INF]
    assert_matches_oracle(g, current, 0)


# ---- 5. errors ---------------------------------------------------------------------------


def test_source_out_of_range() -> None:
    g = small_weighted()
    for s in (-1, 4, 2**40):
        with pytest.raises(dyng.InvalidArgumentError):
            dyng.sssp.compute(g, s)
    with pytest.raises(dyng.InvalidArgumentError, match="the graph has no vertices"):
        dyng.sssp.compute(dyng.Graph.from_edges([], []), 0)
    with pytest.raises(dyng.InvalidArgumentError, match=r"accepted: 0\.\.3\)"):
        dyng.sssp.compute(g, 4)
    assert dyng.sssp.compute(g, 3).source == 3


def test_objective_out_of_range() -> None:
    g = small_weighted()  # one column
    for objective in (1, 2, -1):
        with pytest.raises(dyng.InvalidArgumentError):
            dyng.sssp.compute(g, 0, objective=objective)
    u = dyng.Graph.from_edges([0], [1])
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.sssp.compute(u, 0, objective=1)
    assert dyng.sssp.compute(u, 0, objective=0).distances.tolist() == [0, 1]


@pytest.mark.parametrize("fraction", [-0.1, 1.5, math.nan])
def test_fallback_fraction_out_of_range(fraction: float) -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.sssp.compute(small_weighted(), 0, fallback_fraction=fraction)
    with pytest.raises(dyng.InvalidArgumentError, match="fallback_max_fraction is"):
        dyng.sssp.compute(small_weighted(), 0, fallback_max_fraction=fraction)


@pytest.mark.parametrize("bad", [0, -1])
def test_graph_weight_below_one(bad: int) -> None:
    g = dyng.Graph.from_edges([0, 1], [1, 2], [1, bad])
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.sssp.compute(g, 0)
    h = dyng.Graph.from_edges([0, 1], [1, 2], [[1, bad], [1, 1]])
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.sssp.compute(h, 0, objective=1)


@pytest.mark.parametrize("bad", [0, -1])
def test_unreachable_weight_below_one_is_refused_by_compute(bad: int) -> None:
    # "Weights must be at least 1": the edge (2, 3) is not reachable from 0 yet, but a
    # later update can reach it, and the repair then adds up its weight
    g = dyng.Graph.from_edges([0, 2], [1, 3], [1, bad], num_vertices=4)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.sssp.compute(g, 0)


@pytest.mark.parametrize("bad", [0, -1])
def test_unreachable_weight_below_one_is_refused_by_from_arrays(bad: int) -> None:
    g = dyng.Graph.from_edges([0, 2], [1, 3], [1, bad], num_vertices=4)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.sssp.Result.from_arrays(g, 0, [0, 1, INF, INF], [-1, 0, -1, -1])


@pytest.mark.parametrize("fraction", FRACTIONS)
def test_update_never_gives_a_tree_that_compute_refuses(fraction: float) -> None:
    g = dyng.Graph.from_edges([0, 2], [1, 3], [1, 0], num_vertices=4)
    try:
        tree = dyng.sssp.compute(g, 0, fallback_fraction=fraction)
    except dyng.InvalidArgumentError:
        return  # refused up front: the contract holds
    batch = dyng.EdgeBatch(insert=([1], [2], [[1]]))
    try:
        dyng.sssp.update(g, batch, tree)
    except dyng.InvalidArgumentError:
        return
    # accepted: then it must be what a recomputation gives
    fresh = dyng.sssp.compute(g, 0, fallback_fraction=fraction)
    assert tree_bytes(fresh) == tree_bytes(tree)


def test_unknown_keyword_and_bad_options() -> None:
    g = small_weighted()
    with pytest.raises(TypeError, match="objectiv"):
        dyng.sssp.compute(g, 0, objectiv=0)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        dyng.sssp.compute(g, 0, options={"objective": 0})  # type: ignore[arg-type]
    tree = dyng.sssp.compute(g, 0)
    with pytest.raises(TypeError):
        dyng.sssp.Result.from_arrays(  # type: ignore[call-arg]
            g, 0, tree.distances.to_numpy(), tree.parents.to_numpy(), validate=False
        )


def test_wrong_argument_types() -> None:
    g = small_weighted()
    tree = dyng.sssp.compute(g, 0)
    batch = dyng.EdgeBatch(insert=([0], [3], [[1]]))
    before = snapshot(g)
    with pytest.raises(TypeError):
        dyng.sssp.compute("graph", 0)  # type: ignore[arg-type]
    with pytest.raises(dyng.InvalidArgumentError, match="source must be an integer, got None"):
        dyng.sssp.compute(g, None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        dyng.sssp.update(g, ([0], [3]), tree)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        dyng.sssp.update(g, batch, tree.distances)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        dyng.sssp.update(tree, batch, tree)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        dyng.sssp.update(g, batch, dyng.testing.degrees(g))  # type: ignore[arg-type]
    assert snapshot(g) == before
    assert tree.distances.tolist() == [0, 4, 1, 2]


def test_stale_result() -> None:
    g = small_weighted()
    tree = dyng.sssp.compute(g, 0)
    g.apply(dyng.EdgeBatch(insert=([3], [0], [[1]])))
    before = snapshot(g)
    with pytest.raises(dyng.StaleResultError):
        dyng.sssp.update(g, dyng.EdgeBatch(delete=([0], [1])), tree)
    assert snapshot(g) == before
    assert tree.graph_version == 0


def test_result_of_another_graph_is_stale() -> None:
    g = small_weighted()
    h = small_weighted()
    tree = dyng.sssp.compute(g, 0)
    before = snapshot(h)
    with pytest.raises(dyng.StaleResultError):
        dyng.sssp.update(h, dyng.EdgeBatch(delete=([0], [1])), tree)
    assert snapshot(h) == before


def test_result_cannot_be_made_or_pickled() -> None:
    with pytest.raises(TypeError):
        dyng.sssp.Result()
    tree = dyng.sssp.compute(small_weighted(), 0)
    with pytest.raises(TypeError):
        pickle.dumps(tree)
    assert "Result" in repr(tree)


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, dyng.sssp.Result.clone])
def test_copies_are_independent(how: Callable[[dyng.sssp.Result], dyng.sssp.Result]) -> None:
    g = small_weighted()
    tree = dyng.sssp.compute(g, 0, fallback_fraction=1.0)
    other = how(tree)
    assert other is not tree
    assert isinstance(other, dyng.sssp.Result)
    assert tree_bytes(other) == tree_bytes(tree)
    assert other.options == tree.options
    assert other.source == tree.source and other.graph_version == tree.graph_version
    g2 = g.clone()
    batch = dyng.EdgeBatch(insert=([0], [1], [[1]]), delete=([0], [2]))
    dyng.sssp.update(g, batch, tree)
    assert tree.distances.tolist() == [0, 1, 2, 3]
    assert other.distances.tolist() == [0, 4, 1, 2]  # the copy did not move
    assert other.parents.tolist() == [-1, 0, 0, 2]
    with pytest.raises(dyng.StaleResultError):
        dyng.sssp.update(g, dyng.EdgeBatch(delete=([0], [1])), other)
    # the copy belongs to the old state: a clone of the graph takes it on
    dyng.sssp.update(g2, batch, other)
    assert tree_bytes(other) == tree_bytes(tree)


def test_options_are_a_copy() -> None:
    g = small_weighted()
    tree = dyng.sssp.compute(
        g, 0, fallback_fraction=0.25, validate_inputs=False, fallback_max_fraction=0.75
    )
    o = tree.options
    assert o == dyng.sssp.Options(
        objective=0, fallback_fraction=0.25, validate_inputs=False, fallback_max_fraction=0.75
    )
    assert dyng.sssp.Options().fallback_max_fraction == 0.5
    o.objective = 5
    assert tree.options.objective == 0


# ---- 6. Result.from_arrays -----------------------------------------------------------------


@given(sssp_graphs(min_vertices=1), st.data())
def test_from_arrays_of_a_computed_tree_then_updates(case: Case, data: st.DataObject) -> None:
    g = case.graph
    objective = data.draw(st.integers(0, max(g.num_weights - 1, 0)))
    source = data.draw(st.integers(0, g.num_vertices - 1))
    tree = dyng.sssp.compute(g, source, objective=objective)
    dl = tree.distances.tolist()
    pl = tree.parents.tolist()
    for d, p in ((tree.distances.to_numpy(), tree.parents.to_numpy()), (dl, pl)):
        r = dyng.sssp.Result.from_arrays(g, source, d, p, objective=objective)
        assert r.source == source
        assert r.graph_version == g.version
        assert r.options.objective == objective
        assert tree_bytes(r) == tree_bytes(tree)
    r = dyng.sssp.Result.from_arrays(g, source, dl, pl, objective=objective)
    for _ in range(data.draw(st.integers(1, 3))):
        batch = data.draw(dyng.testing.edge_batches(g, max_weight=case.max_weight))
        checked_update(g, batch, r)


def tie_graph() -> dyng.Graph:
    # 3 is reached at 2 through 1 and through 2: canonical parent 1
    return dyng.Graph.from_edges([0, 0, 1, 2], [1, 2, 3, 3], [1, 1, 1, 1])


def test_from_arrays_non_canonical_parent() -> None:
    g = tie_graph()
    d, p = [0, 1, 1, 2], [-1, 0, 0, 2]
    with pytest.raises(dyng.InvalidArgumentError, match="3"):
        dyng.sssp.Result.from_arrays(g, 0, d, p)
    r = dyng.sssp.Result.from_arrays(g, 0, d, p, validate_inputs=False)
    assert r.parents.tolist() == p
    assert r.options.validate_inputs is False
    r2 = dyng.sssp.Result.from_arrays(g, 0, d, p, options=dyng.sssp.Options(validate_inputs=False))
    assert r2.parents.tolist() == p
    canonical = dyng.sssp.Result.from_arrays(g, 0, d, [-1, 0, 0, 1])
    assert tree_bytes(canonical) == tree_bytes(dyng.sssp.compute(g, 0))


def test_a_loose_import_is_recomputed_by_its_first_update() -> None:
    # A repair keeps the parents the batch does not touch: vertex 3's tie
    # parent 2 would stay. The loose tree's first update recomputes instead
    # (so does a clone's), and from then on updates repair compute's tree.
    g = tie_graph()
    r = dyng.sssp.Result.from_arrays(
        g, 0, [0, 1, 1, 2], [-1, 0, 0, 2], validate_inputs=False, fallback_fraction=1.0
    )
    twin, c = g.clone(), r.clone()
    grow = dyng.EdgeBatch(insert=([1], [4], [5]))
    assert dyng.sssp.update(g, grow, r).fallback_used
    assert tree_bytes(r) == tree_bytes(dyng.sssp.compute(g, 0))
    assert dyng.sssp.update(twin, grow, c).fallback_used
    assert tree_bytes(c) == tree_bytes(dyng.sssp.compute(twin, 0))
    st = dyng.sssp.update(g, dyng.EdgeBatch(delete=([1], [4])), r)
    assert not st.fallback_used
    assert tree_bytes(r) == tree_bytes(dyng.sssp.compute(g, 0))
    # a canonical tree imported without the check is repaired as usual
    r = dyng.sssp.Result.from_arrays(
        g, 0, [0, 1, 1, 2, INF], [-1, 0, 0, 1, -1], validate_inputs=False, fallback_fraction=1.0
    )
    assert not dyng.sssp.update(g, grow, r).fallback_used


@pytest.mark.parametrize("validate", [True, False])
@pytest.mark.parametrize(
    ("distances", "parents"),
    [
        ([0, 1, 1, 3], [-1, 0, 0, 1]),  # parent edge not tight
        ([0, 1, 1, 2], [-1, 0, 0, 0]),  # no edge (0, 3)
        ([0, 1, 1, 2], [-1, 0, 0, 7]),  # parent out of range
        ([0, 1, 2, 2], [-1, 0, 1, 1]),  # no edge (1, 2)
        ([0, 1, 1, INF], [-1, 0, 0, -1]),  # an edge improves 3
        ([0, 1, 1, 5], [-1, 0, 0, -1]),  # unreachable with a finite distance
        ([0, 1, INF, INF], [-1, 0, -1, -1]),  # 0 -> 2 improves 2
        ([1, 2, 2, 3], [-1, 0, 0, 1]),  # the source's distance
        ([0, 1, 1, 2], [3, 0, 0, 1]),  # the source's parent
        ([0, 1, 1], [-1, 0, 0]),  # too short
        ([0, 1, 1, 2, INF], [-1, 0, 0, 1, -1]),  # too long
        ([0, 1, 1, 2], [-1, 0, 0]),  # lengths differ
    ],
)
def test_from_arrays_rejects(distances: list[int], parents: list[int], validate: bool) -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.sssp.Result.from_arrays(tie_graph(), 0, distances, parents, validate_inputs=validate)


def test_from_arrays_source_out_of_range() -> None:
    g = tie_graph()
    for s in (-1, 4):
        with pytest.raises(dyng.InvalidArgumentError):
            dyng.sssp.Result.from_arrays(g, s, [0, 1, 1, 2], [-1, 0, 0, 1])


def test_from_arrays_then_count_to_infinity() -> None:
    g = trap_with_way_back()
    tree = dyng.sssp.compute(g, 0)
    r = dyng.sssp.Result.from_arrays(
        g, 0, tree.distances.to_numpy(), tree.parents.to_numpy(), fallback_fraction=1.0
    )
    stats = dyng.sssp.update(g, dyng.EdgeBatch(delete=([0], [1])), r)
    assert not stats.fallback_used
    assert r.distances.tolist() == [0, 16, 15, 16, 5, 10, INF]
    assert r.parents.tolist() == [-1, 2, 5, 2, 0, 4, -1]


# ---- 7. path_to --------------------------------------------------------------------------


@given(sssp_graphs(min_vertices=1), st.data())
def test_path_to_walks_the_parents(case: Case, data: st.DataObject) -> None:
    g = case.graph
    objective = data.draw(st.integers(0, max(g.num_weights - 1, 0)))
    source = data.draw(st.integers(0, g.num_vertices - 1))
    tree = dyng.sssp.compute(g, source, objective=objective)
    d = tree.distances.tolist()
    p = tree.parents.tolist()
    rp, col, w = g.to_csr()
    cheapest: dict[tuple[int, int], int] = {}
    for u in range(g.num_vertices):
        for e in range(int(rp[u]), int(rp[u + 1])):
            wt = 1 if w is None else int(w[e, objective])
            key = (u, int(col[e]))
            cheapest[key] = min(cheapest.get(key, wt), wt)
    for v in range(g.num_vertices):
        path = tree.path_to(v)
        if d[v] == INF:
            assert path == []
            continue
        walk = [v]
        while walk[-1] != source:
            walk.append(p[walk[-1]])
        assert path == walk[::-1]
        assert path[0] == source and path[-1] == v
        assert len(set(path)) == len(path)
        assert sum(cheapest[e] for e in itertools.pairwise(path)) == d[v]
    for bad in (-1, g.num_vertices):
        with pytest.raises(dyng.InvalidArgumentError):
            tree.path_to(bad)


def test_path_to_by_hand() -> None:
    g = trap_with_way_back()
    tree = dyng.sssp.compute(g, 0)
    assert tree.path_to(0) == [0]
    assert tree.path_to(3) == [0, 1, 2, 3]
    assert tree.path_to(6) == []
    dyng.sssp.update(g, dyng.EdgeBatch(delete=([0], [1])), tree)
    assert tree.path_to(1) == [0, 4, 5, 2, 1]
    assert tree.path_to(3) == [0, 4, 5, 2, 3]
    with pytest.raises(dyng.InvalidArgumentError):
        tree.path_to(7)
    for bad in (3.0, 3.7, "3", True, None):
        with pytest.raises(dyng.InvalidArgumentError, match="vertex must be an integer"):
            tree.path_to(bad)  # type: ignore[arg-type]
    assert tree.path_to(np.int64(3)) == [0, 4, 5, 2, 3]  # type: ignore[arg-type]


# ---- 8. thread counts -----------------------------------------------------------------------


@pytest.mark.parametrize("engine", ["auto", "near_far"])
@pytest.mark.parametrize("directed", [True, False])
def test_one_and_two_threads_give_identical_trees(directed: bool, engine: str) -> None:
    if not dyng.config.config()["openmp"]:
        pytest.skip("this build has no OpenMP backend (DYNG_OPENMP=OFF)")
    rng = np.random.default_rng(99)
    n, m = 3000, 15000
    src = rng.integers(0, n, m, dtype=np.int32)
    dst = rng.integers(0, n, m, dtype=np.int32)
    w = rng.integers(1, 4, (m, 1), dtype=np.int32)
    graphs = [
        dyng.Graph.from_edges(src, dst, w, num_vertices=n, directed=directed, resources=r)
        for r in (dyng.Resources.sequential(), dyng.Resources.openmp(2))
    ]
    # auto runs Dijkstra on a graph this small; near_far runs the parallel
    # engine (and the parallel push in updates) on the second graph's 2 threads
    with dyng.profile() as prof:
        trees = [dyng.sssp.compute(h, 5, fallback_fraction=0.2, engine=engine) for h in graphs]
    want = "sssp.near_far" if engine == "near_far" else "sssp.dijkstra"
    assert prof.stages[want].calls == 2
    assert tree_bytes(trees[0]) == tree_bytes(trees[1])
    for s in (0, 1234):
        assert tree_bytes(dyng.sssp.compute(graphs[0], s, engine=engine)) == tree_bytes(
            dyng.sssp.compute(graphs[1], s, engine=engine)
        )
    for _ in range(8):
        parents = trees[0].parents.to_numpy()
        heads = np.flatnonzero(parents >= 0)
        pick = rng.choice(heads, 20)
        du = np.concatenate([parents[pick], rng.integers(0, n, 20)])
        dv = np.concatenate([pick, rng.integers(0, n, 20)])
        iu, iv = rng.integers(0, n + 3, 40), rng.integers(0, n + 3, 40)
        iw = rng.integers(1, 4, (40, 1), dtype=np.int32)
        batch = dyng.EdgeBatch(insert=(iu, iv, iw), delete=(du, dv))
        stats = [dyng.sssp.update(h, batch, t) for h, t in zip(graphs, trees, strict=True)]
        assert stats[0].apply == stats[1].apply
        assert stats[0].affected == stats[1].affected
        assert tree_bytes(trees[0]) == tree_bytes(trees[1])
    assert_matches_oracle(graphs[1], trees[1], 0)


# ---- 9. Python threads --------------------------------------------------------------------


def random_batches(seed: int, n: int, count: int, size: int) -> list[dyng.EdgeBatch]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        iu = rng.integers(0, n + 2, size)
        iv = rng.integers(0, n + 2, size)
        w = rng.integers(1, 20, (size, 1), dtype=np.int32)
        du = rng.integers(0, n, size)
        dv = rng.integers(0, n, size)
        out.append(dyng.EdgeBatch(insert=(iu, iv, w), delete=(du, dv)))
    return out


def random_graph(seed: int, n: int, m: int) -> dyng.Graph:
    rng = np.random.default_rng(seed)
    return dyng.Graph.from_edges(
        rng.integers(0, n, m, dtype=np.int32),
        rng.integers(0, n, m, dtype=np.int32),
        rng.integers(1, 20, (m, 1), dtype=np.int32),
        num_vertices=n,
    )


def test_python_threads_update_their_own_trees_and_read_a_shared_one() -> None:
    workers = 4
    count = 30
    shared = random_graph(1, 300, 1500)
    shared_tree = dyng.sssp.compute(shared, 0)
    shared_bytes = tree_bytes(shared_tree)
    shared_before = snapshot(shared)
    own = [random_graph(10 + i, 200, 1000) for i in range(workers)]
    replay = [g.clone() for g in own]
    batches = [random_batches(100 + i, 200, count, 20) for i in range(workers)]
    seen: list[list[tuple[bytes, bytes]]] = [[] for _ in range(workers)]
    stats_seen: list[list[dyng.sssp.Stats]] = [[] for _ in range(workers)]
    done = threading.Event()

    def worker(i: int) -> Callable[[], None]:
        def run() -> None:
            g = own[i]
            tree = dyng.sssp.compute(g, i, fallback_fraction=0.3)
            for b in batches[i]:
                stats_seen[i].append(dyng.sssp.update(g, b, tree))
                seen[i].append(tree_bytes(tree))

        return run

    def reader() -> None:
        reads = 0
        while not done.is_set() or reads < 5:
            assert tree_bytes(shared_tree) == shared_bytes
            assert np.asarray(shared_tree.distances).tobytes() == shared_bytes[0]
            assert shared_tree.parents.to_numpy().tobytes() == shared_bytes[1]
            assert tree_bytes(dyng.sssp.compute(shared, 0)) == shared_bytes
            reads += 1

    def workers_then_done() -> Callable[[], None]:
        fs = [worker(i) for i in range(workers)]

        def run_all() -> None:
            try:
                run_threads(fs)
            finally:
                done.set()

        return run_all

    run_threads([workers_then_done(), reader])
    assert snapshot(shared) == shared_before
    for i in range(workers):
        g = replay[i]
        tree = dyng.sssp.compute(g, i, fallback_fraction=0.3)
        for j, b in enumerate(batches[i]):
            assert dyng.sssp.update(g, b, tree) == stats_seen[i][j]
            assert tree_bytes(tree) == seen[i][j]
        assert contents(g) == contents(own[i])
        assert_matches_oracle(own[i], dyng.sssp.compute(own[i], i), 0)
        assert tree_bytes(dyng.sssp.compute(own[i], i)) == seen[i][-1]


# ---- 10. the registry -------------------------------------------------------------------


def test_registry_lists_sssp() -> None:
    names = [a.name for a in dyng.algorithms()]
    assert "sssp" in names
    info = next(a for a in dyng.algorithms() if a.name == "sssp")
    assert "sequential" in info.backends
    assert "Khanda" in dyng.citation("sssp")
    assert "Khanda" in info.citation
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.citation("no-such-algorithm")


# ---- profiler stages inside the calls ------------------------------------------------------


def path_graph(n: int) -> dyng.Graph:
    src = np.arange(n - 1, dtype=np.int32)
    return dyng.Graph.from_edges(src, src + 1, np.ones(n - 1, dtype=np.int32), num_vertices=n)


def test_profile_records_the_stages_of_compute_and_update() -> None:
    g = path_graph(50)
    with dyng.profile() as prof:
        tree = dyng.sssp.compute(g, 0, engine="dijkstra")
        # A tie with a lower parent id: vertex 2 changes its parent from 1 to 0,
        # nothing else moves (a repair, not a recomputation).
        dyng.sssp.update(g, dyng.EdgeBatch(insert=([0], [2], [2])), tree)
    stages = prof.stages
    assert stages["sssp.compute"].calls == 1 and not stages["sssp.compute"].inner
    assert stages["sssp.dijkstra"].calls == 1 and stages["sssp.dijkstra"].inner
    assert stages["update"].calls == 1 and not stages["update"].inner
    for inner in ("update.apply", "sssp.invalidate", "sssp.pull", "sssp.push"):
        assert stages[inner].calls == 1, inner
        assert stages[inner].inner, inner
        assert stages[inner].total_ns <= stages["update"].total_ns, inner
    assert "sssp.recompute" not in stages
    assert prof.total_ns == stages["sssp.compute"].total_ns + stages["update"].total_ns
    assert prof.to_dict()["sssp.push"]["inner"] is True
    assert tree.parents.to_numpy()[2] == 0


def test_profile_records_a_fallback_and_the_near_far_engine() -> None:
    g = path_graph(50)
    tree = dyng.sssp.compute(g, 0)
    with dyng.profile() as prof:
        dyng.sssp.update(g, dyng.EdgeBatch(delete=([10], [11])), tree)
        dyng.sssp.compute(g, 0, engine="near_far")
    # Deleting the tree edge 10 -> 11 invalidates the subtree 11..49, more
    # than the fallback fraction: a recomputation.
    assert prof.stages["sssp.recompute"].calls == 1
    assert "sssp.push" not in prof.stages
    assert prof.stages["sssp.near_far"].calls == 1


def grid_graph(side: int, resources: dyng.Resources, seed: int) -> dyng.Graph:
    """An undirected side x side grid with weights 1..100 (a road-like graph)."""
    rng = np.random.default_rng(seed)
    ids = np.arange(side * side, dtype=np.int64).reshape(side, side)
    src = np.concatenate([ids[:, :-1].ravel(), ids[:-1, :].ravel()])
    dst = np.concatenate([ids[:, 1:].ravel(), ids[1:, :].ravel()])
    w = rng.integers(1, 101, len(src), dtype=np.int32)
    return dyng.Graph.from_edges(
        src, dst, w, num_vertices=side * side, directed=False, resources=resources
    )


def expanding_graph(n: int, resources: dyng.Resources, seed: int) -> dyng.Graph:
    """A directed random graph with 4 out-edges a vertex on average and weights
    1..100 (frontiers that grow fast, degrees that are not skewed)."""
    return dyng.generators.erdos_renyi(n, 4 * n, seed=seed, weights=(1, 100), resources=resources)


@pytest.mark.parametrize(
    ("make", "threads", "engines"),
    [
        # A road-like graph of 2^17 vertices or more: its frontier stays
        # narrow, and Dijkstra runs to the end.
        (lambda r: grid_graph(363, r, seed=363), 2, ["sssp.dijkstra"]),
        # A random graph: the frontier test, then near-far from the start.
        (lambda r: expanding_graph(140_000, r, seed=1), 2, ["sssp.dijkstra", "sssp.near_far"]),
        (lambda r: expanding_graph(140_000, r, seed=1), 1, ["sssp.dijkstra"]),
        # Below 2^17 vertices there is no test.
        (lambda r: expanding_graph(130_000, r, seed=1), 2, ["sssp.dijkstra"]),
    ],
)
def test_auto_tests_the_frontier_on_several_threads(
    make: Callable[[dyng.Resources], dyng.Graph], threads: int, engines: list[str]
) -> None:
    """auto on several threads and 2^17 vertices or more: Dijkstra, which
    starts near-far over once 2,048 vertices are settled if its queue is as
    long (the grid's is a few hundred entries, a random graph's thousands);
    the repair's fallback follows the compute's choice. The bytes are
    Dijkstra's either way."""
    from dyng._backend import native

    if threads > 1 and not native.openmp_available():
        pytest.skip("this build has no OpenMP backend")
    res = dyng.Resources.openmp(threads) if threads > 1 else dyng.Resources.sequential()
    g = make(res)
    with dyng.profile() as prof:
        tree = dyng.sssp.compute(g, 0)
    assert sorted(k for k in prof.stages if k in ("sssp.dijkstra", "sssp.near_far")) == engines
    want = dyng.sssp.compute(g, 0, engine="dijkstra")
    assert tree.distances.tolist() == want.distances.tolist()
    assert tree.parents.tolist() == want.parents.tolist()
    # Deleting the source's edges cuts it off from everything: the update
    # falls back and recomputes.
    rp, col, _ = g.to_csr()
    targets = col[rp[0] : rp[1]].astype(np.int64)
    batch = dyng.EdgeBatch(delete=(np.zeros(len(targets), dtype=np.int64), targets))
    stats = dyng.sssp.update(g, batch, tree)
    assert stats.fallback_used
    fresh = dyng.sssp.compute(g, 0, engine="dijkstra")
    assert tree.distances.tolist() == fresh.distances.tolist()
    assert tree.parents.tolist() == fresh.parents.tolist()


def test_no_stages_are_recorded_without_a_profiler() -> None:
    g = path_graph(10)
    tree = dyng.sssp.compute(g, 0)
    dyng.sssp.update(g, dyng.EdgeBatch(insert=([0], [2], [1])), tree)
    with dyng.profile() as prof:
        pass
    assert prof.stages == {}


# ---- the mirror is made on first read ------------------------------------------------------


@given(data=st.data())
def test_arrays_read_late_or_never_match_a_recomputation(data: st.DataObject) -> None:
    # A slot gets its buffer on its first read; updates patch only the slots
    # that have one. Read each array at a random point of a stream (or never
    # until the end), and compare with a recomputation.
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    n = 30
    src = rng.integers(0, n, 80).astype(np.int32)
    dst = rng.integers(0, n, 80).astype(np.int32)
    w = rng.integers(1, 5, 80).astype(np.int32)
    g = dyng.Graph.from_edges(src, dst, w, num_vertices=n)
    tree = dyng.sssp.compute(g, 0, fallback_fraction=1.0)
    read_d = data.draw(st.integers(0, 4))  # the step at which each is first read
    read_p = data.draw(st.integers(0, 4))
    kept: list[tuple[dyng.Array, bytes]] = []
    for step in range(4):
        if step == read_d:
            kept.append((tree.distances, tree.distances.to_numpy().tobytes()))
        if step == read_p:
            kept.append((tree.parents, tree.parents.to_numpy().tobytes()))
        s, d, _ = g.edges()
        pick = rng.integers(0, len(s), 3)
        ins = rng.integers(0, n + 2, (2, 3)).astype(np.int32)  # may grow the graph
        dyng.sssp.update(
            g,
            dyng.EdgeBatch(
                insert=(ins[0], ins[1], rng.integers(1, 5, 3).astype(np.int32)),
                delete=(s[pick], d[pick]),
            ),
            tree,
        )
    fresh = dyng.sssp.compute(g, 0)
    assert tree.distances.to_numpy().tobytes() == fresh.distances.to_numpy().tobytes()
    assert tree.parents.to_numpy().tobytes() == fresh.parents.to_numpy().tobytes()
    for array, _ in kept:  # read before an update: stale now
        with pytest.raises(dyng.errors.StaleResultError):
            array.to_numpy()
    clone = tree.clone()
    assert clone.parents.to_numpy().tobytes() == fresh.parents.to_numpy().tobytes()


def test_distances_as_float_matches_csgraph() -> None:
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    g = dyng.Graph.from_edges(
        np.array([0, 1, 3], np.int32),
        np.array([1, 2, 4], np.int32),
        [4, 2**31 - 1, 1],
        num_vertices=6,
    )
    tree = dyng.sssp.compute(g, 0)
    got = tree.distances_as_float()
    assert got.dtype == np.float64 and got.tolist() == [0.0, 4.0, 4.0 + 2**31 - 1] + [np.inf] * 3
    want = csgraph.dijkstra(dyng.interop.to_scipy(g), indices=0)
    assert np.array_equal(got, want)
    got[0] = 7.0  # a copy: the tree is unchanged
    assert tree.distances.to_numpy()[0] == 0
