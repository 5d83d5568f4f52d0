/*
 * src/core/alloc.h - every allocation of libdyng goes through here (internal).
 *
 * The wrappers check size arithmetic for overflow (returning NULL) and let the
 * tests fail the k-th allocation from now on ("brutal" testing: each call is
 * run with its 1st, 2nd, 3rd ... allocation failing until it succeeds, and the
 * inputs are checked to be untouched after each failure).
 */
#ifndef DYNG_I_ALLOC_H
#define DYNG_I_ALLOC_H

#include <stddef.h>
#include <stdint.h>

void *dyng_i_malloc(size_t count, size_t size);
void *dyng_i_calloc(size_t count, size_t size);
/* On failure returns NULL and leaves `p` as it was. */
void *dyng_i_realloc(void *p, size_t count, size_t size);
void dyng_i_free(void *p);

/* For large arrays that are read at random (a graph's rows): the same
 * contract, but big blocks are asked to live on huge pages. */
void *dyng_i_malloc_big(size_t count, size_t size);
void *dyng_i_realloc_big(void *p, size_t count, size_t size);

/* count * size, or SIZE_MAX when it overflows. */
size_t dyng_i_mul_size(size_t count, size_t size);

/* Testing: make the k-th allocation from now fail (k >= 1), or none (k = 0).
 * Process-wide. Returns the number of allocations made since the last call. */
int64_t dyng_testing_fail_allocation(int64_t k);
/* Allocations made since the last dyng_testing_fail_allocation call. */
int64_t dyng_testing_allocation_count(void);

#endif /* DYNG_I_ALLOC_H */
