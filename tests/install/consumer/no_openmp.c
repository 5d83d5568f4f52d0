/* Compiled with the flags dyng::dyng and dyng::dyng_static give their users:
 * they must not turn on OpenMP (the library links its runtime privately). */
#include <dyng/dyng.h>

#ifdef _OPENMP
#error "linking libdyng put -fopenmp on this program's compile line"
#endif

int dyng_consumer_no_openmp(void) { return DYNG_VERSION_MAJOR; }
