#!/usr/bin/env python3
"""sssp: compute against scipy.sparse.csgraph.dijkstra, and update against compute.

Graphs: the Matrix Market files of ../shared/data (road networks luxembourg_osm, usroads,
mdual and the others there), read with dyng.io, with seeded int32 weights in 1..100 (the same
weights for scipy). Source 0 (as the research codes use).

(a) Compute, one thread: dyng.sssp.compute against scipy.sparse.csgraph.dijkstra(indices=0) on
    the same CSR (float64 weights, as scipy needs); best of 5. Ratio scipy / dyng.
(b) Update: batches of 100, 1K, 10K and 50K changes (half insertions of random pairs with random
    weights, half deletions of existing edges) on luxembourg_osm and mdual; each batch is applied
    with dyng.sssp.update on a tree of the current graph, then the tree is recomputed on the new
    graph with dyng.sssp.compute (checked equal, timed); medians of 5 batches per size. Reported:
    update and compute times, their ratio, the affected vertices, the time per changed edge.

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

    rows = []
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


def random_batch(g: dyng.Graph, size: int, rng: np.random.Generator) -> dyng.EdgeBatch:
    src, dst, _ = g.edges()
    nd = size // 2
    pick = rng.integers(0, len(src), nd)
    n = g.num_vertices
    ni = size - nd
    return dyng.EdgeBatch(
        insert=(
            rng.integers(0, n, ni, dtype=np.int32),
            rng.integers(0, n, ni, dtype=np.int32),
            rng.integers(1, 101, ni, dtype=np.int32),
        ),
        delete=(src[pick], dst[pick]),
    )


def bench_update(name: str, sizes: list[int], reps: int) -> list[dict[str, object]]:
    rng = np.random.default_rng(7)
    g = load(name)
    rows = []
    for size in sizes:
        up, comp, affected = [], [], []
        for _ in range(reps):
            tree = dyng.sssp.compute(g, 0)
            b = random_batch(g, size, rng)
            t0 = time.perf_counter()
            st = dyng.sssp.update(g, b, tree)
            up.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            fresh = dyng.sssp.compute(g, 0)
            comp.append(time.perf_counter() - t0)
            assert np.array_equal(fresh.distances.to_numpy(), tree.distances.to_numpy())
            assert np.array_equal(fresh.parents.to_numpy(), tree.parents.to_numpy())
            affected.append(st.affected)
        u, c = statistics.median(up), statistics.median(comp)
        rows.append(
            {
                "graph": name,
                "batch": size,
                "update_ms": u * 1e3,
                "compute_ms": c * 1e3,
                "compute_over_update": c / u,
                "affected_median": statistics.median(affected),
                "update_us_per_change": u * 1e6 / size,
            }
        )
    return rows


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
    update = [
        r
        for name in (["luxembourg_osm"] if args.quick else ["luxembourg_osm", "mdual"])
        for r in bench_update(name, sizes, 2 if args.quick else 5)
    ]
    print(f"sssp ({date.today()}, {platform.machine()}, {os.cpu_count()} CPUs; one thread)")
    print("  compute vs scipy.sparse.csgraph.dijkstra(indices=0):")
    for r in compute:
        print(
            f"    {r['graph']:16} n={r['vertices']:>8,} reached={r['reached']:>8,}  dyng "
            f"{r['dyng_ms']:8.2f} ms  scipy {r['scipy_ms']:8.2f} ms  {r['scipy_over_dyng']:.2f}x"
        )
    print("  update vs compute on the changed graph (medians):")
    for r in update:
        print(
            f"    {r['graph']:16} batch {r['batch']:>6,}: update {r['update_ms']:8.2f} ms, "
            f"compute {r['compute_ms']:8.2f} ms, {r['compute_over_update']:6.2f}x; affected "
            f"{r['affected_median']:>9,.0f}; {r['update_us_per_change']:.2f} us/change"
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
