/*
 * src/graph/graph_internal.h - the layout of a graph (internal).
 *
 * One direction of a graph is a dyng_i_adj: per vertex a row record of two
 * words of the graph's offset type (the offset; the length with the
 * headroom, rows.tmpl.h) and one array of slots
 * holding every row's targets (vertex type) with, beside it, num_weights int32
 * weights per slot. Rows are packed when a graph is built; a row that outgrows
 * its capacity moves, into a hole (the dead slots another row left) that holds
 * it or else to the end of the slot array with headroom, leaving its own
 * slots behind as a hole; when the slots that hold no live entry would pass
 * a tenth of what the direction needs, it is repacked into fresh arrays.
 * See docs/adr/0002-row-storage-with-headroom.md.
 *
 * Everything that depends on the vertex and offset types lives in
 * kernels.tmpl.h, instantiated once per supported pair in kernels.c; the
 * public entry points dispatch once through g->k.
 */
#ifndef DYNG_I_GRAPH_INTERNAL_H
#define DYNG_I_GRAPH_INTERNAL_H

#include "core/resources_internal.h"
#include "dyng/batch.h"
#include "dyng/graph.h"

/* Holes are kept by size, 1 to this many slots; a larger region of dead slots
 * is kept as holes of this size and one of the rest. */
#define DYNG_I_HOLE_SIZES 16

typedef struct dyng_i_adj {
    void *rows;         /* row records, one per vertex (vert_alloc allocated) */
    void *col;          /* targets, slot_alloc allocated                        */
    int32_t *w;         /* num_weights per slot; NULL when unweighted           */
    int64_t vert_alloc; /* row records allocated                                */
    int64_t slot_alloc; /* slots allocated                                      */
    int64_t slots_used; /* slots handed out to rows (the end of the last row)   */
    int64_t live;       /* entries in rows                                      */
    int64_t dead;       /* slots left behind by rows that moved (holes included) */
    int num_weights;    /* K: weights per slot                                  */
    /* Holes: holes[s - 1] lists the offsets of the dead regions of s slots
     * that a moving row can take (num_holes of them, hole_alloc allocated). */
    int64_t *holes[DYNG_I_HOLE_SIZES];
    int64_t num_holes[DYNG_I_HOLE_SIZES];
    int64_t hole_alloc[DYNG_I_HOLE_SIZES];
} dyng_i_adj;

/* The head of a helper whose only work is prefetching. It must be inlined
 * where it is called: GCC finds such a function free of side effects (a
 * prefetch does not count as one) and drops every call to it that it has
 * not inlined. It did so to the walk's and the pull's loads of their
 * targets ahead once they moved into one helper (from 2026-12-05, 76192d9,
 * until the helper went: inlined, it gained nothing), and to a first
 * version of the ring's load-ahead (sssp_ring_ahead), while the same code
 * written in the loop worked. Used by the apply's commit (commit_ahead,
 * load_search) and the sssp ring (sssp_ring_ahead). Count the prefetch
 * instructions of the built library (objdump -d) after changing such a
 * helper. */
#define DYNG_I_PREFETCHER static inline __attribute__((always_inline)) void

/* The head of a loop written once and inlined where it is called, so that a
 * constant argument there (no weights, say) takes its branches out of the
 * loop: find_pairs_with. */
#define DYNG_I_INLINED static inline __attribute__((always_inline))

/* Whether a whole-graph pass (a clone, an export, the degrees, a check) is
 * to stop at row v: it polls the interrupt flag every 2^16 rows. Each pass
 * also polls once when it starts (dyng_i_interrupted), so that a call made
 * while the flag is set does nothing, whatever its size. */
static inline bool dyng_i_poll_rows(int64_t v, const dyng_resources *r) {
    return v != 0 && (v & 65535) == 0 && dyng_i_interrupted(r);
}

/* The most free slots a row record keeps after its row (rows.tmpl.h). */
#define DYNG_I_MAX_EXTRA 255

/* A sort key with a tie-breaking position. */
typedef struct dyng_i_pair {
    int64_t key;
    int64_t pos;
} dyng_i_pair;

/* The plan of one apply (apply_plan.h). */
typedef struct dyng_i_dirplan dyng_i_dirplan;
typedef struct dyng_i_rules dyng_i_rules;

typedef struct dyng_i_kernels dyng_i_kernels;

struct dyng_graph {
    dyng_graph_properties p;
    int64_t n;
    int64_t m; /* edges, an undirected edge once */
    dyng_i_adj out;
    dyng_i_adj in; /* used only for directed graphs with store_transposed */
    uint64_t version;
    uint64_t state_id;
    /* Bit k set: weight column k may hold a weight below 1 (set from the
     * weights a build or a batch brings; never cleared). Lets sssp skip its
     * O(m) weight check on graphs whose weights are known to be >= 1. */
    uint64_t low_weight_columns;
    /* The largest weight a build or a batch brought, in any column (never
     * lowered; 0 without weights): lets sssp pick a bucket queue. */
    int32_t max_weight;
    dyng_resources *res;
    const dyng_i_kernels *k;
};

/* The batch object. */
struct dyng_batch {
    dyng_type vertex_type;
    int num_weights;
    int64_t id;
    int64_t num_ins, cap_ins;
    int64_t num_del, cap_del;
    void *ins_src, *ins_dst; /* vertex_type */
    int32_t *ins_w;
    void *del_src, *del_dst;
};

/* Per-type kernels. Every function trusts its arguments (checked above). */
struct dyng_i_kernels {
    /* Fill `adj` (zeroed) with n rows from m edges: dst of each edge into row
     * src; both: also src into row dst (unless a self-loop). Rows sorted
     * and/or merged as the properties say. */
    dyng_status (*build)(dyng_i_adj *adj, int64_t *self_loops, const dyng_graph_properties *p,
                         int64_t n, int64_t m, const void *src, const void *dst, const int32_t *w,
                         bool both, dyng_resources *r);
    /* The in-edges of a built out-direction with sorted rows. */
    dyng_status (*build_transposed)(dyng_i_adj *in, const dyng_i_adj *out, int64_t n, int K,
                                    dyng_resources *r);
    void (*free_adj)(dyng_i_adj *adj);
    /* The whole-graph passes below poll r's flag (dyng_i_poll_rows) and
     * return DYNG_INTERRUPTED, without a message, when it is set: the
     * public call names itself in the message. */
    dyng_status (*clone_adj)(dyng_i_adj *out, const dyng_i_adj *adj, int64_t n, int K,
                             const dyng_resources *r);
    int64_t (*row_len)(const dyng_i_adj *adj, int64_t v);
    /* Write rows as CSR (row_ptr of the offset type, n + 1 entries). */
    dyng_status (*to_csr)(const dyng_i_adj *adj, int64_t n, int K, void *row_ptr, void *col,
                          int32_t *w, const dyng_resources *r);
    /* Transpose `adj` into CSR arrays (sources ascending). */
    dyng_status (*transpose_csr)(const dyng_i_adj *adj, int64_t n, int K, void *row_ptr, void *col,
                                 int32_t *w, const dyng_resources *r);
    dyng_status (*to_edges)(const dyng_i_adj *adj, int64_t n, int K, bool upper_only, void *src,
                            void *dst, int32_t *w, const dyng_resources *r);
    /* Every row's length into out (n values); with `targets`, how many
     * entries point at each vertex instead. */
    dyng_status (*lengths)(const dyng_i_adj *adj, int64_t n, bool targets, int64_t *out,
                           const dyng_resources *r);
    /* Row v's targets and weights into caller arrays (either may be NULL). */
    void (*row_copy)(const dyng_i_adj *adj, int64_t v, int K, void *col, int32_t *w);
    /* The entries into v, found by reading every row, in the order of
     * transpose_csr, written where the outputs are not NULL; their number. */
    int64_t (*in_row_scan)(const dyng_i_adj *adj, int64_t n, int K, int64_t v, void *col,
                           int32_t *w);
    /* Whether pairs lo..hi of src, dst (ids of type t, >= 0) are edges;
     * with `weights`, the weights of each edge's first copy. */
    void (*find_pairs)(const dyng_graph *g, dyng_type t, const void *src, const void *dst,
                       int64_t lo, int64_t hi, bool *has, int32_t *weights);
    dyng_status (*check)(const dyng_graph *g);
    /* apply (apply_rows.tmpl.h): read the touched rows' records, refuse a
     * batch that an error switch fails, place the rows, allocate, commit. */
    void (*plan_rows)(dyng_i_dirplan *dp, const dyng_i_rules *ru, dyng_resources *r);
    void (*plan_places)(dyng_i_dirplan *dp, const dyng_i_rules *ru, int K, dyng_resources *r);
    dyng_status (*plan_layout)(dyng_i_dirplan *dp, const dyng_i_rules *ru, int K);
    void (*check_rows)(dyng_i_dirplan *dp, const dyng_i_rules *ru, dyng_resources *r,
                       bool *interrupted);
    void (*commit)(dyng_i_dirplan *dp, const dyng_i_rules *ru, int K, dyng_resources *r);
    /* The distinct pairs of a window, row by row (window_rows.tmpl.h). */
    int64_t (*window_rows)(const dyng_i_adj *adj, int64_t lo, int64_t hi, bool upper, bool sorted,
                           void *out, int64_t *start, int64_t *loops);
    /* The same pairs counted in place, where rows hold each target once, in
     * order; a pair's target; the slot of a target's first copy in a row,
     * or -1 (a binary search where `sorted`, else a scan). */
    int64_t (*window_counts)(const dyng_i_adj *adj, int64_t n, int64_t lo, int64_t hi, bool upper,
                             int64_t *start);
    int64_t (*window_target)(const dyng_i_adj *adj, int64_t u, int64_t least, int64_t j);
    int64_t (*row_find)(const dyng_i_adj *adj, int64_t u, int64_t v, bool sorted);
    size_t row_record_bytes;
    size_t vertex_bytes;
};

extern const dyng_i_kernels dyng_i_kernels_v32_o32;
extern const dyng_i_kernels dyng_i_kernels_v32_o64;
extern const dyng_i_kernels dyng_i_kernels_v64_o64;

/* The kernels for a supported type pair (NULL otherwise). */
const dyng_i_kernels *dyng_i_kernels_for(dyng_type vertex, dyng_type offset);

/* Of count rows of K weights: add to *low the columns (bits) that hold a
 * weight below 1, and raise *max to the largest weight. */
static inline void dyng_i_weight_bounds(const int32_t *w, int64_t count, int K, uint64_t *low,
                                        int32_t *max) {
    uint64_t bits = 0;
    int32_t top = *max;
    for (int64_t i = 0; i < count; i++)
        for (int k = 0; k < K; k++) {
            const int32_t x = w[i * K + k];
            if (x < 1)
                bits |= (uint64_t)1 << k;
            top = x > top ? x : top;
        }
    *low |= bits;
    *max = top;
}

/* A new process-unique state id. */
uint64_t dyng_i_next_state_id(void);

/* Read element i of an int32 or int64 id array as int64. */
static inline int64_t dyng_i_read_id(const void *a, dyng_type t, int64_t i) {
    return t == DYNG_TYPE_INT64 ? ((const int64_t *)a)[i] : (int64_t)((const int32_t *)a)[i];
}

/* The largest id of a vertex type. */
static inline int64_t dyng_i_max_id(dyng_type t) {
    return t == DYNG_TYPE_INT64 ? INT64_MAX - 1 : INT32_MAX - 1;
}

/* The largest entry count of an offset type. */
static inline int64_t dyng_i_max_offset(dyng_type t) {
    return t == DYNG_TYPE_INT64 ? INT64_MAX / 4 : INT32_MAX;
}

/* Whether the row records of n vertices of a graph with properties p (in
 * both directions where in-edges are kept) would take more than this
 * machine's physical memory (false when the system does not say); if so,
 * `why` (when not NULL) gets the end of the message that refuses them. A
 * graph writes every vertex's record when it is built or grows, so such a
 * graph would not fail but be killed by the system: an id far past the
 * others (a hash, a sparse label) is refused instead, before anything is
 * allocated. */
#define DYNG_I_WHY_BYTES 200
bool dyng_i_records_pass_memory(const dyng_graph_properties *p, int64_t n, char *why);

/* dyng_graph_apply with a step of the caller's inside it (apply.c;
 * dyng_update's prepares): once the batch has passed every check (its ids
 * and weights, the growth rule, the semantics' error switches), and before
 * the apply makes its own allocations, ready(ctx, g, n_new) runs with the
 * graph as it was; n_new is its vertex count after the batch. When `ready`
 * fails, the plan is discarded and its status returned, the graph left as
 * it was; otherwise the apply goes on (its allocations may still fail, or
 * an interrupt stop it, with the graph as it was) and commits, which cannot
 * fail. `ready` may be NULL (a plain apply); it is not called when the
 * apply fails before it. g and b are not NULL. */
typedef dyng_status (*dyng_i_apply_ready)(void *ctx, const dyng_graph *g, int64_t n_new);
dyng_status dyng_i_graph_apply_staged(dyng_graph *g, const dyng_batch *b,
                                      dyng_apply_summary *summary, dyng_i_apply_ready ready,
                                      void *ctx);

/* Sort pairs by (key, pos) (merge sort; insertion sort when short); `tmp`
 * holds n pairs. */
void dyng_i_sort_pairs(dyng_i_pair *a, int64_t n, dyng_i_pair *tmp);

/* Sort pairs by key (>= 0), keeping the order of pairs with equal keys (a
 * stable radix sort; a few pairs go to dyng_i_sort_pairs); `tmp` holds n
 * pairs. */
void dyng_i_radix_sort_pairs(dyng_i_pair *a, int64_t n, dyng_i_pair *tmp);

#endif /* DYNG_I_GRAPH_INTERNAL_H */
