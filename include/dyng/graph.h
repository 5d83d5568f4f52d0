/*
 * dyng/graph.h - a graph that changes by batches.
 *
 * Vertices are 0..n-1. Edges are directed; an undirected graph stores both
 * directions of every edge (a self-loop once) and every change touches both.
 * Each edge carries num_weights int32 weights, stored edge-major
 * (weights[e * num_weights + k]). The graph also keeps its in-edges when
 * store_transposed is set (directed graphs only: an undirected graph's
 * in-edges are its out-edges).
 *
 * Rows live in one array with headroom: a row that outgrows its slot moves to
 * the end, so applying a batch costs time in proportion to the batch and the
 * rows it touches. Space left behind is reclaimed internally.
 *
 * A graph has a version (0 when built, +1 per applied batch) and a state id,
 * unique in the process, that changes with every applied batch and that a
 * clone shares with its original. Results record both.
 *
 * Ownership: every graph is owned by its creator and freed with
 * dyng_graph_free. Arrays passed in are copied; arrays passed out are the
 * caller's, sized with the count functions. Calls that change a graph must not
 * run concurrently with any other call on it; read-only calls may.
 */
#ifndef DYNG_GRAPH_H
#define DYNG_GRAPH_H

#include "resources.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dyng_graph dyng_graph;

/* Row order: "sorted" keeps each row sorted by target (a stable order for
 * parallel edges); "append" keeps the order in which edges arrived. The
 * in-rows of a directed graph without stored in-edges are computed from the
 * out-rows when asked for (to_csr and neighbors with transposed): they list
 * their sources ascending whatever the row order, since arrival order across
 * rows is not kept; stored in-rows keep it under "append". */
typedef enum dyng_row_order { DYNG_ORDER_SORTED = 0, DYNG_ORDER_APPEND = 1 } dyng_row_order;

/* Parallel edges: "forbid" merges duplicates when a graph is built (the first
 * position stays, the last weights win); "allow" keeps them. */
typedef enum dyng_parallel_edges {
    DYNG_PARALLEL_FORBID = 0,
    DYNG_PARALLEL_ALLOW = 1
} dyng_parallel_edges;

/* What an insertion of an existing (u, v) does. */
typedef enum dyng_on_existing_insert {
    DYNG_EXISTING_UPSERT = 0, /* the first remaining (u, v) takes the new weights */
    DYNG_EXISTING_ERROR = 1,  /* the batch fails with DYNG_INVALID_ARGUMENT     */
    DYNG_EXISTING_IGNORE = 2  /* the insertion is skipped and counted            */
} dyng_on_existing_insert;

/* What a deletion of an absent (u, v) does. */
typedef enum dyng_on_missing_delete {
    DYNG_MISSING_IGNORE = 0,
    DYNG_MISSING_ERROR = 1
} dyng_on_missing_delete;

/* What a batch edge (u, u) does. */
typedef enum dyng_on_self_loop {
    DYNG_SELF_LOOP_KEEP = 0,
    DYNG_SELF_LOOP_DROP = 1,
    DYNG_SELF_LOOP_ERROR = 2
} dyng_on_self_loop;

/*
 * How a batch changes a graph (a property of the graph).
 *
 * - Deletions run in the order given; each removes the first remaining (u, v)
 *   of row u. Insertions run in the order given; a new (u, v) is added (at the
 *   end of the row, or at its sorted place after any equal targets), an
 *   existing one is handled by on_existing_insert.
 * - deletions_first: all deletions run before all insertions (else after).
 * - allow_vertex_growth: an insertion that names a vertex >= n grows the
 *   vertex set to cover it; without it such an insertion is an error.
 *   A deletion that names a vertex >= n deletes an absent edge. A self-loop
 *   that on_self_loop drops grows nothing, but without growth its vertex
 *   must still be below n (the ids are checked before the rules run).
 * - as_sets: both lists are first sorted by (u, v) and de-duplicated (the last
 *   weights given for a pair win); a pair that is both deleted and inserted,
 *   when both take effect, is counted as cancelled instead of as one deletion
 *   and one insertion (the edge ends as the later of the two leaves it: with
 *   deletions first, present with the inserted weights; without, absent).
 */
typedef struct dyng_batch_semantics {
    dyng_on_existing_insert on_existing_insert;
    dyng_on_missing_delete on_missing_delete;
    dyng_on_self_loop on_self_loop;
    bool deletions_first;
    bool allow_vertex_growth;
    bool as_sets;
} dyng_batch_semantics;

/* Preset: upsert, ignore missing deletions, keep self-loops, deletions first,
 * vertex growth, not as sets. The default. */
dyng_status dyng_semantics_upsert_last_wins(dyng_batch_semantics *out);

/* Preset: as sets; existing insertions and missing deletions are ignored
 * (dropped no-ops), self-loops dropped, deletions first, vertex growth. */
dyng_status dyng_semantics_set(dyng_batch_semantics *out);

typedef struct dyng_graph_properties {
    bool directed;
    dyng_row_order order;
    dyng_parallel_edges parallel_edges;
    bool store_transposed;
    int num_weights;       /* 0..DYNG_MAX_WEIGHTS */
    dyng_type vertex_type; /* DYNG_TYPE_INT32 or DYNG_TYPE_INT64 */
    dyng_type offset_type; /* DYNG_TYPE_INT32 or DYNG_TYPE_INT64 */
    dyng_batch_semantics semantics;
} dyng_graph_properties;

/* Defaults: directed, sorted rows, parallel edges forbidden, in-edges stored,
 * unweighted, int32 ids and offsets, upsert_last_wins semantics. */
dyng_status dyng_properties_default(dyng_graph_properties *out);

/* Preset for the shortest-path research codes: append order, parallel edges
 * allowed, upsert semantics, in-edges stored; directed, num_weights as given. */
dyng_status dyng_properties_mosp_compatible(dyng_graph_properties *out, int num_weights);

/* Preset for the cycle research code: sorted, simple, set semantics,
 * unweighted, directed. */
dyng_status dyng_properties_cycle_enum_compatible(dyng_graph_properties *out);

/* DYNG_OK when every field holds an allowed value and the type combination
 * is supported; otherwise an error naming the field. */
dyng_status dyng_properties_check(const dyng_graph_properties *p);

/*
 * Build a graph from edge arrays. src and dst hold num_edges ids of
 * p->vertex_type; weights holds num_edges * p->num_weights int32 values (NULL
 * when num_weights is 0). num_vertices < 0 means 1 + the largest id (0 for no
 * edges); otherwise every id must be below it. For an undirected graph each
 * (u, v) is one edge, stored in both directions. Self-loops are kept;
 * duplicates follow p->parallel_edges. resources NULL means the default.
 * Errors: DYNG_INVALID_ARGUMENT (negative or too large id, NULL arrays),
 * DYNG_NOT_SUPPORTED (type combination), DYNG_CAPACITY (counts past the
 * offset type), DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED. Time O(n + m log d).
 */
dyng_status dyng_graph_from_edges(dyng_graph **out, const dyng_graph_properties *p,
                                  int64_t num_vertices, int64_t num_edges, const void *src,
                                  const void *dst, const int32_t *weights,
                                  dyng_resources *resources);

/*
 * Build a graph from CSR arrays: row_ptr has num_vertices + 1 entries of
 * p->offset_type (row_ptr[0] == 0, non-decreasing), col has row_ptr[n] ids of
 * p->vertex_type, weights row_ptr[n] * num_weights values (or NULL). For an
 * undirected graph the CSR must be symmetric (each (u, v, w) has its (v, u, w);
 * a self-loop appears once) and each pair becomes one edge. Errors as for
 * dyng_graph_from_edges, and DYNG_INVALID_ARGUMENT for a malformed row_ptr or
 * an asymmetric undirected CSR.
 */
dyng_status dyng_graph_from_csr(dyng_graph **out, const dyng_graph_properties *p,
                                int64_t num_vertices, const void *row_ptr, const void *col,
                                const int32_t *weights, dyng_resources *resources);

/* Free a graph; *g becomes NULL. Accepts NULL and *g == NULL. */
dyng_status dyng_graph_free(dyng_graph **g);

/* A deep copy with the same contents, properties, version and state id
 * (packed: no headroom). The clone shares the resources handle.
 *
 * The calls that read the whole graph (clone, degrees, to_csr, to_edges,
 * check) poll the interrupt flag of the graph's resources, and the
 * process-wide one, when they start and every 2^16 rows: DYNG_INTERRUPTED,
 * with no clone made, or with the caller's outputs partly written. */
dyng_status dyng_graph_clone(dyng_graph **out, const dyng_graph *g);

/* Counts. num_edges counts an undirected edge once; num_entries counts the
 * stored directed entries (the length of a CSR export). */
dyng_status dyng_graph_num_vertices(int64_t *n, const dyng_graph *g);
dyng_status dyng_graph_num_edges(int64_t *m, const dyng_graph *g);
dyng_status dyng_graph_num_entries(int64_t *entries, const dyng_graph *g);
dyng_status dyng_graph_properties_of(dyng_graph_properties *p, const dyng_graph *g);
dyng_status dyng_graph_version(uint64_t *version, const dyng_graph *g);
dyng_status dyng_graph_state_id(uint64_t *state_id, const dyng_graph *g);

/* The graph's resources (a borrowed pointer; retain it to keep it). */
dyng_status dyng_graph_resources(dyng_resources **r, const dyng_graph *g);

/* Run later calls on another resources handle (NULL: the default). */
dyng_status dyng_graph_set_resources(dyng_graph *g, dyng_resources *r);

/* Bytes held by the graph: every array it allocated, headroom included. */
dyng_status dyng_graph_memory_bytes(size_t *bytes, const dyng_graph *g);

/* Out-degree (in-degree with transposed) of vertex v. An in-degree of a
 * directed graph without stored in-edges is counted by reading every row:
 * O(n + entries) time, no memory. */
dyng_status dyng_graph_degree(int64_t *degree, const dyng_graph *g, int64_t v, bool transposed);

/*
 * The out-degree (in-degree with transposed) of every vertex: n values into
 * degrees. The in-degrees of a directed graph without stored in-edges are
 * counted from every row: O(n + entries) time, no memory.
 */
dyng_status dyng_graph_degrees(const dyng_graph *g, bool transposed, int64_t *degrees);

/*
 * The neighbours of vertex v: its out-row (its in-row with transposed), as
 * row v of dyng_graph_to_csr gives it (same entries, same order). targets
 * gets ids of the graph's vertex type, weights num_weights values per entry;
 * either may be NULL. capacity is the number of entries they hold. *degree
 * gets the row's length; when an output is given and the row is longer than
 * capacity, nothing is written and the call fails with DYNG_INVALID_ARGUMENT
 * (so a call with both outputs NULL asks for the length). An in-row of a
 * directed graph without stored in-edges is found by reading every row:
 * O(n + entries) time, no memory. Never changes g.
 */
dyng_status dyng_graph_neighbors(int64_t *degree, const dyng_graph *g, int64_t v, bool transposed,
                                 void *targets, int32_t *weights, int64_t capacity);

/*
 * Whether the graph has an edge from u to v (between them, undirected). A
 * vertex at or past n has no edges, so it gives false; a negative id fails
 * with DYNG_INVALID_ARGUMENT. A binary search of u's out-row where rows are
 * sorted, else a scan of it.
 */
dyng_status dyng_graph_has_edge(bool *has, const dyng_graph *g, int64_t u, int64_t v);

/*
 * dyng_graph_has_edge for `count` pairs (src[i], dst[i]), ids of id_type
 * (int32 or int64, whatever the graph's type), into has[0 .. count): on the
 * graph's threads, in pieces that poll the interrupt flag, each loading the
 * rows of the pairs ahead of their searches. A negative id fails with
 * DYNG_INVALID_ARGUMENT naming its index, before anything is written;
 * DYNG_INTERRUPTED leaves `has` partly written.
 */
dyng_status dyng_graph_has_edges(const dyng_graph *g, int64_t count, dyng_type id_type,
                                 const void *src, const void *dst, bool *has);

/*
 * dyng_graph_has_edges (same ids, errors and threads), and the weights of
 * the pairs that are edges: where pair i is one, found[i] is true and
 * weights[i * num_weights ..] get the num_weights weights of its first copy
 * in u's row (the copy that an upsert rewrites and a deletion removes; a
 * pair has several copies only where parallel edges are allowed); where it
 * is not, found[i] is false and its weights are left as they were. weights
 * may be NULL (or the graph unweighted): then this is has_edges. Never
 * changes g.
 */
dyng_status dyng_graph_edge_weights(const dyng_graph *g, int64_t count, dyng_type id_type,
                                    const void *src, const void *dst, bool *found,
                                    int32_t *weights);

/*
 * Export to CSR (transposed: the in-edges, row v listing the sources of edges
 * into v). row_ptr gets n + 1 offsets of the graph's offset type, col
 * num_entries ids of its vertex type, weights num_entries * num_weights values
 * (may be NULL to skip). Rows keep the graph's row order. Any output may be
 * NULL to skip it. An in-edge export of a directed graph without stored
 * in-edges is computed (O(n + entries) extra memory; it may fail with
 * DYNG_OUT_OF_MEMORY), its rows listing their sources ascending (see
 * dyng_row_order). Never changes g.
 */
dyng_status dyng_graph_to_csr(const dyng_graph *g, bool transposed, void *row_ptr, void *col,
                              int32_t *weights);

/*
 * Export to edge arrays of num_edges entries: rows in vertex order, each in
 * row order; an undirected edge once, as (u, v) with u <= v. Any output may be
 * NULL to skip it.
 */
dyng_status dyng_graph_to_edges(const dyng_graph *g, void *src, void *dst, int32_t *weights);

/*
 * Check every invariant: row bounds and slots that do not overlap, ids below
 * n, sorted rows, no duplicates where forbidden, in-edges equal to the
 * transposed out-edges (weights included), undirected symmetry, counts.
 * DYNG_OK or DYNG_INTERNAL with the first broken invariant in the message.
 */
dyng_status dyng_graph_check(const dyng_graph *g);

#ifdef __cplusplus
}
#endif
#endif /* DYNG_GRAPH_H */
