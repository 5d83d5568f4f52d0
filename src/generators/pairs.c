/*
 * src/generators/pairs.c - vertex pairs for the batch generators
 * (generators/pairs.h).
 */
#include <string.h>

#include "core/alloc.h"
#include "generators/pairs.h"

int dyng_i_pair_compare(const void *x, const void *y) {
    const dyng_i_pair *a = x, *b = y;
    if (a->u != b->u)
        return a->u < b->u ? -1 : 1;
    return (a->v > b->v) - (a->v < b->v);
}

bool dyng_i_pair_contains(const dyng_i_pair *sorted, int64_t m, dyng_i_pair p) {
    int64_t lo = 0, hi = m;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        int c = dyng_i_pair_compare(&sorted[mid], &p);
        if (c == 0)
            return true;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

bool dyng_i_pair_set_init(dyng_i_pair_set *s, int64_t count) {
    size_t size = 2;
    while (size < 2 * (size_t)count)
        size *= 2;
    s->mask = size - 1;
    s->slots = dyng_i_malloc(size, sizeof *s->slots);
    if (s->slots != NULL)
        memset(s->slots, 0xFF, size * sizeof *s->slots);
    return s->slots != NULL;
}

/* SplitMix64's finalizer over the pair. */
static size_t pair_hash(dyng_i_pair p) {
    uint64_t h = (uint64_t)p.u * 0x9E3779B97F4A7C15ULL ^ (uint64_t)p.v;
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    return (size_t)(h ^ (h >> 31));
}

bool dyng_i_pair_set_add(dyng_i_pair_set *s, dyng_i_pair p) {
    for (size_t i = pair_hash(p) & s->mask;; i = (i + 1) & s->mask) {
        if (s->slots[i].u < 0) {
            s->slots[i] = p;
            return true;
        }
        if (s->slots[i].u == p.u && s->slots[i].v == p.v)
            return false;
    }
}
