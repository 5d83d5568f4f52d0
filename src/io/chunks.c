/*
 * src/io/chunks.c - the parallel text readers' chunks (io/chunks.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/resources_internal.h"
#include "io/chunks.h"
#include "io/parse.h"

const char *dyng_i_chunk_start(const char *begin, const char *end, int64_t n, int64_t k) {
    if (k <= 0)
        return begin;
    if (k >= n)
        return end;
    const size_t size = (size_t)(end - begin);
    const char *q = begin + (size_t)((double)size * (double)k / (double)n);
    if (q > begin && q < end && q[-1] != '\n') {
        const char *nl = memchr(q, '\n', (size_t)(end - q));
        q = nl != NULL ? nl + 1 : end;
    }
    return q;
}

/* The first CR of a chunk that no LF follows: its line (1 + the newlines
 * before it) and column in c->cr_line and c->cr_column (0 when none). The
 * text is NUL-terminated, so a CR at its very end reads a NUL after it. */
static void find_lone_cr(dyng_i_chunk *c) {
    const char *p = c->begin, *end = c->end;
    const char *cr = NULL;
    while (p < end && (cr = memchr(p, '\r', (size_t)(end - p))) != NULL && cr[1] == '\n')
        p = cr + 2;
    if (p >= end || cr == NULL)
        return;
    int64_t line = 1;
    const char *ls = c->begin;
    for (const char *q = c->begin; (q = memchr(q, '\n', (size_t)(cr - q))) != NULL; ls = ++q)
        line++;
    c->cr_line = line;
    c->cr_column = (int64_t)(cr - ls) + 1;
}

/* Pass 1 over one chunk: newlines and data lines. */
static void count_chunk(dyng_i_chunk *c, bool hash_comments, bool lone_cr) {
    if (lone_cr)
        find_lone_cr(c);
    const char *p = c->begin, *end = c->end;
    int64_t lines = 0, entries = 0;
    while (p < end) {
        const char *q = p;
        while (dyng_i_is_blank(*q))
            q++;
        if (q < end && *q != '\n' && *q != '%' && !(hash_comments && *q == '#'))
            entries++;
        const char *nl = memchr(q, '\n', (size_t)(end - q));
        if (nl == NULL)
            break;
        lines++;
        p = nl + 1;
    }
    c->lines = lines;
    c->entries = entries;
}

/* A pass as dyng_i_run_chunks runs it: pass 1 when parse is NULL. */
typedef struct pass {
    dyng_i_chunk *chunks;
    bool hash_comments;
    bool lone_cr; /* pass 1 also finds the first lone CR */
    void (*parse)(const void *job, dyng_i_chunk *c);
    const void *job;
} pass;

static bool run_chunk(void *context, int64_t k) {
    pass *p = context;
    if (p->parse == NULL) {
        count_chunk(&p->chunks[k], p->hash_comments, p->lone_cr);
        return true;
    }
    p->parse(p->job, &p->chunks[k]);
    return p->chunks[k].status == DYNG_OK;
}

static dyng_status run_pass(pass *p, int64_t n, const char *path, dyng_resources *r) {
    if (dyng_i_run_chunks(n, run_chunk, p, r, dyng_i_threads(r)) != DYNG_OK)
        return dyng_i_error(DYNG_INTERRUPTED, "interrupted while reading %s", path);
    return DYNG_OK;
}

dyng_status dyng_i_chunks_count(dyng_i_chunk **chunks, int64_t *n, int64_t *entries,
                                const char *path, const char *begin, const char *end, int64_t line,
                                bool hash_comments, bool lone_cr, int per_thread,
                                dyng_resources *r) {
    *chunks = NULL;
    *n = 0;
    *entries = 0;
    int64_t count = (int64_t)((size_t)(end - begin) / DYNG_I_CHUNK_BYTES) + 1;
    const int64_t most = (int64_t)dyng_i_threads(r) * per_thread;
    if (count > most)
        count = most;
    dyng_i_chunk *c = dyng_i_calloc((size_t)count, sizeof *c);
    if (c == NULL)
        return dyng_i_oom("the chunk table", (size_t)count * sizeof *c);
    for (int64_t k = 0; k < count; k++) {
        c[k].begin = dyng_i_chunk_start(begin, end, count, k);
        c[k].end = dyng_i_chunk_start(begin, end, count, k + 1);
    }
    pass p = {c, hash_comments, lone_cr, NULL, NULL};
    const dyng_status st = run_pass(&p, count, path, r);
    if (st != DYNG_OK) {
        dyng_i_free(c);
        return st;
    }
    int64_t data = 0;
    for (int64_t k = 0; k < count; k++) {
        c[k].first_line = line;
        c[k].first_entry = data;
        line += c[k].lines;
        data += c[k].entries;
    }
    *chunks = c;
    *n = count;
    *entries = data;
    return DYNG_OK;
}

dyng_status dyng_i_chunks_lone_cr(const dyng_i_chunk *chunks, int64_t n, const char *path) {
    for (int64_t k = 0; k < n; k++)
        if (chunks[k].cr_line > 0)
            return dyng_i_file_error(path, chunks[k].first_line + chunks[k].cr_line - 1,
                                     chunks[k].cr_column,
                                     "a carriage return (CR) that does not end a line; only LF "
                                     "and CRLF line ends are accepted (convert CR line ends "
                                     "first)");
    return DYNG_OK;
}

void dyng_i_chunk_fail(dyng_i_chunk *c, dyng_status status, int64_t line, int64_t column,
                       const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->message, sizeof c->message, fmt, ap);
    va_end(ap);
    c->status = status;
    c->err_line = line;
    c->err_column = column;
}

const dyng_i_chunk *dyng_i_chunks_failed(const dyng_i_chunk *chunks, int64_t n) {
    for (int64_t k = 0; k < n; k++)
        if (chunks[k].status != DYNG_OK)
            return &chunks[k];
    return NULL;
}

/* Set the thread-local error of a failed chunk and return its status. */
static dyng_status chunk_error(const dyng_i_chunk *c, const char *path) {
    if (c->status == DYNG_FILE_FORMAT)
        return dyng_i_file_error(path, c->err_line, c->err_column, "%s", c->message);
    const dyng_status st = dyng_i_error(c->status, "%s:%lld:%lld: %s", path, (long long)c->err_line,
                                        (long long)c->err_column, c->message);
    dyng_i_error_set_location(path, c->err_line, c->err_column);
    return st;
}

dyng_status dyng_i_chunks_parse(dyng_i_chunk *chunks, int64_t n,
                                void (*parse)(const void *job, dyng_i_chunk *c), const void *job,
                                const char *path, dyng_resources *r) {
    pass p = {chunks, false, false, parse, job};
    const dyng_status st = run_pass(&p, n, path, r);
    if (st != DYNG_OK)
        return st;
    const dyng_i_chunk *failed = dyng_i_chunks_failed(chunks, n);
    return failed != NULL ? chunk_error(failed, path) : DYNG_OK;
}
