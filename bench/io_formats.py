#!/usr/bin/env python3
"""Reading files: edge lists against numpy.loadtxt and pandas (pyarrow), .dgb against .dgt.

(a) An edge list of about 200 MB ("u<TAB>v<TAB>w" lines, ids below 2^22, weights 1..100,
    seeded) in a temporary folder, read into arrays by dyng.io.read_edge_list_arrays on 1 and
    2 threads, by numpy.loadtxt(dtype=int64) and by pandas.read_csv(engine="pyarrow") (which
    reads on its own thread pool; pyarrow is told to use 2 CPUs). Every reader's arrays are
    checked against dynG's. Best of 3 (numpy.loadtxt: one run).
(b) A stream of 10M changes (100 batches of 50K insertions with one weight plus 50K deletions,
    ids below 2^22) written as .dgt and as .dgb (plain), then read back batch by batch with
    dyng.io.iter_batches; best of 3. The batches read are checked to be equal.

Writes bench/results/io_formats.json and prints a table with the ratios.
Usage: python bench/io_formats.py [--size-mb 200] [--changes 10000000] [--tmp DIR]
Needs numpy, pandas and pyarrow (the bench extra).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np

import dyng

ROOT = Path(__file__).resolve().parent.parent


def best(fn: Callable[[], Any], reps: int) -> tuple[float, Any]:
    """The best time of `reps` runs and the last result."""
    out, t = None, float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        out = fn()
        t = min(t, time.perf_counter() - t0)
    return t, out


def make_edge_list(path: Path, size_mb: float) -> int:
    """About size_mb MB of "u\\tv\\tw" lines; returns the edge count."""
    rng = np.random.default_rng(2026)
    m = int(size_mb * 1e6 / 18.0)  # about 18 bytes a line at these ranges
    src = rng.integers(0, 1 << 22, m)
    dst = rng.integers(0, 1 << 22, m)
    w = rng.integers(1, 101, m).astype(np.int32).reshape(-1, 1)
    raw = path.with_suffix(".with_header")
    dyng.io.write_edge_list_arrays(raw, src, dst, w)
    with open(raw, "rb") as f, open(path, "wb") as out:
        f.readline()  # the "# dynG edge list" line: pyarrow's CSV reader takes no comments
        shutil.copyfileobj(f, out, 1 << 24)
    raw.unlink()
    return m


def bench_edge_list(tmp: Path, size_mb: float) -> dict[str, Any]:
    import pandas as pd
    import pyarrow

    path = tmp / "edges.tsv"
    m = make_edge_list(path, size_mb)
    mb = path.stat().st_size / 1e6
    row: dict[str, Any] = {"file_mb": mb, "edges": m}
    mine: dict[int, Any] = {}
    for threads in (1, 2):
        res = dyng.Resources.sequential() if threads == 1 else dyng.Resources.openmp(threads)
        t, a = best(lambda res=res: dyng.io.read_edge_list_arrays(path, resources=res), 3)
        row[f"dyng_{threads}t_s"] = t
        mine[threads] = a
    ref = mine[2]
    assert np.array_equal(ref.src, mine[1].src) and np.array_equal(ref.weights, mine[1].weights)
    pyarrow.set_cpu_count(2)
    pyarrow.set_io_thread_count(2)
    t, df = best(
        lambda: pd.read_csv(
            path, sep="\t", header=None, engine="pyarrow", dtype="int64", names=["u", "v", "w"]
        ),
        3,
    )
    assert np.array_equal(df["u"].to_numpy(), ref.src) and np.array_equal(
        df["w"], ref.weights[:, 0]
    )
    row["pandas_pyarrow_s"] = t
    del df
    t, arr = best(lambda: np.loadtxt(path, dtype=np.int64), 1)
    assert np.array_equal(arr[:, 1], ref.dst)
    row["numpy_loadtxt_s"] = t
    del arr
    path.unlink()
    row["loadtxt_over_dyng"] = row["numpy_loadtxt_s"] / row["dyng_2t_s"]
    row["pyarrow_over_dyng"] = row["pandas_pyarrow_s"] / row["dyng_2t_s"]
    return row


def make_stream(changes: int) -> list[dyng.EdgeBatch]:
    rng = np.random.default_rng(7)
    per = 50_000
    out = []
    for i in range(max(changes // (2 * per), 1)):
        out.append(
            dyng.EdgeBatch(
                insert=(
                    rng.integers(0, 1 << 22, per),
                    rng.integers(0, 1 << 22, per),
                    rng.integers(1, 101, per).astype(np.int32).reshape(-1, 1),
                ),
                delete=(rng.integers(0, 1 << 22, per), rng.integers(0, 1 << 22, per)),
                id=i,
            )
        )
    return out


def bench_streams(tmp: Path, changes: int) -> dict[str, Any]:
    stream = make_stream(changes)
    total = sum(len(b) for b in stream)
    row: dict[str, Any] = {"batches": len(stream), "changes": total}
    for fmt in ("dgt", "dgb"):
        path = tmp / f"stream.{fmt}"
        t0 = time.perf_counter()
        dyng.io.write_batches(path, stream)
        row[f"{fmt}_write_s"] = time.perf_counter() - t0
        row[f"{fmt}_mb"] = path.stat().st_size / 1e6

        def read(path: Path = path) -> int:
            n = 0
            for b in dyng.io.iter_batches(path, vertex_dtype="int32"):
                n += len(b)
            return n

        t, n = best(read, 3)
        assert n == total
        row[f"{fmt}_read_s"] = t
    back = dyng.io.read_batches(tmp / "stream.dgb", vertex_dtype="int64")
    text = dyng.io.read_batches(tmp / "stream.dgt", vertex_dtype="int64")
    for x, y in zip(back, text, strict=True):
        assert np.array_equal(x.insert_src, y.insert_src)
        assert np.array_equal(x.delete_dst, y.delete_dst)
    row["dgt_over_dgb"] = row["dgt_read_s"] / row["dgb_read_s"]
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--size-mb", type=float, default=200.0)
    ap.add_argument("--changes", type=int, default=10_000_000)
    ap.add_argument("--tmp", default=None, help="where the files go (default: a temporary folder)")
    ap.add_argument("--json", default=str(ROOT / "bench/results/io_formats.json"))
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(dir=args.tmp))
    try:
        print(f"io_formats ({date.today()}, {platform.machine()}, {os.cpu_count()} CPUs)")
        el = bench_edge_list(tmp, args.size_mb)
        print(
            f"  edge list, {el['file_mb']:.0f} MB, {el['edges']:,} edges: dyng "
            f"{el['dyng_1t_s']:.2f} s (1 thread), {el['dyng_2t_s']:.2f} s (2 threads); "
            f"numpy.loadtxt {el['numpy_loadtxt_s']:.2f} s ({el['loadtxt_over_dyng']:.1f}x); "
            f"pandas pyarrow {el['pandas_pyarrow_s']:.2f} s ({el['pyarrow_over_dyng']:.2f}x)",
            flush=True,
        )
        st = bench_streams(tmp, args.changes)
        print(
            f"  stream of {st['changes']:,} changes in {st['batches']} batches: .dgt "
            f"{st['dgt_mb']:.0f} MB read in {st['dgt_read_s']:.2f} s, .dgb {st['dgb_mb']:.0f} MB "
            f"read in {st['dgb_read_s']:.3f} s: .dgb {st['dgt_over_dgb']:.1f}x faster",
            flush=True,
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    record = {
        "date": date.today().isoformat(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "edge_list": el,
        "streams": st,
    }
    Path(args.json).write_text(json.dumps(record, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
