/*
 * tests/c/test_resources.c - resources handles, interrupts, scratch space,
 * status names, the table of supported types and the version string.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "check.h"
#include "core/alloc.h"
#include "core/resources_internal.h"

#if defined(_OPENMP) && !defined(_WIN32)
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#define FORK_TESTS 1
/* ThreadSanitizer refuses new threads in a child of a threaded process. */
#if defined(__has_feature)
#if !__has_feature(thread_sanitizer)
#define FRESH_THREAD_FORK 1
#endif
#elif !defined(__SANITIZE_THREAD__)
#define FRESH_THREAD_FORK 1
#endif
#endif

/* dyng_resources_new: both backends, thread counts as documented. */
static void test_new_backends(void) {
    dyng_resources *r = NULL;
    dyng_backend b;
    int t = -1;

    /* Sequential: always one thread, whatever was asked. */
    CHECK_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 0));
    CHECK(r != NULL);
    CHECK_OK(dyng_resources_backend(&b, r));
    CHECK(b == DYNG_BACKEND_SEQUENTIAL);
    CHECK_OK(dyng_resources_num_threads(&t, r));
    CHECK(t == 1);
    CHECK_OK(dyng_resources_free(&r));
    CHECK(r == NULL);

    CHECK_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 4));
    CHECK_OK(dyng_resources_num_threads(&t, r));
    CHECK(t == 1);
    CHECK_OK(dyng_resources_free(&r));

    if (dyng_openmp_available()) {
        /* OpenMP: the count asked for, and 0 resolves to all threads (>= 1). */
        CHECK_OK(dyng_resources_new(&r, DYNG_BACKEND_OPENMP, 3));
        CHECK_OK(dyng_resources_backend(&b, r));
        CHECK(b == DYNG_BACKEND_OPENMP);
        CHECK_OK(dyng_resources_num_threads(&t, r));
        CHECK(t == 3);
        CHECK_OK(dyng_resources_free(&r));

        CHECK_OK(dyng_resources_new(&r, DYNG_BACKEND_OPENMP, 0));
        CHECK_OK(dyng_resources_num_threads(&t, r));
        CHECK(t >= 1);
#ifdef _OPENMP
        CHECK(t == omp_get_max_threads());
#endif
        CHECK_OK(dyng_resources_free(&r));
    } else {
        /* Not built: NOT_SUPPORTED and *out NULL. */
        r = (dyng_resources *)&t;
        CHECK_STATUS(dyng_resources_new(&r, DYNG_BACKEND_OPENMP, 2), DYNG_NOT_SUPPORTED);
        CHECK(r == NULL);
    }
}

/* dyng_resources_new rejects bad arguments and leaves *out NULL. */
static void test_new_bad_arguments(void) {
    dyng_resources *r = NULL;
    int dummy = 0;

    r = (dyng_resources *)&dummy;
    CHECK_STATUS(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, -1), DYNG_INVALID_ARGUMENT);
    CHECK(r == NULL);
    r = (dyng_resources *)&dummy;
    CHECK_STATUS(dyng_resources_new(&r, DYNG_BACKEND_OPENMP, -3), DYNG_INVALID_ARGUMENT);
    CHECK(r == NULL);
    r = (dyng_resources *)&dummy;
    CHECK_STATUS(dyng_resources_new(&r, (dyng_backend)7, 1), DYNG_INVALID_ARGUMENT);
    CHECK(r == NULL);
    r = (dyng_resources *)&dummy;
    CHECK_STATUS(dyng_resources_new(&r, (dyng_backend)-1, 1), DYNG_INVALID_ARGUMENT);
    CHECK(r == NULL);
    CHECK_STATUS(dyng_resources_new(NULL, DYNG_BACKEND_SEQUENTIAL, 1), DYNG_INVALID_ARGUMENT);
    /* The message says what was wrong. */
    CHECK_STATUS(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, -5), DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "-5") != NULL);
    /* At most DYNG_MAX_THREADS: a count the system cannot start would end the
     * process inside the OpenMP runtime. */
    CHECK_STATUS(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, DYNG_MAX_THREADS + 1),
                 DYNG_INVALID_ARGUMENT);
    CHECK(strstr(dyng_error_message(), "1 .. 1024") != NULL);
    CHECK_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, DYNG_MAX_THREADS));
    dyng_resources_free(&r);

    /* Getters reject NULL. */
    dyng_backend b;
    int t;
    size_t bytes;
    bool set;
    CHECK_STATUS(dyng_resources_backend(&b, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_resources_num_threads(&t, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_resources_scratch_bytes(&bytes, NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_resources_release_scratch(NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_resources_retain(NULL), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_interrupt_is_set(NULL, NULL), DYNG_INVALID_ARGUMENT);
    (void)set;
}

/* Reference counting: retain takes a reference, free drops one and NULLs the
 * caller's pointer; the handle lives until the last reference goes (ASan
 * would report a use after free or a leak). */
static void test_retain_free(void) {
    dyng_resources *r = NULL;
    CHECK_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 1));
    dyng_resources *second = r;
    CHECK_OK(dyng_resources_retain(second));
    CHECK_OK(dyng_resources_free(&r));
    CHECK(r == NULL);
    /* Still alive through `second`. */
    dyng_backend b;
    CHECK_OK(dyng_resources_backend(&b, second));
    CHECK(b == DYNG_BACKEND_SEQUENTIAL);
    CHECK_OK(dyng_interrupt(second));
    CHECK_OK(dyng_resources_free(&second));
    CHECK(second == NULL);

    /* free accepts NULL and a NULL handle. */
    CHECK_OK(dyng_resources_free(NULL));
    dyng_resources *none = NULL;
    CHECK_OK(dyng_resources_free(&none));
    CHECK(none == NULL);
}

/* The default handle: OpenMP on all threads where built, else sequential; a
 * new reference each time. */
static void test_default(void) {
    dyng_resources *r = NULL, *r2 = NULL;
    CHECK_OK(dyng_resources_default(&r));
    CHECK(r != NULL);
    dyng_backend b;
    int t = 0;
    CHECK_OK(dyng_resources_backend(&b, r));
    CHECK(b == (dyng_openmp_available() ? DYNG_BACKEND_OPENMP : DYNG_BACKEND_SEQUENTIAL));
    CHECK_OK(dyng_resources_num_threads(&t, r));
    CHECK(t >= 1);
#ifdef _OPENMP
    if (dyng_openmp_available())
        CHECK(t == omp_get_max_threads());
#endif
    CHECK_OK(dyng_resources_default(&r2));
    CHECK(r2 != NULL);
    CHECK_OK(dyng_resources_free(&r));
    CHECK_OK(dyng_resources_free(&r2));
    CHECK_STATUS(dyng_resources_default(NULL), DYNG_INVALID_ARGUMENT);
}

/* Interrupt flags: per handle and process-wide (r == NULL), independent of
 * each other, set until cleared. */
static void test_interrupt_flags(void) {
    dyng_resources *a = NULL, *b = NULL;
    REQUIRE_OK(dyng_resources_new(&a, DYNG_BACKEND_SEQUENTIAL, 1));
    REQUIRE_OK(dyng_resources_new(&b, DYNG_BACKEND_SEQUENTIAL, 1));
    bool set = true;

    CHECK_OK(dyng_interrupt_is_set(&set, a));
    CHECK(!set);
    CHECK_OK(dyng_interrupt_is_set(&set, NULL));
    CHECK(!set);

    CHECK_OK(dyng_interrupt(a));
    CHECK_OK(dyng_interrupt_is_set(&set, a));
    CHECK(set);
    CHECK_OK(dyng_interrupt_is_set(&set, b));
    CHECK(!set);
    CHECK_OK(dyng_interrupt_is_set(&set, NULL));
    CHECK(!set);
    /* Setting twice keeps it set; clearing clears. */
    CHECK_OK(dyng_interrupt(a));
    CHECK_OK(dyng_interrupt_is_set(&set, a));
    CHECK(set);
    CHECK_OK(dyng_interrupt_clear(a));
    CHECK_OK(dyng_interrupt_is_set(&set, a));
    CHECK(!set);

    /* Process-wide. */
    CHECK_OK(dyng_interrupt(NULL));
    CHECK_OK(dyng_interrupt_is_set(&set, NULL));
    CHECK(set);
    CHECK_OK(dyng_interrupt_is_set(&set, a));
    CHECK(!set);
    CHECK_OK(dyng_interrupt_clear(NULL));
    CHECK_OK(dyng_interrupt_is_set(&set, NULL));
    CHECK(!set);
    /* Clearing a clear flag is fine. */
    CHECK_OK(dyng_interrupt_clear(NULL));
    CHECK_OK(dyng_interrupt_clear(b));

    dyng_resources_free(&a);
    dyng_resources_free(&b);
}

/* Interrupts reach calls: a set flag (handle or process-wide) makes a build
 * and an apply return DYNG_INTERRUPTED; cleared, they work. */
static void test_interrupt_calls(void) {
    dyng_resources *r = NULL;
    REQUIRE_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 1));
    dyng_graph_properties p;
    REQUIRE_OK(dyng_properties_default(&p));
    enum { M = 200000 };
    int32_t *src = malloc(M * sizeof *src), *dst = malloc(M * sizeof *dst);
    for (int i = 0; i < M; i++) {
        src[i] = i % 1000;
        dst[i] = (i * 7 + 3) % 1000;
    }
    for (int which = 0; which < 2; which++) {
        dyng_resources *flag = which == 0 ? r : NULL;
        dyng_graph *g = NULL;
        CHECK_OK(dyng_interrupt(flag));
        CHECK_STATUS(dyng_graph_from_edges(&g, &p, -1, M, src, dst, NULL, r), DYNG_INTERRUPTED);
        CHECK(g == NULL);
        dyng_graph_free(&g);
        CHECK_OK(dyng_interrupt_clear(flag));
        CHECK_OK(dyng_graph_from_edges(&g, &p, -1, M, src, dst, NULL, r));
        dyng_graph_free(&g);
    }
    free(src);
    free(dst);
    dyng_resources_free(&r);
}

/* The testing hooks count polls and allocations only once a test has
 * called them (resources.c, alloc.c): a process that never arms them, as a
 * benchmark on a test build, keeps its threads off the shared counters.
 * Runs first in main, before any test has called a hook. */
static void test_hooks_count_once_called(void) {
    dyng_resources *r = NULL;
    REQUIRE_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 1));
    dyng_graph_properties p;
    REQUIRE_OK(dyng_properties_default(&p));
    enum { M = 70000 }; /* past a poll's stride of rows, so the build polls */
    int32_t *src = malloc(M * sizeof *src), *dst = malloc(M * sizeof *dst);
    REQUIRE(src != NULL && dst != NULL);
    for (int i = 0; i < M; i++) {
        src[i] = i;
        dst[i] = (i + 1) % M;
    }
    dyng_graph *g = NULL;
    CHECK_OK(dyng_graph_from_edges(&g, &p, -1, M, src, dst, NULL, r));
    dyng_graph_free(&g);
    CHECK(dyng_testing_poll_count() == 0);
    CHECK(dyng_testing_allocation_count() == 0);
    CHECK(dyng_testing_interrupt_at_poll(0) == 0);
    CHECK(dyng_testing_fail_allocation(0) == 0);
    /* From here on both count. */
    CHECK_OK(dyng_graph_from_edges(&g, &p, -1, M, src, dst, NULL, r));
    dyng_graph_free(&g);
    CHECK(dyng_testing_poll_count() > 0);
    CHECK(dyng_testing_allocation_count() > 0);
    CHECK(dyng_testing_interrupt_at_poll(0) > 0);
    CHECK(dyng_testing_fail_allocation(0) > 0);
    free(src);
    free(dst);
    dyng_resources_free(&r);
}

/* Scratch space: a new handle holds none; an apply may leave some; a steady
 * stream of equal batches does not grow it; release gives it back. */
static void test_scratch(void) {
    dyng_resources *r = NULL;
    REQUIRE_OK(dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 1));
    size_t bytes = 1;
    CHECK_OK(dyng_resources_scratch_bytes(&bytes, r));
    CHECK(bytes == 0);
    CHECK_OK(dyng_resources_release_scratch(r)); /* nothing to release: fine */

    dyng_graph_properties p;
    REQUIRE_OK(dyng_properties_default(&p));
    p.num_weights = 1;
    enum { M = 5000 };
    int32_t src[M], dst[M], w[M];
    for (int i = 0; i < M; i++) {
        src[i] = i % 500;
        dst[i] = (i / 500) + 1;
        w[i] = i;
    }
    dyng_graph *g = NULL;
    REQUIRE_OK(dyng_graph_from_edges(&g, &p, 600, M, src, dst, w, r));
    dyng_batch *b = NULL;
    REQUIRE_OK(dyng_batch_new(&b, DYNG_TYPE_INT32, 1));
    /* Upserts of existing edges: no row changes size. */
    REQUIRE_OK(dyng_batch_add_insertions(b, M, src, dst, w));

    size_t after[6];
    int64_t allocs[6];
    for (int i = 0; i < 6; i++) {
        dyng_testing_fail_allocation(0);
        CHECK_OK(dyng_graph_apply(g, b, NULL));
        allocs[i] = dyng_testing_allocation_count();
        CHECK_OK(dyng_resources_scratch_bytes(&after[i], r));
    }
    /* After a warm-up the scratch space stays the same size, and an apply
     * allocates nothing (DESIGN 6: the upserts fit where the rows are, so
     * neither the tail grows nor the graph is repacked). */
    CHECK(after[5] == after[3]);
    CHECK(after[4] == after[3]);
    CHECK(allocs[3] == 0 && allocs[4] == 0 && allocs[5] == 0);
    printf("scratch after applies: %zu bytes; allocations per steady apply: %lld\n", after[5],
           (long long)allocs[5]);

    CHECK_OK(dyng_resources_release_scratch(r));
    CHECK_OK(dyng_resources_scratch_bytes(&bytes, r));
    CHECK(bytes == 0);
    /* Still works afterwards. */
    CHECK_OK(dyng_graph_apply(g, b, NULL));
    CHECK_OK(dyng_graph_check(g));

    dyng_batch_free(&b);
    dyng_graph_free(&g);
    dyng_resources_free(&r);
}

/* dyng_status_name for every status, and UNKNOWN outside. */
static void test_status_names(void) {
    static const struct {
        dyng_status s;
        const char *name;
    } table[] = {
        {DYNG_OK, "OK"},
        {DYNG_INVALID_ARGUMENT, "INVALID_ARGUMENT"},
        {DYNG_NOT_SUPPORTED, "NOT_SUPPORTED"},
        {DYNG_STALE_RESULT, "STALE_RESULT"},
        {DYNG_CAPACITY, "CAPACITY"},
        {DYNG_OUT_OF_MEMORY, "OUT_OF_MEMORY"},
        {DYNG_FILE_FORMAT, "FILE_FORMAT"},
        {DYNG_INTERRUPTED, "INTERRUPTED"},
        {DYNG_INTERNAL, "INTERNAL"},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        CHECK(strcmp(dyng_status_name(table[i].s), table[i].name) == 0);
    CHECK(strcmp(dyng_status_name((dyng_status)99), "UNKNOWN") == 0);
    CHECK(strcmp(dyng_status_name((dyng_status)-1), "UNKNOWN") == 0);
}

/* The five supported (vertex, offset, weight) combinations, and rejections
 * with DYNG_NOT_SUPPORTED and the table in the message. */
static void test_types_check(void) {
    CHECK_OK(dyng_types_check(DYNG_TYPE_INT32, DYNG_TYPE_INT32, 1));
    CHECK_OK(dyng_types_check(DYNG_TYPE_INT32, DYNG_TYPE_INT32, 64));
    CHECK_OK(dyng_types_check(DYNG_TYPE_INT32, DYNG_TYPE_INT64, 3));
    CHECK_OK(dyng_types_check(DYNG_TYPE_INT64, DYNG_TYPE_INT64, 1));
    CHECK_OK(dyng_types_check(DYNG_TYPE_INT64, DYNG_TYPE_INT64, 64));
    CHECK_OK(dyng_types_check(DYNG_TYPE_INT32, DYNG_TYPE_INT32, 0));
    CHECK_OK(dyng_types_check(DYNG_TYPE_INT32, DYNG_TYPE_INT64, 0));

    static const struct {
        dyng_type v, o;
        int k;
    } bad[] = {
        {DYNG_TYPE_INT64, DYNG_TYPE_INT32, 1}, {DYNG_TYPE_INT64, DYNG_TYPE_INT32, 0},
        {DYNG_TYPE_INT64, DYNG_TYPE_INT64, 0}, {DYNG_TYPE_NONE, DYNG_TYPE_INT32, 1},
        {DYNG_TYPE_INT32, DYNG_TYPE_NONE, 1},  {DYNG_TYPE_NONE, DYNG_TYPE_NONE, 0},
        {(dyng_type)9, DYNG_TYPE_INT64, 1},    {DYNG_TYPE_INT32, (dyng_type)9, 0},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dyng_error_clear();
        CHECK_STATUS(dyng_types_check(bad[i].v, bad[i].o, bad[i].k), DYNG_NOT_SUPPORTED);
        const char *msg = dyng_error_message();
        /* The message lists the table: every type name it uses appears. */
        CHECK(strstr(msg, "int32") != NULL);
        CHECK(strstr(msg, "int64") != NULL);
        CHECK(strstr(msg, "none") != NULL);
        CHECK(strstr(msg, "supported") != NULL);
    }
    /* num_weights out of 0..64 is an invalid argument. */
    CHECK_STATUS(dyng_types_check(DYNG_TYPE_INT32, DYNG_TYPE_INT32, -1), DYNG_INVALID_ARGUMENT);
    CHECK_STATUS(dyng_types_check(DYNG_TYPE_INT32, DYNG_TYPE_INT32, 65), DYNG_INVALID_ARGUMENT);

    CHECK(strcmp(dyng_type_name(DYNG_TYPE_NONE), "none") == 0);
    CHECK(strcmp(dyng_type_name(DYNG_TYPE_INT32), "int32") == 0);
    CHECK(strcmp(dyng_type_name(DYNG_TYPE_INT64), "int64") == 0);
    CHECK(strcmp(dyng_type_name((dyng_type)5), "unknown") == 0);
    CHECK(dyng_type_size(DYNG_TYPE_NONE) == 0);
    CHECK(dyng_type_size(DYNG_TYPE_INT32) == 4);
    CHECK(dyng_type_size(DYNG_TYPE_INT64) == 8);
    CHECK(strcmp(dyng_backend_name(DYNG_BACKEND_SEQUENTIAL), "sequential") == 0);
    CHECK(strcmp(dyng_backend_name(DYNG_BACKEND_OPENMP), "openmp") == 0);
}

/* dyng_version: "MAJOR.MINOR.PATCH" from the macros, equal to the VERSION
 * file of the source tree. */
static void test_version(void) {
    const char *v = NULL;
    CHECK_OK(dyng_version(&v));
    CHECK(v != NULL);
    char want[64];
    snprintf(want, sizeof want, "%d.%d.%d", DYNG_VERSION_MAJOR, DYNG_VERSION_MINOR,
             DYNG_VERSION_PATCH);
    CHECK(v != NULL && strcmp(v, want) == 0);
    const char *dir = getenv("DYNG_SOURCE_DIR");
    if (dir != NULL && v != NULL) {
        char path[4096];
        snprintf(path, sizeof path, "%s/VERSION", dir);
        FILE *f = fopen(path, "r");
        CHECK(f != NULL);
        if (f != NULL) {
            char line[64] = {0};
            if (fgets(line, sizeof line, f) != NULL)
                line[strcspn(line, "\r\n")] = '\0';
            CHECK(strcmp(line, v) == 0);
            fclose(f);
        }
    }
}

/* The thread-local message: set by a failure, cleared by dyng_error_clear. */
static void test_error_message(void) {
    dyng_error_clear();
    CHECK(strcmp(dyng_error_message(), "") == 0);
    CHECK_STATUS(dyng_types_check(DYNG_TYPE_INT32, DYNG_TYPE_INT32, 99), DYNG_INVALID_ARGUMENT);
    CHECK(strlen(dyng_error_message()) > 0);
    dyng_error_clear();
    CHECK(strcmp(dyng_error_message(), "") == 0);
    const char *path = NULL;
    int64_t line = -1, col = -1;
    dyng_error_location(&path, &line, &col);
    CHECK(path != NULL && strcmp(path, "") == 0);
    CHECK(line == 0 && col == 0);
    dyng_error_location(NULL, NULL, NULL);
}

#ifdef FORK_TESTS
static bool count_chunk(void *context, int64_t k) {
    (void)k;
    int *count = context;
#pragma omp atomic
    (*count)++;
    return true;
}

/* In a child of fork(): the threads r's calls use, and whether a call on
 * them ran every chunk (a team of two would wait for ever for the parent's
 * parked OpenMP threads: alarm() ends that). Exit code 10 + threads. */
static void child_call(dyng_resources *r) {
    alarm(30);
    int threads = 0, count = 0;
    if (dyng_resources_num_threads(&threads, r) != DYNG_OK)
        _exit(1);
    if (dyng_i_run_chunks(64, count_chunk, &count, r, dyng_i_threads(r)) != DYNG_OK || count != 64)
        _exit(2);
    _exit(10 + threads);
}

static int wait_child(pid_t pid) {
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status)); /* not killed by the alarm */
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

#ifdef FRESH_THREAD_FORK
static void *fork_from_fresh_thread(void *arg) {
    pid_t pid = fork();
    if (pid == 0)
        child_call(arg);
    return (void *)(intptr_t)pid;
}
#endif
#endif

/* fork() after a team: the child runs on one thread instead of waiting for
 * the parent's parked OpenMP threads; a child of a thread that never ran a
 * team keeps its threads. */
static void test_fork_after_team(void) {
#ifdef FORK_TESTS
    dyng_resources *r = NULL;
    CHECK_OK(dyng_resources_new(&r, DYNG_BACKEND_OPENMP, 2));
#ifdef FRESH_THREAD_FORK
    pthread_t thread;
    void *pid = NULL;
    CHECK(pthread_create(&thread, NULL, fork_from_fresh_thread, r) == 0);
    CHECK(pthread_join(thread, &pid) == 0);
    CHECK(wait_child((pid_t)(intptr_t)pid) == 12);
#endif
    int count = 0;
    CHECK_OK(dyng_i_run_chunks(64, count_chunk, &count, r, dyng_i_threads(r)));
    CHECK(count == 64);
    pid_t child = fork();
    if (child == 0)
        child_call(r);
    CHECK(wait_child(child) == 11);
    int threads = 0;
    CHECK_OK(dyng_resources_num_threads(&threads, r)); /* the parent keeps its two */
    CHECK(threads == 2);
    CHECK_OK(dyng_resources_free(&r));
#endif
}

int main(void) {
    test_hooks_count_once_called(); /* first: no hook called before it */
    test_new_backends();
    test_new_bad_arguments();
    test_retain_free();
    test_default();
    test_interrupt_flags();
    test_interrupt_calls();
    test_scratch();
    test_status_names();
    test_types_check();
    test_version();
    test_error_message();
    test_fork_after_team();
    return check_finish("test_resources");
}
