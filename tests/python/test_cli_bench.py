"""``dyng bench``: the comparisons run, check what they time, and say so when a check fails.

The timings themselves are not tested (tests carry no timings); what is: every kind runs
on a graph file and on the shipped default, every updated result is compared with its
recomputation (and a broken update makes the command fail), the peers' distances are
compared with dyng's (and a wrong peer makes it fail), the JSON holds the printed rows,
and bad flags are usage errors.
"""

from __future__ import annotations

import json
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import dyng
import dyng.io
from dyng import _cli_bench
from dyng.__main__ import main


@pytest.fixture()
def road(tmp_path: Path) -> Path:
    """A small weighted undirected grid as Matrix Market."""
    g = dyng.generators.grid(12, 15, weights=(1, 9), seed=3)
    path = tmp_path / "grid.mtx"
    dyng.io.write_matrix_market(path, g)
    return path


@pytest.fixture()
def social(tmp_path: Path) -> Path:
    """A small unweighted directed graph as an edge list."""
    g = dyng.generators.erdos_renyi(150, 900, seed=4, vertex_dtype="int32")
    path = tmp_path / "social.txt"
    dyng.io.write_edge_list(path, g)
    return path


def rows_of(text: str) -> list[list[str]]:
    """The table rows of the output: lines that start with a batch size."""
    return [
        x.split()
        for x in text.splitlines()
        if x.split() and x.split()[0].replace(",", "").isdigit()
    ]


def test_sssp_on_a_file_checks_every_tree_and_writes_json(
    road: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sssp.json"
    args = [str(road), "--sizes", "5,20", "--batches", "3", "--source", "7"]
    assert main(["bench", "sssp", *args, "--peers", "all", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "1 weight column(s) from the file" in text
    assert "180 vertices, 333 undirected edges" in text
    assert "6/6 updated trees identical to the recomputation" in text
    assert [r[0] for r in rows_of(text)] == ["5", "20"]
    # Every peer is either missing or agrees with dyng's distances.
    for peer in _cli_bench.PEERS:
        line = next(x for x in text.splitlines() if x.strip().startswith(peer))
        assert "not installed" in line or "distances agree" in line
    assert "scipy" in text and "distances agree" in text  # scipy is a test dependency
    data = json.loads(out.read_text())
    assert data["kind"] == "sssp" and data["graph"] == str(road)
    assert data["reached"] == 180
    assert [r["changes"] for r in data["rows"]] == [5, 20]
    for r in data["rows"]:
        assert r["batches"] == 3
        assert r["speedup"] == pytest.approx((r["apply_ms"] + r["compute_ms"]) / r["update_ms"])
        assert r["update_us_per_change"] == pytest.approx(r["update_ms"] * 1e3 / r["changes"])
    assert {p["peer"] for p in data["peers"]} == set(_cli_bench.PEERS)


def test_an_unweighted_graph_gets_seeded_weights(
    social: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["bench", "sssp", str(social), "--sizes", "10", "--batches", "2", "--seed", "5"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "seeded weights 1..100 (seed 5)" in text and "150 vertices, 900 directed" in text
    assert "2/2 updated trees identical" in text


@pytest.mark.parametrize("directed", [True, False])
def test_a_csr_triplet_keeps_its_parallel_edges(
    directed: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bench runs on the graph the file holds: a CSR triplet (MOSP-OpenMP's files, read in
    append order with parallel edges) keeps its parallel edges, and the peers, given each
    pair once with its least weight, find the same distances."""
    base = dyng.generators.grid(10, 12, weights=(1, 9), seed=6)
    src, dst, w = base.edges()
    assert w is not None
    pick = np.arange(0, len(src), 3)  # a third of the edges again, heavier or lighter
    g = dyng.Graph.from_edges(
        np.concatenate([src, src[pick]]),
        np.concatenate([dst, dst[pick]]),
        np.concatenate([w[:, 0], (w[pick, 0] * 7) % 11 + 1]),
        directed=directed,
        properties=dyng.GraphProperties.mosp_compatible(num_weights=1),
    )
    prefix = tmp_path / "multi"
    dyng.io.write_csr_triplet(prefix, g)
    m = len(src) + len(pick)
    assert g.num_edges == m
    if not directed:  # the triplet holds both directions; read back, a directed graph
        m *= 2
    args = ["bench", "sssp", str(prefix), "--sizes", "5", "--batches", "2", "--source", "3"]
    assert main([*args, "--peers", "all"]) == 0
    text = capsys.readouterr().out
    assert f"120 vertices, {m:,} directed edges" in text
    assert "DIFFER" not in text and "2/2 updated trees identical" in text
    assert main(["bench", "apply", str(prefix), "--sizes", "5", "--batches", "2"]) == 0
    assert f"120 vertices, {m:,} directed edges" in capsys.readouterr().out


def test_a_broken_update_fails_the_bench(
    road: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # An "update" that applies the batch and repairs nothing: the check must see the
    # tree it left (one batch, so the stale tree is never passed to a real update).
    def lazy(graph: dyng.Graph, batch: dyng.EdgeBatch, result: Any) -> Any:
        graph.apply(batch)
        return types.SimpleNamespace(affected=0, fallback_used=False)

    monkeypatch.setattr(dyng.sssp, "update", lazy)
    status = main(["bench", "sssp", str(road), "--sizes", "30", "--batches", "1", "--source", "7"])
    captured = capsys.readouterr()
    assert status == 1
    assert "1 of 1 updated trees differ from the recomputation" in captured.err


def test_a_peer_that_disagrees_fails_the_bench(
    road: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def wrong(peer: str, g: Any, s: int, threads: int) -> tuple[Any, int]:
        return (lambda: np.zeros(g.num_vertices)), 1

    monkeypatch.setattr(_cli_bench, "_peer_run", wrong)
    status = main(
        ["bench", "sssp", str(road), "--sizes", "5", "--batches", "1", "--peers", "scipy"]
    )
    captured = capsys.readouterr()
    assert status == 1
    assert "distances DIFFER" in captured.out
    assert "1 peer(s) found other distances" in captured.err


def test_cycle_count_on_a_directed_graph(social: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "cycle_count", str(social), "--sizes", "10,40", "--batches", "2"]
    assert main([*args, "--max-length", "3"]) == 0
    text = capsys.readouterr().out
    assert "lengths up to 3" in text and "unweighted" in text
    assert "4/4 updated histograms identical to the recomputation" in text
    assert [r[0] for r in rows_of(text)] == ["10", "40"]


def test_apply_on_the_shipped_graph(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "apply.json"
    args = ["bench", "apply", "--sizes", "50", "--batches", "2", "--json", str(out)]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "luxembourg_osm (shipped): 114,599 vertices, 119,666 undirected edges" in text
    data = json.loads(out.read_text())
    (row,) = data["rows"]
    assert row["changes"] == 50 and row["batches"] == 2
    assert row["speedup"] == pytest.approx(row["rebuild_ms"] / row["apply_ms"])
    assert row["changes_per_s"] == pytest.approx(50 / (row["apply_ms"] / 1e3))


def test_threads_and_locality_are_passed_on(road: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "apply", str(road), "--sizes", "8", "--batches", "1", "--threads", "2"]
    status = main([*args, "--locality-window", "40", "--insert-fraction", "1"])
    captured = capsys.readouterr()
    if not dyng.config.config()["openmp"]:
        # A build without OpenMP (DYNG_OPENMP=OFF) says so instead.
        assert status == 1 and "openmp backend is not built" in captured.err
        return
    assert status == 0
    text = captured.out
    assert "2 thread(s)" in text and "window 40" in text and "insert fraction 1.0" in text


def test_a_batch_larger_than_the_graph_allows_is_an_error(
    road: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", "apply", str(road), "--sizes", "100000", "--batches", "1"]) == 1
    assert "dyng: error:" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["bench"], "bench needs a kind"),
        (["bench", "sssp", "--sizes", "0"], "expected batch sizes >= 1"),
        (["bench", "sssp", "--sizes", "ten"], "expected batch sizes separated by commas"),
        (["bench", "sssp", "--peers", "boost"], "unknown peer(s) boost"),
        (["bench", "apply", "--insert-fraction", "1.5"], "expected a fraction from 0 to 1"),
        (["bench", "apply", "--batches", "-1"], "expected an integer >= 0"),
        (["bench", "sssp", "--source", "-1"], "expected an integer >= 0"),
        (["bench", "sssp", "--locality-window", "0"], "expected an integer >= 1"),
        (["bench", "flow"], "invalid choice"),
    ],
)
def test_usage_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_a_source_past_the_graph_is_a_failure(capsys: pytest.CaptureFixture[str]) -> None:
    # A value the input does not allow fails (exit 1), as for dyng sssp compute; the
    # parser refuses only what no graph allows (a negative source, above).
    assert main(["bench", "sssp", "--source", "114599"]) == 1
    assert "--source 114599 is not a vertex" in capsys.readouterr().err


def test_json_location_is_checked_before_the_benchmark(
    road: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["bench", "sssp", str(road), "--sizes", "5", "--batches", "1"]
    assert main([*args, "--json", str(tmp_path / "nodir" / "x.json")]) == 1
    captured = capsys.readouterr()
    assert "cannot open for writing: No such file or directory" in captured.err
    assert captured.out == ""  # nothing ran
    assert main([*args, "--json", "-"]) == 2
    assert "name a file" in capsys.readouterr().err


def test_help_shows_examples(capsys: pytest.CaptureFixture[str]) -> None:
    for kind in ("sssp", "cycle_count", "apply"):
        assert main(["bench", kind, "--help"]) == 0
        assert f"dyng bench {kind}" in capsys.readouterr().out


def hop_distances(g: dyng.Graph, source: int) -> dict[int, int]:
    """Breadth-first hop counts from a vertex along out-edges (an oracle for the walks)."""
    rp, col, _ = g.to_csr()
    seen, frontier, d = {source: 0}, [source], 0
    while frontier:
        d += 1
        nxt = []
        for u in frontier:
            for v in col[rp[u] : rp[u + 1]].tolist():
                if v not in seen:
                    seen[v] = d
                    nxt.append(v)
        frontier = nxt
    return seen


@pytest.mark.parametrize("directed", [False, True])
def test_local_batches_join_nearby_vertices(directed: bool) -> None:
    if directed:
        g = dyng.generators.erdos_renyi(120, 360, seed=6, weights=(1, 9))
    else:
        g = dyng.generators.grid(9, 11, weights=(1, 9), seed=6)
    before = set(zip(*[a.tolist() for a in g.edges()[:2]], strict=True))
    for rep, (size, fraction, hops) in enumerate([(40, 0.5, 3), (25, 1.0, 2), (30, 0.2, 5)]):
        b = _cli_bench._local_batch(g, size, fraction, hops, seed=rep, batch_id=rep)
        n_ins = int(size * fraction + 0.5)
        assert (b.num_insertions, b.num_deletions, b.id) == (n_ins, size - n_ins, rep)
        ins = list(zip(b.insert_src.tolist(), b.insert_dst.tolist(), strict=True))
        dels = list(zip(b.delete_src.tolist(), b.delete_dst.tolist(), strict=True))
        assert ins == sorted(set(ins)) and len(set(dels)) == len(dels)
        assert set(dels) <= before and not set(ins) & before
        for u, v in ins:
            assert u != v and (directed or u < v)
            near = hop_distances(g, u)
            assert v in near and 2 <= near[v] <= hops, (u, v, near.get(v))
        w = b.insert_weights
        assert w is not None and w.shape == (n_ins, 1) and w.min() >= 1 and w.max() <= 100
        s = g.clone().apply(b)
        assert (s.inserted, s.deleted, s.ignored_deletions) == (n_ins, size - n_ins, 0)
    # The same seed, the same batch.
    x = _cli_bench._local_batch(g, 20, 0.5, 4, seed=9, batch_id=0)
    y = _cli_bench._local_batch(g, 20, 0.5, 4, seed=9, batch_id=0)
    assert x.insert_src.tolist() == y.insert_src.tolist()
    assert x.delete_dst.tolist() == y.delete_dst.tolist()


def test_local_batches_that_cannot_be_drawn_are_errors() -> None:
    path = dyng.Graph.from_edges([0, 1, 2], [1, 2, 3], [1, 1, 1], directed=False)
    with pytest.raises(dyng.InvalidArgumentError, match="found only 3 new pairs"):
        _cli_bench._local_batch(path, 5, 1.0, 3, seed=1, batch_id=0)
    with pytest.raises(dyng.InvalidArgumentError, match="only 3 edges"):
        _cli_bench._local_batch(path, 8, 0.5, 3, seed=1, batch_id=0)


def test_cli_local_hops(road: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "sssp", str(road), "--sizes", "6", "--batches", "3", "--local-hops", "3"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "insertions local (walks of 2 to 3 steps)" in text
    assert "3/3 updated trees identical" in text
    assert main([*args[:-1], "1"]) == 2
    assert "accepted: --local-hops 2 or more" in capsys.readouterr().err
    assert main([*args, "--locality-window", "20"]) == 2
    assert "without --locality-window" in capsys.readouterr().err
