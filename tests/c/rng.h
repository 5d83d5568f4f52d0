/*
 * tests/c/rng.h - the tests' own small PRNG (SplitMix64), independent of the
 * library's generators. One stream per test program: seed it by setting
 * rng_state.
 */
#ifndef DYNG_TEST_RNG_H
#define DYNG_TEST_RNG_H

#include <stdbool.h>
#include <stdint.h>

static uint64_t rng_state;

static inline uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (n >= 1). */
static inline int64_t rng_below(int64_t n) { return (int64_t)(rng_next() % (uint64_t)n); }

/* True with probability p. */
static inline bool rng_chance(double p) { return (double)(rng_next() >> 11) * 0x1.0p-53 < p; }

#endif /* DYNG_TEST_RNG_H */
