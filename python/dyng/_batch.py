"""Batches of edge insertions and deletions: :class:`EdgeBatch`."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from dyng._backend import native
from dyng._convert import (
    INT32_MAX,
    IdArray,
    WeightArray,
    check_non_negative,
    natural_ids,
    to_ids,
    weights_array,
)
from dyng.errors import InvalidArgumentError

if TYPE_CHECKING:
    from dyng import _core

__all__ = ["EdgeBatch"]


def _frozen(a: npt.NDArray[Any], source: object) -> npt.NDArray[Any]:
    """Return ``a`` read-only, copied first when it may share memory with ``source``.

    A list, tuple or range is always converted into a new array. Anything else
    may hand out memory it keeps: an ndarray or a view of it, but also an
    array that owns its memory, as a pandas Series' ``np.asarray`` or an
    ``__array__`` that returns an array it holds. So ``a`` is compared with
    what ``source`` gives NumPy, and the caller's memory is never frozen."""
    if a is source or (
        not isinstance(source, list | tuple | range) and np.may_share_memory(a, source)
    ):
        a = a.copy()
    a.flags.writeable = False
    return a


def _ids(x: object, what: str) -> IdArray:
    """The ids of one column: integers (:func:`natural_ids`), none negative."""
    a = natural_ids(x, what)
    check_non_negative(a, what)
    return a


def _read_only_empty(dtype: type[np.signedinteger[Any]]) -> IdArray:
    a: IdArray = np.zeros(0, dtype=dtype)
    a.flags.writeable = False
    return a


# The id arrays of an absent side: shared by every batch (empty and read-only).
_EMPTY: dict[str, IdArray] = {
    "int32": _read_only_empty(np.int32),
    "int64": _read_only_empty(np.int64),
}


def _pair(value: object, what: str, *, weights_allowed: bool) -> tuple[object, object, object]:
    """Split the columns ``(src, dst)`` or ``(src, dst, weights)`` of a batch.

    Only a tuple holds columns. A list is refused rather than read as
    columns: ``[(0, 1), (2, 3)]`` would otherwise be the edges ``(0, 2)`` and
    ``(1, 3)``, where a reader of NetworkX or igraph code sees ``(0, 1)`` and
    ``(2, 3)`` (that form is :meth:`EdgeBatch.from_tuples`).
    """
    shape = "(src, dst) or (src, dst, weights)" if weights_allowed else "(src, dst)"
    if isinstance(value, list):
        raise InvalidArgumentError(
            f"{what} must be a tuple of columns {shape}, got a list; "
            f"for a list of (u, v{', w' if weights_allowed else ''}) edges, "
            f"use EdgeBatch.from_tuples({what}=...)"
        )
    if not isinstance(value, tuple):
        raise InvalidArgumentError(f"{what} must be a tuple {shape}, got {type(value).__name__}")
    if len(value) == 2:
        return value[0], value[1], None
    if len(value) == 3 and weights_allowed:
        return value[0], value[1], value[2]
    raise InvalidArgumentError(f"{what} must be {shape}, got a tuple of {len(value)}")


def _edge_shape(edge: object, i: int, what: str, *, weights_allowed: bool) -> tuple[int, int]:
    """Check one edge of :meth:`EdgeBatch.from_tuples`; return (items, weights).

    ``weights`` is 0 without a weight, 1 for one integer and ``K + 2`` for
    a sequence of ``K`` integers, so that the edges of one list can be
    compared.
    """
    if not isinstance(edge, tuple | list) or len(edge) not in ((2, 3) if weights_allowed else (2,)):
        items = "(u, v) or (u, v, w)" if weights_allowed else "(u, v)"
        got = type(edge).__name__
        if isinstance(edge, tuple | list):
            got = f"a {got} of {len(edge)}"
        raise InvalidArgumentError(f"{what}[{i}] must be {items}, got {got}")
    n = len(edge)
    if n == 2:
        return n, 0
    w = edge[2]
    if w is None or isinstance(w, dict):
        raise InvalidArgumentError(
            f"{what}[{i}] has {w!r} where its weight goes; weights are integers "
            "(NetworkX's G.edges(data='weight') gives (u, v, w))"
        )
    return n, len(w) + 2 if isinstance(w, tuple | list | np.ndarray) else 1


def _told(weights: int) -> str:
    """How an edge gives its weights, from the code of :func:`_edge_shape`."""
    if weights < 2:
        return ("no weight", "an integer weight")[weights]
    k = weights - 2
    return f"a sequence of {k} weight{'' if k == 1 else 's'}"


def _columns(rows: object, what: str, *, weights_allowed: bool) -> tuple[Any, ...]:
    """Turn the edges of :meth:`EdgeBatch.from_tuples` into the columns of a batch."""
    if isinstance(rows, np.ndarray):
        if rows.ndim != 2 or rows.shape[1] < 2 or (rows.shape[1] > 2 and not weights_allowed):
            widths = "(m, 2) or (m, 2 + K)" if weights_allowed else "(m, 2)"
            raise InvalidArgumentError(
                f"{what}: an array of edges must have the shape {widths}, got {rows.shape}"
            )
        if rows.shape[1] == 2:
            return rows[:, 0], rows[:, 1]
        return rows[:, 0], rows[:, 1], rows[:, 2:]
    if isinstance(rows, str | bytes | dict) or not isinstance(rows, Iterable):
        raise InvalidArgumentError(f"{what} must be a list of edges, got {type(rows).__name__}")
    edges = list(rows)
    if not edges:
        return [], []
    fast = _integer_columns(edges, weights_allowed=weights_allowed)
    if fast is not None:
        return fast
    first = _edge_shape(edges[0], 0, what, weights_allowed=weights_allowed)
    for i in range(1, len(edges)):
        shape = _edge_shape(edges[i], i, what, weights_allowed=weights_allowed)
        if shape != first:
            raise InvalidArgumentError(
                f"{what}[0] has {_told(first[1])} but {what}[{i}] has {_told(shape[1])}; "
                "the insertions of a list give their weights alike: none, an integer each, "
                "or a sequence of K each"
            )
    columns = [list(column) for column in zip(*edges, strict=True)]
    if len(columns) == 3:
        columns[2] = [_whole(w) for w in columns[2]]
    return tuple(columns)


def _integer_columns(edges: list[Any], *, weights_allowed: bool) -> tuple[Any, ...] | None:
    """The columns of a list of well-formed integer edges in one NumPy pass (the
    check edge by edge takes 1 to 2 us an edge), or None for any other list,
    which the check edge by edge then reads and explains. Ids that all fit int32
    come as int32, as the lists of the edge-by-edge path would."""
    try:
        a = np.asarray(edges)
    except (ValueError, TypeError, OverflowError):
        return None
    widths = (2, 3) if weights_allowed else (2,)
    if a.ndim != 2 or a.shape[1] not in widths or a.dtype.kind not in "iu":
        return None
    if not all(isinstance(e, tuple | list) for e in edges) or any(
        isinstance(v, bool | np.bool_) for e in edges for v in e
    ):
        return None  # NumPy reads True as 1; the edge-by-edge path refuses it
    ids = a[:, :2]
    if ids.min() >= 0 and ids.max() <= INT32_MAX:
        ids = ids.astype(np.int32)
    return (ids[:, 0], ids[:, 1]) if a.shape[1] == 2 else (ids[:, 0], ids[:, 1], a[:, 2])


def _whole(weight: Any) -> Any:
    """A float weight with an integral value as that int (NetworkX reads weights
    as floats: ``read_weighted_edgelist`` gives 5.0), in a sequence of K too;
    anything else as it is, for EdgeBatch to check."""
    if isinstance(weight, float | np.floating) and float(weight).is_integer():
        return int(weight)
    if isinstance(weight, list | tuple):
        return [_whole(w) for w in weight]
    return weight


class EdgeBatch:
    """A batch of edge insertions and deletions: a plain value.

    Parameters
    ----------
    insert : tuple, optional
        The columns ``(src, dst)`` or ``(src, dst, weights)``: arrays or lists
        of equal length ``m``; ``weights`` is a 1-D array (one weight per
        insertion) or an ``(m, K)`` array of integers within int32. A tuple,
        not a list: a list of edges ``[(u, v, w), ...]`` goes to
        :meth:`from_tuples`.
    delete : tuple, optional
        The columns ``(src, dst)``: arrays or lists of equal length.
    id : int, optional
        The batch id (the ``%batch <id>`` of a ``.dgt`` file), 0 by default.

    Raises
    ------
    InvalidArgumentError
        For bool or float ids or weights, weights outside int32, arrays of
        different lengths or a bad shape, or a negative id.

    Notes
    -----
    Ids follow the dtype dispatch of the graphs (int32 stays int32, int64
    stays int64, narrower integers widen to int32, uint32 and uint64 become
    int64, lists take the smallest width that holds them); the arrays of one
    batch share one dtype. When the batch is applied its ids are converted to
    the graph's id type with a range check, never wrapping: an inserted id past
    the type raises :class:`dyng.errors.CapacityError`, a deleted one names an
    absent edge. A batch without insertions fits a graph with any number of
    weights; otherwise its weight count must match.

    The arrays are read-only copies, so a batch is a value: ``==`` compares
    contents (and ids), and a batch copies and pickles.

    Examples
    --------
    >>> import numpy as np
    >>> b = EdgeBatch(insert=(np.array([0, 5]), np.array([7, 9]), np.array([3, 1])),
    ...               delete=(np.array([1]), np.array([2])))
    >>> len(b), b.num_weights
    (3, 1)
    """

    __slots__ = (
        "_cache",
        "_delete_dst",
        "_delete_src",
        "_dtype",
        "_id",
        "_insert_dst",
        "_insert_src",
        "_insert_weights",
        "_k",
        "_num_del",
        "_num_ins",
    )

    _insert_src: IdArray
    _insert_dst: IdArray
    _insert_weights: WeightArray | None
    _delete_src: IdArray
    _delete_dst: IdArray
    _id: int
    _cache: dict[int, _core.EdgeBatch]
    # Facts of the arrays, kept as plain values: an update reads them for
    # every batch, and on cold caches each NumPy call costs microseconds.
    _dtype: str  # the ids' type, "int32" or "int64" (one for the whole batch)
    _k: int
    _num_ins: int
    _num_del: int

    def __init__(
        self,
        insert: tuple[Any, ...] | None = None,
        delete: tuple[Any, ...] | None = None,
        *,
        id: int = 0,
    ) -> None:
        ids: list[tuple[IdArray, object]] = []  # (natural ids, what they came from)
        weights: WeightArray | None = None
        if insert is not None:
            s, d, w = _pair(insert, "insert", weights_allowed=True)
            ids.append((_ids(s, "insert src"), s))
            ids.append((_ids(d, "insert dst"), d))
            m = len(ids[0][0])
            if m != len(ids[1][0]):
                raise InvalidArgumentError(f"insert: src has {m} ids but dst has {len(ids[1][0])}")
            weights = weights_array(w, m, "insert weights")
            if weights is not None:
                weights = _frozen(weights, w)
        if delete is not None:
            s, d, _ = _pair(delete, "delete", weights_allowed=False)
            ids.append((_ids(s, "delete src"), s))
            ids.append((_ids(d, "delete dst"), d))
            if len(ids[-2][0]) != len(ids[-1][0]):
                raise InvalidArgumentError(
                    f"delete: src has {len(ids[-2][0])} ids but dst has {len(ids[-1][0])}"
                )
        # One id type for the batch: the widest that natural_ids selected
        # (int32 or int64; the item size, since str(dtype) costs microseconds).
        dtype = "int64" if any(a.dtype.itemsize == 8 for a, _ in ids) else "int32"
        arrays = [_frozen(to_ids(a, dtype, "ids"), source) for a, source in ids]
        empty = _EMPTY[dtype]
        isrc, idst = (arrays[0], arrays[1]) if insert is not None else (empty, empty)
        dsrc, ddst = (arrays[-2], arrays[-1]) if delete is not None else (empty, empty)
        self._init(isrc, idst, weights, dsrc, ddst, _check_id(id))

    @classmethod
    def from_tuples(
        cls,
        insert: Iterable[Sequence[Any]] | npt.NDArray[np.integer[Any]] | None = None,
        delete: Iterable[Sequence[Any]] | npt.NDArray[np.integer[Any]] | None = None,
        *,
        id: int = 0,
    ) -> EdgeBatch:
        """Make a batch from lists of edges, as NetworkX and igraph write them.

        Parameters
        ----------
        insert : iterable of tuples, or 2-D array, optional
            The insertions ``(u, v)`` or ``(u, v, w)``, all of one length;
            ``w`` is an integer or a sequence of ``K`` integers (a float with
            an integral value, as NetworkX reads weights, counts as that
            integer; any other float is refused). A 2-D integer
            array of shape ``(m, 2)`` or ``(m, 2 + K)`` holds one edge per row.
        delete : iterable of tuples, or 2-D array, optional
            The deletions ``(u, v)``, or an ``(m, 2)`` array.
        id : int, optional
            The batch id, 0 by default.

        Returns
        -------
        EdgeBatch
            The batch that ``EdgeBatch(insert=(src, dst, weights),
            delete=(src, dst), id=id)`` makes of the same edges in columns,
            with the same id types and checks.

        Raises
        ------
        InvalidArgumentError
            For an edge that is not a tuple or list of 2 (or 3, inserted)
            items, insertions with and without weights in one list, an array
            of another shape, and whatever :class:`EdgeBatch` refuses.

        Notes
        -----
        A list of integer edges is read in one NumPy pass, with a Python loop
        only to look for bools (a million tuples in under a second); other
        lists (float weights, sequences of weights, mistakes to explain) are
        checked edge by edge, about 1 to 2 us an edge. A 2-D array, or the
        columns given to :class:`EdgeBatch`, take no loop in Python.

        Examples
        --------
        >>> b = EdgeBatch.from_tuples(insert=[(0, 1, 5), (2, 3, 7)], delete=[(1, 2)])
        >>> b == EdgeBatch(insert=([0, 2], [1, 3], [5, 7]), delete=([1], [2]))
        True
        """
        ins = None if insert is None else _columns(insert, "insert", weights_allowed=True)
        dels = None if delete is None else _columns(delete, "delete", weights_allowed=False)
        return cls(insert=ins, delete=dels, id=id)

    def _init(
        self,
        insert_src: IdArray,
        insert_dst: IdArray,
        insert_weights: WeightArray | None,
        delete_src: IdArray,
        delete_dst: IdArray,
        batch_id: int,
    ) -> None:
        self._insert_src = insert_src
        self._insert_dst = insert_dst
        self._insert_weights = insert_weights
        self._delete_src = delete_src
        self._delete_dst = delete_dst
        self._id = batch_id
        self._cache = {}
        self._dtype = "int64" if insert_src.dtype == np.int64 else "int32"
        self._k = 0 if insert_weights is None else int(insert_weights.shape[1])
        self._num_ins = len(insert_src)
        self._num_del = len(delete_src)

    @classmethod
    def _from_arrays(
        cls,
        insert_src: IdArray,
        insert_dst: IdArray,
        insert_weights: WeightArray | None,
        delete_src: IdArray,
        delete_dst: IdArray,
        batch_id: int,
    ) -> EdgeBatch:
        """Wrap arrays this module owns (no checks, no copies; made read-only)."""
        for a in (insert_src, insert_dst, insert_weights, delete_src, delete_dst):
            if a is not None:
                a.flags.writeable = False
        batch = cls.__new__(cls)
        batch._init(insert_src, insert_dst, insert_weights, delete_src, delete_dst, batch_id)
        return batch

    @classmethod
    def _from_native(cls, nb: _core.EdgeBatch) -> EdgeBatch:
        """Build from a native batch that nobody else holds (it is kept as the cache)."""
        dtype: np.dtype[Any] = np.dtype("<i8" if nb.vertex_dtype == "int64" else "<i4")
        k = nb.num_weights
        s, d, w = nb.insertions()
        ds, dd = nb.deletions()
        weights: WeightArray | None = None
        if k > 0:
            weights = np.frombuffer(w if w is not None else b"", dtype="<i4").reshape(-1, k)
        batch = cls._from_arrays(
            np.frombuffer(s, dtype=dtype),
            np.frombuffer(d, dtype=dtype),
            weights,
            np.frombuffer(ds, dtype=dtype),
            np.frombuffer(dd, dtype=dtype),
            nb.id,
        )
        # The native batch is ours alone (a reader makes a new one per batch).
        batch._cache[k] = nb
        return batch

    # -- contents ---------------------------------------------------------

    @property
    def insert_src(self) -> IdArray:
        """numpy.ndarray: the sources of the insertions (read-only)."""
        return self._insert_src

    @property
    def insert_dst(self) -> IdArray:
        """numpy.ndarray: the targets of the insertions (read-only)."""
        return self._insert_dst

    @property
    def insert_weights(self) -> WeightArray | None:
        """numpy.ndarray or None: the ``(m, K)`` int32 weights of the insertions (read-only)."""
        return self._insert_weights

    @property
    def delete_src(self) -> IdArray:
        """numpy.ndarray: the sources of the deletions (read-only)."""
        return self._delete_src

    @property
    def delete_dst(self) -> IdArray:
        """numpy.ndarray: the targets of the deletions (read-only)."""
        return self._delete_dst

    @property
    def num_insertions(self) -> int:
        """int: the number of insertions."""
        return self._num_ins

    @property
    def num_deletions(self) -> int:
        """int: the number of deletions."""
        return self._num_del

    @property
    def num_weights(self) -> int:
        """int: weights per insertion (0 without weights)."""
        return self._k

    @property
    def id(self) -> int:
        """int: the batch id (``%batch <id>`` in a ``.dgt`` file)."""
        return self._id

    def __len__(self) -> int:
        """Return insertions + deletions."""
        return self._num_ins + self._num_del

    # -- native -----------------------------------------------------------

    def _native(self, num_weights: int) -> _core.EdgeBatch:
        """Return the native batch for a graph with ``num_weights`` weights (cached).

        The native batch keeps this batch's id type: applying it converts the
        ids to the graph's type with a range check (an insertion past the type
        is a CapacityError, a deletion past it names an absent edge), so ids
        never wrap.

        Parameters
        ----------
        num_weights : int
            The graph's weights per edge (a batch without insertions fits any).

        Raises
        ------
        InvalidArgumentError
            When the batch has insertions with another number of weights.
        """
        nb = self._cache.get(num_weights)
        if nb is not None:
            return nb
        if self._num_ins and self._k != num_weights:
            raise InvalidArgumentError(
                f"the batch has {self._k} weights per insertion but the graph has {num_weights}"
            )
        # One native call makes and fills it: a small batch on cold caches
        # spends most of its conversion in calls and attribute lookups.
        nb = native.EdgeBatch.from_arrays(
            self._dtype,
            num_weights,
            self._id,
            self._insert_src,
            self._insert_dst,
            self._insert_weights,
            self._delete_src,
            self._delete_dst,
        )
        self._cache[num_weights] = nb
        return nb

    # -- value semantics --------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Compare contents: ids, insertions (with weights) and deletions."""
        if not isinstance(other, EdgeBatch):
            return NotImplemented
        if self is other:
            return True
        if (
            self._id != other._id
            or self.num_insertions != other.num_insertions
            or self.num_deletions != other.num_deletions
        ):
            return False
        # The weight count matters only where there are insertions to carry it.
        if self.num_insertions and self.num_weights != other.num_weights:
            return False
        pairs = [
            (self._insert_src, other._insert_src),
            (self._insert_dst, other._insert_dst),
            (self._delete_src, other._delete_src),
            (self._delete_dst, other._delete_dst),
        ]
        if self.num_insertions and self._insert_weights is not None:
            assert other._insert_weights is not None
            pairs.append((self._insert_weights, other._insert_weights))
        return all(bool(np.array_equal(a, b)) for a, b in pairs)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """Return a summary: counts, weights, id."""
        return (
            f"dyng.EdgeBatch(num_insertions={self.num_insertions}, "
            f"num_deletions={self.num_deletions}, num_weights={self.num_weights}, "
            f"id={self._id})"
        )

    def __copy__(self) -> EdgeBatch:
        """Return a copy (the read-only arrays are shared)."""
        return EdgeBatch._from_arrays(
            self._insert_src,
            self._insert_dst,
            self._insert_weights,
            self._delete_src,
            self._delete_dst,
            self._id,
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> EdgeBatch:
        """Return a copy (the read-only arrays are shared: they never change)."""
        return self.__copy__()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as its arrays and id."""
        return (
            _rebuild,
            (
                self._insert_src,
                self._insert_dst,
                self._insert_weights,
                self._delete_src,
                self._delete_dst,
                self._id,
            ),
        )


def _rebuild(
    insert_src: IdArray,
    insert_dst: IdArray,
    insert_weights: WeightArray | None,
    delete_src: IdArray,
    delete_dst: IdArray,
    batch_id: int,
) -> EdgeBatch:
    """Unpickle an :class:`EdgeBatch`."""
    return EdgeBatch._from_arrays(
        insert_src, insert_dst, insert_weights, delete_src, delete_dst, batch_id
    )


def _check_id(value: object) -> int:
    if isinstance(value, bool | np.bool_):
        raise InvalidArgumentError(f"id must be an integer, got {value!r}")
    try:
        i = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidArgumentError(f"id must be an integer, got {value!r}") from None
    if i < 0 or i > 2**63 - 1:
        raise InvalidArgumentError(f"id is {i}; batch ids are non-negative int64 values")
    return i
