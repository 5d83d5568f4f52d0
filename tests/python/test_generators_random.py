"""dyng.generators: R-MAT, Erdos-Renyi, grids, weights, random batches, and ``dyng generate``.

The oracles: a pure-Python model of the documented random stream (SplitMix64 over
(seed, stream, index), Lemire's rejection), which the weights must equal value for value;
brute-force properties (exact lattices, exactly m distinct pairs, deletions that exist and
insertions that are new, applied with the expected ApplySummary); the same bytes on 1 and 2
threads; and files written by the command line read back.
"""

from __future__ import annotations

import argparse
import doctest
import math
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dyng
from dyng import _cli_generate
from dyng.errors import CapacityError, InvalidArgumentError
from dyng.generators import (
    erdos_renyi,
    erdos_renyi_edges,
    grid,
    grid_edges,
    random_batch,
    random_weights,
    rmat,
    rmat_edges,
)

M64 = 2**64 - 1
GAMMA = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def word(seed: int, stream: int, i: int) -> int:
    key = mix((mix(seed) + stream * 0xD1B54A32D192ED03) & M64)
    return mix((key + (i + 1) * GAMMA) & M64)


def model_weight(seed: int, i: int, low: int, high: int) -> int:
    """Item i of stream 4 as the header describes it."""
    r = high - low + 1
    x = word(seed, 4, i)
    if r == 2**32:
        return low + (x >> 32)
    threshold = (2**32 - r) % r
    while True:
        for c in (x >> 32, x & 0xFFFFFFFF):
            p = c * r
            if p & 0xFFFFFFFF >= threshold:
                return low + (p >> 32)
        x = mix((x + GAMMA) & M64)


def model_below64(seed: int, stream: int, i: int, r: int) -> int:
    """An unbiased draw in 0..r-1 from whole words, as the header describes it."""
    x = word(seed, stream, i)
    threshold = (2**64 - r) % r
    while True:
        p = x * r
        if p & M64 >= threshold:
            return p >> 64
        x = mix((x + GAMMA) & M64)


def pairs(src: npt.NDArray[np.integer], dst: npt.NDArray[np.integer]) -> list[tuple[int, int]]:
    return list(zip(src.tolist(), dst.tolist(), strict=True))


def threads(n: int) -> dyng.Resources:
    from dyng._backend import native

    if native.openmp_available():
        return dyng.Resources("openmp", n)
    return dyng.Resources("sequential")


# -- weights ----------------------------------------------------------------------


@given(
    m=st.integers(0, 40),
    k=st.integers(0, 4),
    low=st.integers(-(2**31), 2**31 - 1),
    span=st.integers(0, 2**32 - 1),
    seed=st.integers(0, M64),
)
def test_random_weights_follow_the_documented_stream(
    m: int, k: int, low: int, span: int, seed: int
) -> None:
    high = min(low + span, 2**31 - 1)
    w = random_weights(m, num_weights=k, low=low, high=high, seed=seed)
    assert w.shape == (m, k) and w.dtype == np.int32
    want = [model_weight(seed, i, low, high) for i in range(m * k)]
    assert w.reshape(-1).tolist() == want


def test_random_weights_threads_and_range() -> None:
    a = random_weights(10_000, num_weights=3, low=5, high=9, seed=1, resources=threads(1))
    b = random_weights(10_000, num_weights=3, low=5, high=9, seed=1, resources=threads(2))
    assert np.array_equal(a, b)
    assert set(np.unique(a).tolist()) == {5, 6, 7, 8, 9}
    c = random_weights(10_000, num_weights=3, low=5, high=9, seed=2)
    assert not np.array_equal(a, c)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"num_edges": -1}, "num_edges is -1"),
        ({"num_edges": 1.5}, "expected an integer"),
        ({"num_edges": True}, "got bool"),
        ({"num_edges": 3, "num_weights": 65}, "num_weights is 65"),
        ({"num_edges": 3, "low": 5, "high": 4}, "low <= high"),
        ({"num_edges": 3, "low": 2**31}, r"accepted: -2147483648 to 2147483647"),
        ({"num_edges": 3, "seed": -1}, "seed is -1"),
    ],
)
def test_random_weights_errors(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        random_weights(**kwargs)  # type: ignore[arg-type]


# -- R-MAT ----------------------------------------------------------------------


@settings(max_examples=30)
@given(
    scale=st.integers(1, 9),
    ef=st.integers(1, 6),
    seed=st.integers(0, M64),
    directed=st.booleans(),
    loops=st.sampled_from(["keep", "drop"]),
    dups=st.sampled_from(["keep", "drop"]),
    k=st.integers(0, 2),
)
def test_rmat_policies_and_threads(
    scale: int, ef: int, seed: int, directed: bool, loops: str, dups: str, k: int
) -> None:
    kw: dict[str, object] = {
        "seed": seed,
        "directed": directed,
        "self_loops": loops,
        "duplicates": dups,
        "weights": (1, 9) if k else None,
        "num_weights": max(k, 1),
    }
    s1, d1, w1 = rmat_edges(scale, ef, resources=threads(1), **kw)  # type: ignore[arg-type]
    s2, d2, w2 = rmat_edges(scale, ef, resources=threads(2), **kw)  # type: ignore[arg-type]
    assert np.array_equal(s1, s2) and np.array_equal(d1, d2)
    assert (w1 is None) == (k == 0) == (w2 is None)
    if w1 is not None and w2 is not None:
        assert np.array_equal(w1, w2)
    n, m = 2**scale, ef * 2**scale
    assert s1.dtype == np.int32
    assert ((s1 >= 0) & (s1 < n) & (d1 >= 0) & (d1 < n)).all()
    if loops == "drop":
        assert (s1 != d1).all()
    if not directed:
        assert (s1 <= d1).all()
    p = pairs(s1, d1)
    if dups == "drop":
        assert p == sorted(set(p))
    elif loops == "keep":
        assert len(p) == m
    # The graph holds the same edges.
    g = rmat(scale, ef, **kw)  # type: ignore[arg-type]
    assert g.num_vertices == n and g.directed == directed
    gs, gd, gw = g.edges()
    order = sorted(range(len(p)), key=lambda i: p[i])
    if dups == "drop":
        assert pairs(gs, gd) == p
        assert (gw is None) == (w1 is None)
        if gw is not None and w1 is not None:
            assert np.array_equal(gw, w1)
    else:
        assert sorted(pairs(gs, gd)) == [p[i] for i in order]


def alias_table(k: int, q: tuple[float, float, float, float]) -> list[tuple[int, int]]:
    """The documented alias table of k levels: (threshold, alias) per column."""
    count, unit = 4**k, 2**20
    mass = []
    for idx in range(count):
        p = 1.0
        for level in range(k):
            ub = (idx >> (2 * k - 1 - level)) & 1
            vb = (idx >> (k - 1 - level)) & 1
            p *= q[ub * 2 + vb]
        mass.append(int(math.ldexp(p, 2 * k + 20)))
    top = max(range(count), key=lambda i: (mass[i], -i))
    mass[top] += count * unit - sum(mass)
    table = [(0, i) for i in range(count)]
    small = [i for i in range(count) if mass[i] < unit]
    large = [i for i in range(count) if mass[i] >= unit]
    while small and large:
        sm, lg = small.pop(), large.pop()
        table[sm] = (mass[sm], lg)
        mass[lg] -= unit - mass[sm]
        (small if mass[lg] < unit else large).append(lg)
    return table


def rmat_model(
    scale: int, ef: int, a: float, b: float, c: float, seed: int
) -> list[tuple[int, int]]:
    """R-MAT as include/dyng/generators.h describes it (directed, every edge kept)."""
    q = (a, b, c, max(1.0 - a - b - c, 0.0))
    groups = -(-scale // 6)
    sizes = [scale - 6 * (groups - 1)] + [6] * (groups - 1)
    tables = {k: alias_table(k, q) for k in set(sizes)}
    words = -(-groups // 2)
    out = []
    for i in range(ef << scale):
        u = v = 0
        for g, k in enumerate(sizes):
            x = word(seed, 1, i * words + g // 2)
            h = x >> 32 if g % 2 == 0 else x & 0xFFFFFFFF
            idx = h >> (32 - 2 * k)
            threshold, alias = tables[k][idx]
            code = idx if (h & (2**20 - 1)) < threshold else alias
            u = (u << k) | (code >> k)
            v = (v << k) | (code & ((1 << k) - 1))
        out.append((u, v))
    return out


@pytest.mark.parametrize(
    ("scale", "ef", "abc", "seed"),
    [
        (1, 8, (0.57, 0.19, 0.19), 0),
        (5, 4, (0.25, 0.25, 0.25), 1),
        (6, 2, (0.45, 0.15, 0.3), 2**64 - 1),
        (7, 2, (0.57, 0.19, 0.19), 3),
        (13, 1, (0.6, 0.2, 0.1), 4),
        (14, 1, (0.9, 0.05, 0.05), 5),
    ],
)
def test_rmat_is_the_documented_algorithm(
    scale: int, ef: int, abc: tuple[float, float, float], seed: int
) -> None:
    s, d, _ = rmat_edges(
        scale, ef, a=abc[0], b=abc[1], c=abc[2], seed=seed, self_loops="keep", duplicates="keep"
    )
    assert pairs(s, d) == rmat_model(scale, ef, *abc, seed)


def test_rmat_seeds_and_skew() -> None:
    a = rmat_edges(12, 8, seed=1)
    b = rmat_edges(12, 8, seed=1)
    c = rmat_edges(12, 8, seed=2)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    assert len(a[0]) != len(c[0]) or not np.array_equal(a[0], c[0])
    # The quadrant of the top level: a, b, c, d within 5 standard deviations.
    s, d, _ = rmat_edges(12, 16, seed=3, self_loops="keep", duplicates="keep")
    top_s, top_d = s >> 11, d >> 11
    m = len(s)
    for q, p in zip(range(4), (0.57, 0.19, 0.19, 0.05), strict=True):
        f = float(np.mean((top_s * 2 + top_d) == q))
        assert abs(f - p) < 5 * (p * (1 - p) / m) ** 0.5
    deg = np.bincount(s, minlength=4096)
    assert int(np.argmax(deg)) == 0


def test_rmat_undirected_graph_and_weights_match_random_weights() -> None:
    g = rmat(8, 4, seed=5, directed=False, weights=(10, 20), num_weights=2)
    s, d, w = g.edges()
    assert not g.directed and (s <= d).all() and w is not None
    s2, d2, w2 = rmat_edges(8, 4, seed=5, directed=False, weights=(10, 20), num_weights=2)
    assert pairs(s, d) == pairs(s2, d2)
    assert w2 is not None and np.array_equal(w, w2)
    assert np.array_equal(w2, random_weights(len(s2), num_weights=2, low=10, high=20, seed=5))


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        ((0,), {}, InvalidArgumentError, "scale is 0"),
        ((63,), {}, InvalidArgumentError, "scale is 63"),
        ((4, 0), {}, InvalidArgumentError, "edge_factor is 0"),
        ((4,), {"a": 1.2}, InvalidArgumentError, "a is 1.2"),
        ((4,), {"b": float("nan")}, InvalidArgumentError, "b is nan"),
        ((4,), {"c": "0.2"}, InvalidArgumentError, "expected a number"),
        ((4,), {"a": 0.5, "b": 0.3, "c": 0.3}, InvalidArgumentError, r"a \+ b \+ c"),
        ((4,), {"self_loops": "forbid"}, InvalidArgumentError, "'keep', 'drop'"),
        ((4,), {"duplicates": None}, InvalidArgumentError, "'keep', 'drop'"),
        ((4,), {"directed": 1}, InvalidArgumentError, "True or False"),
        ((4,), {"weights": (5, 1)}, InvalidArgumentError, "low <= high"),
        ((4,), {"weights": 5}, InvalidArgumentError, "pair"),
        ((4,), {"weights": (1, 2), "num_weights": 0}, InvalidArgumentError, "num_weights is 0"),
        ((4,), {"vertex_dtype": "float64"}, InvalidArgumentError, "vertex_dtype"),
        ((4,), {"seed": 2**64}, InvalidArgumentError, "seed is"),
        ((40,), {"vertex_dtype": "int32", "duplicates": "keep"}, CapacityError, "int32"),
        ((33,), {}, CapacityError, "scale must be at most 32"),
        ((62, 2), {"duplicates": "keep"}, CapacityError, "int64"),
        # an edge count given as the edge factor: 2^42 edges, past any memory
        ((20, 2**22), {}, CapacityError, "edges take .* TB, more than this"),
    ],
)
def test_rmat_errors(
    args: tuple[int, ...], kwargs: dict[str, object], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        rmat_edges(*args, **kwargs)  # type: ignore[arg-type]


def test_rmat_int64_ids() -> None:
    s, d, w = rmat_edges(5, 2, vertex_dtype="int64", weights=(1, 2))
    assert s.dtype == np.int64 and d.dtype == np.int64 and w is not None
    g = rmat(5, 2, vertex_dtype="int64", weights=(1, 2))
    assert g.vertex_dtype == np.int64


# -- Erdos-Renyi ----------------------------------------------------------------------


@settings(max_examples=60)
@given(data=st.data(), n=st.integers(0, 30), directed=st.booleans(), seed=st.integers(0, M64))
def test_erdos_renyi_exact_distinct_pairs(
    data: st.DataObject, n: int, directed: bool, seed: int
) -> None:
    total = n * (n - 1) if directed else n * (n - 1) // 2
    m = data.draw(st.integers(0, total))
    s1, d1, w1 = erdos_renyi_edges(n, m, seed=seed, directed=directed, resources=threads(1))
    s2, d2, _ = erdos_renyi_edges(n, m, seed=seed, directed=directed, resources=threads(2))
    assert np.array_equal(s1, s2) and np.array_equal(d1, d2) and w1 is None
    p = pairs(s1, d1)
    assert len(p) == m and p == sorted(set(p))
    assert all(u != v and 0 <= u < n and 0 <= v < n for u, v in p)
    if not directed:
        assert all(u < v for u, v in p)
    g = erdos_renyi(n, m, seed=seed, directed=directed, weights=(3, 4))
    assert g.num_vertices == n and g.num_edges == m and g.num_weights == 1
    gs, gd, gw = g.edges()
    assert pairs(gs, gd) == p
    assert gw is not None and set(gw.reshape(-1).tolist()) <= {3, 4}


def test_erdos_renyi_is_uniform() -> None:
    counts: dict[tuple[int, int], int] = {}
    for seed in range(2000):
        s, d, _ = erdos_renyi_edges(5, 2, seed=seed, directed=False)
        for p in pairs(s, d):
            counts[p] = counts.get(p, 0) + 1
    assert len(counts) == 10
    assert all(abs(c - 400) < 80 for c in counts.values())


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        ((-1, 0), {}, InvalidArgumentError, "n is -1"),
        ((10, 91), {}, InvalidArgumentError, "m is 91; accepted: 0 to 90"),
        ((10, 46), {"directed": False}, InvalidArgumentError, "accepted: 0 to 45"),
        ((2**32 + 1, 1), {}, InvalidArgumentError, "n is"),
        ((2**32, 1), {"vertex_dtype": "int32"}, CapacityError, "int32"),
        ((10, 5), {"weights": (1, 2**31)}, InvalidArgumentError, "weights"),
    ],
)
def test_erdos_renyi_errors(
    args: tuple[int, ...], kwargs: dict[str, object], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        erdos_renyi_edges(*args, **kwargs)  # type: ignore[arg-type]


# -- grids ------------------------------------------------------------------------------


def lattice(rows: int, cols: int) -> list[tuple[int, int]]:
    out = []
    for r in range(rows):
        for c in range(cols):
            v = r * cols + c
            if c + 1 < cols:
                out.append((v, v + 1))
            if r + 1 < rows:
                out.append((v, v + cols))
    return out


@settings(max_examples=40)
@given(
    rows=st.integers(1, 12),
    cols=st.integers(1, 12),
    k=st.integers(1, 3),
    seed=st.integers(0, M64),
    keep=st.floats(0, 1),
)
def test_grid_is_the_lattice(rows: int, cols: int, k: int, seed: int, keep: float) -> None:
    s, d, w = grid_edges(rows, cols, num_weights=k, weights=(2, 7), seed=seed)
    assert pairs(s, d) == lattice(rows, cols)
    assert w is not None and w.shape == (len(s), k) and ((w >= 2) & (w <= 7)).all()
    g = grid(rows, cols, num_weights=k, weights=(2, 7), seed=seed)
    assert not g.directed and g.num_vertices == rows * cols and g.num_edges == len(s)
    # Thinned: a subsequence of the lattice, the same on 1 and 2 threads.
    s1, d1, _ = grid_edges(rows, cols, keep_probability=keep, seed=seed, resources=threads(1))
    s2, d2, _ = grid_edges(rows, cols, keep_probability=keep, seed=seed, resources=threads(2))
    assert np.array_equal(s1, s2) and np.array_equal(d1, d2)
    kept = pairs(s1, d1)
    full = lattice(rows, cols)
    it = iter(full)
    assert all(p in it for p in kept)  # in order
    if keep == 1.0:
        assert kept == full
    if keep == 0.0:
        assert kept == []


def test_grid_unweighted_and_errors() -> None:
    s, d, w = grid_edges(3, 3, weights=None)
    assert w is None and len(s) == len(d) == 12
    assert grid(3, 3, weights=None).num_weights == 0
    with pytest.raises(InvalidArgumentError, match="rows is 0"):
        grid(0, 3)
    with pytest.raises(InvalidArgumentError, match=r"keep_probability is 1\.5"):
        grid(3, 3, keep_probability=1.5)
    with pytest.raises(CapacityError):
        grid(2**62, 4)


# -- random batches -----------------------------------------------------------------------


@settings(max_examples=60)
@given(
    data=st.data(),
    n=st.integers(2, 40),
    directed=st.booleans(),
    k=st.integers(0, 2),
    seed=st.integers(0, M64),
)
def test_random_batch_applies_as_counted(
    data: st.DataObject, n: int, directed: bool, k: int, seed: int
) -> None:
    total = n * (n - 1) if directed else n * (n - 1) // 2
    m = data.draw(st.integers(0, total), label="m")
    g = erdos_renyi(n, m, seed=seed, directed=directed, weights=(1, 5) if k else None)
    window = data.draw(st.none() | st.integers(1, n + 2), label="window")
    size = data.draw(st.integers(0, 30), label="size")
    fraction = data.draw(st.floats(0, 1), label="insert_fraction")
    inserts = int(size * fraction + 0.5)
    deletes = size - inserts
    es, ed, _ = g.edges()
    existing = set(pairs(es, ed))
    # The window as documented: start = below(n - W + 1) from stream 5, item 0.
    w = n if window is None or window >= n else window
    start = model_below64(seed, 5, 0, n - w + 1) if w < n else 0
    inside = {(u, v) for u, v in existing if start <= min(u, v) and max(u, v) < start + w}
    free = (w * (w - 1) if directed else w * (w - 1) // 2) - len(inside)
    if deletes > len(inside) or inserts > free:
        with pytest.raises(InvalidArgumentError, match="asked for"):
            random_batch(g, size, insert_fraction=fraction, seed=seed, locality_window=window)
        return
    b = random_batch(
        g, size, insert_fraction=fraction, seed=seed, locality_window=window, weights=(7, 9)
    )
    b2 = random_batch(
        g, size, insert_fraction=fraction, seed=seed, locality_window=window, weights=(7, 9)
    )
    assert b == b2
    assert b.num_insertions == inserts and b.num_deletions == deletes
    dels = pairs(b.delete_src, b.delete_dst)
    ins = pairs(b.insert_src, b.insert_dst)
    assert dels == sorted(set(dels)) and set(dels) <= existing
    assert ins == sorted(set(ins)) and not set(ins) & existing
    assert all(u != v and 0 <= u < n and 0 <= v < n for u, v in ins)
    if not directed:
        assert all(u < v for u, v in ins) and all(u <= v for u, v in dels)
    assert all(start <= x < start + w for p in dels + ins for x in p)
    if g.num_weights:
        assert b.insert_weights is not None
        assert set(b.insert_weights.reshape(-1).tolist()) <= {7, 8, 9}
    summary = g.apply(b)
    assert summary.inserted == inserts and summary.deleted == deletes
    assert summary.ignored_deletions == 0 and summary.updated == 0
    assert g.num_edges == m + inserts - deletes


def model_below32(seed: int, stream: int, i: int, r: int) -> int:
    """An unbiased draw in 0..r-1 (r <= 2**32) from half words, as the header describes it."""
    x = word(seed, stream, i)
    if r == 2**32:
        return x >> 32
    threshold = (2**32 - r) % r
    while True:
        for c in (x >> 32, x & 0xFFFFFFFF):
            p = c * r
            if p & 0xFFFFFFFF >= threshold:
                return p >> 32
        x = mix((x + GAMMA) & M64)


def model_floyd(seed: int, stream: int, take: int, total: int) -> list[int]:
    """Floyd's selection of ``take`` of 0..total-1, ascending (dyng/generators.h)."""
    chosen: set[int] = set()
    for t in range(take):
        j = total - take + t
        x = model_below64(seed, stream, t, j + 1)
        chosen.add(j if x in chosen else x)
    return sorted(chosen)


def model_random_batch(
    edges: list[tuple[int, int]],
    n: int,
    directed: bool,
    k: int,
    size: int,
    fraction: float,
    seed: int,
    window: int | None,
    low: int,
    high: int,
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[int]] | None:
    """dyng_generate_batch's steps as dyng/generators.h documents them, in plain Python:
    (deletions, insertions, weights row by row), or None where it refuses the batch."""
    inserts = min(size, int(size * fraction + 0.5))
    deletes = size - inserts
    existing = sorted({(u, v) if directed or u <= v else (v, u) for u, v in edges})
    w = n if window is None or window >= n else window
    start = model_below64(seed, 5, 0, n - w + 1) if w < n else 0
    hi = start + w
    inside = [(u, v) for u, v in existing if start <= u < hi and start <= v < hi]
    inside_set = set(inside)
    free = (w * (w - 1) if directed else w * (w - 1) // 2) - sum(u != v for u, v in inside)
    if deletes > len(inside) or inserts > free:
        return None
    dels = [inside[x] for x in model_floyd(seed, 6, deletes, len(inside))]
    ins: list[tuple[int, int]] = []
    if 2 * inserts <= free:
        chosen: set[tuple[int, int]] = set()
        t = 0
        while len(ins) < inserts:
            u = start + model_below64(seed, 7, 2 * t, w)
            v = start + model_below64(seed, 7, 2 * t + 1, w)
            t += 1
            q = (u, v) if directed or u < v else (v, u)
            if u != v and q not in inside_set and q not in chosen:
                chosen.add(q)
                ins.append(q)
    else:
        listed = [
            (u, v)
            for u in range(start, hi)
            for v in range(start if directed else u + 1, hi)
            if u != v and (u, v) not in inside_set
        ]
        ins = [listed[x] for x in model_floyd(seed, 7, inserts, free)]
    ins.sort()
    weights = [low + model_below32(seed, 8, i, high - low + 1) for i in range(inserts * k)]
    return dels, ins, weights


@settings(max_examples=80)
@given(
    data=st.data(),
    n=st.integers(2, 30),
    directed=st.booleans(),
    k=st.integers(0, 2),
    seed=st.integers(0, M64),
    append=st.booleans(),
)
def test_random_batch_is_the_documented_algorithm(
    data: st.DataObject, n: int, directed: bool, k: int, seed: int, append: bool
) -> None:
    # The batch equals, pair for pair and weight for weight, the model of the header's
    # steps; on a graph kept in append order with parallel edges too (its rows out of
    # order: the pairs are the same sorted list).
    total = n * (n - 1) if directed else n * (n - 1) // 2
    m = data.draw(st.integers(0, total), label="m")
    base = erdos_renyi(n, m, seed=seed, directed=directed)
    es, ed, _ = base.edges()
    edges = pairs(es, ed)
    if append:
        # Reversed (rows out of order), every third edge twice, and self-loops.
        loops = data.draw(st.lists(st.integers(0, n - 1), max_size=3), label="loops")
        edges = edges[::-1] + edges[::3] + [(v, v) for v in loops]
    # int64 ids (a weighted graph only: DESIGN 3's table) read through the other typed scan.
    ids = np.int64 if k and data.draw(st.booleans(), label="int64 ids") else np.int32
    src = np.array([u for u, _ in edges], dtype=ids)
    dst = np.array([v for _, v in edges], dtype=ids)
    w = np.ones((len(edges), k), dtype=np.int32) if k else None
    g = dyng.Graph.from_edges(
        src,
        dst,
        w,
        num_vertices=n,
        directed=directed,
        row_order="append" if append else "sorted",
        multi_edges="allow" if append else "forbid",
    )
    window = data.draw(st.none() | st.integers(1, n + 2), label="window")
    size = data.draw(st.integers(0, 25), label="size")
    fraction = data.draw(st.floats(0, 1), label="insert_fraction")
    low = data.draw(st.integers(-5, 5), label="low")
    high = low + data.draw(st.integers(0, 9), label="span")
    want = model_random_batch(edges, n, directed, k, size, fraction, seed, window, low, high)
    if want is None:
        with pytest.raises(InvalidArgumentError, match="asked for"):
            random_batch(g, size, insert_fraction=fraction, seed=seed, locality_window=window)
        return
    b = random_batch(
        g, size, insert_fraction=fraction, seed=seed, locality_window=window, weights=(low, high)
    )
    dels, ins, weights = want
    assert b.delete_src.dtype == ids and b.insert_src.dtype == ids
    assert pairs(b.delete_src, b.delete_dst) == dels
    assert pairs(b.insert_src, b.insert_dst) == ins
    if k:
        assert b.insert_weights is not None
        assert b.insert_weights.reshape(-1).tolist() == weights


@pytest.mark.parametrize(("directed", "append"), [(True, False), (False, False), (True, True)])
def test_random_batch_reads_rows_where_batches_moved_them(directed: bool, append: bool) -> None:
    # The generator reads the graph's rows in place: after a stream of batches, rows lie in
    # holes and at the tail, and the batch is still the model's of the graph's edge list.
    g = erdos_renyi(300, 900, seed=4, directed=directed, weights=(1, 9))
    if append:
        es, ed, ew = g.edges()
        assert ew is not None
        g = dyng.Graph.from_edges(
            es[::-1],
            ed[::-1],
            ew[::-1],
            num_vertices=300,
            row_order="append",
            multi_edges="allow",
        )
    for step in range(12):
        g.apply(random_batch(g, 120, seed=100 + step, insert_fraction=0.7))
    es, ed, _ = g.edges()
    for seed, window in ((1, None), (2, 200), (3, 299)):
        want = model_random_batch(pairs(es, ed), 300, directed, 1, 40, 0.5, seed, window, 1, 9)
        assert want is not None
        b = random_batch(g, 40, seed=seed, locality_window=window, weights=(1, 9))
        assert pairs(b.delete_src, b.delete_dst) == want[0]
        assert pairs(b.insert_src, b.insert_dst) == want[1]


def test_random_batch_errors_and_ids() -> None:
    g = erdos_renyi(10, 20, seed=1)
    b = random_batch(g, 4, seed=3, batch_id=7)
    assert b.id == 7 and b.delete_src.dtype == np.int32
    with pytest.raises(InvalidArgumentError, match="deletions asked for"):
        random_batch(g, 42, insert_fraction=0.0)
    with pytest.raises(InvalidArgumentError, match="insertions asked for"):
        random_batch(g, 71, insert_fraction=1.0)
    with pytest.raises(InvalidArgumentError, match="size is -1"):
        random_batch(g, -1)
    with pytest.raises(InvalidArgumentError, match=r"insert_fraction is 2\.0"):
        random_batch(g, 1, insert_fraction=2.0)
    with pytest.raises(InvalidArgumentError, match="locality_window is 0"):
        random_batch(g, 1, locality_window=0)
    with pytest.raises(InvalidArgumentError, match=r"expected a dyng\.Graph"):
        random_batch("g", 1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="batch_id is -1"):
        random_batch(g, 1, batch_id=-1)
    # Exactly every free pair.
    b = random_batch(g, 70, insert_fraction=1.0, seed=5)
    assert b.num_insertions == 70
    assert g.apply(b).inserted == 70 and g.num_edges == 90


# -- docstrings -------------------------------------------------------------------------------


def test_docstring_examples() -> None:
    from dyng.generators import _random

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for name in _random.__all__:
        for test in finder.find(getattr(_random, name), globs={name: getattr(_random, name)}):
            runner.run(test)
    assert runner.failures == 0 and runner.tries >= 8


# -- the command line ------------------------------------------------------------------------


def cli(*argv: str) -> int:
    """``dyng generate ...``: through dyng.__main__ when it registers it, else on a parser of
    its own (the same add_parser / run)."""
    from dyng import __main__ as entry

    parser = entry._parser()
    registered = any(
        isinstance(a, argparse._SubParsersAction) and "generate" in a.choices
        for a in parser._actions
    )
    if registered:
        return entry.main(["generate", *argv])
    parser = argparse.ArgumentParser(prog="dyng")
    _cli_generate.add_parser(parser.add_subparsers(dest="command"))
    try:
        args = parser.parse_args(["generate", *argv])
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    try:
        return _cli_generate.run(args)
    except dyng.errors.Error as e:
        print(f"dyng: error: {e}")
        return 1


def test_cli_graphs_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "r.mtx.gz"
    assert cli("rmat", str(out), "--scale", "8", "--edge-factor", "4", "--seed", "3") == 0
    g = dyng.io.read_matrix_market(out)
    want = rmat(8, 4, seed=3)
    assert pairs(*g.edges()[:2]) == pairs(*want.edges()[:2])

    out = tmp_path / "er.txt"
    assert cli("erdos-renyi", str(out), "-n", "50", "-m", "200", "--weights", "1", "9") == 0
    g = dyng.io.read_edge_list(out)
    s, d, w = erdos_renyi_edges(50, 200, weights=(1, 9))
    gs, gd, gw = g.edges()
    assert pairs(gs, gd) == pairs(s, d)
    assert gw is not None and w is not None and np.array_equal(gw, w)

    out = tmp_path / "road.mtx"
    assert cli("grid", str(out), "--rows", "4", "--cols", "5", "--seed", "2") == 0
    g = dyng.io.read_matrix_market(out)
    assert not g.directed and g.num_edges == 31
    gs, gd, gw = g.edges()
    s, d, w = grid_edges(4, 5, seed=2)
    assert pairs(gs, gd) == pairs(s, d)
    assert gw is not None and w is not None and np.array_equal(gw, w)

    out = tmp_path / "road3.txt"
    assert cli("grid", str(out), "--rows", "3", "--cols", "3", "--num-weights", "3") == 0
    assert dyng.io.read_edge_list(out, directed=False).num_weights == 3
    assert (
        cli("grid", str(tmp_path / "x.mtx"), "--rows", "3", "--cols", "3", "--num-weights", "3")
        == 1
    )
    assert cli("grid", str(tmp_path / "u.txt"), "--rows", "2", "--cols", "2", "--unweighted") == 0


def test_cli_batches_round_trip(tmp_path: Path) -> None:
    graph = tmp_path / "g.mtx"
    assert cli("grid", str(graph), "--rows", "10", "--cols", "10") == 0
    stream = tmp_path / "s.dgt"
    argv = [str(graph), str(stream), "--count", "5", "--size", "20", "--seed", "4"]
    assert cli("batches", *argv, "--insert-fraction", "0.25") == 0
    batches = dyng.io.read_batches(stream, num_weights=1)
    assert [b.id for b in batches] == [0, 1, 2, 3, 4]
    g = dyng.io.read_matrix_market(graph)
    for b in batches:
        assert (b.num_insertions, b.num_deletions) == (5, 15)
        s = g.apply(b)
        assert s.inserted == 5 and s.deleted == 15 and s.ignored_deletions == 0
    # The same flags, the same stream.
    again = tmp_path / "t.dgt"
    assert (
        cli(
            "batches",
            str(graph),
            str(again),
            "--count",
            "5",
            "--size",
            "20",
            "--seed",
            "4",
            "--insert-fraction",
            "0.25",
        )
        == 0
    )
    assert again.read_bytes() == stream.read_bytes()
    # Too many deletions for the graph: a failure, not a crash.
    assert (
        cli(
            "batches",
            str(graph),
            str(tmp_path / "u.dgt"),
            "--count",
            "1",
            "--size",
            "1000",
            "--insert-fraction",
            "0",
        )
        == 1
    )


def test_cli_batches_read_every_graph_format(tmp_path: Path) -> None:
    # The graph is read as the other commands read it: by content, not by name (a Matrix
    # Market file named .dat), the research code's CSR triplet by its prefix, and edge
    # lists with --undirected / --one-based. Every format gives the same stream.
    g = dyng.generators.grid(8, 9, weights=(1, 9), seed=2)
    dyng.io.write_matrix_market(tmp_path / "g.dat", g)
    dyng.io.write_csr_triplet(tmp_path / "graphCsr", g)
    src, dst, w = g.edges()
    assert w is not None
    rows = [f"{u + 1} {v + 1} {x}" for u, v, x in zip(src, dst, w[:, 0], strict=True)]
    (tmp_path / "g1.txt").write_text("\n".join(rows) + "\n")
    streams = []
    for name, extra in [
        ("g.dat", []),
        ("graphCsr", []),
        ("g1.txt", ["--undirected", "--one-based"]),
    ]:
        out = tmp_path / f"{name}.dgt"
        argv = [str(tmp_path / name), str(out), "--count", "3", "--size", "10", "--seed", "1"]
        assert cli("batches", *argv, *extra) == 0, name
        streams.append(out.read_bytes())
    # The triplet holds both directions of each road as arcs: a directed graph, so its
    # batches differ; the other two are the same undirected graph.
    assert streams[0] == streams[2]
    assert dyng.io.read_batches(tmp_path / "graphCsr.dgt", num_weights=1)[0].num_insertions == 5


@pytest.mark.parametrize("kind", ["rmat", "erdos-renyi", "grid", "batches"])
def test_cli_help_shows_an_example(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(kind, "--help") == 0
    out = capsys.readouterr().out
    assert f"dyng generate {kind} " in out and "example" in out


def test_cli_usage_errors(tmp_path: Path) -> None:
    assert cli("rmat", str(tmp_path / "x.mtx")) == 2  # --scale is required
    assert cli("grid", str(tmp_path / "x.mtx"), "--rows", "0", "--cols", "2") == 1
