/*
 * src/io/file.h - reading and writing files, plain or gzip (internal).
 *
 * Readers detect gzip from the content (the magic bytes 1f 8b), never from
 * the name; writers compress when the path ends in ".gz". zlib is driven
 * through inflate / deflate directly with allocators that go through
 * src/core/alloc.h, so the allocation-failure tests reach zlib's memory too.
 *
 * Every error is reported as DYNG_FILE_FORMAT with the path (and no line:
 * these are errors of the file as a whole), except DYNG_OUT_OF_MEMORY.
 */
#ifndef DYNG_I_FILE_H
#define DYNG_I_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <zlib.h>

#include "core/error.h"
#include "dyng/io.h"

/* An input stream: a plain file or a gzip file decompressed on the fly. */
typedef struct dyng_i_in {
    FILE *fp;
    const char *path;   /* borrowed, for messages                      */
    bool gz;            /* gzip content                                */
    bool z_ready;       /* inflateInit2 succeeded                      */
    bool z_member_done; /* the current gzip member ended               */
    bool raw_eof;       /* the underlying file is exhausted            */
    z_stream z;
    unsigned char *raw; /* bytes read from fp, not yet consumed        */
    size_t raw_cap;
    size_t raw_pos, raw_len; /* plain files: the unconsumed part of raw */
} dyng_i_in;

/* Open `path` for reading; zeroes *in first, so dyng_i_in_close is always
 * safe afterwards. Errors: DYNG_FILE_FORMAT (cannot open, read error),
 * DYNG_OUT_OF_MEMORY. `path` must outlive the stream. */
dyng_status dyng_i_in_open(dyng_i_in *in, const char *path);

/* Read up to `cap` bytes of content into dst; *got is 0 only at the end of
 * the content. Errors: DYNG_FILE_FORMAT (read error, corrupt or truncated
 * gzip data), DYNG_OUT_OF_MEMORY. */
dyng_status dyng_i_in_read(dyng_i_in *in, void *dst, size_t cap, size_t *got);

/* Close and free; accepts a zeroed stream. */
void dyng_i_in_close(dyng_i_in *in);

/* Read the whole content of `path` into a new buffer of *size bytes followed
 * by DYNG_I_READ_PADDING NUL bytes (so *data can be scanned with a sentinel
 * and read 16 bytes at a time). A large plain file is read on r's threads;
 * r's interrupt flag is polled every few megabytes (DYNG_INTERRUPTED; r may
 * be NULL). The caller frees *data with dyng_i_free. On failure *data is
 * NULL. */
#define DYNG_I_READ_PADDING 16
dyng_status dyng_i_read_file(const char *path, const dyng_resources *r, char **data, size_t *size);

/* The message of the file error just reported for `path`, without its
 * "path: " prefix (to report it again at a location). */
const char *dyng_i_file_detail(const char *path);

/* Advance a 1-based (*line, *column) over the text t[0 .. n): where a
 * stream error is reported when the text had got that far. */
static inline void dyng_i_text_advance(const char *t, size_t n, int64_t *line, int64_t *column) {
    for (size_t i = 0; i < n; i++) {
        if (t[i] == '\n') {
            ++*line;
            *column = 1;
        } else {
            ++*column;
        }
    }
}

/* An output stream: a plain file, or gzip when the path ends in ".gz".
 * Writers format into `buf` (reserve, write, advance `len`); the stream
 * compresses and writes it out when it fills up.
 *
 * A regular file (or a new name) is written atomically: the bytes go to a
 * temporary file in the same folder, renamed over the path by
 * dyng_i_out_close when everything succeeded, and removed by a failure, an
 * interrupt or dyng_i_out_abort, which leave the path exactly as it was.
 * Symbolic links are followed (the file they lead to is replaced, the links
 * stay); FIFOs, devices (/dev/null, /dev/stdout) and sockets are written in
 * place. file.c says where each kind of path goes and why. Messages name
 * the path given, never the temporary file. */
typedef struct dyng_i_out {
    FILE *fp;
    char *path; /* own copy, for messages                      */
    /* Where the bytes go (file.c): `dest` is the path with its links
     * followed (NULL when they could not be followed); `tmp` the temporary
     * file's name in the folder `dir_fd`, which is open while `tmp` is not
     * NULL (NULL: written in place, or renamed already). */
    char *dest;
    char *tmp;
    int dir_fd;
    bool remove_if_interrupted; /* written in place on a regular file */
    bool gz;
    bool z_ready;
    bool failed; /* a write failed; `error` says why            */
    int error;   /* errno of the failure, or 0 for a zlib error */
    z_stream z;
    char *buf; /* pending uncompressed bytes                  */
    size_t len, cap;
    unsigned char *zbuf; /* compressed output                           */
    size_t zcap;
    /* dyng_i_out_watch: the interrupt flag is polled each time the buffer
     * is written out (about a megabyte) and at close; an interrupted stream
     * fails with DYNG_INTERRUPTED and leaves the path as it was (a file
     * written in place is removed). */
    bool watch;
    bool interrupted;
    const dyng_resources *poll; /* whose flag, besides the process-wide one */
} dyng_i_out;

/* Start writing `path` (see above: a temporary file beside it, or the path
 * itself in place); zeroes *out first, so dyng_i_out_abort is always safe
 * afterwards, and allocates everything before it creates a file. Errors:
 * DYNG_FILE_FORMAT ("cannot open for writing: ...": the folder is missing,
 * the file or the folder may not be written, ...), DYNG_OUT_OF_MEMORY. */
dyng_status dyng_i_out_open(dyng_i_out *out, const char *path);

/* Poll r's interrupt flag (r may be NULL: the process-wide flag only) as
 * the stream writes out and at close: for a writer of a whole file, which
 * an interrupt then leaves as it was (no file when there was none). */
static inline void dyng_i_out_watch(dyng_i_out *out, const dyng_resources *r) {
    out->watch = true;
    out->poll = r;
}

/* The status of a stream that failed: DYNG_INTERRUPTED or DYNG_FILE_FORMAT
 * (the message is set). */
static inline dyng_status dyng_i_out_failure(const dyng_i_out *out) {
    return out->interrupted ? DYNG_INTERRUPTED : DYNG_FILE_FORMAT;
}

/* Write out pending bytes so that at least `bytes` (<= out->cap / 2) are free
 * in out->buf after out->len. Errors: DYNG_FILE_FORMAT (write error). */
dyng_status dyng_i_out_make_room(dyng_i_out *out, size_t bytes);

/* A pointer where `bytes` (at most out->cap / 2) may be formatted; the caller
 * adds what it wrote to out->len. NULL after an error (reported then). */
static inline char *dyng_i_out_reserve(dyng_i_out *out, size_t bytes) {
    if (out->cap - out->len < bytes && dyng_i_out_make_room(out, bytes) != DYNG_OK)
        return NULL;
    return out->buf + out->len;
}

/* Append `n` bytes of any length. */
dyng_status dyng_i_out_write(dyng_i_out *out, const char *data, size_t n);

/* Finish the gzip stream, flush and close the file, rename the temporary
 * file over the path, free everything. Returns the first write error
 * (DYNG_FILE_FORMAT) of the stream's life, if any, or the rename's ("cannot
 * replace the file: ..."); after an error the temporary file is removed and
 * the path is as it was. */
dyng_status dyng_i_out_close(dyng_i_out *out);

/* Close and free without reporting anything (on an error path): the
 * temporary file is removed and the path stays as it was (a file written in
 * place stays as far as it got, unless an interrupt stopped it: then it is
 * removed). */
void dyng_i_out_abort(dyng_i_out *out);

/* A writer's status after it read the graph it writes: an interrupt that
 * the read noticed names the file being written, as the writer's own polls
 * do, not the export ("to_edges was interrupted"). */
static inline dyng_status dyng_i_writing_status(dyng_status st, const char *path) {
    return st == DYNG_INTERRUPTED
               ? dyng_i_error(DYNG_INTERRUPTED, "writing %.400s was interrupted", path)
               : st;
}

#endif /* DYNG_I_FILE_H */
