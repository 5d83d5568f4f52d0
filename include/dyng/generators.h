/*
 * dyng/generators.h - the research codes' own generators, reproduced bit for
 * bit from a seed.
 *
 * Their random streams are the C++ standard library's, written here in C
 * from the documented behaviour of libstdc++ (GCC 12): std::mt19937_64,
 * std::uniform_int_distribution<size_t> (Lemire's multiply-and-reject on a
 * 64-bit engine) and std::shuffle (two swap positions per draw while the
 * range allows it). ../shared/goldens pins them down.
 */
#ifndef DYNG_GENERATORS_H
#define DYNG_GENERATORS_H

#include <stdint.h>

#include "batch.h"
#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The batch that CycleEnumeration-GPU's batch generator makes for graph g:
 * num_deletions existing edges to delete and num_insertions new pairs to
 * insert, for a seed and an optional locality window (0: none).
 *
 * What it does, step by step:
 *   1. The existing edges: g's distinct pairs (u, v) in CSR order, rows by
 *      source, each row sorted by target (whatever g's own row order).
 *   2. A std::mt19937_64 seeded with `seed`.
 *   3. A window W with 2 <= W < n confines both ends of every change to
 *      [start, start + W), start drawn uniformly from 0..n - W; a window of
 *      n or more is no window.
 *   4. Deletions: the existing edges with both ends in the window, shuffled
 *      (std::shuffle; not called when num_deletions is 0), the first
 *      num_deletions of them.
 *   5. Insertions: a source, then a target, drawn uniformly from the window,
 *      until num_insertions pairs are found that are no self-loop, no
 *      existing edge and not drawn before; after 1000 * (I + 1) + 100 * W
 *      draws of pairs (W the window, or n) it gives up.
 *   6. Each list sorted by (u, v).
 * The batch has g's vertex type, no weights, and id 0.
 *
 * Errors: DYNG_INVALID_ARGUMENT for an undirected graph (the research code's
 * graphs are directed), negative counts, a window of 1 or below 0, more
 * deletions than edges in the window, insertions in a window (or graph) of
 * fewer than 2 vertices, or when the insertions give up (too few free pairs);
 * DYNG_OUT_OF_MEMORY. *out is NULL on failure and g never changes.
 */
dyng_status dyng_legacy_cycle_enum_batch(dyng_batch **out, const dyng_graph *g,
                                         int64_t num_deletions, int64_t num_insertions,
                                         uint64_t seed, int64_t locality_window);

#ifdef __cplusplus
}
#endif

#endif /* DYNG_GENERATORS_H */
