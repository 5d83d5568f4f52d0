/*
 * fuzz/decode.h - bytes into graph properties, edges and batches, for the
 * targets that apply batches (fuzz_apply.c, fuzz_sssp.c, fuzz_cycle_count.c,
 * fuzz_import.c). Each target picks how a weight is made of a byte, and how
 * many ids its batches name.
 */
#ifndef DYNG_FUZZ_DECODE_H
#define DYNG_FUZZ_DECODE_H

#include <stdint.h>

#include "dyng/dyng.h"
#include "fuzz_util.h"
#include "refmodel.h" /* props, rm_vertex_max, tbatch */

/* A weight made of one byte. */
typedef int32_t (*decode_weight_fn)(uint8_t x);

/* A path weight: 1 to 8, so that many paths tie (fuzz_sssp.c,
 * fuzz_cycle_count.c). */
static inline int32_t decode_path_weight(uint8_t x) { return 1 + x % 8; }

/* An inserted path weight: mostly 1 to 8; 0 and -1 now and then, which an
 * sssp tree refuses. */
static inline int32_t decode_inserted_path_weight(uint8_t x) {
    if (x == 0)
        return 0;
    if (x == 1)
        return -1;
    return decode_path_weight(x);
}

/* The ids a batch names by default: 0 to 71, some past the graph (so it
 * grows), and now and then 1000. */
#define DECODE_ID_SPAN 72
#define DECODE_ID_FAR 1000

/* A vertex id from one byte: mostly 0 to span - 1, sometimes negative, or
 * `far` where the graph grows and past the vertex type where it does not. */
static inline int64_t decode_id(uint8_t x, const dyng_graph_properties *p, int span, int far) {
    if (x == 255)
        return -1;
    if (x == 254)
        return p->semantics.allow_vertex_growth ? far : rm_vertex_max(p->vertex_type);
    return x % span;
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

/* Graph properties from the next two bytes: a shape byte (directed, row
 * order, parallel edges, in-edges, 0 to 2 weights, id and offset types) and a
 * semantics byte. False for a combination that dyng_properties_check refuses
 * (every target then ends its run). */
static inline bool decode_properties(fz_bytes *in, dyng_graph_properties *p) {
    const uint8_t shape = fz_u8(in), sem = fz_u8(in);
    *p = props((shape & 1) == 0, (shape & 2) ? DYNG_ORDER_APPEND : DYNG_ORDER_SORTED,
               (shape & 4) ? DYNG_PARALLEL_ALLOW : DYNG_PARALLEL_FORBID, (shape >> 4) % 3);
    p->store_transposed = (shape & 8) == 0;
    p->vertex_type = (shape & 64) ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
    p->offset_type =
        (shape & 128) || p->vertex_type == DYNG_TYPE_INT64 ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
    p->semantics = decode_semantics(sem);
    return dyng_properties_check(p) == DYNG_OK;
}

/* The edges of a graph of n vertices: a count byte (none when n is 0), then
 * per edge its two ends and K weights. src and dst hold 255 entries, w 255 K. */
static inline int64_t decode_edges(fz_bytes *in, int64_t n, int K, decode_weight_fn weight,
                                   int64_t *src, int64_t *dst, int32_t *w) {
    const int64_t m = n == 0 ? 0 : fz_u8(in);
    for (int64_t e = 0; e < m; e++) {
        src[e] = fz_u8(in) % n;
        dst[e] = fz_u8(in) % n;
        for (int k = 0; k < K; k++)
            w[e * K + k] = weight(fz_u8(in));
    }
    return m;
}

/* A batch into tb: a head byte (insertions in its low 4 bits, deletions in
 * its high 4), each insertion's ends and K weights, each deletion's ends
 * (ids as decode_id makes them with `span` and `far`), then a byte that picks the
 * batch's id type (the graph's, or int64 for an int32 graph: every decoded
 * id fits int32), which is returned. */
static inline dyng_type decode_batch_in(fz_bytes *in, const dyng_graph_properties *p,
                                        decode_weight_fn weight, int span, int far, tbatch *tb) {
    const uint8_t head = fz_u8(in);
    tb_clear(tb);
    for (int i = 0; i < (head & 15); i++) {
        int64_t u = decode_id(fz_u8(in), p, span, far), v = decode_id(fz_u8(in), p, span, far);
        int32_t iw[2] = {0, 0};
        for (int k = 0; k < p->num_weights; k++)
            iw[k] = weight(fz_u8(in));
        tb_ins_w(tb, u, v, iw);
    }
    for (int i = 0; i < (head >> 4); i++) {
        int64_t u = decode_id(fz_u8(in), p, span, far);
        tb_del(tb, u, decode_id(fz_u8(in), p, span, far));
    }
    return (fz_u8(in) & 1) ? DYNG_TYPE_INT64 : p->vertex_type;
}

/* A batch with ids of the default span. */
static inline dyng_type decode_batch(fz_bytes *in, const dyng_graph_properties *p,
                                     decode_weight_fn weight, tbatch *tb) {
    return decode_batch_in(in, p, weight, DECODE_ID_SPAN, DECODE_ID_FAR, tb);
}

#endif /* DYNG_FUZZ_DECODE_H */
