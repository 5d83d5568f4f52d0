/*
 * tests/c/test_stress_threads.c - 8 POSIX threads on shared graphs and
 * results for a bounded time: no crash, no data race (the tsan preset), no
 * torn read against a sequential replay.
 *
 * What the C API lets threads share (the headers in include/dyng) and how it is
 * used:
 *   - graph.h: "Calls that change a graph must not run concurrently with any
 *     other call on it; read-only calls may." Each shared graph therefore
 *     has a pthread rwlock: writes (dyng_update, dyng_graph_apply,
 *     dyng_sssp_update, recomputing its results) take it exclusively; reads
 *     (exports, counts, degree, check, clone, dyng_sssp_compute and
 *     dyng_cycle_count_compute on it, and every read of its results) take it
 *     shared, so many read-only calls run at once on one graph and its
 *     results.
 *   - resources.h: one handle is shared by both shared graphs and every
 *     thread's private clones (clones share their original's handle), so
 *     calls on different graphs use its scratch space at the same time;
 *     nobody sets its fields while they run. Another handle's interrupt flag
 *     is set and cleared by one thread while another thread updates a graph
 *     that runs on it: every call either succeeds or fails with
 *     DYNG_INTERRUPTED and changes nothing.
 *   - status.h / stages.h: each thread provokes failures with values of its
 *     own and reads back its own message, and has a stage hook that must only
 *     ever be called on its own thread.
 *   - Batches are shared read-only: every thread applies the same batches to
 *     the shared and to its private graphs at once.
 *
 * The two shared graphs: a default one (sorted rows, simple, in-edges
 * stored) and one without stored in-edges (append order, parallel edges
 * allowed), whose transposed exports, in-degrees and result repairs compute
 * what is not stored inside read-only calls. Each has an sssp tree and a
 * cycle histogram; a plain apply or an sssp-only update makes them stale,
 * and the next dyng_update must then fail with DYNG_STALE_RESULT and change
 * nothing, after which the writer recomputes them.
 *
 * The check: writers log which batch made each version (under the write
 * lock), readers record (version, hash of what they saw) for every export and
 * result array. After the threads stop, the logged batches are replayed on a
 * fresh copy of each graph with dyng_update, in version order, and every
 * recorded hash must equal the replayed state's at its version. The replayed
 * results are checked against recomputation at every version and against
 * oracles (the C tests' Bellman-Ford with canonical parents, sssp_oracle.h;
 * a brute-force cycle search over adjacency bitsets, here) at a sample of
 * versions.
 *
 * Time: DYNG_STRESS_SECONDS (default 2) of threads, at least MIN_OPS calls
 * per thread, and at most MAX_VERSIONS writes per shared graph (so the
 * replay stays short under the sanitizers).
 */
#define _POSIX_C_SOURCE 200809L /* pthread rwlocks, clock_gettime */

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "dyng/dyng.h"
#include "sssp_oracle.h"

enum {
    NUM_THREADS = 8,
    NUM_SHARED = 2,
    N0 = 40,         /* vertices at first                                     */
    GROWTH = 4,      /* batches name vertices up to N0 + GROWTH - 1           */
    NUM_PAIRS = 180, /* the pairs (u, v) every edge is drawn from            */
    NUM_BATCHES = 64,
    MAX_LENGTH = 5, /* cycle lengths counted                                 */
    MIN_OPS = 50,
    MAX_VERSIONS = 6000,
    ORACLE_VERSIONS = 40,
    VICTIM = 6,      /* the thread whose private graph gets interrupted       */
    INTERRUPTER = 7, /* the thread that sets and clears the interrupt flag   */
};

/* What a read saw. */
enum { K_CSR, K_TCSR, K_EDGES, K_DIST, K_PAR, K_COUNTS, NUM_KINDS };
static const char *const kind_names[NUM_KINDS] = {"csr",       "transposed csr", "edges",
                                                  "distances", "parents",        "counts"};

/* ---- failures from any thread ---------------------------------------------- */

static atomic_long failures;

#define TCHECK(cond)                                                                               \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            atomic_fetch_add(&failures, 1);                                                        \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define TCHECK_STATUS(call, expected)                                                              \
    do {                                                                                           \
        dyng_status tst_ = (call);                                                                 \
        if (tst_ != (expected)) {                                                                  \
            atomic_fetch_add(&failures, 1);                                                        \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s: %s\n", __FILE__, __LINE__, #call, \
                    dyng_status_name(tst_), dyng_status_name(expected), dyng_error_message());     \
        }                                                                                          \
    } while (0)

#define TCHECK_OK(call) TCHECK_STATUS(call, DYNG_OK)

/* ---- small helpers ---------------------------------------------------------- */

static uint64_t xorshift(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static int64_t below(uint64_t *s, int64_t n) { return (int64_t)(xorshift(s) % (uint64_t)n); }

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* FNV-1a over a byte range, continuing from h. */
static uint64_t fnv(uint64_t h, const void *data, size_t bytes) {
    const unsigned char *p = data;
    for (size_t i = 0; i < bytes; i++) {
        h ^= p[i];
        h *= 1099511628211u;
    }
    return h;
}

static const uint64_t FNV_START = 14695981039346656037u;

static void *xmalloc(size_t bytes) {
    void *p = malloc(bytes > 0 ? bytes : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

/* ---- hashes of states ---------------------------------------------------------- */

/* A whole-graph read polls the interrupt flag, which the interrupter toggles
 * on the victim's graph: such a read is retried until it runs while the
 * flag is clear (on the other graphs it runs once). */
#define TREAD_OK(call)                                                                             \
    do {                                                                                           \
        dyng_status read_st_;                                                                      \
        while ((read_st_ = (call)) == DYNG_INTERRUPTED)                                            \
            sched_yield();                                                                         \
        TCHECK_OK(read_st_);                                                                       \
    } while (0)

/* A CSR export (transposed or not) or the edge export of g (int32 ids,
 * offsets and one weight), hashed with its counts. */
static uint64_t graph_hash(const dyng_graph *g, int kind) {
    int64_t n = 0, entries = 0, edges = 0;
    TCHECK_OK(dyng_graph_num_vertices(&n, g));
    TCHECK_OK(dyng_graph_num_entries(&entries, g));
    TCHECK_OK(dyng_graph_num_edges(&edges, g));
    uint64_t h = fnv(FNV_START, &n, sizeof n);
    if (kind == K_EDGES) {
        int32_t *src = xmalloc((size_t)edges * 4), *dst = xmalloc((size_t)edges * 4);
        int32_t *w = xmalloc((size_t)edges * 4);
        TREAD_OK(dyng_graph_to_edges(g, src, dst, w));
        h = fnv(h, src, (size_t)edges * 4);
        h = fnv(h, dst, (size_t)edges * 4);
        h = fnv(h, w, (size_t)edges * 4);
        free(src);
        free(dst);
        free(w);
        return h;
    }
    int32_t *rp = xmalloc((size_t)(n + 1) * 4), *col = xmalloc((size_t)entries * 4);
    int32_t *w = xmalloc((size_t)entries * 4);
    TREAD_OK(dyng_graph_to_csr(g, kind == K_TCSR, rp, col, w));
    TCHECK(rp[0] == 0 && rp[n] == entries);
    /* each degree agrees with the export (an in-degree without stored in-edges
     * is counted) */
    for (int64_t v = 0; v < n; v += 7) {
        int64_t d = -1;
        TCHECK_OK(dyng_graph_degree(&d, g, v, kind == K_TCSR));
        TCHECK(d == rp[v + 1] - rp[v]);
    }
    h = fnv(h, rp, (size_t)(n + 1) * 4);
    h = fnv(h, col, (size_t)entries * 4);
    h = fnv(h, w, (size_t)entries * 4);
    free(rp);
    free(col);
    free(w);
    return h;
}

static uint64_t tree_hash(const dyng_sssp_result *r, int kind) {
    int64_t n = 0;
    const int64_t *a = NULL;
    TCHECK_OK(dyng_sssp_result_num_vertices(&n, r));
    if (kind == K_DIST)
        TCHECK_OK(dyng_sssp_result_distances(&a, r));
    else
        TCHECK_OK(dyng_sssp_result_parents(&a, r));
    return fnv(fnv(FNV_START, &n, sizeof n), a, (size_t)n * 8);
}

static uint64_t hist_hash(const dyng_cycle_count_result *r) {
    const uint64_t *c = NULL;
    int64_t len = 0;
    TCHECK_OK(dyng_cycle_count_result_counts(&c, &len, r));
    return fnv(fnv(FNV_START, &len, sizeof len), c, (size_t)len * 8);
}

static uint64_t tree_version(const dyng_sssp_result *r) {
    uint64_t v = 0;
    TCHECK_OK(dyng_sssp_result_graph_version(&v, r));
    return v;
}

static uint64_t hist_version(const dyng_cycle_count_result *r) {
    uint64_t v = 0;
    TCHECK_OK(dyng_cycle_count_result_graph_version(&v, r));
    return v;
}

static uint64_t graph_version(const dyng_graph *g) {
    uint64_t v = 0;
    TCHECK_OK(dyng_graph_version(&v, g));
    return v;
}

/* ---- oracles, written from the definitions ---------------------------------------- */

/* The CSR of g as int64 arrays (the caller frees rp, col, w). */
static int64_t export_csr(const dyng_graph *g, int32_t **rp, int32_t **col, int32_t **w) {
    int64_t n = 0, entries = 0;
    dyng_graph_num_vertices(&n, g);
    dyng_graph_num_entries(&entries, g);
    *rp = xmalloc((size_t)(n + 1) * 4);
    *col = xmalloc((size_t)entries * 4);
    *w = xmalloc((size_t)entries * 4);
    TCHECK_OK(dyng_graph_to_csr(g, false, *rp, *col, *w));
    return n;
}

/* r equals the C tests' shortest-path oracle on g (sssp_oracle.h: Bellman-Ford
 * with canonical parents, the lowest-id tight in-neighbour; no compute, which
 * a set interrupt flag would stop). */
static bool sssp_oracle_matches(const dyng_graph *g, const dyng_sssp_result *r, int64_t source) {
    int64_t n = 0, rn = 0;
    dyng_graph_num_vertices(&n, g);
    int64_t *dist = xmalloc((size_t)(n + 1) * 8), *parent = xmalloc((size_t)(n + 1) * 8);
    sssp_oracle(g, 0, source, dist, parent);
    const int64_t *d = NULL, *p = NULL;
    dyng_sssp_result_num_vertices(&rn, r);
    dyng_sssp_result_distances(&d, r);
    dyng_sssp_result_parents(&p, r);
    const bool same =
        rn == n && memcmp(d, dist, (size_t)n * 8) == 0 && memcmp(p, parent, (size_t)n * 8) == 0;
    free(dist);
    free(parent);
    return same;
}

/* Directed simple cycles through vertices > s, from `at` with `len` edges so
 * far, counted by length into counts (each cycle once, at its smallest
 * vertex s). adj[u] is the bitset of u's out-neighbours (no self-loops). */
static void cycles_from(const uint64_t *adj, int s, int at, int len, uint64_t used,
                        uint64_t *counts) {
    if (len + 1 <= MAX_LENGTH && (adj[at] >> s & 1) && len >= 1)
        counts[len + 1]++;
    if (len + 1 >= MAX_LENGTH)
        return;
    for (int v = s + 1; v < 64; v++)
        if ((adj[at] >> v & 1) && !(used >> v & 1))
            cycles_from(adj, s, v, len + 1, used | (uint64_t)1 << v, counts);
}

/* r equals a brute-force count of the simple cycles of g's simple graph. */
static bool cycle_oracle_matches(const dyng_graph *g, const dyng_cycle_count_result *r) {
    int32_t *rp, *col, *w;
    const int64_t n = export_csr(g, &rp, &col, &w);
    TCHECK(n <= 64);
    uint64_t adj[64] = {0}, counts[MAX_LENGTH + 1] = {0};
    for (int64_t u = 0; u < n; u++)
        for (int32_t e = rp[u]; e < rp[u + 1]; e++)
            if (col[e] != u)
                adj[u] |= (uint64_t)1 << col[e];
    for (int s = 0; s < n; s++)
        cycles_from(adj, s, s, 0, (uint64_t)1 << s, counts);
    const uint64_t *c = NULL;
    int64_t len = 0;
    dyng_cycle_count_result_counts(&c, &len, r);
    free(rp);
    free(col);
    free(w);
    return len == MAX_LENGTH + 1 && memcmp(c, counts, sizeof counts) == 0;
}

/* ---- the shared objects ---------------------------------------------------------------- */

static dyng_resources *shared_res; /* every graph except the victim's   */
static dyng_resources *intr_res;   /* the victim's; its flag is toggled */
static dyng_batch *batches[NUM_BATCHES];
static double started, deadline;
static atomic_int victim_done;
static atomic_int interrupter_done; /* its last clear of the flag is made */

typedef struct shared_graph {
    pthread_rwlock_t lock;
    dyng_graph *g;
    dyng_sssp_result *tree;
    dyng_cycle_count_result *hist;
    dyng_graph *start;         /* a clone at version 0: where the replay starts */
    int log[MAX_VERSIONS + 1]; /* log[v]: the batch that made version v (under the lock) */
    uint64_t versions;         /* writes so far (under the lock) */
} shared_graph;

static shared_graph shared[NUM_SHARED];

/* One read: which graph, what, at which version, what it saw. */
typedef struct record {
    int graph;
    int kind;
    uint64_t version;
    uint64_t hash;
} record;

typedef struct worker {
    int index;
    pthread_t tid;
    uint64_t rng;
    record *records;
    size_t num_records, cap_records;
    long ops, writes, stale, reads, clones, private_updates, messages;
    long stages;      /* stage hook calls seen on this thread */
    long interrupted; /* victim: calls that failed with DYNG_INTERRUPTED */
    long succeeded;   /* victim: calls that succeeded */
} worker;

static worker workers[NUM_THREADS];

static void add_record(worker *w, int graph, int kind, uint64_t version, uint64_t hash) {
    if (w->num_records == w->cap_records) {
        w->cap_records = w->cap_records ? 2 * w->cap_records : 1024;
        record *grown = realloc(w->records, w->cap_records * sizeof *grown);
        if (grown == NULL) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        w->records = grown;
    }
    w->records[w->num_records++] = (record){graph, kind, version, hash};
}

/* The stage hook: must run on the thread that set it. */
static void stage_hook(void *context, const char *stage, int64_t nanoseconds) {
    worker *w = context;
    TCHECK(pthread_equal(pthread_self(), w->tid));
    TCHECK(stage != NULL && stage[0] != '\0' && nanoseconds >= 0);
    w->stages++;
}

/* ---- writes ------------------------------------------------------------------------------ */

static bool tree_current(const shared_graph *s) {
    uint64_t gs = 0, ts = 0;
    dyng_graph_state_id(&gs, s->g);
    dyng_sssp_result_graph_state_id(&ts, s->tree);
    return ts == gs && tree_version(s->tree) == graph_version(s->g);
}

static bool hist_current(const shared_graph *s) {
    uint64_t gs = 0, hs = 0;
    dyng_graph_state_id(&gs, s->g);
    dyng_cycle_count_result_graph_state_id(&hs, s->hist);
    return hs == gs && hist_version(s->hist) == graph_version(s->g);
}

/* Recompute both results (the write lock is held). */
static void recompute(shared_graph *s) {
    dyng_sssp_result_free(&s->tree);
    dyng_cycle_count_result_free(&s->hist);
    dyng_cycle_count_options co;
    dyng_cycle_count_options_default(&co);
    co.max_length = MAX_LENGTH;
    TCHECK_OK(dyng_sssp_compute(&s->tree, s->g, 0, NULL));
    TCHECK_OK(dyng_cycle_count_compute(&s->hist, s->g, &co));
    if (s->tree == NULL || s->hist == NULL) {
        fprintf(stderr, "cannot go on without results\n");
        exit(1);
    }
}

static void op_write(worker *w, int which) {
    shared_graph *s = &shared[which];
    const int b = (int)below(&w->rng, NUM_BATCHES);
    const int mode = (int)below(&w->rng, 10);
    /* spread the writes over the run: at most MAX_VERSIONS, in step with the clock */
    const double elapsed = (now_seconds() - started) / (deadline - started);
    const uint64_t allowed = (uint64_t)(MAX_VERSIONS * (elapsed < 0.05 ? 0.05 : elapsed));
    pthread_rwlock_wrlock(&s->lock);
    if (s->versions >= MAX_VERSIONS || s->versions >= allowed) {
        pthread_rwlock_unlock(&s->lock);
        return;
    }
    const uint64_t before = graph_version(s->g);
    TCHECK(before == s->versions);
    const bool tree_ok = tree_current(s), hist_ok = hist_current(s);
    dyng_status st;
    uint64_t made = 0;
    if (mode < 6) { /* both results */
        dyng_sssp_stats ss = {0};
        dyng_cycle_count_stats cs = {0};
        dyng_result_ref refs[2] = {{DYNG_RESULT_SSSP, s->tree, &ss},
                                   {DYNG_RESULT_CYCLE_COUNT, s->hist, &cs}};
        st = dyng_update(s->g, batches[b], refs, 2);
        made = ss.apply.version;
        if (st == DYNG_OK)
            TCHECK(cs.apply.version == made);
        TCHECK(st == (tree_ok && hist_ok ? DYNG_OK : DYNG_STALE_RESULT));
    } else if (mode < 8) { /* the graph alone: both results go stale */
        dyng_apply_summary sum = {0};
        st = dyng_graph_apply(s->g, batches[b], &sum);
        made = sum.version;
        TCHECK(st == DYNG_OK);
    } else { /* the tree alone: the histogram goes stale */
        dyng_sssp_stats ss = {0};
        st = dyng_sssp_update(s->g, batches[b], s->tree, &ss);
        made = ss.apply.version;
        TCHECK(st == (tree_ok ? DYNG_OK : DYNG_STALE_RESULT));
    }
    if (st == DYNG_OK) {
        TCHECK(made == before + 1);
        TCHECK(graph_version(s->g) == before + 1);
        s->versions = before + 1;
        s->log[before + 1] = b;
        w->writes++;
    } else {
        /* refused: nothing changed, and the message is this thread's */
        TCHECK(graph_version(s->g) == before);
        TCHECK(strlen(dyng_error_message()) > 0);
        w->stale++;
        recompute(s);
    }
    pthread_rwlock_unlock(&s->lock);
}

/* ---- reads ------------------------------------------------------------------------------- */

static void op_read(worker *w, int which) {
    shared_graph *s = &shared[which];
    pthread_rwlock_rdlock(&s->lock);
    const uint64_t v = graph_version(s->g);
    const int kind = (int)below(&w->rng, 3);
    add_record(w, which, kind, v, graph_hash(s->g, kind));
    const uint64_t tv = tree_version(s->tree), hv = hist_version(s->hist);
    TCHECK(tv <= v && hv <= v);
    add_record(w, which, K_DIST, tv, tree_hash(s->tree, K_DIST));
    add_record(w, which, K_PAR, tv, tree_hash(s->tree, K_PAR));
    add_record(w, which, K_COUNTS, hv, hist_hash(s->hist));
    const int64_t more = below(&w->rng, 8);
    if (more == 0) { /* a compute on the shared graph, alongside other readers */
        dyng_sssp_result *r = NULL;
        TCHECK_OK(dyng_sssp_compute(&r, s->g, 0, NULL));
        if (r != NULL) {
            add_record(w, which, K_DIST, v, tree_hash(r, K_DIST));
            add_record(w, which, K_PAR, v, tree_hash(r, K_PAR));
        }
        dyng_sssp_result_free(&r);
    } else if (more == 1) {
        dyng_cycle_count_options co;
        dyng_cycle_count_options_default(&co);
        co.max_length = MAX_LENGTH;
        dyng_cycle_count_result *r = NULL;
        TCHECK_OK(dyng_cycle_count_compute(&r, s->g, &co));
        if (r != NULL)
            add_record(w, which, K_COUNTS, v, hist_hash(r));
        dyng_cycle_count_result_free(&r);
    } else if (more == 2) {
        TCHECK_OK(dyng_graph_check(s->g));
    }
    pthread_rwlock_unlock(&s->lock);
    w->reads++;
}

/* Clone the graph and its tree under the read lock, then work on the clones
 * alone (on the shared resources handle, which the clone shares). */
static void op_clone(worker *w, int which) {
    shared_graph *s = &shared[which];
    dyng_graph *c = NULL;
    dyng_sssp_result *t = NULL;
    pthread_rwlock_rdlock(&s->lock);
    TCHECK_OK(dyng_graph_clone(&c, s->g));
    TCHECK_OK(dyng_sssp_result_clone(&t, s->tree));
    pthread_rwlock_unlock(&s->lock);
    if (c == NULL || t == NULL) {
        dyng_graph_free(&c);
        dyng_sssp_result_free(&t);
        return;
    }
    const uint64_t v = graph_version(c);
    add_record(w, which, K_CSR, v, graph_hash(c, K_CSR));
    add_record(w, which, K_EDGES, v, graph_hash(c, K_EDGES));
    add_record(w, which, K_DIST, tree_version(t), tree_hash(t, K_DIST));
    TCHECK_OK(dyng_graph_check(c));
    dyng_sssp_result_free(&t);
    w->clones++;
    if (below(&w->rng, 3) == 0) {
        /* private updates against recomputation */
        TCHECK_OK(dyng_sssp_compute(&t, c, 0, NULL));
        for (int i = 0; t != NULL && i < 2; i++)
            TCHECK_OK(dyng_sssp_update(c, batches[below(&w->rng, NUM_BATCHES)], t, NULL));
        dyng_sssp_result *fresh = NULL;
        TCHECK_OK(dyng_sssp_compute(&fresh, c, 0, NULL));
        if (t != NULL && fresh != NULL) {
            TCHECK(tree_hash(t, K_DIST) == tree_hash(fresh, K_DIST));
            TCHECK(tree_hash(t, K_PAR) == tree_hash(fresh, K_PAR));
        }
        TCHECK(graph_version(c) == v + 2);
        dyng_sssp_result_free(&fresh);
        dyng_sssp_result_free(&t);
        w->private_updates++;
    }
    dyng_graph_free(&c);
}

/* A failure with a value of this thread's own: the message must name it. */
static void op_message(worker *w) {
    const int bad = -(1000 * (w->index + 1) + (int)below(&w->rng, 1000));
    dyng_resources *r = NULL;
    char want[64];
    snprintf(want, sizeof want, "num_threads is %d", bad);
    TCHECK_STATUS(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, bad), DYNG_INVALID_ARGUMENT);
    TCHECK(r == NULL);
    sched_yield(); /* let other threads fail meanwhile */
    TCHECK(strstr(dyng_error_message(), want) != NULL);
    w->messages++;
}

static void *run_worker(void *arg) {
    worker *w = arg;
    w->tid = pthread_self();
    dyng_stage_hook_set(stage_hook, w);
    while (w->ops < MIN_OPS || now_seconds() < deadline) {
        const int which = (int)below(&w->rng, NUM_SHARED);
        const int64_t op = below(&w->rng, 20);
        if (op < 5)
            op_write(w, which);
        else if (op < 16)
            op_read(w, which);
        else if (op < 19)
            op_clone(w, which);
        else
            op_message(w);
        w->ops++;
    }
    dyng_stage_hook_set(NULL, NULL);
    return NULL;
}

/* ---- the interrupted graph ------------------------------------------------------------------ */

static dyng_graph *victim_graph;
static int victim_log[1 << 16];
static int victim_versions;

/* Update a private graph on intr_res while the interrupter toggles its flag:
 * each call succeeds, or fails with DYNG_INTERRUPTED and changes nothing. */
static void *run_victim(void *arg) {
    worker *w = arg;
    w->tid = pthread_self();
    dyng_stage_hook_set(stage_hook, w);
    dyng_graph *g = victim_graph;
    dyng_sssp_result *t = NULL;
    while (t == NULL) { /* a compute may be interrupted too */
        dyng_status st = dyng_sssp_compute(&t, g, 0, NULL);
        TCHECK(st == DYNG_OK || (st == DYNG_INTERRUPTED && t == NULL));
    }
    const double give_up = deadline + 60;
    while (w->ops < MIN_OPS || now_seconds() < deadline ||
           ((w->interrupted == 0 || w->succeeded == 0) && now_seconds() < give_up)) {
        const int b = (int)below(&w->rng, NUM_BATCHES);
        const uint64_t v = graph_version(g);
        const uint64_t before = graph_hash(g, K_CSR), tree_before = tree_hash(t, K_DIST);
        dyng_result_ref ref = {DYNG_RESULT_SSSP, t, NULL};
        const dyng_status st = dyng_update(g, batches[b], &ref, 1);
        if (st == DYNG_OK) {
            TCHECK(graph_version(g) == v + 1 && tree_version(t) == v + 1);
            if (victim_versions + 1 < (int)(sizeof victim_log / sizeof victim_log[0]))
                victim_log[++victim_versions] = b;
            w->succeeded++;
        } else {
            TCHECK(st == DYNG_INTERRUPTED);
            TCHECK(strstr(dyng_error_message(), "interrupted") != NULL);
            TCHECK(graph_version(g) == v && tree_version(t) == v);
            TCHECK(graph_hash(g, K_CSR) == before && tree_hash(t, K_DIST) == tree_before);
            w->interrupted++;
        }
        if (victim_versions + 1 >= (int)(sizeof victim_log / sizeof victim_log[0]))
            break;
        w->ops++;
    }
    TCHECK(w->interrupted > 0);
    TCHECK(w->succeeded > 0);
    atomic_store(&victim_done, 1);
    while (!atomic_load(&interrupter_done)) /* the oracle reads the graph */
        sched_yield();
    /* the tree against the oracle (no compute: the oracle's own) */
    TCHECK(sssp_oracle_matches(g, t, 0));
    dyng_sssp_result_free(&t);
    dyng_stage_hook_set(NULL, NULL);
    return NULL;
}

static void *run_interrupter(void *arg) {
    worker *w = arg;
    w->tid = pthread_self();
    while (!atomic_load(&victim_done)) {
        TCHECK_OK(dyng_interrupt(intr_res));
        for (int64_t i = below(&w->rng, 4); i >= 0; i--)
            sched_yield();
        bool set = false;
        TCHECK_OK(dyng_interrupt_is_set(&set, intr_res));
        TCHECK(set);
        TCHECK_OK(dyng_interrupt_clear(intr_res));
        for (int64_t i = below(&w->rng, 4); i >= 0; i--)
            sched_yield();
        if (w->ops % 16 == 0)
            op_message(w);
        w->ops++;
    }
    TCHECK_OK(dyng_interrupt_clear(intr_res));
    atomic_store(&interrupter_done, 1);
    return NULL;
}

/* ---- setup -------------------------------------------------------------------------------- */

static int32_t pair_u[NUM_PAIRS], pair_v[NUM_PAIRS];

static void make_pairs(uint64_t *rng) {
    int count = 0;
    for (int v = 1; v <= 3; v++, count++) { /* the source reaches something */
        pair_u[count] = 0;
        pair_v[count] = v;
    }
    while (count < NUM_PAIRS) {
        const int32_t u = (int32_t)below(rng, N0 + GROWTH), v = (int32_t)below(rng, N0 + GROWTH);
        bool seen = u == v;
        for (int i = 0; i < count && !seen; i++)
            seen = pair_u[i] == u && pair_v[i] == v;
        if (!seen) {
            pair_u[count] = u;
            pair_v[count] = v;
            count++;
        }
    }
}

static void make_batches(uint64_t *rng) {
    for (int b = 0; b < NUM_BATCHES; b++) {
        REQUIRE_OK(dyng_batch_new(&batches[b], DYNG_TYPE_INT32, 1));
        if (b == 0)
            continue; /* one empty batch */
        int32_t s[4], d[4], w[4];
        const int64_t ins = below(rng, 5), del = below(rng, 5);
        for (int64_t i = 0; i < ins; i++) {
            const int64_t p = below(rng, NUM_PAIRS);
            s[i] = pair_u[p];
            d[i] = pair_v[p];
            w[i] = 1 + (int32_t)below(rng, 19);
        }
        REQUIRE_OK(dyng_batch_add_insertions(batches[b], ins, s, d, w));
        for (int64_t i = 0; i < del; i++) {
            const int64_t p = below(rng, NUM_PAIRS);
            s[i] = pair_u[p];
            d[i] = pair_v[p];
        }
        REQUIRE_OK(dyng_batch_add_deletions(batches[b], del, s, d));
    }
}

/* Half of the pairs inside the first N0 vertices (plus, for the graph with
 * parallel edges, a few repeated). */
static dyng_graph *make_graph(uint64_t *rng, const dyng_graph_properties *p, bool repeats) {
    int32_t src[NUM_PAIRS + 8], dst[NUM_PAIRS + 8], w[NUM_PAIRS + 8];
    int64_t m = 0;
    for (int i = 0; i < NUM_PAIRS; i++)
        if (pair_u[i] < N0 && pair_v[i] < N0 && (i < 3 || below(rng, 2) == 0)) {
            src[m] = pair_u[i];
            dst[m] = pair_v[i];
            w[m] = 1 + (int32_t)below(rng, 19);
            m++;
        }
    for (int i = 0; repeats && i < 8; i++) {
        const int64_t j = below(rng, m);
        src[m] = src[j];
        dst[m] = dst[j];
        w[m] = 1 + (int32_t)below(rng, 19);
        m++;
    }
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, p, N0, m, src, dst, w, shared_res));
    return g;
}

static void setup(void) {
    uint64_t rng = 0x5eed;
    const char *seed = getenv("DYNG_STRESS_SEED");
    if (seed != NULL && *seed != '\0')
        rng ^= (uint64_t)strtoull(seed, NULL, 10) * 0x9e3779b97f4a7c15u;
    make_pairs(&rng);
    make_batches(&rng);
    if (dyng_openmp_available())
        REQUIRE_OK(dyng_resources_new(&shared_res, DYNG_BACKEND_OPENMP, 2));
    else
        REQUIRE_OK(dyng_resources_new(&shared_res, DYNG_BACKEND_SEQUENTIAL, 1));
    REQUIRE_OK(dyng_resources_new(&intr_res, DYNG_BACKEND_SEQUENTIAL, 1));
    for (int i = 0; i < NUM_SHARED; i++) {
        shared_graph *s = &shared[i];
        dyng_graph_properties p;
        REQUIRE_OK(dyng_properties_default(&p));
        p.num_weights = 1;
        if (i == 1) {
            p.store_transposed = false;
            p.order = DYNG_ORDER_APPEND;
            p.parallel_edges = DYNG_PARALLEL_ALLOW;
        }
        s->g = make_graph(&rng, &p, i == 1);
        REQUIRE_OK(dyng_graph_clone(&s->start, s->g));
        pthread_rwlock_init(&s->lock, NULL);
        recompute(s);
    }
    REQUIRE_OK(dyng_graph_clone(&victim_graph, shared[0].g));
    REQUIRE_OK(dyng_graph_set_resources(victim_graph, intr_res));
    for (int i = 0; i < NUM_THREADS; i++)
        workers[i] = (worker){.index = i, .rng = rng + 0x1234567u * (uint64_t)(i + 1)};
}

/* ---- the replay -------------------------------------------------------------------------------
 */

/* Replay shared graph `which` and check every record of it. */
static void replay_shared(int which) {
    shared_graph *s = &shared[which];
    const uint64_t final = s->versions;
    CHECK(graph_version(s->g) == final);
    uint64_t *hashes = xmalloc((size_t)(final + 1) * NUM_KINDS * sizeof *hashes);
    dyng_graph *r = NULL;
    REQUIRE_OK(dyng_graph_clone(&r, s->start));
    dyng_sssp_result *tree = NULL;
    dyng_cycle_count_result *hist = NULL;
    dyng_cycle_count_options co;
    dyng_cycle_count_options_default(&co);
    co.max_length = MAX_LENGTH;
    REQUIRE_OK(dyng_sssp_compute(&tree, r, 0, NULL));
    REQUIRE_OK(dyng_cycle_count_compute(&hist, r, &co));
    const uint64_t oracle_step = final / ORACLE_VERSIONS + 1;
    for (uint64_t v = 0; v <= final; v++) {
        if (v > 0) {
            dyng_result_ref refs[2] = {{DYNG_RESULT_SSSP, tree, NULL},
                                       {DYNG_RESULT_CYCLE_COUNT, hist, NULL}};
            CHECK_OK(dyng_update(r, batches[s->log[v]], refs, 2));
        }
        uint64_t *h = &hashes[v * NUM_KINDS];
        for (int k = K_CSR; k <= K_EDGES; k++)
            h[k] = graph_hash(r, k);
        h[K_DIST] = tree_hash(tree, K_DIST);
        h[K_PAR] = tree_hash(tree, K_PAR);
        h[K_COUNTS] = hist_hash(hist);
        /* the replay's results against recomputation, and the oracles */
        dyng_sssp_result *fresh = NULL;
        dyng_cycle_count_result *fresh_hist = NULL;
        CHECK_OK(dyng_sssp_compute(&fresh, r, 0, NULL));
        CHECK_OK(dyng_cycle_count_compute(&fresh_hist, r, &co));
        CHECK(fresh != NULL && tree_hash(fresh, K_DIST) == h[K_DIST] &&
              tree_hash(fresh, K_PAR) == h[K_PAR]);
        CHECK(fresh_hist != NULL && hist_hash(fresh_hist) == h[K_COUNTS]);
        dyng_sssp_result_free(&fresh);
        dyng_cycle_count_result_free(&fresh_hist);
        if (v % oracle_step == 0 || v == final) {
            CHECK(sssp_oracle_matches(r, tree, 0));
            CHECK(cycle_oracle_matches(r, hist));
        }
    }
    /* every read saw the replayed state at its version */
    long checked = 0, bad = 0;
    for (int i = 0; i < NUM_THREADS; i++)
        for (size_t j = 0; j < workers[i].num_records; j++) {
            const record *rec = &workers[i].records[j];
            if (rec->graph != which)
                continue;
            checked++;
            const bool known = rec->version <= final;
            if (!known || hashes[rec->version * NUM_KINDS + (uint64_t)rec->kind] != rec->hash) {
                if (bad++ < 5)
                    fprintf(stderr,
                            "graph %d: thread %d read %s at version %llu: not the state "
                            "of the sequential replay\n",
                            which, i, kind_names[rec->kind], (unsigned long long)rec->version);
            }
        }
    CHECK(bad == 0);
    CHECK(checked > 0);
    /* the end state */
    for (int k = K_CSR; k <= K_EDGES; k++)
        CHECK(graph_hash(s->g, k) == hashes[final * NUM_KINDS + (uint64_t)k]);
    CHECK_OK(dyng_graph_check(s->g));
    printf("graph %d: %llu versions, %ld reads checked\n", which, (unsigned long long) final,
           checked);
    free(hashes);
    dyng_sssp_result_free(&tree);
    dyng_cycle_count_result_free(&hist);
    dyng_graph_free(&r);
}

/* Replay the victim's successful batches on a fresh copy. */
static void replay_victim(void) {
    dyng_graph *r = NULL;
    REQUIRE_OK(dyng_graph_clone(&r, shared[0].start));
    for (int v = 1; v <= victim_versions; v++)
        CHECK_OK(dyng_graph_apply(r, batches[victim_log[v]], NULL));
    CHECK(graph_version(victim_graph) == (uint64_t)victim_versions);
    CHECK(graph_hash(r, K_CSR) == graph_hash(victim_graph, K_CSR));
    CHECK(graph_hash(r, K_TCSR) == graph_hash(victim_graph, K_TCSR));
    CHECK(graph_hash(r, K_EDGES) == graph_hash(victim_graph, K_EDGES));
    printf("interrupted graph: %d versions, %ld calls interrupted\n", victim_versions,
           workers[VICTIM].interrupted);
    dyng_graph_free(&r);
}

int main(void) {
    const char *env = getenv("DYNG_STRESS_SECONDS");
    const double seconds = env != NULL && *env != '\0' ? strtod(env, NULL) : 2.0;
    setup();
    started = now_seconds();
    deadline = started + (seconds > 0 ? seconds : 0.01);
    pthread_t handles[NUM_THREADS];
    for (int i = 0; i < NUM_THREADS; i++) {
        void *(*body)(void *) = i == VICTIM        ? run_victim
                                : i == INTERRUPTER ? run_interrupter
                                                   : run_worker;
        if (pthread_create(&handles[i], NULL, body, &workers[i]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    }
    for (int i = 0; i < NUM_THREADS; i++)
        pthread_join(handles[i], NULL);
    CHECK(atomic_load(&failures) == 0);

    long writes = 0, stale = 0, reads = 0, clones = 0, messages = 0;
    for (int i = 0; i < NUM_THREADS; i++) {
        writes += workers[i].writes;
        stale += workers[i].stale;
        reads += workers[i].reads;
        clones += workers[i].clones;
        messages += workers[i].messages;
        /* every thread that ran updates or computes saw its own stages */
        if (i != INTERRUPTER)
            CHECK(workers[i].stages > 0);
    }
    CHECK(writes > 0 && stale > 0 && reads > 0 && clones > 0 && messages > 0);
    printf("%ld writes, %ld refused as stale, %ld read sections, %ld clones, %ld messages\n",
           writes, stale, reads, clones, messages);

    for (int i = 0; i < NUM_SHARED; i++)
        replay_shared(i);
    replay_victim();
    CHECK(atomic_load(&failures) == 0);

    for (int i = 0; i < NUM_THREADS; i++)
        free(workers[i].records);
    for (int i = 0; i < NUM_SHARED; i++) {
        dyng_sssp_result_free(&shared[i].tree);
        dyng_cycle_count_result_free(&shared[i].hist);
        dyng_graph_free(&shared[i].g);
        dyng_graph_free(&shared[i].start);
        pthread_rwlock_destroy(&shared[i].lock);
    }
    dyng_graph_free(&victim_graph);
    for (int b = 0; b < NUM_BATCHES; b++)
        dyng_batch_free(&batches[b]);
    dyng_resources_free(&shared_res);
    dyng_resources_free(&intr_res);
    return check_finish("test_stress_threads");
}
