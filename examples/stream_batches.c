/*
 * examples/stream_batches.c - the main job: a real road network that changes
 * by a stream of random batches.
 *
 *   stream_batches [GRAPH.mtx[.gz]] [--batches N] [--batch-size B] [--seed S]
 *
 * Reads a Matrix Market graph (default: data/luxembourg_osm.mtx.gz, the road
 * network of Luxembourg from DIMACS10), gives every edge a seeded random
 * weight in 1..100, builds a dyng_graph (undirected for a symmetric file,
 * directed otherwise) and applies N batches of B changes each:
 *
 *   - half are insertions of random new edges with random weights; about one
 *     in 200 names a vertex just past the current vertex count, so the graph
 *     grows;
 *   - the other half are deletions of distinct edges drawn from the current
 *     graph, plus a few deletions of absent edges (counted as ignored).
 *
 * Each batch prints its dyng_apply_summary and its throughput (changes per
 * second of dyng_graph_apply); at the end the graph's integrity is checked and
 * the totals printed. Everything except the timings is determined by the seed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <dyng/dyng.h>

#ifndef DYNG_DATA_DIR
#define DYNG_DATA_DIR "data"
#endif

/* ---- a small seeded generator (splitmix64) ------------------------------ */

static uint64_t rng_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in 0..bound-1 (bound >= 1). */
static int64_t rng_below(uint64_t *state, int64_t bound) {
    return (int64_t)(rng_next(state) % (uint64_t)bound);
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- command line --------------------------------------------------------- */

typedef struct options {
    const char *path;
    int64_t batches;
    int64_t batch_size;
    uint64_t seed;
} options;

static void usage(FILE *to) {
    fprintf(to,
            "usage: stream_batches [GRAPH.mtx[.gz]] [--batches N] [--batch-size B] "
            "[--seed S]\n"
            "  GRAPH         a Matrix Market file (default %s/luxembourg_osm.mtx.gz)\n"
            "  --batches     number of batches (default 20)\n"
            "  --batch-size  changes per batch, half insertions (default 10000)\n"
            "  --seed        seed of the weights and batches (default 1)\n",
            DYNG_DATA_DIR);
}

static int parse_int(const char *flag, const char *text, int64_t min, int64_t *out) {
    char *end = NULL;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < min) {
        fprintf(stderr, "stream_batches: %s needs an integer >= %lld, got '%s'\n", flag,
                (long long)min, text);
        return -1;
    }
    *out = (int64_t)v;
    return 0;
}

/* 0 to run, 1 to stop with success (--help), -1 on a usage error. */
static int parse_args(int argc, char **argv, options *o) {
    o->path = DYNG_DATA_DIR "/luxembourg_osm.mtx.gz";
    o->batches = 20;
    o->batch_size = 10000;
    o->seed = 1;
    int have_path = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int64_t v = 0;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 1;
        } else if (strcmp(a, "--batches") == 0 || strcmp(a, "--batch-size") == 0 ||
                   strcmp(a, "--seed") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "stream_batches: %s needs a value\n", a);
                return -1;
            }
            if (parse_int(a, argv[++i], strcmp(a, "--seed") == 0 ? 0 : 1, &v) != 0)
                return -1;
            if (strcmp(a, "--batches") == 0)
                o->batches = v;
            else if (strcmp(a, "--batch-size") == 0)
                o->batch_size = v;
            else
                o->seed = (uint64_t)v;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "stream_batches: unknown option '%s'\n", a);
            return -1;
        } else if (have_path) {
            fprintf(stderr, "stream_batches: one graph only ('%s' and '%s')\n", o->path, a);
            return -1;
        } else {
            o->path = a;
            have_path = 1;
        }
    }
    return 0;
}

/* ---- the job -------------------------------------------------------------- */

/* Print a failed call's status and message (a file error's message starts
 * with path:line:column). Returns the exit status 1. */
static int report(const char *what, dyng_status st) {
    fprintf(stderr, "stream_batches: %s failed: %s: %s\n", what, dyng_status_name(st),
            dyng_error_message());
    return 1;
}

#define TRY(what, call)                                                                            \
    do {                                                                                           \
        dyng_status st_ = (call);                                                                  \
        if (st_ != DYNG_OK) {                                                                      \
            rc = report(what, st_);                                                                \
            goto done;                                                                             \
        }                                                                                          \
    } while (0)

int main(int argc, char **argv) {
    options o;
    int parsed = parse_args(argc, argv, &o);
    if (parsed != 0) {
        if (parsed < 0)
            usage(stderr);
        return parsed < 0 ? 2 : 0;
    }

    int rc = 0;
    uint64_t rng = o.seed;
    dyng_edge_arrays arrays;
    memset(&arrays, 0, sizeof arrays);
    dyng_graph *g = NULL;
    dyng_batch *batch = NULL;
    int32_t *weights = NULL, *esrc = NULL, *edst = NULL, *isrc = NULL, *idst = NULL, *iw = NULL;
    int32_t *dsrc = NULL, *ddst = NULL;
    uint8_t *taken = NULL;

    /* Read the file as a pattern and weight it ourselves. */
    dyng_mm_read_options ro;
    TRY("reading options", dyng_mm_read_options_default(&ro));
    ro.ignore_values = true;
    double t0 = now_seconds();
    TRY(o.path, dyng_mm_read_arrays(&arrays, o.path, &ro, NULL));
    double t_read = now_seconds() - t0;

    weights = malloc((size_t)(arrays.num_edges > 0 ? arrays.num_edges : 1) * sizeof *weights);
    if (weights == NULL) {
        fprintf(stderr, "stream_batches: out of memory\n");
        rc = 1;
        goto done;
    }
    for (int64_t e = 0; e < arrays.num_edges; e++)
        weights[e] = (int32_t)(1 + rng_below(&rng, 100));

    dyng_graph_properties p;
    TRY("properties", dyng_properties_default(&p));
    p.directed = arrays.symmetry == DYNG_MM_GENERAL;
    p.num_weights = 1;
    p.vertex_type = DYNG_TYPE_INT32;
    t0 = now_seconds();
    TRY("building the graph", dyng_graph_from_edges(&g, &p, arrays.num_vertices, arrays.num_edges,
                                                    arrays.src, arrays.dst, weights, NULL));
    double t_build = now_seconds() - t0;
    dyng_edge_arrays_free(&arrays);
    free(weights);
    weights = NULL;

    int64_t n = 0, m = 0;
    size_t bytes = 0;
    dyng_resources *res = NULL;
    int threads = 1;
    TRY("counting", dyng_graph_num_vertices(&n, g));
    TRY("counting", dyng_graph_num_edges(&m, g));
    TRY("memory", dyng_graph_memory_bytes(&bytes, g));
    TRY("resources", dyng_graph_resources(&res, g));
    if (res != NULL)
        TRY("threads", dyng_resources_num_threads(&threads, res));
    printf("graph: %s\n", o.path);
    printf("  %s, %" PRId64 " vertices, %" PRId64 " edges, weights 1..100 (seed %" PRIu64 ")\n",
           p.directed ? "directed" : "undirected", n, m, o.seed);
    printf("  read %.3f s, built %.3f s, %.1f MB, %d thread%s\n", t_read, t_build,
           (double)bytes / 1e6, threads, threads == 1 ? "" : "s");
    printf("stream: %" PRId64 " batches of %" PRId64 " changes (half insertions)\n", o.batches,
           o.batch_size);

    int64_t half = o.batch_size / 2;
    int64_t num_ins = o.batch_size - half;
    int64_t num_absent = half >= 1000 ? half / 500 : (half >= 2 ? 1 : 0);
    int64_t num_del_max = half - num_absent;
    isrc = malloc((size_t)(num_ins + 1) * sizeof *isrc);
    idst = malloc((size_t)(num_ins + 1) * sizeof *idst);
    iw = malloc((size_t)(num_ins + 1) * sizeof *iw);
    dsrc = malloc((size_t)(half + 1) * sizeof *dsrc);
    ddst = malloc((size_t)(half + 1) * sizeof *ddst);
    if (isrc == NULL || idst == NULL || iw == NULL || dsrc == NULL || ddst == NULL) {
        fprintf(stderr, "stream_batches: out of memory\n");
        rc = 1;
        goto done;
    }
    TRY("a batch", dyng_batch_new(&batch, DYNG_TYPE_INT32, 1));

    dyng_apply_summary total;
    memset(&total, 0, sizeof total);
    double apply_seconds = 0.0;
    int64_t changes = 0;
    for (int64_t k = 1; k <= o.batches; k++) {
        /* The current edges, to draw deletions from. */
        TRY("counting", dyng_graph_num_vertices(&n, g));
        TRY("counting", dyng_graph_num_edges(&m, g));
        free(esrc);
        free(edst);
        free(taken);
        esrc = malloc((size_t)(m + 1) * sizeof *esrc);
        edst = malloc((size_t)(m + 1) * sizeof *edst);
        taken = calloc((size_t)(m + 1), 1);
        if (esrc == NULL || edst == NULL || taken == NULL) {
            fprintf(stderr, "stream_batches: out of memory\n");
            rc = 1;
            goto done;
        }
        TRY("exporting edges", dyng_graph_to_edges(g, esrc, edst, NULL));

        /* Deletions: distinct present edges, then a few absent ones. */
        int64_t nd = 0;
        int64_t want = num_del_max < m ? num_del_max : m;
        while (nd < want) {
            int64_t e = rng_below(&rng, m);
            if (taken[e])
                continue;
            taken[e] = 1;
            dsrc[nd] = esrc[e];
            ddst[nd] = edst[e];
            nd++;
        }
        for (int64_t i = 0; i < num_absent; i++, nd++) {
            /* A vertex past n has no edges: certainly absent. */
            dsrc[nd] = (int32_t)rng_below(&rng, n > 0 ? n : 1);
            ddst[nd] = (int32_t)(n + 1000 + rng_below(&rng, 1000));
        }

        /* Insertions: random pairs (no self-loops), some naming new vertices. */
        for (int64_t i = 0; i < num_ins; i++) {
            int64_t u = rng_below(&rng, n > 1 ? n : 2);
            int64_t v;
            if (rng_below(&rng, 200) == 0) {
                v = n + rng_below(&rng, 4); /* grows the graph */
            } else {
                do {
                    v = rng_below(&rng, n > 1 ? n : 2);
                } while (v == u);
            }
            isrc[i] = (int32_t)u;
            idst[i] = (int32_t)v;
            iw[i] = (int32_t)(1 + rng_below(&rng, 100));
        }

        TRY("clearing the batch", dyng_batch_clear(batch));
        TRY("adding deletions", dyng_batch_add_deletions(batch, nd, dsrc, ddst));
        TRY("adding insertions", dyng_batch_add_insertions(batch, num_ins, isrc, idst, iw));

        dyng_apply_summary s;
        t0 = now_seconds();
        TRY("applying a batch", dyng_graph_apply(g, batch, &s));
        double dt = now_seconds() - t0;
        apply_seconds += dt;
        changes += nd + num_ins;

        printf("batch %3" PRId64 ": +%" PRId64 " inserted, %" PRId64 " updated, -%" PRId64
               " deleted, %" PRId64 " ignored deletions, %" PRId64 " new vertices -> %" PRId64
               " vertices, %" PRId64 " edges, version %" PRIu64 " | %.2f ms, %.2f M changes/s\n",
               k, s.inserted, s.updated, s.deleted, s.ignored_deletions, s.new_vertices,
               s.num_vertices, s.num_edges, s.version, dt * 1e3,
               dt > 0 ? (double)(nd + num_ins) / dt / 1e6 : 0.0);
        total.inserted += s.inserted;
        total.updated += s.updated;
        total.deleted += s.deleted;
        total.ignored_deletions += s.ignored_deletions;
        total.ignored_insertions += s.ignored_insertions;
        total.new_vertices += s.new_vertices;
        total.num_vertices = s.num_vertices;
        total.num_edges = s.num_edges;
        total.version = s.version;
    } /* the stream of batches */

    dyng_status check = dyng_graph_check(g);
    TRY("memory", dyng_graph_memory_bytes(&bytes, g));
    printf("totals: %" PRId64 " changes in %" PRId64 " batches: +%" PRId64 " inserted, %" PRId64
           " updated, -%" PRId64 " deleted, %" PRId64 " ignored deletions, %" PRId64
           " ignored insertions, %" PRId64 " new vertices\n",
           changes, o.batches, total.inserted, total.updated, total.deleted,
           total.ignored_deletions, total.ignored_insertions, total.new_vertices);
    printf("graph after: %" PRId64 " vertices, %" PRId64 " edges, version %" PRIu64 ", %.1f MB\n",
           o.batches > 0 ? total.num_vertices : n, o.batches > 0 ? total.num_edges : m,
           total.version, (double)bytes / 1e6);
    printf("throughput: %.3f s in dyng_graph_apply, %.2f M changes/s\n", apply_seconds,
           apply_seconds > 0 ? (double)changes / apply_seconds / 1e6 : 0.0);
    if (check != DYNG_OK) {
        rc = report("dyng_graph_check", check);
        goto done;
    }
    printf("check: ok\n");

done:
    dyng_batch_free(&batch);
    dyng_graph_free(&g);
    dyng_edge_arrays_free(&arrays);
    free(weights);
    free(esrc);
    free(edst);
    free(taken);
    free(isrc);
    free(idst);
    free(iw);
    free(dsrc);
    free(ddst);
    return rc;
}
