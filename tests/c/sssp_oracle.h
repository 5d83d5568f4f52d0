/*
 * tests/c/sssp_oracle.h - the shortest-path oracle of the C tests and of
 * fuzz/fuzz_sssp.c, written from the definition: Bellman-Ford style
 * relaxation to a fixed point over the graph's exported edges (no heap, no
 * shared code with the library), then the canonical parent of each vertex as
 * the lowest-id tight in-neighbour. Small graphs only (O(n m)).
 */
#ifndef DYNG_TESTS_SSSP_ORACLE_H
#define DYNG_TESTS_SSSP_ORACLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyng/graph.h"
#include "dyng/sssp.h"

/* The oracle on g's current edges: dist and parent of n entries. */
static inline void sssp_oracle(const dyng_graph *g, int obj, int64_t source, int64_t *dist,
                               int64_t *parent) {
    int64_t n = 0, entries = 0;
    dyng_graph_properties p;
    dyng_graph_num_vertices(&n, g);
    dyng_graph_num_entries(&entries, g);
    dyng_graph_properties_of(&p, g);
    const int K = p.num_weights;
    int64_t *rp = malloc((size_t)(n + 1) * 8), *col = malloc((size_t)(entries + 1) * 8);
    int32_t *w = malloc((size_t)(entries * (K ? K : 1) + 1) * 4);
    /* Export through int64 ids and offsets when the graph uses them. */
    void *rpv = malloc((size_t)(n + 1) * 8), *colv = malloc((size_t)(entries + 1) * 8);
    if (dyng_graph_to_csr(g, false, rpv, colv, K ? w : NULL) != DYNG_OK) {
        fprintf(stderr, "sssp_oracle: the graph's export failed: %s\n", dyng_error_message());
        abort();
    }
    for (int64_t i = 0; i <= n; i++)
        rp[i] = p.offset_type == DYNG_TYPE_INT64 ? ((int64_t *)rpv)[i] : ((int32_t *)rpv)[i];
    for (int64_t i = 0; i < entries; i++)
        col[i] = p.vertex_type == DYNG_TYPE_INT64 ? ((int64_t *)colv)[i] : ((int32_t *)colv)[i];
    for (int64_t v = 0; v < n; v++) {
        dist[v] = DYNG_INFINITE_DISTANCE;
        parent[v] = -1;
    }
    dist[source] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int64_t u = 0; u < n; u++) {
            if (dist[u] == DYNG_INFINITE_DISTANCE)
                continue;
            for (int64_t e = rp[u]; e < rp[u + 1]; e++) {
                int64_t nd = dist[u] + (K ? w[e * K + obj] : 1);
                if (nd < dist[col[e]]) {
                    dist[col[e]] = nd;
                    changed = true;
                }
            }
        }
    }
    for (int64_t u = 0; u < n; u++) {
        if (dist[u] == DYNG_INFINITE_DISTANCE)
            continue;
        for (int64_t e = rp[u]; e < rp[u + 1]; e++) {
            int64_t v = col[e];
            if (v != source && dist[u] + (K ? w[e * K + obj] : 1) == dist[v] &&
                (parent[v] < 0 || u < parent[v]))
                parent[v] = u;
        }
    }
    free(rp);
    free(col);
    free(w);
    free(rpv);
    free(colv);
}

/* r equals the oracle on g (and a fresh compute on g), byte for byte. */
static inline bool sssp_matches(const dyng_graph *g, const dyng_sssp_result *r) {
    int64_t n = 0, rn = -1, source = 0;
    dyng_graph_num_vertices(&n, g);
    dyng_sssp_result_num_vertices(&rn, r);
    dyng_sssp_result_source(&source, r);
    dyng_sssp_options o;
    dyng_sssp_result_options(&o, r);
    if (rn != n)
        return false;
    const int64_t *d, *p;
    dyng_sssp_result_distances(&d, r);
    dyng_sssp_result_parents(&p, r);
    int64_t *od = malloc((size_t)(n + 1) * 8), *op = malloc((size_t)(n + 1) * 8);
    sssp_oracle(g, o.objective, source, od, op);
    bool same = memcmp(d, od, (size_t)n * 8) == 0 && memcmp(p, op, (size_t)n * 8) == 0;
    for (int64_t v = 0; v < n && !same; v++)
        if (d[v] != od[v] || p[v] != op[v]) {
            fprintf(stderr, "  vertex %lld: (%lld, %lld), oracle (%lld, %lld)\n", (long long)v,
                    (long long)d[v], (long long)p[v], (long long)od[v], (long long)op[v]);
            break;
        }
    dyng_sssp_result *fresh = NULL;
    if (same && dyng_sssp_compute(&fresh, g, source, &o) == DYNG_OK) {
        const int64_t *fd, *fp;
        dyng_sssp_result_distances(&fd, fresh);
        dyng_sssp_result_parents(&fp, fresh);
        same = memcmp(d, fd, (size_t)n * 8) == 0 && memcmp(p, fp, (size_t)n * 8) == 0;
        dyng_sssp_result_free(&fresh);
    }
    free(od);
    free(op);
    return same;
}

#endif /* DYNG_TESTS_SSSP_ORACLE_H */
