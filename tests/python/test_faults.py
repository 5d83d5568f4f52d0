"""Every allocation, and every interrupt poll, of a call failed in turn, from Python.

The extension of a test build has two hooks (``_core._testing_fail_allocation``
and ``_core._testing_interrupt_at_poll``; never in a wheel). For each call (apply;
sssp compute and update; cycle_count compute and update; ``dyng.update`` with
both results) the sweep runs it on fresh copies with fault k = 1, 2, ... until
a run meets no fault:

- allocation k of libdyng fails: the call raises ``MemoryError``, or succeeds
  when it has a way around the failure;
- the interrupt flag is raised at poll k (and stays raised): the call raises
  ``KeyboardInterrupt``, or succeeds when the poll came after the point of no
  return (an update's repairs run to their end once the batch is applied).

A call that raises leaves the graph and every result exactly as before
(edges both ways, weights, version, state id, result arrays); one that
succeeds gives exactly what the same call gives without faults.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import pytest

import dyng
from dyng import _core

pytestmark = pytest.mark.skipif(
    not hasattr(_core, "_testing_fail_allocation"),
    reason="the extension was built without DYNG_TESTING_HOOKS (a wheel)",
)


@dataclass
class World:
    """A graph and its results, as one call sees them."""

    graph: dyng.Graph
    tree: dyng.sssp.Result | None = None
    hist: dyng.cycle_count.Result | None = None

    def clone(self) -> World:
        """A deep copy whose resources hold no scratch space (so a call makes
        the allocations of a first call)."""
        w = World(
            self.graph.clone(),
            None if self.tree is None else self.tree.clone(),
            None if self.hist is None else self.hist.clone(),
        )
        w.graph.resources.release_scratch()
        return w

    def state(self) -> tuple[Any, ...]:
        """Everything a failed call must leave as it was."""
        g = self.graph
        parts: list[Any] = [g.version, g.state_id, g.num_vertices, g.num_edges]
        for transposed in (False, True):
            parts.extend(a.tobytes() for a in g.to_csr(transposed=transposed) if a is not None)
        if self.tree is not None:
            parts += [
                self.tree.graph_version,
                self.tree.distances.to_numpy().tobytes(),
                self.tree.parents.to_numpy().tobytes(),
            ]
        if self.hist is not None:
            parts += [self.hist.graph_version, self.hist.counts.to_numpy().tobytes()]
        return tuple(parts)


def without_state_id(state: tuple[Any, ...]) -> tuple[Any, ...]:
    """A state with the graph's state id left out (new after every apply)."""
    return state[:1] + state[2:]


Call = Callable[[World], object]
T = TypeVar("T")


def present(value: T | None) -> T:
    """`value`, which a world's clone always has."""
    assert value is not None
    return value


def arm(fault: str, k: int) -> int:
    """Arm fault k (0: off); returns the count since the last call."""
    if fault == "allocation":
        return _core._testing_fail_allocation(k)
    return _core._testing_interrupt_at_poll(k)


def sweep(call: Call, base: World, fault: str) -> tuple[int, int]:
    """Run `call` under fault k = 1, 2, ... on copies of `base`; check each run.

    Returns (runs that raised, runs that succeeded although their fault was met).
    """
    expected: type[BaseException] = MemoryError if fault == "allocation" else KeyboardInterrupt
    ref = base.clone()
    arm(fault, 0)
    call(ref)
    arm(fault, 0)
    want = without_state_id(ref.state())
    failed = survived = 0
    for k in itertools.count(1):
        w = base.clone()
        before = w.state()
        arm(fault, k)
        try:
            call(w)
        except expected:
            made = arm(fault, 0)
            failed += 1
            assert w.state() == before, f"{fault} {k}: the call failed and changed something"
        except BaseException:
            arm(fault, 0)
            raise
        else:
            made = arm(fault, 0)
            survived += made >= k
            assert without_state_id(w.state()) == want, f"{fault} {k}: a different result"
        if made < k:
            break
    assert failed > 0
    return failed, survived


def road_graph(n: int, seed: int) -> dyng.Graph:
    """A weighted directed graph: a ring plus random chords (every vertex reachable)."""
    rng = np.random.default_rng(seed)
    m = 3 * n
    src = np.concatenate([np.arange(n), rng.integers(0, n, m)])
    dst = np.concatenate([(np.arange(n) + 1) % n, rng.integers(0, n, m)])
    w = rng.integers(1, 10, len(src))
    return dyng.Graph.from_edges(src.astype(np.int32), dst.astype(np.int32), w.astype(np.int32))


def batch_for(graph: dyng.Graph, size: int, seed: int) -> dyng.EdgeBatch:
    """Deletions of existing edges (the source's first), insertions, two new vertices."""
    rng = np.random.default_rng(seed)
    src, dst, _ = graph.edges()
    pick = np.concatenate([[0, 1], rng.integers(0, len(src), size - 2)])
    n = graph.num_vertices
    ins_s = np.concatenate([rng.integers(0, n, size), [0, n + 1]])
    ins_d = np.concatenate([rng.integers(0, n, size), [n + 1, n]])
    return dyng.EdgeBatch(
        insert=(ins_s, ins_d, rng.integers(1, 10, size + 2)),
        delete=(np.asarray(src)[pick], np.asarray(dst)[pick]),
    )


SP_GRAPH = road_graph(5000, 1)
SP_BATCH = batch_for(SP_GRAPH, 40, 2)
CC_GRAPH = road_graph(250, 3)
CC_BATCH = batch_for(CC_GRAPH, 16, 4)
FAULTS = ("allocation", "interrupt")


def set_tree(w: World, engine: str) -> None:
    w.tree = dyng.sssp.compute(w.graph, 0, engine=engine)


def set_hist(w: World) -> None:
    w.hist = dyng.cycle_count.compute(w.graph, max_length=5)


@pytest.mark.parametrize("fault", FAULTS)
def test_apply(fault: str) -> None:
    sweep(lambda w: w.graph.apply(SP_BATCH), World(SP_GRAPH), fault)


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("engine", ["dijkstra", "near_far"])
def test_sssp_compute(fault: str, engine: str) -> None:
    sweep(lambda w: set_tree(w, engine), World(SP_GRAPH), fault)


@pytest.mark.parametrize("fault", FAULTS)
def test_sssp_update(fault: str) -> None:
    base = World(SP_GRAPH, dyng.sssp.compute(SP_GRAPH, 0))
    sweep(lambda w: dyng.sssp.update(w.graph, SP_BATCH, present(w.tree)), base, fault)


@pytest.mark.parametrize("fault", FAULTS)
def test_cycle_count_compute(fault: str) -> None:
    sweep(set_hist, World(CC_GRAPH), fault)


@pytest.mark.parametrize("fault", FAULTS)
def test_cycle_count_update(fault: str) -> None:
    base = World(CC_GRAPH, None, dyng.cycle_count.compute(CC_GRAPH, max_length=5))
    sweep(lambda w: dyng.cycle_count.update(w.graph, CC_BATCH, present(w.hist)), base, fault)


@pytest.mark.parametrize("fault", FAULTS)
def test_update_both_results(fault: str) -> None:
    base = World(
        CC_GRAPH, dyng.sssp.compute(CC_GRAPH, 0), dyng.cycle_count.compute(CC_GRAPH, max_length=5)
    )

    def call(w: World) -> None:
        assert w.tree is not None and w.hist is not None
        dyng.update(w.graph, CC_BATCH, w.tree, w.hist)

    failed, _ = sweep(call, base, fault)
    # Both results' preparations allocate: more points than either update alone.
    assert failed > 1


def test_hooks_count_and_reset() -> None:
    """The hooks count what they should, so the sweeps above cannot pass vacuously."""
    arm("allocation", 0)
    dyng.sssp.compute(CC_GRAPH, 0)
    assert arm("allocation", 0) > 0
    arm("allocation", 1)
    with pytest.raises(MemoryError):
        dyng.sssp.compute(CC_GRAPH, 0)
    assert arm("allocation", 0) >= 1
    arm("interrupt", 1)
    with pytest.raises(KeyboardInterrupt):
        dyng.cycle_count.compute(CC_GRAPH, max_length=4)
    assert arm("interrupt", 0) >= 1
    with pytest.raises(dyng.InvalidArgumentError, match="accepted"):
        _core._testing_fail_allocation(-1)
