"""Execution resources: :class:`Resources` and the process-wide default."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from dyng._backend import native
from dyng._properties import check_choice, check_int
from dyng.errors import InvalidArgumentError, NotSupportedError

if TYPE_CHECKING:
    from dyng import _core

__all__ = ["Resources", "get_default_resources", "set_default_resources"]

BACKENDS = ("sequential", "openmp")
COPY_POLICIES = ("on_write", "always")
MAX_THREADS = 1024  # DYNG_MAX_THREADS of dyng/resources.h

_CUDA_MESSAGE = (
    "CUDA resources need the CUDA build of dynG (a later milestone); "
    "this is a CPU build with the 'sequential' and 'openmp' backends"
)


class Resources:
    """How calls run: backend, threads, reusable scratch space, interrupt flag.

    Parameters
    ----------
    backend : {"openmp", "sequential"}, optional
        ``"openmp"`` (the default) runs on ``num_threads`` threads;
        ``"sequential"`` on one.
    num_threads : int, optional
        Threads for OpenMP: 0 (the default) means all available threads; at
        most 1024.

    Raises
    ------
    NotSupportedError
        For ``"openmp"`` in a build without OpenMP, and for ``"cuda"``.
    InvalidArgumentError
        For an unknown backend or a negative thread count.

    Notes
    -----
    A handle owns scratch space that calls reuse, so an update in steady state
    allocates nothing new. Copies (``copy.copy``, ``copy.deepcopy``) share the
    handle, and ``==`` is true for objects of the same handle; pickling
    rebuilds a handle with the same backend, thread count and copy policy in
    the receiving process. Constructing one loads the native module.
    """

    __slots__ = ("_handle",)

    _handle: _core.Resources

    def __init__(self, backend: str = "openmp", num_threads: int = 0) -> None:
        if backend == "cuda":
            raise NotSupportedError(_CUDA_MESSAGE)
        check_choice(backend, BACKENDS, "backend")
        num_threads = check_int(num_threads, "num_threads")
        if not 0 <= num_threads <= MAX_THREADS:
            raise InvalidArgumentError(
                f"num_threads is {num_threads}; accepted: 0 (all available) or 1 .. {MAX_THREADS}"
            )
        self._handle = native.Resources(backend, num_threads)

    @classmethod
    def _wrap(cls, handle: _core.Resources) -> Resources:
        """Wrap a native handle (shared, not copied)."""
        r = cls.__new__(cls)
        r._handle = handle
        return r

    @classmethod
    def sequential(cls) -> Resources:
        """Return new resources that run every call on the calling thread.

        Returns
        -------
        Resources
            A new handle.
        """
        return cls("sequential", 0)

    @classmethod
    def openmp(cls, num_threads: int = 0) -> Resources:
        """Return new OpenMP resources.

        Parameters
        ----------
        num_threads : int, optional
            Threads; 0 (the default) means all available threads.

        Returns
        -------
        Resources
            A new handle.

        Raises
        ------
        NotSupportedError
            In a build without OpenMP.
        """
        return cls("openmp", num_threads)

    @classmethod
    def cuda(cls) -> Resources:
        """Return CUDA resources: not in this build.

        Raises
        ------
        NotSupportedError
            Always: CUDA needs the CUDA build of dynG, a later milestone.
        """
        raise NotSupportedError(_CUDA_MESSAGE)

    @property
    def backend(self) -> str:
        """str: ``"sequential"`` or ``"openmp"``."""
        return self._handle.backend

    @property
    def num_threads(self) -> int:
        """int: the threads calls use (resolved: never 0)."""
        return self._handle.num_threads

    @property
    def scratch_bytes(self) -> int:
        """int: bytes of scratch space held now."""
        return self._handle.scratch_bytes

    @property
    def copy_policy(self) -> str:
        """str: when an update copies a result's exported state.

        ``"on_write"`` (the default) copies a result's array before an update
        only while a view of it is alive; ``"always"`` copies every time.
        Set it during setup, not while another thread uses the handle.
        """
        return self._handle.copy_policy

    @copy_policy.setter
    def copy_policy(self, value: str) -> None:
        self._handle.copy_policy = check_choice(value, COPY_POLICIES, "copy_policy")

    def release_scratch(self) -> None:
        """Give the scratch space back to the system."""
        self._handle.release_scratch()

    def interrupt(self) -> None:
        """Set the interrupt flag: calls on this handle stop and change nothing.

        The flag stays set until :meth:`clear_interrupt`. Any thread may call it.
        """
        self._handle.interrupt()

    def clear_interrupt(self) -> None:
        """Clear the interrupt flag."""
        self._handle.clear_interrupt()

    @property
    def interrupted(self) -> bool:
        """bool: whether the interrupt flag is set."""
        return self._handle.interrupted

    def __eq__(self, other: object) -> bool:
        """Return whether both objects share one native handle."""
        if not isinstance(other, Resources):
            return NotImplemented
        return self._handle.same_handle(other._handle)

    def __hash__(self) -> int:
        """Hash by backend and thread count (equal handles agree)."""
        return hash((self.backend, self.num_threads))

    def __copy__(self) -> Resources:
        """Return a new object sharing this handle."""
        return Resources._wrap(self._handle)

    def __deepcopy__(self, memo: dict[int, Any]) -> Resources:
        """Return a new object sharing this handle (as in the C library)."""
        return Resources._wrap(self._handle)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as backend, thread count and copy policy."""
        return (_rebuild, (self.backend, self.num_threads, self.copy_policy))

    def __repr__(self) -> str:
        """Return backend and threads."""
        return f"dyng.Resources(backend={self.backend!r}, num_threads={self.num_threads})"


def _rebuild(backend: str, num_threads: int, copy_policy: str) -> Resources:
    """Unpickle :class:`Resources`: a new handle with the same settings."""
    r = Resources(backend, num_threads)
    if copy_policy != "on_write":
        r.copy_policy = copy_policy
    return r


_default_lock = threading.Lock()
_default: Resources | None = None


def get_default_resources() -> Resources:
    """Return the process-wide default resources.

    They are what building graphs and reading files use when ``resources=None``
    (a graph's own calls use the resources it was built with). Until
    :func:`set_default_resources` sets them, they are the library's default
    (OpenMP on all threads where built, sequential otherwise).

    Returns
    -------
    Resources
        The default handle (shared, not a copy).
    """
    global _default
    r = _default
    if r is not None:
        return r
    with _default_lock:
        if _default is None:
            _default = Resources._wrap(native.default_resources())
        return _default


def set_default_resources(resources: Resources | None) -> None:
    """Set the process-wide default resources.

    Parameters
    ----------
    resources : Resources or None
        The new default; None goes back to the library's default.

    Raises
    ------
    TypeError
        When ``resources`` is neither Resources nor None.
    """
    global _default
    if resources is not None and not isinstance(resources, Resources):
        raise TypeError(f"expected dyng.Resources or None, got {type(resources).__name__}")
    with _default_lock:
        _default = resources


def native_resources(resources: Resources | None) -> _core.Resources:
    """Return the native handle of ``resources``, or of the default for None.

    Raises
    ------
    TypeError
        When ``resources`` is neither Resources nor None.
    """
    if resources is None:
        return get_default_resources()._handle
    if not isinstance(resources, Resources):
        raise TypeError(
            f"resources: expected dyng.Resources or None, got {type(resources).__name__}"
        )
    return resources._handle
