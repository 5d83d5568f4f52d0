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

/* g's distinct pairs (parallel edges once; an undirected edge once, as
 * (u, v) with u <= v), sorted: the pair rows of the whole graph as one list,
 * *out (free with dyng_i_free) and *count. On failure *out is NULL. */
dyng_status dyng_i_graph_pairs(const dyng_graph *g, dyng_i_pair **out, int64_t *count);

/*
 * A graph's distinct pairs inside a window, as rows: the pairs (u, v) with
 * lo <= u, v < hi, an undirected edge once as (u, v) with u <= v, parallel
 * edges once. Row u (lo <= u < hi) holds targets v[start[u - lo] ..
 * start[u - lo + 1]), ascending; so pair number k of the list sorted by
 * (u, v) is v[k] of the row whose range holds k. Read from the graph's rows
 * in place (graph/window_rows.h) in O(n + entries) time and that much memory
 * (no sort of the whole list: only rows whose targets are out of order, in a
 * graph kept in append order, are sorted).
 */
typedef struct dyng_i_pair_rows {
    int64_t lo, hi;
    int64_t *start; /* hi - lo + 1 */
    void *v;        /* targets, of vertex type vt; NULL when counted in place */
    dyng_type vt;
    int64_t count;        /* pairs */
    int64_t loops;        /* of them self-loops; -1 when counted in place */
    const dyng_graph *in; /* counted in place: the graph whose rows hold the targets */
    bool upper;           /*   and whether it is undirected (pairs (u, v) with v >= u) */
} dyng_i_pair_rows;

/* The pair rows of g in [lo, hi) (0 <= lo <= hi <= n); ids read as g's
 * vertex type. DYNG_OUT_OF_MEMORY leaves *out empty (free it anyway). */
dyng_status dyng_i_pair_rows_make(dyng_i_pair_rows *out, const dyng_graph *g, int64_t lo,
                                  int64_t hi);

/* The same pairs counted in place, for a graph whose rows hold each target
 * once, in order (dyng_i_graph_rows_distinct): only start is made (8 bytes a
 * row of the window, where make copies every entry too), and a pair's
 * target is read from the graph when asked for; loops is -1, and
 * dyng_i_pair_rows_v may not be used. The graph must not change while they
 * are. DYNG_OUT_OF_MEMORY leaves *out empty (free it anyway). */
dyng_status dyng_i_pair_rows_count(dyng_i_pair_rows *out, const dyng_graph *g, int64_t lo,
                                   int64_t hi);
void dyng_i_pair_rows_free(dyng_i_pair_rows *r);

/* Entry i of an int32 or int64 array as int64 (graph_internal.h has the
 * same, dyng_i_read_id, but its dyng_i_pair is another type). */
static inline int64_t dyng_i_pairs_read(const void *a, dyng_type t, int64_t i) {
    return t == DYNG_TYPE_INT64 ? ((const int64_t *)a)[i] : (int64_t)((const int32_t *)a)[i];
}

/* Target k of the rows' targets as int64. */
static inline int64_t dyng_i_pair_rows_v(const dyng_i_pair_rows *r, int64_t k) {
    return dyng_i_pairs_read(r->v, r->vt, k);
}

/* Pair number k (0 <= k < count) in (u, v) order. */
dyng_i_pair dyng_i_pair_rows_at(const dyng_i_pair_rows *r, int64_t k);

/* Whether p is one of the pairs. */
bool dyng_i_pair_rows_contains(const dyng_i_pair_rows *r, dyng_i_pair p);

/* Append count pairs to b as insertions (with weights, count * K values, or
 * NULL) or deletions, their ids as vt; scratch holds 2 * count ids. */
dyng_status dyng_i_batch_add_pairs(dyng_batch *b, dyng_type vt, const dyng_i_pair *pairs,
                                   int64_t count, const int32_t *weights, bool insertions,
                                   void *scratch);

#endif /* DYNG_I_PAIRS_H */
