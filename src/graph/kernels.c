/*
 * src/graph/kernels.c - instantiate the typed graph kernels once per
 * supported (vertex id, edge offset) pair, and pick them at run time.
 */
/* Rows are short: keep the small copy loops of kernels.tmpl.h as loops
 * instead of letting GCC turn them into memcpy calls, which cost more. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "apply_plan.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/resources_internal.h"

#define DYNG_V int32_t
#define DYNG_O int32_t
#define DYNG_FN(x) x##_v32_o32
#define DYNG_O_LIMIT ((int64_t)INT32_MAX)
#define DYNG_O_NAME "int32"
#define DYNG_KERNELS dyng_i_kernels_v32_o32
#include "kernels.tmpl.h"
#include "kernels_off.h"

#define DYNG_V int32_t
#define DYNG_O int64_t
#define DYNG_FN(x) x##_v32_o64
#define DYNG_O_LIMIT (INT64_MAX / 4)
#define DYNG_O_NAME "int64"
#define DYNG_KERNELS dyng_i_kernels_v32_o64
#include "kernels.tmpl.h"
#include "kernels_off.h"

#define DYNG_V int64_t
#define DYNG_O int64_t
#define DYNG_FN(x) x##_v64_o64
#define DYNG_O_LIMIT (INT64_MAX / 4)
#define DYNG_O_NAME "int64"
#define DYNG_KERNELS dyng_i_kernels_v64_o64
#include "kernels.tmpl.h"
#include "kernels_off.h"

const dyng_i_kernels *dyng_i_kernels_for(dyng_type vertex, dyng_type offset) {
    if (vertex == DYNG_TYPE_INT32 && offset == DYNG_TYPE_INT32)
        return &dyng_i_kernels_v32_o32;
    if (vertex == DYNG_TYPE_INT32 && offset == DYNG_TYPE_INT64)
        return &dyng_i_kernels_v32_o64;
    if (vertex == DYNG_TYPE_INT64 && offset == DYNG_TYPE_INT64)
        return &dyng_i_kernels_v64_o64;
    return NULL;
}
