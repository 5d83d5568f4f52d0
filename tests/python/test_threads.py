"""Python threads on graphs and results; Ctrl-C during a long native call."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
import pytest

import dyng
import dyng.testing
from helpers import check_csr_structure, run_threads, snapshot

NUM_THREADS = 4
ITERATIONS = 40


def random_graph(seed: int, n: int, m: int, k: int = 1) -> dyng.Graph:
    rng = np.random.default_rng(seed)
    src = rng.integers(0, n, m, dtype=np.int32)
    dst = rng.integers(0, n, m, dtype=np.int32)
    w = rng.integers(1, 100, (m, k), dtype=np.int32) if k > 0 else None
    return dyng.Graph.from_edges(src, dst, w, num_vertices=n)


def random_batches(seed: int, n: int, count: int, size: int, k: int = 1) -> list[dyng.EdgeBatch]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        iu = rng.integers(0, n + 5, size)
        iv = rng.integers(0, n + 5, size)
        w = rng.integers(1, 100, (size, k), dtype=np.int32)
        du = rng.integers(0, n, size)
        dv = rng.integers(0, n, size)
        out.append(dyng.EdgeBatch(insert=(iu, iv, w), delete=(du, dv)))
    return out


def test_threads_on_separate_and_shared_graphs() -> None:
    shared = random_graph(1, 300, 3000)
    shared_before = snapshot(shared)
    shared_degrees = dyng.testing.degrees(shared).degrees.tolist()
    own = [random_graph(10 + i, 200, 2000) for i in range(NUM_THREADS)]
    replay = [g.clone() for g in own]
    batches = [random_batches(100 + i, 200, ITERATIONS, 50) for i in range(NUM_THREADS)]

    def worker(i: int) -> Callable[[], None]:
        def run() -> None:
            g = own[i]
            res = dyng.testing.degrees(g)
            for j, b in enumerate(batches[i]):
                if j % 2 == 0:
                    g.apply(b)
                    res = dyng.testing.degrees(g)
                else:
                    dyng.testing.update_degrees(g, b, res)
                # reads of the shared graph, each export checked by itself
                rp, col, w = shared.to_csr(transposed=j % 3 == 0)
                check_csr_structure(rp, col, 300, sorted_rows=True)
                assert w is not None
                assert w.shape == (len(col), 1)
                src, dst, _ = shared.edges()
                assert len(src) == len(dst) == shared_before[1]
                assert dyng.testing.degrees(shared).degrees.tolist() == shared_degrees
            assert res.degrees.tolist() == np.diff(g.to_csr()[0]).tolist()

        return run

    run_threads([worker(i) for i in range(NUM_THREADS)])
    assert snapshot(shared) == shared_before
    for g, r, bs in zip(own, replay, batches, strict=True):
        for b in bs:
            r.apply(b)
        assert snapshot(g)[:4] == snapshot(r)[:4]
        assert snapshot(g)[5:] == snapshot(r)[5:]
        g.check_integrity()


def test_readers_see_whole_states_of_a_changing_graph() -> None:
    g = random_graph(2, 200, 1500)
    batches = random_batches(3, 200, ITERATIONS, 80)
    # every state the writer goes through, from a sequential replay
    states: set[bytes] = set()
    r = g.clone()

    def key(rp: npt.NDArray[np.int32], col: npt.NDArray[np.int32]) -> bytes:
        return rp.astype(np.int64).tobytes() + b"|" + col.astype(np.int64).tobytes()

    states.add(key(*r.to_csr()[:2]))
    for b in batches:
        r.apply(b)
        states.add(key(*r.to_csr()[:2]))
    seen: list[int] = []

    def writer() -> None:
        for b in batches:
            g.apply(b)

    def reader() -> None:
        count = 0
        for _ in range(ITERATIONS * 2):
            rp, col, w = g.to_csr()
            check_csr_structure(rp, col, len(rp) - 1, sorted_rows=True)
            assert w is not None
            assert key(rp, col) in states
            _ = g.num_edges
            _ = g.version
            count += 1
        seen.append(count)

    run_threads([writer] + [reader] * (NUM_THREADS - 1))
    assert snapshot(g)[6:] == snapshot(r)[6:]
    assert g.version == ITERATIONS
    assert len(seen) == NUM_THREADS - 1
    g.check_integrity()


def test_threads_updating_one_graph_are_serialized() -> None:
    g = random_graph(4, 100, 500)
    batches = [random_batches(50 + i, 100, 10, 20) for i in range(NUM_THREADS)]

    def worker(i: int) -> Callable[[], None]:
        def run() -> None:
            for b in batches[i]:
                g.apply(b)

        return run

    run_threads([worker(i) for i in range(NUM_THREADS)])
    assert g.version == 10 * NUM_THREADS
    g.check_integrity()


def test_threads_updating_results_of_one_graph() -> None:
    g = random_graph(6, 150, 800)
    batches = [random_batches(70 + i, 150, 15, 20) for i in range(NUM_THREADS)]
    done = [0] * NUM_THREADS
    stale = [0] * NUM_THREADS

    def worker(i: int) -> Callable[[], None]:
        def run() -> None:
            res = dyng.testing.degrees(g)
            for b in batches[i]:
                try:
                    dyng.testing.update_degrees(g, b, res)
                    done[i] += 1
                except dyng.StaleResultError:
                    stale[i] += 1  # another thread changed the graph first
                    res = dyng.testing.degrees(g)

        return run

    run_threads([worker(i) for i in range(NUM_THREADS)])
    assert g.version == sum(done)
    assert sum(done) + sum(stale) == 15 * NUM_THREADS
    assert sum(done) >= 15  # at least one thread's worth went through
    assert dyng.testing.degrees(g).degrees.tolist() == np.diff(g.to_csr()[0]).tolist()
    g.check_integrity()


def test_reading_a_result_while_it_is_updated() -> None:
    g = random_graph(8, 120, 600)
    batches = random_batches(9, 120, ITERATIONS, 30)
    replay = g.clone()
    states = {tuple(np.diff(replay.to_csr()[0]).tolist())}
    for b in batches:
        replay.apply(b)
        states.add(tuple(np.diff(replay.to_csr()[0]).tolist()))
    res = dyng.testing.degrees(g)
    reads = [0]

    def writer() -> None:
        for b in batches:
            dyng.testing.update_degrees(g, b, res)

    def reader() -> None:
        for _ in range(ITERATIONS * 3):
            try:
                a = res.degrees
                view = np.asarray(a)
            except dyng.StaleResultError:
                continue  # updated between getting the array and viewing it
            values = tuple(view.tolist())
            assert values in states
            assert tuple(view.tolist()) == values  # a view never changes under the reader
            reads[0] += 1

    run_threads([writer] + [reader] * (NUM_THREADS - 1))
    assert res.degrees.tolist() == np.diff(g.to_csr()[0]).tolist()
    assert g.version == ITERATIONS
    assert reads[0] > 0


def test_profile_while_threads_apply() -> None:
    graphs = [random_graph(20 + i, 100, 500) for i in range(NUM_THREADS)]
    batches = [random_batches(60 + i, 100, 10, 20) for i in range(NUM_THREADS)]

    def worker(i: int) -> Callable[[], None]:
        def run() -> None:
            for b in batches[i]:
                graphs[i].apply(b)

        return run

    with dyng.profile() as prof:
        run_threads([worker(i) for i in range(NUM_THREADS)])
    assert prof.stages["graph.apply"].calls == 10 * NUM_THREADS


# ---- Ctrl-C ---------------------------------------------------------------------

CTRL_C_SCRIPT = r"""
import os, signal, sys, threading, time
import numpy as np
import dyng

rng = np.random.default_rng(7)
n, m = 1_000_000, 3_000_000
g = dyng.Graph.from_edges(rng.integers(0, n, m, dtype=np.int32),
                          rng.integers(0, n, m, dtype=np.int32),
                          rng.integers(1, 100, m, dtype=np.int32), num_vertices=n)
size = 2_000_000
batch = dyng.EdgeBatch(
    insert=(rng.integers(0, n, size, dtype=np.int32), rng.integers(0, n, size, dtype=np.int32),
            rng.integers(1, 100, size, dtype=np.int32)),
    delete=(rng.integers(0, n, size, dtype=np.int32), rng.integers(0, n, size, dtype=np.int32)))
MODE = sys.argv[1]
# Python's own handler, even when this process was started with SIGINT ignored (a parent
# shell's background job), in which case Python would leave it ignored.
signal.signal(signal.SIGINT, signal.default_int_handler)

started = threading.Event()
def fire():
    started.wait()
    time.sleep(0.05)
    if MODE == "kill":
        os.kill(os.getpid(), signal.SIGINT)
    else:
        import _thread
        _thread.interrupt_main()
threading.Thread(target=fire, daemon=True).start()

version = g.version
csr = None
where = "none"
deadline = time.monotonic() + 60  # until the signal lands (late on a loaded machine)
try:
    while time.monotonic() < deadline:
        version = g.version
        csr = g.to_csr()
        started.set()
        where = "apply"
        g.apply(batch)
        where = "python"
    print("completed")
except KeyboardInterrupt:
    print("interrupted", where)
g.check_integrity()
if where == "apply" and g.version == version:
    rp, col, w = g.to_csr()
    assert (rp == csr[0]).all() and (col == csr[1]).all() and (w == csr[2]).all()
    print("unchanged")
else:
    assert g.version in (version, version + 1), (g.version, version)
    print("consistent")
# the graph still works afterwards
g.apply(dyng.EdgeBatch(insert=([0], [1], [5])))
g.check_integrity()
print("ok")
"""


@pytest.mark.parametrize("mode", ["kill", "interrupt_main"])
def test_ctrl_c_during_apply(mode: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", CTRL_C_SCRIPT, mode],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.split()
    assert "interrupted" in lines, proc.stdout
    assert lines[-1] == "ok"
    assert "unchanged" in lines or "consistent" in lines


def test_resources_interrupt_flag_stops_a_long_call() -> None:
    r = dyng.Resources.sequential()
    rng = np.random.default_rng(5)
    n, m = 100_000, 400_000
    g = dyng.Graph.from_edges(
        rng.integers(0, n, m, dtype=np.int32),
        rng.integers(0, n, m, dtype=np.int32),
        num_vertices=n,
        resources=r,
    )
    size = 500_000
    batch = dyng.EdgeBatch(
        insert=(rng.integers(0, n, size, dtype=np.int32), rng.integers(0, n, size, dtype=np.int32)),
        delete=(rng.integers(0, n, size, dtype=np.int32), rng.integers(0, n, size, dtype=np.int32)),
    )
    before = snapshot(g)
    assert not r.interrupted
    r.interrupt()
    assert r.interrupted
    try:
        with pytest.raises(KeyboardInterrupt):
            g.apply(batch)
    finally:
        r.clear_interrupt()
    # Read after the flag is cleared: whole-graph reads stop while it is set.
    assert snapshot(g) == before
    g.check_integrity()
    assert not r.interrupted
    s = g.apply(batch)
    assert g.version == 1
    assert s.version == 1
