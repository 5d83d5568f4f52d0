/*
 * src/algorithms/cycle_count/cycle_count.c - the public cycle_count entry
 * points: options, results, compute and update (dyng/cycle_count.h).
 *
 * An update is split around the apply, so that dyng_update can run several
 * results around one apply (docs/adr/0005-cycle-count.md proves it exact):
 *   check (before the apply's own checks; allocates nothing): poison,
 *     staleness, options, a batch too long for the keys.
 *   prepare (once the apply has accepted the batch, before it commits; may
 *     fail; changes nothing visible): the pairs P that the batch names,
 *     whether each is an edge now and with how many parallel copies; D, the
 *     pairs that may disappear; the cycles through D on the graph as it is
 *     (each at its pair of smallest id), into work.removed; and every
 *     allocation the finish needs (the searches' arrays for the vertex count
 *     after the batch, the keys, the counts). The blocks it replaces are
 *     kept (r->undo) until the update ends: a failed update puts them back
 *     (abort), so that the result is as it was, sizes included.
 *   finish (after the apply; cannot fail): whether each pair is an edge now;
 *     I, the pairs that exist now and are new or in D; the cycles through I,
 *     into work.added; then counts - removed + added, length by length.
 * When the searches through the pairs would cost more than half a full count
 * (estimated from their two-step balls against the row slots the last full
 * count read), prepare counts nothing and finish recounts the graph after
 * the apply into the reserved arrays instead (stats.fallback_used). The
 * estimate can be far short past max_length 4, so the searches also run on
 * a budget of that half, in row slots read: when those through D pass it,
 * prepare stops them and chooses to recount; when those through I pass what
 * D left of it, finish stops them and recounts (prepare has reserved the
 * recount's room whenever that can happen).
 * A count that would go negative, or pass 2^64 - 1, poisons the result
 * (r->poison) instead of failing: the graph has already changed.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/cycle_count/cycle_count_bindings.h"
#include "algorithms/cycle_count/cycle_count_internal.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "core/stages.h"

static const dyng_i_cc_kernels *kernels_of(const dyng_graph *g) {
    if (g->p.vertex_type == DYNG_TYPE_INT64)
        return &dyng_i_cc_v64_o64;
    return g->p.offset_type == DYNG_TYPE_INT64 ? &dyng_i_cc_v32_o64 : &dyng_i_cc_v32_o32;
}

dyng_status dyng_cycle_count_options_default(dyng_cycle_count_options *out) {
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    out->max_length = 6;
    return DYNG_OK;
}

static dyng_status check_options(const dyng_cycle_count_options *o) {
    if (o->max_length == -1 || (o->max_length >= 2 && o->max_length <= INT32_MAX))
        return DYNG_OK;
    return dyng_i_error(DYNG_INVALID_ARGUMENT,
                        "max_length is %lld; accepted: -1 (no bound) or 2 .. 2**31 - 1",
                        (long long)o->max_length);
}

/* Refuse a poisoned result (see dyng/cycle_count.h). */
static dyng_status check_poison(const dyng_cycle_count_result *r) {
    if (r->poison == DYNG_OK)
        return DYNG_OK;
    if (r->poison == DYNG_CAPACITY)
        return dyng_i_error(DYNG_CAPACITY,
                            "a count of this cycle_count result passed 2^64 - 1 in an update; "
                            "the result is invalid and must be recomputed");
    /* DYNG_INTERNAL: a count would have gone below 0. Either the counts
     * were wrong before the update (only counts given to from_counts can
     * be) or the update's searches were (a bug). */
    const long long k = (long long)r->poison_length;
    const unsigned long long had = r->poison_had, removed = r->poison_removed;
    if (r->from_counts)
        return dyng_i_error(DYNG_INTERNAL,
                            "the count of cycles of length %lld of this cycle_count result would "
                            "have gone negative in an update (it was %llu, less than the %llu that "
                            "the update removed): the counts it was made from (by "
                            "dyng_cycle_count_result_from_counts, Result.from_counts in Python) "
                            "were wrong, or else dynG has a bug; the result is invalid and must "
                            "be recomputed",
                            k, had, removed);
    return dyng_i_error(DYNG_INTERNAL,
                        "the count of cycles of length %lld of this cycle_count result would have "
                        "gone negative in an update (it was %llu, less than the %llu that the "
                        "update removed): a bug in dynG (the counts were computed, not given to "
                        "from_counts); the result is invalid and must be recomputed",
                        k, had, removed);
}

/* ---- the rules of a search -------------------------------------------------- */

/* The shortest cycle: 2 directed (u -> v -> u), 3 undirected. */
static int min_length(const dyng_graph *g) { return g->p.directed ? 2 : 3; }

/* An update recounts the whole graph when its searches would read more than
 * half the row slots of the last full count (a slot of an update's search
 * costs about as much as one of a compute on pgp-strong-2009, and three on
 * email-Enron, whose compute reads mostly tight loops: at half, an update
 * costs at most about twice a recount on both, at k = 4). The same half is
 * the budget of the searches (recount_pays, budget_of). */
#define DYNG_I_CC_RECOUNT_DIVISOR 2

/* The longest cycle a count on n vertices looks for: the bound, or n (no
 * simple cycle is longer). */
static int64_t search_bound(const dyng_cycle_count_options *o, int64_t n) {
    return o->max_length < 0 || o->max_length > n ? n : o->max_length;
}

/*
 * The radius of the breadth-first searches: how far back from a root the hop
 * distances are known (every other vertex counts as radius + 1 away). A wider
 * one prunes more paths but costs a bigger ball per root. Since the last two
 * steps of a search are counted from two-step counts, which need only the
 * root's in-neighbours, short searches have little left to prune: for
 * max_length up to DYNG_I_CC_SHORT, 2 for a compute and 1 for the searches
 * through an update's pairs were the fastest on pgp-strong-2009 and
 * email-Enron (docs/adr/0005-cycle-count.md). Longer searches (and no bound)
 * take every distance a path can still close from (L - 1), so that the
 * vertices that cannot reach the root in time are never walked.
 */
#define DYNG_I_CC_SHORT 6

static uint8_t radius_for(int64_t L, int64_t short_radius) {
    int64_t r = L <= DYNG_I_CC_SHORT ? short_radius : DYNG_I_CC_MAX_RADIUS;
    if (r > L - 1)
        r = L - 1;
    return (uint8_t)(r < 1 ? 1 : r);
}

static int dedupe_of(const dyng_graph *g) {
    if (g->p.parallel_edges == DYNG_PARALLEL_FORBID)
        return DYNG_I_CC_DEDUPE_NONE;
    return g->p.order == DYNG_ORDER_SORTED ? DYNG_I_CC_DEDUPE_SORTED : DYNG_I_CC_DEDUPE_STAMPS;
}

/*
 * Whether the searches follow the rules of long searches (cycle_count.tmpl.h,
 * cc_search: the closers, and a full count stays in blocks): for bounds past
 * DYNG_I_CC_SHORT. With a short bound a search is shallow and local (its
 * breadth-first searches stop at radius 2, its paths at L - 3 steps), the
 * rules would save little, and finding the blocks, a pass over every row,
 * would cost about what the count does; short searches stay as they were
 * measured (and so do the row slots a count reads, which decide when an
 * update recounts). With a long bound (or none) the distances prune little:
 * without the rules a search walks every path out of its root that avoids
 * smaller ids, however far from any cycle, on a chain or a tree the whole
 * rest of it.
 */
static atomic_int long_search_mode;

#ifdef DYNG_TESTING_HOOKS
void dyng_testing_cycle_count_long_search(int mode) { atomic_store(&long_search_mode, mode); }
#endif

static bool long_search_for(int64_t L) {
    const int mode = atomic_load(&long_search_mode);
    return mode == 0 ? L > DYNG_I_CC_SHORT : mode == 2;
}

static dyng_i_cc_setup setup_of(const dyng_graph *g, int64_t L) {
    const bool long_search = long_search_for(L);
    const dyng_i_cc_setup su = {.L = L,
                                .minlen = min_length(g),
                                .radius = radius_for(L, 2),
                                .pair_radius = radius_for(L, 1),
                                .dedupe = dedupe_of(g),
                                .long_search = long_search,
                                .blocks = long_search};
    return su;
}

/* The candidates a search holds at once: at most L - 2 vertices of its path
 * list theirs, each at most its row, and the rows of a path's (distinct)
 * vertices hold at most every entry. */
static int64_t cand_bound(int64_t L, int64_t max_row, int64_t entries) {
    if (L <= 2 || max_row == 0)
        return 1;
    if (L - 2 > entries / max_row)
        return entries + 1;
    const int64_t c = (L - 2) * max_row;
    return (c < entries ? c : entries) + 1;
}

/* The frames of a path: one per vertex, at most L and at most n. */
static int64_t frames_bound(int64_t L, int64_t n) { return (L < n ? L : n) + 1; }

/* ---- storage ------------------------------------------------------------------- */

static void threads_free(dyng_i_cc_thread *th, int count) {
    if (th == NULL)
        return;
    for (int t = 0; t < count; t++) {
        dyng_i_free(th[t].dist);
        dyng_i_free(th[t].seen);
        dyng_i_free(th[t].queue);
        dyng_i_free(th[t].cand);
        dyng_i_free(th[t].frames);
        dyng_i_free(th[t].hist);
        dyng_i_free(th[t].path1);
        dyng_i_free(th[t].two);
        dyng_i_free(th[t].two_list);
    }
    dyng_i_free(th);
}

static void work_free(dyng_i_cc_work *w) {
    threads_free(w->th, w->threads);
    dyng_i_free(w->pairs);
    dyng_i_free(w->keys);
    dyng_i_free(w->first);
    dyng_i_free(w->removed);
    dyng_i_free(w->added);
    dyng_i_free(w->in.rows);
    dyng_i_free(w->in.col);
    dyng_i_free(w->blocks);
    dyng_i_free(w->order);
    memset(w, 0, sizeof *w);
}

/* want, or more by half again when cap is short of it (so that a slowly
 * growing graph settles after a few calls). */
static int64_t grown(int64_t cap, int64_t want) {
    if (want <= cap)
        return cap;
    const int64_t more = cap + cap / 2;
    return more > want ? more : want;
}

/*
 * The reserves below make room all or nothing, the old blocks kept on
 * failure. With `keep` (an update's prepare), a block they replace is not
 * freed but left to the update's journal (r->undo, taken before), which
 * frees it when the update succeeds and puts it back when it fails; each
 * block is reserved at most once per prepare.
 */

/*
 * Arrays for `threads` threads' searches on up to n vertices, with the
 * given candidate, frame and histogram room (and stamps with `seen`,
 * two-step counts with `two`).
 */
static dyng_status work_reserve(dyng_i_cc_work *w, int threads, int64_t n, int64_t cand,
                                int64_t frames, int64_t hist, bool seen, bool two, bool keep) {
    if (w->th != NULL && threads <= w->threads && n <= w->cap_n && cand <= w->cap_cand &&
        frames <= w->cap_frames && hist <= w->cap_hist && (!seen || w->have_seen) &&
        (!two || w->have_two))
        return DYNG_OK;
    const int T = threads > w->threads ? threads : w->threads;
    n = grown(w->cap_n, n < 1 ? 1 : n);
    cand = grown(w->cap_cand, cand);
    frames = grown(w->cap_frames, frames);
    hist = grown(w->cap_hist, hist);
    seen = seen || w->have_seen;
    two = two || w->have_two;
    const size_t bytes =
        (size_t)T * ((size_t)n * (1 + 8 + (seen ? 4 : 0) + (two ? 12 : 0)) + (size_t)cand * 8 +
                     (size_t)frames * (sizeof(dyng_i_cc_frame) + 8) + (size_t)hist * 8);
    dyng_i_cc_thread *th = dyng_i_calloc((size_t)T, sizeof *th);
    if (th == NULL)
        return dyng_i_oom("cycle_count work arrays", bytes);
    bool ok = true;
    for (int t = 0; t < T && ok; t++) {
        th[t].dist = dyng_i_malloc((size_t)n, 1);
        th[t].queue = dyng_i_malloc((size_t)n, sizeof(int64_t));
        th[t].cand = dyng_i_malloc((size_t)cand, sizeof(int64_t));
        th[t].frames = dyng_i_malloc((size_t)frames, sizeof(dyng_i_cc_frame));
        th[t].hist = dyng_i_calloc((size_t)hist, sizeof(uint64_t));
        th[t].path1 = dyng_i_malloc((size_t)frames, sizeof(int64_t));
        th[t].seen = seen ? dyng_i_calloc((size_t)n, sizeof(uint32_t)) : NULL;
        th[t].two = two ? dyng_i_calloc((size_t)n, sizeof(uint32_t)) : NULL;
        th[t].two_list = two ? dyng_i_malloc((size_t)n, sizeof(int64_t)) : NULL;
        ok = th[t].dist && th[t].queue && th[t].cand && th[t].frames && th[t].hist && th[t].path1 &&
             (th[t].seen || !seen) && ((th[t].two && th[t].two_list) || !two);
        if (ok)
            memset(th[t].dist, DYNG_I_CC_FAR, (size_t)n);
    }
    if (!ok) {
        threads_free(th, T);
        return dyng_i_oom("cycle_count work arrays", bytes);
    }
    if (!keep)
        threads_free(w->th, w->threads);
    w->th = th;
    w->threads = T;
    w->cap_n = n;
    w->cap_cand = cand;
    w->cap_frames = frames;
    w->cap_hist = hist;
    w->have_seen = seen;
    w->have_two = two;
    return DYNG_OK;
}

/* A block for at least `want` elements of `size` bytes in *block (contents
 * not kept; zeroed with `zero`) when *cap is short; on failure *block and
 * *cap stay as they were. */
static dyng_status block_reserve(void *old, int64_t *cap, int64_t want, size_t size, bool zero,
                                 bool keep, const char *what, void **block) {
    *block = old;
    if (old != NULL && *cap >= want)
        return DYNG_OK;
    const int64_t c = grown(*cap, want < 16 ? 16 : want);
    void *p = zero ? dyng_i_calloc((size_t)c, size) : dyng_i_malloc((size_t)c, size);
    if (p == NULL)
        return dyng_i_oom(what, (size_t)c * size);
    if (!keep)
        dyng_i_free(old);
    *block = p;
    *cap = c;
    return DYNG_OK;
}

/* The histograms an update adds up (removed, added), len entries each. */
static dyng_status pending_reserve(dyng_i_cc_work *w, int64_t len, bool keep) {
    if (w->removed != NULL && w->added != NULL && w->cap_pending >= len)
        return DYNG_OK;
    const int64_t c = grown(w->cap_pending, len);
    uint64_t *removed = dyng_i_calloc((size_t)c, sizeof(uint64_t));
    uint64_t *added = dyng_i_calloc((size_t)c, sizeof(uint64_t));
    if (!removed || !added) {
        dyng_i_free(removed);
        dyng_i_free(added);
        return dyng_i_oom("cycle_count histograms", (size_t)c * 16);
    }
    if (!keep) {
        dyng_i_free(w->removed);
        dyng_i_free(w->added);
    }
    w->removed = removed;
    w->added = added;
    w->cap_pending = c;
    return DYNG_OK;
}

/* Room for the in-rows of a directed graph that stores none: n records and
 * `entries` targets (nothing for the other graphs). */
static dyng_status in_reserve(const dyng_graph *g, dyng_i_cc_work *w, int64_t n, int64_t entries,
                              bool keep) {
    if (!g->p.directed || g->p.store_transposed)
        return DYNG_OK;
    void *rows, *col;
    DYNG_I_TRY(block_reserve(w->in.rows, &w->in.vert_alloc, n, g->k->row_record_bytes, false, keep,
                             "cycle_count in-rows", &rows));
    w->in.rows = rows;
    DYNG_I_TRY(block_reserve(w->in.col, &w->in.slot_alloc, entries, g->k->vertex_bytes, false, keep,
                             "cycle_count in-rows", &col));
    w->in.col = col;
    return DYNG_OK;
}

/* Room for the blocks of a graph of n vertices (the kernels' blocks: an
 * int64 and six vertex ids per vertex). */
static dyng_status blocks_reserve(const dyng_graph *g, dyng_i_cc_work *w, int64_t n, bool keep) {
    void *blocks;
    DYNG_I_TRY(block_reserve(w->blocks, &w->cap_blocks, n, 8 + 6 * g->k->vertex_bytes, false, keep,
                             "cycle_count blocks", &blocks));
    w->blocks = blocks;
    return DYNG_OK;
}

/* The in-rows the breadth-first searches walk on g as it is now: the rows
 * themselves (undirected), the stored in-rows, or a transposition into the
 * room in_reserve made. */
static const dyng_i_adj *in_of(const dyng_graph *g, dyng_i_cc_work *w) {
    if (!g->p.directed)
        return &g->out;
    if (g->p.store_transposed)
        return &g->in;
    kernels_of(g)->transpose(g, &w->in);
    return &w->in;
}

/* Count every cycle of g up to su->L into out (the threads' arrays, and
 * with su->blocks the blocks' room, reserved for g), over in-rows `in`
 * (in_of), polling r unless it is NULL; the row slots read into *slots.
 * Without room for the blocks (which every caller reserves) it counts
 * without them: the same counts. */
static dyng_status count_graph(const dyng_graph *g, const dyng_i_adj *in, dyng_i_cc_setup su,
                               dyng_i_cc_work *w, dyng_resources *r, uint64_t *out,
                               int64_t *slots) {
    int64_t block_slots = 0;
    su.blocks = su.blocks && w->blocks != NULL && w->cap_blocks >= g->n;
    if (su.blocks)
        block_slots = kernels_of(g)->blocks(g, in, w->blocks, w->cap_blocks);
    const dyng_status st =
        kernels_of(g)->count_roots(g, in, &su, w, dyng_i_threads(g->res), r, out, slots);
    *slots += block_slots;
    return st;
}

/* ---- the degree order ------------------------------------------------------------ */

/*
 * A root s reads, out to radius 2, the in-rows of its in-neighbours above
 * it, and the rows of its out-neighbours above it (cc_bfs, cc_take, its
 * candidates): a hub whose id is above its neighbours' is read whole by
 * every one of them, O(D^2) for degree D (a star of 30,000 vertices
 * numbered hub last took 0.95 s at max_length 3, K(3, 10,000) with its hubs
 * last 0.52 s at 4, a user-item graph of 30,000 users whose items come
 * after them 9.2 s at 4; the same graphs numbered hubs first take 1 to
 * 10 ms). Hubs numbered first are skipped by every root above them. So a
 * full count runs on a copy of the graph renumbered in degree order, hubs
 * first (as triangle and cycle counters do), when that pays:
 *  - the kernels' order_cost, an estimate of those reads, under the ids is
 *    at least DYNG_I_CC_ORDER_GATE per vertex and entry (n + m, m the
 *    entries of the rows); its upper bound order_bound, from the row
 *    records alone, decides first, so that a graph of small degrees (a road
 *    network, a grid) pays a pass over its row records and nothing more;
 *  - and the estimate under the degree order is at most a
 *    DYNG_I_CC_ORDER_FACTOR-th of it.
 * Ties keep their order, so a graph whose degrees are about equal keeps its
 * numbering and its locality.
 *
 * Measured on one thread (release build, this project's shared 2-core
 * machine, medians of 7): a count reads a slot in 1 to 9 ns (2 to 4 on the
 * power-law graphs); the degree order, its estimate and the copy cost 6 to
 * 31 ns per vertex and entry (31 on pgp-strong-2009, directed: two copies),
 * up to about 10 slots; DYNG_I_CC_ORDER_SLOTS of them are counted in the
 * row slots of the count (r->work_slots, for the update's recount choice).
 * The estimate's drop predicted the speed-up: an R-MAT graph (2^14, edge
 * factor 8) 3.65x, 2.8x faster renumbered at max_length 3 and 4 (it is
 * renumbered); email-Enron 1.42x, 1.2 to 1.35x faster (not renumbered);
 * pgp-strong-2009 1.24x, 1.6x slower at 3 (its copy costs about half its
 * count; not renumbered); the graphs of the cliff 2,000x to 30,000x. Hence
 * a factor of 2, and a gate of 96: the saving is then at least 48 slots per
 * vertex and entry, about 5 times the costliest copy. The estimates under
 * the ids were 1.4 (luxembourg_osm), 23 (pgp-strong-2009), 48 (email-Enron),
 * 128 (R-MAT), and 8,600 to 30,000 on the graphs of the cliff; the bound
 * (2.9, 86, 255 and 249) keeps luxembourg_osm and pgp-strong-2009 from
 * computing the estimate (a pass over the row records: 0.1 ms, about 1 % of
 * their counts at max_length 3), and the estimate costs 0.2 to 0.4 ms
 * (under 1 %) on email-Enron and R-MAT.
 */
#define DYNG_I_CC_ORDER_GATE 96
#define DYNG_I_CC_ORDER_FACTOR 2
#define DYNG_I_CC_ORDER_SLOTS 8

static atomic_int order_mode;

#ifdef DYNG_TESTING_HOOKS
void dyng_testing_cycle_count_order(int mode) { atomic_store(&order_mode, mode); }
#endif

/* The parts of w->order: the degree order and the sort's room (n pairs
 * each), each vertex's new id (n ids), and the rows of the renumbered copy
 * (out-rows, and in-rows when directed: n records and `entries` ids each). */
typedef struct order_parts {
    dyng_i_pair *order, *tmp;
    void *rank;
    dyng_i_adj out, in;
} order_parts;

/* The bytes of the parts for n vertices and `entries` entries per direction
 * (g's types and direction), and, with base, where each one lies in it. */
static size_t order_layout(const dyng_graph *g, int64_t n, int64_t entries, char *base,
                           order_parts *p) {
    const size_t rb = g->k->row_record_bytes, vb = g->k->vertex_bytes;
    const size_t N = (size_t)(n < 1 ? 1 : n), E = (size_t)(entries < 1 ? 1 : entries);
    const size_t dirs = g->p.directed ? 2 : 1;
    /* Largest alignment first: pairs (8), row records (8 or 16, a multiple
     * of the ids' size), ids. */
    const size_t pairs = 0, rows = pairs + 2 * N * sizeof(dyng_i_pair), rank = rows + dirs * N * rb;
    const size_t col = rank + N * vb, end = col + dirs * E * vb;
    if (base != NULL) {
        memset(p, 0, sizeof *p);
        p->order = (dyng_i_pair *)(base + pairs);
        p->tmp = p->order + N;
        p->rank = base + rank;
        dyng_i_adj *adj[2] = {&p->out, &p->in};
        for (size_t d = 0; d < dirs; d++) {
            adj[d]->rows = base + rows + d * N * rb;
            adj[d]->col = base + col + d * E * vb;
            adj[d]->vert_alloc = (int64_t)N;
            adj[d]->slot_alloc = (int64_t)E;
        }
    }
    return end;
}

/* Room in w->order for the parts of a graph like g with n vertices and
 * `entries` entries (see the reserves above for keep). */
static dyng_status order_reserve(const dyng_graph *g, dyng_i_cc_work *w, int64_t n, int64_t entries,
                                 bool keep) {
    void *block;
    DYNG_I_TRY(block_reserve(w->order, &w->cap_order,
                             (int64_t)order_layout(g, n, entries, NULL, NULL), 1, false, keep,
                             "cycle_count degree order", &block));
    w->order = block;
    return DYNG_OK;
}

/* Whether the degree order may pay for a count of g up to L (the testing
 * mode, then the estimate under the ids: the most a renumbering can save),
 * and that estimate into *now (0 when not computed). */
static bool order_may_pay(const dyng_graph *g, const dyng_i_adj *in, int64_t L, int64_t *now) {
    const int mode = atomic_load(&order_mode);
    const int64_t size = g->n + g->out.live;
    *now = 0;
    if (mode != 0)
        return mode == 2 && g->n > 1;
    if (L < 3 || g->n < 2) /* at L = 2 the searches read the roots' rows only */
        return false;
    if (kernels_of(g)->order_bound(g, in) / DYNG_I_CC_ORDER_GATE < size)
        return false;
    *now = kernels_of(g)->order_cost(g, in, NULL);
    return *now / DYNG_I_CC_ORDER_GATE >= size;
}

/*
 * A full count of g (compute, an update's recount; see count_graph), on a
 * copy renumbered in degree order when that pays. With `reserve` (compute)
 * the copy's room is allocated here and freed after; without (a recount,
 * which cannot fail) the copy is made only in the room prepare left in
 * w->order, if any. The row slots read include the copy's making; *ordered
 * says whether it counted on the copy.
 */
static dyng_status count_full(const dyng_graph *g, const dyng_i_cc_setup su, dyng_i_cc_work *w,
                              dyng_resources *poll, bool reserve, uint64_t *out, int64_t *slots,
                              bool *ordered) {
    const dyng_i_cc_kernels *k = kernels_of(g);
    const dyng_i_adj *in = in_of(g, w);
    const int64_t n = g->n, entries = g->out.live, size = n + entries;
    int64_t now = 0;
    *ordered = false;
    if (!order_may_pay(g, in, su.L, &now))
        return count_graph(g, in, su, w, poll, out, slots);
    if (reserve)
        DYNG_I_TRY(order_reserve(g, w, n, entries, false));
    if (w->order == NULL || w->cap_order < (int64_t)order_layout(g, n, entries, NULL, NULL))
        return count_graph(g, in, su, w, poll, out, slots); /* a recount without room */
    order_parts pp;
    order_layout(g, n, entries, w->order, &pp);
    k->order_ranks(g, in, pp.order, pp.tmp, pp.rank);
    if (atomic_load(&order_mode) == 0) {
        const int64_t then = k->order_cost(g, in, pp.rank);
        if (then > now / DYNG_I_CC_ORDER_FACTOR) {
            const dyng_status st = count_graph(g, in, su, w, poll, out, slots);
            *slots += size; /* the degree order and its estimate */
            return st;
        }
    }
    /* The copy: a directed graph's out-rows from its in-rows and the other
     * way round; an undirected graph's rows are their own transpose. Sorted,
     * simple, with in-rows: the kernels' plainest kind of graph. */
    k->renumber(g->p.directed ? in : &g->out, n, pp.order, pp.rank, &pp.out);
    if (g->p.directed)
        k->renumber(&g->out, n, pp.order, pp.rank, &pp.in);
    dyng_graph h = *g;
    h.out = pp.out;
    h.in = pp.in;
    h.p.order = DYNG_ORDER_SORTED;
    h.p.parallel_edges = DYNG_PARALLEL_FORBID;
    h.p.store_transposed = true;
    dyng_i_cc_setup hs = su;
    hs.dedupe = dedupe_of(&h);
    const dyng_status st = count_graph(&h, h.p.directed ? &h.in : &h.out, hs, w, poll, out, slots);
    *slots += DYNG_I_CC_ORDER_SLOTS * size; /* the renumbering */
    *ordered = true;
    return st;
}

/* Room for cap counts, keeping the first r->len. */
static dyng_status counts_reserve(dyng_cycle_count_result *r, int64_t cap, bool keep) {
    if (r->counts != NULL && r->cap >= cap)
        return DYNG_OK;
    cap = grown(r->cap, cap < 1 ? 1 : cap);
    uint64_t *c = dyng_i_calloc((size_t)cap, sizeof(uint64_t));
    if (c == NULL)
        return dyng_i_oom("cycle counts", (size_t)cap * sizeof(uint64_t));
    if (r->len > 0)
        memcpy(c, r->counts, (size_t)r->len * sizeof(uint64_t));
    if (!keep)
        dyng_i_free(r->counts);
    r->counts = c;
    r->cap = cap;
    return DYNG_OK;
}

/* Of a block that an update's prepare may have replaced (`now`, and
 * `before` it), free the one the update no longer needs: the one before
 * when it succeeded (`keep`), else the one prepare made; nothing when the
 * block was not replaced. */
static void drop_replaced(void *now, void *before, bool keep) {
    if (now != before)
        dyng_i_free(keep ? before : now);
}

/* End an update's journal (r->undo; nothing when none is open). With
 * `keep` (the update succeeded), free every block its prepare replaced;
 * otherwise free those it made and put back the work and the counts as
 * they were, blocks, capacities and all. */
static void undo_end(dyng_cycle_count_result *r, bool keep) {
    dyng_i_cc_undo *u = &r->undo;
    if (!u->active)
        return;
    dyng_i_cc_work *w = &r->work, *was = &u->work;
    if (w->th != was->th)
        threads_free(keep ? was->th : w->th, keep ? was->threads : w->threads);
    drop_replaced(w->pairs, was->pairs, keep);
    drop_replaced(w->keys, was->keys, keep);
    drop_replaced(w->first, was->first, keep);
    drop_replaced(w->removed, was->removed, keep);
    drop_replaced(w->added, was->added, keep);
    drop_replaced(w->in.rows, was->in.rows, keep);
    drop_replaced(w->in.col, was->in.col, keep);
    drop_replaced(w->blocks, was->blocks, keep);
    drop_replaced(w->order, was->order, keep);
    drop_replaced(r->counts, u->counts, keep);
    if (!keep) {
        *w = *was;
        r->counts = u->counts;
        r->cap = u->cap;
    }
    memset(u, 0, sizeof *u);
}

dyng_status dyng_cycle_count_result_free(dyng_cycle_count_result **r) {
    if (r == NULL || *r == NULL)
        return DYNG_OK;
    undo_end(*r, false); /* none is open outside dyng_update */
    work_free(&(*r)->work);
    dyng_i_free((*r)->counts);
    dyng_i_free(*r);
    *r = NULL;
    return DYNG_OK;
}

/* A new result for g's current state with room for its counts (none of them
 * set: len 0). */
static dyng_status result_new(dyng_cycle_count_result **out, const dyng_graph *g,
                              const dyng_cycle_count_options *o) {
    dyng_cycle_count_result *r = dyng_i_calloc(1, sizeof *r);
    if (r == NULL)
        return dyng_i_oom("a cycle_count result", sizeof *r);
    r->kind = DYNG_RESULT_CYCLE_COUNT;
    r->options = *o;
    r->graph_version = g->version;
    r->graph_state_id = g->state_id;
    r->num_vertices = g->n;
    r->poison = DYNG_OK;
    dyng_status st = counts_reserve(r, o->max_length < 0 ? g->n + 1 : o->max_length + 1, false);
    if (st != DYNG_OK) {
        dyng_cycle_count_result_free(&r);
        return st;
    }
    *out = r;
    return DYNG_OK;
}

/* ---- compute ----------------------------------------------------------------------- */

/* Count every cycle of g into r's counts (room made by result_new). */
static dyng_status count_all(const dyng_graph *g, dyng_cycle_count_result *r) {
    const dyng_cycle_count_options *o = &r->options;
    const int64_t n = g->n, L = search_bound(o, n);
    const int threads = dyng_i_threads(g->res);
    const dyng_i_cc_setup su = setup_of(g, L);
    dyng_i_cc_work *w = &r->work;
    if (dyng_i_interrupted(g->res))
        return dyng_i_error(DYNG_INTERRUPTED, "cycle_count compute was interrupted");
    r->max_row = kernels_of(g)->max_row(g, NULL);
    DYNG_I_TRY(work_reserve(w, threads, n, cand_bound(L, r->max_row, g->out.live),
                            frames_bound(L, n), L + 1, su.dedupe == DYNG_I_CC_DEDUPE_STAMPS, true,
                            false));
    DYNG_I_TRY(pending_reserve(w, L + 1, false));
    DYNG_I_TRY(in_reserve(g, w, n, g->out.live, false));
    if (su.blocks && L >= su.minlen)
        DYNG_I_TRY(blocks_reserve(g, w, n, false));
    uint64_t *hist = w->added;
    memset(hist, 0, (size_t)(L + 1) * sizeof(uint64_t));
    r->work_slots = 0;
    if (L >= su.minlen) {
        const int64_t t0 = dyng_i_stage_start();
        const dyng_status st =
            count_full(g, su, w, g->res, true, hist, &r->work_slots, &r->ordered);
        dyng_i_free(w->order); /* the renumbered copy, if any, is not kept */
        w->order = NULL;
        w->cap_order = 0;
        DYNG_I_TRY(st);
        dyng_i_stage_end("cycle_count.search", t0);
    }
    /* Bounded: max_length + 1 entries; lengths past L (past n) have none,
     * and are left as result_new zeroed them, untouched: a bound far above n
     * costs address space, not memory (the updates write lengths up to
     * their L only). No bound: up to the longest cycle. */
    int64_t len = o->max_length + 1;
    if (o->max_length < 0) {
        len = 1;
        for (int64_t k = 0; k <= L; k++)
            if (hist[k] != 0)
                len = k + 1;
    }
    memcpy(r->counts, hist, (size_t)(L + 1 < len ? L + 1 : len) * sizeof(uint64_t));
    r->len = len;
    return DYNG_OK;
}

dyng_status dyng_cycle_count_compute(dyng_cycle_count_result **out, const dyng_graph *g,
                                     const dyng_cycle_count_options *options) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(g);
    dyng_cycle_count_options o;
    if (options)
        o = *options;
    else
        dyng_cycle_count_options_default(&o);
    DYNG_I_TRY(check_options(&o));
    dyng_cycle_count_result *r = NULL;
    DYNG_I_TRY(result_new(&r, g, &o));
    dyng_status st = count_all(g, r);
    if (st != DYNG_OK) {
        dyng_cycle_count_result_free(&r);
        return st;
    }
    *out = r;
    return DYNG_OK;
}

/* ---- update -------------------------------------------------------------------------- */

static int compare_pairs(const void *x, const void *y) {
    const dyng_i_cc_pair *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

/* P: the pairs that b names, with ids below nb (no other can be an edge
 * before or after), self-loops left out; sorted, each once, with its
 * deletions counted. A prepare's: the blocks it replaces are the journal's.
 * (dyng_i_cycle_count_check has refused a batch too long for the keys.) */
static dyng_status collect_pairs(const dyng_graph *g, const dyng_batch *b, dyng_i_cc_work *w,
                                 int64_t nb) {
    const int64_t want = b->num_del + b->num_ins;
    void *pairs, *keys;
    DYNG_I_TRY(block_reserve(w->pairs, &w->cap_pairs, want, sizeof(dyng_i_cc_pair), false, true,
                             "the batch's pairs", &pairs));
    w->pairs = pairs;
    DYNG_I_TRY(block_reserve(w->keys, &w->cap_keys, want, sizeof(dyng_i_cc_key), false, true,
                             "the batch's pairs", &keys));
    w->keys = keys;
    int64_t np = 0;
    for (int list = 0; list < 2; list++) {
        const int64_t count = list == 0 ? b->num_del : b->num_ins;
        const void *src = list == 0 ? b->del_src : b->ins_src;
        const void *dst = list == 0 ? b->del_dst : b->ins_dst;
        for (int64_t i = 0; i < count; i++) {
            int64_t u = dyng_i_read_id(src, b->vertex_type, i);
            int64_t v = dyng_i_read_id(dst, b->vertex_type, i);
            if (u < 0 || v < 0 || u >= nb || v >= nb || u == v)
                continue;
            if (!g->p.directed && u > v) {
                const int64_t t = u;
                u = v;
                v = t;
            }
            dyng_i_cc_pair *p = &w->pairs[np++];
            p->a = u;
            p->b = v;
            p->dels = list == 0;
            p->copies = 0;
            p->flags = list == 0 ? DYNG_I_CC_DELETED : DYNG_I_CC_INSERTED;
        }
    }
    if (np > 1)
        qsort(w->pairs, (size_t)np, sizeof(dyng_i_cc_pair), compare_pairs);
    int64_t kept = 0;
    for (int64_t i = 0; i < np; i++) {
        dyng_i_cc_pair *last = kept > 0 ? &w->pairs[kept - 1] : NULL;
        if (last && last->a == w->pairs[i].a && last->b == w->pairs[i].b) {
            last->dels += w->pairs[i].dels;
            last->flags |= w->pairs[i].flags;
        } else {
            w->pairs[kept++] = w->pairs[i];
        }
    }
    w->num_pairs = kept;
    return DYNG_OK;
}

/* Point each first vertex of keys[0 .. count) at its first key (from the
 * back, so the first one stays), or (clear) back to 0. */
static void set_first(dyng_i_cc_work *w, int64_t count, bool clear) {
    for (int64_t j = count - 1; j >= 0; j--)
        w->first[w->keys[j].a] = clear ? 0 : (uint32_t)(j + 1);
}

/* Count C_g(keys[0 .. count)) into out within the budget (see count_pairs
 * in the kernels; past it, out is all 0 and budget->over set). */
static dyng_status count_keys(const dyng_graph *g, dyng_i_cc_work *w, int64_t L, int64_t count,
                              dyng_resources *poll, dyng_i_cc_budget *budget, uint64_t *out,
                              int64_t *steps) {
    memset(out, 0, (size_t)(L + 1) * sizeof(uint64_t));
    *steps = 0;
    budget->used = 0;
    budget->over = false;
    const dyng_i_cc_setup su = setup_of(g, L);
    if (count == 0 || L < su.minlen)
        return DYNG_OK;
    const dyng_i_adj *in = in_of(g, w);
    set_first(w, count, false);
    dyng_status st = kernels_of(g)->count_pairs(g, in, &su, w, w->keys, count,
                                                dyng_i_threads(g->res), poll, budget, out, steps);
    set_first(w, count, true);
    return st;
}

/*
 * Whether counting the graph after the batch afresh costs less than the
 * searches through its pairs: those through D and through the pairs that
 * insertions name (what I can hold), estimated by their two-step balls,
 * against the row slots the last full count read. A result whose last count
 * is unknown (from_counts) never recounts. With a budget set by the testing
 * hook, the estimate never chooses (the budget alone does).
 */
static atomic_int recount_mode;
static atomic_llong budget_slots = -1;

#ifdef DYNG_TESTING_HOOKS
void dyng_testing_cycle_count_recount(int mode) { atomic_store(&recount_mode, mode); }
void dyng_testing_cycle_count_budget(int64_t slots) {
    atomic_store(&budget_slots, (long long)(slots < 0 ? -1 : slots));
}
#endif

/* Whether a pair may be searched after the apply (be in I): an insertion
 * names it and it is new or in D. An upsert of an edge that stays (a weight
 * change) is searched neither time. */
static bool searched_after(const dyng_i_cc_pair *p) {
    return (p->flags & DYNG_I_CC_INSERTED) != 0 &&
           (p->copies == 0 || (p->flags & DYNG_I_CC_IN_D) != 0);
}

static bool recount_pays(const dyng_graph *g, const dyng_cycle_count_result *r,
                         const dyng_i_cc_work *w) {
    const int mode = atomic_load(&recount_mode);
    if (mode != 0)
        return mode == 2;
    if (r->work_slots <= 0 || atomic_load(&budget_slots) >= 0)
        return false;
    int64_t est = 0;
    const int64_t limit = r->work_slots / DYNG_I_CC_RECOUNT_DIVISOR;
    for (int64_t i = 0; i < w->num_pairs && est <= limit; i++) {
        const dyng_i_cc_pair *p = &w->pairs[i];
        /* Searched before the apply: D. After it: I. */
        const int64_t times = (int64_t)((p->flags & DYNG_I_CC_IN_D) != 0) + searched_after(p);
        if (times > 0)
            est += times * kernels_of(g)->estimate(g, p, 1);
    }
    return est > limit;
}

/*
 * The budget of an update's searches, in row slots: the same half of the
 * last full count's slots as recount_pays (INT64_MAX, none, for a result
 * without one, or while the testing mode pins the choice). The estimate
 * prices each pair by its two-step ball whatever the bound, which past
 * max_length 4 can be many times short (10,000 + 10,000 changes cost 3
 * computes on R-MAT 2^14 at 5, and 23 on R-MAT 2^12 at 6); the budget bounds
 * what the searches read whatever the bound, and what they read before they
 * stop is thrown away: so an update costs at most about half a count more
 * than its recount (docs/adr/0005-cycle-count.md, item 8).
 */
static int64_t budget_of(const dyng_cycle_count_result *r) {
    if (atomic_load(&recount_mode) != 0)
        return INT64_MAX;
    const long long forced = atomic_load(&budget_slots);
    if (forced >= 0)
        return (int64_t)forced;
    return r->work_slots > 0 ? r->work_slots / DYNG_I_CC_RECOUNT_DIVISOR : INT64_MAX;
}

/*
 * The sample of a count of keys[0 .. count) within budget b (b->stride,
 * whole, part; see dyng_i_cc_budget): past max_length 4 the estimate can be
 * many times short, and by how much depends on the graph and the bound, so
 * the searches through a sample of the keys (every stride-th, about
 * DYNG_I_CC_SAMPLE of them) run first, and their slots, scaled by the
 * estimates of all the searches the budget covers (`after`: those through
 * the pairs the finish may search too, estimated on the graph before) and
 * of the sample, say whether the rest would pass it; if so they are not
 * searched, and the update recounts having read about a sample's worth,
 * not the budget's. Each pair's estimate counts one more slot, so that a
 * pair with empty rows weighs too. At max_length 4 the estimate is close
 * (within a few percent on pgp-strong-2009, email-Enron and R-MAT) and
 * there is no sample.
 */
#define DYNG_I_CC_SAMPLE_FROM 5
#define DYNG_I_CC_SAMPLE 64
#define DYNG_I_CC_SAMPLE_MIN 16

static int64_t add_sat(int64_t a, int64_t b) {
    int64_t c;
    return __builtin_add_overflow(a, b, &c) ? INT64_MAX : c;
}

static void sample_of(const dyng_graph *g, const dyng_i_cc_work *w, int64_t L, int64_t count,
                      bool after, dyng_i_cc_budget *b) {
    b->stride = b->whole = b->part = 0;
    if (b->limit == INT64_MAX || L < DYNG_I_CC_SAMPLE_FROM || count < DYNG_I_CC_SAMPLE_MIN)
        return;
    const dyng_i_cc_kernels *k = kernels_of(g);
    const int64_t stride = count / DYNG_I_CC_SAMPLE < 2 ? 2 : count / DYNG_I_CC_SAMPLE;
    int64_t whole = 0, part = 0;
    for (int64_t j = 0; j < count; j++) {
        dyng_i_cc_pair p = {.a = w->keys[j].a, .b = w->keys[j].b};
        const int64_t e = add_sat(k->estimate(g, &p, 1), 1);
        whole = add_sat(whole, e);
        if (j % stride == 0)
            part = add_sat(part, e);
    }
    for (int64_t i = 0; after && i < w->num_pairs; i++)
        if (searched_after(&w->pairs[i]))
            whole = add_sat(whole, add_sat(k->estimate(g, &w->pairs[i], 1), 1));
    b->stride = stride;
    b->whole = whole;
    b->part = part;
}

/* Whether a recount in the finish is likely to run in degree order, judged
 * without a pass over the rows (prepare reserves the copy's room for a
 * recount that the finish's searches may choose): the testing mode, or
 * whether the last full count did. */
static bool order_likely(const dyng_graph *g, const dyng_cycle_count_result *r) {
    const int mode = atomic_load(&order_mode);
    if (mode != 0)
        return mode == 2 && g->n > 1;
    return r->ordered;
}

dyng_status dyng_i_cycle_count_check(const dyng_graph *g, const dyng_batch *b,
                                     const dyng_cycle_count_result *r) {
    DYNG_I_TRY(check_poison(r));
    if (r->graph_version != g->version || r->graph_state_id != g->state_id)
        return dyng_i_stale_error("cycle_count", r->graph_version, r->graph_state_id, g->version,
                                  g->state_id);
    DYNG_I_TRY(check_options(&r->options));
    const int64_t changes = b->num_del + b->num_ins;
    if (changes >= (int64_t)UINT32_MAX) /* keys are indexed by uint32 (work.first) */
        return dyng_i_error(DYNG_CAPACITY,
                            "the batch has %lld changes; a cycle_count update takes fewer than "
                            "2^32 - 1",
                            (long long)changes);
    return DYNG_OK;
}

dyng_status dyng_i_cycle_count_prepare(const dyng_graph *g, const dyng_batch *b,
                                       dyng_cycle_count_result *r, int64_t n_new) {
    const dyng_cycle_count_options *o = &r->options;
    dyng_i_cc_work *w = &r->work;
    /* The journal: every block replaced below stays until the update ends. */
    r->undo.active = true;
    r->undo.work = r->work;
    r->undo.counts = r->counts;
    r->undo.cap = r->cap;
    /* Room for the graph after the batch: its n_new vertices, its longest
     * row (each insertion adds at most one entry to a row) and its entries. */
    const int64_t nb = n_new, L = search_bound(o, nb);
    const int64_t ins = b->num_ins;
    const int64_t max_row = r->max_row + ins;
    const int64_t entries = g->out.live + (g->p.directed ? ins : 2 * ins);
    const dyng_i_cc_setup su = setup_of(g, L);
    DYNG_I_TRY(work_reserve(w, dyng_i_threads(g->res), nb, cand_bound(L, max_row, entries),
                            frames_bound(L, nb), L + 1, su.dedupe == DYNG_I_CC_DEDUPE_STAMPS, true,
                            true));
    DYNG_I_TRY(pending_reserve(w, L + 1, true));
    void *first;
    DYNG_I_TRY(block_reserve(w->first, &w->cap_first, nb, sizeof(uint32_t), true, true,
                             "cycle_count key index", &first));
    w->first = first;
    if (o->max_length < 0)
        DYNG_I_TRY(counts_reserve(r, nb + 1, true));
    DYNG_I_TRY(in_reserve(g, w, nb, entries > g->out.live ? entries : g->out.live, true));
    DYNG_I_TRY(collect_pairs(g, b, w, nb));
    w->bound = L;

    /* D: the pairs that are edges now and may be gone after (a deletion names
     * them, and no more parallel copies exist than deletions name them). */
    kernels_of(g)->lookup(g, w->pairs, w->num_pairs, DYNG_I_CC_OLD, true);
    int64_t nd = 0;
    for (int64_t i = 0; i < w->num_pairs; i++) {
        dyng_i_cc_pair *p = &w->pairs[i];
        if ((p->flags & DYNG_I_CC_DELETED) && p->copies > 0 && p->copies <= p->dels) {
            p->flags |= DYNG_I_CC_IN_D;
            w->keys[nd].a = p->a;
            w->keys[nd].b = p->b;
            nd++;
        }
    }
    w->recount = recount_pays(g, r, w);
    w->budget = budget_of(r);
    w->steps_before = 0;
    memset(w->removed, 0, (size_t)(L + 1) * sizeof(uint64_t));
    if (!w->recount) {
        dyng_i_cc_budget budget = {.limit = w->budget};
        sample_of(g, w, L, nd, true, &budget);
        const int64_t t0 = dyng_i_stage_start();
        DYNG_I_TRY(count_keys(g, w, L, nd, g->res, &budget, w->removed, &w->steps_before));
        dyng_i_stage_end("cycle_count.before", t0);
        if (budget.over) /* past the budget: what they found is thrown away */
            w->recount = true;
        else if (w->budget < INT64_MAX)
            w->budget -= budget.used; /* what the finish's searches may read */
    }
    bool after = false; /* whether the finish may search (and so pass the budget) */
    for (int64_t i = 0; i < w->num_pairs && !after; i++)
        after = searched_after(&w->pairs[i]);
    if (L < su.minlen || (!w->recount && (w->budget == INT64_MAX || !after)))
        return DYNG_OK;
    /* The finish may count the graph after afresh: in blocks when a compute
     * would ... */
    if (su.blocks)
        DYNG_I_TRY(blocks_reserve(g, w, nb, true));
    /* ... and in degree order when that may pay: judged on the graph before
     * when prepare chose to recount (the finish judges again, on the graph
     * after), else by the last full count. */
    int64_t now = 0;
    if (w->recount ? order_may_pay(g, in_of(g, w), L, &now) : order_likely(g, r))
        DYNG_I_TRY(order_reserve(g, w, nb, entries, true));
    return DYNG_OK;
}

/* The fallback: count the graph after the batch afresh into r (every array
 * was reserved by prepare, and nothing is polled, so only a sum past
 * 2^64 - 1 can go wrong: it poisons r). The stats take the net change of
 * each length. */
static void recount(const dyng_graph *g, dyng_cycle_count_result *r, int64_t L,
                    dyng_cycle_count_stats *s) {
    dyng_i_cc_work *w = &r->work;
    const dyng_i_cc_setup su = setup_of(g, L);
    uint64_t *hist = w->added;
    memset(hist, 0, (size_t)(L + 1) * sizeof(uint64_t));
    const int64_t t0 = dyng_i_stage_start();
    const dyng_status st =
        L >= su.minlen ? count_full(g, su, w, NULL, false, hist, &r->work_slots, &r->ordered)
                       : DYNG_OK;
    if (st != DYNG_OK) {
        r->poison = DYNG_CAPACITY;
        return;
    }
    dyng_i_stage_end("cycle_count.recount", t0);
    for (int t = 0; t < dyng_i_threads(g->res); t++)
        s->iterations += w->th[t].steps;
    for (int64_t k = 0; k <= L; k++) {
        const uint64_t before = k < r->len ? r->counts[k] : 0, now = hist[k];
        uint64_t *sum = now < before ? &s->cycles_removed : &s->cycles_added;
        if (__builtin_add_overflow(*sum, now < before ? before - now : now - before, sum))
            *sum = UINT64_MAX;
        s->affected += now != before;
        r->counts[k] = now;
    }
}

void dyng_i_cycle_count_abort(dyng_cycle_count_result *r) { undo_end(r, false); }

void dyng_i_cycle_count_finish(const dyng_graph *g, const dyng_batch *b, dyng_cycle_count_result *r,
                               const dyng_apply_summary *applied, dyng_cycle_count_stats *stats) {
    undo_end(r, true); /* the batch is applied: the blocks before go */
    dyng_cycle_count_stats s;
    memset(&s, 0, sizeof s);
    s.apply = *applied;
    dyng_i_cc_work *w = &r->work;
    const int64_t L = w->bound;

    /* I: the pairs that are edges now and are new, or were counted in D. */
    kernels_of(g)->lookup(g, w->pairs, w->num_pairs, DYNG_I_CC_NEW, false);
    int64_t ni = 0;
    for (int64_t i = 0; i < w->num_pairs; i++) {
        const dyng_i_cc_pair *p = &w->pairs[i];
        const bool old = p->flags & DYNG_I_CC_OLD, now = p->flags & DYNG_I_CC_NEW;
        s.deletions += old && !now;
        s.insertions += !old && now;
        if (now && (!old || (p->flags & DYNG_I_CC_IN_D))) {
            w->keys[ni].a = p->a;
            w->keys[ni].b = p->b;
            ni++;
        }
    }
    int64_t steps_after = 0;
    if (!w->recount) {
        dyng_i_cc_budget budget = {.limit = w->budget};
        sample_of(g, w, L, ni, false, &budget);
        const int64_t t0 = dyng_i_stage_start();
        if (count_keys(g, w, L, ni, NULL, &budget, w->added, &steps_after) != DYNG_OK)
            r->poison = DYNG_CAPACITY; /* cannot be interrupted: only a sum can fail */
        dyng_i_stage_end("cycle_count.after", t0);
        w->recount = budget.over; /* past what D left of the budget: recount */
    }
    if (w->recount)
        recount(g, r, L, &s);
    dyng_i_free(w->order); /* the room prepare left for a renumbered copy, if any */
    w->order = NULL;
    w->cap_order = 0;

    /* counts - removed + added, length by length (lengths past L have none
     * before or after). With no bound, entries past len were 0. */
    for (int64_t k = 0; k <= L && r->poison == DYNG_OK && !w->recount; k++) {
        const uint64_t before = k < r->len ? r->counts[k] : 0;
        uint64_t now;
        if (before < w->removed[k]) {
            r->poison = DYNG_INTERNAL; /* what check_poison's message names */
            r->poison_length = k;
            r->poison_had = before;
            r->poison_removed = w->removed[k];
        } else if (__builtin_add_overflow(before - w->removed[k], w->added[k], &now))
            r->poison = DYNG_CAPACITY;
        else {
            r->counts[k] = now;
            s.affected += now != before;
        }
        if (__builtin_add_overflow(s.cycles_removed, w->removed[k], &s.cycles_removed))
            s.cycles_removed = UINT64_MAX;
        if (__builtin_add_overflow(s.cycles_added, w->added[k], &s.cycles_added))
            s.cycles_added = UINT64_MAX;
    }
    if (r->options.max_length < 0 && r->poison == DYNG_OK) {
        int64_t len = 1;
        for (int64_t k = 0; k <= L; k++)
            if (r->counts[k] != 0)
                len = k + 1;
        r->len = len;
    }
    const int64_t named = kernels_of(g)->max_row(g, b);
    if (named > r->max_row)
        r->max_row = named;
    r->graph_version = g->version;
    r->graph_state_id = g->state_id;
    r->num_vertices = g->n;
    if (!w->recount)
        s.iterations = w->steps_before + steps_after;
    s.fallback_used = w->recount;
    s.converged = r->poison == DYNG_OK;
    if (stats)
        *stats = s;
}

dyng_status dyng_cycle_count_update(dyng_graph *g, const dyng_batch *b, dyng_cycle_count_result *r,
                                    dyng_cycle_count_stats *stats) {
    DYNG_I_CHECK_ARG(g); /* named here, not as dyng_update's */
    DYNG_I_CHECK_ARG(b);
    DYNG_I_CHECK_ARG(r);
    dyng_result_ref ref = {DYNG_RESULT_CYCLE_COUNT, r, stats};
    return dyng_update(g, b, &ref, 1);
}

/* ---- results --------------------------------------------------------------------------- */

dyng_status dyng_cycle_count_result_clone(dyng_cycle_count_result **out,
                                          const dyng_cycle_count_result *r) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(r);
    DYNG_I_TRY(check_poison(r));
    dyng_cycle_count_result *c = dyng_i_calloc(1, sizeof *c);
    if (c == NULL)
        return dyng_i_oom("a cycle_count result", sizeof *c);
    c->kind = DYNG_RESULT_CYCLE_COUNT;
    c->options = r->options;
    c->graph_version = r->graph_version;
    c->graph_state_id = r->graph_state_id;
    c->max_row = r->max_row;
    c->work_slots = r->work_slots;
    c->ordered = r->ordered;
    c->poison = DYNG_OK;
    c->from_counts = r->from_counts;
    c->num_vertices = r->num_vertices;
    dyng_status st = counts_reserve(c, r->len, false);
    if (st != DYNG_OK) {
        dyng_cycle_count_result_free(&c);
        return st;
    }
    memcpy(c->counts, r->counts, (size_t)r->len * sizeof(uint64_t));
    c->len = r->len;
    *out = c;
    return DYNG_OK;
}

dyng_status dyng_cycle_count_result_from_counts(dyng_cycle_count_result **out, const dyng_graph *g,
                                                const uint64_t *counts, int64_t len,
                                                const dyng_cycle_count_options *options) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(g);
    dyng_cycle_count_options o;
    if (options)
        o = *options;
    else
        dyng_cycle_count_options_default(&o);
    DYNG_I_TRY(check_options(&o));
    if (len > 0 && counts == NULL)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "counts is NULL with len %lld", (long long)len);
    if (o.max_length >= 0 && len != o.max_length + 1)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "len is %lld; a max_length of %lld takes %lld counts (lengths 0..%lld)",
                            (long long)len, (long long)o.max_length, (long long)(o.max_length + 1),
                            (long long)o.max_length);
    if (o.max_length < 0 && (len < 1 || len > g->n + 1))
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "len is %lld; with no bound (max_length -1) the counts run from length "
                            "0 to the longest cycle: 1 .. %lld entries on a graph of %lld vertices",
                            (long long)len, (long long)(g->n + 1), (long long)g->n);
    if (o.max_length < 0 && len > 1 && counts[len - 1] == 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "counts[%lld], the last of the %lld counts, is 0; with no bound "
                            "(max_length -1) the counts end at the longest cycle, so the last one "
                            "must not be 0 unless it is the only one ([0] when there is no cycle): "
                            "leave out the trailing zeros",
                            (long long)(len - 1), (long long)len);
    const int64_t minlen = min_length(g);
    for (int64_t k = 0; k < len; k++)
        if (counts[k] != 0 && (k < minlen || k > g->n))
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "counts[%lld] is %llu; a%s graph of %lld vertices has no cycle of "
                                "length %lld",
                                (long long)k, (unsigned long long)counts[k],
                                g->p.directed ? " directed" : "n undirected", (long long)g->n,
                                (long long)k);
    dyng_cycle_count_result *r = NULL;
    DYNG_I_TRY(result_new(&r, g, &o));
    dyng_status st = counts_reserve(r, len, false);
    if (st != DYNG_OK) {
        dyng_cycle_count_result_free(&r);
        return st;
    }
    memcpy(r->counts, counts, (size_t)len * sizeof(uint64_t));
    r->len = len;
    r->from_counts = true;
    r->max_row = kernels_of(g)->max_row(g, NULL);
    *out = r;
    return DYNG_OK;
}

dyng_status dyng_cycle_count_result_counts(const uint64_t **counts, int64_t *len,
                                           const dyng_cycle_count_result *r) {
    DYNG_I_CHECK_ARG(counts);
    DYNG_I_CHECK_ARG(len);
    DYNG_I_CHECK_ARG(r);
    DYNG_I_TRY(check_poison(r));
    *counts = r->counts;
    *len = r->len;
    return DYNG_OK;
}

dyng_status dyng_cycle_count_result_total(uint64_t *total, const dyng_cycle_count_result *r) {
    DYNG_I_CHECK_ARG(total);
    DYNG_I_CHECK_ARG(r);
    DYNG_I_TRY(check_poison(r));
    uint64_t sum = 0;
    for (int64_t k = 0; k < r->len; k++)
        if (__builtin_add_overflow(sum, r->counts[k], &sum))
            return dyng_i_error(DYNG_CAPACITY,
                                "the total number of cycles passes 2^64 - 1 (at length %lld); "
                                "read the counts by length instead",
                                (long long)k);
    *total = sum;
    return DYNG_OK;
}

dyng_status dyng_cycle_count_result_options(dyng_cycle_count_options *options,
                                            const dyng_cycle_count_result *r) {
    DYNG_I_CHECK_ARG(options);
    DYNG_I_CHECK_ARG(r);
    DYNG_I_TRY(check_poison(r));
    *options = r->options;
    return DYNG_OK;
}

dyng_status dyng_cycle_count_result_graph_version(uint64_t *version,
                                                  const dyng_cycle_count_result *r) {
    DYNG_I_CHECK_ARG(version);
    DYNG_I_CHECK_ARG(r);
    DYNG_I_TRY(check_poison(r));
    *version = r->graph_version;
    return DYNG_OK;
}

dyng_status dyng_cycle_count_result_graph_state_id(uint64_t *state_id,
                                                   const dyng_cycle_count_result *r) {
    DYNG_I_CHECK_ARG(state_id);
    DYNG_I_CHECK_ARG(r);
    DYNG_I_TRY(check_poison(r));
    *state_id = r->graph_state_id;
    return DYNG_OK;
}

int64_t dyng_i_cycle_count_result_span(const dyng_cycle_count_result *r) {
    /* No simple cycle is longer than the vertex count: compute and the
     * updates write lengths up to it, and from_counts refuses a non-zero
     * count past it. */
    const int64_t span = r->num_vertices + 1;
    return r->len < span ? r->len : span;
}
