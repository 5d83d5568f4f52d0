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

static void dyng_i_cc_clear_hists(dyng_i_cc_work *w, int threads, int64_t L) {
    for (int t = 0; t < threads; t++) {
        memset(w->th[t].hist, 0, (size_t)(L + 1) * sizeof(uint64_t));
        w->th[t].steps = 0;
        w->th[t].slots = 0;
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

/* The breadth-first search back from root over vertices > lo, out to the
 * radius: dist of each vertex reached, listed in t->queue. Returns how many
 * (the root included), the root's in-neighbours first (*n1 of them, from
 * queue[1]). */
static int64_t DYNG_FN(cc_bfs)(const VIEW *v, dyng_i_cc_thread *t, int64_t root, int64_t lo,
                               int64_t *n1) {
    uint8_t *dist = t->dist;
    int64_t *queue = t->queue;
    const uint8_t radius = v->radius;
    int64_t nq = 1;
    queue[0] = root;
    dist[root] = 0;
    *n1 = 0;
    for (int64_t i = 0; i < nq; i++) {
        const int64_t x = queue[i];
        const uint8_t dx = dist[x];
        if (dx >= radius)
            break; /* the queue is in distance order: the rest are at the radius */
        const int64_t off = (int64_t)v->irows[x].off, len = DYNG_FN(len_of)(&v->irows[x]);
        t->slots += len;
        for (int64_t j = off; j < off + len; j++) {
            const int64_t y = (int64_t)v->icol[j];
            if (y <= lo || dist[y] <= radius)
                continue;
            dist[y] = (uint8_t)(dx + 1);
            queue[nq++] = y;
        }
        if (i == 0)
            *n1 = nq - 1;
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
 */
static inline void DYNG_FN(cc_two_steps)(const VIEW *v, dyng_i_cc_thread *t, int64_t x, uint8_t dx,
                                         int64_t root, int64_t first, int64_t lo, int64_t bound,
                                         int64_t prefix, const dyng_i_cc_frame *fr, int64_t top,
                                         uint64_t *near, uint64_t *far) {
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
 * false, when *stop is set or (r not NULL) the interrupt flag is; every
 * array it changed is back as it was either way.
 *
 * The depth-first search enters x at depth d, closes the cycle x -> root
 * when there is one, then: at depth L - 3, with two-step counts, counts the
 * cycles of lengths L - 1 and L through x's targets; at depth L - 2, the
 * cycles of length L (cc_last_step); above that, lists x's targets that can
 * still close in time (d + 1 + their distance <= L) as candidates, and goes
 * on with the first of them (a frame per vertex of the path).
 */
static bool DYNG_FN(cc_search)(const VIEW *v, dyng_i_cc_thread *t, int64_t root, int64_t first,
                               int64_t lo, int64_t prefix, atomic_int *stop,
                               const dyng_resources *r) {
    const ROW *rows = v->orows;
    const DYNG_V *col = v->ocol;
    uint8_t *dist = t->dist;
    uint64_t *hist = t->hist;
    int64_t *cand = t->cand;
    dyng_i_cc_frame *fr = t->frames;
    const int64_t L = v->L, far = (int64_t)v->radius + 1; /* unreached: at least far */
    const bool ex = v->keys != NULL && prefix > 0;
    const int64_t base = first < 0 ? 0 : 1; /* the depth of the first vertex entered */
    bool ok = true;

    int64_t n1 = 0;
    const int64_t nq = DYNG_FN(cc_bfs)(v, t, root, lo, &n1);
    dist[root] = DYNG_I_CC_ON_PATH;
    /* No in-neighbour (above lo): no cycle through root. A pair search needs
     * first to be able to close in time. */
    if (n1 == 0 || (first >= 0 && 1 + (dist[first] > far ? far : dist[first]) > L))
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

    int64_t x = first < 0 ? root : first, top = 0, nc = 0, y1 = -1;
    for (;;) {
        /* Enter x at depth d. */
        const int64_t d = base + top;
        if ((++t->steps & DYNG_I_CC_POLL_MASK) == 0) {
            if (atomic_load_explicit(stop, memory_order_relaxed) ||
                (r != NULL && dyng_i_interrupted(r))) {
                atomic_store_explicit(stop, 1, memory_order_relaxed);
                ok = false;
                break;
            }
        }
        const uint8_t dx = d == 0 ? 0 : dist[x];
        dist[x] = DYNG_I_CC_ON_PATH;
        if (d == 1) {
            y1 = x;
            while (two && v->ordered && zi > 0 && in1[zi - 1] > y1)
                DYNG_FN(cc_take)(v, t, in1[--zi], root, lo, prefix);
        }
        const int64_t bound = v->ordered && d >= 1 ? y1 : lo; /* the last vertex is above it */
        /* x closes a cycle of length d + 1 when it has an edge to the root. */
        if (dx == 1 && d + 1 >= v->minlen && x > bound &&
            !(ex && DYNG_FN(cc_excl)(v, prefix, x, root)))
            hist[d + 1]++;
        if (two && d == L - 3) {
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

/* ---- the counts ------------------------------------------------------------------ */

/* What the threads of a full count share (dyng_i_team's ctx). */
typedef struct DYNG_FN(cc_roots_job) {
    VIEW v;
    int64_t n;
    dyng_i_cc_work *w;
    dyng_resources *r;
    int chunk;
    atomic_int stop;
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
        if (atomic_load_explicit(&job->stop, memory_order_relaxed))
            continue;
        if (job->r != NULL && dyng_i_interrupted(job->r)) {
            atomic_store_explicit(&job->stop, 1, memory_order_relaxed);
            continue;
        }
        if (DYNG_FN(len_of)(&rows[s]) > 0)
            (void)DYNG_FN(cc_search)(&job->v, t, s, -1, s, 0, &job->stop, job->r);
    }
}

static dyng_status DYNG_FN(cc_count_roots)(const dyng_graph *g, const dyng_i_adj *in,
                                           const dyng_i_cc_setup *su, dyng_i_cc_work *w,
                                           int threads, dyng_resources *r, uint64_t *out,
                                           int64_t *slots) {
    DYNG_FN(cc_roots_job) job = {.v = DYNG_FN(cc_view_of)(g, in, su, w), .n = g->n, .w = w, .r = r};
    job.v.ordered = !g->p.directed;
    job.v.radius = su->radius;
    atomic_init(&job.stop, 0);
    dyng_i_cc_clear_hists(w, threads, su->L);
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
    if (atomic_load(&job.stop))
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
    atomic_int stop;
} DYNG_FN(cc_pairs_job);

static void DYNG_FN(cc_pairs_team)(void *ctx) {
    DYNG_FN(cc_pairs_job) *job = ctx;
    const VIEW *v = &job->v;
    dyng_i_cc_thread *t = &job->w->th[dyng_i_cc_thread_num()];
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
    for (int64_t j = 0; j < job->count; j++) {
        if (atomic_load_explicit(&job->stop, memory_order_relaxed))
            continue;
        if (job->r != NULL && dyng_i_interrupted(job->r)) {
            atomic_store_explicit(&job->stop, 1, memory_order_relaxed);
            continue;
        }
        const int64_t a = job->keys[j].a, b = job->keys[j].b;
        const VIEW *way = v;
        if (job->both_ways) {
            const int64_t in_a = DYNG_FN(len_of)(&v->irows[a]),
                          out_b = DYNG_FN(len_of)(&v->orows[b]);
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
            (void)DYNG_FN(cc_search)(way, t, a, b, -1, j, &job->stop, job->r);
        else /* from b (an undirected graph's rows are the same both ways) */
            (void)DYNG_FN(cc_search)(way, t, b, a, -1, j, &job->stop, job->r);
    }
}

static dyng_status DYNG_FN(cc_count_pairs)(const dyng_graph *g, const dyng_i_adj *in,
                                           const dyng_i_cc_setup *su, dyng_i_cc_work *w,
                                           const dyng_i_cc_key *keys, int64_t count, int threads,
                                           dyng_resources *r, uint64_t *out, int64_t *steps) {
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
    atomic_init(&job.stop, 0);
    dyng_i_cc_clear_hists(w, threads, su->L);
    /* Few pairs: stay on this thread. */
    dyng_i_team(count >= DYNG_I_CC_PARALLEL_PAIRS ? threads : 1, DYNG_FN(cc_pairs_team), &job);
    int64_t total = 0;
    for (int t = 0; t < threads; t++)
        total += w->th[t].steps;
    *steps = total;
    if (atomic_load(&job.stop))
        return dyng_i_error(DYNG_INTERRUPTED, "the cycle_count update was interrupted");
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

const dyng_i_cc_kernels DYNG_CC_KERNELS = {
    .max_row = DYNG_FN(cc_max_row),
    .transpose = DYNG_FN(cc_transpose),
    .count_roots = DYNG_FN(cc_count_roots),
    .lookup = DYNG_FN(cc_lookup),
    .count_pairs = DYNG_FN(cc_count_pairs),
    .estimate = DYNG_FN(cc_estimate),
};

#undef VIEW
#undef ROW
