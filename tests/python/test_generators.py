"""dyng.generators.legacy.cycle_enum_batch against the research code and a second model.

The oracles: CycleEnumeration-GPU's own batches (../shared/goldens/cycle_enum_batch, every file,
byte for byte as "- u v" / "+ u v" text), and ``stdrng_model`` (a pure-Python rendering of
libstdc++'s streams and of the generator) on random graphs, seeds and windows.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dyng
import stdrng_model
from dyng.generators.legacy import cycle_enum_batch

SHARED = Path(__file__).resolve().parents[3] / "shared"
BATCHES = SHARED / "goldens" / "cycle_enum_batch"
PGP = SHARED / "data" / "pgp-strong-2009.mtx.gz"
GOLDEN = re.compile(r"batch_(.+)_d(\d+)_i(\d+)_s(\d+)(?:_w(\d+))?\.txt")


def text(b: dyng.EdgeBatch) -> str:
    """A batch as the goldens write it."""
    lines = [
        f"- {u} {v}\n" for u, v in zip(b.delete_src.tolist(), b.delete_dst.tolist(), strict=True)
    ]
    lines += [
        f"+ {u} {v}\n" for u, v in zip(b.insert_src.tolist(), b.insert_dst.tolist(), strict=True)
    ]
    return "".join(lines)


def pairs_graph(path: Path, **kw: Any) -> dyng.Graph:
    src, dst = np.loadtxt(path, dtype=np.int32, comments="#", unpack=True)
    return dyng.Graph.from_edges(src, dst, **kw)


def golden_cases() -> list[Any]:
    if not BATCHES.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared/goldens not found"))]
    return sorted(p.name for p in BATCHES.glob("batch_*.txt"))


_graphs: dict[str, dyng.Graph] = {}


def graph_named(name: str) -> dyng.Graph:
    if name not in _graphs:
        if name == "pgp-strong-2009":
            _graphs[name] = dyng.io.read_matrix_market(PGP, directed=True)
        else:
            _graphs[name] = pairs_graph(BATCHES / f"graph_{name}.txt")
    return _graphs[name]


@pytest.mark.parametrize("golden", golden_cases())
def test_goldens_byte_for_byte(golden: str) -> None:
    m = GOLDEN.fullmatch(golden)
    assert m is not None
    name, d, i, seed, w = m.groups()
    g = graph_named(name)
    b = cycle_enum_batch(
        g,
        num_deletions=int(d),
        num_insertions=int(i),
        seed=int(seed),
        locality_window=None if w is None else int(w),
    )
    assert text(b) == (BATCHES / golden).read_text()
    assert b.insert_src.dtype == g.vertex_dtype and b.num_weights == 0
    # The batch applies as the research code applies it: every deletion deletes, every
    # insertion inserts.
    c = g.clone()
    s = c.apply(b)
    assert (s.deleted, s.inserted) == (int(d), int(i))


@pytest.mark.skipif(not BATCHES.exists(), reason="../shared/goldens not found")
def test_graph_types_and_row_order_do_not_matter() -> None:
    path = BATCHES / "graph_medium.txt"
    want = (BATCHES / "batch_medium_d300_i300_s99_w200.txt").read_text()
    for kw in (
        {"row_order": "append"},
        {"vertex_dtype": "int64"},
        {"store_transposed": False},
        {"multi_edges": "allow"},
    ):
        g = pairs_graph(path, **kw) if "vertex_dtype" not in kw else None
        if g is None:  # int64 ids need a weight column
            src, dst = np.loadtxt(path, dtype=np.int64, comments="#", unpack=True)
            g = dyng.Graph.from_edges(src, dst, np.ones(len(src), dtype=np.int32))
        b = cycle_enum_batch(g, num_deletions=300, num_insertions=300, seed=99, locality_window=200)
        assert text(b) == want, kw


@st.composite
def cases(draw: Any) -> tuple[int, list[tuple[int, int]], int, int, int, int | None]:
    n = draw(st.integers(0, 30))
    edges = (
        draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=80))
        if n
        else []
    )
    d = draw(st.integers(0, 20))
    i = draw(st.integers(0, 20))
    seed = draw(st.one_of(st.integers(0, 2**64 - 1), st.integers(0, 5)))
    window = draw(st.one_of(st.none(), st.integers(2, 40)))
    return n, edges, d, i, seed, window


@settings(max_examples=300, deadline=None)
@given(cases())
def test_agrees_with_the_model(case: Any) -> None:
    n, edges, d, i, seed, window = case
    src = np.array([u for u, _ in edges], dtype=np.int32)
    dst = np.array([v for _, v in edges], dtype=np.int32)
    g = dyng.Graph.from_edges(src, dst, num_vertices=n)
    try:
        want = stdrng_model.cycle_enum_batch(n, edges, d, i, seed, window)
    except ValueError:
        with pytest.raises(dyng.InvalidArgumentError):
            cycle_enum_batch(
                g, num_deletions=d, num_insertions=i, seed=seed, locality_window=window
            )
        return
    b = cycle_enum_batch(g, num_deletions=d, num_insertions=i, seed=seed, locality_window=window)
    dels = list(zip(b.delete_src.tolist(), b.delete_dst.tolist(), strict=True))
    ins = list(zip(b.insert_src.tolist(), b.insert_dst.tolist(), strict=True))
    assert (dels, ins) == want
    # What the batch is, independently of any stream: deletions are existing edges, insertions
    # new pairs without self-loops, all sorted, distinct and inside one window of the width.
    existing = set(edges)
    assert set(dels) <= existing and not set(ins) & existing
    assert all(u != v for u, v in ins)
    assert dels == sorted(set(dels)) and ins == sorted(set(ins))
    if window is not None and window < n and dels + ins:
        ends = [x for e in dels + ins for x in e]
        assert max(ends) - min(ends) < window
    # The same seed gives the same batch; the graph is unchanged.
    again = cycle_enum_batch(
        g, num_deletions=d, num_insertions=i, seed=seed, locality_window=window
    )
    assert again == b and g.version == 0


def test_errors() -> None:
    g = dyng.Graph.from_edges([0, 1, 2], [1, 2, 0])
    call = cycle_enum_batch
    with pytest.raises(dyng.InvalidArgumentError, match="only 3 edges lie in the graph"):
        call(g, num_deletions=4, num_insertions=0, seed=1)
    with pytest.raises(dyng.InvalidArgumentError, match="gave up"):
        call(g, num_deletions=0, num_insertions=4, seed=1)
    with pytest.raises(dyng.InvalidArgumentError, match="num_deletions is -1"):
        call(g, num_deletions=-1, num_insertions=0, seed=1)
    with pytest.raises(dyng.InvalidArgumentError, match="seed is 18446744073709551616"):
        call(g, num_deletions=0, num_insertions=0, seed=2**64)
    with pytest.raises(dyng.InvalidArgumentError, match="seed is -1"):
        call(g, num_deletions=0, num_insertions=0, seed=-1)
    with pytest.raises(dyng.InvalidArgumentError, match="locality_window is 1"):
        call(g, num_deletions=0, num_insertions=0, seed=1, locality_window=1)
    with pytest.raises(dyng.InvalidArgumentError, match="expected an integer, got float"):
        call(g, num_deletions=1.0, num_insertions=0, seed=1)  # type: ignore[arg-type]
    with pytest.raises(dyng.InvalidArgumentError, match="got bool"):
        call(g, num_deletions=True, num_insertions=0, seed=1)
    with pytest.raises(dyng.InvalidArgumentError, match=r"expected a dyng\.Graph"):
        call("g", num_deletions=0, num_insertions=0, seed=1)  # type: ignore[arg-type]
    u = dyng.Graph.from_edges([0, 1], [1, 2], directed=False)
    with pytest.raises(dyng.InvalidArgumentError, match="undirected"):
        call(u, num_deletions=0, num_insertions=1, seed=1)
    one = dyng.Graph.from_edges([], [], num_vertices=1)
    with pytest.raises(dyng.InvalidArgumentError, match="at least 2 vertices"):
        call(one, num_deletions=0, num_insertions=1, seed=1)
    empty = call(one, num_deletions=0, num_insertions=0, seed=1)
    assert len(empty) == 0
    # numpy integers are integers
    b = call(g, num_deletions=np.int64(1), num_insertions=np.uint8(2), seed=np.uint64(2**64 - 1))
    assert (b.num_deletions, b.num_insertions) == (1, 2)
