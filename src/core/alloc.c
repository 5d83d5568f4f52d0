/*
 * src/core/alloc.c - checked allocation with fault injection for tests.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE 1 /* madvise, mremap */
#endif
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "alloc.h"

#ifdef DYNG_TESTING_HOOKS
/* Fault injection (test builds only; see alloc.h). Allocations are counted
 * from the first call of dyng_testing_fail_allocation on, so that a test
 * build that never asks (the benchmarks run on one) does not have its
 * threads take turns at one shared counter (as polls, resources.c). */
static atomic_bool counting;           /* set by the first dyng_testing_fail_allocation */
static atomic_int_fast64_t fail_at;    /* 0: never; else the allocation number that fails */
static atomic_int_fast64_t alloc_seen; /* allocations since the last reset */
static atomic_size_t size_limit;       /* 0: none; else bigger requests fail      */
static atomic_int junk_byte = -2;      /* -1: none; else what new blocks are filled
                                          with; -2: not yet read from the environment */

/* True when this allocation (of `bytes`) is one a test asked to fail. */
static int injected_failure_of(size_t bytes) {
    int fail = 0;
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        int_fast64_t n = atomic_fetch_add(&alloc_seen, 1) + 1;
        int_fast64_t k = atomic_load(&fail_at);
        fail = k != 0 && n == k;
    }
    size_t limit = atomic_load(&size_limit);
    return fail || (limit != 0 && bytes > limit);
}

int64_t dyng_testing_fail_allocation(int64_t k) {
    atomic_store(&counting, true);
    int64_t seen = (int64_t)atomic_exchange(&alloc_seen, 0);
    atomic_store(&fail_at, (int_fast64_t)(k < 0 ? 0 : k));
    return seen;
}

int64_t dyng_testing_allocation_count(void) { return (int64_t)atomic_load(&alloc_seen); }

size_t dyng_testing_allocation_limit(size_t bytes) { return atomic_exchange(&size_limit, bytes); }

/* The junk byte: set by dyng_testing_junk_fill, else DYNG_TESTING_JUNK (a
 * number from 0 to 255) in the environment when first asked. */
static int junk(void) {
    int byte = atomic_load(&junk_byte);
    if (byte == -2) {
        const char *env = getenv("DYNG_TESTING_JUNK");
        int want = env != NULL && *env != '\0' ? atoi(env) : -1;
        want = want < 0 ? -1 : want & 0xFF;
        int expected = -2;
        atomic_compare_exchange_strong(&junk_byte, &expected, want);
        byte = atomic_load(&junk_byte);
    }
    return byte;
}

int dyng_testing_junk_fill(int byte) {
    const int before = junk();
    atomic_store(&junk_byte, byte < 0 ? -1 : byte & 0xFF);
    return before;
}

/* Fill a new block with the junk byte, when a test asked for one. */
static void *junk_filled(void *p, size_t bytes) {
    const int byte = junk();
    if (p != NULL && byte >= 0)
        memset(p, byte, bytes);
    return p;
}
#else
#define injected_failure_of(bytes) ((void)(bytes), 0)
#define junk_filled(p, bytes) ((void)(bytes), (p))
#endif

size_t dyng_i_mul_size(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size)
        return SIZE_MAX;
    return count * size;
}

void *dyng_i_malloc(size_t count, size_t size) {
    size_t bytes = dyng_i_mul_size(count, size);
    if (bytes == SIZE_MAX || injected_failure_of(bytes))
        return NULL;
    return junk_filled(malloc(bytes == 0 ? 1 : bytes), bytes);
}

void *dyng_i_calloc(size_t count, size_t size) {
    size_t bytes = dyng_i_mul_size(count, size);
    if (bytes == SIZE_MAX || injected_failure_of(bytes))
        return NULL;
    return calloc(bytes == 0 ? 1 : count, bytes == 0 ? 1 : size);
}

void *dyng_i_realloc(void *p, size_t count, size_t size) {
    size_t bytes = dyng_i_mul_size(count, size);
    if (bytes == SIZE_MAX || injected_failure_of(bytes))
        return NULL;
    return realloc(p, bytes == 0 ? 1 : bytes);
}

/* Blocks of dyng_i_malloc_big at least this big, and the mapped blocks of
 * dyng_i_array_alloc, are asked to live on huge pages: a graph's rows and
 * an sssp result's arrays are touched at random, and TLB misses would
 * otherwise cost as much as the cache misses. From one huge page up (the
 * kernel backs only the whole, aligned 2 MiB pages inside the range, so a
 * smaller block would get none); it was 8 MiB, which left the arrays of a
 * tree of a million vertices (8,000,000 bytes) on small pages. */
#define HUGE_ADVICE_BYTES ((size_t)2 << 20)

/* Graph arrays at least this big are mapped memory (dyng_i_array_alloc).
 * (dyng_i_malloc_big stays plain malloc, so that realloc can move its
 * blocks by remapping.) */
#define BIG_BYTES ((size_t)8 << 20)

static void advise_huge(void *p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t page = (size_t)4096;
    uintptr_t start = ((uintptr_t)p + page - 1) & ~(uintptr_t)(page - 1);
    uintptr_t end = ((uintptr_t)p + bytes) & ~(uintptr_t)(page - 1);
    if (p != NULL && bytes >= HUGE_ADVICE_BYTES && end > start)
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

/*
 * A graph's arrays. Each block starts with a header that says how it was
 * made; the caller sees the bytes after it. Blocks of BIG_BYTES or more are
 * mapped memory on Linux, so that growing one remaps its pages (mremap)
 * instead of copying them, whatever malloc's own threshold for mapping has
 * drifted to; they are also asked to live on huge pages.
 */
typedef struct array_header {
    size_t mapped; /* bytes mapped, header included; 0: a malloc block */
    size_t pad[7]; /* keeps the caller's bytes 64-byte aligned          */
} array_header;

#if defined(__linux__) && defined(MREMAP_MAYMOVE)
#define DYNG_I_CAN_MAP 1
#endif

#ifdef DYNG_I_CAN_MAP
/* Bytes to map for a block: header included, whole pages. */
static size_t map_size(size_t bytes) {
    return (bytes + sizeof(array_header) + 4095) & ~(size_t)4095;
}
#endif

#ifdef DYNG_I_CAN_MAP
#define HUGE_PAGE ((size_t)2 << 20)

/* A fresh mapping of `total` bytes that starts on a huge-page boundary (so
 * that its huge pages survive a move by mremap), or NULL. */
static void *map_aligned(size_t total) {
    const size_t span = total + HUGE_PAGE;
    char *m = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    char *a = (char *)(((uintptr_t)m + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (a > m)
        (void)munmap(m, (size_t)(a - m));
    if (m + span > a + total)
        (void)munmap(a + total, (size_t)(m + span - (a + total)));
    return a;
}
#endif

static void *array_block(size_t bytes) {
#ifdef DYNG_I_CAN_MAP
    if (bytes >= BIG_BYTES) {
        size_t total = map_size(bytes);
        void *m = map_aligned(total);
        if (m == NULL)
            return NULL;
        advise_huge(m, total);
        ((array_header *)m)->mapped = total;
        return (array_header *)m + 1;
    }
#endif
    array_header *h = malloc(bytes + sizeof(array_header));
    if (h == NULL)
        return NULL;
    h->mapped = 0;
    return h + 1;
}

void *dyng_i_array_alloc(size_t count, size_t size) {
    size_t bytes = dyng_i_mul_size(count, size);
    if (bytes > SIZE_MAX / 2 || injected_failure_of(bytes))
        return NULL;
    return array_block(bytes == 0 ? 1 : bytes);
}

void *dyng_i_array_grow(void *p, size_t old_count, size_t count, size_t size) {
    size_t bytes = dyng_i_mul_size(count, size);
    if (bytes > SIZE_MAX / 2 || injected_failure_of(bytes))
        return NULL;
    if (p == NULL)
        return array_block(bytes == 0 ? 1 : bytes);
    array_header *h = (array_header *)p - 1;
    const size_t total = bytes + sizeof(array_header);
#ifdef DYNG_I_CAN_MAP
    if (h->mapped != 0) {
        const size_t want = map_size(bytes);
        if (want <= h->mapped)
            return p;
        /* Grow where it is if the pages after it are free; else move the
         * pages (not their contents) to a new aligned place. */
        void *m = mremap(h, h->mapped, want, 0);
        if (m == MAP_FAILED) {
            void *to = map_aligned(want);
            if (to == NULL)
                return NULL;
            m = mremap(h, h->mapped, want, MREMAP_MAYMOVE | MREMAP_FIXED, to);
            if (m == MAP_FAILED) {
                (void)munmap(to, want);
                return NULL;
            }
        }
#ifdef MADV_NOHUGEPAGE
        /* Pages the block gains from now on are small: a huge page first
         * touched in the middle of a call can stall it for milliseconds while
         * the kernel compacts memory to find one (the default "defrag" of
         * madvised memory); the huge pages it already has stay. */
        (void)madvise(m, want, MADV_NOHUGEPAGE);
#endif
        ((array_header *)m)->mapped = want;
        return (array_header *)m + 1;
    }
    if (bytes >= BIG_BYTES) { /* a malloc block becomes a mapping, once */
        void *q = array_block(bytes);
        if (q == NULL)
            return NULL;
        size_t keep = dyng_i_mul_size(old_count, size);
        memcpy(q, p, keep < bytes ? keep : bytes);
        free(h);
        return q;
    }
#else
    (void)old_count;
#endif
    array_header *g = realloc(h, total);
    if (g == NULL)
        return NULL;
    return g + 1;
}

size_t dyng_i_array_grown_count(const void *p, size_t count) {
    size_t more = count / 8;
#ifdef DYNG_I_CAN_MAP
    if (p != NULL && ((const array_header *)p - 1)->mapped != 0)
        more = count / 64;
#else
    (void)p;
#endif
    return count + (more > 0 ? more : 1);
}

void dyng_i_array_free(void *p) {
    if (p == NULL)
        return;
    array_header *h = (array_header *)p - 1;
#ifdef DYNG_I_CAN_MAP
    if (h->mapped != 0) {
        (void)munmap(h, h->mapped);
        return;
    }
#endif
    free(h);
}
