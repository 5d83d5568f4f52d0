"""pytest configuration of the Python suite: Hypothesis profiles, shared fixtures."""

from __future__ import annotations

import os
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# refmodel.py and helpers.py sit beside the tests.
sys.path.insert(0, str(Path(__file__).resolve().parent))

# Every block the library mallocs starts as junk (src/core/alloc.h; test builds only), so
# that a read of memory the code never wrote goes wrong in a test rather than by chance.
# Read by the library at its first allocation, which comes after this.
os.environ.setdefault("DYNG_TESTING_JUNK", "90")

settings.register_profile(
    "dyng",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=False,
    print_blob=True,
)
settings.register_profile(
    "thorough",
    parent=settings.get_profile("dyng"),
    max_examples=1000,
)
settings.load_profile(os.environ.get("DYNG_HYPOTHESIS_PROFILE", "dyng"))

REPO_ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep one shard of the tests when ``DYNG_TEST_SHARD`` is ``"k/N"``.

    The Makefile runs the suite as N processes at once, one per shard: shard k keeps the
    tests whose id has a CRC-32 of k modulo N, so every test runs in exactly one shard, the
    same one in every run. (Taking every N-th test in collection order put 58 of the 90
    seconds in one of two shards: the slow tests sit together.)
    """
    shard = os.environ.get("DYNG_TEST_SHARD", "")
    if not shard:
        return
    k, _, n = shard.partition("/")
    if not (k.isdigit() and n.isdigit() and int(k) < int(n)):
        raise pytest.UsageError(
            f"DYNG_TEST_SHARD is {shard!r}; accepted: 'k/N' with 0 <= k < N, e.g. '0/2'"
        )
    mine = [zlib.crc32(it.nodeid.encode()) % int(n) == int(k) for it in items]
    config.hook.pytest_deselected(items=[it for it, m in zip(items, mine, strict=True) if not m])
    items[:] = [it for it, m in zip(items, mine, strict=True) if m]


@pytest.fixture
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture
def restore_default_resources() -> Iterator[None]:
    import dyng

    before = dyng.get_default_resources()
    try:
        yield
    finally:
        dyng.set_default_resources(before)
