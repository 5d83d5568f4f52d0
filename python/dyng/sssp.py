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
point. When more than ``fallback_fraction`` of the vertices is invalidated it
recomputes instead (``Stats.fallback_used``); after batches that touched more,
the limit rises with them, up to ``fallback_max_fraction``; a push that has
begun goes on to the end (see :class:`Options`). It also recomputes, unless
``fallback_fraction`` is 1, a batch of more changes than a quarter of the
vertices plus 4 per vertex the tree reaches, whose reading would cost more than
the recomputation (a source that deletions have cut off).
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

import numpy as np
import numpy.typing as npt

from dyng._algorithms import SsspOptions as Options
from dyng._algorithms import SsspStats as Stats
from dyng._algorithms import sssp_stats as _stats
from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._convert import natural_ids, to_ids
from dyng._graph import Graph
from dyng._namespace import public_dir
from dyng._properties import check_bool, check_int, check_real, type_name
from dyng.errors import InvalidArgumentError

if TYPE_CHECKING:
    from dyng import _core
    from dyng._array import Array

__all__ = ["INFINITE_DISTANCE", "Options", "Result", "Stats", "compute", "update"]

#: The distance of an unreachable vertex: ``2**61 - 1``.
INFINITE_DISTANCE: int = 2**61 - 1


def _vertex_arg(value: object, what: str, n: int) -> int:
    """``value`` as a vertex of a graph of ``n`` vertices: an integer in ``0 .. n - 1``."""
    v = check_int(value, what)
    if n == 0:
        raise InvalidArgumentError(
            f"{what} is {v}; the graph has no vertices, so there is no {what} to take"
        )
    if not 0 <= v < n:
        raise InvalidArgumentError(
            f"{what} is {v}; the graph has {n} vertices (accepted: 0..{n - 1})"
        )
    return v


def _native_args(o: Options, source: object, graph: Graph) -> tuple[int, int, int]:
    """(source, objective, delta), each an integer within its native type.

    The options' other fields are checked by :func:`_flags`; the native module
    checks objective against the graph's weight columns.
    """
    # libdyng checks the source against the graph, under the graph's lock, with the same
    # message; the vertex count is read here only for a value past int64, which could not
    # reach it. (Reading it for every call would wait for a batch being applied on
    # another thread, and a check made before the call could not hold for it anyway.)
    src = check_int(source, "source")
    if not -(2**63) <= src < 2**63:
        src = _vertex_arg(src, "source", graph.num_vertices)
    objective = check_int(o.objective, "objective")
    if not 0 <= objective < 2**31:
        k = graph.num_weights
        raise InvalidArgumentError(
            f"objective is {objective}; the graph has {k} weight columns "
            f"(accepted: 0..{k - 1 if k > 0 else 0})"
        )
    delta = check_int(o.delta, "delta")
    if not 0 <= delta < 2**63:
        raise InvalidArgumentError(
            f"delta is {delta}; accepted: 0 (chosen from a sample of the rows' weights) or "
            "more, up to 2**63 - 1"
        )
    return src, objective, delta


def _flags(o: Options) -> tuple[float, float, bool, str]:
    """(fallback_fraction, fallback_max_fraction, validate_inputs, engine), checked:
    numbers, a bool and a string (no ``float("0.5")``, no ``bool("False")``).

    The native module checks the fractions' range and the engine's name (and
    that it is a string).
    """
    return (
        check_real(o.fallback_fraction, "fallback_fraction"),
        check_real(o.fallback_max_fraction, "fallback_max_fraction"),
        check_bool(o.validate_inputs, "validate_inputs"),
        o.engine,
    )


def _vertex_values(values: npt.ArrayLike, what: str) -> npt.NDArray[np.int64]:
    """One int64 per vertex: integers only (no float truncation, no uint64 wrap)."""
    a = natural_ids(values, what)
    return np.ascontiguousarray(to_ids(a, "int64", what, noun="value"))


class _Keywords(TypedDict, total=False):
    """The fields of :class:`Options` as keywords of :func:`compute` (for type checkers).

    NumPy scalars are accepted as their Python counterparts.
    """

    objective: int | np.integer[Any]
    fallback_fraction: float | np.floating[Any]
    validate_inputs: bool | np.bool_
    engine: str
    delta: int | np.integer[Any]
    fallback_max_fraction: float | np.floating[Any]


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
        raise TypeError(f"options must be a dyng.sssp.Options, got {type_name(base)}")
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
        **keywords: Unpack[_Keywords],
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
        KeyboardInterrupt
            When the graph's resources are interrupted (the check reads the
            whole graph).
        """
        if not isinstance(graph, Graph):
            raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
        o = _options(options, dict(keywords))
        src, objective, delta = _native_args(o, source, graph)
        fraction, max_fraction, validate, engine = _flags(o)
        d = _vertex_values(distances, "distances")
        p = _vertex_values(parents, "parents")
        return cls._wrap(
            native.sssp_from_arrays(
                graph._g, src, d, p, objective, fraction, max_fraction, validate, engine, delta
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
            fallback_max_fraction=self._r.fallback_max_fraction,
        )

    def distances_as_float(self) -> npt.NDArray[np.float64]:
        """Return the distances as float64, ``inf`` where a vertex is unreachable.

        What ``scipy.sparse.csgraph.dijkstra`` and igraph give, so that
        ``np.isinf``, ``mean()`` over the finite ones and comparisons with them
        work without :data:`INFINITE_DISTANCE`. Distances past ``2**53`` are
        rounded, as float64 rounds them.

        Returns
        -------
        numpy.ndarray
            A new float64 array of :attr:`num_vertices` entries.

        Examples
        --------
        >>> import dyng
        >>> g = dyng.Graph.from_edges([0, 1], [1, 0], [5, 5], num_vertices=3)
        >>> dyng.sssp.compute(g, 0).distances_as_float().tolist()
        [0.0, 5.0, inf]
        """
        d = self.distances.to_numpy()
        out = d.astype(np.float64)
        out[d == INFINITE_DISTANCE] = np.inf
        return out

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
        InvalidArgumentError
            For a vertex that is not an integer (a float, a string, a bool) or
            is out of range.
        """
        parents = self._r.parents
        v = _vertex_arg(vertex, "vertex", len(parents))
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
    graph: Graph, source: int = 0, *, options: Options | None = None, **keywords: Unpack[_Keywords]
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
        ``validate_inputs=``, ``engine=``, ``delta=``, ``fallback_max_fraction=``)
        override its fields.

    Returns
    -------
    Result

    Raises
    ------
    InvalidArgumentError
        For a source out of range, an objective past the weight columns, or a
        weight below 1 anywhere in the objective's column; for a source,
        objective or delta that is not an integer, a fraction that is not a
        number, or a ``validate_inputs`` that is not a bool.
    TypeError
        For an unknown keyword.
    KeyboardInterrupt
        When the graph's resources are interrupted (or on Ctrl-C).
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    o = _options(options, dict(keywords))
    src, objective, delta = _native_args(o, source, graph)
    fraction, max_fraction, validate, engine = _flags(o)
    return Result._wrap(
        native.sssp_compute(
            graph._g, src, objective, fraction, max_fraction, validate, engine, delta
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
        raise TypeError(f"expected a dyng.sssp.Result, got {type_name(result)}")
    (t,) = native.update(graph._g, batch._native(graph.num_weights), (result._r,))
    return _stats(t)


__dir__ = public_dir(globals(), __all__)
