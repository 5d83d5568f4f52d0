/*
 * src/generators/pairs.c - vertex pairs for the batch generators
 * (generators/pairs.h).
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "generators/pairs.h"
#include "graph/window_rows.h"

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

dyng_status dyng_i_graph_pairs(const dyng_graph *g, dyng_i_pair **out, int64_t *count) {
    *out = NULL;
    int64_t n = 0;
    DYNG_I_TRY(dyng_graph_num_vertices(&n, g));
    dyng_i_pair_rows rows;
    dyng_status s = dyng_i_pair_rows_make(&rows, g, 0, n);
    dyng_i_pair *pairs = NULL;
    if (s == DYNG_OK) {
        pairs = dyng_i_malloc(rows.count > 0 ? (size_t)rows.count : 1, sizeof(dyng_i_pair));
        if (pairs == NULL)
            s = dyng_i_oom("the generator's edge list", (size_t)rows.count * sizeof(dyng_i_pair));
    }
    if (s == DYNG_OK) {
        for (int64_t u = 0, k = 0; u < n; u++)
            for (; k < rows.start[u + 1]; k++)
                pairs[k] = (dyng_i_pair){u, dyng_i_pair_rows_v(&rows, k)};
        *count = rows.count;
        *out = pairs;
    }
    dyng_i_pair_rows_free(&rows);
    return s;
}

void dyng_i_pair_rows_free(dyng_i_pair_rows *r) {
    dyng_i_free(r->start);
    dyng_i_free(r->v);
    memset(r, 0, sizeof *r);
}

dyng_status dyng_i_pair_rows_make(dyng_i_pair_rows *out, const dyng_graph *g, int64_t lo,
                                  int64_t hi) {
    memset(out, 0, sizeof *out);
    dyng_graph_properties p;
    int64_t entries = 0;
    DYNG_I_TRY(dyng_graph_properties_of(&p, g));
    DYNG_I_TRY(dyng_graph_num_entries(&entries, g));
    const dyng_type vt = p.vertex_type;
    void *v = dyng_i_malloc(entries > 0 ? (size_t)entries : 1, dyng_type_size(vt));
    int64_t *start = dyng_i_malloc((size_t)(hi - lo) + 1, sizeof(int64_t));
    if (v == NULL || start == NULL) {
        dyng_i_free(v);
        dyng_i_free(start);
        return dyng_i_oom("the generator's list of edges",
                          (size_t)entries * dyng_type_size(vt) + (size_t)(hi - lo) * 8);
    }
    int64_t loops = 0;
    const int64_t kept = dyng_i_graph_window_rows(g, lo, hi, v, start, &loops);
    *out = (dyng_i_pair_rows){lo, hi, start, v, vt, kept, loops, NULL, false};
    return DYNG_OK;
}

dyng_status dyng_i_pair_rows_count(dyng_i_pair_rows *out, const dyng_graph *g, int64_t lo,
                                   int64_t hi) {
    memset(out, 0, sizeof *out);
    dyng_graph_properties p;
    DYNG_I_TRY(dyng_graph_properties_of(&p, g));
    int64_t *start = dyng_i_malloc((size_t)(hi - lo) + 1, sizeof(int64_t));
    if (start == NULL)
        return dyng_i_oom("the generator's row starts", ((size_t)(hi - lo) + 1) * 8);
    const int64_t count = dyng_i_graph_window_counts(g, lo, hi, start);
    *out = (dyng_i_pair_rows){lo, hi, start, NULL, p.vertex_type, count, -1, g, !p.directed};
    return DYNG_OK;
}

dyng_i_pair dyng_i_pair_rows_at(const dyng_i_pair_rows *r, int64_t k) {
    /* The row whose range holds k: start[lo] <= k < start[lo + 1]. */
    int64_t lo = 0, hi = r->hi - r->lo; /* start[lo] <= k < start[hi] */
    while (hi - lo > 1) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (r->start[mid] <= k)
            lo = mid;
        else
            hi = mid;
    }
    const int64_t u = r->lo + lo;
    if (r->in != NULL)
        return (dyng_i_pair){u, dyng_i_graph_window_target(r->in, r->lo, u, k - r->start[lo])};
    return (dyng_i_pair){u, dyng_i_pair_rows_v(r, k)};
}

bool dyng_i_pair_rows_contains(const dyng_i_pair_rows *r, dyng_i_pair p) {
    if (p.u < r->lo || p.u >= r->hi)
        return false;
    if (r->in != NULL) /* the pairs of row u are its targets in [lo or u, hi) */
        return p.v >= (r->upper ? p.u : r->lo) && p.v < r->hi &&
               dyng_i_graph_row_holds(r->in, p.u, p.v);
    int64_t a = r->start[p.u - r->lo], z = r->start[p.u - r->lo + 1];
    while (a < z) {
        const int64_t mid = a + (z - a) / 2;
        const int64_t x = dyng_i_pair_rows_v(r, mid);
        if (x == p.v)
            return true;
        if (x < p.v)
            a = mid + 1;
        else
            z = mid;
    }
    return false;
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
