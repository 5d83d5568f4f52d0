/*
 * dyng/status.h - status codes and the thread-local error message.
 *
 * Every fallible public function of libdyng returns a dyng_status.  When a call
 * fails it leaves a message in storage that belongs to the calling thread; the
 * message stays until the next failing call on that thread.  A failure from a
 * file reader also records the path, line and column (1-based; 0 when unknown).
 *
 * The accessors below are the only public functions that do not return a
 * status: they cannot fail.
 */
#ifndef DYNG_STATUS_H
#define DYNG_STATUS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum dyng_status {
    DYNG_OK = 0,
    DYNG_INVALID_ARGUMENT = 1, /* bad input: values, sizes, ids, options      */
    DYNG_NOT_SUPPORTED = 2,    /* a type combination or backend not built     */
    DYNG_STALE_RESULT = 3,     /* a result used after its graph changed       */
    DYNG_CAPACITY = 4,         /* a size past what the chosen types can hold  */
    DYNG_OUT_OF_MEMORY = 5,    /* an allocation failed; nothing was changed   */
    DYNG_FILE_FORMAT = 6,      /* a malformed or unreadable file              */
    DYNG_INTERRUPTED = 7,      /* the interrupt flag was set; nothing changed */
    DYNG_INTERNAL = 8          /* a broken invariant: a bug in dynG           */
} dyng_status;

/* The enumerator's name without the prefix ("OK", "INVALID_ARGUMENT", ...);
 * "UNKNOWN" for a value outside the enumeration. */
const char *dyng_status_name(dyng_status status);

/* The message of the last failed call on this thread ("" if none). The
 * pointer stays valid until the next libdyng call on this thread. */
const char *dyng_error_message(void);

/* The location of the last file-format error on this thread: path ("" if
 * none), line and column (1-based, 0 when unknown). Any pointer may be NULL. */
void dyng_error_location(const char **path, int64_t *line, int64_t *column);

/* Forget the last message on this thread. */
void dyng_error_clear(void);

#ifdef __cplusplus
}
#endif
#endif /* DYNG_STATUS_H */
