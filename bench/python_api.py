#!/usr/bin/env python3
"""What the Python layer costs: dyng from Python against the same calls from C.

Runs build/release/bench/bench_py_baseline (the C side) and, in this process,
the same work through the `dyng` package, side by side in one run:

(a) ``Graph.apply`` of a 1-edge batch on a 1,000-vertex ring graph: batches
    that insert (0, 500) and delete it again alternate; best of 5 runs of N
    calls, per call, in microseconds. The figure of merit is what Python adds
    (Python minus C); the target is under 5 microseconds.
(b) ``Graph.from_edges`` on 10M random int32 edges (1M vertices, one int32
    weight each) from NumPy arrays, against the C build of the same size and
    against ``scipy.sparse.csr_matrix((data, (src, dst)))`` on the same arrays;
    best of 3. dynG builds the out- and the in-CSR (sorted, duplicates merged),
    scipy the out-CSR only, so the out-CSR alone (``store_transposed=False``) is
    timed too. The targets: at most 1.5x the C time, and faster than scipy.

Writes bench/results/python_api.json and prints a table.
Usage: python bench/python_api.py [--bin PATH] [--calls N] [--edges M] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

import dyng

ROOT = Path(__file__).resolve().parent.parent


def small_apply_us(calls: int) -> float:
    n = 1000
    src = np.arange(n, dtype=np.int32)
    dst = (src + 1) % n
    g = dyng.Graph.from_edges(src, dst, num_vertices=n)
    ins = dyng.EdgeBatch(insert=(np.array([0], np.int32), np.array([500], np.int32)))
    dele = dyng.EdgeBatch(delete=(np.array([0], np.int32), np.array([500], np.int32)))
    g.apply(ins)
    g.apply(dele)  # the native batches are made once, on first use
    best = float("inf")
    apply = g.apply
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(calls // 2):
            apply(ins)
            apply(dele)
        best = min(best, (time.perf_counter() - t0) / (2 * (calls // 2)))
    return best * 1e6


def best_of(k: int, fn: object) -> float:
    assert callable(fn)
    best = float("inf")
    for _ in range(k):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=str(ROOT / "build/release/bench/bench_py_baseline"))
    ap.add_argument("--calls", type=int, default=200_000)
    ap.add_argument("--edges", type=int, default=10_000_000)
    ap.add_argument("--vertices", type=int, default=1_000_000)
    ap.add_argument("--json", default=str(ROOT / "bench/results/python_api.json"))
    ap.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    args = ap.parse_args()
    if args.quick:
        args.calls, args.edges, args.vertices = 20_000, 200_000, 20_000

    c_side = json.loads(
        subprocess.run(
            [
                args.bin,
                "--calls",
                str(args.calls),
                "--edges",
                str(args.edges),
                "--vertices",
                str(args.vertices),
            ],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    py_apply = small_apply_us(args.calls)

    rng = np.random.default_rng(42)
    m, n = args.edges, args.vertices
    src = rng.integers(0, n, m, dtype=np.int32)
    dst = rng.integers(0, n, m, dtype=np.int32)
    w = rng.integers(1, 101, m, dtype=np.int32)
    seq = dyng.Resources.sequential()
    py_build = best_of(3, lambda: dyng.Graph.from_edges(src, dst, w, num_vertices=n)) * 1e3
    py_build_seq = (
        best_of(3, lambda: dyng.Graph.from_edges(src, dst, w, num_vertices=n, resources=seq)) * 1e3
    )
    # The same out-CSR that scipy builds, without the in-edges (store_transposed=False).
    py_out_only = (
        best_of(
            3,
            lambda: dyng.Graph.from_edges(
                src, dst, w, num_vertices=n, store_transposed=False, resources=seq
            ),
        )
        * 1e3
    )
    scipy_ms = None
    try:
        import scipy
        import scipy.sparse

        scipy_ms = best_of(3, lambda: scipy.sparse.csr_matrix((w, (src, dst)), shape=(n, n))) * 1e3
        scipy_version = scipy.__version__
    except ImportError:
        scipy_version = None

    threads = dyng.get_default_resources().num_threads
    result = {
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "date": date.today().isoformat(),
        "python": sys.version.split()[0],
        "numpy": np.__version__,
        "scipy": scipy_version,
        "default_threads": threads,
        "apply_1_edge": {
            "c_us": c_side["apply_1_edge_us"],
            "python_us": py_apply,
            "added_us": py_apply - c_side["apply_1_edge_us"],
            "target_added_us": 5.0,
        },
        "from_edges": {
            "edges": m,
            "vertices": n,
            "c_ms": c_side["from_edges_ms"],
            "python_ms": py_build,
            "python_over_c": py_build / c_side["from_edges_ms"],
            "c_sequential_ms": c_side["from_edges_sequential_ms"],
            "python_sequential_ms": py_build_seq,
            "python_over_c_sequential": py_build_seq / c_side["from_edges_sequential_ms"],
            "scipy_csr_matrix_ms": scipy_ms,
            "scipy_over_python": None if scipy_ms is None else scipy_ms / py_build,
            "scipy_over_python_sequential": None if scipy_ms is None else scipy_ms / py_build_seq,
            "python_out_only_sequential_ms": py_out_only,
            "scipy_over_python_out_only_sequential": None
            if scipy_ms is None
            else scipy_ms / py_out_only,
            "target_python_over_c": 1.5,
        },
    }
    a, b = result["apply_1_edge"], result["from_edges"]
    print(
        f"dyng Python layer vs C ({result['date']}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, default threads {threads})"
    )
    print(
        f"  apply, 1-edge batch, 1,000 vertices: C {a['c_us']:.2f} us, Python "
        f"{a['python_us']:.2f} us, added {a['added_us']:.2f} us (target < 5)"
    )
    print(
        f"  from_edges, {m:,} edges: C {b['c_ms']:.1f} ms, Python {b['python_ms']:.1f} ms "
        f"({b['python_over_c']:.2f}x C, target <= 1.5x)"
    )
    print(
        f"    sequential: C {b['c_sequential_ms']:.1f} ms, Python "
        f"{b['python_sequential_ms']:.1f} ms ({b['python_over_c_sequential']:.2f}x C)"
    )
    if scipy_ms is not None:
        print(
            f"    scipy.sparse.csr_matrix((data, (src, dst))): {scipy_ms:.1f} ms; dyng is "
            f"{b['scipy_over_python']:.2f}x faster ({b['scipy_over_python_sequential']:.2f}x "
            f"on one thread)"
        )
    if scipy_ms is not None:
        print(
            f"    out-CSR only (store_transposed=False, as scipy builds), one thread: "
            f"{py_out_only:.1f} ms, {b['scipy_over_python_out_only_sequential']:.2f}x faster "
            "than scipy"
        )
    if not args.quick:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
