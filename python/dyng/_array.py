"""The public result array :class:`Array`.

This module imports the native module ``dyng._core`` when it is imported, so
it is only ever imported lazily: by the registration hook of
``dyng._backend`` and by ``dyng.Array`` (the package's ``__getattr__``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from dyng import _core
from dyng._properties import check_bool
from dyng.errors import NotSupportedError

__all__ = ["Array"]

_CPU = 1  # kDLCPU


class Array(_core.Array):
    """A read-only view of one state of a result's array.

    An Array belongs to one state of its result: after the result is updated
    every use raises :class:`dyng.errors.StaleResultError`. Views taken before
    the update through NumPy (``np.asarray(a)``, ``a.to_numpy(copy=False)``),
    DLPack or the buffer protocol keep showing the state they were made from
    (copy-on-write).

    Attributes
    ----------
    dtype : numpy.dtype
        The element type.
    shape : tuple of int
        The shape.
    ndim : int
        The number of dimensions.
    size : int
        The number of elements.
    nbytes : int
        The size in bytes.
    is_stale : bool
        Whether the result moved on since this Array was made.

    Notes
    -----
    ``np.asarray(a)`` and ``memoryview(a)`` are read-only, zero-copy views
    (``__array_interface__`` and the buffer protocol); ``__dlpack__`` exports
    versioned, read-only DLPack 1.x (a legacy request without ``max_version``
    gets a copy) and ``__dlpack_device__()`` is ``(1, 0)`` (the CPU).
    Indexing, iteration and the comparisons (``==``, ``!=``, ``<``, ``<=``,
    ``>``, ``>=``, each a NumPy bool array) go through NumPy. Pickling and
    ``copy.deepcopy`` give a NumPy copy. Arrays are not hashable.
    """

    __slots__ = ()

    @property
    def dtype(self) -> np.dtype[Any]:  # type: ignore[override]
        """numpy.dtype: the element type (int32, int64 or uint64)."""
        return np.dtype(super().dtype)

    def _view(self) -> npt.NDArray[Any]:
        """A read-only NumPy view (through the buffer protocol)."""
        return np.asarray(memoryview(self))

    def to_numpy(self, copy: bool = True) -> npt.NDArray[Any]:
        """Return the contents as a NumPy array.

        Parameters
        ----------
        copy : bool, optional
            True (the default): a new, writable copy. False: the read-only,
            zero-copy view, which keeps showing this state after an update.

        Returns
        -------
        numpy.ndarray
            The array.

        Raises
        ------
        StaleResultError
            When the result was updated since this Array was made.
        """
        view = self._view()
        return view.copy() if copy else view

    def to_torch(self) -> Any:
        """Return a zero-copy PyTorch tensor (through DLPack).

        The tensor shares the memory of this state; do not write to it
        (PyTorch has no read-only tensors).

        Returns
        -------
        torch.Tensor
            The tensor.

        Raises
        ------
        ImportError
            When PyTorch is not installed (``pip install 'dyng[torch]'``).
        StaleResultError
            When the result was updated since this Array was made.
        """
        try:
            from torch.utils.dlpack import from_dlpack
        except ImportError as e:
            raise ImportError(
                "dyng.Array.to_torch() needs PyTorch; install it with pip install 'dyng[torch]'"
            ) from e
        return from_dlpack(self)

    def to_cupy(self) -> Any:
        """Return a CuPy array of device data (CUDA builds only).

        Returns
        -------
        cupy.ndarray
            The array.

        Raises
        ------
        NotSupportedError
            On this CPU build: the data lives on the CPU.
        ImportError
            When CuPy is not installed.
        """
        if self.__dlpack_device__()[0] == _CPU:
            raise NotSupportedError(
                "this is a CPU build; CuPy arrays need the CUDA build of dynG (a later "
                "milestone); use to_numpy() instead"
            )
        try:
            import cupy
        except ImportError as e:  # pragma: no cover - CUDA builds only
            raise ImportError("dyng.Array.to_cupy() needs CuPy (cupy-cuda12x)") from e
        return cupy.from_dlpack(self)  # pragma: no cover

    def tolist(self) -> list[Any]:
        """Return the contents as a (nested) list of Python ints.

        Returns
        -------
        list
            The values.
        """
        out: list[Any] = self._view().tolist()
        return out

    def __array__(
        self, dtype: npt.DTypeLike | None = None, copy: bool | None = None
    ) -> npt.NDArray[Any]:
        """Return a NumPy array (the NumPy 2 protocol).

        Parameters
        ----------
        dtype : data-type, optional
            The wanted element type; a different one converts (a copy).
        copy : bool or None, optional
            True: always a copy. None: a copy only when needed. False: never a
            copy (ValueError when a conversion is needed).

        Returns
        -------
        numpy.ndarray
            The array: read-only when it is the view.
        """
        view = self._view()
        if dtype is not None and np.dtype(dtype) != view.dtype:
            if copy is False:
                raise ValueError(
                    f"cannot convert a dyng.Array of {view.dtype} to {np.dtype(dtype)} "
                    "without a copy (copy=False)"
                )
            return view.astype(dtype)
        return view.copy() if copy else view

    def __dlpack__(
        self,
        *,
        stream: int | Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any:
        """Export as a DLPack capsule (the Python array API's data interchange).

        Parameters
        ----------
        stream : None
            A CPU array has no stream: only None is accepted.
        max_version : tuple of int, optional
            The highest DLPack version the consumer reads: ``(1, 0)`` or later
            gives a versioned, read-only capsule without a copy; None gives a
            legacy capsule holding a copy.
        dl_device : tuple of int, optional
            None or ``(1, 0)``, the CPU.
        copy : bool or None, optional
            True: a copy. False: never a copy. None: a copy only when needed.

        Returns
        -------
        PyCapsule
            The capsule.

        Raises
        ------
        InvalidArgumentError
            When ``copy`` is not None or a bool.
        BufferError
            For a stream, another device, or ``copy=False`` with a legacy
            capsule.
        StaleResultError
            When the result was updated since this Array was made.
        """
        flag = None if copy is None else check_bool(copy, "copy")
        return super().__dlpack__(
            stream=stream, max_version=max_version, dl_device=dl_device, copy=flag
        )

    def __getitem__(self, key: Any) -> Any:
        """Index through NumPy (a read-only view or a NumPy scalar)."""
        return self._view()[key]

    def __iter__(self) -> Iterator[Any]:
        """Iterate through NumPy (NumPy scalars for a 1-D array)."""
        return iter(self._view())

    def __bool__(self) -> bool:
        """The truth of a one-element array, as NumPy gives it; ``ValueError`` for more
        elements (ambiguous: use ``a.any()`` or ``a.all()`` through NumPy) or none."""
        view = self._view()
        if view.size != 1:
            raise ValueError(
                f"the truth value of a dyng.Array of {view.size} elements is ambiguous; "
                "use np.asarray(a).any() or .all()"
            )
        return bool(view)

    def _scalar(self, kind: str) -> Any:
        """The one element, for ``int()``, ``float()`` and ``complex()``."""
        view = self._view()
        if view.size != 1:
            raise TypeError(
                f"{kind}() of a dyng.Array of {view.size} elements: only an array of one "
                "element converts to a Python number; take an element (a[i]) or convert "
                "through NumPy (np.asarray(a))"
            )
        return view.reshape(()).item()

    def __int__(self) -> int:
        """The one element as an int; ``TypeError`` for more elements or none
        (without this, ``int()`` would read the buffer's bytes as text)."""
        return int(self._scalar("int"))

    def __float__(self) -> float:
        """The one element as a float; ``TypeError`` for more elements or none."""
        return float(self._scalar("float"))

    def __complex__(self) -> complex:
        """The one element as a complex; ``TypeError`` for more elements or none."""
        return complex(self._scalar("complex"))

    def __eq__(self, other: object) -> Any:
        """Compare elementwise, as NumPy does (a bool array)."""
        return self._view() == other

    def __ne__(self, other: object) -> Any:
        """Compare elementwise, as NumPy does (a bool array)."""
        return self._view() != other

    def __lt__(self, other: object) -> Any:
        """Compare elementwise, as NumPy does (a bool array)."""
        return self._view() < other

    def __le__(self, other: object) -> Any:
        """Compare elementwise, as NumPy does (a bool array)."""
        return self._view() <= other

    def __gt__(self, other: object) -> Any:
        """Compare elementwise, as NumPy does (a bool array)."""
        return self._view() > other

    def __ge__(self, other: object) -> Any:
        """Compare elementwise, as NumPy does (a bool array)."""
        return self._view() >= other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """Return ``dyng.Array([...], dtype=...)`` or ``dyng.Array(<stale>)``."""
        if self.is_stale:
            return "dyng.Array(<stale>)"
        view = self._view()
        body = np.array2string(view, separator=", ", prefix="dyng.Array(", threshold=1000)
        return f"dyng.Array({body}, dtype={view.dtype})"

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        """Pickle as a NumPy copy."""
        return (np.array, (self.to_numpy(),))

    def __copy__(self) -> npt.NDArray[Any]:
        """Return a NumPy copy."""
        return self.to_numpy()

    def __deepcopy__(self, memo: dict[int, Any]) -> npt.NDArray[Any]:
        """Return a NumPy copy."""
        return self.to_numpy()
