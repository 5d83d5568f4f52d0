"""Graph properties and batch semantics: mutable dataclasses.

Enumerations are strings (``"sorted"``, ``"upsert"``, ...). They are checked
when the properties are used (``to_native()``, building a graph), and a bad
value raises :class:`dyng.errors.InvalidArgumentError` listing the allowed ones.
The presets are written in Python (they match ``include/dyng/graph.h``), so
making one loads no native module.
"""

from __future__ import annotations

import numbers
import operator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from dyng.errors import InvalidArgumentError

if TYPE_CHECKING:
    from dyng._core import _Properties

__all__ = ["BatchSemantics", "GraphProperties"]

MAX_WEIGHTS = 64
"""The most weights an edge may carry (``DYNG_MAX_WEIGHTS``)."""

ORDERS = ("sorted", "append")
PARALLEL_EDGES = ("forbid", "allow")
ON_EXISTING_INSERT = ("upsert", "error", "ignore")
ON_MISSING_DELETE = ("ignore", "error")
ON_SELF_LOOP = ("keep", "drop", "error")
VERTEX_DTYPES = ("int32", "int64")


def check_choice(value: object, allowed: tuple[str, ...], what: str) -> str:
    """Return ``value`` when it is one of ``allowed``; raise otherwise.

    Parameters
    ----------
    value : object
        The value given.
    allowed : tuple of str
        The accepted strings.
    what : str
        The name of the field or keyword, for the message.

    Returns
    -------
    str
        ``value``.

    Raises
    ------
    InvalidArgumentError
        When ``value`` is not one of ``allowed``.
    """
    if isinstance(value, str) and value in allowed:
        return value
    choices = ", ".join(repr(a) for a in allowed)
    raise InvalidArgumentError(f"{what} is {value!r}; expected one of {choices}")


def type_name(value: object) -> str:
    """The name of ``value``'s type for a message: qualified by its module unless a
    builtin, so that ``dyng.cycle_count.Options`` and ``dyng.sssp.Options`` differ."""
    t = type(value)
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


def check_bool(value: object, what: str) -> bool:
    """Return ``value`` as a bool; it must be a bool (or a NumPy bool).

    ``bool(value)`` would read the string ``"False"`` as True, so nothing is
    converted.

    Raises
    ------
    InvalidArgumentError
        When ``value`` is not a bool.
    """
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise InvalidArgumentError(f"{what} must be a bool (True or False), got {value!r}")


def check_int(value: object, what: str) -> int:
    """Return ``value`` as an int: an int or a NumPy integer, not a bool or a float.

    ``int(value)`` would truncate ``2.7`` to 2, so floats are refused, as
    DESIGN 3 refuses them in arrays.

    Raises
    ------
    InvalidArgumentError
        When ``value`` is not an integer.
    """
    if type(value) is int:  # the common case first (a bool's type is bool)
        return value
    if not isinstance(value, bool | np.bool_):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise InvalidArgumentError(f"{what} must be an integer, got {value!r}")


def check_real(value: object, what: str) -> float:
    """Return ``value`` as a float: an int, a float or a NumPy number, not a bool or a string.

    Raises
    ------
    InvalidArgumentError
        When ``value`` is not a real number.
    """
    if isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_):
        return float(value)
    raise InvalidArgumentError(f"{what} must be a number, got {value!r}")


def dtype_name(value: object, what: str) -> str:
    """Return ``"int32"`` or ``"int64"`` for a dtype given as a string or NumPy dtype.

    Parameters
    ----------
    value : object
        ``"int32"``, ``"int64"``, ``numpy.int32``, ``numpy.dtype("int64")``, ...
    what : str
        The name of the field or keyword, for the message.

    Returns
    -------
    str
        ``"int32"`` or ``"int64"``.

    Raises
    ------
    InvalidArgumentError
        For any other type.
    """
    if isinstance(value, str) and value in VERTEX_DTYPES:
        return value
    try:
        name = np.dtype(value).name  # type: ignore[call-overload]
    except TypeError:
        name = None
    if name in VERTEX_DTYPES:
        return str(name)
    raise InvalidArgumentError(f"{what} is {value!r}; expected 'int32' or 'int64'")


@dataclass
class BatchSemantics:
    """How a batch changes a graph (a property of the graph).

    Deletions run in the order given and each removes the first remaining
    ``(u, v)`` of row ``u``; insertions run in the order given; a new ``(u, v)``
    is added and an existing one is handled by ``on_existing_insert``.

    Parameters
    ----------
    on_existing_insert : {"upsert", "error", "ignore"}
        What an insertion of an existing edge does: take the new weights,
        fail the batch, or be skipped (and counted).
    on_missing_delete : {"ignore", "error"}
        What a deletion of an absent edge does.
    on_self_loop : {"keep", "drop", "error"}
        What a batch edge ``(u, u)`` does.
    deletions_first : bool
        Run every deletion before every insertion (else after).
    allow_vertex_growth : bool
        An insertion naming a vertex ``>= n`` grows the vertex set (else it is
        an error).
    as_sets : bool
        Sort and de-duplicate both lists first (the last weights of a pair
        win); a pair both deleted and inserted counts as cancelled.
    """

    on_existing_insert: str = "upsert"
    on_missing_delete: str = "ignore"
    on_self_loop: str = "keep"
    deletions_first: bool = True
    allow_vertex_growth: bool = True
    as_sets: bool = False

    @classmethod
    def upsert_last_wins(cls) -> BatchSemantics:
        """Return the default semantics.

        Upsert, ignore missing deletions, keep self-loops, deletions first,
        vertex growth, not as sets: the last insertion of a pair wins.

        Returns
        -------
        BatchSemantics
            A new value.
        """
        return cls()

    @classmethod
    def set(cls) -> BatchSemantics:
        """Return set semantics.

        Both lists are sorted and de-duplicated; existing insertions and
        missing deletions are ignored (dropped no-ops), self-loops dropped,
        deletions first, vertex growth; a delete-then-reinsert pair is counted
        as cancelled.

        Returns
        -------
        BatchSemantics
            A new value.
        """
        return cls(
            on_existing_insert="ignore",
            on_missing_delete="ignore",
            on_self_loop="drop",
            deletions_first=True,
            allow_vertex_growth=True,
            as_sets=True,
        )

    def validate(self) -> None:
        """Check every field.

        Raises
        ------
        InvalidArgumentError
            Naming the first field with a bad value and the allowed values.
        """
        self.to_native()

    def to_native(self) -> tuple[str, str, str, bool, bool, bool]:
        """Return the six fields as a tuple, checked.

        Returns
        -------
        tuple
            ``(on_existing_insert, on_missing_delete, on_self_loop,
            deletions_first, allow_vertex_growth, as_sets)``.

        Raises
        ------
        InvalidArgumentError
            Naming the first field with a bad value.
        """
        return (
            check_choice(
                self.on_existing_insert, ON_EXISTING_INSERT, "semantics.on_existing_insert"
            ),
            check_choice(self.on_missing_delete, ON_MISSING_DELETE, "semantics.on_missing_delete"),
            check_choice(self.on_self_loop, ON_SELF_LOOP, "semantics.on_self_loop"),
            check_bool(self.deletions_first, "semantics.deletions_first"),
            check_bool(self.allow_vertex_growth, "semantics.allow_vertex_growth"),
            check_bool(self.as_sets, "semantics.as_sets"),
        )

    @classmethod
    def from_native(cls, t: tuple[str, str, str, bool, bool, bool]) -> BatchSemantics:
        """Build from the tuple of :meth:`to_native`.

        Parameters
        ----------
        t : tuple
            Six fields in the order of :meth:`to_native`.

        Returns
        -------
        BatchSemantics
            A new value.
        """
        return cls(t[0], t[1], t[2], bool(t[3]), bool(t[4]), bool(t[5]))


@dataclass
class GraphProperties:
    """What a graph is: direction, row order, parallel edges, weights, types.

    Parameters
    ----------
    directed : bool
        Directed edges; an undirected graph stores both directions and every
        batch edge changes both.
    order : {"sorted", "append"}
        Rows sorted by target, or in the order edges arrived.
    parallel_edges : {"forbid", "allow"}
        ``"forbid"`` merges duplicates when building (first position, last
        weights); ``"allow"`` keeps them.
    store_transposed : bool
        Keep the in-edges too (directed graphs).
    num_weights : int
        int32 weights per edge, 0 (unweighted) to 64.
    vertex_dtype : {"int32", "int64"}
        The vertex id type.
    offset_dtype : {"int32", "int64"}
        The edge offset type.
    semantics : BatchSemantics
        How batches change the graph.

    Notes
    -----
    The supported (vertex, offset, weight) combinations are (int32, int32,
    int32), (int32, int64, int32), (int64, int64, int32), (int32, int32, none)
    and (int32, int64, none); any other raises
    :class:`dyng.errors.NotSupportedError` when a graph is built.
    """

    directed: bool = True
    order: str = "sorted"
    parallel_edges: str = "forbid"
    store_transposed: bool = True
    num_weights: int = 0
    vertex_dtype: str = "int32"
    offset_dtype: str = "int32"
    semantics: BatchSemantics = field(default_factory=BatchSemantics)

    @classmethod
    def default(cls) -> GraphProperties:
        """Return the defaults.

        Directed, sorted rows, parallel edges forbidden, in-edges stored,
        unweighted, int32 ids and offsets, ``upsert_last_wins`` semantics.

        Returns
        -------
        GraphProperties
            A new value.
        """
        return cls()

    @classmethod
    def mosp_compatible(cls, num_weights: int = 1) -> GraphProperties:
        """Return the preset of the shortest-path research codes.

        Append order, parallel edges allowed, upsert semantics, in-edges
        stored, directed, ``num_weights`` weights per edge.

        Parameters
        ----------
        num_weights : int, optional
            Weights per edge (default 1).

        Returns
        -------
        GraphProperties
            A new value.

        Raises
        ------
        InvalidArgumentError
            When ``num_weights`` is outside 0..64.
        """
        p = cls(order="append", parallel_edges="allow", num_weights=num_weights)
        p.to_native()
        return p

    @classmethod
    def cycle_enum_compatible(cls) -> GraphProperties:
        """Return the preset of the cycle research code.

        Sorted, simple (parallel edges forbidden), set semantics, unweighted,
        directed.

        Returns
        -------
        GraphProperties
            A new value.
        """
        return cls(semantics=BatchSemantics.set())

    def copy(self) -> GraphProperties:
        """Return a deep copy (the semantics are copied too).

        Returns
        -------
        GraphProperties
            A new value.
        """
        return GraphProperties.from_native(self.to_native(check=False))

    def validate(self) -> None:
        """Check every field (the type combination is checked when a graph is built).

        Raises
        ------
        InvalidArgumentError
            Naming the first field with a bad value.
        """
        self.to_native()

    def to_native(self, *, check: bool = True) -> _Properties:
        """Return the 13-tuple the native module takes.

        Parameters
        ----------
        check : bool, optional
            Check every field (default). Without it the fields are passed as
            they are.

        Returns
        -------
        tuple
            ``(directed, order, parallel_edges, store_transposed, num_weights,
            vertex_dtype, offset_dtype, on_existing_insert, on_missing_delete,
            on_self_loop, deletions_first, allow_vertex_growth, as_sets)``.

        Raises
        ------
        InvalidArgumentError
            Naming the first field with a bad value.
        """
        s = self.semantics
        if not isinstance(s, BatchSemantics):  # even unchecked: its fields are read below
            raise InvalidArgumentError(f"semantics must be a BatchSemantics, got {s!r}")
        if not check:
            return (
                self.directed,
                self.order,
                self.parallel_edges,
                self.store_transposed,
                self.num_weights,
                self.vertex_dtype,
                self.offset_dtype,
                s.on_existing_insert,
                s.on_missing_delete,
                s.on_self_loop,
                s.deletions_first,
                s.allow_vertex_growth,
                s.as_sets,
            )
        sem = s.to_native()
        num_weights = _check_num_weights(self.num_weights, "num_weights")
        return (
            check_bool(self.directed, "directed"),
            check_choice(self.order, ORDERS, "order"),
            check_choice(self.parallel_edges, PARALLEL_EDGES, "parallel_edges"),
            check_bool(self.store_transposed, "store_transposed"),
            num_weights,
            dtype_name(self.vertex_dtype, "vertex_dtype"),
            dtype_name(self.offset_dtype, "offset_dtype"),
            *sem,
        )

    @classmethod
    def from_native(cls, t: _Properties) -> GraphProperties:
        """Build from the 13-tuple of :meth:`to_native`.

        Parameters
        ----------
        t : tuple
            Thirteen fields in the order of :meth:`to_native`.

        Returns
        -------
        GraphProperties
            A new value.
        """
        return cls(
            directed=bool(t[0]),
            order=t[1],
            parallel_edges=t[2],
            store_transposed=bool(t[3]),
            num_weights=int(t[4]),
            vertex_dtype=t[5],
            offset_dtype=t[6],
            semantics=BatchSemantics.from_native((t[7], t[8], t[9], t[10], t[11], t[12])),
        )


def _check_num_weights(value: Any, what: str) -> int:
    k = check_int(value, what)
    if not 0 <= k <= MAX_WEIGHTS:
        raise InvalidArgumentError(f"{what} is {k}; expected 0..{MAX_WEIGHTS}")
    return k
