/*
 * src/generators/ctr_rng.h - the counter-based random stream of the general
 * generators (dyng/generators.h, "The random stream"): item i of a stream
 * is a pure function of (seed, stream, i), so a parallel loop over items
 * gives the same bytes as a sequential one, on any thread count and machine.
 *
 *   mix(z)            SplitMix64's output function (Steele, Lea and Flood,
 *                     "Fast splittable pseudorandom number generators",
 *                     OOPSLA 2014; the constants of Java's SplittableRandom).
 *   key(seed, s)      mix(mix(seed) + s * 0xD1B54A32D192ED03).
 *   word(key, i)      mix(key + (i + 1) * 0x9E3779B97F4A7C15): the (i+1)-th
 *                     output of SplitMix64 started at `key`.
 *   more(x)           mix(x + 0x9E3779B97F4A7C15): the word after x, for
 *                     the rare retries of a rejection.
 *   below32(key,i,r)  an unbiased draw in 0..r-1 (1 <= r <= 2^32): the
 *                     candidates are the high, then the low 32 bits of
 *                     word(key, i), then of more(word), ...; a candidate c
 *                     gives (c * r) >> 32 unless the low 32 bits of c * r fall
 *                     below 2^32 mod r, when the next candidate is tried
 *                     (Lemire, "Fast random integer generation in an
 *                     interval", 2019). r = 2^32 takes the first candidate.
 *   below64(key,i,r)  the same on whole words: word(key, i), more(word), ...,
 *                     with the 128-bit product and 2^64 mod r (r >= 1).
 *   unit(x)           (x >> 11) * 2^-53, in [0, 1).
 *
 * Internal; every function is static inline so loops stay vectorisable.
 */
#ifndef DYNG_I_CTR_RNG_H
#define DYNG_I_CTR_RNG_H

#include <stdint.h>

#define DYNG_I_CTR_GAMMA 0x9E3779B97F4A7C15ULL
#define DYNG_I_CTR_STREAM 0xD1B54A32D192ED03ULL

/* The streams of the generators (the `s` of key(seed, s)). */
enum {
    DYNG_I_STREAM_RMAT = 1,
    DYNG_I_STREAM_ERDOS_RENYI = 2,
    DYNG_I_STREAM_GRID_KEEP = 3,
    DYNG_I_STREAM_WEIGHTS = 4,
    DYNG_I_STREAM_BATCH_WINDOW = 5,
    DYNG_I_STREAM_BATCH_DELETE = 6,
    DYNG_I_STREAM_BATCH_INSERT = 7,
    DYNG_I_STREAM_BATCH_WEIGHTS = 8
};

static inline uint64_t dyng_i_ctr_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t dyng_i_ctr_key(uint64_t seed, uint64_t stream) {
    return dyng_i_ctr_mix(dyng_i_ctr_mix(seed) + stream * DYNG_I_CTR_STREAM);
}

static inline uint64_t dyng_i_ctr_word(uint64_t key, uint64_t i) {
    return dyng_i_ctr_mix(key + (i + 1) * DYNG_I_CTR_GAMMA);
}

static inline uint64_t dyng_i_ctr_more(uint64_t x) { return dyng_i_ctr_mix(x + DYNG_I_CTR_GAMMA); }

static inline double dyng_i_ctr_unit(uint64_t x) {
    return (double)(x >> 11) * (1.0 / 9007199254740992.0);
}

/* 0..r-1, 1 <= r <= 2^32. */
static inline uint64_t dyng_i_ctr_below32(uint64_t key, uint64_t i, uint64_t r) {
    uint64_t x = dyng_i_ctr_word(key, i);
    if (r >= (1ULL << 32))
        return x >> 32;
    const uint32_t threshold = (uint32_t)((1ULL << 32) - r) % (uint32_t)r; /* 2^32 mod r */
    for (int half = 0;; half ^= 1) {
        uint64_t c = half == 0 ? x >> 32 : x & 0xFFFFFFFFu;
        uint64_t p = c * r;
        if ((uint32_t)p >= threshold)
            return p >> 32;
        if (half == 1)
            x = dyng_i_ctr_more(x);
    }
}

/* The 128-bit product a * b as its high and low halves. */
static inline void dyng_i_ctr_mul128(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* 0..r-1, r >= 1. */
static inline uint64_t dyng_i_ctr_below64(uint64_t key, uint64_t i, uint64_t r) {
    uint64_t x = dyng_i_ctr_word(key, i), hi, lo;
    const uint64_t threshold = (0 - r) % r; /* 2^64 mod r */
    for (;;) {
        dyng_i_ctr_mul128(x, r, &hi, &lo);
        if (lo >= threshold)
            return hi;
        x = dyng_i_ctr_more(x);
    }
}

#endif /* DYNG_I_CTR_RNG_H */
