#!/usr/bin/env python3
"""Matrix Market reading speed: dynG (1 and 2 threads) against scipy.io.mmread.

Every file is read as plain text by both readers: the .mtx.gz files of the
shared data folder are decompressed into a temporary folder first, and a
~100 MB random integer-weighted general matrix is generated there (seeded,
with numpy). For each file the C program bench_mm_read reports dynG's best of
three reads on 1 and on 2 threads; scipy.io.mmread is timed best of three in
this process, on 1 and on 2 threads (its default is every CPU: 2 here). The
table gives MB/s (10^6 bytes of text per second) and the ratios dynG / scipy
on the same thread counts (and dynG's 1 thread against scipy's default); the
same rows go to bench/results/mm_read.json.

Usage: python bench/mm_read.py [--bin build/release/bench/bench_mm_read]
                               [--data ../shared/data] [--size-mb 100]
Needs numpy and scipy.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import scipy
import scipy.io

ROOT = Path(__file__).resolve().parent.parent


def digits_table(values: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """ASCII digits of non-negative ints, right-aligned in `width` columns,
    and a mask of the columns that hold a digit (no leading zeros)."""
    chars = np.empty((values.size, width), dtype=np.uint8)
    rest = values.copy()
    for k in range(width - 1, -1, -1):
        chars[:, k] = 48 + rest % 10
        rest //= 10
    ndigits = np.ones(values.size, dtype=np.int64)
    for k in range(1, width):
        ndigits += values >= 10**k
    keep = np.arange(width)[None, :] >= (width - ndigits)[:, None]
    return chars, keep


def generate(path: Path, target_mb: float, seed: int = 12345) -> None:
    """A random general integer matrix of about target_mb MB, written with
    vectorised formatting (no Python loop over entries)."""
    rng = np.random.default_rng(seed)
    n = 1_000_000
    m = int(target_mb * 1e6 / 20.7)  # about 20.7 bytes per line
    rows = rng.integers(1, n + 1, m)
    cols = rng.integers(1, n + 1, m)
    vals = rng.integers(-1000, 1_000_000, m)
    pieces, masks = [], []
    for k, col in enumerate((rows, cols, vals)):
        if k == 2:
            sign = np.where(col < 0, ord("-"), ord(" ")).astype(np.uint8)[:, None]
            pieces.append(sign)
            masks.append((col < 0)[:, None])
            col = np.abs(col)
        chars, keep = digits_table(col, 7)
        pieces.append(chars)
        masks.append(keep)
        end = np.full((m, 1), ord("\n") if k == 2 else ord(" "), dtype=np.uint8)
        pieces.append(end)
        masks.append(np.ones((m, 1), dtype=bool))
    text = np.concatenate(pieces, axis=1)[np.concatenate(masks, axis=1)]
    with open(path, "wb") as f:
        f.write(b"%%MatrixMarket matrix coordinate integer general\n")
        f.write(b"%% random, seed %d\n" % seed)
        f.write(b"%d %d %d\n" % (n, n, m))
        f.write(text.tobytes())


def run_dyng(binary: Path, path: Path) -> dict[int, dict[str, float]]:
    """bench_mm_read's best runs: {threads: {"seconds", "mbps", "edges"}}."""
    out = subprocess.run(
        [str(binary), str(path), "1", "2"], check=True, capture_output=True, text=True
    ).stdout
    result: dict[int, dict[str, float]] = {}
    for line in out.splitlines():
        if not line.startswith("dyng "):
            continue
        fields = dict(item.split("=", 1) for item in line.split()[1:])
        result[int(fields["threads"])] = {
            "seconds": float(fields["seconds"]),
            "mbps": float(fields["MB/s"]),
            "edges": float(fields["edges"]),
        }
    return result


def run_scipy(path: Path, threads: int) -> tuple[float, int]:
    """Best of three scipy.io.mmread times on `threads` threads, and the matrix's nnz.

    scipy's reader (fast_matrix_market) takes its thread count from
    scipy.io._fast_matrix_market.PARALLELISM (0, its default: every CPU), the
    value that threadpoolctl's limits set; it is set here directly (threadpoolctl
    is not a dependency) and restored after."""
    import scipy.io._fast_matrix_market as fmm

    saved = fmm.PARALLELISM
    fmm.PARALLELISM = threads
    try:
        best, nnz = float("inf"), 0
        for _ in range(3):
            t0 = time.perf_counter()
            a = scipy.io.mmread(str(path))
            best = min(best, time.perf_counter() - t0)
            nnz = int(a.nnz)
            del a
    finally:
        fmm.PARALLELISM = saved
    return best, nnz


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=str(ROOT / "build/release/bench/bench_mm_read"))
    ap.add_argument("--data", default=str(ROOT.parent / "shared/data"))
    ap.add_argument("--size-mb", type=float, default=100.0, help="size of the generated file")
    ap.add_argument("--out", default=str(ROOT / "bench/results/mm_read.json"))
    args = ap.parse_args()

    binary = Path(args.bin)
    if not binary.exists():
        print(f"mm_read.py: {binary} not found; build it or pass --bin", file=sys.stderr)
        return 1
    rows = []
    with tempfile.TemporaryDirectory(prefix="dyng_mm_read_") as tmp:
        files: list[Path] = []
        data = Path(args.data)
        for gz in sorted(data.glob("*.mtx.gz")) if data.is_dir() else []:
            plain = Path(tmp) / gz.name[: -len(".gz")]
            with gzip.open(gz, "rb") as src, open(plain, "wb") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)
            files.append(plain)
        if not files:
            print(
                f"mm_read.py: no .mtx.gz files in {data}; only the generated one", file=sys.stderr
            )
        generated = Path(tmp) / f"random_{int(args.size_mb)}MB.mtx"
        t0 = time.perf_counter()
        generate(generated, args.size_mb)
        print(f"generated {generated.name} in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
        files.append(generated)

        for path in files:
            mb = path.stat().st_size / 1e6
            dyng = run_dyng(binary, path)
            # scipy on as many threads as dynG: 1, and 2 (its default here: every CPU)
            seconds1, nnz = run_scipy(path, 1)
            seconds, _ = run_scipy(path, 2)
            scipy_mbps, scipy1_mbps = mb / seconds, mb / seconds1
            row = {
                "file": path.name,
                "MB": round(mb, 2),
                "entries": int(dyng[1]["edges"]),
                "dyng_1t_MBps": round(dyng[1]["mbps"], 1),
                "dyng_2t_MBps": round(dyng[2]["mbps"], 1),
                "scipy_1t_MBps": round(scipy1_mbps, 1),
                "scipy_MBps": round(scipy_mbps, 1),
                "ratio_2t_scipy": round(dyng[2]["mbps"] / scipy_mbps, 2),
                "ratio_1t_scipy_1t": round(dyng[1]["mbps"] / scipy1_mbps, 2),
                "ratio_1t_scipy": round(dyng[1]["mbps"] / scipy_mbps, 2),
                "dyng_1t_seconds": dyng[1]["seconds"],
                "dyng_2t_seconds": dyng[2]["seconds"],
                "scipy_1t_seconds": round(seconds1, 6),
                "scipy_seconds": round(seconds, 6),
                "scipy_nnz": nnz,
            }
            rows.append(row)
            print(f"  {path.name}: done", file=sys.stderr)

    header = [
        "file",
        "MB",
        "dyng 1t MB/s",
        "scipy 1t MB/s",
        "1t/1t",
        "dyng 2t MB/s",
        "scipy 2t MB/s",
        "2t/2t",
        "dyng 1t/scipy 2t",
    ]
    keys = [
        "file",
        "MB",
        "dyng_1t_MBps",
        "scipy_1t_MBps",
        "ratio_1t_scipy_1t",
        "dyng_2t_MBps",
        "scipy_MBps",
        "ratio_2t_scipy",
        "ratio_1t_scipy",
    ]
    widths = [max(len(header[i]), *(len(str(r[k])) for r in rows)) for i, k in enumerate(keys)]
    print(
        "  ".join(
            h.ljust(w) if i == 0 else h.rjust(w)
            for i, (h, w) in enumerate(zip(header, widths, strict=True))
        )
    )
    for r in rows:
        print(
            "  ".join(
                str(r[k]).ljust(w) if i == 0 else str(r[k]).rjust(w)
                for i, (k, w) in enumerate(zip(keys, widths, strict=True))
            )
        )

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "benchmark": "mm_read",
        "unit": "MB/s (10^6 bytes of plain text per second), best of 3",
        "scipy": scipy.__version__,
        "numpy": np.__version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "binary": str(binary),
        "rows": rows,
    }
    out.write_text(json.dumps(meta, indent=2) + "\n")
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
