/*
 * tests/c/test_apply_random.c - thousands of random batches against the
 * reference model.
 *
 * Each configuration draws graph properties (directed or not, row order,
 * parallel edges, stored in-edges, 0..2 weights, int32 or int64 ids and
 * offsets) and batch semantics (either preset or random switches, error
 * modes included), builds a random graph with a few high-degree vertices,
 * and applies a stream of random batches: empty, small, medium and large,
 * with duplicates, self-loops, absent deletions, deletions of present edges,
 * delete-then-reinsert pairs and vertex growth. The same batches go to a
 * graph on the sequential backend and one on OpenMP with 2 threads. After
 * every batch both graphs (whole out-CSR, in-CSR, weights, edges, counts,
 * version, state id) and both summaries are compared with the model, and
 * dyng_graph_check must pass. A failing batch (an error mode) must leave
 * both graphs as they were.
 *
 * DYNG_TEST_SEED overrides the seed (printed at the start);
 * DYNG_TEST_SCALE (default 1) multiplies the number of configurations.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "refmodel.h"
#include "rng.h" /* splitmix64: a small PRNG of our own */

/* What the batches did in total (printed, to show what was covered). */
static dyng_apply_summary totals;
static int64_t failed_batches, empty_batches, large_batches;

typedef struct config {
    dyng_graph_properties p;
    const char *sem_name;
    int64_t n0, m0;
    int batches;
    int max_batch;
    int hubs; /* vertices 0..hubs-1 get many edges */
} config;

static void describe(const config *c, char *buf, size_t size) {
    const dyng_graph_properties *p = &c->p;
    const dyng_batch_semantics *s = &p->semantics;
    snprintf(buf, size,
             "%s %s %s transposed=%d K=%d ids=%s offsets=%s semantics=%s(existing=%d missing=%d "
             "self_loop=%d deletions_first=%d growth=%d as_sets=%d) n0=%lld m0=%lld",
             p->directed ? "directed" : "undirected",
             p->order == DYNG_ORDER_SORTED ? "sorted" : "append",
             p->parallel_edges == DYNG_PARALLEL_FORBID ? "forbid" : "allow", p->store_transposed,
             p->num_weights, dyng_type_name(p->vertex_type), dyng_type_name(p->offset_type),
             c->sem_name, s->on_existing_insert, s->on_missing_delete, s->on_self_loop,
             s->deletions_first, s->allow_vertex_growth, s->as_sets, (long long)c->n0,
             (long long)c->m0);
}

/* Configuration number i: the structural switches cycle through every
 * combination; types, semantics and sizes are drawn. */
static config make_config(int i) {
    config c;
    REQUIRE_OK(dyng_properties_default(&c.p));
    c.p.directed = i % 2 == 0;
    c.p.order = (dyng_row_order)((i / 2) % 2);
    c.p.parallel_edges = (dyng_parallel_edges)((i / 4) % 2);
    c.p.store_transposed = (i / 8) % 2 == 0;
    c.p.num_weights = (int)rng_below(3);
    if (c.p.num_weights == 0) {
        c.p.vertex_type = DYNG_TYPE_INT32;
        c.p.offset_type = rng_chance(0.5) ? DYNG_TYPE_INT32 : DYNG_TYPE_INT64;
    } else {
        int t = (int)rng_below(3);
        c.p.vertex_type = t == 2 ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
        c.p.offset_type = t >= 1 ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
    }
    int kind = (i / 16 + i) % 3;
    if (kind == 0) {
        REQUIRE_OK(dyng_semantics_upsert_last_wins(&c.p.semantics));
        c.sem_name = "upsert_last_wins";
    } else if (kind == 1) {
        REQUIRE_OK(dyng_semantics_set(&c.p.semantics));
        c.sem_name = "set";
    } else {
        dyng_batch_semantics *s = &c.p.semantics;
        bool errors = rng_chance(0.3);
        s->on_existing_insert =
            (dyng_on_existing_insert)(errors ? rng_below(3) : (rng_chance(0.5) ? 0 : 2));
        s->on_missing_delete = (dyng_on_missing_delete)(errors ? rng_below(2) : 0);
        s->on_self_loop = (dyng_on_self_loop)(errors ? rng_below(3) : rng_below(2));
        s->deletions_first = rng_chance(0.5);
        s->allow_vertex_growth = rng_chance(0.7);
        s->as_sets = rng_chance(0.5);
        c.sem_name = "random";
    }
    const dyng_batch_semantics *s = &c.p.semantics;
    bool error_modes = s->on_existing_insert == DYNG_EXISTING_ERROR ||
                       s->on_missing_delete == DYNG_MISSING_ERROR ||
                       s->on_self_loop == DYNG_SELF_LOOP_ERROR;
    c.n0 = rng_chance(0.1) ? 0 : 1 + rng_below(rng_chance(0.2) ? 2000 : 200);
    c.m0 = c.n0 == 0 ? 0 : rng_below(c.n0 * 4 + 1);
    c.hubs = rng_chance(0.5) ? 4 : 0;
    c.batches = 60 + (int)rng_below(40);
    /* Error modes make most large batches fail: keep those small. */
    c.max_batch = error_modes ? 6 : (rng_chance(0.25) ? 3000 : 200);
    return c;
}

/* A random vertex of the graph, biased to the hubs. */
static int64_t pick_vertex(int64_t n, int hubs) {
    if (hubs > 0 && n > hubs && rng_chance(0.25))
        return rng_below(hubs);
    return rng_below(n);
}

/* An existing (u, v) of the model, or false. */
static bool pick_edge(const rm_graph *m, int hubs, int64_t *u, int64_t *v) {
    if (m->n == 0)
        return false;
    for (int tries = 0; tries < 6; tries++) {
        int64_t x = pick_vertex(m->n, hubs);
        const rm_row *r = &m->out[x];
        if (r->len > 0) {
            *u = x;
            *v = r->tgt[rng_below(r->len)];
            return true;
        }
    }
    return false;
}

static void random_weights(int32_t *w, int K) {
    for (int k = 0; k < K; k++)
        w[k] = (int32_t)rng_below(2001) - 1000;
}

/* A random batch for the model's current state. */
static void make_batch(tbatch *tb, const config *c, const rm_graph *m) {
    tb_clear(tb);
    const int K = c->p.num_weights;
    const bool growth = c->p.semantics.allow_vertex_growth;
    int64_t n = m->n;
    int64_t size;
    double r = (double)rng_below(1000) / 1000.0;
    if (r < 0.05)
        size = 0;
    else if (r < 0.6)
        size = 1 + rng_below(c->max_batch < 10 ? c->max_batch : 10);
    else if (r < 0.92 || c->max_batch <= 200)
        size = 1 + rng_below(c->max_batch < 200 ? c->max_batch : 200);
    else
        size = 500 + rng_below(c->max_batch - 499);
    double del_share = (double)rng_below(101) / 100.0;
    int32_t w[DYNG_MAX_WEIGHTS];
    for (int64_t i = 0; i < size; i++) {
        int64_t u = 0, v = 0;
        if (rng_chance(del_share)) {
            /* A deletion. */
            double k = (double)rng_below(1000) / 1000.0;
            if (k < 0.1 && tb->nd > 0) { /* a duplicate deletion */
                int64_t j = rng_below(tb->nd);
                u = tb->du[j];
                v = tb->dv[j];
            } else if (k < 0.25 && tb->ni > 0) { /* delete an inserted pair */
                int64_t j = rng_below(tb->ni);
                u = tb->iu[j];
                v = tb->iv[j];
                if (!c->p.directed && rng_chance(0.5)) {
                    int64_t t = u;
                    u = v;
                    v = t;
                }
            } else if (k < 0.65 && pick_edge(m, c->hubs, &u, &v)) {
                /* a present edge */
            } else if (k < 0.7) { /* ids >= n: absent */
                u = rng_below(n + 5);
                v = n + rng_below(20);
            } else if (k < 0.74 && n > 0) { /* a self-loop */
                u = v = pick_vertex(n, c->hubs);
            } else if (n > 0) {
                u = pick_vertex(n, c->hubs);
                v = pick_vertex(n, c->hubs);
            } else {
                u = rng_below(3);
                v = rng_below(3);
            }
            tb_del(tb, u, v);
            continue;
        }
        /* An insertion. */
        random_weights(w, K);
        double k = (double)rng_below(1000) / 1000.0;
        if (k < 0.1 && tb->ni > 0) { /* the same pair again, other weights */
            int64_t j = rng_below(tb->ni);
            u = tb->iu[j];
            v = tb->iv[j];
        } else if (k < 0.2 && tb->nd > 0) { /* reinsert a deleted pair */
            int64_t j = rng_below(tb->nd);
            u = tb->du[j];
            v = tb->dv[j];
            if (!growth && (u >= n || v >= n))
                continue;
        } else if (k < 0.4 && pick_edge(m, c->hubs, &u, &v)) {
            /* a present edge */
        } else if (k < 0.43 && growth) { /* growth, sometimes far */
            u = rng_below(n + 1);
            v = n + rng_below(rng_chance(0.1) ? 3000 : 30);
            if (rng_chance(0.5)) {
                int64_t t = u;
                u = v;
                v = t;
            }
        } else if (k < 0.435 && !growth) {
            /* an id >= n without growth: the batch fails (never a
             * self-loop: whether a dropped self-loop is validated first is
             * tested in test_apply.c) */
            u = rng_below(n + 1);
            v = n + 1 + rng_below(3);
        } else if (n == 0) {
            if (!growth)
                continue;
            u = rng_below(4);
            v = rng_below(4);
        } else if (k < 0.47) { /* a self-loop */
            u = v = pick_vertex(n, c->hubs);
        } else {
            u = pick_vertex(n, c->hubs);
            v = pick_vertex(n, c->hubs);
        }
        tb_ins_w(tb, u, v, w);
    }
}

static void print_batch(const tbatch *tb) {
    if (tb->ni + tb->nd > 40) {
        fprintf(stderr, "  batch: %lld insertions, %lld deletions\n", (long long)tb->ni,
                (long long)tb->nd);
        return;
    }
    fprintf(stderr, "  insertions:");
    for (int64_t i = 0; i < tb->ni; i++)
        fprintf(stderr, " (%lld,%lld%s%d)", (long long)tb->iu[i], (long long)tb->iv[i],
                tb->K > 0 ? ",w=" : "", tb->K > 0 ? tb->iw[i * tb->K] : 0);
    fprintf(stderr, "\n  deletions:");
    for (int64_t i = 0; i < tb->nd; i++)
        fprintf(stderr, " (%lld,%lld)", (long long)tb->du[i], (long long)tb->dv[i]);
    fprintf(stderr, "\n");
}

/* Random initial edges with duplicates, self-loops and hubs. */
static void make_edges(const config *c, int64_t **src, int64_t **dst, int32_t **w) {
    const int K = c->p.num_weights;
    *src = rm_xmalloc((size_t)c->m0 * sizeof **src);
    *dst = rm_xmalloc((size_t)c->m0 * sizeof **dst);
    *w = rm_xmalloc((size_t)c->m0 * (size_t)K * sizeof **w);
    for (int64_t e = 0; e < c->m0; e++) {
        if (e > 0 && rng_chance(0.05)) {
            int64_t j = rng_below(e);
            (*src)[e] = (*src)[j];
            (*dst)[e] = (*dst)[j];
        } else {
            (*src)[e] = pick_vertex(c->n0, c->hubs);
            (*dst)[e] = rng_chance(0.03) ? (*src)[e] : pick_vertex(c->n0, c->hubs);
        }
        random_weights(*w + e * K, K);
    }
}

/* One configuration: returns false after the first mismatch. */
static bool run_config(int index, const config *c, dyng_resources *r_seq, dyng_resources *r_omp,
                       int64_t *batches_done) {
    char desc[512];
    describe(c, desc, sizeof desc);
    int64_t *src, *dst;
    int32_t *w;
    make_edges(c, &src, &dst, &w);
    /* n given or derived. */
    int64_t n_arg = rng_chance(0.5) ? c->n0 : -1;
    rm_graph m;
    dyng_graph *g[2] = {NULL, NULL};
    g[0] = rm_build_both(&m, &c->p, n_arg, c->m0, src, dst, w, r_seq);
    if (r_omp != NULL) {
        rm_graph m2;
        g[1] = rm_build_both(&m2, &c->p, n_arg, c->m0, src, dst, w, r_omp);
        rm_free(&m2);
    }
    free(src);
    free(dst);
    free(w);
    int ng = r_omp != NULL ? 2 : 1;
    bool ok = true;
    char what[600];
    snprintf(what, sizeof what, "config %d [%s] build", index, desc);
    for (int i = 0; i < ng && ok; i++)
        ok = rm_compare(&m, g[i], what);

    tbatch tb;
    tb_init(&tb, c->p.num_weights);
    uint64_t state[2] = {0, 0};
    for (int bi = 0; bi < c->batches && ok; bi++) {
        make_batch(&tb, c, &m);
        for (int i = 0; i < ng; i++)
            CHECK_OK(dyng_graph_state_id(&state[i], g[i]));
        /* Batch id type: the graph's, or the other one when ids fit. */
        dyng_type bt = c->p.vertex_type;
        if (rng_chance(0.3))
            bt = bt == DYNG_TYPE_INT32 ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
        dyng_batch *b = tb_make(&tb, bt);
        dyng_apply_summary want, got[2];
        memset(&want, 0, sizeof want);
        dyng_status mst = rm_apply_tb(&m, &tb, &want);
        if (mst != DYNG_OK)
            failed_batches++;
        if (tb.ni + tb.nd == 0)
            empty_batches++;
        if (tb.ni + tb.nd >= 500)
            large_batches++;
        totals.inserted += want.inserted;
        totals.updated += want.updated;
        totals.deleted += want.deleted;
        totals.ignored_deletions += want.ignored_deletions;
        totals.ignored_insertions += want.ignored_insertions;
        totals.self_loops_dropped += want.self_loops_dropped;
        totals.cancelled += want.cancelled;
        totals.duplicates_merged += want.duplicates_merged;
        totals.new_vertices += want.new_vertices;
        dyng_status st[2] = {DYNG_OK, DYNG_OK};
        for (int i = 0; i < ng; i++)
            st[i] = dyng_graph_apply(g[i], b, &got[i]);
        dyng_batch_free(&b);
        snprintf(what, sizeof what, "config %d [%s] batch %d (%s)", index, desc, bi,
                 dyng_backend_name(DYNG_BACKEND_SEQUENTIAL));
        gsnap expect;
        rm_snap(&expect, &m);
        for (int i = 0; i < ng && ok; i++) {
            snprintf(what, sizeof what, "config %d [%s] batch %d (%s)", index, desc, bi,
                     i == 0 ? "sequential" : "openmp");
            if (st[i] != mst) {
                fprintf(stderr, "%s: apply returned %s (%s), the model %s\n", what,
                        dyng_status_name(st[i]), dyng_error_message(), dyng_status_name(mst));
                ok = false;
                break;
            }
            uint64_t sid = 0;
            CHECK_OK(dyng_graph_state_id(&sid, g[i]));
            if ((mst == DYNG_OK) != (sid != state[i])) {
                fprintf(stderr, "%s: state id %s\n", what,
                        mst == DYNG_OK ? "did not change" : "changed on failure");
                ok = false;
            }
            if (mst == DYNG_OK && !summary_equal(&got[i], &want, what))
                ok = false;
            if (!snap_compare_graph(&expect, g[i], what))
                ok = false;
        }
        if (ok && ng == 2 && mst == DYNG_OK)
            ok = memcmp(&got[0], &got[1], sizeof got[0]) == 0;
        snap_free(&expect);
        if (!ok) {
            fprintf(stderr, "%s: first mismatch (seed, config %d, batch %d)\n", what, index, bi);
            print_batch(&tb);
        }
        (*batches_done)++;
    }
    tb_free(&tb);
    for (int i = 0; i < ng; i++)
        dyng_graph_free(&g[i]);
    rm_free(&m);
    return ok;
}

int main(void) {
    uint64_t seed = 0x5eed2024ULL;
    const char *env = getenv("DYNG_TEST_SEED");
    if (env != NULL && *env != '\0')
        seed = strtoull(env, NULL, 0);
    int scale = 1;
    env = getenv("DYNG_TEST_SCALE");
    if (env != NULL && atoi(env) > 0)
        scale = atoi(env);
    printf("test_apply_random: seed %" PRIu64 " (DYNG_TEST_SEED), scale %d (DYNG_TEST_SCALE)\n",
           seed, scale);
    fflush(stdout);
    rng_state = seed;

    dyng_resources *r_seq = NULL, *r_omp = NULL;
    REQUIRE_OK(dyng_resources_new(&r_seq, DYNG_BACKEND_SEQUENTIAL, 1));
    if (dyng_openmp_available())
        REQUIRE_OK(dyng_resources_new(&r_omp, DYNG_BACKEND_OPENMP, 2));
    else
        printf("OpenMP not built: sequential backend only\n");

    int configs = 60 * scale;
    int64_t batches = 0;
    int failed_configs = 0;
    for (int i = 0; i < configs; i++) {
        config c = make_config(i);
        bool ok = run_config(i, &c, r_seq, r_omp, &batches);
        CHECK(ok);
        if (!ok && ++failed_configs >= 5) {
            fprintf(stderr, "stopping after 5 failing configurations\n");
            break;
        }
    }
    printf("%d configurations, %lld batches, each on %d backends\n", configs, (long long)batches,
           r_omp != NULL ? 2 : 1);
    printf("batches: %lld failed as expected, %lld empty, %lld with >= 500 changes\n",
           (long long)failed_batches, (long long)empty_batches, (long long)large_batches);
    printf("totals: inserted %lld, updated %lld, deleted %lld, ignored deletions %lld, ignored "
           "insertions %lld, self-loops dropped %lld, cancelled %lld, duplicates merged %lld, new "
           "vertices %lld\n",
           (long long)totals.inserted, (long long)totals.updated, (long long)totals.deleted,
           (long long)totals.ignored_deletions, (long long)totals.ignored_insertions,
           (long long)totals.self_loops_dropped, (long long)totals.cancelled,
           (long long)totals.duplicates_merged, (long long)totals.new_vertices);
    dyng_resources_free(&r_seq);
    dyng_resources_free(&r_omp);
    return check_finish("test_apply_random");
}
