/*
 * src/algorithms/sssp/sssp.tmpl.h - the typed sssp kernels, written once for
 * every (vertex id, edge offset) type pair; sssp_kernels.c includes it once
 * per pair after defining DYNG_V, DYNG_O, DYNG_FN and DYNG_SSSP_KERNELS.
 *
 * Weights: column `obj` of K, or 1 on an unweighted graph. A path whose
 * length reaches DYNG_INFINITE_DISTANCE counts as no path (distances never
 * wrap; they cannot get there unless n times the largest weight does).
 */

#include "graph/rows.tmpl.h"

/* What a repair marks on a vertex (work.mark). */
#ifndef DYNG_I_SSSP_MARKS
#define DYNG_I_SSSP_MARKS
/* TREE: the batch names the head's tree edge (its support must be checked);
 * GAIN: the head of an insertion (it may improve). */
enum {
    MARK_TOUCHED = 1,
    MARK_HEAD = 2,
    MARK_INVALID = 4,
    MARK_TREE = 8,
    MARK_GAIN = 16,
    MARK_CLAIMED = 32 /* a thread of a parallel push is saving its entry */
};
/* The parent a repair that gives up writes back for a vertex it touched after
 * the invalidated ones, whose parent before it did not keep: such a vertex
 * took a lower distance, or a lower tight parent, than it had, so it has
 * changed whatever the recomputation gives it, and a parent that no tree has
 * makes the recomputation's count say so. */
#define DYNG_I_PARENT_CHANGED (-2)
/* How a near-far run ended (nf_run). */
enum {
    NF_DONE = 0,
    NF_NO_MEMORY = 1,
    NF_INTERRUPTED = 2,
    NF_OVER_LIMIT = 3,
    NF_NARROW = 4,
    NF_WIDE = 5
};
/* How far ahead a loop over a long row loads the entries of the row's
 * targets (their ids are read in order; their entries lie anywhere, and
 * loading them ahead overlaps the misses: on R-MAT, whose hubs have rows of
 * thousands, a repair's pull took 23% less and a compute 5% less). */
#define DYNG_I_ROW_AHEAD 16
#endif

/* The in-edges: stored ones for a directed graph, the rows themselves for an
 * undirected one (callers check that a directed graph stores them). */
static inline const dyng_i_adj *DYNG_FN(sssp_in)(const dyng_graph *g) {
    return g->p.directed ? &g->in : &g->out;
}

static inline int64_t DYNG_FN(sssp_w)(const dyng_i_adj *a, int64_t slot, int K, int obj) {
    return K > 0 ? (int64_t)a->w[slot * K + obj] : 1;
}

/* ---- weights ---------------------------------------------------------------- */

/* DYNG_OK when every weight of column obj is at least 1, reachable or not
 * (an edge out of reach now may be reached after an update). */
static dyng_status DYNG_FN(sssp_check_weights)(const dyng_graph *g, int obj) {
    const int K = g->p.num_weights;
    if (K == 0 || !((g->low_weight_columns >> obj) & 1))
        return DYNG_OK; /* no build or batch brought a weight below 1 here */
    const dyng_i_adj *out = &g->out;
    const ROW *rows = DYNG_FN(rows)(out);
    const DYNG_V *col = DYNG_FN(cols)(out);
    for (int64_t u = 0; u < g->n; u++) {
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = 0; i < len; i++) {
            const int64_t wt = out->w[(off + i) * K + obj];
            if (wt < 1)
                return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                    "edge (%lld, %lld) has weight %lld in column %d; sssp needs "
                                    "weights >= 1",
                                    (long long)u, (long long)col[off + i], (long long)wt, obj);
        }
    }
    return DYNG_OK;
}

static void DYNG_FN(sssp_sample)(const dyng_graph *g, int obj, int64_t step,
                                 dyng_i_sssp_sample *s) {
    const int K = g->p.num_weights;
    const ROW *rows = DYNG_FN(rows)(&g->out);
    for (int64_t u = 0; u < g->n; u += step) {
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = 0; K > 0 && i < len; i++)
            s->weight_sum += g->out.w[(off + i) * K + obj];
        s->rows++;
        s->entries += len;
        s->length_sq += (double)len * (double)len;
    }
}

/* ---- compute: Dijkstra ---------------------------------------------------- */

/*
 * Load ahead for a pop from Dial's ring (a compute's, a repair's push). The
 * vertices the next pops take are known: a pop takes the last entry of the
 * current bucket, and with weights of at least 1 every push goes to a later
 * one. So each pop asks for what those vertices will need, in stages a few
 * pops apart, each after the one before has arrived: the record of the
 * vertex 5 pops ahead, the row (targets and weights) of the one 3 ahead, and
 * the distances of the first 4 targets of the one 2 ahead (other distances
 * tried did as well). One thread's compute on the 1M grid took 53 ms against
 * 77 without, on R-MAT (2^20 vertices, 4M edges) 65 against 81 to 85 (a C
 * driver, the library before and after, medians of 9 and 7). A repair's push
 * stage, each batch applied to the same graph and tree with and without:
 * mdual, 100 random changes, 0.74 against 0.92 ms, 100 local 0.33 against
 * 0.35; the 1M grid, 100 random changes, 2.4 against 2.7 ms, 100 local
 * within 2% either way.
 */
DYNG_I_PREFETCHER DYNG_FN(sssp_ring_ahead)(const dyng_i_bucket *b, const ROW *rows,
                                           const DYNG_V *col, const int32_t *w, int K, int obj,
                                           const int64_t *dist) {
    const int64_t n = b->len; /* b->v[n - 1 - k]: the vertex of the pop k + 1 from now */
    if (n > 4)
        __builtin_prefetch(&rows[b->v[n - 5]], 0);
    if (n > 2) {
        const int64_t off = (int64_t)rows[b->v[n - 3]].off;
        __builtin_prefetch(col + off, 0);
        if (K > 0)
            __builtin_prefetch(w + off * K + obj, 0);
    }
    if (n > 1) {
        const ROW *r = &rows[b->v[n - 2]];
        const int64_t off = (int64_t)r->off, len = DYNG_FN(len_of)(r);
        for (int64_t j = 0; j < len && j < 4; j++)
            __builtin_prefetch(&dist[(int64_t)col[off + j]], 1);
    }
}

/*
 * Dijkstra with the canonical tie rule: a relaxation that ties the current
 * distance takes the lower parent id. Every tight in-neighbour u of v has
 * dist[u] < dist[v] (weights >= 1), so all of them are settled, and relax v,
 * before v is; the parent left is therefore the lowest-id tight one.
 *
 * With `lazy` the queue grows as needed and may fail for memory: Dial's
 * bucket queue (bucket_queue.h) when no weight the graph has held passes
 * DYNG_I_BUCKETS_MAX_WEIGHT, else a radix heap (radix_heap.h). Otherwise it
 * is the indexed heap of the work arrays, which cannot fail (the repair's
 * last resort). Weights were checked beforehand (check_weights), so none is
 * below 1 here.
 */
static dyng_status DYNG_FN(sssp_compute_with)(const dyng_graph *g, int obj, int64_t source,
                                              int64_t *dist, int64_t *parent, dyng_i_sssp_work *w,
                                              dyng_resources *r, bool poll, bool lazy,
                                              dyng_i_dijkstra_run *run) {
    const int64_t n = g->n;
    const int K = g->p.num_weights;
    const dyng_i_adj *out = &g->out;
    const ROW *rows = DYNG_FN(rows)(out);
    const DYNG_V *col = DYNG_FN(cols)(out);
    for (int64_t v = 0; v < n; v++) {
        dist[v] = DYNG_INFINITE_DISTANCE;
        parent[v] = -1;
    }
    dyng_i_heap_entry *heap = w->heap;
    dyng_i_radix radix;
    dyng_i_radix_init(&radix);
    const int64_t max_w = K > 0 ? (int64_t)g->max_weight : 1;
    const bool dial = lazy && max_w <= DYNG_I_BUCKETS_MAX_WEIGHT;
    dyng_i_buckets buckets = {0};
    int64_t size = 0, pops = 0;
    const int64_t probe = run != NULL && run->probe > 0 ? run->probe : -1;
    const int64_t *old_d = run != NULL ? run->old_d : NULL;
    const int64_t *old_p = run != NULL ? run->old_p : NULL;
    int64_t changed = 0, was_reached = 0;
    dyng_status st = DYNG_OK;
    dist[source] = 0;
    if (dial) {
        if (!dyng_i_buckets_init(&buckets, max_w) || !dyng_i_buckets_push(&buckets, 0, source))
            st = dyng_i_oom("the Dijkstra queue", (size_t)(max_w + 1) * sizeof(dyng_i_bucket));
    } else if (lazy) {
        if (!dyng_i_radix_push(&radix, 0, source))
            st = dyng_i_oom("the Dijkstra queue", 64 * sizeof(dyng_i_heap_entry));
    } else {
        /* The indexed heap's positions, set here rather than when the work
         * arrays are made: this path is rare, and 8 bytes a vertex written
         * at a result's first update cost it 3 ms on 2^20 vertices. */
        for (int64_t v = 0; v < n; v++)
            w->pos[v] = -1;
        dyng_i_heap_push(heap, w->pos, &size, source, 0);
    }
    while (st == DYNG_OK && (dial ? buckets.count : lazy ? radix.count : size) > 0) {
        int64_t u;
        if (dial) {
            int64_t key;
            u = dyng_i_buckets_pop(&buckets, &key);
            DYNG_FN(sssp_ring_ahead)
            (dyng_i_buckets_current(&buckets), rows, col, out->w, K, obj, dist);
            if (key > dist[u])
                continue; /* stale: the vertex was settled with a smaller key */
        } else if (lazy) {
            dyng_i_heap_entry top;
            if (!dyng_i_radix_pop(&radix, &top)) {
                st = dyng_i_oom("the Dijkstra queue", 0);
                break;
            }
            if (top.key > dist[top.v])
                continue; /* stale: the vertex was settled with a smaller key */
            u = top.v;
        } else {
            u = dyng_i_heap_pop(heap, w->pos, &size);
        }
        if ((++pops & 4095) == 0 && poll && dyng_i_interrupted(r)) {
            st = dyng_i_error(DYNG_INTERRUPTED, "sssp compute was interrupted");
            break;
        }
        if (pops == probe && (dial ? buckets.count : lazy ? radix.count : size) >= probe) {
            run->wide = true; /* a frontier as large as what is settled */
            break;
        }
        const int64_t du = dist[u];
        if (old_d != NULL) {
            /* u's entries are final (its tight in-neighbours all came out
             * before it): compare them with the tree before. */
            changed += (du != old_d[u]) | (parent[u] != old_p[u]);
            was_reached += old_d[u] < DYNG_INFINITE_DISTANCE;
        }
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = 0; i < len; i++) {
            if (i + DYNG_I_ROW_AHEAD < len)
                __builtin_prefetch(&dist[(int64_t)col[off + i + DYNG_I_ROW_AHEAD]], 1);
            const int64_t v = (int64_t)col[off + i];
            const int64_t nd = du + DYNG_FN(sssp_w)(out, off + i, K, obj);
            if (nd >= DYNG_INFINITE_DISTANCE)
                continue;
            if (nd < dist[v]) {
                if (old_d != NULL && dist[v] == DYNG_INFINITE_DISTANCE) {
                    __builtin_prefetch(&old_d[v], 0);
                    __builtin_prefetch(&old_p[v], 0);
                }
                dist[v] = nd;
                parent[v] = u;
                if (!lazy) {
                    dyng_i_heap_push(heap, w->pos, &size, v, nd);
                } else if (dial ? !dyng_i_buckets_push(&buckets, nd, v)
                                : !dyng_i_radix_push(&radix, nd, v)) {
                    st = dyng_i_oom("the Dijkstra queue", 0);
                    break;
                }
            } else if (nd == dist[v] && u < parent[v]) {
                parent[v] = u;
            }
        }
    }
    dyng_i_radix_free(&radix);
    dyng_i_buckets_free(&buckets);
    if (run != NULL) {
        run->reached = pops; /* each reached vertex is settled once; stale entries are not */
        run->changed = changed;
        run->was_reached = was_reached;
    }
    return st;
}

/* A compute: the lazy queues (buckets or radix heap), polling the interrupt flag. */
static dyng_status DYNG_FN(sssp_compute)(const dyng_graph *g, int obj, int64_t source,
                                         int64_t *dist, int64_t *parent, dyng_i_sssp_work *w,
                                         dyng_resources *r, bool poll, dyng_i_dijkstra_run *run) {
    return DYNG_FN(sssp_compute_with)(g, obj, source, dist, parent, w, r, poll, true, run);
}

static void DYNG_FN(sssp_pull)(const dyng_graph *g, int obj, const int64_t *dist,
                               const uint8_t *mark, int64_t v, int64_t *best_d, int64_t *best_p);

/* ---- compute: the parallel near-far engine ----------------------------------- */

/* Lower dist[v] to nd if that is smaller (a compare-and-swap loop); true when
 * this call lowered it. */
static inline bool DYNG_FN(sssp_lower)(int64_t *dist, int64_t v, int64_t nd) {
    int64_t old = __atomic_load_n(&dist[v], __ATOMIC_RELAXED);
    while (nd < old)
        if (__atomic_compare_exchange_n(&dist[v], &old, nd, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED))
            return true;
    return false;
}

/* Lower key[v] to nk if that is smaller; the value it replaced in *prev
 * (its old value when this call did not lower it). */
static inline bool DYNG_FN(nf_lower_key)(int64_t *key, int64_t v, int64_t nk, int64_t *prev) {
    int64_t old = __atomic_load_n(&key[v], __ATOMIC_RELAXED);
    while (nk < old)
        if (__atomic_compare_exchange_n(&key[v], &old, nk, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
            *prev = old;
            return true;
        }
    *prev = old;
    return false;
}

/* Lower *x to v if that is smaller (shared between the threads). */
static inline void DYNG_FN(nf_min)(int64_t *x, int64_t v) {
    int64_t old = __atomic_load_n(x, __ATOMIC_RELAXED);
    while (v < old &&
           !__atomic_compare_exchange_n(x, &old, v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
}

/* The buckets a thread keeps in its ring, from the current one on. */
#ifndef DYNG_I_NF_RING
#define DYNG_I_NF_RING 256
#endif

/*
 * When near-far hands over to one thread's queue and back (a compute of
 * engine auto only). A round costs the threads two barriers, a few
 * microseconds, whatever its frontier: along a long chain (a road leaving a
 * city, a path hanging off a hub) the frontier is a vertex or two for
 * thousands of rounds, and the barriers cost a hundred times the
 * relaxations. Once fewer than DYNG_I_NF_NARROW_WAITING entries have waited in all
 * the lists together for DYNG_I_NF_NARROW_ROUNDS rounds in a row, the rest runs on
 * one thread with a radix heap (nf_tail), which goes back to near-far when
 * its queue holds DYNG_I_NF_WIDE_QUEUE entries (the chain has reached something
 * wide). The answer is the same either way: each step leaves every vertex
 * whose distance it lowered queued, and the distances are exact at the end.
 */
#ifndef DYNG_I_NF_NARROW_WAITING
#define DYNG_I_NF_NARROW_WAITING 256
#endif
#ifndef DYNG_I_NF_NARROW_ROUNDS
#define DYNG_I_NF_NARROW_ROUNDS 64
#endif
#ifndef DYNG_I_NF_WIDE_QUEUE
#define DYNG_I_NF_WIDE_QUEUE 8192
#endif

/* A growable list of vertices: one bucket of one thread. */
typedef struct {
    DYNG_V *v;
    int64_t len, cap;
} DYNG_FN(nf_list);

/* Append v; false when out of memory (the list is then as it was). */
static inline bool DYNG_FN(nf_push)(DYNG_FN(nf_list) * l, int64_t v) {
    if (l->len == l->cap) {
        const int64_t cap = l->cap ? 2 * l->cap : 256;
        DYNG_V *grown = dyng_i_realloc(l->v, (size_t)cap, sizeof(DYNG_V));
        if (!grown)
            return false;
        l->v = grown;
        l->cap = cap;
    }
    l->v[l->len++] = (DYNG_V)v;
    return true;
}

/* One thread's buckets: bucket b (distances [b * delta, (b + 1) * delta)) is
 * ring[b % RING] while cur <= b < cur + RING; vertices of later buckets wait
 * in `later`, unsorted, the lowest of their buckets in later_lo. `front` is
 * the thread's share of the frontier: the current bucket's list, moved out of
 * the ring so that relaxations into that bucket go to a fresh list. */
typedef struct {
    DYNG_FN(nf_list) ring[DYNG_I_NF_RING];
    DYNG_FN(nf_list) later;
    DYNG_FN(nf_list) front;
    int64_t later_lo;
} DYNG_FN(nf_local);

/*
 * Near-far (delta-stepping): bucket b holds the vertices whose tentative
 * distance lies in [b * delta, (b + 1) * delta). The threads take the lowest
 * non-empty bucket as the frontier and relax its vertices' out-edges in a
 * round (an atomic minimum on each target's distance); a target that
 * improves goes into its new bucket, in the relaxing thread's own lists (no
 * shared counter per edge). A bucket is taken again while relaxations refill
 * it; then the next non-empty one. An entry whose vertex has since dropped to
 * an earlier bucket is stale and skipped (its vertex was relaxed there). Each
 * thread keeps the next RING buckets in a ring and everything further in one
 * list, sorted into the ring when the current bucket comes within RING of its
 * lowest entry, so the memory does not grow with the number of buckets. It
 * ends when every list is empty, with dist[v] <= dist[u] + w on every edge:
 * the distances are exact.
 *
 * A round has two barriers: after the relaxations (every thread has offered
 * its lowest bucket), and after each thread has moved its list of the chosen
 * bucket to its share of the frontier. The frontier is the threads' shares
 * read in thread order; the shared minimum is double-buffered by round.
 *
 * The parents are then taken in a second pass, each the lowest-id tight
 * in-neighbour (a scan of the in-row, or an atomic minimum over the out-edges
 * when a directed graph keeps no in-edges): the same bytes as Dijkstra's.
 *
 * nf_run is the round loop, shared by a compute (from the source, every
 * distance infinite) and a repair's push (from the vertices its pull set,
 * every other distance as the old tree left it, which is the length of a
 * path of the new graph): the vertices to start from wait in thread 0's
 * `later` list. A repair records each vertex's entry before its first change
 * (nf_touch) and stops once it has touched more than its fallback limit.
 * With `narrow_exit` (engine auto) the run also stops when its lists stay
 * narrow (DYNG_I_NF_NARROW_ROUNDS), leaving what waits in them for one
 * thread's queue: nf_tail for a compute, the sequential push for a repair.
 */

/* What a repair's push adds to a compute's run (NULL for a compute). */
typedef struct {
    dyng_sssp_result *res;
    int64_t nt;      /* vertices touched so far (work.touched[0 .. nt)); atomic */
    int64_t limit;   /* stop once more than this many are touched              */
    int64_t relaxed; /* frontier vertices relaxed, and distances lowered: the */
    int64_t lowered; /* stats' iterations and pushes (added up at the end)    */
} DYNG_FN(nf_repair);

/* Record v's distance before its first change, from any thread: the thread
 * that claims v saves it, the others wait until it is saved (a few stores).
 * Its parent is not kept (DYNG_I_PARENT_CHANGED). */
static inline void DYNG_FN(nf_touch)(DYNG_FN(nf_repair) * rp, int64_t v) {
    dyng_i_sssp_work *w = &rp->res->work;
    if (__atomic_load_n(&w->mark[v], __ATOMIC_ACQUIRE) & MARK_TOUCHED)
        return;
    const uint8_t m = __atomic_fetch_or(&w->mark[v], (uint8_t)MARK_CLAIMED, __ATOMIC_ACQ_REL);
    if (m & (MARK_CLAIMED | MARK_TOUCHED)) {
        while (!(__atomic_load_n(&w->mark[v], __ATOMIC_ACQUIRE) & MARK_TOUCHED)) {
        }
        return;
    }
    const int64_t i = __atomic_fetch_add(&rp->nt, 1, __ATOMIC_RELAXED);
    w->touched[i] = v;
    w->old_d[i] = __atomic_load_n(&rp->res->dist[v], __ATOMIC_RELAXED);
    __atomic_fetch_or(&w->mark[v], (uint8_t)MARK_TOUCHED, __ATOMIC_RELEASE);
}

/* The round loop over `local` (threads entries, the start in local[0]);
 * polls poll's interrupt flag unless poll is NULL. Leaves the lists' memory
 * for the caller to free. */
static int DYNG_FN(nf_run)(const dyng_graph *g, int obj, int64_t delta, int64_t *dist, int shift,
                           DYNG_FN(nf_local) * local, int threads, const dyng_resources *poll,
                           DYNG_FN(nf_repair) * rp, bool narrow_exit) {
    const int K = g->p.num_weights;
    const dyng_i_adj *out = &g->out;
    const ROW *rows = DYNG_FN(rows)(out);
    const DYNG_V *col = DYNG_FN(cols)(out);
    const int64_t *parent = rp != NULL ? rp->res->parent : NULL;
    enum { RING = DYNG_I_NF_RING, NF_CHUNK = 64 };
    (void)threads; /* a build without OpenMP runs one thread */

    /* Shared: the lowest bucket offered in a round (by parity), the stop
     * flags; written through atomics, read after a barrier. The stop flags
     * are written only before the round's first barrier and read only after
     * it, so every thread takes the same decision to leave (a thread that
     * left while another went on to the second barrier would hang it). */
    int64_t s_next[2] = {INT64_MAX, INT64_MAX};
    int64_t s_wait[2] = {0, 0}; /* the entries waiting in every list, by parity too */
    bool s_interrupted = false, s_failed = false, s_over = false, s_narrow = false;
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
#endif
    {
#ifdef _OPENMP
        const int me = omp_get_thread_num(), team = omp_get_num_threads();
#else
        const int me = 0, team = 1;
#endif
        DYNG_FN(nf_local) *mine = &local[me];
        int64_t cur = 0, relaxed = 0, lowered = 0;
        /* The entries in this thread's ring and later list (stale ones too),
         * and how many rounds in a row every thread's together stayed below
         * DYNG_I_NF_NARROW_WAITING (the same count on every thread). */
        int64_t waiting = mine->later.len, narrow_rounds = 0;
        for (int b = 0; b < RING; b++)
            waiting += mine->ring[b].len;
        bool failed_late = false; /* after the first barrier: told in the next round */
        for (int64_t round = 0;; round++) {
            /* 1. Relax the frontier (bucket cur): the threads' shares in
             * thread order, cut into chunks of NF_CHUNK vertices that the
             * threads take in turn. A chunk goes in stages, each a loop of
             * independent loads: its vertices' entries and rows, then their
             * targets' entries, then the relaxations. An atomic waits for
             * the loads before it, so relaxing vertex by vertex would take
             * the cache misses one at a time. */
            int64_t total = 0;
            for (int t = 0; t < team; t++)
                total += local[t].front.len;
            const int64_t chunks = (total + NF_CHUNK - 1) / NF_CHUNK;
            bool failed = false;
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1) nowait
#endif
            for (int64_t c = 0; c < chunks; c++) {
                int64_t us[NF_CHUNK];
                int t = 0;
                int64_t j = c * NF_CHUNK;
                while (j >= local[t].front.len)
                    j -= local[t].front.len, t++;
                const int64_t cnt =
                    total - c * NF_CHUNK < NF_CHUNK ? total - c * NF_CHUNK : NF_CHUNK;
                for (int64_t k = 0; k < cnt; k++, j++) {
                    while (j == local[t].front.len)
                        j = 0, t++;
                    us[k] = (int64_t)local[t].front.v[j];
                    __builtin_prefetch(&dist[us[k]], 0);
                    __builtin_prefetch(&rows[us[k]], 0);
                }
                /* The live vertices (a stale one was relaxed in an earlier
                 * bucket), their distances and rows. */
                int64_t dus[NF_CHUNK], offs[NF_CHUNK], lens[NF_CHUNK], live = 0;
                for (int64_t k = 0; k < cnt; k++) {
                    const int64_t u = us[k];
                    const int64_t du = __atomic_load_n(&dist[u], __ATOMIC_RELAXED) >> shift;
                    if (du / delta < cur)
                        continue;
                    us[live] = u;
                    dus[live] = du;
                    offs[live] = (int64_t)rows[u].off;
                    lens[live] = DYNG_FN(len_of)(&rows[u]);
                    __builtin_prefetch(&col[offs[live]], 0);
                    if (K > 0)
                        __builtin_prefetch(&out->w[offs[live] * K + obj], 0);
                    live++;
                }
                for (int64_t k = 0; k < live; k++)
                    for (int64_t e = offs[k]; e < offs[k] + lens[k]; e++)
                        __builtin_prefetch(&dist[(int64_t)col[e]], 1);
                relaxed += live;
                for (int64_t k = 0; k < live; k++) {
                    const int64_t u = us[k], du = dus[k], off = offs[k], len = lens[k];
                    for (int64_t e = 0; e < len; e++) {
                        const int64_t v = (int64_t)col[off + e];
                        const int64_t nd = du + DYNG_FN(sssp_w)(out, off + e, K, obj);
                        if (shift > 0) {
                            /* Packed keys: one atomic minimum takes the lower
                             * distance, and on a tie the lower parent. */
                            int64_t prev;
                            if (!DYNG_FN(nf_lower_key)(dist, v, (nd << shift) | (u + 1), &prev) ||
                                nd == prev >> shift)
                                continue; /* not lowered, or only its parent was */
                        } else {
                            const int64_t dv = __atomic_load_n(&dist[v], __ATOMIC_RELAXED);
                            if (nd >= DYNG_INFINITE_DISTANCE || nd > dv)
                                continue;
                            if (rp != NULL && (nd < dv || u < parent[v]))
                                DYNG_FN(nf_touch)(rp, v); /* before its entry changes */
                            if (nd == dv || !DYNG_FN(sssp_lower)(dist, v, nd))
                                continue;
                        }
                        lowered++;
                        const int64_t b = nd / delta;
                        waiting++;
                        if (b < cur + RING) {
                            failed |= !DYNG_FN(nf_push)(&mine->ring[b % RING], v);
                        } else {
                            failed |= !DYNG_FN(nf_push)(&mine->later, v);
                            if (b < mine->later_lo)
                                mine->later_lo = b;
                        }
                    }
                }
            }
            /* 2. Offer the lowest non-empty bucket of this thread. */
            int64_t lowest = mine->later_lo;
            for (int64_t b = cur; b < cur + RING && b < lowest; b++)
                if (mine->ring[b % RING].len > 0)
                    lowest = b;
            DYNG_FN(nf_min)(&s_next[round & 1], lowest);
            if (narrow_exit)
                __atomic_fetch_add(&s_wait[round & 1], waiting, __ATOMIC_RELAXED);
            if (failed || failed_late)
                __atomic_store_n(&s_failed, true, __ATOMIC_RELAXED);
            if (me == 0 && poll != NULL && dyng_i_interrupted(poll))
                __atomic_store_n(&s_interrupted, true, __ATOMIC_RELAXED);
            if (me == 0 && rp != NULL && __atomic_load_n(&rp->nt, __ATOMIC_RELAXED) > rp->limit)
                __atomic_store_n(&s_over, true, __ATOMIC_RELAXED);
#ifdef _OPENMP
#pragma omp barrier
#endif
            /* Everyone has read the frontier and offered a bucket. */
            const int64_t next = __atomic_load_n(&s_next[round & 1], __ATOMIC_RELAXED);
            __atomic_store_n(&s_next[(round + 1) & 1], INT64_MAX, __ATOMIC_RELAXED);
            if (narrow_exit) {
                const int64_t all = __atomic_load_n(&s_wait[round & 1], __ATOMIC_RELAXED);
                __atomic_store_n(&s_wait[(round + 1) & 1], 0, __ATOMIC_RELAXED);
                narrow_rounds = all < DYNG_I_NF_NARROW_WAITING ? narrow_rounds + 1 : 0;
            }
            if (next == INT64_MAX || __atomic_load_n(&s_failed, __ATOMIC_RELAXED) ||
                __atomic_load_n(&s_interrupted, __ATOMIC_RELAXED) ||
                __atomic_load_n(&s_over, __ATOMIC_RELAXED))
                break; /* the same for every thread: done, failed, interrupted, over */
            if (narrow_rounds >= DYNG_I_NF_NARROW_ROUNDS) {
                /* Narrow for long: a sequential queue takes the rest, from
                 * the lists as they stand (this round's frontier is relaxed;
                 * every vertex lowered since waits in a ring or later). */
                if (me == 0)
                    __atomic_store_n(&s_narrow, true, __ATOMIC_RELAXED);
                break;
            }
            if (mine->later_lo < next + RING) {
                /* The ring moves over the lowest waiting vertices: sort the
                 * list into it, dropping stale entries (their vertices sit in
                 * an earlier bucket, already relaxed). */
                int64_t kept = 0, lo = INT64_MAX;
                for (int64_t i = 0; i < mine->later.len; i++) {
                    const int64_t v = (int64_t)mine->later.v[i];
                    const int64_t b = (dist[v] >> shift) / delta;
                    if (b < next) {
                        waiting--;
                        continue;
                    }
                    if (b < next + RING) {
                        failed |= !DYNG_FN(nf_push)(&mine->ring[b % RING], v);
                    } else {
                        mine->later.v[kept++] = (DYNG_V)v;
                        lo = b < lo ? b : lo;
                    }
                }
                mine->later.len = kept;
                mine->later_lo = lo;
                failed_late |= failed;
            }
            /* 3. This thread's list of bucket next becomes its share of the
             * frontier; the old share's memory serves the bucket again. */
            DYNG_FN(nf_list) spare = mine->front;
            waiting -= mine->ring[next % RING].len;
            mine->front = mine->ring[next % RING];
            mine->ring[next % RING] = spare;
            mine->ring[next % RING].len = 0;
            cur = next;
#ifdef _OPENMP
#pragma omp barrier
#endif
        }
        if (rp != NULL) {
            __atomic_fetch_add(&rp->relaxed, relaxed, __ATOMIC_RELAXED);
            __atomic_fetch_add(&rp->lowered, lowered, __ATOMIC_RELAXED);
        }
    }
    return s_failed        ? NF_NO_MEMORY
           : s_interrupted ? NF_INTERRUPTED
           : s_over        ? NF_OVER_LIMIT
           : s_narrow      ? NF_NARROW
                           : NF_DONE;
}

/* Lists for `threads` threads (NULL when out of memory), and their release. */
static DYNG_FN(nf_local) * DYNG_FN(nf_alloc)(int threads) {
    DYNG_FN(nf_local) *local = dyng_i_calloc((size_t)threads, sizeof *local);
    if (local != NULL)
        for (int t = 0; t < threads; t++)
            local[t].later_lo = INT64_MAX;
    return local;
}

static void DYNG_FN(nf_free)(DYNG_FN(nf_local) * local, int threads) {
    for (int t = 0; t < threads; t++) {
        for (int b = 0; b < DYNG_I_NF_RING; b++)
            dyng_i_free(local[t].ring[b].v);
        dyng_i_free(local[t].later.v);
        dyng_i_free(local[t].front.v);
    }
    dyng_i_free(local);
}

/* Queue every entry of q that is still current (its key is its vertex's
 * distance) in local[0]'s later list, for near-far to take up again; false
 * when out of memory. */
static bool DYNG_FN(nf_requeue)(const dyng_i_radix *q, const int64_t *dist, int shift,
                                int64_t delta, DYNG_FN(nf_local) * l) {
    int64_t lo = INT64_MAX;
    for (int b = 0; b < DYNG_I_RADIX_BUCKETS; b++)
        for (int64_t i = 0; i < q->size[b]; i++) {
            const dyng_i_heap_entry e = q->bucket[b][i];
            if (e.key != dist[e.v] >> shift)
                continue; /* stale */
            if (!DYNG_FN(nf_push)(&l->later, e.v))
                return false;
            lo = e.key / delta < lo ? e.key / delta : lo;
        }
    l->later_lo = lo;
    return true;
}

/* Move every entry waiting in the threads' lists into q, keyed by its
 * vertex's distance (a vertex listed twice goes in twice; the second comes
 * out stale); false when out of memory. The fronts were relaxed already. */
static bool DYNG_FN(nf_drain)(DYNG_FN(nf_local) * local, int threads, const int64_t *dist,
                              int shift, dyng_i_radix *q) {
    bool ok = true;
    for (int t = 0; t < threads; t++) {
        DYNG_FN(nf_local) *l = &local[t];
        for (int b = 0; b <= DYNG_I_NF_RING; b++) {
            DYNG_FN(nf_list) *list = b < DYNG_I_NF_RING ? &l->ring[b] : &l->later;
            for (int64_t i = 0; i < list->len && ok; i++) {
                const int64_t v = (int64_t)list->v[i];
                ok = dyng_i_radix_push(q, dist[v] >> shift, v);
            }
            list->len = 0;
        }
        l->front.len = 0;
        l->later_lo = INT64_MAX;
    }
    return ok;
}

/*
 * The rest of a compute that near-far left as narrow (NF_NARROW): Dijkstra on
 * this thread, with a radix heap, from every entry waiting in the threads'
 * lists (it empties them), over the run's entries (keys packed with the
 * parent when shift > 0, as nf_run keeps them). Returns NF_DONE when the
 * queue runs dry; NF_WIDE when it holds DYNG_I_NF_WIDE_QUEUE entries, which
 * then wait in local[0]'s later list for near-far; NF_NO_MEMORY or
 * NF_INTERRUPTED (poll's flag, unless poll is NULL).
 */
static int DYNG_FN(nf_tail)(const dyng_graph *g, int obj, int64_t delta, int64_t *dist, int shift,
                            DYNG_FN(nf_local) * local, int threads, const dyng_resources *poll) {
    const int K = g->p.num_weights;
    const dyng_i_adj *out = &g->out;
    const ROW *rows = DYNG_FN(rows)(out);
    const DYNG_V *col = DYNG_FN(cols)(out);
    dyng_i_radix q;
    dyng_i_radix_init(&q);
    int how = DYNG_FN(nf_drain)(local, threads, dist, shift, &q) ? NF_DONE : NF_NO_MEMORY;
    int64_t pops = 0;
    while (how == NF_DONE && q.count > 0) {
        if (q.count >= DYNG_I_NF_WIDE_QUEUE) {
            how = DYNG_FN(nf_requeue)(&q, dist, shift, delta, &local[0]) ? NF_WIDE : NF_NO_MEMORY;
            break;
        }
        dyng_i_heap_entry top;
        if (!dyng_i_radix_pop(&q, &top)) {
            how = NF_NO_MEMORY;
            break;
        }
        const int64_t u = top.v, du = dist[u] >> shift;
        if (top.key > du)
            continue; /* stale: u came out already with a smaller key */
        if ((++pops & 4095) == 0 && poll != NULL && dyng_i_interrupted(poll)) {
            how = NF_INTERRUPTED;
            break;
        }
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = 0; i < len; i++) {
            if (i + DYNG_I_ROW_AHEAD < len)
                __builtin_prefetch(&dist[(int64_t)col[off + i + DYNG_I_ROW_AHEAD]], 1);
            const int64_t v = (int64_t)col[off + i];
            const int64_t nd = du + DYNG_FN(sssp_w)(out, off + i, K, obj);
            if (shift > 0) {
                /* The packed key takes the lower distance, and on a tie the
                 * lower parent; only a lower distance queues v again. */
                const int64_t nk = (nd << shift) | (u + 1), old = dist[v];
                if (nk >= old)
                    continue;
                dist[v] = nk;
                if (nd == old >> shift)
                    continue;
            } else {
                if (nd >= DYNG_INFINITE_DISTANCE || nd >= dist[v])
                    continue;
                dist[v] = nd;
            }
            if (!dyng_i_radix_push(&q, nd, v)) {
                how = NF_NO_MEMORY;
                break;
            }
        }
    }
    dyng_i_radix_free(&q);
    return how;
}

/* The shift that packs a compute's (distance, parent + 1) into one int64
 * key, distance << shift | (parent + 1), or 0 when they may not fit: the
 * parent part takes the bits of n, and no distance passes the largest
 * weight times n - 1 (a path has at most n - 1 edges). The keys stay below
 * 2^62, so INT64_MAX marks an unreached vertex. */
static int DYNG_FN(nf_pack_shift)(const dyng_graph *g) {
    const int64_t n = g->n;
    const int64_t max_w = g->p.num_weights > 0 ? (int64_t)g->max_weight : 1;
    int shift = 0;
    while (shift < 62 && ((int64_t)1 << shift) <= n)
        shift++;
    if (shift >= 62 || max_w < 1 || n - 1 > (((int64_t)1 << (62 - shift)) - 1) / max_w)
        return 0;
    return shift;
}

/* A near-far compute on `threads` threads; polls poll's interrupt flag unless
 * poll is NULL. Where the keys pack (nf_pack_shift), dist holds them during
 * the run and the parents come with the distances; otherwise a second pass
 * takes each vertex's lowest-id tight in-neighbour. Either closing pass
 * counts the vertices reached into *reached (unless NULL). */
static dyng_status DYNG_FN(nf_compute)(const dyng_graph *g, int obj, int64_t source, int64_t delta,
                                       int64_t *dist, int64_t *parent, int threads,
                                       const dyng_resources *poll, bool adaptive,
                                       int64_t *reached) {
    const int64_t n = g->n;
    const int K = g->p.num_weights;
    const dyng_i_adj *out = &g->out;
    const ROW *rows = DYNG_FN(rows)(out);
    const DYNG_V *col = DYNG_FN(cols)(out);
    DYNG_FN(nf_local) *local = DYNG_FN(nf_alloc)(threads);
    if (!local)
        return dyng_i_oom("the near-far buckets", (size_t)threads * sizeof *local);
    const int shift = DYNG_FN(nf_pack_shift)(g);
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static)
#endif
    for (int64_t v = 0; v < n; v++) {
        dist[v] = shift > 0 ? INT64_MAX : DYNG_INFINITE_DISTANCE;
        parent[v] = -1;
    }
    dist[source] = 0;
    int how = NF_NO_MEMORY;
    if (DYNG_FN(nf_push)(&local[0].front, source)) {
        how = DYNG_FN(nf_run)(g, obj, delta, dist, shift, local, threads, poll, NULL, adaptive);
        while (how == NF_NARROW) { /* one thread's queue, and back when it widens */
            dyng_i_sssp_handover(false);
            how = DYNG_FN(nf_tail)(g, obj, delta, dist, shift, local, threads, poll);
            if (how == NF_WIDE) {
                dyng_i_sssp_handover(true);
                how = DYNG_FN(nf_run)(g, obj, delta, dist, shift, local, threads, poll, NULL,
                                      adaptive);
            }
        }
    }
    DYNG_FN(nf_free)(local, threads);
    if (how == NF_NO_MEMORY)
        return dyng_i_oom("the near-far buckets", 0);
    if (how == NF_INTERRUPTED)
        return dyng_i_error(DYNG_INTERRUPTED, "sssp compute was interrupted");
    int64_t count = 0;
    if (shift > 0) {
        const int64_t mask = ((int64_t)1 << shift) - 1;
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : count)
#endif
        for (int64_t v = 0; v < n; v++) {
            const int64_t k = dist[v];
            dist[v] = k == INT64_MAX ? DYNG_INFINITE_DISTANCE : k >> shift;
            parent[v] = k == INT64_MAX ? -1 : (k & mask) - 1;
            count += k != INT64_MAX;
        }
    } else {
        const bool have_in = !g->p.directed || g->p.store_transposed;
        if (have_in) {
            /* The repair's pull: with final distances, the best an in-neighbour
             * offers is dist[v] itself, from the lowest-id tight one. */
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024) reduction(+ : count)
#endif
            for (int64_t v = 0; v < n; v++) {
                if (dist[v] >= DYNG_INFINITE_DISTANCE)
                    continue;
                count++;
                if (v == source)
                    continue;
                int64_t best_d;
                DYNG_FN(sssp_pull)(g, obj, dist, NULL, v, &best_d, &parent[v]);
            }
        } else {
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024) reduction(+ : count)
#endif
            for (int64_t u = 0; u < n; u++) {
                if (dist[u] >= DYNG_INFINITE_DISTANCE)
                    continue;
                count++;
                const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
                for (int64_t j = 0; j < len; j++) {
                    const int64_t v = (int64_t)col[off + j];
                    if (v == source || dist[u] + DYNG_FN(sssp_w)(out, off + j, K, obj) != dist[v])
                        continue;
                    int64_t old = __atomic_load_n(&parent[v], __ATOMIC_RELAXED);
                    while ((old < 0 || u < old) &&
                           !__atomic_compare_exchange_n(&parent[v], &old, u, true, __ATOMIC_RELAXED,
                                                        __ATOMIC_RELAXED)) {
                    }
                }
            }
        }
    }
    if (reached != NULL)
        *reached = count;
    return DYNG_OK;
}

static dyng_status DYNG_FN(sssp_near_far)(const dyng_graph *g, int obj, int64_t source,
                                          int64_t delta, int64_t *dist, int64_t *parent,
                                          dyng_resources *r, bool adaptive, int64_t *reached) {
    return DYNG_FN(nf_compute)(g, obj, source, delta, dist, parent, dyng_i_threads(r), r, adaptive,
                               reached);
}

/* ---- update: the repair after the batch was applied -------------------------- */

/* Record v's distance before its first change. Its parent is not kept
 * (DYNG_I_PARENT_CHANGED): reading it was a miss on every vertex the push
 * lowers (on the 1M grid, updates of 100 local changes took 2% to 5% less
 * without it, A/B in one process). */
static inline void DYNG_FN(sssp_touch)(dyng_sssp_result *res, int64_t *nt, int64_t v) {
    dyng_i_sssp_work *w = &res->work;
    if (w->mark[v] & MARK_TOUCHED)
        return;
    w->mark[v] |= MARK_TOUCHED;
    w->touched[*nt] = v;
    w->old_d[*nt] = res->dist[v];
    (*nt)++;
}

/* Clear the marks of the touched vertices and of the heads. Past about one
 * vertex in 32, the lines they fall on cover most of the marks, and writing
 * the n marks in order costs less than those scattered writes (a fallback
 * after 50,000 changes on the 1M grid: 0.18 ms scattered, 0.02 ms in order). */
static void DYNG_FN(sssp_unmark)(dyng_i_sssp_work *w, int64_t n, int64_t nt, int64_t nh) {
    if ((nt + nh) * 32 >= n) {
        memset(w->mark, 0, (size_t)n);
        return;
    }
    for (int64_t i = 0; i < nt; i++)
        w->mark[w->touched[i]] = 0;
    for (int64_t i = 0; i < nh; i++)
        w->mark[w->queue[i]] = 0;
}

/* Whether v's tree edge still exists and is tight: a look at the copies of
 * the parent in v's in-row (found by binary search in a sorted row, so that
 * a hub's long in-row costs a few lines). */
static bool DYNG_FN(sssp_supported)(const dyng_graph *g, int obj, const int64_t *dist,
                                    const int64_t *parent, int64_t v) {
    const dyng_i_adj *in = DYNG_FN(sssp_in)(g);
    const ROW *rv = &DYNG_FN(rows)(in)[v];
    const DYNG_V *col = DYNG_FN(cols)(in);
    const int K = g->p.num_weights;
    const int64_t p = parent[v], off = (int64_t)rv->off, end = off + DYNG_FN(len_of)(rv);
    const bool sorted = g->p.order == DYNG_ORDER_SORTED;
    for (int64_t i = sorted ? DYNG_FN(first_at_least)(col, off, end, p) : off;
         i < end && (!sorted || (int64_t)col[i] == p); i++)
        if ((int64_t)col[i] == p && dist[p] + DYNG_FN(sssp_w)(in, i, K, obj) == dist[v])
            return true;
    return false;
}

/* The best (distance, lowest parent) v can take from its in-neighbours now;
 * with `mark`, from those the repair has not invalidated only. */
static void DYNG_FN(sssp_pull)(const dyng_graph *g, int obj, const int64_t *dist,
                               const uint8_t *mark, int64_t v, int64_t *best_d, int64_t *best_p) {
    const dyng_i_adj *in = DYNG_FN(sssp_in)(g);
    const ROW *rv = &DYNG_FN(rows)(in)[v];
    const DYNG_V *col = DYNG_FN(cols)(in);
    const int K = g->p.num_weights;
    const int64_t off = (int64_t)rv->off, len = DYNG_FN(len_of)(rv);
    int64_t bd = DYNG_INFINITE_DISTANCE, bp = -1;
    for (int64_t i = 0; i < len; i++) {
        if (i + DYNG_I_ROW_AHEAD < len) {
            const int64_t z = (int64_t)col[off + i + DYNG_I_ROW_AHEAD];
            __builtin_prefetch(&dist[z], 0);
            if (mark != NULL)
                __builtin_prefetch(&mark[z], 0);
        }
        const int64_t u = (int64_t)col[off + i];
        if ((mark != NULL && (mark[u] & MARK_INVALID)) || dist[u] >= DYNG_INFINITE_DISTANCE)
            continue;
        const int64_t nd = dist[u] + DYNG_FN(sssp_w)(in, off + i, K, obj);
        if (nd < bd || (nd == bd && u < bp)) {
            bd = nd;
            bp = u;
        }
    }
    if (bd >= DYNG_INFINITE_DISTANCE)
        bp = -1;
    *best_d = bd;
    *best_p = bp;
}

/* Invalidate the subtrees below the invalidated vertices touched[*walked ..
 * *nt), walking the old parents (which stay as they were until the walk is
 * done): each child found is marked TOUCHED | INVALID and appended, so the
 * walk goes on from it. Stops once more than `limit` are invalid; *walked
 * then says where to go on. */
static void DYNG_FN(sssp_walk)(const dyng_graph *g, dyng_sssp_result *res, int64_t *walked,
                               int64_t *nt, double limit) {
    dyng_i_sssp_work *w = &res->work;
    const int64_t *parent = res->parent;
    const ROW *orows = DYNG_FN(rows)(&g->out);
    const DYNG_V *ocol = DYNG_FN(cols)(&g->out);
    int64_t i = *walked, n = *nt;
    for (; i < n && (double)n <= limit; i++) {
        /* The row record 8 ahead: the walk's misses overlap. (Loading the
         * first targets' entries of the row 4 ahead too gained nothing.) */
        if (i + 8 < n)
            __builtin_prefetch(&orows[w->touched[i + 8]], 0);
        const int64_t x = w->touched[i];
        const int64_t off = (int64_t)orows[x].off, len = DYNG_FN(len_of)(&orows[x]);
        for (int64_t j = 0; j < len; j++) {
            const int64_t y = (int64_t)ocol[off + j];
            if (parent[y] == x && !(w->mark[y] & MARK_INVALID)) {
                w->mark[y] |= MARK_TOUCHED | MARK_INVALID;
                w->touched[n++] = y;
            }
        }
    }
    *walked = i;
    *nt = n;
}

/* Mark the heads of the batch's edges (the vertices whose in-edges changed)
 * and list them in work.queue; returns how many. A head also gets TREE when
 * a change names its tree edge (parent, head): only those can lose their
 * support, since a tree edge changes only through a deletion or an upsert of
 * its own pair. Such a head is checked then, and when its tree edge is gone
 * or no longer tight it is invalidated (TOUCHED | INVALID, appended to
 * work.touched[*nt]) with its subtree (sssp_walk). The subtrees are walked
 * together, DYNG_I_WALK_HEADS heads at a time, so that a walk of thin
 * subtrees still has vertices enough ahead to load (on road networks a
 * subtree is often a path); and once more than *limit are invalid, the
 * marking stops (the repair falls back to recomputing, and a batch need not
 * be read to its end for that: on the 1M grid, reading a batch of 50,000
 * local changes whole and then walking took 7.3 ms before the fallback,
 * walking as it goes 1.6 ms), unless the part of the batch read so far lets
 * *limit widen to `wide` (dyng_i_sssp_widen), once. A head gets GAIN when it
 * heads an insertion whose tail is nearer the source: only those can
 * improve through the new edge, since a deletion never shortens a path nor
 * adds a tight parent, weights are at least 1, and a tail whose distance
 * the repair changes relaxes its out-edges itself. */
#ifndef DYNG_I_WALK_HEADS
#define DYNG_I_WALK_HEADS 64
#endif

static int64_t DYNG_FN(sssp_heads)(const dyng_graph *g, const dyng_batch *b, dyng_sssp_result *res,
                                   double *limit, double wide, int64_t *nt) {
    const bool both = !g->p.directed;
    dyng_i_sssp_work *w = &res->work;
    const int64_t *dist = res->dist, *parent = res->parent;
    const int obj = res->options.objective;
    int64_t nh = 0, walked = 0;
    const int64_t total = b->num_del + b->num_ins;
    for (int list = 0; list < 2; list++) {
        const int64_t count = list == 0 ? b->num_del : b->num_ins;
        const void *src = list == 0 ? b->del_src : b->ins_src;
        const void *dst = list == 0 ? b->del_dst : b->ins_dst;
        for (int64_t i = 0; i < count; i++) {
            if (i + 16 < count) { /* the entries of the change 16 ahead: misses overlap */
                const int64_t pu = dyng_i_read_id(src, b->vertex_type, i + 16);
                const int64_t pv = dyng_i_read_id(dst, b->vertex_type, i + 16);
                if (pu >= 0 && pu < g->n && pv >= 0 && pv < g->n) {
                    __builtin_prefetch(&w->mark[pv], 1);
                    __builtin_prefetch(&dist[pv], 0);
                    __builtin_prefetch(&parent[pv], 0);
                    __builtin_prefetch(&dist[pu], 0);
                    if (both) {
                        __builtin_prefetch(&w->mark[pu], 1);
                        __builtin_prefetch(&parent[pu], 0);
                    }
                }
            }
            for (int end = 0; end < (both ? 2 : 1); end++) {
                const int64_t v = dyng_i_read_id(end == 0 ? dst : src, b->vertex_type, i);
                const int64_t u = dyng_i_read_id(end == 0 ? src : dst, b->vertex_type, i);
                if (v < 0 || v >= g->n)
                    continue;
                if (!(w->mark[v] & MARK_HEAD)) {
                    w->mark[v] |= MARK_HEAD;
                    w->queue[nh++] = v;
                }
                const bool gain = list == 1 && u >= 0 && u < g->n && dist[u] < dist[v];
                const bool tree = parent[v] == u && !(w->mark[v] & MARK_TREE);
                w->mark[v] |= (uint8_t)((gain ? MARK_GAIN : 0) | (parent[v] == u ? MARK_TREE : 0));
                if (tree && v != res->source && u >= 0 && !(w->mark[v] & MARK_INVALID) &&
                    !DYNG_FN(sssp_supported)(g, obj, dist, parent, v)) {
                    w->mark[v] |= MARK_TOUCHED | MARK_INVALID;
                    w->touched[(*nt)++] = v;
                    if (*nt - walked >= DYNG_I_WALK_HEADS)
                        DYNG_FN(sssp_walk)(g, res, &walked, nt, *limit);
                    const int64_t read = (list == 0 ? 0 : b->num_del) + i + 1;
                    if ((double)*nt > *limit && !dyng_i_sssp_widen(limit, wide, *nt, read, total))
                        return nh;
                }
            }
        }
    }
    DYNG_FN(sssp_walk)(g, res, &walked, nt, *limit);
    if ((double)*nt > *limit && dyng_i_sssp_widen(limit, wide, *nt, total, total))
        DYNG_FN(sssp_walk)(g, res, &walked, nt, *limit);
    return nh;
}

/* The fewest vertices a repair's pull must set (the invalidated ones, and
 * the heads it lowered) before auto takes the parallel push (below, one
 * thread's queues cost less). Counted as set, not as queued: inside an
 * invalidated region a vertex waits for the push unqueued. */
#ifndef DYNG_I_NF_MIN_SEEDS
#define DYNG_I_NF_MIN_SEEDS 4096
#endif

/* Each of the first `count` touched vertices takes its lowest-id tight
 * in-neighbour as parent (-1 where unreached), as a compute's second pass
 * does; on `threads` threads when they are many. */
static void DYNG_FN(nf_parents)(const dyng_graph *g, dyng_sssp_result *res, int64_t count,
                                int threads) {
    const dyng_i_sssp_work *w = &res->work;
    const int64_t *dist = res->dist, source = res->source;
    int64_t *parent = res->parent;
    const int obj = res->options.objective;
    (void)threads;
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(dynamic, 256) if (count > 4096)
#endif
    for (int64_t i = 0; i < count; i++) {
        const int64_t v = w->touched[i];
        if (v == source)
            continue;
        int64_t best_d;
        if (dist[v] >= DYNG_INFINITE_DISTANCE)
            parent[v] = -1;
        else
            DYNG_FN(sssp_pull)(g, obj, dist, NULL, v, &best_d, &parent[v]);
    }
}

/* The repair's push on `threads` threads: near-far (nf_run) from every vertex
 * the pull pushed (touched so far, with a finite distance, invalidated or
 * lowered), recording each vertex's entry before its first change; then each
 * touched vertex takes its lowest-id tight in-neighbour as parent
 * (nf_parents). Returns NF_DONE, NF_NO_MEMORY, NF_OVER_LIMIT (more than
 * `limit` touched) or, when `adaptive` and the frontier stayed narrow,
 * NF_NARROW: the vertices still waiting are then in q, for one thread's push
 * to go on from (and the parents are not taken yet). *nt counts the touched
 * vertices in every case, so that the caller can undo them. Adds the
 * vertices relaxed to *pops and the distances lowered to *pushes. */
static int DYNG_FN(sssp_push_nf)(const dyng_graph *g, dyng_sssp_result *res, int64_t *nt,
                                 double limit, int64_t delta, int threads, bool adaptive,
                                 dyng_i_radix *q, int64_t *pops, int64_t *pushes) {
    dyng_i_sssp_work *w = &res->work;
    int64_t *dist = res->dist;
    const int obj = res->options.objective;
    DYNG_FN(nf_local) *local = DYNG_FN(nf_alloc)(threads);
    if (local == NULL)
        return NF_NO_MEMORY;
    bool ok = true;
    int64_t lo = INT64_MAX;
    for (int64_t i = 0; i < *nt && ok; i++) {
        /* The pull's pushes: invalidated vertices it reached and heads it
         * lowered; a head that took a lower-id parent at the same distance
         * changes nothing downstream. */
        const int64_t v = w->touched[i];
        if (dist[v] >= DYNG_INFINITE_DISTANCE ||
            (!(w->mark[v] & MARK_INVALID) && dist[v] == w->old_d[i]))
            continue;
        ok = DYNG_FN(nf_push)(&local[0].later, v);
        lo = dist[v] / delta < lo ? dist[v] / delta : lo;
    }
    local[0].later_lo = lo;
    DYNG_FN(nf_repair) rp = {res, *nt, (int64_t)limit, 0, 0};
    int how = ok ? DYNG_FN(nf_run)(g, obj, delta, dist, 0, local, threads, NULL, &rp, adaptive)
                 : NF_NO_MEMORY;
    if (how == NF_NARROW && !DYNG_FN(nf_drain)(local, threads, dist, 0, q))
        how = NF_NO_MEMORY;
    DYNG_FN(nf_free)(local, threads);
    *nt = rp.nt;
    *pops += rp.relaxed;
    *pushes += rp.lowered;
    if (how == NF_DONE)
        DYNG_FN(nf_parents)(g, res, rp.nt, threads);
    return how;
}

/* Rewrite touched[0 .. invalid) as the invalidated vertices in id order (the
 * INVALID marks, read 8 at a time). The walk lists them subtree by subtree,
 * scattered over the graph; in id order the pull that follows reads the rows
 * and entries of neighbouring ids together. Worth it once they are one
 * vertex in DYNG_I_INVALID_IN_ORDER or more: the scan reads n bytes in order
 * (0.1 ms on 2^20 vertices), and on the 1M grid and mdual the pull of
 * 40,000 to 440,000 invalidated vertices took 25% to 45% less. */
#ifndef DYNG_I_INVALID_IN_ORDER
#define DYNG_I_INVALID_IN_ORDER 64
#endif

static void DYNG_FN(sssp_invalid_in_order)(const uint8_t *mark, int64_t n, int64_t *touched) {
    const uint64_t any = 0x0101010101010101ull * MARK_INVALID;
    int64_t k = 0, v = 0;
    for (; v + 8 <= n; v += 8) {
        uint64_t word;
        memcpy(&word, mark + v, 8);
        if (!(word & any))
            continue;
        for (int64_t j = 0; j < 8; j++)
            if (mark[v + j] & MARK_INVALID)
                touched[k++] = v + j;
    }
    for (; v < n; v++)
        if (mark[v] & MARK_INVALID)
            touched[k++] = v;
}

/* The recomputation counts what changed as Dijkstra settles each vertex,
 * where the tree before reached at most one vertex in DYNG_I_COUNT_AT_POPS
 * (a source cut off from most of the graph); otherwise by a pass over every
 * vertex. A vertex it does not settle is unreached now, and changed if the
 * tree before reached it, so the settled ones and the count of reached
 * vertices before say it all. Each settled vertex reads its old entries at
 * random (loaded ahead when it is first reached), where the pass reads the
 * arrays in order: on luxembourg_osm cut off to 13,000 of 115,000 vertices
 * the repair that falls back took 0.75 to 0.78 ms against 0.89 to 0.90
 * (the compute 0.64), and with the whole of it reached about the same; on
 * the 1M grid, all reached, 63 ms against 54. */
#ifndef DYNG_I_COUNT_AT_POPS
#define DYNG_I_COUNT_AT_POPS 4
#endif

/* The fallback: recompute res's tree, keeping the tree before in
 * work.old_d/old_p to count what changed; with nf_delta > 0 and several
 * threads, near-far on the graph's threads. The result's arrays and those two
 * have the same capacity once an update has prepared (dyng_i_sssp_prepare),
 * so they swap: the tree before moves without a copy, and the compute writes
 * the arrays it gets, as a compute writes new ones (copying the tree took 3%
 * to 4% of a recomputation on the 1M grid, mdual and luxembourg_osm).
 * Cannot fail: no polling, every weight was checked (the graph's when the
 * result was computed, the batch's before the apply), and when near-far or
 * the radix queue cannot get memory, the indexed heap in the work arrays
 * (allocated for n vertices before the apply) does it again. */
static void DYNG_FN(sssp_recompute)(const dyng_graph *g, dyng_sssp_result *res, dyng_sssp_stats *st,
                                    int64_t nf_delta) {
    const int64_t t0 = dyng_i_stage_start();
    const int64_t n = g->n;
    dyng_i_sssp_work *w = &res->work;
    if (w->cap == res->cap) {
        int64_t *t = res->dist;
        res->dist = w->old_d;
        w->old_d = t;
        t = res->parent;
        res->parent = w->old_p;
        w->old_p = t;
    } else if (n > 0) { /* work.old_d/old_p hold cap >= n entries */
        memcpy(w->old_d, res->dist, (size_t)n * sizeof(int64_t));
        memcpy(w->old_p, res->parent, (size_t)n * sizeof(int64_t));
    }
    const int64_t *old_d = w->old_d, *old_p = w->old_p;
    int64_t *dist = res->dist, *parent = res->parent;
    const int obj = res->options.objective;
    const int threads = dyng_i_threads(g->res);
    const bool parallel = nf_delta > 0 && threads > 1;
    const int64_t reached_before = res->reached; /* -1 when unknown */
    dyng_i_dijkstra_run run = {0};
    if (!parallel && reached_before >= 0 && reached_before <= n / DYNG_I_COUNT_AT_POPS) {
        run.old_d = old_d;
        run.old_p = old_p;
    }
    bool done = false;
    if (parallel)
        done = DYNG_FN(nf_compute)(g, obj, res->source, nf_delta, dist, parent, threads, NULL,
                                   res->options.engine == DYNG_SSSP_AUTO, NULL) == DYNG_OK;
    if (!done && DYNG_FN(sssp_compute_with)(g, obj, res->source, dist, parent, w, NULL, false, true,
                                            &run) != DYNG_OK)
        (void)DYNG_FN(sssp_compute_with)(g, obj, res->source, dist, parent, w, NULL, false, false,
                                         &run);
    if (run.old_d != NULL) {
        res->reached = run.reached;
        st->affected = run.changed + (reached_before - run.was_reached);
    } else {
        /* A vertex whose distance is the same either way changed only if
         * it is reached and its parent moved (an unreached vertex has
         * parent -1 in both trees), so the parents are read only there: on
         * the 1M grid the pass took 2.0 to 2.25 ms instead of 2.5 to 2.7. */
        int64_t affected = 0, reached = 0;
        for (int64_t v = 0; v < n; v++) {
            const int64_t d = dist[v];
            if (d != old_d[v])
                affected++;
            else if (d < DYNG_INFINITE_DISTANCE)
                affected += parent[v] != old_p[v];
            reached += d < DYNG_INFINITE_DISTANCE;
        }
        res->reached = reached;
        st->affected = affected;
    }
    st->fallback_used = true;
    st->iterations = n;
    st->pushes = 0;
    res->changed = 0;
    res->changed_all = true;
    dyng_i_stage_end("sssp.recompute", t0);
}

/*
 * Whether reading the batch would cost more than recomputing the tree: more
 * changes than a quarter of the vertices plus 4 per vertex the tree reaches.
 * The repair looks at both ends of every change (about 20 ns each, a few
 * random loads), where a recomputation writes and compares every entry
 * (about 4 ns per vertex) and settles the reached ones (about 80 ns each):
 * a source that batches of deletions have cut off from most of the graph
 * (luxembourg_osm, 50,000 local changes, 13 vertices reached: 1 ms to read
 * the batch, 0.2 ms to recompute). Never when fallback_fraction is 1. The
 * reached count is taken once, the first time a batch is large enough to
 * ask, and kept from then on by the repairs and recomputations.
 */
static bool DYNG_FN(sssp_batch_outweighs)(const dyng_batch *b, dyng_sssp_result *res, int64_t n) {
    const int64_t changes = b->num_del + b->num_ins;
    if (res->options.fallback_fraction >= 1.0 || changes <= n / 4)
        return false;
    return changes > n / 4 + 4 * dyng_i_sssp_reached(res); /* res->n is n */
}

/*
 * Repair res for g, which b was just applied to (res still holds the tree of
 * the graph before, with room for g->n entries). The three steps of sssp.h;
 * when the invalidated part passes the fallback fraction, a recomputation
 * instead. Cannot fail: every array it uses was allocated beforehand, and the
 * interrupt flag is not polled (the graph has already changed).
 */
static void DYNG_FN(sssp_repair)(const dyng_graph *g, const dyng_batch *b, dyng_sssp_result *res,
                                 dyng_sssp_stats *st, int64_t wide, bool recompute,
                                 int64_t nf_delta, bool nf_always) {
    const int64_t n = g->n, n_old = res->n;
    const int obj = res->options.objective, K = g->p.num_weights;
    int64_t *dist = res->dist, *parent = res->parent;
    dyng_i_sssp_work *w = &res->work;
    const ROW *orows = DYNG_FN(rows)(&g->out);
    const DYNG_V *ocol = DYNG_FN(cols)(&g->out);
    for (int64_t v = n_old; v < n; v++) { /* new vertices start unreachable */
        dist[v] = DYNG_INFINITE_DISTANCE;
        parent[v] = -1;
    }
    res->n = n;
    if (recompute || DYNG_FN(sssp_batch_outweighs)(b, res, n)) {
        /* No in-edges to pull from, or a loose tree (sssp.c); or a batch
         * that costs more to read than the tree to recompute. */
        DYNG_FN(sssp_recompute)(g, res, st, nf_delta);
        return;
    }

    /* 1. Heads whose tree edge is gone or no longer tight are invalidated,
     * with their subtrees (sssp_heads and sssp_walk). touched[0 .. nt) is the
     * walk's queue; their old entries are saved by the pull, which
     * overwrites them, since the walk changes none (and a walk that ends in
     * the fallback then saves nothing). The walk stops once it passes the
     * fallback limit, or the wider one it may widen to: the recomputation
     * then follows, and a walk over most of the graph would cost as much.
     * Nothing else is touched before the walk. */
    double walk_limit = (double)st->fallback_limit; /* set by dyng_i_sssp_finish */
    int64_t t0 = dyng_i_stage_start();
    int64_t nt = 0;
    const int64_t nh = DYNG_FN(sssp_heads)(g, b, res, &walk_limit, (double)wide, &nt);
    const double limit = walk_limit; /* widened or not, the repair's from here on */
    const int64_t invalid = nt;
    st->invalidated = invalid;
    st->fallback_limit = (int64_t)limit;
    dyng_i_stage_end("sssp.invalidate", t0);

    if ((double)invalid > limit) {
        DYNG_FN(sssp_unmark)(w, n, nt, nh);
        DYNG_FN(sssp_recompute)(g, res, st, nf_delta);
        return;
    }
    /* 2. Pull: invalidated vertices, in id order when they are many, save
     * their entries and take their best valid in-neighbour (the loop loads
     * the in-row records of the vertices 8 ahead, as the walk does); heads
     * whose in-edges got cheaper or gained a lower tight parent improve.
     * Only the valid ones: an invalidated vertex inside the region keeps
     * infinity and is reached by the push (Dial's ring), not queued twice
     * (its pulled key in the radix heap, then a lower one in the ring); the
     * fixed point is the same, since every path into the region enters it
     * from a valid vertex or through one the push relaxes. */
    t0 = dyng_i_stage_start();
    if (invalid * DYNG_I_INVALID_IN_ORDER >= n)
        DYNG_FN(sssp_invalid_in_order)(w->mark, n, w->touched);
    /* The queue: the radix heap kept in the work arrays (a monotone queue
     * fits: every key pushed after a pop is larger than the key popped). A
     * push that finds no memory makes the repair fall back to recomputing,
     * which needs none. */
    dyng_i_radix *q = &w->radix;
    dyng_i_radix_clear(q);
    bool no_memory = false;
    int64_t pushes = 0, pops = 0;
    const dyng_i_adj *in = DYNG_FN(sssp_in)(g);
    const ROW *irows = DYNG_FN(rows)(in);
    for (int64_t i = 0; i < invalid; i++) {
        if (i + 8 < invalid)
            __builtin_prefetch(&irows[w->touched[i + 8]], 0);
        const int64_t v = w->touched[i];
        w->old_d[i] = dist[v];
        w->old_p[i] = parent[v];
        DYNG_FN(sssp_pull)(g, obj, dist, w->mark, v, &dist[v], &parent[v]);
        if (dist[v] < DYNG_INFINITE_DISTANCE) {
            no_memory |= !dyng_i_radix_push(q, dist[v], v);
            pushes++;
        }
    }
    /* Where the limit follows the stream, the pull and the push go on to
     * the end: giving up would add a recomputation to the part already
     * repaired, and what is left costs about what a recomputation would,
     * since the push settles each vertex once, in distance order, and the
     * invalidated vertices it settles again are within the limit (sssp.h,
     * "The fallback limit"). Then only the walk above stops at the limit.
     * Not the push on one thread where a recomputation would run near-far
     * on several (seq_limit): there the part left costs more than the
     * recomputation (on the 1M grid on two threads, a push of insertions
     * that moved 95% of it took 2.9x a recomputation). */
    const int threads = dyng_i_threads(g->res);
    const bool goes_on = dyng_i_sssp_limit_adapts(&res->options);
    const double push_limit = goes_on ? (double)n : limit; /* nt never passes n */
    double seq_limit = nf_delta > 0 && threads > 1 ? limit : push_limit;
    for (int64_t i = 0; i < nh && (double)nt <= push_limit; i++) {
        const int64_t v = w->queue[i];
        if ((w->mark[v] & (MARK_INVALID | MARK_GAIN)) != MARK_GAIN || v == res->source)
            continue;
        int64_t bd, bp;
        DYNG_FN(sssp_pull)(g, obj, dist, NULL, v, &bd, &bp);
        if (bd < dist[v] || (bd == dist[v] && bp >= 0 && bp < parent[v])) {
            DYNG_FN(sssp_touch)(res, &nt, v);
            const bool decreased = bd < dist[v];
            dist[v] = bd;
            parent[v] = bp;
            if (decreased) {
                no_memory |= !dyng_i_radix_push(q, dist[v], v);
                pushes++;
            }
        }
    }

    /* 3. Push decreases outward in distance order, to a fixed point. When the
     * vertices touched pass the push's limit (push_limit for near-far,
     * seq_limit for one thread's push), a recomputation is cheaper than
     * going on (the pull above stops at push_limit too): undo what was
     * touched (so the counts compare with the tree before: the entries of
     * the invalidated vertices, the distances of the others, whose parents
     * become DYNG_I_PARENT_CHANGED) and recompute. */
    dyng_i_stage_end("sssp.pull", t0);
    t0 = dyng_i_stage_start();
    bool pushed = false; /* by the parallel push */
    bool handed = false; /* by the parallel push, narrow, to the loop below */
    if (nf_delta > 0 && !no_memory && (double)nt <= push_limit &&
        (nf_always || (threads > 1 && nt >= DYNG_I_NF_MIN_SEEDS))) {
        /* Near-far from every vertex the pull set, on the graph's threads;
         * past push_limit nt > push_limit, and the loop below falls back. */
        dyng_i_radix_clear(q);
        const int how =
            DYNG_FN(sssp_push_nf)(g, res, &nt, push_limit, nf_delta, threads,
                                  res->options.engine == DYNG_SSSP_AUTO, q, &pops, &pushes);
        no_memory = how == NF_NO_MEMORY;
        pushed = how == NF_DONE;
        handed = how == NF_NARROW;
        if (handed) {
            dyng_i_sssp_handover(false);
            seq_limit = push_limit; /* the limit near-far ran under */
        }
    }
    /* The queue of the sequential push: the radix heap holds the pull's
     * vertices (their keys spread over the whole subtree), and with weights
     * up to DYNG_I_BUCKETS_MAX_WEIGHT the vertices the push lowers go to
     * Dial's ring (bucket_queue.h), as in a compute: each is pushed at the
     * key just popped plus one weight. The pop takes the lower of the next
     * pulled vertex and the ring's lowest entry; the ring's cur never passes
     * the next pulled key, so its keys stay within one ring of cur. Without
     * a ring everything goes through the radix heap. */
    const int64_t max_w = K > 0 ? (int64_t)g->max_weight : 1;
    dyng_i_buckets *ring = NULL;
    if (!pushed && max_w <= DYNG_I_BUCKETS_MAX_WEIGHT) {
        if (w->ring.ring != NULL && w->ring.mask < max_w)
            dyng_i_buckets_free(&w->ring); /* the weights outgrew it */
        if (w->ring.ring != NULL || dyng_i_buckets_init(&w->ring, max_w))
            ring = &w->ring;
    }
    dyng_i_heap_entry seed = {0, 0};
    bool has_seed = false;
    while (!pushed) {
        if ((double)nt > seq_limit || no_memory) {
            dyng_i_radix_clear(q);
            if (ring != NULL)
                dyng_i_buckets_clear(ring);
            for (int64_t i = 0; i < nt; i++) {
                const int64_t v = w->touched[i];
                dist[v] = w->old_d[i];
                parent[v] = i < invalid ? w->old_p[i] : DYNG_I_PARENT_CHANGED;
            }
            DYNG_FN(sssp_unmark)(w, n, nt, nh);
            dyng_i_stage_end("sssp.push", t0);
            DYNG_FN(sssp_recompute)(g, res, st, nf_delta);
            return;
        }
        if (!has_seed && q->count > 0) {
            if (!dyng_i_radix_pop(q, &seed)) {
                no_memory = true;
                continue;
            }
            has_seed = true;
        }
        const bool ring_has = ring != NULL && ring->count > 0;
        if (ring_has) /* to the ring's next entry, not past the seed's key */
            dyng_i_buckets_skip(ring, has_seed ? seed.key : INT64_MAX);
        int64_t x, key;
        if (has_seed && (!ring_has || seed.key <= ring->cur)) {
            x = seed.v;
            key = seed.key;
            has_seed = false;
            if (ring != NULL && !ring_has)
                ring->cur = key; /* an empty ring moves up to the pulled key */
        } else if (ring_has) {
            key = ring->cur;
            x = dyng_i_buckets_pop(ring, &key);
            DYNG_FN(sssp_ring_ahead)
            (dyng_i_buckets_current(ring), orows, ocol, g->out.w, K, obj, dist);
        } else {
            break; /* both empty: the fixed point */
        }
        if (key > dist[x])
            continue; /* stale: the vertex came out earlier with a smaller key */
        pops++;
        const int64_t off = (int64_t)orows[x].off, len = DYNG_FN(len_of)(&orows[x]);
        for (int64_t j = 0; j < len; j++) {
            const int64_t y = (int64_t)ocol[off + j];
            const int64_t nd = dist[x] + DYNG_FN(sssp_w)(&g->out, off + j, K, obj);
            if (nd >= DYNG_INFINITE_DISTANCE)
                continue;
            if (nd < dist[y]) {
                /* y's row record: by the time y is popped it is in cache
                 * (on the 1M grid, the push took 10% less). */
                __builtin_prefetch(&orows[y], 0);
                DYNG_FN(sssp_touch)(res, &nt, y);
                dist[y] = nd;
                parent[y] = x;
                no_memory |=
                    ring != NULL ? !dyng_i_buckets_push(ring, nd, y) : !dyng_i_radix_push(q, nd, y);
                pushes++;
            } else if (nd == dist[y] && x < parent[y]) {
                DYNG_FN(sssp_touch)(res, &nt, y);
                parent[y] = x;
            }
        }
    }

    if (handed) /* near-far kept no parents: every touched vertex takes its own */
        DYNG_FN(nf_parents)(g, res, nt, threads);

    /* What changed. An invalidated vertex (touched[0 .. invalid)) may have
     * found its old entry again, so it is compared. Every vertex touched
     * after them (a head the pull lowered, a vertex the push reached) was
     * touched to take a lower distance, or at its distance a lower parent,
     * and kept falling from there (distances only fall in the push, and a
     * tie only lowers a parent): it changed, and it is reached now, so only
     * its old distance is read (the push leaves those vertices' entries out
     * of cache: on the 1M grid, reading them back took 5% of a repair of
     * 100 local changes). */
    int64_t affected = nt - invalid, gained = 0;
    for (int64_t i = 0; i < invalid; i++) {
        const int64_t v = w->touched[i];
        affected += dist[v] != w->old_d[i] || parent[v] != w->old_p[i];
        gained += (dist[v] < DYNG_INFINITE_DISTANCE) - (w->old_d[i] < DYNG_INFINITE_DISTANCE);
    }
    for (int64_t i = invalid; i < nt; i++)
        gained += w->old_d[i] >= DYNG_INFINITE_DISTANCE;
    if (res->reached >= 0)
        res->reached += gained;
    DYNG_FN(sssp_unmark)(w, n, nt, nh);
    dyng_i_stage_end("sssp.push", t0);
    st->affected = affected;
    st->iterations = pops;
    st->pushes = pushes;
    st->fallback_used = false;
    res->changed = nt;
    res->changed_all = false;
}

/* ---- from arrays: check a tree ------------------------------------------------ */

static dyng_status DYNG_FN(sssp_check)(const dyng_graph *g, int obj, int64_t source,
                                       const int64_t *dist, const int64_t *parent, bool canonical,
                                       bool *lowest) {
    const int64_t n = g->n;
    const int K = g->p.num_weights;
    const dyng_i_adj *out = &g->out;
    const ROW *rows = DYNG_FN(rows)(out);
    const DYNG_V *col = DYNG_FN(cols)(out);
    if (dist[source] != 0 || parent[source] != -1)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the source %lld has distance %lld and parent %lld; expected 0 and -1",
                            (long long)source, (long long)dist[source], (long long)parent[source]);
    if (dyng_i_interrupted(g->res))
        return dyng_i_error(DYNG_INTERRUPTED, "sssp from_arrays was interrupted");
    for (int64_t v = 0; v < n; v++) {
        if (dyng_i_poll_rows(v, g->res))
            return dyng_i_error(DYNG_INTERRUPTED, "sssp from_arrays was interrupted");
        if (v == source)
            continue;
        const int64_t p = parent[v], d = dist[v];
        if (p == -1) {
            if (d != DYNG_INFINITE_DISTANCE)
                return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                    "vertex %lld has no parent but distance %lld; expected "
                                    "INFINITE_DISTANCE (2^61 - 1)",
                                    (long long)v, (long long)d);
            continue;
        }
        if (p < 0 || p >= n || d < 1 || d >= DYNG_INFINITE_DISTANCE)
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "vertex %lld has parent %lld and distance %lld; expected a parent "
                                "in 0..%lld and a distance in 1..2^61 - 2",
                                (long long)v, (long long)p, (long long)d, (long long)(n - 1));
        bool tight = false;
        const int64_t off = (int64_t)rows[p].off, len = DYNG_FN(len_of)(&rows[p]);
        for (int64_t i = 0; i < len && !tight; i++)
            tight = (int64_t)col[off + i] == v && dist[p] < DYNG_INFINITE_DISTANCE &&
                    dist[p] + DYNG_FN(sssp_w)(out, off + i, K, obj) == d;
        if (!tight)
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "vertex %lld: no edge (%lld, %lld) with dist[%lld] + w == %lld",
                                (long long)v, (long long)p, (long long)v, (long long)p,
                                (long long)d);
    }
    /* No edge improves a distance; with `canonical`, each parent is the
     * lowest-id tight in-neighbour; without, *lowest says whether it is. */
    *lowest = true;
    for (int64_t u = 0; u < n; u++) {
        if (dyng_i_poll_rows(u, g->res))
            return dyng_i_error(DYNG_INTERRUPTED, "sssp from_arrays was interrupted");
        if (dist[u] >= DYNG_INFINITE_DISTANCE)
            continue;
        const int64_t off = (int64_t)rows[u].off, len = DYNG_FN(len_of)(&rows[u]);
        for (int64_t i = 0; i < len; i++) {
            const int64_t v = (int64_t)col[off + i];
            const int64_t wt = DYNG_FN(sssp_w)(out, off + i, K, obj);
            if (wt < 1)
                return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                    "edge (%lld, %lld) has weight %lld; sssp needs weights >= 1",
                                    (long long)u, (long long)v, (long long)wt);
            const int64_t nd = dist[u] + wt;
            if (nd < dist[v])
                return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                    "edge (%lld, %lld) gives vertex %lld distance %lld, shorter "
                                    "than its %lld",
                                    (long long)u, (long long)v, (long long)v, (long long)nd,
                                    (long long)dist[v]);
            const bool lower_tight = nd == dist[v] && v != source && u < parent[v];
            if (lower_tight && canonical)
                return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                    "vertex %lld has parent %lld, but %lld is a tight in-neighbour "
                                    "of lower id (the tree is not canonical; pass "
                                    "validate_inputs=false to accept any tight parent)",
                                    (long long)v, (long long)parent[v], (long long)u);
            *lowest = *lowest && !lower_tight;
        }
    }
    return DYNG_OK;
}

const dyng_i_sssp_kernels DYNG_SSSP_KERNELS = {
    .compute = DYNG_FN(sssp_compute),
    .repair = DYNG_FN(sssp_repair),
    .check = DYNG_FN(sssp_check),
    .check_weights = DYNG_FN(sssp_check_weights),
    .near_far = DYNG_FN(sssp_near_far),
    .sample = DYNG_FN(sssp_sample),
};

#undef ROW
