/*
 * src/core/types.c - element types and the table of supported combinations.
 */
#include "dyng/types.h"
#include "error.h"

#define DYNG_I_STR2(x) #x
#define DYNG_I_STR(x) DYNG_I_STR2(x)

const char *dyng_type_name(dyng_type type) {
    switch (type) {
    case DYNG_TYPE_NONE: return "none";
    case DYNG_TYPE_INT32: return "int32";
    case DYNG_TYPE_INT64: return "int64";
    }
    return "unknown";
}

size_t dyng_type_size(dyng_type type) {
    switch (type) {
    case DYNG_TYPE_INT32: return 4;
    case DYNG_TYPE_INT64: return 8;
    case DYNG_TYPE_NONE: return 0;
    }
    return 0;
}

#define SUPPORTED_TABLE                                                                            \
    "(vertex, offset, weight) = (int32, int32, int32), (int32, int64, int32), "                    \
    "(int64, int64, int32), (int32, int32, none), (int32, int64, none)"

dyng_status dyng_types_check(dyng_type vertex, dyng_type offset, int num_weights) {
    if (num_weights < 0 || num_weights > DYNG_MAX_WEIGHTS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "num_weights is %d; accepted: 0 (unweighted) to %d", num_weights,
                            DYNG_MAX_WEIGHTS);
    bool v_ok = vertex == DYNG_TYPE_INT32 || vertex == DYNG_TYPE_INT64;
    bool o_ok = offset == DYNG_TYPE_INT32 || offset == DYNG_TYPE_INT64;
    bool ok = v_ok && o_ok && !(vertex == DYNG_TYPE_INT64 && offset == DYNG_TYPE_INT32) &&
              !(vertex == DYNG_TYPE_INT64 && num_weights == 0);
    if (!ok)
        return dyng_i_error(DYNG_NOT_SUPPORTED,
                            "the types (vertex %s, offset %s, weight %s) are not supported; "
                            "supported: " SUPPORTED_TABLE "%s",
                            dyng_type_name(vertex), dyng_type_name(offset),
                            num_weights > 0 ? "int32" : "none",
                            vertex == DYNG_TYPE_INT64 && num_weights == 0
                                ? ". An unweighted graph has int32 ids, so at most 2^31 - 1 "
                                  "vertices; a larger one needs weights (from Python, int32 "
                                  "arrays or vertex_dtype=\"int32\" give int32 ids, checking "
                                  "every id)"
                                : "");
    return DYNG_OK;
}

dyng_status dyng_version(const char **version) {
    DYNG_I_CHECK_ARG(version);
    *version = DYNG_I_STR(DYNG_VERSION_MAJOR) "." DYNG_I_STR(DYNG_VERSION_MINOR) "." DYNG_I_STR(
        DYNG_VERSION_PATCH);
    return DYNG_OK;
}
