# The private extension module dyng._core (python/_core/*.c), by hand.
#
# `python -m mypy.stubtest dyng._core` checks this file against the built
# module. Everything here is private: the typed layer (dyng/*.py) owns every
# public name, docstring and keyword, and may change these freely.
#
# Conventions:
# - dtype names are strings: "int32", "int64", "uint64" (results), "none".
# - Input arrays are any object with the buffer protocol, C-contiguous, of
#   exactly the element type asked for ("i" int32 / "q" or "l" int64); the
#   typed layer converts with NumPy first. Anything else raises
#   InvalidArgumentError.
# - Output arrays are bytearrays of raw little-endian values; the typed layer
#   wraps them with numpy.frombuffer (writable, no copy).
# - Graph properties travel as a _Properties (below).

from collections.abc import Iterable
from typing import Any, TypeAlias, final, overload

from typing_extensions import disjoint_base

__version__: str
MAX_WEIGHTS: int
INT32_MAX: int
INT64_MAX: int

# (directed, order, parallel_edges, store_transposed, num_weights,
#  vertex_dtype, offset_dtype, on_existing_insert, on_missing_delete,
#  on_self_loop, deletions_first, allow_vertex_growth, as_sets)
_Properties: TypeAlias = tuple[bool, str, str, bool, int, str, str, str, str, str, bool, bool, bool]

# (inserted, updated, deleted, ignored_deletions, ignored_insertions,
#  self_loops_dropped, cancelled, duplicates_merged, new_vertices,
#  num_vertices, num_edges, version)
_Summary: TypeAlias = tuple[int, int, int, int, int, int, int, int, int, int, int, int]

def _register(
    errors: dict[str, type[BaseException]], array_type: type[Array] | None, /
) -> None: ...
def build_info() -> dict[str, Any]: ...
def openmp_available() -> bool: ...
def types_check(vertex_dtype: str, offset_dtype: str, num_weights: int, /) -> None: ...
def supported_types() -> list[tuple[str, str, str]]: ...
def properties_default() -> _Properties: ...
def properties_mosp_compatible(num_weights: int, /) -> _Properties: ...
def properties_cycle_enum_compatible() -> _Properties: ...
def semantics_upsert_last_wins() -> tuple[str, str, str, bool, bool, bool]: ...
def semantics_set() -> tuple[str, str, str, bool, bool, bool]: ...
def properties_check(properties: _Properties, /) -> None: ...
def interrupt() -> None: ...
def clear_interrupt() -> None: ...

# Fault injection: present only in test builds (DYNG_TESTING_HOOKS), never in
# a wheel; tests/python/test_faults.py.
def _testing_fail_allocation(k: int, /) -> int: ...
def _testing_interrupt_at_poll(k: int, /) -> int: ...
def _testing_physical_memory(bytes: int, /) -> int: ...
@final
class Resources:
    def __new__(cls, backend: str = "openmp", num_threads: int = 0) -> Resources: ...
    @property
    def backend(self) -> str: ...
    @property
    def num_threads(self) -> int: ...
    @property
    def scratch_bytes(self) -> int: ...
    @property
    def copy_policy(self) -> str: ...
    @copy_policy.setter
    def copy_policy(self, value: str) -> None: ...
    def release_scratch(self) -> None: ...
    def interrupt(self) -> None: ...
    def clear_interrupt(self) -> None: ...
    @property
    def interrupted(self) -> bool: ...
    def same_handle(self, other: Resources, /) -> bool: ...

def default_resources() -> Resources: ...
@final
class Graph:
    @property
    def num_vertices(self) -> int: ...
    @property
    def num_edges(self) -> int: ...
    @property
    def num_entries(self) -> int: ...
    @property
    def version(self) -> int: ...
    @property
    def state_id(self) -> int: ...
    @property
    def properties(self) -> _Properties: ...
    @property
    def memory_bytes(self) -> int: ...
    @property
    def resources(self) -> Resources: ...
    def set_resources(self, resources: Resources | None, /) -> None: ...
    def degree(self, vertex: int, transposed: bool = False, /) -> int: ...
    def degrees(self, transposed: bool = False) -> bytearray: ...
    def neighbors(
        self, vertex: int, transposed: bool = False, weights: bool = False, /
    ) -> tuple[bytearray, bytearray | None]: ...
    def has_edge(self, u: int, v: int, /) -> bool: ...
    def has_edges(self, src: object, dst: object, /) -> bytearray: ...
    def edge_weight(self, u: int, v: int, /) -> tuple[int, ...] | None: ...
    def edge_weights(
        self, src: object, dst: object, fill: int, /
    ) -> tuple[bytearray, bytearray]: ...
    def to_csr(self, transposed: bool = False) -> tuple[bytearray, bytearray, bytearray | None]: ...
    def edges(self) -> tuple[bytearray, bytearray, bytearray | None]: ...
    def apply(self, batch: EdgeBatch, /) -> _Summary: ...
    def clone(self) -> Graph: ...
    def check(self) -> None: ...

def graph_from_edges(
    properties: _Properties,
    num_vertices: int,
    src: object,
    dst: object,
    weights: object | None,
    resources: Resources | None,
    /,
) -> Graph: ...
def graph_from_csr(
    properties: _Properties,
    num_vertices: int,
    row_ptr: object,
    col: object,
    weights: object | None,
    resources: Resources | None,
    /,
) -> Graph: ...
@final
class EdgeBatch:
    def __new__(cls, vertex_dtype: str = "int32", num_weights: int = 0) -> EdgeBatch: ...
    @classmethod
    def from_arrays(
        cls,
        vertex_dtype: str,
        num_weights: int,
        id: int,
        insert_src: object,
        insert_dst: object,
        insert_weights: object | None,
        delete_src: object,
        delete_dst: object,
        /,
    ) -> EdgeBatch: ...
    @property
    def vertex_dtype(self) -> str: ...
    @property
    def num_weights(self) -> int: ...
    @property
    def num_insertions(self) -> int: ...
    @property
    def num_deletions(self) -> int: ...
    @property
    def id(self) -> int: ...
    @id.setter
    def id(self, value: int) -> None: ...
    def add_insertions(self, src: object, dst: object, weights: object | None, /) -> None: ...
    def add_deletions(self, src: object, dst: object, /) -> None: ...
    def reserve(self, insertions: int, deletions: int, /) -> None: ...
    def clear(self) -> None: ...
    def insertions(self) -> tuple[memoryview, memoryview, memoryview | None]: ...
    def deletions(self) -> tuple[memoryview, memoryview]: ...

# Matrix Market: field and symmetry are "pattern" / "integer" / "real" and
# "general" / "symmetric" / "skew-symmetric".
def mm_read_graph(
    path: str, properties: _Properties | None, resources: Resources | None, /
) -> Graph: ...
def mm_read_arrays(
    path: str,
    vertex_dtype: str,
    ignore_values: bool,
    expand_symmetric: bool,
    resources: Resources | None,
    /,
) -> tuple[int, bytearray, bytearray, bytearray | None, str, str]: ...
def mm_write_graph(graph: Graph, path: str, weight_column: int, /) -> None: ...
def mm_write_arrays(
    path: str,
    num_vertices: int,
    src: object,
    dst: object,
    weights: object | None,
    field: str,
    symmetry: str,
    /,
) -> None: ...

# Edge lists: vertex_dtype None picks int32 unless an id needs int64; self_loops
# and duplicates are "keep" / "drop" / "error". el_read_arrays returns
# (num_vertices, src, dst, weights, num_weights, vertex_dtype, original_ids).
def el_read_arrays(
    path: str,
    vertex_dtype: str | None,
    num_weights: int,
    compact_ids: bool,
    one_based: bool,
    self_loops: str,
    duplicates: str,
    resources: Resources | None,
    /,
) -> tuple[int, bytearray, bytearray, bytearray | None, int, str, bytearray | None]: ...
def el_read_graph(
    path: str,
    vertex_dtype: str | None,
    num_weights: int,
    compact_ids: bool,
    one_based: bool,
    self_loops: str,
    duplicates: str,
    properties: _Properties | None,
    resources: Resources | None,
    /,
) -> Graph: ...
def el_write_graph(graph: Graph, path: str, /) -> None: ...
def el_write_arrays(
    path: str,
    num_vertices: int,
    src: object,
    dst: object,
    weights: object | None,
    num_weights: int,
    /,
) -> None: ...
@final
class BatchReader:
    def __new__(
        cls, path: str, vertex_dtype: str = "int64", num_weights: int = -1
    ) -> BatchReader: ...
    @property
    def num_weights(self) -> int: ...
    @property
    def binary(self) -> bool: ...
    def next(self) -> EdgeBatch | None: ...
    def close(self) -> None: ...

def batches_write(
    path: str,
    batches: Iterable[EdgeBatch],
    binary: bool,
    vertex_dtype: str,
    num_weights: int,
    /,
) -> None: ...
def csr_read_graph(
    prefix: str, properties: _Properties | None, resources: Resources | None, /
) -> Graph: ...
def csr_write_graph(graph: Graph, prefix: str, compress: bool, /) -> None: ...
def change_files_read(
    insert_path: str | None,
    delete_path: str | None,
    vertex_dtype: str,
    num_weights: int,
    resources: Resources | None,
    /,
) -> EdgeBatch: ...
def signed_batch_read(
    path: str, vertex_dtype: str, num_weights: int, resources: Resources | None, /
) -> EdgeBatch: ...
def batch_text_write(batch: EdgeBatch, path: str, delete_path: str | None, /) -> None: ...
def vertex_values_read(path: str, tree: bool, resources: Resources | None, /) -> bytearray: ...
def vertex_values_write(path: str, values: object, tree: bool, /) -> None: ...
def legacy_cycle_enum_batch(
    graph: Graph, num_deletions: int, num_insertions: int, seed: int, locality_window: int, /
) -> EdgeBatch: ...
def legacy_mosp_weights(
    count: int, weight_min: int, weight_max: int, seed: int, /
) -> bytearray: ...
def legacy_mosp_changes(
    graph: Graph,
    num_changes: int,
    insertion_percentage: float,
    mode: int,
    weight_min: int,
    weight_max: int,
    seed: int,
    local_hops: int,
    safe_deletions: bool,
    source: int,
    /,
) -> tuple[EdgeBatch, tuple[int, int, int, int, int, int, int]]: ...

# The general generators: (num_vertices, src, dst, weights or None,
# vertex_dtype); vertex_dtype None picks int32 while the ids fit.
_EdgeArrays: TypeAlias = tuple[int, bytearray, bytearray, bytearray | None, str]

def generate_rmat(
    scale: int,
    edge_factor: int,
    a: float,
    b: float,
    c: float,
    seed: int,
    directed: bool,
    keep_self_loops: bool,
    keep_duplicates: bool,
    vertex_dtype: str | None,
    num_weights: int,
    low: int,
    high: int,
    resources: Resources | None,
    /,
) -> _EdgeArrays: ...
def generate_erdos_renyi(
    num_vertices: int,
    num_edges: int,
    seed: int,
    directed: bool,
    vertex_dtype: str | None,
    num_weights: int,
    low: int,
    high: int,
    resources: Resources | None,
    /,
) -> _EdgeArrays: ...
def generate_grid(
    rows: int,
    cols: int,
    keep_probability: float,
    seed: int,
    vertex_dtype: str | None,
    num_weights: int,
    low: int,
    high: int,
    resources: Resources | None,
    /,
) -> _EdgeArrays: ...
def rmat_shape(
    scale: int,
    edge_factor: int,
    a: float,
    b: float,
    c: float,
    keep_self_loops: bool,
    keep_duplicates: bool,
    vertex_dtype: str | None,
    num_weights: int,
    low: int,
    high: int,
    /,
) -> tuple[int, int, str]: ...
def generate_rmat_into(
    src: object,
    dst: object,
    scale: int,
    edge_factor: int,
    a: float,
    b: float,
    c: float,
    seed: int,
    directed: bool,
    resources: Resources | None,
    /,
) -> None: ...
def generate_weights(
    out: object,
    num_edges: int,
    num_weights: int,
    low: int,
    high: int,
    seed: int,
    resources: Resources | None,
    /,
) -> None: ...
def generate_batch(
    graph: Graph,
    size: int,
    insert_fraction: float,
    seed: int,
    locality_window: int,
    low: int,
    high: int,
    /,
) -> EdgeBatch: ...
@final
class Profiler:
    def __new__(cls) -> Profiler: ...
    def records(self) -> list[tuple[str, int, int, bool]]: ...
    def clear(self) -> None: ...

def profiler_attach(profiler: Profiler | None, /) -> Profiler | None: ...
@disjoint_base
class Array:
    @property
    def dtype(self) -> str: ...
    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def ndim(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def nbytes(self) -> int: ...
    @property
    def itemsize(self) -> int: ...
    @property
    def is_stale(self) -> bool: ...
    @property
    def __array_interface__(self) -> dict[str, Any]: ...
    def __dlpack__(
        self,
        *,
        stream: int | Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any: ...
    def __dlpack_device__(self) -> tuple[int, int]: ...
    def __len__(self) -> int: ...
    def __buffer__(self, flags: int, /) -> memoryview: ...
    def __release_buffer__(self, buffer: memoryview, /) -> None: ...
    def _bytes(self) -> bytes: ...

@final
class DegreeResult:
    @property
    def degrees(self) -> Array: ...
    @property
    def transposed(self) -> bool: ...
    @property
    def graph_version(self) -> int: ...
    @property
    def graph_state_id(self) -> int: ...
    @property
    def generation(self) -> int: ...
    def clone(self) -> DegreeResult: ...

INFINITE_DISTANCE: int

# _Summary + (affected, iterations, invalidated, pushes, fallback_limit, fallback_used,
#  converged)
_SsspStats: TypeAlias = tuple[
    int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, bool, bool
]

@final
class SsspResult:
    @property
    def distances(self) -> Array: ...
    @property
    def parents(self) -> Array: ...
    @property
    def graph_version(self) -> int: ...
    @property
    def graph_state_id(self) -> int: ...
    @property
    def generation(self) -> int: ...
    @property
    def source(self) -> int: ...
    @property
    def objective(self) -> int: ...
    @property
    def validate_inputs(self) -> bool: ...
    @property
    def num_vertices(self) -> int: ...
    @property
    def fallback_fraction(self) -> float: ...
    @property
    def fallback_max_fraction(self) -> float: ...
    @property
    def delta(self) -> int: ...
    @property
    def engine(self) -> str: ...
    def clone(self) -> SsspResult: ...

def sssp_compute(
    graph: Graph,
    source: int,
    objective: int,
    fallback_fraction: float,
    fallback_max_fraction: float,
    validate_inputs: bool,
    engine: str,
    delta: int,
    /,
) -> SsspResult: ...

# _Summary + (affected, iterations, deletions, insertions, cycles_removed,
#  cycles_added, fallback_used, converged)
_CycleCountStats: TypeAlias = tuple[
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    bool,
    bool,
]

@final
class CycleCountResult:
    @property
    def counts(self) -> Array: ...
    @property
    def graph_version(self) -> int: ...
    @property
    def graph_state_id(self) -> int: ...
    @property
    def generation(self) -> int: ...
    @property
    def max_length(self) -> int: ...
    @property
    def bound(self) -> int: ...
    @property
    def total(self) -> int: ...
    def clone(self) -> CycleCountResult: ...
    def histogram(self) -> tuple[int, ...]: ...
    def nonzero_counts(self) -> dict[int, int]: ...
    def count(self, length: int, /) -> int: ...

CYCLE_COUNT_DEFAULT_MAX_LENGTH: int

def cycle_count_compute(graph: Graph, max_length: int, /) -> CycleCountResult: ...

# counts: a C-contiguous buffer of uint64 ("Q" / "L", 8-byte items).
def cycle_count_from_counts(
    graph: Graph, counts: object, max_length: int, /
) -> CycleCountResult: ...

# One stats tuple per result, of the result's kind, in order.
@overload
def update(graph: Graph, batch: EdgeBatch, results: tuple[SsspResult], /) -> tuple[_SsspStats]: ...
@overload
def update(
    graph: Graph, batch: EdgeBatch, results: tuple[CycleCountResult], /
) -> tuple[_CycleCountStats]: ...
@overload
def update(
    graph: Graph, batch: EdgeBatch, results: tuple[SsspResult | CycleCountResult, ...], /
) -> tuple[_SsspStats | _CycleCountStats, ...]: ...
def sssp_from_arrays(
    graph: Graph,
    source: int,
    distances: object,
    parents: object,
    objective: int,
    fallback_fraction: float,
    fallback_max_fraction: float,
    validate_inputs: bool,
    engine: str,
    delta: int,
    /,
) -> SsspResult: ...
def degrees_compute(graph: Graph, transposed: bool = False) -> DegreeResult: ...
def degrees_update(graph: Graph, batch: EdgeBatch, result: DegreeResult) -> _Summary: ...
