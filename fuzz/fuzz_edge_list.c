/*
 * fuzz/fuzz_edge_list.c - the edge-list reader.
 *
 * Input: two bytes of options (id type, weight count -1..2, compaction,
 * 1-based ids, self-loop and duplicate policies, the graph's direction), then
 * the file. Checks: only a reader's statuses; compacted ids are ascending and
 * name every vertex; a graph read passes dyng_graph_check; arrays written
 * back and read again with their weight count are the same arrays.
 */
#include "fuzz_util.h"

static void round_trip(const dyng_edge_arrays *a) {
    const char *path = fz_path("written.txt");
    dyng_status st = dyng_el_write_arrays(path, a);
    if (st == DYNG_OUT_OF_MEMORY)
        return;
    FZ_ASSERT(st == DYNG_OK);
    dyng_el_read_options o;
    FZ_ASSERT(dyng_el_read_options_default(&o) == DYNG_OK);
    o.vertex_type = a->vertex_type;
    o.num_weights = a->num_weights;
    dyng_edge_arrays again;
    memset(&again, 0, sizeof again);
    st = dyng_el_read_arrays(&again, path, &o, NULL);
    if (st == DYNG_OUT_OF_MEMORY)
        return;
    FZ_ASSERT(st == DYNG_OK);
    FZ_ASSERT(fz_same_arrays(a, &again));
    dyng_edge_arrays_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_begin();
    fz_bytes in = {data, size};
    const uint8_t opt = fz_u8(&in), opt2 = fz_u8(&in);
    const char *path = fz_write("input.txt", in);

    dyng_el_read_options o;
    FZ_ASSERT(dyng_el_read_options_default(&o) == DYNG_OK);
    static const dyng_type types[4] = {DYNG_TYPE_INT32, DYNG_TYPE_INT64, DYNG_TYPE_NONE,
                                       DYNG_TYPE_INT32};
    o.vertex_type = types[opt & 3];
    o.num_weights = (int)((opt >> 2) & 3) - 1;
    o.compact_ids = (opt & 16) != 0;
    o.one_based = (opt & 32) != 0;
    o.on_self_loop = (dyng_on_self_loop)(opt2 % 3);
    o.on_duplicate = (dyng_on_duplicate)((opt2 / 3) % 3);

    dyng_edge_arrays a;
    memset(&a, 0, sizeof a);
    int64_t *ids = NULL;
    dyng_status st = dyng_el_read_arrays_ids(&a, &ids, path, &o, NULL);
    FZ_ASSERT(fz_reader_status_ok(st));
    if (st == DYNG_OK) {
        FZ_ASSERT(o.compact_ids ? ids != NULL || a.num_vertices == 0 : ids == NULL);
        for (int64_t v = 1; ids != NULL && v < a.num_vertices; v++)
            FZ_ASSERT(ids[v - 1] < ids[v]);
        for (int64_t e = 0; e < a.num_edges; e++) {
            int64_t u = fz_id(a.src, a.vertex_type, e), v = fz_id(a.dst, a.vertex_type, e);
            FZ_ASSERT(u >= 0 && u < a.num_vertices && v >= 0 && v < a.num_vertices);
            FZ_ASSERT(o.on_self_loop == DYNG_SELF_LOOP_KEEP || u != v);
        }
        round_trip(&a);
    }
    dyng_el_ids_free(&ids);
    dyng_edge_arrays_free(&a);

    dyng_graph *g = NULL;
    dyng_graph_properties p;
    FZ_ASSERT(dyng_properties_default(&p) == DYNG_OK);
    p.directed = (opt & 64) == 0;
    p.parallel_edges = (opt & 128) ? DYNG_PARALLEL_ALLOW : DYNG_PARALLEL_FORBID;
    st = dyng_el_read_graph(&g, path, &o, &p, NULL);
    FZ_ASSERT(fz_reader_status_ok(st));
    FZ_ASSERT((st == DYNG_OK) == (g != NULL));
    if (st == DYNG_OK)
        fz_check_graph(g);
    dyng_graph_free(&g);
    return 0;
}
