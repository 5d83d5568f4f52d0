"""dyng.io's edge lists: reading against numpy.loadtxt, errors with their location, writing, CLI."""

from __future__ import annotations

import doctest
import gzip
import subprocess
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dyng
import dyng.io
from dyng.errors import CapacityError, FileFormatError, InvalidArgumentError

tmp_settings = settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=60
)

SEPARATORS = (" ", "\t", ",", ", ", "  ", " , ")


def write(path: Path, text: str) -> Path:
    if path.name.endswith(".gz"):
        with gzip.open(path, "wt", newline="") as f:
            f.write(text)
    else:
        path.write_bytes(text.encode())
    return path


def format_rows(rows: npt.NDArray[np.int64], sep: str, crlf: bool, comments: list[int]) -> str:
    """Lines of ``rows`` joined by ``sep``, with comment lines before the given rows."""
    end = "\r\n" if crlf else "\n"
    out = ["# SNAP-style header" + end]
    for i, row in enumerate(rows.tolist()):
        if i in comments:
            indent = "" if "," in sep else "  "  # loadtxt reads blanks before ',' as a field
            out.append(("% a comment" if i % 2 else indent + "# indented") + end + end)
        out.append(sep.join(str(x) for x in row) + end)
    return "".join(out)


@tmp_settings
@given(
    m=st.integers(0, 40),
    k=st.integers(0, 3),
    sep=st.sampled_from(SEPARATORS),
    crlf=st.booleans(),
    gz=st.booleans(),
    data=st.data(),
)
def test_against_numpy_loadtxt(
    tmp_path: Path, m: int, k: int, sep: str, crlf: bool, gz: bool, data: st.DataObject
) -> None:
    ids = data.draw(st.lists(st.integers(0, 60), min_size=2 * m, max_size=2 * m))
    ws = data.draw(st.lists(st.integers(-(2**31), 2**31 - 1), min_size=m * k, max_size=m * k))
    rows = np.zeros((m, 2 + k), dtype=np.int64)
    if m:
        rows[:, :2] = np.array(ids).reshape(m, 2)
        rows[:, 2:] = np.array(ws, dtype=np.int64).reshape(m, k)
    comments = data.draw(st.lists(st.integers(0, max(m - 1, 0)), max_size=3))
    path = write(tmp_path / ("g.txt.gz" if gz else "g.txt"), format_rows(rows, sep, crlf, comments))
    got = dyng.io.read_edge_list_arrays(path)
    if m == 0:
        assert got.num_vertices == 0 and len(got.src) == 0 and got.weights is None
        return
    want = np.loadtxt(
        path,
        dtype=np.int64,
        comments=["#", "%"],
        delimiter="," if "," in sep else None,
        ndmin=2,
    )
    assert np.array_equal(want, rows)
    assert got.src.dtype == np.int32
    assert np.array_equal(got.src, want[:, 0]) and np.array_equal(got.dst, want[:, 1])
    assert got.num_vertices == int(want[:, :2].max()) + 1
    if k == 0:
        assert got.weights is None
    else:
        assert got.weights is not None and got.weights.shape == (m, k)
        assert np.array_equal(got.weights, want[:, 2:])
    assert got.ids is None
    # the graph reader: the same edges (append order, parallel edges kept)
    g = dyng.io.read_edge_list(path, row_order="append", multi_edges="allow")
    assert g.num_vertices == got.num_vertices and g.num_edges == m and g.num_weights == k


@tmp_settings
@given(
    m=st.integers(0, 30),
    k=st.integers(0, 2),
    wide=st.booleans(),
    gz=st.booleans(),
    data=st.data(),
)
def test_write_read_round_trip(
    tmp_path: Path, m: int, k: int, wide: bool, gz: bool, data: st.DataObject
) -> None:
    dt = np.int64 if wide else np.int32
    top = 2**40 if wide else 2**31 - 2
    src = np.array(data.draw(st.lists(st.integers(0, top), min_size=m, max_size=m)), dtype=dt)
    dst = np.array(data.draw(st.lists(st.integers(0, top), min_size=m, max_size=m)), dtype=dt)
    w = np.array(
        data.draw(st.lists(st.integers(-(2**31), 2**31 - 1), min_size=m * k, max_size=m * k)),
        dtype=np.int32,
    ).reshape(m, k)
    path = tmp_path / ("e.txt.gz" if gz else "e.txt")
    dyng.io.write_edge_list_arrays(path, src, dst, w if k else None)
    # without a data line the file cannot say how many weights: ask for k then
    back = dyng.io.read_edge_list_arrays(
        path, vertex_dtype="int64" if wide else "int32", weights=None if m else k
    )
    assert np.array_equal(back.src, src) and np.array_equal(back.dst, dst)
    assert back.src.dtype == dt
    if k:
        assert back.weights is not None and np.array_equal(back.weights, w)
    else:
        assert back.weights is None
    assert back.num_vertices == (1 + max(int(src.max()), int(dst.max())) if m else 0)


def test_written_layout(tmp_path: Path) -> None:
    dyng.io.write_edge_list_arrays(tmp_path / "a.txt", [0, 2], [1, 0], [[5, -6], [7, 8]])
    assert (tmp_path / "a.txt").read_text() == (
        "# dynG edge list: 3 vertices, 2 edges, 2 weights\n0\t1\t5\t-6\n2\t0\t7\t8\n"
    )
    dyng.io.write_edge_list_arrays(tmp_path / "b.txt", [0], [1], [9], num_vertices=5)
    assert (tmp_path / "b.txt").read_text().splitlines() == [
        "# dynG edge list: 5 vertices, 1 edges, 1 weights",
        "0\t1\t9",
    ]
    with pytest.raises(InvalidArgumentError):
        dyng.io.write_edge_list_arrays(tmp_path / "c.txt", [0, 7], [1, 0], num_vertices=5)
    with pytest.raises(InvalidArgumentError):
        dyng.io.write_edge_list_arrays(tmp_path / "c.txt", [0, 1], [1])
    assert not (tmp_path / "c.txt").exists()


def test_graph_round_trip(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges(
        [0, 1, 2, 0], [1, 2, 3, 3], [[3, 1], [4, 1], [5, 2], [20, 2]], directed=False
    )
    dyng.io.write_edge_list(tmp_path / "g.txt.gz", g)
    with gzip.open(tmp_path / "g.txt.gz", "rt") as f:
        assert f.readline().startswith("# dynG edge list: 4 vertices, 4 edges, 2 weights")
    h = dyng.io.read_edge_list(tmp_path / "g.txt.gz", directed=False)
    assert not h.directed and h.num_weights == 2
    for a, b in zip(g.edges(), h.edges(), strict=True):
        assert a is not None and b is not None
        assert np.array_equal(np.asarray(a), np.asarray(b))
    with pytest.raises(TypeError):
        dyng.io.write_edge_list(tmp_path / "x.txt", "not a graph")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["g.txt", "g.txt.gz"])
@pytest.mark.parametrize("directed", [True, False])
def test_the_first_line_records_the_direction(tmp_path: Path, name: str, directed: bool) -> None:
    g = dyng.Graph.from_edges([0, 1, 2, 0], [1, 2, 0, 3], [5, 6, 7, 8], directed=directed)
    path = tmp_path / name
    dyng.io.write_edge_list(path, g)
    opener = gzip.open if name.endswith(".gz") else open
    with opener(path, "rt") as f:
        kind = "directed" if directed else "undirected"
        assert f.readline() == f"# dynG edge list: 4 vertices, 4 edges, 1 weights, {kind}\n"
    h = dyng.io.read_edge_list(path)  # the line decides
    assert h.directed == directed and h.num_edges == 4
    for a, b in zip(g.to_csr(), h.to_csr(), strict=True):
        assert np.array_equal(np.asarray(a), np.asarray(b))
    # what the caller says wins: directed=, or properties
    assert dyng.io.read_edge_list(path, directed=not directed).directed == (not directed)
    given = dyng.GraphProperties(directed=True)
    assert dyng.io.read_edge_list(path, properties=given).directed
    # keywords keep the line's direction
    assert dyng.io.read_edge_list(path, row_order="sorted").directed == directed


def test_an_undirected_first_line_compares_unordered_pairs(tmp_path: Path) -> None:
    path = write(
        tmp_path / "u.txt",
        "# dynG edge list: 3 vertices, 2 edges, 0 weights, undirected\n0 1\n1 0\n",
    )
    with pytest.raises(FileFormatError) as e:
        dyng.io.read_edge_list(path, duplicates="error")
    assert e.value.line == 3
    assert dyng.io.read_edge_list(path, duplicates="drop").num_edges == 1
    # other first lines are comments: directed, as before
    for line in (
        "# dynG edge list: 3 vertices, 2 edges, 0 weights\n",
        "# dynG edge list: 3 vertices, 2 edges, 0 weights, undirected!\n",
        "# undirected\n",
    ):
        assert dyng.io.read_edge_list(write(tmp_path / "d.txt", line + "0 1\n1 0\n")).directed


def test_the_cli_reads_an_undirected_edge_list_back(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0, 1, 2], [1, 2, 3], [4, 1, 2], directed=False)
    dyng.io.write_edge_list(tmp_path / "g.txt", g)
    run = subprocess.run(
        [sys.executable, "-m", "dyng", "sssp", "compute", str(tmp_path / "g.txt"), "--source", "3",
         "--distances", str(tmp_path / "d.txt")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    got = dyng.io.read_distances(tmp_path / "d.txt")
    assert got.tolist() == dyng.sssp.compute(g, 3).distances.to_numpy().tolist() == [7, 3, 2, 0]


# (text, keywords, line, column): every malformed case and where it is reported.
MALFORMED = [
    ("0 1\n2 x\n", {}, 2, 3),
    ("0 1\nab 1\n", {}, 2, 1),
    ("0 1\n2\n", {}, 2, 2),
    ("0 1\n7 # x\n", {}, 2, 2),
    ("0 1\n-3 2\n", {}, 2, 1),
    ("0 1\n3\t-2\n", {}, 2, 3),
    ("0 1 2.5\n", {}, 1, 5),
    ("0 1 7\n0 1 2147483648\n", {}, 2, 5),
    ("0 1 abc\n", {}, 1, 5),
    ("0 1 5 6\n1 2 7\n", {}, 2, 6),
    ("0 1 5 6\r\n1 2 7\r\n", {}, 2, 6),
    ("0 1 5\n1 2 7 8\n", {}, 2, 7),
    ("# a\n\n0 1 5\n% b\n1 2 7 8\n", {}, 5, 7),
    ("0 1 5 6\n1 2 7\n", {"weights": 2}, 2, 6),
    ("0 1\n", {"weights": 1}, 1, 4),
    ("0,,1\n", {}, 1, 3),
    ("0,1,\n", {}, 1, 5),
    ("0,1\n,0,1\n", {}, 2, 1),
    ("1 2\n0 1\n", {"one_based": True}, 2, 1),
    ("0 1\n 2 2\n", {"self_loops": "error"}, 2, 2),
    ("0 1\n1 2\n# c\n0 1\n", {"duplicates": "error"}, 4, 1),
    ("0 1\n3 3\n  1 2\n 1 2\n", {"duplicates": "error", "self_loops": "drop"}, 4, 2),
]


@pytest.mark.parametrize(("text", "keywords", "line", "column"), MALFORMED)
@pytest.mark.parametrize("gz", [False, True])
def test_malformed_files_report_line_and_column(
    tmp_path: Path, text: str, keywords: dict[str, object], line: int, column: int, gz: bool
) -> None:
    path = write(tmp_path / ("bad.txt.gz" if gz else "bad.txt"), text)
    with pytest.raises(FileFormatError) as e:
        dyng.io.read_edge_list_arrays(path, **keywords)  # type: ignore[arg-type]
    assert (e.value.path, e.value.line, e.value.column) == (str(path), line, column)
    assert isinstance(e.value, OSError)
    with pytest.raises(FileFormatError) as e2:
        dyng.io.read_edge_list(path, **keywords)  # type: ignore[arg-type]
    assert (e2.value.line, e2.value.column) == (line, column)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(FileFormatError) as e:
        dyng.io.read_edge_list(tmp_path / "missing.txt")
    assert e.value.path == str(tmp_path / "missing.txt")
    data = gzip.compress(b"0 1 5\n1 2 6\n2 3 7\n" * 20)
    (tmp_path / "cut.txt.gz").write_bytes(data[:-12])
    with pytest.raises(FileFormatError):
        dyng.io.read_edge_list_arrays(tmp_path / "cut.txt.gz")


def test_capacity(tmp_path: Path) -> None:
    path = write(tmp_path / "big.txt", "0 1\n0 2147483648\n")
    with pytest.raises(CapacityError, match=r"big.txt:2:3"):
        dyng.io.read_edge_list_arrays(path, vertex_dtype="int32")
    a = dyng.io.read_edge_list_arrays(path)  # auto: int64
    assert a.src.dtype == np.int64 and a.num_vertices == 2**31 + 1
    c = dyng.io.read_edge_list(path, compact_ids=True, vertex_dtype="int32")
    assert c.num_vertices == 3
    write(tmp_path / "huge.txt", "0 99999999999999999999\n")
    with pytest.raises(CapacityError):
        dyng.io.read_edge_list_arrays(tmp_path / "huge.txt")


def test_empty_and_comment_only_files(tmp_path: Path) -> None:
    for i, text in enumerate(["", "# nothing\n% here\n", "\n \n"]):
        path = write(tmp_path / f"e{i}.txt", text)
        a = dyng.io.read_edge_list_arrays(path)
        assert a.num_vertices == 0 and len(a.src) == 0 and a.weights is None
        g = dyng.io.read_edge_list(path)
        assert g.num_vertices == 0 and g.num_edges == 0
    a = dyng.io.read_edge_list_arrays(tmp_path / "e1.txt", weights=2)
    assert a.weights is not None and a.weights.shape == (0, 2)


def test_snap_and_tudataset_styles(tmp_path: Path) -> None:
    snap = write(
        tmp_path / "snap.txt",
        "# Directed graph\n# FromNodeId\tToNodeId\n0\t1\n0\t3\n3\t2\t1234567890\n",
    )
    a = dyng.io.read_edge_list_arrays(snap, weights=0)  # extra columns ignored
    assert a.src.tolist() == [0, 0, 3] and a.dst.tolist() == [1, 3, 2] and a.weights is None
    with pytest.raises(FileFormatError):  # as many weights as the first line: none
        dyng.io.read_edge_list_arrays(snap)
    tu = write(tmp_path / "DS_A.txt", "1, 2\n2, 1\n2, 3\n3, 2\n")
    g = dyng.io.read_edge_list(tu, one_based=True)
    assert g.num_vertices == 3 and g.num_edges == 4
    u = dyng.io.read_edge_list(tu, one_based=True, directed=False, duplicates="drop")
    assert not u.directed and u.num_edges == 2


def test_compaction_and_policies(tmp_path: Path) -> None:
    path = write(tmp_path / "c.txt", "10 20 1\n20 5 2\n7 7 9\n5 10 3\n10 20 4\n")
    a = dyng.io.read_edge_list_arrays(path, compact_ids=True)
    assert a.ids is not None and a.ids.tolist() == [5, 7, 10, 20]
    assert a.ids[a.src].tolist() == [10, 20, 7, 5, 10]
    assert a.ids[a.dst].tolist() == [20, 5, 7, 10, 20]
    b = dyng.io.read_edge_list_arrays(path, compact_ids=True, self_loops="drop", duplicates="drop")
    assert b.ids is not None and b.ids.tolist() == [5, 10, 20] and b.num_vertices == 3
    assert b.src.tolist() == [1, 2, 0] and b.dst.tolist() == [2, 0, 1]
    assert b.weights is not None and b.weights[:, 0].tolist() == [1, 2, 3]
    with pytest.raises(InvalidArgumentError, match="self_loops"):
        dyng.io.read_edge_list_arrays(path, self_loops="ignore")
    with pytest.raises(InvalidArgumentError, match="duplicates"):
        dyng.io.read_edge_list(path, duplicates="merge")
    with pytest.raises(InvalidArgumentError):
        dyng.io.read_edge_list_arrays(path, weights=65)
    with pytest.raises(InvalidArgumentError):
        dyng.io.read_edge_list_arrays(path, weights=True)
    with pytest.raises(TypeError):
        dyng.io.read_edge_list(path, num_weights=1)  # type: ignore[call-arg]


def test_graph_properties(tmp_path: Path) -> None:
    path = write(tmp_path / "g.txt", "0 1 5\n1 2 6\n0 1 7\n")
    g = dyng.io.read_edge_list(path)
    assert g.directed and g.num_weights == 1 and g.num_edges == 2  # "forbid" merges
    h = dyng.io.read_edge_list(path, multi_edges="allow", row_order="append", offset_dtype="int64")
    assert h.num_edges == 3 and h.properties.offset_dtype == "int64"
    p = dyng.GraphProperties.mosp_compatible(3)
    m = dyng.io.read_edge_list(path, properties=p)  # its num_weights is not used
    assert m.num_weights == 1 and m.properties.parallel_edges == "allow" and m.num_edges == 3
    u = dyng.io.read_edge_list(path, properties=p, directed=False, weights=0)
    assert not u.directed and u.num_weights == 0
    w = dyng.io.read_edge_list(path, vertex_dtype="int64")
    assert w.vertex_dtype == "int64" and w.properties.offset_dtype == "int64"


def test_threads_give_the_same_arrays(tmp_path: Path) -> None:
    if not dyng.config.config()["openmp"]:
        pytest.skip("this build has no OpenMP backend (DYNG_OPENMP=OFF)")
    rng = np.random.default_rng(7)
    m = 120_000
    rows = np.column_stack(
        [rng.integers(0, 5000, m), rng.integers(0, 5000, m), rng.integers(-(10**6), 10**6, m)]
    )
    path = tmp_path / "big.txt"
    np.savetxt(path, rows, fmt="%d", delimiter=" ", header="generated")
    results = []
    for threads in (1, 2):
        r = dyng.Resources(num_threads=threads)
        a = dyng.io.read_edge_list_arrays(
            path, compact_ids=True, duplicates="drop", self_loops="drop", resources=r
        )
        results.append(a)
    x, y = results
    assert x.num_vertices == y.num_vertices
    assert np.array_equal(x.src, y.src) and np.array_equal(x.dst, y.dst)
    assert x.weights is not None and y.weights is not None
    assert np.array_equal(x.weights, y.weights)
    assert x.ids is not None and y.ids is not None and np.array_equal(x.ids, y.ids)
    plain = dyng.io.read_edge_list_arrays(path)
    assert np.array_equal(plain.src, rows[:, 0]) and np.array_equal(plain.dst, rows[:, 1])


def test_docstring_examples() -> None:
    for f in (dyng.io.read_edge_list, dyng.io.read_edge_list_arrays):
        finder = doctest.DocTestFinder()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for test in finder.find(f, globs={}):
            runner.run(test)
        assert runner.failures == 0 and runner.tries > 0


# ---- the command line ------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dyng", *args], capture_output=True, text=True, timeout=120
    )


EDGES = [(0, 1, 3), (1, 2, 4), (2, 3, 5), (0, 3, 20), (3, 4, 1)]


def test_cli_sssp_compute_on_an_edge_list_matches_matrix_market(tmp_path: Path) -> None:
    mtx = tmp_path / "g.mtx"
    mtx.write_text(
        "%%MatrixMarket matrix coordinate integer general\n5 5 5\n"
        + "".join(f"{u + 1} {v + 1} {w}\n" for u, v, w in EDGES)
    )
    el = tmp_path / "g.txt"
    el.write_text("# u v w\n" + "".join(f"{u}\t{v}\t{w}\n" for u, v, w in EDGES))
    csv = tmp_path / "g.csv.gz"
    with gzip.open(csv, "wt") as f:
        f.write("".join(f"{u + 1},{v + 1},{w}\n" for u, v, w in EDGES))
    want = run_cli("sssp", "compute", str(mtx))
    assert want.returncode == 0, want.stderr
    assert want.stdout.splitlines() == ["0 0", "1 3", "2 7", "3 12", "4 13"]
    for args in (
        [str(el)],
        [str(el), "--format", "edgelist"],
        [str(csv), "--one-based"],
    ):
        got = run_cli("sssp", "compute", *args)
        assert got.returncode == 0, got.stderr
        assert got.stdout == want.stdout
    # a Matrix Market file under any name is found by its banner
    renamed = tmp_path / "g.dat"
    renamed.write_bytes(mtx.read_bytes())
    assert run_cli("sssp", "compute", str(renamed)).stdout == want.stdout
    # the wrong explicit format is an error with the location
    r = run_cli("sssp", "compute", str(el), "--format", "mtx")
    assert r.returncode == 1 and "dyng: error:" in r.stderr and "g.txt:1:1" in r.stderr


def test_cli_undirected_edge_list_matches_symmetric_matrix_market(tmp_path: Path) -> None:
    mtx = tmp_path / "s.mtx"
    mtx.write_text(
        "%%MatrixMarket matrix coordinate integer symmetric\n5 5 5\n"
        + "".join(f"{max(u, v) + 1} {min(u, v) + 1} {w}\n" for u, v, w in EDGES)
    )
    el = tmp_path / "s.txt"
    el.write_text("".join(f"{v} {u} {w}\n" for u, v, w in EDGES))
    want = run_cli("sssp", "compute", str(mtx), "--source", "0")
    got = run_cli("sssp", "compute", str(el), "--source", "0", "--undirected")
    assert want.returncode == 0 and got.returncode == 0, got.stderr
    assert got.stdout == want.stdout
    directed = run_cli("sssp", "compute", str(el), "--source", "0")
    assert directed.stdout != want.stdout


def test_cli_sssp_update_on_an_edge_list(tmp_path: Path) -> None:
    el = tmp_path / "g.txt"
    el.write_text("".join(f"{u} {v} {w}\n" for u, v, w in EDGES))
    batches = tmp_path / "b.dgt"
    batches.write_text("%dgt 1\n%batch 1\n+e 0 2 1\n%batch 2\n-e 2 3\n+e 1 4 2\n")
    out = tmp_path / "d.txt"
    r = run_cli(
        "sssp", "update", str(el), str(batches), "--compare-recompute", "--distances", str(out)
    )
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("match") == 2 and "MISMATCH" not in r.stderr
    assert out.read_text().splitlines()[3:] == ["3 20", "4 5"]


def test_cli_edge_list_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1 3\n1 x 4\n")
    r = run_cli("sssp", "compute", str(bad))
    assert r.returncode == 1 and "bad.txt:2:3" in r.stderr
    assert run_cli("sssp", "compute", str(bad), "--format", "csv").returncode == 2
    r = run_cli("sssp", "compute", str(tmp_path / "missing.txt"))
    assert r.returncode == 1 and r.stderr.startswith("dyng: error:")
