/*
 * examples/build_graph.c - build graphs from arrays, look at them, export them.
 *
 *   build_graph
 *
 * 1. A small directed road map with travel times, from edge arrays
 *    (dyng_graph_from_edges): 0 -> 1 (4), 0 -> 2 (1), 2 -> 1 (2), 1 -> 3 (1),
 *    2 -> 3 (5), 3 -> 4 (3). Prints its counts and degrees, then exports it as
 *    CSR arrays, out-edges and in-edges (rows sorted by target, the default).
 * 2. An undirected triangle with a tail, from symmetric CSR arrays
 *    (dyng_graph_from_csr): each undirected edge is one edge (num_edges) and
 *    two stored entries (num_entries).
 * Both graphs pass dyng_graph_check. Every call's status is checked; a failed
 * call prints its status name and message and the program exits with 1.
 */
#include <inttypes.h>
#include <stdio.h>

#include <dyng/dyng.h>

/* Print a failed call's status and message. Returns the exit status 1. */
static int report(const char *what, dyng_status st) {
    fprintf(stderr, "build_graph: %s failed: %s: %s\n", what, dyng_status_name(st),
            dyng_error_message());
    return 1;
}

/* Run a call; on failure report it and jump to the cleanup. */
#define TRY(what, call)                                                                            \
    do {                                                                                           \
        dyng_status st_ = (call);                                                                  \
        if (st_ != DYNG_OK) {                                                                      \
            rc = report(what, st_);                                                                \
            goto done;                                                                             \
        }                                                                                          \
    } while (0)

static void print_ints(const char *name, const int32_t *a, int64_t len) {
    printf("  %s:", name);
    for (int64_t i = 0; i < len; i++)
        printf(" %" PRId32, a[i]);
    printf("\n");
}

int main(void) {
    int rc = 0;
    dyng_graph *roads = NULL, *triangle = NULL;

    /* ---- 1. a directed graph from edge arrays ----------------------------- */
    const int32_t src[] = {0, 0, 2, 1, 2, 3};
    const int32_t dst[] = {1, 2, 1, 3, 3, 4};
    const int32_t minutes[] = {4, 1, 2, 1, 5, 3}; /* one weight per edge */
    dyng_graph_properties p;
    TRY("dyng_properties_default", dyng_properties_default(&p)); /* directed, int32 ids */
    p.num_weights = 1;
    /* num_vertices -1: one more than the largest id. */
    TRY("dyng_graph_from_edges", dyng_graph_from_edges(&roads, &p, -1, 6, src, dst, minutes, NULL));

    int64_t n = 0, m = 0;
    size_t bytes = 0;
    TRY("dyng_graph_num_vertices", dyng_graph_num_vertices(&n, roads));
    TRY("dyng_graph_num_edges", dyng_graph_num_edges(&m, roads));
    TRY("dyng_graph_memory_bytes", dyng_graph_memory_bytes(&bytes, roads));
    printf("roads: directed, %" PRId64 " vertices, %" PRId64 " edges, %zu bytes\n", n, m, bytes);
    for (int64_t v = 0; v < n; v++) {
        int64_t out = 0, in = 0;
        TRY("dyng_graph_degree", dyng_graph_degree(&out, roads, v, false));
        TRY("dyng_graph_degree", dyng_graph_degree(&in, roads, v, true));
        printf("  vertex %" PRId64 ": out-degree %" PRId64 ", in-degree %" PRId64 "\n", v, out, in);
    }

    /* The CSR export: the offsets are of the graph's offset type (int32 by
     * default), the targets of its vertex type. The arrays are ours. */
    int32_t row_ptr[6], col[6], w[6];
    TRY("dyng_graph_to_csr", dyng_graph_to_csr(roads, false, row_ptr, col, w));
    printf("out-edges as CSR:\n");
    print_ints("row_ptr", row_ptr, n + 1);
    print_ints("col", col, m);
    print_ints("weights", w, m);
    /* transposed: row v lists the sources of the edges into v. */
    TRY("dyng_graph_to_csr", dyng_graph_to_csr(roads, true, row_ptr, col, w));
    printf("in-edges as CSR:\n");
    print_ints("row_ptr", row_ptr, n + 1);
    print_ints("col", col, m);
    print_ints("weights", w, m);
    TRY("dyng_graph_check", dyng_graph_check(roads));

    /* ---- 2. an undirected graph from CSR arrays --------------------------- */
    /* Triangle 0-1-2 and a tail 2-3: each edge is listed in both rows. */
    const int32_t tri_row_ptr[] = {0, 2, 4, 7, 8};
    const int32_t tri_col[] = {1, 2, 0, 2, 0, 1, 3, 2};
    TRY("dyng_properties_default", dyng_properties_default(&p));
    p.directed = false; /* unweighted: num_weights stays 0 */
    TRY("dyng_graph_from_csr",
        dyng_graph_from_csr(&triangle, &p, 4, tri_row_ptr, tri_col, NULL, NULL));
    int64_t entries = 0;
    TRY("dyng_graph_num_vertices", dyng_graph_num_vertices(&n, triangle));
    TRY("dyng_graph_num_edges", dyng_graph_num_edges(&m, triangle));
    TRY("dyng_graph_num_entries", dyng_graph_num_entries(&entries, triangle));
    printf("triangle: undirected, %" PRId64 " vertices, %" PRId64 " edges, %" PRId64
           " stored entries\n",
           n, m, entries);
    /* Edge arrays: each undirected edge once, as (u, v) with u <= v. */
    int32_t esrc[4], edst[4];
    TRY("dyng_graph_to_edges", dyng_graph_to_edges(triangle, esrc, edst, NULL));
    printf("  edges:");
    for (int64_t e = 0; e < m; e++)
        printf(" (%" PRId32 ", %" PRId32 ")", esrc[e], edst[e]);
    printf("\n");
    TRY("dyng_graph_check", dyng_graph_check(triangle));
    printf("check: ok\n");

done:
    dyng_graph_free(&triangle);
    dyng_graph_free(&roads);
    return rc;
}
