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

/* For large arrays that are read at random (a graph's rows, an sssp
 * result's arrays): the same contract, but blocks of 2 MiB or more are asked
 * to live on huge pages. Free them with dyng_i_free. */
void *dyng_i_malloc_big(size_t count, size_t size);
void *dyng_i_realloc_big(void *p, size_t count, size_t size);

/* A graph's arrays (rows, targets, weights): the same contract; growing a
 * big one remaps its pages instead of copying them (Linux). Free them with
 * dyng_i_array_free only. dyng_i_array_grow keeps the first old_count
 * elements and, on failure, returns NULL and leaves `p` as it was. */
void *dyng_i_array_alloc(size_t count, size_t size);
void *dyng_i_array_grow(void *p, size_t old_count, size_t count, size_t size);
void dyng_i_array_free(void *p);

/* What to grow a graph array of `count` elements to when it must grow, by
 * at least one element: a sixty-fourth more when it is mapped memory
 * (growing it remaps pages and copies nothing, so a step costs a system
 * call, not a copy, and the slack is what the graph's memory counts), else
 * an eighth (growing it may copy it, so that each element is copied about
 * eight times as the array grows, which costs less than the repacks that
 * keep the same slack in check; ADR 0002 item 3). */
size_t dyng_i_array_grown_count(const void *p, size_t count);

/* count * size, or SIZE_MAX when it overflows. */
size_t dyng_i_mul_size(size_t count, size_t size);

#ifdef DYNG_TESTING_HOOKS
/* Fault injection, compiled only into test builds (the CMake option
 * DYNG_TESTING_HOOKS, on with DYNG_BUILD_TESTS; never in a wheel).
 * Process-wide.
 *
 * Make the k-th allocation from now fail (k >= 1), or none (k = 0). Returns
 * the number of allocations made since the last call (allocations are
 * counted from the first call on: it returns 0). */
int64_t dyng_testing_fail_allocation(int64_t k);
/* Allocations made since the last dyng_testing_fail_allocation call. */
int64_t dyng_testing_allocation_count(void);
/* Make every allocation of more than `bytes` bytes fail (0: no limit), so
 * that a fuzzer's file that announces a huge size gets DYNG_OUT_OF_MEMORY
 * instead of the machine's memory. Returns the previous limit. */
size_t dyng_testing_allocation_limit(size_t bytes);
/* Fill every block dyng_i_malloc returns from now on with `byte` (0..255),
 * or stop (-1), so that a read of memory nothing wrote gives junk instead of
 * whatever the allocator happened to leave (often zeros, or an old array's
 * entries that look valid). Returns the previous setting. Until it is
 * called, the environment's DYNG_TESTING_JUNK decides (unset: no fill); ctest
 * sets it for every C test. */
int dyng_testing_junk_fill(int byte);
#endif

#endif /* DYNG_I_ALLOC_H */
