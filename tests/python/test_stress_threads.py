"""Stress: 8 Python threads on one shared graph and its shared results, for a bounded time.

Every thread runs a seeded random mix of calls on the same objects: a graph ``G``, its sssp
tree and cycle histogram (published in a shared box, replaced when they go stale), the same
list of batches, and the same resources handle:

- writes: ``dyng.update(G, b, tree, hist)``, ``G.apply(b)``, ``dyng.sssp.update(G, b, tree)``,
  ``dyng.cycle_count.update(G, b, hist)``, and recomputing the results after they went stale;
- reads: ``to_csr`` (both directions), ``edges``, ``degree``, ``row`` (both directions),
  ``has_edge`` with ``weight``, ``check_integrity``, ``clone``
  (then private work on the clone, on the shared resources handle), result clones, and the
  results' arrays exported every way an ``Array`` allows (``to_numpy(copy=False)``,
  ``np.asarray``, ``memoryview``, versioned DLPack, ``tolist``, a copy), some of the views kept
  alive across later updates and checked again (copy-on-write), the rest dropped at once;
- the resources handle's ``scratch_bytes``, ``release_scratch`` and ``copy_policy`` (toggled).

Some ``Array`` objects are published for other threads to export at the same time.

What is checked: nothing crashes, and no read is torn: every state a reader sees equals the
state that a sequential replay of the applied batches, in version order, has at a version the
read may legally have seen. After the threads stop the batches are replayed on a fresh graph
with ``dyng.update``, and every recorded read is compared with the replayed state (graph
exports, distances, parents, cycle counts); the replayed results are checked against
``dyng.sssp.compute``/``dyng.cycle_count.compute`` at every version a read refers to, and
against the pure-Python oracles (``dyng.testing.dijkstra`` and ``simple_cycles``) at a sample
of them.

The interleavings the API allows (docs/python.md, "Threads and interruption"; the locks of
python/_core) and how the test reads them:

- ``Graph.apply`` and every update hold the graph's lock and each result's exclusively for the
  whole call: each is one step that gets one version (``ApplySummary.version``,
  ``Stats.apply.version``): 1, 2, 3, ... in the order the steps took effect. The test records
  which batch made each version, and checks that the versions have no gap.
- Each read of one object (an export, ``clone``, ``version``, a result's ``graph_version``, an
  ``Array`` export) holds that object's lock shared, so it sees one whole state; two reads are
  two steps, and a write may come between them. A reader therefore brackets a read between two
  reads of the version (the graph's, or the result's ``graph_version``) and the state it saw
  must be the replayed state at some version in that range. A clone (graph or result) copies
  one state together with its version, so it must match its own version exactly.
- ``G.apply(b)`` (or an update of one of the two results) moves the graph on without the other
  results: ``dyng.update`` with them raises ``StaleResultError`` until a thread recomputes and
  publishes new ones. That is legal; the test checks that one of the results really was behind
  the graph (a result's version never passes its graph's, and a stale result stays behind).
- An ``Array`` belongs to one state of its result: using it after an update raises
  ``StaleResultError`` (legal; the test checks ``is_stale``). Views taken before keep showing
  the state they were made from (checked when they are dropped).

Time: ``DYNG_STRESS_SECONDS`` (default 3 s, 1.5 s when ``DYNG_TEST_SANITIZED`` is set) of
threads, at least ``MIN_OPS`` calls per thread and at most ``MAX_VERSIONS`` writes (spread over
the run), then the replay (about a second here).
``DYNG_STRESS_SEED`` changes the random mix.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os
import random
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

import dyng
import dyng.testing

NUM_THREADS = 8
MIN_OPS = 25  # calls per thread at least, however slow the machine
SOURCE = 0
MAX_LENGTH = 5  # cycle lengths counted
N0 = 40  # vertices at first; insertions name up to N0 + GROWTH - 1
GROWTH = 4
NUM_PAIRS = 180  # the pairs (u, v) batches draw from: the graph stays small and sparse
NUM_BATCHES = 64
MAX_VERSIONS = 6000  # writes at most, spread over the run (the replay stays short)
ORACLE_VERSIONS = 40  # replayed versions checked against the pure-Python oracles


def stress_seconds() -> float:
    value = os.environ.get("DYNG_STRESS_SECONDS")
    if value:
        return float(value)
    return 1.5 if os.environ.get("DYNG_TEST_SANITIZED") else 3.0


def digest(*arrays: npt.NDArray[Any] | None) -> bytes:
    """A digest of arrays: dtype, shape and bytes of each (None counts as well)."""
    h = hashlib.blake2b(digest_size=16)
    for a in arrays:
        if a is None:
            h.update(b"None;")
            continue
        c = np.ascontiguousarray(a)
        h.update(f"{c.dtype.str}{c.shape};".encode())
        h.update(c.tobytes())
    return h.digest()


# ---- the shared objects -----------------------------------------------------------------


def make_resources() -> dyng.Resources:
    try:
        return dyng.Resources.openmp(2)
    except dyng.NotSupportedError:  # a build without OpenMP (DYNG_OPENMP=OFF)
        return dyng.Resources.sequential()


def make_pairs(rng: np.random.Generator) -> list[tuple[int, int]]:
    n = N0 + GROWTH
    pairs: set[tuple[int, int]] = {(SOURCE, v) for v in (1, 2, 3)}
    while len(pairs) < NUM_PAIRS:
        u, v = (int(x) for x in rng.integers(0, n, 2))
        if u != v:
            pairs.add((u, v))
    return sorted(pairs)


def make_graph(
    rng: np.random.Generator, pairs: list[tuple[int, int]], res: dyng.Resources
) -> dyng.Graph:
    inside = [p for p in pairs if p[0] < N0 and p[1] < N0]
    chosen = [inside[i] for i in rng.choice(len(inside), len(inside) // 2, replace=False)]
    src = np.array([u for u, _ in chosen], dtype=np.int32)
    dst = np.array([v for _, v in chosen], dtype=np.int32)
    w = rng.integers(1, 20, len(chosen), dtype=np.int32)
    return dyng.Graph.from_edges(src, dst, w, num_vertices=N0, resources=res)


def make_batches(rng: np.random.Generator, pairs: list[tuple[int, int]]) -> list[dyng.EdgeBatch]:
    """Batches of a few insertions and deletions of the pairs (one empty batch)."""
    out = [dyng.EdgeBatch()]
    while len(out) < NUM_BATCHES:
        k_ins, k_del = (int(x) for x in rng.integers(0, 5, 2))
        ins = [pairs[i] for i in rng.integers(0, len(pairs), k_ins)]
        dels = [pairs[i] for i in rng.integers(0, len(pairs), k_del)]
        out.append(
            dyng.EdgeBatch(
                insert=(
                    np.array([u for u, _ in ins], dtype=np.int32),
                    np.array([v for _, v in ins], dtype=np.int32),
                    rng.integers(1, 20, k_ins, dtype=np.int32),
                ),
                delete=(
                    np.array([u for u, _ in dels], dtype=np.int32),
                    np.array([v for _, v in dels], dtype=np.int32),
                ),
            )
        )
    return out


# ---- what the threads record ------------------------------------------------------------


Seen = bytes | int | tuple[bool, int | None]  # a digest, a degree, or (has_edge, weight)


@dataclass(frozen=True)
class Read:
    """One read: its kind, the version range it may have seen, and what it saw."""

    kind: str  # a key of ReplayState.digests, "degree:<v>:<t>", "row:<v>:<t>" or "pair:<u>:<v>"
    low: int
    high: int
    seen: Seen
    how: str  # the call, for the failure message


@dataclass
class Shared:
    graph: dyng.Graph
    batches: list[dyng.EdgeBatch]
    results: tuple[dyng.sssp.Result, dyng.cycle_count.Result]
    next_batch: Callable[[], int]
    stop: threading.Event = field(default_factory=threading.Event)
    failures: list[str] = field(default_factory=list)
    # Arrays that several threads export at once: kind -> (array, the version read before
    # it was made, its result's graph_version)
    arrays: dict[str, tuple[dyng.Array, int, Callable[[], int]]] = field(default_factory=dict)


class Worker:
    """One thread's random mix of calls on the shared objects."""

    def __init__(
        self, shared: Shared, index: int, seed: int, started: float, deadline: float
    ) -> None:
        self.s = shared
        self.index = index
        self.rng = random.Random(seed * 1000 + index)
        self.started = started
        self.deadline = deadline
        self.held: list[tuple[npt.NDArray[Any], bytes, str]] = []
        self.reads: list[Read] = []
        self.applied: list[tuple[int, int]] = []
        self.counts: dict[str, int] = {}
        ops: list[tuple[Callable[[], None], int]] = [
            (self.op_update, 14),
            (self.op_apply, 4),
            (self.op_read_graph, 12),
            (self.op_degree, 4),
            (self.op_row, 3),
            (self.op_pair, 3),
            (self.op_read_tree, 16),
            (self.op_read_hist, 10),
            (self.op_clone_graph, 6),
            (self.op_clone_results, 4),
            (self.op_check, 3),
            (self.op_resources, 2),
        ]
        self.ops = [f for f, _ in ops]
        self.weights = [w for _, w in ops]

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def run(self) -> None:
        done = 0
        while not self.s.stop.is_set() and (done < MIN_OPS or time.monotonic() < self.deadline):
            (op,) = self.rng.choices(self.ops, self.weights)
            op()
            if self.held and self.rng.random() < 0.3:
                self.check_held(self.held.pop(self.rng.randrange(len(self.held))))
            done += 1
        while self.held:
            self.check_held(self.held.pop())

    # -- writes --------------------------------------------------------------

    def may_write(self) -> bool:
        """Whether the writes are behind MAX_VERSIONS spread over the run."""
        elapsed = (time.monotonic() - self.started) / (self.deadline - self.started)
        return self.s.graph.version < MAX_VERSIONS * min(1.0, max(0.05, elapsed))

    def batch(self) -> tuple[int, dyng.EdgeBatch]:
        i = self.s.next_batch() % len(self.s.batches)
        return i, self.s.batches[i]

    def op_update(self) -> None:
        if not self.may_write():
            self.op_read_tree()
            return
        g = self.s.graph
        tree, hist = self.s.results
        i, b = self.batch()
        try:
            st_tree, st_hist = dyng.update(g, b, tree, hist)
        except dyng.StaleResultError:
            # legal only when one of them is behind the graph (and then it stays behind)
            behind = min(tree.graph_version, hist.graph_version)
            assert behind < g.version, (
                f"StaleResultError from dyng.update, but tree and histogram are at versions "
                f"{tree.graph_version} and {hist.graph_version}, the graph at {g.version}"
            )
            self.count("stale update")
            self.refresh()
            return
        assert st_tree.apply.version == st_hist.apply.version
        self.applied.append((st_tree.apply.version, i))
        assert tree.graph_version >= st_tree.apply.version
        self.count("update")

    def op_apply(self) -> None:
        if not self.may_write():
            self.op_read_hist()
            return
        g = self.s.graph
        tree, hist = self.s.results
        i, b = self.batch()
        how = self.rng.randrange(3)
        try:
            if how == 0:
                v = g.apply(b).version
            elif how == 1:
                v = dyng.sssp.update(g, b, tree).apply.version
            else:
                v = dyng.cycle_count.update(g, b, hist).apply.version
        except dyng.StaleResultError:
            assert how > 0
            assert (tree if how == 1 else hist).graph_version < g.version
            self.count("stale update")
            self.refresh()
            return
        self.applied.append((v, i))
        self.count(["apply", "sssp.update", "cycle_count.update"][how])

    def refresh(self) -> None:
        """Recompute both results and publish them (unless another thread did already)."""
        g = self.s.graph
        tree, hist = self.s.results
        if tree.graph_version == hist.graph_version == g.version:
            return  # published meanwhile (or current again)
        new_tree = dyng.sssp.compute(g, SOURCE)
        new_hist = dyng.cycle_count.compute(g, max_length=MAX_LENGTH)
        # fresh results nobody else holds yet: their states are exact
        v = new_tree.graph_version
        self.record("dist", v, v, digest(new_tree.distances.to_numpy()), "sssp.compute distances")
        self.record("par", v, v, digest(new_tree.parents.to_numpy()), "sssp.compute parents")
        v = new_hist.graph_version
        self.record("counts", v, v, digest(new_hist.counts.to_numpy()), "cycle_count.compute")
        self.s.results = (new_tree, new_hist)
        self.count("refresh")

    # -- reads of the graph -----------------------------------------------------

    def record(self, kind: str, low: int, high: int, seen: Seen, how: str) -> None:
        assert low <= high, (kind, low, high, how)
        self.reads.append(Read(kind, low, high, seen, how))

    def op_read_graph(self) -> None:
        g = self.s.graph
        what = self.rng.randrange(3)
        low = g.version
        if what == 2:
            src, dst, w = g.edges()
            seen = digest(src, dst, w)
        else:
            rp, col, w = g.to_csr(transposed=what == 1)
            seen = digest(rp, col, w)
        high = g.version
        kind = ["csr", "tcsr", "edges"][what]
        self.record(kind, low, high, seen, f"Graph.{'edges' if what == 2 else 'to_csr'}")
        self.count("read " + kind)

    def op_degree(self) -> None:
        g = self.s.graph
        v = self.rng.randrange(N0)
        transposed = self.rng.random() < 0.5
        low = g.version
        d = g.degree(v, transposed=transposed)
        high = g.version
        self.record(f"degree:{v}:{int(transposed)}", low, high, d, "Graph.degree")
        self.count("degree")

    def op_row(self) -> None:
        g = self.s.graph
        v = self.rng.randrange(N0)
        transposed = self.rng.random() < 0.5
        low = g.version
        ids, w = g.row(v, transposed=transposed)
        high = g.version
        self.record(f"row:{v}:{int(transposed)}", low, high, digest(ids, w), "Graph.row")
        self.count("row")

    def op_pair(self) -> None:
        g = self.s.graph
        u, v = self.rng.randrange(N0), self.rng.randrange(N0)
        low = g.version
        has = g.has_edge(u, v)
        # A write may come between the two reads: the weight is read again
        # under the lock of edge_weights (one read), with has_edge's answer.
        found = int(g.edge_weights([u], [v], default=0)[0, 0])  # weights are 1 or more
        high = g.version
        self.record(f"pair:{u}:{v}", low, high, (has, None), "Graph.has_edge")
        self.record(f"pair:{u}:{v}", low, high, (found != 0, found or None), "Graph.edge_weights")
        if has and self.rng.random() < 0.5:
            with contextlib.suppress(dyng.errors.InvalidArgumentError):  # deleted since has_edge
                weight = g.weight(u, v)  # before the version that bounds it is read
                self.record(f"pair:{u}:{v}", low, g.version, (True, weight), "Graph.weight")
        self.count("pair")

    def op_check(self) -> None:
        self.s.graph.check_integrity()
        self.count("check_integrity")

    def op_clone_graph(self) -> None:
        c = self.s.graph.clone()
        v = c.version
        c.check_integrity()
        rp, col, w = c.to_csr()
        self.record("csr", v, v, digest(rp, col, w), "Graph.clone")
        src, dst, w = c.edges()
        self.record("edges", v, v, digest(src, dst, w), "Graph.clone")
        self.count("clone graph")
        if self.rng.random() < 0.4:
            # private work on the clone, on the shared resources handle
            t = dyng.sssp.compute(c, SOURCE)
            for _ in range(2):
                _, b = self.batch()
                dyng.update(c, b, t)
            assert c.version == v + 2
            want = dyng.sssp.compute(c, SOURCE)
            assert np.array_equal(t.distances.to_numpy(), want.distances.to_numpy())
            assert np.array_equal(t.parents.to_numpy(), want.parents.to_numpy())
            c.check_integrity()
            self.count("private updates")

    def op_resources(self) -> None:
        r = self.s.graph.resources
        # Read while other threads' calls grow the scratch space (a race that TSan found
        # here, fixed by making the sizes atomics).
        assert r.scratch_bytes >= 0
        try:
            r.release_scratch()
        except dyng.InvalidArgumentError:
            self.count("release_scratch busy")  # another thread's call holds it: legal
        if self.rng.random() < 0.5:
            # copy-on-write for every update, or only under a live export
            r.copy_policy = "always" if r.copy_policy == "on_write" else "on_write"
        self.count("resources")

    # -- reads of the results ------------------------------------------------------

    def export(self, a: dyng.Array, dtype: type[Any]) -> tuple[npt.NDArray[Any], str, bool]:
        """Export a result Array one of the ways it allows: (values, how, is_view)."""
        how = self.rng.randrange(7)
        if how == 0:
            return a.to_numpy(copy=False), "to_numpy(copy=False)", True
        if how == 1:
            return np.asarray(a), "np.asarray", True
        if how == 2:
            return np.asarray(memoryview(a)), "memoryview", True
        if how == 3:
            return np.from_dlpack(a), "np.from_dlpack", True
        if how == 4:
            capsule = a.__dlpack__(max_version=(1, 0))  # made and dropped, never consumed
            del capsule
            return a.to_numpy(), "__dlpack__ + to_numpy()", False
        if how == 5:
            return np.array(a.tolist(), dtype=dtype), "tolist", False
        return a.to_numpy(), "to_numpy()", False

    def read_array(
        self, kind: str, get: Callable[[], dyng.Array], version: Callable[[], int]
    ) -> None:
        published = self.s.arrays.get(kind)
        if published is not None and self.rng.random() < 0.3:
            # another thread's Array: while its result's generation has not moved, the
            # result is still in the state it was made from
            a, low, version = published
        else:
            low = version()
            a = get()
            if self.rng.random() < 0.3:
                self.s.arrays[kind] = (a, low, version)
        try:
            values, how, is_view = self.export(a, np.uint64 if kind == "counts" else np.int64)
        except dyng.StaleResultError:
            # legal: the result was updated between get() and the export
            assert a.is_stale, "StaleResultError from an Array that is not stale"
            self.count("stale array")
            return
        high = version()
        seen = digest(values)
        self.record(kind, low, high, seen, how)
        if is_view:
            assert not values.flags.writeable, how
            if self.rng.random() < 0.3 and len(self.held) < 8:
                self.held.append((values, seen, how))  # kept across later updates
        self.count("read " + kind)

    def check_held(self, item: tuple[npt.NDArray[Any], bytes, str]) -> None:
        view, seen, how = item
        assert digest(view) == seen, f"a view ({how}) changed under its holder"

    def op_read_tree(self) -> None:
        tree, _ = self.s.results
        if self.rng.random() < 0.5:
            self.read_array("dist", lambda: tree.distances, lambda: tree.graph_version)
        else:
            self.read_array("par", lambda: tree.parents, lambda: tree.graph_version)

    def op_read_hist(self) -> None:
        _, hist = self.s.results
        if self.rng.random() < 0.7:
            self.read_array("counts", lambda: hist.counts, lambda: hist.graph_version)
            return
        low = hist.graph_version
        d = hist.to_dict()
        high = hist.graph_version
        counts = np.zeros(MAX_LENGTH + 1, dtype=np.uint64)
        for k, c in d.items():
            counts[k] = c
        self.record("counts", low, high, digest(counts), "to_dict")
        self.count("read counts")

    def op_clone_results(self) -> None:
        tree, hist = self.s.results
        t = tree.clone()
        v = t.graph_version
        self.record("dist", v, v, digest(t.distances.to_numpy()), "sssp.Result.clone")
        self.record("par", v, v, digest(t.parents.to_numpy()), "sssp.Result.clone")
        h = hist.clone()
        v = h.graph_version
        self.record("counts", v, v, digest(h.counts.to_numpy()), "cycle_count.Result.clone")
        self.count("clone results")


# ---- the replay ---------------------------------------------------------------------------


@dataclass
class ReplayState:
    digests: dict[str, bytes]
    csr: tuple[npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any] | None]
    t_csr: tuple[npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any] | None]

    def matches(self, read: Read) -> bool:
        kind, _, rest = read.kind.partition(":")
        if kind in ("degree", "row"):
            v, t = (int(x) for x in rest.split(":"))
            rp, col, w = self.t_csr if t == 1 else self.csr
            lo, hi = int(rp[v]), int(rp[v + 1])
            if kind == "degree":
                return hi - lo == read.seen
            return digest(col[lo:hi], None if w is None else w[lo:hi]) == read.seen
        if kind == "pair":
            u, v = (int(x) for x in rest.split(":"))
            rp, col, w = self.csr
            at = np.flatnonzero(col[int(rp[u]) : int(rp[u + 1])] == v)
            assert w is not None
            assert isinstance(read.seen, tuple)
            has, weight = read.seen
            if len(at) == 0:
                return has is False
            return has is True and weight in (None, int(w[int(rp[u]) + int(at[0]), 0]))
        return self.digests[read.kind] == read.seen


def replay_state(
    g: dyng.Graph, tree: dyng.sssp.Result, hist: dyng.cycle_count.Result
) -> ReplayState:
    rp, col, w = g.to_csr()
    trp, tcol, tw = g.to_csr(transposed=True)
    src, dst, ew = g.edges()
    # the update path against recomputation, at every version a read refers to
    fresh = dyng.sssp.compute(g, SOURCE)
    dist, par = tree.distances.to_numpy(), tree.parents.to_numpy()
    assert np.array_equal(dist, fresh.distances.to_numpy())
    assert np.array_equal(par, fresh.parents.to_numpy())
    counts = hist.counts.to_numpy()
    assert np.array_equal(counts, dyng.cycle_count.compute(g, max_length=MAX_LENGTH).counts)
    return ReplayState(
        {
            "csr": digest(rp, col, w),
            "tcsr": digest(trp, tcol, tw),
            "edges": digest(src, dst, ew),
            "dist": digest(dist),
            "par": digest(par),
            "counts": digest(counts),
        },
        (rp, col, w),
        (trp, tcol, tw),
    )


def check_oracles(g: dyng.Graph, tree: dyng.sssp.Result, hist: dyng.cycle_count.Result) -> None:
    dist, par = dyng.testing.dijkstra(g, SOURCE)
    assert np.array_equal(tree.distances.to_numpy(), dist)
    assert np.array_equal(tree.parents.to_numpy(), par)
    assert hist.to_dict() == dyng.testing.simple_cycles(g, MAX_LENGTH)


# ---- the test -----------------------------------------------------------------------------


def run_workers(shared: Shared, seed: int, seconds: float) -> list[Worker]:
    started = time.monotonic()
    deadline = started + max(seconds, 0.01)
    workers = [Worker(shared, i, seed, started, deadline) for i in range(NUM_THREADS)]
    barrier = threading.Barrier(NUM_THREADS)

    def body(w: Worker) -> None:
        try:
            barrier.wait()
            w.run()
        except BaseException:
            shared.failures.append(f"thread {w.index}:\n{traceback.format_exc()}")
            shared.stop.set()

    threads = [threading.Thread(target=body, args=(w,), daemon=True) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 600)
        assert not t.is_alive(), "a thread did not finish (deadlock?)"
    return workers


def test_threads_on_shared_graph_and_results_match_a_sequential_replay() -> None:
    seed = int(os.environ.get("DYNG_STRESS_SEED", "1"))
    rng = np.random.default_rng(seed)
    pairs = make_pairs(rng)
    res = make_resources()
    g = make_graph(rng, pairs, res)
    start = g.clone()  # the replay starts here
    batches = make_batches(rng, pairs)
    tree = dyng.sssp.compute(g, SOURCE)
    hist = dyng.cycle_count.compute(g, max_length=MAX_LENGTH)
    counter = itertools.count()
    shared = Shared(g, batches, (tree, hist), lambda: next(counter))

    workers = run_workers(shared, seed, stress_seconds())
    assert not shared.failures, "\n".join(shared.failures[:3])

    # every successful write has its own version, 1 .. N without a gap
    applied = sorted(itertools.chain.from_iterable(w.applied for w in workers))
    versions = [v for v, _ in applied]
    assert versions == list(range(1, len(versions) + 1)), versions[:50]
    assert g.version == len(versions)
    reads = list(itertools.chain.from_iterable(w.reads for w in workers))
    counts: dict[str, int] = {}
    for w in workers:
        for k, c in w.counts.items():
            counts[k] = counts.get(k, 0) + c
    for kind in ("update", "read csr", "read dist", "read par", "read counts", "clone graph"):
        assert counts.get(kind, 0) > 0, (kind, counts)

    # the replay: the same batches in version order, one update at a time
    final = len(versions)
    needed = {final}
    for r in reads:
        needed.update(range(r.low, r.high + 1))
    oracle_at = set(sorted(needed)[:: max(1, len(needed) // ORACLE_VERSIONS)]) | {0, final}
    r_tree = dyng.sssp.compute(start, SOURCE)
    r_hist = dyng.cycle_count.compute(start, max_length=MAX_LENGTH)
    states: dict[int, ReplayState] = {}
    for v in range(final + 1):
        if v > 0:
            dyng.update(start, batches[applied[v - 1][1]], r_tree, r_hist)
        assert start.version == v
        if v in needed:
            states[v] = replay_state(start, r_tree, r_hist)
        if v in oracle_at:
            check_oracles(start, r_tree, r_hist)

    bad = [r for r in reads if not any(states[v].matches(r) for v in range(r.low, r.high + 1))]
    assert not bad, (
        f"{len(bad)} of {len(reads)} reads saw a state no sequential order gives, e.g. "
        + "; ".join(f"{r.kind} by {r.how} in versions {r.low}..{r.high}" for r in bad[:5])
    )

    # the end state: the graph and the published results that are current
    g.check_integrity()
    want = states[final].digests
    assert want["csr"] == digest(*g.to_csr())
    assert want["tcsr"] == digest(*g.to_csr(transposed=True))
    assert want["edges"] == digest(*g.edges())
    tree, hist = shared.results
    if tree.graph_version == final:
        assert want["dist"] == digest(tree.distances.to_numpy())
        assert want["par"] == digest(tree.parents.to_numpy())
    if hist.graph_version == final:
        assert want["counts"] == digest(hist.counts.to_numpy())


def test_arrays_read_while_fallbacks_drop_the_mirrors_are_current_or_stale() -> None:
    """A fallback drops the result's mirrors; a read racing it must not get an Array that is
    current but has no memory to show (it raised StaleResultError while ``is_stale`` was
    False). Readers take ``tree.distances``/``tree.parents`` and export at once, while a writer
    deletes and reinserts a tree edge with ``fallback_fraction=0`` (every repair recomputes)."""
    n = 2000
    src = np.arange(n - 1, dtype=np.int64)
    g = dyng.Graph.from_edges(src, src + 1, np.ones(n - 1, dtype=np.int64), num_vertices=n)
    tree = dyng.sssp.compute(g, 0, fallback_fraction=0.0)
    cut = dyng.EdgeBatch(delete=([0], [1]))
    mend = dyng.EdgeBatch(insert=([0], [1], [1]))
    stop = threading.Event()
    failures: list[str] = []
    seen = {"stale": 0, "read": 0, "fallbacks": 0}

    def reader(k: int) -> None:
        try:
            while not stop.is_set():
                a = tree.distances if k % 2 == 0 else tree.parents
                try:
                    values = np.asarray(memoryview(a))
                except dyng.StaleResultError:
                    assert a.is_stale, "StaleResultError from an Array that is not stale"
                    seen["stale"] += 1
                    continue
                assert len(values) == n
                seen["read"] += 1
        except BaseException:
            failures.append(traceback.format_exc())
            stop.set()

    def writer() -> None:
        try:
            deadline = time.monotonic() + stress_seconds() / 3
            while time.monotonic() < deadline and not stop.is_set():
                for b in (cut, mend):
                    seen["fallbacks"] += dyng.sssp.update(g, b, tree).fallback_used
        except BaseException:
            failures.append(traceback.format_exc())
        finally:
            stop.set()

    threads = [threading.Thread(target=reader, args=(k,)) for k in range(4)]
    threads.append(threading.Thread(target=writer))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    assert not failures, failures[0]
    assert seen["fallbacks"] > 0 and seen["read"] > 0, seen
