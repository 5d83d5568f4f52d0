/*
 * dyng/generators.h - the research codes' own generators, reproduced bit for
 * bit from a seed.
 *
 * Their random streams are the C++ standard library's, written here in C
 * from the documented behaviour of libstdc++ (GCC 12): std::mt19937_64 and
 * std::mt19937, std::uniform_int_distribution (Lemire's multiply-and-reject
 * on the engine's width) and std::shuffle (two swap positions per draw while
 * the range allows it). ../shared/goldens pins them down.
 */
#ifndef DYNG_GENERATORS_H
#define DYNG_GENERATORS_H

#include <stdint.h>

#include "batch.h"
#include "graph.h"
#include "io.h"
#include "resources.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The batch that CycleEnumeration-GPU's batch generator makes for graph g:
 * num_deletions existing edges to delete and num_insertions new pairs to
 * insert, for a seed and an optional locality window (0: none).
 *
 * What it does, step by step:
 *   1. The existing edges: g's distinct pairs (u, v) in CSR order, rows by
 *      source, each row sorted by target (whatever g's own row order).
 *   2. A std::mt19937_64 seeded with `seed`.
 *   3. A window W with 2 <= W < n confines both ends of every change to
 *      [start, start + W), start drawn uniformly from 0..n - W; a window of
 *      n or more is no window.
 *   4. Deletions: the existing edges with both ends in the window, shuffled
 *      (std::shuffle; not called when num_deletions is 0), the first
 *      num_deletions of them.
 *   5. Insertions: a source, then a target, drawn uniformly from the window,
 *      until num_insertions pairs are found that are no self-loop, no
 *      existing edge and not drawn before; after 1000 * (I + 1) + 100 * W
 *      draws of pairs (W the window, or n) it gives up.
 *   6. Each list sorted by (u, v).
 * The batch has g's vertex type, no weights, and id 0.
 *
 * Errors: DYNG_INVALID_ARGUMENT for an undirected graph (the research code's
 * graphs are directed), negative counts, a window of 1 or below 0, more
 * deletions than edges in the window, insertions in a window (or graph) of
 * fewer than 2 vertices, or when the insertions give up (too few free pairs);
 * DYNG_OUT_OF_MEMORY. *out is NULL on failure and g never changes.
 */
dyng_status dyng_legacy_cycle_enum_batch(dyng_batch **out, const dyng_graph *g,
                                         int64_t num_deletions, int64_t num_insertions,
                                         uint64_t seed, int64_t locality_window);

/* The kinds of change of MOSP-OpenMP's change generator. */
typedef enum dyng_mosp_change_mode {
    DYNG_MOSP_UNIFORM = 0,  /* insertions between random pairs, deletions of random edges */
    DYNG_MOSP_TARGETED = 1, /* insertions of light edges, deletions of shortest-path tree edges */
    DYNG_MOSP_REWEIGHT = 2, /* new weights for random edges */
    DYNG_MOSP_INCREASE = 3  /* heavier weights for shortest-path tree edges */
} dyng_mosp_change_mode;

typedef struct dyng_mosp_changes_options {
    int64_t num_changes;         /* N, 0 or more                                  */
    double insertion_percentage; /* uniform, targeted: 0 to 100 (default 50)     */
    dyng_mosp_change_mode mode;  /* default uniform                               */
    int32_t weight_min;          /* 1 or more (default 1)                         */
    int32_t weight_max;          /* weight_min or more (default 100)              */
    uint32_t seed;               /* std::mt19937's seed (default 1)               */
    int64_t local_hops;          /* uniform: 0 (none) or the ball's radius        */
    bool safe_deletions;         /* uniform: drop deletions that cut a vertex off */
    int64_t source;              /* the trees' and safe_deletions' source (0)     */
} dyng_mosp_changes_options;

/* What the generator reports (its summary line, report.txt). */
typedef struct dyng_mosp_changes_report {
    int64_t inserts, reweights, deletes;
    int64_t centre;      /* local_hops: the ball's centre; -1 without          */
    int64_t region;      /* local_hops: the ball's vertices; 0 without         */
    int64_t safe_asked;  /* safe_deletions: the deletions before the rounds    */
    int64_t safe_rounds; /* safe_deletions: the rounds, the last changing none */
} dyng_mosp_changes_report;

dyng_status dyng_mosp_changes_options_default(dyng_mosp_changes_options *out);

/*
 * The batch that MOSP-OpenMP's change generator makes for graph g (directed,
 * with K = num_weights >= 1 weights per edge, as the research code's are),
 * and its report. One std::mt19937 seeded with `seed` draws everything, in
 * this order:
 *   1. With local_hops H > 0: the centre, uniform in 0..n-1, and its ball:
 *      a breadth-first search from it up to H steps, over each vertex's
 *      out-neighbours (ascending) and then its in-neighbours (ascending).
 *   2. The insertions' endpoints (uniform and targeted: round(N * pct / 100)
 *      insertions, clamped to 0..N; the rest are deletions): a pair (u, v)
 *      uniform in 0..n-1 (with H > 0: positions in the ball), both drawn
 *      again while u == v.
 *   3. Uniform: each deletion picks, with replacement, one of g's distinct
 *      edges (u, v), u != v, in CSR order (rows by u, each by v; with H > 0
 *      the edges with both ends in the ball). Reweight: each of the N
 *      changes picks one of all those edges. Targeted and increase: the
 *      distinct edges (parent, v) of the K shortest-path trees from `source`
 *      (canonical, the tree of objective k by its weight column k), listed
 *      by v and then by k, shuffled (std::shuffle); targeted deletes the
 *      first of them, increase reweights the first N (fewer when the trees
 *      have fewer edges).
 *   4. The weights, K per change: the insertions', uniform in weight_min ..
 *      weight_max (targeted: weight_min .. max(weight_min, (int)avg_k - 1),
 *      avg_k the mean of weight column k over g's edges); then the
 *      reweights': uniform likewise (reweight), or the edge's weight plus
 *      one uniform in 1..weight_max, saturating at INT32_MAX (increase).
 *   5. With safe_deletions: rounds that each apply the batch to a copy of g
 *      (every deletion removes one remaining copy of its pair; insertions
 *      and reweights add their pairs) and drop every deletion whose head the
 *      source reached in g and reaches no more; until a round drops none.
 * The batch holds the deletions in that order (a pair may repeat) and, as
 * insertions with K weights each, the insertions and then the reweights: the
 * research code's delete.txt and insert.txt. Its rules (deletions first,
 * upserts, the last insertion of a pair winning) are those of
 * dyng_properties_mosp_compatible.
 *
 * Errors: DYNG_INVALID_ARGUMENT for an undirected or unweighted graph, an
 * option out of its range, insertions on a graph (or ball) of fewer than 2
 * vertices, or picks among no edges; DYNG_NOT_SUPPORTED for local_hops or
 * safe_deletions with a mode other than uniform (the goldens pin those down
 * only there), and for 2^32 vertices, edges or tree edges or more (where
 * libstdc++ joins two draws per value, which is not written here);
 * DYNG_OUT_OF_MEMORY. *out is NULL on failure, g never changes,
 * and report may be NULL.
 */
dyng_status dyng_legacy_mosp_changes(dyng_batch **out, dyng_mosp_changes_report *report,
                                     const dyng_graph *g, const dyng_mosp_changes_options *options);

/*
 * The weights that MOSP-OpenMP's graph converter (mtx2csr) gives a graph:
 * `count` values from one std::mt19937 seeded with `seed` (12345 in the
 * research code), each std::uniform_int_distribution<int>(weight_min,
 * weight_max), in order. The converter draws them edge by edge in CSR order
 * (rows by source, each sorted by target; both directions of a symmetric
 * file, self-loops and duplicates dropped), K per edge, so count is the
 * edges times K. Errors: DYNG_INVALID_ARGUMENT for count < 0, a NULL out
 * with count > 0, or a range outside 1 <= weight_min <= weight_max.
 */
dyng_status dyng_legacy_mosp_weights(int32_t *out, int64_t count, int32_t weight_min,
                                     int32_t weight_max, uint32_t seed);

/* ==== General generators (DESIGN section 8) ================================
 *
 * Random graphs that stand in for real ones at any size, random batches for
 * a graph, and seeded weights. Every output is a pure function of the
 * arguments and the seed: the same bytes on any thread count and machine.
 *
 * The random stream. Each generator draws from numbered streams; item i of
 * stream s for a seed is
 *     mix(z)     = SplitMix64's output function:
 *                  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
 *                  z = (z ^ (z >> 27)) * 0x94D049BB133111EB; z ^ (z >> 31)
 *     key(s)     = mix(mix(seed) + s * 0xD1B54A32D192ED03)      (mod 2^64)
 *     word(s, i) = mix(key(s) + (i + 1) * 0x9E3779B97F4A7C15)
 * so that items can be drawn in any order. A draw in 0..r-1 is unbiased
 * (Lemire's multiply-and-reject): for r <= 2^32 the candidates are the high,
 * then the low 32 bits of word(s, i), then of mix(word + 0x9E37...) and so
 * on; candidate c gives (c * r) >> 32 unless (c * r) mod 2^32 < 2^32 mod r.
 * For larger r the candidates are whole words and the product 128 bits wide.
 * A probability test "x < p" uses (word >> 11) * 2^-53.
 * Streams: 1 R-MAT, 2 Erdos-Renyi, 3 grid edge keeping, 4 weights,
 * 5 batch window, 6 batch deletions, 7 batch insertions, 8 batch weights.
 *
 * Weights. Graph generators give output edge e (in output order) weights
 * w[e * K + j] = low + below(high - low + 1) from stream 4, item e * K + j.
 *
 * Output. Graph generators fill a dyng_edge_arrays (io.h; free it with
 * dyng_edge_arrays_free): num_vertices, num_edges, src, dst (vertex_type),
 * weights (num_edges * num_weights, NULL for none), field DYNG_MM_INTEGER
 * when weighted (DYNG_MM_PATTERN otherwise) and symmetry DYNG_MM_SYMMETRIC
 * for undirected output (each edge once, as (u, v) with u <= v, as
 * dyng_graph_to_edges exports it), DYNG_MM_GENERAL for directed output.
 * The arrays feed dyng_graph_from_edges directly. On any error *out is
 * zeroed and nothing stays allocated.
 *
 * Resources: NULL means the process default; the work runs on its threads
 * and polls its interrupt flag (DYNG_INTERRUPTED).
 */

/*
 * R-MAT / Kronecker graphs (Chakrabarti, Zhan and Faloutsos, "R-MAT: a
 * recursive model for graph mining", SDM 2004; Graph500's generator).
 *
 * Edge i (0 <= i < m, m = edge_factor * 2^scale) picks one of the four
 * quadrants of the adjacency matrix at each of `scale` levels, with
 * probabilities a (top left: source bit 0, target bit 0), b (0, 1), c (1, 0)
 * and d = 1 - a - b - c (1, 1); the bits, most significant first, are the
 * source and target ids. The levels are taken six at a time: a group of k
 * levels (the first group has scale mod 6 of them when that is not 0, the
 * others 6) is one draw from the 4^k combinations by Walker's alias method,
 * from 32 random bits: the top 2k bits pick a column, the low 20 bits are
 * compared with its threshold (below it: the column's own combination, else
 * its alias). Edge i has W = ceil(G / 2) words for its G groups, word(1,
 * i * W + j), each giving two groups, high half first. A combination's index
 * holds its k source bits above its k target bits. The tables are built in
 * exact integer arithmetic: combination probabilities (products of a, b, c,
 * d) scaled by 2^(2k+20) and rounded down, the shortfall given to the most
 * likely combination, then Vose's pairing of small and large columns taken
 * from the ends of their lists. A combination's probability is thus a multiple
 * of 2^-32, within 2^-32 of the exact product.
 *
 * Undirected: each edge becomes (min, max). Then
 *   - keep_self_loops false: edges with u == v are removed;
 *   - keep_duplicates false: the edges are sorted by (u, v) and each pair
 *     kept once (for an undirected graph (u, v) and (v, u) are one pair).
 * With duplicates kept the edges are in draw order (minus removed
 * self-loops); with duplicates dropped, in sorted order and fewer than m.
 *
 * Errors: DYNG_INVALID_ARGUMENT (scale outside 1..62, edge_factor < 1, a, b
 * or c outside [0, 1] or not finite, a + b + c > 1, num_weights outside
 * 0..64, weight_low > weight_high, a vertex type other than none / int32 /
 * int64), DYNG_CAPACITY (m or the arrays' bytes past int64 / size_t, or past
 * the memory this process may use, ids past int32 when asked for int32,
 * dropping duplicates above scale 32: the sort key is 2 * scale bits),
 * DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED.
 * Time O(m * scale / 6) parallel over edges, plus an O(m) radix sort when
 * duplicates are dropped; space: the output (twice when dropping).
 */
typedef struct dyng_rmat_options {
    int scale;                       /* n = 2^scale vertices, 1..62                      */
    int64_t edge_factor;             /* m = edge_factor * n edges drawn, >= 1            */
    double a, b, c;                  /* quadrant probabilities; d = 1 - a - b - c        */
    uint64_t seed;                   /*                                                  */
    bool directed;                   /* false: edges as (min, max)                       */
    bool keep_self_loops;            /* false: remove u == v                             */
    bool keep_duplicates;            /* false: sort and keep each pair once              */
    dyng_type vertex_type;           /* DYNG_TYPE_NONE: int32 while ids fit, else int64 */
    int num_weights;                 /* 0..64 weight columns                            */
    int32_t weight_low, weight_high; /* weights uniform in [low, high]        */
} dyng_rmat_options;

/* scale 10, edge_factor 16, a 0.57, b 0.19, c 0.19 (Graph500's), seed 0,
 * directed, self-loops and duplicates dropped, vertex type none, no weights,
 * weights 1..100 when asked for. */
dyng_status dyng_rmat_options_default(dyng_rmat_options *out);

dyng_status dyng_generate_rmat(dyng_edge_arrays *out, const dyng_rmat_options *options,
                               dyng_resources *resources);

/*
 * Erdos-Renyi G(n, m): m distinct pairs drawn uniformly from the P pairs
 * without self-loops (directed: P = n(n-1) ordered pairs; undirected:
 * P = n(n-1)/2 pairs u < v), sorted by (u, v).
 *
 * The pairs are numbered in (u, v) order. When 2m <= P, the candidates are
 * the draws below(P) of stream 2, items 0, 1, 2, ...; the graph is the first
 * m distinct candidates (a uniformly random m-subset), found in parallel by
 * a stable radix sort of a long enough prefix. When 2m > P the same draws
 * pick the P - m pairs left out.
 *
 * Errors: DYNG_INVALID_ARGUMENT (num_vertices < 0, num_edges < 0 or above
 * P, weights as for R-MAT), DYNG_CAPACITY (num_vertices above 2^32, ids past
 * int32 when asked for int32, the arrays past the memory this process may
 * use), DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED.
 * Time O(m) expected (radix sorts of about 1.4 m draws); space O(m).
 */
typedef struct dyng_erdos_renyi_options {
    int64_t num_vertices; /* n, 0..2^32                                       */
    int64_t num_edges;    /* m, 0..P                                          */
    uint64_t seed;
    bool directed;
    dyng_type vertex_type; /* DYNG_TYPE_NONE: int32 while ids fit, else int64 */
    int num_weights;
    int32_t weight_low, weight_high;
} dyng_erdos_renyi_options;

/* n 0, m 0, seed 0, directed, vertex type none, no weights (1..100). */
dyng_status dyng_erdos_renyi_options_default(dyng_erdos_renyi_options *out);

dyng_status dyng_generate_erdos_renyi(dyng_edge_arrays *out,
                                      const dyng_erdos_renyi_options *options,
                                      dyng_resources *resources);

/*
 * A rows x cols grid as a road-like network: vertex (r, c) is r * cols + c;
 * undirected edges to the right and down neighbours, listed vertex by
 * vertex, right edge first: (v, v + 1) when c + 1 < cols, (v, v + cols) when
 * r + 1 < rows. Lattice edge e is kept when keep_probability is 1, or when
 * unit(word(3, e)) < keep_probability, with unit(x) = (x >> 11) * 2^-53.
 * Weights as above; dyng_grid_options_default asks for one column in 1..100.
 *
 * Errors: DYNG_INVALID_ARGUMENT (rows or cols < 1, keep_probability outside
 * [0, 1], weights as for R-MAT), DYNG_CAPACITY (rows * cols past int64, ids
 * past int32 when asked for int32, the arrays past the memory this process
 * may use), DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED.
 * Time O(rows * cols), parallel over rows.
 */
typedef struct dyng_grid_options {
    int64_t rows, cols;
    double keep_probability; /* 1: every lattice edge                         */
    uint64_t seed;
    dyng_type vertex_type;
    int num_weights;
    int32_t weight_low, weight_high;
} dyng_grid_options;

/* 0 x 0 (set them), keep 1, seed 0, vertex type none, one weight 1..100. */
dyng_status dyng_grid_options_default(dyng_grid_options *out);

dyng_status dyng_generate_grid(dyng_edge_arrays *out, const dyng_grid_options *options,
                               dyng_resources *resources);

/*
 * Fill out[0 .. num_edges * num_weights) with weights uniform in [low,
 * high]: out[e * K + j] from stream 4, item e * K + j (the weights the graph
 * generators attach). The caller owns `out`. Errors: DYNG_INVALID_ARGUMENT
 * (num_edges < 0, num_weights outside 0..64, low > high, out NULL with work
 * to do), DYNG_CAPACITY (the count past int64), DYNG_INTERRUPTED (out is
 * then partly written). Time O(num_edges * num_weights), parallel.
 */
dyng_status dyng_generate_weights(int32_t *out, int64_t num_edges, int num_weights, int32_t low,
                                  int32_t high, uint64_t seed, dyng_resources *resources);

/*
 * A random batch for g: `size` changes, round(size * insert_fraction)
 * (the double product, halves up: 45 * 0.7 is 31.4999..., so 31) of them
 * insertions and the rest deletions.
 *
 *   1. The existing edges: g's distinct pairs (dyng_graph_to_edges: an
 *      undirected edge once, as (u, v) with u <= v), sorted (the same list
 *      whatever g's row order).
 *   2. A window W with 1 <= W < n confines both ends of every change to
 *      [start, start + W), start = below(n - W + 1) from stream 5, item 0;
 *      0, or W >= n, is no window.
 *   3. Deletions: D of the E existing pairs inside the window, without
 *      replacement, by Floyd's algorithm (for t = 0..D-1, j = E - D + t:
 *      x = below(j + 1) from stream 6, item t; take x, or j when x is taken),
 *      sorted by (u, v).
 *   4. Insertions: I new pairs in the window: no self-loop, not existing,
 *      distinct (undirected: u < v). When 2I <= F (F: the free pairs of the
 *      window), draws u = start + below(W) (stream 7, item 2t), v likewise
 *      (item 2t + 1), for t = 0, 1, ... (undirected: (min, max)), keeping
 *      the new ones until there are I; otherwise Floyd's algorithm (stream 7)
 *      over the F free pairs in (u, v) order. Sorted by (u, v).
 *   5. Weights for a weighted g (its num_weights K): insertion t gets
 *      weight_low + below(weight_high - weight_low + 1) from stream 8, items
 *      t * K .. t * K + K - 1.
 * The batch has g's vertex type and num_weights and id 0; applying it to g
 * inserts I and deletes D edges. g never changes.
 *
 * Errors: DYNG_INVALID_ARGUMENT (size < 0, insert_fraction outside [0, 1],
 * locality_window < 0, weight_low > weight_high for a weighted graph, more
 * deletions than pairs in the window, more insertions than free pairs),
 * DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED. *out is NULL on failure.
 * Time O(n + size log n) and memory O(n + size) for a graph with sorted rows
 * and parallel edges forbidden (the defaults): the list of step 1 is counted
 * from the row records, each row bisected where the window or, undirected,
 * the diagonal cuts it (a directed graph without a window reads the records
 * alone), and a pair's target read from its row when drawn. On R-MAT with
 * 2^20 vertices and 4M edges a batch of 1,000 takes 1.3 ms, on the 1M grid
 * 4.4 ms. Where the window is dense (2 I passes its W (W - 1) pairs without
 * self-loops, halved when undirected, less the pairs that exist: the free
 * pairs may have to be listed, and the self-loops counted), and for any
 * other graph, time and memory O(n + E + size) with E the graph's stored
 * entries: the list is copied from the rows, filtered row by row (a graph in
 * append order adds the sorting of each row whose targets are out of order).
 * Sequential.
 */
typedef struct dyng_random_batch_options {
    int64_t size;           /* changes in the batch                  */
    double insert_fraction; /* [0, 1]                                */
    uint64_t seed;
    int64_t locality_window;         /* 0: none                               */
    int32_t weight_low, weight_high; /* insertion weights of a weighted graph */
} dyng_random_batch_options;

/* size 0, insert_fraction 0.5, seed 0, no window, weights 1..100. */
dyng_status dyng_random_batch_options_default(dyng_random_batch_options *out);

dyng_status dyng_generate_batch(dyng_batch **out, const dyng_graph *g,
                                const dyng_random_batch_options *options,
                                dyng_resources *resources);

#ifdef __cplusplus
}
#endif

#endif /* DYNG_GENERATORS_H */
