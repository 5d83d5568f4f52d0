"""The error hierarchy and an error path for every kind of bad input."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import dyng
import dyng.errors
import dyng.io
from helpers import snapshot

HIERARCHY: list[tuple[type[BaseException], tuple[type[BaseException], ...]]] = [
    (dyng.errors.Error, (Exception,)),
    (dyng.errors.InvalidArgumentError, (dyng.errors.Error, ValueError)),
    (dyng.errors.StaleResultError, (dyng.errors.InvalidArgumentError, ValueError)),
    (dyng.errors.FileFormatError, (dyng.errors.Error, OSError)),
    (dyng.errors.CapacityError, (dyng.errors.Error, MemoryError)),
    (dyng.errors.NotSupportedError, (dyng.errors.Error, NotImplementedError)),
    (dyng.errors.OutOfMemoryError, (dyng.errors.Error, MemoryError)),
    (dyng.errors.CudaError, (dyng.errors.Error, RuntimeError)),
    (dyng.errors.InternalError, (dyng.errors.Error, RuntimeError)),
]


@pytest.mark.parametrize(("cls", "bases"), HIERARCHY)
def test_hierarchy(cls: type[BaseException], bases: tuple[type[BaseException], ...]) -> None:
    for base in bases:
        assert issubclass(cls, base), (cls, base)
    assert getattr(dyng, cls.__name__) is cls


def test_unrelated_classes() -> None:
    assert not issubclass(dyng.FileFormatError, ValueError)
    assert not issubclass(dyng.CapacityError, ValueError)
    assert not issubclass(dyng.InvalidArgumentError, OSError)
    assert not issubclass(dyng.StaleResultError, dyng.FileFormatError)
    assert not issubclass(dyng.OutOfMemoryError, dyng.CapacityError)


# ---- files ------------------------------------------------------------------------


def test_file_format_error_location(tmp_path: Path) -> None:
    path = tmp_path / "broken.mtx"
    path.write_text(
        "%%MatrixMarket matrix coordinate integer general\n% a comment\n3 3 2\n1 2 5\n1 x 7\n"
    )
    with pytest.raises(dyng.FileFormatError) as info:
        dyng.io.read_matrix_market(path)
    e = info.value
    assert isinstance(e, OSError)
    assert str(e.path) == str(path)
    assert e.line == 5
    assert e.column == 3
    assert str(e)
    with pytest.raises(dyng.FileFormatError) as info2:
        dyng.io.read_matrix_market_arrays(str(path))
    assert (info2.value.line, info2.value.column) == (5, 3)


def test_file_format_error_bad_header(tmp_path: Path) -> None:
    path = tmp_path / "header.mtx"
    path.write_text("%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n")
    with pytest.raises(dyng.FileFormatError) as info:
        dyng.io.read_matrix_market(path)
    assert info.value.line == 1


def test_file_format_error_value_with_fraction(tmp_path: Path) -> None:
    path = tmp_path / "frac.mtx"
    path.write_text("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 0.5\n")
    with pytest.raises(dyng.FileFormatError) as info:
        dyng.io.read_matrix_market(path)
    assert info.value.line == 3
    assert info.value.column == 5


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.mtx"
    with pytest.raises(dyng.FileFormatError) as info:
        dyng.io.read_matrix_market(path)
    assert str(info.value.path) == str(path)
    assert isinstance(info.value, OSError)
    with pytest.raises(dyng.FileFormatError):
        dyng.io.read_matrix_market_arrays(path)
    with pytest.raises(dyng.FileFormatError):
        dyng.io.read_batches(tmp_path / "nope.dgt")
    with pytest.raises(dyng.FileFormatError):
        list(dyng.io.iter_batches(tmp_path / "nope.dgt"))


def test_unwritable_path(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0], [1])
    with pytest.raises(dyng.FileFormatError):
        dyng.io.write_matrix_market(tmp_path / "no" / "such" / "dir.mtx", g)
    with pytest.raises(dyng.FileFormatError):
        dyng.io.write_batches(tmp_path / "no" / "such.dgt", [dyng.EdgeBatch()])


# ---- wrong types, bad strings, bad numbers ---------------------------------------------


@pytest.mark.parametrize(
    ("src", "dst"),
    [
        ("abc", "def"),
        (None, [1]),
        ({0: 1}, [1]),
        (object(), object()),
        ([[0, 1], [1]], [0, 1]),
    ],
)
def test_wrong_input_types(src: Any, dst: Any) -> None:
    with pytest.raises((TypeError, dyng.InvalidArgumentError)):
        dyng.Graph.from_edges(src, dst)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"row_order": "bogus"},
        {"multi_edges": "sometimes"},
        {"vertex_dtype": "int16"},
        {"vertex_dtype": "float64"},
        {"offset_dtype": "uint8"},
        {"semantics": dyng.BatchSemantics(on_existing_insert="replace")},
        {"semantics": dyng.BatchSemantics(on_missing_delete="warn")},
        {"semantics": dyng.BatchSemantics(on_self_loop="skip")},
        {"properties": dyng.GraphProperties(order="random")},
        {"properties": dyng.GraphProperties(parallel_edges="maybe")},
        {"properties": dyng.GraphProperties(vertex_dtype="int8")},
    ],
)
def test_bad_enum_strings(kwargs: dict[str, Any]) -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges([0, 1], [1, 0], **kwargs)


def test_bad_keyword_types() -> None:
    bad: Any = 5
    bad_n: Any = "3"
    with pytest.raises((TypeError, dyng.InvalidArgumentError)):
        dyng.Graph.from_edges([0], [1], row_order=bad)
    with pytest.raises((TypeError, dyng.InvalidArgumentError)):
        dyng.Graph.from_edges([0], [1], semantics=bad)
    with pytest.raises((TypeError, dyng.InvalidArgumentError)):
        dyng.Graph.from_edges([0], [1], properties=bad)
    with pytest.raises((TypeError, dyng.InvalidArgumentError)):
        dyng.Graph.from_edges([0], [1], resources=bad)
    with pytest.raises((TypeError, dyng.InvalidArgumentError)):
        dyng.Graph.from_edges([0], [1], num_vertices=bad_n)


def test_unknown_keyword() -> None:
    kwargs: dict[str, Any] = {"colour": "red"}
    with pytest.raises(TypeError):
        dyng.Graph.from_edges([0], [1], **kwargs)


def test_negative_num_vertices() -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges([], [], num_vertices=-2)


def test_num_weights_past_64() -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges([0], [1], np.ones((1, 65), dtype=np.int32))
    g = dyng.Graph.from_edges([0], [1], np.arange(64, dtype=np.int32).reshape(1, 64))
    assert g.num_weights == 64
    assert g.edges()[2] is not None
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges([0], [1], properties=dyng.GraphProperties(num_weights=65))


def test_resources_errors() -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Resources(num_threads=-1)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Resources.openmp(num_threads=-3)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Resources("bogus")
    with pytest.raises(dyng.NotSupportedError) as info:
        dyng.Resources.cuda()
    assert "cuda" in str(info.value).lower()
    bad: Any = "sequential"
    with pytest.raises((TypeError, dyng.InvalidArgumentError)):
        dyng.set_default_resources(bad)


def test_degree_out_of_range() -> None:
    g = dyng.Graph.from_edges([0], [1])
    with pytest.raises(dyng.InvalidArgumentError):
        g.degree(2)
    with pytest.raises(dyng.InvalidArgumentError):
        g.degree(-1)


def test_write_matrix_market_bad_column(tmp_path: Path) -> None:
    g = dyng.Graph.from_edges([0], [1], np.array([[1, 2]], np.int32))
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.io.write_matrix_market(tmp_path / "g.mtx", g, weight_column=2)


def test_citation_unknown() -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.citation("nope")


def test_errors_carry_messages() -> None:
    with pytest.raises(dyng.InvalidArgumentError) as info:
        dyng.Graph.from_edges([0, -1], [1, 0])
    assert str(info.value).strip()
    g = dyng.Graph.from_edges([0], [1], semantics=dyng.BatchSemantics(on_self_loop="error"))
    before = snapshot(g)
    with pytest.raises(dyng.InvalidArgumentError) as info:
        g.apply(dyng.EdgeBatch(insert=([1], [1])))
    assert str(info.value).strip()
    assert snapshot(g) == before


def test_error_does_not_leak_into_next_call() -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.Graph.from_edges([0, -1], [1, 0])
    g = dyng.Graph.from_edges([0], [1])
    assert g.num_edges == 1


def test_unweighted_int64_ids_say_how_to_get_int32() -> None:
    """NumPy's default int64 without weights asks for a type pair that does not exist."""
    with pytest.raises(dyng.NotSupportedError, match='vertex_dtype="int32"'):
        dyng.Graph.from_edges(np.array([0, 1]), np.array([1, 2]))
    g = dyng.Graph.from_edges(np.array([0, 1]), np.array([1, 2]), vertex_dtype="int32")
    assert g.vertex_dtype == np.int32


def test_properties_with_semantics_of_another_type() -> None:
    """Found by test_api_fuzz: the semantics field was read before its type was checked."""
    with pytest.raises(dyng.InvalidArgumentError, match="semantics must be a BatchSemantics"):
        dyng.Graph.from_edges([0], [1], properties=dyng.GraphProperties(semantics="set"))  # type: ignore[arg-type]
