/*
 * src/io/dgb.c - .dgb, dynG's binary batch stream (the layout is in
 * dyng/io.h).
 *
 * Reading: a plain file is memory-mapped and each batch's arrays are read
 * where they lie (8-byte aligned, since every record is padded to 8 bytes);
 * a gzip file is decompressed through an input stream (file.h) one record at
 * a time into a buffer that grows to the largest batch. Either way a batch
 * reaches the caller only after its header and payload checksums match, so a
 * truncated or corrupted file is reported, never half-read; the reader then
 * stays failed. The end record (batch count, change count) tells a file cut
 * at a record boundary from a whole one.
 *
 * Writing goes through an output stream (gzip for a ".gz" path). Numbers are
 * little-endian on disk; a big-endian host swaps them on the way.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dyng/io.h"

#include "core/alloc.h"
#include "core/error.h"
#include "io/batch_ids.h"
#include "io/file.h"

static const unsigned char DGB_MAGIC[8] = {0x89, 'D', 'G', 'B', '\r', '\n', 0x1a, '\n'};
#define DGB_VERSION 1u
#define HEADER_BYTES 32u
#define BATCH_HEADER_BYTES 40u
#define END_BYTES 32u

/* ---- little-endian numbers -------------------------------------------------------- */

static bool host_little(void) {
    const uint16_t one = 1;
    unsigned char b;
    memcpy(&b, &one, 1);
    return b == 1;
}

static uint32_t get32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get64(const unsigned char *p) { return get32(p) | (uint64_t)get32(p + 4) << 32; }

static void put32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *p, uint64_t v) {
    put32(p, (uint32_t)v);
    put32(p + 4, (uint32_t)(v >> 32));
}

/* Reverse the bytes of each of `count` items of `size` bytes (big-endian hosts). */
static void swap_items(void *data, size_t count, size_t size) {
    unsigned char *p = data;
    for (size_t i = 0; i < count; i++, p += size)
        for (size_t a = 0, b = size - 1; a < b; a++, b--) {
            unsigned char t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
}

/* SplitMix64's finalizer: a bijection that spreads every bit over all 64. */
static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/*
 * The checksum of a record: two running sums of its bytes read as
 * little-endian 64-bit words (the last one zero-filled), Fletcher's scheme on
 * words, mixed and folded to 32 bits. The first sum changes with any one
 * changed word, the second with words that trade places, and the mixing
 * spreads either change over the 32 bits kept. It runs at about memory
 * speed, where zlib's CRC-32 took as long as the rest of reading a batch.
 */
static uint32_t checksum(const void *data, size_t n) {
    const unsigned char *p = data;
    uint64_t a = 1, b = (uint64_t)n;
    const bool little = host_little();
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        if (!little)
            w = get64(p + i);
        a += w;
        b += a;
    }
    if (i < n) {
        unsigned char tail[8] = {0};
        memcpy(tail, p + i, n - i);
        a += get64(tail);
        b += a;
    }
    const uint64_t x = mix(a + mix(b));
    return (uint32_t)(x ^ (x >> 32));
}

/* Whether n bytes at data have the checksum `expected`. A fuzzing build
 * (FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, fuzz/README.md) computes it but
 * accepts any value, so that the fuzzer reaches the checks behind it. */
static bool checksum_matches(const void *data, size_t n, uint32_t expected) {
    uint32_t got = checksum(data, n);
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
    (void)got;
    (void)expected;
    return true;
#else
    return got == expected;
#endif
}

static size_t pad8(size_t n) { return (n + 7) & ~(size_t)7; }

/* ---- reading ---------------------------------------------------------------------- */

struct dyng_dgb_reader {
    char *path;
    dyng_type vertex_type; /* of the batches returned    */
    int id_bytes;          /* of the file: 4 or 8        */
    int num_weights;
    /* a plain file: mapped */
    const unsigned char *map;
    size_t map_size;
    /* a gzip file: streamed into buf */
    dyng_i_in in;
    bool streamed;
    unsigned char *buf;
    size_t buf_cap;
    /* where we are */
    uint64_t offset; /* bytes of content consumed */
    int64_t batches; /* returned so far           */
    uint64_t changes;
    bool have_last;
    int64_t last_id;
    bool finished;
    /* failure: reported again by every later call */
    dyng_status failed;
    uint64_t fail_offset;
    char fail_message[384];
    void *conv; /* big-endian hosts and narrowing: converted arrays */
    size_t conv_cap;
};

/* Record a format error at byte `offset` of the content (column offset + 1). */
static dyng_status reader_fail(dyng_dgb_reader *r, uint64_t offset, const char *fmt, ...)
    DYNG_I_PRINTF(3, 4);

static dyng_status reader_fail(dyng_dgb_reader *r, uint64_t offset, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->fail_message, sizeof r->fail_message, fmt, ap);
    va_end(ap);
    r->failed = DYNG_FILE_FORMAT;
    r->fail_offset = offset;
    return dyng_i_file_error(r->path, 0, (int64_t)offset + 1, "%s", r->fail_message);
}

static dyng_status reader_again(const dyng_dgb_reader *r) {
    if (r->failed == DYNG_FILE_FORMAT)
        return dyng_i_file_error(r->path, 0, (int64_t)r->fail_offset + 1, "%s", r->fail_message);
    return dyng_i_error(r->failed, "%s", r->fail_message);
}

/* Keep a failure whose message is set (out of memory, a read error). */
static dyng_status reader_keep(dyng_dgb_reader *r, dyng_status st) {
    r->failed = st;
    snprintf(r->fail_message, sizeof r->fail_message, "%s", dyng_error_message());
    const char *path;
    int64_t line, column;
    dyng_error_location(&path, &line, &column);
    r->fail_offset = column > 0 ? (uint64_t)column - 1 : r->offset;
    return st;
}

/*
 * The next `n` bytes of content at *p; *got is how many there were (fewer
 * only at the end of the content). A mapped file returns a pointer into the
 * map; a stream reads into the buffer.
 */
static dyng_status take(dyng_dgb_reader *r, size_t n, const unsigned char **p, size_t *got) {
    if (!r->streamed) {
        size_t left = r->map_size - (size_t)r->offset;
        *got = n < left ? n : left;
        *p = r->map != NULL ? r->map + r->offset : NULL; /* an empty file maps nothing */
        r->offset += *got;
        return DYNG_OK;
    }
    /* The buffer grows as the content arrives, never past what the file
     * holds: a (corrupted) header that claims a huge batch gets a truncation
     * error, not an allocation of the size it claims. */
    size_t have = 0;
    for (;;) {
        if (r->buf == NULL || (have == r->buf_cap && have < n)) {
            size_t cap = r->buf_cap >= 64 ? 2 * r->buf_cap : 64;
            cap = cap < n || n < 64 ? cap : n;
            unsigned char *grown = dyng_i_realloc(r->buf, cap, 1);
            if (grown == NULL)
                return dyng_i_oom("a .dgb batch buffer", cap);
            r->buf = grown;
            r->buf_cap = cap;
        }
        if (have == n)
            break;
        size_t step = 0, room = (n < r->buf_cap ? n : r->buf_cap) - have;
        DYNG_I_TRY(dyng_i_in_read(&r->in, r->buf + have, room, &step));
        if (step == 0)
            break;
        have += step;
    }
    *got = have;
    *p = r->buf;
    r->offset += have;
    return DYNG_OK;
}

dyng_status dyng_dgb_close(dyng_dgb_reader **r) {
    if (r == NULL || *r == NULL)
        return DYNG_OK;
    dyng_dgb_reader *x = *r;
    if (x->map != NULL && x->map_size > 0)
        munmap((void *)x->map, x->map_size);
    dyng_i_in_close(&x->in);
    dyng_i_free(x->buf);
    dyng_i_free(x->conv);
    dyng_i_free(x->path);
    dyng_i_free(x);
    *r = NULL;
    return DYNG_OK;
}

/* Map a plain file; a gzip one is streamed instead. */
static dyng_status reader_source(dyng_dgb_reader *r) {
    DYNG_I_TRY(dyng_i_in_open(&r->in, r->path));
    if (r->in.gz) {
        r->streamed = true;
        return DYNG_OK;
    }
    dyng_i_in_close(&r->in);
    int fd = open(r->path, O_RDONLY | O_CLOEXEC);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0) {
        if (fd >= 0)
            close(fd);
        return dyng_i_file_error(r->path, 0, 0, "cannot open the file");
    }
    r->map_size = (size_t)info.st_size;
    if (r->map_size > 0) {
        void *m = mmap(NULL, r->map_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (m == MAP_FAILED) {
            close(fd);
            r->map_size = 0;
            return dyng_i_file_error(r->path, 0, 0, "cannot map the file into memory");
        }
        r->map = m;
        (void)posix_madvise(m, r->map_size, POSIX_MADV_SEQUENTIAL);
    }
    close(fd);
    return DYNG_OK;
}

static dyng_status read_header(dyng_dgb_reader *r) {
    const unsigned char *h;
    size_t got;
    DYNG_I_TRY(take(r, HEADER_BYTES, &h, &got));
    if (got < 8 || memcmp(h, DGB_MAGIC, 8) != 0)
        return reader_fail(r, 0, "not a .dgb file (its first bytes are not the .dgb magic)");
    if (got < HEADER_BYTES)
        return reader_fail(r, got, "truncated: the file ends inside its %u-byte header",
                           HEADER_BYTES);
    if (!checksum_matches(h, 28, get32(h + 28)))
        return reader_fail(r, 28, "the header's checksum does not match: the file is corrupted");
    const uint32_t version = get32(h + 8), id_bytes = get32(h + 12), k = get32(h + 16);
    if (version != DGB_VERSION)
        return reader_fail(r, 8, ".dgb version %u; this dynG reads version %u", version,
                           DGB_VERSION);
    if (id_bytes != 4 && id_bytes != 8)
        return reader_fail(r, 12, "ids of %u bytes; accepted: 4 or 8", id_bytes);
    if (k > DYNG_MAX_WEIGHTS)
        return reader_fail(r, 16, "%u weights per insertion; accepted: 0 to %d", k,
                           DYNG_MAX_WEIGHTS);
    r->id_bytes = (int)id_bytes;
    r->num_weights = (int)k;
    return DYNG_OK;
}

dyng_status dyng_dgb_open(dyng_dgb_reader **out, const char *path, dyng_type vertex_type) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(path);
    if (vertex_type != DYNG_TYPE_INT32 && vertex_type != DYNG_TYPE_INT64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_dgb_open: vertex_type must be int32 or int64");
    dyng_dgb_reader *r = dyng_i_calloc(1, sizeof *r);
    if (r == NULL)
        return dyng_i_oom("a .dgb reader", sizeof *r);
    size_t n = strlen(path) + 1;
    r->path = dyng_i_malloc(n, 1);
    if (r->path == NULL) {
        dyng_dgb_close(&r);
        return dyng_i_oom("a path", n);
    }
    memcpy(r->path, path, n);
    r->vertex_type = vertex_type;
    dyng_status st = reader_source(r);
    if (st == DYNG_OK)
        st = read_header(r);
    if (st != DYNG_OK) {
        dyng_dgb_close(&r);
        return st;
    }
    *out = r;
    return DYNG_OK;
}

dyng_status dyng_dgb_num_weights(int *num_weights, const dyng_dgb_reader *r) {
    DYNG_I_CHECK_ARG(num_weights);
    DYNG_I_CHECK_ARG(r);
    *num_weights = r->num_weights;
    return DYNG_OK;
}

/* Whether ids must be converted: another width, or a big-endian host. */
static bool converts(const dyng_dgb_reader *r) {
    return r->id_bytes != (r->vertex_type == DYNG_TYPE_INT64 ? 8 : 4) || !host_little();
}

/* `count` ids of the file at p as the reader's vertex type: p itself when
 * nothing converts, else a copy in slot 0 or 1 of conv (room made by the
 * caller: 2 slots of `room` ids, then the weights). */
static dyng_status ids_of(dyng_dgb_reader *r, const unsigned char *p, size_t count, size_t room,
                          size_t slot, const void **out, uint64_t at) {
    const size_t fb = (size_t)r->id_bytes, ob = r->vertex_type == DYNG_TYPE_INT64 ? 8 : 4;
    if (!converts(r) || count == 0) { /* (an empty list has no room made for it) */
        *out = p;
        return DYNG_OK;
    }
    unsigned char *dst = (unsigned char *)r->conv + slot * room * ob;
    for (size_t i = 0; i < count; i++) {
        uint64_t v = fb == 8 ? get64(p + 8 * i) : get32(p + 4 * i);
        if (fb == 4)
            v = (uint64_t)(int64_t)(int32_t)(uint32_t)v;
        int64_t x = (int64_t)v;
        if (ob == 4 && (x > INT32_MAX || x < INT32_MIN))
            return reader_fail(r, at + i * fb,
                               "the id %lld does not fit the int32 ids the file is read with "
                               "(read it with int64 ids)",
                               (long long)x);
        if (ob == 8) {
            int64_t y = x;
            memcpy(dst + 8 * i, &y, 8);
        } else {
            int32_t y = (int32_t)x;
            memcpy(dst + 4 * i, &y, 4);
        }
    }
    *out = dst;
    return DYNG_OK;
}

/* The end record at `at` (its 4-byte tag read already as h). */
static dyng_status read_end(dyng_dgb_reader *r, const unsigned char *h, size_t got, uint64_t at) {
    if (got < END_BYTES)
        return reader_fail(r, at, "truncated: the file ends inside its end record");
    if (!checksum_matches(h + 8, END_BYTES - 8, get32(h + 4)))
        return reader_fail(r, at, "the end record's checksum does not match: corrupted");
    if (get64(h + 8) != (uint64_t)r->batches || get64(h + 16) != r->changes)
        return reader_fail(r, at,
                           "the end record counts %llu batches and %llu changes; the file holds "
                           "%lld and %llu: corrupted",
                           (unsigned long long)get64(h + 8), (unsigned long long)get64(h + 16),
                           (long long)r->batches, (unsigned long long)r->changes);
    const unsigned char *rest;
    size_t more;
    DYNG_I_TRY(take(r, 1, &rest, &more));
    if (more != 0)
        return reader_fail(r, at + END_BYTES, "bytes after the end record");
    r->finished = true;
    return DYNG_OK;
}

dyng_status dyng_dgb_next(dyng_dgb_reader *r, dyng_batch *into, bool *done) {
    DYNG_I_CHECK_ARG(r);
    DYNG_I_CHECK_ARG(into);
    DYNG_I_CHECK_ARG(done);
    *done = false;
    if (r->failed != DYNG_OK)
        return reader_again(r);
    dyng_type bt;
    int bk;
    DYNG_I_TRY(dyng_batch_vertex_type(&bt, into));
    DYNG_I_TRY(dyng_batch_num_weights(&bk, into));
    if (bt != r->vertex_type || bk != r->num_weights)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the batch has %s ids and %d weights; the reader gives %s ids and %d",
                            bt == DYNG_TYPE_INT64 ? "int64" : "int32", bk,
                            r->vertex_type == DYNG_TYPE_INT64 ? "int64" : "int32", r->num_weights);
    DYNG_I_TRY(dyng_batch_clear(into));
    if (r->finished) {
        *done = true;
        return DYNG_OK;
    }
    const uint64_t at = r->offset;
    const unsigned char *h;
    size_t got;
    dyng_status st = take(r, BATCH_HEADER_BYTES, &h, &got);
    if (st != DYNG_OK)
        return reader_keep(r, st);
    if (got == 0)
        return reader_fail(r, at,
                           "truncated: the file ends after %lld batches without its end record",
                           (long long)r->batches);
    if (got >= 4 && memcmp(h, "DEND", 4) == 0) {
        if (got > END_BYTES)
            return reader_fail(r, at + END_BYTES, "bytes after the end record");
        unsigned char end[END_BYTES];
        memcpy(end, h, got);
        st = read_end(r, end, got, at);
        if (st == DYNG_OK)
            *done = true;
        return st == DYNG_OK || r->failed != DYNG_OK ? st : reader_keep(r, st);
    }
    if (got < 4 || memcmp(h, "BTCH", 4) != 0)
        return reader_fail(r, at, "batch %lld: no batch record here (corrupted)",
                           (long long)r->batches + 1);
    if (got < BATCH_HEADER_BYTES)
        return reader_fail(r, at, "truncated: the file ends inside the header of batch %lld",
                           (long long)r->batches + 1);
    if (!checksum_matches(h + 8, BATCH_HEADER_BYTES - 8, get32(h + 4)))
        return reader_fail(r, at, "batch %lld: its header's checksum does not match: corrupted",
                           (long long)r->batches + 1);
    const int64_t id = (int64_t)get64(h + 8);
    const uint64_t nd = get64(h + 16), ni = get64(h + 24);
    const uint32_t payload_crc = get32(h + 32);
    const size_t ib = (size_t)r->id_bytes, k = (size_t)r->num_weights;
    if (id < 0 || (r->have_last && id <= r->last_id))
        return reader_fail(r, at, "batch %lld has id %lld; ids are non-negative and increase",
                           (long long)r->batches + 1, (long long)id);
    if (nd > (uint64_t)INT64_MAX / 64 || ni > (uint64_t)INT64_MAX / 512)
        return reader_fail(r, at, "batch %lld: impossible counts (corrupted)",
                           (long long)r->batches + 1);
    const size_t payload = pad8(2 * ib * (size_t)nd + (2 * ib + 4 * k) * (size_t)ni);
    const unsigned char *p;
    st = take(r, payload, &p, &got);
    if (st != DYNG_OK)
        return reader_keep(r, st);
    if (got < payload)
        return reader_fail(r, at,
                           "truncated: batch %lld needs %zu bytes of arrays; the file has %zu "
                           "left",
                           (long long)r->batches + 1, payload, got);
    if (!checksum_matches(p, payload, payload_crc))
        return reader_fail(r, at + BATCH_HEADER_BYTES,
                           "batch %lld: its arrays' checksum does not match: corrupted",
                           (long long)r->batches + 1);
    /* Checked: now into the batch. */
    const uint64_t base = at + BATCH_HEADER_BYTES;
    const uint64_t ids = 2 * ((uint64_t)nd + ni);
    for (uint64_t i = 0; i < ids; i++) { /* the id arrays lie one after another */
        const int64_t x = ib == 8 ? (int64_t)get64(p + 8 * i) : (int32_t)get32(p + 4 * i);
        if (x < 0)
            return reader_fail(r, base + i * ib,
                               "batch %lld: the vertex id %lld is negative; ids are 0 or more",
                               (long long)r->batches + 1, (long long)x);
    }
    const size_t ob = r->vertex_type == DYNG_TYPE_INT64 ? 8 : 4;
    const size_t room = nd > ni ? (size_t)nd : (size_t)ni;
    const size_t need = 2 * room * ob + (host_little() ? 0 : 4 * k * (size_t)ni);
    if ((converts(r) || !host_little()) && need > r->conv_cap) {
        void *grown = dyng_i_realloc(r->conv, need, 1);
        if (grown == NULL)
            return reader_keep(r, dyng_i_oom("converted .dgb arrays", need));
        r->conv = grown;
        r->conv_cap = need;
    }
    const void *ds, *dd, *is, *id_;
    const size_t dbytes = ib * (size_t)nd, ibytes = ib * (size_t)ni;
    if ((st = ids_of(r, p, nd, room, 0, &ds, base)) != DYNG_OK ||
        (st = ids_of(r, p + dbytes, nd, room, 1, &dd, base + dbytes)) != DYNG_OK)
        return st; /* reader_fail has recorded it */
    st = dyng_batch_reserve(into, (int64_t)ni, (int64_t)nd);
    if (st == DYNG_OK && nd > 0)
        st = dyng_batch_add_deletions(into, (int64_t)nd, ds, dd);
    if (st != DYNG_OK)
        return reader_keep(r, st);
    const unsigned char *q = p + 2 * dbytes;
    if ((st = ids_of(r, q, ni, room, 0, &is, base + 2 * dbytes)) != DYNG_OK ||
        (st = ids_of(r, q + ibytes, ni, room, 1, &id_, base + 2 * dbytes + ibytes)) != DYNG_OK) {
        dyng_batch_clear(into);
        return st;
    }
    const int32_t *w = (const int32_t *)(const void *)(q + 2 * ibytes);
    if (!host_little() && k > 0) {
        unsigned char *wc = (unsigned char *)r->conv + 2 * room * ob;
        memcpy(wc, w, 4 * k * (size_t)ni);
        swap_items(wc, k * (size_t)ni, 4);
        w = (const int32_t *)(const void *)wc;
    }
    if (ni > 0)
        st = dyng_batch_add_insertions(into, (int64_t)ni, is, id_, k > 0 ? w : NULL);
    if (st == DYNG_OK)
        st = dyng_batch_set_id(into, id);
    if (st != DYNG_OK) {
        dyng_batch_clear(into);
        return reader_keep(r, st);
    }
    r->have_last = true;
    r->last_id = id;
    r->batches++;
    r->changes += nd + ni;
    return DYNG_OK;
}

dyng_status dyng_batch_file_is_dgb(bool *is_dgb, const char *path) {
    DYNG_I_CHECK_ARG(is_dgb);
    DYNG_I_CHECK_ARG(path);
    *is_dgb = false;
    dyng_i_in in;
    dyng_status st = dyng_i_in_open(&in, path);
    unsigned char head[8];
    size_t have = 0;
    while (st == DYNG_OK && have < sizeof head) {
        size_t got = 0;
        st = dyng_i_in_read(&in, head + have, sizeof head - have, &got);
        if (got == 0)
            break;
        have += got;
    }
    dyng_i_in_close(&in);
    if (st == DYNG_OK)
        *is_dgb = have == sizeof head && memcmp(head, DGB_MAGIC, 8) == 0;
    return st;
}

/* ---- writing ---------------------------------------------------------------------- */

struct dyng_dgb_writer {
    dyng_i_out out;
    int id_bytes;
    int num_weights;
    bool have_last;
    int64_t last_id;
    int64_t batches;
    uint64_t changes;
    unsigned char *buf; /* one batch's payload */
    size_t cap;
};

static dyng_status writer_free(dyng_dgb_writer **w, bool report) {
    dyng_dgb_writer *x = *w;
    dyng_status st = DYNG_OK;
    if (report)
        st = dyng_i_out_close(&x->out);
    else
        dyng_i_out_abort(&x->out);
    dyng_i_free(x->buf);
    dyng_i_free(x);
    *w = NULL;
    return st;
}

dyng_status dyng_dgb_writer_open(dyng_dgb_writer **out, const char *path, dyng_type vertex_type,
                                 int num_weights) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(path);
    if (vertex_type != DYNG_TYPE_INT32 && vertex_type != DYNG_TYPE_INT64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_dgb_writer_open: vertex_type must be int32 or int64");
    if (num_weights < 0 || num_weights > DYNG_MAX_WEIGHTS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "num_weights is %d; accepted: 0 to %d",
                            num_weights, DYNG_MAX_WEIGHTS);
    dyng_dgb_writer *w = dyng_i_calloc(1, sizeof *w);
    if (w == NULL)
        return dyng_i_oom("a .dgb writer", sizeof *w);
    w->id_bytes = vertex_type == DYNG_TYPE_INT64 ? 8 : 4;
    w->num_weights = num_weights;
    dyng_status st = dyng_i_out_open(&w->out, path);
    if (st != DYNG_OK) {
        writer_free(&w, false);
        return st;
    }
    unsigned char h[HEADER_BYTES] = {0};
    memcpy(h, DGB_MAGIC, 8);
    put32(h + 8, DGB_VERSION);
    put32(h + 12, (uint32_t)w->id_bytes);
    put32(h + 16, (uint32_t)num_weights);
    put32(h + 28, checksum(h, 28));
    st = dyng_i_out_write(&w->out, (const char *)h, sizeof h);
    if (st != DYNG_OK) {
        writer_free(&w, false);
        return st;
    }
    *out = w;
    return DYNG_OK;
}

/* `count` ids of type `wide` at src, little-endian with the file's width,
 * at dst; false when one does not fit 4 bytes. */
static bool put_ids(unsigned char *dst, const void *src, size_t count, bool wide, int id_bytes,
                    int64_t *bad) {
    for (size_t i = 0; i < count; i++) {
        int64_t x = wide ? ((const int64_t *)src)[i] : ((const int32_t *)src)[i];
        if (id_bytes == 8) {
            put64(dst + 8 * i, (uint64_t)x);
        } else {
            if (x > INT32_MAX || x < INT32_MIN) {
                *bad = x;
                return false;
            }
            put32(dst + 4 * i, (uint32_t)(int32_t)x);
        }
    }
    return true;
}

dyng_status dyng_dgb_write_batch(dyng_dgb_writer *w, const dyng_batch *b) {
    DYNG_I_CHECK_ARG(w);
    DYNG_I_CHECK_ARG(b);
    dyng_type type;
    int k;
    int64_t id, ni, nd;
    DYNG_I_TRY(dyng_batch_vertex_type(&type, b));
    DYNG_I_TRY(dyng_batch_num_weights(&k, b));
    DYNG_I_TRY(dyng_batch_id(&id, b));
    DYNG_I_TRY(dyng_batch_num_insertions(&ni, b));
    DYNG_I_TRY(dyng_batch_num_deletions(&nd, b));
    if (ni > 0 && k != w->num_weights)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the batch has %d weights per insertion; the file has %d", k,
                            w->num_weights);
    if (w->have_last && id <= w->last_id)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "batch id %lld does not exceed the last one written, %lld",
                            (long long)id, (long long)w->last_id);
    DYNG_I_TRY(dyng_i_batch_ids_check(b));
    const void *is, *id_, *ds, *dd;
    const int32_t *wt;
    DYNG_I_TRY(dyng_batch_insertions(&is, &id_, &wt, b));
    DYNG_I_TRY(dyng_batch_deletions(&ds, &dd, b));
    const size_t ib = (size_t)w->id_bytes, kk = (size_t)w->num_weights;
    const size_t dbytes = ib * (size_t)nd, ibytes = ib * (size_t)ni;
    const size_t payload = pad8(2 * dbytes + 2 * ibytes + 4 * kk * (size_t)ni);
    if (payload > w->cap || w->buf == NULL) { /* a buffer even for an empty batch */
        const size_t cap = payload > 64 ? payload : 64;
        unsigned char *grown = dyng_i_realloc(w->buf, cap, 1);
        if (grown == NULL)
            return dyng_i_oom("a .dgb batch buffer", cap);
        w->buf = grown;
        w->cap = cap;
    }
    const bool wide = type == DYNG_TYPE_INT64;
    unsigned char *p = w->buf;
    int64_t bad = 0;
    if (!put_ids(p, ds, (size_t)nd, wide, w->id_bytes, &bad) ||
        !put_ids(p + dbytes, dd, (size_t)nd, wide, w->id_bytes, &bad) ||
        !put_ids(p + 2 * dbytes, is, (size_t)ni, wide, w->id_bytes, &bad) ||
        !put_ids(p + 2 * dbytes + ibytes, id_, (size_t)ni, wide, w->id_bytes, &bad))
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the id %lld does not fit the file's int32 ids (open it with int64)",
                            (long long)bad);
    unsigned char *q = p + 2 * dbytes + 2 * ibytes;
    for (size_t i = 0; i < kk * (size_t)ni; i++)
        put32(q + 4 * i, (uint32_t)wt[i]);
    memset(q + 4 * kk * (size_t)ni, 0, payload - (size_t)(q + 4 * kk * (size_t)ni - p));
    unsigned char h[BATCH_HEADER_BYTES] = {0};
    memcpy(h, "BTCH", 4);
    put64(h + 8, (uint64_t)id);
    put64(h + 16, (uint64_t)nd);
    put64(h + 24, (uint64_t)ni);
    put32(h + 32, checksum(p, payload));
    put32(h + 4, checksum(h + 8, BATCH_HEADER_BYTES - 8));
    DYNG_I_TRY(dyng_i_out_write(&w->out, (const char *)h, sizeof h));
    DYNG_I_TRY(dyng_i_out_write(&w->out, (const char *)p, payload));
    w->have_last = true;
    w->last_id = id;
    w->batches++;
    w->changes += (uint64_t)(nd + ni);
    return DYNG_OK;
}

dyng_status dyng_dgb_writer_close(dyng_dgb_writer **w) {
    if (w == NULL || *w == NULL)
        return DYNG_OK;
    dyng_dgb_writer *x = *w;
    unsigned char e[END_BYTES] = {0};
    memcpy(e, "DEND", 4);
    put64(e + 8, (uint64_t)x->batches);
    put64(e + 16, x->changes);
    put32(e + 4, checksum(e + 8, END_BYTES - 8));
    dyng_status st = dyng_i_out_write(&x->out, (const char *)e, sizeof e);
    dyng_status closed = writer_free(w, true);
    return st != DYNG_OK ? st : closed;
}

dyng_status dyng_dgb_writer_abort(dyng_dgb_writer **w) {
    if (w == NULL || *w == NULL)
        return DYNG_OK;
    return writer_free(w, true); /* the batches written, no end record */
}
