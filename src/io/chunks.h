/*
 * src/io/chunks.h - the parallel text readers' chunks (internal).
 *
 * A reader cuts its text into chunks of whole lines, one pass counts each
 * chunk's entries, the outputs are laid out by prefix sums, and a second pass
 * parses each chunk into its place; so the result is the file's order on any
 * number of threads. Every reader finds where its chunks start here, and runs
 * its passes over them with dyng_i_run_chunks (core/resources_internal.h).
 */
#ifndef DYNG_I_CHUNKS_H
#define DYNG_I_CHUNKS_H

#include <stdint.h>

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

#endif /* DYNG_I_CHUNKS_H */
