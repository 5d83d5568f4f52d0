/*
 * src/algorithms/sssp/sssp_internal.h - the sssp result and its typed
 * kernels (internal).
 */
#ifndef DYNG_I_SSSP_INTERNAL_H
#define DYNG_I_SSSP_INTERNAL_H

#include "algorithms/sssp/bucket_queue.h"
#include "algorithms/sssp/heap.h"
#include "algorithms/sssp/radix_heap.h"
#include "dyng/sssp.h"
#include "dyng/update.h"
#include "graph/graph_internal.h"

/*
 * The work arrays of a repair, kept by the result between updates so that a
 * steady stream of batches allocates nothing. All hold `cap` entries; mark
 * is 0 for every vertex between calls (a repair resets what it set); pos is
 * set by the compute that uses the indexed heap, when it starts.
 */
typedef struct dyng_i_sssp_work {
    int64_t cap;
    dyng_i_heap_entry *heap; /* the recomputation's queue when the radix heap has
                                no memory (heap.h)                          */
    int64_t *pos;            /* a vertex's index in heap, or -1 (while it runs)    */
    uint8_t *mark;           /* per vertex: MARK_* bits                            */
    int64_t *touched;        /* vertices whose entry may have changed              */
    int64_t *old_d;          /* their distances before (touched[i]'s at i), or a   */
    int64_t *old_p;          /* recomputation's tree before; parents likewise
                                (a repair keeps those of the invalidated
                                vertices only). Of cap entries each, as the result's arrays once
                                an update has prepared: a recomputation swaps
                                them with the result's (sssp_recompute)         */
    int64_t *queue;          /* the invalidation walk                              */
    dyng_i_radix radix;      /* the push's queue (empty between calls)             */
    dyng_i_buckets ring;     /* the push's queue past its first keys when the
                                weights are small (empty between calls; its
                                ring is NULL until a repair needs one)        */
} dyng_i_sssp_work;

/*
 * What an update's prepare replaced (dyng_i_sssp_prepare), kept until the
 * update ends: its finish frees it, and a failed update puts it back
 * (dyng_i_sssp_abort), so that the result is as it was, the sizes of its
 * arrays included (DESIGN 3). A prepare replaces the result's arrays when
 * cap grows, and the work arrays when work.cap grows; the work's queues
 * (radix, ring) do not depend on cap and stay with the work either way.
 */
typedef struct dyng_i_sssp_undo {
    bool active;            /* a prepare started; the update has not ended */
    int64_t *dist, *parent; /* the result's arrays before                  */
    int64_t cap;            /* ... and their capacity                     */
    dyng_i_sssp_work work;  /* the work arrays before                      */
} dyng_i_sssp_undo;

struct dyng_sssp_result {
    dyng_result_kind kind; /* DYNG_RESULT_SSSP, first in every result: dyng_update
                              checks a dyng_result_ref's kind against it      */
    int64_t n, cap;        /* entries, and entries allocated                      */
    int64_t *dist;         /* n distances                                         */
    int64_t *parent;       /* n parents                                           */
    int64_t source;
    dyng_sssp_options options;
    uint64_t graph_version, graph_state_id;
    dyng_i_sssp_work work;
    int64_t changed;    /* work.touched[0 .. changed) after an update's repair */
    bool changed_all;   /* ... or every entry (a recomputation, or none yet)   */
    int64_t nf_step;    /* the near-far step of repairs on several threads:
                           the compute's auto choice, else sampled at the
                           first such update; -1: Dijkstra's; 0: not yet  */
    bool loose;         /* imported (validate_inputs off) with a tight parent
                           that is not the lowest-id one: the next update
                           recomputes, so that from then on the tree is
                           compute's                                          */
    double touch_est;   /* the fraction of the reached vertices the next
                           repair is expected to touch; -1: unknown (sssp.h,
                           "The fallback limit")                             */
    double touch_ratio; /* touched per changed vertex, as the last repair saw
                           (>= 1; 1 until one has; raised to the limit over
                           what changed when a batch passes a raised limit) */
    bool wide_missed;   /* a walk widened past the limit (sssp.c, wide_limit)
                           passed the wider limit too, and no batch has been
                           repaired since: walks stop at the limit          */
    int64_t reached;    /* vertices with a finite distance: counted by the
                           compute as it settles them; for a result imported
                           from arrays -1 until a repair needs it (counted
                           then); kept by the repairs and recomputations   */

    /* During an update: what its prepare replaced (dyng_i_sssp_undo). */
    dyng_i_sssp_undo undo;
};

/* The vertices r reaches (a finite distance among its n entries): r->reached,
 * counted the first time it is asked for, and kept from then on by the
 * repairs and recomputations. */
static inline int64_t dyng_i_sssp_reached(dyng_sssp_result *r) {
    if (r->reached < 0) {
        int64_t reached = 0;
        for (int64_t v = 0; v < r->n; v++)
            reached += r->dist[v] < DYNG_INFINITE_DISTANCE;
        r->reached = reached;
    }
    return r->reached;
}

/* Whether the fallback limit follows the stream (sssp.h, "The fallback
 * limit"): it may rise above fallback_fraction, and it bounds only the walk
 * that invalidates: the pull and the push go on to the end (not one
 * thread's push where a recomputation would run near-far on several).
 * Otherwise the limit is fixed, and the push stops at it too. */
static inline bool dyng_i_sssp_limit_adapts(const dyng_sssp_options *o) {
    return o->fallback_fraction > 0.0 && o->fallback_fraction < 1.0 &&
           o->fallback_max_fraction > o->fallback_fraction;
}

/* Whether the invalidation walk, past its limit *limit with `invalid`
 * vertices invalidated after reading `read` of the batch's `total` changes,
 * may go on to the wider limit `wide` (sssp.h, "The fallback limit"): once,
 * and only when invalidating at the same rate through the rest of the
 * batch would stay within half of it, or, for a batch read whole, within
 * it. A small batch has been read whole when its walk passes the limit,
 * and goes on; a large one passes it early, and falls back at once, as
 * before. The half is a margin for the part not read yet: on the 1M grid,
 * batches of 1,000 local changes whose rate said they would end within the
 * whole of it passed it, and the miss stopped the next walks from widening
 * (ADR 0015). When it widens, *limit becomes `wide`. */
static inline bool dyng_i_sssp_widen(double *limit, double wide, int64_t invalid, int64_t read,
                                     int64_t total) {
    const double room = read < total ? wide / 2 : wide;
    if (*limit >= wide || (double)invalid * (double)total > room * (double)read)
        return false;
    *limit = wide;
    return true;
}

/* dyng_update's parts for an sssp result (sssp.c; update.c says when each
 * runs):
 *  - check: staleness, the options, the batch's weights in the objective
 *    column; allocates nothing, changes nothing;
 *  - prepare: room for n_new vertices, the graph's count after the batch
 *    (the result's arrays and the repair's work arrays), keeping the arrays
 *    it replaces (r->undo);
 *  - abort: after a failed update, free what prepare made and put back what
 *    it replaced (nothing when no prepare started);
 *  - finish: free what prepare replaced, then the repair, which cannot
 *    fail. */
dyng_status dyng_i_sssp_check(const dyng_graph *g, const dyng_batch *b, const dyng_sssp_result *r);
dyng_status dyng_i_sssp_prepare(const dyng_graph *g, dyng_sssp_result *r, int64_t n_new);
void dyng_i_sssp_abort(dyng_sssp_result *r);
void dyng_i_sssp_finish(const dyng_graph *g, const dyng_batch *b, dyng_sssp_result *r,
                        const dyng_apply_summary *applied, dyng_sssp_stats *stats);

/* A sample of the rows, for the auto choices of compute (sssp.c). */
typedef struct dyng_i_sssp_sample {
    int64_t rows;       /* rows sampled                          */
    int64_t entries;    /* their entries                         */
    int64_t weight_sum; /* their weights in the objective column */
    double length_sq;   /* the sum of their lengths squared      */
} dyng_i_sssp_sample;

/* What a Dijkstra run is asked and reports, beyond its arrays. */
typedef struct dyng_i_dijkstra_run {
    /* in: after settling this many vertices (0: never), stop if the queue
     * holds at least as many entries (auto's test of the frontier, sssp.c) */
    int64_t probe;
    /* out: it stopped there (dist and parent are partial) */
    bool wide;
    /* out: the vertices it settled (all it reaches, unless it stopped),
     * which costs nothing to count there and a pass over every vertex later */
    int64_t reached;
    /* in (or NULL): a tree before, n entries each, that each settled vertex
     * is compared with (the recomputation's count, sssp.tmpl.h) */
    const int64_t *old_d, *old_p;
    /* out, with old_d: settled vertices whose distance or parent differs
     * from the tree before, and settled vertices it reached too */
    int64_t changed, was_reached;
} dyng_i_dijkstra_run;

/* The typed kernels (sssp.tmpl.h), per (vertex, offset) pair. */
typedef struct dyng_i_sssp_kernels {
    /* Dijkstra from `source` into dist / parent (n entries each), with the
     * result's work arrays (cap >= n); polls r's interrupt flag when `poll`;
     * run (or NULL) as dyng_i_dijkstra_run says. */
    dyng_status (*compute)(const dyng_graph *g, int obj, int64_t source, int64_t *dist,
                           int64_t *parent, dyng_i_sssp_work *w, dyng_resources *r, bool poll,
                           dyng_i_dijkstra_run *run);
    /* Repair after the batch was applied (cannot fail; see sssp.c), or
     * recompute when `recompute`. The walk that invalidates stops at
     * stats->fallback_limit, or goes on to `wide` (at least that limit) when
     * the batch read so far says it will end within it (dyng_i_sssp_widen).
     * With nf_delta > 0 the push and the recomputation may run near-far on
     * the graph's threads (the push always when nf_always, else when the pull
     * set enough vertices). */
    void (*repair)(const dyng_graph *g, const dyng_batch *b, dyng_sssp_result *res,
                   dyng_sssp_stats *stats, int64_t wide, bool recompute, int64_t nf_delta,
                   bool nf_always);
    /* Add the rows of every step-th vertex to *s (weights of column obj). */
    void (*sample)(const dyng_graph *g, int obj, int64_t step, dyng_i_sssp_sample *s);
    /* The parallel near-far engine (same results as compute, *reached too);
     * `adaptive` lets it hand narrow stretches to one thread's queue. */
    dyng_status (*near_far)(const dyng_graph *g, int obj, int64_t source, int64_t delta,
                            int64_t *dist, int64_t *parent, dyng_resources *r, bool adaptive,
                            int64_t *reached);
    /* Every weight of column obj is at least 1 (compute and from_arrays check
     * them all, so the repair's recomputation cannot meet a bad one). */
    dyng_status (*check_weights)(const dyng_graph *g, int obj);
    /* Check arrays against g (from_arrays); without `canonical`, *lowest
     * tells whether every parent is the lowest-id tight one all the same. */
    dyng_status (*check)(const dyng_graph *g, int obj, int64_t source, const int64_t *dist,
                         const int64_t *parent, bool canonical, bool *lowest);
} dyng_i_sssp_kernels;

/* Counts a compute's handover from near-far to one thread's queue (a narrow
 * stretch) or back (wide): for the tests, which check that both paths run
 * (nothing is kept in other builds). */
void dyng_i_sssp_handover(bool wide);

#ifdef DYNG_TESTING_HOOKS
/* Testing (test builds only): the handovers to one thread (*narrow) and back
 * to near-far (*wide) that computes have made since the last call.
 * Process-wide. */
void dyng_testing_sssp_handovers(int64_t *narrow, int64_t *wide);
#endif

extern const dyng_i_sssp_kernels dyng_i_sssp_v32_o32;
extern const dyng_i_sssp_kernels dyng_i_sssp_v32_o64;
extern const dyng_i_sssp_kernels dyng_i_sssp_v64_o64;

#endif /* DYNG_I_SSSP_INTERNAL_H */
