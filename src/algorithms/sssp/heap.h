/*
 * src/algorithms/sssp/heap.h - an indexed binary min-heap of vertices keyed by
 * (distance, id), for Dijkstra and the repair's push (internal).
 *
 * heap[0 .. *size) holds vertex ids; pos[v] is v's index in it or -1. The
 * caller owns the arrays (cap >= the vertices that can be in it at once), so
 * nothing here allocates. Ties in distance go to the lower id, which makes the
 * order of pops, and so every count in the stats, deterministic.
 */
#ifndef DYNG_I_SSSP_HEAP_H
#define DYNG_I_SSSP_HEAP_H

#include <stdbool.h>
#include <stdint.h>

static inline bool dyng_i_heap_less(const int64_t *dist, int64_t a, int64_t b) {
    return dist[a] < dist[b] || (dist[a] == dist[b] && a < b);
}

static inline void dyng_i_heap_up(int64_t *heap, int64_t *pos, const int64_t *dist, int64_t i) {
    const int64_t v = heap[i];
    while (i > 0) {
        const int64_t up = (i - 1) / 2;
        if (!dyng_i_heap_less(dist, v, heap[up]))
            break;
        heap[i] = heap[up];
        pos[heap[i]] = i;
        i = up;
    }
    heap[i] = v;
    pos[v] = i;
}

static inline void dyng_i_heap_down(int64_t *heap, int64_t *pos, const int64_t *dist, int64_t size,
                                    int64_t i) {
    const int64_t v = heap[i];
    for (;;) {
        int64_t child = 2 * i + 1;
        if (child >= size)
            break;
        if (child + 1 < size && dyng_i_heap_less(dist, heap[child + 1], heap[child]))
            child++;
        if (!dyng_i_heap_less(dist, heap[child], v))
            break;
        heap[i] = heap[child];
        pos[heap[i]] = i;
        i = child;
    }
    heap[i] = v;
    pos[v] = i;
}

/* Insert v, or move it up after its distance decreased. */
static inline void dyng_i_heap_push(int64_t *heap, int64_t *pos, const int64_t *dist, int64_t *size,
                                    int64_t v) {
    if (pos[v] < 0) {
        heap[*size] = v;
        pos[v] = *size;
        (*size)++;
    }
    dyng_i_heap_up(heap, pos, dist, pos[v]);
}

/* Remove and return the least vertex (size > 0). */
static inline int64_t dyng_i_heap_pop(int64_t *heap, int64_t *pos, const int64_t *dist,
                                      int64_t *size) {
    const int64_t top = heap[0];
    pos[top] = -1;
    (*size)--;
    if (*size > 0) {
        heap[0] = heap[*size];
        pos[heap[0]] = 0;
        dyng_i_heap_down(heap, pos, dist, *size, 0);
    }
    return top;
}

#endif /* DYNG_I_SSSP_HEAP_H */
