/*
 * src/generators/pairs.tmpl.h - the typed part of dyng_i_pair_rows_make
 * (pairs.c): one id type's pass over a CSR export. Included by pairs.c once
 * per id type, with PAIRS_V (the id type) and PAIRS_FN(x) (a name with the
 * type's suffix) defined.
 */

/* Keep, row by row in place, each distinct target of rows [lo, hi) that lies
 * inside [lo, hi) (undirected: v >= u), sorting a row first when its targets
 * are out of order (only a graph kept in append order has such rows:
 * `sorted` says there are none). Row u's kept targets start at start[u - lo];
 * start[hi - lo] is the count. Returns the count; *loops counts the kept
 * self-loops. */
static int64_t PAIRS_FN(keep_rows)(const void *row_ptr, dyng_type ot, PAIRS_V *v, int64_t lo,
                                   int64_t hi, bool directed, bool sorted, int64_t *start,
                                   int64_t *loops) {
    int64_t kept = 0, self = 0;
    int64_t a = dyng_i_pairs_read(row_ptr, ot, lo);
    for (int64_t u = lo; u < hi; u++) {
        const int64_t z = dyng_i_pairs_read(row_ptr, ot, u + 1);
        if (!sorted) {
            int64_t k = a + 1;
            while (k < z && v[k] >= v[k - 1])
                k++;
            if (k < z)
                qsort(v + a, (size_t)(z - a), sizeof *v, PAIRS_FN(compare));
        }
        start[u - lo] = kept;
        /* Targets below `least` are outside, or an undirected edge's second
         * copy (v < u); so is every one from hi on (the row ascends). */
        const int64_t least = directed ? lo : u;
        const int64_t first = kept;
        for (int64_t k = a; k < z; k++) {
            const int64_t x = (int64_t)v[k];
            if (x >= hi)
                break;
            if (x < least || (kept > first && (int64_t)v[kept - 1] == x))
                continue;
            v[kept++] = (PAIRS_V)x;
            self += x == u;
        }
        a = z;
    }
    start[hi - lo] = kept;
    *loops = self;
    return kept;
}
