/*
 * src/algorithms/sssp/sssp.c - the public sssp entry points: options,
 * results, compute and update (dyng/sssp.h).
 *
 * An update validates and allocates everything before the graph changes:
 * the staleness check, the options and the batch's weights in the objective
 * column (dyng_i_sssp_check, before the apply's own checks); then, once the
 * apply has accepted the batch and before it commits, room for the vertex
 * count the batch leaves (result arrays and the repair's work arrays:
 * dyng_i_sssp_prepare), keeping the arrays it replaces until the update
 * ends, so that a failed update puts them back (dyng_i_sssp_abort). The
 * repair after the commit cannot fail.
 */
#include <stdatomic.h>
#include <string.h>

#include "algorithms/sssp/sssp_bindings.h"
#include "algorithms/sssp/sssp_internal.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "core/stages.h"

static const dyng_i_sssp_kernels *kernels_of(const dyng_graph *g) {
    if (g->p.vertex_type == DYNG_TYPE_INT64)
        return &dyng_i_sssp_v64_o64;
    return g->p.offset_type == DYNG_TYPE_INT64 ? &dyng_i_sssp_v32_o64 : &dyng_i_sssp_v32_o32;
}

dyng_status dyng_sssp_options_default(dyng_sssp_options *out) {
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    out->objective = 0;
    out->engine = DYNG_SSSP_AUTO;
    out->validate_inputs = true;
    out->fallback_fraction = 0.03;
    out->fallback_max_fraction = 0.5;
    return DYNG_OK;
}

static dyng_status check_options(const dyng_sssp_options *o, const dyng_graph *g) {
    const int K = g->p.num_weights;
    if (o->objective < 0 || (K > 0 && o->objective >= K) || (K == 0 && o->objective != 0))
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "objective is %d; the graph has %d weight columns (accepted: 0..%d)",
                            o->objective, K, K > 0 ? K - 1 : 0);
    if (o->engine != DYNG_SSSP_AUTO && o->engine != DYNG_SSSP_DIJKSTRA &&
        o->engine != DYNG_SSSP_NEAR_FAR)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "engine is %d; accepted: auto, dijkstra, near_far", (int)o->engine);
    if (o->delta < 0)
        return dyng_i_error(
            DYNG_INVALID_ARGUMENT,
            "delta is %lld; accepted: 0 (chosen from a sample of the rows' weights) or more",
            (long long)o->delta);
    if (!(o->fallback_fraction >= 0.0 && o->fallback_fraction <= 1.0))
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "fallback_fraction is %g; accepted: a number from 0 to 1",
                            o->fallback_fraction);
    if (!(o->fallback_max_fraction >= 0.0 && o->fallback_max_fraction <= 1.0))
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "fallback_max_fraction is %g; accepted: a number from 0 to 1",
                            o->fallback_max_fraction);
    return DYNG_OK;
}

/* ---- storage ------------------------------------------------------------- */

/* Free the arrays of w that hold cap entries (not its queues). */
static void work_arrays_free(dyng_i_sssp_work *w) {
    dyng_i_free(w->heap);
    dyng_i_free(w->pos);
    dyng_i_free(w->mark);
    dyng_i_free(w->touched);
    dyng_i_free(w->old_d);
    dyng_i_free(w->old_p);
    dyng_i_free(w->queue);
}

static void work_free(dyng_i_sssp_work *w) {
    work_arrays_free(w);
    dyng_i_radix_free(&w->radix);
    dyng_i_buckets_free(&w->ring);
    memset(w, 0, sizeof *w);
}

/* Work arrays for cap vertices: all or nothing, the old ones kept on failure.
 * New arrays start clean (pos -1, mark 0), as the old ones are between calls.
 * Those read at random (the marks, and old_d/old_p, which a recomputation
 * swaps in as the result's arrays) are asked to live on huge pages, as the
 * result's arrays are (result_reserve). Only a prepare grows them: the
 * arrays it replaces are not freed here but left to the update's journal
 * (r->undo, taken before), which frees or restores them. */
static dyng_status work_reserve(dyng_i_sssp_work *w, int64_t cap) {
    if (w->cap >= cap)
        return DYNG_OK;
    cap = cap < 16 ? 16 : cap;
    dyng_i_sssp_work next = {.cap = cap};
    const size_t c = (size_t)cap;
    next.heap = dyng_i_malloc(c, sizeof(dyng_i_heap_entry));
    next.pos = dyng_i_malloc(c, sizeof(int64_t));
    next.mark = dyng_i_malloc_big(c, 1); /* cleared below */
    next.touched = dyng_i_malloc(c, sizeof(int64_t));
    next.old_d = dyng_i_malloc_big(c, sizeof(int64_t));
    next.old_p = dyng_i_malloc_big(c, sizeof(int64_t));
    next.queue = dyng_i_malloc(c, sizeof(int64_t));
    if (!next.heap || !next.pos || !next.mark || !next.touched || !next.old_d || !next.old_p ||
        !next.queue) {
        work_arrays_free(&next);
        return dyng_i_oom("sssp work arrays", c * 57);
    }
    /* heap and pos stay untouched (and, on large arrays, unfaulted) until
     * the compute that cannot fail needs them: it sets pos itself. */
    /* Touch every page of the marks now: a repair marks vertices all over
     * the graph, and faulting a page at a time made the first dozen updates
     * of a result on R-MAT (2^20 vertices, 100 changes) take 2x to 6x longer
     * in the invalidation. */
    memset(next.mark, 0, c);
    next.radix = w->radix; /* kept: the queues do not depend on cap */
    next.ring = w->ring;
    *w = next; /* the old arrays: the journal's */
    return DYNG_OK;
}

/* Room for cap entries in the result's arrays, keeping the first n. They are
 * asked to live on huge pages (dyng_i_malloc_big): the invalidation, the pull
 * and the push read and write them at random, and on R-MAT (2^20 vertices)
 * an update of 100 or 1,000 changes took 19% to 26% less for it (A/B in one
 * process); on the 1M grid, whose repairs stay local, the same. With `keep`
 * (a prepare), the arrays it replaces are left to the update's journal
 * (r->undo) instead of freed. */
static dyng_status result_reserve(dyng_sssp_result *r, int64_t cap, bool keep) {
    if (r->cap >= cap)
        return DYNG_OK;
    cap = cap < 16 ? 16 : cap;
    int64_t *dist = dyng_i_malloc_big((size_t)cap, sizeof(int64_t));
    int64_t *parent = dyng_i_malloc_big((size_t)cap, sizeof(int64_t));
    if (!dist || !parent) {
        dyng_i_free(dist);
        dyng_i_free(parent);
        return dyng_i_oom("sssp result arrays", (size_t)cap * 16);
    }
    if (r->n > 0) {
        memcpy(dist, r->dist, (size_t)r->n * sizeof(int64_t));
        memcpy(parent, r->parent, (size_t)r->n * sizeof(int64_t));
    }
    if (!keep) {
        dyng_i_free(r->dist);
        dyng_i_free(r->parent);
    }
    r->dist = dist;
    r->parent = parent;
    r->cap = cap;
    return DYNG_OK;
}

/* End an update's journal (r->undo; nothing when none is open). With
 * `keep` (the update succeeded), free the arrays its prepare replaced;
 * otherwise free those it made and put the old ones back, with their
 * capacities. */
static void undo_end(dyng_sssp_result *r, bool keep) {
    dyng_i_sssp_undo *u = &r->undo;
    if (!u->active)
        return;
    if (r->cap != u->cap) { /* replaced by result_reserve */
        dyng_i_free(keep ? u->dist : r->dist);
        dyng_i_free(keep ? u->parent : r->parent);
        if (!keep) {
            r->dist = u->dist;
            r->parent = u->parent;
            r->cap = u->cap;
        }
    }
    if (r->work.cap != u->work.cap) { /* replaced by work_reserve */
        if (keep) {
            work_arrays_free(&u->work);
        } else {
            work_arrays_free(&r->work);
            r->work = u->work; /* the same queues: a prepare leaves them */
        }
    }
    memset(u, 0, sizeof *u);
}

dyng_status dyng_sssp_result_free(dyng_sssp_result **r) {
    if (r == NULL || *r == NULL)
        return DYNG_OK;
    undo_end(*r, false); /* none is open outside dyng_update */
    work_free(&(*r)->work);
    dyng_i_free((*r)->dist);
    dyng_i_free((*r)->parent);
    dyng_i_free(*r);
    *r = NULL;
    return DYNG_OK;
}

/* A new result for g's current state, with room for n entries. */
static dyng_status result_new(dyng_sssp_result **out, const dyng_graph *g, int64_t source,
                              const dyng_sssp_options *o) {
    dyng_sssp_result *r = dyng_i_calloc(1, sizeof *r);
    if (r == NULL)
        return dyng_i_oom("an sssp result", sizeof *r);
    r->kind = DYNG_RESULT_SSSP;
    r->source = source;
    r->options = *o;
    r->changed_all = true;
    r->reached = -1;
    r->touch_est = -1.0;
    r->touch_ratio = 1.0;
    r->graph_version = g->version;
    r->graph_state_id = g->state_id;
    dyng_status st = result_reserve(r, g->n, false);
    if (st != DYNG_OK) {
        dyng_sssp_result_free(&r);
        return st;
    }
    *out = r;
    return DYNG_OK;
}

/*
 * The auto choices (ADR 0004, rules 6, 9 and 11), made on several threads and
 * graphs of at least 2^16 entries; elsewhere Dijkstra. Near-far pays off
 * where the frontiers are wide:
 *  - degrees that are skewed say so, from a sample of about 16,384 rows (a
 *    coefficient of variation of at least 1: hubs, as in social, web and
 *    R-MAT graphs, whose diameter is small): near-far at once;
 *  - otherwise, on graphs of 2^17 vertices or more, Dijkstra starts and
 *    tests the frontier once it has settled 2,048 vertices. A queue at least
 *    as long says the graph expands (random graphs of mean degree 4 to 8:
 *    6,000 to 14,000 entries then, of mean degree 2 just under 2,000;
 *    178,000 on R-MAT), and near-far
 *    starts over; a road network or a grid, whose frontier grows like the
 *    square root of what is settled (97 to 641 entries), runs Dijkstra to
 *    the end, which relaxes each edge once;
 *  - smaller graphs run Dijkstra: their arrays fit the caches.
 * Since Dijkstra loads ahead from its ring (2026-12-05), near-far on two
 * threads no longer beats it on road-like graphs: the 1M grid 59 against 54
 * ms, mdual 12.9 against 13.4; random graphs of 2^17 to 2^20 vertices and
 * mean degree 4 still gain 1.7x to 1.8x, R-MAT 2^20 1.6x.
 * The step delta: a sixteenth of the mean weight on skewed graphs (many
 * vertices share each distance class there, and a finer step wastes fewer
 * relaxations), twice the mean weight elsewhere (fewer, fuller buckets on
 * long paths). bench/sssp_peers.py measured both (ADR 0004).
 */
typedef struct row_shape {
    bool skewed;   /* degrees with a coefficient of variation of at least 1 */
    double degree; /* the mean row length                                  */
    double weight; /* the mean weight of the objective column (1 without)  */
} row_shape;

static row_shape sample_rows(const dyng_graph *g, int obj) {
    dyng_i_sssp_sample s = {0, 0, 0, 0.0};
    if (g->n > 0)
        kernels_of(g)->sample(g, obj, g->n > 16384 ? g->n / 16384 : 1, &s);
    row_shape r = {false, 0.0, 1.0};
    if (s.rows == 0 || s.entries == 0)
        return r;
    r.degree = (double)s.entries / (double)s.rows;
    r.skewed = s.length_sq / (double)s.rows >= 2.0 * r.degree * r.degree;
    if (g->p.num_weights > 0)
        r.weight = (double)s.weight_sum / (double)s.entries;
    return r;
}

#ifdef DYNG_TESTING_HOOKS
static atomic_llong handovers[2];

void dyng_testing_sssp_handovers(int64_t *narrow, int64_t *wide) {
    *narrow = (int64_t)atomic_exchange(&handovers[0], 0);
    *wide = (int64_t)atomic_exchange(&handovers[1], 0);
}
#endif

void dyng_i_sssp_handover(bool wide) {
#ifdef DYNG_TESTING_HOOKS
    atomic_fetch_add(&handovers[wide], 1);
#else
    (void)wide;
#endif
}

/* What auto takes on several threads, before a compute runs (above). */
typedef enum auto_plan { AUTO_DIJKSTRA, AUTO_NEAR_FAR, AUTO_TEST_FRONTIER } auto_plan;

enum {
    AUTO_MIN_ENTRIES = 1 << 16,   /* below: Dijkstra                          */
    AUTO_TEST_VERTICES = 1 << 17, /* from here, the frontier test           */
    AUTO_TEST_SETTLED = 2048      /* the test, after this many settled vertices */
};

static auto_plan plan_of(const dyng_graph *g, row_shape shape) {
    if (g->out.live < AUTO_MIN_ENTRIES)
        return AUTO_DIJKSTRA;
    if (shape.skewed)
        return AUTO_NEAR_FAR;
    return g->n >= AUTO_TEST_VERTICES ? AUTO_TEST_FRONTIER : AUTO_DIJKSTRA;
}

static int64_t auto_delta(row_shape r) {
    const double d = r.skewed ? r.weight / 16.0 : 2.0 * r.weight;
    return d < 1.0 ? 1 : (int64_t)d;
}

/* The options (given, or the defaults) checked against g, the source in
 * range, and every weight of the objective at least 1: what compute and
 * from_arrays both need. */
static dyng_status check_inputs(dyng_sssp_options *o, const dyng_sssp_options *given,
                                const dyng_graph *g, int64_t source) {
    if (given)
        *o = *given;
    else
        dyng_sssp_options_default(o);
    DYNG_I_TRY(check_options(o, g));
    if (g->n == 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "source is %lld; the graph has no vertices, so there is no "
                            "source to take",
                            (long long)source);
    if (source < 0 || source >= g->n)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "source is %lld; the graph has %lld vertices (accepted: 0..%lld)",
                            (long long)source, (long long)g->n, (long long)(g->n - 1));
    return kernels_of(g)->check_weights(g, o->objective);
}

/* ---- compute and update ----------------------------------------------------- */

dyng_status dyng_sssp_compute(dyng_sssp_result **out, const dyng_graph *g, int64_t source,
                              const dyng_sssp_options *options) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(g);
    dyng_sssp_options o;
    DYNG_I_TRY(check_inputs(&o, options, g, source));
    /* The engines poll the flag every few thousand vertices, so a small graph
     * would finish before its first poll: a call made while the flag is set
     * stops here. */
    if (dyng_i_interrupted(g->res))
        return dyng_i_error(DYNG_INTERRUPTED, "sssp compute was interrupted");
    dyng_sssp_result *r = NULL;
    DYNG_I_TRY(result_new(&r, g, source, &o));
    /* The work arrays wait for the first update; the compute's own queue
     * grows with what it reaches. auto samples the rows only where near-far
     * is possible (several threads, at least 2^16 entries), and its choice
     * is kept for the repairs on several threads (repair_step). */
    const bool chooses =
        o.engine == DYNG_SSSP_AUTO && dyng_i_threads(g->res) > 1 && g->out.live >= AUTO_MIN_ENTRIES;
    row_shape shape = {false, 0.0, 1.0};
    auto_plan plan = o.engine == DYNG_SSSP_NEAR_FAR ? AUTO_NEAR_FAR : AUTO_DIJKSTRA;
    if (plan == AUTO_NEAR_FAR || chooses)
        shape = sample_rows(g, o.objective);
    if (chooses)
        plan = plan_of(g, shape);
    dyng_status st = DYNG_OK;
    int64_t t0 = dyng_i_stage_start();
    if (plan != AUTO_NEAR_FAR) {
        dyng_i_dijkstra_run run = {0};
        run.probe = plan == AUTO_TEST_FRONTIER ? AUTO_TEST_SETTLED : 0;
        st = kernels_of(g)->compute(g, o.objective, source, r->dist, r->parent, &r->work, g->res,
                                    true, &run);
        dyng_i_stage_end("sssp.dijkstra", t0);
        r->reached = run.reached;
        if (st == DYNG_OK && run.wide) { /* the frontier test said near-far: start over */
            plan = AUTO_NEAR_FAR;
            t0 = dyng_i_stage_start();
        }
    }
    if (plan == AUTO_NEAR_FAR) {
        const int64_t delta = o.delta > 0 ? o.delta : auto_delta(shape);
        st = kernels_of(g)->near_far(g, o.objective, source, delta, r->dist, r->parent, g->res,
                                     o.engine == DYNG_SSSP_AUTO, &r->reached);
        dyng_i_stage_end("sssp.near_far", t0);
    }
    if (chooses || o.engine == DYNG_SSSP_NEAR_FAR)
        r->nf_step = plan == AUTO_NEAR_FAR ? auto_delta(shape) : -1;
    if (st != DYNG_OK) {
        dyng_sssp_result_free(&r);
        return st;
    }
    r->n = g->n;
    *out = r;
    return DYNG_OK;
}

/* The near-far step of a repair on several threads: the option's, or for
 * engine near_far the auto step, or for engine auto what the compute chose
 * (0: Dijkstra's queues). A result computed on one thread (or cloned, or
 * imported) has no choice to keep: the rows are sampled once, and without
 * the frontier test, which needs a compute, only skewed degrees take
 * near-far. */
static int64_t repair_step(const dyng_graph *g, dyng_sssp_result *r) {
    const dyng_sssp_options *o = &r->options;
    if (o->delta > 0)
        return o->delta;
    if (r->nf_step == 0) {
        const row_shape shape = sample_rows(g, o->objective);
        const bool wide = o->engine == DYNG_SSSP_NEAR_FAR || plan_of(g, shape) == AUTO_NEAR_FAR;
        r->nf_step = wide ? auto_delta(shape) : -1;
    }
    return r->nf_step > 0 ? r->nf_step : 0;
}

dyng_status dyng_i_sssp_check(const dyng_graph *g, const dyng_batch *b, const dyng_sssp_result *r) {
    if (r->graph_version != g->version || r->graph_state_id != g->state_id)
        return dyng_i_stale_error("sssp", r->graph_version, r->graph_state_id, g->version,
                                  g->state_id);
    DYNG_I_TRY(check_options(&r->options, g));
    const int K = g->p.num_weights, obj = r->options.objective;
    if (K > 0 && b->num_weights == K)
        for (int64_t i = 0; i < b->num_ins; i++)
            if (b->ins_w[i * K + obj] < 1)
                return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                    "insertion %lld has weight %d in column %d; sssp needs weights "
                                    ">= 1",
                                    (long long)i, (int)b->ins_w[i * K + obj], obj);
    return DYNG_OK;
}

/* Open an update's journal (r->undo): what the reserves below replace. */
static void undo_begin(dyng_sssp_result *r) {
    r->undo = (dyng_i_sssp_undo){
        .active = true, .dist = r->dist, .parent = r->parent, .cap = r->cap, .work = r->work};
}

/* Room for cap entries in the result's arrays and the work arrays, the
 * arrays replaced kept in the journal. */
static dyng_status reserve_all(dyng_sssp_result *r, int64_t cap) {
    DYNG_I_TRY(result_reserve(r, cap, true));
    return work_reserve(&r->work, r->cap);
}

dyng_status dyng_i_sssp_prepare(const dyng_graph *g, dyng_sssp_result *r, int64_t n_new) {
    (void)g;
    undo_begin(r);
    /* The result's arrays and work.old_d/old_p get the same capacity, so
     * that a recomputation can swap them. Growth leaves half again as much
     * room, as the graph's vertex records do: a stream that adds a vertex a
     * batch would otherwise copy every array at every batch (6.5 ms a batch
     * on 4M vertices, against 9 us when the vertex exists); when that room
     * is more than memory allows, what the batch needs. */
    const int64_t need = n_new > r->work.cap ? n_new : r->work.cap;
    int64_t room = need;
    if (need > r->cap && r->cap > 0 && r->cap <= INT64_MAX / 3 && need < r->cap + r->cap / 2)
        room = r->cap + r->cap / 2;
    dyng_status st = reserve_all(r, room);
    if (st == DYNG_OUT_OF_MEMORY && room > need) {
        undo_end(r, false); /* the arrays before again */
        undo_begin(r);
        st = reserve_all(r, need);
    }
    return st;
}

void dyng_i_sssp_abort(dyng_sssp_result *r) { undo_end(r, false); }

/* What the fallback limits of r on a graph of n vertices are fractions of
 * (sssp.h, "The fallback limit"): the vertices the tree reaches, which a
 * recomputation settles, or n / DYNG_I_LIMIT_FLOOR where it reaches fewer
 * (a recomputation also writes every entry). */
#define DYNG_I_LIMIT_FLOOR 8
static double limit_count(dyng_sssp_result *r, int64_t n) {
    const int64_t reached = dyng_i_sssp_reached(r), floor = n / DYNG_I_LIMIT_FLOOR;
    return (double)(reached > floor ? reached : floor);
}

/* The fallback limit that fallback_fraction alone gives: that fraction of
 * limit_count; n when the fraction is 1 (never). */
static int64_t base_limit(dyng_sssp_result *r, int64_t n) {
    if (r->options.fallback_fraction >= 1.0)
        return n;
    return (int64_t)(r->options.fallback_fraction * limit_count(r, n));
}

/* The widest the invalidation walk may go: DYNG_I_WALK_WIDEN times the base
 * limit, at most fallback_max_fraction of what the base counts (so a fixed
 * limit, a maximum at or below fallback_fraction or a fraction of 0 or 1,
 * never widens), when the batch read so far says the walk will end within
 * it (dyng_i_sssp_widen); `limit` after a widened walk missed (wide_missed).
 * The walk alone is what a batch that passes it wastes, at a fifth to half
 * a compute's time per vertex on the road networks and the grid, where a
 * small batch's repair of an eighth to a third of the tree costs a third
 * to three quarters of a recomputation (ADR 0015: 8 rather than 4). */
#define DYNG_I_WALK_WIDEN 8
static int64_t wide_limit(dyng_sssp_result *r, int64_t n, int64_t limit, int64_t base) {
    if (r->wide_missed)
        return limit;
    const double top = r->options.fallback_max_fraction * limit_count(r, n);
    const double wide = DYNG_I_WALK_WIDEN * (double)base;
    const int64_t w = (int64_t)(wide < top ? wide : top);
    return w > limit ? w : limit;
}

/* The vertices a repair of r may touch before recomputing (sssp.h, "The
 * fallback limit"): `base`, what fallback_fraction alone gives
 * (base_limit, which counts r->reached if it is unknown), or,
 * raised, the fraction min(2e, fallback_max_fraction) of the vertices the
 * tree reaches, which a recomputation settles. */
static int64_t fallback_limit(const dyng_sssp_result *r, int64_t base) {
    const dyng_sssp_options *o = &r->options;
    const double e = r->touch_est, top = o->fallback_max_fraction;
    if (!dyng_i_sssp_limit_adapts(o) || e < 0.0 || e >= top)
        return base;
    const int64_t raised = (int64_t)((2.0 * e < top ? 2.0 * e : top) * (double)r->reached);
    return raised > base ? raised : base;
}

/* Learn from an update of r what the next one may touch; `base` is the limit
 * that fallback_fraction alone gave it. Fractions count against the vertices
 * the tree reaches after the update (r->reached: a recomputation counts
 * them, a repair keeps the count). */
static void learn_touch(dyng_sssp_result *r, const dyng_sssp_stats *s, int64_t base) {
    const int64_t reached = dyng_i_sssp_reached(r);
    const double changed = (double)(s->affected > 0 ? s->affected : 1);
    const double settled = (double)(reached > 0 ? reached : 1);
    if (!s->fallback_used) {
        const double touched = (double)r->changed;
        r->touch_ratio = touched > changed ? touched / changed : 1.0;
        r->touch_est = touched / settled;
        return;
    }
    /* Recomputed. A raised limit that the batch passed: it touched more
     * than the limit, so at least limit / changed per changed entry. */
    if (s->fallback_limit > base) {
        const double passed = (double)s->fallback_limit / changed;
        r->touch_ratio = passed > r->touch_ratio ? passed : r->touch_ratio;
    }
    r->touch_est = (double)s->affected * r->touch_ratio / settled;
}

void dyng_i_sssp_finish(const dyng_graph *g, const dyng_batch *b, dyng_sssp_result *r,
                        const dyng_apply_summary *applied, dyng_sssp_stats *stats) {
    undo_end(r, true); /* the batch is applied: the arrays before go */
    dyng_sssp_stats s;
    memset(&s, 0, sizeof s);
    s.apply = *applied;
    /* Recompute a directed graph without in-edges (nothing to pull from),
     * and a loose tree: a repair keeps the parents it does not touch, and
     * the canonical tree may differ from it anywhere. */
    const bool recompute = (g->p.directed && !g->p.store_transposed) || r->loose;
    int64_t nf_delta = 0;
    const bool nf_always = r->options.engine == DYNG_SSSP_NEAR_FAR;
    if (nf_always || (r->options.engine == DYNG_SSSP_AUTO && dyng_i_threads(g->res) > 1))
        nf_delta = repair_step(g, r);
    const int64_t base = base_limit(r, g->n);
    s.fallback_limit = fallback_limit(r, base);
    const int64_t limit = s.fallback_limit;
    const int64_t wide = wide_limit(r, g->n, limit, base);
    kernels_of(g)->repair(g, b, r, &s, wide, recompute, nf_delta, nf_always);
    if (dyng_i_sssp_limit_adapts(&r->options)) {
        learn_touch(r, &s, base);
        /* A widened walk that passed the wider limit too: the stream's
         * batches invalidate more than it, so the next walks stop at the
         * limit until a batch is repaired. */
        r->wide_missed = s.fallback_used ? r->wide_missed || s.fallback_limit > limit : false;
    }
    s.converged = true;
    r->loose = false;
    r->graph_version = g->version;
    r->graph_state_id = g->state_id;
    if (stats)
        *stats = s;
}

dyng_status dyng_sssp_update(dyng_graph *g, const dyng_batch *b, dyng_sssp_result *r,
                             dyng_sssp_stats *stats) {
    DYNG_I_CHECK_ARG(g); /* named here, not as dyng_update's */
    DYNG_I_CHECK_ARG(b);
    DYNG_I_CHECK_ARG(r);
    dyng_result_ref ref = {DYNG_RESULT_SSSP, r, stats};
    return dyng_update(g, b, &ref, 1);
}

/* ---- results --------------------------------------------------------------- */

dyng_status dyng_sssp_result_clone(dyng_sssp_result **out, const dyng_sssp_result *r) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(r);
    dyng_sssp_result *c = dyng_i_calloc(1, sizeof *c);
    if (c == NULL)
        return dyng_i_oom("an sssp result", sizeof *c);
    c->kind = DYNG_RESULT_SSSP;
    c->source = r->source;
    c->options = r->options;
    c->changed_all = true;
    c->loose = r->loose;
    c->reached = r->reached;
    c->touch_est = r->touch_est;
    c->touch_ratio = r->touch_ratio;
    c->wide_missed = r->wide_missed;
    c->graph_version = r->graph_version;
    c->graph_state_id = r->graph_state_id;
    dyng_status st = result_reserve(c, r->n, false);
    if (st != DYNG_OK) {
        dyng_sssp_result_free(&c);
        return st;
    }
    memcpy(c->dist, r->dist, (size_t)r->n * sizeof(int64_t));
    memcpy(c->parent, r->parent, (size_t)r->n * sizeof(int64_t));
    c->n = r->n;
    *out = c;
    return DYNG_OK;
}

dyng_status dyng_sssp_result_from_arrays(dyng_sssp_result **out, const dyng_graph *g,
                                         int64_t source, const int64_t *distances,
                                         const int64_t *parents, const dyng_sssp_options *options) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(g);
    if (g->n > 0 && (distances == NULL || parents == NULL))
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "distances and parents must not be NULL");
    dyng_sssp_options o;
    DYNG_I_TRY(check_inputs(&o, options, g, source));
    bool lowest = true;
    DYNG_I_TRY(kernels_of(g)->check(g, o.objective, source, distances, parents, o.validate_inputs,
                                    &lowest));
    dyng_sssp_result *r = NULL;
    DYNG_I_TRY(result_new(&r, g, source, &o));
    r->loose = !lowest;
    memcpy(r->dist, distances, (size_t)g->n * sizeof(int64_t));
    memcpy(r->parent, parents, (size_t)g->n * sizeof(int64_t));
    r->n = g->n;
    *out = r;
    return DYNG_OK;
}

dyng_status dyng_sssp_result_num_vertices(int64_t *n, const dyng_sssp_result *r) {
    DYNG_I_CHECK_ARG(n);
    DYNG_I_CHECK_ARG(r);
    *n = r->n;
    return DYNG_OK;
}

dyng_status dyng_sssp_result_distances(const int64_t **distances, const dyng_sssp_result *r) {
    DYNG_I_CHECK_ARG(distances);
    DYNG_I_CHECK_ARG(r);
    *distances = r->dist;
    return DYNG_OK;
}

dyng_status dyng_sssp_result_parents(const int64_t **parents, const dyng_sssp_result *r) {
    DYNG_I_CHECK_ARG(parents);
    DYNG_I_CHECK_ARG(r);
    *parents = r->parent;
    return DYNG_OK;
}

int64_t dyng_i_sssp_result_capacity(const dyng_sssp_result *r) { return r->cap; }

int64_t *dyng_i_sssp_result_exchange(dyng_sssp_result *r, int which, int64_t *fresh) {
    int64_t **slot = which == 0 ? &r->dist : &r->parent;
    int64_t *had = *slot;
    *slot = fresh;
    return had;
}

dyng_status dyng_sssp_result_source(int64_t *source, const dyng_sssp_result *r) {
    DYNG_I_CHECK_ARG(source);
    DYNG_I_CHECK_ARG(r);
    *source = r->source;
    return DYNG_OK;
}

dyng_status dyng_sssp_result_options(dyng_sssp_options *options, const dyng_sssp_result *r) {
    DYNG_I_CHECK_ARG(options);
    DYNG_I_CHECK_ARG(r);
    *options = r->options;
    return DYNG_OK;
}

dyng_status dyng_sssp_result_changed(const int64_t **vertices, int64_t *count, bool *all,
                                     const dyng_sssp_result *r) {
    DYNG_I_CHECK_ARG(vertices);
    DYNG_I_CHECK_ARG(count);
    DYNG_I_CHECK_ARG(all);
    DYNG_I_CHECK_ARG(r);
    *vertices = r->work.touched;
    *count = r->changed_all ? 0 : r->changed;
    *all = r->changed_all;
    return DYNG_OK;
}

dyng_status dyng_sssp_result_graph_version(uint64_t *version, const dyng_sssp_result *r) {
    DYNG_I_CHECK_ARG(version);
    DYNG_I_CHECK_ARG(r);
    *version = r->graph_version;
    return DYNG_OK;
}

dyng_status dyng_sssp_result_graph_state_id(uint64_t *state_id, const dyng_sssp_result *r) {
    DYNG_I_CHECK_ARG(state_id);
    DYNG_I_CHECK_ARG(r);
    *state_id = r->graph_state_id;
    return DYNG_OK;
}
