"""The profiler: :func:`profile`, :class:`Profile`, :class:`StageRecord`."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dyng._backend import native

if TYPE_CHECKING:
    from dyng import _core

__all__ = ["Profile", "StageRecord", "profile"]


@dataclass(frozen=True)
class StageRecord:
    """The calls of one named stage and their total time.

    Attributes
    ----------
    calls : int
        How many times the stage ran.
    total_ns : int
        The total wall time in nanoseconds.
    inner : bool
        True for a stage inside a call (``sssp.invalidate``, ``sssp.push``,
        ``update.apply``, ...), whose time is part of the calling stage's
        (``update``, ``sssp.compute``, ...).
    """

    calls: int
    total_ns: int
    inner: bool = False

    @property
    def total_s(self) -> float:
        """float: the total wall time in seconds."""
        return self.total_ns / 1e9


class Profile:
    """What a :func:`profile` block recorded.

    Attributes
    ----------
    stages : dict of str to StageRecord
        One record per stage, in the order they first ended (an inner stage
        before the call it is part of); filled when the
        block ends. A native call is one stage (``"graph.apply"``,
        ``"io.read_matrix_market"``, ``"update"``, ``"sssp.compute"``, ...);
        the stages inside it are recorded too, with ``inner=True``: the
        engine of a compute (``"sssp.dijkstra"``, ``"sssp.near_far"``), and
        the steps of an update (``"update.apply"``, then per result
        ``"sssp.invalidate"``, ``"sssp.pull"``, ``"sssp.push"``, or
        ``"sssp.recompute"`` when it falls back).
    """

    __slots__ = ("stages",)

    stages: dict[str, StageRecord]

    def __init__(self) -> None:
        self.stages = {}

    def _fill(self, records: list[tuple[str, int, int, bool]]) -> None:
        for stage, calls, total_ns, inner in records:
            old = self.stages.get(stage)
            if old is not None:
                calls += old.calls
                total_ns += old.total_ns
            self.stages[stage] = StageRecord(int(calls), int(total_ns), bool(inner))

    @property
    def total_ns(self) -> int:
        """int: the total time of the native calls (inner stages are part of it), in ns."""
        return sum(r.total_ns for r in self.stages.values() if not r.inner)

    def to_dict(self) -> dict[str, dict[str, int | bool]]:
        """Return the records as plain data.

        Returns
        -------
        dict
            ``{stage: {"calls": int, "total_ns": int, "inner": bool}}``.
        """
        return {
            k: {"calls": r.calls, "total_ns": r.total_ns, "inner": r.inner}
            for k, r in self.stages.items()
        }

    def to_json(self) -> str:
        """Return the records as JSON.

        Returns
        -------
        str
            ``{"stages": {stage: {"calls": int, "total_ns": int, "inner": bool}}}``.
        """
        return json.dumps({"stages": self.to_dict()})

    def to_dataframe(self) -> Any:
        """Return the records as a pandas DataFrame.

        Returns
        -------
        pandas.DataFrame
            Indexed by stage, with the columns ``calls``, ``total_ns``,
            ``total_s`` and ``inner``.

        Raises
        ------
        ImportError
            When pandas is not installed (``pip install 'dyng[pandas]'``).
        """
        try:
            import pandas as pd
        except ImportError as e:
            raise ImportError(
                "Profile.to_dataframe() needs pandas; install it with pip install 'dyng[pandas]'"
            ) from e
        rows = [
            {
                "stage": k,
                "calls": r.calls,
                "total_ns": r.total_ns,
                "total_s": r.total_s,
                "inner": r.inner,
            }
            for k, r in self.stages.items()
        ]
        frame = pd.DataFrame(rows, columns=["stage", "calls", "total_ns", "total_s", "inner"])
        return frame.set_index("stage")

    def __repr__(self) -> str:
        """Return the stages and their calls."""
        inner = ", ".join(
            f"{k!r}: {r.calls} calls, {r.total_s:.6f} s" for k, r in self.stages.items()
        )
        return f"dyng.Profile({{{inner}}})"


# The open blocks of every thread, oldest first; the last one is attached.
# A block that ends removes its own entry, wherever it stands, and attaches
# the newest one still open: blocks of several threads need not nest.
_open_blocks: list[_core.Profiler] = []
_open_blocks_lock = threading.Lock()


def _attach_newest() -> None:
    native.profiler_attach(_open_blocks[-1] if _open_blocks else None)


@contextmanager
def profile() -> Iterator[Profile]:
    """Record the named stages of the native calls made in a ``with`` block.

    Yields
    ------
    Profile
        Filled when the block ends: ``prof.stages`` maps each stage
        (``graph.from_edges``, ``graph.apply``, ``io.read_matrix_market``, ...)
        to a :class:`StageRecord`.

    Notes
    -----
    The profiler is process-wide: calls from every thread are recorded.
    Blocks nest: while an inner block runs, only it records; the outer one
    resumes after it. Blocks opened on several threads follow the same rule
    by the time they were opened: the newest block still open records, and
    when it ends, the newest of the others resumes.

    Examples
    --------
    >>> with dyng.profile() as prof:  # doctest: +SKIP
    ...     g.apply(batch)
    >>> prof.stages["graph.apply"].calls  # doctest: +SKIP
    1
    """
    p = native.Profiler()
    prof = Profile()
    with _open_blocks_lock:
        _open_blocks.append(p)
        _attach_newest()
    try:
        yield prof
    finally:
        with _open_blocks_lock:
            _open_blocks.remove(p)
            _attach_newest()
        prof._fill(p.records())
