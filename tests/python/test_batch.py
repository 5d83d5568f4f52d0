"""dyng.EdgeBatch: construction from arrays and lists, attributes, equality, copies."""

from __future__ import annotations

import array
import copy
import pickle
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dyng
from helpers import ints, make_batch, weights_list
from refmodel import BatchSpec, batch_specs


def test_empty_batch() -> None:
    b = dyng.EdgeBatch()
    assert len(b) == 0
    assert b.num_insertions == 0
    assert b.num_deletions == 0
    assert b.num_weights == 0
    assert b.id == 0
    assert b.insert_weights is None
    assert len(b.insert_src) == 0
    assert len(b.delete_src) == 0


def test_from_lists() -> None:
    b = dyng.EdgeBatch(insert=([0, 5], [7, 9], [3, 1]), delete=([1], [2]), id=4)
    assert b.num_insertions == 2
    assert b.num_deletions == 1
    assert len(b) == 3
    assert b.num_weights == 1
    assert b.id == 4
    assert ints(b.insert_src) == [0, 5]
    assert ints(b.insert_dst) == [7, 9]
    assert weights_list(b.insert_weights, 2, 1) == [[3], [1]]
    assert ints(b.delete_src) == [1]
    assert ints(b.delete_dst) == [2]


def test_from_arrays_with_weight_matrix() -> None:
    w = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int32)
    b = dyng.EdgeBatch(insert=(np.array([0, 1]), np.array([1, 2]), w))
    assert b.num_weights == 3
    assert b.insert_weights is not None
    assert b.insert_weights.dtype == np.int32
    assert b.insert_weights.shape == (2, 3)
    assert weights_list(b.insert_weights, 2, 3) == w.tolist()
    assert b.num_deletions == 0
    assert b.insert_src.dtype == np.int64  # an int64 array keeps its width


@pytest.mark.parametrize(
    ("ins", "dels", "want"),
    [
        (np.int32, np.int32, np.int32),
        (np.int32, np.int64, np.int64),
        (np.int64, np.int32, np.int64),
        (np.int16, np.uint32, np.int64),
        (np.uint8, np.int16, np.int32),
    ],
)
def test_one_id_width_for_the_whole_batch(ins: type, dels: type, want: type) -> None:
    """Every id array of a batch takes the widest width its four arrays select."""
    b = dyng.EdgeBatch(
        insert=(np.array([0, 1], ins), np.array([1, 2], ins), np.array([3, 4], np.int32)),
        delete=(np.array([2], dels), np.array([3], dels)),
    )
    for a in (b.insert_src, b.insert_dst, b.delete_src, b.delete_dst):
        assert a.dtype == want
    assert ints(b.insert_src) == [0, 1] and ints(b.delete_dst) == [3]


def test_weight_matrix_with_one_column_equals_vector() -> None:
    a = dyng.EdgeBatch(insert=([0, 1], [1, 2], np.array([[4], [5]], np.int32)))
    b = dyng.EdgeBatch(insert=([0, 1], [1, 2], np.array([4, 5], np.int32)))
    assert a.num_weights == 1
    assert a == b


def test_empty_weighted_insertions_keep_the_weight_count() -> None:
    b = dyng.EdgeBatch(
        insert=(np.empty(0, np.int32), np.empty(0, np.int32), np.empty((0, 2), np.int32)),
        delete=([0], [1]),
    )
    assert b.num_weights == 2
    assert b.num_insertions == 0
    assert b.insert_weights is not None
    assert b.insert_weights.shape == (0, 2)


def test_arrays_are_read_only() -> None:
    b = dyng.EdgeBatch(insert=([0, 1], [1, 2], [5, 6]), delete=([3], [4]))
    arrays = [b.insert_src, b.insert_dst, b.insert_weights, b.delete_src, b.delete_dst]
    for a in arrays:
        assert isinstance(a, np.ndarray)
        assert not a.flags.writeable
        with pytest.raises(ValueError):
            a[0] = 9
    assert ints(b.insert_src) == [0, 1]


class _Sub(np.ndarray):
    """An ndarray subclass: NumPy's conversions may hand back a view of it."""


def _sources(values: list[int], kind: str) -> Any:
    """``values`` as an input of one kind, writable afterwards."""
    if kind == "list":
        return list(values)
    if kind == "int32":
        return np.array(values, dtype=np.int32)
    if kind == "int64":
        return np.array(values, dtype=np.int64)
    if kind == "strided":
        return np.repeat(np.array(values, dtype=np.int32), 2)[::2]
    if kind == "big-endian":
        return np.array(values, dtype=">i4")
    if kind == "subclass":
        return np.array(values, dtype=np.int32).view(_Sub)
    if kind == "array.array":
        return array.array("i", values)
    assert kind == "memoryview"
    return memoryview(array.array("q", values))


@pytest.mark.parametrize(
    "kind",
    ["list", "int32", "int64", "strided", "big-endian", "subclass", "array.array", "memoryview"],
)
def test_batch_is_a_value_whatever_its_arrays_came_from(kind: str) -> None:
    # The batch keeps copies: writing to what it was made of afterwards
    # changes nothing in it, and no array of it shares memory with an input.
    src, dst, w = _sources([0, 1, 2], kind), _sources([3, 4, 5], kind), _sources([7, 8, 9], kind)
    dsrc, ddst = _sources([5, 6], kind), _sources([1, 2], kind)
    b = dyng.EdgeBatch(insert=(src, dst, w), delete=(dsrc, ddst))
    assert b.insert_weights is not None
    kept = (b.insert_src, b.insert_dst, b.insert_weights, b.delete_src, b.delete_dst)
    before = [a.tolist() for a in kept]
    assert before == [[0, 1, 2], [3, 4, 5], [[7], [8], [9]], [5, 6], [1, 2]]
    for source in (src, dst, w, dsrc, ddst):
        if not isinstance(source, list):
            assert not any(np.may_share_memory(np.asarray(source), a) for a in kept)
        source[0] = 99
    after = [a.tolist() for a in kept]
    assert after == before


def test_equality_compares_contents() -> None:
    a = dyng.EdgeBatch(insert=([0, 1], [1, 2], [5, 6]), delete=([3], [4]))
    b = dyng.EdgeBatch(
        insert=(np.array([0, 1], np.int32), np.array([1, 2], np.int32), np.array([5, 6])),
        delete=(np.array([3], np.int32), np.array([4], np.int32)),
    )
    assert a == b
    assert (a != b) is False
    assert a != dyng.EdgeBatch(insert=([0, 1], [1, 2], [5, 7]), delete=([3], [4]))
    assert a != dyng.EdgeBatch(insert=([0, 1], [1, 3], [5, 6]), delete=([3], [4]))
    assert a != dyng.EdgeBatch(insert=([0, 1], [1, 2], [5, 6]), delete=([3], [5]))
    assert a != dyng.EdgeBatch(insert=([0, 1], [1, 2], [5, 6]))
    assert a != dyng.EdgeBatch(insert=([0, 1], [1, 2]), delete=([3], [4]))
    assert dyng.EdgeBatch() == dyng.EdgeBatch()
    assert a != "a batch"


def test_insert_order_matters_for_equality() -> None:
    a = dyng.EdgeBatch(insert=([0, 1], [1, 2]))
    b = dyng.EdgeBatch(insert=([1, 0], [2, 1]))
    assert a != b


@given(st.integers(min_value=0, max_value=6), st.sampled_from([0, 1, 3]), st.data())
def test_copies_and_pickles_are_equal_values(n: int, k: int, data: st.DataObject) -> None:
    spec: BatchSpec = data.draw(batch_specs(n, k))
    b = make_batch(spec, id=data.draw(st.integers(min_value=0, max_value=2**40)))
    assert len(b) == len(spec.insertions) + len(spec.deletions)
    assert ints(b.insert_src) == [u for u, _, _ in spec.insertions]
    assert ints(b.insert_dst) == [v for _, v, _ in spec.insertions]
    assert ints(b.delete_src) == [u for u, _ in spec.deletions]
    assert ints(b.delete_dst) == [v for _, v in spec.deletions]
    if k > 0:
        assert weights_list(b.insert_weights, len(spec.insertions), k) == [
            list(w) for _, _, w in spec.insertions
        ]
    else:
        assert b.insert_weights is None
    for c in (copy.copy(b), copy.deepcopy(b), pickle.loads(pickle.dumps(b))):
        assert isinstance(c, dyng.EdgeBatch)
        assert c == b
        assert c.id == b.id
        assert c.num_weights == b.num_weights
        assert len(c) == len(b)
        assert c.insert_src.dtype == b.insert_src.dtype
        assert ints(c.insert_src) == ints(b.insert_src)
        assert ints(c.delete_dst) == ints(b.delete_dst)


def test_pickled_batch_applies_the_same() -> None:
    g1 = dyng.Graph.from_edges([0, 1], [1, 2], [1, 1])
    g2 = g1.clone()
    b = dyng.EdgeBatch(insert=([2, 0], [0, 1], [5, 6]), delete=([1], [2]))
    s1 = g1.apply(b)
    s2 = g2.apply(pickle.loads(pickle.dumps(b, protocol=pickle.HIGHEST_PROTOCOL)))
    assert s1 == s2
    assert g1.to_csr()[1].tolist() == g2.to_csr()[1].tolist()


def test_batch_id() -> None:
    assert dyng.EdgeBatch(id=2**40).id == 2**40
    assert dyng.EdgeBatch(insert=([0], [1]), id=7).id == 7


@pytest.mark.parametrize(
    "kwargs",
    [
        {"insert": ([0, 1],)},
        {"delete": ([0], [1], [2])},
        {"insert": 5},
        {"delete": "ab"},
    ],
)
def test_bad_insert_tuples(kwargs: dict[str, Any]) -> None:
    with pytest.raises((TypeError, dyng.InvalidArgumentError)):
        dyng.EdgeBatch(**kwargs)


def test_num_weights_past_limit() -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.EdgeBatch(insert=([0], [1], np.ones((1, 65), np.int32)))
    b = dyng.EdgeBatch(insert=([0], [1], np.ones((1, 64), np.int32)))
    assert b.num_weights == 64


@given(st.integers(min_value=0, max_value=6), st.sampled_from([0, 1, 3]), st.data())
def test_native_batch_holds_the_same_changes(n: int, k: int, data: st.DataObject) -> None:
    """The native batch an update uses (made in one call) has the batch's lists, id and types."""
    spec: BatchSpec = data.draw(batch_specs(n, k))
    b = make_batch(spec, id=data.draw(st.integers(min_value=0, max_value=2**40)))
    nb = b._native(k)
    assert (nb.vertex_dtype, nb.num_weights, nb.id) == (str(b.insert_src.dtype), k, b.id)
    assert (nb.num_insertions, nb.num_deletions) == (b.num_insertions, b.num_deletions)
    assert b._native(k) is nb  # cached
    s, d, w = nb.insertions()
    ds, dd = nb.deletions()
    dtype = b.insert_src.dtype
    assert np.frombuffer(s, dtype=dtype).tolist() == ints(b.insert_src)
    assert np.frombuffer(d, dtype=dtype).tolist() == ints(b.insert_dst)
    assert np.frombuffer(ds, dtype=dtype).tolist() == ints(b.delete_src)
    assert np.frombuffer(dd, dtype=dtype).tolist() == ints(b.delete_dst)
    if k > 0 and b.num_insertions:
        assert w is not None
        assert np.frombuffer(w, dtype=np.int32).reshape(-1, k).tolist() == weights_list(
            b.insert_weights, b.num_insertions, k
        )
    # The batch's own facts agree with its arrays.
    assert b.num_insertions == len(b.insert_src) and b.num_deletions == len(b.delete_src)
    assert b.num_weights == (0 if b.insert_weights is None else b.insert_weights.shape[1])


def test_native_batch_of_many_changes() -> None:
    """A large batch is copied into the native one whole (that copy lets the GIL go)."""
    rng = np.random.default_rng(3)
    n = 200_000
    u, v = rng.integers(0, 2**40, n), rng.integers(0, 2**40, n)
    w = rng.integers(1, 100, (n, 2), dtype=np.int32)
    b = dyng.EdgeBatch(insert=(u, v, w), delete=(v[:1000], u[:1000]))
    nb = b._native(2)
    s, _, wb = nb.insertions()
    ds, _ = nb.deletions()
    assert np.array_equal(np.frombuffer(s, dtype=np.int64), u)
    assert wb is not None and np.array_equal(np.frombuffer(wb, dtype=np.int32).reshape(n, 2), w)
    assert np.array_equal(np.frombuffer(ds, dtype=np.int64), v[:1000])


def test_native_batch_refuses_bad_lists() -> None:
    """The native maker checks what it is given and says what was wrong."""
    from dyng import _core

    ids = np.array([0, 1], dtype=np.int32)
    none = np.zeros(0, dtype=np.int32)
    one = np.ones(2, dtype=np.int32)
    ok = _core.EdgeBatch.from_arrays("int32", 1, 3, ids, ids, one, none, none)
    assert (ok.num_insertions, ok.num_deletions, ok.id) == (2, 0, 3)
    with pytest.raises(dyng.InvalidArgumentError, match="vertex_dtype"):
        _core.EdgeBatch.from_arrays("int16", 1, 0, ids, ids, one, none, none)
    with pytest.raises(dyng.InvalidArgumentError, match="src has 2 ids but dst has 1"):
        _core.EdgeBatch.from_arrays("int32", 1, 0, ids, ids[:1], one, none, none)
    with pytest.raises(dyng.InvalidArgumentError, match="expected 4 values"):
        _core.EdgeBatch.from_arrays("int32", 2, 0, ids, ids, one, none, none)
    with pytest.raises(dyng.InvalidArgumentError, match="none were given"):
        _core.EdgeBatch.from_arrays("int32", 1, 0, ids, ids, None, none, none)
    with pytest.raises(dyng.InvalidArgumentError, match="src has 2 ids but dst has 0"):
        _core.EdgeBatch.from_arrays("int32", 0, 0, none, none, None, ids, none)
    with pytest.raises(ValueError):  # int64 ids for an int32 batch
        _core.EdgeBatch.from_arrays("int32", 0, 0, ids.astype(np.int64), ids, None, none, none)


# -- lists of edges: EdgeBatch.from_tuples ---------------------------------


def test_a_list_is_not_read_as_columns() -> None:
    # [(0, 1), (2, 3)] read as columns would insert (0, 2) and (1, 3).
    for kwargs in ({"insert": [(0, 1), (2, 3)]}, {"delete": [[0, 1], [2, 3]]}):
        with pytest.raises(dyng.InvalidArgumentError, match=r"got a list.*from_tuples"):
            dyng.EdgeBatch(**kwargs)
    b = dyng.EdgeBatch(insert=((0, 1), (2, 3)))
    assert (ints(b.insert_src), ints(b.insert_dst)) == ([0, 1], [2, 3])


@given(st.integers(min_value=0, max_value=6), st.sampled_from([0, 1, 3]), st.data())
def test_from_tuples_is_the_batch_of_the_columns(n: int, k: int, data: st.DataObject) -> None:
    spec: BatchSpec = data.draw(batch_specs(n, k))
    big = data.draw(st.booleans())  # ids past int32 make both batches int64
    ins = [(u + big * 2**40, v, w) for u, v, w in spec.insertions]
    dels = [(u, v + big * 2**40) for u, v in spec.deletions]
    scalar = k == 1 and data.draw(st.booleans())  # (u, v, w) rather than (u, v, (w,))
    rows: list[tuple[Any, ...]] = [
        (u, v) if k == 0 else (u, v, w[0] if scalar else list(w)) for u, v, w in ins
    ]
    batch_id = data.draw(st.integers(min_value=0, max_value=2**40))
    got = dyng.EdgeBatch.from_tuples(insert=iter(rows), delete=dels, id=batch_id)
    want = dyng.EdgeBatch(
        insert=(
            np.array([u for u, _, _ in ins], np.int64),
            np.array([v for _, v, _ in ins], np.int64),
            np.array([w for _, _, w in ins], np.int32).reshape(-1, k) if k else None,
        )
        if ins
        else None,
        delete=(np.array([u for u, _ in dels], np.int64), np.array([v for _, v in dels], np.int64)),
        id=batch_id,
    )
    assert ints(got.insert_src) == ints(want.insert_src)
    assert ints(got.insert_dst) == ints(want.insert_dst)
    assert ints(got.delete_src) == ints(want.delete_src)
    assert ints(got.delete_dst) == ints(want.delete_dst)
    assert got.num_weights == (k if ins else 0)
    if ins and k:
        assert weights_list(got.insert_weights, len(ins), k) == [list(w) for _, _, w in ins]
    assert got.id == batch_id
    assert got.insert_src.dtype == (np.int64 if big and (ins or dels) else np.int32)


@pytest.mark.parametrize("k", [0, 1, 3])
def test_from_tuples_takes_an_array_of_edges(k: int) -> None:
    table = np.array([[0, 1, 5, 6, 7], [2, 3, 8, 9, 10], [4, 0, 11, 12, 13]])[:, : 2 + k]
    got = dyng.EdgeBatch.from_tuples(insert=table, delete=table[:2, :2])
    w = table[:, 2:] if k else None
    assert got == dyng.EdgeBatch(insert=(table[:, 0], table[:, 1], w), delete=([0, 2], [1, 3]))
    assert got.num_weights == k


def test_from_tuples_takes_networkx_edges() -> None:
    nx = pytest.importorskip("networkx")
    h = nx.DiGraph()
    h.add_weighted_edges_from([(0, 1, 4), (1, 2, 6), (2, 0, 1)])
    g = dyng.Graph.from_edges([0], [2], [9], num_vertices=3, directed=True)
    g.apply(dyng.EdgeBatch.from_tuples(insert=h.edges(data="weight"), delete=[(0, 2)]))
    assert sorted(zip(*(ints(a) for a in g.edges()[:2]), strict=True)) == sorted(h.edges)
    assert [g.weight(u, v) for u, v in h.edges] == [w for _, _, w in h.edges(data="weight")]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"insert": [(0, 1, 2, 3)]},
            r"insert\[0\] must be \(u, v\) or .* got a tuple of 4",
        ),
        ({"insert": [(0, 1), 5]}, r"insert\[1\] must be .* got int"),
        ({"delete": [(0, 1, 2)]}, r"delete\[0\] must be \(u, v\), got a tuple of 3"),
        (
            {"insert": [(0, 1, 2), (1, 2)]},
            r"insert\[0\] has an integer weight but insert\[1\] has no",
        ),
        (
            {"insert": [(0, 1, 2), (1, 2, [3, 4])]},
            r"integer weight but insert\[1\] has a sequence of 2",
        ),
        (
            {"insert": [(0, 1, [2]), (1, 2, 3)]},
            r"a sequence of 1 weight but insert\[1\] has an integer",
        ),
        (
            {"insert": [(0, 1, 2), (1, 2, [])]},
            r"insert\[1\] has a sequence of 0 weights; the insertions",
        ),
        ({"insert": [(0, 1, None)]}, r"insert\[0\] has None where its weight goes"),
        ({"insert": [(0, 1, {"weight": 2})]}, r"has \{'weight': 2\} where its weight goes"),
        ({"insert": 5}, r"insert must be a list of edges, got int"),
        ({"delete": "01"}, r"delete must be a list of edges, got str"),
        ({"insert": np.array([0, 1])}, r"shape \(m, 2\) or \(m, 2 \+ K\), got \(2,\)"),
        ({"delete": np.zeros((1, 3), np.int64)}, r"shape \(m, 2\), got \(1, 3\)"),
        ({"insert": [(0.5, 1)]}, r"insert src: expected integers"),
        ({"insert": [(0, 1, 2**31)]}, r"insert weights"),
        ({"delete": [(0, True)]}, r"delete dst: expected integers"),
    ],
)
def test_from_tuples_refuses_what_is_not_an_edge(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(dyng.InvalidArgumentError, match=message):
        dyng.EdgeBatch.from_tuples(**kwargs)


def test_from_tuples_of_nothing() -> None:
    assert dyng.EdgeBatch.from_tuples() == dyng.EdgeBatch()
    b = dyng.EdgeBatch.from_tuples(insert=[], delete=np.zeros((0, 2), np.int64), id=3)
    assert (len(b), b.num_weights, b.id) == (0, 0, 3)


def test_from_tuples_takes_integral_float_weights_as_networkx_reads_them() -> None:
    # nx.read_weighted_edgelist gives weights 5.0; G.edges(data="weight") lists them.
    b = dyng.EdgeBatch.from_tuples(insert=[(0, 1, 5.0), (1, 2, np.float32(2.0))])
    assert b == dyng.EdgeBatch(insert=([0, 1], [1, 2], [5, 2]))
    k2 = dyng.EdgeBatch.from_tuples(insert=[(0, 1, (2.0, 3)), (1, 2, [4, 5.0])])
    assert k2.insert_weights is not None and k2.insert_weights.tolist() == [[2, 3], [4, 5]]
    for bad in (2.5, float("nan"), float("inf")):
        with pytest.raises(dyng.InvalidArgumentError, match="floats and bools are rejected"):
            dyng.EdgeBatch.from_tuples(insert=[(0, 1, bad)])
    # the columns of the constructor still refuse floats
    with pytest.raises(dyng.InvalidArgumentError, match="floats and bools are rejected"):
        dyng.EdgeBatch(insert=([0], [1], [5.0]))


@given(
    st.lists(
        st.tuples(st.integers(0, 2**40), st.integers(0, 2**40), st.integers(-5, 9)), max_size=30
    )
)
def test_from_tuples_of_integers_equals_the_columns(edges: list[tuple[int, int, int]]) -> None:
    # Integer tuples take one NumPy pass; the batch is the one the columns make,
    # dtype included (int32 ids when they fit).
    b = dyng.EdgeBatch.from_tuples(insert=edges, delete=[e[:2] for e in edges])
    cols = ([e[0] for e in edges], [e[1] for e in edges], [e[2] for e in edges])
    want = dyng.EdgeBatch(insert=cols, delete=cols[:2])
    assert b == want and b.insert_src.dtype == want.insert_src.dtype
    if edges:  # a bool anywhere is still refused, as the edge-by-edge check does
        with pytest.raises(dyng.InvalidArgumentError, match="bools"):
            dyng.EdgeBatch.from_tuples(insert=[*edges, (0, 1, True)])
