/*
 * src/generators/stdrng.c - std::mt19937_64, std::mt19937,
 * uniform_int_distribution and shuffle as libstdc++ computes them (see
 * stdrng.h).
 */
#include "stdrng.h"

#include <string.h>

/* The mt19937_64 parameters of the standard ([rand.predef]). */
enum { MT_M = 156 };
static const uint64_t MT_A = 0xB5026F5AA96619E9ULL;
static const uint64_t MT_UPPER = 0xFFFFFFFF80000000ULL; /* the top w - r = 33 bits */
static const uint64_t MT_LOWER = 0x000000007FFFFFFFULL;
static const uint64_t MT_F = 6364136223846793005ULL;

void dyng_i_mt64_seed(dyng_i_mt64 *g, uint64_t seed) {
    g->mt[0] = seed;
    for (int i = 1; i < DYNG_I_MT64_N; i++) {
        uint64_t p = g->mt[i - 1];
        g->mt[i] = MT_F * (p ^ (p >> 62)) + (uint64_t)i;
    }
    g->next = DYNG_I_MT64_N;
}

/* The twist: a new block of N words from the last one. */
static void regenerate(dyng_i_mt64 *g) {
    uint64_t *mt = g->mt;
    for (int k = 0; k < DYNG_I_MT64_N; k++) {
        uint64_t y = (mt[k] & MT_UPPER) | (mt[(k + 1) % DYNG_I_MT64_N] & MT_LOWER);
        mt[k] = mt[(k + MT_M) % DYNG_I_MT64_N] ^ (y >> 1) ^ ((y & 1) ? MT_A : 0);
    }
    g->next = 0;
}

uint64_t dyng_i_mt64_next(dyng_i_mt64 *g) {
    if (g->next >= DYNG_I_MT64_N)
        regenerate(g);
    uint64_t y = g->mt[g->next++];
    y ^= (y >> 29) & 0x5555555555555555ULL;
    y ^= (y << 17) & 0x71D67FFFEDA60000ULL;
    y ^= (y << 37) & 0xFFF7EEE000000000ULL;
    y ^= y >> 43;
    return y;
}

/* The 128-bit product a * b as its high and low halves, from 32-bit parts. */
static void mul_64x64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

uint64_t dyng_i_uniform_u64(dyng_i_mt64 *g, uint64_t a, uint64_t b) {
    uint64_t span = b - a;  /* b >= a */
    if (span == UINT64_MAX) /* the engine's own range: its output as it is */
        return a + dyng_i_mt64_next(g);
    uint64_t range = span + 1, hi, lo;
    mul_64x64(dyng_i_mt64_next(g), range, &hi, &lo);
    if (lo < range) {
        uint64_t threshold = (0 - range) % range; /* 2^64 mod range */
        while (lo < threshold)
            mul_64x64(dyng_i_mt64_next(g), range, &hi, &lo);
    }
    return a + hi;
}

static void swap_items(unsigned char *items, size_t i, size_t j, size_t size) {
    unsigned char t[16];
    memcpy(t, items + i * size, size);
    memcpy(items + i * size, items + j * size, size);
    memcpy(items + j * size, t, size);
}

/* std::shuffle over an engine whose outputs span 0..engine_max, drawing
 * through uniform(engine, a, b). */
typedef uint64_t (*uniform_fn)(void *engine, uint64_t a, uint64_t b);

static void shuffle_with(void *g, uniform_fn uniform, uint64_t engine_max, void *items_, size_t n,
                         size_t size) {
    unsigned char *items = items_;
    if (n == 0)
        return;
    uint64_t range = (uint64_t)n;
    if (engine_max / range >= range) {
        /* Pairs of swaps from one draw: position i swaps with x / (i + 2) and
         * i + 1 with x % (i + 2), x uniform in 0..(i + 1)(i + 2) - 1. */
        size_t i = 1;
        if (n % 2 == 0) {
            swap_items(items, i, (size_t)uniform(g, 0, 1), size);
            i++;
        }
        while (i != n) {
            uint64_t b0 = (uint64_t)i + 1, b1 = b0 + 1;
            uint64_t x = uniform(g, 0, b0 * b1 - 1);
            swap_items(items, i, (size_t)(x / b1), size);
            i++;
            swap_items(items, i, (size_t)(x % b1), size);
            i++;
        }
        return;
    }
    for (size_t i = 1; i < n; i++)
        swap_items(items, i, (size_t)uniform(g, 0, (uint64_t)i), size);
}

static uint64_t uniform64(void *g, uint64_t a, uint64_t b) { return dyng_i_uniform_u64(g, a, b); }

void dyng_i_shuffle(dyng_i_mt64 *g, void *items, size_t n, size_t size) {
    shuffle_with(g, uniform64, UINT64_MAX, items, n, size);
}

/* ---- std::mt19937 ---------------------------------------------------------- */

/* The mt19937 parameters of the standard ([rand.predef]). */
enum { MT32_M = 397 };
static const uint32_t MT32_A = 0x9908B0DFu;
static const uint32_t MT32_UPPER = 0x80000000u; /* the top w - r = 1 bit */
static const uint32_t MT32_LOWER = 0x7FFFFFFFu;
static const uint32_t MT32_F = 1812433253u;

void dyng_i_mt32_seed(dyng_i_mt32 *g, uint32_t seed) {
    g->mt[0] = seed;
    for (int i = 1; i < DYNG_I_MT32_N; i++) {
        uint32_t p = g->mt[i - 1];
        g->mt[i] = MT32_F * (p ^ (p >> 30)) + (uint32_t)i;
    }
    g->next = DYNG_I_MT32_N;
}

uint32_t dyng_i_mt32_next(dyng_i_mt32 *g) {
    uint32_t *mt = g->mt;
    if (g->next >= DYNG_I_MT32_N) {
        for (int k = 0; k < DYNG_I_MT32_N; k++) {
            uint32_t y = (mt[k] & MT32_UPPER) | (mt[(k + 1) % DYNG_I_MT32_N] & MT32_LOWER);
            mt[k] = mt[(k + MT32_M) % DYNG_I_MT32_N] ^ (y >> 1) ^ ((y & 1) ? MT32_A : 0);
        }
        g->next = 0;
    }
    uint32_t y = mt[g->next++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9D2C5680u;
    y ^= (y << 15) & 0xEFC60000u;
    y ^= y >> 18;
    return y;
}

int64_t dyng_i_uniform32(dyng_i_mt32 *g, int64_t a, int64_t b) {
    const uint64_t span = (uint64_t)b - (uint64_t)a;
    if (span == UINT32_MAX) /* the engine's own range */
        return a + (int64_t)dyng_i_mt32_next(g);
    const uint64_t range = span + 1;
    uint64_t product = (uint64_t)dyng_i_mt32_next(g) * range;
    if ((uint32_t)product < range) {
        const uint32_t threshold = (uint32_t)(0u - (uint32_t)range) % (uint32_t)range;
        while ((uint32_t)product < threshold)
            product = (uint64_t)dyng_i_mt32_next(g) * range;
    }
    return a + (int64_t)(product >> 32);
}

static uint64_t uniform32(void *g, uint64_t a, uint64_t b) {
    return (uint64_t)dyng_i_uniform32(g, (int64_t)a, (int64_t)b);
}

void dyng_i_shuffle32(dyng_i_mt32 *g, void *items, size_t n, size_t size) {
    shuffle_with(g, uniform32, UINT32_MAX, items, n, size);
}
