/*
 * src/generators/legacy_mosp.c - MOSP-OpenMP's change generator
 * (dyng_legacy_mosp_changes, dyng/generators.h) and its graph converter's
 * weights (dyng_legacy_mosp_weights), reproduced bit for bit.
 *
 * The steps, and the order in which they draw from the one std::mt19937,
 * are those of the header's comment. The graph is read once as CSR (its own
 * row order, for the weights and the safe rounds' reachability) and once as
 * its distinct pairs sorted by (u, v) (the research code's CSR order, for
 * the picks and the ball). The K trees come from dyng_sssp_compute, whose
 * canonical trees are the research code's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "dyng/generators.h"
#include "dyng/sssp.h"
#include "generators/pairs.h"
#include "stdrng.h"

typedef dyng_i_pair pair;

/* Everything the steps share. */
typedef struct gen {
    const dyng_mosp_changes_options *o;
    const dyng_graph *g;
    int64_t n;
    int K;
    dyng_type vt, ot;
    /* The graph as CSR in its row order, with its weights. */
    int64_t entries;
    void *row_ptr, *col;
    int32_t *w;
    /* Its distinct pairs sorted by (u, v), and where each u's start. */
    pair *pairs;
    int64_t num_pairs;
    int64_t *pair_start; /* n + 1 */
    dyng_i_mt32 rng;
    /* The ball (local_hops): its vertices in search order, and membership. */
    int64_t *ball;
    int64_t ball_size;
    uint8_t *in_ball;
    /* The changes: insertions then reweights (K weights each), deletions. */
    pair *ins;
    int32_t *ins_w;
    int64_t num_ins, num_reweights;
    pair *dels;
    int64_t num_dels;
} gen;

static int64_t row_start(const gen *s, int64_t u) {
    return dyng_i_pairs_read(s->row_ptr, s->ot, u);
}

static int64_t col_at(const gen *s, int64_t e) { return dyng_i_pairs_read(s->col, s->vt, e); }

/* ---- reading the graph ----------------------------------------------------- */

static dyng_status read_graph(gen *s) {
    const size_t vs = dyng_type_size(s->vt), os = dyng_type_size(s->ot);
    s->row_ptr = dyng_i_malloc((size_t)s->n + 1, os);
    s->col = dyng_i_malloc((size_t)s->entries + 1, vs);
    s->w = dyng_i_malloc((size_t)s->entries * (size_t)s->K + 1, sizeof(int32_t));
    s->pair_start = dyng_i_malloc((size_t)s->n + 1, sizeof(int64_t));
    if (s->row_ptr == NULL || s->col == NULL || s->w == NULL || s->pair_start == NULL)
        return dyng_i_oom("the graph's rows", (size_t)s->entries * (vs + 4 * (size_t)s->K));
    DYNG_I_TRY(dyng_graph_to_csr(s->g, false, s->row_ptr, s->col, s->w));
    DYNG_I_TRY(dyng_i_graph_pairs(s->g, &s->pairs, &s->num_pairs));
    int64_t k = 0;
    for (int64_t u = 0; u <= s->n; u++) {
        while (k < s->num_pairs && s->pairs[k].u < u)
            k++;
        s->pair_start[u] = k;
    }
    return DYNG_OK;
}

/* ---- grouping pairs ------------------------------------------------------------ */

/*
 * A stable counting sort of `count` pairs by their tail (by_head false) or
 * their head into out[], with start[x] .. start[x + 1] the pairs of vertex
 * x (start has n + 1 zeroed entries).
 */
static void group_pairs(const pair *in, int64_t count, int64_t n, bool by_head, int64_t *start,
                        pair *out) {
    for (int64_t i = 0; i < count; i++)
        start[(by_head ? in[i].v : in[i].u) + 1]++;
    for (int64_t x = 0; x < n; x++)
        start[x + 1] += start[x];
    for (int64_t i = 0; i < count; i++) /* start[x] runs ahead, then is restored */
        out[start[by_head ? in[i].v : in[i].u]++] = in[i];
    for (int64_t x = n; x > 0; x--)
        start[x] = start[x - 1];
    start[0] = 0;
}

/* ---- 1. the ball ------------------------------------------------------------- */

/*
 * The centre and the vertices within local_hops steps of it, in breadth-first
 * order: from each vertex its out-neighbours (ascending), then its
 * in-neighbours (ascending), each taken when first met.
 */
static dyng_status make_ball(gen *s) {
    const int64_t n = s->n, hops = s->o->local_hops;
    /* The in-neighbours by head, ascending: the pairs bucketed by v (a stable
     * pass keeps each bucket in ascending u). */
    int64_t *in_start = dyng_i_calloc((size_t)n + 1, sizeof(int64_t));
    pair *in_pairs = dyng_i_malloc((size_t)s->num_pairs + 1, sizeof(pair));
    int64_t *depth = dyng_i_malloc((size_t)n, sizeof(int64_t));
    s->ball = dyng_i_malloc((size_t)n, sizeof(int64_t));
    s->in_ball = dyng_i_calloc((size_t)n, 1);
    dyng_status st = DYNG_OK;
    if (in_start == NULL || in_pairs == NULL || depth == NULL || s->ball == NULL ||
        s->in_ball == NULL) {
        st = dyng_i_oom("the ball's search", (size_t)(n + s->num_pairs) * 3 * sizeof(int64_t));
        goto done;
    }
    group_pairs(s->pairs, s->num_pairs, n, true, in_start, in_pairs);

    const int64_t centre = dyng_i_uniform32(&s->rng, 0, n - 1);
    int64_t size = 0;
    s->ball[size++] = centre;
    s->in_ball[centre] = 1;
    depth[centre] = 0;
    for (int64_t head = 0; head < size; head++) {
        const int64_t x = s->ball[head];
        if (depth[x] == hops)
            continue;
        for (int side = 0; side < 2; side++) {
            const int64_t lo = side == 0 ? s->pair_start[x] : in_start[x];
            const int64_t hi = side == 0 ? s->pair_start[x + 1] : in_start[x + 1];
            for (int64_t k = lo; k < hi; k++) {
                const int64_t y = side == 0 ? s->pairs[k].v : in_pairs[k].u;
                if (!s->in_ball[y]) {
                    s->in_ball[y] = 1;
                    depth[y] = depth[x] + 1;
                    s->ball[size++] = y;
                }
            }
        }
    }
    s->ball_size = size;
done:
    dyng_i_free(in_start);
    dyng_i_free(in_pairs);
    dyng_i_free(depth);
    return st;
}

/* ---- 3. picks ------------------------------------------------------------------ */

/* The distinct edges u != v in CSR order (inside the ball when there is one):
 * *out (free with dyng_i_free), *count. */
static dyng_status edge_list(const gen *s, pair **out, int64_t *count) {
    *count = 0;
    *out = dyng_i_malloc((size_t)s->num_pairs + 1, sizeof(pair));
    if (*out == NULL)
        return dyng_i_oom("the edge list", (size_t)s->num_pairs * sizeof(pair));
    for (int64_t k = 0; k < s->num_pairs; k++) {
        const pair p = s->pairs[k];
        if (p.u != p.v && (s->in_ball == NULL || (s->in_ball[p.u] && s->in_ball[p.v])))
            (*out)[(*count)++] = p;
    }
    return DYNG_OK;
}

/* `count` picks with replacement among the edges of edge_list, into to[]. */
static dyng_status pick_edges(gen *s, pair *to, int64_t count, const char *what) {
    if (count == 0)
        return DYNG_OK;
    pair *edges;
    int64_t m;
    DYNG_I_TRY(edge_list(s, &edges, &m));
    dyng_status st = DYNG_OK;
    if (m == 0)
        st = dyng_i_error(DYNG_INVALID_ARGUMENT, "%lld %s pick among no edges (the %s has none)",
                          (long long)count, what, s->in_ball != NULL ? "ball" : "graph");
    else if ((uint64_t)m - 1 > UINT32_MAX)
        st = dyng_i_error(DYNG_NOT_SUPPORTED,
                          "%lld edges to pick from: past 2^32, libstdc++ "
                          "joins two draws per pick, which is not written here",
                          (long long)m);
    for (int64_t i = 0; st == DYNG_OK && i < count; i++)
        to[i] = edges[dyng_i_uniform32(&s->rng, 0, m - 1)];
    dyng_i_free(edges);
    return st;
}

/* The distinct edges (parent, v) of the K shortest-path trees, listed by v
 * and then by objective, shuffled: *out (free with dyng_i_free), *count. */
static dyng_status tree_edges(gen *s, pair **out, int64_t *count) {
    const int64_t n = s->n;
    const int K = s->K;
    *out = NULL;
    *count = 0;
    dyng_sssp_result **trees = dyng_i_calloc((size_t)K, sizeof *trees);
    pair *edges = dyng_i_malloc((size_t)n * (size_t)K + 1, sizeof(pair));
    dyng_i_pair_set seen;
    dyng_i_pair_set_init(&seen, n * K);
    dyng_status st = DYNG_OK;
    if (trees == NULL || edges == NULL || seen.slots == NULL) {
        st = dyng_i_oom("the trees' edges", (size_t)n * (size_t)K * 3 * sizeof(pair));
        goto done;
    }
    dyng_sssp_options so;
    dyng_sssp_options_default(&so);
    for (int k = 0; k < K && st == DYNG_OK; k++) {
        so.objective = k;
        st = dyng_sssp_compute(&trees[k], s->g, s->o->source, &so);
    }
    const int64_t *parents[DYNG_MAX_WEIGHTS];
    for (int k = 0; k < K && st == DYNG_OK; k++)
        dyng_sssp_result_parents(&parents[k], trees[k]);
    int64_t m = 0;
    for (int64_t v = 0; st == DYNG_OK && v < n; v++)
        for (int k = 0; k < K; k++) {
            const pair e = {parents[k][v], v};
            if (e.u >= 0 && dyng_i_pair_set_add(&seen, e))
                edges[m++] = e;
        }
    if (st == DYNG_OK && (uint64_t)m > (uint64_t)UINT32_MAX)
        st = dyng_i_error(DYNG_NOT_SUPPORTED,
                          "%lld tree edges to shuffle: past 2^32, libstdc++ "
                          "joins two draws per swap, which is not written here",
                          (long long)m);
    if (st == DYNG_OK) {
        dyng_i_shuffle32(&s->rng, edges, (size_t)m, sizeof(pair));
        *out = edges;
        *count = m;
        edges = NULL;
    }
done:
    for (int k = 0; trees != NULL && k < K; k++)
        dyng_sssp_result_free(&trees[k]);
    dyng_i_free(trees);
    dyng_i_free(edges);
    dyng_i_free(seen.slots);
    return st;
}

/* ---- 4. weights -------------------------------------------------------------- */

/* The weights of the first copy of (u, v) in row u. */
static const int32_t *weights_of(const gen *s, pair e) {
    for (int64_t x = row_start(s, e.u); x < row_start(s, e.u + 1); x++)
        if (col_at(s, x) == e.v)
            return s->w + x * s->K;
    return NULL; /* not reached: the pair is one of the graph's */
}

static void draw_weights(gen *s) {
    const dyng_mosp_changes_options *o = s->o;
    const int K = s->K;
    int32_t high[DYNG_MAX_WEIGHTS];
    for (int k = 0; k < K; k++) {
        high[k] = o->weight_max;
        if (o->mode == DYNG_MOSP_TARGETED) { /* below the column's mean */
            double sum = 0;
            for (int64_t e = 0; e < s->entries; e++)
                sum += s->w[e * K + k];
            const int64_t top = (int64_t)(s->entries > 0 ? sum / (double)s->entries : 0) - 1;
            high[k] = top > o->weight_min ? (int32_t)top : o->weight_min;
        }
    }
    for (int64_t i = 0; i < s->num_ins; i++)
        for (int k = 0; k < K; k++)
            s->ins_w[i * K + k] = (int32_t)dyng_i_uniform32(&s->rng, o->weight_min, high[k]);
    for (int64_t i = s->num_ins; i < s->num_ins + s->num_reweights; i++) {
        const int32_t *old = o->mode == DYNG_MOSP_INCREASE ? weights_of(s, s->ins[i]) : NULL;
        for (int k = 0; k < K; k++) {
            if (old == NULL) {
                s->ins_w[i * K + k] =
                    (int32_t)dyng_i_uniform32(&s->rng, o->weight_min, o->weight_max);
            } else {
                const int64_t w = old[k] + dyng_i_uniform32(&s->rng, 1, o->weight_max);
                s->ins_w[i * K + k] = w > INT32_MAX ? INT32_MAX : (int32_t)w;
            }
        }
    }
}

/* ---- 5. safe deletions ------------------------------------------------------- */

/* The vertices the source reaches over the entries not `gone` (all when
 * NULL) and the pairs extra[extra_start[u] .. extra_start[u + 1]) from each
 * u (none when extra_start is NULL), into reach[] (0 or 1). */
static void reach_from_source(const gen *s, const uint8_t *gone, const pair *extra,
                              const int64_t *extra_start, int64_t *stack, uint8_t *reach) {
    memset(reach, 0, (size_t)s->n);
    int64_t top = 0;
    reach[s->o->source] = 1;
    stack[top++] = s->o->source;
    while (top > 0) {
        const int64_t u = stack[--top];
        for (int64_t x = row_start(s, u); x < row_start(s, u + 1); x++) {
            const int64_t v = col_at(s, x);
            if ((gone == NULL || !gone[x]) && !reach[v]) {
                reach[v] = 1;
                stack[top++] = v;
            }
        }
        for (int64_t i = extra_start != NULL ? extra_start[u] : 0;
             extra_start != NULL && i < extra_start[u + 1]; i++) {
            const int64_t v = extra[i].v;
            if (!reach[v]) {
                reach[v] = 1;
                stack[top++] = v;
            }
        }
    }
}

/*
 * Rounds that apply the batch to a copy of the graph (each deletion removes
 * the first remaining copy of its pair in its row; the insertions and
 * reweights add their pairs) and drop every deletion whose head the source
 * reached before and reaches no more, until a round drops none. Returns the
 * rounds in *rounds.
 */
static dyng_status safe_rounds(gen *s, int64_t *rounds) {
    const int64_t n = s->n, added = s->num_ins + s->num_reweights;
    uint8_t *gone = dyng_i_malloc((size_t)s->entries + 1, 1);
    uint8_t *before = dyng_i_malloc((size_t)n, 1), *after = dyng_i_malloc((size_t)n, 1);
    int64_t *stack = dyng_i_malloc((size_t)n + 1, sizeof(int64_t));
    int64_t *add_start = dyng_i_calloc((size_t)n + 1, sizeof(int64_t));
    pair *add = dyng_i_malloc((size_t)added + 1, sizeof(pair));
    dyng_status st = DYNG_OK;
    *rounds = 0;
    if (gone == NULL || before == NULL || after == NULL || stack == NULL || add_start == NULL ||
        add == NULL) {
        st = dyng_i_oom("the safe rounds", (size_t)(s->entries + 8 * n) + (size_t)added * 16);
        goto done;
    }
    /* The added pairs by tail (a counting sort), for the searches. */
    group_pairs(s->ins, added, n, false, add_start, add);
    reach_from_source(s, NULL, NULL, NULL, stack, before);
    for (;;) {
        (*rounds)++;
        memset(gone, 0, (size_t)s->entries);
        for (int64_t d = 0; d < s->num_dels; d++) {
            const pair e = s->dels[d];
            for (int64_t x = row_start(s, e.u); x < row_start(s, e.u + 1); x++)
                if (!gone[x] && col_at(s, x) == e.v) {
                    gone[x] = 1;
                    break;
                }
        }
        reach_from_source(s, gone, add, add_start, stack, after);
        int64_t kept = 0;
        for (int64_t d = 0; d < s->num_dels; d++) {
            const int64_t v = s->dels[d].v;
            if (!(before[v] && !after[v]))
                s->dels[kept++] = s->dels[d];
        }
        const bool dropped = kept < s->num_dels;
        s->num_dels = kept;
        if (!dropped)
            break;
    }
done:
    dyng_i_free(gone);
    dyng_i_free(before);
    dyng_i_free(after);
    dyng_i_free(stack);
    dyng_i_free(add_start);
    dyng_i_free(add);
    return st;
}

/* ---- the converter's weights ------------------------------------------------- */

dyng_status dyng_legacy_mosp_weights(int32_t *out, int64_t count, int32_t weight_min,
                                     int32_t weight_max, uint32_t seed) {
    if (count < 0 || (count > 0 && out == NULL))
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "%lld weights into %p; expected a count >= 0 and an array",
                            (long long)count, (void *)out);
    if (weight_min < 1 || weight_max < weight_min)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the weights' range is %d..%d; accepted: 1 <= weight_min <= "
                            "weight_max",
                            (int)weight_min, (int)weight_max);
    dyng_i_mt32 rng;
    dyng_i_mt32_seed(&rng, seed);
    for (int64_t i = 0; i < count; i++)
        out[i] = (int32_t)dyng_i_uniform32(&rng, weight_min, weight_max);
    return DYNG_OK;
}

/* ---- the generator ----------------------------------------------------------- */

dyng_status dyng_mosp_changes_options_default(dyng_mosp_changes_options *out) {
    DYNG_I_CHECK_ARG(out);
    memset(out, 0, sizeof *out);
    out->insertion_percentage = 50.0;
    out->mode = DYNG_MOSP_UNIFORM;
    out->weight_min = 1;
    out->weight_max = 100;
    out->seed = 1;
    return DYNG_OK;
}

static const char *mode_name(dyng_mosp_change_mode m) {
    switch (m) {
    case DYNG_MOSP_UNIFORM: return "uniform";
    case DYNG_MOSP_TARGETED: return "targeted";
    case DYNG_MOSP_REWEIGHT: return "reweight";
    case DYNG_MOSP_INCREASE: return "increase";
    }
    return "?";
}

/* The options' ranges, against g. */
static dyng_status check_options(const dyng_mosp_changes_options *o, const dyng_graph_properties *p,
                                 int64_t n) {
    if (!p->directed)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the MOSP change generator takes directed graphs (the research "
                            "code's); this graph is undirected");
    if (p->num_weights < 1)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the MOSP change generator takes graphs with weights (the research "
                            "code's carry K >= 1 per edge); this graph has none");
    if (o->mode < DYNG_MOSP_UNIFORM || o->mode > DYNG_MOSP_INCREASE)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "mode is %d; accepted: uniform (0), targeted (1), reweight (2), "
                            "increase (3)",
                            (int)o->mode);
    if (o->num_changes < 0 || (uint64_t)o->num_changes > SIZE_MAX / 64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "num_changes is %lld; accepted: 0 or more",
                            (long long)o->num_changes);
    if (!(o->insertion_percentage >= 0.0 && o->insertion_percentage <= 100.0))
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "insertion_percentage is %g; accepted: 0 to 100",
                            o->insertion_percentage);
    if (o->weight_min < 1 || o->weight_max < o->weight_min)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the weights' range is %d..%d; accepted: 1 <= weight_min <= "
                            "weight_max",
                            (int)o->weight_min, (int)o->weight_max);
    if (o->local_hops < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "local_hops is %lld; accepted: 0 or more",
                            (long long)o->local_hops);
    if ((uint64_t)n > (uint64_t)UINT32_MAX)
        return dyng_i_error(DYNG_NOT_SUPPORTED,
                            "the graph has %lld vertices: past 2^32, libstdc++ joins two draws "
                            "per vertex, which is not written here",
                            (long long)n);
    if (o->source < 0 || o->source >= n)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "source is %lld; the graph's vertices are 0..%lld",
                            (long long)o->source, (long long)n - 1);
    if ((o->local_hops > 0 || o->safe_deletions) && o->mode != DYNG_MOSP_UNIFORM)
        return dyng_i_error(DYNG_NOT_SUPPORTED,
                            "%s with mode %s: the research code's goldens pin local_hops and "
                            "safe_deletions down with mode uniform only, and dynG reproduces "
                            "nothing it cannot check",
                            o->local_hops > 0 ? "local_hops" : "safe_deletions",
                            mode_name(o->mode));
    return DYNG_OK;
}

/* Step 2: the insertions' endpoints. */
static dyng_status draw_insertions(gen *s) {
    const int64_t from = s->ball != NULL ? s->ball_size : s->n;
    if (s->num_ins > 0 && from < 2)
        return dyng_i_error(
            DYNG_INVALID_ARGUMENT, "%lld insertions need two vertices to join; the %s has %lld",
            (long long)s->num_ins, s->ball != NULL ? "ball" : "graph", (long long)from);
    for (int64_t i = 0; i < s->num_ins; i++) {
        int64_t u, v;
        do {
            u = dyng_i_uniform32(&s->rng, 0, from - 1);
            v = dyng_i_uniform32(&s->rng, 0, from - 1);
        } while (u == v);
        s->ins[i] = s->ball != NULL ? (pair){s->ball[u], s->ball[v]} : (pair){u, v};
    }
    return DYNG_OK;
}

/* Steps 1 to 5 into s. */
static dyng_status generate(gen *s, dyng_mosp_changes_report *rep) {
    const dyng_mosp_changes_options *o = s->o;
    const int64_t N = o->num_changes;
    const bool with_inserts = o->mode == DYNG_MOSP_UNIFORM || o->mode == DYNG_MOSP_TARGETED;
    int64_t inserts = 0;
    if (with_inserts) {
        const double x = floor((double)N * o->insertion_percentage / 100.0 + 0.5);
        inserts = x < 0 ? 0 : x > (double)N ? N : (int64_t)x;
    }
    s->num_ins = inserts;
    s->ins = dyng_i_malloc((size_t)N + 1, sizeof(pair));
    s->ins_w = dyng_i_malloc((size_t)N * (size_t)s->K + 1, sizeof(int32_t));
    s->dels = dyng_i_malloc((size_t)N + 1, sizeof(pair));
    if (s->ins == NULL || s->ins_w == NULL || s->dels == NULL)
        return dyng_i_oom("the changes", (size_t)N * (2 * sizeof(pair) + 4 * (size_t)s->K));
    DYNG_I_TRY(read_graph(s));
    dyng_i_mt32_seed(&s->rng, o->seed);
    if (o->local_hops > 0) {
        DYNG_I_TRY(make_ball(s));
        rep->centre = s->ball[0];
        rep->region = s->ball_size;
    }
    DYNG_I_TRY(draw_insertions(s));
    switch (o->mode) {
    case DYNG_MOSP_UNIFORM:
        s->num_dels = N - inserts;
        DYNG_I_TRY(pick_edges(s, s->dels, s->num_dels, "deletions"));
        break;
    case DYNG_MOSP_REWEIGHT:
        s->num_reweights = N;
        DYNG_I_TRY(pick_edges(s, s->ins, N, "reweights"));
        break;
    case DYNG_MOSP_TARGETED:
    case DYNG_MOSP_INCREASE: {
        pair *tree;
        int64_t m;
        DYNG_I_TRY(tree_edges(s, &tree, &m));
        const int64_t want = o->mode == DYNG_MOSP_TARGETED ? N - inserts : N;
        const int64_t take = want < m ? want : m;
        if (o->mode == DYNG_MOSP_TARGETED) {
            memcpy(s->dels, tree, (size_t)take * sizeof(pair));
            s->num_dels = take;
        } else {
            memcpy(s->ins, tree, (size_t)take * sizeof(pair));
            s->num_reweights = take;
        }
        dyng_i_free(tree);
        break;
    }
    }
    draw_weights(s);
    if (o->safe_deletions) {
        rep->safe_asked = s->num_dels;
        DYNG_I_TRY(safe_rounds(s, &rep->safe_rounds));
    }
    rep->inserts = s->num_ins;
    rep->reweights = s->num_reweights;
    rep->deletes = s->num_dels;
    return DYNG_OK;
}

/* The batch: the deletions, then the insertions and reweights. */
static dyng_status make_batch(const gen *s, dyng_batch **out) {
    const int64_t added = s->num_ins + s->num_reweights;
    const int64_t most = added > s->num_dels ? added : s->num_dels;
    void *scratch = dyng_i_malloc(2 * (size_t)most + 2, sizeof(int64_t));
    if (scratch == NULL)
        return dyng_i_oom("the batch", (size_t)most * 16);
    dyng_batch *b = NULL;
    dyng_status st = dyng_batch_new(&b, s->vt, s->K);
    if (st == DYNG_OK)
        st = dyng_batch_reserve(b, added, s->num_dels);
    if (st == DYNG_OK)
        st = dyng_i_batch_add_pairs(b, s->vt, s->dels, s->num_dels, NULL, false, scratch);
    if (st == DYNG_OK)
        st = dyng_i_batch_add_pairs(b, s->vt, s->ins, added, s->ins_w, true, scratch);
    dyng_i_free(scratch);
    if (st != DYNG_OK) {
        dyng_batch_free(&b);
        return st;
    }
    *out = b;
    return DYNG_OK;
}

dyng_status dyng_legacy_mosp_changes(dyng_batch **out, dyng_mosp_changes_report *report,
                                     const dyng_graph *g,
                                     const dyng_mosp_changes_options *options) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    DYNG_I_CHECK_ARG(g);
    DYNG_I_CHECK_ARG(options);
    dyng_graph_properties p;
    gen s;
    memset(&s, 0, sizeof s);
    s.o = options;
    s.g = g;
    DYNG_I_TRY(dyng_graph_properties_of(&p, g));
    DYNG_I_TRY(dyng_graph_num_vertices(&s.n, g));
    DYNG_I_TRY(dyng_graph_num_entries(&s.entries, g));
    DYNG_I_TRY(check_options(options, &p, s.n));
    s.K = p.num_weights;
    s.vt = p.vertex_type;
    s.ot = p.offset_type;
    dyng_mosp_changes_report rep;
    memset(&rep, 0, sizeof rep);
    rep.centre = -1;
    dyng_status st = generate(&s, &rep);
    if (st == DYNG_OK)
        st = make_batch(&s, out);
    if (st == DYNG_OK && report != NULL)
        *report = rep;
    dyng_i_free(s.row_ptr);
    dyng_i_free(s.col);
    dyng_i_free(s.w);
    dyng_i_free(s.pairs);
    dyng_i_free(s.pair_start);
    dyng_i_free(s.ball);
    dyng_i_free(s.in_ball);
    dyng_i_free(s.ins);
    dyng_i_free(s.ins_w);
    dyng_i_free(s.dels);
    return st;
}
