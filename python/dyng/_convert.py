"""Input arrays: dtype dispatch and checked conversions (DESIGN 3).

- Ids: int32 input selects int32 and int64 input int64; narrower integers widen
  to int32 and uint32 to int64; uint64 is accepted when every value fits int64;
  inputs without a dtype (lists, tuples, ranges) take the smallest width that
  holds their values. Bools and floats are rejected.
- A conversion to a narrower type (int64 ids for an int32 graph) checks every
  value and raises :class:`InvalidArgumentError` naming the first one that does
  not fit, instead of wrapping.
- Weights are int32: wider integers are range-checked; floats and bools are
  rejected.

Arrays that already have the wanted dtype and layout are passed through
without a copy and without looking at their values (the native side checks
negative and too large ids).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from dyng.errors import InvalidArgumentError

__all__ = [
    "INT32_MAX",
    "INT32_MIN",
    "INT64_MAX",
    "IdArray",
    "WeightArray",
    "check_non_negative",
    "id_dtype_of",
    "natural_ids",
    "to_ids",
    "weights_array",
    "wider",
]

INT32_MIN = -(2**31)
INT32_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1

IdArray: TypeAlias = npt.NDArray[np.signedinteger[Any]]
WeightArray: TypeAlias = npt.NDArray[np.int32]

_NP: dict[str, np.dtype[Any]] = {"int32": np.dtype(np.int32), "int64": np.dtype(np.int64)}


def id_dtype_of(name: str) -> np.dtype[Any]:
    """Return the NumPy dtype of ``"int32"`` or ``"int64"``."""
    return _NP[name]


# A list of at most this many values is read in Python when every value is an
# int: NumPy's conversion, kind check and reductions cost more than the
# values for a batch of a few edges.
_SHORT = 64


def _short_ints(x: object) -> tuple[int, int, int] | None:
    """``(min, max, length)`` of a list or tuple of 1 to ``_SHORT`` ints, else None.

    Exact ints only: bools, NumPy scalars, floats and subclasses of list go
    the general way."""
    if type(x) is not list and type(x) is not tuple:
        return None
    if not 0 < len(x) <= _SHORT or any(type(v) is not int for v in x):
        return None
    return min(x), max(x), len(x)


def _as_array(x: object, what: str) -> tuple[npt.NDArray[Any], bool]:
    """Return ``(array, declared)``: declared is False for inputs without a dtype."""
    if isinstance(x, np.ndarray):
        return x, True
    if isinstance(x, list | tuple | range):
        if len(x) == 0:
            return np.zeros(0, dtype=np.int32), False
        try:
            a = np.asarray(x)
        except (ValueError, TypeError, OverflowError) as e:
            raise InvalidArgumentError(f"{what}: cannot read as integers ({e})") from None
        if a.dtype.kind in "iu" and _holds_bools(x):
            # NumPy reads [0, True] as the integers [0, 1]
            raise InvalidArgumentError(f"{what}: expected integers, got bools")
        if a.dtype.kind == "f" and all(_is_integer(v) for v in x):
            # and [0, 2**63] as floats: keep the ints, to name the one past int64
            a = np.asarray(x, dtype=object)
        return a, False
    if isinstance(x, Iterator):
        # NumPy would make a 0-d object array of it, and its values are lost
        raise InvalidArgumentError(
            f"{what}: got a {type(x).__name__}; generators and iterators are not accepted, "
            "pass a list or an array (list(...) of it)"
        )
    try:
        a = np.asarray(x)
    except (ValueError, TypeError, OverflowError) as e:
        raise InvalidArgumentError(f"{what}: cannot read as an array ({e})") from None
    if a.dtype.kind in "fO":  # only where a missing value can hide: integers have none
        _refuse_missing(x, what)
    return a, True


def _refuse_missing(x: object, what: str) -> None:
    """Refuse a pandas column (or other object with ``isna()``) that holds missing
    values: NumPy reads a nullable ``Int64`` column with ``NA`` as floats, whose
    refusal would not say what is wrong. pandas is not imported."""
    isna = getattr(x, "isna", None)
    if not callable(isna) or not hasattr(x, "dtype"):
        return
    try:
        missing = np.asarray(isna(), dtype=bool).ravel()
    except (TypeError, ValueError):
        return
    if missing.any():
        i = int(np.flatnonzero(missing)[0])
        raise InvalidArgumentError(
            f"{what}: {int(missing.sum())} missing value(s) (NA), the first at position {i}; "
            "ids and weights cannot be missing: drop or fill them first (dropna, fillna)"
        )


def _holds_bools(x: list[Any] | tuple[Any, ...] | range) -> bool:
    """Whether a list (or a list of rows) holds a bool among its integers."""
    if isinstance(x, range):
        return False
    kinds = set(map(type, x))
    if kinds & {list, tuple}:
        for row in x:
            if isinstance(row, list | tuple):
                kinds |= set(map(type, row))
    return bool(kinds & {bool, np.bool_})


def _integers(a: npt.NDArray[Any], what: str) -> npt.NDArray[Any]:
    """``a`` when it holds integers; an object array of integers as int64; else raise.

    An object array of integers is what NumPy makes of a list with an int past
    int64, and what pandas holds in a column of mixed origin; its values are
    read one by one, and the first outside int64 is named.
    """
    kind = a.dtype.kind
    if kind == "b":
        raise InvalidArgumentError(f"{what}: expected integers, got bools")
    if kind == "O" and a.size and all(_is_integer(v) for v in a.flat):
        for v in a.flat:
            if not -(2**63) <= int(v) <= INT64_MAX:
                raise InvalidArgumentError(f"{what}: the value {int(v)} does not fit int64")
        return a.astype(np.int64)
    if kind not in "iu":
        raise InvalidArgumentError(
            f"{what}: expected integers, got {a.dtype} values (floats and bools are rejected)"
        )
    return a


def _is_integer(v: object) -> bool:
    """An int or a NumPy integer, not a bool."""
    return isinstance(v, int | np.integer) and not isinstance(v, bool)


def _first_outside(a: npt.NDArray[Any], lo: int, hi: int) -> int:
    bad = a[(a < lo) | (a > hi)] if a.dtype.kind == "i" else a[a > hi]
    return int(bad[0])


def _smallest(a: npt.NDArray[Any], what: str) -> IdArray:
    """The smallest of int32 / int64 that holds every value of ``a``."""
    if a.size == 0:
        return np.zeros(a.shape, dtype=np.int32)
    lo, hi = int(a.min()), int(a.max())
    if lo >= INT32_MIN and hi <= INT32_MAX:
        return np.ascontiguousarray(a, dtype=np.int32)
    if hi > INT64_MAX:
        raise InvalidArgumentError(
            f"{what}: the value {_first_outside(a, -(2**63), INT64_MAX)} does not fit int64"
        )
    return np.ascontiguousarray(a, dtype=np.int64)


def natural_ids(x: object, what: str, *, ndim: int = 1) -> IdArray:
    """Read ids (or offsets) with the dtype that dispatch selects for them.

    Parameters
    ----------
    x : array_like
        A NumPy array (or anything ``numpy.asarray`` reads), or a list.
    what : str
        The argument's name, for messages.
    ndim : int, optional
        The number of dimensions required (default 1).

    Returns
    -------
    numpy.ndarray
        A C-contiguous int32 or int64 array: ``x`` itself when it already is
        one.

    Raises
    ------
    InvalidArgumentError
        For bools, floats, other objects, a wrong shape, or uint64 values past
        int64.
    """
    if ndim == 1 and (short := _short_ints(x)) is not None:
        lo, hi, _ = short
        if lo >= INT32_MIN and hi <= INT32_MAX:
            return np.array(x, dtype=np.int32)
        if lo >= -(2**63) and hi <= INT64_MAX:
            return np.array(x, dtype=np.int64)
    a, declared = _as_array(x, what)
    if a.ndim != ndim:
        raise InvalidArgumentError(
            f"{what}: expected a {ndim}-dimensional array, got shape {a.shape}"
        )
    dt = a.dtype
    if declared and (dt == np.int32 or dt == np.int64):
        return np.ascontiguousarray(a)
    if dt.kind == "O":  # integers without a declared width: the smallest that holds them
        return _smallest(_integers(a, what), what)
    _integers(a, what)
    if not declared:
        return _smallest(a, what)
    if dt.kind in "iu" and dt.itemsize < 4:
        return np.ascontiguousarray(a, dtype=np.int32)
    if dt.kind == "i" and dt.itemsize == 4:  # non-native byte order
        return np.ascontiguousarray(a, dtype=np.int32)
    if (dt.kind == "i" and dt.itemsize == 8) or (dt.kind == "u" and dt.itemsize == 4):
        return np.ascontiguousarray(a, dtype=np.int64)
    # uint64 (or wider): accepted when every value fits int64.
    if a.size and int(a.max()) > INT64_MAX:
        raise InvalidArgumentError(
            f"{what}: the value {_first_outside(a, 0, INT64_MAX)} does not fit int64"
        )
    return np.ascontiguousarray(a, dtype=np.int64)


def check_non_negative(a: IdArray, what: str) -> None:
    """Raise :class:`InvalidArgumentError` naming the first negative id of ``a``.

    Parameters
    ----------
    a : numpy.ndarray
        An int32 or int64 array (from :func:`natural_ids`).
    what : str
        The argument's name, for messages.
    """
    if a.size and a.min() < 0:
        raise InvalidArgumentError(
            f"{what}: the id {int(a[a < 0][0])} is negative; ids are 0 or more"
        )


def wider(*names: str) -> str:
    """Return ``"int64"`` when any name is ``"int64"``, else ``"int32"``."""
    return "int64" if "int64" in names else "int32"


def to_ids(a: IdArray, target: str, what: str, *, noun: str = "id") -> IdArray:
    """Convert ids to ``target`` (``"int32"`` / ``"int64"``), checking the range.

    Parameters
    ----------
    a : numpy.ndarray
        A C-contiguous int32 or int64 array (from :func:`natural_ids`).
    target : str
        ``"int32"`` or ``"int64"``.
    what : str
        The argument's name, for messages.
    noun : str, optional
        What a value is (``"id"``, ``"offset"``), for messages.

    Returns
    -------
    numpy.ndarray
        ``a`` itself when it has the type already, else a converted copy.

    Raises
    ------
    InvalidArgumentError
        Naming the first value that does not fit ``target``.
    """
    want = _NP[target]
    if a.dtype == want:
        return a
    if target == "int32" and a.size:
        lo, hi = int(a.min()), int(a.max())
        if lo < INT32_MIN or hi > INT32_MAX:
            value = _first_outside(a, INT32_MIN, INT32_MAX)
            raise InvalidArgumentError(f"{what}: the {noun} {value} does not fit int32")
    return a.astype(want)


def weights_array(w: object, m: int, what: str = "weights") -> WeightArray | None:
    """Read weights as a C-contiguous ``(m, K)`` int32 array.

    Parameters
    ----------
    w : array_like or None
        None, a 1-D array of ``m`` values (one weight per edge) or an
        ``(m, K)`` array.
    m : int
        The number of edges (rows).
    what : str, optional
        The argument's name, for messages.

    Returns
    -------
    numpy.ndarray or None
        None for None or ``K == 0``; otherwise a ``(m, K)`` int32 array (a view
        of ``w`` when it already is C-contiguous int32).

    Raises
    ------
    InvalidArgumentError
        For floats, bools, values outside int32, a wrong shape, or more than
        64 weights per edge.
    """
    if w is None:
        return None
    short = _short_ints(w)  # a short list: one weight per edge
    if short is not None and short[2] == m and short[0] >= INT32_MIN and short[1] <= INT32_MAX:
        return np.array(w, dtype=np.int32).reshape(-1, 1)
    a, declared = _as_array(w, what)
    if a.ndim == 1:
        a = a.reshape(-1, 1)
    elif a.ndim != 2:
        raise InvalidArgumentError(f"{what}: expected shape ({m},) or ({m}, K), got {a.shape}")
    if a.shape[0] != m:
        raise InvalidArgumentError(f"{what}: expected {m} rows (one per edge), got {a.shape[0]}")
    if a.shape[1] == 0:
        return None
    if a.shape[1] > 64:
        raise InvalidArgumentError(f"{what}: {a.shape[1]} weights per edge; at most 64")
    if a.dtype == np.int32:
        return np.ascontiguousarray(a)
    if not declared and a.size == 0:
        return np.zeros(a.shape, dtype=np.int32)
    a = _integers(a, what)
    wide = a.dtype.itemsize > 4 or (a.dtype.kind == "u" and a.dtype.itemsize == 4)
    if wide and a.size:
        lo, hi = int(a.min()), int(a.max())
        if lo < INT32_MIN or hi > INT32_MAX:
            value = _first_outside(a, INT32_MIN, INT32_MAX)
            raise InvalidArgumentError(f"{what}: the weight {value} does not fit int32")
    return np.ascontiguousarray(a, dtype=np.int32)
