"""What ``dir()`` lists for dyng's public modules: their API, not their imports."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

__all__ = ["public_dir"]


def public_dir(namespace: Mapping[str, object], public: Iterable[str]) -> Callable[[], list[str]]:
    """Make a module's ``__dir__`` that leaves out the helpers it imports.

    Parameters
    ----------
    namespace : mapping
        The module's ``globals()``, read each time the function runs.
    public : iterable of str
        The module's ``__all__``, names loaded on first use included.

    Returns
    -------
    callable
        A ``__dir__`` (PEP 562) listing the public names and the names that
        start with an underscore, so that completion after ``dyng.sssp.``
        offers ``compute`` and ``update``, not ``np`` or ``Any``.
    """
    names = frozenset(public)

    def __dir__() -> list[str]:
        """List the module's API and its underscore names, not what it imports."""
        return sorted(names | {n for n in namespace if n.startswith("_")})

    return __dir__
