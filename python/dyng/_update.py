"""``dyng.update(graph, batch, *results)``: one batch, every result repaired."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias, cast, overload

from dyng import cycle_count, sssp
from dyng._algorithms import cycle_count_stats, sssp_stats
from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._graph import Graph

if TYPE_CHECKING:
    from dyng import _core

__all__ = ["update"]

#: A result that :func:`update` repairs.
AnyResult: TypeAlias = "sssp.Result | cycle_count.Result"
#: The stats of one of them.
AnyStats: TypeAlias = "sssp.Stats | cycle_count.Stats"

_SR = sssp.Result
_SS = sssp.Stats
_CR = cycle_count.Result
_CS = cycle_count.Stats


@overload
def update(graph: Graph, batch: EdgeBatch) -> tuple[()]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, r1: _SR, /) -> tuple[_SS]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, r1: _CR, /) -> tuple[_CS]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, r1: _SR, r2: _SR, /) -> tuple[_SS, _SS]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, r1: _SR, r2: _CR, /) -> tuple[_SS, _CS]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, r1: _CR, r2: _SR, /) -> tuple[_CS, _SS]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, r1: _CR, r2: _CR, /) -> tuple[_CS, _CS]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, *results: _SR) -> tuple[_SS, ...]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, *results: _CR) -> tuple[_CS, ...]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, *results: AnyResult) -> tuple[AnyStats, ...]: ...


def update(graph: Graph, batch: EdgeBatch, *results: AnyResult) -> tuple[AnyStats, ...]:
    """Apply ``batch`` to ``graph`` once and repair every result.

    Parameters
    ----------
    graph : Graph
        The graph; the batch is applied to it under its batch semantics.
    batch : EdgeBatch
        The changes.
    *results : sssp.Result or cycle_count.Result
        Results of the graph's current state, of any kinds mixed (any number;
        each at most once).

    Returns
    -------
    tuple of sssp.Stats or cycle_count.Stats
        One per result, of its kind, in order
        (``st_tree, st_hist = dyng.update(g, b, tree, hist)``).

    Raises
    ------
    StaleResultError
        When a result belongs to another state of the graph (or another graph).
    InvalidArgumentError
        When a result is listed twice, or for what :meth:`Graph.apply` or a
        result refuses.
    InternalError, CapacityError
        When a cycle_count result was poisoned by an earlier update.
    TypeError
        For something that is not a result.

    Notes
    -----
    Everything is validated, and every allocation made, before the graph
    changes; a failed call leaves the graph and every result as they were
    (the :class:`Array` objects taken from a result before the call are
    retired all the same, as by every update that starts: take new ones). With
    no results it is :meth:`Graph.apply` (the stats are then an empty tuple).
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    if not isinstance(batch, EdgeBatch):
        raise TypeError(f"expected a dyng.EdgeBatch, got {type(batch).__name__}")
    for i, r in enumerate(results):
        if not isinstance(r, sssp.Result | cycle_count.Result):
            raise TypeError(
                f"result {i} is a {type(r).__name__}; dyng.update takes dyng.sssp.Result and "
                "dyng.cycle_count.Result objects"
            )
    stats = native.update(graph._g, batch._native(graph.num_weights), tuple(r._r for r in results))
    out: list[AnyStats] = []
    for r, t in zip(results, stats, strict=True):
        if isinstance(r, sssp.Result):
            out.append(sssp_stats(cast("_core._SsspStats", t)))
        else:
            out.append(cycle_count_stats(cast("_core._CycleCountStats", t)))
    return tuple(out)
