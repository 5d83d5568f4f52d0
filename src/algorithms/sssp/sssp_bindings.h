/*
 * src/algorithms/sssp/sssp_bindings.h - lending a result's arrays to the
 * Python bindings without a copy (internal; python/_core/sssp.c).
 *
 * The bindings show a result's distances and parents to NumPy, DLPack and
 * the buffer protocol in place, where the result keeps them. Before an
 * update writes them while such a view is alive, the bindings give the result
 * a copy to go on with and keep the arrays the views see
 * (dyng_i_sssp_result_exchange), so that a view never changes: the
 * copy-on-write of ADR 0003, done on the result's side (ADR 0016).
 */
#ifndef DYNG_I_SSSP_BINDINGS_H
#define DYNG_I_SSSP_BINDINGS_H

#include <stdint.h>

#include "dyng/sssp.h"

/* The entries r's two arrays have room for (at least its vertex count). */
int64_t dyng_i_sssp_result_capacity(const dyng_sssp_result *r);

/* Make `fresh` r's distances (which 0) or parents (which 1), and return the
 * array r had, which the caller then owns (dyng_i_free frees it). `fresh`
 * comes from dyng_i_malloc with room for dyng_i_sssp_result_capacity(r)
 * entries, its first n holding what r's entries are to be; or it is NULL,
 * only when r is about to be freed. Cannot fail. */
int64_t *dyng_i_sssp_result_exchange(dyng_sssp_result *r, int which, int64_t *fresh);

#endif /* DYNG_I_SSSP_BINDINGS_H */
