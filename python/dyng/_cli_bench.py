"""``dyng bench``: how much an update saves on your graph, measured side by side.

``dyng bench sssp|cycle_count [GRAPH]`` keeps a result current through random
batches of each size and times, batch by batch, the update against the path it
replaces: applying the batch to a twin of the graph and computing the result
again. Every updated result is checked against that recomputation. ``dyng bench
apply [GRAPH]`` times applying batches against building the changed graph anew
from its edge arrays, as codes without a dynamic graph do for every batch.
``--peers`` adds the compute times of the libraries a user would pick instead
(SciPy, igraph, NetworKit, NetworkX) where they are installed, checked against
dyng's distances.

The batches come from :func:`dyng.generators.random_batch`: deletions of
existing edges and insertions of new pairs (``--insert-fraction``), anywhere or
within a window of ids (``--locality-window``); with ``--local-hops H`` each
insertion joins a vertex to one that a random walk of 2 to H steps reaches
instead, as a new road joins nearby junctions whatever the ids. Each size starts from the graph
as read; ``--seed`` fixes every batch and, for a graph without weights, the
seeded weights (1 to 100) that sssp needs. Timings are medians over the batches
of a size; the two paths run in alternating order, on graphs of their own, each
from a cold cache (a buffer larger than the last-level cache is written first).
The figures of the project's own benchmarks come from ``bench/`` in the source
tree, which runs these comparisons on more graphs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from dyng._cli_common import (
    HelpFormatter,
    add_graph_arguments,
    check_output,
    count,
    positive,
    read_graph,
)
from dyng._evict import Evictor

__all__ = ["add_parser", "run"]

PEERS = ("scipy", "igraph", "networkit", "networkx")

_EXAMPLES = {
    "sssp": "examples:\n"
    "  dyng bench sssp\n"
    "  dyng bench sssp road.mtx.gz --sizes 10,100,1000 --batches 9 --peers all\n"
    "  dyng bench sssp graph.txt --undirected --locality-window 2000 --json sssp.json",
    "cycle_count": "examples:\n"
    "  dyng bench cycle_count pgp.mtx.gz --max-length 4\n"
    "  dyng bench cycle_count graph.txt --sizes 10,100 --insert-fraction 1",
    "apply": "examples:\n"
    "  dyng bench apply\n"
    "  dyng bench apply big.mtx.gz --sizes 10000,100000 --threads 2",
}

_DESCRIPTION = (
    "Time, on a graph file (default: the road network of Luxembourg that ships with dyng), "
    "what keeping a result current saves. sssp and cycle_count: for each batch size, random "
    "batches (deletions of existing edges, insertions of new pairs) go to the update on one "
    "copy of the graph, and to apply + compute on a twin, in alternating order and each from "
    "a cold cache (a buffer larger than the last-level cache is written first); the medians, "
    "their ratio, the affected vertices and the fallbacks are printed, and every updated "
    "result is checked "
    "against the recomputation (a difference exits with status 1). apply: applying each "
    "batch against building the changed graph anew from its edge arrays. sssp --peers also "
    "times the Dijkstra of SciPy, igraph, NetworKit and NetworkX where installed, and checks "
    "their distances. A graph without weights gets seeded weights 1..100 for sssp."
)

_HELP = {
    "sssp": "sssp.update against applying the batch and recomputing the tree",
    "cycle_count": "cycle_count.update against applying the batch and recounting",
    "apply": "Graph.apply against building the changed graph anew from edge arrays",
}


def _sizes(text: str) -> list[int]:
    """``--sizes``: a comma-separated list of batch sizes, each >= 1."""
    try:
        sizes = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected batch sizes separated by commas (such as 100,1000), got {text!r}"
        ) from None
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"expected batch sizes >= 1, got {text!r}")
    return sizes


def _fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a fraction from 0 to 1, got {text!r}")
    return value


def _peers(text: str) -> list[str]:
    """``--peers``: ``all`` or a comma-separated list of PEERS."""
    names = list(PEERS) if text == "all" else [x.strip() for x in text.split(",") if x.strip()]
    unknown = [x for x in names if x not in PEERS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown peer(s) {', '.join(unknown) or repr(text)}; accepted: all, or some of "
            + ", ".join(PEERS)
        )
    return names


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``dyng bench`` and its kinds on the top-level subcommands."""
    bench = sub.add_parser(
        "bench",
        help="time updates against recomputing (and the peers), on your graph",
        description=_DESCRIPTION,
        epilog="examples:\n"
        + "\n".join(e.split("\n")[1] for e in _EXAMPLES.values())
        + "\n\nrun 'dyng bench KIND --help' for the flags of each kind",
        formatter_class=HelpFormatter,
    )
    kinds = bench.add_subparsers(dest="kind", metavar="KIND")
    for kind in ("sssp", "cycle_count", "apply"):
        p = kinds.add_parser(
            kind,
            help=_HELP[kind],
            description=_HELP[kind] + ", on random batches of each size.",
            epilog=_EXAMPLES[kind],
            formatter_class=HelpFormatter,
        )
        add_graph_arguments(p, optional=True)
        default_sizes = "100,1000" if kind == "cycle_count" else "100,1000,10000"
        p.add_argument(
            "--sizes",
            type=_sizes,
            default=_sizes(default_sizes),
            metavar="N[,N...]",
            help=f"the batch sizes, in changes ({default_sizes})",
        )
        p.add_argument("--batches", type=count, default=5, help="batches per size (5)")
        p.add_argument(
            "--insert-fraction",
            type=_fraction,
            default=0.5,
            help="the share of insertions in a batch, the rest deleting existing edges (0.5)",
        )
        p.add_argument(
            "--locality-window",
            type=positive,
            default=None,
            metavar="W",
            help="keep both ends of every change within W consecutive ids (default: anywhere)",
        )
        p.add_argument(
            "--local-hops",
            type=count,
            default=0,
            metavar="H",
            help="insertions join a random vertex to one a random walk of 2 to H steps "
            "reaches, as new roads join nearby junctions (default: random pairs)",
        )
        p.add_argument(
            "--seed", type=count, default=1, help="seeds the batches and missing weights (1)"
        )
        p.add_argument(
            "--threads",
            type=count,
            default=1,
            help="threads for dyng (1, as the peers run; 0: every core)",
        )
        p.add_argument(
            "--json", metavar="PATH", help="also write the figures here as JSON (a file)"
        )
        if kind == "sssp":
            p.add_argument("--source", type=count, default=0, help="the source vertex (0)")
            p.add_argument(
                "--peers",
                type=_peers,
                default=[],
                metavar="NAMES",
                help="also time the compute of these libraries where installed: all, or some "
                "of " + ", ".join(PEERS) + " (none)",
            )
        if kind == "cycle_count":
            p.add_argument(
                "--max-length", type=int, default=4, help="the longest cycle counted (4)"
            )


# ---- the graph ---------------------------------------------------------------


def _load(args: argparse.Namespace, *, weights: bool) -> tuple[Any, str, str]:
    """The graph of the command, on its own resources; with ``weights``, a graph read
    without weights gets seeded weights 1..100. Returns the graph, its name and what
    its weights are."""
    from dyng import Resources
    from dyng._graph import Graph
    from dyng.generators import random_weights

    read = read_graph(args)
    name = "luxembourg_osm (shipped)" if args.graph is None else str(args.graph)
    src, dst, w = read.edges()
    how = f"{read.num_weights} weight column(s) from the file" if w is not None else "unweighted"
    if w is None and weights:
        w = random_weights(len(src), seed=args.seed)
        how = f"seeded weights 1..100 (seed {args.seed})"
    resources = Resources.sequential() if args.threads == 1 else Resources.openmp(args.threads)
    # The reader's properties (a CSR triplet keeps its rows' order and parallel edges), with
    # the weights as they are now.
    props = read.properties
    props.num_weights = 0 if w is None else w.shape[1]
    g = Graph.from_edges(
        src, dst, w, num_vertices=read.num_vertices, properties=props, resources=resources
    )
    return g, name, how


def _timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    t0 = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - t0


def _batch(args: argparse.Namespace, g: Any, size: int, rep: int) -> Any:
    """Batch ``rep`` of a size for ``g`` as the graph is now, seeded per (seed, size, rep)."""
    from dyng.generators import random_batch

    seed = ((args.seed * 1_000_003 + size) * 1_000 + rep) % 2**64
    if args.local_hops:
        return _local_batch(g, size, args.insert_fraction, args.local_hops, seed, rep)
    return random_batch(
        g,
        size,
        insert_fraction=args.insert_fraction,
        seed=seed,
        locality_window=args.locality_window,
        batch_id=rep,
    )


def _local_batch(g: Any, size: int, fraction: float, hops: int, seed: int, batch_id: int) -> Any:
    """A batch whose insertions join nearby vertices: each joins a random vertex to the one
    that a random walk of 2 to ``hops`` steps along out-edges reaches (a new road between
    nearby junctions), drawn again when that is the vertex itself, an existing edge or a
    pair already drawn; the deletions are distinct existing edges, uniformly. As
    ``random_batch``: round(size * fraction) insertions (half up), weights 1..100."""
    import numpy as np

    from dyng._batch import EdgeBatch
    from dyng.errors import InvalidArgumentError

    rng = np.random.default_rng(seed)
    n_ins = int(size * fraction + 0.5)
    n_del = size - n_ins
    src, dst, _ = g.edges()
    if n_del > len(src):
        raise InvalidArgumentError(
            f"{n_del} deletions asked for, but the graph has only {len(src)} edges"
        )
    pick = np.sort(rng.choice(len(src), n_del, replace=False))
    rp, col, _ = g.to_csr()
    n = g.num_vertices
    rp = rp.astype(np.int64)
    col = col.astype(np.int64)
    existing = np.arange(n, dtype=np.int64).repeat(np.diff(rp)) * n + col  # sorted: rows sorted
    chosen: set[tuple[int, int]] = set()
    us: list[int] = []
    vs: list[int] = []
    tries = 0
    while len(us) < n_ins:
        tries += 1
        if tries > 100 * n_ins + 1000:
            raise InvalidArgumentError(
                f"{n_ins} local insertions asked for, but random walks of 2 to {hops} steps "
                f"found only {len(us)} new pairs; use fewer changes or more --local-hops"
            )
        u = v = int(rng.integers(0, n))
        for _ in range(int(rng.integers(2, hops + 1))):
            deg = int(rp[v + 1] - rp[v])
            if deg == 0:
                break
            v = int(col[rp[v] + int(rng.integers(0, deg))])
        a, b = (u, v) if g.directed or u <= v else (v, u)
        if a == b or (a, b) in chosen:
            continue
        k = np.searchsorted(existing, a * n + b)
        if k < len(existing) and existing[k] == a * n + b:
            continue
        chosen.add((a, b))
        us.append(a)
        vs.append(b)
    ids = src.dtype
    order = sorted(range(n_ins), key=lambda i: (us[i], vs[i]))
    w = None
    if g.weighted:
        w = rng.integers(1, 101, (n_ins, g.num_weights), dtype=np.int32)
    return EdgeBatch(
        insert=(
            np.array([us[i] for i in order], dtype=ids),
            np.array([vs[i] for i in order], dtype=ids),
            *(() if w is None else (w,)),
        ),
        delete=(src[pick], dst[pick]),
        id=batch_id,
    )


# ---- update against recomputation (sssp, cycle_count) ------------------------


def _race(
    args: argparse.Namespace,
    base: Any,
    compute: Callable[[Any], Any],
    update: Callable[[Any, Any, Any], Any],
    same: Callable[[Any, Any], bool],
) -> tuple[list[dict[str, Any]], int]:
    """For each size, ``args.batches`` random batches: ``update`` on one graph and its
    result, against apply + ``compute`` on a twin that takes the same batches. Returns
    a row per size and the number of updated results that differed."""
    rows: list[dict[str, Any]] = []
    mismatches = 0
    evict = Evictor()
    for size in args.sizes:
        g, twin = base.clone(), base.clone()
        result = compute(g)
        t_up: list[float] = []
        t_apply: list[float] = []
        t_compute: list[float] = []
        affected: list[int] = []
        fallbacks = 0
        for rep in range(args.batches):
            b = _batch(args, g, size, rep)
            # Each path starts from a cold cache (dyng._evict: the one that
            # followed its own graph's last use ran up to 20% faster), and
            # which goes first alternates.
            fresh = None
            for path in ("update", "recompute") if rep % 2 == 0 else ("recompute", "update"):
                evict()
                t0 = time.perf_counter()
                if path == "update":
                    stats = update(g, b, result)
                    t_up.append(time.perf_counter() - t0)
                    affected.append(stats.affected)
                    fallbacks += stats.fallback_used
                else:
                    twin.apply(b)
                    t1 = time.perf_counter()
                    fresh = compute(twin)
                    t_compute.append(time.perf_counter() - t1)
                    t_apply.append(t1 - t0)
            mismatches += not same(result, fresh)
            _progress(args, f"{size:,} changes: batch {rep + 1}/{args.batches}")
        if not t_up:
            continue
        u, a, c = (statistics.median(x) for x in (t_up, t_apply, t_compute))
        rows.append(
            {
                "changes": size,
                "batches": len(t_up),
                "update_ms": u * 1e3,
                "apply_ms": a * 1e3,
                "compute_ms": c * 1e3,
                "speedup": (a + c) / u,
                "stream_speedup": (sum(t_apply) + sum(t_compute)) / sum(t_up),
                "affected_median": statistics.median(affected),
                "fallbacks": fallbacks,
                "update_us_per_change": u * 1e6 / size,
            }
        )
    _progress(args, None)
    return rows, mismatches


def _print_race(rows: list[dict[str, Any]], what: str) -> None:
    print(
        f"{'changes':>9} {'update ms':>10} {'apply ms':>9} {what:>11} {'speedup':>8} "
        f"{'stream':>7} {'affected':>9} {'fallbacks':>9} {'us/change':>10}"
    )
    for r in rows:
        print(
            f"{r['changes']:>9,} {r['update_ms']:>10.3f} {r['apply_ms']:>9.3f} "
            f"{r['compute_ms']:>11.3f} {r['speedup']:>7.1f}x {r['stream_speedup']:>6.1f}x "
            f"{r['affected_median']:>9,.0f} {r['fallbacks']:>4}/{r['batches']:<4} "
            f"{r['update_us_per_change']:>10.2f}"
        )
    print(
        f"speedup: the median apply + {what.split()[0]} over the median update (the path an "
        "update replaces); stream: the same over all batches' totals"
    )


# ---- sssp ----------------------------------------------------------------------


def _sssp(args: argparse.Namespace, out: dict[str, Any]) -> int:
    import numpy as np

    from dyng import sssp

    g, name, how = _load(args, weights=True)
    out["graph"] = name
    _header(args, "sssp", name, g, how)
    if not 0 <= args.source < g.num_vertices:
        # A value the graph does not allow: a failure, as for dyng sssp compute.
        print(
            f"dyng: error: --source {args.source} is not a vertex; accepted: 0 to "
            f"{g.num_vertices - 1}",
            file=sys.stderr,
        )
        return 1
    tree, _ = _timed(lambda: sssp.compute(g, args.source))
    t_compute = min(_timed(lambda: sssp.compute(g, args.source))[1] for _ in range(3))
    reached = int((tree.distances.to_numpy() < sssp.INFINITE_DISTANCE).sum())
    print(f"compute from {args.source}: {t_compute * 1e3:.3f} ms (best of 3), {reached:,} reached")
    out["compute_ms"] = t_compute * 1e3
    out["reached"] = reached
    bad = 0
    if args.peers:
        out["peers"] = peers = _sssp_peers(args, g, tree.distances.to_numpy(), t_compute)
        bad = sum(p.get("agrees") is False for p in peers)

    def same(a: Any, b: Any) -> bool:
        return bool(
            np.array_equal(a.distances.to_numpy(), b.distances.to_numpy())
            and np.array_equal(a.parents.to_numpy(), b.parents.to_numpy())
        )

    rows, mismatches = _race(args, g, lambda h: sssp.compute(h, args.source), sssp.update, same)
    out["rows"] = rows
    _print_race(rows, "compute ms")
    return _verdict(mismatches, rows, "updated trees", bad)


def _sssp_peers(args: argparse.Namespace, g: Any, ours: Any, t_ours: float) -> list[dict[str, Any]]:
    """Each peer's compute time from the source (best of 3; NetworkX once) on the same
    graph and weights (the first column), and whether its distances are dyng's."""
    import importlib.util

    import numpy as np

    from dyng import sssp

    finite = ours < sssp.INFINITE_DISTANCE
    results: list[dict[str, Any]] = []
    for peer in args.peers:
        if importlib.util.find_spec(peer) is None:
            print(f"  {peer:<10} not installed (pip install 'dyng[bench]')")
            results.append({"peer": peer, "installed": False})
            continue
        run, reps = _peer_run(peer, g, args.source, args.threads)
        got, t = _timed(run)
        t = min([t] + [_timed(run)[1] for _ in range(reps - 1)])
        got = np.asarray(got, dtype=np.float64).ravel()
        agrees = bool(
            np.array_equal(got[finite], ours[finite].astype(np.float64))
            and np.all(~np.isfinite(got[~finite]) | (got[~finite] > 1e300))
        )
        print(
            f"  {peer:<10} {t * 1e3:10.3f} ms: {t / t_ours:6.2f}x dyng's time; distances "
            + ("agree" if agrees else "DIFFER")
        )
        results.append(
            {
                "peer": peer,
                "installed": True,
                "compute_ms": t * 1e3,
                "ratio": t / t_ours,
                "agrees": agrees,
            }
        )
    return results


def _least_weights(src: Any, dst: Any, w: Any) -> tuple[Any, Any, Any]:
    """The edges as the peers take them: each pair once, with the least of its parallel
    edges' first weights (what a shortest path uses); the peers' graph builders would
    otherwise sum them (SciPy) or keep the last (NetworkX)."""
    import numpy as np

    order = np.lexsort((w[:, 0], dst, src))
    src, dst, first = src[order], dst[order], w[order, 0]
    keep = np.ones(len(src), dtype=bool)
    keep[1:] = (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])
    return src[keep], dst[keep], first[keep]


def _peer_run(peer: str, g: Any, s: int, threads: int) -> tuple[Callable[[], Any], int]:
    """A call of a peer's Dijkstra from ``s`` on ``g`` (first weight column) giving its
    distances, with how many runs to take the best of; the peer's graph is built here."""
    import numpy as np

    src, dst, w = _least_weights(*g.edges())
    weights = w.astype(np.float64)
    n = g.num_vertices
    if peer == "scipy":
        import scipy.sparse
        import scipy.sparse.csgraph

        rows, cols, vals = src, dst, weights
        if not g.directed:  # both directions stored, so that scipy does not symmetrize per call
            loop = src == dst
            rows = np.concatenate([src, dst[~loop]])
            cols = np.concatenate([dst, src[~loop]])
            vals = np.concatenate([weights, weights[~loop]])
        a = scipy.sparse.csr_matrix((vals, (rows, cols)), shape=(n, n))
        return (lambda: scipy.sparse.csgraph.dijkstra(a, directed=True, indices=s)), 3
    if peer == "igraph":
        import igraph

        ig = igraph.Graph(n=n, edges=np.column_stack([src, dst]), directed=g.directed)
        ig.es["weight"] = weights.tolist()
        return (lambda: ig.distances(source=[s], weights="weight")[0]), 3
    if peer == "networkit":
        import networkit as nk

        nk.setNumberOfThreads(threads if threads > 0 else os.cpu_count() or 1)
        h = nk.Graph(n, weighted=True, directed=g.directed)
        h.addEdges((weights, (src.astype(np.uint64), dst.astype(np.uint64))))
        return (lambda: nk.distance.Dijkstra(h, s, storePaths=False).run().getDistances()), 3
    import networkx as nx

    x = nx.DiGraph() if g.directed else nx.Graph()
    x.add_nodes_from(range(n))
    x.add_weighted_edges_from(zip(src.tolist(), dst.tolist(), weights.tolist(), strict=True))

    def run() -> Any:
        d = nx.single_source_dijkstra_path_length(x, s)
        full = np.full(n, np.inf)
        full[list(d)] = list(d.values())
        return full

    return run, 1


# ---- cycle_count ---------------------------------------------------------------


def _cycle_count(args: argparse.Namespace, out: dict[str, Any]) -> int:
    from dyng import cycle_count

    g, name, how = _load(args, weights=False)
    out["graph"] = name
    _header(args, f"cycle_count, lengths up to {args.max_length}", name, g, how)
    hist, t = _timed(lambda: cycle_count.compute(g, max_length=args.max_length))
    print(f"count: {t * 1e3:.3f} ms, {hist.total:,} cycles")
    out["compute_ms"] = t * 1e3
    rows, mismatches = _race(
        args,
        g,
        lambda h: cycle_count.compute(h, max_length=args.max_length),
        cycle_count.update,
        lambda a, b: bool(a.to_dict() == b.to_dict()),
    )
    out["rows"] = rows
    _print_race(rows, "recount ms")
    return _verdict(mismatches, rows, "updated histograms", 0)


# ---- apply ---------------------------------------------------------------------


def _apply(args: argparse.Namespace, out: dict[str, Any]) -> int:
    from dyng._graph import Graph

    base, name, how = _load(args, weights=False)
    out["graph"] = name
    _header(args, "apply", name, base, how)
    rows: list[dict[str, Any]] = []
    for size in args.sizes:
        g = base.clone()
        t_apply: list[float] = []
        t_build: list[float] = []
        for rep in range(args.batches):
            b = _batch(args, g, size, rep)
            t0 = time.perf_counter()
            g.apply(b)
            t_apply.append(time.perf_counter() - t0)
            src, dst, w = g.edges()
            t0 = time.perf_counter()
            built = Graph.from_edges(
                src,
                dst,
                w,
                num_vertices=g.num_vertices,
                properties=g.properties,
                resources=g.resources,
            )
            t_build.append(time.perf_counter() - t0)
            if built.num_edges != g.num_edges:  # pragma: no cover - a bug in apply or build
                print(
                    f"dyng: error: after batch {rep} the graph has {g.num_edges} edges, the "
                    f"rebuilt one {built.num_edges}",
                    file=sys.stderr,
                )
                return 1
            _progress(args, f"{size:,} changes: batch {rep + 1}/{args.batches}")
        if not t_apply:
            continue
        a, r = statistics.median(t_apply), statistics.median(t_build)
        rows.append(
            {
                "changes": size,
                "batches": len(t_apply),
                "apply_ms": a * 1e3,
                "rebuild_ms": r * 1e3,
                "speedup": r / a,
                "changes_per_s": size / a,
            }
        )
    _progress(args, None)
    out["rows"] = rows
    print(f"{'changes':>9} {'apply ms':>10} {'rebuild ms':>11} {'speedup':>8} {'changes/s':>12}")
    for row in rows:
        print(
            f"{row['changes']:>9,} {row['apply_ms']:>10.3f} {row['rebuild_ms']:>11.3f} "
            f"{row['speedup']:>7.1f}x {row['changes_per_s']:>12,.0f}"
        )
    print(
        "speedup: the median rebuild (Graph.from_edges of the changed graph) over the median apply"
    )
    return 0


# ---- shared ----------------------------------------------------------------------


def _header(args: argparse.Namespace, what: str, name: str, g: Any, how: str) -> None:
    from dyng._backend import native

    threads = g.resources.num_threads
    print(
        f"dyng bench {what}: {name}: {g.num_vertices:,} vertices, {g.num_edges:,} "
        f"{'directed' if g.directed else 'undirected'} edges, {how}; {args.batches} batches "
        f"per size, insert fraction {args.insert_fraction}"
        + (f", window {args.locality_window}" if args.locality_window else "")
        + (f", insertions local (walks of 2 to {args.local_hops} steps)" if args.local_hops else "")
        + f"; dyng {native.__version__}, {threads} thread(s), {platform.machine()}"
    )


def _progress(args: argparse.Namespace, text: str | None) -> None:
    """A progress line on a terminal (standard error), cleared with None."""
    if not sys.stderr.isatty():
        return
    print("\r" + (text or "") + " " * 20 + ("" if text else "\r"), end="", file=sys.stderr)


def _verdict(mismatches: int, rows: list[dict[str, Any]], what: str, bad_peers: int) -> int:
    total = sum(r["batches"] for r in rows)
    if mismatches:
        print(
            f"dyng: error: {mismatches} of {total} {what} differ from the recomputation",
            file=sys.stderr,
        )
        return 1
    if bad_peers:
        print(f"dyng: error: {bad_peers} peer(s) found other distances", file=sys.stderr)
        return 1
    print(f"{total}/{total} {what} identical to the recomputation")
    return 0


def run(args: argparse.Namespace) -> int:
    """Run ``dyng bench``; returns the exit status."""
    if args.kind is None:
        print("dyng: error: bench needs a kind: sssp, cycle_count or apply", file=sys.stderr)
        return 2
    if args.local_hops == 1 or (args.local_hops and args.locality_window):
        print(
            f"dyng: error: --local-hops {args.local_hops}"
            + (f" with --locality-window {args.locality_window}" if args.locality_window else "")
            + "; accepted: --local-hops 2 or more, without --locality-window",
            file=sys.stderr,
        )
        return 2
    if args.json:
        check_output(args.json, "--json")  # before the benchmark, not after it
    out: dict[str, Any] = {
        "kind": args.kind,
        "date": time.strftime("%Y-%m-%d"),
        "machine": platform.machine(),
        "threads": args.threads,
        "batches": args.batches,
        "insert_fraction": args.insert_fraction,
        "locality_window": args.locality_window,
        "local_hops": args.local_hops,
        "seed": args.seed,
    }
    status = {"sssp": _sssp, "cycle_count": _cycle_count, "apply": _apply}[args.kind](args, out)
    if args.json and status == 0:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return status
