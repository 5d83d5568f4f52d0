/*
 * src/generators/pairs.h - vertex pairs for the batch generators (internal):
 * a graph's pairs as a sorted list, searched by bisection; a set that tells a
 * pair drawn twice; and pairs appended to a batch.
 */
#ifndef DYNG_I_PAIRS_H
#define DYNG_I_PAIRS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dyng/batch.h"
#include "dyng/graph.h"

typedef struct dyng_i_pair {
    int64_t u, v;
} dyng_i_pair;

/* The order (u, v), for qsort. */
int dyng_i_pair_compare(const void *x, const void *y);

/* Whether p is among the first m pairs of a sorted list. */
bool dyng_i_pair_contains(const dyng_i_pair *sorted, int64_t m, dyng_i_pair p);

/* An open-addressing set of pairs of non-negative ids (u == -1: empty). */
typedef struct dyng_i_pair_set {
    dyng_i_pair *slots;
    size_t mask;
} dyng_i_pair_set;

/* Room for `count` pairs at half load; false when out of memory (slots
 * NULL). Free slots with dyng_i_free. */
bool dyng_i_pair_set_init(dyng_i_pair_set *s, int64_t count);

/* Insert p; false when it was there already. */
bool dyng_i_pair_set_add(dyng_i_pair_set *s, dyng_i_pair p);

/* g's distinct pairs (parallel edges once), sorted, with ids read as vt:
 * *out (free with dyng_i_free) and *count. DYNG_OUT_OF_MEMORY leaves *out
 * NULL. */
dyng_status dyng_i_graph_pairs(const dyng_graph *g, dyng_type vt, dyng_i_pair **out,
                               int64_t *count);

/* Append count pairs to b as insertions (with weights, count * K values, or
 * NULL) or deletions, their ids as vt; scratch holds 2 * count ids. */
dyng_status dyng_i_batch_add_pairs(dyng_batch *b, dyng_type vt, const dyng_i_pair *pairs,
                                   int64_t count, const int32_t *weights, bool insertions,
                                   void *scratch);

#endif /* DYNG_I_PAIRS_H */
