"""The general generators: R-MAT, Erdos-Renyi, grids, weights and random batches.

Every generator is seeded and gives the same output for a seed on any thread
count and machine: each random value is a pure function of the seed and its
position (a counter-based SplitMix64 stream, described in
``include/dyng/generators.h``).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._convert import IdArray, WeightArray
from dyng._graph import Graph
from dyng._resources import Resources, native_resources
from dyng.errors import InvalidArgumentError, OutOfMemoryError

__all__ = [
    "erdos_renyi",
    "erdos_renyi_edges",
    "grid",
    "grid_edges",
    "random_batch",
    "random_weights",
    "rmat",
    "rmat_edges",
]

_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1
_INT64_MAX = 2**63 - 1
_MAX_WEIGHTS = 64
_LE: dict[str, np.dtype[Any]] = {"int32": np.dtype("<i4"), "int64": np.dtype("<i8")}

EdgeArrays = tuple[IdArray, IdArray, WeightArray | None]


# -- argument checks ----------------------------------------------------------


def _int(value: object, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool):
        raise InvalidArgumentError(f"{what}: expected an integer, got bool")
    try:
        v = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidArgumentError(
            f"{what}: expected an integer, got {type(value).__name__}"
        ) from None
    if not lo <= v <= hi:
        raise InvalidArgumentError(f"{what} is {v}; accepted: {lo} to {hi}")
    return int(v)


def _fraction(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise InvalidArgumentError(f"{what}: expected a number, got {type(value).__name__}")
    v = float(value)
    if not (math.isfinite(v) and 0.0 <= v <= 1.0):
        raise InvalidArgumentError(f"{what} is {v}; accepted: 0 to 1")
    return v


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise InvalidArgumentError(f"{what}: expected True or False, got {type(value).__name__}")
    return bool(value)


def _policy(value: object, what: str) -> bool:
    """True for "keep", False for "drop"."""
    if value not in ("keep", "drop"):
        raise InvalidArgumentError(f"{what} is {value!r}; accepted: 'keep', 'drop'")
    return value == "keep"


def _range(value: object, what: str) -> tuple[int, int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 2:
        raise InvalidArgumentError(
            f"{what}: expected a pair (low, high) of int32 integers, got {value!r}"
        )
    low = _int(value[0], f"{what}[0] (low)", _INT32_MIN, _INT32_MAX)
    high = _int(value[1], f"{what}[1] (high)", _INT32_MIN, _INT32_MAX)
    if low > high:
        raise InvalidArgumentError(f"{what} is ({low}, {high}); accepted: low <= high")
    return low, high


def _weight_spec(weights: object, num_weights: object) -> tuple[int, int, int]:
    """(K, low, high): K 0 for weights=None."""
    k = _int(num_weights, "num_weights", 1, _MAX_WEIGHTS)
    if weights is None:
        return 0, 1, 100
    low, high = _range(weights, "weights")
    return k, low, high


def _vertex_dtype(value: object) -> str | None:
    if value is None:
        return None
    try:
        name = np.dtype(value).name  # type: ignore[call-overload]
    except TypeError:
        name = ""
    if name not in ("int32", "int64"):
        raise InvalidArgumentError(
            f"vertex_dtype is {value!r}; accepted: None (int32 while ids fit), 'int32', 'int64'"
        )
    return str(name)


Raw = tuple[int, bytearray, bytearray, bytearray | None, str]


def _arrays(raw: Raw, k: int) -> EdgeArrays:
    _, src, dst, w, dtype = raw
    weights: WeightArray | None = None
    if k > 0 and w is not None:
        weights = np.frombuffer(w, dtype=_LE["int32"]).reshape(-1, k)
    return np.frombuffer(src, dtype=_LE[dtype]), np.frombuffer(dst, dtype=_LE[dtype]), weights


def _empty(shape: int | tuple[int, int], dtype: str) -> npt.NDArray[Any]:
    try:
        return np.empty(shape, dtype=_LE[dtype])
    except MemoryError as e:
        raise OutOfMemoryError(f"no memory for {shape} values of {dtype}: {e}") from None


def _graph(
    n: int,
    edges: EdgeArrays,
    *,
    directed: bool,
    multi_edges: str,
    resources: Resources | None,
) -> Graph:
    src, dst, w = edges
    return Graph.from_edges(
        src,
        dst,
        w,
        num_vertices=n,
        directed=directed,
        multi_edges=multi_edges,
        vertex_dtype=str(src.dtype),
        resources=resources,
    )


# -- R-MAT --------------------------------------------------------------------


def _rmat(
    scale: object,
    edge_factor: object,
    a: object,
    b: object,
    c: object,
    seed: object,
    directed: object,
    self_loops: object,
    duplicates: object,
    weights: object,
    num_weights: object,
    vertex_dtype: object,
    resources: Resources | None,
) -> tuple[int, EdgeArrays, bool, bool]:
    """(n, edges, directed, keep_duplicates)."""
    sc = _int(scale, "scale", 1, 62)
    ef = _int(edge_factor, "edge_factor", 1, _INT64_MAX)
    pa, pb, pc = _fraction(a, "a"), _fraction(b, "b"), _fraction(c, "c")
    if pa + pb + pc > 1.0 + 1e-12:
        raise InvalidArgumentError(
            f"a + b + c is {pa + pb + pc}; accepted: at most 1 (d = 1 - a - b - c)"
        )
    s = _int(seed, "seed", 0, 2**64 - 1)
    d = _flag(directed, "directed")
    keep_loops = _policy(self_loops, "self_loops")
    keep_dups = _policy(duplicates, "duplicates")
    k, low, high = _weight_spec(weights, num_weights)
    vdt = _vertex_dtype(vertex_dtype)
    res = native_resources(resources)
    if not (keep_loops and keep_dups):
        raw = native.generate_rmat(
            sc, ef, pa, pb, pc, s, d, keep_loops, keep_dups, vdt, k, low, high, res
        )
        return raw[0], _arrays(raw, k), d, keep_dups
    # Every drawn edge: m is known, so the library writes into NumPy's arrays.
    n, m, vdt = native.rmat_shape(sc, ef, pa, pb, pc, True, True, vdt, k, low, high)
    src, dst = _empty(m, vdt), _empty(m, vdt)
    native.generate_rmat_into(src, dst, sc, ef, pa, pb, pc, s, d, res)
    w: WeightArray | None = None
    if k > 0:
        w = _empty((m, k), "int32")
        native.generate_weights(w, m, k, low, high, s, res)
    return n, (src, dst, w), d, True


def rmat_edges(
    scale: int,
    edge_factor: int = 16,
    *,
    a: float = 0.57,
    b: float = 0.19,
    c: float = 0.19,
    seed: int = 0,
    directed: bool = True,
    self_loops: str = "drop",
    duplicates: str = "drop",
    weights: tuple[int, int] | None = None,
    num_weights: int = 1,
    vertex_dtype: npt.DTypeLike | None = None,
    resources: Resources | None = None,
) -> EdgeArrays:
    """The edges of an R-MAT (Kronecker) graph, as arrays.

    Takes the parameters of :func:`rmat`; the vertex count is ``2**scale``.

    Returns
    -------
    src, dst : numpy.ndarray
        The ids (int32 while ``2**scale - 1`` fits, int64 otherwise): in draw
        order when duplicates are kept, sorted by ``(u, v)`` when dropped;
        undirected edges as ``(u, v)`` with ``u <= v``.
    weights : numpy.ndarray or None
        ``(m, num_weights)`` int32 weights, or None without ``weights``.

    Examples
    --------
    >>> src, dst, w = rmat_edges(4, 2, duplicates="keep", self_loops="keep")
    >>> len(src)
    32
    """
    _, edges, _, _ = _rmat(
        scale,
        edge_factor,
        a,
        b,
        c,
        seed,
        directed,
        self_loops,
        duplicates,
        weights,
        num_weights,
        vertex_dtype,
        resources,
    )
    return edges


def rmat(
    scale: int,
    edge_factor: int = 16,
    *,
    a: float = 0.57,
    b: float = 0.19,
    c: float = 0.19,
    seed: int = 0,
    directed: bool = True,
    self_loops: str = "drop",
    duplicates: str = "drop",
    weights: tuple[int, int] | None = None,
    num_weights: int = 1,
    vertex_dtype: npt.DTypeLike | None = None,
    resources: Resources | None = None,
) -> Graph:
    """An R-MAT (Kronecker) graph: skewed degrees, like social and web graphs.

    Each of ``m = edge_factor * 2**scale`` edges picks one quadrant of the
    adjacency matrix at each of ``scale`` levels, with probabilities ``a``
    (top left), ``b`` (top right), ``c`` (bottom left) and ``d = 1 - a - b -
    c``; the chosen bits are its source and target (Chakrabarti, Zhan and
    Faloutsos, 2004). The defaults are Graph500's.

    Parameters
    ----------
    scale : int
        ``2**scale`` vertices, 1 to 62.
    edge_factor : int, optional
        Edges drawn per vertex (default 16).
    a, b, c : float, optional
        Quadrant probabilities in ``[0, 1]`` with ``a + b + c <= 1``.
    seed : int, optional
        0 to ``2**64 - 1``; the same seed gives the same graph on any thread
        count.
    directed : bool, optional
        Directed edges (default); undirected ones are drawn the same way and
        stored as ``(min, max)``.
    self_loops : {"drop", "keep"}, optional
        Remove drawn edges ``(v, v)`` (default) or keep them.
    duplicates : {"drop", "keep"}, optional
        ``"drop"`` keeps each pair once, so the graph has fewer than ``m``
        edges; ``"keep"`` keeps every draw (the graph then allows parallel
        edges).
    weights : (int, int), optional
        ``(low, high)``: weights uniform in that int32 range; None
        (default): unweighted.
    num_weights : int, optional
        Weight columns when ``weights`` is given (1 to 64).
    vertex_dtype : {None, "int32", "int64"}, optional
        The id type; None: int32 while the ids fit.
    resources : Resources, optional
        Threads and interrupt flag (default: :func:`dyng.get_default_resources`);
        the graph keeps them.

    Returns
    -------
    Graph
        ``2**scale`` vertices.

    Raises
    ------
    InvalidArgumentError
        For a scale outside 1..62, an edge factor below 1, a probability
        outside [0, 1] or ``a + b + c > 1``, a policy other than "keep" /
        "drop", a weight range outside int32 or with ``low > high``.
    CapacityError
        When the edges do not fit memory's addresses or int64, or their arrays
        would take more than the memory this process may use, or when
        duplicates are dropped above scale 32.
    NotSupportedError
        For int64 ids without weights (not a supported graph type); use
        :func:`rmat_edges` then.

    See Also
    --------
    rmat_edges : the same edges as arrays.

    Examples
    --------
    >>> g = rmat(10, 8, seed=1)
    >>> g.num_vertices
    1024
    >>> g.num_edges < 8 * 1024
    True
    """
    n, edges, d, keep_dups = _rmat(
        scale,
        edge_factor,
        a,
        b,
        c,
        seed,
        directed,
        self_loops,
        duplicates,
        weights,
        num_weights,
        vertex_dtype,
        resources,
    )
    return _graph(
        n, edges, directed=d, multi_edges="allow" if keep_dups else "forbid", resources=resources
    )


# -- Erdos-Renyi ----------------------------------------------------------------


def _er_raw(
    n: object,
    m: object,
    seed: object,
    directed: object,
    weights: object,
    num_weights: object,
    vertex_dtype: object,
    resources: Resources | None,
) -> tuple[Raw, int, bool]:
    nv = _int(n, "n", 0, 2**32)
    d = _flag(directed, "directed")
    pairs = nv * (nv - 1) if d else nv * (nv - 1) // 2
    ne = _int(m, "m", 0, max(pairs, 0))
    s = _int(seed, "seed", 0, 2**64 - 1)
    k, low, high = _weight_spec(weights, num_weights)
    vdt = _vertex_dtype(vertex_dtype)
    res = native_resources(resources)
    return native.generate_erdos_renyi(nv, ne, s, d, vdt, k, low, high, res), k, d


def erdos_renyi_edges(
    n: int,
    m: int,
    *,
    seed: int = 0,
    directed: bool = True,
    weights: tuple[int, int] | None = None,
    num_weights: int = 1,
    vertex_dtype: npt.DTypeLike | None = None,
    resources: Resources | None = None,
) -> EdgeArrays:
    """The edges of a G(n, m) random graph, as arrays sorted by ``(u, v)``.

    Takes the parameters of :func:`erdos_renyi`.

    Examples
    --------
    >>> src, dst, _ = erdos_renyi_edges(4, 6, directed=False)
    >>> list(zip(src.tolist(), dst.tolist()))
    [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    """
    raw, k, _ = _er_raw(n, m, seed, directed, weights, num_weights, vertex_dtype, resources)
    return _arrays(raw, k)


def erdos_renyi(
    n: int,
    m: int,
    *,
    seed: int = 0,
    directed: bool = True,
    weights: tuple[int, int] | None = None,
    num_weights: int = 1,
    vertex_dtype: npt.DTypeLike | None = None,
    resources: Resources | None = None,
) -> Graph:
    """An Erdos-Renyi G(n, m) graph: ``m`` distinct edges, uniformly at random.

    Every set of ``m`` pairs without self-loops is equally likely (ordered
    pairs when directed, unordered ones otherwise), as in NetworkX's
    ``gnm_random_graph``.

    Parameters
    ----------
    n : int
        Vertices, 0 to ``2**32``.
    m : int
        Edges, 0 to ``n * (n - 1)`` (directed) or ``n * (n - 1) / 2``.
    seed : int, optional
        0 to ``2**64 - 1``; the same seed gives the same graph on any thread
        count.
    directed : bool, optional
        Directed (default) or undirected.
    weights : (int, int), optional
        ``(low, high)``: weights uniform in that int32 range; None: unweighted.
    num_weights : int, optional
        Weight columns when ``weights`` is given (1 to 64).
    vertex_dtype : {None, "int32", "int64"}, optional
        The id type; None: int32 while the ids fit.
    resources : Resources, optional
        Threads and interrupt flag; the graph keeps them.

    Returns
    -------
    Graph

    Raises
    ------
    InvalidArgumentError
        For ``n`` or ``m`` out of range, a bad weight range.
    CapacityError
        For int32 ids asked for more than ``2**31`` vertices, or edges whose
        arrays would take more than the memory this process may use.

    Examples
    --------
    >>> g = erdos_renyi(100, 300, seed=7)
    >>> g.num_vertices, g.num_edges
    (100, 300)
    """
    raw, k, d = _er_raw(n, m, seed, directed, weights, num_weights, vertex_dtype, resources)
    return _graph(raw[0], _arrays(raw, k), directed=d, multi_edges="forbid", resources=resources)


# -- grids ------------------------------------------------------------------------


def _grid_raw(
    rows: object,
    cols: object,
    weights: object,
    num_weights: object,
    keep_probability: object,
    seed: object,
    vertex_dtype: object,
    resources: Resources | None,
) -> tuple[Raw, int]:
    r = _int(rows, "rows", 1, _INT64_MAX)
    c = _int(cols, "cols", 1, _INT64_MAX)
    p = _fraction(keep_probability, "keep_probability")
    s = _int(seed, "seed", 0, 2**64 - 1)
    k, low, high = _weight_spec(weights, num_weights)
    vdt = _vertex_dtype(vertex_dtype)
    res = native_resources(resources)
    return native.generate_grid(r, c, p, s, vdt, k, low, high, res), k


def grid_edges(
    rows: int,
    cols: int,
    *,
    weights: tuple[int, int] | None = (1, 100),
    num_weights: int = 1,
    keep_probability: float = 1.0,
    seed: int = 0,
    vertex_dtype: npt.DTypeLike | None = None,
    resources: Resources | None = None,
) -> EdgeArrays:
    """The edges of a grid (see :func:`grid`), as arrays ``(u, v)`` with ``u < v``.

    Examples
    --------
    >>> src, dst, w = grid_edges(2, 2, seed=1)
    >>> list(zip(src.tolist(), dst.tolist()))
    [(0, 1), (0, 2), (1, 3), (2, 3)]
    """
    raw, k = _grid_raw(
        rows, cols, weights, num_weights, keep_probability, seed, vertex_dtype, resources
    )
    return _arrays(raw, k)


def grid(
    rows: int,
    cols: int,
    *,
    weights: tuple[int, int] | None = (1, 100),
    num_weights: int = 1,
    keep_probability: float = 1.0,
    seed: int = 0,
    vertex_dtype: npt.DTypeLike | None = None,
    resources: Resources | None = None,
) -> Graph:
    """A 2-D grid with random weights: a stand-in for a road network.

    Vertex ``(r, c)`` is ``r * cols + c``; each is joined to its right and
    lower neighbour by an undirected edge (4 neighbours inside the grid).

    Parameters
    ----------
    rows, cols : int
        The grid's shape, 1 or more each.
    weights : (int, int) or None, optional
        ``(low, high)``: weights uniform in that int32 range (default
        ``(1, 100)``); None: unweighted.
    num_weights : int, optional
        Weight columns (1 to 64; e.g. 3 for the multi-objective algorithms).
    keep_probability : float, optional
        Keep each lattice edge with this probability (default 1: all), for a
        less regular network; a grid thinned this way may be disconnected.
    seed : int, optional
        0 to ``2**64 - 1``.
    vertex_dtype : {None, "int32", "int64"}, optional
        The id type; None: int32 while the ids fit.
    resources : Resources, optional
        Threads and interrupt flag; the graph keeps them.

    Returns
    -------
    Graph
        Undirected, ``rows * cols`` vertices.

    Raises
    ------
    InvalidArgumentError
        For rows or cols below 1, a probability outside [0, 1], a bad weight
        range.
    CapacityError
        When the grid does not fit int64 (or int32 ids, when asked for), or its
        edges' arrays would take more than the memory this process may use.

    Examples
    --------
    >>> g = grid(3, 4, seed=1)
    >>> g.num_vertices, g.num_edges, g.directed
    (12, 17, False)
    """
    raw, k = _grid_raw(
        rows, cols, weights, num_weights, keep_probability, seed, vertex_dtype, resources
    )
    return _graph(
        raw[0], _arrays(raw, k), directed=False, multi_edges="forbid", resources=resources
    )


# -- weights ----------------------------------------------------------------------


def random_weights(
    num_edges: int,
    *,
    num_weights: int = 1,
    low: int = 1,
    high: int = 100,
    seed: int = 0,
    resources: Resources | None = None,
) -> WeightArray:
    """Seeded int32 weights, uniform in ``[low, high]`` (unbiased).

    Row ``e`` holds the weights that the graph generators give their
    ``e``-th edge for the same seed and range.

    Parameters
    ----------
    num_edges : int
        Rows, 0 or more.
    num_weights : int, optional
        Columns, 0 to 64.
    low, high : int, optional
        The int32 range (default 1 to 100), ``low <= high``.
    seed : int, optional
        0 to ``2**64 - 1``.
    resources : Resources, optional
        Threads and interrupt flag.

    Returns
    -------
    numpy.ndarray
        ``(num_edges, num_weights)`` int32, writable.

    Raises
    ------
    InvalidArgumentError
        For counts out of range or a bad range.

    Examples
    --------
    >>> w = random_weights(5, num_weights=2, low=1, high=3, seed=4)
    >>> w.shape, bool(((w >= 1) & (w <= 3)).all())
    ((5, 2), True)
    """
    m = _int(num_edges, "num_edges", 0, _INT64_MAX)
    k = _int(num_weights, "num_weights", 0, _MAX_WEIGHTS)
    lo, hi = _range((low, high), "(low, high)")
    s = _int(seed, "seed", 0, 2**64 - 1)
    out = _empty((m, k), "int32")
    native.generate_weights(out, m, k, lo, hi, s, native_resources(resources))
    return out


# -- batches ----------------------------------------------------------------------


def random_batch(
    graph: Graph,
    size: int,
    *,
    insert_fraction: float = 0.5,
    seed: int = 0,
    locality_window: int | None = None,
    weights: tuple[int, int] = (1, 100),
    batch_id: int = 0,
) -> EdgeBatch:
    """A random batch of changes for a graph.

    ``size * insert_fraction`` changes (the floating-point product, rounded
    half up: ``45 * 0.7`` is ``31.499999999999996``, which gives 31) insert
    new pairs (no self-loop, no existing edge, each once) and the rest
    delete existing edges (each at most once), so applying the batch to
    ``graph`` inserts and deletes exactly that many edges.

    Parameters
    ----------
    graph : Graph
        The graph the batch is for; it does not change.
    size : int
        Changes, 0 or more.
    insert_fraction : float, optional
        The share of insertions, 0 to 1 (default 0.5).
    seed : int, optional
        0 to ``2**64 - 1``.
    locality_window : int, optional
        A width ``W >= 1``: both ends of every change lie in ``[start, start
        + W)``, with ``start`` drawn from the seed; None (or ``W >= n``): the
        whole graph.
    weights : (int, int), optional
        The int32 range of the insertions' weights for a weighted graph (one
        value per weight column); ignored for an unweighted one.
    batch_id : int, optional
        The batch's id (0 or more), as a ``.dgt`` stream numbers its batches.

    Returns
    -------
    EdgeBatch
        Deletions and insertions, each sorted by ``(u, v)``, with the
        graph's id type and weight count; an undirected edge appears as
        ``(u, v)`` with ``u <= v``.

    Raises
    ------
    InvalidArgumentError
        For a size below 0, a fraction outside [0, 1], a window below 1, a
        bad weight range, more deletions than edges in the window or more
        insertions than free pairs in it.

    Examples
    --------
    >>> import dyng
    >>> g = dyng.generators.erdos_renyi(50, 200, seed=1)
    >>> b = random_batch(g, 10, seed=2)
    >>> s = g.apply(b)
    >>> s.inserted, s.deleted
    (5, 5)
    """
    if not isinstance(graph, Graph):
        raise InvalidArgumentError(f"graph: expected a dyng.Graph, got {type(graph).__name__}")
    n = _int(size, "size", 0, _INT64_MAX)
    f = _fraction(insert_fraction, "insert_fraction")
    s = _int(seed, "seed", 0, 2**64 - 1)
    w = 0 if locality_window is None else _int(locality_window, "locality_window", 1, _INT64_MAX)
    lo, hi = _range(weights, "weights")
    bid = _int(batch_id, "batch_id", 0, _INT64_MAX)
    nb = native.generate_batch(graph._g, n, f, s, w, lo, hi)
    nb.id = bid
    return EdgeBatch._from_native(nb)
