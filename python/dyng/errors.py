"""The exceptions of dynG.

Every error that dynG raises on purpose is an instance of :class:`Error`. Each
class also derives from the built-in exception that a Python user would expect
for the same kind of failure, so ``except ValueError`` catches a bad argument
and ``except OSError`` a malformed file.

The native module raises these classes: they are registered with it the first
time something native is used (see ``dyng._backend``).
"""

from __future__ import annotations

from dyng._namespace import public_dir

__all__ = [
    "CapacityError",
    "CudaError",
    "Error",
    "FileFormatError",
    "InternalError",
    "InvalidArgumentError",
    "NotSupportedError",
    "OutOfMemoryError",
    "StaleResultError",
]


class Error(Exception):
    """The base class of every exception that dynG raises on purpose."""


class InvalidArgumentError(Error, ValueError):
    """An argument has a bad value: an id, a size, a dtype, an option.

    Examples are a negative vertex id, weights that are not integers, an id
    that does not fit the graph's vertex type, or an unknown option string.
    """


class StaleResultError(InvalidArgumentError):
    """A result (or an array of one) was used after its graph or result changed.

    A result records the version and state id of the graph it belongs to; a
    :class:`dyng.Array` belongs to one state of its result. Using either after
    an update raises this error.
    """


class FileFormatError(Error, OSError):
    """A file is malformed or cannot be read or written.

    Parameters
    ----------
    message : str
        What went wrong (also ``str(error)``).
    path : str, optional
        The file's path (``""`` when unknown).
    line : int, optional
        The 1-based line of the problem (0 when unknown).
    column : int, optional
        The 1-based column of the problem (0 when unknown).

    Attributes
    ----------
    path : str
        The file's path (``""`` when unknown).
    line : int
        The 1-based line (0 when unknown).
    column : int
        The 1-based column (0 when unknown).
    """

    path: str
    line: int
    column: int

    def __init__(self, message: str, path: str = "", line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.path = path
        self.line = line
        self.column = column

    def __reduce__(self) -> tuple[type[FileFormatError], tuple[str, str, int, int]]:
        """Pickle with the message and the location."""
        message = str(self.args[0]) if self.args else ""
        return (type(self), (message, self.path, self.line, self.column))

    def __str__(self) -> str:
        """Return the message."""
        return str(self.args[0]) if self.args else ""


class CapacityError(Error, MemoryError):
    """A size goes past what the chosen types can hold.

    For example more edges than an int32 edge offset can address; the message
    names the type that would hold it (``offset_dtype="int64"``).
    """


class NotSupportedError(Error, NotImplementedError):
    """A type combination, backend or feature that this build does not support.

    An unsupported (vertex id, edge offset, weight) combination lists the five
    supported ones in the message.
    """


class OutOfMemoryError(Error, MemoryError):
    """An allocation failed; nothing was changed."""


class CudaError(Error, RuntimeError):
    """A CUDA call failed (CUDA builds only).

    Parameters
    ----------
    message : str
        What went wrong.
    code : int, optional
        The CUDA error code (0 when unknown).

    Attributes
    ----------
    code : int
        The CUDA error code (0 when unknown).
    """

    code: int

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.code = code

    def __reduce__(self) -> tuple[type[CudaError], tuple[str, int]]:
        """Pickle with the message and the code."""
        message = str(self.args[0]) if self.args else ""
        return (type(self), (message, self.code))


class InternalError(Error, RuntimeError):
    """A broken invariant: a bug in dynG (please report it)."""


__dir__ = public_dir(globals(), __all__)
