"""Bridges to the libraries users already hold their graphs in: SciPy, NetworkX, igraph, NetworKit.

Each bridge imports its library only when called, so ``import dyng`` needs none
of them. Vertices are ``0..n-1`` on both sides (NetworkX's nodes of other kinds
through a ``nodelist``, as NetworkX's own converters take it, igraph's names
through ``to_igraph(g, names=...)``, and NetworKit's removed node ids as
isolated vertices); weights are dynG's int32 weight columns (integral floats
are accepted and converted, anything else is refused).

========================  =====================================================
``from_scipy(m)``         a square sparse matrix, entry ``(i, j)`` = edge i->j
``to_scipy(g)``           a ``scipy.sparse.csr_array`` of one weight column
``from_networkx(G)``      ``nx.Graph`` / ``DiGraph`` / multigraphs
``to_networkx(g)``        the same kinds back, weights as edge attributes
``from_igraph(G)``        an ``igraph.Graph``, weights from edge attributes
``to_igraph(g)``          an ``igraph.Graph`` with the weights as attributes
``from_networkit(G)``     a ``networkit.Graph``, its float64 weights as int32
``to_networkit(g)``       a ``networkit.Graph`` of one weight column
========================  =====================================================

Examples
--------
>>> import scipy.sparse as sp
>>> m = sp.csr_array(([4.0, 2.0, 7.0], ([0, 0, 1], [1, 2, 2])), shape=(3, 3))
>>> g = from_scipy(m)
>>> g.num_vertices, g.num_edges, g.edges()[2].ravel().tolist()
(3, 3, [4, 2, 7])
>>> to_scipy(g).toarray().tolist()
[[0, 4, 2], [0, 0, 7], [0, 0, 0]]
"""

from __future__ import annotations

import importlib
import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from dyng._convert import INT32_MAX, INT32_MIN
from dyng._graph import Graph, PropertyKeywords
from dyng._namespace import public_dir
from dyng._properties import GraphProperties, check_bool, check_choice
from dyng._resources import Resources
from dyng.errors import InvalidArgumentError

if TYPE_CHECKING:
    from typing import Unpack

__all__ = [
    "from_igraph",
    "from_networkit",
    "from_networkx",
    "from_scipy",
    "to_igraph",
    "to_networkit",
    "to_networkx",
    "to_scipy",
]

WeightNames = str | Sequence[str] | None


def _require(module: str, caller: str) -> Any:
    """Import ``module`` for ``caller``, or say how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        package = {"scipy.sparse": "scipy"}.get(module, module)
        raise ImportError(
            f"dyng.interop.{caller}() needs {package}; install it with pip install {package}"
        ) from e


def _integral(values: npt.ArrayLike, what: str) -> npt.NDArray[np.int32]:
    """Weights as int32: integers within int32, or floats with integral values there."""
    a = np.asarray(values)
    if a.dtype.kind == "O":  # Python ints past int64, or values NumPy could not type
        for i, v in enumerate(a.ravel()):
            if isinstance(v, bool) or not isinstance(v, int | float | np.integer | np.floating):
                raise InvalidArgumentError(
                    f"{what}: weight {v!r} at position {i} is a {type(v).__name__}; expected "
                    "integers (or floats with integral values) within int32"
                )
            if isinstance(v, int | np.integer) and not INT32_MIN <= v <= INT32_MAX:
                raise InvalidArgumentError(
                    f"{what}: weight {int(v)} at position {i} is outside int32 "
                    f"[{INT32_MIN}, {INT32_MAX}]"
                )
        a = a.astype(np.float64)
    if a.dtype.kind == "b" or a.dtype.kind not in "iuf":
        raise InvalidArgumentError(
            f"{what}: expected integer or integral float weights, got dtype {a.dtype}"
        )
    if a.size == 0:
        return np.zeros(a.shape, dtype=np.int32)
    if a.dtype.kind == "f":
        bad = ~np.isfinite(a) | (a != np.round(a))
        if bad.any():
            i = int(np.flatnonzero(bad.ravel())[0])
            raise InvalidArgumentError(
                f"{what}: weight {a.ravel()[i].item()!r} at position {i} is not an integer; dynG's "
                "weights are int32 (scale and round them first)"
            )
    lo, hi = a.min(), a.max()
    if lo < INT32_MIN or hi > INT32_MAX:
        v = lo if lo < INT32_MIN else hi
        raise InvalidArgumentError(
            f"{what}: weight {v.item()!r} is outside int32 [{INT32_MIN}, {INT32_MAX}]"
        )
    return a.astype(np.int32)


def _names(weight: WeightNames, what: str) -> list[str]:
    """The attribute names a ``weight`` argument asks for (none, one, or K)."""
    if weight is None:
        return []
    if isinstance(weight, str):
        return [weight]
    if not isinstance(weight, Iterable):
        raise InvalidArgumentError(
            f"{what}: expected None, a name or a sequence of names, got {type(weight).__name__}"
            " (dynG reads weights from edge attributes, not from a function)"
        )
    names = list(weight)
    if not all(isinstance(n, str) for n in names):
        raise InvalidArgumentError(f"{what}: expected None, a name or a sequence of names")
    if len(names) > 64:
        raise InvalidArgumentError(f"{what}: {len(names)} weights per edge; at most 64")
    return names


def _out_names(weight: WeightNames, k: int) -> list[str]:
    """Attribute names for a graph's ``k`` weight columns (``weight``, or ``weight_0..``)."""
    if weight is None or k == 0:
        return []
    if isinstance(weight, str):
        return [weight] if k == 1 else [f"{weight}_{i}" for i in range(k)]
    names = _names(weight, "weight")
    if len(names) != k:
        raise InvalidArgumentError(
            f"weight: {len(names)} names for a graph with {k} weights per edge"
        )
    return names


def _numbered(weight: WeightNames, carried: Iterable[str]) -> list[str] | None:
    """The columns ``weight_0, weight_1, ...`` that the edges carry when a single
    name ``weight`` is asked for and no edge carries it (what :func:`to_networkx`
    and :func:`to_igraph` write for a graph of several weight columns), or None."""
    if not isinstance(weight, str):
        return None
    have = set(carried)
    if weight in have or f"{weight}_0" not in have:
        return None
    names: list[str] = []
    while f"{weight}_{len(names)}" in have and len(names) < 64:
        names.append(f"{weight}_{len(names)}")
    return names


def _attribute_columns(
    records: Sequence[Any],
    names: list[str],
    default: int | float | None,
    what: str,
    listed: bool,
) -> npt.NDArray[np.int32] | None:
    """One int32 column per name from per-edge attribute mappings: an absent or None
    value weighs ``default``. A name of a list (``listed``) that no edge carries is
    refused, as a misspelt column would be."""
    if not names:
        return None
    columns = []
    for name in names:
        values = [rec.get(name) for rec in records]
        for i, v in enumerate(values):
            if isinstance(v, bool | np.bool_):  # NumPy would read True as 1
                raise InvalidArgumentError(
                    f"{what}: edge {i} has {name}={v!r}; weights are integers, not bools"
                )
        if listed and records and all(v is None for v in values):
            raise InvalidArgumentError(
                f"{what}: no edge has the attribute {name!r}, one of the weight names "
                f"{names}; name attributes that the edges carry"
            )
        for i, v in enumerate(values):
            if v is None:
                if default is None:
                    raise InvalidArgumentError(
                        f"{what}: edge {i} has no value for the attribute {name!r} and default "
                        f"is None (pass default=... to fill it)"
                    )
                values[i] = default
        columns.append(_integral(np.asarray(values), f"{what} attribute {name!r}"))
    return np.stack(columns, axis=1) if columns else None


def _build(
    n: int,
    src: npt.ArrayLike,
    dst: npt.ArrayLike,
    weights: npt.NDArray[np.int32] | None,
    directed: bool,
    multi: bool,
    properties: GraphProperties | None,
    resources: Resources | None,
    kw: Mapping[str, Any],
    caller: str,
) -> Graph:
    unknown = set(kw) - set(PropertyKeywords.__annotations__)
    if unknown:
        raise TypeError(f"{caller}() got unexpected keywords: {sorted(unknown)}")
    keywords: dict[str, Any] = dict(kw)
    # What the source is (directed or not, with parallel edges or not) holds
    # over `properties`, whose other fields (order, semantics, dtypes) apply;
    # only the keywords override it.
    keywords.setdefault("directed", directed)
    if multi:
        keywords.setdefault("multi_edges", "allow")
    s = np.asarray(src, dtype=np.int64)
    d = np.asarray(dst, dtype=np.int64)
    if n <= INT32_MAX and "vertex_dtype" not in keywords:
        s, d = s.astype(np.int32), d.astype(np.int32)
    return Graph.from_edges(
        s,
        d,
        weights,
        num_vertices=n,
        properties=properties,
        resources=resources,
        **keywords,
    )


# -- SciPy -------------------------------------------------------------------


def from_scipy(
    matrix: Any,
    *,
    weighted: bool | None = None,
    properties: GraphProperties | None = None,
    resources: Resources | None = None,
    **property_keywords: Unpack[PropertyKeywords],
) -> Graph:
    """Build a graph from a square SciPy sparse matrix or array.

    Parameters
    ----------
    matrix : scipy.sparse matrix or array
        Any format (CSR, CSC, COO, ...), shape ``(n, n)``. Every stored entry
        ``(i, j)`` is an edge ``i -> j``, explicit zeros included (call
        ``matrix.eliminate_zeros()`` to drop them). Duplicate entries of a
        non-canonical matrix are summed, as SciPy reads them (the sum must
        fit int32), unless ``multi_edges="allow"``, which keeps each as a
        parallel edge.
    weighted : bool, optional
        Take the values as the one weight column (they must be integers, or
        floats with integral values, within int32). By default True, except
        for boolean matrices; False reads the pattern only.
    properties : GraphProperties, optional
        The graph's properties (``directed`` and the keywords below override
        its fields).
    resources : Resources, optional
        Where to build; default :func:`dyng.get_default_resources`.
    **property_keywords
        ``directed``: True (default) for a directed graph; False makes each
        entry the undirected edge ``{i, j}``, which a matrix may store once
        (upper or lower triangle) or twice (symmetric, as :func:`to_scipy`
        writes it). Without parallel edges every value stored for ``{i, j}``
        must agree and the graph gets one edge. With
        ``multi_edges="allow"`` each entry of ``(i, j)`` is one edge ``{i,
        j}``; when the matrix also stores ``(j, i)``, those entries must hold
        the same values (as a multiset) and mirror them, so a symmetric
        matrix of ``p`` parallel edges gives ``p`` edges, not ``2p``; each
        diagonal entry is one self-loop. ``row_order``, ``multi_edges``,
        ``store_transposed``, ``vertex_dtype``, ``offset_dtype``,
        ``semantics`` as in :meth:`Graph.from_edges`.

    Returns
    -------
    Graph
        A new graph with ``n`` vertices.

    Raises
    ------
    InvalidArgumentError
        For a matrix that is not square or not sparse, non-integral or
        out-of-range values, or (``directed=False``) values of one edge that
        differ (with ``multi_edges="allow"``: ``(i, j)`` and ``(j, i)``
        entries that do not mirror each other).
    ImportError
        When SciPy is not installed.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> m = sp.coo_array(([3, 3], ([0, 1], [1, 0])), shape=(2, 2))
    >>> from_scipy(m, directed=False).num_edges
    1
    """
    sparse = _require("scipy.sparse", "from_scipy")
    if not sparse.issparse(matrix):
        raise InvalidArgumentError(
            f"from_scipy: expected a scipy.sparse matrix or array, got {type(matrix).__name__}"
        )
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise InvalidArgumentError(f"from_scipy: expected a square matrix, got {matrix.shape}")
    n = int(matrix.shape[0])
    coo = matrix.tocoo()
    row = np.asarray(coo.row, dtype=np.int64)
    col = np.asarray(coo.col, dtype=np.int64)
    data = np.asarray(coo.data)
    if weighted is None:
        weighted = data.dtype.kind != "b"
    weighted = check_bool(weighted, "weighted")
    directed = check_bool(
        property_keywords.get("directed", True if properties is None else properties.directed),
        "directed",
    )
    multi = check_choice(
        property_keywords.get(
            "multi_edges", "forbid" if properties is None else properties.parallel_edges
        ),
        ("forbid", "allow"),
        "multi_edges",
    )
    if multi == "forbid" and len(row) > 1 and not getattr(coo, "has_canonical_format", False):
        row, col, data = _summed(n, row, col, data)
    w = _integral(data, "from_scipy: values") if weighted else None
    if not directed:
        if multi == "allow":
            row, col, w = _undirected_multi_entries(row, col, w)
        else:
            row, col, w = _undirected_entries(row, col, w)
    return _build(
        n,
        row,
        col,
        None if w is None else w.reshape(-1, 1),
        directed,
        False,
        properties,
        resources,
        property_keywords,
        "from_scipy",
    )


def _pair_keys(n: int, row: npt.NDArray[np.int64], col: npt.NDArray[np.int64]) -> npt.NDArray[Any]:
    """One sortable key per (row, col) pair: ``row * n + col`` while it fits int64
    (one key sorts several times faster than ``np.lexsort`` of two), else a
    structured pair."""
    if n <= 3_037_000_499:  # n * n < 2**63
        return row * n + col
    key = np.empty(len(row), dtype=[("r", np.int64), ("c", np.int64)])
    key["r"], key["c"] = row, col
    return key


def _summed(
    n: int, row: npt.NDArray[np.int64], col: npt.NDArray[np.int64], data: npt.NDArray[Any]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[Any]]:
    """The entries with each duplicate ``(i, j)`` summed, as SciPy reads a
    non-canonical matrix (in int64 or float64, so that a sum past int32 is
    reported as such; booleans stay booleans: a pattern). Unchanged when there
    is no duplicate."""
    key = _pair_keys(n, row, col)
    order = np.argsort(key)
    key = key[order]
    first = np.ones(len(key), dtype=bool)
    first[1:] = key[1:] != key[:-1]
    if first.all():
        return row, col, data
    starts = np.flatnonzero(first)
    values = data[order]
    if values.dtype.kind == "b":
        summed: npt.NDArray[Any] = np.logical_or.reduceat(values, starts)
    else:
        wide = np.float64 if values.dtype.kind in "fc" else np.int64
        summed = np.add.reduceat(values.astype(wide), starts)
    return row[order][starts], col[order][starts], summed


def _undirected_entries(
    row: npt.NDArray[np.int64], col: npt.NDArray[np.int64], w: npt.NDArray[np.int32] | None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int32] | None]:
    """Each unordered pair once, checking that the values stored for it agree."""
    lo, hi = np.minimum(row, col), np.maximum(row, col)
    n = int(hi.max()) + 1 if len(hi) else 0
    order = np.argsort(_pair_keys(n, lo, hi))
    lo, hi = lo[order], hi[order]
    first = np.ones(len(lo), dtype=bool)
    first[1:] = (lo[1:] != lo[:-1]) | (hi[1:] != hi[:-1])
    if w is not None:
        w = w[order]
        group = np.cumsum(first) - 1
        starts = w[first]
        bad = np.flatnonzero(w != starts[group])
        if len(bad):
            i = int(bad[0])
            raise InvalidArgumentError(
                f"from_scipy: the matrix is not symmetric: edge {{{lo[i]}, {hi[i]}}} is stored "
                f"with values {int(starts[group[i]])} and {int(w[i])}; pass directed=True, "
                "multi_edges='allow' (for parallel edges), or make it symmetric (for example "
                "(m + m.T) / 2 or scipy.sparse.triu(m))"
            )
        w = starts
    return lo[first], hi[first], w


def _undirected_multi_entries(
    row: npt.NDArray[np.int64], col: npt.NDArray[np.int64], w: npt.NDArray[np.int32] | None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int32] | None]:
    """The edges ``{i, j}`` of a matrix with parallel edges (``multi_edges="allow"``).

    Each ``(i, j)`` entry with ``i <= j`` is an edge, in stored order. The
    ``(j, i)`` entries (``i < j``) are the edges too when the matrix stores
    no ``(i, j)``; when it stores both, the lower ones mirror the upper ones
    and must hold the same values (as a multiset).
    """
    lo, hi = np.minimum(row, col), np.maximum(row, col)
    lower = row > col
    values = np.zeros(len(lo), dtype=np.int64) if w is None else w.astype(np.int64)
    # pairs grouped, upper entries (values sorted) before lower ones
    order = np.lexsort((values, lower, hi, lo))
    lo_s, hi_s, lower_s, v_s = lo[order], hi[order], lower[order], values[order]
    first = np.ones(len(lo), dtype=bool)
    first[1:] = (lo_s[1:] != lo_s[:-1]) | (hi_s[1:] != hi_s[:-1])
    group = np.cumsum(first) - 1
    starts = np.flatnonzero(first)
    ups = np.bincount(group, weights=~lower_s, minlength=len(starts)).astype(np.int64)
    downs = np.bincount(group, weights=lower_s, minlength=len(starts)).astype(np.int64)
    both = (ups > 0) & (downs > 0)
    mismatch = both & (ups != downs)
    # lower entries of a pair stored both ways: the one they mirror is up-count before
    mirrored = lower_s & both[group]
    i_low = np.flatnonzero(mirrored)
    partner = i_low - ups[group[i_low]]
    differs = np.zeros(len(starts), dtype=bool)
    ok = ~mismatch[group[i_low]]
    differs[group[i_low[ok]]] |= v_s[i_low[ok]] != v_s[partner[ok]]
    bad = np.flatnonzero(mismatch | differs)
    if len(bad):
        g = int(bad[0])
        members = np.arange(starts[g], starts[g] + ups[g] + downs[g])
        i, j = int(lo_s[starts[g]]), int(hi_s[starts[g]])
        up_vals = v_s[members[~lower_s[members]]].tolist()
        down_vals = v_s[members[lower_s[members]]].tolist()
        what = "values" if w is not None else "entries"
        shown_up = up_vals if w is not None else len(up_vals)
        shown_down = down_vals if w is not None else len(down_vals)
        raise InvalidArgumentError(
            f"from_scipy: the matrix is not symmetric: edge {{{i}, {j}}} is stored as "
            f"({i}, {j}) with {what} {shown_up} and as ({j}, {i}) with {what} {shown_down}; "
            "with multi_edges='allow' the entries of one side are the parallel edges and the "
            "other side, if stored, must mirror them (pass directed=True, or keep one "
            "triangle: scipy.sparse.triu(m))"
        )
    keep = ~lower | (lower & ~both[group[np.argsort(order)]])
    idx = np.flatnonzero(keep)
    idx = idx[np.lexsort((idx, hi[idx], lo[idx]))]  # pairs in order, stored order within
    return lo[idx], hi[idx], None if w is None else w[idx]


def to_scipy(
    graph: Graph, *, weight: int | None = 0, transposed: bool = False, parallel: str = "keep"
) -> Any:
    """Export a graph as a ``scipy.sparse.csr_array``.

    Parameters
    ----------
    graph : Graph
        The graph; an undirected graph gives a symmetric matrix.
    weight : int or None, optional
        The weight column to use as the values (default the first); None,
        or a graph without weights, gives ones.
    transposed : bool, optional
        Row ``v`` lists the edges into ``v`` (the transpose).
    parallel : {"keep", "min"}, optional
        What parallel edges (of a graph that keeps them) become: ``"keep"``
        (the default), separate stored entries, which SciPy adds together
        (``scipy.sparse.csgraph`` too: its shortest paths then see the sum);
        ``"min"``, one entry with the smallest value, the edge a shortest
        path takes, so that csgraph's distances are dynG's.

    Returns
    -------
    scipy.sparse.csr_array
        ``(n, n)`` with int64 values (dynG's weights are int32; int64 leaves
        room for SciPy's sums of parallel entries and products).

    Raises
    ------
    InvalidArgumentError
        For a weight column the graph does not have, or another ``parallel``.
    ImportError
        When SciPy is not installed.

    Examples
    --------
    >>> import dyng, scipy.sparse.csgraph as csgraph
    >>> g = dyng.Graph.from_edges([0, 0], [1, 1], [5, 2], multi_edges="allow")
    >>> csgraph.dijkstra(to_scipy(g), indices=0).tolist()  # 5 + 2
    [0.0, 7.0]
    >>> csgraph.dijkstra(to_scipy(g, parallel="min"), indices=0).tolist()
    [0.0, 2.0]
    """
    sparse = _require("scipy.sparse", "to_scipy")
    k = graph.num_weights
    column = _column(weight, k)
    if parallel not in ("keep", "min"):
        raise InvalidArgumentError(f"parallel is {parallel!r}; accepted: 'keep' or 'min'")
    row_ptr, col, w = graph.to_csr(transposed=transposed)
    # int64 values: SciPy adds parallel entries together (and a product sums
    # products), which int32 values would wrap past 2**31 - 1.
    if column is None or w is None:
        values = np.ones(len(col), dtype=np.int64)
    else:
        values = w[:, column].astype(np.int64)
    n = graph.num_vertices
    if parallel == "min" and graph.properties.parallel_edges == "allow" and len(col):
        rows = np.repeat(np.arange(n, dtype=np.int64), np.diff(row_ptr))
        cols = col.astype(np.int64)
        if graph.properties.order != "sorted":  # sorted rows hold each pair's copies together
            order = np.argsort(_pair_keys(n, rows, cols))
            rows, cols, values = rows[order], cols[order], values[order]
        first = np.ones(len(cols), dtype=bool)
        first[1:] = (rows[1:] != rows[:-1]) | (cols[1:] != cols[:-1])
        starts = np.flatnonzero(first)
        least = np.minimum.reduceat(values, starts)  # each pair's smallest value
        return sparse.csr_array((least, (rows[starts], cols[starts])), shape=(n, n))
    return sparse.csr_array((values, col, row_ptr), shape=(n, n))


def _column(weight: int | None, k: int) -> int | None:
    if weight is None or k == 0:
        if weight not in (None, 0):
            raise InvalidArgumentError(f"weight: column {weight} of an unweighted graph")
        return None
    expected = f"weight: expected a column number or None, got {type(weight).__name__}"
    if isinstance(weight, bool | np.bool_):  # True is no column 1
        raise InvalidArgumentError(expected)
    try:
        c = operator.index(weight)
    except TypeError:
        raise InvalidArgumentError(expected) from None
    if not 0 <= c < k:
        raise InvalidArgumentError(f"weight: column {c} of a graph with columns 0..{k - 1}")
    return c


# -- NetworkX ----------------------------------------------------------------


def _int_nodes(nodes: Iterable[Any], caller: str, hint: str) -> int:
    """The vertex count for integer node labels ``>= 0`` (1 + the largest, 0 for none)."""
    n = 0
    for v in nodes:
        if isinstance(v, bool) or not isinstance(v, int | np.integer) or v < 0:
            raise InvalidArgumentError(
                f"{caller}: node {v!r} is not a non-negative integer; dynG's vertices are "
                f"0..n-1 ({hint})"
            )
        if v >= 2**63 - 1:
            raise InvalidArgumentError(
                f"{caller}: node {v} is past the largest vertex id, 2**63 - 2"
            )
        n = max(n, int(v) + 1)
    return n


def _node_index(G: Any, nodelist: Iterable[Any]) -> dict[Any, int]:
    """Each node of ``nodelist`` to its position: the vertex ids of ``from_networkx``."""
    index: dict[Any, int] = {}
    for i, v in enumerate(nodelist):
        if v not in G:  # NetworkX answers False for an unhashable v
            raise InvalidArgumentError(
                f"from_networkx: nodelist[{i}] = {v!r} is not a node of G; "
                "a node list holds nodes of G (a subset keeps the edges among them)"
            )
        if index.setdefault(v, i) != i:
            raise InvalidArgumentError(
                f"from_networkx: nodelist[{i}] = {v!r} repeats nodelist[{index[v]}]; "
                "each node is listed at most once"
            )
    return index


def from_networkx(
    G: Any,
    *,
    nodelist: Iterable[Any] | None = None,
    weight: WeightNames = "weight",
    default: int | float | None = 1,
    properties: GraphProperties | None = None,
    resources: Resources | None = None,
    **property_keywords: Unpack[PropertyKeywords],
) -> Graph:
    """Build a graph from a NetworkX graph.

    Parameters
    ----------
    G : networkx.Graph, DiGraph, MultiGraph or MultiDiGraph
        Directed or not as ``G`` is; a multigraph keeps its parallel edges.
    nodelist : iterable of nodes, optional
        The nodes of ``G`` in the order of their vertex ids, as NetworkX's
        ``to_scipy_sparse_array`` takes it: vertex ``i`` is ``nodelist[i]``,
        any hashable node. A subset of the nodes keeps the edges among them.
        ``list(G)`` takes every node in ``G``'s order. None (default): the
        nodes must be integers ``>= 0`` and are the ids themselves; the graph
        has ``1 + max(node)`` vertices.
    weight : str, sequence of str or None, optional
        The edge attribute(s) to read as weight columns (default ``"weight"``;
        None: unweighted). One name that no edge carries, where the edges
        carry ``name_0``, ``name_1``, ... (what :func:`to_networkx` writes for
        several weight columns), reads those columns. Values must be
        integral, within int32.
    default : int, float or None, optional
        The weight of an edge without the attribute, or with None (default
        1, NetworkX's convention: so a graph whose edges carry no weight gets
        weights 1); None makes that an error. A name in a list of names that
        no edge carries is an error.
    properties : GraphProperties, optional
        The graph's properties (row order, semantics, dtypes); whether the
        graph is directed and keeps parallel edges still comes from ``G``
        unless the keywords ``directed`` and ``multi_edges`` say otherwise.
    resources : Resources, optional
        Where to build; default :func:`dyng.get_default_resources`.
    **property_keywords
        As in :meth:`Graph.from_edges` (``directed`` and ``multi_edges``
        override what ``G`` implies).

    Returns
    -------
    Graph
        A new graph.

    Raises
    ------
    InvalidArgumentError
        Without ``nodelist``, for a node that is not a non-negative integer;
        with it, for an entry that is not a node of ``G`` or is listed twice;
        for a missing or non-integral weight.
    ImportError
        When NetworkX is not installed.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.DiGraph([(0, 1, {"weight": 5}), (1, 2, {"weight": 2})])
    >>> from_networkx(G).edges()[2].ravel().tolist()
    [5, 2]

    Nodes of any kind, through a node list that names the ids:

    >>> import dyng
    >>> roads = nx.Graph([("Ayr", "Troon", {"weight": 7}), ("Troon", "Irvine", {"weight": 9})])
    >>> nodes = list(roads)
    >>> tree = dyng.sssp.compute(from_networkx(roads, nodelist=nodes), source=nodes.index("Ayr"))
    >>> dict(zip(nodes, tree.distances.to_numpy().tolist()))
    {'Ayr': 0, 'Troon': 7, 'Irvine': 16}
    """
    _require("networkx", "from_networkx")
    names = _names(weight, "weight")
    if nodelist is None:
        n = _int_nodes(
            G.nodes, "from_networkx", "pass nodelist=list(G) to number the nodes in G's order"
        )
        triples = list(G.edges(data=True))
        src = np.fromiter((t[0] for t in triples), dtype=np.int64, count=len(triples))
        dst = np.fromiter((t[1] for t in triples), dtype=np.int64, count=len(triples))
    else:
        index = _node_index(G, nodelist)
        n = len(index)
        sub = len(index) < G.number_of_nodes()
        triples = [t for t in G.edges(data=True) if not sub or (t[0] in index and t[1] in index)]
        src = np.fromiter((index[t[0]] for t in triples), dtype=np.int64, count=len(triples))
        dst = np.fromiter((index[t[1]] for t in triples), dtype=np.int64, count=len(triples))
    records = [t[2] for t in triples]
    numbered = None  # read the attributes' names only when no edge has `weight`
    if isinstance(weight, str) and not any(weight in rec for rec in records):
        numbered = _numbered(weight, {key for rec in records for key in rec})
    if numbered is not None:
        names = numbered
    w = _attribute_columns(
        records, names, default, "from_networkx", not isinstance(weight, str) or bool(numbered)
    )
    return _build(
        n,
        src,
        dst,
        w,
        bool(G.is_directed()),
        bool(G.is_multigraph()),
        properties,
        resources,
        property_keywords,
        "from_networkx",
    )


def to_networkx(
    graph: Graph, *, nodelist: Iterable[Any] | None = None, weight: WeightNames = "weight"
) -> Any:
    """Export a graph to NetworkX.

    Parameters
    ----------
    graph : Graph
        The graph.
    nodelist : iterable of nodes, optional
        One distinct hashable node per vertex: vertex ``i`` becomes
        ``nodelist[i]`` (the list :func:`from_networkx` took). None
        (default): the nodes are ``0..n-1``.
    weight : str, sequence of str or None, optional
        Attribute names for the weight columns: a name for one column
        (default ``"weight"``), ``name_0 .. name_{K-1}`` for K columns, or a
        sequence of K names; None leaves the weights out.

    Returns
    -------
    networkx.Graph, DiGraph, MultiGraph or MultiDiGraph
        Every vertex a node (isolated ones too), in id order; a multigraph
        when the graph keeps parallel edges.

    Raises
    ------
    InvalidArgumentError
        For a node list whose length is not the vertex count, or that
        repeats a node or holds one that is not hashable.
    ImportError
        When NetworkX is not installed.

    Examples
    --------
    >>> g = Graph.from_edges([0, 1], [1, 2], [7, 9], directed=False)
    >>> H = to_networkx(g, nodelist=["Ayr", "Troon", "Irvine"])
    >>> list(H.edges(data="weight"))
    [('Ayr', 'Troon', 7), ('Troon', 'Irvine', 9)]
    """
    nx = _require("networkx", "to_networkx")
    labels = None if nodelist is None else _labels(nodelist, graph.num_vertices)
    multi = graph.properties.parallel_edges == "allow"
    kind = {
        (True, False): nx.DiGraph,
        (False, False): nx.Graph,
        (True, True): nx.MultiDiGraph,
        (False, True): nx.MultiGraph,
    }[(graph.directed, multi)]
    G = kind()
    G.add_nodes_from(range(graph.num_vertices) if labels is None else labels)
    src, dst, w = graph.edges()
    us, vs = src.tolist(), dst.tolist()
    if labels is not None:
        us = [labels[u] for u in us]
        vs = [labels[v] for v in vs]
    names = _out_names(weight, graph.num_weights)
    if names and w is not None:
        columns = [w[:, i].tolist() for i in range(len(names))]
        G.add_edges_from(
            (u, v, dict(zip(names, vals, strict=True)))
            for u, v, *vals in zip(us, vs, *columns, strict=True)
        )
    else:
        G.add_edges_from(zip(us, vs, strict=True))
    return G


def _labels(nodelist: Iterable[Any], n: int) -> list[Any]:
    """``to_networkx``'s node list, checked: n distinct hashable nodes."""
    labels = list(nodelist)
    if len(labels) != n:
        raise InvalidArgumentError(
            f"to_networkx: nodelist has {len(labels)} nodes for a graph of {n} vertices; "
            "it names one node per vertex"
        )
    seen: dict[Any, int] = {}
    for i, v in enumerate(labels):
        try:
            first = seen.setdefault(v, i)
        except TypeError:
            raise InvalidArgumentError(
                f"to_networkx: nodelist[{i}] = {v!r} is not hashable; NetworkX needs hashable nodes"
            ) from None
        if first != i:
            raise InvalidArgumentError(
                f"to_networkx: nodelist[{i}] = {v!r} repeats nodelist[{first}]; "
                "each vertex needs its own node"
            )
    return labels


# -- igraph ------------------------------------------------------------------


def from_igraph(
    G: Any,
    *,
    weight: WeightNames = "weight",
    default: int | float | None = 1,
    properties: GraphProperties | None = None,
    resources: Resources | None = None,
    **property_keywords: Unpack[PropertyKeywords],
) -> Graph:
    """Build a graph from an ``igraph.Graph``.

    Parameters
    ----------
    G : igraph.Graph
        Vertices ``0..vcount()-1``; directed or not as ``G`` is; parallel
        edges are kept when ``G`` has any.
    weight : str, sequence of str or None, optional
        The edge attribute(s) to read as weight columns (default
        ``"weight"``); one name that ``G`` does not have gives an unweighted
        graph (igraph's convention, ``weights=None``), unless ``G`` has
        ``name_0``, ``name_1``, ... (what :func:`to_igraph` writes for several
        weight columns): those columns are read; None: unweighted. Values
        must be integral, within int32.
    default : int, float or None, optional
        The weight where the attribute is absent or None (default 1); None
        makes that an error. A name in a list of names that no edge carries
        is an error.
    properties : GraphProperties, optional
        The graph's properties (row order, semantics, dtypes); whether the
        graph is directed and keeps parallel edges still comes from ``G``
        unless the keywords ``directed`` and ``multi_edges`` say otherwise.
    resources : Resources, optional
        Where to build; default :func:`dyng.get_default_resources`.
    **property_keywords
        As in :meth:`Graph.from_edges`.

    Returns
    -------
    Graph
        A new graph.

    Raises
    ------
    InvalidArgumentError
        For a missing or non-integral weight.
    ImportError
        When igraph is not installed.
    """
    _require("igraph", "from_igraph")
    names = _names(weight, "weight")
    numbered = _numbered(weight, G.es.attributes())
    if numbered is not None:
        names = numbered
    elif isinstance(weight, str) and weight not in G.es.attributes():
        names = []
    m = G.ecount()
    pairs = np.asarray(G.get_edgelist(), dtype=np.int64).reshape(m, 2)
    records: list[dict[str, Any]] = [{} for _ in range(m)] if names else []
    for name in names:
        values = G.es[name] if name in G.es.attributes() else [None] * m
        for rec, v in zip(records, values, strict=True):
            if v is not None:
                rec[name] = v
    w = _attribute_columns(
        records, names, default, "from_igraph", not isinstance(weight, str) or bool(numbered)
    )
    return _build(
        int(G.vcount()),
        pairs[:, 0],
        pairs[:, 1],
        w,
        bool(G.is_directed()),
        bool(m and G.has_multiple()),
        properties,
        resources,
        property_keywords,
        "from_igraph",
    )


def to_igraph(
    graph: Graph, *, names: Iterable[Any] | None = None, weight: WeightNames = "weight"
) -> Any:
    """Export a graph to igraph.

    Parameters
    ----------
    graph : Graph
        The graph.
    names : iterable, optional
        One name per vertex, stored as igraph's ``name`` vertex attribute
        (so that ``G.vs.find(name=...)`` and name-based calls work). None
        (default): no names.
    weight : str, sequence of str or None, optional
        Edge attribute names for the weight columns, as in :func:`to_networkx`.

    Returns
    -------
    igraph.Graph
        ``n`` vertices and the graph's edges in :meth:`Graph.edges` order.

    Raises
    ------
    InvalidArgumentError
        For names whose count is not the vertex count.
    ImportError
        When igraph is not installed.
    """
    igraph = _require("igraph", "to_igraph")
    labels = None if names is None else list(names)
    if labels is not None and len(labels) != graph.num_vertices:
        raise InvalidArgumentError(
            f"to_igraph: {len(labels)} names for a graph of {graph.num_vertices} vertices; "
            "it takes one name per vertex"
        )
    src, dst, w = graph.edges()
    edges = np.stack([src, dst], axis=1).tolist()
    G = igraph.Graph(n=graph.num_vertices, edges=edges, directed=graph.directed)
    if labels is not None:
        G.vs["name"] = labels
    names = _out_names(weight, graph.num_weights)
    if names and w is not None:
        for i, name in enumerate(names):
            G.es[name] = w[:, i].tolist()
    return G


# -- NetworKit ---------------------------------------------------------------

# What G.iterEdges() and G.iterEdgesWeights() yield, read by np.fromiter in one
# pass (NetworKit 11 has no export of its edges as arrays).
_NK_EDGE = np.dtype([("u", np.int64), ("v", np.int64)])
_NK_WEIGHTED_EDGE = np.dtype([("u", np.int64), ("v", np.int64), ("w", np.float64)])


def from_networkit(
    G: Any,
    *,
    weighted: bool | None = None,
    properties: GraphProperties | None = None,
    resources: Resources | None = None,
    **property_keywords: Unpack[PropertyKeywords],
) -> Graph:
    """Build a graph from a ``networkit.Graph``.

    Parameters
    ----------
    G : networkit.Graph
        Vertices ``0..G.upperNodeIdBound()-1``, NetworKit's node ids. A node
        removed from ``G`` (``G.hasNode(v)`` is False) stays, as an isolated
        vertex, so that an id names the same vertex on both sides and
        batches of changes written with ``G``'s ids apply unchanged; to drop
        them, compact ``G`` first
        (``networkit.graphtools.getCompactedGraph(G,
        networkit.graphtools.getContinuousNodeIds(G))``). Directed or not as
        ``G`` is; self-loops are kept, and so are parallel edges when ``G``
        has any.
    weighted : bool, optional
        Read NetworKit's edge weights (float64) as the one weight column;
        they must be integral, within int32. By default True for a weighted
        ``G`` and False for an unweighted one; True for an unweighted ``G``
        gives weights 1 (what NetworKit reports for its edges); False reads
        the edges only.
    properties : GraphProperties, optional
        The graph's properties (row order, semantics, dtypes); whether the
        graph is directed and keeps parallel edges still comes from ``G``
        unless the keywords ``directed`` and ``multi_edges`` say otherwise.
    resources : Resources, optional
        Where to build; default :func:`dyng.get_default_resources`.
    **property_keywords
        As in :meth:`Graph.from_edges`. ``directed=True`` makes each edge
        ``{u, v}`` of an undirected ``G`` the one arc ``u -> v`` with
        ``u <= v`` (for both arcs, convert in NetworKit first:
        ``networkit.Graph(G, G.isWeighted(), True)``); ``directed=False``
        makes each arc of a directed ``G`` an undirected edge, and the arcs
        ``u -> v`` and ``v -> u`` one edge, as :meth:`Graph.from_edges`
        merges duplicates (the later weight wins), unless
        ``multi_edges="allow"`` keeps both.

    Returns
    -------
    Graph
        A new graph with ``G.upperNodeIdBound()`` vertices.

    Raises
    ------
    InvalidArgumentError
        For an object that is not a ``networkit.Graph``, or (weighted) a
        weight that is not integral (the message gives its position in
        ``G.iterEdgesWeights()`` order) or not within int32.
    ImportError
        When NetworKit is not installed.

    Examples
    --------
    >>> import networkit as nk
    >>> G = nk.Graph(3, weighted=True, directed=True)
    >>> G.addEdge(0, 1, 4.0), G.addEdge(1, 2, 2.0)
    (True, True)
    >>> g = from_networkit(G)
    >>> g.num_vertices, g.edges()[2].ravel().tolist()
    (3, [4, 2])
    """
    nk = _require("networkit", "from_networkit")
    if not isinstance(G, nk.Graph):
        raise InvalidArgumentError(
            f"from_networkit: expected a networkit.Graph, got {type(G).__name__}"
        )
    weighted = check_bool(bool(G.isWeighted()) if weighted is None else weighted, "weighted")
    n = int(G.upperNodeIdBound())
    directed = bool(G.isDirected())
    # One pass over NetworKit's edge iterator, which lists an undirected edge
    # once, as (u, v) with u <= v; without count=, so that every edge it
    # lists is read (numberOfEdges() can be off: NetworKit 11.3's undirected
    # copy of a directed graph with u -> v and v -> u counts 0 edges).
    w: npt.NDArray[np.int32] | None = None
    if weighted:
        edges = np.fromiter(G.iterEdgesWeights(), dtype=_NK_WEIGHTED_EDGE)
        w = _integral(edges["w"], "from_networkit: weights in G.iterEdgesWeights() order")
        w = w.reshape(-1, 1)
    else:
        edges = np.fromiter(G.iterEdges(), dtype=_NK_EDGE)
    src, dst = edges["u"], edges["v"]
    # checkConsistency() is False when G has parallel edges (or another
    # inconsistency), and linear; the exact test sorts, only then.
    multi = not G.checkConsistency() and _has_parallel_edges(n, src, dst)
    return _build(
        n,
        src,
        dst,
        w,
        directed,
        multi,
        properties,
        resources,
        property_keywords,
        "from_networkit",
    )


def _has_parallel_edges(n: int, src: npt.NDArray[np.int64], dst: npt.NDArray[np.int64]) -> bool:
    """Whether a pair ``(src[i], dst[i])`` occurs twice."""
    if len(src) < 2:
        return False
    key = np.sort(_pair_keys(n, src, dst))
    return bool((key[1:] == key[:-1]).any())


def to_networkit(graph: Graph, *, weight: int | None = 0) -> Any:
    """Export a graph to NetworKit.

    Parameters
    ----------
    graph : Graph
        The graph.
    weight : int or None, optional
        The weight column to export as NetworKit's edge weights (default the
        first; float64 holds every int32 exactly); None, or a graph without
        weights, gives an unweighted ``networkit.Graph``. NetworKit keeps one
        weight per edge: the other columns stay behind.

    Returns
    -------
    networkit.Graph
        Nodes ``0..n-1`` (isolated vertices too), directed as the graph is,
        with every edge of the graph: an undirected edge ``{u, v}`` is one
        NetworKit edge; parallel edges and self-loops are kept.

    Raises
    ------
    InvalidArgumentError
        For a weight column the graph does not have.
    ImportError
        When NetworKit is not installed.

    Examples
    --------
    >>> import networkit as nk
    >>> g = Graph.from_edges([0, 1], [1, 2], [7, 9], directed=False)
    >>> G = to_networkit(g)
    >>> G.numberOfNodes(), G.numberOfEdges(), G.weight(2, 1)
    (3, 2, 9.0)
    >>> nk.distance.Dijkstra(G, 0).run().getDistances()
    [0.0, 7.0, 16.0]
    """
    nk = _require("networkit", "to_networkit")
    sparse = _require("scipy.sparse", "to_networkit")  # NetworKit depends on SciPy
    column = _column(weight, graph.num_weights)
    n = graph.num_vertices
    if graph.directed:
        row_ptr, col, w = graph.to_csr()
    else:
        # The edges once each, (u, v) with u <= v in vertex order: NetworKit
        # stores an entry (u, v) of an undirected graph at both ends itself.
        src, col, w = graph.edges()
        row_ptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(src, minlength=n), out=row_ptr[1:])
    if column is None or w is None:
        values = np.ones(len(col), dtype=np.float64)
    else:
        values = w[:, column].astype(np.float64)
    # GraphFromCsr builds NetworKit's adjacency arrays in C++ from the CSR
    # arrays as they are: an entry per edge, parallel ones kept (Graph.addEdges
    # adds them one addEdge call at a time, five times slower).
    matrix = sparse.csr_array((values, col, row_ptr), shape=(n, n))
    return nk.GraphFromCsr(matrix, directed=graph.directed, weighted=column is not None)


__dir__ = public_dir(globals(), __all__)
