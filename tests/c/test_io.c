/*
 * tests/c/test_io.c - Matrix Market and .dgt files: reading, writing, errors.
 *
 * Every malformed Matrix Market and .dgt input is checked for its status and
 * its exact line and column. Valid inputs are checked against the arrays
 * they were generated from; writers are checked by reading back (and, for
 * .dgt, by writing again and comparing bytes). The files of
 * $DYNG_SHARED_DIR/data are read when present. The "brutal" test fails each
 * allocation of a read in turn and expects DYNG_OUT_OF_MEMORY and no leak.
 *
 * Temporary files are written to the working directory as io_tmp_*.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* symlink, unlink */
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <unistd.h>
#include <zlib.h>

#include "check.h"
#include "core/alloc.h"
#include "core/resources_internal.h"
#include "dyng/dyng.h"
#include "files.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

static bool file_exists(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f != NULL)
        fclose(f);
    return f != NULL;
}

static int64_t id_at(const void *a, dyng_type t, int64_t k) {
    return t == DYNG_TYPE_INT64 ? ((const int64_t *)a)[k] : ((const int32_t *)a)[k];
}

static bool arrays_zeroed(const dyng_edge_arrays *a) {
    return a->src == NULL && a->dst == NULL && a->weights == NULL && a->num_edges == 0 &&
           a->num_vertices == 0;
}

/* Expect a.num_edges entries equal to the 1-based-or-not triples given. */
static bool arrays_equal(const dyng_edge_arrays *a, int64_t m, const int64_t *src,
                         const int64_t *dst, const int32_t *w) {
    if (a->num_edges != m)
        return false;
    for (int64_t k = 0; k < m; k++) {
        if (id_at(a->src, a->vertex_type, k) != src[k] ||
            id_at(a->dst, a->vertex_type, k) != dst[k])
            return false;
        if (w != NULL && (a->weights == NULL || a->weights[k] != w[k]))
            return false;
    }
    return w != NULL || a->weights == NULL;
}

static bool same_arrays(const dyng_edge_arrays *a, const dyng_edge_arrays *b) {
    if (a->num_edges != b->num_edges || a->num_vertices != b->num_vertices ||
        a->num_weights != b->num_weights || a->vertex_type != b->vertex_type)
        return false;
    size_t es = dyng_type_size(a->vertex_type);
    size_t m = (size_t)a->num_edges;
    return memcmp(a->src, b->src, m * es) == 0 && memcmp(a->dst, b->dst, m * es) == 0 &&
           (a->num_weights == 0 || memcmp(a->weights, b->weights, m * 4) == 0);
}

/* Count one failure with a description of the case. */
static void fail_case(const char *name, const char *what) {
    check_failed_count++;
    fprintf(stderr, "case '%s': %s\n", name, what);
}

/* Read `text` (n bytes) as a Matrix Market file and expect `want` at
 * (line, column). */
static void mm_case_n(const char *name, const char *text, size_t n, dyng_status want, int64_t line,
                      int64_t column, const dyng_mm_read_options *o) {
    const char *path = "io_tmp_case.mtx";
    write_bytes(path, text, n);
    dyng_edge_arrays a;
    memset(&a, 0x5a, sizeof a);
    dyng_error_clear();
    dyng_status st = dyng_mm_read_arrays(&a, path, o, NULL);
    const char *epath;
    int64_t l, c;
    dyng_error_location(&epath, &l, &c);
    char what[1024];
    if (st != want || (want != DYNG_OK && (l != line || c != column))) {
        snprintf(what, sizeof what, "got %s at %lld:%lld (%s), want %s at %lld:%lld",
                 dyng_status_name(st), (long long)l, (long long)c, dyng_error_message(),
                 dyng_status_name(want), (long long)line, (long long)column);
        fail_case(name, what);
    } else if (want != DYNG_OK && (!arrays_zeroed(&a) || strcmp(epath, path) != 0)) {
        fail_case(name, "outputs not zeroed or path not recorded");
    } else {
        check_passed_count++;
    }
    dyng_edge_arrays_free(&a);
}

static void mm_case(const char *name, const char *text, dyng_status want, int64_t line,
                    int64_t column) {
    mm_case_n(name, text, strlen(text), want, line, column, NULL);
}

#define BANNER_I "%%MatrixMarket matrix coordinate integer general\n"
#define BANNER_R "%%MatrixMarket matrix coordinate real general\n"
#define BANNER_P "%%MatrixMarket matrix coordinate pattern general\n"

/* Resources with t threads (1 without OpenMP). */
static dyng_resources *threads(int t) {
    dyng_resources *r = NULL;
    if (dyng_openmp_available())
        REQUIRE_OK(dyng_resources_new(&r, DYNG_BACKEND_OPENMP, t));
    else
        REQUIRE_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 1));
    return r;
}

/* ------------------------------------------------------------------------ */
/* Matrix Market: malformed files                                           */
/* ------------------------------------------------------------------------ */

static void test_mm_banner_errors(void) {
    mm_case("empty file", "", DYNG_FILE_FORMAT, 1, 1);
    mm_case("not a banner", "hello world\n1 1 0\n", DYNG_FILE_FORMAT, 1, 1);
    mm_case("banner after blank", "\n%%MatrixMarket matrix coordinate real general\n",
            DYNG_FILE_FORMAT, 1, 1);
    mm_case("indented banner word", "  %%Matrix matrix\n", DYNG_FILE_FORMAT, 1, 3);
    mm_case("object", "%%MatrixMarket vector coordinate real general\n", DYNG_FILE_FORMAT, 1, 16);
    mm_case("array", "%%MatrixMarket matrix array real general\n3 3\n", DYNG_FILE_FORMAT, 1, 23);
    mm_case("format", "%%MatrixMarket matrix coord real general\n", DYNG_FILE_FORMAT, 1, 23);
    mm_case("complex", "%%MatrixMarket matrix coordinate complex general\n", DYNG_FILE_FORMAT, 1,
            34);
    mm_case("unknown field", "%%MatrixMarket matrix coordinate double general\n", DYNG_FILE_FORMAT,
            1, 34);
    mm_case("hermitian", "%%MatrixMarket matrix coordinate real hermitian\n", DYNG_FILE_FORMAT, 1,
            39);
    mm_case("unknown symmetry", "%%MatrixMarket matrix coordinate real upper\n", DYNG_FILE_FORMAT,
            1, 39);
    mm_case("pattern skew", "%%MatrixMarket matrix coordinate pattern skew-symmetric\n1 1 0\n",
            DYNG_FILE_FORMAT, 1, 42);
    mm_case("banner ends early", "%%MatrixMarket matrix coordinate real\n1 1 0\n", DYNG_FILE_FORMAT,
            1, 38);
    mm_case("banner ends early CRLF", "%%MatrixMarket matrix coordinate real \r\n1 1 0\r\n",
            DYNG_FILE_FORMAT, 1, 38);
    mm_case("banner only word", "%%MatrixMarket", DYNG_FILE_FORMAT, 1, 15);
    mm_case("banner extra", "%%MatrixMarket matrix coordinate real general extra\n1 1 0\n",
            DYNG_FILE_FORMAT, 1, 47);
    mm_case("banner case", "%%matrixmarket MATRIX Coordinate INTEGER General\n1 1 0\n", DYNG_OK, 0,
            0);
}

static void test_mm_size_errors(void) {
    mm_case("no size line", BANNER_I "% comment\n", DYNG_FILE_FORMAT, 3, 1);
    mm_case("no size line, no newline", BANNER_I "% comment", DYNG_FILE_FORMAT, 2, 10);
    mm_case("only banner", "%%MatrixMarket matrix coordinate real general", DYNG_FILE_FORMAT, 1,
            46);
    mm_case("size garbage", BANNER_I "3 3 x\n", DYNG_FILE_FORMAT, 2, 5);
    mm_case("size garbage glued", BANNER_I "3 3x 1\n", DYNG_FILE_FORMAT, 2, 3);
    mm_case("size missing nnz", BANNER_I "3 3\n", DYNG_FILE_FORMAT, 2, 4);
    mm_case("size missing nnz CRLF", BANNER_I "3 3\r\n", DYNG_FILE_FORMAT, 2, 4);
    mm_case("size missing cols", BANNER_I "% c\n\n  7  \n", DYNG_FILE_FORMAT, 4, 4);
    mm_case("size negative", BANNER_I "3 -3 1\n", DYNG_FILE_FORMAT, 2, 3);
    mm_case("size overflow", BANNER_I "99999999999999999999 3 1\n", DYNG_FILE_FORMAT, 2, 1);
    mm_case("size int64 max+1", BANNER_I "9223372036854775808 3 1\n", DYNG_FILE_FORMAT, 2, 1);
    mm_case("size extra", BANNER_I "3 3 1 7\n1 1 1\n", DYNG_FILE_FORMAT, 2, 7);
    mm_case("size word", BANNER_I "rows cols nnz\n", DYNG_FILE_FORMAT, 2, 1);
}

static void test_mm_entry_errors(void) {
    mm_case("truncated", BANNER_I "3 3 3\n1 1 1\n2 2 2\n", DYNG_FILE_FORMAT, 5, 1);
    mm_case("truncated no newline", BANNER_I "3 3 3\n1 1 1\n2 2 2", DYNG_FILE_FORMAT, 4, 6);
    mm_case("truncated blank tail", BANNER_I "3 3 3\n1 1 1\n\n\n", DYNG_FILE_FORMAT, 6, 1);
    mm_case("no entries", BANNER_I "3 3 1\n", DYNG_FILE_FORMAT, 3, 1);
    mm_case("too many", BANNER_I "3 3 1\n1 1 1\n2 2 2\n", DYNG_FILE_FORMAT, 4, 1);
    mm_case("too many indented", BANNER_I "3 3 0\n  2 2 2\n", DYNG_FILE_FORMAT, 3, 3);
    mm_case("missing value", BANNER_I "3 3 2\n1 1 1\n1 2\n", DYNG_FILE_FORMAT, 4, 4);
    mm_case("missing value CRLF", BANNER_I "3 3 1\r\n1 2 \r\n", DYNG_FILE_FORMAT, 3, 4);
    mm_case("missing column", BANNER_P "3 3 1\n1\n", DYNG_FILE_FORMAT, 3, 2);
    mm_case("missing value real", BANNER_R "3 3 1\n1 2\n", DYNG_FILE_FORMAT, 3, 4);
    mm_case("extra token", BANNER_I "3 3 1\n1 2 3 4\n", DYNG_FILE_FORMAT, 3, 7);
    mm_case("extra token pattern", BANNER_P "3 3 1\n1 2 3\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("garbage column", BANNER_I "3 3 1\n1 x 3\n", DYNG_FILE_FORMAT, 3, 3);
    mm_case("garbage glued", BANNER_I "3 3 1\n1x 2 3\n", DYNG_FILE_FORMAT, 3, 1);
    mm_case("garbage plus", BANNER_I "3 3 1\n+1 2 3\n", DYNG_FILE_FORMAT, 3, 1);
    mm_case("garbage value", BANNER_I "3 3 1\n1 2 abc\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("integer file, real value", BANNER_I "3 3 1\n1 2 3.0\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("fraction", BANNER_R "3 3 1\n1 2 2.5\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("fraction exp", BANNER_R "3 3 1\n1 2 123456789012e-3\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("tiny fraction", BANNER_R "3 3 1\n1 2 1e-400\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("int32 overflow", BANNER_I "3 3 1\n1 2 2147483648\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("int32 underflow", BANNER_I "3 3 1\n1 2 -2147483649\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("huge integer", BANNER_I "3 3 1\n1 2 99999999999999999999999\n", DYNG_FILE_FORMAT, 3,
            5);
    mm_case("real overflow", BANNER_R "3 3 1\n1 2 1e10\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("real overflow digits", BANNER_R "3 3 1\n1 2 123456789012345678901234567890\n",
            DYNG_FILE_FORMAT, 3, 5);
    mm_case("real 2^31", BANNER_R "3 3 1\n1 2 2147483648.0\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("real nan", BANNER_R "3 3 1\n1 2 nan\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("real inf", BANNER_R "3 3 1\n1 2 -inf\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("real dot", BANNER_R "3 3 1\n1 2 .\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("real bad exponent", BANNER_R "3 3 1\n1 2 1e\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("real two dots", BANNER_R "3 3 1\n1 2 1.0.0\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("row index 0", BANNER_P "3 3 1\n0 1\n", DYNG_FILE_FORMAT, 3, 1);
    mm_case("column index 0", BANNER_P "3 3 1\n1 0\n", DYNG_FILE_FORMAT, 3, 3);
    mm_case("row beyond", BANNER_P "3 5 1\n4 1\n", DYNG_FILE_FORMAT, 3, 1);
    mm_case("column beyond", BANNER_P "5 3 1\n1 4\n", DYNG_FILE_FORMAT, 3, 3);
    mm_case("empty matrix entry", BANNER_P "0 0 1\n1 1\n", DYNG_FILE_FORMAT, 3, 1);
    mm_case("negative row", BANNER_P "3 3 1\n-1 2\n", DYNG_FILE_FORMAT, 3, 1);
    mm_case("negative column", BANNER_P "3 3 1\n1 -2\n", DYNG_FILE_FORMAT, 3, 3);
    mm_case("overflowing index", BANNER_P "3 3 1\n1 99999999999999999999999\n", DYNG_FILE_FORMAT, 3,
            3);
    mm_case("skew diagonal",
            "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 5\n 2 2 1\n",
            DYNG_FILE_FORMAT, 4, 2);
    mm_case("skew int32 min",
            "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 1\n2 1 -2147483648\n",
            DYNG_FILE_FORMAT, 3, 5);
    mm_case("leading blanks", BANNER_P "3 3 2\n1 1\n \t 1 x\n", DYNG_FILE_FORMAT, 4, 6);
    mm_case("tab separated ok", BANNER_I "3 3 1\n1\t2\t-7\n", DYNG_OK, 0, 0);
    mm_case_n("NUL byte", BANNER_P "3 3 1\n1 2\0\n", sizeof(BANNER_P "3 3 1\n1 2\0\n") - 1,
              DYNG_FILE_FORMAT, 3, 3, NULL);
    mm_case_n("NUL after entry", BANNER_P "3 3 1\n1 2 \0\n", sizeof(BANNER_P "3 3 1\n1 2 \0\n") - 1,
              DYNG_FILE_FORMAT, 3, 5, NULL);
    mm_case("earliest of two errors", BANNER_P "3 3 3\n1 1\n1 x\n9 1\n", DYNG_FILE_FORMAT, 4, 3);
    mm_case("comment between entries ok", BANNER_P "3 3 2\n1 1\n% note\n2 2\n", DYNG_OK, 0, 0);

    /* ignore_values: a fraction is fine, a missing value is not */
    dyng_mm_read_options o;
    dyng_mm_read_options_default(&o);
    o.ignore_values = true;
    mm_case_n("ignore fraction", BANNER_R "3 3 1\n1 2 2.5\n", strlen(BANNER_R "3 3 1\n1 2 2.5\n"),
              DYNG_OK, 0, 0, &o);
    mm_case_n("ignore missing", BANNER_R "3 3 1\n1 2\n", strlen(BANNER_R "3 3 1\n1 2\n"),
              DYNG_FILE_FORMAT, 3, 4, &o);
    /* ... and a dropped value is checked all the same: a number of the
     * field's kind, in any range, and nothing else */
    mm_case_n("ignore huge real", BANNER_R "3 3 2\n1 2 -1e300\n2 3 12345678901234567890.5\n",
              strlen(BANNER_R "3 3 2\n1 2 -1e300\n2 3 12345678901234567890.5\n"), DYNG_OK, 0, 0,
              &o);
    mm_case_n("ignore garbage", BANNER_R "3 3 2\n1 2 3\n2 3 abc\n",
              strlen(BANNER_R "3 3 2\n1 2 3\n2 3 abc\n"), DYNG_FILE_FORMAT, 4, 5, &o);
    mm_case_n("ignore trailing garbage", BANNER_R "3 3 1\n1 2 3x\n",
              strlen(BANNER_R "3 3 1\n1 2 3x\n"), DYNG_FILE_FORMAT, 3, 5, &o);
    mm_case_n("ignore percent", BANNER_R "3 3 1\n1 2 %%\n", strlen(BANNER_R "3 3 1\n1 2 %%\n"),
              DYNG_FILE_FORMAT, 3, 5, &o);
    mm_case_n("ignore huge integer", BANNER_I "3 3 1\n1 2 99999999999999999999\n",
              strlen(BANNER_I "3 3 1\n1 2 99999999999999999999\n"), DYNG_OK, 0, 0, &o);
    mm_case_n("ignore fraction in integer", BANNER_I "3 3 1\n1 2 2.5\n",
              strlen(BANNER_I "3 3 1\n1 2 2.5\n"), DYNG_FILE_FORMAT, 3, 5, &o);

    /* capacity: more rows than int32 ids; fine with int64 */
    const char *big = BANNER_P "3000000000 2 1\n2999999999 1\n";
    mm_case("int32 capacity", big, DYNG_CAPACITY, 2, 1);
    mm_case("int32 capacity cols", BANNER_P "2 2147483649 1\n1 1\n", DYNG_CAPACITY, 2, 3);
    mm_case("int32 limit ok", BANNER_P "2147483648 1 1\n2147483648 1\n", DYNG_OK, 0, 0);
    dyng_mm_read_options_default(&o);
    o.vertex_type = DYNG_TYPE_INT64;
    mm_case_n("int64 ok", big, strlen(big), DYNG_OK, 0, 0, &o);

    /* a missing file, a broken gzip file */
    dyng_edge_arrays a;
    CHECK_STATUS(dyng_mm_read_arrays(&a, "io_tmp_does_not_exist.mtx", NULL, NULL),
                 DYNG_FILE_FORMAT);
    CHECK(arrays_zeroed(&a));
    const char *ok = BANNER_I "3 3 2\n1 2 3\n3 1 -4\n";
    write_gz("io_tmp_ok.mtx.gz", ok, strlen(ok));
    size_t n = 0;
    char *gz = slurp("io_tmp_ok.mtx.gz", &n);
    REQUIRE_OK(gz != NULL ? DYNG_OK : DYNG_INTERNAL);
    write_bytes("io_tmp_cut.mtx.gz", gz, n - 12);
    CHECK_STATUS(dyng_mm_read_arrays(&a, "io_tmp_cut.mtx.gz", NULL, NULL), DYNG_FILE_FORMAT);
    CHECK(arrays_zeroed(&a));
    gz[n / 2] ^= 0x55;
    gz[n / 2 + 1] ^= 0x55;
    write_bytes("io_tmp_bad.mtx.gz", gz, n);
    CHECK_STATUS(dyng_mm_read_arrays(&a, "io_tmp_bad.mtx.gz", NULL, NULL), DYNG_FILE_FORMAT);
    CHECK(arrays_zeroed(&a));
    write_bytes("io_tmp_bad.mtx.gz", gz, 2); /* only the magic */
    CHECK_STATUS(dyng_mm_read_arrays(&a, "io_tmp_bad.mtx.gz", NULL, NULL), DYNG_FILE_FORMAT);
    free(gz);
    CHECK_STATUS(dyng_mm_read_arrays(NULL, "x", NULL, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_mm_read_arrays(&a, NULL, NULL, NULL), DYNG_INVALID_ARGUMENT);
    dyng_mm_read_options_default(&o);
    o.vertex_type = DYNG_TYPE_NONE;
    CHECK_STATUS(dyng_mm_read_arrays(&a, "io_tmp_ok.mtx.gz", &o, NULL), DYNG_INVALID_ARGUMENT);
}

/* ------------------------------------------------------------------------ */
/* Matrix Market: valid files                                               */
/* ------------------------------------------------------------------------ */

static void read_text(dyng_edge_arrays *a, const char *text, const dyng_mm_read_options *o) {
    write_text("io_tmp_read.mtx", text);
    REQUIRE_OK(dyng_mm_read_arrays(a, "io_tmp_read.mtx", o, NULL));
}

static void test_mm_values(void) {
    const char *text = BANNER_R "2 2 14\n"
                                "1 1 3\n1 1 3.0\n1 1 3e0\n1 1 -2.000\n1 1 0.25e2\n1 1 +7\n"
                                "1 1 -0\n1 1 1.\n1 1 .5e1\n1 1 1.5E1\n1 1 -2147483648.0\n"
                                "1 1 2147483647\n1 1 0.000\n1 1 21474836470e-1\n";
    const int32_t want[14] = {3, 3, 3, -2, 25, 7, 0, 1, 5, 15, INT32_MIN, INT32_MAX, 0, 2147483647};
    dyng_edge_arrays a;
    read_text(&a, text, NULL);
    CHECK(a.num_edges == 14 && a.num_weights == 1 && a.field == DYNG_MM_REAL);
    for (int k = 0; k < 14 && k < a.num_edges; k++)
        CHECK(a.weights[k] == want[k]);
    dyng_edge_arrays_free(&a);
    CHECK(arrays_zeroed(&a));
    CHECK_OK(dyng_edge_arrays_free(&a));
    CHECK_OK(dyng_edge_arrays_free(NULL));
}

static void test_mm_layouts(void) {
    dyng_edge_arrays a;
    dyng_mm_read_options o;

    /* pattern general, comments, blank lines, CRLF, tabs, no final newline */
    read_text(&a,
              "%%MatrixMarket matrix coordinate pattern general\r\n% a comment\r\n\r\n"
              "  2 5  4 \r\n1 1\r\n% inside\r\n\r\n2\t5\r\n  1 3   \r\n2 2",
              NULL);
    {
        int64_t s[] = {0, 1, 0, 1}, d[] = {0, 4, 2, 1};
        CHECK(arrays_equal(&a, 4, s, d, NULL));
        CHECK(a.num_vertices == 5 && a.num_weights == 0 && a.field == DYNG_MM_PATTERN &&
              a.symmetry == DYNG_MM_GENERAL && a.vertex_type == DYNG_TYPE_INT32);
    }
    dyng_edge_arrays_free(&a);

    /* an empty matrix */
    read_text(&a, BANNER_I "0 0 0\n", NULL);
    CHECK(a.num_edges == 0 && a.num_vertices == 0 && a.num_weights == 1);
    dyng_edge_arrays_free(&a);

    /* integer symmetric, listed once and expanded */
    const char *sym = "%%MatrixMarket matrix coordinate integer symmetric\n4 4 4\n"
                      "2 1 5\n3 3 -1\n4 2 7\n4 1 9\n";
    read_text(&a, sym, NULL);
    {
        int64_t s[] = {1, 2, 3, 3}, d[] = {0, 2, 1, 0};
        int32_t w[] = {5, -1, 7, 9};
        CHECK(arrays_equal(&a, 4, s, d, w));
        CHECK(a.symmetry == DYNG_MM_SYMMETRIC && a.field == DYNG_MM_INTEGER);
    }
    dyng_edge_arrays_free(&a);
    dyng_mm_read_options_default(&o);
    o.expand_symmetric = true;
    read_text(&a, sym, &o);
    {
        int64_t s[] = {1, 0, 2, 3, 1, 3, 0}, d[] = {0, 1, 2, 1, 3, 0, 3};
        int32_t w[] = {5, 5, -1, 7, 7, 9, 9};
        CHECK(arrays_equal(&a, 7, s, d, w));
    }
    dyng_edge_arrays_free(&a);

    /* real skew-symmetric, expanded: negated mirrors */
    const char *skew = "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n"
                       "2 1 1.5e1\n3 2 -4\n";
    read_text(&a, skew, &o);
    {
        int64_t s[] = {1, 0, 2, 1}, d[] = {0, 1, 1, 2};
        int32_t w[] = {15, -15, -4, 4};
        CHECK(arrays_equal(&a, 4, s, d, w));
        CHECK(a.symmetry == DYNG_MM_SKEW_SYMMETRIC);
    }
    dyng_edge_arrays_free(&a);
    o.expand_symmetric = false;
    read_text(&a, skew, &o);
    {
        int64_t s[] = {1, 2}, d[] = {0, 1};
        int32_t w[] = {15, -4};
        CHECK(arrays_equal(&a, 2, s, d, w));
    }
    dyng_edge_arrays_free(&a);

    /* general with expand: nothing mirrored; ignore_values drops weights */
    o.expand_symmetric = true;
    o.ignore_values = true;
    read_text(&a, BANNER_I "3 3 2\n2 1 5\n1 3 6\n", &o);
    {
        int64_t s[] = {1, 0}, d[] = {0, 2};
        CHECK(arrays_equal(&a, 2, s, d, NULL));
        CHECK(a.num_weights == 0 && a.field == DYNG_MM_INTEGER);
    }
    dyng_edge_arrays_free(&a);

    /* int64 ids past int32 */
    dyng_mm_read_options_default(&o);
    o.vertex_type = DYNG_TYPE_INT64;
    o.expand_symmetric = true;
    read_text(&a,
              "%%MatrixMarket matrix coordinate pattern symmetric\n5000000000 5000000000 2\n"
              "5000000000 1\n3 3\n",
              &o);
    {
        int64_t s[] = {4999999999LL, 0, 2}, d[] = {0, 4999999999LL, 2};
        CHECK(arrays_equal(&a, 3, s, d, NULL));
        CHECK(a.vertex_type == DYNG_TYPE_INT64 && a.num_vertices == 5000000000LL);
    }
    dyng_edge_arrays_free(&a);

    /* gzip input, by content: a .gz name, a plain name, two members */
    const char *text = BANNER_I "3 3 2\n1 2 3\n3 1 -4\n";
    int64_t s[] = {0, 2}, d[] = {1, 0};
    int32_t w[] = {3, -4};
    const char *names[2] = {"io_tmp_gz.mtx.gz", "io_tmp_gz_plain_name.mtx"};
    for (int k = 0; k < 2; k++) {
        write_gz(names[k], text, strlen(text));
        CHECK_OK(dyng_mm_read_arrays(&a, names[k], NULL, NULL));
        CHECK(arrays_equal(&a, 2, s, d, w));
        dyng_edge_arrays_free(&a);
    }
    size_t half = strlen(BANNER_I "3 3 2\n1 2");
    write_gz("io_tmp_m1.gz", text, half);
    write_gz("io_tmp_m2.gz", text + half, strlen(text) - half);
    size_t n1, n2;
    char *m1 = slurp("io_tmp_m1.gz", &n1), *m2 = slurp("io_tmp_m2.gz", &n2);
    char *both = malloc(n1 + n2);
    memcpy(both, m1, n1);
    memcpy(both + n1, m2, n2);
    write_bytes("io_tmp_members.mtx.gz", both, n1 + n2);
    CHECK_OK(dyng_mm_read_arrays(&a, "io_tmp_members.mtx.gz", NULL, NULL));
    CHECK(arrays_equal(&a, 2, s, d, w));
    dyng_edge_arrays_free(&a);
    free(m1);
    free(m2);
    free(both);

    /* an error inside a gzip file has its line and column too */
    const char *bad = BANNER_I "3 3 2\n1 2 3\n3 1 x\n";
    write_gz("io_tmp_badline.mtx.gz", bad, strlen(bad));
    CHECK_STATUS(dyng_mm_read_arrays(&a, "io_tmp_badline.mtx.gz", NULL, NULL), DYNG_FILE_FORMAT);
    int64_t l, c;
    dyng_error_location(NULL, &l, &c);
    CHECK(l == 4 && c == 5);
}

/* Numbers of every length (leading zeros included) and values at the int32
 * bounds, in entries that take the fast path and entries that do not. */
static void test_mm_numbers(void) {
    enum { M = 4000 };
    const int64_t n = 999999999999999LL; /* 15 digits */
    static int64_t src[M], dst[M];
    static int32_t w[M];
    size_t cap = (size_t)M * 80 + 256, len = 0;
    char *text = malloc(cap);
    len +=
        (size_t)sprintf(text, "%%%%MatrixMarket matrix coordinate integer general\n%lld %lld %d\n",
                        (long long)n, (long long)n, M);
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (int k = 0; k < M; k++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        int digits = 1 + (int)(x % 15);
        int64_t u = (int64_t)((x >> 8) % 1000000000000000ULL);
        int64_t p10 = 1;
        for (int d = 0; d < digits; d++)
            p10 *= 10;
        u = u % p10;
        if (u == 0)
            u = 1;
        src[k] = u - 1;
        dst[k] = (int64_t)((x >> 3) % (uint64_t)n);
        const int32_t edge[6] = {INT32_MAX, INT32_MIN, 0, -1, 99999999, -100000000};
        w[k] = k % 3 == 0 ? edge[(x >> 5) % 6] : (int32_t)(x >> 33);
        int zeros = (int)((x >> 40) % 4) * (k % 5 == 0);
        const char *sep = k % 7 == 0 ? "  " : " ";
        len += (size_t)sprintf(text + len, "%0*lld%s%lld %ld%s\n", zeros + digits, (long long)u,
                               sep, (long long)dst[k] + 1, (long)w[k], k % 11 == 0 ? "\r" : "");
    }
    write_bytes("io_tmp_numbers.mtx", text, len);
    dyng_mm_read_options o;
    dyng_mm_read_options_default(&o);
    o.vertex_type = DYNG_TYPE_INT64;
    dyng_edge_arrays a;
    CHECK_OK(dyng_mm_read_arrays(&a, "io_tmp_numbers.mtx", &o, NULL));
    CHECK(arrays_equal(&a, M, src, dst, w));
    dyng_edge_arrays_free(&a);
    /* the same as a real file: integers through the fast path, with ".0" not */
    memcpy(text + strlen("%%MatrixMarket matrix coordinate "), "real   ", 7);
    write_bytes("io_tmp_numbers.mtx", text, len);
    CHECK_OK(dyng_mm_read_arrays(&a, "io_tmp_numbers.mtx", &o, NULL));
    CHECK(arrays_equal(&a, M, src, dst, w));
    dyng_edge_arrays_free(&a);
    free(text);

    /* long runs of digits: 16, 17, 19, 20 digits with leading zeros */
    read_text(&a,
              BANNER_P "9 9 4\n0000000000000001 2\n00000000000000003 4\n"
                       "0000000000000000005 6\n00000000000000000007 8\n",
              &o);
    {
        int64_t s[] = {0, 2, 4, 6}, d[] = {1, 3, 5, 7};
        CHECK(arrays_equal(&a, 4, s, d, NULL));
    }
    dyng_edge_arrays_free(&a);
    mm_case("17 digit index beyond", BANNER_P "9 9 1\n10000000000000000 1\n", DYNG_FILE_FORMAT, 3,
            1);
    mm_case("int64 max index", BANNER_P "9 9 1\n1 9223372036854775807\n", DYNG_FILE_FORMAT, 3, 3);
    mm_case("int64 max+1 index", BANNER_P "9 9 1\n1 9223372036854775808\n", DYNG_FILE_FORMAT, 3, 3);
    mm_case("value 10 digits", BANNER_I "9 9 1\n1 1 9999999999\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("value 16 digits", BANNER_I "9 9 1\n1 1 -1000000000000000\n", DYNG_FILE_FORMAT, 3, 5);
    mm_case("value leading zeros", BANNER_I "9 9 1\n1 1 -00000000000000002147483648\n", DYNG_OK, 0,
            0);
}

/* A generated file of m entries (some comments and blank lines between)
 * read with 1 and 2 threads: the same arrays, equal to what was written. */
static void test_mm_parallel(void) {
    const int64_t m = 300000, n = 100000;
    size_t cap = (size_t)m * 40 + 256, len = 0;
    char *text = malloc(cap);
    int64_t *src = malloc((size_t)m * 8), *dst = malloc((size_t)m * 8);
    int32_t *w = malloc((size_t)m * 4);
    len += (size_t)sprintf(text,
                           "%%%%MatrixMarket matrix coordinate integer symmetric\n%lld %lld "
                           "%lld\n",
                           (long long)n, (long long)n, (long long)m);
    uint64_t x = 88172645463325252ULL;
    int64_t mirrored = 0;
    for (int64_t k = 0; k < m; k++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        src[k] = (int64_t)(x % (uint64_t)n);
        dst[k] = k % 7 == 0 ? src[k] : (int64_t)((x >> 20) % (uint64_t)n);
        w[k] = (int32_t)((x >> 40) % 2000001) - 1000000;
        mirrored += src[k] != dst[k];
        if (k % 1000 == 999)
            len += (size_t)sprintf(text + len, "%% comment %lld\n\n", (long long)k);
        len += (size_t)sprintf(text + len, k % 3 ? "%lld %lld %d\n" : "%lld\t%lld  %d\r\n",
                               (long long)src[k] + 1, (long long)dst[k] + 1, w[k]);
    }
    write_bytes("io_tmp_par.mtx", text, len);
    dyng_resources *r1 = threads(1), *r2 = threads(2);
    dyng_edge_arrays a1, a2, e1, e2;
    dyng_mm_read_options o;
    dyng_mm_read_options_default(&o);
    CHECK_OK(dyng_mm_read_arrays(&a1, "io_tmp_par.mtx", &o, r1));
    CHECK_OK(dyng_mm_read_arrays(&a2, "io_tmp_par.mtx", &o, r2));
    CHECK(same_arrays(&a1, &a2));
    CHECK(arrays_equal(&a1, m, src, dst, w));
    o.expand_symmetric = true;
    CHECK_OK(dyng_mm_read_arrays(&e1, "io_tmp_par.mtx", &o, r1));
    CHECK_OK(dyng_mm_read_arrays(&e2, "io_tmp_par.mtx", &o, r2));
    CHECK(same_arrays(&e1, &e2));
    CHECK(e1.num_edges == m + mirrored);
    bool ok = true;
    for (int64_t k = 0, e = 0; k < m && ok; k++) {
        ok = id_at(e1.src, e1.vertex_type, e) == src[k] &&
             id_at(e1.dst, e1.vertex_type, e) == dst[k] && e1.weights[e] == w[k];
        e++;
        if (src[k] != dst[k]) {
            ok = ok && id_at(e1.src, e1.vertex_type, e) == dst[k] &&
                 id_at(e1.dst, e1.vertex_type, e) == src[k] && e1.weights[e] == w[k];
            e++;
        }
    }
    CHECK(ok);
    dyng_edge_arrays_free(&a1);
    dyng_edge_arrays_free(&a2);
    dyng_edge_arrays_free(&e1);
    dyng_edge_arrays_free(&e2);

    /* errors late and early in a multi-chunk file: the earliest one wins */
    size_t at_late = len - 20, at_early = len / 3;
    while (text[at_late - 1] != '\n')
        at_late--;
    while (text[at_early - 1] != '\n')
        at_early--;
    int64_t line_early = 1;
    for (size_t i = 0; i < at_early; i++)
        line_early += text[i] == '\n';
    text[at_late] = 'x';
    text[at_early] = 'y';
    write_bytes("io_tmp_par_bad.mtx", text, len);
    for (int t = 0; t < 2; t++) {
        dyng_edge_arrays b;
        CHECK_STATUS(dyng_mm_read_arrays(&b, "io_tmp_par_bad.mtx", NULL, t ? r2 : r1),
                     DYNG_FILE_FORMAT);
        int64_t l, c;
        dyng_error_location(NULL, &l, &c);
        CHECK(l == line_early && c == 1);
        CHECK(arrays_zeroed(&b));
    }
    /* only the late one */
    text[at_early] = '1';
    write_bytes("io_tmp_par_bad.mtx", text, len);
    int64_t line_late = 1;
    for (size_t i = 0; i < at_late; i++)
        line_late += text[i] == '\n';
    dyng_edge_arrays b;
    CHECK_STATUS(dyng_mm_read_arrays(&b, "io_tmp_par_bad.mtx", NULL, r2), DYNG_FILE_FORMAT);
    int64_t l, c;
    dyng_error_location(NULL, &l, &c);
    CHECK(l == line_late && c == 1);

    /* interrupted: nothing returned; cleared: fine again */
    dyng_interrupt(r2);
    CHECK_STATUS(dyng_mm_read_arrays(&b, "io_tmp_par.mtx", NULL, r2), DYNG_INTERRUPTED);
    CHECK(arrays_zeroed(&b));
    dyng_interrupt_clear(r2);
    dyng_interrupt(NULL);
    CHECK_STATUS(dyng_mm_read_arrays(&b, "io_tmp_par.mtx", NULL, r1), DYNG_INTERRUPTED);
    dyng_interrupt_clear(NULL);
    CHECK_OK(dyng_mm_read_arrays(&b, "io_tmp_par.mtx", NULL, r2));
    dyng_edge_arrays_free(&b);
    /* a gzip file is inflated a few megabytes at a time, with the flag
     * polled in between: the first poll stops the read itself */
    size_t good_len = 0;
    char *good = slurp("io_tmp_par.mtx", &good_len);
    REQUIRE_OK(good != NULL ? DYNG_OK : DYNG_INTERNAL);
    write_gz("io_tmp_par.mtx.gz", good, good_len);
    free(good);
    dyng_testing_interrupt_at_poll(1);
    CHECK_STATUS(dyng_mm_read_arrays(&b, "io_tmp_par.mtx.gz", NULL, r2), DYNG_INTERRUPTED);
    CHECK(strstr(dyng_error_message(), "reading") != NULL && arrays_zeroed(&b));
    dyng_testing_interrupt_at_poll(0);
    CHECK_OK(dyng_mm_read_arrays(&b, "io_tmp_par.mtx.gz", NULL, r2));
    /* a long write polls too, and an interrupted one leaves no file */
    dyng_graph *big = NULL;
    CHECK_OK(dyng_mm_read_graph(&big, "io_tmp_par.mtx.gz", NULL, r2));
    dyng_interrupt(r2);
    (void)remove("io_tmp_par_out.mtx.gz"); /* the end of this test writes it */
    CHECK_STATUS(dyng_mm_write_graph(big, "io_tmp_par_out.mtx.gz", 0), DYNG_INTERRUPTED);
    CHECK(access("io_tmp_par_out.mtx.gz", F_OK) != 0);
    CHECK_STATUS(dyng_mm_write_arrays("io_tmp_par_out.mtx", &b), DYNG_OK); /* not its flag */
    dyng_interrupt(NULL);
    CHECK_STATUS(dyng_mm_write_arrays("io_tmp_par_out2.mtx", &b), DYNG_INTERRUPTED);
    CHECK(access("io_tmp_par_out2.mtx", F_OK) != 0);
    CHECK_STATUS(dyng_el_write_graph(big, "io_tmp_par_out.txt"), DYNG_INTERRUPTED);
    CHECK(access("io_tmp_par_out.txt", F_OK) != 0);
    CHECK_STATUS(dyng_csr_files_write_graph(big, "io_tmp_par_csr", false), DYNG_INTERRUPTED);
    CHECK(access("io_tmp_par_csrColInd.txt", F_OK) != 0);
    dyng_interrupt_clear(NULL);
    dyng_interrupt_clear(r2);
    CHECK_OK(dyng_mm_write_graph(big, "io_tmp_par_out.mtx.gz", 0));
    dyng_graph_free(&big);
    dyng_edge_arrays_free(&b);

    dyng_resources_free(&r1);
    dyng_resources_free(&r2);
    free(text);
    free(src);
    free(dst);
    free(w);
}

/* ------------------------------------------------------------------------ */
/* Matrix Market: the shared data sets                                      */
/* ------------------------------------------------------------------------ */

/* The size line's nnz, read with zlib. */
static int64_t size_line_nnz(const char *path) {
    gzFile f = gzopen(path, "rb");
    char line[4096];
    long long rows = -1, cols = -1, nnz = -1;
    while (f != NULL && gzgets(f, line, sizeof line) != NULL) {
        if (line[0] == '%' || line[0] == '\n')
            continue;
        sscanf(line, "%lld %lld %lld", &rows, &cols, &nnz);
        break;
    }
    if (f != NULL)
        gzclose(f);
    return nnz;
}

static int compare_pairs(const void *a, const void *b) {
    const int64_t *x = a, *y = b;
    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* True for names ending in .mtx or .mtx.gz. */
static bool is_mm_name(const char *name) {
    size_t n = strlen(name);
    return (n > 4 && strcmp(name + n - 4, ".mtx") == 0) ||
           (n > 7 && strcmp(name + n - 7, ".mtx.gz") == 0);
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_mm_shared_data(void) {
    const char *shared = getenv("DYNG_SHARED_DIR");
    char dir[4096], path[8192];
    if (shared == NULL) {
        goldens_missing("test_io", "DYNG_SHARED_DIR (the shared data files)");
        return;
    }
    snprintf(dir, sizeof dir, "%s/data", shared);
    DIR *d = opendir(dir);
    if (d == NULL) {
        goldens_missing("test_io", dir);
        return;
    }
    char *names[256];
    size_t count = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL && count < 256;)
        if (is_mm_name(e->d_name))
            names[count++] = strdup(e->d_name);
    closedir(d);
    qsort(names, count, sizeof names[0], compare_names);
    CHECK(count > 0);
    dyng_resources *r1 = threads(1), *r2 = threads(2);
    for (size_t f = 0; f < count; f++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[f]);
        int64_t nnz = size_line_nnz(path);
        dyng_edge_arrays a, b, e;
        dyng_mm_read_options o;
        dyng_mm_read_options_default(&o);
        CHECK_OK(dyng_mm_read_arrays(&a, path, &o, r1));
        CHECK_OK(dyng_mm_read_arrays(&b, path, &o, r2));
        CHECK(a.num_edges == nnz);
        CHECK(same_arrays(&a, &b));
        int64_t off = 0;
        for (int64_t k = 0; k < a.num_edges; k++)
            off += id_at(a.src, a.vertex_type, k) != id_at(a.dst, a.vertex_type, k);
        o.expand_symmetric = true;
        CHECK_OK(dyng_mm_read_arrays(&e, path, &o, r2));
        CHECK(e.num_edges == (a.symmetry == DYNG_MM_GENERAL ? nnz : nnz + off));
        if (strcmp(names[f], "power.mtx.gz") == 0) {
            /* the graph has one edge per distinct unordered pair */
            int64_t *pairs = malloc((size_t)a.num_edges * 16);
            for (int64_t k = 0; k < a.num_edges; k++) {
                int64_t u = id_at(a.src, a.vertex_type, k), v = id_at(a.dst, a.vertex_type, k);
                pairs[2 * k] = u < v ? u : v;
                pairs[2 * k + 1] = u < v ? v : u;
            }
            qsort(pairs, (size_t)a.num_edges, 16, compare_pairs);
            int64_t distinct = 0;
            for (int64_t k = 0; k < a.num_edges; k++)
                distinct += k == 0 || compare_pairs(pairs + 2 * k, pairs + 2 * k - 2) != 0;
            free(pairs);
            dyng_graph *g = NULL;
            int64_t m = -1, nv = -1;
            dyng_graph_properties p;
            CHECK_OK(dyng_mm_read_graph(&g, path, NULL, NULL));
            CHECK_OK(dyng_graph_num_edges(&m, g));
            CHECK_OK(dyng_graph_num_vertices(&nv, g));
            CHECK_OK(dyng_graph_properties_of(&p, g));
            CHECK(m == distinct && nv == a.num_vertices && !p.directed && p.num_weights == 0);
            dyng_graph_free(&g);
        }
        dyng_edge_arrays_free(&a);
        dyng_edge_arrays_free(&b);
        dyng_edge_arrays_free(&e);
    }
    for (size_t f = 0; f < count; f++)
        free(names[f]);
    dyng_resources_free(&r1);
    dyng_resources_free(&r2);
}

/* ------------------------------------------------------------------------ */
/* Matrix Market: graphs and writers                                        */
/* ------------------------------------------------------------------------ */

static void test_mm_read_graph(void) {
    const char *sym = "%%MatrixMarket matrix coordinate integer symmetric\n4 4 4\n"
                      "2 1 5\n3 3 -1\n4 2 7\n4 1 9\n";
    write_text("io_tmp_g.mtx", sym);
    dyng_graph *g = NULL;
    dyng_graph_properties p;
    int64_t m = 0;

    /* defaults: undirected, one weight */
    CHECK_OK(dyng_mm_read_graph(&g, "io_tmp_g.mtx", NULL, NULL));
    CHECK_OK(dyng_graph_properties_of(&p, g));
    CHECK_OK(dyng_graph_num_edges(&m, g));
    CHECK(!p.directed && p.num_weights == 1 && m == 4);
    dyng_graph_free(&g);

    /* directed: both directions of off-diagonal entries */
    dyng_properties_default(&p);
    p.num_weights = 1;
    CHECK_OK(dyng_mm_read_graph(&g, "io_tmp_g.mtx", &p, NULL));
    CHECK_OK(dyng_graph_num_edges(&m, g));
    CHECK(m == 7);
    dyng_graph_free(&g);

    /* num_weights 0 drops the values; 2 weights and pattern+weights fail */
    p.num_weights = 0;
    CHECK_OK(dyng_mm_read_graph(&g, "io_tmp_g.mtx", &p, NULL));
    dyng_graph_free(&g);
    p.num_weights = 2;
    CHECK_STATUS(dyng_mm_read_graph(&g, "io_tmp_g.mtx", &p, NULL), DYNG_INVALID_ARGUMENT);
    CHECK(g == NULL);
    write_text("io_tmp_gp.mtx", BANNER_P "3 3 2\n1 2\n2 3\n");
    p.num_weights = 1;
    CHECK_STATUS(dyng_mm_read_graph(&g, "io_tmp_gp.mtx", &p, NULL), DYNG_INVALID_ARGUMENT);

    /* a general file read undirected: each entry one edge */
    p.num_weights = 0;
    p.directed = false;
    CHECK_OK(dyng_mm_read_graph(&g, "io_tmp_gp.mtx", &p, NULL));
    CHECK_OK(dyng_graph_num_edges(&m, g));
    CHECK(m == 2);
    dyng_graph_free(&g);

    /* skew-symmetric: directed by default, negated mirrors; undirected with
     * weights is refused */
    write_text("io_tmp_gs.mtx",
               "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 4\n3 1 -6\n");
    CHECK_OK(dyng_mm_read_graph(&g, "io_tmp_gs.mtx", NULL, NULL));
    CHECK_OK(dyng_graph_properties_of(&p, g));
    CHECK_OK(dyng_graph_num_edges(&m, g));
    CHECK(p.directed && m == 4);
    if (m == 4) {
        int32_t s[4], d[4], w[4];
        CHECK_OK(dyng_graph_to_edges(g, s, d, w));
        /* rows in vertex order: 0->1 (-4), 0->2 (6), 1->0 (4), 2->0 (-6) */
        CHECK(s[0] == 0 && d[0] == 1 && w[0] == -4 && s[1] == 0 && d[1] == 2 && w[1] == 6);
        CHECK(s[2] == 1 && d[2] == 0 && w[2] == 4 && s[3] == 2 && d[3] == 0 && w[3] == -6);
    }
    dyng_graph_free(&g);
    p.directed = false;
    CHECK_STATUS(dyng_mm_read_graph(&g, "io_tmp_gs.mtx", &p, NULL), DYNG_INVALID_ARGUMENT);

    /* int64 ids with given properties */
    dyng_properties_default(&p);
    p.vertex_type = DYNG_TYPE_INT64;
    p.offset_type = DYNG_TYPE_INT64;
    p.num_weights = 1;
    CHECK_OK(dyng_mm_read_graph(&g, "io_tmp_g.mtx", &p, NULL));
    dyng_graph_free(&g);

    /* format errors come through with their location */
    write_text("io_tmp_gbad.mtx", BANNER_P "3 3 2\n1 2\n2 4\n");
    CHECK_STATUS(dyng_mm_read_graph(&g, "io_tmp_gbad.mtx", NULL, NULL), DYNG_FILE_FORMAT);
    int64_t l, c;
    dyng_error_location(NULL, &l, &c);
    CHECK(l == 4 && c == 3 && g == NULL);
    CHECK_STATUS(dyng_mm_read_graph(NULL, "x", NULL, NULL), DYNG_INVALID_ARGUMENT);
}

/* Graph -> file -> arrays: the entries are the graph's edges in to_edges
 * order (undirected: as row >= column). */
static void check_graph_file(const dyng_graph *g, const char *path, int column) {
    dyng_graph_properties p;
    int64_t m = 0, n = 0;
    REQUIRE_OK(dyng_graph_properties_of(&p, g));
    REQUIRE_OK(dyng_graph_num_edges(&m, g));
    REQUIRE_OK(dyng_graph_num_vertices(&n, g));
    int32_t *s = malloc((size_t)m * 4 + 4), *d = malloc((size_t)m * 4 + 4);
    int32_t *w = malloc((size_t)m * 4 * (size_t)(p.num_weights + 1) + 4);
    REQUIRE_OK(dyng_graph_to_edges(g, s, d, p.num_weights > 0 ? w : NULL));
    CHECK_OK(dyng_mm_write_graph(g, path, column));
    dyng_edge_arrays a;
    CHECK_OK(dyng_mm_read_arrays(&a, path, NULL, NULL));
    bool values = p.num_weights > 0 && column >= 0;
    CHECK(a.num_edges == m && a.num_vertices == n);
    CHECK(a.field == (values ? DYNG_MM_INTEGER : DYNG_MM_PATTERN));
    CHECK(a.symmetry == (p.directed ? DYNG_MM_GENERAL : DYNG_MM_SYMMETRIC));
    bool ok = a.num_edges == m;
    for (int64_t k = 0; ok && k < m; k++) {
        int64_t u = id_at(a.src, a.vertex_type, k), v = id_at(a.dst, a.vertex_type, k);
        ok = p.directed ? (u == s[k] && v == d[k]) : (u == d[k] && v == s[k] && u >= v);
        if (values)
            ok = ok && a.weights[k] == w[(size_t)k * (size_t)p.num_weights + (size_t)column];
    }
    CHECK(ok);
    /* and read back as a graph: the same edges */
    dyng_graph *h = NULL;
    dyng_graph_properties q = p;
    q.num_weights = values ? 1 : 0;
    CHECK_OK(dyng_mm_read_graph(&h, path, &q, NULL));
    int64_t hm = -1;
    if (h != NULL)
        CHECK_OK(dyng_graph_num_edges(&hm, h));
    CHECK(hm == m);
    dyng_graph_free(&h);
    dyng_edge_arrays_free(&a);
    free(s);
    free(d);
    free(w);
}

static void test_mm_write(void) {
    const int32_t src[] = {0, 3, 1, 2, 2, 4, 0};
    const int32_t dst[] = {1, 0, 1, 4, 3, 4, 4};
    const int32_t w2[] = {1, -1, 20, 30, 5, 2147483647, -2147483648, 0, 7, 8, 9, 10, 11, 12};
    dyng_graph_properties p;
    dyng_graph *g = NULL;

    dyng_properties_default(&p);
    p.num_weights = 2;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, 6, 7, src, dst, w2, NULL));
    check_graph_file(g, "io_tmp_w.mtx", 0);
    check_graph_file(g, "io_tmp_w1.mtx.gz", 1);
    check_graph_file(g, "io_tmp_wp.mtx", -1);
    CHECK_STATUS(dyng_mm_write_graph(g, "io_tmp_never.mtx", 2), DYNG_INVALID_ARGUMENT);
    CHECK(!file_exists("io_tmp_never.mtx"));
    /* write errors name the path */
    CHECK_STATUS(dyng_mm_write_graph(g, "io_tmp_no_such_dir/x.mtx", 0), DYNG_FILE_FORMAT);
    const char *ep;
    dyng_error_location(&ep, NULL, NULL);
    CHECK(strcmp(ep, "io_tmp_no_such_dir/x.mtx") == 0);
    if (file_exists("/dev/full")) {
        CHECK_STATUS(dyng_mm_write_graph(g, "/dev/full", 0), DYNG_FILE_FORMAT);
        unlink("io_tmp_full.mtx.gz");
        if (symlink("/dev/full", "io_tmp_full.mtx.gz") == 0) {
            CHECK_STATUS(dyng_mm_write_graph(g, "io_tmp_full.mtx.gz", 0), DYNG_FILE_FORMAT);
            unlink("io_tmp_full.mtx.gz");
        }
    }
    dyng_graph_free(&g);

    dyng_properties_default(&p);
    p.directed = false;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, -1, 7, src, dst, NULL, NULL));
    check_graph_file(g, "io_tmp_u.mtx", 0);
    check_graph_file(g, "io_tmp_u.mtx.gz", -1);
    dyng_graph_free(&g);

    p.num_weights = 1;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, 9, 7, src, dst, w2, NULL));
    check_graph_file(g, "io_tmp_uw.mtx", 0);
    dyng_graph_free(&g);

    /* an empty graph */
    dyng_properties_default(&p);
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, 0, 0, src, dst, NULL, NULL));
    check_graph_file(g, "io_tmp_empty.mtx", -1);
    dyng_graph_free(&g);
}

static void test_mm_write_arrays(void) {
    const int64_t src[] = {0, 4999999999LL, 7, 3};
    const int64_t dst[] = {4999999999LL, 1, 7, 2};
    const int32_t w[] = {5, -6, 2147483647, -2147483648};
    dyng_edge_arrays a = {DYNG_TYPE_INT64, 1,           5000000000LL, 4,
                          (void *)src,     (void *)dst, (int32_t *)w, DYNG_MM_INTEGER,
                          DYNG_MM_GENERAL};
    dyng_mm_read_options o;
    dyng_mm_read_options_default(&o);
    o.vertex_type = DYNG_TYPE_INT64;
    const dyng_mm_field fields[3] = {DYNG_MM_INTEGER, DYNG_MM_REAL, DYNG_MM_PATTERN};
    const dyng_mm_symmetry syms[3] = {DYNG_MM_GENERAL, DYNG_MM_SYMMETRIC, DYNG_MM_GENERAL};
    for (int k = 0; k < 3; k++) {
        a.field = fields[k];
        a.symmetry = syms[k];
        a.num_weights = fields[k] == DYNG_MM_PATTERN ? 0 : 1;
        const char *path = k == 1 ? "io_tmp_a.mtx.gz" : "io_tmp_a.mtx";
        CHECK_OK(dyng_mm_write_arrays(path, &a));
        dyng_edge_arrays b;
        CHECK_OK(dyng_mm_read_arrays(&b, path, &o, NULL));
        CHECK(b.field == a.field && b.symmetry == a.symmetry);
        CHECK(same_arrays(&a, &b));
        dyng_edge_arrays_free(&b);
    }
    /* skew-symmetric with values round trips; with a diagonal entry it is
     * refused before any file is made */
    const int64_t s2[] = {1, 2}, d2[] = {0, 0};
    dyng_edge_arrays k = {
        DYNG_TYPE_INT64,       1, 3, 2, (void *)s2, (void *)d2, (int32_t *)w, DYNG_MM_INTEGER,
        DYNG_MM_SKEW_SYMMETRIC};
    CHECK_OK(dyng_mm_write_arrays("io_tmp_skew.mtx", &k));
    dyng_edge_arrays b;
    CHECK_OK(dyng_mm_read_arrays(&b, "io_tmp_skew.mtx", &o, NULL));
    CHECK(same_arrays(&k, &b) && b.symmetry == DYNG_MM_SKEW_SYMMETRIC);
    dyng_edge_arrays_free(&b);
    k.num_vertices = 2;
    CHECK_STATUS(dyng_mm_write_arrays("io_tmp_no.mtx", &k), DYNG_INVALID_ARGUMENT);
    k.num_vertices = 3;
    k.field = DYNG_MM_PATTERN;
    CHECK_STATUS(dyng_mm_write_arrays("io_tmp_no.mtx", &k), DYNG_INVALID_ARGUMENT);
    a.field = DYNG_MM_INTEGER;
    a.num_weights = 0;
    CHECK_STATUS(dyng_mm_write_arrays("io_tmp_no.mtx", &a), DYNG_INVALID_ARGUMENT);
    a.num_weights = 1;
    a.symmetry = DYNG_MM_SKEW_SYMMETRIC; /* entry (7, 7) is diagonal */
    CHECK_STATUS(dyng_mm_write_arrays("io_tmp_no.mtx", &a), DYNG_INVALID_ARGUMENT);
    CHECK(!file_exists("io_tmp_no.mtx"));
    CHECK_STATUS(dyng_mm_write_arrays(NULL, &a), DYNG_INVALID_ARGUMENT);

    /* int32 arrays from a reader, written back: the same bytes of entries */
    const char *text = BANNER_I "3 3 3\n1 2 3\n3 1 -4\n2 2 0\n";
    write_text("io_tmp_src.mtx", text);
    CHECK_OK(dyng_mm_read_arrays(&b, "io_tmp_src.mtx", NULL, NULL));
    CHECK_OK(dyng_mm_write_arrays("io_tmp_dst.mtx", &b));
    size_t n = 0;
    char *back = slurp("io_tmp_dst.mtx", &n);
    CHECK(back != NULL &&
          strcmp(back, BANNER_I "% written by dynG\n3 3 3\n1 2 3\n3 1 -4\n2 2 0\n") == 0);
    free(back);
    dyng_edge_arrays_free(&b);
}

/* ------------------------------------------------------------------------ */
/* Allocation failures                                                      */
/* ------------------------------------------------------------------------ */

static void test_brutal(void) {
    const char *text = "%%MatrixMarket matrix coordinate integer symmetric\n4 4 4\n"
                       "2 1 5\n3 3 -1\n4 2 7\n4 1 9\n";
    write_text("io_tmp_brutal.mtx", text);
    write_gz("io_tmp_brutal.mtx.gz", text, strlen(text));
    const char *paths[2] = {"io_tmp_brutal.mtx", "io_tmp_brutal.mtx.gz"};
    dyng_resources *r2 = threads(2);
    dyng_mm_read_options o;
    dyng_mm_read_options_default(&o);
    o.expand_symmetric = true;
    for (int f = 0; f < 2; f++) {
        for (int with_r = 0; with_r < 2; with_r++) {
            int64_t k;
            dyng_status st = DYNG_OUT_OF_MEMORY;
            for (k = 1; k < 1000 && st != DYNG_OK; k++) {
                dyng_edge_arrays a;
                dyng_testing_fail_allocation(k);
                st = dyng_mm_read_arrays(&a, paths[f], &o, with_r ? r2 : NULL);
                dyng_testing_fail_allocation(0);
                if (st != DYNG_OK) {
                    CHECK(st == DYNG_OUT_OF_MEMORY && arrays_zeroed(&a));
                    if (st != DYNG_OUT_OF_MEMORY)
                        fprintf(stderr, "brutal k=%lld: %s\n", (long long)k, dyng_error_message());
                } else {
                    CHECK(a.num_edges == 7);
                }
                dyng_edge_arrays_free(&a);
            }
            CHECK(st == DYNG_OK && k > 2);
        }
    }

    /* the graph reader, the writers and the .dgt reader too */
    dyng_status st = DYNG_OUT_OF_MEMORY;
    for (int64_t k = 1; k < 1000 && st != DYNG_OK; k++) {
        dyng_graph *g = NULL;
        dyng_testing_fail_allocation(k);
        st = dyng_mm_read_graph(&g, paths[1], NULL, r2);
        dyng_testing_fail_allocation(0);
        CHECK(st == DYNG_OK || (st == DYNG_OUT_OF_MEMORY && g == NULL));
        if (st == DYNG_OK) {
            for (int64_t j = 1; j < 1000; j++) {
                dyng_testing_fail_allocation(j);
                dyng_status ws = dyng_mm_write_graph(g, "io_tmp_brutal_w.mtx.gz", 0);
                dyng_testing_fail_allocation(0);
                CHECK(ws == DYNG_OK || ws == DYNG_OUT_OF_MEMORY);
                if (ws == DYNG_OK)
                    break;
            }
        }
        dyng_graph_free(&g);
    }
    CHECK(st == DYNG_OK);
    write_text("io_tmp_brutal.dgt", "%dgt 1\n%batch 1\n+e 1 2 3\n-e 2 3\n%batch 2\n+e 4 5 6\n");
    st = DYNG_OUT_OF_MEMORY;
    for (int64_t k = 1; k < 1000 && st != DYNG_OK; k++) {
        dyng_dgt_reader *rd = NULL;
        dyng_batch *b = NULL;
        REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 1));
        dyng_testing_fail_allocation(k);
        st = dyng_dgt_open(&rd, "io_tmp_brutal.dgt", DYNG_TYPE_INT32, -1);
        bool done = false;
        int batches = 0;
        while (st == DYNG_OK && !done) {
            st = dyng_dgt_next(rd, b, &done);
            batches += st == DYNG_OK && !done;
        }
        dyng_testing_fail_allocation(0);
        CHECK(st == DYNG_OK || st == DYNG_OUT_OF_MEMORY);
        if (st == DYNG_OK)
            CHECK(batches == 2);
        dyng_dgt_close(&rd);
        dyng_batch_free(&b);
    }
    CHECK(st == DYNG_OK);
    dyng_resources_free(&r2);
}

/* ------------------------------------------------------------------------ */
/* .dgt                                                                     */
/* ------------------------------------------------------------------------ */

/* Expect the next batch: id, insertions (u, v, w...) and deletions (u, v),
 * given as int64 (ins has 2 + k values per edge). */
static bool batch_is(const dyng_batch *b, int64_t id, int64_t ni, const int64_t *ins, int64_t nd,
                     const int64_t *del) {
    int64_t got_id, gi, gd;
    int k;
    dyng_type t;
    const void *is, *id_, *ds, *dd;
    const int32_t *w;
    if (dyng_batch_id(&got_id, b) || dyng_batch_num_insertions(&gi, b) ||
        dyng_batch_num_deletions(&gd, b) || dyng_batch_num_weights(&k, b) ||
        dyng_batch_vertex_type(&t, b) || dyng_batch_insertions(&is, &id_, &w, b) ||
        dyng_batch_deletions(&ds, &dd, b))
        return false;
    if (got_id != id || gi != ni || gd != nd)
        return false;
    for (int64_t e = 0; e < ni; e++) {
        const int64_t *x = ins + e * (2 + k);
        if (id_at(is, t, e) != x[0] || id_at(id_, t, e) != x[1])
            return false;
        for (int j = 0; j < k; j++)
            if (w[e * k + j] != x[2 + j])
                return false;
    }
    for (int64_t e = 0; e < nd; e++)
        if (id_at(ds, t, e) != del[2 * e] || id_at(dd, t, e) != del[2 * e + 1])
            return false;
    return true;
}

/* Read the next batch of r into b; false on an error or the end. */
static bool next_batch(dyng_dgt_reader *r, dyng_batch *b) {
    bool done = true;
    dyng_status st = dyng_dgt_next(r, b, &done);
    if (st != DYNG_OK)
        fprintf(stderr, "dyng_dgt_next: %s\n", dyng_error_message());
    return st == DYNG_OK && !done;
}

static bool at_end(dyng_dgt_reader *r, dyng_batch *b) {
    bool done = false;
    return dyng_dgt_next(r, b, &done) == DYNG_OK && done;
}

/* Read a whole .dgt text; expect `want` at (line, column) after `good`
 * batches. */
static void dgt_case(const char *name, const char *text, int num_weights, dyng_type t,
                     dyng_status want, int good, int64_t line, int64_t column) {
    write_text("io_tmp_case.dgt", text);
    dyng_dgt_reader *r = NULL;
    dyng_batch *b = NULL;
    dyng_status st = dyng_dgt_open(&r, "io_tmp_case.dgt", t, num_weights);
    int batches = 0;
    bool done = false;
    if (st == DYNG_OK) {
        int k;
        dyng_dgt_num_weights(&k, r);
        REQUIRE_OK(dyng_batch_new(&b, t, k));
        while ((st = dyng_dgt_next(r, b, &done)) == DYNG_OK && !done)
            batches++;
    }
    int64_t l, c;
    dyng_error_location(NULL, &l, &c);
    char what[1024];
    if (st != want || batches != good || (want != DYNG_OK && (l != line || c != column))) {
        snprintf(what, sizeof what,
                 "got %s after %d batches at %lld:%lld (%s), want %s after %d at %lld:%lld",
                 dyng_status_name(st), batches, (long long)l, (long long)c, dyng_error_message(),
                 dyng_status_name(want), good, (long long)line, (long long)column);
        fail_case(name, what);
    } else if (want != DYNG_OK) {
        /* the reader stays failed, with the same location */
        st = dyng_dgt_next(r, b, &done);
        dyng_error_location(NULL, &l, &c);
        int64_t n = -1;
        dyng_batch_num_insertions(&n, b);
        if (st != want || l != line || c != column || n != 0)
            fail_case(name, "the reader did not stay failed");
        else
            check_passed_count++;
    } else {
        check_passed_count++;
    }
    dyng_dgt_close(&r);
    dyng_batch_free(&b);
}

static void test_dgt_errors(void) {
    const dyng_type I32 = DYNG_TYPE_INT32, I64 = DYNG_TYPE_INT64;
    const dyng_status FF = DYNG_FILE_FORMAT;
    dgt_case("unknown line", "%dgt 1\nfoo 1 2\n", 0, I32, FF, 0, 2, 1);
    dgt_case("unknown line indented", "%batch 1\n  +x 1 2\n", 0, I32, FF, 0, 2, 3);
    dgt_case("glued tag", "%batch 1\n+e1 2\n", 0, I32, FF, 0, 2, 1);
    dgt_case("percent comment", "%batch 1\n% no\n", 0, I32, FF, 0, 2, 1);
    dgt_case("version 2", "%dgt 2\n", 0, I32, FF, 0, 1, 6);
    dgt_case("version missing", "%dgt\n", 0, I32, FF, 0, 1, 5);
    dgt_case("version extra", "%dgt 1 x\n", 0, I32, FF, 0, 1, 8);
    dgt_case("version late", "# c\n%dgt 1\n", 0, I32, FF, 0, 2, 1);
    dgt_case("batch id missing", "%batch\n", 0, I32, FF, 0, 1, 7);
    dgt_case("batch id garbage", "%batch x1\n", 0, I32, FF, 0, 1, 8);
    dgt_case("batch id negative", "%batch -1\n", 0, I32, FF, 0, 1, 8);
    dgt_case("batch id overflow", "%batch 9223372036854775808\n", 0, I32, FF, 0, 1, 8);
    dgt_case("batch id extra", "%batch 1 2\n", 0, I32, FF, 0, 1, 10);
    dgt_case("same id", "%batch 3\n%batch 3\n", 0, I32, FF, 0, 2, 8);
    dgt_case("decreasing id", "%batch 2\n+e 1 2\n%batch 1\n", 0, I32, FF, 0, 3, 8);
    dgt_case("implicit 0 then 0", "+e 1 2\n%batch 0\n", 0, I32, FF, 0, 2, 8);
    dgt_case("truncated +e", "%batch 1\n+e 1\n", 0, I32, FF, 0, 2, 5);
    dgt_case("truncated +e CRLF", "%batch 1\r\n+e 1 \r\n", 0, I32, FF, 0, 2, 5);
    dgt_case("truncated -e", "%batch 1\n-e\n", 0, I32, FF, 0, 2, 3);
    dgt_case("garbage vertex", "%batch 1\n+e 1 a\n", 0, I32, FF, 0, 2, 6);
    dgt_case("glued vertex", "%batch 1\n-e 1x 2\n", 0, I32, FF, 0, 2, 4);
    dgt_case("negative vertex", "%batch 1\n-e -1 2\n", 0, I32, FF, 0, 2, 4);
    dgt_case("extra on deletion", "%batch 1\n-e 1 2 3\n", 0, I32, FF, 0, 2, 8);
    dgt_case("int32 id range", "%batch 1\n+e 2147483648 1\n", 0, I32, FF, 0, 2, 4);
    dgt_case("int32 id max ok", "%batch 1\n+e 2147483647 1\n", 0, I32, DYNG_OK, 1, 0, 0);
    dgt_case("int64 id ok", "%batch 1\n+e 9223372036854775807 1\n", 0, I64, DYNG_OK, 1, 0, 0);
    dgt_case("int64 id range", "%batch 1\n+e 1 9223372036854775808\n", 0, I64, FF, 0, 2, 6);
    dgt_case("huge id", "%batch 1\n+e 99999999999999999999999 1\n", 0, I64, FF, 0, 2, 4);
    dgt_case("too few weights", "%batch 1\n+e 1 2 3\n", 2, I32, FF, 0, 2, 9);
    dgt_case("too many weights", "%batch 1\n+e 1 2 3 4 5\n", 2, I32, FF, 0, 2, 12);
    dgt_case("weights in K=0 file", "%batch 1\n+e 1 2 5\n", 0, I32, FF, 0, 2, 8);
    dgt_case("weight mismatch later", "%batch 1\n+e 1 2 5\n%batch 2\n+e 1 2 5 6\n", -1, I32, FF, 1,
             4, 10);
    /* K is the first insertion's, in whichever batch (here 1), and the
     * batches after must agree. */
    dgt_case("K past a deletion-only batch", "%batch 1\n-e 1 2\n%batch 2\n+e 1 2 5\n", -1, I32,
             DYNG_OK, 2, 0, 0);
    dgt_case("K past an empty batch", "%batch 1\n%batch 2\n+e 1 2 5 6\n%batch 3\n+e 1 2 5\n", -1,
             I32, FF, 2, 5, 9);
    dgt_case("weight range", "%batch 1\n+e 1 2 2147483648\n", 1, I32, FF, 0, 2, 8);
    dgt_case("weight garbage", "%batch 1\n+e 1 2 1.5\n", 1, I32, FF, 0, 2, 8);
    dgt_case("negative weight ok", "%batch 1\n+e 1 2 -2147483648\n", 1, I32, DYNG_OK, 1, 0, 0);
    dgt_case("error in second batch", "%batch 1\n+e 1 2\n%batch 2\n-e 1 2\n-e 1 z\n", 0, I32, FF, 1,
             5, 6);
    dgt_case("empty file", "", 0, I32, DYNG_OK, 0, 0, 0);
    dgt_case("only version", "%dgt 1\n", -1, I32, DYNG_OK, 0, 0, 0);
    dgt_case("only comments", "%dgt 1\n# a\n\n   \n#b", -1, I32, DYNG_OK, 0, 0, 0);
    dyng_dgt_reader *r = NULL;
    CHECK_STATUS(dyng_dgt_open(&r, "io_tmp_missing.dgt", I32, 0), DYNG_FILE_FORMAT);
    CHECK(r == NULL);
    CHECK_STATUS(dyng_dgt_open(&r, "io_tmp_case.dgt", DYNG_TYPE_NONE, 0), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_dgt_open(&r, "io_tmp_case.dgt", I32, 65), DYNG_INVALID_ARGUMENT);
    /* a batch of the wrong kind is refused without consuming anything */
    write_text("io_tmp_kind.dgt", "%batch 1\n+e 1 2 3\n");
    dyng_batch *b0 = NULL, *b1 = NULL;
    REQUIRE_OK(dyng_batch_new(&b0, I32, 0));
    REQUIRE_OK(dyng_batch_new(&b1, I32, 1));
    REQUIRE_OK(dyng_dgt_open(&r, "io_tmp_kind.dgt", I32, -1));
    bool done = false;
    CHECK_STATUS(dyng_dgt_next(r, b0, &done), DYNG_INVALID_ARGUMENT);
    const int64_t ins[] = {1, 2, 3};
    CHECK(next_batch(r, b1) && batch_is(b1, 1, 1, ins, 0, NULL));
    CHECK(at_end(r, b1) && at_end(r, b1));
    dyng_dgt_close(&r);
    dyng_batch_free(&b0);
    dyng_batch_free(&b1);
}

/* Write batches, read them back (given K and K from the file), write again:
 * the same bytes. */
static void test_dgt_round_trip(int k, dyng_type t, const char *path) {
    const int64_t ins0[] = {0, 1, 10, 11, 2, 3, 12, 13, 5, 5, -1, 2147483647};
    const int64_t del0[] = {4, 5};
    const int64_t del5[] = {1, 2, 3, 4};
    const int64_t ins9[] = {7, 6000000000LL, 0, 0, 8, 9, -5, 5};
    const int64_t *ins[4] = {ins0, NULL, NULL, ins9};
    const int64_t *del[4] = {del0, del5, NULL, NULL};
    const int64_t ni[4] = {3, 0, 0, 2}, nd[4] = {1, 2, 0, 0}, ids[4] = {0, 5, 7, 9};
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, t, k));
    dyng_dgt_writer *w = NULL;
    REQUIRE_OK(dyng_dgt_writer_open(&w, path));
    /* the generic lists hold 2 + 2 values per insertion; keep k of them */
    int64_t want_ins[4][3 * 4];
    for (int j = 0; j < 4; j++) {
        REQUIRE_OK(dyng_batch_clear(b));
        REQUIRE_OK(dyng_batch_set_id(b, ids[j]));
        for (int64_t e = 0; e < ni[j]; e++) {
            int64_t u = ins[j][4 * e], v = ins[j][4 * e + 1];
            if (t == DYNG_TYPE_INT32)
                v %= 1000;
            int32_t ww[2] = {(int32_t)ins[j][4 * e + 2], (int32_t)ins[j][4 * e + 3]};
            int64_t u64[1] = {u}, v64[1] = {v};
            int32_t u32[1] = {(int32_t)u}, v32[1] = {(int32_t)v};
            REQUIRE_OK(dyng_batch_add_insertions(b, 1, t == DYNG_TYPE_INT64 ? (void *)u64 : u32,
                                                 t == DYNG_TYPE_INT64 ? (void *)v64 : v32,
                                                 k > 0 ? ww : NULL));
            want_ins[j][e * (2 + k)] = u;
            want_ins[j][e * (2 + k) + 1] = v;
            for (int q = 0; q < k; q++)
                want_ins[j][e * (2 + k) + 2 + q] = ww[q];
        }
        for (int64_t e = 0; e < nd[j]; e++) {
            int64_t u64[1] = {del[j][2 * e]}, v64[1] = {del[j][2 * e + 1]};
            int32_t u32[1] = {(int32_t)u64[0]}, v32[1] = {(int32_t)v64[0]};
            REQUIRE_OK(dyng_batch_add_deletions(b, 1, t == DYNG_TYPE_INT64 ? (void *)u64 : u32,
                                                t == DYNG_TYPE_INT64 ? (void *)v64 : v32));
        }
        CHECK_OK(dyng_dgt_write_batch(w, b));
    }
    /* id order and weight count are enforced */
    CHECK_STATUS(dyng_dgt_write_batch(w, b), DYNG_INVALID_ARGUMENT);
    dyng_batch *other = NULL;
    REQUIRE_OK(dyng_batch_new(&other, t, k + 1));
    REQUIRE_OK(dyng_batch_set_id(other, 100));
    CHECK_STATUS(dyng_dgt_write_batch(w, other), DYNG_INVALID_ARGUMENT);
    dyng_batch_free(&other);
    CHECK_OK(dyng_dgt_writer_close(&w));
    CHECK(w == NULL);

    for (int given = 0; given < 2; given++) {
        dyng_dgt_reader *r = NULL;
        CHECK_OK(dyng_dgt_open(&r, path, t, given ? k : -1));
        int kk = -2;
        CHECK_OK(dyng_dgt_num_weights(&kk, r));
        CHECK(kk == k);
        for (int j = 0; j < 4; j++)
            CHECK(next_batch(r, b) && batch_is(b, ids[j], ni[j], want_ins[j], nd[j], del[j]));
        CHECK(at_end(r, b));
        dyng_dgt_close(&r);
    }

    /* read -> write: the same bytes */
    char copy[256];
    snprintf(copy, sizeof copy, "io_tmp_copy_%s", path);
    dyng_dgt_reader *r = NULL;
    REQUIRE_OK(dyng_dgt_open(&r, path, t, -1));
    REQUIRE_OK(dyng_dgt_writer_open(&w, copy));
    bool done = false;
    while (dyng_dgt_next(r, b, &done) == DYNG_OK && !done)
        CHECK_OK(dyng_dgt_write_batch(w, b));
    CHECK(done);
    CHECK_OK(dyng_dgt_writer_close(&w));
    dyng_dgt_close(&r);
    size_t n1 = 0, n2 = 0;
    gzFile f1 = gzopen(path, "rb"), f2 = gzopen(copy, "rb");
    char b1[8192], b2[8192];
    int g1 = gzread(f1, b1, sizeof b1), g2 = gzread(f2, b2, sizeof b2);
    n1 = g1 > 0 ? (size_t)g1 : 0;
    n2 = g2 > 0 ? (size_t)g2 : 0;
    CHECK(n1 > 0 && n1 == n2 && memcmp(b1, b2, n1) == 0);
    CHECK(n1 >= 7 && memcmp(b1, "%dgt 1\n%batch 0\n-e 4 5\n+e 0 1", 29) == 0);
    gzclose(f1);
    gzclose(f2);
    dyng_batch_free(&b);
}

static void test_dgt_reading(void) {
    /* implicit batch 0, CRLF, comments, blank lines, leading blanks */
    write_text("io_tmp_imp.dgt", "# header comment\r\n+e 1 2 7\r\n\r\n  -e 3 4\r\n"
                                 "%batch 4\r\n\t+e 5 6 -8 \r\n# end");
    dyng_dgt_reader *r = NULL;
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_dgt_open(&r, "io_tmp_imp.dgt", DYNG_TYPE_INT64, -1));
    int k = -1;
    dyng_dgt_num_weights(&k, r);
    CHECK(k == 1);
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT64, 1));
    const int64_t i0[] = {1, 2, 7}, d0[] = {3, 4}, i4[] = {5, 6, -8};
    CHECK(next_batch(r, b) && batch_is(b, 0, 1, i0, 1, d0));
    CHECK(next_batch(r, b) && batch_is(b, 4, 1, i4, 0, NULL));
    CHECK(at_end(r, b));
    dyng_dgt_close(&r);
    dyng_batch_free(&b);

    /* a line longer than the reader's buffer, and a gzip file */
    size_t big = 300000;
    char *text = malloc(big + 64);
    strcpy(text, "%batch 1\n#");
    memset(text + 10, 'x', big);
    strcpy(text + 10 + big, "\n+e 8 9\n");
    write_gz("io_tmp_long.dgt.gz", text, strlen(text));
    free(text);
    REQUIRE_OK(dyng_dgt_open(&r, "io_tmp_long.dgt.gz", DYNG_TYPE_INT32, -1));
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 0));
    const int64_t i1[] = {8, 9};
    CHECK(next_batch(r, b) && batch_is(b, 1, 1, i1, 0, NULL));
    CHECK(at_end(r, b));
    dyng_dgt_close(&r);
    dyng_batch_free(&b);

    /* 10,000 batches streamed, more edges than one staging round */
    dyng_dgt_writer *w = NULL;
    REQUIRE_OK(dyng_dgt_writer_open(&w, "io_tmp_many.dgt"));
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 2));
    int32_t s[10000], d[10000], ww[20000];
    for (int j = 0; j < 10000; j++) {
        s[j] = j;
        d[j] = 3 * j + 1;
        ww[2 * j] = j;
        ww[2 * j + 1] = -j;
    }
    for (int j = 0; j < 10000; j++) {
        REQUIRE_OK(dyng_batch_clear(b));
        REQUIRE_OK(dyng_batch_set_id(b, 2 * (int64_t)j + 1));
        int count = j % 5;
        if (j == 5000)
            count = 10000;
        REQUIRE_OK(dyng_batch_add_insertions(b, count, s, d, ww));
        REQUIRE_OK(dyng_batch_add_deletions(b, j % 3, d, s));
        REQUIRE_OK(dyng_dgt_write_batch(w, b));
    }
    CHECK_OK(dyng_dgt_writer_close(&w));
    REQUIRE_OK(dyng_dgt_open(&r, "io_tmp_many.dgt", DYNG_TYPE_INT32, 2));
    bool ok = true;
    for (int j = 0; j < 10000 && ok; j++) {
        int64_t id = -1, ni = -1, nd = -1;
        ok = next_batch(r, b);
        dyng_batch_id(&id, b);
        dyng_batch_num_insertions(&ni, b);
        dyng_batch_num_deletions(&nd, b);
        ok = ok && id == 2 * (int64_t)j + 1 && ni == (j == 5000 ? 10000 : j % 5) && nd == j % 3;
        if (ok && j == 5000) {
            const void *is, *id_;
            const int32_t *iw;
            dyng_batch_insertions(&is, &id_, &iw, b);
            ok = memcmp(is, s, sizeof s) == 0 && memcmp(id_, d, sizeof d) == 0 &&
                 memcmp(iw, ww, sizeof ww) == 0;
        }
    }
    CHECK(ok);
    CHECK(at_end(r, b));
    dyng_dgt_close(&r);
    dyng_batch_free(&b);

    /* writer errors */
    CHECK_STATUS(dyng_dgt_writer_open(&w, "io_tmp_no_such_dir/x.dgt"), DYNG_FILE_FORMAT);
    CHECK(w == NULL);
    if (file_exists("/dev/full")) {
        REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 0));
        dyng_status st = dyng_dgt_writer_open(&w, "/dev/full");
        if (st == DYNG_OK) {
            REQUIRE_OK(dyng_batch_set_id(b, 1));
            REQUIRE_OK(dyng_batch_add_insertions(b, 3, s, d, NULL));
            CHECK_OK(dyng_dgt_write_batch(w, b)); /* buffered */
            CHECK_STATUS(dyng_dgt_writer_close(&w), DYNG_FILE_FORMAT);
            CHECK(w == NULL);
        }
        dyng_batch_free(&b);
    }
    CHECK_OK(dyng_dgt_writer_close(NULL));
    CHECK_OK(dyng_dgt_close(NULL));
}

/* Trailing comments, CR line ends, and a stream cut off by its writer. */
static void test_dgt_comments_and_ends(void) {
    const dyng_type I32 = DYNG_TYPE_INT32;
    const dyng_status FF = DYNG_FILE_FORMAT;
    /* a '#' that starts a token starts a comment, on any line */
    write_text("io_tmp_note.dgt", "%dgt 1 # v\n%batch 1 # first\n+e 1 2 3 # note\n"
                                  "-e 4 5 #x\n+e 6 7 8\t#\n");
    dyng_dgt_reader *r = NULL;
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_dgt_open(&r, "io_tmp_note.dgt", I32, -1));
    int k = -1;
    dyng_dgt_num_weights(&k, r);
    CHECK(k == 1); /* the comment's words are no weights */
    REQUIRE_OK(dyng_batch_new(&b, I32, 1));
    const int64_t i1[] = {1, 2, 3, 6, 7, 8}, d1[] = {4, 5};
    CHECK(next_batch(r, b) && batch_is(b, 1, 2, i1, 1, d1));
    dyng_dgt_close(&r);
    dyng_batch_free(&b);
    dgt_case("comment glued to the id", "%batch 2#\n", 0, I32, FF, 0, 1, 8);
    dgt_case("comment glued to a vertex", "%batch 1\n+e 1 2#x\n", 0, I32, FF, 0, 2, 6);
    dgt_case("comment after the weights", "%batch 1\n+e 1 2 3 # 4 5\n", -1, I32, DYNG_OK, 1, 0, 0);
    dgt_case("comment in place of a weight", "%batch 1\n+e 1 2 # 4\n", 1, I32, FF, 0, 2, 7);
    dgt_case("CRLF and a comment", "%batch 1 # a\r\n+e 1 2 # b\r\n", 0, I32, DYNG_OK, 1, 0, 0);
    /* a CR that ends no line: the file has CR line ends */
    dgt_case("CR line ends", "%batch 1\r+e 1 2\r", 0, I32, FF, 0, 1, 9);
    dgt_case("CR line ends in a comment", "# c\r%batch 1\r+e 1 2\r", 0, I32, FF, 0, 1, 4);
    dgt_case("CR after a comment", "%batch 1\n+e 1 2 # c\r+e 3 4\n", 0, I32, FF, 0, 2, 11);
    {
        /* num_weights -1: open counts the weights of the first "+e" line, which
         * a lone CR would join to the next (it counted 3 weights) */
        write_text("io_tmp_case.dgt", "+e 0 1\r+e 1 2\n");
        dyng_dgt_reader *r = NULL;
        CHECK_STATUS(dyng_dgt_open(&r, "io_tmp_case.dgt", I32, -1), FF);
        int64_t l = 0, c = 0;
        dyng_error_location(NULL, &l, &c);
        CHECK(r == NULL && l == 1 && c == 7);
    }
    dgt_case("CR at the end", "%batch 1\n+e 1 2\r", 0, I32, FF, 0, 2, 7);
    dgt_case("CR in a batch", "%batch 1\n+e 1 2\n%batch 2\n+e 1\r2\n", 0, I32, FF, 1, 4, 5);
    /* "%aborted": the batch before it comes back, then the error at it */
    dgt_case("aborted", "%batch 1\n+e 1 2\n%batch 2\n-e 1 2\n%aborted\n", 0, I32, FF, 2, 5, 1);
    dgt_case("aborted at once", "%dgt 1\n%aborted\n", 0, I32, FF, 0, 2, 1);
    dgt_case("aborted in batch 0", "+e 1 2\n  %aborted\n", 0, I32, FF, 1, 2, 3);

    /* the writer: a negative id is refused and writes nothing; abort marks
     * the file, and the batches before the mark read back */
    int32_t s[] = {0, -1}, d[] = {1, 2};
    dyng_dgt_writer *w = NULL;
    REQUIRE_OK(dyng_batch_new(&b, I32, 0));
    REQUIRE_OK(dyng_dgt_writer_open(&w, "io_tmp_neg.dgt"));
    REQUIRE_OK(dyng_batch_set_id(b, 1));
    REQUIRE_OK(dyng_batch_add_insertions(b, 1, s, d, NULL));
    CHECK_OK(dyng_dgt_write_batch(w, b));
    REQUIRE_OK(dyng_batch_set_id(b, 2));
    REQUIRE_OK(dyng_batch_add_deletions(b, 2, s, d));
    CHECK_STATUS(dyng_dgt_write_batch(w, b), DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "batch 2: deletion 1 is (-1, 2)") != NULL);
    CHECK_OK(dyng_dgt_writer_close(&w));
    size_t n = 0;
    char *text = slurp("io_tmp_neg.dgt", &n);
    CHECK(text != NULL && strcmp(text, "%dgt 1\n%batch 1\n+e 0 1\n") == 0);
    free(text);
    for (int gz = 0; gz < 2; gz++) {
        const char *path = gz ? "io_tmp_abort.dgt.gz" : "io_tmp_abort.dgt";
        REQUIRE_OK(dyng_dgt_writer_open(&w, path));
        REQUIRE_OK(dyng_batch_clear(b));
        REQUIRE_OK(dyng_batch_set_id(b, 3));
        REQUIRE_OK(dyng_batch_add_insertions(b, 1, s, d, NULL));
        CHECK_OK(dyng_dgt_write_batch(w, b));
        CHECK_OK(dyng_dgt_writer_abort(&w));
        CHECK(w == NULL);
        REQUIRE_OK(dyng_dgt_open(&r, path, I32, 0));
        const int64_t i3[] = {0, 1};
        CHECK(next_batch(r, b) && batch_is(b, 3, 1, i3, 0, NULL));
        bool done = false;
        CHECK_STATUS(dyng_dgt_next(r, b, &done), FF);
        int64_t l = 0, c = 0;
        dyng_error_location(NULL, &l, &c);
        CHECK(l == 4 && c == 1 && strstr(dyng_error_message(), "incomplete") != NULL);
        dyng_dgt_close(&r);
    }
    CHECK_OK(dyng_dgt_writer_abort(NULL));
    CHECK_OK(dyng_dgt_writer_abort(&w));
    dyng_batch_free(&b);
}

int main(void) {
    test_mm_banner_errors();
    test_mm_size_errors();
    test_mm_entry_errors();
    test_mm_values();
    test_mm_numbers();
    test_mm_layouts();
    test_mm_parallel();
    test_mm_shared_data();
    test_mm_read_graph();
    test_mm_write();
    test_mm_write_arrays();
    test_brutal();
    test_dgt_errors();
    test_dgt_round_trip(2, DYNG_TYPE_INT64, "io_tmp_rt2.dgt");
    test_dgt_round_trip(0, DYNG_TYPE_INT32, "io_tmp_rt0.dgt.gz");
    test_dgt_round_trip(1, DYNG_TYPE_INT32, "io_tmp_rt1.dgt");
    test_dgt_reading();
    test_dgt_comments_and_ends();
    return check_finish("test_io");
}
