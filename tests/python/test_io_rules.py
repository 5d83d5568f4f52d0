"""Rules every file function follows: line ends, comments, ids, argument types, path bytes.

Each test pins a way a file could be misread or a call silently coerced: a file with CR line
ends read as one line, a ``.dgt`` comment after data, a batch file with a negative id that its
own reader refuses, an edge list that loses its isolated vertices, ``directed="no"`` read as
True, a float truncated to a column, a file name that is not UTF-8, and a stream write that
failed but reads as whole.
"""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import dyng
from dyng import io
from dyng._backend import native
from dyng.errors import FileFormatError, InvalidArgumentError


def negative_batch(batch_id: int = 2) -> dyng.EdgeBatch:
    """A batch with a negative id, made natively (``EdgeBatch`` itself may refuse one)."""
    empty = np.empty(0, dtype=np.int64)
    nb = native.EdgeBatch.from_arrays(
        "int64",
        0,
        batch_id,
        empty,
        empty,
        None,
        np.array([3, -1], dtype=np.int64),
        np.array([0, 5], dtype=np.int64),
    )
    return dyng.EdgeBatch._from_native(nb)


# ---- CR line ends -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("0 1\r1 2\r2 0\r", 1, 4),  # classic Mac line ends: one line with 4 "weights" before
        ("# FromNodeId ToNodeId\r0 1\r", 1, 22),  # all of it one comment line before
        ("0 1 5\n1 2 6\r", 2, 6),
    ],
)
def test_edge_list_refuses_cr_line_ends(tmp_path: Path, text: str, line: int, column: int) -> None:
    p = tmp_path / "cr.txt"
    p.write_bytes(text.encode())
    for read in (io.read_edge_list_arrays, io.read_edge_list):
        with pytest.raises(FileFormatError, match="carriage return") as info:
            read(p)
        assert (info.value.line, info.value.column) == (line, column)
    with pytest.raises(FileFormatError, match="carriage return"):
        io.read_edge_list_arrays(p, weights=0)  # ignored columns too


def test_edge_list_crlf_still_reads(tmp_path: Path) -> None:
    p = tmp_path / "crlf.txt"
    p.write_bytes(b"# c\r\n0 1 5\r\n1 2 6 \r\n\r\n")
    a = io.read_edge_list_arrays(p)
    assert a.src.tolist() == [0, 1] and a.weights is not None and a.weights.tolist() == [[5], [6]]


# ---- .dgt comments ----------------------------------------------------------------------


def test_dgt_trailing_comments(tmp_path: Path) -> None:
    p = tmp_path / "c.dgt"
    p.write_text("%dgt 1 # version\n%batch 1 # x\n+e 0 1 7 # note\n-e 1 2 #y\n%batch 2\n")
    got = io.read_batches(p)
    assert [(b.id, b.num_insertions, b.num_deletions, b.num_weights) for b in got] == [
        (1, 1, 1, 1),
        (2, 0, 0, 1),
    ]
    w = got[0].insert_weights
    assert w is not None and w.tolist() == [[7]]
    p.write_text("%batch 1\n+e 0 1#x\n")  # a '#' inside a token is no comment
    with pytest.raises(FileFormatError) as info:
        io.read_batches(p)
    assert (info.value.line, info.value.column) == (2, 6)
    p.write_bytes(b"%batch 1\n+e 0 1 # c\r+e 1 2\n")  # a CR line end would hide the edge
    with pytest.raises(FileFormatError, match="carriage return"):
        io.read_batches(p)


def test_dgt_writer_output_unchanged(tmp_path: Path) -> None:
    p = tmp_path / "w.dgt"
    io.write_batches(p, [dyng.EdgeBatch(insert=([0], [1], [4]), delete=([2], [3]), id=3)])
    assert p.read_text() == "%dgt 1\n%batch 3\n-e 2 3\n+e 0 1 4\n"


# ---- negative ids -----------------------------------------------------------------------

WRITERS: dict[str, Callable[[Path, dyng.EdgeBatch], None]] = {
    "dgt": lambda d, b: io.write_batches(d / "s.dgt", [b]),
    "dgb": lambda d, b: io.write_batches(d / "s.dgb", [b]),
    "dgb.gz": lambda d, b: io.write_batches(d / "s.dgb.gz", (x for x in [b])),
    "signed": lambda d, b: io.write_signed_batch(d / "s.txt", b),
    "changes": lambda d, b: io.write_change_files(d / "ins.txt", d / "del.txt", b),
}


@pytest.mark.parametrize("kind", sorted(WRITERS))
def test_batch_writers_refuse_negative_ids_before_the_file(tmp_path: Path, kind: str) -> None:
    with pytest.raises(InvalidArgumentError, match=r"batch 2: deletion 1 is \(-1, 5\)"):
        WRITERS[kind](tmp_path, negative_batch())
    assert list(tmp_path.iterdir()) == []


def test_stream_refuses_a_negative_batch_when_it_comes(tmp_path: Path) -> None:
    def batches() -> Iterator[dyng.EdgeBatch]:
        yield dyng.EdgeBatch(insert=([0], [1]), id=1)
        yield negative_batch(2)

    for name in ("s.dgt", "s.dgb"):
        with pytest.raises(InvalidArgumentError, match="batch 2: deletion 1"):
            io.write_batches(tmp_path / name, batches())
        it = io.iter_batches(tmp_path / name)
        assert next(it).id == 1  # what was written reads back, then the file says it is cut
        with pytest.raises(FileFormatError):
            next(it)


# ---- failed stream writes ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["out.dgb", "out.dgb.gz", "out.dgt", "out.dgt.gz"])
def test_a_failed_stream_write_is_not_a_whole_stream(tmp_path: Path, name: str) -> None:
    bad = tmp_path / "bad.dgt"
    bad.write_text("%batch 1\n+e 1 2 3\n%batch 2\n+e x 2 3\n")  # batch 2 is malformed
    out = tmp_path / name
    out.write_text("old")
    with pytest.raises(FileFormatError, match=r"bad\.dgt:4:4"):
        io.write_batches(out, io.iter_batches(bad))  # what `dyng convert` does
    it = io.iter_batches(out)
    first = next(it)
    assert (first.id, first.insert_src.tolist()) == (1, [1])
    with pytest.raises(FileFormatError, match=r"end record|aborted"):
        next(it)
    good = tmp_path / ("good" + name[3:])
    io.write_batches(good, [first])
    assert [b.id for b in io.read_batches(good)] == [1]  # a whole one-batch stream reads


def test_a_stream_interrupted_by_a_python_error(tmp_path: Path) -> None:
    def batches() -> Iterator[dyng.EdgeBatch]:
        yield dyng.EdgeBatch(insert=([0], [1]), id=1)
        raise RuntimeError("the source failed")

    for name in ("s.dgb", "s.dgt"):
        with pytest.raises(RuntimeError, match="the source failed"):
            io.write_batches(tmp_path / name, batches())
        with pytest.raises(FileFormatError):
            io.read_batches(tmp_path / name)


# ---- edge-list header -------------------------------------------------------------------


def test_edge_list_keeps_trailing_isolated_vertices(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges(np.array([0], np.int32), np.array([1], np.int32), [7], num_vertices=5)
    for name in ("g.el", "g.el.gz"):
        io.write_edge_list(tmp_path / name, g)
        h = io.read_edge_list(tmp_path / name)
        assert (h.num_vertices, h.num_edges) == (5, 1)
        assert io.read_edge_list_arrays(tmp_path / name).num_vertices == 5
    io.write_edge_list_arrays(tmp_path / "a.txt", [0], [1], num_vertices=4)
    assert io.read_edge_list_arrays(tmp_path / "a.txt").num_vertices == 4
    # compact_ids: the vertices are the ids that appear
    assert io.read_edge_list_arrays(tmp_path / "a.txt", compact_ids=True).num_vertices == 2


def test_matrix_market_to_edge_list_and_back(tmp_path: Path) -> None:
    mtx = tmp_path / "iso.mtx"
    mtx.write_text("%%MatrixMarket matrix coordinate integer general\n6 6 2\n1 2 4\n2 3 1\n")
    io.write_edge_list(tmp_path / "iso.txt", io.read_matrix_market(mtx))
    io.write_matrix_market(tmp_path / "back.mtx", io.read_edge_list(tmp_path / "iso.txt"))
    assert io.read_matrix_market_arrays(tmp_path / "back.mtx").num_vertices == 6


def test_one_vertex_grid_reads_back(tmp_path: Path) -> None:
    g = dyng.generators.grid(1, 1)
    io.write_edge_list(tmp_path / "g1.txt", g)
    h = io.read_edge_list(tmp_path / "g1.txt")
    assert (h.num_vertices, h.num_edges) == (1, 0)


def test_edge_list_header_below_the_ids(tmp_path: Path) -> None:
    p = tmp_path / "h.txt"
    p.write_text("# dynG edge list: 2 vertices, 1 edges, 0 weights\n0\t2\n")
    with pytest.raises(FileFormatError, match="names 2 vertices") as info:
        io.read_edge_list(p)
    assert (info.value.line, info.value.column) == (1, 19)
    # another first line means what it meant before
    p.write_text("# dynG edge list: 9 vertices\n0\t2\n")
    assert io.read_edge_list(p).num_vertices == 3
    p.write_text("# nodes: 9\n# dynG edge list: 9 vertices, 1 edges, 0 weights\n0\t2\n")
    assert io.read_edge_list(p).num_vertices == 3


# ---- argument types ---------------------------------------------------------------------


@pytest.fixture
def graph() -> dyng.Graph:
    return dyng.Graph.from_edges(
        np.array([0, 1], np.int32), np.array([1, 2], np.int32), [[1, 2], [3, 4]]
    )


def refused(call: Callable[[], Any], what: str, path: Path | None = None) -> None:
    with pytest.raises(InvalidArgumentError, match=what):
        call()
    if path is not None:
        assert not path.exists()


def test_bools_are_bools(tmp_path: Path, graph: dyng.Graph) -> None:
    el = tmp_path / "g.el"
    io.write_edge_list(el, graph)
    refused(lambda: io.read_edge_list(el, directed="no"), "directed must be a bool")  # type: ignore[arg-type]
    refused(lambda: io.read_edge_list(el, directed=0), "directed must be a bool")  # type: ignore[arg-type]
    assert not io.read_edge_list(el, directed=np.bool_(False)).directed  # type: ignore[arg-type]
    refused(lambda: io.read_edge_list(el, compact_ids="yes"), "compact_ids")  # type: ignore[arg-type]
    refused(lambda: io.read_edge_list_arrays(el, one_based=1), "one_based")  # type: ignore[arg-type]
    mtx = tmp_path / "g.mtx"
    io.write_matrix_market(mtx, graph)
    refused(lambda: io.read_matrix_market_arrays(mtx, ignore_values="x"), "ignore_values")  # type: ignore[arg-type]
    refused(
        lambda: io.read_matrix_market_arrays(mtx, expand_symmetric=None),  # type: ignore[arg-type]
        "expand_symmetric",
    )
    refused(
        lambda: io.write_csr_triplet(tmp_path / "c", graph, compress="no"),  # type: ignore[arg-type]
        "compress",
        tmp_path / "cRowPtr.txt",
    )


def test_integers_are_integers(tmp_path: Path, graph: dyng.Graph) -> None:
    f = tmp_path / "f.mtx"
    refused(lambda: io.write_matrix_market_arrays(f, 3.7, [0, 1], [1, 2]), "num_vertices", f)  # type: ignore[arg-type]
    refused(lambda: io.write_matrix_market_arrays(f, True, [0], [0]), "num_vertices", f)
    refused(lambda: io.write_matrix_market_arrays(f, -1, [0], [0]), "num_vertices", f)
    refused(lambda: io.write_matrix_market(f, graph, weight_column=1.9), "weight_column", f)  # type: ignore[arg-type]
    refused(lambda: io.write_matrix_market(f, graph, weight_column=None), "weight_column", f)  # type: ignore[arg-type]
    refused(lambda: io.write_matrix_market(f, graph, weight_column=2), "weight_column is 2", f)
    refused(lambda: io.write_matrix_market(f, graph, weight_column=2**40), "columns 0..1", f)
    io.write_matrix_market(f, graph, weight_column=np.int64(1))  # type: ignore[arg-type]
    assert io.read_matrix_market_arrays(f).weights.tolist() == [2, 4]  # type: ignore[union-attr]
    io.write_matrix_market(f, graph, weight_column=-(2**40))  # any negative column: pattern
    assert io.read_matrix_market_arrays(f).field == "pattern"
    e = tmp_path / "e.txt"
    refused(lambda: io.write_edge_list_arrays(e, [0], [1], num_vertices=2.0), "num_vertices", e)  # type: ignore[arg-type]
    with pytest.raises(dyng.CapacityError, match="num_vertices"):  # as Graph.from_edges
        io.write_edge_list_arrays(e, [0], [1], num_vertices=2**64)
    assert not e.exists()
    d = tmp_path / "d.dgt"
    d.write_text("%batch 1\n+e 0 1 5\n")
    refused(lambda: io.iter_batches(d, num_weights=1.0), "num_weights")  # type: ignore[arg-type]
    refused(lambda: io.iter_batches(d, num_weights=65), "num_weights")
    assert io.read_batches(d, num_weights=np.int32(1))[0].num_weights == 1  # type: ignore[arg-type]


# ---- file names that are not UTF-8 ------------------------------------------------------


def test_file_names_that_are_not_utf8(tmp_path: Path, graph: dyng.Graph) -> None:
    def name(stem: str) -> str:
        path = os.fsencode(tmp_path) + b"/" + stem.encode() + b"\xff"
        return os.fsdecode(path)  # a str with a surrogate escape, as os.listdir gives it

    if not isinstance(os.fsdecode(b"\xff"), str) or os.fsencode(os.fsdecode(b"\xff")) != b"\xff":
        pytest.skip("the file system encoding cannot hold the byte 0xff")
    mtx, el, csr = name("g.mtx"), name("g.txt"), name("csr")
    io.write_matrix_market(mtx, graph)
    io.write_matrix_market_arrays(name("a.mtx"), 3, [0, 1], [1, 2])
    io.write_edge_list(el, graph)
    io.write_edge_list_arrays(name("a.txt"), [0], [1])
    io.write_csr_triplet(csr, graph)
    assert io.read_matrix_market(mtx).num_edges == 2
    assert io.read_matrix_market_arrays(name("a.mtx")).num_vertices == 3
    assert io.read_edge_list(el).num_edges == 2
    assert io.read_edge_list_arrays(name("a.txt")).src.tolist() == [0]
    assert io.read_csr_triplet(csr).num_edges == 2
    b = dyng.EdgeBatch(insert=([0], [1]), delete=([1], [2]), id=4)
    for suffix in (".dgt", ".dgb", ".dgb.gz"):
        io.write_batches(name("s" + suffix), [b])
        assert io.read_batches(name("s" + suffix)) == [b]
    io.write_signed_batch(name("signed"), b)
    assert io.read_signed_batch(name("signed")).delete_dst.tolist() == [2]
    io.write_change_files(name("ins"), name("del"), b)
    assert io.read_change_files(name("ins"), name("del")).num_deletions == 1
    tree = dyng.sssp.compute(graph, 0)
    io.write_distances(name("dist"), tree.distances)
    io.write_tree(name("tree"), tree.parents)
    assert io.read_distances(name("dist")).tolist() == tree.distances.to_numpy().tolist()
    assert io.read_tree(name("tree")).tolist() == tree.parents.to_numpy().tolist()
    io.write_histogram(name("h.csv"), {3: 2})
    assert io.read_histogram(name("h.csv")) == {3: 2}
    # the bytes on disk are the ones asked for, and errors name the path as given
    assert os.path.exists(os.fsencode(mtx))
    bad = name("bad.txt")
    with open(bad, "w") as f:
        f.write("0 1\n1 x\n")
    with pytest.raises(FileFormatError) as info:
        io.read_edge_list(bad)
    assert (info.value.path, info.value.line, info.value.column) == (bad, 2, 3)
    with pytest.raises(FileFormatError) as info:
        io.read_batches(name("missing.dgt"))
    assert info.value.path == name("missing.dgt")


def test_nul_in_a_path(tmp_path: Path, graph: dyng.Graph) -> None:
    with pytest.raises(InvalidArgumentError, match="NUL"):
        io.write_edge_list(str(tmp_path / "a\0b.txt"), graph)
    with pytest.raises(InvalidArgumentError, match="NUL"):
        io.read_edge_list(str(tmp_path / "a\0b.txt"))


def test_gzip_stream_marked_incomplete_is_valid_gzip(tmp_path: Path) -> None:
    def batches() -> Iterator[dyng.EdgeBatch]:
        yield dyng.EdgeBatch(insert=([0], [1]), id=1)
        raise RuntimeError("stop")

    p = tmp_path / "s.dgt.gz"
    with pytest.raises(RuntimeError):
        io.write_batches(p, batches())
    assert gzip.decompress(p.read_bytes()) == b"%dgt 1\n%batch 1\n+e 0 1\n%aborted\n"
