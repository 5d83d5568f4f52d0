"""The algorithm registry: :func:`algorithms` and :func:`citation`."""

from __future__ import annotations

from dataclasses import dataclass

from dyng.errors import InvalidArgumentError

__all__ = ["AlgorithmInfo", "algorithms", "citation"]


@dataclass(frozen=True)
class AlgorithmInfo:
    """The manifest of one algorithm.

    Attributes
    ----------
    name : str
        The module name (``"sssp"``).
    title : str
        A one-line description.
    backends : tuple of str
        The backends that run it (``("sequential", "openmp")``).
    determinism : str
        What is bit-for-bit reproducible across runs and thread counts.
    oracle : str
        What the tests compare it with.
    citation : str
        The paper to cite (BibTeX).
    """

    name: str
    title: str
    backends: tuple[str, ...]
    determinism: str
    oracle: str
    citation: str


_SSSP_CITATION = """@article{khanda2022sssp,
  author  = {Khanda, Arindam and Srinivasan, Sriram and Bhowmick, Sanjukta and
             Norris, Boyana and Das, Sajal K.},
  title   = {A Parallel Algorithm Template for Updating Single-Source Shortest
             Paths in Large-Scale Dynamic Networks},
  journal = {IEEE Transactions on Parallel and Distributed Systems},
  volume  = {33},
  number  = {4},
  year    = {2022}
}"""

_CYCLE_COUNT_CITATION = """@misc{cycleenumerationgpu,
  title = {{CycleEnumeration-GPU}},
  note  = {The research code whose cycle histograms and batches dynG reproduces
           byte for byte (its sequential and OpenMP build, commit da2067d)}
}

@article{johnson1975circuits,
  author  = {Johnson, Donald B.},
  title   = {Finding All the Elementary Circuits of a Directed Graph},
  journal = {SIAM Journal on Computing},
  volume  = {4},
  number  = {1},
  pages   = {77--84},
  year    = {1975}
}"""

_REGISTRY: tuple[AlgorithmInfo, ...] = (
    AlgorithmInfo(
        name="sssp",
        title="Single-source shortest paths: canonical trees, computed and repaired",
        backends=("sequential", "openmp"),  # near-far compute runs on OpenMP's threads
        determinism="distances and parents are bit for bit the same on every run, backend and "
        "thread count, and an update gives what a recomputation gives (canonical trees)",
        oracle="dyng.testing.dijkstra; scipy.sparse.csgraph.dijkstra where installed; the "
        "research code's trees (../shared/goldens/mosp)",
        citation=_SSSP_CITATION,
    ),
    AlgorithmInfo(
        name="cycle_count",
        title="Exact histograms of simple cycles by length, computed and repaired",
        backends=("sequential", "openmp"),
        determinism="integer counts: the histogram is the same on every run, backend and "
        "thread count, and an update gives exactly what a recomputation gives",
        oracle="dyng.testing.simple_cycles (brute force); networkx.simple_cycles(length_bound=k) "
        "where installed; the research code's histograms (../shared/goldens/cycle_count)",
        citation=_CYCLE_COUNT_CITATION,
    ),
)


def algorithms() -> list[AlgorithmInfo]:
    """Return the manifests of the algorithms of this build.

    Returns
    -------
    list of AlgorithmInfo
        In name order.
    """
    return sorted(_REGISTRY, key=lambda a: a.name)


def citation(name: str) -> str:
    """Return the citation (BibTeX) of an algorithm.

    Parameters
    ----------
    name : str
        The algorithm's name.

    Returns
    -------
    str
        The citation.

    Raises
    ------
    InvalidArgumentError
        For an unknown name.
    """
    for a in _REGISTRY:
        if a.name == name:
            return a.citation
    known = ", ".join(sorted(a.name for a in _REGISTRY)) or "(none yet)"
    raise InvalidArgumentError(f"unknown algorithm {name!r}; known: {known}")
