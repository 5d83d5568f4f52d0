/*
 * src/io/file.c - plain and gzip input and output streams, whole-file reads.
 *
 * Input: the first block of the file is read at open; when it starts with
 * the gzip magic (1f 8b) the stream inflates (several concatenated gzip
 * members are read one after the other, as gunzip does; bytes after the last
 * member that do not start a new one are ignored), otherwise it copies.
 *
 * Readers open the path given read-only (O_RDONLY) and close-on-exec, and
 * nothing else (no temporary or lock files).
 *
 * Output: a writer of a regular file, or of a name that does not exist yet,
 * writes a temporary file in the same folder and renames it over the path
 * only when everything succeeded (dyng_i_out_open below has the details):
 * until then the path keeps its old content (or stays absent), a failed or
 * interrupted write leaves it exactly as it was, and a reader of the path
 * never sees half a file. Other targets (a FIFO, a character device such as
 * /dev/null or /dev/stdout, a socket) are written in place as they are.
 * Every descriptor is close-on-exec; the file's is write-only.
 *
 * Writers format into a 1 MiB buffer; a full buffer is written with
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

/*
 * Where a writer's bytes go. dyng_i_out_open looks at the path first:
 *
 * - Symbolic links are followed to the name they lead to (a link's target
 *   is relative to the link's folder and may be a link again; 40 at most,
 *   as in the kernel), and that file is written: the links stay links. A
 *   dangling link leads to a name that does not exist, which is created
 *   there (as a shell's "> link" creates it), atomically like any new file.
 * - A regular file, or a name that does not exist, is written atomically:
 *   the bytes go to a new file ".<name>.dyng-<pid>-<n>.tmp" in the same
 *   folder (created with O_EXCL and mode 0666 less the umask, as a plain
 *   create; the next n when the name is taken; a long name is cut to
 *   TMP_NAME_MAX bytes in it), and dyng_i_out_close renames it over the name
 *   when every write, the flush and the close succeeded. The file it
 *   replaces passes on its mode, and its owner and group where the process
 *   may set them (root; otherwise a group it belongs to, else the writer's
 *   own, as with any tool that replaces a file by a rename; a hard link to
 *   the old file keeps the old content). A file that the process may not
 *   write is refused as open(2) refuses it ("cannot open for writing:
 *   Permission denied"), although the folder would allow the rename: write
 *   protection keeps its meaning. A failure, an interrupt, or
 *   dyng_i_out_abort removes the temporary file and leaves the name exactly
 *   as it was. The folder is held open from open to close, so that the
 *   rename lands in it even when the process changes its working directory
 *   (or the folder is moved) meanwhile.
 * - The rest is written in place, opened with O_TRUNC as before (and an
 *   interrupted write removes what it wrote there when that is a regular
 *   file, never anything else):
 *   - anything else that exists: a FIFO, a character or block device
 *     (/dev/null, /dev/stdout), a socket; a directory, which open refuses
 *     with the error it always gave;
 *   - a regular file on another device than its folder (a file mounted on
 *     its own: no rename can replace it), or another user's file in a
 *     sticky folder such as /tmp (only its owner, the folder's owner or
 *     root may rename over it);
 *   - a file in a folder where the process may not create one (EACCES, EPERM
 *     or EROFS for the temporary file, or a folder it may not read): a
 *     writable file there is written as before, only not atomically, and a
 *     new one fails as before ("cannot open for writing: Permission
 *     denied");
 *   - a path through a symbolic link in /dev or /proc (/dev/stdout,
 *     /dev/fd/N, /proc/self/fd/N: descriptors the process has open, whose
 *     file, even a regular one, must be written through the descriptor,
 *     not replaced);
 *   - a path whose links cannot be followed (a loop, a name too long), which
 *     open then reports, or where they lead elsewhere than open(2) goes (the
 *     stat of the path, which follows them as open does, must give the same
 *     regular file, or no file).
 *
 * No fsync: the rename makes the new content visible at once and whole, to
 * every reader and after a crash of the process, but not durable across a
 * power cut or a crash of the kernel, which may leave the old file (or, on
 * some file systems, an empty one). An fsync before the rename would make
 * it durable, at a price: a 103 MB Matrix Market file written in 0.34 s
 * took another 0.07 s to fsync (+21%) on an ext4 virtual disk whose host
 * caches writes, and a real disk takes longer (a spinning one about a
 * second). Callers that need durability can fsync the file after the call.
 *
 * A process killed (SIGKILL, a crash) in the middle of a write leaves its
 * temporary file behind, named after the file and the process id; the file
 * itself is intact.
 */
#ifndef S_ISVTX
#define S_ISVTX 01000 /* the sticky bit (XSI) */
#endif
#define MAX_LINK_HOPS 40
#define TMP_NAME_MAX 160 /* bytes of the name kept in the temporary name (NAME_MAX is 255) */
#define TMP_ATTEMPTS 100 /* names tried before EEXIST is reported */

static atomic_ulong tmp_counter; /* the <n> of temporary names, process-wide */

/* The length of the folder part of `path`, with its final '/' (0: none). */
static size_t folder_length(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash != NULL ? (size_t)(slash - path) + 1 : 0;
}

/* A new string: a[0 .. na) then b. NULL when out of memory. */
static char *join(const char *a, size_t na, const char *b) {
    size_t nb = strlen(b);
    char *s = dyng_i_malloc(na + nb + 1, 1);
    if (s != NULL) {
        memcpy(s, a, na);
        memcpy(s + na, b, nb + 1);
    }
    return s;
}

/* Follow `path` through symbolic links to the name they lead to: a new
 * string in *dest, with lstat's answer for it in *sb and *exists (false: no
 * such name, as at the end of a dangling link). Returns 0; -1 at a link in
 * /dev or /proc (see above); or the errno that stopped it: ENOMEM when a
 * string could not be allocated, anything else for a path that open(2)
 * fails on too. *dest is NULL unless it returns 0. */
static int follow_links(const char *path, char **dest, struct stat *sb, bool *exists) {
    *dest = NULL;
    *exists = false;
    char *cur = join(path, strlen(path), "");
    if (cur == NULL)
        return ENOMEM;
    for (int hops = 0;; hops++) {
        if (lstat(cur, sb) != 0) {
            int e = errno;
            if (e == ENOENT) {
                *dest = cur;
                return 0;
            }
            dyng_i_free(cur);
            return e;
        }
        if (!S_ISLNK(sb->st_mode)) {
            *exists = true;
            *dest = cur;
            return 0;
        }
        if (strncmp(cur, "/dev/", 5) == 0 || strncmp(cur, "/proc/", 6) == 0) {
            dyng_i_free(cur); /* /dev/stdout, /dev/fd/N, /proc/self/fd/N ... */
            return -1;
        }
        char target[PATH_MAX];
        ssize_t n = hops < MAX_LINK_HOPS ? readlink(cur, target, sizeof target) : -1;
        if (n < 0 || (size_t)n >= sizeof target) {
            int e = hops == MAX_LINK_HOPS ? ELOOP : n < 0 ? errno : ENAMETOOLONG;
            dyng_i_free(cur);
            return e;
        }
        target[n] = '\0';
        /* a relative target is relative to the link's folder */
        char *next = join(cur, target[0] == '/' ? 0 : folder_length(cur), target);
        dyng_i_free(cur);
        if (next == NULL)
            return ENOMEM;
        cur = next;
    }
}

/* Give the new file `fd` the mode of the file `old` that it replaces, and
 * its owner and group where the process may set them (see above; the chown
 * comes first, since it clears set-user-ID bits). False, errno set, when
 * the mode cannot be set. */
static bool copy_owner_and_mode(int fd, const struct stat *old) {
    struct stat now;
    if (fstat(fd, &now) == 0 && (now.st_uid != old->st_uid || now.st_gid != old->st_gid) &&
        fchown(fd, old->st_uid, old->st_gid) != 0 && fchown(fd, (uid_t)-1, old->st_gid) != 0)
        errno = 0; /* not allowed: the new file stays the writer's */
    return fchmod(fd, old->st_mode & 07777) == 0;
}

/* The error of a temporary file that could not be made in out->dest's
 * folder: open's words, and the folder. */
static dyng_status temporary_error(const dyng_i_out *out, const char *what, int e) {
    const size_t folder = folder_length(out->dest);
    return dyng_i_file_error(
        out->path, 0, 0, "cannot open for writing: %s%s (creating a temporary file in %.*s)", what,
        strerror(e), folder > 1 ? (int)(folder - 1) : 1, folder > 0 ? out->dest : ".");
}

/* Create the temporary file beside out->dest, which `old` describes when it
 * exists (see above), and hold its folder open. *in_place when the folder
 * does not allow it: the caller writes in place instead. */
static dyng_status open_temporary(dyng_i_out *out, const struct stat *old, bool *in_place) {
    *in_place = false;
    char *dest = out->dest;
    const size_t folder = folder_length(dest);
    const char *name = dest + folder;
    int dir_flags = O_RDONLY | O_DIRECTORY, file_flags = O_WRONLY | O_CREAT | O_EXCL;
#ifdef O_CLOEXEC
    dir_flags |= O_CLOEXEC;
    file_flags |= O_CLOEXEC;
#endif
    /* the folder: dest cut after its last '/' for a moment, or "." */
    const char saved = dest[folder];
    dest[folder] = '\0';
    int dir;
    do {
        dir = open(folder > 0 ? dest : ".", dir_flags);
    } while (dir < 0 && errno == EINTR);
    int e = errno;
    dest[folder] = saved;
    if (dir < 0) {
        *in_place = e == EACCES; /* a folder it may not read: try the file itself */
        return *in_place ? DYNG_OK : temporary_error(out, "", e);
    }
    if (old != NULL) {
        struct stat ds;
        /* A file mounted on its own; or another user's file in a sticky
         * folder (/tmp), which only its owner, the folder's or root may
         * rename over. */
        const uid_t me = geteuid();
        if (fstat(dir, &ds) != 0 || ds.st_dev != old->st_dev ||
            ((ds.st_mode & S_ISVTX) != 0 && me != 0 && old->st_uid != me && ds.st_uid != me)) {
            close(dir);
            *in_place = true;
            return DYNG_OK;
        }
        if (faccessat(dir, name, W_OK, AT_EACCESS) != 0) {
            e = errno;
            close(dir);
            return dyng_i_file_error(out->path, 0, 0, "cannot open for writing: %s", strerror(e));
        }
    }
    size_t keep = strlen(name);
    if (keep > TMP_NAME_MAX)
        keep = TMP_NAME_MAX;
    const size_t cap = keep + 64; /* ".", ".dyng-", pid, "-", n, ".tmp" and NUL */
    char *tmp = dyng_i_malloc(cap, 1);
    if (tmp == NULL) {
        close(dir);
        return dyng_i_oom("a temporary file name", cap);
    }
    int fd = -1;
    for (int attempt = 0; attempt < TMP_ATTEMPTS; attempt++) {
        unsigned long n = atomic_fetch_add(&tmp_counter, 1);
        snprintf(tmp, cap, ".%.*s.dyng-%ld-%lu.tmp", (int)keep, name, (long)getpid(), n);
        do {
            fd = openat(dir, tmp, file_flags, 0666);
        } while (fd < 0 && errno == EINTR);
        if (fd >= 0 || errno != EEXIST)
            break;
    }
    if (fd < 0) {
        e = errno;
        dyng_i_free(tmp);
        close(dir);
        *in_place = e == EACCES || e == EPERM || e == EROFS;
        return *in_place ? DYNG_OK : temporary_error(out, "", e);
    }
    const char *what = "";
    FILE *fp = NULL;
    if (old != NULL && !copy_owner_and_mode(fd, old))
        what = "cannot give the temporary file the file's mode: ";
    else if ((fp = fdopen(fd, "wb")) == NULL)
        what = "fdopen: ";
    if (fp == NULL) {
        e = errno;
        close(fd);
        (void)unlinkat(dir, tmp, 0);
        dyng_i_free(tmp);
        close(dir);
        return temporary_error(out, what, e);
    }
    out->fp = fp;
    out->dir_fd = dir;
    out->tmp = tmp;
    return DYNG_OK;
}

/* Open out->path in place: created or truncated, as open(2) with O_TRUNC.
 * An interrupt will remove what it opened when that is a regular file that
 * out->dest names (the path with its links followed). */
static dyng_status open_in_place(dyng_i_out *out) {
    out->fp = open_stream(out->path, true);
    if (out->fp == NULL)
        return dyng_i_file_error(out->path, 0, 0, "cannot open for writing: %s", strerror(errno));
    struct stat opened, named;
    out->remove_if_interrupted = out->dest != NULL && fstat(fileno(out->fp), &opened) == 0 &&
                                 S_ISREG(opened.st_mode) && stat(out->dest, &named) == 0 &&
                                 named.st_dev == opened.st_dev && named.st_ino == opened.st_ino;
    return DYNG_OK;
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
    /* Everything is allocated before a file is made, so that running out
     * of memory leaves nothing behind. */
    struct stat sb, opened;
    bool exists;
    int e = follow_links(path, &out->dest, &sb, &exists);
    if (e == ENOMEM)
        return dyng_i_oom("a file path", n);
    /* What open(2) would open (stat follows the links as it does) must be
     * what follow_links found: a regular file, or no file on either side. */
    bool found = stat(path, &opened) == 0;
    bool in_place = e != 0 || found != exists ||
                    (found && (!S_ISREG(opened.st_mode) || opened.st_dev != sb.st_dev ||
                               opened.st_ino != sb.st_ino)) ||
                    out->dest[folder_length(out->dest)] == '\0'; /* "folder/" */
    if (!in_place)
        DYNG_I_TRY(open_temporary(out, exists ? &sb : NULL, &in_place));
    return in_place ? open_in_place(out) : DYNG_OK;
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
        dyng_i_out_abort(out); /* removes the temporary file */
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
    /* All written: the new file takes the name (no fsync: see above). */
    if (st == DYNG_OK && out->tmp != NULL) {
        const char *name = out->dest + folder_length(out->dest);
        if (renameat(out->dir_fd, out->tmp, out->dir_fd, name) == 0) {
            dyng_i_free(out->tmp);
            out->tmp = NULL; /* nothing left to remove */
            close(out->dir_fd);
        } else {
            st = dyng_i_file_error(out->path, 0, 0, "cannot replace the file: %s", strerror(errno));
        }
    }
    dyng_i_out_abort(out);
    return st;
}

void dyng_i_out_abort(dyng_i_out *out) {
    if (out->fp != NULL)
        fclose(out->fp);
    if (out->tmp != NULL) {
        (void)unlinkat(out->dir_fd, out->tmp, 0); /* the name stays as it was */
        close(out->dir_fd);
    } else if (out->interrupted && out->remove_if_interrupted) {
        (void)remove(out->dest); /* written in place: an interrupted write leaves no file */
    }
    if (out->z_ready)
        deflateEnd(&out->z);
    dyng_i_free(out->zbuf);
    dyng_i_free(out->buf);
    dyng_i_free(out->tmp);
    dyng_i_free(out->dest);
    dyng_i_free(out->path);
    memset(out, 0, sizeof *out);
}
