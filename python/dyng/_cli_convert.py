"""``dyng convert IN OUT``: graphs and batch streams from one file format into another.

Graphs: Matrix Market (``.mtx``), edge lists, and the research code's CSR triplets (a prefix:
``graphCsr`` for ``graphCsrRowPtr.txt``, ``ColInd.txt``, ``Values.txt``). Batches: ``.dgt``,
``.dgb``, the research code's change files (a folder holding ``insert.txt`` and
``delete.txt``) and signed batch files (``- u v`` / ``+ u v`` lines). A format comes from
``--from`` / ``--to``, else from the name (and, for an input, its content).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from dyng._cli_common import (
    STDOUT,
    HelpFormatter,
    UsageError,
    check_input,
    check_output,
    count,
    file_head,
    is_matrix_market,
)

DESCRIPTION = (
    "Convert a graph or a stream of batches from one file format into another.\n\n"
    "Graphs: Matrix Market (.mtx), edge lists, and the research code's CSR triplets (a "
    "prefix: graphCsr for graphCsrRowPtr.txt, graphCsrColInd.txt and graphCsrValues.txt). "
    "Batches: .dgt, .dgb, the research code's change files (a folder holding insert.txt and "
    "delete.txt) and signed batch files ('- u v' / '+ u v' lines). A format comes from "
    "--from / --to, else from the name (.mtx, .dgt, .dgb, with or without .gz; a folder for "
    "change files), and for IN from its content; a file named .gz is written gzipped.\n\n"
    "Flags that would do nothing are refused: --undirected and --one-based describe an edge "
    "list IN, --weight-column a Matrix Market OUT and --compress a CSR triplet OUT. A graph "
    "with several weights goes into Matrix Market only with --weight-column."
)

GRAPH_FORMATS = ("mtx", "edgelist", "csr")
BATCH_FORMATS = ("dgt", "dgb", "changes", "signed")

EXAMPLES = """examples:
  dyng convert road.mtx.gz road.txt                  Matrix Market -> edge list
  dyng convert csr/graphCsr road.mtx --from csr      the research code's CSR triplet -> .mtx
  dyng convert road.mtx out/graphCsr --to csr --compress
  dyng convert stream.dgt stream.dgb                 text batches -> binary (streamed)
  dyng convert changes/n100/ batch.dgt               insert.txt + delete.txt -> .dgt
  dyng convert batch.dgt batch.txt --to signed       one batch -> '- u v' / '+ u v' lines
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``dyng convert`` on the top-level subcommands."""
    p = sub.add_parser(
        "convert",
        help="convert a graph or a batch stream between file formats",
        description=DESCRIPTION,
        epilog=EXAMPLES,
        formatter_class=HelpFormatter,
    )
    p.add_argument("input", metavar="IN", help="the file (or prefix, or folder) to read")
    p.add_argument("output", metavar="OUT", help="the file (or prefix, or folder) to write")
    formats = GRAPH_FORMATS + BATCH_FORMATS
    p.add_argument("--from", dest="source_format", choices=formats, help="IN's format")
    p.add_argument("--to", dest="target_format", choices=formats, help="OUT's format")
    p.add_argument(
        "--undirected",
        action="store_true",
        help="an edge list IN's edges are undirected (one that dyng wrote says so itself)",
    )
    p.add_argument(
        "--one-based",
        action="store_true",
        help="an edge list IN's ids start at 1: reading subtracts 1 from each (an edge list "
        "OUT is written 0-based, a Matrix Market OUT 1-based as that format is)",
    )
    p.add_argument(
        "--weight-column",
        type=count,
        metavar="COLUMN",
        help="the weight column a Matrix Market OUT keeps, from 0; needed when the graph has "
        "several weights, as a Matrix Market file holds one",
    )
    p.add_argument(
        "--compress", action="store_true", help="gzip the files of a CSR triplet OUT (.txt.gz)"
    )


def _strip_gz(name: str) -> str:
    return name[:-3] if name.endswith(".gz") else name


def detect(path: str, *, reading: bool) -> str:
    """The format of ``path`` from its name, or for an input its content."""
    name = _strip_gz(path.lower())
    p = Path(path)
    if p.is_dir() or (not reading and path.endswith(("/", "\\"))):
        return "changes"
    for suffix, fmt in ((".mtx", "mtx"), (".dgt", "dgt"), (".dgb", "dgb")):
        if name.endswith(suffix):
            return fmt
    if not reading:
        return "edgelist"
    if any(Path(path + f"RowPtr.txt{z}").exists() for z in ("", ".gz")):
        return "csr"
    head = file_head(path, flag="--from") or b""
    if head.startswith(b"\x89DGB"):
        return "dgb"
    first = next(
        (ln.strip() for ln in head.splitlines() if ln.strip() and ln.strip()[:1] not in b"#%"),
        b"",
    )
    if is_matrix_market(path, head):
        return "mtx"
    if head.lstrip().startswith((b"%dgt", b"%batch")) or first.startswith((b"+e ", b"-e ")):
        return "dgt"
    if first.startswith((b"+ ", b"- ")):
        return "signed"
    return "edgelist"


def run(args: argparse.Namespace) -> int:
    """Run ``dyng convert``; returns the exit status."""
    # A missing input is reported as such, not as the format that a name suggests.
    if not (args.source_format == "csr" or _is_csr_prefix(args.input)):
        check_input(args.input)
    source = args.source_format or detect(args.input, reading=True)
    target = args.target_format or detect(args.output, reading=False)
    if (source in GRAPH_FORMATS) != (target in GRAPH_FORMATS):
        kinds = {True: "a graph", False: "a batch stream"}
        raise UsageError(
            f"cannot convert {kinds[source in GRAPH_FORMATS]} ({source}) into "
            f"{kinds[target in GRAPH_FORMATS]} ({target}); give --from / --to when the names "
            "mislead"
        )
    _check_flags(args, source, target)
    if target == "changes":  # a folder, made when missing
        if args.output == STDOUT:
            check_output(args.output, "OUT")  # refuses it
    else:  # a file, or the prefix of a CSR triplet's files
        check_output(args.output + ("RowPtr.txt" if target == "csr" else ""), "OUT")
    t0 = time.perf_counter()
    if source in GRAPH_FORMATS:
        what = _convert_graph(args, source, target)
    else:
        what = _convert_batches(args, source, target)
    print(
        f"dyng: {args.input} ({source}) -> {args.output} ({target}): {what}, "
        f"{time.perf_counter() - t0:.3f} s",
        file=sys.stderr,
    )
    return 0


def _is_csr_prefix(path: str) -> bool:
    return any(Path(path + f"RowPtr.txt{z}").exists() for z in ("", ".gz"))


def _check_flags(args: argparse.Namespace, source: str, target: str) -> None:
    """Refuse flags that would do nothing for these formats (a usage error)."""
    unused = [
        f"{flag} (for {what})"
        for flag, given, what, ok in (
            ("--undirected", args.undirected, "an edge list IN", source == "edgelist"),
            ("--one-based", args.one_based, "an edge list IN", source == "edgelist"),
            (
                "--weight-column",
                args.weight_column is not None,
                "a Matrix Market OUT",
                target == "mtx",
            ),
            ("--compress", args.compress, "a CSR triplet OUT", target == "csr"),
        )
        if given and not ok
    ]
    if unused:
        raise UsageError(
            f"{', '.join(unused)} would do nothing when converting {source} into {target}"
        )


def _convert_graph(args: argparse.Namespace, source: str, target: str) -> str:
    from dyng import io
    from dyng.errors import InvalidArgumentError

    if source == "mtx":
        g = io.read_matrix_market(args.input)
    elif source == "csr":
        g = io.read_csr_triplet(args.input)
    else:
        g = io.read_edge_list(
            args.input, directed=False if args.undirected else None, one_based=args.one_based
        )
    if target == "mtx":
        # As dyng generate: several weights do not go into one column unless one is named.
        column = args.weight_column
        if column is None and g.num_weights > 1:
            raise InvalidArgumentError(
                f"a Matrix Market file holds one weight column, the graph has "
                f"{g.num_weights}; choose one with --weight-column (0 to "
                f"{g.num_weights - 1}), or write an edge list"
            )
        if column is not None and column >= max(g.num_weights, 1):
            accepted = "0" if g.num_weights <= 1 else f"0 to {g.num_weights - 1}"
            raise InvalidArgumentError(
                f"--weight-column {column} is not a weight column of the graph, which has "
                f"{g.num_weights}; accepted: {accepted}"
            )
        io.write_matrix_market(args.output, g, weight_column=column or 0)
    elif target == "csr":
        io.write_csr_triplet(args.output, g, compress=args.compress)
    else:
        io.write_edge_list(args.output, g)
    kind = "directed" if g.directed else "undirected"
    return f"{g.num_vertices:,} vertices, {g.num_edges:,} {kind} edges, {g.num_weights} weights"


def _convert_batches(args: argparse.Namespace, source: str, target: str) -> str:
    from dyng import EdgeBatch, io
    from dyng.errors import InvalidArgumentError

    def read() -> Iterator[EdgeBatch]:
        if source in ("dgt", "dgb"):
            yield from io.iter_batches(args.input)
        elif source == "signed":
            yield io.read_signed_batch(args.input)
        else:
            folder = Path(args.input)
            ins, dele = folder / "insert.txt", folder / "delete.txt"
            if not ins.exists() and not dele.exists():
                raise InvalidArgumentError(f"{folder} holds neither insert.txt nor delete.txt")
            yield io.read_change_files(
                ins if ins.exists() else None, dele if dele.exists() else None
            )

    counted = [0, 0]

    def counting(batches: Iterator[EdgeBatch]) -> Iterator[EdgeBatch]:
        for b in batches:
            counted[0] += 1
            counted[1] += len(b)
            yield b

    batches = counting(read())
    if target in ("dgt", "dgb"):
        io.write_batches(args.output, batches)
    else:
        first = next(batches, None)
        if first is None:
            first = EdgeBatch()
        if next(batches, None) is not None:
            raise InvalidArgumentError(
                f"{args.input} holds more than one batch; {target} files hold one "
                "(convert it to .dgt or .dgb)"
            )
        if target == "signed":
            io.write_signed_batch(args.output, first)
        else:
            folder = Path(args.output)
            folder.mkdir(parents=True, exist_ok=True)
            io.write_change_files(folder / "insert.txt", folder / "delete.txt", first)
    return f"{counted[0]:,} batches, {counted[1]:,} changes"
