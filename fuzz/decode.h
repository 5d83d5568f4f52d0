/*
 * fuzz/decode.h - bytes into the batch semantics and vertex ids of the
 * targets that apply batches (fuzz_apply.c, fuzz_sssp.c).
 */
#ifndef DYNG_FUZZ_DECODE_H
#define DYNG_FUZZ_DECODE_H

#include <stdint.h>

#include "dyng/dyng.h"
#include "refmodel.h" /* rm_vertex_max */

/* A vertex id from one byte: mostly small (some past the graph, so it
 * grows), sometimes negative or past the vertex type. */
static inline int64_t decode_id(uint8_t x, const dyng_graph_properties *p) {
    if (x == 255)
        return -1;
    if (x == 254)
        return p->semantics.allow_vertex_growth ? 1000 : rm_vertex_max(p->vertex_type);
    return x % 72;
}

static inline dyng_batch_semantics decode_semantics(uint8_t b) {
    dyng_batch_semantics s;
    s.on_existing_insert = (dyng_on_existing_insert)(b % 3);
    s.on_missing_delete = (dyng_on_missing_delete)((b / 3) % 2);
    s.on_self_loop = (dyng_on_self_loop)((b / 6) % 3);
    s.deletions_first = (b / 18) % 2 == 0;
    s.allow_vertex_growth = (b / 36) % 2 == 0;
    s.as_sets = (b / 72) % 2 != 0;
    return s;
}

#endif /* DYNG_FUZZ_DECODE_H */
