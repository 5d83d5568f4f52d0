"""scripts/regen.py: the manifests, their check against the C headers, and what is generated.

`make lint-python` runs ``scripts/regen.py --check`` (the committed ``_algorithms.py`` is what the
manifests give). These tests plant drift between a manifest and its header in a copy of the two
and check that the script refuses it, and check that the package's Options and Stats are the
manifests' fields.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import shutil
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import dyng

ROOT = Path(__file__).resolve().parents[2]
ALGORITHMS = ("sssp", "cycle_count")


def load_regen() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dyng_regen", ROOT / "scripts/regen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["dyng_regen"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


regen = load_regen()


def copy_tree(tmp: Path) -> Path:
    """A checkout with the algorithms' folders (manifests and C sources) and the headers."""
    for name in ALGORITHMS:
        shutil.copytree(ROOT / "src/algorithms" / name, tmp / "src/algorithms" / name)
    shutil.copytree(ROOT / "include", tmp / "include")
    return tmp


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1))


def manifest(name: str) -> dict[str, Any]:
    with open(ROOT / "src/algorithms" / name / "manifest.toml", "rb") as f:
        return tomllib.load(f)


def test_the_checkout_reads_and_places_the_stats_as_the_native_tuple_does(tmp_path: Path) -> None:
    by_name = {m.name: m for m in regen.read_manifests(copy_tree(tmp_path))}
    assert sorted(by_name) == sorted(ALGORITHMS)
    places = {f.name: f.index for f in by_name["sssp"].stats if f.name != "apply"}
    # python/_core/sssp.c: the summary's 12 fields, then affected, iterations,
    # invalidated, pushes, fallback_limit, fallback_used, converged.
    assert places == {
        "affected": 12,
        "iterations": 13,
        "invalidated": 14,
        "pushes": 15,
        "fallback_limit": 16,
        "fallback_used": 17,
        "converged": 18,
    }


SSSP_H = "include/dyng/sssp.h"
SSSP_C = "src/algorithms/sssp/sssp.c"
SSSP_TOML = "src/algorithms/sssp/manifest.toml"
CYCLES_TOML = "src/algorithms/cycle_count/manifest.toml"

# (file, text, its replacement, what the refusal says): each plants one drift.
DRIFTS = [
    # The C structs and enum against the manifests.
    (
        SSSP_H,
        "    double fallback_fraction;",
        "    int64_t max_pushes;\n    double fallback_fraction;",
        r"only in C: max_pushes",
    ),
    (
        CYCLES_TOML,
        'name = "insertions"',
        'name = "insertion_count"',
        r"only in C: insertions.*manifest: insertion_count",
    ),
    (
        SSSP_H,
        "    DYNG_SSSP_NEAR_FAR = 2",
        "    DYNG_SSSP_NEAR_FAR = 2,\n    DYNG_SSSP_BELLMAN_FORD = 3",
        r"bellman_ford",
    ),
    (
        SSSP_TOML,
        'name = "objective"\ntype = "int"\ndefault = 0',
        'name = "objective"\ntype = "float"\ndefault = 0.0',
        r"objective is a float here and a int in C",
    ),
    # The defaults of dyng_<name>_options_default against the manifests.
    (
        SSSP_C,
        "out->fallback_fraction = 0.03;",
        "out->fallback_fraction = 0.05;",
        r"fallback_fraction defaults to 0.03 here and to 0.05",
    ),
    (
        SSSP_C,
        "out->engine = DYNG_SSSP_AUTO;",
        "out->engine = DYNG_SSSP_DIJKSTRA;",
        r"engine defaults to 'auto' here and to DYNG_SSSP_DIJKSTRA",
    ),
    (SSSP_C, "out->validate_inputs = true;", "", r"validate_inputs defaults to True here and to 0"),
    (
        "src/algorithms/cycle_count/cycle_count.c",
        "out->max_length = 6;",
        "out->max_length = 6 + 1;",
        r"cannot read 'out->max_length = 6 \+ 1'",
    ),
    (
        SSSP_TOML,
        'name = "delta"\ntype = "int"\ndefault = 0',
        'name = "delta"\ntype = "int"\ndefault = 4',
        r"delta defaults to 4 here and to 0",
    ),
    # Malformed manifests.
    (SSSP_TOML, 'default = "auto"', 'default = "fastest"', r"default 'fastest' is not one of"),
    (SSSP_TOML, "default = 0.03", 'default = "3%"', r"'default' must be a float"),
    (SSSP_TOML, 'type = "ApplySummary"', 'type = "dict"', r"type 'dict'"),
    (
        SSSP_TOML,
        'c_struct = "dyng_sssp_stats"',
        'c_struct = "dyng_sssp_statistics"',
        r"no `typedef",
    ),
    (SSSP_TOML, 'name = "sssp"', 'name = "shortest_paths"', r"not the folder's"),
    (SSSP_TOML, 'doc = "Vertices put on', 'doc = "Vertices \\\\n put on', r"may hold no backslash"),
    (SSSP_TOML, '[[stats.fields]]\nname = "apply"', '[[stats.fields]]\nname = "x"', r"no apply"),
]


@pytest.mark.parametrize(("path", "old", "new", "message"), DRIFTS)
def test_drift_is_refused(tmp_path: Path, path: str, old: str, new: str, message: str) -> None:
    root = copy_tree(tmp_path)
    edit(root / path, old, new)
    with pytest.raises(regen.ManifestError, match=message):
        regen.read_manifests(root)


def test_the_stats_places_follow_the_header(tmp_path: Path) -> None:
    # The places come from the header's order, not from the manifest's: swap two
    # C fields and the generated conversion reads them from their new places.
    root = copy_tree(tmp_path)
    edit(
        root / "include/dyng/sssp.h",
        "    int64_t pushes; ",
        "    int64_t pushes_tmp; ",
    )
    header = root / "include/dyng/sssp.h"
    text = header.read_text()
    start = text.index("    int64_t invalidated;")
    end = text.index("    int64_t pushes_tmp;")
    block = text[start:end]
    text = text.replace(
        block + "    int64_t pushes_tmp;", "    int64_t pushes;\n" + block.rstrip("\n")
    )
    header.write_text(text)
    (sssp,) = [m for m in regen.read_manifests(root) if m.name == "sssp"]
    places = {f.name: f.index for f in sssp.stats}
    assert places["pushes"] == 14 and places["invalidated"] == 15
    source = regen.stats_class(sssp)
    assert "pushes=t[14]" in source and "invalidated=t[15]" in source


@pytest.mark.parametrize("name", ALGORITHMS)
def test_the_package_has_the_manifests_fields(name: str) -> None:
    module = getattr(dyng, name)
    m = manifest(name)
    options = dataclasses.fields(module.Options)
    assert [f.name for f in options] == [f["name"] for f in m["options"]["fields"]]
    defaults = module.Options()
    for f, spec in zip(options, m["options"]["fields"], strict=True):
        assert getattr(defaults, f.name) == spec["default"]
        assert f.metadata.get("help") == spec.get("help")
        assert f.metadata.get("choices") == (tuple(spec["choices"]) if "choices" in spec else None)
    stats = dataclasses.fields(module.Stats)
    assert [f.name for f in stats] == [f["name"] for f in m["stats"]["fields"]]
    assert module.Options.__module__ == f"dyng.{name}" and module.Options.__name__ == "Options"
    assert module.Stats.__qualname__ == "Stats"
    info = next(a for a in dyng.algorithms() if a.name == name)
    assert info.title == m["title"] and info.citation == m["citation"]
    assert info.backends == tuple(m["backends"])


def test_the_generated_stats_read_the_native_tuple() -> None:
    # A repair whose counters all differ, read through the generated conversion:
    # a field read from the wrong place of the tuple shows.
    n = 8
    src = np.array([0, 1, 2, 3, 4, 5, 6], dtype=np.int32)
    g = dyng.Graph.from_edges(src, src + 1, np.ones(7, dtype=np.int32), num_vertices=n)
    tree = dyng.sssp.compute(g, 0, fallback_fraction=1.0)
    st = dyng.sssp.update(g, dyng.EdgeBatch(insert=([0], [5], [1]), delete=([2], [3])), tree)
    assert st.apply.inserted == 1 and st.apply.deleted == 1 and st.apply.num_vertices == n
    assert st.invalidated == 5  # 3 .. 7 lose their path
    assert st.fallback_used is False and st.converged is True
    assert st.affected == 5 and st.pushes >= 1
