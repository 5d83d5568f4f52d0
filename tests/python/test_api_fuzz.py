"""A fuzz of the public Python API: random calls, dtypes, shapes and values (issue 7).

A Hypothesis state machine (:class:`ApiMachine`) makes random sequences of calls over
the public API: graphs built from edges, CSR arrays and the generators; batches; apply;
shortest-path trees and cycle histograms computed, rebuilt from arrays, updated alone
and together (stale, repeated, poisoned and foreign results included); result arrays
exported through every route, held and dropped; resources; the writers and readers
on temporary files. The ``@given`` tests below it cover single calls with more
variety per call (random bytes and mutated files for every reader among them).

Oracle, for every call:

- only documented exceptions escape: the classes of :mod:`dyng.errors`, TypeError,
  ValueError, OverflowError, and where a protocol documents them IndexError
  (indexing through NumPy), BufferError (DLPack) and KeyboardInterrupt (a call on
  interrupted resources); never SystemError, never a crash, never a warning;
- a failed call leaves what it was given unchanged (the graph's version, state id and
  CSR exports, every result's values, the caller's arrays);
- a successful call gives what the independent oracles say: the edges of a built
  graph, a batch's arrays, ``dyng.testing.dijkstra`` for trees and
  ``dyng.testing.simple_cycles`` for histograms on small graphs, a fresh
  ``compute`` after every update, round trips through the files; views exported
  from a result keep their values through later updates (copy-on-write).

Budget: ``DYNG_FUZZ_EXAMPLES`` (default 30; 8 when ``DYNG_TEST_SANITIZED`` is set) is
the number of state-machine runs of up to ``DYNG_FUZZ_STEPS`` (default 50) calls each;
each ``@given`` test runs twice as many examples. ``DYNG_FUZZ_REPORT=path`` writes
the number of calls made, by function and by exception, as JSON; ``DYNG_FUZZ_SHRINK=0``
reports a failure without shrinking it (long runs); ``DYNG_FUZZ_KNOWN_BUGS=1`` also
makes the inputs of the open bugs in ``KNOWN_BUGS``, which are left out by default.

No call is allowed to allocate rows for more than :data:`MAX_ROWS` vertices (a fuzzed
id such as ``2**31`` would make a graph of ``2**31`` vertices, which the plain build
could allocate and a sanitized build aborts on): such calls are counted as skipped.
On the plain build the address space is limited as well while this module runs, so
that a size read from a mutated file fails as ``OutOfMemoryError`` instead of taking
the machine's memory; under the sanitizers (which abort on a huge allocation) the edits
of files insert no long numbers instead.
"""

from __future__ import annotations

import collections
import copy
import functools
import gc
import gzip
import json
import operator
import os
import pickle
import resource
import shutil
import tempfile
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import dyng
from dyng import cycle_count, generators, sssp, testing
from dyng import io as dio

# ---- budget ---------------------------------------------------------------------------

SANITIZED = bool(os.environ.get("DYNG_TEST_SANITIZED"))
EXAMPLES = max(1, int(os.environ.get("DYNG_FUZZ_EXAMPLES", "8" if SANITIZED else "30")))
STEPS = max(1, int(os.environ.get("DYNG_FUZZ_STEPS", "50")))
REPORT = os.environ.get("DYNG_FUZZ_REPORT")
#: ``DYNG_FUZZ_KNOWN_BUGS=1`` also makes the inputs of the bugs this fuzz found and that
#: are not fixed yet (see ``KNOWN_BUGS``); by default they are left out.
WITH_KNOWN_BUGS = os.environ.get("DYNG_FUZZ_KNOWN_BUGS") == "1"
#: What the fuzz found and leaves out until it is fixed (``DYNG_FUZZ_KNOWN_BUGS=1``).
KNOWN_BUGS: dict[str, str] = {
    # Fixed: "properties-semantics" (a GraphProperties whose semantics field was not a
    # BatchSemantics raised AttributeError from GraphProperties.copy()).
}
#: ``DYNG_FUZZ_SHRINK=0`` reports failures as found, without shrinking them.
PHASES = (
    [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.explain]
    if os.environ.get("DYNG_FUZZ_SHRINK") == "0"
    else list(Phase)
)

#: The most vertex rows a fuzzed call may make the library allocate.
MAX_ROWS = 1 << 16
#: Small graphs get the pure-Python oracles after every successful call.
ORACLE_VERTICES = 60
ORACLE_EDGES = 300

FUZZ_SETTINGS = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=PHASES,
)
GIVEN_SETTINGS = settings(
    max_examples=2 * EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=PHASES,
)

# ---- calls and their outcomes -----------------------------------------------------------

CALLS: collections.Counter[str] = collections.Counter()
RAISED: collections.Counter[str] = collections.Counter()
SKIPPED: collections.Counter[str] = collections.Counter()

ALLOWED: tuple[type[BaseException], ...] = (dyng.Error, TypeError, ValueError, OverflowError)


@dataclass
class Outcome:
    """What a call gave: its value, or the exception it raised."""

    ok: bool
    value: Any = None
    error: BaseException | None = None


def attempt(
    name: str,
    fn: Callable[..., Any],
    *args: Any,
    also: tuple[type[BaseException], ...] = (),
    **kwargs: Any,
) -> Outcome:
    """Call ``fn``; fail the test unless it returns or raises a documented exception.

    Parameters
    ----------
    name : str
        The API function, for the tallies and messages.
    fn : callable
        The call.
    *args, **kwargs
        Its arguments.
    also : tuple of exception types, optional
        Exceptions that this call documents beyond :data:`ALLOWED`.

    Returns
    -------
    Outcome
        The value or the exception.
    """
    CALLS[name] += 1
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            value = fn(*args, **kwargs)
    except BaseException as e:
        if isinstance(e, SystemError) or not isinstance(e, ALLOWED + also):
            raise AssertionError(
                f"{name} raised {type(e).__name__}, which it does not document: {e}"
            ) from e
        RAISED[f"{name}: {type(e).__module__}.{type(e).__name__}"] += 1
        return Outcome(False, error=e)
    return Outcome(True, value=value)


def skip(reason: str) -> None:
    """Count a call that the fuzz does not make (see :data:`MAX_ROWS`)."""
    SKIPPED[reason] += 1


# ---- arguments: values, dtypes, shapes, layouts -----------------------------------------

SPECIAL_INTS = [
    -1,
    -7,
    -(2**31),
    2**31 - 2,
    2**31 - 1,
    2**31,
    2**32,
    2**63 - 1,
    2**63,
    2**64 - 1,
    1000,
]
ODD_VALUES: list[object] = [0.0, 1.5, float("nan"), float("inf"), True, None, "2", 1j, b"1"]
INT_DTYPES = [
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    ">i4",
    ">i8",
    ">u4",
]
OTHER_DTYPES = [
    "bool",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
    "object",
    "U6",
    "datetime64[s]",
]
LAYOUTS = ["contig", "contig", "contig", "strided", "reversed", "readonly", "2d", "0d"]
CLEAN_LAYOUTS = ["contig", "contig", "strided", "reversed", "readonly"]


def clean_draw() -> st.SearchStrategy[bool]:
    """Whether a call is made of valid arguments only (half of them are)."""
    return st.booleans()


@functools.cache
def any_value(hi: int) -> st.SearchStrategy[object]:
    """Mostly small ids, then the edge values of every type, then other objects."""
    small = st.integers(0, hi)
    return st.one_of(
        small, small, small, small, st.sampled_from(SPECIAL_INTS), st.sampled_from(ODD_VALUES)
    )


@st.composite
def value_lists(
    draw: st.DrawFn, size: int | None = None, hi: int = 12, *, clean: bool = False
) -> list[object]:
    """A list of values: small integers when clean, else 60% of the time."""
    n = draw(st.integers(0, 8)) if size is None else size
    if clean or draw(st.integers(0, 9)) < 6:
        return list(draw(st.lists(st.integers(0, hi), min_size=n, max_size=n)))
    return list(draw(st.lists(any_value(hi), min_size=n, max_size=n)))


def _coerce(v: object, dt: np.dtype[Any]) -> object:
    """A value of ``dt`` standing for ``v`` (clipped, converted or replaced)."""
    kind = dt.kind
    if isinstance(v, list):
        return [_coerce(x, dt) for x in v]
    if kind in "iu":
        info = np.iinfo(dt)
        if isinstance(v, bool | int):
            return min(max(int(v), int(info.min)), int(info.max))
        if isinstance(v, float) and np.isfinite(v):
            return min(max(int(v), int(info.min)), int(info.max))
        return 0
    if kind == "f":
        try:
            return float(v)  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            return float("nan")
    if kind == "c":
        try:
            return complex(cast(Any, v))
        except (TypeError, ValueError, OverflowError):
            return 0j
    if kind == "b":
        return bool(v) if isinstance(v, int | float | bool) else False
    if kind == "U":
        return str(v)
    if kind == "M":
        return np.datetime64(v if isinstance(v, int) and abs(v) < 2**40 else 0, "s")
    return v


def make_array(values: list[object], dtype: str) -> npt.NDArray[Any]:
    """``values`` as an array of ``dtype`` (ragged nested lists give an object array)."""
    dt = np.dtype(dtype)
    coerced = _coerce(values, dt)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return np.array(coerced, dtype=dt)
        except (TypeError, ValueError, OverflowError):
            out = np.empty(len(values), dtype=object)
            for i, v in enumerate(values):
                out[i] = v
            return out


def _layout(a: npt.NDArray[Any], layout: str) -> object:
    if layout == "strided" and a.ndim >= 1:
        b = np.zeros((2 * a.shape[0], *a.shape[1:]), dtype=a.dtype)
        b[::2] = a
        return b[::2]
    if layout == "reversed" and a.ndim >= 1:
        return np.ascontiguousarray(a[::-1])[::-1]
    if layout == "readonly":
        a.flags.writeable = False
        return a
    if layout == "2d":
        return a.reshape(-1, 1) if a.ndim == 1 else a.T
    if layout == "0d":
        return a.reshape(-1)[0] if a.size else np.zeros((), dtype=a.dtype)
    if layout == "fortran" and a.ndim == 2:
        return np.asfortranarray(a)
    return a


@dataclass
class ArgSpec:
    """How to make one array-like argument, afresh for every call (generators are used up)."""

    form: str
    values: list[object]
    dtype: str = "int32"
    layout: str = "contig"

    def make(self) -> object:
        """Return a new argument object."""
        v = self.values
        if self.form == "none":
            return None
        if self.form == "list":
            return list(v)
        if self.form == "tuple":
            return tuple(v)
        if self.form == "generator":
            return (x for x in v)
        if self.form == "range":
            return range(len(v))
        if self.form == "scalar":
            return v[0] if v else 0
        if self.form == "string":
            return " ".join(str(x) for x in v)
        return _layout(make_array(v, self.dtype), self.layout)


@st.composite
def arg_specs(
    draw: st.DrawFn,
    values: list[object],
    *,
    matrix: bool = False,
    allow_none: bool = False,
    clean: bool = False,
) -> ArgSpec:
    """An array, list, tuple, generator, scalar, ... of ``values``; mostly int32/int64."""
    if clean:
        r = draw(st.integers(0, 9))
        if r < 6:
            dtype = draw(st.sampled_from(["int32", "int64"] * 3 + INT_DTYPES))
            layouts = CLEAN_LAYOUTS + (["fortran"] if matrix else [])
            return ArgSpec("ndarray", values, dtype, draw(st.sampled_from(layouts)))
        return ArgSpec("list" if r < 9 else "tuple", values)
    r = draw(st.integers(0, 19))
    if allow_none and r == 19:
        return ArgSpec("none", values)
    if r < 10:
        dtype = draw(
            st.sampled_from(["int32", "int64"])
            if r < 7
            else st.sampled_from(INT_DTYPES + OTHER_DTYPES)
        )
        layouts = LAYOUTS + (["fortran"] if matrix else [])
        return ArgSpec("ndarray", values, dtype, draw(st.sampled_from(layouts)))
    if r < 15:
        return ArgSpec("list", values)
    if r < 17:
        return ArgSpec("tuple", values)
    return ArgSpec(draw(st.sampled_from(["generator", "range", "scalar", "string"])), values)


def natural(spec: ArgSpec) -> npt.NDArray[Any] | None:
    """The ids the library's dispatch reads from ``spec``, or None when it rejects them.

    Only used to foresee how many vertex rows a call would allocate (the library's own
    reading, since the fuzz must predict exactly what it accepts), and as the input
    side of the edge oracles.
    """
    from dyng._convert import natural_ids

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return natural_ids(spec.make(), "x")
    except Exception:
        return None


def snapshot_input(x: object) -> object:
    """A copy of an argument, to check that the library did not write to it."""
    if isinstance(x, np.ndarray):
        return x.copy()
    if isinstance(x, list):
        return list(x)
    return None


def same_input(before: object, x: object) -> bool:
    """Whether an argument still equals its snapshot."""
    if isinstance(x, np.ndarray) and isinstance(before, np.ndarray):
        if x.dtype.kind in "fc":
            return bool(np.array_equal(before, x, equal_nan=True))
        return before.tobytes() == x.tobytes()
    if isinstance(x, list):
        return before == x or repr(before) == repr(x)
    return True


# ---- keywords ----------------------------------------------------------------------------


def resources_pool() -> list[dyng.Resources]:
    """A few shared resources handles (made on first use; sequential without OpenMP)."""
    if not _RESOURCES:
        _RESOURCES.append(dyng.Resources.sequential())
        for threads in (1, 2):
            try:
                _RESOURCES.append(dyng.Resources.openmp(threads))
            except dyng.NotSupportedError:  # a build without OpenMP (DYNG_OPENMP=OFF)
                _RESOURCES.append(dyng.Resources.sequential())
    return _RESOURCES


_RESOURCES: list[dyng.Resources] = []


@dataclass
class Pick:
    """A value chosen at call time (resources handles exist only once the module runs)."""

    what: str
    index: int = 0

    def get(self) -> object:
        """Return the value."""
        if self.what == "resources":
            pool = resources_pool()
            return pool[self.index % len(pool)]
        if self.what == "default":
            return dyng.get_default_resources()
        return self.what


def resolve(value: object) -> object:
    """Replace :class:`Pick` placeholders."""
    return value.get() if isinstance(value, Pick) else value


def one_of_values(
    valid: list[Any], invalid: list[Any], *, clean: bool = False
) -> st.SearchStrategy[Any]:
    """A valid value: always when clean, else about 80% of the time."""
    if clean:
        return st.sampled_from(valid)
    return st.sampled_from(
        valid * max(1, (4 * len(invalid) + len(valid) - 1) // len(valid)) + invalid
    )


def semantics_strategy(*, clean: bool = False) -> st.SearchStrategy[object]:
    c = clean
    fields_ = st.builds(
        dyng.BatchSemantics,
        on_existing_insert=one_of_values(
            ["upsert", "error", "ignore"], ["bogus", None, 1], clean=c
        ),
        on_missing_delete=one_of_values(["ignore", "error"], ["upsert", ""], clean=c),
        on_self_loop=one_of_values(["keep", "drop", "error"], ["KEEP", 0], clean=c),
        deletions_first=one_of_values([True, False], [1, "yes", np.True_], clean=c),
        allow_vertex_growth=one_of_values([True, False], [0, None], clean=c),
        as_sets=one_of_values([True, False], ["no", np.False_], clean=c),
    )
    presets = st.one_of(
        fields_,
        st.builds(dyng.BatchSemantics.set),
        st.builds(dyng.BatchSemantics.upsert_last_wins),
    )
    if clean:
        return presets
    return st.one_of(presets, st.sampled_from(["set", 3, {"as_sets": True}]))


def properties_strategy(*, clean: bool = False) -> st.SearchStrategy[object]:
    c = clean
    fields_ = st.builds(
        dyng.GraphProperties,
        directed=one_of_values([True, False], [1, "no"], clean=c),
        order=one_of_values(["sorted", "append"], ["random", None], clean=c),
        parallel_edges=one_of_values(["forbid", "allow"], ["merge"], clean=c),
        store_transposed=one_of_values([True, False], [2], clean=c),
        num_weights=one_of_values([0, 0, 1, 2], [-1, 65, 2**40, 1.0], clean=c),
        vertex_dtype=one_of_values(["int32", "int64"], ["int16", "uint32", np.int64, 8], clean=c),
        offset_dtype=one_of_values(["int32", "int64"], ["int8", None], clean=c),
        semantics=semantics_strategy(clean=c),
    )
    if clean:
        return st.one_of(
            fields_,
            st.builds(dyng.GraphProperties.default),
            st.builds(dyng.GraphProperties.cycle_enum_compatible),
        )
    return st.one_of(
        fields_,
        st.builds(dyng.GraphProperties.default),
        st.builds(dyng.GraphProperties.cycle_enum_compatible),
        st.builds(dyng.GraphProperties.mosp_compatible, st.integers(0, 3)),
        st.sampled_from(["default", 0, {"directed": False}]),
    )


def resources_strategy(*, clean: bool = False) -> st.SearchStrategy[object]:
    if clean:
        return st.one_of(st.just(None), st.builds(Pick, st.just("resources"), st.integers(0, 2)))
    return st.one_of(
        st.just(None),
        st.builds(Pick, st.just("resources"), st.integers(0, 2)),
        st.sampled_from(["openmp", 2, Pick("default")]),
    )


def dtype_keyword(*, clean: bool = False) -> st.SearchStrategy[object]:
    return one_of_values(
        [None, None, "int32", "int64", np.int32, np.dtype("int64")],
        ["int16", "float64", int, "i8", "<i4", object(), np.dtype(">i8")],
        clean=clean,
    )


@st.composite
def graph_keywords(draw: st.DrawFn, *, clean: bool = False) -> dict[str, object]:
    """Random property keywords of the builders, each present a quarter of the time."""
    c = clean
    choices: dict[str, st.SearchStrategy[object]] = {
        "num_vertices": st.one_of(st.just(None), st.integers(13, 20))
        if c
        else st.one_of(
            st.integers(0, 16),
            st.sampled_from(
                [None, -1, 2**31 - 1, 2**31, 2**63 - 1, 2**63, True, 1.5, "4", np.int64(5)]
            ),
        ),
        "directed": one_of_values([True, False, None], [1, "yes", np.True_], clean=c),
        "row_order": one_of_values(["sorted", "append", None], ["random", 0], clean=c),
        "multi_edges": one_of_values(["forbid", "allow", None], ["keep"], clean=c),
        "store_transposed": one_of_values([True, False, None], [0, "x"], clean=c),
        "vertex_dtype": dtype_keyword(clean=c),
        "offset_dtype": dtype_keyword(clean=c),
        "semantics": st.one_of(st.just(None), semantics_strategy(clean=c)),
        "properties": st.one_of(st.just(None), properties_strategy(clean=c)),
        "resources": resources_strategy(clean=c),
    }
    out: dict[str, object] = {}
    for key, strategy in choices.items():
        if draw(st.integers(0, 3)) == 3:
            out[key] = draw(strategy)
    return out


def weights_values(m: int, *, clean: bool = False) -> st.SearchStrategy[list[object]]:
    """Weights for ``m`` edges: flat, ``(m, K)`` rows, or the wrong number of rows."""

    def rows(k: int, count: int) -> st.SearchStrategy[list[object]]:
        return st.lists(
            value_lists(size=k, hi=20, clean=clean), min_size=count, max_size=count
        ).map(lambda r: list(r))

    if clean:  # weights from 1 (the shortest-path algorithms need them so)
        return st.integers(0, 2).flatmap(
            lambda k: st.lists(st.integers(1, 20), min_size=m, max_size=m).map(list)
            if k == 0
            else st.lists(
                st.lists(st.integers(1, 20), min_size=k, max_size=k), min_size=m, max_size=m
            ).map(list)
        )
    return st.integers(0, 9).flatmap(
        lambda r: value_lists(size=m, hi=20)
        if r < 4
        else rows(1 + r % 3, m)
        if r < 8
        else rows(r % 3, max(0, m + (1 if r == 8 else -1)))
    )


@st.composite
def weights_specs(draw: st.DrawFn, m: int, *, clean: bool = False) -> ArgSpec:
    if draw(st.integers(0, 2)) == 2:
        return ArgSpec("none", [])
    return draw(arg_specs(draw(weights_values(m, clean=clean)), matrix=True, clean=clean))


# ---- graph building ----------------------------------------------------------------------


@dataclass
class BuildCall:
    """A call of ``Graph.from_edges`` or ``Graph.from_csr``."""

    kind: str
    first: ArgSpec  # src or row_ptr
    second: ArgSpec  # dst or col
    weights: ArgSpec
    keywords: dict[str, object]

    def kwargs(self) -> dict[str, Any]:
        return {k: resolve(v) for k, v in self.keywords.items()}


@st.composite
def from_edges_calls(draw: st.DrawFn) -> BuildCall:
    c = draw(clean_draw())
    src = draw(value_lists(clean=c))
    m = len(src)
    mismatched = not c and draw(st.integers(0, 9)) == 9  # then the lengths may differ
    dst = draw(value_lists(size=None if mismatched else m, clean=c))
    return BuildCall(
        "edges",
        draw(arg_specs(src, clean=c)),
        draw(arg_specs(dst, clean=c)),
        draw(weights_specs(m, clean=c)),
        draw(graph_keywords(clean=c)),
    )


@st.composite
def from_csr_calls(draw: st.DrawFn) -> BuildCall:
    n = draw(st.integers(0, 8))
    degrees = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    row_ptr: list[object] = [0]
    for d in degrees:
        row_ptr.append(int(row_ptr[-1]) + d)  # type: ignore[call-overload]
    col: list[object] = draw(
        st.lists(st.integers(0, max(n - 1, 0)), min_size=sum(degrees), max_size=sum(degrees))
    )
    c = draw(clean_draw())
    r = 0 if c else draw(st.integers(0, 9))
    if r == 7:  # a bad offset
        row_ptr[draw(st.integers(0, len(row_ptr) - 1))] = draw(any_value(12))
    elif r == 8:  # a bad target
        col = draw(value_lists(size=len(col)))
    elif r == 9:  # lengths that disagree
        col = draw(value_lists())
    return BuildCall(
        "csr",
        draw(arg_specs(row_ptr, clean=c)),
        draw(arg_specs(col, clean=c)),
        draw(weights_specs(len(col), clean=c)),
        draw(graph_keywords(clean=c)),
    )


def _as_index(value: object) -> int | None:
    if isinstance(value, bool | np.bool_):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def rows_are_safe(call: BuildCall) -> bool:
    """Whether the call allocates at most :data:`MAX_ROWS` vertex rows (or is refused first)."""
    kw = call.kwargs()
    nv_given = "num_vertices" in kw and kw["num_vertices"] is not None
    nv = _as_index(kw.get("num_vertices"))
    if nv_given and (nv is None or nv < 0 or nv > 2**63 - 1):
        return True  # refused
    if call.kind == "csr":
        rp = natural(call.first)
        if rp is None:
            return True
        rows = nv if nv is not None else len(rp) - 1
        return rows <= MAX_ROWS or len(rp) != rows + 1
    s, d = natural(call.first), natural(call.second)
    if s is None or d is None or len(s) != len(d):
        return True
    ids = np.concatenate([s.astype(np.int64), d.astype(np.int64)])
    if ids.size and int(ids.min()) < 0:
        return True
    top = int(ids.max()) if ids.size else -1
    if nv is not None:
        if top >= nv:
            return True
        rows = nv
    else:
        rows = top + 1
    if rows <= MAX_ROWS or rows - 1 > 2**63 - 2:  # the largest id of any type is 2**63 - 2
        return True
    from dyng._properties import dtype_name

    vdt = kw.get("vertex_dtype")
    props = kw.get("properties")
    if vdt is None and isinstance(props, dyng.GraphProperties) and props.vertex_dtype != "int32":
        return False
    try:
        forced = None if vdt is None else dtype_name(vdt, "vertex_dtype")
    except dyng.Error:
        return True  # refused
    int32 = forced == "int32" or (forced is None and s.dtype == d.dtype == np.int32)
    return int32 and rows - 1 > 2**31 - 2


def graph_snapshot(g: dyng.Graph) -> tuple[Any, ...]:
    """Everything a failed call must leave as it was."""
    out: list[Any] = [g.version, g.state_id, g.num_vertices, g.num_edges, g.num_entries]
    for transposed in (False, True):
        rp, col, w = g.to_csr(transposed=transposed)
        out += [rp.tobytes(), col.tobytes(), None if w is None else w.tobytes()]
    return tuple(out)


def edge_counter(g: dyng.Graph) -> collections.Counter[tuple[int, int, tuple[int, ...]]]:
    s, d, w = g.edges()
    ws: list[tuple[int, ...]] = [()] * len(s)
    if w is not None:
        ws = [tuple(int(x) for x in row) for row in w.tolist()]
    return collections.Counter(
        (int(u), int(v), ws[i]) for i, (u, v) in enumerate(zip(s.tolist(), d.tolist(), strict=True))
    )


def expected_edges(
    src: npt.NDArray[Any],
    dst: npt.NDArray[Any],
    weights: npt.NDArray[Any] | None,
    *,
    directed: bool,
    parallel: str,
) -> collections.Counter[tuple[int, int, tuple[int, ...]]]:
    """The edges a builder must keep (forbid: one per pair, with the last weights)."""
    rows: list[tuple[tuple[int, int], tuple[int, ...]]] = []
    for i in range(len(src)):
        u, v = int(src[i]), int(dst[i])
        if not directed and u > v:
            u, v = v, u
        wt = () if weights is None else tuple(int(x) for x in weights[i])
        rows.append(((u, v), wt))
    if parallel == "allow":
        return collections.Counter((p[0], p[1], wt) for p, wt in rows)
    last: dict[tuple[int, int], tuple[int, ...]] = {}
    for p, wt in rows:
        last[p] = wt
    return collections.Counter((p[0], p[1], wt) for p, wt in last.items())


def weights_of(spec: ArgSpec, m: int) -> npt.NDArray[np.int64] | None:
    """The weights a successful build was given, as an ``(m, K)`` int64 array (K > 0)."""
    x = spec.make()
    if x is None:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a = np.asarray(x)
    if a.ndim == 1:
        a = a.reshape(-1, 1)
    if a.ndim != 2 or a.shape[1] == 0:
        return None
    assert a.shape[0] == m
    rows = [[int(v) for v in row] for row in a.tolist()]
    return np.array(rows, dtype=np.int64).reshape(m, a.shape[1])


def csr_rows(g: dyng.Graph) -> list[list[tuple[int, tuple[int, ...]]]]:
    """Each row of the CSR export as a sorted list of (target, weights)."""
    rp, col, w = g.to_csr()
    c = col.tolist()
    ws = [()] * len(c) if w is None else [tuple(row) for row in w.tolist()]
    return [
        sorted((c[e], ws[e]) for e in range(int(rp[u]), int(rp[u + 1]))) for u in range(len(rp) - 1)
    ]


def check_graph(g: dyng.Graph) -> None:
    """What every graph satisfies."""
    assert isinstance(g, dyng.Graph)
    g.check_integrity()
    rp, col, w = g.to_csr()
    assert len(rp) == g.num_vertices + 1
    assert len(col) == g.num_entries == int(rp[-1])
    assert rp.dtype == g.edge_dtype and col.dtype == g.vertex_dtype
    assert (w is None) == (g.num_weights == 0)
    if w is not None:
        assert w.shape == (g.num_entries, g.num_weights)
    if g.num_vertices:
        assert int(col.min(initial=0)) >= 0 and int(col.max(initial=0)) < g.num_vertices
    entries = (
        g.num_edges
        if g.directed
        else 2 * g.num_edges - int((col == np.repeat(np.arange(g.num_vertices), np.diff(rp))).sum())
    )
    assert entries == g.num_entries


def check_keywords(g: dyng.Graph, kw: dict[str, object]) -> None:
    """The properties a successful build was asked for."""
    p = g.properties
    for key, fld in (
        ("directed", "directed"),
        ("row_order", "order"),
        ("multi_edges", "parallel_edges"),
        ("store_transposed", "store_transposed"),
    ):
        value = kw.get(key)
        if value is not None:
            assert getattr(p, fld) == value, (key, value, p)
    sem = kw.get("semantics")
    if isinstance(sem, dyng.BatchSemantics):
        assert p.semantics == sem
    for key, attr in (("vertex_dtype", "vertex_dtype"), ("offset_dtype", "edge_dtype")):
        value = kw.get(key)
        if value is not None:
            want = np.dtype(value).name  # type: ignore[call-overload]
            assert getattr(g, attr).name == want  # a big-endian int64 names int64


def build_graph(call: BuildCall) -> dyng.Graph | None:
    """Make the call; check the graph against the inputs; None when refused or skipped."""
    if not rows_are_safe(call):
        skip(f"Graph.from_{call.kind}: more than MAX_ROWS vertex rows")
        return None
    a, b, w = call.first.make(), call.second.make(), call.weights.make()
    kw = call.kwargs()
    before = [snapshot_input(x) for x in (a, b, w)]
    fn = dyng.Graph.from_edges if call.kind == "edges" else dyng.Graph.from_csr
    out = attempt(f"Graph.from_{call.kind}", fn, a, b, w, **kw)
    for x, snap in zip((a, b, w), before, strict=True):
        assert same_input(snap, x), "the builder wrote to its input"
    if not out.ok:
        return None
    g: dyng.Graph = out.value
    check_graph(g)
    check_keywords(g, kw)
    assert g.version == 0
    first, second = natural(call.first), natural(call.second)
    assert first is not None and second is not None
    nv = _as_index(kw.get("num_vertices"))
    if call.kind == "edges":
        src, dst = first, second
        top = int(max(src.max(initial=-1), dst.max(initial=-1)))
        assert g.num_vertices == (nv if nv is not None else top + 1)
    else:
        assert g.num_vertices == (nv if nv is not None else len(first) - 1)
        rp = [int(x) for x in first.tolist()]
        src = np.repeat(np.arange(len(rp) - 1), np.diff(rp))
        dst = second
    weights = weights_of(call.weights, len(src))
    assert g.num_weights == (0 if weights is None else weights.shape[1])
    if call.kind == "edges" or g.directed:
        want = expected_edges(
            src, dst, weights, directed=g.directed, parallel=g.properties.parallel_edges
        )
        assert edge_counter(g) == want
    return g


# ---- batches -----------------------------------------------------------------------------


@dataclass
class BatchCall:
    """A call of ``EdgeBatch(insert, delete, id=...)``."""

    insert: list[ArgSpec] | str | None
    delete: list[ArgSpec] | str | None
    id: object
    as_list: bool = False

    def part(self, specs: list[ArgSpec] | str | None, *, columns: bool = False) -> object:
        """The argument: the columns in a tuple (a list when ``as_list``, unless ``columns``)."""
        if specs is None:
            return None
        if isinstance(specs, str):
            return {"array": np.arange(3), "string": "0 1", "dict": {"src": [0]}}[specs]
        made = [s.make() for s in specs]
        return made if self.as_list and not columns else tuple(made)


def rows_of(part: object) -> tuple[bool, object]:
    """The edges ``(u, v[, w])`` of a tuple of columns, for ``EdgeBatch.from_tuples``.

    Returns (True, rows), or (False, None) where the columns do not make rows one for one:
    of unequal lengths, of no length, or not sequences (a generator, a range, a scalar).
    Anything other than a tuple is passed as it is.
    """
    if not isinstance(part, tuple):
        return True, part
    lengths = set()
    for c in part:
        if not isinstance(c, list | tuple | np.ndarray) or (
            isinstance(c, np.ndarray) and c.ndim == 0
        ):
            return False, None
        lengths.add(len(c))
    if len(lengths) != 1 or lengths == {0}:
        return False, None
    m = lengths.pop()
    return True, [tuple(c[i] for c in part) for i in range(m)]


def make_batch_from_rows(call: BatchCall) -> dyng.EdgeBatch | None:
    """A list in place of the columns is refused; the same edges given one tuple per edge
    to ``EdgeBatch.from_tuples`` make the batch that the columns in a tuple make, or both
    calls refuse."""
    ins, dele = call.part(call.insert), call.part(call.delete)
    if isinstance(ins, list) or isinstance(dele, list):
        out = attempt("EdgeBatch", dyng.EdgeBatch, ins, dele, id=call.id)
        assert not out.ok and isinstance(out.error, dyng.InvalidArgumentError)
    cols_ins, cols_del = call.part(call.insert, columns=True), call.part(call.delete, columns=True)
    ok_ins, rows_ins = rows_of(cols_ins)
    ok_del, rows_del = rows_of(cols_del)
    if not (ok_ins and ok_del):
        return None
    cols = attempt("EdgeBatch", dyng.EdgeBatch, cols_ins, cols_del, id=call.id)
    rows = attempt(
        "EdgeBatch.from_tuples", dyng.EdgeBatch.from_tuples, rows_ins, rows_del, id=call.id
    )
    assert rows.ok == cols.ok, (rows, cols)
    if not rows.ok:
        return None
    assert rows.value == cols.value
    check_batch_value(rows.value)
    return cast(dyng.EdgeBatch, rows.value)


@st.composite
def batch_calls(draw: st.DrawFn, hi: int = 12) -> BatchCall:
    c = draw(clean_draw())

    def part(weights: bool) -> list[ArgSpec] | str | None:
        r = draw(st.integers(0, 15 if c else 19))
        if r < 4:
            return None
        if r == 19:
            return draw(st.sampled_from(["array", "string", "dict"]))
        s = draw(value_lists(hi=hi, clean=c))
        d = draw(value_lists(size=len(s), hi=hi, clean=c)) if r != 18 else draw(value_lists(hi=hi))
        specs = [draw(arg_specs(s, clean=c)), draw(arg_specs(d, clean=c))]
        if weights and r % 2 == 0:
            specs.append(draw(weights_specs(len(s), clean=c)))
        elif r == 17:
            specs = specs[:1]
        elif r == 16:
            specs.append(ArgSpec("list", [1] * len(s)))
        return specs

    insert = part(True)
    delete = part(False)
    bid = draw(
        one_of_values(
            [0, 0, 1, 7, 2**63 - 1, np.int64(3)], [-1, 2**63, True, 1.5, "3", None], clean=c
        )
    )
    return BatchCall(insert, delete, bid, draw(st.integers(0, 9)) == 9)


def make_batch(call: BatchCall) -> dyng.EdgeBatch | None:
    """Make the batch; check its arrays against the inputs; None when refused."""
    if call.as_list:
        return make_batch_from_rows(call)
    ins, dele = call.part(call.insert), call.part(call.delete)
    inputs = list(ins) if isinstance(ins, tuple | list) else []
    inputs += list(dele) if isinstance(dele, tuple | list) else []
    before = [snapshot_input(x) for x in inputs]
    out = attempt("EdgeBatch", dyng.EdgeBatch, ins, dele, id=call.id)
    for x, snap in zip(inputs, before, strict=True):
        assert same_input(snap, x), "EdgeBatch wrote to its input"
    if not out.ok:
        return None
    b: dyng.EdgeBatch = out.value
    bid = _as_index(call.id)
    assert bid is not None and b.id == bid
    arrays = [b.insert_src, b.insert_dst, b.delete_src, b.delete_dst]
    assert len({a.dtype for a in arrays}) == 1 and arrays[0].dtype in (np.int32, np.int64)
    for a in arrays + ([] if b.insert_weights is None else [b.insert_weights]):
        assert not a.flags.writeable
    assert len(b) == b.num_insertions + b.num_deletions
    for specs, (s_arr, d_arr) in (
        (call.insert, (b.insert_src, b.insert_dst)),
        (call.delete, (b.delete_src, b.delete_dst)),
    ):
        if isinstance(specs, list):
            s, d = natural(specs[0]), natural(specs[1])
            assert s is not None and d is not None
            assert s_arr.tolist() == s.tolist() and d_arr.tolist() == d.tolist()
        else:
            assert len(s_arr) == 0 and len(d_arr) == 0
    if isinstance(call.insert, list) and len(call.insert) == 3:
        w = weights_of(call.insert[2], b.num_insertions)
        if w is None:
            assert b.insert_weights is None
        else:
            assert b.insert_weights is not None
            assert b.insert_weights.tolist() == w.tolist()
    # Writing to a writable input afterwards does not reach the batch.
    for x in inputs:
        if isinstance(x, np.ndarray) and x.flags.writeable and x.size and x.dtype.kind in "iu":
            kept = [a.copy() for a in arrays]
            x.reshape(-1)[0] = x.reshape(-1)[0] + 1 if x.reshape(-1)[0] < 100 else 0
            assert all(k.tolist() == a.tolist() for k, a in zip(kept, arrays, strict=True))
    check_batch_value(b)
    return b


def check_batch_value(b: dyng.EdgeBatch) -> None:
    """A batch copies, pickles and compares as a value."""
    assert b == b
    for other in (copy.copy(b), copy.deepcopy(b), pickle.loads(pickle.dumps(b))):
        assert other == b and other.id == b.id
    assert repr(b).startswith("dyng.EdgeBatch(")
    assert b != dyng.EdgeBatch(id=b.id) or len(b) == 0
    assert b.__eq__(3) is NotImplemented


def growth_is_safe(g: dyng.Graph, b: object) -> bool:
    """Whether applying ``b`` to ``g`` grows it to at most :data:`MAX_ROWS` vertices."""
    if not isinstance(b, dyng.EdgeBatch) or b.num_insertions == 0:
        return True
    if not g.properties.semantics.allow_vertex_growth:
        return True
    ids = np.concatenate([b.insert_src, b.insert_dst, b.delete_src, b.delete_dst])
    if int(ids.min()) < 0:
        return True  # refused
    top = int(max(b.insert_src.max(), b.insert_dst.max()))
    last = 2**31 - 2 if g.vertex_dtype == np.int32 else 2**63 - 2
    return top > last or top < MAX_ROWS


# ---- results -----------------------------------------------------------------------------


@dataclass(eq=False)
class Rec:
    """A result the machine holds, with what it must be."""

    result: Any
    kind: str  # "sssp" or "cc"
    key: tuple[int, int]  # (version, state id) of the graph state it belongs to
    gen: int = 0  # successful updates
    maybe: int = 0  # failed updates (they may retire its Arrays)
    trusted: bool = True  # from compute, or from arrays/counts that were right
    poisoned: bool = False


def key_of(g: dyng.Graph) -> tuple[int, int]:
    return (g.version, g.state_id)


def rec_values(rec: Rec) -> Any:
    """The result's values (None for a poisoned histogram, whose every use raises)."""
    r = rec.result
    if rec.kind == "sssp":
        return (r.distances.tolist(), r.parents.tolist(), r.source, r.graph_version)
    if rec.poisoned:
        out = attempt("cycle_count.Result.counts", lambda: r.counts)
        assert not out.ok and isinstance(out.error, dyng.InternalError | dyng.CapacityError)
        return None
    return (r.counts.tolist(), r.bound, r.graph_version)


def small(g: dyng.Graph) -> bool:
    return g.num_vertices <= ORACLE_VERTICES and g.num_entries <= ORACLE_EDGES


def objective_weights_ok(g: dyng.Graph, objective: int) -> bool:
    _, _, w = g.to_csr()
    return w is None or w.shape[0] == 0 or int(w[:, objective].min()) >= 1


def check_tree(g: dyng.Graph, r: sssp.Result) -> None:
    """A tree against Dijkstra (small graphs) and against a fresh compute (always)."""
    o = r.options
    assert r.graph_version == g.version and r.num_vertices == g.num_vertices
    d, p = r.distances.to_numpy(), r.parents.to_numpy()
    assert d.dtype == np.int64 and p.dtype == np.int64
    fresh = sssp.compute(g, r.source, options=o)
    assert d.tobytes() == fresh.distances.to_numpy().tobytes()
    assert p.tobytes() == fresh.parents.to_numpy().tobytes()
    if small(g):
        CALLS["oracle: testing.dijkstra"] += 1
        want_d, want_p = testing.dijkstra(g, r.source, objective=o.objective)
        assert d.tolist() == want_d.tolist()
        assert p.tolist() == want_p.tolist()


def cc_affordable(g: dyng.Graph, max_length: int, extra_edges: int = 0) -> bool:
    """Whether counting cycles up to ``max_length`` stays cheap on ``g``."""
    m = g.num_entries + 2 * extra_edges
    if max_length == -1 or max_length > 8:
        return m <= 24
    return m <= 400


def check_histogram(g: dyng.Graph, r: cycle_count.Result) -> None:
    """A histogram against a fresh compute and, on small graphs, the brute-force oracle."""
    counts = r.counts.to_numpy()
    assert counts.dtype == np.uint64 and len(counts) == r.bound + 1
    ml = r.options.max_length
    if ml != -1:
        assert r.bound == ml
    assert r.to_dict() == {k: int(c) for k, c in enumerate(counts.tolist()) if c}
    assert r.total == int(sum(int(c) for c in counts.tolist()))
    assert r.count(r.bound + 1) == 0
    fresh = cycle_count.compute(g, max_length=ml)
    assert counts.tolist() == fresh.counts.to_numpy().tolist()
    bound = ml if ml != -1 else 10**9
    if g.num_vertices <= 16 and g.num_entries <= 40 and (bound <= 6 or g.num_vertices <= 9):
        CALLS["oracle: testing.simple_cycles"] += 1
        assert r.to_dict() == testing.simple_cycles(g, ml)


# ---- arrays ------------------------------------------------------------------------------


@dataclass(eq=False)
class ArrayRec:
    """A ``dyng.Array`` the machine holds, with the state it was read in."""

    array: Any
    rec: Rec
    gen: int
    maybe: int
    values: list[Any]
    dtype: np.dtype[Any]
    result_dropped: bool = False


READS_DATA = {
    "to_numpy",
    "to_numpy_view",
    "asarray",
    "memoryview",
    "from_dlpack",
    "tolist",
    "iter",
    "pickle",
    "deepcopy",
    "array_protocol",
    "getitem",
}
FRESH_OK = {"attributes", "repr", "len", "dlpack_device"}
ARRAY_OPS = sorted(
    READS_DATA
    | {
        "dlpack_capsule",
        "dlpack_device",
        "attributes",
        "repr",
        "eq",
        "hash",
        "to_cupy",
        "len",
    }
)


class CapsuleHolder:
    """Hands a given DLPack capsule to ``np.from_dlpack``."""

    def __init__(self, capsule: Any) -> None:
        self.capsule = capsule

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self.capsule

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)


def array_op(ar: ArrayRec, op: str, data: st.DataObject, views: list[Any]) -> None:
    """One use of a ``dyng.Array``; views it exports go to ``views``."""
    a = ar.array
    rec = ar.rec
    fresh = rec.gen == ar.gen and rec.maybe == ar.maybe
    stale = rec.gen != ar.gen
    name = f"Array.{op}"
    also: tuple[type[BaseException], ...] = ()
    fn: Callable[[], Any]
    if op == "to_numpy":
        fn = lambda: a.to_numpy(copy=data.draw(st.sampled_from([True, 1, "yes"])))  # noqa: E731
    elif op == "to_numpy_view":
        fn = lambda: a.to_numpy(copy=False)  # noqa: E731
    elif op == "asarray":
        fn = lambda: np.asarray(a)  # noqa: E731
    elif op == "memoryview":
        fn = lambda: np.asarray(memoryview(a))  # noqa: E731
    elif op == "from_dlpack":
        fn = lambda: np.from_dlpack(a)  # noqa: E731
    elif op == "tolist":
        fn = a.tolist
    elif op == "iter":
        fn = lambda: [int(x) for x in a]  # noqa: E731
    elif op == "pickle":
        fn = lambda: pickle.loads(pickle.dumps(a))  # noqa: E731
    elif op == "deepcopy":
        fn = lambda: copy.deepcopy(a)  # noqa: E731
    elif op == "array_protocol":
        dt = data.draw(st.sampled_from([None, "int64", "uint64", "float64", "int8"]))
        cp = data.draw(st.sampled_from([None, True, False]))
        fn = lambda: np.array(a, dtype=dt, copy=cp)  # noqa: E731
    elif op == "getitem":
        n = len(ar.values)
        key = data.draw(
            st.one_of(
                st.integers(-n - 2, n + 2),
                st.sampled_from(
                    [slice(None, None, -1), slice(1, None, 2), "x", None, (0, 0), 2**70, 1.5]
                ),
            )
        )
        fn = lambda: a[key]  # noqa: E731
        also = (IndexError,)
    elif op == "dlpack_capsule":
        kw: dict[str, Any] = {}
        if data.draw(st.booleans()):
            kw["max_version"] = data.draw(
                st.sampled_from([None, (1, 0), (1, 3), (0, 8), (2, 0), "x", (1,), (-1, 0)])
            )
        if data.draw(st.booleans()):
            kw["dl_device"] = data.draw(st.sampled_from([None, (1, 0), (2, 0), (1, 1), "cpu"]))
        if data.draw(st.booleans()):
            kw["copy"] = data.draw(st.sampled_from([None, True, False, "x"]))
        if data.draw(st.booleans()):
            kw["stream"] = data.draw(st.sampled_from([None, 0, 1, -1]))
        consume = data.draw(st.booleans())

        def fn() -> Any:
            cap = a.__dlpack__(**kw)
            return np.from_dlpack(CapsuleHolder(cap)) if consume else None

        also = (BufferError,)
    elif op == "dlpack_device":
        fn = a.__dlpack_device__
    elif op == "attributes":
        fn = lambda: (a.dtype, a.shape, a.ndim, a.size, a.nbytes, a.is_stale)  # noqa: E731
    elif op == "repr":
        fn = lambda: repr(a)  # noqa: E731
    elif op == "eq":
        other = data.draw(st.sampled_from([0, None, "x", [1, 2]]))
        fn = lambda: (a == other, a != other)  # noqa: E731
    elif op == "hash":
        fn = lambda: hash(a)  # noqa: E731
    elif op == "to_cupy":
        fn = a.to_cupy
    else:
        fn = lambda: len(a)  # noqa: E731
    out = attempt(name, fn, also=also)
    if op == "hash":
        assert not out.ok and isinstance(out.error, TypeError)
        return
    if op == "to_cupy":
        assert not out.ok and isinstance(out.error, dyng.NotSupportedError | dyng.StaleResultError)
        return
    if op == "attributes" and out.ok:
        dtype, shape, ndim, size, nbytes, is_stale = out.value
        assert shape == (len(ar.values),) and ndim == 1 and size == len(ar.values)
        assert nbytes == 8 * size and dtype in (np.int64, np.uint64)
        if stale:
            assert is_stale
        if fresh:
            assert not is_stale
        return
    if op == "repr" and out.ok:
        assert out.value.startswith("dyng.Array(")
        if stale:
            assert out.value == "dyng.Array(<stale>)"
        return
    if stale and op in READS_DATA - {"getitem"}:
        assert not out.ok and isinstance(out.error, dyng.StaleResultError), (op, out)
        return
    if fresh and op in (READS_DATA - {"getitem", "array_protocol"}) | FRESH_OK:
        assert out.ok, (op, out.error)
    if not out.ok:
        return
    value = out.value
    if op in ("to_numpy", "pickle", "deepcopy"):
        assert isinstance(value, np.ndarray) and value.tolist() == ar.values
        assert value.flags.writeable
        if value.size:
            value[0] = value[0] ^ 1  # a copy: the Array does not change
    elif op in ("to_numpy_view", "asarray", "memoryview", "from_dlpack"):
        assert isinstance(value, np.ndarray) and value.tolist() == ar.values
        assert not value.flags.writeable
        views.append((value, list(ar.values)))
    elif op == "array_protocol":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = np.array(ar.values, dtype=ar.dtype).astype(value.dtype)
        assert value.tolist() == want.tolist()
    elif op in ("tolist", "iter"):
        assert value == ar.values
    elif op == "len":
        assert value == len(ar.values)
    elif op == "dlpack_capsule" and value is not None:
        assert value.tolist() == ar.values
    elif op == "dlpack_device":
        assert tuple(int(x) for x in value) == (1, 0)


# ---- files -------------------------------------------------------------------------------

READERS = [
    "read_matrix_market",
    "read_matrix_market_arrays",
    "read_edge_list",
    "read_edge_list_arrays",
    "iter_batches",
    "read_batches",
    "read_csr_triplet",
    "read_change_files",
    "read_signed_batch",
    "read_distances",
    "read_tree",
    "read_histogram",
]

#: Tokens that mutations insert; the long numbers only where the address space is limited.
TOKENS = [
    b"-",
    b"+",
    b" ",
    b"\t",
    b"\n",
    b"\r\n",
    b",",
    b"%",
    b"#",
    b"\x00",
    b"\xff",
    b"0",
    b"7",
    b"99",
    b"-1",
    b"1e3",
    b"0x1f",
    b"nan",
    b"INF",
    b"+e",
    b"-e",
    b"%batch",
    b"%dgt 1",
    b"%%MatrixMarket matrix coordinate pattern general",
    b"symmetric",
    b"real",
    b"Total",
    b"\x89DGB\r\n\x1a\n",
]
BIG_TOKENS = [b"2147483647", b"2147483648", b"9223372036854775807", b"18446744073709551616"]


def reader_call(name: str, path: Path, data: st.DataObject) -> Callable[[], Any]:
    """A call of reader ``name`` on ``path`` with random keywords."""
    p = str(path)
    kw: dict[str, Any] = {}
    draw = data.draw
    if name == "read_matrix_market":
        if draw(st.booleans()):
            kw = draw(graph_keywords())
            kw.pop("num_vertices", None)
            kw = {k: resolve(v) for k, v in kw.items()}
        return lambda: dio.read_matrix_market(p, **kw)
    if name == "read_matrix_market_arrays":
        kw = {
            "vertex_dtype": draw(st.sampled_from(["int32", "int64", "int8"])),
            "ignore_values": draw(st.booleans()),
            "expand_symmetric": draw(st.booleans()),
        }
        return lambda: dio.read_matrix_market_arrays(p, **kw)
    if name in ("read_edge_list", "read_edge_list_arrays"):
        kw = {
            "weights": draw(st.sampled_from([None, 0, 1, 2, 65, -1, True])),
            "compact_ids": draw(st.booleans()),
            "one_based": draw(st.booleans()),
            "self_loops": draw(st.sampled_from(["keep", "drop", "error", "x"])),
            "duplicates": draw(st.sampled_from(["keep", "drop", "error"])),
            "vertex_dtype": draw(st.sampled_from([None, "int32", "int64"])),
        }
        if name == "read_edge_list":
            kw["directed"] = draw(st.sampled_from([None, True, False]))
            return lambda: dio.read_edge_list(p, **kw)
        return lambda: dio.read_edge_list_arrays(p, **kw)
    if name in ("iter_batches", "read_batches", "read_change_files", "read_signed_batch"):
        kw = {
            "vertex_dtype": draw(st.sampled_from(["int64", "int32", "uint8"])),
            "num_weights": draw(st.sampled_from([None, 0, 1, 2, -1, 65])),
        }
        if name == "iter_batches":
            return lambda: list(dio.iter_batches(p, **kw))
        if name == "read_batches":
            return lambda: dio.read_batches(p, **kw)
        if name == "read_change_files":
            other = draw(st.sampled_from([None, "same", "missing"]))
            q = None if other is None else p if other == "same" else p + ".missing"
            if draw(st.booleans()):
                return lambda: dio.read_change_files(p, q, **kw)
            return lambda: dio.read_change_files(q, p, **kw)
        return lambda: dio.read_signed_batch(p, **kw)
    if name == "read_csr_triplet":
        prefix = p[: -len("RowPtr.txt")] if p.endswith("RowPtr.txt") else p
        return lambda: dio.read_csr_triplet(prefix)
    if name == "read_distances":
        return lambda: dio.read_distances(p)
    if name == "read_tree":
        return lambda: dio.read_tree(p)
    return lambda: dio.read_histogram(p)


def check_read_value(name: str, value: Any) -> None:
    """What any successfully read value satisfies."""
    if isinstance(value, dyng.Graph):
        check_graph(value)
    elif isinstance(value, dyng.EdgeBatch):
        check_batch_value(value)
    elif isinstance(value, list):
        for b in value:
            assert isinstance(b, dyng.EdgeBatch)
            check_batch_value(b)
        ids = [b.id for b in value]
        assert ids == sorted(set(ids)), "batch ids must strictly increase"
    elif isinstance(value, dict):
        assert all(isinstance(k, int) and isinstance(c, int) and c >= 0 for k, c in value.items())
    elif isinstance(value, np.ndarray):
        assert value.dtype == np.int64 and value.ndim == 1


def feed_reader(name: str, path: Path, content: bytes, data: st.DataObject) -> None:
    """Write ``content`` (maybe gzipped) where reader ``name`` looks, and read it."""
    if data.draw(st.integers(0, 4)) == 4:
        content = gzip.compress(content)
    if name == "read_csr_triplet":
        prefix = path.with_name("fuzzCsr")
        part = data.draw(st.sampled_from(["RowPtr", "ColInd", "Values"]))
        good = {"RowPtr": b"0\n1\n2\n", "ColInd": b"1\n0\n", "Values": b"3\n4\n"}
        for key, text in good.items():
            Path(f"{prefix}{key}.txt").write_bytes(content if key == part else text)
        path = Path(f"{prefix}RowPtr.txt")
    else:
        path.write_bytes(content)
    out = attempt(f"io.{name}", reader_call(name, path, data))
    if out.ok:
        check_read_value(name, out.value)


def mutate(content: bytes, data: st.DataObject) -> bytes:
    """A few random edits: flips, cuts, copies, insertions of tokens."""
    tokens = TOKENS + ([] if SANITIZED else BIG_TOKENS)
    b = bytearray(content)
    for _ in range(data.draw(st.integers(1, 1 if SANITIZED else 3))):
        op = data.draw(st.integers(0, 4))
        pos = data.draw(st.integers(0, len(b)))
        if op == 0 and b:
            b[min(pos, len(b) - 1)] = data.draw(st.integers(0, 255))
        elif op == 1:
            end = data.draw(st.integers(pos, min(len(b), pos + 16)))
            del b[pos:end]
        elif op == 2 and not SANITIZED:
            end = data.draw(st.integers(pos, min(len(b), pos + 16)))
            b[pos:pos] = b[pos:end]
        elif op == 3:
            b[pos:pos] = data.draw(st.sampled_from(tokens))
        else:
            del b[pos:]
    return bytes(b)


def batch_stream(b: dyng.EdgeBatch | None) -> list[dyng.EdgeBatch]:
    """``b`` and an empty batch after it (ids strictly increase)."""
    first = b or dyng.EdgeBatch()
    return [first] + ([dyng.EdgeBatch(id=first.id + 3)] if first.id < 2**62 else [])


def max_id(b: dyng.EdgeBatch) -> int:
    ids = np.concatenate([b.insert_src, b.insert_dst, b.delete_src, b.delete_dst])
    return int(ids.max(initial=0))


def min_id(b: dyng.EdgeBatch) -> int:
    ids = np.concatenate([b.insert_src, b.insert_dst, b.delete_src, b.delete_dst])
    return int(ids.min(initial=0))


def valid_file(name: str, tmp: Path, g: dyng.Graph, b: dyng.EdgeBatch | None) -> bytes:
    """The content of a valid file for reader ``name``, written by the library's writer."""
    f = tmp / "valid.bin"
    if name.startswith("read_matrix_market"):
        dio.write_matrix_market(f, g)
    elif name.startswith("read_edge_list"):
        dio.write_edge_list(f, g)
    elif name in ("iter_batches", "read_batches"):
        f = tmp / ("valid.dgb" if len(name) % 2 else "valid.dgt")
        dio.write_batches(f, batch_stream(b))
    elif name == "read_csr_triplet":
        dio.write_csr_triplet(tmp / "validCsr", g)
        f = tmp / "validCsrRowPtr.txt"
    elif name == "read_change_files":
        dio.write_change_files(f, tmp / "valid_del.txt", b or dyng.EdgeBatch())
    elif name == "read_signed_batch":
        dio.write_signed_batch(f, b or dyng.EdgeBatch())
    elif name in ("read_distances", "read_tree"):
        tree = sssp.compute(g, 0) if g.num_vertices else None
        values = [] if tree is None else tree.distances.tolist()
        if name == "read_tree":
            values = [] if tree is None else tree.parents.tolist()
            dio.write_tree(f, values)
        else:
            dio.write_distances(f, values)
    else:
        dio.write_histogram(f, cycle_count.compute(g, max_length=4))
    return f.read_bytes()


def fuzz_files(tmp: Path, data: st.DataObject, g: dyng.Graph, b: dyng.EdgeBatch | None) -> None:
    """Feed one reader random bytes, or a valid file of its format with random edits."""
    name = data.draw(st.sampled_from(READERS))
    how = data.draw(st.integers(0, 3))
    if how == 0:
        content = data.draw(st.binary(max_size=200))
    else:
        try:
            content = valid_file(name, tmp, g, b)
        except dyng.Error:
            SKIPPED[f"io: no valid file for {name}"] += 1
            return
        if how > 1:
            content = mutate(content, data)
    feed_reader(name, tmp / "fuzz.txt", content, data)


def round_trip(parent: Path, data: st.DataObject, g: dyng.Graph, b: dyng.EdgeBatch | None) -> None:
    """A writer and its reader, in a new folder: what comes back equals what went in."""
    tmp = Path(tempfile.mkdtemp(dir=parent))
    try:
        _round_trip(tmp, data, g, b)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _round_trip(tmp: Path, data: st.DataObject, g: dyng.Graph, b: dyng.EdgeBatch | None) -> None:
    which = data.draw(
        st.sampled_from(["mm", "mm_arrays", "el", "dgt", "dgb", "csr", "change", "signed"])
    )
    f = tmp / f"rt.{which}"
    if which == "mm":
        col = data.draw(st.sampled_from([0, -1, 1, 2**40]))
        out = attempt("io.write_matrix_market", dio.write_matrix_market, f, g, weight_column=col)
        if not out.ok:
            assert isinstance(out.error, dyng.InvalidArgumentError | OverflowError)
            return
        h = dio.read_matrix_market(f, directed=g.directed, multi_edges=g.properties.parallel_edges)
        assert h.num_vertices == g.num_vertices and h.directed == g.directed
        pairs = {(u, v) for u, v, _ in edge_counter(g)}
        assert {(u, v) for u, v, _ in edge_counter(h)} == pairs
    elif which == "mm_arrays":
        s, d, w = g.edges()
        dio.write_matrix_market_arrays(f, g.num_vertices, s, d, w)
        got = dio.read_matrix_market_arrays(f, vertex_dtype="int64")
        assert got.num_vertices == g.num_vertices
        assert got.src.tolist() == s.tolist() and got.dst.tolist() == d.tolist()
        if w is not None:
            assert got.weights is not None and got.weights.tolist() == w[:, 0].tolist()
    elif which == "el":
        attempt("io.write_edge_list", dio.write_edge_list, f, g)
        a = dio.read_edge_list_arrays(f, weights=g.num_weights)
        s, d, w = g.edges()
        assert a.src.tolist() == s.tolist() and a.dst.tolist() == d.tolist()
        if w is not None:
            assert a.weights is not None and a.weights.tolist() == w.tolist()
    elif which in ("dgt", "dgb"):
        batches = batch_stream(b)
        if which == "dgb" and data.draw(st.booleans()):
            f = tmp / "rt.dgb.gz"
        out = attempt("io.write_batches", dio.write_batches, f, batches)
        if out.ok:
            back = attempt("io.read_batches", dio.read_batches, f)
            if min_id(batches[0]) >= 0:
                assert back.ok and back.value == batches, back.error
    elif which == "csr":
        dio.write_csr_triplet(tmp / "rtCsr", g, compress=data.draw(st.booleans()))
        h = dio.read_csr_triplet(tmp / "rtCsr", directed=g.directed)
        assert h.num_vertices == g.num_vertices
        if g.num_entries:  # an empty values file does not tell the number of weights
            assert h.num_weights == g.num_weights
        assert csr_rows(h) == csr_rows(g)
    elif b is not None:
        if which == "change":
            out = attempt("io.write_change_files", dio.write_change_files, f, tmp / "rt_del.txt", b)
            read = lambda: dio.read_change_files(  # noqa: E731
                f, tmp / "rt_del.txt", num_weights=b.num_weights
            )
        else:
            out = attempt("io.write_signed_batch", dio.write_signed_batch, f, b)
            read = lambda: dio.read_signed_batch(f, num_weights=b.num_weights)  # noqa: E731
        if not out.ok:
            return
        back = attempt(f"io.read_{which}", read)
        if not back.ok:
            # The readers refuse negative ids and the id 2**63 - 1 (past the largest id).
            assert min_id(b) < 0 or max_id(b) == 2**63 - 1, back.error
            return
        c = back.value
        assert c.insert_src.tolist() == b.insert_src.tolist()
        assert c.insert_dst.tolist() == b.insert_dst.tolist()
        assert c.delete_src.tolist() == b.delete_src.tolist()
        assert c.delete_dst.tolist() == b.delete_dst.tolist()
    CALLS[f"io round trip: {which}"] += 1


# ---- generators --------------------------------------------------------------------------


@st.composite
def generator_calls(draw: st.DrawFn) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """A generator and its parameters: small valid ones, or refused ones."""
    c = draw(clean_draw())

    def ov(valid: list[Any], invalid: list[Any]) -> st.SearchStrategy[Any]:
        return one_of_values(valid, invalid, clean=c)

    seed = draw(ov([0, 1, 7, 2**64 - 1], [-1, 2**64, 1.5, True]))
    weights = draw(ov([None, (1, 100), (1, 1), (-5, 5)], [(5, 1), (0, 2**31), "x"]))
    k = draw(ov([1, 2, 3], [0, 65, -1]))
    vdt = draw(ov([None, "int32", "int64"], ["int8", 3]))
    res = resolve(draw(resources_strategy(clean=c)))
    which = draw(
        st.sampled_from(
            [
                "erdos_renyi",
                "erdos_renyi_edges",
                "grid",
                "grid_edges",
                "rmat",
                "rmat_edges",
                "random_weights",
            ]
        )
    )
    common = {
        "seed": seed,
        "weights": weights,
        "num_weights": k,
        "vertex_dtype": vdt,
        "resources": res,
    }
    if which.startswith("erdos_renyi"):
        n = draw(ov([0, 1, 2, 5, 12], [-1, 2**32 + 1, 2**64, 2.0]))
        m = draw(ov([0, 1, 3, 10], [-1, 2**62, 10**6]))
        return which, (n, m), {**common, "directed": draw(ov([True, False], [1]))}
    if which.startswith("grid"):
        big = 2**40
        rc = draw(ov([(1, 1), (2, 3), (4, 4), (1, 7)], [(0, 3), (-1, 2), (big, big), (2, 0)]))
        p = draw(ov([1.0, 0.5, 0.0], [1.5, -0.1, float("nan"), "x"]))
        return which, rc, {**common, "keep_probability": p}
    if which.startswith("rmat"):
        scale = draw(ov([1, 2, 3, 5], [0, -1, 63, 100]))
        ef = draw(ov([1, 2, 4], [0, -1, 2**62]))
        abc = draw(
            ov(
                [(0.57, 0.19, 0.19), (0.25, 0.25, 0.25), (1.0, 0.0, 0.0)],
                [(0.6, 0.3, 0.3), (float("nan"), 0.1, 0.1), (-0.1, 0.5, 0.5)],
            )
        )
        kw = {
            **common,
            "a": abc[0],
            "b": abc[1],
            "c": abc[2],
            "directed": draw(st.sampled_from([True, False])),
            "self_loops": draw(ov(["drop", "keep"], ["error", None])),
            "duplicates": draw(ov(["drop", "keep"], ["merge"])),
        }
        return which, (scale, ef), kw
    n = draw(ov([0, 1, 5, 20], [-1, 2**63, 1.5]))
    low_high = draw(ov([(1, 100), (-(2**31), 2**31 - 1), (3, 3)], [(4, 2), (0, 2**31)]))
    kw = {
        "num_weights": draw(ov([0, 1, 3], [65, -1])),
        "low": low_high[0],
        "high": low_high[1],
        "seed": seed,
        "resources": res,
    }
    return which, (n,), kw


def run_generator(call: tuple[str, tuple[Any, ...], dict[str, Any]]) -> object:
    """Make the call; check what it gave; return it on success."""
    which, args, kw = call
    out = attempt(f"generators.{which}", getattr(generators, which), *args, **kw)
    if not out.ok:
        return None
    v = out.value
    if isinstance(v, dyng.Graph):
        check_graph(v)
        if which.startswith("erdos_renyi"):
            assert v.num_vertices == args[0] and v.num_edges == args[1]
        if which.startswith("grid"):
            assert v.num_vertices == args[0] * args[1] and not v.directed
        return v
    if which == "random_weights":
        assert v.dtype == np.int32 and v.shape == (args[0], kw["num_weights"])
        assert v.size == 0 or (kw["low"] <= int(v.min()) and int(v.max()) <= kw["high"])
        return None
    s, d, w = v
    assert len(s) == len(d) and s.dtype == d.dtype
    assert w is None or w.shape[0] == len(s)
    return None


# ---- the state machine -------------------------------------------------------------------

MAX_GRAPHS = 6
MAX_BATCHES = 8
MAX_RESULTS = 10
MAX_ARRAYS = 12


class ApiMachine(RuleBasedStateMachine):
    """Random sequences of calls over the public API (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.tmp = Path(tempfile.mkdtemp(prefix="dyng-api-fuzz-"))
        self.graphs: list[dyng.Graph] = []
        self.batches: list[dyng.EdgeBatch] = []
        self.recs: list[Rec] = []
        self.arrays: list[ArrayRec] = []
        self.views: list[tuple[npt.NDArray[Any], list[Any]]] = []
        self.default_resources = dyng.get_default_resources()
        self.handles: list[dyng.Resources] = []  # made by the rule `resources`

    def teardown(self) -> None:
        dyng.set_default_resources(self.default_resources)
        for r in resources_pool() + self.handles:
            r.clear_interrupt()
        shutil.rmtree(self.tmp, ignore_errors=True)

    # -- helpers ---------------------------------------------------------------------

    def add_graph(self, g: object) -> None:
        if isinstance(g, dyng.Graph):
            self.graphs.append(g)
            if len(self.graphs) > MAX_GRAPHS:
                self.graphs.pop(0)

    def add_batch(self, b: object) -> None:
        if isinstance(b, dyng.EdgeBatch):
            self.batches.append(b)
            if len(self.batches) > MAX_BATCHES:
                self.batches.pop(0)

    def add_rec(self, rec: Rec) -> None:
        self.recs.append(rec)
        if len(self.recs) > MAX_RESULTS:
            self.drop_rec(0)

    def drop_rec(self, i: int) -> None:
        rec = self.recs.pop(i)
        for ar in self.arrays:
            if ar.rec is rec:
                ar.result_dropped = True

    def pick(self, data: st.DataObject, items: list[Any], label: str) -> Any:
        return items[data.draw(st.integers(0, len(items) - 1), label=label)]

    def graph_of(self, data: st.DataObject, rec: Rec | None) -> dyng.Graph:
        """Mostly a graph that ``rec`` is current for, else any."""
        homes = [] if rec is None else [h for h in self.graphs if key_of(h) == rec.key]
        if homes and data.draw(st.integers(0, 9)) < 8:
            g: dyng.Graph = self.pick(data, homes, "graph of the result")
            return g
        g = self.pick(data, self.graphs, "graph")
        return g

    def batch_for(self, data: st.DataObject, g: dyng.Graph) -> object:
        """Mostly a batch whose weights fit ``g``; sometimes something else."""
        r = data.draw(st.integers(0, 29))
        if r == 29:
            return data.draw(st.sampled_from([None, "batch", g]))
        fitting = [
            b for b in self.batches if b.num_insertions == 0 or b.num_weights == g.num_weights
        ]
        if fitting and r < 24:
            return self.pick(data, fitting, "fitting batch")
        return self.pick(data, self.batches, "batch")

    # -- building ------------------------------------------------------------------------

    @initialize()
    def start(self) -> None:
        g = dyng.Graph.from_edges(
            np.array([0, 1, 2, 2, 3], dtype=np.int32),
            np.array([1, 2, 0, 3, 1], dtype=np.int32),
            np.array([3, 1, 4, 1, 5], dtype=np.int32),
        )
        self.add_graph(g)
        self.add_batch(dyng.EdgeBatch(insert=([3], [0], [2]), delete=([0], [1])))

    @rule(call=from_edges_calls())
    def from_edges(self, call: BuildCall) -> None:
        self.add_graph(build_graph(call))

    @rule(call=from_csr_calls())
    def from_csr(self, call: BuildCall) -> None:
        self.add_graph(build_graph(call))

    @rule(call=generator_calls())
    def generator(self, call: tuple[str, tuple[Any, ...], dict[str, Any]]) -> None:
        self.add_graph(run_generator(call))

    @rule(call=batch_calls())
    def edge_batch(self, call: BatchCall) -> None:
        self.add_batch(make_batch(call))

    @precondition(lambda self: self.graphs)
    @rule(data=st.data())
    def generated_batch(self, data: st.DataObject) -> None:
        ovc = functools.partial(one_of_values, clean=data.draw(clean_draw()))
        g = self.pick(data, self.graphs, "graph")
        if data.draw(st.booleans()):
            size = data.draw(ovc([0, 1, 3, 8], [-1, 2**63, 2**62, 1.5]))
            kw = {
                "insert_fraction": data.draw(ovc([0.0, 0.5, 1.0], [-0.5, 2.0])),
                "seed": data.draw(st.integers(0, 2**64 - 1)),
                "locality_window": data.draw(ovc([None, 1, 3, 100], [0, -2])),
                "weights": data.draw(ovc([(1, 100), (1, 1)], [(3, 1), (0,)])),
                "batch_id": data.draw(ovc([0, 5], [-1])),
            }
            out = attempt("generators.random_batch", generators.random_batch, g, size, **kw)
        else:
            kw = {
                "num_deletions": data.draw(ovc([0, 1, 3], [-1, 2**62])),
                "num_insertions": data.draw(ovc([0, 1, 3], [-1, 2**62])),
                "seed": data.draw(ovc([0, 1, 2**64 - 1], [-1, 2**64])),
                "locality_window": data.draw(ovc([None, 2, 5], [1, 0])),
            }
            out = attempt(
                "generators.legacy.cycle_enum_batch", generators.legacy.cycle_enum_batch, g, **kw
            )
        if out.ok:
            b: dyng.EdgeBatch = out.value
            check_batch_value(b)
            assert b.insert_src.dtype == g.vertex_dtype
            before = graph_snapshot(g)
            h = g.clone()
            applied = attempt("Graph.apply", h.apply, b)
            if applied.ok and g.properties.semantics == dyng.BatchSemantics():
                s = applied.value  # a generated batch inserts and deletes what it says
                assert s.inserted == b.num_insertions and s.deleted == b.num_deletions
            elif not applied.ok:  # the legacy batches are unweighted; semantics may refuse
                assert isinstance(applied.error, dyng.InvalidArgumentError), applied.error
            assert graph_snapshot(g) == before
            self.add_batch(b)

    # -- changing graphs -----------------------------------------------------------------

    @precondition(lambda self: self.graphs and self.batches)
    @rule(data=st.data())
    def apply(self, data: st.DataObject) -> None:
        # Mostly a graph without current results, so that updates find some current.
        quiet = [h for h in self.graphs if all(r.key != key_of(h) for r in self.recs)]
        if quiet and data.draw(st.integers(0, 9)) < 7:
            g = self.pick(data, quiet, "graph without current results")
        else:
            g = self.pick(data, self.graphs, "graph")
        b = self.batch_for(data, g)
        if not growth_is_safe(g, b):
            skip("Graph.apply: more than MAX_ROWS vertex rows")
            return
        before = graph_snapshot(g)
        values = [(rec, rec_values(rec)) for rec in self.recs]
        interrupted = self.maybe_interrupt(g, data)
        try:
            out = attempt("Graph.apply", g.apply, b, also=(KeyboardInterrupt,) * interrupted)
        finally:
            g.resources.clear_interrupt()
        if not out.ok:
            assert graph_snapshot(g) == before
            for rec, v in values:
                assert rec_values(rec) == v
            return
        s = out.value
        assert isinstance(s, dyng.ApplySummary)
        assert s.version == g.version == before[0] + 1 and g.state_id != before[1]
        assert s.num_edges == g.num_edges == before[3] + s.inserted - s.deleted
        assert s.num_vertices == g.num_vertices == before[2] + s.new_vertices
        check_graph(g)
        for rec, v in values:  # apply changes no result (they are stale now)
            assert rec_values(rec) == v

    def maybe_interrupt(self, g: dyng.Graph, data: st.DataObject) -> bool:
        """Set the interrupt flag of the graph's resources, one call in 15."""
        if data.draw(st.integers(0, 14)) != 14:
            return False
        g.resources.interrupt()
        assert g.resources.interrupted
        return True

    @precondition(lambda self: self.graphs)
    @rule(data=st.data())
    def graph_misc(self, data: st.DataObject) -> None:
        g = self.pick(data, self.graphs, "graph")
        op = data.draw(
            st.sampled_from(
                [
                    "clone",
                    "copy",
                    "deepcopy",
                    "pickle",
                    "degree",
                    "row",
                    "has_edge",
                    "weight",
                    "edges",
                    "props",
                    "init",
                    "registry",
                ]
            )
        )
        if op in ("clone", "copy", "deepcopy"):
            fn = {
                "clone": g.clone,
                "copy": lambda: copy.copy(g),
                "deepcopy": lambda: copy.deepcopy(g),
            }
            h = attempt(f"Graph.{op}", fn[op]).value
            assert graph_snapshot(h) == graph_snapshot(g)
            assert h.properties == g.properties
            self.add_graph(h)
        elif op == "pickle":
            out = attempt("pickle.dumps(Graph)", pickle.dumps, g)
            assert not out.ok and isinstance(out.error, TypeError)
        elif op == "degree":
            v = data.draw(
                st.one_of(
                    st.integers(-2, g.num_vertices + 1),
                    st.sampled_from([2**63, 1.5, None, "0", np.int64(0), True]),
                )
            )
            transposed = data.draw(st.booleans())
            out = attempt("Graph.degree", g.degree, v, transposed=transposed)
            vi = _as_index(v)
            valid = vi is not None and 0 <= vi < g.num_vertices
            assert out.ok == valid, (v, out)
            if out.ok:
                assert vi is not None
                rp, _, _ = g.to_csr(transposed=transposed)
                assert out.value == int(rp[vi + 1] - rp[vi])
                assert g.degrees(transposed=transposed).tolist() == np.diff(rp).tolist()
        elif op == "row":
            rv: object = data.draw(
                st.one_of(
                    st.integers(-2, g.num_vertices + 1),
                    st.sampled_from([2**63, -(2**70), 1.5, None, "0", np.uint8(0), False]),
                )
            )
            transposed = data.draw(st.booleans())
            meth = data.draw(st.sampled_from(["row", "neighbors"]))
            out = attempt(f"Graph.{meth}", getattr(g, meth), rv, transposed=transposed)
            vi = _as_index(rv)
            assert out.ok == (vi is not None and 0 <= vi < g.num_vertices), (rv, out)
            if out.ok:
                assert vi is not None
                rp, col, w = g.to_csr(transposed=transposed)
                ids, wv = out.value if meth == "row" else (out.value, None)
                assert ids.tolist() == col[rp[vi] : rp[vi + 1]].tolist()
                if meth == "row":
                    assert (wv is None) == (w is None)
                    if w is not None:
                        assert wv is not None
                        assert wv.tolist() == w[rp[vi] : rp[vi + 1]].tolist()
        elif op == "has_edge":
            ends = st.one_of(
                st.integers(-2, g.num_vertices + 1),
                st.sampled_from([2**63, 2**70, -(2**70), 1.5, None, np.int64(0), True]),
            )
            u, v = data.draw(ends), data.draw(ends)
            out = attempt("Graph.has_edge", g.has_edge, u, v)
            ui, vi = _as_index(u), _as_index(v)
            assert out.ok == (ui is not None and vi is not None and ui >= 0 and vi >= 0), (u, v)
            if out.ok:
                assert ui is not None and vi is not None
                rp, col, _ = g.to_csr()
                held = ui < g.num_vertices and vi in col[rp[ui] : rp[ui + 1]].tolist()
                assert out.value is held
        elif op == "weight":
            ends = st.one_of(
                st.integers(-2, g.num_vertices + 1),
                st.sampled_from([2**63, -(2**70), 1.5, None, np.int32(0), True]),
            )
            rp, col, w = g.to_csr()
            # mostly a vertex, a target of its row and a weight column, else anything
            u = data.draw(st.one_of(st.integers(0, max(g.num_vertices - 1, 0)), ends))
            ui = _as_index(u)
            if ui is not None and 0 <= ui < g.num_vertices and rp[ui + 1] > rp[ui]:
                ends = st.one_of(st.sampled_from(col[rp[ui] : rp[ui + 1]].tolist()), ends)
            v = data.draw(ends)
            bad_k = st.sampled_from([1, 2, -1, True, 1.0])
            k = data.draw(st.one_of(st.integers(0, max(g.num_weights - 1, 0)), bad_k))
            out = attempt("Graph.weight", g.weight, u, v, objective=k)
            vi, ki = _as_index(v), _as_index(k)
            first = None  # the row's first entry of v
            n = g.num_vertices
            if ui is not None and vi is not None and 0 <= ui < n and 0 <= vi < n:
                hits = np.flatnonzero(col[rp[ui] : rp[ui + 1]] == vi)
                first = int(rp[ui]) + int(hits[0]) if len(hits) else None
            valid = ki is not None and 0 <= ki < g.num_weights and first is not None
            assert out.ok == valid, (u, v, k, out)
            if out.ok:
                assert w is not None and first is not None and ki is not None
                assert out.value == int(w[first, ki])
            if first is not None and w is not None:  # an edge: every column, both ways
                assert ui is not None and vi is not None
                assert [g.weight(ui, vi, objective=c) for c in range(g.num_weights)] == w[
                    first
                ].tolist()
                got = attempt("Graph.edge_weights", g.edge_weights, [ui], [vi]).value
                assert got.tolist() == [w[first].tolist()]
        elif op == "edges":
            s, d, _ = g.edges()
            assert len(s) == len(d) == g.num_edges
            if not g.directed:
                assert bool((s <= d).all())
            rp, col, _ = g.to_csr(transposed=True)
            assert len(col) == g.num_entries
        elif op == "props":
            p = g.properties
            assert p.directed == g.directed and p.num_weights == g.num_weights
            assert repr(g).startswith("dyng.Graph(")
            assert g.memory_bytes > 0 and g.weighted == (g.num_weights > 0)
            assert isinstance(g.resources, dyng.Resources)
        elif op == "init":
            out = attempt("Graph()", dyng.Graph)
            assert not out.ok and isinstance(out.error, TypeError)
        else:
            name = data.draw(st.sampled_from(["sssp", "cycle_count", "mosp", "", 3, None]))
            out = attempt("citation", dyng.citation, name)
            assert out.ok == (name in ("sssp", "cycle_count"))
            assert {a.name for a in dyng.algorithms()} >= {"sssp", "cycle_count"}

    # -- results -------------------------------------------------------------------------

    @precondition(lambda self: self.graphs)
    @rule(data=st.data())
    def sssp_compute(self, data: st.DataObject) -> None:
        ovc = functools.partial(one_of_values, clean=data.draw(clean_draw()))
        g = self.pick(data, self.graphs, "graph")
        n, k = g.num_vertices, g.num_weights
        source = data.draw(
            st.one_of(
                st.integers(0, max(n - 1, 0)),
                st.sampled_from([-1, n, 2**63, 2**31, np.int64(0), None, "0", 1.5, True]),
            )
        )
        kw: dict[str, Any] = {}
        if data.draw(st.booleans()):
            kw["objective"] = data.draw(ovc(list(range(max(k, 1))), [-1, k, 2**40, 1.0]))
        if data.draw(st.booleans()):
            kw["engine"] = data.draw(ovc(["auto", "dijkstra", "near_far"], ["x", None]))
        if data.draw(st.booleans()):
            kw["delta"] = data.draw(ovc([0, 1, 5, 1000], [-1, 2**63]))
        if data.draw(st.booleans()):
            kw["fallback_fraction"] = data.draw(
                ovc([0.0, 0.05, 0.5, 1.0], [-0.1, 1.5, float("nan")])
            )
        if data.draw(st.booleans()):
            kw["validate_inputs"] = data.draw(st.booleans())
        if data.draw(st.integers(0, 19)) == 19:
            kw["bogus"] = 1
        if data.draw(st.integers(0, 4)) == 4:
            kw = {"options": sssp.Options(**{k_: v for k_, v in kw.items() if k_ != "bogus"})}
        before = graph_snapshot(g)
        interrupted = self.maybe_interrupt(g, data)
        try:
            out = attempt(
                "sssp.compute",
                sssp.compute,
                g,
                source,
                also=(KeyboardInterrupt,) * interrupted,
                **kw,
            )
        finally:
            g.resources.clear_interrupt()
        assert graph_snapshot(g) == before
        if not out.ok:
            return
        r: sssp.Result = out.value
        o = r.options
        src = _as_index(source)
        assert src is not None and r.source == src and 0 <= src < n, "a bad source was accepted"
        assert 0 <= o.objective < max(k, 1), "a bad objective was accepted"
        assert objective_weights_ok(g, o.objective), "a weight below 1 was accepted"
        check_tree(g, r)
        self.add_rec(Rec(r, "sssp", key_of(g)))

    @precondition(lambda self: self.graphs)
    @rule(data=st.data())
    def cycle_count_compute(self, data: st.DataObject) -> None:
        ovc = functools.partial(one_of_values, clean=data.draw(clean_draw()))
        g = self.pick(data, self.graphs, "graph")
        ml = data.draw(
            ovc(
                [2, 3, 4, 5, 6, 6, -1, 8, 12],
                [0, 1, -2, 2**31, 2**63, 2**64, True, 2.0, "3", np.int8(4), None],
            )
        )
        mli = _as_index(ml)
        if mli is not None and not cc_affordable(g, mli):
            skip("cycle_count.compute: too many cycles to count")
            return
        kw: dict[str, Any] = {"max_length": ml}
        if data.draw(st.integers(0, 4)) == 4:
            kw = {"options": cycle_count.Options(max_length=ml)}
        before = graph_snapshot(g)
        interrupted = self.maybe_interrupt(g, data)
        try:
            out = attempt(
                "cycle_count.compute",
                cycle_count.compute,
                g,
                also=(KeyboardInterrupt,) * interrupted,
                **kw,
            )
        finally:
            g.resources.clear_interrupt()
        assert graph_snapshot(g) == before
        if not out.ok:
            return
        r: cycle_count.Result = out.value
        assert mli is not None and (mli == -1 or 2 <= mli < 2**31), "a bad max_length"
        check_histogram(g, r)
        self.add_rec(Rec(r, "cc", key_of(g)))

    @precondition(lambda self: self.recs and self.graphs)
    @rule(data=st.data())
    def from_arrays_or_counts(self, data: st.DataObject) -> None:
        rec: Rec = self.pick(data, self.recs, "result")
        g = self.graph_of(data, rec)
        if rec.poisoned:
            return
        if rec.kind == "sssp":
            r: sssp.Result = rec.result
            d, p = r.distances.to_numpy(), r.parents.to_numpy()
            how = data.draw(st.integers(0, 6))
            if how == 1 and d.size:
                d[data.draw(st.integers(0, d.size - 1))] += data.draw(st.sampled_from([-1, 1]))
            elif how == 2 and p.size:
                p[data.draw(st.integers(0, p.size - 1))] = data.draw(
                    st.sampled_from([-1, 0, p.size, -2])
                )
            elif how == 3:
                d = d[:-1]
            elif how == 4:
                d = d.astype(data.draw(st.sampled_from(["int32", "uint64", "float64", "object"])))
            validate = data.draw(st.booleans())
            source = r.source if how != 5 else data.draw(st.sampled_from([-1, r.source + 1]))
            out = attempt(
                "sssp.Result.from_arrays",
                sssp.Result.from_arrays,
                g,
                source,
                d,
                p,
                validate_inputs=validate,
                objective=r.options.objective,
            )
            if out.ok:
                CALLS["oracle: testing.check_sssp_tree"] += 1
                testing.check_sssp_tree(
                    g, source, d, p, objective=r.options.objective, canonical=validate
                )
                new: sssp.Result = out.value
                assert new.distances.tolist() == np.asarray(d).tolist()
                # Without validate_inputs a tree need not be canonical: only an unchanged
                # copy of a canonical tree of this graph state is.
                same = how == 0 and rec.trusted and rec.key == key_of(g)
                self.add_rec(Rec(new, "sssp", key_of(g), trusted=validate or same))
        else:
            h: cycle_count.Result = rec.result
            counts: Any = h.counts.to_numpy()
            ml = h.options.max_length
            how = data.draw(st.integers(0, 5))
            if how == 1 and counts.size:
                counts = counts.tolist()
                counts[data.draw(st.integers(0, len(counts) - 1))] = data.draw(
                    st.sampled_from([-1, 2**64 - 1, 2**64, 1.5, None, 5])
                )
            elif how == 2:
                counts = counts[:-1]
            elif how == 3:
                counts = counts.astype(data.draw(st.sampled_from(["int64", "float64", "int8"])))
            elif how == 4:
                ml = data.draw(st.sampled_from([-1, 0, ml + 1, 2**31]))
            out = attempt(
                "cycle_count.Result.from_counts",
                cycle_count.Result.from_counts,
                g,
                counts,
                max_length=ml,
            )
            if out.ok:
                new_h: cycle_count.Result = out.value
                got = new_h.counts.tolist()
                trusted = (  # the counts of a right histogram of this graph state
                    rec.trusted
                    and key_of(g) == rec.key
                    and got == h.counts.tolist()
                    and ml == h.options.max_length
                )
                self.add_rec(Rec(new_h, "cc", key_of(g), trusted=trusted))

    @precondition(lambda self: self.graphs and self.batches)
    @rule(data=st.data())
    def update(self, data: st.DataObject) -> None:
        how = data.draw(st.sampled_from(["sssp", "cc", "many", "many"]))
        kinds = {"sssp": ["sssp"], "cc": ["cc"]}.get(how, ["sssp", "cc"])
        first: Rec | None = None
        if self.recs and data.draw(st.integers(0, 9)) < 9:
            mine = [r for r in self.recs if r.kind in kinds and not r.poisoned] or self.recs
            live = {key_of(h) for h in self.graphs}
            current = [r for r in mine if r.key in live]
            if current and data.draw(st.integers(0, 9)) < 8:
                mine = current
            first = self.pick(data, mine, "result")
        g = self.graph_of(data, first)
        b = self.batch_for(data, g)
        current = [r for r in self.recs if r.key == key_of(g)]
        picks: list[Any] = []
        if how == "many":
            for i in range(data.draw(st.integers(0, 3))):
                r = data.draw(st.integers(0, 9))
                if i == 0 and first is not None and r < 8:
                    picks.append(first)
                elif current and r < 8:
                    picks.append(self.pick(data, current, "current result"))
                elif self.recs and r < 9:
                    picks.append(self.pick(data, self.recs, "result"))
                else:
                    picks.append(data.draw(st.sampled_from([None, 3, "tree"])))
        elif first is not None:
            picks.append(first)
        else:
            return
        recs = [p for p in picks if isinstance(p, Rec)]
        args = [p.result if isinstance(p, Rec) else p for p in picks]
        if not growth_is_safe(g, b):
            skip("update: more than MAX_ROWS vertex rows")
            return
        extra = b.num_insertions if isinstance(b, dyng.EdgeBatch) else 0
        for rec in recs:
            # (a poisoned histogram refuses every read, its options too; the update refuses it)
            if (
                rec.kind == "cc"
                and not rec.poisoned
                and not cc_affordable(g, rec.result.options.max_length, extra)
            ):
                skip("update: too many cycles to count")
                return
        ids = [id(r) for r in recs]
        must_fail = (
            len(recs) != len(picks)
            or len(set(ids)) != len(ids)
            or any(r.key != key_of(g) or r.poisoned for r in recs)
            or not isinstance(b, dyng.EdgeBatch)
            or (how == "sssp" and recs and recs[0].kind != "sssp")
            or (how == "cc" and recs and recs[0].kind != "cc")
        )
        before = graph_snapshot(g)
        values = [(rec, rec_values(rec)) for rec in self.recs]
        interrupted = self.maybe_interrupt(g, data)
        fn: Callable[..., Any]
        if how == "sssp":
            fn, name = sssp.update, "sssp.update"
        elif how == "cc":
            fn, name = cycle_count.update, "cycle_count.update"
        else:
            fn, name = dyng.update, "dyng.update"
        try:
            out = attempt(name, fn, g, b, *args, also=(KeyboardInterrupt,) * interrupted)
        finally:
            g.resources.clear_interrupt()
        if not out.ok:
            assert graph_snapshot(g) == before
            for rec, v in values:
                assert rec_values(rec) == v, f"a failed {name} changed a result"
            for rec in recs:
                rec.maybe += 1
            return
        assert not must_fail, f"{name} accepted a stale, repeated, poisoned or foreign result"
        assert isinstance(b, dyng.EdgeBatch)
        assert g.version == before[0] + 1
        check_graph(g)
        stats = out.value if how == "many" else (out.value,)
        assert len(stats) == len(recs)
        for rec, st_ in zip(recs, stats, strict=True):
            rec.key = key_of(g)
            rec.gen += 1
            assert st_.apply.version == g.version and st_.apply.num_edges == g.num_edges
            if rec.kind == "sssp":
                assert isinstance(st_, sssp.Stats) and st_.converged
                if rec.trusted:
                    check_tree(g, rec.result)
            else:
                assert isinstance(st_, cycle_count.Stats)
                if not st_.converged:
                    assert not rec.trusted, "an update poisoned a histogram that was right"
                    rec.poisoned = True
                elif rec.trusted:
                    check_histogram(g, rec.result)
        for rec, v in values:
            if rec not in recs:
                assert rec_values(rec) == v

    @precondition(lambda self: self.graphs and self.batches and self.recs)
    @rule(data=st.data())
    def update_again(self, data: st.DataObject) -> None:
        """The same as ``update`` (updates are the calls with the most to get wrong)."""
        self.update(data)

    @precondition(lambda self: self.recs)
    @rule(data=st.data())
    def result_misc(self, data: st.DataObject) -> None:
        rec: Rec = self.pick(data, self.recs, "result")
        r = rec.result
        op = data.draw(st.sampled_from(["clone", "copy", "deepcopy", "pickle", "repr", "query"]))
        if op in ("clone", "copy", "deepcopy"):
            fn = {
                "clone": r.clone,
                "copy": lambda: copy.copy(r),
                "deepcopy": lambda: copy.deepcopy(r),
            }[op]
            out = attempt(f"{rec.kind}.Result.{op}", fn)
            if rec.poisoned:
                assert not out.ok
                return
            assert out.ok
            twin = Rec(out.value, rec.kind, rec.key, trusted=rec.trusted)
            assert rec_values(twin) == rec_values(rec)
            self.add_rec(twin)
        elif op == "pickle":
            out = attempt(f"pickle.dumps({rec.kind}.Result)", pickle.dumps, r)
            assert not out.ok and isinstance(out.error, TypeError)
        elif op == "repr":
            assert isinstance(repr(r), str)
        elif rec.kind == "sssp":
            n = r.num_vertices
            v = data.draw(
                st.one_of(st.integers(-1, n), st.sampled_from([2**63, "1", None, np.int64(0)]))
            )
            out = attempt("sssp.Result.path_to", r.path_to, v)
            if out.ok:
                path = out.value
                p = r.parents.tolist()
                vi = _as_index(v) if not isinstance(v, str) else int(v)
                assert vi is not None and 0 <= vi < n
                if path:
                    assert path[0] == r.source and path[-1] == vi
                    assert all(p[path[i + 1]] == path[i] for i in range(len(path) - 1))
                else:
                    assert p[vi] == -1 and vi != r.source
        else:
            length = data.draw(
                st.one_of(st.integers(-2, 10), st.sampled_from([2**70, True, 2.0, np.int8(3)]))
            )
            out = attempt("cycle_count.Result.count", r.count, length)
            if rec.poisoned:
                assert not out.ok
            elif out.ok:
                li = _as_index(length)
                assert li is not None and li >= 0
                counts = r.counts.tolist()
                assert out.value == (counts[li] if li < len(counts) else 0)
            counts_now = None if rec.poisoned else r.counts.tolist()
            for what in ("total", "bound", "graph_version"):
                out = attempt(f"cycle_count.Result.{what}", getattr, r, what)
                if what == "total" and counts_now is not None:
                    # imported counts can add up past 2**64 - 1: then total refuses
                    if sum(counts_now) > 2**64 - 1:
                        assert not out.ok and isinstance(out.error, dyng.CapacityError)
                    else:
                        assert out.ok and out.value == sum(counts_now)
                else:
                    assert out.ok or rec.poisoned

    # -- arrays --------------------------------------------------------------------------

    @precondition(lambda self: self.recs or self.arrays)
    @rule(data=st.data())
    def array(self, data: st.DataObject) -> None:
        if self.recs and (not self.arrays or data.draw(st.booleans())):
            rec: Rec = self.pick(data, self.recs, "result")
            if rec.poisoned:
                return
            which = ["distances", "parents"] if rec.kind == "sssp" else ["counts"]
            a = getattr(rec.result, data.draw(st.sampled_from(which)))
            view = np.asarray(a)
            ar = ArrayRec(a, rec, rec.gen, rec.maybe, view.tolist(), view.dtype)
            del view
            self.arrays.append(ar)
            if len(self.arrays) > MAX_ARRAYS:
                self.arrays.pop(0)
        else:
            ar = self.pick(data, self.arrays, "array")
        array_op(ar, data.draw(st.sampled_from(ARRAY_OPS)), data, self.views)
        if len(self.views) > 3 * MAX_ARRAYS:
            self.views.pop(0)

    @precondition(lambda self: self.graphs or self.recs or self.arrays or self.views)
    @rule(data=st.data())
    def drop(self, data: st.DataObject) -> None:
        kind = data.draw(st.sampled_from(["graph", "result", "array", "view", "batch"]))
        lists: dict[str, list[Any]] = {
            "graph": self.graphs,
            "result": self.recs,
            "array": self.arrays,
            "view": self.views,
            "batch": self.batches,
        }
        items = lists[kind]
        if not items:
            return
        i = data.draw(st.integers(0, len(items) - 1))
        if kind == "result":
            self.drop_rec(i)
        else:
            items.pop(i)
        if data.draw(st.integers(0, 9)) == 9:
            gc.collect()  # slow (about 0.1 s): now and then

    # -- resources -----------------------------------------------------------------------

    @rule(data=st.data())
    def resources(self, data: st.DataObject) -> None:
        ovc = functools.partial(one_of_values, clean=data.draw(clean_draw()))
        op = data.draw(st.sampled_from(["new", "default", "policy", "scratch", "pickle"]))
        if op == "new":
            backend = data.draw(ovc(["sequential", "openmp"], ["cuda", "OpenMP", None, 3]))
            threads = data.draw(ovc([0, 1, 2, 4], [-1, True, 2**40, 1.5, "2"]))
            ctor = data.draw(st.sampled_from(["init", "classmethod"]))
            if ctor == "init":
                out = attempt("Resources", dyng.Resources, backend, threads)
            elif backend == "sequential":
                out = attempt("Resources.sequential", dyng.Resources.sequential)
            elif backend == "cuda":
                out = attempt("Resources.cuda", dyng.Resources.cuda)
                assert not out.ok and isinstance(out.error, dyng.NotSupportedError)
            else:
                out = attempt("Resources.openmp", dyng.Resources.openmp, threads)
            if out.ok:
                r: dyng.Resources = out.value
                assert r.backend in ("sequential", "openmp") and r.num_threads >= 1
                assert not r.interrupted and r.copy_policy == "on_write"
                self.handles.append(r)
                if len(self.handles) > 3:
                    self.handles.pop(0)
        elif op == "default":
            value = resolve(data.draw(resources_strategy()))
            out = attempt("set_default_resources", dyng.set_default_resources, value)
            if out.ok:
                if value is not None:
                    assert dyng.get_default_resources() == value
            else:
                assert isinstance(out.error, TypeError)
        elif op == "policy":
            r = self.pick(data, resources_pool() + self.handles, "resources")
            value = data.draw(ovc(["on_write", "always"], ["never", None]))
            out = attempt("Resources.copy_policy", setattr, r, "copy_policy", value)
            assert out.ok == (value in ("on_write", "always"))
            if out.ok:
                assert r.copy_policy == value
        elif op == "scratch":
            r = self.pick(data, resources_pool() + self.handles, "resources")
            attempt("Resources.release_scratch", r.release_scratch)
            assert r.scratch_bytes >= 0
        else:
            r = self.pick(data, resources_pool() + self.handles, "resources")
            s = pickle.loads(pickle.dumps(r))
            assert (s.backend, s.num_threads, s.copy_policy) == (
                r.backend,
                r.num_threads,
                r.copy_policy,
            )
            assert copy.copy(r) == r and hash(copy.deepcopy(r)) == hash(r)

    # -- files ---------------------------------------------------------------------------

    @precondition(lambda self: self.graphs)
    @rule(data=st.data())
    def files(self, data: st.DataObject) -> None:
        g = self.pick(data, self.graphs, "graph")
        b = self.pick(data, self.batches, "batch") if self.batches else None
        if data.draw(st.booleans()):
            round_trip(self.tmp, data, g, b)
        else:
            fuzz_files(self.tmp, data, g, b)
        rec = self.pick(data, self.recs, "result") if self.recs else None
        if rec is not None and data.draw(st.booleans()):
            if rec.kind == "sssp":
                f = self.tmp / "tree.txt"
                dio.write_distances(f, rec.result.distances)
                assert dio.read_distances(f).tolist() == rec.result.distances.tolist()
                dio.write_tree(f, rec.result.parents)
                assert dio.read_tree(f).tolist() == rec.result.parents.tolist()
                CALLS["io round trip: distances and tree"] += 1
            elif not rec.poisoned:
                f = self.tmp / "hist.csv"
                out = attempt("io.write_histogram", dio.write_histogram, f, rec.result)
                counts = rec.result.to_dict()
                if not out.ok:
                    # Documented: a total past uint64 (counts imported from arrays
                    # can hold any uint64 each) has no histogram file.
                    assert isinstance(out.error, dyng.CapacityError)
                    assert sum(counts.values()) > 2**64 - 1
                else:
                    got = {k: c for k, c in dio.read_histogram(f).items() if c}
                    assert got == counts
                    CALLS["io round trip: histogram"] += 1

    # -- invariants ----------------------------------------------------------------------

    @invariant()
    def views_keep_their_values(self) -> None:
        for view, values in self.views:
            assert view.tolist() == values, "a view exported from a result changed"

    @invariant()
    def arrays_of_dropped_results(self) -> None:
        for ar in self.arrays:
            if ar.result_dropped and ar.rec.gen == ar.gen and ar.rec.maybe == ar.maybe:
                out = attempt("Array.tolist", ar.array.tolist)
                assert out.ok and out.value == ar.values


ApiMachine.TestCase.settings = FUZZ_SETTINGS
TestApiMachine = ApiMachine.TestCase


# ---- single calls ------------------------------------------------------------------------


@GIVEN_SETTINGS
@given(call=st.one_of(from_edges_calls(), from_csr_calls()))
def test_builders_take_any_input(call: BuildCall) -> None:
    g = build_graph(call)
    if g is not None and small(g) and g.num_vertices:
        r = sssp.compute(g, 0) if objective_weights_ok(g, 0) else None
        if r is not None:
            check_tree(g, r)


@GIVEN_SETTINGS
@given(call=batch_calls(hi=40), build=from_edges_calls())
def test_batches_take_any_input(call: BatchCall, build: BuildCall) -> None:
    b = make_batch(call)
    g = build_graph(build)
    if b is None or g is None or not growth_is_safe(g, b):
        return
    before = graph_snapshot(g)
    out = attempt("Graph.apply", g.apply, b)
    if out.ok:
        check_graph(g)
        assert g.version == 1
    else:
        assert graph_snapshot(g) == before


@GIVEN_SETTINGS
@given(data=st.data(), name=st.sampled_from(READERS), content=st.binary(max_size=300))
def test_readers_take_any_bytes(data: st.DataObject, name: str, content: bytes) -> None:
    with tempfile.TemporaryDirectory(prefix="dyng-api-fuzz-") as d:
        feed_reader(name, Path(d) / "random.bin", content, data)


@GIVEN_SETTINGS
@given(data=st.data(), build=from_edges_calls(), batch=batch_calls())
def test_readers_take_mutated_files(
    data: st.DataObject, build: BuildCall, batch: BatchCall
) -> None:
    g = build_graph(build) or dyng.Graph.from_edges([0, 1], [1, 0], [[2], [3]])
    b = make_batch(batch)
    with tempfile.TemporaryDirectory(prefix="dyng-api-fuzz-") as d:
        fuzz_files(Path(d), data, g, b)
        round_trip(Path(d), data, g, b)


@GIVEN_SETTINGS
@given(call=generator_calls())
def test_generators_take_any_parameters(call: tuple[str, tuple[Any, ...], dict[str, Any]]) -> None:
    run_generator(call)


# ---- the module's address-space limit and report -------------------------------------------


def _vm_size() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


@pytest.fixture(scope="module", autouse=True)
def _limits_and_report() -> Iterator[None]:
    """Limit the address space on the plain build; report the calls made at the end."""
    limited = False
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if not SANITIZED and os.path.exists("/proc/self/status"):
        limit = _vm_size() + 3 * 2**30
        if soft == resource.RLIM_INFINITY or soft > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
            limited = True
    try:
        yield
    finally:
        if limited:
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        report = {
            "calls": sum(v for k, v in CALLS.items() if not k.startswith("oracle")),
            "by_call": dict(sorted(CALLS.items())),
            "raised": dict(sorted(RAISED.items())),
            "skipped": dict(sorted(SKIPPED.items())),
        }
        if REPORT:
            Path(REPORT).write_text(json.dumps(report, indent=1))
        print(
            f"\napi fuzz: {report['calls']} calls, {sum(RAISED.values())} refused "
            f"with documented exceptions, {sum(SKIPPED.values())} skipped"
        )
