"""Native calls that read an object while another thread changes it see one whole state.

Each kind of call that reads a graph or a result must see the object as it was before a change
or as it is after it, never a part of a change: the object's lock sees to that (python/_core,
ADR 0003 and ADR 0013). The kinds: a short read of one row, an in-row found by reading every
row, the bulk reads (degrees, has_edges, edge_weights), the clones of a graph and of results,
the computes, the import of a tree, and the file writers. Each test pairs one writer with
readers of one kind, on objects large enough for a change to take a while and made so that any
part of a change shows: rows whose weights a batch all sets anew, a path whose distances all
move, triangles whose closing edges a batch all deletes or puts back, chords that make rows grow
and move while the path's tree stays valid. A reader of each kind has a thread of its own: a
thread that also made a locked call would wait for each change to end, and its unlocked reads
would then fall between the changes. Every call made without its lock is caught here on every
run (the ``py-*-unlocked`` and ``py-short-read-skips-lock`` checks of scripts/mutation.py),
where the free-running threads of test_threads.py and test_stress_threads.py catch some of them
now and then, or never.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import dyng
from helpers import run_threads


def race(
    write: Callable[[dyng.EdgeBatch], object],
    batches: list[dyng.EdgeBatch],
    *reads: Callable[[], None],
) -> None:
    """Pass the batches to ``write`` on one thread while each read runs in a loop on a thread of
    its own, until the last batch is written; re-raise the first error."""
    done = threading.Event()

    def writer() -> None:
        try:
            for b in batches:
                write(b)
        finally:
            done.set()

    def loop(read: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            while not done.is_set():
                read()

        return run

    run_threads([writer, *(loop(r) for r in reads)])


def path(n: int) -> tuple[dyng.Graph, npt.NDArray[np.int32]]:
    """The undirected path 0 - 1 - ... - (n - 1), every edge weighing 1, and its first ends."""
    src = np.arange(n - 1, dtype=np.int32)
    g = dyng.Graph.from_edges(
        src, src + 1, np.ones(n - 1, dtype=np.int32), num_vertices=n, directed=False
    )
    return g, src


def triangles(k: int) -> tuple[dyng.Graph, npt.NDArray[np.int32]]:
    """k directed triangles (3i, 3i + 1, 3i + 2) weighing 1, and their first vertices."""
    a = np.arange(k, dtype=np.int32) * 3
    g = dyng.Graph.from_edges(
        np.concatenate([a, a + 1, a + 2]),
        np.concatenate([a + 1, a + 2, a]),
        np.ones(3 * k, dtype=np.int32),
        num_vertices=3 * k,
    )
    return g, a


def closings(a: npt.NDArray[np.int32], count: int) -> list[dyng.EdgeBatch]:
    """Batches that delete the triangles' closing edges and put them back (weighing 7) by turns:
    after an odd number of them the closing edges are gone."""
    return [
        dyng.EdgeBatch(delete=(a + 2, a))
        if j % 2 == 0
        else dyng.EdgeBatch(insert=(a + 2, a, np.full(len(a), 7, dtype=np.int32)))
        for j in range(count)
    ]


def test_short_reads_see_whole_rows_while_another_thread_upserts() -> None:
    # Two rows of 30,000 entries whose weights every batch sets anew (upserts,
    # so the rows are rewritten where they are). A row read holds the GIL
    # (ADR 0013) while the apply runs without it, so only the graph's lock
    # keeps a read from landing in the middle of a rewrite: a row read whole
    # has one weight throughout.
    hubs, width, count = 2, 30_000, 30
    targets = np.arange(hubs, hubs + width, dtype=np.int32)
    src = np.repeat(np.arange(hubs, dtype=np.int32), width)
    dst = np.tile(targets, hubs)
    g = dyng.Graph.from_edges(
        src, dst, np.ones(len(src), dtype=np.int32), num_vertices=hubs + width, directed=True
    )
    batches = [
        dyng.EdgeBatch(insert=(src, dst, np.full(len(src), j + 2, dtype=np.int32)))
        for j in range(count)
    ]
    reads = [0]

    def read() -> None:
        for v in range(hubs):
            ids, w = g.row(v)
            assert w is not None
            assert np.array_equal(ids, targets)
            low, high = int(w.min()), int(w.max())
            assert low == high, f"row {v} read with weights {low} to {high}"
            assert g.degree(v) == width
            reads[0] += 1

    race(g.apply, batches, read, read)
    assert reads[0] > 0
    _, w = g.row(0)
    assert w is not None and set(w[:, 0].tolist()) == {count + 1}


def test_result_clones_are_whole_trees_while_another_thread_updates() -> None:
    # A path of 100,000 vertices whose first edge weighs 1 and 2 in turn: each
    # update moves every distance past it, and writes the whole tree while the
    # GIL is released. A clone taken meanwhile must be the tree of the version
    # it says, never a mixture of two.
    count = 24
    g, _ = path(100_000)
    batches = [
        dyng.EdgeBatch(insert=([0], [1], np.array([2 - j % 2], dtype=np.int32)))
        for j in range(count)
    ]
    tree = dyng.sssp.compute(g, 0)
    r, t = g.clone(), tree.clone()
    states = {0: (t.distances.to_numpy().tobytes(), t.parents.to_numpy().tobytes())}
    for j, b in enumerate(batches):
        dyng.sssp.update(r, b, t)
        states[j + 1] = (t.distances.to_numpy().tobytes(), t.parents.to_numpy().tobytes())
    assert states[1] != states[2]
    clones = [0]

    def read() -> None:
        c = tree.clone()
        seen = (c.distances.to_numpy().tobytes(), c.parents.to_numpy().tobytes())
        assert seen == states[c.graph_version], f"a clone of version {c.graph_version}"
        clones[0] += 1

    race(lambda b: dyng.sssp.update(g, b, tree), batches, read)
    assert clones[0] > 0
    assert tree.graph_version == count


def test_computes_see_whole_states_while_another_thread_applies() -> None:
    # A path of 100,000 vertices whose every edge weighs 2, then 1, then 2 ...
    # by turns: each batch rewrites every weight while the GIL is released. A
    # tree computed meanwhile must be the tree of one state, the one its
    # graph_version names: every distance v times that state's weight.
    n, count = 100_000, 16
    g, src = path(n)
    batches = [
        dyng.EdgeBatch(insert=(src, src + 1, np.full(n - 1, 2 - j % 2, dtype=np.int32)))
        for j in range(count)
    ]
    expected = np.arange(n, dtype=np.int64)
    computes = [0]

    def read() -> None:
        t = dyng.sssp.compute(g, 0)
        version = t.graph_version
        weight = 1 if version == 0 else 2 - (version - 1) % 2
        assert np.array_equal(t.distances.to_numpy(), expected * weight), version
        computes[0] += 1

    race(g.apply, batches, read)
    assert computes[0] > 0
    assert g.version == count


def test_cycle_counts_see_whole_states_while_another_thread_applies() -> None:
    # 30,000 directed triangles whose closing edges the batches delete and
    # put back by turns: a count made meanwhile is 30,000 or 0 triangles, as
    # the version it names says, never a part of them.
    k, count = 30_000, 30
    g, a = triangles(k)
    computes = [0]

    def read() -> None:
        h = dyng.cycle_count.compute(g, max_length=3)
        version = h.graph_version
        assert h.count(3) == (k if version % 2 == 0 else 0), version
        computes[0] += 1

    race(g.apply, closings(a, count), read)
    assert computes[0] > 0
    assert g.version == count


def test_bulk_reads_see_whole_states_while_another_thread_applies() -> None:
    # 30,000 triangles whose closing edges the batches delete and put back
    # (weighing 7) by turns. degrees, has_edges and edge_weights read all of
    # them in one call each, under the graph's lock: each read sees the
    # closing edges all there or all gone, never a part of the batch.
    k, count = 30_000, 30
    g, a = triangles(k)
    reads = [0, 0, 0]

    def read_degrees() -> None:
        x = g.degrees()[a + 2]
        assert x.min() == x.max() and int(x[0]) in (0, 1), "out-degrees"
        reads[0] += 1

    def read_has_edges() -> None:
        f = g.has_edges(a + 2, a)
        assert f.all() or not f.any(), "has_edges"
        reads[1] += 1

    def read_weights() -> None:
        w = g.edge_weights(a + 2, a, default=-1)
        assert w.min() == w.max() and int(w[0, 0]) in (-1, 1, 7), "edge_weights"
        reads[2] += 1

    race(g.apply, closings(a, count), read_degrees, read_has_edges, read_weights)
    assert min(reads) > 0
    assert g.version == count


def test_cycle_count_clones_are_whole_while_another_thread_updates() -> None:
    # Each update deletes or puts back every triangle: a clone made meanwhile
    # holds all of them or none, as the version it names says.
    k, count = 30_000, 30
    g, a = triangles(k)
    hist = dyng.cycle_count.compute(g, max_length=3)
    clones = [0]

    def read() -> None:
        c = hist.clone()
        version = c.graph_version
        assert c.count(3) == (k if version % 2 == 0 else 0), version
        clones[0] += 1

    race(lambda b: dyng.cycle_count.update(g, b, hist), closings(a, count), read)
    assert clones[0] > 0
    assert hist.count(3) == k


@pytest.mark.parametrize("fmt", ["matrix_market", "edge_list", "csr_triplet"])
def test_files_written_while_another_thread_applies_hold_whole_states(
    fmt: str, tmp_path: Path
) -> None:
    # A file written while batches delete and put back every closing edge
    # holds all of them or none, with one weight.
    k, count = 20_000, 40
    g, a = triangles(k)

    def write_and_read(path: Path) -> tuple[npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any]]:
        if fmt == "matrix_market":
            dyng.io.write_matrix_market(path, g)
            m = dyng.io.read_matrix_market_arrays(path)
            assert m.weights is not None
            return m.src, m.dst, m.weights.reshape(-1)
        if fmt == "edge_list":
            dyng.io.write_edge_list(path, g)
            e = dyng.io.read_edge_list_arrays(path, weights=1)
            assert e.weights is not None
            return e.src, e.dst, e.weights.reshape(-1)
        dyng.io.write_csr_triplet(str(path), g)
        src, dst, w = dyng.io.read_csr_triplet(str(path)).edges()
        assert w is not None
        return src, dst, w.reshape(-1)

    files = [0, 0]

    def reader(i: int) -> Callable[[], None]:
        def read() -> None:
            src, dst, w = write_and_read(tmp_path / f"g{i}_{files[i]}")
            closing = src % 3 == 2
            assert int(closing.sum()) in (0, k), int(closing.sum())
            assert len(src) == 2 * k + int(closing.sum())
            assert np.array_equal(dst[closing], src[closing] - 2)
            assert len(set(w[closing].tolist())) <= 1
            files[i] += 1

        return read

    race(g.apply, closings(a, count), reader(0), reader(1))
    assert min(files) > 0


def test_trees_imported_while_another_thread_applies_are_checked_on_whole_states() -> None:
    # A path of 100,000 vertices, and batches that put chords (i, i + 2)
    # weighing 100 on it and take them off by turns: rows grow, move and
    # shrink, but the path's tree stays the shortest-path tree of every
    # state. Its import, which checks it edge by edge against the graph, must
    # take it every time, whatever the batches are doing.
    n, count = 100_000, 30
    g, _ = path(n)
    u = np.arange(0, n - 2, 2, dtype=np.int32)
    heavy = np.full(len(u), 100, dtype=np.int32)
    batches = [
        dyng.EdgeBatch(insert=(u, u + 2, heavy))
        if j % 2 == 0
        else dyng.EdgeBatch(delete=(u, u + 2))
        for j in range(count)
    ]
    distances = np.arange(n, dtype=np.int64)
    parents = np.arange(-1, n - 1, dtype=np.int64)
    imports = [0]

    def read() -> None:
        t = dyng.sssp.Result.from_arrays(g, 0, distances, parents)
        assert np.array_equal(t.distances.to_numpy(), distances)
        imports[0] += 1

    race(g.apply, batches, read)
    assert imports[0] > 0


def test_in_rows_found_by_a_scan_are_whole_while_another_thread_upserts() -> None:
    # A directed graph that stores no in-edges finds an in-row by reading
    # every row, with the GIL released. 30,000 edges into vertex 0, whose
    # weights every batch sets anew: the in-row read whole has one weight.
    width, count = 30_000, 30
    sources = np.arange(1, width + 1, dtype=np.int32)
    hub = np.zeros(width, dtype=np.int32)
    g = dyng.Graph.from_edges(
        sources,
        hub,
        np.ones(width, dtype=np.int32),
        num_vertices=width + 1,
        directed=True,
        store_transposed=False,
    )
    batches = [
        dyng.EdgeBatch(insert=(sources, hub, np.full(width, j + 2, dtype=np.int32)))
        for j in range(count)
    ]
    reads = [0]

    def read() -> None:
        ids, w = g.row(0, transposed=True)
        assert w is not None
        assert np.array_equal(np.sort(ids), sources)
        low, high = int(w.min()), int(w.max())
        assert low == high, f"the in-row read with weights {low} to {high}"
        reads[0] += 1

    race(g.apply, batches, read)
    assert reads[0] > 0
    _, w = g.row(0, transposed=True)
    assert w is not None and set(w[:, 0].tolist()) == {count + 1}
