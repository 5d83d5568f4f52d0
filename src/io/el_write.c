/*
 * src/io/el_write.c - writing edge lists.
 *
 * Layout: "# dynG edge list: N vertices, M edges, K weights" (a graph's line
 * ends ", directed" or ", undirected"), then one "u\tv[\tw1..\twK]" line per
 * edge, ids as they are (0-based). Numbers are
 * formatted by hand into the output stream's buffer (file.h), compressed for
 * a ".gz" path. Inputs are validated before the file is created, so invalid
 * arguments leave no file behind.
 */
#include <stdio.h>
#include <string.h>

#include "dyng/io.h"

#include "core/alloc.h"
#include "core/error.h"
#include "io/file.h"
#include "io/parse.h"

static inline int64_t get_id(const void *a, int64_t e, bool wide) {
    return wide ? ((const int64_t *)a)[e] : (int64_t)((const int32_t *)a)[e];
}

/* Create `path` and write the edges; DYNG_FILE_FORMAT on a write error.
 * `direction` ends the header line: "" (arrays), ", directed" or
 * ", undirected" (a graph). */
static dyng_status write_el(const char *path, int64_t n, int64_t m, const void *src,
                            const void *dst, bool wide, const int32_t *weights, int k,
                            const char *direction, const dyng_resources *poll) {
    dyng_i_out out;
    dyng_status st = dyng_i_out_open(&out, path);
    if (st != DYNG_OK)
        goto fail;
    dyng_i_out_watch(&out, poll);
    char *s = dyng_i_out_reserve(&out, 256);
    if (s == NULL)
        goto fail_reported;
    out.len +=
        (size_t)snprintf(s, 256, "# dynG edge list: %lld vertices, %lld edges, %d weights%s\n",
                         (long long)n, (long long)m, k, direction);
    size_t line_max = (size_t)(2 + k) * (DYNG_I_INT_CHARS + 1);
    for (int64_t e = 0; e < m; e++) {
        s = dyng_i_out_reserve(&out, line_max);
        if (s == NULL)
            goto fail_reported;
        size_t at = dyng_i_format_uint(s, (uint64_t)get_id(src, e, wide));
        s[at++] = '\t';
        at += dyng_i_format_uint(s + at, (uint64_t)get_id(dst, e, wide));
        for (int j = 0; j < k; j++) {
            s[at++] = '\t';
            at += dyng_i_format_int(s + at, weights[(size_t)e * (size_t)k + (size_t)j]);
        }
        s[at++] = '\n';
        out.len += at;
    }
    return dyng_i_out_close(&out);

fail_reported:
    st = dyng_i_out_failure(&out); /* the stream set the message */
fail:
    dyng_i_out_abort(&out);
    return st;
}

dyng_status dyng_el_write_arrays(const char *path, const dyng_edge_arrays *a) {
    DYNG_I_CHECK_ARG(path);
    DYNG_I_CHECK_ARG(a);
    const char *who = "dyng_el_write_arrays";
    if (a->vertex_type != DYNG_TYPE_INT32 && a->vertex_type != DYNG_TYPE_INT64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: vertex_type is %s; accepted: int32, int64",
                            who, dyng_type_name(a->vertex_type));
    if (a->num_vertices < 0 || a->num_edges < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: num_vertices %lld and num_edges %lld must not be negative", who,
                            (long long)a->num_vertices, (long long)a->num_edges);
    if (a->num_weights < 0 || a->num_weights > DYNG_MAX_WEIGHTS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: num_weights is %d; accepted: 0..%d", who,
                            a->num_weights, DYNG_MAX_WEIGHTS);
    if (a->num_edges > 0 &&
        (a->src == NULL || a->dst == NULL || (a->num_weights > 0 && a->weights == NULL)))
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: an array is NULL with %lld edges", who,
                            (long long)a->num_edges);
    bool wide = a->vertex_type == DYNG_TYPE_INT64;
    for (int64_t e = 0; e < a->num_edges; e++) {
        int64_t u = get_id(a->src, e, wide), v = get_id(a->dst, e, wide);
        if (u < 0 || u >= a->num_vertices || v < 0 || v >= a->num_vertices)
            return dyng_i_error(
                DYNG_INVALID_ARGUMENT, "%s: edge %lld is (%lld, %lld); ids must lie in [0, %lld)",
                who, (long long)e, (long long)u, (long long)v, (long long)a->num_vertices);
    }
    return write_el(path, a->num_vertices, a->num_edges, a->src, a->dst, wide, a->weights,
                    a->num_weights, "", NULL);
}

dyng_status dyng_el_write_graph(const dyng_graph *g, const char *path) {
    DYNG_I_CHECK_ARG(g);
    DYNG_I_CHECK_ARG(path);
    dyng_graph_properties p;
    int64_t n = 0, m = 0;
    DYNG_I_TRY(dyng_graph_properties_of(&p, g));
    DYNG_I_TRY(dyng_graph_num_vertices(&n, g));
    DYNG_I_TRY(dyng_graph_num_edges(&m, g));
    size_t es = dyng_type_size(p.vertex_type);
    int k = p.num_weights;
    void *src = dyng_i_malloc((size_t)m, es);
    void *dst = dyng_i_malloc((size_t)m, es);
    int32_t *weights = k > 0 ? dyng_i_malloc(dyng_i_mul_size((size_t)m, (size_t)k), 4) : NULL;
    dyng_status st;
    if (src == NULL || dst == NULL || (k > 0 && weights == NULL)) {
        st = dyng_i_oom("the edges to write", dyng_i_mul_size((size_t)m, 2 * es + 4 * (size_t)k));
        goto done;
    }
    st = dyng_i_writing_status(dyng_graph_to_edges(g, src, dst, weights), path);
    if (st != DYNG_OK)
        goto done;
    dyng_resources *poll = NULL;
    (void)dyng_graph_resources(&poll, g);
    st = write_el(path, n, m, src, dst, p.vertex_type == DYNG_TYPE_INT64, weights, k,
                  p.directed ? ", directed" : ", undirected", poll);
done:
    dyng_i_free(src);
    dyng_i_free(dst);
    dyng_i_free(weights);
    return st;
}
