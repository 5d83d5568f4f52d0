"""``dyng demo``: keep shortest routes current on a real road network.

With no arguments it loads the road network of Luxembourg that ships inside
the package (OpenStreetMap, 114,599 junctions, from the SuiteSparse Matrix
Collection), gives every road a seeded travel time in 1..100, computes the
shortest-path tree from junction 0, then streams batches of traffic changes:
road closures, reopenings of closed roads, and travel-time changes (slower
and faster). Each batch is applied and the tree repaired with
:func:`dyng.sssp.update`; the repaired tree is checked, byte for byte, against
a recomputation on the changed network, and both are timed. It ends with a
table of update against recompute times.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import TextIO

import numpy as np
import numpy.typing as npt

from dyng import datasets, io, sssp
from dyng._batch import EdgeBatch
from dyng._graph import Graph

__all__ = ["default_graph_path", "run_demo"]


def default_graph_path() -> Path:
    """Return the path of the road network that ships with the package."""
    return datasets.path("luxembourg_osm")


def _traffic_batch(
    g: Graph,
    size: int,
    closed: list[tuple[int, int, int]],
    rng: np.random.Generator,
) -> EdgeBatch:
    """About size/4 closures, size/4 reopenings of closed roads, size/2 travel-time changes;
    the closures and reopenings that the network cannot give become travel-time changes
    (none when no road is open)."""
    src, dst, w = g.edges()
    assert w is not None
    m = len(src)
    n_close = min(size // 4, m)
    n_open = min(size // 4, len(closed))
    n_change = size - n_close - n_open if m else 0
    close = rng.choice(m, size=n_close, replace=False)
    change = rng.integers(0, m, n_change)
    factor = rng.uniform(0.5, 2.0, n_change)
    new_w = np.maximum(1, np.rint(w[change, 0] * factor)).astype(np.int32)
    reopen = (
        [
            closed.pop(int(i))
            for i in sorted(rng.choice(len(closed), n_open, replace=False), reverse=True)
        ]
        if n_open
        else []
    )
    ins_src = np.concatenate([src[change], np.array([r[0] for r in reopen], dtype=src.dtype)])
    ins_dst = np.concatenate([dst[change], np.array([r[1] for r in reopen], dtype=dst.dtype)])
    ins_w = np.concatenate([new_w, np.array([r[2] for r in reopen], dtype=np.int32)])
    closed.extend(zip(src[close].tolist(), dst[close].tolist(), w[close, 0].tolist(), strict=True))
    return EdgeBatch(insert=(ins_src, ins_dst, ins_w), delete=(src[close], dst[close]))


def _weights(m: int, seed: int) -> npt.NDArray[np.int32]:
    return np.random.default_rng(seed).integers(1, 101, m, dtype=np.int32)


def run_demo(
    *,
    graph: str | Path | None = None,
    batches: int = 30,
    batch_size: int = 10,
    seed: int = 1,
    source: int = 0,
    out: TextIO | None = None,
    progress: bool | None = None,
) -> int:
    """Run the demo; return the exit status (0 when every repaired tree matched).

    Parameters
    ----------
    graph : str or Path, optional
        A Matrix Market file (default: the shipped road network of Luxembourg).
    batches, batch_size : int, optional
        How many batches of how many changes.
    seed : int, optional
        Seeds the travel times and the changes.
    source : int, optional
        The source junction.
    out : file, optional
        Where the report goes (default standard output).
    progress : bool, optional
        Show a progress line (default: when ``out`` is a terminal).

    Returns
    -------
    int
        0 when every repaired tree equals its recomputation, 1 otherwise.
    """
    out = sys.stdout if out is None else out
    progress = out.isatty() if progress is None else progress
    path = default_graph_path() if graph is None else Path(graph)
    t0 = time.perf_counter()
    arrays = io.read_matrix_market_arrays(path, ignore_values=True)
    g = Graph.from_edges(
        arrays.src,
        arrays.dst,
        _weights(len(arrays.src), seed),
        num_vertices=arrays.num_vertices,
        directed=arrays.symmetry == "general",
    )
    t_read = time.perf_counter() - t0
    if g.num_edges == 0 and batches and batch_size:
        print(
            f"dyng: error: {path}: the graph has no edges, so there are no roads to change",
            file=sys.stderr,
        )
        return 1
    print(
        f"dyng demo: {path.name}: {g.num_vertices:,} vertices, {g.num_edges:,} "
        f"{'directed' if g.directed else 'undirected'} edges, travel times 1..100 "
        f"(seed {seed}); read in {t_read * 1e3:.0f} ms",
        file=out,
    )
    t0 = time.perf_counter()
    tree = sssp.compute(g, source)
    t_compute = time.perf_counter() - t0
    reached = int((tree.distances.to_numpy() < sssp.INFINITE_DISTANCE).sum())
    print(
        f"shortest-path tree from junction {source}: {reached:,} reached, computed in "
        f"{t_compute * 1e3:.1f} ms",
        file=out,
    )
    rng = np.random.default_rng(seed + 1)
    closed: list[tuple[int, int, int]] = []
    rows = []
    mismatches = 0
    for i in range(batches):
        batch = _traffic_batch(g, batch_size, closed, rng)
        t0 = time.perf_counter()
        stats = sssp.update(g, batch, tree)
        t_update = time.perf_counter() - t0
        t0 = time.perf_counter()
        fresh = sssp.compute(g, source)
        t_fresh = time.perf_counter() - t0
        same = np.array_equal(tree.distances.to_numpy(), fresh.distances.to_numpy()) and (
            np.array_equal(tree.parents.to_numpy(), fresh.parents.to_numpy())
        )
        mismatches += not same
        rows.append(
            (i + 1, len(batch), stats.affected, t_update, t_fresh, same, stats.fallback_used)
        )
        if progress:
            print(
                f"\r  batch {i + 1}/{batches}: {stats.affected:,} junctions re-routed, "
                f"update {t_update * 1e3:.2f} ms, recompute {t_fresh * 1e3:.1f} ms   ",
                end="",
                file=out,
                flush=True,
            )
    if progress:
        print(file=out)
    if not rows:
        print(
            "no batches (--batches 0): the tree is computed, there is nothing to update", file=out
        )
        return 0
    print(
        f"{'batch':>5} {'changes':>8} {'affected':>9} {'update ms':>10} {'recompute ms':>13} "
        f"{'speedup':>8} {'identical':>9}  how",
        file=out,
    )
    for k, changes, affected, tu, tf, same, fell in rows:
        how = "recomputed" if fell else "repaired"
        print(
            f"{k:>5} {changes:>8,} {affected:>9,} {tu * 1e3:>10.2f} {tf * 1e3:>13.2f} "
            f"{tf / tu:>7.1f}x {'yes' if same else 'NO':>9}  {how}",
            file=out,
        )
    short = sum(r[1] < batch_size for r in rows)
    if short:
        print(
            f"note: {short} of {len(rows)} batches hold fewer than the {batch_size:,} changes "
            "asked for (--batch-size): no road was open to close or change",
            file=out,
        )
    tu = statistics.median(r[3] for r in rows)
    tf = statistics.median(r[4] for r in rows)
    recomputed = sum(r[6] for r in rows)
    print(
        f"median: update {tu * 1e3:.2f} ms, recompute {tf * 1e3:.2f} ms: {tf / tu:.1f}x "
        f"faster; {len(rows) - mismatches}/{len(rows)} updated trees identical to the "
        "recomputation",
        file=out,
    )
    total_u, total_f = sum(r[3] for r in rows), sum(r[4] for r in rows)
    print(
        f"whole stream: updates {total_u * 1e3:.2f} ms, recomputations "
        f"{total_f * 1e3:.2f} ms: {total_f / total_u:.1f}x faster",
        file=out,
    )
    print(
        f"{len(rows) - recomputed} batches repaired, {recomputed} recomputed by the update "
        "(a batch that re-routes more junctions than the fallback limit costs about one "
        "recomputation)",
        file=out,
    )
    if mismatches:
        print(
            f"dyng: error: {mismatches} of {len(rows)} updated trees differ from the recomputation",
            file=sys.stderr,
        )
        return 1
    return 0
