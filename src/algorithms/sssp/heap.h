/*
 * src/algorithms/sssp/heap.h - an indexed 4-ary min-heap of vertices keyed by
 * (distance, id), for Dijkstra and the repair's push (internal).
 *
 * heap[0 .. *size) holds (key, vertex) entries, so comparisons never chase a
 * vertex's distance through memory; pos[v] is v's index in it or -1. Four
 * children per node halve the depth of a binary heap for the same cost per
 * level (the four keys share a cache line). The caller owns the arrays (cap
 * >= the vertices that can be in it at once), so nothing here allocates.
 * Ties go to the lower id, which makes the order of pops, and so every count
 * in the stats, deterministic.
 */
#ifndef DYNG_I_SSSP_HEAP_H
#define DYNG_I_SSSP_HEAP_H

#include <stdbool.h>
#include <stdint.h>

typedef struct dyng_i_heap_entry {
    int64_t key;
    int64_t v;
} dyng_i_heap_entry;

static inline bool dyng_i_heap_less(dyng_i_heap_entry a, dyng_i_heap_entry b) {
    return a.key < b.key || (a.key == b.key && a.v < b.v);
}

static inline void dyng_i_heap_up(dyng_i_heap_entry *heap, int64_t *pos, int64_t i,
                                  dyng_i_heap_entry x) {
    while (i > 0) {
        const int64_t up = (i - 1) / 4;
        if (!dyng_i_heap_less(x, heap[up]))
            break;
        heap[i] = heap[up];
        pos[heap[i].v] = i;
        i = up;
    }
    heap[i] = x;
    pos[x.v] = i;
}

/* Insert v with `key`, or lower its key (key never grows here). */
static inline void dyng_i_heap_push(dyng_i_heap_entry *heap, int64_t *pos, int64_t *size, int64_t v,
                                    int64_t key) {
    const dyng_i_heap_entry x = {key, v};
    int64_t i = pos[v];
    if (i < 0)
        i = (*size)++;
    dyng_i_heap_up(heap, pos, i, x);
}

/* Move x down from index i of a heap of n entries; pos follows. */
static inline void dyng_i_heap_down(dyng_i_heap_entry *heap, int64_t *pos, int64_t n, int64_t i,
                                    dyng_i_heap_entry x) {
    for (;;) {
        const int64_t first = 4 * i + 1;
        if (first >= n)
            break;
        int64_t best = first;
        const int64_t last = first + 4 < n ? first + 4 : n;
        for (int64_t c = first + 1; c < last; c++)
            if (dyng_i_heap_less(heap[c], heap[best]))
                best = c;
        if (!dyng_i_heap_less(heap[best], x))
            break;
        heap[i] = heap[best];
        pos[heap[i].v] = i;
        i = best;
    }
    heap[i] = x;
    pos[x.v] = i;
}

/* Remove and return the least vertex (size > 0). */
static inline int64_t dyng_i_heap_pop(dyng_i_heap_entry *heap, int64_t *pos, int64_t *size) {
    const int64_t top = heap[0].v;
    pos[top] = -1;
    const int64_t n = --(*size);
    if (n > 0)
        dyng_i_heap_down(heap, pos, n, 0, heap[n]);
    return top;
}

#endif /* DYNG_I_SSSP_HEAP_H */
