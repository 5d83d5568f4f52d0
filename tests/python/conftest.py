"""pytest configuration of the Python suite: Hypothesis profiles, shared fixtures."""

from __future__ import annotations

import os
import sys
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
