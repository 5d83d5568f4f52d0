/*
 * src/io/chunks.c - the parallel text readers' chunks (io/chunks.h).
 */
#include <stdatomic.h>
#include <string.h>

#include "core/resources_internal.h"
#include "io/chunks.h"

const char *dyng_i_chunk_start(const char *begin, const char *end, int64_t n, int64_t k) {
    if (k <= 0)
        return begin;
    if (k >= n)
        return end;
    const size_t size = (size_t)(end - begin);
    const char *q = begin + (size_t)((double)size * (double)k / (double)n);
    if (q > begin && q < end && q[-1] != '\n') {
        const char *nl = memchr(q, '\n', (size_t)(end - q));
        q = nl != NULL ? nl + 1 : end;
    }
    return q;
}

dyng_status dyng_i_run_chunks(int64_t n, bool (*run)(void *context, int64_t k), void *context,
                              dyng_resources *r, int threads) {
    atomic_int_fast64_t first_failed;
    atomic_int interrupted;
    atomic_init(&first_failed, n);
    atomic_init(&interrupted, 0);
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#endif
    for (int64_t k = 0; k < n; k++) {
        if (atomic_load(&interrupted) || k > (int64_t)atomic_load(&first_failed))
            continue;
        if (dyng_i_interrupted(r)) {
            atomic_store(&interrupted, 1);
            continue;
        }
        if (!run(context, k)) {
            int_fast64_t seen = atomic_load(&first_failed);
            while (k < seen && !atomic_compare_exchange_weak(&first_failed, &seen, k))
                ;
        }
    }
    (void)threads;
    return atomic_load(&interrupted) ? DYNG_INTERRUPTED : DYNG_OK;
}
