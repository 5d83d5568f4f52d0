"""The research codes' files (DESIGN 9): CSR triplets, change files, signed batches,
distance and tree files, and cycle histograms.

MOSP-OpenMP keeps a graph as three text files (``<prefix>RowPtr.txt``,
``ColInd.txt``, ``Values.txt``), a batch as ``insert.txt`` / ``delete.txt``, and
shortest-path trees as ``v d`` / ``v p`` lines; CycleEnumeration-GPU writes its
batches as ``- u v`` / ``+ u v`` lines and its histograms as CSV. dynG reads
and writes each of them exactly (the goldens round-trip byte for byte); the
readers parse in parallel, accept gzip content, and report a malformed file as
:class:`~dyng.errors.FileFormatError` with its path, line and column.
:mod:`dyng.io` exports every name here.
"""

from __future__ import annotations

import contextlib
import errno
import gzip
import itertools
import os
import stat
from collections.abc import Iterator, Mapping
from typing import IO, TYPE_CHECKING, BinaryIO

import numpy as np
import numpy.typing as npt

from dyng._backend import native
from dyng._batch import EdgeBatch
from dyng._graph import Graph, PropertyKeywords, merge_properties
from dyng._paths import PathLike
from dyng._paths import path_str as _path
from dyng._properties import GraphProperties, check_bool, check_int, dtype_name
from dyng._resources import Resources, native_resources
from dyng.errors import InvalidArgumentError

if TYPE_CHECKING:
    from typing import Unpack

    from dyng.cycle_count import Result as CycleCountResult

__all__ = [
    "read_change_files",
    "read_csr_triplet",
    "read_distances",
    "read_histogram",
    "read_signed_batch",
    "read_tree",
    "write_change_files",
    "write_csr_triplet",
    "write_distances",
    "write_histogram",
    "write_signed_batch",
    "write_tree",
]


def read_csr_triplet(
    prefix: PathLike,
    *,
    properties: GraphProperties | None = None,
    resources: Resources | None = None,
    **property_keywords: Unpack[PropertyKeywords],
) -> Graph:
    """Read a graph kept as MOSP-OpenMP's three CSR files.

    ``<prefix>RowPtr.txt`` holds the ``n + 1`` row offsets (``0`` first, never
    falling), ``<prefix>ColInd.txt`` one 0-based target per line, and, for a
    weighted graph, ``<prefix>Values.txt`` one line ``w1 .. wK`` per edge.
    Each may be gzipped (``<prefix>RowPtr.txt.gz``; the plain name is tried
    first); ``#`` and ``%`` lines are skipped.

    Parameters
    ----------
    prefix : str or os.PathLike
        What precedes ``RowPtr.txt``: ``"csr/graphCsr"`` for
        ``csr/graphCsrRowPtr.txt``.
    properties : GraphProperties, optional
        Default :meth:`GraphProperties.mosp_compatible` (the research code's
        rules: append order, parallel edges, upsert semantics, directed). The
        weight count comes from the values file (none without one) and the
        id and offset types widen to int64 where the graph needs them.
    resources : Resources, optional
        Where to parse (in parallel); default :func:`dyng.get_default_resources`.
    **property_keywords
        ``directed``, ``row_order``, ``multi_edges``, ``store_transposed``,
        ``vertex_dtype``, ``offset_dtype``, ``semantics``: override fields of
        ``properties``. An undirected graph needs a symmetric CSR.

    Returns
    -------
    Graph
        A new graph whose out-rows are the file's rows, in the file's order.

    Raises
    ------
    FileFormatError
        For a missing or malformed file, at its line and column (an offset
        that falls, a target not below ``n``, counts that disagree, a weight
        that is no int32).

    Examples
    --------
    >>> import dyng, pathlib, tempfile
    >>> g = dyng.Graph.from_edges([0, 0, 2], [1, 2, 0], [[5], [6], [7]])
    >>> prefix = pathlib.Path(tempfile.mkdtemp()) / "graphCsr"
    >>> dyng.io.write_csr_triplet(prefix, g)
    >>> h = dyng.io.read_csr_triplet(prefix)
    >>> h.num_vertices, h.num_edges, h.to_csr()[1].tolist()
    (3, 3, [1, 2, 0])
    """
    p = _path(prefix)
    unknown = set(property_keywords) - set(PropertyKeywords.__annotations__)
    if unknown:
        raise TypeError(f"read_csr_triplet() got unexpected keywords: {sorted(unknown)}")
    kw = property_keywords
    base = properties if properties is not None else GraphProperties.mosp_compatible()
    merged = merge_properties(
        base,
        num_weights=None,
        directed=kw.get("directed"),
        row_order=kw.get("row_order"),
        multi_edges=kw.get("multi_edges"),
        store_transposed=kw.get("store_transposed"),
        semantics=kw.get("semantics"),
    )
    for field in ("vertex_dtype", "offset_dtype"):
        value = kw.get(field)
        if value is not None:
            setattr(merged, field, dtype_name(value, field))
    if merged.vertex_dtype == "int64":
        merged.offset_dtype = "int64"
    merged.num_weights = 0  # the values file decides
    return Graph._wrap(native.csr_read_graph(p, merged.to_native(), native_resources(resources)))


def write_csr_triplet(prefix: PathLike, graph: Graph, *, compress: bool = False) -> None:
    """Write a graph's out-edges as MOSP-OpenMP's three CSR files.

    Parameters
    ----------
    prefix : str or os.PathLike
        The files are ``<prefix>RowPtr.txt``, ``<prefix>ColInd.txt`` and (for
        a weighted graph, every weight column) ``<prefix>Values.txt``.
    graph : Graph
        The graph; rows in its own row order.
    compress : bool, optional
        Gzip each file (``.txt.gz``), as the research code's large graphs are.
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"graph: expected a dyng.Graph, got {type(graph).__name__}")
    native.csr_write_graph(graph._g, _path(prefix), check_bool(compress, "compress"))


def weights_arg(num_weights: int | None) -> int:
    """``num_weights`` of a batch reader: -1 for None, else 0..64."""
    if num_weights is None:
        return -1
    k = check_int(num_weights, "num_weights")
    if not 0 <= k <= 64:
        raise InvalidArgumentError(f"num_weights is {k}; accepted: 0 to 64, or None")
    return k


def read_change_files(
    insert: PathLike | None = None,
    delete: PathLike | None = None,
    *,
    vertex_dtype: npt.DTypeLike = "int64",
    num_weights: int | None = None,
    resources: Resources | None = None,
) -> EdgeBatch:
    """Read MOSP-OpenMP's ``insert.txt`` and ``delete.txt`` as one batch.

    Parameters
    ----------
    insert : str or os.PathLike, optional
        Lines ``u v w1 .. wK`` (0-based ids): the insertions, in file order.
        None: no insertions.
    delete : str or os.PathLike, optional
        Lines ``u v``: the deletions, in file order (a pair may repeat). None:
        no deletions.
    vertex_dtype : {"int64", "int32"}, optional
        The batch's id type (applying converts to a graph's type with a range
        check).
    num_weights : int, optional
        Weights per insertion; None: as many as the first insert line has
        (every line must have as many).
    resources : Resources, optional
        Where to parse; default :func:`dyng.get_default_resources`.

    Returns
    -------
    EdgeBatch
        The batch (id 0). Applied under ``BatchSemantics.upsert_last_wins()``,
        it changes a graph as the research code does: deletions first, each
        removing the first remaining ``(u, v)``; then the insertions in order.

    Raises
    ------
    FileFormatError
        At the line and column of a malformed line (a missing or extra value,
        a negative id, a weight that is no int32).
    CapacityError
        For an id past ``vertex_dtype``.
    """
    vdt = dtype_name(vertex_dtype, "vertex_dtype")
    ins = None if insert is None else _path(insert)
    dele = None if delete is None else _path(delete)
    k = weights_arg(num_weights)
    return EdgeBatch._from_native(
        native.change_files_read(ins, dele, vdt, k, native_resources(resources))
    )


def write_change_files(insert: PathLike, delete: PathLike, batch: EdgeBatch) -> None:
    """Write a batch as MOSP-OpenMP's ``insert.txt`` and ``delete.txt``.

    Parameters
    ----------
    insert, delete : str or os.PathLike
        The two files: ``u v w1 .. wK`` lines (the insertions) and ``u v``
        lines (the deletions), each in list order; an empty list gives an
        empty file. Gzipped when a name ends in ``.gz``.
    batch : EdgeBatch
        The batch.
    """
    if not isinstance(batch, EdgeBatch):
        raise TypeError(f"batch: expected a dyng.EdgeBatch, got {type(batch).__name__}")
    native.batch_text_write(batch._native(batch.num_weights), _path(insert), _path(delete))


def read_signed_batch(
    path: PathLike,
    *,
    vertex_dtype: npt.DTypeLike = "int64",
    num_weights: int | None = None,
    resources: Resources | None = None,
) -> EdgeBatch:
    r"""Read a batch written as ``- u v`` and ``+ u v [w1 .. wK]`` lines.

    The format of CycleEnumeration-GPU's batch files: ``-`` lines delete,
    ``+`` lines insert (the sign is a token of its own), in any order; each
    list keeps file order.

    Parameters
    ----------
    path : str or os.PathLike
        The file (plain or gzip-compressed).
    vertex_dtype : {"int64", "int32"}, optional
        The batch's id type.
    num_weights : int, optional
        Weights on each ``+`` line; None: as many as the first ``+`` line has
        (0 when there is none).
    resources : Resources, optional
        Where to parse; default :func:`dyng.get_default_resources`.

    Returns
    -------
    EdgeBatch
        The batch (id 0).

    Raises
    ------
    FileFormatError
        At the line and column of a malformed line.
    CapacityError
        For an id past ``vertex_dtype``.

    Examples
    --------
    >>> import dyng, pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "batch.txt"
    >>> _ = p.write_text("- 0 1\n+ 2 3\n+ 4 5\n")
    >>> b = dyng.io.read_signed_batch(p)
    >>> b.num_deletions, b.num_insertions
    (1, 2)
    """
    vdt = dtype_name(vertex_dtype, "vertex_dtype")
    k = weights_arg(num_weights)
    return EdgeBatch._from_native(
        native.signed_batch_read(_path(path), vdt, k, native_resources(resources))
    )


def write_signed_batch(path: PathLike, batch: EdgeBatch) -> None:
    """Write a batch as ``- u v`` lines (its deletions), then ``+ u v [w..]`` lines.

    Parameters
    ----------
    path : str or os.PathLike
        The file; gzipped when the name ends in ``.gz``.
    batch : EdgeBatch
        The batch; each list in its order.
    """
    if not isinstance(batch, EdgeBatch):
        raise TypeError(f"batch: expected a dyng.EdgeBatch, got {type(batch).__name__}")
    native.batch_text_write(batch._native(batch.num_weights), _path(path), None)


def _vertex_values(values: npt.ArrayLike, what: str) -> npt.NDArray[np.int64]:
    a = np.asarray(values)
    if a.ndim != 1 or not (np.issubdtype(a.dtype, np.integer) or a.size == 0):
        raise InvalidArgumentError(
            f"{what}: expected a 1-D array of integers, got {a.dtype} with shape {a.shape}"
        )
    return np.ascontiguousarray(a, dtype=np.int64)


def write_distances(path: PathLike, distances: npt.ArrayLike) -> None:
    """Write a distance file: a line ``v d`` per vertex, ``v INF`` when unreachable.

    The format of the research codes' ``distances*.txt`` (DESIGN 9); gzipped
    when the path ends in ``.gz``.

    Parameters
    ----------
    path : str or os.PathLike
        The file to write.
    distances : array_like
        One int64 distance per vertex (``dyng.sssp.INFINITE_DISTANCE`` for
        unreachable ones), such as ``tree.distances``.

    Raises
    ------
    InvalidArgumentError
        For a distance below 0 or past ``INFINITE_DISTANCE``.
    """
    native.vertex_values_write(_path(path), _vertex_values(distances, "distances"), False)


def write_tree(path: PathLike, parents: npt.ArrayLike) -> None:
    """Write a tree file: a line ``v p`` per vertex, ``p = -1`` for the source and unreachable.

    The format of the research codes' ``SSSPTree*.txt`` (DESIGN 9); gzipped
    when the path ends in ``.gz``.

    Parameters
    ----------
    path : str or os.PathLike
        The file to write.
    parents : array_like
        One parent per vertex, such as ``tree.parents``.

    Raises
    ------
    InvalidArgumentError
        For a parent that is neither -1 nor a vertex.
    """
    native.vertex_values_write(_path(path), _vertex_values(parents, "parents"), True)


def read_distances(path: PathLike, *, resources: Resources | None = None) -> npt.NDArray[np.int64]:
    """Read a distance file: ``v d`` lines for ``v = 0, 1, ...`` in order.

    Parameters
    ----------
    path : str or os.PathLike
        The file (plain or gzip-compressed); ``v INF`` marks an unreachable
        vertex.
    resources : Resources, optional
        Where to parse; default :func:`dyng.get_default_resources`.

    Returns
    -------
    numpy.ndarray
        int64 distances, ``dyng.sssp.INFINITE_DISTANCE`` for ``INF``: what
        ``tree.distances.to_numpy()`` gives (so a research code's file can be
        compared with, or imported by :meth:`dyng.sssp.Result.from_arrays`).

    Raises
    ------
    FileFormatError
        At the line of a vertex out of order, a negative distance, or a
        malformed line.
    """
    data = native.vertex_values_read(_path(path), False, native_resources(resources))
    return np.frombuffer(data, dtype=np.int64)


def read_tree(path: PathLike, *, resources: Resources | None = None) -> npt.NDArray[np.int64]:
    """Read a tree file: ``v p`` lines for ``v = 0, 1, ...`` in order.

    Parameters
    ----------
    path : str or os.PathLike
        The file (plain or gzip-compressed); ``p`` is -1 or a vertex.
    resources : Resources, optional
        Where to parse; default :func:`dyng.get_default_resources`.

    Returns
    -------
    numpy.ndarray
        int64 parents (``tree.parents.to_numpy()``'s form).

    Raises
    ------
    FileFormatError
        At the line of a vertex out of order, a parent that is not -1 or a
        vertex of the file, or a malformed line.
    """
    data = native.vertex_values_read(_path(path), True, native_resources(resources))
    return np.frombuffer(data, dtype=np.int64)


_HISTOGRAM_HEADER = "# cycle_size, num_of_cycles"
_UINT64_MAX = 2**64 - 1


_temporary_names = itertools.count()


def _rename_target(path: str) -> tuple[str, os.stat_result | None] | None:
    """Where a replacing write of ``path`` renames its temporary file, as the library decides.

    Symbolic links are followed (a dangling one to the name it points to); a
    link in ``/dev`` or ``/proc`` (``/dev/stdout``, ``/proc/self/fd/N``), a
    loop, or anything but a regular file or a missing name gives None: write
    in place. Otherwise the name and its ``lstat`` (None: it does not exist).
    """
    name = path
    for _ in range(41):  # 40 links, as the kernel
        try:
            st: os.stat_result | None = os.lstat(name)
        except FileNotFoundError:
            st = None
        except OSError:
            return None
        if st is None or not stat.S_ISLNK(st.st_mode):
            break
        if name.startswith(("/dev/", "/proc/")):
            return None
        name = os.path.join(os.path.dirname(name), os.readlink(name))
    else:
        return None
    try:
        opened: os.stat_result | None = os.stat(path)  # what open() would open
    except FileNotFoundError:
        opened = None
    except OSError:
        return None
    if opened is None or st is None:
        same = opened is None and st is None and os.path.basename(name) != ""
    else:
        same = stat.S_ISREG(opened.st_mode) and opened.st_ino == st.st_ino
        same = same and opened.st_dev == st.st_dev
    return (name, st) if same else None


def _open_temporary(
    path: str, dest: str, old: os.stat_result | None
) -> tuple[int, int, bytes, bytes] | None:
    """A new temporary file beside ``dest`` (``old``: its ``lstat``, None when it does not exist).

    Returns (descriptor of the folder, descriptor of the file, the file's name
    and ``dest``'s name in the folder), or None when the write should go in
    place: a file mounted on its own, another user's file in a sticky folder,
    or a folder where no file can be made.
    Errors name ``path``.
    """
    folder, base = os.path.split(dest)
    try:
        dir_fd = os.open(folder or ".", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except PermissionError:
        return None  # a folder it may not read
    except OSError as e:
        raise OSError(e.errno, e.strerror, path) from None
    name = os.fsencode(base)
    try:
        if old is not None:
            # no rename replaces a file mounted on its own, nor another user's file in a
            # sticky folder (/tmp)
            here, me = os.fstat(dir_fd), os.geteuid()
            others = me not in (0, old.st_uid, here.st_uid)
            if here.st_dev != old.st_dev or (here.st_mode & stat.S_ISVTX and others):
                os.close(dir_fd)
                return None
            if not os.access(name, os.W_OK, dir_fd=dir_fd, effective_ids=True):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
        for _ in range(100):
            tmp = b".%s.dyng-%d-%d.tmp" % (name[:160], os.getpid(), next(_temporary_names))
            try:
                return dir_fd, os.open(tmp, flags, 0o666, dir_fd=dir_fd), tmp, name
            except FileExistsError:
                pass
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), path)
    except OSError as e:
        os.close(dir_fd)
        if e.filename != path and e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return None  # no file can be made in the folder
        raise OSError(e.errno, e.strerror, path) from None


@contextlib.contextmanager
def _replacing(path: str) -> Iterator[BinaryIO]:
    """A binary file whose bytes replace ``path`` whole when the block ends without an error.

    As the library's writers do (``src/io/file.c``): a regular file, or a name
    that does not exist, is written to ``.<name>.dyng-<pid>-<n>.tmp`` in the
    same folder, which takes the old file's mode (and owner and group where
    allowed) and is renamed over the name at the end; an exception (an error,
    ``KeyboardInterrupt``) removes it and leaves ``path`` exactly as it was.
    Links are followed and stay links. Written in place, as ``open(path,
    "wb")`` writes: FIFOs, devices, sockets and other non-regular files, a
    path through a link in ``/dev`` or ``/proc``, a file mounted on its own,
    another user's file in a sticky folder, and a file in a folder where no
    file can be made (a new name there fails as ``open`` fails). A
    write-protected file is refused (``PermissionError``), although the
    folder would allow the rename.
    """
    target = _rename_target(path)
    opened = _open_temporary(path, *target) if target is not None else None
    if target is None or opened is None:
        with open(path, "wb") as f:
            yield f
        return
    old = target[1]
    dir_fd, fd, tmp, name = opened
    try:
        if old is not None:
            now = os.fstat(fd)
            if (now.st_uid, now.st_gid) != (old.st_uid, old.st_gid):
                try:
                    os.fchown(fd, old.st_uid, old.st_gid)
                except OSError:  # not root: keep the group if allowed
                    with contextlib.suppress(OSError):
                        os.fchown(fd, -1, old.st_gid)
            os.fchmod(fd, stat.S_IMODE(old.st_mode))  # after the chown, which clears setuid
        with os.fdopen(fd, "wb") as f:
            fd = -1  # the file object closes it
            yield f
        try:
            os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
        except OSError as e:
            raise OSError(e.errno, f"cannot replace the file: {e.strerror}", path) from None
    except BaseException:
        if fd >= 0:
            os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        raise
    finally:
        os.close(dir_fd)


def write_histogram(
    path_or_file: PathLike | IO[str], result: CycleCountResult | Mapping[int, int]
) -> None:
    """Write a cycle histogram in the research code's CSV format.

    The file of CycleEnumeration-GPU (DESIGN 9), byte for byte: the line
    ``# cycle_size, num_of_cycles``, then ``len, count`` for every length
    whose count is not 0, in length order, then ``Total, N``; every line
    ends in ``\\n``.

    A path is replaced whole, as by the other writers: the text goes to a
    temporary file in the same folder, renamed over the path at the end, so
    a write that fails or is interrupted leaves the old file as it was (and
    a new name absent). The old file's mode is kept; a symbolic link stays a
    link and its file is replaced; FIFOs and devices are written in place.

    Parameters
    ----------
    path_or_file : str, os.PathLike or text file
        The file to write (gzipped when the path ends in ``.gz``), or an open
        text file (``sys.stdout``, ``io.StringIO``) written as it is.
    result : dyng.cycle_count.Result or mapping of int to int
        A histogram (:func:`dyng.cycle_count.compute`), or length -> count
        (:meth:`~dyng.cycle_count.Result.to_dict`, :func:`read_histogram`).

    Raises
    ------
    CapacityError
        When the total passes ``2**64 - 1`` (the research code's counts are
        uint64).
    InvalidArgumentError
        For a negative length, or a count that is negative or past
        ``2**64 - 1``.
    OSError
        When the file cannot be written (``PermissionError`` for a
        write-protected file, as ``open`` raises it).
    """
    from dyng.cycle_count import Result
    from dyng.errors import CapacityError

    if isinstance(result, Result):
        counts = result.to_dict()
        total = result.total
    elif isinstance(result, Mapping):
        counts = {}
        for k, c in sorted(result.items()):
            if isinstance(k, bool) or not isinstance(k, int | np.integer) or int(k) < 0:
                raise InvalidArgumentError(
                    f"histogram length {k!r}: accepted: integers of 0 or more"
                )
            if isinstance(c, bool) or not isinstance(c, int | np.integer):
                raise InvalidArgumentError(f"the count of length {k} is {c!r}; accepted: integers")
            if not 0 <= int(c) <= _UINT64_MAX:
                raise InvalidArgumentError(
                    f"the count of length {k} is {c}; accepted: 0 .. 2**64 - 1"
                )
            if c:
                counts[int(k)] = int(c)
        total = sum(counts.values())
        if total > _UINT64_MAX:
            raise CapacityError(
                f"the total number of cycles, {total}, passes 2**64 - 1; the histogram file "
                "holds uint64 counts"
            )
    else:
        raise TypeError(
            "expected a dyng.cycle_count.Result or a mapping of length -> count, got "
            f"{type(result).__name__}"
        )
    lines = [_HISTOGRAM_HEADER, *(f"{k}, {c}" for k, c in counts.items()), f"Total, {total}"]
    body = "\n".join(lines) + "\n"
    if hasattr(path_or_file, "write") and not isinstance(path_or_file, str | os.PathLike):
        path_or_file.write(body)
        return
    target = _path(path_or_file)
    data = body.encode("ascii")
    with _replacing(target) as f:
        if target.endswith(".gz"):
            # the header names the file as gzip.open(target) names it
            with gzip.GzipFile(filename=target, mode="wb", fileobj=f) as z:
                z.write(data)
        else:
            f.write(data)


def read_histogram(path: PathLike) -> dict[int, int]:
    """Read a cycle histogram in the research code's CSV format.

    Parameters
    ----------
    path : str or os.PathLike
        The file (plain or gzip-compressed): ``# ...`` comment lines (the
        research code writes ``# cycle_size, num_of_cycles`` first), then
        ``len, count`` lines, then ``Total, N``. Blank lines are skipped.

    Returns
    -------
    dict of int to int
        Length -> count for every length whose count is not 0, in length
        order (what :meth:`dyng.cycle_count.Result.to_dict` gives).

    Raises
    ------
    FileFormatError
        With ``.path``, ``.line`` and ``.column``: for a file that cannot be
        read, a line that is not two comma-separated non-negative integers, a
        length listed twice, a count past ``2**64 - 1``, a missing ``Total``
        line (at the line after the last), anything after it, or a total that
        is not the sum of the counts (at the total).
    """
    from dyng.errors import FileFormatError

    p = _path(path)

    def fail(message: str, line: int = 0, column: int = 0) -> FileFormatError:
        where = f"{p}:{line}:{column}" if line else p
        return FileFormatError(f"{where}: {message}", p, line, column)

    try:
        with open(p, "rb") as raw:
            gz = raw.read(2) == b"\x1f\x8b"
        with gzip.open(p, "rb") if gz else open(p, "rb") as f:
            data = f.read()
        text = data.decode("ascii")
    except UnicodeDecodeError as e:
        raise fail(f"not an ASCII text file ({e.reason} at byte {e.start})") from None
    except (OSError, EOFError) as e:
        raise fail(f"cannot read the histogram file: {e}") from None

    def number(field: str, line: int, column: int, what: str) -> int:
        stripped = field.strip()
        col = column + len(field) - len(field.lstrip())
        if not stripped.isdigit() or not stripped.isascii():
            raise fail(f"{what} {stripped!r} is not a non-negative integer", line, col)
        if len(stripped.lstrip("0")) > 20:  # past 2**64 - 1; int() limits its digits too
            raise fail(f"{what} {stripped[:24]}... passes 2**64 - 1", line, col)
        value = int(stripped.lstrip("0") or "0")
        if value > _UINT64_MAX:
            raise fail(f"{what} {value} passes 2**64 - 1", line, col)
        return value

    counts: dict[int, int] = {}
    total: int | None = None
    total_at = (0, 0)  # the line and column of the total
    lines = text.splitlines()
    for i, raw_line in enumerate(lines, start=1):
        line = raw_line.strip()
        if not line or line.startswith("#"):
            continue
        if total is not None:
            raise fail("a line after the 'Total' line", i, 1)
        head, comma, tail = raw_line.partition(",")
        if not comma:
            raise fail("expected 'length, count' or 'Total, N'", i, 1)
        if "," in tail:
            raise fail("expected two fields", i, len(head) + 2 + tail.index(","))
        if head.strip() == "Total":
            total = number(tail, i, len(head) + 2, "the total")
            total_at = (i, len(head) + 2 + len(tail) - len(tail.lstrip()))
            continue
        k = number(head, i, 1, "the length")
        c = number(tail, i, len(head) + 2, "the count")
        if k in counts:
            raise fail(f"length {k} is listed twice", i, 1)
        counts[k] = c
    if total is None:  # reported where the line was expected: after the last one
        raise fail("no 'Total, N' line", len(lines) + 1, 1)
    if total != sum(counts.values()):
        raise fail(
            f"the total is {total}, but the counts add up to {sum(counts.values())}", *total_at
        )
    return {k: counts[k] for k in sorted(counts) if counts[k]}
