/*
 * tests/c/test_io_research.c - the research codes' files (CSR triplets,
 * change files, signed batches, distances, trees) and .dgb streams.
 *
 * Round trips against the goldens byte for byte, malformed files at their
 * line and column, every prefix and every flipped byte of a .dgb file, and
 * allocation failures swept over the readers.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/alloc.h"
#include "dyng/dyng.h"
#include "files.h"

static const char *shared_dir(void) {
    const char *d = getenv("DYNG_SHARED_DIR");
    return d != NULL ? d : "../shared";
}

/* The error location's line and column after a failed call. */
static void location(int64_t *line, int64_t *column) {
    const char *path;
    dyng_error_location(&path, line, column);
}

static bool same_file(const char *a, const char *b) {
    size_t na = 0, nb = 0;
    char *x = slurp(a, &na), *y = slurp(b, &nb);
    bool same = x != NULL && y != NULL && na == nb && memcmp(x, y, na) == 0;
    if (!same)
        fprintf(stderr, "files differ: %s and %s\n", a, b);
    free(x);
    free(y);
    return same;
}

/* Two batches hold the same lists, ids compared as int64. */
static bool same_batch(const dyng_batch *a, const dyng_batch *b) {
    int64_t na = 0, nb = 0, da = 0, db = 0, ia = 0, ib = 0;
    int ka = 0, kb = 0;
    dyng_type ta = DYNG_TYPE_INT32, tb = DYNG_TYPE_INT32;
    dyng_batch_num_insertions(&na, a);
    dyng_batch_num_insertions(&nb, b);
    dyng_batch_num_deletions(&da, a);
    dyng_batch_num_deletions(&db, b);
    dyng_batch_num_weights(&ka, a);
    dyng_batch_num_weights(&kb, b);
    dyng_batch_id(&ia, a);
    dyng_batch_id(&ib, b);
    dyng_batch_vertex_type(&ta, a);
    dyng_batch_vertex_type(&tb, b);
    if (na != nb || da != db || ia != ib || (na > 0 && ka != kb))
        return false;
    const void *as, *ad, *bs, *bd;
    const int32_t *aw, *bw;
    dyng_batch_insertions(&as, &ad, &aw, a);
    dyng_batch_insertions(&bs, &bd, &bw, b);
#define ID(p, t, i) ((t) == DYNG_TYPE_INT64 ? ((const int64_t *)(p))[i] : ((const int32_t *)(p))[i])
    for (int64_t i = 0; i < na; i++) {
        if (ID(as, ta, i) != ID(bs, tb, i) || ID(ad, ta, i) != ID(bd, tb, i))
            return false;
        for (int j = 0; j < ka; j++)
            if (aw[i * ka + j] != bw[i * kb + j])
                return false;
    }
    dyng_batch_deletions(&as, &ad, a);
    dyng_batch_deletions(&bs, &bd, b);
    for (int64_t i = 0; i < da; i++)
        if (ID(as, ta, i) != ID(bs, tb, i) || ID(ad, ta, i) != ID(bd, tb, i))
            return false;
#undef ID
    return true;
}

/* ---- CSR triplets ------------------------------------------------------------- */

static void test_csr_goldens(void) {
    char prefix[512], out[512];
    dyng_graph *g = NULL;
    snprintf(prefix, sizeof prefix, "%s/goldens/mosp/small60/csr/graphCsr", shared_dir());
    CHECK_OK(dyng_csr_files_read_graph(&g, prefix, NULL, NULL));
    int64_t n = 0, m = 0;
    dyng_graph_properties p;
    CHECK_OK(dyng_graph_num_vertices(&n, g));
    CHECK_OK(dyng_graph_num_entries(&m, g));
    CHECK_OK(dyng_graph_properties_of(&p, g));
    CHECK(n == 60 && m == 300 && p.num_weights == 3 && p.order == DYNG_ORDER_APPEND);
    CHECK_OK(dyng_graph_check(g));
    /* written back: the same three files, byte for byte */
    CHECK_OK(dyng_csr_files_write_graph(g, "rt_small60_", false));
    const char *parts[] = {"RowPtr", "ColInd", "Values"};
    for (int i = 0; i < 3; i++) {
        snprintf(out, sizeof out, "rt_small60_%s.txt", parts[i]);
        char golden[600];
        snprintf(golden, sizeof golden, "%s%s.txt", prefix, parts[i]);
        CHECK(same_file(out, golden));
    }
    dyng_graph_free(&g);

    /* the gzipped luxembourg triplet (the files exist only as .gz) */
    snprintf(prefix, sizeof prefix, "%s/goldens/mosp/luxembourg_osm/csr/graphCsr", shared_dir());
    dyng_resources *two = NULL;
    /* two threads where OpenMP is built */
    REQUIRE_OK(dyng_openmp_available() ? dyng_resources_new(&two, DYNG_BACKEND_OPENMP, 2)
                                       : dyng_resources_new(&two, DYNG_BACKEND_SEQUENTIAL, 1));
    CHECK_OK(dyng_csr_files_read_graph(&g, prefix, NULL, two));
    CHECK_OK(dyng_graph_num_vertices(&n, g));
    CHECK_OK(dyng_graph_num_entries(&m, g));
    CHECK(n == 114599 && m == 239332);
    /* compressed copies read back to the same CSR */
    CHECK_OK(dyng_csr_files_write_graph(g, "rt_lux_", true));
    dyng_graph *h = NULL;
    CHECK_OK(dyng_csr_files_read_graph(&h, "rt_lux_", NULL, NULL));
    int64_t hn = 0, hm = 0;
    CHECK_OK(dyng_graph_num_vertices(&hn, h));
    CHECK_OK(dyng_graph_num_entries(&hm, h));
    CHECK(hn == n && hm == m);
    if (hn == n && hm == m) {
        int32_t *ra = malloc((size_t)(n + 1) * 4), *rb = malloc((size_t)(n + 1) * 4);
        int32_t *ca = malloc((size_t)m * 4), *cb = malloc((size_t)m * 4);
        int32_t *wa = malloc((size_t)m * 12), *wb = malloc((size_t)m * 12);
        CHECK_OK(dyng_graph_to_csr(g, false, ra, ca, wa));
        CHECK_OK(dyng_graph_to_csr(h, false, rb, cb, wb));
        CHECK(memcmp(ra, rb, (size_t)(n + 1) * 4) == 0 && memcmp(ca, cb, (size_t)m * 4) == 0 &&
              memcmp(wa, wb, (size_t)m * 12) == 0);
        free(ra), free(rb), free(ca), free(cb), free(wa), free(wb);
    }
    dyng_graph_free(&h);
    dyng_graph_free(&g);
    dyng_resources_free(&two);
}

/* A triplet from three texts (values NULL: no values file). */
static void write_triplet(const char *prefix, const char *rows, const char *cols,
                          const char *values) {
    char path[256];
    snprintf(path, sizeof path, "%sRowPtr.txt", prefix);
    write_text(path, rows);
    snprintf(path, sizeof path, "%sColInd.txt", prefix);
    write_text(path, cols);
    snprintf(path, sizeof path, "%sValues.txt", prefix);
    remove(path);
    if (values != NULL)
        write_text(path, values);
}

/* Reading the triplet fails with `st` at (line, column) of file `part`. */
static void expect_triplet_error(const char *rows, const char *cols, const char *values,
                                 dyng_status st, const char *part, int64_t line, int64_t column) {
    write_triplet("bad_", rows, cols, values);
    dyng_graph *g = NULL;
    CHECK_STATUS(dyng_csr_files_read_graph(&g, "bad_", NULL, NULL), st);
    CHECK(g == NULL);
    const char *path;
    int64_t l = 0, c = 0;
    dyng_error_location(&path, &l, &c);
    CHECK(path != NULL && strstr(path, part) != NULL);
    if (l != line || c != column)
        fprintf(stderr, "  %s: at %lld:%lld, expected %lld:%lld (%s)\n", part, (long long)l,
                (long long)c, (long long)line, (long long)column, dyng_error_message());
    CHECK(l == line && c == column);
}

static void test_csr_errors(void) {
    /* a good one first: 3 vertices, 0->1, 0->2, 2->0, weights K = 2 */
    write_triplet("ok_", "0\n2\n2\n3\n", "1\n2\n0\n", "5 6\n7 8\n9 10\n");
    dyng_graph *g = NULL;
    CHECK_OK(dyng_csr_files_read_graph(&g, "ok_", NULL, NULL));
    int64_t n = 0, m = 0;
    dyng_graph_num_vertices(&n, g);
    dyng_graph_num_edges(&m, g);
    CHECK(n == 3 && m == 3);
    dyng_graph_free(&g);
    /* no values file: unweighted; comments and CRLF are fine */
    write_triplet("ok_", "# offsets\r\n0\r\n2\r\n2\r\n3\r\n", "1\n2\n0\n", NULL);
    CHECK_OK(dyng_csr_files_read_graph(&g, "ok_", NULL, NULL));
    dyng_graph_properties p;
    dyng_graph_properties_of(&p, g);
    CHECK(p.num_weights == 0);
    dyng_graph_free(&g);

    expect_triplet_error("1\n2\n", "0\n", NULL, DYNG_FILE_FORMAT, "RowPtr", 1, 1);
    expect_triplet_error("0\n2\n1\n", "0\n1\n", NULL, DYNG_FILE_FORMAT, "RowPtr", 3, 1);
    expect_triplet_error("0\nx\n", "", NULL, DYNG_FILE_FORMAT, "RowPtr", 2, 1);
    expect_triplet_error("0\n-1\n", "", NULL, DYNG_FILE_FORMAT, "RowPtr", 2, 1);
    expect_triplet_error("0\n1 2\n", "0\n", NULL, DYNG_FILE_FORMAT, "RowPtr", 2, 3);
    expect_triplet_error("", "", NULL, DYNG_FILE_FORMAT, "RowPtr", 0, 0);
    /* a column id not below n, too few and too many ids */
    expect_triplet_error("0\n1\n2\n", "1\n2\n", NULL, DYNG_FILE_FORMAT, "ColInd", 2, 1);
    expect_triplet_error("0\n1\n2\n", "1\n", NULL, DYNG_FILE_FORMAT, "ColInd", 0, 0);
    expect_triplet_error("0\n1\n2\n", "1\n0\n1\n", NULL, DYNG_FILE_FORMAT, "ColInd", 3, 1);
    /* values: a fraction, past int32, a line short of K, a line too many */
    expect_triplet_error("0\n1\n2\n", "1\n0\n", "1 2\n3 4.5\n", DYNG_FILE_FORMAT, "Values", 2, 3);
    expect_triplet_error("0\n1\n2\n", "1\n0\n", "1\n2147483648\n", DYNG_FILE_FORMAT, "Values", 2,
                         1);
    expect_triplet_error("0\n1\n2\n", "1\n0\n", "1 2\n3\n", DYNG_FILE_FORMAT, "Values", 2, 2);
    expect_triplet_error("0\n1\n2\n", "1\n0\n", "1\n2\n3\n", DYNG_FILE_FORMAT, "Values", 3, 1);
    /* a missing file names the prefix */
    CHECK_STATUS(dyng_csr_files_read_graph(&g, "no_such_prefix_", NULL, NULL), DYNG_FILE_FORMAT);
    CHECK(strstr(dyng_error_message(), "no_such_prefix_RowPtr.txt") != NULL);
}

/* ---- batches ------------------------------------------------------------------- */

static const char *const mosp_batches[] = {"n100_ins50_uniform_seed1", "n200_reweight_seed9",
                                           "n500_ins30_targeted_seed5"};

static void test_change_files(void) {
    char ins[512], del[512];
    for (size_t i = 0; i < sizeof mosp_batches / sizeof *mosp_batches; i++) {
        snprintf(ins, sizeof ins, "%s/goldens/mosp/small60/changes/%s/insert.txt", shared_dir(),
                 mosp_batches[i]);
        snprintf(del, sizeof del, "%s/goldens/mosp/small60/changes/%s/delete.txt", shared_dir(),
                 mosp_batches[i]);
        dyng_batch *b = NULL;
        CHECK_OK(dyng_change_files_read(&b, ins, del, DYNG_TYPE_INT32, -1, NULL));
        int k = -1;
        int64_t ni = -1, nd = -1;
        dyng_batch_num_weights(&k, b);
        dyng_batch_num_insertions(&ni, b);
        dyng_batch_num_deletions(&nd, b);
        CHECK(k == 3 && ni > 0);
        CHECK_OK(dyng_change_files_write(b, "rt_insert.txt", "rt_delete.txt"));
        CHECK(same_file("rt_insert.txt", ins));
        CHECK(same_file("rt_delete.txt", del));
        /* int64 ids give the same lists */
        dyng_batch *w = NULL;
        CHECK_OK(dyng_change_files_read(&w, ins, del, DYNG_TYPE_INT64, 3, NULL));
        CHECK(w != NULL && same_batch(b, w));
        dyng_batch_free(&w);
        dyng_batch_free(&b);
    }
    /* one side only; errors */
    write_text("ins.txt", "0 1 5\n2 3 6\n");
    write_text("del.txt", "0 1\n");
    dyng_batch *b = NULL;
    CHECK_OK(dyng_change_files_read(&b, "ins.txt", NULL, DYNG_TYPE_INT32, -1, NULL));
    int64_t count = 0;
    dyng_batch_num_deletions(&count, b);
    CHECK(count == 0);
    dyng_batch_free(&b);
    CHECK_OK(dyng_change_files_read(&b, NULL, "del.txt", DYNG_TYPE_INT32, -1, NULL));
    dyng_batch_num_deletions(&count, b);
    CHECK(count == 1);
    dyng_batch_free(&b);
    int64_t line = 0, column = 0;
    write_text("ins.txt", "0 1 5\n2 3\n");
    CHECK_STATUS(dyng_change_files_read(&b, "ins.txt", NULL, DYNG_TYPE_INT32, -1, NULL),
                 DYNG_FILE_FORMAT);
    location(&line, &column);
    CHECK(b == NULL && line == 2 && column == 4);
    write_text("del.txt", "0 1\n-2 3\n");
    CHECK_STATUS(dyng_change_files_read(&b, NULL, "del.txt", DYNG_TYPE_INT32, -1, NULL),
                 DYNG_FILE_FORMAT);
    location(&line, &column);
    CHECK(line == 2 && column == 1 && strstr(dyng_error_message(), "negative") != NULL);
    write_text("del.txt", "0 3000000000\n");
    CHECK_STATUS(dyng_change_files_read(&b, NULL, "del.txt", DYNG_TYPE_INT32, -1, NULL),
                 DYNG_CAPACITY);
    CHECK_OK(dyng_change_files_read(&b, NULL, "del.txt", DYNG_TYPE_INT64, -1, NULL));
    dyng_batch_free(&b);
    CHECK_STATUS(dyng_change_files_read(&b, NULL, "del.txt", DYNG_TYPE_INT64, 65, NULL),
                 DYNG_INVALID_ARGUMENT);
    /* CR line ends: read as blanks they would join the lines, and the first
     * line's count of values would make "0 1<CR>1 2" one edge of 2 weights */
    write_text("ins.txt", "0 1\r1 2\r");
    CHECK_STATUS(dyng_change_files_read(&b, "ins.txt", NULL, DYNG_TYPE_INT32, -1, NULL),
                 DYNG_FILE_FORMAT);
    location(&line, &column);
    CHECK(b == NULL && line == 1 && column == 4 && strstr(dyng_error_message(), "CR") != NULL);
    write_text("ins.txt", "0 1\r\n1 2\r\n"); /* CRLF reads */
    CHECK_OK(dyng_change_files_read(&b, "ins.txt", NULL, DYNG_TYPE_INT32, -1, NULL));
    int k = -1;
    CHECK_OK(dyng_batch_num_insertions(&count, b));
    CHECK_OK(dyng_batch_num_weights(&k, b));
    CHECK(count == 2 && k == 0);
    dyng_batch_free(&b);
}

static void test_signed_batches(void) {
    const char *names[] = {"batch_small_d10_i10_s1.txt", "batch_small_d0_i25_s42.txt",
                           "batch_small_d25_i0_s3.txt", "batch_medium_d1000_i1000_s12345.txt"};
    char path[512];
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(path, sizeof path, "%s/goldens/cycle_enum_batch/%s", shared_dir(), names[i]);
        dyng_batch *b = NULL;
        CHECK_OK(dyng_signed_batch_read(&b, path, DYNG_TYPE_INT32, -1, NULL));
        CHECK_OK(dyng_signed_batch_write(b, "rt_signed.txt"));
        CHECK(same_file("rt_signed.txt", path));
        dyng_batch_free(&b);
    }
    /* interleaved signs keep each list's order; weights on "+" lines */
    write_text("signed.txt", "+ 0 1 7\n- 4 5\n+ 2 3 8\n# note\n- 6 7\n");
    dyng_batch *b = NULL;
    CHECK_OK(dyng_signed_batch_read(&b, "signed.txt", DYNG_TYPE_INT64, -1, NULL));
    const void *s, *d;
    const int32_t *w;
    int64_t ni = 0, nd = 0;
    dyng_batch_num_insertions(&ni, b);
    dyng_batch_num_deletions(&nd, b);
    dyng_batch_insertions(&s, &d, &w, b);
    CHECK(ni == 2 && ((const int64_t *)s)[1] == 2 && w[0] == 7 && w[1] == 8);
    dyng_batch_deletions(&s, &d, b);
    CHECK(nd == 2 && ((const int64_t *)s)[0] == 4 && ((const int64_t *)d)[1] == 7);
    dyng_batch_free(&b);
    int64_t line = 0, column = 0;
    write_text("signed.txt", "- 0 1\n* 2 3\n");
    CHECK_STATUS(dyng_signed_batch_read(&b, "signed.txt", DYNG_TYPE_INT32, -1, NULL),
                 DYNG_FILE_FORMAT);
    location(&line, &column);
    CHECK(line == 2 && column == 1);
    write_text("signed.txt", "-0 1\n");
    CHECK_STATUS(dyng_signed_batch_read(&b, "signed.txt", DYNG_TYPE_INT32, -1, NULL),
                 DYNG_FILE_FORMAT);
    write_text("signed.txt", "- 0 1 5\n");
    CHECK_STATUS(dyng_signed_batch_read(&b, "signed.txt", DYNG_TYPE_INT32, -1, NULL),
                 DYNG_FILE_FORMAT);
    location(&line, &column);
    CHECK(line == 1 && column == 7);
}

/* ---- distances and trees --------------------------------------------------------- */

static void test_distances_trees(void) {
    char path[512];
    for (int obj = 0; obj < 3; obj++) {
        snprintf(path, sizeof path, "%s/goldens/mosp/small60/init/obj%d/distancesOriginal.txt",
                 shared_dir(), obj);
        int64_t *d = NULL, n = 0;
        CHECK_OK(dyng_distances_read(&d, &n, path, NULL));
        CHECK(n == 60);
        CHECK_OK(dyng_distances_write(d, n, "rt_dist.txt"));
        CHECK(same_file("rt_dist.txt", path));
        bool inf = false;
        for (int64_t v = 0; v < n; v++)
            inf |= d[v] == DYNG_INFINITE_DISTANCE;
        CHECK(inf); /* small60 has an unreachable vertex */
        dyng_values_free(&d);
        CHECK(d == NULL);
        snprintf(path, sizeof path, "%s/goldens/mosp/small60/init/obj%d/SSSPTreeOriginal.txt",
                 shared_dir(), obj);
        CHECK_OK(dyng_tree_read(&d, &n, path, NULL));
        if (d == NULL) { /* no goldens: the check above failed */
            goldens_missing("test_io_research", path);
            continue;
        }
        CHECK(n == 60 && d[0] == -1);
        CHECK_OK(dyng_tree_write(d, n, "rt_tree.txt.gz"));
        int64_t *e = NULL, m = 0;
        CHECK_OK(dyng_tree_read(&e, &m, "rt_tree.txt.gz", NULL));
        CHECK(m == n && memcmp(d, e, (size_t)n * 8) == 0);
        dyng_values_free(&d);
        dyng_values_free(&e);
    }
    int64_t *d = NULL, n = 0, line = 0, column = 0;
    write_text("dist.txt", "0 0\n2 5\n");
    CHECK_STATUS(dyng_distances_read(&d, &n, "dist.txt", NULL), DYNG_FILE_FORMAT);
    location(&line, &column);
    CHECK(d == NULL && n == 0 && line == 2 && column == 1);
    write_text("dist.txt", "0 0\n1 INFX\n");
    CHECK_STATUS(dyng_distances_read(&d, &n, "dist.txt", NULL), DYNG_FILE_FORMAT);
    location(&line, &column);
    CHECK(line == 2 && column == 3);
    write_text("dist.txt", "0 -4\n");
    CHECK_STATUS(dyng_distances_read(&d, &n, "dist.txt", NULL), DYNG_FILE_FORMAT);
    write_text("tree.txt", "0 -1\n1 0\n2 3\n");
    CHECK_STATUS(dyng_tree_read(&d, &n, "tree.txt", NULL), DYNG_FILE_FORMAT);
    location(&line, &column);
    CHECK(line == 3 && column == 1);
    write_text("tree.txt", "0 -2\n");
    CHECK_STATUS(dyng_tree_read(&d, &n, "tree.txt", NULL), DYNG_FILE_FORMAT);
    int64_t bad[] = {0, -3};
    CHECK_STATUS(dyng_distances_write(bad, 2, "x.txt"), DYNG_INVALID_ARGUMENT);
    int64_t parents[] = {-1, 2};
    CHECK_STATUS(dyng_tree_write(parents, 2, "x.txt"), DYNG_INVALID_ARGUMENT);
}

/* ---- .dgb ----------------------------------------------------------------------- */

/* Batch i of a test stream: i deletions and 2i + 1 insertions with k weights. */
static dyng_batch *stream_batch(int i, dyng_type type, int k, int64_t big) {
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, type, k));
    for (int j = 0; j < 2 * i + 1; j++) {
        int64_t u = j * 7 + i, v = big + j;
        int32_t w[3] = {j - 5, 2147483647 - j, -2147483647 - 1 + i};
        int32_t u32 = (int32_t)u, v32 = (int32_t)v;
        if (type == DYNG_TYPE_INT64)
            REQUIRE_OK(dyng_batch_add_insertions(b, 1, &u, &v, k > 0 ? w : NULL));
        else
            REQUIRE_OK(dyng_batch_add_insertions(b, 1, &u32, &v32, k > 0 ? w : NULL));
    }
    for (int j = 0; j < i; j++) {
        int64_t u = j, v = j + 1;
        int32_t u32 = (int32_t)u, v32 = (int32_t)v;
        if (type == DYNG_TYPE_INT64)
            REQUIRE_OK(dyng_batch_add_deletions(b, 1, &u, &v));
        else
            REQUIRE_OK(dyng_batch_add_deletions(b, 1, &u32, &v32));
    }
    REQUIRE_OK(dyng_batch_set_id(b, 3 * i + 1));
    return b;
}

#define STREAM 5

static void write_stream(const char *path, dyng_type type, int k, int64_t big) {
    dyng_dgb_writer *w = NULL;
    REQUIRE_OK(dyng_dgb_writer_open(&w, path, type, k));
    for (int i = 0; i < STREAM; i++) {
        dyng_batch *b = stream_batch(i, type, k, big);
        REQUIRE_OK(dyng_dgb_write_batch(w, b));
        dyng_batch_free(&b);
    }
    REQUIRE_OK(dyng_dgb_writer_close(&w));
}

/* Read `path`; returns how many batches came back equal to the stream's
 * before the end (*st: the final status). */
static int read_stream(const char *path, dyng_type type, int k, int64_t big, dyng_status *st) {
    dyng_dgb_reader *r = NULL;
    *st = dyng_dgb_open(&r, path, type);
    if (*st != DYNG_OK)
        return 0;
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, type, k));
    int good = 0;
    for (;;) {
        bool done = false;
        *st = dyng_dgb_next(r, b, &done);
        if (*st != DYNG_OK || done)
            break;
        dyng_batch *want = stream_batch(good, type, k, big);
        bool same = good < STREAM && same_batch(b, want);
        dyng_batch_free(&want);
        if (!same) {
            *st = DYNG_INTERNAL; /* a batch that differs: the worst outcome */
            break;
        }
        good++;
    }
    dyng_batch_free(&b);
    dyng_dgb_close(&r);
    return good;
}

static void test_dgb_round_trips(void) {
    const dyng_type types[] = {DYNG_TYPE_INT32, DYNG_TYPE_INT64};
    const char *paths[] = {"stream.dgb", "stream.dgb.gz"};
    for (int t = 0; t < 2; t++)
        for (int k = 0; k <= 3; k += 3)
            for (int z = 0; z < 2; z++) {
                int64_t big = types[t] == DYNG_TYPE_INT64 ? ((int64_t)1 << 40) : 1000;
                write_stream(paths[z], types[t], k, big);
                bool is = false;
                CHECK_OK(dyng_batch_file_is_dgb(&is, paths[z]));
                CHECK(is);
                dyng_status st;
                CHECK(read_stream(paths[z], types[t], k, big, &st) == STREAM);
                CHECK_OK(st);
                /* int32 files read with int64 ids */
                if (types[t] == DYNG_TYPE_INT32) {
                    CHECK(read_stream(paths[z], DYNG_TYPE_INT64, k, big, &st) == STREAM);
                    CHECK_OK(st);
                }
            }
    /* empty batches, plain and gzipped */
    for (int z = 0; z < 2; z++) {
        dyng_dgb_writer *ew = NULL;
        dyng_batch *empty = NULL;
        REQUIRE_OK(dyng_batch_new(&empty, DYNG_TYPE_INT32, 0));
        REQUIRE_OK(dyng_dgb_writer_open(&ew, paths[z], DYNG_TYPE_INT32, 0));
        CHECK_OK(dyng_dgb_write_batch(ew, empty));
        CHECK_OK(dyng_dgb_writer_close(&ew));
        dyng_dgb_reader *er = NULL;
        bool done = false;
        int64_t count = -1;
        CHECK_OK(dyng_dgb_open(&er, paths[z], DYNG_TYPE_INT32));
        CHECK_OK(dyng_dgb_next(er, empty, &done));
        CHECK(!done && dyng_batch_num_insertions(&count, empty) == DYNG_OK && count == 0);
        CHECK_OK(dyng_dgb_next(er, empty, &done));
        CHECK(done);
        dyng_dgb_close(&er);
        dyng_batch_free(&empty);
    }
    /* int64 ids past int32 read as int32: an error naming the id */
    write_stream("wide.dgb", DYNG_TYPE_INT64, 0, (int64_t)1 << 40);
    dyng_status st;
    CHECK(read_stream("wide.dgb", DYNG_TYPE_INT32, 0, (int64_t)1 << 40, &st) == 0);
    CHECK(st == DYNG_FILE_FORMAT && strstr(dyng_error_message(), "1099511627776") != NULL);
    /* a .dgt file is no .dgb */
    write_text("plain.dgt", "%dgt 1\n%batch 0\n+e 0 1\n");
    bool is = true;
    CHECK_OK(dyng_batch_file_is_dgb(&is, "plain.dgt"));
    CHECK(!is);
    dyng_dgb_reader *r = NULL;
    CHECK_STATUS(dyng_dgb_open(&r, "plain.dgt", DYNG_TYPE_INT32), DYNG_FILE_FORMAT);
    CHECK(r == NULL);
    /* the writer's checks */
    dyng_dgb_writer *w = NULL;
    REQUIRE_OK(dyng_dgb_writer_open(&w, "bad.dgb", DYNG_TYPE_INT32, 0));
    dyng_batch *b = stream_batch(2, DYNG_TYPE_INT64, 0, (int64_t)1 << 40);
    CHECK_STATUS(dyng_dgb_write_batch(w, b), DYNG_INVALID_ARGUMENT); /* ids past int32 */
    dyng_batch_free(&b);
    b = stream_batch(2, DYNG_TYPE_INT32, 0, 5);
    CHECK_OK(dyng_dgb_write_batch(w, b));
    CHECK_STATUS(dyng_dgb_write_batch(w, b), DYNG_INVALID_ARGUMENT); /* the same id again */
    dyng_batch_free(&b);
    b = stream_batch(3, DYNG_TYPE_INT32, 3, 5);
    CHECK_STATUS(dyng_dgb_write_batch(w, b), DYNG_INVALID_ARGUMENT); /* weights */
    dyng_batch_free(&b);
    CHECK_OK(dyng_dgb_writer_close(&w));
    CHECK_STATUS(dyng_dgb_writer_open(&w, "bad.dgb", DYNG_TYPE_INT32, 65), DYNG_INVALID_ARGUMENT);
}

/* Every prefix of the file and every flipped byte: an error, and every
 * batch returned before it equal to the stream's. */
static void test_dgb_damage(void) {
    write_stream("whole.dgb", DYNG_TYPE_INT32, 3, 1000);
    size_t n = 0;
    char *data = slurp("whole.dgb", &n);
    REQUIRE_OK(data != NULL ? DYNG_OK : DYNG_INTERNAL);
    long cut_failures = 0, flip_failures = 0;
    for (size_t len = 0; len < n; len++) {
        write_bytes("cut.dgb", data, len);
        dyng_status st;
        read_stream("cut.dgb", DYNG_TYPE_INT32, 3, 1000, &st);
        if (st != DYNG_FILE_FORMAT)
            cut_failures++;
    }
    CHECK(cut_failures == 0);
    for (size_t at = 0; at < 8 * n; at++) { /* every bit of the file */
        const char bit = (char)(1u << (at % 8));
        data[at / 8] ^= bit;
        write_bytes("flip.dgb", data, n);
        data[at / 8] ^= bit;
        dyng_status st;
        read_stream("flip.dgb", DYNG_TYPE_INT32, 3, 1000, &st);
        if (st != DYNG_FILE_FORMAT) {
            if (flip_failures++ < 5)
                fprintf(stderr, "  bit %zu of byte %zu flipped gave %s\n", at % 8, at / 8,
                        dyng_status_name(st));
        }
    }
    CHECK(flip_failures == 0);
    /* bytes after the end record */
    char *longer = malloc(n + 3);
    memcpy(longer, data, n);
    memcpy(longer + n, "xyz", 3);
    write_bytes("tail.dgb", longer, n + 3);
    dyng_status st;
    CHECK(read_stream("tail.dgb", DYNG_TYPE_INT32, 3, 1000, &st) == STREAM);
    CHECK(st == DYNG_FILE_FORMAT);
    free(longer);
    free(data);
}

/* ---- allocation failures ------------------------------------------------------------ */

/* Read every batch of a .dgb file into b (made before the sweep arms). */
static dyng_status read_all_dgb(const char *path, dyng_batch *b) {
    dyng_dgb_reader *r = NULL;
    dyng_status st = dyng_dgb_open(&r, path, DYNG_TYPE_INT32);
    bool done = false;
    while (st == DYNG_OK && !done)
        st = dyng_dgb_next(r, b, &done);
    dyng_dgb_close(&r);
    return st;
}

static void test_allocation_failures(void) {
    dyng_batch *batch = NULL;
    REQUIRE_OK(dyng_batch_new(&batch, DYNG_TYPE_INT32, 3));
    char prefix[512];
    snprintf(prefix, sizeof prefix, "%s/goldens/mosp/small60/csr/graphCsr", shared_dir());
    write_stream("alloc.dgb.gz", DYNG_TYPE_INT32, 3, 1000);
    long wrong = 0;
    for (int what = 0; what < 3; what++) {
        for (int64_t k = 1;; k++) {
            dyng_testing_fail_allocation(k);
            dyng_status st;
            dyng_graph *g = NULL;
            dyng_batch *b = NULL;
            if (what == 0) {
                st = dyng_csr_files_read_graph(&g, prefix, NULL, NULL);
            } else if (what == 1) {
                write_text("ins.txt", "0 1 5\n2 3 6\n");
                write_text("del.txt", "0 1\n");
                st = dyng_change_files_read(&b, "ins.txt", "del.txt", DYNG_TYPE_INT32, -1, NULL);
            } else {
                st = read_all_dgb("alloc.dgb.gz", batch);
            }
            dyng_testing_fail_allocation(0);
            dyng_graph_free(&g);
            dyng_batch_free(&b);
            if (st == DYNG_OK)
                break; /* past the last allocation */
            if (st != DYNG_OUT_OF_MEMORY)
                wrong++;
            if (k > 100000)
                break;
        }
    }
    CHECK(wrong == 0);
    dyng_batch_free(&batch);
}

/* ---- negative ids and aborted streams ----------------------------------------------- */

/* The batch writers refuse a negative id before they write (or create) anything; an
 * aborted .dgb stream keeps its batches but has no end record. */
static void test_negative_ids_and_abort(void) {
    dyng_batch *neg = NULL;
    REQUIRE_OK(dyng_batch_new(&neg, DYNG_TYPE_INT64, 0));
    const int64_t s[] = {3, 4}, d[] = {0, -7};
    REQUIRE_OK(dyng_batch_add_insertions(neg, 2, s, d, NULL));
    REQUIRE_OK(dyng_batch_set_id(neg, 6));
    remove("neg_ins.txt");
    remove("neg_del.txt");
    remove("neg_signed.txt");
    CHECK_STATUS(dyng_change_files_write(neg, "neg_ins.txt", "neg_del.txt"), DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "batch 6: insertion 1 is (4, -7)") != NULL);
    CHECK_STATUS(dyng_signed_batch_write(neg, "neg_signed.txt"), DYNG_INVALID_ARGUMENT);
    const char *none[] = {"neg_ins.txt", "neg_del.txt", "neg_signed.txt"};
    for (int i = 0; i < 3; i++) { /* no file created */
        FILE *f = fopen(none[i], "rb");
        CHECK(f == NULL);
        if (f != NULL)
            fclose(f);
    }
    const char *paths[] = {"abort.dgb", "abort.dgb.gz"};
    for (int z = 0; z < 2; z++) {
        dyng_dgb_writer *w = NULL;
        REQUIRE_OK(dyng_dgb_writer_open(&w, paths[z], DYNG_TYPE_INT64, 0));
        dyng_batch *b = stream_batch(1, DYNG_TYPE_INT64, 0, 100);
        CHECK_OK(dyng_dgb_write_batch(w, b));
        CHECK_STATUS(dyng_dgb_write_batch(w, neg), DYNG_INVALID_ARGUMENT);
        dyng_batch_free(&b);
        CHECK_OK(dyng_dgb_writer_abort(&w));
        CHECK(w == NULL);
        dyng_dgb_reader *r = NULL;
        REQUIRE_OK(dyng_dgb_open(&r, paths[z], DYNG_TYPE_INT64));
        REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT64, 0));
        bool done = true;
        CHECK_OK(dyng_dgb_next(r, b, &done));
        dyng_batch *want = stream_batch(1, DYNG_TYPE_INT64, 0, 100);
        CHECK(!done && same_batch(b, want));
        dyng_batch_free(&want);
        CHECK_STATUS(dyng_dgb_next(r, b, &done), DYNG_FILE_FORMAT);
        CHECK(strstr(dyng_error_message(), "without its end record") != NULL);
        dyng_dgb_close(&r);
        dyng_batch_free(&b);
    }
    CHECK_OK(dyng_dgb_writer_abort(NULL));
    dyng_batch_free(&neg);
}

int main(void) {
    test_csr_goldens();
    test_csr_errors();
    test_change_files();
    test_signed_batches();
    test_distances_trees();
    test_dgb_round_trips();
    test_dgb_damage();
    test_allocation_failures();
    test_negative_ids_and_abort();
    return check_finish("test_io_research");
}
