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

/* True when r's flag or the process-wide flag is set. Every call is a poll
 * point: the place where a long loop may stop with DYNG_INTERRUPTED. */
bool dyng_i_interrupted(const dyng_resources *r);

#ifdef DYNG_TESTING_HOOKS
/* Testing (test builds only, like the allocation hooks of alloc.h): from the
 * k-th poll from now on (k >= 1), every poll reports an interrupt, as if the
 * flag had been set just before that poll; k = 0 stops it. Process-wide.
 * Returns the number of polls since the last call. */
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
