"""A plain reference model of a dynG graph, written from docs/semantics.md alone.

The model keeps, per vertex, an ordered out-row of entries ``(target, weights)``
and, for a directed graph, an ordered in-row. Building and applying follow the
numbered rules of docs/semantics.md literally (linear scans, list inserts), so
that it is easy to read and independent of the library. It never imports dyng.

Also here: Hypothesis strategies for small graph specifications and batches,
and helpers that build a ``dyng.Graph`` / ``dyng.EdgeBatch`` from them and
compare a graph with the model.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
from hypothesis import strategies as st

INT32_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1
# The largest vertex ids: one below each type's largest value, so that the vertex count
# n = id + 1 fits the type too (docs/limits.md).
MAX_ID32 = INT32_MAX - 1
MAX_ID64 = INT64_MAX - 1

Weights = tuple[int, ...]
Row = list[tuple[int, Weights]]


class ModelError(Exception):
    """The model's failure: ``kind`` is "invalid" or "capacity"."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


@dataclass
class Semantics:
    on_existing_insert: str = "upsert"
    on_missing_delete: str = "ignore"
    on_self_loop: str = "keep"
    deletions_first: bool = True
    allow_vertex_growth: bool = True
    as_sets: bool = False


SET_SEMANTICS = Semantics(
    on_existing_insert="ignore",
    on_missing_delete="ignore",
    on_self_loop="drop",
    deletions_first=True,
    allow_vertex_growth=True,
    as_sets=True,
)

SUMMARY_FIELDS = (
    "inserted",
    "updated",
    "deleted",
    "ignored_deletions",
    "ignored_insertions",
    "self_loops_dropped",
    "cancelled",
    "duplicates_merged",
    "new_vertices",
    "num_vertices",
    "num_edges",
    "version",
)


@dataclass
class Summary:
    inserted: int = 0
    updated: int = 0
    deleted: int = 0
    ignored_deletions: int = 0
    ignored_insertions: int = 0
    self_loops_dropped: int = 0
    cancelled: int = 0
    duplicates_merged: int = 0
    new_vertices: int = 0
    num_vertices: int = 0
    num_edges: int = 0
    version: int = 0

    def as_dict(self) -> dict[str, int]:
        return {name: int(getattr(self, name)) for name in SUMMARY_FIELDS}


def _find(row: Row, t: int) -> int:
    for i, (x, _) in enumerate(row):
        if x == t:
            return i
    return -1


def _insert_pos(row: Row, sorted_rows: bool, t: int) -> int:
    if not sorted_rows:
        return len(row)
    pos = 0
    for i, (x, _) in enumerate(row):
        if x <= t:
            pos = i + 1
    return pos


def _merge_duplicates(row: Row) -> Row:
    """Repeated targets merge into the first one, which takes the last weights."""
    out: Row = []
    for t, w in row:
        i = _find(out, t)
        if i >= 0:
            out[i] = (t, w)
        else:
            out.append((t, w))
    return out


@dataclass
class Model:
    directed: bool = True
    sorted_rows: bool = True
    allow_parallel: bool = False
    store_transposed: bool = True
    num_weights: int = 0
    vertex_max: int = MAX_ID32
    semantics: Semantics = field(default_factory=Semantics)
    n: int = 0
    out: list[Row] = field(default_factory=list)
    inn: list[Row] = field(default_factory=list)
    version: int = 0

    # ---- building ----------------------------------------------------------

    @classmethod
    def build(
        cls,
        src: list[int],
        dst: list[int],
        weights: list[Weights] | None,
        *,
        num_vertices: int | None = None,
        directed: bool = True,
        sorted_rows: bool = True,
        allow_parallel: bool = False,
        store_transposed: bool = True,
        num_weights: int = 0,
        vertex_max: int = MAX_ID32,
        semantics: Semantics | None = None,
    ) -> Model:
        m = cls(
            directed=directed,
            sorted_rows=sorted_rows,
            allow_parallel=allow_parallel,
            store_transposed=store_transposed,
            num_weights=num_weights,
            vertex_max=vertex_max,
            semantics=copy.copy(semantics) if semantics is not None else Semantics(),
        )
        if len(src) != len(dst):
            raise ModelError("invalid")
        if any(x < 0 for x in src) or any(x < 0 for x in dst):
            raise ModelError("invalid")
        maxid = max([*src, *dst], default=-1)
        n = maxid + 1 if num_vertices is None else num_vertices
        if maxid >= n:
            raise ModelError("invalid")
        m._grow(n)
        k = num_weights
        for e, (u, v) in enumerate(zip(src, dst, strict=True)):
            w: Weights = tuple(weights[e]) if (k > 0 and weights is not None) else ()
            m.out[u].append((v, w))
            if directed:
                m.inn[v].append((u, w))
            elif u != v:
                m.out[v].append((u, w))
        for v in range(n):
            if sorted_rows:
                m.out[v] = sorted(m.out[v], key=lambda e: e[0])
                if directed:
                    m.inn[v] = sorted(m.inn[v], key=lambda e: e[0])
            if not allow_parallel:
                m.out[v] = _merge_duplicates(m.out[v])
                if directed:
                    m.inn[v] = _merge_duplicates(m.inn[v])
        return m

    def _grow(self, n: int) -> None:
        while self.n < n:
            self.out.append([])
            if self.directed:
                self.inn.append([])
            self.n += 1

    def clone(self) -> Model:
        return copy.deepcopy(self)

    # ---- counts and exports -----------------------------------------------

    @property
    def num_entries(self) -> int:
        return sum(len(r) for r in self.out)

    @property
    def num_edges(self) -> int:
        if self.directed:
            return self.num_entries
        return sum(1 for u in range(self.n) for v, _ in self.out[u] if u <= v)

    def _rows(self, transposed: bool) -> list[Row]:
        if not transposed or not self.directed:
            return self.out
        if self.store_transposed:
            return self.inn
        rows: list[Row] = [[] for _ in range(self.n)]
        for u in range(self.n):
            for v, w in self.out[u]:
                rows[v].append((u, w))
        return rows

    def csr(self, transposed: bool = False) -> tuple[list[int], list[int], list[list[int]]]:
        rows = self._rows(transposed)
        row_ptr = [0]
        col: list[int] = []
        wts: list[list[int]] = []
        for r in rows:
            for t, w in r:
                col.append(t)
                wts.append(list(w))
            row_ptr.append(len(col))
        return row_ptr, col, wts

    def edges(self) -> tuple[list[int], list[int], list[list[int]]]:
        src: list[int] = []
        dst: list[int] = []
        wts: list[list[int]] = []
        for u in range(self.n):
            for v, w in self.out[u]:
                if not self.directed and v < u:
                    continue
                src.append(u)
                dst.append(v)
                wts.append(list(w))
        return src, dst, wts

    def degrees(self, transposed: bool = False) -> list[int]:
        return [len(r) for r in self._rows(transposed)]

    # ---- applying a batch ---------------------------------------------------

    def _delete(self, u: int, v: int) -> bool:
        if u >= self.n or v >= self.n:
            return False
        i = _find(self.out[u], v)
        if i < 0:
            return False
        del self.out[u][i]
        if self.directed:
            j = _find(self.inn[v], u)
            if j >= 0:
                del self.inn[v][j]
        elif u != v:
            j = _find(self.out[v], u)
            if j >= 0:
                del self.out[v][j]
        return True

    def _insert(self, u: int, v: int, w: Weights, upsert: bool) -> bool:
        """Add (u, v, w); True when the pair already had an entry (upserted if asked)."""
        i = _find(self.out[u], v)
        if i >= 0:
            if upsert:
                self.out[u][i] = (v, w)
                mirror = self.inn[v] if self.directed else (self.out[v] if u != v else None)
                if mirror is not None:
                    j = _find(mirror, u)
                    if j >= 0:
                        mirror[j] = (u, w)
            return True
        self.out[u].insert(_insert_pos(self.out[u], self.sorted_rows, v), (v, w))
        if self.directed:
            self.inn[v].insert(_insert_pos(self.inn[v], self.sorted_rows, u), (u, w))
        elif u != v:
            self.out[v].insert(_insert_pos(self.out[v], self.sorted_rows, u), (u, w))
        return False

    def apply(
        self,
        insertions: list[tuple[int, int, Weights]],
        deletions: list[tuple[int, int]],
        batch_num_weights: int | None = None,
    ) -> Summary:
        """Apply a batch (docs/semantics.md steps 1-8); on ModelError nothing changes."""
        s = self.semantics
        out = Summary()
        k = self.num_weights if batch_num_weights is None else batch_num_weights

        # 1. Validation.
        if k != self.num_weights:
            raise ModelError("invalid")
        if any(u < 0 or v < 0 for u, v, _ in insertions) or any(
            u < 0 or v < 0 for u, v in deletions
        ):
            raise ModelError("invalid")
        if any(u > self.vertex_max or v > self.vertex_max for u, v, _ in insertions):
            raise ModelError("capacity")
        if not s.allow_vertex_growth and any(u >= self.n or v >= self.n for u, v, _ in insertions):
            raise ModelError("invalid")

        # 2. Self-loops.
        if s.on_self_loop == "error" and (
            any(u == v for u, v, _ in insertions) or any(u == v for u, v in deletions)
        ):
            raise ModelError("invalid")
        # each change: (key_u, key_v, position, weights)
        ins: list[tuple[int, int, int, Weights]] = []
        dels: list[tuple[int, int, int, Weights]] = []
        for i, (u, v, w) in enumerate(insertions):
            if u == v and s.on_self_loop == "drop":
                out.self_loops_dropped += 1
                continue
            ins.append((u, v, i, tuple(w)))
        for i, (u, v) in enumerate(deletions):
            if u == v and s.on_self_loop == "drop":
                out.self_loops_dropped += 1
                continue
            dels.append((u, v, i, ()))

        # 3. Undirected: (v, u) names (u, v).
        if not self.directed:
            ins = [(min(u, v), max(u, v), i, w) for u, v, i, w in ins]
            dels = [(min(u, v), max(u, v), i, w) for u, v, i, w in dels]

        # 4. as_sets: sort by key (stable) and keep one change per key, with the last weights.
        if s.as_sets:

            def dedup(
                changes: list[tuple[int, int, int, Weights]],
            ) -> list[tuple[int, int, int, Weights]]:
                kept: list[tuple[int, int, int, Weights]] = []
                for c in sorted(changes, key=lambda c: (c[0], c[1], c[2])):
                    if kept and kept[-1][0] == c[0] and kept[-1][1] == c[1]:
                        kept[-1] = (kept[-1][0], kept[-1][1], kept[-1][2], c[3])
                    else:
                        kept.append(c)
                return kept

            a, b = dedup(ins), dedup(dels)
            out.duplicates_merged = (len(ins) - len(a)) + (len(dels) - len(b))
            ins, dels = a, b

        work = self.clone()

        # 5. Vertex growth.
        n_before = work.n
        maxid = max([max(u, v) for u, v, _, _ in ins], default=-1)
        if maxid + 1 > work.n:
            work._grow(maxid + 1)
        out.new_vertices = work.n - n_before

        # 6. Deletions and insertions in the chosen order.
        del_done = [False] * len(dels)
        ins_done = [False] * len(ins)
        for deleting in (s.deletions_first, not s.deletions_first):
            if deleting:
                for i, (u, v, _, _) in enumerate(dels):
                    del_done[i] = work._delete(u, v)
                    if del_done[i]:
                        out.deleted += 1
                    elif s.on_missing_delete == "error":
                        raise ModelError("invalid")
                    else:
                        out.ignored_deletions += 1
            else:
                for i, (u, v, _, w) in enumerate(ins):
                    upsert = s.on_existing_insert == "upsert"
                    existed = work._insert(u, v, w, upsert)
                    ins_done[i] = not existed
                    if not existed:
                        out.inserted += 1
                    elif s.on_existing_insert == "upsert":
                        out.updated += 1
                    elif s.on_existing_insert == "ignore":
                        out.ignored_insertions += 1
                    else:
                        raise ModelError("invalid")

        # 7. Cancelled pairs (as_sets).
        if s.as_sets:
            del_keys = {(u, v): del_done[i] for i, (u, v, _, _) in enumerate(dels)}
            for j, (u, v, _, _) in enumerate(ins):
                if ins_done[j] and del_keys.get((u, v), False):
                    out.cancelled += 1
                    out.deleted -= 1
                    out.inserted -= 1

        # 8. Counts and version.
        work.version += 1
        self.n, self.out, self.inn, self.version = work.n, work.out, work.inn, work.version
        out.num_vertices = self.n
        out.num_edges = self.num_edges
        out.version = self.version
        return out


# ---- Hypothesis strategies -------------------------------------------------


@dataclass
class GraphSpec:
    """What a test builds a graph and its model from."""

    n: int
    src: list[int]
    dst: list[int]
    weights: list[Weights]
    num_weights: int
    directed: bool
    order: str
    parallel_edges: str
    store_transposed: bool

    def model(self, semantics: Semantics | None = None) -> Model:
        return Model.build(
            self.src,
            self.dst,
            self.weights if self.num_weights > 0 else None,
            num_vertices=self.n,
            directed=self.directed,
            sorted_rows=self.order == "sorted",
            allow_parallel=self.parallel_edges == "allow",
            store_transposed=self.store_transposed,
            num_weights=self.num_weights,
            semantics=semantics,
        )

    def arrays(
        self,
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32] | None]:
        src = np.array(self.src, dtype=np.int32)
        dst = np.array(self.dst, dtype=np.int32)
        if self.num_weights == 0:
            return src, dst, None
        w = np.array(self.weights, dtype=np.int32).reshape(len(self.src), self.num_weights)
        return src, dst, w


@dataclass
class BatchSpec:
    insertions: list[tuple[int, int, Weights]]
    deletions: list[tuple[int, int]]
    num_weights: int

    def arrays(self) -> dict[str, Any]:
        """Keyword arguments for dyng.EdgeBatch (int64 arrays, as a user would pass)."""
        k = self.num_weights
        iu = np.array([u for u, _, _ in self.insertions], dtype=np.int64)
        iv = np.array([v for _, v, _ in self.insertions], dtype=np.int64)
        du = np.array([u for u, _ in self.deletions], dtype=np.int64)
        dv = np.array([v for _, v in self.deletions], dtype=np.int64)
        kw: dict[str, Any] = {"delete": (du, dv)}
        if k == 0:
            kw["insert"] = (iu, iv)
        else:
            w = np.array([list(w) for _, _, w in self.insertions], dtype=np.int32)
            kw["insert"] = (iu, iv, w.reshape(len(self.insertions), k))
        return kw


weight_values = st.integers(min_value=-(2**31), max_value=2**31 - 1)
small_weights = st.integers(min_value=-5, max_value=50)


@st.composite
def graph_specs(
    draw: st.DrawFn,
    *,
    max_vertices: int = 8,
    max_edges: int = 24,
    num_weights: int | None = None,
    directed: bool | None = None,
) -> GraphSpec:
    n = draw(st.integers(min_value=0, max_value=max_vertices))
    k = draw(st.sampled_from([0, 1, 3])) if num_weights is None else num_weights
    m = draw(st.integers(min_value=0, max_value=max_edges)) if n > 0 else 0
    ids = st.integers(min_value=0, max_value=max(n - 1, 0))
    src = draw(st.lists(ids, min_size=m, max_size=m))
    dst = draw(st.lists(ids, min_size=m, max_size=m))
    weights = draw(
        st.lists(
            st.tuples(*([small_weights] * k)) if k > 0 else st.just(()),
            min_size=m,
            max_size=m,
        )
    )
    return GraphSpec(
        n=n,
        src=src,
        dst=dst,
        weights=[tuple(w) for w in weights],
        num_weights=k,
        directed=draw(st.booleans()) if directed is None else directed,
        order=draw(st.sampled_from(["sorted", "append"])),
        parallel_edges=draw(st.sampled_from(["forbid", "allow"])),
        store_transposed=draw(st.booleans()),
    )


@st.composite
def batch_specs(
    draw: st.DrawFn, n: int, num_weights: int, *, grow: int = 3, max_size: int = 12
) -> BatchSpec:
    """Random insertions and deletions over ids 0..n-1+grow (duplicates, self-loops, growth)."""
    ids = st.integers(min_value=0, max_value=n - 1 + grow)
    w = st.tuples(*([small_weights] * num_weights)) if num_weights > 0 else st.just(())
    ins = draw(st.lists(st.tuples(ids, ids, w), max_size=max_size))
    dels = draw(st.lists(st.tuples(ids, ids), max_size=max_size))
    return BatchSpec(
        insertions=[(u, v, tuple(x)) for u, v, x in ins],
        deletions=list(dels),
        num_weights=num_weights,
    )


semantics_strategy: st.SearchStrategy[Semantics] = st.builds(
    Semantics,
    on_existing_insert=st.sampled_from(["upsert", "error", "ignore"]),
    on_missing_delete=st.sampled_from(["ignore", "error"]),
    on_self_loop=st.sampled_from(["keep", "drop", "error"]),
    deletions_first=st.booleans(),
    allow_vertex_growth=st.booleans(),
    as_sets=st.booleans(),
)
