/*
 * examples/two_results.c - keep two results current while the graph changes:
 * a shortest-path tree and a cycle histogram, repaired by one dyng_update per
 * batch.
 *
 *   two_results [--rows R] [--cols C] [--batches N] [--batch-size B]
 *               [--max-length K] [--seed S]
 *
 * Builds a road-like graph (an undirected R x C grid with travel times
 * 1..100; default 100 x 100), computes the shortest-path tree from vertex 0
 * (dyng_sssp_compute) and the numbers of simple cycles of each length up to K
 * (dyng_cycle_count_compute; default 6), then streams N random batches of B
 * changes (half deletions of existing edges, half insertions of new ones,
 * both ends within a window of 3 C ids, so that insertions close short
 * cycles; default 10 batches of 20). Each batch goes to dyng_update with both
 * results: the graph changes once and both are repaired from the part that
 * changed. After each batch the program checks both against a recomputation
 * on the new graph (the same bytes) and prints what the update did.
 * Everything is determined by the seed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dyng/dyng.h>

/* Print a failed call's status and message. Returns the exit status 1. */
static int report(const char *what, dyng_status st) {
    fprintf(stderr, "two_results: %s failed: %s: %s\n", what, dyng_status_name(st),
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

typedef struct options {
    int64_t rows, cols, batches, batch_size, max_length;
    uint64_t seed;
} options;

static int parse_int(const char *flag, const char *text, int64_t min, int64_t *out) {
    char *end = NULL;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < min) {
        fprintf(stderr, "two_results: %s needs an integer >= %lld, got '%s'\n", flag,
                (long long)min, text);
        return -1;
    }
    *out = (int64_t)v;
    return 0;
}

/* 0 to run, 1 after --help, -1 on a usage error. */
static int parse_args(int argc, char **argv, options *o) {
    static const char *usage = "usage: two_results [--rows R] [--cols C] [--batches N] "
                               "[--batch-size B] [--max-length K] [--seed S]\n";
    *o = (options){.rows = 100, .cols = 100, .batches = 10, .batch_size = 20, .max_length = 6};
    o->seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int64_t *field = NULL, min = 1, seed = 0;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage, stdout);
            return 1;
        } else if (strcmp(a, "--rows") == 0) {
            field = &o->rows;
        } else if (strcmp(a, "--cols") == 0) {
            field = &o->cols;
        } else if (strcmp(a, "--batches") == 0) {
            field = &o->batches;
            min = 0;
        } else if (strcmp(a, "--batch-size") == 0) {
            field = &o->batch_size;
        } else if (strcmp(a, "--max-length") == 0) {
            field = &o->max_length;
            min = 3; /* an undirected graph has no shorter cycles */
        } else if (strcmp(a, "--seed") == 0) {
            field = &seed;
            min = 0;
        } else {
            fprintf(stderr, "two_results: unknown argument '%s'\n%s", a, usage);
            return -1;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "two_results: %s needs a value\n%s", a, usage);
            return -1;
        }
        if (parse_int(a, argv[++i], min, field) != 0)
            return -1;
        if (field == &seed)
            o->seed = (uint64_t)seed;
    }
    return 0;
}

/* *same = whether two trees hold the same bytes (an update's and a fresh
 * compute's). */
static dyng_status same_tree(bool *same, const dyng_sssp_result *a, const dyng_sssp_result *b) {
    int64_t na = 0, nb = 0;
    const int64_t *da = NULL, *db = NULL, *pa = NULL, *pb = NULL;
    dyng_status st;
    *same = false;
    if ((st = dyng_sssp_result_num_vertices(&na, a)) != DYNG_OK ||
        (st = dyng_sssp_result_num_vertices(&nb, b)) != DYNG_OK ||
        (st = dyng_sssp_result_distances(&da, a)) != DYNG_OK ||
        (st = dyng_sssp_result_distances(&db, b)) != DYNG_OK ||
        (st = dyng_sssp_result_parents(&pa, a)) != DYNG_OK ||
        (st = dyng_sssp_result_parents(&pb, b)) != DYNG_OK)
        return st;
    *same = na == nb && memcmp(da, db, (size_t)na * sizeof *da) == 0 &&
            memcmp(pa, pb, (size_t)na * sizeof *pa) == 0;
    return DYNG_OK;
}

/* *same = whether two histograms hold the same counts. */
static dyng_status same_counts(bool *same, const dyng_cycle_count_result *a,
                               const dyng_cycle_count_result *b) {
    const uint64_t *ca = NULL, *cb = NULL;
    int64_t la = 0, lb = 0;
    dyng_status st;
    *same = false;
    if ((st = dyng_cycle_count_result_counts(&ca, &la, a)) != DYNG_OK ||
        (st = dyng_cycle_count_result_counts(&cb, &lb, b)) != DYNG_OK)
        return st;
    *same = la == lb && memcmp(ca, cb, (size_t)la * sizeof *ca) == 0;
    return DYNG_OK;
}

int main(int argc, char **argv) {
    options o;
    int parsed = parse_args(argc, argv, &o);
    if (parsed != 0)
        return parsed < 0 ? 2 : 0;

    int rc = 0;
    dyng_edge_arrays grid;
    memset(&grid, 0, sizeof grid);
    dyng_graph *g = NULL;
    dyng_batch *batch = NULL;
    dyng_sssp_result *tree = NULL, *fresh_tree = NULL;
    dyng_cycle_count_result *hist = NULL, *fresh_hist = NULL;

    /* The graph: a grid with random travel times (dyng/generators.h). */
    dyng_grid_options go;
    TRY("dyng_grid_options_default", dyng_grid_options_default(&go));
    go.rows = o.rows;
    go.cols = o.cols;
    go.keep_probability = 1.0; /* every lattice edge */
    go.seed = o.seed;
    go.vertex_type = DYNG_TYPE_INT32;
    TRY("dyng_generate_grid", dyng_generate_grid(&grid, &go, NULL));
    dyng_graph_properties p;
    TRY("dyng_properties_default", dyng_properties_default(&p));
    p.directed = false;
    p.num_weights = 1;
    TRY("dyng_graph_from_edges", dyng_graph_from_edges(&g, &p, grid.num_vertices, grid.num_edges,
                                                       grid.src, grid.dst, grid.weights, NULL));
    dyng_edge_arrays_free(&grid);

    /* The two results. NULL options would mean the defaults. */
    dyng_sssp_options so;
    TRY("dyng_sssp_options_default", dyng_sssp_options_default(&so));
    /* Recompute only when the repair touches more than half of the vertices
     * (the default, 0.03, bounds an update's cost at about 1.1x a
     * recomputation; on this small grid it would recompute after most
     * batches). */
    so.fallback_fraction = 0.5;
    dyng_cycle_count_options co;
    TRY("dyng_cycle_count_options_default", dyng_cycle_count_options_default(&co));
    co.max_length = o.max_length;
    TRY("dyng_sssp_compute", dyng_sssp_compute(&tree, g, 0, &so));
    TRY("dyng_cycle_count_compute", dyng_cycle_count_compute(&hist, g, &co));

    int64_t n = 0, m = 0;
    uint64_t total = 0;
    TRY("dyng_graph_num_vertices", dyng_graph_num_vertices(&n, g));
    TRY("dyng_graph_num_edges", dyng_graph_num_edges(&m, g));
    TRY("dyng_cycle_count_result_total", dyng_cycle_count_result_total(&total, hist));
    printf("grid %" PRId64 " x %" PRId64 ": %" PRId64 " vertices, %" PRId64 " edges; %" PRIu64
           " cycles of length <= %" PRId64 "\n",
           o.rows, o.cols, n, m, total, o.max_length);

    dyng_random_batch_options bo;
    TRY("dyng_random_batch_options_default", dyng_random_batch_options_default(&bo));
    bo.size = o.batch_size;
    bo.insert_fraction = 0.5;
    bo.locality_window = 3 * o.cols;
    for (int64_t k = 1; k <= o.batches; k++) {
        bo.seed = o.seed * 1000 + (uint64_t)k; /* a new batch each time */
        dyng_batch_free(&batch);
        TRY("dyng_generate_batch", dyng_generate_batch(&batch, g, &bo, NULL));

        /* One call: apply the batch once, repair both results. On failure
         * the graph and both results are as they were. */
        dyng_sssp_stats ss;
        dyng_cycle_count_stats cs;
        dyng_result_ref refs[2] = {{DYNG_RESULT_SSSP, tree, &ss},
                                   {DYNG_RESULT_CYCLE_COUNT, hist, &cs}};
        TRY("dyng_update", dyng_update(g, batch, refs, 2));

        TRY("dyng_cycle_count_result_total", dyng_cycle_count_result_total(&total, hist));
        printf("batch %2" PRId64 ": +%" PRId64 " -%" PRId64 " edges | sssp: %" PRId64
               " vertices changed%s | cycles: -%" PRIu64 " +%" PRIu64 " = %" PRIu64 "%s\n",
               k, ss.apply.inserted, ss.apply.deleted, ss.affected,
               ss.fallback_used ? " (recomputed)" : "", cs.cycles_removed, cs.cycles_added, total,
               cs.fallback_used ? " (recounted)" : "");

        /* The check: a recomputation on the new graph gives the same bytes. */
        dyng_sssp_result_free(&fresh_tree);
        dyng_cycle_count_result_free(&fresh_hist);
        TRY("dyng_sssp_compute", dyng_sssp_compute(&fresh_tree, g, 0, &so));
        TRY("dyng_cycle_count_compute", dyng_cycle_count_compute(&fresh_hist, g, &co));
        bool same_t = false, same_c = false;
        TRY("comparing the trees", same_tree(&same_t, tree, fresh_tree));
        TRY("comparing the counts", same_counts(&same_c, hist, fresh_hist));
        if (!same_t || !same_c) {
            fprintf(stderr, "two_results: batch %" PRId64 ": the repaired %s differ%s\n", k,
                    same_t ? "counts" : "tree", same_t ? "" : "s");
            rc = 1;
            goto done;
        }
    } /* the stream of batches */

    /* Read the results: the histogram and a few distances. */
    const uint64_t *counts = NULL;
    const int64_t *dist = NULL;
    int64_t len = 0;
    TRY("dyng_cycle_count_result_counts", dyng_cycle_count_result_counts(&counts, &len, hist));
    TRY("dyng_sssp_result_distances", dyng_sssp_result_distances(&dist, tree));
    TRY("dyng_sssp_result_num_vertices", dyng_sssp_result_num_vertices(&n, tree));
    printf("cycles by length:");
    for (int64_t l = 3; l < len; l++)
        printf(" %" PRId64 ": %" PRIu64 ";", l, counts[l]);
    printf("\n");
    int64_t reached = 0, farthest = 0;
    for (int64_t v = 0; v < n; v++) {
        if (dist[v] == DYNG_INFINITE_DISTANCE)
            continue;
        reached++;
        if (dist[v] > dist[farthest])
            farthest = v;
    }
    printf("from vertex 0: %" PRId64 " of %" PRId64 " vertices reached, the farthest is %" PRId64
           " at %" PRId64 "\n",
           reached, n, farthest, dist[farthest]);
    printf("check: ok (both results equal a recomputation after every batch)\n");

done:
    dyng_sssp_result_free(&fresh_tree);
    dyng_cycle_count_result_free(&fresh_hist);
    dyng_sssp_result_free(&tree);
    dyng_cycle_count_result_free(&hist);
    dyng_batch_free(&batch);
    dyng_graph_free(&g);
    dyng_edge_arrays_free(&grid);
    return rc;
}
