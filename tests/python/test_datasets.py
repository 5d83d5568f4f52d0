"""dyng.datasets: the shipped graphs, read against their file and the weights' generator."""

from __future__ import annotations

import numpy as np
import pytest

import dyng


def test_names_and_paths() -> None:
    assert dyng.datasets.names() == ["luxembourg_osm"]
    p = dyng.datasets.path("luxembourg_osm")
    assert p.is_file() and p.name == "luxembourg_osm.mtx.gz"
    # What `dyng demo` reads by default.
    from dyng._demo import default_graph_path

    assert default_graph_path() == p


@pytest.mark.parametrize("name", ["luxembourg", "", "LUXEMBOURG_OSM", 3, None])
def test_an_unknown_name_says_what_is_accepted(name: object) -> None:
    with pytest.raises(dyng.InvalidArgumentError, match="accepted: luxembourg_osm"):
        dyng.datasets.path(name)  # type: ignore[arg-type]


def test_luxembourg_is_the_file_with_seeded_weights() -> None:
    g = dyng.datasets.luxembourg_osm()
    assert (g.num_vertices, g.num_edges, g.directed, g.num_weights) == (114599, 119666, False, 1)
    g.check_integrity()
    # The file's edges, each once, with the generator's weights of seed 1 in edge order.
    plain = dyng.io.read_matrix_market(dyng.datasets.path("luxembourg_osm"))
    src, dst, w = g.edges()
    psrc, pdst, pw = plain.edges()
    assert pw is None and w is not None
    assert np.array_equal(src, psrc) and np.array_equal(dst, pdst)
    arrays = dyng.io.read_matrix_market_arrays(dyng.datasets.path("luxembourg_osm"))
    expected = dyng.generators.random_weights(len(arrays.src), low=1, high=100, seed=1)
    built = dyng.Graph.from_edges(
        arrays.src, arrays.dst, expected, num_vertices=arrays.num_vertices, directed=False
    )
    bw = built.edges()[2]
    assert bw is not None and np.array_equal(bw, w)
    assert int(w.min()) >= 1 and int(w.max()) <= 100


def test_weights_seed_and_resources() -> None:
    a = dyng.datasets.luxembourg_osm(weights=(5, 7), seed=2)
    b = dyng.datasets.luxembourg_osm(weights=(5, 7), seed=3)
    wa, wb = a.edges()[2], b.edges()[2]
    assert wa is not None and wb is not None
    assert set(np.unique(wa).tolist()) == {5, 6, 7} and not np.array_equal(wa, wb)
    u = dyng.datasets.luxembourg_osm(weights=None, resources=dyng.Resources.sequential())
    assert not u.weighted and u.resources.num_threads == 1


@pytest.mark.parametrize("weights", [(10, 1), (1,), [1, 100], "1..100"])
def test_bad_weights_are_refused(weights: object) -> None:
    with pytest.raises(dyng.InvalidArgumentError):
        dyng.datasets.luxembourg_osm(weights=weights)  # type: ignore[arg-type]


def test_docstring_examples() -> None:
    import doctest

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(dyng.datasets, globs={**vars(dyng.datasets), "dyng": dyng}):
        runner.run(test)
    assert runner.failures == 0 and runner.tries >= 6
