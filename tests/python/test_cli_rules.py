"""The rules every command of the command line follows (docs/reference/cli.md).

Exit status 2 for a command line that cannot run as written (a value of the wrong kind,
flags that conflict or would do nothing), 1 for a failure (what the library or the input
refuses), one ``dyng: error:`` line and never a traceback; ``-`` as standard output for the
text outputs; a pipe closed early ends quietly; inputs and outputs are checked before the
work; a Matrix Market file is read as one by its name, or by a banner after blank lines.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import dyng
import dyng.io
from dyng.__main__ import main


def run_cli(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-m", "dyng", *args], text=True, timeout=120, **kwargs
    )


def one_error_line(err: str) -> str:
    """The ``dyng: error:`` line of stderr (argparse's usage lines before it aside)."""
    lines = [x for x in err.splitlines() if "error:" in x]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture
def graph(tmp_path: Path) -> Path:
    path = tmp_path / "g.txt"
    path.write_text("0 1 4\n1 2 1\n")
    return path


@pytest.fixture
def mtx(tmp_path: Path) -> Path:
    path = tmp_path / "w.mtx"
    path.write_text("%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 3\n2 3 4\n")
    return path


# ---- exit status: 2 usage, 1 failure ---------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        # values no run could accept: the parser refuses them (2)
        (["generate", "batches", "{mtx}", "{out}.dgt", "--count", "1", "--size", "-3"], 2,
         "expected an integer >= 0"),
        (["generate", "batches", "{mtx}", "{out}.dgt", "--count", "-1", "--size", "3"], 2,
         "expected an integer >= 0"),
        (["generate", "batches", "{mtx}", "{out}.dgt", "--count", "1", "--size", "1",
          "--locality-window", "0"], 2, "expected an integer >= 1"),
        (["generate", "rmat", "{out}.mtx", "--scale", "3", "--seed", "-1"], 2,
         "expected an integer >= 0"),
        (["generate", "grid", "{out}.mtx", "--rows", "-1", "--cols", "2"], 2,
         "expected an integer >= 0"),
        (["sssp", "compute", "{graph}", "--source", "-1"], 2, "expected an integer >= 0"),
        (["demo", "--seed", "-1"], 2, "expected an integer >= 0"),
        (["convert", "{mtx}", "{out}.mtx", "--weight-column", "99999999999999999999999"], 2,
         "expected an integer from 0 to 2**63 - 1"),
        # values the library or the input refuses: failures (1)
        (["sssp", "compute", "{graph}", "--source", "99"], 1, "source is 99"),
        (["bench", "sssp", "{graph}", "--sizes", "1", "--batches", "1", "--source", "99"], 1,
         "--source 99 is not a vertex"),
        (["cycle_count", "compute", "{graph}", "--max-length", "0"], 1, "max_length is 0"),
        (["generate", "grid", "{out}.mtx", "--rows", "0", "--cols", "2"], 1, "rows"),
        (["convert", "{mtx}", "{out}.mtx", "--weight-column", "2147483648"], 1,
         "--weight-column 2147483648 is not a weight column of the graph, which has 1; "
         "accepted: 0"),
    ],
)  # fmt: skip
def test_one_rule_for_exit_statuses(
    argv: list[str],
    status: int,
    message: str,
    graph: Path,
    mtx: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    names = {"graph": str(graph), "mtx": str(mtx), "out": str(tmp_path / "out")}
    assert main([a.format(**names) for a in argv]) == status
    assert message in one_error_line(capsys.readouterr().err)


def test_an_overflow_left_unchecked_is_a_one_line_failure(
    mtx: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The last net: a number past what the native code takes, where no check named it.
    def overflow(*args: object, **kwargs: object) -> None:
        raise OverflowError("signed integer is greater than maximum")

    monkeypatch.setattr(dyng.io, "write_matrix_market", overflow)
    assert main(["convert", str(mtx), str(tmp_path / "x.mtx")]) == 1
    assert "out of range" in one_error_line(capsys.readouterr().err)


# ---- inputs: what is wrong with them is said first ---------------------------------------


@pytest.mark.parametrize("name", ["missing.txt", "missing/", "missing.dgt"])
def test_convert_reports_a_missing_input_as_such(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = "out.txt" if name.endswith(".dgt") else "out.dgt"
    assert main(["convert", str(tmp_path / name), str(tmp_path / out)]) == 1
    line = one_error_line(capsys.readouterr().err)
    assert "cannot open for reading: No such file or directory" in line


def test_matrix_market_by_name_or_by_a_banner_after_blank_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A blank line before the banner: read as Matrix Market (whose reader refuses it), never
    # silently as an edge list whose '%' lines are comments.
    text = "\n%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 4\n2 3 1\n"
    for name in ("lead.mtx", "lead.dat"):
        (tmp_path / name).write_text(text)
        for command in (["sssp", "compute"], ["cycle_count", "compute"]):
            assert main([*command, str(tmp_path / name)]) == 1, (name, command)
            assert "not a Matrix Market file" in one_error_line(capsys.readouterr().err)
    # A .mtx name is enough: an edge list named so gets the Matrix Market reader's error.
    (tmp_path / "el.mtx").write_text("0 1 4\n")
    assert main(["sssp", "compute", str(tmp_path / "el.mtx")]) == 1
    assert "el.mtx" in one_error_line(capsys.readouterr().err)
    # The banner after spaces and blank lines is found in a file of another name.
    from dyng._cli_common import graph_format

    (tmp_path / "ok.dat").write_text("\n  \n" + text.lstrip())
    assert graph_format(str(tmp_path / "ok.dat")) == "mtx"


# ---- outputs: '-' and checks before the work -------------------------------------------


def test_dash_is_standard_output_for_the_text_outputs(
    graph: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["sssp", "compute", str(graph), "--distances", "-"]) == 0
    assert capsys.readouterr().out == "0 0\n1 4\n2 5\n"
    assert main(["sssp", "compute", str(graph), "--distances", "d.txt", "--tree", "-"]) == 0
    assert capsys.readouterr().out == "0 -1\n1 0\n2 1\n"
    assert (tmp_path / "d.txt").read_text() == "0 0\n1 4\n2 5\n"
    assert main(["cycle_count", "compute", str(graph), "--output", "-"]) == 0
    assert capsys.readouterr().out == "# cycle_size, num_of_cycles\nTotal, 0\n"
    # the tree and the distances cannot share standard output
    assert main(["sssp", "compute", str(graph), "--tree", "-"]) == 2
    assert "--distances FILE" in one_error_line(capsys.readouterr().err)
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["convert", "{graph}", "-"],
        ["generate", "rmat", "-", "--scale", "3"],
        ["generate", "batches", "{graph}", "-", "--count", "1", "--size", "1"],
        ["generate", "mosp-changes", "{graph}", "-", "--num-changes", "1"],
    ],
)
def test_dash_is_refused_where_a_file_is_written(
    argv: list[str],
    graph: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([a.format(graph=graph) for a in argv]) == 2
    assert "name a file" in one_error_line(capsys.readouterr().err)
    assert not (tmp_path / "-").exists()


def test_outputs_are_checked_before_anything_is_printed(
    graph: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "adir").mkdir()
    assert main(["sssp", "compute", str(graph), "--tree", str(tmp_path / "adir")]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "cannot open for writing: Is a directory" in one_error_line(captured.err)
    assert main(["cycle_count", "compute", str(graph), "--output", str(tmp_path / "no/x")]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "cannot open for writing: No such file or directory" in one_error_line(captured.err)


def test_a_pipe_closed_early_ends_quietly(graph: Path) -> None:
    # The reader is gone before dyng writes: no message, status 141 (128 + SIGPIPE), as a
    # Unix tool that SIGPIPE ends.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        r = run_cli("sssp", "compute", str(graph), stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    assert (r.returncode, r.stderr) == (141, "")


@pytest.mark.skipif(not os.path.exists("/dev/stdin"), reason="no /dev/stdin")
@pytest.mark.parametrize(
    ("args", "flag"),
    [(("cycle_count", "compute"), "--format"), (("convert",), "--from")],
)
def test_a_piped_input_needs_its_format(args: tuple[str, ...], flag: str, tmp_path: Path) -> None:
    # Telling the format from the content would read the pipe's first bytes, which the
    # reader then never sees (a wrong graph with status 0, or a FIFO that hangs).
    out = [str(tmp_path / "o.mtx")] if args == ("convert",) else []
    r = run_cli(*args, "/dev/stdin", *out, input="0 1\n1 0\n", capture_output=True)
    assert r.returncode == 2
    assert "not a regular file (a pipe or a device)" in one_error_line(r.stderr)
    assert flag in r.stderr
    given = ["--format", "edgelist"] if flag == "--format" else ["--from", "edgelist"]
    r = run_cli(*args, "/dev/stdin", *out, *given, input="0 1\n1 0\n", capture_output=True)
    assert r.returncode == 0, r.stderr
    if out:
        assert dyng.io.read_matrix_market(out[0]).num_edges == 2
    else:
        assert "2, 1" in r.stdout.splitlines()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["sssp", "update", "--help"]])
def test_version_or_help_on_a_full_disk_is_a_one_line_failure(argv: list[str]) -> None:
    # argparse drops a help text it cannot write: the command line's parser does not
    with open("/dev/full", "w") as full:
        r = run_cli(*argv, stdout=full, stderr=subprocess.PIPE)
    assert r.returncode == 1
    assert "No space left on device" in one_error_line(r.stderr)


# ---- flags that conflict or would do nothing ---------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["generate", "grid", "{out}.mtx", "--rows", "3", "--cols", "3", "--unweighted",
          "--weights", "5", "9"], "not allowed with argument --unweighted"),
        (["generate", "rmat", "{out}.txt", "--scale", "4", "--num-weights", "3"],
         "--num-weights 3 would do nothing"),
        (["generate", "grid", "{out}.txt", "--rows", "3", "--cols", "3", "--unweighted",
          "--num-weights", "2"], "--num-weights 2 would do nothing"),
        (["convert", "{mtx}", "{out}.mtx", "--compress"], "--compress (for a CSR triplet OUT)"),
        (["convert", "{mtx}", "{out}.txt", "--weight-column", "0"], "--weight-column (for a"),
        (["convert", "{mtx}", "{out}.txt", "--undirected"], "--undirected (for an edge list"),
        (["sssp", "compute", "{mtx}", "--one-based"], "--one-based describes an edge list"),
        (["generate", "batches", "{mtx}", "{out}.dgt", "--count", "3", "--size", "1",
          "--seed", str(2**64 - 2)], "SEED can be at most 2**64 - 3"),
    ],
)  # fmt: skip
def test_conflicting_or_unused_flags_are_usage_errors(
    argv: list[str], message: str, mtx: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main([a.format(mtx=mtx, out=out) for a in argv]) == 2
    assert message in one_error_line(capsys.readouterr().err)
    assert not list(tmp_path.glob("out*"))  # nothing written


def test_the_last_seed_of_a_stream_may_be_the_largest(
    mtx: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["generate", "batches", str(mtx), str(tmp_path / "s.dgt"), "--count", "2"]
    assert main([*argv, "--size", "1", "--seed", str(2**64 - 2)]) == 0


def test_convert_treats_several_weights_as_generate_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "r3.txt").write_text("0 1 1 2 3\n1 2 4 5 6\n")
    assert main(["convert", str(tmp_path / "r3.txt"), str(tmp_path / "r3.mtx")]) == 1
    assert "choose one with --weight-column (0 to 2)" in one_error_line(capsys.readouterr().err)
    assert not (tmp_path / "r3.mtx").exists()
    out = tmp_path / "c2.mtx"
    assert main(["convert", str(tmp_path / "r3.txt"), str(out), "--weight-column", "2"]) == 0
    _, _, w = dyng.io.read_matrix_market(out).edges()
    assert w is not None and sorted(w[:, 0].tolist()) == [3, 6]


# ---- demo ----------------------------------------------------------------------------------


def test_demo_on_a_graph_without_edges_is_a_one_line_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "e0.mtx"
    path.write_text("%%MatrixMarket matrix coordinate pattern general\n3 3 0\n")
    assert main(["demo", "--batches", "3", "--graph", str(path)]) == 1
    assert "no edges" in one_error_line(capsys.readouterr().err)


def test_demo_batches_hold_the_changes_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 12 roads, 100 changes a batch: the closures the network cannot give (25 asked for,
    # at most 12 open) become travel-time changes; every batch holds 100.
    g = dyng.generators.grid(3, 3, seed=1)
    path = tmp_path / "g.mtx"
    dyng.io.write_matrix_market(path, g)
    assert main(["demo", "--graph", str(path), "--batches", "3", "--batch-size", "100"]) == 0
    out = capsys.readouterr().out
    rows = [x.split() for x in out.splitlines() if x[:5].strip() in ("1", "2", "3")]
    assert [row[1] for row in rows] == ["100", "100", "100"], out
    assert "3/3 updated trees identical" in out


def test_demo_without_batches_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--batches", "0"]) == 0
    out = capsys.readouterr().out
    assert "no batches" in out and "batch " not in out.split("reached", 1)[1]


# ---- help ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["convert"],
        ["generate"],
        ["demo"],
        ["bench"],
        ["cycle_count", "compute"],
        ["cycle_count", "update"],
        ["sssp", "update"],
    ],
)
def test_help_is_plain_and_wrapped(
    command: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main([*command, "--help"]) == 0
    text = capsys.readouterr().out
    assert "``" not in text
    before_examples = text.split("\nexample", 1)[0]
    assert max(len(x) for x in before_examples.splitlines()) <= 80, before_examples


def test_help_says_what_one_based_and_update_read(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sssp", "update", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "reading subtracts 1 from each" in text and "stay 0-based" in text
    assert ".dgt or .dgb file and repair it" in text


def test_cycle_count_mismatch_names_the_histogram(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A recount that disagrees (here: made on another graph) fails the command, and the
    # message names what differs.
    path = tmp_path / "tri.txt"
    path.write_text("0 1\n1 2\n2 0\n")
    stream = tmp_path / "b.dgt"
    stream.write_text("%batch 1\n+e 0 2\n")
    real = dyng.cycle_count.compute
    calls = []

    def recount(graph: dyng.Graph, **kwargs: object) -> dyng.cycle_count.Result:
        calls.append(1)
        if len(calls) > 1:
            graph = dyng.Graph.from_edges([0], [1], num_vertices=3)
        return real(graph, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(dyng.cycle_count, "compute", recount)
    argv = ["cycle_count", "update", str(path), str(stream), "--compare-recompute"]
    assert main(argv) == 1
    assert "the updated histogram differs from the recount" in capsys.readouterr().err
