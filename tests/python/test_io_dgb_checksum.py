""".dgb checksums: the ones written are those of the layout, and they see words trade places.

The oracle is the layout of ``include/dyng/io.h`` implemented here, independently of the C
code: the records (header, batches, end), and the checksum of n bytes (Fletcher's two sums over
little-endian 64-bit words, a = 1 + sum w_i and b = n + sum of the running a, mixed by
SplitMix64's finalizer and folded to 32 bits). Its second sum is what makes the checksum depend
on the order of the words: a file whose words trade places must be refused (the mutation check
``dgb-checksum-blind-to-order`` of scripts/mutation.py drops that sum, and every flipped bit of
test_io_research.py is still caught without it).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

import dyng
import dyng.io
from dyng.errors import FileFormatError

MASK = 2**64 - 1
MAGIC = b"\x89DGB\r\n\x1a\n"


def mix(z: int) -> int:
    """SplitMix64's finalizer, on 64-bit unsigned integers."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def checksum(data: bytes) -> int:
    """The checksum of ``data`` as dyng/io.h defines it."""
    a, b = 1, len(data)
    for (w,) in struct.iter_unpack("<Q", data + bytes(-len(data) % 8)):
        a = (a + w) & MASK
        b = (b + a) & MASK
    x = mix((a + mix(b)) & MASK)
    return (x ^ (x >> 32)) & 0xFFFFFFFF


def pad8(n: int) -> int:
    return (n + 7) // 8 * 8


@dataclass(frozen=True)
class Stored:
    """A checksum in a file: where it is, what it covers (a byte range) and its value."""

    what: str
    begin: int
    end: int
    value: int


def stored_checksums(data: bytes) -> list[Stored]:
    """Walk a .dgb file by the layout and list every checksum it stores."""
    assert data[:8] == MAGIC
    version, id_bytes, k = struct.unpack_from("<III", data, 8)
    assert (version, id_bytes) in {(1, 4), (1, 8)}
    out = [Stored("header", 0, 28, struct.unpack_from("<I", data, 28)[0])]
    at = 32
    while data[at : at + 4] == b"BTCH":
        (head,) = struct.unpack_from("<I", data, at + 4)
        _, nd, ni, arrays = struct.unpack_from("<qQQI", data, at + 8)
        out.append(Stored(f"batch header at {at}", at + 8, at + 40, head))
        payload = pad8(2 * id_bytes * nd + (2 * id_bytes + 4 * k) * ni)
        out.append(Stored(f"arrays at {at + 40}", at + 40, at + 40 + payload, arrays))
        at += 40 + payload
    assert data[at : at + 4] == b"DEND"
    out.append(Stored("end", at + 8, at + 32, struct.unpack_from("<I", data, at + 4)[0]))
    assert at + 32 == len(data)
    return out


def stream(k: int, wide: bool) -> list[dyng.EdgeBatch]:
    """Batches with distinct values everywhere (so that moved words change the data)."""
    rng = np.random.default_rng(7 + k + 2 * wide)
    top = 2**40 if wide else 10**6
    out = []
    for i, (nd, ni) in enumerate([(3, 5), (0, 0), (4, 0), (0, 7), (2, 6)]):
        ids = rng.choice(top, 2 * (nd + ni), replace=False)
        w = rng.integers(-(2**31), 2**31, (ni, k), dtype=np.int32) if k else None
        out.append(
            dyng.EdgeBatch(
                insert=(ids[:ni], ids[ni : 2 * ni], w),
                delete=(ids[2 * ni : 2 * ni + nd], ids[2 * ni + nd :]),
                id=10 * i + 1,
            )
        )
    return out


def lists(b: dyng.EdgeBatch) -> tuple[int, list[int], list[int], list[int], list[int], list[int]]:
    w = b.insert_weights
    return (
        b.id,
        b.insert_src.tolist(),
        b.insert_dst.tolist(),
        [] if w is None else w.ravel().tolist(),
        b.delete_src.tolist(),
        b.delete_dst.tolist(),
    )


def written(tmp_path: Path, k: int, wide: bool) -> tuple[bytes, list[dyng.EdgeBatch]]:
    batches = stream(k, wide)
    p = tmp_path / "s.dgb"
    dyng.io.write_batches(p, batches, vertex_dtype="int64" if wide else "int32")
    return p.read_bytes(), batches


CASES = [(0, False), (2, False), (1, True), (3, True)]


@pytest.mark.parametrize(("k", "wide"), CASES)
def test_written_checksums_follow_the_layout(tmp_path: Path, k: int, wide: bool) -> None:
    data, batches = written(tmp_path, k, wide)
    stored = stored_checksums(data)
    assert len(stored) == 2 + 2 * len(batches)
    for s in stored:
        assert s.value == checksum(data[s.begin : s.end]), s.what


@pytest.mark.parametrize(("k", "wide"), CASES)
def test_a_file_made_from_the_layout_is_read(tmp_path: Path, k: int, wide: bool) -> None:
    """A file written here, from the layout alone, reads as the batches it holds."""
    batches = stream(k, wide)
    ib = 8 if wide else 4
    code = "<q" if wide else "<i"
    head = MAGIC + struct.pack("<IIIII", 1, ib, k, 0, 0)
    parts = [head + struct.pack("<I", checksum(head))]
    changes = 0
    for b in batches:
        arrays = b"".join(
            np.asarray(a, dtype=code).tobytes()
            for a in (b.delete_src, b.delete_dst, b.insert_src, b.insert_dst)
        )
        if k and b.num_insertions:
            assert b.insert_weights is not None
            arrays += np.asarray(b.insert_weights, dtype="<i4").tobytes()
        arrays += bytes(-len(arrays) % 8)
        rest = struct.pack("<qQQII", b.id, b.num_deletions, b.num_insertions, checksum(arrays), 0)
        parts.append(b"BTCH" + struct.pack("<I", checksum(rest)) + rest + arrays)
        changes += b.num_deletions + b.num_insertions
    end = struct.pack("<QQQ", len(batches), changes, 0)
    parts.append(b"DEND" + struct.pack("<I", checksum(end)) + end)
    p = tmp_path / "made.dgb"
    p.write_bytes(b"".join(parts))
    got = dyng.io.read_batches(p, num_weights=k)
    assert [lists(b) for b in got] == [lists(b) for b in batches]


@pytest.mark.parametrize(("k", "wide"), CASES)
def test_words_that_trade_places_are_refused(tmp_path: Path, k: int, wide: bool) -> None:
    """Swap two different 8-byte words inside any record's checksummed bytes: refused."""
    data, _ = written(tmp_path, k, wide)
    damaged = tmp_path / "damaged.dgb"
    swaps = 0
    for s in stored_checksums(data)[1:]:  # the file header's words are checked one by one
        words = [data[i : i + 8] for i in range(s.begin, s.end - 7, 8)]
        pairs = [(i, i + 1) for i in range(len(words) - 1)] + [(0, len(words) - 1)]
        for i, j in pairs:
            if j <= i or words[i] == words[j]:
                continue
            raw = bytearray(data)
            a, b = s.begin + 8 * i, s.begin + 8 * j
            raw[a : a + 8], raw[b : b + 8] = words[j], words[i]
            damaged.write_bytes(bytes(raw))
            with pytest.raises(FileFormatError, match="checksum"):
                dyng.io.read_batches(damaged, num_weights=k)
            swaps += 1
    assert swaps >= 20  # the stream has enough distinct words to make this a test


@pytest.mark.parametrize("wide", [False, True])
def test_a_negative_id_is_refused(tmp_path: Path, wide: bool) -> None:
    """A file whose checksums match but whose batch holds a negative id: FileFormatError at it.

    The writers refuse negative ids, so the file is made from the layout: batch 2's third id
    (its first insertion's source) becomes -1, and both of its checksums are made again.
    """
    ib = 8 if wide else 4
    p = tmp_path / "s.dgb"
    batches = [
        dyng.EdgeBatch(insert=([0], [1]), id=1),
        dyng.EdgeBatch(insert=([5], [6]), delete=([2], [3]), id=2),
    ]
    dyng.io.write_batches(p, batches, vertex_dtype="int64" if wide else "int32")
    data = bytearray(p.read_bytes())
    second = 32 + 40 + pad8(2 * ib)  # the header, then batch 1 (one insertion)
    assert data[second : second + 4] == b"BTCH"
    arrays = second + 40
    at = arrays + 2 * ib  # after the deletion's two ids
    assert int.from_bytes(data[at : at + ib], "little") == 5
    data[at : at + ib] = (-1).to_bytes(ib, "little", signed=True)
    payload = pad8(4 * ib)
    struct.pack_into("<I", data, second + 32, checksum(bytes(data[arrays : arrays + payload])))
    struct.pack_into("<I", data, second + 4, checksum(bytes(data[second + 8 : second + 40])))
    p.write_bytes(bytes(data))
    it = dyng.io.iter_batches(p)
    assert next(it).id == 1
    with pytest.raises(FileFormatError, match="batch 2: the vertex id -1 is negative") as info:
        next(it)
    assert (info.value.line, info.value.column) == (0, at + 1)  # column: the byte offset + 1
