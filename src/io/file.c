/*
 * src/io/file.c - plain and gzip input and output streams, whole-file reads.
 *
 * Input: the first block of the file is read at open; when it starts with
 * the gzip magic (1f 8b) the stream inflates (several concatenated gzip
 * members are read one after the other, as gunzip does; bytes after the last
 * member that do not start a new one are ignored), otherwise it copies.
 *
 * Both open their file close-on-exec: readers read-only (O_RDONLY), writers
 * write-only (O_WRONLY | O_CREAT | O_TRUNC, mode 0666 less the umask), on the
 * path given and nothing else (no temporary or lock files).
 *
 * Output: writers format into a 1 MiB buffer; a full buffer is written with
 * one fwrite, through deflate when the path ends in ".gz". Compression runs
 * at level 1 (Z_BEST_SPEED): on graph text it is about six times faster than
 * gzip's default level 6 for files some 7% larger, and at level 6 it would
 * cost twenty times the formatting. The first write error is remembered and
 * reported again when the stream is closed.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "io/file.h"

#define IN_BLOCK (256u * 1024u)
#define OUT_BUFFER (1024u * 1024u)
#define OUT_ZBUFFER (256u * 1024u)
#define PARALLEL_READ_MIN (4u * 1024u * 1024u) /* smaller files: one read */
#define PARALLEL_READ_PIECE (2u * 1024u * 1024u)

static voidpf z_alloc(voidpf opaque, uInt items, uInt size) {
    (void)opaque;
    return dyng_i_malloc(items, size);
}

static void z_free(voidpf opaque, voidpf address) {
    (void)opaque;
    dyng_i_free(address);
}

/* Open `path` as a stream: read-only, or write-only, created with mode 0666
 * (less the umask) and truncated. The descriptor is close-on-exec, so a
 * process that a caller starts while a file is open does not inherit it.
 * NULL with errno set on failure. */
static FILE *open_stream(const char *path, bool write) {
    int flags = write ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY;
#ifdef O_CLOEXEC
    flags |= O_CLOEXEC;
#endif
    int fd;
    do {
        fd = open(path, flags, 0666);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return NULL;
    FILE *fp = fdopen(fd, write ? "wb" : "rb");
    if (fp == NULL) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return fp;
}

/* ------------------------------------------------------------------------ */
/* Input                                                                    */
/* ------------------------------------------------------------------------ */

/* Top up the unconsumed compressed input to at least `want` bytes (fewer at
 * the end of the file). */
static dyng_status in_fill(dyng_i_in *in, size_t want) {
    if (in->z.avail_in >= want || in->raw_eof)
        return DYNG_OK;
    if (in->z.avail_in > 0 && in->z.next_in != in->raw)
        memmove(in->raw, in->z.next_in, in->z.avail_in);
    in->z.next_in = in->raw;
    while (in->z.avail_in < want && !in->raw_eof) {
        size_t n = fread(in->raw + in->z.avail_in, 1, in->raw_cap - in->z.avail_in, in->fp);
        if (n == 0) {
            if (ferror(in->fp))
                return dyng_i_file_error(in->path, 0, 0, "read error: %s", strerror(errno));
            in->raw_eof = true;
        }
        in->z.avail_in += (uInt)n;
    }
    return DYNG_OK;
}

dyng_status dyng_i_in_open(dyng_i_in *in, const char *path) {
    memset(in, 0, sizeof *in);
    in->path = path;
    in->raw_cap = IN_BLOCK;
    in->raw = dyng_i_malloc(in->raw_cap, 1);
    if (in->raw == NULL)
        return dyng_i_oom("a file read buffer", in->raw_cap);
    in->fp = open_stream(path, false);
    if (in->fp == NULL)
        return dyng_i_file_error(path, 0, 0, "cannot open for reading: %s", strerror(errno));
    in->z.next_in = in->raw;
    in->z.avail_in = 0;
    dyng_status st = in_fill(in, 2);
    if (st != DYNG_OK)
        return st;
    in->gz = in->z.avail_in >= 2 && in->raw[0] == 0x1f && in->raw[1] == 0x8b;
    if (!in->gz) {
        in->raw_pos = 0;
        in->raw_len = in->z.avail_in;
        return DYNG_OK;
    }
    in->z.zalloc = z_alloc;
    in->z.zfree = z_free;
    in->z.opaque = Z_NULL;
    int zr = inflateInit2(&in->z, 15 + 16); /* gzip wrapper only */
    if (zr == Z_MEM_ERROR)
        return dyng_i_oom("a gzip decoder", sizeof(z_stream));
    if (zr != Z_OK)
        return dyng_i_file_error(path, 0, 0, "cannot start the gzip decoder (zlib %d)", zr);
    in->z_ready = true;
    return DYNG_OK;
}

/* Copy from a plain file: first what open read, then straight from fp. */
static dyng_status in_read_plain(dyng_i_in *in, unsigned char *dst, size_t cap, size_t *got) {
    size_t n = 0;
    if (in->raw_pos < in->raw_len) {
        n = in->raw_len - in->raw_pos;
        if (n > cap)
            n = cap;
        memcpy(dst, in->raw + in->raw_pos, n);
        in->raw_pos += n;
    }
    while (n < cap && !in->raw_eof) {
        size_t k = fread(dst + n, 1, cap - n, in->fp);
        if (k == 0) {
            if (ferror(in->fp))
                return dyng_i_file_error(in->path, 0, 0, "read error: %s", strerror(errno));
            in->raw_eof = true;
        }
        n += k;
    }
    *got = n;
    return DYNG_OK;
}

/* Inflate until dst is full or the content ends. *got counts what was
 * written to dst, also when it fails (so the caller can say where the text
 * had got to). */
static dyng_status in_read_gz(dyng_i_in *in, unsigned char *dst, size_t cap, size_t *got) {
    size_t n = 0;
    *got = 0;
    while (n < cap) {
        dyng_status st;
        if (in->z_member_done) {
            /* Another member may follow; anything else ends the content. */
            st = in_fill(in, 2);
            if (st != DYNG_OK)
                return st;
            if (in->z.avail_in < 2 || in->z.next_in[0] != 0x1f || in->z.next_in[1] != 0x8b)
                break;
            if (inflateReset(&in->z) != Z_OK)
                return dyng_i_file_error(in->path, 0, 0, "corrupt gzip data");
            in->z_member_done = false;
        }
        st = in_fill(in, 1);
        if (st != DYNG_OK)
            return st;
        size_t room = cap - n;
        in->z.next_out = dst + n;
        in->z.avail_out = room > UINT_MAX ? UINT_MAX : (uInt)room;
        uInt before = in->z.avail_out;
        int zr = inflate(&in->z, Z_NO_FLUSH);
        n += before - in->z.avail_out;
        *got = n;
        if (zr == Z_STREAM_END) {
            in->z_member_done = true;
        } else if (zr == Z_MEM_ERROR) {
            return dyng_i_oom("the gzip decoder", 0);
        } else if (zr == Z_BUF_ERROR || (zr == Z_OK && before == in->z.avail_out)) {
            if (in->z.avail_in == 0 && in->raw_eof)
                return dyng_i_file_error(in->path, 0, 0,
                                         "truncated gzip data: the file ends inside a member");
        } else if (zr != Z_OK) {
            return dyng_i_file_error(in->path, 0, 0, "corrupt gzip data: %s",
                                     in->z.msg != NULL ? in->z.msg : "inflate failed");
        }
    }
    *got = n;
    return DYNG_OK;
}

dyng_status dyng_i_in_read(dyng_i_in *in, void *dst, size_t cap, size_t *got) {
    *got = 0;
    if (cap == 0)
        return DYNG_OK;
    return in->gz ? in_read_gz(in, dst, cap, got) : in_read_plain(in, dst, cap, got);
}

void dyng_i_in_close(dyng_i_in *in) {
    if (in->z_ready)
        inflateEnd(&in->z);
    if (in->fp != NULL)
        fclose(in->fp);
    dyng_i_free(in->raw);
    memset(in, 0, sizeof *in);
}

/* A first guess of the content size: the file size for a plain file; for a
 * gzip file the size its trailer records (mod 2^32) when plausible. */
static size_t guess_size(dyng_i_in *in) {
    struct stat sb;
    if (fstat(fileno(in->fp), &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size <= 0)
        return IN_BLOCK;
    size_t file_size = (size_t)sb.st_size;
    if (!in->gz)
        return file_size;
    size_t guess = file_size * 4;
    long here = ftell(in->fp);
    unsigned char t[4];
    if (here >= 0 && sb.st_size >= 18 && fseek(in->fp, -4L, SEEK_END) == 0 &&
        fread(t, 1, 4, in->fp) == 4) {
        size_t isize = (size_t)t[0] | (size_t)t[1] << 8 | (size_t)t[2] << 16 | (size_t)t[3] << 24;
        /* deflate expands at most ~1032 times: a larger claim is corrupt */
        if (isize >= file_size / 2 && isize / 1100 <= file_size)
            guess = isize;
    }
    if (here < 0 || fseek(in->fp, here, SEEK_SET) != 0)
        return 0; /* cannot go back: the caller reports a read error */
    clearerr(in->fp);
    return guess;
}

/* Read the first `size` bytes of a plain file into buf on `threads` threads
 * (pread of 2 MiB pieces: copying out of the page cache and the first touch
 * of buf's pages both scale with threads), then leave the stream positioned
 * after them as if it had read them. */
static dyng_status read_plain_parallel(dyng_i_in *in, char *buf, size_t size, int threads) {
    size_t head = in->raw_len; /* what open read already, at offset 0 */
    memcpy(buf, in->raw, head);
    in->raw_pos = in->raw_len;
    int fd = fileno(in->fp);
    size_t pieces = (size - head + PARALLEL_READ_PIECE - 1) / PARALLEL_READ_PIECE;
    atomic_int error, short_read;
    atomic_init(&error, 0);
    atomic_init(&short_read, 0);
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#endif
    for (size_t k = 0; k < pieces; k++) {
        size_t off = head + k * PARALLEL_READ_PIECE;
        size_t end = off + PARALLEL_READ_PIECE < size ? off + PARALLEL_READ_PIECE : size;
        while (off < end && atomic_load(&error) == 0) {
            ssize_t n = pread(fd, buf + off, end - off, (off_t)off);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                atomic_store(&error, errno != 0 ? errno : EIO);
                break;
            }
            if (n == 0) {
                atomic_store(&short_read, 1);
                break;
            }
            off += (size_t)n;
        }
    }
    (void)threads;
    if (atomic_load(&error) != 0)
        return dyng_i_file_error(in->path, 0, 0, "read error: %s", strerror(atomic_load(&error)));
    if (atomic_load(&short_read) || fseek(in->fp, (long)size, SEEK_SET) != 0)
        return dyng_i_file_error(in->path, 0, 0, "the file changed while it was being read");
    return DYNG_OK;
}

/* What a whole-file read asks of the stream at a time. */
#define READ_STEP ((size_t)8 << 20)

const char *dyng_i_file_detail(const char *path) {
    const char *msg = dyng_error_message();
    const size_t n = strlen(path);
    if (strncmp(msg, path, n) == 0 && msg[n] == ':' && msg[n + 1] == ' ')
        return msg + n + 2;
    return msg;
}

/* A stream error (a truncated or corrupt gzip member) after the text
 * a[0 .. na) then b[0 .. nb): report it at the line and column the text had
 * reached. */
static dyng_status at_text_end(const char *path, const char *a, size_t na, const char *b,
                               size_t nb) {
    int64_t line = 1, column = 1;
    dyng_i_text_advance(a, na, &line, &column);
    dyng_i_text_advance(b, nb, &line, &column);
    char detail[512]; /* the message is rewritten from a copy of itself */
    snprintf(detail, sizeof detail, "%s", dyng_i_file_detail(path));
    return dyng_i_file_error(path, line, column, "%s", detail);
}

dyng_status dyng_i_read_file(const char *path, const dyng_resources *r, char **data, size_t *size) {
    const int threads = dyng_i_threads(r);
    dyng_i_in in;
    char *buf = NULL;
    size_t len = 0;
    *data = NULL;
    *size = 0;
    dyng_status st = dyng_i_in_open(&in, path);
    if (st != DYNG_OK)
        goto done;
    size_t cap = guess_size(&in);
    if (cap == 0) {
        st = dyng_i_file_error(path, 0, 0, "cannot seek in the file");
        goto done;
    }
    if (cap >= SIZE_MAX - DYNG_I_READ_PADDING) {
        st = dyng_i_oom("the file content", cap);
        goto done;
    }
    buf = dyng_i_malloc_big(cap + DYNG_I_READ_PADDING, 1);
    if (buf == NULL) {
        st = dyng_i_oom("the file content", cap + DYNG_I_READ_PADDING);
        goto done;
    }
    if (!in.gz && threads > 1 && cap >= PARALLEL_READ_MIN && cap <= (size_t)LONG_MAX &&
        in.raw_len < cap) {
        st = read_plain_parallel(&in, buf, cap, threads);
        if (st != DYNG_OK)
            goto done;
        len = cap;
    }
    for (;;) {
        size_t got;
        if (len == cap) {
            /* Full: probe for more before growing, so an exact guess costs
             * no reallocation. */
            char probe[4096];
            st = dyng_i_in_read(&in, probe, sizeof probe, &got);
            if (st == DYNG_FILE_FORMAT && in.gz)
                st = at_text_end(path, buf, len, probe, got);
            if (st != DYNG_OK)
                goto done;
            if (got == 0)
                break;
            if (cap >= SIZE_MAX / 4) {
                st = dyng_i_oom("the file content", cap);
                goto done;
            }
            size_t new_cap = cap * 2 + got;
            char *grown = dyng_i_realloc_big(buf, new_cap + DYNG_I_READ_PADDING, 1);
            if (grown == NULL) {
                st = dyng_i_oom("the file content", new_cap + DYNG_I_READ_PADDING);
                goto done;
            }
            buf = grown;
            cap = new_cap;
            memcpy(buf + len, probe, got);
            len += got;
            continue;
        }
        /* A step at a time, polling the interrupt flag in between (a large
         * .gz file takes seconds to inflate). */
        if (dyng_i_interrupted(r)) {
            st = dyng_i_error(DYNG_INTERRUPTED, "reading %.400s was interrupted", path);
            goto done;
        }
        const size_t want = cap - len < READ_STEP ? cap - len : READ_STEP;
        st = dyng_i_in_read(&in, buf + len, want, &got);
        if (st == DYNG_FILE_FORMAT && in.gz)
            st = at_text_end(path, buf, len + got, NULL, 0);
        if (st != DYNG_OK)
            goto done;
        if (got == 0)
            break;
        len += got;
    }
    memset(buf + len, 0, DYNG_I_READ_PADDING);
    *data = buf;
    *size = len;
    buf = NULL;
done:
    dyng_i_free(buf);
    dyng_i_in_close(&in);
    return st;
}

/* ------------------------------------------------------------------------ */
/* Output                                                                   */
/* ------------------------------------------------------------------------ */

static bool ends_with_gz(const char *path) {
    size_t n = strlen(path);
    return n >= 3 && strcmp(path + n - 3, ".gz") == 0;
}

/* Remember the first failure and report it. */
static dyng_status out_fail(dyng_i_out *out, int error) {
    if (!out->failed) {
        out->failed = true;
        out->error = error;
    }
    if (out->error != 0)
        return dyng_i_file_error(out->path, 0, 0, "write error: %s", strerror(out->error));
    return dyng_i_file_error(out->path, 0, 0, "write error: gzip compression failed");
}

dyng_status dyng_i_out_open(dyng_i_out *out, const char *path) {
    memset(out, 0, sizeof *out);
    size_t n = strlen(path) + 1;
    out->path = dyng_i_malloc(n, 1);
    if (out->path == NULL)
        return dyng_i_oom("a file path", n);
    memcpy(out->path, path, n);
    out->gz = ends_with_gz(path);
    out->cap = OUT_BUFFER;
    out->buf = dyng_i_malloc(out->cap, 1);
    if (out->buf == NULL)
        return dyng_i_oom("a file write buffer", out->cap);
    if (out->gz) {
        out->zcap = OUT_ZBUFFER;
        out->zbuf = dyng_i_malloc(out->zcap, 1);
        if (out->zbuf == NULL)
            return dyng_i_oom("a gzip write buffer", out->zcap);
        out->z.zalloc = z_alloc;
        out->z.zfree = z_free;
        out->z.opaque = Z_NULL;
        int zr = deflateInit2(&out->z, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
        if (zr == Z_MEM_ERROR)
            return dyng_i_oom("a gzip encoder", sizeof(z_stream));
        if (zr != Z_OK)
            return dyng_i_file_error(path, 0, 0, "cannot start the gzip encoder (zlib %d)", zr);
        out->z_ready = true;
    }
    out->fp = open_stream(path, true);
    if (out->fp == NULL)
        return dyng_i_file_error(path, 0, 0, "cannot open for writing: %s", strerror(errno));
    return DYNG_OK;
}

/* Write buf[0..len) out (deflating with `flush`), leaving len 0. */
static dyng_status out_drain(dyng_i_out *out, int flush) {
    if (out->failed)
        return out_fail(out, out->error);
    if (!out->gz) {
        if (out->len > 0 && fwrite(out->buf, 1, out->len, out->fp) != out->len)
            return out_fail(out, errno != 0 ? errno : EIO);
        out->len = 0;
        return DYNG_OK;
    }
    out->z.next_in = (unsigned char *)out->buf;
    out->z.avail_in = (uInt)out->len;
    for (;;) {
        out->z.next_out = out->zbuf;
        out->z.avail_out = (uInt)out->zcap;
        int zr = deflate(&out->z, flush);
        if (zr == Z_STREAM_ERROR)
            return out_fail(out, 0);
        size_t produced = out->zcap - out->z.avail_out;
        if (produced > 0 && fwrite(out->zbuf, 1, produced, out->fp) != produced)
            return out_fail(out, errno != 0 ? errno : EIO);
        if (flush == Z_FINISH ? zr == Z_STREAM_END : out->z.avail_out != 0)
            break;
    }
    out->len = 0;
    return DYNG_OK;
}

/* A watched stream whose interrupt flag is set fails (once). */
static dyng_status out_poll(dyng_i_out *out) {
    if (out->interrupted)
        return dyng_i_error(DYNG_INTERRUPTED, "writing %.400s was interrupted", out->path);
    if (!out->watch || out->failed || !dyng_i_interrupted(out->poll))
        return DYNG_OK;
    out->interrupted = true;
    out->failed = true;
    return dyng_i_error(DYNG_INTERRUPTED, "writing %.400s was interrupted", out->path);
}

dyng_status dyng_i_out_make_room(dyng_i_out *out, size_t bytes) {
    (void)bytes; /* bytes <= cap / 2 always fits an empty buffer */
    DYNG_I_TRY(out_poll(out));
    return out_drain(out, Z_NO_FLUSH);
}

dyng_status dyng_i_out_write(dyng_i_out *out, const char *data, size_t n) {
    while (n > 0) {
        if (out->len == out->cap) {
            dyng_status st = dyng_i_out_make_room(out, 0);
            if (st != DYNG_OK)
                return st;
        }
        size_t k = out->cap - out->len < n ? out->cap - out->len : n;
        memcpy(out->buf + out->len, data, k);
        out->len += k;
        data += k;
        n -= k;
    }
    return out->failed ? out_fail(out, out->error) : DYNG_OK;
}

dyng_status dyng_i_out_close(dyng_i_out *out) {
    dyng_status st = out_poll(out);
    if (st != DYNG_OK) {
        dyng_i_out_abort(out); /* removes the file */
        return st;
    }
    if (out->fp != NULL) {
        st = out_drain(out, Z_FINISH);
        if (st == DYNG_OK && fflush(out->fp) != 0)
            st = out_fail(out, errno != 0 ? errno : EIO);
        if (fclose(out->fp) != 0 && st == DYNG_OK)
            st = out_fail(out, errno != 0 ? errno : EIO);
        out->fp = NULL;
    }
    dyng_i_out_abort(out);
    return st;
}

void dyng_i_out_abort(dyng_i_out *out) {
    if (out->fp != NULL)
        fclose(out->fp);
    if (out->interrupted && out->path != NULL)
        (void)remove(out->path); /* an interrupted write leaves no file */
    if (out->z_ready)
        deflateEnd(&out->z);
    dyng_i_free(out->zbuf);
    dyng_i_free(out->buf);
    dyng_i_free(out->path);
    memset(out, 0, sizeof *out);
}
