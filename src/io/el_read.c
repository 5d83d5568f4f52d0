/*
 * src/io/el_read.c - the parallel edge-list parser, dyng_el_read_arrays and
 * dyng_el_read_graph.
 *
 * The layout of mm_read.c: the whole (decompressed) file is in memory (file.h,
 * NUL-terminated and padded); it is cut into chunks at line boundaries, a few
 * per thread. Pass 1 counts each chunk's lines and data lines (neither blank
 * nor a comment); prefix sums give each chunk its first line number and the
 * index of its first edge. With num_weights -1 the first data line is then
 * read to learn the weight count. Pass 2 parses each chunk straight into the
 * output arrays at its index. Both passes poll the interrupt flag before each
 * chunk.
 *
 * Pass 2 tries each line on a fast path first ("u v[ w..]" with one
 * separator between fields: a space, a tab, "," or ", "; digits eight at a
 * time, parse.h), which never reports anything: any other line (comments,
 * blanks, signs, reals, self-loops to drop or report, and every error) goes
 * through the general path, which parses field by field and names what is
 * wrong. Each chunk stops at its first error; the one reported is that of the
 * first failing chunk (the smallest line). A dropped self-loop leaves a gap at
 * the end of its chunk's range; the chunks are moved together afterwards, in
 * order.
 *
 * Ids are parsed into the final type, except with compact_ids (int64 first,
 * then el_ids.c renumbers them) and for vertex_type NONE: int32 first, and
 * once more as int64 when the first error is an id past int32.
 */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "io/chunks.h"
#include "io/el.h"
#include "io/file.h"
#include "io/mm.h"
#include "io/parse.h"

#define CHUNKS_PER_THREAD 32

/* What every chunk shares (read-only during the passes). */
typedef struct el_job {
    bool wide;       /* int64 ids in src / dst                               */
    uint64_t id_max; /* the largest id (0-based) that fits them              */
    bool one_based;  /* ids as written start at 1                            */
    int k;           /* weights read per line                                */
    bool strict;     /* num_weights -1: exactly k, then only a comment       */
    int64_t k_line;  /* strict: the first data line (for messages)           */
    bool loops_keep; /* self-loops go through the fast path                  */
    dyng_on_self_loop on_self_loop;
    void *src, *dst;
    int32_t *weights; /* k per edge                                           */
} el_job;

static inline bool is_comment(char ch) { return ch == '#' || ch == '%'; }

static inline bool at_line_end(const char *p, const char *end) { return *p == '\n' || p == end; }

/* Where a field ends: a blank, a comma or the line's end. */
static inline bool field_end(const char *p, const char *end) {
    return dyng_i_is_blank(*p) || *p == ',' || at_line_end(p, end);
}

/* The token at t for a message (cut at 32 bytes and at a comma). */
static void token_text(char *dst, size_t cap, const char *t) {
    dyng_i_token_text(dst, cap, t);
    char *comma = strchr(dst, ',');
    if (comma != NULL && comma != dst)
        *comma = '\0';
}

/* After a line's first non-blank byte q: the start of the next line. */
static inline const char *next_line(const char *q, const char *end) {
    const char *nl = memchr(q, '\n', (size_t)(end - q));
    return nl != NULL ? nl + 1 : end;
}

/*
 * Move past the separator after a field at *pp: blanks, at most one comma,
 * blanks. Returns 1 when another field starts there (*pp at it), 0 when the
 * line ends or a comment starts (*pp there), and -1, recording the error,
 * for an empty field (a comma with no field after it).
 */
static inline int next_field(dyng_i_chunk *c, const char **pp, const char *end, const char *ls,
                             int64_t line) {
    const char *p = *pp;
    while (dyng_i_is_blank(*p))
        p++;
    bool comma = *p == ',';
    if (comma) {
        p++;
        while (dyng_i_is_blank(*p))
            p++;
    }
    *pp = p;
    bool none = at_line_end(p, end) || is_comment(*p);
    if (!comma && none)
        return 0;
    if (!none && *p != ',')
        return 1;
    dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(p - ls) + 1, "an empty field after ','");
    return -1;
}

/* Parse the id token at *pp into a 0-based id that fits the job's type. */
static inline bool take_id(const el_job *job, dyng_i_chunk *c, const char **pp, const char *end,
                           const char *ls, int64_t line, const char *what, uint64_t *out) {
    const char *t = *pp;
    const char *q = t;
    uint64_t x = 0;
    dyng_i_num r = dyng_i_parse_uint(&q, INT64_MAX, &x);
    bool ends = field_end(q, end);
    int64_t col = (int64_t)(t - ls) + 1;
    char text[40];
    token_text(text, sizeof text, t);
    if (r == DYNG_I_NUM_OK && ends) {
        if (job->one_based && x == 0) {
            dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col,
                              "the %s id is 0; the ids of a 1-based file start at 1", what);
            return false;
        }
        x -= job->one_based ? 1 : 0;
        if (x <= job->id_max) {
            *pp = q;
            *out = x;
            return true;
        }
        if (job->wide) {
            dyng_i_chunk_fail(c, DYNG_CAPACITY, line, col,
                              "the %s id %s is past the int64 vertex ids", what, text);
            return false;
        }
        dyng_i_chunk_fail(c, DYNG_CAPACITY, line, col,
                          "the %s id %s is past the int32 vertex ids (read it with int64 ids)",
                          what, text);
        c->past_int32 = true;
        return false;
    }
    if (*t == '-' && dyng_i_is_digit(t[1]))
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col, "negative %s id '%s'", what, text);
    else if (r == DYNG_I_NUM_NONE || !ends)
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col,
                          "the %s id '%s' is not a non-negative integer", what, text);
    else
        dyng_i_chunk_fail(c, DYNG_CAPACITY, line, col, "the %s id %s is past the int64 vertex ids",
                          what, text);
    return false;
}

/* Parse weight j (0-based) at *pp. */
static inline bool take_weight(dyng_i_chunk *c, const char **pp, const char *end, const char *ls,
                               int64_t line, int j, int32_t *w) {
    const char *t = *pp;
    const char *q = t;
    dyng_i_num r = dyng_i_parse_real_i32(&q, w);
    bool ends = field_end(q, end);
    if (r == DYNG_I_NUM_OK && ends) {
        *pp = q;
        return true;
    }
    char text[40];
    token_text(text, sizeof text, t);
    int64_t col = (int64_t)(t - ls) + 1;
    if (r == DYNG_I_NUM_NONE || !ends)
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col, "weight %d, '%s', is not an integer",
                          j + 1, text);
    else if (r == DYNG_I_NUM_FRACTION)
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col,
                          "weight %d, '%s', is not an integer (dynG weights are int32)", j + 1,
                          text);
    else
        dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col,
                          "weight %d, '%s', is outside the int32 range", j + 1, text);
    return false;
}

/* One separator of the fast path: ' ', '\t', ',' or ", ". */
static inline const unsigned char *fast_sep(const unsigned char *u) {
    if (*u == ' ' || *u == '\t')
        return u + 1;
    if (*u == ',')
        return u + (u[1] == ' ' ? 2 : 1);
    return NULL;
}

/* The fast path for the usual line; false (the general path then parses the
 * line again) for anything else. Writes the edge at *o when it is valid. */
static inline bool fast_line(const el_job *job, const char **pp, const char *end, int64_t *o,
                             int64_t *max_id) {
    const unsigned char *u = (const unsigned char *)*pp;
    uint64_t a = 0, b = 0;
    u = dyng_i_fast_digits(u, &a);
    if (u == NULL || (u = fast_sep(u)) == NULL)
        return false;
    u = dyng_i_fast_digits(u, &b);
    if (u == NULL)
        return false;
    int32_t *w = job->k > 0 ? job->weights + (size_t)*o * (size_t)job->k : NULL;
    for (int j = 0; j < job->k; j++) {
        if ((u = fast_sep(u)) == NULL)
            return false;
        bool neg = *u == '-';
        uint64_t x = 0;
        u = dyng_i_fast_digits(u + neg, &x);
        if (u == NULL || x > (uint64_t)INT32_MAX + neg)
            return false;
        w[j] = neg ? (int32_t) - (int64_t)x : (int32_t)x;
    }
    if (*u == '\r' && u[1] == '\n')
        u++;
    if (at_line_end((const char *)u, end)) {
        /* the line ends here */
    } else if (!job->strict && (*u == ' ' || *u == '\t' || *u == ',')) {
        u = (const unsigned char *)next_line((const char *)u, end) - 1; /* ignored columns */
    } else {
        return false;
    }
    if (job->one_based) {
        if (a == 0 || b == 0)
            return false;
        a--;
        b--;
    }
    if (a > job->id_max || b > job->id_max || (a == b && !job->loops_keep))
        return false;
    dyng_i_put_id(job->src, *o, a, job->wide);
    dyng_i_put_id(job->dst, *o, b, job->wide);
    (*o)++;
    int64_t big = (int64_t)(a > b ? a : b);
    if (big > *max_id)
        *max_id = big;
    *pp = (const char *)u + 1;
    return true;
}

/* Pass 2: parse the data lines of one chunk into the outputs. */
static void parse_chunk(const void *context, dyng_i_chunk *c) {
    const el_job *job = context;
    const char *p = c->begin, *end = c->end;
    int64_t line = c->first_line;
    int64_t o = c->first_entry;
    int64_t max_id = -1, dropped = 0;
    while (p < end) {
        if (fast_line(job, &p, end, &o, &max_id)) {
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
        if (is_comment(*p)) { /* comment line */
            p = next_line(p, end);
            line++;
            continue;
        }
        if (*p == ',') {
            dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(p - ls) + 1,
                              "an empty field before ','");
            return;
        }
        const char *first = p;
        uint64_t u = 0, v = 0;
        if (!take_id(job, c, &p, end, ls, line, "source", &u))
            return;
        const char *prev = p;
        int f = next_field(c, &p, end, ls, line);
        if (f == 0)
            dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, (int64_t)(prev - ls) + 1,
                              "the line has no target id");
        if (f <= 0 || !take_id(job, c, &p, end, ls, line, "target", &v))
            return;
        int32_t *w = job->k > 0 ? job->weights + (size_t)o * (size_t)job->k : NULL;
        for (int j = 0; j < job->k; j++) {
            prev = p;
            f = next_field(c, &p, end, ls, line);
            if (f == 0) {
                int64_t col = (int64_t)(prev - ls) + 1;
                if (job->strict)
                    dyng_i_chunk_fail(
                        c, DYNG_FILE_FORMAT, line, col,
                        "the line has %d weights; the first data line (line %lld) has %d", j,
                        (long long)job->k_line, job->k);
                else
                    dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line, col,
                                      "the line has %d weights; num_weights is %d", j, job->k);
            }
            if (f <= 0 || !take_weight(c, &p, end, ls, line, j, &w[j]))
                return;
        }
        if (job->strict) {
            f = next_field(c, &p, end, ls, line);
            if (f < 0)
                return;
            if (f > 0) {
                char text[40];
                token_text(text, sizeof text, p);
                dyng_i_chunk_fail(
                    c, DYNG_FILE_FORMAT, line, (int64_t)(p - ls) + 1,
                    "unexpected '%s' after %d weights (the first data line, line %lld, "
                    "has %d)",
                    text, job->k, (long long)job->k_line, job->k);
                return;
            }
        }
        p = next_line(p, end);
        line++;
        if (u == v && job->on_self_loop != DYNG_SELF_LOOP_KEEP) {
            if (job->on_self_loop == DYNG_SELF_LOOP_ERROR) {
                uint64_t shown = u + (job->one_based ? 1 : 0);
                dyng_i_chunk_fail(c, DYNG_FILE_FORMAT, line - 1, (int64_t)(first - ls) + 1,
                                  "a self-loop (%llu, %llu), and self-loops are refused here",
                                  (unsigned long long)shown, (unsigned long long)shown);
                return;
            }
            dropped++;
            continue;
        }
        dyng_i_put_id(job->src, o, u, job->wide);
        dyng_i_put_id(job->dst, o, v, job->wide);
        o++;
        int64_t big = (int64_t)(u > v ? u : v);
        if (big > max_id)
            max_id = big;
    } /* for each line of the chunk */
    c->out_count = o - c->first_entry;
    c->dropped = dropped;
    c->max_id = max_id;
}

/*
 * The weight count of the first data line (num_weights -1): the fields after
 * the two ids, counted up to the line's end, a comment or a malformed
 * separator (pass 2 reports that one). Too many is an error here.
 */
static dyng_status first_line_weights(const dyng_i_chunk *chunks, int64_t n, const char *path,
                                      int *k, int64_t *k_line) {
    *k = 0;
    *k_line = 0;
    int64_t c = 0;
    while (c < n && chunks[c].entries == 0)
        c++;
    if (c == n)
        return DYNG_OK;
    const char *p = chunks[c].begin, *end = chunks[c].end;
    int64_t line = chunks[c].first_line;
    for (;; line++) {
        const char *q = p;
        while (dyng_i_is_blank(*q))
            q++;
        if (q < end && *q != '\n' && !is_comment(*q))
            break;
        p = next_line(q, end);
    }
    const char *ls = p;
    while (dyng_i_is_blank(*p))
        p++;
    dyng_i_chunk scratch;
    int64_t fields = 0;
    int f = *p == ',' ? -1 : 1;
    while (f > 0) {
        fields++;
        if (fields == DYNG_MAX_WEIGHTS + 3)
            return dyng_i_file_error(path, line, (int64_t)(p - ls) + 1,
                                     "the first data line has more than %d weight columns (the "
                                     "most an edge carries)",
                                     DYNG_MAX_WEIGHTS);
        while (!field_end(p, end))
            p++;
        f = next_field(&scratch, &p, end, ls, line);
    }
    *k = fields > 2 ? (int)(fields - 2) : 0;
    *k_line = line;
    return DYNG_OK;
}

/* The location of edge `index` (after the gaps are closed): the line and the
 * column of its first field. */
static void locate_edge(const el_job *job, const dyng_i_chunk *chunks, int64_t n, int64_t index,
                        int64_t *line, int64_t *column) {
    int64_t c = 0;
    while (c + 1 < n && index >= chunks[c].out_begin + chunks[c].out_count)
        c++;
    int64_t left = index - chunks[c].out_begin;
    const char *p = chunks[c].begin, *end = chunks[c].end;
    int64_t l = chunks[c].first_line;
    *line = *column = 0;
    for (; p < end; l++) {
        const char *q = p;
        while (dyng_i_is_blank(*q))
            q++;
        if (q < end && *q != '\n' && !is_comment(*q)) {
            bool kept = true;
            if (chunks[c].dropped > 0) { /* a line of equal ids was a dropped self-loop */
                const char *t = q;
                uint64_t a = 0, b = 0;
                dyng_i_parse_uint(&t, INT64_MAX, &a);
                while (dyng_i_is_blank(*t) || *t == ',')
                    t++;
                dyng_i_parse_uint(&t, INT64_MAX, &b);
                kept = a != b || job->on_self_loop == DYNG_SELF_LOOP_KEEP;
            }
            if (kept && left-- == 0) {
                *line = l;
                *column = (int64_t)(q - p) + 1;
                return;
            }
        }
        p = next_line(q, end);
    }
}

/* Move the chunks' outputs together (after dropped self-loops); sets each
 * chunk's out_begin and returns the edge count. */
static int64_t close_gaps(const el_job *job, dyng_i_chunk *chunks, int64_t n) {
    size_t es = job->wide ? 8 : 4;
    size_t ws = (size_t)job->k * sizeof(int32_t);
    int64_t o = 0;
    for (int64_t k = 0; k < n; k++) {
        dyng_i_chunk *c = &chunks[k];
        c->out_begin = o;
        if (c->first_entry != o && c->out_count > 0) {
            size_t count = (size_t)c->out_count;
            memmove((char *)job->src + (size_t)o * es,
                    (char *)job->src + (size_t)c->first_entry * es, count * es);
            memmove((char *)job->dst + (size_t)o * es,
                    (char *)job->dst + (size_t)c->first_entry * es, count * es);
            if (ws > 0)
                memmove((char *)job->weights + (size_t)o * ws,
                        (char *)job->weights + (size_t)c->first_entry * ws, count * ws);
        }
        o += c->out_count;
    }
    return o;
}

/* What el_write.c writes first: "# dynG edge list: N vertices, M edges, K
 * weights" and, for a graph, ", directed" or ", undirected". */
static const char EL_HEADER[] = "# dynG edge list: ";

/* Move *pp past `word` when the text there starts with it. */
static bool skip_word(const char **pp, const char *word) {
    size_t n = strlen(word);
    if (strncmp(*pp, word, n) != 0)
        return false;
    *pp += n;
    return true;
}

/*
 * The vertex count N of the writer's header line when it is the text's first
 * line, exactly as el_write.c writes it (a CRLF end too); *n is -1 for any
 * other text, whose first line stays an ordinary comment (and for every text
 * with `compact`, which renumbers the ids). N past int64, or past what `type`
 * (int32 or int64; NONE: any) names, is an error at N. The line's edge and
 * weight counts are not checked: a file whose edges were edited by hand
 * keeps its vertex count. *undirected is 1 when the line ends in
 * ", undirected", 0 for ", directed", -1 otherwise (an older line, or none).
 */
static dyng_status header_vertices(const char *buf, size_t len, const char *path, dyng_type type,
                                   bool compact, int64_t *n, int *undirected) {
    *n = -1;
    *undirected = -1;
    const char *p = buf;
    if (!skip_word(&p, EL_HEADER))
        return DYNG_OK;
    uint64_t v = 0, m = 0, k = 0;
    dyng_i_num r = dyng_i_parse_uint(&p, INT64_MAX, &v);
    if (r == DYNG_I_NUM_NONE || !skip_word(&p, " vertices, ") ||
        dyng_i_parse_uint(&p, UINT64_MAX, &m) != DYNG_I_NUM_OK || !skip_word(&p, " edges, ") ||
        dyng_i_parse_uint(&p, DYNG_MAX_WEIGHTS, &k) != DYNG_I_NUM_OK || !skip_word(&p, " weights"))
        return DYNG_OK;
    const int direction = skip_word(&p, ", undirected") ? 1 : skip_word(&p, ", directed") ? 0 : -1;
    if (*p == '\r')
        p++;
    if (*p != '\n' && p != buf + len)
        return DYNG_OK;
    *undirected = direction;
    if (compact)
        return DYNG_OK;
    const int64_t col = (int64_t)sizeof EL_HEADER;
    if (r == DYNG_I_NUM_OVERFLOW)
        return dyng_i_file_error(path, 1, col, "the vertex count of the header line is past int64");
    if (type == DYNG_TYPE_INT32 && v > (uint64_t)INT32_MAX + 1) {
        dyng_status st =
            dyng_i_error(DYNG_CAPACITY,
                         "%s:1:%lld: the header line names %llu vertices; int32 "
                         "vertex ids name at most %lld vertices (read it with int64 "
                         "ids)",
                         path, (long long)col, (unsigned long long)v, (long long)INT32_MAX + 1);
        dyng_i_error_set_location(path, 1, col);
        return st;
    }
    *n = (int64_t)v;
    return DYNG_OK;
}

/* Give back the unused tail of an array; keeps the old one if that fails. */
static void *shrink(void *p, int64_t count, size_t size) {
    void *q = dyng_i_realloc(p, (size_t)count, size);
    return q != NULL ? q : p;
}

/* Allocate (or reallocate for another pass) the id arrays of the job. */
static bool alloc_ids(el_job *job, size_t room) {
    size_t es = job->wide ? 8 : 4;
    dyng_i_free(job->src);
    dyng_i_free(job->dst);
    job->src = dyng_i_malloc_big(room, es);
    job->dst = dyng_i_malloc_big(room, es);
    return job->src != NULL && job->dst != NULL;
}

/* Parse buf[0..len) into *out as the options say; `unordered` as for
 * dyng_i_el_read. */
static dyng_status parse_text(dyng_edge_arrays *out, int64_t **original_ids, const char *path,
                              const char *buf, size_t len, const dyng_el_read_options *o,
                              int unordered, bool *undirected, dyng_resources *resources) {
    dyng_i_chunk *chunks = NULL;
    el_job job;
    int64_t *ids = NULL;
    dyng_status st = DYNG_OK;
    memset(&job, 0, sizeof job);
    bool auto_type = o->vertex_type == DYNG_TYPE_NONE;
    job.wide = o->compact_ids || o->vertex_type == DYNG_TYPE_INT64;
    job.id_max = job.wide ? (uint64_t)INT64_MAX - 1 : (uint64_t)INT32_MAX; /* n = max + 1 fits */
    job.one_based = o->one_based;
    job.on_self_loop = o->on_self_loop;
    job.loops_keep = o->on_self_loop == DYNG_SELF_LOOP_KEEP;

    /* Pass 1, the prefix sums and the weight count. */
    int64_t n = 0, entries = 0;
    st = dyng_i_chunks_count(&chunks, &n, &entries, path, buf, buf + len, 1, true, true,
                             CHUNKS_PER_THREAD, resources);
    if (st == DYNG_OK)
        st = dyng_i_chunks_lone_cr(chunks, n, path);
    int64_t header_n = -1;
    int header_undirected = -1;
    if (st == DYNG_OK)
        st = header_vertices(buf, len, path, auto_type ? DYNG_TYPE_NONE : o->vertex_type,
                             o->compact_ids, &header_n, &header_undirected);
    if (st != DYNG_OK)
        goto done;
    if (unordered < 0) /* as the header line says; directed without one */
        unordered = header_undirected == 1;
    if (undirected != NULL)
        *undirected = unordered != 0;
    if (header_n > (int64_t)INT32_MAX + 1 && auto_type) { /* ids up to n - 1 need int64 */
        job.wide = true;
        job.id_max = (uint64_t)INT64_MAX - 1;
    }
    if (o->num_weights >= 0) {
        job.k = o->num_weights;
    } else {
        st = first_line_weights(chunks, n, path, &job.k, &job.k_line);
        if (st != DYNG_OK)
            goto done;
        job.strict = true;
    }

    /* Pass 2, once more with int64 ids when an id needs them (NONE). */
    size_t room = (size_t)entries;
    if (job.k > 0) {
        job.weights = dyng_i_malloc_big(room, (size_t)job.k * sizeof(int32_t));
        if (job.weights == NULL) {
            st = dyng_i_oom("the weights", dyng_i_mul_size(room, (size_t)job.k * 4));
            goto done;
        }
    }
    for (;;) {
        if (!alloc_ids(&job, room)) {
            st = dyng_i_oom("the edge arrays", dyng_i_mul_size(room, job.wide ? 16 : 8));
            goto done;
        }
        st = dyng_i_chunks_parse(chunks, n, parse_chunk, &job, path, resources);
        const dyng_i_chunk *failed = dyng_i_chunks_failed(chunks, n);
        if (st == DYNG_INTERRUPTED || failed == NULL || !failed->past_int32 || !auto_type ||
            job.wide)
            break;
        for (int64_t k = 0; k < n; k++) {
            chunks[k].status = DYNG_OK;
            chunks[k].past_int32 = false;
        }
        job.wide = true;
        job.id_max = (uint64_t)INT64_MAX - 1;
    }
    if (st != DYNG_OK)
        goto done;
    int64_t m = close_gaps(&job, chunks, n);
    int64_t max_id = -1;
    for (int64_t k = 0; k < n; k++)
        if (chunks[k].max_id > max_id)
            max_id = chunks[k].max_id;

    /* Compaction. */
    dyng_type type = job.wide ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
    int64_t num_vertices = max_id + 1;
    if (header_n >= 0) {
        if (header_n < num_vertices) {
            st = dyng_i_file_error(path, 1, (int64_t)sizeof EL_HEADER,
                                   "the header line names %lld vertices, but an edge has the id "
                                   "%lld; the count must be at least 1 + the largest id",
                                   (long long)header_n,
                                   (long long)(max_id + (o->one_based ? 1 : 0)));
            goto done;
        }
        num_vertices = header_n;
    }
    if (o->compact_ids) {
        void *s = NULL, *d = NULL;
        st = dyng_i_el_compact(job.src, job.dst, m, max_id, o->vertex_type, o->one_based ? 1 : 0,
                               resources, &s, &d, &type, original_ids != NULL ? &ids : NULL,
                               &num_vertices);
        if (st != DYNG_OK)
            goto done;
        if (s != job.src) {
            dyng_i_free(job.src);
            dyng_i_free(job.dst);
            job.src = s;
            job.dst = d;
        }
        job.wide = type == DYNG_TYPE_INT64;
    }

    /* Duplicates. */
    if (o->on_duplicate != DYNG_DUPLICATE_KEEP) {
        bool drop = o->on_duplicate == DYNG_DUPLICATE_DROP;
        int64_t first_dup = -1, kept = m;
        st = dyng_i_el_dedupe(job.src, job.dst, job.weights, job.k, m, job.wide, unordered, drop,
                              resources, &kept, &first_dup);
        if (st != DYNG_OK)
            goto done;
        if (first_dup >= 0) {
            /* the earlier copy: the first edge before it with the same pair */
            int64_t u =
                job.wide ? ((int64_t *)job.src)[first_dup] : ((int32_t *)job.src)[first_dup];
            int64_t v =
                job.wide ? ((int64_t *)job.dst)[first_dup] : ((int32_t *)job.dst)[first_dup];
            int64_t earlier = 0;
            for (; earlier < first_dup; earlier++) {
                int64_t a =
                    job.wide ? ((int64_t *)job.src)[earlier] : ((int32_t *)job.src)[earlier];
                int64_t b =
                    job.wide ? ((int64_t *)job.dst)[earlier] : ((int32_t *)job.dst)[earlier];
                if ((a == u && b == v) || (unordered && a == v && b == u))
                    break;
            }
            int64_t l, c, l0, c0;
            locate_edge(&job, chunks, n, first_dup, &l, &c);
            locate_edge(&job, chunks, n, earlier, &l0, &c0);
            st = dyng_i_file_error(path, l, c,
                                   "a duplicate of the edge of line %lld, and duplicates are "
                                   "refused here",
                                   (long long)l0);
            goto done;
        }
        m = kept;
    }

    size_t es = job.wide ? 8 : 4;
    if ((size_t)m < room - room / 8) {
        job.src = shrink(job.src, m, es);
        job.dst = shrink(job.dst, m, es);
        if (job.k > 0)
            job.weights = shrink(job.weights, m, (size_t)job.k * sizeof(int32_t));
    }
    out->vertex_type = type;
    out->num_weights = job.k;
    out->num_vertices = num_vertices;
    out->num_edges = m;
    out->src = job.src;
    out->dst = job.dst;
    out->weights = job.weights;
    out->field = job.k > 0 ? DYNG_MM_INTEGER : DYNG_MM_PATTERN;
    out->symmetry = DYNG_MM_GENERAL;
    if (original_ids != NULL)
        *original_ids = ids;
    ids = NULL;
    job.src = job.dst = NULL;
    job.weights = NULL;
done:
    dyng_i_free(ids);
    dyng_i_free(job.src);
    dyng_i_free(job.dst);
    dyng_i_free(job.weights);
    dyng_i_free(chunks);
    return st;
}

dyng_status dyng_el_read_options_default(dyng_el_read_options *out) {
    DYNG_I_CHECK_ARG(out);
    out->vertex_type = DYNG_TYPE_INT32;
    out->num_weights = -1;
    out->compact_ids = false;
    out->one_based = false;
    out->on_self_loop = DYNG_SELF_LOOP_KEEP;
    out->on_duplicate = DYNG_DUPLICATE_KEEP;
    return DYNG_OK;
}

static dyng_status check_options(const dyng_el_read_options *o, const char *who) {
    if (o->vertex_type != DYNG_TYPE_INT32 && o->vertex_type != DYNG_TYPE_INT64 &&
        o->vertex_type != DYNG_TYPE_NONE)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: vertex_type is %s; accepted: int32, int64, none (int32 unless "
                            "an id needs int64)",
                            who, dyng_type_name(o->vertex_type));
    if (o->num_weights < -1 || o->num_weights > DYNG_MAX_WEIGHTS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: num_weights is %d; accepted: -1 (as the first data line has) "
                            "or 0..%d",
                            who, o->num_weights, DYNG_MAX_WEIGHTS);
    if (o->on_self_loop != DYNG_SELF_LOOP_KEEP && o->on_self_loop != DYNG_SELF_LOOP_DROP &&
        o->on_self_loop != DYNG_SELF_LOOP_ERROR)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: on_self_loop is %d; accepted: keep (0), drop (1), error (2)", who,
                            (int)o->on_self_loop);
    if (o->on_duplicate != DYNG_DUPLICATE_KEEP && o->on_duplicate != DYNG_DUPLICATE_DROP &&
        o->on_duplicate != DYNG_DUPLICATE_ERROR)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: on_duplicate is %d; accepted: keep (0), drop (1), error (2)", who,
                            (int)o->on_duplicate);
    return DYNG_OK;
}

dyng_status dyng_i_el_read(dyng_edge_arrays *out, int64_t **original_ids, const char *path,
                           const dyng_el_read_options *options, int unordered, bool *undirected,
                           dyng_resources *resources, const char *who) {
    DYNG_I_CHECK_ARG_AS(who, out);
    memset(out, 0, sizeof *out);
    if (original_ids != NULL)
        *original_ids = NULL;
    DYNG_I_CHECK_ARG_AS(who, path);
    dyng_el_read_options opts;
    dyng_el_read_options_default(&opts);
    if (options != NULL)
        opts = *options;
    DYNG_I_TRY(check_options(&opts, who));
    dyng_resources *own = NULL;
    char *buf = NULL;
    size_t len = 0;
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
    st = parse_text(out, original_ids, path, buf, len, &opts, unordered, undirected, resources);
done:
    dyng_i_free(buf);
    dyng_resources_free(&own);
    return st;
}

dyng_status dyng_el_read_arrays(dyng_edge_arrays *out, const char *path,
                                const dyng_el_read_options *options, dyng_resources *resources) {
    return dyng_i_el_read(out, NULL, path, options, 0, NULL, resources, "dyng_el_read_arrays");
}

dyng_status dyng_el_read_arrays_ids(dyng_edge_arrays *out, int64_t **original_ids, const char *path,
                                    const dyng_el_read_options *options,
                                    dyng_resources *resources) {
    return dyng_i_el_read(out, original_ids, path, options, 0, NULL, resources,
                          "dyng_el_read_arrays_ids");
}

dyng_status dyng_el_ids_free(int64_t **ids) {
    if (ids != NULL) {
        dyng_i_free(*ids);
        *ids = NULL;
    }
    return DYNG_OK;
}

/* Make int32 edge arrays int64 (for a graph whose ids int32 cannot hold). */
static dyng_status widen_ids(dyng_edge_arrays *a) {
    size_t m = (size_t)a->num_edges;
    int64_t *s = dyng_i_malloc_big(m > 0 ? m : 1, sizeof(int64_t));
    int64_t *d = dyng_i_malloc_big(m > 0 ? m : 1, sizeof(int64_t));
    if (s == NULL || d == NULL) {
        dyng_i_free(s);
        dyng_i_free(d);
        return dyng_i_oom("int64 edge arrays", dyng_i_mul_size(m, 16));
    }
    for (size_t e = 0; e < m; e++) {
        s[e] = ((const int32_t *)a->src)[e];
        d[e] = ((const int32_t *)a->dst)[e];
    }
    dyng_i_free(a->src);
    dyng_i_free(a->dst);
    a->src = s;
    a->dst = d;
    a->vertex_type = DYNG_TYPE_INT64;
    return DYNG_OK;
}

dyng_status dyng_el_read_graph(dyng_graph **out, const char *path,
                               const dyng_el_read_options *options,
                               const dyng_graph_properties *properties, dyng_resources *resources) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(path);
    dyng_graph_properties p;
    if (properties != NULL)
        p = *properties;
    else
        dyng_properties_default(&p);
    dyng_resources *own = NULL;
    dyng_resources *parse_on = resources;
    dyng_edge_arrays a;
    memset(&a, 0, sizeof a);
    /* the given properties, before the file is read (the id type and the
     * weight count come from it) */
    dyng_graph_properties given = p;
    given.vertex_type = DYNG_TYPE_INT32;
    given.num_weights = 0;
    dyng_status st = dyng_properties_check(&given);
    if (st != DYNG_OK)
        return st;
    if (parse_on == NULL) {
        st = dyng_resources_default(&own);
        if (st != DYNG_OK)
            goto done;
        parse_on = own;
    }
    /* Without properties, the writer's header line decides the direction. */
    bool undirected = !p.directed;
    st = dyng_i_el_read(&a, NULL, path, options, properties != NULL ? undirected : -1, &undirected,
                        parse_on, "dyng_el_read_graph");
    if (st != DYNG_OK)
        goto done;
    p.directed = !undirected;
    /* vertex_type NONE (int32 unless an id needs int64): the arrays take ids
     * up to INT32_MAX, but an int32 graph's ids end at INT32_MAX - 1 (its vertex
     * count is an int32 too), so id INT32_MAX needs int64 ids here. */
    if (options != NULL && options->vertex_type == DYNG_TYPE_NONE &&
        a.vertex_type == DYNG_TYPE_INT32 && a.num_vertices > INT32_MAX) {
        st = widen_ids(&a);
        if (st != DYNG_OK)
            goto done;
    }
    p.vertex_type = a.vertex_type;
    p.num_weights = a.num_weights;
    int64_t per_direction = a.num_edges * (p.directed ? 1 : 2);
    if (a.vertex_type == DYNG_TYPE_INT64 || per_direction > INT32_MAX)
        p.offset_type = DYNG_TYPE_INT64;
    st = dyng_properties_check(&p);
    if (st != DYNG_OK)
        goto done;
    st = dyng_graph_from_edges(out, &p, a.num_vertices, a.num_edges, a.src, a.dst, a.weights,
                               resources);
done:
    dyng_edge_arrays_free(&a);
    dyng_resources_free(&own);
    return st;
}
