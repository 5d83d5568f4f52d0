"""The algorithm registry: :func:`algorithms` and :func:`citation`."""

from __future__ import annotations

from dataclasses import dataclass

from dyng.errors import InvalidArgumentError

__all__ = ["AlgorithmInfo", "algorithms", "citation"]


@dataclass(frozen=True)
class AlgorithmInfo:
    """The manifest of one algorithm (``src/algorithms/<name>/manifest.toml``).

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


def algorithms() -> list[AlgorithmInfo]:
    """Return the manifests of the algorithms of this build.

    Returns
    -------
    list of AlgorithmInfo
        In name order.
    """
    from dyng._algorithms import REGISTRY  # generated; it imports AlgorithmInfo from here

    return sorted(REGISTRY, key=lambda a: a.name)


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
    from dyng._algorithms import REGISTRY

    for a in REGISTRY:
        if a.name == name:
            return a.citation
    known = ", ".join(sorted(a.name for a in REGISTRY)) or "(none yet)"
    raise InvalidArgumentError(f"unknown algorithm {name!r}; known: {known}")
