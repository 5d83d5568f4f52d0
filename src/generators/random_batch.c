/*
 * src/generators/random_batch.c - random batches for a graph
 * (dyng_generate_batch, dyng/generators.h).
 *
 * The steps are those of the header's comment. Deletions are drawn without
 * replacement by Floyd's algorithm (Bentley and Floyd, "A sample of
 * brilliance", CACM 1987): D draws for D deletions, whatever the number of
 * candidates. Insertions are drawn by rejection while at least half of the
 * free pairs are left over (at most two draws per pair on average), and by
 * Floyd's algorithm over the listed free pairs otherwise, so a batch that
 * asks for nearly every free pair still ends. The work is sequential (a
 * batch is small next to its graph); every value comes from the
 * counter-based stream (ctr_rng.h), so it is the same on every machine.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "ctr_rng.h"
#include "dyng/generators.h"
#include "generators/pairs.h"
#include "graph/window_rows.h"

typedef dyng_i_pair pair;

static uint64_t hash64(uint64_t x) { return dyng_i_ctr_mix(x); }

/* Open addressing over 64-bit values, UINT64_MAX empty; room for `count` at
 * half load or less. */
typedef struct u64_set {
    uint64_t *slots;
    size_t mask;
} u64_set;

static bool u64_set_init(u64_set *s, int64_t count) {
    size_t size = 2;
    while (size < 2 * (size_t)count)
        size *= 2;
    s->mask = size - 1;
    s->slots = dyng_i_malloc(size, sizeof *s->slots);
    if (s->slots)
        memset(s->slots, 0xFF, size * sizeof *s->slots);
    return s->slots != NULL;
}

/* Insert x; false when it was there. */
static bool u64_set_add(u64_set *s, uint64_t x) {
    for (size_t i = hash64(x) & s->mask;; i = (i + 1) & s->mask) {
        if (s->slots[i] == UINT64_MAX) {
            s->slots[i] = x;
            return true;
        }
        if (s->slots[i] == x)
            return false;
    }
}

/*
 * Floyd's selection of `take` of 0..total-1 from stream `key`: for t = 0..
 * take-1, j = total - take + t, x = below(j + 1) (item t); x, or j when x
 * is taken already. The chosen numbers, ascending, in out[0..take).
 */
static void floyd(uint64_t *out, int64_t take, uint64_t total, uint64_t key, u64_set *set) {
    for (int64_t t = 0; t < take; t++) {
        uint64_t j = total - (uint64_t)take + (uint64_t)t;
        uint64_t x = dyng_i_ctr_below64(key, (uint64_t)t, j + 1);
        if (!u64_set_add(set, x)) {
            u64_set_add(set, j);
            x = j;
        }
        out[t] = x;
    }
}

static int compare_u64(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

dyng_status dyng_random_batch_options_default(dyng_random_batch_options *out) {
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    out->insert_fraction = 0.5;
    out->weight_low = 1;
    out->weight_high = 100;
    return DYNG_OK;
}

dyng_status dyng_generate_batch(dyng_batch **out, const dyng_graph *g,
                                const dyng_random_batch_options *options,
                                dyng_resources *resources) {
    static const char fn[] = "dyng_generate_batch";
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(g);
    DYNG_I_CHECK_ARG(options);
    const dyng_random_batch_options o = *options;
    dyng_graph_properties p;
    int64_t n = 0;
    DYNG_I_TRY(dyng_graph_properties_of(&p, g));
    DYNG_I_TRY(dyng_graph_num_vertices(&n, g));
    if (o.size < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: size is %lld; accepted: 0 or more", fn,
                            (long long)o.size);
    if (!(o.insert_fraction >= 0.0 && o.insert_fraction <= 1.0))
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "%s: insert_fraction is %g; accepted: 0 to 1",
                            fn, o.insert_fraction);
    if (o.locality_window < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: locality_window is %lld; accepted: 0 (none) or a width of 1 or "
                            "more",
                            fn, (long long)o.locality_window);
    const int K = p.num_weights;
    if (K > 0 && o.weight_low > o.weight_high)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%s: weight_low %ld is above weight_high %ld; accepted: low <= high",
                            fn, (long)o.weight_low, (long)o.weight_high);
    /* round(size * fraction), halves up; exact below 2^53. */
    int64_t I = (int64_t)((double)o.size * o.insert_fraction + 0.5);
    if (I > o.size)
        I = o.size;
    if (I < 0)
        I = 0;
    const int64_t D = o.size - I;
    if ((uint64_t)o.size > (SIZE_MAX / 8) / (sizeof(pair) + 4 * (size_t)(K > 0 ? K : 1)))
        return dyng_i_error(DYNG_CAPACITY, "%s: a batch of %lld is past this machine", fn,
                            (long long)o.size);

    const bool windowed = o.locality_window >= 1 && o.locality_window < n;
    const int64_t width = windowed ? o.locality_window : n;
    int64_t lo = 0;
    if (windowed)
        lo = (int64_t)dyng_i_ctr_below64(dyng_i_ctr_key(o.seed, DYNG_I_STREAM_BATCH_WINDOW), 0,
                                         (uint64_t)(n - width + 1));
    const int64_t hi = lo + width;
    const char *where = windowed ? "the window" : "the graph";

    pair *dels = NULL, *ins = NULL;
    uint64_t *picked = NULL;
    int32_t *weights = NULL;
    void *scratch = NULL;
    u64_set set = {NULL, 0};
    dyng_i_pair_set chosen = {NULL, 0};
    dyng_batch *b = NULL;
    /* All pairs of the window without self-loops (saturated past 2^62:
     * then there are plenty). */
    uint64_t total;
    if (width > ((int64_t)1 << 31))
        total = (uint64_t)1 << 62;
    else
        total = p.directed ? (uint64_t)width * (uint64_t)(width - 1)
                           : (uint64_t)width * (uint64_t)(width - 1) / 2;
    /* The existing pairs inside the window, row by row (pairs.h): counted in
     * place where the rows hold each target once, in order, else copied
     * (a graph in append order, or with parallel edges). In place, the
     * self-loops among them are not counted: the draws below need their
     * number only where the window is dense, 2 I > total - inside (and the
     * free pairs may be listed); there the pairs are copied after all. On
     * R-MAT with 2^20 vertices and 4M edges, counting reads the 1M row
     * records, where copying read and wrote the 4M targets too. */
    dyng_i_pair_rows edges;
    dyng_status s = dyng_i_graph_rows_distinct(g) ? dyng_i_pair_rows_count(&edges, g, lo, hi)
                                                  : dyng_i_pair_rows_make(&edges, g, lo, hi);
    if (s == DYNG_OK && edges.loops < 0 &&
        ((uint64_t)edges.count > total || 2 * (uint64_t)I > total - (uint64_t)edges.count)) {
        dyng_i_pair_rows_free(&edges);
        s = dyng_i_pair_rows_make(&edges, g, lo, hi);
    }
    if (s != DYNG_OK) {
        dyng_i_pair_rows_free(&edges);
        return s;
    }
    const int64_t inside = edges.count;
    if (D > inside) {
        s = dyng_i_error(DYNG_INVALID_ARGUMENT,
                         "%s: %lld deletions asked for, but only %lld edges lie in %s", fn,
                         (long long)D, (long long)inside, where);
        goto done;
    }
    /* Free pairs: those of the window, less the existing ones. Counted in
     * place (loops unknown), total - inside is at most that, and at least
     * 2 I (above), which is all the draws below need to know. */
    const uint64_t free_pairs = total - (uint64_t)(inside - (edges.loops < 0 ? 0 : edges.loops));
    if ((uint64_t)I > free_pairs) {
        s = dyng_i_error(DYNG_INVALID_ARGUMENT,
                         "%s: %lld insertions asked for, but %s has only %llu free pairs (no "
                         "self-loop, not an edge)",
                         fn, (long long)I, where, (unsigned long long)free_pairs);
        goto done;
    }
    const bool listed = 2 * (uint64_t)I > free_pairs; /* then free_pairs < 2 I */
    const int64_t floyd_max = D > I ? D : I;
    picked = dyng_i_malloc((size_t)floyd_max + 1, sizeof *picked);
    dels = dyng_i_malloc((size_t)D + 1, sizeof *dels);
    ins = dyng_i_malloc((size_t)(listed ? free_pairs : (uint64_t)I) + 1, sizeof *ins);
    weights = dyng_i_malloc((size_t)I * (size_t)K + 1, sizeof *weights);
    scratch = dyng_i_malloc(2 * (size_t)o.size + 2, sizeof(int64_t));
    bool ready = picked && dels && ins && weights && scratch && u64_set_init(&set, floyd_max) &&
                 (listed || dyng_i_pair_set_init(&chosen, I));
    if (!ready) {
        s = dyng_i_oom("the batch generator's work space", (size_t)o.size * 4 * sizeof(pair));
        goto done;
    }

    /* Deletions: D of the `inside` pairs, by their numbers in sorted order. */
    floyd(picked, D, (uint64_t)inside, dyng_i_ctr_key(o.seed, DYNG_I_STREAM_BATCH_DELETE), &set);
    qsort(picked, (size_t)D, sizeof *picked, compare_u64);
    for (int64_t t = 0; t < D; t++)
        dels[t] = dyng_i_pair_rows_at(&edges, (int64_t)picked[t]);

    /* Insertions. */
    const uint64_t ikey = dyng_i_ctr_key(o.seed, DYNG_I_STREAM_BATCH_INSERT);
    if (!listed) {
        int64_t found = 0;
        for (uint64_t t = 0; found < I; t++) {
            if ((t & 4095) == 0 && dyng_i_interrupted(resources)) {
                s = dyng_i_error(DYNG_INTERRUPTED, "batch generation interrupted");
                goto done;
            }
            pair q = {lo + (int64_t)dyng_i_ctr_below64(ikey, 2 * t, (uint64_t)width),
                      lo + (int64_t)dyng_i_ctr_below64(ikey, 2 * t + 1, (uint64_t)width)};
            if (q.u == q.v)
                continue;
            if (!p.directed && q.u > q.v) {
                int64_t x = q.u;
                q.u = q.v;
                q.v = x;
            }
            if (dyng_i_pair_rows_contains(&edges, q) || !dyng_i_pair_set_add(&chosen, q))
                continue;
            ins[found++] = q;
        } /* draws */
    } else {
        /* The free pairs in (u, v) order, then I of them. */
        uint64_t c = 0;
        for (int64_t u = lo; u < hi; u++) {
            if (dyng_i_interrupted(resources)) {
                s = dyng_i_error(DYNG_INTERRUPTED, "batch generation interrupted");
                goto done;
            }
            /* e walks row u's existing targets, ascending. */
            int64_t e = edges.start[u - lo];
            const int64_t e_end = edges.start[u - lo + 1];
            for (int64_t v = p.directed ? lo : u + 1; v < hi; v++) {
                while (e < e_end && dyng_i_pair_rows_v(&edges, e) < v)
                    e++;
                if (u == v || (e < e_end && dyng_i_pair_rows_v(&edges, e) == v))
                    continue;
                if (c < free_pairs) /* ins holds free_pairs; a miscount is refused below */
                    ins[c] = (pair){u, v};
                c++;
            }
        }
        if (c != free_pairs) {
            s = dyng_i_error(DYNG_INTERNAL, "%s: listed %llu free pairs, counted %llu", fn,
                             (unsigned long long)c, (unsigned long long)free_pairs);
            goto done;
        }
        memset(set.slots, 0xFF, (set.mask + 1) * sizeof *set.slots);
        floyd(picked, I, free_pairs, ikey, &set);
        qsort(picked, (size_t)I, sizeof *picked, compare_u64);
        for (int64_t t = 0; t < I; t++)
            ins[t] = ins[picked[t]]; /* picked ascending: t <= picked[t] */
    }
    qsort(ins, (size_t)I, sizeof *ins, dyng_i_pair_compare);
    if (K > 0) {
        const uint64_t wkey = dyng_i_ctr_key(o.seed, DYNG_I_STREAM_BATCH_WEIGHTS);
        const uint64_t range = (uint64_t)((int64_t)o.weight_high - (int64_t)o.weight_low + 1);
        for (int64_t i = 0; i < I * K; i++)
            weights[i] = (int32_t)((int64_t)o.weight_low +
                                   (int64_t)dyng_i_ctr_below32(wkey, (uint64_t)i, range));
    }

    s = dyng_batch_new(&b, p.vertex_type, K);
    if (s == DYNG_OK)
        s = dyng_batch_reserve(b, I, D);
    if (s == DYNG_OK)
        s = dyng_i_batch_add_pairs(b, p.vertex_type, dels, D, NULL, false, scratch);
    if (s == DYNG_OK)
        s = dyng_i_batch_add_pairs(b, p.vertex_type, ins, I, K > 0 ? weights : NULL, true, scratch);
    if (s == DYNG_OK) {
        *out = b;
        b = NULL;
    }
done:
    dyng_batch_free(&b);
    dyng_i_pair_rows_free(&edges);
    dyng_i_free(dels);
    dyng_i_free(ins);
    dyng_i_free(picked);
    dyng_i_free(weights);
    dyng_i_free(scratch);
    dyng_i_free(set.slots);
    dyng_i_free(chosen.slots);
    return s;
}
