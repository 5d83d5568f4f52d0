"""Exact cycle histograms: the number of simple cycles of each length, computed and repaired.

``hist = dyng.cycle_count.compute(g, max_length=6)`` counts the simple cycles of
``g`` by length, each once; ``dyng.cycle_count.update(g, batch, hist)`` (or
``dyng.update(g, batch, tree, hist)`` with other results) applies a batch and
keeps the counts exact, counting only the cycles through the edges the batch
changed instead of every cycle again.

What is counted, on the underlying simple graph (self-loops lie on no cycle,
parallel edges count once, weights are ignored):

- a directed graph: directed simple cycles of length >= 2 (``u -> v -> u`` is a
  2-cycle);
- an undirected graph: undirected simple cycles of length >= 3, each once (not
  once per direction).

Counts are exact (uint64), so every backend and thread count gives the same
histogram, and an update gives exactly what :func:`compute` gives on the new
graph. Compute is a Johnson-style search rooted at each cycle's smallest vertex,
bounded by ``max_length`` and parallel over the roots; with a bound past 6 (or
none) each search stays in one block of the graph (its biconnected components,
inside the strongly connected ones when directed), so that the chains and trees
between cycles cost about their size once, not once per root. An update counts the
cycles through the pairs the batch deletes on the graph before it, and those
through the pairs it inserts on the graph after it (each cycle at its
smallest-id changed pair), then adds the differences length by length. When
those searches would read more than half of what the last full count read (a
big batch), or pass that budget while they run (they stop there), it counts the
new graph afresh instead (``Stats.fallback_used``), so an update never costs much
more than a recount, at any bound. The research code it matches is
CycleEnumeration-GPU.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any, SupportsIndex, TypedDict, Unpack

import numpy as np
import numpy.typing as npt

from dyng._algorithms import CycleCountOptions as Options
from dyng._algorithms import CycleCountStats as Stats
from dyng._algorithms import cycle_count_stats as _stats
from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._graph import Graph
from dyng._namespace import public_dir
from dyng._properties import check_int, type_name
from dyng.errors import InvalidArgumentError

if TYPE_CHECKING:
    from dyng import _core
    from dyng._array import Array

__all__ = ["Options", "Result", "Stats", "compute", "update"]

_INT64_MAX = 2**63 - 1
_UINT64_MAX = 2**64 - 1


class _Keywords(TypedDict, total=False):
    """The fields of :class:`Options` as keywords of :func:`compute` (for type checkers)."""

    max_length: int | np.integer[Any]


def _options(options: Options | None, overrides: dict[str, Any]) -> Options:
    known = {f.name for f in fields(Options)}
    unknown = sorted(set(overrides) - known)
    if unknown:
        raise TypeError(
            f"unknown cycle_count option(s) {', '.join(unknown)}; "
            f"the options are {', '.join(sorted(known))}"
        )
    base = Options() if options is None else options
    if not isinstance(base, Options):
        raise TypeError(f"options must be a dyng.cycle_count.Options, got {type_name(base)}")
    return replace(base, **overrides)


def _max_length(o: Options) -> int:
    """``o.max_length`` as an int in int64 (the native module checks the range)."""
    k = check_int(o.max_length, "max_length")
    if not -1 <= k <= _INT64_MAX:
        raise InvalidArgumentError(f"max_length is {k}; accepted: -1 (no bound) or 2 .. 2**31 - 1")
    return k


class Result:
    """The cycle histogram of one state of a graph.

    Make one with :func:`compute` or :meth:`from_counts`; keep it current with
    :func:`update` or :func:`dyng.update`. ``counts[k]`` is the number of
    simple cycles of length ``k``, for ``k`` from 0 to :attr:`bound`.

    :attr:`counts` is a :class:`dyng.Array` of the current state: after an
    update it raises :class:`dyng.errors.StaleResultError`, while views taken
    from it before keep their values. Copies (``copy.copy``,
    ``copy.deepcopy``) are :meth:`clone`; pickling raises TypeError (pickle
    ``counts.to_numpy()`` and use :meth:`from_counts`).

    A result that an update poisoned (the update's ``Stats.converged`` is
    False) raises on every use until it is recomputed:
    :class:`dyng.errors.InternalError` when a count would have gone negative
    (the counts given to :meth:`from_counts` were wrong, or a bug in dynG;
    the message says which length, and whether the result came from
    :meth:`from_counts`), :class:`dyng.errors.CapacityError` when one would
    have passed ``2**64 - 1``.
    """

    __slots__ = ("_r",)

    _r: _core.CycleCountResult

    def __init__(self) -> None:
        raise TypeError(
            "use dyng.cycle_count.compute(graph, max_length=...) or Result.from_counts(...)"
        )

    @classmethod
    def _wrap(cls, handle: _core.CycleCountResult) -> Result:
        r = cls.__new__(cls)
        r._r = handle
        return r

    @classmethod
    def from_counts(
        cls,
        graph: Graph,
        counts: npt.ArrayLike,
        *,
        options: Options | None = None,
        **keywords: Unpack[_Keywords],
    ) -> Result:
        """Make a result from a histogram, checked against the graph.

        Parameters
        ----------
        graph : Graph
            The graph the counts belong to (its current state).
        counts : array_like
            Non-negative integers, index = length: ``max_length + 1`` of them
            (lengths 0 .. ``max_length``), or, with ``max_length=-1``, up to
            the longest cycle (the last one not 0, unless there is only one),
            as :attr:`counts` gives them.
        options : Options, optional
            As for :func:`compute`; keywords (``max_length=``) override its
            fields.

        Returns
        -------
        Result

        Raises
        ------
        InvalidArgumentError
            For a length that does not match ``max_length``, a count for a
            length no cycle can have (below 2, below 3 on an undirected graph,
            above the vertex count), or a count that is negative, not an
            integer or past ``2**64 - 1``.

        Notes
        -----
        The counts themselves are trusted: wrong ones stay wrong through
        updates, and may poison the result. Such a result has no record of
        what a full count costs, so its updates never fall back to a recount.
        """
        if not isinstance(graph, Graph):
            raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
        o = _options(options, dict(keywords))
        k = _max_length(o)
        c = _uint64_counts(counts)
        return cls._wrap(native.cycle_count_from_counts(graph._g, c, k))

    @property
    def counts(self) -> Array:
        """dyng.Array: the number of cycles of each length (uint64, index = length)."""
        return self._r.counts  # type: ignore[return-value]

    def count(self, length: SupportsIndex) -> int:
        """Return the number of simple cycles of one length.

        Parameters
        ----------
        length : int
            The cycle length (at least 0; any integer, NumPy's included).

        Returns
        -------
        int
            The count; 0 for a length past :attr:`bound` (only cycles up to
            the bound are counted: with a bound, longer ones are not known to
            be absent).

        Raises
        ------
        InvalidArgumentError
            For a negative length, or one that is not an integer (a float, a
            bool, a string).
        """
        k = check_int(length, "length")
        if k < 0:
            raise InvalidArgumentError(f"length is {k}; accepted: a length of 0 or more")
        return self._r.count(min(k, 2**62))  # a histogram ends before 2**31

    @property
    def total(self) -> int:
        """int: the number of cycles of every length (:class:`CapacityError` past ``2**64 - 1``)."""
        return self._r.total

    @property
    def bound(self) -> int:
        """int: the longest length the histogram holds.

        ``max_length``, or with no bound (``max_length=-1``) the length of the
        longest cycle (0 when there is none): :attr:`counts` has ``bound + 1``
        entries.
        """
        return self._r.bound

    @property
    def graph_version(self) -> int:
        """int: the version of the graph state the counts belong to."""
        return self._r.graph_version

    @property
    def options(self) -> Options:
        """Options: the options the counts were made with (a copy)."""
        return Options(max_length=self._r.max_length)

    def to_dict(self) -> dict[int, int]:
        """Return the histogram as a dict.

        Returns
        -------
        dict of int to int
            Length -> count for every length whose count is not 0, in length
            order.

        Notes
        -----
        Only the lengths that can hold a cycle are read (up to the vertex
        count of the graph state the counts belong to), so this, and
        ``repr()``, cost what the graph's size does even when
        ``max_length`` is far above it (up to ``2**31 - 1``); :attr:`counts`
        reads the whole histogram.
        """
        return self._r.nonzero_counts()

    def clone(self) -> Result:
        """Return a deep copy (its own counts, the same graph state)."""
        return Result._wrap(self._r.clone())

    def __copy__(self) -> Result:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Result:
        return self.clone()

    def __reduce__(self) -> Any:
        raise TypeError(
            "a dyng.cycle_count.Result belongs to one state of a graph and is not pickled; "
            "pickle counts.to_numpy() and rebuild it with Result.from_counts(graph, counts, "
            "max_length=...)"
        )

    def __repr__(self) -> str:
        from dyng.errors import Error

        try:
            counts = self.to_dict()
            return (
                f"dyng.cycle_count.Result(max_length={self._r.max_length}, counts={counts}, "
                f"graph_version={self.graph_version})"
            )
        except Error:
            return "dyng.cycle_count.Result(poisoned: recompute it)"


def _uint64_counts(counts: npt.ArrayLike) -> npt.NDArray[np.uint64]:
    """``counts`` as a C-contiguous 1-D uint64 array, every value checked."""
    accepted = "accepted: integers in 0 .. 2**64 - 1"
    a: npt.NDArray[Any]
    if isinstance(counts, np.ndarray):
        a = counts
    else:
        # Through Python objects, so that 2**64 - 1 in a list stays exact.
        a = np.array(np.asarray(counts, dtype=object), dtype=object)
    if a.ndim != 1:
        raise InvalidArgumentError(f"counts: expected a 1-D array, got shape {a.shape}")
    if a.dtype == object:
        values: list[int] = []
        for v in a.tolist():
            if isinstance(v, bool | np.bool_) or not isinstance(v, int | np.integer):
                raise InvalidArgumentError(f"counts: {v!r} is not an integer; {accepted}")
            if not 0 <= int(v) <= _UINT64_MAX:
                raise InvalidArgumentError(f"counts: {v} is out of range; {accepted}")
            values.append(int(v))
        return np.array(values, dtype=np.uint64)
    if a.dtype.kind not in "iu" and a.size:
        raise InvalidArgumentError(f"counts: expected integers, got {a.dtype}; {accepted}")
    if a.dtype.kind == "i" and a.size and int(a.min()) < 0:
        raise InvalidArgumentError(f"counts: {int(a.min())} is negative; {accepted}")
    return np.ascontiguousarray(a, dtype=np.uint64)


def compute(
    graph: Graph, *, options: Options | None = None, **keywords: Unpack[_Keywords]
) -> Result:
    """Count the simple cycles of ``graph`` by length.

    Parameters
    ----------
    graph : Graph
        The graph (never changed). Directed: directed cycles of length >= 2;
        undirected: undirected cycles of length >= 3, each once; self-loops,
        parallel copies and weights are ignored.
    options : Options, optional
        The options; keywords (``max_length=``) override its fields.

    Returns
    -------
    Result

    Raises
    ------
    InvalidArgumentError
        For a ``max_length`` of 0, 1 or below -1, or one that is not an
        integer.
    CapacityError
        When a count passes ``2**64 - 1``.
    TypeError
        For an unknown keyword.
    KeyboardInterrupt
        On Ctrl-C (nothing is produced).
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    o = _options(options, dict(keywords))
    return Result._wrap(native.cycle_count_compute(graph._g, _max_length(o)))


def update(graph: Graph, batch: EdgeBatch, result: Result) -> Stats:
    """Apply ``batch`` to ``graph`` and repair ``result``, in one call.

    Parameters
    ----------
    graph : Graph
        The graph; the batch is applied to it under its batch semantics.
    batch : EdgeBatch
        The changes.
    result : Result
        A histogram of the graph's current state; repaired in place.

    Returns
    -------
    Stats

    Raises
    ------
    StaleResultError
        When ``result`` belongs to another state of ``graph``.
    InvalidArgumentError
        For what :meth:`Graph.apply` refuses.
    InternalError, CapacityError
        When ``result`` was poisoned by an earlier update.

    Notes
    -----
    Everything that can fail is checked before the graph changes (the
    cycles through the pairs that may disappear are counted then too), so a
    failed update leaves graph and histogram as they were (its old Arrays are
    retired all the same, except when the result was refused as stale: that
    leaves it untouched). The interrupt flag and Ctrl-C are honoured until the
    batch is applied; the repair after that runs to its end.
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    if not isinstance(batch, EdgeBatch):
        raise TypeError(f"expected a dyng.EdgeBatch, got {type(batch).__name__}")
    if not isinstance(result, Result):
        raise TypeError(f"expected a dyng.cycle_count.Result, got {type_name(result)}")
    (t,) = native.update(graph._g, batch._native(graph.num_weights), (result._r,))
    return _stats(t)


__dir__ = public_dir(globals(), __all__)
