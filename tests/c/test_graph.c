/*
 * tests/c/test_graph.c - unit tests of every function of dyng/graph.h:
 * properties and presets, building (from edges and from CSR), exports,
 * counts, degree, neighbours and has_edge, clone, version and state id,
 * resources, memory.
 *
 * Expected contents are written out by hand for the small cases and come
 * from the reference model (refmodel.h) for the rest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/resources_internal.h" /* dyng_testing_interrupt_at_poll */
#include "refmodel.h"
#include "rng.h"

static dyng_resources *seq; /* a sequential handle shared by the tests */

static bool semantics_equal(const dyng_batch_semantics *a, const dyng_batch_semantics *b) {
    return a->on_existing_insert == b->on_existing_insert &&
           a->on_missing_delete == b->on_missing_delete && a->on_self_loop == b->on_self_loop &&
           a->deletions_first == b->deletions_first &&
           a->allow_vertex_growth == b->allow_vertex_growth && a->as_sets == b->as_sets;
}

static bool properties_equal(const dyng_graph_properties *a, const dyng_graph_properties *b) {
    return a->directed == b->directed && a->order == b->order &&
           a->parallel_edges == b->parallel_edges && a->store_transposed == b->store_transposed &&
           a->num_weights == b->num_weights && a->vertex_type == b->vertex_type &&
           a->offset_type == b->offset_type && semantics_equal(&a->semantics, &b->semantics);
}

/* Compare an export (as int64) with expected values. */
static bool eq64(const int64_t *got, const int64_t *want, int64_t count) {
    for (int64_t i = 0; i < count; i++)
        if (got[i] != want[i])
            return false;
    return true;
}

static bool eq32(const int32_t *got, const int32_t *want, int64_t count) {
    for (int64_t i = 0; i < count; i++)
        if (got[i] != want[i])
            return false;
    return true;
}

/* Check a snapshot's out-CSR and in-CSR against hand-written arrays. */
static void expect_csr(const gsnap *s, int64_t n, const int64_t *ptr, const int64_t *col,
                       const int32_t *w, const int64_t *iptr, const int64_t *icol,
                       const int32_t *iw) {
    CHECK(s->n == n);
    if (s->n != n)
        return;
    int64_t e = ptr[n];
    CHECK(s->entries == e);
    if (s->entries != e)
        return;
    CHECK(eq64(s->out_ptr, ptr, n + 1));
    CHECK(eq64(s->out_col, col, e));
    CHECK(eq32(s->out_w, w, e * s->K));
    CHECK(eq64(s->in_ptr, iptr, n + 1));
    CHECK(eq64(s->in_col, icol, e));
    CHECK(eq32(s->in_w, iw, e * s->K));
}

/* ------------------------------------------------------------------------ */

/* dyng_semantics_* presets and dyng_properties_* presets, field by field. */
static void test_presets(void) {
    dyng_batch_semantics s;
    CHECK_OK(dyng_semantics_upsert_last_wins(&s));
    CHECK(s.on_existing_insert == DYNG_EXISTING_UPSERT);
    CHECK(s.on_missing_delete == DYNG_MISSING_IGNORE);
    CHECK(s.on_self_loop == DYNG_SELF_LOOP_KEEP);
    CHECK(s.deletions_first == true);
    CHECK(s.allow_vertex_growth == true);
    CHECK(s.as_sets == false);
    dyng_batch_semantics upsert = s;

    CHECK_OK(dyng_semantics_set(&s));
    CHECK(s.on_existing_insert == DYNG_EXISTING_IGNORE);
    CHECK(s.on_missing_delete == DYNG_MISSING_IGNORE);
    CHECK(s.on_self_loop == DYNG_SELF_LOOP_DROP);
    CHECK(s.deletions_first == true);
    CHECK(s.allow_vertex_growth == true);
    CHECK(s.as_sets == true);
    dyng_batch_semantics set = s;

    dyng_graph_properties p;
    CHECK_OK(dyng_properties_default(&p));
    CHECK(p.directed == true);
    CHECK(p.order == DYNG_ORDER_SORTED);
    CHECK(p.parallel_edges == DYNG_PARALLEL_FORBID);
    CHECK(p.store_transposed == true);
    CHECK(p.num_weights == 0);
    CHECK(p.vertex_type == DYNG_TYPE_INT32);
    CHECK(p.offset_type == DYNG_TYPE_INT32);
    CHECK(semantics_equal(&p.semantics, &upsert));
    CHECK_OK(dyng_properties_check(&p));

    /* mosp: append, parallel allowed, upsert, in-edges stored, directed, K
     * as given; ids and offsets as the default (int32). */
    for (int K = 0; K <= 3; K++) {
        CHECK_OK(dyng_properties_mosp_compatible(&p, K));
        CHECK(p.directed == true);
        CHECK(p.order == DYNG_ORDER_APPEND);
        CHECK(p.parallel_edges == DYNG_PARALLEL_ALLOW);
        CHECK(p.store_transposed == true);
        CHECK(p.num_weights == K);
        CHECK(p.vertex_type == DYNG_TYPE_INT32);
        CHECK(p.offset_type == DYNG_TYPE_INT32);
        CHECK(semantics_equal(&p.semantics, &upsert));
        CHECK_OK(dyng_properties_check(&p));
    }
    CHECK_OK(dyng_properties_mosp_compatible(&p, DYNG_MAX_WEIGHTS));
    CHECK(p.num_weights == DYNG_MAX_WEIGHTS);
    CHECK_STATUS(dyng_properties_mosp_compatible(&p, -1), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_properties_mosp_compatible(&p, DYNG_MAX_WEIGHTS + 1), DYNG_INVALID_ARGUMENT);

    /* cycle enumeration: sorted, simple, set semantics, unweighted, directed
     * (fields it does not name: as the default). */
    CHECK_OK(dyng_properties_cycle_enum_compatible(&p));
    CHECK(p.directed == true);
    CHECK(p.order == DYNG_ORDER_SORTED);
    CHECK(p.parallel_edges == DYNG_PARALLEL_FORBID);
    CHECK(p.num_weights == 0);
    CHECK(p.store_transposed == true);
    CHECK(p.vertex_type == DYNG_TYPE_INT32);
    CHECK(p.offset_type == DYNG_TYPE_INT32);
    CHECK(semantics_equal(&p.semantics, &set));
    CHECK_OK(dyng_properties_check(&p));

    CHECK_STATUS(dyng_semantics_set(NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_semantics_upsert_last_wins(NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_properties_default(NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_properties_mosp_compatible(NULL, 1), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_properties_cycle_enum_compatible(NULL), DYNG_INVALID_ARGUMENT);
}

/* dyng_properties_check: every field out of range is rejected with a message
 * naming the field; unsupported type combinations are DYNG_NOT_SUPPORTED. */
static void test_properties_check(void) {
    dyng_graph_properties base, p;
    REQUIRE_OK(dyng_properties_default(&base));
    CHECK_OK(dyng_properties_check(&base));
    CHECK_STATUS(dyng_properties_check(NULL), DYNG_INVALID_ARGUMENT);

    /* Every supported combination passes (directed and undirected, both
     * store_transposed values). */
    static const struct {
        dyng_type v, o;
        int k;
    } ok[] = {{DYNG_TYPE_INT32, DYNG_TYPE_INT32, 1}, {DYNG_TYPE_INT32, DYNG_TYPE_INT64, 2},
              {DYNG_TYPE_INT64, DYNG_TYPE_INT64, 1}, {DYNG_TYPE_INT32, DYNG_TYPE_INT32, 0},
              {DYNG_TYPE_INT32, DYNG_TYPE_INT64, 0}, {DYNG_TYPE_INT64, DYNG_TYPE_INT64, 64}};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        for (int d = 0; d < 2; d++)
            for (int t = 0; t < 2; t++) {
                p = base;
                p.vertex_type = ok[i].v;
                p.offset_type = ok[i].o;
                p.num_weights = ok[i].k;
                p.directed = d;
                p.store_transposed = t;
                CHECK_OK(dyng_properties_check(&p));
            }

#define REJECT(field, value, status, name)                                                         \
    do {                                                                                           \
        p = base;                                                                                  \
        p.field = value;                                                                           \
        dyng_error_clear();                                                                        \
        CHECK_STATUS(dyng_properties_check(&p), status);                                           \
        CHECK(strstr(dyng_error_message(), name) != NULL);                                         \
    } while (0)

    REJECT(order, (dyng_row_order)2, DYNG_INVALID_ARGUMENT, "order");
    REJECT(order, (dyng_row_order)-1, DYNG_INVALID_ARGUMENT, "order");
    REJECT(parallel_edges, (dyng_parallel_edges)2, DYNG_INVALID_ARGUMENT, "parallel_edges");
    REJECT(num_weights, -1, DYNG_INVALID_ARGUMENT, "num_weights");
    REJECT(num_weights, DYNG_MAX_WEIGHTS + 1, DYNG_INVALID_ARGUMENT, "num_weights");
    REJECT(semantics.on_existing_insert, (dyng_on_existing_insert)3, DYNG_INVALID_ARGUMENT,
           "on_existing_insert");
    REJECT(semantics.on_missing_delete, (dyng_on_missing_delete)2, DYNG_INVALID_ARGUMENT,
           "on_missing_delete");
    REJECT(semantics.on_self_loop, (dyng_on_self_loop)3, DYNG_INVALID_ARGUMENT, "on_self_loop");
#undef REJECT

    /* Unsupported combinations. */
    p = base;
    p.vertex_type = DYNG_TYPE_INT64;
    p.offset_type = DYNG_TYPE_INT32;
    p.num_weights = 1;
    CHECK_STATUS(dyng_properties_check(&p), DYNG_NOT_SUPPORTED);
    p.offset_type = DYNG_TYPE_INT64;
    p.num_weights = 0; /* int64 ids need weights */
    CHECK_STATUS(dyng_properties_check(&p), DYNG_NOT_SUPPORTED);
    /* Not an id type at all: rejected (either status names the problem). */
    p = base;
    p.vertex_type = DYNG_TYPE_NONE;
    CHECK(dyng_properties_check(&p) != DYNG_OK);
    p = base;
    p.offset_type = (dyng_type)7;
    CHECK(dyng_properties_check(&p) != DYNG_OK);
}

/* from_edges for all five type combinations and several K, with n given and
 * -1, against the model; properties_of returns what was given. */
static void test_from_edges_types(void) {
    static const struct {
        dyng_type v, o;
    } types[] = {{DYNG_TYPE_INT32, DYNG_TYPE_INT32},
                 {DYNG_TYPE_INT32, DYNG_TYPE_INT64},
                 {DYNG_TYPE_INT64, DYNG_TYPE_INT64}};
    static const int Ks[] = {0, 1, 3, 64};
    enum { M = 40 };
    int64_t src[M], dst[M];
    int32_t *w = malloc(sizeof(int32_t) * M * 64);
    uint64_t x = 12345;
    for (int e = 0; e < M; e++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        src[e] = (int64_t)((x >> 33) % 9);
        dst[e] = (int64_t)((x >> 45) % 9);
    }
    for (int e = 0; e < M * 64; e++)
        w[e] = e * 7 - 1000;
    int combos = 0;
    for (size_t t = 0; t < 3; t++)
        for (size_t k = 0; k < 4; k++)
            for (int directed = 0; directed < 2; directed++)
                for (int order = 0; order < 2; order++)
                    for (int par = 0; par < 2; par++)
                        for (int nmode = 0; nmode < 2; nmode++) {
                            dyng_graph_properties p = props(directed, (dyng_row_order)order,
                                                            (dyng_parallel_edges)par, Ks[k]);
                            p.vertex_type = types[t].v;
                            p.offset_type = types[t].o;
                            if (dyng_types_check(p.vertex_type, p.offset_type, Ks[k]) != DYNG_OK)
                                continue;
                            combos++;
                            int64_t n = nmode == 0 ? -1 : 12;
                            rm_graph m;
                            dyng_graph *g = rm_build_both(&m, &p, n, M, src, dst, w, seq);
                            char what[128];
                            snprintf(what, sizeof what,
                                     "from_edges t=%zu K=%d d=%d o=%d p=%d n=%lld", t, Ks[k],
                                     directed, order, par, (long long)n);
                            CHECK(rm_compare(&m, g, what));
                            dyng_graph_properties q;
                            CHECK_OK(dyng_graph_properties_of(&q, g));
                            CHECK(properties_equal(&p, &q));
                            int64_t nv = -1;
                            CHECK_OK(dyng_graph_num_vertices(&nv, g));
                            CHECK(nv == (n < 0 ? 9 : 12));
                            uint64_t version = 1;
                            CHECK_OK(dyng_graph_version(&version, g));
                            CHECK(version == 0);
                            dyng_graph_free(&g);
                            CHECK(g == NULL);
                            rm_free(&m);
                        }
    /* 5 combinations: K > 0 for 3, K == 0 for 2. */
    CHECK(combos == (3 * 3 + 2 * 1) * 2 * 2 * 2 * 2);
    free(w);
}

/* from_edges rejects bad input: ids out of range, negative ids, NULL
 * arrays, a negative count, an unsupported type combination. */
static void test_from_edges_errors(void) {
    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    int32_t src[] = {0, 1, 2}, dst[] = {1, 2, 0}, w[] = {1, 2, 3};
    dyng_graph *g = NULL;

    CHECK_STATUS(dyng_graph_from_edges(&g, &p, 2, 3, src, dst, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    CHECK_OK(dyng_graph_from_edges(&g, &p, 3, 3, src, dst, w, seq));
    dyng_graph_free(&g);

    int32_t neg[] = {0, -1, 2};
    CHECK_STATUS(dyng_graph_from_edges(&g, &p, -1, 3, neg, dst, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    CHECK_STATUS(dyng_graph_from_edges(&g, &p, 5, 3, src, neg, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    int64_t neg64[] = {0, 1, -7}, ok64[] = {0, 1, 2};
    dyng_graph_properties p64 = p;
    p64.vertex_type = DYNG_TYPE_INT64;
    p64.offset_type = DYNG_TYPE_INT64;
    CHECK_STATUS(dyng_graph_from_edges(&g, &p64, -1, 3, ok64, neg64, w, seq),
                 DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);

    CHECK_STATUS(dyng_graph_from_edges(&g, &p, -1, 3, NULL, dst, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_from_edges(&g, &p, -1, 3, src, NULL, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_from_edges(&g, &p, -1, 3, src, dst, NULL, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    CHECK_STATUS(dyng_graph_from_edges(NULL, &p, -1, 3, src, dst, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_from_edges(&g, NULL, -1, 3, src, dst, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_from_edges(&g, &p, -1, -1, src, dst, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    /* An edge count whose entry count would overflow is refused before any
     * array is read. */
    CHECK_STATUS(dyng_graph_from_edges(&g, &p, -1, INT64_MAX, src, dst, w, seq), DYNG_CAPACITY);
    CHECK(g == NULL);

    dyng_graph_properties bad = p;
    bad.vertex_type = DYNG_TYPE_INT64;
    bad.offset_type = DYNG_TYPE_INT32;
    CHECK_STATUS(dyng_graph_from_edges(&g, &bad, -1, 3, ok64, ok64, w, seq), DYNG_NOT_SUPPORTED);
    CHECK(g == NULL);
    bad = p;
    bad.num_weights = 65;
    CHECK(dyng_graph_from_edges(&g, &bad, -1, 3, src, dst, w, seq) != DYNG_OK);
    CHECK(g == NULL);
    bad = p;
    bad.order = (dyng_row_order)9;
    CHECK_STATUS(dyng_graph_from_edges(&g, &bad, -1, 3, src, dst, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
}

/* Empty graphs: no vertices and no edges; vertices without edges; also the
 * default resources (NULL). */
static void test_empty(void) {
    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 0);
    int32_t dummy[1] = {0};
    for (int directed = 0; directed < 2; directed++) {
        p.directed = directed;
        dyng_graph *g = NULL;
        CHECK_OK(dyng_graph_from_edges(&g, &p, -1, 0, dummy, dummy, NULL, NULL));
        int64_t n = -1, m = -1, e = -1;
        CHECK_OK(dyng_graph_num_vertices(&n, g));
        CHECK_OK(dyng_graph_num_edges(&m, g));
        CHECK_OK(dyng_graph_num_entries(&e, g));
        CHECK(n == 0 && m == 0 && e == 0);
        int32_t row_ptr[1] = {77};
        CHECK_OK(dyng_graph_to_csr(g, false, row_ptr, dummy, NULL));
        CHECK(row_ptr[0] == 0);
        row_ptr[0] = 77;
        CHECK_OK(dyng_graph_to_csr(g, true, row_ptr, dummy, NULL));
        CHECK(row_ptr[0] == 0);
        CHECK_OK(dyng_graph_to_edges(g, dummy, dummy, NULL));
        CHECK_OK(dyng_graph_check(g));
        int64_t d;
        CHECK_STATUS(dyng_graph_degree(&d, g, 0, false), DYNG_INVALID_ARGUMENT);
        CHECK_OK(dyng_graph_degrees(g, true, NULL)); /* no vertices: nothing to write */
        dyng_graph_free(&g);

        /* Five vertices, no edges. */
        CHECK_OK(dyng_graph_from_edges(&g, &p, 5, 0, dummy, dummy, NULL, NULL));
        CHECK_OK(dyng_graph_num_vertices(&n, g));
        CHECK_OK(dyng_graph_num_edges(&m, g));
        CHECK(n == 5 && m == 0);
        int32_t rp[6] = {9, 9, 9, 9, 9, 9};
        CHECK_OK(dyng_graph_to_csr(g, false, rp, dummy, NULL));
        for (int i = 0; i < 6; i++)
            CHECK(rp[i] == 0);
        for (int v = 0; v < 5; v++) {
            CHECK_OK(dyng_graph_degree(&d, g, v, false));
            CHECK(d == 0);
            CHECK_OK(dyng_graph_degree(&d, g, v, true));
            CHECK(d == 0);
        }
        CHECK_OK(dyng_graph_check(g));
        dyng_graph_free(&g);
    }
    /* free accepts NULL and a NULL graph. */
    CHECK_OK(dyng_graph_free(NULL));
    dyng_graph *none = NULL;
    CHECK_OK(dyng_graph_free(&none));
}

/* The four (order, parallel_edges) variants of one directed input, written
 * out: duplicates merge to the first position with the last weights under
 * forbid; sorted rows are stably sorted; self-loops are kept. */
static void test_directed_rows_exact(void) {
    /* (0,2,10) (0,1,11) (1,0,12) (0,2,13) (2,2,14) (0,1,15) */
    int32_t src[] = {0, 0, 1, 0, 2, 0}, dst[] = {2, 1, 0, 2, 2, 1};
    int32_t w[] = {10, 11, 12, 13, 14, 15};
    gsnap s;
    dyng_graph *g = NULL;
    dyng_graph_properties p;

    p = props(true, DYNG_ORDER_APPEND, DYNG_PARALLEL_ALLOW, 1);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 6, src, dst, w, seq));
    snap_take(&s, g);
    {
        int64_t ptr[] = {0, 4, 5, 6}, col[] = {2, 1, 2, 1, 0, 2};
        int32_t ww[] = {10, 11, 13, 15, 12, 14};
        int64_t iptr[] = {0, 1, 3, 6}, icol[] = {1, 0, 0, 0, 0, 2};
        int32_t iw[] = {12, 11, 15, 10, 13, 14};
        expect_csr(&s, 3, ptr, col, ww, iptr, icol, iw);
        CHECK(s.m == 6);
    }
    snap_free(&s);
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);

    p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_ALLOW, 1);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 6, src, dst, w, seq));
    snap_take(&s, g);
    {
        int64_t ptr[] = {0, 4, 5, 6}, col[] = {1, 1, 2, 2, 0, 2};
        int32_t ww[] = {11, 15, 10, 13, 12, 14};
        int64_t iptr[] = {0, 1, 3, 6}, icol[] = {1, 0, 0, 0, 0, 2};
        int32_t iw[] = {12, 11, 15, 10, 13, 14};
        expect_csr(&s, 3, ptr, col, ww, iptr, icol, iw);
    }
    snap_free(&s);
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);

    p = props(true, DYNG_ORDER_APPEND, DYNG_PARALLEL_FORBID, 1);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 6, src, dst, w, seq));
    snap_take(&s, g);
    {
        int64_t ptr[] = {0, 2, 3, 4}, col[] = {2, 1, 0, 2};
        int32_t ww[] = {13, 15, 12, 14};
        int64_t iptr[] = {0, 1, 2, 4}, icol[] = {1, 0, 0, 2};
        int32_t iw[] = {12, 15, 13, 14};
        expect_csr(&s, 3, ptr, col, ww, iptr, icol, iw);
        CHECK(s.m == 4);
    }
    snap_free(&s);
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);

    p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 6, src, dst, w, seq));
    snap_take(&s, g);
    {
        int64_t ptr[] = {0, 2, 3, 4}, col[] = {1, 2, 0, 2};
        int32_t ww[] = {15, 13, 12, 14};
        int64_t iptr[] = {0, 1, 2, 4}, icol[] = {1, 0, 0, 2};
        int32_t iw[] = {12, 15, 13, 14};
        expect_csr(&s, 3, ptr, col, ww, iptr, icol, iw);
        /* to_edges: rows in vertex order, row order. */
        int64_t es[] = {0, 0, 1, 2}, ed[] = {1, 2, 0, 2};
        int32_t ew[] = {15, 13, 12, 14};
        CHECK(s.m == 4);
        if (s.m == 4) {
            CHECK(eq64(s.e_src, es, 4));
            CHECK(eq64(s.e_dst, ed, 4));
            CHECK(eq32(s.e_w, ew, 4));
        }
    }
    snap_free(&s);
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);
}

/* Undirected storage: both directions, a self-loop once, num_edges counts an
 * edge once and num_entries the stored entries; to_edges gives u <= v; an
 * input with (u, v) and (v, u) lists one edge twice. */
static void test_undirected_exact(void) {
    /* (0,1,1) (2,1,2) (1,1,3) (1,0,4) */
    int32_t src[] = {0, 2, 1, 1}, dst[] = {1, 1, 1, 0}, w[] = {1, 2, 3, 4};
    dyng_graph *g = NULL;
    gsnap s;

    dyng_graph_properties p = props(false, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 4, src, dst, w, seq));
    snap_take(&s, g);
    {
        int64_t ptr[] = {0, 1, 4, 5}, col[] = {1, 0, 1, 2, 1};
        int32_t ww[] = {4, 4, 3, 2, 2};
        expect_csr(&s, 3, ptr, col, ww, ptr, col, ww);
        CHECK(s.m == 3);
        CHECK(s.entries == 5);
        int64_t es[] = {0, 1, 1}, ed[] = {1, 1, 2};
        int32_t ew[] = {4, 3, 2};
        if (s.m == 3) {
            CHECK(eq64(s.e_src, es, 3));
            CHECK(eq64(s.e_dst, ed, 3));
            CHECK(eq32(s.e_w, ew, 3));
        }
    }
    snap_free(&s);
    int64_t d = -1;
    CHECK_OK(dyng_graph_degree(&d, g, 1, false));
    CHECK(d == 3);
    CHECK_OK(dyng_graph_degree(&d, g, 1, true));
    CHECK(d == 3);
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);

    p = props(false, DYNG_ORDER_APPEND, DYNG_PARALLEL_ALLOW, 1);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 4, src, dst, w, seq));
    snap_take(&s, g);
    {
        int64_t ptr[] = {0, 2, 6, 7}, col[] = {1, 1, 0, 2, 1, 0, 1};
        int32_t ww[] = {1, 4, 1, 2, 3, 4, 2};
        expect_csr(&s, 3, ptr, col, ww, ptr, col, ww);
        CHECK(s.m == 4);
        CHECK(s.entries == 7);
        int64_t es[] = {0, 0, 1, 1}, ed[] = {1, 1, 2, 1};
        int32_t ew[] = {1, 4, 2, 3};
        if (s.m == 4) {
            CHECK(eq64(s.e_src, es, 4));
            CHECK(eq64(s.e_dst, ed, 4));
            CHECK(eq32(s.e_w, ew, 4));
        }
    }
    snap_free(&s);
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);

    /* Undirected with store_transposed false behaves the same (in-edges are
     * the out-edges). */
    p = props(false, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    p.store_transposed = false;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 4, src, dst, w, seq));
    snap_take(&s, g);
    {
        int64_t ptr[] = {0, 1, 4, 5}, col[] = {1, 0, 1, 2, 1};
        int32_t ww[] = {4, 4, 3, 2, 2};
        expect_csr(&s, 3, ptr, col, ww, ptr, col, ww);
    }
    snap_free(&s);
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);
}

/* to_csr(transposed): stored in-rows keep arrival order (append); computed
 * in-rows list sources in ascending order. */
static void test_transposed_export(void) {
    /* (2,0,1) (1,0,2) (0,0,3) (2,1,4) */
    int32_t src[] = {2, 1, 0, 2}, dst[] = {0, 0, 0, 1}, w[] = {1, 2, 3, 4};
    dyng_graph *g = NULL;
    gsnap s;
    dyng_graph_properties p = props(true, DYNG_ORDER_APPEND, DYNG_PARALLEL_FORBID, 1);
    int64_t ptr[] = {0, 1, 2, 4}, col[] = {0, 0, 0, 1};
    int32_t ww[] = {3, 2, 1, 4};

    p.store_transposed = true;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 4, src, dst, w, seq));
    snap_take(&s, g);
    {
        int64_t iptr[] = {0, 3, 4, 4}, icol[] = {2, 1, 0, 2};
        int32_t iw[] = {1, 2, 3, 4};
        expect_csr(&s, 3, ptr, col, ww, iptr, icol, iw);
    }
    snap_free(&s);
    dyng_graph_free(&g);

    p.store_transposed = false;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 4, src, dst, w, seq));
    snap_take(&s, g);
    {
        int64_t iptr[] = {0, 3, 4, 4}, icol[] = {0, 1, 2, 2};
        int32_t iw[] = {3, 2, 1, 4};
        expect_csr(&s, 3, ptr, col, ww, iptr, icol, iw);
    }
    snap_free(&s);
    int64_t d = -1;
    CHECK_OK(dyng_graph_degree(&d, g, 0, true));
    CHECK(d == 3);
    CHECK_OK(dyng_graph_degree(&d, g, 2, true));
    CHECK(d == 0);
    CHECK_OK(dyng_graph_degree(&d, g, 2, false));
    CHECK(d == 2);
    /* Exporting computes in-edges but never changes the graph. */
    uint64_t v0, s0, v1, s1;
    CHECK_OK(dyng_graph_version(&v0, g));
    CHECK_OK(dyng_graph_state_id(&s0, g));
    int32_t rp[4], c[4], wt[4];
    CHECK_OK(dyng_graph_to_csr(g, true, rp, c, wt));
    CHECK_OK(dyng_graph_to_csr(g, true, rp, c, NULL)); /* weights skipped */
    CHECK_OK(dyng_graph_version(&v1, g));
    CHECK_OK(dyng_graph_state_id(&s1, g));
    CHECK(v0 == v1 && s0 == s1);
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);
}

/* to_edges: every output may be NULL to skip it. */
static void test_to_edges_partial(void) {
    int32_t src[] = {1, 0, 2}, dst[] = {0, 2, 1}, w[] = {5, 6, 7, 8, 9, 10};
    dyng_graph *g = NULL;
    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 2);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 3, src, dst, w, seq));
    int32_t s[3] = {-1, -1, -1}, d[3] = {-1, -1, -1}, ww[6] = {0};
    CHECK_OK(dyng_graph_to_edges(g, NULL, NULL, NULL));
    CHECK_OK(dyng_graph_to_edges(g, s, NULL, NULL));
    CHECK(s[0] == 0 && s[1] == 1 && s[2] == 2);
    CHECK_OK(dyng_graph_to_edges(g, NULL, d, NULL));
    CHECK(d[0] == 2 && d[1] == 0 && d[2] == 1);
    CHECK_OK(dyng_graph_to_edges(g, NULL, NULL, ww));
    int32_t want[] = {7, 8, 5, 6, 9, 10};
    CHECK(eq32(ww, want, 6));
    dyng_graph_free(&g);
}

/* from_csr: a valid directed CSR equals from_edges of its entries in row
 * order; typed variants; malformed row_ptr and ids rejected; an undirected
 * CSR must be symmetric (weights included). */
static void test_from_csr(void) {
    dyng_graph *g = NULL;
    {
        /* more entries than a graph holds: CAPACITY naming them (the byte
         * count of the allocation wrapped: "out of memory allocating 0 bytes") */
        dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_ALLOW, 0);
        p.offset_type = DYNG_TYPE_INT64;
        const int64_t huge[] = {0, (int64_t)1 << 62};
        int32_t one_col[1] = {0};
        CHECK_STATUS(dyng_graph_from_csr(&g, &p, 1, huge, one_col, NULL, seq), DYNG_CAPACITY);
        CHECK(g == NULL && strstr(dyng_error_message(), "4611686018427387904") != NULL);
    }
    /* row 0: 2, 0, 2 ; row 1: 0 ; row 2: (none) ; row 3: 3, 1 */
    int64_t rp64[] = {0, 3, 4, 4, 6}, col64[] = {2, 0, 2, 0, 3, 1};
    int32_t w[] = {1, 2, 3, 4, 5, 6};
    int64_t es[] = {0, 0, 0, 1, 3, 3};
    for (int order = 0; order < 2; order++)
        for (int par = 0; par < 2; par++)
            for (int tc = 0; tc < 3; tc++) {
                dyng_graph_properties p =
                    props(true, (dyng_row_order)order, (dyng_parallel_edges)par, 1);
                p.vertex_type = tc == 2 ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
                p.offset_type = tc >= 1 ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
                void *rp = rm_typed(rp64, 5, p.offset_type);
                void *col = rm_typed(col64, 6, p.vertex_type);
                CHECK_OK(dyng_graph_from_csr(&g, &p, 4, rp, col, w, seq));
                rm_graph m;
                REQUIRE_OK(rm_build(&m, &p, 4, 6, es, col64, w));
                CHECK(g != NULL && rm_compare(&m, g, "from_csr"));
                rm_free(&m);
                dyng_graph_free(&g);
                free(rp);
                free(col);
            }

    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    int32_t col[] = {2, 0, 2, 0, 3, 1};
    int32_t bad_first[] = {1, 3, 4, 4, 6};
    int32_t bad_decreasing[] = {0, 3, 2, 4, 6};
    int32_t bad_negative[] = {0, -1, 4, 4, 6};
    CHECK_STATUS(dyng_graph_from_csr(&g, &p, 4, bad_first, col, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    CHECK_STATUS(dyng_graph_from_csr(&g, &p, 4, bad_decreasing, col, w, seq),
                 DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    CHECK_STATUS(dyng_graph_from_csr(&g, &p, 4, bad_negative, col, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    int32_t rp[] = {0, 3, 4, 4, 6};
    int32_t col_big[] = {2, 0, 4, 0, 3, 1}, col_neg[] = {2, 0, -2, 0, 3, 1};
    CHECK_STATUS(dyng_graph_from_csr(&g, &p, 4, rp, col_big, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_from_csr(&g, &p, 4, rp, col_neg, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_from_csr(&g, &p, 4, NULL, col, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_from_csr(&g, &p, 4, rp, NULL, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_from_csr(&g, &p, 4, rp, col, NULL, seq), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_from_csr(&g, &p, -1, rp, col, w, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);

    /* Undirected, symmetric: rows 0: 1 ; 1: 0, 1, 2 ; 2: 1 (self-loop once). */
    dyng_graph_properties u = props(false, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    int32_t urp[] = {0, 1, 4, 5}, ucol[] = {1, 0, 1, 2, 1}, uw[] = {7, 7, 8, 9, 9};
    CHECK_OK(dyng_graph_from_csr(&g, &u, 3, urp, ucol, uw, seq));
    if (g != NULL) {
        gsnap s;
        snap_take(&s, g);
        int64_t ptr[] = {0, 1, 4, 5}, c[] = {1, 0, 1, 2, 1};
        expect_csr(&s, 3, ptr, c, uw, ptr, c, uw);
        CHECK(s.m == 3);
        CHECK(s.entries == 5);
        snap_free(&s);
        CHECK_OK(dyng_graph_check(g));
    }
    dyng_graph_free(&g);

    /* Asymmetric: 0 -> 1 without 1 -> 0. */
    int32_t arp[] = {0, 1, 1, 1}, acol[] = {1}, aw[] = {7};
    CHECK_STATUS(dyng_graph_from_csr(&g, &u, 3, arp, acol, aw, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    /* Asymmetric weights. */
    int32_t wrp[] = {0, 1, 2}, wcol[] = {1, 0}, ww[] = {7, 8};
    CHECK_STATUS(dyng_graph_from_csr(&g, &u, 2, wrp, wcol, ww, seq), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    /* The same with equal weights is fine. */
    int32_t okw[] = {7, 7};
    CHECK_OK(dyng_graph_from_csr(&g, &u, 2, wrp, wcol, okw, seq));
    int64_t m = -1;
    if (g != NULL) {
        CHECK_OK(dyng_graph_num_edges(&m, g));
        CHECK(m == 1);
    }
    dyng_graph_free(&g);

    /* Empty CSR. */
    int32_t erp[] = {0};
    int32_t dummy[1] = {0};
    CHECK_OK(dyng_graph_from_csr(&g, &p, 0, erp, dummy, w, seq));
    dyng_graph_free(&g);
}

/* degree: out and in, and out-of-range vertices. */
static void test_degree(void) {
    int32_t src[] = {0, 0, 0, 1, 3}, dst[] = {1, 2, 3, 3, 3};
    dyng_graph *g = NULL;
    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 0);
    for (int stored = 0; stored < 2; stored++) {
        p.store_transposed = stored;
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, 5, 5, src, dst, NULL, seq));
        int64_t want_out[] = {3, 1, 0, 1, 0}, want_in[] = {0, 1, 1, 3, 0};
        for (int v = 0; v < 5; v++) {
            int64_t d = -1;
            CHECK_OK(dyng_graph_degree(&d, g, v, false));
            CHECK(d == want_out[v]);
            CHECK_OK(dyng_graph_degree(&d, g, v, true));
            CHECK(d == want_in[v]);
        }
        int64_t all[5] = {-1, -1, -1, -1, -1};
        CHECK_OK(dyng_graph_degrees(g, false, all));
        CHECK(eq64(all, want_out, 5));
        CHECK_OK(dyng_graph_degrees(g, true, all));
        CHECK(eq64(all, want_in, 5));
        CHECK_STATUS(dyng_graph_degrees(g, true, NULL), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_graph_degrees(NULL, true, all), DYNG_INVALID_ARGUMENT);
        int64_t d;
        CHECK_STATUS(dyng_graph_degree(&d, g, 5, false), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_graph_degree(&d, g, -1, true), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_graph_degree(NULL, g, 0, true), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_graph_degree(&d, NULL, 0, true), DYNG_INVALID_ARGUMENT);
        dyng_graph_free(&g);
    }
}

/* neighbors and has_edge by hand: both directions, with stored in-edges and
 * without, two weights, an undirected self-loop, and every error. (The
 * randomized tests compare them with the CSR export through refmodel.h.) */
static void test_neighbors(void) {
    /* 0->2 (1,2), 0->1 (3,4), 2->1 (5,6), 1->1 (7,8); appended in that order. */
    int32_t src[] = {0, 0, 2, 1}, dst[] = {2, 1, 1, 1}, w[] = {1, 2, 3, 4, 5, 6, 7, 8};
    dyng_graph *g = NULL;
    dyng_graph_properties p = props(true, DYNG_ORDER_APPEND, DYNG_PARALLEL_FORBID, 2);
    for (int stored = 0; stored < 2; stored++) {
        p.store_transposed = stored;
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, 4, 4, src, dst, w, seq));
        int32_t ids[4] = {-1, -1, -1, -1}, ws[8] = {0};
        int64_t d = -1;
        CHECK_OK(dyng_graph_neighbors(&d, g, 0, false, ids, ws, 4));
        CHECK(d == 2 && ids[0] == 2 && ids[1] == 1 && ids[2] == -1);
        CHECK(ws[0] == 1 && ws[1] == 2 && ws[2] == 3 && ws[3] == 4);
        /* In-row of 1 as the CSR export lists it: stored in-rows in arrival
         * order (0, 2, 1), computed ones with sources ascending (0, 1, 2). */
        CHECK_OK(dyng_graph_neighbors(&d, g, 1, true, ids, ws, 3));
        CHECK(d == 3 && ids[0] == 0 && ids[1] == (stored ? 2 : 1) && ids[2] == (stored ? 1 : 2));
        CHECK(ws[0] == 3 && ws[1] == 4 && ws[2] == (stored ? 5 : 7) && ws[4] == (stored ? 7 : 5));
        /* Targets only, weights only, the length only. */
        memset(ids, 0xff, sizeof ids);
        CHECK_OK(dyng_graph_neighbors(&d, g, 2, false, ids, NULL, 1));
        CHECK(d == 1 && ids[0] == 1 && ids[1] == -1);
        memset(ws, 0, sizeof ws);
        CHECK_OK(dyng_graph_neighbors(&d, g, 2, false, NULL, ws, 1));
        CHECK(d == 1 && ws[0] == 5 && ws[1] == 6 && ws[2] == 0);
        CHECK_OK(dyng_graph_neighbors(&d, g, 1, true, NULL, NULL, 0));
        CHECK(d == 3);
        CHECK_OK(dyng_graph_neighbors(&d, g, 3, true, ids, ws, 0)); /* an empty row */
        CHECK(d == 0);
        /* Too small: nothing written, the length reported. */
        memset(ids, 0xff, sizeof ids);
        CHECK_STATUS(dyng_graph_neighbors(&d, g, 1, true, ids, NULL, 2), DYNG_INVALID_ARGUMENT);
        CHECK(d == 3 && ids[0] == -1 && strstr(dyng_error_message(), "hold 2") != NULL);
        CHECK_STATUS(dyng_graph_neighbors(&d, g, 4, false, ids, ws, 4), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_graph_neighbors(&d, g, -1, true, NULL, NULL, 0), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_graph_neighbors(NULL, g, 0, false, ids, ws, 4), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_graph_neighbors(&d, NULL, 0, false, ids, ws, 4), DYNG_INVALID_ARGUMENT);

        bool has = true;
        bool want[4][4] = {{0, 1, 1, 0}, {0, 1, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}};
        for (int u = 0; u < 4; u++)
            for (int v = 0; v < 4; v++) {
                CHECK_OK(dyng_graph_has_edge(&has, g, u, v));
                CHECK(has == want[u][v]);
            }
        /* Past n: no edge; negative: refused. */
        CHECK_OK(dyng_graph_has_edge(&has, g, 0, 4));
        CHECK(!has);
        CHECK_OK(dyng_graph_has_edge(&has, g, INT64_MAX, 1));
        CHECK(!has);
        CHECK_STATUS(dyng_graph_has_edge(&has, g, -1, 1), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_graph_has_edge(&has, g, 1, -5), DYNG_INVALID_ARGUMENT);
        CHECK(strstr(dyng_error_message(), "-5") != NULL);
        CHECK_STATUS(dyng_graph_has_edge(NULL, g, 0, 1), DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_graph_has_edge(&has, NULL, 0, 1), DYNG_INVALID_ARGUMENT);
        dyng_graph_free(&g);
    }

    /* Undirected, sorted: both ends list an edge, a self-loop is listed once,
     * and the in-row is the out-row. */
    int64_t usrc[] = {3, 0, 2}, udst[] = {0, 2, 2};
    int32_t uw[] = {30, 20, 22};
    p = props(false, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    p.vertex_type = p.offset_type = DYNG_TYPE_INT64;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 3, usrc, udst, uw, seq));
    int64_t ids[3] = {-1, -1, -1}, d = -1;
    int32_t ws[3] = {0};
    for (int t = 0; t < 2; t++) {
        CHECK_OK(dyng_graph_neighbors(&d, g, 0, t, ids, ws, 3));
        CHECK(d == 2 && ids[0] == 2 && ids[1] == 3 && ws[0] == 20 && ws[1] == 30);
        CHECK_OK(dyng_graph_neighbors(&d, g, 2, t, ids, ws, 3));
        CHECK(d == 2 && ids[0] == 0 && ids[1] == 2 && ws[0] == 20 && ws[1] == 22);
    }
    bool has = false;
    CHECK_OK(dyng_graph_has_edge(&has, g, 0, 3));
    CHECK(has);
    CHECK_OK(dyng_graph_has_edge(&has, g, 3, 0));
    CHECK(has);
    CHECK_OK(dyng_graph_has_edge(&has, g, 2, 2));
    CHECK(has);
    CHECK_OK(dyng_graph_has_edge(&has, g, 3, 2));
    CHECK(!has);
    dyng_graph_free(&g);
}

/* has_edges: pairs by hand (both id types, past n, errors), then 100,000
 * random pairs on two threads against dyng_graph_has_edge one by one, and an
 * interrupt. */
static void test_has_edges(void) {
    int32_t src[] = {0, 0, 2, 1}, dst[] = {2, 1, 1, 1};
    dyng_graph *g = NULL;
    dyng_graph_properties p = props(true, DYNG_ORDER_APPEND, DYNG_PARALLEL_FORBID, 0);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, 4, 4, src, dst, NULL, seq));
    int64_t u64[] = {0, 1, 1, 3, 0, (int64_t)1 << 40}, v64[] = {1, 0, 1, 3, 9, 1};
    int32_t u32[] = {0, 1, 1, 3, 0, 5}, v32[] = {1, 0, 1, 3, 9, 1};
    bool has[6];
    const bool want[6] = {true, false, true, false, false, false};
    memset(has, 1, sizeof has);
    CHECK_OK(dyng_graph_has_edges(g, 6, DYNG_TYPE_INT64, u64, v64, has));
    CHECK(memcmp(has, want, sizeof has) == 0);
    memset(has, 1, sizeof has);
    CHECK_OK(dyng_graph_has_edges(g, 6, DYNG_TYPE_INT32, u32, v32, has));
    CHECK(memcmp(has, want, sizeof has) == 0);
    CHECK_OK(dyng_graph_has_edges(g, 0, DYNG_TYPE_INT32, NULL, NULL, NULL));
    /* A negative id is refused before anything is written. */
    v32[4] = -2;
    memset(has, 7, sizeof has);
    CHECK_STATUS(dyng_graph_has_edges(g, 6, DYNG_TYPE_INT32, u32, v32, has), DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "pair 4 is (0, -2)") != NULL);
    CHECK(((unsigned char *)has)[0] == 7);
    CHECK_STATUS(dyng_graph_has_edges(g, -1, DYNG_TYPE_INT32, u32, v32, has),
                 DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_has_edges(g, 6, DYNG_TYPE_NONE, u32, v32, has), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_has_edges(g, 6, DYNG_TYPE_INT32, u32, NULL, has),
                 DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_has_edges(NULL, 6, DYNG_TYPE_INT32, u32, v32, has),
                 DYNG_INVALID_ARGUMENT);
    dyng_graph_free(&g);

    /* Many pairs, several pieces, two threads. */
    enum { N = 3000, M = 20000, Q = 100000 };
    int64_t *es = malloc(M * sizeof *es), *ed = malloc(M * sizeof *ed);
    int64_t *qs = malloc(Q * sizeof *qs), *qd = malloc(Q * sizeof *qd);
    bool *got = malloc(Q * sizeof *got);
    REQUIRE(es && ed && qs && qd && got);
    rng_state = 77;
    for (int i = 0; i < M; i++) {
        es[i] = rng_below(N);
        ed[i] = rng_below(N);
    }
    for (int i = 0; i < Q; i++) { /* half of them edges, the rest random (some past n) */
        int e = (int)rng_below(M);
        qs[i] = i % 2 ? es[e] : rng_below(N + 10);
        qd[i] = i % 2 ? ed[e] : rng_below(N + 10);
    }
    dyng_resources *r2 = NULL;
    REQUIRE_OK(dyng_resources_new(
        &r2, dyng_openmp_available() ? DYNG_BACKEND_OPENMP : DYNG_BACKEND_SEQUENTIAL,
        dyng_openmp_available() ? 2 : 1));
    p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    p.vertex_type = p.offset_type = DYNG_TYPE_INT64;
    int32_t *ew = malloc(M * sizeof *ew);
    REQUIRE(ew != NULL);
    for (int i = 0; i < M; i++)
        ew[i] = 1;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, N, M, es, ed, ew, r2));
    CHECK_OK(dyng_graph_has_edges(g, Q, DYNG_TYPE_INT64, qs, qd, got));
    int64_t mismatches = 0, found = 0;
    for (int i = 0; i < Q; i++) {
        bool one = !got[i];
        CHECK_OK(dyng_graph_has_edge(&one, g, qs[i], qd[i]));
        mismatches += one != got[i];
        found += got[i];
    }
    CHECK(mismatches == 0 && found >= Q / 2);
    /* A set interrupt flag stops it. */
    CHECK_OK(dyng_interrupt(r2));
    CHECK_STATUS(dyng_graph_has_edges(g, Q, DYNG_TYPE_INT64, qs, qd, got), DYNG_INTERRUPTED);
    CHECK(strcmp(dyng_error_message(), "has_edges was interrupted") == 0); /* its own name */
    CHECK_STATUS(dyng_graph_edge_weights(g, Q, DYNG_TYPE_INT64, qs, qd, got, NULL),
                 DYNG_INTERRUPTED);
    CHECK(strcmp(dyng_error_message(), "edge_weights was interrupted") == 0);
    CHECK_OK(dyng_interrupt_clear(r2));
    dyng_graph_free(&g);
    dyng_resources_free(&r2);
    free(es);
    free(ed);
    free(ew);
    free(qs);
    free(qd);
    free(got);
}

/* edge_weights: the first copy's weights (append rows with parallel edges,
 * before and after a deletion and an upsert; sorted undirected rows, both
 * directions), absent pairs untouched, NULL weights, an unweighted graph,
 * errors. (Every randomized apply test checks it against the model too:
 * refmodel.h, snap_compare_edge_weights.) */
static void test_edge_weights(void) {
    int32_t src[] = {0, 0, 0, 2}, dst[] = {1, 2, 1, 1}, w[] = {5, 50, 6, 60, 7, 70, 8, 80};
    dyng_graph *g = NULL;
    dyng_graph_properties p = props(true, DYNG_ORDER_APPEND, DYNG_PARALLEL_ALLOW, 2);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, 3, 4, src, dst, w, seq));
    int32_t qs[] = {0, 0, 2, 1, 0, 5}, qd[] = {1, 2, 1, 0, 9, 1};
    bool found[6];
    int32_t got[12];
    for (int i = 0; i < 12; i++)
        got[i] = -1;
    CHECK_OK(dyng_graph_edge_weights(g, 6, DYNG_TYPE_INT32, qs, qd, found, got));
    const bool want_found[6] = {true, true, true, false, false, false};
    const int32_t want[12] = {5, 50, 6, 60, 8, 80, -1, -1, -1, -1, -1, -1};
    CHECK(memcmp(found, want_found, sizeof found) == 0);
    CHECK(memcmp(got, want, sizeof got) == 0);
    /* The deletion removes the first (0, 1); the upsert rewrites the one left. */
    tbatch tb;
    tb_init(&tb, 2);
    tb_del(&tb, 0, 1);
    dyng_batch *b = tb_make(&tb, DYNG_TYPE_INT32);
    REQUIRE_OK(dyng_graph_apply(g, b, NULL));
    dyng_batch_free(&b);
    tb_free(&tb);
    int64_t one_s = 0, one_d = 1;
    CHECK_OK(dyng_graph_edge_weights(g, 1, DYNG_TYPE_INT64, &one_s, &one_d, found, got));
    CHECK(found[0] && got[0] == 7 && got[1] == 70);
    tb_init(&tb, 2);
    const int32_t w9[] = {9, 90};
    tb_ins_w(&tb, 0, 1, w9);
    b = tb_make(&tb, DYNG_TYPE_INT32);
    REQUIRE_OK(dyng_graph_apply(g, b, NULL));
    dyng_batch_free(&b);
    tb_free(&tb);
    CHECK_OK(dyng_graph_edge_weights(g, 1, DYNG_TYPE_INT64, &one_s, &one_d, found, got));
    CHECK(found[0] && got[0] == 9 && got[1] == 90);
    /* NULL weights: has_edges. */
    memset(found, 0, sizeof found);
    CHECK_OK(dyng_graph_edge_weights(g, 6, DYNG_TYPE_INT32, qs, qd, found, NULL));
    CHECK(memcmp(found, want_found, sizeof found) == 0);
    /* Errors: a negative id before anything is written, and the rest as
     * has_edges. */
    qd[3] = -1;
    got[0] = -5;
    found[0] = false;
    CHECK_STATUS(dyng_graph_edge_weights(g, 6, DYNG_TYPE_INT32, qs, qd, found, got),
                 DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "pair 3 is (1, -1)") != NULL);
    CHECK(got[0] == -5 && !found[0]);
    CHECK_STATUS(dyng_graph_edge_weights(g, 6, DYNG_TYPE_INT32, qs, qd, NULL, got),
                 DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_edge_weights(g, 1, DYNG_TYPE_NONE, qs, qd, found, got),
                 DYNG_INVALID_ARGUMENT);
    CHECK_OK(dyng_graph_edge_weights(g, 0, DYNG_TYPE_INT32, NULL, NULL, NULL, NULL));
    dyng_graph_free(&g);

    /* Sorted undirected rows with int64 ids: each edge from both ends. */
    int64_t us[] = {3, 1, 0}, vs[] = {1, 2, 3};
    int32_t uw[] = {11, 12, 13};
    p = props(false, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 1);
    p.vertex_type = p.offset_type = DYNG_TYPE_INT64;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, 4, 3, us, vs, uw, seq));
    int64_t as[] = {1, 3, 2, 1, 3, 0}, ad[] = {3, 1, 1, 2, 0, 2};
    int32_t aw[6] = {0, 0, 0, 0, 0, 0};
    CHECK_OK(dyng_graph_edge_weights(g, 6, DYNG_TYPE_INT64, as, ad, found, aw));
    const int32_t want_u[6] = {11, 11, 12, 12, 13, 0};
    CHECK(memcmp(aw, want_u, sizeof aw) == 0 && found[4] && !found[5]);
    dyng_graph_free(&g);

    /* An unweighted graph: found only. */
    p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 0);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, 3, 4, src, dst, NULL, seq));
    got[0] = 4;
    CHECK_OK(dyng_graph_edge_weights(g, 1, DYNG_TYPE_INT64, &one_s, &one_d, found, got));
    CHECK(found[0] && got[0] == 4);
    dyng_graph_free(&g);
}

/* clone: same contents, properties, version and state id; independent
 * afterwards (changing one leaves the other as it was). */
static void test_clone(void) {
    int64_t src[] = {0, 1, 2, 3, 3}, dst[] = {1, 2, 3, 0, 3};
    int32_t w[] = {1, 2, 3, 4, 5};
    for (int directed = 0; directed < 2; directed++) {
        dyng_graph_properties p = props(directed, DYNG_ORDER_APPEND, DYNG_PARALLEL_ALLOW, 1);
        rm_graph m;
        dyng_graph *g = rm_build_both(&m, &p, -1, 5, src, dst, w, seq);
        /* Change it once so version and state are not the initial ones. */
        tbatch tb;
        tb_init(&tb, 1);
        tb_ins(&tb, 0, 4, 9);
        tb_del(&tb, 1, 2);
        dyng_batch *b = tb_make(&tb, DYNG_TYPE_INT32);
        REQUIRE_OK(dyng_graph_apply(g, b, NULL));
        REQUIRE_OK(rm_apply_tb(&m, &tb, NULL));

        dyng_graph *c = NULL;
        CHECK_OK(dyng_graph_clone(&c, g));
        gsnap sg, sc;
        snap_take(&sg, g);
        snap_take(&sc, c);
        CHECK(snap_equal(&sc, &sg));
        CHECK(sc.version == 1);
        dyng_graph_properties pc;
        CHECK_OK(dyng_graph_properties_of(&pc, c));
        CHECK(properties_equal(&pc, &p));
        CHECK(rm_compare(&m, c, "clone"));
        dyng_resources *rc = NULL;
        CHECK_OK(dyng_graph_resources(&rc, c));
        CHECK(rc == seq);

        /* Change the clone: the original stays. */
        REQUIRE_OK(dyng_graph_apply(c, b, NULL));
        gsnap sg2;
        snap_take(&sg2, g);
        CHECK(snap_equal(&sg2, &sg));
        uint64_t sid_c, sid_g;
        CHECK_OK(dyng_graph_state_id(&sid_c, c));
        CHECK_OK(dyng_graph_state_id(&sid_g, g));
        CHECK(sid_c != sid_g);
        /* Free the original first: the clone stands alone. */
        dyng_graph_free(&g);
        rm_apply_tb(&m, &tb, NULL);
        CHECK(rm_compare(&m, c, "clone after apply"));
        dyng_graph_free(&c);
        CHECK_STATUS(dyng_graph_clone(&c, NULL), DYNG_INVALID_ARGUMENT);
        CHECK(c == NULL);

        snap_free(&sg);
        snap_free(&sc);
        snap_free(&sg2);
        dyng_batch_free(&b);
        tb_free(&tb);
        rm_free(&m);
    }
}

/* The reads of the whole graph (clone, degrees, both CSR exports, edges, the
 * integrity check) poll the interrupt flag when they start, the handle's or
 * the process-wide one, and every 2^16 rows after: a set flag gives
 * DYNG_INTERRUPTED (a clone makes nothing); an interrupt at the second poll
 * stops a read of 200,000 rows midway; cleared, every read runs. Directed
 * with in-edges, directed without (the in-degrees and the transposed export
 * are computed), and undirected. */
typedef enum read_call {
    RC_CLONE,
    RC_DEG,
    RC_IN_DEG,
    RC_CSR,
    RC_IN_CSR,
    RC_EDGES,
    RC_CHECK
} read_call;

static dyng_status run_read(read_call c, const dyng_graph *g, void *a, void *b, int32_t *w) {
    dyng_graph *copy = (dyng_graph *)&copy; /* not NULL: a failed clone must clear it */
    dyng_status st = DYNG_INTERNAL;
    switch (c) {
    case RC_CLONE:
        st = dyng_graph_clone(&copy, g);
        CHECK((st == DYNG_OK) == (copy != NULL));
        dyng_graph_free(&copy);
        return st;
    case RC_DEG: return dyng_graph_degrees(g, false, a);
    case RC_IN_DEG: return dyng_graph_degrees(g, true, a);
    case RC_CSR: return dyng_graph_to_csr(g, false, a, b, w);
    case RC_IN_CSR: return dyng_graph_to_csr(g, true, a, b, w);
    case RC_EDGES: return dyng_graph_to_edges(g, a, b, w);
    case RC_CHECK: return dyng_graph_check(g);
    }
    return st;
}

static void test_reads_interrupted(void) {
    const int64_t n = 200000, m = 2 * n - 2;
    int64_t *src = malloc((size_t)m * 8), *dst = malloc((size_t)m * 8);
    int32_t *w = malloc((size_t)m * 2 * 4);
    for (int64_t i = 0; i < n - 1; i++) { /* a path, and a jump from each vertex */
        src[2 * i] = i, dst[2 * i] = i + 1;
        src[2 * i + 1] = i + 1, dst[2 * i + 1] = (i * 7919) % n;
        w[2 * i] = (int32_t)(i % 50 + 1), w[2 * i + 1] = 7;
    }
    void *a = malloc((size_t)(2 * m + 1) * 8), *b = malloc((size_t)(2 * m + 1) * 8);
    int32_t *wo = malloc((size_t)(2 * m + 1) * 4);
    for (int variant = 0; variant < 3; variant++) {
        dyng_graph_properties p = props(variant < 2, DYNG_ORDER_SORTED, DYNG_PARALLEL_ALLOW, 1);
        p.store_transposed = variant == 0;
        dyng_resources *r = NULL;
        REQUIRE_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 1));
        dyng_graph *g = NULL;
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, n, m, src, dst, w, r));
        gsnap before;
        snap_take(&before, g);
        for (read_call c = RC_CLONE; c <= RC_CHECK; c++) {
            char what[64];
            snprintf(what, sizeof what, "variant %d, read %d", variant, (int)c);
            for (int how = 0; how < 3; how++) {
                if (how == 0)
                    CHECK_OK(dyng_interrupt(r));
                else if (how == 1)
                    CHECK_OK(dyng_interrupt(NULL));
                else
                    dyng_testing_interrupt_at_poll(2);
                const dyng_status st = run_read(c, g, a, b, wo);
                if (st != DYNG_INTERRUPTED)
                    fprintf(stderr, "%s, interrupt %d: %s\n", what, how, dyng_status_name(st));
                CHECK(st == DYNG_INTERRUPTED);
                CHECK(strstr(dyng_error_message(), "interrupted") != NULL);
                CHECK_OK(dyng_interrupt_clear(r));
                CHECK_OK(dyng_interrupt_clear(NULL));
                dyng_testing_interrupt_at_poll(0);
            }
            /* Cleared: the read runs, polling once per 2^16 rows or more. */
            const dyng_status st = run_read(c, g, a, b, wo);
            if (st != DYNG_OK)
                fprintf(stderr, "%s: %s (%s)\n", what, dyng_status_name(st), dyng_error_message());
            CHECK(st == DYNG_OK);
            const int64_t polls = dyng_testing_interrupt_at_poll(0);
            if (polls < (n + 65535) / 65536)
                fprintf(stderr, "%s: %lld polls\n", what, (long long)polls);
            CHECK(polls >= (n + 65535) / 65536);
        }
        gsnap after; /* nothing changed on the way */
        snap_take(&after, g);
        CHECK(snap_equal(&after, &before));
        snap_free(&before);
        snap_free(&after);
        dyng_graph_free(&g);
        dyng_resources_free(&r);
    }
    free(a);
    free(b);
    free(wo);
    free(src);
    free(dst);
    free(w);
}

/* Version 0 at build; state ids differ between graphs (also equal-content
 * ones) and change with each apply. */
static void test_version_state(void) {
    enum { G = 6 };
    dyng_graph *g[G];
    uint64_t ids[2 * G];
    int32_t src[] = {0}, dst[] = {1};
    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 0);
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 0));
    for (int i = 0; i < G; i++) {
        g[i] = NULL;
        REQUIRE_OK(dyng_graph_from_edges(&g[i], &p, -1, 1, src, dst, NULL, seq));
        uint64_t v = 99;
        CHECK_OK(dyng_graph_version(&v, g[i]));
        CHECK(v == 0);
        CHECK_OK(dyng_graph_state_id(&ids[i], g[i]));
    }
    for (int i = 0; i < G; i++) {
        CHECK_OK(dyng_graph_apply(g[i], b, NULL));
        uint64_t v = 99;
        CHECK_OK(dyng_graph_version(&v, g[i]));
        CHECK(v == 1);
        CHECK_OK(dyng_graph_state_id(&ids[G + i], g[i]));
    }
    for (int i = 0; i < 2 * G; i++)
        for (int j = i + 1; j < 2 * G; j++)
            CHECK(ids[i] != ids[j]);
    for (int i = 0; i < G; i++)
        dyng_graph_free(&g[i]);
    dyng_batch_free(&b);
}

/* set_resources / resources: the graph keeps its own reference; NULL means
 * the default handle. */
static void test_set_resources(void) {
    dyng_resources *r1 = NULL, *r2 = NULL, *got = NULL;
    REQUIRE_OK(dyng_resources_new(&r1, DYNG_BACKEND_SEQUENTIAL, 1));
    int32_t src[] = {0, 1}, dst[] = {1, 2};
    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 0);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 2, src, dst, NULL, r1));
    CHECK_OK(dyng_graph_resources(&got, g));
    CHECK(got == r1);
    /* The caller's reference can go; the graph keeps its own. */
    dyng_resources_free(&r1);
    CHECK_OK(dyng_graph_resources(&got, g));
    dyng_backend be;
    CHECK_OK(dyng_resources_backend(&be, got));
    CHECK(be == DYNG_BACKEND_SEQUENTIAL);

    if (dyng_openmp_available())
        REQUIRE_OK(dyng_resources_new(&r2, DYNG_BACKEND_OPENMP, 2));
    else
        REQUIRE_OK(dyng_resources_new(&r2, DYNG_BACKEND_SEQUENTIAL, 1));
    CHECK_OK(dyng_graph_set_resources(g, r2));
    CHECK_OK(dyng_graph_resources(&got, g));
    CHECK(got == r2);
    dyng_resources_free(&r2);
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 0));
    int32_t s2[] = {2}, d2[] = {0};
    REQUIRE_OK(dyng_batch_add_insertions(b, 1, s2, d2, NULL));
    CHECK_OK(dyng_graph_apply(g, b, NULL));
    CHECK_OK(dyng_graph_check(g));

    /* NULL: the default handle. */
    CHECK_OK(dyng_graph_set_resources(g, NULL));
    got = NULL;
    CHECK_OK(dyng_graph_resources(&got, g));
    CHECK(got != NULL);
    if (got != NULL) {
        CHECK_OK(dyng_resources_backend(&be, got));
        CHECK(be == (dyng_openmp_available() ? DYNG_BACKEND_OPENMP : DYNG_BACKEND_SEQUENTIAL));
    }
    CHECK_OK(dyng_graph_apply(g, b, NULL));
    CHECK_STATUS(dyng_graph_set_resources(NULL, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_resources(NULL, g), DYNG_INVALID_ARGUMENT);
    dyng_batch_free(&b);
    dyng_graph_free(&g);
}

/* memory_bytes: positive for every graph, at least the packed arrays. */
static void test_memory_bytes(void) {
    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 2);
    enum { M = 1000 };
    int32_t src[M], dst[M], w[2 * M];
    for (int i = 0; i < M; i++) {
        src[i] = i % 100;
        dst[i] = i / 10;
        w[2 * i] = w[2 * i + 1] = i;
    }
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, M, src, dst, w, seq));
    size_t bytes = 0;
    CHECK_OK(dyng_graph_memory_bytes(&bytes, g));
    /* At least the out-ids, out-weights, in-ids and out-offsets. */
    size_t packed = (size_t)M * (4 + 8 + 4) + 101 * 4;
    CHECK(bytes >= packed);
    dyng_graph_free(&g);

    int32_t dummy[1] = {0};
    CHECK_OK(dyng_graph_from_edges(&g, &p, 0, 0, dummy, dummy, w, seq));
    bytes = 0;
    CHECK_OK(dyng_graph_memory_bytes(&bytes, g));
    CHECK(bytes > 0);
    CHECK_STATUS(dyng_graph_memory_bytes(NULL, g), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_memory_bytes(&bytes, NULL), DYNG_INVALID_ARGUMENT);
    dyng_graph_free(&g);
}

/* Count and getter functions reject NULL arguments. */
static void test_null_arguments(void) {
    int32_t src[] = {0}, dst[] = {1};
    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 0);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 1, src, dst, NULL, seq));
    int64_t x;
    uint64_t u;
    dyng_graph_properties q;
    CHECK_STATUS(dyng_graph_num_vertices(&x, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_num_vertices(NULL, g), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_num_edges(&x, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_num_entries(&x, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_properties_of(&q, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_version(&u, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_state_id(&u, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_check(NULL), DYNG_INVALID_ARGUMENT);
    int32_t rp[3], col[1];
    CHECK_STATUS(dyng_graph_to_csr(NULL, false, rp, col, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_graph_to_edges(NULL, NULL, NULL, NULL), DYNG_INVALID_ARGUMENT);
    dyng_graph_free(&g);
}

/* A refused call's message starts with the public function that was called,
 * not the internal helper that noticed (find_edges, dyng_i_el_read,
 * read_vertex_values, dyng_update, dyng_properties_check, ...), and says
 * what is accepted. */
static bool message_starts(const char *call, const char *prefix) {
    const char *m = dyng_error_message();
    if (strncmp(m, prefix, strlen(prefix)) == 0)
        return true;
    fprintf(stderr, "%s: the message is '%s'; expected it to start with '%s'\n", call, m, prefix);
    return false;
}

static void test_messages_name_the_call(void) {
    int32_t src[] = {0}, dst[] = {1};
    bool found[1];
    int32_t w[1];
    dyng_graph_properties p = props(true, DYNG_ORDER_SORTED, DYNG_PARALLEL_FORBID, 0);
    dyng_graph *g = NULL, *h = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 1, src, dst, NULL, seq));
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 0));
    dyng_edge_arrays a;
    int64_t *values = NULL, n = 0;
#define REFUSED(call, prefix)                                                                      \
    CHECK((call) == DYNG_INVALID_ARGUMENT && message_starts(#call, prefix))
    REFUSED(dyng_graph_has_edges(NULL, 1, DYNG_TYPE_INT32, src, dst, found),
            "dyng_graph_has_edges: argument 'g'");
    REFUSED(dyng_graph_edge_weights(g, 1, DYNG_TYPE_INT32, src, dst, NULL, w),
            "dyng_graph_edge_weights: argument 'found'");
    REFUSED(dyng_graph_from_edges(&h, NULL, 2, 1, src, dst, NULL, seq),
            "dyng_graph_from_edges: argument 'p'");
    REFUSED(dyng_graph_from_csr(&h, NULL, 1, src, dst, NULL, seq),
            "dyng_graph_from_csr: argument 'p'");
    REFUSED(dyng_properties_mosp_compatible(NULL, 1),
            "dyng_properties_mosp_compatible: argument 'out'");
    REFUSED(dyng_properties_cycle_enum_compatible(NULL),
            "dyng_properties_cycle_enum_compatible: argument 'out'");
    REFUSED(dyng_resources_default(NULL), "dyng_resources_default: argument 'out'");
    REFUSED(dyng_el_read_arrays(&a, NULL, NULL, NULL), "dyng_el_read_arrays: argument 'path'");
    REFUSED(dyng_el_read_arrays_ids(NULL, NULL, "x", NULL, NULL),
            "dyng_el_read_arrays_ids: argument 'out'");
    REFUSED(dyng_distances_read(&values, &n, NULL, NULL), "dyng_distances_read: argument 'path'");
    REFUSED(dyng_tree_read(NULL, &n, "x", NULL), "dyng_tree_read: argument 'out'");
    REFUSED(dyng_sssp_update(NULL, b, NULL, NULL), "dyng_sssp_update: argument 'g'");
    REFUSED(dyng_cycle_count_update(g, NULL, NULL, NULL), "dyng_cycle_count_update: argument 'b'");
    REFUSED(dyng_update(g, b, NULL, 1), "dyng_update: count is 1 with results NULL");
    REFUSED(dyng_graph_neighbors(&n, g, 0, false, w, NULL, -1), "capacity is -1; accepted");
#undef REFUSED
    /* an interrupt that a writer's read of the graph noticed names the file */
    dyng_resources *r = NULL;
    REQUIRE_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 1));
    REQUIRE_OK(dyng_graph_set_resources(g, r));
    REQUIRE_OK(dyng_interrupt(r));
    CHECK(dyng_mm_write_graph(g, "graph_tmp_interrupted.mtx", 0) == DYNG_INTERRUPTED &&
          message_starts("mm_write_graph", "writing graph_tmp_interrupted.mtx was interrupted"));
    CHECK(dyng_el_write_graph(g, "graph_tmp_interrupted.txt") == DYNG_INTERRUPTED &&
          message_starts("el_write_graph", "writing graph_tmp_interrupted.txt was interrupted"));
    REQUIRE_OK(dyng_interrupt_clear(r));
    dyng_graph_free(&g);
    dyng_resources_free(&r);
    dyng_batch_free(&b);
}

int main(void) {
    REQUIRE_OK(dyng_resources_new(&seq, DYNG_BACKEND_SEQUENTIAL, 1));
    test_presets();
    test_properties_check();
    test_from_edges_types();
    test_from_edges_errors();
    test_empty();
    test_directed_rows_exact();
    test_undirected_exact();
    test_transposed_export();
    test_to_edges_partial();
    test_from_csr();
    test_degree();
    test_neighbors();
    test_has_edges();
    test_edge_weights();
    test_clone();
    test_reads_interrupted();
    test_version_state();
    test_set_resources();
    test_memory_bytes();
    test_null_arguments();
    test_messages_name_the_call();
    dyng_resources_free(&seq);
    return check_finish("test_graph");
}
