/*
 * src/io/chunks.h - the parallel text readers' chunks (internal).
 *
 * A reader (mm_read.c, el_read.c, table.c) has its whole text in memory,
 * NUL-terminated and padded (file.h), and reads it in two passes over chunks
 * of whole lines, a few per thread:
 *
 *     dyng_i_chunk *chunks;
 *     int64_t n, entries;
 *     st = dyng_i_chunks_count(&chunks, &n, &entries, path, begin, end, 1, true, false,
 *                              CHUNKS_PER_THREAD, resources);
 *     ... room for `entries` outputs, laid out by each chunk's first_entry ...
 *     st = dyng_i_chunks_parse(chunks, n, parse_chunk, &job, path, resources);
 *
 * Pass 1 counts each chunk's lines and data lines; prefix sums give each chunk
 * its first line number and the index of its first data line. Pass 2 parses
 * each chunk into its place, so the result is the file's order on any number
 * of threads. Each chunk stops at its first error and records it (the
 * thread-local message belongs to the calling thread); the one reported is
 * that of the first failing chunk, the earliest in the file. Both passes poll
 * the interrupt flag before each chunk (dyng_i_run_chunks).
 */
#ifndef DYNG_I_CHUNKS_H
#define DYNG_I_CHUNKS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/error.h"
#include "dyng/resources.h"

/* A reader aims for chunks at least this large (bytes). A fuzzing build
 * makes them tiny (-DDYNG_I_CHUNK_BYTES=64), so that small inputs cross
 * chunk boundaries too. */
#ifndef DYNG_I_CHUNK_BYTES
#define DYNG_I_CHUNK_BYTES (256u * 1024u)
#endif

/* One chunk. The fields after first_entry are the parsers' own (a reader
 * leaves the ones it has no use for at 0). */
typedef struct dyng_i_chunk {
    const char *begin, *end; /* whole lines; end is after a '\n' or at the text's end */
    int64_t lines;           /* pass 1: newlines                                      */
    int64_t entries;         /* pass 1: data lines (neither blank nor a comment)      */
    int64_t first_line;      /* the line number at begin                              */
    int64_t first_entry;     /* the index of its first data line in the text          */
    int64_t out_begin;       /* where its outputs are once placed (a reader's rule)   */
    int64_t out_count;       /* outputs written                                       */
    int64_t dropped;         /* data lines dropped (edge lists: self-loops)           */
    int64_t max_id;          /* the largest id written (edge lists), -1 for none      */
    int64_t cr_line;         /* pass 1: 1 + the newlines before its first lone CR, or 0 */
    int64_t cr_column;       /* pass 1: that CR's column                              */
    bool past_int32;         /* the error is an id that int64 ids would hold          */
    dyng_status status;      /* pass 2: DYNG_OK, or the chunk's first error           */
    int64_t err_line, err_column;
    char message[224];
} dyng_i_chunk;

/* Where chunk k of n over [begin, end) starts: the first line start at or
 * after k/n of the way (begin for k = 0, end for k = n). Chunks may be
 * empty; together they hold every line once. */
const char *dyng_i_chunk_start(const char *begin, const char *end, int64_t n, int64_t k);

/*
 * Cut [begin, end) into chunks (about DYNG_I_CHUNK_BYTES each, at most
 * per_thread per thread of r) and run pass 1 on r's threads: a line is data
 * unless it is blank or its first non-blank byte starts a comment ('%', and
 * '#' too with hash_comments); with lone_cr it also finds each chunk's first
 * CR that no LF follows (dyng_i_chunks_lone_cr). first_line counts from `line`. *chunks (free
 * with dyng_i_free) gets the chunks, zeroed but for the counts and the prefix
 * sums; *n their count and *entries the data lines. Fails with
 * DYNG_OUT_OF_MEMORY or DYNG_INTERRUPTED ("interrupted while reading
 * <path>"), with nothing allocated.
 */
dyng_status dyng_i_chunks_count(dyng_i_chunk **chunks, int64_t *n, int64_t *entries,
                                const char *path, const char *begin, const char *end, int64_t line,
                                bool hash_comments, bool lone_cr, int per_thread,
                                dyng_resources *r);

/* DYNG_FILE_FORMAT at the first carriage return of the text that is not
 * followed by a line feed (pass 1 finds them; old Mac files end their lines
 * so, and a reader that took CR as a blank would read such a file as one
 * line), else DYNG_OK. For the readers that refuse CR-only line ends, whose
 * pass 1 ran with lone_cr (the others do not pay for the look). */
dyng_status dyng_i_chunks_lone_cr(const dyng_i_chunk *chunks, int64_t n, const char *path);

/* Pass 2: parse(job, chunk) on every chunk, on r's threads; a chunk after
 * one that failed may be skipped. Returns DYNG_OK, DYNG_INTERRUPTED as
 * dyng_i_chunks_count, or the first failed chunk's status with its error as
 * the thread's message: the path, line and column (a file error for
 * DYNG_FILE_FORMAT, the location for any other status). */
dyng_status dyng_i_chunks_parse(dyng_i_chunk *chunks, int64_t n,
                                void (*parse)(const void *job, dyng_i_chunk *c), const void *job,
                                const char *path, dyng_resources *r);

/* Record c's first error: its status, where it is and what it says. */
void dyng_i_chunk_fail(dyng_i_chunk *c, dyng_status status, int64_t line, int64_t column,
                       const char *fmt, ...) DYNG_I_PRINTF(5, 6);

/* The first chunk that failed (the earliest error in the text), or NULL:
 * what a reader looks at to try again (an edge list of ids past int32). */
const dyng_i_chunk *dyng_i_chunks_failed(const dyng_i_chunk *chunks, int64_t n);

#endif /* DYNG_I_CHUNKS_H */
