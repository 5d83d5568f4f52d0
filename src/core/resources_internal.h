/*
 * src/core/resources_internal.h - what the library sees of a resources handle.
 */
#ifndef DYNG_I_RESOURCES_H
#define DYNG_I_RESOURCES_H

#include <stdatomic.h>

#include "dyng/resources.h"

struct dyng_resources {
    atomic_int refcount;
    dyng_backend backend;
    int num_threads;           /* as asked; 0 = all */
    atomic_int interrupt_flag; /* set by dyng_interrupt */
    atomic_flag scratch_busy;  /* held while a call uses the scratch buffers */
    void *scratch[2];          /* a call's first and second buffer           */
    size_t scratch_bytes[2];
};

/* Threads a call on `r` uses (>= 1); r NULL means 1. */
int dyng_i_threads(const dyng_resources *r);

/* True when r's flag or the process-wide flag is set. */
bool dyng_i_interrupted(const dyng_resources *r);

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
