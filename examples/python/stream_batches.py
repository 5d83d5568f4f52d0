"""Stream batches of changes into a road network and watch what each one does.

Run: ``python examples/python/stream_batches.py [GRAPH.mtx[.gz]] [--batches N] [--batch-size B]``

Reads a Matrix Market graph (default: the road network of Luxembourg that ships inside the
package, 114,599 junctions), gives every road a seeded travel time in 1..100, and applies N
random batches of B changes (half deletions of existing roads, half insertions of new ones;
``dyng.generators.random_batch``). Each batch prints its ``ApplySummary`` and its throughput;
the edge counts are checked batch by batch, and the graph's invariants at the end.
"""

from __future__ import annotations

import argparse
import sys
import time

import dyng


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("graph", nargs="?", help="a Matrix Market file (default: Luxembourg)")
    parser.add_argument("--batches", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    path = args.graph or str(dyng.datasets.path("luxembourg_osm"))

    # Read the file as a pattern (ids only) and give each road a seeded travel time.
    arrays = dyng.io.read_matrix_market_arrays(path, ignore_values=True)
    minutes = dyng.generators.random_weights(len(arrays.src), low=1, high=100, seed=args.seed)
    g = dyng.Graph.from_edges(
        arrays.src,
        arrays.dst,
        minutes,
        num_vertices=arrays.num_vertices,
        directed=arrays.symmetry == "general",  # a symmetric file is an undirected graph
    )
    print(
        f"graph: {g.num_vertices:,} vertices, {g.num_edges:,} edges, "
        f"{'directed' if g.directed else 'undirected'}, {g.memory_bytes / 1e6:.1f} MB"
    )

    total_seconds, total_changes = 0.0, 0
    for k in range(1, args.batches + 1):
        batch = dyng.generators.random_batch(g, args.batch_size, seed=args.seed * 1000 + k)
        edges_before = g.num_edges
        t0 = time.perf_counter()
        s = g.apply(batch)  # atomic: on any error the graph is exactly as before
        seconds = time.perf_counter() - t0
        total_seconds += seconds
        total_changes += len(batch)
        print(
            f"batch {k:2}: +{s.inserted} inserted, {s.updated} updated, -{s.deleted} deleted, "
            f"{s.ignored_deletions} ignored -> {s.num_edges:,} edges, version {s.version} | "
            f"{seconds * 1e3:.2f} ms, {len(batch) / seconds / 1e6:.2f} M changes/s"
        )
        if s.num_edges != edges_before + s.inserted - s.deleted or s.num_edges != g.num_edges:
            raise SystemExit(f"stream_batches: batch {k}: the edge counts do not add up")
        if s.version != k:
            raise SystemExit(f"stream_batches: batch {k}: version {s.version}")
    g.check_integrity()  # raises dyng.InternalError if an invariant is broken
    if total_seconds > 0:
        print(
            f"throughput: {total_changes:,} changes in {total_seconds:.3f} s, "
            f"{total_changes / total_seconds / 1e6:.2f} M changes/s"
        )
    print("check: ok")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except dyng.errors.Error as e:  # every dynG error derives from dyng.errors.Error
        print(f"stream_batches: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
