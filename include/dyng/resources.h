/*
 * dyng/resources.h - execution resources: backend, threads, scratch space and
 * the interrupt flag.
 *
 * A dyng_resources handle says how calls run (sequentially or with OpenMP, on
 * how many threads), owns scratch space that calls reuse (so a steady stream
 * of batches allocates nothing new), and carries an interrupt flag. Long loops
 * poll the flag (and the process-wide one); a call that sees it set returns
 * DYNG_INTERRUPTED and changes nothing. The flag stays set until cleared.
 *
 * Handles are reference counted: a graph keeps a reference to the handle it
 * runs on. dyng_resources_free drops the caller's reference; the handle goes
 * away with the last one. Setting fields of a handle while another thread
 * runs a call on it is not supported; the interrupt functions may be called
 * from any thread (and from a signal handler) at any time.
 *
 * Calls may be made from inside the caller's own OpenMP parallel region, each
 * thread on objects of its own: a call's parallel steps then run in a team of
 * their own (nested; on the calling thread alone under OpenMP's default of
 * one active level). An apply, an sssp repair or a cycle count whose work is
 * small runs on the calling thread without entering the OpenMP runtime,
 * whatever its handle's thread count.
 */
#ifndef DYNG_RESOURCES_H
#define DYNG_RESOURCES_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dyng_resources dyng_resources;

typedef enum dyng_backend { DYNG_BACKEND_SEQUENTIAL = 0, DYNG_BACKEND_OPENMP = 1 } dyng_backend;

/* "sequential" or "openmp". */
const char *dyng_backend_name(dyng_backend backend);

/* True when the library was built with OpenMP. */
bool dyng_openmp_available(void);

/* The most threads a handle asks for. (A count the system cannot start
 * would make the OpenMP runtime end the process at the first parallel call,
 * not fail the call.) */
#define DYNG_MAX_THREADS 1024

/* Create a handle. num_threads 0 means all available threads (always 1 for
 * the sequential backend). Errors: DYNG_NOT_SUPPORTED for OpenMP in a build
 * without it; DYNG_INVALID_ARGUMENT for a thread count outside
 * 0 .. DYNG_MAX_THREADS or an unknown backend; DYNG_OUT_OF_MEMORY. *out is
 * NULL on failure. */
dyng_status dyng_resources_new(dyng_resources **out, dyng_backend backend, int num_threads);

/* Drop one reference; *r becomes NULL. Accepts NULL and *r == NULL. */
dyng_status dyng_resources_free(dyng_resources **r);

/* Take one more reference (released with dyng_resources_free). */
dyng_status dyng_resources_retain(dyng_resources *r);

/* The process-wide default: OpenMP on all threads where built, sequential
 * otherwise. Returns a new reference in *out. */
dyng_status dyng_resources_default(dyng_resources **out);

dyng_status dyng_resources_backend(dyng_backend *backend, const dyng_resources *r);

/* The number of threads calls will use (resolved: never 0). In a child
 * process made by fork() from a thread that had run libdyng's OpenMP teams,
 * every handle uses 1: GNU OpenMP's parked threads do not exist in the child,
 * and its next team of two or more would wait for them for ever. */
dyng_status dyng_resources_num_threads(int *num_threads, const dyng_resources *r);

/* Bytes of scratch space the handle holds now. */
dyng_status dyng_resources_scratch_bytes(size_t *bytes, const dyng_resources *r);

/* Give the scratch space back to the system. */
dyng_status dyng_resources_release_scratch(dyng_resources *r);

/* Set / clear / read the handle's interrupt flag. r == NULL means the
 * process-wide flag, which every call polls as well. Async-signal-safe. */
dyng_status dyng_interrupt(dyng_resources *r);
dyng_status dyng_interrupt_clear(dyng_resources *r);
dyng_status dyng_interrupt_is_set(bool *set, const dyng_resources *r);

#ifdef __cplusplus
}
#endif
#endif /* DYNG_RESOURCES_H */
