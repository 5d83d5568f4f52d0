/*
 * tests/c/test_apply_alloc.c - "brutal" allocation-failure tests.
 *
 * Each call under test is run with its 1st, 2nd, 3rd ... allocation failing
 * (dyng_testing_fail_allocation(k)) until it succeeds. While it returns
 * DYNG_OUT_OF_MEMORY its inputs must be exactly as before (for an apply: the
 * whole graph, compared through full exports, version and state id) and its
 * outputs NULL; once it succeeds the result must equal the reference model.
 * ASan reports any leak on a failure path. Snapshots are taken with the
 * failure disarmed (they use the library's exports).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/alloc.h"
#include "graph/graph_internal.h"
#include "refmodel.h"

/* Stop a loop that never succeeds. */
#define MAX_K 100000

static dyng_resources *seq, *omp2;

/* A small LCG for reproducible inputs. */
static uint64_t lcg = 88172645463325252ULL;
static int64_t rnd(int64_t n) {
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int64_t)((lcg >> 33) % (uint64_t)n);
}

/*
 * The brutal loop for one apply: for k = 1, 2, ...: snapshot, arm, apply,
 * disarm; on DYNG_OUT_OF_MEMORY the graph must equal the snapshot; on
 * success the graph and summary must equal the model's. The model is
 * advanced by the batch. With `cold`, the scratch space of the graph's
 * handle is released before each try, so that the apply allocates it again
 * (and each of those allocations fails once). Returns the number of
 * failures injected.
 */
static int64_t brutal_apply(dyng_graph *g, rm_graph *m, const tbatch *tb, dyng_type bt, bool cold,
                            const char *what) {
    dyng_resources *r = NULL;
    REQUIRE_OK(dyng_graph_resources(&r, g));
    dyng_batch *b = tb_make(tb, bt);
    dyng_apply_summary want;
    REQUIRE_OK(rm_apply_tb(m, tb, &want));
    int64_t k;
    for (k = 1; k <= MAX_K; k++) {
        gsnap before;
        snap_take(&before, g);
        if (cold)
            REQUIRE_OK(dyng_resources_release_scratch(r));
        dyng_apply_summary got;
        dyng_testing_fail_allocation(k);
        dyng_status st = dyng_graph_apply(g, b, &got);
        dyng_testing_fail_allocation(0);
        if (st == DYNG_OUT_OF_MEMORY) {
            gsnap after;
            snap_take(&after, g);
            bool same = snap_equal(&after, &before);
            if (!same)
                fprintf(stderr, "%s: the graph changed when allocation %lld failed\n", what,
                        (long long)k);
            CHECK(same);
            CHECK_OK(dyng_graph_check(g));
            snap_free(&after);
            snap_free(&before);
            if (!same)
                break;
            continue;
        }
        snap_free(&before);
        if (st != DYNG_OK)
            fprintf(stderr, "%s: allocation %lld failing gave %s: %s\n", what, (long long)k,
                    dyng_status_name(st), dyng_error_message());
        CHECK(st == DYNG_OK);
        if (st == DYNG_OK) {
            CHECK(summary_equal(&got, &want, what));
            CHECK(rm_compare(m, g, what));
        }
        break;
    }
    CHECK(k <= MAX_K);
    dyng_batch_free(&b);
    return k - 1;
}

/* A random graph of n vertices and about m edges, built normally. */
static dyng_graph *random_graph(rm_graph *model, const dyng_graph_properties *p, int64_t n,
                                int64_t m, dyng_resources *r) {
    int64_t *src = rm_xmalloc((size_t)m * sizeof *src), *dst = rm_xmalloc((size_t)m * sizeof *dst);
    int32_t *w = rm_xmalloc((size_t)m * (size_t)p->num_weights * sizeof *w);
    for (int64_t e = 0; e < m; e++) {
        src[e] = e % 5 == 0 ? rnd(3) : rnd(n); /* a few hubs */
        dst[e] = rnd(n);
    }
    for (int64_t i = 0; i < m * p->num_weights; i++)
        w[i] = (int32_t)rnd(1000);
    dyng_graph *g = rm_build_both(model, p, n, m, src, dst, w, r);
    free(src);
    free(dst);
    free(w);
    return g;
}

/* A mixed random batch: present and absent deletions, new and existing
 * insertions, duplicates, self-loops, ids up to n + grow. */
static void random_batch(tbatch *tb, const rm_graph *m, int64_t count, int64_t grow) {
    tb_clear(tb);
    int32_t w[DYNG_MAX_WEIGHTS];
    for (int64_t i = 0; i < count; i++) {
        int64_t u = rnd(m->n), v = rnd(m->n);
        if (rnd(3) == 0 && m->out[u].len > 0)
            v = m->out[u].tgt[rnd(m->out[u].len)];
        if (rnd(2) == 0) {
            tb_del(tb, u, v);
            if (rnd(8) == 0)
                tb_del(tb, u, v);
        } else {
            if (grow > 0 && rnd(10) == 0)
                v = m->n + rnd(grow);
            if (rnd(20) == 0)
                v = u;
            for (int k = 0; k < tb->K; k++)
                w[k] = (int32_t)rnd(100);
            tb_ins_w(tb, u, v, w);
            if (rnd(8) == 0)
                tb_ins_w(tb, u, v, w);
        }
    }
}

/* Brutal applies on graphs of every kind: directed and undirected, both
 * row orders, parallel edges allowed, growth, as_sets, on the sequential
 * backend and on OpenMP with 2 threads. */
static void test_apply_kinds(void) {
    struct {
        const char *name;
        bool directed;
        dyng_row_order order;
        dyng_parallel_edges par;
        bool transposed;
        int K;
        int sem; /* 0 upsert, 1 set, 2 upsert + as_sets + insertions first */
        int64_t grow;
    } kinds[] = {
        {"directed sorted", true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, true, 1, 0, 0},
        {"directed append allow", true, DYNG_ORDER_APPEND, DYNG_PARALLEL_ALLOW, true, 2, 0, 0},
        {"directed no in-edges", true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, false, 0, 0, 0},
        {"undirected sorted", false, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, true, 1, 0, 0},
        {"undirected append allow", false, DYNG_ORDER_APPEND, DYNG_PARALLEL_ALLOW, true, 1, 0, 0},
        {"growth", true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, true, 1, 0, 500},
        {"undirected growth", false, DYNG_ORDER_APPEND, DYNG_PARALLEL_FORBID, true, 0, 0, 500},
        {"as_sets (set)", true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, true, 1, 1, 50},
        {"as_sets undirected", false, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, true, 2, 1, 0},
        {"as_sets insertions first", true, DYNG_ORDER_APPEND, DYNG_PARALLEL_ALLOW, true, 1, 2, 20},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        for (int backend = 0; backend < 2; backend++) {
            dyng_resources *r = backend == 0 ? seq : omp2;
            if (r == NULL)
                continue;
            dyng_graph_properties p =
                props(kinds[i].directed, kinds[i].order, kinds[i].par, kinds[i].K);
            p.store_transposed = kinds[i].transposed;
            if (kinds[i].sem >= 1)
                REQUIRE_OK(dyng_semantics_set(&p.semantics));
            if (kinds[i].sem == 2) {
                p.semantics.on_existing_insert = DYNG_EXISTING_UPSERT;
                p.semantics.on_self_loop = DYNG_SELF_LOOP_KEEP;
                p.semantics.deletions_first = false;
            }
            rm_graph m;
            dyng_graph *g = random_graph(&m, &p, 300, 1500, r);
            tbatch tb;
            tb_init(&tb, kinds[i].K);
            char what[160];
            int64_t failures = 0;
            for (int round = 0; round < 3; round++) {
                random_batch(&tb, &m, 400, kinds[i].grow);
                snprintf(what, sizeof what, "%s (%s) round %d", kinds[i].name,
                         backend == 0 ? "sequential" : "openmp", round);
                failures += brutal_apply(g, &m, &tb, DYNG_TYPE_INT32, round != 1, what);
            }
            printf("%s (%s): %lld allocation failures survived\n", kinds[i].name,
                   backend == 0 ? "sequential" : "openmp", (long long)failures);
            tb_free(&tb);
            dyng_graph_free(&g);
            rm_free(&m);
        }
}

/* Row relocation: one row grows by thousands in one batch, and every row a
 * little, with int64 ids too. */
static void test_apply_relocation(void) {
    for (int backend = 0; backend < 2; backend++) {
        dyng_resources *r = backend == 0 ? seq : omp2;
        if (r == NULL)
            continue;
        for (int t = 0; t < 2; t++) {
            dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
            if (t == 1) {
                p.vertex_type = DYNG_TYPE_INT64;
                p.offset_type = DYNG_TYPE_INT64;
            }
            rm_graph m;
            dyng_graph *g = random_graph(&m, &p, 200, 400, r);
            tbatch tb;
            tb_init(&tb, 1);
            for (int i = 0; i < 3000; i++)
                tb_ins(&tb, 7, (i * 37) % 3001, i);
            brutal_apply(g, &m, &tb, p.vertex_type, true, "one row grows");
            tb_clear(&tb);
            for (int u = 0; u < 200; u++)
                for (int j = 0; j < 6; j++)
                    tb_ins(&tb, u, (u * 13 + j * 31) % 200, j);
            brutal_apply(g, &m, &tb, DYNG_TYPE_INT32, false, "every row grows");
            tb_free(&tb);
            dyng_graph_free(&g);
            rm_free(&m);
        }
    }
}

/* A stream that makes rows relocate again and again (so the graph compacts
 * internally), each batch brutal-tested. */
static void test_apply_stream(void) {
    for (int directed = 0; directed < 2; directed++) {
        dyng_graph_properties p = props(directed, DYNG_ORDER_APPEND, DYNG_PARALLEL_FORBID, 1);
        rm_graph m;
        dyng_graph *g = random_graph(&m, &p, 100, 100, seq);
        tbatch tb;
        tb_init(&tb, 1);
        char what[96];
        int64_t failures = 0;
        for (int r = 0; r < 120; r++) {
            tb_clear(&tb);
            int64_t hub = r % 5;
            for (int i = 0; i < 80; i++)
                tb_ins(&tb, hub, (r * 7 + i) % 100, r);
            if (r >= 3)
                for (int i = 0; i < 80; i++)
                    tb_del(&tb, (r - 3) % 5, ((r - 3) * 7 + i) % 100);
            snprintf(what, sizeof what, "stream (%s) batch %d",
                     directed ? "directed" : "undirected", r);
            failures += brutal_apply(g, &m, &tb, DYNG_TYPE_INT32, r % 10 == 0, what);
        }
        printf("stream (%s): %lld allocation failures survived\n",
               directed ? "directed" : "undirected", (long long)failures);
        tb_free(&tb);
        dyng_graph_free(&g);
        rm_free(&m);
    }
}

/* Whether a direction holds no dead slot and no hole, as a repack leaves it
 * (a batch that moves rows without one leaves their old slots dead). */
static bool repacked_now(const dyng_i_adj *a) {
    int64_t holes = 0;
    for (int s = 0; s < DYNG_I_HOLE_SIZES; s++)
        holes += a->num_holes[s];
    return a->dead == 0 && holes == 0;
}

/* A repacking apply, each of its allocations failing in turn (the fresh
 * arrays of each direction, the scratch, the records of new vertices):
 * the graph stays as it was, and once the apply succeeds it equals the model
 * and every direction has repacked. Rows of 1 to 3 entries, all packed; the
 * first batch grows half of the rows and touches three quarters (it repacks
 * at once), the second grows every third row (the rows are placed first,
 * then their waste calls for the repack) and adds a vertex. Directed with
 * in-edges and undirected, K = 2 and K = 0, sequential and two threads. */
static void test_repack_alloc(void) {
    enum { N = 300 };
    for (int kind = 0; kind < 4; kind++)
        for (int backend = 0; backend < 2; backend++) {
            dyng_resources *r = backend == 0 ? seq : omp2;
            if (r == NULL)
                continue;
            const bool directed = kind % 2 == 0;
            const int K = kind < 2 ? 2 : 0;
            dyng_graph_properties p = props(directed, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, K);
            int64_t src[3 * N], dst[3 * N], m = 0;
            int32_t w[3 * N * 2];
            for (int64_t u = 0; u < N; u++)
                for (int64_t j = 0; j <= u % 3; j++) {
                    src[m] = u;
                    dst[m] = (u + 1 + 7 * j) % N;
                    w[2 * m] = (int32_t)(u % 40 + 1);
                    w[2 * m + 1] = (int32_t)(j + 1);
                    m++;
                }
            rm_graph model;
            dyng_graph *g = rm_build_both(&model, &p, N, m, src, dst, K > 0 ? w : NULL, r);
            tbatch tb;
            tb_init(&tb, K);
            char what[128];
            int64_t failures = 0;
            for (int round = 0; round < 2; round++) {
                tb_clear(&tb);
                for (int64_t u = 0; u < N; u++) {
                    const int64_t t = 3 * (u % 7);
                    if (round == 0 && u % 4 != 3) {
                        if (u % 4 != 1)
                            tb_ins(&tb, u, (u + 100 + t) % N, (int32_t)(u % 9 + 1));
                        if (u % 4 != 0)
                            tb_del(&tb, u, (u + 1) % N);
                    } else if (round == 1 && u % 3 == 0) {
                        tb_ins(&tb, u, (u + 150 + t) % N, (int32_t)(u % 9 + 2));
                    }
                }
                if (round == 1)
                    tb_ins(&tb, 3, N, 5); /* a new vertex */
                snprintf(what, sizeof what, "repack (%s, K = %d, %s) round %d",
                         directed ? "directed" : "undirected", K,
                         backend == 0 ? "sequential" : "openmp", round);
                failures += brutal_apply(g, &model, &tb, DYNG_TYPE_INT32, round == 0, what);
                CHECK(repacked_now(&g->out));
                CHECK(!directed || repacked_now(&g->in));
            }
            CHECK(failures >= 4);
            printf("%s: %lld allocation failures survived\n", what, (long long)failures);
            tb_free(&tb);
            dyng_graph_free(&g);
            rm_free(&model);
        }
}

/* dyng_graph_from_edges and from_csr: *out NULL on every failure, then the
 * right graph. */
static void test_build(void) {
    enum { N = 120, M = 700 };
    int64_t src[M], dst[M];
    int32_t w[2 * M];
    for (int e = 0; e < M; e++) {
        src[e] = e % 4 == 0 ? rnd(3) : rnd(N);
        dst[e] = rnd(N);
        w[2 * e] = (int32_t)rnd(50);
        w[2 * e + 1] = (int32_t)rnd(50);
    }
    for (int variant = 0; variant < 6; variant++) {
        dyng_graph_properties p = props(variant % 2 == 0, (dyng_row_order)((variant / 2) % 2),
                                        (dyng_parallel_edges)(variant / 4), 2);
        p.store_transposed = variant != 4;
        dyng_resources *r = variant == 5 && omp2 != NULL ? omp2 : seq;
        rm_graph m;
        REQUIRE_OK(rm_build(&m, &p, -1, M, src, dst, w));
        int32_t *s32 = rm_typed(src, M, DYNG_TYPE_INT32), *d32 = rm_typed(dst, M, DYNG_TYPE_INT32);
        int64_t k;
        for (k = 1; k <= MAX_K; k++) {
            dyng_graph *g = NULL;
            dyng_testing_fail_allocation(k);
            dyng_status st = dyng_graph_from_edges(&g, &p, -1, M, s32, d32, w, r);
            dyng_testing_fail_allocation(0);
            if (st == DYNG_OUT_OF_MEMORY) {
                CHECK(g == NULL);
                dyng_graph_free(&g);
                continue;
            }
            CHECK_OK(st);
            if (st == DYNG_OK)
                CHECK(rm_compare(&m, g, "from_edges"));
            dyng_graph_free(&g);
            break;
        }
        CHECK(k <= MAX_K);
        printf("from_edges variant %d: %lld allocation failures survived\n", variant,
               (long long)(k - 1));

        /* from_csr of the model's out-rows (directed only: an undirected
         * CSR input is its own case, below); the expected graph is the one
         * built from the CSR's entries in row order. */
        if (p.directed) {
            gsnap s;
            rm_snap(&s, &m);
            int32_t *rp = rm_typed(s.out_ptr, s.n + 1, DYNG_TYPE_INT32);
            int32_t *col = rm_typed(s.out_col, s.entries, DYNG_TYPE_INT32);
            int64_t *rows = rm_xmalloc((size_t)s.entries * sizeof *rows);
            for (int64_t v = 0; v < s.n; v++)
                for (int64_t e = s.out_ptr[v]; e < s.out_ptr[v + 1]; e++)
                    rows[e] = v;
            rm_graph mc;
            REQUIRE_OK(rm_build(&mc, &p, s.n, s.entries, rows, s.out_col, s.out_w));
            free(rows);
            for (k = 1; k <= MAX_K; k++) {
                dyng_graph *g = NULL;
                dyng_testing_fail_allocation(k);
                dyng_status st = dyng_graph_from_csr(&g, &p, s.n, rp, col, s.out_w, r);
                dyng_testing_fail_allocation(0);
                if (st == DYNG_OUT_OF_MEMORY) {
                    CHECK(g == NULL);
                    dyng_graph_free(&g);
                    continue;
                }
                CHECK_OK(st);
                if (st == DYNG_OK)
                    CHECK(rm_compare(&mc, g, "from_csr"));
                dyng_graph_free(&g);
                break;
            }
            CHECK(k <= MAX_K);
            free(rp);
            free(col);
            snap_free(&s);
            rm_free(&mc);
        }
        free(s32);
        free(d32);
        rm_free(&m);
    }

    /* An undirected CSR (symmetric). */
    dyng_graph_properties p = props(false, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    rm_graph m;
    REQUIRE_OK(rm_build(&m, &p, -1, M, src, dst, w)); /* K = 1 reads the first M weights */
    gsnap s;
    rm_snap(&s, &m);
    int32_t *rp = rm_typed(s.out_ptr, s.n + 1, DYNG_TYPE_INT32);
    int32_t *col = rm_typed(s.out_col, s.entries, DYNG_TYPE_INT32);
    int64_t k;
    for (k = 1; k <= MAX_K; k++) {
        dyng_graph *g = NULL;
        dyng_testing_fail_allocation(k);
        dyng_status st = dyng_graph_from_csr(&g, &p, s.n, rp, col, s.out_w, seq);
        dyng_testing_fail_allocation(0);
        if (st == DYNG_OUT_OF_MEMORY) {
            CHECK(g == NULL);
            continue;
        }
        CHECK_OK(st);
        if (st == DYNG_OK)
            CHECK(rm_compare(&m, g, "from_csr undirected"));
        dyng_graph_free(&g);
        break;
    }
    CHECK(k <= MAX_K);
    free(rp);
    free(col);
    snap_free(&s);
    rm_free(&m);
}

/* dyng_graph_clone: on failure *out is NULL and the original unchanged. */
static void test_clone(void) {
    for (int directed = 0; directed < 2; directed++) {
        dyng_graph_properties p = props(directed, DYNG_ORDER_APPEND, DYNG_PARALLEL_ALLOW, 1);
        rm_graph m;
        dyng_graph *g = random_graph(&m, &p, 150, 600, seq);
        gsnap before;
        snap_take(&before, g);
        int64_t k;
        for (k = 1; k <= MAX_K; k++) {
            dyng_graph *c = NULL;
            dyng_testing_fail_allocation(k);
            dyng_status st = dyng_graph_clone(&c, g);
            dyng_testing_fail_allocation(0);
            gsnap after;
            snap_take(&after, g);
            CHECK(snap_equal(&after, &before));
            snap_free(&after);
            if (st == DYNG_OUT_OF_MEMORY) {
                CHECK(c == NULL);
                continue;
            }
            CHECK_OK(st);
            if (st == DYNG_OK) {
                gsnap sc;
                snap_take(&sc, c);
                CHECK(snap_equal(&sc, &before));
                snap_free(&sc);
                CHECK_OK(dyng_graph_check(c));
            }
            dyng_graph_free(&c);
            break;
        }
        CHECK(k <= MAX_K);
        snap_free(&before);
        dyng_graph_free(&g);
        rm_free(&m);
    }
}

/* dyng_batch_add_insertions / add_deletions / new / reserve: on failure
 * the batch is unchanged. */
static void test_batch(void) {
    enum { C = 2000 };
    /* C + 5 entries: the tests add C of them from offset 5. */
    int32_t *s = malloc((C + 5) * sizeof *s), *d = malloc((C + 5) * sizeof *d);
    int32_t *w = malloc(2 * (C + 5) * sizeof *w);
    for (int i = 0; i < C + 5; i++) {
        s[i] = i;
        d[i] = C - i;
        w[2 * i] = i;
        w[2 * i + 1] = -i;
    }
    for (int what = 0; what < 2; what++) {
        int64_t k;
        for (k = 1; k <= MAX_K; k++) {
            dyng_batch *b = NULL;
            REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 2));
            REQUIRE_OK(dyng_batch_add_insertions(b, 3, s, d, w));
            REQUIRE_OK(dyng_batch_add_deletions(b, 2, d, s));
            dyng_testing_fail_allocation(k);
            dyng_status st = what == 0 ? dyng_batch_add_insertions(b, C, s + 5, d + 5, w + 10)
                                       : dyng_batch_add_deletions(b, C, s + 5, d + 5);
            dyng_testing_fail_allocation(0);
            int64_t ni = -1, nd = -1;
            CHECK_OK(dyng_batch_num_insertions(&ni, b));
            CHECK_OK(dyng_batch_num_deletions(&nd, b));
            const void *is, *id, *ds, *dd;
            const int32_t *iw;
            CHECK_OK(dyng_batch_insertions(&is, &id, &iw, b));
            CHECK_OK(dyng_batch_deletions(&ds, &dd, b));
            bool ok = true;
            for (int i = 0; i < 3; i++)
                ok = ok && ((const int32_t *)is)[i] == s[i] && ((const int32_t *)id)[i] == d[i] &&
                     iw[2 * i] == w[2 * i] && iw[2 * i + 1] == w[2 * i + 1];
            for (int i = 0; i < 2; i++)
                ok = ok && ((const int32_t *)ds)[i] == d[i] && ((const int32_t *)dd)[i] == s[i];
            if (st == DYNG_OUT_OF_MEMORY) {
                CHECK(ni == 3 && nd == 2);
                CHECK(ok);
                dyng_batch_free(&b);
                continue;
            }
            CHECK_OK(st);
            CHECK(ok);
            if (what == 0) {
                CHECK(ni == 3 + C && nd == 2);
                for (int i = 0; ni == 3 + C && i < C; i++)
                    ok = ok && ((const int32_t *)is)[3 + i] == s[5 + i] &&
                         ((const int32_t *)id)[3 + i] == d[5 + i] &&
                         iw[2 * (3 + i)] == w[10 + 2 * i] && iw[2 * (3 + i) + 1] == w[11 + 2 * i];
            } else {
                CHECK(ni == 3 && nd == 2 + C);
                for (int i = 0; nd == 2 + C && i < C; i++)
                    ok = ok && ((const int32_t *)ds)[2 + i] == s[5 + i] &&
                         ((const int32_t *)dd)[2 + i] == d[5 + i];
            }
            CHECK(ok);
            dyng_batch_free(&b);
            break;
        }
        CHECK(k <= MAX_K);
    }

    /* dyng_batch_new and reserve. */
    int64_t k;
    for (k = 1; k <= MAX_K; k++) {
        dyng_batch *b = NULL;
        dyng_testing_fail_allocation(k);
        dyng_status st = dyng_batch_new(&b, DYNG_TYPE_INT64, 3);
        if (st == DYNG_OK)
            st = dyng_batch_reserve(b, 5000, 5000);
        dyng_testing_fail_allocation(0);
        if (st == DYNG_OUT_OF_MEMORY) {
            /* Either new failed (b NULL) or reserve did (b empty). */
            if (b != NULL) {
                int64_t n = -1;
                CHECK_OK(dyng_batch_num_insertions(&n, b));
                CHECK(n == 0);
            }
            dyng_batch_free(&b);
            continue;
        }
        CHECK_OK(st);
        dyng_batch_free(&b);
        break;
    }
    CHECK(k <= MAX_K);
    free(s);
    free(d);
    free(w);
}

/* dyng_resources_new: *out NULL on failure. */
static void test_resources(void) {
    for (int backend = 0; backend < 2; backend++) {
        if (backend == 1 && !dyng_openmp_available())
            continue;
        int64_t k;
        for (k = 1; k <= MAX_K; k++) {
            dyng_resources *r = NULL;
            dyng_testing_fail_allocation(k);
            dyng_status st = dyng_resources_new(&r, (dyng_backend)backend, 2);
            dyng_testing_fail_allocation(0);
            if (st == DYNG_OUT_OF_MEMORY) {
                CHECK(r == NULL);
                continue;
            }
            CHECK_OK(st);
            CHECK(r != NULL);
            dyng_resources_free(&r);
            break;
        }
        CHECK(k <= MAX_K);
        CHECK(k >= 2); /* the handle itself is allocated */
    }
}

int main(void) {
    REQUIRE_OK(dyng_resources_new(&seq, DYNG_BACKEND_SEQUENTIAL, 1));
    if (dyng_openmp_available())
        REQUIRE_OK(dyng_resources_new(&omp2, DYNG_BACKEND_OPENMP, 2));
    test_apply_kinds();
    test_apply_relocation();
    test_apply_stream();
    test_repack_alloc();
    test_build();
    test_clone();
    test_batch();
    test_resources();
    dyng_testing_fail_allocation(0);
    dyng_resources_free(&seq);
    dyng_resources_free(&omp2);
    return check_finish("test_apply_alloc");
}
