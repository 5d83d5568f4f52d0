/*
 * src/io/chunks.h - the parallel text readers' chunks (internal).
 *
 * A reader cuts its text into chunks of whole lines, one pass counts each
 * chunk's entries, the outputs are laid out by prefix sums, and a second pass
 * parses each chunk into its place; so the result is the file's order on any
 * number of threads. These are the two pieces every reader shares: where the
 * chunks start, and the loop that runs a pass over them.
 */
#ifndef DYNG_I_CHUNKS_H
#define DYNG_I_CHUNKS_H

#include <stdbool.h>
#include <stdint.h>

#include "dyng/resources.h"
#include "dyng/status.h"

/* Where chunk k of n over [begin, end) starts: the first line start at or
 * after k/n of the way (begin for k = 0, end for k = n). Chunks may be
 * empty; together they hold every line once. */
/* A reader aims for chunks at least this large (bytes). A fuzzing build
 * makes them tiny (-DDYNG_I_CHUNK_BYTES=64), so that small inputs cross
 * chunk boundaries too. */
#ifndef DYNG_I_CHUNK_BYTES
#define DYNG_I_CHUNK_BYTES (256u * 1024u)
#endif

const char *dyng_i_chunk_start(const char *begin, const char *end, int64_t n, int64_t k);

/* Run run(context, k) for every k in [0, n) on the resources' threads (in
 * any order). run returns false when chunk k failed; chunks after the first
 * failed one may then be skipped (the earliest error is the one a reader
 * reports, and it is in the lowest failed chunk). Returns DYNG_INTERRUPTED
 * when the interrupt flag was seen (some chunks not run), else DYNG_OK. */
dyng_status dyng_i_run_chunks(int64_t n, bool (*run)(void *context, int64_t k), void *context,
                              dyng_resources *r, int threads);

#endif /* DYNG_I_CHUNKS_H */
