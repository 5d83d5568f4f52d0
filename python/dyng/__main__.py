"""The command line: ``dyng`` (also ``python -m dyng``).

Subcommands so far: ``dyng config`` prints the build's configuration,
``dyng demo`` runs the main job (shortest routes kept current on a road
network, see :mod:`dyng._demo`), and ``dyng --version`` prints the version.
Exit status: 0 success, 1 failure (``dyng: error: ...``), 2 usage, 130 on
Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

__all__ = ["main"]


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

        print(f"dyng {native.__version__}")
        parser.exit(0)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dyng",
        description="dynG: graphs that change by batches, with analytics kept current.",
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("config", help="print the version, backends, threads and build flags")
    demo = sub.add_parser(
        "demo",
        help="keep shortest routes current on a real road network (the main job)",
        description="Keep a shortest-path tree current on a road network while traffic changes "
        "it, checking every repaired tree against a recomputation.",
    )
    demo.add_argument(
        "--graph", help="a Matrix Market file (default: the shipped Luxembourg road network)"
    )
    demo.add_argument("--batches", type=int, default=30, help="batches of changes (30)")
    demo.add_argument("--batch-size", type=int, default=10, help="changes per batch (10)")
    demo.add_argument("--seed", type=int, default=1, help="seeds weights and changes (1)")
    demo.add_argument("--source", type=int, default=0, help="the source vertex (0)")
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
        The exit status: 0 success, 1 failure, 2 usage, 130 on Ctrl-C.
    """
    parser = _parser()
    try:
        args = parser.parse_args(None if argv is None else list(argv))
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    if args.command is None:
        parser.print_usage(sys.stderr)
        print("dyng: error: a command is required", file=sys.stderr)
        return 2
    from dyng.errors import Error

    try:
        if args.command == "config":
            from dyng.config import show_config

            show_config()
            return 0
        if args.command == "demo":
            from dyng._demo import run_demo

            return run_demo(
                graph=args.graph,
                batches=args.batches,
                batch_size=args.batch_size,
                seed=args.seed,
                source=args.source,
            )
    except KeyboardInterrupt:
        print("dyng: interrupted", file=sys.stderr)
        return 130
    except Error as e:
        print(f"dyng: error: {e}", file=sys.stderr)
        return 1
    parser.print_usage(sys.stderr)  # pragma: no cover - argparse rejects unknown commands
    return 2


if __name__ == "__main__":
    sys.exit(main())
