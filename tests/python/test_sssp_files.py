"""dyng.sssp against the research code's files, byte for byte, and the dyng sssp command line.

The goldens (../shared/goldens/mosp, DESIGN 12) are MOSP-OpenMP's trees: the graph as CSR
triplets with three weight columns, the trees of source 0 per objective, and the trees after
each batch (insert.txt / delete.txt). Our distance and tree files must equal theirs byte for
byte. Skipped when the shared folder is not beside the checkout.
"""

from __future__ import annotations

import gzip
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import dyng
import dyng.io

GOLDENS = Path(__file__).resolve().parents[3] / "shared" / "goldens" / "mosp"


def read_text(path: Path) -> str:
    if path.exists():
        return path.read_text()
    gz = path.with_name(path.name + ".gz")
    with gzip.open(gz, "rt") as f:
        return f.read()


def ints(path: Path) -> npt.NDArray[np.int64]:
    return np.array(read_text(path).split(), dtype=np.int64)


def golden_graph(name: str) -> dyng.Graph:
    base = GOLDENS / name / "csr"
    rp = ints(base / "graphCsrRowPtr.txt").astype(np.int32)
    col = ints(base / "graphCsrColInd.txt").astype(np.int32)
    w = ints(base / "graphCsrValues.txt").astype(np.int32).reshape(-1, 3)
    return dyng.Graph.from_csr(rp, col, w, properties=dyng.GraphProperties.mosp_compatible(3))


def golden_batch(name: str, batch: str) -> dyng.EdgeBatch:
    base = GOLDENS / name / "changes" / batch
    ins = ints(base / "insert.txt").reshape(-1, 5)
    dele = ints(base / "delete.txt").reshape(-1, 2)
    return dyng.EdgeBatch(
        insert=(ins[:, 0], ins[:, 1], ins[:, 2:5].astype(np.int32)),
        delete=(dele[:, 0], dele[:, 1]),
    )


needs_goldens = pytest.mark.skipif(not GOLDENS.exists(), reason="../shared/goldens not found")


@needs_goldens
@pytest.mark.parametrize("objective", [0, 1, 2])
def test_initial_trees_match_the_research_code_byte_for_byte(
    tmp_path: Path, objective: int
) -> None:
    g = golden_graph("small60")
    tree = dyng.sssp.compute(g, 0, objective=objective)
    dyng.io.write_distances(tmp_path / "d.txt", tree.distances)
    dyng.io.write_tree(tmp_path / "t.txt", tree.parents)
    init = GOLDENS / "small60" / "init" / f"obj{objective}"
    assert (tmp_path / "d.txt").read_text() == read_text(init / "distancesOriginal.txt")
    assert (tmp_path / "t.txt").read_text() == read_text(init / "SSSPTreeOriginal.txt")


@needs_goldens
@pytest.mark.parametrize("name", ["small60", "luxembourg_osm"])
def test_updated_trees_match_the_research_code_byte_for_byte(tmp_path: Path, name: str) -> None:
    compared = 0
    for batch_dir in sorted((GOLDENS / name / "update").iterdir()):
        batch = golden_batch(name, batch_dir.name)
        for objective in range(3):
            g = golden_graph(name)
            tree = dyng.sssp.compute(g, 0, objective=objective)
            dyng.sssp.update(g, batch, tree)
            want = batch_dir / "mosp" / f"obj{objective}"
            dyng.io.write_distances(tmp_path / "d.txt", tree.distances)
            dyng.io.write_tree(tmp_path / "t.txt", tree.parents)
            assert (tmp_path / "d.txt").read_text() == read_text(want / "distancesUpdated.txt")
            assert (tmp_path / "t.txt").read_text() == read_text(want / "SSSPTreeUpdated.txt")
            compared += 1
    assert compared >= 12


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dyng", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_sssp_compute_and_update(tmp_path: Path) -> None:
    graph = tmp_path / "g.mtx"
    graph.write_text(
        "%%MatrixMarket matrix coordinate integer general\n5 5 5\n1 2 3\n2 3 4\n3 4 5\n1 4 20\n"
        "4 5 1\n"
    )
    batches = tmp_path / "b.dgt"
    batches.write_text("%dgt 1\n%batch 1\n+e 0 2 1\n%batch 2\n-e 2 3\n+e 1 4 2\n")
    r = run_cli("sssp", "compute", str(graph))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["0 0", "1 3", "2 7", "3 12", "4 13"]
    out_d, out_t = tmp_path / "d.txt", tmp_path / "t.txt"
    r = run_cli(
        "sssp",
        "update",
        str(graph),
        str(batches),
        "--compare-recompute",
        "--distances",
        str(out_d),
        "--tree",
        str(out_t),
        "--fallback-fraction",
        "1.0",
    )
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("match") == 2 and "MISMATCH" not in r.stderr
    # the maximum of the fallback limit is an option of update too, checked like the fraction
    r = run_cli("sssp", "update", str(graph), str(batches), "--fallback-max-fraction", "0.2")
    assert r.returncode == 0, r.stderr
    r = run_cli("sssp", "update", str(graph), str(batches), "--fallback-max-fraction", "1.5")
    assert r.returncode == 1 and "fallback_max_fraction is 1.5" in r.stderr
    g = dyng.io.read_matrix_market(graph)
    tree = dyng.sssp.compute(g, 0)
    for batch in dyng.io.iter_batches(batches):
        dyng.sssp.update(g, batch, tree)
    dyng.io.write_distances(tmp_path / "want_d.txt", tree.distances)
    dyng.io.write_tree(tmp_path / "want_t.txt", tree.parents)
    assert out_d.read_text() == (tmp_path / "want_d.txt").read_text()
    assert out_t.read_text() == (tmp_path / "want_t.txt").read_text()
    # 2 -> 3 is gone: 3 is back on 0 -> 3 (20); 4 takes 0 -> 1 -> 4 (3 + 2).
    assert out_d.read_text().splitlines()[3:] == ["3 20", "4 5"]


def test_cli_sssp_errors(tmp_path: Path) -> None:
    assert run_cli("sssp").returncode == 2
    assert run_cli("sssp", "compute").returncode == 2
    r = run_cli("sssp", "compute", str(tmp_path / "missing.mtx"))
    assert r.returncode == 1 and r.stderr.startswith("dyng: error:")
    graph = tmp_path / "g.mtx"
    graph.write_text("%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 3\n")
    r = run_cli("sssp", "compute", str(graph), "--objective", "2")
    assert r.returncode == 1 and "objective" in r.stderr
    r = run_cli("sssp", "compute", str(graph), "--validate-inputs", "maybe")
    assert r.returncode == 2
    # usage errors exit 2 and name what is accepted
    r = run_cli("sssp", "compute", str(graph), "--engine", "bogus")
    assert r.returncode == 2 and "near_far" in r.stderr
    r = run_cli("sssp", "compute", str(graph), "--engine", "near_far", "--delta", "3")
    assert r.returncode == 0, r.stderr
    # flags that would do nothing are not offered: no command reads a tree from
    # arrays (validate_inputs), and a compute never falls back
    unused: list[list[str]] = [
        ["compute", str(graph), "--validate-inputs", "false"],
        ["compute", str(graph), "--fallback-fraction", "0.5"],
        ["compute", str(graph), "--fallback-max-fraction", "0.5"],
        ["update", str(graph), "b.dgt", "--validate-inputs", "false"],
    ]
    for args in unused:
        r = run_cli("sssp", *args)
        assert r.returncode == 2 and "unrecognized arguments" in r.stderr, r.stderr
    for flag in ("--batches", "--batch-size"):
        r = run_cli("demo", flag, "-1")
        assert r.returncode == 2 and "expected an integer >= 0" in r.stderr


def test_cli_demo_runs_and_checks_every_tree() -> None:
    r = run_cli("demo", "--batches", "3", "--batch-size", "5")
    assert r.returncode == 0, r.stderr
    assert "3/3 updated trees identical" in r.stdout
    # Each batch says how the update got its tree, and the summary adds them up.
    table = [line.split() for line in r.stdout.splitlines() if line[:5].strip() in ("1", "2", "3")]
    assert len(table) == 3 and all(row[-1] in ("repaired", "recomputed") for row in table)
    fell = sum(row[-1] == "recomputed" for row in table)
    assert f"{3 - fell} batches repaired, {fell} recomputed by the update" in r.stdout


def test_demo_says_which_batches_the_update_recomputed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The "how" column is each update's own Stats.fallback_used, and the summary
    # counts them. 12 batches of the default stream: the 10th and the 12th re-route
    # 48,570 and 20,239 of the 114,599 junctions; whichever the update recomputes, the
    # table must say so.
    import io as _io

    from dyng import _demo

    seen: list[bool] = []
    real_update = dyng.sssp.update

    def recording_update(
        graph: dyng.Graph, batch: dyng.EdgeBatch, result: dyng.sssp.Result
    ) -> dyng.sssp.Stats:
        st = real_update(graph, batch, result)
        seen.append(st.fallback_used)
        return st

    monkeypatch.setattr(dyng.sssp, "update", recording_update)
    out = _io.StringIO()
    assert _demo.run_demo(batches=12, out=out, progress=False) == 0
    text = out.getvalue()
    rows = [line.split() for line in text.splitlines() if line[:5].strip().isdigit()]
    assert [row[0] for row in rows] == [str(k) for k in range(1, 13)]
    assert [row[-1] for row in rows] == ["recomputed" if f else "repaired" for f in seen]
    assert f"{12 - sum(seen)} batches repaired, {sum(seen)} recomputed by the update" in text
    # The whole stream's times are the sums of the table's columns (each rounded there).
    whole = re.search(
        r"whole stream: updates ([\d.]+) ms, recomputations ([\d.]+) ms: ([\d.]+)x", text
    )
    assert whole is not None, text
    updates, fresh, ratio = (float(x) for x in whole.groups())
    assert abs(updates - sum(float(row[3]) for row in rows)) <= 0.005 * len(rows) + 0.005
    assert abs(fresh - sum(float(row[4]) for row in rows)) <= 0.005 * len(rows) + 0.005
    assert abs(ratio - fresh / updates) <= 0.05 + 0.01 * ratio


def test_cli_option_flags_say_what_they_do() -> None:
    # Every Options field a command offers has a help text beside its default (a
    # field added later to a manifest without one fails here).
    from dataclasses import fields

    from dyng import __main__ as cli

    offered = {f.name for f in fields(dyng.sssp.Options)} - cli._UNUSED_OPTIONS[("sssp", "compute")]
    offered |= {f.name for f in fields(dyng.sssp.Options)} - cli._UNUSED_OPTIONS[("sssp", "update")]
    offered |= {f.name for f in fields(dyng.cycle_count.Options)}
    helped = {
        f.name
        for cls in (dyng.sssp.Options, dyng.cycle_count.Options)
        for f in fields(cls)
        if f.metadata.get("help")
    }
    assert offered <= helped
    r = run_cli("sssp", "update", "--help")
    assert r.returncode == 0
    text = " ".join(r.stdout.split())
    assert "the weight column the distances add up (0)" in text
    assert "the near-far step (0: chosen from a sample of the rows' weights) (0)" in text
