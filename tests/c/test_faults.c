/*
 * tests/c/test_faults.c - every allocation, and every interrupt poll, of a
 * call failed in turn (DESIGN 3: failure is atomic).
 *
 * For each call (apply; sssp compute and update, with the Dijkstra and the
 * near-far engines, repairing and falling back; cycle_count compute and
 * update; dyng_update with an sssp and a cycle_count result) and each kind
 * of fault, the sweep runs the call on fresh copies with fault k = 1, 2, ...
 * until a run meets no fault:
 *   - allocation k fails (dyng_testing_fail_allocation): the call returns
 *     DYNG_OUT_OF_MEMORY, or succeeds when it has a way around the failure;
 *   - the interrupt flag is raised at poll k and stays raised
 *     (dyng_testing_interrupt_at_poll): the call returns DYNG_INTERRUPTED,
 *     or succeeds when the poll came after the point of no return (an
 *     update's repairs run to their end once the batch is applied).
 * A failed call must leave the graph (out- and in-rows, weights, edges,
 * counts, version, state id) and every result (arrays, graph version and
 * state id) exactly as before, and a compute must produce nothing; a call
 * that succeeds must give exactly what the same call gives without faults.
 * The graphs are big enough (a few thousand vertices) that the loops' own
 * polls, every few thousand steps, are reached, on OpenMP's threads too.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/alloc.h"
#include "core/resources_internal.h"
#include "refmodel.h"
#include "rng.h"

/* ------------------------------------------------------------------------ */
/* The world a call works on, and its snapshot                               */

typedef struct world {
    dyng_graph *g;
    dyng_sssp_result *sp;        /* may be NULL */
    dyng_cycle_count_result *cc; /* may be NULL */
} world;

typedef struct shot {
    gsnap graph;
    int64_t sp_n;
    int64_t *sp_dist, *sp_par;
    uint64_t sp_version, sp_state;
    int64_t cc_len;
    uint64_t *cc_counts;
    uint64_t cc_version, cc_state;
} shot;

static void shot_take(shot *s, const world *w) {
    memset(s, 0, sizeof *s);
    snap_take(&s->graph, w->g);
    if (w->sp != NULL) {
        const int64_t *d, *p;
        REQUIRE_OK(dyng_sssp_result_num_vertices(&s->sp_n, w->sp));
        REQUIRE_OK(dyng_sssp_result_distances(&d, w->sp));
        REQUIRE_OK(dyng_sssp_result_parents(&p, w->sp));
        s->sp_dist = rm_xdup(d, (size_t)s->sp_n * 8);
        s->sp_par = rm_xdup(p, (size_t)s->sp_n * 8);
        REQUIRE_OK(dyng_sssp_result_graph_version(&s->sp_version, w->sp));
        REQUIRE_OK(dyng_sssp_result_graph_state_id(&s->sp_state, w->sp));
    }
    if (w->cc != NULL) {
        const uint64_t *c;
        REQUIRE_OK(dyng_cycle_count_result_counts(&c, &s->cc_len, w->cc));
        s->cc_counts = rm_xdup(c, (size_t)s->cc_len * 8);
        REQUIRE_OK(dyng_cycle_count_result_graph_version(&s->cc_version, w->cc));
        REQUIRE_OK(dyng_cycle_count_result_graph_state_id(&s->cc_state, w->cc));
    }
}

static void shot_free(shot *s) {
    snap_free(&s->graph);
    free(s->sp_dist);
    free(s->sp_par);
    free(s->cc_counts);
}

/* Equal snapshots; with_state compares the state ids too (a graph's and its
 * results' state ids are new after every apply, so two worlds that applied
 * the same batch differ in them and only in them). */
static bool shot_equal(const shot *a, const shot *b, bool with_state, const char *what) {
    bool ok = snap_diff(&a->graph, &b->graph, with_state, what);
    ok = ok && a->sp_n == b->sp_n && a->cc_len == b->cc_len;
    ok = ok && (a->sp_dist == NULL) == (b->sp_dist == NULL);
    ok = ok && (a->sp_dist == NULL || (memcmp(a->sp_dist, b->sp_dist, (size_t)a->sp_n * 8) == 0 &&
                                       memcmp(a->sp_par, b->sp_par, (size_t)a->sp_n * 8) == 0));
    ok = ok &&
         (a->cc_counts == NULL || memcmp(a->cc_counts, b->cc_counts, (size_t)a->cc_len * 8) == 0);
    ok = ok && a->sp_version == b->sp_version && a->cc_version == b->cc_version;
    if (with_state)
        ok = ok && a->sp_state == b->sp_state && a->cc_state == b->cc_state;
    if (!ok)
        fprintf(stderr, "  %s: the graph or a result differs\n", what);
    return ok;
}

/* A deep copy of `from`, on resources without scratch space (so that a call
 * makes every allocation of a first call: a resources handle keeps its
 * scratch space for the calls after). */
static void world_clone(world *to, const world *from) {
    memset(to, 0, sizeof *to);
    REQUIRE_OK(dyng_graph_clone(&to->g, from->g));
    if (from->sp != NULL)
        REQUIRE_OK(dyng_sssp_result_clone(&to->sp, from->sp));
    if (from->cc != NULL)
        REQUIRE_OK(dyng_cycle_count_result_clone(&to->cc, from->cc));
    dyng_resources *r = NULL;
    REQUIRE_OK(dyng_graph_resources(&r, to->g));
    REQUIRE_OK(dyng_resources_release_scratch(r));
}

static void world_free(world *w) {
    dyng_graph_free(&w->g);
    dyng_sssp_result_free(&w->sp);
    dyng_cycle_count_result_free(&w->cc);
}

/* ------------------------------------------------------------------------ */
/* The calls                                                                 */

typedef enum call_kind {
    CALL_APPLY,
    CALL_SSSP_COMPUTE,
    CALL_SSSP_UPDATE,
    CALL_CYCLE_COMPUTE,
    CALL_CYCLE_UPDATE,
    CALL_UPDATE_BOTH
} call_kind;

typedef struct call {
    const char *name;
    call_kind kind;
    const dyng_batch *b;
    dyng_sssp_options sp_options;
    dyng_cycle_count_options cc_options;
} call;

/* Run c on w. A compute puts its result into w (replacing none). */
static dyng_status run_call(const call *c, world *w) {
    dyng_apply_summary sum;
    switch (c->kind) {
    case CALL_APPLY: return dyng_graph_apply(w->g, c->b, &sum);
    case CALL_SSSP_COMPUTE: {
        dyng_sssp_result *r = (dyng_sssp_result *)&sum; /* must become NULL on failure */
        dyng_status st = dyng_sssp_compute(&r, w->g, 0, &c->sp_options);
        CHECK((st == DYNG_OK) == (r != NULL));
        w->sp = st == DYNG_OK ? r : NULL;
        return st;
    }
    case CALL_SSSP_UPDATE: return dyng_sssp_update(w->g, c->b, w->sp, NULL);
    case CALL_CYCLE_COMPUTE: {
        dyng_cycle_count_result *r = (dyng_cycle_count_result *)&sum;
        dyng_status st = dyng_cycle_count_compute(&r, w->g, &c->cc_options);
        CHECK((st == DYNG_OK) == (r != NULL));
        w->cc = st == DYNG_OK ? r : NULL;
        return st;
    }
    case CALL_CYCLE_UPDATE: return dyng_cycle_count_update(w->g, c->b, w->cc, NULL);
    case CALL_UPDATE_BOTH: {
        dyng_result_ref refs[2] = {{DYNG_RESULT_SSSP, w->sp, NULL},
                                   {DYNG_RESULT_CYCLE_COUNT, w->cc, NULL}};
        return dyng_update(w->g, c->b, refs, 2);
    }
    }
    return DYNG_INTERNAL;
}

/* ------------------------------------------------------------------------ */
/* The sweep                                                                 */

typedef enum fault_kind { FAULT_ALLOCATION, FAULT_INTERRUPT } fault_kind;

static int64_t arm(fault_kind f, int64_t k) {
    return f == FAULT_ALLOCATION ? dyng_testing_fail_allocation(k)
                                 : dyng_testing_interrupt_at_poll(k);
}

/* Sweep fault f over call c on copies of `base`. Returns the number of
 * faulted runs that failed. */
static int64_t sweep(const call *c, const world *base, fault_kind f) {
    const char *fault = f == FAULT_ALLOCATION ? "allocation" : "interrupt";
    const dyng_status expect_fail = f == FAULT_ALLOCATION ? DYNG_OUT_OF_MEMORY : DYNG_INTERRUPTED;
    /* What the call gives without faults. */
    world ref;
    world_clone(&ref, base);
    arm(f, 0);
    REQUIRE_OK(run_call(c, &ref));
    const int64_t total = arm(f, 0);
    shot want;
    shot_take(&want, &ref);
    world_free(&ref);

    int64_t failed = 0, survived = 0, k = 1;
    for (;; k++) {
        world w;
        world_clone(&w, base);
        shot before;
        shot_take(&before, &w);
        arm(f, k);
        const dyng_status st = run_call(c, &w);
        const int64_t made = arm(f, 0);
        char what[160];
        snprintf(what, sizeof what, "%s, %s %" PRId64 " of %" PRId64, c->name, fault, k, made);
        shot after;
        shot_take(&after, &w);
        if (st == DYNG_OK) {
            if (!shot_equal(&after, &want, false, what))
                check_failed_count++;
            survived += made >= k;
        } else {
            failed++;
            if (st != expect_fail) {
                fprintf(stderr, "  %s: returned %s (%s), expected %s\n", what, dyng_status_name(st),
                        dyng_error_message(), dyng_status_name(expect_fail));
                check_failed_count++;
            }
            if (!shot_equal(&after, &before, true, what))
                check_failed_count++;
        }
        shot_free(&before);
        shot_free(&after);
        world_free(&w);
        if (made < k)
            break; /* the fault was never reached: every point was swept */
        if (check_failed_count > 0 || k > 100000)
            break;
    }
    CHECK(failed > 0); /* every call allocates and polls */
    printf("%-40s %-10s %6" PRId64 " points, %6" PRId64 " failed cleanly, %4" PRId64
           " got around\n",
           c->name, fault, total, failed, survived);
    shot_free(&want);
    return failed;
}

/* ------------------------------------------------------------------------ */
/* Graphs and batches                                                        */

/* A directed graph of n vertices and about m random edges, weights 1..9,
 * int32 ids, in-edges stored. */
static dyng_graph *random_graph(int64_t n, int64_t m) {
    int32_t *s = rm_xmalloc((size_t)m * 4), *d = rm_xmalloc((size_t)m * 4);
    int32_t *w = rm_xmalloc((size_t)m * 4);
    for (int64_t e = 0; e < m; e++) {
        s[e] = (int32_t)(e < n ? e : rng_below(n)); /* every vertex has an out-edge */
        d[e] = (int32_t)rng_below(n);
        w[e] = (int32_t)(1 + rng_below(9));
    }
    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, n, m, s, d, w, NULL));
    free(s);
    free(d);
    free(w);
    return g;
}

/* A batch: deletions of existing edges (tree edges among them, so the sssp
 * repair invalidates subtrees), insertions of new and existing pairs (weight
 * updates), and edges to two new vertices. */
static dyng_batch *random_batch(const dyng_graph *g, int64_t count) {
    int64_t n = 0, m = 0;
    REQUIRE_OK(dyng_graph_num_vertices(&n, g));
    REQUIRE_OK(dyng_graph_num_entries(&m, g));
    int32_t *src = rm_xmalloc((size_t)m * 4), *dst = rm_xmalloc((size_t)m * 4);
    REQUIRE_OK(dyng_graph_to_edges(g, src, dst, NULL));
    int32_t *du = rm_xmalloc((size_t)count * 4), *dv = rm_xmalloc((size_t)count * 4);
    int32_t *iu = rm_xmalloc((size_t)(count + 2) * 4), *iv = rm_xmalloc((size_t)(count + 2) * 4);
    int32_t *iw = rm_xmalloc((size_t)(count + 2) * 4);
    for (int64_t i = 0; i < count; i++) {
        int64_t e = i < 4 ? i : rng_below(m); /* the first rows: near the source */
        du[i] = src[e];
        dv[i] = dst[e];
        iu[i] = (int32_t)rng_below(n);
        iv[i] = (int32_t)rng_below(n);
        iw[i] = (int32_t)(1 + rng_below(9));
    }
    iu[count] = 0;
    iv[count] = (int32_t)n + 1; /* grows the graph by two vertices */
    iu[count + 1] = (int32_t)n + 1;
    iv[count + 1] = (int32_t)n;
    iw[count] = 3;
    iw[count + 1] = 4;
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 1));
    REQUIRE_OK(dyng_batch_add_deletions(b, count, du, dv));
    REQUIRE_OK(dyng_batch_add_insertions(b, count + 2, iu, iv, iw));
    free(src);
    free(dst);
    free(du);
    free(dv);
    free(iu);
    free(iv);
    free(iw);
    return b;
}

int main(void) {
    rng_state = 0x5EEDF00DULL;
    /* A graph for shortest paths: big enough that the queue loops poll
     * (every 4096 pops) and the recomputation fallback happens. */
    world sp_base = {random_graph(6000, 24000), NULL, NULL};
    dyng_batch *sp_small = random_batch(sp_base.g, 8), *sp_big = random_batch(sp_base.g, 400);
    /* A smaller one for cycles (the searches grow fast with the length). */
    world cc_base = {random_graph(300, 1200), NULL, NULL};
    dyng_batch *cc_batch = random_batch(cc_base.g, 20);

    call c;
    memset(&c, 0, sizeof c);
    REQUIRE_OK(dyng_sssp_options_default(&c.sp_options));
    REQUIRE_OK(dyng_cycle_count_options_default(&c.cc_options));
    c.cc_options.max_length = 5;
    int64_t failures = 0;

    for (int f = FAULT_ALLOCATION; f <= FAULT_INTERRUPT; f++) {
        c.name = "apply";
        c.kind = CALL_APPLY;
        c.b = sp_big;
        failures += sweep(&c, &sp_base, (fault_kind)f);

        /* sssp: both engines, then updates that repair and that fall back. */
        static const dyng_sssp_engine engines[2] = {DYNG_SSSP_DIJKSTRA, DYNG_SSSP_NEAR_FAR};
        for (int e = 0; e < 2; e++) {
            c.name = e == 0 ? "sssp compute (dijkstra)" : "sssp compute (near-far)";
            c.kind = CALL_SSSP_COMPUTE;
            c.sp_options.engine = engines[e];
            failures += sweep(&c, &sp_base, (fault_kind)f);
        }
        /* Updates that repair and that fall back, with one thread's radix
         * heap (engine dijkstra) and with the parallel push (near_far). */
        static const char *const update_names[2][2] = {
            {"sssp update (repair)", "sssp update (400 changes)"},
            {"sssp update (near-far push)", "sssp update (near-far, 400 changes)"}};
        for (int e = 0; e < 2; e++) {
            world sp_world = sp_base;
            c.sp_options.engine = engines[e];
            REQUIRE_OK(dyng_sssp_compute(&sp_world.sp, sp_base.g, 0, &c.sp_options));
            c.kind = CALL_SSSP_UPDATE;
            for (int size = 0; size < 2; size++) {
                c.name = update_names[e][size];
                c.b = size == 0 ? sp_small : sp_big;
                failures += sweep(&c, &sp_world, (fault_kind)f);
            }
            dyng_sssp_result_free(&sp_world.sp);
        }
        c.sp_options.engine = DYNG_SSSP_DIJKSTRA;

        /* cycle_count. */
        c.name = "cycle_count compute (k = 5)";
        c.kind = CALL_CYCLE_COMPUTE;
        failures += sweep(&c, &cc_base, (fault_kind)f);
        world cc_world = cc_base;
        REQUIRE_OK(dyng_cycle_count_compute(&cc_world.cc, cc_base.g, &c.cc_options));
        c.name = "cycle_count update";
        c.kind = CALL_CYCLE_UPDATE;
        c.b = cc_batch;
        failures += sweep(&c, &cc_world, (fault_kind)f);

        /* dyng_update with both results on one graph. */
        REQUIRE_OK(dyng_sssp_compute(&cc_world.sp, cc_base.g, 0, &c.sp_options));
        c.name = "dyng_update (sssp + cycle_count)";
        c.kind = CALL_UPDATE_BOTH;
        failures += sweep(&c, &cc_world, (fault_kind)f);

        dyng_sssp_result_free(&cc_world.sp);
        dyng_cycle_count_result_free(&cc_world.cc);
    }
    CHECK(failures > 0);
    dyng_batch_free(&sp_small);
    dyng_batch_free(&sp_big);
    dyng_batch_free(&cc_batch);
    world_free(&sp_base);
    world_free(&cc_base);
    return check_finish("test_faults");
}
