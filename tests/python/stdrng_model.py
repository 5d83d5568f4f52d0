"""A pure-Python model of libstdc++'s mt19937_64, uniform_int_distribution and shuffle, and of
CycleEnumeration-GPU's batch generator on top of them: a second implementation, from the same
documentation, that the C one must agree with on random graphs, seeds and windows (the goldens
pin both to the research code)."""

from __future__ import annotations

M64 = (1 << 64) - 1


class MT64:
    """std::mt19937_64."""

    def __init__(self, seed: int) -> None:
        self.mt = [0] * 312
        self.mt[0] = seed & M64
        for i in range(1, 312):
            p = self.mt[i - 1]
            self.mt[i] = (6364136223846793005 * (p ^ (p >> 62)) + i) & M64
        self.i = 312

    def __call__(self) -> int:
        if self.i >= 312:
            mt = self.mt
            for k in range(312):
                y = (mt[k] & 0xFFFFFFFF80000000) | (mt[(k + 1) % 312] & 0x7FFFFFFF)
                v = mt[(k + 156) % 312] ^ (y >> 1)
                mt[k] = v ^ 0xB5026F5AA96619E9 if y & 1 else v
            self.i = 0
        y = self.mt[self.i]
        self.i += 1
        y ^= (y >> 29) & 0x5555555555555555
        y ^= (y << 17) & 0x71D67FFFEDA60000
        y ^= (y << 37) & 0xFFF7EEE000000000
        y ^= y >> 43
        return y & M64


def uniform(g: MT64, a: int, b: int) -> int:
    """std::uniform_int_distribution<uint64_t>(a, b)(g)."""
    if b - a == M64:
        return g() + a
    r = b - a + 1
    prod = g() * r
    if prod & M64 < r:
        threshold = (-r % (1 << 64)) % r
        while prod & M64 < threshold:
            prod = g() * r
    return (prod >> 64) + a


def shuffle(items: list[tuple[int, int]], g: MT64) -> None:
    """std::shuffle(items.begin(), items.end(), g)."""
    n = len(items)
    if n == 0:
        return
    if M64 // n >= n:
        i = 1
        if n % 2 == 0:
            j = uniform(g, 0, 1)
            items[i], items[j] = items[j], items[i]
            i += 1
        while i != n:
            b1 = i + 2
            x = uniform(g, 0, (i + 1) * b1 - 1)
            for j in (x // b1, x % b1):
                items[i], items[j] = items[j], items[i]
                i += 1
        return
    for i in range(1, n):
        j = uniform(g, 0, i)
        items[i], items[j] = items[j], items[i]


def cycle_enum_batch(
    n: int, edges: list[tuple[int, int]], d: int, ins: int, seed: int, window: int | None
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(deletions, insertions), each sorted; raises ValueError where the generator gives up."""
    g = MT64(seed)
    existing = sorted(set(edges))
    lo, hi = 0, n
    if window is not None and window < n:
        lo = uniform(g, 0, n - window)
        hi = lo + window
    inside = [(u, v) for u, v in existing if lo <= u < hi and lo <= v < hi]
    if d > len(inside):
        raise ValueError("too many deletions")
    if d > 0:
        shuffle(inside, g)
    taken = set(existing)
    chosen: list[tuple[int, int]] = []
    attempts, limit = 0, 1000 * (ins + 1) + 100 * (hi - lo)
    while len(chosen) < ins:
        if attempts >= limit:
            raise ValueError("gave up")
        attempts += 1
        u = uniform(g, lo, hi - 1)
        v = uniform(g, lo, hi - 1)
        if u == v or (u, v) in taken:
            continue
        taken.add((u, v))
        chosen.append((u, v))
    return sorted(inside[:d]), sorted(chosen)
