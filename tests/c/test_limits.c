/*
 * tests/c/test_limits.c - the limits of docs/limits.md, each exactly at the
 * limit and one past it, and what the file functions touch.
 *
 * Past a limit a call must fail with the documented status (DYNG_CAPACITY,
 * DYNG_FILE_FORMAT with its line and column, DYNG_INVALID_ARGUMENT), never
 * wrap an id or a weight into another valid value and never crash; the graph
 * it was given stays as it was. At a limit the call must succeed. Limits
 * whose success would need gigabytes (2^31 - 1 vertices, a histogram of
 * 2^31 counts) are checked through the allocation-size hook of the test
 * builds (core/alloc.h): with every allocation above 64 MiB failing, a call
 * at the limit passes the capacity check and gets DYNG_OUT_OF_MEMORY, one
 * past it gets DYNG_CAPACITY before allocating anything.
 *
 * Files: every reader works on a read-only file in a read-only folder and
 * leaves the folder's listing and each file's bytes and mtime as they were;
 * the descriptors the streaming readers and writers hold are read-only
 * (write-only; a writer's are on its temporary file) and close-on-exec;
 * every writer creates exactly the paths it is given, and a writer that
 * fails on its inputs creates nothing.
 *
 * Everything lives in ./limits_tmp (removed at the end); memory stays below
 * about 100 MB (a few 1 MiB lines).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* fchmod, mkdir, stat's st_mtim */
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/alloc.h"
#include "dyng/dyng.h"
#include "files.h"

#define TMP "limits_tmp"
#define I32MAX ((int64_t)INT32_MAX)
#define LONG_LINE (((size_t)1 << 20) + 3) /* blanks in a "long line": past 1 MiB */

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

static const char *tmp(const char *name) {
    static char buf[8][512];
    static int k;
    k = (k + 1) % 8;
    snprintf(buf[k], sizeof buf[k], TMP "/%s", name);
    return buf[k];
}

/* Expect `want` and, for a file error, the location (line, column). */
#define EXPECT_AT(call, want, line, column) expect_at((call), (want), (line), (column), #call)

static void expect_at(dyng_status got, dyng_status want, int64_t line, int64_t column,
                      const char *what) {
    int64_t l = 0, c = 0;
    dyng_error_location(NULL, &l, &c);
    if (got == want && (want == DYNG_OK || line < 0 || (l == line && c == column))) {
        check_passed_count++;
        return;
    }
    check_failed_count++;
    fprintf(stderr, "%s: got %s at %lld:%lld (%s); want %s at %lld:%lld\n", what,
            dyng_status_name(got), (long long)l, (long long)c, dyng_error_message(),
            dyng_status_name(want), (long long)line, (long long)column);
}

/* Fail every allocation above 64 MiB (test builds), or none (0). */
static bool limit_allocations(bool on) {
#ifdef DYNG_TESTING_HOOKS
    dyng_testing_allocation_limit(on ? (size_t)64 << 20 : 0);
    return true;
#else
    (void)on;
    return false;
#endif
}

static dyng_graph_properties props(dyng_type vt, int k, bool growth) {
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.vertex_type = vt;
    p.offset_type = vt;
    p.num_weights = k;
    p.semantics.allow_vertex_growth = growth;
    return p;
}

static dyng_batch *batch_of(dyng_type vt, int k, int64_t u, int64_t v, const int32_t *w,
                            bool insert) {
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, vt, k));
    int64_t s64 = u, d64 = v;
    int32_t s32 = (int32_t)u, d32 = (int32_t)v;
    const void *s = vt == DYNG_TYPE_INT64 ? (const void *)&s64 : (const void *)&s32;
    const void *d = vt == DYNG_TYPE_INT64 ? (const void *)&d64 : (const void *)&d32;
    if (insert)
        REQUIRE_OK(dyng_batch_add_insertions(b, 1, s, d, w));
    else
        REQUIRE_OK(dyng_batch_add_deletions(b, 1, s, d));
    return b;
}

static int64_t id_at(const void *a, dyng_type t, int64_t k) {
    return t == DYNG_TYPE_INT64 ? ((const int64_t *)a)[k] : ((const int32_t *)a)[k];
}

/* A file of `head`, then `blanks` blanks, then `tail`. */
static void write_padded(const char *path, const char *head, size_t blanks, const char *tail) {
    size_t h = strlen(head), t = strlen(tail);
    char *s = malloc(h + blanks + t);
    if (s == NULL)
        exit(1);
    memcpy(s, head, h);
    memset(s + h, ' ', blanks);
    memcpy(s + h + blanks, tail, t);
    write_bytes(path, s, h + blanks + t);
    free(s);
}

/* ------------------------------------------------------------------------ */
/* Vertices                                                                 */
/* ------------------------------------------------------------------------ */

static void test_vertex_counts(void) {
    dyng_graph *g = NULL;
    dyng_graph_properties p32 = props(DYNG_TYPE_INT32, 1, true);
    dyng_graph_properties p64 = props(DYNG_TYPE_INT64, 1, true);
    int32_t s32[1] = {0}, d32[1] = {INT32_MAX}, w[1] = {1};
    int64_t s64[1] = {0}, d64[1] = {INT64_MAX};

    /* One past: int32 graphs hold at most 2^31 - 1 vertices (ids up to 2^31 - 2). */
    CHECK_STATUS(dyng_graph_from_edges(&g, &p32, I32MAX + 1, 0, NULL, NULL, NULL, NULL),
                 DYNG_CAPACITY);
    CHECK(strstr(dyng_error_message(), "2147483648 vertices do not fit int32 ids") != NULL);
    CHECK_STATUS(dyng_graph_from_edges(&g, &p32, -1, 1, s32, d32, w, NULL), DYNG_CAPACITY);
    CHECK(g == NULL);
    /* int64: the id 2^63 - 1 would need 2^63 vertices (no overflow on the way). */
    CHECK_STATUS(dyng_graph_from_edges(&g, &p64, -1, 1, s64, d64, w, NULL), DYNG_CAPACITY);
    CHECK(strstr(dyng_error_message(), "9223372036854775808 vertices do not fit int64") != NULL);
    CHECK(strchr(dyng_error_message(), '-') == NULL); /* not a wrapped count */
    CHECK(g == NULL);

    /* At the limit: the capacity check passes; the rows then need gigabytes. */
    if (limit_allocations(true)) {
        d32[0] = INT32_MAX - 1;
        d64[0] = INT64_MAX - 1;
        CHECK_STATUS(dyng_graph_from_edges(&g, &p32, I32MAX, 0, NULL, NULL, NULL, NULL),
                     DYNG_OUT_OF_MEMORY);
        CHECK_STATUS(dyng_graph_from_edges(&g, &p32, -1, 1, s32, d32, w, NULL), DYNG_OUT_OF_MEMORY);
        CHECK_STATUS(dyng_graph_from_edges(&g, &p64, INT64_MAX, 0, NULL, NULL, NULL, NULL),
                     DYNG_OUT_OF_MEMORY);
        CHECK_STATUS(dyng_graph_from_edges(&g, &p64, -1, 1, s64, d64, w, NULL), DYNG_OUT_OF_MEMORY);
        CHECK(g == NULL);
        limit_allocations(false);
    }

    /* Unweighted graphs have int32 ids only. */
    dyng_graph_properties u64 = props(DYNG_TYPE_INT64, 0, true);
    CHECK_STATUS(dyng_properties_check(&u64), DYNG_NOT_SUPPORTED);
}

/* A batch's ids past the graph's type: CAPACITY for an insertion, an absent
 * edge for a deletion; never a wrap onto another vertex. */
static void test_batch_ids(void) {
    int32_t s[1] = {0}, d[1] = {1}, w7[1] = {7}, w9[1] = {9};
    for (int t = 0; t < 2; t++) {
        dyng_type vt = t == 0 ? DYNG_TYPE_INT32 : DYNG_TYPE_INT64;
        int64_t top = t == 0 ? I32MAX - 1 : INT64_MAX - 1; /* the largest id */
        dyng_graph_properties p = props(vt, 1, false);
        dyng_graph *g = NULL;
        int64_t s64[1] = {0}, d64[1] = {1};
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 1, t == 0 ? (void *)s : (void *)s64,
                                         t == 0 ? (void *)d : (void *)d64, w7, NULL));
        dyng_batch *at = batch_of(vt, 1, 0, top, w9, true);
        dyng_batch *past = batch_of(vt, 1, 0, top + 1, w9, true);
        /* at the limit, only the growth switch refuses it */
        CHECK_STATUS(dyng_graph_apply(g, at, NULL), DYNG_INVALID_ARGUMENT);
        CHECK(strstr(dyng_error_message(), "allow_vertex_growth") != NULL);
        CHECK_STATUS(dyng_graph_apply(g, past, NULL), DYNG_CAPACITY);
        dyng_batch_free(&at);
        dyng_batch_free(&past);
        uint64_t version = 1;
        int64_t m = 0;
        dyng_graph_version(&version, g);
        dyng_graph_num_edges(&m, g);
        CHECK(version == 0 && m == 1);
        dyng_graph_free(&g);
    }

    /* int64 batch ids into an int32 graph: 2^32 + 1 must not become 1. */
    dyng_graph_properties p = props(DYNG_TYPE_INT32, 1, true);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 1, s, d, w7, NULL));
    int64_t wrap = ((int64_t)1 << 32) + 1;
    dyng_batch *ins = batch_of(DYNG_TYPE_INT64, 1, 0, wrap, w9, true);
    dyng_batch *del = batch_of(DYNG_TYPE_INT64, 1, 0, wrap, NULL, false);
    CHECK_STATUS(dyng_graph_apply(g, ins, NULL), DYNG_CAPACITY);
    dyng_apply_summary sum;
    CHECK_OK(dyng_graph_apply(g, del, &sum));
    CHECK(sum.ignored_deletions == 1 && sum.deleted == 0 && sum.num_edges == 1);
    int32_t es[1], ed[1], ew[1];
    CHECK_OK(dyng_graph_to_edges(g, es, ed, ew));
    CHECK(es[0] == 0 && ed[0] == 1 && ew[0] == 7);
    dyng_batch_free(&ins);
    dyng_batch_free(&del);

    /* Growth to exactly the largest id passes the capacity check. */
    if (limit_allocations(true)) {
        dyng_batch *grow = batch_of(DYNG_TYPE_INT32, 1, 0, I32MAX - 1, w9, true);
        CHECK_STATUS(dyng_graph_apply(g, grow, NULL), DYNG_OUT_OF_MEMORY);
        limit_allocations(false);
        int64_t n = 0;
        dyng_graph_num_vertices(&n, g);
        CHECK(n == 2);
        CHECK_OK(dyng_graph_check(g));
        dyng_batch_free(&grow);
    }
    dyng_graph_free(&g);
}

/* ------------------------------------------------------------------------ */
/* Edges, weights, batches                                                  */
/* ------------------------------------------------------------------------ */

static void test_edge_counts(void) {
    dyng_graph *g = NULL;
    for (int t = 0; t < 2; t++) {
        dyng_graph_properties p = props(t == 0 ? DYNG_TYPE_INT32 : DYNG_TYPE_INT64, 1, true);
        /* at the limit the arrays are looked at next (here: NULL) */
        CHECK_STATUS(dyng_graph_from_edges(&g, &p, -1, INT64_MAX / 8, NULL, NULL, NULL, NULL),
                     DYNG_INVALID_ARGUMENT);
        CHECK_STATUS(dyng_graph_from_edges(&g, &p, -1, INT64_MAX / 8 + 1, NULL, NULL, NULL, NULL),
                     DYNG_CAPACITY);
        CHECK(strstr(dyng_error_message(), "at most 1152921504606846975 edges") != NULL);
    }
}

static void test_weights(void) {
    CHECK_OK(dyng_types_check(DYNG_TYPE_INT32, DYNG_TYPE_INT32, DYNG_MAX_WEIGHTS));
    CHECK_STATUS(dyng_types_check(DYNG_TYPE_INT32, DYNG_TYPE_INT32, DYNG_MAX_WEIGHTS + 1),
                 DYNG_INVALID_ARGUMENT);
    dyng_graph_properties p = props(DYNG_TYPE_INT32, DYNG_MAX_WEIGHTS + 1, true);
    CHECK_STATUS(dyng_properties_check(&p), DYNG_INVALID_ARGUMENT);
    dyng_batch *b = NULL;
    CHECK_STATUS(dyng_batch_new(&b, DYNG_TYPE_INT32, DYNG_MAX_WEIGHTS + 1), DYNG_INVALID_ARGUMENT);
    CHECK(b == NULL);

    /* 64 weights, each of the int32 extremes, kept exactly */
    enum { K = DYNG_MAX_WEIGHTS };
    int32_t w[2 * K], back[2 * K];
    for (int k = 0; k < 2 * K; k++)
        w[k] = k % 3 == 0 ? INT32_MIN : k % 3 == 1 ? INT32_MAX : -1 - k;
    int32_t s[2] = {0, 1}, d[2] = {1, 2}, bs[2], bd[2];
    p = props(DYNG_TYPE_INT32, K, true);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 2, s, d, w, NULL));
    CHECK_OK(dyng_graph_to_edges(g, bs, bd, back));
    CHECK(memcmp(w, back, sizeof w) == 0);
    /* an upsert writes them exactly too */
    for (int k = 0; k < K; k++)
        w[k] = k % 2 == 0 ? INT32_MAX : INT32_MIN;
    b = batch_of(DYNG_TYPE_INT32, K, 1, 2, w, true);
    CHECK_OK(dyng_graph_apply(g, b, NULL));
    CHECK_OK(dyng_graph_to_edges(g, bs, bd, back));
    CHECK(memcmp(w, back + K, K * sizeof(int32_t)) == 0);
    dyng_batch_free(&b);
    dyng_graph_free(&g);
}

static void test_batch_lengths(void) {
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 0));
    int32_t x[1] = {0};
    int64_t n = -1;
    CHECK_STATUS(dyng_batch_add_insertions(b, INT64_MAX / 4 + 1, x, x, NULL), DYNG_CAPACITY);
    CHECK_STATUS(dyng_batch_add_deletions(b, INT64_MAX / 4 + 1, x, x), DYNG_CAPACITY);
    CHECK_STATUS(dyng_batch_reserve(b, INT64_MAX / 4 + 1, 0), DYNG_CAPACITY);
    dyng_batch_num_insertions(&n, b);
    CHECK(n == 0);
    if (limit_allocations(true)) { /* at the limit: memory, not the count */
        CHECK_STATUS(dyng_batch_add_insertions(b, INT64_MAX / 4, x, x, NULL), DYNG_OUT_OF_MEMORY);
        CHECK_STATUS(dyng_batch_reserve(b, 0, INT64_MAX / 4), DYNG_OUT_OF_MEMORY);
        limit_allocations(false);
    }
    CHECK_OK(dyng_batch_add_insertions(b, 1, x, x, NULL));
    CHECK_STATUS(dyng_batch_add_insertions(b, INT64_MAX / 4, x, x, NULL), DYNG_CAPACITY);
    dyng_batch_num_insertions(&n, b);
    CHECK(n == 1);
    dyng_batch_free(&b);
}

/* ------------------------------------------------------------------------ */
/* Algorithms                                                               */
/* ------------------------------------------------------------------------ */

static void test_sssp_limits(void) {
    /* a path of int32-max weights: distances pass int32 and uint32 exactly */
    enum { N = 6 };
    int32_t s[N - 1], d[N - 1], w[N - 1];
    for (int i = 0; i < N - 1; i++) {
        s[i] = i;
        d[i] = i + 1;
        w[i] = INT32_MAX;
    }
    dyng_graph_properties p = props(DYNG_TYPE_INT32, 1, true);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, N - 1, s, d, w, NULL));
    dyng_sssp_result *r = NULL;
    REQUIRE_OK(dyng_sssp_compute(&r, g, 0, NULL));
    const int64_t *dist = NULL;
    CHECK_OK(dyng_sssp_result_distances(&dist, r));
    for (int v = 0; v < N; v++)
        CHECK(dist[v] == (int64_t)v * I32MAX);
    /* from_arrays: a reachable vertex's distance is at most 2^61 - 2 */
    int64_t dd[N], pp[N];
    for (int v = 0; v < N; v++) {
        dd[v] = dist[v];
        pp[v] = v - 1;
    }
    dyng_sssp_result *x = NULL;
    CHECK_OK(dyng_sssp_result_from_arrays(&x, g, 0, dd, pp, NULL));
    dyng_sssp_result_free(&x);
    dd[N - 1] = DYNG_INFINITE_DISTANCE;
    CHECK_STATUS(dyng_sssp_result_from_arrays(&x, g, 0, dd, pp, NULL), DYNG_INVALID_ARGUMENT);
    dd[N - 1] = DYNG_INFINITE_DISTANCE + 1;
    pp[N - 1] = -1;
    CHECK_STATUS(dyng_sssp_result_from_arrays(&x, g, 0, dd, pp, NULL), DYNG_INVALID_ARGUMENT);
    CHECK(x == NULL);
    dyng_sssp_result_free(&r);
    dyng_graph_free(&g);

    /* weights below 1: 1 works, 0 and INT32_MIN do not */
    const int32_t low[3] = {1, 0, INT32_MIN};
    for (int i = 0; i < 3; i++) {
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 1, s, d, &low[i], NULL));
        CHECK_STATUS(dyng_sssp_compute(&r, g, 0, NULL), i == 0 ? DYNG_OK : DYNG_INVALID_ARGUMENT);
        dyng_sssp_result_free(&r);
        dyng_graph_free(&g);
    }
}

static void test_cycle_count_limits(void) {
    /* 0 -> 1 -> 2 -> 0 and 0 <-> 1: one 2-cycle, one 3-cycle */
    int32_t s[4] = {0, 1, 2, 1}, d[4] = {1, 2, 0, 0};
    dyng_graph_properties p = props(DYNG_TYPE_INT32, 0, true);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 4, s, d, NULL, NULL));
    dyng_cycle_count_result *r = NULL;
    dyng_cycle_count_options o = {I32MAX + 1};
    CHECK_STATUS(dyng_cycle_count_compute(&r, g, &o), DYNG_INVALID_ARGUMENT);
    o.max_length = 1;
    CHECK_STATUS(dyng_cycle_count_compute(&r, g, &o), DYNG_INVALID_ARGUMENT);
    o.max_length = -2;
    CHECK_STATUS(dyng_cycle_count_compute(&r, g, &o), DYNG_INVALID_ARGUMENT);
    if (limit_allocations(true)) { /* 2^31 counts of 8 bytes: accepted, then memory */
        o.max_length = I32MAX;
        CHECK_STATUS(dyng_cycle_count_compute(&r, g, &o), DYNG_OUT_OF_MEMORY);
        limit_allocations(false);
    }
    CHECK(r == NULL);

    /* uint64 counts: 2^64 - 1 is a count; a total past it is CAPACITY */
    o.max_length = 3;
    uint64_t top[4] = {0, 0, UINT64_MAX, 0}, over[4] = {0, 0, UINT64_MAX, 1};
    uint64_t total = 0;
    REQUIRE_OK(dyng_cycle_count_result_from_counts(&r, g, top, 4, &o));
    CHECK_OK(dyng_cycle_count_result_total(&total, r));
    CHECK(total == UINT64_MAX);
    dyng_cycle_count_result_free(&r);
    REQUIRE_OK(dyng_cycle_count_result_from_counts(&r, g, over, 4, &o));
    CHECK_STATUS(dyng_cycle_count_result_total(&total, r), DYNG_CAPACITY);
    const uint64_t *c = NULL;
    int64_t len = 0;
    CHECK_OK(dyng_cycle_count_result_counts(&c, &len, r));
    CHECK(len == 4 && c[2] == UINT64_MAX && c[3] == 1);
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);

    /* An update that would pass 2^64 - 1 poisons the result: CAPACITY after */
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 1, s, d, NULL, NULL)); /* 0 -> 1 */
    o.max_length = 2;
    uint64_t full[3] = {0, 0, UINT64_MAX};
    REQUIRE_OK(dyng_cycle_count_result_from_counts(&r, g, full, 3, &o));
    dyng_batch *b = batch_of(DYNG_TYPE_INT32, 0, 1, 0, NULL, true);
    dyng_cycle_count_stats st;
    memset(&st, 0, sizeof st);
    st.converged = true;
    CHECK_OK(dyng_cycle_count_update(g, b, r, &st));
    CHECK(!st.converged);
    CHECK_STATUS(dyng_cycle_count_result_total(&total, r), DYNG_CAPACITY);
    CHECK_STATUS(dyng_cycle_count_result_counts(&c, &len, r), DYNG_CAPACITY);
    dyng_cycle_count_result *copy = NULL;
    CHECK_STATUS(dyng_cycle_count_result_clone(&copy, r), DYNG_CAPACITY);
    CHECK(copy == NULL);
    dyng_batch_free(&b);
    dyng_cycle_count_result_free(&r);
    dyng_graph_free(&g);
}

/* ------------------------------------------------------------------------ */
/* Readers: ids, weights, counts                                            */
/* ------------------------------------------------------------------------ */

static dyng_status mm_arrays(const char *text, dyng_type vt, dyng_edge_arrays *a) {
    write_text(tmp("m.mtx"), text);
    dyng_mm_read_options o;
    dyng_mm_read_options_default(&o);
    o.vertex_type = vt;
    return dyng_mm_read_arrays(a, tmp("m.mtx"), &o, NULL);
}

static void test_mm_limits(void) {
    dyng_edge_arrays a;
    /* int32 arrays: indices up to 2^31 (ids up to 2^31 - 1) */
    EXPECT_AT(mm_arrays("%%MatrixMarket matrix coordinate pattern general\n"
                        "2147483648 2147483648 1\n2147483648 1\n",
                        DYNG_TYPE_INT32, &a),
              DYNG_OK, 0, 0);
    CHECK(a.num_vertices == I32MAX + 1 && id_at(a.src, a.vertex_type, 0) == I32MAX);
    dyng_edge_arrays_free(&a);
    EXPECT_AT(mm_arrays("%%MatrixMarket matrix coordinate pattern general\n"
                        "2 2147483649 1\n1 1\n",
                        DYNG_TYPE_INT32, &a),
              DYNG_CAPACITY, 2, 3);
    /* int64 arrays: the size line's numbers are int64 */
    EXPECT_AT(mm_arrays("%%MatrixMarket matrix coordinate pattern general\n"
                        "9223372036854775807 9223372036854775807 1\n9223372036854775807 1\n",
                        DYNG_TYPE_INT64, &a),
              DYNG_OK, 0, 0);
    CHECK(id_at(a.src, a.vertex_type, 0) == INT64_MAX - 1);
    dyng_edge_arrays_free(&a);
    EXPECT_AT(mm_arrays("%%MatrixMarket matrix coordinate pattern general\n"
                        "9223372036854775808 1 1\n1 1\n",
                        DYNG_TYPE_INT64, &a),
              DYNG_FILE_FORMAT, 2, 1);
    /* an entry count far past the entries: memory for the entries present */
    EXPECT_AT(mm_arrays("%%MatrixMarket matrix coordinate pattern general\n"
                        "3 3 1099511627776\n1 2\n",
                        DYNG_TYPE_INT32, &a),
              DYNG_FILE_FORMAT, 4, 1);
    CHECK(strstr(dyng_error_message(), "after 1 of the 1099511627776 entries") != NULL);
    EXPECT_AT(mm_arrays("%%MatrixMarket matrix coordinate pattern general\n"
                        "3 3 9223372036854775808\n1 2\n",
                        DYNG_TYPE_INT32, &a),
              DYNG_FILE_FORMAT, 2, 5);
    /* values: int32, reals with integral values; the skew mirror of INT32_MIN */
    EXPECT_AT(mm_arrays("%%MatrixMarket matrix coordinate real general\n"
                        "3 3 3\n1 2 2147483647\n1 3 -2147483648\n2 3 2.147483647e9\n",
                        DYNG_TYPE_INT32, &a),
              DYNG_OK, 0, 0);
    CHECK(a.num_edges == 3 && a.weights[0] == INT32_MAX && a.weights[1] == INT32_MIN &&
          a.weights[2] == INT32_MAX);
    dyng_edge_arrays_free(&a);
    EXPECT_AT(mm_arrays("%%MatrixMarket matrix coordinate integer general\n"
                        "3 3 2\n1 2 1\n1 3 2147483648\n",
                        DYNG_TYPE_INT32, &a),
              DYNG_FILE_FORMAT, 4, 5);
    EXPECT_AT(mm_arrays("%%MatrixMarket matrix coordinate real general\n"
                        "3 3 1\n1 3 -2.147483649e9\n",
                        DYNG_TYPE_INT32, &a),
              DYNG_FILE_FORMAT, 3, 5);
    EXPECT_AT(mm_arrays("%%MatrixMarket matrix coordinate integer skew-symmetric\n"
                        "3 3 1\n2 1 -2147483648\n",
                        DYNG_TYPE_INT32, &a),
              DYNG_FILE_FORMAT, 3, 5);

    /* A graph: int32 ids end at 2^31 - 2, so a 2^31-vertex file needs int64 ids. */
    write_text(tmp("m.mtx"), "%%MatrixMarket matrix coordinate integer general\n"
                             "2147483648 2147483648 0\n");
    dyng_graph *g = NULL;
    dyng_graph_properties p32 = props(DYNG_TYPE_INT32, 1, true);
    CHECK_STATUS(dyng_mm_read_graph(&g, tmp("m.mtx"), &p32, NULL), DYNG_CAPACITY);
    if (limit_allocations(true)) { /* the default picks int64 ids: memory, not CAPACITY */
        /* ... and the error says it is the size line's doing, and where */
        EXPECT_AT(dyng_mm_read_graph(&g, tmp("m.mtx"), NULL, NULL), DYNG_OUT_OF_MEMORY, 2, 1);
        CHECK(strstr(dyng_error_message(), "m.mtx:2:1: the size line announces 2147483648 "
                                           "vertices") != NULL);
        limit_allocations(false);
    }
    CHECK(g == NULL);
}

static dyng_status el_arrays(const char *text, dyng_type vt, bool one_based, int k,
                             dyng_edge_arrays *a) {
    write_text(tmp("e.txt"), text);
    dyng_el_read_options o;
    dyng_el_read_options_default(&o);
    o.vertex_type = vt;
    o.one_based = one_based;
    o.num_weights = k;
    return dyng_el_read_arrays(a, tmp("e.txt"), &o, NULL);
}

static void test_edge_list_limits(void) {
    dyng_edge_arrays a;
    EXPECT_AT(el_arrays("0 2147483647\n", DYNG_TYPE_INT32, false, -1, &a), DYNG_OK, 0, 0);
    CHECK(id_at(a.dst, a.vertex_type, 0) == I32MAX && a.num_vertices == I32MAX + 1);
    dyng_edge_arrays_free(&a);
    EXPECT_AT(el_arrays("0 1\n0 2147483648\n", DYNG_TYPE_INT32, false, -1, &a), DYNG_CAPACITY, 2,
              3);
    EXPECT_AT(el_arrays("1 2147483648\n", DYNG_TYPE_INT32, true, -1, &a), DYNG_OK, 0, 0);
    CHECK(id_at(a.dst, a.vertex_type, 0) == I32MAX);
    dyng_edge_arrays_free(&a);
    EXPECT_AT(el_arrays("0 9223372036854775806\n", DYNG_TYPE_INT64, false, -1, &a), DYNG_OK, 0, 0);
    CHECK(id_at(a.dst, a.vertex_type, 0) == INT64_MAX - 1 && a.num_vertices == INT64_MAX);
    dyng_edge_arrays_free(&a);
    EXPECT_AT(el_arrays("0 9223372036854775807\n", DYNG_TYPE_INT64, false, -1, &a), DYNG_CAPACITY,
              1, 3);
    EXPECT_AT(el_arrays("18446744073709551616 0\n", DYNG_TYPE_INT64, false, -1, &a), DYNG_CAPACITY,
              1, 1);
    /* weights: int32, at most 64 columns */
    EXPECT_AT(el_arrays("0 1 2147483647\n1 2 -2147483648\n", DYNG_TYPE_INT32, false, -1, &a),
              DYNG_OK, 0, 0);
    CHECK(a.weights[0] == INT32_MAX && a.weights[1] == INT32_MIN);
    dyng_edge_arrays_free(&a);
    EXPECT_AT(el_arrays("0 1 5\n1 2 -2147483649\n", DYNG_TYPE_INT32, false, -1, &a),
              DYNG_FILE_FORMAT, 2, 5);
    char line[4 + 64 * 2 + 8];
    strcpy(line, "0 1");
    for (int k = 0; k < 64; k++)
        strcat(line, " 3");
    strcat(line, "\n");
    EXPECT_AT(el_arrays(line, DYNG_TYPE_INT32, false, -1, &a), DYNG_OK, 0, 0);
    CHECK(a.num_weights == 64);
    dyng_edge_arrays_free(&a);
    line[strlen(line) - 1] = '\0';
    strcat(line, " 3\n"); /* 65 */
    EXPECT_AT(el_arrays(line, DYNG_TYPE_INT32, false, -1, &a), DYNG_FILE_FORMAT, 1, 133);
    CHECK_STATUS(el_arrays(line, DYNG_TYPE_INT32, false, 65, &a), DYNG_INVALID_ARGUMENT);

    /* A graph: id 2^31 - 1 is past an int32 graph; the automatic type takes int64. */
    write_text(tmp("e.txt"), "0 2147483647 5\n");
    dyng_el_read_options o;
    dyng_el_read_options_default(&o);
    dyng_graph *g = NULL;
    CHECK_STATUS(dyng_el_read_graph(&g, tmp("e.txt"), &o, NULL, NULL), DYNG_CAPACITY);
    o.vertex_type = DYNG_TYPE_NONE;
    if (limit_allocations(true)) {
        CHECK_STATUS(dyng_el_read_graph(&g, tmp("e.txt"), &o, NULL, NULL), DYNG_OUT_OF_MEMORY);
        limit_allocations(false);
    }
    CHECK(g == NULL);
}

static dyng_status dgt_first(const char *text, dyng_type vt, int k, dyng_batch **out) {
    write_text(tmp("b.dgt"), text);
    dyng_dgt_reader *r = NULL;
    *out = NULL;
    dyng_status st = dyng_dgt_open(&r, tmp("b.dgt"), vt, k);
    if (st != DYNG_OK)
        return st;
    int nw = 0;
    dyng_dgt_num_weights(&nw, r);
    REQUIRE_OK(dyng_batch_new(out, vt, nw));
    bool done = false;
    st = dyng_dgt_next(r, *out, &done);
    dyng_dgt_close(&r);
    return st;
}

static void test_dgt_limits(void) {
    dyng_batch *b = NULL;
    const void *s, *d;
    const int32_t *w;
    int64_t id = 0;
    EXPECT_AT(dgt_first("+e 0 2147483647\n", DYNG_TYPE_INT32, -1, &b), DYNG_OK, 0, 0);
    dyng_batch_insertions(&s, &d, &w, b);
    CHECK(((const int32_t *)d)[0] == INT32_MAX);
    dyng_batch_free(&b);
    EXPECT_AT(dgt_first("+e 0 2147483648\n", DYNG_TYPE_INT32, -1, &b), DYNG_FILE_FORMAT, 1, 6);
    dyng_batch_free(&b);
    EXPECT_AT(dgt_first("-e 9223372036854775807 0\n", DYNG_TYPE_INT64, -1, &b), DYNG_OK, 0, 0);
    dyng_batch_deletions(&s, &d, b);
    CHECK(((const int64_t *)s)[0] == INT64_MAX);
    dyng_batch_free(&b);
    EXPECT_AT(dgt_first("-e 9223372036854775808 0\n", DYNG_TYPE_INT64, -1, &b), DYNG_FILE_FORMAT, 1,
              4);
    dyng_batch_free(&b);
    EXPECT_AT(dgt_first("%batch 9223372036854775807\n+e 0 1\n", DYNG_TYPE_INT64, -1, &b), DYNG_OK,
              0, 0);
    dyng_batch_id(&id, b);
    CHECK(id == INT64_MAX);
    dyng_batch_free(&b);
    EXPECT_AT(dgt_first("%batch 9223372036854775808\n", DYNG_TYPE_INT64, -1, &b), DYNG_FILE_FORMAT,
              1, 8);
    dyng_batch_free(&b);
    EXPECT_AT(dgt_first("+e 0 1 -2147483648 2147483647\n", DYNG_TYPE_INT32, -1, &b), DYNG_OK, 0, 0);
    dyng_batch_insertions(&s, &d, &w, b);
    CHECK(w[0] == INT32_MIN && w[1] == INT32_MAX);
    dyng_batch_free(&b);
    EXPECT_AT(dgt_first("+e 0 1 2147483648\n", DYNG_TYPE_INT32, -1, &b), DYNG_FILE_FORMAT, 1, 8);
    dyng_batch_free(&b);
    char line[8 + 65 * 2 + 8];
    strcpy(line, "+e 0 1");
    for (int k = 0; k < 64; k++)
        strcat(line, " 3");
    EXPECT_AT(dgt_first(line, DYNG_TYPE_INT32, -1, &b), DYNG_OK, 0, 0);
    int k = 0;
    dyng_batch_num_weights(&k, b);
    CHECK(k == 64);
    dyng_batch_free(&b);
    strcat(line, " 3");
    EXPECT_AT(dgt_first(line, DYNG_TYPE_INT32, -1, &b), DYNG_FILE_FORMAT, 1, 136);
    dyng_batch_free(&b);
    dyng_dgt_reader *r = NULL;
    CHECK_STATUS(dyng_dgt_open(&r, tmp("b.dgt"), DYNG_TYPE_INT32, 65), DYNG_INVALID_ARGUMENT);
    CHECK(r == NULL);
}

static dyng_status change_first(const char *text, dyng_type vt, dyng_batch **b) {
    write_text(tmp("ins.txt"), text);
    return dyng_change_files_read(b, tmp("ins.txt"), NULL, vt, -1, NULL);
}

static dyng_status signed_first(const char *text, dyng_type vt, dyng_batch **b) {
    write_text(tmp("signed.txt"), text);
    return dyng_signed_batch_read(b, tmp("signed.txt"), vt, -1, NULL);
}

static void test_research_limits(void) {
    dyng_batch *b = NULL;
    const void *s, *d;
    const int32_t *w;
    EXPECT_AT(change_first("0 2147483647 -2147483648\n", DYNG_TYPE_INT32, &b), DYNG_OK, 0, 0);
    dyng_batch_insertions(&s, &d, &w, b);
    CHECK(((const int32_t *)d)[0] == INT32_MAX && w[0] == INT32_MIN);
    dyng_batch_free(&b);
    EXPECT_AT(change_first("0 2147483648 1\n", DYNG_TYPE_INT32, &b), DYNG_CAPACITY, 1, 3);
    EXPECT_AT(change_first("0 9223372036854775806 1\n", DYNG_TYPE_INT64, &b), DYNG_OK, 0, 0);
    dyng_batch_free(&b);
    EXPECT_AT(change_first("0 9223372036854775807 1\n", DYNG_TYPE_INT64, &b), DYNG_CAPACITY, 1, 3);
    EXPECT_AT(change_first("0 1 2147483648\n", DYNG_TYPE_INT32, &b), DYNG_FILE_FORMAT, 1, 5);
    EXPECT_AT(signed_first("- 0 2147483647\n+ 0 1 2147483647\n", DYNG_TYPE_INT32, &b), DYNG_OK, 0,
              0);
    dyng_batch_free(&b);
    EXPECT_AT(signed_first("+ 0 1 5\n- 0 2147483648\n", DYNG_TYPE_INT32, &b), DYNG_CAPACITY, 2, 5);
    CHECK(b == NULL);

    /* at most 2 ids + 64 weights per line */
    char line[8 + 67 * 2 + 8];
    strcpy(line, "0 1");
    for (int k = 0; k < 64; k++)
        strcat(line, " 3");
    EXPECT_AT(change_first(line, DYNG_TYPE_INT32, &b), DYNG_OK, 0, 0);
    int k = 0;
    dyng_batch_num_weights(&k, b);
    CHECK(k == 64);
    dyng_batch_free(&b);
    strcat(line, " 3");
    EXPECT_AT(change_first(line, DYNG_TYPE_INT32, &b), DYNG_FILE_FORMAT, 1, 133);
    CHECK_STATUS(dyng_change_files_read(&b, tmp("ins.txt"), NULL, DYNG_TYPE_INT32, 65, NULL),
                 DYNG_INVALID_ARGUMENT);

    /* CSR values: 64 weights */
    dyng_graph *g = NULL;
    write_text(tmp("gRowPtr.txt"), "0\n1\n1\n");
    write_text(tmp("gColInd.txt"), "1\n");
    write_text(tmp("gValues.txt"), line + 4); /* 65 values */
    EXPECT_AT(dyng_csr_files_read_graph(&g, tmp("g"), NULL, NULL), DYNG_FILE_FORMAT, 1, 1);
    line[strlen(line) - 2] = '\0';
    write_text(tmp("gValues.txt"), line + 4); /* 64 */
    EXPECT_AT(dyng_csr_files_read_graph(&g, tmp("g"), NULL, NULL), DYNG_OK, 0, 0);
    int32_t back[64];
    int32_t src[1], dst[1];
    CHECK_OK(dyng_graph_to_edges(g, src, dst, back));
    CHECK(src[0] == 0 && dst[0] == 1 && back[63] == 3);
    dyng_graph_free(&g);
    /* a row pointer that ends far past the column file: no allocation of it */
    write_text(tmp("gRowPtr.txt"), "0\n4611686018427387904\n4611686018427387904\n");
    CHECK_STATUS(dyng_csr_files_read_graph(&g, tmp("g"), NULL, NULL), DYNG_FILE_FORMAT);
    write_text(tmp("gRowPtr.txt"), "0\n9223372036854775808\n");
    EXPECT_AT(dyng_csr_files_read_graph(&g, tmp("g"), NULL, NULL), DYNG_FILE_FORMAT, 2, 1);

    /* distances: 0 .. 2^61 - 2 and INF; trees: -1 or a vertex */
    int64_t *x = NULL, n = 0;
    write_text(tmp("dist.txt"), "0 0\n1 2305843009213693950\n2 INF\n");
    CHECK_OK(dyng_distances_read(&x, &n, tmp("dist.txt"), NULL));
    CHECK(n == 3 && x[1] == DYNG_INFINITE_DISTANCE - 1 && x[2] == DYNG_INFINITE_DISTANCE);
    dyng_values_free(&x);
    write_text(tmp("dist.txt"), "0 0\n1 2305843009213693951\n");
    EXPECT_AT(dyng_distances_read(&x, &n, tmp("dist.txt"), NULL), DYNG_FILE_FORMAT, 2, 3);
    write_text(tmp("tree.txt"), "0 -1\n1 2\n2 0\n");
    CHECK_OK(dyng_tree_read(&x, &n, tmp("tree.txt"), NULL));
    dyng_values_free(&x);
    write_text(tmp("tree.txt"), "0 -1\n1 3\n2 0\n");
    EXPECT_AT(dyng_tree_read(&x, &n, tmp("tree.txt"), NULL), DYNG_FILE_FORMAT, 2, 1);
    write_text(tmp("tree.txt"), "0 -1\n9223372036854775807 0\n");
    EXPECT_AT(dyng_tree_read(&x, &n, tmp("tree.txt"), NULL), DYNG_CAPACITY, 2, 1);
    CHECK(x == NULL);
    int64_t bad[2] = {0, DYNG_INFINITE_DISTANCE + 1};
    CHECK_STATUS(dyng_distances_write(bad, 2, tmp("never.txt")), DYNG_INVALID_ARGUMENT);
}

/* ---- .dgb ------------------------------------------------------------------ */

static void put32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* The .dgb checksum of dyng/io.h. */
static uint32_t dgb_checksum(const unsigned char *p, size_t n) {
    uint64_t a = 1, b = n;
    for (size_t i = 0; i < n; i += 8) {
        uint64_t w = 0;
        for (size_t j = 0; j < 8 && i + j < n; j++)
            w |= (uint64_t)p[i + j] << (8 * j);
        a += w;
        b += a;
    }
    uint64_t x = mix(a + mix(b));
    return (uint32_t)(x ^ (x >> 32));
}

static void test_dgb_limits(void) {
    /* the writer: ids of the file's width, at most 64 weights */
    dyng_dgb_writer *w = NULL;
    CHECK_STATUS(dyng_dgb_writer_open(&w, tmp("never.dgb"), DYNG_TYPE_INT32, 65),
                 DYNG_INVALID_ARGUMENT);
    CHECK(w == NULL);
    REQUIRE_OK(dyng_dgb_writer_open(&w, tmp("w.dgb"), DYNG_TYPE_INT32, 0));
    dyng_batch *b = batch_of(DYNG_TYPE_INT64, 0, 0, I32MAX + 1, NULL, true);
    CHECK_STATUS(dyng_dgb_write_batch(w, b), DYNG_INVALID_ARGUMENT);
    dyng_batch_free(&b);
    b = batch_of(DYNG_TYPE_INT64, 0, 0, I32MAX, NULL, true);
    CHECK_OK(dyng_dgb_write_batch(w, b));
    dyng_batch_free(&b);
    CHECK_OK(dyng_dgb_writer_close(&w));

    /* int64 ids past int32, read with int32 ids */
    REQUIRE_OK(dyng_dgb_writer_open(&w, tmp("w64.dgb"), DYNG_TYPE_INT64, 0));
    b = batch_of(DYNG_TYPE_INT64, 0, 0, I32MAX + 1, NULL, true);
    CHECK_OK(dyng_dgb_write_batch(w, b));
    dyng_batch_free(&b);
    CHECK_OK(dyng_dgb_writer_close(&w));
    dyng_dgb_reader *r = NULL;
    bool done = false;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 0));
    REQUIRE_OK(dyng_dgb_open(&r, tmp("w.dgb"), DYNG_TYPE_INT32));
    CHECK_OK(dyng_dgb_next(r, b, &done));
    const void *s, *d;
    const int32_t *ww;
    dyng_batch_insertions(&s, &d, &ww, b);
    CHECK(!done && ((const int32_t *)d)[0] == INT32_MAX);
    dyng_dgb_close(&r);
    REQUIRE_OK(dyng_dgb_open(&r, tmp("w64.dgb"), DYNG_TYPE_INT32));
    CHECK_STATUS(dyng_dgb_next(r, b, &done), DYNG_FILE_FORMAT);
    dyng_dgb_close(&r);
    dyng_batch_free(&b);

    /* A header that claims 2^40 deletions and a file that ends after it:
     * truncated (FILE_FORMAT), plain or gzip, with no allocation of 16 TiB. */
    unsigned char f[72];
    memset(f, 0, sizeof f);
    memcpy(f,
           "\x89"
           "DGB\r\n\x1a\n",
           8);
    put32(f + 8, 1);
    put32(f + 12, 8);
    put32(f + 28, dgb_checksum(f, 28));
    memcpy(f + 32, "BTCH", 4);
    put64(f + 48, (uint64_t)1 << 40);
    put32(f + 36, dgb_checksum(f + 40, 32));
    write_bytes(tmp("lie.dgb"), (const char *)f, sizeof f);
    write_gz(tmp("lie.dgb.gz"), (const char *)f, sizeof f);
    for (int z = 0; z < 2; z++) {
        REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT64, 0));
        REQUIRE_OK(dyng_dgb_open(&r, tmp(z ? "lie.dgb.gz" : "lie.dgb"), DYNG_TYPE_INT64));
        CHECK_STATUS(dyng_dgb_next(r, b, &done), DYNG_FILE_FORMAT);
        CHECK(strstr(dyng_error_message(), "truncated") != NULL);
        dyng_dgb_close(&r);
        dyng_batch_free(&b);
    }
}

/* ------------------------------------------------------------------------ */
/* Line length: no limit; columns past 2^20 are reported exactly            */
/* ------------------------------------------------------------------------ */

static void test_long_lines(void) {
    const size_t L = LONG_LINE;
    const int64_t col = (int64_t)L;
    dyng_edge_arrays a;
    dyng_batch *b = NULL;
    dyng_graph *g = NULL;
    int64_t *x = NULL, n = 0;
    dyng_mm_read_options mo;
    dyng_mm_read_options_default(&mo);
    dyng_el_read_options eo;
    dyng_el_read_options_default(&eo);
    const char *mm = "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1";

    /* each file twice: the long line fine, then an error after it */
    write_padded(tmp("l.mtx"), mm, L, "2 7\n");
    EXPECT_AT(dyng_mm_read_arrays(&a, tmp("l.mtx"), &mo, NULL), DYNG_OK, 0, 0);
    CHECK(a.num_edges == 1 && a.weights[0] == 7);
    dyng_edge_arrays_free(&a);
    write_padded(tmp("l.mtx"), mm, L, "2 x\n");
    EXPECT_AT(dyng_mm_read_arrays(&a, tmp("l.mtx"), &mo, NULL), DYNG_FILE_FORMAT, 3, col + 4);

    write_padded(tmp("l.txt"), "0 1\n# a long comment", L, "\n2 3\n");
    EXPECT_AT(dyng_el_read_arrays(&a, tmp("l.txt"), &eo, NULL), DYNG_OK, 0, 0);
    CHECK(a.num_edges == 2);
    dyng_edge_arrays_free(&a);
    write_padded(tmp("l.txt"), "0 1\n2", L, "x\n");
    EXPECT_AT(dyng_el_read_arrays(&a, tmp("l.txt"), &eo, NULL), DYNG_FILE_FORMAT, 2, col + 2);

    for (int z = 0; z < 2; z++) { /* the streaming reader, plain and gzip */
        const char *path = tmp(z ? "l.dgt.gz" : "l.dgt");
        size_t h = strlen("%dgt 1\n+e 0"), t = strlen("1 5\n");
        char *s = malloc(h + L + t);
        REQUIRE_OK(s == NULL ? DYNG_OUT_OF_MEMORY : DYNG_OK);
        memcpy(s, "%dgt 1\n+e 0", h);
        memset(s + h, ' ', L);
        memcpy(s + h + L, "1 5\n", t);
        z ? write_gz(path, s, h + L + t) : write_bytes(path, s, h + L + t);
        dyng_dgt_reader *r = NULL;
        bool done = false;
        REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 1));
        REQUIRE_OK(dyng_dgt_open(&r, path, DYNG_TYPE_INT32, -1));
        EXPECT_AT(dyng_dgt_next(r, b, &done), DYNG_OK, 0, 0);
        int64_t ni = 0;
        dyng_batch_num_insertions(&ni, b);
        CHECK(ni == 1);
        dyng_dgt_close(&r);
        memcpy(s + h + L, "x 5\n", t);
        z ? write_gz(path, s, h + L + t) : write_bytes(path, s, h + L + t);
        REQUIRE_OK(dyng_dgt_open(&r, path, DYNG_TYPE_INT32, 1));
        EXPECT_AT(dyng_dgt_next(r, b, &done), DYNG_FILE_FORMAT, 2, col + 5);
        dyng_dgt_close(&r);
        dyng_batch_free(&b);
        free(s);
    }

    write_padded(tmp("ins.txt"), "0", L, "1 5\n");
    EXPECT_AT(dyng_change_files_read(&b, tmp("ins.txt"), NULL, DYNG_TYPE_INT32, -1, NULL), DYNG_OK,
              0, 0);
    dyng_batch_free(&b);
    write_padded(tmp("ins.txt"), "0", L, "1 x\n");
    EXPECT_AT(dyng_change_files_read(&b, tmp("ins.txt"), NULL, DYNG_TYPE_INT32, -1, NULL),
              DYNG_FILE_FORMAT, 1, col + 4);
    write_padded(tmp("signed.txt"), "- 0 1\n+ 0", L, "x\n");
    EXPECT_AT(dyng_signed_batch_read(&b, tmp("signed.txt"), DYNG_TYPE_INT32, -1, NULL),
              DYNG_FILE_FORMAT, 2, col + 4);
    write_padded(tmp("dist.txt"), "0 0\n1", L, "INF\n");
    EXPECT_AT(dyng_distances_read(&x, &n, tmp("dist.txt"), NULL), DYNG_OK, 0, 0);
    CHECK(n == 2 && x[1] == DYNG_INFINITE_DISTANCE);
    dyng_values_free(&x);
    write_padded(tmp("tree.txt"), "0 -1\n1", L, "-2\n");
    EXPECT_AT(dyng_tree_read(&x, &n, tmp("tree.txt"), NULL), DYNG_FILE_FORMAT, 2, col + 2);
    write_text(tmp("gRowPtr.txt"), "0\n1\n1\n");
    write_text(tmp("gColInd.txt"), "1\n");
    write_padded(tmp("gValues.txt"), "4", L, "z\n");
    EXPECT_AT(dyng_csr_files_read_graph(&g, tmp("g"), NULL, NULL), DYNG_FILE_FORMAT, 1, col + 2);
    CHECK(g == NULL);
}

/* ------------------------------------------------------------------------ */
/* Files: read-only inputs, descriptors, the paths writers create           */
/* ------------------------------------------------------------------------ */

typedef struct snapshot {
    int count;
    char names[32][64];
    off_t sizes[32];
    struct timespec mtimes[32];
    char *bytes[32];
} snapshot;

static int by_name(const void *a, const void *b) { return strcmp(a, b); }

static void take_snapshot(snapshot *s, const char *dir) {
    memset(s, 0, sizeof *s);
    DIR *d = opendir(dir);
    REQUIRE_OK(d == NULL ? DYNG_INTERNAL : DYNG_OK);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && s->count < 32)
            snprintf(s->names[s->count++], 64, "%.63s", e->d_name);
    closedir(d);
    qsort(s->names, (size_t)s->count, sizeof s->names[0], by_name);
    for (int i = 0; i < s->count; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, s->names[i]);
        struct stat st;
        if (stat(path, &st) == 0) {
            s->sizes[i] = st.st_size;
            s->mtimes[i] = st.st_mtim;
        }
        size_t n = 0;
        s->bytes[i] = slurp(path, &n);
    }
}

static bool same_snapshot(const snapshot *a, const snapshot *b) {
    if (a->count != b->count)
        return false;
    for (int i = 0; i < a->count; i++)
        if (strcmp(a->names[i], b->names[i]) != 0 || a->sizes[i] != b->sizes[i] ||
            a->mtimes[i].tv_sec != b->mtimes[i].tv_sec ||
            a->mtimes[i].tv_nsec != b->mtimes[i].tv_nsec ||
            (a->bytes[i] == NULL) != (b->bytes[i] == NULL) ||
            (a->bytes[i] != NULL && memcmp(a->bytes[i], b->bytes[i], (size_t)a->sizes[i]) != 0))
            return false;
    return true;
}

static void free_snapshot(snapshot *s) {
    for (int i = 0; i < s->count; i++)
        free(s->bytes[i]);
}

/* The listing of dir as "a b c" (sorted names). */
static void listing(char *out, size_t cap, const char *dir) {
    snapshot s;
    take_snapshot(&s, dir);
    out[0] = '\0';
    for (int i = 0; i < s.count; i++) {
        if (i > 0)
            strncat(out, " ", cap - strlen(out) - 1);
        strncat(out, s.names[i], cap - strlen(out) - 1);
    }
    free_snapshot(&s);
}

/* The open descriptors of this process on `path`: how many, and whether each
 * has access mode `mode` and close-on-exec. */
static int check_descriptors(const char *path, int mode) {
    struct stat want;
    if (stat(path, &want) != 0)
        return -1;
    int found = 0;
    for (int fd = 3; fd < 1024; fd++) {
        struct stat st;
        if (fcntl(fd, F_GETFD) == -1 || fstat(fd, &st) != 0)
            continue;
        if (st.st_dev != want.st_dev || st.st_ino != want.st_ino)
            continue;
        found++;
        CHECK((fcntl(fd, F_GETFL) & O_ACCMODE) == mode);
        CHECK((fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0);
    }
    return found;
}

/* check_descriptors on the one file of `dir` whose name starts with
 * `prefix` (a writer's temporary file); -1 when there is none, or several. */
static int check_temporary_descriptors(const char *dir, const char *prefix, int mode) {
    DIR *d = opendir(dir);
    if (d == NULL)
        return -1;
    char path[512] = "";
    int found = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            found++;
        }
    }
    closedir(d);
    return found == 1 ? check_descriptors(path, mode) : -1;
}

/* Every kind of file, written by the library. */
static void write_every_file(const char *dir) {
    char p[512];
    int32_t s[3] = {0, 1, 2}, d[3] = {1, 2, 0}, w[3] = {4, 5, 6};
    dyng_graph_properties gp = props(DYNG_TYPE_INT32, 1, true);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &gp, -1, 3, s, d, w, NULL));
    snprintf(p, sizeof p, "%s/g.mtx", dir);
    REQUIRE_OK(dyng_mm_write_graph(g, p, 0));
    snprintf(p, sizeof p, "%s/g.mtx.gz", dir);
    REQUIRE_OK(dyng_mm_write_graph(g, p, 0));
    snprintf(p, sizeof p, "%s/g.txt", dir);
    REQUIRE_OK(dyng_el_write_graph(g, p));
    snprintf(p, sizeof p, "%s/g.txt.gz", dir);
    REQUIRE_OK(dyng_el_write_graph(g, p));
    snprintf(p, sizeof p, "%s/g", dir);
    REQUIRE_OK(dyng_csr_files_write_graph(g, p, false));
    dyng_graph_free(&g);
    dyng_batch *b = batch_of(DYNG_TYPE_INT32, 1, 0, 2, w, true);
    REQUIRE_OK(dyng_batch_add_deletions(b, 1, s, d));
    const char *streams[4] = {"b.dgt", "b.dgt.gz", "b.dgb", "b.dgb.gz"};
    for (int i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, streams[i]);
        if (i < 2) {
            dyng_dgt_writer *dw = NULL;
            REQUIRE_OK(dyng_dgt_writer_open(&dw, p));
            REQUIRE_OK(dyng_dgt_write_batch(dw, b));
            REQUIRE_OK(dyng_dgt_writer_close(&dw));
        } else {
            dyng_dgb_writer *bw = NULL;
            REQUIRE_OK(dyng_dgb_writer_open(&bw, p, DYNG_TYPE_INT32, 1));
            REQUIRE_OK(dyng_dgb_write_batch(bw, b));
            REQUIRE_OK(dyng_dgb_writer_close(&bw));
        }
    }
    char q[512];
    snprintf(p, sizeof p, "%s/insert.txt", dir);
    snprintf(q, sizeof q, "%s/delete.txt", dir);
    REQUIRE_OK(dyng_change_files_write(b, p, q));
    snprintf(p, sizeof p, "%s/signed.txt", dir);
    REQUIRE_OK(dyng_signed_batch_write(b, p));
    dyng_batch_free(&b);
    int64_t dist[3] = {0, 4, DYNG_INFINITE_DISTANCE}, par[3] = {-1, 0, -1};
    snprintf(p, sizeof p, "%s/dist.txt", dir);
    REQUIRE_OK(dyng_distances_write(dist, 3, p));
    snprintf(p, sizeof p, "%s/tree.txt", dir);
    REQUIRE_OK(dyng_tree_write(par, 3, p));
}

/* Read every file of write_every_file; the streams' descriptors are checked
 * while they are open. */
static void read_every_file(const char *dir) {
    char p[512], q[512];
    dyng_graph *g = NULL;
    dyng_edge_arrays a;
    const char *graphs[2] = {"g.mtx", "g.mtx.gz"};
    for (int i = 0; i < 2; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, graphs[i]);
        CHECK_OK(dyng_mm_read_graph(&g, p, NULL, NULL));
        dyng_graph_free(&g);
        CHECK_OK(dyng_mm_read_arrays(&a, p, NULL, NULL));
        dyng_edge_arrays_free(&a);
        snprintf(p, sizeof p, "%s/%s", dir, i == 0 ? "g.txt" : "g.txt.gz");
        CHECK_OK(dyng_el_read_graph(&g, p, NULL, NULL, NULL));
        dyng_graph_free(&g);
        CHECK_OK(dyng_el_read_arrays(&a, p, NULL, NULL));
        dyng_edge_arrays_free(&a);
    }
    snprintf(p, sizeof p, "%s/g", dir);
    CHECK_OK(dyng_csr_files_read_graph(&g, p, NULL, NULL));
    dyng_graph_free(&g);
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 1));
    const char *streams[4] = {"b.dgt", "b.dgt.gz", "b.dgb", "b.dgb.gz"};
    for (int i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, streams[i]);
        bool done = false;
        int64_t ni = 0;
        if (i < 2) {
            dyng_dgt_reader *r = NULL;
            CHECK_OK(dyng_dgt_open(&r, p, DYNG_TYPE_INT32, 1));
            CHECK(check_descriptors(p, O_RDONLY) == 1);
            CHECK_OK(dyng_dgt_next(r, b, &done));
            dyng_dgt_close(&r);
        } else {
            dyng_dgb_reader *r = NULL;
            CHECK_OK(dyng_dgb_open(&r, p, DYNG_TYPE_INT32));
            CHECK(check_descriptors(p, O_RDONLY) == (i == 3)); /* a plain file is mapped */
            CHECK_OK(dyng_dgb_next(r, b, &done));
            dyng_dgb_close(&r);
        }
        dyng_batch_num_insertions(&ni, b);
        CHECK(!done && ni == 1);
        CHECK(check_descriptors(p, O_RDONLY) == 0);
    }
    dyng_batch_free(&b);
    snprintf(p, sizeof p, "%s/insert.txt", dir);
    snprintf(q, sizeof q, "%s/delete.txt", dir);
    CHECK_OK(dyng_change_files_read(&b, p, q, DYNG_TYPE_INT32, -1, NULL));
    dyng_batch_free(&b);
    snprintf(p, sizeof p, "%s/signed.txt", dir);
    CHECK_OK(dyng_signed_batch_read(&b, p, DYNG_TYPE_INT32, -1, NULL));
    dyng_batch_free(&b);
    int64_t *x = NULL, n = 0;
    snprintf(p, sizeof p, "%s/dist.txt", dir);
    CHECK_OK(dyng_distances_read(&x, &n, p, NULL));
    CHECK(n == 3 && x[2] == DYNG_INFINITE_DISTANCE);
    dyng_values_free(&x);
    snprintf(p, sizeof p, "%s/tree.txt", dir);
    CHECK_OK(dyng_tree_read(&x, &n, p, NULL));
    dyng_values_free(&x);
}

static void test_read_only(void) {
    const char *dir = TMP "/ro";
    REQUIRE_OK(mkdir(dir, 0755) == 0 ? DYNG_OK : DYNG_INTERNAL);
    write_every_file(dir);
    snapshot before, after;
    take_snapshot(&before, dir);
    CHECK(before.count == 16);
    for (int i = 0; i < before.count; i++) {
        char p[512];
        snprintf(p, sizeof p, "%s/%s", dir, before.names[i]);
        CHECK(chmod(p, 0444) == 0);
    }
    CHECK(chmod(dir, 0555) == 0);
    free_snapshot(&before);
    take_snapshot(&before, dir); /* chmod changes no mtime, but take it again */
    read_every_file(dir);
    take_snapshot(&after, dir);
    CHECK(same_snapshot(&before, &after));
    free_snapshot(&before);
    free_snapshot(&after);
    CHECK(chmod(dir, 0755) == 0);
}

static void test_writer_paths(void) {
    const char *dir = TMP "/w";
    char got[1024];
    REQUIRE_OK(mkdir(dir, 0755) == 0 ? DYNG_OK : DYNG_INTERNAL);
    write_every_file(dir);
    listing(got, sizeof got, dir);
    CHECK(strcmp(got, "b.dgb b.dgb.gz b.dgt b.dgt.gz delete.txt dist.txt g.mtx g.mtx.gz "
                      "g.txt g.txt.gz gColInd.txt gRowPtr.txt gValues.txt insert.txt "
                      "signed.txt tree.txt") == 0);
    if (strncmp(got, "b.dgb b.dgb.gz", 14) != 0)
        fprintf(stderr, "listing: %s\n", got);

    /* compressed CSR triplet: the three names with .gz, nothing else */
    const char *dz = TMP "/wz";
    REQUIRE_OK(mkdir(dz, 0755) == 0 ? DYNG_OK : DYNG_INTERNAL);
    int32_t s[1] = {0}, d[1] = {1}, w[1] = {3};
    dyng_graph_properties gp = props(DYNG_TYPE_INT32, 1, true);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &gp, -1, 1, s, d, w, NULL));
    CHECK_OK(dyng_csr_files_write_graph(g, TMP "/wz/h", true));
    listing(got, sizeof got, dz);
    CHECK(strcmp(got, "hColInd.txt.gz hRowPtr.txt.gz hValues.txt.gz") == 0);

    /* failures on the inputs create nothing */
    const char *df = TMP "/wf";
    REQUIRE_OK(mkdir(df, 0755) == 0 ? DYNG_OK : DYNG_INTERNAL);
    int64_t dist[2] = {0, DYNG_INFINITE_DISTANCE + 1}, par[2] = {-1, 2};
    CHECK_STATUS(dyng_distances_write(dist, 2, TMP "/wf/d.txt"), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_tree_write(par, 2, TMP "/wf/t.txt"), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_mm_write_graph(g, TMP "/wf/g.mtx", 1), DYNG_INVALID_ARGUMENT);
    dyng_edge_arrays a;
    memset(&a, 0, sizeof a);
    int32_t far[1] = {5};
    a.vertex_type = DYNG_TYPE_INT32;
    a.num_vertices = 2;
    a.num_edges = 1;
    a.src = s;
    a.dst = far;
    CHECK_STATUS(dyng_el_write_arrays(TMP "/wf/e.txt", &a), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_mm_write_arrays(TMP "/wf/e.mtx", &a), DYNG_INVALID_ARGUMENT);
    dyng_dgb_writer *bw = NULL;
    CHECK_STATUS(dyng_dgb_writer_open(&bw, TMP "/wf/x.dgb", DYNG_TYPE_INT32, 65),
                 DYNG_INVALID_ARGUMENT);
    listing(got, sizeof got, df);
    CHECK(strcmp(got, "") == 0);
    if (strcmp(got, "") != 0)
        fprintf(stderr, "after failed writes: %s\n", got);

    /* a folder that does not exist: FILE_FORMAT with the path, nothing made */
    CHECK_STATUS(dyng_mm_write_graph(g, TMP "/missing/g.mtx", 0), DYNG_FILE_FORMAT);
    const char *epath = NULL;
    dyng_error_location(&epath, NULL, NULL);
    CHECK(epath != NULL && strcmp(epath, TMP "/missing/g.mtx") == 0);
    CHECK_STATUS(dyng_csr_files_write_graph(g, TMP "/missing/g", false), DYNG_FILE_FORMAT);
    dyng_dgt_writer *tw = NULL;
    CHECK_STATUS(dyng_dgt_writer_open(&tw, TMP "/missing/b.dgt"), DYNG_FILE_FORMAT);
    struct stat st;
    CHECK(stat(TMP "/missing", &st) != 0);
    dyng_graph_free(&g);

    /* the streaming writers' descriptors: write-only, close-on-exec (they
     * write a temporary file, renamed over the path at the close); a batch
     * they refuse leaves only their own file */
    REQUIRE_OK(dyng_dgt_writer_open(&tw, TMP "/wf/s.dgt"));
    CHECK(check_temporary_descriptors(TMP "/wf", ".s.dgt.dyng-", O_WRONLY) == 1);
    REQUIRE_OK(dyng_dgb_writer_open(&bw, TMP "/wf/s.dgb", DYNG_TYPE_INT32, 0));
    CHECK(check_temporary_descriptors(TMP "/wf", ".s.dgb.dyng-", O_WRONLY) == 1);
    dyng_batch *b = batch_of(DYNG_TYPE_INT32, 0, 0, 1, NULL, true);
    dyng_batch_set_id(b, 5);
    CHECK_OK(dyng_dgt_write_batch(tw, b));
    CHECK_OK(dyng_dgb_write_batch(bw, b));
    CHECK_STATUS(dyng_dgt_write_batch(tw, b), DYNG_INVALID_ARGUMENT); /* id 5 again */
    CHECK_STATUS(dyng_dgb_write_batch(bw, b), DYNG_INVALID_ARGUMENT);
    CHECK_OK(dyng_dgt_writer_close(&tw));
    CHECK_OK(dyng_dgb_writer_close(&bw));
    dyng_batch_free(&b);
    listing(got, sizeof got, df);
    CHECK(strcmp(got, "s.dgb s.dgt") == 0);
}

/* rm -r of the test's folder (two levels). */
static void remove_tmp(void) {
    const char *subs[5] = {TMP "/ro", TMP "/w", TMP "/wz", TMP "/wf", TMP};
    for (int i = 0; i < 5; i++) {
        chmod(subs[i], 0755);
        DIR *d = opendir(subs[i]);
        if (d == NULL)
            continue;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            char p[512];
            snprintf(p, sizeof p, "%s/%s", subs[i], e->d_name);
            struct stat st;
            if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && stat(p, &st) == 0 &&
                !S_ISDIR(st.st_mode))
                unlink(p);
        }
        closedir(d);
        rmdir(subs[i]);
    }
}

int main(void) {
    remove_tmp();
    if (mkdir(TMP, 0755) != 0) {
        fprintf(stderr, "cannot make %s\n", TMP);
        return 1;
    }
    test_vertex_counts();
    test_batch_ids();
    test_edge_counts();
    test_weights();
    test_batch_lengths();
    test_sssp_limits();
    test_cycle_count_limits();
    test_mm_limits();
    test_edge_list_limits();
    test_dgt_limits();
    test_research_limits();
    test_dgb_limits();
    test_long_lines();
    test_read_only();
    test_writer_paths();
    remove_tmp();
    return check_finish("test_limits");
}
