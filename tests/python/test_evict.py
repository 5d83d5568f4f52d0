"""``dyng._evict``: the cache size read from sysfs, and the buffer sized from it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dyng._evict import Evictor, last_level_cache_bytes


def _cache_dir(root: Path, sizes: dict[str, str]) -> Path:
    for index, text in sizes.items():
        (root / index).mkdir(parents=True)
        (root / index / "size").write_text(text + "\n")
    return root


def test_the_largest_cache_is_taken_with_its_unit(tmp_path: Path) -> None:
    cpu0 = _cache_dir(
        tmp_path,
        {"index0": "48K", "index1": "32K", "index2": "2048K", "index3": "491520K"},
    )
    assert last_level_cache_bytes(cpu0) == 491520 * 1024


@pytest.mark.parametrize(
    ("text", "expected"),
    [("32M", 32 << 20), ("1G", 1 << 30), ("4096", 4096), ("12K", 12 << 10)],
)
def test_units(tmp_path: Path, text: str, expected: int) -> None:
    assert last_level_cache_bytes(_cache_dir(tmp_path, {"index0": text})) == expected


def test_unreadable_sizes_are_skipped(tmp_path: Path) -> None:
    cpu0 = _cache_dir(tmp_path, {"index0": "lots", "index1": "K", "index2": "", "index3": "8M"})
    assert last_level_cache_bytes(cpu0) == 8 << 20


def test_no_cache_listed_gives_64_mib(tmp_path: Path) -> None:
    assert last_level_cache_bytes(tmp_path) == 64 << 20
    assert last_level_cache_bytes(tmp_path / "absent") == 64 << 20


@pytest.mark.parametrize(
    ("cache", "buffer"),
    [
        (1 << 20, 64 << 20),  # at least 64 MiB
        (100 << 20, 125 << 20),  # 1.25 times the cache
        (8 << 30, 1 << 30),  # at most 1 GiB
    ],
)
def test_buffer_size(cache: int, buffer: int) -> None:
    assert Evictor(cache).buffer.nbytes == buffer


def test_a_call_writes_every_element() -> None:
    evict = Evictor(1 << 20)
    evict()
    evict()
    assert evict.buffer.dtype == np.int64
    assert int(evict.buffer.min()) == 2
    assert int(evict.buffer.max()) == 2
