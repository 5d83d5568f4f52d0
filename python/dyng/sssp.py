"""Single-source shortest paths: canonical trees, computed and repaired.

``tree = dyng.sssp.compute(g, source=0)`` gives the shortest-path tree of a
source; ``dyng.sssp.update(g, batch, tree)`` applies a batch to the graph and
repairs the tree from the part of the graph the batch touched. The tree is
canonical (the parent of ``v`` is its lowest-id in-neighbour ``u`` with
``dist[u] + w(u, v) == dist[v]``), so an update gives exactly the bytes a
recomputation gives.

Weights are one column of the graph's weights (``objective``), each at least
1; an unweighted graph counts 1 per edge. Distances are int64, with
:data:`INFINITE_DISTANCE` (``2**61 - 1``) for unreachable vertices, whose
parent is -1 like the source's.

The update is the corrected template of Khanda, Srinivasan, Bhowmick, Norris
and Das (IEEE TPDS 33(4), 2022): invalidate the subtrees below deleted or
weight-increased tree edges, pull from in-neighbours, push decreases to a fixed
point. When more than ``fallback_fraction`` of the vertices is invalidated or
touched it recomputes instead (``Stats.fallback_used``); so it does, unless
``fallback_fraction`` is 1, for a batch of more changes than a quarter of the
vertices plus 4 per vertex the tree reaches, whose reading would cost more than
the recomputation (a source that deletions have cut off).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._convert import natural_ids, to_ids
from dyng._graph import Graph
from dyng._summary import ApplySummary
from dyng.errors import InvalidArgumentError

if TYPE_CHECKING:
    from dyng import _core
    from dyng._array import Array

__all__ = ["INFINITE_DISTANCE", "Options", "Result", "Stats", "compute", "update"]

#: The distance of an unreachable vertex: ``2**61 - 1``.
INFINITE_DISTANCE: int = 2**61 - 1


@dataclass
class Options:
    """Options of :func:`compute` (fields are only ever appended).

    Attributes
    ----------
    objective : int
        The weight column the distances add up (0 .. ``num_weights - 1``; 0 on
        an unweighted graph).
    fallback_fraction : float
        An update recomputes when more than this fraction of the vertices is
        invalidated, or touched by the repair (0: whenever a vertex is; 1:
        never). The default 0.03 keeps an update within about 1.1x of a
        recomputation however much a batch changes.
    validate_inputs : bool
        :meth:`Result.from_arrays` also checks that every parent is the
        lowest-id tight in-neighbour. A tree accepted without that check whose
        parents are not all the lowest-id ones is recomputed by its first
        update (``Stats.fallback_used``), so that updates give :func:`compute`'s
        bytes from then on.
    engine : str
        The compute engine: ``"auto"`` (near-far with more than one thread,
        at least 65,536 edges and a mean degree of 8 or more, skewed degrees
        or 131,072 vertices or more; Dijkstra otherwise, as on smaller road
        networks), ``"dijkstra"`` (sequential), ``"near_far"`` (parallel
        delta-stepping with per-thread buckets).
        An update's push and its fallback recomputation follow it: with
        ``"near_far"`` the push runs near-far on the graph's threads; with
        ``"auto"`` it does so where a compute would, once the repair has 4,096
        vertices or more to push from, and runs one thread's radix heap
        otherwise. Every engine and thread count gives the same bytes.
    delta : int
        The near-far step: how far the distance threshold moves each time the
        frontier runs dry (0: chosen from a sample of the rows, a sixteenth of
        the mean weight on graphs with skewed degrees, twice the mean weight
        otherwise).
    """

    objective: int = 0
    fallback_fraction: float = 0.03
    validate_inputs: bool = True
    engine: str = "auto"
    delta: int = 0


@dataclass(frozen=True)
class Stats:
    """What an update did.

    Attributes
    ----------
    affected : int
        Vertices whose distance or parent changed.
    iterations : int
        Vertices taken from the push queue (the vertex count after a fallback).
    fallback_used : bool
        The tree was recomputed.
    converged : bool
        Always True: the push runs to a fixed point, with no iteration cap.
    apply : ApplySummary
        What the batch did to the graph.
    invalidated : int
        Vertices invalidated with their subtrees (when that walk passes the
        fallback limit it stops there, and this is the count so far).
    pushes : int
        Vertices put on the push queue.
    """

    affected: int
    iterations: int
    fallback_used: bool
    converged: bool
    apply: ApplySummary
    invalidated: int
    pushes: int


def _native_int(value: object, what: str, lo: int, hi: int) -> int:
    """``value`` as an int, checked to lie in the native type's range ``lo .. hi``.

    Within that range the native module checks the value against the graph
    and names it; past it the conversion would raise a bare ``OverflowError``.
    """
    if isinstance(value, bool | np.bool_):
        raise TypeError(f"{what} must be an integer, got {value!r}")
    try:
        k = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be an integer, got {value!r}") from None
    if not lo <= k <= hi:
        raise InvalidArgumentError(f"{what} is {k}; accepted: {lo} .. {hi} at most")
    return k


def _native_args(o: Options, source: object) -> tuple[int, int, int]:
    """(source, objective, delta), each within its native type."""
    return (
        _native_int(source, "source", -(2**63), 2**63 - 1),
        _native_int(o.objective, "objective", -(2**31), 2**31 - 1),
        _native_int(o.delta, "delta", -(2**63), 2**63 - 1),
    )


def _vertex_values(values: npt.ArrayLike, what: str) -> npt.NDArray[np.int64]:
    """One int64 per vertex: integers only (no float truncation, no uint64 wrap)."""
    a = natural_ids(values, what)
    return np.ascontiguousarray(to_ids(a, "int64", what, noun="value"))


def _options(options: Options | None, overrides: dict[str, Any]) -> Options:
    known = {f.name for f in fields(Options)}
    unknown = sorted(set(overrides) - known)
    if unknown:
        raise TypeError(
            f"unknown sssp option(s) {', '.join(unknown)}; "
            f"the options are {', '.join(sorted(known))}"
        )
    base = Options() if options is None else options
    if not isinstance(base, Options):
        raise TypeError(f"options must be a dyng.sssp.Options, got {type(base).__name__}")
    return replace(base, **overrides)


class Result:
    """A shortest-path tree of one source, for one state of a graph.

    Make one with :func:`compute` or :meth:`from_arrays`; keep it current with
    :func:`update`. Its arrays are :class:`dyng.Array` objects of the current
    state: after an update they raise :class:`dyng.errors.StaleResultError`,
    while views taken from them before keep their values. Copies
    (``copy.copy``, ``copy.deepcopy``) are :meth:`clone`; pickling raises
    TypeError (pickle ``distances.to_numpy()`` and ``parents.to_numpy()`` and
    use :meth:`from_arrays`).
    """

    __slots__ = ("_r",)

    _r: _core.SsspResult

    def __init__(self) -> None:
        raise TypeError("use dyng.sssp.compute(graph, source) or Result.from_arrays(...)")

    @classmethod
    def _wrap(cls, handle: _core.SsspResult) -> Result:
        r = cls.__new__(cls)
        r._r = handle
        return r

    @classmethod
    def from_arrays(
        cls,
        graph: Graph,
        source: int,
        distances: npt.ArrayLike,
        parents: npt.ArrayLike,
        *,
        options: Options | None = None,
        **keywords: Any,
    ) -> Result:
        """Make a result from arrays, checked against the graph.

        Parameters
        ----------
        graph : Graph
            The graph the tree belongs to (its current state).
        source : int
            The source vertex.
        distances, parents : array_like
            One int64 entry per vertex: :data:`INFINITE_DISTANCE` and -1 for
            unreachable vertices, 0 and -1 for the source.
        options : Options, optional
            As for :func:`compute`; keywords override its fields.

        Returns
        -------
        Result

        Raises
        ------
        InvalidArgumentError
            When the arrays are not a shortest-path tree of ``graph`` (a
            distance an edge improves, a parent edge that is missing or not
            tight, or, with ``validate_inputs``, a parent that is not the
            lowest-id tight in-neighbour); the message names the vertex.
        """
        o = _options(options, keywords)
        src, objective, delta = _native_args(o, source)
        d = _vertex_values(distances, "distances")
        p = _vertex_values(parents, "parents")
        return cls._wrap(
            native.sssp_from_arrays(
                graph._g,
                src,
                d,
                p,
                objective,
                float(o.fallback_fraction),
                bool(o.validate_inputs),
                str(o.engine),
                delta,
            )
        )

    @property
    def source(self) -> int:
        """int: the source vertex."""
        return self._r.source

    @property
    def distances(self) -> Array:
        """dyng.Array: the distance of every vertex (int64) in the current state."""
        return self._r.distances  # type: ignore[return-value]

    @property
    def parents(self) -> Array:
        """dyng.Array: the parent of every vertex (int64; -1 for the source and unreachable)."""
        return self._r.parents  # type: ignore[return-value]

    @property
    def num_vertices(self) -> int:
        """int: the number of entries (the graph's vertices)."""
        return self._r.num_vertices

    @property
    def graph_version(self) -> int:
        """int: the version of the graph state the tree belongs to."""
        return self._r.graph_version

    @property
    def options(self) -> Options:
        """Options: the options the tree was made with (a copy)."""
        return Options(
            objective=self._r.objective,
            fallback_fraction=self._r.fallback_fraction,
            validate_inputs=self._r.validate_inputs,
            engine=self._r.engine,
            delta=self._r.delta,
        )

    def clone(self) -> Result:
        """Return a deep copy (its own arrays, the same graph state)."""
        return Result._wrap(self._r.clone())

    def path_to(self, vertex: int) -> list[int]:
        """Return the tree path from the source to ``vertex``.

        Parameters
        ----------
        vertex : int
            A vertex of the graph.

        Returns
        -------
        list of int
            ``[source, ..., vertex]``, or ``[]`` when ``vertex`` is unreachable.

        Raises
        ------
        TypeError
            For a vertex that is not an integer (a float, a string, a bool).
        InvalidArgumentError
            For a vertex out of range.
        """
        parents = self._r.parents
        n = len(parents)
        v = _native_int(vertex, "vertex", -(2**63), 2**63 - 1)
        if not 0 <= v < n:
            raise InvalidArgumentError(f"vertex {v} is not in 0..{n - 1}")
        p = np.asarray(parents)
        if v != self.source and p[v] < 0:
            return []
        path = [v]
        while path[-1] != self.source:
            path.append(int(p[path[-1]]))
        path.reverse()
        return path

    def __copy__(self) -> Result:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Result:
        return self.clone()

    def __reduce__(self) -> Any:
        raise TypeError(
            "a dyng.sssp.Result belongs to one state of a graph and is not pickled; pickle "
            "distances.to_numpy() and parents.to_numpy() and rebuild it with "
            "Result.from_arrays(graph, source, distances, parents)"
        )

    def __repr__(self) -> str:
        return (
            f"dyng.sssp.Result(source={self.source}, num_vertices={self.num_vertices}, "
            f"graph_version={self.graph_version})"
        )


def compute(
    graph: Graph, source: int = 0, *, options: Options | None = None, **keywords: Any
) -> Result:
    """Compute the canonical shortest-path tree of ``source``.

    Parameters
    ----------
    graph : Graph
        The graph (never changed).
    source : int, optional
        The source vertex (default 0).
    options : Options, optional
        The options; keywords (``objective=``, ``fallback_fraction=``,
        ``validate_inputs=``, ``engine=``, ``delta=``) override its fields.

    Returns
    -------
    Result

    Raises
    ------
    InvalidArgumentError
        For a source out of range, an objective past the weight columns, or a
        weight below 1 anywhere in the objective's column.
    TypeError
        For an unknown keyword.
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    o = _options(options, keywords)
    src, objective, delta = _native_args(o, source)
    return Result._wrap(
        native.sssp_compute(
            graph._g,
            src,
            objective,
            float(o.fallback_fraction),
            bool(o.validate_inputs),
            str(o.engine),
            delta,
        )
    )


def update(graph: Graph, batch: EdgeBatch, result: Result) -> Stats:
    """Apply ``batch`` to ``graph`` and repair ``result``, in one call.

    Parameters
    ----------
    graph : Graph
        The graph; the batch is applied to it under its batch semantics.
    batch : EdgeBatch
        The changes.
    result : Result
        A tree of the graph's current state; repaired in place.

    Returns
    -------
    Stats

    Raises
    ------
    StaleResultError
        When ``result`` belongs to another state of ``graph``.
    InvalidArgumentError
        For what :meth:`Graph.apply` refuses, or an inserted weight below 1.

    Notes
    -----
    Everything that can fail is checked before the graph changes, so a failed
    update leaves graph and tree as they were (its old Arrays are retired all
    the same, except when the tree was refused as stale: that leaves it
    untouched). The interrupt flag and Ctrl-C are honoured until the batch is
    applied; the repair after that runs to its end.
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    if not isinstance(batch, EdgeBatch):
        raise TypeError(f"expected a dyng.EdgeBatch, got {type(batch).__name__}")
    if not isinstance(result, Result):
        raise TypeError(f"expected a dyng.sssp.Result, got {type(result).__name__}")
    (t,) = native.update(graph._g, batch._native(graph.num_weights), (result._r,))
    return _stats(t)


def _stats(t: _core._SsspStats) -> Stats:
    """The Stats of a native stats tuple."""
    return Stats(
        affected=t[12],
        iterations=t[13],
        fallback_used=t[16],
        converged=t[17],
        apply=ApplySummary.from_native(t[:12]),
        invalidated=t[14],
        pushes=t[15],
    )
