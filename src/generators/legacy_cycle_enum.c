/*
 * src/generators/legacy_cycle_enum.c - CycleEnumeration-GPU's batch generator
 * (dyng_legacy_cycle_enum_batch, dyng/generators.h), reproduced bit for bit.
 *
 * The steps and the order in which they draw from the engine are those of
 * the header's comment; every allocation is made before the first draw.
 * Pairs are (u, v) with 64-bit ids, sorted by u, then v; membership of a drawn
 * pair among the existing edges is a binary search, among the pairs drawn
 * before an open-addressing set.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "dyng/generators.h"
#include "generators/pairs.h"
#include "stdrng.h"

typedef dyng_i_pair pair;

dyng_status dyng_legacy_cycle_enum_batch(dyng_batch **out, const dyng_graph *g,
                                         int64_t num_deletions, int64_t num_insertions,
                                         uint64_t seed, int64_t locality_window) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(g);
    dyng_graph_properties p;
    int64_t n = 0;
    dyng_status s = dyng_graph_properties_of(&p, g);
    if (s == DYNG_OK)
        s = dyng_graph_num_vertices(&n, g);
    if (s != DYNG_OK)
        return s;
    if (!p.directed)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the cycle_enum batch generator takes directed graphs (the research "
                            "code's); this graph is undirected");
    if (num_deletions < 0 || num_insertions < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "num_deletions is %lld and num_insertions %lld; accepted: 0 or more",
                            (long long)num_deletions, (long long)num_insertions);
    if (locality_window < 0 || locality_window == 1)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "locality_window is %lld; accepted: 0 (none) or at least 2",
                            (long long)locality_window);
    bool windowed = locality_window >= 2 && locality_window < n;
    int64_t width = windowed ? locality_window : n;
    if (num_insertions > 0 && width < 2)
        return dyng_i_error(
            DYNG_INVALID_ARGUMENT,
            "%lld insertions need at least 2 vertices to draw from; the %s has %lld",
            (long long)num_insertions, windowed ? "window" : "graph", (long long)width);
    if ((uint64_t)num_insertions > (SIZE_MAX / 4) / sizeof(pair))
        return dyng_i_error(DYNG_CAPACITY, "%lld insertions are more than this machine can hold",
                            (long long)num_insertions);

    /* Everything that can fail is allocated before the first draw. */
    pair *edges = NULL, *dels = NULL, *ins = NULL;
    int64_t m = 0;
    s = dyng_i_graph_pairs(g, &edges, &m);
    if (s != DYNG_OK)
        return s;
    int64_t list_max = m > num_insertions ? m : num_insertions;
    dyng_i_pair_set chosen;
    dyng_i_pair_set_init(&chosen, num_insertions);
    dels = dyng_i_malloc((size_t)m + 1, sizeof(pair));
    ins = dyng_i_malloc((size_t)num_insertions + 1, sizeof(pair));
    void *scratch = dyng_i_malloc(2 * (size_t)list_max + 2, sizeof(int64_t));
    dyng_batch *b = NULL;
    if (chosen.slots == NULL || dels == NULL || ins == NULL || scratch == NULL) {
        s = dyng_i_oom("the generator's work space",
                       (chosen.mask + 1 + (size_t)m + (size_t)num_insertions) * sizeof(pair));
        goto done;
    }

    dyng_i_mt64 rng;
    dyng_i_mt64_seed(&rng, seed);
    int64_t lo = 0, hi = n;
    if (windowed) {
        lo = (int64_t)dyng_i_uniform_u64(&rng, 0, (uint64_t)(n - locality_window));
        hi = lo + locality_window;
    }

    /* Deletions: the edges inside the window, shuffled, the first D. */
    int64_t inside = 0;
    for (int64_t i = 0; i < m; i++)
        if (edges[i].u >= lo && edges[i].u < hi && edges[i].v >= lo && edges[i].v < hi)
            dels[inside++] = edges[i];
    if (num_deletions > inside) {
        s = dyng_i_error(DYNG_INVALID_ARGUMENT,
                         "%lld deletions asked for, but only %lld edges lie %s",
                         (long long)num_deletions, (long long)inside,
                         windowed ? "in the window" : "in the graph");
        goto done;
    }
    if (num_deletions > 0)
        dyng_i_shuffle(&rng, dels, (size_t)inside, sizeof(pair));

    /* Insertions: drawn pairs that are new, until there are I of them. */
    int64_t found = 0;
    uint64_t attempts = 0;
    const uint64_t limit = 1000u * ((uint64_t)num_insertions + 1) + 100u * (uint64_t)width;
    while (found < num_insertions) {
        if (attempts++ >= limit) {
            s = dyng_i_error(DYNG_INVALID_ARGUMENT,
                             "found %lld of %lld new pairs in %llu draws and gave up (as the "
                             "research code does): the %s has too few free pairs",
                             (long long)found, (long long)num_insertions, (unsigned long long)limit,
                             windowed ? "window" : "graph");
            goto done;
        }
        pair q;
        q.u = (int64_t)dyng_i_uniform_u64(&rng, (uint64_t)lo, (uint64_t)(hi - 1));
        q.v = (int64_t)dyng_i_uniform_u64(&rng, (uint64_t)lo, (uint64_t)(hi - 1));
        if (q.u == q.v || dyng_i_pair_contains(edges, m, q) || !dyng_i_pair_set_add(&chosen, q))
            continue;
        ins[found++] = q;
    }

    /* Sorted lists (each is free of duplicates by construction). */
    qsort(dels, (size_t)num_deletions, sizeof(pair), dyng_i_pair_compare);
    qsort(ins, (size_t)num_insertions, sizeof(pair), dyng_i_pair_compare);
    s = dyng_batch_new(&b, p.vertex_type, 0);
    if (s == DYNG_OK)
        s = dyng_batch_reserve(b, num_insertions, num_deletions);
    if (s == DYNG_OK)
        s = dyng_i_batch_add_pairs(b, p.vertex_type, dels, num_deletions, NULL, false, scratch);
    if (s == DYNG_OK)
        s = dyng_i_batch_add_pairs(b, p.vertex_type, ins, num_insertions, NULL, true, scratch);
    if (s == DYNG_OK) {
        *out = b;
        b = NULL;
    }
done:
    dyng_batch_free(&b);
    dyng_i_free(edges);
    dyng_i_free(chosen.slots);
    dyng_i_free(dels);
    dyng_i_free(ins);
    dyng_i_free(scratch);
    return s;
}
