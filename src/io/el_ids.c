/*
 * src/io/el_ids.c - the edge-list reader's id compaction and duplicate
 * policies.
 *
 * Compaction ranks the ids that appear. When the largest id is at most a few
 * times the number of id slots (2m), a table indexed by id marks them (in
 * parallel) and a running sum turns the marks into ranks; otherwise the ids
 * are copied, radix-sorted (LSD, 8 bits a pass, passes past the largest id
 * and passes where every key has the same byte skipped) and de-duplicated,
 * and each id is found by binary search (in parallel). Either way the result
 * does not depend on the thread count.
 *
 * Duplicates are found with an open-addressing hash table of edge indices,
 * in file order on one thread, so "the first one stays" and "the first
 * repeat" mean the file's order.
 */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "io/el.h"

/* Radix-sort n keys in a (tmp the same size); keys are at most max. The
 * result ends in a. */
static void radix_sort(uint64_t *a, uint64_t *tmp, size_t n, uint64_t max) {
    uint64_t *from = a, *to = tmp;
    for (unsigned shift = 0; shift < 64 && (max >> shift) != 0; shift += 8) {
        size_t count[256];
        memset(count, 0, sizeof count);
        for (size_t i = 0; i < n; i++)
            count[(from[i] >> shift) & 255]++;
        if (count[(from[0] >> shift) & 255] == n)
            continue; /* every key has this byte */
        size_t at = 0;
        for (int d = 0; d < 256; d++) {
            size_t c = count[d];
            count[d] = at;
            at += c;
        }
        for (size_t i = 0; i < n; i++)
            to[count[(from[i] >> shift) & 255]++] = from[i];
        uint64_t *t = from;
        from = to;
        to = t;
    }
    if (from != a)
        memcpy(a, from, n * sizeof *a);
}

/* The rank of `id` among the sorted distinct ids s[0..k). */
static inline int64_t find_rank(const uint64_t *s, int64_t k, uint64_t id) {
    int64_t lo = 0, hi = k;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (s[mid] <= id)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

dyng_status dyng_i_el_compact(int64_t *src64, int64_t *dst64, int64_t m, int64_t max_id,
                              dyng_type type, int64_t id_offset, dyng_resources *resources,
                              void **src_out, void **dst_out, dyng_type *type_out,
                              int64_t **ids_out, int64_t *k) {
    *src_out = *dst_out = NULL;
    if (ids_out != NULL)
        *ids_out = NULL;
    *k = 0;
    int threads = dyng_i_threads(resources);
    (void)threads;
    size_t slots = 2 * (size_t)m;
    bool dense = max_id < 0 || (uint64_t)max_id < 2 * (uint64_t)slots + 65536;
    int64_t *rank = NULL;                 /* dense: the rank of each id   */
    uint64_t *sorted = NULL, *tmp = NULL; /* sparse: the distinct ids     */
    int32_t *s32 = NULL, *d32 = NULL;
    int64_t *ids = NULL;
    int64_t count = 0;
    dyng_status st = DYNG_OK;

    if (dense) {
        size_t size = (size_t)(max_id + 1);
        rank = dyng_i_calloc(size, sizeof *rank);
        if (rank == NULL) {
            st = dyng_i_oom("the id table", dyng_i_mul_size(size, sizeof *rank));
            goto done;
        }
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(threads)
#endif
        for (int64_t e = 0; e < m; e++) {
#ifdef _OPENMP
#pragma omp atomic write
#endif
            rank[src64[e]] = 1;
#ifdef _OPENMP
#pragma omp atomic write
#endif
            rank[dst64[e]] = 1;
        }
        for (size_t i = 0; i < size; i++) { /* marks to ranks */
            int64_t mark = rank[i];
            rank[i] = count;
            count += mark;
        }
    } else {
        sorted = dyng_i_malloc_big(slots, sizeof *sorted);
        tmp = dyng_i_malloc_big(slots, sizeof *tmp);
        if (sorted == NULL || tmp == NULL) {
            st = dyng_i_oom("the id sort", dyng_i_mul_size(slots, 2 * sizeof *sorted));
            goto done;
        }
        memcpy(sorted, src64, (size_t)m * sizeof *sorted);
        memcpy(sorted + m, dst64, (size_t)m * sizeof *sorted);
        radix_sort(sorted, tmp, slots, (uint64_t)max_id);
        dyng_i_free(tmp);
        tmp = NULL;
        for (size_t i = 0; i < slots; i++)
            if (count == 0 || sorted[count - 1] != sorted[i])
                sorted[count++] = sorted[i];
    }
    if (dyng_i_interrupted(resources)) {
        st = dyng_i_error(DYNG_INTERRUPTED, "interrupted while renumbering the ids");
        goto done;
    }

    dyng_type t = type;
    if (t == DYNG_TYPE_NONE)
        t = count <= (int64_t)INT32_MAX + 1 ? DYNG_TYPE_INT32 : DYNG_TYPE_INT64;
    if (t == DYNG_TYPE_INT32 && count > (int64_t)INT32_MAX + 1) {
        st = dyng_i_error(DYNG_CAPACITY,
                          "the file names %lld distinct ids; int32 vertex ids name at most %lld "
                          "vertices (read it with int64 ids)",
                          (long long)count, (long long)INT32_MAX + 1);
        goto done;
    }
    if (ids_out != NULL) {
        ids = dyng_i_malloc_big((size_t)count, sizeof *ids);
        if (ids == NULL) {
            st = dyng_i_oom("the original ids", dyng_i_mul_size((size_t)count, sizeof *ids));
            goto done;
        }
        if (dense) {
            for (int64_t i = 0; i <= max_id; i++) {
                int64_t next = i < max_id ? rank[i + 1] : count;
                if (next != rank[i])
                    ids[rank[i]] = i + id_offset;
            }
        } else {
            for (int64_t i = 0; i < count; i++)
                ids[i] = (int64_t)sorted[i] + id_offset;
        }
    }
    if (t == DYNG_TYPE_INT32) {
        s32 = dyng_i_malloc_big((size_t)m, sizeof *s32);
        d32 = dyng_i_malloc_big((size_t)m, sizeof *d32);
        if (s32 == NULL || d32 == NULL) {
            st = dyng_i_oom("the edge arrays", dyng_i_mul_size((size_t)m, 2 * sizeof *s32));
            goto done;
        }
    }
    /* Nothing fails from here on. */
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(threads)
#endif
    for (int64_t e = 0; e < m; e++) {
        int64_t a = dense ? rank[src64[e]] : find_rank(sorted, count, (uint64_t)src64[e]);
        int64_t b = dense ? rank[dst64[e]] : find_rank(sorted, count, (uint64_t)dst64[e]);
        if (t == DYNG_TYPE_INT32) {
            s32[e] = (int32_t)a;
            d32[e] = (int32_t)b;
        } else {
            src64[e] = a;
            dst64[e] = b;
        }
    }
    if (t == DYNG_TYPE_INT32) {
        *src_out = s32;
        *dst_out = d32;
        s32 = d32 = NULL;
    } else {
        *src_out = src64;
        *dst_out = dst64;
    }
    *type_out = t;
    *k = count;
    if (ids_out != NULL)
        *ids_out = ids;
    ids = NULL;
done:
    dyng_i_free(rank);
    dyng_i_free(sorted);
    dyng_i_free(tmp);
    dyng_i_free(s32);
    dyng_i_free(d32);
    dyng_i_free(ids);
    return st;
}

static inline int64_t id_at(const void *a, int64_t k, bool wide) {
    return wide ? ((const int64_t *)a)[k] : (int64_t)((const int32_t *)a)[k];
}

static inline uint64_t pair_hash(uint64_t a, uint64_t b) {
    uint64_t h = a * 0x9E3779B97F4A7C15ULL + b;
    h ^= h >> 30;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 27;
    h *= 0x94D049BB133111EBULL;
    h ^= h >> 31;
    return h;
}

dyng_status dyng_i_el_dedupe(void *src, void *dst, int32_t *weights, int num_weights, int64_t m,
                             bool wide, bool unordered, bool drop, dyng_resources *resources,
                             int64_t *m_out, int64_t *first_dup) {
    *m_out = m;
    *first_dup = -1;
    if (m == 0)
        return DYNG_OK;
    size_t cap = 16;
    while (cap < 2 * (size_t)m)
        cap <<= 1;
    int64_t *table = dyng_i_malloc_big(cap, sizeof *table);
    if (table == NULL)
        return dyng_i_oom("the duplicate table", dyng_i_mul_size(cap, sizeof *table));
    memset(table, 0xff, cap * sizeof *table); /* -1: empty */
    size_t mask = cap - 1;
    size_t ws = (size_t)num_weights;
    int64_t o = 0;
    for (int64_t j = 0; j < m; j++) {
        if ((j & 0xFFFFF) == 0 && dyng_i_interrupted(resources)) {
            dyng_i_free(table);
            return dyng_i_error(DYNG_INTERRUPTED, "interrupted while looking for duplicates");
        }
        int64_t a = id_at(src, j, wide), b = id_at(dst, j, wide);
        if (unordered && a > b) {
            int64_t t = a;
            a = b;
            b = t;
        }
        size_t h = (size_t)pair_hash((uint64_t)a, (uint64_t)b) & mask;
        bool dup = false;
        for (;; h = (h + 1) & mask) {
            int64_t s = table[h];
            if (s < 0) {
                table[h] = o;
                break;
            }
            int64_t x = id_at(src, s, wide), y = id_at(dst, s, wide);
            if (unordered && x > y) {
                int64_t t = x;
                x = y;
                y = t;
            }
            if (x == a && y == b) {
                dup = true;
                break;
            }
        }
        if (dup) {
            if (!drop) {
                *first_dup = j;
                break;
            }
            continue;
        }
        if (o != j) {
            if (wide) {
                ((int64_t *)src)[o] = ((int64_t *)src)[j];
                ((int64_t *)dst)[o] = ((int64_t *)dst)[j];
            } else {
                ((int32_t *)src)[o] = ((int32_t *)src)[j];
                ((int32_t *)dst)[o] = ((int32_t *)dst)[j];
            }
            if (ws > 0)
                memmove(weights + (size_t)o * ws, weights + (size_t)j * ws, ws * sizeof(int32_t));
        }
        o++;
    }
    dyng_i_free(table);
    if (*first_dup < 0)
        *m_out = o;
    return DYNG_OK;
}
