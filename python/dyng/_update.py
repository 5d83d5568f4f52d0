"""``dyng.update(graph, batch, *results)``: one batch, every result repaired."""

from __future__ import annotations

from typing import overload

from dyng import sssp
from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._graph import Graph

__all__ = ["update"]


@overload
def update(graph: Graph, batch: EdgeBatch) -> tuple[()]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, r1: sssp.Result, /) -> tuple[sssp.Stats]: ...
@overload
def update(
    graph: Graph, batch: EdgeBatch, r1: sssp.Result, r2: sssp.Result, /
) -> tuple[sssp.Stats, sssp.Stats]: ...
@overload
def update(graph: Graph, batch: EdgeBatch, *results: sssp.Result) -> tuple[sssp.Stats, ...]: ...


def update(graph: Graph, batch: EdgeBatch, *results: sssp.Result) -> tuple[sssp.Stats, ...]:
    """Apply ``batch`` to ``graph`` once and repair every result.

    Parameters
    ----------
    graph : Graph
        The graph; the batch is applied to it under its batch semantics.
    batch : EdgeBatch
        The changes.
    *results : sssp.Result
        Results of the graph's current state (any number; each at most once).

    Returns
    -------
    tuple of Stats
        One per result, in order (``st_a, st_b = dyng.update(g, b, a, b)``).

    Raises
    ------
    StaleResultError
        When a result belongs to another state of the graph.
    InvalidArgumentError
        When a result is listed twice, or for what :meth:`Graph.apply` or a
        result refuses.
    TypeError
        For something that is not a result.

    Notes
    -----
    Everything is validated, and every allocation made, before the graph
    changes; a failed call leaves the graph and every result as they were. With
    no results it is :meth:`Graph.apply` (the stats are then an empty tuple).
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    if not isinstance(batch, EdgeBatch):
        raise TypeError(f"expected a dyng.EdgeBatch, got {type(batch).__name__}")
    for i, r in enumerate(results):
        if not isinstance(r, sssp.Result):
            raise TypeError(
                f"result {i} is a {type(r).__name__}; dyng.update takes dyng.sssp.Result objects"
            )
    stats = native.update(graph._g, batch._native(graph.num_weights), tuple(r._r for r in results))
    return tuple(sssp._stats(t) for t in stats)
