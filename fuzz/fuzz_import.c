/*
 * fuzz/fuzz_import.c - what a caller hands in as arrays: a graph as CSR
 * (dyng_graph_from_csr), a shortest-path tree (dyng_sssp_result_from_arrays)
 * and a cycle histogram (dyng_cycle_count_result_from_counts), each against
 * its contract in the headers, checked here from the definition.
 *
 * Input bytes: graph properties and batch semantics (as decode.h makes
 * them), a vertex count (0 to 15) and a mode byte. The CSR is made either
 * from an edge list, as a real graph would give it (an undirected edge
 * listed in both rows, a self-loop once), or raw: a length per row and an
 * id per entry, some negative or past the graph. Then, now and then, one
 * corruption: row_ptr[0] made 1, an offset moved (the row_ptr may decrease,
 * or end anywhere from 0 to 300 entries), an id or a weight overwritten.
 * The arrays are allocated to the sizes the contract names (row_ptr[n]
 * entries), so that the sanitizers see a read past them.
 *
 * Checks:
 *  - from_csr succeeds exactly when row_ptr starts at 0 and never decreases,
 *    every id is in range, and an undirected CSR lists each off-diagonal
 *    (u, v, w) with its (v, u, w); the graph then equals the reference model
 *    (tests/c/refmodel.h) built from the entries (an undirected one from the
 *    entries on and above the diagonal, in CSR order); a refusal leaves no
 *    graph and a message.
 *  - from_arrays, given the oracle's canonical tree with up to three entries
 *    changed (a distance moved by one, set to 0, INFINITE_DISTANCE, or the
 *    ends of int64; a parent set to -1, another vertex or past the graph),
 *    succeeds exactly when the arrays meet the header's conditions (worked
 *    out in 128-bit arithmetic): the source is (0, -1); every other vertex
 *    is unreached (INF, -1) or has a parent edge that is tight; no edge is
 *    shorter; with validate_inputs every parent is the lowest-id tight
 *    in-neighbour. A tree taken has the given bytes and the oracle's
 *    distances; a validated one is the oracle's tree. Then one batch goes
 *    through dyng_sssp_update: on success the tree equals the oracle and a
 *    fresh compute (a tree taken with parents that are not the canonical
 *    ones is recomputed: fallback_used).
 *  - from_counts succeeds exactly when the length of the histogram and its
 *    entries for lengths no cycle can have are as the header says, and then
 *    gives the counts back.
 */
#include "decode.h"
#include "dyng/cycle_count.h"
#include "dyng/sssp.h"
#include "fuzz_util.h"
#include "refmodel.h"
#include "sssp_oracle.h"

#define FZ_MAX_N 15
#define FZ_MAX_ENTRIES 512

/* A weight: mostly 1 to 8 (a tree can be made), sometimes one no path may
 * have, or an end of int32. */
static int32_t import_weight(uint8_t x) {
    switch (x) {
    case 255: return 0;
    case 254: return -1;
    case 253: return INT32_MAX;
    case 252: return INT32_MIN;
    default: return decode_path_weight(x);
    }
}

/* An id of a raw CSR: mostly in range, sometimes -1, n or the type's end. */
static int64_t import_id(uint8_t x, int64_t n, dyng_type t) {
    if (x == 255)
        return -1;
    if (x == 254)
        return n;
    if (x == 253)
        return rm_vertex_max(t);
    return n > 0 ? x % n : x % 4;
}

/* The CSR as int64 lists, before it is typed. */
typedef struct csr {
    int64_t n, ptr[FZ_MAX_N + 1], col[FZ_MAX_ENTRIES];
    int32_t w[FZ_MAX_ENTRIES * 2];
    int64_t entries; /* what the lists hold; row_ptr[n] may say otherwise */
} csr;

/* From an edge list: each row's entries in edge order; an undirected edge in
 * both rows (a self-loop once). */
static void csr_from_edges(csr *c, const dyng_graph_properties *p, fz_bytes *in) {
    const int K = p->num_weights;
    int64_t src[255], dst[255];
    int32_t w[255 * 2];
    const int64_t m = decode_edges(in, c->n, K, import_weight, src, dst, w);
    int64_t len[FZ_MAX_N + 1] = {0};
    for (int64_t e = 0; e < m; e++) {
        len[src[e]]++;
        if (!p->directed && src[e] != dst[e])
            len[dst[e]]++;
    }
    c->ptr[0] = 0;
    for (int64_t v = 0; v < c->n; v++)
        c->ptr[v + 1] = c->ptr[v] + len[v];
    int64_t at[FZ_MAX_N];
    memcpy(at, c->ptr, sizeof at);
    for (int64_t e = 0; e < m; e++) {
        const int64_t ends[2][2] = {{src[e], dst[e]}, {dst[e], src[e]}};
        for (int side = 0; side < (!p->directed && src[e] != dst[e] ? 2 : 1); side++) {
            const int64_t i = at[ends[side][0]]++;
            c->col[i] = ends[side][1];
            memcpy(c->w + i * K, w + e * K, (size_t)K * sizeof(int32_t));
        }
    }
    c->entries = c->ptr[c->n];
}

/* Raw: a length byte per row (0 to 5), then an id and K weights per entry. */
static void csr_raw(csr *c, const dyng_graph_properties *p, fz_bytes *in) {
    const int K = p->num_weights;
    c->ptr[0] = 0;
    for (int64_t v = 0; v < c->n; v++)
        c->ptr[v + 1] = c->ptr[v] + fz_u8(in) % 6;
    c->entries = c->ptr[c->n];
    for (int64_t e = 0; e < c->entries; e++) {
        c->col[e] = import_id(fz_u8(in), c->n, p->vertex_type);
        for (int k = 0; k < K; k++)
            c->w[e * K + k] = import_weight(fz_u8(in));
    }
}

/* One corruption, picked by `kind` (0 to 3: none). An offset moves to 0..300;
 * the lists grow (with ids 0 and weights 1) to what row_ptr[n] then says. */
static void csr_corrupt(csr *c, const dyng_graph_properties *p, int kind, fz_bytes *in) {
    const int K = p->num_weights;
    const uint8_t at = fz_u8(in), value = fz_u8(in);
    switch (kind) {
    case 4: c->ptr[0] = 1; break;
    case 5: {
        const int64_t i = at % (c->n + 1);
        c->ptr[i] = (c->ptr[i] + (int8_t)value + 301) % 301;
        for (; c->entries < c->ptr[c->n]; c->entries++) {
            c->col[c->entries] = 0;
            for (int k = 0; k < K; k++)
                c->w[c->entries * K + k] = 1;
        }
        break;
    }
    case 6:
        if (c->entries > 0)
            c->col[at % c->entries] = import_id(value, c->n, p->vertex_type);
        break;
    case 7:
        if (c->entries > 0 && K > 0)
            c->w[(at % c->entries) * K + value % K] = import_weight(value);
        break;
    default: break;
    }
}

/* The contract's answer for a CSR: a well-formed row_ptr, ids in range, an
 * undirected CSR symmetric (each off-diagonal (u, v, w) with its (v, u, w)). */
static int entry_cmp(const void *a, const void *b) {
    const int64_t *x = a, *y = b; /* u, v, then K weights, as int64 */
    for (int i = 0; i < 4; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

static bool csr_valid(const csr *c, const dyng_graph_properties *p) {
    if (c->ptr[0] != 0)
        return false;
    for (int64_t v = 0; v < c->n; v++)
        if (c->ptr[v + 1] < c->ptr[v])
            return false;
    for (int64_t e = 0; e < c->ptr[c->n]; e++)
        if (c->col[e] < 0 || c->col[e] >= c->n)
            return false;
    if (p->directed)
        return true;
    /* (min, max, w0, w1) of the entries above and below the diagonal. */
    static int64_t above[FZ_MAX_ENTRIES][4], below[FZ_MAX_ENTRIES][4];
    int64_t na = 0, nb = 0;
    const int K = p->num_weights;
    for (int64_t u = 0; u < c->n; u++)
        for (int64_t e = c->ptr[u]; e < c->ptr[u + 1]; e++) {
            const int64_t v = c->col[e];
            if (u == v)
                continue;
            int64_t *t = u < v ? above[na++] : below[nb++];
            t[0] = u < v ? u : v;
            t[1] = u < v ? v : u;
            t[2] = K > 0 ? c->w[e * K] : 0;
            t[3] = K > 1 ? c->w[e * K + 1] : 0;
        }
    if (na != nb)
        return false;
    qsort(above, (size_t)na, sizeof above[0], entry_cmp);
    qsort(below, (size_t)nb, sizeof below[0], entry_cmp);
    return na == 0 || memcmp(above, below, (size_t)na * sizeof above[0]) == 0;
}

/* The model of the graph from_csr should give: the entries as edges (an
 * undirected graph's from those on and above the diagonal), in CSR order. */
static void csr_model(rm_graph *m, const csr *c, const dyng_graph_properties *p) {
    const int K = p->num_weights;
    int64_t src[FZ_MAX_ENTRIES], dst[FZ_MAX_ENTRIES], count = 0;
    int32_t w[FZ_MAX_ENTRIES * 2];
    for (int64_t u = 0; u < c->n; u++)
        for (int64_t e = c->ptr[u]; e < c->ptr[u + 1]; e++)
            if (p->directed || u <= c->col[e]) {
                src[count] = u;
                dst[count] = c->col[e];
                memcpy(w + count * K, c->w + e * K, (size_t)K * sizeof(int32_t));
                count++;
            }
    FZ_ASSERT(rm_build(m, p, c->n, count, src, dst, w) == DYNG_OK);
}

/* An import succeeded exactly when the contract says it should (`want`); a
 * refusal is DYNG_INVALID_ARGUMENT with a message and no object (`made`). */
static void check_outcome(const char *what, dyng_status st, bool want, const void *made) {
    if ((st == DYNG_OK) != want)
        fprintf(stderr, "%s returned %s (%s); the contract says %s\n", what, dyng_status_name(st),
                dyng_error_message(), want ? "accept" : "refuse");
    FZ_ASSERT((st == DYNG_OK) == want);
    FZ_ASSERT(st == DYNG_OK ||
              (st == DYNG_INVALID_ARGUMENT && made == NULL && dyng_error_message()[0] != '\0'));
}

/* ---- sssp trees ------------------------------------------------------------ */

/* The header's conditions for (dist, parent) on g's out-entries (int64 CSR
 * of n vertices), column obj of K weights (1 per edge when K is 0). */
static bool tree_valid(int64_t n, const int64_t *rp, const int64_t *col, const int32_t *w, int K,
                       int obj, int64_t source, const int64_t *dist, const int64_t *parent,
                       bool canonical) {
    if (dist[source] != 0 || parent[source] != -1)
        return false;
    for (int64_t u = 0; u < n; u++)
        for (int64_t e = rp[u]; e < rp[u + 1]; e++) {
            const __int128 wt = K > 0 ? w[e * K + obj] : 1;
            if (dist[u] != DYNG_INFINITE_DISTANCE && (__int128)dist[u] + wt < dist[col[e]])
                return false; /* a shorter edge */
        }
    for (int64_t v = 0; v < n; v++) {
        if (v == source)
            continue;
        if (dist[v] == DYNG_INFINITE_DISTANCE && parent[v] == -1)
            continue;
        const int64_t pv = parent[v];
        if (pv < 0 || pv >= n || dist[pv] == DYNG_INFINITE_DISTANCE)
            return false;
        bool tight = false;
        int64_t lowest = INT64_MAX;
        for (int64_t u = 0; u < n; u++)
            for (int64_t e = rp[u]; e < rp[u + 1]; e++) {
                const __int128 wt = K > 0 ? w[e * K + obj] : 1;
                if (col[e] != v || dist[u] == DYNG_INFINITE_DISTANCE ||
                    (__int128)dist[u] + wt != dist[v])
                    continue;
                tight |= u == pv;
                if (u < lowest)
                    lowest = u;
            }
        if (!tight || (canonical && pv != lowest))
            return false;
    }
    return true;
}

/* One entry of a tree changed, as the bytes say. */
static void tree_edit(int64_t *dist, int64_t *parent, int64_t n, fz_bytes *in) {
    const int64_t v = fz_u8(in) % n;
    const uint8_t kind = fz_u8(in), x = fz_u8(in);
    static const int64_t ends[] = {0,
                                   DYNG_INFINITE_DISTANCE,
                                   DYNG_INFINITE_DISTANCE - 1,
                                   DYNG_INFINITE_DISTANCE + 1,
                                   INT64_MAX,
                                   INT64_MIN,
                                   -1};
    switch (kind % 6) {
    case 0:
        if (dist[v] != INT64_MAX && dist[v] != INT64_MIN)
            dist[v] += x & 1 ? 1 : -1;
        break;
    case 1: dist[v] = ends[x % 7]; break;
    case 2: parent[v] = x == 255 ? -1 : x == 254 ? n : x == 253 ? INT64_MIN : x % n; break;
    case 3: /* both: unreached */
        dist[v] = DYNG_INFINITE_DISTANCE;
        parent[v] = -1;
        break;
    default: /* a parent one up the order, the distance kept */
        parent[v] = (parent[v] + 1 + x % 3) % n;
        break;
    }
}

static void check_tree_import(dyng_graph *g, const dyng_graph_properties *p, fz_bytes *in) {
    int64_t n = 0, entries = 0;
    FZ_ASSERT(dyng_graph_num_vertices(&n, g) == DYNG_OK);
    FZ_ASSERT(dyng_graph_num_entries(&entries, g) == DYNG_OK);
    const int K = p->num_weights;
    const uint8_t opt = fz_u8(in), at = fz_u8(in);
    /* A source in range but for 254 and 255; an objective past K now and then. */
    const int64_t source = at == 255 ? -1 : at == 254 ? n : n > 0 ? at % n : 0;
    const int obj = (opt >> 1) % ((K > 0 ? K : 1) + 1);
    dyng_sssp_options o;
    FZ_ASSERT(dyng_sssp_options_default(&o) == DYNG_OK);
    o.objective = obj;
    o.validate_inputs = (opt & 1) != 0;

    int64_t *rp = malloc((size_t)(n + 1) * 8), *col = malloc((size_t)(entries + 1) * 8);
    int32_t *w = malloc((size_t)(entries * (K > 0 ? K : 1) + 1) * 4);
    int64_t *dist = malloc((size_t)(n + 1) * 8), *parent = malloc((size_t)(n + 1) * 8);
    int64_t *od = malloc((size_t)(n + 1) * 8), *op = malloc((size_t)(n + 1) * 8);
    FZ_ASSERT(rp && col && w && dist && parent && od && op);
    {
        int64_t *p_, *c_;
        int32_t *w_;
        snap_csr(g, false, p, n, entries, &p_, &c_, &w_);
        memcpy(rp, p_, (size_t)(n + 1) * 8);
        memcpy(col, c_, (size_t)entries * 8);
        memcpy(w, w_, (size_t)entries * (size_t)K * 4);
        free(p_);
        free(c_);
        free(w_);
    }
    bool usable = n > 0 && source >= 0 && source < n && obj < (K > 0 ? K : 1);
    for (int64_t e = 0; usable && K > 0 && e < entries; e++)
        usable = w[e * K + obj] >= 1;
    /* The arrays: the oracle's tree where there is one, edited. */
    for (int64_t v = 0; v < n; v++) {
        od[v] = DYNG_INFINITE_DISTANCE;
        op[v] = -1;
    }
    if (usable)
        sssp_oracle(g, obj, source, od, op);
    memcpy(dist, od, (size_t)n * 8);
    memcpy(parent, op, (size_t)n * 8);
    const int edits = n > 0 ? (opt >> 3) % 4 : 0;
    for (int i = 0; i < edits; i++)
        tree_edit(dist, parent, n, in);

    const bool want =
        usable && tree_valid(n, rp, col, w, K, obj, source, dist, parent, o.validate_inputs);
    const bool canonical = usable && tree_valid(n, rp, col, w, K, obj, source, dist, parent, true);
    dyng_sssp_result *r = NULL;
    const dyng_status st = dyng_sssp_result_from_arrays(&r, g, source, dist, parent, &o);
    check_outcome("from_arrays", st, want, r);
    if (st == DYNG_OK) {
        const int64_t *rd = NULL, *rpar = NULL;
        FZ_ASSERT(dyng_sssp_result_distances(&rd, r) == DYNG_OK);
        FZ_ASSERT(dyng_sssp_result_parents(&rpar, r) == DYNG_OK);
        FZ_ASSERT(memcmp(rd, dist, (size_t)n * 8) == 0 && memcmp(rpar, parent, (size_t)n * 8) == 0);
        FZ_ASSERT(memcmp(dist, od, (size_t)n * 8) == 0); /* the distances are exact */
        FZ_ASSERT(!canonical || sssp_matches(g, r));

        /* One batch; an update gives compute's bytes from then on. */
        tbatch tb;
        tb_init(&tb, K);
        const dyng_type bt = decode_batch_in(in, p, decode_inserted_path_weight, 20, 40, &tb);
        dyng_batch *b = tb_make(&tb, bt);
        dyng_sssp_stats stats;
        if (dyng_sssp_update(g, b, r, &stats) == DYNG_OK) {
            FZ_ASSERT(sssp_matches(g, r));
            FZ_ASSERT(canonical || stats.fallback_used);
        }
        dyng_batch_free(&b);
        tb_free(&tb);
        dyng_sssp_result_free(&r);
    }
    free(rp);
    free(col);
    free(w);
    free(dist);
    free(parent);
    free(od);
    free(op);
}

/* ---- cycle histograms ----------------------------------------------------- */

static void check_counts_import(const dyng_graph *g, const dyng_graph_properties *p, fz_bytes *in) {
    int64_t n = 0;
    FZ_ASSERT(dyng_graph_num_vertices(&n, g) == DYNG_OK);
    const uint8_t bound = fz_u8(in), lenb = fz_u8(in);
    static const int64_t bounds[] = {-1, 0, 1, 2, 3, 4, 6, INT64_MAX, ((int64_t)1 << 31) - 1};
    dyng_cycle_count_options o = {bounds[bound % 9]};
    const int64_t len = lenb % 20;
    uint64_t counts[20];
    for (int64_t k = 0; k < len; k++) {
        const uint8_t x = fz_u8(in);
        counts[k] = x < 128 ? 0 : x == 255 ? UINT64_MAX : x - 127u;
    }
    const int64_t minlen = p->directed ? 2 : 3;
    bool want = o.max_length == -1 || (o.max_length >= 2 && o.max_length <= INT32_MAX);
    if (o.max_length >= 0)
        want = want && len == o.max_length + 1;
    else
        want = want && len >= 1 && len <= n + 1 && (len == 1 || counts[len - 1] != 0);
    for (int64_t k = 0; want && k < len; k++)
        want = counts[k] == 0 || (k >= minlen && k <= n);
    dyng_cycle_count_result *r = NULL;
    const dyng_status st = dyng_cycle_count_result_from_counts(&r, g, counts, len, &o);
    check_outcome("from_counts", st, want, r);
    if (st != DYNG_OK)
        return;
    const uint64_t *got = NULL;
    int64_t got_len = -1;
    FZ_ASSERT(dyng_cycle_count_result_counts(&got, &got_len, r) == DYNG_OK);
    FZ_ASSERT(got_len == len && memcmp(got, counts, (size_t)len * sizeof counts[0]) == 0);
    dyng_cycle_count_result_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_begin();
    fz_bytes in = {data, size};
    dyng_graph_properties p;
    if (!decode_properties(&in, &p))
        return 0;
    const int K = p.num_weights;
    static csr c;
    memset(&c, 0, sizeof c);
    c.n = fz_u8(&in) % (FZ_MAX_N + 1);
    const uint8_t mode = fz_u8(&in);
    if (mode & 1)
        csr_raw(&c, &p, &in);
    else
        csr_from_edges(&c, &p, &in);
    csr_corrupt(&c, &p, (mode >> 1) & 7, &in);

    /* Typed arrays of exactly the sizes the contract names. */
    const int64_t total = c.ptr[c.n] > 0 ? c.ptr[c.n] : 0;
    void *ptr = rm_typed(c.ptr, c.n + 1, p.offset_type);
    void *col = rm_typed(c.col, total, p.vertex_type);
    int32_t *w = K > 0 ? malloc((size_t)(total * K + 1) * sizeof(int32_t)) : NULL;
    FZ_ASSERT(K == 0 || w != NULL);
    if (K > 0)
        memcpy(w, c.w, (size_t)(total * K) * sizeof(int32_t));

    const bool want = csr_valid(&c, &p);
    dyng_graph *g = NULL;
    const dyng_status st = dyng_graph_from_csr(&g, &p, c.n, ptr, col, w, NULL);
    free(ptr);
    free(col);
    free(w);
    check_outcome("from_csr", st, want, g);
    if (st != DYNG_OK)
        return 0;
    rm_graph m;
    csr_model(&m, &c, &p);
    FZ_ASSERT(rm_compare(&m, g, "from_csr"));
    fz_check_graph(g);
    rm_free(&m);

    check_counts_import(g, &p, &in);
    check_tree_import(g, &p, &in);
    FZ_ASSERT(check_failed_count == 0);
    dyng_graph_free(&g);
    return 0;
}
