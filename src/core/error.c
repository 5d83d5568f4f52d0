/*
 * src/core/error.c - the thread-local error message and its location.
 *
 * Each thread has one message buffer. A failing call writes it once with the
 * values that were wrong; the public accessors read it. No allocation is
 * made here, so reporting an out-of-memory error cannot itself fail.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

#define MESSAGE_BYTES 1024
#define PATH_BYTES 1024

static _Thread_local char message[MESSAGE_BYTES];
static _Thread_local char location_path[PATH_BYTES];
static _Thread_local int64_t location_line;
static _Thread_local int64_t location_column;

const char *dyng_status_name(dyng_status status) {
    switch (status) {
    case DYNG_OK: return "OK";
    case DYNG_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case DYNG_NOT_SUPPORTED: return "NOT_SUPPORTED";
    case DYNG_STALE_RESULT: return "STALE_RESULT";
    case DYNG_CAPACITY: return "CAPACITY";
    case DYNG_OUT_OF_MEMORY: return "OUT_OF_MEMORY";
    case DYNG_FILE_FORMAT: return "FILE_FORMAT";
    case DYNG_INTERRUPTED: return "INTERRUPTED";
    case DYNG_INTERNAL: return "INTERNAL";
    }
    return "UNKNOWN";
}

const char *dyng_error_message(void) { return message; }

void dyng_error_location(const char **path, int64_t *line, int64_t *column) {
    if (path != NULL)
        *path = location_path;
    if (line != NULL)
        *line = location_line;
    if (column != NULL)
        *column = location_column;
}

void dyng_error_clear(void) {
    message[0] = '\0';
    location_path[0] = '\0';
    location_line = 0;
    location_column = 0;
}

static void set_message(const char *fmt, va_list ap) {
    vsnprintf(message, sizeof message, fmt, ap);
    location_path[0] = '\0';
    location_line = 0;
    location_column = 0;
}

dyng_status dyng_i_error(dyng_status status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    set_message(fmt, ap);
    va_end(ap);
    return status;
}

void dyng_i_error_set_location(const char *path, int64_t line, int64_t column) {
    snprintf(location_path, sizeof location_path, "%s", path != NULL ? path : "");
    location_line = line;
    location_column = column;
}

dyng_status dyng_i_file_error(const char *path, int64_t line, int64_t column, const char *fmt,
                              ...) {
    /* "path:line:column: detail", each part cut to fit the message buffer. */
    const char *p = path != NULL ? path : "";
    int at;
    if (line > 0 && column > 0)
        at = snprintf(message, sizeof message, "%.400s:%lld:%lld: ", p, (long long)line,
                      (long long)column);
    else if (line > 0)
        at = snprintf(message, sizeof message, "%.400s:%lld: ", p, (long long)line);
    else
        at = snprintf(message, sizeof message, "%.400s: ", p);
    if (at < 0)
        at = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message + at, sizeof message - (size_t)at, fmt, ap);
    va_end(ap);
    dyng_i_error_set_location(path, line, column);
    return DYNG_FILE_FORMAT;
}

dyng_status dyng_i_oom(const char *what, size_t bytes) {
    return dyng_i_error(DYNG_OUT_OF_MEMORY, "out of memory allocating %zu bytes for %s", bytes,
                        what);
}

dyng_status dyng_i_stale_error(const char *kind, uint64_t result_version, uint64_t result_state,
                               uint64_t graph_version, uint64_t graph_state) {
    const unsigned long long rv = result_version, rs = result_state, gv = graph_version,
                             gs = graph_state;
    if (result_version >= graph_version || result_state > graph_state)
        return dyng_i_error(DYNG_STALE_RESULT,
                            "the %s result was computed on another graph (version %llu, state "
                            "%llu), not on this one (version %llu, state %llu); compute a result "
                            "on this graph, or pass the result with its own graph",
                            kind, rv, rs, gv, gs);
    return dyng_i_error(DYNG_STALE_RESULT,
                        "the %s result belongs to version %llu (state %llu) of its graph, and "
                        "this graph is at version %llu (state %llu): a batch was applied without "
                        "updating the result, or the result was computed on another graph; "
                        "recompute it, or update it with every batch",
                        kind, rv, rs, gv, gs);
}
