/*
 * src/graph/window_rows.h - a graph's distinct pairs inside a window, read
 * from its rows in place (internal; the batch generator's pair rows,
 * generators/pairs.h, are made with it).
 */
#ifndef DYNG_I_WINDOW_ROWS_H
#define DYNG_I_WINDOW_ROWS_H

#include <stdbool.h>
#include <stdint.h>

#include "dyng/graph.h"

/*
 * Rows [lo, hi) of g's out-direction (0 <= lo <= hi <= n), keeping each
 * distinct target that lies in [lo, hi) (undirected: v >= u), ascending, row
 * after row, as g's vertex type into out, which holds every entry of the
 * graph; start (hi - lo + 1 entries) gets where each row's begin and then
 * their count, which is returned; *loops the self-loops among them. Cannot
 * fail; trusts its arguments.
 */
int64_t dyng_i_graph_window_rows(const dyng_graph *g, int64_t lo, int64_t hi, void *out,
                                 int64_t *start, int64_t *loops);

/* Whether each row of g holds each target once, in order (sorted rows,
 * parallel edges forbidden: a batch never adds a second copy of a pair).
 * Then the pairs of a window need no copy: the three calls below. */
bool dyng_i_graph_rows_distinct(const dyng_graph *g);

/* The pairs of rows [lo, hi) as dyng_i_graph_window_rows numbers them,
 * counted in place (g's rows distinct): start as there, the count returned;
 * self-loops are not counted apart. Reads the row records and, unless the
 * window is every vertex of a directed graph, bisects each row for where the
 * window cuts it. Cannot fail; trusts its arguments. */
int64_t dyng_i_graph_window_counts(const dyng_graph *g, int64_t lo, int64_t hi, int64_t *start);

/* Pair j of row u of the window from lo (g's rows distinct): its target. */
int64_t dyng_i_graph_window_target(const dyng_graph *g, int64_t lo, int64_t u, int64_t j);

/* Whether g has the edge (u, v) (0 <= u, v < n; g's rows sorted). */
bool dyng_i_graph_row_holds(const dyng_graph *g, int64_t u, int64_t v);

#endif /* DYNG_I_WINDOW_ROWS_H */
