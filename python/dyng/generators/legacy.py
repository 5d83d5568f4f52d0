"""The research codes' generators, reproduced bit for bit from a seed.

Their random streams are libstdc++'s (GCC 12) ``std::mt19937_64``,
``std::uniform_int_distribution`` and ``std::shuffle``, written in C from their
documented behaviour; the goldens of the research codes pin them down.
"""

from __future__ import annotations

import operator
from typing import SupportsIndex

from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._graph import Graph
from dyng.errors import InvalidArgumentError

__all__ = ["cycle_enum_batch"]

_INT64_MAX = 2**63 - 1


def _count(value: object, what: str, lo: int, hi: int) -> int:
    try:
        v = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidArgumentError(
            f"{what}: expected an integer, got {type(value).__name__}"
        ) from None
    if isinstance(value, bool):
        raise InvalidArgumentError(f"{what}: expected an integer, got bool")
    if not lo <= v <= hi:
        raise InvalidArgumentError(f"{what} is {v}; accepted: {lo} to {hi}")
    return v


def cycle_enum_batch(
    graph: Graph,
    *,
    num_deletions: SupportsIndex,
    num_insertions: SupportsIndex,
    seed: SupportsIndex,
    locality_window: SupportsIndex | None = None,
) -> EdgeBatch:
    """The batch that CycleEnumeration-GPU's generator makes for a graph.

    Parameters
    ----------
    graph : Graph
        A directed graph (the research code's graphs are). Its distinct
        edges, in CSR order (rows by source, each sorted by target), are the
        existing edges, whatever the graph's own row order.
    num_deletions : int
        Existing edges to delete: the edges inside the window, shuffled with
        ``std::shuffle``, the first ``num_deletions`` (no shuffle for 0).
    num_insertions : int
        New pairs to insert: a source and then a target drawn uniformly from
        the window until that many pairs are found that are no self-loop, no
        existing edge and not drawn before.
    seed : int
        The ``std::mt19937_64`` seed, 0 to ``2**64 - 1``.
    locality_window : int, optional
        A width ``W`` with ``2 <= W``: when below the vertex count, its start
        is drawn from ``0..n - W`` and both ends of every change lie in
        ``[start, start + W)``. None (or ``W >= n``): the whole graph.

    Returns
    -------
    EdgeBatch
        Deletions and insertions, each sorted by ``(u, v)``, unweighted, with
        the graph's id type: byte for byte the research code's batch.

    Raises
    ------
    InvalidArgumentError
        For an undirected graph, a count below 0, a seed outside 0..2**64-1,
        a window below 2, more deletions than edges in the window, or
        insertions that give up (after ``1000 * (I + 1) + 100 * W`` draws, as
        the research code does) because the window has too few free pairs.

    Examples
    --------
    >>> import dyng
    >>> g = dyng.Graph.from_edges([0, 1, 2, 3], [1, 2, 3, 0])
    >>> b = cycle_enum_batch(g, num_deletions=1, num_insertions=2, seed=1)
    >>> b.num_deletions, b.num_insertions
    (1, 2)
    """
    if not isinstance(graph, Graph):
        raise InvalidArgumentError(f"graph: expected a dyng.Graph, got {type(graph).__name__}")
    d = _count(num_deletions, "num_deletions", 0, _INT64_MAX)
    i = _count(num_insertions, "num_insertions", 0, _INT64_MAX)
    s = _count(seed, "seed", 0, 2**64 - 1)
    w = 0 if locality_window is None else _count(locality_window, "locality_window", 2, _INT64_MAX)
    return EdgeBatch._from_native(native.legacy_cycle_enum_batch(graph._g, d, i, s, w))
