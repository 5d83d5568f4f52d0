/*
 * src/graph/kernels.tmpl.h - the graph kernels, written once for every
 * (vertex id, edge offset) type pair.
 *
 * kernels.c includes this file once per pair after defining
 *   DYNG_V      the vertex id type (int32_t or int64_t)
 *   DYNG_O      the offset type (int32_t or int64_t)
 *   DYNG_FN(x)  the name of x for this pair (x ## _v32_o32, ...)
 *   DYNG_O_LIMIT the most slots the offset type can address
 *   DYNG_O_NAME  the offset type's name ("int32", "int64")
 *   DYNG_KERNELS the name of the kernel table to define
 * and kernels_off.h after it. Nothing below branches on a width again.
 *
 * Layout (graph_internal.h, rows.tmpl.h): a row record per vertex holding
 * its offset, length and headroom; the row's targets are col[off .. off +
 * len), its weights w[off * K ...]; slots [off + len, off + cap) are
 * headroom.
 */

#include "rows.tmpl.h"

/* Copy the K weights of slot `from` of `src` to slot `to` of `dst` (the two
 * may be the same array; slots never partly overlap). */
static inline void DYNG_FN(copy_w)(int32_t *dst, int64_t to, const int32_t *src, int64_t from,
                                   int K) {
    if (K == 1) {
        dst[to] = src[from];
    } else if (K > 0 && (dst != src || to != from)) {
        for (int k = 0; k < K; k++)
            dst[to * K + k] = src[from * K + k];
    }
}

/* Copy n entries (targets and weights) between separate arrays. Rows are
 * short, and a memcpy call costs more than copying a few entries inline. */
static inline void DYNG_FN(copy_entries)(DYNG_V *restrict dcol, int32_t *restrict dw,
                                         const DYNG_V *restrict scol, const int32_t *restrict sw,
                                         int64_t n, int K) {
    if (n > 8) {
        memcpy(dcol, scol, (size_t)n * sizeof(DYNG_V));
        if (K > 0)
            memcpy(dw, sw, (size_t)(n * K) * sizeof(int32_t));
        return;
    }
    for (int64_t i = 0; i < n; i++)
        dcol[i] = scol[i];
    for (int64_t i = 0; i < n * K; i++)
        dw[i] = sw[i];
}

/* Move n entries (targets and weights) of one row from slot `from` to slot
 * `to` of the same arrays (the ranges may overlap): a loop for a few, else
 * memmove, so that a change in a hub's row of thousands costs a vector copy
 * of its tail rather than an entry at a time. */
static inline void DYNG_FN(move_entries)(DYNG_V *col, int32_t *w, int64_t to, int64_t from,
                                         int64_t n, int K) {
    if (n > 8) {
        memmove(col + to, col + from, (size_t)n * sizeof(DYNG_V));
        if (K > 0)
            memmove(w + to * K, w + from * K, (size_t)(n * K) * sizeof(int32_t));
        return;
    }
    if (to < from) {
        for (int64_t i = 0; i < n; i++) {
            col[to + i] = col[from + i];
            DYNG_FN(copy_w)(w, to + i, w, from + i, K);
        }
    } else {
        for (int64_t i = n - 1; i >= 0; i--) {
            col[to + i] = col[from + i];
            DYNG_FN(copy_w)(w, to + i, w, from + i, K);
        }
    }
}

/* Give slot j of dw the K weights of insertion `ins` of the batch. */
static inline void DYNG_FN(put_w)(int32_t *restrict dw, int64_t j, const int32_t *restrict ins_w,
                                  int64_t ins, int K) {
    for (int k = 0; k < K; k++)
        dw[j * K + k] = ins_w[ins * K + k];
}

static void DYNG_FN(free_adj)(dyng_i_adj *adj) {
    dyng_i_array_free(adj->rows);
    dyng_i_array_free(adj->col);
    dyng_i_array_free(adj->w);
    for (int s = 0; s < DYNG_I_HOLE_SIZES; s++)
        dyng_i_free(adj->holes[s]);
    memset(adj, 0, sizeof *adj);
}

/* Allocate a packed direction for n rows and `slots` slots: all or nothing. */
static dyng_status DYNG_FN(alloc_adj)(dyng_i_adj *adj, int64_t n, int64_t slots, int K) {
    memset(adj, 0, sizeof *adj);
    adj->rows = dyng_i_array_alloc((size_t)(n > 0 ? n : 1), sizeof(ROW));
    adj->col = dyng_i_array_alloc((size_t)(slots > 0 ? slots : 1), sizeof(DYNG_V));
    adj->w = K > 0
                 ? dyng_i_array_alloc((size_t)(slots > 0 ? slots : 1) * (size_t)K, sizeof(int32_t))
                 : NULL;
    if (adj->rows != NULL)
        memset(adj->rows, 0, (size_t)(n > 0 ? n : 1) * sizeof(ROW));
    if (adj->rows == NULL || adj->col == NULL || (K > 0 && adj->w == NULL)) {
        DYNG_FN(free_adj)(adj);
        size_t rows_bytes = dyng_i_mul_size((size_t)(n > 0 ? n : 1), sizeof(ROW));
        size_t slot_bytes =
            dyng_i_mul_size((size_t)(slots > 0 ? slots : 1), sizeof(DYNG_V) + 4u * (size_t)K);
        return dyng_i_oom("graph rows",
                          rows_bytes > SIZE_MAX - slot_bytes ? SIZE_MAX : rows_bytes + slot_bytes);
    }
    adj->vert_alloc = n > 0 ? n : 1;
    adj->slot_alloc = slots > 0 ? slots : 1;
    adj->num_weights = K;
    return DYNG_OK;
}

static int64_t DYNG_FN(row_len)(const dyng_i_adj *adj, int64_t v) {
    return DYNG_FN(len_of)(&DYNG_FN(rows)(adj)[v]);
}

/*
 * Put one row in order: with `sorted`, a stable sort by target; with `merge`,
 * repeated targets become the first one carrying the last one's weights
 * (keeping the order of first appearances). Returns the new length. `pairs`
 * and `tmp` hold len pairs, `wtmp` len * K weights, `ctmp` len targets.
 */
static int64_t DYNG_FN(tidy_row)(DYNG_V *col, int32_t *w, int64_t len, int K, bool sorted,
                                 bool merge, dyng_i_pair *pairs, dyng_i_pair *tmp, int32_t *wtmp,
                                 DYNG_V *ctmp) {
    if (len <= 1)
        return len;
    bool increasing = true, nondecreasing = true;
    for (int64_t i = 1; i < len; i++) {
        if (col[i] <= col[i - 1])
            increasing = false;
        if (col[i] < col[i - 1])
            nondecreasing = false;
    }
    if (increasing || (nondecreasing && !merge))
        return len; /* already as wanted */
    for (int64_t i = 0; i < len; i++) {
        pairs[i].key = (int64_t)col[i];
        pairs[i].pos = i;
    }
    dyng_i_sort_pairs(pairs, len, tmp);
    /* For each kept entry: where its weights come from. tmp[].key = source
     * position of the entry, tmp[].pos = position of its weights. */
    int64_t kept = 0;
    for (int64_t i = 0; i < len;) {
        int64_t j = i;
        if (merge)
            while (j + 1 < len && pairs[j + 1].key == pairs[i].key)
                j++;
        for (int64_t x = i; x <= j; x++) {
            if (merge && x > i)
                break;
            tmp[kept].key = pairs[x].pos;
            tmp[kept].pos = merge ? pairs[j].pos : pairs[x].pos;
            kept++;
        }
        i = j + 1;
    }
    if (!sorted) {
        /* Append order: kept entries go back to the order of their first
         * appearance. A source position is unique, so sort by it. */
        for (int64_t i = 0; i < kept; i++)
            pairs[i] = tmp[i];
        dyng_i_sort_pairs(pairs, kept, tmp);
        for (int64_t i = 0; i < kept; i++)
            tmp[i] = pairs[i];
    }
    for (int64_t i = 0; i < kept; i++) {
        ctmp[i] = col[tmp[i].key];
        if (K > 0)
            memcpy(wtmp + i * K, w + tmp[i].pos * K, (size_t)K * sizeof(int32_t));
    }
    memcpy(col, ctmp, (size_t)kept * sizeof(DYNG_V));
    if (K > 0)
        memcpy(w, wtmp, (size_t)kept * (size_t)K * sizeof(int32_t));
    return kept;
}

/*
 * A short row in sorted order, in place: a stable insertion sort by target
 * that moves each entry's K weights along, then (with `merge`) one pass that
 * keeps the first of each run of equal targets with the last one's weights.
 * Returns the new length. Stability keeps the input order of parallel edges,
 * so "last" is the last one given.
 */
static inline __attribute__((always_inline)) int64_t DYNG_FN(tidy_short_k)(DYNG_V *col, int32_t *w,
                                                                           int64_t len, const int K,
                                                                           bool merge) {
    int32_t held[DYNG_MAX_WEIGHTS];
    for (int64_t i = 1; i < len; i++) {
        DYNG_V x = col[i];
        if (x >= col[i - 1])
            continue;
        for (int k = 0; k < K; k++)
            held[k] = w[i * K + k];
        int64_t j = i;
        while (j > 0 && col[j - 1] > x) {
            col[j] = col[j - 1];
            for (int k = 0; k < K; k++)
                w[j * K + k] = w[(j - 1) * K + k];
            j--;
        }
        col[j] = x;
        for (int k = 0; k < K; k++)
            w[j * K + k] = held[k];
    }
    if (!merge)
        return len;
    int64_t kept = 0;
    for (int64_t i = 0; i < len; i++) {
        int64_t to = (kept > 0 && col[kept - 1] == col[i]) ? kept - 1 : kept++;
        col[to] = col[i];
        for (int k = 0; k < K; k++)
            w[to * K + k] = w[i * K + k];
    }
    return kept;
}

/* tidy_short_k with the common weight counts as constants. */
static int64_t DYNG_FN(tidy_short)(DYNG_V *col, int32_t *w, int64_t len, int K, bool merge) {
    if (K == 0)
        return DYNG_FN(tidy_short_k)(col, w, len, 0, merge);
    if (K == 1)
        return DYNG_FN(tidy_short_k)(col, w, len, 1, merge);
    return DYNG_FN(tidy_short_k)(col, w, len, K, merge);
}

/* Rows up to this length are put in order by tidy_short. */
#define DYNG_SHORT_ROW 32
/* How many edges ahead the build's scatter prefetches. */
#define DYNG_BUILD_AHEAD 16

/*
 * The prefix sum of the builds' counting sorts: cursors hold, per thread t
 * (a block of n), how many entries thread t puts in each row. Rows start where
 * the previous row ends, and within a row thread t's entries follow those of
 * threads 0..t-1; each count becomes the thread's first slot in the row.
 */
static void DYNG_FN(place_rows)(ROW *rows, DYNG_O *cursors, int64_t n, int threads) {
    const size_t nn = (size_t)(n > 0 ? n : 1);
    int64_t at = 0;
    for (int64_t v = 0; v < n; v++) {
        const int64_t off = at;
        for (int t = 0; t < threads; t++) {
            DYNG_O *c = cursors + (size_t)t * nn + v;
            const int64_t count = (int64_t)*c;
            *c = (DYNG_O)at;
            at += count;
        }
        (void)DYNG_FN(set_row)(&rows[v], off, at - off, at - off);
    }
}

/*
 * Build one direction from edge arrays (see graph_internal.h). Rows are
 * packed: cap == the length before duplicates were merged.
 *
 * A counting sort of the edges by row, stable (each row lists its entries in
 * input order; with `both`, an edge's mirror right after it): the edges are
 * cut into one contiguous chunk per thread; each thread counts its chunk's
 * entries per row into its own cursors; a prefix sum over (row, thread) turns
 * the counts into each thread's first slot per row; then each thread places
 * its chunk. The cursors are offset-typed (4 bytes per row for int32
 * offsets), so they stay in cache far longer than the row records would.
 */
static dyng_status DYNG_FN(build)(dyng_i_adj *adj, int64_t *self_loops,
                                  const dyng_graph_properties *p, int64_t n, int64_t m,
                                  const void *src_v, const void *dst_v, const int32_t *w, bool both,
                                  dyng_resources *r) {
    const DYNG_V *src = src_v, *dst = dst_v;
    const int K = p->num_weights;
    int threads = dyng_i_threads(r);
    /* Threads pay for their own cursors (threads * n); keep that below the
     * work, and use one thread for small inputs. */
    if (m < (1 << 16) || (int64_t)threads * n > 2 * m)
        threads = 1;
    int64_t entries = m;
    if (both) {
        int64_t loops = 0;
        for (int64_t e = 0; e < m; e++)
            loops += src[e] == dst[e];
        entries = 2 * m - loops;
    }
    DYNG_I_TRY(DYNG_FN(alloc_adj)(adj, n, entries, K));
    ROW *rows = DYNG_FN(rows)(adj);
    DYNG_V *col = DYNG_FN(cols)(adj);
    int32_t *aw = adj->w;
    const size_t nn = (size_t)(n > 0 ? n : 1);
    DYNG_O *cursors = dyng_i_malloc((size_t)threads * nn, sizeof(DYNG_O));
    if (cursors == NULL) {
        DYNG_FN(free_adj)(adj);
        return dyng_i_oom("graph build cursors", (size_t)threads * nn * sizeof(DYNG_O));
    }
    atomic_int interrupted;
    atomic_init(&interrupted, 0);

    /* Count each chunk's entries per row. */
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static, 1)
#endif
    for (int t = 0; t < threads; t++) {
        DYNG_O *c = cursors + (size_t)t * nn;
        memset(c, 0, nn * sizeof(DYNG_O));
        const int64_t lo = m * t / threads, hi = m * (t + 1) / threads;
        for (int64_t e = lo; e < hi; e++) {
            c[src[e]]++;
            if (both && src[e] != dst[e])
                c[dst[e]]++;
        }
    }
    DYNG_FN(place_rows)(rows, cursors, n, threads);
    if (dyng_i_interrupted(r))
        atomic_store(&interrupted, 1);

        /* Place each chunk's entries. */
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static, 1)
#endif
    for (int t = 0; t < threads; t++) {
        DYNG_O *c = cursors + (size_t)t * nn;
        const int64_t lo = m * t / threads, hi = m * (t + 1) / threads;
        for (int64_t e = lo; e < hi; e++) {
            if (((e - lo) & 65535) == 0 && dyng_i_interrupted(r)) {
                atomic_store_explicit(&interrupted, 1, memory_order_relaxed);
                break;
            }
            if (e + DYNG_BUILD_AHEAD < hi) {
                /* The slot an entry a little ahead will take: its row's
                 * cursor now, which moves by at most a few slots before we
                 * get there. Fetching it early overlaps the cache misses. */
                const int64_t ahead = (int64_t)c[src[e + DYNG_BUILD_AHEAD]];
                __builtin_prefetch(col + ahead, 1);
                if (K > 0)
                    __builtin_prefetch(aw + ahead * K, 1);
                if (both) {
                    const int64_t back = (int64_t)c[dst[e + DYNG_BUILD_AHEAD]];
                    __builtin_prefetch(col + back, 1);
                    if (K > 0)
                        __builtin_prefetch(aw + back * K, 1);
                }
            }
            const DYNG_V u = src[e], v = dst[e];
            const int64_t s = (int64_t)c[u]++;
            col[s] = v;
            if (K == 1)
                aw[s] = w[e];
            else
                for (int k = 0; k < K; k++)
                    aw[s * K + k] = w[e * K + k];
            if (both && u != v) {
                const int64_t s2 = (int64_t)c[v]++;
                col[s2] = u;
                if (K == 1)
                    aw[s2] = w[e];
                else
                    for (int k = 0; k < K; k++)
                        aw[s2 * K + k] = w[e * K + k];
            }
        }
    }
    dyng_i_free(cursors);
    if (atomic_load(&interrupted)) {
        DYNG_FN(free_adj)(adj);
        return dyng_i_error(DYNG_INTERRUPTED, "building the graph was interrupted");
    }
    adj->slots_used = entries;
    adj->live = entries;

    /* Sort and merge rows, in parallel, each thread with its own buffers. */
    const bool sorted = p->order == DYNG_ORDER_SORTED;
    const bool merge = p->parallel_edges == DYNG_PARALLEL_FORBID;
    int64_t maxdeg = 0;
    for (int64_t v = 0; v < n; v++) {
        const int64_t len = DYNG_FN(len_of)(&rows[v]);
        if (len > maxdeg)
            maxdeg = len;
    }
    threads = dyng_i_threads(r);
    if (threads > n)
        threads = n > 0 ? (int)n : 1;
    /* Per thread: pairs, sort buffer, targets, weights; rounded up so that
     * every thread's block stays 16-byte aligned. */
    size_t per_thread =
        (size_t)maxdeg * (2 * sizeof(dyng_i_pair) + (size_t)K * sizeof(int32_t) + sizeof(DYNG_V));
    per_thread = (per_thread + 15) & ~(size_t)15;
    char *work = dyng_i_malloc((size_t)threads, per_thread > 0 ? per_thread : 1);
    if (work == NULL) {
        DYNG_FN(free_adj)(adj);
        return dyng_i_oom("row sorting buffers", (size_t)threads * per_thread);
    }
    int64_t live = 0, loops = 0, lost = 0;
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024)                              \
    reduction(+ : live, loops, lost)
#endif
    for (int64_t v = 0; v < n; v++) {
        int tid = 0;
#ifdef _OPENMP
        tid = omp_get_thread_num();
#endif
        if ((v & 4095) == 0 && dyng_i_interrupted(r))
            atomic_store_explicit(&interrupted, 1, memory_order_relaxed);
        char *mine = work + (size_t)tid * per_thread;
        dyng_i_pair *pairs = (dyng_i_pair *)mine;
        dyng_i_pair *tmp = pairs + maxdeg;
        DYNG_V *ctmp = (DYNG_V *)(tmp + maxdeg);
        int32_t *wtmp = (int32_t *)(ctmp + maxdeg);
        ROW *rv = &rows[v];
        int64_t off = (int64_t)rv->off;
        const int64_t before = DYNG_FN(len_of)(rv);
        int64_t len =
            sorted && before <= DYNG_SHORT_ROW
                ? DYNG_FN(tidy_short)(col + off, K > 0 ? adj->w + off * K : NULL, before, K, merge)
                : DYNG_FN(tidy_row)(col + off, K > 0 ? adj->w + off * K : NULL, before, K, sorted,
                                    merge, pairs, tmp, wtmp, ctmp);
        lost += DYNG_FN(set_row)(rv, off, len, before); /* merged duplicates: headroom */
        live += len;
        for (int64_t i = 0; i < len; i++)
            loops += col[off + i] == (DYNG_V)v;
    } /* end of the sort-and-merge loop */
    dyng_i_free(work);
    if (atomic_load(&interrupted)) {
        DYNG_FN(free_adj)(adj);
        return dyng_i_error(DYNG_INTERRUPTED, "building the graph was interrupted");
    }
    adj->live = live;
    adj->dead = lost; /* merged duplicates past a record's headroom */
    *self_loops = loops;
    return DYNG_OK;
}

/*
 * Build the in-edges of a finished out-direction whose rows are sorted: row v
 * lists the sources of the edges into v in ascending order (each source's
 * parallel edges in its row's order) with their weights, which is what
 * building from the reversed edge arrays and sorting would give, without the
 * sort and without merging duplicates again. The same counting sort as build,
 * with the sources cut into one chunk per thread of about equal entries.
 */
static dyng_status DYNG_FN(build_transposed)(dyng_i_adj *in, const dyng_i_adj *out, int64_t n,
                                             int K, dyng_resources *r) {
    const ROW *orows = DYNG_FN(rows)(out);
    const DYNG_V *ocol = DYNG_FN(cols)(out);
    const int32_t *ow = out->w;
    const int64_t entries = out->live, used = out->slots_used;
    int threads = dyng_i_threads(r);
    if (entries < (1 << 16) || (int64_t)threads * n > 2 * entries)
        threads = 1;
    DYNG_I_TRY(DYNG_FN(alloc_adj)(in, n, entries, K));
    ROW *rows = DYNG_FN(rows)(in);
    DYNG_V *col = DYNG_FN(cols)(in);
    int32_t *iw = in->w;
    const size_t nn = (size_t)(n > 0 ? n : 1);
    DYNG_O *cursors = dyng_i_malloc((size_t)threads * nn, sizeof(DYNG_O));
    int64_t *first = dyng_i_malloc((size_t)threads + 1, sizeof(int64_t));
    if (cursors == NULL || first == NULL) {
        dyng_i_free(cursors);
        dyng_i_free(first);
        DYNG_FN(free_adj)(in);
        return dyng_i_oom("graph build cursors", (size_t)threads * nn * sizeof(DYNG_O));
    }
    /* Chunk t holds the sources [first[t], first[t + 1]): cut where the
     * entries seen so far pass t / threads of all. */
    first[0] = 0;
    int cut = 1;
    int64_t seen = 0;
    for (int64_t u = 0; u < n && cut < threads; u++) {
        seen += DYNG_FN(len_of)(&orows[u]);
        while (cut < threads && seen >= entries * cut / threads)
            first[cut++] = u + 1;
    }
    while (cut <= threads)
        first[cut++] = n;
    atomic_int interrupted;
    atomic_init(&interrupted, 0);
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static, 1)
#endif
    for (int t = 0; t < threads; t++) {
        DYNG_O *c = cursors + (size_t)t * nn;
        memset(c, 0, nn * sizeof(DYNG_O));
        for (int64_t u = first[t]; u < first[t + 1]; u++) {
            const DYNG_V *row = ocol + orows[u].off;
            const int64_t len = DYNG_FN(len_of)(&orows[u]);
            for (int64_t i = 0; i < len; i++)
                c[row[i]]++;
        }
    }
    DYNG_FN(place_rows)(rows, cursors, n, threads);
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static, 1)
#endif
    for (int t = 0; t < threads; t++) {
        DYNG_O *c = cursors + (size_t)t * nn;
        for (int64_t u = first[t]; u < first[t + 1]; u++) {
            if (((u - first[t]) & 4095) == 0 && dyng_i_interrupted(r)) {
                atomic_store_explicit(&interrupted, 1, memory_order_relaxed);
                break;
            }
            const int64_t off = (int64_t)orows[u].off, len = DYNG_FN(len_of)(&orows[u]);
            for (int64_t i = 0; i < len; i++) {
                /* Prefetch across row ends: every slot below slots_used of a
                 * freshly built direction holds a valid id (merged-away
                 * slots keep an earlier entry's target). */
                if (off + i + DYNG_BUILD_AHEAD < used) {
                    const int64_t ahead = (int64_t)c[ocol[off + i + DYNG_BUILD_AHEAD]];
                    __builtin_prefetch(col + ahead, 1);
                    if (K > 0)
                        __builtin_prefetch(iw + ahead * K, 1);
                }
                const int64_t s = (int64_t)c[ocol[off + i]]++;
                col[s] = (DYNG_V)u;
                if (K == 1)
                    iw[s] = ow[off + i];
                else
                    for (int k = 0; k < K; k++)
                        iw[s * K + k] = ow[(off + i) * K + k];
            }
        }
    }
    dyng_i_free(cursors);
    dyng_i_free(first);
    if (atomic_load(&interrupted)) {
        DYNG_FN(free_adj)(in);
        return dyng_i_error(DYNG_INTERRUPTED, "building the graph was interrupted");
    }
    in->slots_used = entries;
    in->live = entries;
    return DYNG_OK;
}

/* A packed deep copy of one direction. */
static dyng_status DYNG_FN(clone_adj)(dyng_i_adj *out, const dyng_i_adj *adj, int64_t n, int K,
                                      const dyng_resources *r) {
    if (dyng_i_interrupted(r))
        return DYNG_INTERRUPTED;
    DYNG_I_TRY(DYNG_FN(alloc_adj)(out, n, adj->live, K));
    const ROW *rows = DYNG_FN(rows)(adj);
    ROW *orows = DYNG_FN(rows)(out);
    const DYNG_V *col = DYNG_FN(cols)(adj);
    DYNG_V *ocol = DYNG_FN(cols)(out);
    int64_t at = 0;
    for (int64_t v = 0; v < n; v++) {
        if (dyng_i_poll_rows(v, r)) {
            DYNG_FN(free_adj)(out);
            return DYNG_INTERRUPTED;
        }
        int64_t len = DYNG_FN(len_of)(&rows[v]), off = (int64_t)rows[v].off;
        (void)DYNG_FN(set_row)(&orows[v], at, len, len);
        memcpy(ocol + at, col + off, (size_t)len * sizeof(DYNG_V));
        if (K > 0)
            memcpy(out->w + at * K, adj->w + off * K, (size_t)(len * K) * sizeof(int32_t));
        at += len;
    }
    out->slots_used = at;
    out->live = at;
    out->dead = 0;
    return DYNG_OK;
}

static dyng_status DYNG_FN(to_csr)(const dyng_i_adj *adj, int64_t n, int K, void *row_ptr_v,
                                   void *col_v, int32_t *w, const dyng_resources *r) {
    const ROW *rows = DYNG_FN(rows)(adj);
    const DYNG_V *col = DYNG_FN(cols)(adj);
    DYNG_O *row_ptr = row_ptr_v;
    DYNG_V *ocol = col_v;
    int64_t at = 0;
    if (dyng_i_interrupted(r))
        return DYNG_INTERRUPTED;
    for (int64_t v = 0; v < n; v++) {
        if (dyng_i_poll_rows(v, r))
            return DYNG_INTERRUPTED;
        int64_t len = DYNG_FN(len_of)(&rows[v]), off = (int64_t)rows[v].off;
        if (row_ptr != NULL)
            row_ptr[v] = (DYNG_O)at;
        if (ocol != NULL)
            memcpy(ocol + at, col + off, (size_t)len * sizeof(DYNG_V));
        if (w != NULL && K > 0)
            memcpy(w + at * K, adj->w + off * K, (size_t)(len * K) * sizeof(int32_t));
        at += len;
    }
    if (row_ptr != NULL)
        row_ptr[n] = (DYNG_O)at;
    return DYNG_OK;
}

/* Every row's length, or with `targets` how many entries point at each
 * vertex (the in-degrees that the rows imply), into out[0 .. n). */
static dyng_status DYNG_FN(lengths)(const dyng_i_adj *adj, int64_t n, bool targets, int64_t *out,
                                    const dyng_resources *r) {
    const ROW *rows = DYNG_FN(rows)(adj);
    if (dyng_i_interrupted(r))
        return DYNG_INTERRUPTED;
    if (!targets) {
        for (int64_t v = 0; v < n; v++) {
            if (dyng_i_poll_rows(v, r))
                return DYNG_INTERRUPTED;
            out[v] = DYNG_FN(len_of)(&rows[v]);
        }
        return DYNG_OK;
    }
    const DYNG_V *col = DYNG_FN(cols)(adj);
    memset(out, 0, (size_t)n * sizeof *out);
    for (int64_t u = 0; u < n; u++) {
        if (dyng_i_poll_rows(u, r))
            return DYNG_INTERRUPTED;
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = 0; i < len; i++)
            out[(int64_t)col[off + i]]++;
    }
    return DYNG_OK;
}

/* In-rows computed from out-rows: sources ascending, each in its row order. */
static dyng_status DYNG_FN(transpose_csr)(const dyng_i_adj *adj, int64_t n, int K, void *row_ptr_v,
                                          void *col_v, int32_t *w, const dyng_resources *r) {
    const ROW *rows = DYNG_FN(rows)(adj);
    const DYNG_V *col = DYNG_FN(cols)(adj);
    int64_t *cursor = dyng_i_calloc((size_t)n + 1, sizeof(int64_t));
    if (cursor == NULL)
        return dyng_i_oom("a transposition", ((size_t)n + 1) * sizeof(int64_t));
    if (DYNG_FN(lengths)(adj, n, true, cursor + 1, r) != DYNG_OK) { /* in-degrees, */
        dyng_i_free(cursor);
        return DYNG_INTERRUPTED;
    }
    for (int64_t v = 0; v < n; v++) /* then their prefix sums */
        cursor[v + 1] += cursor[v];
    DYNG_O *row_ptr = row_ptr_v;
    if (row_ptr != NULL)
        for (int64_t v = 0; v <= n; v++)
            row_ptr[v] = (DYNG_O)cursor[v];
    DYNG_V *ocol = col_v;
    for (int64_t u = 0; u < n; u++) {
        if (dyng_i_poll_rows(u, r)) {
            dyng_i_free(cursor);
            return DYNG_INTERRUPTED;
        }
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = 0; i < len; i++) {
            int64_t v = (int64_t)col[off + i];
            int64_t s = cursor[v]++;
            if (ocol != NULL)
                ocol[s] = (DYNG_V)u;
            if (w != NULL && K > 0)
                memcpy(w + s * K, adj->w + (off + i) * K, (size_t)K * sizeof(int32_t));
        }
    }
    dyng_i_free(cursor);
    return DYNG_OK;
}

static dyng_status DYNG_FN(to_edges)(const dyng_i_adj *adj, int64_t n, int K, bool upper_only,
                                     void *src_v, void *dst_v, int32_t *w,
                                     const dyng_resources *r) {
    const ROW *rows = DYNG_FN(rows)(adj);
    const DYNG_V *col = DYNG_FN(cols)(adj);
    DYNG_V *src = src_v, *dst = dst_v;
    int64_t at = 0;
    if (dyng_i_interrupted(r))
        return DYNG_INTERRUPTED;
    for (int64_t u = 0; u < n; u++) {
        if (dyng_i_poll_rows(u, r))
            return DYNG_INTERRUPTED;
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = 0; i < len; i++) {
            DYNG_V v = col[off + i];
            if (upper_only && (int64_t)v < u)
                continue;
            if (src != NULL)
                src[at] = (DYNG_V)u;
            if (dst != NULL)
                dst[at] = v;
            if (w != NULL && K > 0)
                memcpy(w + at * K, adj->w + (off + i) * K, (size_t)K * sizeof(int32_t));
            at++;
        }
    }
    return DYNG_OK;
}

/* Row v's targets and its K weights per entry, into caller arrays (either
 * may be NULL) that hold the row. */
static void DYNG_FN(row_copy)(const dyng_i_adj *adj, int64_t v, int K, void *col_v, int32_t *w) {
    const ROW *rv = &DYNG_FN(rows)(adj)[v];
    const int64_t off = (int64_t)rv->off, len = DYNG_FN(len_of)(rv);
    if (col_v != NULL)
        memcpy(col_v, DYNG_FN(cols)(adj) + off, (size_t)len * sizeof(DYNG_V));
    if (w != NULL && K > 0)
        memcpy(w, adj->w + off * K, (size_t)(len * K) * sizeof(int32_t));
}

/* The entries that point at v, found by reading every row: their sources
 * (ascending, each in its row order, as transpose_csr lists them) and
 * weights, written where the outputs are not NULL. Returns their number. */
static int64_t DYNG_FN(in_row_scan)(const dyng_i_adj *adj, int64_t n, int K, int64_t v, void *col_v,
                                    int32_t *w) {
    const ROW *rows = DYNG_FN(rows)(adj);
    const DYNG_V *col = DYNG_FN(cols)(adj);
    DYNG_V *ocol = col_v;
    int64_t at = 0;
    for (int64_t u = 0; u < n; u++) {
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = 0; i < len; i++) {
            if ((int64_t)col[off + i] != v)
                continue;
            if (ocol != NULL)
                ocol[at] = (DYNG_V)u;
            if (w != NULL && K > 0)
                memcpy(w + at * K, adj->w + (off + i) * K, (size_t)K * sizeof(int32_t));
            at++;
        }
    }
    return at;
}

/* The slot of the first copy of target v in row u (the copy that an upsert
 * rewrites and a deletion removes), or -1 when the row has none: a binary
 * search of a sorted row, else a scan. Inlined: GCC called it from
 * find_pairs' loop, and has_edges took 12% longer. */
DYNG_I_INLINED int64_t DYNG_FN(row_find)(const dyng_i_adj *adj, int64_t u, int64_t v, bool sorted) {
    const ROW *rv = &DYNG_FN(rows)(adj)[u];
    const int64_t off = (int64_t)rv->off, len = DYNG_FN(len_of)(rv);
    const DYNG_V *row = DYNG_FN(cols)(adj) + off;
    if (sorted) {
        const int64_t k = DYNG_FN(first_at_least)(row, 0, len, v);
        return k < len && (int64_t)row[k] == v ? off + k : -1;
    }
    for (int64_t i = 0; i < len; i++)
        if ((int64_t)row[i] == v)
            return off + i;
    return -1;
}

/* How far ahead find_pairs loads: the record of the pair 2 * this ahead,
 * then the row that the pair this far ahead will search. */
#define DYNG_HAS_AHEAD 8

/*
 * Whether each pair (src[i], dst[i]), i in [lo, hi), is an edge, into has[i]
 * (ids of type t, checked to be >= 0; an id at or past n is no edge), and,
 * with `weights`, the K weights of its first copy into weights[i * K ..]
 * where it is one (elsewhere they stay as they were): a search of u's
 * out-row. A pair costs a miss on u's record and on its row, so the record
 * is loaded 2 * DYNG_HAS_AHEAD pairs ahead and the line that the search
 * reads first (the row's middle) DYNG_HAS_AHEAD ahead; the weights of the
 * entry found, once it is found (below). v's in-row, where stored, is not
 * read even when it is shorter: its record is one more miss on every pair,
 * while the long rows are the hubs', which many pairs share and keep in
 * cache (1M pairs on R-MAT with 2^20 vertices and 4M edges: 31 to 34 ms
 * choosing the shorter row, 24 to 25 ms never; 26 to 29 against 14 ms on a
 * uniform graph of that size).
 */
DYNG_I_INLINED void DYNG_FN(find_pairs_with)(const dyng_graph *g, dyng_type t, const void *src,
                                             const void *dst, int64_t lo, int64_t hi, bool *has,
                                             int32_t *weights, const int K) {
    const int64_t n = g->n;
    const bool sorted = g->p.order == DYNG_ORDER_SORTED;
    const ROW *rows = DYNG_FN(rows)(&g->out);
    const DYNG_V *col = DYNG_FN(cols)(&g->out);
    int64_t found[DYNG_HAS_AHEAD]; /* the slots of the last pairs, for their weights */
    for (int64_t i = lo; i < hi; i++) {
#if defined(__GNUC__)
        if (i + 2 * DYNG_HAS_AHEAD < hi) {
            const int64_t u = dyng_i_read_id(src, t, i + 2 * DYNG_HAS_AHEAD),
                          v = dyng_i_read_id(dst, t, i + 2 * DYNG_HAS_AHEAD);
            if (u < n && v < n)
                __builtin_prefetch(&rows[u], 0);
        }
        if (i + DYNG_HAS_AHEAD < hi) {
            const int64_t u = dyng_i_read_id(src, t, i + DYNG_HAS_AHEAD),
                          v = dyng_i_read_id(dst, t, i + DYNG_HAS_AHEAD);
            if (u < n && v < n) {
                const int64_t mid =
                    (int64_t)rows[u].off + (sorted ? DYNG_FN(len_of)(&rows[u]) / 2 : 0);
                __builtin_prefetch(col + mid, 0);
            }
        }
#endif
        const int64_t u = dyng_i_read_id(src, t, i), v = dyng_i_read_id(dst, t, i);
        const int64_t at = u < n && v < n ? DYNG_FN(row_find)(&g->out, u, v, sorted) : -1;
        has[i] = at >= 0;
        /* The weights of a pair are copied DYNG_HAS_AHEAD pairs later, their
         * line loaded now: in a long row (a hub's, searched in cache) the
         * found entry's weights are a miss of their own. (1M pairs on R-MAT,
         * 2^20 vertices, 4M edges: 36 ms against 48 copied at once, where
         * has_edges takes 30; loading the weights at the row's middle with
         * its targets gained nothing on either graph.) */
        if (K == 0)
            continue;
#if defined(__GNUC__)
        if (at >= 0)
            __builtin_prefetch(g->out.w + at * K, 0);
#endif
        const int64_t r = (i - lo) % DYNG_HAS_AHEAD;
        if (i - lo >= DYNG_HAS_AHEAD && found[r] >= 0)
            memcpy(weights + (i - DYNG_HAS_AHEAD) * K, g->out.w + found[r] * K,
                   (size_t)K * sizeof(int32_t));
        found[r] = at;
    }
    for (int64_t i = hi - DYNG_HAS_AHEAD > lo ? hi - DYNG_HAS_AHEAD : lo; K > 0 && i < hi; i++) {
        const int64_t at = found[(i - lo) % DYNG_HAS_AHEAD];
        if (at >= 0)
            memcpy(weights + i * K, g->out.w + at * K, (size_t)K * sizeof(int32_t));
    }
}

/* find_pairs_with, inlined twice: without weights (has_edges) the loop
 * keeps none of the weights' work. 1M pairs, one thread, on the uniform
 * graph and R-MAT of bench/graph_reads.py: 13.3 to 13.8 and 22.7 to 24.2 ms,
 * where one loop for both took 13.9 to 14.4 and 23.9 to 24.9 (and the
 * has_pairs loop before weights, 12.8 to 13.6 and 22.9 to 24.5). */
static void DYNG_FN(find_pairs)(const dyng_graph *g, dyng_type t, const void *src, const void *dst,
                                int64_t lo, int64_t hi, bool *has, int32_t *weights) {
    if (weights == NULL || g->p.num_weights == 0)
        DYNG_FN(find_pairs_with)(g, t, src, dst, lo, hi, has, NULL, 0);
    else
        DYNG_FN(find_pairs_with)(g, t, src, dst, lo, hi, has, weights, g->p.num_weights);
}

/* Row v of `adj`, stable-sorted by target, into (target, slot) pairs. */
static void DYNG_FN(sorted_row)(const dyng_i_adj *adj, int64_t v, dyng_i_pair *out,
                                dyng_i_pair *tmp) {
    const ROW *rv = &DYNG_FN(rows)(adj)[v];
    const DYNG_V *col = DYNG_FN(cols)(adj);
    const int64_t off = (int64_t)rv->off, len = DYNG_FN(len_of)(rv);
    for (int64_t i = 0; i < len; i++) {
        out[i].key = (int64_t)col[off + i];
        out[i].pos = off + i;
    }
    dyng_i_sort_pairs(out, len, tmp);
}

#define CHECK_FAIL(...)                                                                            \
    do {                                                                                           \
        st = dyng_i_error(DYNG_INTERNAL, __VA_ARGS__);                                             \
        goto done;                                                                                 \
    } while (0)
#define CHECK_POLL(v)                                                                              \
    do {                                                                                           \
        if (dyng_i_poll_rows((v), r)) {                                                            \
            st = DYNG_INTERRUPTED;                                                                 \
            goto done;                                                                             \
        }                                                                                          \
    } while (0)

/* Check one direction's layout and rows. */
static dyng_status DYNG_FN(check_adj)(const dyng_i_adj *adj, const char *name, int64_t n,
                                      bool sorted, bool simple, dyng_i_pair *pairs,
                                      dyng_i_pair *tmp, const dyng_resources *r) {
    dyng_status st = DYNG_OK;
    const ROW *rows = DYNG_FN(rows)(adj);
    const DYNG_V *col = DYNG_FN(cols)(adj);
    int64_t live = 0, caps = 0;
    if (adj->slots_used > adj->slot_alloc || n > adj->vert_alloc)
        CHECK_FAIL("%s: %lld slots used of %lld allocated, %lld rows of %lld", name,
                   (long long)adj->slots_used, (long long)adj->slot_alloc, (long long)n,
                   (long long)adj->vert_alloc);
    for (int64_t v = 0; v < n; v++) {
        CHECK_POLL(v);
        int64_t off = (int64_t)rows[v].off, len = DYNG_FN(len_of)(&rows[v]),
                cap = DYNG_FN(cap_of)(&rows[v]);
        if (len < 0 || len > cap || off < 0 || (cap > 0 && off + cap > adj->slots_used))
            CHECK_FAIL("%s: row %lld has offset %lld, length %lld, capacity %lld with %lld "
                       "slots in use",
                       name, (long long)v, (long long)off, (long long)len, (long long)cap,
                       (long long)adj->slots_used);
        live += len;
        caps += cap;
        for (int64_t i = 0; i < len; i++) {
            int64_t c = (int64_t)col[off + i];
            if (c < 0 || c >= n)
                CHECK_FAIL("%s: row %lld holds target %lld, outside 0..%lld", name, (long long)v,
                           (long long)c, (long long)n - 1);
            if (i > 0 && sorted && c < (int64_t)col[off + i - 1])
                CHECK_FAIL("%s: row %lld is not sorted at position %lld", name, (long long)v,
                           (long long)i);
        }
        if (simple) {
            DYNG_FN(sorted_row)(adj, v, pairs, tmp);
            for (int64_t i = 1; i < len; i++)
                if (pairs[i].key == pairs[i - 1].key)
                    CHECK_FAIL("%s: row %lld holds target %lld twice (parallel edges are "
                               "forbidden)",
                               name, (long long)v, (long long)pairs[i].key);
        }
    }
    if (live != adj->live)
        CHECK_FAIL("%s: rows hold %lld entries, the count says %lld", name, (long long)live,
                   (long long)adj->live);
    if (caps + adj->dead != adj->slots_used)
        CHECK_FAIL("%s: capacities %lld + dead %lld != slots used %lld", name, (long long)caps,
                   (long long)adj->dead, (long long)adj->slots_used);
    /* Holes lie among the slots in use and hold dead slots only. */
    int64_t hole_slots = 0;
    for (int64_t s = 1; s <= DYNG_I_HOLE_SIZES; s++)
        for (int64_t h = 0; h < adj->num_holes[s - 1]; h++) {
            const int64_t off = adj->holes[s - 1][h];
            if (off < 0 || off + s > adj->slots_used)
                CHECK_FAIL("%s: a hole of %lld slots at %lld, with %lld slots in use", name,
                           (long long)s, (long long)off, (long long)adj->slots_used);
            hole_slots += s;
        }
    if (hole_slots > adj->dead)
        CHECK_FAIL("%s: holes hold %lld slots, more than the %lld dead", name,
                   (long long)hole_slots, (long long)adj->dead);
    /* Slots of different rows and holes must not overlap: sort them by
     * offset (a hole of s slots as position -s). */
    int64_t k = 0;
    for (int64_t v = 0; v < n; v++)
        if (DYNG_FN(cap_of)(&rows[v]) > 0) {
            pairs[k].key = (int64_t)rows[v].off;
            pairs[k].pos = v;
            k++;
        }
    for (int64_t s = 1; s <= DYNG_I_HOLE_SIZES; s++)
        for (int64_t h = 0; h < adj->num_holes[s - 1]; h++)
            pairs[k++] = (dyng_i_pair){adj->holes[s - 1][h], -s};
    dyng_i_sort_pairs(pairs, k, tmp);
    for (int64_t i = 1; i < k; i++) {
        const int64_t prev = pairs[i - 1].pos;
        const int64_t end = prev >= 0 ? (int64_t)rows[prev].off + DYNG_FN(cap_of)(&rows[prev])
                                      : pairs[i - 1].key - prev;
        if (end > pairs[i].key)
            CHECK_FAIL("%s: the slots of %s %lld and %s %lld overlap", name,
                       prev >= 0 ? "row" : "a hole at",
                       (long long)(prev >= 0 ? prev : pairs[i - 1].key),
                       pairs[i].pos >= 0 ? "row" : "a hole at",
                       (long long)(pairs[i].pos >= 0 ? pairs[i].pos : pairs[i].key));
    }
done:
    return st;
}

/* Row v of `a` (stable-sorted by target) equals row v of the transposition
 * of `b` (given as CSR arrays), weights included. */
static dyng_status DYNG_FN(check_mirror)(const dyng_i_adj *a, const char *name, int64_t n, int K,
                                         const DYNG_O *tptr, const DYNG_V *tcol, const int32_t *tw,
                                         dyng_i_pair *pairs, dyng_i_pair *tmp,
                                         const dyng_resources *r) {
    dyng_status st = DYNG_OK;
    const ROW *rows = DYNG_FN(rows)(a);
    for (int64_t v = 0; v < n; v++) {
        CHECK_POLL(v);
        int64_t len = DYNG_FN(len_of)(&rows[v]);
        int64_t tl = (int64_t)tptr[v + 1] - (int64_t)tptr[v];
        if (len != tl)
            CHECK_FAIL("%s: row %lld has %lld entries, the transposed out-edges %lld", name,
                       (long long)v, (long long)len, (long long)tl);
        DYNG_FN(sorted_row)(a, v, pairs, tmp);
        for (int64_t i = 0; i < len; i++) {
            int64_t t = (int64_t)tptr[v] + i;
            if (pairs[i].key != (int64_t)tcol[t] ||
                (K > 0 &&
                 memcmp(a->w + pairs[i].pos * K, tw + t * K, (size_t)K * sizeof(int32_t)) != 0))
                CHECK_FAIL("%s: row %lld differs from the transposed out-edges at entry %lld "
                           "(source %lld)",
                           name, (long long)v, (long long)i, (long long)tcol[t]);
        }
    }
done:
    return st;
}

static dyng_status DYNG_FN(check)(const dyng_graph *g) {
    if (dyng_i_interrupted(g->res))
        return DYNG_INTERRUPTED;
    dyng_status st = DYNG_OK;
    const int64_t n = g->n;
    const int K = g->p.num_weights;
    const bool sorted = g->p.order == DYNG_ORDER_SORTED;
    const bool simple = g->p.parallel_edges == DYNG_PARALLEL_FORBID;
    int64_t maxlen = 0;
    for (int64_t v = 0; v < n; v++)
        if (DYNG_FN(row_len)(&g->out, v) > maxlen)
            maxlen = DYNG_FN(row_len)(&g->out, v);
    bool in = g->p.directed && g->p.store_transposed;
    if (in)
        for (int64_t v = 0; v < n; v++)
            if (DYNG_FN(row_len)(&g->in, v) > maxlen)
                maxlen = DYNG_FN(row_len)(&g->in, v);
    /* Room to sort the rows and holes of a direction by offset. */
    int64_t npairs = maxlen > n ? maxlen : n;
    for (int d = 0; d < (in ? 2 : 1); d++) {
        const dyng_i_adj *a = d == 0 ? &g->out : &g->in;
        int64_t with_holes = n;
        for (int s = 0; s < DYNG_I_HOLE_SIZES; s++)
            with_holes += a->num_holes[s];
        npairs = with_holes > npairs ? with_holes : npairs;
    }
    dyng_i_pair *pairs = dyng_i_malloc((size_t)npairs + 1, 2 * sizeof(dyng_i_pair));
    DYNG_O *tptr = dyng_i_malloc((size_t)n + 1, sizeof(DYNG_O));
    DYNG_V *tcol = dyng_i_malloc((size_t)g->out.live + 1, sizeof(DYNG_V));
    int32_t *tw =
        K > 0 ? dyng_i_malloc((size_t)(g->out.live + 1) * (size_t)K, sizeof(int32_t)) : NULL;
    if (pairs == NULL || tptr == NULL || tcol == NULL || (K > 0 && tw == NULL)) {
        st = dyng_i_oom("an integrity check", (size_t)npairs * 2 * sizeof(dyng_i_pair));
        goto done;
    }
    dyng_i_pair *tmp = pairs + npairs + 1;
    st = DYNG_FN(check_adj)(&g->out, "out-edges", n, sorted, simple, pairs, tmp, g->res);
    if (st != DYNG_OK)
        goto done;
    if (in) {
        st = DYNG_FN(check_adj)(&g->in, "in-edges", n, sorted, simple, pairs, tmp, g->res);
        if (st != DYNG_OK)
            goto done;
    }
    int64_t loops = 0;
    const ROW *rows = DYNG_FN(rows)(&g->out);
    const DYNG_V *col = DYNG_FN(cols)(&g->out);
    for (int64_t v = 0; v < n; v++) {
        const int64_t off = (int64_t)rows[v].off, len = DYNG_FN(len_of)(&rows[v]);
        for (int64_t i = 0; i < len; i++)
            loops += (int64_t)col[off + i] == v;
    }
    int64_t m = g->p.directed ? g->out.live : (g->out.live + loops) / 2;
    if (m != g->m || (!g->p.directed && (g->out.live + loops) % 2 != 0))
        CHECK_FAIL("the graph counts %lld edges, its rows hold %lld", (long long)g->m,
                   (long long)m);
    if (in || !g->p.directed) {
        st = DYNG_FN(transpose_csr)(&g->out, n, K, tptr, tcol, tw, g->res);
        if (st != DYNG_OK)
            goto done;
        st = DYNG_FN(check_mirror)(in ? &g->in : &g->out, in ? "in-edges" : "undirected rows", n, K,
                                   tptr, tcol, tw, pairs, tmp, g->res);
    }
done:
    dyng_i_free(pairs);
    dyng_i_free(tptr);
    dyng_i_free(tcol);
    dyng_i_free(tw);
    return st;
}
#undef CHECK_FAIL
#undef CHECK_POLL

/* ---- applying a batch: the typed parts (apply.c runs the plan) ---- */

#include "apply_rows.tmpl.h"

/* ---- the batch generator's pairs, read in place ---- */

#include "window_rows.tmpl.h"

const dyng_i_kernels DYNG_KERNELS = {
    .build = DYNG_FN(build),
    .build_transposed = DYNG_FN(build_transposed),
    .free_adj = DYNG_FN(free_adj),
    .clone_adj = DYNG_FN(clone_adj),
    .row_len = DYNG_FN(row_len),
    .to_csr = DYNG_FN(to_csr),
    .transpose_csr = DYNG_FN(transpose_csr),
    .to_edges = DYNG_FN(to_edges),
    .lengths = DYNG_FN(lengths),
    .row_copy = DYNG_FN(row_copy),
    .in_row_scan = DYNG_FN(in_row_scan),
    .find_pairs = DYNG_FN(find_pairs),
    .check = DYNG_FN(check),
    .plan_rows = DYNG_FN(plan_rows),
    .plan_places = DYNG_FN(plan_places),
    .plan_layout = DYNG_FN(plan_layout),
    .check_rows = DYNG_FN(check_rows),
    .commit = DYNG_FN(commit),
    .window_rows = DYNG_FN(window_rows),
    .window_counts = DYNG_FN(window_counts),
    .window_target = DYNG_FN(window_target),
    .row_find = DYNG_FN(row_find),
    .row_record_bytes = sizeof(ROW),
    .vertex_bytes = sizeof(DYNG_V),
};

#undef ROW
#undef DYNG_HAS_AHEAD
#undef DYNG_SHORT_ROW
#undef DYNG_BUILD_AHEAD
