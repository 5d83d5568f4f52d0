"""dyng.EdgeBatch: construction from arrays and lists, attributes, equality, copies."""

from __future__ import annotations

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
