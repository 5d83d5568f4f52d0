/*
 * src/algorithms/sssp/radix_heap.h - a radix heap: the monotone priority
 * queue of a compute's Dijkstra (internal).
 *
 * Dijkstra pops keys that never decrease, so a key only needs sorting against
 * the last key popped: bucket 0 holds keys equal to it, bucket b > 0 the keys
 * whose highest bit differing from it is bit b - 1. A pop takes bucket 0, or
 * else the first non-empty bucket, makes its least key the new last key and
 * spreads the bucket over lower buckets; each entry moves down at most 64
 * times, so pushes and pops cost O(1) amortised plus O(log C), against the
 * O(log n) of a heap, and stay in a few cache-friendly arrays. Entries are
 * (key, vertex); a vertex may be in it several times (the stale entries are
 * skipped by the caller). Buckets grow with dyng_i_realloc and keep their
 * memory; a failed growth is reported (a compute fails, a repair falls back
 * to recomputing with the indexed heap, which needs no memory). A repair
 * keeps its radix heap between updates, so a steady stream allocates nothing.
 */
#ifndef DYNG_I_SSSP_RADIX_HEAP_H
#define DYNG_I_SSSP_RADIX_HEAP_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "algorithms/sssp/heap.h"
#include "core/alloc.h"

enum { DYNG_I_RADIX_BUCKETS = 65 };

typedef struct dyng_i_radix {
    dyng_i_heap_entry *bucket[DYNG_I_RADIX_BUCKETS];
    int64_t size[DYNG_I_RADIX_BUCKETS], cap[DYNG_I_RADIX_BUCKETS];
    int64_t last, count;
} dyng_i_radix;

static inline void dyng_i_radix_init(dyng_i_radix *h) { memset(h, 0, sizeof *h); }

/* Empty it, keeping the buckets' memory for the next use. */
static inline void dyng_i_radix_clear(dyng_i_radix *h) {
    for (int b = 0; b < DYNG_I_RADIX_BUCKETS; b++)
        h->size[b] = 0;
    h->last = 0;
    h->count = 0;
}

static inline void dyng_i_radix_free(dyng_i_radix *h) {
    for (int b = 0; b < DYNG_I_RADIX_BUCKETS; b++)
        dyng_i_free(h->bucket[b]);
    memset(h, 0, sizeof *h);
}

static inline int dyng_i_radix_index(int64_t key, int64_t last) {
    return key == last ? 0 : 64 - __builtin_clzll((unsigned long long)(key ^ last));
}

/* Append to bucket b; false when it cannot grow. */
static inline bool dyng_i_radix_put(dyng_i_radix *h, int b, dyng_i_heap_entry e) {
    if (h->size[b] == h->cap[b]) {
        const int64_t cap = h->cap[b] ? 2 * h->cap[b] : 64;
        dyng_i_heap_entry *grown = dyng_i_realloc(h->bucket[b], (size_t)cap, sizeof *grown);
        if (grown == NULL)
            return false;
        h->bucket[b] = grown;
        h->cap[b] = cap;
    }
    h->bucket[b][h->size[b]++] = e;
    return true;
}

/* Push (key >= the last key popped); false when out of memory. */
static inline bool dyng_i_radix_push(dyng_i_radix *h, int64_t key, int64_t v) {
    const dyng_i_heap_entry e = {key, v};
    if (!dyng_i_radix_put(h, dyng_i_radix_index(key, h->last), e))
        return false;
    h->count++;
    return true;
}

/* Pop an entry of the least key into *out (count > 0); false when spreading a
 * bucket ran out of memory (the heap then holds every entry it held). */
static inline bool dyng_i_radix_pop(dyng_i_radix *h, dyng_i_heap_entry *out) {
    if (h->size[0] == 0) {
        int b = 1;
        while (h->size[b] == 0)
            b++;
        dyng_i_heap_entry *from = h->bucket[b];
        const int64_t n = h->size[b];
        int64_t least = from[0].key;
        for (int64_t i = 1; i < n; i++)
            if (from[i].key < least)
                least = from[i].key;
        h->last = least;
        /* Every entry of bucket b goes to a lower bucket; take the bucket's
         * array out first, so a failure can put it back untouched. */
        h->bucket[b] = NULL;
        h->size[b] = 0;
        const int64_t cap = h->cap[b];
        h->cap[b] = 0;
        for (int64_t i = 0; i < n; i++) {
            if (!dyng_i_radix_put(h, dyng_i_radix_index(from[i].key, least), from[i])) {
                /* Out of memory mid-way: the caller fails the compute; keep
                 * the rest so that free releases everything. */
                for (int64_t j = i; j < n; j++)
                    from[j - i] = from[j];
                h->bucket[b] = from;
                h->size[b] = n - i;
                h->cap[b] = cap;
                return false;
            }
        }
        h->bucket[b] = from; /* empty now; its memory serves the bucket again */
        h->cap[b] = cap;
    }
    *out = h->bucket[0][--h->size[0]];
    h->count--;
    return true;
}

#endif /* DYNG_I_SSSP_RADIX_HEAP_H */
