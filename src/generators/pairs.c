/*
 * src/generators/pairs.c - vertex pairs for the batch generators
 * (generators/pairs.h).
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "generators/pairs.h"

int dyng_i_pair_compare(const void *x, const void *y) {
    const dyng_i_pair *a = x, *b = y;
    if (a->u != b->u)
        return a->u < b->u ? -1 : 1;
    return (a->v > b->v) - (a->v < b->v);
}

bool dyng_i_pair_contains(const dyng_i_pair *sorted, int64_t m, dyng_i_pair p) {
    int64_t lo = 0, hi = m;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        int c = dyng_i_pair_compare(&sorted[mid], &p);
        if (c == 0)
            return true;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

bool dyng_i_pair_set_init(dyng_i_pair_set *s, int64_t count) {
    size_t size = 2;
    while (size < 2 * (size_t)count)
        size *= 2;
    s->mask = size - 1;
    s->slots = dyng_i_malloc(size, sizeof *s->slots);
    if (s->slots != NULL)
        memset(s->slots, 0xFF, size * sizeof *s->slots);
    return s->slots != NULL;
}

/* SplitMix64's finalizer over the pair. */
static size_t pair_hash(dyng_i_pair p) {
    uint64_t h = (uint64_t)p.u * 0x9E3779B97F4A7C15ULL ^ (uint64_t)p.v;
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    return (size_t)(h ^ (h >> 31));
}

bool dyng_i_pair_set_add(dyng_i_pair_set *s, dyng_i_pair p) {
    for (size_t i = pair_hash(p) & s->mask;; i = (i + 1) & s->mask) {
        if (s->slots[i].u < 0) {
            s->slots[i] = p;
            return true;
        }
        if (s->slots[i].u == p.u && s->slots[i].v == p.v)
            return false;
    }
}

dyng_status dyng_i_graph_pairs(const dyng_graph *g, dyng_type vt, dyng_i_pair **out,
                               int64_t *count) {
    *out = NULL;
    int64_t m = 0;
    DYNG_I_TRY(dyng_graph_num_edges(&m, g));
    size_t vs = dyng_type_size(vt), cells = m > 0 ? (size_t)m : 1;
    void *src = dyng_i_malloc(cells, vs);
    void *dst = dyng_i_malloc(cells, vs);
    dyng_i_pair *pairs = dyng_i_malloc(cells, sizeof(dyng_i_pair));
    if (src == NULL || dst == NULL || pairs == NULL) {
        dyng_i_free(src);
        dyng_i_free(dst);
        dyng_i_free(pairs);
        return dyng_i_oom("the generator's edge list", cells * sizeof(dyng_i_pair));
    }
    dyng_status s = dyng_graph_to_edges(g, src, dst, NULL);
    if (s == DYNG_OK) {
        for (int64_t i = 0; i < m; i++) {
            if (vt == DYNG_TYPE_INT32)
                pairs[i] = (dyng_i_pair){((const int32_t *)src)[i], ((const int32_t *)dst)[i]};
            else
                pairs[i] = (dyng_i_pair){((const int64_t *)src)[i], ((const int64_t *)dst)[i]};
        }
        /* The pairs come grouped by source, in ascending order (row by
         * row); only a row whose targets are out of order (a graph kept in
         * append order) needs sorting. */
        for (int64_t a = 0, z; a < m; a = z) {
            bool ordered = true;
            for (z = a + 1; z < m && pairs[z].u == pairs[a].u; z++)
                ordered = ordered && pairs[z].v >= pairs[z - 1].v;
            if (!ordered)
                qsort(pairs + a, (size_t)(z - a), sizeof(dyng_i_pair), dyng_i_pair_compare);
        }
        int64_t k = 0; /* parallel edges: one dyng_i_pair */
        for (int64_t i = 0; i < m; i++)
            if (k == 0 || dyng_i_pair_compare(&pairs[k - 1], &pairs[i]) != 0)
                pairs[k++] = pairs[i];
        *count = k;
        *out = pairs;
    } else {
        dyng_i_free(pairs);
    }
    dyng_i_free(src);
    dyng_i_free(dst);
    return s;
}

dyng_status dyng_i_batch_add_pairs(dyng_batch *b, dyng_type vt, const dyng_i_pair *pairs,
                                   int64_t count, const int32_t *weights, bool insertions,
                                   void *scratch) {
    if (count == 0)
        return DYNG_OK;
    size_t vs = dyng_type_size(vt);
    unsigned char *src = scratch, *dst = src + (size_t)count * vs;
    for (int64_t i = 0; i < count; i++) {
        if (vt == DYNG_TYPE_INT32) {
            ((int32_t *)(void *)src)[i] = (int32_t)pairs[i].u;
            ((int32_t *)(void *)dst)[i] = (int32_t)pairs[i].v;
        } else {
            ((int64_t *)(void *)src)[i] = pairs[i].u;
            ((int64_t *)(void *)dst)[i] = pairs[i].v;
        }
    }
    return insertions ? dyng_batch_add_insertions(b, count, src, dst, weights)
                      : dyng_batch_add_deletions(b, count, src, dst);
}
