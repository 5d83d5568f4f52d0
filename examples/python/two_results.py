"""Keep two results current while the graph changes: a shortest-path tree and a cycle histogram.

Run: ``python examples/python/two_results.py [--rows R] [--cols C] [--batches N] [--batch-size B]``

Builds a road-like graph (an undirected R x C grid with travel times 1..100; default 100 x 100),
computes the shortest-path tree from vertex 0 (``dyng.sssp.compute``) and the numbers of simple
cycles of each length up to 6 (``dyng.cycle_count.compute``), then streams N random batches of B
changes (half deletions of existing edges, half insertions of new ones with both ends within a
window of 3 C ids, so that insertions close short cycles). Each batch goes to
``dyng.update(graph, batch, tree, hist)``: the graph changes once and both results are repaired
from the part that changed. After each batch both are checked against a recomputation on the new
graph (the same bytes). Everything is determined by the seed.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

import dyng


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=100)
    parser.add_argument("--cols", type=int, default=100)
    parser.add_argument("--batches", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=20)
    parser.add_argument("--max-length", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    g = dyng.generators.grid(args.rows, args.cols, weights=(1, 100), seed=args.seed)
    # Recompute only when the repair touches more than half of the vertices (the default,
    # 0.03, bounds an update's cost at about 1.1x a recomputation; on this small grid it
    # would recompute after most batches).
    tree = dyng.sssp.compute(g, source=0, fallback_fraction=0.5)
    hist = dyng.cycle_count.compute(g, max_length=args.max_length)
    print(
        f"grid {args.rows} x {args.cols}: {g.num_vertices} vertices, {g.num_edges} edges; "
        f"{hist.total} cycles of length <= {hist.bound}"
    )

    for k in range(1, args.batches + 1):
        batch = dyng.generators.random_batch(
            g, args.batch_size, seed=args.seed * 1000 + k, locality_window=3 * args.cols
        )
        # One call: apply the batch once, repair both results. On any error the graph and
        # both results are exactly as they were.
        st_tree, st_hist = dyng.update(g, batch, tree, hist)
        print(
            f"batch {k:2}: +{st_tree.apply.inserted} -{st_tree.apply.deleted} edges | sssp: "
            f"{st_tree.affected} vertices changed{' (recomputed)' if st_tree.fallback_used else ''}"
            f" | cycles: -{st_hist.cycles_removed} +{st_hist.cycles_added} = {hist.total}"
            f"{' (recounted)' if st_hist.fallback_used else ''}"
        )
        # The check: a recomputation on the new graph gives the same bytes.
        fresh_tree = dyng.sssp.compute(g, source=0)
        fresh_hist = dyng.cycle_count.compute(g, max_length=args.max_length)
        if not (
            np.array_equal(tree.distances.to_numpy(), fresh_tree.distances.to_numpy())
            and np.array_equal(tree.parents.to_numpy(), fresh_tree.parents.to_numpy())
        ):
            raise SystemExit(f"two_results: batch {k}: the repaired tree differs")
        if hist.to_dict() != fresh_hist.to_dict():
            raise SystemExit(f"two_results: batch {k}: the repaired counts differ")

    print("cycles by length:", hist.to_dict())
    dist = tree.distances.to_numpy(copy=False)  # a read-only view, no copy
    reached = dist < dyng.INFINITE_DISTANCE
    farthest = int(np.argmax(np.where(reached, dist, -1)))
    route = tree.path_to(farthest)
    print(
        f"from vertex 0: {int(reached.sum())} of {g.num_vertices} vertices reached; the farthest, "
        f"{farthest}, at {int(dist[farthest])} over {len(route) - 1} roads"
    )
    print("check: ok (both results equal a recomputation after every batch)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except dyng.errors.Error as e:  # every dynG error derives from dyng.errors.Error
        print(f"two_results: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
