"""File paths as the readers and writers take them."""

from __future__ import annotations

import os

PathLike = str | os.PathLike[str]


def path_str(path: PathLike) -> str:
    """``os.fspath(path)``, which must be a str (bytes paths are not taken)."""
    p = os.fspath(path)
    if not isinstance(p, str):
        raise TypeError(f"path must be a str or os.PathLike[str], got {type(p).__name__}")
    return p
