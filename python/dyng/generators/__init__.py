"""Generators: graphs, weights and batches from a seed.

Random graphs that stand in for real ones at any size, each as a
:class:`~dyng.Graph` or (the ``*_edges`` variants) as NumPy edge arrays:

- :func:`rmat` / :func:`rmat_edges`: R-MAT (Kronecker) graphs with skewed
  degrees, Graph500's parameters by default;
- :func:`erdos_renyi` / :func:`erdos_renyi_edges`: G(n, m), ``m`` distinct
  pairs uniformly at random;
- :func:`grid` / :func:`grid_edges`: 2-D grids with random weights, as
  road-like networks;
- :func:`random_weights`: seeded int32 weights;
- :func:`random_batch`: a batch of a given size and insert fraction for a
  graph (deletions drawn from its edges, insertions of new pairs).

Each is seeded and gives the same output for a seed on any thread count and
machine (a counter-based stream, described in ``dyng/generators.h``).

:mod:`dyng.generators.legacy` reproduces the research codes' own generators bit
for bit (their C++ standard-library random streams are reimplemented in C).
"""

from __future__ import annotations

from dyng._namespace import public_dir
from dyng.generators import legacy
from dyng.generators._random import (
    erdos_renyi,
    erdos_renyi_edges,
    grid,
    grid_edges,
    random_batch,
    random_weights,
    rmat,
    rmat_edges,
)

__all__ = [
    "erdos_renyi",
    "erdos_renyi_edges",
    "grid",
    "grid_edges",
    "legacy",
    "random_batch",
    "random_weights",
    "rmat",
    "rmat_edges",
]


__dir__ = public_dir(globals(), __all__)
