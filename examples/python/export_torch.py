"""Hand results to PyTorch without copying them (DLPack).

Run: ``python examples/python/export_torch.py`` (needs PyTorch: ``pip install 'dyng[torch]'``)

``Array.to_torch()`` and ``torch.from_dlpack(array)`` (``torch.utils.dlpack.from_dlpack``) give
a tensor that shares the result's memory (a CPU tensor; do not write to it: PyTorch has no
read-only tensors). After an update the tensor keeps the state it was made from, like a NumPy
view; read the result again for the new state. Exits with status 3 when PyTorch is not installed.
"""

from __future__ import annotations

import sys

import numpy as np

import dyng

NO_TORCH = 3  # the exit status when PyTorch is missing


def check(condition: bool, what: str) -> None:
    """Stop with a message when ``condition`` is false."""
    if not condition:
        raise SystemExit(f"export_torch: check failed: {what}")


def main() -> int:
    try:
        import torch
        from torch.utils.dlpack import from_dlpack  # also torch.from_dlpack
    except ImportError:
        print(
            "export_torch: PyTorch is not installed; install it with pip install 'dyng[torch]'",
            file=sys.stderr,
        )
        return NO_TORCH

    g = dyng.generators.grid(30, 30, weights=(1, 100), seed=7)  # 900 vertices, undirected
    tree = dyng.sssp.compute(g, source=0)

    dist = tree.distances.to_torch()  # zero-copy, through DLPack
    parents = from_dlpack(tree.parents)  # the same, with PyTorch's own entry point
    view = tree.distances.to_numpy(copy=False)
    print(f"distances: {dist.dtype}, shape {tuple(dist.shape)}, device {dist.device}")
    print(f"parents:   {parents.dtype}, shape {tuple(parents.shape)}")
    shared = dist.data_ptr() == view.ctypes.data
    print(f"the tensor shares the result's memory: {shared}")
    check(dist.dtype == torch.int64 and parents.dtype == torch.int64, "int64 tensors")
    check(shared, "to_torch() copies nothing")
    check(torch.equal(dist, torch.from_numpy(view.copy())), "the same values as NumPy")

    # Tensor code on the tree: the farthest vertex, and a histogram of tree depths.
    far = int(torch.argmax(dist))
    depth = torch.zeros_like(dist)
    for v in tree.path_to(far)[1:]:
        depth[v] = depth[int(parents[v])] + 1
    print(f"farthest vertex {far} at {int(dist[far])}, {int(depth[far])} roads from vertex 0")
    check(int(depth[far]) == len(tree.path_to(far)) - 1, "the route's length")

    hist = dyng.cycle_count.compute(g, max_length=8)
    counts = hist.counts.to_torch()  # uint64
    print(f"cycle counts: {counts.dtype}, {counts.tolist()}")
    check(counts.tolist() == hist.counts.tolist(), "the same counts")
    check(counts.tolist()[4] == 29 * 29, "a 30 x 30 grid has 29 x 29 squares")

    # An update: the tensor keeps the state it was made from (copy-on-write).
    before = dist.clone()
    e_src, e_dst, _ = g.edges()
    st = dyng.sssp.update(g, dyng.EdgeBatch(delete=(e_src[400:410], e_dst[400:410])), tree)
    after = tree.distances.to_torch()
    print(
        f"update: {st.affected} vertices changed; the old tensor kept its state: "
        f"{torch.equal(dist, before)}; vertices whose distance grew: {int((after > dist).sum())}"
    )
    check(torch.equal(dist, before), "copy-on-write keeps the old tensor")
    check(np.array_equal(after.numpy(), tree.distances.to_numpy()), "the new tensor")
    print("check: ok")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except dyng.errors.Error as e:  # every dynG error derives from dyng.errors.Error
        print(f"export_torch: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
