"""Exports of a graph that another thread keeps changing see whole states, on a graph large enough
for a copy to take a while.

``Graph.apply`` holds the graph's lock exclusively for the whole call, and ``to_csr``, ``edges``
and ``clone`` hold it shared from the shape they read to the last byte they copy (python/_core).
Readers export a graph of a few hundred thousand edges in a loop while a writer applies small
batches, each right after a reader has started an export, so that the apply lands inside the
export whenever the export lets it. Every batch adds edges, so an export that sized its arrays
for one state and copied another cannot go unnoticed. Each export must be consistent with itself
and equal the graph at one of the versions a sequential replay goes through (compared by a
digest of its arrays). An export that let go of the lock once it had read the shape, or an
apply that took the lock shared, or a clone made without the lock (the mutation checks
``py-to-csr-unlocks-early``, ``py-apply-lock-shared`` and ``py-graph-clone-unlocked`` of
scripts/mutation.py), fail here on almost every run, where the small graphs and free-running
threads of test_threads.py catch them only now and then.

Sizes: ``DYNG_EXPORT_TEST_EDGES`` (default 400,000; a quarter under a sanitizer) and
``DYNG_EXPORT_TEST_BATCHES`` (default 60).
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

import dyng
from helpers import run_threads

SANITIZED = bool(os.environ.get("DYNG_TEST_SANITIZED"))
EDGES = int(os.environ.get("DYNG_EXPORT_TEST_EDGES", 100_000 if SANITIZED else 400_000))
BATCHES = int(os.environ.get("DYNG_EXPORT_TEST_BATCHES", 60))


def digest(*arrays: npt.NDArray[np.generic] | None) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    for a in arrays:
        h.update(b"-" if a is None else np.ascontiguousarray(a).tobytes())
        h.update(b"|")
    return h.digest()


def check_csr(rp: npt.NDArray[np.generic], col: npt.NDArray[np.generic], n: int) -> None:
    """A CSR export consistent with itself: offsets from 0 to len(col), sorted rows, ids < n."""
    assert len(rp) == n + 1
    assert int(rp[0]) == 0 and int(rp[-1]) == len(col)
    assert bool(np.all(np.diff(rp) >= 0))
    if len(col):
        assert int(col.min()) >= 0 and int(col.max()) < n
        steps = np.diff(col.astype(np.int64))
        starts = np.zeros(len(col), dtype=bool)
        inner = rp[1:-1].astype(np.int64)
        starts[inner[inner < len(col)]] = True
        assert bool(np.all((steps >= 0) | starts[1:]))


def setup() -> tuple[dyng.Graph, list[dyng.EdgeBatch], set[bytes], set[bytes]]:
    """The graph, its batches, and the digests of every state (CSR, edge list) a replay sees."""
    rng = np.random.default_rng(11)
    n = max(EDGES // 10, 100)
    src = rng.integers(0, n, EDGES, dtype=np.int32)
    dst = rng.integers(0, n, EDGES, dtype=np.int32)
    w = rng.integers(1, 1000, (EDGES, 1), dtype=np.int32)
    g = dyng.Graph.from_edges(src, dst, w, num_vertices=n)
    # Small batches (an apply fits inside a copy) that add more edges than they delete.
    picks = rng.permutation(EDGES)[: 10 * BATCHES].reshape(BATCHES, 10)
    batches = []
    for i in range(BATCHES):
        batches.append(
            dyng.EdgeBatch(
                insert=(
                    rng.integers(0, n + 2, 40),
                    rng.integers(0, n + 2, 40),
                    rng.integers(1, 1000, (40, 1), dtype=np.int32),
                ),
                delete=(src[picks[i]], dst[picks[i]]),
                id=i,
            )
        )
    replay = g.clone()
    csr_states = {digest(*replay.to_csr())}
    edge_states = {digest(*replay.edges())}
    for b in batches:
        replay.apply(b)
        csr_states.add(digest(*replay.to_csr()))
        edge_states.add(digest(*replay.edges()))
    return g, batches, csr_states, edge_states


def test_exports_during_applies_see_whole_states() -> None:
    g, batches, csr_states, edge_states = setup()
    done = threading.Event()
    started = threading.Condition()
    exports = [0]  # exports started so far
    window: list[float] = []
    reads: list[tuple[float, float]] = []

    def writer() -> None:
        window.append(time.monotonic())
        seen = [0]  # exports started when the writer last looked
        try:
            for b in batches:
                with started:  # apply once a reader has started an export
                    started.wait_for(lambda: exports[0] > seen[0], timeout=10)
                    seen[0] = exports[0]
                g.apply(b)
        finally:
            window.append(time.monotonic())
            done.set()

    def reader(kind: str) -> Callable[[], None]:
        def run() -> None:
            while not done.is_set():
                with started:
                    exports[0] += 1
                    started.notify_all()
                t0 = time.monotonic()
                if kind == "edges":
                    s, d, w = g.edges()
                    assert len(s) == len(d) and w is not None and len(w) == len(s)
                    assert digest(s, d, w) in edge_states
                elif kind == "clone":
                    c = g.clone()
                    c.check_integrity()
                    assert digest(*c.to_csr()) in csr_states
                else:
                    rp, col, w = g.to_csr()
                    t1 = time.monotonic()
                    check_csr(rp, col, len(rp) - 1)
                    assert w is not None and len(w) == len(col)
                    assert digest(rp, col, w) in csr_states
                    reads.append((t0, t1))

        return run

    run_threads([writer, reader("csr"), reader("csr"), reader("edges"), reader("clone")])
    assert digest(*g.to_csr()) in csr_states
    assert g.version == BATCHES
    # the readers really ran while the batches were applied
    start, end = window
    assert sum(start < t1 and t0 < end for t0, t1 in reads) >= 3
    g.check_integrity()
