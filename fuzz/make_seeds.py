"""Write the fuzz targets' seed corpus (fuzz/corpus/<target>/).

Each seed is a small valid input, so that the fuzzer starts from files that
reach deep into each reader, plus a few edge cases. Every target's input
starts with its option byte(s) (see the comment at the top of each
fuzz/fuzz_<target>.c). Run from the repository root, with the package built:
``python fuzz/make_seeds.py``; it rewrites the seed folders from scratch.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import numpy as np

import dyng

ROOT = Path(__file__).resolve().parent
CORPUS = ROOT / "corpus"


def seed(target: str, name: str, data: bytes) -> None:
    """Write one seed file."""
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)


def matrix_market() -> None:
    """Banners of every field and symmetry, comments, a blank line, real values."""
    banner = "%%MatrixMarket matrix coordinate"
    body = {
        "pattern_general": f"{banner} pattern general\n% c\n4 4 3\n1 2\n2 3\n4 1\n",
        "integer_symmetric": f"{banner} integer symmetric\n3 3 3\n2 1 5\n3 3 -2\n3 1 7\n",
        "real_skew": f"{banner} real skew-symmetric\n3 3 2\n2 1 1.0e1\n3 2 -4.0\n",
        "crlf_blank": f"{banner} integer general\r\n\r\n2 2 2\r\n1 1 3\r\n2 1 4\r\n",
        "empty": f"{banner} pattern general\n0 0 0\n",
    }
    for i, (name, text) in enumerate(body.items()):
        seed("matrix_market", name, bytes([i * 37 % 256]) + text.encode())


def edge_list() -> None:
    """SNAP and TUDataset styles: comments, commas, weights, tabs, CRLF."""
    body = {
        "snap": "# Directed graph\n# FromNodeId\tToNodeId\n0\t1\n1\t2\n2\t0\n5\t3\n",
        "weights": "1 2 7 -3\n2 3 1e3 4\n3 1 5 6  # note\n",
        "commas": "1, 2\n2,3\n3 , 1\n",
        "crlf_self_dup": "% x\r\n1 1\r\n1 2\r\n1 2\r\n",
        "big_ids": "4294967296 7\n7 4294967296\n",
    }
    for i, (name, text) in enumerate(body.items()):
        seed("edge_list", name, bytes([i * 41 % 256, i * 3]) + text.encode())


def batches() -> list[dyng.EdgeBatch]:
    """A few batches with insertions, deletions, weights and gaps in the ids."""
    out = []
    rng = np.random.default_rng(7)
    for bid in (0, 1, 5):
        n = 6
        src, dst = rng.integers(0, 20, n), rng.integers(0, 20, n)
        w = rng.integers(1, 9, (n, 2)).astype(np.int32)
        out.append(dyng.EdgeBatch(insert=(src, dst, w), delete=(src[:2], dst[:2]), id=bid))
    return out


def batch_streams() -> None:
    """.dgt and .dgb streams written by the package, plain and gzipped."""
    with tempfile.TemporaryDirectory() as tmp:
        for ext in ("dgt", "dgb"):
            for gz in ("", ".gz"):
                path = Path(tmp) / f"s.{ext}{gz}"
                dyng.io.write_batches(path, batches())
                seed(
                    ext, f"three_batches{gz.replace('.', '_')}", bytes([2 * 3]) + path.read_bytes()
                )
            path = Path(tmp) / f"e.{ext}"
            dyng.io.write_batches(path, [dyng.EdgeBatch()])
            seed(ext, "one_empty_batch", bytes([2]) + path.read_bytes())
    seed(
        "dgt", "hand_written", b"\x04%dgt 1\n# c\n%batch 3\n+e 1 2 5\n-e 2 3\n%batch 9\n+e 0 0 1\n"
    )


def research_files() -> None:
    """CSR triplets, change files, signed batches, distances and trees."""
    golden = ROOT.parent.parent / "shared" / "goldens"
    csr = golden / "mosp" / "small60" / "csr"
    parts = [
        (csr / f"graphCsr{name}.txt").read_bytes()[:2000].rsplit(b"\n", 1)[0] + b"\n"
        for name in ("RowPtr", "ColInd", "Values")
    ]
    seed("research_files", "csr_small60_cut", bytes([0 + 5 * 2]) + b"\xff".join(parts))
    seed(
        "research_files",
        "csr_tiny",
        bytes([5 * 1 + 5 * 2 - 2]) + b"0\n1\n2\n\xff1\n0\n\xff3 4\n5 6\n",
    )
    changes = golden / "mosp" / "small60" / "changes" / "n100_ins50_uniform_seed1"
    ins, dele = ((changes / f).read_bytes()[:600] for f in ("insert.txt", "delete.txt"))
    ins, dele = (x.rsplit(b"\n", 1)[0] + b"\n" for x in (ins, dele))
    seed("research_files", "changes_small60", bytes([1]) + ins + b"\xff" + dele)
    signed = (golden / "cycle_enum_batch" / "batch_small_d10_i10_s1.txt").read_bytes()
    seed("research_files", "signed_small", bytes([2]) + signed)
    seed("research_files", "distances", bytes([3]) + b"0 0\n1 5\n2 INF\n3 2305843009213693950\n")
    seed("research_files", "tree", bytes([4]) + b"0 -1\n1 0\n2 1\n3 -1\n")


def apply() -> None:
    """Graphs of several shapes and a few batches each (fuzz/fuzz_apply.c)."""
    rng = np.random.default_rng(11)
    for i, shape in enumerate((0x00, 0x05, 0x1A, 0x67, 0xB3, 0x2C)):
        sem = (0, 72, 7, 36, 150, 21)[i]
        n, m = 12, 30
        head = bytes([shape, sem, n, m])
        edges = rng.integers(0, 256, 2 * m + 2 * m).astype(np.uint8).tobytes()
        tail = b"".join(
            bytes([int(rng.integers(0, 256))]) + rng.integers(0, 256, 60).astype(np.uint8).tobytes()
            for _ in range(4)
        )
        seed("apply", f"shape_{shape:02x}", head + edges + tail)


def sssp() -> None:
    """Graphs of several shapes, two sources and a few batches each (fuzz/fuzz_sssp.c)."""
    rng = np.random.default_rng(12)
    for i, shape in enumerate((0x00, 0x11, 0x29, 0x20, 0x56, 0x1C)):
        sem = (0, 72, 7, 36, 150, 21)[i]
        opt = (0x00, 0x02, 0x0C, 0x1A, 0x14, 0x05)[i]
        n, m = 16, 40
        head = bytes([shape, sem, opt, n, m])
        edges = rng.integers(0, 256, 4 * m).astype(np.uint8).tobytes()
        sources = bytes([0, int(rng.integers(0, n))])
        tail = b"".join(
            bytes([int(rng.integers(0, 256))]) + rng.integers(2, 256, 60).astype(np.uint8).tobytes()
            for _ in range(5)
        )
        seed("sssp", f"shape_{shape:02x}", head + edges + sources + tail)


def cycle_count() -> None:
    """Small dense graphs and a few batches each (fuzz/fuzz_cycle_count.c)."""
    rng = np.random.default_rng(13)
    for i, shape in enumerate((0x00, 0x11, 0x29, 0x20, 0x56, 0x1C, 0x01, 0x48)):
        sem = (0, 72, 7, 36, 150, 21, 1, 37)[i]
        # the bound, the recount mode, a tree, histogram B, from counts
        opt = (0x00, 0x0A, 0x33, 0x44, 0x92, 0x61, 0x15, 0xE3)[i]
        n, m = 9, 20
        head = bytes([shape, sem, opt, n, m])
        edges = rng.integers(0, 256, 4 * m).astype(np.uint8).tobytes()
        tail = b"".join(
            bytes([int(rng.integers(0, 256))]) + rng.integers(2, 256, 60).astype(np.uint8).tobytes()
            for _ in range(5)
        )
        seed("cycle_count", f"shape_{shape:02x}", head + edges + tail)
    # A pair deleted and inserted again in one batch keeps its cycles: a
    # directed triangle (bound 3) and an undirected square (bound 4), the
    # searches pinned (recount never), the batch deleting and inserting 0-1.
    again = bytes([0x11, 0, 1, 0, 1, 0])
    triangle = bytes([0, 1, 1, 2, 2, 0])
    seed("cycle_count", "reinserted_directed", bytes([0x00, 0, 0x09, 3, 3]) + triangle + again)
    square = bytes([0, 1, 1, 2, 2, 3, 3, 0])
    seed("cycle_count", "reinserted_undirected", bytes([0x01, 0, 0x0A, 4, 4]) + square + again)


def import_() -> None:
    """CSRs made from edge lists and raw, some corrupted, with a tree and a
    histogram to import each (fuzz/fuzz_import.c)."""
    rng = np.random.default_rng(14)
    for i, shape in enumerate((0x00, 0x11, 0x29, 0x20, 0x56, 0x1C, 0x01, 0x48)):
        sem = (0, 72, 7, 36, 150, 21, 1, 37)[i]
        # mode: bit 0 raw, bits 1-3 the corruption (4 to 7; below 4 none)
        mode = (0x00, 0x00, 0x02, 0x08, 0x0A, 0x0C, 0x01, 0x0E)[i]
        n, m = 12, 24
        k = (shape >> 4) % 3
        head = bytes([shape, sem, n, mode])
        if mode & 1:
            body = bytes(int(x) for x in rng.integers(0, 6, n))
            body += rng.integers(0, 252, 60 * (1 + k)).astype(np.uint8).tobytes()
        else:
            body = bytes([m]) + rng.integers(0, 252, m * (2 + k)).astype(np.uint8).tobytes()
        corruption = bytes([int(rng.integers(0, 256)), int(rng.integers(0, 256))])
        # the bound and length of a histogram, its entries (0 below 128)
        counts = bytes([i % 9, (3, 5, 13, 1, 0, 7, 4, 5)[i]]) + bytes(20)
        # the tree: validate_inputs, objective, edits; its source; the edits; a batch
        opt = (0x01, 0x08, 0x11, 0x19, 0x00, 0x13, 0x09, 0x1A)[i]
        edits = rng.integers(0, 256, 9).astype(np.uint8).tobytes()
        batch = bytes([0x22]) + rng.integers(2, 256, 12).astype(np.uint8).tobytes()
        tree = bytes([opt, int(rng.integers(0, n))]) + edits + batch
        seed("import", f"shape_{shape:02x}", head + body + corruption + counts + tree)
    # Three that a careless check accepts. An undirected CSR of 0-1-2 (weight 1)
    # whose entry 1 (the 1-0 of row 1) gets weight 6.
    seed("import", "asymmetric_weight", bytes([0x11, 0, 3, 0x0E, 2, 0, 1, 0, 1, 2, 0, 1, 5]))
    # The path 0 -> 1 -> 2 and its tree with vertex 2 made unreached (an edge
    # is shorter); validate_inputs, one edit; an empty batch.
    path = bytes([0x00, 0, 3, 0x00, 2, 0, 1, 1, 2, 0, 0])
    seed("import", "unreached_but_reachable", path + bytes([0, 1, 0, 0x09, 0, 2, 3, 0, 0, 0]))
    # Two vertices and a histogram (bound 4) that counts a cycle of length 4.
    seed("import", "cycle_past_n", bytes([0x00, 0, 2, 0x00, 0, 0, 0, 5, 5, 0, 0, 0, 0, 200]))


def main() -> None:
    """Rewrite every seed folder."""
    if CORPUS.exists():
        shutil.rmtree(CORPUS)
    matrix_market()
    edge_list()
    batch_streams()
    research_files()
    apply()
    sssp()
    cycle_count()
    import_()
    for folder in sorted(CORPUS.iterdir()):
        print(f"{folder.relative_to(ROOT.parent)}: {len(list(folder.iterdir()))} seeds")


if __name__ == "__main__":
    main()
