"""Files: Matrix Market graphs and arrays, edge lists, ``.dgt`` and ``.dgb`` batch streams,
and the research codes' files (CSR triplets, change files, signed batches, distances, trees,
cycle histograms).

Every reader accepts plain and gzip-compressed files (detected from the
content), and reports a malformed file as :class:`dyng.errors.FileFormatError`
with ``.path``, ``.line`` and ``.column``. Writers compress when the path ends
in ``.gz``.
"""

from __future__ import annotations

import gzip
import itertools
import os
import re
import stat
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict

import numpy as np
import numpy.typing as npt

from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._convert import (
    INT32_MAX,
    IdArray,
    natural_ids,
    to_ids,
    weights_array,
    wider,
)
from dyng._graph import Graph, PropertyKeywords, check_num_vertices, merge_properties
from dyng._namespace import public_dir
from dyng._paths import PathLike
from dyng._paths import path_str as _path
from dyng._properties import (
    BatchSemantics,
    GraphProperties,
    check_bool,
    check_choice,
    check_int,
    dtype_name,
)
from dyng._research_files import (
    read_change_files,
    read_csr_triplet,
    read_distances,
    read_histogram,
    read_signed_batch,
    read_tree,
    weights_arg,
    write_change_files,
    write_csr_triplet,
    write_distances,
    write_histogram,
    write_signed_batch,
    write_tree,
)
from dyng._resources import Resources, native_resources
from dyng.errors import InvalidArgumentError

if TYPE_CHECKING:
    from typing import Unpack

    from dyng import _core

__all__ = [
    "EdgeListArrays",
    "MatrixMarketArrays",
    "iter_batches",
    "read_batches",
    "read_change_files",
    "read_csr_triplet",
    "read_distances",
    "read_edge_list",
    "read_edge_list_arrays",
    "read_histogram",
    "read_matrix_market",
    "read_matrix_market_arrays",
    "read_signed_batch",
    "read_tree",
    "write_batches",
    "write_change_files",
    "write_csr_triplet",
    "write_distances",
    "write_edge_list",
    "write_edge_list_arrays",
    "write_histogram",
    "write_matrix_market",
    "write_matrix_market_arrays",
    "write_signed_batch",
    "write_tree",
]

_FIELDS = ("pattern", "integer", "real")
_SYMMETRIES = ("general", "symmetric", "skew-symmetric")
_LE: dict[str, np.dtype[Any]] = {"int32": np.dtype("<i4"), "int64": np.dtype("<i8")}


class MatrixMarketArrays(NamedTuple):
    """The arrays of a Matrix Market file (:func:`read_matrix_market_arrays`).

    Attributes
    ----------
    num_vertices : int
        ``max(rows, columns)`` of the size line.
    src, dst : numpy.ndarray
        0-based ids, in file order.
    weights : numpy.ndarray or None
        One int32 value per entry (1-D), or None for a pattern file (or
        ``ignore_values``).
    field : str
        ``"pattern"``, ``"integer"`` or ``"real"``.
    symmetry : str
        ``"general"``, ``"symmetric"`` or ``"skew-symmetric"``.
    """

    num_vertices: int
    src: IdArray
    dst: IdArray
    weights: npt.NDArray[np.int32] | None
    field: str
    symmetry: str


def _open_text(path: str) -> Any:
    """``path`` opened as ASCII text, inflated when its content is gzip."""
    with open(path, "rb") as raw:
        magic = raw.read(2)
    opener: Any = gzip.open if magic == b"\x1f\x8b" else open
    return opener(path, "rt", encoding="ascii", errors="replace")


def _mm_header(path: str) -> tuple[str, str, int, int] | None:
    """Read (field, symmetry, size, entries) from a Matrix Market header, or None."""
    try:
        with _open_text(path) as f:
            words = f.readline().lower().split()
            if len(words) < 5 or words[0] != "%%matrixmarket":
                return None
            field, symmetry = words[3], words[4]
            for line in f:
                stripped = line.strip()
                if not stripped or stripped.startswith("%"):
                    continue
                sizes = [int(x) for x in stripped.split()[:3]]
                if len(sizes) < 3:
                    return None
                return field, symmetry, max(sizes[0], sizes[1]), sizes[2]
    except (OSError, ValueError, EOFError):
        return None
    return None


# The first line that the edge-list writer writes for an undirected graph (libdyng's
# el_read.c reads the same line).
_EL_UNDIRECTED = re.compile(
    r"# dynG edge list: \d+ vertices, \d+ edges, \d+ weights, undirected\n?"
)


def _el_undirected(path: str) -> bool:
    """Whether ``path`` is a regular file whose first line says it is undirected (a peek:
    a pipe is not read here, which would take its first line from the native reader)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with _open_text(path) as f:
            return _EL_UNDIRECTED.fullmatch(f.readline(200)) is not None
    except (OSError, EOFError):
        return False  # the native reader reports what is wrong


def _file_defaults(path: str) -> GraphProperties:
    """The properties the native reader would choose for ``path`` (header peek)."""
    p = GraphProperties()
    header = _mm_header(path)
    if header is None:
        return p  # the native reader reports what is wrong
    field, symmetry, size, entries = header
    p.directed = symmetry == "general"
    p.num_weights = 0 if field == "pattern" else 1
    if size > INT32_MAX:
        p.vertex_dtype = p.offset_dtype = "int64"
    elif entries * (1 if p.directed else 2) > INT32_MAX:
        p.offset_dtype = "int64"
    return p


def read_matrix_market(
    path: PathLike,
    *,
    properties: GraphProperties | None = None,
    resources: Resources | None = None,
    **property_keywords: Unpack[PropertyKeywords],
) -> Graph:
    """Read a Matrix Market coordinate file into a graph.

    Parameters
    ----------
    path : str or os.PathLike
        The file (plain or gzip-compressed).
    properties : GraphProperties, optional
        The graph's properties, used as they are (``num_weights`` 0 drops the
        values, 1 needs them; a directed graph gets both directions of a
        symmetric file's entries). By default: undirected for a symmetric
        file, directed otherwise; one weight for integer and real files, none
        for pattern; int64 ids when an index does not fit int32.
    resources : Resources, optional
        Where to parse (in parallel); default :func:`dyng.get_default_resources`.
    **property_keywords
        ``directed``, ``row_order``, ``multi_edges``, ``store_transposed``,
        ``vertex_dtype``, ``offset_dtype``, ``semantics``: override fields of
        ``properties`` (or of the file's defaults above).

    Returns
    -------
    Graph
        A new graph.

    Raises
    ------
    FileFormatError
        For a malformed or unreadable file (with path, line and column).
    CapacityError
        For an index past the vertex type.
    """
    p = _path(path)
    unknown = set(property_keywords) - set(PropertyKeywords.__annotations__)
    if unknown:
        raise TypeError(f"read_matrix_market() got unexpected keywords: {sorted(unknown)}")
    t: _core._Properties | None = None
    if properties is not None or property_keywords:
        kw = property_keywords
        base = properties if properties is not None else _file_defaults(p)
        merged = merge_properties(
            base,
            num_weights=None,
            directed=kw.get("directed"),
            row_order=kw.get("row_order"),
            multi_edges=kw.get("multi_edges"),
            store_transposed=kw.get("store_transposed"),
            semantics=kw.get("semantics"),
        )
        vertex_dtype = kw.get("vertex_dtype")
        offset_dtype = kw.get("offset_dtype")
        if vertex_dtype is not None:
            merged.vertex_dtype = dtype_name(vertex_dtype, "vertex_dtype")
            if merged.vertex_dtype == "int64" and offset_dtype is None:
                merged.offset_dtype = "int64"
        if offset_dtype is not None:
            merged.offset_dtype = dtype_name(offset_dtype, "offset_dtype")
        t = merged.to_native()
    return Graph._wrap(native.mm_read_graph(p, t, native_resources(resources)))


def read_matrix_market_arrays(
    path: PathLike,
    *,
    vertex_dtype: npt.DTypeLike = "int32",
    ignore_values: bool = False,
    expand_symmetric: bool = False,
    resources: Resources | None = None,
) -> MatrixMarketArrays:
    """Read a Matrix Market coordinate file into 0-based edge arrays.

    Parameters
    ----------
    path : str or os.PathLike
        The file (plain or gzip-compressed).
    vertex_dtype : {"int32", "int64"}, optional
        The id type of the arrays (default int32).
    ignore_values : bool, optional
        Read an integer or real file as a pattern (no weights).
    expand_symmetric : bool, optional
        List the mirrored entry of each off-diagonal entry of a symmetric or
        skew-symmetric file too, right after it (negated for skew-symmetric).
    resources : Resources, optional
        Where to parse; default :func:`dyng.get_default_resources`.

    Returns
    -------
    MatrixMarketArrays
        ``(num_vertices, src, dst, weights, field, symmetry)``.

    Raises
    ------
    FileFormatError
        For a malformed or unreadable file.
    CapacityError
        For an index past ``vertex_dtype``.
    """
    p = _path(path)
    vdt = dtype_name(vertex_dtype, "vertex_dtype")
    n, s, d, w, field, symmetry = native.mm_read_arrays(
        p,
        vdt,
        check_bool(ignore_values, "ignore_values"),
        check_bool(expand_symmetric, "expand_symmetric"),
        native_resources(resources),
    )
    weights = None if w is None else np.frombuffer(w, dtype="<i4")
    return MatrixMarketArrays(
        n,
        np.frombuffer(s, dtype=_LE[vdt]),
        np.frombuffer(d, dtype=_LE[vdt]),
        weights,
        field,
        symmetry,
    )


def write_matrix_market(path: PathLike, graph: Graph, *, weight_column: int = 0) -> None:
    """Write a graph as a Matrix Market coordinate file.

    Parameters
    ----------
    path : str or os.PathLike
        The file; compressed when the name ends in ``.gz``.
    graph : Graph
        The graph: ``"symmetric"`` when undirected (each edge once, row >=
        column), ``"general"`` otherwise.
    weight_column : int, optional
        The weight written as the ``"integer"`` value (0-based); a negative
        column, or an unweighted graph, writes a ``"pattern"`` file.

    Raises
    ------
    InvalidArgumentError
        When ``weight_column`` is not an integer, or is a column the graph
        does not have.
    FileFormatError
        When the file cannot be written.
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    p = _path(path)
    column = check_int(weight_column, "weight_column")
    k = graph.num_weights
    if k > 0 and column >= k:
        raise InvalidArgumentError(
            f"weight_column is {column}; the graph has {k} weights (columns 0..{k - 1}, or -1 "
            "for a pattern file)"
        )
    # the native call takes a C int: any negative column means a pattern file
    native.mm_write_graph(graph._g, p, max(-1, min(column, INT32_MAX)))


def write_matrix_market_arrays(
    path: PathLike,
    num_vertices: int,
    src: npt.ArrayLike,
    dst: npt.ArrayLike,
    weights: npt.ArrayLike | None = None,
    *,
    field: str | None = None,
    symmetry: str = "general",
) -> None:
    """Write 0-based edge arrays as a Matrix Market coordinate file.

    Parameters
    ----------
    path : str or os.PathLike
        The file; compressed when the name ends in ``.gz``.
    num_vertices : int
        The size (rows and columns).
    src, dst : array_like
        0-based ids.
    weights : array_like, optional
        One integer per entry (1-D; of an ``(m, K)`` array column 0 is
        written).
    field : {"pattern", "integer"}, optional
        Default: ``"integer"`` with weights, ``"pattern"`` without.
    symmetry : {"general", "symmetric", "skew-symmetric"}, optional
        Written as given: list each symmetric entry once.

    Raises
    ------
    InvalidArgumentError
        For bad arrays, ``num_vertices`` (not an integer, negative, or not
        above every id) or strings.
    FileFormatError
        When the file cannot be written.
    """
    p = _path(path)
    n = check_num_vertices(num_vertices)
    s = natural_ids(src, "src")
    d = natural_ids(dst, "dst")
    if len(s) != len(d):
        raise InvalidArgumentError(f"src has {len(s)} ids but dst has {len(d)}")
    vdt = wider(str(s.dtype), str(d.dtype))
    s, d = to_ids(s, vdt, "src"), to_ids(d, vdt, "dst")
    w = weights_array(weights, len(s))
    column = None if w is None else np.ascontiguousarray(w[:, 0])
    if field is None:
        field = "pattern" if column is None else "integer"
    check_choice(field, _FIELDS, "field")
    check_choice(symmetry, _SYMMETRIES, "symmetry")
    native.mm_write_arrays(p, n, s, d, column, field, symmetry)


# ---- edge lists ---------------------------------------------------------------

_POLICIES = ("keep", "drop", "error")


class EdgeListArrays(NamedTuple):
    """The arrays of an edge list (:func:`read_edge_list_arrays`).

    Attributes
    ----------
    num_vertices : int
        1 + the largest id of the edges read (0 without edges), or the number
        of distinct ids with ``compact_ids``; ``N`` when the file starts with
        the line that :func:`write_edge_list` writes, ``# dynG edge list: N
        vertices, M edges, K weights``.
    src, dst : numpy.ndarray
        0-based ids (after ``one_based`` and ``compact_ids``), in file order.
    weights : numpy.ndarray or None
        An ``(num_edges, K)`` int32 array, or None when ``K`` is 0.
    ids : numpy.ndarray or None
        With ``compact_ids``: the id as written of each vertex (int64,
        ascending), so ``ids[src]`` gives the file's ids back; else None.
    """

    num_vertices: int
    src: IdArray
    dst: IdArray
    weights: npt.NDArray[np.int32] | None
    ids: npt.NDArray[np.int64] | None


class EdgeListKeywords(TypedDict, total=False):
    """The graph-property keywords of :func:`read_edge_list` beyond its own."""

    row_order: str
    multi_edges: str
    store_transposed: bool
    offset_dtype: Any
    semantics: BatchSemantics


def _el_args(
    weights: int | None,
    self_loops: str,
    duplicates: str,
    vertex_dtype: npt.DTypeLike | None,
) -> tuple[str | None, int, str, str]:
    """Check the reading keywords shared by the edge-list readers."""
    if weights is None:
        k = -1
    elif isinstance(weights, bool) or not isinstance(weights, int | np.integer):
        raise InvalidArgumentError(
            f"weights must be None or a number of weight columns, got {weights!r}"
        )
    else:
        k = int(weights)
        if not 0 <= k <= 64:
            raise InvalidArgumentError(f"weights is {k}; expected None or 0..64 columns")
    check_choice(self_loops, _POLICIES, "self_loops")
    check_choice(duplicates, _POLICIES, "duplicates")
    vdt = None if vertex_dtype is None else dtype_name(vertex_dtype, "vertex_dtype")
    return vdt, k, self_loops, duplicates


def read_edge_list(
    path: PathLike,
    *,
    directed: bool | None = None,
    weights: int | None = None,
    compact_ids: bool = False,
    one_based: bool = False,
    self_loops: str = "keep",
    duplicates: str = "keep",
    vertex_dtype: npt.DTypeLike | None = None,
    properties: GraphProperties | None = None,
    resources: Resources | None = None,
    **property_keywords: Unpack[EdgeListKeywords],
) -> Graph:
    """Read an edge list (SNAP or TUDataset style) into a graph.

    One edge per line, ``u v [w1 .. wK]``, fields separated by blanks or a
    comma (``"1 2"``, ``"1\\t2"``, ``"1,2"``, ``"1, 2"``); a field that starts
    with ``#`` or ``%`` begins a comment that runs to the end of the line (so
    ``#`` and ``%`` lines are comments and ``1 2 # note`` is an edge); blank
    lines are skipped; LF or CRLF (a CR that no LF follows is an error: the
    file has CR line ends); gzip-compressed files are recognized by their
    content.

    A file that starts with the line :func:`write_edge_list` writes, exactly
    ``# dynG edge list: N vertices, M edges, K weights, undirected`` (or
    ``directed``, or neither, as :func:`write_edge_list_arrays` writes it),
    has ``N`` vertices (so isolated vertices at the end survive a round
    trip; ``N`` below 1 + the largest id is an error; ``compact_ids``
    ignores ``N``), and ``undirected`` makes the graph undirected unless
    ``directed`` or ``properties`` say otherwise. Any other first line is an
    ordinary comment.

    Parameters
    ----------
    path : str or os.PathLike
        The file (plain or gzip-compressed).
    directed : bool, optional
        Directed edges; an undirected graph stores each line's edge in both
        directions. None (the default): ``properties.directed`` when
        ``properties`` are given, else undirected when the file's first line
        is the writer's line of an undirected graph (a regular file's: a pipe
        is not looked at first), else directed. A bool or None: anything else
        is an error.
    weights : int, optional
        The int32 weight columns after the two ids. None (the default): as
        many as the first data line has, and every line must have as many.
        ``K``: the first ``K`` columns, the rest of each line ignored (0 reads
        ``u v`` and ignores anything after, as SNAP files with extra columns
        need). A non-integer or out-of-range weight is an error.
    compact_ids : bool, optional
        Renumber the ids that appear to ``0..k-1`` in ascending order
        (:func:`read_edge_list_arrays` returns the original ids).
    one_based : bool, optional
        The file's ids start at 1 (an id 0 is then an error).
    self_loops : {"keep", "drop", "error"}, optional
        What a line ``u u`` does; ``"error"`` raises at its line.
    duplicates : {"keep", "drop", "error"}, optional
        What a repeated pair does: kept; dropped (the first in file order
        stays, with its weights); or an error at the line of the repeat. In
        an undirected graph ``(u, v)`` and ``(v, u)`` are the same pair.
    vertex_dtype : {"int32", "int64"}, optional
        The id type; None (the default): int32 unless an id needs int64.
    properties : GraphProperties, optional
        The graph's other properties (row order, parallel edges, semantics,
        ...); its ``num_weights`` and ``vertex_dtype`` are not used (``weights``
        and ``vertex_dtype`` decide), and its offset type is widened to int64
        when the graph needs it.
    resources : Resources, optional
        Where to parse (in parallel); default :func:`dyng.get_default_resources`.
    **property_keywords
        ``row_order``, ``multi_edges``, ``store_transposed``, ``offset_dtype``,
        ``semantics``: override fields of ``properties``.

    Returns
    -------
    Graph
        A new graph with ``1 + max id`` vertices (the compacted count, or
        ``N`` of the writer's first line).

    Raises
    ------
    FileFormatError
        For a malformed or unreadable file, with ``.path``, ``.line`` and
        ``.column`` (a negative id, a bad or missing field, a weight count
        that differs from the first data line's, a reported self-loop or
        duplicate, a CR line end, a header line's ``N`` below 1 + max id).
    InvalidArgumentError
        For a keyword of the wrong type or value.
    CapacityError
        For an id past ``vertex_dtype``.

    Examples
    --------
    >>> import dyng, pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "g.txt"
    >>> _ = p.write_text("# FromNodeId ToNodeId\\n0 1\\n1 2\\n")
    >>> g = dyng.io.read_edge_list(p)
    >>> g.num_vertices, g.num_edges, g.num_weights
    (3, 2, 0)
    """
    p = _path(path)
    unknown = set(property_keywords) - set(EdgeListKeywords.__annotations__)
    if unknown:
        raise TypeError(f"read_edge_list() got unexpected keywords: {sorted(unknown)}")
    vdt, k, loops, dups = _el_args(weights, self_loops, duplicates, vertex_dtype)
    compact = check_bool(compact_ids, "compact_ids")
    base1 = check_bool(one_based, "one_based")
    kw = property_keywords
    if directed is None and properties is None and _el_undirected(p):
        directed = False  # what write_edge_list wrote for an undirected graph
    merged = merge_properties(
        properties,
        num_weights=None,
        directed=None if directed is None else check_bool(directed, "directed"),
        row_order=kw.get("row_order"),
        multi_edges=kw.get("multi_edges"),
        store_transposed=kw.get("store_transposed"),
        semantics=kw.get("semantics"),
    )
    offset_dtype = kw.get("offset_dtype")
    if offset_dtype is not None:
        merged.offset_dtype = dtype_name(offset_dtype, "offset_dtype")
    merged.num_weights = 0  # the file decides (the native reader sets both)
    merged.vertex_dtype = "int32"
    return Graph._wrap(
        native.el_read_graph(
            p,
            vdt,
            k,
            compact,
            base1,
            loops,
            dups,
            merged.to_native(),
            native_resources(resources),
        )
    )


def read_edge_list_arrays(
    path: PathLike,
    *,
    weights: int | None = None,
    compact_ids: bool = False,
    one_based: bool = False,
    self_loops: str = "keep",
    duplicates: str = "keep",
    vertex_dtype: npt.DTypeLike | None = None,
    resources: Resources | None = None,
) -> EdgeListArrays:
    """Read an edge list into 0-based edge arrays.

    The format and the keywords are those of :func:`read_edge_list` (pairs
    are ordered here: ``(u, v)`` and ``(v, u)`` are different).

    Parameters
    ----------
    path : str or os.PathLike
        The file (plain or gzip-compressed).
    weights : int, optional
        None (the default): the first data line's column count after the ids;
        ``K``: the first ``K`` columns, the rest ignored.
    compact_ids, one_based : bool, optional
        Renumber the ids that appear (ascending); ids start at 1.
    self_loops, duplicates : {"keep", "drop", "error"}, optional
        The policies.
    vertex_dtype : {"int32", "int64"}, optional
        The id type of the arrays; None: int32 unless an id needs int64.
    resources : Resources, optional
        Where to parse; default :func:`dyng.get_default_resources`.

    Returns
    -------
    EdgeListArrays
        ``(num_vertices, src, dst, weights, ids)``.

    Raises
    ------
    FileFormatError
        For a malformed or unreadable file (with path, line and column).
    CapacityError
        For an id past ``vertex_dtype``.

    Examples
    --------
    >>> import dyng, pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "g.csv"
    >>> _ = p.write_text("10, 20, 5\\n20, 30, 6\\n")
    >>> a = dyng.io.read_edge_list_arrays(p, compact_ids=True)
    >>> a.src.tolist(), a.dst.tolist(), a.weights.tolist(), a.ids.tolist()
    ([0, 1], [1, 2], [[5], [6]], [10, 20, 30])
    """
    p = _path(path)
    vdt, k, loops, dups = _el_args(weights, self_loops, duplicates, vertex_dtype)
    compact = check_bool(compact_ids, "compact_ids")
    base1 = check_bool(one_based, "one_based")
    n, s, d, w, num_weights, got, ids = native.el_read_arrays(
        p, vdt, k, compact, base1, loops, dups, native_resources(resources)
    )
    weights_out = None
    if w is not None:
        weights_out = np.frombuffer(w, dtype="<i4").reshape(-1, num_weights)
    return EdgeListArrays(
        n,
        np.frombuffer(s, dtype=_LE[got]),
        np.frombuffer(d, dtype=_LE[got]),
        weights_out,
        None if ids is None else np.frombuffer(ids, dtype="<i8"),
    )


def write_edge_list(path: PathLike, graph: Graph) -> None:
    """Write a graph's edges as an edge list.

    A ``# dynG edge list: N vertices, M edges, K weights, undirected`` (or
    ``directed``) comment line, then
    ``u<TAB>v[<TAB>w1 .. wK]`` per edge (every weight column), in the order
    of :meth:`dyng.Graph.edges` (an undirected edge once, as ``u <= v``).
    :func:`read_edge_list` takes the vertex count from that line, and
    ``, undirected`` (or ``, directed``) at its end makes an undirected
    graph read back undirected.

    Parameters
    ----------
    path : str or os.PathLike
        The file; compressed when the name ends in ``.gz``.
    graph : Graph
        The graph.

    Raises
    ------
    FileFormatError
        When the file cannot be written.
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"expected a dyng.Graph, got {type(graph).__name__}")
    native.el_write_graph(graph._g, _path(path))


def write_edge_list_arrays(
    path: PathLike,
    src: npt.ArrayLike,
    dst: npt.ArrayLike,
    weights: npt.ArrayLike | None = None,
    *,
    num_vertices: int | None = None,
) -> None:
    """Write 0-based edge arrays as an edge list.

    The layout of :func:`write_edge_list`; :func:`read_edge_list_arrays`
    reads the file back into equal arrays and ``num_vertices``.

    Parameters
    ----------
    path : str or os.PathLike
        The file; compressed when the name ends in ``.gz``.
    src, dst : array_like
        0-based ids.
    weights : array_like, optional
        One integer per edge (1-D) or an ``(m, K)`` array, int32 values.
    num_vertices : int, optional
        For the header line and the id check; default ``1 + max id``.

    Raises
    ------
    InvalidArgumentError
        For bad arrays, ``num_vertices`` that is not an integer, or an id
        outside ``[0, num_vertices)``.
    FileFormatError
        When the file cannot be written.
    """
    p = _path(path)
    n = None if num_vertices is None else check_num_vertices(num_vertices)
    s = natural_ids(src, "src")
    d = natural_ids(dst, "dst")
    if len(s) != len(d):
        raise InvalidArgumentError(f"src has {len(s)} ids but dst has {len(d)}")
    vdt = wider(str(s.dtype), str(d.dtype))
    s, d = to_ids(s, vdt, "src"), to_ids(d, vdt, "dst")
    w = weights_array(weights, len(s))
    if n is None:
        n = 1 + max(int(s.max()), int(d.max())) if len(s) else 0
    k = 0 if w is None else int(w.shape[1])
    native.el_write_arrays(p, n, s, d, w, k)


def iter_batches(
    path: PathLike, *, vertex_dtype: npt.DTypeLike = "int64", num_weights: int | None = None
) -> Iterator[EdgeBatch]:
    """Stream the batches of a ``.dgt`` or ``.dgb`` file, one in memory at a time.

    Parameters
    ----------
    path : str or os.PathLike
        The file (plain or gzip-compressed). Its content decides the format:
        a ``.dgb`` file starts with the ``.dgb`` magic bytes, anything else is
        read as ``.dgt`` text. A plain ``.dgb`` file is memory-mapped.
    vertex_dtype : {"int64", "int32"}, optional
        The id type of the batches' arrays (default int64; applying converts
        to a graph's type with a range check).
    num_weights : int, optional
        Weights per insertion; None takes the count of the first ``+e`` line
        of the file, in whichever batch (``.dgt``), or the file's header
        (``.dgb``, where a given count must match it).

    Returns
    -------
    iterator of EdgeBatch
        The batches in file order, with their ids. The file is opened at once
        (so a missing file raises here) and closed when the iterator is
        exhausted or closed.

    Raises
    ------
    FileFormatError
        For a malformed or unreadable file (also while iterating): a ``.dgb``
        batch is returned only after its checksums match, so a truncated or
        corrupted file raises instead of giving half a batch.

    Examples
    --------
    >>> import dyng, pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "stream.dgb"
    >>> dyng.io.write_batches(p, [dyng.EdgeBatch(insert=([0], [1])), dyng.EdgeBatch(id=5)])
    >>> [(b.id, b.num_insertions) for b in dyng.io.iter_batches(p)]
    [(0, 1), (5, 0)]
    """
    p = _path(path)
    vdt = dtype_name(vertex_dtype, "vertex_dtype")
    k = weights_arg(num_weights)
    reader = native.BatchReader(p, vdt, k)
    return _batches(reader)


def _batches(reader: _core.BatchReader) -> Iterator[EdgeBatch]:
    try:
        while True:
            nb = reader.next()
            if nb is None:
                return
            yield EdgeBatch._from_native(nb)
    finally:
        reader.close()


def read_batches(
    path: PathLike, *, vertex_dtype: npt.DTypeLike = "int64", num_weights: int | None = None
) -> list[EdgeBatch]:
    """Read every batch of a ``.dgt`` or ``.dgb`` file.

    Parameters
    ----------
    path, vertex_dtype, num_weights
        As for :func:`iter_batches`.

    Returns
    -------
    list of EdgeBatch
        The batches in file order.
    """
    return list(iter_batches(path, vertex_dtype=vertex_dtype, num_weights=num_weights))


def write_batches(
    path: PathLike,
    batches: Iterable[EdgeBatch],
    *,
    vertex_dtype: npt.DTypeLike | None = None,
) -> None:
    """Write batches as a ``.dgt`` file, or as ``.dgb`` when the name says so.

    ``.dgt`` (text): each batch becomes ``%batch <id>``, its deletions as
    ``-e u v`` lines, then its insertions as ``+e u v w...`` lines. ``.dgb``
    (binary, for long streams: a name ending in ``.dgb`` or ``.dgb.gz``):
    a versioned header, then each batch's arrays, little-endian, with a
    checksum per batch, then an end record (the layout is in
    ``include/dyng/io.h``). Reading either back gives equal batches.

    A write that fails part way (a batch refused, or ``batches`` raising, as
    a generator reading a malformed file does) keeps the batches written but
    marks the file incomplete: a ``.dgb`` file has no end record, a ``.dgt``
    file ends with a ``%aborted`` line, so that reading it raises
    :class:`~dyng.errors.FileFormatError` after those batches instead of
    passing for a whole stream.

    Parameters
    ----------
    path : str or os.PathLike
        The file; compressed when the name ends in ``.gz``.
    batches : iterable of EdgeBatch
        Ids must strictly increase; every batch with insertions must have the
        same number of weights. Written as the iterable yields them, so a
        generator (:func:`iter_batches`) streams in constant memory.
    vertex_dtype : {"int32", "int64"}, optional
        The id width of a ``.dgb`` file. None: int32 when ``batches`` is a
        sequence whose ids all fit, otherwise int64.

    Raises
    ------
    InvalidArgumentError
        For ids that do not increase, batches with different weight counts,
        a negative vertex id (no batch file holds one), or an id past an
        int32 ``vertex_dtype``. A sequence of batches is checked for negative
        ids before the file is created; a batch of a generator is refused
        when it comes.
    FileFormatError
        When the file cannot be written.
    """
    p = _path(path)
    binary = p.endswith((".dgb", ".dgb.gz"))
    if isinstance(batches, Sequence):
        for b in batches:
            _check_ids(_checked_batch(b))
    if vertex_dtype is not None:
        vdt = dtype_name(vertex_dtype, "vertex_dtype")
    elif isinstance(batches, Sequence):
        vdt = "int32" if all(_fits_int32(b) for b in batches) else "int64"
    else:
        vdt = "int64"
    # The weight count comes first in a file: hold the batches up to the first
    # one with insertions (batches of deletions only fit any count).
    it = iter(batches)
    head: list[EdgeBatch] = []
    for b in it:
        head.append(_check_ids(_checked_batch(b)))
        if b.num_insertions:
            break
    k = head[-1].num_weights if head and head[-1].num_insertions else 0

    def natives() -> Iterator[_core.EdgeBatch]:
        for b in itertools.chain(head, it):
            b = _checked_batch(b)
            if b.num_insertions and b.num_weights != k:
                raise InvalidArgumentError(
                    f"batch {b.id} has {b.num_weights} weights per insertion; the batches "
                    f"before it have {k} (a batch file has one count for every insertion)"
                )
            yield b._native(k)

    native.batches_write(p, natives(), binary, vdt, k)


def _checked_batch(b: object) -> EdgeBatch:
    if not isinstance(b, EdgeBatch):
        raise TypeError(f"expected dyng.EdgeBatch values, got {type(b).__name__}")
    return b


def _check_ids(b: EdgeBatch) -> EdgeBatch:
    """``b``, when none of its ids is negative (what the native writers refuse too)."""
    for what, src, dst in (
        ("deletion", b.delete_src, b.delete_dst),
        ("insertion", b.insert_src, b.insert_dst),
    ):
        bad = np.flatnonzero((src < 0) | (dst < 0))
        if len(bad):
            i = int(bad[0])
            raise InvalidArgumentError(
                f"batch {b.id}: {what} {i} is ({int(src[i])}, {int(dst[i])}); vertex ids are 0 "
                "or more (a batch file cannot hold a negative id)"
            )
    return b


def _fits_int32(b: EdgeBatch) -> bool:
    _checked_batch(b)
    return all(
        len(a) == 0 or (int(a.max()) <= INT32_MAX and int(a.min()) >= -INT32_MAX - 1)
        for a in (b.insert_src, b.insert_dst, b.delete_src, b.delete_dst)
    )


__dir__ = public_dir(globals(), __all__)
