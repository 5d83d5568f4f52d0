/*
 * fuzz/fuzz_matrix_market.c - the Matrix Market reader.
 *
 * Input: one byte of options (id type, ignore_values, expand_symmetric, the
 * graph's direction), then the file. The file is read into arrays and into a
 * graph. Checks: only a reader's statuses; a graph read passes
 * dyng_graph_check; arrays read without expansion, written back and read
 * again are the same arrays (a round trip through the writer).
 */
#include "fuzz_util.h"

static void round_trip(const dyng_edge_arrays *a, const dyng_mm_read_options *o) {
    dyng_edge_arrays w = *a, again;
    /* The writer writes integer or pattern files; a real file's integral
     * values come back as the same integers. */
    w.field = a->num_weights > 0 ? DYNG_MM_INTEGER : DYNG_MM_PATTERN;
    const char *path = fz_path("written.mtx");
    dyng_status st = dyng_mm_write_arrays(path, &w);
    if (st == DYNG_OUT_OF_MEMORY)
        return;
    FZ_ASSERT(st == DYNG_OK);
    memset(&again, 0, sizeof again);
    st = dyng_mm_read_arrays(&again, path, o, NULL);
    if (st == DYNG_OUT_OF_MEMORY)
        return;
    FZ_ASSERT(st == DYNG_OK);
    FZ_ASSERT(fz_same_arrays(a, &again));
    FZ_ASSERT(again.num_vertices == a->num_vertices && again.symmetry == a->symmetry);
    dyng_edge_arrays_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_begin();
    fz_bytes in = {data, size};
    const uint8_t opt = fz_u8(&in);
    const char *path = fz_write("input.mtx", in);

    dyng_mm_read_options o;
    FZ_ASSERT(dyng_mm_read_options_default(&o) == DYNG_OK);
    o.vertex_type = (opt & 1) ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
    o.ignore_values = (opt & 2) != 0;
    o.expand_symmetric = (opt & 4) != 0;

    dyng_edge_arrays a;
    memset(&a, 0, sizeof a);
    dyng_status st = dyng_mm_read_arrays(&a, path, &o, NULL);
    FZ_ASSERT(fz_reader_status_ok(st));
    /* (A skew-symmetric file read as a pattern has no pattern file to be
     * written as: the writer refuses that combination.) */
    if (st == DYNG_OK && !o.expand_symmetric &&
        !(a.num_weights == 0 && a.symmetry == DYNG_MM_SKEW_SYMMETRIC))
        round_trip(&a, &o);
    dyng_edge_arrays_free(&a);

    /* Into a graph: the reader's own choice of properties, or given ones. */
    dyng_graph *g = NULL;
    dyng_graph_properties p;
    FZ_ASSERT(dyng_properties_default(&p) == DYNG_OK);
    p.directed = (opt & 8) != 0;
    p.num_weights = (opt & 16) ? 1 : 0;
    p.order = (opt & 32) ? DYNG_ORDER_APPEND : DYNG_ORDER_SORTED;
    p.parallel_edges = (opt & 64) ? DYNG_PARALLEL_ALLOW : DYNG_PARALLEL_FORBID;
    st = dyng_mm_read_graph(&g, path, (opt & 128) ? &p : NULL, NULL);
    /* Given properties may not fit the file (1 weight for a pattern file). */
    FZ_ASSERT(fz_reader_status_ok(st) || ((opt & 128) && st == DYNG_INVALID_ARGUMENT));
    FZ_ASSERT((st == DYNG_OK) == (g != NULL));
    if (st == DYNG_OK)
        fz_check_graph(g);
    dyng_graph_free(&g);
    return 0;
}
