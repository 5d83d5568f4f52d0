/*
 * tests/c/test_graph_check.c - dyng_graph_check finds a damaged graph.
 *
 * Every other test calls the integrity check on graphs that are right; here
 * each case damages one thing of a good graph through its internal layout
 * (graph_internal.h) and expects DYNG_INTERNAL with a message that names
 * what is wrong. A check that passed everything would fail every case.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "graph/graph_internal.h"

/* The row record of int32 offsets (rows.tmpl.h): the offset, and the length
 * (low 23 bits) with the headroom (the 8 bits above) of a short row. */
typedef struct row32 {
    int32_t off;
    int32_t lx;
} row32;
#define ROW32_LEN_BITS 23

/* 0->1 (5), 0->2 (3), 0->3 (1), 1->2 (4), 2->0 (7), 3->1 (2): directed,
 * sorted rows, no parallel edges, in-edges stored, int32 ids and offsets. */
static dyng_graph *good_graph(void) {
    int32_t src[] = {0, 0, 0, 1, 2, 3}, dst[] = {1, 2, 3, 2, 0, 1}, w[] = {5, 3, 1, 4, 7, 2};
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.num_weights = 1;
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, 4, 6, src, dst, w, NULL));
    REQUIRE_OK(dyng_graph_check(g));
    return g;
}

static row32 *rows_of(dyng_i_adj *a) { return (row32 *)a->rows; }
static int32_t *cols_of(dyng_i_adj *a) { return (int32_t *)a->col; }

/* Damage a fresh good graph with `damage`, expect the check to refuse it
 * with a message holding `words`. */
static void expect_refused(const char *name, void (*damage)(dyng_graph *), const char *words) {
    dyng_graph *g = good_graph();
    CHECK(g->k->row_record_bytes == sizeof(row32));
    damage(g);
    dyng_status st = dyng_graph_check(g);
    const char *msg = dyng_error_message();
    if (st == DYNG_INTERNAL && strstr(msg, words) != NULL) {
        check_passed_count++;
    } else {
        check_failed_count++;
        fprintf(stderr, "%s: got %s (%s); want INTERNAL naming '%s'\n", name, dyng_status_name(st),
                msg, words);
    }
    dyng_graph_free(&g);
}

/* Row 0 of the out-edges is 1, 2, 3; row 1 is 2; row 2 is 0; row 3 is 1. */
static void target_out_of_range(dyng_graph *g) { cols_of(&g->out)[1] = 9; }
static void unsorted_row(dyng_graph *g) {
    int32_t *c = cols_of(&g->out);
    int32_t t = c[0];
    c[0] = c[1];
    c[1] = t;
}
static void parallel_edge(dyng_graph *g) { cols_of(&g->out)[1] = 1; } /* 1, 1, 3 */
static void longer_than_capacity(dyng_graph *g) { rows_of(&g->out)[3].lx = 2; }
static void past_the_slots(dyng_graph *g) { rows_of(&g->out)[3].off = 6; }
static void live_count(dyng_graph *g) { g->out.live++; }
static void dead_count(dyng_graph *g) { g->out.dead++; }
static void overlapping_rows(dyng_graph *g) {
    /* row 1 moves onto row 2's slot: capacities still add up */
    row32 *r = rows_of(&g->out);
    r[1].off = r[2].off;
}
static void edge_count(dyng_graph *g) { g->m++; }
static void in_edge_weight(dyng_graph *g) { g->in.w[0]++; }
static void in_edge_missing(dyng_graph *g) {
    /* in-row 2 (from 0 and 1) loses its last entry: counts kept in step */
    row32 *r = &rows_of(&g->in)[2];
    CHECK(r->lx == 2); /* length 2, no headroom */
    r->lx = 1 | 1 << ROW32_LEN_BITS;
    g->in.live--;
}
static void more_rows_than_allocated(dyng_graph *g) { g->out.vert_alloc = 2; }

int main(void) {
    expect_refused("target out of range", target_out_of_range, "outside 0..3");
    expect_refused("unsorted row", unsorted_row, "is not sorted");
    expect_refused("parallel edge", parallel_edge, "twice");
    expect_refused("length past capacity", longer_than_capacity, "capacity");
    expect_refused("row past the slots in use", past_the_slots, "slots in use");
    expect_refused("live count", live_count, "the count says");
    expect_refused("dead count", dead_count, "capacities");
    expect_refused("overlapping rows", overlapping_rows, "overlap");
    expect_refused("edge count", edge_count, "edges");
    expect_refused("in-edge weight", in_edge_weight, "differs from the transposed");
    expect_refused("in-edge missing", in_edge_missing, "the transposed out-edges");
    expect_refused("rows allocated", more_rows_than_allocated, "allocated");
    /* and the good graph passes (the cases damage their own copies) */
    dyng_graph *g = good_graph();
    CHECK_OK(dyng_graph_check(g));
    dyng_graph_free(&g);
    return check_finish("test_graph_check");
}
