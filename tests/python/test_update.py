"""dyng.update(graph, batch, *results): one apply, every result repaired, or nothing changed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dyng
from dyng import _core
from helpers import snapshot


def tree_bytes(t: dyng.sssp.Result) -> tuple[bytes, bytes]:
    return t.distances.to_numpy().tobytes(), t.parents.to_numpy().tobytes()


def road(n: int = 60, seed: int = 0) -> dyng.Graph:
    rng = np.random.default_rng(seed)
    m = 4 * n
    return dyng.Graph.from_edges(
        rng.integers(0, n, m), rng.integers(0, n, m), rng.integers(1, 6, (m, 2)), num_vertices=n
    )


def batch(g: dyng.Graph, rng: np.random.Generator, size: int = 12) -> dyng.EdgeBatch:
    src, dst, _ = g.edges()
    pick = rng.integers(0, len(src), size // 2)
    n = g.num_vertices
    k = size - size // 2
    return dyng.EdgeBatch(
        insert=(rng.integers(0, n + 2, k), rng.integers(0, n + 2, k), rng.integers(1, 6, (k, 2))),
        delete=(src[pick], dst[pick]),
    )


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_two_trees_one_apply_equal_recomputation(seed: int) -> None:
    rng = np.random.default_rng(seed)
    g = road(seed=seed)
    a = dyng.sssp.compute(g, 0)
    b = dyng.sssp.compute(g, 5, objective=1, fallback_fraction=1.0)
    for _ in range(5):
        version = g.version
        st_a, st_b = dyng.update(g, batch(g, rng), a, b)
        assert g.version == version + 1
        assert st_a.apply == st_b.apply and st_a.apply.version == g.version
        assert tree_bytes(a) == tree_bytes(dyng.sssp.compute(g, 0))
        assert tree_bytes(b) == tree_bytes(dyng.sssp.compute(g, 5, objective=1))


def test_refusals_change_nothing() -> None:
    rng = np.random.default_rng(1)
    g = road()
    a = dyng.sssp.compute(g, 0)
    stale = dyng.sssp.compute(g, 3)
    g.apply(batch(g, rng))  # the graph moves on without either tree
    a = dyng.sssp.compute(g, 0)
    view = np.asarray(a.distances)
    before = (g.to_csr()[1].tobytes(), g.version, tree_bytes(a))
    b = batch(g, rng)
    with pytest.raises(dyng.StaleResultError):
        dyng.update(g, b, a, stale)
    with pytest.raises(dyng.InvalidArgumentError, match="same result"):
        dyng.update(g, b, a, a)
    with pytest.raises(TypeError):
        dyng.update(g, b, a, "tree")  # type: ignore[call-overload]
    assert (g.to_csr()[1].tobytes(), g.version, tree_bytes(a)) == before
    assert a.distances.to_numpy().tobytes() == view.tobytes()  # still current: not retired
    (st_a,) = dyng.update(g, b, a)
    assert g.version == before[1] + 1 and st_a.apply.version == g.version
    assert np.array_equal(view, np.frombuffer(before[2][0], dtype=np.int64))  # copy-on-write


def test_no_results_is_an_apply() -> None:
    g = road()
    clone = g.clone()
    b = batch(g, np.random.default_rng(2))
    assert dyng.update(g, b) == ()
    clone.apply(b)
    assert [x.tobytes() for x in g.to_csr() if x is not None] == [
        x.tobytes() for x in clone.to_csr() if x is not None
    ]


@pytest.mark.parametrize("directed", [True, False])
def test_every_engine_gives_the_same_bytes(directed: bool) -> None:
    rng = np.random.default_rng(5)
    n, m = 5000, 60000
    g = dyng.Graph.from_edges(
        rng.integers(0, n, m),
        rng.integers(0, n, m),
        rng.integers(1, 4, m),
        num_vertices=n,
        directed=directed,
    )
    want = tree_bytes(dyng.sssp.compute(g, 3, engine="dijkstra"))
    for delta in (0, 1, 2, 1000):
        assert tree_bytes(dyng.sssp.compute(g, 3, engine="near_far", delta=delta)) == want
    assert tree_bytes(dyng.sssp.compute(g, 3)) == want
    with pytest.raises(dyng.InvalidArgumentError, match="engine"):
        dyng.sssp.compute(g, 3, engine="bogus")
    with pytest.raises(dyng.InvalidArgumentError, match="delta"):
        dyng.sssp.compute(g, 3, engine="near_far", delta=-1)


@pytest.mark.skipif(
    not hasattr(_core, "_testing_physical_memory"),
    reason="the extension was built without DYNG_TESTING_HOOKS (a wheel)",
)
def test_growth_past_the_machines_memory_is_refused(tmp_path: Path) -> None:
    """An id far past the others would grow the graph to more row records than the
    machine holds (written for every vertex, so the system would kill the process
    rather than an allocation fail): apply, sssp.update, dyng.update and the build
    refuse it with OutOfMemoryError, naming the insertion, and change nothing. The
    machine's memory is taken to be 1 MB here: 100,001 vertices take 1.8 MB of records
    in two directions, 50,001 take 0.9 MB."""
    before = _core._testing_physical_memory(1 << 20)
    try:
        g = dyng.Graph.from_edges([0, 1], [1, 2], np.array([2, 3], dtype=np.int32))
        tree = dyng.sssp.compute(g, 0)
        state = snapshot(g)
        far = dyng.EdgeBatch(insert=([0, 2], [1, 100_000], np.array([1, 1], dtype=np.int32)))
        for call in (
            lambda: g.apply(far),
            lambda: dyng.sssp.update(g, far, tree),
            lambda: dyng.update(g, far, tree),
        ):
            with pytest.raises(
                dyng.OutOfMemoryError,
                match=r"insertion 1 is \(2, 100000\): the graph would grow to 100001 vertices",
            ):
                call()
            assert snapshot(g) == state
            assert tree.distances.tolist() == [0, 2, 5]
        near = dyng.EdgeBatch(insert=([2], [50_000], np.array([1], dtype=np.int32)))
        stats = dyng.sssp.update(g, near, tree)
        assert stats.apply.num_vertices == 50_001 and tree.distances[50_000] == 6
        with pytest.raises(dyng.OutOfMemoryError, match="its largest id"):
            dyng.Graph.from_edges([0], [100_000])
        # A file whose size line announces them: the error names the file.
        mtx = tmp_path / "wide.mtx"
        mtx.write_text("%%MatrixMarket matrix coordinate pattern general\n200000 200000 1\n1 2\n")
        with pytest.raises(dyng.OutOfMemoryError, match=r"wide\.mtx:2:1: .* 200000 vertices"):
            dyng.io.read_matrix_market(mtx)
    finally:
        _core._testing_physical_memory(before)
