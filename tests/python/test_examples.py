"""The Python examples (examples/python/*.py) run, exit 0 and print what they should.

Each example runs as a user would run it: ``python -W error examples/python/NAME.py`` with the
current interpreter, in a fresh temporary working directory (some write files there). The
checks compare key lines of the output with values worked out independently (a grid's edge and
cycle counts from its shape, a file's size line, running totals re-added from the per-batch
lines), so a wrong example or a wrong library fails here. The torch example exits with status 3
when PyTorch is missing: its test is skipped where PyTorch is not installed (the ``test`` extra
does not bring it; ``make test``'s environment does), and fails if the example says PyTorch is
missing where it is installed.

Time: about 4 s in all, PyTorch's import included. ``DYNG_EXAMPLE_TIMEOUT`` (seconds, default
120) bounds each run.
"""

from __future__ import annotations

import ast
import gzip
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples" / "python"
TIMEOUT = float(os.environ.get("DYNG_EXAMPLE_TIMEOUT", "120"))
NO_TORCH = 3  # export_torch.py's exit status without PyTorch

TESTED = {
    "build_graph",
    "stream_batches",
    "two_results",
    "read_file",
    "export_numpy",
    "export_torch",
}


def run(name: str, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run one example as a script, in ``cwd``."""
    return subprocess.run(
        [sys.executable, "-W", "error", str(EXAMPLES / f"{name}.py"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def run_ok(name: str, cwd: Path, *args: str) -> list[str]:
    """Run one example, require exit status 0 and "check: ok", return its output lines."""
    r = run(name, cwd, *args)
    assert r.returncode == 0, f"{name} exited {r.returncode}\n{r.stdout}\n{r.stderr}"
    assert r.stderr == "", r.stderr
    lines = r.stdout.splitlines()
    assert lines and lines[-1].startswith("check: ok"), r.stdout
    return lines


def test_every_example_is_tested() -> None:
    assert {p.stem for p in EXAMPLES.glob("*.py")} == TESTED


def test_build_graph(tmp_path: Path) -> None:
    lines = run_ok("build_graph", tmp_path)
    assert lines[0] == "roads: directed, 5 vertices, 6 edges, ids int32, 1 weight column"
    # degrees of 0->1, 0->2, 2->1, 1->3, 2->3, 3->4
    assert lines[1:6] == [
        f"  vertex {v}: out-degree {o}, in-degree {i}"
        for v, (o, i) in enumerate([(2, 0), (1, 2), (2, 1), (1, 2), (0, 1)])
    ]
    assert "out-edges as CSR: row_ptr [0, 2, 3, 5, 6, 6], col [1, 2, 3, 1, 3, 4]" in lines
    assert "  weights [4, 1, 1, 2, 5, 3] (shape (6, 1): entries x columns)" in lines
    assert "in-edges as CSR: row_ptr [0, 0, 2, 3, 5, 6], col [0, 2, 0, 1, 2, 3]" in lines
    assert "  edges: [(0, 1), (0, 2), (1, 2), (2, 3)]" in lines
    assert (
        "batch: +2 inserted, 1 updated, -1 deleted, 1 new vertex -> 6 vertices, 7 edges, "
        "version 1" in lines
    )


def test_stream_batches(tmp_path: Path) -> None:
    lines = run_ok("stream_batches", tmp_path, "--batches", "3", "--batch-size", "400")
    assert lines[0].startswith("graph: 114,599 vertices, 119,666 edges, undirected")
    batch = re.compile(
        r"batch +(\d+): \+(\d+) inserted, (\d+) updated, -(\d+) deleted, (\d+) ignored "
        r"-> ([\d,]+) edges, version (\d+) \| "
    )
    edges = 119_666
    rows = [m for m in map(batch.match, lines) if m]
    assert len(rows) == 3
    for k, m in enumerate(rows, start=1):
        ins, upd, dele, ign = (int(m[i]) for i in (2, 3, 4, 5))
        assert int(m[1]) == k and int(m[7]) == k
        # random_batch: 200 new pairs to insert, 200 existing edges to delete
        assert (ins, upd, dele, ign) == (200, 0, 200, 0)
        edges += ins - dele
        assert int(m[6].replace(",", "")) == edges


def test_stream_batches_reads_the_file_given(tmp_path: Path) -> None:
    lines = run_ok(
        "stream_batches", tmp_path, str(REPO / "data" / "power.mtx.gz"), "--batches", "1"
    )
    assert lines[0].startswith("graph: 4,941 vertices, 6,594 edges, undirected")


def grid_cycles(rows: int, cols: int) -> int:
    """Simple cycles of length <= 6 in a full rows x cols lattice: squares and 2-square
    rectangles (a lattice is bipartite: no odd cycles)."""
    return (rows - 1) * (cols - 1) + (rows - 1) * (cols - 2) + (rows - 2) * (cols - 1)


def test_two_results(tmp_path: Path) -> None:
    rows, cols = 12, 15
    lines = run_ok(
        "two_results",
        tmp_path,
        *("--rows", str(rows), "--cols", str(cols), "--batches", "4", "--batch-size", "10"),
    )
    n, m = rows * cols, rows * (cols - 1) + cols * (rows - 1)
    total = grid_cycles(rows, cols)
    assert lines[0] == (
        f"grid {rows} x {cols}: {n} vertices, {m} edges; {total} cycles of length <= 6"
    )
    batch = re.compile(
        r"batch +(\d+): \+(\d+) -(\d+) edges \| sssp: .* cycles: -(\d+) \+(\d+) = (\d+)"
    )
    found = [b for b in map(batch.match, lines) if b]
    assert [int(b[1]) for b in found] == [1, 2, 3, 4]
    for b in found:
        total += int(b[5]) - int(b[4])
        assert int(b[6]) == total
    hist = next(line for line in lines if line.startswith("cycles by length: "))
    by_length = ast.literal_eval(hist.removeprefix("cycles by length: "))
    assert sum(by_length.values()) == total and set(by_length) <= {3, 4, 5, 6}
    assert lines[-1] == "check: ok (both results equal a recomputation after every batch)"


def test_two_results_matches_the_c_example(tmp_path: Path) -> None:
    """The same seeds give the same graph and batches in C and in Python (the generators are
    one C implementation); the C example's default run prints these numbers too."""
    lines = run_ok("two_results", tmp_path)
    assert lines[0] == "grid 100 x 100: 10000 vertices, 19800 edges; 29205 cycles of length <= 6"
    assert grid_cycles(100, 100) == 29205
    assert lines[1].startswith("batch  1: +10 -10 edges | sssp: 2457 vertices changed | ")


def test_read_file(tmp_path: Path) -> None:
    lines = run_ok("read_file", tmp_path)
    assert lines[0] == "tiny_roads.mtx: directed, weighted, 5 vertices, 6 edges"
    assert lines[1:6] == [
        "  vertex 0: distance 0, parent -1, route [0]",
        "  vertex 1: distance 3, parent 2, route [0, 2, 1]",
        "  vertex 2: distance 1, parent 0, route [0, 2]",
        "  vertex 3: distance 4, parent 1, route [0, 2, 1, 3]",
        "  vertex 4: distance 7, parent 3, route [0, 2, 1, 3, 4]",
    ]
    assert re.fullmatch(r"tiny_roads_copy\.mtx\.gz: \d+ bytes, the same graph: True", lines[6])
    assert lines[7].startswith(
        "luxembourg_osm.mtx.gz: undirected, unweighted, 114599 vertices, 119666 edges; "
        "from vertex 0, 114599 vertices reached"
    )
    assert lines[8].startswith("broken.mtx: FileFormatError at line 7, column 3: ")
    # it wrote its files into its working directory
    assert {p.name for p in tmp_path.iterdir()} == {
        "tiny_roads.mtx",
        "tiny_roads_copy.mtx.gz",
        "broken.mtx",
    }
    with gzip.open(tmp_path / "tiny_roads_copy.mtx.gz", "rt") as f:
        assert f.readline().startswith("%%MatrixMarket matrix coordinate integer general")


def test_read_file_reads_the_file_given(tmp_path: Path) -> None:
    path = REPO / "data" / "power.mtx.gz"
    with gzip.open(path, "rt") as f:
        size = next(line for line in f if not line.startswith("%")).split()
    lines = run_ok("read_file", tmp_path, str(path))
    # a symmetric pattern file without diagonal entries: one undirected edge per entry
    assert lines[7].startswith(
        f"power.mtx.gz: undirected, unweighted, {size[0]} vertices, {size[2]} edges; "
    )


def test_an_example_reports_a_dyng_error(tmp_path: Path) -> None:
    r = run("read_file", tmp_path, str(tmp_path / "missing.mtx"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stderr.startswith("read_file: FileFormatError: ")
    assert "missing.mtx" in r.stderr and "Traceback" not in r.stderr


def test_export_numpy(tmp_path: Path) -> None:
    lines = run_ok("export_numpy", tmp_path)
    assert "distances: int64, shape (10,): [0, 2, 4, 6, 8, 2, 4, 6, 8, 10]" in lines
    assert "parents: [-1, 0, 1, 2, 3, 0, 5, 6, 7, 8]" in lines
    assert "update: 5 vertices changed" in lines
    assert "view taken before: [0, 2, 4, 6, 8, 2, 4, 6, 8, 10]" in lines
    assert "distances now:     [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]" in lines
    assert any(
        line.startswith("the Array taken before the update: StaleResultError") for line in lines
    )


@pytest.mark.skipif(
    importlib.util.find_spec("torch") is None,
    reason="PyTorch is not installed (the torch extra: pip install 'dyng[torch]')",
)
def test_export_torch(tmp_path: Path) -> None:
    r = run("export_torch", tmp_path)
    assert r.returncode != NO_TORCH, (
        f"the torch example says PyTorch is missing, but it is installed here\n{r.stderr}"
    )
    assert r.returncode == 0, f"export_torch exited {r.returncode}\n{r.stdout}\n{r.stderr}"
    lines = r.stdout.splitlines()
    assert lines[0] == "distances: torch.int64, shape (900,), device cpu"
    assert "the tensor shares the result's memory: True" in lines
    counts = next(line for line in lines if line.startswith("cycle counts: torch.uint64, "))
    # a full 30 x 30 lattice: 29 * 29 squares and 2 * 29 * 28 rectangles of two squares
    assert counts.startswith(
        f"cycle counts: torch.uint64, [0, 0, 0, 0, {29 * 29}, 0, {2 * 29 * 28}, 0, "
    )
    assert re.search(r"the old tensor kept its state: True", r.stdout)
    assert lines[-1] == "check: ok"


@pytest.mark.parametrize("name", sorted(TESTED))
def test_examples_are_documented(name: str) -> None:
    """Each example opens with a docstring that says how to run it."""
    text = (EXAMPLES / f"{name}.py").read_text()
    assert text.startswith('"""') and f"python examples/python/{name}.py" in text
