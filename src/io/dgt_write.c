/*
 * src/io/dgt_write.c - the .dgt batch writer.
 *
 * "%dgt 1", then per batch "%batch <id>", its deletions as "-e u v" and its
 * insertions as "+e u v w1..wK", each list in order. Numbers are formatted
 * by hand into the output stream's buffer (file.h; gzip for a ".gz" path).
 * The reader (dgt_read.c) reads back exactly what was written, and writing
 * what it read gives the same bytes. A batch the writer refuses (a negative
 * id, an id that does not increase) writes nothing. dyng_dgt_writer_abort
 * ends a stream that failed with a "%aborted" line, which the reader reports
 * as an error, so a cut-off stream never reads as a whole one.
 */
#include <string.h>

#include "dyng/io.h"

#include "core/alloc.h"
#include "core/error.h"
#include "io/batch_ids.h"
#include "io/file.h"
#include "io/parse.h"

struct dyng_dgt_writer {
    dyng_i_out out;
    bool have_last; /* a batch was written; last_id is its id */
    int64_t last_id;
    int num_weights; /* of the batches written; -1 before the first */
};

dyng_status dyng_dgt_writer_open(dyng_dgt_writer **out, const char *path) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(path);
    dyng_dgt_writer *w = dyng_i_calloc(1, sizeof *w);
    if (w == NULL)
        return dyng_i_oom("a .dgt writer", sizeof *w);
    w->num_weights = -1;
    dyng_status st = dyng_i_out_open(&w->out, path);
    if (st == DYNG_OK)
        st = dyng_i_out_write(&w->out, "%dgt 1\n", 7);
    if (st != DYNG_OK) {
        dyng_i_out_abort(&w->out);
        dyng_i_free(w);
        return st;
    }
    *out = w;
    return DYNG_OK;
}

static inline int64_t get_id(const void *a, int64_t e, bool wide) {
    return wide ? ((const int64_t *)a)[e] : (int64_t)((const int32_t *)a)[e];
}

/* Write count "<tag> u v [w...]" lines. */
static dyng_status write_edges(dyng_i_out *out, const char *tag, int64_t count, const void *src,
                               const void *dst, bool wide, const int32_t *weights, int k) {
    for (int64_t e = 0; e < count; e++) {
        char *s = dyng_i_out_reserve(out, 4 + (size_t)(2 + k) * (DYNG_I_INT_CHARS + 1));
        if (s == NULL)
            return DYNG_FILE_FORMAT;
        size_t n = 0;
        s[n++] = tag[0];
        s[n++] = tag[1];
        s[n++] = ' ';
        n += dyng_i_format_int(s + n, get_id(src, e, wide));
        s[n++] = ' ';
        n += dyng_i_format_int(s + n, get_id(dst, e, wide));
        for (int j = 0; j < k; j++) {
            s[n++] = ' ';
            n += dyng_i_format_int(s + n, weights[(size_t)e * (size_t)k + (size_t)j]);
        }
        s[n++] = '\n';
        out->len += n;
    }
    return DYNG_OK;
}

dyng_status dyng_dgt_write_batch(dyng_dgt_writer *w, const dyng_batch *b) {
    DYNG_I_CHECK_ARG(w);
    DYNG_I_CHECK_ARG(b);
    int64_t id, ni, nd;
    int k;
    dyng_type t;
    const void *isrc, *idst, *dsrc, *ddst;
    const int32_t *iw;
    DYNG_I_TRY(dyng_batch_id(&id, b));
    DYNG_I_TRY(dyng_batch_num_weights(&k, b));
    DYNG_I_TRY(dyng_batch_vertex_type(&t, b));
    DYNG_I_TRY(dyng_batch_num_insertions(&ni, b));
    DYNG_I_TRY(dyng_batch_num_deletions(&nd, b));
    DYNG_I_TRY(dyng_batch_insertions(&isrc, &idst, &iw, b));
    DYNG_I_TRY(dyng_batch_deletions(&dsrc, &ddst, b));
    if (id < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_dgt_write_batch: batch id %lld is negative", (long long)id);
    if (w->have_last && id <= w->last_id)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_dgt_write_batch: batch id %lld does not exceed the last id "
                            "written, %lld",
                            (long long)id, (long long)w->last_id);
    if (w->num_weights >= 0 && k != w->num_weights)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_dgt_write_batch: the batch has %d weights; earlier batches "
                            "have %d",
                            k, w->num_weights);
    DYNG_I_TRY(dyng_i_batch_ids_check(b));
    bool wide = t == DYNG_TYPE_INT64;
    char *s = dyng_i_out_reserve(&w->out, 64);
    if (s == NULL)
        return DYNG_FILE_FORMAT;
    memcpy(s, "%batch ", 7);
    size_t n = 7 + dyng_i_format_int(s + 7, id);
    s[n++] = '\n';
    w->out.len += n;
    DYNG_I_TRY(write_edges(&w->out, "-e", nd, dsrc, ddst, wide, NULL, 0));
    DYNG_I_TRY(write_edges(&w->out, "+e", ni, isrc, idst, wide, iw, k));
    w->have_last = true;
    w->last_id = id;
    w->num_weights = k;
    return DYNG_OK;
}

dyng_status dyng_dgt_writer_close(dyng_dgt_writer **w) {
    if (w == NULL || *w == NULL)
        return DYNG_OK;
    dyng_status st = dyng_i_out_close(&(*w)->out);
    dyng_i_free(*w);
    *w = NULL;
    return st;
}

dyng_status dyng_dgt_writer_abort(dyng_dgt_writer **w) {
    if (w == NULL || *w == NULL)
        return DYNG_OK;
    dyng_status st = dyng_i_out_write(&(*w)->out, "%aborted\n", 9);
    dyng_status closed = dyng_dgt_writer_close(w);
    return st != DYNG_OK ? st : closed;
}
