#!/usr/bin/env python3
"""Reading a graph in place: rows, degrees and edge lookups against exporting it, and against
SciPy on the same edges.

On a uniform random graph and an R-MAT graph (2^20 vertices, about 4M edges, one int32 weight,
in-edges stored; built with `dyng.generators`), in one run, one thread unless said:

(a) per call, best of 3 over 20,000 random vertices: ``Graph.row(v)``, ``Graph.neighbors(v)``,
    ``Graph.degree(v)``, ``Graph.has_edge(u, v)``; beside them SciPy's ``A[u, v]`` on a CSR
    matrix of the same edges, and the slice ``A.indices[A.indptr[v]:A.indptr[v + 1]]`` copied;
    and over 20,000 random edges, ``Graph.weight(u, v)`` against ``A[u, v]``; where installed,
    the same calls of igraph (``neighbors(v, mode="out")``, ``degree(v, mode="out")``,
    ``are_adjacent``, the weight of ``get_eid``) and of NetworKit (``list(iterNeighbors(v))``,
    ``degree``, ``hasEdge``, ``weight``) on graphs of the same edges, with their ratios;
(b) every degree: ``Graph.degrees()`` (and ``transposed=True``) against
    ``numpy.diff(Graph.to_csr()[0])``;
(c) 1M pairs, half of them edges and half random: ``Graph.has_edges`` on one and two threads
    against SciPy's ``A[src, dst]``, and against a loop of ``has_edge`` (timed on 20,000 pairs);
    ``Graph.edge_weights(src, dst, default=0)``, which gives what ``A[src, dst]`` gives, on one
    and two threads. The answers are compared, and a difference fails the run.

Prints a table and writes bench/results/graph_reads.json.
Usage: python bench/graph_reads.py [--scale 20] [--quick]
Needs numpy and scipy; igraph and NetworKit (the ``bench`` extra) where installed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse

import dyng
from dyng import generators

ROOT = Path(__file__).resolve().parent.parent


def best(fn: Callable[[], Any], reps: int = 3) -> tuple[float, Any]:
    """The least wall time of `reps` calls, and the last call's value."""
    least, value = float("inf"), None
    for _ in range(reps):
        t0 = time.perf_counter()
        value = fn()
        least = min(least, time.perf_counter() - t0)
    return least, value


def graphs(scale: int) -> list[tuple[str, np.ndarray, np.ndarray, np.ndarray]]:
    """(name, src, dst, weights) of the two graphs: 4 edges a vertex."""
    n = 1 << scale
    src, dst, w = generators.erdos_renyi_edges(n, 4 * n, seed=11, weights=(1, 100))
    rsrc, rdst, rw = generators.rmat_edges(scale, 4, seed=3, weights=(1, 100))
    return [("uniform", src, dst, w), ("rmat", rsrc, rdst, rw)]


def peer_calls(
    src: Any,
    dst: Any,
    w: Any,
    n: int,
    vs: list[int],
    edge: dict[int, tuple[int, int]],
    per_call: Callable[[Callable[[int], Any]], float],
) -> dict[str, dict[str, float]]:
    """Per call (us): the peers' neighbours, degree, edge test and edge weight, where installed.

    The answers are checked against SciPy's on the vertices and edges timed."""
    out: dict[str, dict[str, float]] = {}
    a = scipy.sparse.csr_matrix((w[:, 0], (src, dst)), shape=(n, n))
    some = vs[:200]
    want_rows = [sorted(a.indices[a.indptr[v] : a.indptr[v + 1]].tolist()) for v in some]
    try:
        import igraph
    except ImportError:
        igraph = None
    if igraph is not None:
        ig = igraph.Graph(n=n, edges=np.column_stack([src, dst]), directed=True)
        ig.es["weight"] = w[:, 0].tolist()
        if [sorted(ig.neighbors(v, mode="out")) for v in some] != want_rows:
            raise SystemExit("graph_reads: igraph's rows differ from SciPy's")

        def ig_weight(v: int) -> Any:
            return ig.es[ig.get_eid(*edge[v])]["weight"]

        if [ig_weight(v) for v in some] != [int(a[edge[v]]) for v in some]:
            raise SystemExit("graph_reads: igraph's weights differ from SciPy's")
        out["igraph"] = {
            "neighbors_us": per_call(lambda v: ig.neighbors(v, mode="out")),
            "degree_us": per_call(lambda v: ig.degree(v, mode="out")),
            "has_edge_us": per_call(lambda v: ig.are_adjacent(v, v + 1 if v + 1 < n else 0)),
            "weight_us": per_call(ig_weight),
        }
        del ig
    try:
        import networkit
    except ImportError:
        networkit = None
    if networkit is not None:
        nk = networkit.Graph(n, weighted=True, directed=True)
        nk.addEdges((w[:, 0].astype(np.float64), (src.astype(np.uint64), dst.astype(np.uint64))))
        if [sorted(nk.iterNeighbors(v)) for v in some] != want_rows:
            raise SystemExit("graph_reads: NetworKit's rows differ from SciPy's")
        if [nk.weight(*edge[v]) for v in some] != [float(a[edge[v]]) for v in some]:
            raise SystemExit("graph_reads: NetworKit's weights differ from SciPy's")
        out["networkit"] = {
            "neighbors_us": per_call(lambda v: list(nk.iterNeighbors(v))),
            "degree_us": per_call(nk.degree),
            "has_edge_us": per_call(lambda v: nk.hasEdge(v, v + 1 if v + 1 < n else 0)),
            "weight_us": per_call(lambda v: nk.weight(*edge[v])),
        }
        del nk
    return out


def run_graph(name: str, src: Any, dst: Any, w: Any, n: int, threads: int) -> dict[str, Any]:
    seq = dyng.Resources.sequential()
    g = dyng.Graph.from_edges(src, dst, w, num_vertices=n, resources=seq)
    a = scipy.sparse.csr_matrix((w[:, 0], (src, dst)), shape=(n, n))
    rng = np.random.default_rng(7)
    vs = rng.integers(0, n, 20_000).tolist()
    row: dict[str, Any] = {"graph": name, "vertices": n, "edges": g.num_edges}

    def per_call(fn: Callable[[int], Any]) -> float:
        return best(lambda: [fn(v) for v in vs])[0] / len(vs) * 1e6

    row["row_us"] = per_call(g.row)
    row["neighbors_us"] = per_call(g.neighbors)
    row["degree_us"] = per_call(g.degree)
    row["has_edge_us"] = per_call(lambda v: g.has_edge(v, v + 1 if v + 1 < n else 0))
    row["scipy_get_us"] = per_call(lambda v: a[v, v + 1 if v + 1 < n else 0])
    row["scipy_slice_us"] = per_call(lambda v: a.indices[a.indptr[v] : a.indptr[v + 1]].copy())
    some = rng.integers(0, len(src), len(vs))
    edge = dict(zip(vs, zip(src[some].tolist(), dst[some].tolist(), strict=True), strict=True))
    row["weight_us"] = per_call(lambda v: g.weight(*edge[v]))
    row["scipy_weight_us"] = per_call(lambda v: a[edge[v]])
    row["peers"] = peer_calls(src, dst, w, n, vs, edge, per_call)

    row["degrees_ms"], deg = best(g.degrees)
    row["degrees_in_ms"], _ = best(lambda: g.degrees(transposed=True))
    row["diff_to_csr_ms"], want = best(lambda: np.diff(g.to_csr()[0]))
    if deg.tolist() != want.tolist():
        raise SystemExit(f"graph_reads: {name}: degrees() differs from diff(to_csr()[0])")
    row["degrees_ratio"] = row["diff_to_csr_ms"] / row["degrees_ms"]
    for key in ("degrees_ms", "degrees_in_ms", "diff_to_csr_ms"):
        row[key] *= 1e3

    q = 1_000_000
    pick = rng.integers(0, len(src), q // 2)
    qs = np.concatenate([src[pick], rng.integers(0, n, q // 2).astype(src.dtype)])
    qd = np.concatenate([dst[pick], rng.integers(0, n, q // 2).astype(dst.dtype)])
    t1, got = best(lambda: g.has_edges(qs, qd))
    team = dyng.Resources.openmp(threads) if threads > 1 else seq
    gt = dyng.Graph.from_edges(src, dst, w, num_vertices=n, resources=team)
    tn, got_n = best(lambda: gt.has_edges(qs, qd))
    ts, want = best(lambda: np.asarray(a[qs, qd]).ravel() != 0)
    loop = 20_000
    pairs = list(zip(qs[:loop].tolist(), qd[:loop].tolist(), strict=True))
    tl, got_loop = best(lambda: [g.has_edge(u, v) for u, v in pairs])
    if not (got.tolist() == got_n.tolist() == want.tolist() and got_loop == want[:loop].tolist()):
        raise SystemExit(f"graph_reads: {name}: has_edges differs from SciPy or has_edge")
    tw, got_w = best(lambda: g.edge_weights(qs, qd, default=0))
    twn, got_wn = best(lambda: gt.edge_weights(qs, qd, default=0))
    tsw, want_w = best(lambda: np.asarray(a[qs, qd]).ravel())
    if not (got_w[:, 0].tolist() == got_wn[:, 0].tolist() == want_w.tolist()):
        raise SystemExit(f"graph_reads: {name}: edge_weights differs from SciPy's A[src, dst]")
    row.update(
        {
            "pairs": q,
            "threads": threads,
            "has_edges_ms": t1 * 1e3,
            "has_edges_threads_ms": tn * 1e3,
            "scipy_pairs_ms": ts * 1e3,
            "has_edge_loop_ms": tl / loop * q * 1e3,
            "has_edges_vs_scipy": ts / t1,
            "has_edges_threads_vs_scipy": ts / tn,
            "has_edges_vs_loop": tl / loop * q / t1,
            "edge_weights_ms": tw * 1e3,
            "edge_weights_threads_ms": twn * 1e3,
            "scipy_values_ms": tsw * 1e3,
            "edge_weights_vs_scipy": tsw / tw,
            "edge_weights_threads_vs_scipy": tsw / twn,
        }
    )
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=int, default=20, help="2^scale vertices (20)")
    ap.add_argument("--quick", action="store_true", help="2^16 vertices, to try it out")
    ap.add_argument("--json", default=str(ROOT / "bench" / "results" / "graph_reads.json"))
    args = ap.parse_args()
    scale = 16 if args.quick else args.scale
    n = 1 << scale
    threads = 2 if dyng.config.config()["openmp"] and (os.cpu_count() or 1) >= 2 else 1
    print(f"graph_reads ({date.today()}, {platform.machine()}, {os.cpu_count()} CPUs)")
    rows = [run_graph(name, s, d, w, n, threads) for name, s, d, w in graphs(scale)]
    for r in rows:
        print(f"\n{r['graph']}: {r['vertices']:,} vertices, {r['edges']:,} edges (in-edges stored)")
        print(
            f"  per call (us): row {r['row_us']:.2f}  neighbors {r['neighbors_us']:.2f}  "
            f"degree {r['degree_us']:.2f}  has_edge {r['has_edge_us']:.2f}  |  scipy A[u, v] "
            f"{r['scipy_get_us']:.2f}  scipy row slice copied {r['scipy_slice_us']:.2f}"
        )
        print(
            f"  per edge (us): weight {r['weight_us']:.2f}  |  scipy A[u, v] "
            f"{r['scipy_weight_us']:.2f}  ratio {r['scipy_weight_us'] / r['weight_us']:.1f}x"
        )
        for peer, t in r["peers"].items():
            ratios = "  ".join(
                f"{k[:-3]} {t[k]:.2f} ({t[k] / r[k]:.2f}x)"
                for k in ("neighbors_us", "degree_us", "has_edge_us", "weight_us")
            )
            print(f"  {peer}, per call (us; its time over dyng's): {ratios}")
        print(
            f"  every degree: degrees() {r['degrees_ms']:.2f} ms  (in: {r['degrees_in_ms']:.2f} ms)"
            f"  diff(to_csr()[0]) {r['diff_to_csr_ms']:.2f} ms  ratio {r['degrees_ratio']:.1f}x"
        )
        print(
            f"  {r['pairs']:,} pairs: has_edges {r['has_edges_ms']:.1f} ms, {r['threads']} threads "
            f"{r['has_edges_threads_ms']:.1f} ms  scipy A[src, dst] {r['scipy_pairs_ms']:.1f} ms  "
            f"has_edge loop {r['has_edge_loop_ms']:.0f} ms  ratios vs scipy "
            f"{r['has_edges_vs_scipy']:.2f}x ({r['threads']} threads "
            f"{r['has_edges_threads_vs_scipy']:.2f}x), vs the loop {r['has_edges_vs_loop']:.0f}x"
        )
        print(
            f"  {r['pairs']:,} pairs: edge_weights {r['edge_weights_ms']:.1f} ms, {r['threads']} "
            f"threads {r['edge_weights_threads_ms']:.1f} ms  scipy A[src, dst] (values) "
            f"{r['scipy_values_ms']:.1f} ms  ratios vs scipy {r['edge_weights_vs_scipy']:.2f}x "
            f"({r['threads']} threads {r['edge_weights_threads_vs_scipy']:.2f}x)"
        )
    out = {
        "date": str(date.today()),
        "machine": {"arch": platform.machine(), "cpus": os.cpu_count()},
        "dyng": dyng.__version__,
        "rows": rows,
    }
    Path(args.json).write_text(json.dumps(out, indent=2) + "\n")
    print(f"\nwrote {os.path.relpath(args.json)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
