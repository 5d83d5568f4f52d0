/*
 * src/algorithms/sssp/sssp_kernels.c - instantiate the typed sssp kernels
 * once per supported (vertex id, edge offset) pair.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "algorithms/sssp/heap.h"
#include "algorithms/sssp/radix_heap.h"
#include "algorithms/sssp/sssp_internal.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "core/stages.h"

#define DYNG_V int32_t
#define DYNG_O int32_t
#define DYNG_FN(x) x##_v32_o32
#define DYNG_SSSP_KERNELS dyng_i_sssp_v32_o32
#include "sssp.tmpl.h"
#undef DYNG_V
#undef DYNG_O
#undef DYNG_FN
#undef DYNG_SSSP_KERNELS

#define DYNG_V int32_t
#define DYNG_O int64_t
#define DYNG_FN(x) x##_v32_o64
#define DYNG_SSSP_KERNELS dyng_i_sssp_v32_o64
#include "sssp.tmpl.h"
#undef DYNG_V
#undef DYNG_O
#undef DYNG_FN
#undef DYNG_SSSP_KERNELS

#define DYNG_V int64_t
#define DYNG_O int64_t
#define DYNG_FN(x) x##_v64_o64
#define DYNG_SSSP_KERNELS dyng_i_sssp_v64_o64
#include "sssp.tmpl.h"
#undef DYNG_V
#undef DYNG_O
#undef DYNG_FN
#undef DYNG_SSSP_KERNELS
