#!/usr/bin/env python3
"""cycle_count: compute against networkx and igraph, 2 threads against 1, update against compute.

Graphs: pgp-strong-2009 (directed), email-Enron and luxembourg_osm (undirected) from
../shared/data, and an R-MAT graph (scale 14, edge factor 8, directed, self-loops dropped).

(a) Compute for k = 3..6 on 1 and 2 threads (best of 3, or one run past a second), against
    counting the output of `networkx.simple_cycles(G, length_bound=k)` and of igraph's
    `Graph.simple_cycles(min=..., max=k)` with the same bounds. The two peers run side by side,
    each in a child process of its own (one core each), with a time limit (--peer-seconds,
    default 600 s, the 10 minutes the issue allows) and a memory cap (80% of the memory, shared).
    A peer that does not finish in time is reported as "> limit" and the ratio as a lower bound;
    one that runs out of memory (igraph returns every cycle in one Python list) as such. Neither
    is run again on that graph at a larger k (its search there includes the one at k). The counts
    a peer finishes are compared with dynG's, and a difference is reported (for 2-cycles with a
    brute-force count, which must equal dynG's).
(b) Update at k = 4 on pgp-strong-2009: batches of 100, 1K and 10K deletions of existing edges plus
    as many insertions of new random pairs, applied with dyng.cycle_count.update to one histogram
    kept through the batches (timed, apply included), checked against a compute on the new graph
    (timed); medians of 3. The crossover: the batch size where the ratio falls below 1.

(c) --chains (on its own; prints only): compute with no bound (max_length=-1) on chains whose
    ids increase along them, where every root used to walk the whole rest of the chain (time
    quadratic in the length, 9 s for a path of 40,000 vertices): an undirected path and ring, and
    a directed path and ring of mutual pairs, of 10K to 1M vertices, one thread, best of 3. The
    time must grow about linearly.

Writes bench/results/cycle_count.json (after each row; --merge keeps the rows of graphs not
measured in this run) and prints a table.
Usage: python bench/cycle_count.py [--quick] [--peer-seconds S] [--k6 [GRAPH ...]]
       [--graphs GRAPH ...] [--skip-update] [--merge]
       python bench/cycle_count.py --chains [N ...]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import queue
import resource
import statistics
import sys
import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np

import dyng

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(Path(__file__).resolve().parent))


def load_edges(name: str) -> tuple[int, np.ndarray, np.ndarray, bool]:
    if name == "rmat_14":
        from sssp_peers import rmat

        n, src, dst, _, _ = rmat(14, 8, np.random.default_rng(5))
        return n, src, dst, True
    a = dyng.io.read_matrix_market_arrays(DATA / f"{name}.mtx.gz", ignore_values=True)
    directed = name == "pgp-strong-2009" or a.symmetry == "general"
    return a.num_vertices, a.src, a.dst, directed


def graph(name: str, threads: int) -> dyng.Graph:
    n, src, dst, directed = load_edges(name)
    res = dyng.Resources.sequential() if threads == 1 else dyng.Resources.openmp(threads)
    return dyng.Graph.from_edges(src, dst, num_vertices=n, directed=directed, resources=res)


def timed(fn: Any, reps: int = 3) -> float:
    """The best of `reps` runs (one run past a second); a call of milliseconds runs until
    half a second has passed (at most 100 times), so that noise does not decide."""
    best, spent, runs = float("inf"), 0.0, 0
    while runs < reps or (spent < 0.5 and runs < 100):
        t0 = time.perf_counter()
        fn()
        took = time.perf_counter() - t0
        best, spent, runs = min(best, took), spent + took, runs + 1
        if best > 1.0:
            break
    return best


def _peer(name: str, peer: str, k: int, memory: int, out: Any) -> None:
    """Count the peer's cycles by length (run in a child process, its memory capped)."""
    n, src, dst, directed = load_edges(name)
    pairs = {(int(u), int(v)) for u, v in zip(src.tolist(), dst.tolist(), strict=True) if u != v}
    counts: dict[int, int] = {}
    # igraph's Python API returns every cycle in one list (billions at k = 5 on pgp): a cap keeps
    # it from taking the machine down, and its MemoryError is reported as such.
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    t0 = time.perf_counter()
    try:
        if peer == "networkx":
            import networkx as nx

            G = nx.DiGraph() if directed else nx.Graph()
            G.add_nodes_from(range(n))
            G.add_edges_from(pairs)
            for c in nx.simple_cycles(G, length_bound=k):
                counts[len(c)] = counts.get(len(c), 0) + 1
        else:
            import igraph

            if not directed:
                pairs = {(min(u, v), max(u, v)) for u, v in pairs}
            G = igraph.Graph(n=n, edges=sorted(pairs), directed=directed)
            for c in G.simple_cycles(min=2 if directed else 3, max=k):
                counts[len(c)] = counts.get(len(c), 0) + 1
    except MemoryError:
        out.put(("out of memory", time.perf_counter() - t0, {}))
        return
    out.put(("finished", time.perf_counter() - t0, counts))


def differs(name: str, theirs: dict[int, int], mine: dict[int, int]) -> dict[str, Any]:
    """The lengths where a peer's counts differ from dynG's, with a brute-force count of 2-cycles
    (mutual pairs) where that length is among them. Raises when the brute force disagrees with
    dynG: a benchmark of a wrong answer is no benchmark."""
    out: dict[str, Any] = {}
    for length in sorted(set(theirs) | set(mine)):
        if theirs.get(length, 0) != mine.get(length, 0):
            out[str(length)] = {"peer": theirs.get(length, 0), "dyng": mine.get(length, 0)}
    if "2" in out:
        _, src, dst, _ = load_edges(name)
        pairs = set(zip(src.tolist(), dst.tolist(), strict=True))
        mutual = sum(1 for u, v in pairs if u < v and (v, u) in pairs)
        out["2"]["brute_force"] = mutual
        assert mutual == mine.get(2, 0), (name, mutual, mine)
    return out


def run_peers(
    name: str, peers: list[str], k: int, limit: float
) -> dict[str, tuple[str, float | None, dict[int, int]]]:
    """Run the peers side by side, one child process (and one core) each, with a time limit.

    Returns, per peer, ("finished" | "timeout" | "out of memory" | "failed", seconds, counts).
    Not "fork": the parent has run OpenMP regions, and a forked child that starts one (the
    Matrix Market reader does) waits forever on libgomp's threads, which were not forked.
    """
    ctx = mp.get_context("spawn")
    memory = int(
        os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") * 0.8 / max(len(peers), 1)
    )
    started = {}
    for peer in peers:
        q: Any = ctx.Queue()
        p = ctx.Process(target=_peer, args=(name, peer, k, memory, q))
        p.start()
        started[peer] = (p, q)
    deadline = time.monotonic() + limit + 30.0  # the children load the graph before timing
    out: dict[str, tuple[str, float | None, dict[int, int]]] = {}
    for peer, (p, q) in started.items():
        try:
            status, seconds, counts = q.get(timeout=max(deadline - time.monotonic(), 0.0))
        except queue.Empty:
            status, seconds, counts = ("timeout" if p.is_alive() else "failed"), None, {}
        if status == "finished" and seconds > limit:
            status, seconds, counts = "timeout", None, {}
        if p.is_alive():
            p.kill()
        p.join()
        out[peer] = (status, seconds, counts)
    return out


def bench_compute(
    name: str, ks: list[int], limit: float, earlier: dict[tuple[str, int], dict[str, Any]]
) -> Iterator[dict[str, Any]]:
    """Rows for the graph at each k. `earlier` (--merge): the rows of an earlier run by (graph,
    k); with --no-peers (limit 0) their peer columns are kept (the row says when they were
    measured), and a peer stopped there at a smaller k is not run again here either."""
    g1, g2 = graph(name, 1), graph(name, 2)
    stopped: dict[str, str] = {}
    for (graph_name, k0), old in sorted(earlier.items()):
        for peer in PEERS:
            status = old.get(f"{peer}_status", "")
            if graph_name == name and k0 < min(ks) and not old.get(f"{peer}_finished", True):
                where = "" if ", as at" in status else f", as at k={k0}"
                stopped.setdefault(peer, status + where)
    for k in ks:
        hist = dyng.cycle_count.compute(g1, max_length=k)
        t1 = timed(lambda g1=g1, k=k: dyng.cycle_count.compute(g1, max_length=k))
        t2 = timed(lambda g2=g2, k=k: dyng.cycle_count.compute(g2, max_length=k))
        mine = {length: c for length, c in hist.to_dict().items() if c}
        row: dict[str, Any] = {
            "graph": name,
            "k": k,
            "total": hist.total,
            "dyng_1t_s": t1,
            "dyng_2t_s": t2,
            "two_threads": t1 / t2,
        }
        # A peer's search at bound k+1 does all of its work at bound k and more, so one that ran
        # past the limit (or out of memory) at k is not run again at a larger k: the row says
        # "as at k=..." and keeps the lower bound.
        old = earlier.get((name, k))
        if limit <= 0:  # --no-peers: the earlier run's peer columns, dated
            if old is None:
                raise SystemExit(f"--no-peers: no earlier row for {name} k={k} to keep")
            row.update({f: v for f, v in old.items() if f.split("_")[0] in PEERS})
            row["peers_measured"] = old["peers_measured"]
            row["peer_limit_s"] = old["peer_limit_s"]
            for peer in PEERS:  # the ratio against this run's dynG time
                seconds = row[f"{peer}_s"]
                row[f"{peer}_over_dyng"] = (seconds or old["peer_limit_s"]) / t1
            print(
                f"    {name:16} k={k}: dyng {t1:8.3f} s (2 threads {t2:8.3f} s, "
                f"{t1 / t2:.2f}x); peers as measured on {row['peers_measured']}: networkx "
                f"{fmt(row, 'networkx', old['peer_limit_s'])}; igraph "
                f"{fmt(row, 'igraph', old['peer_limit_s'])}; {hist.total:,} cycles",
                flush=True,
            )
            yield row
            continue
        row["peer_limit_s"] = limit
        row["peers_measured"] = date.today().isoformat()
        results = run_peers(name, [p for p in PEERS if p not in stopped], k, limit)
        for peer in PEERS:
            status, seconds, counts = results.get(peer, (stopped.get(peer, ""), None, {}))
            if peer in results and status != "finished":
                stopped[peer] = f"{status}, as at k={k}"
            row[f"{peer}_status"] = status if peer in results else stopped[peer]
            row[f"{peer}_s"] = seconds
            row[f"{peer}_finished"] = status == "finished"
            row[f"{peer}_over_dyng"] = (seconds if seconds is not None else limit) / t1
            row[f"{peer}_differs"] = differs(name, counts, mine) if status == "finished" else {}
        print(
            f"    {name:16} k={k}: dyng {t1:8.3f} s (2 threads {t2:8.3f} s, "
            f"{t1 / t2:.2f}x); networkx {fmt(row, 'networkx', limit)}; "
            f"igraph {fmt(row, 'igraph', limit)}; {hist.total:,} cycles",
            flush=True,
        )
        yield row


PEERS = ["networkx", "igraph"]


def fmt(row: dict[str, Any], peer: str, limit: float) -> str:
    if row[f"{peer}_finished"]:
        wrong = "".join(
            f", {d['peer']:,} cycles of length {length} where dynG counts {d['dyng']:,}"
            + (f" (brute force: {d['brute_force']:,})" if "brute_force" in d else "")
            for length, d in row[f"{peer}_differs"].items()
        )
        return f"{row[f'{peer}_s']:8.3f} s ({row[f'{peer}_over_dyng']:.1f}x{wrong})"
    status = row[f"{peer}_status"]
    if status.startswith("timeout"):
        return f"> {limit:.0f} s{status[len('timeout') :]} (> {row[f'{peer}_over_dyng']:.1f}x)"
    return status


def bench_update(sizes: list[int], reps: int) -> list[dict[str, Any]]:
    """Update against the recomputation path on the same batches: a twin of the graph takes
    each batch by apply, then a compute (what a program without update does), timed apart;
    medians of `reps` batches."""
    rng = np.random.default_rng(11)
    g = graph("pgp-strong-2009", 1)
    twin = g.clone()
    hist = dyng.cycle_count.compute(g, max_length=4)
    rows = []
    for size in sizes:
        up, app, comp, fallbacks = [], [], [], 0
        for _ in range(reps):
            src, dst, _ = g.edges()
            pick = rng.choice(len(src), size, replace=False)
            n = g.num_vertices
            batch = dyng.EdgeBatch(
                insert=(rng.integers(0, n, size), rng.integers(0, n, size)),
                delete=(src[pick], dst[pick]),
            )
            t0 = time.perf_counter()
            st = dyng.cycle_count.update(g, batch, hist)
            up.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            twin.apply(batch)
            app.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            fresh = dyng.cycle_count.compute(twin, max_length=4)
            comp.append(time.perf_counter() - t0)
            assert fresh.to_dict() == hist.to_dict()
            fallbacks += st.fallback_used
        u, a, c = statistics.median(up), statistics.median(app), statistics.median(comp)
        rows.append(
            {
                "batch": f"{size}+{size}",
                "update_ms": u * 1e3,
                "apply_ms": a * 1e3,
                "compute_ms": c * 1e3,
                "compute_over_update": c / u,
                "recompute_over_update": (a + c) / u,
                "recounts": fallbacks,
                "measured": time.strftime("%Y-%m-%d"),
            }
        )
        print(
            f"    pgp-strong-2009 k=4 batch {size:>6,}+{size:<6,}: update {u * 1e3:8.2f} ms, "
            f"apply {a * 1e3:6.2f} + compute {c * 1e3:8.2f} ms: {(a + c) / u:6.2f}x "
            f"({c / u:6.2f}x compute alone; recounts {fallbacks} of {reps})",
            flush=True,
        )
    return rows


def bench_chains(sizes: list[int]) -> None:
    """(c): compute with no bound on long chains, ids increasing along them (prints a table)."""
    print("  compute with no bound on chains (one thread, best of 3):")
    res = dyng.Resources.sequential()
    for n in sizes:
        s = np.arange(n - 1, dtype=np.int32)
        d = s + 1
        rs, rd = np.append(s, np.int32(n - 1)), np.append(d, np.int32(0))
        shapes = {
            "undirected path": (s, d, False),
            "undirected ring": (rs, rd, False),
            "mutual path": (np.concatenate([s, d]), np.concatenate([d, s]), True),
            "mutual ring": (np.concatenate([rs, rd]), np.concatenate([rd, rs]), True),
        }
        for shape, (src, dst, directed) in shapes.items():
            g = dyng.Graph.from_edges(src, dst, num_vertices=n, directed=directed, resources=res)
            hist = dyng.cycle_count.compute(g, max_length=-1)
            seconds = timed(lambda g=g: dyng.cycle_count.compute(g, max_length=-1))
            print(f"    {shape:16} n={n:>9,}: {seconds * 1e3:9.2f} ms  {hist.to_dict()}")


ALL_GRAPHS = ["luxembourg_osm", "pgp-strong-2009", "email-Enron", "rmat_14"]


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--peer-seconds", type=float, default=600.0)
    ap.add_argument(
        "--k6",
        nargs="*",
        default=None,
        metavar="GRAPH",
        help="k = 6 on these of pgp-strong-2009, email-Enron and rmat_14 too (all when none named)",
    )
    ap.add_argument(
        "--graphs", nargs="*", choices=ALL_GRAPHS, default=ALL_GRAPHS, help="none: update only"
    )
    ap.add_argument(
        "--update-sizes",
        nargs="+",
        type=int,
        default=[100, 1000, 10000],
        metavar="N",
        help="insertions (and as many deletions) per update batch",
    )
    ap.add_argument("--skip-update", action="store_true", help="compute only")
    ap.add_argument(
        "--ks", nargs="+", type=int, metavar="K", help="these bounds only (default 3 4 5 6)"
    )
    ap.add_argument(
        "--no-peers",
        action="store_true",
        help="time dynG only and keep the peer columns of the earlier rows (needs --merge)",
    )
    ap.add_argument(
        "--merge",
        action="store_true",
        help="keep the rows of --json for the graphs (and update) this run does not measure",
    )
    ap.add_argument("--json", default=str(ROOT / "bench/results/cycle_count.json"))
    ap.add_argument(
        "--chains",
        nargs="*",
        type=int,
        default=None,
        metavar="N",
        help="(c) only: no bound on chains of N vertices (default 10000 100000 1000000)",
    )
    args = ap.parse_args()
    if args.chains is not None:
        print(f"cycle_count ({date.today()}, {platform.machine()}, {os.cpu_count()} CPUs)")
        bench_chains(args.chains or [10_000, 100_000, 1_000_000])
        return 0
    names = ["pgp-strong-2009"] if args.quick else args.graphs
    # k = 6 takes minutes on pgp-strong-2009, email-Enron and the R-MAT graph (4 to 7 minutes on
    # one thread here): those three stop at 5 unless --k6 names them (or names none).
    big = {"pgp-strong-2009", "email-Enron", "rmat_14"}
    k6 = set() if args.k6 is None else (set(args.k6) or big)
    ks = [3, 4] if args.quick else (args.ks or [3, 4, 5, 6])
    limit = 10.0 if args.quick else args.peer_seconds
    if args.no_peers and not args.merge:
        ap.error("--no-peers keeps the peer columns of the earlier rows: give --merge too")
    old: dict[str, Any] = {}
    if args.merge and Path(args.json).exists():
        old = json.loads(Path(args.json).read_text())
    print(f"cycle_count ({date.today()}, {platform.machine()}, {os.cpu_count()} CPUs)")
    update = old.get("update", [])
    if not args.skip_update:
        print("  update against apply + compute on a twin that takes the same batches (medians):")
        update = bench_update([100, 1000] if args.quick else args.update_sizes, 3)
    earlier = {(r["graph"], r["k"]): r for r in old.get("compute", [])}
    for r in earlier.values():  # rows of runs before the limit and date were kept per row
        r.setdefault("peer_limit_s", old.get("peer_seconds", limit))
        r.setdefault("peers_measured", r.get("measured", old.get("date")))
    compute: list[dict[str, Any]] = []

    def save() -> None:
        """Write what this run has (with --merge, and the rows it keeps)."""
        if args.quick:
            return
        # this run's rows replace the earlier rows of the same graph and k
        merged = dict(earlier) | {(r["graph"], r["k"]): r for r in compute}
        rows = sorted(merged.values(), key=lambda r: (ALL_GRAPHS.index(r["graph"]), r["k"]))
        record = {
            "date": date.today().isoformat(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "peer_seconds": max((r["peer_limit_s"] for r in rows), default=limit),
            "peers_side_by_side": True,
            "compute": rows,
            "update": update,
        }
        Path(args.json).write_text(json.dumps(record, indent=2) + "\n")

    save()
    if names:
        print("  compute vs networkx.simple_cycles and igraph simple_cycles (counted by length):")
        print(f"  (the two peers run side by side, one core each, limit {limit:.0f} s)")
    for name in names:
        ks_here = [k for k in ks if k < 6 or name not in big or name in k6]
        for row in bench_compute(name, ks_here, 0.0 if args.no_peers else limit, earlier):
            row["measured"] = date.today().isoformat()
            compute.append(row)
            save()  # after each row, so that a long run keeps what it has
    return 0


if __name__ == "__main__":
    sys.exit(main())
