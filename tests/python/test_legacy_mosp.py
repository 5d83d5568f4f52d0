"""``dyng.generators.legacy.mosp_changes``: MOSP-OpenMP's change generator.

Every golden batch of ``../shared/goldens/mosp`` (three graphs, seven settings: uniform,
targeted, reweight and increase modes, a ball of local hops, safe deletions) is made again
and written as the research code writes it: ``insert.txt``, ``delete.txt`` and the report
line must be the same bytes. The std::mt19937 underneath is checked against the standard's
own test value, and the rules the goldens do not reach are checked on small graphs with
oracles written here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import dyng
import dyng.io
from dyng.errors import InvalidArgumentError, NotSupportedError
from dyng.generators.legacy import MospChangesReport, mosp_changes, mosp_graph

SHARED = Path(__file__).resolve().parents[3] / "shared" / "goldens" / "mosp"
needs_goldens = pytest.mark.skipif(not SHARED.exists(), reason="../shared/goldens not found")

# The settings of goldens/mosp/README.md, by folder name.
SETTINGS: dict[str, dict[str, Any]] = {
    "n100_ins50_uniform_seed1": {"num_changes": 100, "insertion_percentage": 50, "seed": 1},
    "n1000_ins50_uniform_seed777": {"num_changes": 1000, "insertion_percentage": 50, "seed": 777},
    "n500_ins30_targeted_seed5": {
        "num_changes": 500,
        "insertion_percentage": 30,
        "mode": "targeted",
        "seed": 5,
    },
    "n200_reweight_seed9": {"num_changes": 200, "mode": "reweight", "seed": 9},
    "n200_increase_seed11": {"num_changes": 200, "mode": "increase", "seed": 11},
    "n300_ins50_uniform_seed3_local3": {
        "num_changes": 300,
        "insertion_percentage": 50,
        "seed": 3,
        "local_hops": 3,
    },
    "n300_ins50_uniform_seed4_safe": {
        "num_changes": 300,
        "insertion_percentage": 50,
        "seed": 4,
        "safe_deletions": True,
    },
}
GRAPHS = ["small60", "small60_w1to3", "luxembourg_osm"]


def _graph(name: str) -> dyng.Graph:
    return dyng.io.read_csr_triplet(SHARED / name / "csr" / "graphCsr")


@needs_goldens
@pytest.mark.parametrize("change", sorted(SETTINGS))
@pytest.mark.parametrize("name", GRAPHS)
def test_golden_batches_byte_for_byte(name: str, change: str, tmp_path: Path) -> None:
    g = _graph(name)
    batch, report = mosp_changes(g, **SETTINGS[change])
    golden = SHARED / name / "changes" / change
    dyng.io.write_change_files(tmp_path / "insert.txt", tmp_path / "delete.txt", batch)
    assert (tmp_path / "insert.txt").read_bytes() == (golden / "insert.txt").read_bytes()
    assert (tmp_path / "delete.txt").read_bytes() == (golden / "delete.txt").read_bytes()
    assert str(report) + "\n" == (golden / "report.txt").read_text()
    assert report.inserts + report.reweights == batch.num_insertions
    assert report.deletes == batch.num_deletions
    # The graph is left as it was.
    assert g.num_edges == _graph(name).num_edges and g.version == 0


def _mt19937(seed: int) -> Iterator[int]:
    """The standard's std::mt19937, written here in Python (an oracle)."""
    mt = [seed & 0xFFFFFFFF]
    for i in range(1, 624):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & 0xFFFFFFFF)
    index = 624
    while True:
        if index == 624:
            for k in range(624):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
                mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            index = 0
        y = mt[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        yield y


def test_the_python_engine_is_the_standards() -> None:
    # [rand.predef]: the 10000th output of a default-constructed mt19937.
    gen = _mt19937(5489)
    for _ in range(9999):
        next(gen)
    assert next(gen) == 4123659995


def _uniform(gen: Iterator[int], a: int, b: int) -> int:
    """libstdc++'s uniform_int_distribution(a, b) on a 32-bit engine (an oracle)."""
    r = b - a + 1
    p: int = next(gen) * r
    if p & 0xFFFFFFFF < r:
        threshold = (2**32 - r) % r
        while p & 0xFFFFFFFF < threshold:
            p = next(gen) * r
    return a + (p >> 32)


def _random_directed(rng: np.random.Generator, n: int, m: int, k: int) -> dyng.Graph:
    src = rng.integers(0, n, m)
    dst = rng.integers(0, n, m)
    w = rng.integers(1, 50, (m, k), dtype=np.int32)
    return dyng.Graph.from_edges(
        src, dst, w, num_vertices=n, properties=dyng.GraphProperties.mosp_compatible(k)
    )


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1])
def test_uniform_mode_against_an_oracle(seed: int) -> None:
    # Parallel edges and self-loops in the graph, rows in append order: the picks go
    # among the distinct pairs u != v in sorted order all the same.
    rng = np.random.default_rng(seed % 1000)
    g = _random_directed(rng, 30, 120, 2)
    src, dst, _ = g.edges()
    pairs = sorted({(int(u), int(v)) for u, v in zip(src, dst, strict=True) if u != v})
    batch, report = mosp_changes(g, num_changes=25, insertion_percentage=33, seed=seed)
    gen = _mt19937(seed)
    inserts = round(25 * 33 / 100)
    want_ins = []
    for _ in range(inserts):
        while True:
            u, v = _uniform(gen, 0, 29), _uniform(gen, 0, 29)
            if u != v:
                break
        want_ins.append((u, v))
    want_del = [pairs[_uniform(gen, 0, len(pairs) - 1)] for _ in range(25 - inserts)]
    want_w = [[_uniform(gen, 1, 100) for _ in range(2)] for _ in range(inserts)]
    assert list(zip(batch.insert_src.tolist(), batch.insert_dst.tolist(), strict=True)) == want_ins
    assert batch.insert_weights is not None and batch.insert_weights.tolist() == want_w
    assert list(zip(batch.delete_src.tolist(), batch.delete_dst.tolist(), strict=True)) == want_del
    assert (report.inserts, report.reweights, report.deletes) == (inserts, 0, 25 - inserts)


def test_rounding_is_half_away_from_zero() -> None:
    g = _random_directed(np.random.default_rng(1), 10, 40, 1)
    # 5 * 50% = 2.5 insertions: C++'s round gives 3 (Python's round would give 2).
    _, report = mosp_changes(g, num_changes=5, insertion_percentage=50)
    assert (report.inserts, report.deletes) == (3, 2)
    _, report = mosp_changes(g, num_changes=5, insertion_percentage=0)
    assert (report.inserts, report.deletes) == (0, 5)
    _, report = mosp_changes(g, num_changes=5, insertion_percentage=100)
    assert (report.inserts, report.deletes) == (5, 0)


def _ball(g: dyng.Graph, centre: int, hops: int) -> list[int]:
    """Breadth-first, out-neighbours ascending, then in-neighbours ascending."""
    src, dst, _ = g.edges()
    out: dict[int, set[int]] = {}
    inn: dict[int, set[int]] = {}
    for u, v in zip(src.tolist(), dst.tolist(), strict=True):
        out.setdefault(u, set()).add(v)
        inn.setdefault(v, set()).add(u)
    order, depth, queue = [centre], {centre: 0}, deque([centre])
    while queue:
        x = queue.popleft()
        if depth[x] == hops:
            continue
        for y in sorted(out.get(x, ())) + sorted(inn.get(x, ())):
            if y not in depth:
                depth[y] = depth[x] + 1
                order.append(y)
                queue.append(y)
    return order


@pytest.mark.parametrize("hops", [1, 2])
def test_local_hops_against_an_oracle(hops: int) -> None:
    g = _random_directed(np.random.default_rng(hops), 40, 70, 1)
    batch, report = mosp_changes(g, num_changes=20, seed=11, local_hops=hops)
    gen = _mt19937(11)
    centre = _uniform(gen, 0, 39)
    ball = _ball(g, centre, hops)
    assert (report.centre, report.region, report.local_hops) == (centre, len(ball), hops)
    inside = set(ball)
    for u, v in zip(batch.insert_src.tolist(), batch.insert_dst.tolist(), strict=True):
        assert u in inside and v in inside and u != v
    src, dst, _ = g.edges()
    edges = {(int(u), int(v)) for u, v in zip(src, dst, strict=True)}
    for u, v in zip(batch.delete_src.tolist(), batch.delete_dst.tolist(), strict=True):
        assert (u, v) in edges and u in inside and v in inside
    assert f"local centre={centre} hops={hops} region={len(ball)} vertices" in report.line


def _reached(n: int, arcs: list[tuple[int, int]], source: int) -> set[int]:
    adj: dict[int, list[int]] = {}
    for u, v in arcs:
        adj.setdefault(u, []).append(v)
    seen, stack = {source}, [source]
    while stack:
        for v in adj.get(stack.pop(), []):
            if v not in seen:
                seen.add(v)
                stack.append(v)
    return seen


def test_safe_deletions_against_an_oracle() -> None:
    # A path 0 -> 1 -> ... -> 9 with a few chords: deleting path edges cuts vertices off;
    # and a cycle 10 -> 11 -> 12 -> 10 that the source never reaches: deleting its edges
    # cuts nothing off.
    src = [*range(9), 0, 2, 5, 10, 11, 12]
    dst = [*range(1, 10), 3, 6, 8, 11, 12, 10]
    g = dyng.Graph.from_edges(src, dst, [[1]] * len(src), num_vertices=13, directed=True)
    plain, _ = mosp_changes(g, num_changes=16, insertion_percentage=25, seed=3)
    safe, report = mosp_changes(
        g, num_changes=16, insertion_percentage=25, seed=3, safe_deletions=True
    )
    # The same draws: the insertions are equal, the deletions a subsequence.
    assert plain.insert_src.tolist() == safe.insert_src.tolist()
    dels = list(zip(plain.delete_src.tolist(), plain.delete_dst.tolist(), strict=True))
    kept = list(zip(safe.delete_src.tolist(), safe.delete_dst.tolist(), strict=True))
    # The oracle's rounds.
    arcs = list(zip(src, dst, strict=True))
    added = list(zip(plain.insert_src.tolist(), plain.insert_dst.tolist(), strict=True))
    before = _reached(13, arcs, 0)
    want, rounds = list(dels), 0
    while True:
        rounds += 1
        left = list(arcs)
        for d in want:
            if d in left:
                left.remove(d)
        after = _reached(13, left + added, 0)
        nxt = [(u, v) for u, v in want if not (v in before and v not in after)]
        if len(nxt) == len(want):
            break
        want = nxt
    assert kept == want
    assert len(kept) < len(dels)  # some were dropped
    assert any(v not in before for _, v in kept)  # and one into the unreached cycle kept
    assert (report.safe_asked, report.safe_rounds, report.deletes) == (len(dels), rounds, len(kept))
    assert f"(safe: kept {len(kept)} of {len(dels)} after {rounds} rounds)" in str(report)


def test_report_line() -> None:
    r = MospChangesReport(3, 0, 2, local_hops=2, centre=7, region=5, safe_asked=4, safe_rounds=2)
    assert r.line == (
        "changes: inserts=3 reweights=0 deletes=2 local centre=7 hops=2 region=5 vertices "
        "(safe: kept 2 of 4 after 2 rounds)"
    )
    assert str(MospChangesReport(0, 9, 0)) == "changes: inserts=0 reweights=9 deletes=0"


def test_bad_arguments() -> None:
    g = _random_directed(np.random.default_rng(2), 10, 30, 1)
    with pytest.raises(InvalidArgumentError, match="undirected"):
        mosp_changes(dyng.Graph.from_edges([0], [1], [[1]], directed=False), num_changes=1)
    with pytest.raises(InvalidArgumentError, match="weights"):
        mosp_changes(dyng.Graph.from_edges([0], [1], directed=True), num_changes=1)
    with pytest.raises(InvalidArgumentError, match="num_changes"):
        mosp_changes(g, num_changes=-1)
    with pytest.raises(InvalidArgumentError, match="insertion_percentage"):
        mosp_changes(g, num_changes=1, insertion_percentage=101)
    with pytest.raises(InvalidArgumentError, match="insertion_percentage"):
        mosp_changes(g, num_changes=1, insertion_percentage=float("nan"))
    with pytest.raises(InvalidArgumentError, match="mode"):
        mosp_changes(g, num_changes=1, mode="random")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="weight_max"):
        mosp_changes(g, num_changes=1, weight_min=5, weight_max=4)
    with pytest.raises(InvalidArgumentError, match="seed"):
        mosp_changes(g, num_changes=1, seed=2**32)
    with pytest.raises(InvalidArgumentError, match="source"):
        mosp_changes(g, num_changes=1, source=10)
    with pytest.raises(NotSupportedError, match="mode uniform only"):
        mosp_changes(g, num_changes=1, mode="targeted", local_hops=2)
    with pytest.raises(NotSupportedError, match="safe_deletions"):
        mosp_changes(g, num_changes=1, mode="reweight", safe_deletions=True)
    lonely = dyng.Graph.from_edges([0], [0], [[1]], num_vertices=1, directed=True)
    with pytest.raises(InvalidArgumentError, match="two vertices"):
        mosp_changes(lonely, num_changes=2, insertion_percentage=100)
    with pytest.raises(InvalidArgumentError, match="no edges"):
        mosp_changes(lonely, num_changes=2, insertion_percentage=0)


def test_targeted_and_increase_on_a_small_graph() -> None:
    # Two objectives whose trees differ: the distinct tree edges of both.
    src = [0, 0, 1, 2, 1, 3]
    dst = [1, 2, 3, 3, 2, 4]
    w = [[1, 9], [5, 1], [1, 9], [9, 1], [1, 9], [1, 1]]
    g = dyng.Graph.from_edges(src, dst, w, num_vertices=5, directed=True)
    trees = [dyng.sssp.compute(g, 0, objective=k).parents.to_numpy().tolist() for k in range(2)]
    tree_edges = {(p[v], v) for p in trees for v in range(5) if p[v] >= 0}
    batch, report = mosp_changes(g, num_changes=100, mode="increase", seed=4)
    got = list(zip(batch.insert_src.tolist(), batch.insert_dst.tolist(), strict=True))
    assert set(got) == tree_edges and len(got) == len(tree_edges) == report.reweights
    old = {(u, v): w[i] for i, (u, v) in enumerate(zip(src, dst, strict=True))}
    assert batch.insert_weights is not None
    for (u, v), new in zip(got, batch.insert_weights.tolist(), strict=True):
        assert all(old[(u, v)][k] + 1 <= new[k] <= old[(u, v)][k] + 100 for k in range(2))
    batch, report = mosp_changes(
        g, num_changes=10, mode="targeted", insertion_percentage=50, seed=4
    )
    dels = set(zip(batch.delete_src.tolist(), batch.delete_dst.tolist(), strict=True))
    assert dels <= tree_edges and report.deletes == len(dels) == min(5, len(tree_edges))
    means = np.array(w).mean(axis=0)
    assert batch.insert_weights is not None
    for row in batch.insert_weights.tolist():
        assert all(1 <= row[k] <= max(1, int(means[k]) - 1) for k in range(2))


# ---- dyng generate mosp-changes ---------------------------------------------------------


@needs_goldens
@pytest.mark.parametrize(
    ("change", "flags"),
    [
        ("n500_ins30_targeted_seed5", ["--mode", "targeted", "--insertion-percentage", "30"]),
        ("n300_ins50_uniform_seed4_safe", ["--safe-deletions"]),
        ("n300_ins50_uniform_seed3_local3", ["--local-hops", "3"]),
    ],
)
def test_cli_writes_the_research_codes_three_files(
    change: str, flags: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dyng.__main__ import main

    s = SETTINGS[change]
    out = tmp_path / "changes"
    argv = ["generate", "mosp-changes", str(SHARED / "small60" / "csr" / "graphCsr"), str(out)]
    argv += ["--num-changes", str(s["num_changes"]), "--seed", str(s["seed"]), *flags]
    assert main(argv) == 0
    golden = SHARED / "small60" / "changes" / change
    for name in ("insert.txt", "delete.txt", "report.txt"):
        assert (out / name).read_bytes() == (golden / name).read_bytes(), name
    assert "mosp-changes ->" in capsys.readouterr().err


def test_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from dyng.__main__ import main

    path = tmp_path / "g.txt"
    path.write_text("0 1 5\n1 2 6\n2 0 7\n")
    out = str(tmp_path / "out")
    assert main(["generate", "mosp-changes", str(path), out, "--num-changes", "2"]) == 0
    assert (tmp_path / "out" / "report.txt").read_text() == (
        "changes: inserts=1 reweights=0 deletes=1\n"
    )
    # Undirected, an unsupported combination, a usage error.
    assert (
        main(["generate", "mosp-changes", str(path), out, "--num-changes", "2", "--undirected"])
        == 1
    )
    assert "directed graphs" in capsys.readouterr().err
    argv = ["generate", "mosp-changes", str(path), out, "--num-changes", "2"]
    assert main([*argv, "--mode", "reweight", "--safe-deletions"]) == 1
    assert "mode uniform only" in capsys.readouterr().err
    # --num-changes is required: a usage error.
    assert main(["generate", "mosp-changes", str(path), out]) == 2
    assert "--num-changes" in capsys.readouterr().err


# ---- legacy.mosp_graph: the research code's converter ----------------------------------


def _text(path: Path) -> str:
    import gzip

    gz = Path(str(path) + ".gz")
    return gzip.open(gz, "rt").read() if gz.exists() else path.read_text()


@needs_goldens
@pytest.mark.parametrize(
    ("name", "mtx", "weight_range"),
    [
        ("small60", "goldens/mosp/small60/small60.mtx", (1, 100)),
        ("small60_w1to3", "goldens/mosp/small60/small60.mtx", (1, 3)),
        ("luxembourg_osm", "data/luxembourg_osm.mtx.gz", (1, 100)),
    ],
)
def test_mosp_graph_is_the_converters_byte_for_byte(
    name: str, mtx: str, weight_range: tuple[int, int], tmp_path: Path
) -> None:
    g = mosp_graph(SHARED.parents[1] / mtx, weight_range=weight_range)
    dyng.io.write_csr_triplet(tmp_path / "graphCsr", g)
    for part in ("RowPtr", "ColInd", "Values"):
        got = (tmp_path / f"graphCsr{part}.txt").read_text()
        assert got == _text(SHARED / name / "csr" / f"graphCsr{part}.txt"), part
    assert g.properties.order == "append" and g.directed and g.num_weights == 3


def test_mosp_graph_against_an_oracle(tmp_path: Path) -> None:
    # A symmetric file with a self-loop and a duplicate entry, 2 weights in 5..9, seed 77.
    path = tmp_path / "s.mtx"
    path.write_text(
        "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 5\n2 1\n3 1\n3 3\n4 2\n2 1\n"
    )
    g = mosp_graph(path, num_weights=2, weight_range=(5, 9), seed=77)
    pairs = sorted({(0, 1), (1, 0), (0, 2), (2, 0), (1, 3), (3, 1)})
    row_ptr, col, w = g.to_csr()
    assert [(u, v) for u in range(4) for v in col[row_ptr[u] : row_ptr[u + 1]].tolist()] == pairs
    gen = _mt19937(77)
    assert w is not None
    assert w.tolist() == [[_uniform(gen, 5, 9), _uniform(gen, 5, 9)] for _ in pairs]


def test_mosp_graph_pairs_past_three_billion_vertices() -> None:
    # The converter's pairs, with ids near 2**32: keys u * n + v would pass int64 here.
    from dyng.generators.legacy import _distinct_pairs

    top = 4_000_000_000
    src = np.array([top, 5, top, top - 1, 5, top, 7], dtype=np.int64)
    dst = np.array([top - 1, top, top - 1, top, 5, 3, top], dtype=np.int64)
    row, col = _distinct_pairs(src, dst)
    want = sorted({(u, v) for u, v in zip(src.tolist(), dst.tolist(), strict=True) if u != v})
    assert list(zip(row.tolist(), col.tolist(), strict=True)) == want


def test_mosp_graph_bad_arguments(tmp_path: Path) -> None:
    path = tmp_path / "g.mtx"
    path.write_text("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n")
    with pytest.raises(InvalidArgumentError, match="num_weights"):
        mosp_graph(path, num_weights=0)
    with pytest.raises(InvalidArgumentError, match="high"):
        mosp_graph(path, weight_range=(5, 4))
    with pytest.raises(InvalidArgumentError, match="low"):
        mosp_graph(path, weight_range=(0, 4))
    with pytest.raises(InvalidArgumentError, match="weight_range"):
        mosp_graph(path, weight_range=[1, 4])  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="seed"):
        mosp_graph(path, seed=-1)
    with pytest.raises(dyng.errors.FileFormatError):
        mosp_graph(tmp_path / "absent.mtx")


@needs_goldens
def test_cli_mosp_graph_writes_the_converters_triplet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dyng.__main__ import main

    mtx = str(SHARED / "small60" / "small60.mtx")
    prefix = str(tmp_path / "graphCsr")
    assert main(["generate", "mosp-graph", mtx, prefix, "--weights", "1", "3"]) == 0
    for part in ("RowPtr", "ColInd", "Values"):
        got = (tmp_path / f"graphCsr{part}.txt").read_text()
        assert got == _text(SHARED / "small60_w1to3" / "csr" / f"graphCsr{part}.txt"), part
    assert "mosp-graph ->" in capsys.readouterr().err
    # A bad range fails (exit 1); a missing prefix is a usage error (exit 2).
    assert main(["generate", "mosp-graph", mtx, prefix, "--weights", "3", "1"]) == 1
    assert "high" in capsys.readouterr().err
    assert main(["generate", "mosp-graph", mtx]) == 2
