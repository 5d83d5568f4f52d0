/*
 * src/algorithms/update.c - dyng_update: one apply, several repairs
 * (dyng/update.h). Each kind of result contributes checks (before anything
 * is allocated), a prepare (every allocation its repair needs, and its work
 * on the graph as it was; run inside the apply, once the apply's own checks
 * have passed, so after every check that can refuse the batch), an abort
 * (a failed update puts back what the prepare replaced) and a finish (its
 * repair, after the commit; cannot fail).
 */
#include "dyng/update.h"
#include "algorithms/cycle_count/cycle_count_internal.h"
#include "algorithms/sssp/sssp_internal.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "core/stages.h"

/* The parts of each kind (sssp_internal.h, cycle_count_internal.h): the
 * checks, which allocate nothing; the prepare, which makes every allocation
 * the repair needs and keeps what it replaced; the abort, which puts that
 * back after a failure; and the finish, the repair, which cannot fail. */
static dyng_status check(const dyng_graph *g, const dyng_batch *b, const dyng_result_ref *ref) {
    switch (ref->kind) {
    case DYNG_RESULT_SSSP: return dyng_i_sssp_check(g, b, ref->result);
    case DYNG_RESULT_CYCLE_COUNT: return dyng_i_cycle_count_check(g, b, ref->result);
    }
    return dyng_i_error(DYNG_INTERNAL, "dyng_update: no check for kind %d", (int)ref->kind);
}

static dyng_status prepare(const dyng_graph *g, const dyng_batch *b, const dyng_result_ref *ref,
                           int64_t n_new) {
    switch (ref->kind) {
    case DYNG_RESULT_SSSP: return dyng_i_sssp_prepare(g, ref->result, n_new);
    case DYNG_RESULT_CYCLE_COUNT: return dyng_i_cycle_count_prepare(g, b, ref->result, n_new);
    }
    return dyng_i_error(DYNG_INTERNAL, "dyng_update: no prepare for kind %d", (int)ref->kind);
}

static void abort_prepared(const dyng_result_ref *ref) {
    switch (ref->kind) {
    case DYNG_RESULT_SSSP: dyng_i_sssp_abort(ref->result); break;
    case DYNG_RESULT_CYCLE_COUNT: dyng_i_cycle_count_abort(ref->result); break;
    }
}

static void finish(const dyng_graph *g, const dyng_batch *b, const dyng_result_ref *ref,
                   const dyng_apply_summary *applied) {
    switch (ref->kind) {
    case DYNG_RESULT_SSSP: dyng_i_sssp_finish(g, b, ref->result, applied, ref->stats); break;
    case DYNG_RESULT_CYCLE_COUNT:
        dyng_i_cycle_count_finish(g, b, ref->result, applied, ref->stats);
        break;
    }
}

/* What the apply's ready step (prepare_all) works on. */
typedef struct update_job {
    const dyng_batch *b;
    dyng_result_ref *results;
    int64_t count;
    int64_t started; /* results whose prepare has started: those to abort */
    int64_t ns;      /* the wall time of the prepares, when stages are timed */
} update_job;

/* Step 2 of dyng_update, run by the apply once the batch has passed its
 * checks, before the apply's own allocations (dyng_i_graph_apply_staged):
 * every result's prepare, for the vertex count after the batch, on the
 * graph as it was; then a look at the interrupt flag. */
static dyng_status prepare_all(void *ctx, const dyng_graph *g, int64_t n_new) {
    update_job *job = ctx;
    const int64_t t0 = dyng_i_stage_start();
    dyng_status st = DYNG_OK;
    for (int64_t i = 0; i < job->count && st == DYNG_OK; i++) {
        job->started = i + 1;
        st = prepare(g, job->b, &job->results[i], n_new);
    }
    if (st == DYNG_OK && dyng_i_interrupted(g->res))
        st = dyng_i_error(DYNG_INTERRUPTED, "the update was interrupted before it started");
    if (t0 >= 0)
        job->ns = dyng_i_stage_start() - t0;
    return st;
}

static const char *kind_name(dyng_result_kind k) {
    return k == DYNG_RESULT_SSSP          ? "sssp"
           : k == DYNG_RESULT_CYCLE_COUNT ? "cycle_count"
                                          : "unknown";
}

dyng_status dyng_update(dyng_graph *g, const dyng_batch *b, dyng_result_ref *results,
                        int64_t count) {
    DYNG_I_CHECK_ARG(g);
    DYNG_I_CHECK_ARG(b);
    if (count < 0 || (count > 0 && results == NULL))
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "dyng_update: count is %lld with results %s; expected a count >= 0 "
                            "and, from 1 on, an array of that many results",
                            (long long)count, results == NULL ? "NULL" : "given");
    for (int64_t i = 0; i < count; i++) {
        if (results[i].result == NULL)
            return dyng_i_error(DYNG_INVALID_ARGUMENT, "dyng_update: result %lld is NULL",
                                (long long)i);
        if (results[i].kind != DYNG_RESULT_SSSP && results[i].kind != DYNG_RESULT_CYCLE_COUNT)
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "dyng_update: result %lld has kind %d; known: sssp (%d), "
                                "cycle_count (%d)",
                                (long long)i, (int)results[i].kind, (int)DYNG_RESULT_SSSP,
                                (int)DYNG_RESULT_CYCLE_COUNT);
        /* Every result starts with its kind (a pointer to a struct points to
         * its first member), so a result listed under another kind is named
         * rather than read as the other type. */
        const dyng_result_kind is = *(const dyng_result_kind *)results[i].result;
        if (is != results[i].kind)
            return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                "dyng_update: result %lld is listed as %s but is a%s %s result",
                                (long long)i, kind_name(results[i].kind),
                                is == DYNG_RESULT_SSSP ? "n" : "", kind_name(is));
        for (int64_t j = 0; j < i; j++)
            if (results[j].result == results[i].result)
                return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                    "dyng_update: results %lld and %lld are the same result; "
                                    "each may be listed once",
                                    (long long)j, (long long)i);
    }
    /* 1. Every result's checks (staleness, options, the batch against
     * them): a refusal here has changed nothing. */
    for (int64_t i = 0; i < count; i++)
        DYNG_I_TRY(check(g, b, &results[i]));
    /* 2. The apply: its checks (the batch against the graph's semantics,
     * error switches included); then the results' prepares (prepare_all),
     * sized for the vertex count the batch leaves; then the apply's own
     * allocations. A failure anywhere in this step leaves the graph as it
     * was, and each prepared result is put back as it was, the sizes of
     * its arrays included (DESIGN 3, "failure is atomic"). The commit that
     * ends it cannot fail. */
    update_job job = {b, results, count, 0, 0};
    dyng_apply_summary applied;
    int64_t t0 = dyng_i_stage_start();
    const dyng_status st = dyng_i_graph_apply_staged(g, b, &applied, prepare_all, &job);
    if (st != DYNG_OK) {
        for (int64_t i = 0; i < job.started; i++)
            abort_prepared(&results[i]);
        return st;
    }
    /* "update.apply" times the batch alone: the prepares, which ran inside
     * the apply, are left out (a cycle count's search before the batch is a
     * stage of its own, "cycle_count.before"). */
    if (t0 >= 0)
        t0 += job.ns;
    dyng_i_stage_end("update.apply", t0);
    /* 3. The repairs: nothing fails from here on. */
    for (int64_t i = 0; i < count; i++)
        finish(g, b, &results[i], &applied);
    return DYNG_OK;
}
