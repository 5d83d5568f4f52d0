/*
 * src/graph/apply_rows.tmpl.h - the typed part of applying a batch: reading
 * the touched rows' records, laying them out, checking the error switches,
 * and rewriting the rows. Included by kernels.tmpl.h (once per type pair),
 * after ROW and the row helpers; apply.c says how the steps fit together.
 *
 * The commit rewrites every touched row where it will live: in place when
 * the row can hold its new length, else in slots reserved for it in a hole
 * or at the tail; when a repack is due, in its place in the fresh arrays,
 * as the repack's copy reaches it (repack_rows). Each row's memory is read
 * and written in one visit, so a batch costs about one cache miss per
 * record and per row array it touches.
 */

/* Rows ahead that the loops prefetch. */
#define DYNG_I_AHEAD 16

/* The group of target c among ng groups sorted by target, or ng. */
static inline int64_t DYNG_FN(group_of)(const dyng_i_outcome *groups, int64_t ng, int64_t c) {
    int64_t lo = 0, hi = ng;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (groups[mid].col < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ng && groups[lo].col == c ? lo : ng;
}

/* Count, for each group (sorted by col), the copies of its col in the row of
 * len targets at col. */
static void DYNG_FN(count_existing)(const DYNG_V *col, int64_t len, bool sorted,
                                    const dyng_i_outcome *groups, int64_t num_groups,
                                    int64_t *counts) {
    for (int64_t g = 0; g < num_groups; g++)
        counts[g] = 0;
    if (sorted) {
        for (int64_t g = 0; g < num_groups; g++) {
            const int64_t c = groups[g].col, lo = DYNG_FN(first_at_least)(col, 0, len, c);
            int64_t k = lo;
            while (k < len && (int64_t)col[k] == c)
                k++;
            counts[g] = k - lo;
        }
        return;
    }
    for (int64_t i = 0; i < len; i++) {
        const int64_t x = DYNG_FN(group_of)(groups, num_groups, (int64_t)col[i]);
        if (x < num_groups)
            counts[x]++;
    }
}

/* Headroom for a row that moves (to a hole or the tail): an eighth, at most
 * what a record holds; none under 8 entries. (A row that moves again leaves
 * a hole that another row takes, so little headroom wastes little; a spare
 * slot in a short row mostly waits, counted as waste, for a repack: with
 * one, bench_apply's streams repacked twice as often and ran 8% to 10%
 * slower.) */
static int64_t DYNG_FN(grown_cap)(int64_t len) {
    int64_t extra = len / 8;
    return len + (extra < DYNG_I_MAX_EXTRA ? extra : DYNG_I_MAX_EXTRA);
}

/* Headroom after a repack: len >> shift (a sixteenth, or less where the
 * waste allowed is small: repack_shift), at most what a record holds. */
static int64_t DYNG_FN(packed_cap)(int64_t len, int shift) {
    int64_t extra = len >> shift;
    return len + (extra < DYNG_I_MAX_EXTRA ? extra : DYNG_I_MAX_EXTRA);
}

/*
 * Step 2 of apply.c: read each touched row's record (where it is, its length
 * and capacity) and bound its length after the batch by its length plus its
 * insertions. Changes nothing.
 */
static void DYNG_FN(plan_rows_team)(void *ctx) {
    dyng_i_rows_job *job = ctx;
    dyng_i_dirplan *dp = job->dp;
    const dyng_i_rules *ru = job->ru;
    const ROW *rows = DYNG_FN(rows)(dp->adj);
    const int64_t nr = dp->num_rows, n_old = ru->n_old;
    int64_t max_len = 0;
    /* The loop loads records 2 * DYNG_I_AHEAD rows ahead; the first ones
     * here (a batch of 10 changes on R-MAT, 2^20 vertices: 6.8 against 8.9
     * us an apply, with the commit's; 100 changes, 40.5 against 44). */
    for (int64_t i = 0; i < 2 * DYNG_I_AHEAD && i < nr; i++)
        if (dp->rows[i].row < n_old)
            __builtin_prefetch(&rows[dp->rows[i].row]);
#ifdef _OPENMP
#pragma omp for schedule(static) nowait
#endif
    for (int64_t i = 0; i < nr; i++) {
#if defined(__GNUC__)
        if (i + 2 * DYNG_I_AHEAD < nr && dp->rows[i + 2 * DYNG_I_AHEAD].row < n_old)
            __builtin_prefetch(&rows[dp->rows[i + 2 * DYNG_I_AHEAD].row]);
#endif
        dyng_i_rowplan *rp = &dp->rows[i];
        if (rp->row < n_old) {
            const ROW *rv = &rows[rp->row];
            rp->old_off = (int64_t)rv->off;
            rp->old_len = DYNG_FN(len_of)(rv);
            rp->old_cap = DYNG_FN(cap_of)(rv);
        } else {
            rp->old_off = 0;
            rp->old_len = 0;
            rp->old_cap = 0;
        }
        int64_t ins = 0;
        for (int64_t k = rp->op_begin; k < rp->op_end; k++)
            ins += dp->ops[k].index >= 0;
        rp->bound = rp->row < ru->n_new ? rp->old_len + ins : 0;
        rp->dest = -1;
        rp->dest_cap = 0;
        if (rp->old_len > max_len)
            max_len = rp->old_len;
    }
#ifdef _OPENMP
#pragma omp critical(dyng_apply_plan)
#endif
    if (max_len > job->max_len)
        job->max_len = max_len;
}

static void DYNG_FN(plan_rows)(dyng_i_dirplan *dp, const dyng_i_rules *ru, dyng_resources *r) {
#if defined(__GNUC__)
    /* The holes that plan_tail may give come from the ends of the lists:
     * load them now, beside the records (a cold small batch otherwise waits
     * for each list in turn). */
    for (int s = 0; s < DYNG_I_HOLE_SIZES; s++)
        if (dp->adj->num_holes[s] > 0)
            __builtin_prefetch(&dp->adj->holes[s][dp->adj->num_holes[s] - 1]);
#endif
    dyng_i_rows_job job = {.dp = dp, .ru = ru};
    dyng_i_team(dp->num_rows > 20000 ? dyng_i_threads(r) : 1, DYNG_FN(plan_rows_team), &job);
    dp->max_len = job.max_len;
}

/* Add to count[s - 1] the holes of s slots that a region of `cap` dead
 * slots makes. */
static void DYNG_FN(count_holes)(int64_t *count, int64_t cap) {
    count[DYNG_I_HOLE_SIZES - 1] += cap / DYNG_I_HOLE_SIZES;
    if (cap % DYNG_I_HOLE_SIZES > 0)
        count[cap % DYNG_I_HOLE_SIZES - 1]++;
}

/* The size of the smallest hole of at least `need` slots among the sizes
 * whose bits `avail` has set (bit s - 1: a hole of s slots that the plan
 * has not taken yet), or 0. */
static inline int64_t DYNG_FN(hole_for)(uint32_t avail, int64_t need) {
    if (need > DYNG_I_HOLE_SIZES)
        return 0;
    const uint32_t fits = need <= 1 ? avail : avail >> (need - 1) << (need - 1);
    return fits == 0 ? 0 : (int64_t)__builtin_ctz(fits) + 1;
}

/*
 * Give the rows whose bound passes their capacity slots: the smallest hole
 * that holds the bound (with `holes`), else slots at the tail, from slot
 * `used` on; returns the slots used after. Numbers the rows that get slots
 * (their `mover`), counts the holes they take and the most they can leave,
 * and adds up the entries the rows may gain and the dead slots after.
 */
static int64_t DYNG_FN(plan_tail)(dyng_i_dirplan *dp, int64_t n_new, int64_t used, bool holes) {
    const dyng_i_adj *adj = dp->adj;
    int64_t tail = 0;
    memset(dp->taken, 0, sizeof dp->taken);
    memset(dp->new_holes, 0, sizeof dp->new_holes);
    dp->taken_slots = 0;
    dp->num_movers = 0;
    dp->added = 0;
    dp->dead_after = dp->adj->dead;
    uint32_t avail = 0; /* the sizes with holes left to take */
    for (int s = 0; holes && s < DYNG_I_HOLE_SIZES; s++)
        avail |= (uint32_t)(adj->num_holes[s] > 0) << s;
    for (int64_t i = 0; i < dp->num_rows; i++) {
        dyng_i_rowplan *rp = &dp->rows[i];
        dp->added += rp->bound - rp->old_len;
        rp->dest = -1;
        rp->dest_cap = 0;
        rp->mover = -1;
        if (rp->row < n_new && rp->bound > rp->old_cap) {
            rp->mover = dp->num_movers++;
            dp->dead_after += rp->old_cap;
            const int64_t s = avail != 0 ? DYNG_FN(hole_for)(avail, rp->bound) : 0;
            if (s > 0) { /* the holes of a size go from the end of its list */
                rp->dest = adj->holes[s - 1][adj->num_holes[s - 1] - 1 - dp->taken[s - 1]];
                rp->dest_cap = s;
                if (++dp->taken[s - 1] == adj->num_holes[s - 1])
                    avail &= ~((uint32_t)1 << (s - 1));
                dp->taken_slots += s;
                dp->dead_after -= s;
            } else {
                rp->dest = used + tail;
                rp->dest_cap = DYNG_FN(grown_cap)(rp->bound);
                tail += rp->dest_cap;
            }
            /* It leaves one of its two regions. */
            DYNG_FN(count_holes)(dp->new_holes, rp->old_cap);
            DYNG_FN(count_holes)(dp->new_holes, rp->dest_cap);
        }
    }
    return used + tail;
}

/* The bytes of a slot: its target and its K weights. */
static inline int64_t DYNG_FN(slot_bytes)(int K) {
    return (int64_t)sizeof(DYNG_V) + K * (int64_t)sizeof(int32_t);
}

/*
 * The bytes a direction of n vertices with `live` entries may hold past what
 * it needs before it is repacked. What it needs: its records and its live
 * entries. The allowance: a tenth of that, but no more than keeps the
 * direction within 1.27x of a plain CSR of its entries (row pointers of the
 * offset type, targets and weights), and no less than a thirty-second of
 * the need. With int32 offsets and several entries a vertex the tenth
 * decides when the edges carry weights; without weights the records weigh
 * more against the entries, and the 1.27x bound decides (ADR 0002 item 4).
 * So a graph stays within the 1.3x of a plain CSR pair that DESIGN asks, the
 * room to grow included, wherever its records alone leave room for that.
 */
static int64_t DYNG_FN(allowance)(int64_t n, int64_t live, int K) {
    const int64_t slot = DYNG_FN(slot_bytes)(K);
    const int64_t needed = live * slot + n * (int64_t)sizeof(ROW);
    const int64_t plain = live * slot + (n + 1) * (int64_t)sizeof(DYNG_O);
    int64_t allowed = needed / 10;
    if (allowed > plain + plain * 27 / 100 - needed)
        allowed = plain + plain * 27 / 100 - needed;
    return allowed > needed / 32 ? allowed : needed / 32;
}

/*
 * Whether a direction is due for a repack: the bytes it would hold past what
 * it needs would pass its allowance, or its tail would pass what the offsets
 * address. Held past the need: the slots in use that hold no live entry
 * (dead slots, holes, and the headroom in rows, most of it left by
 * deletions) and the entries of the hole lists, all of which a repack gives
 * back. (Not the room an array grew by for the rows to come, which a repack
 * would give back only for the next batch to grow it again.) Since every
 * slot of waste is made by a change or a move that costs as much, and the
 * waste that starts a repack is at least a fixed share of what a repack
 * copies, repacks cost amortised O(1) per change.
 */
static bool DYNG_FN(repack_due)(const dyng_i_dirplan *dp, int64_t n, int K, int64_t used_after) {
    const dyng_i_adj *adj = dp->adj;
    const int64_t slot = DYNG_FN(slot_bytes)(K);
    const int64_t live = adj->live + dp->added;
    int64_t spare = (used_after - live) * slot;
    for (int s = 0; s < DYNG_I_HOLE_SIZES; s++)
        spare += (adj->num_holes[s] - dp->taken[s] + dp->new_holes[s]) * (int64_t)sizeof(int64_t);
    return (spare >= 64 * slot && spare > DYNG_FN(allowance)(n, live, K)) ||
           used_after > DYNG_O_LIMIT;
}

/* The headroom of a repack, as packed_cap's shift: a sixteenth of each row,
 * or less, so that all of it stays within half the allowance and the next
 * repack is not due again at once. */
static int DYNG_FN(repack_shift)(const dyng_i_dirplan *dp, int64_t n, int K) {
    const int64_t slot = DYNG_FN(slot_bytes)(K);
    const int64_t live = dp->adj->live + dp->added;
    const int64_t half = DYNG_FN(allowance)(n, live, K) / 2;
    int shift = 4;
    while (shift < 8 && (live >> shift) * slot > half)
        shift++;
    return shift;
}

/* The vertices of piece c of a repack's layout: [lo, hi). */
static void DYNG_FN(repack_piece)(int64_t n, int64_t c, int64_t *lo, int64_t *hi) {
    *lo = n * c / DYNG_I_REPACK_PIECES;
    *hi = n * (c + 1) / DYNG_I_REPACK_PIECES;
}

/* The capacity a row of `len` entries gets in a repack's layout: its
 * length plus headroom (packed_cap); a touched row, room for its bound too,
 * so that the commit rewrites it where the repack puts it. */
static inline int64_t DYNG_FN(repack_cap)(int64_t len, int64_t bound, int shift) {
    return DYNG_FN(packed_cap)(bound > len ? bound : len, shift);
}

/*
 * Plan a repack (ADR 0002 item 4), which the commit carries out by copying
 * every row, in vertex order, into fresh arrays that hold the packed layout
 * (repack_rows), and then freeing the old ones. Here: where each piece of
 * the layout begins (for the commit's threads) and where it ends
 * (dp->packed_end); returns the slots in use after the batch. The layout is
 * a sum over the records, which the loop over a piece's vertices adds up
 * without looking at the touched rows; each touched row then adds the room
 * its bound needs past its length's (the commit gives it that room: its
 * place is known only then). Writes only the plan; alloc_repack then makes
 * the fresh arrays.
 */
static int64_t DYNG_FN(plan_repack)(dyng_i_dirplan *dp, const dyng_i_rules *ru) {
    const ROW *rows = DYNG_FN(rows)(dp->adj);
    const int shift = dp->packed_shift;
    const int64_t nr = dp->num_rows;
    int64_t at = 0, j = 0;
    for (int64_t c = 0; c < DYNG_I_REPACK_PIECES; c++) {
        int64_t lo, hi;
        DYNG_FN(repack_piece)(ru->n_new, c, &lo, &hi);
        dp->piece_at[c] = at;
        dp->piece_row[c] = j;
        const int64_t end = hi < ru->n_old ? hi : ru->n_old;
        for (int64_t v = lo; v < end; v++)
            at += DYNG_FN(packed_cap)(DYNG_FN(len_of)(&rows[v]), shift);
        for (; j < nr && dp->rows[j].row < hi; j++) {
            dyng_i_rowplan *rp = &dp->rows[j]; /* old_len: 0 for a new vertex */
            at += DYNG_FN(repack_cap)(rp->old_len, rp->bound, shift) -
                  DYNG_FN(packed_cap)(rp->old_len, shift);
            rp->dest = -1; /* it stays where the repack puts it */
            rp->dest_cap = 0;
            rp->mover = -1;
        }
    }
    dp->piece_at[DYNG_I_REPACK_PIECES] = at;
    dp->piece_row[DYNG_I_REPACK_PIECES] = j;
    dp->packed_end = at;
    /* Each touched row has room for its bound, so none moves or takes slots
     * past the layout; the rows past it delete only, and plan_tail gave
     * them none either. */
    memset(dp->taken, 0, sizeof dp->taken);
    memset(dp->new_holes, 0, sizeof dp->new_holes);
    dp->taken_slots = 0;
    dp->num_movers = 0;
    dp->dead_after = dp->adj->dead;
    return at;
}

/* The fresh arrays of a planned repack, dp->used_after slots long. On
 * failure apply.c frees what was made. */
static dyng_status DYNG_FN(alloc_repack)(dyng_i_dirplan *dp, int K) {
    if (dp->used_after > DYNG_O_LIMIT)
        return dyng_i_error(DYNG_CAPACITY,
                            "the graph would hold %lld slots, more than its %s offsets can "
                            "address; build it with int64 offsets",
                            (long long)dp->used_after, DYNG_O_NAME);
    dp->fresh_slots = dp->used_after > 0 ? dp->used_after : 1;
    dp->fresh_col = dyng_i_array_alloc((size_t)dp->fresh_slots, sizeof(DYNG_V));
    if (dp->fresh_col == NULL)
        return dyng_i_oom("graph targets", (size_t)dp->fresh_slots * sizeof(DYNG_V));
    if (K > 0) {
        const size_t count = (size_t)dp->fresh_slots * (size_t)K;
        dp->fresh_w = dyng_i_array_alloc(count, sizeof(int32_t));
        if (dp->fresh_w == NULL)
            return dyng_i_oom("graph weights", count * sizeof(int32_t));
    }
    return DYNG_OK;
}

/* Make room in the hole lists for every hole the commit may add: each mover
 * leaves either its old slots or its reserved ones. With a repack, the lists
 * start empty. Grows the lists, keeping their contents. */
static dyng_status DYNG_FN(reserve_holes)(dyng_i_dirplan *dp) {
    dyng_i_adj *adj = dp->adj;
    int64_t need[DYNG_I_HOLE_SIZES];
    for (int s = 0; s < DYNG_I_HOLE_SIZES; s++)
        need[s] = (dp->compact ? 0 : adj->num_holes[s] - dp->taken[s]) + dp->new_holes[s];
    for (int s = 0; s < DYNG_I_HOLE_SIZES; s++) {
        if (need[s] <= adj->hole_alloc[s])
            continue;
        const int64_t grown = adj->hole_alloc[s] + adj->hole_alloc[s] / 2 + 16;
        const int64_t want = need[s] > grown ? need[s] : grown;
        int64_t *p = dyng_i_realloc(adj->holes[s], (size_t)want, sizeof(int64_t));
        if (p == NULL)
            return dyng_i_oom("a graph's list of holes", (size_t)want * sizeof(int64_t));
        adj->holes[s] = p;
        adj->hole_alloc[s] = want;
    }
    return DYNG_OK;
}

static int64_t DYNG_FN(row_outcomes)(dyng_i_dirplan *dp, const dyng_i_rowplan *rp,
                                     const dyng_i_rules *ru, dyng_i_counters *c, int64_t *ng_out,
                                     int64_t *news_out, int64_t *fail_seq, int *fail_why);

/* The exact lengths of the rows that would move (a team's work): each row's
 * rules write only its own op slots, so rows go to threads independently.
 * A row of several changes keeps its outcomes there for the commit (its
 * first two count slots, which the rules need no more, say how many: see
 * dyng_i_dirplan.early), and its counters go to the job's; a row of one
 * change, which the commit runs without outcomes (commit_single), counts in
 * scratch, and the commit counts it again. (A copy in the row plan instead
 * would make every pass over the plans read 20% more.) */
static void DYNG_FN(exact_lengths_team)(void *ctx) {
    dyng_i_rows_job *job = ctx;
    dyng_i_dirplan *dp = job->dp;
    const dyng_i_rules *ru = job->ru;
    const int64_t nr = dp->num_rows;
    dyng_i_counters kept = {0}, scratch = {0};
    int64_t fail_seq = INT64_MAX, ng, news, added = 0, movers = 0, changed = 0;
    int fail_why = DYNG_I_FAIL_NONE;
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 256) nowait
#endif
    for (int64_t i = 0; i < nr; i++) {
        dyng_i_rowplan *rp = &dp->rows[i];
        int64_t *slot = dp->counts + rp->op_begin;
        if (rp->row >= ru->n_new || rp->bound <= rp->old_cap) {
            slot[0] = 0;
            added += rp->bound - rp->old_len;
            continue;
        }
        const bool keep = rp->op_end - rp->op_begin > 1;
        const int64_t bound = rp->bound;
        rp->bound = DYNG_FN(row_outcomes)(dp, rp, ru, keep ? &kept : &scratch, &ng, &news,
                                          &fail_seq, &fail_why);
        slot[0] = keep ? ng : 0;
        if (keep)
            slot[1] = news;
        added += rp->bound - rp->old_len;
        movers += rp->bound > rp->old_cap;
        changed += rp->bound != bound;
    }
#ifdef _OPENMP
#pragma omp critical(dyng_apply_exact)
#endif
    {
        dyng_i_add_counters(&job->c, &kept);
        job->added += added;
        job->movers += movers;
        job->changed += changed;
    }
}

/*
 * Step 4, first half: decide where every touched row goes. A row whose bound
 * exceeds its capacity gets a hole or slots at the tail (it may still fit,
 * if its insertions turn out to update). When a repack is then due
 * (repack_due), the direction is repacked into fresh arrays instead
 * (plan_repack), every touched row with room for its bound. Sets
 * dp->used_after, the slots in use after the batch. Writes only the plan and
 * cannot fail, so the directions can be placed at once, one per thread (r
 * NULL: one thread for this direction).
 */
static void DYNG_FN(plan_places)(dyng_i_dirplan *dp, const dyng_i_rules *ru, int K,
                                 dyng_resources *r) {
    const dyng_i_adj *adj = dp->adj;
    const int64_t n_new = ru->n_new;
    dyng_i_rows_job job = {.dp = dp, .ru = ru};
    const int threads = dp->num_rows > 20000 ? dyng_i_threads(r) : 1;
    if (2 * dp->num_rows > n_new) {
        /* A batch that touches most rows: the exact lengths first (as
         * below), and when a quarter of all rows would still move, the
         * direction is laid out afresh at once. A repack copies every row
         * anyway, and the places of the rows that would move (plan_tail,
         * twice, over every row plan) would be thrown away. (A batch of
         * 50,000 random changes on luxembourg_osm, 114,599 vertices: 9.0 to
         * 9.8 ms against 10.7 to 11.0; 1M changes on 2^20 vertices and 4M
         * edges with in-edges, one thread: 348 against 392 ms.) */
        dyng_i_team(threads, DYNG_FN(exact_lengths_team), &job);
        dp->early = true;
        dp->early_c = job.c;
        if (4 * job.movers > n_new) {
            dp->added = job.added;
            dp->compact = true;
            dp->packed_shift = DYNG_FN(repack_shift)(dp, n_new, K);
            dp->used_after = DYNG_FN(plan_repack)(dp, ru);
            return;
        }
    }
    int64_t used_after = DYNG_FN(plan_tail)(dp, n_new, adj->slots_used, true);
    dp->compact = DYNG_FN(repack_due)(dp, n_new, K, used_after);
    if (!dp->early && (dp->compact || dp->dead_after > adj->live)) {
        /* The bounds take every insertion as new. Before paying for a
         * repack, which moves every row anyway, or leaving more dead slots
         * than live entries, take the exact lengths of the rows that would
         * move: a batch that upserts existing edges then fits where it is
         * (and a stream of such batches allocates nothing). Runs the rules
         * on those rows, and keeps what the commit can use
         * (exact_lengths_team); writes only the plan's scratch. */
        dyng_i_team(threads, DYNG_FN(exact_lengths_team), &job);
        dp->early = true;
        dp->early_c = job.c;
        if (job.changed > 0) { /* else the places stand as they are */
            used_after = DYNG_FN(plan_tail)(dp, n_new, adj->slots_used, true);
            dp->compact = DYNG_FN(repack_due)(dp, n_new, K, used_after);
        }
    }
    if (dp->compact)
        dp->packed_shift = DYNG_FN(repack_shift)(dp, n_new, K);
    dp->used_after = dp->compact ? DYNG_FN(plan_repack)(dp, ru) : used_after;
}

/*
 * Step 4, second half: every allocation the commit needs, for the places
 * plan_places chose. May grow the direction's arrays and hole lists (keeping
 * their contents) and allocate a repack's fresh arrays; writes nothing else
 * of the graph. On failure apply.c frees what was made.
 */
static dyng_status DYNG_FN(plan_layout)(dyng_i_dirplan *dp, const dyng_i_rules *ru, int K) {
    dyng_i_adj *adj = dp->adj;
    const int64_t n_new = ru->n_new, used_after = dp->used_after;
    int64_t used = adj->slots_used, room = used_after;
    if (dp->compact) {
        /* The rows go to fresh arrays: the old ones do not grow. */
        DYNG_I_TRY(DYNG_FN(alloc_repack)(dp, K));
        used = dp->packed_end;
        room = 0;
    }
    dp->tail = used_after - used;
    DYNG_I_TRY(DYNG_FN(reserve_holes)(dp));
    /* Grow in place (contents kept). */
    if (n_new > adj->vert_alloc) {
        int64_t want = n_new > adj->vert_alloc + adj->vert_alloc / 2
                           ? n_new
                           : adj->vert_alloc + adj->vert_alloc / 2;
        void *p = dyng_i_array_grow(adj->rows, (size_t)adj->vert_alloc, (size_t)want, sizeof(ROW));
        if (p == NULL)
            return dyng_i_oom("graph row records", (size_t)want * sizeof(ROW));
        adj->rows = p;
        adj->vert_alloc = want;
    }
    if (room > adj->slot_alloc) {
        /* The weights grow with the targets, by the larger step of the two:
         * an array that growing copies (not yet mapped) grows by an eighth. */
        int64_t grown = (int64_t)dyng_i_array_grown_count(adj->col, (size_t)adj->slot_alloc);
        if (K > 0) {
            const int64_t gw =
                (int64_t)(dyng_i_array_grown_count(adj->w, (size_t)adj->slot_alloc * (size_t)K) /
                          (size_t)K);
            grown = gw > grown ? gw : grown;
        }
        const int64_t want = room > grown || dp->compact ? room : grown;
        void *c =
            dyng_i_array_grow(adj->col, (size_t)adj->slot_alloc, (size_t)want, sizeof(DYNG_V));
        if (c == NULL)
            return dyng_i_oom("graph targets", (size_t)want * sizeof(DYNG_V));
        adj->col = c;
        if (K > 0) {
            void *w = dyng_i_array_grow(adj->w, (size_t)adj->slot_alloc * (size_t)K,
                                        (size_t)want * (size_t)K, sizeof(int32_t));
            if (w == NULL)
                return dyng_i_oom("graph weights", (size_t)want * (size_t)K * sizeof(int32_t));
            adj->w = w;
        }
        adj->slot_alloc = want;
    }
    return DYNG_OK;
}

/*
 * What the batch does to one row: sort its ops by (col, seq), count the
 * copies of each target they name, and run each (row, col) pair through
 * the rules. Leaves the row's outcomes (by target) and new copies (in the
 * order they are appended) in the row's own op slots; returns the new length.
 * A failing pair sets *fail_why and *fail_seq (the smallest such seq).
 */
static int64_t DYNG_FN(row_outcomes)(dyng_i_dirplan *dp, const dyng_i_rowplan *rp,
                                     const dyng_i_rules *ru, dyng_i_counters *c, int64_t *ng_out,
                                     int64_t *news_out, int64_t *fail_seq, int *fail_why) {
    const int64_t b0 = rp->op_begin, nops = rp->op_end - rp->op_begin;
    dyng_i_op *ops = dp->ops + b0;
    dyng_i_sort_row_ops(ops, nops, dp->pairs + b0, dp->ptmp + b0, ru);
    dyng_i_outcome *groups = dp->outcomes + b0;
    int64_t ng = 0;
    for (int64_t i = 0; i < nops; i++)
        if (i == 0 || ops[i].col != ops[i - 1].col)
            groups[ng++].col = ops[i].col;
    int64_t *existing = dp->counts + b0;
    if (rp->row < ru->n_old)
        DYNG_FN(count_existing)
    (DYNG_FN(cols)(dp->adj) + rp->old_off, rp->old_len, ru->sorted, groups, ng, existing);
    else memset(existing, 0, (size_t)ng * sizeof *existing);
    int64_t len = rp->old_len, gi = 0, news = 0;
    for (int64_t i = 0; i < nops; gi++) {
        int64_t j = i;
        while (j < nops && ops[j].col == ops[i].col)
            j++;
        const bool count = dp->counted && (!ru->undirected || ops[i].row <= ops[i].col);
        int64_t fs = INT64_MAX;
        int why = dyng_i_run_pair(ru, ops + i, j - i, existing[gi], &groups[gi], c, count, &fs);
        if (why != DYNG_I_FAIL_NONE && fs < *fail_seq) {
            *fail_seq = fs;
            *fail_why = why;
        }
        len += -groups[gi].removed + (groups[gi].new_ins >= 0 ? 1 : 0);
        if (groups[gi].new_ins >= 0) {
            dp->news[b0 + news].key = groups[gi].new_seq;
            dp->news[b0 + news].pos = b0 + gi;
            news++;
        }
        i = j;
    }
    if (!ru->sorted && news > 1)
        dyng_i_sort_pairs(dp->news + b0, news, dp->ptmp + b0);
    *ng_out = ng;
    *news_out = news;
    return len;
}

/*
 * Step 3, only under an error switch of the semantics: run the rules on
 * every row of the counted direction without changing anything, so that a
 * failing batch is refused before the commit.
 */
static void DYNG_FN(check_rows_team)(void *ctx) {
    dyng_i_rows_job *job = ctx;
    dyng_i_dirplan *dp = job->dp;
    const dyng_i_adj *adj = dp->adj;
    const int64_t nr = dp->num_rows;
    dyng_i_counters unused = {0};
    int64_t my_seq = INT64_MAX;
    int my_why = DYNG_I_FAIL_NONE;
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 256) nowait
#endif
    for (int64_t i = 0; i < nr; i++) {
        if ((i & 1023) == 0 && dyng_i_interrupted(job->r))
            atomic_store_explicit(&job->stop, 1, memory_order_relaxed);
        if (atomic_load_explicit(&job->stop, memory_order_relaxed))
            continue;
#if defined(__GNUC__)
        if (i + DYNG_I_AHEAD < nr) {
            const int64_t off = dp->rows[i + DYNG_I_AHEAD].old_off;
            __builtin_prefetch(DYNG_FN(cols)(adj) + off);
        }
#endif
        int64_t ng, news;
        (void)DYNG_FN(row_outcomes)(dp, &dp->rows[i], job->ru, &unused, &ng, &news, &my_seq,
                                    &my_why);
    }
#ifdef _OPENMP
#pragma omp critical(dyng_apply_check)
#endif
    if (my_seq < job->fail_seq) {
        job->fail_seq = my_seq;
        job->fail_why = my_why;
    }
}

static void DYNG_FN(check_rows)(dyng_i_dirplan *dp, const dyng_i_rules *ru, dyng_resources *r,
                                bool *interrupted) {
    dyng_i_rows_job job = {.dp = dp, .ru = ru, .r = r, .fail_seq = INT64_MAX};
    job.fail_why = DYNG_I_FAIL_NONE;
    atomic_init(&job.stop, 0);
    dyng_i_team(dp->num_ops > 20000 ? dyng_i_threads(r) : 1, DYNG_FN(check_rows_team), &job);
    *interrupted = atomic_load(&job.stop) != 0;
    dp->fail_seq = job.fail_seq;
    dp->fail_why = job.fail_why;
}

/* Copy n entries from scol / sw to dcol / dw: separate arrays, or (in_place)
 * the same row's, with dcol at or before scol. */
static inline void DYNG_FN(copy_span)(DYNG_V *dcol, int32_t *dw, const DYNG_V *scol,
                                      const int32_t *sw, int64_t n, int K, bool in_place) {
    if (!in_place)
        DYNG_FN(copy_entries)(dcol, dw, scol, sw, n, K);
    else if (dcol != scol && n > 0)
        DYNG_FN(move_entries)(dcol, dw, 0, scol - dcol, n, K);
}

/*
 * Write one row's new contents from scol / sw (its slen entries before) to
 * dcol / dw: the existing entries minus the removed copies (the first kept
 * copy of a group may take new weights), and the new copies: at the end in
 * processing order (append rows), or right after the equal targets (sorted
 * rows). dcol / dw do not overlap scol / sw, or (in_place) are the same
 * slots, when no entry is written before it is read: always for append rows
 * (the new copies come after every entry was read), and for sorted rows when
 * no prefix of the groups gains copies (in_place_safe).
 *
 * Sorted rows take one forward pass that copies the unchanged spans between
 * the targets the batch names whole, so a long row touched by a few changes
 * costs a memcpy (in place: a memmove of what follows the first change).
 * Append rows look each entry's target up among the groups.
 */
static void DYNG_FN(write_row)(dyng_i_outcome *g, int64_t ng, const dyng_i_pair *news,
                               int64_t num_news, const dyng_i_outcome *all, const DYNG_V *scol,
                               const int32_t *sw, int64_t slen, DYNG_V *dcol, int32_t *dw, int K,
                               bool sorted, const int32_t *ins_w, bool in_place) {
    int64_t i = 0, j = 0;
    if (sorted) {
        for (int64_t x = 0; x < ng; x++) {
            const int64_t c = g[x].col, lo = DYNG_FN(first_at_least)(scol, i, slen, c);
            DYNG_FN(copy_span)
            (dcol + j, K > 0 ? dw + j * K : NULL, scol + i, K > 0 ? sw + i * K : NULL, lo - i, K,
             in_place);
            j += lo - i;
            i = lo;
            for (int64_t k = 0; i < slen && (int64_t)scol[i] == c; k++, i++) {
                if (k < g[x].removed)
                    continue;
                dcol[j] = scol[i];
                if (k == g[x].removed && g[x].override_ins >= 0) {
                    DYNG_FN(put_w)(dw, j, ins_w, g[x].override_ins, K);
                } else {
                    DYNG_FN(copy_w)(dw, j, sw, i, K);
                }
                j++;
            }
            if (g[x].new_ins >= 0) {
                dcol[j] = (DYNG_V)c;
                DYNG_FN(put_w)(dw, j, ins_w, g[x].new_ins, K);
                j++;
            }
        }
        DYNG_FN(copy_span)
        (dcol + j, K > 0 ? dw + j * K : NULL, scol + i, K > 0 ? sw + i * K : NULL, slen - i, K,
         in_place);
        return;
    }

    /* Append order: copies of a target are scattered; count them as met. */
    for (int64_t x = 0; x < ng; x++)
        g[x].seen = 0;
    for (; i < slen; i++) {
        /* Nothing is written for a removed copy: the row's new slots may
         * end before its old length (a repack gives exact lengths). */
        const int64_t lo = DYNG_FN(group_of)(g, ng, (int64_t)scol[i]);
        if (lo < ng) {
            const int64_t k = g[lo].seen++;
            if (k < g[lo].removed)
                continue;
            if (k == g[lo].removed && g[lo].override_ins >= 0) {
                dcol[j] = scol[i];
                DYNG_FN(put_w)(dw, j, ins_w, g[lo].override_ins, K);
                j++;
                continue;
            }
        }
        dcol[j] = scol[i];
        DYNG_FN(copy_w)(dw, j, sw, i, K);
        j++;
    } /* end of the filtering pass */
    for (int64_t x = 0; x < num_news; x++) {
        const dyng_i_outcome *o = &all[news[x].pos];
        dcol[j] = (DYNG_V)o->col;
        DYNG_FN(put_w)(dw, j, ins_w, o->new_ins, K);
        j++;
    }
}

/* Whether a sorted row can be rewritten in its own slots without a copy: no
 * prefix of its groups (in target order) adds more copies than it removes,
 * so the write position never passes the read position. Rows whose changes
 * are mostly deletions pass: on R-MAT, the hubs' rows, where deletions drawn
 * from the edges land and random insertions seldom do. */
static bool DYNG_FN(in_place_safe)(const dyng_i_outcome *g, int64_t ng) {
    int64_t gained = 0;
    for (int64_t x = 0; x < ng; x++) {
        gained += (g[x].new_ins >= 0) - g[x].removed;
        if (gained > 0)
            return false;
    }
    return true;
}

/* The rules of a row that the batch changes once, run on the row of
 * rp->old_len targets at col: the outcome, and where the first copy of the
 * target is or a new copy goes (*pos). */
static inline dyng_i_outcome DYNG_FN(single_outcome)(const dyng_i_dirplan *dp,
                                                     const dyng_i_rowplan *rp,
                                                     const dyng_i_rules *ru, dyng_i_counters *c,
                                                     const DYNG_V *col, int64_t *pos) {
    const dyng_i_op *op = &dp->ops[rp->op_begin];
    const int64_t len = rp->old_len, x = op->col;
    /* at: the first copy of x, or where a new copy goes; existing: copies. */
    int64_t at = len, existing = 0;
    if (ru->sorted) {
        at = DYNG_FN(first_at_least)(col, 0, len, x);
        for (int64_t k = at; k < len && (int64_t)col[k] == x; k++)
            existing++;
    } else {
        for (int64_t k = len - 1; k >= 0; k--)
            if ((int64_t)col[k] == x) {
                at = k;
                existing++;
            }
        if (existing == 0)
            at = len; /* new copies go at the end */
    }
    dyng_i_outcome o;
    int64_t fail_seq = INT64_MAX;
    const bool count = dp->counted && (!ru->undirected || op->row <= op->col);
    (void)dyng_i_run_pair(ru, op, 1, existing, &o, c, count, &fail_seq);
    *pos = at;
    return o;
}

/*
 * The commit of a row that the batch changes once (most rows of a batch of
 * random changes): the rules run on the one op, and the row is changed in
 * place (or copied once to `dcol` / `dw` when it moves), without the
 * outcome arrays. Returns the new length.
 */
static int64_t DYNG_FN(commit_single)(const dyng_i_dirplan *dp, const dyng_i_rowplan *rp,
                                      const dyng_i_rules *ru, dyng_i_counters *c,
                                      DYNG_V *restrict col, int32_t *restrict w,
                                      DYNG_V *restrict dcol, int32_t *restrict dw, int K) {
    const int64_t len = rp->old_len, x = dp->ops[rp->op_begin].col;
    int64_t pos;
    const dyng_i_outcome o = DYNG_FN(single_outcome)(dp, rp, ru, c, col, &pos);
    if (o.removed > 0) { /* one copy goes: close the gap */
        DYNG_FN(move_entries)(col, w, pos, pos + 1, len - pos - 1, K);
        return len - 1;
    }
    if (o.override_ins >= 0) {
        DYNG_FN(put_w)(w, pos, ru->ins_w, o.override_ins, K);
        return len;
    }
    if (o.new_ins < 0)
        return len;     /* ignored */
    if (dcol == NULL) { /* fits: open a gap at pos */
        DYNG_FN(move_entries)(col, w, pos + 1, pos, len - pos, K);
        col[pos] = (DYNG_V)x;
        DYNG_FN(put_w)(w, pos, ru->ins_w, o.new_ins, K);
        return len + 1;
    }
    DYNG_FN(copy_entries)(dcol, dw, col, w, pos, K);
    dcol[pos] = (DYNG_V)x;
    DYNG_FN(put_w)(dw, pos, ru->ins_w, o.new_ins, K);
    DYNG_FN(copy_entries)
    (dcol + pos + 1, K > 0 ? dw + (pos + 1) * K : NULL, col + pos, K > 0 ? w + pos * K : NULL,
     len - pos, K);
    return len + 1;
}

/*
 * The commit of a touched row in a repack (repack_rows): its new contents,
 * from its rp->old_len entries at scol / sw, written to its place in the
 * fresh arrays, dcol / dw. Returns the new length.
 */
static int64_t DYNG_FN(commit_to)(dyng_i_dirplan *dp, const dyng_i_rowplan *rp,
                                  const dyng_i_rules *ru, dyng_i_counters *c,
                                  const DYNG_V *restrict scol, const int32_t *restrict sw,
                                  DYNG_V *restrict dcol, int32_t *restrict dw, int K) {
    const int64_t len = rp->old_len;
    if (rp->op_end - rp->op_begin == 1) {
        int64_t pos;
        const dyng_i_outcome o = DYNG_FN(single_outcome)(dp, rp, ru, c, scol, &pos);
        /* The entries before pos, then the change, then those after. */
        DYNG_FN(copy_entries)(dcol, dw, scol, sw, pos, K);
        int64_t j = pos, i = pos;
        if (o.removed > 0) {
            i++;
        } else if (o.override_ins >= 0) {
            dcol[j] = scol[i];
            DYNG_FN(put_w)(dw, j, ru->ins_w, o.override_ins, K);
            i++;
            j++;
        } else if (o.new_ins >= 0) {
            dcol[j] = (DYNG_V)dp->ops[rp->op_begin].col;
            DYNG_FN(put_w)(dw, j, ru->ins_w, o.new_ins, K);
            j++;
        }
        DYNG_FN(copy_entries)
        (dcol + j, K > 0 ? dw + j * K : NULL, scol + i, K > 0 ? sw + i * K : NULL, len - i, K);
        return j + len - i;
    }
    const int64_t *slot = dp->counts + rp->op_begin;
    int64_t ng = dp->early ? slot[0] : 0, news = ng > 0 ? slot[1] : 0, n = rp->bound;
    if (ng == 0) { /* else the layout ran them (exact_lengths) */
        int64_t fail_seq = INT64_MAX;
        int fail_why = DYNG_I_FAIL_NONE;
        n = DYNG_FN(row_outcomes)(dp, rp, ru, c, &ng, &news, &fail_seq, &fail_why);
    }
    DYNG_FN(write_row)
    (dp->outcomes + rp->op_begin, ng, dp->news + rp->op_begin, news, dp->outcomes, scol, sw, len,
     dcol, dw, K, ru->sorted, ru->ins_w, false);
    return n;
}

/*
 * Load ahead the lines of a sorted row that a search for any target in it
 * reads first (the commit's look-ahead): every line of a row of up to 16
 * lines, else the lines at each sixteenth of the row, where the first four
 * steps of a binary search (first_at_least) probe. Those probes otherwise
 * wait for each other, one cache miss each, in every long row a batch
 * changes, which a graph of skewed degrees has many of. Measured on R-MAT
 * (2^20 vertices, 4M edges, in-edges stored), the library with and without,
 * bench_apply: one thread, 10K changes 5.0 against 6.7 ms, 50K 19.3 against
 * 22.2; a C driver, streams of 1K and 10K mixed changes, 0.38-0.40 against
 * 0.49-0.51 ms and 3.0-3.4 against 4.0-4.2 ms. Rows at eighths, 32nds or
 * 64ths did as well as sixteenths; the weights' lines too gained nothing.
 * Rows of one line (every row of the uniform graph, mean length 4) load
 * nothing more.
 */
DYNG_I_PREFETCHER DYNG_FN(load_search)(const DYNG_V *row, int64_t len) {
    const int64_t line = 64 / (int64_t)sizeof(DYNG_V);
    if (len <= line)
        return;
    const int64_t step = len / 16 > line ? len / 16 : line;
    for (int64_t k = step; k < len; k += step)
        __builtin_prefetch(row + k, 1);
}

/* Load what the commit of a row will touch: its first lines of targets and
 * weights (of a long sorted row, the lines a search probes first:
 * load_search), its record, and the slots reserved for it. */
DYNG_I_PREFETCHER DYNG_FN(commit_ahead)(const dyng_i_dirplan *dp, const dyng_i_rowplan *ahead,
                                        const dyng_i_rules *ru, const DYNG_V *col, const ROW *rows,
                                        int K) {
    const dyng_i_adj *adj = dp->adj;
    __builtin_prefetch(col + ahead->old_off, 1);
    if (ru->sorted)
        DYNG_FN(load_search)(col + ahead->old_off, ahead->old_len);
    if (K > 0)
        __builtin_prefetch(adj->w + ahead->old_off * K, 1);
    if (ahead->row < ru->n_new)
        __builtin_prefetch(&rows[ahead->row], 1);
    if (ahead->dest >= 0) { /* a hole is anywhere */
        __builtin_prefetch(col + ahead->dest, 1);
        if (K > 0)
            __builtin_prefetch(adj->w + ahead->dest * K, 1);
    }
}

/* What the rows of a repack add up: the summary counters of the touched
 * rows, and the change in live entries and dead slots. */
typedef struct DYNG_FN(repack_sums) {
    dyng_i_counters c;
    int64_t live, dead;
} DYNG_FN(repack_sums);

/*
 * Piece c of a repack: write each row of its vertices, in vertex order, from
 * where its record says it is to its place in the fresh arrays, and write
 * its record. An untouched row is copied; a touched one is committed there
 * (commit_to: the batch's rules run on it as it is read), so that the
 * commit visits no row again. The fresh arrays are written in order and
 * only the rows are read at random (prefetched). A short untouched row is
 * copied as a whole block of 8 slots (a few vector moves, where a copy of
 * its exact length costs a branch that the lengths of a sparse graph
 * mispredict), when the block stays within the piece's slots and the old
 * arrays: what it writes past the row is written again by the next rows of
 * the piece.
 */
static void DYNG_FN(repack_rows)(dyng_i_dirplan *dp, const dyng_i_rules *ru, int64_t c, int K,
                                 DYNG_FN(repack_sums) * sums) {
    dyng_i_adj *adj = dp->adj;
    ROW *rows = DYNG_FN(rows)(adj);
    const DYNG_V *col = DYNG_FN(cols)(adj);
    const int32_t *w = adj->w;
    DYNG_V *fcol = dp->fresh_col;
    int32_t *fw = dp->fresh_w;
    const int shift = dp->packed_shift;
    const int64_t nr = dp->num_rows, n_old = ru->n_old;
    int64_t lo, hi;
    DYNG_FN(repack_piece)(ru->n_new, c, &lo, &hi);
    const int64_t end = hi < n_old ? hi : n_old;
    /* Where a block of 8 may start: in the fresh arrays (the piece's end)
     * and in the old ones. */
    const int64_t fresh_end = dp->piece_at[c + 1] - 8, old_end = adj->slot_alloc - 8;
    const bool blocks = K <= 2;
    int64_t at = dp->piece_at[c], j = dp->piece_row[c], live = 0, dead = 0;
    int64_t next = j < nr ? dp->rows[j].row : INT64_MAX; /* the next touched row */
    for (int64_t v = lo; v < hi; v++) {
#if defined(__GNUC__)
        /* Within the piece: other threads write the records past it. */
        if (v + 2 * DYNG_I_AHEAD < end)
            __builtin_prefetch(&rows[v + 2 * DYNG_I_AHEAD], 0);
        if (v + DYNG_I_AHEAD < end) {
            const int64_t ahead = (int64_t)rows[v + DYNG_I_AHEAD].off;
            __builtin_prefetch(col + ahead, 0);
            if (K > 0)
                __builtin_prefetch(w + ahead * K, 0);
        }
#endif
        ROW *rv = &rows[v];
        const bool old = v < n_old;
        const int64_t from = old ? (int64_t)rv->off : 0, len = old ? DYNG_FN(len_of)(rv) : 0;
        if (v == next) {
            const dyng_i_rowplan *rp = &dp->rows[j];
            const int64_t cap = DYNG_FN(repack_cap)(len, rp->bound, shift);
            const int64_t n =
                DYNG_FN(commit_to)(dp, rp, ru, &sums->c, col + from, K > 0 ? w + from * K : NULL,
                                   fcol + at, K > 0 ? fw + at * K : NULL, K);
            dead += DYNG_FN(set_row)(rv, at, n, cap);
            live += n - len;
            at += cap;
            next = ++j < nr ? dp->rows[j].row : INT64_MAX;
            continue;
        }
        const int64_t cap = DYNG_FN(packed_cap)(len, shift);
        if (blocks && len <= 8 && at <= fresh_end && from <= old_end) {
            memcpy(fcol + at, col + from, 8 * sizeof(DYNG_V));
            if (K == 1)
                memcpy(fw + at, w + from, 8 * sizeof(int32_t));
            else if (K == 2)
                memcpy(fw + 2 * at, w + 2 * from, 16 * sizeof(int32_t));
        } else if (len > 0) {
            DYNG_FN(copy_entries)
            (fcol + at, K > 0 ? fw + at * K : NULL, col + from, K > 0 ? w + from * K : NULL, len,
             K);
        }
        (void)DYNG_FN(set_row)(rv, at, len, cap);
        at += cap;
    }
    sums->live += live;
    sums->dead += dead;
}

/* A repack, piece by piece (a team's work), and the rules of the rows past
 * the vertices (deletions that name no vertex: counted only). */
static void DYNG_FN(repack_copy)(void *ctx) {
    dyng_i_rows_job *job = ctx;
    dyng_i_dirplan *dp = job->dp;
    DYNG_FN(repack_sums) sums = {{0}, 0, 0};
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 1) nowait
#endif
    for (int64_t c = 0; c < DYNG_I_REPACK_PIECES; c++)
        DYNG_FN(repack_rows)(dp, job->ru, c, job->K, &sums);
#ifdef _OPENMP
#pragma omp single nowait
#endif
    for (int64_t i = dp->piece_row[DYNG_I_REPACK_PIECES]; i < dp->num_rows; i++) {
        int64_t ng, news, fail_seq = INT64_MAX;
        int fail_why = DYNG_I_FAIL_NONE;
        (void)DYNG_FN(row_outcomes)(dp, &dp->rows[i], job->ru, &sums.c, &ng, &news, &fail_seq,
                                    &fail_why);
    }
#ifdef _OPENMP
#pragma omp critical(dyng_apply_repack)
#endif
    {
        dyng_i_add_counters(&job->c, &sums.c);
        job->live += sums.live;
        job->dead += sums.dead;
    }
}

/*
 * The repack that plan_repack planned, with the commit of the touched rows:
 * every row is written, in vertex order and on the graph's threads, to its
 * place in the fresh arrays, and its record is written; the old arrays are
 * freed. The dead slots go and rows are in vertex order again (on a graph
 * whose vertex order is spatial, such as a road grid, that is what keeps its
 * shortest paths fast). The job gets the summary counters and the change in
 * live entries and dead slots.
 */
static void DYNG_FN(repack)(dyng_i_dirplan *dp, dyng_i_rows_job *job, dyng_resources *r) {
    dyng_i_adj *adj = dp->adj;
    const bool team = job->ru->n_new > 100000 || dp->num_ops > 20000;
    dyng_i_team(team ? dyng_i_threads(r) : 1, DYNG_FN(repack_copy), job);
    dyng_i_array_free(adj->col);
    dyng_i_array_free(adj->w);
    adj->col = dp->fresh_col;
    adj->w = dp->fresh_w;
    dp->fresh_col = NULL;
    dp->fresh_w = NULL;
    adj->slot_alloc = dp->fresh_slots;
    adj->slots_used = dp->packed_end;
    adj->dead = 0;
    dp->compact = false;
}

/* The slots a row that got slots (dest >= 0) leaves, once its new length
 * `len` is known: its old ones when it moved, else the ones it got. */
static inline dyng_i_region DYNG_FN(left_by)(const dyng_i_rowplan *rp, int64_t len) {
    return len > rp->old_cap ? (dyng_i_region){rp->old_off, rp->old_cap}
                             : (dyng_i_region){rp->dest, rp->dest_cap};
}

/*
 * Step 5: carry out the plan. Each touched row is rewritten where it will
 * live: in place when its new length fits its capacity (directly where no
 * entry would be written before it is read, else through a copy of the part
 * from its first change on), else in its reserved slots; then its record is
 * written. Adds up the summary counters and the live and dead slots. Cannot
 * fail: plan_layout made every allocation, and check_rows refused a failing
 * batch.
 */
static void DYNG_FN(commit_team)(void *ctx) {
    dyng_i_rows_job *job = ctx;
    dyng_i_dirplan *dp = job->dp;
    const dyng_i_rules *ru = job->ru;
    const int K = job->K;
    dyng_i_adj *adj = dp->adj;
    const int64_t nr = dp->num_rows, n_new = ru->n_new;
    ROW *rows = DYNG_FN(rows)(adj);
    DYNG_V *col = DYNG_FN(cols)(adj);
    int tid = 0;
#ifdef _OPENMP
    tid = omp_get_thread_num();
#endif
    char *mine = dp->row_copies + (size_t)tid * dp->row_copy_bytes;
    DYNG_V *ccol = (DYNG_V *)mine;
    int32_t *cw = (int32_t *)(mine + (((size_t)dp->max_len * sizeof(DYNG_V) + 7) & ~(size_t)7));
    dyng_i_counters c = {0};
    int64_t live = 0, dead = 0, fail_seq = INT64_MAX;
    int fail_why = DYNG_I_FAIL_NONE;
    /* The loop loads DYNG_I_AHEAD rows ahead; the first ones here. */
    for (int64_t i = 0; i < DYNG_I_AHEAD && i < nr; i++)
        DYNG_FN(commit_ahead)(dp, &dp->rows[i], ru, col, rows, K);
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 256)
#endif
    for (int64_t i = 0; i < nr; i++) {
        if (i + DYNG_I_AHEAD < nr) /* the plan knows where rows are */
            DYNG_FN(commit_ahead)(dp, &dp->rows[i + DYNG_I_AHEAD], ru, col, rows, K);
        const dyng_i_rowplan *rp = &dp->rows[i];
        if (rp->row >= n_new) { /* deletions naming no vertex: rules only */
            int64_t ng, news;
            (void)DYNG_FN(row_outcomes)(dp, rp, ru, &c, &ng, &news, &fail_seq, &fail_why);
            continue;
        }
        DYNG_V *scol = col + rp->old_off;
        int32_t *sw = K > 0 ? adj->w + rp->old_off * K : NULL;
        if (rp->op_end - rp->op_begin == 1) {
            /* One change: in place, or moved when it must grow. */
            const bool moves = rp->dest >= 0;
            const int64_t len =
                DYNG_FN(commit_single)(dp, rp, ru, &c, scol, sw, moves ? col + rp->dest : NULL,
                                       moves && K > 0 ? adj->w + rp->dest * K : NULL, K);
            if (moves && len > rp->old_cap) {
                dead += rp->old_cap + DYNG_FN(set_row)(&rows[rp->row], rp->dest, len, rp->dest_cap);
            } else {
                dead += (moves ? rp->dest_cap : 0) +
                        DYNG_FN(set_row)(&rows[rp->row], rp->old_off, len, rp->old_cap);
            }
            live += len - rp->old_len;
            if (moves)
                dp->left[rp->mover] = DYNG_FN(left_by)(rp, len);
            continue;
        }
        const int64_t *slot = dp->counts + rp->op_begin;
        int64_t ng = dp->early ? slot[0] : 0, news = ng > 0 ? slot[1] : 0, len = rp->bound;
        if (ng == 0) /* else the layout ran them (exact_lengths) */
            len = DYNG_FN(row_outcomes)(dp, rp, ru, &c, &ng, &news, &fail_seq, &fail_why);
        dyng_i_outcome *g = dp->outcomes + rp->op_begin;
        const dyng_i_pair *nw = dp->news + rp->op_begin;
        int64_t at, cap;
        if (rp->dest >= 0 && len > rp->old_cap) {
            at = rp->dest; /* the reserved slots */
            cap = rp->dest_cap;
            dead += rp->old_cap;
            DYNG_FN(write_row)
            (g, ng, nw, news, dp->outcomes, scol, sw, rp->old_len, col + at,
             K > 0 ? adj->w + at * K : NULL, K, ru->sorted, ru->ins_w, false);
        } else {
            at = rp->old_off; /* in place: directly, or through a copy */
            cap = rp->old_cap;
            if (rp->dest >= 0)
                dead += rp->dest_cap; /* reserved, not needed */
            if (!ru->sorted || DYNG_FN(in_place_safe)(g, ng)) {
                DYNG_FN(write_row)
                (g, ng, nw, news, dp->outcomes, scol, sw, rp->old_len, scol, sw, K, ru->sorted,
                 ru->ins_w, true);
            } else { /* a copy of the part from the first target named on */
                const int64_t p0 = DYNG_FN(first_at_least)(scol, 0, rp->old_len, g[0].col);
                DYNG_FN(copy_entries)
                (ccol, cw, scol + p0, K > 0 ? sw + p0 * K : NULL, rp->old_len - p0, K);
                DYNG_FN(write_row)
                (g, ng, nw, news, dp->outcomes, ccol, cw, rp->old_len - p0, scol + p0,
                 K > 0 ? sw + p0 * K : NULL, K, true, ru->ins_w, false);
            }
        }
        dead += DYNG_FN(set_row)(&rows[rp->row], at, len, cap);
        live += len - rp->old_len;
        if (rp->dest >= 0)
            dp->left[rp->mover] = DYNG_FN(left_by)(rp, len);
    } /* end of the row loop */
    (void)fail_seq;
    (void)fail_why;
#ifdef _OPENMP
#pragma omp critical(dyng_apply_commit)
#endif
    {
        dyng_i_add_counters(&job->c, &c);
        job->live += live;
        job->dead += dead;
    }
}

/* Add a region of dead slots to the hole lists (reserve_holes made room). */
static void DYNG_FN(add_holes)(dyng_i_adj *adj, int64_t off, int64_t cap) {
    while (cap > 0) {
        const int64_t s = cap < DYNG_I_HOLE_SIZES ? cap : DYNG_I_HOLE_SIZES;
        adj->holes[s - 1][adj->num_holes[s - 1]++] = off;
        off += s;
        cap -= s;
    }
}

/* After the rows are rewritten: drop the holes the movers took (or, after a
 * repack, every hole: the dead slots are gone) and add the slots each mover
 * left. */
static void DYNG_FN(settle_holes)(dyng_i_dirplan *dp, bool repacked) {
    dyng_i_adj *adj = dp->adj;
    if (repacked && dp->num_movers == 0) /* no holes are left: the lists go too */
        for (int s = 0; s < DYNG_I_HOLE_SIZES; s++) {
            dyng_i_free(adj->holes[s]);
            adj->holes[s] = NULL;
            adj->hole_alloc[s] = 0;
        }
    for (int s = 0; s < DYNG_I_HOLE_SIZES; s++)
        adj->num_holes[s] = repacked ? 0 : adj->num_holes[s] - dp->taken[s];
    for (int64_t k = 0; k < dp->num_movers; k++)
        DYNG_FN(add_holes)(adj, dp->left[k].off, dp->left[k].cap);
}

static void DYNG_FN(commit)(dyng_i_dirplan *dp, const dyng_i_rules *ru, int K, dyng_resources *r) {
    dyng_i_adj *adj = dp->adj;
    const bool repacked = dp->compact;
    dyng_i_rows_job job = {.dp = dp, .ru = ru, .K = K};
    if (repacked) { /* every row and record, the touched rows committed */
        DYNG_FN(repack)(dp, &job, r);
    } else {
        ROW *rows = DYNG_FN(rows)(adj);
        for (int64_t v = ru->n_old; v < ru->n_new; v++)
            (void)DYNG_FN(set_row)(&rows[v], 0, 0, 0);
        dyng_i_team(dp->num_ops > 20000 ? dyng_i_threads(r) : 1, DYNG_FN(commit_team), &job);
    }
    dp->c = job.c;
    dyng_i_add_counters(&dp->c, &dp->early_c);
    adj->slots_used += dp->tail;
    adj->live += job.live;
    adj->dead += job.dead - dp->taken_slots;
    DYNG_FN(settle_holes)(dp, repacked);
}

#undef DYNG_I_AHEAD
