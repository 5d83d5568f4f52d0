"""Helpers for tests: oracles, a small result type and Hypothesis strategies.

:func:`dijkstra`, :func:`check_sssp_tree` and :func:`simple_cycles` are
pure-Python oracles, written from the definitions and sharing nothing with the
native code.

:class:`DegreeResult` keeps the degrees of a graph current through batches
(:func:`degrees`, :func:`update_degrees`); it exercises the result machinery
(versions, stale results, copy-on-write arrays) without an algorithm.

:func:`graphs` and :func:`edge_batches` are Hypothesis strategies. Hypothesis
is in the ``test`` extra, not a runtime dependency: it is imported when a
strategy is made, so ``import dyng.testing`` works without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._graph import Graph
from dyng._namespace import public_dir
from dyng._properties import BatchSemantics
from dyng._summary import ApplySummary

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

    from dyng import _core
    from dyng._array import Array

_NO_HYPOTHESIS = (
    "the dyng.testing strategies need Hypothesis; install it with pip install 'dyng[test]'"
)

__all__ = [
    "DegreeResult",
    "check_sssp_tree",
    "degrees",
    "dijkstra",
    "edge_batches",
    "graphs",
    "simple_cycles",
    "update_degrees",
]

_INF = 2**61 - 1


def _weighted_rows(graph: Graph, objective: int) -> list[list[tuple[int, int]]]:
    """Row u as [(v, w), ...] from the graph's CSR export, weights of one column."""
    row_ptr, col, weights = graph.to_csr()
    rp, cl = row_ptr.tolist(), col.tolist()
    ws = [1] * len(cl) if weights is None else weights[:, objective].tolist()
    return [[(cl[e], ws[e]) for e in range(rp[u], rp[u + 1])] for u in range(len(rp) - 1)]


def dijkstra(
    graph: Graph, source: int = 0, *, objective: int = 0
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The canonical shortest-path tree of ``source``, in pure Python (an oracle).

    Written from the definition, sharing nothing with the native code: Dijkstra
    with :mod:`heapq` over the graph's CSR export, then each parent as the
    lowest-id in-neighbour ``u`` with ``dist[u] + w(u, v) == dist[v]``.

    Parameters
    ----------
    graph : Graph
        The graph (weights of column ``objective``, or 1 when unweighted).
    source : int, optional
        The source vertex.
    objective : int, optional
        The weight column.

    Returns
    -------
    (distances, parents) : tuple of numpy.ndarray
        int64 arrays; ``2**61 - 1`` and -1 for unreachable vertices.
    """
    import heapq

    rows = _weighted_rows(graph, objective)
    n = len(rows)
    dist = [_INF] * n
    dist[source] = 0
    queue = [(0, source)]
    done = [False] * n
    while queue:
        d, u = heapq.heappop(queue)
        if done[u]:
            continue
        done[u] = True
        for v, w in rows[u]:
            if d + w < dist[v]:
                dist[v] = d + w
                heapq.heappush(queue, (d + w, v))
    parent = [-1] * n
    for u in range(n):
        if dist[u] == _INF:
            continue
        for v, w in rows[u]:
            if v != source and dist[u] + w == dist[v] and (parent[v] < 0 or u < parent[v]):
                parent[v] = u
    return np.array(dist, dtype=np.int64), np.array(parent, dtype=np.int64)


def check_sssp_tree(
    graph: Graph,
    source: int,
    distances: npt.ArrayLike,
    parents: npt.ArrayLike,
    *,
    objective: int = 0,
    canonical: bool = True,
) -> None:
    """Check that arrays are a shortest-path tree of ``graph``, in pure Python.

    Parameters
    ----------
    graph : Graph
        The graph.
    source : int
        The source vertex.
    distances, parents : array_like
        One entry per vertex.
    objective : int, optional
        The weight column.
    canonical : bool, optional
        Also check that every parent is the lowest-id tight in-neighbour.

    Raises
    ------
    AssertionError
        Naming the first vertex or edge that breaks the rules.
    """
    rows = _weighted_rows(graph, objective)
    d = [int(x) for x in np.asarray(distances).tolist()]
    p = [int(x) for x in np.asarray(parents).tolist()]
    n = len(rows)
    assert len(d) == n and len(p) == n, f"expected {n} entries, got {len(d)} and {len(p)}"
    assert 0 <= source < n, f"the source {source} is not in 0..{n - 1}"
    for v in range(n):
        assert -1 <= p[v] < n, f"vertex {v} has parent {p[v]}, not in -1..{n - 1}"
    assert d[source] == 0 and p[source] == -1, "the source needs distance 0 and parent -1"
    lowest = [-1] * n
    for u in range(n):
        if d[u] == _INF:
            continue
        for v, w in rows[u]:
            assert d[u] + w >= d[v], f"edge ({u}, {v}) improves vertex {v}: {d[u] + w} < {d[v]}"
            if v != source and d[u] + w == d[v] and (lowest[v] < 0 or u < lowest[v]):
                lowest[v] = u
    for v in range(n):
        if v == source:
            continue
        if p[v] == -1:
            assert d[v] == _INF, f"vertex {v} has no parent but distance {d[v]}"
            continue
        assert lowest[v] >= 0, f"vertex {v} has parent {p[v]} but no tight in-edge"
        tight = any(x == v and d[p[v]] + w == d[v] for x, w in rows[p[v]])
        assert tight, f"vertex {v}: the edge ({p[v]}, {v}) is missing or not tight"
        if canonical:
            assert p[v] == lowest[v], (
                f"vertex {v} has parent {p[v]}, the lowest tight is {lowest[v]}"
            )


def simple_cycles(graph: Graph, max_length: int = -1) -> dict[int, int]:
    """Count the simple cycles of a graph by length, by brute force (an oracle).

    Written from the definition, sharing nothing with the native code: the
    underlying simple graph of the graph's CSR export (self-loops dropped,
    parallel edges merged), then from every vertex ``s`` a depth-first search
    over the simple paths through vertices greater than ``s``, counting each
    path that closes back at ``s``. A directed cycle is found once (at its
    smallest vertex); an undirected one twice (once per direction), so those
    counts are halved, and the walks ``s -> v -> s`` over one undirected edge
    are not cycles.

    Parameters
    ----------
    graph : Graph
        The graph: directed cycles of length >= 2 on a directed graph,
        undirected cycles of length >= 3 (each once) on an undirected one.
    max_length : int, optional
        Count the cycles of length up to this (at least 2), or -1 (the
        default) for every length.

    Returns
    -------
    dict of int to int
        Length -> count for every length with a cycle, in length order
        (what :meth:`dyng.cycle_count.Result.to_dict` gives).

    Raises
    ------
    InvalidArgumentError
        For a ``max_length`` of 0, 1 or below -1.

    Notes
    -----
    Exponential in the cycle length: meant for graphs of a few dozen edges.
    """
    from dyng.errors import InvalidArgumentError

    bound = int(max_length)
    if bound != -1 and bound < 2:
        raise InvalidArgumentError(f"max_length is {bound}; accepted: -1 (no bound) or 2 and more")
    row_ptr, col, _ = graph.to_csr()
    rp, cl = row_ptr.tolist(), col.tolist()
    n = len(rp) - 1
    out: list[list[int]] = [
        sorted({cl[e] for e in range(rp[u], rp[u + 1]) if cl[e] != u}) for u in range(n)
    ]
    limit = n if bound < 0 else min(bound, n)
    directed = graph.directed
    found: dict[int, int] = {}
    on_path = [False] * n

    def walk(s: int, u: int, length: int) -> None:
        # u is the last vertex of a simple path s .. u with `length` edges.
        for v in out[u]:
            if v == s:
                closed = length + 1
                if directed or closed >= 3:
                    found[closed] = found.get(closed, 0) + 1
            elif v > s and not on_path[v] and length + 1 < limit:
                on_path[v] = True
                walk(s, v, length + 1)
                on_path[v] = False

    for s in range(n):
        on_path[s] = True
        walk(s, s, 0)
        on_path[s] = False
    if not directed:
        found = {k: c // 2 for k, c in found.items()}
    return {k: found[k] for k in sorted(found) if found[k]}


class DegreeResult:
    """The out-degrees (or in-degrees) of a graph, kept current by batches.

    Make one with :func:`degrees`; update it with :func:`update_degrees`.
    Copies (``copy.copy``, ``copy.deepcopy``) are :meth:`clone`; pickling
    raises TypeError (pickle ``result.degrees.to_numpy()``).
    """

    __slots__ = ("_r",)

    _r: _core.DegreeResult

    def __init__(self) -> None:
        raise TypeError("use dyng.testing.degrees(graph) to make a DegreeResult")

    @classmethod
    def _wrap(cls, handle: _core.DegreeResult) -> DegreeResult:
        r = cls.__new__(cls)
        r._r = handle
        return r

    @property
    def degrees(self) -> Array:
        """dyng.Array: the degree of every vertex (int64), of the current state."""
        return cast("Array", self._r.degrees)

    @property
    def transposed(self) -> bool:
        """bool: whether these are in-degrees."""
        return self._r.transposed

    @property
    def graph_version(self) -> int:
        """int: the version of the graph these degrees belong to."""
        return self._r.graph_version

    @property
    def graph_state_id(self) -> int:
        """int: the state id of the graph these degrees belong to."""
        return self._r.graph_state_id

    def clone(self) -> DegreeResult:
        """Return an independent copy (of the same graph state).

        Returns
        -------
        DegreeResult
            A new result.
        """
        return DegreeResult._wrap(self._r.clone())

    def __copy__(self) -> DegreeResult:
        """Return :meth:`clone`."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> DegreeResult:
        """Return :meth:`clone`."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Refuse pickling.

        Raises
        ------
        TypeError
            Always: pickle ``result.degrees.to_numpy()`` instead.
        """
        raise TypeError(
            "dyng.testing.DegreeResult cannot be pickled (it belongs to one graph state); "
            "pickle result.degrees.to_numpy() instead"
        )

    def __repr__(self) -> str:
        """Return the kind and the graph version."""
        kind = "in" if self.transposed else "out"
        return f"dyng.testing.DegreeResult({kind}-degrees, graph_version={self.graph_version})"


def degrees(graph: Graph, *, transposed: bool = False) -> DegreeResult:
    """Compute the degrees of every vertex.

    Parameters
    ----------
    graph : Graph
        The graph.
    transposed : bool, optional
        In-degrees instead of out-degrees.

    Returns
    -------
    DegreeResult
        The result, of the graph's current state.
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    return DegreeResult._wrap(native.degrees_compute(graph._g, bool(transposed)))


def update_degrees(graph: Graph, batch: EdgeBatch, result: DegreeResult) -> ApplySummary:
    """Apply a batch to a graph and bring a degree result along.

    Parameters
    ----------
    graph : Graph
        The graph; changed by the batch.
    batch : EdgeBatch
        The changes.
    result : DegreeResult
        A result of the graph's current state; updated in place (its earlier
        arrays become stale).

    Returns
    -------
    ApplySummary
        What the batch did.

    Raises
    ------
    StaleResultError
        When ``result`` does not belong to the graph's current state.
    InvalidArgumentError
        As for :meth:`Graph.apply`; nothing changes then.
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    if not isinstance(batch, EdgeBatch):
        raise TypeError(f"expected a dyng.EdgeBatch, got {type(batch).__name__}")
    if not isinstance(result, DegreeResult):
        raise TypeError(f"expected a dyng.testing.DegreeResult, got {type(result).__name__}")
    nb = batch._native(graph._props[4])
    return ApplySummary.from_native(native.degrees_update(graph._g, nb, result._r))


def graphs(
    *,
    min_vertices: int = 0,
    max_vertices: int = 12,
    max_edges: int = 40,
    directed: bool | None = None,
    num_weights: int | None = None,
    max_weight: int = 100,
    row_order: str | None = None,
    multi_edges: str | None = None,
    vertex_dtype: str = "int32",
    semantics: BatchSemantics | None = None,
) -> SearchStrategy[Graph]:
    """A Hypothesis strategy for small random graphs.

    Parameters
    ----------
    min_vertices, max_vertices : int, optional
        The vertex count range.
    max_edges : int, optional
        The most edges drawn (duplicates may merge).
    directed : bool, optional
        Fixed, or drawn when None.
    num_weights : int, optional
        Fixed, or drawn from 0..2 when None (1..2 for int64 ids).
    max_weight : int, optional
        Weights are drawn from ``1..max_weight``.
    row_order, multi_edges : str, optional
        Fixed, or drawn when None.
    vertex_dtype : {"int32", "int64"}, optional
        The id type (int64 needs weights).
    semantics : BatchSemantics, optional
        The graphs' batch semantics (default ``upsert_last_wins()``).

    Returns
    -------
    hypothesis.strategies.SearchStrategy
        Graphs.

    Raises
    ------
    ImportError
        When Hypothesis is not installed (``pip install 'dyng[test]'``).
    """
    try:
        from hypothesis import strategies as st
    except ImportError as e:
        raise ImportError(_NO_HYPOTHESIS) from e
    np_dtype = np.int64 if vertex_dtype == "int64" else np.int32
    min_k = 1 if vertex_dtype == "int64" else 0

    @st.composite
    def build(draw: DrawFn) -> Graph:
        n = draw(st.integers(min_vertices, max_vertices))
        m = draw(st.integers(0, max_edges)) if n > 0 else 0
        ids = st.lists(st.integers(0, max(n - 1, 0)), min_size=m, max_size=m)
        src = np.array(draw(ids), dtype=np_dtype)
        dst = np.array(draw(ids), dtype=np_dtype)
        k = num_weights if num_weights is not None else draw(st.integers(min_k, 2))
        weights = None
        if k > 0:
            flat = draw(st.lists(st.integers(1, max_weight), min_size=m * k, max_size=m * k))
            weights = np.array(flat, dtype=np.int32).reshape(m, k)
        return Graph.from_edges(
            src,
            dst,
            weights,
            num_vertices=n,
            directed=draw(st.booleans()) if directed is None else directed,
            row_order=draw(st.sampled_from(["sorted", "append"]))
            if row_order is None
            else row_order,
            multi_edges=(
                draw(st.sampled_from(["forbid", "allow"])) if multi_edges is None else multi_edges
            ),
            vertex_dtype=vertex_dtype,
            semantics=semantics,
        )

    return build()


def edge_batches(
    graph: Graph,
    *,
    max_insertions: int = 8,
    max_deletions: int = 8,
    new_vertices: int = 2,
    max_weight: int = 100,
) -> SearchStrategy[EdgeBatch]:
    """A Hypothesis strategy for batches that fit a graph.

    The graph is read when the strategy is made. Deletions mix existing edges
    with random pairs; insertions name vertices up to ``new_vertices`` past the
    graph's (when its semantics allow vertex growth) and carry the graph's
    number of weights.

    Parameters
    ----------
    graph : Graph
        The graph the batches are for.
    max_insertions, max_deletions : int, optional
        The most insertions and deletions per batch.
    new_vertices : int, optional
        How far past the vertex count ids may go.
    max_weight : int, optional
        Weights are drawn from ``1..max_weight``.

    Returns
    -------
    hypothesis.strategies.SearchStrategy
        Batches (id 0).

    Raises
    ------
    ImportError
        When Hypothesis is not installed (``pip install 'dyng[test]'``).
    """
    try:
        from hypothesis import strategies as st
    except ImportError as e:
        raise ImportError(_NO_HYPOTHESIS) from e
    n = graph.num_vertices
    k = graph.num_weights
    grow = graph.properties.semantics.allow_vertex_growth
    src, dst, _ = graph.edges()
    existing = list(zip(src.tolist(), dst.tolist(), strict=True))
    np_dtype = graph.vertex_dtype
    insert_hi = n - 1 + (new_vertices if grow else 0)
    delete_hi = max(n - 1, 0) + new_vertices

    @st.composite
    def build(draw: DrawFn) -> EdgeBatch:
        ni = draw(st.integers(0, max_insertions)) if insert_hi >= 0 else 0
        ins = [
            (draw(st.integers(0, insert_hi)), draw(st.integers(0, insert_hi))) for _ in range(ni)
        ]
        nd = draw(st.integers(0, max_deletions))
        random_pair = st.tuples(st.integers(0, delete_hi), st.integers(0, delete_hi))
        pair = st.one_of(st.sampled_from(existing), random_pair) if existing else random_pair
        dels = draw(st.lists(pair, min_size=nd, max_size=nd))
        insert: tuple[Any, ...] = (
            np.array([u for u, _ in ins], dtype=np_dtype),
            np.array([v for _, v in ins], dtype=np_dtype),
        )
        if k > 0:
            flat = draw(st.lists(st.integers(1, max_weight), min_size=ni * k, max_size=ni * k))
            insert = (*insert, np.array(flat, dtype=np.int32).reshape(ni, k))
        delete = (
            np.array([u for u, _ in dels], dtype=np_dtype),
            np.array([v for _, v in dels], dtype=np_dtype),
        )
        return EdgeBatch(insert=insert, delete=delete)

    return build()


__dir__ = public_dir(globals(), __all__)
