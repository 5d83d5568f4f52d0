/*
 * tests/c/test_generators.c - the research codes' generators (dyng/generators.h)
 * and the standard-library streams under them (src/generators/stdrng.h).
 *
 * The oracle is the research code itself: its batch generator's outputs in
 * ../shared/goldens/cycle_enum_batch, compared byte for byte as "- u v" /
 * "+ u v" text. The engine is also checked against the value the C++
 * standard gives for it ([rand.predef]).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/alloc.h"
#include "dyng/dyng.h"
#include "files.h"
#include "generators/stdrng.h"

static char shared_dir[512];

/* ---- the engine and the distributions -------------------------------------------- */

static void test_streams(void) {
    /* The standard: "the 10000th consecutive invocation of a default-constructed
     * object of type mt19937_64 produces the value 9981545732273789042". */
    dyng_i_mt64 g;
    dyng_i_mt64_seed(&g, 5489u);
    uint64_t x = 0;
    for (int i = 0; i < 10000; i++)
        x = dyng_i_mt64_next(&g);
    CHECK(x == 9981545732273789042ULL);

    /* uniform: inside [a, b] always, both ends reached, the full range passes
     * the engine through, a one-value range draws once and gives a. */
    dyng_i_mt64_seed(&g, 7);
    bool seen_lo = false, seen_hi = false, inside = true;
    for (int i = 0; i < 10000; i++) {
        uint64_t v = dyng_i_uniform_u64(&g, 10, 14);
        inside &= v >= 10 && v <= 14;
        seen_lo |= v == 10;
        seen_hi |= v == 14;
    }
    CHECK(inside && seen_lo && seen_hi);
    dyng_i_mt64 a, b;
    dyng_i_mt64_seed(&a, 99);
    dyng_i_mt64_seed(&b, 99);
    CHECK(dyng_i_uniform_u64(&a, 0, UINT64_MAX) == dyng_i_mt64_next(&b));
    CHECK(dyng_i_uniform_u64(&a, 5, 5) == 5);
    dyng_i_mt64_next(&b);
    CHECK(dyng_i_mt64_next(&a) == dyng_i_mt64_next(&b));
    /* A range just above half the engine's rejects about half its draws:
     * the values stay in range and the rejection loop ends. */
    uint64_t big = (UINT64_MAX / 2) + 2, worst = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t v = dyng_i_uniform_u64(&a, 0, big - 1);
        worst = v > worst ? v : worst;
    }
    CHECK(worst < big);

    /* shuffle: a permutation, for even and odd lengths, 0 and 1 elements. */
    for (size_t n = 0; n < 40; n++) {
        int64_t items[40];
        for (size_t i = 0; i < n; i++)
            items[i] = (int64_t)i;
        dyng_i_shuffle(&g, items, n, sizeof items[0]);
        bool seen[40] = {false}, perm = true;
        for (size_t i = 0; i < n; i++) {
            perm &= items[i] >= 0 && items[i] < (int64_t)n && !seen[items[i]];
            if (items[i] >= 0 && items[i] < (int64_t)n)
                seen[items[i]] = true;
        }
        CHECK(perm);
    }
}

/* ---- the research code's batches --------------------------------------------------- */

/* A "src dst" file ('#' comments) as a directed graph of the given types, or NULL. */
static dyng_graph *read_pairs(const char *path, dyng_type vt, dyng_row_order order) {
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    int64_t cap = 1024, m = 0, n = 0;
    int64_t *src = malloc((size_t)cap * 8), *dst = malloc((size_t)cap * 8);
    char line[256];
    while (src && dst && fgets(line, sizeof line, f)) {
        long long u, v;
        if (line[0] == '#' || sscanf(line, "%lld %lld", &u, &v) != 2)
            continue;
        if (m == cap) {
            cap *= 2;
            src = realloc(src, (size_t)cap * 8);
            dst = realloc(dst, (size_t)cap * 8);
            if (!src || !dst)
                break;
        }
        src[m] = u;
        dst[m++] = v;
        n = u + 1 > n ? u + 1 : n;
        n = v + 1 > n ? v + 1 : n;
    }
    fclose(f);
    if (!src || !dst) {
        fprintf(stderr, "out of memory reading %s\n", path);
        exit(1);
    }
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.vertex_type = vt;
    p.offset_type = vt;
    p.order = order;
    dyng_graph *g = NULL;
    int32_t *w = NULL;
    if (vt == DYNG_TYPE_INT64) { /* int64 ids come with weights (the supported types) */
        p.num_weights = 1;
        w = malloc((size_t)m * 4 + 4);
        for (int64_t i = 0; i < m; i++)
            w[i] = 1;
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, n, m, src, dst, w, NULL));
    } else {
        int32_t *s = malloc((size_t)m * 4 + 4), *d = malloc((size_t)m * 4 + 4);
        for (int64_t i = 0; i < m; i++) {
            s[i] = (int32_t)src[i];
            d[i] = (int32_t)dst[i];
        }
        REQUIRE_OK(dyng_graph_from_edges(&g, &p, n, m, s, d, NULL, NULL));
        free(s);
        free(d);
    }
    free(w);
    free(src);
    free(dst);
    return g;
}

/* The batch as the goldens write it: "- u v" lines, then "+ u v" lines. */
static char *batch_text(const dyng_batch *b) {
    int64_t nd = 0, ni = 0;
    dyng_type vt;
    dyng_batch_num_deletions(&nd, b);
    dyng_batch_num_insertions(&ni, b);
    dyng_batch_vertex_type(&vt, b);
    const void *ds, *dd, *is, *id;
    const int32_t *w;
    dyng_batch_deletions(&ds, &dd, b);
    dyng_batch_insertions(&is, &id, &w, b);
    size_t cap = (size_t)(nd + ni) * 48 + 1, len = 0;
    char *out = malloc(cap);
    if (!out)
        exit(1);
    out[0] = '\0';
    for (int64_t i = 0; i < nd + ni; i++) {
        bool del = i < nd;
        int64_t j = del ? i : i - nd;
        const void *s = del ? ds : is, *d = del ? dd : id;
        long long u = vt == DYNG_TYPE_INT32 ? ((const int32_t *)s)[j] : ((const int64_t *)s)[j];
        long long v = vt == DYNG_TYPE_INT32 ? ((const int32_t *)d)[j] : ((const int64_t *)d)[j];
        len += (size_t)snprintf(out + len, cap - len, "%c %lld %lld\n", del ? '-' : '+', u, v);
    }
    return out;
}

static int goldens_compared;

/* The generator's batch for a golden's name ("d<D>_i<I>_s<SEED>[_w<W>]") equals it. */
static void golden(const dyng_graph *g, const char *graph, const char *name) {
    long long d, i, w = 0;
    unsigned long long seed;
    int got = sscanf(name, "d%lld_i%lld_s%llu_w%lld", &d, &i, &seed, &w);
    CHECK(got >= 3);
    char path[1024];
    snprintf(path, sizeof path, "%s/goldens/cycle_enum_batch/batch_%s_%s.txt", shared_dir, graph,
             name);
    size_t n = 0;
    char *want = slurp(path, &n);
    CHECK(want != NULL);
    dyng_batch *b = NULL;
    CHECK_OK(dyng_legacy_cycle_enum_batch(&b, g, d, i, (uint64_t)seed, w));
    if (b && want) {
        char *text = batch_text(b);
        bool same = strcmp(text, want) == 0;
        if (!same)
            fprintf(stderr, "  batch_%s_%s: differs from the golden\n", graph, name);
        CHECK(same);
        goldens_compared += same;
        free(text);
    }
    free(want);
    dyng_batch_free(&b);
}

static const char *const small_names[] = {"d0_i25_s42", "d10_i10_s1", "d1_i1_s0", "d20_i20_s5_w30",
                                          "d25_i0_s3"};
static const char *const medium_names[] = {"d1000_i1000_s12345", "d100_i50_s7",
                                           "d300_i300_s99_w200", "d5000_i0_s18446744073709551615"};

static void test_goldens(void) {
    char path[1024];
    snprintf(path, sizeof path, "%s/goldens/cycle_enum_batch/graph_small.txt", shared_dir);
    dyng_graph *small = read_pairs(path, DYNG_TYPE_INT32, DYNG_ORDER_SORTED);
    snprintf(path, sizeof path, "%s/goldens/cycle_enum_batch/graph_medium.txt", shared_dir);
    dyng_graph *medium = read_pairs(path, DYNG_TYPE_INT32, DYNG_ORDER_SORTED);
    /* The same graph with int64 ids and rows in arrival order gives the same bytes. */
    dyng_graph *medium64 = read_pairs(path, DYNG_TYPE_INT64, DYNG_ORDER_APPEND);
    if (!small || !medium || !medium64) {
        goldens_missing("test_generators", "the goldens of cycle_enum_batch");
        dyng_graph_free(&small);
        dyng_graph_free(&medium);
        dyng_graph_free(&medium64);
        return;
    }
    for (size_t k = 0; k < sizeof small_names / sizeof *small_names; k++)
        golden(small, "small", small_names[k]);
    for (size_t k = 0; k < sizeof medium_names / sizeof *medium_names; k++) {
        golden(medium, "medium", medium_names[k]);
        golden(medium64, "medium", medium_names[k]);
    }
    dyng_graph_free(&small);
    dyng_graph_free(&medium);
    dyng_graph_free(&medium64);

    snprintf(path, sizeof path, "%s/data/pgp-strong-2009.mtx.gz", shared_dir);
    dyng_graph_properties p;
    dyng_properties_default(&p);
    dyng_graph *pgp = NULL;
    if (dyng_mm_read_graph(&pgp, path, &p, NULL) != DYNG_OK) {
        goldens_missing("test_generators", path);
        return;
    }
    golden(pgp, "pgp-strong-2009", "d1000_i1000_s1");
    golden(pgp, "pgp-strong-2009", "d25000_i25000_s1");
    golden(pgp, "pgp-strong-2009", "d500_i500_s777_w5000");
    dyng_graph_free(&pgp);
    CHECK(goldens_compared == 16);
}

/* ---- errors, edge cases, allocation failures --------------------------------------- */

static dyng_graph *tiny(bool directed, int64_t n, int64_t m, const int32_t *s, const int32_t *d) {
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.directed = directed;
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, n, m, s, d, NULL, NULL));
    return g;
}

static void test_errors(void) {
    const int32_t s[] = {0, 1, 2}, d[] = {1, 2, 0};
    dyng_graph *g = tiny(true, 3, 3, s, d);
    dyng_batch *b = NULL;
    CHECK_STATUS(dyng_legacy_cycle_enum_batch(&b, g, -1, 0, 1, 0), DYNG_INVALID_ARGUMENT);
    CHECK(b == NULL && strstr(dyng_error_message(), "0 or more") != NULL);
    CHECK_STATUS(dyng_legacy_cycle_enum_batch(&b, g, 0, -5, 1, 0), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_legacy_cycle_enum_batch(&b, g, 0, 0, 1, 1), DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "at least 2") != NULL);
    CHECK_STATUS(dyng_legacy_cycle_enum_batch(&b, g, 4, 0, 1, 0), DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "only 3 edges") != NULL);
    /* 3 vertices: 6 ordered pairs, 3 taken, so 3 free and no 4th. */
    CHECK_OK(dyng_legacy_cycle_enum_batch(&b, g, 0, 3, 1, 0));
    int64_t ni = 0;
    CHECK_OK(dyng_batch_num_insertions(&ni, b));
    CHECK(ni == 3);
    dyng_batch_free(&b);
    CHECK_STATUS(dyng_legacy_cycle_enum_batch(&b, g, 0, 4, 1, 0), DYNG_INVALID_ARGUMENT);
    CHECK(b == NULL && strstr(dyng_error_message(), "gave up") != NULL);
    CHECK_STATUS(dyng_legacy_cycle_enum_batch(NULL, g, 0, 0, 1, 0), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_legacy_cycle_enum_batch(&b, NULL, 0, 0, 1, 0), DYNG_INVALID_ARGUMENT);
    /* Empty requests, and a window of n or more is no window. */
    CHECK_OK(dyng_legacy_cycle_enum_batch(&b, g, 0, 0, 1, 0));
    CHECK_OK(dyng_batch_num_insertions(&ni, b));
    CHECK(ni == 0);
    dyng_batch_free(&b);
    dyng_batch *w = NULL, *nw = NULL;
    CHECK_OK(dyng_legacy_cycle_enum_batch(&w, g, 2, 2, 9, 3));
    CHECK_OK(dyng_legacy_cycle_enum_batch(&nw, g, 2, 2, 9, 0));
    char *tw = batch_text(w), *tnw = batch_text(nw);
    CHECK(strcmp(tw, tnw) == 0);
    free(tw);
    free(tnw);
    dyng_batch_free(&w);
    dyng_batch_free(&nw);
    dyng_graph_free(&g);

    dyng_graph *u = tiny(false, 3, 3, s, d);
    CHECK_STATUS(dyng_legacy_cycle_enum_batch(&b, u, 0, 1, 1, 0), DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "undirected") != NULL);
    dyng_graph_free(&u);
    dyng_graph *one = tiny(true, 1, 0, s, d);
    CHECK_STATUS(dyng_legacy_cycle_enum_batch(&b, one, 0, 1, 1, 0), DYNG_INVALID_ARGUMENT);
    CHECK_OK(dyng_legacy_cycle_enum_batch(&b, one, 0, 0, 1, 0));
    dyng_batch_free(&b);
    dyng_graph_free(&one);
}

/* Every allocation failing in turn: DYNG_OUT_OF_MEMORY with no batch, then the
 * same batch as without failures once none is left to fail. */
static void test_allocation_failures(void) {
    const int32_t s[] = {0, 1, 2, 3, 4, 5}, d[] = {1, 2, 3, 4, 5, 0};
    dyng_graph *g = tiny(true, 8, 6, s, d);
    dyng_batch *ref = NULL;
    REQUIRE_OK(dyng_legacy_cycle_enum_batch(&ref, g, 3, 5, 42, 0));
    char *want = batch_text(ref);
    int failures = 0;
    for (int64_t k = 1;; k++) {
        dyng_batch *b = NULL;
        dyng_testing_fail_allocation(k);
        dyng_status st = dyng_legacy_cycle_enum_batch(&b, g, 3, 5, 42, 0);
        dyng_testing_fail_allocation(0);
        if (st == DYNG_OK) {
            char *text = batch_text(b);
            CHECK(strcmp(text, want) == 0);
            free(text);
            dyng_batch_free(&b);
            break;
        }
        CHECK(st == DYNG_OUT_OF_MEMORY && b == NULL);
        failures++;
    }
    CHECK(failures >= 5);
    CHECK_OK(dyng_graph_check(g));
    free(want);
    dyng_batch_free(&ref);
    dyng_graph_free(&g);
}

int main(void) {
    const char *env = getenv("DYNG_SHARED_DIR");
    snprintf(shared_dir, sizeof shared_dir, "%s", env ? env : "../shared");
    test_streams();
    test_goldens();
    test_errors();
    test_allocation_failures();
    return check_finish("test_generators");
}
