"""dynG: graphs that change by batches, with analytics kept current.

Build a graph (:meth:`Graph.from_edges`, :func:`dyng.io.read_matrix_market`),
stream batches of edge insertions and deletions into it (:class:`EdgeBatch`,
:meth:`Graph.apply`), and keep results current.

``import dyng`` loads no native module: the first use of something native (a
graph, resources, a reader, ``dyng.__version__``, ``dyng.Array``) does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dyng import config, cycle_count, datasets, errors, generators, interop, io, sssp, testing
from dyng._backend import native as _native
from dyng._batch import EdgeBatch
from dyng._graph import Graph
from dyng._namespace import public_dir
from dyng._profile import Profile, StageRecord, profile
from dyng._properties import BatchSemantics, GraphProperties
from dyng._registry import AlgorithmInfo, algorithms, citation
from dyng._resources import Resources, get_default_resources, set_default_resources
from dyng._summary import ApplySummary
from dyng._update import update
from dyng.config import show_config, use_cpu_only
from dyng.errors import (
    CapacityError,
    CudaError,
    Error,
    FileFormatError,
    InternalError,
    InvalidArgumentError,
    NotSupportedError,
    OutOfMemoryError,
    StaleResultError,
)
from dyng.sssp import INFINITE_DISTANCE

if TYPE_CHECKING:
    from dyng._array import Array

    __version__: str

__all__ = [
    "INFINITE_DISTANCE",
    "AlgorithmInfo",
    "ApplySummary",
    "Array",
    "BatchSemantics",
    "CapacityError",
    "CudaError",
    "EdgeBatch",
    "Error",
    "FileFormatError",
    "Graph",
    "GraphProperties",
    "InternalError",
    "InvalidArgumentError",
    "NotSupportedError",
    "OutOfMemoryError",
    "Profile",
    "Resources",
    "StageRecord",
    "StaleResultError",
    "__version__",
    "algorithms",
    "citation",
    "config",
    "cycle_count",
    "datasets",
    "errors",
    "generators",
    "get_default_resources",
    "interop",
    "io",
    "profile",
    "set_default_resources",
    "show_config",
    "sssp",
    "testing",
    "update",
    "use_cpu_only",
]


def __getattr__(name: str) -> Any:
    """Load what needs the native module on first use: ``__version__`` and ``Array``."""
    if name == "__version__":
        return _native.__version__
    if name == "Array":
        _native.__name__  # noqa: B018  (loads and registers the native module first)
        from dyng._array import Array

        return Array
    raise AttributeError(f"module 'dyng' has no attribute {name!r}")


__dir__ = public_dir(globals(), __all__)  # __version__ and Array included
