/*
 * src/generators/pairs.h - vertex pairs for the batch generators (internal):
 * sorted lists searched by bisection, and a set that tells a pair drawn
 * twice.
 */
#ifndef DYNG_I_PAIRS_H
#define DYNG_I_PAIRS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct dyng_i_pair {
    int64_t u, v;
} dyng_i_pair;

/* The order (u, v), for qsort. */
int dyng_i_pair_compare(const void *x, const void *y);

/* Whether p is among the first m pairs of a sorted list. */
bool dyng_i_pair_contains(const dyng_i_pair *sorted, int64_t m, dyng_i_pair p);

/* An open-addressing set of pairs of non-negative ids (u == -1: empty). */
typedef struct dyng_i_pair_set {
    dyng_i_pair *slots;
    size_t mask;
} dyng_i_pair_set;

/* Room for `count` pairs at half load; false when out of memory (slots
 * NULL). Free slots with dyng_i_free. */
bool dyng_i_pair_set_init(dyng_i_pair_set *s, int64_t count);

/* Insert p; false when it was there already. */
bool dyng_i_pair_set_add(dyng_i_pair_set *s, dyng_i_pair p);

#endif /* DYNG_I_PAIRS_H */
