"""What applying a batch did: :class:`ApplySummary`."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dyng._core import _Summary

__all__ = ["ApplySummary"]


@dataclass(frozen=True)
class ApplySummary:
    """What applying a batch did (undirected edges are counted once).

    Attributes
    ----------
    inserted : int
        New edges.
    updated : int
        Existing edges that took new weights (upsert).
    deleted : int
        Edges removed.
    ignored_deletions : int
        Deletions of absent edges.
    ignored_insertions : int
        Insertions of existing edges (``"ignore"`` or set semantics).
    self_loops_dropped : int
        Batch self-loops dropped by ``on_self_loop="drop"``.
    cancelled : int
        Set semantics: pairs both deleted and inserted.
    duplicates_merged : int
        Set semantics: repeated pairs removed from the lists.
    new_vertices : int
        Vertices added by growth.
    num_vertices : int
        Vertices after.
    num_edges : int
        Edges after.
    version : int
        The graph's version after.
    """

    inserted: int
    updated: int
    deleted: int
    ignored_deletions: int
    ignored_insertions: int
    self_loops_dropped: int
    cancelled: int
    duplicates_merged: int
    new_vertices: int
    num_vertices: int
    num_edges: int
    version: int

    @classmethod
    def from_native(cls, t: _Summary) -> ApplySummary:
        """Build from the native 12-tuple.

        Parameters
        ----------
        t : tuple of int
            The counts in field order.

        Returns
        -------
        ApplySummary
            A new value.
        """
        # The native side gives exact ints in field order; filling the
        # instance dict directly skips the frozen dataclass's per-field
        # object.__setattr__ calls, which cost more than the apply itself for
        # a small batch.
        obj = object.__new__(cls)
        obj.__dict__.update(zip(_FIELD_NAMES, t, strict=True))
        return obj


_FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(ApplySummary))
