"""dyng.cycle_count against the research code's histograms, byte for byte; the histogram files;
and the dyng cycle_count command line.

The goldens (../shared/goldens/cycle_count, DESIGN 12) are CycleEnumeration-GPU's histogram CSVs
of graph_small, graph_medium (edge lists in ../shared/goldens/cycle_enum_batch) and
pgp-strong-2009 (../shared/data, the Matrix Market file read as a directed graph, ids minus 1),
before and after the batches of cycle_enum_batch/ (``- u v`` / ``+ u v`` lines). Our CSV must
equal theirs byte for byte. Skipped when the shared folder is not beside the checkout.
"""

from __future__ import annotations

import gzip
import io
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import dyng
import dyng.cycle_count as cc
import dyng.io
from dyng.errors import FileFormatError

SHARED = Path(__file__).resolve().parents[3] / "shared"
HISTS = SHARED / "goldens" / "cycle_count"
BATCHES = SHARED / "goldens" / "cycle_enum_batch"
PGP = SHARED / "data" / "pgp-strong-2009.mtx.gz"

needs_goldens = pytest.mark.skipif(not HISTS.exists(), reason="../shared/goldens not found")


def graph_path(name: str) -> Path:
    return PGP if name == "pgp-strong-2009" else BATCHES / f"graph_{name}.txt"


def golden_graph(name: str, semantics: dyng.BatchSemantics | None = None) -> dyng.Graph:
    path = graph_path(name)
    sem = semantics if semantics is not None else dyng.BatchSemantics()
    if name == "pgp-strong-2009":
        g = dyng.io.read_matrix_market(path, semantics=sem)
    else:
        g = dyng.io.read_edge_list(path, directed=True, semantics=sem)
    assert g.directed
    return g


def golden_batch(path: Path, *, id: int = 0) -> dyng.EdgeBatch:
    ins: list[tuple[int, int]] = []
    dels: list[tuple[int, int]] = []
    for line in path.read_text().splitlines():
        sign, u, v = line.split()
        (dels if sign == "-" else ins).append((int(u), int(v)))
        assert sign in "+-"
    a = np.array(ins, dtype=np.int64).reshape(-1, 2)
    d = np.array(dels, dtype=np.int64).reshape(-1, 2)
    return dyng.EdgeBatch(
        insert=(a[:, 0], a[:, 1]),
        delete=(d[:, 0], d[:, 1]),
        id=id,
    )


def histogram_text(h: cc.Result) -> str:
    out = io.StringIO()
    dyng.io.write_histogram(out, h)
    return out.getvalue()


GOLDEN_NAME = re.compile(r"hist_(?P<graph>.+?)_k(?P<k>\d+)(_after_(?P<batch>d\d+_i\d+_s\d+))?\.csv")


def goldens() -> list[tuple[str, int, str | None]]:
    if not HISTS.exists():
        return []
    out = []
    for p in sorted(HISTS.glob("hist_*.csv")):
        m = GOLDEN_NAME.fullmatch(p.name)
        assert m, p.name
        out.append((m["graph"], int(m["k"]), m["batch"]))
    return out


def golden_file(graph: str, k: int, batch: str | None) -> Path:
    suffix = f"_after_{batch}" if batch else ""
    return HISTS / f"hist_{graph}_k{k}{suffix}.csv"


@needs_goldens
def test_every_golden_is_named() -> None:
    cases = goldens()
    assert len(cases) >= 11
    assert {g for g, _, _ in cases} == {"small", "medium", "pgp-strong-2009"}
    assert sum(b is not None for _, _, b in cases) >= 2


@needs_goldens
@pytest.mark.parametrize(
    ("graph", "k"), [(g, k) for g, k, b in goldens() if b is None], ids=lambda x: str(x)
)
def test_histograms_match_the_research_code_byte_for_byte(
    tmp_path: Path, graph: str, k: int
) -> None:
    g = golden_graph(graph)
    h = cc.compute(g, max_length=k)
    dyng.io.write_histogram(tmp_path / "h.csv", h)
    want = golden_file(graph, k, None)
    assert (tmp_path / "h.csv").read_bytes() == want.read_bytes()
    assert histogram_text(h) == want.read_text()
    assert dyng.io.read_histogram(want) == h.to_dict()
    if graph == "small" or (graph == "medium" and k <= 4):  # the brute force, where quick
        assert dyng.testing.simple_cycles(g, k) == h.to_dict()


@needs_goldens
@pytest.mark.parametrize("preset", ["upsert_last_wins", "set"])
@pytest.mark.parametrize(
    ("graph", "k", "batch"), [c for c in goldens() if c[2] is not None], ids=lambda x: str(x)
)
def test_updated_histograms_match_the_research_code_byte_for_byte(
    graph: str, k: int, batch: str, preset: str
) -> None:
    g = golden_graph(graph, getattr(dyng.BatchSemantics, preset)())
    h = cc.compute(g, max_length=k)
    b = golden_batch(BATCHES / f"batch_{graph}_{batch}.txt")
    stats = cc.update(g, b, h)
    assert stats.converged
    assert stats.apply.deleted == b.num_deletions and stats.apply.inserted == b.num_insertions
    assert stats.deletions == b.num_deletions and stats.insertions == b.num_insertions
    assert histogram_text(h) == golden_file(graph, k, batch).read_text()
    assert cc.compute(g, max_length=k).counts.tolist() == h.counts.tolist()


def other_batches() -> list[str]:
    if not BATCHES.exists():
        return []
    return sorted(
        p.name
        for p in BATCHES.glob("batch_*.txt")
        if "d25000" not in p.name  # the big pgp batch: below, at k = 3
    )


@needs_goldens
@pytest.mark.parametrize("name", other_batches())
def test_every_research_batch_updates_to_a_recount(name: str) -> None:
    graph = re.fullmatch(r"batch_(.+?)_d\d+.*\.txt", name)
    assert graph
    k = 3 if graph[1] == "pgp-strong-2009" else 5
    g = golden_graph(graph[1])
    tree = dyng.sssp.compute(g, 0)
    h = cc.compute(g, max_length=k)
    st_h, st_tree = dyng.update(g, golden_batch(BATCHES / name), h, tree)
    assert st_h.converged and st_h.apply == st_tree.apply
    assert h.counts.tolist() == cc.compute(g, max_length=k).counts.tolist()
    assert tree.distances.tolist() == dyng.sssp.compute(g, 0).distances.tolist()


@needs_goldens
def test_the_big_pgp_batch_at_k3() -> None:
    g = golden_graph("pgp-strong-2009")
    h = cc.compute(g, max_length=3)
    b = golden_batch(BATCHES / "batch_pgp-strong-2009_d25000_i25000_s1.txt")
    stats = cc.update(g, b, h)
    assert stats.deletions == 25000 and stats.insertions == 25000
    assert h.counts.tolist() == cc.compute(g, max_length=3).counts.tolist()


@needs_goldens
def test_one_and_two_threads_on_pgp() -> None:
    if not dyng.config.config()["openmp"]:
        pytest.skip("this build has no OpenMP backend (DYNG_OPENMP=OFF)")
    hists = [
        cc.compute(dyng.io.read_matrix_market(PGP, resources=r), max_length=4)
        for r in (dyng.Resources.sequential(), dyng.Resources.openmp(2))
    ]
    assert hists[0].counts.tolist() == hists[1].counts.tolist()
    assert histogram_text(hists[1]) == golden_file("pgp-strong-2009", 4, None).read_text()


# ---- the histogram files ---------------------------------------------------------------------


def test_write_and_read_histograms(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0, 1, 2, 1], [1, 2, 0, 0])
    h = cc.compute(g, max_length=5)
    text = "# cycle_size, num_of_cycles\n2, 1\n3, 1\nTotal, 2\n"
    assert histogram_text(h) == text
    for name in ("h.csv", "h.csv.gz"):
        dyng.io.write_histogram(tmp_path / name, h)
        assert dyng.io.read_histogram(tmp_path / name) == {2: 1, 3: 1}
        assert dyng.io.read_histogram(str(tmp_path / name)) == h.to_dict()
    with gzip.open(tmp_path / "h.csv.gz", "rt") as f:
        assert f.read() == text
    assert (tmp_path / "h.csv").read_bytes() == text.encode()
    # a mapping, as read back; zeros are left out
    dyng.io.write_histogram(tmp_path / "m.csv", {3: 1, 2: 1, 7: 0})
    assert (tmp_path / "m.csv").read_text() == text
    empty = cc.compute(dyng.Graph.from_edges([0], [1]))
    assert histogram_text(empty) == "# cycle_size, num_of_cycles\nTotal, 0\n"
    dyng.io.write_histogram(tmp_path / "e.csv", {})
    assert dyng.io.read_histogram(tmp_path / "e.csv") == {}
    big = {3: 2**64 - 1}
    dyng.io.write_histogram(tmp_path / "b.csv", big)
    assert dyng.io.read_histogram(tmp_path / "b.csv") == big


@pytest.mark.parametrize(
    ("bad", "exc"),
    [
        ({3: -1}, dyng.InvalidArgumentError),
        ({-3: 1}, dyng.InvalidArgumentError),
        ({3: 2**64}, dyng.InvalidArgumentError),
        ({3: 1.5}, dyng.InvalidArgumentError),
        ({2: 2**63, 3: 2**63}, dyng.CapacityError),
        ([1, 2], TypeError),
    ],
)
def test_write_histogram_rejects(tmp_path: Path, bad: object, exc: type[Exception]) -> None:
    with pytest.raises(exc):
        dyng.io.write_histogram(tmp_path / "x.csv", bad)  # type: ignore[arg-type]
    assert not (tmp_path / "x.csv").exists()


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("# cycle_size, num_of_cycles\n2, 7\n", 3, 1),  # no Total: where it was due
        ("2, 7\nTotal, 8\n", 2, 8),  # a wrong total: at the total
        ("2, 7\n2, 1\nTotal, 8\n", 2, 1),  # a length twice
        ("2; 7\nTotal, 7\n", 1, 1),
        ("2, x\nTotal, 0\n", 1, 4),
        ("-2, 7\nTotal, 7\n", 1, 1),
        ("2, 7, 1\nTotal, 7\n", 1, 5),
        ("2, 7\nTotal, 7\n3, 1\n", 3, 1),  # after Total
        ("2, 18446744073709551616\nTotal, 0\n", 1, 4),
    ],
)
def test_read_histogram_reports_where(tmp_path: Path, text: str, line: int, column: int) -> None:
    p = tmp_path / "bad.csv"
    p.write_text(text)
    with pytest.raises(FileFormatError) as info:
        dyng.io.read_histogram(p)
    assert (info.value.path, info.value.line, info.value.column) == (str(p), line, column)
    assert str(p) in str(info.value)
    assert isinstance(info.value, OSError)


def test_read_histogram_of_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FileFormatError):
        dyng.io.read_histogram(tmp_path / "missing.csv")


# ---- the command line --------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dyng", *args], capture_output=True, text=True, timeout=120
    )


@needs_goldens
@pytest.mark.parametrize(("graph", "k"), [("small", 6), ("medium", 4), ("pgp-strong-2009", 3)])
def test_cli_compute_writes_the_research_codes_bytes(tmp_path: Path, graph: str, k: int) -> None:
    want = golden_file(graph, k, None).read_text()
    r = run_cli("cycle_count", "compute", str(graph_path(graph)), "--max-length", str(k))
    assert r.returncode == 0, r.stderr
    assert r.stdout == want
    out = tmp_path / "h.csv"
    r = run_cli(
        "cycle_count",
        "compute",
        str(graph_path(graph)),
        "--max-length",
        str(k),
        "--output",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout == "" and out.read_text() == want


@needs_goldens
@pytest.mark.parametrize(
    ("graph", "k", "batch"), [c for c in goldens() if c[2] is not None], ids=lambda x: str(x)
)
def test_cli_update_writes_the_research_codes_bytes(
    tmp_path: Path, graph: str, k: int, batch: str
) -> None:
    dgt = tmp_path / "b.dgt"
    dyng.io.write_batches(dgt, [golden_batch(BATCHES / f"batch_{graph}_{batch}.txt", id=1)])
    out = tmp_path / "h.csv"
    r = run_cli(
        "cycle_count",
        "update",
        str(graph_path(graph)),
        str(dgt),
        "--max-length",
        str(k),
        "--compare-recompute",
        "--output",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    assert out.read_text() == golden_file(graph, k, batch).read_text()
    assert r.stderr.count("match") == 1 and "MISMATCH" not in r.stderr
    assert "recompute" in r.stderr and "update" in r.stderr


def test_cli_update_through_several_batches(tmp_path: Path) -> None:
    graph = tmp_path / "g.txt"
    graph.write_text("# a triangle and a tail\n0 1\n1 2\n2 0\n2 3\n")
    dgt = tmp_path / "b.dgt"
    dgt.write_text("%dgt 1\n%batch 1\n+e 3 0\n%batch 2\n-e 1 2\n+e 1 0\n%batch 3\n+e 3 4\n")
    r = run_cli("cycle_count", "update", str(graph), str(dgt), "--compare-recompute")
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("match") == 3 and "MISMATCH" not in r.stderr
    g = dyng.io.read_edge_list(graph, directed=True)
    h = cc.compute(g)
    for batch in dyng.io.iter_batches(dgt):
        cc.update(g, batch, h)
    assert r.stdout == histogram_text(h)
    assert h.to_dict() == {2: 1}  # 0 -> 1 -> 0; 1 -> 2 is gone
    # an undirected edge list counts undirected cycles, and a one-based one shifts ids
    r = run_cli("cycle_count", "compute", str(graph), "--undirected", "--max-length", "-1")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "# cycle_size, num_of_cycles\n3, 1\nTotal, 1\n"
    one = tmp_path / "one.txt"
    one.write_text("1 2\n2 3\n3 1\n")
    r = run_cli("cycle_count", "compute", str(one), "--one-based", "--format", "edgelist")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "# cycle_size, num_of_cycles\n3, 1\nTotal, 1\n"


def test_cli_cycle_count_errors(tmp_path: Path) -> None:
    assert run_cli("cycle_count").returncode == 2
    assert run_cli("cycle_count", "compute").returncode == 2
    assert run_cli("cycle_count", "update", "g.txt").returncode == 2
    r = run_cli("cycle_count", "compute", str(tmp_path / "missing.mtx"))
    assert r.returncode == 1 and r.stderr.startswith("dyng: error:")
    graph = tmp_path / "g.mtx"
    graph.write_text("%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 2\n2 1\n")
    r = run_cli("cycle_count", "compute", str(graph), "--max-length", "1")
    assert r.returncode == 1 and "max_length" in r.stderr and "accepted" in r.stderr
    assert run_cli("cycle_count", "compute", str(graph), "--max-length", "abc").returncode == 2
    r = run_cli("cycle_count", "compute", str(graph))
    assert r.returncode == 0 and r.stdout == "# cycle_size, num_of_cycles\n2, 1\nTotal, 1\n"
