/*
 * tests/c/test_rows.c - the row helpers of rows.tmpl.h, against plain loops.
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

int main(void) {
    test_first_at_least();
    return check_finish("test_rows");
}
