/*
 * tests/c/test_rows.c - the row helpers of rows.tmpl.h, against plain loops.
 *
 * The row record: set_row, len_of and cap_of give back the length and the
 * capacity a record was given, up to the headroom a record keeps (255), for
 * short rows and for long ones (2^23 entries and more with int32 offsets,
 * which keep none), at every boundary of the encoding; and a record costs 8
 * bytes with int32 offsets and 16 with int64.
 *
 * first_at_least is the binary search that every change to a sorted row, the
 * sssp repair and the cycle count make. It is checked here on its own, for
 * both vertex types, against a linear scan: empty and one-entry ranges, runs
 * of equal targets, targets below, between and above the entries, ranges
 * that start inside an array, and rows long enough for the prefetching path
 * (thousands of entries, as an R-MAT hub's row).
 */
#include <stdint.h>

#include "check.h"
#include "graph/graph_internal.h"
#include "rng.h"

#define DYNG_V int32_t
#define DYNG_O int32_t
#define DYNG_FN(x) x##_v32
#include "graph/rows.tmpl.h"
#undef ROW
#undef DYNG_V
#undef DYNG_O
#undef DYNG_FN

#define DYNG_V int64_t
#define DYNG_O int64_t
#define DYNG_FN(x) x##_v64
#include "graph/rows.tmpl.h"
#undef ROW
#undef DYNG_V
#undef DYNG_O
#undef DYNG_FN

enum { MAX_LEN = 6000 };

/* The first position in a[lo, hi) whose value is >= c, or hi: a scan. */
static int64_t scan(const int64_t *a, int64_t lo, int64_t hi, int64_t c) {
    while (lo < hi && a[lo] < c)
        lo++;
    return lo;
}

/* Fill a sorted array of len values with runs of equal values (gaps of 0 to
 * `spread`), from `start`. */
static void sorted_values(int64_t *a, int64_t len, int64_t start, int64_t spread) {
    int64_t x = start;
    for (int64_t i = 0; i < len; i++) {
        x += rng_below(spread + 1);
        a[i] = x;
    }
}

/* Every probe of a[lo, hi): each value, each value plus and minus one, and
 * values below and above the range. */
static void check_range(const int64_t *a, const int32_t *a32, int64_t lo, int64_t hi) {
    const int64_t first = hi > lo ? a[lo] : 0, last = hi > lo ? a[hi - 1] : 0;
    const int64_t outside[] = {first - 5, first - 1, last + 1, last + 1000, INT32_MIN, INT32_MAX};
    for (size_t k = 0; k < sizeof outside / sizeof outside[0]; k++) {
        const int64_t c = outside[k];
        CHECK(first_at_least_v64(a, lo, hi, c) == scan(a, lo, hi, c));
        CHECK(first_at_least_v32(a32, lo, hi, c) == scan(a, lo, hi, c));
    }
    /* Every value of a short range; a sample of a long one's. */
    const int64_t step = hi - lo > 300 ? 37 : 1;
    for (int64_t i = lo; i < hi; i += step)
        for (int64_t d = -1; d <= 1; d++) {
            const int64_t c = a[i] + d;
            CHECK(first_at_least_v64(a, lo, hi, c) == scan(a, lo, hi, c));
            CHECK(first_at_least_v32(a32, lo, hi, c) == scan(a, lo, hi, c));
        }
}

static void test_first_at_least(void) {
    static int64_t a[MAX_LEN];
    static int32_t a32[MAX_LEN];
    rng_state = 20261204;
    const int64_t lengths[] = {0, 1, 2, 3, 7, 8, 9, 16, 63, 64, 65, 100, 257, 1000, 4099, MAX_LEN};
    for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
        const int64_t len = lengths[li];
        for (int64_t spread = 0; spread <= 3; spread++) {
            sorted_values(a, len, -7, spread); /* spread 0: every value equal */
            for (int64_t i = 0; i < len; i++)
                a32[i] = (int32_t)a[i];
            check_range(a, a32, 0, len);
            if (len > 2) /* a range inside the array (a row among others) */
                check_range(a, a32, len / 3, len - len / 4);
        }
    }
    /* lo == hi anywhere returns lo. */
    CHECK(first_at_least_v64(a, 5, 5, 0) == 5);
    CHECK(first_at_least_v32(a32, 9, 9, -100) == 9);
}

/* One record of each width through set_row and back. */
static void check_record(int64_t off, int64_t len, int64_t cap) {
    const int64_t extra = cap - len, kept_short = extra < 255 ? extra : 255;
    if (len <= INT32_MAX && cap <= INT32_MAX && off <= INT32_MAX) {
        row_v32 r;
        const int64_t lost = set_row_v32(&r, off, len, cap);
        const int64_t kept = len < (1 << 23) ? kept_short : 0;
        CHECK((int64_t)r.off == off);
        CHECK(len_of_v32(&r) == len);
        CHECK(cap_of_v32(&r) == len + kept);
        CHECK(lost == extra - kept);
    }
    row_v64 r;
    const int64_t lost = set_row_v64(&r, off, len, cap);
    CHECK((int64_t)r.off == off);
    CHECK(len_of_v64(&r) == len);
    CHECK(cap_of_v64(&r) == len + kept_short); /* 2^55 entries are out of reach */
    CHECK(lost == extra - kept_short);
}

static void test_records(void) {
    CHECK(sizeof(row_v32) == 8);
    CHECK(sizeof(row_v64) == 16);
    const int64_t lens[] = {0,
                            1,
                            2,
                            7,
                            254,
                            255,
                            256,
                            (1 << 23) - 256,
                            (1 << 23) - 2,
                            (1 << 23) - 1,
                            1 << 23,
                            (1 << 23) + 1,
                            1 << 30,
                            INT32_MAX - 300,
                            INT32_MAX};
    const int64_t extras[] = {0, 1, 2, 128, 254, 255, 256, 1000, 1 << 23, 1 << 24};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++)
        for (size_t j = 0; j < sizeof extras / sizeof extras[0]; j++)
            for (int64_t off = 0; off <= 1; off++) /* and an offset at the top */
                check_record(off == 0 ? 0 : INT32_MAX - 5, lens[i], lens[i] + extras[j]);
    /* int64 offsets: lengths past 32 bits, and the top of the 55-bit field */
    const int64_t big[] = {(int64_t)1 << 40, ((int64_t)1 << 55) - 1, (int64_t)1 << 55,
                           INT64_MAX / 4};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        row_v64 r;
        const int64_t lost = set_row_v64(&r, 3, big[i], big[i] + 7);
        const bool is_short = big[i] < (int64_t)1 << 55;
        CHECK(len_of_v64(&r) == big[i]);
        CHECK(cap_of_v64(&r) == big[i] + (is_short ? 7 : 0));
        CHECK(lost == (is_short ? 0 : 7));
    }
}

int main(void) {
    test_records();
    test_first_at_least();
    return check_finish("test_rows");
}
