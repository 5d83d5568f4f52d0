"""Helpers shared by the tests: build dyng objects from the model's specs, compare."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

import dyng
from refmodel import BatchSpec, GraphSpec, Model, Semantics

IntArray = npt.NDArray[np.integer[Any]]


def dyng_semantics(s: Semantics) -> dyng.BatchSemantics:
    return dyng.BatchSemantics(
        on_existing_insert=s.on_existing_insert,
        on_missing_delete=s.on_missing_delete,
        on_self_loop=s.on_self_loop,
        deletions_first=s.deletions_first,
        allow_vertex_growth=s.allow_vertex_growth,
        as_sets=s.as_sets,
    )


def build_graph(
    spec: GraphSpec,
    semantics: Semantics | None = None,
    *,
    resources: dyng.Resources | None = None,
) -> dyng.Graph:
    src, dst, w = spec.arrays()
    return dyng.Graph.from_edges(
        src,
        dst,
        w,
        num_vertices=spec.n,
        directed=spec.directed,
        row_order=spec.order,
        multi_edges=spec.parallel_edges,
        store_transposed=spec.store_transposed,
        semantics=dyng_semantics(semantics) if semantics is not None else None,
        resources=resources,
    )


def make_batch(spec: BatchSpec, *, id: int = 0) -> dyng.EdgeBatch:
    return dyng.EdgeBatch(**spec.arrays(), id=id)


def weights_list(w: npt.NDArray[np.int32] | None, count: int, k: int) -> list[list[int]]:
    """The weights of an export as a list of rows (K == 0: empty rows), checking the shape."""
    if k == 0:
        assert w is None
        return [[] for _ in range(count)]
    assert w is not None
    assert w.dtype == np.int32
    assert w.shape == (count, k)
    return [[int(x) for x in row] for row in w.tolist()]


def ints(a: IntArray) -> list[int]:
    return [int(x) for x in a.tolist()]


def assert_graph_equals_model(g: dyng.Graph, m: Model) -> None:
    """Counts, both CSR exports, the edge export, degrees and the integrity check."""
    assert g.num_vertices == m.n
    assert g.num_edges == m.num_edges
    assert g.num_entries == m.num_entries
    assert g.num_weights == m.num_weights
    assert g.directed == m.directed
    assert g.weighted == (m.num_weights > 0)
    assert g.version == m.version
    for transposed in (False, True):
        rp, col, w = g.to_csr(transposed=transposed)
        erp, ecol, ew = m.csr(transposed)
        assert rp.dtype == g.edge_dtype
        assert col.dtype == g.vertex_dtype
        assert ints(rp) == erp, f"row_ptr (transposed={transposed})"
        assert ints(col) == ecol, f"col (transposed={transposed})"
        assert weights_list(w, len(ecol), m.num_weights) == ew, f"weights ({transposed=})"
    src, dst, w = g.edges()
    esrc, edst, ew = m.edges()
    assert src.dtype == g.vertex_dtype
    assert dst.dtype == g.vertex_dtype
    assert ints(src) == esrc
    assert ints(dst) == edst
    assert weights_list(w, len(esrc), m.num_weights) == ew
    out_deg = m.degrees(False)
    in_deg = m.degrees(True)
    for v in range(m.n):
        assert g.degree(v) == out_deg[v]
        assert g.degree(v, transposed=True) == in_deg[v]
    assert g.degrees().dtype == np.int64 and g.degrees().tolist() == out_deg
    assert g.degrees(transposed=True).tolist() == in_deg
    assert_rows_equal_model(g, m)
    g.check_integrity()


def assert_rows_equal_model(g: dyng.Graph, m: Model) -> None:
    """Graph.row, neighbors, has_edge and edge_weights of every vertex against the model's rows."""
    for transposed in (False, True):
        rp, col, wts = m.csr(transposed)
        for v in range(m.n):
            ids, w = g.row(v, transposed=transposed)
            assert ids.dtype == g.vertex_dtype
            assert ints(ids) == col[rp[v] : rp[v + 1]], f"row {v} ({transposed=})"
            assert weights_list(w, len(ids), m.num_weights) == wts[rp[v] : rp[v + 1]]
            assert ints(g.neighbors(v, transposed=transposed)) == ints(ids)
    rp, col, wts = m.csr(False)
    for u in range(m.n):
        targets = set(col[rp[u] : rp[u + 1]])
        for v in range(min(m.n + 2, 40)):  # ids past n have no edges
            assert g.has_edge(u, v) == (v in targets), f"has_edge({u}, {v})"
    # edge_weights of every entry and of absent pairs: the weights of the
    # row's first entry of each target (what an upsert rewrites), or default.
    if m.num_weights > 0:
        first: dict[tuple[int, int], list[int]] = {}
        qs: list[int] = []
        qd: list[int] = []
        for u in range(m.n):
            for i in range(rp[u], rp[u + 1]):
                first.setdefault((u, col[i]), list(wts[i]))
                qs += [u, u]
                qd += [col[i], (col[i] * 7 + 3) % (m.n + 2)]
        got = g.edge_weights(qs, qd, default=-5)
        assert got.shape == (len(qs), m.num_weights) and got.dtype == np.int32
        want = [first.get((u, v), [-5] * m.num_weights) for u, v in zip(qs, qd, strict=True)]
        assert got.tolist() == want


Snapshot = tuple[Any, ...]


def snapshot(g: dyng.Graph) -> Snapshot:
    """Everything observable about a graph's state, as bytes and numbers."""
    parts: list[Any] = [
        g.num_vertices,
        g.num_edges,
        g.num_entries,
        g.version,
        g.state_id,
        g.num_weights,
    ]
    for transposed in (False, True):
        rp, col, w = g.to_csr(transposed=transposed)
        parts += [rp.dtype.str, rp.tobytes(), col.dtype.str, col.tobytes()]
        parts.append(None if w is None else (w.shape, w.tobytes()))
    src, dst, w = g.edges()
    parts += [src.tobytes(), dst.tobytes(), None if w is None else w.tobytes()]
    return tuple(parts)


def check_csr_structure(row_ptr: IntArray, col: IntArray, n: int, *, sorted_rows: bool) -> None:
    """A CSR export that is consistent with itself."""
    assert row_ptr.ndim == 1
    assert len(row_ptr) == n + 1
    assert int(row_ptr[0]) == 0
    assert bool(np.all(np.diff(row_ptr) >= 0))
    assert int(row_ptr[-1]) == len(col)
    if len(col) > 0:
        assert int(col.min()) >= 0
        assert int(col.max()) < n
    if sorted_rows:
        for v in range(n):
            row = col[int(row_ptr[v]) : int(row_ptr[v + 1])]
            assert bool(np.all(np.diff(row) >= 0))


def run_threads(targets: list[Callable[[], None]]) -> None:
    """Start one thread per target together (a barrier), join them, re-raise the first error."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(targets))

    def wrap(f: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            try:
                barrier.wait()
                f()
            except BaseException as e:
                errors.append(e)

        return run

    threads = [threading.Thread(target=wrap(f), daemon=True) for f in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
        assert not t.is_alive()
    if errors:
        raise errors[0]
