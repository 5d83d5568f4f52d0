"""Start a timed path from a cold cache: write a buffer larger than the last-level cache.

``dyng bench`` and the project's ``bench/sssp.py`` time two paths in turn on graphs of their
own: an update, and apply + compute on a twin. They do not find the cache alike: whichever runs
right after its own graph's last use finds that graph in the cache, the other finds what the
first left. With the order alternating from batch to batch, the first path of each batch follows
the same path of the batch before, and ran 15% to 20% faster than the second (mdual, 10,000
local changes, 2026-12-06: the recomputation path over the update 0.87x when the twin went
first, 1.04x when the update did). Writing a buffer of 1.25 times the last-level cache before
each timed path leaves neither path's memory there (0.92x to 0.95x against 0.97x in the same
test).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

__all__ = ["Evictor", "last_level_cache_bytes"]

_FALLBACK_BYTES = 64 << 20
_MAX_BYTES = 1 << 30
_SCALE = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
_CPU0 = Path("/sys/devices/system/cpu/cpu0/cache")


def last_level_cache_bytes(cpu0: Path = _CPU0) -> int:
    """The largest cache that Linux lists for CPU 0 (``index*/size`` under ``cpu0``, such as
    ``491520K``), or 64 MiB where none is listed."""
    best = 0
    for path in cpu0.glob("index*/size"):
        text = path.read_text().strip()
        digits, unit = (text[:-1], text[-1]) if text[-1:] in _SCALE else (text, "")
        if digits.isdigit():
            best = max(best, int(digits) * _SCALE.get(unit, 1))
    return best or _FALLBACK_BYTES


class Evictor:
    """Call it to write every line of a buffer of 1.25 times the last-level cache (at least
    64 MiB, at most 1 GiB), which evicts what the cache held.

    Parameters
    ----------
    cache_bytes : int, optional
        The cache to evict; :func:`last_level_cache_bytes` by default.
    """

    def __init__(self, cache_bytes: int | None = None) -> None:
        cache = last_level_cache_bytes() if cache_bytes is None else cache_bytes
        size = min(_MAX_BYTES, max(_FALLBACK_BYTES, cache * 5 // 4))
        self.buffer: npt.NDArray[np.int64] = np.zeros(size // 8, dtype=np.int64)

    def __call__(self) -> None:
        self.buffer += 1
