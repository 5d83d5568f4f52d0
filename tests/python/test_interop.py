"""dyng.interop: SciPy, NetworkX and igraph bridges, both ways, against each library's own view.

Each test runs where its library is installed (the ``test`` extra installs scipy and networkx;
igraph comes with ``make test``'s tools and the ``bench`` extra). The oracle is the peer itself:
a graph built from a peer object must have exactly the peer's edges and weights, and a graph
exported to a peer must read back, through the peer's own API, as dynG's edges.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dyng
from dyng import interop

sp = pytest.importorskip("scipy.sparse")


def edge_multiset(g: dyng.Graph) -> Counter[tuple[int, ...]]:
    """The graph's edges with their weights, as a multiset of tuples."""
    src, dst, w = g.edges()
    rows = zip(src.tolist(), dst.tolist(), *([] if w is None else w.T.tolist()), strict=True)
    return Counter(tuple(r) for r in rows)


@st.composite
def edge_lists(draw: Any, max_n: int = 12) -> tuple[int, list[tuple[int, int, int]]]:
    n = draw(st.integers(0, max_n))
    if n == 0:
        return 0, []
    e = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.integers(-5, 2**31 - 1))
    return n, draw(st.lists(e, max_size=40))


# ---- SciPy ------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(edge_lists(), st.sampled_from(["csr", "csc", "coo"]))
def test_from_scipy_directed_is_the_matrix(case: Any, fmt: str) -> None:
    n, edges = case
    last: dict[tuple[int, int], int] = {}
    for u, v, w in edges:
        last[(u, v)] = w
    rows = [u for u, _ in last]
    cols = [v for _, v in last]
    vals = list(last.values())
    m = sp.coo_array((np.array(vals, dtype=np.int64), (rows, cols)), shape=(n, n)).asformat(fmt)
    g = interop.from_scipy(m)
    assert g.directed and g.num_vertices == n
    assert edge_multiset(g) == Counter((u, v, w) for (u, v), w in last.items())
    back = interop.to_scipy(g)
    assert back.shape == (n, n) and back.dtype == np.int64
    assert (back != m.tocsr()).nnz == 0
    # the pattern only
    p = interop.from_scipy(m, weighted=False)
    assert p.num_weights == 0 and p.num_edges == len(last)
    assert (interop.to_scipy(p) != (m != 0).astype(np.int32)).nnz == sum(1 for w in vals if w == 0)


def test_from_scipy_float_and_bool_values() -> None:
    m = sp.csr_array(np.array([[0.0, 2.0], [3.0, 0.0]]))
    assert edge_multiset(interop.from_scipy(m)) == Counter({(0, 1, 2): 1, (1, 0, 3): 1})
    b = sp.csr_array(np.array([[False, True], [False, False]]))
    g = interop.from_scipy(b)
    assert g.num_weights == 0 and edge_multiset(g) == Counter({(0, 1): 1})
    with pytest.raises(dyng.InvalidArgumentError, match="not an integer"):
        interop.from_scipy(sp.csr_array(np.array([[0.0, 2.5], [0.0, 0.0]])))
    with pytest.raises(dyng.InvalidArgumentError, match="not an integer"):
        interop.from_scipy(sp.csr_array(np.array([[0.0, np.nan], [0.0, 0.0]])))
    with pytest.raises(dyng.InvalidArgumentError, match="outside int32"):
        interop.from_scipy(sp.csr_array(np.array([[0, 2**31], [0, 0]], dtype=np.int64)))
    with pytest.raises(dyng.InvalidArgumentError, match="square"):
        interop.from_scipy(sp.csr_array(np.ones((2, 3))))
    with pytest.raises(dyng.InvalidArgumentError, match=r"scipy\.sparse"):
        interop.from_scipy(np.ones((2, 2)))
    with pytest.raises(dyng.InvalidArgumentError, match="integer or integral"):
        interop.from_scipy(sp.csr_array(np.array([[0, 1j], [0, 0]])))


def test_from_scipy_explicit_zeros_are_edges() -> None:
    m = sp.csr_array((np.array([0, 4]), np.array([1, 0]), np.array([0, 1, 2])), shape=(2, 2))
    assert edge_multiset(interop.from_scipy(m)) == Counter({(0, 1, 0): 1, (1, 0, 4): 1})
    m.eliminate_zeros()
    assert interop.from_scipy(m).num_edges == 1


@settings(max_examples=60, deadline=None)
@given(edge_lists(), st.sampled_from(["upper", "lower", "both"]))
def test_from_scipy_undirected(case: Any, stored: str) -> None:
    n, edges = case
    weight: dict[tuple[int, int], int] = {}
    for u, v, w in edges:
        weight[(min(u, v), max(u, v))] = w
    keys = list(weight)
    if stored == "upper":
        entries = [(a, b, weight[(a, b)]) for a, b in keys]
    elif stored == "lower":
        entries = [(b, a, weight[(a, b)]) for a, b in keys]
    else:
        entries = [(a, b, weight[(a, b)]) for a, b in keys]
        entries += [(b, a, weight[(a, b)]) for a, b in keys if a != b]
    m = sp.coo_array(
        (
            np.array([e[2] for e in entries], dtype=np.int64),
            ([e[0] for e in entries], [e[1] for e in entries]),
        ),
        shape=(n, n),
    )
    g = interop.from_scipy(m, directed=False)
    assert not g.directed and g.num_edges == len(weight)
    assert edge_multiset(g) == Counter((a, b, w) for (a, b), w in weight.items())
    full = interop.to_scipy(g)
    assert (full != full.T).nnz == 0
    dense = full.toarray()
    for (a, b), w in weight.items():
        assert dense[a, b] == dense[b, a] == w


def test_from_scipy_undirected_asymmetric_values() -> None:
    m = sp.csr_array(np.array([[0, 2, 0], [5, 0, 0], [0, 0, 0]]))
    with pytest.raises(dyng.InvalidArgumentError, match=r"not symmetric: edge \{0, 1\}.*2 and 5"):
        interop.from_scipy(m, directed=False)
    assert interop.from_scipy(m, directed=False, weighted=False).num_edges == 1


def _undirected_multiset(edges: list[tuple[int, int, int]]) -> Counter[tuple[int, ...]]:
    return Counter((min(u, v), max(u, v), w) for u, v, w in edges)


@settings(max_examples=60, deadline=None)
@given(edge_lists(), st.sampled_from(["upper", "lower", "both", "mixed"]))
def test_from_scipy_undirected_parallel_edges(case: Any, stored: str) -> None:
    """``multi_edges="allow"``: each parallel edge and self-loop once, as from_edges keeps it."""
    n, edges = case
    if stored == "upper":
        entries = [(min(u, v), max(u, v), w) for u, v, w in edges]
    elif stored == "lower":
        entries = [(max(u, v), min(u, v), w) for u, v, w in edges]
    elif stored == "both":  # what to_scipy writes: each edge twice, a self-loop once
        entries = [(u, v, w) for u, v, w in edges] + [(v, u, w) for u, v, w in edges if u != v]
    else:  # each pair in the triangle of its first edge in the list
        side: dict[tuple[int, int], bool] = {}
        for u, v, _ in edges:
            side.setdefault((min(u, v), max(u, v)), u <= v)
        entries = [
            (u, v, w) if (u <= v) == side[(min(u, v), max(u, v))] else (v, u, w)
            for u, v, w in edges
        ]
    m = sp.coo_array(
        (
            np.array([e[2] for e in entries], dtype=np.int64),
            ([e[0] for e in entries], [e[1] for e in entries]),
        ),
        shape=(n, n),
    )
    g = interop.from_scipy(m, directed=False, multi_edges="allow")
    want = _undirected_multiset(edges)
    assert not g.directed and g.num_edges == len(edges)
    assert edge_multiset(g) == want
    ref = dyng.Graph.from_edges(
        np.array([u for u, _, _ in edges], dtype=np.int32),
        np.array([v for _, v, _ in edges], dtype=np.int32),
        np.array([[w] for _, _, w in edges], dtype=np.int32).reshape(-1, 1),
        num_vertices=n,
        directed=False,
        multi_edges="allow",
    )
    assert edge_multiset(ref) == want
    back = interop.from_scipy(interop.to_scipy(g), directed=False, multi_edges="allow")
    assert edge_multiset(back) == want


def test_from_scipy_parallel_entries_with_values() -> None:
    m = sp.coo_array(([4, 5], ([0, 0], [1, 1])), shape=(2, 2))  # two parallel edges {0, 1}
    g = interop.from_scipy(m, directed=False, multi_edges="allow")
    assert edge_multiset(g) == Counter({(0, 1, 4): 1, (0, 1, 5): 1})
    p = dyng.GraphProperties(directed=False, parallel_edges="allow", num_weights=1)
    assert interop.from_scipy(m, properties=p).num_edges == 2
    # without parallel edges the duplicates are summed, as SciPy reads them
    assert edge_multiset(interop.from_scipy(m, directed=False)) == Counter({(0, 1, 9): 1})
    # and the two triangles of an undirected edge must agree
    with pytest.raises(dyng.InvalidArgumentError, match="4 and 5"):
        interop.from_scipy(sp.coo_array(([4, 5], ([0, 1], [1, 0])), shape=(2, 2)), directed=False)
    # both triangles stored, but not mirroring each other
    for values, rows, cols in (
        ([4, 5], [0, 1], [1, 0]),
        ([4, 5, 4], [0, 0, 1], [1, 1, 0]),
    ):
        bad = sp.coo_array((values, (rows, cols)), shape=(2, 2))
        with pytest.raises(dyng.InvalidArgumentError, match="not symmetric: edge"):
            interop.from_scipy(bad, directed=False, multi_edges="allow")
    with pytest.raises(dyng.InvalidArgumentError, match="multi_edges"):
        interop.from_scipy(m, directed=False, multi_edges="many")
    with pytest.raises(dyng.InvalidArgumentError, match="directed must be a bool"):
        interop.from_scipy(m, directed="no")  # type: ignore[arg-type]
    with pytest.raises(dyng.InvalidArgumentError, match="weighted must be a bool"):
        interop.from_scipy(m, weighted="no")  # type: ignore[arg-type]
    with pytest.raises(dyng.InvalidArgumentError, match="column number"):
        interop.to_scipy(g, weight=True)  # True is no column 1


def test_networkx_multigraph_through_scipy() -> None:
    nxm = _nx()
    G = nxm.MultiGraph([(0, 1), (0, 1), (1, 1)])
    g = interop.from_networkx(G)
    back = interop.from_scipy(interop.to_scipy(g), directed=False, multi_edges="allow")
    assert back.num_edges == 3 == G.number_of_edges()
    H = interop.to_networkx(back)
    assert Counter((min(u, v), max(u, v)) for u, v in H.edges()) == Counter(
        (min(u, v), max(u, v)) for u, v in G.edges()
    )


def test_to_scipy_columns_and_transpose() -> None:
    g = dyng.Graph.from_edges([0, 1, 1], [1, 2, 0], [[1, 10], [2, 20], [3, 30]])
    assert interop.to_scipy(g, weight=1).toarray().tolist() == [
        [0, 10, 0],
        [30, 0, 20],
        [0, 0, 0],
    ]
    assert interop.to_scipy(g, weight=None).toarray().tolist() == [[0, 1, 0], [1, 0, 1], [0, 0, 0]]
    t = interop.to_scipy(g, transposed=True)
    assert (t != interop.to_scipy(g).T).nnz == 0
    for bad in (2, -1):
        with pytest.raises(dyng.InvalidArgumentError, match="column"):
            interop.to_scipy(g, weight=bad)
    with pytest.raises(dyng.InvalidArgumentError, match="column number"):
        interop.to_scipy(g, weight="w")  # type: ignore[arg-type]
    u = dyng.Graph.from_edges([0], [1])
    assert interop.to_scipy(u).toarray().tolist() == [[0, 1], [0, 0]]
    with pytest.raises(dyng.InvalidArgumentError, match="unweighted"):
        interop.to_scipy(u, weight=1)


def test_to_scipy_agrees_with_csgraph() -> None:
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    rng = np.random.default_rng(3)
    src, dst = rng.integers(0, 200, 1500), rng.integers(0, 200, 1500)
    g = dyng.Graph.from_edges(src, dst, rng.integers(1, 50, 1500), num_vertices=200)
    d = csgraph.dijkstra(interop.to_scipy(g), indices=0)
    tree = dyng.sssp.compute(g, source=0)
    ours = tree.distances.to_numpy().astype(float)
    ours[ours == dyng.INFINITE_DISTANCE] = np.inf
    assert np.array_equal(ours, d)


@pytest.mark.parametrize("directed", [True, False])
def test_to_scipy_parallel_min_gives_csgraph_our_distances(directed: bool) -> None:
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    rng = np.random.default_rng(7)
    for _ in range(20):
        m = int(rng.integers(1, 120))
        src, dst = rng.integers(0, 25, m), rng.integers(0, 25, m)  # many parallel edges
        w = rng.integers(1, 60, (m, 2))
        g = dyng.Graph.from_edges(
            src, dst, w, num_vertices=25, multi_edges="allow", directed=directed
        )
        tree = dyng.sssp.compute(g, source=0)
        ours = tree.distances.to_numpy().astype(float)
        ours[ours == dyng.INFINITE_DISTANCE] = np.inf
        a = interop.to_scipy(g, parallel="min")
        assert np.array_equal(csgraph.dijkstra(a, indices=0), ours)
        # one entry per pair, the smallest weight; "keep" keeps every entry
        kept = interop.to_scipy(g)
        assert kept.nnz == g.num_entries and a.nnz <= kept.nnz
        coo = kept.tocoo()
        best: dict[tuple[int, int], int] = {}
        for r, c, v in zip(coo.row.tolist(), coo.col.tolist(), coo.data.tolist(), strict=True):
            best[(r, c)] = min(v, best.get((r, c), v))
        small = a.tocoo()
        pairs = zip(small.row.tolist(), small.col.tolist(), strict=True)
        got = dict(zip(pairs, small.data.tolist(), strict=True))
        assert got == best
        column1 = interop.to_scipy(g, weight=1, parallel="min")
        assert column1.nnz == a.nnz and column1.dtype == np.int64
    with pytest.raises(dyng.InvalidArgumentError, match="parallel is 'sum'"):
        interop.to_scipy(g, parallel="sum")


def test_from_scipy_keywords() -> None:
    m = sp.csr_array(np.array([[0, 1], [1, 0]]))
    g = interop.from_scipy(m, vertex_dtype="int64", store_transposed=False)
    assert g.vertex_dtype == np.int64 and not g.properties.store_transposed
    p = dyng.GraphProperties(directed=False, num_weights=1)
    assert not interop.from_scipy(m, properties=p).directed
    with pytest.raises(TypeError, match="unexpected keywords"):
        interop.from_scipy(m, colour="red")  # type: ignore[call-arg]


# ---- NetworkX ---------------------------------------------------------------------------


def _nx() -> Any:
    return pytest.importorskip("networkx")


def _nx_kind(nxm: Any, directed: bool, multi: bool) -> Any:
    """The NetworkX graph class of a directedness and a multigraph flag."""
    return {
        (True, False): nxm.DiGraph,
        (False, False): nxm.Graph,
        (True, True): nxm.MultiDiGraph,
        (False, True): nxm.MultiGraph,
    }[(directed, multi)]


@settings(max_examples=60, deadline=None)
@given(edge_lists(), st.booleans(), st.booleans())
def test_networkx_round_trip(case: Any, directed: bool, multi: bool) -> None:
    nxm = _nx()
    n, edges = case
    kind = _nx_kind(nxm, directed, multi)
    G = kind()
    G.add_nodes_from(range(n))
    G.add_edges_from((u, v, {"weight": w, "cost": 7}) for u, v, w in edges)
    g = interop.from_networkx(G)
    assert g.directed == directed and g.num_vertices == n and g.num_edges == G.number_of_edges()
    expected = Counter(
        (u, v, d["weight"]) if directed else (min(u, v), max(u, v), d["weight"])
        for u, v, d in G.edges(data=True)
    )
    assert edge_multiset(g) == expected
    H = interop.to_networkx(g)
    assert type(H) is kind
    assert sorted(H.nodes) == list(range(n))
    if directed:
        assert Counter((u, v, d["weight"]) for u, v, d in H.edges(data=True)) == expected
    else:
        assert (
            Counter((min(u, v), max(u, v), d["weight"]) for u, v, d in H.edges(data=True))
            == expected
        )
    two = interop.from_networkx(G, weight=["weight", "cost"])
    assert two.num_weights == 2
    w2 = two.edges()[2]
    assert w2 is not None and set(w2[:, 1].tolist()) <= {7}
    names = interop.to_networkx(two)
    assert all(set(d) == {"weight_0", "weight_1"} for _, _, d in names.edges(data=True))
    named = interop.to_networkx(two, weight=("a", "b"))
    assert all(set(d) == {"a", "b"} for _, _, d in named.edges(data=True))
    assert interop.from_networkx(G, weight=None).num_weights == 0


def test_networkx_weights_and_labels() -> None:
    nxm = _nx()
    G = nxm.DiGraph()
    G.add_edge(0, 1, weight=2.0)
    G.add_edge(1, 2)
    assert edge_multiset(interop.from_networkx(G)) == Counter({(0, 1, 2): 1, (1, 2, 1): 1})
    assert edge_multiset(interop.from_networkx(G, default=9)) == Counter(
        {(0, 1, 2): 1, (1, 2, 9): 1}
    )
    with pytest.raises(dyng.InvalidArgumentError, match="edge 1 has no value for the attribute"):
        interop.from_networkx(G, default=None)
    # None is an absent value: default fills it (it was refused, with a message that said to
    # pass default=)
    N = nxm.DiGraph([(0, 1, {"weight": None}), (1, 2, {"weight": 4})])
    assert edge_multiset(interop.from_networkx(N, default=5)) == Counter(
        {(0, 1, 5): 1, (1, 2, 4): 1}
    )
    # a listed name that no edge carries is refused (a misspelt column); alone, it reads
    # NetworkX's way: every edge weighs default
    with pytest.raises(dyng.InvalidArgumentError, match="no edge has the attribute 'cots'"):
        interop.from_networkx(N, weight=["weight", "cots"])
    assert edge_multiset(interop.from_networkx(N, weight="cots")) == Counter(
        {(0, 1, 1): 1, (1, 2, 1): 1}
    )
    assert interop.from_networkx(nxm.DiGraph(), weight=["a", "b"]).num_weights == 2
    G.add_edge(2, 3, weight=0.5)
    with pytest.raises(dyng.InvalidArgumentError, match="not an integer"):
        interop.from_networkx(G)
    L = nxm.Graph([("a", "b")])
    with pytest.raises(dyng.InvalidArgumentError, match=r"nodelist=list\(G\)"):
        interop.from_networkx(L)
    g = interop.from_networkx(nxm.convert_node_labels_to_integers(L))
    assert g.num_edges == 1 and not g.directed
    with pytest.raises(dyng.InvalidArgumentError, match="non-negative"):
        interop.from_networkx(nxm.Graph([(-1, 0)]))
    with pytest.raises(dyng.InvalidArgumentError, match="non-negative"):
        interop.from_networkx(nxm.Graph([(True, 0)]))
    with pytest.raises(dyng.InvalidArgumentError, match="past the largest vertex id"):
        interop.from_networkx(nxm.Graph([(0, 2**70)]))
    with pytest.raises(dyng.NotSupportedError, match="int64"):
        interop.from_networkx(nxm.Graph([(0, 2**40)]), weight=None)  # int64 ids need weights
    sparse_ids = nxm.Graph()
    sparse_ids.add_node(9)
    assert interop.from_networkx(sparse_ids).num_vertices == 10
    assert interop.from_networkx(nxm.Graph()).num_vertices == 0
    with pytest.raises(dyng.InvalidArgumentError, match="2 names for a graph with 1"):
        interop.to_networkx(interop.from_networkx(nxm.Graph([(0, 1)])), weight=["a", "b"])


@settings(max_examples=60, deadline=None)
@given(edge_lists(), st.booleans(), st.booleans(), st.randoms(use_true_random=False))
def test_networkx_nodelist_round_trip(case: Any, directed: bool, multi: bool, rnd: Any) -> None:
    # Nodes of mixed kinds in a shuffled order; a node list names the ids, both ways.
    nxm = _nx()
    n, edges = case
    kind = _nx_kind(nxm, directed, multi)
    label = [f"v{i}" if i % 3 else (i, "t") for i in range(n)]
    G = kind()
    G.add_nodes_from(label)
    G.add_edges_from((label[u], label[v], {"weight": w}) for u, v, w in edges)
    nodes = list(G)
    rnd.shuffle(nodes)
    g = interop.from_networkx(G, nodelist=nodes)
    assert g.num_vertices == n and g.num_edges == G.number_of_edges()
    at = {v: i for i, v in enumerate(nodes)}

    def key(u: Any, v: Any, w: int) -> tuple[int, int, int]:
        a, b = at[u], at[v]
        return (a, b, w) if directed else (min(a, b), max(a, b), w)

    expected = Counter(key(u, v, d["weight"]) for u, v, d in G.edges(data=True))
    assert edge_multiset(g) == expected
    H = interop.to_networkx(g, nodelist=nodes)
    assert type(H) is kind and list(H.nodes) == nodes
    assert Counter(key(u, v, d["weight"]) for u, v, d in H.edges(data=True)) == expected
    # A subset keeps the edges among its nodes and numbers them by its order.
    part = nodes[: n // 2]
    s = interop.from_networkx(G, nodelist=part)
    inside = set(part)
    assert s.num_vertices == len(part)
    assert edge_multiset(s) == Counter(
        key(u, v, d["weight"]) for u, v, d in G.edges(data=True) if u in inside and v in inside
    )


def test_networkx_nodelist_sssp_agrees() -> None:
    nxm = _nx()
    G = nxm.gnm_random_graph(40, 120, seed=3, directed=True)
    G = nxm.relabel_nodes(G, {v: f"city{v}" for v in G})
    for k, (_, _, d) in enumerate(G.edges(data=True)):
        d["weight"] = 1 + (k * 7) % 13
    nodes = sorted(G, reverse=True)
    tree = dyng.sssp.compute(interop.from_networkx(G, nodelist=nodes), source=nodes.index("city0"))
    dist = dict(zip(nodes, tree.distances.to_numpy().tolist(), strict=True))
    want = nxm.single_source_dijkstra_path_length(G, "city0")
    assert {v: d for v, d in dist.items() if d != dyng.sssp.INFINITE_DISTANCE} == want


def test_networkx_nodelist_errors() -> None:
    nxm = _nx()
    G = nxm.Graph([("a", "b"), ("b", "c")])
    with pytest.raises(dyng.InvalidArgumentError, match=r"nodelist\[1\] = 'z' is not a node"):
        interop.from_networkx(G, nodelist=["a", "z"])
    with pytest.raises(dyng.InvalidArgumentError, match=r"nodelist\[2\] = 'a' repeats nodelist"):
        interop.from_networkx(G, nodelist=["a", "b", "a"])
    with pytest.raises(dyng.InvalidArgumentError, match="is not a node"):
        interop.from_networkx(G, nodelist=[["a"]])
    assert interop.from_networkx(G, nodelist=[]).num_vertices == 0
    g = interop.from_networkx(G, nodelist=iter(["c", "b", "a"]))  # any iterable
    assert edge_multiset(g) == Counter({(0, 1, 1): 1, (1, 2, 1): 1})
    with pytest.raises(dyng.InvalidArgumentError, match="2 nodes for a graph of 3 vertices"):
        interop.to_networkx(g, nodelist=["x", "y"])
    with pytest.raises(dyng.InvalidArgumentError, match=r"nodelist\[2\] = 'x' repeats"):
        interop.to_networkx(g, nodelist=["x", "y", "x"])
    with pytest.raises(dyng.InvalidArgumentError, match="not hashable"):
        interop.to_networkx(g, nodelist=["x", "y", ["z"]])


def test_networkx_cycles_agree() -> None:
    nxm = _nx()
    G = nxm.gnm_random_graph(14, 30, seed=5, directed=True)
    g = interop.from_networkx(G, weight=None)
    counts = Counter(len(c) for c in nxm.simple_cycles(G, length_bound=5))
    hist = dyng.cycle_count.compute(g, max_length=5)
    assert {k: v for k, v in hist.to_dict().items() if v} == dict(counts)


# ---- igraph -----------------------------------------------------------------------------


def _ig() -> Any:
    return pytest.importorskip("igraph")


@settings(max_examples=60, deadline=None)
@given(edge_lists(), st.booleans())
def test_igraph_round_trip(case: Any, directed: bool) -> None:
    ig = _ig()
    n, edges = case
    G = ig.Graph(n=n, edges=[(u, v) for u, v, _ in edges], directed=directed)
    if edges:
        G.es["weight"] = [w for _, _, w in edges]
    g = interop.from_igraph(G)
    multi = bool(edges) and G.has_multiple()
    assert g.directed == directed and g.num_vertices == n
    assert g.properties.parallel_edges == ("allow" if multi else "forbid")
    expected = Counter((u, v, w) if directed else (min(u, v), max(u, v), w) for u, v, w in edges)
    if edges:
        assert edge_multiset(g) == expected
    else:
        assert g.num_edges == 0
    H = interop.to_igraph(g)
    assert H.vcount() == n and H.is_directed() == directed
    if edges:
        back = Counter(
            (e.source, e.target, e["weight"])
            if directed
            else (min(e.source, e.target), max(e.source, e.target), e["weight"])
            for e in H.es
        )
        assert back == expected


def test_igraph_attributes() -> None:
    ig = _ig()
    G = ig.Graph(n=3, edges=[(0, 1), (1, 2)], directed=True)
    assert interop.from_igraph(G).num_weights == 0  # no "weight" attribute: unweighted
    G.es["cost"] = [4, None]
    assert edge_multiset(interop.from_igraph(G, weight="cost")) == Counter(
        {(0, 1, 4): 1, (1, 2, 1): 1}
    )
    with pytest.raises(dyng.InvalidArgumentError, match="edge 1 has no value for the attribute"):
        interop.from_igraph(G, weight="cost", default=None)
    with pytest.raises(dyng.InvalidArgumentError, match="no edge has the attribute 'cots'"):
        interop.from_igraph(G, weight=["cost", "cots"])  # it read as all 1s
    G.es["len"] = [1.0, 2.0]
    g = interop.from_igraph(G, weight=["cost", "len"], default=0)
    assert edge_multiset(g) == Counter({(0, 1, 4, 1): 1, (1, 2, 0, 2): 1})
    H = interop.to_igraph(g, weight=["cost", "len"])
    assert H.es["cost"] == [4, 0] and H.es["len"] == [1, 2]
    assert "name" not in H.vs.attributes()


def test_igraph_names() -> None:
    # Names from a named igraph graph go back out with to_igraph(names=...).
    ig = _ig()
    G = ig.Graph.TupleList([("Ayr", "Troon", 7), ("Troon", "Irvine", 9)], weights=True)
    g = interop.from_igraph(G)
    tree = dyng.sssp.compute(g, source=G.vs.find(name="Ayr").index)
    assert dict(zip(G.vs["name"], tree.distances.to_numpy().tolist(), strict=True)) == {
        "Ayr": 0,
        "Troon": 7,
        "Irvine": 16,
    }
    H = interop.to_igraph(g, names=G.vs["name"])
    assert H.vs["name"] == ["Ayr", "Troon", "Irvine"]
    assert sorted((H.vs[e.source]["name"], H.vs[e.target]["name"], e["weight"]) for e in H.es) == [
        ("Ayr", "Troon", 7),
        ("Troon", "Irvine", 9),
    ]
    assert H.distances(source="Ayr", target="Irvine", weights="weight") == [[16]]
    with pytest.raises(dyng.InvalidArgumentError, match="2 names for a graph of 3 vertices"):
        interop.to_igraph(g, names=["a", "b"])


def test_missing_library_message(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "networkx", None)  # what an absent package looks like
    g = dyng.Graph.from_edges([0], [1])
    with pytest.raises(ImportError, match=r"to_networkx\(\) needs networkx; install it"):
        interop.to_networkx(g)
    with pytest.raises(ImportError, match=r"from_networkx\(\) needs networkx"):
        interop.from_networkx(object())


def test_from_scipy_sums_duplicates_as_scipy_does() -> None:
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    # A non-canonical matrix: (0, 1) stored twice (5 and 2), (1, 2) three times.
    m = sp.coo_array(([5, 2, 1, 1, 1, 4], ([0, 0, 1, 1, 1, 2], [1, 1, 2, 2, 2, 0])), shape=(3, 3))
    for fmt in ("coo", "csr", "csc"):
        x = m.asformat(fmt)
        g = interop.from_scipy(x)
        assert edge_multiset(g) == Counter({(0, 1, 7): 1, (1, 2, 3): 1, (2, 0, 4): 1})
        assert (interop.to_scipy(g) != sp.csr_array(x.toarray())).nnz == 0
        tree = dyng.sssp.compute(g, 0)
        assert tree.distances.to_numpy().tolist() == csgraph.dijkstra(x, indices=0).tolist()
    # multi_edges="allow" keeps each entry as a parallel edge
    assert interop.from_scipy(m, multi_edges="allow").num_edges == 6
    # floats and booleans: summed in float64, or'ed as a pattern
    f = sp.coo_array(([1.5, 1.5], ([0, 0], [1, 1])), shape=(2, 2))
    assert edge_multiset(interop.from_scipy(f)) == Counter({(0, 1, 3): 1})
    b = sp.coo_array(([True, True], ([0, 0], [1, 1])), shape=(2, 2))
    assert interop.from_scipy(b).num_edges == 1
    # a sum past int32 is refused, not wrapped
    big = sp.coo_array(([2**31 - 1, 1], ([0, 0], [1, 1])), shape=(2, 2))
    with pytest.raises(dyng.InvalidArgumentError, match="2147483648 is outside int32"):
        interop.from_scipy(big)


def test_to_scipy_sums_parallel_edges_without_wrapping() -> None:
    g = dyng.Graph.from_edges([0, 0], [1, 1], [2**31 - 1, 2**31 - 1], multi_edges="allow")
    m = interop.to_scipy(g)
    assert m.dtype == np.int64 and m.toarray()[0, 1] == 2**32 - 2
    assert (m @ m).dtype == np.int64


def test_properties_keep_what_the_source_graph_is() -> None:
    nxm = _nx()
    G = nxm.Graph([(0, 1, {"weight": 3}), (1, 2, {"weight": 4})])
    for props in (dyng.GraphProperties(order="append"), dyng.GraphProperties.mosp_compatible()):
        g = interop.from_networkx(G, properties=props)
        assert not g.directed and g.properties.order == props.order
        assert dyng.sssp.compute(g, 2).distances.to_numpy().tolist() == [7, 4, 0]
        assert interop.from_networkx(G, properties=props, directed=True).directed
    M = nxm.MultiGraph([(0, 1, {"weight": 2}), (0, 1, {"weight": 5})])
    g = interop.from_networkx(M, properties=dyng.GraphProperties(directed=False))
    assert edge_multiset(g) == Counter({(0, 1, 2): 1, (0, 1, 5): 1})
    ig = pytest.importorskip("igraph")
    H = ig.Graph([(0, 1), (1, 2)], directed=False)
    H.es["weight"] = [3, 4]
    h = interop.from_igraph(H, properties=dyng.GraphProperties(order="append"))
    assert not h.directed and dyng.sssp.compute(h, 2).distances.to_numpy().tolist() == [7, 4, 0]


def test_several_weight_columns_round_trip() -> None:
    g = dyng.Graph.from_edges(np.array([0, 1]), np.array([1, 2]), [[1, 20], [3, 40]])
    back = interop.from_networkx(interop.to_networkx(g))
    assert edge_multiset(back) == edge_multiset(g)
    ig = pytest.importorskip("igraph")
    assert isinstance(interop.to_igraph(g), ig.Graph)
    assert edge_multiset(interop.from_igraph(interop.to_igraph(g))) == edge_multiset(g)
    # a name of its own still reads as asked
    H = interop.to_networkx(g, weight="cost")
    assert edge_multiset(interop.from_networkx(H, weight="cost")) == edge_multiset(g)
    assert interop.from_networkx(H, weight=None).num_weights == 0


def test_weight_arguments_and_values_are_explained() -> None:
    nxm = _nx()
    G = nxm.DiGraph([(0, 1, {"weight": 1})])
    with pytest.raises(dyng.InvalidArgumentError, match="not from a function"):
        interop.from_networkx(G, weight=lambda u, v, d: 1)  # type: ignore[arg-type]
    for value, message in (
        (2**70, "1180591620717411303424 at position 0 is outside int32"),
        (Fraction(3), "is a Fraction; expected integers"),
    ):
        H = nxm.DiGraph([(0, 1, {"weight": value}), (1, 2, {"weight": 1})])
        with pytest.raises(dyng.InvalidArgumentError, match=message):
            interop.from_networkx(H)
