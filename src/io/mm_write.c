/*
 * src/io/mm_write.c - writing Matrix Market coordinate files.
 *
 * Layout: the banner, "% written by dynG", the size line "n n m", then one
 * 1-based entry per line. Numbers are formatted by hand into the output
 * stream's buffer (file.h), which is written out (and gzip-compressed for a
 * ".gz" path) a megabyte at a time. Inputs are validated before the file is
 * created, so invalid arguments leave no file behind.
 */
#include <string.h>

#include "dyng/io.h"

#include "core/alloc.h"
#include "core/error.h"
#include "io/file.h"
#include "io/parse.h"

/* What to write: m entries (src[e], dst[e]) with weights[e * stride + column]
 * when weights is not NULL; swap writes (dst, src) instead. */
typedef struct mm_out {
    dyng_mm_field field;
    dyng_mm_symmetry symmetry;
    int64_t n, m;
    const void *src, *dst;
    bool wide;
    const int32_t *weights;
    int stride, column;
    bool swap;
    const dyng_resources *poll; /* whose interrupt flag is polled (or NULL) */
} mm_out;

static const char *field_word(dyng_mm_field f) {
    return f == DYNG_MM_PATTERN ? "pattern" : f == DYNG_MM_INTEGER ? "integer" : "real";
}

static const char *symmetry_word(dyng_mm_symmetry s) {
    return s == DYNG_MM_GENERAL     ? "general"
           : s == DYNG_MM_SYMMETRIC ? "symmetric"
                                    : "skew-symmetric";
}

static inline int64_t get_id(const void *a, int64_t e, bool wide) {
    return wide ? ((const int64_t *)a)[e] : (int64_t)((const int32_t *)a)[e];
}

/* Create `path` and write everything; DYNG_FILE_FORMAT on a write error. */
static dyng_status write_mm(const char *path, const mm_out *w) {
    dyng_i_out out;
    dyng_status st = dyng_i_out_open(&out, path);
    if (st != DYNG_OK)
        goto fail;
    dyng_i_out_watch(&out, w->poll);
    char *s = dyng_i_out_reserve(&out, 256);
    if (s == NULL)
        goto fail_reported;
    size_t k = 0;
    const char *banner = "%%MatrixMarket matrix coordinate ";
    memcpy(s + k, banner, strlen(banner));
    k += strlen(banner);
    const char *words[2] = {field_word(w->field), symmetry_word(w->symmetry)};
    for (int i = 0; i < 2; i++) {
        memcpy(s + k, words[i], strlen(words[i]));
        k += strlen(words[i]);
        s[k++] = i == 0 ? ' ' : '\n';
    }
    const char *comment = "% written by dynG\n";
    memcpy(s + k, comment, strlen(comment));
    k += strlen(comment);
    k += dyng_i_format_int(s + k, w->n);
    s[k++] = ' ';
    k += dyng_i_format_int(s + k, w->n);
    s[k++] = ' ';
    k += dyng_i_format_int(s + k, w->m);
    s[k++] = '\n';
    out.len += k;

    const void *rows = w->swap ? w->dst : w->src;
    const void *cols = w->swap ? w->src : w->dst;
    for (int64_t e = 0; e < w->m; e++) {
        s = dyng_i_out_reserve(&out, 3 * DYNG_I_INT_CHARS + 3);
        if (s == NULL)
            goto fail_reported;
        k = dyng_i_format_uint(s, (uint64_t)get_id(rows, e, w->wide) + 1);
        s[k++] = ' ';
        k += dyng_i_format_uint(s + k, (uint64_t)get_id(cols, e, w->wide) + 1);
        if (w->weights != NULL) {
            s[k++] = ' ';
            k += dyng_i_format_int(s + k,
                                   w->weights[(size_t)e * (size_t)w->stride + (size_t)w->column]);
        }
        s[k++] = '\n';
        out.len += k;
    } /* for each entry */
    return dyng_i_out_close(&out);

fail_reported:
    st = dyng_i_out_failure(&out); /* the stream set the message */
fail:
    dyng_i_out_abort(&out);
    return st;
}

/* Ids in [0, n) and no diagonal entry in a skew-symmetric matrix. */
static dyng_status check_entries(const mm_out *w, const char *who) {
    for (int64_t e = 0; e < w->m; e++) {
        int64_t u = get_id(w->src, e, w->wide), v = get_id(w->dst, e, w->wide);
        if (u < 0 || u >= w->n || v < 0 || v >= w->n)
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "%s: entry %lld is (%lld, %lld); ids must lie in [0, %lld)", who,
                                (long long)e, (long long)u, (long long)v, (long long)w->n);
        if (w->symmetry == DYNG_MM_SKEW_SYMMETRIC && u == v)
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "%s: entry %lld is the diagonal entry (%lld, %lld); a "
                                "skew-symmetric matrix has none",
                                who, (long long)e, (long long)u, (long long)v);
    }
    return DYNG_OK;
}

dyng_status dyng_mm_write_arrays(const char *path, const dyng_edge_arrays *a) {
    DYNG_I_CHECK_ARG(path);
    DYNG_I_CHECK_ARG(a);
    const char *who = "dyng_mm_write_arrays";
    if (a->vertex_type != DYNG_TYPE_INT32 && a->vertex_type != DYNG_TYPE_INT64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: vertex_type is %s; accepted: int32, int64",
                            who, dyng_type_name(a->vertex_type));
    if (a->num_vertices < 0 || a->num_edges < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: num_vertices %lld and num_edges %lld must not be negative", who,
                            (long long)a->num_vertices, (long long)a->num_edges);
    if (a->num_edges > 0 && (a->src == NULL || a->dst == NULL))
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: src or dst is NULL with %lld edges", who,
                            (long long)a->num_edges);
    if (a->field != DYNG_MM_PATTERN && a->field != DYNG_MM_INTEGER && a->field != DYNG_MM_REAL)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: unknown field %d", who, (int)a->field);
    if (a->symmetry != DYNG_MM_GENERAL && a->symmetry != DYNG_MM_SYMMETRIC &&
        a->symmetry != DYNG_MM_SKEW_SYMMETRIC)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: unknown symmetry %d", who,
                            (int)a->symmetry);
    if (a->field == DYNG_MM_PATTERN && a->symmetry == DYNG_MM_SKEW_SYMMETRIC)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: a pattern matrix cannot be skew-symmetric",
                            who);
    bool values = a->field != DYNG_MM_PATTERN;
    if (values && (a->num_weights < 1 || a->num_weights > DYNG_MAX_WEIGHTS ||
                   (a->num_edges > 0 && a->weights == NULL)))
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: the %s field needs weights (num_weights is %d)", who,
                            field_word(a->field), a->num_weights);
    mm_out w = {a->field,
                a->symmetry,
                a->num_vertices,
                a->num_edges,
                a->src,
                a->dst,
                a->vertex_type == DYNG_TYPE_INT64,
                values ? a->weights : NULL,
                values ? a->num_weights : 0,
                0,
                false,
                NULL}; /* the process-wide interrupt flag only */
    DYNG_I_TRY(check_entries(&w, who));
    return write_mm(path, &w);
}

dyng_status dyng_mm_write_graph(const dyng_graph *g, const char *path, int weight_column) {
    DYNG_I_CHECK_ARG(g);
    DYNG_I_CHECK_ARG(path);
    dyng_graph_properties p;
    int64_t n = 0, m = 0;
    DYNG_I_TRY(dyng_graph_properties_of(&p, g));
    DYNG_I_TRY(dyng_graph_num_vertices(&n, g));
    DYNG_I_TRY(dyng_graph_num_edges(&m, g));
    if (p.num_weights > 0 && weight_column >= p.num_weights)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_mm_write_graph: weight_column is %d; the graph has %d weights "
                            "(columns 0..%d, or -1 for a pattern file)",
                            weight_column, p.num_weights, p.num_weights - 1);
    bool values = p.num_weights > 0 && weight_column >= 0;
    size_t es = dyng_type_size(p.vertex_type);
    void *src = dyng_i_malloc((size_t)m, es);
    void *dst = dyng_i_malloc((size_t)m, es);
    int32_t *weights =
        values ? dyng_i_malloc(dyng_i_mul_size((size_t)m, (size_t)p.num_weights), 4) : NULL;
    dyng_status st;
    if (src == NULL || dst == NULL || (values && weights == NULL)) {
        st = dyng_i_oom("the edges to write", dyng_i_mul_size((size_t)m, 2 * es));
        goto done;
    }
    st = dyng_i_writing_status(dyng_graph_to_edges(g, src, dst, weights), path);
    if (st != DYNG_OK)
        goto done;
    dyng_resources *res = NULL; /* whose interrupt flag the write polls */
    (void)dyng_graph_resources(&res, g);
    /* to_edges gives an undirected edge as u <= v: write it as row >= column */
    mm_out w = {values ? DYNG_MM_INTEGER : DYNG_MM_PATTERN,
                p.directed ? DYNG_MM_GENERAL : DYNG_MM_SYMMETRIC,
                n,
                m,
                src,
                dst,
                p.vertex_type == DYNG_TYPE_INT64,
                weights,
                values ? p.num_weights : 0,
                values ? weight_column : 0,
                !p.directed,
                res};
    st = write_mm(path, &w);
done:
    dyng_i_free(src);
    dyng_i_free(dst);
    dyng_i_free(weights);
    return st;
}
