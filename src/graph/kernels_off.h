/* src/graph/kernels_off.h - undefine the macros of one kernels.tmpl.h instance. */
#undef DYNG_V
#undef DYNG_O
#undef DYNG_FN
#undef DYNG_O_LIMIT
#undef DYNG_O_NAME
#undef DYNG_KERNELS
