"""dyng.testing's Hypothesis strategies make valid graphs and batches."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dyng
import dyng.testing
from helpers import assert_graph_equals_model, ints, snapshot
from refmodel import MAX_ID32, MAX_ID64, Model, ModelError, Semantics


def model_of(g: dyng.Graph) -> Model:
    """The model of a graph with sorted rows, rebuilt from its edge export."""
    p = g.properties
    assert p.order == "sorted"
    src, dst, w = g.edges()
    k = g.num_weights
    return Model.build(
        ints(src),
        ints(dst),
        None if w is None else [tuple(int(x) for x in row) for row in w.tolist()],
        num_vertices=g.num_vertices,
        directed=g.directed,
        sorted_rows=True,
        allow_parallel=p.parallel_edges == "allow",
        store_transposed=p.store_transposed,
        num_weights=k,
        vertex_max=MAX_ID64 if g.vertex_dtype == np.dtype(np.int64) else MAX_ID32,
        semantics=Semantics(**dataclasses.asdict(p.semantics)),
    )


@pytest.mark.parametrize("vertex_dtype", ["int32", "int64"])
@given(data=st.data())
def test_strategies_against_the_model(vertex_dtype: str, data: st.DataObject) -> None:
    g = data.draw(dyng.testing.graphs(row_order="sorted", vertex_dtype=vertex_dtype))
    assert isinstance(g, dyng.Graph)
    assert g.vertex_dtype == np.dtype(vertex_dtype)
    g.check_integrity()
    m = model_of(g)
    assert_graph_equals_model(g, m)
    b = data.draw(dyng.testing.edge_batches(g))
    assert isinstance(b, dyng.EdgeBatch)
    k = g.num_weights
    wts = b.insert_weights.tolist() if b.insert_weights is not None else []
    if k == 0:
        wts = [[] for _ in range(b.num_insertions)]
    ins = [
        (u, v, tuple(int(x) for x in w))
        for u, v, w in zip(ints(b.insert_src), ints(b.insert_dst), wts, strict=True)
    ]
    dels = list(zip(ints(b.delete_src), ints(b.delete_dst), strict=True))
    want = m.apply(ins, dels, g.num_weights)
    got = dyng.testing.update_degrees(g, b, dyng.testing.degrees(g))
    assert dataclasses.asdict(got) == want.as_dict()
    assert_graph_equals_model(g, m)


@given(data=st.data())
def test_strategies_with_error_semantics(data: st.DataObject) -> None:
    sem = dyng.BatchSemantics(on_missing_delete="error", allow_vertex_growth=False)
    g = data.draw(dyng.testing.graphs(row_order="sorted", semantics=sem, num_weights=1))
    assert g.properties.semantics == sem
    m = model_of(g)
    b = data.draw(dyng.testing.edge_batches(g))
    assert b.num_weights == 1
    before = snapshot(g)
    ins: list[tuple[int, int, tuple[int, ...]]] = [
        (u, v, (int(w[0]),))
        for u, v, w in zip(
            ints(b.insert_src),
            ints(b.insert_dst),
            b.insert_weights.tolist() if b.insert_weights is not None else [],
            strict=True,
        )
    ]
    dels = list(zip(ints(b.delete_src), ints(b.delete_dst), strict=True))
    try:
        m.apply(ins, dels, 1)
    except ModelError:
        with pytest.raises(dyng.InvalidArgumentError):
            g.apply(b)
        assert snapshot(g) == before
    else:
        g.apply(b)
        assert_graph_equals_model(g, m)


@pytest.mark.parametrize("canonical", [True, False])
@pytest.mark.parametrize(
    ("distances", "parents", "source", "message"),
    [
        ([0, 1, 1, 2], [-1, 0, 0, -2], 0, "vertex 3 has parent -2"),  # would index rows[-2]
        ([0, 1, 1, 2], [-1, 0, 0, 9], 0, "vertex 3 has parent 9"),  # past the vertices
        ([0, 1, 1, 2], [-1, 0, 0, 1], 4, "the source 4"),
        ([0, 1, 1, 2], [-1, 0, 0, 0], 0, "edge \\(0, 3\\) is missing"),
        ([0, 1, 1, 3], [-1, 0, 0, 1], 0, "improves vertex 3"),
    ],
)
def test_check_sssp_tree_refuses_bad_trees(
    distances: list[int], parents: list[int], source: int, message: str, canonical: bool
) -> None:
    # 3 is reached at 2 through 1 and through 2
    g = dyng.Graph.from_edges([0, 0, 1, 2], [1, 2, 3, 3], [1, 1, 1, 1])
    with pytest.raises(AssertionError, match=message):
        dyng.testing.check_sssp_tree(g, source, distances, parents, canonical=canonical)


def test_check_sssp_tree_tells_canonical_trees() -> None:
    g = dyng.Graph.from_edges([0, 0, 1, 2], [1, 2, 3, 3], [1, 1, 1, 1])
    dyng.testing.check_sssp_tree(g, 0, [0, 1, 1, 2], [-1, 0, 0, 1])
    dyng.testing.check_sssp_tree(g, 0, [0, 1, 1, 2], [-1, 0, 0, 2], canonical=False)
    with pytest.raises(AssertionError, match="the lowest tight is 1"):
        dyng.testing.check_sssp_tree(g, 0, [0, 1, 1, 2], [-1, 0, 0, 2])
