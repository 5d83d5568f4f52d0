/*
 * src/io/mm_graph.c - dyng_mm_read_graph: a Matrix Market file into a graph.
 *
 * The file is parsed into edge arrays with options that follow from the graph
 * properties (io.h), the file buffer is freed, and dyng_graph_from_edges
 * builds the graph, so the peak memory is the arrays plus the graph.
 *
 * Without properties: dyng_properties_default, undirected for a symmetric
 * file and directed otherwise, one weight for integer and real files, int64
 * ids when the size line names more vertices than an int32 graph holds
 * (INT32_MAX: its ids are 0 .. INT32_MAX - 1), and int64
 * offsets when a direction may hold more than INT32_MAX entries.
 */
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "io/file.h"
#include "io/mm.h"

/* The properties for a file when the caller gave none. */
static void default_properties(dyng_graph_properties *p, const dyng_i_mm_header *h) {
    dyng_properties_default(p);
    p->directed = h->symmetry != DYNG_MM_SYMMETRIC;
    p->num_weights = h->field == DYNG_MM_PATTERN ? 0 : 1;
    int64_t n = h->rows > h->cols ? h->rows : h->cols;
    if (n > (int64_t)INT32_MAX) { /* int32 ids: at most INT32_MAX vertices */
        p->vertex_type = DYNG_TYPE_INT64;
        p->offset_type = DYNG_TYPE_INT64;
    }
    /* entries per direction: nnz (general, directed) or up to 2 nnz */
    int64_t limit = h->symmetry == DYNG_MM_GENERAL ? INT32_MAX : INT32_MAX / 2;
    if (h->nnz > limit)
        p->offset_type = DYNG_TYPE_INT64;
}

/* Check given properties against what the file holds. */
static dyng_status check_properties(const dyng_graph_properties *p, const dyng_i_mm_header *h,
                                    const char *path) {
    dyng_status st = dyng_properties_check(p);
    if (st != DYNG_OK)
        return st;
    if (p->num_weights > 1)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_mm_read_graph: the properties ask for %d weights; a Matrix "
                            "Market file has one value per entry",
                            p->num_weights);
    if (p->num_weights == 1 && h->field == DYNG_MM_PATTERN)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_mm_read_graph: the properties ask for 1 weight; %s is a "
                            "pattern file (no values)",
                            path);
    if (p->num_weights == 1 && !p->directed && h->symmetry == DYNG_MM_SKEW_SYMMETRIC)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_mm_read_graph: %s is skew-symmetric; an undirected graph "
                            "cannot hold the negated weight of each mirrored entry (read it "
                            "directed or without weights)",
                            path);
    return DYNG_OK;
}

dyng_status dyng_mm_read_graph(dyng_graph **out, const char *path,
                               const dyng_graph_properties *properties, dyng_resources *resources) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(path);
    dyng_resources *own = NULL;
    dyng_resources *parse_on = resources;
    char *buf = NULL;
    size_t len = 0;
    dyng_i_mm_header h;
    dyng_edge_arrays a;
    dyng_graph_properties p;
    dyng_mm_read_options opts;
    dyng_status st;
    memset(&a, 0, sizeof a);
    if (parse_on == NULL) {
        st = dyng_resources_default(&own);
        if (st != DYNG_OK)
            goto done;
        parse_on = own;
    }
    st = dyng_i_read_file(path, parse_on, &buf, &len);
    if (st != DYNG_OK)
        goto done;
    st = dyng_i_mm_parse_header(&h, path, buf, len);
    if (st != DYNG_OK)
        goto done;
    if (properties != NULL) {
        p = *properties;
        st = check_properties(&p, &h, path);
        if (st != DYNG_OK)
            goto done;
    } else {
        default_properties(&p, &h);
    }
    st = dyng_i_mm_check_capacity(&h, path, p.vertex_type);
    if (st != DYNG_OK)
        goto done;
    opts.vertex_type = p.vertex_type;
    opts.ignore_values = p.num_weights == 0;
    opts.expand_symmetric = p.directed;
    st = dyng_i_mm_parse_body(&a, path, buf, len, &h, &opts, parse_on);
    if (st != DYNG_OK)
        goto done;
    dyng_i_free(buf);
    buf = NULL;
    st = dyng_graph_from_edges(out, &p, a.num_vertices, a.num_edges, a.src, a.dst, a.weights,
                               resources);
    if (st == DYNG_OUT_OF_MEMORY) {
        /* Most likely the size line's doing (a graph has a row per vertex it
         * announces, edges or not): say so, and where. */
        char why[512];
        snprintf(why, sizeof why, "%s", dyng_error_message());
        st = dyng_i_error(st,
                          "%.400s:%lld:%lld: the size line announces %lld vertices and %lld "
                          "entries: %s",
                          path, (long long)h.size_line, (long long)h.rows_column,
                          (long long)a.num_vertices, (long long)h.nnz, why);
        dyng_i_error_set_location(path, h.size_line, h.rows_column);
    }
done:
    dyng_edge_arrays_free(&a);
    dyng_i_free(buf);
    dyng_resources_free(&own);
    return st;
}
