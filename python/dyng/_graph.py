"""Graphs that change by batches: :class:`Graph`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, SupportsIndex, TypedDict

import numpy as np
import numpy.typing as npt

from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._convert import (
    IdArray,
    WeightArray,
    id_dtype_of,
    natural_ids,
    to_ids,
    weights_array,
    wider,
)
from dyng._properties import (
    ORDERS,
    PARALLEL_EDGES,
    BatchSemantics,
    GraphProperties,
    check_bool,
    check_choice,
    check_int,
    dtype_name,
)
from dyng._resources import Resources, native_resources
from dyng._summary import ApplySummary
from dyng.errors import CapacityError, InvalidArgumentError

if TYPE_CHECKING:
    from dyng import _core
    from dyng._core import _Properties

__all__ = ["Graph", "PropertyKeywords"]

_LE: dict[str, np.dtype[Any]] = {"int32": np.dtype("<i4"), "int64": np.dtype("<i8")}
#: What weight() and edge_weights() say of an unweighted graph.
_NO_WEIGHTS = (
    "the graph is unweighted (num_weights=0), so its edges have no weights; "
    "has_edge() and has_edges() tell which pairs are edges"
)


class PropertyKeywords(TypedDict, total=False):
    """The graph-property keywords of the builders and readers.

    ``row_order`` and ``multi_edges`` are the keyword names of the fields
    ``order`` and ``parallel_edges`` of :class:`GraphProperties`.
    """

    directed: bool
    row_order: str
    multi_edges: str
    store_transposed: bool
    vertex_dtype: Any
    offset_dtype: Any
    semantics: BatchSemantics


def merge_properties(
    properties: GraphProperties | None,
    *,
    num_weights: int | None,
    directed: bool | None = None,
    row_order: str | None = None,
    multi_edges: str | None = None,
    store_transposed: bool | None = None,
    semantics: BatchSemantics | None = None,
) -> GraphProperties:
    """Return a copy of ``properties`` (or the defaults) with the keywords applied.

    Parameters
    ----------
    properties : GraphProperties or None
        The base (not changed).
    num_weights : int or None
        The weights per edge that the data has (None: keep the base's).
    directed, row_order, multi_edges, store_transposed, semantics : optional
        Overrides; None keeps the base's field.

    Returns
    -------
    GraphProperties
        A new value (not yet checked).

    Raises
    ------
    InvalidArgumentError
        When ``properties.num_weights`` is set (non-zero) and differs from the
        data's, or ``properties`` is not a GraphProperties.
    """
    if properties is None:
        p = GraphProperties()
    elif isinstance(properties, GraphProperties):
        p = properties.copy()
    else:
        raise InvalidArgumentError(
            f"properties must be a dyng.GraphProperties, got {type(properties).__name__}"
        )
    if num_weights is not None:
        if p.num_weights not in (0, num_weights):
            given = (
                "no weights were given"
                if num_weights == 0
                else f"the weights have {num_weights} columns"
            )
            raise InvalidArgumentError(f"properties.num_weights is {p.num_weights} but {given}")
        p.num_weights = num_weights
    if directed is not None:
        p.directed = directed
    if row_order is not None:  # checked here, so that a message names the keyword
        p.order = check_choice(row_order, ORDERS, "row_order")
    if multi_edges is not None:
        p.parallel_edges = check_choice(multi_edges, PARALLEL_EDGES, "multi_edges")
    if store_transposed is not None:
        p.store_transposed = store_transposed
    if semantics is not None:
        if not isinstance(semantics, BatchSemantics):
            raise InvalidArgumentError(
                f"semantics must be a dyng.BatchSemantics, got {type(semantics).__name__}"
            )
        p.semantics = BatchSemantics.from_native(semantics.to_native())
    return p


def _requested(keyword: object, field: str, what: str) -> str | None:
    """The dtype a keyword asks for, else the field's when it is not the default."""
    if keyword is not None:
        return dtype_name(keyword, what)
    name = dtype_name(field, f"properties.{what}")
    return name if name != "int32" else None


def check_num_vertices(value: object) -> int:
    """``num_vertices`` given by a caller: an integer in 0 .. 2**63 - 1.

    Raises
    ------
    InvalidArgumentError
        For a value that is not an integer, or a negative one.
    CapacityError
        For a count past 2**63 - 1.
    """
    n = check_int(value, "num_vertices")
    if n < 0:
        raise InvalidArgumentError(f"num_vertices is {n}; expected 0 or more")
    if n > 2**63 - 1:
        raise CapacityError(f"num_vertices is {n}; a graph has at most 2**63 - 1 vertices")
    return n


def _num_vertices(value: object) -> int:
    """``num_vertices`` of a constructor: -1 (from the ids) for None."""
    return -1 if value is None else check_num_vertices(value)


class Graph:
    """A graph that changes by batches.

    Build one with :meth:`from_edges`, :meth:`from_csr` or
    :func:`dyng.io.read_matrix_market`; change it with :meth:`apply`.

    Vertices are ``0..n-1``. Edges are directed; an undirected graph stores
    both directions and every batch edge changes both. Each edge carries
    ``num_weights`` int32 weights. A graph has a version (0 when built, +1 per
    applied batch) and a state id that changes with every batch.

    Notes
    -----
    Copies (``copy.copy``, ``copy.deepcopy``) are :meth:`clone`. Pickling
    raises TypeError: pickle ``to_csr()`` and rebuild with :meth:`from_csr`.
    """

    __slots__ = ("__weakref__", "_g", "_props")

    _g: _core.Graph
    _props: _Properties

    def __init__(self) -> None:
        raise TypeError(
            "use dyng.Graph.from_edges(), dyng.Graph.from_csr() or "
            "dyng.io.read_matrix_market() to make a graph"
        )

    @classmethod
    def _wrap(cls, handle: _core.Graph) -> Graph:
        """Wrap a native graph."""
        g = cls.__new__(cls)
        g._g = handle
        g._props = handle.properties
        return g

    # -- building ---------------------------------------------------------

    @classmethod
    def from_edges(
        cls,
        src: npt.ArrayLike,
        dst: npt.ArrayLike,
        weights: npt.ArrayLike | None = None,
        *,
        num_vertices: int | None = None,
        directed: bool | None = None,
        row_order: str | None = None,
        multi_edges: str | None = None,
        store_transposed: bool | None = None,
        vertex_dtype: npt.DTypeLike | None = None,
        offset_dtype: npt.DTypeLike | None = None,
        semantics: BatchSemantics | None = None,
        properties: GraphProperties | None = None,
        resources: Resources | None = None,
    ) -> Graph:
        """Build a graph from edge arrays.

        Parameters
        ----------
        src, dst : array_like
            The ends of the ``m`` edges: integer arrays (or lists) of equal
            length. For an undirected graph each ``(u, v)`` is one edge.
        weights : array_like, optional
            None (unweighted), a 1-D array of ``m`` weights or an ``(m, K)``
            array; integers within int32.
        num_vertices : int, optional
            The vertex count; None means 1 + the largest id (0 for no edges).
        directed : bool, optional
            Directed edges (default True).
        row_order : {"sorted", "append"}, optional
            Rows sorted by target (default) or in arrival order.
        multi_edges : {"forbid", "allow"}, optional
            ``"forbid"`` (default) merges duplicates: first position, last
            weights; ``"allow"`` keeps them.
        store_transposed : bool, optional
            Keep the in-edges too (default True).
        vertex_dtype : {"int32", "int64"}, optional
            The id type; by default the input's (int64 arrays select int64
            ids; ``"int32"`` checks every value instead).
        offset_dtype : {"int32", "int64"}, optional
            The edge offset type; by default int32, int64 with int64 ids.
        semantics : BatchSemantics, optional
            How batches change the graph (default ``upsert_last_wins()``).
        properties : GraphProperties, optional
            A whole set of properties; the keywords above override its fields.
            Its ``vertex_dtype`` / ``offset_dtype`` count when set to
            ``"int64"``, and its ``num_weights``, when non-zero, must match the
            weights.
        resources : Resources, optional
            Where to build (default: :func:`dyng.get_default_resources`); the
            graph keeps them for its later calls.

        Returns
        -------
        Graph
            A new graph (version 0).

        Raises
        ------
        InvalidArgumentError
            For negative ids, ids at or past ``num_vertices``, float or bool
            inputs, weights outside int32, arrays of different lengths, an
            int64 value that does not fit ``vertex_dtype="int32"``, a bad
            property value.
        NotSupportedError
            For an unsupported (vertex, offset, weight) combination, such as
            int64 ids without weights; the message lists the supported ones.
        CapacityError
            When the edge count does not fit the offset type.

        Examples
        --------
        >>> import numpy as np
        >>> g = Graph.from_edges(np.array([0, 1, 2], dtype=np.int32),
        ...                      np.array([1, 2, 0], dtype=np.int32))
        >>> g.num_vertices, g.num_edges
        (3, 3)
        """
        s = natural_ids(src, "src")
        d = natural_ids(dst, "dst")
        if len(s) != len(d):
            raise InvalidArgumentError(f"src has {len(s)} ids but dst has {len(d)}")
        w = weights_array(weights, len(s))
        k = 0 if w is None else int(w.shape[1])
        p = merge_properties(
            properties,
            num_weights=k,
            directed=directed,
            row_order=row_order,
            multi_edges=multi_edges,
            store_transposed=store_transposed,
            semantics=semantics,
        )
        vdt = _requested(vertex_dtype, p.vertex_dtype, "vertex_dtype") or wider(
            str(s.dtype), str(d.dtype)
        )
        odt = _requested(offset_dtype, p.offset_dtype, "offset_dtype") or (
            "int64" if vdt == "int64" else "int32"
        )
        p.vertex_dtype, p.offset_dtype = vdt, odt
        t = p.to_native()
        n = _num_vertices(num_vertices)
        res = native_resources(resources)
        native.types_check(vdt, odt, k)
        s = to_ids(s, vdt, "src")
        d = to_ids(d, vdt, "dst")
        return cls._wrap(native.graph_from_edges(t, n, s, d, w, res))

    @classmethod
    def from_csr(
        cls,
        row_ptr: npt.ArrayLike,
        col: npt.ArrayLike,
        weights: npt.ArrayLike | None = None,
        *,
        num_vertices: int | None = None,
        directed: bool | None = None,
        row_order: str | None = None,
        multi_edges: str | None = None,
        store_transposed: bool | None = None,
        vertex_dtype: npt.DTypeLike | None = None,
        offset_dtype: npt.DTypeLike | None = None,
        semantics: BatchSemantics | None = None,
        properties: GraphProperties | None = None,
        resources: Resources | None = None,
    ) -> Graph:
        """Build a graph from CSR arrays.

        Parameters
        ----------
        row_ptr : array_like
            ``n + 1`` non-decreasing offsets starting at 0; row ``u`` lists the
            targets ``col[row_ptr[u]:row_ptr[u + 1]]``.
        col : array_like
            ``row_ptr[n]`` target ids.
        weights : array_like, optional
            None, one weight per entry (1-D) or an ``(entries, K)`` array.
        num_vertices : int, optional
            The vertex count; by default ``len(row_ptr) - 1``. A larger count
            adds vertices without out-edges after the rows (``col`` may name
            them), as a ``row_ptr`` padded with its last offset would.
        directed, row_order, multi_edges, store_transposed, semantics, properties, resources
            As for :meth:`from_edges`. For an undirected graph the CSR must be
            symmetric (a self-loop appears once) and each pair becomes one
            edge.
        vertex_dtype : {"int32", "int64"}, optional
            The id type; by default that of ``col``.
        offset_dtype : {"int32", "int64"}, optional
            The offset type; by default that of ``row_ptr`` (int64 with int64
            ids).

        Returns
        -------
        Graph
            A new graph (version 0).

        Raises
        ------
        InvalidArgumentError
            For a malformed ``row_ptr``, an asymmetric undirected CSR, and the
            errors of :meth:`from_edges`.
        NotSupportedError
            For an unsupported type combination.
        """
        rp = natural_ids(row_ptr, "row_ptr")
        c = natural_ids(col, "col")
        if len(rp) == 0:
            raise InvalidArgumentError("row_ptr must have num_vertices + 1 entries, got none")
        w = weights_array(weights, len(c))
        k = 0 if w is None else int(w.shape[1])
        p = merge_properties(
            properties,
            num_weights=k,
            directed=directed,
            row_order=row_order,
            multi_edges=multi_edges,
            store_transposed=store_transposed,
            semantics=semantics,
        )
        vdt = _requested(vertex_dtype, p.vertex_dtype, "vertex_dtype") or str(c.dtype)
        odt = _requested(offset_dtype, p.offset_dtype, "offset_dtype") or wider(str(rp.dtype), vdt)
        p.vertex_dtype, p.offset_dtype = vdt, odt
        t = p.to_native()
        n = len(rp) - 1 if num_vertices is None else _num_vertices(num_vertices)
        if n < len(rp) - 1:
            raise InvalidArgumentError(
                f"num_vertices is {n}, but row_ptr has {len(rp) - 1} rows; accepted: at least "
                f"{len(rp) - 1} (more adds vertices without out-edges)"
            )
        if len(rp) - 1 < n <= np.iinfo(vdt).max:  # trailing vertices without out-edges
            rp = np.concatenate([rp, np.full(n - (len(rp) - 1), rp[-1], dtype=rp.dtype)])
        res = native_resources(resources)
        native.types_check(vdt, odt, k)
        rp = to_ids(rp, odt, "row_ptr", noun="offset")
        c = to_ids(c, vdt, "col")
        return cls._wrap(native.graph_from_csr(t, n, rp, c, w, res))

    # -- exporting --------------------------------------------------------

    def _arrays(
        self, raw: tuple[bytearray, bytearray, bytearray | None], first: str
    ) -> tuple[npt.NDArray[Any], IdArray, WeightArray | None]:
        a, b, w = raw
        k = self._props[4]
        weights: WeightArray | None = None
        if k > 0 and w is not None:
            weights = np.frombuffer(w, dtype=_LE["int32"]).reshape(-1, k)
        return (
            np.frombuffer(a, dtype=_LE[first]),
            np.frombuffer(b, dtype=_LE[self._props[5]]),
            weights,
        )

    def to_csr(
        self, *, transposed: bool = False
    ) -> tuple[npt.NDArray[Any], IdArray, WeightArray | None]:
        """Export to CSR arrays.

        Parameters
        ----------
        transposed : bool, optional
            Export the in-edges instead: row ``v`` lists the sources of the
            edges into ``v``.

        Returns
        -------
        row_ptr : numpy.ndarray
            ``n + 1`` offsets of :attr:`edge_dtype`.
        col : numpy.ndarray
            ``num_entries`` ids of :attr:`vertex_dtype`.
        weights : numpy.ndarray or None
            ``(num_entries, K)`` int32 weights, or None when unweighted.

        Raises
        ------
        InvalidArgumentError
            When ``transposed`` is not a bool.
        KeyboardInterrupt
            When the graph's resources are interrupted.

        Notes
        -----
        The arrays are new, writable copies; rows keep the graph's row order.
        An undirected graph lists both directions of each edge.
        """
        return self._arrays(self._g.to_csr(check_bool(transposed, "transposed")), self._props[6])

    def edges(self) -> tuple[IdArray, IdArray, WeightArray | None]:
        """Export to edge arrays.

        Returns
        -------
        src, dst : numpy.ndarray
            ``num_edges`` ids each: rows in vertex order, each in row order; an
            undirected edge once, as ``(u, v)`` with ``u <= v``.
        weights : numpy.ndarray or None
            ``(num_edges, K)`` int32 weights, or None when unweighted.

        Raises
        ------
        KeyboardInterrupt
            When the graph's resources are interrupted.
        """
        return self._arrays(self._g.edges(), self._props[5])

    # -- changing ---------------------------------------------------------

    def apply(self, batch: EdgeBatch) -> ApplySummary:
        """Change the graph by a batch, under the graph's batch semantics.

        Parameters
        ----------
        batch : EdgeBatch
            The changes; its ids are converted to the graph's id type with a
            range check (an int64 batch fits an int32 graph).

        Returns
        -------
        ApplySummary
            What the batch did.

        Raises
        ------
        InvalidArgumentError
            For a negative id, a weight count that differs from the graph's, a
            change that the semantics make an error, a vertex ``>= n`` without
            vertex growth. The graph is then unchanged.
        CapacityError
            For an inserted id past the graph's id type, or when the graph
            would outgrow its offset type (a deletion past the id type names
            an absent edge). The graph is then unchanged.
        """
        if not isinstance(batch, EdgeBatch):
            raise TypeError(f"expected a dyng.EdgeBatch, got {type(batch).__name__}")
        nb = batch._native(self._props[4])
        return ApplySummary.from_native(self._g.apply(nb))

    def clone(self) -> Graph:
        """Return a deep copy: same contents, properties, version and state id.

        The clone shares the resources handle.

        Returns
        -------
        Graph
            A new graph.

        Raises
        ------
        KeyboardInterrupt
            When the graph's resources are interrupted.
        """
        return Graph._wrap(self._g.clone())

    def check_integrity(self) -> None:
        """Check every invariant of the graph's storage.

        Raises
        ------
        InternalError
            Naming the first broken invariant (a bug in dynG).
        KeyboardInterrupt
            When the graph's resources are interrupted.
        """
        self._g.check()

    def degree(self, v: SupportsIndex, *, transposed: bool = False) -> int:
        """Return the out-degree (in-degree with ``transposed``) of vertex ``v``.

        Parameters
        ----------
        v : int or SupportsIndex
            A vertex, ``0 <= v < num_vertices``.
        transposed : bool, optional
            Count in-edges instead.

        Returns
        -------
        int
            The degree.

        Raises
        ------
        InvalidArgumentError
            When ``v`` is not a vertex.
        """
        if type(v) is int and type(transposed) is bool:  # the common case: the native
            try:  # call checks the range itself
                return self._g.degree(v, transposed)
            except (InvalidArgumentError, OverflowError):
                pass  # _vertex below says what was wrong
        return self._g.degree(self._vertex(v), check_bool(transposed, "transposed"))

    def degrees(self, *, transposed: bool = False) -> npt.NDArray[np.int64]:
        """Return the out-degree (in-degree with ``transposed``) of every vertex.

        Parameters
        ----------
        transposed : bool, optional
            Count in-edges instead.

        Returns
        -------
        numpy.ndarray
            ``num_vertices`` int64 values, a new writable array: entry ``v`` is
            :meth:`degree` of ``v``, the length of row ``v`` of :meth:`to_csr`
            (``numpy.diff(row_ptr)``) without exporting the rows.

        Raises
        ------
        InvalidArgumentError
            When ``transposed`` is not a bool.
        KeyboardInterrupt
            When the graph's resources are interrupted.

        Notes
        -----
        An undirected graph counts a self-loop once. The in-degrees of a
        directed graph without stored in-edges are counted from every row:
        O(``num_vertices + num_entries``).

        Examples
        --------
        >>> import numpy as np, dyng
        >>> g = dyng.Graph.from_edges(np.array([0, 0, 2]), np.array([2, 1, 1]),
        ...                           np.array([5, 7, 3]), num_vertices=4)
        >>> g.degrees().tolist(), g.degrees(transposed=True).tolist()
        ([2, 0, 1, 0], [0, 2, 1, 0])
        """
        flag = check_bool(transposed, "transposed")
        return np.frombuffer(self._g.degrees(flag), dtype=_LE["int64"])

    def neighbors(self, v: SupportsIndex, *, transposed: bool = False) -> IdArray:
        """Return the out-neighbours (in-neighbours with ``transposed``) of ``v``.

        Parameters
        ----------
        v : int or SupportsIndex
            A vertex, ``0 <= v < num_vertices``.
        transposed : bool, optional
            List the sources of the edges into ``v`` instead.

        Returns
        -------
        numpy.ndarray
            ``degree(v)`` ids of :attr:`vertex_dtype`, a new writable copy:
            row ``v`` of :meth:`to_csr` (same entries, same order). An
            undirected graph lists each neighbour of ``v`` once per edge, and
            a self-loop once.

        Raises
        ------
        InvalidArgumentError
            When ``v`` is not a vertex.

        See Also
        --------
        row : the same ids with their weights.

        Notes
        -----
        The in-neighbours of a directed graph without stored in-edges
        (``store_transposed=False``) are found by reading every row:
        O(``num_vertices + num_entries``).
        """
        ids, _ = self._row(v, transposed, False)
        return np.frombuffer(ids, dtype=_LE[self._props[5]])

    def row(
        self, v: SupportsIndex, *, transposed: bool = False
    ) -> tuple[IdArray, WeightArray | None]:
        """Return the row of ``v``: its out-neighbours and their edges' weights.

        Parameters
        ----------
        v : int or SupportsIndex
            A vertex, ``0 <= v < num_vertices``.
        transposed : bool, optional
            Read the in-row instead: the sources of the edges into ``v``.

        Returns
        -------
        ids : numpy.ndarray
            As :meth:`neighbors` gives them.
        weights : numpy.ndarray or None
            ``(degree(v), K)`` int32 weights, entry ``i`` of the edge to (or
            from) ``ids[i]``; None when the graph is unweighted. New writable
            copies, as row ``v`` of :meth:`to_csr`.

        Raises
        ------
        InvalidArgumentError
            When ``v`` is not a vertex.

        Examples
        --------
        >>> import numpy as np, dyng
        >>> g = dyng.Graph.from_edges(np.array([0, 0, 2]), np.array([2, 1, 1]),
        ...                           np.array([5, 7, 3]), num_vertices=3)
        >>> ids, w = g.row(0)
        >>> ids.tolist(), w[:, 0].tolist()
        ([1, 2], [7, 5])
        >>> g.neighbors(1, transposed=True).tolist()
        [0, 2]
        """
        ids, w = self._row(v, transposed, True)
        weights: WeightArray | None = None
        if w is not None:
            weights = np.frombuffer(w, dtype=_LE["int32"]).reshape(-1, self._props[4])
        return np.frombuffer(ids, dtype=_LE[self._props[5]]), weights

    def has_edge(self, u: SupportsIndex, v: SupportsIndex) -> bool:
        """Return whether the graph has an edge from ``u`` to ``v``.

        For an undirected graph, whether ``u`` and ``v`` are joined.

        Parameters
        ----------
        u, v : int or SupportsIndex
            Vertex ids, 0 or more. An id at or past :attr:`num_vertices` has
            no edges (a batch may still add it), so it gives False.

        Returns
        -------
        bool
            True when the edge is there.

        Raises
        ------
        InvalidArgumentError
            For a negative id, or one that is not an integer.

        Notes
        -----
        A binary search of ``u``'s out-row where rows are sorted, else a scan
        of it. For many pairs, :meth:`has_edges` is much faster than a loop.
        """
        if type(u) is int and type(v) is int:  # the native call checks the ids itself
            try:
                return self._g.has_edge(u, v)
            except (InvalidArgumentError, OverflowError):
                pass  # _pair below says what was wrong, or the ids are past the graph
        a, b = self._pair(u, v)
        n = self._g.num_vertices
        if a >= n or b >= n:
            return False  # also keeps them within the native int64
        return self._g.has_edge(a, b)

    def has_edges(self, src: npt.ArrayLike, dst: npt.ArrayLike) -> npt.NDArray[np.bool_]:
        """Return :meth:`has_edge` for every pair ``(src[i], dst[i])``.

        Parameters
        ----------
        src, dst : array_like
            Integer ids of the same length, 0 or more (int32 or int64 arrays
            are read in place; ids at or past :attr:`num_vertices` give False).

        Returns
        -------
        numpy.ndarray
            A new bool array, one entry per pair.

        Raises
        ------
        InvalidArgumentError
            For a negative id (naming its pair), arrays of different lengths,
            or ids that are not integers.

        Notes
        -----
        The pairs are looked up on the graph's threads, in pieces that poll
        the interrupt flag (Ctrl-C stops a long call), each pair's row loaded
        while earlier pairs are searched: 1M pairs on a graph of 2^20
        vertices and 4M edges take 14 to 16 ms on one thread, against about
        0.2 s for a loop of :meth:`has_edge` and 52 ms for SciPy's
        ``A[src, dst]``.

        Examples
        --------
        >>> import numpy as np, dyng
        >>> g = dyng.Graph.from_edges(np.array([0, 0, 2]), np.array([2, 1, 1]),
        ...                           vertex_dtype="int32")
        >>> g.has_edges([0, 1, 2, 7], [1, 0, 1, 0]).tolist()
        [True, False, True, False]
        """
        return np.frombuffer(self._g.has_edges(*self._pairs(src, dst)), dtype=np.bool_)

    def weight(self, u: SupportsIndex, v: SupportsIndex, *, objective: SupportsIndex = 0) -> int:
        """Return the weight of the edge from ``u`` to ``v``.

        Parameters
        ----------
        u, v : int or SupportsIndex
            Vertex ids, 0 or more.
        objective : int or SupportsIndex, default 0
            Which of the :attr:`num_weights` weight columns to read (the
            option of the same name of :func:`dyng.sssp.compute`).

        Returns
        -------
        int
            The weight. Where parallel edges are allowed and ``(u, v)`` has
            several copies, the first copy's, in row order: the copy that an
            upserting insertion rewrites and a deletion removes.

        Raises
        ------
        InvalidArgumentError
            When ``(u, v)`` is not an edge (:meth:`has_edge` tells), for an
            unweighted graph, an ``objective`` out of range, a negative id or
            one that is not an integer.

        See Also
        --------
        edge_weights : every weight of many pairs at once.

        Examples
        --------
        >>> import numpy as np, dyng
        >>> g = dyng.Graph.from_edges(np.array([0, 0, 2]), np.array([2, 1, 1]),
        ...                           np.array([5, 7, 3]), num_vertices=3)
        >>> g.weight(0, 1)
        7
        """
        if type(u) is int and type(v) is int and type(objective) is int:
            # The common case: the native call checks the ids itself.
            try:
                found = self._g.edge_weight(u, v)
            except (InvalidArgumentError, OverflowError):
                found = None  # the checks below say what was wrong
            if found is not None and 0 <= objective < len(found):
                return found[objective]
        k = self._id(objective, "objective")
        if not 0 <= k < self._props[4]:
            raise InvalidArgumentError(
                _NO_WEIGHTS
                if self._props[4] == 0
                else f"objective is {k}; accepted: 0..{self._props[4] - 1}"
            )
        a, b = self._pair(u, v)
        w = None
        n = self._g.num_vertices
        if a < n and b < n:  # also within the native int64
            w = self._g.edge_weight(a, b)
        if w is None:
            raise InvalidArgumentError(
                f"({a}, {b}) is not an edge of the graph; has_edge() tells whether it is"
            )
        return w[k]

    def edge_weights(
        self, src: npt.ArrayLike, dst: npt.ArrayLike, *, default: SupportsIndex | None = None
    ) -> WeightArray:
        """Return the weights of every pair ``(src[i], dst[i])``.

        Parameters
        ----------
        src, dst : array_like
            Integer ids of the same length, 0 or more (int32 or int64 arrays
            are read in place).
        default : int or SupportsIndex, optional
            The weight given to a pair that is not an edge (an int32 value).
            Without it, such a pair raises.

        Returns
        -------
        numpy.ndarray
            A new int32 array of shape ``(len(src), num_weights)``: row ``i``
            holds the weights of edge ``(src[i], dst[i])``, of its first copy
            in row order where parallel edges are allowed (the copy that an
            upserting insertion rewrites and a deletion removes), or
            ``default`` in every column.

        Raises
        ------
        InvalidArgumentError
            For a pair that is not an edge when ``default`` is not given
            (naming the first), an unweighted graph, a ``default`` outside
            int32, a negative id (naming its pair), arrays of different
            lengths, or ids that are not integers.

        See Also
        --------
        has_edges : which pairs are edges.
        weight : one weight of one edge.

        Notes
        -----
        :meth:`has_edges` plus a load of each found edge's weights: the pairs
        are looked up on the graph's threads, in pieces that poll the
        interrupt flag, each pair's row and weights loaded while other pairs
        are searched. 1M pairs on a graph of 2^20 vertices and 4M edges take
        21 to 32 ms on one thread, against 51 to 63 ms for SciPy's
        ``A[src, dst]``.

        Examples
        --------
        >>> import numpy as np, dyng
        >>> g = dyng.Graph.from_edges(np.array([0, 0, 2]), np.array([2, 1, 1]),
        ...                           np.array([5, 7, 3]), num_vertices=3)
        >>> g.edge_weights([0, 2, 1], [2, 1, 0], default=-1)[:, 0].tolist()
        [5, 3, -1]
        """
        if self._props[4] == 0:
            raise InvalidArgumentError(_NO_WEIGHTS)
        fill = None
        if default is not None:
            fill = self._id(default, "default")
            if not -(2**31) <= fill < 2**31:
                raise InvalidArgumentError(
                    f"default is {fill}; accepted: an int32 value (-2**31 to 2**31 - 1)"
                )
        s, d = self._pairs(src, dst)
        f, w = self._g.edge_weights(s, d, 0 if fill is None else fill)  # absent pairs: fill
        found = np.frombuffer(f, dtype=np.bool_)
        if fill is None and not found.all():
            i = int(np.argmin(found))
            raise InvalidArgumentError(
                f"pair {i} ({int(s[i])}, {int(d[i])}) is not an edge of the graph "
                f"({int(found.size - np.count_nonzero(found))} of {found.size} pairs are "
                "not); pass default= to fill them, or has_edges() to find them"
            )
        return np.frombuffer(w, dtype=_LE["int32"]).reshape(-1, self._props[4])

    def _pair(self, u: object, v: object) -> tuple[int, int]:
        """The ids of a pair, each ``>= 0`` (has_edge, weight)."""
        a, b = self._id(u), self._id(v)
        if a < 0 or b < 0:
            raise InvalidArgumentError(f"vertex {min(a, b)} is negative; ids are 0 or more")
        return a, b

    @staticmethod
    def _pairs(src: npt.ArrayLike, dst: npt.ArrayLike) -> tuple[IdArray, IdArray]:
        """The id arrays of pairs, of one dtype (int64 when they differ; has_edges,
        edge_weights)."""
        s = natural_ids(src, "src")
        d = natural_ids(dst, "dst")
        if s.dtype != d.dtype:
            s, d = s.astype(np.int64), d.astype(np.int64)
        return s, d

    @staticmethod
    def _id(v: object, what: str = "vertex") -> int:
        """An integer (an id by default) as a Python int (no bool, no float)."""
        if type(v) is int:  # the common case first (a bool's type is bool)
            return v
        return check_int(v, what)

    def _row(
        self, v: object, transposed: bool, weights: bool
    ) -> tuple[bytearray, bytearray | None]:
        """Row ``v`` as the native call gives it (neighbors, row)."""
        if type(v) is int and type(transposed) is bool:  # the common case: the native
            try:  # call checks the range itself
                return self._g.neighbors(v, transposed, weights)
            except (InvalidArgumentError, OverflowError):
                pass  # _vertex below says what was wrong
        return self._g.neighbors(self._vertex(v), check_bool(transposed, "transposed"), weights)

    def _vertex(self, v: object) -> int:
        """A vertex of the graph, ``0 <= v < num_vertices``."""
        vertex = self._id(v)
        n = self._g.num_vertices
        if not 0 <= vertex < n:  # also keeps it within the native int64
            raise InvalidArgumentError(f"vertex {vertex} is not in 0..{n - 1}")
        return vertex

    # -- properties -------------------------------------------------------

    @property
    def num_vertices(self) -> int:
        """int: the number of vertices."""
        return self._g.num_vertices

    @property
    def num_edges(self) -> int:
        """int: the number of edges (an undirected edge counts once)."""
        return self._g.num_edges

    @property
    def num_entries(self) -> int:
        """int: the stored directed entries (the length of a CSR export)."""
        return self._g.num_entries

    @property
    def num_weights(self) -> int:
        """int: weights per edge (0 when unweighted)."""
        return self._props[4]

    @property
    def directed(self) -> bool:
        """bool: whether edges are directed."""
        return self._props[0]

    @property
    def weighted(self) -> bool:
        """bool: whether edges carry weights."""
        return self._props[4] > 0

    @property
    def version(self) -> int:
        """int: 0 when built, +1 per applied batch."""
        return self._g.version

    @property
    def state_id(self) -> int:
        """int: a process-unique id of the current state (a clone shares it)."""
        return self._g.state_id

    @property
    def vertex_dtype(self) -> np.dtype[Any]:
        """numpy.dtype: the vertex id type (int32 or int64)."""
        return id_dtype_of(self._props[5])

    @property
    def edge_dtype(self) -> np.dtype[Any]:
        """numpy.dtype: the edge offset type (int32 or int64)."""
        return id_dtype_of(self._props[6])

    @property
    def properties(self) -> GraphProperties:
        """GraphProperties: a copy of the graph's properties."""
        return GraphProperties.from_native(self._props)

    @property
    def resources(self) -> Resources:
        """Resources: the resources the graph's calls run on."""
        return Resources._wrap(self._g.resources)

    @property
    def memory_bytes(self) -> int:
        """int: bytes held by the graph, headroom included."""
        return self._g.memory_bytes

    # -- copying ----------------------------------------------------------

    def __copy__(self) -> Graph:
        """Return :meth:`clone`."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Graph:
        """Return :meth:`clone`."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Refuse pickling.

        Raises
        ------
        TypeError
            Always: pickle ``graph.to_csr()`` and rebuild with
            ``Graph.from_csr()``.
        """
        raise TypeError(
            "dyng.Graph cannot be pickled (it carries a version and may live in device "
            "memory); pickle graph.to_csr() and rebuild with dyng.Graph.from_csr()"
        )

    def __repr__(self) -> str:
        """Return the counts and types."""
        kind = "directed" if self.directed else "undirected"
        return (
            f"dyng.Graph({kind}, num_vertices={self.num_vertices}, "
            f"num_edges={self.num_edges}, num_weights={self.num_weights}, "
            f"vertex_dtype={self._props[5]}, edge_dtype={self._props[6]}, "
            f"version={self.version})"
        )
