/*
 * src/generators/random_graphs.h - R-MAT into arrays the caller allocated
 * (internal; the Python binding fills its own buffers with it, so the edges
 * are written once).
 */
#ifndef DYNG_I_RANDOM_GRAPHS_H
#define DYNG_I_RANDOM_GRAPHS_H

#include "dyng/generators.h"

/* Check the options (as dyng_generate_rmat does) and give n, m and the id
 * type of the output. */
dyng_status dyng_i_rmat_shape(const dyng_rmat_options *o, int64_t *n, int64_t *m, dyng_type *vt);

/* Write the m edges into src / dst (m ids each of the shape's type), in draw
 * order; only with keep_duplicates and keep_self_loops (the count is then
 * m). Weights are not written (dyng_generate_weights gives the same ones). */
dyng_status dyng_i_rmat_fill(void *src, void *dst, const dyng_rmat_options *o,
                             dyng_resources *resources);

#endif /* DYNG_I_RANDOM_GRAPHS_H */
