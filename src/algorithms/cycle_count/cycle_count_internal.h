/*
 * src/algorithms/cycle_count/cycle_count_internal.h - the cycle_count result,
 * its work arrays and its typed kernels (internal; "cc" is cycle_count).
 *
 * Every count is a search from a root vertex (cycle_count.tmpl.h): a
 * breadth-first search over the in-edges gives each vertex near the root its
 * hop distance back to it, then a depth-first search walks the simple paths
 * out of the root that can still close within the length bound, and counts
 * each return by length. Compute searches from every root, update from the
 * pairs the batch names. The searches' per-thread arrays live in the result
 * (dyng_i_cc_work), so that a steady stream of batches allocates nothing.
 */
#ifndef DYNG_I_CYCLE_COUNT_INTERNAL_H
#define DYNG_I_CYCLE_COUNT_INTERNAL_H

#include "dyng/cycle_count.h"
#include "dyng/update.h"
#include "graph/graph_internal.h"

/* A search's per-vertex distance byte: 0 .. radius, the hop distance back to
 * the root that the breadth-first search found; DYNG_I_CC_FAR for every
 * vertex it did not reach (read as radius + 1, a lower bound), which is what
 * every byte holds between searches; DYNG_I_CC_ON_PATH for the vertices of
 * the current path. */
#define DYNG_I_CC_FAR 254
#define DYNG_I_CC_ON_PATH 255
/* The largest radius (below DYNG_I_CC_FAR). */
#define DYNG_I_CC_MAX_RADIUS 253

/* How a row's repeated targets (parallel edges) are skipped. */
enum {
    DYNG_I_CC_DEDUPE_NONE = 0,   /* parallel edges forbidden: no repeats         */
    DYNG_I_CC_DEDUPE_SORTED = 1, /* sorted rows: a repeat follows its first copy */
    DYNG_I_CC_DEDUPE_STAMPS = 2  /* append order: a stamp per vertex and pass    */
};

/* What a pair of an update is (dyng_i_cc_pair.flags). */
enum {
    DYNG_I_CC_DELETED = 1,  /* a deletion names it                               */
    DYNG_I_CC_INSERTED = 2, /* an insertion names it                             */
    DYNG_I_CC_OLD = 4,      /* it is an edge of the graph before the apply       */
    DYNG_I_CC_NEW = 8,      /* ... after the apply                                */
    DYNG_I_CC_IN_D = 16     /* it may disappear: its cycles are counted before    */
};

/* A pair of the underlying simple graph that a batch names: (tail, head) on
 * a directed graph, (min, max) on an undirected one; never a self-loop. */
typedef struct dyng_i_cc_pair {
    int64_t a, b;
    int64_t dels;   /* deletions of the batch that name it              */
    int64_t copies; /* its parallel copies before the apply              */
    uint8_t flags;  /* DYNG_I_CC_* bits                                  */
} dyng_i_cc_pair;

/* A pair of the set S whose cycles a count takes (D or I), sorted; its id is
 * its position, and the search through key j avoids keys 0 .. j-1. */
typedef struct dyng_i_cc_key {
    int64_t a, b;
} dyng_i_cc_key;

/* One vertex of the path a depth-first search is on. */
typedef struct dyng_i_cc_frame {
    int64_t x;         /* the vertex                                         */
    int64_t next, end; /* its candidates left: cand[next .. end)              */
    int64_t start;     /* where its candidates start (popped back to here)    */
    uint8_t dx;        /* its distance byte before it went on the path        */
} dyng_i_cc_frame;

/* One thread's arrays. dist holds DYNG_I_CC_FAR and two 0 for every vertex
 * between searches (a search resets what it set); seen is only there for rows
 * that may repeat targets out of order. */
typedef struct dyng_i_cc_thread {
    uint8_t *dist;           /* cap_n distance bytes                           */
    uint32_t *seen;          /* cap_n stamps, or NULL                          */
    int64_t *queue;          /* cap_n: the breadth-first queue, then its reset */
    int64_t *cand;           /* cap_cand: the candidates of the path's vertices */
    dyng_i_cc_frame *frames; /* cap_frames                                     */
    uint64_t *hist;          /* cap_hist counts by length                      */
    int64_t *path1;          /* cap_frames: path vertices (two-step counts)    */
    uint32_t *two;           /* cap_n two-step counts                          */
    int64_t *two_list;       /* cap_n: the vertices whose count is not 0       */
    int64_t num_two;         /* ... how many                                   */
    uint32_t stamp;          /* the last stamp handed out                      */
    int64_t steps;           /* path vertices entered                          */
    int64_t slots;           /* row slots read: about what the searches cost   */
    int64_t handed;          /* ... of them handed in to a budget (pair counts) */
    int64_t check;           /* slots at which to hand in next (INT64_MAX: never) */
    /* The counters above change on every step of a search: a cache line
     * between them and the next thread's record keeps the threads from
     * sharing a line (2 threads ran at 0.6x of one on a road network). */
    char pad[64];
} dyng_i_cc_thread;

/*
 * The work arrays of a result, kept between calls (compute leaves its own
 * here for the first update). Every per-vertex array holds cap_n entries.
 */
typedef struct dyng_i_cc_work {
    int threads;          /* thread records in th                             */
    dyng_i_cc_thread *th; /* one per thread                                   */
    bool have_seen;       /* th[*].seen allocated                             */
    bool have_two;        /* th[*].two and two_list allocated                 */
    /* Entries each thread's arrays hold. */
    int64_t cap_n, cap_cand, cap_frames, cap_hist;
    /* An update's pairs, from prepare to finish. */
    dyng_i_cc_pair *pairs;
    int64_t num_pairs, cap_pairs;
    dyng_i_cc_key *keys;
    int64_t cap_keys;
    uint32_t *first; /* cap_first: 1 + the index of the first key whose first
                        vertex is v (a search looks a step up in keys only
                        there); 0 for every other vertex, and between calls */
    int64_t cap_first;
    uint64_t *removed; /* cap_pending counts: the cycles through D, by length */
    uint64_t *added;   /* ... through I                                       */
    int64_t cap_pending;
    int64_t bound;        /* the search bound prepare used (finish uses it too) */
    bool recount;         /* prepare chose to count the graph after afresh    */
    int64_t steps_before; /* search steps of prepare                           */
    int64_t budget;       /* row slots left to the finish's searches (INT64_MAX:
                             no budget); past it they stop and it recounts */
    /* In-rows of a directed graph without stored ones (rows with the graph's
     * row record type; rebuilt by each call that needs them). */
    dyng_i_adj in;
    /* The blocks of a long count (dyng_i_cc_setup.blocks; the kernels'
     * blocks): cap_blocks entries of an int64 and six vertex ids each,
     * rebuilt by each count that needs them; NULL until one does. */
    void *blocks;
    int64_t cap_blocks;
    /* A full count's copy of the graph renumbered in degree order (cycle_count.c,
     * order_parts): cap_order bytes, or NULL. Compute frees it when done; an
     * update's prepare reserves it only for a recount, whose finish frees it. */
    void *order;
    int64_t cap_order;
} dyng_i_cc_work;

/* What an update's prepare replaced (dyng_i_cycle_count_prepare), kept
 * until the update ends: its finish frees it, and a failed update puts it
 * back (dyng_i_cycle_count_abort), so that the result is as it was, the
 * sizes of its arrays included (DESIGN 3). */
typedef struct dyng_i_cc_undo {
    bool active;         /* a prepare started; the update has not ended */
    dyng_i_cc_work work; /* the work before (blocks, capacities, all)   */
    uint64_t *counts;    /* the counts before                            */
    int64_t cap;         /* ... and their capacity                       */
} dyng_i_cc_undo;

struct dyng_cycle_count_result {
    dyng_result_kind kind; /* DYNG_RESULT_CYCLE_COUNT, first (as in sssp's)     */
    uint64_t *counts;      /* len counts by length                                 */
    int64_t len, cap;
    dyng_cycle_count_options options;
    uint64_t graph_version, graph_state_id;
    int64_t max_row;    /* at least the longest out-row (and stored in-row)    */
    int64_t work_slots; /* row slots the last full count read (0: unknown)     */
    bool ordered;       /* ... and whether it ran in degree order (count_full) */
    dyng_status poison; /* DYNG_OK, or what every later call on it returns     */
    /* For the message of a poisoned result (DYNG_INTERNAL): the first length
     * whose count would have gone below 0, what it was and what the update
     * took away; and whether the counts came from
     * dyng_cycle_count_result_from_counts (and so may have been wrong). */
    int64_t poison_length;
    uint64_t poison_had, poison_removed;
    bool from_counts;
    /* The vertex count of the graph state it belongs to: no count past it
     * is non-zero (dyng_i_cycle_count_result_span). */
    int64_t num_vertices;
    dyng_i_cc_work work;
    dyng_i_cc_undo undo; /* during an update: what its prepare replaced        */
};

/* What a count needs to know besides the graph. */
typedef struct dyng_i_cc_setup {
    int64_t L;           /* the longest cycle to count (the search bound)      */
    int minlen;          /* the shortest: 2 directed, 3 undirected             */
    uint8_t radius;      /* of the breadth-first searches of a compute         */
    uint8_t pair_radius; /* ... of the searches through an update's pairs      */
    int dedupe;          /* DYNG_I_CC_DEDUPE_*                                 */
    bool long_search;    /* the rules of long searches (cc_search's closers)    */
    bool blocks;         /* ... and a full count stays in blocks (kernels')    */
} dyng_i_cc_setup;

/* The budget of an update's searches through its pairs (count_pairs), in
 * row slots, the unit of dyng_cycle_count_result.work_slots: `limit` in
 * (INT64_MAX: none); out, `used`, the slots the searches read (all of them,
 * or when they stopped, at least what they had read by then), and `over`:
 * they stopped and counted nothing, because their slots passed the limit
 * or because a sample said they would. With a finite limit and `stride` of
 * 2 or more, the keys j with j % stride == 0 are searched first; when their
 * slots, scaled by `whole` / `part` (estimates of all that the limit must
 * cover and of the sample), pass the limit, the rest are not searched.
 * Over or not depends on the pairs and these fields alone, not on the
 * threads. */
typedef struct dyng_i_cc_budget {
    int64_t limit;
    int64_t stride, whole, part;
    int64_t used;
    bool over;
} dyng_i_cc_budget;

/* dyng_update's parts for a cycle_count result (cycle_count.c; update.c
 * says when each runs):
 *  - check: poison, staleness, options, the batch's length; allocates
 *    nothing, changes nothing;
 *  - prepare: every allocation, for n_new vertices (the graph's count after
 *    the batch), keeping the blocks it replaces (r->undo); the count through
 *    the pairs that may disappear, or the choice to recount;
 *  - abort: after a failed update, free what prepare made and put back what
 *    it replaced (nothing when no prepare started);
 *  - finish: free what prepare replaced; the count through the new pairs
 *    (or the recount) and the new histogram, which cannot fail. */
dyng_status dyng_i_cycle_count_check(const dyng_graph *g, const dyng_batch *b,
                                     const dyng_cycle_count_result *r);
dyng_status dyng_i_cycle_count_prepare(const dyng_graph *g, const dyng_batch *b,
                                       dyng_cycle_count_result *r, int64_t n_new);
void dyng_i_cycle_count_abort(dyng_cycle_count_result *r);
void dyng_i_cycle_count_finish(const dyng_graph *g, const dyng_batch *b, dyng_cycle_count_result *r,
                               const dyng_apply_summary *applied, dyng_cycle_count_stats *stats);

#ifdef DYNG_TESTING_HOOKS
/* Testing (test builds only): how updates choose to recount the graph
 * instead of searching through the batch's pairs: 0 by their cost estimate
 * (the default), 1 never, 2 always. Process-wide. */
void dyng_testing_cycle_count_recount(int mode);
/* Testing (test builds only): the budget of an update's searches through
 * its pairs, in row slots: -1 (the default) for half the row slots of the
 * last full count; 0 or more for that many, and then the estimate never
 * chooses to recount (the budget alone does). Ignored while the recount
 * mode is 1 or 2. Process-wide. */
void dyng_testing_cycle_count_budget(int64_t slots);
/* Testing (test builds only): when searches follow the rules of long
 * searches (dyng_i_cc_setup.long_search: closers, and full counts in
 * blocks): 0 for bounds past DYNG_I_CC_SHORT (the default), 1 never, 2
 * always. Process-wide. */
void dyng_testing_cycle_count_long_search(int mode);
/* Testing (test builds only): when a full count (compute, an update's
 * recount) runs on a copy of the graph renumbered in degree order: 0 when
 * the estimate says it pays (the default), 1 never, 2 always. Process-wide. */
void dyng_testing_cycle_count_order(int mode);
#endif

/* The typed kernels (cycle_count.tmpl.h), per (vertex, offset) pair. */
typedef struct dyng_i_cc_kernels {
    /* The longest out-row or stored in-row of g, or (b not NULL) of the
     * vertices b names. */
    int64_t (*max_row)(const dyng_graph *g, const dyng_batch *b);
    /* The in-rows of g's out-rows into `in`, whose arrays hold n records and
     * g->out.live targets. */
    void (*transpose)(const dyng_graph *g, dyng_i_adj *in);
    /* Every cycle of g up to su->L, once, into out[0 .. su->L] (the threads'
     * arrays in w: at least `threads` of them, sized for g; with su->blocks,
     * w->blocks holds g's blocks, from `blocks` below), and the row slots
     * read into *slots. Polls r's interrupt flag unless r is NULL; then
     * it cannot be interrupted. Errors: DYNG_INTERRUPTED, DYNG_CAPACITY. */
    dyng_status (*count_roots)(const dyng_graph *g, const dyng_i_adj *in, const dyng_i_cc_setup *su,
                               dyng_i_cc_work *w, int threads, dyng_resources *r, uint64_t *out,
                               int64_t *slots);
    /* About the row slots the searches through pairs[0 .. count) would read
     * (the two-step balls of their cheaper ends). */
    int64_t (*estimate)(const dyng_graph *g, const dyng_i_cc_pair *pairs, int64_t count);
    /* Set `bit` on each pair that is an edge of g; with `before`, also record
     * its copies. */
    void (*lookup)(const dyng_graph *g, dyng_i_cc_pair *pairs, int64_t count, uint8_t bit,
                   bool before);
    /* C_g(keys[0 .. count)) into out[0 .. su->L] (w->first set for the keys)
     * and the path vertices entered into *steps, within budget->limit row
     * slots: past it the searches stop, budget->over is set and out is left
     * as it was (DYNG_OK). Polls r's interrupt flag unless r is NULL.
     * Errors: DYNG_INTERRUPTED, DYNG_CAPACITY (a sum past 2^64 - 1). */
    dyng_status (*count_pairs)(const dyng_graph *g, const dyng_i_adj *in, const dyng_i_cc_setup *su,
                               dyng_i_cc_work *w, const dyng_i_cc_key *keys, int64_t count,
                               int threads, dyng_resources *r, dyng_i_cc_budget *budget,
                               uint64_t *out, int64_t *steps);
    /* The blocks that a full count with su->blocks stays in, of g with
     * in-rows `in`, into `block` (cap >= n entries; see cc_blocks). Returns
     * the row slots read; cannot fail. */
    int64_t (*blocks)(const dyng_graph *g, const dyng_i_adj *in, void *block, int64_t cap);
    /* The degree order (cycle_count.c, count_full). About the row slots a
     * short count's breadth-first searches and first steps read on g (with
     * in-rows `in`) numbered by id (rank NULL) or by `rank` (vertex ids). */
    int64_t (*order_cost)(const dyng_graph *g, const dyng_i_adj *in, const void *rank);
    /* An upper bound of order_cost under any numbering, from the row
     * records alone. */
    int64_t (*order_bound)(const dyng_graph *g, const dyng_i_adj *in);
    /* The degree order of g, hubs first, ties in id order: order[i].pos gets
     * id i, rank[v] is v's (order and tmp: n pairs each; rank: n ids). */
    void (*order_ranks)(const dyng_graph *g, const dyng_i_adj *in, dyng_i_pair *order,
                        dyng_i_pair *tmp, void *rank);
    /* The rows of src transposed and renamed by rank into dst (n records,
     * src->live entries): sorted, each target once, no self-loops. */
    void (*renumber)(const dyng_i_adj *src, int64_t n, const dyng_i_pair *order, const void *rank,
                     dyng_i_adj *dst);
} dyng_i_cc_kernels;

extern const dyng_i_cc_kernels dyng_i_cc_v32_o32;
extern const dyng_i_cc_kernels dyng_i_cc_v32_o64;
extern const dyng_i_cc_kernels dyng_i_cc_v64_o64;

#endif /* DYNG_I_CYCLE_COUNT_INTERNAL_H */
