/*
 * src/graph/apply.c - changing a graph by a batch.
 *
 * The rules are those of docs/semantics.md. The method:
 *
 *  1. Validate the batch (ids, weights, self-loops, vertex growth) and turn
 *     it into "ops": one per change per stored direction, (row, col, seq),
 *     where seq is the order in which the change runs (deletions before
 *     insertions, or after). An undirected change gives an op in row u and
 *     one in row v; a directed graph with in-edges gets a second op list for
 *     the in-rows.
 *  2. Sort the ops by row (a stable radix sort, so each row's ops stay in
 *     run order) and read each touched row's record; give each row room in
 *     an arena (scratch space) for its old length plus its insertions.
 *  3. For each touched row, in parallel: sort its ops by (col, seq), count
 *     the existing copies of each target they name, and run the ops of each
 *     (row, col) pair through a small state machine on counts alone. Its
 *     outcome says how many leading copies go, which copy takes new weights,
 *     and whether a new copy is added. This yields the row's new length and
 *     the summary counters; the row's new contents are then rendered into the
 *     arena while the row is in cache.
 *  4. Lay the rows out: a row that still fits stays; one that does not moves
 *     to the end of the slot array with headroom. When dead slots would
 *     outnumber live entries the direction is repacked into fresh arrays.
 *     Every allocation happens here.
 *  5. Commit: copy the rendered rows into place (in parallel), then write
 *     the counters. The commit cannot fail, so a failure in steps 1-4 leaves
 *     the graph as it was, byte for byte.
 *
 * Cost: O(b + sum over touched rows of their length), plus a repack now and
 * then whose cost is paid for by the moves that made the dead slots. The
 * planning arrays come from the resources' scratch space, so a steady stream
 * of batches reuses the same memory.
 */
#include <stdatomic.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/alloc.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "graph_internal.h"

/* Why a batch failed inside the planning loop (reported after it). */
enum { FAIL_NONE = 0, FAIL_MISSING = 1, FAIL_EXISTING = 2 };

typedef struct counters {
    int64_t inserted, updated, deleted, ignored_del, ignored_ins, cancelled, merged;
} counters;

/* The whole plan of one apply. */
typedef struct plan {
    dyng_graph *g;
    const dyng_batch *b;
    int64_t n_old, n_new;
    int64_t self_loops_dropped;
    int64_t num_del, num_ins; /* list lengths */
    dyng_i_dirplan dir[2];    /* out-rows, then in-rows (directed with in-edges) */
    int num_dirs;
    dyng_i_op *op_tmp;         /* radix sort buffer (largest direction)         */
    dyng_i_pair *pairs, *ptmp; /* per-op sort buffers (largest direction)       */
    int64_t *counts;           /* per-op existing counts (largest direction)    */
    counters c;
    int64_t fail_seq; /* smallest seq of a failing op, or INT64_MAX       */
    int fail_why;
} plan;

/* ---- step 1: validation and ops ---- */

/* Read change i of a list of the batch as int64 ids. */
static void read_change(const dyng_batch *b, bool ins, int64_t i, int64_t *u, int64_t *v) {
    *u = dyng_i_read_id(ins ? b->ins_src : b->del_src, b->vertex_type, i);
    *v = dyng_i_read_id(ins ? b->ins_dst : b->del_dst, b->vertex_type, i);
}

/* True when a change is dropped as a self-loop. */
static bool dropped_loop(const dyng_graph *g, int64_t u, int64_t v) {
    return u == v && g->p.semantics.on_self_loop == DYNG_SELF_LOOP_DROP;
}

/*
 * Check every change; find the new vertex count and how many ops each
 * direction gets. Fails with nothing allocated.
 */
static dyng_status validate(plan *pl, int64_t *ops_out, int64_t *ops_in) {
    const dyng_graph *g = pl->g;
    const dyng_batch *b = pl->b;
    const dyng_batch_semantics *s = &g->p.semantics;
    const int64_t max_id = dyng_i_max_id(g->p.vertex_type);
    int64_t n_new = g->n, ops = 0, loops = 0;
    for (int list = 0; list < 2; list++) {
        const bool ins = list == 1;
        const int64_t count = ins ? b->num_ins : b->num_del;
        const char *what = ins ? "insertion" : "deletion";
        for (int64_t i = 0; i < count; i++) {
            int64_t u, v;
            read_change(b, ins, i, &u, &v);
            if (u < 0 || v < 0)
                return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                    "%s %lld is (%lld, %lld); ids must be >= 0", what, (long long)i,
                                    (long long)u, (long long)v);
            if (ins) {
                int64_t top = u > v ? u : v;
                if (top > max_id)
                    return dyng_i_error(DYNG_CAPACITY,
                                        "insertion %lld is (%lld, %lld); the graph's %s ids "
                                        "end at %lld",
                                        (long long)i, (long long)u, (long long)v,
                                        dyng_type_name(g->p.vertex_type), (long long)max_id);
                if (top >= g->n && !s->allow_vertex_growth)
                    return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                        "insertion %lld is (%lld, %lld) but the graph has %lld "
                                        "vertices and allow_vertex_growth is off",
                                        (long long)i, (long long)u, (long long)v, (long long)g->n);
            }
            if (u == v) {
                if (s->on_self_loop == DYNG_SELF_LOOP_ERROR)
                    return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                        "%s %lld is the self-loop (%lld, %lld) and on_self_loop "
                                        "is 'error'; accepted: keep, drop",
                                        what, (long long)i, (long long)u, (long long)v);
                if (s->on_self_loop == DYNG_SELF_LOOP_DROP) {
                    loops++;
                    continue;
                }
            }
            if (ins) {
                int64_t top = u > v ? u : v;
                if (top >= n_new)
                    n_new = top + 1;
            }
            ops += (!g->p.directed && u != v) ? 2 : 1;
        }
    }
    pl->n_new = n_new;
    pl->self_loops_dropped = loops;
    *ops_out = ops;
    *ops_in = (g->p.directed && g->p.store_transposed) ? ops : 0;
    return DYNG_OK;
}

/* The processing order of change i of a list. */
static int64_t seq_of(const plan *pl, bool ins, int64_t i) {
    const bool del_first = pl->g->p.semantics.deletions_first;
    if (ins)
        return del_first ? pl->num_del + i : i;
    return del_first ? i : pl->num_ins + i;
}

/* Fill both op lists in run order. */
static void make_ops(plan *pl) {
    const dyng_graph *g = pl->g;
    const dyng_batch *b = pl->b;
    const bool del_first = g->p.semantics.deletions_first;
    int64_t k = 0;
    for (int pass = 0; pass < 2; pass++) {
        const bool ins = del_first ? pass == 1 : pass == 0;
        const int64_t count = ins ? b->num_ins : b->num_del;
        for (int64_t i = 0; i < count; i++) {
            int64_t u, v;
            read_change(b, ins, i, &u, &v);
            if (dropped_loop(g, u, v))
                continue;
            const int64_t seq = seq_of(pl, ins, i), index = ins ? i : -(i + 1);
            pl->dir[0].ops[k] = (dyng_i_op){u, v, seq, index};
            if (pl->num_dirs == 2)
                pl->dir[1].ops[k] = (dyng_i_op){v, u, seq, index};
            k++;
            if (!g->p.directed && u != v)
                pl->dir[0].ops[k++] = (dyng_i_op){v, u, seq, index};
        }
    }
}

/* ---- step 2: sorting ---- */

/* Stable LSD radix sort of ops by row (rows >= 0), 11 bits a pass. */
static void radix_sort_rows(dyng_i_op *ops, int64_t n, dyng_i_op *tmp) {
    int64_t max_row = 0;
    for (int64_t i = 0; i < n; i++)
        if (ops[i].row > max_row)
            max_row = ops[i].row;
    dyng_i_op *from = ops, *to = tmp;
    for (int shift = 0; shift < 63 && (max_row >> shift) > 0; shift += 11) {
        int64_t count[2049] = {0};
        for (int64_t i = 0; i < n; i++)
            count[((from[i].row >> shift) & 2047) + 1]++;
        for (int d = 0; d < 2048; d++)
            count[d + 1] += count[d];
        for (int64_t i = 0; i < n; i++)
            to[count[(from[i].row >> shift) & 2047]++] = from[i];
        dyng_i_op *t = from;
        from = to;
        to = t;
    }
    if (from != ops)
        memcpy(ops, from, (size_t)n * sizeof *ops);
}

/* Sort the ops of one row (already in seq order) by (col, seq). */
static void sort_row_ops(dyng_i_op *ops, int64_t n, dyng_i_pair *pairs, dyng_i_pair *tmp,
                         const plan *pl) {
    bool sorted = true;
    for (int64_t i = 1; i < n && sorted; i++)
        sorted = ops[i].col > ops[i - 1].col;
    if (sorted)
        return;
    for (int64_t i = 0; i < n; i++) {
        pairs[i].key = ops[i].col;
        pairs[i].pos = ops[i].seq;
    }
    dyng_i_sort_pairs(pairs, n, tmp);
    const int64_t row = ops[0].row;
    const bool del_first = pl->g->p.semantics.deletions_first;
    for (int64_t i = 0; i < n; i++) {
        int64_t seq = pairs[i].pos, index;
        if (del_first)
            index = seq < pl->num_del ? -(seq + 1) : seq - pl->num_del;
        else
            index = seq < pl->num_ins ? seq : -(seq - pl->num_ins + 1);
        ops[i] = (dyng_i_op){row, pairs[i].key, seq, index};
    }
}

/* ---- step 3: what each (row, col) pair's ops do ---- */

/*
 * Run the ops of one pair on counts: `existing` copies are there. Fills the
 * outcome; adds to the counters when `count`; returns FAIL_* with *fail_seq.
 */
static int run_pair(const plan *pl, const dyng_i_op *ops, int64_t n, int64_t existing,
                    dyng_i_outcome *o, counters *c, bool count, int64_t *fail_seq) {
    const dyng_batch_semantics *s = &pl->g->p.semantics;
    const dyng_i_op *run[2];
    int64_t nrun = 0, dels = 0, inss = 0;
    if (s->as_sets) {
        /* One deletion and one insertion at most (the last weights win),
         * in run order. */
        const dyng_i_op *first_del = NULL, *first_ins = NULL, *last_ins = NULL;
        for (int64_t i = 0; i < n; i++) {
            if (ops[i].index < 0) {
                dels++;
                if (first_del == NULL)
                    first_del = &ops[i];
            } else {
                inss++;
                if (first_ins == NULL)
                    first_ins = &ops[i];
                last_ins = &ops[i];
            }
        }
        if (count)
            c->merged += (dels > 1 ? dels - 1 : 0) + (inss > 1 ? inss - 1 : 0);
        if (first_del != NULL && first_ins != NULL && first_ins->seq < first_del->seq) {
            run[nrun++] = last_ins;
            run[nrun++] = first_del;
        } else {
            if (first_del != NULL)
                run[nrun++] = first_del;
            if (last_ins != NULL)
                run[nrun++] = last_ins;
        }
    }
    int64_t removed = 0, live_new = 0, eff_del = 0, eff_ins = 0;
    o->col = ops[0].col;
    o->removed = 0;
    o->override_ins = -1;
    o->new_ins = -1;
    o->new_seq = 0;
    o->seen = 0;
    for (int64_t i = 0; i < (s->as_sets ? nrun : n); i++) {
        const dyng_i_op *op = s->as_sets ? run[i] : &ops[i];
        if (op->index < 0) { /* deletion: the first remaining copy goes */
            if (existing - removed > 0) {
                removed++;
                o->override_ins = -1;
                eff_del++;
            } else if (live_new) {
                live_new = 0;
                o->new_ins = -1;
                eff_del++;
            } else if (s->on_missing_delete == DYNG_MISSING_ERROR) {
                *fail_seq = op->seq;
                return FAIL_MISSING;
            } else if (count) {
                c->ignored_del++;
            }
        } else if (existing - removed + live_new > 0) { /* insertion of an existing pair */
            if (s->on_existing_insert == DYNG_EXISTING_ERROR) {
                *fail_seq = op->seq;
                return FAIL_EXISTING;
            }
            if (s->on_existing_insert == DYNG_EXISTING_IGNORE) {
                if (count)
                    c->ignored_ins++;
            } else {
                if (existing - removed > 0)
                    o->override_ins = op->index;
                else
                    o->new_ins = op->index;
                if (count)
                    c->updated++;
            }
        } else { /* insertion of a new pair */
            live_new = 1;
            o->new_ins = op->index;
            /* New copies are appended in run order; as sets, the run order
             * within a row is by target. */
            o->new_seq = s->as_sets ? op->col : op->seq;
            eff_ins++;
        }
    }
    o->removed = removed;
    if (count) {
        if (s->as_sets && eff_del > 0 && eff_ins > 0) {
            c->cancelled++;
            eff_del--;
            eff_ins--;
        }
        c->deleted += eff_del;
        c->inserted += eff_ins;
    }
    return FAIL_NONE;
}

/*
 * Sort one direction's ops by row and cut them into rows; read each touched
 * row's record (where it is, its length and capacity) and give it room in the
 * arena for its old length plus its insertions. Returns the arena entries
 * the direction needs.
 */
static int64_t group_rows(plan *pl, dyng_i_dirplan *dp) {
    const dyng_graph *g = pl->g;
    radix_sort_rows(dp->ops, dp->num_ops, pl->op_tmp);
    int64_t nr = 0;
    for (int64_t i = 0; i < dp->num_ops; i++)
        if (i == 0 || dp->ops[i].row != dp->ops[i - 1].row) {
            if (nr > 0)
                dp->rows[nr - 1].op_end = i;
            dp->rows[nr].row = dp->ops[i].row;
            dp->rows[nr].op_begin = i;
            nr++;
        }
    if (nr > 0)
        dp->rows[nr - 1].op_end = dp->num_ops;
    dp->num_rows = nr;
    int threads = dyng_i_threads(g->res);
    (void)threads;
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static) if (nr > 20000)
#endif
    for (int64_t r = 0; r < nr; r++) {
        if (r + 16 < nr && dp->rows[r + 16].row < pl->n_old)
            g->k->prefetch(dp->adj, dp->rows[r + 16].row, 0);
        dyng_i_rowplan *rp = &dp->rows[r];
        if (rp->row < pl->n_old) {
            g->k->row_info(dp->adj, rp->row, &rp->old_off, &rp->old_len, &rp->old_cap);
        } else {
            rp->old_off = 0;
            rp->old_len = 0;
            rp->old_cap = 0;
        }
        int64_t ins = 0;
        for (int64_t i = rp->op_begin; i < rp->op_end; i++)
            ins += dp->ops[i].index >= 0;
        rp->arena_off = rp->row < pl->n_new ? rp->old_len + ins : 0; /* room; offsets below */
    }
    int64_t total = 0;
    for (int64_t r = 0; r < nr; r++) {
        const int64_t room = dp->rows[r].arena_off;
        dp->rows[r].arena_off = total;
        total += room;
    }
    return total;
}

/*
 * Plan the rows of one direction: sort, group, count, run the state
 * machines. `count` is set for the direction whose ops count in the summary
 * (undirected: only ops with row <= col count, so each edge counts once).
 */
static void plan_rows(plan *pl, dyng_i_dirplan *dp, bool count, bool *interrupted) {
    const dyng_graph *g = pl->g;
    const bool sorted = g->p.order == DYNG_ORDER_SORTED;
    const bool undirected = !g->p.directed;
    const int64_t nr = dp->num_rows;
    const size_t vs = dyng_type_size(g->p.vertex_type);
    const int K = g->p.num_weights;
    counters total = {0};
    int64_t fail_seq = INT64_MAX;
    int fail_why = FAIL_NONE;
    atomic_int stop;
    atomic_init(&stop, 0);
    int threads = dyng_i_threads(g->res);
    (void)threads;
#ifdef _OPENMP
#pragma omp parallel num_threads(threads) if (dp -> num_ops > 20000)
#endif
    {
        counters mine = {0};
        int64_t my_fail_seq = INT64_MAX;
        int my_fail_why = FAIL_NONE;
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 256)
#endif
        for (int64_t r = 0; r < nr; r++) {
            if ((r & 1023) == 0 && dyng_i_interrupted(g->res))
                atomic_store_explicit(&stop, 1, memory_order_relaxed);
            if (atomic_load_explicit(&stop, memory_order_relaxed))
                continue;
#if defined(__GNUC__)
            if (r + 16 < nr) { /* group_rows read where the rows are */
                const int64_t off = dp->rows[r + 16].old_off;
                __builtin_prefetch((const char *)dp->adj->col + (size_t)off * vs);
                if (K > 0)
                    __builtin_prefetch(dp->adj->w + off * K);
            }
#endif
            dyng_i_rowplan *rp = &dp->rows[r];
            const int64_t b0 = rp->op_begin, nops = rp->op_end - rp->op_begin;
            dyng_i_op *ops = dp->ops + b0;
            sort_row_ops(ops, nops, pl->pairs + b0, pl->ptmp + b0, pl);
            /* One outcome per distinct col, in the row's own range. */
            dyng_i_outcome *groups = dp->outcomes + b0;
            int64_t ng = 0;
            for (int64_t i = 0; i < nops; i++)
                if (i == 0 || ops[i].col != ops[i - 1].col)
                    groups[ng++].col = ops[i].col;
            int64_t *existing = pl->counts + b0;
            if (rp->row < pl->n_old)
                g->k->count_existing(dp->adj, rp->row, sorted, groups, ng, existing);
            else
                memset(existing, 0, (size_t)ng * sizeof *existing);
            int64_t len = rp->old_len;
            int64_t gi = 0, news = 0;
            bool failed = false;
            for (int64_t i = 0; i < nops; gi++) {
                int64_t j = i;
                while (j < nops && ops[j].col == ops[i].col)
                    j++;
                bool counts_here = count && (!undirected || ops[i].row <= ops[i].col);
                int64_t fs = INT64_MAX;
                int why = run_pair(pl, ops + i, j - i, existing[gi], &groups[gi], &mine,
                                   counts_here, &fs);
                if (why != FAIL_NONE) {
                    failed = true; /* the batch fails: this row is not rendered */
                    if (fs < my_fail_seq) {
                        my_fail_seq = fs;
                        my_fail_why = why;
                    }
                }
                len += -groups[gi].removed + (groups[gi].new_ins >= 0 ? 1 : 0);
                if (groups[gi].new_ins >= 0) {
                    dp->news[b0 + news].key = groups[gi].new_seq;
                    dp->news[b0 + news].pos = b0 + gi;
                    news++;
                }
                i = j;
            }
            rp->out_begin = b0;
            rp->out_end = b0 + ng;
            rp->news_begin = b0;
            rp->news_end = b0 + news;
            rp->new_len = len;
            if (!sorted && news > 1)
                dyng_i_sort_pairs(dp->news + b0, news, pl->ptmp + b0);
            /* Render the new row into this thread's arena now, while the old
             * one is in cache; the commit only copies it into place. */
            if (rp->row < pl->n_new && !failed) {
                g->k->render_row(dp, rp, (char *)dp->arena.col + (size_t)rp->arena_off * vs,
                                 K > 0 ? dp->arena.w + rp->arena_off * K : NULL, sorted,
                                 pl->b->ins_w);
            }
        } /* end of the row-planning loop */
#ifdef _OPENMP
#pragma omp critical(dyng_apply_counters)
#endif
        {
            total.inserted += mine.inserted;
            total.updated += mine.updated;
            total.deleted += mine.deleted;
            total.ignored_del += mine.ignored_del;
            total.ignored_ins += mine.ignored_ins;
            total.cancelled += mine.cancelled;
            total.merged += mine.merged;
            if (my_fail_seq < fail_seq) {
                fail_seq = my_fail_seq;
                fail_why = my_fail_why;
            }
        }
    }
    if (atomic_load(&stop))
        *interrupted = true;
    if (count) {
        pl->c = total;
        pl->fail_seq = fail_seq;
        pl->fail_why = fail_why;
    }
}

/* The message for a change that the semantics make an error. */
static dyng_status report_failure(const plan *pl) {
    const bool del_first = pl->g->p.semantics.deletions_first;
    const int64_t seq = pl->fail_seq;
    bool ins;
    int64_t i;
    if (del_first) {
        ins = seq >= pl->num_del;
        i = ins ? seq - pl->num_del : seq;
    } else {
        ins = seq < pl->num_ins;
        i = ins ? seq : seq - pl->num_ins;
    }
    int64_t u, v;
    read_change(pl->b, ins, i, &u, &v);
    if (pl->fail_why == FAIL_MISSING)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "deletion %lld removes (%lld, %lld), which is not in the graph, and "
                            "on_missing_delete is 'error'; accepted instead: ignore",
                            (long long)i, (long long)u, (long long)v);
    return dyng_i_error(DYNG_INVALID_ARGUMENT,
                        "insertion %lld adds (%lld, %lld), which is already in the graph, and "
                        "on_existing_insert is 'error'; accepted instead: upsert, ignore",
                        (long long)i, (long long)u, (long long)v);
}

/* Free what planning allocated for a direction (before any commit). */
static void discard(const dyng_graph *g, dyng_i_dirplan *dp) { g->k->free_adj(&dp->fresh); }

/* Bytes of scratch one direction with n ops needs, 8-aligned pieces. */
static size_t dir_bytes(int64_t n) {
    return (size_t)n * (sizeof(dyng_i_op) + sizeof(dyng_i_outcome) + sizeof(dyng_i_rowplan) +
                        sizeof(dyng_i_pair));
}

dyng_status dyng_graph_apply(dyng_graph *g, const dyng_batch *b, dyng_apply_summary *summary) {
    DYNG_I_CHECK_ARG(g);
    DYNG_I_CHECK_ARG(b);
    if (summary != NULL)
        memset(summary, 0, sizeof *summary);
    if (b->num_weights != g->p.num_weights)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the batch has %d weights per insertion, the graph %d per edge",
                            b->num_weights, g->p.num_weights);
    if (dyng_i_interrupted(g->res))
        return dyng_i_error(DYNG_INTERRUPTED, "applying the batch was interrupted");

    plan pl;
    memset(&pl, 0, sizeof pl);
    pl.g = g;
    pl.b = b;
    pl.n_old = g->n;
    pl.num_del = b->num_del;
    pl.num_ins = b->num_ins;
    int64_t n_out = 0, n_in = 0;
    DYNG_I_TRY(validate(&pl, &n_out, &n_in));
    pl.num_dirs = n_in > 0 || (g->p.directed && g->p.store_transposed) ? 2 : 1;

    /* Scratch: per direction ops, outcomes, row plans, news; shared sort
     * buffers and counts sized for the larger direction. */
    const int64_t big = n_out > n_in ? n_out : n_in;
    size_t bytes = dir_bytes(n_out) + dir_bytes(n_in) +
                   (size_t)big * (sizeof(dyng_i_op) + 2 * sizeof(dyng_i_pair) + sizeof(int64_t));
    dyng_i_scratch scratch;
    DYNG_I_TRY(dyng_i_scratch_acquire(&scratch, g->res, bytes + 64));
    char *at = scratch.ptr;
    const int64_t sizes[2] = {n_out, n_in};
    for (int d = 0; d < pl.num_dirs; d++) {
        dyng_i_dirplan *dp = &pl.dir[d];
        dp->adj = d == 0 ? &g->out : &g->in;
        dp->num_ops = sizes[d];
        dp->ops = (dyng_i_op *)at;
        at += (size_t)sizes[d] * sizeof(dyng_i_op);
        dp->outcomes = (dyng_i_outcome *)at;
        at += (size_t)sizes[d] * sizeof(dyng_i_outcome);
        dp->rows = (dyng_i_rowplan *)at;
        at += (size_t)sizes[d] * sizeof(dyng_i_rowplan);
        dp->news = (dyng_i_pair *)at;
        at += (size_t)sizes[d] * sizeof(dyng_i_pair);
    }
    pl.op_tmp = (dyng_i_op *)at;
    at += (size_t)big * sizeof(dyng_i_op);
    pl.pairs = (dyng_i_pair *)at;
    at += (size_t)big * sizeof(dyng_i_pair);
    pl.ptmp = (dyng_i_pair *)at;
    at += (size_t)big * sizeof(dyng_i_pair);
    pl.counts = (int64_t *)at;

    make_ops(&pl);
    /* The arena: room for every touched row's new contents, both directions. */
    const size_t vs = dyng_type_size(g->p.vertex_type);
    const size_t entry = vs + (size_t)g->p.num_weights * sizeof(int32_t);
    int64_t arena_entries[2] = {0, 0};
    for (int d = 0; d < pl.num_dirs; d++)
        arena_entries[d] = group_rows(&pl, &pl.dir[d]);
    dyng_status st =
        dyng_i_scratch_more(&scratch, (size_t)(arena_entries[0] + arena_entries[1]) * entry + 64);
    if (st == DYNG_OK) {
        char *more = scratch.more;
        for (int d = 0; d < pl.num_dirs; d++) {
            const int64_t e = arena_entries[d];
            pl.dir[d].arena.col = more; /* 8-aligned: ids first */
            more += ((size_t)e * vs + 7) & ~(size_t)7;
            pl.dir[d].arena.w = g->p.num_weights > 0 ? (int32_t *)more : NULL;
            more += (((size_t)e * (size_t)g->p.num_weights * sizeof(int32_t)) + 7) & ~(size_t)7;
            pl.dir[d].arena.cap = e;
        }
    }
    bool interrupted = false;
    for (int d = 0; d < pl.num_dirs && st == DYNG_OK; d++) {
        plan_rows(&pl, &pl.dir[d], d == 0, &interrupted);
        if (interrupted)
            st = dyng_i_error(DYNG_INTERRUPTED, "applying the batch was interrupted");
        else if (d == 0 && pl.fail_why != FAIL_NONE)
            st = report_failure(&pl);
    }
    const int K = g->p.num_weights;
    for (int d = 0; d < pl.num_dirs && st == DYNG_OK; d++)
        st = g->k->plan_layout(&pl.dir[d], pl.n_old, pl.n_new, K);
    if (st != DYNG_OK) {
        for (int d = 0; d < pl.num_dirs; d++)
            discard(g, &pl.dir[d]);
        dyng_i_scratch_release(&scratch);
        return st;
    }

    /* ---- step 5: nothing below can fail ---- */
    for (int d = 0; d < pl.num_dirs; d++)
        g->k->commit(&pl.dir[d], pl.n_old, pl.n_new, K, g->res);
    dyng_i_scratch_release(&scratch);
    g->n = pl.n_new;
    g->m += pl.c.inserted - pl.c.deleted;
    g->version++;
    g->state_id = dyng_i_next_state_id();
    if (summary != NULL) {
        summary->inserted = pl.c.inserted;
        summary->updated = pl.c.updated;
        summary->deleted = pl.c.deleted;
        summary->ignored_deletions = pl.c.ignored_del;
        summary->ignored_insertions = pl.c.ignored_ins;
        summary->self_loops_dropped = pl.self_loops_dropped;
        summary->cancelled = pl.c.cancelled;
        summary->duplicates_merged = pl.c.merged;
        summary->new_vertices = pl.n_new - pl.n_old;
        summary->num_vertices = g->n;
        summary->num_edges = g->m;
        summary->version = g->version;
    }
    return DYNG_OK;
}
