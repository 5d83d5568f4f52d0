#!/usr/bin/env python3
"""Generator speed: R-MAT against the time to write its arrays, and the other generators.

The target (issue 6): R-MAT with 2^24 edges (scale 20, edge factor 16) on 2 threads in under
2x the time of writing its two int32 arrays (src, dst) to memory once. The reference write is
numpy: two fresh ``np.empty`` arrays of the same size filled with ``fill`` (page faults
included, as the generator's own fresh arrays pay them too), best of the repeats; a
pre-faulted fill is printed as well. R-MAT is timed through the public Python call
(``dyng.generators.rmat_edges``, which writes straight into the arrays it returns) with every
drawn edge kept (``self_loops="keep", duplicates="keep"``, the raw generator), on 1 and 2
threads, and with the default policies (duplicates and self-loops dropped: a radix sort more).
For reference, a numpy-vectorised R-MAT (one uniform draw and three comparisons per level) is
timed once. Then Erdos-Renyi, a grid, seeded weights and a random batch, for scale.

Every figure is the best of ``--repeats`` runs in this process. Writes a table to stdout and
to bench/results/generators.txt, and the rows to bench/results/generators.json.

Usage: python bench/generators.py [--repeats 7] [--scale 20] [--edge-factor 16]
Run it on a release build (the importable ``dyng`` is the one measured; its ``_core`` path and
build type are printed).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import dyng
from dyng import generators

ROOT = Path(__file__).resolve().parent.parent


def best(fn: Callable[[], Any], repeats: int) -> float:
    """The best wall time of `repeats` calls (seconds); the result is dropped before the next."""
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
        del out
    return min(times)


def numpy_write(m: int) -> tuple[np.ndarray, np.ndarray]:
    a = np.empty(m, dtype=np.int32)
    b = np.empty(m, dtype=np.int32)
    a.fill(1)
    b.fill(2)
    return a, b


def numpy_rmat(scale: int, m: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """R-MAT vectorised over edges, one level at a time (Graph500's parameters)."""
    a, b, c = 0.57, 0.19, 0.19
    rng = np.random.default_rng(seed)
    src = np.zeros(m, dtype=np.int32)
    dst = np.zeros(m, dtype=np.int32)
    for _ in range(scale):
        r = rng.random(m, dtype=np.float32)
        q = (r >= a).astype(np.int32) + (r >= a + b) + (r >= a + b + c)
        src = (src << 1) | (q >> 1)
        dst = (dst << 1) | (q & 1)
    return src, dst


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--scale", type=int, default=20)
    ap.add_argument("--edge-factor", type=int, default=16)
    ap.add_argument("--no-numpy-rmat", action="store_true", help="skip the numpy R-MAT")
    ap.add_argument("--out", default=str(ROOT / "bench/results/generators.json"))
    args = ap.parse_args()

    from dyng._backend import native

    info = native.build_info()
    scale, ef, reps = args.scale, args.edge_factor, args.repeats
    m = ef << scale
    r1 = dyng.Resources("openmp", 1) if native.openmp_available() else dyng.Resources("sequential")
    r2 = dyng.Resources("openmp", 2) if native.openmp_available() else r1
    rows: list[dict[str, Any]] = []
    lines: list[str] = []

    def row(name: str, seconds: float, items: int, unit: str, **extra: Any) -> None:
        rows.append({"name": name, "seconds": seconds, unit: items, **extra})
        rate = items / seconds
        text = f"  {name:<46} {seconds * 1e3:9.1f} ms  {rate / 1e6:8.1f} M{unit}/s"
        if "vs_write" in extra:
            text += f"  {extra['vs_write']:.2f}x the write"
        lines.append(text)
        print(text, flush=True)

    head = (
        f"dynG generators ({time.strftime('%Y-%m-%d')}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs; _core {native.__file__}, "
        f"build {info.get('build_type', '?')})"
    )
    print(head)
    lines.append(head)
    lines.append(f"R-MAT scale {scale}, edge factor {ef}: {m:,} edges, int32 ids, best of {reps}")
    print(lines[-1])

    write = best(lambda: numpy_write(m), reps)
    row("numpy: write src+dst (fresh arrays)", write, m, "edges")
    pre = numpy_write(m)
    prefaulted = best(lambda: (pre[0].fill(3), pre[1].fill(4)), reps)
    row("numpy: write src+dst (pre-faulted)", prefaulted, m, "edges")

    def rmat_raw(res: dyng.Resources) -> Any:
        return generators.rmat_edges(
            scale, ef, seed=1, self_loops="keep", duplicates="keep", resources=res
        )

    t2 = best(lambda: rmat_raw(r2), reps)
    row("rmat_edges, every edge kept, 2 threads", t2, m, "edges", vs_write=t2 / write)
    t1 = best(lambda: rmat_raw(r1), reps)
    row("rmat_edges, every edge kept, 1 thread", t1, m, "edges", vs_write=t1 / write)
    kept = len(generators.rmat_edges(scale, ef, seed=1, resources=r2)[0])
    td = best(lambda: generators.rmat_edges(scale, ef, seed=1, resources=r2), reps)
    row(
        "rmat_edges, defaults (drop dups+loops), 2 thr",
        td,
        m,
        "edges",
        vs_write=td / write,
        kept=kept,
    )
    tg = best(lambda: generators.rmat(scale, ef, seed=1, weights=(1, 100), resources=r2), 3)
    row("rmat(): the Graph, weighted, 2 threads", tg, m, "edges")
    if not args.no_numpy_rmat:
        t = time.perf_counter()
        numpy_rmat(scale, m, 1)
        tn = time.perf_counter() - t
        row("numpy-vectorised R-MAT (float32 draws), once", tn, m, "edges", vs_write=tn / write)

    n_er = 1 << scale
    ter = best(lambda: generators.erdos_renyi_edges(n_er, m, seed=1, resources=r2), reps)
    row(f"erdos_renyi_edges n=2^{scale}, m={m:,}, 2 thr", ter, m, "edges")
    side = 1 << (scale // 2 + 1)
    cells = side * (side // 2)
    grid_m = 2 * cells - side - side // 2
    tgr = best(lambda: generators.grid_edges(side // 2, side, seed=1, resources=r2), reps)
    row(f"grid_edges {side // 2} x {side}, 1 weight, 2 thr", tgr, grid_m, "edges")
    tw = best(lambda: generators.random_weights(m, seed=1, resources=r2), reps)
    row(f"random_weights {m:,} x 1, 2 threads", tw, m, "weights")
    g = generators.rmat(scale - 2, ef, seed=1, weights=(1, 100), resources=r2)
    size = min(100_000, g.num_edges // 4)
    tb = best(lambda: generators.random_batch(g, size, seed=2), reps)
    row(
        f"random_batch {size:,} on R-MAT scale {scale - 2} ({g.num_edges:,} e)", tb, size, "changes"
    )

    target = "met" if t2 / write < 2.0 else "NOT met"
    lines.append(
        f"target: R-MAT 2 threads / numpy write = {t2 / write:.2f} (< 2: {target}); "
        f"{m / t2 / 1e6:.0f} M edges/s on 2 threads, {m / t1 / 1e6:.0f} M on 1 "
        f"({t1 / t2:.2f}x speed-up)"
    )
    print(lines[-1])
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "build": info,
        "scale": scale,
        "edge_factor": ef,
        "repeats": reps,
        "rows": rows,
    }
    out.write_text(json.dumps(meta, indent=2, default=str) + "\n")
    out.with_suffix(".txt").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
