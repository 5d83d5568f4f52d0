#!/usr/bin/env python3
"""sssp: compute against scipy.sparse.csgraph.dijkstra, and update against compute.

Graphs: the Matrix Market files of ../shared/data (road networks luxembourg_osm, usroads,
mdual and the others there), read with dyng.io, with seeded int32 weights in 1..100 (the same
weights for scipy). Source 0 (as the research codes use).

(a) Compute, one thread: dyng.sssp.compute against scipy.sparse.csgraph.dijkstra(indices=0) on
    the same CSR (float64 weights, as scipy needs); best of 5. Ratio scipy / dyng.
(b) Update: batches of 100, 1K, 10K and 50K changes (half deletions of existing edges, half
    insertions with weights 1..100, either between random pairs or "local": between a vertex and
    one 2 to 4 steps away) on luxembourg_osm, mdual, a 1000 x 1000 grid and an R-MAT graph
    (scale 20, edge factor 4; bench/sssp_peers.py makes both). Each size starts from the graph
    as built. Each batch is applied with
    dyng.sssp.update on one tree kept through the batches of a size, as a stream keeps it (timed,
    apply included), and with Graph.apply to a twin of the graph that takes the same batches
    (timed), whose tree is recomputed with dyng.sssp.compute (timed; checked equal). The two
    paths run on separate graphs, so neither runs on memory the other has just walked, each
    from a cold cache (dyng._evict), and which runs first alternates from batch to batch.
    Medians of 15 batches per size.
    Reported: the ratio against the recomputation path (apply + compute) and against compute
    alone, the affected vertices, the fallbacks, the ratio of the whole stream (all batches'
    recomputation paths over all their updates), the worst batch's ratio against the
    recomputation path and how many batches took longer than it (a batch that touches far more
    than the ones before it under a raised fallback limit gives up the repair and then
    recomputes: docs/algorithms/sssp.md), the time per changed edge, and the time per
    affected vertex (apply left out) against compute's time per reached vertex (per batch, then
    the median over the batches the repair kept, and over all of them: a batch that falls back
    costs a compute whatever it affects; and pooled: the kept batches' whole repair time over all
    the vertices they affected). The update's time less its apply is taken from the
    profiler's stages of the same call.

Writes bench/results/sssp.json and prints a table. Usage: python bench/sssp.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

import dyng
from dyng._evict import Evictor

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"


def load(name: str, seed: int = 1) -> dyng.Graph:
    arrays = dyng.io.read_matrix_market_arrays(DATA / f"{name}.mtx.gz", ignore_values=True)
    rng = np.random.default_rng(seed)
    w = rng.integers(1, 101, len(arrays.src), dtype=np.int32)
    return dyng.Graph.from_edges(
        arrays.src,
        arrays.dst,
        w,
        num_vertices=arrays.num_vertices,
        directed=arrays.symmetry == "general",
        resources=dyng.Resources.sequential(),
    )


def best_of(k: int, fn: object) -> float:
    assert callable(fn)
    best = float("inf")
    for _ in range(k):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def bench_compute(names: list[str]) -> list[dict[str, object]]:
    import scipy
    import scipy.sparse
    import scipy.sparse.csgraph

    rows: list[dict[str, object]] = []
    for name in names:
        g = load(name)
        rp, col, w = g.to_csr()
        assert w is not None
        n = g.num_vertices
        a = scipy.sparse.csr_matrix((w[:, 0].astype(np.float64), col, rp), shape=(n, n))
        t_dyng = best_of(5, lambda g=g: dyng.sssp.compute(g, 0))
        t_scipy = best_of(5, lambda a=a: scipy.sparse.csgraph.dijkstra(a, indices=0))
        ref = scipy.sparse.csgraph.dijkstra(a, indices=0)
        ours = dyng.sssp.compute(g, 0).distances.to_numpy().astype(np.float64)
        ours[ours >= dyng.INFINITE_DISTANCE] = np.inf
        assert np.array_equal(ours, ref), name
        reached = int(np.isfinite(ref).sum())
        rows.append(
            {
                "graph": name,
                "vertices": n,
                "entries": g.num_entries,
                "reached": reached,
                "dyng_ms": t_dyng * 1e3,
                "scipy_ms": t_scipy * 1e3,
                "scipy_over_dyng": t_scipy / t_dyng,
                "scipy": scipy.__version__,
            }
        )
    return rows


def generated(name: str) -> dyng.Graph:
    """The grid (1000 x 1000) and R-MAT (scale 20, edge factor 4) of bench/sssp_peers.py."""
    from sssp_peers import grid, rmat

    rng = np.random.default_rng(20261202)
    n, src, dst, w, directed = grid(1000, rng) if name == "grid_1M" else rmat(20, 4, rng)
    return dyng.Graph.from_edges(
        src, dst, w, num_vertices=n, directed=directed, resources=dyng.Resources.sequential()
    )


def source_of(g: dyng.Graph, name: str) -> int:
    """Vertex 0, or on R-MAT (permuted ids, isolated vertices) the highest out-degree."""
    if not name.startswith("rmat"):
        return 0
    rp, _, _ = g.to_csr()
    return int(np.argmax(np.diff(rp)))


def random_batch(g: dyng.Graph, size: int, rng: np.random.Generator, local: bool) -> dyng.EdgeBatch:
    """Half deletions of existing edges, half insertions with weights 1..100: between
    random pairs, or (local) between a random vertex and one 2 to 4 steps away from it
    (a new road between nearby junctions)."""
    src, dst, _ = g.edges()
    nd = size // 2
    pick = rng.integers(0, len(src), nd)
    n = g.num_vertices
    ni = size - nd
    u = rng.integers(0, n, ni, dtype=np.int64)
    if local:
        rp, col, _ = g.to_csr()
        v = u.copy()
        for _ in range(int(rng.integers(2, 5))):
            deg = rp[v + 1] - rp[v]
            step = rng.integers(0, np.maximum(deg, 1))
            at = np.minimum(rp[v] + np.minimum(step, np.maximum(deg - 1, 0)), len(col) - 1)
            v = np.where(deg > 0, col[at], v)
    else:
        v = rng.integers(0, n, ni, dtype=np.int64)
    return dyng.EdgeBatch(
        insert=(u, v.astype(np.int64), rng.integers(1, 101, ni, dtype=np.int32)),
        delete=(src[pick], dst[pick]),
    )


def bench_update(
    name: str, g: dyng.Graph, sizes: list[int], reps: int, local: bool
) -> list[dict[str, object]]:
    """Update against the recomputation path (apply the batch, then compute) and
    against compute alone, on the same batches; medians of `reps` batches."""
    rng = np.random.default_rng(7)
    evict = Evictor()
    source = source_of(g, name)
    base = g
    t_first = 0.0
    rows: list[dict[str, object]] = []
    for size in sizes:
        # Every size starts from the graph as built: a stream of 15 batches of
        # 50K changes deletes 375K edges, which would leave the next size a
        # graph in pieces (luxembourg_osm has 119K edges). The recomputation
        # path applies each batch to a twin that takes the same batches: two
        # clones made together have the same layout, and their rows age alike
        # (a clone is repacked; one made per batch applied up to 1.3x faster,
        # and computed faster, than the graph it was cloned from).
        g, twin = base.clone(), base.clone()
        if size == sizes[0]:
            t0 = time.perf_counter()
            dyng.sssp.compute(g, source)
            t_first = time.perf_counter() - t0
        up, app, comp, affected, fell, fallbacks = [], [], [], [], [], 0
        repair: list[float] = []  # the update's own time less its apply stage
        # One tree through the batches of a size, as a stream keeps it (its
        # first update allocates the repair's work arrays; medians of reps).
        tree = dyng.sssp.compute(g, source)

        def recompute(b: dyng.EdgeBatch) -> dyng.sssp.Result:
            """The recomputation path on the twin: apply, then compute (timed)."""
            t0 = time.perf_counter()
            twin.apply(b)
            app.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            fresh = dyng.sssp.compute(twin, source)
            comp.append(time.perf_counter() - t0)
            return fresh

        for rep in range(reps):
            b = random_batch(g, size, rng, local)
            # The recomputation path on the twin and the update on the graph,
            # each on memory the other has not just walked (a compute right
            # after the update's own recomputation ran warm), each from a cold
            # cache (dyng._evict: the path that followed its own graph's last use
            # ran up to 20% faster); which goes first alternates.
            if rep % 2 == 0:
                evict()
                fresh = recompute(b)
            evict()
            with dyng.profile() as prof:
                t0 = time.perf_counter()
                st = dyng.sssp.update(g, b, tree)
                up.append(time.perf_counter() - t0)
            if rep % 2 == 1:
                evict()
                fresh = recompute(b)
            stages = prof.stages
            repair.append((stages["update"].total_ns - stages["update.apply"].total_ns) / 1e9)
            assert np.array_equal(fresh.distances.to_numpy(), tree.distances.to_numpy())
            assert np.array_equal(fresh.parents.to_numpy(), tree.parents.to_numpy())
            affected.append(st.affected)
            fallbacks += st.fallback_used
            fell.append(st.fallback_used)
        u, a, c = statistics.median(up), statistics.median(app), statistics.median(comp)
        # Batch by batch, the recomputation path over the update: the worst batch (a
        # fallback limit raised after cheaper batches can give up a repair and then
        # recompute) and how many batches took longer than the recomputation path.
        per_batch_ratio = [(ai + ci) / ui for ui, ai, ci in zip(up, app, comp, strict=True)]
        aff = statistics.median(affected)
        reached = max(1, int((fresh.distances.to_numpy() < dyng.INFINITE_DISTANCE).sum()))
        # Per batch: the update's time per affected vertex (its apply stage left out)
        # against the compute's time per reached vertex on the same batch's graph; the
        # median of those over the repaired batches that affected a vertex (a batch that
        # falls back is a compute, whatever it affects), and over all batches.
        per_batch = [
            ((ri / max(fi, 1)) / (ci / reached), f or fi == 0)
            for ri, fi, ci, f in zip(repair, affected, comp, fell, strict=True)
        ]
        repaired = [r for r, f in per_batch if not f]
        per_affected = statistics.median(repaired) if repaired else None
        per_affected_all = statistics.median(r for r, _ in per_batch)
        # Pooled over the same repaired batches: their whole repair time over all the
        # vertices they affected, against compute's median time per reached vertex (a
        # batch that affects a handful of vertices weighs by what it affected, not as one
        # batch in the median).
        kept = [
            (ri, fi) for ri, fi, f in zip(repair, affected, fell, strict=True) if not f and fi > 0
        ]
        per_affected_pooled = (
            (sum(ri for ri, _ in kept) / sum(fi for _, fi in kept)) / (c / reached)
            if kept
            else None
        )
        rows.append(
            {
                "graph": name,
                "insertions": "local" if local else "random pairs",
                "batch": size,
                "update_ms": u * 1e3,
                "apply_ms": a * 1e3,
                "compute_ms": c * 1e3,
                "compute_over_update": c / u,
                "recompute_over_update": (a + c) / u,
                "worst_batch_recompute_over_update": min(per_batch_ratio),
                # The whole stream: all batches' recomputation paths over all their updates.
                "stream_recompute_over_update": (sum(app) + sum(comp)) / sum(up),
                "batches_slower_than_recompute": sum(x < 1.0 for x in per_batch_ratio),
                "affected_median": aff,
                "fallbacks": fallbacks,
                "update_us_per_change": u * 1e6 / size,
                # Time per affected vertex against compute's time per reached vertex
                # (per batch, then the median).
                "per_affected_over_per_vertex": per_affected,
                "per_affected_over_per_vertex_all_batches": per_affected_all,
                "per_affected_over_per_vertex_pooled": per_affected_pooled,
                "first_compute_ms": t_first * 1e3,
            }
        )
    return rows


def per_affected_text(r: dict[str, object], key: str = "per_affected_over_per_vertex") -> str:
    """A per-affected-vertex ratio over the repaired batches, or n/a when none was."""
    x = r[key]
    return f"{x:.2f}x" if isinstance(x, float) else "n/a"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", default=str(ROOT / "bench/results/sssp.json"))
    args = ap.parse_args()
    names = (
        ["luxembourg_osm"]
        if args.quick
        else ["luxembourg_osm", "usroads", "mdual", "email-Enron", "pgp-strong-2009", "power"]
    )
    sizes = [100, 1000] if args.quick else [100, 1000, 10000, 50000]
    compute = bench_compute(names)
    update = []
    for name in (
        ["luxembourg_osm"] if args.quick else ["luxembourg_osm", "mdual", "grid_1M", "rmat_20"]
    ):
        g = load(name) if name in ("luxembourg_osm", "mdual") else generated(name)
        for local in (False, True):
            update += bench_update(name, g.clone(), sizes, 2 if args.quick else 15, local)
    print(f"sssp ({date.today()}, {platform.machine()}, {os.cpu_count()} CPUs; one thread)")
    print("  compute vs scipy.sparse.csgraph.dijkstra(indices=0):")
    for r in compute:
        print(
            f"    {r['graph']:16} n={r['vertices']:>8,} reached={r['reached']:>8,}  dyng "
            f"{r['dyng_ms']:8.2f} ms  scipy {r['scipy_ms']:8.2f} ms  {r['scipy_over_dyng']:.2f}x"
        )
    print(
        "  update (apply included) vs apply + compute, and vs compute alone, on the same batches"
        " (medians):"
    )
    for r in update:
        print(
            f"    {r['graph']:15} {r['insertions']:12} {r['batch']:>6,}: update"
            f" {r['update_ms']:8.2f} ms, apply {r['apply_ms']:7.2f} + compute"
            f" {r['compute_ms']:7.2f} ms: {r['recompute_over_update']:7.2f}x"
            f" ({r['compute_over_update']:7.2f}x compute); affected {r['affected_median']:>9,.0f}"
            f" (fallbacks {r['fallbacks']}); stream {r['stream_recompute_over_update']:.2f}x;"
            f" worst batch"
            f" {r['worst_batch_recompute_over_update']:.2f}x ({r['batches_slower_than_recompute']}"
            f" slower); {r['update_us_per_change']:7.2f} us/change;"
            f" per affected vertex {per_affected_text(r)} compute's"
            f" (pooled {per_affected_text(r, 'per_affected_over_per_vertex_pooled')};"
            f" {r['per_affected_over_per_vertex_all_batches']:.2f}x with the fallbacks)"
        )
    if not args.quick:
        Path(args.json).write_text(
            json.dumps(
                {
                    "date": date.today().isoformat(),
                    "machine": platform.machine(),
                    "cpus": os.cpu_count(),
                    "python": sys.version.split()[0],
                    "compute": compute,
                    "update": update,
                },
                indent=2,
            )
            + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
