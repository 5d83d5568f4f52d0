/*
 * dyng/types.h - run-time element types, version, and the supported tables.
 *
 * A graph carries its vertex-id type, its edge-offset type and its weight type
 * at run time (as a GraphBLAS object carries its type). The supported
 * combinations of (vertex id, edge offset, weight) are:
 *
 *     vertex   offset   weight
 *     int32    int32    int32     the default
 *     int32    int64    int32
 *     int64    int64    int32
 *     int32    int32    none      (num_weights == 0)
 *     int32    int64    none      (num_weights == 0)
 *
 * Weights are int32, num_weights per edge (0..DYNG_MAX_WEIGHTS); a graph with
 * num_weights == 0 is unweighted and has weight type "none".
 */
#ifndef DYNG_TYPES_H
#define DYNG_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DYNG_VERSION_MAJOR 0
#define DYNG_VERSION_MINOR 1
#define DYNG_VERSION_PATCH 0

/* The most weights an edge may carry. */
#define DYNG_MAX_WEIGHTS 64

typedef enum dyng_type { DYNG_TYPE_NONE = 0, DYNG_TYPE_INT32 = 1, DYNG_TYPE_INT64 = 2 } dyng_type;

/* "none", "int32", "int64" (or "unknown"). */
const char *dyng_type_name(dyng_type type);

/* Bytes per element: 0, 4, 8. */
size_t dyng_type_size(dyng_type type);

/* DYNG_OK when (vertex, offset, num_weights) is one of the supported
 * combinations above; DYNG_NOT_SUPPORTED with the table in the message
 * otherwise, DYNG_INVALID_ARGUMENT when num_weights is out of 0..64. */
dyng_status dyng_types_check(dyng_type vertex, dyng_type offset, int num_weights);

/* The library version as "MAJOR.MINOR.PATCH". Never fails. */
dyng_status dyng_version(const char **version);

#ifdef __cplusplus
}
#endif
#endif /* DYNG_TYPES_H */
