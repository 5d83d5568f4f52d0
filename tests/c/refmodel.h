/*
 * tests/c/refmodel.h - a plain reference model of a dynG graph, written from
 * docs/semantics.md alone, and helpers to compare it with a dyng_graph.
 *
 * The model keeps, per vertex, an ordered out-row and (directed graphs) an
 * ordered in-row of entries (target, weights). Building and applying follow
 * the numbered rules of docs/semantics.md literally and naively (linear scans,
 * memmove), so that it is easy to read and independent of the library.
 *
 * Also here, because every apply test needs them:
 *   - tbatch: a batch kept as int64 arrays, turned into a dyng_batch of
 *     either vertex type;
 *   - gsnap: a full export of a graph (out-CSR, in-CSR, weights, edges,
 *     counts, version, state id), taken from a dyng_graph (snap_take) or from
 *     the model (rm_snap), and compared field by field (snap_diff);
 *   - a few typed-array converters.
 * Everything here allocates with plain malloc, never through the library, so
 * the allocation-failure tests can take snapshots without disturbing counts.
 */
#ifndef DYNG_TEST_REFMODEL_H
#define DYNG_TEST_REFMODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ------------------------------------------------------------------------ */
/* Small utilities                                                           */

/* Default properties with the fields the tests vary most. */
static inline dyng_graph_properties props(bool directed, dyng_row_order order,
                                          dyng_parallel_edges par, int K) {
    dyng_graph_properties p;
    REQUIRE_OK(dyng_properties_default(&p));
    p.directed = directed;
    p.order = order;
    p.parallel_edges = par;
    p.num_weights = K;
    return p;
}

static inline void *rm_xmalloc(size_t bytes) {
    void *p = malloc(bytes == 0 ? 1 : bytes);
    if (p == NULL) {
        fprintf(stderr, "test: out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
    return p;
}

static inline void *rm_xrealloc(void *p, size_t bytes) {
    void *q = realloc(p, bytes == 0 ? 1 : bytes);
    if (q == NULL) {
        fprintf(stderr, "test: out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
    return q;
}

static inline void *rm_xdup(const void *p, size_t bytes) {
    void *q = rm_xmalloc(bytes);
    if (bytes > 0)
        memcpy(q, p, bytes);
    return q;
}

/* Element i of an array of type t (int32 or int64), as int64. */
static inline int64_t rm_get(const void *a, dyng_type t, int64_t i) {
    if (t == DYNG_TYPE_INT32)
        return ((const int32_t *)a)[i];
    return ((const int64_t *)a)[i];
}

/* A new array of type t holding the int64 values a[0..count-1] (the caller
 * makes sure they fit). Freed with free(). */
static inline void *rm_typed(const int64_t *a, int64_t count, dyng_type t) {
    size_t size = t == DYNG_TYPE_INT32 ? 4 : 8;
    /* Zeroed: an empty array's block is never written, and GCC at -O3 warns
     * (-Wmaybe-uninitialized) that the library may read it. */
    void *out = calloc(count > 0 ? (size_t)count : 1, size);
    if (out == NULL) {
        fprintf(stderr, "test: out of memory (%zu bytes)\n", (size_t)count * size);
        exit(2);
    }
    for (int64_t i = 0; i < count; i++) {
        if (t == DYNG_TYPE_INT32)
            ((int32_t *)out)[i] = (int32_t)a[i];
        else
            ((int64_t *)out)[i] = a[i];
    }
    return out;
}

/* A new int64 array from an array of type t. */
static inline int64_t *rm_widen(const void *a, int64_t count, dyng_type t) {
    int64_t *out = rm_xmalloc((size_t)count * sizeof *out);
    for (int64_t i = 0; i < count; i++)
        out[i] = rm_get(a, t, i);
    return out;
}

/* ------------------------------------------------------------------------ */
/* The model                                                                  */

typedef struct rm_row {
    int64_t len, cap;
    int64_t *tgt; /* len targets */
    int32_t *w;   /* len * K weights */
} rm_row;

typedef struct rm_graph {
    bool directed, sorted, allow_parallel, store_transposed;
    int K;
    dyng_type vtype;
    dyng_batch_semantics sem;
    int64_t n;
    int64_t rows_cap;
    rm_row *out; /* n rows */
    rm_row *in;  /* n rows; directed graphs only (undirected: NULL) */
    uint64_t version;
} rm_graph;

static inline void rm_row_free(rm_row *r) {
    free(r->tgt);
    free(r->w);
    memset(r, 0, sizeof *r);
}

static inline void rm_row_reserve(rm_row *r, int K, int64_t need) {
    if (need <= r->cap)
        return;
    int64_t cap = r->cap < 4 ? 4 : r->cap;
    while (cap < need)
        cap *= 2;
    r->tgt = rm_xrealloc(r->tgt, (size_t)cap * sizeof *r->tgt);
    r->w = rm_xrealloc(r->w, (size_t)cap * (size_t)K * sizeof *r->w);
    r->cap = cap;
}

/* Insert (t, w) at position pos of the row. */
static inline void rm_row_insert_at(rm_row *r, int K, int64_t pos, int64_t t, const int32_t *w) {
    rm_row_reserve(r, K, r->len + 1);
    memmove(r->tgt + pos + 1, r->tgt + pos, (size_t)(r->len - pos) * sizeof *r->tgt);
    if (K > 0) {
        memmove(r->w + (pos + 1) * K, r->w + pos * K, (size_t)((r->len - pos) * K) * sizeof *r->w);
        memcpy(r->w + pos * K, w, (size_t)K * sizeof *r->w);
    }
    r->tgt[pos] = t;
    r->len++;
}

static inline void rm_row_append(rm_row *r, int K, int64_t t, const int32_t *w) {
    rm_row_insert_at(r, K, r->len, t, w);
}

static inline void rm_row_remove_at(rm_row *r, int K, int64_t pos) {
    memmove(r->tgt + pos, r->tgt + pos + 1, (size_t)(r->len - pos - 1) * sizeof *r->tgt);
    if (K > 0)
        memmove(r->w + pos * K, r->w + (pos + 1) * K,
                (size_t)((r->len - pos - 1) * K) * sizeof *r->w);
    r->len--;
}

/* Index of the first entry with target t, or -1. */
static inline int64_t rm_row_find(const rm_row *r, int64_t t) {
    for (int64_t i = 0; i < r->len; i++)
        if (r->tgt[i] == t)
            return i;
    return -1;
}

/* Where a new target t goes: the end (append) or after the last entry whose
 * target is <= t (sorted). */
static inline int64_t rm_row_insert_pos(const rm_row *r, bool sorted, int64_t t) {
    if (!sorted)
        return r->len;
    int64_t pos = 0;
    for (int64_t i = 0; i < r->len; i++)
        if (r->tgt[i] <= t)
            pos = i + 1;
    return pos;
}

/* Stable sort of a row by target (insertion sort into a copy: plain). */
static inline void rm_row_stable_sort(rm_row *r, int K) {
    for (int64_t i = 1; i < r->len; i++) {
        int64_t t = r->tgt[i];
        int32_t w[DYNG_MAX_WEIGHTS > 0 ? DYNG_MAX_WEIGHTS : 1];
        if (K > 0)
            memcpy(w, r->w + i * K, (size_t)K * sizeof *w);
        int64_t j = i;
        while (j > 0 && r->tgt[j - 1] > t) {
            r->tgt[j] = r->tgt[j - 1];
            if (K > 0)
                memcpy(r->w + j * K, r->w + (j - 1) * K, (size_t)K * sizeof *w);
            j--;
        }
        r->tgt[j] = t;
        if (K > 0)
            memcpy(r->w + j * K, w, (size_t)K * sizeof *w);
    }
}

/* Merge repeated targets into the first one, which takes the weights of the
 * last one ("forbid"). */
static inline void rm_row_merge_duplicates(rm_row *r, int K) {
    int64_t kept = 0;
    for (int64_t i = 0; i < r->len; i++) {
        int64_t first = -1;
        for (int64_t j = 0; j < kept; j++)
            if (r->tgt[j] == r->tgt[i]) {
                first = j;
                break;
            }
        if (first >= 0) {
            if (K > 0)
                memcpy(r->w + first * K, r->w + i * K, (size_t)K * sizeof *r->w);
            continue;
        }
        r->tgt[kept] = r->tgt[i];
        if (K > 0 && kept != i)
            memcpy(r->w + kept * K, r->w + i * K, (size_t)K * sizeof *r->w);
        kept++;
    }
    r->len = kept;
}

static inline void rm_grow_rows(rm_graph *m, int64_t n) {
    if (n <= m->n)
        return;
    if (n > m->rows_cap) {
        int64_t cap = m->rows_cap < 4 ? 4 : m->rows_cap;
        while (cap < n)
            cap *= 2;
        m->out = rm_xrealloc(m->out, (size_t)cap * sizeof *m->out);
        memset(m->out + m->rows_cap, 0, (size_t)(cap - m->rows_cap) * sizeof *m->out);
        if (m->directed) {
            m->in = rm_xrealloc(m->in, (size_t)cap * sizeof *m->in);
            memset(m->in + m->rows_cap, 0, (size_t)(cap - m->rows_cap) * sizeof *m->in);
        }
        m->rows_cap = cap;
    }
    m->n = n;
}

static inline void rm_free(rm_graph *m) {
    for (int64_t v = 0; v < m->rows_cap; v++) {
        rm_row_free(&m->out[v]);
        if (m->in != NULL)
            rm_row_free(&m->in[v]);
    }
    free(m->out);
    free(m->in);
    memset(m, 0, sizeof *m);
}

static inline void rm_row_copy(rm_row *dst, const rm_row *src, int K) {
    memset(dst, 0, sizeof *dst);
    if (src->len == 0)
        return;
    rm_row_reserve(dst, K, src->len);
    memcpy(dst->tgt, src->tgt, (size_t)src->len * sizeof *src->tgt);
    if (K > 0)
        memcpy(dst->w, src->w, (size_t)(src->len * K) * sizeof *src->w);
    dst->len = src->len;
}

static inline void rm_clone(rm_graph *dst, const rm_graph *src) {
    *dst = *src;
    dst->out = NULL;
    dst->in = NULL;
    dst->n = 0;
    dst->rows_cap = 0;
    rm_grow_rows(dst, src->n);
    for (int64_t v = 0; v < src->n; v++) {
        rm_row_copy(&dst->out[v], &src->out[v], src->K);
        if (src->directed)
            rm_row_copy(&dst->in[v], &src->in[v], src->K);
    }
}

/* The largest vertex id of a type: one below the type's largest value, so
 * that the vertex count n = id + 1 fits the type too (docs/limits.md). */
static inline int64_t rm_vertex_max(dyng_type t) {
    return t == DYNG_TYPE_INT32 ? INT32_MAX - 1 : INT64_MAX - 1;
}

/*
 * Build (docs/semantics.md, "Building"): edges in input order; each (u, v, w)
 * adds v to out-row u and u to in-row v (undirected: v to row u and, unless
 * u == v, u to row v); "sorted" then sorts each row stably; "forbid" merges
 * repeated targets into the first, with the last weights. Returns the status
 * the library must return (validation of ids only).
 */
static inline dyng_status rm_build(rm_graph *m, const dyng_graph_properties *p,
                                   int64_t num_vertices, int64_t num_edges, const int64_t *src,
                                   const int64_t *dst, const int32_t *w) {
    memset(m, 0, sizeof *m);
    m->directed = p->directed;
    m->sorted = p->order == DYNG_ORDER_SORTED;
    m->allow_parallel = p->parallel_edges == DYNG_PARALLEL_ALLOW;
    m->store_transposed = p->store_transposed;
    m->K = p->num_weights;
    m->vtype = p->vertex_type;
    m->sem = p->semantics;
    int64_t n = num_vertices;
    int64_t maxid = -1;
    for (int64_t e = 0; e < num_edges; e++) {
        if (src[e] < 0 || dst[e] < 0)
            return DYNG_INVALID_ARGUMENT;
        if (src[e] > maxid)
            maxid = src[e];
        if (dst[e] > maxid)
            maxid = dst[e];
    }
    if (n < 0)
        n = maxid + 1;
    else if (maxid >= n)
        return DYNG_INVALID_ARGUMENT;
    rm_grow_rows(m, n);
    const int K = m->K;
    for (int64_t e = 0; e < num_edges; e++) {
        int64_t u = src[e], v = dst[e];
        const int32_t *we = K > 0 ? w + e * K : NULL;
        rm_row_append(&m->out[u], K, v, we);
        if (m->directed)
            rm_row_append(&m->in[v], K, u, we);
        else if (u != v)
            rm_row_append(&m->out[v], K, u, we);
    }
    for (int64_t v = 0; v < n; v++) {
        if (m->sorted) {
            rm_row_stable_sort(&m->out[v], K);
            if (m->directed)
                rm_row_stable_sort(&m->in[v], K);
        }
        if (!m->allow_parallel) {
            rm_row_merge_duplicates(&m->out[v], K);
            if (m->directed)
                rm_row_merge_duplicates(&m->in[v], K);
        }
    }
    return DYNG_OK;
}

static inline int64_t rm_num_entries(const rm_graph *m) {
    int64_t s = 0;
    for (int64_t v = 0; v < m->n; v++)
        s += m->out[v].len;
    return s;
}

/* Edges: every out-entry (directed), the entries with u <= v (undirected). */
static inline int64_t rm_num_edges(const rm_graph *m) {
    if (m->directed)
        return rm_num_entries(m);
    int64_t s = 0;
    for (int64_t u = 0; u < m->n; u++)
        for (int64_t i = 0; i < m->out[u].len; i++)
            if (u <= m->out[u].tgt[i])
                s++;
    return s;
}

/* One batch change, after the conversion to int64. */
typedef struct rm_change {
    int64_t u, v;
    int64_t key_u, key_v; /* (u, v), or (min, max) for an undirected graph */
    int64_t pos;          /* position in the input list (for stable sorting) */
    const int32_t *w;     /* K weights (insertions) */
} rm_change;

static inline int rm_change_cmp(const void *a, const void *b) {
    const rm_change *x = a, *y = b;
    if (x->key_u != y->key_u)
        return x->key_u < y->key_u ? -1 : 1;
    if (x->key_v != y->key_v)
        return x->key_v < y->key_v ? -1 : 1;
    if (x->pos != y->pos)
        return x->pos < y->pos ? -1 : 1;
    return 0;
}

/* Sort by key (stable) and keep one change per key; an insertion kept takes
 * the weights of the last one of its key. Returns the new count. */
static inline int64_t rm_dedup(rm_change *c, int64_t count) {
    if (count == 0)
        return 0;
    qsort(c, (size_t)count, sizeof *c, rm_change_cmp);
    int64_t kept = 0;
    for (int64_t i = 0; i < count; i++) {
        if (kept > 0 && c[kept - 1].key_u == c[i].key_u && c[kept - 1].key_v == c[i].key_v) {
            c[kept - 1].w = c[i].w; /* the last weights given win */
            continue;
        }
        c[kept++] = c[i];
    }
    return kept;
}

/* A deletion (step 6). Returns 1 when an entry was removed, 0 when absent. */
static inline int rm_delete(rm_graph *m, int64_t u, int64_t v) {
    if (u >= m->n || v >= m->n)
        return 0;
    int64_t i = rm_row_find(&m->out[u], v);
    if (i < 0)
        return 0;
    rm_row_remove_at(&m->out[u], m->K, i);
    if (m->directed) {
        int64_t j = rm_row_find(&m->in[v], u);
        if (j >= 0)
            rm_row_remove_at(&m->in[v], m->K, j);
    } else if (u != v) {
        int64_t j = rm_row_find(&m->out[v], u);
        if (j >= 0)
            rm_row_remove_at(&m->out[v], m->K, j);
    }
    return 1;
}

/* An insertion (step 6): 0 added, 1 existing (the caller decides), after an
 * upsert when `upsert` is set. */
static inline int rm_insert(rm_graph *m, int64_t u, int64_t v, const int32_t *w, bool upsert) {
    const int K = m->K;
    int64_t i = rm_row_find(&m->out[u], v);
    if (i >= 0) {
        if (upsert && K > 0) {
            memcpy(m->out[u].w + i * K, w, (size_t)K * sizeof *w);
            rm_row *mirror = m->directed ? &m->in[v] : (u != v ? &m->out[v] : NULL);
            if (mirror != NULL) {
                int64_t j = rm_row_find(mirror, u);
                if (j >= 0)
                    memcpy(mirror->w + j * K, w, (size_t)K * sizeof *w);
            }
        }
        return 1;
    }
    rm_row_insert_at(&m->out[u], K, rm_row_insert_pos(&m->out[u], m->sorted, v), v, w);
    if (m->directed)
        rm_row_insert_at(&m->in[v], K, rm_row_insert_pos(&m->in[v], m->sorted, u), u, w);
    else if (u != v)
        rm_row_insert_at(&m->out[v], K, rm_row_insert_pos(&m->out[v], m->sorted, u), u, w);
    return 0;
}

/*
 * Apply a batch (docs/semantics.md, "Applying a batch"), steps 1 to 8.
 * batch_K is the batch's weight count; ins_w holds ni * batch_K weights.
 * On an error the model is unchanged and the status says which.
 */
static inline dyng_status rm_apply(rm_graph *m, int batch_K, int64_t ni, const int64_t *ins_u,
                                   const int64_t *ins_v, const int32_t *ins_w, int64_t nd,
                                   const int64_t *del_u, const int64_t *del_v,
                                   dyng_apply_summary *sum) {
    const dyng_batch_semantics *s = &m->sem;
    dyng_apply_summary out;
    memset(&out, 0, sizeof out);

    /* 1. Validation. */
    if (batch_K != m->K)
        return DYNG_INVALID_ARGUMENT;
    for (int64_t i = 0; i < ni; i++)
        if (ins_u[i] < 0 || ins_v[i] < 0)
            return DYNG_INVALID_ARGUMENT;
    for (int64_t i = 0; i < nd; i++)
        if (del_u[i] < 0 || del_v[i] < 0)
            return DYNG_INVALID_ARGUMENT;
    for (int64_t i = 0; i < ni; i++)
        if (ins_u[i] > rm_vertex_max(m->vtype) || ins_v[i] > rm_vertex_max(m->vtype))
            return DYNG_CAPACITY;
    if (!s->allow_vertex_growth)
        for (int64_t i = 0; i < ni; i++)
            if (ins_u[i] >= m->n || ins_v[i] >= m->n)
                return DYNG_INVALID_ARGUMENT;

    /* 2. Self-loops. */
    if (s->on_self_loop == DYNG_SELF_LOOP_ERROR) {
        for (int64_t i = 0; i < ni; i++)
            if (ins_u[i] == ins_v[i])
                return DYNG_INVALID_ARGUMENT;
        for (int64_t i = 0; i < nd; i++)
            if (del_u[i] == del_v[i])
                return DYNG_INVALID_ARGUMENT;
    }
    rm_change *ins = rm_xmalloc((size_t)ni * sizeof *ins);
    rm_change *del = rm_xmalloc((size_t)nd * sizeof *del);
    int64_t nins = 0, ndel = 0;
    for (int64_t i = 0; i < ni; i++) {
        if (ins_u[i] == ins_v[i] && s->on_self_loop == DYNG_SELF_LOOP_DROP) {
            out.self_loops_dropped++;
            continue;
        }
        rm_change c = {ins_u[i], ins_v[i], ins_u[i],
                       ins_v[i], i,        m->K > 0 ? ins_w + i * m->K : NULL};
        ins[nins++] = c;
    }
    for (int64_t i = 0; i < nd; i++) {
        if (del_u[i] == del_v[i] && s->on_self_loop == DYNG_SELF_LOOP_DROP) {
            out.self_loops_dropped++;
            continue;
        }
        rm_change c = {del_u[i], del_v[i], del_u[i], del_v[i], i, NULL};
        del[ndel++] = c;
    }

    /* 3. Undirected: (v, u) names (u, v). */
    if (!m->directed) {
        for (int64_t i = 0; i < nins; i++)
            if (ins[i].key_u > ins[i].key_v) {
                ins[i].key_u = ins[i].v;
                ins[i].key_v = ins[i].u;
            }
        for (int64_t i = 0; i < ndel; i++)
            if (del[i].key_u > del[i].key_v) {
                del[i].key_u = del[i].v;
                del[i].key_v = del[i].u;
            }
    }

    /* 4. as_sets. */
    if (s->as_sets) {
        int64_t a = rm_dedup(ins, nins);
        int64_t b = rm_dedup(del, ndel);
        out.duplicates_merged = (nins - a) + (ndel - b);
        nins = a;
        ndel = b;
    }

    /* The rest changes rows: work on a copy when step 6 can still fail. */
    bool may_fail =
        s->on_missing_delete == DYNG_MISSING_ERROR || s->on_existing_insert == DYNG_EXISTING_ERROR;
    rm_graph work;
    rm_graph *g = m;
    if (may_fail) {
        rm_clone(&work, m);
        g = &work;
    }

    /* 5. Vertex growth. */
    int64_t n_before = g->n;
    int64_t maxid = -1;
    for (int64_t i = 0; i < nins; i++) {
        if (ins[i].u > maxid)
            maxid = ins[i].u;
        if (ins[i].v > maxid)
            maxid = ins[i].v;
    }
    if (maxid + 1 > g->n)
        rm_grow_rows(g, maxid + 1);
    out.new_vertices = g->n - n_before;

    /* 6. Deletions and insertions, in the chosen order. */
    char *del_done = rm_xmalloc((size_t)ndel);
    char *ins_done = rm_xmalloc((size_t)nins);
    dyng_status st = DYNG_OK;
    for (int pass = 0; pass < 2 && st == DYNG_OK; pass++) {
        bool deleting = (pass == 0) == s->deletions_first;
        if (deleting) {
            for (int64_t i = 0; i < ndel && st == DYNG_OK; i++) {
                del_done[i] = (char)rm_delete(g, del[i].key_u, del[i].key_v);
                if (del_done[i])
                    out.deleted++;
                else if (s->on_missing_delete == DYNG_MISSING_ERROR)
                    st = DYNG_INVALID_ARGUMENT;
                else
                    out.ignored_deletions++;
            }
        } else {
            for (int64_t i = 0; i < nins && st == DYNG_OK; i++) {
                bool upsert = s->on_existing_insert == DYNG_EXISTING_UPSERT;
                int existed = rm_insert(g, ins[i].key_u, ins[i].key_v, ins[i].w, upsert);
                ins_done[i] = (char)!existed;
                if (!existed)
                    out.inserted++;
                else if (s->on_existing_insert == DYNG_EXISTING_UPSERT)
                    out.updated++;
                else if (s->on_existing_insert == DYNG_EXISTING_IGNORE)
                    out.ignored_insertions++;
                else
                    st = DYNG_INVALID_ARGUMENT;
            }
        }
    }

    /* 7. Cancelled pairs (as_sets: both lists are sorted by key). */
    if (st == DYNG_OK && s->as_sets) {
        int64_t i = 0, j = 0;
        while (i < ndel && j < nins) {
            const rm_change *d = &del[i], *c = &ins[j];
            if (d->key_u < c->key_u || (d->key_u == c->key_u && d->key_v < c->key_v)) {
                i++;
            } else if (d->key_u > c->key_u || (d->key_u == c->key_u && d->key_v > c->key_v)) {
                j++;
            } else {
                if (del_done[i] && ins_done[j]) {
                    out.cancelled++;
                    out.deleted--;
                    out.inserted--;
                }
                i++;
                j++;
            }
        }
    }
    free(del_done);
    free(ins_done);
    free(ins);
    free(del);

    if (st != DYNG_OK) {
        if (may_fail)
            rm_free(&work);
        return st;
    }
    if (may_fail) {
        rm_free(m);
        *m = work;
    }

    /* 8. Counts and version. */
    m->version++;
    out.num_vertices = m->n;
    out.num_edges = rm_num_edges(m);
    out.version = m->version;
    if (sum != NULL)
        *sum = out;
    return DYNG_OK;
}

/* ------------------------------------------------------------------------ */
/* Batches kept as int64 arrays                                               */

typedef struct tbatch {
    int K;
    int64_t ni, nd, cap_i, cap_d;
    int64_t *iu, *iv;
    int32_t *iw;
    int64_t *du, *dv;
} tbatch;

static inline void tb_init(tbatch *b, int K) {
    memset(b, 0, sizeof *b);
    b->K = K;
}

static inline void tb_free(tbatch *b) {
    free(b->iu);
    free(b->iv);
    free(b->iw);
    free(b->du);
    free(b->dv);
    memset(b, 0, sizeof *b);
}

static inline void tb_clear(tbatch *b) {
    b->ni = 0;
    b->nd = 0;
}

/* Add an insertion with weights w[0..K-1] (NULL: all zero). */
static inline void tb_ins_w(tbatch *b, int64_t u, int64_t v, const int32_t *w) {
    if (b->ni == b->cap_i) {
        b->cap_i = b->cap_i < 8 ? 8 : 2 * b->cap_i;
        b->iu = rm_xrealloc(b->iu, (size_t)b->cap_i * sizeof *b->iu);
        b->iv = rm_xrealloc(b->iv, (size_t)b->cap_i * sizeof *b->iv);
        b->iw = rm_xrealloc(b->iw, (size_t)b->cap_i * (size_t)b->K * sizeof *b->iw);
    }
    b->iu[b->ni] = u;
    b->iv[b->ni] = v;
    for (int k = 0; k < b->K; k++)
        b->iw[b->ni * b->K + k] = w != NULL ? w[k] : 0;
    b->ni++;
}

/* Add an insertion whose weights are w0, w0 + 1, ... (a single value when
 * K == 1; nothing when K == 0). */
static inline void tb_ins(tbatch *b, int64_t u, int64_t v, int32_t w0) {
    int32_t w[DYNG_MAX_WEIGHTS];
    for (int k = 0; k < b->K; k++)
        w[k] = w0 + k;
    tb_ins_w(b, u, v, w);
}

static inline void tb_del(tbatch *b, int64_t u, int64_t v) {
    if (b->nd == b->cap_d) {
        b->cap_d = b->cap_d < 8 ? 8 : 2 * b->cap_d;
        b->du = rm_xrealloc(b->du, (size_t)b->cap_d * sizeof *b->du);
        b->dv = rm_xrealloc(b->dv, (size_t)b->cap_d * sizeof *b->dv);
    }
    b->du[b->nd] = u;
    b->dv[b->nd] = v;
    b->nd++;
}

/* A dyng_batch of vertex type t with the same changes (ids must fit t). */
static inline dyng_batch *tb_make(const tbatch *b, dyng_type t) {
    dyng_batch *out = NULL;
    REQUIRE_OK(dyng_batch_new(&out, t, b->K));
    void *iu = rm_typed(b->iu, b->ni, t), *iv = rm_typed(b->iv, b->ni, t);
    void *du = rm_typed(b->du, b->nd, t), *dv = rm_typed(b->dv, b->nd, t);
    REQUIRE_OK(dyng_batch_add_insertions(out, b->ni, iu, iv, b->K > 0 ? b->iw : NULL));
    REQUIRE_OK(dyng_batch_add_deletions(out, b->nd, du, dv));
    free(iu);
    free(iv);
    free(du);
    free(dv);
    return out;
}

static inline dyng_status rm_apply_tb(rm_graph *m, const tbatch *b, dyng_apply_summary *sum) {
    return rm_apply(m, b->K, b->ni, b->iu, b->iv, b->iw, b->nd, b->du, b->dv, sum);
}

/* ------------------------------------------------------------------------ */
/* Snapshots: a full export, all ids as int64                                 */

typedef struct gsnap {
    int64_t n, m, entries;
    uint64_t version, state_id;
    int K;
    int64_t *out_ptr, *out_col; /* n + 1, entries */
    int32_t *out_w;             /* entries * K */
    int64_t *in_ptr, *in_col;
    int32_t *in_w;
    int64_t *e_src, *e_dst; /* m */
    int32_t *e_w;
} gsnap;

static inline void snap_free(gsnap *s) {
    free(s->out_ptr);
    free(s->out_col);
    free(s->out_w);
    free(s->in_ptr);
    free(s->in_col);
    free(s->in_w);
    free(s->e_src);
    free(s->e_dst);
    free(s->e_w);
    memset(s, 0, sizeof *s);
}

/* Export one direction of g into int64 arrays. */
static inline void snap_csr(const dyng_graph *g, bool transposed, const dyng_graph_properties *p,
                            int64_t n, int64_t entries, int64_t **ptr, int64_t **col, int32_t **w) {
    size_t vs = dyng_type_size(p->vertex_type), os = dyng_type_size(p->offset_type);
    void *rp = rm_xmalloc((size_t)(n + 1) * os);
    void *c = rm_xmalloc((size_t)entries * vs);
    *w = rm_xmalloc((size_t)entries * (size_t)p->num_weights * sizeof **w);
    memset(rp, 0, (size_t)(n + 1) * os);
    memset(c, 0, (size_t)entries * vs);
    CHECK_OK(dyng_graph_to_csr(g, transposed, rp, c, p->num_weights > 0 ? *w : NULL));
    *ptr = rm_widen(rp, n + 1, p->offset_type);
    *col = rm_widen(c, entries, p->vertex_type);
    free(rp);
    free(c);
}

/* The exports poll the interrupt flags (g's resources' and the process-wide
 * one), which a test may hold set around the snapshots it compares: a
 * snapshot reads with them cleared and sets them again after. */
typedef struct rm_flags {
    dyng_resources *r;
    bool own, process;
} rm_flags;

static inline rm_flags rm_flags_lift(const dyng_graph *g) {
    rm_flags f = {NULL, false, false};
    CHECK_OK(dyng_graph_resources(&f.r, g));
    CHECK_OK(dyng_interrupt_is_set(&f.own, f.r));
    CHECK_OK(dyng_interrupt_is_set(&f.process, NULL));
    CHECK_OK(dyng_interrupt_clear(f.r));
    CHECK_OK(dyng_interrupt_clear(NULL));
    return f;
}

static inline void rm_flags_restore(const rm_flags *f) {
    if (f->own)
        CHECK_OK(dyng_interrupt(f->r));
    if (f->process)
        CHECK_OK(dyng_interrupt(NULL));
}

/* Take a full snapshot of g through the public export functions. */
static inline void snap_take(gsnap *s, const dyng_graph *g) {
    memset(s, 0, sizeof *s);
    const rm_flags flags = rm_flags_lift(g);
    dyng_graph_properties p;
    CHECK_OK(dyng_graph_properties_of(&p, g));
    CHECK_OK(dyng_graph_num_vertices(&s->n, g));
    CHECK_OK(dyng_graph_num_edges(&s->m, g));
    CHECK_OK(dyng_graph_num_entries(&s->entries, g));
    CHECK_OK(dyng_graph_version(&s->version, g));
    CHECK_OK(dyng_graph_state_id(&s->state_id, g));
    s->K = p.num_weights;
    snap_csr(g, false, &p, s->n, s->entries, &s->out_ptr, &s->out_col, &s->out_w);
    snap_csr(g, true, &p, s->n, s->entries, &s->in_ptr, &s->in_col, &s->in_w);
    size_t vs = dyng_type_size(p.vertex_type);
    void *src = rm_xmalloc((size_t)s->m * vs), *dst = rm_xmalloc((size_t)s->m * vs);
    memset(src, 0, (size_t)s->m * vs);
    memset(dst, 0, (size_t)s->m * vs);
    s->e_w = rm_xmalloc((size_t)s->m * (size_t)s->K * sizeof *s->e_w);
    CHECK_OK(dyng_graph_to_edges(g, src, dst, s->K > 0 ? s->e_w : NULL));
    s->e_src = rm_widen(src, s->m, p.vertex_type);
    s->e_dst = rm_widen(dst, s->m, p.vertex_type);
    free(src);
    free(dst);
    rm_flags_restore(&flags);
}

/* Rows of the model as CSR. */
static inline void rm_rows_csr(const rm_graph *m, const rm_row *rows, int64_t **ptr, int64_t **col,
                               int32_t **w) {
    int64_t entries = rm_num_entries(m);
    *ptr = rm_xmalloc((size_t)(m->n + 1) * sizeof **ptr);
    *col = rm_xmalloc((size_t)entries * sizeof **col);
    *w = rm_xmalloc((size_t)entries * (size_t)m->K * sizeof **w);
    int64_t e = 0;
    (*ptr)[0] = 0;
    for (int64_t v = 0; v < m->n; v++) {
        for (int64_t i = 0; i < rows[v].len; i++, e++) {
            (*col)[e] = rows[v].tgt[i];
            if (m->K > 0)
                memcpy(*w + e * m->K, rows[v].w + i * m->K, (size_t)m->K * sizeof **w);
        }
        (*ptr)[v + 1] = e;
    }
}

/* The snapshot the library must produce for the model's state (state_id is
 * not modelled and left 0). */
static inline void rm_snap(gsnap *s, const rm_graph *m) {
    memset(s, 0, sizeof *s);
    const int K = m->K;
    s->n = m->n;
    s->m = rm_num_edges(m);
    s->entries = rm_num_entries(m);
    s->version = m->version;
    s->K = K;
    rm_rows_csr(m, m->out, &s->out_ptr, &s->out_col, &s->out_w);
    if (!m->directed) {
        rm_rows_csr(m, m->out, &s->in_ptr, &s->in_col, &s->in_w);
    } else if (m->store_transposed) {
        rm_rows_csr(m, m->in, &s->in_ptr, &s->in_col, &s->in_w);
    } else {
        /* Computed: sources ascending, each source's entries in row order. */
        rm_graph t;
        memset(&t, 0, sizeof t);
        t.K = K;
        t.directed = false; /* rows only */
        rm_grow_rows(&t, m->n);
        for (int64_t u = 0; u < m->n; u++)
            for (int64_t i = 0; i < m->out[u].len; i++)
                rm_row_append(&t.out[m->out[u].tgt[i]], K, u, m->out[u].w + i * K);
        rm_rows_csr(&t, t.out, &s->in_ptr, &s->in_col, &s->in_w);
        rm_free(&t);
    }
    s->e_src = rm_xmalloc((size_t)s->m * sizeof *s->e_src);
    s->e_dst = rm_xmalloc((size_t)s->m * sizeof *s->e_dst);
    s->e_w = rm_xmalloc((size_t)s->m * (size_t)K * sizeof *s->e_w);
    int64_t e = 0;
    for (int64_t u = 0; u < m->n; u++)
        for (int64_t i = 0; i < m->out[u].len; i++) {
            int64_t v = m->out[u].tgt[i];
            if (!m->directed && v < u)
                continue;
            s->e_src[e] = u;
            s->e_dst[e] = v;
            if (K > 0)
                memcpy(s->e_w + e * K, m->out[u].w + i * K, (size_t)K * sizeof *s->e_w);
            e++;
        }
}

static inline bool snap_arr64(const char *what, const char *field, const int64_t *a,
                              const int64_t *b, int64_t count) {
    for (int64_t i = 0; i < count; i++)
        if (a[i] != b[i]) {
            fprintf(stderr, "  %s: %s[%lld] is %lld, expected %lld\n", what, field, (long long)i,
                    (long long)a[i], (long long)b[i]);
            return false;
        }
    return true;
}

static inline bool snap_arr32(const char *what, const char *field, const int32_t *a,
                              const int32_t *b, int64_t count) {
    for (int64_t i = 0; i < count; i++)
        if (a[i] != b[i]) {
            fprintf(stderr, "  %s: %s[%lld] is %d, expected %d\n", what, field, (long long)i, a[i],
                    b[i]);
            return false;
        }
    return true;
}

/* True when `got` equals `want` (state ids only when compare_state); prints
 * the first difference of each kind, prefixed by `what`. */
static inline bool snap_diff(const gsnap *got, const gsnap *want, bool compare_state,
                             const char *what) {
    bool ok = true;
#define SNAP_SCALAR(f)                                                                             \
    if (got->f != want->f) {                                                                       \
        fprintf(stderr, "  %s: " #f " is %lld, expected %lld\n", what, (long long)got->f,          \
                (long long)want->f);                                                               \
        ok = false;                                                                                \
    }
    SNAP_SCALAR(n)
    SNAP_SCALAR(m)
    SNAP_SCALAR(entries)
    SNAP_SCALAR(version)
    SNAP_SCALAR(K)
    if (compare_state) {
        SNAP_SCALAR(state_id)
    }
#undef SNAP_SCALAR
    if (!ok)
        return false;
    int64_t K = got->K;
    ok &= snap_arr64(what, "out row_ptr", got->out_ptr, want->out_ptr, got->n + 1);
    ok &= snap_arr64(what, "out col", got->out_col, want->out_col, got->entries);
    ok &= snap_arr32(what, "out weights", got->out_w, want->out_w, got->entries * K);
    ok &= snap_arr64(what, "in row_ptr", got->in_ptr, want->in_ptr, got->n + 1);
    ok &= snap_arr64(what, "in col", got->in_col, want->in_col, got->entries);
    ok &= snap_arr32(what, "in weights", got->in_w, want->in_w, got->entries * K);
    ok &= snap_arr64(what, "edge src", got->e_src, want->e_src, got->m);
    ok &= snap_arr64(what, "edge dst", got->e_dst, want->e_dst, got->m);
    ok &= snap_arr32(what, "edge weights", got->e_w, want->e_w, got->m * K);
    return ok;
}

/* Snapshot equality for "the graph is unchanged" (state id included). */
static inline bool snap_equal(const gsnap *a, const gsnap *b) {
    return snap_diff(a, b, true, "snapshot");
}

/* The whole comparison of a graph with an expected snapshot (state id
 * aside): exports, counts, version, degrees, and dyng_graph_check. */
/* Row v of one direction through dyng_graph_neighbors against the CSR
 * arrays of a snapshot (ids widened to int64). */
static inline bool snap_compare_row(const dyng_graph *g, int64_t v, bool transposed,
                                    const int64_t *ptr, const int64_t *col, const int32_t *w, int K,
                                    const char *what) {
    dyng_graph_properties p;
    CHECK_OK(dyng_graph_properties_of(&p, g));
    const int64_t len = ptr[v + 1] - ptr[v];
    size_t vs = dyng_type_size(p.vertex_type);
    void *ids = rm_xmalloc((size_t)(len + 1) * vs);
    int32_t *ws = rm_xmalloc((size_t)(len * K + 1) * sizeof *ws);
    int64_t d = -1, d0 = -1;
    CHECK_OK(dyng_graph_neighbors(&d0, g, v, transposed, NULL, NULL, 0));
    CHECK_OK(dyng_graph_neighbors(&d, g, v, transposed, ids, K > 0 ? ws : NULL, len));
    bool ok = d == len && d0 == len;
    int64_t *wide = ok ? rm_widen(ids, len, p.vertex_type) : NULL;
    for (int64_t i = 0; ok && i < len; i++)
        ok = wide[i] == col[ptr[v] + i];
    if (ok && K > 0)
        ok = memcmp(ws, w + ptr[v] * K, (size_t)(len * K) * sizeof *ws) == 0;
    if (ok && len > 0) /* a row one entry short of its length is refused */
        ok =
            dyng_graph_neighbors(&d, g, v, transposed, ids, NULL, len - 1) == DYNG_INVALID_ARGUMENT;
    if (!ok)
        fprintf(stderr, "  %s: the %s-neighbours of %lld differ from the CSR export\n", what,
                transposed ? "in" : "out", (long long)v);
    free(wide);
    free(ids);
    free(ws);
    return ok;
}

static inline bool expect_has_edge(const dyng_graph *g, int64_t u, int64_t v, bool want,
                                   const char *what) {
    bool has = !want;
    CHECK_OK(dyng_graph_has_edge(&has, g, u, v));
    if (has != want)
        fprintf(stderr, "  %s: has_edge(%lld, %lld) is %d\n", what, (long long)u, (long long)v,
                (int)has);
    return has == want;
}

/* dyng_graph_has_edge against a snapshot's out-row u: true for every entry;
 * for the first few targets plus one (and 0 after them), true where the row
 * lists them. */
static inline bool snap_compare_has_edge(const dyng_graph *g, const gsnap *s, int64_t u,
                                         const char *what) {
    const int64_t lo = s->out_ptr[u], hi = s->out_ptr[u + 1];
    bool ok = true;
    for (int64_t i = lo; ok && i < hi; i++)
        ok = expect_has_edge(g, u, s->out_col[i], true, what);
    for (int64_t i = lo; ok && i <= hi && i < lo + 4; i++) {
        const int64_t t = i < hi ? s->out_col[i] + 1 : 0;
        bool want = false;
        for (int64_t j = lo; j < hi; j++)
            want = want || s->out_col[j] == t;
        ok = expect_has_edge(g, u, t, want, what);
    }
    return ok;
}

/* dyng_graph_edge_weights against a snapshot's out-row u, all at once: the
 * target of every entry, and five more (n, past the last vertex, and four
 * spread over the ids), each found with the weights of the row's first entry
 * of that target (the copy an upsert rewrites and a deletion removes) where
 * the row has one, else not found, its weights left as they were. */
static inline bool snap_compare_edge_weights(const dyng_graph *g, const gsnap *s, int64_t u,
                                             const char *what) {
    const int64_t lo = s->out_ptr[u], hi = s->out_ptr[u + 1], len = hi - lo, q = len + 5;
    const int K = s->K;
    int64_t *src = rm_xmalloc((size_t)q * sizeof *src), *dst = rm_xmalloc((size_t)q * sizeof *dst);
    bool *found = rm_xmalloc((size_t)q * sizeof *found);
    int32_t *w = rm_xmalloc((size_t)(q * K + 1) * sizeof *w);
    for (int64_t i = 0; i < q; i++) {
        src[i] = u;
        dst[i] = i < len ? s->out_col[lo + i] : i == len ? s->n : (i - len - 1) * (s->n / 4 + 1);
    }
    for (int64_t i = 0; i < q * K; i++)
        w[i] = -77;
    CHECK_OK(dyng_graph_edge_weights(g, q, DYNG_TYPE_INT64, src, dst, found, w));
    bool ok = true;
    for (int64_t i = 0; ok && i < q; i++) {
        int64_t first = -1; /* the first entry of the row with this target */
        for (int64_t j = lo; j < hi && first < 0; j++)
            if (s->out_col[j] == dst[i])
                first = j;
        ok = found[i] == (first >= 0);
        for (int k = 0; ok && k < K; k++)
            ok = w[i * K + k] == (first >= 0 ? s->out_w[first * K + k] : -77);
        if (!ok)
            fprintf(stderr, "  %s: edge_weights of (%lld, %lld) differ (found %d)\n", what,
                    (long long)u, (long long)dst[i], (int)found[i]);
    }
    free(src);
    free(dst);
    free(found);
    free(w);
    return ok;
}

static inline bool snap_compare_graph(const gsnap *want, const dyng_graph *g, const char *what) {
    gsnap got;
    snap_take(&got, g);
    bool ok = snap_diff(&got, want, false, what);
    for (int t = 0; ok && t < 2; t++) { /* every degree at once, both ways */
        int64_t *deg = rm_xmalloc((size_t)(got.n + 1) * sizeof *deg);
        const int64_t *ptr = t ? want->in_ptr : want->out_ptr;
        CHECK_OK(dyng_graph_degrees(g, t, deg));
        for (int64_t v = 0; ok && v < got.n; v++)
            if (deg[v] != ptr[v + 1] - ptr[v]) {
                fprintf(stderr,
                        "  %s: dyng_graph_degrees gives %lld for vertex %lld (%s), "
                        "expected %lld\n",
                        what, (long long)deg[v], (long long)v, t ? "in" : "out",
                        (long long)(ptr[v + 1] - ptr[v]));
                ok = false;
            }
        free(deg);
    }
    if (ok) {
        /* Out-degrees of every vertex; in-degrees of the first vertices and
         * a stride (an in-degree without stored in-edges costs O(m)). */
        int64_t stride = got.n / 32 > 1 ? got.n / 32 : 1;
        for (int64_t v = 0; v < got.n && ok; v++) {
            int64_t dout = -1, din = want->in_ptr[v + 1] - want->in_ptr[v];
            CHECK_OK(dyng_graph_degree(&dout, g, v, false));
            if (v < 8 || v % stride == 0)
                CHECK_OK(dyng_graph_degree(&din, g, v, true));
            if (dout != want->out_ptr[v + 1] - want->out_ptr[v] ||
                din != want->in_ptr[v + 1] - want->in_ptr[v]) {
                fprintf(stderr,
                        "  %s: degree of %lld is (%lld out, %lld in), expected (%lld, %lld)\n",
                        what, (long long)v, (long long)dout, (long long)din,
                        (long long)(want->out_ptr[v + 1] - want->out_ptr[v]),
                        (long long)(want->in_ptr[v + 1] - want->in_ptr[v]));
                ok = false;
            }
            /* The rows themselves and has_edge, on the same vertices (in-rows
             * on the first ones: without stored in-edges each costs O(m)). */
            if (ok && (v < 8 || v % stride == 0))
                ok = snap_compare_row(g, v, false, want->out_ptr, want->out_col, want->out_w,
                                      want->K, what) &&
                     snap_compare_has_edge(g, want, v, what) &&
                     snap_compare_edge_weights(g, want, v, what);
            if (ok && v < 8)
                ok = snap_compare_row(g, v, true, want->in_ptr, want->in_col, want->in_w, want->K,
                                      what);
        }
    }
    dyng_status st = dyng_graph_check(g);
    if (st != DYNG_OK) {
        fprintf(stderr, "  %s: dyng_graph_check: %s: %s\n", what, dyng_status_name(st),
                dyng_error_message());
        ok = false;
    }
    snap_free(&got);
    return ok;
}

/* The whole comparison of a graph with the model. */
static inline bool rm_compare(const rm_graph *m, const dyng_graph *g, const char *what) {
    gsnap want;
    rm_snap(&want, m);
    bool ok = snap_compare_graph(&want, g, what);
    snap_free(&want);
    return ok;
}

static inline bool summary_equal(const dyng_apply_summary *got, const dyng_apply_summary *want,
                                 const char *what) {
    bool ok = true;
#define SUM_FIELD(f)                                                                               \
    if (got->f != want->f) {                                                                       \
        fprintf(stderr, "  %s: summary." #f " is %lld, expected %lld\n", what, (long long)got->f,  \
                (long long)want->f);                                                               \
        ok = false;                                                                                \
    }
    SUM_FIELD(inserted)
    SUM_FIELD(updated)
    SUM_FIELD(deleted)
    SUM_FIELD(ignored_deletions)
    SUM_FIELD(ignored_insertions)
    SUM_FIELD(self_loops_dropped)
    SUM_FIELD(cancelled)
    SUM_FIELD(duplicates_merged)
    SUM_FIELD(new_vertices)
    SUM_FIELD(num_vertices)
    SUM_FIELD(num_edges)
    SUM_FIELD(version)
#undef SUM_FIELD
    return ok;
}

/* ------------------------------------------------------------------------ */
/* Building both the library graph and the model from int64 edge arrays      */

/* Build g (with ids converted to p->vertex_type) and the model m from the
 * same edges; the build must succeed. */
static inline dyng_graph *rm_build_both(rm_graph *m, const dyng_graph_properties *p,
                                        int64_t num_vertices, int64_t num_edges, const int64_t *src,
                                        const int64_t *dst, const int32_t *w, dyng_resources *r) {
    void *s = rm_typed(src, num_edges, p->vertex_type);
    void *d = rm_typed(dst, num_edges, p->vertex_type);
    dyng_graph *g = NULL;
    static const int32_t no_weights[1] = {0};
    const int32_t *wg = p->num_weights == 0 ? NULL : (w != NULL ? w : no_weights);
    REQUIRE_OK(dyng_graph_from_edges(&g, p, num_vertices, num_edges, s, d, wg, r));
    free(s);
    free(d);
    REQUIRE_OK(rm_build(m, p, num_vertices, num_edges, src, dst, w));
    return g;
}

#endif /* DYNG_TEST_REFMODEL_H */
