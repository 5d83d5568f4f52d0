/*
 * tests/c/test_build.c - building a graph from edge arrays, against a plain
 * reference and across thread counts.
 *
 * The build is a counting sort cut into one chunk of edges per thread (see
 * kernels.tmpl.h); these inputs are large enough for the parallel path (more
 * than 2^16 edges) and full of what makes it tricky: parallel edges whose
 * last weights must win, self-loops, undirected mirrors, empty rows. For every
 * combination of directed / undirected, sorted / append order, forbid / allow
 * parallel edges and 0, 1 or 3 weights, the out- and in-CSR of the sequential
 * build and of the 2-thread build must both equal the reference: the entries
 * (row, target, edge index) sorted by row and then by target (sorted order)
 * or by edge index (append order), with repeated (row, target) merged into the
 * first one carrying the last one's weights.
 */
#include <string.h>

#include "check.h"

typedef struct entry {
    int64_t row, target, edge;
} entry;

static int by_target(const void *a, const void *b) {
    const entry *x = a, *y = b;
    if (x->row != y->row)
        return x->row < y->row ? -1 : 1;
    if (x->target != y->target)
        return x->target < y->target ? -1 : 1;
    return (x->edge > y->edge) - (x->edge < y->edge);
}

static int by_edge(const void *a, const void *b) {
    const entry *x = a, *y = b;
    if (x->row != y->row)
        return x->row < y->row ? -1 : 1;
    return (x->edge > y->edge) - (x->edge < y->edge);
}

static uint64_t rng = 7;
static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* The reference CSR of one direction (transposed: rows are targets). */
static void reference(int64_t n, int64_t m, const int32_t *src, const int32_t *dst,
                      const int32_t *w, int K, bool directed, bool transposed, bool sorted,
                      bool merge, int32_t *rp, int32_t *col, int32_t *wout, int64_t *entries) {
    entry *e = malloc((size_t)(2 * m + 1) * sizeof *e);
    int64_t count = 0;
    for (int64_t i = 0; i < m; i++) {
        int64_t u = transposed ? dst[i] : src[i], v = transposed ? src[i] : dst[i];
        e[count++] = (entry){u, v, i};
        if (!directed && u != v)
            e[count++] = (entry){v, u, i};
    }
    qsort(e, (size_t)count, sizeof *e, by_target);
    /* Merge runs of one (row, target): the first keeps the last's edge's
     * weights. Mark merged ones with edge = -1 and remember the weights' edge. */
    int64_t *wedge = malloc((size_t)(count + 1) * sizeof *wedge);
    for (int64_t i = 0; i < count; i++)
        wedge[i] = e[i].edge;
    if (merge) {
        for (int64_t i = 0; i < count;) {
            int64_t j = i;
            while (j + 1 < count && e[j + 1].row == e[i].row && e[j + 1].target == e[i].target)
                j++;
            wedge[i] = e[j].edge;
            for (int64_t x = i + 1; x <= j; x++)
                e[x].row = -1;
            i = j + 1;
        }
    }
    /* Keep the survivors with their weight source, then order them. */
    entry *kept = malloc((size_t)(count + 1) * sizeof *kept);
    int64_t k = 0;
    for (int64_t i = 0; i < count; i++)
        if (e[i].row >= 0)
            kept[k++] = (entry){e[i].row, e[i].target, e[i].edge * (2 * m + 1) + wedge[i]};
    /* .edge packs (own edge, weight edge); ordering by it orders by own edge. */
    if (!sorted)
        qsort(kept, (size_t)k, sizeof *kept, by_edge);
    memset(rp, 0, (size_t)(n + 1) * sizeof *rp);
    for (int64_t i = 0; i < k; i++)
        rp[kept[i].row + 1]++;
    for (int64_t v = 0; v < n; v++)
        rp[v + 1] += rp[v];
    for (int64_t i = 0; i < k; i++) {
        col[i] = (int32_t)kept[i].target;
        int64_t we = kept[i].edge % (2 * m + 1);
        for (int x = 0; x < K; x++)
            wout[i * K + x] = w[we * K + x];
    }
    *entries = k;
    free(e);
    free(wedge);
    free(kept);
}

static void check_case(bool directed, bool sorted, bool merge, int K) {
    const int64_t n = 20000, m = 150000;
    int32_t *src = malloc(m * 4), *dst = malloc(m * 4), *w = malloc((size_t)(m * (K ? K : 1)) * 4);
    for (int64_t i = 0; i < m; i++) {
        /* Small rows, a few hubs, and repeated pairs. */
        src[i] = (int32_t)((next() % 8 == 0) ? next() % 16 : next() % (uint64_t)(n - 1000));
        dst[i] = next() % 10 == 0 ? src[i] : (int32_t)(next() % (uint64_t)(n - 1000));
        if (i > 10 && next() % 5 == 0) { /* repeat an earlier pair */
            int64_t j = (int64_t)(next() % (uint64_t)i);
            src[i] = src[j];
            dst[i] = dst[j];
        }
        for (int x = 0; x < K; x++)
            w[i * K + x] = (int32_t)(next() % 1000);
    }
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.directed = directed;
    p.order = sorted ? DYNG_ORDER_SORTED : DYNG_ORDER_APPEND;
    p.parallel_edges = merge ? DYNG_PARALLEL_FORBID : DYNG_PARALLEL_ALLOW;
    p.num_weights = K;
    int32_t *rp = malloc((n + 1) * 4), *col = malloc(2 * m * 4),
            *wr = malloc((size_t)(2 * m * (K ? K : 1)) * 4);
    int32_t *grp = malloc((n + 1) * 4), *gcol = malloc(2 * m * 4),
            *gw = malloc((size_t)(2 * m * (K ? K : 1)) * 4);
    for (int threads = 1; threads <= 2; threads++) {
        dyng_resources *r = NULL;
        dyng_status s =
            dyng_resources_new(&r,
                               threads == 1 || !dyng_openmp_available() ? DYNG_BACKEND_SEQUENTIAL
                                                                        : DYNG_BACKEND_OPENMP,
                               threads);
        CHECK_OK(s);
        dyng_graph *g = NULL;
        CHECK_OK(dyng_graph_from_edges(&g, &p, n, m, src, dst, K ? w : NULL, r));
        CHECK_OK(dyng_graph_check(g));
        for (int t = 0; t < 2; t++) {
            int64_t entries = 0, got = 0;
            reference(n, m, src, dst, w, K, directed, t == 1, sorted, merge, rp, col, wr, &entries);
            CHECK_OK(dyng_graph_num_entries(&got, g));
            CHECK(got == entries);
            if (got != entries)
                continue;
            CHECK_OK(dyng_graph_to_csr(g, t == 1, grp, gcol, K ? gw : NULL));
            CHECK(memcmp(rp, grp, (size_t)(n + 1) * 4) == 0);
            CHECK(memcmp(col, gcol, (size_t)entries * 4) == 0);
            CHECK(K == 0 || memcmp(wr, gw, (size_t)(entries * K) * 4) == 0);
        }
        dyng_graph_free(&g);
        dyng_resources_free(&r);
    }
    free(src);
    free(dst);
    free(w);
    free(rp);
    free(col);
    free(wr);
    free(grp);
    free(gcol);
    free(gw);
}

int main(void) {
    for (int directed = 0; directed <= 1; directed++)
        for (int sorted = 0; sorted <= 1; sorted++)
            for (int merge = 0; merge <= 1; merge++)
                for (int K = 0; K <= 3; K += (K == 1 ? 2 : 1))
                    check_case(directed, sorted, merge, K);
    return check_finish("test_build");
}
