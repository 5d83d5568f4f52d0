/*
 * fuzz/fuzz_util.h - what every fuzz target shares: taking bytes apart,
 * writing them to a scratch file for a reader, and stopping loudly.
 *
 * A target defines LLVMFuzzerTestOneInput. It must accept any bytes; it calls
 * abort() (through FZ_ASSERT) only for a finding: a status that no input may
 * give, a result that fails its check, a round trip that is not exact. The
 * sanitizers report the rest (memory errors, undefined behaviour, leaks).
 */
#ifndef DYNG_FUZZ_UTIL_H
#define DYNG_FUZZ_UTIL_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h" /* dyng_testing_allocation_limit */
#include "dyng/dyng.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_ASSERT(cond)                                                                            \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: fuzz check failed: %s (last message: %s)\n", __FILE__,         \
                    __LINE__, #cond, dyng_error_message());                                        \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* A status a reader may return for bad bytes: anything else is a finding.
 * (Out of memory: the allocation limit below turns a size the file announces
 * into DYNG_OUT_OF_MEMORY instead of gigabytes.) Every failure leaves a
 * message. */
static inline bool fz_reader_status_ok(dyng_status st) {
    if (st == DYNG_OK)
        return true;
    if (dyng_error_message()[0] == '\0')
        return false;
    return st == DYNG_FILE_FORMAT || st == DYNG_CAPACITY || st == DYNG_OUT_OF_MEMORY ||
           st == DYNG_NOT_SUPPORTED; /* a graph of types outside the table (int64 ids, no
                                        weights) */
}

/* A graph a reader returned passes every invariant check (which may run out
 * of memory under the allocation limit for a graph of many vertices). */
static inline void fz_check_graph(const dyng_graph *g) {
    dyng_status st = dyng_graph_check(g);
    FZ_ASSERT(st == DYNG_OK || st == DYNG_OUT_OF_MEMORY);
}

/* Called at the start of every input: no allocation above 64 MiB. */
static inline void fz_begin(void) { (void)dyng_testing_allocation_limit((size_t)64 << 20); }

/* ------------------------------------------------------------------------ */
/* Bytes                                                                     */

typedef struct fz_bytes {
    const uint8_t *p;
    size_t n;
} fz_bytes;

/* The next byte, or 0 past the end. */
static inline uint8_t fz_u8(fz_bytes *b) {
    if (b->n == 0)
        return 0;
    b->n--;
    return *b->p++;
}

/* The bytes up to the next `sep` (excluded; consumed), or all that is left. */
static inline fz_bytes fz_part(fz_bytes *b, uint8_t sep) {
    fz_bytes part = {b->p, 0};
    while (part.n < b->n && b->p[part.n] != sep)
        part.n++;
    size_t used = part.n < b->n ? part.n + 1 : part.n;
    b->p += used;
    b->n -= used;
    return part;
}

/* ------------------------------------------------------------------------ */
/* Scratch files: one folder per process, removed at exit                    */

#define FZ_PATH 512
#define FZ_MAX_FILES 16

static char fz_folder[FZ_PATH / 2]; /* room for a name after it in FZ_PATH */
static char fz_files[FZ_MAX_FILES][FZ_PATH];
static int fz_num_files;

static void fz_cleanup(void) {
    for (int i = 0; i < fz_num_files; i++)
        (void)unlink(fz_files[i]);
    if (fz_folder[0] != '\0')
        (void)rmdir(fz_folder);
}

/* The path of scratch file `name` (created on first use of the folder). */
static inline const char *fz_path(const char *name) {
    if (fz_folder[0] == '\0') {
        const char *tmp = getenv("TMPDIR");
        if (snprintf(fz_folder, sizeof fz_folder, "%s/dyng-fuzz-XXXXXX",
                     tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp") >= (int)sizeof fz_folder ||
            mkdtemp(fz_folder) == NULL) {
            perror("fuzz: mkdtemp");
            abort();
        }
        atexit(fz_cleanup);
    }
    for (int i = 0; i < fz_num_files; i++) {
        const char *slash = strrchr(fz_files[i], '/');
        if (strcmp(slash + 1, name) == 0)
            return fz_files[i];
    }
    if (fz_num_files == FZ_MAX_FILES)
        abort();
    char *p = fz_files[fz_num_files++];
    if (snprintf(p, FZ_PATH, "%s/%s", fz_folder, name) >= FZ_PATH)
        abort();
    return p;
}

/* Write `b` to scratch file `name`; returns its path. */
static inline const char *fz_write(const char *name, fz_bytes b) {
    const char *path = fz_path(name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || (b.n > 0 && fwrite(b.p, 1, b.n, f) != b.n) || fclose(f) != 0) {
        perror("fuzz: writing a scratch file");
        abort();
    }
    return path;
}

/* ------------------------------------------------------------------------ */
/* Comparing what readers give                                               */

/* Element i of an id array of type t. */
static inline int64_t fz_id(const void *a, dyng_type t, int64_t i) {
    return t == DYNG_TYPE_INT32 ? (int64_t)((const int32_t *)a)[i] : ((const int64_t *)a)[i];
}

static inline size_t fz_id_bytes(dyng_type t) { return t == DYNG_TYPE_INT32 ? 4 : 8; }

static inline bool fz_same_bytes(const void *a, const void *b, size_t n) {
    return n == 0 || memcmp(a, b, n) == 0;
}

/* Two batches hold the same lists (and, with ids, the same id). */
static inline bool fz_same_batch(const dyng_batch *x, const dyng_batch *y, bool ids) {
    int64_t xi, yi, xd, yd, xid, yid;
    int xk, yk;
    dyng_type xt, yt;
    FZ_ASSERT(dyng_batch_num_insertions(&xi, x) == DYNG_OK);
    FZ_ASSERT(dyng_batch_num_insertions(&yi, y) == DYNG_OK);
    FZ_ASSERT(dyng_batch_num_deletions(&xd, x) == DYNG_OK);
    FZ_ASSERT(dyng_batch_num_deletions(&yd, y) == DYNG_OK);
    FZ_ASSERT(dyng_batch_num_weights(&xk, x) == DYNG_OK);
    FZ_ASSERT(dyng_batch_num_weights(&yk, y) == DYNG_OK);
    FZ_ASSERT(dyng_batch_vertex_type(&xt, x) == DYNG_OK);
    FZ_ASSERT(dyng_batch_vertex_type(&yt, y) == DYNG_OK);
    FZ_ASSERT(dyng_batch_id(&xid, x) == DYNG_OK);
    FZ_ASSERT(dyng_batch_id(&yid, y) == DYNG_OK);
    if (xi != yi || xd != yd || xt != yt || (ids && xid != yid) || (xi > 0 && xk != yk))
        return false;
    const void *xs, *xt_, *ys, *yt_;
    const int32_t *xw, *yw;
    const size_t id = fz_id_bytes(xt);
    FZ_ASSERT(dyng_batch_insertions(&xs, &xt_, &xw, x) == DYNG_OK);
    FZ_ASSERT(dyng_batch_insertions(&ys, &yt_, &yw, y) == DYNG_OK);
    if (!fz_same_bytes(xs, ys, (size_t)xi * id) || !fz_same_bytes(xt_, yt_, (size_t)xi * id))
        return false;
    if (xk > 0 && !fz_same_bytes(xw, yw, (size_t)xi * (size_t)xk * 4))
        return false;
    FZ_ASSERT(dyng_batch_deletions(&xs, &xt_, x) == DYNG_OK);
    FZ_ASSERT(dyng_batch_deletions(&ys, &yt_, y) == DYNG_OK);
    return fz_same_bytes(xs, ys, (size_t)xd * id) && fz_same_bytes(xt_, yt_, (size_t)xd * id);
}

/* Two edge-array sets list the same edges and weights. */
static inline bool fz_same_arrays(const dyng_edge_arrays *a, const dyng_edge_arrays *b) {
    if (a->vertex_type != b->vertex_type || a->num_edges != b->num_edges ||
        a->num_weights != b->num_weights)
        return false;
    const size_t m = (size_t)a->num_edges, id = fz_id_bytes(a->vertex_type);
    return fz_same_bytes(a->src, b->src, m * id) && fz_same_bytes(a->dst, b->dst, m * id) &&
           (a->num_weights == 0 ||
            fz_same_bytes(a->weights, b->weights, m * (size_t)a->num_weights * 4));
}

#endif /* DYNG_FUZZ_UTIL_H */
