/*
 * dyng/batch.h - batches of edge insertions and deletions, and applying them.
 *
 * A dyng_batch holds a list of insertions (u, v, num_weights weights each) and
 * a list of deletions (u, v), with ids of its vertex type (int32 or int64).
 * The batch owns copies of what is added to it. A batch has an id (the
 * "%batch <id>" of a .dgt file; 0 by default).
 *
 * dyng_graph_apply changes a graph by a batch under the graph's
 * dyng_batch_semantics (see graph.h). It validates everything and makes every
 * allocation before the first byte of the graph changes: when it fails (bad
 * input, out of memory, interrupted) the graph is exactly as before.
 */
#ifndef DYNG_BATCH_H
#define DYNG_BATCH_H

#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dyng_batch dyng_batch;

/* Create an empty batch. Errors: DYNG_INVALID_ARGUMENT for a vertex type
 * other than int32 / int64 or num_weights outside 0..64; DYNG_OUT_OF_MEMORY. */
dyng_status dyng_batch_new(dyng_batch **out, dyng_type vertex_type, int num_weights);

/* Free; *b becomes NULL. Accepts NULL and *b == NULL. */
dyng_status dyng_batch_free(dyng_batch **b);

/* Remove every change (keeps the storage and the id). */
dyng_status dyng_batch_clear(dyng_batch *b);

/* Make room for this many insertions and deletions in total. */
dyng_status dyng_batch_reserve(dyng_batch *b, int64_t insertions, int64_t deletions);

/* Append count insertions: src and dst of the batch's vertex type, weights
 * count * num_weights values (NULL when num_weights is 0). Ids are checked
 * (non-negative) when the batch is applied, not here. On failure the batch is
 * unchanged. */
dyng_status dyng_batch_add_insertions(dyng_batch *b, int64_t count, const void *src,
                                      const void *dst, const int32_t *weights);

/* Append count deletions. On failure the batch is unchanged. */
dyng_status dyng_batch_add_deletions(dyng_batch *b, int64_t count, const void *src,
                                     const void *dst);

/* Read access: borrowed pointers valid until the batch next changes. */
dyng_status dyng_batch_num_insertions(int64_t *count, const dyng_batch *b);
dyng_status dyng_batch_num_deletions(int64_t *count, const dyng_batch *b);
dyng_status dyng_batch_insertions(const void **src, const void **dst, const int32_t **weights,
                                  const dyng_batch *b);
dyng_status dyng_batch_deletions(const void **src, const void **dst, const dyng_batch *b);
dyng_status dyng_batch_vertex_type(dyng_type *type, const dyng_batch *b);
dyng_status dyng_batch_num_weights(int *num_weights, const dyng_batch *b);
dyng_status dyng_batch_id(int64_t *id, const dyng_batch *b);
dyng_status dyng_batch_set_id(dyng_batch *b, int64_t id);

/* What applying a batch did. Undirected edges are counted once. */
typedef struct dyng_apply_summary {
    int64_t inserted;           /* new edges                                       */
    int64_t updated;            /* existing edges that took new weights (upsert)   */
    int64_t deleted;            /* edges removed                                   */
    int64_t ignored_deletions;  /* deletions of absent edges                       */
    int64_t ignored_insertions; /* insertions of existing edges (ignore / set)     */
    int64_t self_loops_dropped; /* batch self-loops dropped by on_self_loop        */
    int64_t cancelled;          /* as_sets: pairs both deleted and inserted        */
    int64_t duplicates_merged;  /* as_sets: repeated pairs removed from the lists  */
    int64_t new_vertices;       /* vertices added by growth                        */
    int64_t num_vertices;       /* vertices after                                  */
    int64_t num_edges;          /* edges after (num_edges of graph.h)              */
    uint64_t version;           /* the graph's version after                       */
} dyng_apply_summary;

/*
 * Apply a batch to a graph. The batch's ids are converted to the graph's
 * vertex type with a range check; its num_weights must equal the graph's.
 * summary may be NULL. On success the version grows by one and the state id
 * changes (also for an empty batch).
 * Errors (graph unchanged): DYNG_INVALID_ARGUMENT (negative id, weight count
 * mismatch, a self-loop or existing insertion or missing deletion that the
 * semantics make an error, a vertex >= n without vertex growth),
 * DYNG_CAPACITY (ids or counts past the graph's types), DYNG_OUT_OF_MEMORY,
 * DYNG_INTERRUPTED. "Unchanged" is everything the graph holds and every
 * function reads (edges, weights, counts, version, state id, exports); only
 * the room reserved behind its arrays may have grown, as planning grows them
 * before a later allocation fails (dyng_graph_memory_bytes counts that room;
 * the next apply uses it).
 * Time: O(b log b + sum of the lengths of the touched rows), parallel over
 * rows; space: the batch plus moved rows.
 */
dyng_status dyng_graph_apply(dyng_graph *g, const dyng_batch *b, dyng_apply_summary *summary);

#ifdef __cplusplus
}
#endif
#endif /* DYNG_BATCH_H */
