/*
 * bench/bench_apply.c - applying batches vs rebuilding the CSR, throughput and
 * memory, side by side in one run on the same graph and batches.
 *
 *   bench_apply [--graph uniform|rmat|both] [--scale S] [--edges M] [--reps R]
 *               [--seed X] [--json PATH] [--quick]
 *
 * The graphs: 2^S vertices (S = 20: 1,048,576) and M distinct directed edges
 * (default 4,000,000; no self-loops), one int32 weight per edge in 1..100,
 * in-edges stored (dynG's defaults otherwise: sorted rows, parallel edges
 * merged), all seeded. "uniform": both ends of every edge uniformly random
 * (degrees around M / 2^S). "rmat": R-MAT with the Graph500 parameters
 * (a, b, c, d = 0.57, 0.19, 0.19, 0.05) and randomly permuted ids: a skewed
 * graph whose hubs hold tens of thousands of edges. By default both run.
 *
 * A batch of B changes holds B/2 deletions of distinct existing edges (drawn
 * from a shuffled pool of the original edges, so each is still present) and
 * B/2 insertions of new edges drawn from the graph's own distribution (pairs
 * that ever existed are redrawn), with random weights.
 *
 * (a)/(b) Apply vs rebuild. Each rep draws a fresh 50K-change batch and
 *   applies it with dyng_graph_apply, once on a graph with the sequential
 *   backend and once on an identical graph with OpenMP on 2 threads. The
 *   changed graph is then exported to edge arrays (not timed) and a new
 *   out-CSR and in-CSR with weights is built from them, as the research codes
 *   do for every batch: count, prefix sum, fill. The rebuild is timed alone,
 *   into buffers allocated before the clock starts (which favours it: no page
 *   faults); with 2 threads the out- and in-CSR are built concurrently. The
 *   figure is the median over the reps, and the ratio rebuild / apply.
 * (c) Throughput of batches of 10K, 100K and 1M changes, in changes/s, with
 *   the sequential backend and with OpenMP on 2 threads (each on a fresh clone,
 *   the same batches for both).
 * (d) Memory: dyng_graph_memory_bytes against the bytes of a plain out-CSR plus
 *   in-CSR (row_ptr, col and weights in both directions), right after the
 *   build, for K = 0, and after 20 batches (and of a packed clone then).
 * (e) A stream: the graph of (a) and (d) (sequential backend) goes on to 100
 *   batches of 50K changes. Reported: the least and the most memory after a
 *   batch (as in (d)), the mean and the longest batch, and how many batches
 *   left the graph holding less memory than before (the repacks).
 *
 * Prints a table and writes the figures as JSON (default
 * bench/results/apply.json). Benchmarks are not tests: nothing here checks a
 * target; the table shows the targets beside the figures.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <dyng/dyng.h>

#ifndef DYNG_SOURCE_DIR
#define DYNG_SOURCE_DIR "."
#endif

#define APPLY_TARGET_RATIO 20.0
#define MEMORY_TARGET_RATIO 1.3

/* ---- utilities ------------------------------------------------------------ */

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t rng_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int64_t rng_below(uint64_t *state, int64_t bound) {
    return (int64_t)(rng_next(state) % (uint64_t)bound);
}

static void *xmalloc(size_t count, size_t size) {
    void *p = malloc(count > 0 ? count * size : 1);
    if (p == NULL) {
        fprintf(stderr, "bench_apply: out of memory (%zu x %zu bytes)\n", count, size);
        exit(1);
    }
    return p;
}

static void check_ok(dyng_status st, const char *what) {
    if (st != DYNG_OK) {
        fprintf(stderr, "bench_apply: %s failed: %s: %s\n", what, dyng_status_name(st),
                dyng_error_message());
        exit(1);
    }
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int count) {
    qsort(v, (size_t)count, sizeof *v, cmp_double);
    return count % 2 ? v[count / 2] : 0.5 * (v[count / 2 - 1] + v[count / 2]);
}

/* ---- a set of (u, v) pairs: every edge that ever existed ---------------- */

typedef struct pair_set {
    uint64_t *slots; /* UINT64_MAX: empty */
    uint64_t mask;
    int shift; /* 64 - log2(slots) */
    int64_t count;
} pair_set;

static void pair_set_init(pair_set *s, int64_t capacity) {
    uint64_t size = 1;
    int bits = 0;
    while (size < (uint64_t)capacity * 2)
        size <<= 1, bits++;
    s->shift = 64 - bits;
    s->slots = xmalloc(size, sizeof *s->slots);
    memset(s->slots, 0xff, size * sizeof *s->slots);
    s->mask = size - 1;
    s->count = 0;
}

/* Adds (u, v); returns 0 when it was there already. */
static int pair_set_add(pair_set *s, int32_t u, int32_t v) {
    uint64_t key = ((uint64_t)(uint32_t)u << 32) | (uint32_t)v;
    uint64_t i = (key * 0x9E3779B97F4A7C15ull) >> s->shift;
    while (s->slots[i] != UINT64_MAX) {
        if (s->slots[i] == key)
            return 0;
        i = (i + 1) & s->mask;
    }
    if ((uint64_t)(s->count + 1) * 10 > (s->mask + 1) * 7) {
        fprintf(stderr, "bench_apply: the pair set is full\n");
        exit(1);
    }
    s->slots[i] = key;
    s->count++;
    return 1;
}

/* ---- the edge generators ---------------------------------------------------- */

typedef struct rmat {
    int uniform; /* 1: uniform pairs; 0: R-MAT */
    int scale;
    int32_t *perm; /* a random relabelling of the vertices */
    uint64_t rng;
} rmat;

/* One directed pair without self-loop and never seen before. */
static void rmat_new_pair(rmat *r, pair_set *seen, int32_t *u_out, int32_t *v_out) {
    for (;;) {
        uint32_t u = 0, v = 0;
        if (r->uniform) {
            u = (uint32_t)rng_below(&r->rng, (int64_t)1 << r->scale);
            v = (uint32_t)rng_below(&r->rng, (int64_t)1 << r->scale);
        }
        for (int level = 0; !r->uniform && level < r->scale; level++) {
            double x = (double)(rng_next(&r->rng) >> 11) * 0x1.0p-53;
            u <<= 1;
            v <<= 1;
            if (x < 0.57) {
            } else if (x < 0.76) {
                v |= 1;
            } else if (x < 0.95) {
                u |= 1;
            } else {
                u |= 1;
                v |= 1;
            }
        }
        int32_t pu = r->perm[u], pv = r->perm[v];
        if (pu != pv && pair_set_add(seen, pu, pv)) {
            *u_out = pu;
            *v_out = pv;
            return;
        }
    }
}

/* ---- the plain CSR that a rebuild produces -------------------------------- */

typedef struct csr_buffers {
    int64_t n, m_cap;
    int32_t *out_ptr, *out_col, *out_w, *out_cur;
    int32_t *in_ptr, *in_col, *in_w, *in_cur;
} csr_buffers;

static void csr_buffers_init(csr_buffers *c, int64_t n, int64_t m_cap) {
    c->n = n;
    c->m_cap = m_cap;
    c->out_ptr = xmalloc((size_t)n + 1, sizeof(int32_t));
    c->in_ptr = xmalloc((size_t)n + 1, sizeof(int32_t));
    c->out_cur = xmalloc((size_t)n + 1, sizeof(int32_t));
    c->in_cur = xmalloc((size_t)n + 1, sizeof(int32_t));
    c->out_col = xmalloc((size_t)m_cap, sizeof(int32_t));
    c->in_col = xmalloc((size_t)m_cap, sizeof(int32_t));
    c->out_w = xmalloc((size_t)m_cap, sizeof(int32_t));
    c->in_w = xmalloc((size_t)m_cap, sizeof(int32_t));
    /* Touch everything once so that no timed rebuild pays a page fault. */
    memset(c->out_ptr, 0, ((size_t)n + 1) * sizeof(int32_t));
    memset(c->in_ptr, 0, ((size_t)n + 1) * sizeof(int32_t));
    memset(c->out_cur, 0, ((size_t)n + 1) * sizeof(int32_t));
    memset(c->in_cur, 0, ((size_t)n + 1) * sizeof(int32_t));
    memset(c->out_col, 0, (size_t)m_cap * sizeof(int32_t));
    memset(c->in_col, 0, (size_t)m_cap * sizeof(int32_t));
    memset(c->out_w, 0, (size_t)m_cap * sizeof(int32_t));
    memset(c->in_w, 0, (size_t)m_cap * sizeof(int32_t));
}

static void csr_buffers_free(csr_buffers *c) {
    free(c->out_ptr);
    free(c->in_ptr);
    free(c->out_cur);
    free(c->in_cur);
    free(c->out_col);
    free(c->in_col);
    free(c->out_w);
    free(c->in_w);
}

/* One direction: rows keyed by `key`, entries `other` with weights w.
 * Count, exclusive prefix sum, fill (a stable counting sort). */
static void csr_build_one(int64_t n, int64_t m, const int32_t *key, const int32_t *other,
                          const int32_t *w, int32_t *ptr, int32_t *cur, int32_t *col,
                          int32_t *wout) {
    memset(cur, 0, (size_t)n * sizeof *cur);
    for (int64_t e = 0; e < m; e++)
        cur[key[e]]++;
    int32_t sum = 0;
    for (int64_t v = 0; v < n; v++) {
        ptr[v] = sum;
        sum += cur[v];
        cur[v] = ptr[v];
    }
    ptr[n] = sum;
    for (int64_t e = 0; e < m; e++) {
        int32_t at = cur[key[e]]++;
        col[at] = other[e];
        wout[at] = w[e];
    }
}

/* The whole rebuild: out-CSR and in-CSR with weights, on 1 or 2 threads. */
static void csr_build(csr_buffers *c, int64_t m, const int32_t *src, const int32_t *dst,
                      const int32_t *w, int threads) {
#ifdef _OPENMP
    if (threads >= 2) {
#pragma omp parallel sections num_threads(2)
        {
#pragma omp section
            csr_build_one(c->n, m, src, dst, w, c->out_ptr, c->out_cur, c->out_col, c->out_w);
#pragma omp section
            csr_build_one(c->n, m, dst, src, w, c->in_ptr, c->in_cur, c->in_col, c->in_w);
        }
        return;
    }
#else
    (void)threads;
#endif
    csr_build_one(c->n, m, src, dst, w, c->out_ptr, c->out_cur, c->out_col, c->out_w);
    csr_build_one(c->n, m, dst, src, w, c->in_ptr, c->in_cur, c->in_col, c->in_w);
}

/* Bytes of a plain out-CSR + in-CSR with int32 offsets, ids and K weights. */
static size_t plain_csr_bytes(int64_t n, int64_t m, int k) {
    size_t one = ((size_t)n + 1) * 4 + (size_t)m * 4 + (size_t)m * (size_t)k * 4;
    return 2 * one;
}

/* ---- batches ---------------------------------------------------------------- */

typedef struct workload {
    rmat gen;
    pair_set seen;
    int32_t *pool_src, *pool_dst; /* the original edges, shuffled */
    int64_t pool_len, pool_next;
    uint64_t rng; /* weights */
} workload;

/* A batch of `changes` changes: half deletions of pool edges, half new edges. */
static dyng_batch *make_batch(workload *wl, int64_t changes) {
    int64_t nd = changes / 2, ni = changes - nd;
    if (wl->pool_next + nd > wl->pool_len) {
        fprintf(stderr, "bench_apply: the deletion pool is used up (use fewer reps)\n");
        exit(1);
    }
    int32_t *is = xmalloc((size_t)ni, sizeof *is), *id = xmalloc((size_t)ni, sizeof *id);
    int32_t *iw = xmalloc((size_t)ni, sizeof *iw);
    for (int64_t i = 0; i < ni; i++) {
        rmat_new_pair(&wl->gen, &wl->seen, &is[i], &id[i]);
        iw[i] = (int32_t)(1 + rng_below(&wl->rng, 100));
    }
    dyng_batch *b = NULL;
    check_ok(dyng_batch_new(&b, DYNG_TYPE_INT32, 1), "dyng_batch_new");
    check_ok(dyng_batch_reserve(b, ni, nd), "dyng_batch_reserve");
    check_ok(
        dyng_batch_add_deletions(b, nd, wl->pool_src + wl->pool_next, wl->pool_dst + wl->pool_next),
        "dyng_batch_add_deletions");
    check_ok(dyng_batch_add_insertions(b, ni, is, id, iw), "dyng_batch_add_insertions");
    wl->pool_next += nd;
    free(is);
    free(id);
    free(iw);
    return b;
}

static double timed_apply(dyng_graph *g, const dyng_batch *b, int64_t changes) {
    dyng_apply_summary s;
    double t0 = now_seconds();
    check_ok(dyng_graph_apply(g, b, &s), "dyng_graph_apply");
    double dt = now_seconds() - t0;
    if (s.inserted + s.deleted != changes) {
        fprintf(stderr,
                "bench_apply: the batch did not do what it should: inserted %" PRId64
                ", deleted %" PRId64 ", updated %" PRId64 ", ignored deletions %" PRId64
                " (expected %" PRId64 " changes)\n",
                s.inserted, s.deleted, s.updated, s.ignored_deletions, changes);
        exit(1);
    }
    return dt;
}

static size_t memory_of(const dyng_graph *g) {
    size_t bytes = 0;
    check_ok(dyng_graph_memory_bytes(&bytes, g), "dyng_graph_memory_bytes");
    return bytes;
}

/* ---- one graph's run ------------------------------------------------------ */

typedef struct memory_row {
    const char *name;
    int k;
    int64_t n, m;
    size_t dyng_bytes, plain_bytes;
} memory_row;

typedef struct throughput_row {
    int64_t changes;
    int threads;
    int reps;
    double median_s;
} throughput_row;

typedef struct run_config {
    const char *graph; /* "uniform" or "rmat" */
    int scale;
    int64_t num_edges;
    int reps;
    uint64_t seed;
    int64_t batch_changes;
    int quick;
    dyng_resources *seq, *omp2; /* omp2 NULL without OpenMP */
} run_config;

typedef struct stream_stats {
    int batches, drops;
    double total_s, max_s, min_ratio, max_ratio;
    size_t last_bytes;
} stream_stats;

typedef struct run_result {
    int64_t n, m, max_out_degree, max_in_degree;
    double gen_s, build_s;
    double apply1, apply2, rebuild1, rebuild2; /* medians */
    double rebuild_shuffled1;                  /* edges in no particular order */
    throughput_row tp[6];
    int tp_rows;
    memory_row mem[4];
    int mem_rows;
    /* (e) the stream: every batch applied to the sequential graph (K = 1),
     * and an unweighted copy of it to the unweighted graph (K = 0) */
    stream_stats stream[2]; /* by K */
} run_result;

/* Count one batch of a stream (e): its time and the memory after it. */
static void stream_note(stream_stats *st, const dyng_graph *g, int k, double seconds) {
    int64_t n = 0, m = 0;
    check_ok(dyng_graph_num_vertices(&n, g), "dyng_graph_num_vertices");
    check_ok(dyng_graph_num_edges(&m, g), "dyng_graph_num_edges");
    const size_t bytes = memory_of(g);
    const double ratio = (double)bytes / (double)plain_csr_bytes(n, m, k);
    if (st->batches == 0 || ratio < st->min_ratio)
        st->min_ratio = ratio;
    if (ratio > st->max_ratio)
        st->max_ratio = ratio;
    if (st->batches > 0 && bytes < st->last_bytes)
        st->drops++;
    st->last_bytes = bytes;
    st->total_s += seconds;
    if (seconds > st->max_s)
        st->max_s = seconds;
    st->batches++;
}

/* Apply a batch of the stream to the K = 1 graph and its unweighted copy to
 * the K = 0 graph, each timed and noted. Returns the K = 1 time. */
static double stream_apply(run_result *res, dyng_graph *g1, dyng_graph *g0, const dyng_batch *b,
                           int64_t changes) {
    const double seconds = timed_apply(g1, b, changes);
    stream_note(&res->stream[1], g1, 1, seconds);
    int64_t ni = 0, nd = 0;
    const void *is = NULL, *id = NULL, *ds = NULL, *dd = NULL;
    const int32_t *iw = NULL;
    check_ok(dyng_batch_num_insertions(&ni, b), "dyng_batch_num_insertions");
    check_ok(dyng_batch_num_deletions(&nd, b), "dyng_batch_num_deletions");
    check_ok(dyng_batch_insertions(&is, &id, &iw, b), "dyng_batch_insertions");
    check_ok(dyng_batch_deletions(&ds, &dd, b), "dyng_batch_deletions");
    dyng_batch *b0 = NULL;
    check_ok(dyng_batch_new(&b0, DYNG_TYPE_INT32, 0), "dyng_batch_new");
    check_ok(dyng_batch_add_deletions(b0, nd, ds, dd), "dyng_batch_add_deletions");
    check_ok(dyng_batch_add_insertions(b0, ni, is, id, NULL), "dyng_batch_add_insertions");
    stream_note(&res->stream[0], g0, 0, timed_apply(g0, b0, changes));
    check_ok(dyng_batch_free(&b0), "dyng_batch_free");
    return seconds;
}

static void run_graph(run_result *res, const run_config *cfg) {
    memset(res, 0, sizeof *res);
    const int64_t n = (int64_t)1 << cfg->scale, num_edges = cfg->num_edges;
    const int64_t batch_changes = cfg->batch_changes;
    const int reps = cfg->reps;
    res->n = n;

    /* ---- the graph ---- */
    double t0 = now_seconds();
    workload wl;
    memset(&wl, 0, sizeof wl);
    wl.gen.uniform = strcmp(cfg->graph, "uniform") == 0;
    wl.gen.scale = cfg->scale;
    wl.gen.rng = cfg->seed;
    wl.rng = cfg->seed ^ 0x5DEECE66Dull;
    wl.gen.perm = xmalloc((size_t)n, sizeof(int32_t));
    for (int64_t v = 0; v < n; v++)
        wl.gen.perm[v] = (int32_t)v;
    for (int64_t v = n - 1; v > 0; v--) {
        int64_t j = rng_below(&wl.rng, v + 1);
        int32_t t = wl.gen.perm[v];
        wl.gen.perm[v] = wl.gen.perm[j];
        wl.gen.perm[j] = t;
    }
    /* Room for every edge the run will ever create. */
    int64_t extra = 20 * batch_changes / 2 + (5 * 10000 + 3 * 100000 + 2 * 1000000) / 2;
    pair_set_init(&wl.seen, num_edges + extra + 1024);
    int32_t *src = xmalloc((size_t)num_edges, sizeof *src);
    int32_t *dst = xmalloc((size_t)num_edges, sizeof *dst);
    int32_t *w = xmalloc((size_t)num_edges, sizeof *w);
    for (int64_t e = 0; e < num_edges; e++) {
        rmat_new_pair(&wl.gen, &wl.seen, &src[e], &dst[e]);
        w[e] = (int32_t)(1 + rng_below(&wl.rng, 100));
    }
    /* The deletion pool: the original edges, shuffled. */
    wl.pool_len = num_edges;
    wl.pool_src = xmalloc((size_t)num_edges, sizeof(int32_t));
    wl.pool_dst = xmalloc((size_t)num_edges, sizeof(int32_t));
    memcpy(wl.pool_src, src, (size_t)num_edges * sizeof(int32_t));
    memcpy(wl.pool_dst, dst, (size_t)num_edges * sizeof(int32_t));
    for (int64_t e = num_edges - 1; e > 0; e--) {
        int64_t j = rng_below(&wl.rng, e + 1);
        int32_t t = wl.pool_src[e];
        wl.pool_src[e] = wl.pool_src[j];
        wl.pool_src[j] = t;
        t = wl.pool_dst[e];
        wl.pool_dst[e] = wl.pool_dst[j];
        wl.pool_dst[j] = t;
    }
    res->gen_s = now_seconds() - t0;

    dyng_graph_properties p;
    check_ok(dyng_properties_default(&p), "dyng_properties_default");
    p.directed = true;
    p.store_transposed = true;
    p.num_weights = 1;
    dyng_graph *g1 = NULL, *g2 = NULL, *g0 = NULL;
    t0 = now_seconds();
    check_ok(dyng_graph_from_edges(&g1, &p, n, num_edges, src, dst, w, cfg->seq),
             "dyng_graph_from_edges");
    res->build_s = now_seconds() - t0;
    check_ok(dyng_graph_check(g1), "dyng_graph_check");
    int64_t m = 0;
    check_ok(dyng_graph_num_edges(&m, g1), "dyng_graph_num_edges");
    res->m = m;
    for (int64_t v = 0; v < n; v++) {
        int64_t dout = 0, din = 0;
        check_ok(dyng_graph_degree(&dout, g1, v, false), "dyng_graph_degree");
        check_ok(dyng_graph_degree(&din, g1, v, true), "dyng_graph_degree");
        res->max_out_degree = dout > res->max_out_degree ? dout : res->max_out_degree;
        res->max_in_degree = din > res->max_in_degree ? din : res->max_in_degree;
    }
    printf("\n=== graph \"%s\": 2^%d = %" PRId64 " vertices, %" PRId64
           " edges (max out-degree %" PRId64 ", max in-degree %" PRId64
           "), directed, K = 1, in-edges stored; generated in %.2f s, built in %.2f s "
           "(sequential)\n",
           cfg->graph, cfg->scale, n, m, res->max_out_degree, res->max_in_degree, res->gen_s,
           res->build_s);

    res->mem[res->mem_rows++] =
        (memory_row){"K=1, after build", 1, n, m, memory_of(g1), plain_csr_bytes(n, m, 1)};
    p.num_weights = 0;
    check_ok(dyng_graph_from_edges(&g0, &p, n, num_edges, src, dst, NULL, cfg->seq),
             "dyng_graph_from_edges (K = 0)");
    res->mem[res->mem_rows++] =
        (memory_row){"K=0, after build", 0, n, m, memory_of(g0), plain_csr_bytes(n, m, 0)};
    free(src);
    free(dst);
    free(w);

    check_ok(dyng_graph_clone(&g2, g1), "dyng_graph_clone");
    if (cfg->omp2 != NULL)
        check_ok(dyng_graph_set_resources(g2, cfg->omp2), "dyng_graph_set_resources");

    /* ---- (a) apply vs (b) rebuild ---- */
    int64_t m_cap = m + 2 * batch_changes + 16;
    csr_buffers csr;
    csr_buffers_init(&csr, n, m_cap);
    int32_t *esrc = xmalloc((size_t)m_cap, sizeof(int32_t));
    int32_t *edst = xmalloc((size_t)m_cap, sizeof(int32_t));
    int32_t *ew = xmalloc((size_t)m_cap, sizeof(int32_t));
    double *apply1 = xmalloc((size_t)reps, sizeof(double));
    double *apply2 = xmalloc((size_t)reps, sizeof(double));
    double *build1 = xmalloc((size_t)reps, sizeof(double));
    double *build2 = xmalloc((size_t)reps, sizeof(double));
    double *build_shuffled = xmalloc((size_t)reps, sizeof(double));
    uint64_t shuffle_rng = cfg->seed ^ 0x5bd1e995u;
    int batches_applied = 0;
    for (int r = 0; r < reps; r++) {
        dyng_batch *b = make_batch(&wl, batch_changes);
        apply1[r] = stream_apply(res, g1, g0, b, batch_changes);
        apply2[r] = cfg->omp2 != NULL ? timed_apply(g2, b, batch_changes) : 0.0;
        batches_applied++;
        check_ok(dyng_batch_free(&b), "dyng_batch_free");

        int64_t mm = 0;
        check_ok(dyng_graph_num_edges(&mm, g1), "dyng_graph_num_edges");
        check_ok(dyng_graph_to_edges(g1, esrc, edst, ew), "dyng_graph_to_edges");
        t0 = now_seconds();
        csr_build(&csr, mm, esrc, edst, ew, 1);
        build1[r] = now_seconds() - t0;
        t0 = now_seconds();
        csr_build(&csr, mm, esrc, edst, ew, 2);
        build2[r] = now_seconds() - t0;
        /* The same edges in no particular order, as an edge list that a
         * research code appends to and deletes from is (not timed). */
        for (int64_t i = mm - 1; i > 0; i--) {
            int64_t k = rng_below(&shuffle_rng, i + 1);
            int32_t ts = esrc[i], td = edst[i], tw = ew[i];
            esrc[i] = esrc[k];
            edst[i] = edst[k];
            ew[i] = ew[k];
            esrc[k] = ts;
            edst[k] = td;
            ew[k] = tw;
        }
        t0 = now_seconds();
        csr_build(&csr, mm, esrc, edst, ew, 1);
        build_shuffled[r] = now_seconds() - t0;
        if (r == 0) {
            /* The rebuild makes the same CSR as the graph (row pointers). */
            int32_t *rp = xmalloc((size_t)n + 1, sizeof(int32_t));
            check_ok(dyng_graph_to_csr(g1, false, rp, esrc, NULL), "dyng_graph_to_csr");
            if (memcmp(rp, csr.out_ptr, ((size_t)n + 1) * sizeof(int32_t)) != 0) {
                fprintf(stderr, "bench_apply: the rebuilt out-CSR differs from the graph\n");
                exit(1);
            }
            check_ok(dyng_graph_to_csr(g1, true, rp, esrc, NULL), "dyng_graph_to_csr");
            if (memcmp(rp, csr.in_ptr, ((size_t)n + 1) * sizeof(int32_t)) != 0) {
                fprintf(stderr, "bench_apply: the rebuilt in-CSR differs from the graph\n");
                exit(1);
            }
            free(rp);
        }
    }
    res->apply1 = median(apply1, reps);
    res->apply2 = median(apply2, reps);
    res->rebuild1 = median(build1, reps);
    res->rebuild2 = median(build2, reps);
    res->rebuild_shuffled1 = median(build_shuffled, reps);
    csr_buffers_free(&csr);
    free(esrc);
    free(edst);
    free(ew);
    free(apply1);
    free(apply2);
    free(build1);
    free(build2);
    free(build_shuffled);

    printf("(a)/(b) one batch of %" PRId64 " changes (%" PRId64 " insertions of new edges, %" PRId64
           " deletions), median of %d reps\n",
           batch_changes, batch_changes - batch_changes / 2, batch_changes / 2, reps);
    printf("  %-8s %14s %18s %14s   (target >= %.0fx)\n", "threads", "apply (ms)",
           "rebuild CSR (ms)", "rebuild/apply", APPLY_TARGET_RATIO);
    printf("  %-8d %14.3f %18.3f %13.1fx\n", 1, res->apply1 * 1e3, res->rebuild1 * 1e3,
           res->rebuild1 / res->apply1);
    if (cfg->omp2 != NULL)
        printf("  %-8d %14.3f %18.3f %13.1fx\n", 2, res->apply2 * 1e3, res->rebuild2 * 1e3,
               res->rebuild2 / res->apply2);
    printf("  (the rebuild reads the edges grouped by source, as dyng_graph_to_edges gives them;\n"
           "   from the same edges in no particular order a 1-thread rebuild takes %.3f ms, %.1fx\n"
           "   the 1-thread apply)\n",
           res->rebuild_shuffled1 * 1e3, res->rebuild_shuffled1 / res->apply1);

    /* ---- (d) memory after 20 batches ---- */
    while (batches_applied < 20) {
        dyng_batch *b = make_batch(&wl, batch_changes);
        (void)stream_apply(res, g1, g0, b, batch_changes);
        check_ok(dyng_batch_free(&b), "dyng_batch_free");
        batches_applied++;
    }
    check_ok(dyng_graph_check(g1), "dyng_graph_check");
    int64_t n20 = 0, m20 = 0;
    check_ok(dyng_graph_num_vertices(&n20, g1), "dyng_graph_num_vertices");
    check_ok(dyng_graph_num_edges(&m20, g1), "dyng_graph_num_edges");
    res->mem[res->mem_rows++] = (memory_row){
        "K=1, after 20 batches", 1, n20, m20, memory_of(g1), plain_csr_bytes(n20, m20, 1)};
    {
        dyng_graph *packed = NULL;
        check_ok(dyng_graph_clone(&packed, g1), "dyng_graph_clone");
        res->mem[res->mem_rows++] =
            (memory_row){"K=1, after 20 batches, clone", 1, n20, m20, memory_of(packed),
                         plain_csr_bytes(n20, m20, 1)};
        check_ok(dyng_graph_free(&packed), "dyng_graph_free");
    }
    check_ok(dyng_graph_free(&g2), "dyng_graph_free");

    /* ---- (c) throughput ---- */
    static const int64_t sizes[3] = {10000, 100000, 1000000};
    static const int size_reps[3] = {5, 3, 2};
    for (int si = 0; si < 3; si++) {
        int64_t size = cfg->quick ? sizes[si] / 10 : sizes[si];
        int nb = size_reps[si];
        dyng_batch *bs[5] = {NULL, NULL, NULL, NULL, NULL};
        for (int i = 0; i < nb; i++)
            bs[i] = make_batch(&wl, size);
        for (int c = 0; c < 2; c++) {
            dyng_resources *r = c == 0 ? cfg->seq : cfg->omp2;
            if (r == NULL)
                continue;
            dyng_graph *gc = NULL;
            check_ok(dyng_graph_clone(&gc, g1), "dyng_graph_clone");
            check_ok(dyng_graph_set_resources(gc, r), "dyng_graph_set_resources");
            double times[5];
            for (int i = 0; i < nb; i++)
                times[i] = timed_apply(gc, bs[i], size);
            check_ok(dyng_graph_free(&gc), "dyng_graph_free");
            res->tp[res->tp_rows++] = (throughput_row){size, c == 0 ? 1 : 2, nb, median(times, nb)};
        }
        for (int i = 0; i < nb; i++)
            check_ok(dyng_batch_free(&bs[i]), "dyng_batch_free");
    }
    printf("(c) throughput (each on a fresh clone of the graph after 20 batches; median)\n");
    printf("  %-12s %-8s %5s %14s %16s\n", "changes", "threads", "reps", "apply (ms)", "changes/s");
    for (int i = 0; i < res->tp_rows; i++)
        printf("  %-12" PRId64 " %-8d %5d %14.3f %16.3e\n", res->tp[i].changes, res->tp[i].threads,
               res->tp[i].reps, res->tp[i].median_s * 1e3,
               (double)res->tp[i].changes / res->tp[i].median_s);

    printf("(d) memory: dyng_graph_memory_bytes vs plain out-CSR + in-CSR (int32 row_ptr, col, "
           "weights)\n");
    printf("  %-30s %12s %12s %7s %12s %12s   (target <= %.1fx)\n", "graph", "dyng (MB)",
           "plain (MB)", "ratio", "dyng B/edge", "plain B/edge", MEMORY_TARGET_RATIO);
    for (int i = 0; i < res->mem_rows; i++) {
        const memory_row *mr = &res->mem[i];
        printf("  %-30s %12.2f %12.2f %6.3fx %12.2f %12.2f\n", mr->name,
               (double)mr->dyng_bytes / 1e6, (double)mr->plain_bytes / 1e6,
               (double)mr->dyng_bytes / (double)mr->plain_bytes,
               (double)mr->dyng_bytes / (double)mr->m, (double)mr->plain_bytes / (double)mr->m);
    }

    /* ---- (e) the stream goes on ---- */
    const int stream_len = cfg->quick ? 30 : 100;
    while (batches_applied < stream_len) {
        dyng_batch *b = make_batch(&wl, batch_changes);
        (void)stream_apply(res, g1, g0, b, batch_changes);
        check_ok(dyng_batch_free(&b), "dyng_batch_free");
        batches_applied++;
    }
    check_ok(dyng_graph_check(g1), "dyng_graph_check");
    check_ok(dyng_graph_check(g0), "dyng_graph_check");
    printf("(e) a stream of %d batches of %" PRId64
           " changes (the graph of (a) and (d), 1 thread; and the same batches without weights\n"
           "    applied to the graph without weights of (d))\n",
           res->stream[1].batches, batch_changes);
    for (int k = 1; k >= 0; k--) {
        const stream_stats *st = &res->stream[k];
        printf("  K=%d: memory after a batch %.3fx to %.3fx (target <= %.1fx); batch mean %.3f ms, "
               "longest %.3f ms;\n       %d batches left the graph holding less memory than before "
               "(repacks)\n",
               k, st->min_ratio, st->max_ratio, MEMORY_TARGET_RATIO,
               st->total_s / st->batches * 1e3, st->max_s * 1e3, st->drops);
    }

    check_ok(dyng_graph_free(&g1), "dyng_graph_free");
    check_ok(dyng_graph_free(&g0), "dyng_graph_free");
    free(wl.gen.perm);
    free(wl.seen.slots);
    free(wl.pool_src);
    free(wl.pool_dst);
}

static void json_run(FILE *f, const run_config *cfg, const run_result *r, int last) {
    fprintf(f,
            "    {\n      \"graph\": {\"generator\": \"%s\", \"scale\": %d, \"num_vertices\": "
            "%" PRId64 ", \"num_edges\": %" PRId64 ", \"max_out_degree\": %" PRId64
            ", \"max_in_degree\": %" PRId64 ", \"directed\": true, \"num_weights\": 1, "
            "\"store_transposed\": true, \"seed\": %" PRIu64 ", \"build_seconds\": %.6f},\n",
            cfg->graph, cfg->scale, r->n, r->m, r->max_out_degree, r->max_in_degree, cfg->seed,
            r->build_s);
    fprintf(f,
            "      \"apply_vs_rebuild\": {\"batch_changes\": %" PRId64
            ", \"reps\": %d, \"target_ratio\": %.1f, \"rows\": [\n",
            cfg->batch_changes, cfg->reps, APPLY_TARGET_RATIO);
    fprintf(f,
            "        {\"threads\": 1, \"apply_seconds\": %.6f, \"rebuild_seconds\": %.6f, "
            "\"ratio\": %.3f, \"rebuild_unordered_edges_seconds\": %.6f, "
            "\"ratio_unordered\": %.3f}%s\n",
            r->apply1, r->rebuild1, r->rebuild1 / r->apply1, r->rebuild_shuffled1,
            r->rebuild_shuffled1 / r->apply1, cfg->omp2 != NULL ? "," : "");
    if (cfg->omp2 != NULL)
        fprintf(f,
                "        {\"threads\": 2, \"apply_seconds\": %.6f, \"rebuild_seconds\": %.6f, "
                "\"ratio\": %.3f}\n",
                r->apply2, r->rebuild2, r->rebuild2 / r->apply2);
    fprintf(f, "      ]},\n      \"throughput\": [\n");
    for (int i = 0; i < r->tp_rows; i++)
        fprintf(f,
                "        {\"changes\": %" PRId64 ", \"threads\": %d, \"reps\": %d, "
                "\"median_seconds\": %.6f, \"changes_per_second\": %.1f}%s\n",
                r->tp[i].changes, r->tp[i].threads, r->tp[i].reps, r->tp[i].median_s,
                (double)r->tp[i].changes / r->tp[i].median_s, i + 1 < r->tp_rows ? "," : "");
    fprintf(f, "      ],\n      \"memory\": {\"target_ratio\": %.1f, \"rows\": [\n",
            MEMORY_TARGET_RATIO);
    for (int i = 0; i < r->mem_rows; i++) {
        const memory_row *mr = &r->mem[i];
        fprintf(f,
                "        {\"graph\": \"%s\", \"num_weights\": %d, \"num_vertices\": %" PRId64
                ", \"num_edges\": %" PRId64 ", \"dyng_bytes\": %zu, \"plain_csr_bytes\": %zu, "
                "\"ratio\": %.4f, \"dyng_bytes_per_edge\": %.3f, "
                "\"plain_bytes_per_edge\": %.3f}%s\n",
                mr->name, mr->k, mr->n, mr->m, mr->dyng_bytes, mr->plain_bytes,
                (double)mr->dyng_bytes / (double)mr->plain_bytes,
                (double)mr->dyng_bytes / (double)mr->m, (double)mr->plain_bytes / (double)mr->m,
                i + 1 < r->mem_rows ? "," : "");
    }
    fprintf(f, "      ]},\n");
    for (int k = 1; k >= 0; k--) {
        const stream_stats *st = &r->stream[k];
        fprintf(f,
                "      \"%s\": {\"batches\": %d, \"batch_changes\": %" PRId64
                ", \"threads\": 1, \"num_weights\": %d, \"min_memory_ratio\": %.4f, "
                "\"max_memory_ratio\": %.4f, \"mean_batch_seconds\": %.6f, "
                "\"max_batch_seconds\": %.6f, \"batches_memory_fell\": %d}%s\n",
                k == 1 ? "stream" : "stream_unweighted", st->batches, cfg->batch_changes, k,
                st->min_ratio, st->max_ratio, st->total_s / st->batches, st->max_s, st->drops,
                k == 1 ? "," : "");
    }
    fprintf(f, "    }%s\n", last ? "" : ",");
}

/* ---- main ------------------------------------------------------------------- */

static void usage(FILE *to) {
    fprintf(to,
            "usage: bench_apply [--graph uniform|rmat|both] [--scale S] [--edges M] [--reps R]\n"
            "                   [--seed X] [--json PATH] [--quick]\n"
            "  --graph   which graph (default both)\n"
            "  --scale   log2 of the vertex count (default 20)\n"
            "  --edges   distinct edges of the graph (default 4000000)\n"
            "  --reps    reps of the apply-vs-rebuild comparison (default 7)\n"
            "  --seed    seed (default 42)\n"
            "  --json    where to write the figures (default %s/bench/results/apply.json;\n"
            "            '-' for none)\n"
            "  --quick   small graphs (scale 16, 250000 edges, 3 reps) to try it out\n",
            DYNG_SOURCE_DIR);
}

int main(int argc, char **argv) {
    run_config cfg = {"", 20, 4000000, 7, 42, 50000, 0, NULL, NULL};
    const char *graphs = "both";
    const char *json_path = DYNG_SOURCE_DIR "/bench/results/apply.json";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--quick") == 0) {
            cfg.quick = 1;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (val != NULL && strcmp(a, "--graph") == 0) {
            graphs = val, i++;
        } else if (val != NULL && strcmp(a, "--scale") == 0) {
            cfg.scale = atoi(val), i++;
        } else if (val != NULL && strcmp(a, "--edges") == 0) {
            cfg.num_edges = atoll(val), i++;
        } else if (val != NULL && strcmp(a, "--reps") == 0) {
            cfg.reps = atoi(val), i++;
        } else if (val != NULL && strcmp(a, "--seed") == 0) {
            cfg.seed = (uint64_t)atoll(val), i++;
        } else if (val != NULL && strcmp(a, "--json") == 0) {
            json_path = val, i++;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (cfg.quick) {
        cfg.scale = 16;
        cfg.num_edges = 250000;
        cfg.reps = 3;
        cfg.batch_changes = 5000;
    }
    const char *kinds[2];
    int num_kinds = 0;
    if (strcmp(graphs, "uniform") == 0 || strcmp(graphs, "both") == 0)
        kinds[num_kinds++] = "uniform";
    if (strcmp(graphs, "rmat") == 0 || strcmp(graphs, "both") == 0)
        kinds[num_kinds++] = "rmat";
    if (num_kinds == 0 || cfg.scale < 4 || cfg.scale > 30 || cfg.reps < 1 || cfg.num_edges < 1000) {
        usage(stderr);
        return 2;
    }
    double n = (double)((int64_t)1 << cfg.scale);
    if ((double)cfg.num_edges > 0.25 * n * n) {
        fprintf(stderr, "bench_apply: too many edges for 2^%d vertices\n", cfg.scale);
        return 2;
    }
    int have_omp = dyng_openmp_available();
    int hw_threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    const char *version = "?";
    check_ok(dyng_version(&version), "dyng_version");
    check_ok(dyng_resources_new(&cfg.seq, DYNG_BACKEND_SEQUENTIAL, 1), "dyng_resources_new");
    if (have_omp)
        check_ok(dyng_resources_new(&cfg.omp2, DYNG_BACKEND_OPENMP, 2), "dyng_resources_new");

    printf("dynG %s apply benchmark (bench/bench_apply.c)%s\n", version,
           cfg.quick ? " --quick" : "");
    printf("machine: %d hardware threads, OpenMP %s, compiler %s\n", hw_threads,
           have_omp ? "yes" : "no", __VERSION__);

    run_config cfgs[2];
    run_result results[2];
    for (int i = 0; i < num_kinds; i++) {
        cfgs[i] = cfg;
        cfgs[i].graph = kinds[i];
        run_graph(&results[i], &cfgs[i]);
    }

    printf("\nsummary: rebuild / apply of a %" PRId64 "-change batch (target >= %.0fx); memory "
           "after build, and the most after a batch of the stream (target <= %.1fx)\n",
           cfg.batch_changes, APPLY_TARGET_RATIO, MEMORY_TARGET_RATIO);
    for (int i = 0; i < num_kinds; i++) {
        const run_result *r = &results[i];
        printf("  %-8s 1 thread %6.1fx", kinds[i], r->rebuild1 / r->apply1);
        if (cfg.omp2 != NULL)
            printf("   2 threads %6.1fx", r->rebuild2 / r->apply2);
        printf("   memory K=1 %.3fx, K=0 %.3fx, stream K=1 %.3fx, K=0 %.3fx\n",
               (double)r->mem[0].dyng_bytes / (double)r->mem[0].plain_bytes,
               (double)r->mem[1].dyng_bytes / (double)r->mem[1].plain_bytes, r->stream[1].max_ratio,
               r->stream[0].max_ratio);
    }

    if (strcmp(json_path, "-") != 0) {
        FILE *f = fopen(json_path, "w");
        if (f == NULL) {
            perror(json_path);
            return 1;
        }
        fprintf(f, "{\n  \"benchmark\": \"bench_apply\",\n  \"dyng_version\": \"%s\",\n", version);
        fprintf(f, "  \"quick\": %s,\n  \"hardware_threads\": %d,\n  \"openmp\": %s,\n",
                cfg.quick ? "true" : "false", hw_threads, have_omp ? "true" : "false");
        fprintf(f, "  \"compiler\": \"%s\",\n  \"runs\": [\n", __VERSION__);
        for (int i = 0; i < num_kinds; i++)
            json_run(f, &cfgs[i], &results[i], i + 1 == num_kinds);
        fprintf(f, "  ]\n}\n");
        if (fclose(f) != 0) {
            perror(json_path);
            return 1;
        }
        printf("\nwrote %s\n", json_path);
    }
    check_ok(dyng_resources_free(&cfg.seq), "dyng_resources_free");
    check_ok(dyng_resources_free(&cfg.omp2), "dyng_resources_free");
    return 0;
}
