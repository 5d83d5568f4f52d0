/*
 * tests/c/test_cycle_count.c - cycle_count compute and update against a
 * brute-force oracle (cycle_oracle.h, which shares nothing with the
 * library's search), known counts, the research code's histograms, and the
 * failure rules of dyng/cycle_count.h.
 */
#include <stdio.h>
#include <string.h>

#include "algorithms/cycle_count/cycle_count_bindings.h" /* dyng_i_cycle_count_result_span */
#include "algorithms/cycle_count/cycle_count_internal.h" /* dyng_testing_cycle_count_recount */
#include "algorithms/sssp/sssp_internal.h"               /* the sizes of a tree's arrays */
#include "check.h"
#include "core/alloc.h"
#include "core/resources_internal.h" /* dyng_testing_interrupt_at_poll */
#include "cycle_oracle.h"
#include "dyng/cycle_count.h"
#include "dyng/sssp.h"
#include "dyng/update.h"

static uint64_t rng = 12345;
static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
static int64_t rnd(int64_t n) { return (int64_t)(next() % (uint64_t)n); }

#define MAXN 12 /* the oracle's largest graph */

static dyng_resources *seq_res, *omp_res; /* sequential; OpenMP on 2 threads (or sequential) */

/* How updates recount (dyng_testing_cycle_count_recount): most tests pin
 * "never", so that the searches through the batch's pairs are what they
 * check; some run "always" and "by cost". */
static int recount_mode = 1;
static void set_recount(int mode) {
    recount_mode = mode;
    dyng_testing_cycle_count_recount(mode);
}

/* ---- graphs in and out --------------------------------------------------- */

/* Build a graph from int64 edge arrays (weights 1 when weighted). */
static dyng_graph *build(const dyng_graph_properties *p, int64_t n, int64_t m, const int64_t *src,
                         const int64_t *dst, dyng_resources *res) {
    const size_t id = p->vertex_type == DYNG_TYPE_INT64 ? 8 : 4;
    char *s = malloc((size_t)m * id + 8), *d = malloc((size_t)m * id + 8);
    int32_t *w = malloc((size_t)(m * (p->num_weights ? p->num_weights : 1)) * 4 + 4);
    for (int64_t e = 0; e < m; e++) {
        if (id == 8) {
            ((int64_t *)s)[e] = src[e];
            ((int64_t *)d)[e] = dst[e];
        } else {
            ((int32_t *)s)[e] = (int32_t)src[e];
            ((int32_t *)d)[e] = (int32_t)dst[e];
        }
    }
    for (int64_t i = 0; i < m * p->num_weights; i++)
        w[i] = 1 + (int32_t)rnd(9);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, p, n, m, s, d, p->num_weights ? w : NULL, res));
    free(s);
    free(d);
    free(w);
    return g;
}

/* The triangle 0 -> 1 -> 2 -> 0 (directed or not), on one thread. */
static dyng_graph *triangle(bool directed) {
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.directed = directed;
    int64_t src[] = {0, 1, 2}, dst[] = {1, 2, 0};
    return build(&p, 3, 3, src, dst, seq_res);
}

/* g's edges as int64 arrays (an undirected edge once); returns the count. */
static int64_t edges_of(const dyng_graph *g, int64_t **src, int64_t **dst) {
    int64_t m = 0;
    dyng_graph_properties p;
    dyng_graph_num_edges(&m, g);
    dyng_graph_properties_of(&p, g);
    void *s = malloc((size_t)m * 8 + 8), *d = malloc((size_t)m * 8 + 8);
    REQUIRE_OK(dyng_graph_to_edges(g, s, d, NULL));
    *src = malloc((size_t)m * 8 + 8);
    *dst = malloc((size_t)m * 8 + 8);
    for (int64_t e = 0; e < m; e++) {
        const bool wide = p.vertex_type == DYNG_TYPE_INT64;
        (*src)[e] = wide ? ((int64_t *)s)[e] : ((int32_t *)s)[e];
        (*dst)[e] = wide ? ((int64_t *)d)[e] : ((int32_t *)d)[e];
    }
    free(s);
    free(d);
    return m;
}

/* ---- the oracle (cycle_oracle.h) ------------------------------------------ */

/* The cycles of g by length (hist has n + 1 entries; lengths past maxlen,
 * when it is not -1, are left 0). */
static void oracle(const dyng_graph *g, int64_t maxlen, uint64_t *hist) {
    int64_t n = 0;
    dyng_graph_num_vertices(&n, g);
    if (n > MAXN) {
        fprintf(stderr, "oracle: %lld vertices is too many\n", (long long)n);
        exit(1);
    }
    CHECK(cycle_oracle(g, maxlen, hist));
}

/* r holds exactly `expect` (n + 1 entries) under its bound. */
static bool counts_are(const dyng_cycle_count_result *r, const uint64_t *expect, int64_t n,
                       int64_t maxlen) {
    const uint64_t *c;
    int64_t len = -1;
    if (dyng_cycle_count_result_counts(&c, &len, r) != DYNG_OK)
        return false;
    int64_t want = maxlen + 1;
    if (maxlen < 0) {
        want = 1;
        for (int64_t k = 0; k <= n; k++)
            if (expect[k])
                want = k + 1;
    }
    bool same = len == want;
    for (int64_t k = 0; k < len && same; k++)
        same = c[k] == (k <= n ? expect[k] : 0);
    if (!same) {
        fprintf(stderr, "  counts (len %lld):", (long long)len);
        for (int64_t k = 0; k < len; k++)
            fprintf(stderr, " %llu", (unsigned long long)c[k]);
        fprintf(stderr, "\n  expected (len %lld):", (long long)want);
        for (int64_t k = 0; k < want; k++)
            fprintf(stderr, " %llu", (unsigned long long)(k <= n ? expect[k] : 0));
        fprintf(stderr, "\n");
    }
    return same;
}

/* Two results hold the same counts. */
static bool same_counts(const dyng_cycle_count_result *a, const dyng_cycle_count_result *b) {
    const uint64_t *ca, *cb;
    int64_t la = -1, lb = -2;
    if (dyng_cycle_count_result_counts(&ca, &la, a) != DYNG_OK ||
        dyng_cycle_count_result_counts(&cb, &lb, b) != DYNG_OK)
        return false;
    return la == lb && memcmp(ca, cb, (size_t)la * 8) == 0;
}

/* r equals a fresh compute on g with r's options, on both resources. */
static bool matches_compute(const dyng_graph *g, const dyng_cycle_count_result *r) {
    dyng_cycle_count_options o;
    if (dyng_cycle_count_result_options(&o, r) != DYNG_OK)
        return false;
    dyng_cycle_count_result *fresh = NULL;
    if (dyng_cycle_count_compute(&fresh, g, &o) != DYNG_OK)
        return false;
    const bool same = same_counts(r, fresh);
    dyng_cycle_count_result_free(&fresh);
    return same;
}

static dyng_cycle_count_result *compute(const dyng_graph *g, int64_t maxlen) {
    dyng_cycle_count_options o;
    dyng_cycle_count_options_default(&o);
    o.max_length = maxlen;
    dyng_cycle_count_result *r = NULL;
    CHECK_OK(dyng_cycle_count_compute(&r, g, &o));
    return r;
}

/* ---- property variants --------------------------------------------------- */

typedef struct variant {
    bool directed, transposed, sorted, parallel, set;
    dyng_type vertex, offset;
    int K;
} variant;

static dyng_graph_properties props_of(const variant *v) {
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.directed = v->directed;
    p.store_transposed = v->transposed;
    p.order = v->sorted ? DYNG_ORDER_SORTED : DYNG_ORDER_APPEND;
    p.parallel_edges = v->parallel ? DYNG_PARALLEL_ALLOW : DYNG_PARALLEL_FORBID;
    p.vertex_type = v->vertex;
    p.offset_type = v->offset;
    p.num_weights = v->K;
    if (v->set)
        dyng_semantics_set(&p.semantics);
    return p;
}

/* A random variant: each property, each type pair. */
static variant random_variant(void) {
    static const dyng_type types[3][2] = {{DYNG_TYPE_INT32, DYNG_TYPE_INT32},
                                          {DYNG_TYPE_INT32, DYNG_TYPE_INT64},
                                          {DYNG_TYPE_INT64, DYNG_TYPE_INT64}};
    const int t = (int)rnd(3);
    variant v = {rnd(2) == 0, rnd(3) != 0, rnd(2) == 0, rnd(2) == 0,
                 rnd(2) == 0, types[t][0], types[t][1], (int)rnd(2)};
    if (v.vertex == DYNG_TYPE_INT64)
        v.K = 1; /* (int64, int64) ids come with weights only */
    return v;
}

/* A random edge list: self-loops, repeats (parallel edges where allowed),
 * isolated vertices. */
static int64_t random_edges(int64_t n, int64_t m, int64_t *src, int64_t *dst) {
    int64_t k = 0;
    for (int64_t e = 0; e < m; e++) {
        const uint64_t kind = next() % 10;
        if (kind == 0 && k > 0) { /* a repeat of an earlier edge */
            const int64_t j = rnd(k);
            src[k] = src[j];
            dst[k] = dst[j];
        } else if (kind == 1) { /* a self-loop */
            src[k] = dst[k] = rnd(n);
        } else {
            src[k] = rnd(n);
            dst[k] = rnd(n);
        }
        k++;
    }
    return k;
}

/* ---- compute: known counts ----------------------------------------------- */

static uint64_t falling(int64_t n, int64_t k) { /* n! / (n - k)! */
    uint64_t f = 1;
    for (int64_t i = 0; i < k; i++)
        f *= (uint64_t)(n - i);
    return f;
}

static void test_known(void) {
    /* Complete graphs K5: directed k-cycles n! / ((n - k)! k); undirected
     * (n choose k) (k - 1)! / 2 = n! / ((n - k)! 2k). */
    int64_t src[32], dst[32], m = 0;
    for (int64_t u = 0; u < 5; u++)
        for (int64_t v = 0; v < 5; v++)
            if (u != v) {
                src[m] = u;
                dst[m++] = v;
            }
    for (int directed = 0; directed <= 1; directed++) {
        variant va = {directed, true, true, false, false, DYNG_TYPE_INT32, DYNG_TYPE_INT32, 0};
        dyng_graph_properties p = props_of(&va);
        dyng_graph *g = build(&p, 5, m, src, dst, seq_res);
        uint64_t expect[6] = {0};
        for (int64_t k = directed ? 2 : 3; k <= 5; k++)
            expect[k] = falling(5, k) / (uint64_t)(directed ? k : 2 * k);
        const int64_t bounds[] = {-1, 2, 3, 4, 5, 6, 9};
        for (int i = 0; i < 7; i++) {
            dyng_cycle_count_result *r = compute(g, bounds[i]);
            uint64_t cut[6];
            for (int64_t k = 0; k <= 5; k++)
                cut[k] = bounds[i] < 0 || k <= bounds[i] ? expect[k] : 0;
            CHECK(r && counts_are(r, cut, 5, bounds[i]));
            dyng_cycle_count_result_free(&r);
        }
        dyng_cycle_count_result *r = compute(g, -1);
        uint64_t total = 0;
        CHECK_OK(dyng_cycle_count_result_total(&total, r));
        CHECK(total == (directed ? 10u + 20 + 30 + 24 : 10u + 15 + 12));
        dyng_cycle_count_result_free(&r);
        dyng_graph_free(&g);
    }
    /* The empty graph, a graph of one vertex with a self-loop, and a tree. */
    dyng_graph_properties p;
    dyng_properties_default(&p);
    dyng_graph *g = build(&p, 0, 0, src, dst, seq_res);
    uint64_t zero[MAXN + 1] = {0};
    dyng_cycle_count_result *r = compute(g, -1);
    CHECK(r && counts_are(r, zero, 0, -1));
    dyng_cycle_count_result_free(&r);
    r = compute(g, 4);
    CHECK(r && counts_are(r, zero, 0, 4));
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
    int64_t ls[] = {0}, ld[] = {0};
    g = build(&p, 1, 1, ls, ld, seq_res);
    r = compute(g, -1);
    CHECK(r && counts_are(r, zero, 1, -1));
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
    int64_t ts[] = {0, 0, 1, 1, 2, 5}, td[] = {1, 2, 3, 4, 5, 6};
    for (int directed = 0; directed <= 1; directed++) {
        p.directed = directed;
        g = build(&p, 9, 6, ts, td, omp_res);
        r = compute(g, -1);
        CHECK(r && counts_are(r, zero, 9, -1));
        dyng_cycle_count_result_free(&r);
        r = compute(g, 3);
        CHECK(r && counts_are(r, zero, 9, 3));
        dyng_cycle_count_result_free(&r);
        dyng_graph_free(&g);
    }
    /* Parallel edges and both directions of an undirected edge are one
     * edge: no 2-cycle, no cycle at all. */
    dyng_properties_mosp_compatible(&p, 0);
    p.directed = false;
    int64_t ps[] = {0, 0, 1, 2, 2}, pd[] = {1, 1, 0, 2, 3};
    g = build(&p, 4, 5, ps, pd, seq_res);
    r = compute(g, -1);
    CHECK(r && counts_are(r, zero, 4, -1));
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
    /* ... but a directed pair of opposite edges is a 2-cycle, once however
     * many copies. */
    p.directed = true;
    g = build(&p, 4, 5, ps, pd, seq_res);
    uint64_t one2[5] = {0, 0, 1, 0, 0};
    r = compute(g, -1);
    CHECK(r && counts_are(r, one2, 4, -1));
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
}

/* ---- compute against the oracle ------------------------------------------ */

static void test_oracle_random(void) {
    int graphs = 0;
    for (int t = 0; t < 400; t++) {
        variant v = random_variant();
        const int64_t n = 1 + rnd(9), m = rnd(4 * n + 1);
        int64_t src[64], dst[64];
        random_edges(n, m, src, dst);
        dyng_graph_properties p = props_of(&v);
        dyng_graph *g = build(&p, n, m, src, dst, t % 2 ? omp_res : seq_res);
        uint64_t all[MAXN + 1];
        oracle(g, -1, all);
        for (int64_t maxlen = -1; maxlen <= n + 1; maxlen++) {
            if (maxlen == 0 || maxlen == 1)
                continue;
            uint64_t cut[MAXN + 1];
            for (int64_t k = 0; k <= n; k++)
                cut[k] = maxlen < 0 || k <= maxlen ? all[k] : 0;
            dyng_cycle_count_result *r = compute(g, maxlen);
            bool ok = r && counts_are(r, cut, n, maxlen);
            CHECK(ok);
            /* The other backend: the same counts. */
            dyng_graph_set_resources(g, t % 2 ? seq_res : omp_res);
            dyng_cycle_count_result *r2 = compute(g, maxlen);
            CHECK(r && r2 && same_counts(r, r2));
            dyng_graph_set_resources(g, t % 2 ? omp_res : seq_res);
            if (!ok)
                fprintf(stderr, "  graph %d: n %lld, m %lld, directed %d, max_length %lld\n", t,
                        (long long)n, (long long)m, v.directed, (long long)maxlen);
            dyng_cycle_count_result_free(&r);
            dyng_cycle_count_result_free(&r2);
        }
        dyng_graph_free(&g);
        graphs++;
    }
    CHECK(graphs == 400);
}

/* Denser and bigger graphs: 1 and 2 threads agree, and agree with the
 * oracle where it can go (n <= 11). */
static void test_threads_agree(void) {
    for (int t = 0; t < 12; t++) {
        variant v = random_variant();
        const int64_t n = t < 6 ? 11 : 200, m = t < 6 ? 40 : 900;
        int64_t *src = malloc((size_t)m * 8), *dst = malloc((size_t)m * 8);
        random_edges(n, m, src, dst);
        dyng_graph_properties p = props_of(&v);
        dyng_graph *g = build(&p, n, m, src, dst, seq_res);
        const int64_t maxlen = t < 6 ? -1 : 5;
        dyng_cycle_count_result *a = compute(g, maxlen);
        dyng_graph_set_resources(g, omp_res);
        dyng_cycle_count_result *b = compute(g, maxlen);
        CHECK(a && b && same_counts(a, b));
        if (n <= MAXN) {
            uint64_t all[MAXN + 1];
            oracle(g, -1, all);
            CHECK(a && counts_are(a, all, n, -1));
        }
        dyng_cycle_count_result_free(&a);
        dyng_cycle_count_result_free(&b);
        dyng_graph_free(&g);
        free(src);
        free(dst);
    }
}

/* ---- update -------------------------------------------------------------- */

/* Apply b through dyng_cycle_count_update and check r against a compute on
 * the new graph (and the oracle when small) and the stats against the pair
 * difference. Returns false on the first mismatch. */
static bool update_and_check(dyng_graph *g, dyng_batch *b, dyng_cycle_count_result *r,
                             const char *what) {
    int64_t n0 = 0, n1 = 0;
    uint8_t *a0 = cycle_oracle_matrix(g, &n0);
    REQUIRE(a0 != NULL);
    const uint64_t *c;
    int64_t len0 = 0;
    CHECK_OK(dyng_cycle_count_result_counts(&c, &len0, r));
    uint64_t before[64] = {0};
    for (int64_t k = 0; k < len0 && k < 64; k++)
        before[k] = c[k];
    dyng_cycle_count_stats s;
    memset(&s, 0xab, sizeof s);
    dyng_status st = dyng_cycle_count_update(g, b, r, &s);
    CHECK_OK(st);
    bool ok = st == DYNG_OK;
    uint8_t *a1 = cycle_oracle_matrix(g, &n1);
    REQUIRE(a1 != NULL);
    int64_t removed, added;
    dyng_graph_properties p;
    dyng_graph_properties_of(&p, g);
    cycle_oracle_pair_diff(a0, n0, a1, n1, p.directed, &removed, &added);
    ok = ok && s.deletions == removed && s.insertions == added && s.converged &&
         (recount_mode == 0 || s.fallback_used == (recount_mode == 2)) && s.iterations >= 0;
    dyng_cycle_count_options o;
    dyng_cycle_count_result_options(&o, r);
    ok = ok && matches_compute(g, r);
    if (ok && n1 <= MAXN) {
        uint64_t all[MAXN + 1];
        oracle(g, o.max_length, all);
        ok = counts_are(r, all, n1, o.max_length);
    }
    int64_t len1 = 0;
    if (ok && dyng_cycle_count_result_counts(&c, &len1, r) == DYNG_OK) {
        /* affected counts the lengths that changed; added - removed is the
         * net change. */
        int64_t affected = 0;
        int64_t net = 0;
        for (int64_t k = 0; k < 64 && (k < len0 || k < len1); k++) {
            const uint64_t now = k < len1 ? c[k] : 0;
            affected += now != before[k];
            net += (int64_t)now - (int64_t)before[k];
        }
        ok = affected == s.affected && (int64_t)(s.cycles_added - s.cycles_removed) == net;
    }
    if (!ok)
        fprintf(stderr, "  %s: update mismatch (stats: deletions %lld/%lld insertions %lld/%lld)\n",
                what, (long long)s.deletions, (long long)removed, (long long)s.insertions,
                (long long)added);
    CHECK(ok);
    free(a0);
    free(a1);
    return ok;
}

/* A random batch on g: deletions of existing edges (some twice), of absent
 * pairs and of pairs past n, self-loops, new and existing insertions, a few
 * new vertices, and pairs deleted and inserted again. */
static dyng_batch *random_batch(const dyng_graph *g, int64_t size, int K) {
    int64_t n = 0, *es, *ed;
    dyng_graph_num_vertices(&n, g);
    const int64_t m = edges_of(g, &es, &ed);
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT64, K));
    int32_t w[4] = {1, 2, 3, 4};
    const int64_t span = n > 0 ? n : 1;
    for (int64_t i = 0; i < size; i++) {
        int64_t u = rnd(span), v = rnd(span);
        const uint64_t kind = next() % 12;
        if (kind < 5 && m > 0) { /* delete an existing edge (either way round) */
            const int64_t e = rnd(m);
            u = es[e];
            v = ed[e];
            if (rnd(2)) {
                u = ed[e];
                v = es[e];
            }
            dyng_batch_add_deletions(b, 1, &u, &v);
            if (kind == 0) /* ... and insert it again */
                dyng_batch_add_insertions(b, 1, &u, &v, K ? w : NULL);
            if (kind == 1) /* ... twice */
                dyng_batch_add_deletions(b, 1, &u, &v);
        } else if (kind == 5) { /* a deletion of a random, maybe absent, pair */
            if (rnd(4) == 0)
                v = n + rnd(3);
            dyng_batch_add_deletions(b, 1, &u, &v);
        } else if (kind == 6) { /* a self-loop */
            dyng_batch_add_insertions(b, 1, &u, &u, K ? w : NULL);
        } else if (kind == 7) { /* vertex growth */
            v = n + rnd(3);
            if (rnd(2))
                dyng_batch_add_insertions(b, 1, &u, &v, K ? w : NULL);
            else
                dyng_batch_add_insertions(b, 1, &v, &u, K ? w : NULL);
        } else if (kind == 8 && m > 0) { /* re-insert an existing edge */
            const int64_t e = rnd(m);
            dyng_batch_add_insertions(b, 1, &es[e], &ed[e], K ? w : NULL);
        } else {
            dyng_batch_add_insertions(b, 1, &u, &v, K ? w : NULL);
        }
    }
    free(es);
    free(ed);
    return b;
}

static void run_stream(const variant *v, int64_t n, int64_t m, int batches, int64_t size,
                       int64_t maxlen, dyng_resources *res) {
    int64_t *src = malloc((size_t)m * 8 + 8), *dst = malloc((size_t)m * 8 + 8);
    random_edges(n, m, src, dst);
    dyng_graph_properties p = props_of(v);
    dyng_graph *g = build(&p, n, m, src, dst, res);
    dyng_cycle_count_result *r = compute(g, maxlen);
    char what[160];
    for (int t = 0; t < batches && r; t++) {
        int64_t nv = 0;
        dyng_graph_num_vertices(&nv, g);
        if (maxlen < 0 && nv > MAXN - 2)
            break; /* no bound: keep the graph small */
        dyng_batch *b = random_batch(g, 1 + rnd(size), v->K);
        snprintf(what, sizeof what,
                 "stream (directed %d transposed %d sorted %d parallel %d set %d, max_length "
                 "%lld) batch %d",
                 v->directed, v->transposed, v->sorted, v->parallel, v->set, (long long)maxlen, t);
        const bool ok = update_and_check(g, b, r, what);
        dyng_batch_free(&b);
        if (!ok)
            break;
    }
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
    free(src);
    free(dst);
}

static void test_streams(void) {
    for (int i = 0; i < 180; i++) {
        set_recount(i < 120 ? 1 : i < 150 ? 2 : 0); /* never, always, by cost */
        variant v = random_variant();
        const int64_t maxlens[] = {-1, 2, 3, 4, 5};
        const int64_t maxlen = maxlens[rnd(5)];
        if (maxlen < 0)
            run_stream(&v, 4 + rnd(5), 6 + rnd(14), 12, 6, maxlen, i % 2 ? omp_res : seq_res);
        else
            run_stream(&v, 5 + rnd(6), 10 + rnd(30), 15, 8, maxlen, i % 2 ? omp_res : seq_res);
    }
    set_recount(1);
    /* Bigger graphs and batches (compute is the reference there). */
    for (int i = 0; i < 8; i++) {
        set_recount(i < 6 ? 1 : 0);
        variant v = random_variant();
        run_stream(&v, 150, 600, 6, 60, 3 + i % 4, i % 2 ? omp_res : seq_res);
    }
    set_recount(1);
}

/* A batch given as lists of pairs. */
static dyng_batch *batch_of(int64_t nd, const int64_t *del, int64_t ni, const int64_t *ins, int K) {
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT64, K));
    int32_t w[2] = {1, 1};
    for (int64_t i = 0; i < nd; i++)
        dyng_batch_add_deletions(b, 1, &del[2 * i], &del[2 * i + 1]);
    for (int64_t i = 0; i < ni; i++)
        dyng_batch_add_insertions(b, 1, &ins[2 * i], &ins[2 * i + 1], K ? w : NULL);
    return b;
}

static void test_special_batches(void) {
    for (int preset = 0; preset < 6; preset++) {
        set_recount(preset < 3 ? 1 : 2);
        for (int directed = 0; directed <= 1; directed++) {
            dyng_graph_properties p;
            if (preset % 3 == 0)
                dyng_properties_default(&p);
            else if (preset % 3 == 1)
                dyng_properties_cycle_enum_compatible(&p);
            else
                dyng_properties_mosp_compatible(&p, 0);
            p.directed = directed;
            /* A square 0-1-2-3 with a chord 0-2 (and 2 -> 0 directed). */
            int64_t src[] = {0, 1, 2, 3, 0, 2}, dst[] = {1, 2, 3, 0, 2, 0};
            dyng_graph *g = build(&p, 5, 6, src, dst, preset % 3 == 1 ? omp_res : seq_res);
            dyng_cycle_count_result *r = compute(g, -1);
            uint64_t total0 = 0, total = 0;
            dyng_cycle_count_result_total(&total0, r);
            CHECK(total0 > 0);
            /* Delete then reinsert the same pair: no change, the cycles
             * through it removed and added again. */
            int64_t d1[] = {1, 2}, i1[] = {1, 2};
            dyng_batch *b = batch_of(1, d1, 1, i1, 0);
            dyng_cycle_count_stats s;
            CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
            dyng_cycle_count_result_total(&total, r);
            CHECK(total == total0 && s.deletions == 0 && s.insertions == 0 && s.affected == 0);
            CHECK(s.fallback_used == (recount_mode == 2));
            if (recount_mode == 1) /* the searches remove and add them again */
                CHECK(s.cycles_removed > 0 && s.cycles_removed == s.cycles_added);
            else /* a recount sees no change */
                CHECK(s.cycles_removed == 0 && s.cycles_added == 0);
            CHECK(matches_compute(g, r));
            dyng_batch_free(&b);
            /* A cycle through a deleted and an inserted edge of one batch
             * exists in neither graph: delete 1-2, insert 3-1 (the cycles
             * 0-1-2-0 ... and 1-3-... are counted only where they exist). */
            int64_t d2[] = {1, 2}, i2[] = {3, 1, 1, 4, 4, 2};
            b = batch_of(1, d2, 3, i2, 0);
            CHECK(update_and_check(g, b, r, "deleted and inserted edges"));
            dyng_batch_free(&b);
            /* Deleting absent pairs (and past n), self-loops, growth. */
            int64_t d3[] = {0, 4, 4, 0, 9, 1, 2, 2}, i3[] = {2, 2, 3, 7, 7, 0, 6, 6};
            b = batch_of(4, d3, 4, i3, 0);
            CHECK(update_and_check(g, b, r, "absent pairs, self-loops, growth"));
            dyng_batch_free(&b);
            /* Deleting every edge, then everything back. */
            int64_t *es, *ed;
            const int64_t m = edges_of(g, &es, &ed);
            int64_t *pairs = malloc((size_t)m * 16 + 16);
            for (int64_t e = 0; e < m; e++) {
                pairs[2 * e] = es[e];
                pairs[2 * e + 1] = ed[e];
            }
            b = batch_of(m, pairs, 0, pairs, 0);
            CHECK(update_and_check(g, b, r, "delete everything"));
            dyng_batch_free(&b);
            b = batch_of(0, pairs, m, pairs, 0);
            CHECK(update_and_check(g, b, r, "insert everything"));
            dyng_batch_free(&b);
            free(es);
            free(ed);
            free(pairs);
            dyng_cycle_count_result_free(&r);
            dyng_graph_free(&g);
        }
    }
    set_recount(1);
    /* A multigraph: deleting one of two parallel copies leaves the pair (no
     * cycle is recounted), deleting both removes it. */
    for (int directed = 0; directed <= 1; directed++) {
        dyng_graph_properties p;
        dyng_properties_mosp_compatible(&p, 0);
        p.directed = directed;
        int64_t src[] = {0, 0, 1, 2, 1}, dst[] = {1, 1, 2, 0, 0};
        dyng_graph *g = build(&p, 3, 5, src, dst, seq_res);
        dyng_cycle_count_result *r = compute(g, -1);
        int64_t d[] = {0, 1};
        dyng_batch *b = batch_of(1, d, 0, d, 0);
        dyng_cycle_count_stats s;
        CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
        CHECK(s.deletions == 0 && s.cycles_removed == 0 && s.affected == 0);
        CHECK(matches_compute(g, r));
        CHECK(update_and_check(g, b, r, "the second copy"));
        dyng_batch_free(&b);
        dyng_cycle_count_result_free(&r);
        dyng_graph_free(&g);
    }
}

/* dyng_update with an sssp result and a cycle_count result: both repaired,
 * each stats filled. */
static void test_with_sssp(void) {
    dyng_graph_properties p;
    dyng_properties_mosp_compatible(&p, 1);
    const int64_t n = 60, m = 240;
    int64_t src[240], dst[240];
    random_edges(n, m, src, dst);
    dyng_graph *g = build(&p, n, m, src, dst, omp_res);
    dyng_sssp_result *tree = NULL;
    CHECK_OK(dyng_sssp_compute(&tree, g, 0, NULL));
    dyng_cycle_count_result *hist = compute(g, 5);
    set_recount(0); /* by cost */
    for (int t = 0; t < 10; t++) {
        dyng_batch *b = random_batch(g, 12, 1);
        dyng_sssp_stats ss;
        dyng_cycle_count_stats cs;
        memset(&ss, 0, sizeof ss);
        memset(&cs, 0, sizeof cs);
        cs.converged = false;
        dyng_result_ref refs[2] = {{DYNG_RESULT_SSSP, tree, &ss},
                                   {DYNG_RESULT_CYCLE_COUNT, hist, &cs}};
        CHECK_OK(dyng_update(g, b, refs, 2));
        uint64_t version = 0;
        dyng_graph_version(&version, g);
        CHECK(ss.apply.version == version && cs.apply.version == version && cs.converged);
        CHECK(matches_compute(g, hist));
        dyng_sssp_result *fresh = NULL;
        CHECK_OK(dyng_sssp_compute(&fresh, g, 0, NULL));
        int64_t nv = 0, nf = 0;
        const int64_t *d1, *d2, *p1, *p2;
        dyng_sssp_result_num_vertices(&nv, tree);
        dyng_sssp_result_num_vertices(&nf, fresh);
        dyng_sssp_result_distances(&d1, tree);
        dyng_sssp_result_distances(&d2, fresh);
        dyng_sssp_result_parents(&p1, tree);
        dyng_sssp_result_parents(&p2, fresh);
        CHECK(nv == nf && memcmp(d1, d2, (size_t)nv * 8) == 0 &&
              memcmp(p1, p2, (size_t)nv * 8) == 0);
        dyng_sssp_result_free(&fresh);
        /* A cycle_count result listed twice, or of an unknown kind. */
        dyng_result_ref twice[2] = {{DYNG_RESULT_CYCLE_COUNT, hist, NULL},
                                    {DYNG_RESULT_CYCLE_COUNT, hist, NULL}};
        CHECK_STATUS(dyng_update(g, b, twice, 2), DYNG_INVALID_ARGUMENT);
        dyng_result_ref unknown = {(dyng_result_kind)99, hist, NULL};
        CHECK_STATUS(dyng_update(g, b, &unknown, 1), DYNG_INVALID_ARGUMENT);
        dyng_batch_free(&b);
    }
    set_recount(1);
    dyng_sssp_result_free(&tree);
    dyng_cycle_count_result_free(&hist);
    dyng_graph_free(&g);
}

/* By cost: a batch that changes most of the graph is recounted, a small one
 * is not; both give the counts of a compute. */
static void test_recount_choice(void) {
    set_recount(0);
    dyng_graph_properties p;
    dyng_properties_default(&p);
    const int64_t n = 300, m = 2400;
    int64_t *src = malloc((size_t)m * 8), *dst = malloc((size_t)m * 8);
    random_edges(n, m, src, dst);
    dyng_graph *g = build(&p, n, m, src, dst, omp_res);
    dyng_cycle_count_result *r = compute(g, 4);
    int64_t *pairs = malloc((size_t)m * 16);
    for (int64_t e = 0; e < m; e++) {
        pairs[2 * e] = src[e];
        pairs[2 * e + 1] = dst[e];
    }
    dyng_cycle_count_stats s;
    dyng_batch *b = batch_of(1, pairs + 2 * (m - 1), 0, pairs, 0); /* one deletion */
    CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
    CHECK(!s.fallback_used && matches_compute(g, r));
    dyng_batch_free(&b);
    b = batch_of(m / 2, pairs, m / 4, pairs, 0); /* half deleted, half of those back */
    CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
    CHECK(s.fallback_used && s.converged && matches_compute(g, r));
    dyng_batch_free(&b);
    set_recount(1);
    free(pairs);
    free(src);
    free(dst);
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
}

/* ---- failures ------------------------------------------------------------ */

/* Graph and result as they were: version, edges, counts. */
typedef struct snapshot {
    uint64_t version, state, rversion;
    int64_t m, len;
    int64_t *src, *dst;
    uint64_t counts[64];
} snapshot;

static void snap(snapshot *s, const dyng_graph *g, const dyng_cycle_count_result *r) {
    dyng_graph_version(&s->version, g);
    dyng_graph_state_id(&s->state, g);
    s->m = edges_of(g, &s->src, &s->dst);
    const uint64_t *c;
    REQUIRE_OK(dyng_cycle_count_result_counts(&c, &s->len, r));
    memcpy(s->counts, c, (size_t)s->len * 8);
    dyng_cycle_count_result_graph_version(&s->rversion, r);
}

static bool snap_same(const snapshot *s, const dyng_graph *g, const dyng_cycle_count_result *r) {
    snapshot t;
    snap(&t, g, r);
    const bool same = t.version == s->version && t.state == s->state && t.m == s->m &&
                      memcmp(t.src, s->src, (size_t)s->m * 8) == 0 &&
                      memcmp(t.dst, s->dst, (size_t)s->m * 8) == 0 && t.len == s->len &&
                      memcmp(t.counts, s->counts, (size_t)s->len * 8) == 0 &&
                      t.rversion == s->rversion && dyng_graph_check(g) == DYNG_OK;
    free(t.src);
    free(t.dst);
    return same;
}

static void snap_free(snapshot *s) {
    free(s->src);
    free(s->dst);
}

static void test_failures(void) {
    dyng_graph_properties p;
    dyng_properties_default(&p);
    int64_t src[] = {0, 1, 2, 2, 3, 1}, dst[] = {1, 2, 0, 3, 1, 0};
    dyng_graph *g = build(&p, 4, 6, src, dst, seq_res);
    dyng_cycle_count_result *r = NULL;
    dyng_cycle_count_options o;
    CHECK_OK(dyng_cycle_count_options_default(&o));
    CHECK(o.max_length == 6);
    /* Options. */
    const int64_t bad[] = {0, 1, -2, INT64_MIN, (int64_t)INT32_MAX + 1};
    for (int i = 0; i < 5; i++) {
        o.max_length = bad[i];
        CHECK_STATUS(dyng_cycle_count_compute(&r, g, &o), DYNG_INVALID_ARGUMENT);
        CHECK(r == NULL);
        uint64_t c[8] = {0};
        CHECK_STATUS(dyng_cycle_count_result_from_counts(&r, g, c, 1, &o), DYNG_INVALID_ARGUMENT);
    }
    /* NULL arguments. */
    CHECK_STATUS(dyng_cycle_count_compute(NULL, g, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_compute(&r, NULL, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_options_default(NULL), DYNG_INVALID_ARGUMENT);
    CHECK_OK(dyng_cycle_count_compute(&r, g, NULL));
    const uint64_t *c;
    int64_t len = 0;
    uint64_t u64 = 0;
    CHECK_STATUS(dyng_cycle_count_result_counts(NULL, &len, r), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_result_counts(&c, NULL, r), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_result_counts(&c, &len, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_result_total(NULL, r), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_result_total(&u64, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_result_options(NULL, r), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_result_graph_version(NULL, r), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_result_graph_state_id(&u64, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_result_clone(NULL, r), DYNG_INVALID_ARGUMENT);
    CHECK_OK(dyng_cycle_count_result_free(NULL));
    dyng_batch *b = NULL;
    int64_t gu[] = {2, 3}, gv[] = {5, 5};
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT64, 0));
    dyng_batch_add_insertions(b, 2, gu, gv, NULL);
    dyng_batch_add_deletions(b, 1, &src[1], &dst[1]);
    CHECK_STATUS(dyng_cycle_count_update(g, b, NULL, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_update(NULL, b, r, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_cycle_count_update(g, NULL, r, NULL), DYNG_INVALID_ARGUMENT);
    uint64_t version = 0, state = 0, gstate = 0;
    CHECK_OK(dyng_cycle_count_result_graph_version(&version, r));
    CHECK_OK(dyng_cycle_count_result_graph_state_id(&state, r));
    dyng_graph_state_id(&gstate, g);
    CHECK(version == 0 && state == gstate);

    /* from_counts: the shape is checked, the values trusted. */
    dyng_cycle_count_options_default(&o);
    CHECK_OK(dyng_cycle_count_result_counts(&c, &len, r));
    dyng_cycle_count_result *imp = NULL;
    CHECK_OK(dyng_cycle_count_result_from_counts(&imp, g, c, len, &o));
    CHECK(imp && same_counts(imp, r));
    dyng_cycle_count_result_free(&imp);
    CHECK_STATUS(dyng_cycle_count_result_from_counts(&imp, g, c, len - 1, &o),
                 DYNG_INVALID_ARGUMENT);
    uint64_t shaped[7] = {0, 1, 0, 0, 0, 0, 0}; /* a 1-cycle */
    CHECK_STATUS(dyng_cycle_count_result_from_counts(&imp, g, shaped, 7, &o),
                 DYNG_INVALID_ARGUMENT);
    shaped[1] = 0;
    shaped[5] = 1; /* a 5-cycle on 4 vertices */
    CHECK_STATUS(dyng_cycle_count_result_from_counts(&imp, g, shaped, 7, &o),
                 DYNG_INVALID_ARGUMENT);
    o.max_length = -1;
    uint64_t tail0[4] = {0, 0, 1, 0}; /* no bound: the last entry must not be 0 */
    CHECK_STATUS(dyng_cycle_count_result_from_counts(&imp, g, tail0, 4, &o), DYNG_INVALID_ARGUMENT);
    CHECK_OK(dyng_cycle_count_result_from_counts(&imp, g, tail0, 3, &o));
    dyng_cycle_count_result_free(&imp);
    CHECK_STATUS(dyng_cycle_count_result_from_counts(&imp, g, NULL, 3, &o), DYNG_INVALID_ARGUMENT);
    CHECK(imp == NULL);

    /* Every allocation of an update failing in turn (with vertex growth):
     * DYNG_OUT_OF_MEMORY, graph and result as they were. Once from a
     * result without work arrays (a clone), once from a computed one. */
    for (int round = 0; round < 4; round++) {
        set_recount(round < 2 ? 1 : 2); /* the searches, then a recount */
        dyng_cycle_count_result *t = NULL;
        if (round % 2 == 0)
            CHECK_OK(dyng_cycle_count_result_clone(&t, r));
        else
            CHECK_OK(dyng_cycle_count_compute(&t, g, NULL));
        dyng_graph *h = NULL;
        CHECK_OK(dyng_graph_clone(&h, g));
        snapshot s0;
        snap(&s0, h, t);
        int failures = 0;
        for (int64_t k = 1; k < 10000; k++) {
            dyng_testing_fail_allocation(k);
            dyng_status st = dyng_cycle_count_update(h, b, t, NULL);
            dyng_testing_fail_allocation(0);
            if (st == DYNG_OK)
                break;
            CHECK(st == DYNG_OUT_OF_MEMORY);
            CHECK(snap_same(&s0, h, t));
            failures++;
        }
        CHECK(failures >= 3);
        CHECK(matches_compute(h, t));
        snap_free(&s0);
        dyng_cycle_count_result_free(&t);
        dyng_graph_free(&h);
    }
    set_recount(1);
    /* Every allocation of a compute failing in turn, on each kind of rows
     * (stored in-rows, transposed ones, stamps for unsorted parallel edges). */
    for (int kind = 0; kind < 3; kind++) {
        dyng_graph_properties q;
        dyng_properties_default(&q);
        q.store_transposed = kind != 1;
        if (kind == 2)
            dyng_properties_mosp_compatible(&q, 0);
        dyng_graph *h = build(&q, 4, 6, src, dst, omp_res);
        int failures = 0;
        for (int64_t k = 1; k < 10000; k++) {
            dyng_cycle_count_result *t = NULL;
            dyng_testing_fail_allocation(k);
            dyng_status st = dyng_cycle_count_compute(&t, h, NULL);
            dyng_testing_fail_allocation(0);
            if (st == DYNG_OK) {
                CHECK(same_counts(t, r));
                dyng_cycle_count_result_free(&t);
                break;
            }
            CHECK(st == DYNG_OUT_OF_MEMORY && t == NULL);
            failures++;
        }
        CHECK(failures >= 3);
        dyng_graph_free(&h);
    }

    /* The interrupt flag, set before the call: nothing produced, nothing
     * changed. */
    dyng_resources *gr = NULL;
    dyng_graph_resources(&gr, g);
    dyng_cycle_count_result *none = NULL;
    snapshot s1; /* the snapshots read the graph, which a set flag stops */
    snap(&s1, g, r);
    dyng_interrupt(gr);
    CHECK_STATUS(dyng_cycle_count_compute(&none, g, NULL), DYNG_INTERRUPTED);
    CHECK(none == NULL);
    CHECK_STATUS(dyng_cycle_count_update(g, b, r, NULL), DYNG_INTERRUPTED);
    dyng_interrupt_clear(gr);
    CHECK(snap_same(&s1, g, r));
    dyng_interrupt(NULL);
    CHECK_STATUS(dyng_cycle_count_update(g, b, r, NULL), DYNG_INTERRUPTED);
    dyng_interrupt_clear(NULL);
    CHECK(snap_same(&s1, g, r));
    /* A result listed under another kind is named, not read as that kind
     * (its graph version was garbage in the message). */
    dyng_result_ref wrong = {DYNG_RESULT_SSSP, r, NULL};
    CHECK_STATUS(dyng_update(g, b, &wrong, 1), DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "result 0 is listed as sssp but is a cycle_count result") !=
          NULL);
    CHECK(snap_same(&s1, g, r));
    snap_free(&s1);

    /* A stale result: the graph moved on without it. */
    dyng_cycle_count_result *stale = NULL;
    CHECK_OK(dyng_cycle_count_result_clone(&stale, r));
    CHECK_OK(dyng_cycle_count_update(g, b, r, NULL));
    CHECK(matches_compute(g, r));
    CHECK_STATUS(dyng_cycle_count_update(g, b, stale, NULL), DYNG_STALE_RESULT);
    dyng_apply_summary sum;
    CHECK_OK(dyng_graph_apply(g, b, &sum));
    CHECK_STATUS(dyng_cycle_count_update(g, b, r, NULL), DYNG_STALE_RESULT);
    dyng_cycle_count_result_free(&stale);
    dyng_cycle_count_result_free(&r);
    dyng_batch_free(&b);
    dyng_graph_free(&g);
}

/* A poisoned result refuses every call but free; a total past 2^64 - 1 is a
 * capacity error of its own. */
static void check_poisoned(dyng_cycle_count_result *r, dyng_graph *g, dyng_status st) {
    const uint64_t *c;
    int64_t len;
    uint64_t u;
    dyng_cycle_count_options o;
    dyng_cycle_count_result *clone = NULL;
    CHECK_STATUS(dyng_cycle_count_result_counts(&c, &len, r), st);
    CHECK(strstr(dyng_error_message(), "recomputed") != NULL);
    CHECK_STATUS(dyng_cycle_count_result_total(&u, r), st);
    CHECK_STATUS(dyng_cycle_count_result_options(&o, r), st);
    CHECK_STATUS(dyng_cycle_count_result_graph_version(&u, r), st);
    CHECK_STATUS(dyng_cycle_count_result_graph_state_id(&u, r), st);
    CHECK_STATUS(dyng_cycle_count_result_clone(&clone, r), st);
    CHECK(clone == NULL);
    dyng_batch *b = NULL;
    dyng_batch_new(&b, DYNG_TYPE_INT64, 0);
    uint64_t v0 = 0, v1 = 0;
    dyng_graph_version(&v0, g);
    CHECK_STATUS(dyng_cycle_count_update(g, b, r, NULL), st);
    dyng_graph_version(&v1, g);
    CHECK(v0 == v1);
    dyng_batch_free(&b);
}

static void test_poison(void) {
    dyng_graph *g = triangle(true);
    dyng_cycle_count_options o;
    dyng_cycle_count_options_default(&o);
    /* Counts that leave out the triangle: deleting one of its edges would
     * take the 3-cycles below 0. */
    uint64_t counts[7] = {0};
    dyng_cycle_count_result *r = NULL;
    CHECK_OK(dyng_cycle_count_result_from_counts(&r, g, counts, 7, &o));
    int64_t du[] = {0}, dv[] = {1};
    dyng_batch *b = NULL;
    dyng_batch_new(&b, DYNG_TYPE_INT64, 0);
    dyng_batch_add_deletions(b, 1, du, dv);
    dyng_cycle_count_stats s;
    CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
    CHECK(!s.converged && s.cycles_removed == 1);
    check_poisoned(r, g, DYNG_INTERNAL);
    CHECK_OK(dyng_cycle_count_result_free(&r));
    dyng_batch_free(&b);
    /* A count at 2^64 - 1 that a new cycle would pass. */
    counts[3] = UINT64_MAX;
    CHECK_OK(dyng_cycle_count_result_from_counts(&r, g, counts, 7, &o));
    uint64_t total = 0;
    CHECK_OK(dyng_cycle_count_result_total(&total, r));
    CHECK(total == UINT64_MAX);
    dyng_batch_new(&b, DYNG_TYPE_INT64, 0);
    dyng_batch_add_insertions(b, 1, du, dv, NULL); /* 0 -> 1 again: the triangle */
    CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
    CHECK(!s.converged);
    check_poisoned(r, g, DYNG_CAPACITY);
    dyng_cycle_count_result_free(&r);
    dyng_batch_free(&b);
    /* A total past 2^64 - 1 (the counts themselves are fine). */
    counts[2] = UINT64_MAX;
    counts[3] = 2;
    CHECK_OK(dyng_cycle_count_result_from_counts(&r, g, counts, 7, &o));
    CHECK_STATUS(dyng_cycle_count_result_total(&total, r), DYNG_CAPACITY);
    const uint64_t *c;
    int64_t len;
    CHECK_OK(dyng_cycle_count_result_counts(&c, &len, r));
    CHECK(len == 7 && c[2] == UINT64_MAX);
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
}

/* ---- the research code's histograms -------------------------------------- */

static char shared_dir[512];

/* A "src dst" file ('#' comments) as a directed graph, or NULL. */
static dyng_graph *read_pairs_graph(const char *path, dyng_resources *res) {
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    int64_t cap = 1024, m = 0, n = 0;
    int64_t *src = malloc((size_t)cap * 8), *dst = malloc((size_t)cap * 8);
    char line[256];
    while (fgets(line, sizeof line, f)) {
        long long u, v;
        if (line[0] == '#' || sscanf(line, "%lld %lld", &u, &v) != 2)
            continue;
        if (m == cap) {
            cap *= 2;
            src = realloc(src, (size_t)cap * 8);
            dst = realloc(dst, (size_t)cap * 8);
        }
        src[m] = u;
        dst[m++] = v;
        n = u + 1 > n ? u + 1 : n;
        n = v + 1 > n ? v + 1 : n;
    }
    fclose(f);
    dyng_graph_properties p;
    dyng_properties_default(&p);
    dyng_graph *g = build(&p, n, m, src, dst, res);
    free(src);
    free(dst);
    return g;
}

/* A histogram CSV ("# ..." header, "len, count" lines, "Total, N") into
 * hist[0 .. 63] and *total; false when the file is missing or malformed. */
static bool read_hist(const char *path, uint64_t *hist, uint64_t *total) {
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    memset(hist, 0, 64 * 8);
    char line[256];
    bool have_total = false, ok = true;
    while (fgets(line, sizeof line, f)) {
        long long k;
        unsigned long long c;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "Total, %llu", &c) == 1) {
            *total = c;
            have_total = true;
        } else if (sscanf(line, "%lld, %llu", &k, &c) == 2 && k >= 0 && k < 64) {
            hist[k] = c;
        } else {
            ok = false;
        }
    }
    fclose(f);
    return ok && have_total;
}

/* A "- u v" / "+ u v" batch file. */
static dyng_batch *read_batch_file(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT64, 0));
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char op;
        long long u, v;
        if (sscanf(line, " %c %lld %lld", &op, &u, &v) != 3)
            continue;
        int64_t a = u, c = v;
        if (op == '-')
            dyng_batch_add_deletions(b, 1, &a, &c);
        else if (op == '+')
            dyng_batch_add_insertions(b, 1, &a, &c, NULL);
    }
    fclose(f);
    return b;
}

/* r's counts for lengths 2 .. K equal the file's, and so does the total. */
static bool equals_hist(const dyng_cycle_count_result *r, const char *name, int64_t K) {
    char path[1024];
    snprintf(path, sizeof path, "%s/goldens/cycle_count/%s", shared_dir, name);
    uint64_t hist[64], total = 0, ours = 0;
    if (!read_hist(path, hist, &total)) {
        fprintf(stderr, "  cannot read %s\n", path);
        return false;
    }
    const uint64_t *c;
    int64_t len = 0;
    if (dyng_cycle_count_result_counts(&c, &len, r) != DYNG_OK || len != K + 1 ||
        dyng_cycle_count_result_total(&ours, r) != DYNG_OK)
        return false;
    bool same = ours == total;
    for (int64_t k = 0; k <= K; k++)
        same = same && c[k] == hist[k];
    if (!same)
        fprintf(stderr, "  %s: counts differ (total %llu, golden %llu)\n", name,
                (unsigned long long)ours, (unsigned long long)total);
    return same;
}

static int goldens_compared;

static void golden_graph(const char *name, dyng_graph *g, const int64_t *ks, int nk) {
    char file[256];
    for (int i = 0; i < nk; i++) {
        dyng_cycle_count_result *r = compute(g, ks[i]);
        snprintf(file, sizeof file, "hist_%s_k%lld.csv", name, (long long)ks[i]);
        CHECK(r && equals_hist(r, file, ks[i]));
        goldens_compared++;
        dyng_cycle_count_result_free(&r);
    }
}

/* The batch on a copy of g: update equals compute, and the golden after it
 * when there is one (after != NULL). */
static void golden_batch(dyng_graph *g0, const char *name, const char *batch, int64_t K,
                         const char *after) {
    char path[1024];
    snprintf(path, sizeof path, "%s/goldens/cycle_enum_batch/batch_%s_%s.txt", shared_dir, name,
             batch);
    dyng_batch *b = read_batch_file(path);
    CHECK(b != NULL);
    if (!b)
        return;
    dyng_graph *g = NULL;
    CHECK_OK(dyng_graph_clone(&g, g0));
    dyng_cycle_count_result *r = compute(g, K);
    dyng_cycle_count_stats s;
    CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
    int64_t nd = 0, ni = 0;
    dyng_batch_num_deletions(&nd, b);
    dyng_batch_num_insertions(&ni, b);
    /* The research code's batches delete existing edges and insert new ones. */
    CHECK(s.deletions == nd && s.insertions == ni && s.apply.deleted == nd &&
          s.apply.inserted == ni);
    CHECK(matches_compute(g, r));
    if (after) {
        CHECK(equals_hist(r, after, K));
        goldens_compared++;
    }
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
    dyng_batch_free(&b);
}

static void test_goldens(void) {
    const char *env = getenv("DYNG_SHARED_DIR");
    snprintf(shared_dir, sizeof shared_dir, "%s", env ? env : "../shared");
    char path[1024];
    snprintf(path, sizeof path, "%s/goldens/cycle_enum_batch/graph_small.txt", shared_dir);
    dyng_graph *small = read_pairs_graph(path, omp_res);
    snprintf(path, sizeof path, "%s/goldens/cycle_enum_batch/graph_medium.txt", shared_dir);
    dyng_graph *medium = read_pairs_graph(path, omp_res);
    if (!small || !medium) {
        goldens_missing("test_cycle_count", "the goldens of cycle_enum_batch");
        dyng_graph_free(&small);
        dyng_graph_free(&medium);
        return;
    }
    const int64_t ks_small[] = {3, 4, 5, 6}, ks_medium[] = {3, 4, 5};
    golden_graph("small", small, ks_small, 4);
    golden_graph("medium", medium, ks_medium, 3);
    const char *small_batches[] = {"d0_i25_s42", "d10_i10_s1", "d1_i1_s0", "d20_i20_s5_w30",
                                   "d25_i0_s3"};
    for (int i = 0; i < 5; i++)
        golden_batch(small, "small", small_batches[i], 6, NULL);
    golden_batch(medium, "medium", "d1000_i1000_s12345", 4,
                 "hist_medium_k4_after_d1000_i1000_s12345.csv");
    golden_batch(medium, "medium", "d100_i50_s7", 4, NULL);
    golden_batch(medium, "medium", "d300_i300_s99_w200", 5, NULL);
    golden_batch(medium, "medium", "d5000_i0_s18446744073709551615", 4, NULL);
    dyng_graph_free(&small);
    dyng_graph_free(&medium);

    /* pgp-strong-2009 read as a directed graph (ids minus 1). */
    snprintf(path, sizeof path, "%s/data/pgp-strong-2009.mtx.gz", shared_dir);
    dyng_graph_properties p;
    dyng_properties_default(&p);
    dyng_graph *pgp = NULL;
    if (dyng_mm_read_graph(&pgp, path, &p, omp_res) != DYNG_OK) {
        goldens_missing("test_cycle_count", path);
        return;
    }
    const int64_t ks_pgp[] = {3, 4};
    golden_graph("pgp-strong-2009", pgp, ks_pgp, 2);
    golden_batch(pgp, "pgp-strong-2009", "d1000_i1000_s1", 3,
                 "hist_pgp-strong-2009_k3_after_d1000_i1000_s1.csv");
    golden_batch(pgp, "pgp-strong-2009", "d500_i500_s777_w5000", 3, NULL);
    dyng_graph_free(&pgp);
}

/* ---- a failed update leaves the sizes as they were -------------------------------- */

/* What a failed update must leave as it was in a cycle_count result: its
 * counts, and every block of its work (the same blocks, so the same
 * capacities), and in an sssp tree its arrays and their capacities
 * (DESIGN 3). Every member is 8 bytes: no padding, so memcmp compares. */
typedef struct cc_shape {
    int64_t threads, cap_n, cap_cand, cap_frames, cap_hist, have_seen, have_two;
    int64_t cap_pairs, cap_keys, cap_first, cap_pending, in_vert, in_slot, cap_blocks, cap, len;
    int64_t poison;
    const void *th, *pairs, *keys, *first, *removed, *added, *in_rows, *in_col, *blocks, *counts;
    uint64_t version, state;
    uint64_t c[16];
    /* a tree's */
    int64_t t_n, t_cap, t_work_cap;
    const void *t_dist, *t_parent, *t_touched;
} cc_shape;

static cc_shape cc_shape_of(const dyng_cycle_count_result *r, const dyng_sssp_result *t) {
    cc_shape s;
    memset(&s, 0, sizeof s);
    if (r != NULL) {
        const dyng_i_cc_work *w = &r->work;
        s.threads = w->threads;
        s.cap_n = w->cap_n;
        s.cap_cand = w->cap_cand;
        s.cap_frames = w->cap_frames;
        s.cap_hist = w->cap_hist;
        s.have_seen = w->have_seen;
        s.have_two = w->have_two;
        s.cap_pairs = w->cap_pairs;
        s.cap_keys = w->cap_keys;
        s.cap_first = w->cap_first;
        s.cap_pending = w->cap_pending;
        s.in_vert = w->in.vert_alloc;
        s.in_slot = w->in.slot_alloc;
        s.cap_blocks = w->cap_blocks;
        s.cap = r->cap;
        s.len = r->len;
        s.poison = r->poison;
        s.th = w->th;
        s.pairs = w->pairs;
        s.keys = w->keys;
        s.first = w->first;
        s.removed = w->removed;
        s.added = w->added;
        s.in_rows = w->in.rows;
        s.in_col = w->in.col;
        s.blocks = w->blocks;
        s.counts = r->counts;
        s.version = r->graph_version;
        s.state = r->graph_state_id;
        for (int64_t k = 0; k < r->len && k < 16; k++)
            s.c[k] = r->counts[k];
    }
    if (t != NULL) {
        s.t_n = t->n;
        s.t_cap = t->cap;
        s.t_work_cap = t->work.cap;
        s.t_dist = t->dist;
        s.t_parent = t->parent;
        s.t_touched = t->work.touched;
    }
    return s;
}

static bool cc_shape_same(const cc_shape *a, const cc_shape *b, const char *what) {
    const bool same = memcmp(a, b, sizeof *a) == 0;
    if (!same)
        fprintf(stderr,
                "%s: a result changed: cap_n %lld -> %lld, cap_first %lld -> %lld, counts cap "
                "%lld -> %lld, tree cap %lld -> %lld\n",
                what, (long long)a->cap_n, (long long)b->cap_n, (long long)a->cap_first,
                (long long)b->cap_first, (long long)a->cap, (long long)b->cap, (long long)a->t_cap,
                (long long)b->t_cap);
    return same;
}

/* The results an update works on: two histograms (no bound, and 4) and a
 * tree, on a directed graph without in-rows (so that the histograms keep
 * their own), of one weight column, on two threads. */
typedef struct cc_world {
    dyng_graph *g;
    dyng_cycle_count_result *h[2];
    dyng_sssp_result *t;
} cc_world;

/* A batch of one weight column: insertions (iu[i], iv[i]) of weight w[i]
 * (1 when w is NULL), deletions (du[i], dv[i]). */
static dyng_batch *cc_batch(int ni, const int32_t *iu, const int32_t *iv, const int32_t *w, int nd,
                            const int32_t *du, const int32_t *dv) {
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 1));
    int32_t ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    REQUIRE_OK(dyng_batch_add_insertions(b, ni, iu, iv, w != NULL ? w : ones));
    REQUIRE_OK(dyng_batch_add_deletions(b, nd, du, dv));
    return b;
}

static dyng_status cc_update(cc_world *w, dyng_batch *b) {
    dyng_result_ref refs[3] = {{DYNG_RESULT_CYCLE_COUNT, w->h[0], NULL},
                               {DYNG_RESULT_SSSP, w->t, NULL},
                               {DYNG_RESULT_CYCLE_COUNT, w->h[1], NULL}};
    return dyng_update(w->g, b, refs, 3);
}

/* 0 -> 1 -> 2 -> 0, 2 -> 3 -> 1 under `sem`, its results updated once by
 * a batch that grows nothing (so that every block of theirs exists). */
static cc_world cc_world_new(const dyng_batch_semantics *sem) {
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.directed = true;
    p.store_transposed = false;
    p.num_weights = 1;
    if (sem != NULL)
        p.semantics = *sem;
    int64_t src[] = {0, 1, 2, 2, 3}, dst[] = {1, 2, 0, 3, 1};
    cc_world w;
    w.g = build(&p, 4, 5, src, dst, omp_res);
    w.h[0] = compute(w.g, -1);
    w.h[1] = compute(w.g, 4);
    REQUIRE_OK(dyng_sssp_compute(&w.t, w.g, 0, NULL));
    int32_t du[] = {3}, dv[] = {1};
    dyng_batch *b = cc_batch(0, NULL, NULL, NULL, 1, du, dv);
    REQUIRE_OK(cc_update(&w, b));
    dyng_batch_free(&b);
    return w;
}

static void cc_world_free(cc_world *w) {
    dyng_cycle_count_result_free(&w->h[0]);
    dyng_cycle_count_result_free(&w->h[1]);
    dyng_sssp_result_free(&w->t);
    dyng_graph_free(&w->g);
}

/* The three results of w as they are. */
static void cc_world_shape(const cc_world *w, cc_shape *s) {
    s[0] = cc_shape_of(w->h[0], NULL);
    s[1] = cc_shape_of(w->h[1], NULL);
    s[2] = cc_shape_of(NULL, w->t);
}

static bool cc_world_same(const cc_world *w, const cc_shape *before, const char *what) {
    cc_shape now[3];
    cc_world_shape(w, now);
    bool same = true;
    for (int i = 0; i < 3; i++)
        same = cc_shape_same(&before[i], &now[i], what) && same;
    return same;
}

/*
 * An update that fails (refused by a result's checks or by the graph's
 * semantics, interrupted, out of memory) leaves every result as it was, the
 * blocks of its work and their sizes included, also when the batch asked
 * the graph to grow: the refusals come before any result grows (a huge
 * growth that the batch will not get costs nothing, and is refused rather
 * than out of memory), and what a prepare grew is put back. A successful
 * update sizes the work for the vertex count the batch leaves.
 */
static void test_failed_update_keeps_sizes(void) {
    /* Each refusal twice: the growth asked for far past what the allocations
     * may take (each one over 1 MiB fails: a result that grew first would
     * fail out of memory), and a growth that the allocations would get. */
    const int32_t far[] = {10000000, 100000};
    const size_t limits[] = {(size_t)1 << 20, 0};
    const char *names[] = {"a weight 0 for the tree", "interrupted",           "a self-loop",
                           "a missing deletion",      "an existing insertion", "growth"};
    for (int c = 0; c < 2; c++) {
        for (int rule = 0; rule < 6; rule++) {
            dyng_batch_semantics sem;
            dyng_semantics_upsert_last_wins(&sem);
            int32_t iu[] = {3, 1}, iv[] = {far[c], 1}, w[] = {1, 1}, du[] = {0}, dv[] = {3};
            int ni = 1, nd = 0;
            dyng_status want = DYNG_INVALID_ARGUMENT;
            switch (rule) {
            case 0: w[0] = 0; break; /* the tree (listed second) refuses it */
            case 1: want = DYNG_INTERRUPTED; break;
            case 2: sem.on_self_loop = DYNG_SELF_LOOP_ERROR, ni = 2; break;    /* (1, 1) */
            case 3: sem.on_missing_delete = DYNG_MISSING_ERROR, nd = 1; break; /* (0, 3) */
            case 4:
                sem.on_existing_insert = DYNG_EXISTING_ERROR, ni = 2;
                iu[1] = 1, iv[1] = 2; /* (1, 2) */
                break;
            default: sem.allow_vertex_growth = false;
            }
            cc_world world = cc_world_new(&sem);
            dyng_resources *res = NULL;
            dyng_graph_resources(&res, world.g);
            dyng_batch *b = cc_batch(ni, iu, iv, w, nd, du, dv);
            cc_shape before[3];
            cc_world_shape(&world, before);
            uint64_t v0 = 0, v1 = 0;
            dyng_graph_version(&v0, world.g);
            if (rule == 1)
                dyng_interrupt(res);
            dyng_testing_allocation_limit(limits[c]);
            const dyng_status st = cc_update(&world, b);
            dyng_testing_allocation_limit(0);
            dyng_interrupt_clear(res);
            if (st != want)
                fprintf(stderr, "%s: %s (%s), expected %s\n", names[rule], dyng_status_name(st),
                        dyng_error_message(), dyng_status_name(want));
            CHECK(st == want);
            dyng_graph_version(&v1, world.g);
            CHECK(v1 == v0);
            CHECK(cc_world_same(&world, before, names[rule]));
            if (rule == 1 && c == 1) {
                /* The same batch, accepted: the work grows to its size. */
                CHECK_OK(cc_update(&world, b));
                CHECK(world.h[0]->work.cap_n >= far[c] + 1 && world.h[0]->cap >= far[c] + 2);
                CHECK(world.h[1]->work.cap_n >= far[c] + 1);
                CHECK(matches_compute(world.g, world.h[0]) && matches_compute(world.g, world.h[1]));
            }
            dyng_batch_free(&b);
            cc_world_free(&world);
        }
    }

    /* Every allocation of an update that grows the graph (and deletes an
     * edge on a cycle, so that the searches run before the apply) failing in
     * turn, then every interrupt poll: each failure leaves every result as
     * it was. (Before, a histogram kept the blocks its prepare had grown
     * when a later allocation, or the next result's, failed.) Then the same
     * with the histograms' recount chosen (fault 2, 3): its prepare reserves
     * the blocks of the count with no bound too. */
    for (int sweep = 0; sweep < 4; sweep++) {
        const int fault = sweep % 2;
        dyng_testing_cycle_count_recount(sweep < 2 ? 0 : 2);
        cc_world world = cc_world_new(NULL);
        int32_t iu[] = {3, 2999}, iv[] = {2999, 0}, du[] = {1}, dv[] = {2};
        dyng_batch *b = cc_batch(2, iu, iv, NULL, 1, du, dv);
        int failures = 0;
        for (int64_t k = 1; k < 1000; k++) {
            cc_shape before[3];
            cc_world_shape(&world, before);
            if (fault == 0)
                dyng_testing_fail_allocation(k);
            else
                dyng_testing_interrupt_at_poll(k);
            const dyng_status st = cc_update(&world, b);
            dyng_testing_fail_allocation(0);
            dyng_testing_interrupt_at_poll(0);
            if (st == DYNG_OK)
                break;
            CHECK(st == (fault == 0 ? DYNG_OUT_OF_MEMORY : DYNG_INTERRUPTED));
            failures++;
            CHECK(cc_world_same(&world, before,
                                fault == 0 ? "an allocation failing" : "an interrupt"));
        }
        CHECK(failures >= (fault == 0 ? 6 : 1));
        CHECK(world.h[0]->work.cap_n >= 3000 && world.h[1]->work.cap_n >= 3000);
        CHECK(world.t->cap == 3000 && world.t->work.cap == 3000);
        CHECK(sweep < 2 ||
              (world.h[0]->work.blocks != NULL && world.h[0]->work.cap_blocks >= 3000));
        dyng_testing_cycle_count_recount(0);
        CHECK(matches_compute(world.g, world.h[0]) && matches_compute(world.g, world.h[1]));
        dyng_batch_free(&b);
        cc_world_free(&world);
    }

    /* The sizes follow the vertex count the batch leaves, not the ids it
     * names: a self-loop that the semantics drop grows nothing. */
    dyng_batch_semantics drop;
    dyng_semantics_upsert_last_wins(&drop);
    drop.on_self_loop = DYNG_SELF_LOOP_DROP;
    cc_world world = cc_world_new(&drop);
    cc_shape before[3];
    cc_world_shape(&world, before);
    int32_t lu[] = {7000, 3}, lv[] = {7000, 1};
    dyng_batch *b = cc_batch(2, lu, lv, NULL, 0, NULL, NULL);
    CHECK_OK(cc_update(&world, b));
    for (int i = 0; i < 2; i++) {
        CHECK(world.h[i]->work.cap_n == before[i].cap_n);
        CHECK(world.h[i]->work.cap_first == before[i].cap_first);
        CHECK(world.h[i]->cap == before[i].cap);
        CHECK(matches_compute(world.g, world.h[i]));
    }
    CHECK(world.t->cap == before[2].t_cap && world.t->work.cap == before[2].t_work_cap);
    dyng_batch_free(&b);
    cc_world_free(&world);
}

/* ---- long searches: closers and blocks ------------------------------------------- */

/* The rules of long searches, the closers and full counts in blocks
 * (dyng_testing_cycle_count_long_search): 0 by the bound (past 6), 1 never,
 * 2 always. */
static void set_long_search(int mode) { dyng_testing_cycle_count_long_search(mode); }

/* A random cactus of n vertices: cycles of 3 .. 5 hung at random vertices
 * of what is there, and pendant edges; its pairs into es/ed (returns how
 * many), each cycle's or pendant's pairs in a run, whose lengths go to
 * runs[0 .. *nruns) unless runs is NULL. */
static int64_t cactus_pairs(int64_t n, int64_t *es, int64_t *ed, int64_t *runs, int64_t *nruns) {
    int64_t m = 0, have = 1, nr = 0;
    while (have < n) {
        const int64_t a = rnd(have), k = 3 + rnd(3);
        if (rnd(3) == 0 || have + k - 1 > n) { /* a pendant edge */
            es[m] = a;
            ed[m++] = have++;
            if (runs)
                runs[nr] = 1;
            nr++;
            continue;
        }
        int64_t prev = a;
        for (int64_t i = 0; i < k - 1; i++) {
            es[m] = prev;
            ed[m++] = have;
            prev = have++;
        }
        es[m] = prev;
        ed[m++] = a;
        if (runs)
            runs[nr] = k;
        nr++;
    }
    if (nruns)
        *nruns = nr;
    return m;
}

/* An undirected shape of n vertices into es/ed (returns the pair count),
 * ids from 0 along it: kind 0 a path, 1 a ring, 2 a random cactus (cycles of
 * 3 .. 5 hung at random vertices, and pendant edges), 3 a tree and a few
 * more edges, 4 two rings joined by a path, 5 random pairs (as many as
 * vertices, plus a few). */
static int64_t shape_pairs(int kind, int64_t n, int64_t *es, int64_t *ed) {
    int64_t m = 0;
    if (kind == 0 || kind == 1) {
        for (int64_t v = 0; v + 1 < n; v++) {
            es[m] = v;
            ed[m++] = v + 1;
        }
        if (kind == 1 && n > 2) {
            es[m] = n - 1;
            ed[m++] = 0;
        }
    } else if (kind == 2) {
        m = cactus_pairs(n, es, ed, NULL, NULL);
    } else if (kind == 3) {
        for (int64_t v = 1; v < n; v++) {
            es[m] = rnd(v);
            ed[m++] = v;
        }
        for (int64_t extra = rnd(4); extra > 0; extra--) {
            es[m] = rnd(n);
            ed[m++] = rnd(n);
        }
    } else if (kind == 4) {
        const int64_t a = n / 3, b = n - n / 3; /* rings 0 .. a-1 and b .. n-1 */
        for (int64_t v = 0; v + 1 < n; v++) {
            es[m] = v;
            ed[m++] = v + 1;
        }
        es[m] = a - 1;
        ed[m++] = 0;
        es[m] = n - 1;
        ed[m++] = b;
    } else {
        m = random_edges(n, n + rnd(4), es, ed);
    }
    return m;
}

/* The pairs as edges of a graph: undirected as they are; directed each one
 * way, the other, or both (all both when `mutual`); then the ids permuted
 * at random unless `keep_ids` (ids that increase along chains are what made
 * a count quadratic). Returns the edge count. */
static int64_t orient(const int64_t *es, const int64_t *ed, int64_t m, int64_t n, bool directed,
                      bool mutual, bool keep_ids, int64_t *src, int64_t *dst) {
    int64_t perm[4096], k = 0;
    for (int64_t v = 0; v < n; v++)
        perm[v] = v;
    for (int64_t v = n - 1; v > 0 && !keep_ids; v--) {
        const int64_t j = rnd(v + 1), t = perm[v];
        perm[v] = perm[j];
        perm[j] = t;
    }
    for (int64_t e = 0; e < m; e++) {
        const int64_t u = perm[es[e]], v = perm[ed[e]];
        const int64_t way = !directed ? 0 : mutual ? 2 : rnd(3);
        if (way != 1) {
            src[k] = u;
            dst[k++] = v;
        }
        if (way != 0) {
            src[k] = v;
            dst[k++] = u;
        }
    }
    return k;
}

/* Chains, rings, cacti, trees with a few more edges, as small graphs of
 * every variant, with increasing and shuffled ids, directed ones with
 * mutual pairs: every bound (and none) with the rules of long searches
 * never, by the bound and always, against the oracle. */
static void test_blocks_oracle(void) {
    int graphs = 0;
    for (int t = 0; t < 360; t++) {
        variant v = random_variant();
        const int64_t n = 3 + rnd(MAXN - 2);
        int64_t es[64], ed[64], src[128], dst[128];
        const int64_t pairs = shape_pairs(t % 6, n, es, ed);
        const int64_t m = orient(es, ed, pairs, n, v.directed, rnd(2) == 0, rnd(2) == 0, src, dst);
        dyng_graph_properties p = props_of(&v);
        dyng_graph *g = build(&p, n, m, src, dst, t % 2 ? omp_res : seq_res);
        uint64_t all[MAXN + 1];
        oracle(g, -1, all);
        for (int mode = 0; mode <= 2; mode++) {
            set_long_search(mode);
            for (int64_t maxlen = -1; maxlen <= n + 1; maxlen++) {
                if (maxlen == 0 || maxlen == 1)
                    continue;
                uint64_t cut[MAXN + 1];
                for (int64_t k = 0; k <= n; k++)
                    cut[k] = maxlen < 0 || k <= maxlen ? all[k] : 0;
                dyng_cycle_count_result *r = compute(g, maxlen);
                const bool ok = r && counts_are(r, cut, n, maxlen);
                CHECK(ok);
                if (!ok)
                    fprintf(stderr,
                            "  shape %d: n %lld, m %lld, directed %d, max_length %lld, long search "
                            "%d\n",
                            t % 6, (long long)n, (long long)m, v.directed, (long long)maxlen, mode);
                dyng_cycle_count_result_free(&r);
            }
        }
        dyng_graph_free(&g);
        graphs++;
    }
    set_long_search(0);
    CHECK(graphs == 360);
}

/* Bigger sparse graphs, past the oracle: random cacti, whose cycles are
 * known (each cycle of the shape, and on a directed graph each way it runs,
 * and a 2-cycle per mutual pair), and random trees with a few more edges,
 * on which counting with the rules of long searches (in blocks) and without them
 * agree, on 1 and 2 threads. */
static void test_blocks_bigger(void) {
    for (int t = 0; t < 24; t++) {
        variant v = random_variant();
        const int64_t n = 200 + rnd(200);
        int64_t *es = malloc(4 * (size_t)n * 8), *ed = malloc(4 * (size_t)n * 8);
        int64_t *src = malloc(8 * (size_t)n * 8), *dst = malloc(8 * (size_t)n * 8);
        int64_t *runs = malloc((size_t)n * 8), nruns = 0;
        uint64_t expect[16] = {0};
        int64_t m = 0;
        if (t % 2 == 0) {
            /* A cactus, each cycle (or pendant edge) one way, the other or
             * both, with the cycles it makes. */
            cactus_pairs(n, es, ed, runs, &nruns);
            for (int64_t j = 0, e = 0; j < nruns; j++) {
                const int64_t k = runs[j], end = e + k; /* k 1: a pendant edge */
                const int64_t way = v.directed ? rnd(3) : 0;
                for (int64_t i = e; i < end; i++) {
                    if (way != 1) {
                        src[m] = es[i];
                        dst[m++] = ed[i];
                    }
                    if (way != 0) {
                        src[m] = ed[i];
                        dst[m++] = es[i];
                    }
                }
                if (k >= 3)
                    expect[k] += way == 2 ? 2 : 1;
                if (way == 2)
                    expect[2] += (uint64_t)k;
                e = end;
            }
            /* Ids at random: a cut vertex's blocks below and above it. */
            int64_t *perm = malloc((size_t)n * 8);
            for (int64_t x = 0; x < n; x++)
                perm[x] = x;
            for (int64_t x = n - 1; x > 0; x--) {
                const int64_t j = rnd(x + 1), tmp = perm[x];
                perm[x] = perm[j];
                perm[j] = tmp;
            }
            for (int64_t e = 0; e < m && t % 4 == 0; e++) {
                src[e] = perm[src[e]];
                dst[e] = perm[dst[e]];
            }
            free(perm);
        } else {
            /* A random tree and 3 to 9 more edges (random pairs about as many
             * as the vertices would hold dozens of independent cycles, and
             * so billions of cycles). */
            int64_t pairs = shape_pairs(3, n, es, ed);
            for (int64_t extra = 3 + rnd(4); extra > 0; extra--) {
                es[pairs] = rnd(n);
                ed[pairs++] = rnd(n);
            }
            m = orient(es, ed, pairs, n, v.directed, rnd(3) == 0, true, src, dst);
        }
        dyng_graph_properties p = props_of(&v);
        dyng_graph *g = build(&p, n, m, src, dst, seq_res);
        const int64_t maxlens[] = {-1, 7, 12};
        for (int i = 0; i < 3; i++) {
            set_long_search(2);
            dyng_cycle_count_result *a = compute(g, maxlens[i]);
            dyng_graph_set_resources(g, omp_res);
            dyng_cycle_count_result *b = compute(g, maxlens[i]);
            dyng_graph_set_resources(g, seq_res);
            CHECK(a && b && same_counts(a, b));
            if (t % 2 == 0) {
                uint64_t cut[16];
                const int64_t top = maxlens[i] < 0 ? 15 : maxlens[i];
                for (int64_t k = 0; k < 16; k++)
                    cut[k] = k <= top ? expect[k] : 0;
                const uint64_t *c;
                int64_t len = 0;
                CHECK(a && dyng_cycle_count_result_counts(&c, &len, a) == DYNG_OK);
                bool same = a != NULL;
                for (int64_t k = 0; a && k < 16; k++)
                    same = same && (k < len ? c[k] : 0) == cut[k];
                CHECK(same && len <= 16);
            }
            if (maxlens[i] > 0 || t % 2 == 1) { /* without blocks (a cactus: bounded) */
                set_long_search(1);
                dyng_cycle_count_result *c = compute(g, maxlens[i]);
                CHECK(a && c && same_counts(a, c));
                dyng_cycle_count_result_free(&c);
            }
            dyng_cycle_count_result_free(&a);
            dyng_cycle_count_result_free(&b);
        }
        set_long_search(0);
        dyng_graph_free(&g);
        free(es);
        free(ed);
        free(src);
        free(dst);
        free(runs);
    }
}

/* The search steps and row slots of r's last full count (compute or
 * recount). */
static int64_t steps_of(const dyng_cycle_count_result *r) {
    int64_t steps = 0;
    for (int t = 0; t < r->work.threads; t++)
        steps += r->work.th[t].steps;
    return steps;
}

/* Long chains whose ids increase along them, with no bound: each root used
 * to walk the whole rest of the chain (its neighbour on the chain is close
 * to it, through the very edge the search left by), so a count took time
 * quadratic in the length, with few or no cycles. The work of a count, its
 * search steps and the row slots it reads, must now be linear: a few per
 * vertex and entry. (Quadratic: about n^2 / 2 steps, 4.5 million here.) */
static void test_long_chains(void) {
    enum { N = 3000 };
    int64_t *es = malloc(4 * N * 8), *ed = malloc(4 * N * 8);
    int64_t *src = malloc(8 * N * 8), *dst = malloc(8 * N * 8);
    for (int c = 0; c < 7; c++) {
        /* 0 path, 1 ring, 2 mutual directed path, 3 mutual directed ring,
         * 4 a path with a pendant edge at each vertex, 5 a short chain of
         * triangles (a count without blocks walks every path through them:
         * exponential in their number), 6 a directed path with a hub of a
         * larger id to it */
        int64_t n = N, m = 0;
        bool directed = c == 2 || c == 3 || c == 6;
        uint64_t expect[N + 1];
        memset(expect, 0, sizeof expect);
        if (c <= 3) {
            const int64_t pairs = shape_pairs(c % 2, n, es, ed);
            m = orient(es, ed, pairs, n, directed, true, true, src, dst);
            if (c == 1)
                expect[N] = 1;
            if (c == 2)
                expect[2] = N - 1;
            if (c == 3) {
                expect[2] = N;
                expect[N] = 2;
            }
        } else if (c == 4) {
            n = 2 * N;
            for (int64_t v = 0; v < N; v++) {
                if (v + 1 < N) {
                    src[m] = v;
                    dst[m++] = v + 1;
                }
                src[m] = v;
                dst[m++] = N + v;
            }
        } else if (c == 5) {
            n = 41; /* 20 triangles {2i, 2i + 1, 2i + 2}: 2^20 paths from 0 */
            for (int64_t i = 0; 2 * i + 2 < n; i++) {
                const int64_t a = 2 * i, tri[3][2] = {{a, a + 1}, {a + 1, a + 2}, {a, a + 2}};
                for (int e = 0; e < 3; e++) {
                    src[m] = tri[e][0];
                    dst[m++] = tri[e][1];
                }
                expect[3]++;
            }
        } else {
            n = N + 1;
            for (int64_t v = 0; v < N; v++) {
                if (v + 1 < N) {
                    src[m] = v;
                    dst[m++] = v + 1;
                }
                src[m] = N; /* the hub: an edge to every vertex, none back */
                dst[m++] = v;
            }
        }
        dyng_graph_properties p;
        dyng_properties_default(&p);
        p.directed = directed;
        dyng_graph *g = build(&p, n, m, src, dst, seq_res);
        dyng_cycle_count_result *r = compute(g, -1);
        CHECK(r && counts_are(r, expect, n > N ? N : n, -1));
        const int64_t steps = r ? steps_of(r) : -1, slots = r ? r->work_slots : -1;
        const bool linear = r && steps <= 6 * n && slots <= 16 * (n + m);
        CHECK(linear);
        if (!linear)
            fprintf(stderr, "  chain %d: %lld vertices, %lld edges: %lld steps, %lld slots\n", c,
                    (long long)n, (long long)m, (long long)steps, (long long)slots);
        /* A recount (the update's fallback) is a full count too: closing the
         * path into a ring, one cycle of length N. */
        if (c == 0 && r) {
            set_recount(2);
            int64_t ring[2] = {N - 1, 0};
            dyng_batch *b = batch_of(0, ring, 1, ring, 0);
            dyng_cycle_count_stats s;
            CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
            uint64_t one[N + 1];
            memset(one, 0, sizeof one);
            one[N] = 1;
            CHECK(s.fallback_used && s.iterations <= 6 * n && counts_are(r, one, N, -1));
            dyng_batch_free(&b);
            set_recount(1);
        }
        dyng_cycle_count_result_free(&r);
        dyng_graph_free(&g);
    }
    free(es);
    free(ed);
    free(src);
    free(dst);
}

/* ---- messages and the histogram's span --------------------------------------- */

/* A count that would go negative names its length and its cause: counts
 * given to from_counts, or (a computed result) a bug. */
static void test_poison_messages(void) {
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.directed = false;
    int64_t src[] = {0, 1, 2}, dst[] = {1, 2, 0}, du[] = {0}, dv[] = {1};
    for (int from_counts = 0; from_counts <= 1; from_counts++) {
        dyng_graph *g = build(&p, 3, 3, src, dst, seq_res);
        dyng_cycle_count_options o;
        dyng_cycle_count_options_default(&o);
        o.max_length = 4;
        uint64_t counts[5] = {0};
        dyng_cycle_count_result *r = NULL;
        if (from_counts) {
            CHECK_OK(dyng_cycle_count_result_from_counts(&r, g, counts, 5, &o));
        } else {
            CHECK_OK(dyng_cycle_count_compute(&r, g, &o));
            if (r)
                r->counts[3] = 0; /* as a bug would leave it */
        }
        dyng_batch *b = NULL;
        dyng_batch_new(&b, DYNG_TYPE_INT64, 0);
        dyng_batch_add_deletions(b, 1, du, dv);
        dyng_cycle_count_stats s;
        CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
        CHECK(!s.converged);
        uint64_t total = 0;
        CHECK_STATUS(dyng_cycle_count_result_total(&total, r), DYNG_INTERNAL);
        const char *msg = dyng_error_message();
        CHECK(strstr(msg, "length 3") != NULL && strstr(msg, "recomputed") != NULL);
        if (from_counts)
            CHECK(strstr(msg, "from_counts") != NULL && strstr(msg, "were wrong") != NULL);
        else
            CHECK(strstr(msg, "a bug in dynG") != NULL && strstr(msg, "were wrong") == NULL);
        if (strstr(msg, "length 3") == NULL)
            fprintf(stderr, "  message: %s\n", msg);
        dyng_batch_free(&b);
        dyng_cycle_count_result_free(&r);
        dyng_graph_free(&g);
    }
}

/* from_counts with no bound: a length out of range and a last count of 0
 * are told apart. */
static void test_from_counts_messages(void) {
    dyng_graph *g = triangle(false);
    dyng_cycle_count_options o;
    dyng_cycle_count_options_default(&o);
    o.max_length = -1;
    uint64_t counts[6] = {0, 0, 0, 0, 0, 0};
    dyng_cycle_count_result *r = NULL;
    CHECK_STATUS(dyng_cycle_count_result_from_counts(&r, g, counts, 4, &o), DYNG_INVALID_ARGUMENT);
    const char *msg = dyng_error_message();
    CHECK(strstr(msg, "counts[3], the last of the 4 counts, is 0") != NULL &&
          strstr(msg, "len is") == NULL);
    CHECK_STATUS(dyng_cycle_count_result_from_counts(&r, g, counts, 5, &o), DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "len is 5") != NULL &&
          strstr(dyng_error_message(), "1 .. 4 entries") != NULL);
    CHECK_OK(dyng_cycle_count_result_from_counts(&r, g, counts, 1, &o));
    dyng_cycle_count_result_free(&r);
    counts[3] = 1;
    CHECK_OK(dyng_cycle_count_result_from_counts(&r, g, counts, 4, &o));
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
}

/* The span the bindings read (to_dict): the lengths up to the vertex count,
 * whatever the bound; it follows the graph's growth through updates. */
static void test_span(void) {
    dyng_graph *g = triangle(false);
    dyng_cycle_count_result *r = compute(g, 1 << 24);
    const uint64_t *c;
    int64_t len = 0;
    CHECK(r && dyng_cycle_count_result_counts(&c, &len, r) == DYNG_OK && len == (1 << 24) + 1);
    CHECK(r && dyng_i_cycle_count_result_span(r) == 4);
    int64_t add[] = {2, 3, 3, 4, 4, 0};
    dyng_batch *b = batch_of(0, add, 3, add, 0); /* a square on 0, 2, 3, 4 */
    CHECK_OK(dyng_cycle_count_update(g, b, r, NULL));
    CHECK(r && dyng_i_cycle_count_result_span(r) == 6);
    dyng_cycle_count_result *copy = NULL;
    CHECK_OK(dyng_cycle_count_result_clone(&copy, r));
    CHECK(copy && dyng_i_cycle_count_result_span(copy) == 6);
    dyng_cycle_count_result_free(&copy);
    dyng_cycle_count_result_free(&r);
    r = compute(g, 3); /* a bound below the vertex count: the bound */
    CHECK(r && dyng_i_cycle_count_result_span(r) == 4);
    dyng_cycle_count_result_free(&r);
    dyng_batch_free(&b);
    dyng_graph_free(&g);
}

/* ---- the degree order -------------------------------------------------------- */

/* When full counts run on a copy renumbered in degree order
 * (dyng_testing_cycle_count_order): 0 by the estimate, 1 never, 2 always. */
static void set_order(int mode) { dyng_testing_cycle_count_order(mode); }

/* The work of r's last full count: its search steps and row slots, against
 * a few per vertex and entry (m counts each undirected edge twice: the rows
 * hold both directions). Quadratic in a hub's degree without the degree
 * order (see test_hubs_last). */
static bool linear_work(const dyng_cycle_count_result *r, int64_t n, int64_t m, const char *what) {
    const int64_t steps = steps_of(r), slots = r->work_slots;
    const bool linear = steps <= 16 * (n + m) && slots <= 32 * (n + m);
    if (!linear)
        fprintf(stderr, "  %s: %lld vertices, %lld entries: %lld steps, %lld slots\n", what,
                (long long)n, (long long)m, (long long)steps, (long long)slots);
    return linear;
}

/* Graphs whose hubs have the largest ids: a root reads the in-rows of its
 * in-neighbours above it out to radius 2, so each hub's row used to be read
 * by each of its neighbours below it, O(D^2) for degree D (a star of 30,000
 * took 1.2 s against 1 ms numbered hub first). Counted in degree order the
 * work is linear; with the order forced off (the count as it was) it is
 * not, which shows that these checks catch the cliff. Counts: known by
 * construction, or the same as without the order. */
static void test_hubs_last(void) {
    enum { N = 3000, B = 1000, U = 3000, ITEMS = 300 };
    int64_t *src = malloc(10 * U * 8), *dst = malloc(10 * U * 8);
    for (int c = 0; c < 3; c++) {
        /* 0: a star with its hub last, plus 5 triangles (hub, 2i, 2i + 1);
         * 1: K(3, B) with the 3 hubs last; 2: a user-item multigraph in
         * append order (the mosp preset), users 0 .. U - 1, then items of
         * Zipf-like popularity, directed both ways (so 2-cycles too). */
        int64_t n = 0, m = 0, maxlen = 4;
        uint64_t expect[8] = {0};
        dyng_graph_properties p;
        dyng_properties_default(&p);
        p.directed = false;
        if (c == 0) {
            n = N;
            for (int64_t v = 0; v < N - 1; v++) {
                src[m] = N - 1;
                dst[m++] = v;
            }
            for (int64_t i = 0; i < 5; i++) {
                src[m] = 2 * i;
                dst[m++] = 2 * i + 1;
            }
            expect[3] = 5;
            maxlen = 3;
        } else if (c == 1) {
            n = B + 3;
            for (int64_t h = 0; h < 3; h++)
                for (int64_t v = 0; v < B; v++) {
                    src[m] = B + h;
                    dst[m++] = v;
                }
            expect[4] = 3 * (uint64_t)B * (B - 1) / 2; /* two hubs, two of the others */
        } else {
            n = U + ITEMS;
            dyng_properties_mosp_compatible(&p, 0);
            p.directed = true;
            for (int64_t e = 0; e < 5 * U; e++) {
                /* item i with probability about 1 / (i + 1): the smallest i
                 * with (i + 1) * x >= 1 for a uniform x */
                const double x = (double)(next() % 1000000 + 1) / 1e6;
                int64_t item = (int64_t)(1.0 / x) - 1;
                item = item >= ITEMS ? ITEMS - 1 : item;
                const int64_t user = rnd(U);
                src[m] = user;
                dst[m++] = U + item;
                src[m] = U + item;
                dst[m++] = user;
            }
        }
        const int64_t entries = p.directed ? m : 2 * m;
        dyng_graph *g = build(&p, n, m, src, dst, seq_res);
        set_order(0);
        dyng_cycle_count_result *r = compute(g, maxlen);
        CHECK(r && linear_work(r, n, entries, c == 0 ? "star" : c == 1 ? "K(3, B)" : "user-item"));
        /* The count as it was: the same counts, quadratic work. */
        set_order(1);
        dyng_cycle_count_result *was = compute(g, maxlen);
        CHECK(was && r && same_counts(r, was));
        CHECK(was && was->work_slots > 32 * (n + entries));
        if (c < 2)
            CHECK(r && counts_are(r, expect, maxlen, maxlen));
        set_order(0);
        /* Every bound, and none, on the star (the blocks and the closers of
         * long searches on the copy); 5 on K(3, B), where a search past 4
         * reads a hub's row from each of the B^2 paths of two steps from
         * the hubs (inherent work: there are B^3 cycles of 6). */
        for (int64_t k = 5; k <= (c == 0 ? 8 : 5) && c < 2; k++) {
            dyng_cycle_count_result *q = compute(g, k == 8 ? -1 : k);
            CHECK(q && counts_are(q, expect, 7, k == 8 ? -1 : k));
            if (c == 0)
                CHECK(q && linear_work(q, n, entries, "every bound"));
            dyng_cycle_count_result_free(&q);
        }
        /* A recount (an update's fallback) takes the order too: a triangle
         * of leaves (star), or an edge between two of the others (K(3, B):
         * 3 triangles). */
        if (c < 2 && r) {
            set_recount(2);
            int64_t tri[2] = {6 * c + 11, 6 * c + 12};
            dyng_batch *b = batch_of(0, tri, 1, tri, 0);
            dyng_cycle_count_stats s;
            CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
            CHECK(s.fallback_used && s.converged && matches_compute(g, r));
            CHECK(linear_work(r, n, entries + 2, "recount"));
            dyng_batch_free(&b);
            set_recount(1);
        }
        dyng_cycle_count_result_free(&r);
        dyng_cycle_count_result_free(&was);
        dyng_graph_free(&g);
    }
    free(src);
    free(dst);
}

/* Random graphs of every kind (directed or not, multigraphs, append order,
 * self-loops), every bound: the counts in degree order, forced, equal the
 * oracle's and those without it; and so do updates that recount with it
 * forced, and a compute and a recount whose allocations fail in turn. */
static void test_order_oracle(void) {
    int graphs = 0;
    for (int t = 0; t < 300; t++) {
        variant v = random_variant();
        const int64_t n = 1 + rnd(MAXN), m = rnd(3 * n + 1);
        int64_t src[64], dst[64];
        random_edges(n, m, src, dst);
        dyng_graph_properties p = props_of(&v);
        dyng_graph *g = build(&p, n, m, src, dst, t % 2 ? omp_res : seq_res);
        uint64_t all[MAXN + 1];
        oracle(g, -1, all);
        for (int64_t maxlen = -1; maxlen <= 8; maxlen++) {
            if (maxlen == 0 || maxlen == 1)
                continue;
            uint64_t cut[MAXN + 1];
            for (int64_t k = 0; k <= n; k++)
                cut[k] = maxlen < 0 || k <= maxlen ? all[k] : 0;
            set_order(2);
            dyng_cycle_count_result *on = compute(g, maxlen);
            set_order(1);
            dyng_cycle_count_result *off = compute(g, maxlen);
            const bool ok = on && off && counts_are(on, cut, n, maxlen) && same_counts(on, off);
            CHECK(ok);
            if (!ok)
                fprintf(stderr, "  graph %d: n %lld, m %lld, directed %d, max_length %lld\n", t,
                        (long long)n, (long long)m, v.directed, (long long)maxlen);
            dyng_cycle_count_result_free(&on);
            dyng_cycle_count_result_free(&off);
        }
        /* Two updates that recount, in degree order. */
        set_order(2);
        set_recount(2);
        dyng_cycle_count_result *r = compute(g, t % 3 == 0 ? -1 : 3 + t % 5);
        for (int i = 0; i < 2 && r; i++) {
            dyng_batch *b = random_batch(g, 1 + rnd(6), v.K);
            CHECK(update_and_check(g, b, r, "recount in degree order"));
            dyng_batch_free(&b);
        }
        set_recount(1);
        set_order(0);
        dyng_cycle_count_result_free(&r);
        dyng_graph_free(&g);
        graphs++;
    }
    CHECK(graphs == 300);

    /* Every allocation failing in turn, in degree order: a compute, then an
     * update that recounts (DYNG_OUT_OF_MEMORY, graph and result as they
     * were). */
    set_order(2);
    dyng_graph_properties p;
    dyng_properties_default(&p);
    int64_t src[] = {0, 1, 2, 2, 3, 1, 4}, dst[] = {1, 2, 0, 3, 1, 0, 4};
    dyng_graph *g = build(&p, 5, 7, src, dst, seq_res);
    dyng_cycle_count_result *r = NULL;
    int failures = 0;
    for (int64_t k = 1; k < 10000; k++) {
        dyng_testing_fail_allocation(k);
        dyng_status st = dyng_cycle_count_compute(&r, g, NULL);
        dyng_testing_fail_allocation(0);
        if (st == DYNG_OK)
            break;
        CHECK(st == DYNG_OUT_OF_MEMORY && r == NULL);
        failures++;
    }
    CHECK(failures >= 4 && r && matches_compute(g, r));
    set_recount(2);
    int64_t add[] = {0, 3, 3, 4}, del[] = {1, 2};
    dyng_batch *b = batch_of(1, del, 2, add, 0);
    snapshot s0;
    snap(&s0, g, r);
    failures = 0;
    for (int64_t k = 1; k < 10000 && r; k++) {
        dyng_testing_fail_allocation(k);
        dyng_status st = dyng_cycle_count_update(g, b, r, NULL);
        dyng_testing_fail_allocation(0);
        if (st == DYNG_OK)
            break;
        CHECK(st == DYNG_OUT_OF_MEMORY);
        CHECK(snap_same(&s0, g, r));
        failures++;
    }
    CHECK(failures >= 3 && r && matches_compute(g, r) && r->work.order == NULL);
    snap_free(&s0);
    set_recount(1);
    set_order(0);
    dyng_batch_free(&b);
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
}

/* ---- the budget of an update's searches ------------------------------------------ */

/* The budget of the updates' searches (dyng_testing_cycle_count_budget): -1
 * for half the slots of the last full count (the default), or that many
 * slots, the estimate then never choosing to recount. */
static void set_budget(int64_t slots) { dyng_testing_cycle_count_budget(slots); }

/* One count of the pair searches through keys[0 .. count) of g (int32 ids
 * and offsets, sorted simple rows, in-rows stored) up to L, in r's work
 * arrays with `first` set for all the keys, within `b`. */
static dyng_status pairs_count(const dyng_graph *g, dyng_cycle_count_result *r, int64_t L,
                               const dyng_i_cc_key *keys, int64_t count, int threads,
                               dyng_i_cc_budget *b, uint64_t *out, int64_t *steps) {
    const dyng_i_cc_setup su = {.L = L,
                                .minlen = g->p.directed ? 2 : 3,
                                .radius = 2,
                                .pair_radius = 1,
                                .dedupe = DYNG_I_CC_DEDUPE_NONE,
                                .long_search = false,
                                .blocks = false};
    const dyng_i_adj *in = g->p.directed ? &g->in : &g->out;
    return dyng_i_cc_v32_o32.count_pairs(g, in, &su, &r->work, keys, count, threads, NULL, b, out,
                                         steps);
}

/*
 * The kernel's budget, exactly: the searches through a batch's pairs stop
 * (over) when the row slots they read pass the limit, the sum over every
 * pair however the threads share them; a limit they do not pass gives the
 * counts of a count without one. With a sample (every stride-th key first),
 * they also stop when the sample's slots, scaled by whole / part, pass it.
 * The slots of each pair's search are the differences of counts through
 * growing prefixes of the keys (the search through key j avoids keys
 * before j only), so the sample's sum is known here without the kernel.
 */
static void test_budget_kernel(void) {
    /* The work arrays hold omp_res's threads: 2, or 1 in a build without OpenMP. */
    const int most = dyng_openmp_available() ? 2 : 1;
    for (int round = 0; round < 4; round++) {
        dyng_graph_properties p;
        dyng_properties_default(&p);
        p.directed = round % 2 == 0;
        const int64_t n = 120, m = 700, L = round < 2 ? 5 : 4;
        int64_t *src = malloc((size_t)m * 8), *dst = malloc((size_t)m * 8);
        random_edges(n, m, src, dst);
        dyng_graph *g = build(&p, n, m, src, dst, omp_res);
        dyng_cycle_count_result *r = compute(g, L);
        /* The keys: up to 40 distinct edges (not self-loops), sorted. */
        int64_t *es, *ed;
        const int64_t me = edges_of(g, &es, &ed);
        dyng_i_cc_key keys[40];
        int64_t count = 0;
        for (int64_t e = 0; e < me && count < 40; e += 1 + me / 50)
            if (es[e] != ed[e]) {
                keys[count].a = es[e] < ed[e] || p.directed ? es[e] : ed[e];
                keys[count].b = es[e] < ed[e] || p.directed ? ed[e] : es[e];
                count++;
            }
        for (int64_t i = 1; i < count; i++) /* insertion sort by (a, b) */
            for (int64_t j = i;
                 j > 0 && (keys[j - 1].a > keys[j].a ||
                           (keys[j - 1].a == keys[j].a && keys[j - 1].b > keys[j].b));
                 j--) {
                const dyng_i_cc_key t = keys[j];
                keys[j] = keys[j - 1];
                keys[j - 1] = t;
            }
        int64_t kept = 0; /* each once */
        for (int64_t i = 0; i < count; i++)
            if (kept == 0 || keys[kept - 1].a != keys[i].a || keys[kept - 1].b != keys[i].b)
                keys[kept++] = keys[i];
        count = kept;
        REQUIRE(count >= 20);
        uint32_t *first = calloc((size_t)r->work.cap_n, sizeof(uint32_t));
        for (int64_t j = count - 1; j >= 0; j--)
            first[keys[j].a] = (uint32_t)(j + 1);
        r->work.first = first;
        /* Without a limit: the counts, and the slots of each prefix. */
        uint64_t all[8], got[8];
        int64_t steps = 0, prefix[41] = {0}, total = 0;
        dyng_i_cc_budget none = {.limit = INT64_MAX};
        CHECK_OK(pairs_count(g, r, L, keys, count, most, &none, all, &steps));
        CHECK(!none.over && none.used > 0);
        total = none.used;
        for (int64_t c = 1; c <= count; c++) {
            dyng_i_cc_budget b = {.limit = INT64_MAX};
            CHECK_OK(pairs_count(g, r, L, keys, c, 1, &b, got, &steps));
            prefix[c] = b.used;
        }
        CHECK(prefix[count] == total);
        for (int threads = 1; threads <= most; threads++) {
            /* The limit: passed by one slot, or not at all. */
            dyng_i_cc_budget b = {.limit = total};
            memset(got, 0xff, sizeof got);
            CHECK_OK(pairs_count(g, r, L, keys, count, threads, &b, got, &steps));
            CHECK(!b.over && b.used == total && memcmp(got, all, (size_t)(L + 1) * 8) == 0);
            b = (dyng_i_cc_budget){.limit = total - 1};
            memset(got, 0xff, sizeof got);
            CHECK_OK(pairs_count(g, r, L, keys, count, threads, &b, got, &steps));
            CHECK(b.over && got[0] == UINT64_MAX); /* out untouched */
            /* A small limit stops them inside the first pairs. */
            b = (dyng_i_cc_budget){.limit = prefix[1] / 2};
            CHECK_OK(pairs_count(g, r, L, keys, count, threads, &b, got, &steps));
            CHECK(b.over && b.used < total);
            /* The sample: every 3rd key, scaled by 7 / 2. */
            int64_t sample = 0;
            for (int64_t j = 0; j < count; j += 3)
                sample += prefix[j + 1] - prefix[j];
            CHECK(sample > 0 && 7 * sample / 2 < 4 * total);
            const int64_t edge = (7 * sample + 1) / 2; /* ceil(7 * sample / 2) */
            const int64_t limits[] = {edge - 1, edge, 4 * total};
            for (int i = 0; i < 3; i++) {
                /* over iff 7 * sample > 2 * limit, or the slots pass it */
                const bool want = 7 * sample > 2 * limits[i] || total > limits[i];
                b = (dyng_i_cc_budget){.limit = limits[i], .stride = 3, .whole = 7, .part = 2};
                memset(got, 0xff, sizeof got);
                CHECK_OK(pairs_count(g, r, L, keys, count, threads, &b, got, &steps));
                CHECK(b.over == want);
                if (!want) /* sampled first or not, the same counts */
                    CHECK(b.used == total && memcmp(got, all, (size_t)(L + 1) * 8) == 0);
                if (b.over != want)
                    fprintf(stderr, "  sample: limit %lld, sample %lld, total %lld, used %lld\n",
                            (long long)limits[i], (long long)sample, (long long)total,
                            (long long)b.used);
            }
        }
        r->work.first = NULL;
        free(first);
        free(es);
        free(ed);
        free(src);
        free(dst);
        dyng_cycle_count_result_free(&r);
        dyng_graph_free(&g);
    }
}

/* The stats two updates must agree on: the same graph and batch on one
 * thread and on two. */
static bool same_stats(const dyng_cycle_count_stats *a, const dyng_cycle_count_stats *b) {
    return a->affected == b->affected && a->iterations == b->iterations &&
           a->fallback_used == b->fallback_used && a->converged == b->converged &&
           a->deletions == b->deletions && a->insertions == b->insertions &&
           a->cycles_removed == b->cycles_removed && a->cycles_added == b->cycles_added;
}

/* A batch of only deletions (kind 0), only insertions (1), or both (2),
 * from a random batch of g. */
static dyng_batch *batch_kind(const dyng_graph *g, int64_t size, int K, int kind) {
    dyng_batch *full = random_batch(g, size, K);
    if (kind == 2)
        return full;
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT64, K));
    int64_t nd = 0, ni = 0;
    dyng_batch_num_deletions(&nd, full);
    dyng_batch_num_insertions(&ni, full);
    const void *u, *v;
    const int32_t *w;
    if (kind == 0) {
        REQUIRE_OK(dyng_batch_deletions(&u, &v, full));
        REQUIRE_OK(dyng_batch_add_deletions(b, nd, u, v));
    } else {
        REQUIRE_OK(dyng_batch_insertions(&u, &v, &w, full));
        REQUIRE_OK(dyng_batch_add_insertions(b, ni, u, v, K ? w : NULL));
    }
    dyng_batch_free(&full);
    return b;
}

/*
 * Updates whose searches stop at a budget: the counts of a compute (and of
 * the oracle), on one thread and on two with the same stats, the budget
 * stopping them before the apply (deletions), after it (insertions), or
 * either (both), at random points of random streams. A budget of 0 stops
 * any search that reads a row; one that is never reached recounts nothing.
 */
static void test_budget_streams(void) {
    set_recount(0);
    int stopped = 0, searched = 0;
    for (int i = 0; i < 120; i++) {
        variant v = random_variant();
        const bool small = i < 80;
        const int64_t maxlens[] = {-1, 3, 4, 5, 6};
        const int64_t maxlen = small ? maxlens[rnd(5)] : 3 + rnd(3);
        const int64_t n = small ? 6 + rnd(5) : 100, m = small ? 10 + rnd(25) : 450;
        int64_t *src = malloc((size_t)m * 8), *dst = malloc((size_t)m * 8);
        random_edges(n, m, src, dst);
        dyng_graph_properties p = props_of(&v);
        dyng_graph *g1 = build(&p, n, m, src, dst, seq_res);
        dyng_graph *g2 = build(&p, n, m, src, dst, omp_res);
        dyng_cycle_count_result *r1 = compute(g1, maxlen), *r2 = compute(g2, maxlen);
        for (int t = 0; t < (small ? 6 : 4); t++) {
            int64_t nv = 0;
            dyng_graph_num_vertices(&nv, g1);
            if (maxlen < 0 && nv > MAXN - 2)
                break;
            const int kind = (int)rnd(3);
            dyng_batch *b = batch_kind(g1, small ? 1 + rnd(8) : 20 + rnd(50), v.K, kind);
            const int64_t budgets[] = {0, 1, 3, 10, 30, 100, 300, 1000, 5000, INT64_MAX / 4};
            const int64_t budget = budgets[rnd(10)];
            set_budget(budget);
            dyng_cycle_count_stats s1, s2;
            CHECK_OK(dyng_cycle_count_update(g1, b, r1, &s1));
            CHECK_OK(dyng_cycle_count_update(g2, b, r2, &s2));
            set_budget(-1);
            bool ok = same_stats(&s1, &s2) && s1.converged && same_counts(r1, r2) &&
                      matches_compute(g1, r1);
            int64_t n1 = 0;
            dyng_graph_num_vertices(&n1, g1);
            if (ok && n1 <= MAXN) {
                uint64_t all[MAXN + 1];
                oracle(g1, maxlen, all);
                ok = counts_are(r1, all, n1, maxlen);
            }
            if (budget == INT64_MAX / 4)
                ok = ok && !s1.fallback_used;
            stopped += s1.fallback_used;
            searched += !s1.fallback_used;
            if (!ok)
                fprintf(stderr,
                        "  budget stream %d batch %d: kind %d, budget %lld, max_length %lld, "
                        "fallback %d/%d, iterations %lld/%lld\n",
                        i, t, kind, (long long)budget, (long long)maxlen, s1.fallback_used,
                        s2.fallback_used, (long long)s1.iterations, (long long)s2.iterations);
            CHECK(ok);
            dyng_batch_free(&b);
            if (!ok)
                break;
        }
        dyng_cycle_count_result_free(&r1);
        dyng_cycle_count_result_free(&r2);
        dyng_graph_free(&g1);
        dyng_graph_free(&g2);
        free(src);
        free(dst);
    }
    CHECK(stopped > 50 && searched > 50);
    set_recount(1);
}

/*
 * Where the budget stops the searches, and what the recount then has: on a
 * directed graph with two triangles, a budget of 0 stops the search through
 * a deleted edge on a triangle (before the apply) and through an inserted
 * edge that closes one (after it), and a budget they do not reach stops
 * nothing. The recount runs in degree order (forced) and in blocks (long
 * searches forced), in room its prepare reserved: the order's, which only
 * a recount takes, and the blocks', which a clone of a result has none of.
 */
static void test_budget_stops(void) {
    set_recount(0);
    set_order(2);
    set_long_search(2);
    for (int where = 0; where < 3; where++) {
        dyng_graph_properties p;
        dyng_properties_default(&p);
        int64_t src[] = {0, 1, 2, 3, 4, 5, 2}, dst[] = {1, 2, 0, 4, 5, 3, 3};
        dyng_graph *g = build(&p, 7, 7, src, dst, where == 1 ? omp_res : seq_res);
        dyng_cycle_count_result *c = compute(g, 4), *r = NULL;
        CHECK_OK(dyng_cycle_count_result_clone(&r, c)); /* no work arrays, no blocks */
        CHECK(r->work.blocks == NULL);
        int64_t del[] = {1, 2}, ins[] = {5, 6, 6, 3};
        /* where 0: delete 1 -> 2 (stops before the apply); 1: insert
         * 5 -> 6 -> 3 (after it); 2: both, with a budget never reached. */
        dyng_batch *b = batch_of(where != 1, del, where != 0 ? 2 : 0, ins, 0);
        set_budget(where == 2 ? INT64_MAX / 4 : 0);
        dyng_cycle_count_stats s;
        CHECK_OK(dyng_cycle_count_update(g, b, r, &s));
        set_budget(-1);
        CHECK(s.fallback_used == (where != 2) && s.converged && matches_compute(g, r));
        if (where != 2) {
            CHECK(r->ordered);             /* the order's room was there */
            CHECK(r->work.blocks != NULL); /* ... and the blocks' */
            CHECK(r->work.order == NULL);  /* freed by the finish */
            CHECK(s.iterations > 0 && s.affected == 1);
            CHECK(where == 0 ? s.cycles_removed == 1 && s.cycles_added == 0
                             : s.cycles_added == 1 && s.cycles_removed == 0);
        } else {
            CHECK(s.cycles_removed == 1 && s.cycles_added == 1);
        }
        dyng_batch_free(&b);
        dyng_cycle_count_result_free(&r);
        dyng_cycle_count_result_free(&c);
        dyng_graph_free(&g);
    }
    set_long_search(0);
    set_order(0);
    set_recount(1);
}

/*
 * Every allocation of an update whose searches stop at the budget failing
 * in turn: before the apply (a deletion: the recount's room is reserved
 * after the searches stopped) and after it (insertions: the room for the
 * recount the finish may choose), with the degree order forced so that
 * there is room to reserve. Each failure leaves graph and result as they
 * were; the update then succeeds, recounted.
 */
static void test_budget_failures(void) {
    set_recount(0);
    set_order(2);
    for (int where = 0; where < 2; where++) {
        dyng_graph_properties p;
        dyng_properties_default(&p);
        p.directed = where == 0;
        int64_t src[] = {0, 1, 2, 2, 3, 1}, dst[] = {1, 2, 0, 3, 1, 0};
        dyng_graph *g = build(&p, 4, 6, src, dst, seq_res);
        dyng_cycle_count_result *r = compute(g, 5);
        int64_t del[] = {1, 2}, ins[] = {3, 5, 5, 0};
        dyng_batch *b = batch_of(where == 0, del, where == 1 ? 2 : 0, ins, 0);
        snapshot s0;
        snap(&s0, g, r);
        int failures = 0;
        dyng_status st = DYNG_OK;
        dyng_cycle_count_stats s;
        for (int64_t k = 1; k < 10000; k++) {
            set_budget(0);
            dyng_testing_fail_allocation(k);
            st = dyng_cycle_count_update(g, b, r, &s);
            dyng_testing_fail_allocation(0);
            set_budget(-1);
            if (st == DYNG_OK)
                break;
            CHECK(st == DYNG_OUT_OF_MEMORY);
            CHECK(snap_same(&s0, g, r));
            failures++;
        }
        CHECK(st == DYNG_OK && failures >= 3 && s.fallback_used && matches_compute(g, r));
        CHECK(r->ordered && r->work.order == NULL);
        snap_free(&s0);
        dyng_batch_free(&b);
        dyng_cycle_count_result_free(&r);
        dyng_graph_free(&g);
    }
    set_order(0);
    set_recount(1);
}

int main(void) {
    REQUIRE_OK(dyng_resources_new(&seq_res, DYNG_BACKEND_SEQUENTIAL, 1));
    if (dyng_openmp_available())
        REQUIRE_OK(dyng_resources_new(&omp_res, DYNG_BACKEND_OPENMP, 2));
    else
        REQUIRE_OK(dyng_resources_new(&omp_res, DYNG_BACKEND_SEQUENTIAL, 1));
    set_recount(1);
    test_known();
    test_failures();
    test_failed_update_keeps_sizes();
    test_poison();
    test_special_batches();
    test_with_sssp();
    test_oracle_random();
    test_threads_agree();
    test_streams();
    test_recount_choice();
    test_goldens();
    test_blocks_oracle();
    test_blocks_bigger();
    test_long_chains();
    test_poison_messages();
    test_from_counts_messages();
    test_span();
    test_hubs_last();
    test_order_oracle();
    test_budget_kernel();
    test_budget_streams();
    test_budget_stops();
    test_budget_failures();
    fprintf(stderr, "test_cycle_count: %d histograms compared with the research code's\n",
            goldens_compared);
    dyng_resources_free(&seq_res);
    dyng_resources_free(&omp_res);
    return check_finish("test_cycle_count");
}
