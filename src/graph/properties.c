/*
 * src/graph/properties.c - graph properties, batch semantics and their presets.
 */
#include "core/error.h"
#include "graph_internal.h"

dyng_status dyng_semantics_upsert_last_wins(dyng_batch_semantics *out) {
    DYNG_I_CHECK_ARG(out);
    out->on_existing_insert = DYNG_EXISTING_UPSERT;
    out->on_missing_delete = DYNG_MISSING_IGNORE;
    out->on_self_loop = DYNG_SELF_LOOP_KEEP;
    out->deletions_first = true;
    out->allow_vertex_growth = true;
    out->as_sets = false;
    return DYNG_OK;
}

dyng_status dyng_semantics_set(dyng_batch_semantics *out) {
    DYNG_I_CHECK_ARG(out);
    out->on_existing_insert = DYNG_EXISTING_IGNORE;
    out->on_missing_delete = DYNG_MISSING_IGNORE;
    out->on_self_loop = DYNG_SELF_LOOP_DROP;
    out->deletions_first = true;
    out->allow_vertex_growth = true;
    out->as_sets = true;
    return DYNG_OK;
}

dyng_status dyng_properties_default(dyng_graph_properties *out) {
    DYNG_I_CHECK_ARG(out);
    out->directed = true;
    out->order = DYNG_ORDER_SORTED;
    out->parallel_edges = DYNG_PARALLEL_FORBID;
    out->store_transposed = true;
    out->num_weights = 0;
    out->vertex_type = DYNG_TYPE_INT32;
    out->offset_type = DYNG_TYPE_INT32;
    return dyng_semantics_upsert_last_wins(&out->semantics);
}

dyng_status dyng_properties_mosp_compatible(dyng_graph_properties *out, int num_weights) {
    DYNG_I_CHECK_ARG(out);
    DYNG_I_TRY(dyng_properties_default(out));
    out->order = DYNG_ORDER_APPEND;
    out->parallel_edges = DYNG_PARALLEL_ALLOW;
    out->num_weights = num_weights;
    return dyng_properties_check(out);
}

dyng_status dyng_properties_cycle_enum_compatible(dyng_graph_properties *out) {
    DYNG_I_CHECK_ARG(out);
    DYNG_I_TRY(dyng_properties_default(out));
    return dyng_semantics_set(&out->semantics);
}

dyng_status dyng_properties_check(const dyng_graph_properties *p) {
    DYNG_I_CHECK_ARG(p);
    if (p->order != DYNG_ORDER_SORTED && p->order != DYNG_ORDER_APPEND)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "order is %d; accepted: sorted (0), append (1)",
                            (int)p->order);
    if (p->parallel_edges != DYNG_PARALLEL_FORBID && p->parallel_edges != DYNG_PARALLEL_ALLOW)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "parallel_edges is %d; accepted: forbid (0), allow (1)",
                            (int)p->parallel_edges);
    const dyng_batch_semantics *s = &p->semantics;
    if ((unsigned)s->on_existing_insert > DYNG_EXISTING_IGNORE)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "on_existing_insert is %d; accepted: upsert (0), error (1), ignore (2)",
                            (int)s->on_existing_insert);
    if ((unsigned)s->on_missing_delete > DYNG_MISSING_ERROR)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "on_missing_delete is %d; accepted: ignore (0), error (1)",
                            (int)s->on_missing_delete);
    if ((unsigned)s->on_self_loop > DYNG_SELF_LOOP_ERROR)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "on_self_loop is %d; accepted: keep (0), drop (1), error (2)",
                            (int)s->on_self_loop);
    return dyng_types_check(p->vertex_type, p->offset_type, p->num_weights);
}
