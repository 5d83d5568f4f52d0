"""``dyng convert IN OUT``: graphs and batch streams from one file format into another.

Graphs: Matrix Market (``.mtx``), edge lists, and the research code's CSR triplets (a prefix:
``graphCsr`` for ``graphCsrRowPtr.txt``, ``ColInd.txt``, ``Values.txt``). Batches: ``.dgt``,
``.dgb``, the research code's change files (a folder holding ``insert.txt`` and
``delete.txt``) and signed batch files (``- u v`` / ``+ u v`` lines). A format comes from
``--from`` / ``--to``, else from the name (and, for an input, its content).
"""

from __future__ import annotations

import argparse
import gzip
import sys
import time
from collections.abc import Iterator
from pathlib import Path

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
        description=(__doc__ or "").split("\n\n", 1)[1].strip(),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("input", metavar="IN", help="the file (or prefix, or folder) to read")
    p.add_argument("output", metavar="OUT", help="the file (or prefix, or folder) to write")
    formats = GRAPH_FORMATS + BATCH_FORMATS
    p.add_argument("--from", dest="source_format", choices=formats, help="IN's format")
    p.add_argument("--to", dest="target_format", choices=formats, help="OUT's format")
    p.add_argument("--undirected", action="store_true", help="an edge list's edges are undirected")
    p.add_argument("--one-based", action="store_true", help="an edge list's ids start at 1")
    p.add_argument(
        "--weight-column",
        type=int,
        default=0,
        help="the weight a Matrix Market file keeps of several (0)",
    )
    p.add_argument("--compress", action="store_true", help="gzip the files of a CSR triplet")


def _head(path: str) -> bytes:
    """The first bytes of a file's content (after gzip); empty when it cannot be read."""
    try:
        with open(path, "rb") as raw:
            gz = raw.read(2) == b"\x1f\x8b"
        with gzip.open(path, "rb") if gz else open(path, "rb") as f:
            return f.read(4096)
    except (OSError, EOFError):
        return b""


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
    head = _head(path)
    if head.startswith(b"\x89DGB"):
        return "dgb"
    first = next(
        (ln.strip() for ln in head.splitlines() if ln.strip() and ln.strip()[:1] not in b"#%"),
        b"",
    )
    if head.lstrip().lower().startswith(b"%%matrixmarket"):
        return "mtx"
    if head.lstrip().startswith((b"%dgt", b"%batch")) or first.startswith((b"+e ", b"-e ")):
        return "dgt"
    if first.startswith((b"+ ", b"- ")):
        return "signed"
    return "edgelist"


def run(args: argparse.Namespace) -> int:
    """Run ``dyng convert``; returns the exit status."""
    source = args.source_format or detect(args.input, reading=True)
    target = args.target_format or detect(args.output, reading=False)
    if (source in GRAPH_FORMATS) != (target in GRAPH_FORMATS):
        kinds = {True: "a graph", False: "a batch stream"}
        print(
            f"dyng: error: cannot convert {kinds[source in GRAPH_FORMATS]} ({source}) into "
            f"{kinds[target in GRAPH_FORMATS]} ({target}); give --from / --to when the names "
            "mislead",
            file=sys.stderr,
        )
        return 2
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


def _convert_graph(args: argparse.Namespace, source: str, target: str) -> str:
    from dyng import io

    if source == "mtx":
        g = io.read_matrix_market(args.input)
    elif source == "csr":
        g = io.read_csr_triplet(args.input)
    else:
        g = io.read_edge_list(args.input, directed=not args.undirected, one_based=args.one_based)
    if target == "mtx":
        io.write_matrix_market(args.output, g, weight_column=args.weight_column)
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
