/*
 * tests/c/test_io_atomic.c - writers replace a file whole, or leave it alone.
 *
 * Every writer goes through src/io/file.c, which writes a regular file (or a
 * new name) to a temporary file beside it and renames that over the name
 * only when everything succeeded. Checked here, on each kind of failure a
 * test can cause:
 *
 * - a write error half-way (RLIMIT_FSIZE makes write(2) fail with EFBIG, as
 *   a full disk would), an interrupt at any poll of a write
 *   (dyng_testing_interrupt_at_poll and the flags), and each allocation
 *   failing in turn (dyng_testing_fail_allocation): the old file keeps its
 *   bytes, a name that did not exist stays absent, and no ".dyng-" file is
 *   left in the folder;
 * - a reader of the path while a stream writer is open sees the old file
 *   (so a stream may even read the file it replaces);
 * - a successful write replaces the content and keeps the old mode (and,
 *   as root, the owner); symbolic links stay links and the file they lead to
 *   is replaced, a dangling one gets its file created; .gz targets too;
 * - FIFOs, /dev/null and /proc/self/fd/N are written in place, and never
 *   removed by an interrupt;
 * - a folder where the process may not create files, or another user's file
 *   in a sticky folder: a writable file there is written in place; a
 *   write-protected file is refused. These need a
 *   user that permissions apply to: as root the test runs them in a child
 *   process that takes uid 65534 (nobody), and skips them, saying so, when
 *   it cannot.
 *
 * Everything lives in ./io_atomic_tmp (removed at the start and the end).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* symlink, mkfifo, fchmod, setrlimit */
#endif

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "core/alloc.h"
#include "core/resources_internal.h"
#include "dyng/dyng.h"
#include "files.h"

#define TMP "io_atomic_tmp"
#define OLD "old content: must survive a failed write\n"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* Small arrays (3 edges, one weight) and big ones (about 5 MB of text:
 * several 1 MiB buffers, so a write polls and writes out more than once). */
static int32_t small_src[3] = {0, 1, 2}, small_dst[3] = {1, 2, 0}, small_w[3] = {4, 5, 6};
#define BIG_M 300000
static int32_t *big_src, *big_dst, *big_w;

static dyng_edge_arrays arrays(bool big) {
    dyng_edge_arrays a;
    memset(&a, 0, sizeof a);
    a.vertex_type = DYNG_TYPE_INT32;
    a.num_weights = 1;
    a.num_vertices = big ? 1000000 : 3;
    a.num_edges = big ? BIG_M : 3;
    a.src = big ? big_src : small_src;
    a.dst = big ? big_dst : small_dst;
    a.weights = big ? big_w : small_w;
    a.field = DYNG_MM_INTEGER;
    a.symmetry = DYNG_MM_GENERAL;
    return a;
}

static void make_big_arrays(void) {
    big_src = malloc(BIG_M * sizeof *big_src);
    big_dst = malloc(BIG_M * sizeof *big_dst);
    big_w = malloc(BIG_M * sizeof *big_w);
    REQUIRE(big_src != NULL && big_dst != NULL && big_w != NULL);
    uint64_t x = 88172645463325252u; /* xorshift: ids that compress badly */
    for (int i = 0; i < BIG_M; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        big_src[i] = (int32_t)(x % 1000000);
        big_dst[i] = (int32_t)((x >> 20) % 1000000);
        big_w[i] = (int32_t)((x >> 40) % 100000);
    }
}

/* A batch of the given arrays (insertions) with id `id`. */
static dyng_batch *batch_of(bool big, int64_t id) {
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 1));
    REQUIRE_OK(dyng_batch_add_insertions(b, big ? BIG_M : 3, big ? big_src : small_src,
                                         big ? big_dst : small_dst, big ? big_w : small_w));
    REQUIRE_OK(dyng_batch_set_id(b, id));
    return b;
}

/* A graph of the given arrays (one weight column). */
static dyng_graph *graph_of(bool big) {
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.num_weights = 1;
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, big ? 1000000 : 3, big ? BIG_M : 3,
                                     big ? big_src : small_src, big ? big_dst : small_dst,
                                     big ? big_w : small_w, NULL));
    return g;
}

/* TMP "/" name, in a static buffer (one at a time per slot). */
static const char *at(int slot, const char *name) {
    static char paths[4][512];
    snprintf(paths[slot], sizeof paths[slot], TMP "/%s", name);
    return paths[slot];
}

/* Whether `path` holds exactly `text` (NULL: whether it does not exist). */
static bool holds(const char *path, const char *text) {
    size_t n = 0;
    char *got = slurp(path, &n);
    bool same = text == NULL ? got == NULL && errno == ENOENT
                             : got != NULL && n == strlen(text) && memcmp(got, text, n) == 0;
    free(got);
    return same;
}

/* The number of entries of folder `dir` whose name holds ".dyng-": the
 * temporary files a writer left behind. */
static int temporaries_in(const char *dir) {
    DIR *d = opendir(dir);
    if (d == NULL)
        return -1;
    int found = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strstr(e->d_name, ".dyng-") != NULL) {
            fprintf(stderr, "left behind: %s/%s\n", dir, e->d_name);
            found++;
        }
    }
    closedir(d);
    return found;
}

static mode_t mode_of(const char *path) {
    struct stat sb;
    return stat(path, &sb) == 0 ? sb.st_mode & 07777 : (mode_t)-1;
}

/* A file of `text` with mode `mode` (chmod, so the umask does not apply). */
static void put(const char *path, const char *text, mode_t mode) {
    (void)unlink(path);
    write_text(path, text);
    REQUIRE(chmod(path, mode) == 0);
}

/* What dyng_mm_write_arrays writes for the small arrays. */
static char *small_mm;

/* rm -r TMP (two levels). */
static void remove_tmp(const char *dir) {
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat sb;
        if (lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            chmod(p, 0755);
            remove_tmp(p);
        } else {
            unlink(p);
        }
    }
    closedir(d);
    rmdir(dir);
}

/* ------------------------------------------------------------------------ */
/* Success                                                                  */
/* ------------------------------------------------------------------------ */

static void test_success_replaces_and_keeps_mode(void) {
    dyng_edge_arrays a = arrays(false);
    /* a new file: 0666 less the umask, as a plain create */
    mode_t old_umask = umask(022);
    CHECK_OK(dyng_mm_write_arrays(at(0, "new.mtx"), &a));
    CHECK(mode_of(at(0, "new.mtx")) == 0644);
    umask(077);
    CHECK_OK(dyng_mm_write_arrays(at(0, "new2.mtx"), &a));
    CHECK(mode_of(at(0, "new2.mtx")) == 0600);
    umask(old_umask);
    CHECK(holds(at(0, "new.mtx"), small_mm));

    /* an existing file: new content, same mode, a new inode */
    put(at(0, "a.mtx"), OLD, 0640);
    struct stat before, after;
    REQUIRE(stat(at(0, "a.mtx"), &before) == 0);
    CHECK_OK(dyng_mm_write_arrays(at(0, "a.mtx"), &a));
    CHECK(holds(at(0, "a.mtx"), small_mm));
    CHECK(stat(at(0, "a.mtx"), &after) == 0 && (after.st_mode & 07777) == 0640);
    CHECK(after.st_ino != before.st_ino); /* replaced, not rewritten */
    put(at(0, "b.mtx"), OLD, 0751);
    CHECK_OK(dyng_mm_write_arrays(at(0, "b.mtx"), &a));
    CHECK(mode_of(at(0, "b.mtx")) == 0751);

    /* gzip: the same */
    put(at(0, "a.mtx.gz"), OLD, 0604);
    CHECK_OK(dyng_mm_write_arrays(at(0, "a.mtx.gz"), &a));
    CHECK(mode_of(at(0, "a.mtx.gz")) == 0604);
    dyng_edge_arrays back;
    CHECK_OK(dyng_mm_read_arrays(&back, at(0, "a.mtx.gz"), NULL, NULL));
    CHECK(back.num_edges == 3);
    dyng_edge_arrays_free(&back);

    /* every writer over an existing file: replaced, mode kept, nothing left */
    dyng_graph *g = graph_of(false);
    dyng_batch *b = batch_of(false, 1);
    const int64_t distances[3] = {0, 4, 7}, parents[3] = {-1, 0, 1};
    const char *names[] = {"w.txt",       "w.txt.gz", "wRowPtr.txt", "wColInd.txt",
                           "wValues.txt", "w.dgt",    "w.dgb",       "ins.txt",
                           "del.txt",     "s.txt",    "d.txt",       "t.txt"};
    const size_t count = sizeof names / sizeof names[0];
    for (size_t i = 0; i < count; i++)
        put(at(0, names[i]), OLD, 0640);
    CHECK_OK(dyng_el_write_graph(g, at(0, "w.txt")));
    CHECK_OK(dyng_el_write_arrays(at(0, "w.txt.gz"), &a));
    CHECK_OK(dyng_csr_files_write_graph(g, at(0, "w"), false));
    dyng_dgt_writer *tw = NULL;
    REQUIRE_OK(dyng_dgt_writer_open(&tw, at(0, "w.dgt")));
    CHECK_OK(dyng_dgt_write_batch(tw, b));
    CHECK_OK(dyng_dgt_writer_close(&tw));
    dyng_dgb_writer *bw = NULL;
    REQUIRE_OK(dyng_dgb_writer_open(&bw, at(0, "w.dgb"), DYNG_TYPE_INT32, 1));
    CHECK_OK(dyng_dgb_write_batch(bw, b));
    CHECK_OK(dyng_dgb_writer_close(&bw));
    CHECK_OK(dyng_change_files_write(b, at(0, "ins.txt"), at(1, "del.txt")));
    CHECK_OK(dyng_signed_batch_write(b, at(0, "s.txt")));
    CHECK_OK(dyng_distances_write(distances, 3, at(0, "d.txt")));
    CHECK_OK(dyng_tree_write(parents, 3, at(0, "t.txt")));
    for (size_t i = 0; i < count; i++) {
        CHECK(!holds(at(0, names[i]), OLD) && mode_of(at(0, names[i])) == 0640);
        if (holds(at(0, names[i]), OLD))
            fprintf(stderr, "not replaced: %s\n", names[i]);
    }
    CHECK(holds(at(0, "t.txt"), "0 -1\n1 0\n2 1\n"));
    CHECK(temporaries_in(TMP) == 0);

    /* a name long enough that the temporary name is cut: still fine */
    char longname[256];
    memset(longname, 'n', 250);
    strcpy(longname + 250, ".mtx");
    put(at(0, longname), OLD, 0644);
    CHECK_OK(dyng_mm_write_arrays(at(0, longname), &a));
    CHECK(holds(at(0, longname), small_mm));
    CHECK(temporaries_in(TMP) == 0);
    (void)unlink(at(0, longname));

    dyng_batch_free(&b);
    dyng_graph_free(&g);
}

/* ------------------------------------------------------------------------ */
/* Failures leave the old file                                              */
/* ------------------------------------------------------------------------ */

/* Writes of more than `bytes` bytes of a file fail with EFBIG (as a full
 * disk fails them), or none (0). */
static void limit_file_size(rlim_t bytes) {
    static struct rlimit saved;
    static bool have_saved;
    if (!have_saved) {
        REQUIRE(getrlimit(RLIMIT_FSIZE, &saved) == 0);
        have_saved = true;
    }
    struct rlimit r = saved;
    if (bytes > 0)
        r.rlim_cur = bytes;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &r) == 0);
}

static void test_write_error_keeps_the_old_file(void) {
    signal(SIGXFSZ, SIG_IGN); /* write(2) fails with EFBIG instead */
    dyng_edge_arrays big = arrays(true);
    const char *paths[2] = {at(0, "err.mtx"), at(1, "err.mtx.gz")};
    for (int i = 0; i < 2; i++) {
        put(paths[i], OLD, 0640);
        limit_file_size(64 * 1024);
        dyng_status st = dyng_mm_write_arrays(paths[i], &big);
        limit_file_size(0);
        CHECK(st == DYNG_FILE_FORMAT);
        CHECK(strstr(dyng_error_message(), "write error") != NULL);
        CHECK(strstr(dyng_error_message(), ".dyng-") == NULL); /* the path given */
        const char *where = NULL;
        dyng_error_location(&where, NULL, NULL);
        CHECK(where != NULL && strcmp(where, paths[i]) == 0);
        CHECK(holds(paths[i], OLD) && mode_of(paths[i]) == 0640);
        CHECK(temporaries_in(TMP) == 0);
    }
    /* a name that did not exist stays absent */
    limit_file_size(64 * 1024);
    CHECK_STATUS(dyng_mm_write_arrays(at(0, "err_new.mtx"), &big), DYNG_FILE_FORMAT);
    limit_file_size(0);
    CHECK(holds(at(0, "err_new.mtx"), NULL));

    /* a .dgt stream: the error shows at a batch or at the close */
    put(at(0, "err.dgt"), OLD, 0640);
    dyng_batch *b = batch_of(true, 1);
    dyng_dgt_writer *w = NULL;
    limit_file_size(64 * 1024);
    REQUIRE_OK(dyng_dgt_writer_open(&w, at(0, "err.dgt")));
    dyng_status st = dyng_dgt_write_batch(w, b);
    dyng_status closed = dyng_dgt_writer_close(&w);
    limit_file_size(0);
    CHECK(st == DYNG_FILE_FORMAT || closed == DYNG_FILE_FORMAT);
    CHECK(holds(at(0, "err.dgt"), OLD));
    /* and a .dgb stream */
    put(at(0, "err.dgb"), OLD, 0640);
    dyng_dgb_writer *bw = NULL;
    limit_file_size(64 * 1024);
    REQUIRE_OK(dyng_dgb_writer_open(&bw, at(0, "err.dgb"), DYNG_TYPE_INT32, 1));
    st = dyng_dgb_write_batch(bw, b);
    closed = dyng_dgb_writer_close(&bw);
    limit_file_size(0);
    CHECK(st == DYNG_FILE_FORMAT || closed == DYNG_FILE_FORMAT);
    CHECK(holds(at(0, "err.dgb"), OLD));
    CHECK(temporaries_in(TMP) == 0);
    dyng_batch_free(&b);
    signal(SIGXFSZ, SIG_DFL);
}

static void test_interrupt_keeps_the_old_file(void) {
    dyng_edge_arrays a = arrays(false);
    const int64_t distances[3] = {0, 4, 7};
    dyng_batch *b = batch_of(false, 1);
    /* the process-wide flag, seen at the close of a small write */
    const char *names[5] = {"i.mtx", "i.mtx.gz", "i.txt", "i_d.txt", "i_s.txt"};
    for (int i = 0; i < 5; i++) {
        put(at(0, names[i]), OLD, 0640);
        dyng_interrupt(NULL);
        dyng_status st = i == 0   ? dyng_mm_write_arrays(at(0, names[i]), &a)
                         : i == 1 ? dyng_mm_write_arrays(at(0, names[i]), &a)
                         : i == 2 ? dyng_el_write_arrays(at(0, names[i]), &a)
                         : i == 3 ? dyng_distances_write(distances, 3, at(0, names[i]))
                                  : dyng_signed_batch_write(b, at(0, names[i]));
        dyng_interrupt_clear(NULL);
        CHECK(st == DYNG_INTERRUPTED);
        CHECK(holds(at(0, names[i]), OLD) && mode_of(at(0, names[i])) == 0640);
        if (!holds(at(0, names[i]), OLD))
            fprintf(stderr, "interrupted write of %s lost the old file\n", names[i]);
    }
    /* a name that did not exist stays absent */
    dyng_interrupt(NULL);
    CHECK_STATUS(dyng_mm_write_arrays(at(0, "i_new.mtx"), &a), DYNG_INTERRUPTED);
    dyng_interrupt_clear(NULL);
    CHECK(holds(at(0, "i_new.mtx"), NULL));
    CHECK(temporaries_in(TMP) == 0);

    /* an interrupt at each poll of a long write (a graph's export, every
     * megabyte written, the close) */
    dyng_graph *g = graph_of(true);
    const char *paths[2] = {at(0, "poll.mtx"), at(1, "poll.mtx.gz")};
    for (int i = 0; i < 2; i++) {
        put(paths[i], OLD, 0640);
        dyng_status st = DYNG_INTERRUPTED;
        int64_t k;
        for (k = 1; k < 100 && st != DYNG_OK; k++) {
            dyng_testing_interrupt_at_poll(k);
            st = dyng_mm_write_graph(g, paths[i], 0);
            dyng_testing_interrupt_at_poll(0);
            if (st != DYNG_OK) {
                CHECK(st == DYNG_INTERRUPTED);
                CHECK(holds(paths[i], OLD));
                CHECK(temporaries_in(TMP) == 0);
            }
        }
        CHECK(st == DYNG_OK && k > 4); /* several polls were met */
        CHECK(!holds(paths[i], OLD) && mode_of(paths[i]) == 0640);
    }
    dyng_graph_free(&g);
    dyng_batch_free(&b);
}

static void test_allocation_failures_keep_the_old_file(void) {
    dyng_graph *g = graph_of(false);
    dyng_batch *b = batch_of(false, 1);
    const char *paths[4] = {"oom.mtx", "oom.mtx.gz", "oom.dgt", "oom_new.dgt.gz"};
    for (int i = 0; i < 4; i++) {
        const bool is_new = i == 3;
        if (is_new)
            (void)unlink(at(0, paths[i]));
        else
            put(at(0, paths[i]), OLD, 0640);
        dyng_status st = DYNG_OUT_OF_MEMORY;
        int64_t k;
        for (k = 1; k < 1000 && st != DYNG_OK; k++) {
            dyng_testing_fail_allocation(k);
            if (i < 2) {
                st = dyng_mm_write_graph(g, at(0, paths[i]), 0);
            } else {
                dyng_dgt_writer *w = NULL;
                st = dyng_dgt_writer_open(&w, at(0, paths[i]));
                if (st == DYNG_OK) {
                    st = dyng_dgt_write_batch(w, b);
                    if (st == DYNG_OK)
                        st = dyng_dgt_writer_close(&w);
                    else
                        (void)dyng_dgt_writer_close(&w);
                }
            }
            dyng_testing_fail_allocation(0);
            if (st != DYNG_OK) {
                CHECK(st == DYNG_OUT_OF_MEMORY);
                CHECK(holds(at(0, paths[i]), is_new ? NULL : OLD));
                CHECK(temporaries_in(TMP) == 0);
            }
        }
        CHECK(st == DYNG_OK && k > 2);
        CHECK(!holds(at(0, paths[i]), OLD) && !holds(at(0, paths[i]), NULL));
        CHECK(temporaries_in(TMP) == 0);
    }
    dyng_batch_free(&b);
    dyng_graph_free(&g);
}

/* ------------------------------------------------------------------------ */
/* Streams                                                                  */
/* ------------------------------------------------------------------------ */

static void test_stream_readers_see_the_old_file(void) {
    /* while a stream is being written, the path is the old file */
    put(at(0, "s.dgt"), OLD, 0640);
    dyng_batch *b = batch_of(false, 7);
    dyng_dgt_writer *w = NULL;
    REQUIRE_OK(dyng_dgt_writer_open(&w, at(0, "s.dgt")));
    CHECK_OK(dyng_dgt_write_batch(w, b));
    CHECK(holds(at(0, "s.dgt"), OLD));
    CHECK_OK(dyng_dgt_writer_close(&w));
    CHECK(holds(at(0, "s.dgt"), "%dgt 1\n%batch 7\n+e 0 1 4\n+e 1 2 5\n+e 2 0 6\n"));
    CHECK(mode_of(at(0, "s.dgt")) == 0640);

    /* so a stream can read the file it replaces: open the writer first,
     * then read the old batches back and write them */
    char *first = slurp(at(0, "s.dgt"), &(size_t){0});
    REQUIRE(first != NULL);
    REQUIRE_OK(dyng_dgt_writer_open(&w, at(0, "s.dgt")));
    dyng_dgt_reader *r = NULL;
    CHECK_OK(dyng_dgt_open(&r, at(0, "s.dgt"), DYNG_TYPE_INT32, -1));
    bool done = false;
    int batches = 0;
    while (r != NULL && !done && batches < 10) {
        dyng_batch *in = NULL;
        REQUIRE_OK(dyng_batch_new(&in, DYNG_TYPE_INT32, 1));
        dyng_status st = dyng_dgt_next(r, in, &done);
        CHECK(st == DYNG_OK);
        if (st == DYNG_OK && !done) {
            CHECK_OK(dyng_dgt_write_batch(w, in));
            batches++;
        }
        dyng_batch_free(&in);
        if (st != DYNG_OK)
            break;
    }
    dyng_dgt_close(&r);
    CHECK_OK(dyng_dgt_writer_close(&w));
    CHECK(batches == 1 && holds(at(0, "s.dgt"), first));
    free(first);

    /* .dgb: the same */
    put(at(0, "s.dgb"), OLD, 0640);
    dyng_dgb_writer *bw = NULL;
    REQUIRE_OK(dyng_dgb_writer_open(&bw, at(0, "s.dgb"), DYNG_TYPE_INT32, 1));
    CHECK_OK(dyng_dgb_write_batch(bw, b));
    CHECK(holds(at(0, "s.dgb"), OLD));
    CHECK_OK(dyng_dgb_writer_close(&bw));
    CHECK(!holds(at(0, "s.dgb"), OLD) && mode_of(at(0, "s.dgb")) == 0640);

    /* dyng_dgt_writer_abort keeps its word (io.h): the batches written and
     * "%aborted" replace the file, so that a reader fails on it */
    put(at(0, "ab.dgt"), OLD, 0640);
    REQUIRE_OK(dyng_dgt_writer_open(&w, at(0, "ab.dgt")));
    CHECK_OK(dyng_dgt_write_batch(w, b));
    CHECK_OK(dyng_dgt_writer_abort(&w));
    CHECK(holds(at(0, "ab.dgt"), "%dgt 1\n%batch 7\n+e 0 1 4\n+e 1 2 5\n+e 2 0 6\n%aborted\n"));

    /* a stream opened with a relative name lands in its folder even when the
     * working directory changes before the close */
    char cwd[4096];
    REQUIRE(getcwd(cwd, sizeof cwd) != NULL);
    REQUIRE(chdir(TMP) == 0);
    REQUIRE_OK(dyng_dgt_writer_open(&w, "cd.dgt"));
    REQUIRE(chdir(cwd) == 0);
    CHECK_OK(dyng_dgt_write_batch(w, b));
    CHECK_OK(dyng_dgt_writer_close(&w));
    CHECK(holds(at(0, "cd.dgt"), "%dgt 1\n%batch 7\n+e 0 1 4\n+e 1 2 5\n+e 2 0 6\n"));
    CHECK(holds("cd.dgt", NULL));
    CHECK(temporaries_in(TMP) == 0);
    dyng_batch_free(&b);
}

/* ------------------------------------------------------------------------ */
/* Links, devices, FIFOs                                                    */
/* ------------------------------------------------------------------------ */

static bool is_link_to(const char *path, const char *target) {
    struct stat sb;
    char got[512];
    ssize_t n = readlink(path, got, sizeof got - 1);
    if (lstat(path, &sb) != 0 || !S_ISLNK(sb.st_mode) || n < 0)
        return false;
    got[n] = '\0';
    return strcmp(got, target) == 0;
}

static void test_symbolic_links(void) {
    dyng_edge_arrays a = arrays(false);
    REQUIRE(mkdir(TMP "/sub", 0755) == 0);
    /* a link in the folder, and one in a subfolder through "..": the links
     * stay, the file they lead to is replaced (mode kept), nothing is left
     * in either folder */
    put(at(0, "target.mtx"), OLD, 0640);
    REQUIRE(symlink("target.mtx", TMP "/link.mtx") == 0);
    REQUIRE(symlink("../link.mtx", TMP "/sub/link2.mtx") == 0); /* a chain */
    CHECK_OK(dyng_mm_write_arrays(TMP "/sub/link2.mtx", &a));
    CHECK(is_link_to(TMP "/link.mtx", "target.mtx"));
    CHECK(is_link_to(TMP "/sub/link2.mtx", "../link.mtx"));
    CHECK(holds(at(0, "target.mtx"), small_mm) && mode_of(at(0, "target.mtx")) == 0640);
    CHECK(temporaries_in(TMP) == 0 && temporaries_in(TMP "/sub") == 0);
    /* gzip through a link */
    put(at(0, "target.mtx.gz"), OLD, 0600);
    REQUIRE(symlink("target.mtx.gz", TMP "/link.mtx.gz") == 0);
    CHECK_OK(dyng_mm_write_arrays(TMP "/link.mtx.gz", &a));
    CHECK(is_link_to(TMP "/link.mtx.gz", "target.mtx.gz"));
    CHECK(mode_of(at(0, "target.mtx.gz")) == 0600 && !holds(at(0, "target.mtx.gz"), OLD));
    /* an interrupted write through a link: both stay as they were */
    put(at(0, "target.mtx"), OLD, 0640);
    dyng_interrupt(NULL);
    CHECK_STATUS(dyng_mm_write_arrays(TMP "/link.mtx", &a), DYNG_INTERRUPTED);
    dyng_interrupt_clear(NULL);
    CHECK(is_link_to(TMP "/link.mtx", "target.mtx") && holds(at(0, "target.mtx"), OLD));

    /* a dangling link: an interrupted write leaves it dangling (the link is
     * not removed); a finished one creates the file it leads to */
    REQUIRE(symlink("sub/made.mtx", TMP "/dangling.mtx") == 0);
    dyng_interrupt(NULL);
    CHECK_STATUS(dyng_mm_write_arrays(TMP "/dangling.mtx", &a), DYNG_INTERRUPTED);
    dyng_interrupt_clear(NULL);
    CHECK(is_link_to(TMP "/dangling.mtx", "sub/made.mtx"));
    CHECK(holds(TMP "/sub/made.mtx", NULL));
    CHECK_OK(dyng_mm_write_arrays(TMP "/dangling.mtx", &a));
    CHECK(is_link_to(TMP "/dangling.mtx", "sub/made.mtx"));
    CHECK(holds(TMP "/sub/made.mtx", small_mm));
    CHECK(temporaries_in(TMP) == 0 && temporaries_in(TMP "/sub") == 0);

    /* a loop fails as open(2) does */
    REQUIRE(symlink("loop_b", TMP "/loop_a") == 0);
    REQUIRE(symlink("loop_a", TMP "/loop_b") == 0);
    CHECK_STATUS(dyng_mm_write_arrays(TMP "/loop_a", &a), DYNG_FILE_FORMAT);
    CHECK(strstr(dyng_error_message(), "cannot open for writing") != NULL);
    CHECK(is_link_to(TMP "/loop_a", "loop_b"));
}

static void test_in_place_targets(void) {
    dyng_edge_arrays a = arrays(false);
    /* /dev/null: written, still the device */
    CHECK_OK(dyng_mm_write_arrays("/dev/null", &a));
    dyng_edge_arrays big = arrays(true);
    CHECK_OK(dyng_mm_write_arrays("/dev/null", &big)); /* several buffers */
    struct stat sb;
    CHECK(stat("/dev/null", &sb) == 0 && S_ISCHR(sb.st_mode));

    /* a FIFO: written in place; an interrupt does not remove it */
    REQUIRE(mkfifo(TMP "/fifo", 0644) == 0);
    int rd = open(TMP "/fifo", O_RDONLY | O_NONBLOCK); /* so the writer's open does not wait */
    REQUIRE(rd >= 0);
    CHECK_OK(dyng_mm_write_arrays(TMP "/fifo", &a));
    char got[4096];
    ssize_t n = read(rd, got, sizeof got - 1);
    CHECK(n == (ssize_t)strlen(small_mm) && memcmp(got, small_mm, (size_t)n) == 0);
    dyng_interrupt(NULL);
    CHECK_STATUS(dyng_mm_write_arrays(TMP "/fifo", &a), DYNG_INTERRUPTED);
    dyng_interrupt_clear(NULL);
    CHECK(lstat(TMP "/fifo", &sb) == 0 && S_ISFIFO(sb.st_mode));
    close(rd);

    /* /proc/self/fd/N and /dev/fd/N name a descriptor the process holds: its
     * file is written through it, not replaced (the inode stays) */
    put(at(0, "held.mtx"), OLD, 0640);
    int fd = open(at(0, "held.mtx"), O_RDWR);
    REQUIRE(fd >= 0);
    struct stat before, after;
    REQUIRE(fstat(fd, &before) == 0);
    char name[64];
    snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
    if (access(name, F_OK) == 0) {
        CHECK_OK(dyng_mm_write_arrays(name, &a));
        CHECK(stat(at(0, "held.mtx"), &after) == 0 && after.st_ino == before.st_ino);
        CHECK(holds(at(0, "held.mtx"), small_mm));
        snprintf(name, sizeof name, "/dev/fd/%d", fd);
        CHECK_OK(dyng_mm_write_arrays(name, &a));
        CHECK(stat(at(0, "held.mtx"), &after) == 0 && after.st_ino == before.st_ino);
        CHECK(holds(at(0, "held.mtx"), small_mm));
    } else {
        fprintf(stderr, "test_io_atomic: no /proc/self/fd; skipped its checks\n");
    }
    close(fd);
    CHECK(temporaries_in(TMP) == 0);

    /* a directory, a missing folder: the errors they always gave */
    CHECK_STATUS(dyng_mm_write_arrays(TMP "/sub", &a), DYNG_FILE_FORMAT);
    CHECK(strstr(dyng_error_message(), "cannot open for writing: Is a directory") != NULL);
    CHECK_STATUS(dyng_mm_write_arrays(TMP "/missing/x.mtx", &a), DYNG_FILE_FORMAT);
    CHECK(strstr(dyng_error_message(), "cannot open for writing: No such file or directory") !=
          NULL);
    const char *where = NULL;
    dyng_error_location(&where, NULL, NULL);
    CHECK(where != NULL && strcmp(where, TMP "/missing/x.mtx") == 0);
}

/* ------------------------------------------------------------------------ */
/* Permissions                                                              */
/* ------------------------------------------------------------------------ */

/* What a user that permissions apply to sees (run as that user); `others`:
 * the files were made by another user (root). */
static void permission_checks(bool others) {
    dyng_edge_arrays a = arrays(false);
    /* a folder it may not write, with a file it may: written in place */
    struct stat before, after;
    REQUIRE(stat(TMP "/ro/f.mtx", &before) == 0);
    CHECK_OK(dyng_mm_write_arrays(TMP "/ro/f.mtx", &a));
    CHECK(stat(TMP "/ro/f.mtx", &after) == 0 && after.st_ino == before.st_ino);
    CHECK(holds(TMP "/ro/f.mtx", small_mm));
    /* a new file there: refused, as before */
    CHECK_STATUS(dyng_mm_write_arrays(TMP "/ro/new.mtx", &a), DYNG_FILE_FORMAT);
    CHECK(strstr(dyng_error_message(), "cannot open for writing: Permission denied") != NULL);
    CHECK(holds(TMP "/ro/new.mtx", NULL));
    /* a write-protected file in a folder it may write: refused too, though
     * the rename would be allowed */
    CHECK_STATUS(dyng_mm_write_arrays(TMP "/rw/protected.mtx", &a), DYNG_FILE_FORMAT);
    CHECK(strstr(dyng_error_message(), "cannot open for writing: Permission denied") != NULL);
    CHECK(holds(TMP "/rw/protected.mtx", OLD));
    /* another user's writable file in a sticky folder (as in /tmp), which no
     * rename may replace: written in place */
    if (others) {
        REQUIRE(stat(TMP "/st/f.mtx", &before) == 0);
        CHECK_OK(dyng_mm_write_arrays(TMP "/st/f.mtx", &a));
        CHECK(stat(TMP "/st/f.mtx", &after) == 0 && after.st_ino == before.st_ino);
        CHECK(holds(TMP "/st/f.mtx", small_mm));
    }
    CHECK(temporaries_in(TMP "/ro") == 0 && temporaries_in(TMP "/rw") == 0);
    CHECK(temporaries_in(TMP "/st") == 0);
}

static void test_permissions(void) {
    REQUIRE(mkdir(TMP "/ro", 0755) == 0 && mkdir(TMP "/rw", 0777) == 0);
    REQUIRE(chmod(TMP "/rw", 0777) == 0); /* past the umask */
    REQUIRE(mkdir(TMP "/st", 0755) == 0 && chmod(TMP "/st", 01777) == 0);
    put(TMP "/ro/f.mtx", OLD, 0666);
    put(TMP "/st/f.mtx", OLD, 0666);
    put(TMP "/rw/protected.mtx", OLD, 0444);
    if (geteuid() != 0) {
        REQUIRE(chmod(TMP "/ro", 0555) == 0);
        permission_checks(false);
        chmod(TMP "/ro", 0755);
        return;
    }
    /* root: its own replaced file keeps its owner, group and mode */
    dyng_edge_arrays a = arrays(false);
    put(at(0, "owned.mtx"), OLD, 0640);
    if (chown(at(0, "owned.mtx"), 65534, 65534) == 0) {
        CHECK_OK(dyng_mm_write_arrays(at(0, "owned.mtx"), &a));
        struct stat sb;
        CHECK(stat(at(0, "owned.mtx"), &sb) == 0 && sb.st_uid == 65534 && sb.st_gid == 65534 &&
              (sb.st_mode & 07777) == 0640);
    }
    /* root passes every permission check: the rest runs as uid 65534 */
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        if (setgid(65534) != 0 || setuid(65534) != 0 || access("/", W_OK) == 0)
            _exit(77); /* cannot drop root here */
        check_failed_count = 0;
        permission_checks(true);
        fflush(stderr);
        _exit(check_failed_count == 0 ? 0 : 1);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77) {
        fprintf(stderr, "test_io_atomic: running as root and cannot take uid 65534: the "
                        "permission checks were skipped\n");
        return;
    }
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int main(void) {
    remove_tmp(TMP);
    REQUIRE(mkdir(TMP, 0755) == 0);
    REQUIRE(chmod(TMP, 0755) == 0);
    make_big_arrays();
    dyng_edge_arrays a = arrays(false);
    REQUIRE_OK(dyng_mm_write_arrays(TMP "/reference.mtx", &a));
    small_mm = slurp(TMP "/reference.mtx", &(size_t){0});
    REQUIRE(small_mm != NULL && strlen(small_mm) > 20);

    test_permissions(); /* first: it forks */
    test_success_replaces_and_keeps_mode();
    test_write_error_keeps_the_old_file();
    test_interrupt_keeps_the_old_file();
    test_allocation_failures_keep_the_old_file();
    test_stream_readers_see_the_old_file();
    test_symbolic_links();
    test_in_place_targets();

    free(small_mm);
    free(big_src);
    free(big_dst);
    free(big_w);
    if (check_failed_count == 0)
        remove_tmp(TMP);
    return check_finish("test_io_atomic");
}
