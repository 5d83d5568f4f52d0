/*
 * src/core/error.h - setting the thread-local error message (internal).
 *
 * dyng_i_error formats a message for the calling thread and returns the
 * status, so a failing path reads `return dyng_i_error(DYNG_..., "...", ...)`.
 * dyng_i_file_error also records the path, line and column.
 */
#ifndef DYNG_I_ERROR_H
#define DYNG_I_ERROR_H

#include <stddef.h>
#include <stdint.h>

#include "dyng/status.h"

#if defined(__GNUC__)
#define DYNG_I_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define DYNG_I_PRINTF(a, b)
#endif

dyng_status dyng_i_error(dyng_status status, const char *fmt, ...) DYNG_I_PRINTF(2, 3);

dyng_status dyng_i_file_error(const char *path, int64_t line, int64_t column, const char *fmt, ...)
    DYNG_I_PRINTF(4, 5);

/* Record the location of an error whose message is already set. */
void dyng_i_error_set_location(const char *path, int64_t line, int64_t column);

/* Return DYNG_STALE_RESULT after a message saying why the `kind` result
 * ("sssp", ...) made for a graph state (result_version, result_state) does not
 * fit the graph now at (graph_version, graph_state). State ids come from one
 * counter and a graph's grow with its versions, so a result whose version is
 * not below the graph's, or whose state id is above the graph's, was made on
 * another graph; otherwise the graph may have moved on since, or the result
 * may come from another graph, and the message names both. */
dyng_status dyng_i_stale_error(const char *kind, uint64_t result_version, uint64_t result_state,
                               uint64_t graph_version, uint64_t graph_state);

/* Return `status` after an out-of-memory message naming what was allocated. */
dyng_status dyng_i_oom(const char *what, size_t bytes);

/* Check a pointer argument: DYNG_INVALID_ARGUMENT naming it when NULL. */
#define DYNG_I_CHECK_ARG(ptr)                                                                      \
    do {                                                                                           \
        if ((ptr) == NULL)                                                                         \
            return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: argument '%s' is NULL", __func__,      \
                                #ptr);                                                             \
    } while (0)

/* The same, in a helper shared by several public functions: `who` names the
 * one the caller called. */
#define DYNG_I_CHECK_ARG_AS(who, ptr)                                                              \
    do {                                                                                           \
        if ((ptr) == NULL)                                                                         \
            return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: argument '%s' is NULL", (who), #ptr);  \
    } while (0)

/* Evaluate a call and return its status when it is not DYNG_OK. */
#define DYNG_I_TRY(call)                                                                           \
    do {                                                                                           \
        dyng_status dyng_i_st_ = (call);                                                           \
        if (dyng_i_st_ != DYNG_OK)                                                                 \
            return dyng_i_st_;                                                                     \
    } while (0)

#endif /* DYNG_I_ERROR_H */
