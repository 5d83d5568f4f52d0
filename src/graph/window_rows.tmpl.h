/*
 * src/graph/window_rows.tmpl.h - a graph's distinct pairs inside a window,
 * read from its rows in place (the batch generator's pair rows,
 * generators/pairs.h). Included by kernels.tmpl.h once per type pair, after
 * ROW and the row helpers.
 */

static int DYNG_FN(compare_ids)(const void *x, const void *y) {
    const DYNG_V a = *(const DYNG_V *)x, b = *(const DYNG_V *)y;
    return (a > b) - (a < b);
}

/*
 * Write, row after row, each distinct target of rows [lo, hi) that lies in
 * [lo, hi) (with `upper`, an undirected graph's: v >= u), ascending, into
 * out (room for every entry of those rows); start[u - lo] is where row u's
 * begin, start[hi - lo] their count, which is returned; *loops counts the
 * self-loops among them. A row out of order (only a graph kept in append
 * order has such rows: `sorted` says there are none) is copied to out and
 * sorted there first. No CSR export: the rows are read where they are, the
 * records 16 rows ahead and the first targets 8 rows ahead loaded ahead
 * (rows that batches moved lie anywhere).
 */
static int64_t DYNG_FN(window_rows)(const dyng_i_adj *adj, int64_t lo, int64_t hi, bool upper,
                                    bool sorted, void *out_v, int64_t *start, int64_t *loops) {
    const ROW *rows = DYNG_FN(rows)(adj);
    const DYNG_V *col = DYNG_FN(cols)(adj);
    DYNG_V *out = out_v;
    int64_t kept = 0, self = 0;
    for (int64_t u = lo; u < hi; u++) {
#if defined(__GNUC__)
        if (u + 16 < hi)
            __builtin_prefetch(&rows[u + 16], 0);
        if (u + 8 < hi)
            __builtin_prefetch(col + (int64_t)rows[u + 8].off, 0);
#endif
        const int64_t len = DYNG_FN(len_of)(&rows[u]);
        const DYNG_V *row = col + (int64_t)rows[u].off;
        if (!sorted) {
            int64_t k = 1;
            while (k < len && row[k] >= row[k - 1])
                k++;
            if (k < len) { /* kept <= the entries before this row: room */
                memcpy(out + kept, row, (size_t)len * sizeof *out);
                qsort(out + kept, (size_t)len, sizeof *out, DYNG_FN(compare_ids));
                row = out + kept; /* read at k while written at kept - first <= k */
            }
        }
        start[u - lo] = kept;
        /* Targets below `least` are outside, or an undirected edge's second
         * copy (v < u); so is every one from hi on (the row ascends). */
        const int64_t least = upper ? u : lo, first = kept;
        for (int64_t k = 0; k < len; k++) {
            const int64_t x = (int64_t)row[k];
            if (x >= hi)
                break;
            if (x < least || (kept > first && (int64_t)out[kept - 1] == x))
                continue;
            out[kept++] = (DYNG_V)x;
            self += x == u;
        }
    }
    start[hi - lo] = kept;
    *loops = self;
    return kept;
}

/* How many targets of a sorted row are below x: counted in a row of up to
 * 32 (a road network's, a grid's), bisected in a longer one. */
static inline int64_t DYNG_FN(below)(const DYNG_V *row, int64_t len, int64_t x) {
    if (len > 32)
        return DYNG_FN(first_at_least)(row, 0, len, x);
    int64_t k = 0;
    for (int64_t i = 0; i < len; i++)
        k += (int64_t)row[i] < x;
    return k;
}

/*
 * The same pairs counted, not copied, for rows that hold each target once,
 * in order (sorted rows, parallel edges forbidden): start[u - lo] is where
 * row u's pairs begin, start[hi - lo] their count, which is returned. A row's
 * pairs are its targets from the first one >= least (lo, or with `upper` u)
 * up to the first one >= hi (both found by `below`); over every vertex of a
 * directed graph (lo = 0, hi = n) they are the whole row, and only the
 * records are read. Self-loops are among the pairs, but not counted apart.
 */
static int64_t DYNG_FN(window_counts)(const dyng_i_adj *adj, int64_t n, int64_t lo, int64_t hi,
                                      bool upper, int64_t *start) {
    const ROW *rows = DYNG_FN(rows)(adj);
    const DYNG_V *col = DYNG_FN(cols)(adj);
    const bool whole = lo == 0 && hi == n && !upper;
    int64_t count = 0;
    for (int64_t u = lo; u < hi; u++) {
#if defined(__GNUC__)
        /* Further ahead than window_rows: a row here costs a few
         * instructions, and a grid's rows 8 ahead lie two lines on (on the
         * 1M grid, 32 ahead took the count from 7.8 to 4.0 ms). */
        if (u + 64 < hi)
            __builtin_prefetch(&rows[u + 64], 0);
        if (!whole && u + 32 < hi)
            __builtin_prefetch(col + (int64_t)rows[u + 32].off, 0);
#endif
        start[u - lo] = count;
        const int64_t len = DYNG_FN(len_of)(&rows[u]);
        if (whole) {
            count += len;
            continue;
        }
        const DYNG_V *row = col + (int64_t)rows[u].off;
        count += (hi >= n ? len : DYNG_FN(below)(row, len, hi)) -
                 DYNG_FN(below)(row, len, upper ? u : lo);
    }
    start[hi - lo] = count;
    return count;
}

/* Target j of row u's targets from the first one >= least (rows as for
 * window_counts). */
static int64_t DYNG_FN(window_target)(const dyng_i_adj *adj, int64_t u, int64_t least, int64_t j) {
    const ROW *rv = &DYNG_FN(rows)(adj)[u];
    const DYNG_V *row = DYNG_FN(cols)(adj) + (int64_t)rv->off;
    return (int64_t)row[DYNG_FN(first_at_least)(row, 0, DYNG_FN(len_of)(rv), least) + j];
}
