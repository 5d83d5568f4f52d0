/*
 * tests/c/cycle_oracle.h - the cycle-count oracle of the C tests and of
 * fuzz/fuzz_cycle_count.c, written from the definition; it shares nothing
 * with the library's search.
 *
 * It reads the graph's exported edges into an adjacency matrix of the
 * underlying simple graph (no self-loops, parallel edges once, both ways
 * when undirected), lists every sequence of distinct vertices whose
 * consecutive pairs and closing pair are edges, with no pruning and no
 * canonical start, and divides: a directed cycle of length k is k such
 * sequences (its rotations), an undirected one 2k (its rotations, both ways
 * round). Small graphs only: the number of sequences grows exponentially
 * with the cycle length.
 */
#ifndef DYNG_TESTS_CYCLE_ORACLE_H
#define DYNG_TESTS_CYCLE_ORACLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dyng/graph.h"

/* The adjacency matrix (n x n, n = g's vertex count, in *n_out) of g's
 * underlying simple graph; NULL when out of memory or an export fails. */
static inline uint8_t *cycle_oracle_matrix(const dyng_graph *g, int64_t *n_out) {
    int64_t n = 0, m = 0;
    dyng_graph_properties p;
    if (dyng_graph_num_vertices(&n, g) != DYNG_OK || dyng_graph_num_edges(&m, g) != DYNG_OK ||
        dyng_graph_properties_of(&p, g) != DYNG_OK)
        return NULL;
    const bool wide = p.vertex_type == DYNG_TYPE_INT64;
    uint8_t *adj = calloc((size_t)(n * n + 1), 1);
    void *src = malloc((size_t)m * 8 + 8), *dst = malloc((size_t)m * 8 + 8);
    if (adj == NULL || src == NULL || dst == NULL ||
        dyng_graph_to_edges(g, src, dst, NULL) != DYNG_OK) {
        free(adj);
        free(src);
        free(dst);
        return NULL;
    }
    for (int64_t e = 0; e < m; e++) {
        const int64_t u = wide ? ((int64_t *)src)[e] : ((int32_t *)src)[e];
        const int64_t v = wide ? ((int64_t *)dst)[e] : ((int32_t *)dst)[e];
        if (u == v)
            continue;
        adj[u * n + v] = 1;
        if (!p.directed)
            adj[v * n + u] = 1;
    }
    free(src);
    free(dst);
    *n_out = n;
    return adj;
}

/* The pairs of the underlying simple graph removed and added between two
 * matrices (n0 <= n1 vertices). */
static inline void cycle_oracle_pair_diff(const uint8_t *a0, int64_t n0, const uint8_t *a1,
                                          int64_t n1, bool directed, int64_t *removed,
                                          int64_t *added) {
    *removed = *added = 0;
    for (int64_t u = 0; u < n1; u++)
        for (int64_t v = directed ? 0 : u + 1; v < n1; v++) {
            const bool before = u < n0 && v < n0 && a0[u * n0 + v];
            const bool after = a1[u * n1 + v];
            *removed += before && !after;
            *added += !before && after;
        }
}

typedef struct cycle_oracle_walk_state {
    const uint8_t *adj;
    const int64_t *next, *first; /* vertex u's neighbours: next[first[u] .. first[u + 1]) */
    int64_t n, maxlen, minlen;
    int64_t *path;
    bool *on;
    uint64_t *seqs; /* n + 1 entries */
} cycle_oracle_walk_state;

static inline void cycle_oracle_walk(cycle_oracle_walk_state *o, int64_t len) {
    const int64_t last = o->path[len - 1], start = o->path[0];
    if (len >= o->minlen && o->adj[last * o->n + start])
        o->seqs[len]++;
    if (o->maxlen >= 0 && len >= o->maxlen)
        return;
    for (int64_t i = o->first[last]; i < o->first[last + 1]; i++) {
        const int64_t y = o->next[i];
        if (o->on[y])
            continue;
        o->on[y] = true;
        o->path[len] = y;
        cycle_oracle_walk(o, len + 1);
        o->on[y] = false;
    }
}

/* The cycles of g by length into hist[0 .. n] (n = g's vertex count):
 * directed cycles of length >= 2, or undirected ones of length >= 3; lengths
 * past maxlen, when it is not -1, are left 0. False when out of memory, or
 * when a number of sequences is not a multiple of its cycle length (a bug of
 * the oracle's own). */
static inline bool cycle_oracle(const dyng_graph *g, int64_t maxlen, uint64_t *hist) {
    dyng_graph_properties p;
    int64_t n = 0;
    if (dyng_graph_properties_of(&p, g) != DYNG_OK)
        return false;
    uint8_t *adj = cycle_oracle_matrix(g, &n);
    if (adj == NULL)
        return false;
    cycle_oracle_walk_state o = {adj, NULL, NULL, n, maxlen, p.directed ? 2 : 3, NULL, NULL, NULL};
    int64_t pairs = 0;
    for (int64_t i = 0; i < n * n; i++)
        pairs += adj[i];
    int64_t *next = malloc((size_t)pairs * 8 + 8), *first = malloc((size_t)(n + 1) * 8 + 8);
    o.path = malloc((size_t)n * 8 + 8);
    o.on = calloc((size_t)n + 1, sizeof(bool));
    o.seqs = calloc((size_t)n + 1, sizeof(uint64_t));
    bool ok = next && first && o.path && o.on && o.seqs;
    if (ok) {
        int64_t at = 0;
        for (int64_t u = 0; u < n; u++) {
            first[u] = at;
            for (int64_t v = 0; v < n; v++)
                if (adj[u * n + v])
                    next[at++] = v;
        }
        first[n] = at;
        o.next = next;
        o.first = first;
        for (int64_t s = 0; s < n; s++) {
            o.path[0] = s;
            o.on[s] = true;
            cycle_oracle_walk(&o, 1);
            o.on[s] = false;
        }
        for (int64_t k = 0; k <= n; k++) {
            const uint64_t per = (uint64_t)(p.directed ? k : 2 * k);
            ok = ok && (o.seqs[k] == 0 || o.seqs[k] % per == 0);
            hist[k] = o.seqs[k] == 0 ? 0 : o.seqs[k] / per;
        }
    }
    free(adj);
    free(next);
    free(first);
    free(o.path);
    free(o.on);
    free(o.seqs);
    return ok;
}

#endif /* DYNG_TESTS_CYCLE_ORACLE_H */
