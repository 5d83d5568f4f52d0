"""DESIGN 3: the dtype dispatch of ids, offsets and weights, exactly."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dyng
from helpers import ints, snapshot, weights_list

I32 = np.dtype(np.int32)
I64 = np.dtype(np.int64)


def pair(dtype: Any) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    return np.array([0, 1, 2], dtype=dtype), np.array([1, 2, 0], dtype=dtype)


W3 = np.array([4, 5, 6], dtype=np.int32)


# ---- graph ids --------------------------------------------------------------


def test_int32_selects_int32() -> None:
    g = dyng.Graph.from_edges(*pair(np.int32))
    assert g.vertex_dtype == I32
    assert g.edge_dtype == I32
    g = dyng.Graph.from_edges(*pair(np.int32), W3)
    assert g.vertex_dtype == I32


def test_int64_selects_int64() -> None:
    g = dyng.Graph.from_edges(*pair(np.int64), W3)
    assert g.vertex_dtype == I64
    assert g.edge_dtype == I64  # (int64, int64, int32)
    assert g.properties.vertex_dtype == "int64"
    rp, col, _ = g.to_csr()
    assert rp.dtype == I64
    assert col.dtype == I64
    src, dst, _ = g.edges()
    assert src.dtype == I64
    assert ints(src) == [0, 1, 2]
    assert ints(dst) == [1, 2, 0]


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.uint8, np.uint16])
def test_narrow_types_widen_to_int32(dtype: Any) -> None:
    g = dyng.Graph.from_edges(*pair(dtype))
    assert g.vertex_dtype == I32
    src, dst, _ = g.edges()
    assert ints(src) == [0, 1, 2]
    assert ints(dst) == [1, 2, 0]


def test_uint32_widens_to_int64() -> None:
    g = dyng.Graph.from_edges(*pair(np.uint32), W3)
    assert g.vertex_dtype == I64


def test_uint64_accepted_when_it_fits_int64() -> None:
    g = dyng.Graph.from_edges(*pair(np.uint64), W3)
    assert g.vertex_dtype == I64
    assert ints(g.edges()[0]) == [0, 1, 2]
    big = np.array([2**63], dtype=np.uint64)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(big, np.array([0], dtype=np.uint64), np.array([1], np.int32))


def test_lists_take_the_smallest_width() -> None:
    g = dyng.Graph.from_edges([0, 1, 2], [1, 2, 0])
    assert g.vertex_dtype == I32
    b = dyng.EdgeBatch(insert=([0, 1], [1, 0]))
    assert b.insert_src.dtype == I32
    assert b.insert_dst.dtype == I32
    b = dyng.EdgeBatch(insert=([0, 2**31], [1, 0]), delete=([2**31 - 1], [0]))
    assert b.insert_src.dtype == I64
    assert b.insert_dst.dtype == I64
    assert ints(b.insert_src) == [0, 2**31]


def test_mixed_id_dtypes_src_dst() -> None:
    # an int32 src with an int8 dst: both widen to int32
    g = dyng.Graph.from_edges(np.array([0, 1], np.int32), np.array([1, 0], np.int8))
    assert g.vertex_dtype == I32


def test_int64_with_vertex_dtype_int32_checks_every_value() -> None:
    src, dst = pair(np.int64)
    g = dyng.Graph.from_edges(src, dst, vertex_dtype="int32")
    assert g.vertex_dtype == I32
    assert ints(g.edges()[1]) == [1, 2, 0]
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(
            np.array([0, 2**31], dtype=np.int64),
            np.array([1, 0], dtype=np.int64),
            vertex_dtype="int32",
        )
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(
            np.array([0, 1], dtype=np.int64),
            np.array([1, 2**40], dtype=np.int64),
            np.array([1, 1], dtype=np.int32),
            vertex_dtype="int32",
        )


def test_int32_with_vertex_dtype_int64() -> None:
    g = dyng.Graph.from_edges(*pair(np.int32), W3, vertex_dtype="int64")
    assert g.vertex_dtype == I64
    assert ints(g.edges()[0]) == [0, 1, 2]


def test_offset_dtype() -> None:
    g = dyng.Graph.from_edges(*pair(np.int32), offset_dtype="int64")
    assert g.vertex_dtype == I32
    assert g.edge_dtype == I64
    rp, _, _ = g.to_csr()
    assert rp.dtype == I64
    assert ints(rp) == [0, 1, 2, 3]


def test_int64_row_ptr_selects_int64_offsets() -> None:
    g = dyng.Graph.from_csr(np.array([0, 1, 2, 3], np.int64), np.array([1, 2, 0], np.int32))
    assert g.vertex_dtype == I32
    assert g.edge_dtype == I64
    g = dyng.Graph.from_csr(np.array([0, 1, 2, 3], np.int32), np.array([1, 2, 0], np.int32))
    assert g.edge_dtype == I32


def assert_lists_combinations(err: BaseException) -> None:
    msg = str(err)
    # the five supported (vertex, offset, weight) combinations are quoted
    assert msg.count("int32") >= 9, msg
    assert msg.count("int64") >= 4, msg
    assert msg.count("none") >= 2, msg


def test_unsupported_int64_unweighted() -> None:
    with pytest.raises(dyng.NotSupportedError) as info:
        dyng.Graph.from_edges(*pair(np.int64))
    assert_lists_combinations(info.value)
    assert isinstance(info.value, NotImplementedError)


def test_unsupported_vertex_int64_no_weights() -> None:
    with pytest.raises(dyng.NotSupportedError) as info:
        dyng.Graph.from_edges(*pair(np.int32), vertex_dtype="int64")
    assert_lists_combinations(info.value)
    with pytest.raises(dyng.NotSupportedError):
        dyng.Graph.from_edges(*pair(np.int32), W3, vertex_dtype="int64", offset_dtype="int32")


# ---- weights ------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16])
def test_integer_weights_accepted(dtype: Any) -> None:
    w = np.array([1, 2, 3], dtype=dtype)
    g = dyng.Graph.from_edges(*pair(np.int32), w)
    _, _, we = g.edges()
    assert weights_list(we, 3, 1) == [[1], [2], [3]]


def test_weights_range_checked() -> None:
    ok = np.array([2**31 - 1, -(2**31), 0], dtype=np.int64)
    g = dyng.Graph.from_edges(*pair(np.int32), ok)
    assert weights_list(g.edges()[2], 3, 1) == [[2**31 - 1], [-(2**31)], [0]]
    for bad in ([2**31, 0, 0], [0, -(2**31) - 1, 0]):
        with pytest.raises(dyng.InvalidArgumentError):
            dyng.Graph.from_edges(*pair(np.int32), np.array(bad, dtype=np.int64))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(*pair(np.int32), [2**31, 0, 0])
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.EdgeBatch(insert=([0], [1], np.array([2**31], dtype=np.int64)))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(*pair(np.int32), np.array([2**32, 0, 0], dtype=np.uint64))


@pytest.mark.parametrize(
    "weights",
    [
        np.array([1.0, 2.0, 3.0]),
        np.array([1.0, 2.0, 3.0], dtype=np.float32),
        np.array([True, False, True]),
        [1.0, 2.0, 3.0],
        [True, False, True],
        np.array([1 + 0j, 2, 3]),
    ],
)
def test_float_and_bool_weights_rejected(weights: Any) -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(*pair(np.int32), weights)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.EdgeBatch(insert=(*pair(np.int32), weights))


@pytest.mark.parametrize(
    "ids",
    [
        np.array([0.0, 1.0, 2.0]),
        np.array([0, 1, 2], dtype=np.float32),
        np.array([False, True, True]),
        [0.0, 1.0, 2.0],
        [False, True, True],
        ["0", "1", "2"],
    ],
)
def test_float_and_bool_ids_rejected(ids: Any) -> None:
    dst = np.array([1, 2, 0], dtype=np.int32)
    with pytest.raises((dyng.InvalidArgumentError, TypeError)):
        dyng.Graph.from_edges(ids, dst)
    with pytest.raises((dyng.InvalidArgumentError, TypeError)):
        dyng.Graph.from_edges(dst, ids)
    with pytest.raises((dyng.InvalidArgumentError, TypeError)):
        dyng.EdgeBatch(insert=(ids, dst))
    with pytest.raises((dyng.InvalidArgumentError, TypeError)):
        dyng.EdgeBatch(delete=(dst, ids))
    with pytest.raises((dyng.InvalidArgumentError, TypeError)):
        dyng.Graph.from_csr(np.array([0, 1, 2, 3], np.int32), ids)


@pytest.mark.parametrize(
    "values", [[0, True], [True, 0, 2], (1, np.bool_(False)), [*range(3000), True]]
)
def test_bools_among_ints_rejected(values: Any) -> None:
    # NumPy reads [0, True] as the integers [0, 1]; the docs promise bools are rejected.
    n = len(values)
    ints_ = list(range(n))
    with pytest.raises(dyng.InvalidArgumentError, match="expected integers, got bools"):
        dyng.Graph.from_edges(values, ints_)
    with pytest.raises(dyng.InvalidArgumentError, match="expected integers, got bools"):
        dyng.EdgeBatch(insert=(ints_, ints_, values))
    with pytest.raises(dyng.InvalidArgumentError, match="expected integers, got bools"):
        dyng.EdgeBatch(delete=(ints_, values))
    rows = [[1, 2]] * (n - 1) + [[3, True]]
    with pytest.raises(dyng.InvalidArgumentError, match="insert weights: expected integers"):
        dyng.EdgeBatch(insert=(ints_, ints_, rows))


def test_object_arrays_of_ints_read_as_lists_are() -> None:
    # An object array of integers (pandas keeps some columns so) takes the smallest
    # width that holds it, as a list does; a value past int64 is named.
    small = np.array([0, 1, np.int64(2)], dtype=object)
    b = dyng.EdgeBatch(insert=(small, small, small))
    assert b.insert_src.dtype == np.int32 and ints(b.insert_src) == [0, 1, 2]
    assert weights_list(b.insert_weights, 3, 1) == [[0], [1], [2]]
    big = np.array([0, 2**40, 1], dtype=object)
    assert dyng.EdgeBatch(delete=(big, small)).delete_src.dtype == np.int64
    g = dyng.Graph.from_edges(small, np.array([1, 2, 0], dtype=object), [1, 1, 1])
    assert ints(g.edges()[1]) == [1, 2, 0]
    with pytest.raises(dyng.InvalidArgumentError, match="the value 18446744073709551616 does"):
        dyng.EdgeBatch(insert=(np.array([0, 2**64], dtype=object), small[:2]))
    with pytest.raises(dyng.InvalidArgumentError, match="the value 9223372036854775808 does"):
        dyng.EdgeBatch(insert=([0, 2**63], [1, 2]))
    with pytest.raises(dyng.InvalidArgumentError, match="the weight 1099511627776 does not fit"):
        dyng.EdgeBatch(insert=(small, small, big))
    for bad in ([0, True], [0, 1.5], [0, None]):
        with pytest.raises(dyng.InvalidArgumentError, match="expected integers, got object"):
            dyng.EdgeBatch(insert=(np.array(bad, dtype=object), [0, 1]))


def test_float_and_bool_ids_are_invalid_argument() -> None:
    # numbers of the wrong kind are a ValueError, not a TypeError
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(np.array([0.0, 1.0]), np.array([1, 0], np.int32))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(np.array([False, True]), np.array([1, 0], np.int32))


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64])
def test_negative_ids_rejected(dtype: Any) -> None:
    src = np.array([0, -1], dtype=dtype)
    dst = np.array([1, 0], dtype=dtype)
    w = np.array([1, 1], dtype=np.int32)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(src, dst, w)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(dst, src, w)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges([0, -1], [1, 0])
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_csr(np.array([0, 1, 2], np.int32), np.array([1, -1], np.int32))


# ---- batches on a graph of another width --------------------------------------


def test_int64_batch_on_int32_graph() -> None:
    g = dyng.Graph.from_edges(*pair(np.int32))
    b = dyng.EdgeBatch(
        insert=(np.array([0, 5], dtype=np.int64), np.array([7, 9], dtype=np.int64)),
        delete=(np.array([1], dtype=np.int64), np.array([2], dtype=np.int64)),
    )
    s = g.apply(b)
    assert g.vertex_dtype == I32
    assert (s.inserted, s.deleted, s.new_vertices) == (2, 1, 7)
    src, dst, _ = g.edges()
    assert list(zip(ints(src), ints(dst), strict=True)) == [(0, 1), (0, 7), (2, 0), (5, 9)]


def test_int32_batch_on_int64_graph() -> None:
    g = dyng.Graph.from_edges(*pair(np.int64), W3)
    b = dyng.EdgeBatch(
        insert=(np.array([3], np.int32), np.array([0], np.int32), np.array([8], np.int32))
    )
    s = g.apply(b)
    assert s.inserted == 1
    assert g.vertex_dtype == I64
    assert ints(g.edges()[0]) == [0, 1, 2, 3]


def test_int64_batch_id_past_int32_on_int32_graph() -> None:
    g = dyng.Graph.from_edges(*pair(np.int32))
    before = snapshot(g)
    # batch.h: DYNG_CAPACITY for ids past the graph's types; semantics.md step 1:
    # an insertion id above the largest value of the vertex type is a capacity error
    b = dyng.EdgeBatch(
        insert=(np.array([0, 2**31], dtype=np.int64), np.array([1, 0], dtype=np.int64))
    )
    with pytest.raises(dyng.CapacityError):
        g.apply(b)
    assert snapshot(g) == before
    g.check_integrity()
    b = dyng.EdgeBatch(insert=(np.array([1], dtype=np.int64), np.array([2**40], dtype=np.int64)))
    with pytest.raises(dyng.CapacityError):
        g.apply(b)
    assert snapshot(g) == before


def test_deletion_id_past_int32_names_an_absent_edge() -> None:
    # semantics.md step 1: a deletion may name any non-negative id
    g = dyng.Graph.from_edges(*pair(np.int32))
    b = dyng.EdgeBatch(
        delete=(np.array([2**31, 0], dtype=np.int64), np.array([0, 2**40], dtype=np.int64))
    )
    s = g.apply(b)
    assert (s.deleted, s.ignored_deletions, s.num_vertices, s.num_edges) == (0, 2, 3, 3)
    assert g.version == 1


def test_huge_ids_without_growth() -> None:
    g = dyng.Graph.from_edges(
        *pair(np.int64), W3, semantics=dyng.BatchSemantics(allow_vertex_growth=False)
    )
    before = snapshot(g)
    b = dyng.EdgeBatch(
        insert=(
            np.array([2**62], dtype=np.int64),
            np.array([0], dtype=np.int64),
            np.array([1], dtype=np.int32),
        )
    )
    with pytest.raises(dyng.InvalidArgumentError):
        g.apply(b)
    assert snapshot(g) == before


def test_python_ints_past_int64_rejected() -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges([0, 2**64], [1, 0], [1, 1])
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.EdgeBatch(insert=([2**63], [0]))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.EdgeBatch(delete=([-(2**63) - 1], [0]))


class _List(list):  # type: ignore[type-arg]
    """A list that the short-list reading of ``dyng._convert`` passes by."""


_EDGE_INTS = st.sampled_from(
    [
        0,
        1,
        2**31 - 1,
        2**31,
        -1,
        -(2**31),
        -(2**31) - 1,
        2**63 - 1,
        2**63,
        -(2**63),
        -(2**63) - 1,
        2**64,
    ]
)
_SHORT_VALUES = st.one_of(
    st.integers(-(2**40), 2**40), _EDGE_INTS, st.booleans(), st.floats(allow_nan=False)
)


def _read(fn: Any, *args: Any) -> tuple[str, Any]:
    try:
        a = fn(*args)
    except dyng.InvalidArgumentError as e:
        return "error", str(e)
    return str(a.dtype), a.tolist()


@given(values=st.lists(_SHORT_VALUES, min_size=1, max_size=70))
@settings(max_examples=300, deadline=None)
def test_short_lists_read_as_the_general_way_reads_them(values: list[Any]) -> None:
    """Ids and weights from a short list of Python ints are read without NumPy's
    conversion (a one-edge batch takes half the time to make): the same dtype,
    values and errors as the general reading, which a list subclass takes."""
    from dyng._convert import natural_ids, weights_array

    for kind in (list, tuple):
        assert _read(natural_ids, kind(values), "ids") == _read(natural_ids, _List(values), "ids")
        assert _read(weights_array, kind(values), len(values), "w") == _read(
            weights_array, _List(values), len(values), "w"
        )
    # A batch made from them holds what one made from the general reading holds.
    try:
        fast = dyng.EdgeBatch(insert=(list(values), list(values), list(values)))
    except dyng.InvalidArgumentError:
        with pytest.raises(dyng.InvalidArgumentError):
            dyng.EdgeBatch(insert=(_List(values), _List(values), _List(values)))
        return
    slow = dyng.EdgeBatch(insert=(_List(values), _List(values), _List(values)))
    for name in ("insert_src", "insert_dst", "insert_weights"):
        a, b = getattr(fast, name), getattr(slow, name)
        assert a.dtype == b.dtype and a.shape == b.shape and a.tolist() == b.tolist()


# ---- shapes and layouts ----------------------------------------------------------


def test_two_dimensional_ids_rejected() -> None:
    ids = np.array([[0, 1], [1, 0]], dtype=np.int32)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(ids, ids)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.EdgeBatch(insert=(ids, ids))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(np.int32(0), np.int32(1))


def test_mismatched_lengths_rejected() -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(np.array([0, 1], np.int32), np.array([1], np.int32))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(*pair(np.int32), np.array([1, 2], np.int32))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(*pair(np.int32), np.ones((2, 3), np.int32))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges(*pair(np.int32), np.ones((3, 2, 1), np.int32))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.EdgeBatch(insert=([0, 1], [1]))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.EdgeBatch(insert=([0, 1], [1, 0], [5]))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.EdgeBatch(delete=([0, 1], [1]))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_csr(
            np.array([0, 1, 2], np.int32), np.array([1, 0], np.int32), np.array([1], np.int32)
        )


def test_non_contiguous_inputs_are_converted() -> None:
    base = np.arange(40, dtype=np.int32) % 7
    src = base[0:20:2]  # strided views
    dst = base[::-1][0:20:2]
    w2 = np.asfortranarray(np.arange(20, dtype=np.int32).reshape(10, 2))
    assert not src.flags.c_contiguous
    assert not dst.flags.c_contiguous
    assert not w2.flags.c_contiguous
    g = dyng.Graph.from_edges(src, dst, w2, multi_edges="allow", row_order="append")
    src_c, dst_c, w_c = np.ascontiguousarray(src), np.ascontiguousarray(dst), w2.copy(order="C")
    h = dyng.Graph.from_edges(src_c, dst_c, w_c, multi_edges="allow", row_order="append")
    assert snapshot(g)[5:] == snapshot(h)[5:]
    b = dyng.EdgeBatch(insert=(src[::-1], dst[::-1], w2[::-1]), delete=(dst[::3], src[::3]))
    assert ints(b.insert_src) == ints(src[::-1])
    assert weights_list(b.insert_weights, 10, 2) == w2[::-1].tolist()
    assert ints(b.delete_dst) == ints(src[::3])
    # a transposed weights view (K, m).T
    wt = np.arange(20, dtype=np.int32).reshape(2, 10).T
    g3 = dyng.Graph.from_edges(src_c, dst_c, wt, multi_edges="allow", row_order="append")
    h3 = dyng.Graph.from_edges(
        src_c, dst_c, wt.copy(order="C"), multi_edges="allow", row_order="append"
    )
    assert snapshot(g3)[5:] == snapshot(h3)[5:]
    assert sorted(map(tuple, weights_list(g3.edges()[2], 10, 2))) == sorted(map(tuple, wt.tolist()))


def test_inputs_are_copied() -> None:
    src, dst = pair(np.int32)
    w = W3.copy()
    g = dyng.Graph.from_edges(src, dst, w)
    before = snapshot(g)
    src[:] = 0
    w[:] = 99
    assert snapshot(g) == before
    iu = np.array([0, 1], np.int32)
    b = dyng.EdgeBatch(insert=(iu, np.array([1, 0], np.int32)))
    iu[:] = 7
    assert ints(b.insert_src) == [0, 1]
