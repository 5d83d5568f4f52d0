"""Graph.apply against the reference model of docs/semantics.md."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dyng
from helpers import assert_graph_equals_model, build_graph, dyng_semantics, ints, snapshot
from refmodel import (
    INT64_MAX,
    SET_SEMANTICS,
    BatchSpec,
    GraphSpec,
    Model,
    ModelError,
    Semantics,
    batch_specs,
    graph_specs,
    semantics_strategy,
)

ERROR_OF_KIND: dict[str, type[dyng.Error]] = {
    "invalid": dyng.InvalidArgumentError,
    "capacity": dyng.CapacityError,
}


def batch_from(spec: BatchSpec, as_lists: bool) -> dyng.EdgeBatch:
    kw = spec.arrays()
    if as_lists and (spec.insertions or spec.num_weights == 0):
        kw = {key: tuple(a.tolist() for a in value) for key, value in kw.items()}
    return dyng.EdgeBatch(**kw)


def apply_and_compare(g: dyng.Graph, m: Model, spec: BatchSpec, as_lists: bool = False) -> None:
    """Apply to both; on success compare everything, on failure check nothing changed."""
    before = snapshot(g)
    batch = batch_from(spec, as_lists)
    try:
        want = m.apply(spec.insertions, spec.deletions, spec.num_weights)
    except ModelError as e:
        with pytest.raises(ERROR_OF_KIND[e.kind]):
            g.apply(batch)
        assert snapshot(g) == before
        g.check_integrity()
        return
    got = g.apply(batch)
    assert isinstance(got, dyng.ApplySummary)
    assert dataclasses.asdict(got) == want.as_dict()
    assert_graph_equals_model(g, m)
    assert g.state_id != before[4]
    assert got.num_edges == before[1] + got.inserted - got.deleted


@st.composite
def scenario(
    draw: st.DrawFn, semantics: st.SearchStrategy[Semantics]
) -> tuple[GraphSpec, Semantics, list[BatchSpec], list[bool]]:
    spec = draw(graph_specs())
    sem = draw(semantics)
    batches: list[BatchSpec] = []
    n = spec.n
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        b = draw(batch_specs(n, spec.num_weights))
        batches.append(b)
        n = max([n, *[max(u, v) + 1 for u, v, _ in b.insertions]])
    lists = draw(st.lists(st.booleans(), min_size=len(batches), max_size=len(batches)))
    return spec, sem, batches, lists


def run_scenario(sc: tuple[GraphSpec, Semantics, list[BatchSpec], list[bool]]) -> None:
    spec, sem, batches, lists = sc
    g = build_graph(spec, sem)
    m = spec.model(sem)
    assert_graph_equals_model(g, m)
    for b, as_lists in zip(batches, lists, strict=True):
        apply_and_compare(g, m, b, as_lists)


@given(scenario(semantics_strategy))
def test_apply_matches_model_any_semantics(
    sc: tuple[GraphSpec, Semantics, list[BatchSpec], list[bool]],
) -> None:
    run_scenario(sc)


@given(scenario(st.just(Semantics())))
def test_apply_matches_model_upsert_last_wins(
    sc: tuple[GraphSpec, Semantics, list[BatchSpec], list[bool]],
) -> None:
    run_scenario(sc)


@given(scenario(st.just(SET_SEMANTICS)))
def test_apply_matches_model_set(
    sc: tuple[GraphSpec, Semantics, list[BatchSpec], list[bool]],
) -> None:
    run_scenario(sc)


@given(graph_specs(num_weights=2), st.data())
def test_apply_int64_graph(spec: GraphSpec, data: st.DataObject) -> None:
    src, dst, w = spec.arrays()
    g = dyng.Graph.from_edges(
        src.astype(np.int64),
        dst.astype(np.int64),
        w,
        num_vertices=spec.n,
        directed=spec.directed,
        row_order=spec.order,
        multi_edges=spec.parallel_edges,
        store_transposed=spec.store_transposed,
    )
    assert g.vertex_dtype == np.dtype(np.int64)
    m = spec.model()
    m.vertex_max = INT64_MAX
    assert_graph_equals_model(g, m)
    apply_and_compare(g, m, data.draw(batch_specs(spec.n, 2)), data.draw(st.booleans()))


def test_presets_are_the_documented_semantics() -> None:
    assert dyng_semantics(Semantics()) == dyng.BatchSemantics.upsert_last_wins()
    assert dyng_semantics(SET_SEMANTICS) == dyng.BatchSemantics.set()


# ---- the full summary, written out by hand (checks the model too) --------------


def summary_tuple(s: dyng.ApplySummary) -> tuple[int, ...]:
    return tuple(int(getattr(s, f.name)) for f in dataclasses.fields(s))


def test_summary_upsert_last_wins_by_hand() -> None:
    g = dyng.Graph.from_edges([0, 1], [1, 2], [1, 2])
    b = dyng.EdgeBatch(insert=([0, 2, 0], [1, 3, 1], [5, 7, 9]), delete=([1, 5, 1], [2, 6, 2]))
    s = g.apply(b)
    # inserted updated deleted ign_del ign_ins loops cancelled dups new n m version
    assert summary_tuple(s) == (1, 2, 1, 2, 0, 0, 0, 0, 1, 4, 2, 1)
    src, dst, w = g.edges()
    assert ints(src) == [0, 2]
    assert ints(dst) == [1, 3]
    assert w is not None
    assert w.tolist() == [[9], [7]]
    m = Model.build([0, 1], [1, 2], [(1,), (2,)], num_weights=1)
    want = m.apply([(0, 1, (5,)), (2, 3, (7,)), (0, 1, (9,))], [(1, 2), (5, 6), (1, 2)])
    assert dataclasses.asdict(s) == want.as_dict()


def test_summary_set_undirected_by_hand() -> None:
    g = dyng.Graph.from_edges(
        [0, 1, 2], [1, 2, 3], directed=False, semantics=dyng.BatchSemantics.set()
    )
    b = dyng.EdgeBatch(
        insert=([1, 0, 3, 2, 4, 4], [0, 1, 3, 1, 5, 5]),
        delete=([2, 3, 2, 9, 7], [1, 2, 3, 9, 8]),
    )
    s = g.apply(b)
    assert s.self_loops_dropped == 2
    assert s.duplicates_merged == 3
    assert s.new_vertices == 2
    assert s.deleted == 1  # {2,3}; {1,2} is cancelled
    assert s.ignored_deletions == 1  # {7,8}
    assert s.ignored_insertions == 1  # {0,1} exists
    assert s.inserted == 1  # {4,5}
    assert s.cancelled == 1  # {1,2} deleted and re-inserted
    assert s.updated == 0
    assert (s.num_vertices, s.num_edges, s.version) == (6, 3, 1)
    src, dst, _ = g.edges()
    assert list(zip(ints(src), ints(dst), strict=True)) == [(0, 1), (1, 2), (4, 5)]
    g.check_integrity()


def test_summary_is_frozen() -> None:
    g = dyng.Graph.from_edges([0], [1])
    s = g.apply(dyng.EdgeBatch(insert=([1], [0])))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(s, "inserted", 5)  # noqa: B010
    assert s == dataclasses.replace(s)


def test_empty_batch_bumps_the_version() -> None:
    g = dyng.Graph.from_edges([0, 1], [1, 2])
    before = snapshot(g)
    s = g.apply(dyng.EdgeBatch())
    assert summary_tuple(s) == (0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2, 1)
    assert g.version == 1
    assert g.state_id != before[4]
    assert snapshot(g)[6:] == before[6:]
    g.apply(dyng.EdgeBatch())
    assert g.version == 2


def test_deletions_first_off_deletes_what_the_batch_added() -> None:
    sem = dyng.BatchSemantics(deletions_first=False)
    g = dyng.Graph.from_edges([0], [1], semantics=sem)
    s = g.apply(dyng.EdgeBatch(insert=([3], [4]), delete=([3, 0], [4, 1])))
    assert (s.inserted, s.deleted, s.ignored_deletions, s.new_vertices) == (1, 2, 0, 3)
    assert g.num_edges == 0
    assert g.num_vertices == 5
    # deletions first (default): the deletion of the new edge runs before it exists
    h = dyng.Graph.from_edges([0], [1])
    s = h.apply(dyng.EdgeBatch(insert=([3], [4]), delete=([3, 0], [4, 1])))
    assert (s.inserted, s.deleted, s.ignored_deletions) == (1, 1, 1)
    assert h.num_edges == 1


def test_deletion_removes_the_first_parallel_edge() -> None:
    g = dyng.Graph.from_edges(
        [0, 0, 0], [1, 1, 1], [10, 20, 30], multi_edges="allow", row_order="append"
    )
    s = g.apply(
        dyng.EdgeBatch(
            insert=(np.empty(0, np.int32), np.empty(0, np.int32), np.empty((0, 1), np.int32)),
            delete=([0], [1]),
        )
    )
    assert s.deleted == 1
    _, _, w = g.edges()
    assert w is not None
    assert w.tolist() == [[20], [30]]
    s = g.apply(dyng.EdgeBatch(insert=([0], [1], [99])))
    assert s.updated == 1  # the first remaining entry takes the weights
    _, _, w = g.edges()
    assert w is not None
    assert w.tolist() == [[99], [30]]


# ---- error switches: nothing changes ---------------------------------------------


def error_case(sem: dyng.BatchSemantics, batch: dyng.EdgeBatch, directed: bool = True) -> None:
    g = dyng.Graph.from_edges(
        [0, 1, 2], [1, 2, 0], [1, 2, 3], num_vertices=4, directed=directed, semantics=sem
    )
    g.apply(dyng.EdgeBatch(insert=([3], [0], [4])))  # version 1
    before = snapshot(g)
    csr_before = [a.copy() if a is not None else None for a in g.to_csr()]
    with pytest.raises(dyng.InvalidArgumentError):
        g.apply(batch)
    assert snapshot(g) == before
    assert g.version == 1
    csr_after = g.to_csr()
    for a, b in zip(csr_before, csr_after, strict=True):
        assert (a is None and b is None) or (
            a is not None and b is not None and a.tobytes() == b.tobytes()
        )
    g.check_integrity()
    # the graph still works
    g.apply(dyng.EdgeBatch(insert=([2], [3], [5])))
    assert g.version == 2


@pytest.mark.parametrize("directed", [True, False])
def test_on_existing_insert_error(directed: bool) -> None:
    sem = dyng.BatchSemantics(on_existing_insert="error")
    # valid changes first, the existing pair (1, 2) last
    batch = dyng.EdgeBatch(insert=([0, 5, 1], [3, 6, 2], [7, 8, 9]), delete=([2], [0]))
    error_case(sem, batch, directed)


@pytest.mark.parametrize("directed", [True, False])
def test_on_missing_delete_error(directed: bool) -> None:
    sem = dyng.BatchSemantics(on_missing_delete="error")
    batch = dyng.EdgeBatch(insert=([0, 6], [3, 7], [7, 8]), delete=([0, 1, 1], [1, 2, 3]))
    error_case(sem, batch, directed)


@pytest.mark.parametrize("in_deletions", [False, True])
def test_on_self_loop_error(in_deletions: bool) -> None:
    sem = dyng.BatchSemantics(on_self_loop="error")
    if in_deletions:
        batch = dyng.EdgeBatch(insert=([0], [3], [7]), delete=([0, 2], [1, 2]))
    else:
        batch = dyng.EdgeBatch(insert=([0, 4], [3, 4], [7, 8]), delete=([0], [1]))
    error_case(sem, batch)


def test_growth_disallowed_error() -> None:
    sem = dyng.BatchSemantics(allow_vertex_growth=False)
    error_case(sem, dyng.EdgeBatch(insert=([0, 1], [2, 9], [1, 1])))


def test_weight_count_mismatch() -> None:
    error_case(dyng.BatchSemantics(), dyng.EdgeBatch(insert=([0], [1], [[1, 2]])))
    error_case(dyng.BatchSemantics(), dyng.EdgeBatch(insert=([0], [1])))


def test_negative_batch_ids() -> None:
    for kw in (
        {"insert": ([0, -1], [1, 0], [1, 1])},
        {"insert": ([0], [1], [1]), "delete": ([-2], [0])},
    ):
        g = dyng.Graph.from_edges([0, 1], [1, 2], [1, 2])
        before = snapshot(g)
        kwargs: dict[str, Any] = kw
        with pytest.raises(dyng.InvalidArgumentError):
            g.apply(dyng.EdgeBatch(**kwargs))
        assert snapshot(g) == before


def test_apply_rejects_non_batches() -> None:
    g = dyng.Graph.from_edges([0], [1])
    before = snapshot(g)
    bad: Any = ([0], [1])
    with pytest.raises(TypeError):
        g.apply(bad)
    assert snapshot(g) == before


def test_semantics_can_be_given_as_properties() -> None:
    props = dyng.GraphProperties(semantics=dyng.BatchSemantics(on_existing_insert="ignore"))
    g = dyng.Graph.from_edges([0], [1], [5], properties=props)
    s = g.apply(dyng.EdgeBatch(insert=([0], [1], [6])))
    assert (s.ignored_insertions, s.updated) == (1, 0)
    assert g.edges()[2] is not None
    assert g.properties.semantics.on_existing_insert == "ignore"


def test_deletion_only_batch_on_a_weighted_graph() -> None:
    # a batch without insertions carries no weights; it fits a graph of any weight count
    g = dyng.Graph.from_edges([0, 1], [1, 2], np.array([[4, 40], [5, 50]], np.int32))
    s = g.apply(dyng.EdgeBatch(delete=([0, 2], [1, 0])))
    assert (s.deleted, s.ignored_deletions, s.num_edges) == (1, 1, 1)
    _, _, w = g.edges()
    assert w is not None
    assert w.tolist() == [[5, 50]]
