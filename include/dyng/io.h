/*
 * dyng/io.h - files: Matrix Market graphs, edge lists, .dgt and .dgb batch
 * streams, and the research codes' files.
 *
 * Every reader accepts plain and gzip-compressed files (detected from the
 * content, not the name), LF and CRLF line ends, and reports a malformed file
 * as DYNG_FILE_FORMAT with the path, line and column (1-based) in the error
 * location (status.h). Writers compress when the path ends in ".gz". The
 * batch writers (.dgt, .dgb, change files, signed batches) refuse a batch
 * with a negative id (DYNG_INVALID_ARGUMENT) before they write any of it:
 * no batch reader accepts one.
 *
 * Interrupts: whole-file reads poll the interrupt flag (the resources' given,
 * and the process-wide one) every 8 MB of text, and the writers of whole
 * files (Matrix Market, edge lists, the research codes' files, distances and
 * trees) every megabyte they write out: DYNG_INTERRUPTED, with nothing
 * returned, or the file left as it was. The writers of a graph poll its
 * resources' flag too.
 *
 * Writing: every writer of a regular file (or of a new name) writes a
 * temporary file ".<name>.dyng-<pid>-<n>.tmp" in the same folder and renames
 * it over the path when the write has succeeded (the stream writers at their
 * close), so a write that fails (DYNG_FILE_FORMAT, DYNG_OUT_OF_MEMORY) or is
 * interrupted leaves the path exactly as it was (absent if it was), and a
 * reader of the path never sees half a file. The file replaced passes on its
 * mode (and, for root, its owner); a write-protected file is refused;
 * symbolic links stay links (the file they lead to is replaced; a dangling
 * one's is created). Written in place, as before: FIFOs, devices (/dev/null,
 * /dev/stdout, any path through a link in /dev or /proc), sockets, a file
 * mounted on its own, another user's file in a sticky folder, and a file in
 * a folder where no file can be created. The rename makes the content
 * visible at once, not durable across a power cut: fsync the file after the
 * call if that matters.
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
 * [w1..wK]" inserts, "-e u v" deletes (0-based ids); a "#" at the start of
 * a token starts a comment that runs to the end of the line (so "# ..."
 * lines and "+e 0 1 # note" both hold comments; "1#2" is a malformed
 * token); blank lines are skipped. Edge lines before the first "%batch" form
 * a batch with id 0. Every "+e" line of a file has the same number of
 * weights. A CR that is not part of a CRLF line end is an error. A
 * "%aborted" line (what dyng_dgt_writer_abort writes) ends the batch before
 * it, which is returned; the next call fails at that line: the stream is
 * incomplete.
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
 * dyng_edge_arrays_free. weights is NULL when num_weights is 0. int32 ids
 * reach 2^31 - 1, so int32 arrays may have 2^31 vertices: one more than a
 * graph with int32 ids holds (its vertex count is an int32 too), which
 * dyng_graph_from_edges refuses with DYNG_CAPACITY; take int64 ids then. */
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
 * graph takes each entry of a general file as one edge. An unweighted graph
 * has int32 ids (types.h): a pattern file past 2^31 - 1 vertices is
 * DYNG_NOT_SUPPORTED as a graph (read it as arrays, which have no limit of
 * their own).
 */
dyng_status dyng_mm_read_graph(dyng_graph **out, const char *path,
                               const dyng_graph_properties *properties, dyng_resources *resources);

/*
 * Write a graph as a Matrix Market coordinate file: "integer" with weight
 * column `weight_column` (0-based), or "pattern" when weight_column < 0 or the
 * graph is unweighted; "symmetric" for an undirected graph (each edge once as
 * row >= column), "general" otherwise. Errors: DYNG_INVALID_ARGUMENT (column
 * out of range), DYNG_FILE_FORMAT (cannot open or write, with the path),
 * DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED (see the top of this file: the partial
 * file is removed).
 */
dyng_status dyng_mm_write_graph(const dyng_graph *g, const char *path, int weight_column);

/* Write edge arrays (0-based) as a Matrix Market file of the given size,
 * field (pattern or integer; weights column 0 used for integer) and
 * symmetry (as given: the caller lists each symmetric entry once). */
dyng_status dyng_mm_write_arrays(const char *path, const dyng_edge_arrays *a);

/* A streaming .dgt reader: one batch in memory at a time. */
typedef struct dyng_dgt_reader dyng_dgt_reader;

/* Open a .dgt file. num_weights < 0 takes the count of the first "+e" line
 * of the file (read ahead to it, then rewound; 0 when the file has none). */
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
 * one written, its weight count differs from earlier batches, or an id is
 * negative; a refused batch writes nothing. */
dyng_status dyng_dgt_write_batch(dyng_dgt_writer *w, const dyng_batch *b);

/* Flush and close; reports a write error (DYNG_FILE_FORMAT) that happened
 * on the way. *w becomes NULL either way. */
dyng_status dyng_dgt_writer_close(dyng_dgt_writer **w);

/* Close a stream that failed (a batch refused, its source failed): the
 * batches written stay, followed by a "%aborted" line; a reader returns them,
 * then fails at that line, instead of taking the cut-off stream for a whole
 * one.
 * Returns a write error of the stream (the caller usually reports its own
 * error instead). *w becomes NULL either way; NULL or *w NULL is a no-op. */
dyng_status dyng_dgt_writer_abort(dyng_dgt_writer **w);

/*
 * .dgb: dynG's binary batch stream, for long streams. Little-endian
 * throughout; every record is padded to a multiple of 8 bytes, so a mapped
 * file's arrays are aligned.
 *
 *   header (32 bytes): the magic 89 'D' 'G' 'B' 0d 0a 1a 0a; u32 version (1);
 *     u32 id bytes (4 or 8); u32 weights per insertion K (0..64); u32 0;
 *     u32 0; u32 checksum of the 28 bytes before it.
 *   per batch: "BTCH"; u32 checksum of the next 32 bytes; i64 batch id
 *     (non-negative, increasing); u64 deletions D; u64 insertions I; u32
 *     checksum of the arrays; u32 0; then the arrays: D deletion sources, D
 *     deletion targets, I insertion sources, I insertion targets (ids of the
 *     id width), I x K int32 weights (row-major), zero padding to 8 bytes.
 *   end (32 bytes): "DEND"; u32 checksum of the next 24 bytes; u64 batches;
 *     u64 changes (D + I over all batches); u64 0.
 *
 * The checksum of n bytes: with w_1 .. w_m their little-endian 64-bit words
 * (the last zero-filled), a = 1 + sum w_i and b = n + sum of the running
 * values of a, both mod 2^64; x = mix(a + mix(b)) with mix SplitMix64's
 * finalizer; the checksum is the low 32 bits of x XOR (x >> 32).
 *
 * A batch is returned only after both of its checksums match, and the end
 * record must follow the last batch and agree with it, so a truncated or
 * corrupted file is reported (DYNG_FILE_FORMAT with line 0 and column =
 * 1 + the byte offset of the damaged record), never half-read. A plain file
 * is memory-mapped; a gzipped one is decompressed one batch at a time.
 */
typedef struct dyng_dgb_reader dyng_dgb_reader;

/* Open a .dgb file (plain or gzip) and read its header; batches come with
 * ids of vertex_type (int32 or int64; a file id that int32 cannot hold, or
 * a negative one, is DYNG_FILE_FORMAT, naming it). */
dyng_status dyng_dgb_open(dyng_dgb_reader **out, const char *path, dyng_type vertex_type);

/* The next batch into `into` (cleared first; vertex type and weight count
 * as the reader's), with its id; *done at the end. A failure leaves `into`
 * empty and the reader failed. */
dyng_status dyng_dgb_next(dyng_dgb_reader *r, dyng_batch *into, bool *done);

/* The file's weight count K. */
dyng_status dyng_dgb_num_weights(int *num_weights, const dyng_dgb_reader *r);

dyng_status dyng_dgb_close(dyng_dgb_reader **r);

/* Whether the file's content (after gzip) starts with the .dgb magic. */
dyng_status dyng_batch_file_is_dgb(bool *is_dgb, const char *path);

/* A .dgb writer of ids of vertex_type's width and num_weights weights. */
typedef struct dyng_dgb_writer dyng_dgb_writer;

dyng_status dyng_dgb_writer_open(dyng_dgb_writer **out, const char *path, dyng_type vertex_type,
                                 int num_weights);

/* Errors: DYNG_INVALID_ARGUMENT when the id does not exceed the last one
 * written, the weight count differs (for a batch with insertions), or a
 * vertex id is negative or does not fit 4-byte ids; a refused batch writes
 * nothing. */
dyng_status dyng_dgb_write_batch(dyng_dgb_writer *w, const dyng_batch *b);

/* Write the end record, flush and close; reports a write error of the
 * stream's life. *w becomes NULL either way. */
dyng_status dyng_dgb_writer_close(dyng_dgb_writer **w);

/* Close a stream that failed (a batch refused, its source failed) without
 * the end record: the batches written stay, and a reader returns them, then
 * reports the file as truncated, so the cut-off stream never passes for a
 * whole one. Returns a write error of the stream (the caller usually
 * reports its own error instead). *w becomes NULL either way; NULL or *w
 * NULL is a no-op. */
dyng_status dyng_dgb_writer_abort(dyng_dgb_writer **w);

/*
 * Edge lists (SNAP and TUDataset style): one edge per line, "u v [w1..wK]".
 *
 * - Separators: blanks (spaces, tabs) or a comma with blanks around it
 *   ("1 2", "1\t2", "1,2", "1, 2"); an empty field ("1,,2", a line that
 *   starts or ends with a comma) is an error.
 * - Comments: a token that starts with '#' or '%' begins a comment that runs
 *   to the end of the line; so "# ..." and "% ..." lines are comment lines
 *   and "1 2 # note" is the edge (1, 2). A '#' inside a token is no comment
 *   ("2#x" is a malformed id). Blank lines are skipped; LF or CRLF (a CR
 *   that no LF follows is DYNG_FILE_FORMAT at its line and column: a file
 *   with CR line ends would otherwise read as one line).
 * - Ids: non-negative decimal integers, as written (0-based) or, with
 *   one_based, 1-based (id 0 is then an error). A negative id is
 *   DYNG_FILE_FORMAT; an id past the vertex type is DYNG_CAPACITY (with the
 *   location). num_vertices is 1 + the largest id of the kept edges (0 for a
 *   file without edges), or, with compact_ids, the number of distinct ids of
 *   the kept edges, renumbered 0..k-1 in ascending order.
 * - The writer's header: when the first line is exactly what the writers
 *   write, "# dynG edge list: N vertices, M edges, K weights" (the arrays'),
 *   with ", directed" or ", undirected" after it (a graph's), CRLF too,
 *   num_vertices is N, so isolated vertices at the end survive a round trip;
 *   N below 1 + the largest id is DYNG_FILE_FORMAT at N (N past int32 ids
 *   when int32 ids are asked for: DYNG_CAPACITY). Any other first line is an
 *   ordinary comment; M and K are not checked; compact_ids ignores N.
 *   dyng_el_read_graph without properties reads ", undirected" as an
 *   undirected graph (the edge arrays do not record a direction).
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
 * properties NULL means dyng_properties_default, directed unless the
 * writer's header line says ", undirected" (so dyng_el_write_graph's file of
 * an undirected graph reads back undirected). The offset type
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
 * Reading it back (num_weights -1) gives the same arrays and num_vertices
 * (the reader takes N from the first line). Errors: DYNG_INVALID_ARGUMENT (an id outside
 * [0, num_vertices), counts, NULL arrays), DYNG_FILE_FORMAT (cannot write),
 * DYNG_OUT_OF_MEMORY.
 */
dyng_status dyng_el_write_arrays(const char *path, const dyng_edge_arrays *a);

/* Write a graph's edges as an edge list (dyng_graph_to_edges order: an
 * undirected edge once, as u <= v), with every weight column, after the
 * header line with ", directed" or ", undirected". */
dyng_status dyng_el_write_graph(const dyng_graph *g, const char *path);

/*
 * The research codes' files (DESIGN 9): MOSP-OpenMP's CSR triplets and
 * change files, CycleEnumeration-GPU's signed batches, and the distance and
 * tree files of both. All are plain integer text, one record per line,
 * numbers separated by blanks; lines that are blank or start with '#' or '%'
 * are skipped; LF or CRLF line ends (a CR that no LF follows is an error);
 * gzip content is read too. Readers parse in parallel on the
 * resources' threads (NULL: the default) and report a malformed file as
 * DYNG_FILE_FORMAT (an id past the vertex type as DYNG_CAPACITY) with the
 * line and column. Writers compress when the path ends in ".gz" and check
 * their inputs before the file is created.
 */

/*
 * A CSR triplet: "<prefix>RowPtr.txt" (n + 1 offsets, one per line: 0, then
 * never falling), "<prefix>ColInd.txt" (one 0-based target per line, below
 * n) and, for a weighted graph, "<prefix>Values.txt" (one line "w1 .. wK"
 * per edge, K the same on every line, int32). Each file may be gzipped
 * ("<prefix>RowPtr.txt.gz"; the plain name is tried first). Without a values
 * file the graph is unweighted. properties NULL means
 * dyng_properties_mosp_compatible (append order, parallel edges, upsert,
 * directed); the weight count and the id type (int64 when n - 1 passes
 * int32) come from the files whatever the properties say, and the offset
 * type widens to int64 when needed. Rows keep the file's order (sorted
 * properties sort them). Errors: those of the reader and of
 * dyng_graph_from_csr.
 */
dyng_status dyng_csr_files_read_graph(dyng_graph **out, const char *prefix,
                                      const dyng_graph_properties *properties,
                                      dyng_resources *resources);

/* Write g's out-edges as a CSR triplet (the values file only for a weighted
 * graph; every weight column), each file gzipped when `compress`. */
dyng_status dyng_csr_files_write_graph(const dyng_graph *g, const char *prefix, bool compress);

/*
 * MOSP-OpenMP's change files as one batch: insert_path holds "u v w1..wK"
 * lines (K = num_weights, or with -1 the count of its first line), the
 * insertions in file order; delete_path holds "u v" lines, the deletions.
 * Either path may be NULL (that list is empty). ids are 0-based, of
 * vertex_type (int32 or int64). Errors: DYNG_INVALID_ARGUMENT for bad
 * arguments, and those of the reader.
 */
dyng_status dyng_change_files_read(dyng_batch **out, const char *insert_path,
                                   const char *delete_path, dyng_type vertex_type, int num_weights,
                                   dyng_resources *resources);

/* Write b's insertions as "u v w1..wK" lines and its deletions as "u v"
 * lines, in list order (an empty list gives an empty file). */
dyng_status dyng_change_files_write(const dyng_batch *b, const char *insert_path,
                                    const char *delete_path);

/*
 * CycleEnumeration-GPU's batch file as one batch: "- u v" lines delete,
 * "+ u v [w1..wK]" lines insert (the sign is a token of its own), in any
 * order; each list keeps file order. num_weights -1 takes the count of the
 * first "+" line (0 when there is none).
 */
dyng_status dyng_signed_batch_read(dyng_batch **out, const char *path, dyng_type vertex_type,
                                   int num_weights, dyng_resources *resources);

/* Write b as "- u v" lines (its deletions), then "+ u v [w..]" lines. */
dyng_status dyng_signed_batch_write(const dyng_batch *b, const char *path);

/*
 * Distance files: a line "v d" for v = 0, 1, ..., n - 1 in order, "v INF"
 * for an unreachable vertex (DYNG_INFINITE_DISTANCE of dyng/sssp.h); d in
 * [0, 2^61 - 2]. *distances receives n values (free it with
 * dyng_values_free).
 */
dyng_status dyng_distances_read(int64_t **distances, int64_t *n, const char *path,
                                dyng_resources *resources);

/* Write n distances (each in [0, DYNG_INFINITE_DISTANCE]; the latter as
 * INF). */
dyng_status dyng_distances_write(const int64_t *distances, int64_t n, const char *path);

/* Tree files: a line "v p" for v = 0, 1, ..., n - 1 in order; p is -1 (the
 * source, or unreachable) or a vertex below n. */
dyng_status dyng_tree_read(int64_t **parents, int64_t *n, const char *path,
                           dyng_resources *resources);

dyng_status dyng_tree_write(const int64_t *parents, int64_t n, const char *path);

/* Free an array that dyng_distances_read or dyng_tree_read returned; *values
 * becomes NULL. */
dyng_status dyng_values_free(int64_t **values);

#ifdef __cplusplus
}
#endif
#endif /* DYNG_IO_H */
