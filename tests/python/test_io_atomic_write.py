"""Writers of dyng.io replace a file whole, or leave it as it was.

A regular file (or a new name) is written to a temporary file in the same folder and
renamed over the name only when everything succeeded (src/io/file.c for the native
writers, ``_replacing`` in dyng/_research_files.py for ``write_histogram``):

- a write that fails half-way (``RLIMIT_FSIZE`` makes the write fail with ``EFBIG``, as a
  full disk would), an interrupt at any poll of a native write
  (``_core._testing_interrupt_at_poll``, test builds), and an exception (Ctrl-C) inside
  ``write_histogram`` leave the old bytes and mode, a new name absent, and no ``.dyng-``
  file;
- while a batch stream is written, the path holds the old file: a stream can read the
  file it replaces;
- a successful write keeps the old mode; links stay links; ``/dev/null`` and FIFOs are
  written in place;
- a folder where no file can be made, or another user's file in a sticky folder: a
  writable file there is written in place; a write-protected file is refused.
  Permissions do not hold back root: as root these run in a forked child that takes
  uid 65534, and are skipped when it cannot.
"""

from __future__ import annotations

import gzip
import os
import resource
import signal
import stat
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import dyng
import dyng.io as io
from dyng import _core
from dyng.errors import FileFormatError

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files")

OLD = b"old content: must survive a failed write\n"

_rng = np.random.default_rng(7)
_M = 30_000  # about 400 kB of text: several of the library's 1 MiB buffers for .gz too
EDGES = {
    True: (
        _rng.integers(0, 100_000, _M),
        _rng.integers(0, 100_000, _M),
        _rng.integers(0, 1_000_000, (_M, 1)),
    ),
    False: (np.array([0, 1, 2]), np.array([1, 2, 0]), np.array([[4], [5], [6]])),
}
GRAPH = {
    big: dyng.Graph.from_edges(*e, num_vertices=100_000, directed=True) for big, e in EDGES.items()
}
# a histogram of about 600 kB that compresses badly
BIG_HIST = {k: int(c) for k, c in enumerate(_rng.integers(1, 2**48, 25_000), start=3)}


def _batches(big: bool, n: int = 3) -> list[dyng.EdgeBatch]:
    src, dst, w = EDGES[big]
    parts = np.array_split(np.arange(len(src)), n)
    return [dyng.EdgeBatch(insert=(src[p], dst[p], w[p]), id=i) for i, p in enumerate(parts)]


# Every writer, as (file name, call writing `big` or a small input to a path).
Writer = Callable[[Path, bool], Any]
WRITERS: dict[str, tuple[str, Writer]] = {
    "matrix_market": ("g.mtx", lambda p, big: io.write_matrix_market(p, GRAPH[big])),
    "matrix_market_gz": ("g.mtx.gz", lambda p, big: io.write_matrix_market(p, GRAPH[big])),
    "matrix_market_arrays": (
        "a.mtx",
        lambda p, big: io.write_matrix_market_arrays(p, 100_000, *EDGES[big][:2]),
    ),
    "edge_list": ("g.txt", lambda p, big: io.write_edge_list(p, GRAPH[big])),
    "edge_list_arrays": ("a.txt", lambda p, big: io.write_edge_list_arrays(p, *EDGES[big])),
    "dgt": ("b.dgt", lambda p, big: io.write_batches(p, _batches(big))),
    "dgb": ("b.dgb", lambda p, big: io.write_batches(p, _batches(big))),
    "signed_batch": ("s.txt", lambda p, big: io.write_signed_batch(p, _batches(big, 1)[0])),
    "distances": ("d.txt", lambda p, big: io.write_distances(p, np.arange(200_000 if big else 3))),
    "tree": ("t.txt", lambda p, big: io.write_tree(p, np.arange(200_000 if big else 3) - 1)),
    "histogram": ("h.csv", lambda p, big: io.write_histogram(p, BIG_HIST if big else {3: 1})),
    "histogram_gz": (
        "h.csv.gz",
        lambda p, big: io.write_histogram(p, BIG_HIST if big else {3: 1}),
    ),
}


def _put(path: Path, data: bytes = OLD, mode: int = 0o640) -> None:
    path.write_bytes(data)
    path.chmod(mode)


def _temporaries(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if ".dyng-" in p.name]


@pytest.fixture
def small_file_limit() -> Iterator[Callable[[], None]]:
    """Arm with the returned call: from then on, writing a file past 64 KiB fails (EFBIG)."""
    saved = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of the signal

    def arm() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, saved[1]))

    try:
        yield arm
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, saved)
        signal.signal(signal.SIGXFSZ, handler)


@pytest.mark.parametrize("kind", sorted(WRITERS))
def test_success_replaces_the_file_and_keeps_its_mode(tmp_path: Path, kind: str) -> None:
    name, write = WRITERS[kind]
    p = tmp_path / name
    _put(p, mode=0o640)
    inode = p.stat().st_ino
    write(p, False)
    assert p.read_bytes() != OLD
    assert stat.S_IMODE(p.stat().st_mode) == 0o640
    assert p.stat().st_ino != inode  # replaced, not rewritten
    assert _temporaries(tmp_path) == []
    # a new name: 0666 less the umask, as a plain create
    old_umask = os.umask(0o027)
    try:
        write(tmp_path / ("new_" + name), False)
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((tmp_path / ("new_" + name)).stat().st_mode) == 0o640


@pytest.mark.parametrize("kind", sorted(WRITERS))
def test_a_failed_write_keeps_the_old_file(
    tmp_path: Path, kind: str, small_file_limit: Callable[[], None]
) -> None:
    name, write = WRITERS[kind]
    p = tmp_path / name
    _put(p)
    small_file_limit()
    with pytest.raises(OSError) as info:  # FileFormatError is an OSError
        write(p, True)
    if isinstance(info.value, FileFormatError):
        assert info.value.path == str(p)
        assert ".dyng-" not in str(info.value)
    assert p.read_bytes() == OLD
    assert stat.S_IMODE(p.stat().st_mode) == 0o640
    with pytest.raises(OSError):
        write(tmp_path / ("new_" + name), True)
    assert not (tmp_path / ("new_" + name)).exists()
    assert _temporaries(tmp_path) == []


NATIVE_WATCHED = ["matrix_market", "matrix_market_gz", "edge_list", "distances", "signed_batch"]


@pytest.mark.skipif(
    not hasattr(_core, "_testing_interrupt_at_poll"),
    reason="the extension was built without DYNG_TESTING_HOOKS (a wheel)",
)
@pytest.mark.parametrize("kind", NATIVE_WATCHED)
def test_an_interrupted_write_keeps_the_old_file(tmp_path: Path, kind: str) -> None:
    """Ctrl-C at each poll of the write (an export, every megabyte, the close)."""
    name, write = WRITERS[kind]
    p = tmp_path / name
    _put(p)
    interrupted = 0
    for k in range(1, 100):
        _core._testing_interrupt_at_poll(k)
        try:
            write(p, True)
        except KeyboardInterrupt:
            interrupted += 1
            assert p.read_bytes() == OLD, f"poll {k}"
            assert _temporaries(tmp_path) == []
            continue
        finally:
            _core._testing_interrupt_at_poll(0)
        break
    assert interrupted >= 1  # the close polls, if nothing before it does
    assert p.read_bytes() != OLD
    assert stat.S_IMODE(p.stat().st_mode) == 0o640


@pytest.mark.parametrize("exc", [KeyboardInterrupt, OSError])
def test_an_exception_in_write_histogram_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exc: type[BaseException]
) -> None:
    """Ctrl-C (or an error) while the histogram is compressed and written."""

    def fail(self: gzip.GzipFile, data: Any) -> int:
        raise exc

    monkeypatch.setattr(gzip.GzipFile, "write", fail)
    p = tmp_path / "h.csv.gz"
    _put(p)
    with pytest.raises(exc):
        io.write_histogram(p, {3: 1})
    assert p.read_bytes() == OLD
    with pytest.raises(exc):
        io.write_histogram(tmp_path / "new.csv.gz", {3: 1})
    assert not (tmp_path / "new.csv.gz").exists()
    assert _temporaries(tmp_path) == []


def test_histogram_gzip_header_names_the_file(tmp_path: Path) -> None:
    p = tmp_path / "h.csv.gz"
    io.write_histogram(p, {3: 2, 5: 1})
    raw = p.read_bytes()
    assert raw[3] & 0x08 and raw[10:16] == b"h.csv\0"  # FNAME, as gzip.open(p) writes it
    assert io.read_histogram(p) == {3: 2, 5: 1}


@pytest.mark.parametrize("suffix", [".dgt", ".dgb"])
def test_a_stream_reads_the_file_it_replaces(tmp_path: Path, suffix: str) -> None:
    p = tmp_path / ("b" + suffix)
    io.write_batches(p, _batches(True, 30))  # larger than what a reader reads at first
    before = p.read_bytes()
    # the reader goes on reading after the writer opened (it maps a .dgb file)
    io.write_batches(p, io.iter_batches(p), vertex_dtype="int32")
    assert p.read_bytes() == before


def test_readers_see_the_old_file_while_a_stream_is_written(tmp_path: Path) -> None:
    p = tmp_path / "b.dgt"
    _put(p)
    seen: list[bytes] = []

    def batches() -> Iterator[dyng.EdgeBatch]:
        for b in _batches(False):
            yield b
            seen.append(p.read_bytes())

    io.write_batches(p, batches())
    assert seen and all(s == OLD for s in seen)
    assert p.read_bytes().startswith(b"%dgt 1\n")


@pytest.mark.parametrize("kind", ["matrix_market", "matrix_market_gz", "histogram"])
def test_links_stay_links(tmp_path: Path, kind: str) -> None:
    name, write = WRITERS[kind]
    (tmp_path / "sub").mkdir()
    target = tmp_path / ("target_" + name)
    _put(target, mode=0o604)
    link = tmp_path / "sub" / name
    link.symlink_to(Path("..") / target.name)
    write(link, False)
    assert link.is_symlink() and os.readlink(link) == str(Path("..") / target.name)
    assert target.read_bytes() != OLD and stat.S_IMODE(target.stat().st_mode) == 0o604
    # a dangling link: the file it points to is made, the link stays
    dangling = tmp_path / ("dangling_" + name)
    dangling.symlink_to("made_" + name)
    write(dangling, False)
    assert dangling.is_symlink() and (tmp_path / ("made_" + name)).is_file()
    assert _temporaries(tmp_path) == [] and _temporaries(tmp_path / "sub") == []


@pytest.mark.parametrize("kind", ["matrix_market", "histogram"])
def test_devices_and_fifos_are_written_in_place(tmp_path: Path, kind: str) -> None:
    _, write = WRITERS[kind]
    write(Path("/dev/null"), True)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # so that the writer's open does not wait
    try:
        write(fifo, False)
        assert os.read(fd, 1 << 16)
    finally:
        os.close(fd)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    # a descriptor the process holds: written through, not replaced
    held = tmp_path / "held"
    _put(held)
    inode = held.stat().st_ino
    with open(held, "rb+") as f:
        write(Path(f"/proc/self/fd/{f.fileno()}"), False)
    assert held.stat().st_ino == inode and held.read_bytes() != OLD


def _permission_checks(folder: Path, others: bool) -> None:
    """What a user that permissions hold back sees (run as that user); ``others``: the
    files were made by another user (root)."""
    for kind in ("matrix_market", "histogram"):
        name, write = WRITERS[kind]
        # a folder it may not write, with a file it may: written in place
        f = folder / "ro" / name
        inode = f.stat().st_ino
        write(f, False)
        assert f.read_bytes() != OLD and f.stat().st_ino == inode
        # a new name there: refused, as open() refuses it
        with pytest.raises(OSError, match="Permission denied"):
            write(folder / "ro" / ("new_" + name), False)
        # a write-protected file in a folder it may write: refused although the rename
        # would be allowed
        with pytest.raises(OSError, match="Permission denied"):
            write(folder / "rw" / name, False)
        assert (folder / "rw" / name).read_bytes() == OLD
        # another user's writable file in a sticky folder (as in /tmp), which no rename may
        # replace: written in place
        if others:
            f = folder / "st" / name
            inode = f.stat().st_ino
            write(f, False)
            assert f.read_bytes() != OLD and f.stat().st_ino == inode
    assert _temporaries(folder / "ro") == [] and _temporaries(folder / "rw") == []
    assert _temporaries(folder / "st") == []


def test_permissions() -> None:
    folder = Path(tempfile.mkdtemp(prefix="dyng_atomic_"))  # not under pytest's 0700 folders
    try:
        folder.chmod(0o755)
        (folder / "ro").mkdir(mode=0o755)
        (folder / "rw").mkdir()
        (folder / "rw").chmod(0o777)
        (folder / "st").mkdir()
        (folder / "st").chmod(0o1777)
        for kind in ("matrix_market", "histogram"):
            name = WRITERS[kind][0]
            _put(folder / "ro" / name, mode=0o666)
            _put(folder / "st" / name, mode=0o666)
            _put(folder / "rw" / name, mode=0o444)
        if os.geteuid() != 0:
            (folder / "ro").chmod(0o555)
            _permission_checks(folder, False)
            return
        sys.stdout.flush()
        sys.stderr.flush()
        with warnings.catch_warnings():  # a fork of a process with threads (3.12)
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
        if pid == 0:  # the child: never back into pytest
            code = 1
            try:
                try:
                    os.setgid(65534)
                    os.setuid(65534)
                except OSError:
                    os._exit(77)
                if os.access("/", os.W_OK):
                    os._exit(77)
                _permission_checks(folder, True)
                code = 0
            except BaseException as e:
                print(f"permission checks as uid 65534: {e!r}", file=sys.stderr, flush=True)
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 77:
            pytest.skip("running as root and cannot take uid 65534")
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    finally:
        for sub in ("ro", "rw", "st"):
            if (folder / sub).exists():
                (folder / sub).chmod(0o755)
                for f in (folder / sub).iterdir():
                    f.unlink()
                (folder / sub).rmdir()
        folder.rmdir()
