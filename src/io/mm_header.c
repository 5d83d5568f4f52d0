/*
 * src/io/mm_header.c - the banner, the comments and the size line of a
 * Matrix Market file.
 *
 * The banner's words are compared without regard to case. Comment lines
 * (first non-blank byte '%') and blank lines may come between the banner and
 * the size line. Every error names the 1-based line and column of the token
 * at fault; a token that is missing is reported just past the one before it.
 */
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "io/mm.h"
#include "io/parse.h"

/* One line of the text: [begin, end), end at '\n' or at the end of the text. */
typedef struct line_span {
    const char *begin, *end;
} line_span;

/* The next token of a line: skips blanks; false at the end of the line. */
static bool next_token(const char **p, const char *end, const char **tok, size_t *n) {
    const char *q = *p;
    while (q < end && dyng_i_is_blank(*q))
        q++;
    if (q == end) {
        *p = q;
        return false;
    }
    const char *t = q;
    while (q < end && !dyng_i_is_blank(*q))
        q++;
    *tok = t;
    *n = (size_t)(q - t);
    *p = q;
    return true;
}

static bool word_is(const char *tok, size_t n, const char *word) {
    if (strlen(word) != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = tok[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != word[i])
            return false;
    }
    return true;
}

void dyng_i_token_text(char *dst, size_t cap, const char *t) {
    /* Up to 32 bytes of the token; a byte that is not printable ASCII is
     * shown as \xNN, so a message about a binary file stays readable. */
    size_t n = 0, i = 0;
    for (; i < 32 && t[i] != '\0' && t[i] != '\n' && !dyng_i_is_blank(t[i]); i++) {
        unsigned char c = (unsigned char)t[i];
        bool plain = c >= 0x20 && c < 0x7f;
        if (n + (plain ? 1 : 4) + 1 > cap)
            break;
        if (plain)
            dst[n++] = (char)c;
        else
            n += (size_t)snprintf(dst + n, cap - n, "\\x%02x", c);
    }
    bool more = t[i] != '\0' && t[i] != '\n' && !dyng_i_is_blank(t[i]);
    if (more && n + 4 <= cap) {
        memcpy(dst + n, "...", 3);
        n += 3;
    }
    dst[n] = '\0';
}

/* A token for a message: printable, cut at 32 bytes. */
#define TOKEN_TEXT(name, tok, n)                                                                   \
    char name[40];                                                                                 \
    token_text(name, (tok), (n))

/* A token for a message: its first 32 bytes, "..." after a longer one, and a
 * '?' for a byte that would not show (a NUL would end the text early, and
 * "matrix\0coordinate" read as 'matrix' in "unsupported object 'matrix'"). */
static void token_text(char out[40], const char *tok, size_t n) {
    const size_t k = n > 32 ? 32 : n;
    for (size_t i = 0; i < k; i++)
        out[i] = (unsigned char)tok[i] < 0x20 || tok[i] == 0x7f ? '?' : tok[i];
    strcpy(out + k, n > 32 ? "..." : "");
}

void dyng_i_text_end(const char *buf, size_t len, size_t from, int64_t line, int64_t *end_line,
                     int64_t *end_column) {
    size_t last = from; /* start of the last line */
    for (const char *p = buf + from; p < buf + len;) {
        const char *nl = memchr(p, '\n', (size_t)(buf + len - p));
        if (nl == NULL)
            break;
        line++;
        p = nl + 1;
        last = (size_t)(p - buf);
    }
    *end_line = line;
    *end_column = (int64_t)(len - last) + 1;
}

/* Parse the banner line; sets field and symmetry. */
static dyng_status parse_banner(dyng_i_mm_header *h, const char *path, line_span l) {
    const char *p = l.begin, *tok = NULL;
    size_t n = 0;
#define COL(t) ((int64_t)((t) - l.begin) + 1)
    if (!next_token(&p, l.end, &tok, &n) || !word_is(tok, n, "%%matrixmarket"))
        return dyng_i_file_error(path, 1, n > 0 ? COL(tok) : 1,
                                 "not a Matrix Market file: the first line must start with "
                                 "%%%%MatrixMarket");
    static const char *const expected[4] = {"the object 'matrix'", "the format 'coordinate'",
                                            "the field (pattern, integer or real)",
                                            "the symmetry (general, symmetric or skew-symmetric)"};
    for (int k = 0; k < 4; k++) {
        const char *prev_end = p;
        if (!next_token(&p, l.end, &tok, &n))
            return dyng_i_file_error(path, 1, COL(prev_end), "the banner ends before %s",
                                     expected[k]);
        TOKEN_TEXT(text, tok, n);
        if (k == 0 && !word_is(tok, n, "matrix")) {
            return dyng_i_file_error(path, 1, COL(tok),
                                     "unsupported object '%s'; dynG reads 'matrix' files", text);
        } else if (k == 1 && !word_is(tok, n, "coordinate")) {
            if (word_is(tok, n, "array"))
                return dyng_i_file_error(path, 1, COL(tok),
                                         "unsupported format 'array' (a dense matrix); dynG "
                                         "reads 'coordinate' files");
            return dyng_i_file_error(path, 1, COL(tok),
                                     "unknown format '%s'; expected 'coordinate'", text);
        } else if (k == 2) {
            if (word_is(tok, n, "pattern"))
                h->field = DYNG_MM_PATTERN;
            else if (word_is(tok, n, "integer"))
                h->field = DYNG_MM_INTEGER;
            else if (word_is(tok, n, "real"))
                h->field = DYNG_MM_REAL;
            else if (word_is(tok, n, "complex"))
                return dyng_i_file_error(path, 1, COL(tok),
                                         "unsupported field 'complex'; dynG reads pattern, "
                                         "integer and real (integral values) files");
            else
                return dyng_i_file_error(path, 1, COL(tok),
                                         "unknown field '%s'; expected pattern, integer or real",
                                         text);
        } else if (k == 3) {
            if (word_is(tok, n, "general"))
                h->symmetry = DYNG_MM_GENERAL;
            else if (word_is(tok, n, "symmetric"))
                h->symmetry = DYNG_MM_SYMMETRIC;
            else if (word_is(tok, n, "skew-symmetric"))
                h->symmetry = DYNG_MM_SKEW_SYMMETRIC;
            else if (word_is(tok, n, "hermitian"))
                return dyng_i_file_error(path, 1, COL(tok),
                                         "unsupported symmetry 'hermitian'; dynG reads general, "
                                         "symmetric and skew-symmetric files");
            else
                return dyng_i_file_error(path, 1, COL(tok),
                                         "unknown symmetry '%s'; expected general, symmetric or "
                                         "skew-symmetric",
                                         text);
            if (h->field == DYNG_MM_PATTERN && h->symmetry == DYNG_MM_SKEW_SYMMETRIC)
                return dyng_i_file_error(path, 1, COL(tok),
                                         "a pattern file cannot be skew-symmetric (its mirrored "
                                         "entries would need negated values)");
        }
    }
    if (next_token(&p, l.end, &tok, &n)) {
        TOKEN_TEXT(text, tok, n);
        return dyng_i_file_error(path, 1, COL(tok), "unexpected '%s' after the banner's symmetry",
                                 text);
    }
    return DYNG_OK;
#undef COL
}

/* Parse "rows cols nnz" on line `line`. */
static dyng_status parse_size_line(dyng_i_mm_header *h, const char *path, line_span l,
                                   int64_t line) {
    static const char *const names[3] = {"row count", "column count", "entry count"};
    int64_t values[3] = {0, 0, 0};
    int64_t columns[3] = {0, 0, 0};
    const char *p = l.begin;
    for (int k = 0; k < 3; k++) {
        const char *prev_end = p;
        while (p < l.end && dyng_i_is_blank(*p))
            p++;
        int64_t col = (int64_t)(p - l.begin) + 1;
        if (p == l.end)
            return dyng_i_file_error(path, line, (int64_t)(prev_end - l.begin) + 1,
                                     "the size line needs 'rows columns entries'; the %s is "
                                     "missing",
                                     names[k]);
        char text[40];
        dyng_i_token_text(text, sizeof text, p);
        if (*p == '-')
            return dyng_i_file_error(path, line, col, "negative %s '%s'", names[k], text);
        uint64_t v = 0;
        dyng_i_num r = dyng_i_parse_uint(&p, INT64_MAX, &v);
        if (r == DYNG_I_NUM_NONE || (p < l.end && !dyng_i_is_blank(*p)))
            return dyng_i_file_error(path, line, col, "the %s '%s' is not a number", names[k],
                                     text);
        if (r == DYNG_I_NUM_OVERFLOW)
            return dyng_i_file_error(path, line, col, "the %s '%s' is too large", names[k], text);
        values[k] = (int64_t)v;
        columns[k] = col;
    }
    const char *tok;
    size_t n;
    if (next_token(&p, l.end, &tok, &n)) {
        TOKEN_TEXT(text, tok, n);
        return dyng_i_file_error(path, line, (int64_t)(tok - l.begin) + 1,
                                 "unexpected '%s' after the size line's entry count", text);
    }
    h->rows = values[0];
    h->cols = values[1];
    h->nnz = values[2];
    h->rows_column = columns[0];
    h->cols_column = columns[1];
    return DYNG_OK;
}

dyng_status dyng_i_mm_parse_header(dyng_i_mm_header *h, const char *path, const char *buf,
                                   size_t len) {
    memset(h, 0, sizeof *h);
    const char *end = buf + len;
    const char *p = buf;
    int64_t line = 1;
    if (len == 0)
        return dyng_i_file_error(path, 1, 1, "empty file; expected the %%%%MatrixMarket banner");
    for (;;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        line_span l = {p, nl != NULL ? nl : end};
        if (line == 1) {
            dyng_status st = parse_banner(h, path, l);
            if (st != DYNG_OK)
                return st;
        } else {
            const char *q = l.begin;
            while (q < l.end && dyng_i_is_blank(*q))
                q++;
            if (q < l.end && *q != '%') {
                dyng_status st = parse_size_line(h, path, l, line);
                if (st != DYNG_OK)
                    return st;
                h->size_line = line;
                h->body = nl != NULL ? (size_t)(nl + 1 - buf) : len;
                h->body_line = line + 1;
                return DYNG_OK;
            }
        }
        if (nl == NULL)
            break;
        p = nl + 1;
        line++;
    }
    int64_t eline, ecol;
    dyng_i_text_end(buf, len, 0, 1, &eline, &ecol);
    return dyng_i_file_error(path, eline, ecol,
                             "the file ends before the size line 'rows columns entries'");
}

dyng_status dyng_i_mm_check_capacity(const dyng_i_mm_header *h, const char *path,
                                     dyng_type vertex_type) {
    if (vertex_type != DYNG_TYPE_INT32)
        return DYNG_OK;
    const int64_t limit = (int64_t)INT32_MAX + 1; /* ids 0..INT32_MAX */
    if (h->rows <= limit && h->cols <= limit)
        return DYNG_OK;
    bool rows = h->rows > limit;
    dyng_status st =
        dyng_i_error(DYNG_CAPACITY,
                     "%s:%lld: the matrix has %lld %s; int32 vertex ids name at "
                     "most %lld vertices (read it with the int64 vertex type)",
                     path, (long long)h->size_line, (long long)(rows ? h->rows : h->cols),
                     rows ? "rows" : "columns", (long long)limit);
    dyng_i_error_set_location(path, h->size_line, rows ? h->rows_column : h->cols_column);
    return st;
}
