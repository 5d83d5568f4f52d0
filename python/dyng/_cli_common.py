"""What several commands of the command line share: reading a graph file, checking files,
the types of integer flags, the help formatter and the usage error.

``add_graph_arguments`` gives a command the graph file and the flags that say how to
read it; ``read_graph`` reads it (Matrix Market, an edge list or a CSR triplet,
``--format auto`` telling them apart by name and content); ``count``, ``positive`` and
``seed`` are the argparse types of integer flags; ``check_input`` / ``check_output``
look at a file before the work starts, so that a command fails before it prints or
computes anything. The exit status rule (docs/reference/cli.md): the parser refuses a
value that no run could accept and flags that conflict (``UsageError`` after parsing),
exit 2; what the library refuses, or what the input does not allow, is a failure, exit 1.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any

__all__ = [
    "ONE_BASED_HELP",
    "STDOUT",
    "HelpFormatter",
    "UsageError",
    "add_graph_arguments",
    "check_input",
    "check_output",
    "count",
    "edge_list_flags",
    "file_head",
    "graph_format",
    "is_matrix_market",
    "positive",
    "read_graph",
    "seed",
]

STDOUT = "-"  # the output path that means standard output, where a command offers it
_INT64_MAX = 2**63 - 1
_UINT64_MAX = 2**64 - 1
ONE_BASED_HELP = (
    "an edge list's ids start at 1: reading subtracts 1 from each (edge lists only); "
    "--source and the ids written stay 0-based"
)


class UsageError(Exception):
    """Flags that conflict or would do nothing, found once the command line parsed: exit 2."""


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Wraps each one-line paragraph of a description or epilog to the terminal's width and
    keeps a paragraph of several lines (the examples) as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        parts = []
        for paragraph in text.split("\n\n"):
            if "\n" in paragraph.strip("\n"):
                parts.append(super()._fill_text(paragraph, width, indent))
            else:
                parts.append(argparse.HelpFormatter._fill_text(self, paragraph, width, indent))
        return "\n\n".join(parts)


def _integer(lo: int, hi: int, hi_text: str) -> Callable[[str], int]:
    """An argparse type: an integer from ``lo`` to ``hi`` (shown as ``hi_text``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer >= {lo}, got {text!r}") from None
        if value < lo:
            raise argparse.ArgumentTypeError(f"expected an integer >= {lo}, got {value}")
        if value > hi:
            raise argparse.ArgumentTypeError(
                f"expected an integer from {lo} to {hi_text}, got {value}"
            )
        return value

    return parse


count = _integer(0, _INT64_MAX, "2**63 - 1")
"""A count, size, vertex id or thread count for argparse: an integer from 0 to 2**63 - 1."""
positive = _integer(1, _INT64_MAX, "2**63 - 1")
"""A window or other size that cannot be 0: an integer from 1 to 2**63 - 1."""
seed = _integer(0, _UINT64_MAX, "2**64 - 1")
"""A seed for argparse: an integer from 0 to 2**64 - 1."""


def add_graph_arguments(p: argparse.ArgumentParser, *, optional: bool = False) -> None:
    """The graph file and how to read it; with ``optional``, the file may be left out
    (``args.graph`` is then None: the command's default graph)."""
    text = (
        "the graph: a Matrix Market file (values are the weights), an edge list "
        "('u v [w]' lines, '#' comments) or the prefix of a CSR triplet"
    )
    if optional:
        p.add_argument(
            "graph",
            nargs="?",
            help=text + " (default: the road network of Luxembourg that ships with dyng)",
        )
    else:
        p.add_argument("graph", help=text)
    p.add_argument(
        "--format",
        choices=("auto", "mtx", "edgelist", "csr"),
        default="auto",
        help="the graph file's format (auto: a CSR triplet when GRAPHRowPtr.txt exists, "
        "Matrix Market when the name ends in .mtx or .mtx.gz or the file starts with "
        "%%%%MatrixMarket, else an edge list)",
    )
    p.add_argument(
        "--undirected",
        action="store_true",
        help="an edge list's edges are undirected (edge lists only: a Matrix Market file "
        "says it itself, and so does an edge list that dyng wrote, in its first line)",
    )
    p.add_argument("--one-based", action="store_true", help=ONE_BASED_HELP)


def read_graph(args: argparse.Namespace) -> Any:
    """The graph of ``args.graph``: Matrix Market, a CSR triplet or an edge list
    (``--format``); the shipped road network when ``args.graph`` is None."""
    from dyng import io

    if args.graph is None:
        fmt = "mtx"
    else:
        fmt = args.format if args.format != "auto" else graph_format(args.graph)
    edge_list_flags(fmt, args)
    if args.graph is None:
        from dyng import datasets

        return io.read_matrix_market(datasets.path("luxembourg_osm"))
    if fmt == "mtx":
        return io.read_matrix_market(args.graph)
    if fmt == "csr":
        return io.read_csr_triplet(args.graph)
    return io.read_edge_list(
        args.graph, directed=False if args.undirected else None, one_based=args.one_based
    )


def edge_list_flags(fmt: str, args: argparse.Namespace) -> None:
    """Refuse ``--undirected`` / ``--one-based`` for a graph that is not an edge list: they
    would do nothing there."""
    given = [
        f for f, on in (("--undirected", args.undirected), ("--one-based", args.one_based)) if on
    ]
    if given and fmt != "edgelist":
        raise UsageError(
            f"{' and '.join(given)} {'describe' if len(given) > 1 else 'describes'} an edge "
            f"list, but the graph is read as {fmt} "
            "(give --format edgelist if it is an edge list)"
        )


def file_head(path: str, size: int = 4096, *, flag: str = "--format") -> bytes | None:
    """The first bytes of a file's content (after gzip); None when it cannot be read.

    A pipe or a device (``/dev/stdin``, a FIFO) is not read: what the look took would be
    gone for the reader, so its format must be given (``flag``; a ``UsageError``)."""
    import gzip
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if not stat.S_ISREG(mode):
        raise UsageError(
            f"{path} is not a regular file (a pipe or a device): its format cannot be told "
            f"without reading what the command needs; give {flag}"
        )
    try:
        with open(path, "rb") as raw:
            gz = raw.read(2) == b"\x1f\x8b"
        with gzip.open(path, "rb") if gz else open(path, "rb") as f:
            return f.read(size)
    except (OSError, EOFError):
        return None


def is_matrix_market(path: str, head: bytes) -> bool:
    """Whether a file is read as Matrix Market: by its name (``.mtx``, ``.mtx.gz``), so that
    a bad one gets the Matrix Market reader's error, or by a ``%%MatrixMarket`` banner after
    any blank space."""
    name = path.lower()
    return name.endswith((".mtx", ".mtx.gz")) or head.lstrip().lower().startswith(b"%%matrixmarket")


def graph_format(path: str) -> str:
    """``"mtx"`` by name or banner (``is_matrix_market``), ``"csr"`` for the prefix of a CSR
    triplet, else ``"edgelist"``; ``"mtx"`` too when the file cannot be read (that reader
    then reports why)."""
    from pathlib import Path

    if path.lower().endswith((".mtx", ".mtx.gz")):
        return "mtx"
    if any(Path(path + f"RowPtr.txt{z}").exists() for z in ("", ".gz")):
        return "csr"
    head = file_head(path)
    return "mtx" if head is None or is_matrix_market(path, head) else "edgelist"


def check_input(path: str) -> None:
    """Raise ``OSError`` ("PATH: cannot open for reading: ...", as the readers say it) when
    ``path`` is neither a folder nor a file that can be opened. A pipe or a device is only
    looked up: opening a FIFO waits for its writer, and the reader opens it again."""
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return
        with open(path, "rb"):
            pass
    except OSError as e:
        raise OSError(f"{path}: cannot open for reading: {e.strerror}") from None


def check_output(path: str, what: str, *, stdout: bool = False) -> bool:
    """Look at an output file before the work starts; returns True when it is ``-``,
    standard output (only where ``stdout`` says the command offers it, else a
    ``UsageError``). Raises ``OSError`` ("PATH: cannot open for writing: ...", as the
    writers say it) for a folder, or a file in a folder that does not exist or cannot be
    written."""
    if path == STDOUT:
        if not stdout:
            raise UsageError(
                f"{what} is '-': standard output is offered for --distances, --tree and "
                "--output, not here; name a file"
            )
        return True
    parent = os.path.dirname(path) or "."
    reason = None
    if os.path.isdir(path):
        reason = "Is a directory"
    elif not os.path.exists(parent):
        reason = "No such file or directory"
    elif not os.path.isdir(parent):
        reason = "Not a directory"
    elif not os.access(parent, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        reason = "Permission denied"
    if reason:
        raise OSError(f"{path}: cannot open for writing: {reason}")
    return False
