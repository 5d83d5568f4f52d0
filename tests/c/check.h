/*
 * tests/c/check.h - the small assertion kit shared by the C tests.
 *
 * CHECK(cond) and CHECK_OK(call) report the file, line and (for statuses) the
 * library's message, count the failure and go on; a test program returns
 * check_finish() from main, which prints "N passed, N failed" and exits
 * non-zero when anything failed.
 */
#ifndef DYNG_TEST_CHECK_H
#define DYNG_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyng/dyng.h"

static long check_passed_count;
static long check_failed_count;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (cond) {                                                                                \
            check_passed_count++;                                                                  \
        } else {                                                                                   \
            check_failed_count++;                                                                  \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define CHECK_STATUS(call, expected)                                                               \
    do {                                                                                           \
        dyng_status check_st_ = (call);                                                            \
        if (check_st_ == (expected)) {                                                             \
            check_passed_count++;                                                                  \
        } else {                                                                                   \
            check_failed_count++;                                                                  \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s: %s\n", __FILE__, __LINE__, #call, \
                    dyng_status_name(check_st_), dyng_status_name(expected),                       \
                    dyng_error_message());                                                         \
        }                                                                                          \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, DYNG_OK)

/* Stop the program at once (for setup that later checks depend on). */
#define REQUIRE_OK(call)                                                                           \
    do {                                                                                           \
        dyng_status check_st_ = (call);                                                            \
        if (check_st_ != DYNG_OK) {                                                                \
            fprintf(stderr, "%s:%d: %s returned %s: %s\n", __FILE__, __LINE__, #call,              \
                    dyng_status_name(check_st_), dyng_error_message());                            \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* Stop the program at once when a setup condition fails (an allocation). */
#define REQUIRE(cond)                                                                              \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: %s does not hold\n", __FILE__, __LINE__, #cond);               \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* The research codes' goldens and the shared data (../shared) were not
 * found: a failure, so that a run without them cannot pass for one that
 * compared every byte; DYNG_SKIP_GOLDENS=1 makes it a skip, said so. */
static inline void goldens_missing(const char *test, const char *what) {
    const char *skip = getenv("DYNG_SKIP_GOLDENS");
    if (skip != NULL && strcmp(skip, "1") == 0) {
        fprintf(stderr, "%s: %s not found; skipped (DYNG_SKIP_GOLDENS=1)\n", test, what);
        return;
    }
    check_failed_count++;
    fprintf(stderr,
            "%s: %s not found (the tests compare against ../shared; set DYNG_SHARED_DIR, or "
            "DYNG_SKIP_GOLDENS=1 to skip those comparisons)\n",
            test, what);
}

static inline int check_finish(const char *name) {
    printf("%s: %ld passed, %ld failed\n", name, check_passed_count, check_failed_count);
    return check_failed_count == 0 ? 0 : 1;
}

#endif /* DYNG_TEST_CHECK_H */
