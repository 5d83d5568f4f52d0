/*
 * src/generators/stdrng.h - the C++ standard library's random streams, as
 * libstdc++ (GCC 12) produces them, so that generators reproduce the research
 * codes' outputs bit for bit.
 *
 *   dyng_i_mt64          std::mt19937_64 (seeding and output as the standard
 *                        defines them; its 10000th output from the default
 *                        seed 5489 is 9981545732273789042).
 *   dyng_i_uniform_u64   std::uniform_int_distribution<uint64_t>(a, b)(g) on
 *                        that engine: one 64x64-bit product per draw, whose
 *                        high half is the value, redrawn while the low half
 *                        falls below 2^64 mod (b - a + 1) (Lemire, 2019).
 *   dyng_i_shuffle       std::shuffle: for ranges whose square fits the
 *                        engine, one draw in 0..(i+1)(i+2)-1 gives the swap
 *                        positions of two elements at once, after a first
 *                        single swap when the length is even.
 *   dyng_i_mt32          std::mt19937 (its 10000th output from the default
 *                        seed 5489 is 4123659995), with
 *   dyng_i_uniform32     std::uniform_int_distribution(a, b)(g) for b - a
 *                        below 2^32: one 32x32-bit product, whose high half
 *                        is the value, redrawn while the low half falls
 *                        below 2^32 mod (b - a + 1); and
 *   dyng_i_shuffle32     std::shuffle on it (the rule above: pairs of swaps
 *                        while the square of the length fits 32 bits).
 */
#ifndef DYNG_I_STDRNG_H
#define DYNG_I_STDRNG_H

#include <stddef.h>
#include <stdint.h>

#define DYNG_I_MT64_N 312

typedef struct dyng_i_mt64 {
    uint64_t mt[DYNG_I_MT64_N];
    int next; /* index of the next word to temper; N: regenerate first */
} dyng_i_mt64;

void dyng_i_mt64_seed(dyng_i_mt64 *g, uint64_t seed);
uint64_t dyng_i_mt64_next(dyng_i_mt64 *g);
uint64_t dyng_i_uniform_u64(dyng_i_mt64 *g, uint64_t a, uint64_t b);
/* Shuffle n elements of `size` bytes each (size at most 16). */
void dyng_i_shuffle(dyng_i_mt64 *g, void *items, size_t n, size_t size);

#define DYNG_I_MT32_N 624

typedef struct dyng_i_mt32 {
    uint32_t mt[DYNG_I_MT32_N];
    int next; /* index of the next word to temper; N: regenerate first */
} dyng_i_mt32;

void dyng_i_mt32_seed(dyng_i_mt32 *g, uint32_t seed);
uint32_t dyng_i_mt32_next(dyng_i_mt32 *g);
/* a <= b and b - a <= UINT32_MAX. */
int64_t dyng_i_uniform32(dyng_i_mt32 *g, int64_t a, int64_t b);
void dyng_i_shuffle32(dyng_i_mt32 *g, void *items, size_t n, size_t size);

#endif /* DYNG_I_STDRNG_H */
