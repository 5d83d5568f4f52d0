"""Importing dyng: lazy native module, every documented name, the version."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.metadata
import inspect
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import dyng


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_import_loads_no_native_module() -> None:
    proc = run_python(
        """
        import sys
        import dyng
        native = [
            name for name, mod in list(sys.modules.items())
            if name.startswith("dyng") and str(getattr(mod, "__file__", "") or "").endswith(
                (".so", ".pyd", ".dylib"))
        ]
        assert "dyng._core" not in sys.modules, sorted(sys.modules)
        assert native == [], native
        print("ok")
        """
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


def test_introspection_does_not_load_the_native_module() -> None:
    # doctest.testmod(dyng) walks dyng's namespace and asks each value for __wrapped__:
    # the proxy loaded the module then, whose import changed the namespace under the walk
    # (RuntimeError: dictionary changed size during iteration)
    proc = run_python(
        """
        import doctest, inspect, dyng
        from dyng import _backend
        inspect.unwrap(dyng._native)
        assert not hasattr(dyng._native, "__wrapped__") and not _backend.loaded()
        print(doctest.testmod(dyng).failed, _backend.loaded())
        print(dyng.__version__ == _backend.native.__version__, _backend.loaded())
        """
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["0", "False", "True", "True"]


def test_native_proxy_loads_on_first_use_then_keeps_what_it_read() -> None:
    proc = run_python(
        """
        import sys
        from dyng._backend import loaded, native
        assert not loaded() and "dyng._core" not in sys.modules
        assert not vars(native)  # nothing kept before the module is loaded
        update = native.update
        assert loaded()
        import dyng._core
        assert update is dyng._core.update and native.Graph is dyng._core.Graph
        assert vars(native)["update"] is dyng._core.update  # the next read skips __getattr__
        try:
            native.no_such_name
        except AttributeError:
            pass
        else:
            raise AssertionError("an unknown name must raise AttributeError")
        assert "no_such_name" not in vars(native)
        print("ok")
        """
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


def test_version_is_first_native_use() -> None:
    proc = run_python(
        """
        import sys
        import dyng
        assert "dyng._core" not in sys.modules
        v = dyng.__version__
        assert "dyng._core" in sys.modules
        print(v)
        """
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == dyng.__version__


def test_use_cpu_only_before_first_use() -> None:
    proc = run_python(
        """
        import sys
        import numpy as np
        import dyng
        assert "dyng._core" not in sys.modules
        dyng.use_cpu_only()
        g = dyng.Graph.from_edges(np.array([0, 1], dtype=np.int32),
                                  np.array([1, 2], dtype=np.int32))
        assert g.num_edges == 2
        assert "dyng._core" in sys.modules
        dyng.use_cpu_only()          # the CPU module is the chosen one: still fine
        print("ok")
        """
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


def test_version_equals_version_file(repo_root: Path) -> None:
    want = (repo_root / "VERSION").read_text().strip()
    assert dyng.__version__ == want
    assert importlib.metadata.version("dyng") == want
    from dyng.config import config

    assert config()["version"] == want


# ---- every documented name exists and is documented ----------------------

TOP_LEVEL = [
    "Graph",
    "GraphProperties",
    "BatchSemantics",
    "EdgeBatch",
    "ApplySummary",
    "Resources",
    "Array",
    "errors",
    "io",
    "profile",
    "algorithms",
    "citation",
    "testing",
    "show_config",
    "use_cpu_only",
    "get_default_resources",
    "set_default_resources",
]

ERRORS = [
    "Error",
    "InvalidArgumentError",
    "StaleResultError",
    "FileFormatError",
    "CapacityError",
    "NotSupportedError",
    "OutOfMemoryError",
    "CudaError",
    "InternalError",
]

MEMBERS: dict[str, list[str]] = {
    "Graph": [
        "from_edges",
        "from_csr",
        "to_csr",
        "edges",
        "apply",
        "clone",
        "check_integrity",
        "degree",
        "num_vertices",
        "num_edges",
        "num_entries",
        "num_weights",
        "directed",
        "weighted",
        "version",
        "state_id",
        "vertex_dtype",
        "edge_dtype",
        "properties",
        "resources",
        "memory_bytes",
    ],
    "GraphProperties": ["mosp_compatible", "cycle_enum_compatible", "default"],
    "BatchSemantics": ["upsert_last_wins", "set"],
    "Resources": [
        "sequential",
        "openmp",
        "cuda",
        "backend",
        "num_threads",
        "scratch_bytes",
        "copy_policy",
        "release_scratch",
        "interrupt",
        "clear_interrupt",
        "interrupted",
    ],
    "EdgeBatch": ["from_tuples"],
    "Array": [
        "dtype",
        "shape",
        "ndim",
        "size",
        "nbytes",
        "__dlpack__",
        "__dlpack_device__",
        "to_numpy",
        "to_torch",
        "to_cupy",
        "tolist",
    ],
}

MODULE_FUNCTIONS: dict[str, list[str]] = {
    "dyng.io": [
        "read_matrix_market",
        "read_matrix_market_arrays",
        "write_matrix_market",
        "write_matrix_market_arrays",
        "iter_batches",
        "read_batches",
        "write_batches",
        "MatrixMarketArrays",
    ],
    "dyng.config": ["show_config", "config", "set_log_level", "get_log_level", "use_cpu_only"],
    "dyng.testing": ["DegreeResult", "degrees", "update_degrees", "graphs", "edge_batches"],
    "dyng.errors": ERRORS,
}

DATACLASS_FIELDS: dict[str, list[str]] = {
    "GraphProperties": [
        "directed",
        "order",
        "parallel_edges",
        "store_transposed",
        "num_weights",
        "vertex_dtype",
        "offset_dtype",
        "semantics",
    ],
    "BatchSemantics": [
        "on_existing_insert",
        "on_missing_delete",
        "on_self_loop",
        "deletions_first",
        "allow_vertex_growth",
        "as_sets",
    ],
    "ApplySummary": [
        "inserted",
        "updated",
        "deleted",
        "ignored_deletions",
        "ignored_insertions",
        "self_loops_dropped",
        "cancelled",
        "duplicates_merged",
        "new_vertices",
        "num_vertices",
        "num_edges",
        "version",
    ],
}


def assert_documented(obj: object, what: str) -> None:
    doc = getattr(obj, "__doc__", None)
    assert isinstance(doc, str) and doc.strip(), f"{what} has no docstring"


@pytest.mark.parametrize("name", TOP_LEVEL + ERRORS)
def test_top_level_name_documented(name: str) -> None:
    assert hasattr(dyng, name), name
    obj = getattr(dyng, name)
    assert_documented(obj, f"dyng.{name}")
    if inspect.isclass(obj) and dataclasses.is_dataclass(obj):
        # not the signature that @dataclass writes when there is no docstring
        assert not (obj.__doc__ or "").startswith(f"{name}("), f"dyng.{name}"


def test_errors_reexported() -> None:
    for name in ERRORS:
        assert getattr(dyng, name) is getattr(dyng.errors, name)


@pytest.mark.parametrize(("cls", "member"), [(c, m) for c, ms in MEMBERS.items() for m in ms])
def test_member_documented(cls: str, member: str) -> None:
    owner = getattr(dyng, cls)
    raw = inspect.getattr_static(owner, member)
    if isinstance(raw, classmethod | staticmethod):
        raw = raw.__func__
    assert_documented(raw, f"dyng.{cls}.{member}")


@pytest.mark.parametrize(
    ("module", "name"), [(m, n) for m, ns in MODULE_FUNCTIONS.items() for n in ns]
)
def test_module_name_documented(module: str, name: str) -> None:
    mod = importlib.import_module(module)
    assert_documented(mod, module)
    assert hasattr(mod, name), f"{module}.{name}"
    assert_documented(getattr(mod, name), f"{module}.{name}")


@pytest.mark.parametrize("cls", sorted(DATACLASS_FIELDS))
def test_dataclass_fields(cls: str) -> None:
    owner = getattr(dyng, cls)
    assert dataclasses.is_dataclass(owner)
    names = [f.name for f in dataclasses.fields(owner)]
    assert names[: len(DATACLASS_FIELDS[cls])] == DATACLASS_FIELDS[cls]


def test_apply_summary_frozen_properties_mutable() -> None:
    def frozen(cls: Any) -> bool:
        return bool(cls.__dataclass_params__.frozen)

    assert frozen(dyng.ApplySummary)
    assert not frozen(dyng.GraphProperties)
    assert not frozen(dyng.BatchSemantics)


def test_edge_batch_attributes_documented() -> None:
    for name in [
        "insert_src",
        "insert_dst",
        "insert_weights",
        "delete_src",
        "delete_dst",
        "num_insertions",
        "num_deletions",
        "num_weights",
        "id",
    ]:
        assert hasattr(dyng.EdgeBatch(), name), name
    assert_documented(dyng.EdgeBatch, "dyng.EdgeBatch")


def test_module_docstrings() -> None:
    assert_documented(dyng, "dyng")
    for name in ("dyng.errors", "dyng.io", "dyng.config", "dyng.testing", "dyng.datasets"):
        assert_documented(importlib.import_module(name), name)


PUBLIC_MODULES = [
    "dyng",
    "dyng.config",
    "dyng.cycle_count",
    "dyng.datasets",
    "dyng.errors",
    "dyng.generators",
    "dyng.generators.legacy",
    "dyng.interop",
    "dyng.io",
    "dyng.sssp",
    "dyng.testing",
]


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_dir_lists_the_api_not_the_imports(module: str) -> None:
    # What completion offers after "dyng.sssp.": compute and update, not np or Any.
    mod = importlib.import_module(module)
    listed = dir(mod)
    assert listed == sorted(listed)
    assert {n for n in listed if not n.startswith("_")} == {
        n for n in mod.__all__ if not n.startswith("_")
    }
    assert set(mod.__all__) <= set(listed)
    for name in mod.__all__:  # each loads, the lazy ones included
        getattr(mod, name)
    assert "__name__" in listed and "__doc__" in listed
