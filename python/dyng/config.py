"""Configuration: what this build is, logging, the choice of native module.

``dyng.config.config()`` returns the build's configuration as a dict and
``dyng.config.show_config()`` prints it. The module itself is callable too:
``dyng.config()`` is ``dyng.config.config()``.
"""

from __future__ import annotations

import logging
import platform
import sys
import types
from typing import Any, TextIO

import numpy as np

from dyng._backend import native, use_cpu_only
from dyng._namespace import public_dir
from dyng._properties import check_int
from dyng.errors import InvalidArgumentError

__all__ = ["config", "get_log_level", "set_log_level", "show_config", "use_cpu_only"]

logger = logging.getLogger("dyng")
"""The logger of the package, ``logging.getLogger("dyng")``."""

_LEVEL_NAMES = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG", "NOTSET")


def config() -> dict[str, Any]:
    """Return the configuration of this build and process.

    Loads the native module.

    Returns
    -------
    dict
        ``version``, ``backends`` (list of str), ``openmp`` (bool),
        ``default_threads`` (the default resources' thread count),
        ``compiler``, ``build_type``, ``flags`` (the C flags), ``max_weights``,
        ``native_module``, ``python`` and ``numpy`` (versions), ``platform``.
    """
    from dyng._resources import get_default_resources

    info = dict(native.build_info())
    openmp = bool(native.openmp_available())
    return {
        "version": str(native.__version__),
        "backends": ["sequential", "openmp"] if openmp else ["sequential"],
        "openmp": openmp,
        "default_threads": get_default_resources().num_threads,
        "compiler": str(info.get("compiler", "")),
        "build_type": str(info.get("build_type", "")),
        "flags": str(info.get("c_flags", "")).strip(),
        "max_weights": int(info.get("max_weights", 64)),
        "native_module": "dyng._core",
        "python": platform.python_version(),
        "numpy": np.__version__,
        "platform": platform.platform(),
    }


def show_config(file: TextIO | None = None) -> None:
    """Print the configuration of this build (see :func:`config`).

    Parameters
    ----------
    file : text stream, optional
        Where to print (default ``sys.stdout``).
    """
    c = config()
    out = sys.stdout if file is None else file
    lines = [
        f"dynG {c['version']}",
        f"  backends:        {', '.join(c['backends'])}",
        f"  openmp:          {'yes' if c['openmp'] else 'no'}",
        f"  default threads: {c['default_threads']}",
        f"  compiler:        {c['compiler']}",
        f"  build type:      {c['build_type'] or '(none)'}",
        f"  C flags:         {c['flags'] or '(none)'}",
        f"  max weights:     {c['max_weights']}",
        f"  native module:   {c['native_module']}",
        f"  python:          {c['python']}",
        f"  numpy:           {c['numpy']}",
        f"  platform:        {c['platform']}",
    ]
    print("\n".join(lines), file=out)


def set_log_level(level: int | str) -> None:
    """Set the level of the ``"dyng"`` logger.

    Parameters
    ----------
    level : int or str
        A :mod:`logging` level (``logging.INFO``) or its name (``"INFO"``,
        case-insensitive).

    Raises
    ------
    InvalidArgumentError
        For an unknown level name, or a level that is neither a name nor an
        integer (a ``ValueError``).
    """
    if isinstance(level, str):
        value = logging.getLevelName(level.upper())
        if not isinstance(value, int):
            names = ", ".join(_LEVEL_NAMES)
            raise InvalidArgumentError(
                f"unknown log level {level!r}; accepted: an integer or one of {names}"
            )
        logger.setLevel(value)
    else:
        logger.setLevel(check_int(level, "level"))


def get_log_level() -> int:
    """Return the effective level of the ``"dyng"`` logger.

    Returns
    -------
    int
        A :mod:`logging` level.
    """
    return logger.getEffectiveLevel()


class _ConfigModule(types.ModuleType):
    """Makes ``dyng.config()`` the same as ``dyng.config.config()``."""

    def __call__(self) -> dict[str, Any]:
        return config()


sys.modules[__name__].__class__ = _ConfigModule


__dir__ = public_dir(globals(), __all__)
