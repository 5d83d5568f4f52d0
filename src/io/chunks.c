/*
 * src/io/chunks.c - the parallel text readers' chunks (io/chunks.h).
 */
#include <string.h>

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
