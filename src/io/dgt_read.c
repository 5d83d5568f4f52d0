/*
 * src/io/dgt_read.c - the streaming .dgt batch reader.
 *
 * The reader pulls the file through an input stream (file.h; gzip or plain)
 * into a buffer of whole lines that grows only when one line is longer than
 * it, so memory stays at one batch plus the buffer. Parsed edges are staged
 * in small local arrays and appended to the caller's batch a few thousand at
 * a time.
 *
 * A "%batch" line ends the batch being read (the reader remembers its id for
 * the next call); the end of the file ends the last one. Edge lines before
 * the first "%batch" form batch 0. With num_weights < 0, open scans the file
 * up to the first "+e" line of the first batch to learn the weight count,
 * then starts again from the beginning.
 *
 * Any error of the file (and an allocation failure while reading) leaves the
 * reader failed: later calls report the same error again.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dyng/io.h"

#include "core/alloc.h"
#include "core/error.h"
#include "io/file.h"
#include "io/parse.h"

#define LINE_BUFFER (64u * 1024u)
#define STAGE 4096 /* edges staged before a bulk append */

struct dyng_dgt_reader {
    dyng_i_in in;
    char *path;
    dyng_type vertex_type;
    int num_weights;
    uint64_t max_id; /* the largest id of vertex_type */
    /* lines: buf[pos..len) is unread, buf[len] is a NUL */
    char *buf;
    size_t pos, len, cap;
    bool in_eof;
    int64_t line; /* the number of the last line read */
    /* batches */
    bool have_last; /* a batch was started; last_id is its id */
    int64_t last_id;
    bool pending; /* a "%batch pending_id" line was read: the next batch */
    int64_t pending_id;
    bool finished;                        /* every batch was returned */
    int64_t aborted_line, aborted_column; /* a "%aborted" line ended the last batch */
    /* failure */
    dyng_status failed;
    int64_t fail_line, fail_column;
    char fail_message[512];
    /* staging */
    void *ins_src, *ins_dst, *del_src, *del_dst;
    int32_t *ins_w;
    int64_t ins_n, del_n;
};

/* Record a file-format error at (line, column) and report it. */
static dyng_status reader_fail(dyng_dgt_reader *r, int64_t line, int64_t column, const char *fmt,
                               ...) DYNG_I_PRINTF(4, 5);

static dyng_status reader_fail(dyng_dgt_reader *r, int64_t line, int64_t column, const char *fmt,
                               ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->fail_message, sizeof r->fail_message, fmt, ap);
    va_end(ap);
    r->failed = DYNG_FILE_FORMAT;
    r->fail_line = line;
    r->fail_column = column;
    return dyng_i_file_error(r->path, line, column, "%s", r->fail_message);
}

/* Remember a failure whose message is already set (out of memory, a read
 * error of the stream). */
static dyng_status reader_keep(dyng_dgt_reader *r, dyng_status st) {
    const char *path;
    r->failed = st;
    dyng_error_location(&path, &r->fail_line, &r->fail_column);
    snprintf(r->fail_message, sizeof r->fail_message, "%s", dyng_error_message());
    return st;
}

/* Report the remembered failure again. */
static dyng_status reader_again(const dyng_dgt_reader *r) {
    if (r->failed == DYNG_FILE_FORMAT && r->fail_line > 0)
        return dyng_i_file_error(r->path, r->fail_line, r->fail_column, "%s", r->fail_message);
    dyng_status st = dyng_i_error(r->failed, "%s", r->fail_message);
    if (r->failed == DYNG_FILE_FORMAT)
        dyng_i_error_set_location(r->path, 0, 0);
    return st;
}

/* The next line as [*line, *line + *n), followed by '\n' or the NUL at
 * buf[len]; *eof at the end of the file. */
static dyng_status next_line(dyng_dgt_reader *r, const char **line, size_t *n, bool *eof) {
    *eof = false;
    for (;;) {
        char *s = r->buf + r->pos;
        size_t avail = r->len - r->pos;
        char *nl = memchr(s, '\n', avail);
        if (nl != NULL) {
            *line = s;
            *n = (size_t)(nl - s);
            r->pos += *n + 1;
            return DYNG_OK;
        }
        if (r->in_eof) {
            *eof = avail == 0;
            *line = s;
            *n = avail;
            r->pos = r->len;
            return DYNG_OK;
        }
        if (r->pos > 0) { /* keep the partial line, at the front */
            memmove(r->buf, s, avail);
            r->pos = 0;
            r->len = avail;
        }
        if (r->len == r->cap) { /* one line fills the buffer: grow it */
            size_t cap = r->cap * 2;
            char *grown = dyng_i_realloc(r->buf, cap + 1, 1);
            if (grown == NULL)
                return dyng_i_oom("a .dgt line", cap + 1);
            r->buf = grown;
            r->cap = cap;
        }
        size_t got = 0;
        dyng_status st = dyng_i_in_read(&r->in, r->buf + r->len, r->cap - r->len, &got);
        if (st == DYNG_FILE_FORMAT) {
            /* A truncated or corrupt gzip member: report it where the text
             * had got to (the unread lines, then what this read gave). */
            int64_t line = r->line + 1, column = 1;
            dyng_i_text_advance(r->buf + r->pos, r->len + got - r->pos, &line, &column);
            return reader_fail(r, line, column, "%s", dyng_i_file_detail(r->path));
        }
        if (st != DYNG_OK)
            return st;
        if (got == 0)
            r->in_eof = true;
        r->len += got;
        r->buf[r->len] = '\0';
    }
}

/* Start reading the file from its beginning. */
static dyng_status rewind_reader(dyng_dgt_reader *r) {
    dyng_i_in_close(&r->in);
    r->pos = r->len = 0;
    r->buf[0] = '\0';
    r->in_eof = false;
    r->line = 0;
    return dyng_i_in_open(&r->in, r->path);
}

/* Where a comment starts on the line [s, le): a '#' at its start or after a
 * blank; le when there is none. A '#' inside a token ("1#2") is no comment
 * (that token is malformed). */
static const char *comment_start(const char *s, const char *le) {
    for (const char *p = s; p < le && (p = memchr(p, '#', (size_t)(le - p))) != NULL; p++)
        if (p == s || dyng_i_is_blank(p[-1]))
            return p;
    return le;
}

static bool starts_word(const char *s, const char *le, const char *word) {
    size_t n = strlen(word);
    return (size_t)(le - s) >= n && memcmp(s, word, n) == 0 &&
           (s + n == le || dyng_i_is_blank(s[n]));
}

/* A CR is accepted only as the end of a CRLF line end: the line [s, s + n)
 * is followed by its '\n', or by the NUL after the buffer's text at the end. */
static dyng_status refuse_lone_cr(dyng_dgt_reader *r, const char *s, size_t n, int64_t line) {
    const char *cr = memchr(s, '\r', n);
    if (cr != NULL && (cr != s + n - 1 || s[n] != '\n'))
        return reader_fail(r, line, (int64_t)(cr - s) + 1,
                           "a carriage return (CR) that does not end a line; only LF and "
                           "CRLF line ends are accepted (convert CR line ends first)");
    return DYNG_OK;
}

/* The weight count of the first "+e" line of the file (0 if none): a
 * first batch of deletions only, or an empty one, says nothing about the
 * weights of the insertions that follow (the caller rewinds). */
static dyng_status peek_num_weights(dyng_dgt_reader *r, int *num_weights) {
    *num_weights = 0;
    for (int64_t line = 1;; line++) {
        const char *s;
        size_t n;
        bool eof;
        dyng_status st = next_line(r, &s, &n, &eof);
        if (st != DYNG_OK || eof)
            return st;
        st = refuse_lone_cr(r, s, n, line); /* CR line ends would join the lines counted */
        if (st != DYNG_OK)
            return st;
        const char *le = comment_start(s, s + n);
        while (s < le && dyng_i_is_blank(*s))
            s++;
        if (starts_word(s, le, "+e")) {
            int tokens = 0;
            for (const char *p = s; p < le;) {
                while (p < le && dyng_i_is_blank(*p))
                    p++;
                if (p == le)
                    break;
                tokens++;
                while (p < le && !dyng_i_is_blank(*p))
                    p++;
            }
            *num_weights =
                tokens > 3 ? (tokens - 3 > DYNG_MAX_WEIGHTS ? DYNG_MAX_WEIGHTS : tokens - 3) : 0;
            return DYNG_OK;
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Lines                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct cursor {
    const char *ls, *le; /* the line */
    const char *p;       /* the next byte to read */
    int64_t line;
} cursor;

#define COL(c, t) ((int64_t)((t) - (c)->ls) + 1)

/* Skip blanks; when the line ends, report "<what> is missing" just past the
 * previous token. */
static dyng_status expect(dyng_dgt_reader *r, cursor *c, const char *what) {
    const char *prev_end = c->p;
    while (c->p < c->le && dyng_i_is_blank(*c->p))
        c->p++;
    if (c->p < c->le)
        return DYNG_OK;
    return reader_fail(r, c->line, COL(c, prev_end), "the line ends before %s", what);
}

static bool token_ends(const cursor *c, const char *p) { return p == c->le || dyng_i_is_blank(*p); }

/* A non-negative integer at c->p, at most max. */
static dyng_status take_uint(dyng_dgt_reader *r, cursor *c, const char *what, uint64_t max,
                             const char *range, uint64_t *out) {
    const char *t = c->p;
    dyng_i_num res = dyng_i_parse_uint(&c->p, max, out);
    if (res == DYNG_I_NUM_OK && token_ends(c, c->p))
        return DYNG_OK;
    char text[40];
    size_t k = 0;
    while (t + k < c->le && !dyng_i_is_blank(t[k]) && k < 32) {
        text[k] = t[k] == '\0' ? '?' : t[k];
        k++;
    }
    text[k] = '\0';
    if (*t == '-' && t + 1 < c->le && dyng_i_is_digit(t[1]))
        return reader_fail(r, c->line, COL(c, t), "negative %s '%s'", what, text);
    if (res == DYNG_I_NUM_NONE || !token_ends(c, c->p))
        return reader_fail(r, c->line, COL(c, t), "the %s '%s' is not a number", what, text);
    return reader_fail(r, c->line, COL(c, t), "the %s '%s' is out of range (%s)", what, text,
                       range);
}

/* No token may follow. */
static dyng_status expect_end(dyng_dgt_reader *r, cursor *c, const char *after) {
    while (c->p < c->le && dyng_i_is_blank(*c->p))
        c->p++;
    if (c->p == c->le)
        return DYNG_OK;
    char text[40];
    size_t k = 0;
    while (c->p + k < c->le && !dyng_i_is_blank(c->p[k]) && k < 32) {
        text[k] = c->p[k] == '\0' ? '?' : c->p[k];
        k++;
    }
    text[k] = '\0';
    return reader_fail(r, c->line, COL(c, c->p), "unexpected '%s' after %s", text, after);
}

static void put_id(void *a, int64_t k, uint64_t v, dyng_type t) {
    if (t == DYNG_TYPE_INT64)
        ((int64_t *)a)[k] = (int64_t)v;
    else
        ((int32_t *)a)[k] = (int32_t)v;
}

/* Append the staged edges to the batch. */
static dyng_status flush_stage(dyng_dgt_reader *r, dyng_batch *into) {
    dyng_status st = DYNG_OK;
    if (r->ins_n > 0)
        st = dyng_batch_add_insertions(into, r->ins_n, r->ins_src, r->ins_dst,
                                       r->num_weights > 0 ? r->ins_w : NULL);
    if (st == DYNG_OK && r->del_n > 0)
        st = dyng_batch_add_deletions(into, r->del_n, r->del_src, r->del_dst);
    r->ins_n = r->del_n = 0;
    return st;
}

/* "+e u v w..." or "-e u v" (c->p just past the "+e" / "-e"). */
static dyng_status parse_edge(dyng_dgt_reader *r, cursor *c, bool insert, dyng_batch *into) {
    const char *range = r->vertex_type == DYNG_TYPE_INT64 ? "int64 vertex ids" : "int32 vertex ids";
    uint64_t u = 0, v = 0;
    dyng_status st;
    if ((st = expect(r, c, "the source vertex")) != DYNG_OK ||
        (st = take_uint(r, c, "source vertex", r->max_id, range, &u)) != DYNG_OK ||
        (st = expect(r, c, "the target vertex")) != DYNG_OK ||
        (st = take_uint(r, c, "target vertex", r->max_id, range, &v)) != DYNG_OK)
        return st;
    if (!insert) {
        if ((st = expect_end(r, c, "a deletion's two vertices")) != DYNG_OK)
            return st;
        put_id(r->del_src, r->del_n, u, r->vertex_type);
        put_id(r->del_dst, r->del_n, v, r->vertex_type);
        r->del_n++;
    } else {
        int32_t *w = r->ins_w + (size_t)r->ins_n * (size_t)r->num_weights;
        for (int k = 0; k < r->num_weights; k++) {
            const char *prev_end = c->p;
            while (c->p < c->le && dyng_i_is_blank(*c->p))
                c->p++;
            if (c->p == c->le)
                return reader_fail(r, c->line, COL(c, prev_end),
                                   "the insertion has %d weights; this file's insertions have %d",
                                   k, r->num_weights);
            const char *t = c->p;
            int64_t x = 0;
            dyng_i_num res = dyng_i_parse_int(&c->p, INT32_MAX, &x);
            if (res != DYNG_I_NUM_OK || !token_ends(c, c->p)) {
                char text[40];
                size_t n = 0;
                while (t + n < c->le && !dyng_i_is_blank(t[n]) && n < 32) {
                    text[n] = t[n] == '\0' ? '?' : t[n];
                    n++;
                }
                text[n] = '\0';
                if (res == DYNG_I_NUM_OVERFLOW && token_ends(c, c->p))
                    return reader_fail(r, c->line, COL(c, t),
                                       "the weight '%s' is outside the int32 range", text);
                return reader_fail(r, c->line, COL(c, t), "the weight '%s' is not an integer",
                                   text);
            }
            w[k] = (int32_t)x;
        }
        while (c->p < c->le && dyng_i_is_blank(*c->p))
            c->p++;
        if (c->p < c->le)
            return reader_fail(r, c->line, COL(c, c->p),
                               "the insertion has more than %d weights; this file's insertions "
                               "have %d",
                               r->num_weights, r->num_weights);
        put_id(r->ins_src, r->ins_n, u, r->vertex_type);
        put_id(r->ins_dst, r->ins_n, v, r->vertex_type);
        r->ins_n++;
    }
    if (r->ins_n == STAGE || r->del_n == STAGE)
        return flush_stage(r, into);
    return DYNG_OK;
}

/* The failure at a "%aborted" line (dyng_dgt_writer_abort). */
static dyng_status aborted(dyng_dgt_reader *r) {
    return reader_fail(r, r->aborted_line, r->aborted_column,
                       "the writer of this file failed here ('%%aborted'): the batches before "
                       "this line are all it wrote, and the stream is incomplete");
}

/* "%batch <id>": the id, checked to exceed the last one. */
static dyng_status parse_batch_id(dyng_dgt_reader *r, cursor *c, int64_t *id) {
    dyng_status st;
    uint64_t v = 0;
    if ((st = expect(r, c, "the batch id")) != DYNG_OK)
        return st;
    const char *t = c->p;
    if ((st = take_uint(r, c, "batch id", INT64_MAX, "int64", &v)) != DYNG_OK ||
        (st = expect_end(r, c, "the batch id")) != DYNG_OK)
        return st;
    if (r->have_last && (int64_t)v <= r->last_id)
        return reader_fail(r, c->line, COL(c, t),
                           "batch id %lld does not exceed the previous batch id %lld; ids must "
                           "strictly increase",
                           (long long)v, (long long)r->last_id);
    *id = (int64_t)v;
    return DYNG_OK;
}

/* "%dgt <version>", only as the first line. */
static dyng_status parse_version(dyng_dgt_reader *r, cursor *c) {
    dyng_status st;
    if (c->line != 1)
        return reader_fail(r, c->line, COL(c, c->p - 4),
                           "'%%dgt' may only appear on the first line");
    if ((st = expect(r, c, "the .dgt version")) != DYNG_OK)
        return st;
    const char *t = c->p;
    while (c->p < c->le && !dyng_i_is_blank(*c->p))
        c->p++;
    if (c->p - t != 1 || *t != '1') {
        char text[40];
        snprintf(text, sizeof text, "%.*s", (int)(c->p - t > 32 ? 32 : c->p - t), t);
        return reader_fail(r, c->line, COL(c, t),
                           "unsupported .dgt version '%s'; this reader reads version 1", text);
    }
    return expect_end(r, c, "the .dgt version");
}

/* ------------------------------------------------------------------------ */
/* Public functions                                                         */
/* ------------------------------------------------------------------------ */

dyng_status dyng_dgt_close(dyng_dgt_reader **r) {
    if (r == NULL || *r == NULL)
        return DYNG_OK;
    dyng_dgt_reader *x = *r;
    dyng_i_in_close(&x->in);
    dyng_i_free(x->path);
    dyng_i_free(x->buf);
    dyng_i_free(x->ins_src);
    dyng_i_free(x->ins_dst);
    dyng_i_free(x->del_src);
    dyng_i_free(x->del_dst);
    dyng_i_free(x->ins_w);
    dyng_i_free(x);
    *r = NULL;
    return DYNG_OK;
}

dyng_status dyng_dgt_open(dyng_dgt_reader **out, const char *path, dyng_type vertex_type,
                          int num_weights) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(path);
    if (vertex_type != DYNG_TYPE_INT32 && vertex_type != DYNG_TYPE_INT64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_dgt_open: vertex_type is %s; accepted: int32, int64",
                            dyng_type_name(vertex_type));
    if (num_weights > DYNG_MAX_WEIGHTS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_dgt_open: num_weights is %d; accepted: -1 (from the file) or "
                            "0..%d",
                            num_weights, DYNG_MAX_WEIGHTS);
    dyng_status st = DYNG_OK;
    dyng_dgt_reader *r = dyng_i_calloc(1, sizeof *r);
    if (r == NULL)
        return dyng_i_oom("a .dgt reader", sizeof *r);
    size_t es = dyng_type_size(vertex_type);
    size_t plen = strlen(path) + 1;
    r->vertex_type = vertex_type;
    r->max_id = vertex_type == DYNG_TYPE_INT64 ? (uint64_t)INT64_MAX : (uint64_t)INT32_MAX;
    r->cap = LINE_BUFFER;
    r->path = dyng_i_malloc(plen, 1);
    r->buf = dyng_i_malloc(r->cap + 1, 1);
    r->ins_src = dyng_i_malloc(STAGE, es);
    r->ins_dst = dyng_i_malloc(STAGE, es);
    r->del_src = dyng_i_malloc(STAGE, es);
    r->del_dst = dyng_i_malloc(STAGE, es);
    if (r->path == NULL || r->buf == NULL || r->ins_src == NULL || r->ins_dst == NULL ||
        r->del_src == NULL || r->del_dst == NULL) {
        st = dyng_i_oom("a .dgt reader", r->cap + 4 * STAGE * es);
        goto fail;
    }
    memcpy(r->path, path, plen);
    r->buf[0] = '\0';
    st = dyng_i_in_open(&r->in, r->path);
    if (st != DYNG_OK)
        goto fail;
    if (num_weights < 0) {
        st = peek_num_weights(r, &num_weights);
        if (st == DYNG_OK)
            st = rewind_reader(r);
        if (st != DYNG_OK)
            goto fail;
    }
    r->num_weights = num_weights;
    r->ins_w = dyng_i_malloc((size_t)STAGE * (size_t)(num_weights > 0 ? num_weights : 1), 4);
    if (r->ins_w == NULL) {
        st = dyng_i_oom("a .dgt reader", (size_t)STAGE * 4 * (size_t)num_weights);
        goto fail;
    }
    *out = r;
    return DYNG_OK;
fail:
    dyng_dgt_close(&r);
    return st;
}

dyng_status dyng_dgt_num_weights(int *num_weights, const dyng_dgt_reader *r) {
    DYNG_I_CHECK_ARG(num_weights);
    DYNG_I_CHECK_ARG(r);
    *num_weights = r->num_weights;
    return DYNG_OK;
}

/* Read lines into `into` until a "%batch" line or the end of the file.
 * *open says whether a batch was started (explicitly or implicitly). */
static dyng_status read_batch(dyng_dgt_reader *r, dyng_batch *into, bool *open, int64_t *id) {
    for (;;) {
        const char *s;
        size_t n;
        bool eof;
        dyng_status st = next_line(r, &s, &n, &eof);
        if (st != DYNG_OK || eof)
            return st;
        cursor c = {s, s + n, s, ++r->line};
        st = refuse_lone_cr(r, s, n, c.line);
        if (st != DYNG_OK)
            return st;
        c.le = comment_start(s, s + n);
        while (c.p < c.le && dyng_i_is_blank(*c.p))
            c.p++;
        if (c.p == c.le)
            continue;
        if (starts_word(c.p, c.le, "+e") || starts_word(c.p, c.le, "-e")) {
            bool insert = *c.p == '+';
            c.p += 2;
            if (!*open) { /* edges before any "%batch": batch 0 */
                *open = true;
                *id = 0;
                r->have_last = true;
                r->last_id = 0;
            }
            st = parse_edge(r, &c, insert, into);
        } else if (starts_word(c.p, c.le, "%batch")) {
            int64_t next_id = 0;
            c.p += 6;
            st = parse_batch_id(r, &c, &next_id);
            if (st != DYNG_OK)
                return st;
            r->have_last = true;
            r->last_id = next_id;
            if (*open) { /* this line starts the next batch */
                r->pending = true;
                r->pending_id = next_id;
                return DYNG_OK;
            }
            *open = true;
            *id = next_id;
        } else if (starts_word(c.p, c.le, "%aborted")) {
            /* the batch before it is whole (a writer aborts between batches):
             * return it, and fail at this line on the next call */
            r->aborted_line = c.line;
            r->aborted_column = COL(&c, c.p);
            return *open ? DYNG_OK : aborted(r);
        } else if (starts_word(c.p, c.le, "%dgt")) {
            c.p += 4;
            st = parse_version(r, &c);
        } else {
            char text[40];
            size_t k = 0;
            while (c.p + k < c.le && !dyng_i_is_blank(c.p[k]) && k < 32) {
                text[k] = c.p[k] == '\0' ? '?' : c.p[k];
                k++;
            }
            text[k] = '\0';
            st = reader_fail(r, c.line, COL(&c, c.p),
                             "unknown line starting with '%s'; expected '+e', '-e', '%%batch' "
                             "or a '#' comment",
                             text);
        }
        if (st != DYNG_OK)
            return st;
    }
}

dyng_status dyng_dgt_next(dyng_dgt_reader *r, dyng_batch *into, bool *done) {
    DYNG_I_CHECK_ARG(done);
    *done = false;
    DYNG_I_CHECK_ARG(r);
    DYNG_I_CHECK_ARG(into);
    if (r->failed != DYNG_OK)
        return reader_again(r);
    dyng_type t;
    int k;
    DYNG_I_TRY(dyng_batch_vertex_type(&t, into));
    DYNG_I_TRY(dyng_batch_num_weights(&k, into));
    if (t != r->vertex_type || k != r->num_weights)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_dgt_next: the batch has %s ids and %d weights; the reader "
                            "has %s ids and %d weights",
                            dyng_type_name(t), k, dyng_type_name(r->vertex_type), r->num_weights);
    DYNG_I_TRY(dyng_batch_clear(into));
    if (r->aborted_line > 0)
        return aborted(r);
    if (r->finished) {
        *done = true;
        return DYNG_OK;
    }
    bool open = r->pending;
    int64_t id = r->pending_id;
    r->pending = false;
    r->ins_n = r->del_n = 0;
    dyng_status st = read_batch(r, into, &open, &id);
    if (st == DYNG_OK)
        st = flush_stage(r, into);
    if (st == DYNG_OK && open)
        st = dyng_batch_set_id(into, id);
    if (st != DYNG_OK) {
        dyng_batch_clear(into);
        return r->failed != DYNG_OK ? st : reader_keep(r, st);
    }
    if (!r->pending && r->aborted_line == 0)
        r->finished = true;
    if (!open)
        *done = true;
    return DYNG_OK;
}
