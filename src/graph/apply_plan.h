/*
 * src/graph/apply_plan.h - the plan of one apply, and the batch rules that
 * both apply.c and the typed row kernels (apply_rows.tmpl.h) use (internal).
 *
 * A batch becomes "ops": one per change per stored direction, (row, col,
 * seq, index), sorted by row and cut into the touched rows. The rules below
 * decide, for the ops of one (row, col) pair and the number of copies of col
 * that the row holds, what happens to the row; they depend on no type.
 */
#ifndef DYNG_I_APPLY_PLAN_H
#define DYNG_I_APPLY_PLAN_H

#include <stdatomic.h>

#include "graph_internal.h"

/* Why a batch fails under the error switches of the semantics. */
enum { DYNG_I_FAIL_NONE = 0, DYNG_I_FAIL_MISSING = 1, DYNG_I_FAIL_EXISTING = 2 };

/* The summary counters of one direction's rows. */
typedef struct dyng_i_counters {
    int64_t inserted, updated, deleted, ignored_del, ignored_ins, cancelled, merged;
} dyng_i_counters;

/* One change of one row, in the order the batch runs it. */
typedef struct dyng_i_op {
    int64_t row;
    int64_t col;
    int64_t seq;   /* processing order: smaller runs first                  */
    int64_t index; /* >= 0: insertion index; < 0: deletion -(index + 1)     */
} dyng_i_op;

/* What the ops of one (row, col) pair do to the row. */
typedef struct dyng_i_outcome {
    int64_t col;
    int64_t removed;      /* leading existing copies removed                  */
    int64_t override_ins; /* insertion whose weights the first kept copy takes, or -1 */
    int64_t new_ins;      /* insertion that adds a new copy at the end, or -1  */
    int64_t new_seq;      /* its processing order (append rows order by it)    */
    int64_t seen;         /* rendering: existing copies met so far            */
} dyng_i_outcome;

/* One touched row. */
typedef struct dyng_i_rowplan {
    int64_t row;
    int64_t op_begin, op_end;          /* its ops in the sorted op array          */
    int64_t old_off, old_len, old_cap; /* the row before (0 for a new vertex)     */
    int64_t bound;                     /* most entries it can have after: old_len plus insertions */
    int64_t dest; /* slots reserved for it (a hole, the tail, or a repacked direction's), or -1 */
    int64_t dest_cap; /* how many                                                   */
    int64_t mover;    /* when dest >= 0: its place in the plan's movers, else -1    */
} dyng_i_rowplan;

/* A region of slots. */
typedef struct dyng_i_region {
    int64_t off, cap;
} dyng_i_region;

/* What the rules need to know of the batch and the graph. */
typedef struct dyng_i_rules {
    const dyng_batch_semantics *s;
    int64_t num_del, num_ins; /* list lengths */
    int64_t n_old, n_new;     /* vertices before and after */
    const int32_t *ins_w;     /* the insertions' weights */
    bool sorted;              /* rows sorted by target (else append order) */
    bool undirected;
} dyng_i_rules;

/* The pieces a repack's copy is cut into (apply_rows.tmpl.h). */
#define DYNG_I_REPACK_PIECES 64

/* One direction's part of the plan, and what its commit did. */
typedef struct dyng_i_dirplan {
    dyng_i_adj *adj;
    dyng_i_op *ops;
    int64_t num_ops;
    dyng_i_rowplan *rows;
    int64_t num_rows;
    /* Per op slot: the row's outcomes, existing counts, new copies and sort
     * buffers (a row uses the slots of its own ops). */
    dyng_i_outcome *outcomes;
    int64_t *counts;
    dyng_i_pair *news, *pairs, *ptmp;
    bool counted; /* this direction's ops make the summary */
    /* The layout ran the rules of some rows (exact_lengths): each row's
     * first count slot then says how many outcome groups its op slots keep
     * for the commit (its second, how many new copies), or 0 for none. */
    bool early;
    int64_t max_len; /* the longest touched row before the batch */
    int64_t tail;    /* slots reserved at the tail for rows that may move */
    /* The rows that got slots (dest >= 0): how many, and the slots each
     * leaves (written by the commit: its old ones, or the ones it got when
     * its new length fitted after all). The holes they take, per size (from
     * the end of its list), and their slots; the most holes of each size the
     * commit can add. */
    dyng_i_region *left;
    int64_t num_movers;
    int64_t taken[DYNG_I_HOLE_SIZES];
    int64_t taken_slots;
    int64_t new_holes[DYNG_I_HOLE_SIZES];
    int64_t added;      /* the most entries the rows can gain (their bounds) */
    int64_t used_after; /* the slots in use after the batch (plan_places) */
    int64_t dead_after; /* the direction's dead slots after the batch */
    /* A repack (plan_repack): the fresh arrays the rows are copied to
     * (fresh_slots long; NULL when there is none, or once the commit made
     * them the direction's), and where the packed layout ends. */
    bool compact;
    int packed_shift; /* the headroom each row keeps: len >> packed_shift */
    void *fresh_col;
    int32_t *fresh_w;
    int64_t fresh_slots;
    int64_t packed_end;
    /* The packed layout cut into pieces of vertices that threads copy: where
     * piece c's rows begin, and its first touched row's plan (at
     * DYNG_I_REPACK_PIECES: where the layout ends, and the first row past
     * the vertices). */
    int64_t piece_at[DYNG_I_REPACK_PIECES + 1], piece_row[DYNG_I_REPACK_PIECES + 1];
    /* Per thread: a copy of a row being rewritten in place. */
    char *row_copies;
    size_t row_copy_bytes;
    /* The summary counters (commit; early_c: those of the rows whose
     * outcomes the layout ran), and a failing op (check_rows). */
    dyng_i_counters c, early_c;
    int64_t fail_seq; /* smallest seq of a failing op, or INT64_MAX */
    int fail_why;
} dyng_i_dirplan;

/* What a team of an apply step shares (dyng_i_team's ctx): the direction and
 * the rules, and what the threads add up, under a critical section. */
typedef struct dyng_i_rows_job {
    dyng_i_dirplan *dp;
    const dyng_i_rules *ru;
    dyng_resources *r; /* interrupt polls (check_rows) */
    int K;
    int64_t max_len;    /* plan_rows: the longest touched row */
    atomic_int stop;    /* check_rows: an interrupt was seen */
    int64_t fail_seq;   /* check_rows: the first failing op, or INT64_MAX */
    int fail_why;       /*   and why it fails */
    dyng_i_counters c;  /* commit, exact_lengths: the summary counters */
    int64_t added;      /* exact_lengths: the entries the rows gain (their bounds) */
    int64_t movers;     /*   and the rows that outgrow their capacity */
    int64_t changed;    /*   and the rows whose bound their exact length lowered */
    int64_t live, dead; /*   and the change in live and dead slots */
} dyng_i_rows_job;

/* The index of the change that runs at position seq. */
static inline int64_t dyng_i_index_of(const dyng_i_rules *ru, int64_t seq) {
    if (ru->s->deletions_first)
        return seq < ru->num_del ? -(seq + 1) : seq - ru->num_del;
    return seq < ru->num_ins ? seq : -(seq - ru->num_ins + 1);
}

/* Sort the ops of one row (already in seq order) by (col, seq). */
static inline void dyng_i_sort_row_ops(dyng_i_op *ops, int64_t n, dyng_i_pair *pairs,
                                       dyng_i_pair *tmp, const dyng_i_rules *ru) {
    bool sorted = true;
    for (int64_t i = 1; i < n && sorted; i++)
        sorted = ops[i].col > ops[i - 1].col;
    if (sorted)
        return;
    for (int64_t i = 0; i < n; i++) {
        pairs[i].key = ops[i].col;
        pairs[i].pos = ops[i].seq;
    }
    dyng_i_sort_pairs(pairs, n, tmp);
    const int64_t row = ops[0].row;
    for (int64_t i = 0; i < n; i++)
        ops[i] = (dyng_i_op){row, pairs[i].key, pairs[i].pos, dyng_i_index_of(ru, pairs[i].pos)};
}

/*
 * Run the ops of one (row, col) pair on counts: `existing` copies are there.
 * Fills the outcome; adds to the counters when `count`; returns
 * DYNG_I_FAIL_* (with *fail_seq) when an error switch of the semantics fires.
 */
static inline int dyng_i_run_pair(const dyng_i_rules *ru, const dyng_i_op *ops, int64_t n,
                                  int64_t existing, dyng_i_outcome *o, dyng_i_counters *c,
                                  bool count, int64_t *fail_seq) {
    const dyng_batch_semantics *s = ru->s;
    const dyng_i_op *run[2];
    int64_t nrun = 0, dels = 0, inss = 0;
    if (s->as_sets) {
        /* One deletion and one insertion at most (the last weights win),
         * in run order. */
        const dyng_i_op *first_del = NULL, *first_ins = NULL, *last_ins = NULL;
        for (int64_t i = 0; i < n; i++) {
            if (ops[i].index < 0) {
                dels++;
                if (first_del == NULL)
                    first_del = &ops[i];
            } else {
                inss++;
                if (first_ins == NULL)
                    first_ins = &ops[i];
                last_ins = &ops[i];
            }
        }
        if (count)
            c->merged += (dels > 1 ? dels - 1 : 0) + (inss > 1 ? inss - 1 : 0);
        if (first_del != NULL && first_ins != NULL && first_ins->seq < first_del->seq) {
            run[nrun++] = last_ins;
            run[nrun++] = first_del;
        } else {
            if (first_del != NULL)
                run[nrun++] = first_del;
            if (last_ins != NULL)
                run[nrun++] = last_ins;
        }
    }
    int64_t removed = 0, live_new = 0, eff_del = 0, eff_ins = 0;
    o->col = ops[0].col;
    o->removed = 0;
    o->override_ins = -1;
    o->new_ins = -1;
    o->new_seq = 0;
    o->seen = 0;
    for (int64_t i = 0; i < (s->as_sets ? nrun : n); i++) {
        const dyng_i_op *op = s->as_sets ? run[i] : &ops[i];
        if (op->index < 0) { /* deletion: the first remaining copy goes */
            if (existing - removed > 0) {
                removed++;
                o->override_ins = -1;
                eff_del++;
            } else if (live_new) {
                live_new = 0;
                o->new_ins = -1;
                eff_del++;
            } else if (s->on_missing_delete == DYNG_MISSING_ERROR) {
                *fail_seq = op->seq;
                return DYNG_I_FAIL_MISSING;
            } else if (count) {
                c->ignored_del++;
            }
        } else if (existing - removed + live_new > 0) { /* insertion of an existing pair */
            if (s->on_existing_insert == DYNG_EXISTING_ERROR) {
                *fail_seq = op->seq;
                return DYNG_I_FAIL_EXISTING;
            }
            if (s->on_existing_insert == DYNG_EXISTING_IGNORE) {
                if (count)
                    c->ignored_ins++;
            } else {
                if (existing - removed > 0)
                    o->override_ins = op->index;
                else
                    o->new_ins = op->index;
                if (count)
                    c->updated++;
            }
        } else { /* insertion of a new pair */
            live_new = 1;
            o->new_ins = op->index;
            /* New copies are appended in run order; as sets, the run order
             * within a row is by target. */
            o->new_seq = s->as_sets ? op->col : op->seq;
            eff_ins++;
        }
    }
    o->removed = removed;
    if (count) {
        if (s->as_sets && eff_del > 0 && eff_ins > 0) {
            c->cancelled++;
            eff_del--;
            eff_ins--;
        }
        c->deleted += eff_del;
        c->inserted += eff_ins;
    }
    return DYNG_I_FAIL_NONE;
}

/* Add one thread's counters to a total. */
static inline void dyng_i_add_counters(dyng_i_counters *total, const dyng_i_counters *c) {
    total->inserted += c->inserted;
    total->updated += c->updated;
    total->deleted += c->deleted;
    total->ignored_del += c->ignored_del;
    total->ignored_ins += c->ignored_ins;
    total->cancelled += c->cancelled;
    total->merged += c->merged;
}

#endif /* DYNG_I_APPLY_PLAN_H */
