"""Export graphs and results to NumPy: copies, zero-copy views, and what an update does to them.

Run: ``python examples/python/export_numpy.py``

- ``Graph.to_csr()`` and ``Graph.edges()`` give NumPy arrays (copies, yours to change).
- A result's arrays are ``dyng.Array``s: ``to_numpy()`` copies, ``to_numpy(copy=False)`` and
  ``np.asarray()`` give a read-only view of the result's memory, with no copy.
- After an update, the ``dyng.Array`` taken before it is stale (using it raises
  ``dyng.StaleResultError``), while the views taken before it keep showing the old state
  (copy-on-write); read the attribute again for the new state.
"""

from __future__ import annotations

import sys

import numpy as np

import dyng


def check(condition: bool, what: str) -> None:
    """Stop with a message when ``condition`` is false."""
    if not condition:
        raise SystemExit(f"export_numpy: check failed: {what}")


def main() -> int:
    # A directed ring 0 -> 1 -> ... -> 9 -> 0 with weight 2 per edge, and a shortcut 0 -> 5.
    src = np.array([*range(10), 0], dtype=np.int32)
    dst = np.array([*range(1, 10), 0, 5], dtype=np.int32)
    g = dyng.Graph.from_edges(src, dst, np.full(11, 2, dtype=np.int32))

    # ---- graphs: copies ------------------------------------------------------------------------
    row_ptr, col, weights = g.to_csr()  # weights: (entries, K) int32, or None if unweighted
    e_src, e_dst, e_w = g.edges()
    print(f"to_csr: row_ptr {row_ptr.dtype} {row_ptr.shape}, col {col.dtype} {col.shape}")
    print(f"edges: src {e_src.tolist()}")
    print(f"       dst {e_dst.tolist()}")
    check(weights is not None and e_w is not None and weights.shape == (11, 1), "weights")
    col[0] = 7  # a copy: the graph does not change
    check(g.to_csr()[1][0] == 1, "to_csr() returns a copy")

    # ---- results: copies and read-only views ---------------------------------------------------
    tree = dyng.sssp.compute(g, source=0)
    dist = tree.distances  # a dyng.Array: int64, one entry per vertex
    print(f"distances: {dist.dtype}, shape {dist.shape}: {dist.tolist()}")
    copy = dist.to_numpy()  # a writable copy
    view = dist.to_numpy(copy=False)  # a read-only view of the result's memory
    also_view = np.asarray(dist)  # the same, through __array_interface__
    print(
        f"copy writable: {copy.flags.writeable}; view writable: {view.flags.writeable}; "
        f"view shares the result's memory with np.asarray: {np.shares_memory(view, also_view)}"
    )
    check(copy.flags.writeable and not view.flags.writeable, "copy is writable, view is not")
    check(np.shares_memory(view, also_view), "views share memory")
    check(not np.shares_memory(copy, view), "a copy is a copy")
    try:
        view[0] = 1
    except ValueError as e:
        print(f"writing to the view: ValueError: {e}")
    else:
        raise SystemExit("export_numpy: a read-only view was written to")
    parents = np.asarray(tree.parents)
    print(f"parents: {parents.tolist()}")
    mv = memoryview(tree.parents)  # the buffer protocol: read-only too
    check(mv.readonly and mv.format == "q", "memoryview is read-only int64")

    # ---- an update: stale Arrays, views that keep their state ------------------------------------
    st = dyng.sssp.update(g, dyng.EdgeBatch(delete=([0], [5])), tree)  # drop the shortcut
    print(f"update: {st.affected} vertices changed")
    try:
        dist.to_numpy()
    except dyng.StaleResultError as e:
        print(f"the Array taken before the update: StaleResultError: {e}")
    else:
        raise SystemExit("export_numpy: a stale Array was used")
    new = tree.distances.to_numpy(copy=False)
    print(f"view taken before: {view.tolist()}")
    print(f"distances now:     {new.tolist()}")
    check(view.tolist() == [0, 2, 4, 6, 8, 2, 4, 6, 8, 10], "the old view keeps its state")
    check(new.tolist() == [2 * v for v in range(10)], "the new distances")

    hist = dyng.cycle_count.compute(g, max_length=10)
    counts = hist.counts.to_numpy()  # uint64, index = length
    print(f"cycle counts: {counts.dtype}, {counts.tolist()} (one cycle of length 10)")
    check(counts.dtype == np.uint64 and counts[10] == 1 and counts.sum() == 1, "cycle counts")
    print("check: ok")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except dyng.errors.Error as e:  # every dynG error derives from dyng.errors.Error
        print(f"export_numpy: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
