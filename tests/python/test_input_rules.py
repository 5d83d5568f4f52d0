"""The input rules of the Python layer, one per fix of the probe's findings.

- A batch never changes what it was given (a pandas Series, an ``__array__``
  that keeps its array, a buffer) and refuses negative ids.
- Flags are bools and numbers are numbers: no ``bool("False")``, no
  ``float("0.5")``, no ``int(2.7)``; a non-integer vertex or length is an
  ``InvalidArgumentError`` naming the argument.
- ``dyng.Array`` compares through NumPy with all six operators.
- Calls that read the whole graph stop when its resources are interrupted.
- Messages that say what was wrong: a result of another graph, an unknown log
  level, a generator where a list goes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import dyng
from helpers import snapshot


def path3() -> dyng.Graph:
    """0 -> 1 -> 2, weights 1 and 2."""
    return dyng.Graph.from_edges(
        np.array([0, 1], np.int32), np.array([1, 2], np.int32), np.array([1, 2], np.int32)
    )


class Keeps:
    """An array-like whose ``__array__`` hands out an array it keeps."""

    def __init__(self, a: npt.NDArray[Any]) -> None:
        self.a = a

    def __array__(self, dtype: Any = None, copy: Any = None) -> npt.NDArray[Any]:
        return self.a


# ---- 1. a batch never changes its inputs ------------------------------------------------------


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_batch_leaves_a_pandas_series_alone(dtype: str) -> None:
    pd = pytest.importorskip("pandas")
    src = pd.Series([0, 1], dtype=dtype)
    dst = pd.Series([1, 2], dtype=dtype)
    w = pd.Series([5, 6], dtype="int32")
    b = dyng.EdgeBatch(insert=(src, dst, w), delete=(dst, src))
    for a in (b.insert_src, b.insert_dst, b.delete_src, b.delete_dst):
        assert not a.flags.writeable
        assert not np.shares_memory(a, src.to_numpy()) and not np.shares_memory(a, dst.to_numpy())
    # The caller's Series stay writable (written through the Series: under pandas 3's
    # copy-on-write, to_numpy() is a read-only view whatever dyng does), and the batch keeps
    # its values.
    for s in (src, dst, w):
        s.iloc[0] = 7
        assert s.tolist()[0] == 7
    assert b.insert_src.tolist() == [0, 1] and b.insert_dst.tolist() == [1, 2]
    assert b.delete_src.tolist() == [1, 2] and b.delete_dst.tolist() == [0, 1]
    assert b.insert_weights is not None and b.insert_weights.ravel().tolist() == [5, 6]


def test_batch_leaves_an_array_it_was_lent_alone() -> None:
    ids = np.array([0, 1], np.int64)
    weights = np.array([5, 6], np.int32)
    b = dyng.EdgeBatch(insert=(Keeps(ids), Keeps(ids), Keeps(weights)))
    assert ids.flags.writeable and weights.flags.writeable
    assert not np.shares_memory(b.insert_src, ids)
    ids[0] = 9
    assert b.insert_src.tolist() == [0, 1] and b.insert_dst.tolist() == [0, 1]
    # a buffer, and plain arrays and views, as before
    buf = bytearray(np.array([0, 1], np.int32).tobytes())
    b = dyng.EdgeBatch(delete=(memoryview(buf).cast("i"), [1, 2]))
    buf[0] = 3
    assert b.delete_src.tolist() == [0, 1]
    plain = np.array([0, 1, 2, 3], np.int32)
    b = dyng.EdgeBatch(insert=(plain, plain[::-1].copy()), delete=(plain[:2], plain[2:]))
    assert plain.flags.writeable
    assert not np.shares_memory(b.insert_src, plain) and not np.shares_memory(b.delete_src, plain)


# ---- 2. negative ids ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "what", "value"),
    [
        ({"insert": ([0, -1, -2], [1, 0, 0])}, "insert src", -1),
        ({"insert": ([0, 1], [1, -3], [4, 5])}, "insert dst", -3),
        ({"delete": ([-5], [0])}, "delete src", -5),
        ({"delete": (np.array([0, 1], np.int64), np.array([2, -(2**40)]))}, "delete dst", -(2**40)),
        ({"insert": (np.array([0, -7], np.int8), np.array([1, 1], np.int8))}, "insert src", -7),
    ],
)
def test_batch_refuses_negative_ids(kwargs: dict[str, Any], what: str, value: int) -> None:
    with pytest.raises(dyng.InvalidArgumentError, match=f"^{what}: the id {value} is negative"):
        dyng.EdgeBatch(**kwargs)


def test_from_tuples_refuses_negative_ids() -> None:
    with pytest.raises(dyng.InvalidArgumentError, match="insert dst: the id -1 is negative"):
        dyng.EdgeBatch.from_tuples(insert=[(0, 1), (2, -1)])
    with pytest.raises(dyng.InvalidArgumentError, match="delete src: the id -4 is negative"):
        dyng.EdgeBatch.from_tuples(delete=np.array([[0, 1], [-4, 2]]))
    # zero and unsigned ids are fine
    b = dyng.EdgeBatch(insert=(np.array([0], np.uint32), np.array([2**32 - 1], np.uint32)))
    assert b.insert_dst.tolist() == [2**32 - 1]


# ---- 3. flags are bools, numbers are numbers ---------------------------------------------------


@pytest.mark.parametrize(
    ("keyword", "value", "message"),
    [
        ("validate_inputs", "False", "validate_inputs must be a bool"),
        ("validate_inputs", 0, "validate_inputs must be a bool"),
        ("fallback_fraction", "0.5", "fallback_fraction must be a number"),
        ("fallback_fraction", True, "fallback_fraction must be a number"),
        ("fallback_max_fraction", None, "fallback_max_fraction must be a number"),
        ("objective", 0.0, "objective must be an integer"),
        ("delta", 2.5, "delta must be an integer"),
        ("delta", False, "delta must be an integer"),
    ],
)
def test_sssp_options_are_not_coerced(keyword: str, value: object, message: str) -> None:
    g = path3()
    kw: dict[str, Any] = {keyword: value}
    with pytest.raises(dyng.InvalidArgumentError, match=message):
        dyng.sssp.compute(g, 0, **kw)
    tree = dyng.sssp.compute(g, 0)
    with pytest.raises(dyng.InvalidArgumentError, match=message):
        dyng.sssp.Result.from_arrays(g, 0, tree.distances.to_numpy(), tree.parents.to_numpy(), **kw)


def test_sssp_options_take_numpy_values() -> None:
    g = path3()
    tree = dyng.sssp.compute(
        g,
        np.int64(0),  # type: ignore[arg-type]
        validate_inputs=np.False_,
        fallback_fraction=np.float32(0.25),
        fallback_max_fraction=1,
        delta=np.int8(2),
    )
    o = tree.options
    assert (o.validate_inputs, o.fallback_fraction, o.fallback_max_fraction) == (False, 0.25, 1.0)
    assert o.delta == 2 and tree.distances.tolist() == [0, 1, 3]


def test_graph_flags_are_bools() -> None:
    g = path3()
    calls: dict[str, Callable[[Any], object]] = {
        "to_csr": lambda t: g.to_csr(transposed=t),
        "degree": lambda t: g.degree(1, transposed=t),
        "degrees": lambda t: g.degrees(transposed=t),
        "neighbors": lambda t: g.neighbors(1, transposed=t),
        "row": lambda t: g.row(1, transposed=t),
    }
    for call in calls.values():
        for bad in ("no", 0, 1, None):
            with pytest.raises(dyng.InvalidArgumentError, match="transposed must be a bool"):
                call(bad)
    # a NumPy bool is a bool (the in-edge of 1 comes from 0)
    yes: Any = np.True_
    no: Any = np.False_
    assert g.to_csr(transposed=no)[0].tolist() == [0, 1, 2, 2]
    assert g.to_csr(transposed=yes)[0].tolist() == [0, 0, 1, 2]
    assert g.degree(1, transposed=yes) == 1
    assert g.degrees(transposed=yes).tolist() == [0, 1, 1]
    assert g.neighbors(1, transposed=yes).tolist() == [0]
    assert g.row(1, transposed=yes)[0].tolist() == [0]


def test_dlpack_copy_is_a_bool() -> None:
    a = dyng.sssp.compute(path3(), 0).distances
    for bad in ("x", 1, 0.0):
        with pytest.raises(dyng.InvalidArgumentError, match="copy must be a bool"):
            a.__dlpack__(max_version=(1, 0), copy=bad)  # type: ignore[arg-type]
    assert np.from_dlpack(a, copy=True).tolist() == [0, 1, 3]
    a.__dlpack__(max_version=(1, 0), copy=np.True_)  # type: ignore[arg-type]


def test_numbers_given_as_floats_or_bools_are_refused() -> None:
    with pytest.raises(dyng.InvalidArgumentError, match="num_threads must be an integer"):
        dyng.Resources(num_threads=2.0)  # type: ignore[arg-type]
    with pytest.raises(dyng.InvalidArgumentError, match="num_threads must be an integer"):
        dyng.Resources(num_threads=True)
    assert dyng.Resources("openmp", np.int64(1)).num_threads == 1  # type: ignore[arg-type]
    level = dyng.config.get_log_level()
    try:
        for bad in (20.5, True, None):
            with pytest.raises(dyng.InvalidArgumentError, match="level must be an integer"):
                dyng.config.set_log_level(bad)  # type: ignore[arg-type]
        assert dyng.config.get_log_level() == level
    finally:
        dyng.config.set_log_level(level)


# ---- 4. the comparisons of dyng.Array ----------------------------------------------------------


def test_array_comparisons_go_through_numpy() -> None:
    a = dyng.sssp.compute(path3(), 0).distances  # [0, 1, 3]
    v = a.to_numpy()
    other = dyng.cycle_count.compute(path3(), max_length=2).counts  # [0, 0, 0]
    cases = [
        (a < 2, v < 2),
        (a <= np.int64(1), v <= 1),
        (a > other, v > 0),
        (a >= np.array([0, 2, 3]), v >= np.array([0, 2, 3])),
        (a < a, v < v),
        (2 < a, v > 2),  # noqa: SIM300 (the reflected operator is the point)
        (np.int64(1) >= a, v <= 1),
        (a == 1, v == 1),
        (a != other, v != 0),
    ]
    for got, want in cases:
        assert isinstance(got, np.ndarray) and got.dtype == np.bool_
        assert got.tolist() == want.tolist()
    assert int((a < dyng.sssp.INFINITE_DISTANCE).sum()) == 3


# ---- 5. interrupted resources stop every call that reads the whole graph ---------------------


def test_interrupt_stops_whole_graph_reads() -> None:
    r = dyng.Resources.sequential()
    g = dyng.Graph.from_edges([0, 1], [1, 2], [1, 1], resources=r)
    tree = dyng.sssp.compute(g, 0)
    d, p = tree.distances.to_numpy(), tree.parents.to_numpy()
    before = snapshot(g)
    calls: dict[str, Callable[[], object]] = {  # libdyng's name of each call
        "sssp compute": lambda: dyng.sssp.compute(g, 0),
        "to_edges": g.edges,
        "clone": g.clone,
        "to_csr": g.to_csr,
        "degrees": g.degrees,
        "the integrity check": g.check_integrity,
        "sssp from_arrays": lambda: dyng.sssp.Result.from_arrays(g, 0, d, p),
        "has_edges": lambda: g.has_edges([0], [1]),
        "edge_weights": lambda: g.edge_weights([0], [1]),
    }
    r.interrupt()
    try:
        for name, call in calls.items():
            with pytest.raises(KeyboardInterrupt, match=f"^{name} was interrupted$"):
                call()
    finally:
        r.clear_interrupt()
    assert snapshot(g) == before
    for call in calls.values():
        call()


# ---- 6. a vertex, a length: integers, with the accepted range ---------------------------------


def test_non_integer_vertices_and_lengths() -> None:
    g = path3()
    tree = dyng.sssp.compute(g, 0)
    h = dyng.cycle_count.compute(g)
    one: Any = 1.0  # what the annotations refuse, as a caller without a type checker passes it
    two: Any = 2.0
    calls: list[tuple[Callable[[], object], str]] = [
        (lambda: dyng.sssp.compute(g, one), r"source must be an integer, got 1\.0"),
        (lambda: tree.path_to(one), r"vertex must be an integer, got 1\.0"),
        (lambda: h.count(two), r"length must be an integer, got 2\.0"),
        (
            lambda: dyng.cycle_count.compute(g, max_length=3.0),  # type: ignore[arg-type]
            "max_length must be an integer",
        ),
        (lambda: g.has_edge(one, 2), "vertex must be an integer"),
    ]
    for call, message in calls:
        with pytest.raises(dyng.InvalidArgumentError, match=message):
            call()


@pytest.mark.parametrize("source", [3, -1, 2**63, 2**70, -(2**64)])
def test_source_range_is_the_vertices(source: int) -> None:
    with pytest.raises(dyng.InvalidArgumentError) as e:
        dyng.sssp.compute(path3(), source)
    assert str(e.value) == f"source is {source}; the graph has 3 vertices (accepted: 0..2)"
    tree = dyng.sssp.compute(path3(), 0)
    with pytest.raises(dyng.InvalidArgumentError, match=r"the graph has 3 vertices \(accepted"):
        tree.path_to(source)


def test_delta_range_message() -> None:
    for delta in (-1, 2**63):
        with pytest.raises(dyng.InvalidArgumentError, match=r"accepted: 0 \(chosen from a sample"):
            dyng.sssp.compute(path3(), 0, delta=delta)


# ---- 7. messages ------------------------------------------------------------------------------


def test_result_of_another_graph_says_so() -> None:
    g1, g2 = path3(), path3()
    tree = dyng.sssp.compute(g1, 0)
    hist = dyng.cycle_count.compute(g1)
    for call, kind in (
        (lambda: dyng.sssp.update(g2, dyng.EdgeBatch(), tree), "sssp"),
        (lambda: dyng.update(g2, dyng.EdgeBatch(), hist), "cycle_count"),
    ):
        with pytest.raises(dyng.StaleResultError, match=f"the {kind} result was computed on "):
            call()
    assert g2.version == 0
    # the graph moved on: the message says so, and names the other possibility
    dyng.sssp.update(g1, dyng.EdgeBatch(insert=([2], [0], [1])), dyng.sssp.compute(g1, 0))
    with pytest.raises(dyng.StaleResultError) as e:
        dyng.sssp.update(g1, dyng.EdgeBatch(), tree)
    text = str(e.value)
    assert "belongs to version 0" in text and "this graph is at version 1" in text
    assert "a batch was applied without updating the result" in text
    assert "or the result was computed on another graph" in text


def test_unknown_log_level_is_an_invalid_argument() -> None:
    with pytest.raises(dyng.InvalidArgumentError, match="unknown log level 'bogus'; accepted"):
        dyng.config.set_log_level("bogus")
    assert issubclass(dyng.InvalidArgumentError, ValueError)


def test_generators_are_refused_with_a_hint() -> None:
    with pytest.raises(dyng.InvalidArgumentError, match="src: got a generator; generators and"):
        dyng.Graph.from_edges((i for i in range(3)), [1, 2, 0])  # type: ignore[arg-type]
    with pytest.raises(dyng.InvalidArgumentError, match="insert dst: got a list_iterator"):
        dyng.EdgeBatch(insert=([0, 1], iter([1, 2])))
    with pytest.raises(dyng.InvalidArgumentError, match="weights: got a map"):
        dyng.Graph.from_edges([0, 1], [1, 2], map(int, "12"))  # type: ignore[arg-type]


def test_messages_name_the_python_keyword_and_type(tmp_path: Any) -> None:
    g = dyng.generators.erdos_renyi(20, 60, seed=1)
    # libdyng's C function names are not part of a Python message
    calls: list[tuple[Callable[[], object], str]] = [
        (
            lambda: dyng.generators.random_batch(g, 3000, insert_fraction=0.0),
            "3000 deletions asked for",
        ),
        (
            lambda: dyng.io.write_matrix_market_arrays(tmp_path / "x.mtx", 2, [0], [5]),
            "entry 0 is (0, 5)",
        ),
        (
            lambda: dyng.io.write_batches(
                tmp_path / "x.dgt", [dyng.EdgeBatch(id=3), dyng.EdgeBatch(id=3)]
            ),
            "batch id 3 does not exceed",
        ),
    ]
    for call, text in calls:
        with pytest.raises(dyng.Error) as e:
            call()
        assert str(e.value).startswith(text) and "dyng_" not in str(e.value), str(e.value)
    # the keywords, not the fields or the C option names
    with pytest.raises(dyng.InvalidArgumentError, match=r"^row_order is 'foo'; expected one of"):
        dyng.Graph.from_edges([0], [1], row_order="foo")
    with pytest.raises(dyng.InvalidArgumentError, match=r"^multi_edges is 'x'; expected one of"):
        dyng.Graph.from_edges([0], [1], multi_edges="x")
    p = tmp_path / "e.txt"
    p.write_text("0 1\n1 1\n0 1\n")
    with pytest.raises(dyng.FileFormatError, match="self-loops are refused here"):
        dyng.io.read_edge_list(p, self_loops="error")
    with pytest.raises(dyng.FileFormatError, match="duplicates are refused here"):
        dyng.io.read_edge_list(p, duplicates="error")
    # a type of the same name from another module is named with its module
    with pytest.raises(TypeError, match=r"got dyng\.cycle_count\.Options$"):
        dyng.sssp.compute(g, 0, options=dyng.cycle_count.Options())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"got dyng\.cycle_count\.Result$"):
        dyng.sssp.update(g, dyng.EdgeBatch(), dyng.cycle_count.compute(g))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"got dyng\.sssp\.Options$"):
        dyng.cycle_count.compute(g, options=dyng.sssp.Options())  # type: ignore[arg-type]


def test_the_cli_names_no_c_function(tmp_path: Any) -> None:
    import subprocess
    import sys

    g = tmp_path / "g.txt"
    dyng.io.write_edge_list(g, dyng.generators.erdos_renyi(20, 30, seed=1))
    r = subprocess.run(
        [sys.executable, "-m", "dyng", "generate", "batches", str(g), str(tmp_path / "b.dgt"),
         "--count", "1", "--size", "1000", "--insert-fraction", "0"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert r.returncode == 1 and "dyng_" not in r.stderr, r.stderr
    assert "1000 deletions asked for" in r.stderr


# ---- 8. bools are not numbers; an array's truth is NumPy's -------------------------------------


def test_bools_are_no_percentages_or_weights() -> None:
    from dyng.generators import legacy

    g = dyng.generators.erdos_renyi(20, 60, seed=1, weights=(1, 9))
    for bad in ("50", True):
        with pytest.raises(dyng.InvalidArgumentError, match="insertion_percentage must be a"):
            legacy.mosp_changes(g, num_changes=4, insertion_percentage=bad)  # type: ignore[arg-type]
    assert legacy.mosp_changes(g, num_changes=4, insertion_percentage=np.float64(25))
    nx = pytest.importorskip("networkx")
    G = nx.Graph([(0, 1, {"weight": True}), (1, 2, {"weight": 2})])
    with pytest.raises(dyng.InvalidArgumentError, match="edge 0 has weight=True; weights are"):
        dyng.interop.from_networkx(G)


def test_the_truth_of_an_array_is_numpys() -> None:
    g = path3()
    d = dyng.sssp.compute(g, 0).distances
    with pytest.raises(ValueError, match=r"truth value of a dyng\.Array of 3 elements"):
        bool(d)
    with pytest.raises(ValueError, match="ambiguous"):
        np.asarray(d).__bool__()  # what NumPy itself says
    one = dyng.sssp.compute(dyng.Graph.from_edges([0], [0], [1]), 0).distances
    assert len(one) == 1 and not bool(one)  # distance 0


def test_an_array_converts_to_a_number_only_with_one_element() -> None:
    # int() of a buffer object reads its bytes as text: it said "invalid literal for int()
    # with base 10: b'\\x00...'" for the distances of a path
    d = dyng.sssp.compute(path3(), 0).distances
    for convert in (int, float, complex):
        with pytest.raises(
            TypeError, match=rf"{convert.__name__}\(\) of a dyng\.Array of 3 elements"
        ):
            convert(d)
    # one vertex (a self-loop): one element, as NumPy converts it
    tree = dyng.sssp.compute(dyng.Graph.from_edges([0], [0], [1]), 0)
    assert int(tree.distances) == 0 and type(int(tree.distances)) is int
    assert int(tree.parents) == -1 and float(tree.parents) == -1.0
    assert complex(tree.parents) == complex(-1)


def test_a_banner_token_with_a_control_byte_shows_it(tmp_path: Any) -> None:
    # "matrix\0coordinate" is one token; the NUL ended the text in the message, which then
    # read "unsupported object 'matrix'; dynG reads 'matrix' files"
    p = tmp_path / "nul.mtx"
    p.write_bytes(b"%%MatrixMarket matrix\x00coordinate pattern general\n2 2 1\n1 2\n")
    with pytest.raises(dyng.FileFormatError, match=r"unsupported object 'matrix\?coordinate'"):
        dyng.io.read_matrix_market(p)


def test_pandas_missing_values_are_named() -> None:
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(
        {
            "src": pd.Series([0, 1, None], dtype="Int64"),
            "dst": pd.Series([1, 2, 0], dtype="Int64"),
            "w": [1.0, float("nan"), 3.0],
        }
    )
    calls: list[tuple[Callable[[], object], str]] = [
        (lambda: dyng.Graph.from_edges(df.src, df.dst), "src: 1 missing value"),
        (lambda: dyng.Graph.from_edges(df.dst, df.dst, df.w), "weights: 1 missing value"),
        (lambda: dyng.EdgeBatch(insert=(df.src, df.dst)), "insert src: 1 missing value"),
    ]
    for call, message in calls:
        with pytest.raises(dyng.InvalidArgumentError, match=f"{message}.*position"):
            call()
    clean = df.dropna()
    g = dyng.Graph.from_edges(clean.src, clean.dst, clean.w.astype("int32"))
    assert g.num_edges == 1
