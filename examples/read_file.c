/*
 * examples/read_file.c - read a graph from a Matrix Market file and use it.
 *
 *   read_file [GRAPH.mtx[.gz]]
 *
 * With a path, reads that file (plain or gzipped; try the road network that
 * ships in data/luxembourg_osm.mtx.gz). Without one, first writes a tiny file,
 * tiny_roads.mtx, in the current directory and reads that.
 *
 * dyng_mm_read_graph with NULL properties picks them from the file's header:
 * undirected for a symmetric file, directed otherwise; one weight for an
 * integer or real file, none for a pattern. The program prints what it read,
 * then the shortest-path tree from vertex 0 (an unweighted graph counts one
 * per edge). A malformed file is reported with its path, line and column:
 *
 *   read_file: reading bad.mtx failed: FILE_FORMAT: bad.mtx:4:3: the column
 *   index 'x' is not a number
 */
#include <inttypes.h>
#include <stdio.h>

#include <dyng/dyng.h>

/* Print a failed call's status and message (for a file, the message starts
 * with path:line:column; dyng_error_location gives them separately). Returns
 * the exit status 1. */
static int report(const char *what, dyng_status st) {
    fprintf(stderr, "read_file: %s failed: %s: %s\n", what, dyng_status_name(st),
            dyng_error_message());
    if (st == DYNG_FILE_FORMAT) {
        const char *path = NULL;
        int64_t line = 0, column = 0;
        dyng_error_location(&path, &line, &column);
        if (line > 0)
            fprintf(stderr, "read_file: (line %" PRId64 ", column %" PRId64 " of %s)\n", line,
                    column, path);
    }
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

/* A five-junction road map with travel times: row, column, value, 1-based. */
static const char tiny_file[] = "%%MatrixMarket matrix coordinate integer general\n"
                                "% a tiny road map: from, to, travel time (ids from 1)\n"
                                "5 5 6\n"
                                "1 2 4\n"
                                "1 3 1\n"
                                "3 2 2\n"
                                "2 4 1\n"
                                "3 4 5\n"
                                "4 5 3\n";

static int write_tiny_file(const char *path) {
    FILE *f = fopen(path, "w");
    if (f == NULL || fputs(tiny_file, f) == EOF) {
        perror(path);
        if (f != NULL)
            fclose(f);
        return 1;
    }
    if (fclose(f) != 0) {
        perror(path);
        return 1;
    }
    printf("wrote %s\n", path);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: read_file [GRAPH.mtx[.gz]]\n");
        return 2;
    }
    const char *path = argc == 2 ? argv[1] : "tiny_roads.mtx";
    if (argc == 1 && write_tiny_file(path) != 0)
        return 1;

    int rc = 0;
    dyng_graph *g = NULL;
    dyng_sssp_result *tree = NULL;
    char what[512];
    snprintf(what, sizeof what, "reading %s", path);
    TRY(what, dyng_mm_read_graph(&g, path, NULL, NULL));

    dyng_graph_properties p;
    int64_t n = 0, m = 0;
    TRY("dyng_graph_properties_of", dyng_graph_properties_of(&p, g));
    TRY("dyng_graph_num_vertices", dyng_graph_num_vertices(&n, g));
    TRY("dyng_graph_num_edges", dyng_graph_num_edges(&m, g));
    printf("%s: %s, %s, %" PRId64 " vertices, %" PRId64 " edges\n", path,
           p.directed ? "directed" : "undirected",
           p.num_weights > 0 ? "weighted" : "unweighted (one per edge)", n, m);
    if (n == 0) {
        printf("no vertices, no shortest paths\n");
        goto done;
    }

    TRY("dyng_sssp_compute", dyng_sssp_compute(&tree, g, 0, NULL));
    const int64_t *dist = NULL, *parent = NULL;
    TRY("dyng_sssp_result_distances", dyng_sssp_result_distances(&dist, tree));
    TRY("dyng_sssp_result_parents", dyng_sssp_result_parents(&parent, tree));
    int64_t reached = 0, farthest = 0;
    for (int64_t v = 0; v < n; v++) {
        if (n <= 10) {
            if (dist[v] == DYNG_INFINITE_DISTANCE)
                printf("  vertex %" PRId64 ": unreachable\n", v);
            else
                printf("  vertex %" PRId64 ": distance %" PRId64 ", parent %" PRId64 "\n", v,
                       dist[v], parent[v]);
        }
        if (dist[v] != DYNG_INFINITE_DISTANCE) {
            reached++;
            if (dist[v] > dist[farthest])
                farthest = v;
        }
    }
    printf("from vertex 0: %" PRId64 " vertices reached, the farthest is %" PRId64
           " at distance %" PRId64 "\n",
           reached, farthest, dist[farthest]);
    printf("check: ok\n");

done:
    dyng_sssp_result_free(&tree);
    dyng_graph_free(&g);
    return rc;
}
