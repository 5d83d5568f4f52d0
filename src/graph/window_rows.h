/*
 * src/graph/window_rows.h - a graph's distinct pairs inside a window, read
 * from its rows in place (internal; the batch generator's pair rows,
 * generators/pairs.h, are made with it).
 */
#ifndef DYNG_I_WINDOW_ROWS_H
#define DYNG_I_WINDOW_ROWS_H

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

#endif /* DYNG_I_WINDOW_ROWS_H */
