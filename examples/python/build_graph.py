"""Build graphs from arrays, look at them, export them.

Run: ``python examples/python/build_graph.py``

1. A small directed road map with travel times, from edge arrays
   (``dyng.Graph.from_edges``): 0 -> 1 (4), 0 -> 2 (1), 2 -> 1 (2), 1 -> 3 (1),
   2 -> 3 (5), 3 -> 4 (3). Prints its counts and degrees, then exports it as
   CSR arrays, out-edges and in-edges (rows sorted by target, the default).
2. An undirected triangle with a tail, from symmetric CSR arrays
   (``dyng.Graph.from_csr``): each undirected edge is one edge
   (``num_edges``) and two stored entries (``num_entries``).
3. A batch of changes applied to the road map (``Graph.apply``), and what it
   did (an ``ApplySummary``).
"""

from __future__ import annotations

import sys

import numpy as np

import dyng


def check(condition: bool, what: str) -> None:
    """Stop with a message when ``condition`` is false."""
    if not condition:
        raise SystemExit(f"build_graph: check failed: {what}")


def main() -> int:
    # ---- 1. a directed graph from edge arrays ------------------------------------------------
    src = np.array([0, 0, 2, 1, 2, 3], dtype=np.int32)  # int32 arrays: int32 vertex ids
    dst = np.array([1, 2, 1, 3, 3, 4], dtype=np.int32)
    minutes = np.array([4, 1, 2, 1, 5, 3], dtype=np.int32)  # one weight per edge
    roads = dyng.Graph.from_edges(src, dst, minutes)  # directed by default
    print(
        f"roads: {'directed' if roads.directed else 'undirected'}, {roads.num_vertices} "
        f"vertices, {roads.num_edges} edges, ids {roads.vertex_dtype}, "
        f"{roads.num_weights} weight column"
    )
    for v in range(roads.num_vertices):
        print(
            f"  vertex {v}: out-degree {roads.degree(v)}, "
            f"in-degree {roads.degree(v, transposed=True)}"
        )
    row_ptr, col, weights = roads.to_csr()  # NumPy arrays (copies, ours to keep)
    print(f"out-edges as CSR: row_ptr {row_ptr.tolist()}, col {col.tolist()}")
    if weights is None:  # (m, K) int32 for a weighted graph, None for an unweighted one
        raise SystemExit("build_graph: a weighted graph exported no weights")
    print(f"  weights {weights.ravel().tolist()} (shape {weights.shape}: entries x columns)")
    in_ptr, in_col, _ = roads.to_csr(transposed=True)  # row v: the sources of edges into v
    print(f"in-edges as CSR: row_ptr {in_ptr.tolist()}, col {in_col.tolist()}")
    check(row_ptr.tolist() == [0, 2, 3, 5, 6, 6], "out-CSR row_ptr")
    check(col.tolist() == [1, 2, 3, 1, 3, 4], "out-CSR col")
    check(in_ptr.tolist() == [0, 0, 2, 3, 5, 6], "in-CSR row_ptr")
    roads.check_integrity()  # raises dyng.InternalError if an invariant is broken

    # ---- 2. an undirected graph from CSR arrays ----------------------------------------------
    # Triangle 0-1-2 and a tail 2-3: each edge is listed in both rows. Lists take the
    # smallest id type that holds their values (int32 here); an int64 NumPy array would
    # select int64 ids, which need a weight column (see the supported types in
    # docs/python.md).
    triangle = dyng.Graph.from_csr([0, 2, 4, 7, 8], [1, 2, 0, 2, 0, 1, 3, 2], directed=False)
    e_src, e_dst, _ = triangle.edges()  # each undirected edge once, as (u, v) with u <= v
    print(
        f"triangle: undirected, {triangle.num_vertices} vertices, {triangle.num_edges} edges, "
        f"{triangle.num_entries} stored entries, weighted: {triangle.weighted}"
    )
    print(f"  edges: {list(zip(e_src.tolist(), e_dst.tolist(), strict=True))}")
    check((triangle.num_edges, triangle.num_entries) == (4, 8), "undirected counts")

    # ---- 3. a batch ----------------------------------------------------------------------------
    # Insert 4 -> 0 (a new edge) and 0 -> 1 again with a new weight (upsert: the last
    # insertion wins); delete 2 -> 3. Vertex 5 is new: the graph grows.
    batch = dyng.EdgeBatch(insert=([4, 0, 4], [0, 1, 5], [6, 9, 2]), delete=([2], [3]))
    s = roads.apply(batch)
    print(
        f"batch: +{s.inserted} inserted, {s.updated} updated, -{s.deleted} deleted, "
        f"{s.new_vertices} new vertex -> {s.num_vertices} vertices, {s.num_edges} edges, "
        f"version {s.version}"
    )
    check((s.inserted, s.updated, s.deleted, s.new_vertices) == (2, 1, 1, 1), "the summary")
    check(roads.version == 1 and roads.num_edges == 7, "the graph after the batch")
    roads.check_integrity()
    print("check: ok")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except dyng.errors.Error as e:  # every dynG error derives from dyng.errors.Error
        print(f"build_graph: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
