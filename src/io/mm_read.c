/*
 * src/io/mm_read.c - the parallel Matrix Market entry parser and
 * dyng_mm_read_arrays.
 *
 * The whole (decompressed) file is in memory. The entry section after the
 * size line is read in the two passes of io/chunks.h: pass 1 counts, per
 * chunk of whole lines, its lines and its entry lines (neither blank nor a
 * comment), which gives each chunk its first line number and the index of
 * its first entry; pass 2 (parse_chunk) parses each chunk straight into the
 * output arrays at those indices.
 *
 * Pass 2 tries each line on a fast path first ("i j[ v]" with single
 * spaces; digits read eight at a time, see parse.h), which writes nothing
 * unless the whole line is valid. Anything else (blanks, comments, signs,
 * real values with a fraction or exponent, and every error) goes through the
 * general path, which parses token by token and names what is wrong. The
 * text buffer is NUL-terminated and padded (file.h), so no scan needs a
 * length check.
 *
 * Each chunk stops at its first error and records it; the error reported is
 * the one of the first failing chunk, which is the one with the smallest line
 * number.
 *
 * With expand_symmetric, chunk k writes from 2 * (its first entry) and the
 * chunks are then moved together in order, so a mirrored entry stays right
 * after its original.
 */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "io/chunks.h"
#include "io/file.h"
#include "io/mm.h"
#include "io/parse.h"

#define CHUNKS_PER_THREAD 32

/* What every chunk shares (read-only during the passes). */
typedef struct mm_job {
    int64_t rows, cols, nnz;
    bool wide;        /* int64 ids                                            */
    bool has_value;   /* each entry line carries a value token                */
    bool keep_values; /* ... and it goes into `weights`                       */
    bool real;        /* real field (else integer)                            */
    bool skew;
    bool mirror; /* expand_symmetric on a (skew-)symmetric file          */
    void *src, *dst;
    int32_t *weights;
} mm_job;

static inline bool at_line_end(const char *p, const char *end) { return *p == '\n' || p == end; }

/* Parse one index token at *pp (blanks already skipped, not at a line end)
 * into 1..limit. On error records it in c and returns false. */
static inline bool take_index(dyng_i_chunk *c, const char **pp, const char *end, const char *ls,
                              int64_t line, const char *what, int64_t limit, uint64_t *out) {
    const char *t = *pp;
    const char *p = t;
    dyng_i_num r = dyng_i_parse_uint(&p, INT64_MAX, out);
    if (r == DYNG_I_NUM_OK && *out >= 1 && (uint64_t)limit >= *out &&
        (dyng_i_is_blank(*p) || at_line_end(p, end))) {
        *pp = p;
        return true;
    }
    char text[40];
    dyng_i_token_text(text, sizeof text, t);
    int64_t col = (int64_t)(t - ls) + 1;
    if (*t == '-')
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col, "negative %s index '%s'", what, text);
    else if (r == DYNG_I_NUM_NONE || !(dyng_i_is_blank(*p) || at_line_end(p, end)))
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col, "the %s index '%s' is not a number", what,
                          text);
    else if (r == DYNG_I_NUM_OVERFLOW)
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col, "the %s index '%s' is too large", what,
                          text);
    else if (*out == 0)
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col,
                          "%s index 0; Matrix Market indices start at 1", what);
    else
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col,
                          "the %s index %s exceeds the %lld %ss of the size line", what, text,
                          (long long)limit, what);
    return false;
}

/* Skip blanks; when the line ends there, record "missing <what>" just past
 * the previous token and return false. */
static inline bool expect_token(dyng_i_chunk *c, const char **pp, const char *end, const char *ls,
                                int64_t line, const char *what) {
    const char *prev_end = *pp;
    const char *p = prev_end;
    while (dyng_i_is_blank(*p))
        p++;
    *pp = p;
    if (!at_line_end(p, end))
        return true;
    dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(prev_end - ls) + 1,
                      "the entry has no %s", what);
    return false;
}

/* Move *pp past a value that is dropped: it must still be a number of the
 * field's kind (an integer, or for "real" any decimal number), of any size;
 * false, leaving *pp where the syntax fails, when it is not. */
static inline bool skip_value(const mm_job *job, const char **pp) {
    int64_t v;
    int32_t x;
    dyng_i_num r =
        job->real ? dyng_i_parse_real_i32(pp, &x) : dyng_i_parse_int(pp, (uint64_t)INT64_MAX, &v);
    return r != DYNG_I_NUM_NONE;
}

/* Parse the value token at *pp into *w (when it is kept; a dropped one is
 * checked all the same: garbage is an error whatever is kept). */
static inline bool take_value(const mm_job *job, dyng_i_chunk *c, const char **pp, const char *end,
                              const char *ls, int64_t line, int32_t *w) {
    const char *t = *pp;
    const char *p = t;
    if (!job->keep_values) {
        if (skip_value(job, &p) && (dyng_i_is_blank(*p) || at_line_end(p, end))) {
            *pp = p;
            return true;
        }
        char text[40];
        dyng_i_token_text(text, sizeof text, t);
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(t - ls) + 1,
                          "the value '%s' is not %s", text, job->real ? "a number" : "an integer");
        return false;
    }
    dyng_i_num r;
    if (job->real) {
        r = dyng_i_parse_real_i32(&p, w);
    } else {
        int64_t v = 0;
        r = dyng_i_parse_int(&p, INT32_MAX, &v);
        *w = (int32_t)v;
    }
    bool ends = dyng_i_is_blank(*p) || at_line_end(p, end);
    if (r == DYNG_I_NUM_OK && ends && !(job->skew && *w == INT32_MIN)) {
        *pp = p;
        return true;
    }
    char text[40];
    dyng_i_token_text(text, sizeof text, t);
    int64_t col = (int64_t)(t - ls) + 1;
    if (r == DYNG_I_NUM_NONE || !ends)
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col, "the value '%s' is not %s", text,
                          job->real ? "a number" : "an integer");
    else if (r == DYNG_I_NUM_FRACTION)
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col,
                          "the value '%s' is not an integer (dynG weights are int32)", text);
    else if (r == DYNG_I_NUM_OVERFLOW)
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col,
                          "the value '%s' is outside the int32 range", text);
    else
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col,
                          "the value '%s' has no int32 negation for its skew-symmetric mirror",
                          text);
    return false;
}

/* The fast path for the usual entry line: "i j[ value]" with single spaces,
 * no sign on the indices, LF or CRLF. Parses the line at *pp and writes its
 * outputs at *o when everything is valid; returns false, writing nothing,
 * for anything else (the general path then parses the line again and
 * reports what is wrong with it). */
static inline bool fast_entry(const mm_job *job, const char **pp, const char *end, int64_t *o) {
    const unsigned char *u = (const unsigned char *)*pp;
    uint64_t i = 0, j = 0;
    int32_t w = 0;
    u = dyng_i_fast_digits(u, &i);
    if (u == NULL || *u != ' ')
        return false;
    u = dyng_i_fast_digits(u + 1, &j);
    if (u == NULL)
        return false;
    if (job->has_value) {
        if (*u != ' ')
            return false;
        u++;
        if (job->keep_values) {
            const unsigned char *t = u;
            bool neg = *u == '-';
            uint64_t x = 0;
            u = dyng_i_fast_digits(u + neg, &x);
            if (u != NULL && (*u == ' ' || *u == '\n' || *u == '\r' || (const char *)u == end)) {
                if (x > (uint64_t)INT32_MAX + neg)
                    return false;
                w = neg ? (int32_t) - (int64_t)x : (int32_t)x;
            } else if (job->real) { /* "3.0", "1e3", ... */
                const char *q = (const char *)t;
                if (dyng_i_parse_real_i32(&q, &w) != DYNG_I_NUM_OK)
                    return false;
                u = (const unsigned char *)q;
            } else {
                return false;
            }
        } else {
            const char *q = (const char *)u;
            if (!skip_value(job, &q))
                return false;
            u = (const unsigned char *)q;
        }
    }
    if (*u == '\r')
        u++;
    if (!at_line_end((const char *)u, end) || i - 1 >= (uint64_t)job->rows ||
        j - 1 >= (uint64_t)job->cols || (job->skew && (i == j || w == INT32_MIN)))
        return false;
    dyng_i_put_id(job->src, *o, i - 1, job->wide);
    dyng_i_put_id(job->dst, *o, j - 1, job->wide);
    if (job->keep_values)
        job->weights[*o] = w;
    (*o)++;
    if (job->mirror && i != j) {
        dyng_i_put_id(job->src, *o, j - 1, job->wide);
        dyng_i_put_id(job->dst, *o, i - 1, job->wide);
        if (job->keep_values)
            job->weights[*o] = job->skew ? -w : w;
        (*o)++;
    }
    *pp = (const char *)u + 1;
    return true;
}

/* Pass 2: parse the entry lines of one chunk into the outputs. */
static void parse_chunk(const void *context, dyng_i_chunk *c) {
    const mm_job *job = context;
    const char *p = c->begin, *end = c->end;
    int64_t line = c->first_line;
    int64_t k = c->first_entry;
    int64_t o = c->out_begin;
    while (p < end) {
        if (k < job->nnz && fast_entry(job, &p, end, &o)) {
            k++;
            line++;
            continue;
        }
        const char *ls = p;
        while (dyng_i_is_blank(*p))
            p++;
        if (*p == '\n') { /* blank line */
            p++;
            line++;
            continue;
        }
        if (p == end)
            break;
        if (*p == '%') { /* comment line */
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            if (nl == NULL)
                break;
            p = nl + 1;
            line++;
            continue;
        }
        if (k >= job->nnz) {
            dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(p - ls) + 1,
                              "more entries than the %lld of the size line", (long long)job->nnz);
            return;
        }
        const char *first = p;
        uint64_t i = 0, j = 0;
        int32_t w = 0;
        if (!take_index(c, &p, end, ls, line, "row", job->rows, &i))
            return;
        if (!expect_token(c, &p, end, ls, line, "column index") ||
            !take_index(c, &p, end, ls, line, "column", job->cols, &j))
            return;
        if (job->has_value && (!expect_token(c, &p, end, ls, line, "value") ||
                               !take_value(job, c, &p, end, ls, line, &w)))
            return;
        while (dyng_i_is_blank(*p))
            p++;
        if (!at_line_end(p, end)) {
            char text[40];
            dyng_i_token_text(text, sizeof text, p);
            dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(p - ls) + 1,
                              "unexpected '%s' after the entry", text);
            return;
        }
        if (job->skew && i == j) {
            dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(first - ls) + 1,
                              "a diagonal entry (%llu, %llu) in a skew-symmetric file",
                              (unsigned long long)i, (unsigned long long)j);
            return;
        }
        dyng_i_put_id(job->src, o, i - 1, job->wide);
        dyng_i_put_id(job->dst, o, j - 1, job->wide);
        if (job->keep_values)
            job->weights[o] = w;
        o++;
        if (job->mirror && i != j) {
            dyng_i_put_id(job->src, o, j - 1, job->wide);
            dyng_i_put_id(job->dst, o, i - 1, job->wide);
            if (job->keep_values)
                job->weights[o] = job->skew ? -w : w;
            o++;
        }
        k++;
        line++;
        p++; /* past the '\n' (or to end + 1 on the last line: the loop ends) */
    } /* for each line of the chunk */
    c->out_count = o - c->out_begin;
}

/* Move the chunks' outputs together (expand_symmetric); returns the count. */
static int64_t close_gaps(const mm_job *job, const dyng_i_chunk *chunks, int64_t n) {
    size_t es = job->wide ? 8 : 4;
    int64_t o = 0;
    for (int64_t k = 0; k < n; k++) {
        const dyng_i_chunk *c = &chunks[k];
        if (c->out_begin != o && c->out_count > 0) {
            size_t count = (size_t)c->out_count;
            memmove((char *)job->src + (size_t)o * es, (char *)job->src + (size_t)c->out_begin * es,
                    count * es);
            memmove((char *)job->dst + (size_t)o * es, (char *)job->dst + (size_t)c->out_begin * es,
                    count * es);
            if (job->keep_values)
                memmove(job->weights + o, job->weights + c->out_begin, count * sizeof(int32_t));
        }
        o += c->out_count;
    }
    return o;
}

/* Give back the unused tail of an array; keeps the old one if that fails. */
static void *shrink(void *p, int64_t count, size_t size) {
    void *q = dyng_i_realloc(p, (size_t)count, size);
    return q != NULL ? q : p;
}

dyng_status dyng_i_mm_parse_body(dyng_edge_arrays *out, const char *path, const char *buf,
                                 size_t len, const dyng_i_mm_header *h,
                                 const dyng_mm_read_options *options, dyng_resources *resources) {
    dyng_i_chunk *chunks = NULL;
    mm_job job;
    dyng_status st = DYNG_OK;
    memset(out, 0, sizeof *out);
    memset(&job, 0, sizeof job);
    job.rows = h->rows;
    job.cols = h->cols;
    job.nnz = h->nnz;
    job.wide = options->vertex_type == DYNG_TYPE_INT64;
    job.has_value = h->field != DYNG_MM_PATTERN;
    job.keep_values = job.has_value && !options->ignore_values;
    job.real = h->field == DYNG_MM_REAL;
    job.skew = h->symmetry == DYNG_MM_SKEW_SYMMETRIC;
    job.mirror = options->expand_symmetric && h->symmetry != DYNG_MM_GENERAL;

    /* Pass 1 and the prefix sums. */
    int64_t n = 0, entries = 0;
    st = dyng_i_chunks_count(&chunks, &n, &entries, path, buf + h->body, buf + len, h->body_line,
                             false, false, CHUNKS_PER_THREAD, resources);
    if (st != DYNG_OK)
        goto done;
    for (int64_t k = 0; k < n; k++)
        chunks[k].out_begin = job.mirror ? 2 * chunks[k].first_entry : chunks[k].first_entry;

    /* Room for the entries the file has, but never more than it announces:
     * a surplus entry is an error found in pass 2. */
    int64_t kept = entries < h->nnz ? entries : h->nnz;
    size_t room = (size_t)kept * (job.mirror ? 2 : 1);
    size_t es = job.wide ? 8 : 4;
    job.src = dyng_i_malloc_big(room, es);
    job.dst = dyng_i_malloc_big(room, es);
    job.weights = job.keep_values ? dyng_i_malloc_big(room, sizeof(int32_t)) : NULL;
    if (job.src == NULL || job.dst == NULL || (job.keep_values && job.weights == NULL)) {
        st = dyng_i_oom("the edge arrays", dyng_i_mul_size(room, 2 * es + 4));
        goto done;
    }

    st = dyng_i_chunks_parse(chunks, n, parse_chunk, &job, path, resources);
    if (st != DYNG_OK)
        goto done;
    if (entries < h->nnz) {
        int64_t eline, ecol;
        dyng_i_text_end(buf, len, h->body, h->body_line, &eline, &ecol);
        st = dyng_i_file_error(path, eline, ecol,
                               "the file ends after %lld of the %lld entries of the size line",
                               (long long)entries, (long long)h->nnz);
        goto done;
    }

    int64_t count = job.mirror ? close_gaps(&job, chunks, n) : kept;
    if (job.mirror && (size_t)count < room - room / 8) {
        job.src = shrink(job.src, count, es);
        job.dst = shrink(job.dst, count, es);
        if (job.keep_values)
            job.weights = shrink(job.weights, count, sizeof(int32_t));
    }
    out->vertex_type = options->vertex_type;
    out->num_weights = job.keep_values ? 1 : 0;
    out->num_vertices = h->rows > h->cols ? h->rows : h->cols;
    out->num_edges = count;
    out->src = job.src;
    out->dst = job.dst;
    out->weights = job.weights;
    out->field = h->field;
    out->symmetry = h->symmetry;
    job.src = job.dst = NULL;
    job.weights = NULL;
done:
    dyng_i_free(job.src);
    dyng_i_free(job.dst);
    dyng_i_free(job.weights);
    dyng_i_free(chunks);
    return st;
}

dyng_status dyng_mm_read_options_default(dyng_mm_read_options *out) {
    DYNG_I_CHECK_ARG(out);
    out->vertex_type = DYNG_TYPE_INT32;
    out->ignore_values = false;
    out->expand_symmetric = false;
    return DYNG_OK;
}

dyng_status dyng_edge_arrays_free(dyng_edge_arrays *a) {
    if (a == NULL)
        return DYNG_OK;
    dyng_i_free(a->src);
    dyng_i_free(a->dst);
    dyng_i_free(a->weights);
    memset(a, 0, sizeof *a);
    return DYNG_OK;
}

dyng_status dyng_mm_read_arrays(dyng_edge_arrays *out, const char *path,
                                const dyng_mm_read_options *options, dyng_resources *resources) {
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    DYNG_I_CHECK_ARG(path);
    dyng_mm_read_options opts;
    dyng_mm_read_options_default(&opts);
    if (options != NULL)
        opts = *options;
    if (opts.vertex_type != DYNG_TYPE_INT32 && opts.vertex_type != DYNG_TYPE_INT64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_mm_read_arrays: vertex_type is %s; accepted: int32, int64",
                            dyng_type_name(opts.vertex_type));
    dyng_resources *own = NULL;
    char *buf = NULL;
    size_t len = 0;
    dyng_i_mm_header h;
    dyng_status st = DYNG_OK;
    if (resources == NULL) {
        st = dyng_resources_default(&own);
        if (st != DYNG_OK)
            goto done;
        resources = own;
    }
    st = dyng_i_read_file(path, resources, &buf, &len);
    if (st != DYNG_OK)
        goto done;
    st = dyng_i_mm_parse_header(&h, path, buf, len);
    if (st != DYNG_OK)
        goto done;
    st = dyng_i_mm_check_capacity(&h, path, opts.vertex_type);
    if (st != DYNG_OK)
        goto done;
    st = dyng_i_mm_parse_body(out, path, buf, len, &h, &opts, resources);
done:
    dyng_i_free(buf);
    dyng_resources_free(&own);
    return st;
}
