"""``dyng generate``: random graphs and batch streams into files.

``dyng generate rmat|erdos-renyi|grid OUT`` writes a graph of
:mod:`dyng.generators` as Matrix Market (``.mtx``, ``.mtx.gz``) or as an edge
list (any other name); ``dyng generate batches GRAPH OUT`` writes a stream of
random batches for a graph file as ``.dgt`` (or ``.dgb``), each generated on
the graph as the batches before it left it, so every deletion names an edge
that is there when the stream is replayed; ``dyng generate mosp-graph MTX
PREFIX`` writes the CSR triplet that MOSP-OpenMP's converter makes of a Matrix
Market file (``dyng.generators.legacy.mosp_graph``), and ``dyng generate
mosp-changes GRAPH DIR`` its change files for a graph, as its change generator
does (``dyng.generators.legacy.mosp_changes``). Every output is a pure
function of the flags and ``--seed``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from typing import Any

from dyng._cli_common import (
    STDOUT,
    HelpFormatter,
    UsageError,
    add_graph_arguments,
    check_output,
    count,
    positive,
    read_graph,
    seed,
)

__all__ = ["add_parser", "run"]

_EXAMPLES = {
    "rmat": "examples:\n"
    "  dyng generate rmat rmat20.mtx.gz --scale 20 --edge-factor 16 --seed 1\n"
    "  dyng generate rmat social.txt --scale 16 --undirected --weights 1 100",
    "erdos-renyi": "examples:\n"
    "  dyng generate erdos-renyi gnm.mtx -n 100000 -m 1000000 --seed 2\n"
    "  dyng generate erdos-renyi gnm.txt -n 1000 -m 5000 --undirected --weights 1 10",
    "grid": "examples:\n"
    "  dyng generate grid road.mtx.gz --rows 1000 --cols 1000 --seed 3\n"
    "  dyng generate grid road3.txt --rows 300 --cols 400 --num-weights 3 "
    "--keep-probability 0.9",
    "batches": "examples:\n"
    "  dyng generate batches road.mtx.gz stream.dgt --count 50 --size 1000 --seed 4\n"
    "  dyng generate batches graph.txt stream.dgt --count 10 --size 100 "
    "--insert-fraction 0.8 --locality-window 5000",
    "mosp-graph": "examples:\n"
    "  dyng generate mosp-graph luxembourg_osm.mtx.gz csr/graphCsr\n"
    "  dyng generate mosp-graph road.mtx csr/graphCsr --num-weights 3 --weights 1 3",
    "mosp-changes": "examples:\n"
    "  dyng generate mosp-changes csr/graphCsr changes/ --num-changes 1000 --seed 777\n"
    "  dyng generate mosp-changes csr/graphCsr targeted/ --num-changes 500 --mode targeted "
    "--insertion-percentage 30",
}

_DESCRIPTION = (
    "Write a random graph (rmat, erdos-renyi, grid) as Matrix Market (OUT ending in .mtx or "
    ".mtx.gz) or as an edge list (any other name), or a stream of random batches for a graph "
    "file (batches) as .dgt or .dgb. Each batch of a stream is drawn on the graph as the "
    "batches before it left it, so every deletion names an edge that is there when the "
    "stream is replayed. mosp-graph writes the CSR triplet that MOSP-OpenMP's converter "
    "(mtx2csr) makes of a Matrix Market file, and mosp-changes its change files (insert.txt, "
    "delete.txt, report.txt) for a graph, bit for bit as its change generator does. The same "
    "flags and --seed give the same file on any machine."
)

_HELP = {
    "rmat": "an R-MAT (Kronecker) graph with skewed degrees (Graph500's parameters)",
    "erdos-renyi": "a G(n, m) graph: m distinct edges, uniformly at random",
    "grid": "a rows x cols grid with random weights, a stand-in for a road network",
    "batches": "a stream of random batches for a graph file (.dgt or .dgb)",
    "mosp-graph": "the CSR triplet MOSP-OpenMP's converter (mtx2csr) makes of a Matrix "
    "Market file, weights included",
    "mosp-changes": "MOSP-OpenMP's change files for a graph (insert.txt, delete.txt, "
    "report.txt), as its change generator makes them",
}


def _weights_range(
    p: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup,
    default: tuple[int, int] | None,
    text: str,
) -> None:
    """``--weights LOW HIGH``."""
    p.add_argument(
        "--weights", nargs=2, type=int, metavar=("LOW", "HIGH"), default=default, help=text
    )


def _add_weights(p: argparse.ArgumentParser, default: tuple[int, int] | None) -> None:
    # --unweighted and --weights contradict each other: argparse refuses both (exit 2).
    group = p.add_mutually_exclusive_group() if default is not None else p
    _weights_range(
        group,
        default,
        "weights uniform in [LOW, HIGH] (int32)"
        + (f" (default {default[0]} {default[1]})" if default else "; default: unweighted"),
    )
    if default is not None:
        group.add_argument("--unweighted", action="store_true", help="no weights")
    p.add_argument(
        "--num-weights",
        type=count,
        default=None,
        help="weight columns of a weighted graph, 1 to 64 (1; a .mtx file holds 1)",
    )


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``dyng generate`` and its kinds on the top-level subcommands."""
    gen = sub.add_parser(
        "generate",
        help="write random graphs (rmat, erdos-renyi, grid) or batch streams (batches)",
        description=_DESCRIPTION,
        epilog="examples:\n"
        + "\n".join(e.split("\n")[1] for e in _EXAMPLES.values())
        + "\n\nrun 'dyng generate KIND --help' for the flags of each kind",
        formatter_class=HelpFormatter,
    )
    kinds = gen.add_subparsers(dest="kind", metavar="KIND")

    def kind(name: str) -> argparse.ArgumentParser:
        return kinds.add_parser(
            name,
            help=_HELP[name],
            description=_HELP[name][0].upper() + _HELP[name][1:] + ".",
            epilog=_EXAMPLES[name],
            formatter_class=HelpFormatter,
        )

    out_help = "the graph file: Matrix Market for .mtx / .mtx.gz, else an edge list"
    p = kind("rmat")
    p.add_argument("output", metavar="OUT", help=out_help)
    p.add_argument("--scale", type=count, required=True, help="2**SCALE vertices (1 to 62)")
    p.add_argument("--edge-factor", type=count, default=16, help="edges drawn per vertex (16)")
    p.add_argument("-a", type=float, default=0.57, help="top-left probability (0.57)")
    p.add_argument("-b", type=float, default=0.19, help="top-right probability (0.19)")
    p.add_argument("-c", type=float, default=0.19, help="bottom-left probability (0.19)")
    p.add_argument("--undirected", action="store_true", help="undirected edges")
    p.add_argument("--self-loops", choices=("drop", "keep"), default="drop", help="(drop)")
    p.add_argument("--duplicates", choices=("drop", "keep"), default="drop", help="(drop)")
    _add_weights(p, None)
    p.add_argument("--seed", type=seed, default=0, help="(0)")

    p = kind("erdos-renyi")
    p.add_argument("output", metavar="OUT", help=out_help)
    p.add_argument("-n", type=count, required=True, help="vertices")
    p.add_argument("-m", type=count, required=True, help="edges")
    p.add_argument("--undirected", action="store_true", help="undirected edges")
    _add_weights(p, None)
    p.add_argument("--seed", type=seed, default=0, help="(0)")

    p = kind("grid")
    p.add_argument("output", metavar="OUT", help=out_help)
    p.add_argument("--rows", type=count, required=True, help="rows of the grid")
    p.add_argument("--cols", type=count, required=True, help="columns of the grid")
    p.add_argument(
        "--keep-probability", type=float, default=1.0, help="keep each lattice edge so often (1)"
    )
    _add_weights(p, (1, 100))
    p.add_argument("--seed", type=seed, default=0, help="(0)")

    p = kind("batches")
    add_graph_arguments(p)
    p.add_argument("output", metavar="OUT", help="the stream: .dgt (text) or .dgb (binary)")
    p.add_argument("--count", type=count, required=True, help="batches")
    p.add_argument("--size", type=count, required=True, help="changes per batch")
    p.add_argument(
        "--insert-fraction", type=float, default=0.5, help="the share of insertions (0.5)"
    )
    p.add_argument(
        "--locality-window",
        type=positive,
        default=None,
        help="confine each batch's changes to a window of this many consecutive ids",
    )
    _weights_range(p, (1, 100), "insertion weights for a weighted graph (default 1 100)")
    p.add_argument(
        "--seed",
        type=seed,
        default=0,
        help="batch i is drawn with seed SEED + i, so SEED + COUNT - 1 <= 2**64 - 1 (0)",
    )

    p = kind("mosp-graph")
    p.add_argument("mtx", metavar="MTX", help="the Matrix Market file (plain or .gz)")
    p.add_argument(
        "output",
        metavar="PREFIX",
        help="the CSR triplet: PREFIXRowPtr.txt, PREFIXColInd.txt and PREFIXValues.txt",
    )
    p.add_argument("--num-weights", type=count, default=3, help="weights per edge, K (3)")
    _weights_range(p, (1, 100), "weights uniform in [LOW, HIGH] (default 1 100)")
    p.add_argument(
        "--seed", type=seed, default=12345, help="std::mt19937's seed, 0 to 2**32 - 1 (12345)"
    )
    p.add_argument("--compress", action="store_true", help="write .gz files")

    p = kind("mosp-changes")
    add_graph_arguments(p)
    p.add_argument(
        "output", metavar="DIR", help="the folder for insert.txt, delete.txt and report.txt"
    )
    p.add_argument("--num-changes", type=count, required=True, help="N, the changes asked for")
    p.add_argument(
        "--insertion-percentage",
        type=float,
        default=50.0,
        help="uniform and targeted: the share of insertions, 0 to 100 (50)",
    )
    p.add_argument(
        "--mode",
        choices=("uniform", "targeted", "reweight", "increase"),
        default="uniform",
        help="(uniform)",
    )
    p.add_argument("--weight-min", type=count, default=1, help="(1)")
    p.add_argument("--weight-max", type=count, default=100, help="(100)")
    p.add_argument("--seed", type=seed, default=1, help="std::mt19937's seed, 0 to 2**32 - 1 (1)")
    p.add_argument(
        "--local-hops", type=count, default=0, help="uniform: a ball of this radius (0: none)"
    )
    p.add_argument(
        "--safe-deletions",
        action="store_true",
        help="uniform: drop deletions that cut a vertex off from the source",
    )
    p.add_argument("--source", type=count, default=0, help="the trees' source (0)")


def _is_mtx(path: str) -> bool:
    return path.lower().endswith((".mtx", ".mtx.gz"))


def _weights(args: argparse.Namespace) -> tuple[int, int] | None:
    if getattr(args, "unweighted", False) or args.weights is None:
        return None
    return (args.weights[0], args.weights[1])


def _num_weights(args: argparse.Namespace) -> int:
    """``--num-weights`` (1 when not given); refused for an unweighted graph, where it
    would do nothing."""
    if args.num_weights is not None and _weights(args) is None:
        raise UsageError(
            f"--num-weights {args.num_weights} would do nothing: the graph is unweighted "
            + ("(--unweighted)" if getattr(args, "unweighted", False) else "without --weights")
        )
    return 1 if args.num_weights is None else int(args.num_weights)


def _check_graph_output(args: argparse.Namespace) -> int:
    """Check OUT before generating: writable, and a format that holds the weights; returns
    --num-weights."""
    check_output(args.output, "OUT")
    k = _num_weights(args)
    if _is_mtx(args.output) and _weights(args) is not None and k > 1:
        from dyng.errors import InvalidArgumentError

        raise InvalidArgumentError(
            f"a Matrix Market file holds one weight column, the graph would have {k}; "
            "write an edge list (another extension) instead"
        )
    return k


def _write_graph(args: argparse.Namespace, graph: Any, t0: float) -> int:
    from dyng import io

    if _is_mtx(args.output):
        io.write_matrix_market(args.output, graph)
    else:
        io.write_edge_list(args.output, graph)
    print(
        f"dyng: {args.kind} -> {args.output}: {graph.num_vertices} vertices, "
        f"{graph.num_edges} edges, {graph.num_weights} weights, "
        f"{time.perf_counter() - t0:.3f} s",
        file=sys.stderr,
    )
    return 0


def _batches(args: argparse.Namespace, graph: Any) -> Iterator[Any]:
    from dyng import generators

    for i in range(args.count):
        b = generators.random_batch(
            graph,
            args.size,
            insert_fraction=args.insert_fraction,
            seed=args.seed + i,
            locality_window=args.locality_window,
            weights=(args.weights[0], args.weights[1]),
            batch_id=i,
        )
        graph.apply(b)
        yield b


def _mosp_changes(args: argparse.Namespace, t0: float) -> int:
    """``dyng generate mosp-changes``: the research code's three files in args.output."""
    from pathlib import Path

    from dyng import io
    from dyng.generators.legacy import mosp_changes

    graph = read_graph(args)
    batch, report = mosp_changes(
        graph,
        num_changes=args.num_changes,
        insertion_percentage=args.insertion_percentage,
        mode=args.mode,
        weight_min=args.weight_min,
        weight_max=args.weight_max,
        seed=args.seed,
        local_hops=args.local_hops,
        safe_deletions=args.safe_deletions,
        source=args.source,
    )
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    io.write_change_files(out / "insert.txt", out / "delete.txt", batch)
    (out / "report.txt").write_text(report.line + "\n")
    print(
        f"dyng: mosp-changes -> {out}: {report.line}, {time.perf_counter() - t0:.3f} s",
        file=sys.stderr,
    )
    return 0


def run(args: argparse.Namespace) -> int:
    """Run ``dyng generate``; returns the exit status."""
    from dyng import generators, io

    if args.kind is None:
        print(
            "dyng: error: generate needs a kind: rmat, erdos-renyi, grid, batches, mosp-graph "
            "or mosp-changes",
            file=sys.stderr,
        )
        return 2
    t0 = time.perf_counter()
    if args.kind in ("rmat", "erdos-renyi", "grid"):
        num_weights = _check_graph_output(args)
    if args.kind == "rmat":
        g = generators.rmat(
            args.scale,
            args.edge_factor,
            a=args.a,
            b=args.b,
            c=args.c,
            seed=args.seed,
            directed=not args.undirected,
            self_loops=args.self_loops,
            duplicates=args.duplicates,
            weights=_weights(args),
            num_weights=num_weights,
        )
        return _write_graph(args, g, t0)
    if args.kind == "erdos-renyi":
        g = generators.erdos_renyi(
            args.n,
            args.m,
            seed=args.seed,
            directed=not args.undirected,
            weights=_weights(args),
            num_weights=num_weights,
        )
        return _write_graph(args, g, t0)
    if args.kind == "grid":
        g = generators.grid(
            args.rows,
            args.cols,
            weights=_weights(args),
            num_weights=num_weights,
            keep_probability=args.keep_probability,
            seed=args.seed,
        )
        return _write_graph(args, g, t0)
    if args.kind == "mosp-changes":
        if args.output == STDOUT:
            check_output(args.output, "DIR")  # refuses it
        return _mosp_changes(args, t0)
    if args.kind == "mosp-graph":
        from dyng.generators.legacy import mosp_graph

        check_output(args.output + "RowPtr.txt", "PREFIX")
        g = mosp_graph(
            args.mtx,
            num_weights=args.num_weights,
            weight_range=(args.weights[0], args.weights[1]),
            seed=args.seed,
        )
        io.write_csr_triplet(args.output, g, compress=args.compress)
        print(
            f"dyng: mosp-graph -> {args.output}: {g.num_vertices} vertices, {g.num_edges} "
            f"edges, {g.num_weights} weights, {time.perf_counter() - t0:.3f} s",
            file=sys.stderr,
        )
        return 0
    # Batch i is drawn with seed SEED + i: every one must be a seed (0 to 2**64 - 1).
    if args.count and args.seed + args.count - 1 > 2**64 - 1:
        raise UsageError(
            f"--seed {args.seed} with --count {args.count}: batch i is drawn with seed "
            f"SEED + i, so SEED can be at most 2**64 - {args.count} here"
        )
    check_output(args.output, "OUT")
    graph = read_graph(args)
    io.write_batches(args.output, _batches(args, graph), vertex_dtype=graph.vertex_dtype)
    print(
        f"dyng: batches -> {args.output}: {args.count} batches of {args.size} changes for "
        f"{args.graph} ({graph.num_vertices} vertices), {time.perf_counter() - t0:.3f} s",
        file=sys.stderr,
    )
    return 0
