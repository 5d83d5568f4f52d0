"""dyng.cycle_count probes: long chains, to_dict past the graph's size, and two messages.

- Long chains whose ids increase along them, with no bound: every root used to walk the whole
  rest of the chain, so a count took time quadratic in its length with few or no cycles. The
  guard counts work, not time: an update that counts afresh reports its search steps
  (``Stats.iterations``), which must be a few per vertex. Sparse shapes (cacti, trees with a
  few more edges, chains of rings), with increasing and shuffled ids, must still give exactly
  the brute-force counts.
- ``Result.to_dict`` (and ``repr``) read only the lengths that can hold a cycle, not the
  ``max_length + 1`` entries of a bound far past the graph's size.
- A count that would go negative names its length and, for a result made by ``from_counts``,
  the counts it was given; ``from_counts`` with no bound tells a trailing 0 from a wrong length.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import dyng
import dyng.cycle_count as cc
import dyng.testing
from dyng.errors import InternalError, InvalidArgumentError

I32 = np.int32


def _graph(
    src: list[int] | npt.NDArray[Any], dst: list[int] | npt.NDArray[Any], n: int, *, directed: bool
) -> dyng.Graph:
    return dyng.Graph.from_edges(
        np.asarray(src, dtype=I32), np.asarray(dst, dtype=I32), num_vertices=n, directed=directed
    )


def _chain(kind: str, n: int) -> tuple[dyng.Graph, dict[int, int]]:
    """A chain of n vertices, ids increasing along it, and its cycles by length."""
    s = np.arange(n - 1, dtype=I32)
    d = s + 1
    ring = kind.endswith("ring")
    if ring:
        s, d = np.append(s, I32(n - 1)), np.append(d, I32(0))
    if kind.startswith("mutual"):  # directed, each edge both ways
        g = _graph(np.concatenate([s, d]), np.concatenate([d, s]), n, directed=True)
        return g, ({2: n, n: 2} if ring else {2: n - 1})
    return _graph(s, d, n, directed=False), ({n: 1} if ring else {})


# ---- long chains: the work is linear ------------------------------------------------------


@pytest.mark.parametrize("kind", ["path", "ring", "mutual path", "mutual ring"])
def test_long_chain_count_is_linear(kind: str) -> None:
    n = 4000
    g, expected = _chain(kind, n)
    hist = cc.compute(g, max_length=-1)
    assert hist.to_dict() == expected
    # Every edge deleted and inserted again in one batch: searching through its pairs would
    # read more than half of what the count above read, so the update counts the graph afresh
    # and reports that count's search steps (path vertices entered): a few per vertex. A
    # quadratic count enters about n * n / 2 of them (8 million), and reads so much that the
    # update searches through the pairs instead (no fallback), each pair's search walking the
    # chain: as many steps again.
    src, dst, _ = g.edges()
    st = cc.update(g, dyng.EdgeBatch(insert=(src, dst), delete=(src, dst)), hist)
    assert st.fallback_used
    assert st.iterations <= 6 * n
    assert hist.to_dict() == expected == cc.compute(g, max_length=-1).to_dict()


def _shape(kind: int, n: int, rng: np.random.Generator) -> list[tuple[int, int]]:
    """An undirected sparse shape on vertices 0 .. n - 1, ids along its chains."""
    pairs: list[tuple[int, int]] = []
    if kind == 0:  # a cactus: cycles of 3 .. 5 hung at random vertices, and pendant edges
        have = 1
        while have < n:
            a, k = int(rng.integers(have)), int(rng.integers(3, 6))
            if rng.integers(3) == 0 or have + k - 1 > n:
                pairs.append((a, have))
                have += 1
                continue
            cycle = [a, *range(have, have + k - 1)]
            pairs += [(cycle[i], cycle[(i + 1) % k]) for i in range(k)]
            have += k - 1
    elif kind == 1:  # a random tree and a few more edges
        pairs = [(int(rng.integers(v)), v) for v in range(1, n)]
        pairs += [(int(rng.integers(n)), int(rng.integers(n))) for _ in range(3)]
    else:  # two rings joined by a path
        a, b = n // 3, n - n // 3
        pairs = [(v, v + 1) for v in range(n - 1)] + [(a - 1, 0), (n - 1, b)]
    return pairs


@pytest.mark.parametrize("seed", range(12))
def test_sparse_shapes_match_brute_force(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 13))
    pairs = _shape(seed % 3, n, rng)
    perm = np.arange(n) if seed % 2 == 0 else rng.permutation(n)
    for directed in (False, True):
        src: list[int] = []
        dst: list[int] = []
        for u, v in pairs:
            way = int(rng.integers(3)) if directed else 0  # one way, the other, or both
            if way != 1:
                src.append(int(perm[u]))
                dst.append(int(perm[v]))
            if way != 0:
                src.append(int(perm[v]))
                dst.append(int(perm[u]))
        g = _graph(src, dst, n, directed=directed)
        for k in (-1, 3, 4, 7, 9):
            assert cc.compute(g, max_length=k).to_dict() == dyng.testing.simple_cycles(g, k)


# ---- to_dict and repr read only the lengths that can hold a cycle -------------------------


class _NoWholeHistogram:
    """A result's native handle that refuses to read the whole histogram."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def histogram(self) -> tuple[int, ...]:
        raise AssertionError("the whole histogram was read")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def _read(hist: cc.Result) -> tuple[dict[int, int], str]:
    """``hist.to_dict()`` and ``repr(hist)``, with a handle that refuses to read it whole."""
    real = hist._r
    setattr(hist, "_r", _NoWholeHistogram(real))  # noqa: B010 (the slot is typed as the handle)
    try:
        return hist.to_dict(), repr(hist)
    finally:
        hist._r = real


# The largest bounds allocate a histogram of 2 to 16 GB of untouched (lazily
# zero) pages: fine for the kernel, but a sanitizer's allocator maps shadow
# memory for them and the process is killed for memory.
_HUGE = pytest.mark.skipif(
    bool(os.environ.get("DYNG_TEST_SANITIZED")),
    reason="a sanitizer's allocator shadows the whole multi-GB histogram",
)


@pytest.mark.parametrize(
    "max_length",
    [2**20, pytest.param(2**28, marks=_HUGE), pytest.param(2**31 - 1, marks=_HUGE)],
)
def test_to_dict_of_a_large_bound(max_length: int) -> None:
    g = _graph([0, 1, 2], [1, 2, 0], 3, directed=False)
    hist = cc.compute(g, max_length=max_length)
    assert _read(hist) == (
        {3: 1},
        f"dyng.cycle_count.Result(max_length={max_length}, counts={{3: 1}}, graph_version=0)",
    )
    assert hist.bound == max_length and hist.count(3) == 1 and hist.total == 1
    # The graph grows: lengths up to its new vertex count are read.
    batch = dyng.EdgeBatch(insert=(np.array([2, 3, 4], I32), np.array([3, 4, 0], I32)))
    cc.update(g, batch, hist)
    assert _read(hist)[0] == {3: 1, 4: 1, 5: 1} == dyng.testing.simple_cycles(g)


def test_to_dict_matches_counts() -> None:
    g = dyng.generators.grid(6, 6, seed=1)
    for k in (-1, 3, 8, 100):
        hist = cc.compute(g, max_length=k)
        whole = {i: int(c) for i, c in enumerate(hist.counts.to_numpy().tolist()) if c}
        assert _read(hist)[0] == whole
    made = cc.Result.from_counts(g, np.array([0, 0, 0, 0, 25, 0, 40], np.uint64), max_length=6)
    assert _read(made)[0] == {4: 25, 6: 40}


# ---- messages --------------------------------------------------------------------------------


def test_negative_count_names_from_counts() -> None:
    g = _graph([0, 1, 2], [1, 2, 0], 3, directed=False)
    hist = cc.Result.from_counts(g, np.zeros(5, np.uint64), max_length=4)  # no triangle: wrong
    st = cc.update(g, dyng.EdgeBatch(delete=(np.array([0], I32), np.array([1], I32))), hist)
    assert not st.converged
    with pytest.raises(InternalError) as info:
        hist.to_dict()
    message = str(info.value)
    assert "length 3" in message and "from_counts" in message and "were wrong" in message
    assert "must be recomputed" in message
    assert repr(hist) == "dyng.cycle_count.Result(poisoned: recompute it)"


def test_from_counts_trailing_zero_message() -> None:
    g = _graph([0, 1, 2], [1, 2, 0], 3, directed=False)
    trailing = r"counts\[3\], the last of the 4 counts, is 0"
    with pytest.raises(InvalidArgumentError, match=trailing) as info:
        cc.Result.from_counts(g, [0, 0, 0, 0], max_length=-1)
    assert "len is" not in str(info.value)
    with pytest.raises(InvalidArgumentError, match=r"len is 5; .* 1 \.\. 4 entries"):
        cc.Result.from_counts(g, [0, 0, 0, 1, 0], max_length=-1)
    assert cc.Result.from_counts(g, [0, 0, 0, 1], max_length=-1).to_dict() == {3: 1}
    assert cc.Result.from_counts(g, [0], max_length=-1).to_dict() == {}


# ---- hubs numbered last: the degree order ---------------------------------------------------
#
# A root reads the in-rows of its in-neighbours above it, so a hub whose id is above its
# neighbours' was read whole by each of them: time quadratic in its degree (a star of 30,000
# vertices numbered hub last took 1.2 s against 1 ms hub first). A full count now runs on a copy
# renumbered in degree order, hubs first, when its estimate of those reads says it pays. The
# work is not visible from Python (the C tests count it); these check that the counts through
# the copy are exact, on the shapes of the cliff: a hub-last star, K(3, b) with its hubs last,
# and user-item graphs whose items come after the users, directed and undirected, simple and
# multigraphs in either row order.


def _star_hub_last(n: int) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """A star with its hub last (id n - 1) and 5 triangles (hub, 2i, 2i + 1)."""
    leaves = np.arange(n - 1, dtype=I32)
    src = np.concatenate([np.full(n - 1, n - 1, dtype=I32), leaves[:10:2]])
    dst = np.concatenate([leaves, leaves[1:11:2]])
    return src, dst


def _k3_hubs_last(b: int) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """K(3, b): vertices 0 .. b - 1 on one side, the 3 hubs b, b + 1, b + 2 on the other."""
    return np.repeat(np.arange(b, b + 3, dtype=I32), b), np.tile(np.arange(b, dtype=I32), 3)


def _user_item(users: int, seed: int) -> tuple[npt.NDArray[Any], npt.NDArray[Any], int]:
    """Users 0 .. users - 1, then items of Zipf popularity, 5 ratings per user (repeats kept)."""
    rng = np.random.default_rng(seed)
    items, m = max(users // 10, 2), 5 * users
    user = rng.integers(0, users, m)
    item = np.minimum(rng.zipf(1.6, m) - 1, items - 1)
    return user.astype(I32), (users + item).astype(I32), users + items


def _multi(src: Any, dst: Any, n: int, directed: bool, order: str) -> dyng.Graph:
    return dyng.Graph.from_edges(
        src, dst, num_vertices=n, directed=directed, row_order=order, multi_edges="allow"
    )


@pytest.mark.parametrize("max_length", [3, 4, 6, -1])
def test_star_hub_last_counts(max_length: int) -> None:
    for n in (12, 3000):
        src, dst = _star_hub_last(n)
        g = _graph(src, dst, n, directed=False)
        assert cc.compute(g, max_length=max_length).to_dict() == {3: 5}
        if n <= 12:
            assert dyng.testing.simple_cycles(g, max_length) == {3: 5}


def test_k3_hubs_last_counts() -> None:
    for b in (4, 400):
        src, dst = _k3_hubs_last(b)
        g = _graph(src, dst, b + 3, directed=False)
        fours, sixes = 3 * b * (b - 1) // 2, b * (b - 1) * (b - 2)  # 6 * C(b, 3)
        assert cc.compute(g, max_length=4).to_dict() == {4: fours}
        assert cc.compute(g, max_length=6).to_dict() == {4: fours, 6: sixes}
        if b <= 4:
            assert dyng.testing.simple_cycles(g) == {4: fours, 6: sixes}
        # Directed: every edge both ways (a 2-cycle per edge; each undirected cycle both ways).
        d = _graph(np.concatenate([src, dst]), np.concatenate([dst, src]), b + 3, directed=True)
        assert cc.compute(d, max_length=4).to_dict() == {2: 3 * b, 4: 2 * fours}


@pytest.mark.parametrize("directed", [False, True])
@pytest.mark.parametrize("order", ["sorted", "append"])
def test_user_item_items_last_counts(directed: bool, order: str) -> None:
    # Small: against the brute-force count.
    src, dst, n = _user_item(8, seed=3)
    s, d = (np.concatenate([src, dst]), np.concatenate([dst, src])) if directed else (src, dst)
    g = _multi(s, d, n, directed, order)
    assert cc.compute(g, max_length=-1).to_dict() == dyng.testing.simple_cycles(g)
    # Large: items last against the same graph numbered items first (counts do not depend on
    # the numbering; that one needs no renumbering).
    users = 3000
    src, dst, n = _user_item(users, seed=1)
    items = n - users
    first = np.where(np.arange(n) >= users, np.arange(n) - users, np.arange(n) + items)
    for k in (3, 4):
        counts = []
        for a, b in ((src, dst), (first[src].astype(I32), first[dst].astype(I32))):
            s, d = (np.concatenate([a, b]), np.concatenate([b, a])) if directed else (a, b)
            counts.append(cc.compute(_multi(s, d, n, directed, order), max_length=k).to_dict())
        assert counts[0] == counts[1]
        assert k == 3 or counts[0].get(4, 0) > 0


@pytest.mark.parametrize("directed", [False, True])
def test_weight_changes_do_not_recount(directed: bool) -> None:
    # Upserts of edges that stay (a traffic-style batch: weights only) change no
    # cycle: nothing is searched, and the recount estimate does not count them
    # (it did, so such a batch recounted the whole graph).
    seq = dyng.Resources.sequential()
    g = dyng.generators.grid(30, 30, seed=1, resources=seq)
    if directed:
        s, d, w = g.edges()
        g = dyng.Graph.from_edges(np.r_[s, d], np.r_[d, s], np.r_[w, w], resources=seq)
    hist = dyng.cycle_count.compute(g, max_length=4)
    s, d, w = g.edges()
    assert w is not None
    batch = dyng.EdgeBatch(insert=(s, d, (w.ravel() % 7 + 1).astype(np.int32)))
    stats = dyng.cycle_count.update(g, batch, hist)
    assert not stats.fallback_used and stats.iterations == 0
    assert stats.apply.updated == g.num_edges
    assert hist.to_dict() == dyng.cycle_count.compute(g, max_length=4).to_dict()
