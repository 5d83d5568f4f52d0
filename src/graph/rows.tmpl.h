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
/* A row record: where the row starts (off), and in one word of the offset
 * type (lx) its length and its headroom, the free slots after it. Two words,
 * so that a record costs 8 bytes with int32 offsets and 16 with int64: the
 * records are the part of a graph that a CSR does not have, and a 4-byte row
 * pointer is what they are weighed against (DESIGN section 3's memory
 * target; docs/adr/0002-row-storage-with-headroom.md item 1).
 *
 * lx >= 0, a short row: the length in the low DYNG_I_LEN_BITS bits (23 with
 * int32 offsets, 55 with int64) and the headroom, at most DYNG_I_MAX_EXTRA,
 * in the 8 bits above. lx < 0, a long row (2^23 entries and more with int32
 * offsets): the length is ~lx and the row keeps no headroom. Slots past the
 * headroom a record holds count as dead. Records are read and written
 * through len_of, cap_of and set_row below (the one exception: the cycle
 * count's in-rows count entries in lx while they fill, then set_row encodes
 * the counts). */
typedef struct ROW {
    DYNG_O off;
    DYNG_O lx;
} ROW;

#define DYNG_I_LEN_BITS ((int)sizeof(DYNG_O) * 8 - 9)
_Static_assert(DYNG_I_MAX_EXTRA == 255, "a short row's headroom has 8 bits of its record");

/* The length of a row. */
static inline int64_t DYNG_FN(len_of)(const ROW *rv) {
    const DYNG_O x = rv->lx;
    return x < 0 ? (int64_t)~x : (int64_t)(x & (((DYNG_O)1 << DYNG_I_LEN_BITS) - 1));
}

/* The capacity of a row: its length and its headroom. */
static inline int64_t DYNG_FN(cap_of)(const ROW *rv) {
    const DYNG_O x = rv->lx;
    return x < 0 ? (int64_t)~x
                 : (int64_t)(x & (((DYNG_O)1 << DYNG_I_LEN_BITS) - 1)) +
                       (int64_t)(x >> DYNG_I_LEN_BITS);
}

/* Give a row of length len at offset off capacity cap; returns the slots past
 * the headroom a record holds, which the caller counts as dead. */
static inline int64_t DYNG_FN(set_row)(ROW *rv, int64_t off, int64_t len, int64_t cap) {
    const int64_t extra = cap - len;
    rv->off = (DYNG_O)off;
    if (len >> DYNG_I_LEN_BITS != 0) {
        rv->lx = (DYNG_O)~len;
        return extra;
    }
    const int64_t kept = extra > DYNG_I_MAX_EXTRA ? DYNG_I_MAX_EXTRA : extra;
    rv->lx = (DYNG_O)(len | kept << DYNG_I_LEN_BITS);
    return extra - kept;
}

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
