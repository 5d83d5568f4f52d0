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
 *  2. Sort the ops by row (a stable radix sort of (row, position) pairs, so
 *     each row's ops stay in run order), cut them into touched rows, and
 *     read each touched row's record. A row's length after the batch is at
 *     most its length plus its insertions: that bound is all the layout
 *     needs.
 *  3. Only when an error switch of the semantics is on (on_missing_delete or
 *     on_existing_insert "error"): run the rules on every touched row without
 *     writing, and refuse a batch that fails.
 *  4. Lay the rows out: a row whose bound fits its capacity stays; the others
 *     get the smallest hole that holds them (slots another row left), else
 *     slots at the tail, with headroom. When the slots that would hold no
 *     live entry (and the hole lists) would pass a tenth of the bytes of
 *     the direction's records and live entries, the direction is repacked
 *     into fresh arrays instead (planned and allocated here, carried out by
 *     the commit). The places are chosen first (with two threads, one
 *     direction each: that part cannot fail), then every allocation is made.
 *  5. Commit, in parallel over rows: for each touched row, sort its ops by
 *     (col, seq), count the copies of each target they name, run each
 *     (row, col) pair through the rules (apply_plan.h), and rewrite the row
 *     where it lives or in its reserved slots; then write its record. Each
 *     row is visited once, which is what a batch of random changes costs.
 *     The slots each moved row left become holes for the next batches. A
 *     repack copies every row, in vertex order, to the fresh arrays, and
 *     rewrites each touched row there as it reaches it instead.
 *
 * Steps 1-4 change nothing that a reader of the graph can see (step 4 may
 * grow arrays, keeping their contents), and step 5 cannot fail, so a failure
 * (bad input, an error switch, out of memory, an interrupt) leaves the graph
 * as it was, byte for byte. dyng_update runs its results' prepares between
 * steps 3 and 4 (dyng_i_graph_apply_staged): after every check that can
 * refuse the batch, with the exact vertex count after it, on the graph as it
 * was, and before the graph's arrays grow; when one fails, the plan is
 * discarded as in any failure.
 *
 * Cost: O(b + sum over touched rows of their length), plus a repack now and
 * then whose cost is paid for by the changes that made the slack. The
 * planning arrays come from the resources' scratch space, so a steady stream
 * of batches reuses the same memory.
 */
#include <stdatomic.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "apply_plan.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "core/stages.h"

/* The whole plan of one apply. */
typedef struct plan {
    dyng_graph *g;
    const dyng_batch *b;
    int64_t n_old, n_new;
    int64_t self_loops_dropped;
    int64_t num_del, num_ins; /* list lengths */
    dyng_i_rules rules;
    dyng_i_dirplan dir[2]; /* out-rows, then in-rows (directed with in-edges) */
    int num_dirs;
    int per_dir; /* threads of step 2: 2 plans the two directions at once */
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
    int64_t n_new = g->n, ops = 0, loops = 0, top_i = -1;
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
                if (top >= n_new) {
                    n_new = top + 1;
                    top_i = i;
                }
            }
            ops += (!g->p.directed && u != v) ? 2 : 1;
        }
    }
    char why[DYNG_I_WHY_BYTES];
    if (n_new > g->n && dyng_i_records_pass_memory(&g->p, n_new, why)) {
        int64_t u, v;
        read_change(b, true, top_i, &u, &v);
        return dyng_i_error(DYNG_OUT_OF_MEMORY,
                            "insertion %lld is (%lld, %lld): the graph would grow to %lld "
                            "vertices, %s",
                            (long long)top_i, (long long)u, (long long)v, (long long)n_new, why);
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

/*
 * Step 1 writes, per op, a pair (row, position in run order): for an
 * undirected graph the position is twice the change's seq plus which end it
 * is, else the seq. Step 2 sorts the pairs (16 bytes, where an op is 32: the
 * sort's passes stay in cache) and makes each op from its pair and the batch,
 * in row order. The pairs live in the direction's pair buffers, which the
 * commit needs only later.
 */
static void make_pairs(plan *pl) {
    const dyng_graph *g = pl->g;
    const dyng_batch *b = pl->b;
    const bool del_first = g->p.semantics.deletions_first, both = !g->p.directed;
    dyng_i_pair *p0 = pl->dir[0].pairs;
    dyng_i_pair *p1 = pl->num_dirs == 2 ? pl->dir[1].pairs : NULL;
    int64_t n0 = 0, n1 = 0;
    for (int pass = 0; pass < 2; pass++) {
        const bool ins = del_first ? pass == 1 : pass == 0;
        const int64_t count = ins ? b->num_ins : b->num_del;
        for (int64_t i = 0; i < count; i++) {
            int64_t u, v;
            read_change(b, ins, i, &u, &v);
            if (dropped_loop(g, u, v))
                continue;
            const int64_t seq = seq_of(pl, ins, i);
            if (both) {
                p0[n0++] = (dyng_i_pair){u, 2 * seq};
                if (u != v)
                    p0[n0++] = (dyng_i_pair){v, 2 * seq + 1};
            } else {
                p0[n0++] = (dyng_i_pair){u, seq};
                if (p1 != NULL)
                    p1[n1++] = (dyng_i_pair){v, seq};
            }
        }
    }
}

/* ---- step 2: sorting ---- */

/* Sort direction d's pairs by row and make its ops from them, in row order. */
static void ops_from_pairs(plan *pl, int d) {
    dyng_i_dirplan *dp = &pl->dir[d];
    const int64_t n = dp->num_ops;
    dyng_i_radix_sort_pairs(dp->pairs, n, dp->ptmp);
    const bool both = !pl->g->p.directed;
    for (int64_t j = 0; j < n; j++) {
        const int64_t pos = dp->pairs[j].pos;
        const int64_t seq = both ? pos >> 1 : pos;
        const int64_t index = dyng_i_index_of(&pl->rules, seq);
        const bool ins = index >= 0;
        int64_t u, v;
        read_change(pl->b, ins, ins ? index : -(index + 1), &u, &v);
        const bool reversed = both ? (pos & 1) != 0 : d == 1;
        dp->ops[j] = reversed ? (dyng_i_op){v, u, seq, index} : (dyng_i_op){u, v, seq, index};
    }
}

/* ---- step 2: rows ---- */

/* Sort direction d's ops by row and cut them into touched rows. */
static void group_rows(plan *pl, int d) {
    dyng_i_dirplan *dp = &pl->dir[d];
    ops_from_pairs(pl, d);
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
}

/* Step 2 as a team's work (dyng_i_team): each direction's rows and records,
 * one direction per thread when the team has two. */
static void plan_directions(void *ctx) {
    plan *pl = ctx;
#ifdef _OPENMP
#pragma omp for schedule(static, 1)
#endif
    for (int d = 0; d < pl->num_dirs; d++) {
        group_rows(pl, d);
        pl->g->k->plan_rows(&pl->dir[d], &pl->rules, pl->per_dir > 1 ? NULL : pl->g->res);
    }
}

/* Step 4's first half as a team's work: where each direction's rows go
 * (it cannot fail), one direction per thread when the team has two. */
static void place_directions(void *ctx) {
    plan *pl = ctx;
#ifdef _OPENMP
#pragma omp for schedule(static, 1)
#endif
    for (int d = 0; d < pl->num_dirs; d++)
        pl->g->k->plan_places(&pl->dir[d], &pl->rules, pl->g->p.num_weights,
                              pl->per_dir > 1 ? NULL : pl->g->res);
}

/* The message for a change that the semantics make an error. */
static dyng_status report_failure(const plan *pl, int64_t seq, int why) {
    const int64_t index = dyng_i_index_of(&pl->rules, seq);
    const bool ins = index >= 0;
    const int64_t i = ins ? index : -(index + 1);
    int64_t u, v;
    read_change(pl->b, ins, i, &u, &v);
    if (why == DYNG_I_FAIL_MISSING)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "deletion %lld removes (%lld, %lld), which is not in the graph, and "
                            "on_missing_delete is 'error'; accepted instead: ignore",
                            (long long)i, (long long)u, (long long)v);
    return dyng_i_error(DYNG_INVALID_ARGUMENT,
                        "insertion %lld adds (%lld, %lld), which is already in the graph, and "
                        "on_existing_insert is 'error'; accepted instead: upsert, ignore",
                        (long long)i, (long long)u, (long long)v);
}

/* Bytes of scratch one direction with n ops needs: ops, row plans,
 * outcomes, existing counts, the slots each mover leaves, new copies and two
 * sort buffers per op. */
static size_t dir_bytes(int64_t n) {
    return (size_t)n * (sizeof(dyng_i_op) + sizeof(dyng_i_rowplan) + sizeof(dyng_i_outcome) +
                        sizeof(int64_t) + sizeof(dyng_i_region) + 3 * sizeof(dyng_i_pair));
}

/* Carve a direction's arrays out of the scratch at *at. */
static void carve(dyng_i_dirplan *dp, char **at, int64_t n) {
    dp->num_ops = n;
    dp->ops = (dyng_i_op *)*at;
    *at += (size_t)n * sizeof(dyng_i_op);
    dp->rows = (dyng_i_rowplan *)*at;
    *at += (size_t)n * sizeof(dyng_i_rowplan);
    dp->outcomes = (dyng_i_outcome *)*at;
    *at += (size_t)n * sizeof(dyng_i_outcome);
    dp->counts = (int64_t *)*at;
    *at += (size_t)n * sizeof(int64_t);
    dp->left = (dyng_i_region *)*at;
    *at += (size_t)n * sizeof(dyng_i_region);
    dp->news = (dyng_i_pair *)*at;
    *at += (size_t)n * sizeof(dyng_i_pair);
    dp->pairs = (dyng_i_pair *)*at;
    *at += (size_t)n * sizeof(dyng_i_pair);
    dp->ptmp = (dyng_i_pair *)*at;
    *at += (size_t)n * sizeof(dyng_i_pair);
}

/* Free what planning allocated (before any commit). */
static void discard(plan *pl) {
    for (int d = 0; d < pl->num_dirs; d++) {
        dyng_i_array_free(pl->dir[d].fresh_col);
        dyng_i_array_free(pl->dir[d].fresh_w);
        pl->dir[d].fresh_col = NULL;
        pl->dir[d].fresh_w = NULL;
    }
}

dyng_status dyng_graph_apply(dyng_graph *g, const dyng_batch *b, dyng_apply_summary *summary) {
    DYNG_I_CHECK_ARG(g);
    DYNG_I_CHECK_ARG(b);
    return dyng_i_graph_apply_staged(g, b, summary, NULL, NULL);
}

dyng_status dyng_i_graph_apply_staged(dyng_graph *g, const dyng_batch *b,
                                      dyng_apply_summary *summary, dyng_i_apply_ready ready,
                                      void *ctx) {
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
    int64_t t0 = dyng_i_stage_start();
    DYNG_I_TRY(validate(&pl, &n_out, &n_in));
    pl.num_dirs = g->p.directed && g->p.store_transposed ? 2 : 1;
    const dyng_batch_semantics *s = &g->p.semantics;
    pl.rules = (dyng_i_rules){.s = s,
                              .num_del = pl.num_del,
                              .num_ins = pl.num_ins,
                              .n_old = pl.n_old,
                              .n_new = pl.n_new,
                              .ins_w = b->ins_w,
                              .sorted = g->p.order == DYNG_ORDER_SORTED,
                              .undirected = !g->p.directed};

    /* Step 1: the ops, in scratch space. */
    const size_t bytes = dir_bytes(n_out) + dir_bytes(n_in);
    dyng_i_scratch scratch;
    DYNG_I_TRY(dyng_i_scratch_acquire(&scratch, g->res, bytes + 64));
    char *at = scratch.ptr;
    const int64_t sizes[2] = {n_out, n_in};
    for (int d = 0; d < pl.num_dirs; d++) {
        carve(&pl.dir[d], &at, sizes[d]);
        pl.dir[d].adj = d == 0 ? &g->out : &g->in;
        pl.dir[d].counted = d == 0;
    }
    make_pairs(&pl);
    dyng_i_stage_end("apply.ops", t0);

    /* Step 2: touched rows and their records; with two threads and two
     * directions, one direction each. */
    const int threads = dyng_i_threads(g->res);
    pl.per_dir = threads >= 2 && pl.num_dirs == 2 && n_out > 20000 ? 2 : 1;
    t0 = dyng_i_stage_start();
    dyng_i_team(pl.per_dir, plan_directions, &pl);
    dyng_i_stage_end("apply.rows", t0);
    int64_t max_len = 0;
    for (int d = 0; d < pl.num_dirs; d++)
        if (pl.dir[d].max_len > max_len)
            max_len = pl.dir[d].max_len;
    dyng_status st = DYNG_OK;
    if (dyng_i_interrupted(g->res))
        st = dyng_i_error(DYNG_INTERRUPTED, "applying the batch was interrupted");

    /* Step 3: refuse a batch that an error switch fails. */
    if (st == DYNG_OK && (s->on_missing_delete == DYNG_MISSING_ERROR ||
                          s->on_existing_insert == DYNG_EXISTING_ERROR)) {
        bool interrupted = false;
        t0 = dyng_i_stage_start();
        g->k->check_rows(&pl.dir[0], &pl.rules, g->res, &interrupted);
        dyng_i_stage_end("apply.check", t0);
        if (interrupted)
            st = dyng_i_error(DYNG_INTERRUPTED, "applying the batch was interrupted");
        else if (pl.dir[0].fail_why != DYNG_I_FAIL_NONE)
            st = report_failure(&pl, pl.dir[0].fail_seq, pl.dir[0].fail_why);
    }

    /* The batch has passed every check: the caller's step (dyng_update:
     * each result's prepare) runs on the graph as it was, knowing the vertex
     * count the commit will leave. Before step 4, so that a step that fails
     * leaves the graph's arrays as they were too (step 4 grows them). */
    if (st == DYNG_OK && ready != NULL)
        st = ready(ctx, g, pl.n_new);

    /* Step 4: where the rows go (both directions at once with two threads),
     * then every allocation; per thread, room for a copy of the longest
     * touched row. */
    const int K = g->p.num_weights;
    const size_t copy_bytes = ((((size_t)max_len * g->k->vertex_bytes + 7) & ~(size_t)7) +
                               (size_t)max_len * (size_t)K * sizeof(int32_t) + 15) &
                              ~(size_t)15;
    if (st == DYNG_OK) {
        t0 = dyng_i_stage_start();
        dyng_i_team(pl.per_dir, place_directions, &pl);
        st = dyng_i_scratch_more(&scratch, (size_t)threads * copy_bytes + 16);
        for (int d = 0; d < pl.num_dirs && st == DYNG_OK; d++) {
            pl.dir[d].row_copies = scratch.more;
            pl.dir[d].row_copy_bytes = copy_bytes;
            st = g->k->plan_layout(&pl.dir[d], &pl.rules, K);
        }
        dyng_i_stage_end("apply.layout", t0);
    }
    if (st == DYNG_OK && dyng_i_interrupted(g->res))
        st = dyng_i_error(DYNG_INTERRUPTED, "applying the batch was interrupted");
    if (st != DYNG_OK) {
        discard(&pl);
        dyng_i_scratch_release(&scratch);
        return st;
    }

    /* ---- step 5: nothing below can fail ---- */
    t0 = dyng_i_stage_start();
    for (int d = 0; d < pl.num_dirs; d++)
        g->k->commit(&pl.dir[d], &pl.rules, K, g->res);
    dyng_i_stage_end("apply.commit", t0);
    dyng_i_scratch_release(&scratch);
    const dyng_i_counters *c = &pl.dir[0].c;
    g->n = pl.n_new;
    g->m += c->inserted - c->deleted;
    g->version++;
    g->state_id = dyng_i_next_state_id();
    if (K > 0)
        dyng_i_weight_bounds(b->ins_w, b->num_ins, K, &g->low_weight_columns, &g->max_weight);
    if (summary != NULL) {
        summary->inserted = c->inserted;
        summary->updated = c->updated;
        summary->deleted = c->deleted;
        summary->ignored_deletions = c->ignored_del;
        summary->ignored_insertions = c->ignored_ins;
        summary->self_loops_dropped = pl.self_loops_dropped;
        summary->cancelled = c->cancelled;
        summary->duplicates_merged = c->merged;
        summary->new_vertices = pl.n_new - pl.n_old;
        summary->num_vertices = g->n;
        summary->num_edges = g->m;
        summary->version = g->version;
    }
    return DYNG_OK;
}
