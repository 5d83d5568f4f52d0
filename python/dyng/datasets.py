"""Graphs that ship with dyng, to try things on without a download.

One real graph ships inside the package: the road network of Luxembourg
(OpenStreetMap, from the DIMACS10 collection as the SuiteSparse Matrix Collection
distributes it), a gzipped Matrix Market file of 114,599 junctions and 119,666
road segments. ``dyng demo`` runs on it, and so does ``dyng bench`` when no
graph file is given.

>>> import dyng
>>> dyng.datasets.names()
['luxembourg_osm']
>>> g = dyng.datasets.luxembourg_osm()
>>> g.num_vertices, g.num_edges, g.directed
(114599, 119666, False)
"""

from __future__ import annotations

from importlib import resources as _resources
from pathlib import Path
from typing import TYPE_CHECKING

from dyng._namespace import public_dir
from dyng.errors import InvalidArgumentError

if TYPE_CHECKING:
    from dyng._graph import Graph
    from dyng._resources import Resources

__all__ = ["luxembourg_osm", "names", "path"]

_FILES = {"luxembourg_osm": "luxembourg_osm.mtx.gz"}


def names() -> list[str]:
    """The names of the data sets that ship with the package.

    Returns
    -------
    list of str
        Each a name that :func:`path` takes.
    """
    return sorted(_FILES)


def path(name: str) -> Path:
    """The file of a data set that ships with the package.

    Parameters
    ----------
    name : str
        One of :func:`names`.

    Returns
    -------
    pathlib.Path
        The file, inside the installed package (read it with :mod:`dyng.io`).

    Raises
    ------
    InvalidArgumentError
        For a name that is not a shipped data set.

    Examples
    --------
    >>> path("luxembourg_osm").name
    'luxembourg_osm.mtx.gz'
    """
    if not isinstance(name, str) or name not in _FILES:
        raise InvalidArgumentError(
            f"no data set named {name!r} ships with dyng; accepted: {', '.join(names())}"
        )
    return Path(str(_resources.files("dyng") / "data" / _FILES[name]))


def luxembourg_osm(
    *,
    weights: tuple[int, int] | None = (1, 100),
    seed: int = 1,
    resources: Resources | None = None,
) -> Graph:
    """The road network of Luxembourg as an undirected graph with travel times.

    The file lists which junctions a road joins, not how long it takes: each
    road gets a weight drawn from ``seed`` with
    :func:`dyng.generators.random_weights` (the same weights on any machine),
    or none.

    Parameters
    ----------
    weights : (int, int) or None, optional
        The range of the travel times (default 1 to 100); None for an
        unweighted graph.
    seed : int, optional
        Seeds the travel times (default 1), 0 to ``2**64 - 1``.
    resources : Resources, optional
        The graph's resources (default: the process default).

    Returns
    -------
    Graph
        114,599 vertices and 119,666 undirected edges, int32 ids, one weight
        column (none when ``weights`` is None), in the default properties.

    Raises
    ------
    InvalidArgumentError
        For a bad weight range or seed.

    Examples
    --------
    >>> g = luxembourg_osm(weights=(1, 10), seed=7)
    >>> int(g.edges()[2].max()) <= 10
    True
    """
    from dyng import io
    from dyng._graph import Graph
    from dyng.generators import random_weights

    roads = io.read_matrix_market_arrays(path("luxembourg_osm"), ignore_values=True)
    w = None
    if weights is not None:
        if not (isinstance(weights, tuple) and len(weights) == 2):
            raise InvalidArgumentError(
                f"weights is {weights!r}; accepted: a (low, high) tuple of ints, or None"
            )
        w = random_weights(len(roads.src), low=weights[0], high=weights[1], seed=seed)
    return Graph.from_edges(
        roads.src,
        roads.dst,
        w,
        num_vertices=roads.num_vertices,
        directed=False,
        resources=resources,
    )


__dir__ = public_dir(globals(), __all__)
