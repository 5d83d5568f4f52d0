/*
 * src/algorithms/cycle_count/cycle_count_kernels.c - instantiate the typed
 * cycle_count kernels once per supported (vertex id, edge offset) pair.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "algorithms/cycle_count/cycle_count_internal.h"
#include "core/error.h"
#include "core/resources_internal.h"

#define DYNG_V int32_t
#define DYNG_O int32_t
#define DYNG_FN(x) x##_v32_o32
#define DYNG_CC_KERNELS dyng_i_cc_v32_o32
#include "cycle_count.tmpl.h"
#undef DYNG_V
#undef DYNG_O
#undef DYNG_FN
#undef DYNG_CC_KERNELS

#define DYNG_V int32_t
#define DYNG_O int64_t
#define DYNG_FN(x) x##_v32_o64
#define DYNG_CC_KERNELS dyng_i_cc_v32_o64
#include "cycle_count.tmpl.h"
#undef DYNG_V
#undef DYNG_O
#undef DYNG_FN
#undef DYNG_CC_KERNELS

#define DYNG_V int64_t
#define DYNG_O int64_t
#define DYNG_FN(x) x##_v64_o64
#define DYNG_CC_KERNELS dyng_i_cc_v64_o64
#include "cycle_count.tmpl.h"
#undef DYNG_V
#undef DYNG_O
#undef DYNG_FN
#undef DYNG_CC_KERNELS
