/*
 * fuzz/batch_stream.h - the body of the .dgt and .dgb targets: read a batch
 * stream, write what was read back in the same format, and read that again.
 *
 * Input: one byte of options (id type, for .dgt the weight count -1..2),
 * then the file. Checks: only a reader's statuses, and after a failure the
 * reader stays failed; a batch's ids are never negative (.dgt: never more
 * than the last); a stream read to its end, written back and read again
 * gives the same batches with the same ids.
 */
#ifndef DYNG_FUZZ_BATCH_STREAM_H
#define DYNG_FUZZ_BATCH_STREAM_H

#include "fuzz_util.h"

#define FZ_MAX_BATCHES 64

typedef struct fz_stream {
    bool dgb;
    dyng_dgt_reader *dgt;
    dyng_dgb_reader *dgb_r;
} fz_stream;

static dyng_status fz_stream_open(fz_stream *s, const char *path, dyng_type t, int k) {
    return s->dgb ? dyng_dgb_open(&s->dgb_r, path, t) : dyng_dgt_open(&s->dgt, path, t, k);
}

static dyng_status fz_stream_next(fz_stream *s, dyng_batch *b, bool *done) {
    return s->dgb ? dyng_dgb_next(s->dgb_r, b, done) : dyng_dgt_next(s->dgt, b, done);
}

static int fz_stream_weights(const fz_stream *s) {
    int k = -1;
    FZ_ASSERT((s->dgb ? dyng_dgb_num_weights(&k, s->dgb_r) : dyng_dgt_num_weights(&k, s->dgt)) ==
              DYNG_OK);
    FZ_ASSERT(k >= 0 && k <= DYNG_MAX_WEIGHTS);
    return k;
}

static void fz_stream_close(fz_stream *s) {
    if (s->dgb)
        FZ_ASSERT(dyng_dgb_close(&s->dgb_r) == DYNG_OK);
    else
        FZ_ASSERT(dyng_dgt_close(&s->dgt) == DYNG_OK);
}

/* Read up to FZ_MAX_BATCHES batches into out[]; returns the reader's last
 * status (DYNG_OK: the stream ended) and the count in *n. */
static dyng_status fz_read_stream(bool dgb, const char *path, dyng_type t, int k, dyng_batch **out,
                                  int *n, int *num_weights) {
    fz_stream s = {dgb, NULL, NULL};
    *n = 0;
    dyng_status st = fz_stream_open(&s, path, t, k);
    FZ_ASSERT(fz_reader_status_ok(st));
    if (st != DYNG_OK)
        return st;
    *num_weights = fz_stream_weights(&s);
    bool done = false;
    int64_t last_id = -1;
    while (!done) {
        dyng_batch *b = NULL;
        st = dyng_batch_new(&b, t, *num_weights);
        if (st != DYNG_OK)
            break;
        st = fz_stream_next(&s, b, &done);
        FZ_ASSERT(fz_reader_status_ok(st));
        int64_t id = -1;
        FZ_ASSERT(dyng_batch_id(&id, b) == DYNG_OK);
        if (st != DYNG_OK || done || *n == FZ_MAX_BATCHES) {
            dyng_batch_free(&b);
            if (st != DYNG_OK) { /* a failed reader stays failed */
                dyng_batch *again = NULL;
                bool d2 = false;
                if (dyng_batch_new(&again, t, *num_weights) == DYNG_OK)
                    FZ_ASSERT(fz_stream_next(&s, again, &d2) != DYNG_OK);
                dyng_batch_free(&again);
            }
            if (*n == FZ_MAX_BATCHES && st == DYNG_OK && !done)
                st = DYNG_CAPACITY; /* stop here: not a round trip */
            break;
        }
        FZ_ASSERT(id >= 0 && id > last_id);
        last_id = id;
        out[(*n)++] = b;
    }
    fz_stream_close(&s);
    return st;
}

static void fz_free_batches(dyng_batch **b, int n) {
    for (int i = 0; i < n; i++)
        dyng_batch_free(&b[i]);
}

/* Write n batches as a stream; DYNG_OK or DYNG_OUT_OF_MEMORY. */
static dyng_status fz_write_stream(bool dgb, const char *path, dyng_type t, int k, dyng_batch **b,
                                   int n) {
    dyng_status st;
    if (dgb) {
        dyng_dgb_writer *w = NULL;
        st = dyng_dgb_writer_open(&w, path, t, k);
        for (int i = 0; st == DYNG_OK && i < n; i++)
            st = dyng_dgb_write_batch(w, b[i]);
        dyng_status cst = w != NULL ? dyng_dgb_writer_close(&w) : DYNG_OK;
        return st != DYNG_OK ? st : cst;
    }
    dyng_dgt_writer *w = NULL;
    st = dyng_dgt_writer_open(&w, path);
    for (int i = 0; st == DYNG_OK && i < n; i++)
        st = dyng_dgt_write_batch(w, b[i]);
    dyng_status cst = w != NULL ? dyng_dgt_writer_close(&w) : DYNG_OK;
    return st != DYNG_OK ? st : cst;
}

static int fz_batch_stream(const uint8_t *data, size_t size, bool dgb) {
    fz_begin();
    fz_bytes in = {data, size};
    const uint8_t opt = fz_u8(&in);
    const char *path = fz_write(dgb ? "input.dgb" : "input.dgt", in);
    const dyng_type t = (opt & 1) ? DYNG_TYPE_INT64 : DYNG_TYPE_INT32;
    const int k = (int)((opt >> 1) & 3) - 1;

    dyng_batch *first[FZ_MAX_BATCHES], *second[FZ_MAX_BATCHES];
    int n = 0, n2 = 0, kw = 0, kw2 = 0;
    dyng_status st = fz_read_stream(dgb, path, t, k, first, &n, &kw);
    if (st == DYNG_OK) {
        const char *out = fz_path(dgb ? "written.dgb" : "written.dgt");
        st = fz_write_stream(dgb, out, t, kw, first, n);
        FZ_ASSERT(st == DYNG_OK || st == DYNG_OUT_OF_MEMORY);
        if (st == DYNG_OK) {
            /* .dgt: a stream without insertions has no weight count of its
             * own; read it back with the one it was read with. */
            st = fz_read_stream(dgb, out, t, kw, second, &n2, &kw2);
            FZ_ASSERT(st == DYNG_OK || st == DYNG_OUT_OF_MEMORY);
            if (st == DYNG_OK) {
                FZ_ASSERT(n2 == n && kw2 == kw);
                for (int i = 0; i < n; i++)
                    FZ_ASSERT(fz_same_batch(first[i], second[i], true));
            }
            fz_free_batches(second, n2);
        }
    }
    fz_free_batches(first, n);
    return 0;
}

#endif /* DYNG_FUZZ_BATCH_STREAM_H */
