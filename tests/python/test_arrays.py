"""dyng.Array through dyng.testing.degrees: protocols, copies, staleness, copy-on-write."""

from __future__ import annotations

import copy
import ctypes
import gc
import pickle
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dyng
import dyng.testing
from helpers import build_graph, dyng_semantics, make_batch, snapshot
from refmodel import BatchSpec, GraphSpec, Model, ModelError, Semantics, batch_specs, graph_specs

I64 = np.dtype(np.int64)


def capsule_name(capsule: object) -> bytes | None:
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype = ctypes.c_char_p
    get_name.argtypes = [ctypes.py_object]
    name: bytes | None = get_name(capsule)
    return name


class CapsuleHolder:
    """Hands a given DLPack capsule to np.from_dlpack."""

    def __init__(self, capsule: object) -> None:
        self.capsule = capsule

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self.capsule

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)


def small_graph() -> dyng.Graph:
    # out-degrees 2, 1, 0, 1; in-degrees 1, 1, 2, 0
    return dyng.Graph.from_edges([0, 0, 1, 3], [1, 2, 2, 0])


def out_degrees(g: dyng.Graph, transposed: bool = False) -> list[int]:
    rp = g.to_csr(transposed=transposed)[0]
    return [int(x) for x in np.diff(rp).tolist()]


# ---- the array and its protocols -----------------------------------------------


def test_degrees_is_an_array() -> None:
    g = small_graph()
    res = dyng.testing.degrees(g)
    assert isinstance(res, dyng.testing.DegreeResult)
    a = res.degrees
    assert isinstance(a, dyng.Array)
    assert a.dtype == I64
    assert isinstance(a.dtype, np.dtype)
    assert a.shape == (4,)
    assert a.ndim == 1
    assert a.size == 4
    assert a.nbytes == 32
    assert len(a) == 4
    assert a.tolist() == [2, 1, 0, 1] == out_degrees(g)
    assert [int(x) for x in a] == [2, 1, 0, 1]
    assert int(a[0]) == 2
    assert [int(x) for x in a[1:]] == [1, 0, 1]
    assert bool(np.all(a == np.array([2, 1, 0, 1])))
    t = dyng.testing.degrees(g, transposed=True).degrees
    assert t.tolist() == [1, 1, 2, 0] == out_degrees(g, transposed=True)


@given(graph_specs())
def test_degrees_match_csr(spec: GraphSpec) -> None:
    g = build_graph(spec)
    for transposed in (False, True):
        a = dyng.testing.degrees(g, transposed=transposed).degrees
        want = np.diff(g.to_csr(transposed=transposed)[0]).astype(np.int64)
        np.testing.assert_array_equal(np.asarray(a), want)
        assert a.tolist() == spec.model().degrees(transposed)


def test_asarray_is_a_read_only_view() -> None:
    a = dyng.testing.degrees(small_graph()).degrees
    v = np.asarray(a)
    assert v.dtype == I64
    assert v.tolist() == [2, 1, 0, 1]
    assert not v.flags.writeable
    with pytest.raises(ValueError):
        v[0] = 5
    with pytest.raises(ValueError):
        v.setflags(write=True)
    assert np.shares_memory(v, np.asarray(a))
    ai = a.__array_interface__
    assert ai["shape"] == (4,)
    assert np.dtype(ai["typestr"]) == I64
    assert ai["data"][1] is True  # read-only


def test_memoryview_is_read_only() -> None:
    a = dyng.testing.degrees(small_graph()).degrees
    with memoryview(a) as mv:
        assert mv.readonly
        assert mv.format in ("q", "l")
        assert mv.itemsize == 8
        assert mv.ndim == 1
        assert mv.shape == (4,)
        assert mv.tolist() == [2, 1, 0, 1]
        with pytest.raises(TypeError):
            mv[0] = 3


def test_from_dlpack_is_read_only() -> None:
    a = dyng.testing.degrees(small_graph()).degrees
    x = np.from_dlpack(a)
    assert x.tolist() == [2, 1, 0, 1]
    assert x.dtype == I64
    assert not x.flags.writeable
    assert np.shares_memory(x, np.asarray(a))  # zero-copy


def test_dlpack_versioned_capsule() -> None:
    a = dyng.testing.degrees(small_graph()).degrees
    cap = a.__dlpack__(max_version=(1, 0))
    assert capsule_name(cap) == b"dltensor_versioned"
    x = np.from_dlpack(CapsuleHolder(cap))
    assert x.tolist() == [2, 1, 0, 1]
    assert not x.flags.writeable
    cap2 = a.__dlpack__(max_version=(1, 0), dl_device=(1, 0), stream=None)
    assert capsule_name(cap2) == b"dltensor_versioned"


def test_dlpack_legacy_capsule_is_a_copy() -> None:
    res = dyng.testing.degrees(small_graph())
    a = res.degrees
    cap = a.__dlpack__()
    assert capsule_name(cap) == b"dltensor"
    x = np.from_dlpack(CapsuleHolder(cap))
    assert x.tolist() == [2, 1, 0, 1]
    assert not np.shares_memory(x, np.asarray(a))
    if x.flags.writeable:
        x[0] = 77  # a copy: the result does not see it
    assert a.tolist() == [2, 1, 0, 1]


def test_dlpack_device() -> None:
    a = dyng.testing.degrees(small_graph()).degrees
    assert tuple(int(x) for x in a.__dlpack_device__()) == (1, 0)


def test_to_numpy_copies() -> None:
    a = dyng.testing.degrees(small_graph()).degrees
    x = a.to_numpy()
    assert isinstance(x, np.ndarray)
    assert x.dtype == I64
    assert x.flags.writeable
    assert not np.shares_memory(x, np.asarray(a))
    x[0] = 99
    assert a.tolist() == [2, 1, 0, 1]
    y = a.to_numpy(copy=True)
    assert y.flags.writeable
    v = a.to_numpy(copy=False)
    assert not v.flags.writeable
    assert v.tolist() == [2, 1, 0, 1]
    assert np.shares_memory(v, np.asarray(a))


def test_to_torch() -> None:
    torch = pytest.importorskip("torch")
    a = dyng.testing.degrees(small_graph()).degrees
    t = a.to_torch()
    assert isinstance(t, torch.Tensor)
    assert t.dtype == torch.int64
    assert t.tolist() == [2, 1, 0, 1]
    assert t.device.type == "cpu"


def test_to_cupy_not_supported_on_cpu() -> None:
    try:
        import cupy  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("CuPy is importable")
    a = dyng.testing.degrees(small_graph()).degrees
    with pytest.raises(dyng.NotSupportedError):
        a.to_cupy()


def test_pickle_and_deepcopy_give_numpy_copies() -> None:
    a = dyng.testing.degrees(small_graph()).degrees
    for x in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a)):
        assert type(x) is np.ndarray
        assert x.dtype == I64
        assert x.tolist() == [2, 1, 0, 1]
        assert not np.shares_memory(x, np.asarray(a))


def test_empty_graph_degrees() -> None:
    g = dyng.Graph.from_edges([], [])
    a = dyng.testing.degrees(g).degrees
    assert len(a) == 0
    assert a.shape == (0,)
    assert np.asarray(a).tolist() == []
    assert a.to_numpy().tolist() == []
    assert np.from_dlpack(a).tolist() == []


# ---- staleness and copy-on-write ----------------------------------------------------


def assert_stale(a: dyng.Array) -> None:
    with pytest.raises(dyng.StaleResultError):
        a.to_numpy()
    with pytest.raises(dyng.StaleResultError):
        a.to_numpy(copy=False)
    with pytest.raises(dyng.StaleResultError):
        np.asarray(a)
    with pytest.raises(dyng.StaleResultError):
        a.__dlpack__(max_version=(1, 0))
    with pytest.raises(dyng.StaleResultError):
        a.__dlpack__()
    with pytest.raises(dyng.StaleResultError):
        np.from_dlpack(a)
    with pytest.raises(dyng.StaleResultError):
        len(a)
    with pytest.raises(dyng.StaleResultError):
        memoryview(a)
    with pytest.raises(dyng.StaleResultError):
        a.tolist()
    with pytest.raises(dyng.StaleResultError):
        pickle.dumps(a)
    with pytest.raises(dyng.StaleResultError):
        copy.deepcopy(a)


def test_update_retires_old_arrays_and_views_keep_their_state() -> None:
    g = small_graph()
    res = dyng.testing.degrees(g)
    a = res.degrees
    old = [2, 1, 0, 1]
    v = np.asarray(a)
    mv = memoryview(a)
    d = np.from_dlpack(a)
    nview = a.to_numpy(copy=False)
    batch = dyng.EdgeBatch(insert=([2, 2, 5], [0, 1, 0]), delete=([0], [1]))
    dyng.testing.update_degrees(g, batch, res)
    assert_stale(a)
    assert v.tolist() == old
    assert mv.tolist() == old
    assert d.tolist() == old
    assert nview.tolist() == old
    mv.release()
    new = res.degrees
    assert isinstance(new, dyng.Array)
    assert new.tolist() == [1, 1, 2, 1, 0, 1] == out_degrees(g)  # vertex growth to 6
    assert len(new) == 6
    m = Model.build([0, 0, 1, 3], [1, 2, 2, 0], None)
    m.apply([(2, 0, ()), (2, 1, ()), (5, 0, ())], [(0, 1)])
    assert new.tolist() == m.degrees()


def test_update_in_place_without_exports() -> None:
    g = small_graph()
    res = dyng.testing.degrees(g)
    for i in range(5):
        dyng.testing.update_degrees(g, dyng.EdgeBatch(insert=([i], [i + 1])), res)
        assert res.degrees.tolist() == out_degrees(g)
    assert g.version == 5


@given(graph_specs(), st.booleans(), st.data())
def test_views_keep_every_state(spec: GraphSpec, transposed: bool, data: st.DataObject) -> None:
    g = build_graph(spec)
    m = spec.model()
    res = dyng.testing.degrees(g, transposed=transposed)
    kept: list[tuple[npt.NDArray[np.int64], list[int]]] = []
    arrays: list[dyng.Array] = []
    n = spec.n
    for _ in range(data.draw(st.integers(min_value=1, max_value=4))):
        a = res.degrees
        assert a.tolist() == m.degrees(transposed)
        how = data.draw(st.sampled_from(["asarray", "dlpack", "none"]))
        if how == "asarray":
            kept.append((np.asarray(a), m.degrees(transposed)))
        elif how == "dlpack":
            kept.append((np.from_dlpack(a).view(np.int64), m.degrees(transposed)))
        arrays.append(a)
        b: BatchSpec = data.draw(batch_specs(n, spec.num_weights))
        m.apply(b.insertions, b.deletions)
        dyng.testing.update_degrees(g, make_batch(b), res)
        n = m.n
        for view, values in kept:
            assert view.tolist() == values
        for old in arrays:
            with pytest.raises(dyng.StaleResultError):
                old.to_numpy()
    assert res.degrees.tolist() == m.degrees(transposed)
    assert g.version == m.version


def test_failed_update_retires_arrays_but_keeps_values() -> None:
    sem = dyng.BatchSemantics(on_missing_delete="error")
    g = dyng.Graph.from_edges([0, 0, 1, 3], [1, 2, 2, 0], semantics=sem)
    res = dyng.testing.degrees(g)
    a = res.degrees
    v = np.asarray(a)
    before = snapshot(g)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.testing.update_degrees(g, dyng.EdgeBatch(insert=([1], [3]), delete=([2], [3])), res)
    assert snapshot(g) == before
    assert_stale(a)
    assert v.tolist() == [2, 1, 0, 1]
    assert res.degrees.tolist() == [2, 1, 0, 1]
    # the result is still current: a good update works
    dyng.testing.update_degrees(g, dyng.EdgeBatch(insert=([1], [3])), res)
    assert res.degrees.tolist() == [2, 2, 0, 1]


def test_failed_update_without_exports_keeps_values() -> None:
    sem = dyng.BatchSemantics(on_self_loop="error")
    g = dyng.Graph.from_edges([0, 0, 1, 3], [1, 2, 2, 0], semantics=sem)
    res = dyng.testing.degrees(g)
    a = res.degrees
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.testing.update_degrees(g, dyng.EdgeBatch(insert=([1, 4], [3, 4])), res)
    with pytest.raises(dyng.StaleResultError):
        len(a)
    assert res.degrees.tolist() == [2, 1, 0, 1]
    assert g.version == 0


def test_result_stale_after_plain_apply() -> None:
    g = small_graph()
    res = dyng.testing.degrees(g)
    g.apply(dyng.EdgeBatch(insert=([1], [0])))
    before = snapshot(g)
    with pytest.raises(dyng.StaleResultError):
        dyng.testing.update_degrees(g, dyng.EdgeBatch(insert=([2], [0])), res)
    assert snapshot(g) == before  # nothing applied
    assert isinstance(dyng.StaleResultError("x"), dyng.InvalidArgumentError)


def test_result_of_another_graph_is_stale() -> None:
    g = small_graph()
    h = small_graph()
    res = dyng.testing.degrees(g)
    before = snapshot(h)
    with pytest.raises(dyng.StaleResultError):
        dyng.testing.update_degrees(h, dyng.EdgeBatch(insert=([2], [0])), res)
    assert snapshot(h) == before


def test_copy_policy_always() -> None:
    r = dyng.Resources.sequential()
    assert r.copy_policy == "on_write"
    r.copy_policy = "always"
    assert r.copy_policy == "always"
    with pytest.raises(dyng.InvalidArgumentError):
        r.copy_policy = "sometimes"
    assert r.copy_policy == "always"
    g = dyng.Graph.from_edges([0, 0, 1, 3], [1, 2, 2, 0], resources=r)
    res = dyng.testing.degrees(g)
    m = Model.build([0, 0, 1, 3], [1, 2, 2, 0], None)
    views: list[tuple[npt.NDArray[np.int64], list[int]]] = []
    for i in range(4):
        a = res.degrees
        assert a.tolist() == m.degrees()
        if i % 2 == 0:
            views.append((np.asarray(a), m.degrees()))
        m.apply([(i, i + 3, ())], [(0, 1)])
        dyng.testing.update_degrees(
            g, dyng.EdgeBatch(insert=([i], [i + 3]), delete=([0], [1])), res
        )
        with pytest.raises(dyng.StaleResultError):
            a.to_numpy()
        for v, values in views:
            assert v.tolist() == values
    assert res.degrees.tolist() == m.degrees() == out_degrees(g)


@given(graph_specs(), st.data())
def test_update_degrees_with_error_semantics(spec: GraphSpec, data: st.DataObject) -> None:
    sem = Semantics(on_existing_insert="error", on_missing_delete="error")
    g = build_graph(spec, sem)
    m = spec.model(sem)
    res = dyng.testing.degrees(g)
    b: BatchSpec = data.draw(batch_specs(spec.n, spec.num_weights, max_size=3))
    a = res.degrees
    try:
        m.apply(b.insertions, b.deletions)
    except ModelError:
        with pytest.raises(dyng.InvalidArgumentError):
            dyng.testing.update_degrees(g, make_batch(b), res)
    else:
        dyng.testing.update_degrees(g, make_batch(b), res)
    with pytest.raises(dyng.StaleResultError):
        a.to_numpy()
    assert res.degrees.tolist() == m.degrees()
    assert g.version == m.version
    assert dyng_semantics(sem) == g.properties.semantics


def test_arrays_and_views_outlive_their_result_and_graph() -> None:
    g = small_graph()
    res = dyng.testing.degrees(g)
    a = res.degrees
    v = np.asarray(a)
    d = np.from_dlpack(a)
    mv = memoryview(a)
    cap = a.__dlpack__(max_version=(1, 0))
    del g, res
    gc.collect()
    assert a.tolist() == [2, 1, 0, 1]
    assert v.tolist() == [2, 1, 0, 1]
    del a
    gc.collect()
    assert v.tolist() == [2, 1, 0, 1]
    assert d.tolist() == [2, 1, 0, 1]
    assert mv.tolist() == [2, 1, 0, 1]
    assert np.from_dlpack(CapsuleHolder(cap)).tolist() == [2, 1, 0, 1]
    mv.release()


def test_views_survive_growth_and_release() -> None:
    g = dyng.Graph.from_edges([0], [1])
    res = dyng.testing.degrees(g)
    views = []
    for i in range(6):
        views.append((np.asarray(res.degrees), np.diff(g.to_csr()[0]).tolist()))
        # grow the vertex set a lot, so that the result's storage must move
        dyng.testing.update_degrees(g, dyng.EdgeBatch(insert=([0], [1000 * (i + 1)])), res)
        gc.collect()
    for v, want in views:
        assert v.tolist() == want
    assert len(res.degrees) == 6001
