/*
 * dyng/update.h - apply one batch and repair several results, in one call.
 *
 * dyng_update(g, b, results, count) is what the algorithms' own update calls
 * do, for any number of results of any kinds on one graph:
 *   1. check every result: it belongs to g's current state (else
 *      DYNG_STALE_RESULT), none is listed twice (DYNG_INVALID_ARGUMENT), each
 *      accepts the batch (weights, options); nothing is allocated yet;
 *   2. apply b to g once: the apply checks the batch against the graph's
 *      semantics, then each result makes every allocation it needs (room for
 *      the vertex count the batch leaves, work arrays) and its work on the
 *      graph as it was, then the apply makes its own and commits; a failure
 *      anywhere in this step leaves g and every result as they were, the
 *      sizes of their arrays included;
 *   3. repair each result from the part of the graph the batch touched. This
 *      step cannot fail.
 * So a failed call leaves g and every result as they were. The interrupt
 * flag is honoured up to the apply's commit; the repairs then run to their
 * end.
 */
#ifndef DYNG_UPDATE_H
#define DYNG_UPDATE_H

#include "batch.h"
#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The kind of a result in a dyng_result_ref. */
typedef enum dyng_result_kind {
    DYNG_RESULT_SSSP = 1,       /* result: dyng_sssp_result *, stats: dyng_sssp_stats * */
    DYNG_RESULT_CYCLE_COUNT = 2 /* result: dyng_cycle_count_result *,
                                   stats: dyng_cycle_count_stats *                     */
} dyng_result_kind;

/* One result to repair, and where its stats go (NULL: nowhere). */
typedef struct dyng_result_ref {
    dyng_result_kind kind;
    void *result;
    void *stats;
} dyng_result_ref;

/* Apply b to g and repair results[0 .. count) (see above). count may be 0
 * (then it is dyng_graph_apply). Errors: those of dyng_graph_apply and of
 * each kind's update, DYNG_STALE_RESULT, DYNG_INVALID_ARGUMENT (a NULL or
 * repeated result, an unknown kind), DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED. */
dyng_status dyng_update(dyng_graph *g, const dyng_batch *b, dyng_result_ref *results,
                        int64_t count);

#ifdef __cplusplus
}
#endif

#endif /* DYNG_UPDATE_H */
