"""dyng.io: Matrix Market and .dgt files, round trips, against SciPy where importable."""

from __future__ import annotations

import gzip
import os
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dyng
import dyng.io
from helpers import build_graph, ints, weights_list
from refmodel import BatchSpec, GraphSpec, batch_specs, graph_specs

tmp_settings = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])


def edge_triples(g: dyng.Graph, column: int = 0) -> list[tuple[int, int, int | None]]:
    src, dst, w = g.edges()
    vals: list[int | None] = (
        [None] * len(src) if w is None else [int(x) for x in w[:, column].tolist()]
    )
    return list(zip(ints(src), ints(dst), vals, strict=True))


def header(path: Path) -> str:
    opener: Any = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as f:
        line: str = f.readline()
    return line.strip()


# ---- Matrix Market: graphs ---------------------------------------------------------


def test_write_read_directed_integer(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0, 0, 2, 3], [1, 3, 2, 0], [5, -6, 7, 8], num_vertices=5)
    path = tmp_path / "g.mtx"
    dyng.io.write_matrix_market(path, g)
    assert header(path) == "%%MatrixMarket matrix coordinate integer general"
    h = dyng.io.read_matrix_market(path)
    assert h.directed
    assert h.num_weights == 1
    assert h.num_vertices == 5
    assert edge_triples(h) == edge_triples(g)
    h.check_integrity()


def test_write_read_undirected_symmetric(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0, 1, 2, 3], [1, 2, 2, 0], [5, 6, 7, 8], directed=False)
    path = tmp_path / "u.mtx"
    dyng.io.write_matrix_market(path, g)
    assert header(path) == "%%MatrixMarket matrix coordinate integer symmetric"
    h = dyng.io.read_matrix_market(path)
    assert not h.directed
    assert h.num_edges == 4
    assert edge_triples(h) == edge_triples(g)
    # every entry is written once, as row >= column (1-based)
    rows = [
        line.split() for line in path.read_text().splitlines() if line and not line.startswith("%")
    ][1:]
    assert len(rows) == 4
    assert all(int(r[0]) >= int(r[1]) for r in rows)


def test_write_read_pattern(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0, 1, 2], [1, 2, 0])
    path = tmp_path / "p.mtx"
    dyng.io.write_matrix_market(path, g)
    assert header(path) == "%%MatrixMarket matrix coordinate pattern general"
    h = dyng.io.read_matrix_market(path)
    assert h.num_weights == 0
    assert edge_triples(h) == edge_triples(g)


def test_weight_column(tmp_path: Path) -> None:
    w = np.array([[1, 10, 100], [2, 20, 200]], dtype=np.int32)
    g = dyng.Graph.from_edges([0, 1], [1, 0], w)
    path = tmp_path / "c.mtx"
    dyng.io.write_matrix_market(path, g, weight_column=1)
    h = dyng.io.read_matrix_market(path)
    assert edge_triples(h) == [(0, 1, 10), (1, 0, 20)]
    dyng.io.write_matrix_market(path, g, weight_column=-1)
    assert header(path).endswith("pattern general")


def test_gzip_round_trip(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0, 1, 4], [1, 2, 3], [3, 4, 5])
    path = tmp_path / "g.mtx.gz"
    dyng.io.write_matrix_market(path, g)
    assert path.read_bytes()[:2] == b"\x1f\x8b"
    assert gzip.decompress(path.read_bytes()).startswith(b"%%MatrixMarket")
    h = dyng.io.read_matrix_market(path)
    assert edge_triples(h) == edge_triples(g)
    # detected from the content, not the name
    plain = tmp_path / "content.mtx"
    plain.write_bytes(path.read_bytes())
    assert edge_triples(dyng.io.read_matrix_market(plain)) == edge_triples(g)


@tmp_settings
@given(graph_specs(max_vertices=10), st.data())
def test_round_trip_random(tmp_path: Path, spec: GraphSpec, data: st.DataObject) -> None:
    spec.order = "sorted"
    spec.parallel_edges = "forbid"
    g = build_graph(spec)
    column = data.draw(st.integers(min_value=0, max_value=max(spec.num_weights - 1, 0)))
    path = tmp_path / "r.mtx"
    dyng.io.write_matrix_market(path, g, weight_column=column)
    props = dyng.GraphProperties(directed=spec.directed, num_weights=min(spec.num_weights, 1))
    h = dyng.io.read_matrix_market(path, properties=props)
    assert h.num_vertices == g.num_vertices
    assert h.directed == g.directed
    assert edge_triples(h) == edge_triples(g, column)


def test_read_with_properties(tmp_path: Path) -> None:
    path = tmp_path / "s.mtx"
    path.write_text("%%MatrixMarket matrix coordinate integer symmetric\n3 3 2\n2 1 4\n3 3 9\n")
    u = dyng.io.read_matrix_market(path)
    assert not u.directed
    assert edge_triples(u) == [(0, 1, 4), (2, 2, 9)]
    d = dyng.io.read_matrix_market(path, properties=dyng.GraphProperties(directed=True))
    assert d.directed
    assert d.num_weights == 0  # given properties are used as they are
    assert edge_triples(d) == [(0, 1, None), (1, 0, None), (2, 2, None)]
    d1 = dyng.io.read_matrix_market(
        path, properties=dyng.GraphProperties(directed=True, num_weights=1)
    )
    assert edge_triples(d1) == [(0, 1, 4), (1, 0, 4), (2, 2, 9)]


def test_read_hand_written_file(tmp_path: Path) -> None:
    path = tmp_path / "h.mtx"
    path.write_text(
        "%%MatrixMarket matrix coordinate real general\r\n"
        "% comment\r\n"
        "\r\n"
        "4 4 3\r\n"
        "1 2 3.0\r\n"
        "\t4  1   -2e1\r\n"
        "3 3 7"
    )
    g = dyng.io.read_matrix_market(path)
    assert g.num_vertices == 4
    assert edge_triples(g) == [(0, 1, 3), (2, 2, 7), (3, 0, -20)]


# ---- Matrix Market: arrays -----------------------------------------------------------


def test_read_arrays(tmp_path: Path) -> None:
    path = tmp_path / "a.mtx"
    path.write_text(
        "%%MatrixMarket matrix coordinate integer skew-symmetric\n5 5 2\n2 1 4\n5 2 -3\n"
    )
    a = dyng.io.read_matrix_market_arrays(path)
    assert a.num_vertices == 5
    assert a.field == "integer"
    assert a.symmetry == "skew-symmetric"
    assert a.src.dtype == np.int32
    assert ints(a.src) == [1, 4]
    assert ints(a.dst) == [0, 1]
    assert a.weights is not None
    assert [int(x) for x in np.asarray(a.weights).ravel().tolist()] == [4, -3]
    e = dyng.io.read_matrix_market_arrays(path, expand_symmetric=True, vertex_dtype="int64")
    assert e.src.dtype == np.int64
    assert ints(e.src) == [1, 0, 4, 1]
    assert ints(e.dst) == [0, 1, 1, 4]
    assert e.weights is not None
    assert [int(x) for x in np.asarray(e.weights).ravel().tolist()] == [4, -4, -3, 3]
    p = dyng.io.read_matrix_market_arrays(path, ignore_values=True)
    assert p.weights is None
    assert ints(p.src) == [1, 4]


def test_write_read_arrays(tmp_path: Path) -> None:
    path = tmp_path / "wa.mtx"
    src = np.array([0, 2, 5], dtype=np.int64)
    dst = np.array([1, 2, 0], dtype=np.int64)
    dyng.io.write_matrix_market_arrays(path, 7, src, dst, np.array([9, 8, 7], np.int32))
    assert header(path) == "%%MatrixMarket matrix coordinate integer general"
    a = dyng.io.read_matrix_market_arrays(path)
    assert a.num_vertices == 7
    assert (ints(a.src), ints(a.dst)) == ([0, 2, 5], [1, 2, 0])
    assert a.weights is not None
    assert [int(x) for x in np.asarray(a.weights).ravel().tolist()] == [9, 8, 7]
    dyng.io.write_matrix_market_arrays(path, 7, src, dst)
    b = dyng.io.read_matrix_market_arrays(path)
    assert b.field == "pattern"
    assert b.weights is None
    dyng.io.write_matrix_market_arrays(path, 7, src, dst, symmetry="symmetric")
    c = dyng.io.read_matrix_market_arrays(path)
    assert c.symmetry == "symmetric"
    assert (ints(c.src), ints(c.dst)) == ([0, 2, 5], [1, 2, 0])


# ---- against SciPy --------------------------------------------------------------------

# scipy's Matrix Market reader and writer (fast_matrix_market) hand buffers between threads
# through std::future in libstdc++, which is not instrumented, so ThreadSanitizer reports
# races and bad unlocks that are not there; under the tsan build these oracles are skipped.
scipy_oracle = pytest.mark.skipif(
    os.environ.get("DYNG_TEST_SANITIZED") == "tsan",
    reason="scipy's threads are invisible to ThreadSanitizer",
)


@scipy_oracle
def test_against_scipy_mmread(tmp_path: Path) -> None:
    sio = pytest.importorskip("scipy.io")
    g = dyng.Graph.from_edges([0, 0, 2, 3, 4], [1, 3, 2, 0, 4], [5, 6, 7, 8, 9], num_vertices=6)
    path = tmp_path / "d.mtx"
    dyng.io.write_matrix_market(path, g)
    m = sio.mmread(str(path)).tocoo()
    assert m.shape == (6, 6)
    got = sorted(zip(m.row.tolist(), m.col.tolist(), m.data.tolist(), strict=True))
    assert got == sorted(edge_triples(g))
    u = dyng.Graph.from_edges([0, 1, 3], [1, 2, 3], [5, 6, 7], directed=False)
    upath = tmp_path / "u.mtx"
    dyng.io.write_matrix_market(upath, u)
    um = sio.mmread(str(upath)).tocoo()
    got_u = sorted(zip(um.row.tolist(), um.col.tolist(), um.data.tolist(), strict=True))
    want_u = sorted(
        {(a, b, c) for a, b, c in edge_triples(u)} | {(b, a, c) for a, b, c in edge_triples(u)}
    )
    assert got_u == want_u


@scipy_oracle
def test_read_scipy_written_file(tmp_path: Path) -> None:
    sio = pytest.importorskip("scipy.io")
    sparse = pytest.importorskip("scipy.sparse")
    rng = np.random.default_rng(3)
    n, m = 40, 150
    rows = rng.integers(0, n, m)
    cols = rng.integers(0, n, m)
    vals = rng.integers(-1000, 1000, m)
    mat = sparse.coo_matrix((vals, (rows, cols)), shape=(n, n)).tocsr()
    mat.sum_duplicates()
    mat.eliminate_zeros()
    path = tmp_path / "scipy.mtx"
    sio.mmwrite(str(path), mat.tocoo(), field="integer")
    g = dyng.io.read_matrix_market(path)
    coo = mat.tocoo()
    want = sorted(zip(coo.row.tolist(), coo.col.tolist(), coo.data.tolist(), strict=True))
    assert sorted(edge_triples(g)) == want
    rp, col, w = g.to_csr()
    assert ints(rp) == mat.indptr.tolist()
    assert ints(col) == mat.indices.tolist()
    assert weights_list(w, len(col), 1) == [[int(x)] for x in mat.data.tolist()]


# ---- .dgt batches -------------------------------------------------------------------------


def test_write_batches_text(tmp_path: Path) -> None:
    path = tmp_path / "b.dgt"

    def i64(*v: int) -> npt.NDArray[np.int64]:
        return np.array(v, dtype=np.int64)

    b0 = dyng.EdgeBatch(
        insert=(i64(0, 1), i64(1, 2), [[5, 6], [7, 8]]), delete=(i64(3), i64(4)), id=1
    )
    b1 = dyng.EdgeBatch(
        insert=(np.empty(0, np.int64), np.empty(0, np.int64), np.empty((0, 2), np.int32)),
        delete=(i64(2), i64(0)),
        id=4,
    )
    dyng.io.write_batches(path, [b0, b1])
    lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
    assert lines == [
        ["%dgt", "1"],
        ["%batch", "1"],
        ["-e", "3", "4"],
        ["+e", "0", "1", "5", "6"],
        ["+e", "1", "2", "7", "8"],
        ["%batch", "4"],
        ["-e", "2", "0"],
    ]
    back = dyng.io.read_batches(path)
    assert back == [b0, b1]
    assert [b.id for b in back] == [1, 4]
    assert [b.num_weights for b in back] == [2, 2]
    assert back[0].insert_src.dtype == np.int64  # the default vertex_dtype


@tmp_settings
@given(st.data())
def test_dgt_round_trip_random(tmp_path: Path, data: st.DataObject) -> None:
    k = data.draw(st.sampled_from([0, 1, 3]))
    specs: list[BatchSpec] = data.draw(st.lists(batch_specs(50, k, grow=10**6), max_size=5))
    gaps = data.draw(
        st.lists(
            st.integers(min_value=1, max_value=2**20), min_size=len(specs), max_size=len(specs)
        )
    )
    ids = np.cumsum(gaps).tolist()
    batches = [dyng.EdgeBatch(**s.arrays(), id=int(i)) for s, i in zip(specs, ids, strict=True)]
    path = tmp_path / ("r.dgt.gz" if data.draw(st.booleans()) else "r.dgt")
    dyng.io.write_batches(path, batches)
    back = dyng.io.read_batches(path, num_weights=k)
    assert len(back) == len(batches)
    for a, b in zip(back, batches, strict=True):
        assert a == b
        assert a.id == b.id
        assert ints(a.insert_src) == ints(b.insert_src)
        assert ints(a.insert_dst) == ints(b.insert_dst)
        assert ints(a.delete_src) == ints(b.delete_src)
        assert ints(a.delete_dst) == ints(b.delete_dst)
        if k > 0:
            assert a.insert_weights is not None
            assert b.insert_weights is not None
            assert a.insert_weights.tolist() == b.insert_weights.tolist()
    lazily = list(dyng.io.iter_batches(path, num_weights=k))
    assert lazily == back
    if any(b.num_insertions for b in batches):
        # without num_weights the reader finds the count at the first
        # insertion, whichever batch it is in (batches before it may have
        # deletions only, or nothing)
        inferred = dyng.io.read_batches(path)
        assert inferred == back
        assert all(b.num_weights == k for b in inferred)


def test_dgt_weights_found_past_batches_of_deletions(tmp_path: Path) -> None:
    batches = [
        dyng.EdgeBatch(id=1),
        dyng.EdgeBatch(delete=([0], [1]), id=2),
        dyng.EdgeBatch(insert=([0, 2], [1, 3], [[3, 4], [5, 6]]), id=3),
    ]
    for name in ("w.dgt", "w.dgt.gz"):
        dyng.io.write_batches(tmp_path / name, batches)
        back = dyng.io.read_batches(tmp_path / name)
        assert [b.num_weights for b in back] == [2, 2, 2]
        assert back == batches
        assert back[2].insert_weights is not None
        assert back[2].insert_weights.tolist() == [[3, 4], [5, 6]]


def test_read_hand_written_dgt(tmp_path: Path) -> None:
    path = tmp_path / "h.dgt"
    path.write_text(
        "# leading comment\n"
        "+e 0 1 3\n"
        "-e 1 2\n"
        "\n"
        "%batch 5\n"
        "  +e 4 4 -7\n"
        "# a comment in a batch\n"
        "%batch 9\n"
    )
    bs = dyng.io.read_batches(path, vertex_dtype="int32")
    assert [b.id for b in bs] == [0, 5, 9]
    assert bs[0].insert_src.dtype == np.int32
    assert ints(bs[0].insert_src) == [0]
    assert weights_list(bs[0].insert_weights, 1, 1) == [[3]]
    assert (ints(bs[0].delete_src), ints(bs[0].delete_dst)) == ([1], [2])
    assert ints(bs[1].insert_dst) == [4]
    assert weights_list(bs[1].insert_weights, 1, 1) == [[-7]]
    assert len(bs[2]) == 0


def test_iter_batches_is_lazy(tmp_path: Path) -> None:
    path = tmp_path / "lazy.dgt"
    path.write_text("%dgt 1\n%batch 0\n+e 0 1\n%batch 1\n-e 0 1\n%batch 2\n+e 1 zz\n")
    with pytest.raises(dyng.FileFormatError) as info:
        dyng.io.read_batches(path)
    assert info.value.line == 7
    it = dyng.io.iter_batches(path)
    first = next(it)
    assert first.id == 0
    assert ints(first.insert_dst) == [1]
    second = next(it)
    assert second.id == 1
    assert second.num_deletions == 1
    with pytest.raises(dyng.FileFormatError) as info2:
        next(it)
    assert info2.value.line == 7
    assert info2.value.column == 6


def test_iter_batches_streams_into_a_graph(tmp_path: Path) -> None:
    path = tmp_path / "s.dgt"
    batches = [dyng.EdgeBatch(insert=([i, i + 1], [i + 1, i + 2], [i, i]), id=i) for i in range(5)]
    dyng.io.write_batches(path, batches)
    g = dyng.Graph.from_edges([0], [1], [1])
    h = g.clone()
    for b in dyng.io.iter_batches(path, vertex_dtype="int32"):
        g.apply(b)
    for b in batches:
        h.apply(b)
    assert edge_triples(g) == edge_triples(h)
    assert g.version == 5


def test_write_batches_rejects_bad_sequences(tmp_path: Path) -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.io.write_batches(tmp_path / "a.dgt", [dyng.EdgeBatch(id=3), dyng.EdgeBatch(id=3)])
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.io.write_batches(
            tmp_path / "b.dgt",
            [
                dyng.EdgeBatch(insert=([0], [1], [1]), id=0),
                dyng.EdgeBatch(insert=([0], [1], [[1, 2]]), id=1),
            ],
        )


def test_dgt_non_increasing_ids_in_file(tmp_path: Path) -> None:
    path = tmp_path / "ids.dgt"
    path.write_text("%batch 2\n+e 0 1\n%batch 2\n+e 1 0\n")
    with pytest.raises(dyng.FileFormatError) as info:
        dyng.io.read_batches(path)
    assert info.value.line == 3


@pytest.mark.parametrize("name", ["cut.dgt.gz", "cut.mtx.gz"])
def test_a_cut_gzip_file_is_reported_where_its_text_ends(tmp_path: Path, name: str) -> None:
    import gzip

    rng = np.random.default_rng(5)
    src, dst = rng.integers(0, 10**6, 20000), rng.integers(0, 10**6, 20000)
    if name.endswith(".dgt.gz"):
        text = "%batch 1\n" + "".join(f"-e {u} {v}\n" for u, v in zip(src, dst, strict=True))
    else:
        text = (
            "%%MatrixMarket matrix coordinate pattern general\n1000000 1000000 20000\n"
            + "".join(f"{u + 1} {v + 1}\n" for u, v in zip(src, dst, strict=True))
        )
    data = gzip.compress(text.encode())
    path = tmp_path / name
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(dyng.FileFormatError, match="truncated gzip data") as info:
        if name.endswith(".dgt.gz"):
            dyng.io.read_batches(path)
        else:
            dyng.io.read_matrix_market(path)
    # the line and column the decompressed text had reached: the text up to
    # there is what a reader of the whole file saw, less its last partial line
    e = info.value
    assert e.line is not None and e.column is not None
    assert 1000 < e.line < 20003 and e.column >= 1
    lines = text.split("\n")
    assert e.column <= len(lines[e.line - 1]) + 1


def test_native_array_writers_check_their_arrays(tmp_path: Path) -> None:
    # The bindings' own checks of the edge arrays (the typed layer checks shapes
    # before, so only a direct call reaches them): both writers share them.
    from dyng._backend import native

    ids = np.array([0, 1, 2], dtype=np.int32)
    w3 = np.array([1, 2, 3], dtype=np.int32)
    mm, el = str(tmp_path / "a.mtx"), str(tmp_path / "a.txt")
    with pytest.raises(dyng.InvalidArgumentError, match="src has 3 ids but dst has 2"):
        native.mm_write_arrays(mm, 3, ids, ids[:2], None, "pattern", "general")
    with pytest.raises(dyng.InvalidArgumentError, match="src has 3 ids but dst has 2"):
        native.el_write_arrays(el, 3, ids, ids[:2], None, 0)
    with pytest.raises(dyng.InvalidArgumentError, match="weights: expected 3 values, got 2"):
        native.mm_write_arrays(mm, 3, ids, ids, w3[:2], "integer", "general")
    with pytest.raises(dyng.InvalidArgumentError, match="weights: expected 3 x 2 values, got 3"):
        native.el_write_arrays(el, 3, ids, ids, w3, 2)
    with pytest.raises(dyng.InvalidArgumentError, match="weights: expected 3 x 0 values"):
        native.el_write_arrays(el, 3, ids, ids, w3, 0)
    # dst takes src's id type; weights are int32.
    with pytest.raises(dyng.InvalidArgumentError, match="dst"):
        native.el_write_arrays(el, 3, ids, ids.astype(np.int64), None, 0)
    with pytest.raises(dyng.InvalidArgumentError, match="weights"):
        native.mm_write_arrays(mm, 3, ids, ids, w3.astype(np.int64), "integer", "general")
    # And what they accept, they write.
    native.el_write_arrays(el, 3, ids, ids[::-1].copy(), np.repeat(w3, 2), 2)
    back = dyng.io.read_edge_list_arrays(el)
    assert back.src.tolist() == [0, 1, 2] and back.dst.tolist() == [2, 1, 0]
    assert back.weights is not None and back.weights.tolist() == [[1, 1], [2, 2], [3, 3]]
    native.mm_write_arrays(mm, 3, ids, ids, w3, "integer", "general")
    mw = dyng.io.read_matrix_market_arrays(mm).weights
    assert mw is not None and mw.tolist() == [1, 2, 3]
