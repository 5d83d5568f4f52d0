"""Configuration, logging, the profiler, the registry and resources."""

from __future__ import annotations

import copy
import io
import json
import logging
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

import dyng
import dyng.io
from dyng.config import config, get_log_level, set_log_level, show_config


def small_graph() -> dyng.Graph:
    return dyng.Graph.from_edges([0, 1, 2], [1, 2, 0])


# ---- configuration --------------------------------------------------------------------


def test_show_config_prints_version_and_backends() -> None:
    buf = io.StringIO()
    show_config(file=buf)
    text = buf.getvalue()
    assert dyng.__version__ in text
    assert "sequential" in text
    for backend in config()["backends"]:
        assert str(backend) in text
    buf2 = io.StringIO()
    dyng.show_config(file=buf2)
    assert buf2.getvalue() == text


def test_show_config_defaults_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    dyng.show_config()
    assert dyng.__version__ in capsys.readouterr().out


def test_config_dict() -> None:
    c = config()
    assert isinstance(c, dict)
    for key in ("version", "backends", "openmp", "compiler", "python", "numpy"):
        assert key in c, key
    assert any(k in c for k in ("default_threads", "default threads", "threads")), sorted(c)
    assert any(k in c for k in ("build_type", "build type")), sorted(c)
    assert "flags" in c or "build_flags" in c, sorted(c)
    assert c["version"] == dyng.__version__
    assert "sequential" in c["backends"]
    assert isinstance(c["openmp"], bool)
    assert ("openmp" in c["backends"]) == c["openmp"]
    import numpy as np

    assert c["numpy"] == np.__version__
    json.dumps(c, default=str)  # plain data


def test_config_flags_are_the_ones_the_build_used() -> None:
    # The build type's own flags are part of them: a Release build showed only CMAKE_C_FLAGS
    # (empty, or "-g"), which read as an unoptimised build.
    c = config()
    if c["build_type"] == "Release":
        assert "-O3" in c["flags"].split(), c["flags"]
    elif c["build_type"] == "Debug":
        assert "-g" in c["flags"].split(), c["flags"]


@pytest.fixture
def restore_log_level() -> Iterator[None]:
    logger = logging.getLogger("dyng")
    level = logger.level
    try:
        yield
    finally:
        logger.setLevel(level)


@pytest.mark.usefixtures("restore_log_level")
def test_log_level() -> None:
    set_log_level(logging.DEBUG)
    assert logging.getLogger("dyng").level == logging.DEBUG
    assert get_log_level() == logging.DEBUG
    set_log_level("WARNING")
    assert logging.getLogger("dyng").level == logging.WARNING
    assert get_log_level() == logging.WARNING
    logging.getLogger("dyng").setLevel(logging.ERROR)
    assert get_log_level() == logging.ERROR


# ---- the profiler ------------------------------------------------------------------------


def test_profile_records_apply_calls() -> None:
    g = small_graph()
    with dyng.profile() as prof:
        for _ in range(3):
            g.apply(dyng.EdgeBatch(insert=([0], [2])))
    rec = prof.stages["graph.apply"]
    assert rec.calls == 3
    assert isinstance(rec.total_ns, int)
    assert rec.total_ns >= 0
    # nothing recorded after the block
    g.apply(dyng.EdgeBatch())
    assert prof.stages["graph.apply"].calls == 3


def test_profile_records_the_steps_of_apply() -> None:
    """The steps of an apply are inner stages of graph.apply; apply.check only runs
    under an error switch of the semantics."""
    g = small_graph()
    with dyng.profile() as prof:
        g.apply(dyng.EdgeBatch(insert=([0], [2]), delete=([0], [1])))
    steps = ["apply.ops", "apply.rows", "apply.layout", "apply.commit"]
    assert [k for k in prof.stages if k.startswith("apply.")] == steps
    for k in steps:
        assert prof.stages[k].inner and prof.stages[k].calls == 1, k
        assert prof.stages[k].total_ns <= prof.stages["graph.apply"].total_ns, k
    assert prof.total_ns == prof.stages["graph.apply"].total_ns
    strict = dyng.Graph.from_edges(
        [0, 1], [1, 2], semantics=dyng.BatchSemantics(on_missing_delete="error")
    )
    with dyng.profile() as prof, pytest.raises(dyng.errors.InvalidArgumentError):
        strict.apply(dyng.EdgeBatch(delete=([2], [0])))
    assert "apply.check" in prof.stages and "apply.commit" not in prof.stages


def test_profile_stages_of_graph_calls() -> None:
    with dyng.profile() as prof:
        g = dyng.Graph.from_edges([0, 1], [1, 0])
        h = dyng.Graph.from_csr([0, 1, 2], [1, 0])
        g.clone()
        g.to_csr()
        g.to_csr(transposed=True)
        h.edges()
        g.check_integrity()
    s = prof.stages
    assert s["graph.from_edges"].calls == 1
    assert s["graph.from_csr"].calls == 1
    assert s["graph.clone"].calls == 1
    assert s["graph.to_csr"].calls == 2
    assert s["graph.edges"].calls == 1
    assert s["graph.check"].calls == 1
    assert "graph.apply" not in s or s["graph.apply"].calls == 0


def test_profile_stages_of_short_reads() -> None:
    # A degree, a row or one edge keeps the GIL when no writer holds the
    # graph's lock (python/_core/common.c, dyng_py_short_begin); the profiler
    # records it all the same, and the counts are not recorded at all.
    g = dyng.Graph.from_edges([0, 1, 2], [1, 2, 0], [4, 5, 6])
    with dyng.profile() as prof:
        for _ in range(3):
            g.degree(0)
        g.degree(1, transposed=True)
        g.neighbors(2)
        g.row(1, transposed=True)
        assert g.has_edge(0, 1) and not g.has_edge(1, 0)
        assert g.weight(1, 2) == 5
        assert (g.num_vertices, g.num_edges, g.version) == (3, 3, 0)
    s = prof.stages
    assert s["graph.degree"].calls == 4
    assert s["graph.neighbors"].calls == 2
    assert s["graph.has_edge"].calls == 2
    assert s["graph.edge_weight"].calls == 1
    assert all(not r.inner for r in s.values())
    assert set(s) == {"graph.degree", "graph.neighbors", "graph.has_edge", "graph.edge_weight"}


def test_profile_io_stage(tmp_path: Path) -> None:
    path = tmp_path / "g.mtx"
    dyng.io.write_matrix_market(path, small_graph())
    with dyng.profile() as prof:
        dyng.io.read_matrix_market(path)
    assert prof.stages["io.read_matrix_market"].calls == 1


def test_profile_nesting() -> None:
    g = small_graph()
    with dyng.profile() as outer:
        g.apply(dyng.EdgeBatch())
        with dyng.profile() as inner:
            g.apply(dyng.EdgeBatch())
            g.apply(dyng.EdgeBatch())
        g.apply(dyng.EdgeBatch())
        g.apply(dyng.EdgeBatch())
    assert inner.stages["graph.apply"].calls == 2
    assert outer.stages["graph.apply"].calls == 3  # the outer resumes after the inner
    with dyng.profile() as again:
        g.apply(dyng.EdgeBatch())
    assert again.stages["graph.apply"].calls == 1
    assert outer.stages["graph.apply"].calls == 3


def test_profile_restored_after_exception() -> None:
    g = small_graph()
    with dyng.profile() as outer:
        with pytest.raises(dyng.InvalidArgumentError), dyng.profile() as inner:
            g.apply(dyng.EdgeBatch())
            dyng.Graph.from_edges([-1], [0])
        g.apply(dyng.EdgeBatch())
    assert inner.stages["graph.apply"].calls == 1
    assert outer.stages["graph.apply"].calls == 1


def test_profile_to_json() -> None:
    g = small_graph()
    with dyng.profile() as prof:
        g.apply(dyng.EdgeBatch())
        g.apply(dyng.EdgeBatch())
    text = prof.to_json()
    data = json.loads(text)
    flat = json.dumps(data)
    assert "graph.apply" in flat
    assert "calls" in flat
    assert "total_ns" in flat


def test_profile_to_dataframe() -> None:
    pytest.importorskip("pandas")
    g = small_graph()
    with dyng.profile() as prof:
        g.apply(dyng.EdgeBatch())
    df = prof.to_dataframe()
    assert len(df) >= 1
    text = df.to_string()
    assert "graph.apply" in text


def test_stage_record_is_a_value() -> None:
    g = small_graph()
    with dyng.profile() as prof:
        g.apply(dyng.EdgeBatch())
    rec = prof.stages["graph.apply"]
    assert copy.deepcopy(rec) == rec
    assert pickle.loads(pickle.dumps(rec)) == rec


# ---- registry ----------------------------------------------------------------------------


def test_algorithms_and_citation() -> None:
    algos = dyng.algorithms()
    assert isinstance(algos, list)
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.citation("nope")
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.citation("")


# ---- resources -----------------------------------------------------------------------------


def test_resources_properties() -> None:
    s = dyng.Resources.sequential()
    assert s.backend == "sequential"
    assert s.num_threads == 1
    assert isinstance(s.scratch_bytes, int)
    assert s.scratch_bytes >= 0
    s.release_scratch()
    assert s.scratch_bytes == 0
    assert s.copy_policy == "on_write"
    assert s.interrupted is False
    s.interrupt()
    assert s.interrupted is True
    s.clear_interrupt()
    assert s.interrupted is False
    r = dyng.Resources("sequential", num_threads=0)
    assert r.backend == "sequential"
    assert r.num_threads == 1


def test_openmp_resources() -> None:
    if not config()["openmp"]:
        with pytest.raises(dyng.NotSupportedError):
            dyng.Resources.openmp()
        return
    r = dyng.Resources.openmp(num_threads=2)
    assert r.backend == "openmp"
    assert r.num_threads == 2
    assert dyng.Resources().backend == "openmp"
    assert dyng.Resources.openmp().num_threads >= 1
    g = dyng.Graph.from_edges([0, 1, 2], [1, 2, 0], resources=r)
    g.apply(dyng.EdgeBatch(insert=([3], [0])))
    assert g.num_edges == 4


@pytest.mark.usefixtures("restore_default_resources")
def test_default_resources_get_set() -> None:
    d = dyng.get_default_resources()
    assert isinstance(d, dyng.Resources)
    s = dyng.Resources.sequential()
    dyng.set_default_resources(s)
    assert dyng.get_default_resources().backend == "sequential"
    g = small_graph()
    assert g.resources.backend == "sequential"
    dyng.set_default_resources(d)
    assert dyng.get_default_resources().backend == d.backend


def test_resources_copy_and_pickle() -> None:
    r = dyng.Resources.sequential()
    for c in (copy.copy(r), copy.deepcopy(r)):
        assert isinstance(c, dyng.Resources)
        assert c.backend == "sequential"
        assert c.num_threads == 1
    p = pickle.loads(pickle.dumps(dyng.Resources.sequential()))
    assert isinstance(p, dyng.Resources)
    assert p.backend == "sequential"
    assert p.num_threads == 1


def test_graph_runs_on_given_resources() -> None:
    s = dyng.Resources.sequential()
    g = dyng.Graph.from_edges([0, 1], [1, 0], resources=s)
    c = g.clone()
    assert c.resources.backend == "sequential"
    g.apply(dyng.EdgeBatch(insert=([1], [1])))
    assert g.resources.backend == "sequential"
