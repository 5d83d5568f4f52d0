"""A failed update leaves every result as it was, the memory it holds included.

An update (``dyng.update``, ``sssp.update``, ``cycle_count.update``) checks
everything that can refuse its batch (each result's own checks, then the batch
against the graph's semantics) before any result makes room for the vertices
the batch would add, sizes that room from the vertex count the batch leaves,
and gives it back when the update fails after all (out of memory, interrupted):
DESIGN 3, "failure is atomic", for the sizes of a result's arrays too.

Memory is read as the process's address space (``VmSize`` in
``/proc/self/status``), with wide margins: what these tests catch is a result
that keeps (or asks for) arrays for tens of millions of vertices, hundreds of
MiB to GiB, after the update that asked for them failed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest

import dyng
from dyng import _core

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads /proc/self/status"
)

MiB = 1 << 20
# The growth a refused batch asks for: 60 million vertices, which before took
# 4.2 GB of address space for an sssp tree and 2.6 GB for a cycle count.
FAR = 60_000_000
# What a refused or failed update may leave behind (allocator noise).
MARGIN = 256 * MiB


def address_space() -> int:
    """The process's address space in bytes (VmSize)."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmSize in /proc/self/status")


# Under a sanitizer (make test-python-asan / -tsan) the allocator maps memory in
# large regions and keeps freed blocks in quarantine, so the address space says
# nothing about what a result keeps: there the memory checks pass, and the
# dev build's run makes them.
SANITIZED = bool(os.environ.get("DYNG_TEST_SANITIZED"))


def grew_less_than(space: int, margin: int) -> bool:
    """Whether the address space grew by less than margin since it was space."""
    return SANITIZED or address_space() - space < margin


def path_graph(semantics: dyng.BatchSemantics | None = None, columns: int = 1) -> dyng.Graph:
    """The path 0 -> 1 -> 2, every weight 1."""
    weights: Any = [1, 1] if columns == 1 else [[1] * columns] * 2
    return dyng.Graph.from_edges(
        np.array([0, 1], np.int64), np.array([1, 2], np.int64), weights, semantics=semantics
    )


def state(g: dyng.Graph, *results: Any) -> tuple[Any, ...]:
    """What a failed update must leave as it was."""
    parts: list[Any] = [g.version, g.num_vertices, g.num_edges]
    for r in results:
        if isinstance(r, dyng.sssp.Result):
            parts += [
                r.graph_version,
                r.distances.to_numpy().tobytes(),
                r.parents.to_numpy().tobytes(),
            ]
        else:
            parts += [r.graph_version, r.counts.to_numpy().tobytes()]
    return tuple(parts)


def test_a_batch_another_tree_refuses_takes_no_memory() -> None:
    # The tester's case: a weight 0 in the second tree's column. The first
    # tree used to make room for 60 million vertices before the second one
    # refused the batch, and kept it.
    g = path_graph(columns=2)
    t0 = dyng.sssp.compute(g, 0, objective=0)
    t1 = dyng.sssp.compute(g, 0, objective=1)
    before, space = state(g, t0, t1), address_space()
    with pytest.raises(dyng.InvalidArgumentError, match="weight 0 in column 1"):
        dyng.update(g, dyng.EdgeBatch(insert=([2], [FAR], [[1, 0]])), t0, t1)
    assert grew_less_than(space, MARGIN)
    assert state(g, t0, t1) == before
    # Both trees go on.
    dyng.update(g, dyng.EdgeBatch(insert=([2], [0], [[1, 1]])), t0, t1)
    assert t0.distances.to_numpy().tolist() == [0, 1, 2]
    assert t1.parents.to_numpy().tolist() == [-1, 0, 1]


# Each rule of the graph's semantics that refuses a batch, and the change of
# the batch (besides the growth) that it refuses.
REFUSALS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "on_self_loop": ({"on_self_loop": "error"}, {"insert": ([2, 1], [FAR, 1], [1, 1])}),
    "on_missing_delete": (
        {"on_missing_delete": "error"},
        {"insert": ([2], [FAR], [1]), "delete": ([0], [2])},
    ),
    "on_existing_insert": (
        {"on_existing_insert": "error"},
        {"insert": ([2, 0], [FAR, 1], [1, 1])},
    ),
    "allow_vertex_growth": ({"allow_vertex_growth": False}, {"insert": ([2], [FAR], [1])}),
}


@pytest.mark.parametrize("kind", ["sssp", "cycle_count", "both"])
@pytest.mark.parametrize("rule", sorted(REFUSALS))
def test_a_batch_the_semantics_refuse_takes_no_memory(rule: str, kind: str) -> None:
    rules, changes = REFUSALS[rule]
    g = path_graph(dyng.BatchSemantics(**rules))
    results: list[Any] = []
    if kind in ("sssp", "both"):
        results.append(dyng.sssp.compute(g, 0))
    if kind in ("cycle_count", "both"):
        results.append(dyng.cycle_count.compute(g, max_length=-1))
    before, space = state(g, *results), address_space()
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.update(g, dyng.EdgeBatch(**changes), *results)
    assert grew_less_than(space, MARGIN)
    assert state(g, *results) == before
    # The results go on: 2 -> 0 closes a cycle.
    dyng.update(g, dyng.EdgeBatch(insert=([2], [0], [1])), *results)
    for r in results:
        if isinstance(r, dyng.sssp.Result):
            assert r.distances.to_numpy().tolist() == [0, 1, 2]
        else:
            assert r.count(3) == 1


@contextmanager
def address_space_limit(extra: int) -> Iterator[None]:
    """Cap the process's address space at what it uses now plus `extra` bytes."""
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = address_space() + extra
    if hard != resource.RLIM_INFINITY and limit > hard:
        pytest.skip("the hard limit on the address space is too low")
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@pytest.mark.skipif(
    SANITIZED,
    reason="a sanitizer's allocator ends the process when the address-space limit is reached",
)
def test_out_of_memory_for_growth_leaves_the_tree_as_it_was() -> None:
    # The tester's case: an update whose batch would grow the graph to 10
    # million vertices runs out of address space once the tree has made its
    # own arrays for them (160 MB), at its work arrays (570 MB). The tree used
    # to keep the grown size: every later update asked for the work arrays of
    # 10 million vertices again, and failed.
    g = path_graph()
    tree = dyng.sssp.compute(g, 0)
    small = dyng.EdgeBatch(insert=([2], [0], [1]))
    dyng.sssp.update(g, small, tree)  # the tree makes its work arrays, the threads start
    before, space = state(g, tree), address_space()
    with address_space_limit(300 * MiB):
        with pytest.raises(dyng.OutOfMemoryError):
            dyng.sssp.update(g, dyng.EdgeBatch(insert=([2], [10_000_000], [1])), tree)
        assert state(g, tree) == before
        dyng.sssp.update(g, small, tree)
        dyng.sssp.update(g, small, tree)
    assert grew_less_than(space, MARGIN)
    assert tree.distances.to_numpy().tolist() == [0, 1, 2]


def growth(n: int) -> dyng.EdgeBatch:
    """A batch that grows the path graph (once 2 -> 0 is in) to n vertices and
    deletes the edge of its cycle (so that the cycle count searches before the
    apply)."""
    return dyng.EdgeBatch(insert=([2, 0], [n - 1, 2], [1, 5]), delete=([2], [0]))


@pytest.mark.skipif(
    not hasattr(_core, "_testing_fail_allocation"),
    reason="the extension was built without DYNG_TESTING_HOOKS (a wheel)",
)
@pytest.mark.parametrize(
    ("where", "n"), [("sssp work arrays", 10_000_000), ("cycle_count work arrays", 4_000_000)]
)
def test_an_allocation_failing_for_growth_leaves_the_results_as_they_were(
    where: str, n: int
) -> None:
    # dyng.update(graph, batch, tree, hist) with the allocation of `where`
    # failing, for a batch that grows the graph to n vertices: the tree's work
    # arrays, after its own arrays were made (it used to keep those: 160 MB,
    # and 570 MB more at its next update); the cycle count's, after the
    # tree's every array was made (it used to keep them all: 290 MB). The
    # allocation is found with a growth of a thousand vertices, which makes
    # the same allocations in the same order; a failed update changes
    # nothing, so the search leaves the results as they were.
    g = path_graph()
    tree = dyng.sssp.compute(g, 0)
    hist = dyng.cycle_count.compute(g, max_length=4)
    small = dyng.EdgeBatch(insert=([2], [0], [1]))
    dyng.update(g, small, tree, hist)  # every work array made, the threads started
    arm: Callable[[int], int] = _core._testing_fail_allocation

    def fails_at(k: int, batch: dyng.EdgeBatch) -> str:
        arm(k)
        try:
            dyng.update(g, batch, tree, hist)
        except MemoryError as e:
            return str(e)
        finally:
            arm(0)
        return ""

    before = state(g, tree, hist)
    k = next(k for k in range(1, 100) if where in fails_at(k, growth(1000)))
    assert state(g, tree, hist) == before
    space = address_space()
    assert where in fails_at(k, growth(n))
    assert state(g, tree, hist) == before
    assert grew_less_than(space, 128 * MiB)
    # The next updates grow nothing, and need no memory of that size.
    dyng.update(g, small, tree, hist)
    dyng.update(g, growth(1000), tree, hist)
    assert grew_less_than(space, 128 * MiB)
    assert tree.distances.to_numpy()[[0, 1, 2, 999]].tolist() == [0, 1, 2, 3]
    assert hist.to_dict() == dyng.cycle_count.compute(g, max_length=4).to_dict()


@pytest.mark.parametrize("rule", sorted(REFUSALS))
def test_a_refused_batch_grows_no_degrees(rule: str) -> None:
    # The testing DegreeResult makes room for its degrees the same way: only
    # once the apply has accepted the batch.
    rules, changes = REFUSALS[rule]
    g = path_graph(dyng.BatchSemantics(**rules))
    r = dyng.testing.degrees(g)
    space = address_space()
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.testing.update_degrees(g, dyng.EdgeBatch(**changes), r)
    assert grew_less_than(space, MARGIN)
    assert r.degrees.to_numpy().tolist() == [1, 1, 0]
    dyng.testing.update_degrees(g, dyng.EdgeBatch(insert=([2], [0], [1])), r)
    assert r.degrees.to_numpy().tolist() == [1, 1, 1]
