/*
 * src/core/alloc.c - checked allocation with fault injection for tests.
 */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* madvise */
#endif
#include <stdatomic.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "alloc.h"

static atomic_int_fast64_t fail_at;    /* 0: never; else the allocation number that fails */
static atomic_int_fast64_t alloc_seen; /* allocations since the last reset */

/* True when this allocation is the one a test asked to fail. */
static int injected_failure(void) {
    int_fast64_t n = atomic_fetch_add(&alloc_seen, 1) + 1;
    int_fast64_t k = atomic_load(&fail_at);
    return k != 0 && n == k;
}

size_t dyng_i_mul_size(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size)
        return SIZE_MAX;
    return count * size;
}

void *dyng_i_malloc(size_t count, size_t size) {
    size_t bytes = dyng_i_mul_size(count, size);
    if (bytes == SIZE_MAX || injected_failure())
        return NULL;
    return malloc(bytes == 0 ? 1 : bytes);
}

void *dyng_i_calloc(size_t count, size_t size) {
    size_t bytes = dyng_i_mul_size(count, size);
    if (bytes == SIZE_MAX || injected_failure())
        return NULL;
    return calloc(bytes == 0 ? 1 : count, bytes == 0 ? 1 : size);
}

void *dyng_i_realloc(void *p, size_t count, size_t size) {
    size_t bytes = dyng_i_mul_size(count, size);
    if (bytes == SIZE_MAX || injected_failure())
        return NULL;
    return realloc(p, bytes == 0 ? 1 : bytes);
}

/* Arrays at least this big are asked to live on huge pages: a graph's rows
 * are touched at random, and TLB misses would otherwise cost as much as the
 * cache misses. (Plain malloc, so that realloc can move them by remapping.) */
#define BIG_BYTES ((size_t)8 << 20)

static void advise_huge(void *p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t page = (size_t)4096;
    uintptr_t start = ((uintptr_t)p + page - 1) & ~(uintptr_t)(page - 1);
    uintptr_t end = ((uintptr_t)p + bytes) & ~(uintptr_t)(page - 1);
    if (p != NULL && bytes >= BIG_BYTES && end > start)
        (void)madvise((void *)start, (size_t)(end - start), MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}

void *dyng_i_malloc_big(size_t count, size_t size) {
    void *p = dyng_i_malloc(count, size);
    if (p != NULL)
        advise_huge(p, dyng_i_mul_size(count, size));
    return p;
}

void *dyng_i_realloc_big(void *p, size_t count, size_t size) {
    size_t bytes = dyng_i_mul_size(count, size);
    void *q = dyng_i_realloc(p, count, size);
    if (q != NULL)
        advise_huge(q, bytes);
    return q;
}

void dyng_i_free(void *p) { free(p); }

int64_t dyng_testing_fail_allocation(int64_t k) {
    int64_t seen = (int64_t)atomic_exchange(&alloc_seen, 0);
    atomic_store(&fail_at, (int_fast64_t)(k < 0 ? 0 : k));
    return seen;
}

int64_t dyng_testing_allocation_count(void) { return (int64_t)atomic_load(&alloc_seen); }
