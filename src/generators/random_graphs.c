/*
 * src/generators/random_graphs.c - R-MAT, Erdos-Renyi G(n, m), grids and
 * seeded weights (dyng/generators.h, "General generators").
 *
 * Every random value is an item of the counter-based stream of ctr_rng.h,
 * addressed by its output position, so each parallel loop writes the same
 * bytes on any thread count. What needs an order (dropping duplicates, the
 * first m distinct draws of G(n, m)) goes through a stable parallel LSD
 * radix sort, whose output is fixed by its input alone.
 *
 * R-MAT draws 6 levels per 32 random bits with Walker's alias method over
 * the 4^6 level combinations (a 16 KiB table that stays in L1): two 64-bit
 * words for scale 20, instead of one per level, which keeps generation close
 * to the cost of writing the arrays. The thresholds have 20 bits, so each
 * combination's probability is a multiple of 2^-32 (the error in the
 * distribution of 6 levels is at most 2^-20 in total variation). The tables are built in integer
 * arithmetic from the products of the probabilities (products only, so no contraction into fused
 * multiply-adds can change them), the same on every machine.
 *
 * G(n, m) takes the first m distinct draws of a uniform stream over the
 * pairs: a uniformly random m-subset that does not depend on how the draws
 * are split among threads (Floyd-style selection would be sequential).
 */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/memory.h"
#include "core/resources_internal.h"
#include "ctr_rng.h"
#include "dyng/generators.h"
#include "random_graphs.h"

#define CHUNK 65536 /* items per interrupt poll in the parallel fills */
#define RADIX_BITS 11
#define RADIX (1 << RADIX_BITS)
#define RMAT_GROUP 6           /* levels per alias draw: 4096 entries, in L1 */
#define RMAT_THRESHOLD_BITS 20 /* an alias draw is 2 * 6 + 20 = 32 bits       */

/* ---- shared pieces ---------------------------------------------------------- */

/* resources NULL: the process default, returned in *own to be freed. */
static dyng_status take_resources(dyng_resources **r, dyng_resources **own) {
    *own = NULL;
    if (*r == NULL) {
        DYNG_I_TRY(dyng_resources_default(own));
        *r = *own;
    }
    return DYNG_OK;
}

/*
 * The parallel fills: fill(ctx, lo, hi) writes items [lo, hi) of an output
 * of `count` items, which fill_all cuts into pieces of `per` items and runs
 * on r's threads, polling the interrupt flag before each piece
 * (dyng_i_run_chunks). Every item is a function of its position alone, so
 * the output is the same on any thread count. Returns DYNG_INTERRUPTED,
 * saying what was being made, when the flag was seen (some pieces were
 * then not written).
 */
typedef void (*fill_fn)(void *ctx, int64_t lo, int64_t hi);

typedef struct fill_job {
    int64_t count, per;
    fill_fn fill;
    void *ctx;
} fill_job;

static bool fill_piece(void *job, int64_t k) {
    const fill_job *j = job;
    const int64_t lo = k * j->per, hi = lo + j->per < j->count ? lo + j->per : j->count;
    j->fill(j->ctx, lo, hi);
    return true;
}

static dyng_status fill_all(int64_t count, int64_t per, fill_fn fill, void *ctx, dyng_resources *r,
                            const char *what) {
    fill_job job = {count, per, fill, ctx};
    if (count > 0 && dyng_i_run_chunks((count + per - 1) / per, fill_piece, &job, r,
                                       dyng_i_threads(r)) != DYNG_OK)
        return dyng_i_error(DYNG_INTERRUPTED, "%s interrupted", what);
    return DYNG_OK;
}

static dyng_status check_weights(const char *fn, int k, int32_t low, int32_t high) {
    if (k < 0 || k > DYNG_MAX_WEIGHTS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: num_weights is %d; accepted: 0 to %d", fn,
                            k, DYNG_MAX_WEIGHTS);
    if (k > 0 && low > high)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: weight_low %ld is above weight_high %ld; accepted: low <= high",
                            fn, (long)low, (long)high);
    return DYNG_OK;
}

/* The id type for ids up to max_id. */
static dyng_status pick_type(dyng_type *out, dyng_type asked, int64_t max_id, const char *fn) {
    if (asked == DYNG_TYPE_NONE) {
        *out = max_id <= INT32_MAX ? DYNG_TYPE_INT32 : DYNG_TYPE_INT64;
        return DYNG_OK;
    }
    if (asked != DYNG_TYPE_INT32 && asked != DYNG_TYPE_INT64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: vertex_type is %d; accepted: none (pick), int32, int64", fn,
                            (int)asked);
    if (asked == DYNG_TYPE_INT32 && max_id > INT32_MAX)
        return dyng_i_error(DYNG_CAPACITY,
                            "%s: ids go up to %lld, past int32; ask for int64 ids (or none)", fn,
                            (long long)max_id);
    *out = asked;
    return DYNG_OK;
}

/* m edges of k weights and two ids of type vt: within size_t, and within the
 * memory this process may use? The arrays are written whole, so an
 * allocation past that memory would not fail but get the process killed
 * (as with a graph's row records, dyng_i_records_pass_memory): refused
 * first. What the arrays take is the least a generator needs. */
static dyng_status check_bytes(int64_t m, dyng_type vt, int k, const char *fn) {
    size_t per = 2 * dyng_type_size(vt) + 4 * (size_t)k;
    if ((uint64_t)m > SIZE_MAX / per)
        return dyng_i_error(DYNG_CAPACITY, "%s: %lld edges are more than this machine can address",
                            fn, (long long)m);
    char past[96];
    if (dyng_i_past_memory((double)((size_t)m * per), past, sizeof past))
        return dyng_i_error(DYNG_CAPACITY, "%s: %lld edges take %s", fn, (long long)m, past);
    return DYNG_OK;
}

/* Allocate src and dst for m edges (weights later). */
static dyng_status alloc_ids(dyng_edge_arrays *a, dyng_type vt, int64_t m) {
    size_t vs = dyng_type_size(vt), count = m > 0 ? (size_t)m : 1;
    a->vertex_type = vt;
    a->src = dyng_i_malloc(count, vs);
    a->dst = dyng_i_malloc(count, vs);
    if (a->src == NULL || a->dst == NULL) {
        dyng_edge_arrays_free(a);
        return dyng_i_oom("the generated edge arrays", 2 * count * vs);
    }
    return DYNG_OK;
}

static inline void put_id(void *arr, dyng_type vt, int64_t i, uint64_t x) {
    if (vt == DYNG_TYPE_INT32)
        ((int32_t *)arr)[i] = (int32_t)x;
    else
        ((int64_t *)arr)[i] = (int64_t)x;
}

static inline uint64_t get_id(const void *arr, dyng_type vt, int64_t i) {
    return vt == DYNG_TYPE_INT32 ? (uint64_t)((const int32_t *)arr)[i]
                                 : (uint64_t)((const int64_t *)arr)[i];
}

/* out[0 .. count) = low + below(high - low + 1), stream 4, item i. */
typedef struct weights_fill {
    int32_t *out;
    int32_t low;
    uint64_t key, range;
} weights_fill;

static void fill_weight_items(void *ctx, int64_t lo, int64_t hi) {
    const weights_fill f = *(const weights_fill *)ctx;
    for (int64_t i = lo; i < hi; i++)
        f.out[i] =
            (int32_t)((int64_t)f.low + (int64_t)dyng_i_ctr_below32(f.key, (uint64_t)i, f.range));
}

static dyng_status fill_weights(int32_t *out, int64_t count, int32_t low, int32_t high,
                                uint64_t seed, dyng_resources *r) {
    weights_fill f = {out, low, dyng_i_ctr_key(seed, DYNG_I_STREAM_WEIGHTS),
                      (uint64_t)((int64_t)high - (int64_t)low + 1)};
    return fill_all(count, CHUNK, fill_weight_items, &f, r, "weight generation");
}

/* Attach k weights per edge to a (a->num_edges set); frees a on failure. */
static dyng_status attach_weights(dyng_edge_arrays *a, int k, int32_t low, int32_t high,
                                  uint64_t seed, dyng_resources *r) {
    a->num_weights = k;
    a->field = k > 0 ? DYNG_MM_INTEGER : DYNG_MM_PATTERN;
    if (k == 0)
        return DYNG_OK;
    size_t count = (size_t)a->num_edges * (size_t)k;
    a->weights = dyng_i_malloc(count > 0 ? count : 1, sizeof(int32_t));
    dyng_status s = a->weights == NULL
                        ? dyng_i_oom("the generated weights", count * 4)
                        : fill_weights(a->weights, (int64_t)count, low, high, seed, r);
    if (s != DYNG_OK)
        dyng_edge_arrays_free(a);
    return s;
}

/*
 * Stable LSD radix sort of (*keys)[0..m) by their low `bits` bits, 11 bits a
 * pass, carrying (*vals) along when it is not NULL; *tk / *tv are buffers of
 * the same size. Sorted data ends in *keys / *vals (the pointers are swapped
 * with the buffers as passes go). hist: threads * RADIX counters. False when
 * interrupted (the data is then in some order).
 */
static bool radix_sort(uint64_t **keys, uint64_t **vals, uint64_t **tk, uint64_t **tv, int64_t m,
                       int bits, int64_t *hist, int threads, dyng_resources *r) {
    for (int shift = 0; shift < bits; shift += RADIX_BITS) {
        if (dyng_i_interrupted(r))
            return false;
        const uint64_t *k = *keys, *v = vals ? *vals : NULL;
        uint64_t *ok = *tk, *ov = vals ? *tv : NULL;
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static, 1)
#endif
        for (int t = 0; t < threads; t++) {
            int64_t *h = hist + (size_t)t * RADIX;
            memset(h, 0, RADIX * sizeof *h);
            const int64_t lo = m * t / threads, hi = m * (t + 1) / threads;
            for (int64_t i = lo; i < hi; i++)
                h[(k[i] >> shift) & (RADIX - 1)]++;
        }
        int64_t sum = 0;
        for (int d = 0; d < RADIX; d++)
            for (int t = 0; t < threads; t++) {
                int64_t c = hist[(size_t)t * RADIX + d];
                hist[(size_t)t * RADIX + d] = sum;
                sum += c;
            }
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static, 1)
#endif
        for (int t = 0; t < threads; t++) {
            int64_t *h = hist + (size_t)t * RADIX;
            const int64_t lo = m * t / threads, hi = m * (t + 1) / threads;
            for (int64_t i = lo; i < hi; i++) {
                int64_t pos = h[(k[i] >> shift) & (RADIX - 1)]++;
                ok[pos] = k[i];
                if (ov)
                    ov[pos] = v[i];
            }
        }
        uint64_t *swap = *keys;
        *keys = *tk;
        *tk = swap;
        if (vals) {
            swap = *vals;
            *vals = *tv;
            *tv = swap;
        }
    } /* passes */
    return true;
}

/* ---- R-MAT -------------------------------------------------------------------- */

dyng_status dyng_rmat_options_default(dyng_rmat_options *out) {
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    out->scale = 10;
    out->edge_factor = 16;
    out->a = 0.57;
    out->b = 0.19;
    out->c = 0.19;
    out->directed = true;
    out->vertex_type = DYNG_TYPE_NONE;
    out->weight_low = 1;
    out->weight_high = 100;
    return DYNG_OK;
}

/*
 * The alias table of the 4^k combinations of k levels (k <= 6): entry idx
 * holds its threshold (0..2^20 - 1) above bit 12 and its alias below; an
 * entry that never aliases has itself as alias. mass: 4^k words, small /
 * large: 4^k indices of work space.
 */
static void alias_build(uint32_t *table, int k, const double q[4], uint64_t *mass, uint32_t *small,
                        uint32_t *large) {
    const uint32_t count = 1u << (2 * k);
    const uint64_t unit = 1u << RMAT_THRESHOLD_BITS;
    uint64_t sum = 0;
    uint32_t top = 0;
    for (uint32_t idx = 0; idx < count; idx++) {
        double p = 1.0;
        for (int l = 0; l < k; l++) {
            unsigned ub = (idx >> (2 * k - 1 - l)) & 1u, vb = (idx >> (k - 1 - l)) & 1u;
            p *= q[ub * 2 + vb];
        }
        /* exact scaling by a power of two, then rounded down */
        mass[idx] = (uint64_t)ldexp(p, 2 * k + RMAT_THRESHOLD_BITS);
        sum += mass[idx];
        if (mass[idx] > mass[top])
            top = idx;
    }
    /* The rounding shortfall (or a tiny excess) goes to the most likely one. */
    mass[top] += (uint64_t)count * unit - sum;
    uint32_t ns = 0, nl = 0;
    for (uint32_t idx = 0; idx < count; idx++) {
        if (mass[idx] < unit)
            small[ns++] = idx;
        else
            large[nl++] = idx;
    }
    while (ns > 0 && nl > 0) {
        uint32_t s = small[--ns], l = large[--nl];
        table[s] = (uint32_t)(mass[s] << 12) | l;
        mass[l] -= unit - mass[s];
        if (mass[l] < unit)
            small[ns++] = l;
        else
            large[nl++] = l;
    }
    while (nl > 0) {
        uint32_t l = large[--nl];
        table[l] = l;
    }
    while (ns > 0) { /* unreachable with exact sums; kept whole for safety */
        uint32_t s = small[--ns];
        table[s] = s;
    }
}

typedef struct rmat_plan {
    uint64_t key;
    int groups, words, k0; /* groups of levels, words per edge, levels of group 0 */
    const uint32_t *t0;    /* the first group's table                              */
    const uint32_t *tf;    /* the table of the full groups                         */
    bool directed;
} rmat_plan;

/* One group from 32 random bits h: its combination's index. */
static inline uint32_t rmat_group(const uint32_t *table, int k, uint32_t h) {
    const uint32_t idx = h >> (32 - 2 * k), e = table[idx];
    /* Branch-free: the alias is taken at random, so a branch would miss. */
    const uint32_t alias = 0u - (uint32_t)((h & ((1u << RMAT_THRESHOLD_BITS) - 1)) >= (e >> 12));
    return idx ^ ((idx ^ (e & 0xFFF)) & alias);
}

/* Edge i. The plan is passed by value so that, inlined, its fields stay in
 * registers (stores to the id arrays could alias them through a pointer). */
static inline void rmat_edge(const rmat_plan pl, int groups, uint64_t i, uint64_t *u, uint64_t *v) {
    const uint64_t words = (uint64_t)(groups + 1) / 2;
    uint64_t ctr = pl.key + (i * words + 1) * DYNG_I_CTR_GAMMA;
    uint64_t w = dyng_i_ctr_mix(ctr);
    uint32_t code = rmat_group(pl.t0, pl.k0, (uint32_t)(w >> 32));
    uint64_t su = code >> pl.k0, sv = code & ((1u << pl.k0) - 1);
    const uint32_t low = (1u << RMAT_GROUP) - 1;
    for (int g = 1; g < groups; g++) {
        uint32_t h;
        if (g % 2 == 0) {
            ctr += DYNG_I_CTR_GAMMA;
            w = dyng_i_ctr_mix(ctr);
            h = (uint32_t)(w >> 32);
        } else {
            h = (uint32_t)w;
        }
        code = rmat_group(pl.tf, RMAT_GROUP, h);
        su = (su << RMAT_GROUP) | (code >> RMAT_GROUP);
        sv = (sv << RMAT_GROUP) | (code & low);
    }
    if (!pl.directed) { /* (min, max) without a branch on the (random) order */
        const uint64_t lo = su < sv ? su : sv;
        sv ^= su ^ lo;
        su = lo;
    }
    *u = su;
    *v = sv;
}

static dyng_status rmat_check(const dyng_rmat_options *o) {
    static const char fn[] = "dyng_generate_rmat";
    if (o->scale < 1 || o->scale > 62)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: scale is %d; accepted: 1 to 62", fn,
                            o->scale);
    if (o->edge_factor < 1)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: edge_factor is %lld; accepted: 1 or more",
                            fn, (long long)o->edge_factor);
    const double p[3] = {o->a, o->b, o->c};
    const char *names[3] = {"a", "b", "c"};
    for (int i = 0; i < 3; i++)
        if (!(p[i] >= 0.0 && p[i] <= 1.0))
            return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: %s is %g; accepted: 0 to 1", fn,
                                names[i], p[i]);
    if (o->a + o->b + o->c > 1.0 + 1e-12)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: a + b + c is %.17g; accepted: at most 1 (d = 1 - a - b - c)", fn,
                            o->a + o->b + o->c);
    DYNG_I_TRY(check_weights(fn, o->num_weights, o->weight_low, o->weight_high));
    if (o->edge_factor > INT64_MAX >> o->scale)
        return dyng_i_error(DYNG_CAPACITY, "%s: edge_factor %lld times 2^%d edges is past int64",
                            fn, (long long)o->edge_factor, o->scale);
    if (!o->keep_duplicates && o->scale > 32)
        return dyng_i_error(DYNG_CAPACITY,
                            "%s: dropping duplicates sorts 2 * scale-bit keys in 64 bits, so "
                            "scale must be at most 32 (it is %d); keep the duplicates instead",
                            fn, o->scale);
    return DYNG_OK;
}

#if defined(__GNUC__)
#define RMAT_INLINE static inline __attribute__((always_inline))
#else
#define RMAT_INLINE static inline
#endif

/* Generate edges lo..hi-1 straight into the id arrays. */
RMAT_INLINE void rmat_fill_body(const rmat_plan *pl, int groups, dyng_type vt, void *src, void *dst,
                                int64_t lo, int64_t hi) {
    const rmat_plan p = *pl;
    uint64_t u, v;
    if (vt == DYNG_TYPE_INT32) {
        int32_t *s = src, *d = dst;
        for (int64_t i = lo; i < hi; i++) {
            rmat_edge(p, groups, (uint64_t)i, &u, &v);
            s[i] = (int32_t)u;
            d[i] = (int32_t)v;
        }
    } else {
        int64_t *s = src, *d = dst;
        for (int64_t i = lo; i < hi; i++) {
            rmat_edge(p, groups, (uint64_t)i, &u, &v);
            s[i] = (int64_t)u;
            d[i] = (int64_t)v;
        }
    }
}

/* One instance per group count (scale 1..62: 1..11 groups), so that the
 * loop over the groups of an edge is unrolled with constant shifts. */
#define RMAT_FILL(G)                                                                               \
    static void rmat_fill_##G(const rmat_plan *pl, dyng_type vt, void *src, void *dst, int64_t lo, \
                              int64_t hi) {                                                        \
        rmat_fill_body(pl, G, vt, src, dst, lo, hi);                                               \
    }
RMAT_FILL(1)
RMAT_FILL(2)
RMAT_FILL(3)
RMAT_FILL(4)
RMAT_FILL(5)
RMAT_FILL(6)
RMAT_FILL(7)
RMAT_FILL(8)
RMAT_FILL(9)
RMAT_FILL(10)
RMAT_FILL(11)
#undef RMAT_FILL

typedef void (*rmat_fill_fn)(const rmat_plan *, dyng_type, void *, void *, int64_t, int64_t);
static const rmat_fill_fn rmat_fills[12] = {NULL,        rmat_fill_1, rmat_fill_2,  rmat_fill_3,
                                            rmat_fill_4, rmat_fill_5, rmat_fill_6,  rmat_fill_7,
                                            rmat_fill_8, rmat_fill_9, rmat_fill_10, rmat_fill_11};

/*
 * The int32 case (scale <= 31: at most 6 groups), written so that compilers
 * vectorise it over edges: restrict pointers, selects instead of branches,
 * constant group counts. On x86-64 Linux with GCC or Clang each instance is
 * also built for x86-64-v3 (AVX2) and v4 (AVX-512) and picked at load time
 * (target_clones); integer arithmetic only, so every clone writes the same
 * bytes.
 */
/* Not under ThreadSanitizer: the clones' ifunc resolvers run before its
 * runtime is set up, and a program loading the library crashed. */
#if defined(__SANITIZE_THREAD__)
#define DYNG_I_NO_CLONES 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define DYNG_I_NO_CLONES 1
#endif
#endif
#if defined(__GNUC__) && defined(__x86_64__) && defined(__linux__) && !defined(DYNG_NO_CLONES) &&  \
    !defined(DYNG_I_NO_CLONES)
#define RMAT_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define RMAT_CLONES
#endif

#define RMAT_FAST(G)                                                                               \
    RMAT_CLONES static void rmat_fast_##G(                                                         \
        const uint32_t *restrict t0, const uint32_t *restrict tf, uint64_t key, int k0,            \
        int directed, int32_t *restrict s, int32_t *restrict d, int64_t lo, int64_t hi) {          \
        const uint64_t words = (G + 1) / 2;                                                        \
        const uint32_t tmask = (1u << RMAT_THRESHOLD_BITS) - 1, m0 = (1u << k0) - 1;               \
        const uint32_t low = (1u << RMAT_GROUP) - 1;                                               \
        const int sh0 = 32 - 2 * k0;                                                               \
        const uint64_t step = words * DYNG_I_CTR_GAMMA;                                            \
        uint64_t base = key + ((uint64_t)lo * words + 1) * DYNG_I_CTR_GAMMA;                       \
        for (int64_t i = lo; i < hi; i++, base += step) {                                          \
            uint64_t ctr = base; /* key + (i * words + 1) * GAMMA */                               \
            uint64_t w = dyng_i_ctr_mix(ctr);                                                      \
            uint32_t h = (uint32_t)(w >> 32), idx = h >> sh0, e = t0[idx];                         \
            uint32_t c = (h & tmask) < (e >> 12) ? idx : (e & 0xFFF);                              \
            uint32_t su = c >> k0, sv = c & m0;                                                    \
            for (int g = 1; g < G; g++) {                                                          \
                if (g % 2 == 0) {                                                                  \
                    ctr += DYNG_I_CTR_GAMMA;                                                       \
                    w = dyng_i_ctr_mix(ctr);                                                       \
                    h = (uint32_t)(w >> 32);                                                       \
                } else {                                                                           \
                    h = (uint32_t)w;                                                               \
                }                                                                                  \
                idx = h >> (32 - 2 * RMAT_GROUP);                                                  \
                e = tf[idx];                                                                       \
                c = (h & tmask) < (e >> 12) ? idx : (e & 0xFFF);                                   \
                su = (su << RMAT_GROUP) | (c >> RMAT_GROUP);                                       \
                sv = (sv << RMAT_GROUP) | (c & low);                                               \
            }                                                                                      \
            const uint32_t mn = su < sv ? su : sv, mx = su < sv ? sv : su;                         \
            s[i] = (int32_t)(directed ? su : mn);                                                  \
            d[i] = (int32_t)(directed ? sv : mx);                                                  \
        }                                                                                          \
    }
RMAT_FAST(1)
RMAT_FAST(2)
RMAT_FAST(3)
RMAT_FAST(4)
RMAT_FAST(5)
RMAT_FAST(6)
#undef RMAT_FAST

typedef void (*rmat_fast_fn)(const uint32_t *restrict, const uint32_t *restrict, uint64_t, int, int,
                             int32_t *restrict, int32_t *restrict, int64_t, int64_t);
static const rmat_fast_fn rmat_fasts[7] = {NULL,        rmat_fast_1, rmat_fast_2, rmat_fast_3,
                                           rmat_fast_4, rmat_fast_5, rmat_fast_6};

static void rmat_fill_ids(const rmat_plan *pl, dyng_type vt, void *src, void *dst, int64_t lo,
                          int64_t hi) {
    if (vt == DYNG_TYPE_INT32 && pl->groups <= 6)
        rmat_fasts[pl->groups](pl->t0, pl->tf ? pl->tf : pl->t0, pl->key, pl->k0,
                               pl->directed ? 1 : 0, src, dst, lo, hi);
    else
        rmat_fills[pl->groups](pl, vt, src, dst, lo, hi);
}

/* What the R-MAT fills write: edges i as ids (keys NULL), or as sort keys
 * u * 2^scale + v. */
typedef struct rmat_fill {
    const rmat_plan *pl;
    dyng_type vt;
    void *src, *dst;
    uint64_t *keys;
    int scale;
} rmat_fill;

static void fill_rmat_items(void *ctx, int64_t lo, int64_t hi) {
    const rmat_fill f = *(const rmat_fill *)ctx;
    if (f.keys == NULL) {
        rmat_fill_ids(f.pl, f.vt, f.src, f.dst, lo, hi);
        return;
    }
    const rmat_plan pl = *f.pl;
    for (int64_t i = lo; i < hi; i++) {
        uint64_t u, v;
        rmat_edge(pl, pl.groups, (uint64_t)i, &u, &v);
        f.keys[i] = (u << f.scale) | v;
    }
}

dyng_status dyng_i_rmat_shape(const dyng_rmat_options *o, int64_t *n, int64_t *m, dyng_type *vt) {
    DYNG_I_CHECK_ARG(o);
    DYNG_I_TRY(rmat_check(o));
    *n = (int64_t)1 << o->scale;
    *m = o->edge_factor << o->scale;
    DYNG_I_TRY(pick_type(vt, o->vertex_type, *n - 1, "dyng_generate_rmat"));
    return check_bytes(*m, *vt, o->num_weights, "dyng_generate_rmat");
}

/*
 * The body of both entries: with into_src / into_dst (keep_duplicates and
 * keep_self_loops only) the m edges go there and `out` stays zeroed;
 * otherwise into new arrays in *out.
 */
static dyng_status rmat_run(dyng_edge_arrays *out, void *into_src, void *into_dst,
                            const dyng_rmat_options *options, dyng_resources *resources) {
    const dyng_rmat_options o = *options;
    int64_t n, m;
    dyng_type vt;
    DYNG_I_TRY(dyng_i_rmat_shape(&o, &n, &m, &vt));
    dyng_resources *r = resources, *own = NULL;
    DYNG_I_TRY(take_resources(&r, &own));
    const int threads = dyng_i_threads(r);

    /* The alias tables and their work space. */
    const int groups = (o.scale + RMAT_GROUP - 1) / RMAT_GROUP;
    const int k0 = o.scale - RMAT_GROUP * (groups - 1);
    const size_t full = (size_t)1 << (2 * RMAT_GROUP), first = (size_t)1 << (2 * k0);
    uint32_t *tf = NULL, *t0 = NULL, *work = NULL;
    uint64_t *mass = NULL, *keys = NULL, *tmp = NULL;
    int64_t *hist = NULL;
    dyng_edge_arrays a;
    memset(&a, 0, sizeof a);
    dyng_status s = DYNG_OK;
    const bool need_full = groups > 1 || k0 == RMAT_GROUP, need_first = k0 != RMAT_GROUP;
    tf = need_full ? dyng_i_malloc(full, sizeof *tf) : NULL;
    t0 = need_first ? dyng_i_malloc(first, sizeof *t0) : NULL;
    mass = dyng_i_malloc(full, sizeof *mass);
    work = dyng_i_malloc(2 * full, sizeof *work);
    if ((need_full && tf == NULL) || (need_first && t0 == NULL) || mass == NULL || work == NULL) {
        s = dyng_i_oom("the R-MAT alias tables", (full + first) * sizeof *tf);
        goto done;
    }
    double d = 1.0 - o.a - o.b - o.c;
    const double q[4] = {o.a, o.b, o.c, d > 0.0 ? d : 0.0};
    if (tf)
        alias_build(tf, RMAT_GROUP, q, mass, work, work + full);
    if (t0)
        alias_build(t0, k0, q, mass, work, work + full);
    const rmat_plan pl = {dyng_i_ctr_key(o.seed, DYNG_I_STREAM_RMAT),
                          groups,
                          (groups + 1) / 2,
                          k0,
                          t0 ? t0 : tf,
                          tf,
                          o.directed};
    int64_t count = m;

    if (into_src != NULL) {
        a.src = into_src;
        a.dst = into_dst;
    }
    if (o.keep_duplicates) {
        /* Straight into the output, then self-loops out in one pass. */
        if (into_src == NULL) {
            s = alloc_ids(&a, vt, m);
            if (s != DYNG_OK)
                goto done;
        }
        rmat_fill f = {&pl, vt, a.src, a.dst, NULL, o.scale};
        s = fill_all(m, CHUNK, fill_rmat_items, &f, r, "R-MAT generation");
        if (s != DYNG_OK)
            goto done;
        if (!o.keep_self_loops) {
            count = 0;
            for (int64_t i = 0; i < m; i++) {
                uint64_t u = get_id(a.src, vt, i), v = get_id(a.dst, vt, i);
                if (u != v) {
                    put_id(a.src, vt, count, u);
                    put_id(a.dst, vt, count, v);
                    count++;
                }
            }
        }
    } else {
        /* Keys u * 2^scale + v, sorted, each once. */
        keys = dyng_i_malloc((size_t)m, sizeof *keys);
        tmp = dyng_i_malloc((size_t)m, sizeof *tmp);
        hist = dyng_i_malloc((size_t)threads * RADIX, sizeof *hist);
        if (keys == NULL || tmp == NULL || hist == NULL) {
            s = dyng_i_oom("the R-MAT sort keys", 2 * (size_t)m * sizeof *keys);
            goto done;
        }
        const int scale = o.scale;
        rmat_fill f = {&pl, vt, NULL, NULL, keys, scale};
        s = fill_all(m, CHUNK, fill_rmat_items, &f, r, "R-MAT generation");
        if (s != DYNG_OK)
            goto done;
        if (!radix_sort(&keys, NULL, &tmp, NULL, m, 2 * scale, hist, threads, r)) {
            s = dyng_i_error(DYNG_INTERRUPTED, "R-MAT generation interrupted");
            goto done;
        }
        const uint64_t mask = ((uint64_t)1 << scale) - 1;
        count = 0;
        for (int64_t i = 0; i < m; i++) {
            if (i > 0 && keys[i] == keys[i - 1])
                continue;
            if (!o.keep_self_loops && (keys[i] >> scale) == (keys[i] & mask))
                continue;
            keys[count++] = keys[i];
        }
        dyng_i_free(tmp);
        tmp = NULL;
        s = alloc_ids(&a, vt, count);
        if (s != DYNG_OK)
            goto done;
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static)
#endif
        for (int64_t i = 0; i < count; i++) {
            put_id(a.src, vt, i, keys[i] >> scale);
            put_id(a.dst, vt, i, keys[i] & mask);
        }
    }
    if (into_src != NULL) { /* the caller's arrays: nothing to attach or free */
        memset(&a, 0, sizeof a);
        goto done;
    }
    a.num_vertices = n;
    a.num_edges = count;
    a.symmetry = o.directed ? DYNG_MM_GENERAL : DYNG_MM_SYMMETRIC;
    s = attach_weights(&a, o.num_weights, o.weight_low, o.weight_high, o.seed, r);
    if (s == DYNG_OK) {
        *out = a;
        memset(&a, 0, sizeof a);
    }
done:
    if (into_src != NULL)
        memset(&a, 0, sizeof a);
    dyng_edge_arrays_free(&a);
    dyng_i_free(tf);
    dyng_i_free(t0);
    dyng_i_free(mass);
    dyng_i_free(work);
    dyng_i_free(keys);
    dyng_i_free(tmp);
    dyng_i_free(hist);
    dyng_resources_free(&own);
    return s;
}

dyng_status dyng_generate_rmat(dyng_edge_arrays *out, const dyng_rmat_options *options,
                               dyng_resources *resources) {
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    DYNG_I_CHECK_ARG(options);
    return rmat_run(out, NULL, NULL, options, resources);
}

dyng_status dyng_i_rmat_fill(void *src, void *dst, const dyng_rmat_options *options,
                             dyng_resources *resources) {
    DYNG_I_CHECK_ARG(src);
    DYNG_I_CHECK_ARG(dst);
    DYNG_I_CHECK_ARG(options);
    if (!options->keep_duplicates || !options->keep_self_loops)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_i_rmat_fill: fills m edges, so duplicates and self-loops stay");
    return rmat_run(NULL, src, dst, options, resources);
}

/* ---- Erdos-Renyi G(n, m) ----------------------------------------------------------- */

dyng_status dyng_erdos_renyi_options_default(dyng_erdos_renyi_options *out) {
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    out->directed = true;
    out->vertex_type = DYNG_TYPE_NONE;
    out->weight_low = 1;
    out->weight_high = 100;
    return DYNG_OK;
}

static int bit_length(uint64_t x) {
    int b = 0;
    while (x) {
        b++;
        x >>= 1;
    }
    return b;
}

/* Draws j of below(P) (stream 2) with their positions. */
typedef struct draws_fill {
    uint64_t *cand, *pos;
    uint64_t key, P;
} draws_fill;

static void fill_draws(void *ctx, int64_t lo, int64_t hi) {
    const draws_fill f = *(const draws_fill *)ctx;
    for (int64_t j = lo; j < hi; j++) {
        f.cand[j] = dyng_i_ctr_below64(f.key, (uint64_t)j, f.P);
        f.pos[j] = (uint64_t)j;
    }
}

/*
 * The first `want` distinct values of the draws below(P) (stream 2, items
 * 0, 1, ...), ascending, in *out (caller frees; `want` entries). P >= 2 *
 * want. A prefix of K draws is sorted stably with each draw's position; the
 * first of each run of equal values has the smallest position; the values
 * whose first position comes no later than the want-th such position are
 * the answer. K starts at 1.5 want + 64 (the expected need is below 1.39
 * want) and doubles when short.
 */
static dyng_status first_distinct(uint64_t **out, int64_t want, uint64_t P, uint64_t seed,
                                  dyng_resources *r) {
    *out = NULL;
    if (want == 0)
        return DYNG_OK;
    const int threads = dyng_i_threads(r);
    const uint64_t key = dyng_i_ctr_key(seed, DYNG_I_STREAM_ERDOS_RENYI);
    const int bits = bit_length(P - 1);
    int64_t K = want + want / 2 + 64;
    for (;;) {
        if ((uint64_t)K > SIZE_MAX / (4 * sizeof(uint64_t) + 1))
            return dyng_i_error(DYNG_CAPACITY, "G(n, m): %lld draws are past this machine",
                                (long long)K);
        uint64_t *cand = dyng_i_malloc((size_t)K, sizeof *cand);
        uint64_t *pos = dyng_i_malloc((size_t)K, sizeof *pos);
        uint64_t *tk = dyng_i_malloc((size_t)K, sizeof *tk);
        uint64_t *tv = dyng_i_malloc((size_t)K, sizeof *tv);
        unsigned char *first = dyng_i_calloc((size_t)K, 1);
        int64_t *hist = dyng_i_malloc((size_t)threads * RADIX, sizeof *hist);
        dyng_status s = DYNG_OK;
        int64_t distinct = 0;
        if (cand == NULL || pos == NULL || tk == NULL || tv == NULL || first == NULL ||
            hist == NULL) {
            s = dyng_i_oom("the G(n, m) draws", 4 * (size_t)K * sizeof *cand);
            goto round_done;
        }
        draws_fill f = {cand, pos, key, P};
        s = fill_all(K, CHUNK, fill_draws, &f, r, "G(n, m) generation");
        if (s != DYNG_OK)
            goto round_done;
        if (!radix_sort(&cand, &pos, &tk, &tv, K, bits, hist, threads, r)) {
            s = dyng_i_error(DYNG_INTERRUPTED, "G(n, m) generation interrupted");
            goto round_done;
        }
        for (int64_t i = 0; i < K; i++)
            if (i == 0 || cand[i] != cand[i - 1]) {
                first[pos[i]] = 1;
                distinct++;
            }
        if (distinct >= want) {
            uint64_t cutoff = 0;
            int64_t seen = 0;
            for (int64_t j = 0; j < K && seen < want; j++)
                if (first[j] && ++seen == want)
                    cutoff = (uint64_t)j;
            int64_t c = 0;
            for (int64_t i = 0; i < K; i++)
                if ((i == 0 || cand[i] != cand[i - 1]) && pos[i] <= cutoff)
                    tk[c++] = cand[i]; /* tk is free now: the answer goes there */
            *out = tk;
            tk = NULL;
        }
    round_done:
        dyng_i_free(cand);
        dyng_i_free(pos);
        dyng_i_free(tk);
        dyng_i_free(tv);
        dyng_i_free(first);
        dyng_i_free(hist);
        if (s != DYNG_OK || *out != NULL)
            return s;
        if (K > INT64_MAX / 2)
            return dyng_i_error(DYNG_INTERNAL, "G(n, m): the draws did not give %lld values",
                                (long long)want);
        K *= 2;
    }
}

/* sum_{i < u} (n - 1 - i) = u (2n - u - 1) / 2, exact for n <= 2^32. */
static inline uint64_t tri_offset(uint64_t u, uint64_t n) {
    uint64_t b = 2 * n - u - 1;
    return u % 2 == 0 ? (u / 2) * b : u * (b / 2);
}

/* Pair number k (in (u, v) order) of n vertices. */
static inline void pair_of(uint64_t k, uint64_t n, bool directed, uint64_t *u, uint64_t *v) {
    if (directed) {
        uint64_t a = k / (n - 1), rem = k % (n - 1);
        *u = a;
        *v = rem + (rem >= a);
        return;
    }
    double b = 2.0 * (double)n - 1.0, disc = b * b - 8.0 * (double)k;
    double est = (b - sqrt(disc > 0.0 ? disc : 0.0)) / 2.0;
    uint64_t a = est <= 0.0 ? 0 : (uint64_t)est;
    if (a > n - 2)
        a = n - 2;
    /* The estimate is within one or two of the row; fix it exactly. */
    while (a + 1 <= n - 2 && tri_offset(a + 1, n) <= k)
        a++;
    while (a > 0 && tri_offset(a, n) > k)
        a--;
    *u = a;
    *v = a + 1 + (k - tri_offset(a, n));
}

dyng_status dyng_generate_erdos_renyi(dyng_edge_arrays *out,
                                      const dyng_erdos_renyi_options *options,
                                      dyng_resources *resources) {
    static const char fn[] = "dyng_generate_erdos_renyi";
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    DYNG_I_CHECK_ARG(options);
    const dyng_erdos_renyi_options o = *options;
    if (o.num_vertices < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: num_vertices is %lld; accepted: 0 or more",
                            fn, (long long)o.num_vertices);
    if (o.num_vertices > ((int64_t)1 << 32))
        return dyng_i_error(DYNG_CAPACITY,
                            "%s: num_vertices is %lld; accepted: at most 2^32 (the pairs are "
                            "numbered in 64 bits)",
                            fn, (long long)o.num_vertices);
    const uint64_t n = (uint64_t)o.num_vertices;
    const uint64_t P = n < 2 ? 0 : o.directed ? n * (n - 1) : n * (n - 1) / 2;
    if (o.num_edges < 0 || (uint64_t)o.num_edges > P)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: num_edges is %lld; accepted: 0 to %llu (the %s pairs of %lld "
                            "vertices without self-loops)",
                            fn, (long long)o.num_edges, (unsigned long long)P,
                            o.directed ? "ordered" : "unordered", (long long)o.num_vertices);
    DYNG_I_TRY(check_weights(fn, o.num_weights, o.weight_low, o.weight_high));
    dyng_type vt = DYNG_TYPE_NONE; /* set by pick_type */
    DYNG_I_TRY(pick_type(&vt, o.vertex_type, o.num_vertices > 0 ? o.num_vertices - 1 : 0, fn));
    const int64_t m = o.num_edges;
    DYNG_I_TRY(check_bytes(m, vt, o.num_weights, fn));

    dyng_resources *r = resources, *own = NULL;
    DYNG_I_TRY(take_resources(&r, &own));
    const int threads = dyng_i_threads(r);
    (void)threads;
    uint64_t *chosen = NULL, *numbers = NULL;
    dyng_edge_arrays a;
    memset(&a, 0, sizeof a);
    dyng_status s;
    const bool complement = 2 * (uint64_t)m > P;
    const int64_t drawn = complement ? (int64_t)(P - (uint64_t)m) : m;
    s = first_distinct(&chosen, drawn, P, o.seed, r);
    if (s != DYNG_OK)
        goto done;
    if (complement) {
        /* Every pair number but the ones drawn (P < 2m, so this is O(m)). */
        numbers = dyng_i_malloc(m > 0 ? (size_t)m : 1, sizeof *numbers);
        if (numbers == NULL) {
            s = dyng_i_oom("the G(n, m) pairs", (size_t)m * sizeof *numbers);
            goto done;
        }
        int64_t c = 0, x = 0;
        for (uint64_t k = 0; k < P; k++) {
            if (x < drawn && chosen[x] == k)
                x++;
            else
                numbers[c++] = k;
        }
    } else {
        numbers = chosen;
        chosen = NULL;
    }
    s = alloc_ids(&a, vt, m);
    if (s != DYNG_OK)
        goto done;
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static)
#endif
    for (int64_t i = 0; i < m; i++) {
        uint64_t u, v;
        pair_of(numbers[i], n, o.directed, &u, &v);
        put_id(a.src, vt, i, u);
        put_id(a.dst, vt, i, v);
    }
    a.num_vertices = o.num_vertices;
    a.num_edges = m;
    a.symmetry = o.directed ? DYNG_MM_GENERAL : DYNG_MM_SYMMETRIC;
    s = attach_weights(&a, o.num_weights, o.weight_low, o.weight_high, o.seed, r);
    if (s == DYNG_OK) {
        *out = a;
        memset(&a, 0, sizeof a);
    }
done:
    dyng_edge_arrays_free(&a);
    dyng_i_free(chosen);
    dyng_i_free(numbers);
    dyng_resources_free(&own);
    return s;
}

/* ---- grids --------------------------------------------------------------------------- */

dyng_status dyng_grid_options_default(dyng_grid_options *out) {
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    out->keep_probability = 1.0;
    out->vertex_type = DYNG_TYPE_NONE;
    out->num_weights = 1;
    out->weight_low = 1;
    out->weight_high = 100;
    return DYNG_OK;
}

/*
 * Row r's lattice edges, in order: for each column c, right (when c + 1 <
 * cols), then down (when r + 1 < rows). Their numbers start at r * (2 cols -
 * 1). With `write`, the kept ones go to src/dst from position `at`; returns
 * how many were kept.
 */
static int64_t grid_row(int64_t row, int64_t rows, int64_t cols, double keep, uint64_t key,
                        bool write, dyng_type vt, void *src, void *dst, int64_t at) {
    int64_t e = row * (2 * cols - 1), kept = 0;
    const bool down = row + 1 < rows, all = keep >= 1.0;
    for (int64_t c = 0; c < cols; c++) {
        const int64_t v = row * cols + c;
        for (int side = 0; side < 2; side++) {
            if (side == 0 ? c + 1 >= cols : !down)
                continue;
            const bool take = all || dyng_i_ctr_unit(dyng_i_ctr_word(key, (uint64_t)e)) < keep;
            e++;
            if (!take)
                continue;
            if (write) {
                put_id(src, vt, at + kept, (uint64_t)v);
                put_id(dst, vt, at + kept, (uint64_t)(side == 0 ? v + 1 : v + cols));
            }
            kept++;
        }
    }
    return kept;
}

/* The grid's passes over rows [lo, hi): without src, each row's kept edges
 * into start[row + 1]; with it, the rows' edges from start[row] on. */
typedef struct grid_fill {
    int64_t rows, cols;
    double keep;
    uint64_t key;
    dyng_type vt;
    int64_t *start;
    void *src, *dst;
} grid_fill;

static void fill_grid_rows(void *ctx, int64_t lo, int64_t hi) {
    const grid_fill f = *(const grid_fill *)ctx;
    for (int64_t row = lo; row < hi; row++) {
        if (f.src == NULL)
            f.start[row + 1] =
                grid_row(row, f.rows, f.cols, f.keep, f.key, false, f.vt, NULL, NULL, 0);
        else
            grid_row(row, f.rows, f.cols, f.keep, f.key, true, f.vt, f.src, f.dst, f.start[row]);
    }
}

dyng_status dyng_generate_grid(dyng_edge_arrays *out, const dyng_grid_options *options,
                               dyng_resources *resources) {
    static const char fn[] = "dyng_generate_grid";
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    DYNG_I_CHECK_ARG(options);
    const dyng_grid_options o = *options;
    if (o.rows < 1 || o.cols < 1)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: the grid is %lld x %lld; accepted: rows and cols of 1 or more", fn,
                            (long long)o.rows, (long long)o.cols);
    if (!(o.keep_probability >= 0.0 && o.keep_probability <= 1.0))
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: keep_probability is %g; accepted: 0 to 1",
                            fn, o.keep_probability);
    DYNG_I_TRY(check_weights(fn, o.num_weights, o.weight_low, o.weight_high));
    if (o.rows > (INT64_MAX / 2) / o.cols)
        return dyng_i_error(DYNG_CAPACITY, "%s: a %lld x %lld grid has more edges than int64", fn,
                            (long long)o.rows, (long long)o.cols);
    const int64_t n = o.rows * o.cols;
    const int64_t lattice = o.rows * (o.cols - 1) + (o.rows - 1) * o.cols;
    dyng_type vt = DYNG_TYPE_NONE; /* set by pick_type */
    DYNG_I_TRY(pick_type(&vt, o.vertex_type, n - 1, fn));
    DYNG_I_TRY(check_bytes(lattice, vt, o.num_weights, fn));

    dyng_resources *r = resources, *own = NULL;
    DYNG_I_TRY(take_resources(&r, &own));
    const uint64_t key = dyng_i_ctr_key(o.seed, DYNG_I_STREAM_GRID_KEEP);
    const double keep = o.keep_probability;
    const int64_t rows = o.rows, cols = o.cols;
    dyng_edge_arrays a;
    memset(&a, 0, sizeof a);
    dyng_status s = DYNG_OK;
    /* Two passes: kept edges per row, their prefix sum, then the fill; the
     * interrupt flag polled every 256 rows, or every row of a wide grid. */
    const int64_t per = cols > 4096 ? 1 : 256;
    int64_t *start = dyng_i_malloc((size_t)rows + 1, sizeof *start);
    if (start == NULL) {
        s = dyng_i_oom("the grid's row offsets", ((size_t)rows + 1) * sizeof *start);
        goto done;
    }
    start[0] = 0;
    grid_fill f = {rows, cols, keep, key, vt, start, NULL, NULL};
    s = fill_all(rows, per, fill_grid_rows, &f, r, "grid generation");
    if (s != DYNG_OK)
        goto done;
    for (int64_t row = 0; row < rows; row++)
        start[row + 1] += start[row];
    s = alloc_ids(&a, vt, start[rows]);
    if (s != DYNG_OK)
        goto done;
    f.src = a.src;
    f.dst = a.dst;
    s = fill_all(rows, per, fill_grid_rows, &f, r, "grid generation");
    if (s != DYNG_OK)
        goto done;
    a.num_vertices = n;
    a.num_edges = start[rows];
    a.symmetry = DYNG_MM_SYMMETRIC;
    s = attach_weights(&a, o.num_weights, o.weight_low, o.weight_high, o.seed, r);
    if (s == DYNG_OK) {
        *out = a;
        memset(&a, 0, sizeof a);
    }
done:
    dyng_edge_arrays_free(&a);
    dyng_i_free(start);
    dyng_resources_free(&own);
    return s;
}

/* ---- weights --------------------------------------------------------------------------- */

dyng_status dyng_generate_weights(int32_t *out, int64_t num_edges, int num_weights, int32_t low,
                                  int32_t high, uint64_t seed, dyng_resources *resources) {
    static const char fn[] = "dyng_generate_weights";
    if (num_edges < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: num_edges is %lld; accepted: 0 or more", fn,
                            (long long)num_edges);
    if (num_weights < 0 || num_weights > DYNG_MAX_WEIGHTS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: num_weights is %d; accepted: 0 to %d", fn,
                            num_weights, DYNG_MAX_WEIGHTS);
    if (low > high)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: low %ld is above high %ld; accepted: low <= high", fn, (long)low,
                            (long)high);
    if (num_weights > 0 && num_edges > INT64_MAX / num_weights)
        return dyng_i_error(DYNG_CAPACITY, "%s: %lld x %d weights are past int64", fn,
                            (long long)num_edges, num_weights);
    const int64_t count = num_edges * num_weights;
    if (count == 0)
        return DYNG_OK;
    DYNG_I_CHECK_ARG(out);
    dyng_resources *r = resources, *own = NULL;
    DYNG_I_TRY(take_resources(&r, &own));
    dyng_status s = fill_weights(out, count, low, high, seed, r);
    dyng_resources_free(&own);
    return s;
}
