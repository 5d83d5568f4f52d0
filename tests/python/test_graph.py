"""dyng.Graph: building, exporting, properties, versions, copies, against the model."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dyng
from helpers import assert_graph_equals_model, build_graph, ints, snapshot, weights_list
from refmodel import GraphSpec, Model, graph_specs


def i32(*values: int) -> npt.NDArray[np.int32]:
    return np.array(values, dtype=np.int32)


# ---- from_edges against the model -----------------------------------------


@given(graph_specs())
def test_from_edges_matches_model(spec: GraphSpec) -> None:
    g = build_graph(spec)
    assert_graph_equals_model(g, spec.model())
    assert g.version == 0


@given(graph_specs(num_weights=1))
def test_from_edges_one_dimensional_weights(spec: GraphSpec) -> None:
    src, dst, w = spec.arrays()
    assert w is not None
    g = dyng.Graph.from_edges(
        src,
        dst,
        w[:, 0].copy(),
        num_vertices=spec.n,
        directed=spec.directed,
        row_order=spec.order,
        multi_edges=spec.parallel_edges,
        store_transposed=spec.store_transposed,
    )
    assert g.num_weights == 1
    assert_graph_equals_model(g, spec.model())


@pytest.mark.parametrize("directed", [True, False])
@pytest.mark.parametrize("order", ["sorted", "append"])
@pytest.mark.parametrize("multi", ["forbid", "allow"])
def test_duplicates_order_and_merging(directed: bool, order: str, multi: str) -> None:
    # (0, 2) three times with different weights, (0, 1) once, a self-loop twice
    src = i32(0, 0, 0, 3, 0, 3)
    dst = i32(2, 1, 2, 3, 2, 3)
    w = np.array([[1, 10], [2, 20], [3, 30], [4, 40], [5, 50], [6, 60]], dtype=np.int32)
    g = dyng.Graph.from_edges(src, dst, w, directed=directed, row_order=order, multi_edges=multi)
    rp, col, wt = g.to_csr()
    row0 = list(
        zip(
            ints(col[rp[0] : rp[1]]),
            [tuple(x) for x in weights_list(wt, len(col), 2)[rp[0] : rp[1]]],
            strict=True,
        )
    )
    expected = {
        ("append", "allow"): [(2, (1, 10)), (1, (2, 20)), (2, (3, 30)), (2, (5, 50))],
        ("sorted", "allow"): [(1, (2, 20)), (2, (1, 10)), (2, (3, 30)), (2, (5, 50))],
        # forbid: the first position stays, the last weights win
        ("append", "forbid"): [(2, (5, 50)), (1, (2, 20))],
        ("sorted", "forbid"): [(1, (2, 20)), (2, (5, 50))],
    }[(order, multi)]
    assert row0 == expected
    row3 = ints(col[rp[3] : rp[4]])
    assert row3 == ([3, 3] if multi == "allow" else [3])  # a self-loop is stored once per edge
    m = Model.build(
        ints(src),
        ints(dst),
        [tuple(r) for r in w.tolist()],
        directed=directed,
        sorted_rows=order == "sorted",
        allow_parallel=multi == "allow",
        num_weights=2,
    )
    assert_graph_equals_model(g, m)


def test_undirected_both_directions_are_one_edge_twice() -> None:
    g = dyng.Graph.from_edges(i32(0, 1), i32(1, 0), i32(7, 9), directed=False)
    assert g.num_edges == 1
    assert g.num_entries == 2
    src, dst, w = g.edges()
    assert ints(src) == [0]
    assert ints(dst) == [1]
    assert weights_list(w, 1, 1) == [[9]]
    g2 = dyng.Graph.from_edges(i32(0, 1), i32(1, 0), i32(7, 9), directed=False, multi_edges="allow")
    assert g2.num_edges == 2
    assert g2.num_entries == 4


def test_undirected_self_loop_stored_once() -> None:
    g = dyng.Graph.from_edges(i32(0, 1), i32(0, 2), directed=False)
    assert g.num_edges == 2
    assert g.num_entries == 3  # the loop once, {1, 2} twice
    rp, col, _ = g.to_csr()
    assert ints(rp) == [0, 1, 2, 3]
    assert ints(col) == [0, 2, 1]
    assert g.degree(0) == 1


def test_directed_self_loop() -> None:
    g = dyng.Graph.from_edges(i32(1), i32(1), num_vertices=3)
    assert g.num_edges == 1
    assert g.degree(1) == 1
    assert g.degree(1, transposed=True) == 1
    rp, col, _ = g.to_csr(transposed=True)
    assert ints(rp) == [0, 0, 1, 1]
    assert ints(col) == [1]


# ---- empty graphs and vertex counts ----------------------------------------


@pytest.mark.parametrize("directed", [True, False])
def test_empty_graph(directed: bool) -> None:
    g = dyng.Graph.from_edges(
        np.empty(0, dtype=np.int32), np.empty(0, dtype=np.int32), directed=directed
    )
    assert g.num_vertices == 0
    assert g.num_edges == 0
    assert g.num_entries == 0
    rp, col, w = g.to_csr()
    assert ints(rp) == [0]
    assert len(col) == 0
    assert w is None
    src, dst, w = g.edges()
    assert len(src) == 0
    assert len(dst) == 0
    assert w is None
    g.check_integrity()


def test_empty_lists_and_isolated_vertices() -> None:
    g = dyng.Graph.from_edges([], [], num_vertices=5)
    assert g.num_vertices == 5
    assert g.num_edges == 0
    rp, _, _ = g.to_csr()
    assert ints(rp) == [0] * 6
    assert [g.degree(v) for v in range(5)] == [0] * 5


def test_num_vertices_larger_than_ids() -> None:
    g = dyng.Graph.from_edges(i32(0, 2), i32(1, 0), num_vertices=10)
    assert g.num_vertices == 10
    m = Model.build([0, 2], [1, 0], None, num_vertices=10)
    assert_graph_equals_model(g, m)


def test_num_vertices_default_is_one_past_largest_id() -> None:
    g = dyng.Graph.from_edges(i32(0, 6), i32(3, 2))
    assert g.num_vertices == 7


def test_num_vertices_smaller_than_ids_rejected() -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(i32(0, 5), i32(1, 2), num_vertices=5)


# ---- from_csr / to_csr ------------------------------------------------------


def row_multisets(
    rp: list[int], col: list[int], w: list[list[int]]
) -> list[list[tuple[int, tuple[int, ...]]]]:
    return [
        sorted((col[e], tuple(w[e])) for e in range(rp[v], rp[v + 1])) for v in range(len(rp) - 1)
    ]


@given(graph_specs())
def test_from_csr_round_trip(spec: GraphSpec) -> None:
    g = build_graph(spec)
    rp, col, w = g.to_csr()
    g2 = dyng.Graph.from_csr(
        rp,
        col,
        w,
        directed=spec.directed,
        row_order=spec.order,
        multi_edges=spec.parallel_edges,
        store_transposed=spec.store_transposed,
    )
    assert g2.num_vertices == g.num_vertices
    assert g2.num_edges == g.num_edges
    assert g2.num_weights == g.num_weights
    assert g2.version == 0
    rp2, col2, w2 = g2.to_csr()
    k = spec.num_weights
    if spec.directed:
        # the out-rows are given: they are taken as they are, in row order
        assert ints(rp2) == ints(rp)
        assert ints(col2) == ints(col)
        assert weights_list(w2, len(col), k) == weights_list(w, len(col), k)
        # the in-rows: sorted rows are determined; appended ones only as multisets
        rpt, colt, wt = g.to_csr(transposed=True)
        rpt2, colt2, wt2 = g2.to_csr(transposed=True)
        a = row_multisets(ints(rpt), ints(colt), weights_list(wt, len(colt), k))
        b = row_multisets(ints(rpt2), ints(colt2), weights_list(wt2, len(colt2), k))
        assert a == b
        if spec.order == "sorted":
            assert snapshot(g2)[6:] == snapshot(g)[6:]
    else:
        a = row_multisets(ints(rp), ints(col), weights_list(w, len(col), k))
        b = row_multisets(ints(rp2), ints(col2), weights_list(w2, len(col2), k))
        assert a == b
        if spec.order == "sorted" and spec.parallel_edges == "forbid":
            assert snapshot(g2)[6:] == snapshot(g)[6:]
    g2.check_integrity()


def test_from_csr_basic() -> None:
    rp = i32(0, 2, 3, 3)
    col = i32(1, 2, 0)
    g = dyng.Graph.from_csr(rp, col)
    assert g.num_vertices == 3
    assert g.num_edges == 3
    src, dst, w = g.edges()
    assert ints(src) == [0, 0, 1]
    assert ints(dst) == [1, 2, 0]
    assert w is None
    rpt, colt, _ = g.to_csr(transposed=True)
    assert ints(rpt) == [0, 1, 2, 3]
    assert ints(colt) == [1, 0, 0]


def test_from_csr_undirected_symmetric() -> None:
    # {0,1} w=5, {1,2} w=6, loop {2,2} w=7
    rp = i32(0, 1, 3, 5)
    col = i32(1, 0, 2, 1, 2)
    w = i32(5, 5, 6, 6, 7)
    g = dyng.Graph.from_csr(rp, col, w, directed=False)
    assert g.num_edges == 3
    assert g.num_entries == 5
    src, dst, we = g.edges()
    assert ints(src) == [0, 1, 2]
    assert ints(dst) == [1, 2, 2]
    assert weights_list(we, 3, 1) == [[5], [6], [7]]


@pytest.mark.parametrize(
    ("rp", "col", "w"),
    [
        ([0, 1, 1], [1], None),  # (0, 1) without (1, 0)
        ([0, 1, 2], [1, 0], [5, 6]),  # the mirror has other weights
    ],
)
def test_from_csr_asymmetric_undirected_rejected(
    rp: list[int], col: list[int], w: list[int] | None
) -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_csr(
            np.array(rp, dtype=np.int32),
            np.array(col, dtype=np.int32),
            None if w is None else np.array(w, dtype=np.int32),
            directed=False,
        )


@pytest.mark.parametrize(
    ("rp", "col"),
    [
        ([1, 2, 2], [0, 1]),  # row_ptr[0] != 0
        ([0, 2, 1], [0, 1]),  # decreasing
        ([0, 1, 3], [0, 1]),  # past the end of col
        ([0, 1, 1], [0, 1]),  # col longer than row_ptr[n]
        ([0, 1, 2], [0, 2]),  # id >= n
        ([], []),  # no row_ptr[0]
    ],
)
def test_from_csr_malformed(rp: list[int], col: list[int]) -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_csr(np.array(rp, dtype=np.int32), np.array(col, dtype=np.int32))


@pytest.mark.parametrize("n", [2**63 - 1, 2**63 - 2, 2**31])
def test_from_csr_num_vertices_that_disagree_with_row_ptr(n: int) -> None:
    # Past what the ids can name: the message names n + 1 without overflow (the
    # check computed num_vertices + 1 in a signed type, undefined at 2**63 - 1).
    with pytest.raises(dyng.InvalidArgumentError, match=rf"num_vertices \+ 1 = {n + 1} offsets"):
        dyng.Graph.from_csr(
            np.array([0], dtype=np.int32), np.array([], dtype=np.int32), num_vertices=n
        )


def test_from_csr_num_vertices_adds_vertices_after_the_rows() -> None:
    g = dyng.Graph.from_csr(i32(0, 1, 1), i32(3), num_vertices=5)
    assert g.num_vertices == 5 and g.num_edges == 1
    rp, col, _ = g.to_csr()
    assert rp.tolist() == [0, 1, 1, 1, 1, 1] and col.tolist() == [3]
    with pytest.raises(dyng.InvalidArgumentError, match="num_vertices is 1, but row_ptr has 2"):
        dyng.Graph.from_csr(i32(0, 1, 1), i32(1), num_vertices=1)


def test_to_csr_returns_writable_copies() -> None:
    g = dyng.Graph.from_edges(i32(0, 1, 2), i32(1, 2, 0), i32(4, 5, 6))
    before = snapshot(g)
    rp, col, w = g.to_csr()
    assert rp.flags.writeable
    assert col.flags.writeable
    assert w is not None
    assert w.flags.writeable
    rp[:] = 0
    col[:] = 0
    w[:] = 0
    src, dst, we = g.edges()
    src[:] = 5
    dst[:] = 5
    assert we is not None
    we[:] = 5
    assert snapshot(g) == before


def test_to_csr_dtypes() -> None:
    g = dyng.Graph.from_edges(i32(0), i32(1), i32(3))
    rp, col, w = g.to_csr()
    assert rp.dtype == np.int32
    assert col.dtype == np.int32
    assert w is not None
    assert w.dtype == np.int32
    assert w.shape == (1, 1)
    assert g.vertex_dtype == np.dtype(np.int32)
    assert g.edge_dtype == np.dtype(np.int32)
    assert isinstance(g.vertex_dtype, np.dtype)
    assert isinstance(g.edge_dtype, np.dtype)


@given(graph_specs(directed=True))
def test_transposed_export_without_stored_in_edges(spec: GraphSpec) -> None:
    spec.store_transposed = False
    g = build_graph(spec)
    assert_graph_equals_model(g, spec.model())


# ---- properties ------------------------------------------------------------


def test_properties_reflect_the_build() -> None:
    sem = dyng.BatchSemantics.set()
    g = dyng.Graph.from_edges(
        i32(0, 1),
        i32(1, 2),
        np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int32),
        directed=False,
        row_order="append",
        multi_edges="allow",
        store_transposed=False,
        semantics=sem,
    )
    p = g.properties
    assert isinstance(p, dyng.GraphProperties)
    assert p.directed is False
    assert p.order == "append"
    assert p.parallel_edges == "allow"
    assert p.num_weights == 3
    assert p.vertex_dtype == "int32"
    assert p.offset_dtype == "int32"
    assert p.semantics == dyng.BatchSemantics.set()
    assert g.directed is False
    assert g.weighted is True
    assert g.num_weights == 3
    # a copy: changing it changes nothing
    p.directed = True
    p.semantics.as_sets = False
    assert g.properties.directed is False
    assert g.properties.semantics.as_sets is True


def test_default_properties() -> None:
    g = dyng.Graph.from_edges(i32(0), i32(1))
    assert g.properties == dyng.GraphProperties()
    assert dyng.GraphProperties.default() == dyng.GraphProperties()
    p = dyng.GraphProperties()
    assert p.directed is True
    assert p.order == "sorted"
    assert p.parallel_edges == "forbid"
    assert p.store_transposed is True
    assert p.num_weights == 0
    assert p.vertex_dtype == "int32"
    assert p.offset_dtype == "int32"
    assert p.semantics == dyng.BatchSemantics()
    assert g.weighted is False


def test_property_presets() -> None:
    m = dyng.GraphProperties.mosp_compatible()
    assert (m.order, m.parallel_edges, m.directed, m.store_transposed) == (
        "append",
        "allow",
        True,
        True,
    )
    assert m.num_weights == 1
    assert m.semantics == dyng.BatchSemantics.upsert_last_wins()
    assert dyng.GraphProperties.mosp_compatible(num_weights=3).num_weights == 3
    c = dyng.GraphProperties.cycle_enum_compatible()
    assert (c.order, c.parallel_edges, c.directed, c.num_weights) == (
        "sorted",
        "forbid",
        True,
        0,
    )
    assert c.semantics == dyng.BatchSemantics.set()


def test_semantics_presets() -> None:
    d = dyng.BatchSemantics()
    assert d == dyng.BatchSemantics.upsert_last_wins()
    assert (
        d.on_existing_insert,
        d.on_missing_delete,
        d.on_self_loop,
        d.deletions_first,
        d.allow_vertex_growth,
        d.as_sets,
    ) == ("upsert", "ignore", "keep", True, True, False)
    s = dyng.BatchSemantics.set()
    assert (
        s.on_existing_insert,
        s.on_missing_delete,
        s.on_self_loop,
        s.deletions_first,
        s.allow_vertex_growth,
        s.as_sets,
    ) == ("ignore", "ignore", "drop", True, True, True)


def test_properties_keyword_and_overrides() -> None:
    props = dyng.GraphProperties.mosp_compatible(num_weights=2)
    w = np.array([[1, 2], [3, 4], [5, 6]], dtype=np.int32)
    g = dyng.Graph.from_edges(i32(0, 0, 0), i32(2, 1, 2), w, properties=props)
    assert g.properties.order == "append"
    _, col, _ = g.to_csr()
    assert ints(col) == [2, 1, 2]  # append order, parallel edges kept
    g2 = dyng.Graph.from_edges(
        i32(0, 0, 0), i32(2, 1, 2), w, properties=props, row_order="sorted", directed=False
    )
    assert g2.properties.order == "sorted"
    assert g2.properties.parallel_edges == "allow"
    assert g2.directed is False
    # the given properties object is not changed
    assert props.order == "append"
    assert props.directed is True


def test_memory_and_resources() -> None:
    r = dyng.Resources.sequential()
    g = dyng.Graph.from_edges(i32(0, 1), i32(1, 2), resources=r)
    assert isinstance(g.memory_bytes, int)
    assert g.memory_bytes > 0
    assert isinstance(g.resources, dyng.Resources)
    assert g.resources.backend == "sequential"


# ---- versions, state ids, clones, copies ------------------------------------


def test_version_and_state_id() -> None:
    g = dyng.Graph.from_edges(i32(0, 1), i32(1, 2))
    h = dyng.Graph.from_edges(i32(0, 1), i32(1, 2))
    assert g.version == 0
    assert isinstance(g.state_id, int)
    assert g.state_id != h.state_id  # unique in the process
    c = g.clone()
    assert c.state_id == g.state_id
    assert c.version == g.version
    sid = g.state_id
    g.apply(dyng.EdgeBatch(insert=([2], [0])))
    assert g.version == 1
    assert g.state_id != sid
    assert c.state_id == sid  # the clone keeps its own
    assert c.version == 0
    seen = {sid, g.state_id}
    g.apply(dyng.EdgeBatch())
    assert g.version == 2
    assert g.state_id not in seen


def test_clone_is_independent() -> None:
    g = dyng.Graph.from_edges(i32(0, 1, 2), i32(1, 2, 0), i32(5, 6, 7))
    before = snapshot(g)
    c = g.clone()
    assert snapshot(c) == before
    c.apply(dyng.EdgeBatch(insert=([0, 3], [2, 3], [8, 9]), delete=([1], [2])))
    assert snapshot(g) == before
    assert c.num_edges == 4
    assert c.num_vertices == 4
    c.check_integrity()
    no_insertions = (np.empty(0, np.int64), np.empty(0, np.int64), np.empty((0, 1), np.int32))
    g.apply(dyng.EdgeBatch(insert=no_insertions, delete=(np.array([0, 1, 2]), np.array([1, 2, 0]))))
    assert g.num_edges == 0
    assert c.num_edges == 4


def test_copy_and_deepcopy_are_clones() -> None:
    g = dyng.Graph.from_edges(i32(0, 1), i32(1, 0), directed=False)
    for c in (copy.copy(g), copy.deepcopy(g)):
        assert isinstance(c, dyng.Graph)
        assert c is not g
        assert snapshot(c) == snapshot(g)
        c.apply(dyng.EdgeBatch(insert=([2], [3])))
        assert g.num_edges == 1
        assert c.num_edges == 2


def test_pickle_raises_type_error() -> None:
    g = dyng.Graph.from_edges(i32(0), i32(1))
    with pytest.raises(TypeError) as info:
        pickle.dumps(g)
    msg = str(info.value)
    assert "to_csr" in msg
    assert "from_csr" in msg


def test_check_integrity_and_repr() -> None:
    g = dyng.Graph.from_edges(i32(0, 1), i32(1, 2))
    result: object = g.check_integrity()  # type: ignore[func-returns-value]
    assert result is None
    r = repr(g)
    assert isinstance(r, str)
    assert "Graph" in r
    assert "Graph" in repr(dyng.Graph.from_edges([], []))


@given(graph_specs(), st.integers(min_value=0, max_value=20))
def test_degree_matches_rows(spec: GraphSpec, extra: int) -> None:
    g = build_graph(spec)
    m = spec.model()
    for v in range(spec.n):
        assert g.degree(v) == m.degrees(False)[v]
        assert g.degree(v, transposed=True) == m.degrees(True)[v]
    with pytest.raises(dyng.InvalidArgumentError):
        g.degree(spec.n + extra)
    with pytest.raises(dyng.InvalidArgumentError):
        g.degree(-1 - extra)


def test_empty_weighted_graph() -> None:
    g = dyng.Graph.from_edges(
        np.empty(0, np.int32), np.empty(0, np.int32), np.empty((0, 3), np.int32)
    )
    assert g.num_weights == 3
    assert g.weighted
    rp, col, w = g.to_csr()
    assert ints(rp) == [0]
    assert len(col) == 0
    assert w is not None
    assert w.shape == (0, 3)
