/*
 * tests/c/test_io_edgelist.c - edge lists: reading, writing, errors.
 *
 * Every malformed input is checked for its status and its exact line and
 * column. Valid inputs are checked against the arrays they were written
 * from; the writer by reading back. A generated file large enough to be cut
 * into many chunks is read with 1 and 2 threads (identical arrays, with every
 * option), and with errors early and late (the earliest wins). The "brutal"
 * test fails each allocation of a read in turn and expects
 * DYNG_OUT_OF_MEMORY, zeroed outputs and no leak.
 *
 * Temporary files are written to the working directory as el_tmp_*.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "check.h"
#include "core/alloc.h"
#include "dyng/dyng.h"
#include "files.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

static int64_t id_at(const void *a, dyng_type t, int64_t k) {
    return t == DYNG_TYPE_INT64 ? ((const int64_t *)a)[k] : ((const int32_t *)a)[k];
}

static bool arrays_zeroed(const dyng_edge_arrays *a) {
    return a->src == NULL && a->dst == NULL && a->weights == NULL && a->num_edges == 0 &&
           a->num_vertices == 0 && a->num_weights == 0;
}

/* m edges (src[e], dst[e]) with k weights each (w row-major, NULL for k 0). */
static bool arrays_are(const dyng_edge_arrays *a, int64_t n, int64_t m, const int64_t *src,
                       const int64_t *dst, int k, const int32_t *w) {
    if (a->num_vertices != n || a->num_edges != m || a->num_weights != k)
        return false;
    if ((k == 0) != (a->weights == NULL))
        return false;
    for (int64_t e = 0; e < m; e++) {
        if (id_at(a->src, a->vertex_type, e) != src[e] ||
            id_at(a->dst, a->vertex_type, e) != dst[e])
            return false;
        for (int j = 0; j < k; j++)
            if (a->weights[e * k + j] != w[e * k + j])
                return false;
    }
    return true;
}

static bool same_arrays(const dyng_edge_arrays *a, const dyng_edge_arrays *b) {
    if (a->num_edges != b->num_edges || a->num_vertices != b->num_vertices ||
        a->num_weights != b->num_weights || a->vertex_type != b->vertex_type ||
        a->field != b->field || a->symmetry != b->symmetry)
        return false;
    size_t es = dyng_type_size(a->vertex_type);
    size_t m = (size_t)a->num_edges;
    return memcmp(a->src, b->src, m * es) == 0 && memcmp(a->dst, b->dst, m * es) == 0 &&
           (a->num_weights == 0 ||
            memcmp(a->weights, b->weights, m * 4 * (size_t)a->num_weights) == 0);
}

static void fail_case(const char *name, const char *what) {
    check_failed_count++;
    fprintf(stderr, "case '%s': %s\n", name, what);
}

static dyng_el_read_options defaults(void) {
    dyng_el_read_options o;
    dyng_el_read_options_default(&o);
    return o;
}

/* Read `text` as an edge list and expect `want` at (line, column). */
static void el_case_n(const char *name, const char *text, size_t n, const dyng_el_read_options *o,
                      dyng_status want, int64_t line, int64_t column) {
    const char *path = "el_tmp_case.txt";
    write_bytes(path, text, n);
    dyng_edge_arrays a;
    memset(&a, 0x5a, sizeof a);
    dyng_error_clear();
    dyng_status st = dyng_el_read_arrays(&a, path, o, NULL);
    const char *epath;
    int64_t l, c;
    dyng_error_location(&epath, &l, &c);
    char what[1024];
    if (st != want || (want != DYNG_OK && (l != line || c != column))) {
        snprintf(what, sizeof what, "got %s at %lld:%lld (%s), want %s at %lld:%lld",
                 dyng_status_name(st), (long long)l, (long long)c, dyng_error_message(),
                 dyng_status_name(want), (long long)line, (long long)column);
        fail_case(name, what);
    } else if (want != DYNG_OK && (!arrays_zeroed(&a) || strcmp(epath, path) != 0 ||
                                   strstr(dyng_error_message(), path) == NULL)) {
        fail_case(name, "outputs not zeroed or path not recorded");
    } else {
        check_passed_count++;
    }
    dyng_edge_arrays_free(&a);
}

static void el_case(const char *name, const char *text, const dyng_el_read_options *o,
                    dyng_status want, int64_t line, int64_t column) {
    el_case_n(name, text, strlen(text), o, want, line, column);
}

/* Read `text` (must succeed) into *a. */
static void read_text(dyng_edge_arrays *a, const char *text, const dyng_el_read_options *o) {
    write_text("el_tmp_text.txt", text);
    CHECK_OK(dyng_el_read_arrays(a, "el_tmp_text.txt", o, NULL));
}

static dyng_resources *threads(int t) {
    dyng_resources *r = NULL;
    if (dyng_openmp_available())
        REQUIRE_OK(dyng_resources_new(&r, DYNG_BACKEND_OPENMP, t));
    else
        REQUIRE_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 1));
    return r;
}

#define FF DYNG_FILE_FORMAT
#define CAP DYNG_CAPACITY

/* ------------------------------------------------------------------------ */
/* Malformed files                                                          */
/* ------------------------------------------------------------------------ */

static void test_errors(void) {
    dyng_el_read_options d = defaults();
    /* ids */
    el_case("garbage target", "0 1\n2 x\n", &d, FF, 2, 3);
    el_case("garbage source", "0 1\nab 1\n", &d, FF, 2, 1);
    el_case("glued garbage", "0 1\n2 3x\n", &d, FF, 2, 3);
    el_case("real id", "0 1.0\n", &d, FF, 1, 3);
    el_case("plus sign", "+1 2\n", &d, FF, 1, 1);
    el_case("glued comment", "0 1#x\n", &d, FF, 1, 3);
    el_case("missing target", "0 1\n2\n", &d, FF, 2, 2);
    el_case("missing target, blanks", "0 1\n  25   \n", &d, FF, 2, 5);
    el_case("missing target, comment", "0 1\n7 # x\n", &d, FF, 2, 2);
    el_case("missing target, no newline", "0 1\n7", &d, FF, 2, 2);
    el_case("negative source", "0 1\n-3 2\n", &d, FF, 2, 1);
    el_case("negative target", "0 1\n3\t-2\n", &d, FF, 2, 3);
    el_case("lone minus", "0 - 1\n", &d, FF, 1, 3);
    el_case("int32 overflow", "0 1\n0 2147483648\n", &d, CAP, 2, 3);
    el_case("int32 overflow source", "2147483648 0\n", &d, CAP, 1, 1);
    el_case("uint64 overflow", "0 123456789012345678901234\n", &d, CAP, 1, 3);
    dyng_el_read_options w = d;
    w.vertex_type = DYNG_TYPE_INT64;
    el_case("int64 overflow", "9223372036854775808 1\n", &w, CAP, 1, 1);
    el_case("int64 max", "9223372036854775806 1\n", &w, DYNG_OK, 0, 0);
    el_case("int64 max, no room for n", "0 1\n9223372036854775807 1\n", &w, CAP, 2, 1);
    dyng_el_read_options ob = d;
    ob.one_based = true;
    el_case("one-based zero", "1 2\n0 1\n", &ob, FF, 2, 1);
    el_case("one-based zero target", "1 2\n1 0\n", &ob, FF, 2, 3);
    el_case("one-based int32 max", "2147483648 1\n", &ob, DYNG_OK, 0, 0);
    el_case("one-based int32 past", "2147483649 1\n", &ob, CAP, 1, 1);

    /* weights */
    el_case("fraction", "0 1 2.5\n", &d, FF, 1, 5);
    el_case("weight past int32", "0 1 7\n0 1 2147483648\n", &d, FF, 2, 5);
    el_case("weight past int32 negative", "0 1 -2147483649\n", &d, FF, 1, 5);
    el_case("weight garbage", "0 1 abc\n", &d, FF, 1, 5);
    el_case("weight glued garbage", "0 1 5x\n", &d, FF, 1, 5);
    el_case("weight real garbage", "0 1 1e\n", &d, FF, 1, 5);
    el_case("fewer weights", "0 1 5 6\n1 2 7\n", &d, FF, 2, 6);
    el_case("fewer weights, CRLF", "0 1 5 6\r\n1 2 7\r\n", &d, FF, 2, 6);
    el_case("more weights", "0 1 5\n1 2 7 8\n", &d, FF, 2, 7);
    el_case("more weights after comment lines", "# a\n\n0 1 5\n% b\n1 2 7 8\n", &d, FF, 5, 7);
    el_case("no weights, then some", "0 1\n1 2 7\n", &d, FF, 2, 5);
    dyng_el_read_options k2 = d;
    k2.num_weights = 2;
    el_case("num_weights 2, one given", "0 1 5 6\n1 2 7\n", &k2, FF, 2, 6);
    el_case("num_weights 2, none given", "0 1\n", &k2, FF, 1, 4);
    el_case("num_weights 2, extra ignored", "0 1 5 6 x y z\n", &k2, DYNG_OK, 0, 0);
    el_case("num_weights 2, bad weight", "0 1 5 q\n", &k2, FF, 1, 7);
    dyng_el_read_options k0 = d;
    k0.num_weights = 0;
    el_case("num_weights 0, extra ignored", "0 1 1234567 x y\n3 4,zz\n5 6\n", &k0, DYNG_OK, 0, 0);
    el_case("num_weights 0, bad id", "0 1 1234567 x y\n3 4z\n", &k0, FF, 2, 3);
    {
        char many[1024];
        size_t at = (size_t)sprintf(many, "0 1");
        for (int j = 0; j < 65; j++)
            at += (size_t)sprintf(many + at, " %d", j);
        sprintf(many + at, "\n");
        el_case("65 weight columns", many, &d, FF, 1, 3 + 2 * 10 + 3 * 54 + 2);
        many[at - 3] = '\0'; /* 64 */
        el_case("64 weight columns", many, &d, DYNG_OK, 0, 0);
    }

    /* separators */
    el_case("empty field", "0,,1\n", &d, FF, 1, 3);
    el_case("trailing comma", "0,1,\n", &d, FF, 1, 5);
    el_case("trailing comma, blanks", "0, 1,  \n", &d, FF, 1, 8);
    el_case("leading comma", "0,1\n,0,1\n", &d, FF, 2, 1);
    el_case("comma then comment", "0,1, # x\n", &d, FF, 1, 6);
    el_case("comma, weights", "0, 1, 5\n2 ,3 ,6\n4\t,\t5,7\n", &d, DYNG_OK, 0, 0);

    /* policies */
    dyng_el_read_options le = d;
    le.on_self_loop = DYNG_SELF_LOOP_ERROR;
    el_case("self-loop error", "0 1\n 2 2\n", &le, FF, 2, 2);
    el_case("self-loop error, one-based", "1 2\n3 3\n", &le, FF, 2, 1);
    dyng_el_read_options de = d;
    de.on_duplicate = DYNG_DUPLICATE_ERROR;
    el_case("duplicate error", "0 1\n1 2\n# c\n0 1\n", &de, FF, 4, 1);
    el_case("reversed is no duplicate", "0 1\n1 0\n", &de, DYNG_OK, 0, 0);
    dyng_el_read_options dl = de;
    dl.on_self_loop = DYNG_SELF_LOOP_DROP;
    el_case("duplicate error after dropped loops", "0 1\n3 3\n1 1\n  1 2\n3 3\n 1 2\n", &dl, FF, 6,
            2);
    dl.compact_ids = true;
    el_case("duplicate error, compacted", "10 20\n20 30\n  10 20\n", &dl, FF, 3, 3);
    {
        write_text("el_tmp_dup.txt", "0 1\n3 3\n1 1\n  1 2\n3 3\n 1 2\n");
        dyng_edge_arrays a;
        CHECK_STATUS(dyng_el_read_arrays(&a, "el_tmp_dup.txt", &de, NULL), FF);
        CHECK(strstr(dyng_error_message(), "line 2") != NULL); /* (3, 3) of line 5 */
        dl.compact_ids = false;
        CHECK_STATUS(dyng_el_read_arrays(&a, "el_tmp_dup.txt", &dl, NULL), FF);
        CHECK(strstr(dyng_error_message(), "line 4") != NULL); /* (1, 2) of line 6 */
    }

    /* gzip: truncated, corrupt; a missing file */
    const char *ok = "0 1 5\n1 2 6\n2 3 7\n3 4 8\n4 5 9\n5 6 10\n";
    write_gz("el_tmp_ok.txt.gz", ok, strlen(ok));
    size_t n = 0;
    char *gz = slurp("el_tmp_ok.txt.gz", &n);
    REQUIRE_OK(gz != NULL ? DYNG_OK : DYNG_INTERNAL);
    /* a stream error is reported where the text had got to: here nothing
     * was decompressed yet */
    {
        FILE *f = fopen("el_tmp_trunc.txt.gz", "wb");
        REQUIRE_OK(f != NULL && fwrite(gz, 1, n - 12, f) == n - 12 && fclose(f) == 0
                       ? DYNG_OK
                       : DYNG_INTERNAL);
        dyng_edge_arrays t;
        CHECK_STATUS(dyng_el_read_arrays(&t, "el_tmp_trunc.txt.gz", &d, NULL), FF);
        int64_t tl = 0, tc = 0;
        dyng_error_location(NULL, &tl, &tc); /* within the 6 lines, where zlib stopped */
        CHECK(tl >= 1 && tl <= 7 && tc >= 1);
    }
    el_case_n("only the gzip magic", gz, 2, &d, FF, 1, 1);
    gz[n / 2] ^= 0x55;
    gz[n / 2 + 1] ^= 0x55;
    el_case_n("corrupt gzip", gz, n, &d, FF, 1, 1);
    free(gz);
    {
        /* ... and in a long file cut in the middle, some way into it */
        size_t cap = 200000, len = 0;
        char *text = malloc(cap);
        REQUIRE_OK(text != NULL ? DYNG_OK : DYNG_INTERNAL);
        for (int i = 0; len + 40 < cap; i++)
            len += (size_t)snprintf(text + len, cap - len, "%d %d %d\n", i * 7919 % 100003,
                                    i * 104729 % 100019, i % 97 + 1);
        write_gz("el_tmp_long.txt.gz", text, len);
        char *lz = slurp("el_tmp_long.txt.gz", &n);
        REQUIRE_OK(lz != NULL ? DYNG_OK : DYNG_INTERNAL);
        FILE *f = fopen("el_tmp_cut.txt.gz", "wb");
        REQUIRE_OK(f != NULL && fwrite(lz, 1, n / 2, f) == n / 2 && fclose(f) == 0 ? DYNG_OK
                                                                                   : DYNG_INTERNAL);
        dyng_edge_arrays cut;
        CHECK_STATUS(dyng_el_read_arrays(&cut, "el_tmp_cut.txt.gz", &d, NULL), FF);
        int64_t cl = 0, cc = 0;
        dyng_error_location(NULL, &cl, &cc);
        CHECK(cl > 100 && cc >= 1 && strstr(dyng_error_message(), "truncated gzip data") != NULL);
        free(lz);
        free(text);
    }
    dyng_edge_arrays a;
    CHECK_STATUS(dyng_el_read_arrays(&a, "el_tmp_missing.txt", NULL, NULL), FF);
    CHECK(arrays_zeroed(&a));
    const char *bad = "0 1\n1 2\n2 x\n";
    write_gz("el_tmp_badline.txt.gz", bad, strlen(bad));
    CHECK_STATUS(dyng_el_read_arrays(&a, "el_tmp_badline.txt.gz", NULL, NULL), FF);
    int64_t l, c;
    dyng_error_location(NULL, &l, &c);
    CHECK(l == 3 && c == 3);

    /* bad options */
    dyng_el_read_options bo = d;
    bo.num_weights = 65;
    CHECK_STATUS(dyng_el_read_arrays(&a, "el_tmp_ok.txt.gz", &bo, NULL), DYNG_INVALID_ARGUMENT);
    bo = d;
    bo.num_weights = -2;
    CHECK_STATUS(dyng_el_read_arrays(&a, "el_tmp_ok.txt.gz", &bo, NULL), DYNG_INVALID_ARGUMENT);
    bo = d;
    bo.on_self_loop = (dyng_on_self_loop)7;
    CHECK_STATUS(dyng_el_read_arrays(&a, "el_tmp_ok.txt.gz", &bo, NULL), DYNG_INVALID_ARGUMENT);
    bo = d;
    bo.on_duplicate = (dyng_on_duplicate)3;
    CHECK_STATUS(dyng_el_read_arrays(&a, "el_tmp_ok.txt.gz", &bo, NULL), DYNG_INVALID_ARGUMENT);
    bo = d;
    bo.vertex_type = (dyng_type)9;
    CHECK_STATUS(dyng_el_read_arrays(&a, "el_tmp_ok.txt.gz", &bo, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_el_read_arrays(NULL, "el_tmp_ok.txt.gz", NULL, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_el_read_arrays(&a, NULL, NULL, NULL), DYNG_INVALID_ARGUMENT);
    CHECK(arrays_zeroed(&a));
}

/* ------------------------------------------------------------------------ */
/* Valid files                                                              */
/* ------------------------------------------------------------------------ */

static void test_reading(void) {
    dyng_el_read_options d = defaults();
    dyng_edge_arrays a;

    /* empty, comment-only, blank-only files: no vertices */
    const char *empties[] = {"", "# nothing\n% at all\n", "\n\n  \n\t\r\n", "# no newline"};
    for (int i = 0; i < 4; i++) {
        read_text(&a, empties[i], &d);
        CHECK(a.num_vertices == 0 && a.num_edges == 0 && a.num_weights == 0);
        CHECK(a.field == DYNG_MM_PATTERN && a.symmetry == DYNG_MM_GENERAL);
        dyng_edge_arrays_free(&a);
    }
    dyng_el_read_options k3 = d;
    k3.num_weights = 3;
    read_text(&a, "# header only\n", &k3);
    CHECK(a.num_edges == 0 && a.num_weights == 3 && a.field == DYNG_MM_INTEGER);
    dyng_edge_arrays_free(&a);

    /* SNAP: comments, tabs, CRLF, trailing comments, blank lines, no final newline */
    {
        read_text(&a,
                  "# Directed graph: example.txt\n# FromNodeId\tToNodeId\n0\t1\n0\t3\r\n\n"
                  "3 2 # a note\n  7   0  \n2\t2",
                  &d);
        int64_t s[] = {0, 0, 3, 7, 2}, t[] = {1, 3, 2, 0, 2};
        CHECK(arrays_are(&a, 8, 5, s, t, 0, NULL));
        CHECK(a.vertex_type == DYNG_TYPE_INT32 && a.field == DYNG_MM_PATTERN);
        dyng_edge_arrays_free(&a);
    }
    /* TUDataset: "u, v", 1-based */
    {
        dyng_el_read_options ob = d;
        ob.one_based = true;
        read_text(&a, "1, 2\n2, 3\n3, 1\n5, 4\n", &ob);
        int64_t s[] = {0, 1, 2, 4}, t[] = {1, 2, 0, 3};
        CHECK(arrays_are(&a, 5, 4, s, t, 0, NULL));
        dyng_edge_arrays_free(&a);
    }
    /* weights: ints, signs, integral reals, extremes, CRLF, commas */
    {
        read_text(&a,
                  "0 1 5 -6\n1,2,3.0,1e3\r\n2 0 -2147483648 2147483647 # x\n"
                  "3\t4\t+7\t0.25e2\n",
                  &d);
        int64_t s[] = {0, 1, 2, 3}, t[] = {1, 2, 0, 4};
        int32_t w[] = {5, -6, 3, 1000, INT32_MIN, INT32_MAX, 7, 25};
        CHECK(arrays_are(&a, 5, 4, s, t, 2, w));
        CHECK(a.field == DYNG_MM_INTEGER);
        dyng_edge_arrays_free(&a);
    }
    /* num_weights 1 of a 3-column file; 0 of a weighted one */
    {
        dyng_el_read_options k1 = d;
        k1.num_weights = 1;
        read_text(&a, "0 1 5 6 7\n1 2 8 9\n", &k1);
        int64_t s[] = {0, 1}, t[] = {1, 2};
        int32_t w[] = {5, 8};
        CHECK(arrays_are(&a, 3, 2, s, t, 1, w));
        dyng_edge_arrays_free(&a);
        dyng_el_read_options k0 = d;
        k0.num_weights = 0;
        read_text(&a, "0 1 5 6 7\n1 2 1.5 garbage\n", &k0);
        CHECK(arrays_are(&a, 3, 2, s, t, 0, NULL));
        dyng_edge_arrays_free(&a);
    }
    /* int32 ids up to INT32_MAX; int64 and auto */
    {
        read_text(&a, "2147483647 0\n", &d);
        int64_t s[] = {INT32_MAX}, t[] = {0};
        CHECK(arrays_are(&a, (int64_t)INT32_MAX + 1, 1, s, t, 0, NULL));
        dyng_edge_arrays_free(&a);
        dyng_el_read_options au = d;
        au.vertex_type = DYNG_TYPE_NONE;
        read_text(&a, "0 1 4\n5 9 1\n", &au);
        CHECK(a.vertex_type == DYNG_TYPE_INT32 && a.num_vertices == 10);
        dyng_edge_arrays_free(&a);
        read_text(&a, "0 1 4\n5 3000000000 1\n6 7 2\n", &au);
        int64_t s2[] = {0, 5, 6}, t2[] = {1, 3000000000LL, 7};
        int32_t w2[] = {4, 1, 2};
        CHECK(a.vertex_type == DYNG_TYPE_INT64);
        CHECK(arrays_are(&a, 3000000001LL, 3, s2, t2, 1, w2));
        dyng_edge_arrays_free(&a);
        /* auto still reports what int64 cannot hold, and other errors */
        el_case("auto, int64 overflow", "0 3000000000\n1 99999999999999999999\n", &au, CAP, 2, 3);
        el_case("auto, garbage after wide", "0 3000000000\n1 x\n", &au, FF, 2, 3);
    }
    /* self-loops dropped: their ids do not count */
    {
        dyng_el_read_options ld = d;
        ld.on_self_loop = DYNG_SELF_LOOP_DROP;
        read_text(&a, "0 1 1\n9 9 2\n1 0 3\n", &ld);
        int64_t s[] = {0, 1}, t[] = {1, 0};
        int32_t w[] = {1, 3};
        CHECK(arrays_are(&a, 2, 2, s, t, 1, w));
        dyng_edge_arrays_free(&a);
    }
    /* duplicates dropped: the first stays, with its weights */
    {
        dyng_el_read_options dd = d;
        dd.on_duplicate = DYNG_DUPLICATE_DROP;
        read_text(&a, "0 1 5\n0 1 6\n1 0 7\n2 1 8\n1 0 9\n0 1 10\n", &dd);
        int64_t s[] = {0, 1, 2}, t[] = {1, 0, 1};
        int32_t w[] = {5, 7, 8};
        CHECK(arrays_are(&a, 3, 3, s, t, 1, w));
        dyng_edge_arrays_free(&a);
    }
    /* compaction: dense and sparse ids, one-based, the original ids */
    {
        dyng_el_read_options cp = d;
        cp.compact_ids = true;
        int64_t *ids = NULL;
        write_text("el_tmp_c.txt", "10 20 1\n20 5 2\n5 10 3\n");
        CHECK_OK(dyng_el_read_arrays_ids(&a, &ids, "el_tmp_c.txt", &cp, NULL));
        int64_t s[] = {1, 2, 0}, t[] = {2, 0, 1};
        int32_t w[] = {1, 2, 3};
        CHECK(arrays_are(&a, 3, 3, s, t, 1, w));
        CHECK(a.vertex_type == DYNG_TYPE_INT32);
        CHECK(ids != NULL && ids[0] == 5 && ids[1] == 10 && ids[2] == 20);
        dyng_el_ids_free(&ids);
        CHECK(ids == NULL);
        dyng_edge_arrays_free(&a);

        write_text("el_tmp_c.txt", "1000000000000 3\n3 7\n7 1000000000000\n");
        CHECK_OK(dyng_el_read_arrays_ids(&a, &ids, "el_tmp_c.txt", &cp, NULL));
        int64_t s2[] = {2, 0, 1}, t2[] = {0, 1, 2};
        CHECK(arrays_are(&a, 3, 3, s2, t2, 0, NULL));
        CHECK(a.vertex_type == DYNG_TYPE_INT32);
        CHECK(ids != NULL && ids[0] == 3 && ids[1] == 7 && ids[2] == 1000000000000LL);
        dyng_el_ids_free(&ids);
        dyng_edge_arrays_free(&a);

        cp.one_based = true;
        cp.vertex_type = DYNG_TYPE_INT64;
        write_text("el_tmp_c.txt", "11 21\n21 11\n");
        CHECK_OK(dyng_el_read_arrays_ids(&a, &ids, "el_tmp_c.txt", &cp, NULL));
        int64_t s3[] = {0, 1}, t3[] = {1, 0};
        CHECK(arrays_are(&a, 2, 2, s3, t3, 0, NULL));
        CHECK(a.vertex_type == DYNG_TYPE_INT64);
        CHECK(ids != NULL && ids[0] == 11 && ids[1] == 21);
        dyng_el_ids_free(&ids);
        dyng_edge_arrays_free(&a);

        /* without compaction no ids; an empty file compacts to nothing */
        CHECK_OK(dyng_el_read_arrays_ids(&a, &ids, "el_tmp_c.txt", &d, NULL));
        CHECK(ids == NULL && a.num_vertices == 22);
        dyng_edge_arrays_free(&a);
        write_text("el_tmp_c.txt", "# empty\n");
        CHECK_OK(dyng_el_read_arrays_ids(&a, &ids, "el_tmp_c.txt", &cp, NULL));
        CHECK(a.num_vertices == 0 && a.num_edges == 0);
        dyng_el_ids_free(&ids);
        dyng_edge_arrays_free(&a);
        /* compaction makes huge ids fit int32; with drop policies too */
        cp.one_based = false;
        cp.vertex_type = DYNG_TYPE_INT32;
        cp.on_self_loop = DYNG_SELF_LOOP_DROP;
        cp.on_duplicate = DYNG_DUPLICATE_DROP;
        write_text("el_tmp_c.txt", "9000000000000000000 5\n4 4\n5 9000000000000000000\n"
                                   "9000000000000000000 5\n");
        CHECK_OK(dyng_el_read_arrays(&a, "el_tmp_c.txt", &cp, NULL));
        int64_t s4[] = {1, 0}, t4[] = {0, 1};
        CHECK(arrays_are(&a, 2, 2, s4, t4, 0, NULL));
        dyng_edge_arrays_free(&a);
    }
    /* gzip by content: a .gz name or not */
    {
        const char *text = "# g\n0 1 5\n1 2 6\n";
        write_gz("el_tmp_gz.txt.gz", text, strlen(text));
        write_gz("el_tmp_gz_plain_name.txt", text, strlen(text));
        dyng_edge_arrays b;
        CHECK_OK(dyng_el_read_arrays(&a, "el_tmp_gz.txt.gz", NULL, NULL));
        CHECK_OK(dyng_el_read_arrays(&b, "el_tmp_gz_plain_name.txt", NULL, NULL));
        int64_t s[] = {0, 1}, t[] = {1, 2};
        int32_t w[] = {5, 6};
        CHECK(arrays_are(&a, 3, 2, s, t, 1, w));
        CHECK(same_arrays(&a, &b));
        dyng_edge_arrays_free(&a);
        dyng_edge_arrays_free(&b);
    }
}

/* ------------------------------------------------------------------------ */
/* Writing and round trips                                                  */
/* ------------------------------------------------------------------------ */

static void round_trip(dyng_type t, int k, const char *path) {
    const int64_t m = 5000, n = 1000;
    size_t es = dyng_type_size(t);
    dyng_edge_arrays a;
    memset(&a, 0, sizeof a);
    a.vertex_type = t;
    a.num_weights = k;
    a.num_vertices = n;
    a.num_edges = m;
    a.src = malloc((size_t)m * es);
    a.dst = malloc((size_t)m * es);
    a.weights = k > 0 ? malloc((size_t)m * (size_t)k * 4) : NULL;
    a.field = k > 0 ? DYNG_MM_INTEGER : DYNG_MM_PATTERN;
    a.symmetry = DYNG_MM_GENERAL;
    uint64_t x = 0x2545F4914F6CDD1DULL;
    for (int64_t e = 0; e < m; e++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        int64_t u = e == 0 ? n - 1 : (int64_t)(x % (uint64_t)n);
        int64_t v = (int64_t)((x >> 21) % (uint64_t)n);
        if (t == DYNG_TYPE_INT64) {
            ((int64_t *)a.src)[e] = u;
            ((int64_t *)a.dst)[e] = v;
        } else {
            ((int32_t *)a.src)[e] = (int32_t)u;
            ((int32_t *)a.dst)[e] = (int32_t)v;
        }
        for (int j = 0; j < k; j++)
            a.weights[e * k + j] = e == 1 ? (j % 2 ? INT32_MIN : INT32_MAX)
                                          : (int32_t)((x >> (j + 3)) % 2000001) - 1000000;
    }
    CHECK_OK(dyng_el_write_arrays(path, &a));
    dyng_el_read_options o = defaults();
    o.vertex_type = t;
    dyng_edge_arrays b;
    CHECK_OK(dyng_el_read_arrays(&b, path, &o, NULL));
    CHECK(same_arrays(&a, &b));
    /* written again: the same bytes (plain files) */
    if (strstr(path, ".gz") == NULL) {
        CHECK_OK(dyng_el_write_arrays("el_tmp_again.txt", &b));
        size_t n1 = 0, n2 = 0;
        char *t1 = slurp(path, &n1), *t2 = slurp("el_tmp_again.txt", &n2);
        CHECK(t1 != NULL && t2 != NULL && n1 == n2 && memcmp(t1, t2, n1) == 0);
        free(t1);
        free(t2);
    }
    dyng_edge_arrays_free(&b);
    free(a.src);
    free(a.dst);
    free(a.weights);
}

static void test_writing(void) {
    round_trip(DYNG_TYPE_INT32, 0, "el_tmp_rt0.txt");
    round_trip(DYNG_TYPE_INT32, 3, "el_tmp_rt3.txt");
    round_trip(DYNG_TYPE_INT64, 1, "el_tmp_rt1.txt");
    round_trip(DYNG_TYPE_INT32, 2, "el_tmp_rt2.txt.gz");
    {
        size_t n = 0;
        char *gz = slurp("el_tmp_rt2.txt.gz", &n);
        CHECK(gz != NULL && n > 2 && (unsigned char)gz[0] == 0x1f && (unsigned char)gz[1] == 0x8b);
        free(gz);
    }
    /* the layout */
    {
        int32_t s[] = {0, 2}, t[] = {1, 0}, w[] = {5, -6, 7, 8};
        dyng_edge_arrays a = {DYNG_TYPE_INT32, 2, 4, 2, s, t, w, DYNG_MM_INTEGER, DYNG_MM_GENERAL};
        CHECK_OK(dyng_el_write_arrays("el_tmp_layout.txt", &a));
        size_t n = 0;
        char *text = slurp("el_tmp_layout.txt", &n);
        CHECK(text != NULL &&
              strcmp(text, "# dynG edge list: 4 vertices, 2 edges, 2 weights\n0\t1\t5\t-6\n"
                           "2\t0\t7\t8\n") == 0);
        free(text);
        /* invalid arrays: no file */
        remove("el_tmp_invalid.txt");
        s[1] = 4;
        CHECK_STATUS(dyng_el_write_arrays("el_tmp_invalid.txt", &a), DYNG_INVALID_ARGUMENT);
        s[1] = -1;
        CHECK_STATUS(dyng_el_write_arrays("el_tmp_invalid.txt", &a), DYNG_INVALID_ARGUMENT);
        s[1] = 2;
        a.weights = NULL;
        CHECK_STATUS(dyng_el_write_arrays("el_tmp_invalid.txt", &a), DYNG_INVALID_ARGUMENT);
        a.weights = w;
        a.num_weights = 65;
        CHECK_STATUS(dyng_el_write_arrays("el_tmp_invalid.txt", &a), DYNG_INVALID_ARGUMENT);
        a.num_weights = 2;
        a.vertex_type = DYNG_TYPE_NONE;
        CHECK_STATUS(dyng_el_write_arrays("el_tmp_invalid.txt", &a), DYNG_INVALID_ARGUMENT);
        FILE *f = fopen("el_tmp_invalid.txt", "rb");
        CHECK(f == NULL);
        if (f != NULL)
            fclose(f);
        a.vertex_type = DYNG_TYPE_INT32;
        CHECK_STATUS(dyng_el_write_arrays("el_tmp_no_such_dir/x.txt", &a), FF);
    }
}

/* ------------------------------------------------------------------------ */
/* Graphs                                                                   */
/* ------------------------------------------------------------------------ */

static void test_graph(void) {
    write_text("el_tmp_g.txt", "# g\n0 1 3\n1 2 4\n2 3 5\n0 3 20\n3 4 1\n");
    dyng_graph *g = NULL;
    CHECK_OK(dyng_el_read_graph(&g, "el_tmp_g.txt", NULL, NULL, NULL));
    dyng_graph_properties p;
    int64_t n = 0, m = 0;
    CHECK_OK(dyng_graph_properties_of(&p, g));
    CHECK_OK(dyng_graph_num_vertices(&n, g));
    CHECK_OK(dyng_graph_num_edges(&m, g));
    CHECK(p.directed && p.num_weights == 1 && p.vertex_type == DYNG_TYPE_INT32);
    CHECK(n == 5 && m == 5);
    CHECK_OK(dyng_graph_check(g));

    /* written and read back: the same edges */
    CHECK_OK(dyng_el_write_graph(g, "el_tmp_g2.txt.gz"));
    dyng_graph *h = NULL;
    CHECK_OK(dyng_el_read_graph(&h, "el_tmp_g2.txt.gz", NULL, NULL, NULL));
    int32_t s1[5], t1[5], w1[5], s2[5], t2[5], w2[5];
    CHECK_OK(dyng_graph_to_edges(g, s1, t1, w1));
    CHECK_OK(dyng_graph_to_edges(h, s2, t2, w2));
    CHECK(memcmp(s1, s2, sizeof s1) == 0 && memcmp(t1, t2, sizeof t1) == 0 &&
          memcmp(w1, w2, sizeof w1) == 0);
    dyng_graph_free(&h);
    dyng_graph_free(&g);

    /* the header line records the direction: without properties, a graph
     * written undirected reads back undirected (its edges once, u <= v, and
     * the duplicate policies compare unordered pairs); given properties
     * decide; a line without a direction reads directed */
    for (int directed = 0; directed < 2; directed++) {
        dyng_graph_properties q;
        dyng_properties_default(&q);
        q.directed = directed;
        const int32_t us[] = {0, 1, 2, 3}, vs[] = {1, 2, 0, 4};
        REQUIRE_OK(dyng_graph_from_edges(&g, &q, 5, 4, us, vs, NULL, NULL));
        CHECK_OK(dyng_el_write_graph(g, "el_tmp_dir.txt"));
        size_t len = 0;
        char *text = slurp("el_tmp_dir.txt", &len);
        const char *line = directed
                               ? "# dynG edge list: 5 vertices, 4 edges, 0 weights, directed\n"
                               : "# dynG edge list: 5 vertices, 4 edges, 0 weights, undirected\n";
        CHECK(text != NULL && strncmp(text, line, strlen(line)) == 0);
        if (text != NULL && strncmp(text, line, strlen(line)) != 0)
            fprintf(stderr, "written: %.80s\n", text);
        free(text);
        CHECK_OK(dyng_el_read_graph(&h, "el_tmp_dir.txt", NULL, NULL, NULL));
        dyng_graph_properties ph;
        int64_t nh = 0, mh = 0;
        int32_t sg[4], tg[4], sh[4], th[4];
        CHECK_OK(dyng_graph_properties_of(&ph, h));
        CHECK_OK(dyng_graph_num_vertices(&nh, h));
        CHECK_OK(dyng_graph_num_edges(&mh, h));
        CHECK(ph.directed == (directed != 0) && nh == 5 && mh == 4);
        CHECK_OK(dyng_graph_to_edges(g, sg, tg, NULL));
        CHECK_OK(dyng_graph_to_edges(h, sh, th, NULL));
        CHECK(memcmp(sg, sh, sizeof sg) == 0 && memcmp(tg, th, sizeof tg) == 0);
        dyng_graph_free(&h);
        dyng_properties_default(&q);
        q.directed = !directed; /* given properties are used as they are */
        CHECK_OK(dyng_el_read_graph(&h, "el_tmp_dir.txt", NULL, &q, NULL));
        CHECK_OK(dyng_graph_properties_of(&p, h));
        CHECK(p.directed == !directed);
        dyng_graph_free(&h);
        dyng_graph_free(&g);
    }
    write_text("el_tmp_dir.txt", "# dynG edge list: 3 vertices, 2 edges, 0 weights, undirected\n"
                                 "0 1\n1 0\n");
    dyng_el_read_options dup = defaults();
    dup.on_duplicate = DYNG_DUPLICATE_ERROR;
    CHECK_STATUS(dyng_el_read_graph(&g, "el_tmp_dir.txt", &dup, NULL, NULL), FF);
    CHECK(g == NULL);
    dyng_edge_arrays arrays; /* arrays keep ordered pairs: no duplicate */
    CHECK_OK(dyng_el_read_arrays(&arrays, "el_tmp_dir.txt", &dup, NULL));
    dyng_edge_arrays_free(&arrays);
    write_text("el_tmp_dir.txt", "# dynG edge list: 3 vertices, 1 edges, 0 weights\n0 1\n");
    CHECK_OK(dyng_el_read_graph(&g, "el_tmp_dir.txt", NULL, NULL, NULL));
    CHECK_OK(dyng_graph_properties_of(&p, g));
    CHECK(p.directed);
    dyng_graph_free(&g);

    /* given properties: undirected, unweighted read (num_weights 0) */
    dyng_graph_properties q;
    dyng_properties_default(&q);
    q.directed = false;
    q.num_weights = 3; /* ignored: the options say */
    dyng_el_read_options o = defaults();
    o.num_weights = 0;
    CHECK_OK(dyng_el_read_graph(&g, "el_tmp_g.txt", &o, &q, NULL));
    CHECK_OK(dyng_graph_properties_of(&p, g));
    CHECK_OK(dyng_graph_num_entries(&m, g));
    CHECK(!p.directed && p.num_weights == 0 && m == 10);
    dyng_graph_free(&g);

    /* undirected: (1, 0) duplicates (0, 1) */
    write_text("el_tmp_g3.txt", "0 1\n1 2\n1 0\n");
    o = defaults();
    o.on_duplicate = DYNG_DUPLICATE_ERROR;
    CHECK_STATUS(dyng_el_read_graph(&g, "el_tmp_g3.txt", &o, &q, NULL), FF);
    int64_t l, c;
    dyng_error_location(NULL, &l, &c);
    CHECK(l == 3 && c == 1 && g == NULL);
    CHECK_OK(dyng_el_read_graph(&g, "el_tmp_g3.txt", &o, NULL, NULL)); /* directed: fine */
    dyng_graph_free(&g);
    o.on_duplicate = DYNG_DUPLICATE_DROP;
    CHECK_OK(dyng_el_read_graph(&g, "el_tmp_g3.txt", &o, &q, NULL));
    CHECK_OK(dyng_graph_num_edges(&m, g));
    CHECK(m == 2);
    dyng_graph_free(&g);

    /* int64 ids: offsets widen */
    o = defaults();
    o.vertex_type = DYNG_TYPE_INT64;
    CHECK_OK(dyng_el_read_graph(&g, "el_tmp_g.txt", &o, NULL, NULL));
    CHECK_OK(dyng_graph_properties_of(&p, g));
    CHECK(p.vertex_type == DYNG_TYPE_INT64 && p.offset_type == DYNG_TYPE_INT64);
    dyng_graph_free(&g);

    /* an id past int32: the location; compacted it fits */
    write_text("el_tmp_g4.txt", "0 3000000000 1\n");
    CHECK_STATUS(dyng_el_read_graph(&g, "el_tmp_g4.txt", NULL, NULL, NULL), CAP);
    dyng_error_location(NULL, &l, &c);
    CHECK(l == 1 && c == 3 && g == NULL);
    o = defaults();
    o.compact_ids = true;
    CHECK_OK(dyng_el_read_graph(&g, "el_tmp_g4.txt", &o, NULL, NULL));
    CHECK_OK(dyng_graph_num_vertices(&n, g));
    CHECK(n == 2);
    dyng_graph_free(&g);
    CHECK_STATUS(dyng_el_read_graph(NULL, "el_tmp_g4.txt", NULL, NULL, NULL),
                 DYNG_INVALID_ARGUMENT);
    /* bad properties are refused before the file is read */
    dyng_properties_default(&q);
    q.order = (dyng_row_order)9;
    CHECK_STATUS(dyng_el_read_graph(&g, "el_tmp_missing.txt", NULL, &q, NULL),
                 DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    o = defaults();
    o.num_weights = 70;
    CHECK_STATUS(dyng_el_read_graph(&g, "el_tmp_g4.txt", &o, NULL, NULL), DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "dyng_el_read_graph") != NULL);
}

/* ------------------------------------------------------------------------ */
/* Parallel reading                                                         */
/* ------------------------------------------------------------------------ */

typedef struct edge_key {
    int64_t s, d, e;
} edge_key;

static int compare_keys(const void *a, const void *b) {
    const edge_key *x = a, *y = b;
    if (x->s != y->s)
        return x->s < y->s ? -1 : 1;
    if (x->d != y->d)
        return x->d < y->d ? -1 : 1;
    return x->e < y->e ? -1 : x->e > y->e;
}

static void test_parallel(void) {
    const int64_t m = 400000, n = 50000;
    const int k = 2;
    size_t cap = (size_t)m * 64 + 256, len = 0;
    char *text = malloc(cap);
    int64_t *src = malloc((size_t)m * 8), *dst = malloc((size_t)m * 8);
    int32_t *w = malloc((size_t)m * 4 * k);
    len += (size_t)sprintf(text, "# generated\n%% also a comment\n");
    uint64_t x = 88172645463325252ULL;
    static const char *const formats[6] = {"%lld %lld %d %d\n",      "%lld\t%lld\t%d\t%d\r\n",
                                           "%lld,%lld,%d,%d\n",      "%lld, %lld, %d, %d\n",
                                           "  %lld  %lld %d %d  \n", "%lld %lld %d %d # c\n"};
    for (int64_t e = 0; e < m; e++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        src[e] = (int64_t)(x % (uint64_t)n) * 3; /* every third id: compaction has work */
        dst[e] = e % 11 == 0 ? src[e] : (int64_t)((x >> 20) % (uint64_t)n) * 3;
        if (e % 13 == 5) { /* a duplicate of an earlier edge */
            src[e] = src[e / 2];
            dst[e] = dst[e / 2];
        }
        w[e * k] = (int32_t)((x >> 40) % 2000001) - 1000000;
        w[e * k + 1] = (int32_t)(x >> 33);
        if (e % 1000 == 999)
            len += (size_t)sprintf(text + len, "# comment %lld\n\n", (long long)e);
        len += (size_t)sprintf(text + len, formats[e % 6], (long long)src[e], (long long)dst[e],
                               w[e * k], w[e * k + 1]);
    }
    write_bytes("el_tmp_par.txt", text, len);
    dyng_resources *r1 = threads(1), *r2 = threads(2);
    /* repeat[e]: (src[e], dst[e]) is an earlier edge's pair (by sorting) */
    bool *repeat = calloc((size_t)m, sizeof *repeat);
    {
        edge_key *keys = malloc((size_t)m * sizeof *keys);
        for (int64_t e = 0; e < m; e++)
            keys[e] = (edge_key){src[e], dst[e], e};
        qsort(keys, (size_t)m, sizeof *keys, compare_keys);
        for (int64_t i = 1; i < m; i++)
            repeat[keys[i].e] = keys[i].s == keys[i - 1].s && keys[i].d == keys[i - 1].d;
        free(keys);
    }

    /* as written */
    dyng_edge_arrays a1, a2;
    CHECK_OK(dyng_el_read_arrays(&a1, "el_tmp_par.txt", NULL, r1));
    CHECK_OK(dyng_el_read_arrays(&a2, "el_tmp_par.txt", NULL, r2));
    CHECK(same_arrays(&a1, &a2));
    int64_t max_id = 0;
    for (int64_t e = 0; e < m; e++) {
        max_id = src[e] > max_id ? src[e] : max_id;
        max_id = dst[e] > max_id ? dst[e] : max_id;
    }
    CHECK(arrays_are(&a1, max_id + 1, m, src, dst, k, w));
    dyng_edge_arrays_free(&a1);
    dyng_edge_arrays_free(&a2);

    /* every option, each thread count: identical */
    for (int variant = 0; variant < 4; variant++) {
        dyng_el_read_options o = defaults();
        o.compact_ids = variant % 2 == 1;
        o.on_self_loop = variant >= 2 ? DYNG_SELF_LOOP_DROP : DYNG_SELF_LOOP_KEEP;
        o.on_duplicate = variant >= 2 ? DYNG_DUPLICATE_DROP : DYNG_DUPLICATE_KEEP;
        o.vertex_type = variant == 3 ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
        int64_t *ids1 = NULL, *ids2 = NULL;
        CHECK_OK(dyng_el_read_arrays_ids(&a1, &ids1, "el_tmp_par.txt", &o, r1));
        CHECK_OK(dyng_el_read_arrays_ids(&a2, &ids2, "el_tmp_par.txt", &o, r2));
        CHECK(same_arrays(&a1, &a2));
        if (o.compact_ids) {
            CHECK(ids1 != NULL && ids2 != NULL &&
                  memcmp(ids1, ids2, (size_t)a1.num_vertices * 8) == 0);
            /* the ids map back to the file's */
            bool ok = true;
            for (int64_t e = 0, f = 0; e < m && ok && variant == 1; e++, f++)
                ok = ids1[id_at(a1.src, a1.vertex_type, f)] == src[e] &&
                     ids1[id_at(a1.dst, a1.vertex_type, f)] == dst[e];
            CHECK(ok);
            for (int64_t i = 1; i < a1.num_vertices; i++)
                ok = ok && ids1[i - 1] < ids1[i];
            CHECK(ok);
        }
        if (variant >= 2) { /* the reference: drop loops, then later copies */
            int64_t kept = 0;
            bool ok = true;
            for (int64_t e = 0; e < m && ok; e++) {
                if (src[e] == dst[e] || repeat[e])
                    continue;
                int64_t u = id_at(a1.src, a1.vertex_type, kept);
                int64_t v = id_at(a1.dst, a1.vertex_type, kept);
                if (o.compact_ids) {
                    u = ids1[u];
                    v = ids1[v];
                }
                ok = u == src[e] && v == dst[e] && a1.weights[kept * k] == w[e * k];
                kept++;
            }
            CHECK(ok);
        }
        dyng_el_ids_free(&ids1);
        dyng_el_ids_free(&ids2);
        dyng_edge_arrays_free(&a1);
        dyng_edge_arrays_free(&a2);
    }

    /* gzip: the same arrays */
    write_gz("el_tmp_par.txt.gz", text, len);
    CHECK_OK(dyng_el_read_arrays(&a1, "el_tmp_par.txt", NULL, r2));
    CHECK_OK(dyng_el_read_arrays(&a2, "el_tmp_par.txt.gz", NULL, r2));
    CHECK(same_arrays(&a1, &a2));
    dyng_edge_arrays_free(&a1);
    dyng_edge_arrays_free(&a2);

    /* errors late and early in a multi-chunk file: the earliest one wins */
    size_t at_late = len - 20, at_early = len / 3;
    while (text[at_late - 1] != '\n')
        at_late--;
    while (text[at_early - 1] != '\n')
        at_early--;
    while (text[at_early] == '#' || text[at_early] == '\n' || text[at_early] == ' ')
        at_early = (size_t)(strchr(text + at_early, '\n') - text) + 1;
    int64_t line_early = 1, line_late = 1;
    for (size_t i = 0; i < at_early; i++)
        line_early += text[i] == '\n';
    for (size_t i = 0; i < at_late; i++)
        line_late += text[i] == '\n';
    char saved_late = text[at_late], saved_early = text[at_early];
    text[at_late] = 'x';
    text[at_early] = '-';
    write_bytes("el_tmp_par_bad.txt", text, len);
    for (int t = 0; t < 2; t++) {
        dyng_edge_arrays b;
        CHECK_STATUS(dyng_el_read_arrays(&b, "el_tmp_par_bad.txt", NULL, t ? r2 : r1), FF);
        int64_t l, c;
        dyng_error_location(NULL, &l, &c);
        CHECK(l == line_early && c == 1);
        CHECK(arrays_zeroed(&b));
    }
    text[at_early] = saved_early;
    write_bytes("el_tmp_par_bad.txt", text, len);
    {
        dyng_edge_arrays b;
        CHECK_STATUS(dyng_el_read_arrays(&b, "el_tmp_par_bad.txt", NULL, r2), FF);
        int64_t l, c;
        dyng_error_location(NULL, &l, &c);
        CHECK(l == line_late && c == 1);
    }
    text[at_late] = saved_late;

    /* a duplicate error in a later chunk, with dropped self-loops before it */
    {
        dyng_el_read_options o = defaults();
        o.on_self_loop = DYNG_SELF_LOOP_DROP;
        o.on_duplicate = DYNG_DUPLICATE_ERROR;
        int64_t first = -1;
        for (int64_t e = 1; e < m && first < 0; e++)
            if (repeat[e] && src[e] != dst[e])
                first = e;
        /* the line of edge `first`: count data lines */
        int64_t line = 1, edge = -1;
        const char *p = text;
        for (; *p != '\0'; line++) {
            const char *q = p;
            while (*q == ' ')
                q++;
            if (*q != '#' && *q != '%' && *q != '\n' && ++edge == first)
                break;
            p = strchr(p, '\n') + 1;
        }
        for (int t = 0; t < 2; t++) {
            dyng_edge_arrays b;
            CHECK_STATUS(dyng_el_read_arrays(&b, "el_tmp_par.txt", &o, t ? r2 : r1), FF);
            int64_t l, c;
            dyng_error_location(NULL, &l, &c);
            CHECK(l == line);
            CHECK(arrays_zeroed(&b));
        }
    }

    /* interrupted: nothing returned; cleared: fine again */
    dyng_edge_arrays b;
    dyng_interrupt(r2);
    CHECK_STATUS(dyng_el_read_arrays(&b, "el_tmp_par.txt", NULL, r2), DYNG_INTERRUPTED);
    CHECK(arrays_zeroed(&b));
    dyng_interrupt_clear(r2);
    dyng_interrupt(NULL);
    CHECK_STATUS(dyng_el_read_arrays(&b, "el_tmp_par.txt", NULL, r1), DYNG_INTERRUPTED);
    dyng_interrupt_clear(NULL);
    CHECK_OK(dyng_el_read_arrays(&b, "el_tmp_par.txt", NULL, r2));
    dyng_edge_arrays_free(&b);

    dyng_resources_free(&r1);
    dyng_resources_free(&r2);
    free(repeat);
    free(text);
    free(src);
    free(dst);
    free(w);
}

/* ------------------------------------------------------------------------ */
/* Allocation failures                                                      */
/* ------------------------------------------------------------------------ */

static void test_brutal(void) {
    const char *text = "# b\n10 20 5\n20 10 6\n7 7 1\n10 20 9\n30 10 2\n";
    write_text("el_tmp_brutal.txt", text);
    write_gz("el_tmp_brutal.txt.gz", text, strlen(text));
    const char *paths[2] = {"el_tmp_brutal.txt", "el_tmp_brutal.txt.gz"};
    dyng_resources *r2 = threads(2);
    dyng_el_read_options o = defaults();
    o.compact_ids = true;
    o.on_self_loop = DYNG_SELF_LOOP_DROP;
    o.on_duplicate = DYNG_DUPLICATE_DROP;
    for (int f = 0; f < 2; f++) {
        for (int with_r = 0; with_r < 2; with_r++) {
            int64_t k;
            dyng_status st = DYNG_OUT_OF_MEMORY;
            for (k = 1; k < 1000 && st != DYNG_OK; k++) {
                dyng_edge_arrays a;
                int64_t *ids = NULL;
                dyng_testing_fail_allocation(k);
                st = dyng_el_read_arrays_ids(&a, &ids, paths[f], &o, with_r ? r2 : NULL);
                dyng_testing_fail_allocation(0);
                if (st != DYNG_OK) {
                    CHECK(st == DYNG_OUT_OF_MEMORY && arrays_zeroed(&a) && ids == NULL);
                } else {
                    CHECK(a.num_edges == 3 && a.num_vertices == 3 && ids != NULL && ids[2] == 30);
                }
                dyng_el_ids_free(&ids);
                dyng_edge_arrays_free(&a);
            }
            CHECK(st == DYNG_OK && k > 2);
        }
    }
    dyng_status st = DYNG_OUT_OF_MEMORY;
    for (int64_t k = 1; k < 1000 && st != DYNG_OK; k++) {
        dyng_graph *g = NULL;
        dyng_testing_fail_allocation(k);
        st = dyng_el_read_graph(&g, paths[1], &o, NULL, r2);
        dyng_testing_fail_allocation(0);
        CHECK(st == DYNG_OK || (st == DYNG_OUT_OF_MEMORY && g == NULL));
        if (st == DYNG_OK) {
            for (int64_t j = 1; j < 1000; j++) {
                dyng_testing_fail_allocation(j);
                dyng_status ws = dyng_el_write_graph(g, "el_tmp_brutal_w.txt.gz");
                dyng_testing_fail_allocation(0);
                CHECK(ws == DYNG_OK || ws == DYNG_OUT_OF_MEMORY);
                if (ws == DYNG_OK)
                    break;
            }
        }
        dyng_graph_free(&g);
    }
    CHECK(st == DYNG_OK);
    dyng_resources_free(&r2);
}

/* ------------------------------------------------------------------------ */
/* CR line ends and the writer's header line                                */
/* ------------------------------------------------------------------------ */

static void test_cr_and_header(void) {
    dyng_el_read_options d = defaults();
    /* a CR that ends no line: refused where it is, in any place of a line */
    el_case("CR line ends", "0 1\r1 2\r2 0\r", &d, FF, 1, 4);
    el_case("CR line ends, weights 0", "0 1\r1 2\r", &d, FF, 1, 4);
    el_case("CR line ends after a comment", "# c\r0 1\r", &d, FF, 1, 4);
    el_case("CR inside a comment", "0 1\n# a\rb\n1 2\n", &d, FF, 2, 4);
    el_case("CR at the end", "0 1\n1 2\r", &d, FF, 2, 4);
    el_case("CR between fields", "0 1\n1\r2\n", &d, FF, 2, 2);
    dyng_el_read_options k0 = d;
    k0.num_weights = 0; /* the columns after the ids are ignored, but not a CR there */
    el_case("CR in ignored columns", "0 1 x\ry\n", &k0, FF, 1, 6);
    el_case("CRLF", "0 1\r\n1 2 \r\n# c\r\n\r\n", &d, DYNG_OK, 0, 0);
    {
        /* a CR far into a file of many chunks, on 1 and 2 threads */
        const int lines = 120000;
        char *text = malloc((size_t)lines * 16);
        size_t len = 0;
        for (int i = 0; i < lines; i++)
            len += (size_t)sprintf(text + len, "%d %d\r\n", i, i + 1);
        char *at = strstr(text, "\n100000 ");
        REQUIRE_OK(at != NULL ? DYNG_OK : DYNG_INTERNAL);
        at[-2] = '\r'; /* line 100000, "99999 100000\r\n", becomes "99999 10000\r \n" */
        at[-1] = ' ';
        write_bytes("el_tmp_cr_big.txt", text, len);
        free(text);
        for (int t = 1; t <= 2; t++) {
            dyng_resources *r = threads(t);
            dyng_edge_arrays a;
            CHECK_STATUS(dyng_el_read_arrays(&a, "el_tmp_cr_big.txt", &d, r), FF);
            int64_t l = 0, c = 0;
            dyng_error_location(NULL, &l, &c);
            CHECK(l == 100000 && c == 12 && arrays_zeroed(&a));
            dyng_resources_free(&r);
        }
    }

    /* the writer's first line gives the vertex count */
    dyng_edge_arrays a;
    const int64_t s01[] = {0}, d01[] = {1};
    read_text(&a, "# dynG edge list: 5 vertices, 1 edges, 0 weights\n0\t1\n", &d);
    CHECK(arrays_are(&a, 5, 1, s01, d01, 0, NULL));
    dyng_edge_arrays_free(&a);
    read_text(&a, "# dynG edge list: 5 vertices, 1 edges, 0 weights\r\n0\t1\r\n", &d);
    CHECK(arrays_are(&a, 5, 1, s01, d01, 0, NULL));
    dyng_edge_arrays_free(&a);
    read_text(&a, "# dynG edge list: 3 vertices, 0 edges, 2 weights\n", &d);
    CHECK(arrays_are(&a, 3, 0, NULL, NULL, 0, NULL));
    dyng_edge_arrays_free(&a);
    read_text(&a, "# dynG edge list: 5 vertices, 1 edges, 0 weights, directed\n0\t1\n", &d);
    CHECK(arrays_are(&a, 5, 1, s01, d01, 0, NULL));
    dyng_edge_arrays_free(&a);
    read_text(&a, "# dynG edge list: 5 vertices, 1 edges, 0 weights, undirected\r\n0\t1\r\n", &d);
    CHECK(arrays_are(&a, 5, 1, s01, d01, 0, NULL));
    dyng_edge_arrays_free(&a);
    read_text(&a, "# dynG edge list: 2147483648 vertices, 1 edges, 0 weights\n0 1\n", &d);
    CHECK(a.num_vertices == 2147483648LL && a.vertex_type == DYNG_TYPE_INT32);
    dyng_edge_arrays_free(&a);
    dyng_el_read_options automatic = d;
    automatic.vertex_type = DYNG_TYPE_NONE;
    read_text(&a, "# dynG edge list: 2147483649 vertices, 1 edges, 0 weights\n0 1\n", &automatic);
    CHECK(a.num_vertices == 2147483649LL && a.vertex_type == DYNG_TYPE_INT64);
    dyng_edge_arrays_free(&a);
    /* anything else is a comment, as before */
    const char *other[] = {
        "\n# dynG edge list: 5 vertices, 1 edges, 0 weights\n0 1\n", /* not the first line */
        "# dynG edge list: 5 vertices\n0 1\n",
        "# dynG edge list: 5 vertices, 1 edges, 0 weights, sideways\n0 1\n",
        "# dynG edge list: 5 vertices, 1 edges, 0 weights, undirected \n0 1\n",
        "# dynG edge list:  5 vertices, 1 edges, 0 weights\n0 1\n",
        "#dynG edge list: 5 vertices, 1 edges, 0 weights\n0 1\n",
        "# dynG edge list: -5 vertices, 1 edges, 0 weights\n0 1\n",
    };
    for (size_t i = 0; i < sizeof other / sizeof *other; i++) {
        read_text(&a, other[i], &d);
        CHECK(arrays_are(&a, 2, 1, s01, d01, 0, NULL));
        dyng_edge_arrays_free(&a);
    }
    dyng_el_read_options compact = d;
    compact.compact_ids = true;
    read_text(&a, "# dynG edge list: 9 vertices, 1 edges, 0 weights\n3 7\n", &compact);
    CHECK(arrays_are(&a, 2, 1, s01, d01, 0, NULL));
    dyng_edge_arrays_free(&a);
    /* a count below 1 + the largest id, or past the types */
    el_case("header below the ids", "# dynG edge list: 2 vertices, 1 edges, 0 weights\n0 2\n", &d,
            FF, 1, 19);
    dyng_el_read_options one = d;
    one.one_based = true;
    el_case("header 1-based", "# dynG edge list: 2 vertices, 1 edges, 0 weights\n1 2\n", &one,
            DYNG_OK, 0, 0);
    el_case("header below 1-based ids", "# dynG edge list: 2 vertices, 1 edges, 0 weights\n1 3\n",
            &one, FF, 1, 19);
    el_case("header past int32", "# dynG edge list: 2147483649 vertices, 1 edges, 0 weights\n0 1\n",
            &d, CAP, 1, 19);
    el_case("header past int64",
            "# dynG edge list: 9223372036854775808 vertices, 1 edges, 0 weights\n0 1\n", &automatic,
            FF, 1, 19);

    /* round trips keep isolated vertices at the end, arrays and graphs */
    {
        int32_t s[] = {0}, t[] = {1};
        dyng_edge_arrays w = {DYNG_TYPE_INT32, 0, 6, 1, s, t, NULL, DYNG_MM_PATTERN,
                              DYNG_MM_GENERAL};
        CHECK_OK(dyng_el_write_arrays("el_tmp_iso.txt.gz", &w));
        CHECK_OK(dyng_el_read_arrays(&a, "el_tmp_iso.txt.gz", &d, NULL));
        CHECK(arrays_are(&a, 6, 1, s01, d01, 0, NULL));
        dyng_edge_arrays_free(&a);
        w.num_edges = 0;
        w.num_vertices = 1;
        CHECK_OK(dyng_el_write_arrays("el_tmp_one.txt", &w));
        dyng_graph *g = NULL;
        int64_t n = 0;
        CHECK_OK(dyng_el_read_graph(&g, "el_tmp_one.txt", NULL, NULL, NULL));
        CHECK(dyng_graph_num_vertices(&n, g) == DYNG_OK && n == 1);
        dyng_graph_free(&g);
    }
}

int main(void) {
    test_errors();
    test_reading();
    test_writing();
    test_graph();
    test_parallel();
    test_brutal();
    test_cr_and_header();
    return check_finish("test_io_edgelist");
}
