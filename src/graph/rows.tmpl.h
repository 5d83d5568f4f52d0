/*
 * src/graph/rows.tmpl.h - the row record of one direction, for one (vertex id,
 * edge offset) type pair; included by every typed template that reads rows
 * (the graph kernels, the algorithms) after it defines DYNG_V, DYNG_O and
 * DYNG_FN (see kernels.tmpl.h). The includer undefines ROW when it is done.
 *
 * Row v of a direction `a` lists its targets in cols(a)[off .. off + len) and
 * their weights in a->w[(off .. off + len) * K]; headroom follows.
 */

#define ROW DYNG_FN(row)
/* A row record: where the row starts, its length, and its headroom (free
 * slots after it, at most DYNG_I_MAX_EXTRA; slots past that count as dead).
 * Packed, so that a record costs 9 bytes with int32 offsets: the records are
 * the part of a graph that a CSR does not have. */
#pragma pack(push, 1)
typedef struct ROW {
    DYNG_O off;
    DYNG_O len;
    uint8_t extra;
} ROW;
#pragma pack(pop)

static inline ROW *DYNG_FN(rows)(const dyng_i_adj *a) { return (ROW *)a->rows; }
static inline DYNG_V *DYNG_FN(cols)(const dyng_i_adj *a) { return (DYNG_V *)a->col; }

/* The first position in col[lo, hi) whose target is >= c, or hi (the
 * targets of a sorted row: a binary search). Branch-free, so that the
 * probes of a random target cost no mispredictions; in a long row, which
 * lies on many lines, the two places the next probe can be are prefetched
 * while this probe's line loads, so that the misses of two probes overlap
 * (a change in an R-MAT hub's row of 13,000 targets, 2026-12-04). */
static inline int64_t DYNG_FN(first_at_least)(const DYNG_V *col, int64_t lo, int64_t hi,
                                              int64_t c) {
    int64_t n = hi - lo;
    if (n <= 0)
        return lo;
    const DYNG_V *base = col + lo;
    while (n > 1) {
        const int64_t half = n / 2;
#if defined(__GNUC__)
        if (n > (int64_t)(256 / sizeof(DYNG_V))) {
            __builtin_prefetch(base + (n - half) / 2);
            __builtin_prefetch(base + half + (n - half) / 2);
        }
#endif
        base = (int64_t)base[half] < c ? base + half : base;
        n -= half;
    }
    return (int64_t)(base - col) + ((int64_t)*base < c);
}
