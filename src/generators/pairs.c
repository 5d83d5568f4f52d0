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

static int compare_i32(const void *x, const void *y) {
    const int32_t a = *(const int32_t *)x, b = *(const int32_t *)y;
    return (a > b) - (a < b);
}

static int compare_i64(const void *x, const void *y) {
    const int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

/* Entry i of an int32 or int64 array as int64. */
static int64_t read_int(const void *a, dyng_type t, int64_t i) {
    return t == DYNG_TYPE_INT64 ? ((const int64_t *)a)[i] : (int64_t)((const int32_t *)a)[i];
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
    int64_t n = 0, entries = 0;
    DYNG_I_TRY(dyng_graph_properties_of(&p, g));
    DYNG_I_TRY(dyng_graph_num_vertices(&n, g));
    DYNG_I_TRY(dyng_graph_num_entries(&entries, g));
    const dyng_type vt = p.vertex_type, ot = p.offset_type;
    void *row_ptr = dyng_i_malloc((size_t)n + 1, dyng_type_size(ot));
    void *v = dyng_i_malloc(entries > 0 ? (size_t)entries : 1, dyng_type_size(vt));
    int64_t *start = dyng_i_malloc((size_t)(hi - lo) + 1, sizeof(int64_t));
    dyng_status s = DYNG_OK;
    if (row_ptr == NULL || v == NULL || start == NULL)
        s = dyng_i_oom("the generator's list of edges",
                       (size_t)entries * dyng_type_size(vt) + (size_t)n * sizeof(int64_t));
    if (s == DYNG_OK)
        s = dyng_graph_to_csr(g, false, row_ptr, v, NULL);
    if (s != DYNG_OK) {
        dyng_i_free(row_ptr);
        dyng_i_free(v);
        dyng_i_free(start);
        return s;
    }
    /* Row by row, in place: sort a row whose targets are out of order, then
     * keep each distinct target inside the window (undirected: v >= u). */
    const size_t vs = dyng_type_size(vt);
    int64_t kept = 0, loops = 0;
    for (int64_t u = lo; u < hi; u++) {
        const int64_t a = read_int(row_ptr, ot, u), z = read_int(row_ptr, ot, u + 1);
        bool ordered = true;
        for (int64_t k = a + 1; k < z && ordered; k++)
            ordered = read_int(v, vt, k) >= read_int(v, vt, k - 1);
        if (!ordered)
            qsort((char *)v + (size_t)a * vs, (size_t)(z - a), vs,
                  vt == DYNG_TYPE_INT64 ? compare_i64 : compare_i32);
        start[u - lo] = kept;
        const int64_t first = kept;
        for (int64_t k = a; k < z; k++) {
            const int64_t x = read_int(v, vt, k);
            if (x < lo || x >= hi || (!p.directed && x < u) ||
                (kept > first && read_int(v, vt, kept - 1) == x))
                continue;
            if (vt == DYNG_TYPE_INT64)
                ((int64_t *)v)[kept] = x;
            else
                ((int32_t *)v)[kept] = (int32_t)x;
            kept++;
            loops += x == u;
        }
    }
    start[hi - lo] = kept;
    dyng_i_free(row_ptr);
    *out = (dyng_i_pair_rows){lo, hi, start, v, vt, kept, loops};
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
    return (dyng_i_pair){r->lo + lo, dyng_i_pair_rows_v(r, k)};
}

bool dyng_i_pair_rows_contains(const dyng_i_pair_rows *r, dyng_i_pair p) {
    if (p.u < r->lo || p.u >= r->hi)
        return false;
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
