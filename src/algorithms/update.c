/*
 * src/algorithms/update.c - dyng_update: one apply, several repairs
 * (dyng/update.h). Each kind of result contributes a prepare (everything that
 * can fail, before the graph changes) and a finish (its repair, after).
 */
#include "dyng/update.h"
#include "algorithms/cycle_count/cycle_count_internal.h"
#include "algorithms/sssp/sssp_internal.h"
#include "core/error.h"
#include "core/resources_internal.h"
#include "core/stages.h"

/* The two halves of each kind. */
static dyng_status prepare(const dyng_graph *g, const dyng_batch *b, const dyng_result_ref *ref) {
    switch (ref->kind) {
    case DYNG_RESULT_SSSP: return dyng_i_sssp_prepare(g, b, ref->result);
    case DYNG_RESULT_CYCLE_COUNT: return dyng_i_cycle_count_prepare(g, b, ref->result);
    }
    return dyng_i_error(DYNG_INTERNAL, "dyng_update: no prepare for kind %d", (int)ref->kind);
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
    /* 1. Everything that can fail, for every result. A prepare that fails
     * may have grown earlier results' capacity; their contents and graph
     * state are untouched. */
    for (int64_t i = 0; i < count; i++)
        DYNG_I_TRY(prepare(g, b, &results[i]));
    if (dyng_i_interrupted(g->res))
        return dyng_i_error(DYNG_INTERRUPTED, "the update was interrupted before it started");
    /* 2. The batch, once. */
    dyng_apply_summary applied;
    const int64_t t0 = dyng_i_stage_start();
    DYNG_I_TRY(dyng_graph_apply(g, b, &applied));
    dyng_i_stage_end("update.apply", t0);
    /* 3. The repairs: nothing fails from here on. */
    for (int64_t i = 0; i < count; i++)
        finish(g, b, &results[i], &applied);
    return DYNG_OK;
}
