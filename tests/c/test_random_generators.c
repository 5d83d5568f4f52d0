/*
 * tests/c/test_random_generators.c - the general generators of
 * dyng/generators.h: R-MAT, Erdos-Renyi, grids, weights and random batches.
 *
 * The oracles: the documented random stream, written here a second time
 * (the weights must equal it value for value); plain properties checked by
 * brute force (ER: exactly m distinct pairs without self-loops; grids: the
 * lattice edge set; batches: deletions that exist, insertions that are new,
 * both inside the window, and an apply that counts them); statistics with
 * fixed seeds and wide tolerances (R-MAT's quadrant frequencies level by
 * level, ER's pair frequencies); byte-identical outputs on 1 and 2 threads;
 * and the "brutal" allocation sweep (ASan reports leaks).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/alloc.h"
#include "core/memory.h"
#include "dyng/dyng.h"

#define MAX_K 100000

static dyng_resources *seq, *omp2;

/* ---- helpers ------------------------------------------------------------------ */

static int64_t id_at(const void *a, dyng_type t, int64_t i) {
    return t == DYNG_TYPE_INT32 ? ((const int32_t *)a)[i] : ((const int64_t *)a)[i];
}

static bool arrays_equal(const dyng_edge_arrays *x, const dyng_edge_arrays *y) {
    if (x->vertex_type != y->vertex_type || x->num_edges != y->num_edges ||
        x->num_vertices != y->num_vertices || x->num_weights != y->num_weights ||
        x->field != y->field || x->symmetry != y->symmetry)
        return false;
    size_t ids = (size_t)x->num_edges * dyng_type_size(x->vertex_type);
    if (ids && (memcmp(x->src, y->src, ids) != 0 || memcmp(x->dst, y->dst, ids) != 0))
        return false;
    size_t w = (size_t)x->num_edges * (size_t)x->num_weights * 4;
    return w == 0 || memcmp(x->weights, y->weights, w) == 0;
}

static bool zeroed(const dyng_edge_arrays *a) {
    dyng_edge_arrays z;
    memset(&z, 0, sizeof z);
    return memcmp(a, &z, sizeof z) == 0;
}

typedef struct tpair {
    int64_t u, v;
} tpair;

static int cmp_tpair(const void *x, const void *y) {
    const tpair *a = x, *b = y;
    if (a->u != b->u)
        return a->u < b->u ? -1 : 1;
    return (a->v > b->v) - (a->v < b->v);
}

/* The pairs of edge arrays (or of a batch's lists), as a new array. */
static tpair *pairs_of(const void *src, const void *dst, dyng_type t, int64_t m) {
    tpair *p = malloc(((size_t)m + 1) * sizeof *p);
    for (int64_t i = 0; i < m; i++)
        p[i] = (tpair){id_at(src, t, i), id_at(dst, t, i)};
    return p;
}

static bool sorted_distinct(const tpair *p, int64_t m) {
    for (int64_t i = 1; i < m; i++)
        if (cmp_tpair(&p[i - 1], &p[i]) >= 0)
            return false;
    return true;
}

static bool member(const tpair *sorted, int64_t m, tpair q) {
    return bsearch(&q, sorted, (size_t)m, sizeof q, cmp_tpair) != NULL;
}

/* ---- the documented stream, written again ------------------------------------------ */

static uint64_t ref_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t ref_word(uint64_t seed, uint64_t stream, uint64_t i) {
    uint64_t key = ref_mix(ref_mix(seed) + stream * 0xD1B54A32D192ED03ULL);
    return ref_mix(key + (i + 1) * 0x9E3779B97F4A7C15ULL);
}

/* low + below(r) for stream item i, r <= 2^32, as the header describes it. */
static int32_t ref_weight(uint64_t seed, uint64_t i, int32_t low, int32_t high) {
    uint64_t r = (uint64_t)((int64_t)high - low + 1), x = ref_word(seed, 4, i);
    if (r == (1ULL << 32))
        return (int32_t)((int64_t)low + (int64_t)(x >> 32));
    uint64_t t = ((1ULL << 32) - r) % r;
    for (int half = 0;; half ^= 1) {
        uint64_t c = half ? x & 0xFFFFFFFFu : x >> 32;
        uint64_t prod = c * r;
        if ((prod & 0xFFFFFFFFu) >= t)
            return (int32_t)((int64_t)low + (int64_t)(prod >> 32));
        if (half)
            x = ref_mix(x + 0x9E3779B97F4A7C15ULL);
    }
}

/* ---- weights ---------------------------------------------------------------------- */

static void test_weights(void) {
    enum { E = 5000, K = 3 };
    static int32_t w1[E * K], w2[E * K];
    CHECK_OK(dyng_generate_weights(w1, E, K, -5, 7, 42, seq));
    CHECK_OK(dyng_generate_weights(w2, E, K, -5, 7, 42, omp2));
    CHECK(memcmp(w1, w2, sizeof w1) == 0);
    bool same = true, lo_seen = false, hi_seen = false, inside = true;
    for (int i = 0; i < E * K; i++) {
        same &= w1[i] == ref_weight(42, (uint64_t)i, -5, 7);
        inside &= w1[i] >= -5 && w1[i] <= 7;
        lo_seen |= w1[i] == -5;
        hi_seen |= w1[i] == 7;
    }
    CHECK(same && inside && lo_seen && hi_seen);
    /* The full int32 range and a one-value range. */
    CHECK_OK(dyng_generate_weights(w1, 10, 1, INT32_MIN, INT32_MAX, 3, NULL));
    same = true;
    for (int i = 0; i < 10; i++)
        same &= w1[i] == ref_weight(3, (uint64_t)i, INT32_MIN, INT32_MAX);
    CHECK(same);
    CHECK_OK(dyng_generate_weights(w1, 10, 2, 9, 9, 3, NULL));
    for (int i = 0; i < 20; i++)
        CHECK(w1[i] == 9);
    /* Another seed, other weights. */
    CHECK_OK(dyng_generate_weights(w2, E, K, -5, 7, 43, seq));
    CHECK_OK(dyng_generate_weights(w1, E, K, -5, 7, 42, seq));
    CHECK(memcmp(w1, w2, sizeof w1) != 0);
    /* Errors. */
    CHECK_STATUS(dyng_generate_weights(w1, -1, 1, 1, 2, 0, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_generate_weights(w1, 1, 65, 1, 2, 0, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_generate_weights(w1, 1, 1, 3, 2, 0, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_generate_weights(NULL, 1, 1, 1, 2, 0, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_OK(dyng_generate_weights(NULL, 0, 1, 1, 2, 0, NULL));
    CHECK_STATUS(dyng_generate_weights(w1, INT64_MAX / 2, 4, 1, 2, 0, NULL), DYNG_CAPACITY);
}

/* ---- R-MAT ---------------------------------------------------------------------- */

static dyng_rmat_options rmat_opts(int scale, int64_t ef, uint64_t seed) {
    dyng_rmat_options o;
    dyng_rmat_options_default(&o);
    o.scale = scale;
    o.edge_factor = ef;
    o.seed = seed;
    return o;
}

static void test_rmat_determinism(void) {
    const bool flags[4][3] = {
        {true, true, true}, {true, false, false}, {false, true, false}, {false, false, true}};
    for (int c = 0; c < 4; c++) {
        dyng_rmat_options o = rmat_opts(11, 8, 7);
        o.directed = flags[c][0];
        o.keep_self_loops = flags[c][1];
        o.keep_duplicates = flags[c][2];
        o.num_weights = c % 3;
        dyng_edge_arrays x, y, z;
        CHECK_OK(dyng_generate_rmat(&x, &o, seq));
        CHECK_OK(dyng_generate_rmat(&y, &o, omp2));
        CHECK(arrays_equal(&x, &y));
        CHECK(x.vertex_type == DYNG_TYPE_INT32 && x.num_vertices == 2048);
        CHECK(x.symmetry == (o.directed ? DYNG_MM_GENERAL : DYNG_MM_SYMMETRIC));
        CHECK(x.field == (o.num_weights > 0 ? DYNG_MM_INTEGER : DYNG_MM_PATTERN));
        if (o.keep_duplicates && o.keep_self_loops)
            CHECK(x.num_edges == 8 * 2048);
        else
            CHECK(x.num_edges < 8 * 2048 && x.num_edges > 4 * 2048);
        /* Policies: ids in range, no self-loops when dropped, sorted and
         * distinct when duplicates are dropped, (min, max) when undirected. */
        tpair *p = pairs_of(x.src, x.dst, x.vertex_type, x.num_edges);
        bool ok = true;
        for (int64_t i = 0; i < x.num_edges; i++) {
            ok &= p[i].u >= 0 && p[i].u < 2048 && p[i].v >= 0 && p[i].v < 2048;
            ok &= o.keep_self_loops || p[i].u != p[i].v;
            ok &= o.directed || p[i].u <= p[i].v;
        }
        CHECK(ok);
        if (!o.keep_duplicates)
            CHECK(sorted_distinct(p, x.num_edges));
        /* The dropped-duplicate set is the distinct set of the kept one. */
        if (!o.keep_duplicates) {
            dyng_rmat_options k = o;
            k.keep_duplicates = true;
            k.keep_self_loops = true;
            dyng_edge_arrays all;
            CHECK_OK(dyng_generate_rmat(&all, &k, omp2));
            tpair *q = pairs_of(all.src, all.dst, all.vertex_type, all.num_edges);
            qsort(q, (size_t)all.num_edges, sizeof *q, cmp_tpair);
            int64_t d = 0;
            for (int64_t i = 0; i < all.num_edges; i++)
                if ((i == 0 || cmp_tpair(&q[i - 1], &q[i]) != 0) &&
                    (o.keep_self_loops || q[i].u != q[i].v))
                    q[d++] = q[i];
            CHECK(d == x.num_edges && memcmp(q, p, (size_t)d * sizeof *q) == 0);
            free(q);
            dyng_edge_arrays_free(&all);
        }
        free(p);
        /* Weights: the stream over output positions. */
        bool w_ok = true;
        for (int64_t i = 0; i < x.num_edges * x.num_weights; i++)
            w_ok &= x.weights[i] == ref_weight(7, (uint64_t)i, 1, 100);
        CHECK(w_ok);
        /* Another seed: other edges. */
        o.seed = 8;
        CHECK_OK(dyng_generate_rmat(&z, &o, omp2));
        CHECK(!arrays_equal(&x, &z));
        dyng_edge_arrays_free(&x);
        dyng_edge_arrays_free(&y);
        dyng_edge_arrays_free(&z);
    }
    /* Every scale from 1 to 17, the same on 1 and 2 threads (the alias
     * groups of each size). */
    for (int scale = 1; scale <= 17; scale++) {
        dyng_rmat_options o = rmat_opts(scale, 2, 99);
        o.keep_duplicates = scale % 2 == 0;
        dyng_edge_arrays x, y;
        CHECK_OK(dyng_generate_rmat(&x, &o, seq));
        CHECK_OK(dyng_generate_rmat(&y, &o, omp2));
        CHECK(arrays_equal(&x, &y));
        bool ok = true;
        for (int64_t i = 0; i < x.num_edges; i++)
            ok &= id_at(x.src, x.vertex_type, i) < x.num_vertices &&
                  id_at(x.dst, x.vertex_type, i) < x.num_vertices;
        CHECK(ok);
        dyng_edge_arrays_free(&x);
        dyng_edge_arrays_free(&y);
    }
}

static uint64_t fnv_pairs(const dyng_edge_arrays *x) {
    uint64_t h = 0xCBF29CE484222325ULL;
    for (int64_t i = 0; i < x->num_edges; i++) {
        uint64_t uv[2] = {(uint64_t)id_at(x->src, x->vertex_type, i),
                          (uint64_t)id_at(x->dst, x->vertex_type, i)};
        for (int j = 0; j < 2; j++) {
            h ^= uv[j];
            h *= 0x100000001B3ULL;
        }
    }
    return h;
}

/* The documented algorithm, pinned: FNV-1a hashes of the edges that
 * tests/python's pure-Python model of the header's description gives for
 * scale 10, edge factor 4, seed 7 (directed, and as (min, max)), for every
 * kernel: int32 (the vectorised instances, or their plain build with
 * DYNG_NO_CLONES) and int64 (the generic one). */
static void test_rmat_pinned(void) {
    for (int t = 0; t < 2; t++)
        for (int directed = 0; directed < 2; directed++) {
            dyng_rmat_options o = rmat_opts(10, 4, 7);
            o.keep_self_loops = o.keep_duplicates = true;
            o.directed = directed;
            o.vertex_type = t ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
            dyng_edge_arrays x;
            CHECK_OK(dyng_generate_rmat(&x, &o, omp2));
            CHECK(fnv_pairs(&x) == (directed ? 0x291e8a293fec7cc1ULL : 0xe7340e28da3c678dULL));
            dyng_edge_arrays_free(&x);
        }
}

/* The quadrant of each level, counted over many edges, against a, b, c, d. */
static void test_rmat_statistics(void) {
    const double q[4][4] = {
        {0.57, 0.19, 0.19, 0.05}, {0.25, 0.25, 0.25, 0.25}, {0.45, 0.15, 0.3, 0.1}, {1, 0, 0, 0}};
    for (int c = 0; c < 4; c++) {
        enum { SCALE = 11, EF = 64 };
        dyng_rmat_options o = rmat_opts(SCALE, EF, 5 + (uint64_t)c);
        o.a = q[c][0];
        o.b = q[c][1];
        o.c = q[c][2];
        o.keep_self_loops = o.keep_duplicates = true;
        dyng_edge_arrays x;
        CHECK_OK(dyng_generate_rmat(&x, &o, omp2));
        const int64_t m = x.num_edges;
        bool ok = true;
        for (int level = 0; level < SCALE; level++) {
            int64_t count[4] = {0, 0, 0, 0};
            for (int64_t i = 0; i < m; i++) {
                int64_t u = id_at(x.src, x.vertex_type, i), v = id_at(x.dst, x.vertex_type, i);
                count[((u >> level) & 1) * 2 + ((v >> level) & 1)]++;
            }
            for (int k = 0; k < 4; k++) {
                double f = (double)count[k] / (double)m;
                /* 6 standard deviations of a binomial frequency, plus a little. */
                double tol = 6 * sqrt(q[c][k] * (1 - q[c][k]) / (double)m) + 1e-9;
                if (fabs(f - q[c][k]) > tol) {
                    fprintf(stderr, "rmat case %d level %d quadrant %d: %.5f, expected %.5f\n", c,
                            level, k, f, q[c][k]);
                    ok = false;
                }
            }
        }
        CHECK(ok);
        /* Skew: with a > b, c > d vertex 0 has the largest out-degree. */
        if (c == 0) {
            int64_t *deg = calloc(1u << SCALE, sizeof *deg);
            for (int64_t i = 0; i < m; i++)
                deg[id_at(x.src, x.vertex_type, i)]++;
            int64_t best = 0;
            for (int64_t v = 1; v < (1 << SCALE); v++)
                if (deg[v] > deg[best])
                    best = v;
            CHECK(best == 0);
            CHECK(deg[0] > 20 * (m >> SCALE)); /* expected 0.76^11 m = 0.049 m: 200 x mean */
            free(deg);
        }
        dyng_edge_arrays_free(&x);
    }
}

static void test_rmat_errors(void) {
    dyng_edge_arrays x;
    dyng_rmat_options o = rmat_opts(10, 4, 1);
    CHECK_STATUS(dyng_generate_rmat(NULL, &o, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_generate_rmat(&x, NULL, NULL), DYNG_INVALID_ARGUMENT);
    CHECK(zeroed(&x));
    dyng_rmat_options bad;
#define BAD(stmt, status)                                                                          \
    do {                                                                                           \
        bad = o;                                                                                   \
        stmt;                                                                                      \
        CHECK_STATUS(dyng_generate_rmat(&x, &bad, NULL), status);                                  \
        CHECK(zeroed(&x));                                                                         \
    } while (0)
    BAD(bad.scale = 0, DYNG_INVALID_ARGUMENT);
    BAD(bad.scale = 63, DYNG_INVALID_ARGUMENT);
    BAD(bad.edge_factor = 0, DYNG_INVALID_ARGUMENT);
    BAD(bad.a = -0.1, DYNG_INVALID_ARGUMENT);
    BAD(bad.b = 1.5, DYNG_INVALID_ARGUMENT);
    BAD(bad.c = NAN, DYNG_INVALID_ARGUMENT);
    BAD((bad.a = 0.6, bad.b = 0.3, bad.c = 0.2), DYNG_INVALID_ARGUMENT);
    BAD(bad.num_weights = 65, DYNG_INVALID_ARGUMENT);
    BAD((bad.num_weights = 1, bad.weight_low = 5, bad.weight_high = 4), DYNG_INVALID_ARGUMENT);
    BAD(bad.vertex_type = (dyng_type)7, DYNG_INVALID_ARGUMENT);
    BAD((bad.scale = 40, bad.vertex_type = DYNG_TYPE_INT32, bad.keep_duplicates = true),
        DYNG_CAPACITY);
    BAD((bad.scale = 62, bad.edge_factor = 2, bad.keep_duplicates = true), DYNG_CAPACITY);
    BAD((bad.scale = 33, bad.keep_duplicates = false), DYNG_CAPACITY);
#undef BAD
    /* a + b + c == 1 exactly: d = 0 is fine; a = 1: every edge is (0, 0). */
    o.a = 1;
    o.b = o.c = 0;
    o.keep_self_loops = o.keep_duplicates = true;
    CHECK_OK(dyng_generate_rmat(&x, &o, NULL));
    bool all_zero = true;
    for (int64_t i = 0; i < x.num_edges; i++)
        all_zero &= id_at(x.src, x.vertex_type, i) == 0 && id_at(x.dst, x.vertex_type, i) == 0;
    CHECK(all_zero && x.num_edges == 4096);
    dyng_edge_arrays_free(&x);
    /* int64 ids when asked for. */
    o = rmat_opts(5, 2, 1);
    o.vertex_type = DYNG_TYPE_INT64;
    CHECK_OK(dyng_generate_rmat(&x, &o, NULL));
    CHECK(x.vertex_type == DYNG_TYPE_INT64);
    dyng_edge_arrays_free(&x);
    /* Interrupted: nothing out. */
    dyng_resources *r = NULL;
    REQUIRE_OK(dyng_resources_new(
        &r, dyng_openmp_available() ? DYNG_BACKEND_OPENMP : DYNG_BACKEND_SEQUENTIAL, 2));
    REQUIRE_OK(dyng_interrupt(r));
    o = rmat_opts(12, 4, 1);
    CHECK_STATUS(dyng_generate_rmat(&x, &o, r), DYNG_INTERRUPTED);
    CHECK(zeroed(&x));
    o.keep_duplicates = true;
    CHECK_STATUS(dyng_generate_rmat(&x, &o, r), DYNG_INTERRUPTED);
    CHECK(zeroed(&x));
    dyng_erdos_renyi_options e;
    dyng_erdos_renyi_options_default(&e);
    e.num_vertices = 100;
    e.num_edges = 100;
    CHECK_STATUS(dyng_generate_erdos_renyi(&x, &e, r), DYNG_INTERRUPTED);
    CHECK(zeroed(&x));
    dyng_grid_options gopt;
    dyng_grid_options_default(&gopt);
    gopt.rows = gopt.cols = 10;
    CHECK_STATUS(dyng_generate_grid(&x, &gopt, r), DYNG_INTERRUPTED);
    CHECK(zeroed(&x));
    dyng_resources_free(&r);
}

/* ---- Erdos-Renyi ------------------------------------------------------------------------ */

static void check_er(int64_t n, int64_t m, bool directed, uint64_t seed) {
    dyng_erdos_renyi_options o;
    dyng_erdos_renyi_options_default(&o);
    o.num_vertices = n;
    o.num_edges = m;
    o.directed = directed;
    o.seed = seed;
    o.num_weights = 2;
    dyng_edge_arrays x, y;
    CHECK_OK(dyng_generate_erdos_renyi(&x, &o, seq));
    CHECK_OK(dyng_generate_erdos_renyi(&y, &o, omp2));
    CHECK(arrays_equal(&x, &y));
    CHECK(x.num_edges == m && x.num_vertices == n && x.num_weights == 2);
    tpair *p = pairs_of(x.src, x.dst, x.vertex_type, x.num_edges);
    bool ok = sorted_distinct(p, m);
    for (int64_t i = 0; i < m; i++)
        ok &= p[i].u >= 0 && p[i].v < n && p[i].u != p[i].v && (directed || p[i].u < p[i].v);
    if (!ok)
        fprintf(stderr, "G(%lld, %lld) %s seed %llu: bad pairs\n", (long long)n, (long long)m,
                directed ? "directed" : "undirected", (unsigned long long)seed);
    CHECK(ok);
    free(p);
    dyng_edge_arrays_free(&x);
    dyng_edge_arrays_free(&y);
}

static void test_erdos_renyi(void) {
    for (int directed = 0; directed < 2; directed++) {
        check_er(0, 0, directed, 1);
        check_er(1, 0, directed, 1);
        check_er(2, directed ? 2 : 1, directed, 1);
        check_er(50, 100, directed, 2);
        check_er(50, 1000, directed, 3); /* below half: the draws */
        check_er(50, 1224, directed, 3); /* directed: just below half; undirected: all */
        check_er(50, directed ? 2449 : 1224, directed, 4); /* near all: the complement */
        check_er(1000, 20000, directed, 5);
        check_er(100000, 50000, directed, 6);
    }
    /* Uniform: every pair of 6 vertices about equally often, for a small m
     * (draws) and a large one (complement). */
    for (int big = 0; big < 2; big++) {
        enum { N = 6, P = 15, SEEDS = 3000 };
        const int64_t m = big ? 12 : 3;
        int64_t count[N][N];
        memset(count, 0, sizeof count);
        dyng_erdos_renyi_options o;
        dyng_erdos_renyi_options_default(&o);
        o.num_vertices = N;
        o.num_edges = m;
        o.directed = false;
        for (uint64_t s = 0; s < SEEDS; s++) {
            o.seed = s;
            dyng_edge_arrays x;
            CHECK_OK(dyng_generate_erdos_renyi(&x, &o, seq));
            for (int64_t i = 0; i < x.num_edges; i++)
                count[id_at(x.src, x.vertex_type, i)][id_at(x.dst, x.vertex_type, i)]++;
            dyng_edge_arrays_free(&x);
        }
        const double expect = (double)SEEDS * (double)m / P;
        bool ok = true;
        for (int u = 0; u < N; u++)
            for (int v = u + 1; v < N; v++)
                ok &= fabs((double)count[u][v] - expect) < 0.12 * expect;
        CHECK(ok);
    }
    /* Errors. */
    dyng_erdos_renyi_options o;
    dyng_erdos_renyi_options_default(&o);
    dyng_edge_arrays x;
    o.num_vertices = 10;
    o.num_edges = 91;
    CHECK_STATUS(dyng_generate_erdos_renyi(&x, &o, NULL), DYNG_INVALID_ARGUMENT);
    CHECK(zeroed(&x));
    o.directed = false;
    o.num_edges = 46;
    CHECK_STATUS(dyng_generate_erdos_renyi(&x, &o, NULL), DYNG_INVALID_ARGUMENT);
    o.num_edges = -1;
    CHECK_STATUS(dyng_generate_erdos_renyi(&x, &o, NULL), DYNG_INVALID_ARGUMENT);
    o.num_edges = 1;
    o.num_vertices = -1;
    CHECK_STATUS(dyng_generate_erdos_renyi(&x, &o, NULL), DYNG_INVALID_ARGUMENT);
    o.num_vertices = ((int64_t)1 << 32) + 1;
    CHECK_STATUS(dyng_generate_erdos_renyi(&x, &o, NULL), DYNG_CAPACITY);
    o.num_vertices = (int64_t)1 << 32;
    o.vertex_type = DYNG_TYPE_INT32;
    CHECK_STATUS(dyng_generate_erdos_renyi(&x, &o, NULL), DYNG_CAPACITY);
    /* Large n with few edges: int64 ids picked. */
    o.vertex_type = DYNG_TYPE_NONE;
    o.num_edges = 1000;
    CHECK_OK(dyng_generate_erdos_renyi(&x, &o, NULL));
    CHECK(x.vertex_type == DYNG_TYPE_INT64 && x.num_edges == 1000);
    tpair *p = pairs_of(x.src, x.dst, x.vertex_type, x.num_edges);
    bool ok = sorted_distinct(p, x.num_edges);
    for (int64_t i = 0; i < x.num_edges; i++)
        ok &= p[i].u < p[i].v && p[i].v < ((int64_t)1 << 32);
    CHECK(ok);
    free(p);
    dyng_edge_arrays_free(&x);
    o.num_weights = 1;
    o.weight_low = 2;
    o.weight_high = 1;
    CHECK_STATUS(dyng_generate_erdos_renyi(&x, &o, NULL), DYNG_INVALID_ARGUMENT);
}

/* ---- grids --------------------------------------------------------------------------- */

static void test_grid(void) {
    const int64_t shapes[][2] = {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {13, 29}, {300, 5}};
    for (size_t c = 0; c < sizeof shapes / sizeof shapes[0]; c++) {
        const int64_t rows = shapes[c][0], cols = shapes[c][1];
        dyng_grid_options o;
        dyng_grid_options_default(&o);
        o.rows = rows;
        o.cols = cols;
        o.seed = 3;
        dyng_edge_arrays x, y;
        CHECK_OK(dyng_generate_grid(&x, &o, seq));
        CHECK_OK(dyng_generate_grid(&y, &o, omp2));
        CHECK(arrays_equal(&x, &y));
        /* Exactly the lattice, each edge once as (u, v) with u < v. */
        int64_t want = 0;
        tpair *lat = malloc((size_t)(2 * rows * cols + 1) * sizeof *lat);
        for (int64_t r = 0; r < rows; r++)
            for (int64_t k = 0; k < cols; k++) {
                if (k + 1 < cols)
                    lat[want++] = (tpair){r * cols + k, r * cols + k + 1};
                if (r + 1 < rows)
                    lat[want++] = (tpair){r * cols + k, (r + 1) * cols + k};
            }
        tpair *p = pairs_of(x.src, x.dst, x.vertex_type, x.num_edges);
        CHECK(x.num_edges == want && memcmp(p, lat, (size_t)want * sizeof *p) == 0);
        CHECK(x.num_vertices == rows * cols && x.symmetry == DYNG_MM_SYMMETRIC);
        CHECK(x.num_weights == 1 && x.field == DYNG_MM_INTEGER);
        bool w_ok = true;
        for (int64_t i = 0; i < x.num_edges; i++)
            w_ok &= x.weights[i] >= 1 && x.weights[i] <= 100;
        CHECK(w_ok);
        /* Kept with probability 0.5: a subset of the lattice in its order,
         * about half, the same on both thread counts. */
        o.keep_probability = 0.5;
        dyng_edge_arrays h1, h2;
        CHECK_OK(dyng_generate_grid(&h1, &o, seq));
        CHECK_OK(dyng_generate_grid(&h2, &o, omp2));
        CHECK(arrays_equal(&h1, &h2));
        tpair *h = pairs_of(h1.src, h1.dst, h1.vertex_type, h1.num_edges);
        bool sub = sorted_distinct(h, h1.num_edges) || h1.num_edges <= 1;
        qsort(lat, (size_t)want, sizeof *lat, cmp_tpair);
        for (int64_t i = 0; i < h1.num_edges; i++)
            sub &= member(lat, want, h[i]);
        CHECK(sub);
        if (want > 1000)
            CHECK(fabs((double)h1.num_edges - want / 2.0) < 0.1 * want);
        o.keep_probability = 0;
        dyng_edge_arrays none;
        CHECK_OK(dyng_generate_grid(&none, &o, NULL));
        CHECK(none.num_edges == 0);
        free(lat);
        free(p);
        free(h);
        dyng_edge_arrays_free(&x);
        dyng_edge_arrays_free(&y);
        dyng_edge_arrays_free(&h1);
        dyng_edge_arrays_free(&h2);
        dyng_edge_arrays_free(&none);
    }
    dyng_grid_options o;
    dyng_grid_options_default(&o);
    dyng_edge_arrays x;
    CHECK_STATUS(dyng_generate_grid(&x, &o, NULL), DYNG_INVALID_ARGUMENT); /* 0 x 0 */
    o.rows = o.cols = 3;
    o.keep_probability = 1.5;
    CHECK_STATUS(dyng_generate_grid(&x, &o, NULL), DYNG_INVALID_ARGUMENT);
    o.keep_probability = 1;
    o.rows = INT64_MAX / 2;
    CHECK_STATUS(dyng_generate_grid(&x, &o, NULL), DYNG_CAPACITY);
    o.rows = 1 << 16;
    o.cols = 1 << 16;
    o.vertex_type = DYNG_TYPE_INT32;
    CHECK_STATUS(dyng_generate_grid(&x, &o, NULL), DYNG_CAPACITY);
    CHECK(zeroed(&x));
}

/* ---- random batches ------------------------------------------------------------------- */

static dyng_graph *graph_from(const dyng_edge_arrays *a, bool directed) {
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.directed = directed;
    p.num_weights = a->num_weights;
    p.vertex_type = a->vertex_type;
    p.offset_type = a->vertex_type;
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, a->num_vertices, a->num_edges, a->src, a->dst,
                                     a->weights, seq));
    return g;
}

static void check_batch(dyng_graph *g, int64_t size, double fraction, int64_t window,
                        uint64_t seed) {
    dyng_graph_properties p;
    REQUIRE_OK(dyng_graph_properties_of(&p, g));
    int64_t n, m;
    REQUIRE_OK(dyng_graph_num_vertices(&n, g));
    REQUIRE_OK(dyng_graph_num_edges(&m, g));
    dyng_type vt = p.vertex_type;
    size_t vs = dyng_type_size(vt);
    void *es = malloc((size_t)m * vs + 1), *ed = malloc((size_t)m * vs + 1);
    REQUIRE_OK(dyng_graph_to_edges(g, es, ed, NULL));
    tpair *edges = pairs_of(es, ed, vt, m);
    qsort(edges, (size_t)m, sizeof *edges, cmp_tpair);

    dyng_random_batch_options o;
    dyng_random_batch_options_default(&o);
    o.size = size;
    o.insert_fraction = fraction;
    o.locality_window = window;
    o.seed = seed;
    o.weight_low = -3;
    o.weight_high = 3;
    dyng_batch *b = NULL, *b2 = NULL;
    CHECK_OK(dyng_generate_batch(&b, g, &o, NULL));
    CHECK_OK(dyng_generate_batch(&b2, g, &o, omp2));
    if (b == NULL || b2 == NULL) {
        dyng_batch_free(&b);
        dyng_batch_free(&b2);
        free(es);
        free(ed);
        free(edges);
        return;
    }
    int64_t ni, nd;
    const void *is, *id, *ds, *dd;
    const int32_t *w;
    REQUIRE_OK(dyng_batch_num_insertions(&ni, b));
    REQUIRE_OK(dyng_batch_num_deletions(&nd, b));
    REQUIRE_OK(dyng_batch_insertions(&is, &id, &w, b));
    REQUIRE_OK(dyng_batch_deletions(&ds, &dd, b));
    const int64_t want_i = (int64_t)floor((double)size * fraction + 0.5);
    CHECK(ni == want_i && nd == size - want_i);
    dyng_type bt;
    int bk;
    REQUIRE_OK(dyng_batch_vertex_type(&bt, b));
    REQUIRE_OK(dyng_batch_num_weights(&bk, b));
    CHECK(bt == vt && bk == p.num_weights);
    /* The same batch from the same seed. */
    int64_t ni2, nd2;
    const void *is2, *id2, *ds2, *dd2;
    const int32_t *w2;
    REQUIRE_OK(dyng_batch_num_insertions(&ni2, b2));
    REQUIRE_OK(dyng_batch_num_deletions(&nd2, b2));
    REQUIRE_OK(dyng_batch_insertions(&is2, &id2, &w2, b2));
    REQUIRE_OK(dyng_batch_deletions(&ds2, &dd2, b2));
    CHECK(ni2 == ni && nd2 == nd);
    CHECK(ni == 0 ||
          (memcmp(is, is2, (size_t)ni * vs) == 0 && memcmp(id, id2, (size_t)ni * vs) == 0));
    CHECK(nd == 0 ||
          (memcmp(ds, ds2, (size_t)nd * vs) == 0 && memcmp(dd, dd2, (size_t)nd * vs) == 0));
    CHECK(ni * bk == 0 || memcmp(w, w2, (size_t)(ni * bk) * 4) == 0);

    /* The window: both ends of every change in [lo, lo + W) for some lo. */
    int64_t lo = INT64_MAX, hi = -1;
    tpair *ins = pairs_of(is, id, vt, ni), *del = pairs_of(ds, dd, vt, nd);
    for (int64_t i = 0; i < ni; i++) {
        lo = ins[i].u < lo ? ins[i].u : lo;
        lo = ins[i].v < lo ? ins[i].v : lo;
        hi = ins[i].u > hi ? ins[i].u : hi;
        hi = ins[i].v > hi ? ins[i].v : hi;
    }
    for (int64_t i = 0; i < nd; i++) {
        lo = del[i].u < lo ? del[i].u : lo;
        lo = del[i].v < lo ? del[i].v : lo;
        hi = del[i].u > hi ? del[i].u : hi;
        hi = del[i].v > hi ? del[i].v : hi;
    }
    if (window > 0 && ni + nd > 0)
        CHECK(hi - lo < window);
    /* Deletions: existing, distinct, sorted, undirected as u <= v. */
    bool ok = sorted_distinct(del, nd);
    for (int64_t i = 0; i < nd; i++)
        ok &= member(edges, m, del[i]) && (p.directed || del[i].u <= del[i].v);
    CHECK(ok);
    /* Insertions: new, distinct, sorted, no self-loops, within n. */
    ok = sorted_distinct(ins, ni);
    for (int64_t i = 0; i < ni; i++)
        ok &= !member(edges, m, ins[i]) && ins[i].u != ins[i].v && ins[i].v < n && ins[i].u >= 0 &&
              (p.directed || ins[i].u < ins[i].v);
    for (int64_t i = 0; i < ni * bk; i++)
        ok &= w[i] >= -3 && w[i] <= 3;
    CHECK(ok);
    /* Applying it inserts ni and deletes nd edges. */
    dyng_graph *c = NULL;
    REQUIRE_OK(dyng_graph_clone(&c, g));
    dyng_apply_summary s;
    CHECK_OK(dyng_graph_apply(c, b, &s));
    CHECK(s.inserted == ni && s.deleted == nd && s.ignored_deletions == 0 && s.updated == 0);
    CHECK(s.num_edges == m + ni - nd);
    CHECK_OK(dyng_graph_check(c));
    dyng_graph_free(&c);
    free(ins);
    free(del);
    free(edges);
    free(es);
    free(ed);
    dyng_batch_free(&b);
    dyng_batch_free(&b2);
}

static void test_batches(void) {
    for (int directed = 0; directed < 2; directed++) {
        dyng_erdos_renyi_options o;
        dyng_erdos_renyi_options_default(&o);
        o.num_vertices = 200;
        o.num_edges = 1500;
        o.directed = directed;
        o.num_weights = directed ? 2 : 0;
        o.seed = 11;
        dyng_edge_arrays a;
        REQUIRE_OK(dyng_generate_erdos_renyi(&a, &o, seq));
        dyng_graph *g = graph_from(&a, directed);
        dyng_edge_arrays_free(&a);
        check_batch(g, 0, 0.5, 0, 1);
        check_batch(g, 100, 0.5, 0, 1);
        check_batch(g, 101, 0.5, 0, 2);
        check_batch(g, 300, 0.0, 0, 3);
        check_batch(g, 300, 1.0, 0, 4);
        check_batch(g, 40, 0.3, 50, 5);
        check_batch(g, 40, 0.3, 50, 6);
        check_batch(g, 20, 0.5, 199, 7);
        check_batch(g, 20, 0.5, 500, 8); /* a window past n: none */
        /* Nearly every free pair of a small window: the listed path. */
        check_batch(g, directed ? 18 : 7, 1.0, 5, 9);
        dyng_graph_free(&g);
    }
    /* A tiny complete graph plus one missing edge: one free pair exactly. */
    {
        int32_t s[] = {0, 0, 1, 1, 2}, d[] = {1, 2, 0, 2, 0};
        dyng_graph_properties p;
        dyng_properties_default(&p);
        dyng_graph *g = NULL;
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, 3, 5, s, d, NULL, seq));
        check_batch(g, 1, 1.0, 0, 1);
        check_batch(g, 6, 1.0 / 6, 0, 2);
        dyng_random_batch_options o;
        dyng_random_batch_options_default(&o);
        static int dummy;
        dyng_batch *b = (dyng_batch *)(void *)&dummy; /* must become NULL */
        o.size = 2;
        o.insert_fraction = 1;
        CHECK_STATUS(dyng_generate_batch(&b, g, &o, NULL), DYNG_INVALID_ARGUMENT);
        CHECK(b == NULL);
        o.size = 6;
        o.insert_fraction = 0;
        CHECK_STATUS(dyng_generate_batch(&b, g, &o, NULL), DYNG_INVALID_ARGUMENT);
        o.size = -1;
        CHECK_STATUS(dyng_generate_batch(&b, g, &o, NULL), DYNG_INVALID_ARGUMENT);
        o.size = 1;
        o.insert_fraction = -0.1;
        CHECK_STATUS(dyng_generate_batch(&b, g, &o, NULL), DYNG_INVALID_ARGUMENT);
        o.insert_fraction = NAN;
        CHECK_STATUS(dyng_generate_batch(&b, g, &o, NULL), DYNG_INVALID_ARGUMENT);
        o.insert_fraction = 0.5;
        o.locality_window = -2;
        CHECK_STATUS(dyng_generate_batch(&b, g, &o, NULL), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_generate_batch(&b, NULL, &o, NULL), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_generate_batch(&b, g, NULL, NULL), DYNG_INVALID_ARGUMENT);
        dyng_graph_free(&g);
    }
    /* Weighted: weight_low > weight_high is refused; an unweighted graph
     * ignores the range. */
    {
        int32_t s[] = {0, 1}, d[] = {1, 2}, w[] = {5, 6};
        dyng_graph_properties p;
        dyng_properties_default(&p);
        p.num_weights = 1;
        dyng_graph *g = NULL;
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, 4, 2, s, d, w, seq));
        dyng_random_batch_options o;
        dyng_random_batch_options_default(&o);
        o.size = 2;
        o.weight_low = 4;
        o.weight_high = 3;
        dyng_batch *b = NULL;
        CHECK_STATUS(dyng_generate_batch(&b, g, &o, NULL), DYNG_INVALID_ARGUMENT);
        dyng_graph_free(&g);
        p.num_weights = 0;
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, 4, 2, s, d, NULL, seq));
        CHECK_OK(dyng_generate_batch(&b, g, &o, NULL));
        dyng_batch_free(&b);
        dyng_graph_free(&g);
    }
    /* Parallel edges and self-loops in the graph: deletions name distinct
     * pairs, self-loops among them. */
    {
        int64_t s[] = {0, 0, 1, 2, 2}, d[] = {1, 1, 1, 2, 0};
        int32_t w[] = {1, 2, 3, 4, 5};
        dyng_graph_properties p;
        dyng_properties_default(&p);
        p.parallel_edges = DYNG_PARALLEL_ALLOW;
        p.vertex_type = p.offset_type = DYNG_TYPE_INT64;
        p.num_weights = 1;
        dyng_graph *g = NULL;
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, 3, 5, s, d, w, seq));
        dyng_random_batch_options o;
        dyng_random_batch_options_default(&o);
        o.size = 4;
        o.insert_fraction = 0;
        dyng_batch *b = NULL;
        CHECK_OK(dyng_generate_batch(&b, g, &o, NULL));
        int64_t nd = 0;
        if (b)
            dyng_batch_num_deletions(&nd, b);
        CHECK(nd == 4);
        dyng_batch_free(&b);
        o.size = 5;
        CHECK_STATUS(dyng_generate_batch(&b, g, &o, NULL), DYNG_INVALID_ARGUMENT);
        dyng_graph_free(&g);
    }
}

/* Whether two batches (one weight) hold the same changes, byte for byte. */
static bool same_batch(const dyng_batch *b1, const dyng_batch *b2) {
    dyng_type t1 = DYNG_TYPE_NONE, t2 = DYNG_TYPE_NONE;
    REQUIRE_OK(dyng_batch_vertex_type(&t1, b1));
    REQUIRE_OK(dyng_batch_vertex_type(&t2, b2));
    if (t1 != t2)
        return false;
    for (int list = 0; list < 2; list++) {
        int64_t n1 = 0, n2 = 0;
        const void *s1, *d1, *s2, *d2;
        const int32_t *w1 = NULL, *w2 = NULL;
        if (list == 0) {
            dyng_batch_num_deletions(&n1, b1);
            dyng_batch_num_deletions(&n2, b2);
            REQUIRE_OK(dyng_batch_deletions(&s1, &d1, b1));
            REQUIRE_OK(dyng_batch_deletions(&s2, &d2, b2));
        } else {
            dyng_batch_num_insertions(&n1, b1);
            dyng_batch_num_insertions(&n2, b2);
            REQUIRE_OK(dyng_batch_insertions(&s1, &d1, &w1, b1));
            REQUIRE_OK(dyng_batch_insertions(&s2, &d2, &w2, b2));
        }
        if (n1 != n2)
            return false;
        const size_t bytes = (size_t)n1 * dyng_type_size(t1);
        if (n1 > 0 && (memcmp(s1, s2, bytes) != 0 || memcmp(d1, d2, bytes) != 0 ||
                       (list == 1 && memcmp(w1, w2, (size_t)n1 * sizeof(int32_t)) != 0)))
            return false;
    }
    return true;
}

/* The batches of a graph depend on its edges, not on how its rows are kept:
 * the same edges in an append-order graph whose rows are out of order (and
 * hold parallel edges, which count once) give the same batches as in a
 * sorted simple graph, windowed or not, directed or not. */
static void test_batches_row_order(void) {
    for (int directed = 0; directed < 2; directed++) {
        dyng_erdos_renyi_options o;
        dyng_erdos_renyi_options_default(&o);
        o.num_vertices = 300;
        o.num_edges = 2400;
        o.directed = directed;
        o.num_weights = 1;
        o.seed = 23;
        dyng_edge_arrays a;
        REQUIRE_OK(dyng_generate_erdos_renyi(&a, &o, seq));
        /* Reverse the edges (rows come out descending) and repeat every
         * seventh one. */
        const int64_t m = a.num_edges, extra = m / 7, total = m + extra;
        int32_t *s = malloc((size_t)total * sizeof *s), *d = malloc((size_t)total * sizeof *d);
        int32_t *w = malloc((size_t)total * sizeof *w);
        if (s == NULL || d == NULL || w == NULL) {
            fprintf(stderr, "test_batches_row_order: out of memory\n");
            exit(1);
        }
        const int32_t *as = a.src, *ad = a.dst;
        for (int64_t i = 0; i < m; i++) {
            s[i] = as[m - 1 - i];
            d[i] = ad[m - 1 - i];
            w[i] = 1 + (int32_t)(i % 9);
        }
        for (int64_t i = 0; i < extra; i++) {
            s[m + i] = as[7 * i];
            d[m + i] = ad[7 * i];
            w[m + i] = 50;
        }
        dyng_graph_properties p;
        dyng_properties_default(&p);
        p.directed = directed;
        p.num_weights = 1;
        dyng_graph *sorted = NULL, *append = NULL;
        REQUIRE_OK(dyng_graph_from_edges(&sorted, &p, 300, m, s, d, w, seq));
        p.order = DYNG_ORDER_APPEND;
        p.parallel_edges = DYNG_PARALLEL_ALLOW;
        REQUIRE_OK(dyng_graph_from_edges(&append, &p, 300, total, s, d, w, seq));
        for (int c = 0; c < 6; c++) {
            dyng_random_batch_options bo;
            dyng_random_batch_options_default(&bo);
            bo.size = 40 + 60 * c;
            bo.seed = 1000 + (uint64_t)c;
            bo.locality_window = c % 2 ? 120 : 0;
            if (bo.locality_window > 0)
                bo.size = 30;
            dyng_batch *b1 = NULL, *b2 = NULL;
            REQUIRE_OK(dyng_generate_batch(&b1, sorted, &bo, seq));
            REQUIRE_OK(dyng_generate_batch(&b2, append, &bo, seq));
            int64_t ni = 0, nd = 0;
            dyng_batch_num_insertions(&ni, b1);
            dyng_batch_num_deletions(&nd, b1);
            CHECK(ni > 0 && nd > 0);
            CHECK(same_batch(b1, b2));
            dyng_batch_free(&b1);
            dyng_batch_free(&b2);
        }
        dyng_graph_free(&sorted);
        dyng_graph_free(&append);
        free(s);
        free(d);
        free(w);
        dyng_edge_arrays_free(&a);
    }
}

/* A sorted simple graph's pairs are counted in place (the rows are not
 * copied), and where a window is dense, copied after all to count its
 * self-loops: the same batches, and the same refusals, as from the same
 * edges in append order with parallel edges (always copied). A small graph
 * with self-loops on every third vertex and a dense core: windows of 2 to
 * 12 vertices (at width 2, more edges than pairs without loops), sizes up to
 * past what a window holds, every insert fraction. */
static void test_batches_counted_in_place(void) {
    /* (vertex, offset) types: int32 and int32, int32 and int64, int64. */
    for (int types = 0; types < 3; types++)
        for (int directed = 0; directed < 2; directed++) {
            enum { N = 12, MAX_E = 2 * N * N };
            int64_t s[MAX_E], d[MAX_E];
            int32_t w[MAX_E];
            int64_t m = 0;
            for (int32_t u = 0; u < N; u++)
                for (int32_t v = 0; v < N; v++) {
                    const bool loop = u == v && u % 3 == 0;
                    const bool core = u != v && u < 6 && v < 6 && (u + 2 * v) % 5 != 0;
                    const bool far = u != v && (u * 7 + v * 3) % 11 == 0;
                    if ((loop || core || far) && (directed || u <= v)) {
                        s[m] = u;
                        d[m] = v;
                        w[m] = 1 + u + v;
                        m++;
                    }
                }
            const int64_t once = m;
            for (int64_t i = 0; i < once; i += 4) { /* parallel copies for the append graph */
                s[m] = s[i];
                d[m] = d[i];
                w[m] = 7;
                m++;
            }
            dyng_graph_properties p;
            dyng_properties_default(&p);
            p.directed = directed;
            p.num_weights = 1;
            p.vertex_type = types == 2 ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
            p.offset_type = types >= 1 ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
            /* The ids as the vertex type; reversed for the append graph, so
             * that its rows are out of order. */
            int64_t s64[2][MAX_E], d64[2][MAX_E];
            int32_t s32[2][MAX_E], d32[2][MAX_E], rw[MAX_E];
            for (int64_t i = 0; i < m; i++) {
                s64[0][i] = s[i];
                d64[0][i] = d[i];
                s64[1][i] = s[m - 1 - i];
                d64[1][i] = d[m - 1 - i];
                rw[i] = w[m - 1 - i];
                for (int r = 0; r < 2; r++) {
                    s32[r][i] = (int32_t)s64[r][i];
                    d32[r][i] = (int32_t)d64[r][i];
                }
            }
            const bool wide = types == 2;
            dyng_graph *sorted = NULL, *append = NULL;
            REQUIRE_OK(dyng_graph_from_edges(&sorted, &p, N, once, wide ? (void *)s64[0] : s32[0],
                                             wide ? (void *)d64[0] : d32[0], w, seq));
            p.order = DYNG_ORDER_APPEND;
            p.parallel_edges = DYNG_PARALLEL_ALLOW;
            REQUIRE_OK(dyng_graph_from_edges(&append, &p, N, m, wide ? (void *)s64[1] : s32[1],
                                             wide ? (void *)d64[1] : d32[1], rw, seq));
            int compared = 0, refused = 0;
            for (int64_t window = 0; window <= N; window += window == 0 ? 2 : 1)
                for (int64_t size = 1; size <= 80; size += 13)
                    for (int f = 0; f <= 4; f++) {
                        dyng_random_batch_options bo;
                        dyng_random_batch_options_default(&bo);
                        bo.size = size;
                        bo.insert_fraction = f / 4.0;
                        bo.locality_window = window;
                        bo.seed = (uint64_t)(window * 1000 + size * 10 + f);
                        dyng_batch *b1 = NULL, *b2 = NULL;
                        const dyng_status st1 = dyng_generate_batch(&b1, sorted, &bo, seq);
                        const dyng_status st2 = dyng_generate_batch(&b2, append, &bo, seq);
                        CHECK(st1 == st2);
                        if (st1 == DYNG_OK && st2 == DYNG_OK) {
                            CHECK(same_batch(b1, b2));
                            compared++;
                        } else {
                            CHECK(st1 == DYNG_INVALID_ARGUMENT);
                            refused++;
                        }
                        dyng_batch_free(&b1);
                        dyng_batch_free(&b2);
                    }
            CHECK(compared > 100 && refused > 20);
            dyng_graph_free(&sorted);
            dyng_graph_free(&append);
        }
}

/* Edges whose arrays would take more than the memory this process may use
 * are refused with DYNG_CAPACITY before anything is allocated (writing them
 * would get the process killed, not fail): every generator, with the
 * reported memory made small. */
static void test_edges_past_memory(void) {
    const size_t before = dyng_testing_physical_memory((size_t)1 << 20); /* 1 MB */
    dyng_edge_arrays x;
    dyng_rmat_options r = rmat_opts(16, 16, 1); /* 1M edges, 8 MB of ids */
    CHECK_STATUS(dyng_generate_rmat(&x, &r, NULL), DYNG_CAPACITY);
    CHECK(zeroed(&x));
    const char *msg = dyng_error_message();
    CHECK(strstr(msg, "1048576 edges take 8.4 MB") != NULL && strstr(msg, "1.0 MB") != NULL);
    dyng_erdos_renyi_options e;
    dyng_erdos_renyi_options_default(&e);
    e.num_vertices = 100000;
    e.num_edges = 200000; /* 1.6 MB of ids */
    CHECK_STATUS(dyng_generate_erdos_renyi(&x, &e, NULL), DYNG_CAPACITY);
    dyng_grid_options gr;
    dyng_grid_options_default(&gr);
    gr.rows = gr.cols = 400; /* 319,200 edges and a weight each: 3.8 MB */
    CHECK_STATUS(dyng_generate_grid(&x, &gr, NULL), DYNG_CAPACITY);
    r.scale = 10; /* 16,384 edges: within the 1 MB */
    CHECK_OK(dyng_generate_rmat(&x, &r, NULL));
    dyng_edge_arrays_free(&x);
    dyng_testing_physical_memory(before);
    r.scale = 16; /* the real memory again */
    CHECK_OK(dyng_generate_rmat(&x, &r, NULL));
    dyng_edge_arrays_free(&x);
}

/* ---- allocation failures ---------------------------------------------------------------- */

typedef dyng_status (*edge_gen)(dyng_edge_arrays *, const void *, dyng_resources *);

static dyng_status gen_rmat(dyng_edge_arrays *out, const void *o, dyng_resources *r) {
    return dyng_generate_rmat(out, o, r);
}
static dyng_status gen_er(dyng_edge_arrays *out, const void *o, dyng_resources *r) {
    return dyng_generate_erdos_renyi(out, o, r);
}
static dyng_status gen_grid(dyng_edge_arrays *out, const void *o, dyng_resources *r) {
    return dyng_generate_grid(out, o, r);
}

/* Fail the 1st, 2nd, ... allocation until the call succeeds; each failure
 * leaves *out zeroed, the success equals a run without failures. NULL
 * resources, so the default handle's allocation is swept too. */
static void brutal_edges(edge_gen f, const void *o, const char *what) {
    dyng_edge_arrays want, got;
    REQUIRE_OK(f(&want, o, omp2));
    int64_t k;
    for (k = 1; k <= MAX_K; k++) {
        dyng_testing_fail_allocation(k);
        dyng_status st = f(&got, o, NULL);
        dyng_testing_fail_allocation(0);
        if (st == DYNG_OUT_OF_MEMORY) {
            CHECK(zeroed(&got));
            continue;
        }
        CHECK_OK(st);
        CHECK(arrays_equal(&got, &want));
        dyng_edge_arrays_free(&got);
        break;
    }
    if (k < 3)
        fprintf(stderr, "%s: only %lld allocations swept\n", what, (long long)k);
    CHECK(k >= 3 && k < MAX_K);
    dyng_edge_arrays_free(&want);
}

static void test_allocation_failures(void) {
    dyng_rmat_options r = rmat_opts(9, 4, 3);
    r.num_weights = 2;
    brutal_edges(gen_rmat, &r, "rmat drop");
    r.keep_duplicates = true;
    brutal_edges(gen_rmat, &r, "rmat keep");
    r.scale = 3; /* one alias table only */
    brutal_edges(gen_rmat, &r, "rmat small");
    dyng_erdos_renyi_options e;
    dyng_erdos_renyi_options_default(&e);
    e.num_vertices = 30;
    e.num_edges = 100;
    e.num_weights = 1;
    brutal_edges(gen_er, &e, "er draws");
    e.num_edges = 800;
    brutal_edges(gen_er, &e, "er complement");
    dyng_grid_options gr;
    dyng_grid_options_default(&gr);
    gr.rows = 9;
    gr.cols = 11;
    gr.keep_probability = 0.7;
    brutal_edges(gen_grid, &gr, "grid");

    /* Batches: the graph stays as it was (it is const; checked anyway). */
    dyng_edge_arrays a;
    e.num_edges = 150;
    e.num_weights = 1;
    REQUIRE_OK(dyng_generate_erdos_renyi(&a, &e, seq));
    dyng_graph *g = graph_from(&a, true);
    dyng_edge_arrays_free(&a);
    uint64_t version;
    REQUIRE_OK(dyng_graph_version(&version, g));
    for (int listed = 0; listed < 2; listed++) {
        dyng_random_batch_options o;
        dyng_random_batch_options_default(&o);
        o.size = listed ? 12 : 40;
        o.insert_fraction = listed ? 1.0 : 0.5;
        o.locality_window = listed ? 4 : 0;
        int64_t k;
        for (k = 1; k <= MAX_K; k++) {
            dyng_batch *b = NULL;
            dyng_testing_fail_allocation(k);
            dyng_status st = dyng_generate_batch(&b, g, &o, NULL);
            dyng_testing_fail_allocation(0);
            if (st == DYNG_OUT_OF_MEMORY) {
                CHECK(b == NULL);
                continue;
            }
            if (listed && st == DYNG_INVALID_ARGUMENT) /* the window had too few free pairs */
                break;
            CHECK_OK(st);
            dyng_batch_free(&b);
            break;
        }
        CHECK(k >= 3 && k < MAX_K);
    }
    uint64_t after;
    REQUIRE_OK(dyng_graph_version(&after, g));
    CHECK(after == version);
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);
}

int main(void) {
    REQUIRE_OK(dyng_resources_new(&seq, DYNG_BACKEND_SEQUENTIAL, 1));
    REQUIRE_OK(dyng_resources_new(
        &omp2, dyng_openmp_available() ? DYNG_BACKEND_OPENMP : DYNG_BACKEND_SEQUENTIAL, 2));
    test_weights();
    test_rmat_determinism();
    test_rmat_pinned();
    test_rmat_statistics();
    test_rmat_errors();
    test_erdos_renyi();
    test_grid();
    test_batches();
    test_batches_row_order();
    test_batches_counted_in_place();
    test_edges_past_memory();
    test_allocation_failures();
    dyng_resources_free(&seq);
    dyng_resources_free(&omp2);
    return check_finish("test_random_generators");
}
