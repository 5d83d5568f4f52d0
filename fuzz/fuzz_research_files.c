/*
 * fuzz/fuzz_research_files.c - the readers of the research codes' files:
 * CSR triplets, change files, signed batches, distances and trees.
 *
 * Input: one byte that picks the reader and its options, then the file's
 * bytes; a reader of several files takes them as parts separated by 0xFF
 * bytes (RowPtr, ColInd, Values; insert, delete). Checks: only a reader's
 * statuses; a graph read passes dyng_graph_check; what was read, written back
 * and read again is the same (graphs compared by their CSR export).
 */
#include "fuzz_util.h"

/* A graph's out-CSR as int64 arrays and its weights (malloc'd). */
typedef struct fz_csr {
    int64_t n, m;
    int k;
    int64_t *ptr, *col;
    int32_t *w;
} fz_csr;

static void fz_csr_take(fz_csr *c, const dyng_graph *g) {
    memset(c, 0, sizeof *c);
    dyng_graph_properties p;
    FZ_ASSERT(dyng_graph_num_vertices(&c->n, g) == DYNG_OK);
    FZ_ASSERT(dyng_graph_num_entries(&c->m, g) == DYNG_OK);
    FZ_ASSERT(dyng_graph_properties_of(&p, g) == DYNG_OK);
    const dyng_type vt = p.vertex_type, ot = p.offset_type;
    c->k = p.num_weights;
    const size_t n = (size_t)c->n, m = (size_t)c->m;
    void *ptr = malloc((n + 1) * 8), *col = malloc((m + 1) * 8);
    c->ptr = malloc((n + 1) * 8);
    c->col = malloc((m + 1) * 8);
    c->w = malloc((m * (size_t)c->k + 1) * 4);
    if (ptr == NULL || col == NULL || c->ptr == NULL || c->col == NULL || c->w == NULL)
        abort();
    FZ_ASSERT(dyng_graph_to_csr(g, false, ptr, col, c->k > 0 ? c->w : NULL) == DYNG_OK);
    for (size_t i = 0; i <= n; i++)
        c->ptr[i] = fz_id(ptr, ot, (int64_t)i);
    for (size_t e = 0; e < m; e++)
        c->col[e] = fz_id(col, vt, (int64_t)e);
    free(ptr);
    free(col);
}

static void fz_csr_free(fz_csr *c) {
    free(c->ptr);
    free(c->col);
    free(c->w);
}

static bool fz_csr_same(const fz_csr *a, const fz_csr *b) {
    return a->n == b->n && a->m == b->m && a->k == b->k &&
           fz_same_bytes(a->ptr, b->ptr, (size_t)(a->n + 1) * 8) &&
           fz_same_bytes(a->col, b->col, (size_t)a->m * 8) &&
           fz_same_bytes(a->w, b->w, (size_t)a->m * (size_t)a->k * 4);
}

static void csr_triplet(fz_bytes in, uint8_t opt) {
    fz_bytes row = fz_part(&in, 0xFF), col = fz_part(&in, 0xFF), val = fz_part(&in, 0xFF);
    (void)fz_write("inRowPtr.txt", row);
    (void)fz_write("inColInd.txt", col);
    const char *values = fz_path("inValues.txt");
    (void)unlink(values);
    if (opt & 8)
        (void)fz_write("inValues.txt", val);
    char prefix[FZ_PATH];
    snprintf(prefix, sizeof prefix, "%s/in", fz_folder);
    dyng_graph_properties p, *pp = NULL;
    if (opt & 16) {
        FZ_ASSERT(dyng_properties_default(&p) == DYNG_OK);
        p.directed = (opt & 32) != 0;
        pp = &p;
    }
    dyng_graph *g = NULL;
    dyng_status st = dyng_csr_files_read_graph(&g, prefix, pp, NULL);
    /* Given properties may not fit the files (undirected, but not symmetric). */
    FZ_ASSERT(fz_reader_status_ok(st) || (pp != NULL && st == DYNG_INVALID_ARGUMENT));
    FZ_ASSERT((st == DYNG_OK) == (g != NULL));
    if (st != DYNG_OK)
        return;
    fz_check_graph(g);
    /* Round trip, for the reader's own choice of properties (a graph of
     * given properties may merge or sort what the files list). */
    if (pp == NULL) {
        char out[FZ_PATH];
        snprintf(out, sizeof out, "%s/out", fz_folder);
        (void)fz_path("outRowPtr.txt");
        (void)fz_path("outColInd.txt");
        (void)fz_path("outValues.txt");
        st = dyng_csr_files_write_graph(g, out, false);
        FZ_ASSERT(st == DYNG_OK || st == DYNG_OUT_OF_MEMORY);
        dyng_graph *h = NULL;
        if (st == DYNG_OK && dyng_csr_files_read_graph(&h, out, NULL, NULL) == DYNG_OK) {
            fz_csr a, b;
            fz_csr_take(&a, g);
            fz_csr_take(&b, h);
            FZ_ASSERT(fz_csr_same(&a, &b));
            fz_csr_free(&a);
            fz_csr_free(&b);
        }
        dyng_graph_free(&h);
        (void)unlink(fz_path("outValues.txt"));
    }
    dyng_graph_free(&g);
}

/* Read one batch (change files or a signed file), write it back, read again. */
static void batch_files(fz_bytes in, uint8_t opt, bool signed_file) {
    const dyng_type t = (opt & 8) ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
    const int k = (int)((opt >> 4) & 3) - 1;
    fz_bytes ins = fz_part(&in, 0xFF), del = fz_part(&in, 0xFF);
    const char *ip = fz_write("insert.txt", ins), *dp = fz_write("delete.txt", del);
    const bool no_delete = !signed_file && (opt & 64);
    dyng_batch *b = NULL, *again = NULL;
    dyng_status st = signed_file
                         ? dyng_signed_batch_read(&b, ip, t, k, NULL)
                         : dyng_change_files_read(&b, ip, no_delete ? NULL : dp, t, k, NULL);
    FZ_ASSERT(fz_reader_status_ok(st));
    FZ_ASSERT((st == DYNG_OK) == (b != NULL));
    if (st != DYNG_OK)
        return;
    int kw = -1;
    FZ_ASSERT(dyng_batch_num_weights(&kw, b) == DYNG_OK);
    const char *oi = fz_path("out_insert.txt"), *od = fz_path("out_delete.txt");
    st = signed_file ? dyng_signed_batch_write(b, oi) : dyng_change_files_write(b, oi, od);
    FZ_ASSERT(st == DYNG_OK || st == DYNG_OUT_OF_MEMORY);
    if (st == DYNG_OK) {
        st = signed_file ? dyng_signed_batch_read(&again, oi, t, kw, NULL)
                         : dyng_change_files_read(&again, oi, od, t, kw, NULL);
        FZ_ASSERT(st == DYNG_OK || st == DYNG_OUT_OF_MEMORY);
        if (st == DYNG_OK)
            FZ_ASSERT(fz_same_batch(b, again, false));
    }
    dyng_batch_free(&again);
    dyng_batch_free(&b);
}

/* Distances or a tree: read, write back, read again. */
static void values_file(fz_bytes in, bool tree) {
    const char *path = fz_write("values.txt", in);
    int64_t *v = NULL, *w = NULL, n = -1, n2 = -1;
    dyng_status st =
        tree ? dyng_tree_read(&v, &n, path, NULL) : dyng_distances_read(&v, &n, path, NULL);
    FZ_ASSERT(fz_reader_status_ok(st));
    FZ_ASSERT((st == DYNG_OK) == (v != NULL));
    if (st != DYNG_OK)
        return;
    for (int64_t i = 0; i < n; i++)
        FZ_ASSERT(tree ? v[i] >= -1 && v[i] < n : v[i] >= 0 && v[i] <= DYNG_INFINITE_DISTANCE);
    const char *out = fz_path("values_out.txt");
    st = tree ? dyng_tree_write(v, n, out) : dyng_distances_write(v, n, out);
    FZ_ASSERT(st == DYNG_OK || st == DYNG_OUT_OF_MEMORY);
    if (st == DYNG_OK) {
        st = tree ? dyng_tree_read(&w, &n2, out, NULL) : dyng_distances_read(&w, &n2, out, NULL);
        FZ_ASSERT(st == DYNG_OK || st == DYNG_OUT_OF_MEMORY);
        if (st == DYNG_OK)
            FZ_ASSERT(n2 == n && fz_same_bytes(v, w, (size_t)n * 8));
    }
    dyng_values_free(&w);
    dyng_values_free(&v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_begin();
    fz_bytes in = {data, size};
    const uint8_t opt = fz_u8(&in);
    switch (opt % 5) {
    case 0: csr_triplet(in, opt); break;
    case 1: batch_files(in, opt, false); break;
    case 2: batch_files(in, opt, true); break;
    case 3: values_file(in, false); break;
    default: values_file(in, true); break;
    }
    return 0;
}
