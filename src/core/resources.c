/*
 * src/core/resources.c - backends, thread counts, scratch space, interrupts.
 */
#include <stdatomic.h>
#include <stdlib.h>

#ifdef _OPENMP
#include <omp.h>
#ifndef _WIN32
#include <pthread.h>
#define DYNG_I_FORK_GUARD 1
#endif
#endif

#include "alloc.h"
#include "error.h"
#include "resources_internal.h"

static atomic_int process_interrupt;

const char *dyng_backend_name(dyng_backend backend) {
    switch (backend) {
    case DYNG_BACKEND_SEQUENTIAL: return "sequential";
    case DYNG_BACKEND_OPENMP: return "openmp";
    }
    return "unknown";
}

bool dyng_openmp_available(void) {
#ifdef _OPENMP
    return true;
#else
    return false;
#endif
}

dyng_status dyng_resources_new(dyng_resources **out, dyng_backend backend, int num_threads) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    if (backend != DYNG_BACKEND_SEQUENTIAL && backend != DYNG_BACKEND_OPENMP)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "unknown backend %d; accepted: sequential (0), openmp (1)",
                            (int)backend);
    if (num_threads < 0 || num_threads > DYNG_MAX_THREADS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "num_threads is %d; accepted: 0 (all available) or 1 .. %d",
                            num_threads, DYNG_MAX_THREADS);
    if (backend == DYNG_BACKEND_OPENMP && !dyng_openmp_available())
        return dyng_i_error(DYNG_NOT_SUPPORTED,
                            "the openmp backend is not built into this libdyng; use sequential");
    dyng_resources *r = dyng_i_calloc(1, sizeof *r);
    if (r == NULL)
        return dyng_i_oom("a resources handle", sizeof *r);
    atomic_init(&r->refcount, 1);
    atomic_init(&r->interrupt_flag, 0);
    atomic_flag_clear(&r->scratch_busy);
    r->backend = backend;
    r->num_threads = backend == DYNG_BACKEND_SEQUENTIAL ? 1 : num_threads;
    *out = r;
    return DYNG_OK;
}

dyng_status dyng_resources_retain(dyng_resources *r) {
    DYNG_I_CHECK_ARG(r);
    atomic_fetch_add(&r->refcount, 1);
    return DYNG_OK;
}

dyng_status dyng_resources_free(dyng_resources **r) {
    if (r == NULL || *r == NULL)
        return DYNG_OK;
    if (atomic_fetch_sub(&(*r)->refcount, 1) == 1) {
        dyng_i_free((*r)->scratch[0]);
        dyng_i_free((*r)->scratch[1]);
        dyng_i_free(*r);
    }
    *r = NULL;
    return DYNG_OK;
}

dyng_status dyng_resources_default(dyng_resources **out) {
    DYNG_I_CHECK_ARG(out);
    return dyng_resources_new(
        out, dyng_openmp_available() ? DYNG_BACKEND_OPENMP : DYNG_BACKEND_SEQUENTIAL, 0);
}

dyng_status dyng_resources_backend(dyng_backend *backend, const dyng_resources *r) {
    DYNG_I_CHECK_ARG(backend);
    DYNG_I_CHECK_ARG(r);
    *backend = r->backend;
    return DYNG_OK;
}

#ifdef DYNG_I_FORK_GUARD
/*
 * fork() and OpenMP. GNU OpenMP keeps the threads of a team parked for the
 * next region, in a pool that belongs to the thread that ran the team. A
 * child process made by fork() has only a copy of the forking thread, and its
 * pool still lists the parked threads, which the child does not have: its
 * first region of more than one thread waits for them for ever (a region of
 * one thread does not use the pool). This is what multiprocessing's "fork"
 * start method runs into. So a thread that asks for a team says so in
 * ran_team; a child forked from such a thread sees the copy of that flag in
 * after_fork_in_child and runs every later call on one thread. A child of a
 * thread that never ran a team (a daemon that forks before any work) keeps
 * its threads. The OpenMP work of another library on the forking thread is
 * not seen here, and its pool hangs the child the same way.
 */
static _Thread_local bool ran_team;
static atomic_int one_thread_after_fork;
static pthread_once_t fork_handler_once = PTHREAD_ONCE_INIT;

static void after_fork_in_child(void) {
    if (ran_team)
        atomic_store(&one_thread_after_fork, 1);
}

static void register_fork_handler(void) { pthread_atfork(NULL, NULL, after_fork_in_child); }
#endif

int dyng_i_threads(const dyng_resources *r) {
    if (r == NULL || r->backend == DYNG_BACKEND_SEQUENTIAL)
        return 1;
#ifdef _OPENMP
    int t = r->num_threads > 0 ? r->num_threads : omp_get_max_threads();
    t = t < 1 ? 1 : t > DYNG_MAX_THREADS ? DYNG_MAX_THREADS : t;
#ifdef DYNG_I_FORK_GUARD
    if (t > 1) {
        if (atomic_load_explicit(&one_thread_after_fork, memory_order_relaxed))
            return 1;
        if (!ran_team) {
            pthread_once(&fork_handler_once, register_fork_handler);
            ran_team = true;
        }
    }
#endif
    return t;
#else
    return 1;
#endif
}

void dyng_i_team(int threads, void (*fn)(void *ctx), void *ctx) {
#ifdef _OPENMP
    /* Inside an active region (a caller's team, or the apply's team of two
     * directions), fn's worksharing would bind to that team: give it its own. */
    if (threads > 1 || omp_in_parallel()) {
#pragma omp parallel num_threads(threads)
        fn(ctx);
        return;
    }
#endif
    (void)threads;
    fn(ctx);
}

/* Chunk k of dyng_i_run_chunks: skipped once the flag is seen or a lower
 * chunk failed. */
static inline void run_chunk(int64_t k, bool (*run)(void *context, int64_t k), void *context,
                             dyng_resources *r, atomic_int_fast64_t *first_failed,
                             atomic_int *interrupted) {
    if (atomic_load(interrupted) || k > (int64_t)atomic_load(first_failed))
        return;
    if (dyng_i_interrupted(r)) {
        atomic_store(interrupted, 1);
        return;
    }
    if (!run(context, k)) {
        int_fast64_t seen = atomic_load(first_failed);
        while (k < seen && !atomic_compare_exchange_weak(first_failed, &seen, k))
            ;
    }
}

dyng_status dyng_i_run_chunks(int64_t n, bool (*run)(void *context, int64_t k), void *context,
                              dyng_resources *r, int threads) {
    atomic_int_fast64_t first_failed;
    atomic_int interrupted;
    atomic_init(&first_failed, n);
    atomic_init(&interrupted, 0);
    if (threads > 1 && n > 1) {
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#endif
        for (int64_t k = 0; k < n; k++)
            run_chunk(k, run, context, r, &first_failed, &interrupted);
    } else {
        /* One thread, or one chunk: no parallel region (entering one costs
         * more than a short call's work, one edge_weights pair say). */
        for (int64_t k = 0; k < n; k++)
            run_chunk(k, run, context, r, &first_failed, &interrupted);
    }
    return atomic_load(&interrupted) ? DYNG_INTERRUPTED : DYNG_OK;
}

dyng_status dyng_resources_num_threads(int *num_threads, const dyng_resources *r) {
    DYNG_I_CHECK_ARG(num_threads);
    DYNG_I_CHECK_ARG(r);
    *num_threads = dyng_i_threads(r);
    return DYNG_OK;
}

dyng_status dyng_resources_scratch_bytes(size_t *bytes, const dyng_resources *r) {
    DYNG_I_CHECK_ARG(bytes);
    DYNG_I_CHECK_ARG(r);
    /* Read while another thread's call may grow the buffers: the sizes are
     * atomics, the buffers themselves belong to whoever holds scratch_busy. */
    *bytes = atomic_load_explicit(&((dyng_resources *)r)->scratch_bytes[0], memory_order_relaxed) +
             atomic_load_explicit(&((dyng_resources *)r)->scratch_bytes[1], memory_order_relaxed);
    return DYNG_OK;
}

dyng_status dyng_resources_release_scratch(dyng_resources *r) {
    DYNG_I_CHECK_ARG(r);
    if (atomic_flag_test_and_set(&r->scratch_busy))
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "the scratch space is in use by a running call");
    for (int i = 0; i < 2; i++) {
        dyng_i_free(r->scratch[i]);
        r->scratch[i] = NULL;
        atomic_store_explicit(&r->scratch_bytes[i], 0, memory_order_relaxed);
    }
    atomic_flag_clear(&r->scratch_busy);
    return DYNG_OK;
}

dyng_status dyng_interrupt(dyng_resources *r) {
    atomic_store(r != NULL ? &r->interrupt_flag : &process_interrupt, 1);
    return DYNG_OK;
}

dyng_status dyng_interrupt_clear(dyng_resources *r) {
    atomic_store(r != NULL ? &r->interrupt_flag : &process_interrupt, 0);
    return DYNG_OK;
}

dyng_status dyng_interrupt_is_set(bool *set, const dyng_resources *r) {
    DYNG_I_CHECK_ARG(set);
    *set = r != NULL ? atomic_load(&((dyng_resources *)r)->interrupt_flag) != 0
                     : atomic_load(&process_interrupt) != 0;
    return DYNG_OK;
}

#ifdef DYNG_TESTING_HOOKS
/* Interrupts injected at a poll (test builds only; resources_internal.h).
 * Polls are counted from the first call of dyng_testing_interrupt_at_poll on:
 * until a test asks, a poll only reads `counting`, so a test build's threads
 * (the benchmarks run on one) do not take turns at one shared counter at
 * every poll, which made two threads slower than one on small graphs. */
static atomic_bool counting;                  /* set by the first call below               */
static atomic_int_fast64_t poll_interrupt_at; /* 0: never; else the poll that sets the flag */
static atomic_int_fast64_t polls_seen;        /* polls since the last reset                */

int64_t dyng_testing_interrupt_at_poll(int64_t k) {
    atomic_store(&counting, true);
    int64_t seen = (int64_t)atomic_exchange(&polls_seen, 0);
    atomic_store(&poll_interrupt_at, (int_fast64_t)(k < 0 ? 0 : k));
    return seen;
}

int64_t dyng_testing_poll_count(void) { return (int64_t)atomic_load(&polls_seen); }

/* True from the k-th poll on, as if the flag had been set just before it. */
static bool injected_interrupt(void) {
    if (!atomic_load_explicit(&counting, memory_order_relaxed))
        return false;
    int_fast64_t n = atomic_fetch_add(&polls_seen, 1) + 1;
    int_fast64_t k = atomic_load(&poll_interrupt_at);
    return k != 0 && n >= k;
}
#else
#define injected_interrupt() false
#endif

bool dyng_i_interrupted(const dyng_resources *r) {
    if (injected_interrupt())
        return true;
    if (atomic_load(&process_interrupt) != 0)
        return true;
    return r != NULL && atomic_load(&((dyng_resources *)r)->interrupt_flag) != 0;
}

/* Make the handle's buffer `i` hold at least `bytes` (the caller holds the
 * busy flag). Grows by half again, so a slowly growing stream of batches
 * settles after a few calls. Plain pages, not huge ones: an apply walks its
 * planning arrays in order, and a huge page first touched costs a stall
 * while the kernel compacts memory to find one (the first 50,000-change
 * batch on a new handle took 60 ms with huge pages here, 20 ms without; the
 * ones after it 12 ms either way). */
static dyng_status grow_slot(dyng_resources *r, int i, size_t bytes) {
    if (atomic_load_explicit(&r->scratch_bytes[i], memory_order_relaxed) >= bytes)
        return DYNG_OK;
    size_t want = bytes + bytes / 2;
    void *p = dyng_i_malloc(want, 1);
    if (p == NULL)
        return dyng_i_oom("scratch space", want);
    dyng_i_free(r->scratch[i]);
    r->scratch[i] = p;
    atomic_store_explicit(&r->scratch_bytes[i], want, memory_order_relaxed);
    return DYNG_OK;
}

dyng_status dyng_i_scratch_acquire(dyng_i_scratch *s, dyng_resources *r, size_t bytes) {
    s->ptr = NULL;
    s->more = NULL;
    s->owner = NULL;
    if (r != NULL && !atomic_flag_test_and_set(&r->scratch_busy)) {
        dyng_status st = grow_slot(r, 0, bytes);
        if (st != DYNG_OK) {
            atomic_flag_clear(&r->scratch_busy);
            return st;
        }
        s->ptr = r->scratch[0];
        s->owner = r;
        return DYNG_OK;
    }
    s->ptr = dyng_i_malloc(bytes, 1);
    if (s->ptr == NULL)
        return dyng_i_oom("scratch space", bytes);
    return DYNG_OK;
}

dyng_status dyng_i_scratch_more(dyng_i_scratch *s, size_t bytes) {
    if (s->owner != NULL) {
        DYNG_I_TRY(grow_slot(s->owner, 1, bytes));
        s->more = s->owner->scratch[1];
        return DYNG_OK;
    }
    dyng_i_free(s->more);
    s->more = dyng_i_malloc(bytes, 1);
    if (s->more == NULL)
        return dyng_i_oom("scratch space", bytes);
    return DYNG_OK;
}

void dyng_i_scratch_release(dyng_i_scratch *s) {
    if (s->owner != NULL) {
        atomic_flag_clear(&s->owner->scratch_busy);
    } else {
        dyng_i_free(s->ptr);
        dyng_i_free(s->more);
    }
    s->ptr = NULL;
    s->more = NULL;
    s->owner = NULL;
}
