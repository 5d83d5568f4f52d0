/*
 * src/io/mm.h - the Matrix Market reader's parts (internal).
 *
 * Reading a file is: load it whole (file.h), parse the banner, comments and
 * size line (mm_header.c), then parse the entry section in parallel chunks
 * (mm_read.c). dyng_mm_read_graph (mm_graph.c) runs the same steps with
 * options derived from the graph properties.
 */
#ifndef DYNG_I_MM_H
#define DYNG_I_MM_H

#include <stddef.h>
#include <stdint.h>

#include "dyng/io.h"

/* What the banner and the size line say, and where the entries start. */
typedef struct dyng_i_mm_header {
    dyng_mm_field field;
    dyng_mm_symmetry symmetry;
    int64_t rows, cols, nnz;
    int64_t size_line;   /* the line number of the size line         */
    int64_t rows_column; /* columns of its first two numbers         */
    int64_t cols_column;
    size_t body;       /* offset of the first byte after it        */
    int64_t body_line; /* the line number at `body`                */
} dyng_i_mm_header;

/* Parse everything before the entries of buf[0..len) (buf[len] is a NUL).
 * Errors: DYNG_FILE_FORMAT with the line and column of the offending token. */
dyng_status dyng_i_mm_parse_header(dyng_i_mm_header *h, const char *path, const char *buf,
                                   size_t len);

/* DYNG_CAPACITY (with the size line's location) when the matrix has more
 * rows or columns than ids of `vertex_type` can name; DYNG_OK otherwise. */
dyng_status dyng_i_mm_check_capacity(const dyng_i_mm_header *h, const char *path,
                                     dyng_type vertex_type);

/* The line and column just past the last byte of buf[0..len), counting lines
 * from `line` at offset `from` (where a missing line or entry is reported). */
void dyng_i_text_end(const char *buf, size_t len, size_t from, int64_t line, int64_t *end_line,
                     int64_t *end_column);

/* Parse the entry section into *out (zeroed first; allocated only on
 * success). `options` must be valid and the capacity checked. Runs on the
 * threads of `resources` (not NULL). Errors: DYNG_FILE_FORMAT (with the
 * location of the first offending token in file order), DYNG_OUT_OF_MEMORY,
 * DYNG_INTERRUPTED. */
dyng_status dyng_i_mm_parse_body(dyng_edge_arrays *out, const char *path, const char *buf,
                                 size_t len, const dyng_i_mm_header *h,
                                 const dyng_mm_read_options *options, dyng_resources *resources);

/* Copy the token at t (up to a blank, newline or NUL; at most 32 bytes, "..."
 * marking a cut) into dst as a C string, for messages. */
void dyng_i_token_text(char *dst, size_t cap, const char *t);

#endif /* DYNG_I_MM_H */
