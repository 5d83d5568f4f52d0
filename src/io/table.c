/*
 * src/io/table.c - files of integer columns (io/table.h).
 *
 * The layout of the other text readers (el_read.c): the whole file is in
 * memory, NUL-padded (file.h), and read in the two passes of io/chunks.h:
 * pass 1 counts each chunk's lines and data lines, which gives each chunk its
 * first line number and first row, and pass 2 (parse_chunk) parses each
 * chunk straight into its rows. Each chunk stops at its first error, and the
 * error reported is that of the first failing chunk, so it is the first in
 * the file for any thread count.
 */
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "io/chunks.h"
#include "io/file.h"
#include "io/mm.h"
#include "io/parse.h"
#include "io/table.h"

#define CHUNKS_PER_THREAD 16

typedef struct table_job {
    const dyng_i_table_spec *spec;
    int cols;
    int64_t *v;
    int8_t *sign;
} table_job;

static inline bool is_comment(char ch) { return ch == '#' || ch == '%'; }

/* The end of a token: a blank, the line's end or the text's end (a NUL). */
static inline bool token_end(char ch) { return dyng_i_is_blank(ch) || ch == '\n' || ch == '\0'; }

static inline const char *skip_blanks(const char *p) {
    while (dyng_i_is_blank(*p))
        p++;
    return p;
}

static inline const char *next_line(const char *p, const char *end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    return nl != NULL ? nl + 1 : end;
}

/* True when the line at q (after its blanks) holds data. */
static inline bool is_data(const char *q, const char *end) {
    return q < end && *q != '\n' && !is_comment(*q);
}

/* The name of value i in messages: "source id", "weight 2", ... */
static void value_name(char *dst, size_t cap, const dyng_i_table_spec *s, int cols, int i) {
    const char *name = NULL;
    for (int j = 0; j <= i && j < 3; j++)
        if (s->names[j] != NULL)
            name = s->names[j];
    if (name == NULL)
        name = "value";
    if (i >= s->ids && cols - s->ids > 1)
        snprintf(dst, cap, "%s %d", name, i - s->ids + 1);
    else
        snprintf(dst, cap, "%s", name);
}

/* Parse value i of a row at *pp into *out. */
static bool take_value(const table_job *job, dyng_i_chunk *c, const char **pp, const char *ls,
                       int64_t line, int i, int64_t *out) {
    const dyng_i_table_spec *s = job->spec;
    const char *t = *pp, *q = t;
    const int64_t column = (int64_t)(t - ls) + 1;
    char name[48], text[40];
    if (i >= s->ids && s->inf && strncmp(t, "INF", 3) == 0 && token_end(t[3])) {
        *out = DYNG_I_TABLE_INF;
        *pp = t + 3;
        return true;
    }
    int64_t x = 0;
    dyng_i_num r = dyng_i_parse_int(&q, INT64_MAX, &x);
    bool whole = r == DYNG_I_NUM_OK && token_end(*q);
    if (whole && i < s->ids && x >= 0 && (uint64_t)x <= s->id_max) {
        *out = x;
        *pp = q;
        return true;
    }
    if (whole && i >= s->ids && x >= s->value_min && x <= s->value_max) {
        *out = x;
        *pp = q;
        return true;
    }
    value_name(name, sizeof name, s, job->cols, i);
    dyng_i_token_text(text, sizeof text, t);
    if (r == DYNG_I_NUM_NONE || (r == DYNG_I_NUM_OK && !token_end(*q)))
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, column, "the %s, '%s', is not an integer%s",
                          name, text, i >= s->ids && s->inf ? " (or INF)" : "");
    else if (i < s->ids && r == DYNG_I_NUM_OK && x < 0)
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, column, "the %s %s is negative", name, text);
    else if (i < s->ids && s->id_bound != NULL)
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, column, "the %s %s is not below %s, %llu",
                          name, text, s->id_bound, (unsigned long long)s->id_max + 1);
    else if (i < s->ids)
        dyng_i_chunk_fail(c, DYNG_CAPACITY, line, column, "the %s %s is past the largest id, %llu",
                          name, text, (unsigned long long)s->id_max);
    else
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, column,
                          "the %s %s is outside the accepted range %lld to %lld", name, text,
                          (long long)s->value_min, (long long)s->value_max);
    return false;
}

/* Parse one data line (q: its first non-blank byte) into row `row`. */
static bool parse_line(const table_job *job, dyng_i_chunk *c, const char *ls, const char *q,
                       int64_t line, int64_t row) {
    const dyng_i_table_spec *s = job->spec;
    int count = job->cols;
    int64_t *v = job->v + (size_t)row * (size_t)job->cols;
    if (s->signs) {
        if ((*q != '+' && *q != '-') || !dyng_i_is_blank(q[1])) {
            char text[40];
            dyng_i_token_text(text, sizeof text, q);
            dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(q - ls) + 1,
                              "a line of %s starts with '+' or '-' and a blank, not '%s'", s->what,
                              text);
            return false;
        }
        job->sign[row] = *q == '+' ? 1 : -1;
        if (*q == '-') {
            count = s->ids;
            memset(v + count, 0, (size_t)(job->cols - count) * sizeof *v);
        }
        q = skip_blanks(q + 1);
    }
    for (int i = 0; i < count; i++) {
        if (*q == '\n' || *q == '\0' || is_comment(*q)) {
            dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(q - ls) + 1,
                              "the line has %d values; a line of %s has %d", i, s->what, count);
            return false;
        }
        if (!take_value(job, c, &q, ls, line, i, &v[i]))
            return false;
        q = skip_blanks(q);
    }
    if (*q != '\n' && *q != '\0' && !is_comment(*q)) {
        char text[40];
        dyng_i_token_text(text, sizeof text, q);
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(q - ls) + 1,
                          "unexpected '%s' after %d values (a line of %s has %d)", text, count,
                          s->what, count);
        return false;
    }
    return true;
}

/* Pass 2: parse a chunk's data lines into its rows. */
static void parse_chunk(const void *context, dyng_i_chunk *c) {
    const table_job *job = context;
    const char *p = c->begin, *end = c->end;
    int64_t line = c->first_line, row = c->first_entry;
    for (; p < end; line++) {
        const char *q = skip_blanks(p);
        if (is_data(q, end) && !parse_line(job, c, p, q, line, row++))
            return;
        p = next_line(q, end);
    }
}

/* cols -1: the values of the first data line ("+" line with signs), or
 * s->ids when there is none. */
static dyng_status first_line_cols(const dyng_i_table_spec *s, const char *path, const char *text,
                                   size_t size, int *cols) {
    const char *p = text, *end = text + size;
    *cols = s->ids;
    for (int64_t line = 1; p < end; line++) {
        const char *q = skip_blanks(p);
        if (is_data(q, end) && (!s->signs || *q == '+')) {
            const char *ls = p;
            if (s->signs)
                q = skip_blanks(q + 1);
            int n = 0;
            while (*q != '\n' && *q != '\0' && !is_comment(*q)) {
                if (++n > DYNG_I_TABLE_MAX_COLS)
                    return dyng_i_file_error(path, line, (int64_t)(q - ls) + 1,
                                             "a line of %s holds at most %d values", s->what,
                                             DYNG_I_TABLE_MAX_COLS);
                while (!token_end(*q))
                    q++;
                q = skip_blanks(q);
            }
            if (n < s->min_cols)
                return dyng_i_file_error(path, line, (int64_t)(q - ls) + 1,
                                         "the first line of %s has %d values; it needs at least %d",
                                         s->what, n, s->min_cols);
            *cols = n;
            return DYNG_OK;
        }
        p = next_line(q, end);
    }
    return DYNG_OK;
}

static dyng_status parse_text(dyng_i_table *out, const char *path, const dyng_i_table_spec *s,
                              dyng_resources *resources) {
    table_job job;
    memset(&job, 0, sizeof job);
    job.spec = s;
    dyng_i_chunk *chunks = NULL;
    int64_t n = 0, rows = 0;
    /* A CR that no LF follows is refused, as in edge lists: read as a blank,
     * it would join lines, and a change file (whose first line sets the
     * number of columns) would read "0 1<CR>1 2" as one edge of 2 weights. */
    dyng_status st = dyng_i_chunks_count(&chunks, &n, &rows, path, out->text, out->text + out->size,
                                         1, true, true, CHUNKS_PER_THREAD, resources);
    if (st == DYNG_OK)
        st = dyng_i_chunks_lone_cr(chunks, n, path);
    if (st != DYNG_OK) {
        dyng_i_free(chunks);
        return st;
    }
    job.cols = s->cols;
    if (job.cols < 0) {
        st = first_line_cols(s, path, out->text, out->size, &job.cols);
        if (st != DYNG_OK)
            goto done;
    }
    const size_t cells = dyng_i_mul_size((size_t)rows, (size_t)(job.cols > 0 ? job.cols : 1));
    job.v = dyng_i_malloc_big(cells, sizeof(int64_t));
    job.sign = s->signs ? dyng_i_malloc_big((size_t)rows + 1, 1) : NULL;
    if (job.v == NULL || (s->signs && job.sign == NULL)) {
        st = dyng_i_oom("the values of a table", dyng_i_mul_size(cells, 8));
        goto done;
    }
    st = dyng_i_chunks_parse(chunks, n, parse_chunk, &job, path, resources);
    if (st != DYNG_OK)
        goto done;
    out->rows = rows;
    out->cols = job.cols;
    out->v = job.v;
    out->sign = job.sign;
    job.v = NULL;
    job.sign = NULL;
done:
    dyng_i_free(job.v);
    dyng_i_free(job.sign);
    dyng_i_free(chunks);
    return st;
}

dyng_status dyng_i_table_read(dyng_i_table *out, const char *path, const dyng_i_table_spec *spec,
                              dyng_resources *resources) {
    memset(out, 0, sizeof *out);
    dyng_resources *own = NULL;
    dyng_status st = DYNG_OK;
    if (resources == NULL) {
        st = dyng_resources_default(&own);
        if (st != DYNG_OK)
            return st;
        resources = own;
    }
    st = dyng_i_read_file(path, resources, &out->text, &out->size);
    if (st == DYNG_OK)
        st = parse_text(out, path, spec, resources);
    dyng_resources_free(&own);
    return st;
}

void dyng_i_table_locate(const dyng_i_table *t, int64_t row, int64_t *line, int64_t *column) {
    *line = *column = 0;
    const char *p = t->text, *end = t->text + t->size;
    for (int64_t l = 1; p != NULL && p < end; l++) {
        const char *q = skip_blanks(p);
        if (is_data(q, end) && row-- == 0) {
            *line = l;
            *column = (int64_t)(q - p) + 1;
            return;
        }
        p = next_line(q, end);
    }
}

void dyng_i_table_free(dyng_i_table *t) {
    dyng_i_free(t->v);
    dyng_i_free(t->sign);
    dyng_i_free(t->text);
    memset(t, 0, sizeof *t);
}
