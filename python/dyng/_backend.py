"""Choosing and loading the native module.

``native`` stands for the native module that every part of the typed layer
calls. It is a lazy proxy: ``import dyng`` loads no native module; the first
attribute access on ``native`` (the first graph, resources handle, reader,
``dyng.__version__``, ``dyng.Array``, ...) chooses the module, imports it, runs
the registration hooks (the exception classes of :mod:`dyng.errors` and the
public :class:`dyng.Array` type) and from then on forwards every attribute to
it. The first load is thread-safe.

This build has one native module, ``dyng._core`` (the sequential and OpenMP
backends). A CUDA build would add a plugin module as the alternative;
:func:`use_cpu_only` is how a process asks for ``dyng._core`` before anything
native was used.
"""

from __future__ import annotations

import importlib
import threading
from types import ModuleType
from typing import TYPE_CHECKING, Any

__all__ = ["loaded", "module_name", "native", "use_cpu_only"]

_CPU_MODULE = "dyng._core"

_lock = threading.RLock()
_module: ModuleType | None = None
# The module being registered, while the registration hooks run (they may
# touch the proxy again on the same thread).
_pending: ModuleType | None = None
_cpu_only = False


def _choose() -> str:
    """Return the name of the native module to load.

    Only ``dyng._core`` exists in this build. A CUDA plugin module, when one is
    installed, would be chosen here unless :func:`use_cpu_only` was called.
    """
    return _CPU_MODULE


def _register(module: ModuleType) -> None:
    """Run the registration hooks on a freshly imported native module."""
    from dyng import errors
    from dyng._array import Array

    classes: dict[str, type[BaseException]] = {
        "INVALID_ARGUMENT": errors.InvalidArgumentError,
        "NOT_SUPPORTED": errors.NotSupportedError,
        "STALE_RESULT": errors.StaleResultError,
        "CAPACITY": errors.CapacityError,
        "OUT_OF_MEMORY": errors.OutOfMemoryError,
        "FILE_FORMAT": errors.FileFormatError,
        "INTERNAL": errors.InternalError,
        "CUDA": errors.CudaError,
        "ERROR": errors.Error,
    }
    module._register(classes, Array)


def _load() -> ModuleType:
    """Return the native module, importing and registering it on first use."""
    global _module, _pending
    module = _module
    if module is not None:
        return module
    with _lock:
        if _module is not None:
            return _module
        if _pending is not None:  # a registration hook, on this thread
            return _pending
        name = _CPU_MODULE if _cpu_only else _choose()
        imported = importlib.import_module(name)
        _pending = imported
        try:
            _register(imported)
        finally:
            _pending = None
        _module = imported
        return imported


# The dunders that the proxy forwards: the native module's own.
_MODULE_DUNDERS = frozenset({"__version__", "__name__", "__file__"})


class _NativeProxy:
    """Forward attribute access to the native module, loading it on first use.

    Once the module is loaded and registered (a process never switches
    modules), each attribute read through the proxy is kept in the proxy's own
    dict, so the next read is a plain attribute lookup: ``__getattr__`` and
    ``_load()`` on every call cost about 0.4 us, a tenth of a small update.
    """

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name not in _MODULE_DUNDERS:
            # Introspection (inspect.unwrap's __wrapped__, as doctest.testmod(dyng) asks
            # while it walks dyng's namespace) must not load the module: the import
            # would change that namespace under it.
            raise AttributeError(name)
        value = getattr(_load(), name)
        if _module is not None:  # not while the registration hooks run
            self.__dict__[name] = value
        return value

    def __dir__(self) -> list[str]:
        return dir(_load())

    def __repr__(self) -> str:
        module = _module
        if module is None:
            return "<dyng native module proxy (not loaded)>"
        return f"<dyng native module proxy for {module.__name__!r}>"


if TYPE_CHECKING:
    from dyng import _core as native
else:
    native = _NativeProxy()


def loaded() -> bool:
    """Return whether the native module has been loaded.

    Returns
    -------
    bool
        True once something native was used (and the module was imported and
        registered); False right after ``import dyng``.
    """
    return _module is not None


def module_name() -> str | None:
    """Return the name of the loaded native module.

    Returns
    -------
    str or None
        ``"dyng._core"`` once loaded, None before.
    """
    module = _module
    return None if module is None else module.__name__


def use_cpu_only() -> None:
    """Use the CPU module ``dyng._core`` for this process.

    Called before anything native was used, it makes the first use load
    ``dyng._core`` and never a CUDA plugin module. Called after the module was
    chosen, it returns when that module is ``dyng._core``; when a plugin module
    was chosen it raises RuntimeError (a process cannot switch modules). This
    build has no plugin module, so the call always succeeds.

    Raises
    ------
    RuntimeError
        When a native module other than ``dyng._core`` was already loaded.
    """
    global _cpu_only
    with _lock:
        module = _module if _module is not None else _pending
        if module is None:
            _cpu_only = True
            return
        if module.__name__ != _CPU_MODULE:
            raise RuntimeError(
                f"use_cpu_only(): the native module {module.__name__!r} is already in use; "
                "call use_cpu_only() before the first graph, resources or reader"
            )
