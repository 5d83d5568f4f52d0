/*
 * dyng/sssp.h - single-source shortest paths: canonical trees, computed and
 * repaired.
 *
 * A dyng_sssp_result holds, for one source and one weight column (the
 * objective), the distance of every vertex (int64; DYNG_INFINITE_DISTANCE for
 * an unreachable one) and its parent in the shortest-path tree (-1 for the
 * source and for unreachable vertices). Weights must be at least 1; an
 * unweighted graph counts 1 per edge.
 *
 * The tree is canonical: the parent of v is the lowest-id in-neighbour u with
 * dist[u] + w(u, v) == dist[v]. So a result is unique: update gives exactly
 * what compute gives on the changed graph, on every backend and thread count.
 *
 * A result records the graph's version and state id. Using it with a graph in
 * another state fails with DYNG_STALE_RESULT.
 *
 * dyng_sssp_update applies a batch to the graph and repairs the result in one
 * call (the corrected update template of Khanda, Srinivasan, Bhowmick, Norris
 * and Das, IEEE TPDS 33(4), 2022):
 *   1. after the batch, every head of a changed edge whose tree edge is gone or
 *      no longer tight is invalidated with its whole subtree (distance
 *      infinite), so no vertex can take a descendant as its new parent;
 *   2. invalidated vertices and the heads of inserted or cheaper edges pull
 *      their best (distance, lowest parent id) from their in-neighbours;
 *   3. decreases are pushed outward in distance order until nothing changes:
 *      with one thread's radix heap, or in parallel with a near-far worklist
 *      (engine near_far; auto takes it with several threads where a compute
 *      would, once the pull has set 4096 vertices or more), every touched
 *      vertex then taking its lowest-id tight in-neighbour as parent.
 * When the invalidated part, or the part the repair has touched, passes
 * the fallback limit, the result is recomputed instead
 * (stats.fallback_used), with the engine a compute would use. So is a batch
 * of more changes than a quarter of the vertices plus 4 per vertex the tree
 * reaches, whose reading would cost more than the recomputation (a source
 * that deletions have cut off), unless fallback_fraction is 1.
 *
 * The fallback limit. A repair costs about 1.2 to 2.5 times what a compute
 * spends per vertex on road networks and grids (more on graphs with hubs,
 * where few vertices change), so stopping at 3% (fallback_fraction) of the
 * vertices that a recomputation settles, those the tree reaches, bounds an
 * update at about 1.1x a recomputation. That base limit counts no fewer
 * than n / 8 vertices: the recomputation also writes every entry (each a
 * tenth to a twentieth of what settling a vertex costs), and a limit much
 * below that gives up repairs of a few hundred vertices that would cost
 * less than the recomputation (ADR 0011). But a stream whose batches each
 * touch 5% to 25% of the vertices would then recompute every time, at
 * several times the cost of repairing. So the result keeps an estimate e
 * of the fraction of the vertices it reaches that the next repair will
 * touch: the fraction the last repair touched, or after a recomputation
 * the fraction of entries it changed times the ratio of touched to changed
 * vertices that the last repair saw (1 until one has).
 * While 2e is above fallback_fraction and e below fallback_max_fraction, the
 * limit is raised to min(2e, fallback_max_fraction) of the reached vertices
 * (and never below the base limit). A walk that invalidates more than the
 * limit gives way to a recomputation; under a raised limit the ratio of
 * touched to changed vertices then becomes at least the limit over what
 * changed, so a stream whose repairs invalidate far more than they change
 * soon stops raising it. Where the limit follows the stream, a walk that
 * passes it goes on to a wider limit, 8 times the base limit (at most
 * fallback_max_fraction of what the base counts), when the batch read so
 * far says it will end there: a batch read whole goes on; one read in part
 * does when, invalidating at its rate so far, the whole batch would stay
 * within half the wider limit (a margin for what is not read yet). A small
 * batch has been read whole by then; a large one passes early and
 * recomputes at once. On the 1M grid, about one batch of 100 local changes
 * in 7 invalidates 3% to 5% of the vertices, and repairing it costs a
 * twentieth to a tenth of the recomputation that the limit alone gave it;
 * on luxembourg_osm a batch of 10 to 100 changes that invalidates 13% to
 * 21% of the tree is repaired in a third to a half of a recomputation (ADR
 * 0015). A walk that passes the wider limit too costs a fifth to half a
 * compute's time per vertex it walked (on the grid 4 to 6 ms more than a
 * walk to the limit: about a tenth of a recomputation), and the walks after
 * it stop at the limit until a batch is repaired (ADR 0012).
 * The limit bounds only that walk: the pull and the push, once begun, go
 * on to the end, under a raised limit or the base one alike. The push
 * settles each vertex once, in distance order, and the invalidated
 * vertices it settles again are within the limit, so what is left costs
 * about what a recomputation would, and giving up would add a
 * recomputation to the part already repaired. Only a push on one thread
 * where a recomputation would run near-far on several (engine auto with
 * several threads, on graphs where a compute takes near-far) stops at the
 * limit: what is left of it could cost more than the parallel
 * recomputation (2.9x on the 1M grid on two threads).
 * The cost: a batch that moves most of the tree is repaired to the end,
 * about (1.1 to 1.45) x a compute when it mostly lowers distances, where it
 * used to cost the push up to the limit plus a recomputation
 * (bench/sssp.py reports each size's worst batch). A fraction of 0 or 1, or
 * fallback_max_fraction at or below fallback_fraction, keeps the limit
 * fixed, and then every push stops at it. stats.fallback_limit says what
 * each update allowed (ADR 0008, 0009, 0010, 0011, 0012).
 *
 * Atomicity: everything that can fail (validation, the staleness check, every
 * allocation, the interrupt flag) is checked before the graph changes; after
 * that the repair cannot fail, so a failed update leaves graph and result as
 * they were.
 */
#ifndef DYNG_SSSP_H
#define DYNG_SSSP_H

#include "batch.h"
#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The distance of an unreachable vertex: 2^61 - 1. */
#define DYNG_INFINITE_DISTANCE (((int64_t)1 << 61) - 1)

typedef struct dyng_sssp_result dyng_sssp_result;

/* The engine of a compute, and of an update's push and fallback. */
typedef enum dyng_sssp_engine {
    DYNG_SSSP_AUTO = 0,     /* near-far with more than one thread and at
                               least 2^16 entries where the frontiers are
                               wide: skewed degrees (hubs: social, web,
                               R-MAT graphs), or from 2^17 vertices a
                               Dijkstra queue as long as what it settled,
                               tested at 2,048 (random graphs); Dijkstra
                               otherwise (road networks, grids)          */
    DYNG_SSSP_DIJKSTRA = 1, /* sequential Dijkstra (Dial's buckets with
                               weights below 4096, else a radix heap)    */
    DYNG_SSSP_NEAR_FAR = 2  /* parallel near-far (delta-stepping with two
                               piles) on the resources' threads            */
} dyng_sssp_engine;

typedef struct dyng_sssp_options {
    int objective;                /* the weight column (0 .. num_weights - 1)         */
    dyng_sssp_engine engine;      /* compute engine; an update's push and fallback too */
    bool validate_inputs;         /* from_arrays: check the tree is canonical too     */
    int64_t delta;                /* near-far step; 0: chosen from a sample of the
                                     rows (mean weight / 16 with skewed degrees,
                                     twice the mean weight otherwise)          */
    double fallback_fraction;     /* recompute when more than this fraction of the
                                     vertices the tree reaches (at least n / 8)
                                     is invalidated (or, under a fixed limit,
                                     touched) (0..1; 1 never falls back, 0
                                     always does)                                  */
    double fallback_max_fraction; /* the most the limit rises to when the batches
                                     before touched more than fallback_fraction
                                     (see "The fallback limit" above; 0..1; at
                                     or below fallback_fraction: a fixed limit) */
} dyng_sssp_options;

/* What an update did. */
typedef struct dyng_sssp_stats {
    int64_t affected;         /* vertices whose distance or parent changed          */
    int64_t iterations;       /* vertices taken from the push queue                 */
    int64_t invalidated;      /* vertices invalidated with their subtrees (when the
                                 walk passes the fallback limit, it stops there:
                                 the count so far)                           */
    int64_t pushes;           /* vertices put on the push queue                     */
    int64_t fallback_limit;   /* the vertices the repair could invalidate (and,
                                 where the limit is fixed, touch) before giving
                                 way to a recomputation, widened or not (n:
                                 never)                                      */
    bool fallback_used;       /* the result was recomputed                          */
    bool converged;           /* always true: the push runs to a fixed point        */
    dyng_apply_summary apply; /* what the batch did to the graph               */
} dyng_sssp_stats;

/* objective 0, engine auto, delta 0, validate_inputs true, fallback_fraction
 * 0.03, fallback_max_fraction 0.5: a repair that invalidates 3% of the
 * vertices the tree reaches gives way to a recomputation; after batches that
 * touched more, twice what they touched, up to half of the reached
 * vertices; a push, once begun, goes on to the end. */
dyng_status dyng_sssp_options_default(dyng_sssp_options *out);

/*
 * The shortest-path tree of `source` in g. options NULL means the defaults.
 * Never changes g. Errors: DYNG_INVALID_ARGUMENT (source out of range, an
 * objective past the weight columns, a weight below 1 anywhere in the
 * objective's column, reachable or not), DYNG_OUT_OF_MEMORY,
 * DYNG_INTERRUPTED. Time O((n + m) log n).
 */
dyng_status dyng_sssp_compute(dyng_sssp_result **out, const dyng_graph *g, int64_t source,
                              const dyng_sssp_options *options);

/*
 * Apply b to g and repair r. stats may be NULL. Errors (graph and result
 * unchanged): those of dyng_graph_apply, DYNG_STALE_RESULT (r belongs to
 * another state of g), DYNG_INVALID_ARGUMENT (an inserted weight below 1),
 * DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED. A directed graph without stored
 * in-edges is repaired by recomputation. Time: proportional to the batch,
 * the invalidated and improved vertices and their edges (times log of the
 * queue), and at most about 1.1x a recomputation plus the apply at a fixed
 * limit, about 2x under a raised one (see "The fallback limit" above).
 */
dyng_status dyng_sssp_update(dyng_graph *g, const dyng_batch *b, dyng_sssp_result *r,
                             dyng_sssp_stats *stats);

/* Free; *r becomes NULL. Accepts NULL and *r == NULL. */
dyng_status dyng_sssp_result_free(dyng_sssp_result **r);

/* A deep copy. */
dyng_status dyng_sssp_result_clone(dyng_sssp_result **out, const dyng_sssp_result *r);

/*
 * A result from arrays (n = num_vertices of g entries each): checked against
 * g: the source has distance 0 and parent -1; every other vertex has either
 * (DYNG_INFINITE_DISTANCE, -1) or a parent p with an edge (p, v) of weight w
 * and dist[p] + w == dist[v]; no edge (u, v) has dist[u] + w < dist[v]; and,
 * with options->validate_inputs, every parent is the lowest-id tight
 * in-neighbour. DYNG_INVALID_ARGUMENT names the first vertex that fails.
 * The check polls the interrupt flag every 2^16 vertices (DYNG_INTERRUPTED,
 * no result). A tree accepted without validate_inputs whose parents are not
 * all the lowest-id tight ones is recomputed by its first update
 * (fallback_used), so that updates give compute's bytes from then on.
 */
dyng_status dyng_sssp_result_from_arrays(dyng_sssp_result **out, const dyng_graph *g,
                                         int64_t source, const int64_t *distances,
                                         const int64_t *parents, const dyng_sssp_options *options);

/* Read access: borrowed pointers to n entries, valid until r next changes. */
dyng_status dyng_sssp_result_num_vertices(int64_t *n, const dyng_sssp_result *r);
dyng_status dyng_sssp_result_distances(const int64_t **distances, const dyng_sssp_result *r);
dyng_status dyng_sssp_result_parents(const int64_t **parents, const dyng_sssp_result *r);
dyng_status dyng_sssp_result_source(int64_t *source, const dyng_sssp_result *r);
dyng_status dyng_sssp_result_options(dyng_sssp_options *options, const dyng_sssp_result *r);
/*
 * The vertices whose entries the last dyng_sssp_update may have changed (a
 * superset of those that did; a vertex the batch added and left unreachable
 * is not listed: its entry is (DYNG_INFINITE_DISTANCE, -1)), borrowed until r
 * next changes; *all is true
 * when every entry may have changed (a recomputation, or r has never been
 * updated). Lets a caller that mirrors the arrays (a language binding that
 * hands them out) copy only what moved.
 */
dyng_status dyng_sssp_result_changed(const int64_t **vertices, int64_t *count, bool *all,
                                     const dyng_sssp_result *r);
/* The graph state the result belongs to. */
dyng_status dyng_sssp_result_graph_version(uint64_t *version, const dyng_sssp_result *r);
dyng_status dyng_sssp_result_graph_state_id(uint64_t *state_id, const dyng_sssp_result *r);

#ifdef __cplusplus
}
#endif

#endif /* DYNG_SSSP_H */
