/*
 * src/graph/graph.c - building, copying, reading out and checking graphs.
 *
 * The public entry points check their arguments, then dispatch once to the
 * typed kernels of the graph's (vertex, offset) pair (kernels.tmpl.h).
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/memory.h"
#include "core/resources_internal.h"
#include "graph_internal.h"
#include "window_rows.h"

static atomic_uint_fast64_t state_counter;

uint64_t dyng_i_next_state_id(void) { return (uint64_t)atomic_fetch_add(&state_counter, 1) + 1; }

/* Resolve the resources a graph runs on: a new reference. */
static dyng_status take_resources(dyng_resources **out, dyng_resources *r) {
    if (r == NULL)
        return dyng_resources_default(out);
    DYNG_I_TRY(dyng_resources_retain(r));
    *out = r;
    return DYNG_OK;
}

dyng_status dyng_graph_free(dyng_graph **g) {
    if (g == NULL || *g == NULL)
        return DYNG_OK;
    dyng_graph *x = *g;
    if (x->k != NULL) {
        x->k->free_adj(&x->out);
        x->k->free_adj(&x->in);
    }
    dyng_resources_free(&x->res);
    dyng_i_free(x);
    *g = NULL;
    return DYNG_OK;
}

bool dyng_i_records_pass_memory(const dyng_graph_properties *p, int64_t n, char *why) {
    const dyng_i_kernels *k = dyng_i_kernels_for(p->vertex_type, p->offset_type);
    const int directions = p->directed && p->store_transposed ? 2 : 1;
    const double bytes = (double)n * (double)(k != NULL ? k->row_record_bytes : 0) * directions;
    char past[96];
    if (!dyng_i_past_memory(bytes, past, sizeof past))
        return false;
    if (why != NULL)
        snprintf(why, DYNG_I_WHY_BYTES,
                 "whose row records alone take %s; ids index arrays, so number sparse ids "
                 "0..n-1 first",
                 past);
    return true;
}

/* Check ids and find the vertex count; entries: the slots the rows need. */
static dyng_status check_edges(int64_t *n_out, const dyng_graph_properties *p, int64_t n, int64_t m,
                               const void *src, const void *dst) {
    const bool given = n >= 0;
    int64_t max_id = -1, loops = 0;
    for (int64_t e = 0; e < m; e++) {
        int64_t u = dyng_i_read_id(src, p->vertex_type, e);
        int64_t v = dyng_i_read_id(dst, p->vertex_type, e);
        if (u < 0 || v < 0)
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "edge %lld is (%lld, %lld); ids must be >= 0", (long long)e,
                                (long long)u, (long long)v);
        if (n >= 0 && (u >= n || v >= n))
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "edge %lld is (%lld, %lld); ids must be below num_vertices = "
                                "%lld",
                                (long long)e, (long long)u, (long long)v, (long long)n);
        if (u > max_id)
            max_id = u;
        if (v > max_id)
            max_id = v;
        loops += u == v;
    }
    if (n < 0 && max_id > dyng_i_max_id(p->vertex_type)) /* max_id + 1 may not fit int64 */
        return dyng_i_error(DYNG_CAPACITY, "%llu vertices do not fit %s ids",
                            (unsigned long long)max_id + 1, dyng_type_name(p->vertex_type));
    if (n < 0)
        n = max_id + 1;
    if (n - 1 > dyng_i_max_id(p->vertex_type))
        return dyng_i_error(DYNG_CAPACITY, "%lld vertices do not fit %s ids", (long long)n,
                            dyng_type_name(p->vertex_type));
    char why[DYNG_I_WHY_BYTES];
    if (dyng_i_records_pass_memory(p, n, why))
        return dyng_i_error(DYNG_OUT_OF_MEMORY, "the graph would have %lld vertices (%s), %s",
                            (long long)n, given ? "num_vertices" : "its largest id + 1", why);
    int64_t entries = p->directed ? m : 2 * m - loops;
    if (entries > dyng_i_max_offset(p->offset_type))
        return dyng_i_error(DYNG_CAPACITY,
                            "%lld stored edges do not fit %s offsets; use int64 offsets",
                            (long long)entries, dyng_type_name(p->offset_type));
    *n_out = n;
    return DYNG_OK;
}

dyng_status dyng_graph_from_edges(dyng_graph **out, const dyng_graph_properties *p,
                                  int64_t num_vertices, int64_t num_edges, const void *src,
                                  const void *dst, const int32_t *weights,
                                  dyng_resources *resources) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(p); /* named here, not as dyng_properties_check's */
    DYNG_I_TRY(dyng_properties_check(p));
    if (num_edges < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "num_edges is %lld; accepted: >= 0",
                            (long long)num_edges);
    if (num_edges > dyng_i_max_offset(DYNG_TYPE_INT64) / 2)
        return dyng_i_error(DYNG_CAPACITY, "num_edges is %lld; at most %lld edges are supported",
                            (long long)num_edges,
                            (long long)(dyng_i_max_offset(DYNG_TYPE_INT64) / 2));
    if (num_edges > 0 && (src == NULL || dst == NULL))
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "src and dst must not be NULL for %lld edges",
                            (long long)num_edges);
    if (num_edges > 0 && p->num_weights > 0 && weights == NULL)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the graph has %d weights per edge but weights is NULL",
                            p->num_weights);
    int64_t n = 0;
    DYNG_I_TRY(check_edges(&n, p, num_vertices, num_edges, src, dst));

    dyng_graph *g = dyng_i_calloc(1, sizeof *g);
    if (g == NULL)
        return dyng_i_oom("a graph", sizeof *g);
    g->p = *p;
    g->n = n;
    g->k = dyng_i_kernels_for(p->vertex_type, p->offset_type);
    dyng_status st = take_resources(&g->res, resources);
    int64_t loops = 0, in_loops = 0;
    if (st == DYNG_OK)
        st = g->k->build(&g->out, &loops, p, n, num_edges, src, dst, weights, !p->directed, g->res);
    /* In-edges: with sorted rows, the transposition of the finished out-rows
     * (already merged, and in source order); in append order they must keep
     * the arrival order, so they are built from the reversed edges. */
    if (st == DYNG_OK && p->directed && p->store_transposed)
        st =
            p->order == DYNG_ORDER_SORTED
                ? g->k->build_transposed(&g->in, &g->out, n, p->num_weights, g->res)
                : g->k->build(&g->in, &in_loops, p, n, num_edges, dst, src, weights, false, g->res);
    if (st != DYNG_OK) {
        dyng_graph_free(&g);
        return st;
    }
    g->m = p->directed ? g->out.live : (g->out.live + loops) / 2;
    g->version = 0;
    g->state_id = dyng_i_next_state_id();
    g->low_weight_columns = 0;
    g->max_weight = 0;
    if (p->num_weights > 0)
        dyng_i_weight_bounds(weights, num_edges, p->num_weights, &g->low_weight_columns,
                             &g->max_weight);
    *out = g;
    return DYNG_OK;
}

/* For the symmetry check of an undirected CSR: (u, v, weights) ordering. */
typedef struct sym_entry {
    int64_t u, v, e;
} sym_entry;
static _Thread_local const int32_t *sym_w;
static _Thread_local int sym_k;

static int sym_cmp(const void *a, const void *b) {
    const sym_entry *x = a, *y = b;
    if (x->u != y->u)
        return x->u < y->u ? -1 : 1;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    if (sym_k > 0) {
        int c = memcmp(sym_w + x->e * sym_k, sym_w + y->e * sym_k, (size_t)sym_k * sizeof(int32_t));
        if (c != 0)
            return c;
    }
    return 0;
}

dyng_status dyng_graph_from_csr(dyng_graph **out, const dyng_graph_properties *p,
                                int64_t num_vertices, const void *row_ptr, const void *col,
                                const int32_t *weights, dyng_resources *resources) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(p);
    DYNG_I_TRY(dyng_properties_check(p));
    DYNG_I_CHECK_ARG(row_ptr);
    if (num_vertices < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "num_vertices is %lld; accepted: >= 0",
                            (long long)num_vertices);
    const dyng_type ot = p->offset_type, vt = p->vertex_type;
    int64_t total = dyng_i_read_id(row_ptr, ot, num_vertices);
    if (dyng_i_read_id(row_ptr, ot, 0) != 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "row_ptr[0] is %lld; it must be 0",
                            (long long)dyng_i_read_id(row_ptr, ot, 0));
    for (int64_t v = 0; v < num_vertices; v++)
        if (dyng_i_read_id(row_ptr, ot, v + 1) < dyng_i_read_id(row_ptr, ot, v))
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "row_ptr decreases at %lld (%lld then %lld); it must be "
                                "non-decreasing",
                                (long long)v, (long long)dyng_i_read_id(row_ptr, ot, v),
                                (long long)dyng_i_read_id(row_ptr, ot, v + 1));
    if (total > 0 && col == NULL)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "col is NULL for %lld entries",
                            (long long)total);
    if (total > 0 && p->num_weights > 0 && weights == NULL)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the graph has %d weights per edge but weights is NULL",
                            p->num_weights);

    if (total > INT64_MAX / 4) /* what the offsets of a graph can count (kernels.c) */
        return dyng_i_error(DYNG_CAPACITY,
                            "row_ptr[%lld] is %lld: more entries than a graph holds (2^61 - 1)",
                            (long long)num_vertices, (long long)total);

    const size_t vs = dyng_type_size(vt);
    const int K = p->num_weights;
    dyng_status st = DYNG_OK;
    void *src = dyng_i_malloc((size_t)total + 1, vs);
    void *dst = NULL;
    int32_t *w = NULL;
    sym_entry *lower = NULL, *upper = NULL;
    if (src == NULL)
        return dyng_i_oom("CSR sources", dyng_i_mul_size((size_t)total + 1, vs));
    for (int64_t v = 0; v < num_vertices; v++)
        for (int64_t e = dyng_i_read_id(row_ptr, ot, v); e < dyng_i_read_id(row_ptr, ot, v + 1);
             e++) {
            if (vt == DYNG_TYPE_INT64)
                ((int64_t *)src)[e] = v;
            else
                ((int32_t *)src)[e] = (int32_t)v;
        }
    if (p->directed) {
        st = dyng_graph_from_edges(out, p, num_vertices, total, src, col, weights, resources);
        goto done;
    }
    /* Undirected: the CSR must list each (u, v, w) with its (v, u, w). */
    int64_t nl = 0, nu = 0;
    for (int64_t e = 0; e < total; e++) {
        int64_t u = dyng_i_read_id(src, vt, e), v = dyng_i_read_id(col, vt, e);
        if (v < 0 || v >= num_vertices) {
            st = dyng_i_error(DYNG_INVALID_ARGUMENT, "col[%lld] is %lld; ids must be in 0..%lld",
                              (long long)e, (long long)v, (long long)num_vertices - 1);
            goto done;
        }
        nl += u > v;
        nu += u < v;
    }
    if (nl != nu) {
        st = dyng_i_error(DYNG_INVALID_ARGUMENT,
                          "an undirected graph needs a symmetric CSR; this one has %lld "
                          "entries above the diagonal and %lld below",
                          (long long)nu, (long long)nl);
        goto done;
    }
    lower = dyng_i_malloc((size_t)nl + 1, sizeof *lower);
    upper = dyng_i_malloc((size_t)nu + 1, sizeof *upper);
    dst = dyng_i_malloc((size_t)(total - nl) + 1, vs);
    w = K > 0 ? dyng_i_malloc((size_t)(total - nl + 1) * (size_t)K, sizeof(int32_t)) : NULL;
    if (lower == NULL || upper == NULL || dst == NULL || (K > 0 && w == NULL)) {
        st = dyng_i_oom("a CSR symmetry check", (size_t)total * sizeof *lower);
        goto done;
    }
    int64_t il = 0, iu = 0, k = 0;
    for (int64_t e = 0; e < total; e++) {
        int64_t u = dyng_i_read_id(src, vt, e), v = dyng_i_read_id(col, vt, e);
        if (u > v) {
            lower[il++] = (sym_entry){v, u, e};
            continue;
        }
        if (u < v)
            upper[iu++] = (sym_entry){u, v, e};
        memcpy((char *)src + (size_t)k * vs, (char *)src + (size_t)e * vs, vs);
        memcpy((char *)dst + (size_t)k * vs, (const char *)col + (size_t)e * vs, vs);
        if (K > 0)
            memcpy(w + k * K, weights + e * K, (size_t)K * sizeof(int32_t));
        k++;
    }
    sym_w = weights;
    sym_k = K;
    qsort(lower, (size_t)nl, sizeof *lower, sym_cmp);
    qsort(upper, (size_t)nu, sizeof *upper, sym_cmp);
    for (int64_t i = 0; i < nl; i++)
        if (sym_cmp(&lower[i], &upper[i]) != 0) {
            st = dyng_i_error(DYNG_INVALID_ARGUMENT,
                              "an undirected graph needs a symmetric CSR; entry (%lld, %lld) "
                              "has no mirror with the same weights",
                              (long long)upper[i].u, (long long)upper[i].v);
            goto done;
        }
    st = dyng_graph_from_edges(out, p, num_vertices, k, src, dst, w, resources);
done:
    dyng_i_free(src);
    dyng_i_free(dst);
    dyng_i_free(w);
    dyng_i_free(lower);
    dyng_i_free(upper);
    return st;
}

/* A whole-graph pass's status, with `what` named in an interrupt's message
 * (the kernels return DYNG_INTERRUPTED without one). */
static dyng_status pass_status(dyng_status st, const char *what) {
    return st == DYNG_INTERRUPTED ? dyng_i_error(DYNG_INTERRUPTED, "%s was interrupted", what) : st;
}

dyng_status dyng_graph_clone(dyng_graph **out, const dyng_graph *g) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(g);
    dyng_graph *c = dyng_i_calloc(1, sizeof *c);
    if (c == NULL)
        return dyng_i_oom("a graph", sizeof *c);
    *c = *g;
    memset(&c->out, 0, sizeof c->out);
    memset(&c->in, 0, sizeof c->in);
    c->res = NULL;
    dyng_status st = g->k->clone_adj(&c->out, &g->out, g->n, g->p.num_weights, g->res);
    if (st == DYNG_OK && g->p.directed && g->p.store_transposed)
        st = g->k->clone_adj(&c->in, &g->in, g->n, g->p.num_weights, g->res);
    if (st != DYNG_OK) {
        dyng_graph_free(&c);
        return pass_status(st, "clone");
    }
    dyng_resources_retain(g->res);
    c->res = g->res;
    *out = c;
    return DYNG_OK;
}

dyng_status dyng_graph_num_vertices(int64_t *n, const dyng_graph *g) {
    DYNG_I_CHECK_ARG(n);
    DYNG_I_CHECK_ARG(g);
    *n = g->n;
    return DYNG_OK;
}

dyng_status dyng_graph_num_edges(int64_t *m, const dyng_graph *g) {
    DYNG_I_CHECK_ARG(m);
    DYNG_I_CHECK_ARG(g);
    *m = g->m;
    return DYNG_OK;
}

dyng_status dyng_graph_num_entries(int64_t *entries, const dyng_graph *g) {
    DYNG_I_CHECK_ARG(entries);
    DYNG_I_CHECK_ARG(g);
    *entries = g->out.live;
    return DYNG_OK;
}

dyng_status dyng_graph_properties_of(dyng_graph_properties *p, const dyng_graph *g) {
    DYNG_I_CHECK_ARG(p);
    DYNG_I_CHECK_ARG(g);
    *p = g->p;
    return DYNG_OK;
}

dyng_status dyng_graph_version(uint64_t *version, const dyng_graph *g) {
    DYNG_I_CHECK_ARG(version);
    DYNG_I_CHECK_ARG(g);
    *version = g->version;
    return DYNG_OK;
}

dyng_status dyng_graph_state_id(uint64_t *state_id, const dyng_graph *g) {
    DYNG_I_CHECK_ARG(state_id);
    DYNG_I_CHECK_ARG(g);
    *state_id = g->state_id;
    return DYNG_OK;
}

dyng_status dyng_graph_resources(dyng_resources **r, const dyng_graph *g) {
    DYNG_I_CHECK_ARG(r);
    DYNG_I_CHECK_ARG(g);
    *r = g->res;
    return DYNG_OK;
}

dyng_status dyng_graph_set_resources(dyng_graph *g, dyng_resources *r) {
    DYNG_I_CHECK_ARG(g);
    dyng_resources *next = NULL;
    DYNG_I_TRY(take_resources(&next, r));
    dyng_resources_free(&g->res);
    g->res = next;
    return DYNG_OK;
}

static size_t adj_bytes(const dyng_graph *g, const dyng_i_adj *a) {
    size_t vs = dyng_type_size(g->p.vertex_type);
    size_t holes = 0;
    for (int s = 0; s < DYNG_I_HOLE_SIZES; s++)
        holes += (size_t)a->hole_alloc[s] * sizeof(int64_t);
    return (size_t)a->vert_alloc * g->k->row_record_bytes +
           (size_t)a->slot_alloc * (vs + (size_t)g->p.num_weights * sizeof(int32_t)) + holes;
}

dyng_status dyng_graph_memory_bytes(size_t *bytes, const dyng_graph *g) {
    DYNG_I_CHECK_ARG(bytes);
    DYNG_I_CHECK_ARG(g);
    *bytes = sizeof *g + adj_bytes(g, &g->out);
    if (g->p.directed && g->p.store_transposed)
        *bytes += adj_bytes(g, &g->in);
    return DYNG_OK;
}

static dyng_status check_vertex(const dyng_graph *g, int64_t v) {
    if (v < 0 || v >= g->n)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "vertex %lld is not in 0..%lld", (long long)v,
                            (long long)g->n - 1);
    return DYNG_OK;
}

/* The stored direction that holds v's row, or NULL for the in-row of a
 * directed graph without stored in-edges (found by reading every row). */
static const dyng_i_adj *row_direction(const dyng_graph *g, bool transposed) {
    if (!transposed || !g->p.directed)
        return &g->out;
    return g->p.store_transposed ? &g->in : NULL;
}

dyng_status dyng_graph_degree(int64_t *degree, const dyng_graph *g, int64_t v, bool transposed) {
    DYNG_I_CHECK_ARG(degree);
    DYNG_I_CHECK_ARG(g);
    *degree = 0;
    DYNG_I_TRY(check_vertex(g, v));
    const dyng_i_adj *adj = row_direction(g, transposed);
    *degree =
        adj != NULL ? g->k->row_len(adj, v) : g->k->in_row_scan(&g->out, g->n, 0, v, NULL, NULL);
    return DYNG_OK;
}

dyng_status dyng_graph_degrees(const dyng_graph *g, bool transposed, int64_t *degrees) {
    DYNG_I_CHECK_ARG(g);
    if (g->n == 0)
        return DYNG_OK;
    if (degrees == NULL)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "degrees is NULL; it must hold %lld values",
                            (long long)g->n);
    const dyng_i_adj *adj = row_direction(g, transposed);
    return pass_status(adj != NULL ? g->k->lengths(adj, g->n, false, degrees, g->res)
                                   : g->k->lengths(&g->out, g->n, true, degrees, g->res),
                       "degrees");
}

dyng_status dyng_graph_neighbors(int64_t *degree, const dyng_graph *g, int64_t v, bool transposed,
                                 void *targets, int32_t *weights, int64_t capacity) {
    DYNG_I_CHECK_ARG(degree);
    DYNG_I_CHECK_ARG(g);
    *degree = 0;
    DYNG_I_TRY(check_vertex(g, v));
    const dyng_i_adj *adj = row_direction(g, transposed);
    const int K = g->p.num_weights;
    const int64_t len =
        adj != NULL ? g->k->row_len(adj, v) : g->k->in_row_scan(&g->out, g->n, 0, v, NULL, NULL);
    *degree = len;
    if (targets == NULL && (weights == NULL || K == 0))
        return DYNG_OK;
    if (capacity < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "capacity is %lld; accepted: 0 or more (the entries the outputs hold)",
                            (long long)capacity);
    if (len > capacity)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "vertex %lld has %lld %s-neighbours; the outputs hold %lld (a call "
                            "with NULL outputs gives the number)",
                            (long long)v, (long long)len, transposed ? "in" : "out",
                            (long long)capacity);
    if (adj != NULL)
        g->k->row_copy(adj, v, K, targets, weights);
    else
        g->k->in_row_scan(&g->out, g->n, K, v, targets, weights);
    return DYNG_OK;
}

dyng_status dyng_graph_has_edge(bool *has, const dyng_graph *g, int64_t u, int64_t v) {
    DYNG_I_CHECK_ARG(has);
    DYNG_I_CHECK_ARG(g);
    *has = false;
    if (u < 0 || v < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "vertex %lld is negative; ids are 0 or more",
                            (long long)(u < 0 ? u : v));
    g->k->find_pairs(g, DYNG_TYPE_INT64, &u, &v, 0, 1, has, NULL);
    return DYNG_OK;
}

dyng_status dyng_graph_to_csr(const dyng_graph *g, bool transposed, void *row_ptr, void *col,
                              int32_t *weights) {
    DYNG_I_CHECK_ARG(g);
    const int K = g->p.num_weights;
    dyng_status st;
    if (!transposed || !g->p.directed)
        st = g->k->to_csr(&g->out, g->n, K, row_ptr, col, weights, g->res);
    else if (g->p.store_transposed)
        st = g->k->to_csr(&g->in, g->n, K, row_ptr, col, weights, g->res);
    else
        st = g->k->transpose_csr(&g->out, g->n, K, row_ptr, col, weights, g->res);
    return pass_status(st, "to_csr");
}

int64_t dyng_i_graph_window_rows(const dyng_graph *g, int64_t lo, int64_t hi, void *out,
                                 int64_t *start, int64_t *loops) {
    return g->k->window_rows(&g->out, lo, hi, !g->p.directed, g->p.order == DYNG_ORDER_SORTED, out,
                             start, loops);
}

bool dyng_i_graph_rows_distinct(const dyng_graph *g) {
    return g->p.order == DYNG_ORDER_SORTED && g->p.parallel_edges == DYNG_PARALLEL_FORBID;
}

int64_t dyng_i_graph_window_counts(const dyng_graph *g, int64_t lo, int64_t hi, int64_t *start) {
    return g->k->window_counts(&g->out, g->n, lo, hi, !g->p.directed, start);
}

int64_t dyng_i_graph_window_target(const dyng_graph *g, int64_t lo, int64_t u, int64_t j) {
    return g->k->window_target(&g->out, u, g->p.directed ? lo : u, j);
}

/* has_edges, edge_weights: the pairs in pieces of this many (each a poll
 * point). */
#define HAS_EDGES_PIECE 16384

typedef struct find_edges_job {
    const dyng_graph *g;
    int64_t count;
    dyng_type type;
    const void *src, *dst;
    bool *found;
    int32_t *weights;
} find_edges_job;

static bool find_edges_piece(void *context, int64_t k) {
    const find_edges_job *j = context;
    const int64_t end = (k + 1) * HAS_EDGES_PIECE < j->count ? (k + 1) * HAS_EDGES_PIECE : j->count;
    j->g->k->find_pairs(j->g, j->type, j->src, j->dst, k * HAS_EDGES_PIECE, end, j->found,
                        j->weights);
    return true;
}

/* has_edges and edge_weights (`who` names the C function, `what` the call
 * in an interrupt's message): check the ids, then search the pairs piece by
 * piece on the graph's threads. */
static dyng_status find_edges(const char *who, const char *what, const dyng_graph *g, int64_t count,
                              dyng_type id_type, const void *src, const void *dst, bool *found,
                              int32_t *weights) {
    DYNG_I_CHECK_ARG_AS(who, g);
    if (count < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "count is %lld; accepted: 0 or more",
                            (long long)count);
    if (id_type != DYNG_TYPE_INT32 && id_type != DYNG_TYPE_INT64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "id_type is %s; accepted: int32 or int64",
                            dyng_type_name(id_type));
    if (count == 0)
        return DYNG_OK;
    DYNG_I_CHECK_ARG_AS(who, src);
    DYNG_I_CHECK_ARG_AS(who, dst);
    DYNG_I_CHECK_ARG_AS(who, found);
    for (int64_t i = 0; i < count; i++) { /* refused before anything is written */
        const int64_t u = dyng_i_read_id(src, id_type, i), v = dyng_i_read_id(dst, id_type, i);
        if (u < 0 || v < 0)
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "pair %lld is (%lld, %lld): ids are 0 or more", (long long)i,
                                (long long)u, (long long)v);
    }
    find_edges_job job = {g, count, id_type, src, dst, found, weights};
    const int64_t pieces = (count + HAS_EDGES_PIECE - 1) / HAS_EDGES_PIECE;
    const int threads = pieces > 1 ? dyng_i_threads(g->res) : 1;
    if (dyng_i_run_chunks(pieces, find_edges_piece, &job, g->res, threads) != DYNG_OK)
        return dyng_i_error(DYNG_INTERRUPTED, "%s was interrupted", what);
    return DYNG_OK;
}

dyng_status dyng_graph_has_edges(const dyng_graph *g, int64_t count, dyng_type id_type,
                                 const void *src, const void *dst, bool *has) {
    return find_edges("dyng_graph_has_edges", "has_edges", g, count, id_type, src, dst, has, NULL);
}

dyng_status dyng_graph_edge_weights(const dyng_graph *g, int64_t count, dyng_type id_type,
                                    const void *src, const void *dst, bool *found,
                                    int32_t *weights) {
    return find_edges("dyng_graph_edge_weights", "edge_weights", g, count, id_type, src, dst, found,
                      weights);
}

bool dyng_i_graph_row_holds(const dyng_graph *g, int64_t u, int64_t v) {
    return g->k->row_find(&g->out, u, v, g->p.order == DYNG_ORDER_SORTED) >= 0;
}

dyng_status dyng_graph_to_edges(const dyng_graph *g, void *src, void *dst, int32_t *weights) {
    DYNG_I_CHECK_ARG(g);
    return pass_status(
        g->k->to_edges(&g->out, g->n, g->p.num_weights, !g->p.directed, src, dst, weights, g->res),
        "to_edges");
}

dyng_status dyng_graph_check(const dyng_graph *g) {
    DYNG_I_CHECK_ARG(g);
    return pass_status(g->k->check(g), "the integrity check");
}
