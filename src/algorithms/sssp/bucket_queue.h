/*
 * src/algorithms/sssp/bucket_queue.h - Dial's bucket queue: the monotone
 * priority queue of a compute's Dijkstra when the weights are small
 * (internal).
 *
 * Dijkstra pops keys that never decrease, and every key it pushes is the key
 * last popped plus one edge's weight. So while the largest weight is below
 * the ring's size, the keys waiting lie in [cur, cur + size) and bucket
 * key % size holds exactly the entries of one key: a push appends to a
 * bucket, a pop takes from the current one, and `cur` walks up the ring past
 * empty buckets. No entry moves between buckets (a radix heap moves each one
 * a few times), which on road networks with weights 1..100 halves the
 * queue's share of a compute. Entries are vertices only: a bucket's key is
 * cur, and an entry whose vertex has since been settled with a smaller
 * distance is stale (the caller skips it). Buckets grow with dyng_i_realloc;
 * a failed growth is reported, as the radix heap's is.
 *
 * A bitmap of the buckets that hold entries, and a word with a bit for each
 * of its words that is not 0 (the ring has at most 4,096 buckets: 64
 * words), let `cur` jump to the next bucket in use in a few instructions:
 * on a long path of weights near the largest, where all but one bucket of a
 * lap are empty, walking them one by one cost O(largest distance), 4.2 s
 * for a million vertices of weight 4,095 against 30 ms for weight 4,096 on
 * the radix heap.
 */
#ifndef DYNG_I_SSSP_BUCKET_QUEUE_H
#define DYNG_I_SSSP_BUCKET_QUEUE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/alloc.h"

/* The largest weight the bucket queue takes (its ring is the next power of
 * two above it); heavier graphs use the radix heap. */
enum { DYNG_I_BUCKETS_MAX_WEIGHT = 4095 };

typedef struct dyng_i_bucket {
    int64_t *v;
    int64_t len, cap;
} dyng_i_bucket;

typedef struct dyng_i_buckets {
    dyng_i_bucket *ring;
    uint64_t *held; /* bit b: ring[b] holds entries            */
    uint64_t words; /* bit w: held[w] is not 0                 */
    int64_t mask;   /* ring size - 1 (a power of two minus one) */
    int64_t cur;    /* the key of the bucket pops take from      */
    int64_t count;  /* entries waiting                           */
} dyng_i_buckets;

/* A ring for weights up to max_weight (<= DYNG_I_BUCKETS_MAX_WEIGHT);
 * false when out of memory. */
static inline bool dyng_i_buckets_init(dyng_i_buckets *q, int64_t max_weight) {
    int64_t size = 2;
    while (size <= max_weight)
        size *= 2;
    q->ring = dyng_i_calloc((size_t)size, sizeof *q->ring);
    q->held = dyng_i_calloc((size_t)(size + 63) / 64, sizeof *q->held);
    q->words = 0;
    q->mask = size - 1;
    q->cur = 0;
    q->count = 0;
    if (q->ring == NULL || q->held == NULL) {
        dyng_i_free(q->ring);
        dyng_i_free(q->held);
        q->ring = NULL;
        q->held = NULL;
        return false;
    }
    return true;
}

static inline void dyng_i_buckets_free(dyng_i_buckets *q) {
    if (q->ring != NULL)
        for (int64_t b = 0; b <= q->mask; b++)
            dyng_i_free(q->ring[b].v);
    dyng_i_free(q->ring);
    dyng_i_free(q->held);
    q->ring = NULL;
    q->held = NULL;
}

/* Empty the queue, keeping its memory, with cur at 0. */
static inline void dyng_i_buckets_clear(dyng_i_buckets *q) {
    if (q->ring != NULL) {
        for (int64_t b = 0; b <= q->mask; b++)
            q->ring[b].len = 0;
        memset(q->held, 0, (size_t)(q->mask + 64) / 64 * sizeof *q->held);
    }
    q->words = 0;
    q->cur = 0;
    q->count = 0;
}

/* Push v with key (cur <= key <= cur + the largest weight); false when out
 * of memory (the queue is then as it was). */
static inline bool dyng_i_buckets_push(dyng_i_buckets *q, int64_t key, int64_t v) {
    const int64_t at = key & q->mask;
    dyng_i_bucket *b = &q->ring[at];
    if (b->len == b->cap) {
        const int64_t cap = b->cap ? 2 * b->cap : 16;
        int64_t *grown = dyng_i_realloc(b->v, (size_t)cap, sizeof *grown);
        if (grown == NULL)
            return false;
        b->v = grown;
        b->cap = cap;
    }
    b->v[b->len++] = v;
    q->held[at >> 6] |= UINT64_C(1) << (at & 63);
    q->words |= UINT64_C(1) << (at >> 6);
    q->count++;
    return true;
}

/* How far cur is from the next bucket that holds entries (0: the current
 * one does), through the bitmap; count > 0. */
static inline int64_t dyng_i_buckets_gap(const dyng_i_buckets *q) {
    const int64_t at = q->cur & q->mask, w = at >> 6;
    const uint64_t above = q->held[w] >> (at & 63); /* buckets at, at + 1, ... */
    if (above != 0)
        return __builtin_ctzll(above);
    /* the next word in use after w, else the first one (round the ring) */
    const uint64_t after = w == 63 ? 0 : q->words >> (w + 1) << (w + 1);
    const int64_t next = __builtin_ctzll(after != 0 ? after : q->words);
    const int64_t b = next * 64 + __builtin_ctzll(q->held[next]);
    return b > at ? b - at : b + q->mask + 1 - at;
}

/* Move cur past the empty buckets, to the next that holds entries, but not
 * past limit (and not at all from limit or above); count > 0. */
static inline void dyng_i_buckets_skip(dyng_i_buckets *q, int64_t limit) {
    if (q->cur >= limit)
        return;
    const int64_t gap = dyng_i_buckets_gap(q);
    q->cur = gap < limit - q->cur ? q->cur + gap : limit;
}

/* Pop an entry of the least key (count > 0): its vertex, with *key set. */
static inline int64_t dyng_i_buckets_pop(dyng_i_buckets *q, int64_t *key) {
    dyng_i_bucket *b = &q->ring[q->cur & q->mask];
    if (b->len == 0) { /* to the next bucket in use */
        q->cur += dyng_i_buckets_gap(q);
        b = &q->ring[q->cur & q->mask];
    }
    q->count--;
    *key = q->cur;
    if (b->len == 1) { /* the bucket empties */
        const int64_t at = q->cur & q->mask;
        if ((q->held[at >> 6] &= ~(UINT64_C(1) << (at & 63))) == 0)
            q->words &= ~(UINT64_C(1) << (at >> 6));
    }
    return b->v[--b->len];
}

/* The bucket the next pop takes from, while it has entries: its last entry
 * goes first, then the one before, and so on, since no push joins it
 * (pushes go to later keys when weights are at least 1). */
static inline const dyng_i_bucket *dyng_i_buckets_current(const dyng_i_buckets *q) {
    return &q->ring[q->cur & q->mask];
}

#endif /* DYNG_I_SSSP_BUCKET_QUEUE_H */
