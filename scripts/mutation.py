"""Plant realistic bugs one at a time and show that the test suite catches each (mutation checks).

Usage: python scripts/mutation.py [--list] [--check-anchors] [--only NAME] [--jobs N]
                                 [--report PATH]

Each mutant is a bug that a change to dynG could plausibly bring (a subtree the sssp repair
forgets, a deletion the in-rows never see, a checksum left unchecked, a lock released early),
written as exact text replacements in the sources. The working tree is never changed: the files
of the checkout (``git ls-files --cached --others --exclude-standard``: tracked files and new
files not yet committed, so that new tests take part) are copied into ``build/mutation/worker-K``
(one copy per parallel worker, reset between mutants), the mutant is planted there, the copy is
built with the ``dev`` preset (and ``-DDYNG_BUILD_PYTHON=ON`` for the extension), and the tests
the mutant names run there:

- C: ``ctest --test-dir COPY/build/dev -R '^(names)$'``;
- Python: the typed layer and the mutant's ``_core*.so`` are staged in ``COPY/build/dev/stage`` (a
  mutant of a ``python/dyng`` file is written there too), and the named test files run with
  ``tests/python/sanitized.py STAGE -q -p no:cacheprovider -x`` from the copy, as ``make
  test-python-asan`` does for a sanitizer build (without a sanitizer there is no runtime to preload,
  and DYNG_TEST_SANITIZED stays unset). Tests that start a subprocess run the editable install, not
  the mutant. Hypothesis runs with a fixed seed (``--hypothesis-seed``), so a run is repeatable, and
  without shrinking (a small pytest plugin written to build/mutation): the first failing example
  kills the mutant, and shrinking it could take minutes.

A mutant is killed when a selected test fails, crashes or times out, and survives when every
selected test passes. Before any mutant, the selected tests run on the unmutated copy (the
baseline): a test that fails there would prove nothing, so the run stops (or, with
``--exclude-baseline-failures``, leaves those tests out of every mutant's run and says so in the
report). A replacement whose anchor text is not found exactly once stops the run too (the code
moved: update the mutant). ``--check-anchors`` checks only that, without copying or building
(a second or so), and ``make lint-python`` runs it, so that a change that moves a mutant's code
says so at once rather than at the next ``make mutation``. A mutant that survives shows a gap in
the tests: write the test that kills it (and say so in the mutant's ``note``).

Running all the mutants takes about 5 to 10 minutes on 2 cores (``--jobs 1``); ``--jobs 2``
tests two at a time in two copies.

Exit status: 0 when every mutant was killed, 1 when one survived, 2 on an error (an anchor not
found, a mutant that does not build, a failing baseline).
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import difflib
import fcntl
import os
import platform
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutation"

# A pytest plugin, written to WORK and loaded with -p, that turns off Hypothesis's shrinking for
# these runs: a failing example kills the mutant as it is, and shrinking it could take minutes.
PLUGIN_NAME = "mutation_hypothesis"
PLUGIN = '''"""Written by scripts/mutation.py: Hypothesis without shrinking, for mutation runs."""

from hypothesis import Phase, settings


def pytest_configure(config: object) -> None:
    # After tests/python/conftest.py loaded its profile: keep it, less the shrinking.
    phases = (Phase.explicit, Phase.reuse, Phase.generate)
    settings.register_profile("mutation", parent=settings(), phases=phases, print_blob=False)
    settings.load_profile("mutation")
'''


# ---- the mutants ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Edit:
    """One exact text replacement in one file.

    Attributes
    ----------
    path : str
        The file, relative to the repository root.
    old : str
        The anchor: text that must occur exactly once in the file.
    new : str
        What replaces it.
    """

    path: str
    old: str
    new: str


def unlocked(path: str, lock: str, body: str, indent: str = "    ") -> Edit:
    """The Edit that drops the shared lock ``lock`` (as C names it: ``"&g->lock"``) taken
    around ``body`` (whole lines) in ``path``: the lock line and the unlock line go (both
    indented by ``indent``)."""
    return Edit(
        path,
        f"{indent}dyng_py_rdlock({lock});\n{body}{indent}dyng_py_unlock({lock});\n",
        body,
    )


@dataclasses.dataclass(frozen=True)
class Mutant:
    """A realistic bug and the tests expected to catch it.

    Attributes
    ----------
    name : str
        A short name, used by ``--only`` and in the report.
    bug : str
        What the bug does, in a sentence.
    edits : tuple of Edit
        The replacements that plant it (all in one copy).
    c_tests : tuple of str
        The ctest names (C test programs) to run.
    py_tests : tuple of str
        The Python test files (or node ids), relative to the repository root.
    note : str
        Anything the report should add (e.g. the test written because the mutant survived).
    """

    name: str
    bug: str
    edits: tuple[Edit, ...]
    c_tests: tuple[str, ...] = ()
    py_tests: tuple[str, ...] = ()
    note: str = ""

    @property
    def files(self) -> list[str]:
        """The files the mutant changes, in order of first appearance."""
        return list(dict.fromkeys(e.path for e in self.edits))


SSSP = "src/algorithms/sssp/sssp.tmpl.h"
CC_TMPL = "src/algorithms/cycle_count/cycle_count.tmpl.h"
CC = "src/algorithms/cycle_count/cycle_count.c"
APPLY = "src/graph/apply.c"
APPLY_PLAN = "src/graph/apply_plan.h"
APPLY_ROWS = "src/graph/apply_rows.tmpl.h"

MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        name="sssp-no-subtree-invalidation",
        bug="The repair invalidates the heads whose tree edge broke, but not their subtrees "
        "(the walk over the old parents is skipped), so descendants keep distances through a "
        "path that no longer exists (ADR 0004, step 1).",
        edits=(
            Edit(
                SSSP,
                "    int64_t i = *walked, n = *nt;\n"
                "    for (; i < n && (double)n <= limit; i++) {\n",
                "    int64_t n = *nt, i = n;\n    for (; i < n && (double)n <= limit; i++) {\n",
            ),
        ),
        c_tests=("test_sssp",),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="sssp-compute-counts-stale-pops",
        bug="Dijkstra's count of the vertices it reached also counts the entries it skips as "
        "stale, so the result starts with more reached vertices than it has, and the first "
        "batch that outweighs the tree is read instead of recomputed (ADR 0004, rule 10).",
        edits=(
            Edit(
                SSSP,
                "        run->reached = pops; /* each reached vertex",
                "        run->reached = pops + 1; /* each reached vertex",
            ),
        ),
        c_tests=("test_sssp",),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="sssp-frontier-test-strict",
        bug="auto's frontier test takes near-far only when the queue is longer than what "
        "Dijkstra has settled, not when it is as long (ADR 0004, rule 11).",
        edits=(
            Edit(
                SSSP,
                "        if (pops == probe && (dial ? buckets.count : lazy ? radix.count : size) "
                ">= probe) {\n",
                "        if (pops == probe && (dial ? buckets.count : lazy ? radix.count : size) > "
                "probe) {\n",
            ),
        ),
        c_tests=("test_sssp",),
    ),
    Mutant(
        name="sssp-compute-any-tight-parent",
        bug="Dijkstra keeps the first tight parent it finds instead of the lowest id (the tie "
        "rule of ADR 0004, decision 1, is dropped), so trees are not canonical.",
        edits=(
            Edit(
                SSSP,
                "            } else if (nd == dist[v] && u < parent[v]) {\n"
                "                parent[v] = u;\n"
                "            }\n",
                "            }\n",
            ),
        ),
        c_tests=("test_sssp",),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="sssp-pull-any-tight-parent",
        bug="A vertex pulling its best in-neighbour (the repair's step 2, and the parents of "
        "the near-far engine) keeps the first one at the best distance, not the lowest id.",
        edits=(
            Edit(
                SSSP,
                "        if (nd < bd || (nd == bd && u < bp)) {\n",
                "        if (nd < bd) {\n",
            ),
        ),
        c_tests=("test_sssp",),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="sssp-head-keeps-higher-parent",
        bug="A head of the batch whose distance is unchanged but that gains a tight "
        "in-neighbour of lower id keeps its old parent (only strict decreases are taken), so "
        "the updated tree differs from a recomputation.",
        edits=(
            Edit(
                SSSP,
                "        if (bd < dist[v] || (bd == dist[v] && bp >= 0 && bp < parent[v])) {\n",
                "        if (bd < dist[v]) {\n",
            ),
        ),
        c_tests=("test_sssp",),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="sssp-undirected-one-end",
        bug="The repair treats every graph as directed when it lists the heads of the batch: "
        "on an undirected graph only the second end of a changed edge is looked at.",
        edits=(
            Edit(
                SSSP,
                "    const bool both = !g->p.directed;\n    dyng_i_sssp_work *w = &res->work;\n",
                "    const bool both = false;\n    dyng_i_sssp_work *w = &res->work;\n",
            ),
        ),
        c_tests=("test_sssp",),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="cc-no-smallest-pair-ownership",
        bug="The cycle_count update searches through each changed pair without avoiding the "
        "pairs of smaller id, so a cycle through several changed pairs is counted once per "
        "pair (ADR 0005, decision 5).",
        edits=(
            Edit(
                CC_TMPL,
                "(void)DYNG_FN(cc_search)(way, t, a, b, -1, j, &job->halt, job->r);",
                "(void)DYNG_FN(cc_search)(way, t, a, b, -1, 0, &job->halt, job->r);",
            ),
            Edit(
                CC_TMPL,
                "(void)DYNG_FN(cc_search)(way, t, b, a, -1, j, &job->halt, job->r);",
                "(void)DYNG_FN(cc_search)(way, t, b, a, -1, 0, &job->halt, job->r);",
            ),
        ),
        c_tests=("test_cycle_count", "fuzz_replay_cycle_count"),
        py_tests=("tests/python/test_cycle_count.py",),
    ),
    Mutant(
        name="cc-reinserted-pair-not-recounted",
        bug="The pairs I counted after the apply are only the new ones: a pair deleted and "
        "inserted again in one batch loses its cycles (they were removed before the apply, "
        "never added back).",
        edits=(
            Edit(
                CC,
                "        if (now && (!old || (p->flags & DYNG_I_CC_IN_D))) {\n",
                "        if (now && !old) {\n",
            ),
        ),
        c_tests=("test_cycle_count", "fuzz_replay_cycle_count"),
        py_tests=("tests/python/test_cycle_count.py",),
    ),
    Mutant(
        name="apply-insertions-before-deletions",
        bug="The semantics' deletions_first flag is ignored: insertions always run before "
        "deletions (the default says deletions first), so deleting and re-inserting an edge "
        "in one batch removes it.",
        edits=(
            Edit(
                APPLY,
                "static int64_t seq_of(const plan *pl, bool ins, int64_t i) {\n"
                "    const bool del_first = pl->g->p.semantics.deletions_first;\n",
                "static int64_t seq_of(const plan *pl, bool ins, int64_t i) {\n"
                "    const bool del_first = false;\n",
            ),
            Edit(
                APPLY,
                "    const bool del_first = g->p.semantics.deletions_first, "
                "both = !g->p.directed;\n",
                "    const bool del_first = false, both = !g->p.directed;\n",
            ),
            Edit(
                APPLY_PLAN,
                "    if (ru->s->deletions_first)\n        return seq < ru->num_del",
                "    if (false)\n        return seq < ru->num_del",
            ),
        ),
        c_tests=("test_apply", "test_apply_random"),
        py_tests=("tests/python/test_apply.py",),
    ),
    Mutant(
        name="apply-in-rows-miss-deletions",
        bug="A directed graph that stores its in-edges (transposed rows) gets the batch's "
        "insertions in its in-rows but not its deletions, so the in-rows keep deleted edges.",
        edits=(
            Edit(
                APPLY,
                "                if (p1 != NULL)\n"
                "                    p1[n1++] = (dyng_i_pair){v, seq};\n",
                "                if (p1 != NULL && ins)\n"
                "                    p1[n1++] = (dyng_i_pair){v, seq};\n",
            ),
            Edit(
                APPLY,
                "        }\n    }\n}\n\n/* ---- step 2: sorting ---- */",
                "        }\n    }\n    if (p1 != NULL)\n        pl->dir[1].num_ops = n1;\n}\n\n"
                "/* ---- step 2: sorting ---- */",
            ),
        ),
        c_tests=("test_apply", "test_apply_random"),
        py_tests=("tests/python/test_apply.py",),
    ),
    Mutant(
        name="apply-version-not-bumped",
        bug="A successful apply does not advance the graph's version (the state id still "
        "changes), so the version no longer counts the batches applied.",
        edits=(
            Edit(
                APPLY,
                "    g->version++;\n    g->state_id = dyng_i_next_state_id();\n",
                "    g->state_id = dyng_i_next_state_id();\n",
            ),
        ),
        c_tests=("test_apply",),
        py_tests=("tests/python/test_apply.py", "tests/python/test_graph.py"),
    ),
    Mutant(
        name="apply-kept-outcomes-lose-copies",
        bug="The commit takes the outcomes the layout kept for a row of several changes, but "
        "not how many new copies they append, so the row's inserted edges are left out.",
        edits=(
            Edit(
                APPLY_ROWS,
                "news = ng > 0 ? slot[1] : 0, len = rp->bound;",
                "news = 0, len = rp->bound;",
            ),
        ),
        c_tests=("test_apply", "test_apply_random"),
        py_tests=("tests/python/test_apply.py",),
    ),
    Mutant(
        name="apply-hole-one-slot-short",
        bug="A row that outgrows its slots is moved into a hole one slot smaller than the "
        "entries it may hold, so a row that fills its bound writes over the first entry of "
        "the row after the hole.",
        edits=(
            Edit(
                "src/graph/apply_rows.tmpl.h",
                "avail >> (need - 1) << (need - 1);",
                "avail >> (need - 2) << (need - 2);",
            ),
        ),
        c_tests=("test_apply", "test_apply_random"),
        py_tests=("tests/python/test_apply.py",),
    ),
    Mutant(
        name="apply-dense-repack-drops-counts",
        bug="A batch that touches most rows and repacks at once forgets the summary counters "
        "of the rows whose rules the layout ran, so its ApplySummary (and the edge count) "
        "comes out short.",
        edits=(
            Edit(
                APPLY_ROWS,
                "        if (4 * job.movers > n_new) {\n",
                "        if (4 * job.movers > n_new) {\n"
                "            dp->early_c = (dyng_i_counters){0};\n",
            ),
        ),
        c_tests=("test_apply", "test_apply_random"),
        py_tests=("tests/python/test_apply.py",),
    ),
    Mutant(
        name="mm-write-symmetric-upper-triangle",
        bug="Matrix Market files of undirected graphs are written with each edge as row < "
        "column (the upper triangle), where the format's symmetric storage holds the lower "
        "triangle (row >= column); strict readers refuse or double such files.",
        edits=(
            Edit(
                "src/io/mm_write.c",
                "                values ? weight_column : 0,\n                !p.directed,\n",
                "                values ? weight_column : 0,\n                p.directed,\n",
            ),
        ),
        c_tests=("test_io",),
        py_tests=("tests/python/test_io.py",),
    ),
    Mutant(
        name="mm-column-bound-off-by-one",
        bug="The Matrix Market reader's fast path accepts a column index one past the size "
        "line's column count (> instead of >=), so an entry outside the matrix gets in.",
        edits=(
            Edit(
                "src/io/mm_read.c",
                "        j - 1 >= (uint64_t)job->cols ||",
                "        j - 1 > (uint64_t)job->cols ||",
            ),
        ),
        c_tests=("test_io",),
        py_tests=("tests/python/test_io.py",),
    ),
    Mutant(
        name="el-weight-columns-off-by-one",
        bug="The edge-list reader counts weight columns from the third field on one too late: "
        "a file with one weight column reads as unweighted.",
        edits=(
            Edit(
                "src/io/el_read.c",
                "    *k = fields > 2 ? (int)(fields - 2) : 0;\n",
                "    *k = fields > 3 ? (int)(fields - 2) : 0;\n",
            ),
        ),
        c_tests=("test_io_edgelist",),
        py_tests=("tests/python/test_io_edgelist.py",),
    ),
    Mutant(
        name="dgb-payload-checksum-unchecked",
        bug="The .dgb reader checks each batch header's checksum but not the checksum of the "
        "batch's arrays, so a corrupted payload is read as data.",
        edits=(
            Edit(
                "src/io/dgb.c",
                "    if (!checksum_matches(p, payload, payload_crc))\n"
                "        return reader_fail(r, at + BATCH_HEADER_BYTES,\n"
                "                           \"batch %lld: its arrays' checksum does not match: "
                'corrupted",\n'
                "                           (long long)r->batches + 1);\n",
                "    (void)payload_crc;\n",
            ),
        ),
        c_tests=("test_io_research",),
        py_tests=("tests/python/test_io_research.py",),
    ),
    Mutant(
        name="dgb-checksum-blind-to-order",
        bug="The .dgb checksum keeps only its first running sum (Fletcher's second sum is "
        "dropped), so it no longer sees 8-byte words that trade places.",
        edits=(
            Edit(
                "src/io/dgb.c",
                "        a += w;\n        b += a;\n    }\n",
                "        a += w;\n    }\n",
            ),
        ),
        c_tests=("test_io_research",),
        py_tests=("tests/python/test_io_research.py", "tests/python/test_io_dgb_checksum.py"),
        note="Survived the suite before tests/python/test_io_dgb_checksum.py, which checks the "
        "written checksums against the layout of dyng/io.h and swaps words in every record "
        "(test_io_research.py flips single bits, which the first sum alone still sees).",
    ),
    Mutant(
        name="alloc-size-overflow-unchecked",
        bug="The checked allocators no longer check count * size for overflow, so a huge "
        "request wraps around and gets a small block instead of failing.",
        edits=(
            Edit(
                "src/core/alloc.c",
                "    if (size != 0 && count > SIZE_MAX / size)\n        return SIZE_MAX;\n"
                "    return count * size;\n",
                "    return count * size;\n",
            ),
        ),
        c_tests=("test_core_alloc_overflow", "test_resources", "test_apply_alloc"),
        note="Survived the suite before tests/c/test_core_alloc_overflow.c, which checks "
        "dyng_i_mul_size against __builtin_mul_overflow and asks every allocator for sizes "
        "that wrap around to 16, 24 and 0 bytes.",
    ),
    Mutant(
        name="py-copy-on-write-skipped",
        bug="An update writes a result's arrays in place even while NumPy views, memoryviews "
        "or DLPack capsules still hold them (the copy-on-write of ADR 0003 is skipped), so "
        "exported values change under their readers.",
        edits=(
            Edit(
                "python/_core/array.c",
                "    if (old != NULL && r->copy_policy != 1 && !dyng_py_buffer_shared(old) && "
                "old->bytes >= need) {\n",
                "    if (old != NULL && r->copy_policy != 1 && old->bytes >= need) {\n",
            ),
        ),
        py_tests=("tests/python/test_arrays.py", "tests/python/test_sssp.py"),
    ),
    Mutant(
        name="py-to-csr-unlocks-early",
        bug="Graph.to_csr releases the graph's shared lock once it has read the shape, before "
        "it copies the rows, so an apply in another thread can change the graph in between.",
        edits=(
            Edit(
                "python/_core/graph.c",
                "    dyng_status s = read_shape(self->handle, false, &sh);\n"
                "    if (s == DYNG_OK) {\n",
                "    dyng_status s = read_shape(self->handle, false, &sh);\n"
                "    dyng_py_unlock(&self->lock);\n"
                "    if (s == DYNG_OK) {\n",
            ),
            Edit(
                "python/_core/graph.c",
                "            s = dyng_graph_to_csr(self->handle, transposed != 0, row_ptr, col, "
                "weights);\n    }\n    dyng_py_unlock(&self->lock);\n",
                "            s = dyng_graph_to_csr(self->handle, transposed != 0, row_ptr, col, "
                "weights);\n    }\n",
            ),
        ),
        py_tests=(
            "tests/python/test_threads_export_during_apply.py",
            "tests/python/test_threads.py",
        ),
        note="tests/python/test_threads.py caught it only now and then (its graphs are small, "
        "so a copy rarely overlaps an apply); tests/python/test_threads_export_during_apply.py "
        "was written for it and kills it on every run.",
    ),
    Mutant(
        name="py-apply-lock-shared",
        bug="Graph.apply takes the graph's lock shared instead of exclusive, so readers (and "
        "other writers) run while the rows are rewritten.",
        edits=(
            Edit(
                "python/_core/graph.c",
                "locks[2] = {{&self->lock, true}, {&batch->lock, false}};\n",
                "locks[2] = {{&self->lock, false}, {&batch->lock, false}};\n",
            ),
        ),
        py_tests=(
            "tests/python/test_threads_export_during_apply.py",
            "tests/python/test_threads.py",
        ),
        note="Like py-to-csr-unlocks-early: test_threads.py catches it by chance, "
        "tests/python/test_threads_export_during_apply.py every time.",
    ),
    Mutant(
        name="py-row-unlocks-early",
        bug="Graph.row (and neighbors) lets go of the graph's shared lock while it makes its "
        "arrays, between reading the row's length and copying the row, so an apply in another "
        "thread can grow the row in between.",
        edits=(
            Edit(
                "python/_core/graph.c",
                "        dyng_py_native_pause(&call);\n        ids =\n",
                "        dyng_py_unlock(&self->lock);\n        dyng_py_native_pause(&call);\n"
                "        ids =\n",
            ),
            Edit(
                "python/_core/graph.c",
                "        made = ws != NULL;\n        dyng_py_native_resume(&call);\n",
                "        made = ws != NULL;\n        dyng_py_native_resume(&call);\n"
                "        dyng_py_rdlock(&self->lock);\n",
            ),
        ),
        py_tests=("tests/python/test_graph_rows.py",),
        note="test_rows_read_while_another_thread_applies has each batch land right after a "
        "read of a 200,000-entry row has started. Since short reads keep the GIL (ADR 0013), "
        "only a read that found the graph held, and waited outside the GIL, can be overtaken, "
        "so each batch also adds 3,000 edges elsewhere to hold the graph longer: with batches "
        "of one edge the mutant survived 11 runs of 11 (6 of them by this script; "
        "2026-12-06), with 1,000 more edges it was killed on 7 runs of 8, with 3,000 on 6 runs "
        "of 6. A narrower variant (the lock "
        "let go only between making "
        "the arrays and the copy) failed the first test on 6 manual runs of 6 but survived "
        "one run of this script.",
    ),
    Mutant(
        name="py-short-read-skips-lock",
        bug="A short read (degree, neighbors, row, has_edge, weight and the counts) runs "
        "without the graph's shared lock, trusting the GIL it holds (ADR 0013), so it can "
        "read a row while an apply in another thread, which runs without the GIL, rewrites "
        "it.",
        edits=(
            Edit(
                "python/_core/common.c",
                "    if (pthread_rwlock_tryrdlock(&lock->lock) == 0) {\n"
                "        if (stage == NULL)\n",
                "    if (true) {\n        if (stage == NULL)\n",
            ),
            Edit(
                "python/_core/common.c",
                "void dyng_py_short_end(dyng_py_call *call, dyng_py_rwlock *lock) {\n"
                "    dyng_py_unlock(lock);\n",
                "void dyng_py_short_end(dyng_py_call *call, dyng_py_rwlock *lock) {\n"
                "    if (call->thread != NULL)\n        dyng_py_unlock(lock);\n",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="tests/python/test_stress_threads.py, test_threads.py and test_graph_rows.py "
        "together killed it on 3 runs of 7 (2026-12-06), by test_graph_rows.py's race test "
        "when a read happened to overlap; test_short_reads_see_whole_rows_while_another_"
        "thread_upserts was written for it and kills it at the first batch (5 runs of 5).",
    ),
    Mutant(
        name="py-update-locks-results-shared",
        bug="dyng.update takes each result's lock shared instead of exclusive, so a thread "
        "that reads a result's arrays runs while the update rewrites them.",
        edits=(
            Edit(
                "python/_core/update.c",
                "        locks[i + 2] = (dyng_py_lock_request){e[i].hooks->lock(e[i].obj), "
                "true};\n",
                "        locks[i + 2] = (dyng_py_lock_request){e[i].hooks->lock(e[i].obj), "
                "false};\n",
            ),
        ),
        py_tests=("tests/python/test_stress_threads.py",),
        note="Killed by tests/python/test_stress_threads.py on every run before a test was "
        "written for it (7 of 7, 2026-12-06); kept so that it stays so.",
    ),
    Mutant(
        name="py-graph-clone-unlocked",
        bug="Graph.clone copies the graph without its shared lock, so a clone made while "
        "another thread applies a batch can copy a state that is half written (or arrays "
        "that the apply frees).",
        edits=(
            unlocked(
                "python/_core/graph.c",
                "&self->lock",
                "    dyng_status s = dyng_graph_clone(&copy, self->handle);\n",
            ),
        ),
        py_tests=("tests/python/test_threads_export_during_apply.py",),
        note="tests/python/test_stress_threads.py, test_threads.py and "
        "test_threads_export_during_apply.py killed it on 1 run of 3 (2026-12-06); the last "
        "now clones beside its exports and kills it on every run (a crash or a clone that "
        "matches no state).",
    ),
    Mutant(
        name="py-sssp-clone-unlocked",
        bug="sssp.Result.clone copies the tree without the result's shared lock, so a clone "
        "taken while another thread updates the tree can mix two states.",
        edits=(
            Edit(
                "python/_core/sssp.c",
                "    dyng_py_rdlock(&r->lock);\n"
                "    ok = dyng_sssp_result_clone(&c->handle, r->handle) == DYNG_OK;\n",
                "    ok = dyng_sssp_result_clone(&c->handle, r->handle) == DYNG_OK;\n",
            ),
            Edit(
                "python/_core/sssp.c",
                "    c->copy_policy = r->copy_policy;\n    dyng_py_unlock(&r->lock);\n",
                "    c->copy_policy = r->copy_policy;\n",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="Survived tests/python/test_stress_threads.py and test_threads.py on 4 runs of 4 "
        "(2026-12-06: their clones rarely overlap an update that writes much); "
        "test_result_clones_are_whole_trees_while_another_thread_updates was written for it "
        "and kills it on every run.",
    ),
    Mutant(
        name="py-sssp-compute-unlocked",
        bug="dyng.sssp.compute reads the graph without its shared lock, so a tree computed "
        "while another thread applies a batch can mix two states of the graph.",
        edits=(
            unlocked(
                "python/_core/sssp.c",
                "&g->lock",
                "    dyng_status s = dyng_sssp_compute(&handle, g->handle, (int64_t)source, &o);\n",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="tests/python/test_stress_threads.py, test_threads.py and "
        "test_threads_export_during_apply.py killed it on 1 run of 3 (2026-12-06); "
        "test_computes_see_whole_states_while_another_thread_applies was written for it and "
        "kills it on every run (4 of 4).",
    ),
    Mutant(
        name="py-cycle-count-compute-unlocked",
        bug="dyng.cycle_count.compute reads the graph without its shared lock, so a count "
        "made while another thread applies a batch can see part of the batch.",
        edits=(
            unlocked(
                "python/_core/cycle_count.c",
                "&g->lock",
                "    dyng_status s = dyng_cycle_count_compute(&handle, g->handle, &o);\n",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="tests/python/test_stress_threads.py, test_threads.py and "
        "test_threads_export_during_apply.py killed it on 1 run of 2 (2026-12-06); "
        "test_cycle_counts_see_whole_states_while_another_thread_applies was written for it "
        "and kills it on every run (8 of 8 with 30,000 triangles and 30 batches; 3 of 4 with "
        "20,000 and 16).",
    ),
    Mutant(
        name="py-degrees-unlocked",
        bug="Graph.degrees reads every row's length without the graph's shared lock, so a "
        "read made while another thread applies a batch sees part of it.",
        edits=(
            Edit(
                "python/_core/graph.c",
                "    dyng_py_rdlock(&self->lock);\n"
                "    dyng_status s = dyng_graph_num_vertices(&n, self->handle);\n",
                "    dyng_status s = dyng_graph_num_vertices(&n, self->handle);\n",
            ),
            Edit(
                "python/_core/graph.c",
                "            s = dyng_graph_degrees(self->handle, transposed != 0, data);\n"
                "    }\n    dyng_py_unlock(&self->lock);\n",
                "            s = dyng_graph_degrees(self->handle, transposed != 0, data);\n    }\n",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="Survived the thread tests on 3 runs of 3 (2026-12-06); "
        "test_bulk_reads_see_whole_states_while_another_thread_applies was written for it and "
        "kills it on every run (6 of 6), with a thread for each kind of read: one thread "
        "cycling through the three kinds killed it on 1 run of 5, its locked reads holding it "
        "back until each apply had ended.",
    ),
    Mutant(
        name="py-pair-reads-unlocked",
        bug="Graph.has_edges and Graph.edge_weights look their pairs up without the graph's "
        "shared lock, so a lookup made while another thread applies a batch sees part of it.",
        edits=(
            unlocked(
                "python/_core/graph.c",
                "&self->lock",
                "    if (weights != NULL)\n"
                "        s = dyng_graph_edge_weights(self->handle, src.length, src.type, src.data, "
                "dst.data,\n"
                "                                    (bool *)f_data, (int32_t *)w_data);\n"
                "    else\n"
                "        s = dyng_graph_has_edges(self->handle, src.length, src.type, src.data, "
                "dst.data,\n                                 (bool *)f_data);\n",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="Survived the thread tests on 3 runs of 3 (2026-12-06); "
        "test_bulk_reads_see_whole_states_while_another_thread_applies kills it on every run "
        "(6 of 6).",
    ),
    Mutant(
        name="py-cycle-count-clone-unlocked",
        bug="cycle_count.Result.clone copies the histogram without the result's shared lock, "
        "so a clone made while another thread updates the result can pair the counts of one "
        "state with the version of another.",
        edits=(
            Edit(
                "python/_core/cycle_count.c",
                "    dyng_py_rdlock(&r->lock);\n"
                "    dyng_status s = dyng_cycle_count_result_clone(&c->handle, r->handle);\n",
                "    dyng_status s = dyng_cycle_count_result_clone(&c->handle, r->handle);\n",
            ),
            Edit(
                "python/_core/cycle_count.c",
                "    c->copy_policy = r->copy_policy;\n    dyng_py_unlock(&r->lock);\n",
                "    c->copy_policy = r->copy_policy;\n",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="Survived tests/python/test_stress_threads.py, test_threads.py and "
        "test_threads_export_during_apply.py on 3 runs of 3 (2026-12-06); "
        "test_cycle_count_clones_are_whole_while_another_thread_updates was written for it "
        "and kills it on every run (5 of 5).",
    ),
    Mutant(
        name="py-mm-write-unlocked",
        bug="dyng.io.write_matrix_market writes the graph without its shared lock, so a file "
        "written while another thread applies a batch can hold part of it.",
        edits=(
            unlocked(
                "python/_core/io.c",
                "&g->lock",
                "        s = dyng_mm_write_graph(g->handle, PATH_TEXT(path_obj), column);\n",
                indent="        ",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="Survived the thread tests and tests/python/test_io.py on 2 runs of 2 (2026-12-06); "
        "test_files_written_while_another_thread_applies_hold_whole_states[matrix_market] was "
        "written for it and kills it on every run (6 of 6).",
    ),
    Mutant(
        name="py-el-write-unlocked",
        bug="dyng.io.write_edge_list writes the graph without its shared lock, so a file "
        "written while another thread applies a batch can hold part of it.",
        edits=(
            unlocked(
                "python/_core/io.c",
                "&g->lock",
                "        s = dyng_el_write_graph(g->handle, PATH_TEXT(path_obj));\n",
                indent="        ",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="Survived the thread tests and tests/python/test_io.py on 2 runs of 2 (2026-12-06); "
        "test_files_written_while_another_thread_applies_hold_whole_states[edge_list] was "
        "written for it and kills it on every run (6 of 6).",
    ),
    Mutant(
        name="py-csr-write-unlocked",
        bug="dyng.io.write_csr_triplet writes the graph without its shared lock, so a file "
        "written while another thread applies a batch can hold part of it.",
        edits=(
            unlocked(
                "python/_core/io.c",
                "&g->lock",
                "        s = dyng_csr_files_write_graph(g->handle, PATH_TEXT(prefix_obj), "
                "compress != 0);\n",
                indent="        ",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="Survived the thread tests and tests/python/test_io.py on 2 runs of 2 (2026-12-06); "
        "test_files_written_while_another_thread_applies_hold_whole_states[csr_triplet] was "
        "written for it and kills it on every run (6 of 6).",
    ),
    Mutant(
        name="py-sssp-import-unlocked",
        bug="sssp.Result.from_arrays checks the tree against the graph without the graph's "
        "shared lock, so an import made while another thread applies a batch reads rows "
        "that are being rewritten.",
        edits=(
            Edit(
                "python/_core/sssp.c",
                '    DYNG_PY_BEGIN_NATIVE(&call, "sssp.from_arrays");\n'
                "    dyng_py_rdlock(&g->lock);\n",
                '    DYNG_PY_BEGIN_NATIVE(&call, "sssp.from_arrays");\n',
            ),
            Edit(
                "python/_core/sssp.c",
                "        s = dyng_sssp_result_from_arrays(&handle, g->handle, (int64_t)source, "
                "d.data, p.data, &o);\n    dyng_py_unlock(&g->lock);\n",
                "        s = dyng_sssp_result_from_arrays(&handle, g->handle, (int64_t)source, "
                "d.data, p.data, &o);\n",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="Survived the thread tests on 2 runs of 2 (2026-12-06); test_trees_imported_"
        "while_another_thread_applies_are_checked_on_whole_states was written for it and "
        "kills it on every run (5 of 5: a valid tree refused, or a crash).",
    ),
    Mutant(
        name="sssp-undo-keeps-pushed-parents",
        bug="A repair that gives up leaves the parents the push gave the vertices it touched "
        "after the invalidated ones, so the recomputation's count takes a vertex whose new "
        "parent is that one for unchanged and reports too few affected vertices.",
        edits=(
            Edit(
                SSSP,
                "                parent[v] = i < invalid ? w->old_p[i] : DYNG_I_PARENT_CHANGED;\n",
                "                parent[v] = i < invalid ? w->old_p[i] : parent[v];\n",
            ),
        ),
        c_tests=("test_sssp",),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="sssp-heads-stay-marked",
        bug="After a repair that touched few vertices, the marks of the batch's heads are not "
        "cleared (only the touched vertices' are), so in the next update a head still marked "
        "is not listed again, and an insertion into it that shortens paths is never pulled.",
        edits=(
            Edit(
                SSSP,
                "    for (int64_t i = 0; i < nh; i++)\n        w->mark[w->queue[i]] = 0;\n",
                "    (void)nh;\n",
            ),
        ),
        c_tests=("test_sssp",),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="sssp-nf-seeds-skip-restored",
        bug="The parallel push does not start from an invalidated vertex that the pull gave "
        "back its old distance (as if it had not changed), so the rest of its invalidated "
        "subtree, left at infinity, is never reached again.",
        edits=(
            Edit(
                SSSP,
                "            (!(w->mark[v] & MARK_INVALID) && dist[v] == w->old_d[i]))\n",
                "            dist[v] == w->old_d[i])\n",
            ),
        ),
        c_tests=("test_sssp",),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="sssp-in-order-drops-tail",
        bug="Listing the invalidated vertices in id order reads the marks 8 at a time and "
        "forgets the last n % 8 vertices, so an invalidated vertex among them is never "
        "pulled or pushed and keeps an infinite distance.",
        edits=(
            Edit(
                SSSP,
                "    for (; v < n; v++)\n        if (mark[v] & MARK_INVALID)\n"
                "            touched[k++] = v;\n",
                "    (void)k;\n",
            ),
        ),
        c_tests=("test_sssp",),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="py-sssp-views-see-updates",
        bug="An update writes a result's arrays in place even while NumPy views, memoryviews "
        "or DLPack capsules still show them (the result does not go on with a copy: the "
        "copy-on-write of ADR 0016 is skipped), so exported values change under their readers.",
        edits=(
            Edit(
                "python/_core/sssp.c",
                "        if (b == NULL || (!dyng_py_buffer_shared(b) && r->copy_policy != 1))\n",
                "        if (b == NULL || r->copy_policy != 1)\n",
            ),
        ),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="py-sssp-dealloc-frees-exported-arrays",
        bug="A result that goes away frees its arrays even while DLPack consumers still show "
        "them (it does not hand them over), so those views read freed memory.",
        edits=(
            Edit(
                "python/_core/sssp.c",
                "        (void)take_back(r, false); /* exports keep the arrays they show */\n",
                "        (void)0;\n",
            ),
        ),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="update-failure-keeps-what-prepares-grew",
        bug="An update that fails after the results' preparations (an allocation of the apply, "
        "a later result's preparation, an interrupt) puts back every prepared result but the "
        "last (an off-by-one), which keeps the grown arrays and the open journal of a call "
        "that changed nothing.",
        edits=(
            Edit(
                "src/algorithms/update.c",
                "        for (int64_t i = 0; i < job.started; i++)\n",
                "        for (int64_t i = 0; i + 1 < job.started; i++)\n",
            ),
        ),
        c_tests=("test_faults", "test_sssp", "test_cycle_count"),
        py_tests=("tests/python/test_update_failure_memory.py", "tests/python/test_faults.py"),
        note="Replaces py-update-refusal-prepares-every-result (2026-12-07), which passed every "
        "result to dyng_update on a refusal for a stale one: dyng_update runs every result's "
        "checks before any preparation, so that mutant changed nothing (it survived the "
        "2026-12-07 run, and so did a version of it one layer up, in the binding, whose "
        "preparation only retires the result's Arrays, a held view keeping a copy of its "
        "values: no value the test reads changes). Its test stays as a regression test.",
    ),
    Mutant(
        name="testing-hooks-count-before-asked",
        bug="A test build counts every poll on one counter shared by all threads before any "
        "test has armed the interrupt hook, so a benchmark on the test build has its threads "
        "take turns at that counter (two threads slower than one on small cycle counts).",
        edits=(
            Edit(
                "src/core/resources.c",
                "    if (!atomic_load_explicit(&counting, memory_order_relaxed))\n"
                "        return false;\n",
                "",
            ),
        ),
        c_tests=("test_resources",),
        note="Killed by test_resources' test_hooks_count_once_called (2026-12-07), written "
        "with the fix.",
    ),
    Mutant(
        name="resources-scratch-shared-while-busy",
        bug="A call takes the resources' scratch space even while another call on another "
        "thread holds it (the busy flag is set but not tested), so two graphs that share a "
        "Resources and are changed at once plan in the same memory.",
        edits=(
            Edit(
                "src/core/resources.c",
                "    if (r != NULL && !atomic_flag_test_and_set(&r->scratch_busy)) {\n",
                "    if (r != NULL) {\n        (void)atomic_flag_test_and_set(&r->scratch_busy);\n",
            ),
        ),
        c_tests=("test_stress_threads", "test_resources"),
        py_tests=("tests/python/test_threads.py",),
    ),
    Mutant(
        name="sssp-widen-without-margin",
        bug="A batch read in part widens its walk when its rate says it will end within the "
        "whole wider limit, not half of it (ADR 0015), so a batch whose unread part outruns "
        "its rate walks further before recomputing, and its miss stops the next walks from "
        "widening.",
        edits=(
            Edit(
                "src/algorithms/sssp/sssp_internal.h",
                "    const double room = read < total ? wide / 2 : wide;\n",
                "    const double room = wide;\n",
            ),
        ),
        c_tests=("test_sssp",),
    ),
    Mutant(
        name="py-batch-list-read-as-columns",
        bug="EdgeBatch reads a list in place of its tuple of columns, so that "
        "EdgeBatch(insert=[(0, 1), (2, 3)]), a list of two edges as NetworkX writes it, "
        "inserts (0, 2) and (1, 3).",
        edits=(
            Edit(
                "python/dyng/_batch.py",
                "    if isinstance(value, list):\n        raise InvalidArgumentError(\n",
                "    if isinstance(value, list):\n        value = tuple(value)\n"
                "    if False:\n        raise InvalidArgumentError(\n",
            ),
        ),
        py_tests=("tests/python/test_batch.py",),
    ),
    Mutant(
        name="py-in-row-scan-unlocked",
        bug="The in-row of a directed graph without stored in-edges, found by reading every "
        "row with the GIL released, is read without the graph's shared lock, so an apply in "
        "another thread can rewrite rows under the scan.",
        edits=(
            Edit(
                "python/_core/graph.c",
                "static void row_read_begin(",
                "static _Thread_local bool scanned_unlocked;\nstatic void row_read_begin(",
            ),
            Edit(
                "python/_core/graph.c",
                "        dyng_py_native_begin(call, stage);\n"
                "        dyng_py_rdlock(&self->lock);\n",
                "        dyng_py_native_begin(call, stage);\n        scanned_unlocked = true;\n",
            ),
            Edit(
                "python/_core/graph.c",
                "    dyng_py_short_end(call, &self->lock); /* ends a native region too */\n",
                "    if (scanned_unlocked) {\n        scanned_unlocked = false;\n"
                "        dyng_py_native_end(call);\n        return;\n    }\n"
                "    dyng_py_short_end(call, &self->lock); /* ends a native region too */\n",
            ),
        ),
        py_tests=("tests/python/test_threads_whole_states.py",),
        note="Survived the thread tests and tests/python/test_graph_rows.py on 3 runs of 3 "
        "(2026-12-07); test_in_rows_found_by_a_scan_are_whole_while_another_thread_upserts "
        "was written for it and kills it on every run (4 of 4). The flag stands in for the "
        "lock's hold, so that the end of the read does not release a lock it never took.",
    ),
    Mutant(
        name="graph-in-row-scan-names-targets",
        bug="The in-row of a directed graph without stored in-edges lists the vertex itself "
        "where it should list each entry's source.",
        edits=(
            Edit(
                "src/graph/kernels.tmpl.h",
                "                ocol[at] = (DYNG_V)u;\n",
                "                ocol[at] = (DYNG_V)v;\n",
            ),
        ),
        c_tests=("test_graph", "test_apply_random"),
        py_tests=("tests/python/test_graph_rows.py",),
    ),
    Mutant(
        name="graph-has-edge-takes-any-later-target",
        bug="has_edge (and has_edges) answers true whenever the sorted row holds a target at "
        "or above the one asked for, not only that target.",
        edits=(
            Edit(
                "src/graph/kernels.tmpl.h",
                "        return k < len && (int64_t)row[k] == v ? off + k : -1;\n",
                "        return k < len ? off + k : -1;\n",
            ),
        ),
        c_tests=("test_graph", "test_apply_random"),
        py_tests=("tests/python/test_graph_rows.py",),
    ),
    Mutant(
        name="graph-edge-weights-of-the-last-copy",
        bug="edge_weights (and weight) read the last copy of a parallel edge in an append row, "
        "not the first, which an upsert rewrites and a deletion removes.",
        edits=(
            Edit(
                "src/graph/kernels.tmpl.h",
                "    for (int64_t i = 0; i < len; i++)\n"
                "        if ((int64_t)row[i] == v)\n"
                "            return off + i;\n"
                "    return -1;\n",
                "    int64_t last = -1;\n"
                "    for (int64_t i = 0; i < len; i++)\n"
                "        if ((int64_t)row[i] == v)\n"
                "            last = off + i;\n"
                "    return last;\n",
            ),
        ),
        c_tests=("test_graph", "test_apply_random"),
        py_tests=("tests/python/test_graph_rows.py", "tests/python/test_apply.py"),
    ),
    Mutant(
        name="import-csr-symmetry-ignores-weights",
        bug="from_csr checks that an undirected CSR lists each (u, v) with its (v, u) but not "
        "that the two carry the same weights, so the graph silently takes one of them.",
        edits=(Edit("src/graph/graph.c", "    if (sym_k > 0) {\n", "    if (0) {\n"),),
        c_tests=("test_graph", "fuzz_replay_import"),
        py_tests=("tests/python/test_graph.py",),
    ),
    Mutant(
        name="import-tree-skips-shorter-edge",
        bug="from_arrays checks each parent edge but not that no edge is shorter, so a tree "
        "that leaves a reachable vertex unreached (or too far) is taken.",
        edits=(Edit(SSSP, "            if (nd < dist[v])\n", "            if (0)\n"),),
        c_tests=("test_sssp", "fuzz_replay_import"),
        py_tests=("tests/python/test_sssp.py",),
    ),
    Mutant(
        name="import-counts-past-n",
        bug="from_counts refuses counts below the shortest cycle length but not past the "
        "number of vertices, so a histogram no graph of that size can have is taken.",
        edits=(
            Edit(
                CC,
                "if (counts[k] != 0 && (k < minlen || k > g->n))",
                "if (counts[k] != 0 && k < minlen)",
            ),
        ),
        c_tests=("test_cycle_count", "fuzz_replay_import"),
        py_tests=("tests/python/test_cycle_count.py",),
    ),
)


# ---- results --------------------------------------------------------------------------------


@dataclasses.dataclass
class Outcome:
    """What the tests of one mutant (or of the baseline) did.

    Attributes
    ----------
    name : str
        The mutant's name (``baseline`` for the unmutated copy).
    status : str
        ``killed``, ``survived``, or ``error`` (the mutant did not build).
    killers : list of str
        The failing tests: C programs with the functions whose checks failed, Python node ids.
    seconds : float
        Wall time of the build and the tests.
    detail : str
        The tail of the failing output (errors only).
    failed_c : list of str
        The C programs that failed (names only).
    failed_py : list of str
        The Python node ids that failed (a crash or a timeout names none).
    """

    name: str
    status: str = "survived"
    killers: list[str] = dataclasses.field(default_factory=list)
    seconds: float = 0.0
    detail: str = ""
    failed_c: list[str] = dataclasses.field(default_factory=list)
    failed_py: list[str] = dataclasses.field(default_factory=list)


class MutationError(Exception):
    """A mutant that cannot be planted or built, or a failing baseline: the run stops."""


# ---- running commands -----------------------------------------------------------------------


@dataclasses.dataclass
class Ran:
    """A finished command: its exit status (None after a timeout) and its output."""

    returncode: int | None
    output: str


# The commands running now (each the leader of its own process group), so that an interrupted
# run can stop them.
RUNNING: set[subprocess.Popen[str]] = set()
RUNNING_LOCK = threading.Lock()


def stop_running() -> None:
    """Kill the process group of every command still running."""
    with RUNNING_LOCK:
        procs = list(RUNNING)
    for proc in procs:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    for proc in procs:
        with suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=10)


def run(cmd: Sequence[str], cwd: Path, timeout: float, env: dict[str, str] | None = None) -> Ran:
    """Run ``cmd`` in its own process group; kill the group when it passes ``timeout`` seconds.

    Parameters
    ----------
    cmd : sequence of str
        The command line.
    cwd : Path
        Where it runs.
    timeout : float
        Seconds before the process group is killed (``returncode`` None).
    env : dict, optional
        The environment (default: this process's).

    Returns
    -------
    Ran
        The exit status and stdout and stderr together.
    """
    proc = subprocess.Popen(
        list(cmd),
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        start_new_session=True,
    )
    with RUNNING_LOCK:
        RUNNING.add(proc)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return Ran(proc.returncode, out)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        return Ran(None, out)
    except BaseException:  # an interrupt: leave nothing running
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise
    finally:
        with RUNNING_LOCK:
            RUNNING.discard(proc)


def tail(text: str, lines: int = 25) -> str:
    """The last ``lines`` lines of ``text``."""
    return "\n".join(text.rstrip().splitlines()[-lines:])


# ---- the copies -----------------------------------------------------------------------------


def checkout_files() -> list[str]:
    """The files of the checkout: tracked ones and new ones git does not ignore."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    names = sorted({n.decode() for n in out.split(b"\0") if n})
    return [n for n in names if (ROOT / n).is_file()]


def read_sources(mutants: Sequence[Mutant]) -> dict[str, str]:
    """Read every file a mutant changes and check every anchor occurs exactly once.

    Raises
    ------
    MutationError
        When a file is missing or an anchor occurs zero or several times.
    """
    texts: dict[str, str] = {}
    for m in mutants:
        for path in m.files:
            if path not in texts:
                try:
                    texts[path] = (ROOT / path).read_text()
                except OSError as err:
                    raise MutationError(f"{m.name}: cannot read {path}: {err}") from err
        planted = dict(texts)
        for e in m.edits:
            count = planted[e.path].count(e.old)
            if count != 1:
                raise MutationError(
                    f"{m.name}: the anchor text occurs {count} times in {e.path} (expected "
                    f"exactly once; the code moved: update the mutant in scripts/mutation.py):\n"
                    f"{e.old}"
                )
            planted[e.path] = planted[e.path].replace(e.old, e.new)
    return texts


def plant(m: Mutant, texts: dict[str, str]) -> dict[str, str]:
    """The contents of each file ``m`` changes once it is planted."""
    planted = {p: texts[p] for p in m.files}
    for e in m.edits:
        planted[e.path] = planted[e.path].replace(e.old, e.new, 1)
    return planted


def diff_of(m: Mutant, texts: dict[str, str]) -> str:
    """A unified diff of the mutant, with two lines of context."""
    planted = plant(m, texts)
    parts: list[str] = []
    for path in m.files:
        parts.extend(
            difflib.unified_diff(
                texts[path].splitlines(keepends=True),
                planted[path].splitlines(keepends=True),
                fromfile=f"a/{path}",
                tofile=f"b/{path}",
                n=2,
            )
        )
    return "".join(parts)


class Copy:
    """One copy of the checkout under build/mutation, built with the dev preset.

    Parameters
    ----------
    where : Path
        The copy's root (removed and made afresh by ``setup``).
    options : argparse.Namespace
        The command line (python, build_jobs, timeout).
    """

    def __init__(self, where: Path, options: argparse.Namespace) -> None:
        self.where = where
        self.build = where / "build" / "dev"
        self.stage = self.build / "stage"
        self.python: str = options.python
        self.build_jobs: int = options.build_jobs
        self.timeout: float = options.timeout

    def setup(self, files: Sequence[str]) -> None:
        """Copy the checkout's files and configure the dev preset with the extension."""
        if self.where.exists():
            shutil.rmtree(self.where)
        for name in files:
            target = self.where / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target)
        ran = run(
            [
                "cmake",
                "--preset",
                "dev",
                "-DDYNG_BUILD_PYTHON=ON",
                "-DDYNG_BUILD_BENCH=OFF",
                "-DDYNG_BUILD_EXAMPLES=OFF",
                f"-DPython_EXECUTABLE={self.python}",
            ],
            self.where,
            self.timeout,
        )
        if ran.returncode != 0:
            raise MutationError(f"configuring {self.where} failed:\n{tail(ran.output)}")
        self.stage.mkdir(parents=True)
        package = self.where / "python" / "dyng"
        for src in package.rglob("*"):
            if src.is_file() and (src.suffix in (".py", ".pyi") or src.name == "py.typed"):
                dst = self.stage / "dyng" / src.relative_to(package)
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dst)

    def write(self, contents: dict[str, str]) -> None:
        """Write files of the copy (paths relative to its root), and the staged typed layer's."""
        package = Path("python") / "dyng"
        for path, text in contents.items():
            (self.where / path).write_text(text)
            if Path(path).is_relative_to(package) and Path(path).suffix in (".py", ".pyi"):
                (self.stage / "dyng" / Path(path).relative_to(package)).write_text(text)

    def compile(self, c_tests: Sequence[str], python: bool) -> Ran:
        """Build the C test programs named and, with ``python``, the extension (then staged)."""
        targets = list(c_tests) + (["_core"] if python else [])
        ran = run(
            ["cmake", "--build", str(self.build), "-j", str(self.build_jobs), "--target", *targets],
            self.where,
            self.timeout,
        )
        if ran.returncode == 0 and python:
            built = sorted((self.build / "python" / "_core").glob("_core*.so"))
            if not built:
                return Ran(1, "the build made no _core*.so")
            for old in (self.stage / "dyng").glob("_core*.so"):
                old.unlink()
            shutil.copy2(built[0], self.stage / "dyng" / built[0].name)
        return ran

    def run_c(self, c_tests: Sequence[str]) -> tuple[list[str], list[str], str]:
        """Run the C test programs named.

        Returns
        -------
        tuple
            The failures (each with the test functions whose checks failed), the names of the
            failed programs, and the output.
        """
        pattern = "^(" + "|".join(re.escape(t) for t in c_tests) + ")$"
        ran = run(
            [
                "ctest",
                "--test-dir",
                str(self.build),
                "-R",
                pattern,
                "--output-on-failure",
                "--timeout",
                str(int(self.timeout)),
            ],
            self.where,
            self.timeout + 30,
        )
        if ran.returncode is None:
            return [f"{', '.join(c_tests)} (timed out)"], [], ran.output
        found = re.findall(r"^\s*\d+ - (\S+) \(([^)]*)\)", ran.output, re.MULTILINE)
        if ran.returncode != 0 and not found:
            return [f"ctest failed without naming a test (status {ran.returncode})"], [], ran.output
        labels = [self.describe_c(name, why, ran.output) for name, why in found]
        return labels, [name for name, _ in found], ran.output

    def describe_c(self, name: str, why: str, output: str) -> str:
        """A failed C program with the test functions whose checks failed."""
        functions: list[str] = []
        for path, line in re.findall(r"(tests/c/[\w.]+\.c):(\d+):", output):
            if Path(path).stem != name:
                continue
            f = enclosing_function(self.where / path, int(line))
            if f and f not in functions:
                functions.append(f)
        label = name if why == "Failed" else f"{name} ({why})"
        if functions:
            shown = ", ".join(functions[:4]) + (", ..." if len(functions) > 4 else "")
            label += f": {shown}"
        return label

    def run_python(
        self, py_tests: Sequence[str], stop_first: bool = True, deselect: Sequence[str] = ()
    ) -> tuple[list[str], list[str], str]:
        """Run the Python test files named against the staged extension.

        Parameters
        ----------
        py_tests : sequence of str
            Test files or node ids, relative to the copy's root.
        stop_first : bool
            Stop at the first failure (``-x``).
        deselect : sequence of str
            Node ids left out (``--deselect``).

        Returns
        -------
        tuple
            The failures, the failed node ids (none for a crash or a timeout), and the output.
        """
        env = dict(os.environ)
        env.pop("DYNG_TEST_SANITIZED", None)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(WORK), env.get("PYTHONPATH")]))
        shutil.rmtree(self.where / ".hypothesis", ignore_errors=True)
        ran = run(
            [
                self.python,
                "tests/python/sanitized.py",
                str(self.stage),
                "-q",
                "-p",
                "no:cacheprovider",
                "-p",
                PLUGIN_NAME,
                *(["-x"] if stop_first else []),
                "--hypothesis-seed=0",
                *(f"--deselect={d}" for d in deselect),
                *py_tests,
            ],
            self.where,
            self.timeout,
            env,
        )
        if ran.returncode == 0:
            return [], [], ran.output
        if ran.returncode is None:
            return [f"pytest timed out after {self.timeout:.0f} s"], [], ran.output
        failed = list(dict.fromkeys(re.findall(r"^(?:FAILED|ERROR) (\S+)", ran.output, re.M)))
        if failed:
            return failed, failed, ran.output
        fatal = re.search(r"Fatal Python error: ([^\n]+)", ran.output)
        if fatal:
            frame = r'File "[^"]*/(tests/python/\w+\.py)", line \d+ in (\w+)'
            frames = re.findall(frame, ran.output)
            tests = [
                f for f in frames if Path(f[0]).name.startswith("test_") and f[1][:5] == "test_"
            ]
            frames = tests or frames
            where = f" in {frames[0][0]}::{frames[0][1]}" if frames else ""
            return [f"crash ({fatal.group(1).strip()}){where}"], [], ran.output
        return [f"pytest exited with status {ran.returncode}"], [], ran.output


def enclosing_function(path: Path, line: int) -> str:
    """The name of the C function that holds ``line`` of ``path`` (empty when unknown)."""
    try:
        lines = path.read_text().splitlines()
    except OSError:
        return ""
    head = re.compile(r"^[A-Za-z_][\w \t\*]*?\b(\w+)\s*\([^;]*$")
    for text in reversed(lines[: max(0, line - 1)]):
        m = head.match(text)
        if m and not text.startswith(("return", "else", "typedef")):
            return m.group(1)
    return ""


# ---- one mutant -----------------------------------------------------------------------------


@dataclasses.dataclass
class Excluded:
    """Tests left out of every mutant's selection because they failed on the unmutated copy."""

    c: list[str] = dataclasses.field(default_factory=list)
    py: list[str] = dataclasses.field(default_factory=list)


def test_copy(
    copy: Copy,
    name: str,
    c_tests: Sequence[str],
    py_tests: Sequence[str],
    excluded: Excluded | None = None,
    stop_first: bool = True,
) -> Outcome:
    """Build the copy as it is and run the tests named; killed when one fails.

    Parameters
    ----------
    copy : Copy
        The copy, planted or not.
    name : str
        The outcome's name.
    c_tests, py_tests : sequence of str
        The C programs and the Python test files to run.
    excluded : Excluded, optional
        C programs and Python node ids to leave out.
    stop_first : bool
        Stop the Python tests at the first failure.

    Returns
    -------
    Outcome
        ``error`` when the copy does not build, else ``killed`` or ``survived``.
    """
    if excluded is not None:
        c_tests = [t for t in c_tests if t not in excluded.c]
    start = time.monotonic()
    outcome = Outcome(name)
    built = copy.compile(c_tests, bool(py_tests))
    if built.returncode != 0:
        outcome.status = "error"
        outcome.detail = tail(built.output)
        outcome.seconds = time.monotonic() - start
        return outcome
    outputs: list[str] = []
    if c_tests:
        killers, outcome.failed_c, output = copy.run_c(c_tests)
        outcome.killers += killers
        if killers:
            outputs.append(output)
    if py_tests:
        deselect = excluded.py if excluded is not None else []
        killers, outcome.failed_py, output = copy.run_python(py_tests, stop_first, deselect)
        outcome.killers += killers
        if killers:
            outputs.append(output)
    outcome.status = "killed" if outcome.killers else "survived"
    outcome.detail = "\n".join(tail(o) for o in outputs)
    outcome.seconds = time.monotonic() - start
    return outcome


def test_mutant(copy: Copy, m: Mutant, texts: dict[str, str], excluded: Excluded) -> Outcome:
    """Plant ``m`` in the copy, build, run its tests, and put the files back."""
    copy.write(plant(m, texts))
    try:
        return test_copy(copy, m.name, m.c_tests, m.py_tests, excluded)
    finally:
        copy.write({p: texts[p] for p in m.files})


# ---- the report -----------------------------------------------------------------------------


def machine() -> str:
    """The machine in words: processor, cores, system, compiler, Python."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cc = run(["cc", "--version"], ROOT, 30).output.splitlines()
    compiler = cc[0].strip() if cc else "cc"
    return (
        f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"{compiler}, Python {platform.python_version()}"
    )


def source_state() -> str:
    """The commit the copies were made from, and whether the checkout had changes."""
    head = run(["git", "rev-parse", "--short", "HEAD"], ROOT, 30).output.strip()
    changed = run(["git", "status", "--porcelain"], ROOT, 30).output.strip().splitlines()
    if not changed:
        return f"commit {head}"
    return f"commit {head} plus {len(changed)} uncommitted changes (files or folders)"


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def report(
    outcomes: Sequence[Outcome],
    mutants: Sequence[Mutant],
    texts: dict[str, str],
    baseline: Outcome | None,
    excluded: Excluded,
    started: datetime.datetime,
    total: float,
) -> str:
    """The Markdown report of a run."""
    by_name = {o.name: o for o in outcomes}
    killed = sum(o.status == "killed" for o in outcomes)
    survived = [o.name for o in outcomes if o.status == "survived"]
    lines = [
        "# Mutation report",
        "",
        "Generated by `scripts/mutation.py` (do not edit by hand; `make mutation` writes it).",
        "",
        f"- Date: {started:%Y-%m-%d %H:%M} UTC",
        f"- Machine: {machine()}",
        f"- Source: {source_state()}",
        f"- Result: {killed} of {len(outcomes)} mutants killed"
        + (f"; survived: {', '.join(survived)}" if survived else "")
        + f"; {total / 60:.1f} min in all",
    ]
    if baseline is not None and not (excluded.c or excluded.py):
        lines.append(
            f"- Baseline: the selected tests pass on the unmutated copy ({baseline.seconds:.0f} s)"
        )
    elif baseline is not None:
        left_out = [f"`{t}`" for t in excluded.c + excluded.py]
        lines.append(
            "- Baseline: these tests failed on the unmutated copy and were left out of every "
            f"mutant's run (`--exclude-baseline-failures`): {', '.join(left_out)}"
        )
    else:
        lines.append("- Baseline: not run (`--skip-baseline`)")
    lines += [
        "",
        "Each mutant is a realistic bug planted by exact text replacement in a copy of the",
        "checkout (`build/mutation/`; the working tree is never changed), built with the `dev`",
        "preset, and tested with the C programs (ctest) and Python test files it names; the",
        "Python tests run against the mutant's own `_core` through `tests/python/sanitized.py`.",
        "A mutant is killed when one of them fails. C programs are listed with the test",
        "functions whose checks failed; Python runs stop at the first failing test (`-x`), with",
        "Hypothesis on a fixed seed and without shrinking.",
        "",
        "| mutant | file | result | killed by | time |",
        "| --- | --- | --- | --- | --- |",
    ]
    for m in mutants:
        o = by_name[m.name]
        files = ", ".join(f"`{f}`" for f in m.files)
        killers = "; ".join(o.killers) if o.killers else "-"
        lines.append(
            f"| [{m.name}](#{m.name}) | {files} | {o.status} | {cell(killers)} | "
            f"{o.seconds:.0f} s |"
        )
    lines.append("")
    for m in mutants:
        o = by_name[m.name]
        tests = [f"C: {', '.join(m.c_tests)}"] if m.c_tests else []
        if m.py_tests:
            tests.append(f"Python: {', '.join(m.py_tests)}")
        lines += [
            f"## {m.name}",
            "",
            m.bug,
            "",
            f"- Tests run: {'; '.join(tests)}",
            f"- Result: {o.status} in {o.seconds:.1f} s"
            + (f", by {'; '.join(o.killers)}" if o.killers else ""),
        ]
        if m.note:
            lines.append(f"- Note: {m.note}")
        lines += ["", "```diff", diff_of(m, texts).rstrip(), "```", ""]
    return "\n".join(lines).rstrip() + "\n"


# ---- the run --------------------------------------------------------------------------------


@contextmanager
def exclusive_run() -> Iterator[None]:
    """Hold build/mutation/.lock so that two runs never share the copies."""
    WORK.mkdir(parents=True, exist_ok=True)
    with open(WORK / ".lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as e:
            raise MutationError("another scripts/mutation.py run holds build/mutation") from e
        yield


def write_plugin() -> None:
    """Write the pytest plugin of the Python runs (see PLUGIN)."""
    (WORK / f"{PLUGIN_NAME}.py").write_text(PLUGIN)


def link_shared() -> None:
    """Make ../shared of each copy (goldens, data) the checkout's ../shared."""
    shared = ROOT.parent / "shared"
    link = WORK / "shared"
    if link.is_symlink() or link.exists():
        link.unlink()
    if shared.is_dir():
        link.symlink_to(shared)


def union(items: Sequence[Sequence[str]]) -> list[str]:
    """The items of several lists, each once, in order of first appearance."""
    return list(dict.fromkeys(x for group in items for x in group))


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(
        description="Plant realistic bugs one at a time in a copy of the checkout and check "
        "that the tests catch each.",
    )
    p.add_argument("--list", action="store_true", help="list the mutants and exit")
    p.add_argument(
        "--check-anchors",
        action="store_true",
        help="check that every mutant's anchor text occurs exactly once, and exit",
    )
    p.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="run only this mutant (repeatable; comma-separated names too)",
    )
    p.add_argument("--jobs", type=int, default=1, help="mutants tested at once (default 1)")
    p.add_argument(
        "--build-jobs", type=int, default=2, help="parallel compile jobs per build (default 2)"
    )
    p.add_argument("--report", type=Path, help="write the Markdown report here")
    p.add_argument(
        "--timeout",
        type=float,
        default=600.0,
        help="seconds one build or test command may run (default 600)",
    )
    p.add_argument(
        "--skip-baseline",
        action="store_true",
        help="do not run the selected tests on the unmutated copy first",
    )
    p.add_argument(
        "--exclude-baseline-failures",
        action="store_true",
        help="leave the tests that fail on the unmutated copy out of every mutant's run "
        "(listed in the report) instead of stopping",
    )
    p.add_argument(
        "--python",
        default=sys.executable,
        help="the interpreter that builds the extension and runs pytest (default: this one)",
    )
    options = p.parse_args(argv)
    if options.jobs < 1 or options.build_jobs < 1:
        p.error("--jobs and --build-jobs must be at least 1")
    return options


def select(names: Sequence[str]) -> list[Mutant]:
    """The mutants named (all when none is)."""
    wanted = [n for arg in names for n in arg.split(",") if n]
    if not wanted:
        return list(MUTANTS)
    known = {m.name: m for m in MUTANTS}
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise MutationError(f"unknown mutant(s): {', '.join(unknown)}; see --list")
    return [known[n] for n in dict.fromkeys(wanted)]


def run_all(options: argparse.Namespace) -> int:
    """Run the mutants the options select; the exit status."""
    mutants = select(options.only)
    texts = read_sources(mutants)
    started = datetime.datetime.now(datetime.UTC)
    t0 = time.monotonic()
    files = checkout_files()
    jobs = min(options.jobs, len(mutants))
    copies = [Copy(WORK / f"worker-{k}", options) for k in range(jobs)]
    c_all = union([m.c_tests for m in mutants])
    py_all = union([m.py_tests for m in mutants])
    baseline: Outcome | None = None
    excluded = Excluded()
    with exclusive_run():
        link_shared()
        write_plugin()
        print(f"mutation: copying {len(files)} files into {len(copies)} cop(ies)", flush=True)
        for copy in copies:
            copy.setup(files)
            copy.write(texts)  # the sources the anchors were checked in, even if edited since
        if not options.skip_baseline:
            baseline = test_copy(copies[0], "baseline", c_all, py_all, stop_first=False)
            named = len(baseline.failed_c) + len(baseline.failed_py)
            if baseline.status == "killed" and (
                not options.exclude_baseline_failures or named != len(baseline.killers)
            ):
                raise MutationError(
                    "the unmutated copy fails these tests (fix them first, or pass "
                    "--exclude-baseline-failures to leave them out):\n"
                    f"{'; '.join(baseline.killers)}\n{baseline.detail}"
                )
            if baseline.status == "error":
                raise MutationError(f"the unmutated copy does not build:\n{baseline.detail}")
            excluded = Excluded(baseline.failed_c, baseline.failed_py)
            left_out = "; ".join(excluded.c + excluded.py)
            print(
                f"mutation: baseline passes ({baseline.seconds:.0f} s)"
                + (f" once these are left out: {left_out}" if left_out else ""),
                flush=True,
            )
        else:  # build everything once, so that each mutant rebuilds only what it changed
            for copy in copies:
                built = copy.compile(c_all, bool(py_all))
                if built.returncode != 0:
                    raise MutationError(f"the unmutated copy does not build:\n{tail(built.output)}")

        todo: queue.Queue[Mutant] = queue.Queue()
        for m in mutants:
            todo.put(m)
        outcomes: dict[str, Outcome] = {}
        lock = threading.Lock()
        failures: list[BaseException] = []

        def worker(copy: Copy) -> None:
            while not failures:
                try:
                    m = todo.get_nowait()
                except queue.Empty:
                    return
                try:
                    o = test_mutant(copy, m, texts, excluded)
                except BaseException as e:  # reported by the main thread
                    failures.append(e)
                    return
                with lock:
                    outcomes[m.name] = o
                    said = "; ".join(o.killers) or (o.detail.splitlines() or [""])[-1]
                    print(
                        f"mutation: [{len(outcomes)}/{len(mutants)}] {m.name}: {o.status} "
                        f"({o.seconds:.0f} s) {said}",
                        flush=True,
                    )

        threads = [threading.Thread(target=worker, args=(c,), daemon=True) for c in copies]
        for t in threads:
            t.start()
        try:
            for t in threads:
                while t.is_alive():
                    t.join(timeout=1)
        except KeyboardInterrupt:
            failures.append(MutationError("interrupted"))
            stop_running()
            raise
        if failures:
            raise failures[0]
    ordered = [outcomes[m.name] for m in mutants]
    total = time.monotonic() - t0
    if options.report is not None:
        text = report(ordered, mutants, texts, baseline, excluded, started, total)
        options.report.parent.mkdir(parents=True, exist_ok=True)
        options.report.write_text(text)
        print(f"mutation: wrote {options.report}")
    broken = [o for o in ordered if o.status == "error"]
    for o in broken:
        print(f"mutation: {o.name} does not build:\n{o.detail}", file=sys.stderr)
    survived = [o.name for o in ordered if o.status == "survived"]
    killed = sum(o.status == "killed" for o in ordered)
    print(
        f"mutation: {killed} of {len(ordered)} killed"
        + (f"; survived: {', '.join(survived)}" if survived else "")
        + f" ({total / 60:.1f} min)"
    )
    if broken:
        return 2
    return 1 if survived else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: list, or run the mutants and report."""
    options = parse_args(sys.argv[1:] if argv is None else argv)
    if options.list:
        for m in MUTANTS:
            where = ", ".join(m.files)
            print(f"{m.name:36} {where}\n{'':36} {m.bug}")
        return 0
    try:
        if options.check_anchors:
            read_sources(MUTANTS)
            print(f"mutation: the anchors of all {len(MUTANTS)} mutants are found")
            return 0
        return run_all(options)
    except MutationError as e:
        print(f"mutation: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mutation: interrupted (the copies under build/mutation may hold a mutant)")
        return 130


if __name__ == "__main__":
    sys.exit(main())
