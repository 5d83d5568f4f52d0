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
 */
#ifndef DYNG_I_SSSP_BUCKET_QUEUE_H
#define DYNG_I_SSSP_BUCKET_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

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
    int64_t mask;  /* ring size - 1 (a power of two minus one) */
    int64_t cur;   /* the key of the bucket pops take from      */
    int64_t count; /* entries waiting                           */
} dyng_i_buckets;

/* A ring for weights up to max_weight (<= DYNG_I_BUCKETS_MAX_WEIGHT);
 * false when out of memory. */
static inline bool dyng_i_buckets_init(dyng_i_buckets *q, int64_t max_weight) {
    int64_t size = 2;
    while (size <= max_weight)
        size *= 2;
    q->ring = dyng_i_calloc((size_t)size, sizeof *q->ring);
    q->mask = size - 1;
    q->cur = 0;
    q->count = 0;
    return q->ring != NULL;
}

static inline void dyng_i_buckets_free(dyng_i_buckets *q) {
    if (q->ring != NULL)
        for (int64_t b = 0; b <= q->mask; b++)
            dyng_i_free(q->ring[b].v);
    dyng_i_free(q->ring);
    q->ring = NULL;
}

/* Empty the queue, keeping its memory, with cur at 0. */
static inline void dyng_i_buckets_clear(dyng_i_buckets *q) {
    if (q->ring != NULL)
        for (int64_t b = 0; b <= q->mask; b++)
            q->ring[b].len = 0;
    q->cur = 0;
    q->count = 0;
}

/* Push v with key (cur <= key <= cur + the largest weight); false when out
 * of memory (the queue is then as it was). */
static inline bool dyng_i_buckets_push(dyng_i_buckets *q, int64_t key, int64_t v) {
    dyng_i_bucket *b = &q->ring[key & q->mask];
    if (b->len == b->cap) {
        const int64_t cap = b->cap ? 2 * b->cap : 16;
        int64_t *grown = dyng_i_realloc(b->v, (size_t)cap, sizeof *grown);
        if (grown == NULL)
            return false;
        b->v = grown;
        b->cap = cap;
    }
    b->v[b->len++] = v;
    q->count++;
    return true;
}

/* Pop an entry of the least key (count > 0): its vertex, with *key set. */
static inline int64_t dyng_i_buckets_pop(dyng_i_buckets *q, int64_t *key) {
    dyng_i_bucket *b = &q->ring[q->cur & q->mask];
    while (b->len == 0) {
        q->cur++;
        b = &q->ring[q->cur & q->mask];
    }
    q->count--;
    *key = q->cur;
    return b->v[--b->len];
}

/* The bucket the next pop takes from, while it has entries: its last entry
 * goes first, then the one before, and so on, since no push joins it
 * (pushes go to later keys when weights are at least 1). */
static inline const dyng_i_bucket *dyng_i_buckets_current(const dyng_i_buckets *q) {
    return &q->ring[q->cur & q->mask];
}

#endif /* DYNG_I_SSSP_BUCKET_QUEUE_H */
