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
