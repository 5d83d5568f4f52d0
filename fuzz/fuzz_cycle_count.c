/*
 * fuzz/fuzz_cycle_count.c - cycle histograms repaired by update, against the
 * brute-force oracle of the C tests and a fresh count.
 *
 * Input bytes are decoded into a graph (directed or undirected, in-edges
 * stored or not, sorted or appended rows, parallel edges or not, 0 to 2
 * weight columns of weights 1 to 8; 1 to 12 vertices and up to 255 edges),
 * batch semantics, an option byte, and then batches until the bytes run out,
 * made as fuzz_apply.c makes them (repeated pairs, self-loops, absent edges,
 * ids out of range) but naming ids below 14 (and 40 where the graph grows),
 * so that the batches close and open cycles and the oracle stays cheap. Now and then an
 * inserted weight is 0 or -1, which an sssp tree refuses.
 *
 * The option byte:
 *   - bits 0-2: the bound of histogram A, 2 to 6;
 *   - bits 3-4: how updates choose to recount (by cost, never, always;
 *     dyng_testing_cycle_count_recount);
 *   - bit 5: an sssp tree from vertex 0 goes through every update too;
 *   - bit 6: histogram B, without a bound, goes through the updates while the
 *     graph has at most 24 pairs before a batch (past that it is dropped: its
 *     count is exponential in the cycle length);
 *   - bit 7: histogram A is made by dyng_cycle_count_result_from_counts (it
 *     then never falls back to a recount) instead of a compute.
 * With only histogram A, each batch goes through dyng_cycle_count_update;
 * otherwise through dyng_update with every result.
 *
 * Checks, on success: each histogram equals the oracle (tests/c/cycle_oracle.h)
 * and a fresh compute, byte for byte; its stats count the pairs of the
 * simple graph that went and came, the lengths whose count changed, and a
 * net change of cycles_added - cycles_removed; it fell back exactly when the
 * recount mode says so (by cost: never for a result made from counts); its
 * state is the graph's; the tree equals the sssp oracle. On failure: the
 * graph's state id, the histograms and the tree are as before.
 */
#include "algorithms/cycle_count/cycle_count_internal.h" /* dyng_testing_cycle_count_recount */
#include "cycle_oracle.h"
#include "decode.h"
#include "dyng/update.h"
#include "fuzz_util.h"
#include "refmodel.h"
#include "sssp_oracle.h"

#define FZ_MAX_N0 12  /* vertices of the first graph, at most */
#define FZ_ID_SPAN 14 /* ids a batch names (and FZ_ID_FAR where the graph grows) */
#define FZ_ID_FAR 40
#define FZ_B_PAIRS 24              /* histogram B goes on while the graph has at most these pairs */
#define FZ_MAX_LEN (FZ_ID_FAR + 2) /* entries of a histogram: the graph's vertices + 1 */

/* A histogram's entries, copied. */
typedef struct fz_hist {
    int64_t len;
    uint64_t c[FZ_MAX_LEN];
} fz_hist;

static void fz_hist_take(fz_hist *h, const dyng_cycle_count_result *r) {
    const uint64_t *c = NULL;
    FZ_ASSERT(dyng_cycle_count_result_counts(&c, &h->len, r) == DYNG_OK);
    FZ_ASSERT(h->len >= 1 && h->len <= FZ_MAX_LEN);
    memcpy(h->c, c, (size_t)h->len * sizeof(uint64_t));
}

static bool fz_hist_same(const fz_hist *h, const dyng_cycle_count_result *r) {
    fz_hist now;
    fz_hist_take(&now, r);
    return now.len == h->len && memcmp(now.c, h->c, (size_t)h->len * sizeof(uint64_t)) == 0;
}

/* r holds the oracle's counts on g under its bound, and a fresh compute's. */
static void fz_check_counts(const dyng_graph *g, const dyng_cycle_count_result *r) {
    dyng_cycle_count_options o;
    FZ_ASSERT(dyng_cycle_count_result_options(&o, r) == DYNG_OK);
    int64_t n = 0;
    FZ_ASSERT(dyng_graph_num_vertices(&n, g) == DYNG_OK);
    FZ_ASSERT(n + 1 <= FZ_MAX_LEN);
    static uint64_t expect[FZ_MAX_LEN];
    FZ_ASSERT(cycle_oracle(g, o.max_length, expect));
    int64_t want = o.max_length + 1;
    if (o.max_length < 0) { /* no bound: up to the longest cycle */
        want = 1;
        for (int64_t k = 0; k <= n; k++)
            if (expect[k] != 0)
                want = k + 1;
    }
    fz_hist h;
    fz_hist_take(&h, r);
    if (h.len != want)
        fprintf(stderr, "histogram of %lld entries, the oracle's of %lld\n", (long long)h.len,
                (long long)want);
    FZ_ASSERT(h.len == want);
    for (int64_t k = 0; k < h.len; k++) {
        const uint64_t e = k <= n ? expect[k] : 0;
        if (h.c[k] != e)
            fprintf(stderr, "length %lld: %llu cycles, the oracle counts %llu\n", (long long)k,
                    (unsigned long long)h.c[k], (unsigned long long)e);
        FZ_ASSERT(h.c[k] == e);
    }
    dyng_cycle_count_result *fresh = NULL;
    FZ_ASSERT(dyng_cycle_count_compute(&fresh, g, &o) == DYNG_OK);
    FZ_ASSERT(fz_hist_same(&h, fresh));
    dyng_cycle_count_result_free(&fresh);
}

/* After a successful update: the stats against the histograms before and
 * after and the pairs of the simple graph that went (removed) and came
 * (added). */
static void fz_check_stats(const fz_hist *before, const dyng_cycle_count_result *r,
                           const dyng_cycle_count_stats *st, int64_t removed, int64_t added,
                           int recount, bool from_counts) {
    fz_hist after;
    fz_hist_take(&after, r);
    int64_t affected = 0;
    uint64_t up = 0, down = 0;
    for (int64_t k = 0; k < before->len || k < after.len; k++) {
        const uint64_t b = k < before->len ? before->c[k] : 0;
        const uint64_t a = k < after.len ? after.c[k] : 0;
        affected += a != b;
        up += a > b ? a - b : 0;
        down += b > a ? b - a : 0;
    }
    FZ_ASSERT(st->converged);
    FZ_ASSERT(st->affected == affected);
    FZ_ASSERT(st->deletions == removed && st->insertions == added);
    /* cycles_added - cycles_removed is the net change (a searched update may
     * count the cycles of a pair both ways, deleted and inserted again). */
    FZ_ASSERT(st->cycles_added - st->cycles_removed == up - down);
    FZ_ASSERT(st->cycles_added >= up && st->cycles_removed >= down);
    FZ_ASSERT(st->iterations >= 0);
    if (recount == 1 || (recount == 0 && from_counts))
        FZ_ASSERT(!st->fallback_used);
    if (recount == 2)
        FZ_ASSERT(st->fallback_used);
    if (st->fallback_used)
        FZ_ASSERT(st->cycles_added == up && st->cycles_removed == down);
}

/* Pairs of g's simple graph (each once on an undirected graph). */
static int64_t fz_pairs(const uint8_t *adj, int64_t n) {
    int64_t pairs = 0;
    for (int64_t i = 0; i < n * n; i++)
        pairs += adj[i];
    return pairs;
}

/* A tree holds the entries of `copy` (a clone taken before the update). */
static bool fz_tree_same(const dyng_sssp_result *copy, const dyng_sssp_result *tree) {
    int64_t n0 = -1, n1 = -2;
    const int64_t *d0 = NULL, *d1 = NULL, *p0 = NULL, *p1 = NULL;
    FZ_ASSERT(dyng_sssp_result_num_vertices(&n0, copy) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_num_vertices(&n1, tree) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_distances(&d0, copy) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_distances(&d1, tree) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_parents(&p0, copy) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_parents(&p1, tree) == DYNG_OK);
    return n0 == n1 && memcmp(d0, d1, (size_t)n0 * sizeof(int64_t)) == 0 &&
           memcmp(p0, p1, (size_t)n0 * sizeof(int64_t)) == 0;
}

static dyng_cycle_count_result *fz_compute(const dyng_graph *g, int64_t max_length) {
    dyng_cycle_count_options o;
    FZ_ASSERT(dyng_cycle_count_options_default(&o) == DYNG_OK);
    o.max_length = max_length;
    dyng_cycle_count_result *r = NULL;
    FZ_ASSERT(dyng_cycle_count_compute(&r, g, &o) == DYNG_OK);
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_begin();
    fz_bytes in = {data, size};
    dyng_graph_properties p;
    if (!decode_properties(&in, &p))
        return 0;
    const uint8_t opt = fz_u8(&in);
    const int K = p.num_weights;
    const int64_t bound_a = 2 + (opt & 7) % 5;
    const int recount = ((opt >> 3) & 3) % 3;
    const bool with_tree = (opt >> 5) & 1, from_counts = (opt >> 7) & 1;
    bool with_b = (opt >> 6) & 1;
    dyng_testing_cycle_count_recount(recount);

    /* The graph and the results. */
    const int64_t n0 = 1 + fz_u8(&in) % FZ_MAX_N0;
    int64_t src[255], dst[255];
    int32_t w[255 * 2];
    const int64_t m0 = decode_edges(&in, n0, K, decode_path_weight, src, dst, w);
    rm_graph m;
    dyng_graph *g = rm_build_both(&m, &p, n0, m0, src, dst, w, NULL);
    rm_free(&m);
    dyng_cycle_count_result *a = fz_compute(g, bound_a), *b = NULL;
    if (from_counts) {
        fz_hist h;
        fz_hist_take(&h, a);
        dyng_cycle_count_options o;
        FZ_ASSERT(dyng_cycle_count_result_options(&o, a) == DYNG_OK);
        dyng_cycle_count_result_free(&a);
        FZ_ASSERT(dyng_cycle_count_result_from_counts(&a, g, h.c, h.len, &o) == DYNG_OK);
    }
    fz_check_counts(g, a);
    dyng_sssp_result *tree = NULL;
    if (with_tree) {
        FZ_ASSERT(dyng_sssp_compute(&tree, g, 0, NULL) == DYNG_OK);
        FZ_ASSERT(sssp_matches(g, tree));
    }

    /* The batches. */
    tbatch tb;
    tb_init(&tb, K);
    static fz_hist before_a, before_b;
    while (in.n > 0) {
        int64_t n_before = 0, n_after = 0, removed = 0, added = 0;
        uint8_t *adj0 = cycle_oracle_matrix(g, &n_before);
        FZ_ASSERT(adj0 != NULL);
        if (with_b && b == NULL && fz_pairs(adj0, n_before) <= FZ_B_PAIRS) {
            b = fz_compute(g, -1);
            fz_check_counts(g, b);
        } else if (b != NULL && fz_pairs(adj0, n_before) > FZ_B_PAIRS) {
            dyng_cycle_count_result_free(&b);
            with_b = false;
        }
        const dyng_type bt =
            decode_batch_in(&in, &p, decode_inserted_path_weight, FZ_ID_SPAN, FZ_ID_FAR, &tb);
        dyng_batch *batch = tb_make(&tb, bt);
        fz_hist_take(&before_a, a);
        if (b != NULL)
            fz_hist_take(&before_b, b);
        dyng_sssp_result *before_tree = NULL;
        if (tree != NULL)
            FZ_ASSERT(dyng_sssp_result_clone(&before_tree, tree) == DYNG_OK);
        uint64_t state = 0, after = 0;
        FZ_ASSERT(dyng_graph_state_id(&state, g) == DYNG_OK);

        dyng_cycle_count_stats st_a, st_b;
        dyng_sssp_stats st_tree;
        dyng_status st;
        if (b == NULL && tree == NULL) {
            st = dyng_cycle_count_update(g, batch, a, &st_a);
        } else {
            dyng_result_ref refs[3];
            size_t count = 0;
            refs[count++] = (dyng_result_ref){DYNG_RESULT_CYCLE_COUNT, a, &st_a};
            if (tree != NULL)
                refs[count++] = (dyng_result_ref){DYNG_RESULT_SSSP, tree, &st_tree};
            if (b != NULL)
                refs[count++] = (dyng_result_ref){DYNG_RESULT_CYCLE_COUNT, b, &st_b};
            st = dyng_update(g, batch, refs, count);
        }
        dyng_batch_free(&batch);
        FZ_ASSERT(dyng_graph_state_id(&after, g) == DYNG_OK);
        FZ_ASSERT(st == DYNG_OK || dyng_error_message()[0] != '\0');
        if (st == DYNG_OK) {
            uint8_t *adj1 = cycle_oracle_matrix(g, &n_after);
            FZ_ASSERT(adj1 != NULL);
            cycle_oracle_pair_diff(adj0, n_before, adj1, n_after, p.directed, &removed, &added);
            free(adj1);
            fz_check_counts(g, a);
            fz_check_stats(&before_a, a, &st_a, removed, added, recount, from_counts);
            uint64_t belongs = 0;
            FZ_ASSERT(dyng_cycle_count_result_graph_state_id(&belongs, a) == DYNG_OK);
            FZ_ASSERT(belongs == after);
            if (b != NULL) {
                fz_check_counts(g, b);
                fz_check_stats(&before_b, b, &st_b, removed, added, recount, false);
            }
            if (tree != NULL)
                FZ_ASSERT(sssp_matches(g, tree));
        } else {
            FZ_ASSERT(after == state);
            FZ_ASSERT(fz_hist_same(&before_a, a));
            FZ_ASSERT(b == NULL || fz_hist_same(&before_b, b));
            FZ_ASSERT(tree == NULL || fz_tree_same(before_tree, tree));
        }
        dyng_sssp_result_free(&before_tree);
        free(adj0);
    }
    FZ_ASSERT(check_failed_count == 0);
    tb_free(&tb);
    dyng_cycle_count_result_free(&a);
    dyng_cycle_count_result_free(&b);
    dyng_sssp_result_free(&tree);
    dyng_graph_free(&g);
    return 0;
}
