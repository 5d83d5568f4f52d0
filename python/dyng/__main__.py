"""The command line: ``dyng`` (also ``python -m dyng``).

Subcommands: ``dyng config`` prints the build's configuration, ``dyng sssp
compute|update`` computes a shortest-path tree of a graph file and repairs it
through the batches of a ``.dgt`` or ``.dgb`` file, ``dyng cycle_count
compute|update`` does the same for the histogram of its simple cycles by
length (the research code's CSV), ``dyng convert`` moves graphs and batch
streams between file formats (:mod:`dyng._cli_convert`), ``dyng generate``
writes random graphs and batch streams (:mod:`dyng._cli_generate`), ``dyng bench``
times updates against recomputing on a graph file (:mod:`dyng._cli_bench`), ``dyng demo`` runs
the main job (shortest routes kept current on a road network, see
:mod:`dyng._demo`), and ``dyng --version`` prints the version. Every
command's ``--help`` ends with examples.
Exit status: 0 success, 1 failure (``dyng: error: ...``), 2 usage, 130 on
Ctrl-C, 141 when standard output is a pipe that closed early (``| head``); which errors
are usage errors and which are failures: docs/reference/cli.md.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from dyng import _cli_bench, _cli_convert, _cli_generate
from dyng._cli_common import (
    HelpFormatter,
    UsageError,
    add_graph_arguments,
    check_output,
    count,
    read_graph,
    seed,
)

__all__ = ["main"]

_SSSP_EXAMPLES = {
    "compute": "examples:\n  dyng sssp compute road.mtx.gz --source 0 --distances d.txt "
    "--tree t.txt\n  dyng sssp compute csr/graphCsr --objective 2",
    "update": "examples:\n  dyng sssp update road.mtx.gz stream.dgt --compare-recompute\n"
    "  dyng sssp update csr/graphCsr stream.dgb --tree t.txt",
}
_CYCLE_EXAMPLES = {
    "compute": "examples:\n  dyng cycle_count compute pgp.mtx.gz --max-length 5\n"
    "  dyng cycle_count compute graph.txt --undirected --output hist.csv",
    "update": "examples:\n  dyng cycle_count update pgp.mtx.gz stream.dgt --max-length 4 "
    "--compare-recompute",
}


if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose help and usage messages fail as other output does.

    argparse drops a message it cannot write (``dyng --help > /dev/full`` exited 0
    with nothing written); here the error reaches ``main``, which makes it a failure.
    The subparsers are of this class too (argparse makes them of the parent's class).
    """

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            (sys.stderr if file is None else file).write(message)


class _VersionAction(argparse.Action):
    """``--version``: print the version (this loads the native module)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        from dyng._backend import native

        # Flushed here, so that a failed write (stdout on a full disk) reaches main's handler.
        print(f"dyng {native.__version__}", flush=True)
        parser.exit(0)


# Options fields a command has no use for: sssp's validate_inputs checks a tree
# given as arrays (Result.from_arrays), which no command reads; a compute never
# falls back.
_UNUSED_OPTIONS = {
    ("sssp", "compute"): {"validate_inputs", "fallback_fraction", "fallback_max_fraction"},
    ("sssp", "update"): {"validate_inputs"},
}


def _add_option_flags(
    parser: argparse.ArgumentParser,
    options: type[Any] | None = None,
    skip: Collection[str] = (),
) -> None:
    """One flag per field of an Options class (dyng.sssp.Options by default), in kebab
    case (DESIGN 7), but for the fields in ``skip``."""
    from dataclasses import fields

    from dyng import sssp

    cls = sssp.Options if options is None else options
    defaults = cls()
    for f in fields(cls):
        if f.name in skip:
            continue
        value = getattr(defaults, f.name)
        flag = "--" + f.name.replace("_", "-")
        # The flag's help and, for a string, the values it accepts (argparse refuses the
        # rest: exit status 2) come from the algorithm's manifest (scripts/regen.py).
        text = f"{f.metadata['help']} ({value})" if "help" in f.metadata else f"({value})"
        if isinstance(value, bool):
            parser.add_argument(flag, type=_boolean, default=value, metavar="true|false", help=text)
        else:
            parser.add_argument(
                flag,
                type=type(value),
                default=value,
                choices=f.metadata.get("choices"),
                help=text,
            )


def _boolean(text: str) -> bool:
    if text.lower() in ("true", "1", "yes"):
        return True
    if text.lower() in ("false", "0", "no"):
        return False
    raise argparse.ArgumentTypeError(f"expected true or false, got {text!r}")


def _sssp(args: argparse.Namespace) -> int:
    """``dyng sssp compute|update``."""
    import time
    from dataclasses import fields

    import numpy as np

    from dyng import io, sssp

    defaults = sssp.Options()
    options = sssp.Options(
        **{f.name: getattr(args, f.name, getattr(defaults, f.name)) for f in fields(sssp.Options)}
    )
    # Standard output takes one of the two files; both are checked before the work.
    distances_out = check_output(args.distances or "-", "--distances", stdout=True)
    tree_out = args.tree is not None and check_output(args.tree, "--tree", stdout=True)
    if distances_out and tree_out:
        raise UsageError(
            "--tree - and the distances would both go to standard output; give --distances FILE"
        )
    graph = read_graph(args)
    tree = sssp.compute(graph, args.source, options=options)
    if args.action == "update":
        for batch in io.iter_batches(args.batches):
            t0 = time.perf_counter()
            stats = sssp.update(graph, batch, tree)
            t_update = time.perf_counter() - t0
            line = (
                f"batch {batch.id}: {len(batch)} changes, {stats.affected} affected, "
                f"update {t_update * 1e3:.3f} ms" + (", recomputed" if stats.fallback_used else "")
            )
            if args.compare_recompute:
                t0 = time.perf_counter()
                fresh = sssp.compute(graph, args.source, options=options)
                t_fresh = time.perf_counter() - t0
                same = np.array_equal(
                    fresh.distances.to_numpy(), tree.distances.to_numpy()
                ) and np.array_equal(fresh.parents.to_numpy(), tree.parents.to_numpy())
                line += f", recompute {t_fresh * 1e3:.3f} ms, {'match' if same else 'MISMATCH'}"
                if not same:
                    print(line, file=sys.stderr)
                    print(
                        f"dyng: error: after batch {batch.id} the repaired tree differs from "
                        "the recomputation",
                        file=sys.stderr,
                    )
                    return 1
            print(line, file=sys.stderr)
    if distances_out:
        inf = sssp.INFINITE_DISTANCE
        _print_lines(
            f"{v} {'INF' if x == inf else x}"
            for v, x in enumerate(tree.distances.to_numpy().tolist())
        )
    else:
        io.write_distances(args.distances, tree.distances)
    if tree_out:
        _print_lines(f"{v} {p}" for v, p in enumerate(tree.parents.to_numpy().tolist()))
    elif args.tree:
        io.write_tree(args.tree, tree.parents)
    return 0


def _print_lines(lines: Iterable[str]) -> None:
    """Lines on standard output, as the files' writers write them (``v x``)."""
    for line in lines:
        sys.stdout.write(line + "\n")


def _cycle_count(args: argparse.Namespace) -> int:
    """``dyng cycle_count compute|update``."""
    import time
    from dataclasses import fields

    from dyng import cycle_count, io

    options = cycle_count.Options(
        **{f.name: getattr(args, f.name) for f in fields(cycle_count.Options)}
    )
    to_stdout = check_output(args.output or "-", "--output", stdout=True)
    graph = read_graph(args)
    hist = cycle_count.compute(graph, options=options)
    if args.action == "update":
        for batch in io.iter_batches(args.batches):
            t0 = time.perf_counter()
            stats = cycle_count.update(graph, batch, hist)
            t_update = time.perf_counter() - t0
            line = (
                f"batch {batch.id}: {len(batch)} changes, {stats.deletions} pairs removed, "
                f"{stats.insertions} added, -{stats.cycles_removed} +{stats.cycles_added} "
                f"cycles, update {t_update * 1e3:.3f} ms"
            )
            if args.compare_recompute:
                t0 = time.perf_counter()
                fresh = cycle_count.compute(graph, options=options)
                t_fresh = time.perf_counter() - t0
                same = fresh.counts.tolist() == hist.counts.tolist()
                line += f", recompute {t_fresh * 1e3:.3f} ms, {'match' if same else 'MISMATCH'}"
                if not same:
                    print(line, file=sys.stderr)
                    print(
                        f"dyng: error: after batch {batch.id} the updated histogram differs "
                        "from the recount",
                        file=sys.stderr,
                    )
                    return 1
            print(line, file=sys.stderr)
    io.write_histogram(sys.stdout if to_stdout else args.output, hist)
    return 0


def _add_batch_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("batches", help="the batches: a .dgt or .dgb file (.gz too)")
    p.add_argument(
        "--compare-recompute",
        action="store_true",
        help="after each batch also recompute, and print both times and whether they match",
    )


def _parser() -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = _Parser(
        prog="dyng",
        description="dynG: graphs that change by batches, with analytics kept current.",
        epilog="exit status: 0 success; 1 failure (a file, or a value that the algorithm or the "
        "input refuses); 2 usage (a value of the wrong kind, flags that conflict or would do "
        "nothing); 130 Ctrl-C; 141 standard output closed early (| head). '-' names standard "
        "output for --distances, --tree and --output.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser(
        "config",
        help="print the version, backends, threads and build flags",
        epilog="example:\n  dyng config",
        formatter_class=HelpFormatter,
    )
    sssp = sub.add_parser("sssp", help="shortest-path trees: compute, or update through batches")
    sssp_sub = sssp.add_subparsers(dest="action", metavar="ACTION")
    for action, text in (
        ("compute", "compute the tree of a source on a graph file"),
        ("update", "compute the tree, then apply every batch of a .dgt or .dgb file and repair it"),
    ):
        p = sssp_sub.add_parser(
            action,
            help=text,
            description=text[0].upper() + text[1:] + ".",
            epilog=_SSSP_EXAMPLES[action],
            formatter_class=HelpFormatter,
        )
        add_graph_arguments(p)
        if action == "update":
            _add_batch_arguments(p)
        p.add_argument("--source", type=count, default=0, help="the source vertex (0)")
        _add_option_flags(p, skip=_UNUSED_OPTIONS[("sssp", action)])
        p.add_argument(
            "--distances",
            help="write the distances here (v d lines; default or '-': standard output)",
        )
        p.add_argument(
            "--tree",
            help="write the tree here (v p lines; '-': standard output, with --distances FILE)",
        )
    cc = sub.add_parser("cycle_count", help="cycle histograms: compute, or update through batches")
    cc_sub = cc.add_subparsers(dest="action", metavar="ACTION")
    for action, text in (
        ("compute", "count the simple cycles of a graph file by length"),
        (
            "update",
            "count them, then apply every batch of a .dgt or .dgb file and update the counts",
        ),
    ):
        p = cc_sub.add_parser(
            action,
            help=text,
            description=text[0].upper()
            + text[1:]
            + ". Directed graphs: directed cycles of length >= 2; "
            "undirected: undirected cycles of length >= 3. Writes the research code's "
            "histogram CSV ('# cycle_size, num_of_cycles', 'len, count' lines, 'Total, N').",
            epilog=_CYCLE_EXAMPLES[action],
            formatter_class=HelpFormatter,
        )
        add_graph_arguments(p)
        if action == "update":
            _add_batch_arguments(p)
        from dyng.cycle_count import Options as CycleCountOptions

        _add_option_flags(p, CycleCountOptions)
        p.add_argument(
            "--output", help="write the histogram CSV here (default or '-': standard output)"
        )
    demo = sub.add_parser(
        "demo",
        help="keep shortest routes current on a real road network (the main job)",
        description="Keep a shortest-path tree current on a road network while traffic changes "
        "it, checking every repaired tree against a recomputation.",
        epilog="examples:\n  dyng demo\n  dyng demo --batches 50 --batch-size 100 --seed 7",
        formatter_class=HelpFormatter,
    )
    demo.add_argument(
        "--graph", help="a Matrix Market file (default: the shipped Luxembourg road network)"
    )
    demo.add_argument("--batches", type=count, default=30, help="batches of changes (30)")
    demo.add_argument("--batch-size", type=count, default=10, help="changes per batch (10)")
    demo.add_argument("--seed", type=seed, default=1, help="seeds weights and changes (1)")
    demo.add_argument("--source", type=count, default=0, help="the source vertex (0)")
    _cli_convert.add_parser(sub)
    _cli_generate.add_parser(sub)
    _cli_bench.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments (default ``sys.argv[1:]``).

    Returns
    -------
    int
        The exit status: 0 success, 1 failure, 2 usage, 130 on Ctrl-C, 141 when
        standard output closed early (a pipe into ``head``).
    """
    from dyng.errors import Error

    try:
        status = _run(argv)
        # Flushed here, so that a failed write of buffered output reaches the handlers.
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        print("dyng: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader of standard output is gone (``dyng ... | head``): stop quietly, as
        # a Unix tool that SIGPIPE ends does (128 + 13), and send what Python still holds
        # for standard output to /dev/null, so that its flush at exit cannot fail again.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):  # standard output is no file (a test's capture)
            pass
        return 141
    except UsageError as e:
        print(f"dyng: error: {e}", file=sys.stderr)
        return 2
    except (Error, OSError) as e:
        print(f"dyng: error: {e}", file=sys.stderr)
        return 1
    except OverflowError as e:
        # A number past what the native code takes, where no check named it first.
        print(f"dyng: error: a value is out of range: {e}", file=sys.stderr)
        return 1


def _run(argv: Sequence[str] | None) -> int:
    """Parse and run a command; main turns its exceptions into exit statuses."""
    parser = _parser()
    try:
        args = parser.parse_args(None if argv is None else list(argv))
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    if args.command is None:
        parser.print_usage(sys.stderr)
        print("dyng: error: a command is required", file=sys.stderr)
        return 2
    if args.command == "config":
        from dyng.config import show_config

        show_config()
        return 0
    if args.command == "sssp":
        if args.action is None:
            print("dyng: error: sssp needs an action: compute or update", file=sys.stderr)
            return 2
        return _sssp(args)
    if args.command == "cycle_count":
        if args.action is None:
            print("dyng: error: cycle_count needs an action: compute or update", file=sys.stderr)
            return 2
        return _cycle_count(args)
    if args.command == "convert":
        return _cli_convert.run(args)
    if args.command == "generate":
        return _cli_generate.run(args)
    if args.command == "bench":
        return _cli_bench.run(args)
    if args.command == "demo":
        from dyng._demo import run_demo

        return run_demo(
            graph=args.graph,
            batches=args.batches,
            batch_size=args.batch_size,
            seed=args.seed,
            source=args.source,
        )
    parser.print_usage(sys.stderr)  # pragma: no cover - argparse rejects unknown commands
    return 2


if __name__ == "__main__":
    sys.exit(main())
