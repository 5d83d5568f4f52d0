"""File paths as the readers and writers take them."""

from __future__ import annotations

import os

from dyng.errors import InvalidArgumentError

PathLike = str | os.PathLike[str]


def path_str(path: PathLike) -> str:
    """``os.fspath(path)``, which must be a str (bytes paths are not taken).

    A file name that is not UTF-8 is a str with surrogate escapes (what
    ``os.listdir`` and ``os.fsdecode`` give); the native readers and writers
    encode it back with ``os.fsencode``, so it names its own file.

    Raises
    ------
    TypeError
        For a path that is not a str or ``os.PathLike[str]``.
    InvalidArgumentError
        For a path with a NUL character, which no file name holds.
    """
    p = os.fspath(path)
    if not isinstance(p, str):
        raise TypeError(f"path must be a str or os.PathLike[str], got {type(p).__name__}")
    if "\0" in p:
        raise InvalidArgumentError(f"the path {p!r} holds a NUL character; no file name does")
    return p
