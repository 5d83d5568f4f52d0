"""``dyng convert``: graphs and batch streams through every file format, and ``--help``
examples on every command.

Each conversion is checked by reading the output back with dyng.io and comparing with what
went in (edges as sorted tuples, batches as lists).
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
import pytest

import dyng
import dyng.io
from dyng.__main__ import main

SHARED = Path(__file__).resolve().parents[3] / "shared" / "goldens"


def edges_of(g: dyng.Graph) -> list[tuple[int, ...]]:
    src, dst, w = g.edges()
    cols = [src.tolist(), dst.tolist()]
    if w is not None:
        cols += [w[:, j].tolist() for j in range(w.shape[1])]
    return sorted(zip(*cols, strict=True))


def lists(b: dyng.EdgeBatch) -> tuple[list[int], ...]:
    w = b.insert_weights
    return (
        b.id,
        b.insert_src.tolist(),
        b.insert_dst.tolist(),
        [] if w is None else w.ravel().tolist(),
        b.delete_src.tolist(),
        b.delete_dst.tolist(),
    )  # type: ignore[return-value]


@pytest.fixture
def graph() -> dyng.Graph:
    rng = np.random.default_rng(3)
    src = rng.integers(0, 40, 150)
    dst = rng.integers(0, 40, 150)
    keep = src != dst
    return dyng.Graph.from_edges(src[keep], dst[keep], rng.integers(1, 100, keep.sum()))


def test_graph_through_every_format(tmp_path: Path, graph: dyng.Graph) -> None:
    want = edges_of(graph)
    dyng.io.write_matrix_market(tmp_path / "g.mtx", graph)
    assert main(["convert", str(tmp_path / "g.mtx"), str(tmp_path / "g.txt")]) == 0
    assert edges_of(dyng.io.read_edge_list(tmp_path / "g.txt")) == want
    assert main(["convert", str(tmp_path / "g.txt"), str(tmp_path / "csr_"), "--to", "csr"]) == 0
    assert edges_of(dyng.io.read_csr_triplet(tmp_path / "csr_")) == want
    # a CSR prefix is recognized as such, and gzip where asked
    assert main(["convert", str(tmp_path / "csr_"), str(tmp_path / "z_"), "--to", "csr",
                 "--compress"]) == 0  # fmt: skip
    assert (tmp_path / "z_RowPtr.txt.gz").exists()
    assert main(["convert", str(tmp_path / "z_"), str(tmp_path / "back.mtx.gz")]) == 0
    assert edges_of(dyng.io.read_matrix_market(tmp_path / "back.mtx.gz")) == want


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/goldens not found")
def test_research_triplet_to_matrix_market(tmp_path: Path) -> None:
    prefix = SHARED / "mosp" / "small60" / "csr" / "graphCsr"
    out = tmp_path / "small60.txt"
    assert main(["convert", str(prefix), str(out)]) == 0
    g = dyng.io.read_edge_list(out)
    assert edges_of(g) == edges_of(dyng.io.read_csr_triplet(prefix))
    assert g.num_weights == 3


def stream() -> list[dyng.EdgeBatch]:
    return [
        dyng.EdgeBatch(insert=([0, 1], [2, 3], [[5], [6]]), delete=([4], [5]), id=1),
        dyng.EdgeBatch(delete=([7], [8]), id=4),
        dyng.EdgeBatch(insert=([9], [2**33], [[1]]), id=9),
    ]


def test_batch_streams_dgt_dgb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dyng.io.write_batches(tmp_path / "s.dgt", stream())
    assert main(["convert", str(tmp_path / "s.dgt"), str(tmp_path / "s.dgb.gz")]) == 0
    assert "3 batches, 5 changes" in capsys.readouterr().err
    got = dyng.io.read_batches(tmp_path / "s.dgb.gz")
    assert [lists(b) for b in got] == [lists(b) for b in stream()]
    assert main(["convert", str(tmp_path / "s.dgb.gz"), str(tmp_path / "t.dgt")]) == 0
    assert (tmp_path / "t.dgt").read_bytes() == (tmp_path / "s.dgt").read_bytes()
    # several batches do not fit a one-batch format
    assert (
        main(["convert", str(tmp_path / "s.dgt"), str(tmp_path / "x.txt"), "--to", "signed"]) == 1
    )
    assert "more than one batch" in capsys.readouterr().err


def test_one_batch_formats(tmp_path: Path) -> None:
    one = dyng.EdgeBatch(insert=([0, 1], [2, 3], [[5, 1], [6, 2]]), delete=([4], [5]))
    dyng.io.write_batches(tmp_path / "one.dgt", [one])
    assert main(["convert", str(tmp_path / "one.dgt"), str(tmp_path / "ch") + "/"]) == 0
    assert (tmp_path / "ch" / "insert.txt").read_text() == "0 2 5 1\n1 3 6 2\n"
    assert (tmp_path / "ch" / "delete.txt").read_text() == "4 5\n"
    assert main(["convert", str(tmp_path / "ch"), str(tmp_path / "s.txt"), "--to", "signed"]) == 0
    assert (tmp_path / "s.txt").read_text() == "- 4 5\n+ 0 2 5 1\n+ 1 3 6 2\n"
    # signed files are recognized by content
    assert main(["convert", str(tmp_path / "s.txt"), str(tmp_path / "back.dgb")]) == 0
    assert [lists(b) for b in dyng.io.read_batches(tmp_path / "back.dgb")] == [lists(one)]


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/goldens not found")
def test_research_change_folder_to_dgt(tmp_path: Path) -> None:
    folder = SHARED / "mosp" / "small60" / "changes" / "n100_ins50_uniform_seed1"
    assert main(["convert", str(folder), str(tmp_path / "b.dgt")]) == 0
    (b,) = dyng.io.read_batches(tmp_path / "b.dgt")
    assert lists(b) == lists(
        dyng.io.read_change_files(folder / "insert.txt", folder / "delete.txt")
    )


def test_kind_mismatch_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dyng.io.write_batches(tmp_path / "s.dgt", stream())
    assert main(["convert", str(tmp_path / "s.dgt"), str(tmp_path / "g.mtx")]) == 2
    assert "cannot convert a batch stream" in capsys.readouterr().err
    (tmp_path / "bad.mtx").write_text("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n")
    assert main(["convert", str(tmp_path / "bad.mtx"), str(tmp_path / "g.txt")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("dyng: error:") and "bad.mtx" in err
    with gzip.open(tmp_path / "empty.dgt.gz", "wt") as f:
        f.write("")
    assert main(["convert", str(tmp_path / "empty.dgt.gz"), str(tmp_path / "e.dgb")]) == 0
    assert dyng.io.read_batches(tmp_path / "e.dgb") == []


@pytest.mark.parametrize(
    "command",
    [
        ["config"],
        ["sssp", "compute"],
        ["sssp", "update"],
        ["cycle_count", "compute"],
        ["cycle_count", "update"],
        ["convert"],
        ["demo"],
    ],
)
def test_every_help_shows_an_example(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--help"]) == 0
    out = capsys.readouterr().out
    assert "example" in out and f"dyng {command[0]}" in out.split("example", 1)[1]
