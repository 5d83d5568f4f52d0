"""What several commands of the command line share: reading a graph file, and counts.

``add_graph_arguments`` gives a command the graph file and the flags that say how to
read it; ``read_graph`` reads it (Matrix Market, an edge list or a CSR triplet,
``--format auto`` telling them apart by name and content); ``count`` is the argparse
type of a flag that takes an integer ``>= 0``.
"""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["add_graph_arguments", "count", "graph_format", "read_graph"]


def count(text: str) -> int:
    """A count for argparse: an integer >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer >= 0, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected an integer >= 0, got {value}")
    return value


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
        "Matrix Market when the file starts with %%%%MatrixMarket, else an edge list)",
    )
    p.add_argument(
        "--undirected",
        action="store_true",
        help="an edge list's edges are undirected (Matrix Market files say it themselves)",
    )
    p.add_argument("--one-based", action="store_true", help="an edge list's ids start at 1")


def read_graph(args: argparse.Namespace) -> Any:
    """The graph of ``args.graph``: Matrix Market, a CSR triplet or an edge list
    (``--format``); the shipped road network when ``args.graph`` is None."""
    from dyng import io

    if args.graph is None:
        from dyng import datasets

        return io.read_matrix_market(datasets.path("luxembourg_osm"))
    fmt = args.format if args.format != "auto" else graph_format(args.graph)
    if fmt == "mtx":
        return io.read_matrix_market(args.graph)
    if fmt == "csr":
        return io.read_csr_triplet(args.graph)
    return io.read_edge_list(args.graph, directed=not args.undirected, one_based=args.one_based)


def graph_format(path: str) -> str:
    """``"csr"`` for the prefix of a CSR triplet, ``"mtx"`` when the file (plain or gzip)
    starts with a ``%%MatrixMarket`` banner, else ``"edgelist"``; ``"mtx"`` too when it cannot
    be read (that reader then reports why)."""
    import gzip
    from pathlib import Path

    if any(Path(path + f"RowPtr.txt{z}").exists() for z in ("", ".gz")):
        return "csr"
    try:
        with open(path, "rb") as raw:
            gz = raw.read(2) == b"\x1f\x8b"
        with gzip.open(path, "rb") if gz else open(path, "rb") as f:
            head = f.read(256)
    except (OSError, EOFError):
        return "mtx"
    return "mtx" if head.lstrip(b" \t").lower().startswith(b"%%matrixmarket") else "edgelist"
