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

/* ---- std::mt19937 and MOSP-OpenMP's change generator ------------------------------ */

static void test_streams32(void) {
    /* The standard: "the 10000th consecutive invocation of a default-constructed
     * object of type mt19937 produces the value 4123659995". */
    dyng_i_mt32 g;
    dyng_i_mt32_seed(&g, 5489u);
    uint32_t x = 0;
    for (int i = 0; i < 10000; i++)
        x = dyng_i_mt32_next(&g);
    CHECK(x == 4123659995u);

    /* uniform32: inside [a, b], both ends reached; the engine's whole range
     * passes its output through; a one-value range draws once. */
    dyng_i_mt32_seed(&g, 7);
    bool seen_lo = false, seen_hi = false, inside = true;
    for (int i = 0; i < 10000; i++) {
        int64_t v = dyng_i_uniform32(&g, -3, 3);
        inside &= v >= -3 && v <= 3;
        seen_lo |= v == -3;
        seen_hi |= v == 3;
    }
    CHECK(inside && seen_lo && seen_hi);
    dyng_i_mt32 h;
    dyng_i_mt32_seed(&g, 9);
    dyng_i_mt32_seed(&h, 9);
    CHECK(dyng_i_uniform32(&g, 0, UINT32_MAX) == (int64_t)dyng_i_mt32_next(&h));
    CHECK(dyng_i_uniform32(&g, 5, 5) == 5);
    (void)dyng_i_mt32_next(&h);
    CHECK(dyng_i_mt32_next(&g) == dyng_i_mt32_next(&h));

    /* shuffle32: a permutation, for lengths on both sides of 65535 (the
     * largest whose square fits the engine: two swaps per draw up to it). */
    const size_t lengths[] = {0, 1, 2, 7, 65535, 65536, 70001};
    for (size_t t = 0; t < sizeof lengths / sizeof lengths[0]; t++) {
        const size_t n = lengths[t];
        int64_t *a = malloc((n + 1) * sizeof *a);
        uint8_t *seen = calloc(n + 1, 1);
        REQUIRE(a != NULL && seen != NULL);
        for (size_t i = 0; i < n; i++)
            a[i] = (int64_t)i;
        dyng_i_mt32_seed(&g, 3);
        dyng_i_shuffle32(&g, a, n, sizeof *a);
        bool perm = true, moved = n < 3;
        for (size_t i = 0; i < n; i++) {
            perm &= a[i] >= 0 && (size_t)a[i] < n && !seen[a[i]];
            if (perm)
                seen[a[i]] = 1;
            moved |= a[i] != (int64_t)i;
        }
        CHECK(perm && moved);
        free(a);
        free(seen);
    }
}

/* MOSP-OpenMP's goldens of the small graphs: insert.txt, delete.txt, the report. */
static void test_mosp_goldens(void) {
    static const struct {
        const char *name;
        int64_t n;
        double pct;
        dyng_mosp_change_mode mode;
        uint32_t seed;
        int64_t hops;
        bool safe;
    } cases[] = {
        {"n100_ins50_uniform_seed1", 100, 50, DYNG_MOSP_UNIFORM, 1, 0, false},
        {"n1000_ins50_uniform_seed777", 1000, 50, DYNG_MOSP_UNIFORM, 777, 0, false},
        {"n500_ins30_targeted_seed5", 500, 30, DYNG_MOSP_TARGETED, 5, 0, false},
        {"n200_reweight_seed9", 200, 50, DYNG_MOSP_REWEIGHT, 9, 0, false},
        {"n200_increase_seed11", 200, 50, DYNG_MOSP_INCREASE, 11, 0, false},
        {"n300_ins50_uniform_seed3_local3", 300, 50, DYNG_MOSP_UNIFORM, 3, 3, false},
        {"n300_ins50_uniform_seed4_safe", 300, 50, DYNG_MOSP_UNIFORM, 4, 0, true},
    };
    const char *graphs[] = {"small60", "small60_w1to3"};
    int compared = 0;
    for (int gi = 0; gi < 2; gi++) {
        char path[1024], got_i[1100], got_d[1100];
        snprintf(path, sizeof path, "%s/goldens/mosp/%s/csr/graphCsr", shared_dir, graphs[gi]);
        dyng_graph *g = NULL;
        CHECK_OK(dyng_csr_files_read_graph(&g, path, NULL, NULL));
        if (g == NULL)
            continue;
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            dyng_mosp_changes_options o;
            dyng_mosp_changes_options_default(&o);
            o.num_changes = cases[c].n;
            o.insertion_percentage = cases[c].pct;
            o.mode = cases[c].mode;
            o.seed = cases[c].seed;
            o.local_hops = cases[c].hops;
            o.safe_deletions = cases[c].safe;
            dyng_batch *b = NULL;
            dyng_mosp_changes_report r;
            CHECK_OK(dyng_legacy_mosp_changes(&b, &r, g, &o));
            if (b == NULL)
                continue;
            snprintf(got_i, sizeof got_i, "gen_tmp_mosp_insert.txt");
            snprintf(got_d, sizeof got_d, "gen_tmp_mosp_delete.txt");
            CHECK_OK(dyng_change_files_write(b, got_i, got_d));
            for (int f = 0; f < 2; f++) {
                snprintf(path, sizeof path, "%s/goldens/mosp/%s/changes/%s/%s", shared_dir,
                         graphs[gi], cases[c].name, f == 0 ? "insert.txt" : "delete.txt");
                size_t nw = 0, ng = 0;
                char *want = slurp(path, &nw), *got = slurp(f == 0 ? got_i : got_d, &ng);
                const bool same =
                    want != NULL && got != NULL && nw == ng && memcmp(want, got, nw) == 0;
                if (!same)
                    fprintf(stderr, "  %s/%s: %s differs\n", graphs[gi], cases[c].name,
                            f == 0 ? "insert.txt" : "delete.txt");
                CHECK(same);
                compared += same;
                free(want);
                free(got);
            }
            int64_t ni = 0, nd = 0;
            dyng_batch_num_insertions(&ni, b);
            dyng_batch_num_deletions(&nd, b);
            CHECK(r.inserts + r.reweights == ni && r.deletes == nd);
            CHECK((r.centre >= 0) == (cases[c].hops > 0));
            CHECK((r.safe_rounds > 0) == cases[c].safe);
            dyng_batch_free(&b);
            remove(got_i);
            remove(got_d);
        }
        dyng_graph_free(&g);
    }
    CHECK(compared == 28);
}

static void test_mosp_errors_and_failures(void) {
    const int32_t s[] = {0, 1, 2, 3, 0, 2, 5}, d[] = {1, 2, 3, 0, 2, 4, 6};
    const int32_t w[] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7};
    dyng_graph_properties p;
    dyng_properties_mosp_compatible(&p, 2);
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, 7, 7, s, d, w, NULL));
    dyng_mosp_changes_options o;
    dyng_mosp_changes_options_default(&o);
    dyng_batch *b = NULL;
    o.num_changes = -1;
    CHECK_STATUS(dyng_legacy_mosp_changes(&b, NULL, g, &o), DYNG_INVALID_ARGUMENT);
    CHECK(b == NULL);
    o.num_changes = 4;
    o.insertion_percentage = 100.5;
    CHECK_STATUS(dyng_legacy_mosp_changes(&b, NULL, g, &o), DYNG_INVALID_ARGUMENT);
    o.insertion_percentage = 50;
    o.weight_min = 0;
    CHECK_STATUS(dyng_legacy_mosp_changes(&b, NULL, g, &o), DYNG_INVALID_ARGUMENT);
    o.weight_min = 1;
    o.source = 7;
    CHECK_STATUS(dyng_legacy_mosp_changes(&b, NULL, g, &o), DYNG_INVALID_ARGUMENT);
    o.source = 0;
    o.mode = DYNG_MOSP_TARGETED;
    o.safe_deletions = true;
    CHECK_STATUS(dyng_legacy_mosp_changes(&b, NULL, g, &o), DYNG_NOT_SUPPORTED);
    CHECK(strstr(dyng_error_message(), "mode uniform only") != NULL);
    o.safe_deletions = false;
    o.mode = (dyng_mosp_change_mode)9;
    CHECK_STATUS(dyng_legacy_mosp_changes(&b, NULL, g, &o), DYNG_INVALID_ARGUMENT);
    CHECK(b == NULL);

    /* Every allocation failing in turn, in every mode: DYNG_OUT_OF_MEMORY and no
     * batch, then the batch of a run without failures. */
    const dyng_mosp_change_mode modes[] = {DYNG_MOSP_UNIFORM, DYNG_MOSP_TARGETED,
                                           DYNG_MOSP_REWEIGHT, DYNG_MOSP_INCREASE};
    for (int m = 0; m < 4; m++) {
        dyng_mosp_changes_options_default(&o);
        o.num_changes = 6;
        o.mode = modes[m];
        o.local_hops = m == 0 ? 2 : 0;
        o.safe_deletions = m == 0;
        dyng_batch *ref = NULL;
        REQUIRE_OK(dyng_legacy_mosp_changes(&ref, NULL, g, &o));
        char *want = batch_text(ref);
        int failures = 0;
        for (int64_t k = 1;; k++) {
            dyng_testing_fail_allocation(k);
            dyng_status st = dyng_legacy_mosp_changes(&b, NULL, g, &o);
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
        free(want);
        dyng_batch_free(&ref);
    }
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);
}

/* The converter's weights: the first edges of every golden graph of the research
 * code (small60 and luxembourg_osm: "93 90 32", "14 19 4", "21 83 57"; with 1..3,
 * small60_w1to3: "3 3 1", "1 1 1", "1 3 2"); and the range checks. */
static void test_mosp_weights(void) {
    int32_t w[9];
    const int32_t want[9] = {93, 90, 32, 14, 19, 4, 21, 83, 57};
    const int32_t want3[9] = {3, 3, 1, 1, 1, 1, 1, 3, 2};
    CHECK_OK(dyng_legacy_mosp_weights(w, 9, 1, 100, 12345));
    CHECK(memcmp(w, want, sizeof w) == 0);
    CHECK_OK(dyng_legacy_mosp_weights(w, 9, 1, 3, 12345));
    CHECK(memcmp(w, want3, sizeof w) == 0);
    CHECK_OK(dyng_legacy_mosp_weights(NULL, 0, 1, 1, 0));
    CHECK_STATUS(dyng_legacy_mosp_weights(w, -1, 1, 3, 1), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_legacy_mosp_weights(NULL, 3, 1, 3, 1), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_legacy_mosp_weights(w, 3, 0, 3, 1), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_legacy_mosp_weights(w, 3, 4, 3, 1), DYNG_INVALID_ARGUMENT);
}

int main(void) {
    const char *env = getenv("DYNG_SHARED_DIR");
    snprintf(shared_dir, sizeof shared_dir, "%s", env ? env : "../shared");
    test_streams();
    test_goldens();
    test_errors();
    test_allocation_failures();
    test_streams32();
    test_mosp_goldens();
    test_mosp_errors_and_failures();
    test_mosp_weights();
    return check_finish("test_generators");
}
