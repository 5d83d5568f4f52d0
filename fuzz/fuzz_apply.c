/*
 * fuzz/fuzz_apply.c - apply, against the reference model of the C tests.
 *
 * Input bytes are decoded into graph properties and batch semantics (every
 * combination that dyng_properties_check accepts), a graph of up to 63
 * vertices and 255 edges, and then batches until the bytes run out: up to 15
 * insertions and 15 deletions each, with repeated pairs, self-loops, absent
 * edges, vertex growth, negative ids and ids past the type when growth is
 * off. Each batch goes to the library and to tests/c/refmodel.h, which
 * follows docs/semantics.md literally. Checks: the same status; on success
 * the same summary; after every batch, failed or not, the same graph (out-
 * and in-rows, weights, counts, version, degrees, dyng_graph_check, and the
 * rows read one at a time: dyng_graph_neighbors, dyng_graph_has_edge), and a
 * state id that changed exactly when the batch applied.
 */
#include "decode.h"
#include "fuzz_util.h"
#include "refmodel.h"

/* Any weight: a byte as a signed number (the graph takes any int32). */
static int32_t any_weight(uint8_t x) { return (int8_t)x; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_begin();
    fz_bytes in = {data, size};
    dyng_graph_properties p;
    if (!decode_properties(&in, &p))
        return 0;
    const int K = p.num_weights;

    /* The graph. */
    const int64_t n0 = fz_u8(&in) & 63;
    int64_t src[255], dst[255];
    int32_t w[255 * 2];
    const int64_t m0 = decode_edges(&in, n0, K, any_weight, src, dst, w);
    rm_graph m;
    dyng_graph *g = rm_build_both(&m, &p, n0, m0, src, dst, w, NULL);
    FZ_ASSERT(rm_compare(&m, g, "build"));

    /* The batches. */
    tbatch tb;
    tb_init(&tb, K);
    while (in.n > 0) {
        const dyng_type bt = decode_batch(&in, &p, any_weight, &tb);
        dyng_batch *b = tb_make(&tb, bt);
        uint64_t before = 0, after = 0;
        FZ_ASSERT(dyng_graph_state_id(&before, g) == DYNG_OK);
        dyng_apply_summary want, got;
        memset(&want, 0, sizeof want);
        memset(&got, 0, sizeof got);
        const dyng_status mst = rm_apply_tb(&m, &tb, &want);
        const dyng_status st = dyng_graph_apply(g, b, &got);
        dyng_batch_free(&b);
        if (st != mst)
            fprintf(stderr, "apply returned %s (%s); the model %s\n", dyng_status_name(st),
                    dyng_error_message(), dyng_status_name(mst));
        FZ_ASSERT(st == mst);
        FZ_ASSERT(st != DYNG_OK || summary_equal(&got, &want, "apply"));
        FZ_ASSERT(rm_compare(&m, g, "after a batch"));
        FZ_ASSERT(dyng_graph_state_id(&after, g) == DYNG_OK);
        FZ_ASSERT((st == DYNG_OK) == (after != before));
    }
    FZ_ASSERT(check_failed_count == 0);
    tb_free(&tb);
    rm_free(&m);
    dyng_graph_free(&g);
    return 0;
}
