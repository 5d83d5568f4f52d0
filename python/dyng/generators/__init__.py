"""Generators: graphs and batches from a seed.

:mod:`dyng.generators.legacy` reproduces the research codes' own generators bit
for bit (their C++ standard-library random streams are reimplemented in C).
The general generators of DESIGN section 8 (R-MAT, Erdos-Renyi, grids, random
batches) are not in this version (``docs/python_gaps.md``).
"""

from __future__ import annotations

from dyng.generators import legacy

__all__ = ["legacy"]
