/*
 * tests/c/test_long_rows.c - rows of 2^23 entries and more with int32 offsets.
 *
 * A row record keeps a short row's length in 23 bits beside its headroom, and
 * a longer row's length in the whole word with no headroom (rows.tmpl.h). This
 * test takes a row across that line and back through batches: a hub (vertex
 * 0) with 2^23 - 3 parallel out-edges to vertices 1..16; insertions that make
 * its row long (and move it), more that move it again, deletions that make it
 * short again, and insertions into the headroom it then keeps. After each
 * step the hub's degree, the edge count and its row, read back through an
 * export, must be what the steps say, and the integrity check (which also
 * compares the in-edges with the out-edges) runs where the row crossed the
 * line. Unweighted (K = 0), to keep it at about 70 MB and to seconds.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "dyng/batch.h"
#include "dyng/graph.h"

enum { SPOKES = 16, NEW_LO = 100, NEW_HI = 160 };
static const int64_t HUB_LEN = (1 << 23) - 3;

/* The hub's row by an export: its length and how many of its entries fall on
 * each target; the last target in row order. */
static void hub_row(const dyng_graph *g, int64_t n, int64_t *len, int64_t *counts, int64_t *last) {
    int64_t entries = 0;
    REQUIRE_OK(dyng_graph_num_entries(&entries, g));
    int32_t *row_ptr = malloc((size_t)(n + 1) * sizeof(int32_t));
    int32_t *col = malloc((size_t)entries * sizeof(int32_t));
    REQUIRE(row_ptr != NULL && col != NULL);
    REQUIRE_OK(dyng_graph_to_csr(g, false, row_ptr, col, NULL));
    *len = row_ptr[1] - row_ptr[0];
    for (int64_t v = 0; v < n; v++)
        counts[v] = 0;
    for (int64_t i = row_ptr[0]; i < row_ptr[1]; i++)
        counts[col[i]]++;
    *last = *len > 0 ? col[row_ptr[1] - 1] : -1;
    free(row_ptr);
    free(col);
}

/* The hub's row holds `spoke` copies of each spoke and one entry of each
 * vertex in [lo, hi), and ends with `last`. */
static void expect_hub(const dyng_graph *g, int64_t n, int64_t spoke, int64_t lo, int64_t hi,
                       int64_t last, bool check) {
    if (check)
        CHECK_OK(dyng_graph_check(g));
    int64_t *counts = malloc((size_t)n * sizeof(int64_t));
    REQUIRE(counts != NULL);
    const int64_t want_len = spoke * SPOKES + (hi - lo);
    int64_t degree = -1, len = -1, got_last = -2;
    CHECK_OK(dyng_graph_degree(&degree, g, 0, false));
    CHECK(degree == want_len);
    hub_row(g, n, &len, counts, &got_last);
    CHECK(len == want_len);
    CHECK(got_last == last);
    bool counts_right = counts[0] == 0;
    for (int64_t v = 1; v <= SPOKES; v++)
        counts_right = counts_right && counts[v] == spoke;
    for (int64_t v = SPOKES + 1; v < n; v++)
        counts_right = counts_right && counts[v] == (v >= lo && v < hi);
    CHECK(counts_right);
    int64_t m = 0;
    CHECK_OK(dyng_graph_num_edges(&m, g));
    CHECK(m == want_len);
    free(counts);
}

/* A batch of edges 0 -> v for v in [lo, hi), inserted or deleted, each
 * `copies` times. */
static dyng_batch *hub_batch(int64_t lo, int64_t hi, int64_t copies, bool insert) {
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 0));
    for (int64_t c = 0; c < copies; c++)
        for (int64_t v = lo; v < hi; v++) {
            const int32_t src = 0, dst = (int32_t)v;
            if (insert)
                REQUIRE_OK(dyng_batch_add_insertions(b, 1, &src, &dst, NULL));
            else
                REQUIRE_OK(dyng_batch_add_deletions(b, 1, &src, &dst));
        }
    return b;
}

static void apply(dyng_graph *g, dyng_batch *b, int64_t inserted, int64_t deleted) {
    dyng_apply_summary s;
    CHECK_OK(dyng_graph_apply(g, b, &s));
    CHECK(s.inserted == inserted);
    CHECK(s.deleted == deleted);
    REQUIRE_OK(dyng_batch_free(&b));
}

int main(void) {
    const int64_t n = NEW_HI + 1, m = HUB_LEN;
    int32_t *src = malloc((size_t)m * sizeof(int32_t));
    int32_t *dst = malloc((size_t)m * sizeof(int32_t));
    REQUIRE(src != NULL && dst != NULL);
    for (int64_t i = 0; i < HUB_LEN; i++) {
        const int32_t spoke = (int32_t)(1 + i % SPOKES);
        src[i] = 0, dst[i] = spoke;
    }
    dyng_graph_properties p;
    REQUIRE_OK(dyng_properties_default(&p));
    p.order = DYNG_ORDER_APPEND;
    p.parallel_edges = DYNG_PARALLEL_ALLOW;
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, n, m, src, dst, NULL, NULL));
    free(src);
    free(dst);
    /* 2^23 - 3 entries per hub row, just short of a long row: 16 spokes hold
     * (2^23 - 3) / 16 copies each, and the first 13 one more. Count them as
     * 16 equal spokes after a deletion of one copy of spokes 1..13. */
    const int64_t per_spoke = HUB_LEN / SPOKES, built_last = 1 + (HUB_LEN - 1) % SPOKES;
    REQUIRE(HUB_LEN % SPOKES == SPOKES - 3);
    apply(g, hub_batch(1, SPOKES - 2, 1, false), 0, SPOKES - 3);
    expect_hub(g, n, per_spoke, 0, 0, built_last, false);

    /* + 6 new neighbours: 2^23 - 10 entries, still short; + 20 more: long */
    apply(g, hub_batch(NEW_LO, NEW_LO + 6, 1, true), 6, 0);
    expect_hub(g, n, per_spoke, NEW_LO, NEW_LO + 6, NEW_LO + 5, false);
    apply(g, hub_batch(NEW_LO + 6, NEW_LO + 26, 1, true), 20, 0);
    expect_hub(g, n, per_spoke, NEW_LO, NEW_LO + 26, NEW_LO + 25, true);

    /* long rows keep no headroom: each insertion moves them again */
    apply(g, hub_batch(NEW_LO + 26, NEW_HI, 1, true), NEW_HI - NEW_LO - 26, 0);
    expect_hub(g, n, per_spoke, NEW_LO, NEW_HI, NEW_HI - 1, false);
    apply(g, hub_batch(NEW_HI - 1, NEW_HI, 1, false), 0, 1);
    apply(g, hub_batch(NEW_HI - 1, NEW_HI, 1, true), 1, 0);
    expect_hub(g, n, per_spoke, NEW_LO, NEW_HI, NEW_HI - 1, true);

    /* short again: the new neighbours and 3 copies of every spoke go */
    apply(g, hub_batch(NEW_LO, NEW_HI, 1, false), 0, NEW_HI - NEW_LO);
    apply(g, hub_batch(1, SPOKES + 1, 3, false), 0, 3 * SPOKES);
    expect_hub(g, n, per_spoke - 3, 0, 0, built_last, false);
    /* and grows in place into the headroom it keeps */
    apply(g, hub_batch(NEW_LO, NEW_LO + 2, 1, true), 2, 0);
    expect_hub(g, n, per_spoke - 3, NEW_LO, NEW_LO + 2, NEW_LO + 1, true);

    /* a clone packs the rows: the same rows */
    dyng_graph *c = NULL;
    CHECK_OK(dyng_graph_clone(&c, g));
    expect_hub(c, n, per_spoke - 3, NEW_LO, NEW_LO + 2, NEW_LO + 1, false);
    dyng_graph_free(&c);
    dyng_graph_free(&g);
    return check_finish("test_long_rows");
}
