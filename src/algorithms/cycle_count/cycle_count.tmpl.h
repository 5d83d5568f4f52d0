/*
 * src/algorithms/cycle_count/cycle_count.tmpl.h - the typed cycle_count
 * kernels, written once for every (vertex id, edge offset) type pair;
 * cycle_count_kernels.c includes it once per pair after defining DYNG_V,
 * DYNG_O, DYNG_FN and DYNG_CC_KERNELS.
 *
 * One search does all the counting (cc_search). From a root it first runs a
 * breadth-first search over the in-edges, out to a small radius, which gives
 * each vertex it reaches its hop distance back to the root (every other
 * vertex is at least radius + 1 away). Then a depth-first search walks the
 * simple paths out of the root, stepping from x at depth d to y only when
 * d + 1 + dist(y) <= L (the path can still close in time). A vertex at
 * distance 1 has an edge back to the root, so each one entered closes a
 * cycle. Vertices on the path have the distance byte DYNG_I_CC_ON_PATH, so
 * one byte per vertex is both the pruning and the visited mark.
 *
 * The last two steps are not walked. With two-step counts (t->two: for each
 * vertex w, the number of the root's in-neighbours z with w -> z), a vertex x
 * at depth L - 3 counts the cycles of length L through each target y at once
 * (two[y], less the z that are on the path), and those of length L - 1 by
 * y's distance. Without them (short bounds), x at depth L - 2 counts its
 * targets at distance 1, scanning its row or, when the root has far fewer
 * in-neighbours, looking each of them up in it.
 *
 * Compute searches from every root s through vertices > s only, so each
 * cycle is counted at its smallest vertex; an undirected cycle, found in
 * both directions, is taken in the one whose first vertex after s is the
 * smaller (its last vertex is above y1: the two-step counts then take the z
 * above y1 only, as the root's candidates y1 are walked in descending order).
 * A pair search counts the cycles through the step root -> first, through
 * any vertices, avoiding the keys of smaller id; it can also run over the
 * rows swapped (VIEW.reversed), from the other end of the pair.
 *
 * Rows are read as stored: repeated targets (parallel edges) are skipped as
 * the graph's properties allow (dyng_i_cc_setup.dedupe), self-loops meet the
 * ON_PATH mark, so the counts are those of the underlying simple graph.
 */

#include "graph/rows.tmpl.h"

/* ---- untyped helpers (once) ------------------------------------------------ */
#ifndef DYNG_I_CC_HELPERS
#define DYNG_I_CC_HELPERS

static inline int dyng_i_cc_thread_num(void) {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

/* Rows shorter than this are scanned whole: a binary search step (a
 * mispredicted branch) costs about what PROBE_COST slots of a scan do. */
#define DYNG_I_CC_LONG_ROW 64
#define DYNG_I_CC_PROBE_COST 8

/* The entries a graph needs, and the pairs a batch, before a count uses
 * more than one thread. */
#define DYNG_I_CC_PARALLEL 512
#define DYNG_I_CC_PARALLEL_PAIRS 8

/* Search steps between two looks at the stop and interrupt flags. */
#define DYNG_I_CC_POLL_MASK 4095

/* Row slots a thread reads, at most, between two hand-ins to a pair count's
 * budget (and a sixteenth of the budget when that is less, so that a small
 * one stops the searches inside a pair too). */
#define DYNG_I_CC_HAND_IN 65536

/*
 * What stops the searches of one count, shared by its threads: the interrupt
 * flag (r), or a budget of row slots. Each thread hands in the slots it has
 * read since its last hand-in every `chunk` slots (t->check) and after each
 * pair; the first hand-in that takes the sum past the limit stops every
 * search. The sum only grows and, when no search stops, ends at the slots of
 * all the searches, each of which reads the same slots on any thread: so it
 * passes the limit exactly when all the searches together would, whatever
 * the thread count and the order the pairs run in.
 */
typedef struct dyng_i_cc_halt {
    atomic_int stop;        /* every search stops (interrupted, or over)    */
    atomic_int interrupted; /* the interrupt flag was seen                   */
    atomic_int over;        /* the budget was passed                         */
    atomic_llong used;      /* row slots handed in                           */
    int64_t limit;          /* the budget (INT64_MAX: none)                  */
    int64_t chunk;          /* slots between hand-ins (INT64_MAX: none)      */
} dyng_i_cc_halt;

static void dyng_i_cc_halt_init(dyng_i_cc_halt *h, int64_t limit) {
    atomic_init(&h->stop, 0);
    atomic_init(&h->interrupted, 0);
    atomic_init(&h->over, 0);
    atomic_init(&h->used, 0);
    h->limit = limit;
    h->chunk = INT64_MAX;
    if (limit < INT64_MAX)
        h->chunk = limit / 16 < DYNG_I_CC_HAND_IN ? limit / 16 + 1 : DYNG_I_CC_HAND_IN;
}

/* Hand in the slots t has read since its last hand-in; true when the sum
 * passes the limit (every search then stops). */
static inline bool dyng_i_cc_hand_in(dyng_i_cc_thread *t, dyng_i_cc_halt *h) {
    const long long d = (long long)(t->slots - t->handed);
    t->handed = t->slots;
    t->check = h->chunk == INT64_MAX ? INT64_MAX : t->slots + h->chunk;
    const long long used = atomic_fetch_add_explicit(&h->used, d, memory_order_relaxed) + d;
    if (used <= h->limit)
        return false;
    atomic_store_explicit(&h->over, 1, memory_order_relaxed);
    atomic_store_explicit(&h->stop, 1, memory_order_relaxed);
    return true;
}

/* Whether the searches must stop: already stopped, or (r not NULL) the
 * interrupt flag, a poll point. */
static inline bool dyng_i_cc_halted(dyng_i_cc_halt *h, const dyng_resources *r) {
    if (atomic_load_explicit(&h->stop, memory_order_relaxed))
        return true;
    if (r == NULL || !dyng_i_interrupted(r))
        return false;
    atomic_store_explicit(&h->interrupted, 1, memory_order_relaxed);
    atomic_store_explicit(&h->stop, 1, memory_order_relaxed);
    return true;
}

/* Whether the step x -> y uses a key before `prefix`. Keys are sorted, so
 * those with the same first vertex a are consecutive: first[a] is 1 + the
 * index of the first of them (0: none). A short run is scanned, a long one
 * searched. */
static inline bool dyng_i_cc_excluded(const dyng_i_cc_key *keys, const uint32_t *first,
                                      int64_t prefix, bool undirected, int64_t x, int64_t y) {
    int64_t a = x, b = y;
    if (undirected && a > b) {
        a = y;
        b = x;
    }
    int64_t lo = (int64_t)first[a] - 1;
    if (lo < 0)
        return false;
    for (int64_t i = lo; i < lo + 8; i++) {
        if (i >= prefix || keys[i].a != a || keys[i].b > b)
            return false;
        if (keys[i].b == b)
            return true;
    }
    int64_t hi = prefix;
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (keys[mid].a < a || (keys[mid].a == a && keys[mid].b < b))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < prefix && keys[lo].a == a && keys[lo].b == b;
}

/* The next stamp of t (clearing the stamps when the counter wraps). */
static inline uint32_t dyng_i_cc_next_stamp(dyng_i_cc_thread *t, int64_t cap_n) {
    if (++t->stamp == 0) {
        memset(t->seen, 0, (size_t)cap_n * sizeof(uint32_t));
        t->stamp = 1;
    }
    return t->stamp;
}

/* Sum the threads' histograms [0 .. L] into out; false when a sum passes
 * 2^64 - 1. */
static bool dyng_i_cc_sum(const dyng_i_cc_work *w, int threads, int64_t L, uint64_t *out) {
    bool ok = true;
    for (int64_t k = 0; k <= L; k++) {
        uint64_t sum = 0;
        for (int t = 0; t < threads; t++)
            ok &= !__builtin_add_overflow(sum, w->th[t].hist[k], &sum);
        out[k] = sum;
    }
    return ok;
}

static int dyng_i_cc_compare_ids(const void *a, const void *b) {
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* Clear the threads' histograms and counters for a count that halt stops. */
static void dyng_i_cc_clear_hists(dyng_i_cc_work *w, int threads, int64_t L,
                                  const dyng_i_cc_halt *h) {
    for (int t = 0; t < threads; t++) {
        memset(w->th[t].hist, 0, (size_t)(L + 1) * sizeof(uint64_t));
        w->th[t].steps = 0;
        w->th[t].slots = 0;
        w->th[t].handed = 0;
        w->th[t].check = h->chunk;
    }
}
#endif /* DYNG_I_CC_HELPERS */

/* ---- the search ---------------------------------------------------------------- */

#define VIEW DYNG_FN(cc_view)

/* What a search reads: the out-rows it walks, the in-rows its breadth-first
 * search walks, the rules, and (pair searches) the keys to avoid. */
typedef struct VIEW {
    const ROW *orows;
    const DYNG_V *ocol;
    const ROW *irows;
    const DYNG_V *icol;
    int64_t L;      /* the longest cycle counted                          */
    int minlen;     /* the shortest                                       */
    uint8_t radius; /* of the breadth-first search                        */
    int dedupe;     /* DYNG_I_CC_DEDUPE_*                                 */
    bool ordered;   /* compute on an undirected graph: first vertex < last */
    bool sorted;    /* rows sorted by target                              */
    bool two;       /* the last two steps from two-step counts (t->two)   */
    int64_t cap_n;
    const dyng_i_cc_key *keys; /* pair searches: the keys, sorted; else NULL */
    const uint32_t *first;     /* pair searches: the first key of each vertex */
    bool undirected;
    bool reversed; /* the rows swapped: a step x -> y is the edge y -> x */
    bool prune;    /* the rules of long searches (dyng_i_cc_setup.long_search) */
    /* Long computes (dyng_i_cc_setup.blocks): the blocks the searches stay
     * in (cc_blocks), each vertex's (-1: none) and each block's top vertex;
     * NULL otherwise. */
    const DYNG_V *blk;
    const DYNG_V *blk_top;
} VIEW;

static VIEW DYNG_FN(cc_view_of)(const dyng_graph *g, const dyng_i_adj *in,
                                const dyng_i_cc_setup *su, const dyng_i_cc_work *w) {
    VIEW v;
    memset(&v, 0, sizeof v);
    v.orows = DYNG_FN(rows)(&g->out);
    v.ocol = DYNG_FN(cols)(&g->out);
    v.irows = DYNG_FN(rows)(in);
    v.icol = DYNG_FN(cols)(in);
    v.L = su->L;
    v.minlen = su->minlen;
    v.dedupe = su->dedupe;
    v.sorted = g->p.order == DYNG_ORDER_SORTED;
    v.two = w->have_two;
    v.cap_n = w->cap_n;
    v.first = w->first;
    v.undirected = !g->p.directed;
    v.prune = su->long_search;
    return v;
}

/* Whether target i of a row (from `off`) repeats an earlier one (a parallel
 * edge): the previous slot of a sorted row, or a stamp of this pass. */
static inline bool DYNG_FN(cc_repeat)(const VIEW *v, dyng_i_cc_thread *t, uint32_t stamp,
                                      const DYNG_V *col, int64_t off, int64_t i, int64_t y) {
    if (v->dedupe == DYNG_I_CC_DEDUPE_SORTED)
        return i > off && (int64_t)col[i - 1] == y;
    if (v->dedupe == DYNG_I_CC_DEDUPE_STAMPS) {
        if (t->seen[y] == stamp)
            return true;
        t->seen[y] = stamp;
    }
    return false;
}

/* The stamp of a new pass over a row (0 when rows need none). */
static inline uint32_t DYNG_FN(cc_pass)(const VIEW *v, dyng_i_cc_thread *t) {
    return v->dedupe == DYNG_I_CC_DEDUPE_STAMPS ? dyng_i_cc_next_stamp(t, v->cap_n) : 0;
}

static inline bool DYNG_FN(cc_excl)(const VIEW *v, int64_t prefix, int64_t x, int64_t y) {
    return v->reversed ? dyng_i_cc_excluded(v->keys, v->first, prefix, false, y, x)
                       : dyng_i_cc_excluded(v->keys, v->first, prefix, v->undirected, x, y);
}

/* ---- blocks (v->blk) ------------------------------------------------------------ */

/* Block b's vertices are those numbered by it (blk[y] == b) and its top
 * (blk_top[b] == y); see cc_blocks. */

/* The block that holds both s and y (two blocks share at most one vertex,
 * so there is at most one), or -1: then no cycle of 3 or more holds both, and
 * on a directed graph no cycle at all (they are in different strongly
 * connected components). */
static inline int64_t DYNG_FN(cc_shared_block)(const VIEW *v, int64_t s, int64_t y) {
    const int64_t bs = (int64_t)v->blk[s], by = (int64_t)v->blk[y];
    if (by >= 0 && (by == bs || (int64_t)v->blk_top[by] == s))
        return by;
    if (bs >= 0 && (int64_t)v->blk_top[bs] == y)
        return bs;
    return -1;
}

/* The block that holds root and x (x != root, known to share one with it):
 * the one x is numbered by when root is in it, else root's, whose top x is. */
static inline int64_t DYNG_FN(cc_block_with)(const VIEW *v, int64_t root, int64_t x) {
    const int64_t bx = (int64_t)v->blk[x];
    if (bx >= 0 && (bx == (int64_t)v->blk[root] || (int64_t)v->blk_top[bx] == root))
        return bx;
    return (int64_t)v->blk[root];
}

/* Whether root has a step to a vertex above lo other than z (and, with
 * blocks, one it shares a block with). */
static bool DYNG_FN(cc_other_step)(const VIEW *v, int64_t root, int64_t lo, int64_t z) {
    const int64_t off = (int64_t)v->orows[root].off, len = DYNG_FN(len_of)(&v->orows[root]);
    for (int64_t i = off; i < off + len; i++) {
        const int64_t y = (int64_t)v->ocol[i];
        if (y > lo && y != z && y != root &&
            (v->blk == NULL || DYNG_FN(cc_shared_block)(v, root, y) >= 0))
            return true;
    }
    return false;
}

/* The breadth-first search back from root over vertices > lo, out to the
 * radius: dist of each vertex reached, listed in t->queue. Returns how many
 * (the root included), the root's in-neighbours first (*n1 of them, from
 * queue[1]). It stops after them when there are fewer than min1, or (with
 * `only`, a long compute on a directed graph) when there is one, z, and the root
 * has no other step: then z closes a 2-cycle at most, and the search goes
 * no further than z (cc_search's closers), so the distances past the
 * root's in-neighbours are never read.
 *
 * With blocks (v->blk), a vertex counts only when it shares a block with the
 * root, and the search goes on from it inside that block only: a vertex
 * other than the root is in at most one block with it, and a path back to
 * the root that closes a cycle of 3 or more stays in one block. The
 * distances are then those inside the blocks, still lower bounds on every
 * path back that a counted cycle can take. */
static int64_t DYNG_FN(cc_bfs)(const VIEW *v, dyng_i_cc_thread *t, int64_t root, int64_t lo,
                               int64_t min1, bool only, int64_t *n1) {
    uint8_t *dist = t->dist;
    int64_t *queue = t->queue;
    const DYNG_V *icol = v->icol, *blk = v->blk;
    const uint8_t radius = v->radius;
    int64_t nq = 1;
    queue[0] = root;
    dist[root] = 0;
    /* The root's in-neighbours (sharing a block with it), at distance 1. */
    int64_t off = (int64_t)v->irows[root].off, len = DYNG_FN(len_of)(&v->irows[root]);
    t->slots += len;
    for (int64_t j = off; j < off + len; j++) {
        const int64_t y = (int64_t)icol[j];
        if (y <= lo || dist[y] <= radius || (blk && DYNG_FN(cc_shared_block)(v, root, y) < 0))
            continue;
        dist[y] = 1;
        queue[nq++] = y;
    }
    *n1 = nq - 1;
    if (*n1 < min1 || (only && *n1 == 1 && !DYNG_FN(cc_other_step)(v, root, lo, queue[1])))
        return nq;
    /* Then out to the radius; with blocks, from x only into x's block with
     * the root. */
    for (int64_t i = 1; i < nq; i++) {
        const int64_t x = queue[i];
        const uint8_t dx = dist[x];
        if (dx >= radius)
            break; /* the queue is in distance order: the rest are at the radius */
        off = (int64_t)v->irows[x].off;
        len = DYNG_FN(len_of)(&v->irows[x]);
        t->slots += len;
        if (blk == NULL) {
            for (int64_t j = off; j < off + len; j++) {
                const int64_t y = (int64_t)icol[j];
                if (y <= lo || dist[y] <= radius)
                    continue;
                dist[y] = (uint8_t)(dx + 1);
                queue[nq++] = y;
            }
        } else {
            const int64_t b = DYNG_FN(cc_block_with)(v, root, x);
            const int64_t b_top = (int64_t)v->blk_top[b];
            for (int64_t j = off; j < off + len; j++) {
                const int64_t y = (int64_t)icol[j];
                if (y <= lo || dist[y] <= radius || ((int64_t)blk[y] != b && y != b_top))
                    continue;
                dist[y] = (uint8_t)(dx + 1);
                queue[nq++] = y;
            }
        }
    }
    return nq;
}

/* The first slot of a sorted row (from off, len slots) whose target is above
 * `lo`. */
static inline int64_t DYNG_FN(cc_above)(const DYNG_V *col, int64_t off, int64_t len, int64_t lo) {
    return DYNG_FN(first_at_least)(col, off, off + len, lo + 1);
}

/* Whether the sorted slots [from, end) hold target y. */
static inline bool DYNG_FN(cc_holds)(const DYNG_V *col, int64_t from, int64_t end, int64_t y) {
    const int64_t i = DYNG_FN(cc_above)(col, from, end - from, y - 1);
    return i < end && (int64_t)col[i] == y;
}

/* Whether there is a step y -> p: p in row y, or y in in-row p, whichever
 * row is shorter. */
static inline bool DYNG_FN(cc_has_edge)(const VIEW *v, int64_t y, int64_t p) {
    const ROW *rows = v->orows;
    const DYNG_V *col = v->ocol;
    int64_t off = (int64_t)rows[y].off, end = off + DYNG_FN(len_of)(&rows[y]), t = p;
    const int64_t ioff = (int64_t)v->irows[p].off, iend = ioff + DYNG_FN(len_of)(&v->irows[p]);
    if (iend - ioff < end - off) {
        col = v->icol;
        off = ioff;
        end = iend;
        t = y;
    }
    if (v->sorted)
        return DYNG_FN(cc_holds)(col, off, end, t);
    for (int64_t i = off; i < end; i++)
        if ((int64_t)col[i] == t)
            return true;
    return false;
}

/* Bits of a count (1 + floor(log2 c) for c > 0): the cost of a binary search. */
static inline int64_t DYNG_FN(cc_bits)(int64_t c) {
    return c > 0 ? 64 - __builtin_clzll((unsigned long long)c) : 0;
}

/* Where a pass over row x starts: past the targets at or below lo on a long
 * sorted row (none of them counts). */
static inline int64_t DYNG_FN(cc_from)(const VIEW *v, int64_t x, int64_t lo) {
    const int64_t off = (int64_t)v->orows[x].off, len = DYNG_FN(len_of)(&v->orows[x]);
    if (v->sorted && lo >= 0 && len >= DYNG_I_CC_LONG_ROW)
        return DYNG_FN(cc_above)(v->ocol, off, len, lo);
    return off;
}

/*
 * The cycles of length L that the step from x (at depth L - 2, on the path)
 * closes: the targets y of x that are off the path with an edge back to the
 * root (distance 1), above `bound` (lo, or y1 when ordered), by steps that
 * avoid the keys. When the root has far fewer in-neighbours (queue[1 .. 1 +
 * n1)) than x has targets left in a sorted row, each of those is looked up in
 * x's row instead.
 */
static inline uint64_t DYNG_FN(cc_last_step)(const VIEW *v, dyng_i_cc_thread *t, int64_t x,
                                             int64_t root, int64_t bound, int64_t prefix,
                                             int64_t n1) {
    const DYNG_V *col = v->ocol;
    const uint8_t *dist = t->dist;
    const bool ex = v->keys != NULL && prefix > 0;
    const int64_t from = DYNG_FN(cc_from)(v, x, bound);
    const int64_t end = (int64_t)v->orows[x].off + DYNG_FN(len_of)(&v->orows[x]);
    uint64_t c = 0;
    if (v->sorted && DYNG_I_CC_PROBE_COST * n1 * DYNG_FN(cc_bits)(end - from) < end - from) {
        t->slots += DYNG_I_CC_PROBE_COST * n1 * DYNG_FN(cc_bits)(end - from);
        const int64_t *in1 = t->queue + 1;
        for (int64_t i = 0; i < n1; i++) {
            const int64_t y = in1[i];
            if (y <= bound || dist[y] != 1 || !DYNG_FN(cc_holds)(col, from, end, y))
                continue;
            if (ex && (DYNG_FN(cc_excl)(v, prefix, x, y) || DYNG_FN(cc_excl)(v, prefix, y, root)))
                continue;
            c++;
        }
        return c;
    }
    t->slots += end - from;
    if (!ex && v->dedupe == DYNG_I_CC_DEDUPE_NONE) {
        /* The common case: a tight loop over the row (a target at distance 1
         * is above lo: the breadth-first search stays above it). */
        if (v->ordered) {
            for (int64_t i = from; i < end; i++)
                c += (dist[col[i]] == 1) & ((int64_t)col[i] > bound);
        } else {
            for (int64_t i = from; i < end; i++)
                c += dist[col[i]] == 1;
        }
        return c;
    }
    const uint32_t stamp = DYNG_FN(cc_pass)(v, t);
    for (int64_t i = from; i < end; i++) {
        const int64_t y = (int64_t)col[i];
        if (DYNG_FN(cc_repeat)(v, t, stamp, col, from, i, y) || dist[y] != 1 || y <= bound)
            continue;
        if (ex && (DYNG_FN(cc_excl)(v, prefix, x, y) || DYNG_FN(cc_excl)(v, prefix, y, root)))
            continue;
        c++;
    }
    return c;
}

/*
 * The two-step counts (t->two): two[w] is the number of z taken so far (the
 * root's in-neighbours above the bound whose step to the root avoids the
 * keys) with a step w -> z that avoids the keys. Take z: each of its
 * in-neighbours w above lo (not z itself, each once) counts it.
 */
static void DYNG_FN(cc_take)(const VIEW *v, dyng_i_cc_thread *t, int64_t z, int64_t root,
                             int64_t lo, int64_t prefix) {
    const bool ex = v->keys != NULL && prefix > 0;
    if (ex && DYNG_FN(cc_excl)(v, prefix, z, root))
        return;
    const DYNG_V *icol = v->icol;
    const int64_t off = (int64_t)v->irows[z].off, end = off + DYNG_FN(len_of)(&v->irows[z]);
    /* Local copies: the stores through two[] would otherwise make the
     * compiler reload t's fields on every entry. */
    uint32_t *two = t->two;
    int64_t *list = t->two_list, nt = t->num_two;
    t->slots += end - off;
    /* A step w -> z can use a key only when its first vertex has one: z's
     * own (the rows swapped: the edge z -> w; undirected: when z < w) or w's. */
    const bool z_free = !ex || v->first[z] == 0;
    if (v->dedupe == DYNG_I_CC_DEDUPE_NONE && (!ex || (v->reversed && z_free))) {
        for (int64_t j = off; j < end; j++) {
            const int64_t w = (int64_t)icol[j];
            if (w <= lo || w == z)
                continue;
            if (two[w]++ == 0)
                list[nt++] = w;
        }
    } else if (v->dedupe == DYNG_I_CC_DEDUPE_NONE && !v->reversed && z_free) {
        const uint32_t *first = v->first;
        for (int64_t j = off; j < end; j++) {
            const int64_t w = (int64_t)icol[j];
            if (w <= lo || w == z || (first[w] != 0 && DYNG_FN(cc_excl)(v, prefix, w, z)))
                continue;
            if (two[w]++ == 0)
                list[nt++] = w;
        }
    } else {
        const uint32_t stamp = DYNG_FN(cc_pass)(v, t);
        for (int64_t j = off; j < end; j++) {
            const int64_t w = (int64_t)icol[j];
            if (w <= lo || w == z || DYNG_FN(cc_repeat)(v, t, stamp, icol, off, j, w) ||
                (ex && DYNG_FN(cc_excl)(v, prefix, w, z)))
                continue;
            if (two[w]++ == 0)
                list[nt++] = w;
        }
    }
    t->num_two = nt;
}

/*
 * At x, on the path at depth L - 3 (the path: fr[0 .. top), then x): the
 * cycles of length L - 1 and L that its targets y close, by steps that avoid
 * the keys. y closes one of length L - 1 when it has an edge to the root (and
 * is above `bound`: lo, or y1 when ordered); each z with y -> z -> root
 * closes one of length L: the two[y] taken ones, less those on the path
 * (a pair search's first vertex, always on it, is never taken).
 *
 * Not inlined: in cc_search, its tight loop (most of a count at
 * max_length 4) was compiled with more instructions per target, about 5 %
 * more in all on email-Enron; the call costs far less.
 */
static __attribute__((noinline)) void
DYNG_FN(cc_two_steps)(const VIEW *v, dyng_i_cc_thread *t, int64_t x, uint8_t dx, int64_t root,
                      int64_t first, int64_t lo, int64_t bound, int64_t prefix,
                      const dyng_i_cc_frame *fr, int64_t top, uint64_t *near, uint64_t *far) {
    const DYNG_V *col = v->ocol;
    const uint8_t *dist = t->dist;
    const uint32_t *two = t->two;
    const bool ex = v->keys != NULL && prefix > 0;
    /* The path's vertices that were taken (two[] counts them). */
    int64_t *on = t->path1, np = 0;
    for (int64_t i = 0; i < top; i++)
        if (fr[i].dx == 1 && fr[i].x > bound && fr[i].x != first &&
            !(ex && DYNG_FN(cc_excl)(v, prefix, fr[i].x, root)))
            on[np++] = fr[i].x;
    if (dx == 1 && x > bound && x != first && !(ex && DYNG_FN(cc_excl)(v, prefix, x, root)))
        on[np++] = x;
    const int64_t from = DYNG_FN(cc_from)(v, x, lo);
    const int64_t end = (int64_t)v->orows[x].off + DYNG_FN(len_of)(&v->orows[x]);
    uint64_t c1 = 0, c2 = 0;
    t->slots += end - from;
    if (np == 0 && !ex && v->dedupe == DYNG_I_CC_DEDUPE_NONE) {
        /* The common case: a tight loop over the row. */
        for (int64_t i = from; i < end; i++) {
            const int64_t y = (int64_t)col[i];
            const uint8_t dy = dist[y];
            if (dy == DYNG_I_CC_ON_PATH)
                continue;
            c1 += (dy == 1) & (y > bound);
            c2 += two[y];
        }
    } else {
        const uint32_t stamp = DYNG_FN(cc_pass)(v, t);
        for (int64_t i = from; i < end; i++) {
            const int64_t y = (int64_t)col[i];
            const uint8_t dy = dist[y];
            /* Only a target at distance 1 or with a two-step count counts. */
            if (dy == DYNG_I_CC_ON_PATH || (dy != 1 && two[y] == 0) ||
                (v->dedupe != DYNG_I_CC_DEDUPE_NONE &&
                 DYNG_FN(cc_repeat)(v, t, stamp, col, from, i, y)) ||
                (ex && DYNG_FN(cc_excl)(v, prefix, x, y)))
                continue;
            c1 += dy == 1 && y > bound && !(ex && DYNG_FN(cc_excl)(v, prefix, y, root));
            uint64_t k = two[y];
            for (int64_t j = 0; j < np && k > 0; j++)
                k -= DYNG_FN(cc_has_edge)(v, y, on[j]) &&
                     !(ex && DYNG_FN(cc_excl)(v, prefix, y, on[j]));
            c2 += k;
        }
    }
    *near += c1;
    *far += c2;
}

/*
 * Count the cycles through root into t->hist. Compute (first < 0): the
 * cycles whose smallest vertex is root (paths through vertices > lo = root).
 * A pair search (first >= 0, lo = -1): the cycles that take the step
 * root -> first and no step in keys[0 .. prefix). Stops early, returning
 * false, when h stops the searches (the interrupt flag of r, unless r is
 * NULL, or the budget, which t's slots are handed in to as they pass
 * t->check); every array it changed is back as it was either way.
 *
 * The depth-first search enters x at depth d, closes the cycle x -> root
 * when there is one, then: at depth L - 3, with two-step counts, counts the
 * cycles of lengths L - 1 and L through x's targets; at depth L - 2, the
 * cycles of length L (cc_last_step); above that, lists x's targets that can
 * still close in time (d + 1 + their distance <= L) as candidates, and goes
 * on with the first of them (a frame per vertex of the path).
 *
 * In long searches (v->prune: bounds past 6, or none) two rules keep the
 * search from walking paths that cannot close, which the distances alone
 * do not see when L is large (they are known out to the radius only, and
 * reach the root through any vertex, the path's own included: on a long
 * chain 0 - 1 - 2 - ... every vertex above the root is close to it through
 * the root's neighbour on the chain, so each root walked the whole rest of
 * the chain, and a count took time quadratic in its length):
 *  - closers: a cycle of 3 or more that goes on past x returns to the root
 *    from one of its in-neighbours (the n1 of the breadth-first search) that
 *    is not on the path, x included; when none is left, x goes no further.
 *    (An undirected root needs two of them, one each way.)
 *  - blocks (long computes, v->blk): after the first step root -> y1, the
 *    path stays in the block that holds both (cc_blocks), and y1 shares one
 *    with the root.
 */
static bool DYNG_FN(cc_search)(const VIEW *v, dyng_i_cc_thread *t, int64_t root, int64_t first,
                               int64_t lo, int64_t prefix, dyng_i_cc_halt *h,
                               const dyng_resources *r) {
    const ROW *rows = v->orows;
    const DYNG_V *col = v->ocol, *blk = v->blk;
    uint8_t *dist = t->dist;
    uint64_t *hist = t->hist;
    int64_t *cand = t->cand;
    dyng_i_cc_frame *fr = t->frames;
    const int64_t L = v->L, far = (int64_t)v->radius + 1; /* unreached: at least far */
    const bool ex = v->keys != NULL && prefix > 0;
    const int64_t base = first < 0 ? 0 : 1; /* the depth of the first vertex entered */
    bool ok = true;

    /* The closers, in long searches (v->prune): an undirected root
     * (compute) needs two neighbours above it, one for each end of a cycle;
     * past a directed root's only in-neighbour there is nothing to search
     * when it is also the root's only step (cc_bfs). */
    const int64_t min1 = v->prune && v->ordered ? 2 : 1;
    const bool only = v->prune && first < 0 && !v->undirected;
    int64_t n1 = 0;
    const int64_t nq = DYNG_FN(cc_bfs)(v, t, root, lo, min1, only, &n1);
    dist[root] = DYNG_I_CC_ON_PATH;
    /* No in-neighbour (above lo): no cycle through root. A pair search needs
     * first to be able to close in time. */
    if (n1 < min1 || (first >= 0 && 1 + (dist[first] > far ? far : dist[first]) > L))
        goto reset;

    /* Two-step counts, where the search goes as deep as L - 3: every z at
     * once, or (ordered) those above y1, taken as y1 comes down (the root's
     * candidates are then walked in descending order). */
    int64_t *in1 = t->queue + 1, zi = n1;
    const bool two = v->two && L - 3 >= (v->ordered ? 1 : base) && n1 < (int64_t)UINT32_MAX;
    if (two && !v->ordered)
        for (int64_t i = 0; i < n1; i++)
            if (in1[i] != first) /* on the path throughout: never the last vertex */
                DYNG_FN(cc_take)(v, t, in1[i], root, lo, prefix);
    if (two && v->ordered && !v->sorted && n1 > 1)
        qsort(in1, (size_t)n1, sizeof(int64_t), dyng_i_cc_compare_ids);

    /* closers: the root's in-neighbours held by the path's frames (at depth
     * 1 or more: those with distance 1; the root's own frame has 0). b1, b1_top:
     * with blocks, the block of the step root -> y1 and its top. */
    int64_t x = first < 0 ? root : first, top = 0, nc = 0, y1 = -1, closers = 0;
    int64_t b1 = -1, b1_top = -1;
    for (;;) {
        /* Enter x at depth d. */
        const int64_t d = base + top;
        if (((++t->steps & DYNG_I_CC_POLL_MASK) == 0 && dyng_i_cc_halted(h, r)) ||
            (t->slots >= t->check && dyng_i_cc_hand_in(t, h))) {
            ok = false;
            break;
        }
        const uint8_t dx = d == 0 ? 0 : dist[x];
        dist[x] = DYNG_I_CC_ON_PATH;
        if (d == 1) {
            y1 = x;
            while (two && v->ordered && zi > 0 && in1[zi - 1] > y1)
                DYNG_FN(cc_take)(v, t, in1[--zi], root, lo, prefix);
            if (blk) { /* y1 shares a block with the root (the root's candidates do) */
                b1 = DYNG_FN(cc_shared_block)(v, root, x);
                b1_top = (int64_t)v->blk_top[b1];
            }
        }
        const int64_t bound = v->ordered && d >= 1 ? y1 : lo; /* the last vertex is above it */
        /* x closes a cycle of length d + 1 when it has an edge to the root. */
        if (dx == 1 && d + 1 >= v->minlen && x > bound &&
            !(ex && DYNG_FN(cc_excl)(v, prefix, x, root)))
            hist[d + 1]++;
        /* Whether a longer cycle can go on past x: an in-neighbour of the
         * root must be left to return through, off the path and not x. */
        const int64_t cx = dx == 1;
        if (v->prune && d >= 1 && n1 - closers - cx <= 0) {
            dist[x] = dx;
        } else if (two && d == L - 3) {
            DYNG_FN(cc_two_steps)
            (v, t, x, dx, root, first, lo, bound, prefix, fr, top, &hist[L - 1], &hist[L]);
            dist[x] = dx;
        } else if (d == L - 2) {
            hist[L] += DYNG_FN(cc_last_step)(v, t, x, root, bound, prefix, n1);
            dist[x] = dx;
        } else if (d < L - 2) {
            /* The targets that can still close in time become candidates. */
            const int64_t start = nc, end = (int64_t)rows[x].off + DYNG_FN(len_of)(&rows[x]);
            const int64_t from = DYNG_FN(cc_from)(v, x, lo);
            const uint32_t stamp = DYNG_FN(cc_pass)(v, t);
            t->slots += end - from;
            for (int64_t i = from; i < end; i++) {
                const int64_t y = (int64_t)col[i];
                if (DYNG_FN(cc_repeat)(v, t, stamp, col, from, i, y))
                    continue;
                const uint8_t dy = dist[y];
                if (dy == DYNG_I_CC_ON_PATH || y <= lo || d + 1 + (dy > far ? far : dy) > L ||
                    (ex && DYNG_FN(cc_excl)(v, prefix, x, y)))
                    continue;
                /* Blocks: the root's candidates share one with it; the
                 * others are in the first step's. */
                if (blk && (d == 0 ? DYNG_FN(cc_shared_block)(v, root, y) < 0
                                   : (int64_t)blk[y] != b1 && y != b1_top))
                    continue;
                cand[nc++] = y;
            }
            if (two && v->ordered && d == 0 && nc > start + 1) {
                /* The root's candidates in descending order. */
                if (!v->sorted)
                    qsort(cand + start, (size_t)(nc - start), sizeof(int64_t),
                          dyng_i_cc_compare_ids);
                for (int64_t i = start, j = nc - 1; i < j; i++, j--) {
                    const int64_t tmp = cand[i];
                    cand[i] = cand[j];
                    cand[j] = tmp;
                }
            }
            if (nc > start) {
                fr[top].x = x;
                fr[top].dx = dx;
                fr[top].start = start;
                fr[top].next = start;
                fr[top].end = nc;
                top++;
                closers += cx;
            } else {
                dist[x] = dx;
            }
        } else {
            dist[x] = dx; /* d == L - 1: only the closing step was left */
        }
        /* Step to the next candidate of the deepest vertex that has one,
         * taking the others off the path. */
        for (;;) {
            if (top == 0)
                goto reset;
            dyng_i_cc_frame *f = &fr[top - 1];
            if (f->next < f->end) {
                x = cand[f->next++];
                break;
            }
            dist[f->x] = f->dx;
            closers -= f->dx == 1;
            nc = f->start;
            top--;
        }
    }
    /* Stopped: take the path off. */
    while (top > 0) {
        top--;
        dist[fr[top].x] = fr[top].dx;
    }
reset:
    for (int64_t i = 0; i < nq; i++) /* the root is queue[0] */
        dist[t->queue[i]] = DYNG_I_CC_FAR;
    for (int64_t i = 0; i < t->num_two; i++)
        t->two[t->two_list[i]] = 0;
    t->num_two = 0;
    return ok;
}

/* ---- the blocks of a long compute ----------------------------------------------- */

/* The arrays of w->blocks (cap entries each, cycle_count.c's blocks_reserve):
 * the slot iterators (int64) first, then six arrays of ids: comp (returned),
 * top, and four the computation works in (into *work, unless NULL). */
static DYNG_V *DYNG_FN(cc_block_arrays)(void *block, int64_t cap, DYNG_V **work) {
    DYNG_V *comp = (DYNG_V *)((int64_t *)block + cap);
    if (work != NULL)
        *work = comp + 2 * cap;
    return comp;
}

#define DFS DYNG_FN(cc_dfs)

/* The state of one of cc_blocks' depth-first searches (its arrays are
 * cc_block_arrays'): how many vertices it has reached, and its stack. */
typedef struct DFS {
    int64_t *it;
    DYNG_V *idx, *low, *parent, *stack;
    int64_t count, sp;
} DFS;

/* Reach y from x (-1: y starts a search): number it, put it on the stack. */
static inline void DYNG_FN(cc_dfs_reach)(DFS *s, int64_t y, int64_t x) {
    s->idx[y] = s->low[y] = (DYNG_V)++s->count;
    s->it[y] = 0;
    s->parent[y] = (DYNG_V)x;
    s->stack[s->sp++] = (DYNG_V)y;
}

/* Give label to the vertices on the stack down to x, and take them off. */
static inline void DYNG_FN(cc_dfs_pop)(DFS *s, int64_t x, DYNG_V *comp, int64_t label) {
    int64_t y;
    do {
        y = (int64_t)s->stack[--s->sp];
        comp[y] = (DYNG_V)label;
        s->it[y] = -1;
    } while (y != x);
}

/*
 * The blocks that a long compute's searches stay in (dyng_i_cc_setup.blocks),
 * into w's arrays (cc_block_arrays), for g with in-rows `in`. Returns the row
 * slots read.
 *
 * R is the underlying simple graph of g (an edge {x, y} where x -> y or
 * y -> x, x != y), on a directed graph only its edges inside one strongly
 * connected component. A simple cycle of 3 or more of g is also one of R
 * (its vertices are distinct, so are its pairs), and the edges of a cycle
 * of R lie in one block of R (a maximal 2-connected subgraph, or a bridge
 * on its own); a directed 2-cycle is inside a strongly connected component
 * too. Two blocks share at most one vertex, a cut vertex, which is in
 * several; so each block is numbered by the depth-first search below: comp[x]
 * is the block of the tree edge from x's parent (-1 for the vertex each
 * search starts from, the child of none), and top[b] is the parent of block
 * b's first vertex. Block b is then {x : comp[x] == b} and top[b].
 *
 * Both passes are iterative depth-first searches (Tarjan's): idx[x] numbers
 * x in the order reached (from 1; 0: not yet), low[x] is the smallest
 * number its subtree reaches by one more edge, parent[x] the vertex it was
 * reached from, it[x] its next slot to read (-1 once x has been given its
 * component or block), stack the vertices reached and not yet given one.
 */
static int64_t DYNG_FN(cc_blocks)(const dyng_graph *g, const dyng_i_adj *in, void *block,
                                  int64_t cap) {
    const int64_t n = g->n;
    const bool directed = g->p.directed;
    const ROW *orows = DYNG_FN(rows)(&g->out), *irows = DYNG_FN(rows)(in);
    const DYNG_V *ocol = DYNG_FN(cols)(&g->out), *icol = DYNG_FN(cols)(in);
    DFS s = {.it = block};
    DYNG_V *comp = DYNG_FN(cc_block_arrays)(block, cap, &s.idx), *top = comp + cap;
    s.low = s.idx + cap;
    s.parent = s.low + cap;
    s.stack = s.parent + cap;
    int64_t *it = s.it;
    DYNG_V *idx = s.idx, *low = s.low, *parent = s.parent;
    int64_t slots = 0;

    /* 1. Directed: the strongly connected components into comp (numbered
     * from 0). A vertex on the stack (reached, it[] not -1) lowers low[] of
     * the vertex whose edge reaches it; x roots a component when low[x]
     * stays idx[x]. */
    if (directed) {
        memset(idx, 0, (size_t)n * sizeof(DYNG_V));
        int64_t comps = 0;
        for (int64_t start = 0; start < n; start++) {
            if (idx[start] != 0)
                continue;
            int64_t x = start;
            DYNG_FN(cc_dfs_reach)(&s, x, -1);
            while (x >= 0) {
                const int64_t len = DYNG_FN(len_of)(&orows[x]);
                if (it[x] < len) {
                    const int64_t y = (int64_t)ocol[(int64_t)orows[x].off + it[x]++];
                    if (idx[y] == 0) { /* a tree edge: go down to y */
                        DYNG_FN(cc_dfs_reach)(&s, y, x);
                        x = y;
                    } else if (it[y] >= 0 && idx[y] < low[x]) {
                        low[x] = idx[y];
                    }
                    continue;
                }
                /* x is done: its parent sees its low (no change when x roots
                 * a component: low[x] == idx[x] is above the parent's). */
                slots += len + 1;
                const int64_t p = (int64_t)parent[x];
                if (p >= 0 && low[x] < low[p])
                    low[p] = low[x];
                if (low[x] == idx[x])
                    DYNG_FN(cc_dfs_pop)(&s, x, comp, comps++);
                x = p;
            }
        }
    }

    /* 2. The blocks of R. A vertex's edges are its out-row and (directed)
     * its in-row, both ways of each edge of R; the parent is skipped as a
     * vertex, not an edge, so that parallel edges and opposite directed
     * edges make one edge of R, as in the underlying simple graph. An edge
     * to a vertex already given its block is ignored: an undirected search
     * has no cross edges, so that vertex is below x in the tree, and its
     * number cannot lower x's low. Until it is given its block, comp[x]
     * holds x's component (directed), which says whether an edge is in R.
     * When x is done and low[x] >= idx[parent], the parent separates x's
     * subtree (or starts the search): the vertices above x on the stack and
     * x are a block, whose top is the parent. */
    memset(idx, 0, (size_t)n * sizeof(DYNG_V));
    s.count = 0;
    int64_t blocks = 0;
    for (int64_t start = 0; start < n; start++) {
        if (idx[start] != 0)
            continue;
        int64_t x = start;
        DYNG_FN(cc_dfs_reach)(&s, x, -1);
        while (x >= 0) {
            const int64_t olen = DYNG_FN(len_of)(&orows[x]);
            const int64_t deg = olen + (directed ? DYNG_FN(len_of)(&irows[x]) : 0);
            if (it[x] < deg) {
                const int64_t i = it[x]++;
                const int64_t y = i < olen ? (int64_t)ocol[(int64_t)orows[x].off + i]
                                           : (int64_t)icol[(int64_t)irows[x].off + i - olen];
                if (y == x || y == (int64_t)parent[x] || (idx[y] != 0 && it[y] < 0) ||
                    (directed && comp[y] != comp[x]))
                    continue;
                if (idx[y] == 0) { /* a tree edge */
                    DYNG_FN(cc_dfs_reach)(&s, y, x);
                    x = y;
                } else if (idx[y] < low[x]) { /* an edge back up the tree */
                    low[x] = idx[y];
                }
                continue;
            }
            slots += deg + 1;
            const int64_t p = (int64_t)parent[x];
            if (p < 0) { /* the start, alone on the stack: in no block as a child */
                comp[x] = -1;
                it[x] = -1;
                s.sp--;
                break;
            }
            if (low[x] < low[p])
                low[p] = low[x];
            if (low[x] >= idx[p]) {
                DYNG_FN(cc_dfs_pop)(&s, x, comp, blocks);
                top[blocks++] = (DYNG_V)p;
            }
            x = p;
        }
    }
    return slots;
}

#undef DFS

/* ---- the counts ------------------------------------------------------------------ */

/* What the threads of a full count share (dyng_i_team's ctx). */
typedef struct DYNG_FN(cc_roots_job) {
    VIEW v;
    int64_t n;
    dyng_i_cc_work *w;
    dyng_resources *r;
    int chunk;
    dyng_i_cc_halt halt; /* the interrupt flag only */
} DYNG_FN(cc_roots_job);

static void DYNG_FN(cc_roots_team)(void *ctx) {
    DYNG_FN(cc_roots_job) *job = ctx;
    const ROW *rows = job->v.orows;
    const int64_t n = job->n;
    dyng_i_cc_thread *t = &job->w->th[dyng_i_cc_thread_num()];
#ifdef _OPENMP
#pragma omp for schedule(dynamic, job->chunk)
#endif
    for (int64_t s = 0; s < n; s++) {
        if (dyng_i_cc_halted(&job->halt, job->r))
            continue;
        if (DYNG_FN(len_of)(&rows[s]) > 0)
            (void)DYNG_FN(cc_search)(&job->v, t, s, -1, s, 0, &job->halt, job->r);
    }
}

static dyng_status DYNG_FN(cc_count_roots)(const dyng_graph *g, const dyng_i_adj *in,
                                           const dyng_i_cc_setup *su, dyng_i_cc_work *w,
                                           int threads, dyng_resources *r, uint64_t *out,
                                           int64_t *slots) {
    DYNG_FN(cc_roots_job) job = {.v = DYNG_FN(cc_view_of)(g, in, su, w), .n = g->n, .w = w, .r = r};
    job.v.ordered = !g->p.directed;
    job.v.radius = su->radius;
    if (su->blocks) { /* cc_blocks has filled w->blocks for g */
        job.v.blk = DYNG_FN(cc_block_arrays)(w->blocks, w->cap_blocks, NULL);
        job.v.blk_top = job.v.blk + w->cap_blocks;
    }
    dyng_i_cc_halt_init(&job.halt, INT64_MAX);
    dyng_i_cc_clear_hists(w, threads, su->L, &job.halt);
    /* Roots cost very different amounts (the small ids and the hubs most), so
     * they are handed out a few at a time: 4, or on a large graph about a
     * thousandth of each thread's share, up to 64 (one hand-out per root
     * costs more than the search on a road network). */
    const int64_t share = g->n / ((int64_t)threads * 1024);
    job.chunk = share < 4 ? 4 : share > 64 ? 64 : (int)share;
    /* A small graph stays on this thread (starting the others would cost
     * more than the count). */
    dyng_i_team(g->out.live >= DYNG_I_CC_PARALLEL ? threads : 1, DYNG_FN(cc_roots_team), &job);
    *slots = 0;
    for (int t = 0; t < threads; t++)
        *slots += w->th[t].slots;
    if (atomic_load(&job.halt.stop))
        return dyng_i_error(DYNG_INTERRUPTED, "cycle_count compute was interrupted");
    if (!dyng_i_cc_sum(w, threads, su->L, out))
        return dyng_i_error(DYNG_CAPACITY, "a cycle count passes 2^64 - 1");
    return DYNG_OK;
}

/*
 * What the last two steps around row x cost, in slots read: `rows` at x
 * lead to vertices u whose own rows are either all read (*all: the two-step
 * ball of x, what two-step counts or a plain scan cost) or, on sorted rows,
 * searched for each of `probes` targets when that is cheaper (*best).
 */
static void DYNG_FN(cc_ball)(const VIEW *v, const ROW *rows, const DYNG_V *col, int64_t x,
                             int64_t probes, int64_t *all, int64_t *best) {
    const int64_t off = (int64_t)rows[x].off, len = DYNG_FN(len_of)(&rows[x]);
    int64_t sum = len, min = len;
    for (int64_t i = off; i < off + len; i++) {
        const int64_t d = DYNG_FN(len_of)(&rows[col[i]]);
        const int64_t probe = DYNG_I_CC_PROBE_COST * probes * DYNG_FN(cc_bits)(d);
        sum += d;
        min += v->sorted && d >= DYNG_I_CC_LONG_ROW && probe < d ? probe : d;
    }
    *all = sum;
    *best = min;
}

static int64_t DYNG_FN(cc_estimate)(const dyng_graph *g, const dyng_i_cc_pair *pairs,
                                    int64_t count) {
    VIEW v;
    memset(&v, 0, sizeof v);
    v.orows = DYNG_FN(rows)(&g->out);
    v.ocol = DYNG_FN(cols)(&g->out);
    const bool both_ways = !g->p.directed || g->p.store_transposed;
    const dyng_i_adj *in = g->p.directed ? &g->in : &g->out;
    int64_t sum = 0;
    for (int64_t i = 0; i < count; i++) {
        const int64_t a = pairs[i].a, b = pairs[i].b;
        if (a >= g->n || b >= g->n)
            continue; /* a new vertex: an empty row */
        int64_t ball_b, probe;
        DYNG_FN(cc_ball)(&v, v.orows, v.ocol, b, 0, &ball_b, &probe);
        int64_t cost = ball_b;
        if (both_ways) {
            int64_t ball_a;
            DYNG_FN(cc_ball)(&v, DYNG_FN(rows)(in), DYNG_FN(cols)(in), a, 0, &ball_a, &probe);
            cost = ball_a < cost ? ball_a : cost;
        }
        sum += cost;
    }
    return sum;
}

/*
 * The cycles through each key (a, b) that avoid the keys before it: the
 * paths b -> ... -> a. A search can run either way round: from root a over
 * the rows as they are, or from root b over the rows swapped (out-rows for
 * in-rows: the same paths, walked backwards); and with or without two-step
 * counts. Its cost is mostly the last two steps: the two-step ball around
 * its root (with them), or the rows of the first vertex's targets, each read
 * or searched for the root's in-neighbours (without them; this only pays
 * for max_length 4, where nothing else is walked). Each pair takes the
 * cheapest of the four. A directed graph without stored in-rows runs from a
 * with two-step counts only (its in-rows' longest row is not tracked).
 */
/* What the threads of a pair count share (dyng_i_team's ctx): the rows as
 * they are and swapped, each with and without two-step counts. */
typedef struct DYNG_FN(cc_pairs_job) {
    VIEW v, back, plain, plain_back;
    bool both_ways;
    int64_t L;
    const dyng_i_cc_key *keys;
    int64_t count;
    dyng_i_cc_work *w;
    dyng_resources *r;
    dyng_i_cc_halt halt; /* the interrupt flag and the budget */
    int64_t stride;      /* the sample (dyng_i_cc_budget): every stride-th key */
    double whole, part;  /* ... and the estimates of all and of it */
} DYNG_FN(cc_pairs_job);

/* The search through key j, from the cheaper end, its slots handed in. */
static void DYNG_FN(cc_pair)(DYNG_FN(cc_pairs_job) * job, dyng_i_cc_thread *t, int64_t j) {
    const VIEW *v = &job->v;
    if (dyng_i_cc_halted(&job->halt, job->r))
        return;
    const int64_t a = job->keys[j].a, b = job->keys[j].b;
    const VIEW *way = v;
    if (job->both_ways) {
        const int64_t in_a = DYNG_FN(len_of)(&v->irows[a]), out_b = DYNG_FN(len_of)(&v->orows[b]);
        int64_t ball_a, probe_a, ball_b, probe_b;
        DYNG_FN(cc_ball)(v, v->irows, v->icol, a, out_b, &ball_a, &probe_a);
        DYNG_FN(cc_ball)(v, v->orows, v->ocol, b, in_a, &ball_b, &probe_b);
        int64_t cost = ball_a + out_b; /* from a, two-step counts around a */
        if (ball_b + in_a < cost) {    /* from b, two-step counts around b */
            cost = ball_b + in_a;
            way = &job->back;
        }
        if (job->L == 4 && probe_b + in_a < cost) { /* from a, b's targets' rows */
            cost = probe_b + in_a;
            way = &job->plain;
        }
        if (job->L == 4 && probe_a + out_b < cost) /* from b, a's sources' rows */
            way = &job->plain_back;
    }
    if (way == v || way == &job->plain)
        (void)DYNG_FN(cc_search)(way, t, a, b, -1, j, &job->halt, job->r);
    else /* from b (an undirected graph's rows are the same both ways) */
        (void)DYNG_FN(cc_search)(way, t, b, a, -1, j, &job->halt, job->r);
    /* The rest of the pair's slots, so that the sum handed in ends at
     * the slots of all the searches. */
    if (job->halt.limit < INT64_MAX)
        (void)dyng_i_cc_hand_in(t, &job->halt);
}

/* The sample first, when there is one, and the choice it makes; then the
 * other keys (or all of them). */
static void DYNG_FN(cc_pairs_team)(void *ctx) {
    DYNG_FN(cc_pairs_job) *job = ctx;
    dyng_i_cc_thread *t = &job->w->th[dyng_i_cc_thread_num()];
    const int64_t count = job->count, stride = job->stride;
    if (stride > 1) {
        const int64_t samples = (count + stride - 1) / stride;
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (int64_t i = 0; i < samples; i++) {
            DYNG_FN(cc_pair)(job, t, i * stride);
        }
        /* Every thread is past the loop (its barrier), and has handed in
         * all its slots: the sum is the sample's. */
#ifdef _OPENMP
#pragma omp single
#endif
        {
            const double used = (double)atomic_load(&job->halt.used);
            if (used * job->whole > (double)job->halt.limit * job->part) {
                atomic_store(&job->halt.over, 1);
                atomic_store(&job->halt.stop, 1);
            }
        }
    }
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
    for (int64_t j = 0; j < count; j++)
        if (stride <= 1 || j % stride != 0)
            DYNG_FN(cc_pair)(job, t, j);
}

static dyng_status DYNG_FN(cc_count_pairs)(const dyng_graph *g, const dyng_i_adj *in,
                                           const dyng_i_cc_setup *su, dyng_i_cc_work *w,
                                           const dyng_i_cc_key *keys, int64_t count, int threads,
                                           dyng_resources *r, dyng_i_cc_budget *budget,
                                           uint64_t *out, int64_t *steps) {
    DYNG_FN(cc_pairs_job)
    job = {.v = DYNG_FN(cc_view_of)(g, in, su, w),
           .L = su->L,
           .keys = keys,
           .count = count,
           .w = w,
           .r = r};
    job.v.keys = keys;
    job.v.radius = su->pair_radius;
    job.back = job.v; /* the rows swapped */
    job.back.orows = job.v.irows;
    job.back.ocol = job.v.icol;
    job.back.irows = job.v.orows;
    job.back.icol = job.v.ocol;
    job.back.reversed = g->p.directed;
    job.plain = job.v; /* without two-step counts */
    job.plain_back = job.back;
    job.plain.two = job.plain_back.two = false;
    job.both_ways = !g->p.directed || g->p.store_transposed;
    dyng_i_cc_halt_init(&job.halt, budget->limit);
    if (budget->limit < INT64_MAX && budget->stride > 1 && budget->part > 0) {
        job.stride = budget->stride;
        job.whole = (double)budget->whole;
        job.part = (double)budget->part;
    }
    dyng_i_cc_clear_hists(w, threads, su->L, &job.halt);
    /* Few pairs: stay on this thread. */
    dyng_i_team(count >= DYNG_I_CC_PARALLEL_PAIRS ? threads : 1, DYNG_FN(cc_pairs_team), &job);
    int64_t total = 0, slots = 0;
    for (int t = 0; t < threads; t++) {
        total += w->th[t].steps;
        slots += w->th[t].slots;
    }
    *steps = total;
    budget->used = slots;
    budget->over = atomic_load(&job.halt.over) != 0;
    if (atomic_load(&job.halt.interrupted))
        return dyng_i_error(DYNG_INTERRUPTED, "the cycle_count update was interrupted");
    if (budget->over)
        return DYNG_OK;
    if (!dyng_i_cc_sum(w, threads, su->L, out))
        return dyng_i_error(DYNG_CAPACITY, "a cycle count passes 2^64 - 1");
    return DYNG_OK;
}

/* ---- rows ----------------------------------------------------------------------- */

/* The longest row of `a` among vertices (all n, or those b names). */
static int64_t DYNG_FN(cc_longest)(const dyng_i_adj *a, int64_t n, const dyng_batch *b) {
    const ROW *rows = DYNG_FN(rows)(a);
    int64_t best = 0;
    if (b == NULL) {
        for (int64_t v = 0; v < n; v++) {
            const int64_t len = DYNG_FN(len_of)(&rows[v]);
            if (len > best)
                best = len;
        }
        return best;
    }
    for (int list = 0; list < 2; list++) {
        const int64_t count = list == 0 ? b->num_del : b->num_ins;
        const void *src = list == 0 ? b->del_src : b->ins_src;
        const void *dst = list == 0 ? b->del_dst : b->ins_dst;
        for (int64_t i = 0; i < count; i++)
            for (int end = 0; end < 2; end++) {
                const int64_t v = dyng_i_read_id(end == 0 ? src : dst, b->vertex_type, i);
                const int64_t len = v >= 0 && v < n ? DYNG_FN(len_of)(&rows[v]) : -1;
                if (len > best)
                    best = len;
            }
    }
    return best;
}

/* The longest out-row, or stored in-row, of g (b NULL), or of the rows of
 * the vertices b names. */
static int64_t DYNG_FN(cc_max_row)(const dyng_graph *g, const dyng_batch *b) {
    int64_t best = DYNG_FN(cc_longest)(&g->out, g->n, b);
    if (g->p.directed && g->p.store_transposed) {
        const int64_t in = DYNG_FN(cc_longest)(&g->in, g->n, b);
        best = in > best ? in : best;
    }
    return best;
}

/* In-rows from the out-rows, packed. While they fill, each record's lx holds
 * a plain count (the row's length so far), which set_row then encodes. */
static void DYNG_FN(cc_transpose)(const dyng_graph *g, dyng_i_adj *in) {
    const int64_t n = g->n;
    const ROW *rows = DYNG_FN(rows)(&g->out);
    const DYNG_V *col = DYNG_FN(cols)(&g->out);
    ROW *irows = DYNG_FN(rows)(in);
    DYNG_V *icol = DYNG_FN(cols)(in);
    for (int64_t v = 0; v < n; v++)
        irows[v].lx = 0;
    for (int64_t u = 0; u < n; u++) {
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = off; i < off + len; i++)
            irows[col[i]].lx++;
    }
    int64_t at = 0;
    for (int64_t v = 0; v < n; v++) {
        irows[v].off = (DYNG_O)at;
        at += (int64_t)irows[v].lx;
        irows[v].lx = 0;
    }
    for (int64_t u = 0; u < n; u++) {
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = off; i < off + len; i++) {
            ROW *rv = &irows[col[i]];
            icol[(int64_t)rv->off + (int64_t)rv->lx] = (DYNG_V)u;
            rv->lx++;
        }
    }
    for (int64_t v = 0; v < n; v++) {
        const int64_t len = (int64_t)irows[v].lx;
        (void)DYNG_FN(set_row)(&irows[v], (int64_t)irows[v].off, len, len);
    }
}

/* The copies of target `t` in row `v` of `a` (binary search when sorted). */
static int64_t DYNG_FN(cc_copies)(const dyng_i_adj *a, int64_t v, int64_t t, bool sorted) {
    const ROW *rv = &DYNG_FN(rows)(a)[v];
    const DYNG_V *col = DYNG_FN(cols)(a);
    int64_t lo = (int64_t)rv->off, hi = lo + DYNG_FN(len_of)(rv), copies = 0;
    if (sorted) {
        for (int64_t i = DYNG_FN(first_at_least)(col, lo, hi, t); i < hi && (int64_t)col[i] == t;
             i++)
            copies++;
        return copies;
    }
    for (int64_t i = lo; i < hi; i++)
        copies += (int64_t)col[i] == t;
    return copies;
}

static void DYNG_FN(cc_lookup)(const dyng_graph *g, dyng_i_cc_pair *pairs, int64_t count,
                               uint8_t bit, bool before) {
    const bool sorted = g->p.order == DYNG_ORDER_SORTED;
    const ROW *orows = DYNG_FN(rows)(&g->out);
    /* The other side of a pair: row b of an undirected graph, in-row b of a
     * directed one that stores it; searched instead when shorter. */
    const dyng_i_adj *other = g->p.directed ? (g->p.store_transposed ? &g->in : NULL) : &g->out;
    const ROW *xrows = other ? DYNG_FN(rows)(other) : NULL;
    for (int64_t i = 0; i < count; i++) {
        dyng_i_cc_pair *p = &pairs[i];
        int64_t copies = 0;
        if (p->a < g->n && p->b < g->n) {
            if (other && DYNG_FN(len_of)(&xrows[p->b]) < DYNG_FN(len_of)(&orows[p->a]))
                copies = DYNG_FN(cc_copies)(other, p->b, p->a, sorted);
            else
                copies = DYNG_FN(cc_copies)(&g->out, p->a, p->b, sorted);
        }
        if (copies > 0)
            p->flags |= bit;
        if (before)
            p->copies = copies;
    }
}

/* ---- the degree order ------------------------------------------------------------ */

/* The entries of a row (col[off .. off + len)) that come before vertex v:
 * below it in id (rank NULL; a binary search on a long sorted row) or in
 * rank. */
static inline int64_t DYNG_FN(cc_before)(const DYNG_V *col, int64_t off, int64_t len, int64_t v,
                                         const DYNG_V *rank, bool sorted) {
    int64_t c = 0;
    if (rank == NULL && sorted && len >= DYNG_I_CC_LONG_ROW)
        return DYNG_FN(first_at_least)(col, off, off + len, v) - off;
    if (rank == NULL) {
        for (int64_t i = off; i < off + len; i++)
            c += (int64_t)col[i] < v;
        return c;
    }
    const int64_t rv = (int64_t)rank[v];
    for (int64_t i = off; i < off + len; i++)
        c += (int64_t)rank[col[i]] < rv;
    return c;
}

/* An upper bound of cc_order_cost under any numbering, from the rows'
 * lengths alone (every neighbour before the vertex): twice the sum of the
 * squared degrees, or of indeg times outdeg when directed. One pass over
 * the row records; saturates at INT64_MAX. */
static int64_t DYNG_FN(cc_order_bound)(const dyng_graph *g, const dyng_i_adj *in) {
    const ROW *orows = DYNG_FN(rows)(&g->out), *irows = DYNG_FN(rows)(in);
    int64_t sum = 0;
    for (int64_t v = 0; v < g->n; v++) {
        const int64_t olen = DYNG_FN(len_of)(&orows[v]);
        const int64_t ilen = g->p.directed ? DYNG_FN(len_of)(&irows[v]) : olen;
        if (__builtin_add_overflow(sum, 2 * olen * ilen, &sum))
            return INT64_MAX;
    }
    return sum;
}

/*
 * About the row slots that the breadth-first searches and the first steps
 * of a short count read around its roots, with the vertices numbered by id
 * (rank NULL) or by rank (cc_order_ranks): a root s reads, at radius 2, the
 * in-row of each in-neighbour x above s (cc_bfs, and cc_take again), and the
 * row of each out-neighbour y above s (y as a candidate). Summed by the
 * vertex whose row is read: indeg(x) times the targets of x before x, plus
 * outdeg(y) times the sources of y before y (undirected: twice deg(x) times
 * the neighbours before x). A hub numbered after its neighbours is read by
 * each of them: its degree squared. One pass over the rows (with ids, a
 * binary search on each long sorted row); saturates at INT64_MAX.
 */
static int64_t DYNG_FN(cc_order_cost)(const dyng_graph *g, const dyng_i_adj *in,
                                      const void *rank_) {
    const DYNG_V *rank = rank_;
    const ROW *orows = DYNG_FN(rows)(&g->out), *irows = DYNG_FN(rows)(in);
    const DYNG_V *ocol = DYNG_FN(cols)(&g->out), *icol = DYNG_FN(cols)(in);
    const bool sorted = g->p.order == DYNG_ORDER_SORTED, directed = g->p.directed;
    int64_t sum = 0;
    for (int64_t v = 0; v < g->n; v++) {
        const int64_t olen = DYNG_FN(len_of)(&orows[v]);
        if (olen == 0)
            continue; /* no target before v, and no out-row to read */
        const int64_t before =
            DYNG_FN(cc_before)(ocol, (int64_t)orows[v].off, olen, v, rank, sorted);
        int64_t cost = 0;
        if (!directed) {
            cost = 2 * olen * before;
        } else {
            const int64_t ilen = DYNG_FN(len_of)(&irows[v]);
            cost = ilen * before +
                   olen * DYNG_FN(cc_before)(icol, (int64_t)irows[v].off, ilen, v, rank, sorted);
        }
        if (__builtin_add_overflow(sum, cost, &sum))
            return INT64_MAX;
    }
    return sum;
}

/* The degree order of g: order[i].pos is the vertex that gets id i, hubs
 * first (the largest total degree, out-row and in-row on a directed graph,
 * parallel copies and self-loops included: a cheap measure of the rows a
 * vertex's neighbours read), ties in their order; rank[v] is v's new id.
 * order and tmp hold n pairs each. */
static void DYNG_FN(cc_order_ranks)(const dyng_graph *g, const dyng_i_adj *in, dyng_i_pair *order,
                                    dyng_i_pair *tmp, void *rank_) {
    DYNG_V *rank = rank_;
    const ROW *orows = DYNG_FN(rows)(&g->out), *irows = DYNG_FN(rows)(in);
    const int64_t n = g->n;
    int64_t top = 0;
    for (int64_t v = 0; v < n; v++) {
        const int64_t deg =
            DYNG_FN(len_of)(&orows[v]) + (g->p.directed ? DYNG_FN(len_of)(&irows[v]) : 0);
        order[v].key = deg;
        order[v].pos = v;
        top = deg > top ? deg : top;
    }
    for (int64_t v = 0; v < n; v++)
        order[v].key = top - order[v].key;  /* ascending keys: descending degrees */
    dyng_i_radix_sort_pairs(order, n, tmp); /* stable: ties keep their order */
    for (int64_t i = 0; i < n; i++)
        rank[order[i].pos] = (DYNG_V)i;
}

/*
 * The rows of `src` (n of them) transposed and renamed by the degree order
 * into dst, whose arrays hold n records and src's live entries: for each
 * entry u -> t of src, row rank[t] of dst lists rank[u], once, self-loops
 * left out. The sources are taken in their new order, so every dst row comes
 * out sorted, and the copies of a parallel edge (which all come from one src
 * row) arrive one after the other: a repeat is the last entry written. From
 * a directed graph's out-rows this gives the copy's in-rows, from its in-rows
 * its out-rows; an undirected graph's rows are their own transpose. While
 * counting, a record's off holds 1 + the last source counted and lx the
 * count; then lx counts the entries written, and set_row encodes it.
 */
static void DYNG_FN(cc_renumber)(const dyng_i_adj *src, int64_t n, const dyng_i_pair *order,
                                 const void *rank_, dyng_i_adj *dst) {
    const DYNG_V *rank = rank_;
    const ROW *rows = DYNG_FN(rows)(src);
    const DYNG_V *col = DYNG_FN(cols)(src);
    ROW *drows = DYNG_FN(rows)(dst);
    DYNG_V *dcol = DYNG_FN(cols)(dst);
    for (int64_t j = 0; j < n; j++)
        drows[j].off = drows[j].lx = 0;
    for (int64_t i = 0; i < n; i++) {
        const int64_t u = order[i].pos;
        const int64_t off = (int64_t)rows[u].off, end = off + DYNG_FN(len_of)(&rows[u]);
        for (int64_t k = off; k < end; k++) {
            ROW *rj = &drows[rank[col[k]]];
            if ((int64_t)rank[col[k]] == i || (int64_t)rj->off == i + 1)
                continue;
            rj->off = (DYNG_O)(i + 1);
            rj->lx++;
        }
    }
    int64_t at = 0;
    for (int64_t j = 0; j < n; j++) {
        drows[j].off = (DYNG_O)at;
        at += (int64_t)drows[j].lx;
        drows[j].lx = 0;
    }
    for (int64_t i = 0; i < n; i++) {
        const int64_t u = order[i].pos;
        const int64_t off = (int64_t)rows[u].off, end = off + DYNG_FN(len_of)(&rows[u]);
        for (int64_t k = off; k < end; k++) {
            const int64_t j = (int64_t)rank[col[k]];
            ROW *rj = &drows[j];
            const int64_t last = (int64_t)rj->off + (int64_t)rj->lx;
            if (j == i || (rj->lx > 0 && (int64_t)dcol[last - 1] == i))
                continue;
            dcol[last] = (DYNG_V)i;
            rj->lx++;
        }
    }
    for (int64_t j = 0; j < n; j++) {
        const int64_t len = (int64_t)drows[j].lx;
        (void)DYNG_FN(set_row)(&drows[j], (int64_t)drows[j].off, len, len);
    }
    dst->live = dst->slots_used = at;
}

const dyng_i_cc_kernels DYNG_CC_KERNELS = {
    .max_row = DYNG_FN(cc_max_row),
    .transpose = DYNG_FN(cc_transpose),
    .count_roots = DYNG_FN(cc_count_roots),
    .lookup = DYNG_FN(cc_lookup),
    .count_pairs = DYNG_FN(cc_count_pairs),
    .estimate = DYNG_FN(cc_estimate),
    .blocks = DYNG_FN(cc_blocks),
    .order_bound = DYNG_FN(cc_order_bound),
    .order_cost = DYNG_FN(cc_order_cost),
    .order_ranks = DYNG_FN(cc_order_ranks),
    .renumber = DYNG_FN(cc_renumber),
};

#undef VIEW
#undef ROW
