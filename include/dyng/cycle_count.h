/*
 * dyng/cycle_count.h - exact histograms of simple cycles by length, computed
 * and repaired.
 *
 * A dyng_cycle_count_result holds, for one graph state, the number of simple
 * cycles of each length from 0 to its bound (uint64 counts; index = length).
 * Cycles are counted on the underlying simple graph: self-loops lie on no
 * cycle, parallel edges count once, weights are ignored.
 *   - Directed graphs: directed simple cycles of length >= 2 (u -> v -> u is
 *     a 2-cycle).
 *   - Undirected graphs: undirected simple cycles of length >= 3, each once
 *     (not once per direction).
 * The bound is options.max_length, or, for max_length -1 (no bound), the
 * length of the longest cycle of the graph (0 when it has none): the counts
 * array has bound + 1 entries, and entries below the shortest possible length
 * are 0.
 *
 * Compute: a Johnson-style search that counts each cycle at its smallest
 * vertex s: a depth-first search over the simple paths from s through
 * vertices > s only, at most max_length long, pruned by the hop distances
 * back to s (a bounded breadth-first search over the in-edges before each
 * root). Undirected cycles are taken in the direction whose first vertex
 * after s is the smaller. Parallel over the roots with dynamic load balance;
 * integer counts, so every backend and thread count gives the same counts.
 *
 * Update (dyng_cycle_count_update, or dyng_update with several results):
 * every cycle the batch creates or destroys passes through a pair (an edge of
 * the underlying simple graph) that the batch names. With D the named pairs
 * that may disappear and I those that exist afterwards and are new or in D:
 *     cycles(after) = cycles(before) - C_before(D) + C_after(I),
 * where C_G(S) counts each cycle of G through a pair of S once, at the pair
 * of S with the smallest id (the cycles through a pair that use no pair of S
 * of smaller id). C_before(D) is counted before the apply, C_after(I) after
 * it; see docs/adr/0005-cycle-count.md for the proof and the rules. When
 * those searches would read more than half of what the last full count read
 * (a big batch), or pass that budget while they run (they stop there), the
 * update counts the graph after the apply afresh instead
 * (stats.fallback_used), so it never costs much more than a recount, at any
 * bound.
 *
 * A result records the graph's version and state id. Using it with a graph in
 * another state fails with DYNG_STALE_RESULT.
 *
 * Poisoned results: an update whose per-length arithmetic would make a count
 * negative (wrong counts given to dyng_cycle_count_result_from_counts, or a
 * bug in dynG; the message names the length, and which it was) or pass
 * 2^64 - 1 cannot report it (the graph has
 * already changed); it marks the result instead, with stats.converged false.
 * Every later call on a marked result, free excepted, fails with
 * DYNG_INTERNAL (a count went negative) or DYNG_CAPACITY (a count
 * overflowed) and a message saying it must be recomputed.
 *
 * Atomicity: everything that can fail (validation, the staleness check, every
 * allocation, the interrupt flag, the count through the disappearing pairs) is
 * done before the graph changes; after that the repair cannot fail, so a
 * failed update leaves graph and result as they were.
 */
#ifndef DYNG_CYCLE_COUNT_H
#define DYNG_CYCLE_COUNT_H

#include "batch.h"
#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dyng_cycle_count_result dyng_cycle_count_result;

/* Options. Fields are only ever appended. */
typedef struct dyng_cycle_count_options {
    int64_t max_length; /* count cycles of length <= max_length (2 .. 2^31 - 1;
                           the counts take max_length + 1 entries), or -1: no
                           bound (every simple cycle; the search is
                           exponential in the cycle length, so only small or
                           sparse graphs finish)                            */
} dyng_cycle_count_options;

/* What an update did. */
typedef struct dyng_cycle_count_stats {
    int64_t affected;         /* lengths whose count changed                          */
    int64_t iterations;       /* search steps: path vertices entered by the searches
                                 through the changed pairs, before and after (or
                                 by the recount)                                   */
    int64_t deletions;        /* pairs of the underlying simple graph that the batch
                                 removed (present before, absent after)            */
    int64_t insertions;       /* pairs that it added (absent before, present after) */
    uint64_t cycles_removed;  /* cycles counted through the pairs that may disappear,
                                 on the graph before (a pair deleted and inserted
                                 again by the batch counts its cycles here and in
                                 cycles_added); after a recount, the sum of the
                                 decreases by length                               */
    uint64_t cycles_added;    /* cycles counted through the new and re-inserted
                                 pairs, on the graph after; after a recount, the
                                 sum of the increases by length                    */
    bool fallback_used;       /* the graph after the batch was counted afresh      */
    bool converged;           /* true, unless the repair poisoned the result (see
                                 above); then the counts must be recomputed        */
    dyng_apply_summary apply; /* what the batch did to the graph                    */
} dyng_cycle_count_stats;

/* max_length 6: cycles of length up to 6. A bounded default, since the
 * number of simple cycles, and the time to count them, grows exponentially
 * with the bound. */
dyng_status dyng_cycle_count_options_default(dyng_cycle_count_options *out);

/*
 * The cycle histogram of g. options NULL means the defaults. Never changes
 * g. Errors: DYNG_INVALID_ARGUMENT (max_length 0, 1, below -1 or above
 * 2^31 - 1), DYNG_CAPACITY (a sum past 2^64 - 1), DYNG_OUT_OF_MEMORY,
 * DYNG_INTERRUPTED (nothing produced). Time: the rows read along the simple
 * paths of up to max_length - 3 steps that the pruned search walks (the last
 * two steps of every cycle are counted, not walked, so far less than the
 * number of cycles). Memory: about 21 bytes per vertex per thread, plus room
 * for max_length - 2 of the longest row.
 */
dyng_status dyng_cycle_count_compute(dyng_cycle_count_result **out, const dyng_graph *g,
                                     const dyng_cycle_count_options *options);

/*
 * Apply b to g and repair r. stats may be NULL. Errors (graph and result
 * unchanged): those of dyng_graph_apply, DYNG_STALE_RESULT (r belongs to
 * another state of g), DYNG_INTERNAL or DYNG_CAPACITY (r is poisoned),
 * DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED (honoured up to the apply). Time: the
 * apply, plus the searches through the batch's pairs (each a bounded search
 * around one edge, before and after the apply), or a recount when those would
 * cost more. A directed graph without stored in-edges also pays an O(n + m)
 * transposition before and after the apply.
 */
dyng_status dyng_cycle_count_update(dyng_graph *g, const dyng_batch *b, dyng_cycle_count_result *r,
                                    dyng_cycle_count_stats *stats);

/* Free; *r becomes NULL. Accepts NULL and *r == NULL (and poisoned results). */
dyng_status dyng_cycle_count_result_free(dyng_cycle_count_result **r);

/* A deep copy (of the counts; the copy allocates its own work arrays). */
dyng_status dyng_cycle_count_result_clone(dyng_cycle_count_result **out,
                                          const dyng_cycle_count_result *r);

/*
 * A result for g's current state from a histogram of len entries (index =
 * length), as dyng_cycle_count_result_counts gives it. Checked: len is max_length + 1 (or, with no
 * bound, from 1 to n + 1 with a last entry that is not 0, unless len is 1),
 * and the entries for lengths no cycle can have (below 2, or 3 on an
 * undirected graph, and above n) are 0. The counts themselves are trusted:
 * wrong ones stay wrong through updates and may poison the result. (Such a
 * result has no record of what a full count costs, so its updates never fall
 * back to a recount.)
 */
dyng_status dyng_cycle_count_result_from_counts(dyng_cycle_count_result **out, const dyng_graph *g,
                                                const uint64_t *counts, int64_t len,
                                                const dyng_cycle_count_options *options);

/* The histogram: a borrowed pointer to len entries (bound + 1), valid until r
 * next changes; counts[k] is the number of cycles of length k. */
dyng_status dyng_cycle_count_result_counts(const uint64_t **counts, int64_t *len,
                                           const dyng_cycle_count_result *r);
/* The number of cycles of every length. DYNG_CAPACITY when it passes
 * 2^64 - 1. */
dyng_status dyng_cycle_count_result_total(uint64_t *total, const dyng_cycle_count_result *r);
dyng_status dyng_cycle_count_result_options(dyng_cycle_count_options *options,
                                            const dyng_cycle_count_result *r);
/* The graph state the result belongs to. */
dyng_status dyng_cycle_count_result_graph_version(uint64_t *version,
                                                  const dyng_cycle_count_result *r);
dyng_status dyng_cycle_count_result_graph_state_id(uint64_t *state_id,
                                                   const dyng_cycle_count_result *r);

#ifdef __cplusplus
}
#endif

#endif /* DYNG_CYCLE_COUNT_H */
