/*
 * bench/bench_py_baseline.c - the C side of bench/python_api.py: the same
 * calls the Python benchmark makes, made from C, so the script can report
 * what the Python layer adds.
 *
 *   bench_py_baseline [--calls N] [--edges M] [--vertices N] [--seed X]
 *
 * (a) A 1-edge batch applied to a 1,000-vertex graph (a ring 0 -> 1 -> ...,
 *     unweighted, in-edges stored): batches that insert (0, 500) and delete it
 *     again alternate, so the graph stays the same size; the figure is the
 *     best of 5 runs of N calls each, per call, in microseconds.
 * (b) dyng_graph_from_edges on M random int32 edges over N vertices with one
 *     weight each (the arrays python_api.py builds from the same seed are not
 *     needed: only the time matters), on the default resources and on the
 *     sequential backend; best of 3, in milliseconds.
 *
 * Prints one JSON object on stdout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <dyng/dyng.h>

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void check(dyng_status s, const char *what) {
    if (s != DYNG_OK) {
        fprintf(stderr, "bench_py_baseline: %s: %s\n", what, dyng_error_message());
        exit(1);
    }
}

static uint64_t rng_state;
static uint64_t next_random(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double bench_small_apply(long calls) {
    enum { N = 1000 };
    int32_t src[N], dst[N];
    for (int i = 0; i < N; i++) {
        src[i] = i;
        dst[i] = (i + 1) % N;
    }
    dyng_graph_properties p;
    dyng_properties_default(&p);
    dyng_graph *g = NULL;
    check(dyng_graph_from_edges(&g, &p, N, N, src, dst, NULL, NULL), "from_edges");
    dyng_batch *ins = NULL, *del = NULL;
    int32_t u = 0, v = 500;
    check(dyng_batch_new(&ins, DYNG_TYPE_INT32, 0), "batch");
    check(dyng_batch_new(&del, DYNG_TYPE_INT32, 0), "batch");
    check(dyng_batch_add_insertions(ins, 1, &u, &v, NULL), "insertions");
    check(dyng_batch_add_deletions(del, 1, &u, &v), "deletions");
    double best = 1e30;
    for (int run = 0; run < 5; run++) {
        double t0 = now_s();
        for (long i = 0; i < calls; i++) {
            dyng_apply_summary s;
            check(dyng_graph_apply(g, (i & 1) ? del : ins, &s), "apply");
        }
        double per_call = (now_s() - t0) / (double)calls;
        if (per_call < best)
            best = per_call;
    }
    dyng_batch_free(&ins);
    dyng_batch_free(&del);
    dyng_graph_free(&g);
    return best * 1e6;
}

static double bench_from_edges(int64_t n, int64_t m, dyng_resources *r) {
    int32_t *src = malloc((size_t)m * 4), *dst = malloc((size_t)m * 4), *w = malloc((size_t)m * 4);
    if (!src || !dst || !w) {
        fprintf(stderr, "bench_py_baseline: out of memory\n");
        exit(1);
    }
    for (int64_t i = 0; i < m; i++) {
        src[i] = (int32_t)(next_random() % (uint64_t)n);
        dst[i] = (int32_t)(next_random() % (uint64_t)n);
        w[i] = (int32_t)(1 + next_random() % 100);
    }
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.num_weights = 1;
    double best = 1e30;
    for (int run = 0; run < 3; run++) {
        dyng_graph *g = NULL;
        double t0 = now_s();
        check(dyng_graph_from_edges(&g, &p, n, m, src, dst, w, r), "from_edges");
        double t = now_s() - t0;
        dyng_graph_free(&g);
        if (t < best)
            best = t;
    }
    free(src);
    free(dst);
    free(w);
    return best * 1e3;
}

int main(int argc, char **argv) {
    long calls = 200000;
    int64_t m = 10000000, n = 1000000;
    rng_state = 42;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--calls"))
            calls = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--edges"))
            m = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--vertices"))
            n = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed"))
            rng_state = (uint64_t)atoll(argv[i + 1]);
        else {
            fprintf(stderr, "usage: bench_py_baseline [--calls N] [--edges M] [--vertices N]\n");
            return 2;
        }
    }
    double apply_us = bench_small_apply(calls);
    dyng_resources *seq = NULL, *def = NULL;
    check(dyng_resources_new(&seq, DYNG_BACKEND_SEQUENTIAL, 1), "resources");
    check(dyng_resources_default(&def), "resources");
    int threads = 0;
    check(dyng_resources_num_threads(&threads, def), "threads");
    double build_default_ms = bench_from_edges(n, m, def);
    double build_seq_ms = bench_from_edges(n, m, seq);
    printf("{\"apply_1_edge_us\": %.4f, \"calls\": %ld, \"from_edges_ms\": %.3f, "
           "\"from_edges_sequential_ms\": %.3f, \"default_threads\": %d, \"edges\": %lld, "
           "\"vertices\": %lld}\n",
           apply_us, calls, build_default_ms, build_seq_ms, threads, (long long)m, (long long)n);
    dyng_resources_free(&seq);
    dyng_resources_free(&def);
    return 0;
}
