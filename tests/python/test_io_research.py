"""The research codes' files and .dgb streams in dyng.io.

CSR triplets, change files (insert.txt / delete.txt), signed batches ("- u v" / "+ u v"),
distance and tree files: the goldens read back and written again byte for byte, the readers
against plain NumPy parsing of the same files, random round trips (Hypothesis), and malformed
files at their line and column. .dgb: round trips of random streams against .dgt, every
truncation and corruption reported, never half-read.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dyng
import dyng.io
from dyng.errors import CapacityError, FileFormatError, InvalidArgumentError

SHARED = Path(__file__).resolve().parents[3] / "shared" / "goldens"
needs_goldens = pytest.mark.skipif(not SHARED.exists(), reason="../shared/goldens not found")


def text_of(path: Path) -> str:
    if path.exists():
        return path.read_text()
    with gzip.open(path.with_name(path.name + ".gz"), "rt") as f:
        return f.read()


def numbers(path: Path) -> npt.NDArray[np.int64]:
    """Every number of a file, as plain NumPy parsing sees them (the oracle)."""
    return np.array(text_of(path).split(), dtype=np.int64)


def batch_lists(b: dyng.EdgeBatch) -> tuple[list[int], ...]:
    w = b.insert_weights
    return (
        b.insert_src.tolist(),
        b.insert_dst.tolist(),
        [] if w is None else w.ravel().tolist(),
        b.delete_src.tolist(),
        b.delete_dst.tolist(),
    )


# ---- CSR triplets ------------------------------------------------------------------------


@needs_goldens
@pytest.mark.parametrize("name", ["small60", "small60_w1to3", "luxembourg_osm"])
def test_csr_triplet_matches_numpy_parsing_and_round_trips(name: str, tmp_path: Path) -> None:
    prefix = SHARED / "mosp" / name / "csr" / "graphCsr"
    g = dyng.io.read_csr_triplet(prefix)
    rp = numbers(Path(f"{prefix}RowPtr.txt"))
    col = numbers(Path(f"{prefix}ColInd.txt"))
    w = numbers(Path(f"{prefix}Values.txt")).reshape(-1, 3)
    row_ptr, got_col, got_w = g.to_csr()
    assert row_ptr.tolist() == rp.tolist()
    assert got_col.tolist() == col.tolist()
    assert got_w is not None and got_w.tolist() == w.tolist()
    assert g.properties.order == "append" and g.num_weights == 3
    dyng.io.write_csr_triplet(tmp_path / "g", g, compress=name == "luxembourg_osm")
    for part in ("RowPtr", "ColInd", "Values"):
        written = tmp_path / f"g{part}.txt"
        assert written.exists() == (name != "luxembourg_osm")  # compressed: only the .gz
        assert text_of(written) == text_of(Path(f"{prefix}{part}.txt"))


def test_csr_triplet_unweighted_undirected_and_keywords(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0, 1, 2], [1, 2, 0], directed=False)
    dyng.io.write_csr_triplet(tmp_path / "u", g)
    assert not (tmp_path / "uValues.txt").exists()
    h = dyng.io.read_csr_triplet(tmp_path / "u", directed=False, row_order="sorted")
    assert (h.num_vertices, h.num_edges, h.num_weights, h.directed) == (3, 3, 0, False)
    assert h.to_csr()[1].tolist() == g.to_csr()[1].tolist()
    with pytest.raises(TypeError):
        dyng.io.read_csr_triplet(tmp_path / "u", colour="red")  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("rows", "cols", "values", "part", "line", "column"),
    [
        ("1\n2\n", "0\n", None, "RowPtr", 1, 1),
        ("0\n2\n1\n", "0\n1\n", None, "RowPtr", 3, 1),
        ("0\n1 2\n", "0\n", None, "RowPtr", 2, 3),
        ("0\n1\n2\n", "1\n2\n", None, "ColInd", 2, 1),
        ("0\n1\n2\n", "1\n0\n1\n", None, "ColInd", 3, 1),
        ("0\n1\n2\n", "1\n0\n", "1 2\n3 4.5\n", "Values", 2, 3),
        ("0\n1\n2\n", "1\n0\n", "1 2\n3\n", "Values", 2, 2),
    ],
)
def test_csr_triplet_errors_at_their_line(
    tmp_path: Path, rows: str, cols: str, values: str | None, part: str, line: int, column: int
) -> None:
    (tmp_path / "bRowPtr.txt").write_text(rows)
    (tmp_path / "bColInd.txt").write_text(cols)
    if values is not None:
        (tmp_path / "bValues.txt").write_text(values)
    with pytest.raises(FileFormatError) as e:
        dyng.io.read_csr_triplet(tmp_path / "b")
    assert part in e.value.path
    assert (e.value.line, e.value.column) == (line, column)


def test_csr_triplet_missing_names_the_files(tmp_path: Path) -> None:
    with pytest.raises(FileFormatError, match=r"noneRowPtr\.txt"):
        dyng.io.read_csr_triplet(tmp_path / "none")


# ---- change files and signed batches -------------------------------------------------------

MOSP_BATCHES = [
    "n100_ins50_uniform_seed1",
    "n1000_ins50_uniform_seed777",
    "n200_increase_seed11",
    "n300_ins50_uniform_seed3_local3",
]


@needs_goldens
@pytest.mark.parametrize("batch", MOSP_BATCHES)
def test_change_files_golden_round_trip(batch: str, tmp_path: Path) -> None:
    base = SHARED / "mosp" / "luxembourg_osm" / "changes" / batch
    b = dyng.io.read_change_files(base / "insert.txt", base / "delete.txt")
    ins = numbers(base / "insert.txt").reshape(-1, 5)
    dele = numbers(base / "delete.txt").reshape(-1, 2)
    assert b.insert_src.tolist() == ins[:, 0].tolist()
    assert b.insert_weights is not None
    assert b.insert_weights.tolist() == ins[:, 2:].tolist()
    assert b.delete_dst.tolist() == dele[:, 1].tolist()
    dyng.io.write_change_files(tmp_path / "insert.txt", tmp_path / "delete.txt", b)
    assert (tmp_path / "insert.txt").read_bytes() == (base / "insert.txt").read_bytes()
    assert (tmp_path / "delete.txt").read_bytes() == (base / "delete.txt").read_bytes()


@needs_goldens
def test_signed_batch_goldens_round_trip(tmp_path: Path) -> None:
    files = sorted((SHARED / "cycle_enum_batch").glob("batch_*.txt"))
    assert len(files) >= 10
    for path in files:
        b = dyng.io.read_signed_batch(path, vertex_dtype="int32")
        minus = sum(1 for line in path.read_text().splitlines() if line.startswith("-"))
        assert b.num_deletions == minus
        dyng.io.write_signed_batch(tmp_path / "b.txt", b)
        assert (tmp_path / "b.txt").read_bytes() == path.read_bytes(), path.name


id_lists = st.lists(st.integers(0, 2**40), max_size=30)


@st.composite
def batches(draw: st.DrawFn) -> dyng.EdgeBatch:
    k = draw(st.integers(0, 3))
    ni = draw(st.integers(0, 20))
    nd = draw(st.integers(0, 20))
    ids = st.integers(0, 2**40)
    ins_src = draw(st.lists(ids, min_size=ni, max_size=ni))
    ins_dst = draw(st.lists(ids, min_size=ni, max_size=ni))
    w = draw(st.lists(st.integers(-(2**31), 2**31 - 1), min_size=ni * k, max_size=ni * k))
    del_src = draw(st.lists(ids, min_size=nd, max_size=nd))
    del_dst = draw(st.lists(ids, min_size=nd, max_size=nd))
    weights = np.array(w, dtype=np.int32).reshape(ni, k)
    return dyng.EdgeBatch(
        insert=(np.array(ins_src, np.int64), np.array(ins_dst, np.int64), weights)
        if k
        else (np.array(ins_src, np.int64), np.array(ins_dst, np.int64)),
        delete=(np.array(del_src, np.int64), np.array(del_dst, np.int64)),
        id=draw(st.integers(0, 2**40)),
    )


@given(b=batches(), gz=st.booleans())
def test_text_batches_round_trip(
    tmp_path_factory: pytest.TempPathFactory, b: dyng.EdgeBatch, gz: bool
) -> None:
    d = tmp_path_factory.mktemp("batches")
    z = ".gz" if gz else ""
    dyng.io.write_change_files(d / f"i.txt{z}", d / f"d.txt{z}", b)
    k = b.num_weights if b.num_insertions else None
    back = dyng.io.read_change_files(d / f"i.txt{z}", d / f"d.txt{z}", num_weights=k)
    assert batch_lists(back) == batch_lists(b)
    dyng.io.write_signed_batch(d / f"s.txt{z}", b)
    back = dyng.io.read_signed_batch(d / f"s.txt{z}", num_weights=k)
    assert batch_lists(back) == batch_lists(b)


def test_batch_file_errors(tmp_path: Path) -> None:
    p = tmp_path / "insert.txt"
    p.write_text("0 1 5\n2 3\n")
    with pytest.raises(FileFormatError) as e:
        dyng.io.read_change_files(p)
    assert (e.value.line, e.value.column) == (2, 4)
    p.write_text("0 1\n-2 3\n")
    with pytest.raises(FileFormatError, match="negative") as e:
        dyng.io.read_change_files(delete=p)
    assert (e.value.line, e.value.column) == (2, 1)
    p.write_text("0 3000000000\n")
    with pytest.raises(CapacityError):
        dyng.io.read_change_files(delete=p, vertex_dtype="int32")
    assert dyng.io.read_change_files(delete=p).delete_dst.tolist() == [3000000000]
    p.write_text("- 0 1\n* 2 3\n")
    with pytest.raises(FileFormatError) as e:
        dyng.io.read_signed_batch(p)
    assert (e.value.line, e.value.column) == (2, 1)
    with pytest.raises(InvalidArgumentError):
        dyng.io.read_signed_batch(p, num_weights=65)
    empty = dyng.io.read_change_files()
    assert (empty.num_insertions, empty.num_deletions) == (0, 0)


def test_applied_change_files_follow_the_research_rules(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0, 0, 1], [1, 1, 2], [[4], [5], [6]], multi_edges="allow")
    (tmp_path / "i.txt").write_text("1 2 9\n2 0 3\n1 2 8\n")
    (tmp_path / "d.txt").write_text("0 1\n")
    s = g.apply(dyng.io.read_change_files(tmp_path / "i.txt", tmp_path / "d.txt"))
    assert (s.deleted, s.inserted, s.updated) == (1, 1, 2)
    src, dst, w = g.edges()
    assert w is not None
    assert sorted(zip(src.tolist(), dst.tolist(), w.ravel().tolist(), strict=True)) == [
        (0, 1, 5),
        (1, 2, 8),
        (2, 0, 3),
    ]


# ---- distances and trees --------------------------------------------------------------------


@needs_goldens
@pytest.mark.parametrize("objective", [0, 1, 2])
def test_distance_and_tree_goldens_round_trip(objective: int, tmp_path: Path) -> None:
    base = SHARED / "mosp" / "small60" / "init" / f"obj{objective}"
    d = dyng.io.read_distances(base / "distancesOriginal.txt")
    p = dyng.io.read_tree(base / "SSSPTreeOriginal.txt")
    g = dyng.io.read_csr_triplet(SHARED / "mosp" / "small60" / "csr" / "graphCsr")
    tree = dyng.sssp.compute(g, source=0, objective=objective)
    assert d.tolist() == tree.distances.to_numpy().tolist()
    assert p.tolist() == tree.parents.to_numpy().tolist()
    assert dyng.sssp.INFINITE_DISTANCE in d.tolist()
    dyng.io.write_distances(tmp_path / "d.txt", d)
    dyng.io.write_tree(tmp_path / "t.txt", p)
    assert (tmp_path / "d.txt").read_bytes() == (base / "distancesOriginal.txt").read_bytes()
    assert (tmp_path / "t.txt").read_bytes() == (base / "SSSPTreeOriginal.txt").read_bytes()


@pytest.mark.parametrize(
    ("reader", "text", "line", "column"),
    [
        ("distances", "0 0\n2 5\n", 2, 1),
        ("distances", "0 0\n1 INFX\n", 2, 3),
        ("distances", "0 -4\n", 1, 3),
        ("tree", "0 -1\n1 0\n2 3\n", 3, 1),
        ("tree", "# a tree\n0 -2\n", 2, 3),
    ],
)
def test_vertex_file_errors(tmp_path: Path, reader: str, text: str, line: int, column: int) -> None:
    p = tmp_path / "f.txt"
    p.write_text(text)
    read = dyng.io.read_distances if reader == "distances" else dyng.io.read_tree
    with pytest.raises(FileFormatError) as e:
        read(p)
    assert (e.value.line, e.value.column) == (line, column)


def test_vertex_file_writers_check_values(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError):
        dyng.io.write_distances(tmp_path / "d.txt", [0, -3])
    with pytest.raises(InvalidArgumentError):
        dyng.io.write_tree(tmp_path / "t.txt", [-1, 2])
    with pytest.raises(InvalidArgumentError):
        dyng.io.write_tree(tmp_path / "t.txt", [[0]])
    assert not (tmp_path / "d.txt").exists()


def test_binary_junk_is_reported_readably(tmp_path: Path) -> None:
    p = tmp_path / "junk.txt"
    p.write_bytes(b"\x89\xff\xfe 1\n")
    with pytest.raises(FileFormatError, match=r"\\x89"):
        dyng.io.read_tree(p)


# ---- .dgb ---------------------------------------------------------------------------------


@st.composite
def streams(draw: st.DrawFn) -> list[dyng.EdgeBatch]:
    k = draw(st.integers(0, 2))
    out = []
    next_id = draw(st.integers(0, 5))
    for _ in range(draw(st.integers(0, 6))):
        ni, nd = draw(st.integers(0, 12)), draw(st.integers(0, 12))
        big = draw(st.sampled_from([100, 2**31 - 1, 2**40]))
        ids = st.integers(0, big)
        ins = [draw(st.lists(ids, min_size=ni, max_size=ni)) for _ in range(2)]
        dels = [draw(st.lists(ids, min_size=nd, max_size=nd)) for _ in range(2)]
        w = draw(st.lists(st.integers(-(2**31), 2**31 - 1), min_size=ni * k, max_size=ni * k))
        insert: tuple[object, ...] = (np.array(ins[0], np.int64), np.array(ins[1], np.int64))
        if k:
            insert = (*insert, np.array(w, np.int32).reshape(ni, k))
        out.append(
            dyng.EdgeBatch(
                insert=insert,
                delete=(np.array(dels[0], np.int64), np.array(dels[1], np.int64)),
                id=next_id,
            )
        )
        next_id += draw(st.integers(1, 1000))
    return out


@given(stream=streams(), gz=st.booleans())
def test_dgb_round_trips_like_dgt(
    tmp_path_factory: pytest.TempPathFactory, stream: list[dyng.EdgeBatch], gz: bool
) -> None:
    d = tmp_path_factory.mktemp("dgb")
    z = ".gz" if gz else ""
    dyng.io.write_batches(d / f"s.dgb{z}", stream)
    dyng.io.write_batches(d / f"s.dgt{z}", stream)
    k = next((b.num_weights for b in stream if b.num_insertions), 0)
    binary = dyng.io.read_batches(d / f"s.dgb{z}")
    text = dyng.io.read_batches(d / f"s.dgt{z}", num_weights=k)
    assert [b.id for b in binary] == [b.id for b in stream] == [b.id for b in text]
    for x, y, z_ in zip(binary, text, stream, strict=True):
        assert batch_lists(x) == batch_lists(z_) == batch_lists(y)


def test_dgb_truncation_and_corruption_never_half_read(tmp_path: Path) -> None:
    stream = [
        dyng.EdgeBatch(insert=([1, 2, 3], [4, 5, 6], [[7], [8], [9]]), delete=([0], [1]), id=i)
        for i in range(4)
    ]
    p = tmp_path / "s.dgb"
    dyng.io.write_batches(p, stream)
    data = p.read_bytes()
    expected = [batch_lists(b) for b in stream]

    def read_until_error(raw: bytes) -> int:
        q = tmp_path / "damaged.dgb"
        q.write_bytes(raw)
        good = 0
        with pytest.raises(FileFormatError):
            for b in dyng.io.iter_batches(q):
                assert batch_lists(b) == expected[good]
                good += 1
        return good

    # (an empty file is an empty .dgt stream; a cut inside the magic is read as bad text)
    for cut in range(1, len(data), 7):
        read_until_error(data[:cut])
    for at in range(len(data)):
        flipped = bytearray(data)
        flipped[at] ^= 0x01
        read_until_error(bytes(flipped))
    assert read_until_error(data + b"x") == 4


def test_dgb_options(tmp_path: Path) -> None:
    p = tmp_path / "s.dgb"
    dyng.io.write_batches(p, [dyng.EdgeBatch(insert=([0], [2**40]))])
    with pytest.raises(FileFormatError, match="1099511627776"):
        dyng.io.read_batches(p, vertex_dtype="int32")
    assert dyng.io.read_batches(p)[0].insert_dst.tolist() == [2**40]
    with pytest.raises(InvalidArgumentError, match="weights"):
        dyng.io.read_batches(p, num_weights=2)
    small = tmp_path / "small.dgb"
    dyng.io.write_batches(small, [dyng.EdgeBatch(insert=([0], [1]))])
    assert small.stat().st_size < p.stat().st_size  # int32 ids when they fit
    with pytest.raises(InvalidArgumentError):
        dyng.io.write_batches(tmp_path / "x.dgb", [dyng.EdgeBatch(id=3), dyng.EdgeBatch(id=3)])


def test_read_batches_share_memory_with_their_native_batch(tmp_path: Path) -> None:
    import gc

    p = tmp_path / "s.dgb"
    dyng.io.write_batches(p, [dyng.EdgeBatch(insert=([0, 1], [2, 3], [[4], [5]]), id=1)])
    (b,) = dyng.io.read_batches(p)
    nb = b._cache[1]  # the reader's native batch, whose lists the arrays view
    # the arrays view it without copies, so it can no longer change
    with pytest.raises(InvalidArgumentError, match="exported"):
        nb.add_deletions(np.array([0], np.int64), np.array([1], np.int64))
    with pytest.raises(InvalidArgumentError, match="exported"):
        nb.clear()
    src = b.insert_src
    del b, nb
    gc.collect()
    assert src.tolist() == [0, 1]  # the view keeps the native batch alive
    assert not src.flags.writeable
