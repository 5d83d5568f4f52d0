"""Read graphs from Matrix Market files, write one back, and see how a bad file is reported.

Run: ``python examples/python/read_file.py [GRAPH.mtx[.gz]]``

1. Writes a tiny road map, ``tiny_roads.mtx``, into the current directory, reads it with
   ``dyng.io.read_matrix_market`` (the properties come from the header: directed for a general
   file, one weight column for an integer file) and prints the shortest paths from vertex 0.
2. Writes the graph back, gzipped (``dyng.io.write_matrix_market``), and reads the copy.
3. Reads a bigger graph: the file given, or the road network of Luxembourg that ships inside
   the package (a symmetric pattern file: an undirected, unweighted graph).
4. Reads a malformed file: ``dyng.FileFormatError`` says where (``.path``, ``.line``,
   ``.column``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

import dyng

TINY = """%%MatrixMarket matrix coordinate integer general
% a tiny road map: from, to, travel time (ids from 1)
5 5 6
1 2 4
1 3 1
3 2 2
2 4 1
3 4 5
4 5 3
"""


def main(argv: list[str]) -> int:
    # ---- 1. a tiny file ------------------------------------------------------------------------
    tiny = Path("tiny_roads.mtx")
    tiny.write_text(TINY)
    g = dyng.io.read_matrix_market(tiny)
    print(
        f"{tiny}: {'directed' if g.directed else 'undirected'}, "
        f"{'weighted' if g.weighted else 'unweighted'}, {g.num_vertices} vertices, "
        f"{g.num_edges} edges"
    )
    tree = dyng.sssp.compute(g, source=0)
    for v, (d, p) in enumerate(zip(tree.distances.tolist(), tree.parents.tolist(), strict=True)):
        print(f"  vertex {v}: distance {d}, parent {p}, route {tree.path_to(v)}")
    if tree.distances.tolist() != [0, 3, 1, 4, 7]:
        raise SystemExit("read_file: unexpected distances in the tiny road map")

    # ---- 2. write it back, gzipped, and read the copy ------------------------------------------
    copy = Path("tiny_roads_copy.mtx.gz")
    dyng.io.write_matrix_market(copy, g)  # compressed because the name ends in .gz
    g2 = dyng.io.read_matrix_market(copy)
    (ptr, col, w), (ptr2, col2, w2) = g.to_csr(), g2.to_csr()
    same = (
        np.array_equal(ptr, ptr2)
        and np.array_equal(col, col2)
        and w is not None
        and w2 is not None
        and np.array_equal(w, w2)
    )
    print(f"{copy}: {copy.stat().st_size} bytes, the same graph: {same}")
    if not same:
        raise SystemExit("read_file: the written copy reads back as another graph")

    # ---- 3. a bigger graph ---------------------------------------------------------------------
    path = argv[0] if argv else str(dyng.datasets.path("luxembourg_osm"))
    big = dyng.io.read_matrix_market(path)
    hops = dyng.sssp.compute(big, source=0).distances.to_numpy(copy=False)
    reached = hops < dyng.INFINITE_DISTANCE
    print(
        f"{Path(path).name}: {'directed' if big.directed else 'undirected'}, "
        f"{'weighted' if big.weighted else 'unweighted'}, {big.num_vertices} vertices, "
        f"{big.num_edges} edges; from vertex 0, {int(reached.sum())} vertices reached, "
        f"at most {int(hops[reached].max())} {'away' if big.weighted else 'edges away'}"
    )

    # ---- 4. a malformed file -------------------------------------------------------------------
    broken = Path("broken.mtx")
    broken.write_text(TINY.replace("2 4 1", "2 x 1"))
    try:
        dyng.io.read_matrix_market(broken)
    except dyng.FileFormatError as e:  # an OSError too
        print(f"{broken}: FileFormatError at line {e.line}, column {e.column}: {e}")
        if (e.line, e.column) != (7, 3):
            raise SystemExit("read_file: the error names the wrong place") from e
    else:
        raise SystemExit("read_file: a malformed file was read without an error")
    print("check: ok")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except dyng.errors.Error as e:  # every dynG error derives from dyng.errors.Error
        print(f"read_file: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
