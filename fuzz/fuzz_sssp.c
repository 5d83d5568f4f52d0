/*
 * fuzz/fuzz_sssp.c - shortest-path trees repaired by dyng_update, against the
 * oracle of the C tests and a fresh compute.
 *
 * Input bytes are decoded into a graph (directed or undirected, in-edges
 * stored or not, sorted or appended rows, parallel edges or not, 0 to 2
 * weight columns of weights 1 to 8, so that ties are common; 1 to 63
 * vertices and up to 255 edges), batch semantics, two sources, the trees'
 * options (objective, engine, fallback fraction and maximum), and then batches until the
 * bytes run out, made as fuzz_apply.c makes them (repeated pairs,
 * self-loops, absent edges, vertex growth, ids out of range), with now and
 * then an inserted weight of 0 or -1, which an update refuses. Each batch
 * goes through dyng_update with both trees.
 * Checks, on success: each tree equals the oracle (tests/c/sssp_oracle.h)
 * and a fresh compute, byte for byte; its stats count exactly the vertices
 * whose entry changed (a vertex the batch added counts when it is reached);
 * the result's list of changed vertices holds every one of them; the
 * result's state is the graph's. On failure: the graph's state id and both
 * trees are as before.
 */
#include "decode.h"
#include "dyng/update.h"
#include "fuzz_util.h"
#include "refmodel.h"
#include "sssp_oracle.h"

#define FZ_TREES 2

/* A copy of a tree's entries for n0 vertices. */
typedef struct fz_tree {
    int64_t n, *dist, *parent;
} fz_tree;

static bool fz_tree_take(fz_tree *t, const dyng_sssp_result *r) {
    const int64_t *d = NULL, *p = NULL;
    FZ_ASSERT(dyng_sssp_result_num_vertices(&t->n, r) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_distances(&d, r) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_parents(&p, r) == DYNG_OK);
    t->dist = malloc((size_t)(t->n + 1) * sizeof(int64_t));
    t->parent = malloc((size_t)(t->n + 1) * sizeof(int64_t));
    if (t->dist == NULL || t->parent == NULL) {
        free(t->dist);
        free(t->parent);
        return false;
    }
    memcpy(t->dist, d, (size_t)t->n * sizeof(int64_t));
    memcpy(t->parent, p, (size_t)t->n * sizeof(int64_t));
    return true;
}

static void fz_tree_free(fz_tree *t) {
    free(t->dist);
    free(t->parent);
}

/* r still holds exactly the entries of `before`. */
static bool fz_tree_same(const fz_tree *before, const dyng_sssp_result *r) {
    int64_t n = -1;
    const int64_t *d = NULL, *p = NULL;
    FZ_ASSERT(dyng_sssp_result_num_vertices(&n, r) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_distances(&d, r) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_parents(&p, r) == DYNG_OK);
    return n == before->n && memcmp(d, before->dist, (size_t)n * sizeof(int64_t)) == 0 &&
           memcmp(p, before->parent, (size_t)n * sizeof(int64_t)) == 0;
}

/* After a successful update: the stats count the vertices whose entry
 * differs from `before` (a vertex past it was (INF, -1)), and the result's
 * changed list holds each of them unless it says all may have changed. */
static void fz_check_changes(const fz_tree *before, const dyng_sssp_result *r,
                             const dyng_sssp_stats *st) {
    int64_t n = -1, count = 0, affected = 0;
    const int64_t *d = NULL, *p = NULL, *listed = NULL;
    bool all = false;
    FZ_ASSERT(dyng_sssp_result_num_vertices(&n, r) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_distances(&d, r) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_parents(&p, r) == DYNG_OK);
    FZ_ASSERT(dyng_sssp_result_changed(&listed, &count, &all, r) == DYNG_OK);
    FZ_ASSERT(n >= before->n && count >= 0);
    bool *in_list = calloc((size_t)n + 1, sizeof(bool));
    if (in_list == NULL)
        return;
    for (int64_t i = 0; i < count && !all; i++) {
        FZ_ASSERT(listed[i] >= 0 && listed[i] < n);
        in_list[listed[i]] = true;
    }
    for (int64_t v = 0; v < n; v++) {
        const int64_t od = v < before->n ? before->dist[v] : DYNG_INFINITE_DISTANCE;
        const int64_t op = v < before->n ? before->parent[v] : -1;
        if (d[v] != od || p[v] != op) {
            affected++;
            FZ_ASSERT(all || in_list[v]);
        }
    }
    free(in_list);
    if (st->affected != affected)
        fprintf(stderr, "stats: %lld affected, counted %lld\n", (long long)st->affected,
                (long long)affected);
    FZ_ASSERT(st->affected == affected);
    FZ_ASSERT(st->converged);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_begin();
    fz_bytes in = {data, size};
    dyng_graph_properties p;
    if (!decode_properties(&in, &p))
        return 0;
    const uint8_t opt = fz_u8(&in);
    const int K = p.num_weights;
    dyng_sssp_options o;
    FZ_ASSERT(dyng_sssp_options_default(&o) == DYNG_OK);
    o.objective = K == 2 ? opt & 1 : 0;
    o.engine = (dyng_sssp_engine)((opt >> 1) % 3);
    static const double fractions[] = {0.0, 0.03, 0.3, 1.0};
    o.fallback_fraction = fractions[(opt >> 3) & 3];
    /* The most the limit rises to: the default, fixed, or more. */
    static const double most[] = {0.5, 0.0, 0.2, 0.9};
    o.fallback_max_fraction = most[(opt >> 5) & 3];

    /* The graph and the two trees. */
    const int64_t n0 = 1 + fz_u8(&in) % 63;
    int64_t src[255], dst[255];
    int32_t w[255 * 2];
    const int64_t m0 = decode_edges(&in, n0, K, decode_path_weight, src, dst, w);
    int64_t source[FZ_TREES];
    for (int t = 0; t < FZ_TREES; t++)
        source[t] = fz_u8(&in) % n0;
    rm_graph m;
    dyng_graph *g = rm_build_both(&m, &p, n0, m0, src, dst, w, NULL);
    rm_free(&m);
    dyng_sssp_result *r[FZ_TREES] = {NULL, NULL};
    for (int t = 0; t < FZ_TREES; t++) {
        FZ_ASSERT(dyng_sssp_compute(&r[t], g, source[t], &o) == DYNG_OK);
        FZ_ASSERT(sssp_matches(g, r[t]));
    }

    /* The batches. */
    tbatch tb;
    tb_init(&tb, K);
    while (in.n > 0) {
        const dyng_type bt = decode_batch(&in, &p, decode_inserted_path_weight, &tb);
        dyng_batch *b = tb_make(&tb, bt);
        fz_tree before[FZ_TREES];
        int taken = 0;
        while (taken < FZ_TREES && fz_tree_take(&before[taken], r[taken]))
            taken++;
        uint64_t state = 0, after = 0;
        FZ_ASSERT(dyng_graph_state_id(&state, g) == DYNG_OK);
        dyng_sssp_stats stats[FZ_TREES];
        dyng_result_ref refs[FZ_TREES];
        for (int t = 0; t < FZ_TREES; t++)
            refs[t] = (dyng_result_ref){DYNG_RESULT_SSSP, r[t], &stats[t]};
        const dyng_status st = dyng_update(g, b, refs, FZ_TREES);
        dyng_batch_free(&b);
        FZ_ASSERT(dyng_graph_state_id(&after, g) == DYNG_OK);
        FZ_ASSERT(st == DYNG_OK || dyng_error_message()[0] != '\0');
        for (int t = 0; t < taken; t++) {
            if (st == DYNG_OK) {
                FZ_ASSERT(sssp_matches(g, r[t]));
                fz_check_changes(&before[t], r[t], &stats[t]);
                /* The limit: fallback_fraction of the vertices the tree
                 * reached before (of n / 8 where it reached fewer), raised
                 * at most to fallback_max_fraction of them, or widened for
                 * the walk to 8 times that (at most fallback_max_fraction of
                 * what it counts) where the limit adapts. */
                int64_t n = 0;
                FZ_ASSERT(dyng_graph_num_vertices(&n, g) == DYNG_OK);
                int64_t reached = 0;
                for (int64_t v = 0; v < before[t].n; v++)
                    reached += before[t].dist[v] < DYNG_INFINITE_DISTANCE;
                const int64_t counted = reached > n / 8 ? reached : n / 8;
                const int64_t base = o.fallback_fraction >= 1.0
                                         ? n
                                         : (int64_t)(o.fallback_fraction * (double)counted);
                const bool adapts = o.fallback_fraction > 0.0 && o.fallback_fraction < 1.0 &&
                                    o.fallback_max_fraction > o.fallback_fraction;
                const double wide_all = o.fallback_max_fraction * (double)counted;
                const int64_t wide =
                    (int64_t)(8.0 * (double)base < wide_all ? 8.0 * (double)base : wide_all);
                int64_t top = (int64_t)(o.fallback_max_fraction * (double)reached);
                top = top > base ? top : base;
                if (adapts)
                    top = wide > top ? wide : top;
                FZ_ASSERT(stats[t].fallback_limit >= base && stats[t].fallback_limit <= top);
                FZ_ASSERT(stats[t].invalidated <= stats[t].fallback_limit ||
                          stats[t].fallback_used);
                /* Where the limit adapts, the push goes on to the end: then
                 * only the walk gives up (or a batch that outweighs the
                 * tree); under a fixed limit one thread's push stops at it
                 * too. (On several threads, where a recomputation would run
                 * near-far, one thread's push stops at the limit all the
                 * same: checked only on one thread.) */
                const bool pulls = !p.directed || p.store_transposed;
                const bool goes_on = adapts;
                dyng_resources *res = NULL;
                int threads = 1;
                FZ_ASSERT(dyng_graph_resources(&res, g) == DYNG_OK);
                FZ_ASSERT(dyng_resources_num_threads(&threads, res) == DYNG_OK);
                const bool one_thread = o.engine == DYNG_SSSP_DIJKSTRA || threads == 1;
                const int64_t changes = tb.ni + tb.nd;
                const bool outweighs =
                    o.fallback_fraction < 1.0 && changes > n / 4 && changes > n / 4 + 4 * reached;
                if (pulls && goes_on && one_thread && stats[t].fallback_used)
                    FZ_ASSERT(stats[t].invalidated > stats[t].fallback_limit || outweighs);
                if (pulls && !goes_on && !stats[t].fallback_used && o.engine != DYNG_SSSP_NEAR_FAR)
                    FZ_ASSERT(stats[t].affected <= stats[t].fallback_limit);
                uint64_t belongs = 0;
                FZ_ASSERT(dyng_sssp_result_graph_state_id(&belongs, r[t]) == DYNG_OK);
                FZ_ASSERT(belongs == after);
            } else {
                FZ_ASSERT(after == state);
                FZ_ASSERT(fz_tree_same(&before[t], r[t]));
            }
            fz_tree_free(&before[t]);
        }
    }
    FZ_ASSERT(check_failed_count == 0);
    tb_free(&tb);
    for (int t = 0; t < FZ_TREES; t++)
        dyng_sssp_result_free(&r[t]);
    dyng_graph_free(&g);
    return 0;
}
