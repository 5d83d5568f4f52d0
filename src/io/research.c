/*
 * src/io/research.c - the research codes' files: CSR triplets, change files
 * (insert.txt / delete.txt), signed batches ("- u v" / "+ u v"), distance
 * and tree files (dyng/io.h).
 *
 * Every reader is a table (io/table.h) plus the checks of what the values
 * mean (a row pointer that starts at 0 and never falls, a column id below
 * the vertex count, a tree file that lists vertices 0, 1, 2, ...), each
 * reported at its line. The writers format by hand into an output stream
 * (file.h), gzip for a ".gz" path, and check their inputs before the file
 * is created.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dyng/io.h"
#include "dyng/sssp.h"

#include "core/alloc.h"
#include "core/error.h"
#include "io/batch_ids.h"
#include "io/file.h"
#include "io/parse.h"
#include "io/table.h"

static uint64_t id_max_of(dyng_type t) {
    return t == DYNG_TYPE_INT64 ? (uint64_t)INT64_MAX - 1 : (uint64_t)INT32_MAX;
}

static dyng_status check_vertex_type(dyng_type t, const char *who) {
    if (t != DYNG_TYPE_INT32 && t != DYNG_TYPE_INT64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: vertex_type must be int32 or int64", who);
    return DYNG_OK;
}

/* Report something wrong with data row `row` of table t, at its line. */
static dyng_status row_error(const dyng_i_table *t, const char *path, int64_t row,
                             const char *message) {
    int64_t line, column;
    dyng_i_table_locate(t, row, &line, &column);
    return dyng_i_file_error(path, line, column, "%s", message);
}

/* ---- CSR triplets ---------------------------------------------------------------- */

/* "<prefix><part>.txt", or with ".gz" when only that exists; *exists says
 * whether either does. Existence only (no open): a file that exists but
 * cannot be read is reported by its reader, with the reason. */
static dyng_status part_path(char **out, const char *prefix, const char *part, bool *exists) {
    *exists = false;
    size_t n = strlen(prefix) + strlen(part) + 8;
    char *p = dyng_i_malloc(n, 1);
    if (p == NULL)
        return dyng_i_oom("a file name", n);
    snprintf(p, n, "%s%s.txt", prefix, part);
    *exists = access(p, F_OK) == 0;
    if (!*exists) {
        strcat(p, ".gz");
        *exists = access(p, F_OK) == 0;
        if (!*exists)
            p[strlen(p) - 3] = '\0'; /* neither: name the plain one */
    }
    *out = p;
    return DYNG_OK;
}

typedef struct csr_parts {
    char *row_path, *col_path, *val_path;
    dyng_i_table rows, cols, vals;
    void *row_ptr, *col;
    int32_t *weights;
} csr_parts;

static void csr_parts_free(csr_parts *c) {
    dyng_i_free(c->row_path);
    dyng_i_free(c->col_path);
    dyng_i_free(c->val_path);
    dyng_i_table_free(&c->rows);
    dyng_i_table_free(&c->cols);
    dyng_i_table_free(&c->vals);
    dyng_i_free(c->row_ptr);
    dyng_i_free(c->col);
    dyng_i_free(c->weights);
}

/* Read and check the three files into c's tables; *n and *nnz result. */
static dyng_status csr_read_tables(csr_parts *c, const char *prefix, dyng_resources *r, int64_t *n,
                                   int64_t *nnz, bool *weighted) {
    bool rows_exist = false, cols_exist = false;
    DYNG_I_TRY(part_path(&c->row_path, prefix, "RowPtr", &rows_exist));
    DYNG_I_TRY(part_path(&c->col_path, prefix, "ColInd", &cols_exist));
    DYNG_I_TRY(part_path(&c->val_path, prefix, "Values", weighted));
    if (!rows_exist || !cols_exist)
        return dyng_i_file_error(rows_exist ? c->col_path : c->row_path, 0, 0,
                                 "no such file (nor with .gz): a CSR triplet '%s' needs "
                                 "%sRowPtr.txt and %sColInd.txt (and %sValues.txt for weights)",
                                 prefix, prefix, prefix, prefix);
    dyng_i_table_spec s = {.what = "a CSR row-pointer file",
                           .cols = 1,
                           .value_min = 0,
                           .value_max = INT64_MAX,
                           .names = {"offset"}};
    DYNG_I_TRY(dyng_i_table_read(&c->rows, c->row_path, &s, r));
    const int64_t *rp = c->rows.v;
    if (c->rows.rows == 0)
        return dyng_i_file_error(c->row_path, 0, 0,
                                 "a CSR row-pointer file has n + 1 offsets; this one has none");
    *n = c->rows.rows - 1;
    if (rp[0] != 0)
        return row_error(&c->rows, c->row_path, 0, "the first offset of a CSR row pointer is 0");
    char message[160];
    for (int64_t v = 0; v < *n; v++) {
        if (rp[v + 1] < rp[v]) {
            snprintf(message, sizeof message, "offset %lld is below the one before it (%lld)",
                     (long long)rp[v + 1], (long long)rp[v]);
            return row_error(&c->rows, c->row_path, v + 1, message);
        }
    }
    *nnz = rp[*n];
    s = (dyng_i_table_spec){.what = "a CSR column file",
                            .cols = 1,
                            .ids = 1,
                            .id_max = *n > 0 ? (uint64_t)(*n - 1) : 0,
                            .id_bound = "the vertex count",
                            .names = {"column id"}};
    DYNG_I_TRY(dyng_i_table_read(&c->cols, c->col_path, &s, r));
    if (*n == 0 && c->cols.rows > 0)
        return row_error(&c->cols, c->col_path, 0, "a graph of 0 vertices has no edges");
    if (c->cols.rows != *nnz) {
        snprintf(message, sizeof message,
                 "the column file has %lld ids; the row pointer (%s) ends at %lld",
                 (long long)c->cols.rows, c->row_path, (long long)*nnz);
        return row_error(&c->cols, c->col_path, c->cols.rows < *nnz ? c->cols.rows : *nnz, message);
    }
    if (*weighted) {
        s = (dyng_i_table_spec){.what = "a CSR values file",
                                .cols = -1,
                                .min_cols = 1,
                                .value_min = INT32_MIN,
                                .value_max = INT32_MAX,
                                .names = {"weight"}};
        DYNG_I_TRY(dyng_i_table_read(&c->vals, c->val_path, &s, r));
        if (c->vals.cols > DYNG_MAX_WEIGHTS)
            return row_error(&c->vals, c->val_path, 0, "an edge has at most 64 weights");
        if (c->vals.rows != *nnz) {
            snprintf(message, sizeof message,
                     "the values file has %lld lines of weights; the graph has %lld edges",
                     (long long)c->vals.rows, (long long)*nnz);
            return row_error(&c->vals, c->val_path, c->vals.rows < *nnz ? c->vals.rows : *nnz,
                             message);
        }
    }
    return DYNG_OK;
}

dyng_status dyng_csr_files_read_graph(dyng_graph **out, const char *prefix,
                                      const dyng_graph_properties *properties,
                                      dyng_resources *resources) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(prefix);
    csr_parts c;
    memset(&c, 0, sizeof c);
    int64_t n = 0, nnz = 0;
    bool weighted = false;
    dyng_status st = csr_read_tables(&c, prefix, resources, &n, &nnz, &weighted);
    if (st != DYNG_OK)
        goto done;
    const int k = weighted ? c.vals.cols : 0;
    dyng_graph_properties p;
    if (properties != NULL)
        p = *properties;
    else
        dyng_properties_mosp_compatible(&p, k);
    p.num_weights = k;
    /* an int32 graph holds at most INT32_MAX vertices (ids 0 .. INT32_MAX - 1) */
    p.vertex_type = n > INT32_MAX ? DYNG_TYPE_INT64 : p.vertex_type;
    const int64_t per_direction = p.directed ? nnz : 2 * nnz;
    if (p.vertex_type == DYNG_TYPE_INT64 || per_direction > INT32_MAX)
        p.offset_type = DYNG_TYPE_INT64;
    st = dyng_properties_check(&p);
    if (st != DYNG_OK)
        goto done;
    const bool wide_off = p.offset_type == DYNG_TYPE_INT64;
    const bool wide_id = p.vertex_type == DYNG_TYPE_INT64;
    c.row_ptr = dyng_i_malloc_big((size_t)n + 1, wide_off ? 8 : 4);
    c.col = dyng_i_malloc_big((size_t)nnz + 1, wide_id ? 8 : 4);
    c.weights = k > 0 ? dyng_i_malloc_big(dyng_i_mul_size((size_t)nnz, (size_t)k), 4) : NULL;
    if (c.row_ptr == NULL || c.col == NULL || (k > 0 && c.weights == NULL)) {
        st = dyng_i_oom("the CSR arrays", dyng_i_mul_size((size_t)nnz, (size_t)(8 + 4 * k)));
        goto done;
    }
    for (int64_t v = 0; v <= n; v++)
        dyng_i_put_id(c.row_ptr, v, (uint64_t)c.rows.v[v], wide_off);
    for (int64_t e = 0; e < nnz; e++)
        dyng_i_put_id(c.col, e, (uint64_t)c.cols.v[e], wide_id);
    for (size_t i = 0; i < (size_t)nnz * (size_t)k; i++)
        c.weights[i] = (int32_t)c.vals.v[i];
    st = dyng_graph_from_csr(out, &p, n, c.row_ptr, c.col, c.weights, resources);
done:
    csr_parts_free(&c);
    return st;
}

/* The text of one line of values into the stream; false on a write error. */
typedef size_t (*format_row_fn)(char *s, const void *context, int64_t row);

/* Polls poll's interrupt flag and the process-wide one (poll may be NULL). */
static dyng_status write_rows(const char *path, int64_t rows, size_t line_max, format_row_fn format,
                              const void *context, const dyng_resources *poll) {
    dyng_i_out out;
    dyng_status st = dyng_i_out_open(&out, path);
    if (st != DYNG_OK) {
        dyng_i_out_abort(&out);
        return st;
    }
    dyng_i_out_watch(&out, poll);
    for (int64_t i = 0; i < rows; i++) {
        char *s = dyng_i_out_reserve(&out, line_max);
        if (s == NULL) {
            st = dyng_i_out_failure(&out); /* the stream set the message */
            dyng_i_out_abort(&out);
            return st;
        }
        out.len += format(s, context, i);
    }
    return dyng_i_out_close(&out);
}

typedef struct csr_text {
    const void *row_ptr, *col;
    const int32_t *weights;
    bool wide_off, wide_id;
    int k;
} csr_text;

static inline int64_t get_int(const void *a, int64_t i, bool wide) {
    return wide ? ((const int64_t *)a)[i] : (int64_t)((const int32_t *)a)[i];
}

static size_t format_offset(char *s, const void *context, int64_t row) {
    const csr_text *t = context;
    size_t at = dyng_i_format_int(s, get_int(t->row_ptr, row, t->wide_off));
    s[at++] = '\n';
    return at;
}

static size_t format_column(char *s, const void *context, int64_t row) {
    const csr_text *t = context;
    size_t at = dyng_i_format_int(s, get_int(t->col, row, t->wide_id));
    s[at++] = '\n';
    return at;
}

static size_t format_weights(char *s, const void *context, int64_t row) {
    const csr_text *t = context;
    size_t at = 0;
    for (int j = 0; j < t->k; j++) {
        if (j > 0)
            s[at++] = ' ';
        at += dyng_i_format_int(s + at, t->weights[(size_t)row * (size_t)t->k + (size_t)j]);
    }
    s[at++] = '\n';
    return at;
}

dyng_status dyng_csr_files_write_graph(const dyng_graph *g, const char *prefix, bool compress) {
    DYNG_I_CHECK_ARG(g);
    DYNG_I_CHECK_ARG(prefix);
    dyng_graph_properties p;
    int64_t n, entries;
    DYNG_I_TRY(dyng_graph_properties_of(&p, g));
    DYNG_I_TRY(dyng_graph_num_vertices(&n, g));
    DYNG_I_TRY(dyng_graph_num_entries(&entries, g));
    csr_text t = {.wide_off = p.offset_type == DYNG_TYPE_INT64,
                  .wide_id = p.vertex_type == DYNG_TYPE_INT64,
                  .k = p.num_weights};
    size_t name_size = strlen(prefix) + 16;
    char *name = dyng_i_malloc(name_size, 1);
    void *row_ptr = dyng_i_malloc_big((size_t)n + 1, t.wide_off ? 8 : 4);
    void *col = dyng_i_malloc_big((size_t)entries + 1, t.wide_id ? 8 : 4);
    int32_t *weights = dyng_i_malloc_big(dyng_i_mul_size((size_t)entries, (size_t)t.k) + 1, 4);
    dyng_status st = DYNG_OK;
    if (name == NULL || row_ptr == NULL || col == NULL || weights == NULL) {
        st = dyng_i_oom("a copy of the graph's CSR", dyng_i_mul_size((size_t)entries, 16));
        goto done;
    }
    st = dyng_i_writing_status(dyng_graph_to_csr(g, false, row_ptr, col, t.k > 0 ? weights : NULL),
                               prefix);
    if (st != DYNG_OK)
        goto done;
    dyng_resources *poll = NULL;
    (void)dyng_graph_resources(&poll, g);
    t.row_ptr = row_ptr;
    t.col = col;
    t.weights = weights;
    const char *gz = compress ? ".gz" : "";
    snprintf(name, name_size, "%sRowPtr.txt%s", prefix, gz);
    st = write_rows(name, n + 1, DYNG_I_INT_CHARS + 1, format_offset, &t, poll);
    if (st != DYNG_OK)
        goto done;
    snprintf(name, name_size, "%sColInd.txt%s", prefix, gz);
    st = write_rows(name, entries, DYNG_I_INT_CHARS + 1, format_column, &t, poll);
    if (st != DYNG_OK || t.k == 0)
        goto done;
    snprintf(name, name_size, "%sValues.txt%s", prefix, gz);
    st = write_rows(name, entries, (size_t)t.k * (DYNG_I_INT_CHARS + 1), format_weights, &t, poll);
done:
    dyng_i_free(name);
    dyng_i_free(row_ptr);
    dyng_i_free(col);
    dyng_i_free(weights);
    return st;
}

/* ---- batches ----------------------------------------------------------------------- */

/* Append the rows [from, to) of t whose sign is `sign` (0: every row) to b:
 * ids from columns 0 and 1, weights from columns 2 .. 2 + k (insertions). */
static dyng_status add_rows(dyng_batch *b, const dyng_i_table *t, int8_t sign, bool insert, int k,
                            bool wide) {
    int64_t count = 0;
    for (int64_t i = 0; i < t->rows; i++)
        count += sign == 0 || t->sign[i] == sign;
    if (count == 0)
        return DYNG_OK;
    const size_t es = wide ? 8 : 4;
    void *src = dyng_i_malloc_big((size_t)count, es);
    void *dst = dyng_i_malloc_big((size_t)count, es);
    int32_t *w =
        insert && k > 0 ? dyng_i_malloc_big(dyng_i_mul_size((size_t)count, (size_t)k), 4) : NULL;
    dyng_status st;
    if (src == NULL || dst == NULL || (insert && k > 0 && w == NULL)) {
        st = dyng_i_oom("a batch's arrays", dyng_i_mul_size((size_t)count, 2 * es + 4 * (size_t)k));
        goto done;
    }
    int64_t o = 0;
    for (int64_t i = 0; i < t->rows; i++) {
        if (sign != 0 && t->sign[i] != sign)
            continue;
        const int64_t *row = t->v + (size_t)i * (size_t)t->cols;
        dyng_i_put_id(src, o, (uint64_t)row[0], wide);
        dyng_i_put_id(dst, o, (uint64_t)row[1], wide);
        for (int j = 0; insert && j < k; j++)
            w[(size_t)o * (size_t)k + (size_t)j] = (int32_t)row[2 + j];
        o++;
    }
    st = insert ? dyng_batch_add_insertions(b, count, src, dst, w)
                : dyng_batch_add_deletions(b, count, src, dst);
done:
    dyng_i_free(src);
    dyng_i_free(dst);
    dyng_i_free(w);
    return st;
}

/* The spec of a batch table: ids, then k weights (k -1: the first line's). */
static dyng_i_table_spec batch_spec(const char *what, dyng_type vertex_type, int k, bool signs) {
    dyng_i_table_spec s = {.what = what,
                           .cols = k < 0 ? -1 : 2 + k,
                           .min_cols = 2,
                           .ids = 2,
                           .id_max = id_max_of(vertex_type),
                           .value_min = INT32_MIN,
                           .value_max = INT32_MAX,
                           .signs = signs,
                           .names = {"source id", "target id", "weight"}};
    return s;
}

static dyng_status check_weight_count(const dyng_i_table *t, const char *path) {
    if (t->cols - 2 > DYNG_MAX_WEIGHTS)
        return row_error(t, path, 0, "an insertion has at most 64 weights");
    return DYNG_OK;
}

dyng_status dyng_change_files_read(dyng_batch **out, const char *insert_path,
                                   const char *delete_path, dyng_type vertex_type, int num_weights,
                                   dyng_resources *resources) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_TRY(check_vertex_type(vertex_type, "dyng_change_files_read"));
    if (num_weights < -1 || num_weights > DYNG_MAX_WEIGHTS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "num_weights is %d; accepted: -1 (the insert file's) or 0..64",
                            num_weights);
    dyng_i_table ins, del;
    memset(&ins, 0, sizeof ins);
    memset(&del, 0, sizeof del);
    dyng_batch *b = NULL;
    dyng_status st = DYNG_OK;
    int k = num_weights < 0 ? 0 : num_weights;
    if (insert_path != NULL) {
        dyng_i_table_spec s = batch_spec("an insert file", vertex_type, num_weights, false);
        st = dyng_i_table_read(&ins, insert_path, &s, resources);
        if (st == DYNG_OK)
            st = check_weight_count(&ins, insert_path);
        if (st != DYNG_OK)
            goto done;
        k = ins.cols - 2;
    }
    if (delete_path != NULL) {
        dyng_i_table_spec s = batch_spec("a delete file", vertex_type, 0, false);
        st = dyng_i_table_read(&del, delete_path, &s, resources);
        if (st != DYNG_OK)
            goto done;
    }
    const bool wide = vertex_type == DYNG_TYPE_INT64;
    st = dyng_batch_new(&b, vertex_type, k);
    if (st == DYNG_OK)
        st = dyng_batch_reserve(b, ins.rows, del.rows);
    if (st == DYNG_OK && del.rows > 0)
        st = add_rows(b, &del, 0, false, k, wide);
    if (st == DYNG_OK && ins.rows > 0)
        st = add_rows(b, &ins, 0, true, k, wide);
done:
    dyng_i_table_free(&ins);
    dyng_i_table_free(&del);
    if (st != DYNG_OK)
        dyng_batch_free(&b);
    *out = b;
    return st;
}

dyng_status dyng_signed_batch_read(dyng_batch **out, const char *path, dyng_type vertex_type,
                                   int num_weights, dyng_resources *resources) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(path);
    DYNG_I_TRY(check_vertex_type(vertex_type, "dyng_signed_batch_read"));
    if (num_weights < -1 || num_weights > DYNG_MAX_WEIGHTS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "num_weights is %d; accepted: -1 (the first '+' line's) or 0..64",
                            num_weights);
    dyng_i_table t;
    dyng_batch *b = NULL;
    dyng_i_table_spec s = batch_spec("a signed batch file", vertex_type, num_weights, true);
    dyng_status st = dyng_i_table_read(&t, path, &s, resources);
    if (st == DYNG_OK)
        st = check_weight_count(&t, path);
    if (st != DYNG_OK)
        goto done;
    const int k = t.cols - 2;
    const bool wide = vertex_type == DYNG_TYPE_INT64;
    st = dyng_batch_new(&b, vertex_type, k);
    if (st == DYNG_OK)
        st = add_rows(b, &t, -1, false, k, wide);
    if (st == DYNG_OK)
        st = add_rows(b, &t, 1, true, k, wide);
done:
    dyng_i_table_free(&t);
    if (st != DYNG_OK)
        dyng_batch_free(&b);
    *out = b;
    return st;
}

typedef struct batch_text {
    const void *src, *dst;
    const int32_t *w;
    bool wide;
    int k;            /* weights written per line */
    const char *lead; /* "+ ", "- " or ""       */
} batch_text;

static size_t format_change(char *s, const void *context, int64_t row) {
    const batch_text *t = context;
    size_t at = strlen(t->lead);
    memcpy(s, t->lead, at);
    at += dyng_i_format_int(s + at, get_int(t->src, row, t->wide));
    s[at++] = ' ';
    at += dyng_i_format_int(s + at, get_int(t->dst, row, t->wide));
    for (int j = 0; j < t->k; j++) {
        s[at++] = ' ';
        at += dyng_i_format_int(s + at, t->w[(size_t)row * (size_t)t->k + (size_t)j]);
    }
    s[at++] = '\n';
    return at;
}

/* Both lists of b, for the writers. */
static dyng_status batch_lists(const dyng_batch *b, batch_text *ins, batch_text *del, int64_t *ni,
                               int64_t *nd) {
    dyng_type type;
    int k;
    DYNG_I_TRY(dyng_batch_vertex_type(&type, b));
    DYNG_I_TRY(dyng_batch_num_weights(&k, b));
    DYNG_I_TRY(dyng_batch_num_insertions(ni, b));
    DYNG_I_TRY(dyng_batch_num_deletions(nd, b));
    memset(ins, 0, sizeof *ins);
    memset(del, 0, sizeof *del);
    DYNG_I_TRY(dyng_i_batch_ids_check(b));
    DYNG_I_TRY(dyng_batch_insertions(&ins->src, &ins->dst, &ins->w, b));
    DYNG_I_TRY(dyng_batch_deletions(&del->src, &del->dst, b));
    ins->wide = del->wide = type == DYNG_TYPE_INT64;
    ins->k = k;
    ins->lead = del->lead = "";
    return DYNG_OK;
}

dyng_status dyng_change_files_write(const dyng_batch *b, const char *insert_path,
                                    const char *delete_path) {
    DYNG_I_CHECK_ARG(b);
    DYNG_I_CHECK_ARG(insert_path);
    DYNG_I_CHECK_ARG(delete_path);
    batch_text ins, del;
    int64_t ni, nd;
    DYNG_I_TRY(batch_lists(b, &ins, &del, &ni, &nd));
    const size_t line_max = (size_t)(2 + ins.k) * (DYNG_I_INT_CHARS + 1) + 4;
    DYNG_I_TRY(write_rows(insert_path, ni, line_max, format_change, &ins, NULL));
    return write_rows(delete_path, nd, line_max, format_change, &del, NULL);
}

dyng_status dyng_signed_batch_write(const dyng_batch *b, const char *path) {
    DYNG_I_CHECK_ARG(b);
    DYNG_I_CHECK_ARG(path);
    batch_text ins, del;
    int64_t ni, nd;
    DYNG_I_TRY(batch_lists(b, &ins, &del, &ni, &nd));
    ins.lead = "+ ";
    del.lead = "- ";
    /* one stream: the deletions, then the insertions */
    dyng_i_out out;
    dyng_status st = dyng_i_out_open(&out, path);
    dyng_i_out_watch(&out, NULL);
    const size_t line_max = (size_t)(2 + ins.k) * (DYNG_I_INT_CHARS + 1) + 4;
    for (int64_t i = 0; st == DYNG_OK && i < nd + ni; i++) {
        char *s = dyng_i_out_reserve(&out, line_max);
        if (s == NULL)
            st = dyng_i_out_failure(&out); /* the stream set the message */
        else
            out.len += i < nd ? format_change(s, &del, i) : format_change(s, &ins, i - nd);
    }
    if (st != DYNG_OK) {
        dyng_i_out_abort(&out);
        return st;
    }
    return dyng_i_out_close(&out);
}

/* ---- distances and trees -------------------------------------------------------------- */

/* Read "v x" lines for v = 0, 1, 2, ... into a new array of x; `parents`:
 * each x is -1 or a vertex of the file. */
static dyng_status read_vertex_values(int64_t **out, int64_t *n, const char *path,
                                      const dyng_i_table_spec *s, bool parents, dyng_resources *r) {
    const char *who = parents ? "dyng_tree_read" : "dyng_distances_read";
    DYNG_I_CHECK_ARG_AS(who, out);
    DYNG_I_CHECK_ARG_AS(who, n);
    *out = NULL;
    *n = 0;
    DYNG_I_CHECK_ARG_AS(who, path);
    dyng_i_table t;
    dyng_status st = dyng_i_table_read(&t, path, s, r);
    int64_t *x = NULL;
    if (st != DYNG_OK)
        goto done;
    x = dyng_i_malloc_big((size_t)t.rows + 1, sizeof *x);
    if (x == NULL) {
        st = dyng_i_oom("the values", (size_t)t.rows * 8);
        goto done;
    }
    for (int64_t v = 0; v < t.rows; v++) {
        if (t.v[2 * v] != v) {
            char message[160];
            snprintf(message, sizeof message,
                     "line %lld of the vertex lines names vertex %lld; %s lists the vertices in "
                     "order (0, 1, 2, ...)",
                     (long long)v + 1, (long long)t.v[2 * v], s->what);
            st = row_error(&t, path, v, message);
            goto done;
        }
        x[v] = t.v[2 * v + 1];
        if (parents && x[v] >= t.rows) {
            char message[128];
            snprintf(message, sizeof message,
                     "the parent %lld is not a vertex (the file lists %lld)", (long long)x[v],
                     (long long)t.rows);
            st = row_error(&t, path, v, message);
            goto done;
        }
    }
    *out = x;
    *n = t.rows;
    x = NULL;
done:
    dyng_i_free(x);
    dyng_i_table_free(&t);
    return st;
}

dyng_status dyng_distances_read(int64_t **distances, int64_t *n, const char *path,
                                dyng_resources *resources) {
    dyng_i_table_spec s = {.what = "a distance file",
                           .cols = 2,
                           .ids = 1,
                           .id_max = (uint64_t)INT64_MAX - 1,
                           .value_min = 0,
                           .value_max = DYNG_INFINITE_DISTANCE - 1,
                           .inf = true,
                           .names = {"vertex", "distance"}};
    DYNG_I_TRY(read_vertex_values(distances, n, path, &s, false, resources));
    for (int64_t v = 0; v < *n; v++)
        if ((*distances)[v] == DYNG_I_TABLE_INF)
            (*distances)[v] = DYNG_INFINITE_DISTANCE;
    return DYNG_OK;
}

dyng_status dyng_tree_read(int64_t **parents, int64_t *n, const char *path,
                           dyng_resources *resources) {
    dyng_i_table_spec s = {.what = "a tree file",
                           .cols = 2,
                           .ids = 1,
                           .id_max = (uint64_t)INT64_MAX - 1,
                           .value_min = -1,
                           .value_max = INT64_MAX - 1,
                           .names = {"vertex", "parent"}};
    return read_vertex_values(parents, n, path, &s, true, resources);
}

dyng_status dyng_values_free(int64_t **values) {
    if (values != NULL) {
        dyng_i_free(*values);
        *values = NULL;
    }
    return DYNG_OK;
}

typedef struct pairs_text {
    const int64_t *x;
    int64_t infinite; /* written as INF; -1: none */
} pairs_text;

static size_t format_pair(char *s, const void *context, int64_t row) {
    const pairs_text *t = context;
    size_t at = dyng_i_format_int(s, row);
    s[at++] = ' ';
    if (t->x[row] == t->infinite && t->infinite >= 0) {
        memcpy(s + at, "INF", 3);
        at += 3;
    } else {
        at += dyng_i_format_int(s + at, t->x[row]);
    }
    s[at++] = '\n';
    return at;
}

dyng_status dyng_distances_write(const int64_t *distances, int64_t n, const char *path) {
    if (distances == NULL && n > 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "distances is NULL");
    DYNG_I_CHECK_ARG(path);
    if (n < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "n is %lld; accepted: 0 or more", (long long)n);
    for (int64_t v = 0; v < n; v++)
        if (distances[v] < 0 || distances[v] > DYNG_INFINITE_DISTANCE)
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "the distance of vertex %lld is %lld; accepted: 0 to 2^61 - 1 "
                                "(DYNG_INFINITE_DISTANCE, written as INF)",
                                (long long)v, (long long)distances[v]);
    pairs_text t = {distances, DYNG_INFINITE_DISTANCE};
    return write_rows(path, n, 2 * DYNG_I_INT_CHARS + 2, format_pair, &t, NULL);
}

dyng_status dyng_tree_write(const int64_t *parents, int64_t n, const char *path) {
    if (parents == NULL && n > 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "parents is NULL");
    DYNG_I_CHECK_ARG(path);
    if (n < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "n is %lld; accepted: 0 or more", (long long)n);
    for (int64_t v = 0; v < n; v++)
        if (parents[v] < -1 || parents[v] >= n)
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "the parent of vertex %lld is %lld; accepted: -1 or a vertex "
                                "below %lld",
                                (long long)v, (long long)parents[v], (long long)n);
    pairs_text t = {parents, -1};
    return write_rows(path, n, 2 * DYNG_I_INT_CHARS + 2, format_pair, &t, NULL);
}
