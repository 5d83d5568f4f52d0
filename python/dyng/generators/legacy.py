"""The research codes' generators, reproduced bit for bit from a seed.

Their random streams are libstdc++'s (GCC 12) ``std::mt19937_64`` and
``std::mt19937``, ``std::uniform_int_distribution`` and ``std::shuffle``,
written in C from their documented behaviour; the goldens of the research
codes pin them down.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass
from typing import Literal, SupportsIndex

import numpy as np
import numpy.typing as npt

from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._graph import Graph
from dyng._namespace import public_dir
from dyng._paths import PathLike
from dyng._properties import GraphProperties, check_real
from dyng._resources import Resources
from dyng.errors import InvalidArgumentError

__all__ = ["MospChangesReport", "cycle_enum_batch", "mosp_changes", "mosp_graph"]

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


_MOSP_MODES = ("uniform", "targeted", "reweight", "increase")


def _distinct_pairs(
    src: npt.NDArray[np.int64], dst: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The distinct pairs ``(src[i], dst[i])`` other than self-loops, in (u, v) order.

    Sorted as pairs, not as keys ``u * n + v``, which int64 holds only below
    about 3e9 vertices.
    """
    keep = src != dst
    row, col = src[keep], dst[keep]
    order = np.lexsort((col, row))
    row, col = row[order], col[order]
    first = np.ones(len(row), dtype=bool)
    first[1:] = (row[1:] != row[:-1]) | (col[1:] != col[:-1])
    return row[first], col[first]


def mosp_graph(
    path: PathLike,
    *,
    num_weights: SupportsIndex = 3,
    weight_range: tuple[SupportsIndex, SupportsIndex] = (1, 100),
    seed: SupportsIndex = 12345,
    resources: Resources | None = None,
) -> Graph:
    """The graph that MOSP-OpenMP's converter (``mtx2csr``) makes of a Matrix Market file.

    Every entry is read as a pair ``(row, column)`` (values ignored); a
    symmetric file gives both directions; self-loops and duplicates are
    dropped; rows are sorted by target. Then one ``std::mt19937`` seeded with
    ``seed`` draws ``std::uniform_int_distribution<int>(low, high)`` values
    edge by edge in that CSR order, ``num_weights`` per edge
    (:c:func:`dyng_legacy_mosp_weights`). The research code's graphs of
    ``../shared/goldens/mosp`` are these, with ``num_weights=3``.

    Parameters
    ----------
    path : str or os.PathLike
        A Matrix Market coordinate file (plain or gzip-compressed).
    num_weights : int
        ``K``, the weights per edge, 1 to 64 (3, the research code's objectives).
    weight_range : (int, int)
        ``(low, high)`` with ``1 <= low <= high <= 2**31 - 1`` ((1, 100)).
    seed : int
        The ``std::mt19937`` seed, 0 to ``2**32 - 1`` (12345, the research code's).
    resources : Resources, optional
        Where to read and build; default :func:`dyng.get_default_resources`.

    Returns
    -------
    Graph
        Directed, with the preset ``GraphProperties.mosp_compatible(num_weights)``:
        its CSR (``to_csr``, ``dyng.io.write_csr_triplet``) is the converter's.

    Raises
    ------
    InvalidArgumentError
        For a weight count or range or a seed out of its range.
    FileFormatError
        For a malformed file.

    Examples
    --------
    >>> import dyng
    >>> from dyng.datasets import path
    >>> g = mosp_graph(path("luxembourg_osm"))
    >>> g.num_vertices, g.num_edges, g.num_weights
    (114599, 239332, 3)
    >>> g.to_csr()[2][0].tolist()  # the first edge's three weights
    [93, 90, 32]
    """
    from dyng import io

    k = _count(num_weights, "num_weights", 1, 64)
    if not isinstance(weight_range, tuple) or len(weight_range) != 2:
        raise InvalidArgumentError(
            f"weight_range: expected a (low, high) tuple, got {weight_range!r}"
        )
    lo = _count(weight_range[0], "weight_range's low", 1, 2**31 - 1)
    hi = _count(weight_range[1], "weight_range's high", lo, 2**31 - 1)
    s = _count(seed, "seed", 0, 2**32 - 1)
    a = io.read_matrix_market_arrays(
        path, vertex_dtype="int64", ignore_values=True, expand_symmetric=True, resources=resources
    )
    n = a.num_vertices
    src = np.asarray(a.src, dtype=np.int64)
    dst = np.asarray(a.dst, dtype=np.int64)
    row, col = _distinct_pairs(src, dst)
    m = len(col)
    row_ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(row, minlength=n), out=row_ptr[1:])
    w = np.frombuffer(native.legacy_mosp_weights(m * k, lo, hi, s), dtype=np.int32)
    return Graph.from_csr(
        row_ptr,
        col,
        w.reshape(m, k),
        properties=GraphProperties.mosp_compatible(k),
        vertex_dtype="int32" if n <= 2**31 - 1 else "int64",
        offset_dtype="int32" if m <= 2**31 - 1 else "int64",
        resources=resources,
    )


@dataclass(frozen=True)
class MospChangesReport:
    """What MOSP-OpenMP's change generator reports about a batch.

    ``str(report)`` (and :attr:`line`) is its summary line, the research
    code's ``report.txt``.

    Attributes
    ----------
    inserts : int
        Insertions between drawn pairs (uniform and targeted modes; as in the
        research code, a drawn pair may already be an edge, and then takes the
        new weights).
    reweights : int
        Insertions that give existing edges new weights (reweight and increase
        modes).
    deletes : int
        Deletions (after the safe rounds, with ``safe_deletions``).
    local_hops : int
        The ball's radius, 0 without one.
    centre : int or None
        The ball's centre (with ``local_hops``).
    region : int or None
        The ball's vertices (with ``local_hops``).
    safe_asked : int or None
        The deletions before the safe rounds (with ``safe_deletions``).
    safe_rounds : int or None
        The safe rounds, the last of which dropped none.
    """

    inserts: int
    reweights: int
    deletes: int
    local_hops: int = 0
    centre: int | None = None
    region: int | None = None
    safe_asked: int | None = None
    safe_rounds: int | None = None

    @property
    def line(self) -> str:
        """str: the summary line, as the research code prints it."""
        text = f"changes: inserts={self.inserts} reweights={self.reweights} deletes={self.deletes}"
        if self.centre is not None:
            text += (
                f" local centre={self.centre} hops={self.local_hops} region={self.region} vertices"
            )
        if self.safe_asked is not None:
            text += (
                f" (safe: kept {self.deletes} of {self.safe_asked} after {self.safe_rounds} rounds)"
            )
        return text

    def __str__(self) -> str:
        return self.line


def mosp_changes(
    graph: Graph,
    *,
    num_changes: SupportsIndex,
    insertion_percentage: float = 50.0,
    mode: Literal["uniform", "targeted", "reweight", "increase"] = "uniform",
    weight_min: SupportsIndex = 1,
    weight_max: SupportsIndex = 100,
    seed: SupportsIndex = 1,
    local_hops: SupportsIndex = 0,
    safe_deletions: bool = False,
    source: SupportsIndex = 0,
) -> tuple[EdgeBatch, MospChangesReport]:
    """The batch that MOSP-OpenMP's change generator makes for a graph.

    One ``std::mt19937`` seeded with ``seed`` draws everything, in this order:
    with ``local_hops``, the ball's centre; the insertions' endpoints; the
    deletions' or reweights' picks (or the shuffle of the trees' edges); the
    weights. ``dyng/generators.h`` (``dyng_legacy_mosp_changes``) says each
    step exactly.

    Parameters
    ----------
    graph : Graph
        A directed graph with ``K >= 1`` weight columns (the research code's
        graphs: a symmetric file gives both directions). Its distinct edges
        ``(u, v)``, ``u != v``, in CSR order (rows by source, each sorted by
        target) are the existing edges, whatever its own row order.
    num_changes : int
        ``N``, 0 or more.
    insertion_percentage : float
        Uniform and targeted modes: ``round(N * pct / 100)`` insertions (half
        away from zero), the rest deletions; 0 to 100.
    mode : {"uniform", "targeted", "reweight", "increase"}
        ``uniform``: insertions between random pairs, deletions of random
        edges (with replacement, so an edge may repeat). ``targeted``:
        insertions between random pairs with weights below each column's mean
        (``weight_min .. max(weight_min, int(mean) - 1)``), deletions of the
        distinct edges of the K shortest-path trees from ``source``, shuffled.
        ``reweight``: ``N`` random edges (with replacement) get new weights.
        ``increase``: the trees' edges, shuffled, the first ``N``, get their
        weights plus a draw in ``1 .. weight_max`` (saturating at
        ``2**31 - 1``). Targeted and increase give fewer changes than asked
        when the trees have fewer distinct edges.
    weight_min, weight_max : int
        The weights' range, ``1 <= weight_min <= weight_max <= 2**31 - 1``.
    seed : int
        The ``std::mt19937`` seed, 0 to ``2**32 - 1``.
    local_hops : int
        Uniform mode: with ``H > 0``, a centre drawn uniformly and its ball of
        vertices within ``H`` steps (out-edges, then in-edges); the
        insertions join vertices of the ball and the deletions pick among the
        edges inside it.
    safe_deletions : bool
        Uniform mode: drop, in rounds until none is dropped, the deletions
        whose head ``source`` reached before the batch and no longer reaches
        after it (deletions, insertions and reweights applied).
    source : int
        The source of the trees and of the safe rounds.

    Returns
    -------
    tuple of (EdgeBatch, MospChangesReport)
        The batch (the deletions, then as insertions with ``K`` weights each
        the insertions and the reweights: the research code's ``delete.txt``
        and ``insert.txt``; apply it to a graph built with
        ``GraphProperties.mosp_compatible()`` for the research code's rules),
        and the generator's report.

    Raises
    ------
    InvalidArgumentError
        For an undirected or unweighted graph, an option out of its range,
        insertions on fewer than two vertices, or picks among no edges.
    NotSupportedError
        For ``local_hops`` or ``safe_deletions`` with a mode other than
        uniform: the research code's goldens pin those down only there.

    Examples
    --------
    >>> import dyng
    >>> g = dyng.Graph.from_edges([0, 1, 2, 3], [1, 2, 3, 0], [[5], [6], [7], [8]])
    >>> batch, report = mosp_changes(g, num_changes=4, seed=7)
    >>> print(report)
    changes: inserts=2 reweights=0 deletes=2
    >>> batch.num_insertions, batch.num_deletions
    (2, 2)
    """
    if not isinstance(graph, Graph):
        raise InvalidArgumentError(f"graph: expected a dyng.Graph, got {type(graph).__name__}")
    n = _count(num_changes, "num_changes", 0, _INT64_MAX)
    pct = check_real(insertion_percentage, "insertion_percentage")
    if not (math.isfinite(pct) and 0.0 <= pct <= 100.0):
        raise InvalidArgumentError(f"insertion_percentage is {pct}; accepted: 0 to 100")
    if mode not in _MOSP_MODES:
        raise InvalidArgumentError(f"mode is {mode!r}; accepted: {', '.join(_MOSP_MODES)}")
    lo = _count(weight_min, "weight_min", 1, 2**31 - 1)
    hi = _count(weight_max, "weight_max", lo, 2**31 - 1)
    s = _count(seed, "seed", 0, 2**32 - 1)
    hops = _count(local_hops, "local_hops", 0, _INT64_MAX)
    src = _count(source, "source", 0, _INT64_MAX)
    if not isinstance(safe_deletions, bool):
        raise InvalidArgumentError(
            f"safe_deletions: expected a bool, got {type(safe_deletions).__name__}"
        )
    nb, r = native.legacy_mosp_changes(
        graph._g, n, pct, _MOSP_MODES.index(mode), lo, hi, s, hops, safe_deletions, src
    )
    inserts, reweights, deletes, centre, region, asked, rounds = r
    report = MospChangesReport(
        inserts,
        reweights,
        deletes,
        local_hops=hops,
        centre=centre if centre >= 0 else None,
        region=region if centre >= 0 else None,
        safe_asked=asked if safe_deletions else None,
        safe_rounds=rounds if safe_deletions else None,
    )
    return EdgeBatch._from_native(nb), report


__dir__ = public_dir(globals(), __all__)
