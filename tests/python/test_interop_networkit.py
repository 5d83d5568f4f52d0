"""dyng.interop's NetworKit bridge, both ways, against NetworKit's own view of its graphs.

The oracle is NetworKit itself: a graph built from a ``networkit.Graph`` (made here edge by
edge with ``addEdge``) must have exactly the edges and weights that NetworKit lists for it,
and a graph exported to NetworKit must read back, through NetworKit's API (its edge iterator,
counts, ``Dijkstra``), as dynG's edges. NetworKit comes with ``make test``'s tools and the
``bench`` extra; without it the module is skipped.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dyng
from dyng import interop

nk = pytest.importorskip("networkit")

INT32_MAX = 2**31 - 1
Edge = tuple[int, int, int]


def edge_multiset(g: dyng.Graph) -> Counter[tuple[int, ...]]:
    """The graph's edges with their weights, as a multiset of tuples."""
    src, dst, w = g.edges()
    rows = zip(src.tolist(), dst.tolist(), *([] if w is None else w.T.tolist()), strict=True)
    return Counter(tuple(r) for r in rows)


def nk_edges(G: Any, weighted: bool = True) -> Counter[tuple[int, ...]]:
    """NetworKit's edges of G (each undirected edge once, as (min, max)), with weights as ints."""
    out: Counter[tuple[int, ...]] = Counter()
    for u, v, w in G.iterEdgesWeights():
        a, b = (u, v) if G.isDirected() else (min(u, v), max(u, v))
        assert w == int(w)
        out[(a, b, int(w)) if weighted else (a, b)] += 1
    return out


def expected(edges: list[Edge], directed: bool, weighted: bool = True) -> Counter[tuple[int, ...]]:
    """The edge multiset a list of (u, v, w) means, each undirected edge as (min, max)."""
    out: Counter[tuple[int, ...]] = Counter()
    for u, v, w in edges:
        a, b = (u, v) if directed else (min(u, v), max(u, v))
        out[(a, b, w) if weighted else (a, b)] += 1
    return out


def nk_graph(n: int, edges: list[Edge], *, weighted: bool, directed: bool) -> Any:
    """A networkit.Graph made by hand, one addEdge per edge."""
    G = nk.Graph(n, weighted, directed)
    for u, v, w in edges:
        assert G.addEdge(u, v, float(w))
    return G


@st.composite
def nk_cases(draw: Any, max_n: int = 12) -> tuple[int, list[Edge], set[int]]:
    """(n, edges, removed nodes): edges among the nodes that stay, parallel ones and
    self-loops included, weights anywhere in int32."""
    n = draw(st.integers(0, max_n))
    if n == 0:
        return 0, [], set()
    removed = draw(st.sets(st.integers(0, n - 1), max_size=n // 3))
    kept = [v for v in range(n) if v not in removed]
    if not kept:
        return n, [], removed
    node = st.sampled_from(kept)
    weight = st.one_of(st.integers(-5, 20), st.integers(-(2**31), INT32_MAX))
    edges = draw(st.lists(st.tuples(node, node, weight), max_size=40))
    # a few parallel edges on purpose: a repeated pair with a weight of its own
    repeats = draw(st.lists(st.tuples(st.sampled_from(edges), weight), max_size=3)) if edges else []
    edges += [(u, v, w) for (u, v, _), w in repeats]
    return n, edges, removed


# ---- from_networkit ---------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(nk_cases(), st.booleans(), st.booleans())
def test_from_networkit_has_networkits_edges(case: Any, directed: bool, weighted: bool) -> None:
    n, edges, removed = case
    G = nk_graph(n, edges, weighted=weighted, directed=directed)
    for v in removed:
        G.removeNode(v)
    g = interop.from_networkit(G)
    # NetworKit's ids, removed ones as isolated vertices
    assert g.num_vertices == n == G.upperNodeIdBound()
    assert g.directed == directed
    assert g.num_weights == (1 if weighted else 0)
    want = expected(edges, directed, weighted)
    assert edge_multiset(g) == want
    assert edge_multiset(g) == nk_edges(G, weighted)  # NetworKit's own listing agrees
    multi = any(c > 1 for c in expected(edges, directed, False).values())
    assert g.properties.parallel_edges == ("allow" if multi else "forbid")
    assert g.num_edges == G.numberOfEdges() == len(edges)
    for v in removed:
        assert g.degree(v) == 0 and g.degree(v, transposed=True) == 0
    # the pattern only, or NetworKit's weights 1 of an unweighted graph
    assert edge_multiset(interop.from_networkit(G, weighted=False)) == expected(
        edges, directed, False
    )
    ones = interop.from_networkit(G, weighted=True)
    assert ones.num_weights == 1
    if not weighted:
        assert edge_multiset(ones) == Counter({(*k, 1): c for k, c in want.items()})
    g.check_integrity()


def test_from_networkit_small_graph_by_hand() -> None:
    G = nk.Graph(4, True, True)
    for a, b, x in [(2, 0, 7.0), (0, 1, -3.0), (1, 1, 4.0), (0, 1, 2.0), (3, 2, 0.0)]:
        G.addEdge(a, b, x)
    g = interop.from_networkit(G)
    src, dst, w = g.edges()
    assert w is not None and w.dtype == np.int32
    got = sorted(zip(src.tolist(), dst.tolist(), w[:, 0].tolist(), strict=True))
    assert got == [(0, 1, -3), (0, 1, 2), (1, 1, 4), (2, 0, 7), (3, 2, 0)]
    assert g.properties.parallel_edges == "allow" and g.directed
    U = nk.Graph(3, False, False)
    U.addEdge(2, 0)
    U.addEdge(1, 1)
    h = interop.from_networkit(U)
    assert not h.directed and h.num_weights == 0
    assert sorted(zip(*(a.tolist() for a in h.edges()[:2]), strict=True)) == [(0, 2), (1, 1)]
    assert h.properties.parallel_edges == "forbid"
    assert h.degree(1) == 1  # the self-loop once, as NetworKit counts it
    assert U.numberOfSelfLoops() == 1


def test_from_networkit_sssp_agrees_with_networkits_dijkstra() -> None:
    rng = np.random.default_rng(7)
    for directed in (True, False):
        n, m = 60, 240
        G = nk.Graph(n, True, directed)
        for u, v, w in zip(
            rng.integers(0, n, m).tolist(),
            rng.integers(0, n, m).tolist(),
            rng.integers(1, 1000, m).tolist(),
            strict=True,
        ):
            G.addEdge(u, v, float(w))  # parallel edges and self-loops among them
        G.removeNode(n - 1)
        g = interop.from_networkit(G)
        for source in (0, 17, 42):
            got = dyng.sssp.compute(g, source).distances.to_numpy().tolist()
            want = nk.distance.Dijkstra(G, source).run().getDistances()
            assert len(got) == len(want) == n
            for d, x in zip(got, want, strict=True):
                if x == sys.float_info.max:  # NetworKit's unreachable
                    assert d == dyng.sssp.INFINITE_DISTANCE
                else:
                    assert d == int(x)


def test_from_networkit_removed_nodes_keep_ids() -> None:
    G = nk.Graph(6, True, True)
    G.addEdge(0, 5, 3.0)
    G.addEdge(5, 2, 4.0)
    G.addEdge(1, 3, 9.0)
    G.removeNode(1)  # its edge goes with it
    G.removeNode(4)
    assert G.numberOfNodes() == 4 and G.upperNodeIdBound() == 6
    g = interop.from_networkit(G)
    assert g.num_vertices == 6
    assert edge_multiset(g) == Counter({(0, 5, 3): 1, (5, 2, 4): 1})
    assert g.degrees().tolist() == [1, 0, 0, 0, 0, 1]
    assert g.degrees(transposed=True).tolist() == [0, 0, 1, 0, 0, 1]
    # a batch written with G's ids applies as it is
    dyng.update(g, dyng.EdgeBatch(insert=([5], [3], [1])))
    assert g.has_edge(5, 3)
    # the documented recipe drops them
    C = nk.graphtools.getCompactedGraph(G, nk.graphtools.getContinuousNodeIds(G))
    assert interop.from_networkit(C).num_vertices == 4


def test_from_networkit_weights_are_checked() -> None:
    def one(w: float) -> Any:
        G = nk.Graph(3, True, True)
        G.addEdge(0, 1, 1.0)
        G.addEdge(1, 2, w)
        return G

    for bad in (0.5, -2.25, float("nan"), float("inf")):
        with pytest.raises(dyng.InvalidArgumentError, match="at position 1 is not an integer"):
            interop.from_networkit(one(bad))
    for bad in (2.0**31, -(2.0**31) - 1, 1e300):
        with pytest.raises(dyng.InvalidArgumentError, match="is outside int32"):
            interop.from_networkit(one(bad))
    with pytest.raises(dyng.InvalidArgumentError, match=r"G\.iterEdgesWeights\(\) order"):
        interop.from_networkit(one(0.5))
    # the edges alone are fine
    assert interop.from_networkit(one(0.5), weighted=False).num_edges == 2
    # the int32 range itself, and negative weights, which the graph holds (sssp refuses them)
    for w in (float(INT32_MAX), -(2.0**31), -7.0, 0.0, -0.0):
        g = interop.from_networkit(one(w))
        assert edge_multiset(g) == Counter({(0, 1, 1): 1, (1, 2, int(w)): 1})
    with pytest.raises(dyng.InvalidArgumentError, match="weights >= 1"):
        dyng.sssp.compute(interop.from_networkit(one(-7.0)), 0)


def test_from_networkit_empty_graphs() -> None:
    for n in (0, 5):
        for directed in (True, False):
            for weighted in (True, False):
                g = interop.from_networkit(nk.Graph(n, weighted, directed))
                assert g.num_vertices == n and g.num_edges == 0
                assert g.directed == directed and g.num_weights == (1 if weighted else 0)
                H = interop.to_networkit(g)
                assert H.numberOfNodes() == n and H.numberOfEdges() == 0
                assert H.isDirected() == directed and H.isWeighted() == weighted


def test_from_networkit_directed_override() -> None:
    U = nk.Graph(3, True, False)
    U.addEdge(2, 0, 5.0)
    U.addEdge(1, 2, 6.0)
    # undirected -> directed: each edge once, as the arc from its smaller end
    d = interop.from_networkit(U, directed=True)
    assert d.directed and edge_multiset(d) == Counter({(0, 2, 5): 1, (1, 2, 6): 1})
    # both arcs: convert in NetworKit first, as the docstring says
    both = interop.from_networkit(nk.Graph(U, True, True))
    assert edge_multiset(both) == Counter({(0, 2, 5): 1, (2, 0, 5): 1, (1, 2, 6): 1, (2, 1, 6): 1})
    D = nk.Graph(2, True, True)
    D.addEdge(1, 0, 3.0)
    D.addEdge(0, 1, 4.0)
    # directed -> undirected: u -> v and v -> u are one edge, the later weight wins ...
    u = interop.from_networkit(D, directed=False)
    assert not u.directed and u.num_edges == 1
    assert edge_multiset(u) in (Counter({(0, 1, 3): 1}), Counter({(0, 1, 4): 1}))
    last = [w for _, _, w in D.iterEdgesWeights()][-1]
    assert edge_multiset(u) == Counter({(0, 1, int(last)): 1})
    # ... unless parallel edges are kept
    p = interop.from_networkit(D, directed=False, multi_edges="allow")
    assert edge_multiset(p) == Counter({(0, 1, 3): 1, (0, 1, 4): 1})


def test_from_networkit_properties_and_keywords() -> None:
    G = nk.Graph(3, True, False)
    G.addEdge(0, 1, 3.0)
    G.addEdge(1, 2, 4.0)
    for props in (dyng.GraphProperties(order="append"), dyng.GraphProperties.mosp_compatible()):
        g = interop.from_networkit(G, properties=props)
        # the order comes from properties, directedness from G
        assert not g.directed and g.properties.order == props.order
        assert dyng.sssp.compute(g, 2).distances.to_numpy().tolist() == [7, 4, 0]
        assert interop.from_networkit(G, properties=props, directed=True).directed
    g = interop.from_networkit(G, vertex_dtype="int64", store_transposed=False)
    assert g.vertex_dtype == np.int64 and not g.properties.store_transposed
    P = nk.Graph(2, True, True)
    P.addEdge(0, 1, 1.0)
    P.addEdge(0, 1, 2.0)
    # parallel edges in G hold over properties that forbid them; the keyword does not
    kept = interop.from_networkit(P, properties=dyng.GraphProperties(parallel_edges="forbid"))
    assert kept.num_edges == 2
    merged = interop.from_networkit(P, multi_edges="forbid")
    assert edge_multiset(merged) == Counter({(0, 1, 2): 1})
    with pytest.raises(TypeError, match="unexpected keywords"):
        interop.from_networkit(G, colour="red")  # type: ignore[call-arg]
    with pytest.raises(dyng.InvalidArgumentError, match="weighted must be a bool"):
        interop.from_networkit(G, weighted="yes")  # type: ignore[arg-type]
    with pytest.raises(dyng.InvalidArgumentError, match=r"expected a networkit\.Graph, got list"):
        interop.from_networkit([(0, 1)])


def test_from_networkit_reads_every_listed_edge() -> None:
    # NetworKit's copy to an undirected graph merges u -> v and v -> u into one edge of
    # weight 3 + 4 but (in 11.3) counts numberOfEdges() as 0 and fails checkConsistency():
    # the bridge reads what the iterator lists, and finds no parallel edge there.
    D = nk.Graph(2, True, True)
    D.addEdge(0, 1, 3.0)
    D.addEdge(1, 0, 4.0)
    U = nk.Graph(D, True, False)
    g = interop.from_networkit(U)
    assert edge_multiset(g) == nk_edges(U) == Counter({(0, 1, 7): 1})
    assert g.properties.parallel_edges == "forbid"


# ---- to_networkit -----------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(dyng.testing.graphs(max_weight=INT32_MAX))
def test_to_networkit_has_the_graphs_edges(g: dyng.Graph) -> None:
    G = interop.to_networkit(g)
    assert G.numberOfNodes() == G.upperNodeIdBound() == g.num_vertices
    assert G.isDirected() == g.directed
    assert G.isWeighted() == (g.num_weights > 0)
    assert G.numberOfEdges() == g.num_edges
    src, dst, w = g.edges()
    assert G.numberOfSelfLoops() == int((src == dst).sum())
    column0 = Counter(
        (u, v, x[0]) if w is not None else (u, v, 1)
        for u, v, *x in zip(
            src.tolist(), dst.tolist(), *([] if w is None else [w[:, 0].tolist()]), strict=True
        )
    )
    assert nk_edges(G) == column0
    for u, v, _ in list(column0)[:5]:
        assert G.hasEdge(u, v)
    back = interop.from_networkit(G)
    assert back.num_vertices == g.num_vertices and back.directed == g.directed
    assert edge_multiset(back) == Counter(
        {k if w is not None else k[:2]: c for k, c in column0.items()}
    )
    # the other columns, or none
    if g.num_weights == 2:
        second = interop.to_networkit(g, weight=1)
        assert w is not None
        assert nk_edges(second) == Counter(
            zip(src.tolist(), dst.tolist(), w[:, 1].tolist(), strict=True)
        )
    bare = interop.to_networkit(g, weight=None)
    assert not bare.isWeighted() and bare.numberOfEdges() == g.num_edges


@settings(max_examples=60, deadline=None)
@given(nk_cases(), st.booleans(), st.booleans())
def test_round_trips(case: Any, directed: bool, weighted: bool) -> None:
    n, edges, removed = case
    G = nk_graph(n, edges, weighted=weighted, directed=directed)
    for v in removed:
        G.removeNode(v)
    g = interop.from_networkit(G)
    back = interop.from_networkit(interop.to_networkit(g))
    assert back.num_vertices == g.num_vertices and back.directed == g.directed
    assert back.num_weights == g.num_weights
    assert back.properties.parallel_edges == g.properties.parallel_edges
    assert edge_multiset(back) == edge_multiset(g)
    H = interop.to_networkit(g)
    assert nk_edges(H, weighted) == nk_edges(G, weighted)
    assert H.isDirected() == directed and H.isWeighted() == weighted
    assert H.numberOfSelfLoops() == G.numberOfSelfLoops()


def test_to_networkit_sssp_agrees_with_networkits_dijkstra() -> None:
    for directed in (True, False):
        g = dyng.generators.erdos_renyi(
            80, 320, seed=3, directed=directed, weights=(1, 50), num_weights=2
        )
        for column in (0, 1):
            G = interop.to_networkit(g, weight=column)
            other = g.edges()[2]
            assert other is not None
            for source in (0, 33):
                want = nk.distance.Dijkstra(G, source).run().getDistances()
                one = dyng.Graph.from_edges(
                    *g.edges()[:2], other[:, column], num_vertices=80, directed=directed
                )
                got = dyng.sssp.compute(one, source).distances.to_numpy().tolist()
                for d, x in zip(got, want, strict=True):
                    if x == sys.float_info.max:
                        assert d == dyng.sssp.INFINITE_DISTANCE
                    else:
                        assert d == int(x)


def test_to_networkit_parallel_edges_and_self_loops() -> None:
    g = dyng.Graph.from_edges(
        [0, 0, 2, 1, 1], [1, 1, 2, 0, 1], [5, 2, 9, 4, 3], directed=False, multi_edges="allow"
    )
    G = interop.to_networkit(g)
    assert G.numberOfEdges() == 5 and G.numberOfSelfLoops() == 2
    assert nk_edges(G) == Counter(
        {(0, 1, 5): 1, (0, 1, 2): 1, (0, 1, 4): 1, (2, 2, 9): 1, (1, 1, 3): 1}
    )
    assert sorted(G.iterNeighbors(0)) == [1, 1, 1]
    # NetworKit's Dijkstra takes the lighter parallel edge, as dynG does
    assert nk.distance.Dijkstra(G, 0).run().getDistances() == [0.0, 2.0, sys.float_info.max]


def test_to_networkit_weight_argument() -> None:
    g = dyng.Graph.from_edges([0, 1], [1, 2], [[1, 20], [3, 40]])
    assert nk_edges(interop.to_networkit(g, weight=1)) == Counter({(0, 1, 20): 1, (1, 2, 40): 1})
    with pytest.raises(dyng.InvalidArgumentError, match=r"column 2 of a graph with columns 0\.\.1"):
        interop.to_networkit(g, weight=2)
    with pytest.raises(dyng.InvalidArgumentError, match="expected a column number or None"):
        interop.to_networkit(g, weight="weight")  # type: ignore[arg-type]
    u = dyng.Graph.from_edges([0], [1])
    assert not interop.to_networkit(u).isWeighted()
    with pytest.raises(dyng.InvalidArgumentError, match="column 1 of an unweighted graph"):
        interop.to_networkit(u, weight=1)


def test_missing_library_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "networkit", None)  # what an absent package looks like
    g = dyng.Graph.from_edges([0], [1])
    with pytest.raises(ImportError, match=r"to_networkit\(\) needs networkit; install it"):
        interop.to_networkit(g)
    with pytest.raises(ImportError, match=r"from_networkit\(\) needs networkit"):
        interop.from_networkit(object())
