"""The limits of docs/limits.md through the Python API, and what file calls touch.

Each limit is tried exactly at the limit (it works) and one past it (the
documented exception: ``CapacityError``, ``FileFormatError`` with ``.path``,
``.line`` and ``.column``, or ``InvalidArgumentError``), never a wrapped id or
weight and never a bare ``OverflowError``. Limits whose success needs gigabytes
(2**31 - 1 vertices) are tried where the capacity check shows without the
allocation: an inserted id at the limit fails on ``allow_vertex_growth=False``
instead of the capacity; tests/c/test_limits.c covers them with an allocation
hook as well.

Files: every reader works on read-only files in a read-only folder and leaves
the folder's listing and each file's bytes and mtime alone; a streaming
reader's descriptor is read-only and close-on-exec; every writer creates
exactly the paths it is given, and one that fails on its inputs creates
nothing. Each file here is small (the long-line cases are about 1 MiB).
"""

from __future__ import annotations

import functools
import gzip
import os
import stat
import struct
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import dyng
from dyng import io
from dyng.errors import CapacityError, FileFormatError, InvalidArgumentError

I32 = 2**31 - 1
I64 = 2**63 - 1
U64 = 2**64 - 1
INF = dyng.sssp.INFINITE_DISTANCE
LONG = (1 << 20) + 3  # blanks in a long line: past 1 MiB


def at(path: Path, line: int, column: int) -> Callable[[FileFormatError], None]:
    """A check that a FileFormatError names path, line and column."""

    def check(e: FileFormatError) -> None:
        assert (e.path, e.line, e.column) == (str(path), line, column), str(e)

    return check


def expect_file_error(call: Callable[[], object], path: Path, line: int, column: int) -> str:
    with pytest.raises(FileFormatError) as info:
        call()
    at(path, line, column)(info.value)
    return str(info.value)


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def weights_text(k: int) -> str:
    return " ".join(["3"] * k)


# ---- vertices ---------------------------------------------------------------


def test_vertex_counts_of_int32_graphs() -> None:
    with pytest.raises(CapacityError, match="2147483648 vertices do not fit int32 ids"):
        dyng.Graph.from_edges([0], [I32])
    with pytest.raises(CapacityError, match="2147483648 vertices do not fit int32 ids"):
        dyng.Graph.from_edges([], [], num_vertices=I32 + 1)
    # int64 ids: the id 2**63 - 1 would need 2**63 vertices (no wrap to a negative count)
    src = np.array([0], np.int64)
    with pytest.raises(CapacityError, match=r"^9223372036854775808 vertices do not fit int64"):
        dyng.Graph.from_edges(src, np.array([I64], np.int64), [1])
    with pytest.raises(CapacityError, match="at most 2\\*\\*63 - 1 vertices"):
        dyng.Graph.from_edges([0], [1], num_vertices=2**63)
    # ids past int64 in any form are refused before they reach the library
    for dst in ([2**63], np.array([2**63], np.uint64), [2**64]):
        with pytest.raises(InvalidArgumentError):
            dyng.Graph.from_edges([0], dst)
    with pytest.raises(InvalidArgumentError, match="does not fit int32"):
        dyng.Graph.from_edges(src, np.array([I32 + 1], np.int64), vertex_dtype="int32")


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_inserted_ids_at_and_past_the_graph_type(dtype: str) -> None:
    top = I32 - 1 if dtype == "int32" else I64 - 1  # the largest id of the type
    ids = np.array([0], np.int64 if dtype == "int64" else np.int32)
    g = dyng.Graph.from_edges(
        ids, ids + 1, [7], semantics=dyng.BatchSemantics(allow_vertex_growth=False)
    )
    at_limit = dyng.EdgeBatch(insert=(np.array([0], np.int64), np.array([top], np.int64), [9]))
    with pytest.raises(InvalidArgumentError, match="allow_vertex_growth"):
        g.apply(at_limit)  # the capacity check passed
    past = dyng.EdgeBatch(insert=(np.array([0], np.int64), np.array([top + 1], np.int64), [9]))
    with pytest.raises(CapacityError):
        g.apply(past)
    assert g.version == 0 and g.num_edges == 1 and g.num_vertices == 2


def test_batch_ids_past_int32_never_wrap() -> None:
    g = dyng.Graph.from_edges([0], [1], [7])
    wrap = 2**32 + 1  # as int32 it would be vertex 1
    with pytest.raises(CapacityError):
        g.apply(dyng.EdgeBatch(insert=([0], [wrap], [9])))
    summary = g.apply(dyng.EdgeBatch(delete=([0], [wrap])))
    assert (summary.deleted, summary.ignored_deletions, summary.num_edges) == (0, 1, 1)
    src, dst, w = g.edges()
    assert (src.tolist(), dst.tolist(), w.tolist() if w is not None else None) == (
        [0],
        [1],
        [[7]],
    )


def test_vertex_arguments_past_int64() -> None:
    g = dyng.Graph.from_edges([0, 1], [1, 0], [3, 4])
    for v in (2**31, 2**63, 2**64, -1):
        with pytest.raises(InvalidArgumentError):
            g.degree(v)
    for source in (2, 2**63, 2**64, -1):
        with pytest.raises(InvalidArgumentError):
            dyng.sssp.compute(g, source)
    for objective in (1, 2**31, 2**63):
        with pytest.raises(InvalidArgumentError):
            dyng.sssp.compute(g, 0, objective=objective)
    # (a build without OpenMP checks the bound on the sequential backend)
    backend = "openmp" if dyng.config.config()["openmp"] else "sequential"
    assert dyng.Resources(backend, num_threads=1024).num_threads in (1, 1024)
    for threads in (1025, 2**31):
        with pytest.raises(InvalidArgumentError, match=r"1 \.\. 1024"):
            dyng.Resources("openmp", num_threads=threads)


# ---- weights, batches --------------------------------------------------------


def test_weight_values_and_columns() -> None:
    g = dyng.Graph.from_edges([0, 1], [1, 2], [I32, -(2**31)])
    _, _, w = g.edges()
    assert w is not None and w.tolist() == [[I32], [-(2**31)]]
    for bad in (2**31, -(2**31) - 1, 2**63):
        with pytest.raises(InvalidArgumentError, match=r"does not fit int32|64-bit"):
            dyng.Graph.from_edges([0], [1], [bad])
        with pytest.raises(InvalidArgumentError):
            dyng.EdgeBatch(insert=([0], [1], [bad]))
    with pytest.raises(InvalidArgumentError):
        dyng.Graph.from_edges([0], [1], np.array([1.5]))
    w64 = np.full((1, 64), I32, np.int32)
    assert dyng.Graph.from_edges([0], [1], w64).num_weights == 64
    assert dyng.EdgeBatch(insert=([0], [1], w64)).num_weights == 64
    with pytest.raises(InvalidArgumentError, match="at most 64"):
        dyng.Graph.from_edges([0], [1], np.ones((1, 65), np.int32))
    with pytest.raises(InvalidArgumentError, match="at most 64"):
        dyng.EdgeBatch(insert=([0], [1], np.ones((1, 65), np.int32)))
    with pytest.raises(InvalidArgumentError):
        dyng.Graph.from_edges([0], [1], properties=dyng.GraphProperties(num_weights=65))


def test_batch_ids_are_int64() -> None:
    assert dyng.EdgeBatch(insert=([0], [1]), id=I64).id == I64
    for bad in (2**63, -1):
        with pytest.raises(InvalidArgumentError):
            dyng.EdgeBatch(insert=([0], [1]), id=bad)


# ---- algorithms ---------------------------------------------------------------


def test_sssp_distances_pass_int32_exactly() -> None:
    n = 6
    g = dyng.Graph.from_edges(list(range(n - 1)), list(range(1, n)), [I32] * (n - 1))
    tree = dyng.sssp.compute(g, 0)
    assert tree.distances.to_numpy().tolist() == [v * I32 for v in range(n)]
    # an update that adds more int32-max edges agrees with a recomputation
    b = dyng.EdgeBatch(insert=([n - 1], [n], [I32]))
    dyng.sssp.update(g, b, tree)
    assert tree.distances.to_numpy().tolist() == [v * I32 for v in range(n + 1)]
    for low in (0, -1, -(2**31)):
        with pytest.raises(InvalidArgumentError, match=">= 1"):
            dyng.sssp.compute(dyng.Graph.from_edges([0], [1], [low]), 0)


def test_sssp_from_arrays_takes_integers_only() -> None:
    g = dyng.Graph.from_edges([0], [1], [I32])
    r = dyng.sssp.Result.from_arrays(g, 0, [0, I32], [-1, 0])
    assert r.distances.to_numpy().tolist() == [0, I32]
    with pytest.raises(InvalidArgumentError):  # no silent truncation of floats
        dyng.sssp.Result.from_arrays(g, 0, np.array([0.0, I32 + 0.5]), [-1, 0])
    with pytest.raises(InvalidArgumentError, match="does not fit int64"):  # no uint64 wrap
        dyng.sssp.Result.from_arrays(g, 0, np.array([0, U64], np.uint64), [-1, 0])
    with pytest.raises(InvalidArgumentError):  # reachable: at most 2**61 - 2
        dyng.sssp.Result.from_arrays(g, 0, [0, INF], [-1, 0])
    with pytest.raises(InvalidArgumentError):
        dyng.sssp.Result.from_arrays(g, 0, [0, 2**63], [-1, 0])


def test_cycle_count_bounds_and_overflow(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0, 1, 2, 1], [1, 2, 0, 0])  # a 2-cycle and a 3-cycle
    for bad in (2**31, 2**63, 1, 0, -2):
        with pytest.raises(InvalidArgumentError):
            dyng.cycle_count.compute(g, max_length=bad)
    assert dyng.cycle_count.compute(g, max_length=1000).counts.to_numpy().size == 1001
    top = dyng.cycle_count.Result.from_counts(g, [0, 0, U64, 0], max_length=3)
    assert top.total == U64 and top.count(2) == U64
    over = dyng.cycle_count.Result.from_counts(g, [0, 0, U64, 1], max_length=3)
    with pytest.raises(CapacityError, match="2\\^64 - 1"):
        _ = over.total
    assert over.counts.to_numpy().tolist() == [0, 0, U64, 1]
    path = tmp_path / "h.csv"
    with pytest.raises(CapacityError):
        io.write_histogram(path, over)
    with pytest.raises(CapacityError):
        io.write_histogram(path, {2: U64, 3: 1})
    assert not path.exists()
    with pytest.raises(InvalidArgumentError):
        dyng.cycle_count.Result.from_counts(g, [0, 0, 2**64, 0], max_length=3)


def test_cycle_count_update_past_uint64_poisons() -> None:
    g = dyng.Graph.from_edges([0], [1])
    r = dyng.cycle_count.Result.from_counts(g, [0, 0, U64], max_length=2)
    st = dyng.cycle_count.update(g, dyng.EdgeBatch(insert=([1], [0])), r)
    assert not st.converged
    for use in (lambda: r.total, lambda: r.counts, r.clone):
        with pytest.raises(CapacityError, match="recomputed"):
            use()


# ---- readers: ids, weights, announced counts ----------------------------------------


def test_matrix_market_limits(tmp_path: Path) -> None:
    p = tmp_path / "m.mtx"
    head = "%%MatrixMarket matrix coordinate pattern general\n"
    write(p, head + "2147483648 2147483648 1\n2147483648 1\n")
    a = io.read_matrix_market_arrays(p)
    assert a.src.dtype == np.int32 and a.src.tolist() == [I32] and a.num_vertices == I32 + 1
    write(p, head + "2 2147483649 1\n1 1\n")
    with pytest.raises(CapacityError, match=f"{p}:2"):
        io.read_matrix_market_arrays(p)
    write(p, head + "9223372036854775807 9223372036854775807 1\n9223372036854775807 1\n")
    assert io.read_matrix_market_arrays(p, vertex_dtype="int64").src.tolist() == [I64 - 1]
    write(p, head + "9223372036854775808 1 1\n1 1\n")
    expect_file_error(lambda: io.read_matrix_market_arrays(p, vertex_dtype="int64"), p, 2, 1)
    # an entry count far past the file: an error at its end, no allocation of it
    write(p, head + "3 3 1099511627776\n1 2\n")
    expect_file_error(lambda: io.read_matrix_market(p), p, 4, 1)
    # values: int32 (reals with integral values); INT32_MIN has no skew mirror
    real = "%%MatrixMarket matrix coordinate real general\n3 3 2\n"
    write(p, real + "1 2 2147483647\n1 3 -2.147483648e9\n")
    w = io.read_matrix_market_arrays(p).weights
    assert w is not None and w.tolist() == [I32, -(2**31)]
    write(p, "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 3 2147483648\n")
    expect_file_error(lambda: io.read_matrix_market(p), p, 3, 5)
    write(p, "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 1\n2 1 -2147483648\n")
    expect_file_error(lambda: io.read_matrix_market(p), p, 3, 5)


def test_edge_list_limits(tmp_path: Path) -> None:
    p = write(tmp_path / "e.txt", "0 2147483647\n")
    a = io.read_edge_list_arrays(p)
    assert a.src.dtype == np.int32 and a.dst.tolist() == [I32] and a.num_vertices == I32 + 1
    write(p, "0 1\n0 2147483648\n")
    with pytest.raises(CapacityError, match=f"{p}:2:3"):
        io.read_edge_list_arrays(p, vertex_dtype="int32")
    assert io.read_edge_list_arrays(p).dst.dtype == np.int64  # automatic: int64
    write(p, "0 9223372036854775806\n")
    assert io.read_edge_list_arrays(p, vertex_dtype="int64").dst.tolist() == [I64 - 1]
    write(p, "0 9223372036854775807\n")
    with pytest.raises(CapacityError, match=f"{p}:1:3"):
        io.read_edge_list_arrays(p)
    write(p, "0 1 2147483647\n1 2 -2147483648\n")
    w = io.read_edge_list_arrays(p).weights
    assert w is not None and w.tolist() == [[I32], [-(2**31)]]
    write(p, "0 1 5\n1 2 2147483648\n")
    expect_file_error(lambda: io.read_edge_list_arrays(p), p, 2, 5)
    write(p, f"0 1 {weights_text(64)}\n")
    assert io.read_edge_list(p).num_weights == 64
    write(p, f"0 1 {weights_text(65)}\n")
    expect_file_error(lambda: io.read_edge_list_arrays(p), p, 1, 133)
    with pytest.raises(InvalidArgumentError):
        io.read_edge_list_arrays(p, weights=65)


def test_dgt_limits(tmp_path: Path) -> None:
    p = write(tmp_path / "b.dgt", "+e 0 2147483647 -2147483648\n")
    (b,) = io.read_batches(p, vertex_dtype="int32")
    assert b.insert_dst.tolist() == [I32] and b.insert_weights is not None
    assert b.insert_weights.tolist() == [[-(2**31)]]
    write(p, "+e 0 2147483648\n")
    expect_file_error(lambda: io.read_batches(p, vertex_dtype="int32"), p, 1, 6)
    write(p, "-e 9223372036854775807 0\n")
    assert io.read_batches(p)[0].delete_src.tolist() == [I64]
    write(p, "-e 9223372036854775808 0\n")
    expect_file_error(lambda: io.read_batches(p), p, 1, 4)
    write(p, "%batch 9223372036854775807\n+e 0 1\n")
    assert io.read_batches(p)[0].id == I64
    write(p, "%batch 9223372036854775808\n")
    expect_file_error(lambda: io.read_batches(p), p, 1, 8)
    write(p, "+e 0 1 2147483648\n")
    expect_file_error(lambda: io.read_batches(p), p, 1, 8)
    write(p, f"+e 0 1 {weights_text(64)}\n")
    assert io.read_batches(p)[0].num_weights == 64
    write(p, f"+e 0 1 {weights_text(65)}\n")
    expect_file_error(lambda: io.read_batches(p), p, 1, 136)


def test_research_file_limits(tmp_path: Path) -> None:
    ins = write(tmp_path / "insert.txt", "0 2147483647 -2147483648\n")
    b = io.read_change_files(ins, None, vertex_dtype="int32")
    assert b.insert_dst.tolist() == [I32]
    write(ins, "0 2147483648 1\n")
    with pytest.raises(CapacityError, match=f"{ins}:1:3"):
        io.read_change_files(ins, None, vertex_dtype="int32")
    write(ins, "0 9223372036854775806 1\n")
    assert io.read_change_files(ins, None).insert_dst.tolist() == [I64 - 1]
    write(ins, "0 9223372036854775807 1\n")
    with pytest.raises(CapacityError, match=f"{ins}:1:3"):
        io.read_change_files(ins, None)
    write(ins, "0 1 2147483648\n")
    expect_file_error(lambda: io.read_change_files(ins, None), ins, 1, 5)
    write(ins, f"0 1 {weights_text(64)}\n")
    assert io.read_change_files(ins, None).num_weights == 64
    write(ins, f"0 1 {weights_text(65)}\n")
    expect_file_error(lambda: io.read_change_files(ins, None), ins, 1, 133)
    signed = write(tmp_path / "s.txt", f"- 0 1\n+ 0 1 {weights_text(65)}\n")
    expect_file_error(lambda: io.read_signed_batch(signed), signed, 2, 135)
    write(signed, "+ 0 1 5\n- 0 2147483648\n")
    with pytest.raises(CapacityError, match=f"{signed}:2:5"):
        io.read_signed_batch(signed, vertex_dtype="int32")
    # CSR triplet: 64 weights; a row pointer far past the column file
    prefix = tmp_path / "g"
    write(tmp_path / "gRowPtr.txt", "0\n1\n1\n")
    write(tmp_path / "gColInd.txt", "1\n")
    write(tmp_path / "gValues.txt", weights_text(64) + "\n")
    assert io.read_csr_triplet(prefix).num_weights == 64
    write(tmp_path / "gValues.txt", weights_text(65) + "\n")
    expect_file_error(lambda: io.read_csr_triplet(prefix), tmp_path / "gValues.txt", 1, 1)
    write(tmp_path / "gRowPtr.txt", "0\n4611686018427387904\n4611686018427387904\n")
    with pytest.raises(FileFormatError, match="ends at 4611686018427387904"):
        io.read_csr_triplet(prefix)
    # distances: 0 .. 2**61 - 2 and INF
    d = write(tmp_path / "d.txt", f"0 0\n1 {INF - 1}\n2 INF\n")
    assert io.read_distances(d).tolist() == [0, INF - 1, INF]
    write(d, f"0 0\n1 {INF}\n")
    expect_file_error(lambda: io.read_distances(d), d, 2, 3)
    t = write(tmp_path / "t.txt", "0 -1\n9223372036854775807 0\n")
    with pytest.raises(CapacityError, match=f"{t}:2:1"):
        io.read_tree(t)


def test_histogram_limits(tmp_path: Path) -> None:
    h = write(tmp_path / "h.csv", f"# cycle_size, num_of_cycles\n3, {U64}\nTotal, {U64}\n")
    assert io.read_histogram(h) == {3: U64}
    write(h, f"# c\n3, {U64 + 1}\nTotal, 1\n")
    expect_file_error(lambda: io.read_histogram(h), h, 2, 4)
    write(h, f"# c\n3, {U64}\n4, 1\nTotal, {U64 + 1}\n")
    expect_file_error(lambda: io.read_histogram(h), h, 4, 8)
    # a number of any length is a file error, not Python's int() digit limit
    write(h, "# c\n3, " + "1" * 5000 + "\nTotal, 1\n")
    expect_file_error(lambda: io.read_histogram(h), h, 2, 4)
    write(h, "# c\n" + "9" * 5000 + ", 1\nTotal, 1\n")
    expect_file_error(lambda: io.read_histogram(h), h, 2, 1)
    write(h, "# c\n3, " + "0" * 5000 + "7\nTotal, 7\n")
    assert io.read_histogram(h) == {3: 7}


def _dgb_checksum(data: bytes) -> int:
    """The .dgb checksum of dyng/io.h."""
    mask = U64

    def mix(z: int) -> int:
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    padded = data + b"\0" * (-len(data) % 8)
    a, b = 1, len(data)
    for (w,) in struct.iter_unpack("<Q", padded):
        a = (a + w) & mask
        b = (b + a) & mask
    x = mix((a + mix(b)) & mask)
    return (x ^ (x >> 32)) & 0xFFFFFFFF


def test_dgb_header_that_claims_a_huge_batch(tmp_path: Path) -> None:
    header = b"\x89DGB\r\n\x1a\n" + struct.pack("<IIIII", 1, 8, 0, 0, 0)
    header += struct.pack("<I", _dgb_checksum(header))
    body = struct.pack("<qQQII", 0, 2**40, 0, 0, 0)  # 2**40 deletions, then the end
    data = header + b"BTCH" + struct.pack("<I", _dgb_checksum(body)) + body
    plain, packed = tmp_path / "lie.dgb", tmp_path / "lie.dgb.gz"
    plain.write_bytes(data)
    packed.write_bytes(gzip.compress(data))
    for p in (plain, packed):
        with pytest.raises(FileFormatError, match="truncated") as info:
            io.read_batches(p)
        assert info.value.path == str(p) and info.value.line == 0


def test_batch_writers_check_ids(tmp_path: Path) -> None:
    p = tmp_path / "w.dgb"
    big = dyng.EdgeBatch(insert=([0], [I32 + 1]))
    io.write_batches(p, [big])  # a sequence: int64 ids picked
    assert io.read_batches(p)[0].insert_dst.tolist() == [I32 + 1]
    with pytest.raises(FileFormatError, match="int32"):
        io.read_batches(p, vertex_dtype="int32")
    with pytest.raises(InvalidArgumentError):
        io.write_batches(tmp_path / "x.dgb", [big], vertex_dtype="int32")


# ---- line length: none; columns past 2**20 exactly --------------------------------


def test_long_lines(tmp_path: Path) -> None:
    pad = " " * LONG
    mm = tmp_path / "l.mtx"
    head = "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1"
    write(mm, f"{head}{pad}2 7\n")
    w = io.read_matrix_market_arrays(mm).weights
    assert w is not None and w.tolist() == [7]
    write(mm, f"{head}{pad}2 x\n")
    expect_file_error(lambda: io.read_matrix_market(mm), mm, 3, LONG + 4)
    el = tmp_path / "l.txt"
    write(el, f"0 1\n# comment{pad}\n2 3\n")
    assert io.read_edge_list_arrays(el).src.tolist() == [0, 2]
    write(el, f"0 1\n2{pad}x\n")
    expect_file_error(lambda: io.read_edge_list(el), el, 2, LONG + 2)
    for name in ("l.dgt", "l.dgt.gz"):  # the streaming reader, plain and gzip
        dgt = tmp_path / name
        ok, bad = f"%dgt 1\n+e 0{pad}1 5\n", f"%dgt 1\n+e 0{pad}x 5\n"
        for text, fails in ((ok, False), (bad, True)):
            data = text.encode()
            dgt.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
            if fails:
                expect_file_error(functools.partial(io.read_batches, dgt), dgt, 2, LONG + 5)
            else:
                assert io.read_batches(dgt)[0].num_insertions == 1
    ins = write(tmp_path / "insert.txt", f"0{pad}1 x\n")
    expect_file_error(lambda: io.read_change_files(ins, None), ins, 1, LONG + 4)
    d = write(tmp_path / "d.txt", f"0 0\n1{pad}INF\n")
    assert io.read_distances(d).tolist() == [0, INF]
    t = write(tmp_path / "t.txt", f"0 -1\n1{pad}-2\n")
    expect_file_error(lambda: io.read_tree(t), t, 2, LONG + 2)


# ---- files: read-only inputs, descriptors, the paths writers create ------------------


def _write_every_file(d: Path) -> None:
    g = dyng.Graph.from_edges([0, 1, 2], [1, 2, 0], [4, 5, 6])
    b = dyng.EdgeBatch(insert=([0], [2], [4]), delete=([0], [1]), id=3)
    io.write_matrix_market(d / "g.mtx", g)
    io.write_matrix_market(d / "g.mtx.gz", g)
    io.write_edge_list(d / "g.txt", g)
    io.write_edge_list(d / "g.txt.gz", g)
    io.write_csr_triplet(d / "g", g)
    for name in ("b.dgt", "b.dgt.gz", "b.dgb", "b.dgb.gz"):
        io.write_batches(d / name, [b])
    io.write_change_files(d / "insert.txt", d / "delete.txt", b)
    io.write_signed_batch(d / "signed.txt", b)
    io.write_distances(d / "dist.txt", [0, 4, INF])
    io.write_tree(d / "tree.txt", [-1, 0, -1])
    io.write_histogram(d / "hist.csv", dyng.cycle_count.compute(g))
    io.write_histogram(d / "hist.csv.gz", {3: 1})


EVERY_FILE = [
    "b.dgb",
    "b.dgb.gz",
    "b.dgt",
    "b.dgt.gz",
    "delete.txt",
    "dist.txt",
    "g.mtx",
    "g.mtx.gz",
    "g.txt",
    "g.txt.gz",
    "gColInd.txt",
    "gRowPtr.txt",
    "gValues.txt",
    "hist.csv",
    "hist.csv.gz",
    "insert.txt",
    "signed.txt",
    "tree.txt",
]


def _read_every_file(d: Path) -> None:
    for name in ("g.mtx", "g.mtx.gz"):
        assert io.read_matrix_market(d / name).num_edges == 3
        assert io.read_matrix_market_arrays(d / name).src.size == 3
    for name in ("g.txt", "g.txt.gz"):
        assert io.read_edge_list(d / name).num_edges == 3
        assert io.read_edge_list_arrays(d / name).src.size == 3
    assert io.read_csr_triplet(d / "g").num_edges == 3
    for name in ("b.dgt", "b.dgt.gz", "b.dgb", "b.dgb.gz"):
        (b,) = io.read_batches(d / name)
        assert (b.id, len(b)) == (3, 2)
    assert len(io.read_change_files(d / "insert.txt", d / "delete.txt")) == 2
    assert len(io.read_signed_batch(d / "signed.txt")) == 2
    assert io.read_distances(d / "dist.txt").tolist() == [0, 4, INF]
    assert io.read_tree(d / "tree.txt").tolist() == [-1, 0, -1]
    assert io.read_histogram(d / "hist.csv") == {3: 1}
    assert io.read_histogram(d / "hist.csv.gz") == {3: 1}


def _snapshot(d: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(d.iterdir())}


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    d = tmp_path / "ro"
    d.mkdir()
    _write_every_file(d)
    for p in d.iterdir():
        p.chmod(0o444)
    d.chmod(0o555)
    try:
        yield d
    finally:
        d.chmod(0o755)


def test_readers_on_read_only_files(read_only_folder: Path) -> None:
    d = read_only_folder
    assert sorted(p.name for p in d.iterdir()) == EVERY_FILE
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o444 for p in d.iterdir())
    before = _snapshot(d)
    _read_every_file(d)
    assert _snapshot(d) == before


def _descriptors(path: Path) -> list[tuple[int, int]]:
    """(access mode, close-on-exec) of each open descriptor of this process on path."""
    import fcntl

    want = path.stat()
    found = []
    for fd in range(3, 1024):
        try:
            st = os.fstat(fd)
        except OSError:
            continue
        if (st.st_dev, st.st_ino) == (want.st_dev, want.st_ino):
            mode = fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE
            found.append((mode, fcntl.fcntl(fd, fcntl.F_GETFD) & fcntl.FD_CLOEXEC))
    return found


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX descriptors")
def test_streaming_reader_descriptor_is_read_only_and_close_on_exec(
    read_only_folder: Path,
) -> None:
    for name in ("b.dgt", "b.dgt.gz", "b.dgb.gz"):  # a plain .dgb is mapped, then closed
        p = read_only_folder / name
        batches = io.iter_batches(p)
        next(batches)
        assert _descriptors(p) == [(os.O_RDONLY, 1)], name
        list(batches)
        assert _descriptors(p) == []


def test_writers_create_exactly_their_paths(tmp_path: Path) -> None:
    d = tmp_path / "w"
    d.mkdir()
    _write_every_file(d)
    assert sorted(p.name for p in d.iterdir()) == EVERY_FILE
    z = tmp_path / "z"
    z.mkdir()
    io.write_csr_triplet(z / "h", dyng.Graph.from_edges([0], [1]), compress=True)
    assert sorted(p.name for p in z.iterdir()) == ["hColInd.txt.gz", "hRowPtr.txt.gz"]


def test_failed_writes_create_nothing(tmp_path: Path) -> None:
    d = tmp_path / "f"
    d.mkdir()
    g = dyng.Graph.from_edges([0], [1], [3])
    failures: list[Callable[[], Any]] = [
        lambda: io.write_distances(d / "d.txt", [0, INF + 1]),
        lambda: io.write_distances(d / "d.txt", [0, 2**64]),
        lambda: io.write_tree(d / "t.txt", [-1, 2]),
        lambda: io.write_histogram(d / "h.csv", {3: -1}),
        lambda: io.write_matrix_market(d / "g.mtx", g, weight_column=1),
        lambda: io.write_matrix_market_arrays(d / "a.mtx", 2, [0], [5]),
        lambda: io.write_edge_list_arrays(d / "a.txt", [0], [5], num_vertices=2),
        lambda: io.write_batches(
            d / "x.dgb", [dyng.EdgeBatch(insert=([0], [I32 + 1]))], vertex_dtype="int32"
        ),
    ]
    for fail in failures:
        with pytest.raises((InvalidArgumentError, CapacityError)):
            fail()
    # a stream writer has created its own file when it sees a batch it cannot write
    assert sorted(p.name for p in d.iterdir()) == ["x.dgb"]
    missing = tmp_path / "missing" / "g.mtx"
    with pytest.raises(FileFormatError) as info:
        io.write_matrix_market(missing, g)
    assert info.value.path == str(missing)
    with pytest.raises(FileFormatError):
        io.write_csr_triplet(tmp_path / "missing" / "g", g)
    with pytest.raises(FileFormatError):
        io.write_batches(tmp_path / "missing" / "b.dgt", [dyng.EdgeBatch()])
    assert not (tmp_path / "missing").exists()


def test_stream_writer_refusing_a_batch_leaves_only_its_file(tmp_path: Path) -> None:
    for name in ("s.dgt", "s.dgb"):
        b = dyng.EdgeBatch(insert=([0], [1]), id=5)
        with pytest.raises(InvalidArgumentError):
            io.write_batches(tmp_path / name, [b, b])  # ids must increase
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.dgb", "s.dgt"]
    for name in ("s.dgt", "s.dgb"):  # what was written reads back, marked incomplete
        it = io.iter_batches(tmp_path / name)
        assert next(it).id == 5
        with pytest.raises(FileFormatError):
            next(it)
