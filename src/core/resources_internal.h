/*
 * src/core/resources_internal.h - what the library sees of a resources handle.
 */
#ifndef DYNG_I_RESOURCES_H
#define DYNG_I_RESOURCES_H

#include <stdatomic.h>
#include <stdint.h>

#include "dyng/resources.h"

struct dyng_resources {
    atomic_int refcount;
    dyng_backend backend;
    int num_threads;                /* as asked; 0 = all */
    atomic_int interrupt_flag;      /* set by dyng_interrupt */
    atomic_flag scratch_busy;       /* held while a call uses the scratch buffers */
    void *scratch[2];               /* a call's first and second buffer           */
    atomic_size_t scratch_bytes[2]; /* read by dyng_resources_scratch_bytes at any time */
};

/* Threads a call on `r` uses (>= 1); r NULL means 1. */
int dyng_i_threads(const dyng_resources *r);

/*
 * Run fn(ctx) on a team of `threads` OpenMP threads, or simply call it when
 * threads is 1 (or the build has no OpenMP). A parallel region is not free
 * even when its `if` clause keeps it to one thread: libgomp allocates a team
 * and closes it with a barrier whose last thread always makes a futex
 * system call. A batch of one change entered five such regions, which took
 * two thirds of its apply. fn may hold orphaned worksharing constructs
 * (`omp for`, `omp critical`): called directly, they run on the calling
 * thread alone. Inside an active parallel region fn always gets a team of
 * its own, since an orphaned `omp for` binds to the innermost team and would
 * share its loop with threads that never reach it.
 */
void dyng_i_team(int threads, void (*fn)(void *ctx), void *ctx);

/* Run run(context, k) for every k in [0, n) on `threads` threads of r (in
 * any order), polling r's interrupt flag before each k: the parallel text
 * readers' chunks, the generators' pieces of their arrays. run returns false
 * when chunk k failed; chunks after the first failed one may then be skipped
 * (the earliest error is the one a reader reports, and it is in the lowest
 * failed chunk). Returns DYNG_INTERRUPTED when the flag was seen (some
 * chunks not run), else DYNG_OK. */
dyng_status dyng_i_run_chunks(int64_t n, bool (*run)(void *context, int64_t k), void *context,
                              dyng_resources *r, int threads);

/* True when r's flag or the process-wide flag is set. Every call is a poll
 * point: the place where a long loop may stop with DYNG_INTERRUPTED. */
bool dyng_i_interrupted(const dyng_resources *r);

#ifdef DYNG_TESTING_HOOKS
/* Testing (test builds only, like the allocation hooks of alloc.h): from the
 * k-th poll from now on (k >= 1), every poll reports an interrupt, as if the
 * flag had been set just before that poll; k = 0 stops it. Process-wide.
 * Returns the number of polls since the last call (polls are counted from
 * the first call on: it returns 0). */
int64_t dyng_testing_interrupt_at_poll(int64_t k);
/* Polls since the last dyng_testing_interrupt_at_poll call. */
int64_t dyng_testing_poll_count(void);
#endif

/* Scratch memory of at least `bytes` bytes: the handle's own buffer when no
 * other call holds it, else a private allocation. A call may then ask for a
 * second buffer with dyng_i_scratch_more. Release both with
 * dyng_i_scratch_release. DYNG_OUT_OF_MEMORY leaves nothing to release. */
typedef struct dyng_i_scratch {
    void *ptr;
    void *more;            /* the second buffer, or NULL                    */
    dyng_resources *owner; /* NULL when the buffers are private allocations */
} dyng_i_scratch;

dyng_status dyng_i_scratch_acquire(dyng_i_scratch *s, dyng_resources *r, size_t bytes);
dyng_status dyng_i_scratch_more(dyng_i_scratch *s, size_t bytes);
void dyng_i_scratch_release(dyng_i_scratch *s);

#endif /* DYNG_I_RESOURCES_H */
