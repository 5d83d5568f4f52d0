/*
 * tests/c/test_core_alloc_overflow.c - the checked allocators refuse a size
 * that overflows, instead of handing out a block of the wrapped-around size.
 *
 * The oracle of dyng_i_mul_size is the compiler's __builtin_mul_overflow over
 * pairs of edge values. Each allocator (malloc, calloc, realloc, the big and
 * the array variants) is then asked for count * size past SIZE_MAX where the
 * product wraps to a few bytes, or to 0 (which the allocators round up to one
 * byte): it must return NULL and, for the growing ones, leave the old block
 * as it was. A wrapped product would return a small live block instead (the
 * mutation check alloc-size-overflow-unchecked of scripts/mutation.py).
 * None of these requests reaches the system allocator when the check works,
 * so the test also runs under AddressSanitizer, which would abort on them.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "core/alloc.h"

/* count * size wraps to `wrapped` bytes (mod 2^64 on a 64-bit size_t). */
typedef struct wrap_case {
    size_t count, size, wrapped;
} wrap_case;

static const size_t EDGE[] = {0,
                              1,
                              2,
                              3,
                              7,
                              8,
                              16,
                              255,
                              4096,
                              (size_t)1 << 31,
                              (size_t)1 << 32,
                              ((size_t)1 << 32) + 1,
                              SIZE_MAX / 16,
                              SIZE_MAX / 16 + 1,
                              SIZE_MAX / 16 + 2,
                              SIZE_MAX / 3,
                              SIZE_MAX / 2,
                              SIZE_MAX / 2 + 1,
                              SIZE_MAX - 1,
                              SIZE_MAX};

static void test_mul_size(void) {
    const size_t n = sizeof EDGE / sizeof EDGE[0];
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            size_t product;
            const size_t want =
                __builtin_mul_overflow(EDGE[i], EDGE[j], &product) ? SIZE_MAX : product;
            const size_t got = dyng_i_mul_size(EDGE[i], EDGE[j]);
            if (got != want)
                fprintf(stderr, "dyng_i_mul_size(%zu, %zu) = %zu, expected %zu\n", EDGE[i], EDGE[j],
                        got, want);
            CHECK(got == want);
        }
}

/* A block the test needs (not one of the requests under test). */
static void *need(void *p) {
    if (p == NULL) {
        fprintf(stderr, "test_core_alloc_overflow: out of memory\n");
        exit(1);
    }
    return p;
}

/* Requests whose product wraps around to a small size: 16, 0 and 24 bytes. */
static wrap_case wrap_cases(int i) {
    const size_t half = (size_t)1 << (sizeof(size_t) * 8 - 1);
    const wrap_case cases[] = {
        {SIZE_MAX / 16 + 2, 16, 16}, /* 2^60 + 1 items of 16 bytes: 2^64 + 16 */
        {half, 2, 0},                /* 2^63 items of 2 bytes: 2^64 */
        {SIZE_MAX / 8 + 4, 8, 24},   /* 2^61 + 3 items of 8 bytes: 2^64 + 24 */
    };
    return cases[i];
}
enum { NUM_WRAP_CASES = 3 };

static void test_wrapped_sizes_are_refused(void) {
    if (sizeof(size_t) != 8) {
        printf("test_core_alloc_overflow: not a 64-bit size_t; wrap cases skipped\n");
        return;
    }
    for (int i = 0; i < NUM_WRAP_CASES; i++) {
        const wrap_case c = wrap_cases(i);
        CHECK(c.count * c.size == c.wrapped); /* the case is what it says */
        CHECK(dyng_i_mul_size(c.count, c.size) == SIZE_MAX);

        void *p = dyng_i_malloc(c.count, c.size);
        CHECK(p == NULL);
        dyng_i_free(p);
        p = dyng_i_calloc(c.count, c.size);
        CHECK(p == NULL);
        dyng_i_free(p);
        p = dyng_i_realloc(NULL, c.count, c.size);
        CHECK(p == NULL);
        dyng_i_free(p);
        p = dyng_i_malloc_big(c.count, c.size);
        CHECK(p == NULL);
        dyng_i_free(p);
        p = dyng_i_array_alloc(c.count, c.size);
        CHECK(p == NULL);
        dyng_i_array_free(p);

        /* Growing: NULL, and the old block keeps its bytes. */
        unsigned char *old = need(dyng_i_malloc(64, 1));
        for (int k = 0; k < 64; k++)
            old[k] = (unsigned char)(k * 7 + i);
        void *q = dyng_i_realloc(old, c.count, c.size);
        CHECK(q == NULL);
        if (q != NULL)
            old = q;
        q = dyng_i_realloc_big(old, c.count, c.size);
        CHECK(q == NULL);
        if (q != NULL)
            old = q;
        bool kept = true;
        for (int k = 0; k < 64 && q == NULL; k++)
            kept &= old[k] == (unsigned char)(k * 7 + i);
        CHECK(kept);
        dyng_i_free(old);

        int64_t *arr = need(dyng_i_array_alloc(8, sizeof(int64_t)));
        for (int k = 0; k < 8; k++)
            arr[k] = 1000 + k;
        void *grown = dyng_i_array_grow(arr, 8, c.count, c.size);
        CHECK(grown == NULL);
        if (grown != NULL) {
            arr = grown;
        } else {
            bool same = true;
            for (int k = 0; k < 8; k++)
                same &= arr[k] == 1000 + k;
            CHECK(same);
        }
        dyng_i_array_free(arr);
    }
}

/* The sizes that do fit still work: 0 items (one byte is handed out), and an
 * exact product. */
static void test_sizes_that_fit(void) {
    void *p = dyng_i_malloc(0, 16);
    CHECK(p != NULL);
    dyng_i_free(p);
    p = dyng_i_calloc(3, 0);
    CHECK(p != NULL);
    dyng_i_free(p);
    int64_t *a = dyng_i_calloc(5, sizeof(int64_t));
    CHECK(a != NULL);
    if (a != NULL) {
        bool zero = true;
        for (int k = 0; k < 5; k++)
            zero &= a[k] == 0;
        CHECK(zero);
    }
    dyng_i_free(a);
    CHECK(dyng_i_mul_size(SIZE_MAX / 8, 8) == SIZE_MAX / 8 * 8);
}

int main(void) {
    test_mul_size();
    test_wrapped_sizes_are_refused();
    test_sizes_that_fit();
    return check_finish("test_core_alloc_overflow");
}
