"""Ctrl-C, fork and the garbage collector around native calls.

Each scenario runs in a child interpreter (a hang becomes a failed test at the
subprocess timeout, and signal handlers stay out of pytest's process).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading

import numpy as np
import pytest

import dyng
from dyng._backend import native

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and fork")


def run_script(script: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def ok_lines(proc: subprocess.CompletedProcess[str]) -> list[str]:
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.split("\n")


# The complete graph on n vertices (undirected), less edge (0, 1) when `less`;
# its cycles by length, from the formula (cycle_count.Result.from_counts takes
# them as they are, so a long update can start without a long compute).
COMPLETE_GRAPH = r"""
import math
import numpy as np
import dyng

def complete(n, less=False):
    src, dst = np.nonzero(np.triu(~np.eye(n, dtype=bool)))
    keep = ~((src == 0) & (dst == 1)) if less else np.ones(len(src), bool)
    return dyng.Graph.from_edges(src[keep].astype(np.int32), dst[keep].astype(np.int32),
                                 directed=False)

def counts_less_one_edge(n):
    through = [0, 0, 0] + [math.factorial(n - 2) // math.factorial(n - k) for k in range(3, n + 1)]
    every = [0, 0, 0] + [math.comb(n, k) * math.factorial(k - 1) // 2 for k in range(3, n + 1)]
    return np.array([a - b for a, b in zip(every, through)], np.uint64)
"""


# ---- fork ---------------------------------------------------------------------

FORK_SCRIPT = r"""
import multiprocessing, os, sys, time
import dyng

res = dyng.Resources.openmp(num_threads=2)
g = dyng.generators.erdos_renyi(50_000, 250_000, seed=1, weights=(1, 100), resources=res)
want = dyng.sssp.compute(g, 0, engine="near_far").distances.to_numpy()  # a team of two ran here

def child_distances(_):
    return dyng.sssp.compute(g, 0, engine="near_far").distances.to_numpy()

pid = os.fork()
if pid == 0:
    same = (child_distances(0) == want).all()
    os._exit(0 if same and res.num_threads == 1 else 3)
for _ in range(600):
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        break
    time.sleep(0.1)
else:
    os.kill(pid, 9)
    sys.exit("the forked child hung in its first parallel call")
assert os.WEXITSTATUS(status) == 0, status
print("fork ok")

with multiprocessing.get_context("fork").Pool(2) as pool:
    outs = pool.map_async(child_distances, range(2)).get(timeout=60)
assert all((o == want).all() for o in outs)
print("pool ok", res.num_threads)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork")
def test_a_forked_child_runs_on_one_thread_instead_of_hanging() -> None:
    # GNU OpenMP's parked threads are not in the child; libdyng runs the
    # child's calls on one thread (its team of two would wait for ever).
    lines = ok_lines(run_script(FORK_SCRIPT))
    assert "fork ok" in lines
    assert "pool ok 2" in lines  # the parent keeps its threads


# ---- the garbage collector inside a native export -------------------------------

GC_SCRIPT = r"""
import gc, sys, threading
import numpy as np
import dyng

g = dyng.Graph.from_edges(np.arange(2000, dtype=np.int32), np.arange(1, 2001, dtype=np.int32))
batch = dyng.EdgeBatch(insert=([1], [2]))
ran = []

class Finalized:
    def __init__(self):
        self.me = self  # a cycle: only the collector frees it
    def __del__(self):
        # A write of the graph being exported: while the export held the
        # graph's lock, this waited for it for ever.
        g.apply(batch)
        ran.append(1)

def exports():
    # Off the main thread, where a call allocates nothing before its export.
    to_csr, edges = g._g.to_csr, g._g.edges
    gc.set_threshold(1)
    for i in range(200):
        hold = [tuple([k, k, k]) for k in range(2100)]  # empty the free list of 3-tuples
        gc.collect()
        Finalized()
        (to_csr if i % 2 else edges)()  # its result tuple: the next allocation the collector sees
        del hold
    gc.set_threshold(700)
    gc.collect()

thread = threading.Thread(target=exports, daemon=True)
thread.start()
thread.join(30)
if thread.is_alive():
    sys.exit("deadlocked")
assert len(ran) == 200 and g.version == 200, (len(ran), g.version)
print("gc ok")
"""


def test_a_finalizer_that_calls_dyng_during_an_export_does_not_deadlock() -> None:
    assert "gc ok" in ok_lines(run_script(GC_SCRIPT, timeout=60))


# ---- the profiler on two threads --------------------------------------------------


def test_profile_blocks_of_two_threads_need_not_nest() -> None:
    g = dyng.generators.erdos_renyi(1000, 5000, seed=1, weights=(1, 9))
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    out: dict[str, dyng.Profile] = {}

    def first() -> None:
        with dyng.profile() as p1:
            g.to_csr()
            first_in.set()
            second_in.wait()
        out["p1"] = p1
        first_out.set()

    def second() -> None:
        first_in.wait()
        with dyng.profile() as p2:
            g.edges()
            second_in.set()
            first_out.wait()
            g.clone()  # after the first block ended: this block still records
        out["p2"] = p2

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert set(out["p2"].stages) == {"graph.edges", "graph.clone"}
    assert set(out["p1"].stages) == {"graph.to_csr"}
    assert native.profiler_attach(None) is None  # no block left attached
    with dyng.profile() as p3:
        g.degree(0)
    assert set(p3.stages) == {"graph.degree"}


# ---- Ctrl-C ---------------------------------------------------------------------

LATE_CTRL_C_SCRIPT = (
    COMPLETE_GRAPH
    + r"""
import os, signal, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)
outcomes = []
for attempt in range(5):
    g = complete(12, less=True)
    h = dyng.cycle_count.Result.from_counts(g, counts_less_one_edge(12), max_length=-1)
    threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT)).start()
    try:
        # The apply takes microseconds; the repair enumerates the cycles
        # through the new edge (0.3 s), and no Ctrl-C stops it.
        dyng.cycle_count.update(g, dyng.EdgeBatch(insert=([0], [1])), h)
        time.sleep(1)  # the signal came after the call: not the case looked for
        outcomes.append("after")
    except KeyboardInterrupt as e:
        if g.version == 0:  # stopped before the apply: nothing changed
            assert "interrupted" in str(e) and h.graph_version == 0, str(e)
            outcomes.append("before")
            continue
        assert "too late to stop the update" in str(e) and "version 1" in str(e), repr(e)
        assert h.graph_version == 1 and h.count(3) == 220, (h.graph_version, h.count(3))
        outcomes.append("late")
        break
print(outcomes)
print("late ok" if "late" in outcomes else "never late")
"""
)


def test_ctrl_c_after_the_apply_of_an_update_says_the_change_is_made() -> None:
    lines = ok_lines(run_script(LATE_CTRL_C_SCRIPT))
    assert "late ok" in lines, lines


USER_HANDLER_SCRIPT = (
    COMPLETE_GRAPH
    + r"""
import os, signal, sys, threading, time
g = complete(12)
want = dyng.cycle_count.compute(g, max_length=10).total
if sys.argv[1] == "default":
    signal.signal(signal.SIGINT, signal.SIG_DFL)
else:
    seen = []
    signal.signal(signal.SIGINT, lambda signo, frame: seen.append(time.monotonic()))
for attempt in range(5):
    sent = []
    timer = threading.Timer(0.05, lambda: (os.kill(os.getpid(), signal.SIGINT),
                                           sent.append(time.monotonic())))
    timer.start()
    got = dyng.cycle_count.compute(g, max_length=10).total  # 0.2 s; Ctrl-C does not stop it
    ended = time.monotonic()
    timer.join()
    assert got == want, (got, want)
    if sent and sent[0] < ended:  # the signal came while the call ran
        time.sleep(0.1)
        assert len(seen) == attempt + 1 and seen[-1] >= sent[0], seen
        print("handler ok")
        break
"""
)


def test_a_sigint_handler_of_the_user_runs_after_the_call() -> None:
    assert "handler ok" in ok_lines(run_script(USER_HANDLER_SCRIPT, "user"))


def test_sig_dfl_ends_the_process_on_ctrl_c_during_a_call() -> None:
    proc = run_script(USER_HANDLER_SCRIPT, "default")
    assert proc.returncode == -signal.SIGINT, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr  # killed by the signal, not an exception


TWO_THREADS_SCRIPT = (
    COMPLETE_GRAPH
    + r"""
import os, signal, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)
k13 = complete(13)
for attempt in range(3):
    out = []
    def worker():
        try:
            out.append(dyng.cycle_count.compute(k13.clone(), max_length=-1).total)  # minutes
        except KeyboardInterrupt as e:
            out.append(str(e))
    th = threading.Thread(target=worker, daemon=True)
    th.start()
    threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
    try:
        dyng.cycle_count.compute(k13, max_length=-1)
        raise SystemExit("the main thread's call was not stopped")
    except KeyboardInterrupt:
        pass
    th.join(30)
    if th.is_alive():
        print("worker still running")
        os._exit(3)
    assert out == ["cycle_count compute was interrupted"], out
print("threads ok")
"""
)


def test_ctrl_c_stops_native_calls_on_other_threads_too() -> None:
    assert "threads ok" in ok_lines(run_script(TWO_THREADS_SCRIPT))


def test_apply_and_update_still_work_when_no_signal_came() -> None:
    g = dyng.Graph.from_edges(np.array([0, 1], np.int32), np.array([1, 2], np.int32), [1, 1])
    assert g.apply(dyng.EdgeBatch(insert=([2], [0], [1]))).version == 1
    tree = dyng.sssp.compute(g, 0)
    (stats,) = dyng.update(g, dyng.EdgeBatch(delete=([0], [1])), tree)
    assert tree.distances.tolist() == [0, dyng.sssp.INFINITE_DISTANCE, dyng.sssp.INFINITE_DISTANCE]
    assert stats.affected >= 1
