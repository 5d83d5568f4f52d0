/*
 * dyng/io.h - files: Matrix Market graphs and .dgt batch streams.
 *
 * Every reader accepts plain and gzip-compressed files (detected from the
 * content, not the name), LF and CRLF line ends, and reports a malformed file
 * as DYNG_FILE_FORMAT with the path, line and column (1-based) in the error
 * location (status.h). Writers compress when the path ends in ".gz".
 *
 * Matrix Market: "%%MatrixMarket matrix coordinate F S" with F one of
 * pattern, integer, real (integral values only) and S one of general,
 * symmetric, skew-symmetric; 1-based indices; "%" comment lines. Values
 * become one int32 weight; a value outside int32 or with a fraction is an
 * error. In a symmetric file an off-diagonal entry (i, j) stands for (j, i)
 * too; in a skew-symmetric one for (j, i) with the negated value.
 *
 * .dgt: dynG's batch text. An optional "%dgt 1" first line; "%batch <id>"
 * starts a batch (ids are non-negative and strictly increase); "+e u v
 * [w1..wK]" inserts, "-e u v" deletes (0-based ids); "#" starts a comment
 * line; blank lines are skipped. Edge lines before the first "%batch" form a
 * batch with id 0. Every "+e" line of a file has the same number of weights.
 */
#ifndef DYNG_IO_H
#define DYNG_IO_H

#include "batch.h"
#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the header of a Matrix Market file says. */
typedef enum dyng_mm_field {
    DYNG_MM_PATTERN = 0,
    DYNG_MM_INTEGER = 1,
    DYNG_MM_REAL = 2
} dyng_mm_field;

typedef enum dyng_mm_symmetry {
    DYNG_MM_GENERAL = 0,
    DYNG_MM_SYMMETRIC = 1,
    DYNG_MM_SKEW_SYMMETRIC = 2
} dyng_mm_symmetry;

/* Edge arrays that a reader allocated; the caller frees them with
 * dyng_edge_arrays_free. weights is NULL when num_weights is 0. */
typedef struct dyng_edge_arrays {
    dyng_type vertex_type;
    int num_weights;
    int64_t num_vertices; /* max(rows, cols) of the size line */
    int64_t num_edges;
    void *src;
    void *dst;
    int32_t *weights;
    dyng_mm_field field;
    dyng_mm_symmetry symmetry;
} dyng_edge_arrays;

/* Free the arrays and zero the struct. Accepts a zeroed struct. */
dyng_status dyng_edge_arrays_free(dyng_edge_arrays *a);

typedef struct dyng_mm_read_options {
    dyng_type vertex_type; /* of the arrays: DYNG_TYPE_INT32 (default) or INT64 */
    bool ignore_values;    /* read an integer or real file as a pattern        */
    bool expand_symmetric; /* arrays: list the mirrored entry of a symmetric or
                              skew-symmetric file's off-diagonal entries too  */
} dyng_mm_read_options;

/* int32 ids, values kept, symmetric entries listed once. */
dyng_status dyng_mm_read_options_default(dyng_mm_read_options *out);

/*
 * Read a Matrix Market file into 0-based edge arrays, in file order (a
 * mirrored entry right after its original). options NULL means the defaults.
 * Parsing is parallel on the resources' threads (NULL: the default).
 * Errors: DYNG_FILE_FORMAT (with location), DYNG_CAPACITY (an index past the
 * vertex type), DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED, DYNG_INVALID_ARGUMENT.
 */
dyng_status dyng_mm_read_arrays(dyng_edge_arrays *out, const char *path,
                                const dyng_mm_read_options *options, dyng_resources *resources);

/*
 * Read a Matrix Market file into a graph. properties NULL means: the
 * defaults of dyng_properties_default, undirected for a symmetric file,
 * directed otherwise, one weight for integer and real files, none for
 * pattern, int64 ids when an index does not fit int32. Given properties are
 * used as they are: num_weights 0 drops values, 1 needs them; a directed
 * graph gets both directions of a symmetric file's entries; an undirected
 * graph takes each entry of a general file as one edge.
 */
dyng_status dyng_mm_read_graph(dyng_graph **out, const char *path,
                               const dyng_graph_properties *properties, dyng_resources *resources);

/*
 * Write a graph as a Matrix Market coordinate file: "integer" with weight
 * column `weight_column` (0-based), or "pattern" when weight_column < 0 or the
 * graph is unweighted; "symmetric" for an undirected graph (each edge once as
 * row >= column), "general" otherwise. Errors: DYNG_INVALID_ARGUMENT (column
 * out of range), DYNG_FILE_FORMAT (cannot open or write, with the path),
 * DYNG_OUT_OF_MEMORY.
 */
dyng_status dyng_mm_write_graph(const dyng_graph *g, const char *path, int weight_column);

/* Write edge arrays (0-based) as a Matrix Market file of the given size,
 * field (pattern or integer; weights column 0 used for integer) and
 * symmetry (as given: the caller lists each symmetric entry once). */
dyng_status dyng_mm_write_arrays(const char *path, const dyng_edge_arrays *a);

/* A streaming .dgt reader: one batch in memory at a time. */
typedef struct dyng_dgt_reader dyng_dgt_reader;

/* Open a .dgt file. num_weights < 0 takes the count of the first "+e" line
 * (0 when the file has none before the first batch ends). */
dyng_status dyng_dgt_open(dyng_dgt_reader **out, const char *path, dyng_type vertex_type,
                          int num_weights);

/*
 * Read the next batch into `into` (cleared first; its vertex type and weight
 * count must match the reader's), with its id. *done is true, and `into`
 * empty, when the file has no more batches. On DYNG_FILE_FORMAT the reader
 * stays failed.
 */
dyng_status dyng_dgt_next(dyng_dgt_reader *r, dyng_batch *into, bool *done);

/* The reader's weight count (known after the first batch when it was -1). */
dyng_status dyng_dgt_num_weights(int *num_weights, const dyng_dgt_reader *r);

dyng_status dyng_dgt_close(dyng_dgt_reader **r);

/* A .dgt writer: "%dgt 1", then per batch "%batch <id>", its deletions as
 * "-e u v" lines and its insertions as "+e u v w..." lines, in list order. */
typedef struct dyng_dgt_writer dyng_dgt_writer;

dyng_status dyng_dgt_writer_open(dyng_dgt_writer **out, const char *path);

/* Errors: DYNG_INVALID_ARGUMENT when the batch id does not exceed the last
 * one written or its weight count differs from earlier batches. */
dyng_status dyng_dgt_write_batch(dyng_dgt_writer *w, const dyng_batch *b);

/* Flush and close; reports a write error (DYNG_FILE_FORMAT) that happened
 * on the way. *w becomes NULL either way. */
dyng_status dyng_dgt_writer_close(dyng_dgt_writer **w);

/*
 * Edge lists (SNAP and TUDataset style): one edge per line, "u v [w1..wK]".
 *
 * - Separators: blanks (spaces, tabs) or a comma with blanks around it
 *   ("1 2", "1\t2", "1,2", "1, 2"); an empty field ("1,,2", a line that
 *   starts or ends with a comma) is an error.
 * - Comments: a token that starts with '#' or '%' begins a comment that runs
 *   to the end of the line; so "# ..." and "% ..." lines are comment lines
 *   and "1 2 # note" is the edge (1, 2). A '#' inside a token is no comment
 *   ("2#x" is a malformed id). Blank lines are skipped; LF or CRLF.
 * - Ids: non-negative decimal integers, as written (0-based) or, with
 *   one_based, 1-based (id 0 is then an error). A negative id is
 *   DYNG_FILE_FORMAT; an id past the vertex type is DYNG_CAPACITY (with the
 *   location). num_vertices is 1 + the largest id of the kept edges (0 for a
 *   file without edges), or, with compact_ids, the number of distinct ids of
 *   the kept edges, renumbered 0..k-1 in ascending order.
 * - Weights: int32 integers ("7", "-3"; an integral real such as "7.0" or
 *   "1e3" too). num_weights -1 reads every column after the ids of the first
 *   data line as a weight, and every data line must have that many (a line
 *   with fewer or more is an error); num_weights K >= 0 reads the first K
 *   columns after the ids as weights and ignores the rest of the line (K = 0:
 *   the SNAP reading, "u v [anything]"), a line with fewer than K is an
 *   error. A non-integer, out-of-range or malformed weight is
 *   DYNG_FILE_FORMAT at its line and column.
 * - Self-loops (u, u): kept, dropped, or DYNG_FILE_FORMAT at the line
 *   (on_self_loop). Duplicates (a (u, v) seen on an earlier kept line): kept,
 *   dropped (the first in file order stays, with its weights), or
 *   DYNG_FILE_FORMAT at the line of the second one (on_duplicate). Pairs are
 *   ordered ((1, 2) and (2, 1) differ), except when dyng_el_read_graph reads
 *   an undirected graph.
 *
 * Parsing is parallel on the resources' threads and the result is the same
 * for any thread count: the edges in file order. The duplicate policies drop
 * and error run on one thread (a hash table in file order).
 */
typedef enum dyng_on_duplicate {
    DYNG_DUPLICATE_KEEP = 0,
    DYNG_DUPLICATE_DROP = 1, /* the first (u, v) in file order stays */
    DYNG_DUPLICATE_ERROR = 2
} dyng_on_duplicate;

typedef struct dyng_el_read_options {
    /* The ids' type: DYNG_TYPE_INT32 (default), INT64, or NONE: int32 unless
     * an id (or, compacted, the number of distinct ids) needs int64. */
    dyng_type vertex_type;
    int num_weights;                /* -1 (default): as the first data line has; 0..64 */
    bool compact_ids;               /* renumber the ids that appear, ascending, 0..k-1 */
    bool one_based;                 /* the file's ids start at 1                       */
    dyng_on_self_loop on_self_loop; /* default DYNG_SELF_LOOP_KEEP                     */
    dyng_on_duplicate on_duplicate; /* default DYNG_DUPLICATE_KEEP                     */
} dyng_el_read_options;

/* int32 ids, the first data line's weight count, ids as written (0-based),
 * no compaction, self-loops and duplicates kept. */
dyng_status dyng_el_read_options_default(dyng_el_read_options *out);

/*
 * Read an edge list into edge arrays (0-based ids after one_based and
 * compaction; weights num_edges x num_weights, row-major; field INTEGER when
 * there are weights, PATTERN otherwise; symmetry GENERAL). options NULL means
 * the defaults. Errors: DYNG_FILE_FORMAT (with location), DYNG_CAPACITY (an
 * id past the vertex type, with location; or, compacted, more distinct ids
 * than int32 ids name), DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED,
 * DYNG_INVALID_ARGUMENT. On failure *out is zeroed.
 */
dyng_status dyng_el_read_arrays(dyng_edge_arrays *out, const char *path,
                                const dyng_el_read_options *options, dyng_resources *resources);

/* As dyng_el_read_arrays; with compact_ids, *original_ids (when not NULL)
 * receives the id as written of each vertex (num_vertices int64 values,
 * ascending; free with dyng_el_ids_free), and NULL otherwise. */
dyng_status dyng_el_read_arrays_ids(dyng_edge_arrays *out, int64_t **original_ids, const char *path,
                                    const dyng_el_read_options *options, dyng_resources *resources);

/* Free what dyng_el_read_arrays_ids returned; *ids becomes NULL. */
dyng_status dyng_el_ids_free(int64_t **ids);

/*
 * Read an edge list into a graph. The options say how the file is read,
 * including the id type and the weight count; the graph gets that id type
 * and weight count whatever properties->vertex_type and num_weights say.
 * properties NULL means dyng_properties_default (directed). The offset type
 * (given or default) is widened to int64 when the ids are int64 or a
 * direction holds more than INT32_MAX entries. For an undirected graph the
 * duplicate policies compare unordered pairs ((1, 2) duplicates (2, 1)).
 * Errors: those of dyng_el_read_arrays and dyng_graph_from_edges.
 */
dyng_status dyng_el_read_graph(dyng_graph **out, const char *path,
                               const dyng_el_read_options *options,
                               const dyng_graph_properties *properties, dyng_resources *resources);

/*
 * Write edge arrays as an edge list: a "# dynG edge list: N vertices, M
 * edges, K weights" comment line, then "u\tv[\tw1..\twK]" per edge (ids as
 * they are, 0-based), in array order; gzip when the path ends in ".gz".
 * Reading it back (num_weights -1) gives the same arrays; num_vertices only
 * when vertex N - 1 has an edge. Errors: DYNG_INVALID_ARGUMENT (an id outside
 * [0, num_vertices), counts, NULL arrays), DYNG_FILE_FORMAT (cannot write),
 * DYNG_OUT_OF_MEMORY.
 */
dyng_status dyng_el_write_arrays(const char *path, const dyng_edge_arrays *a);

/* Write a graph's edges as an edge list (dyng_graph_to_edges order: an
 * undirected edge once, as u <= v), with every weight column. */
dyng_status dyng_el_write_graph(const dyng_graph *g, const char *path);

#ifdef __cplusplus
}
#endif
#endif /* DYNG_IO_H */
