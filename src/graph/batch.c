/*
 * src/graph/batch.c - the batch object: two growable lists of changes.
 */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "graph_internal.h"

dyng_status dyng_batch_new(dyng_batch **out, dyng_type vertex_type, int num_weights) {
    DYNG_I_CHECK_ARG(out);
    *out = NULL;
    if (vertex_type != DYNG_TYPE_INT32 && vertex_type != DYNG_TYPE_INT64)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "a batch's vertex type is %s; accepted: int32, int64",
                            dyng_type_name(vertex_type));
    if (num_weights < 0 || num_weights > DYNG_MAX_WEIGHTS)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "num_weights is %d; accepted: 0 (unweighted) to %d", num_weights,
                            DYNG_MAX_WEIGHTS);
    dyng_batch *b = dyng_i_calloc(1, sizeof *b);
    if (b == NULL)
        return dyng_i_oom("a batch", sizeof *b);
    b->vertex_type = vertex_type;
    b->num_weights = num_weights;
    *out = b;
    return DYNG_OK;
}

dyng_status dyng_batch_free(dyng_batch **b) {
    if (b == NULL || *b == NULL)
        return DYNG_OK;
    dyng_batch *x = *b;
    dyng_i_free(x->ins_src);
    dyng_i_free(x->ins_dst);
    dyng_i_free(x->ins_w);
    dyng_i_free(x->del_src);
    dyng_i_free(x->del_dst);
    dyng_i_free(x);
    *b = NULL;
    return DYNG_OK;
}

dyng_status dyng_batch_clear(dyng_batch *b) {
    DYNG_I_CHECK_ARG(b);
    b->num_ins = 0;
    b->num_del = 0;
    return DYNG_OK;
}

/* Grow the insertion arrays to hold `want` entries; all or nothing. */
static dyng_status grow_insertions(dyng_batch *b, int64_t want) {
    if (want <= b->cap_ins)
        return DYNG_OK;
    int64_t cap = b->cap_ins * 2 > want ? b->cap_ins * 2 : want;
    size_t vs = dyng_type_size(b->vertex_type);
    void *src = dyng_i_malloc((size_t)cap, vs);
    void *dst = dyng_i_malloc((size_t)cap, vs);
    int32_t *w = b->num_weights > 0
                     ? dyng_i_malloc((size_t)cap, sizeof(int32_t) * (size_t)b->num_weights)
                     : NULL;
    if (src == NULL || dst == NULL || (b->num_weights > 0 && w == NULL)) {
        dyng_i_free(src);
        dyng_i_free(dst);
        dyng_i_free(w);
        return dyng_i_oom("batch insertions", (size_t)cap * vs);
    }
    if (b->num_ins > 0) {
        memcpy(src, b->ins_src, (size_t)b->num_ins * vs);
        memcpy(dst, b->ins_dst, (size_t)b->num_ins * vs);
        if (w != NULL)
            memcpy(w, b->ins_w, (size_t)b->num_ins * (size_t)b->num_weights * sizeof(int32_t));
    }
    dyng_i_free(b->ins_src);
    dyng_i_free(b->ins_dst);
    dyng_i_free(b->ins_w);
    b->ins_src = src;
    b->ins_dst = dst;
    b->ins_w = w;
    b->cap_ins = cap;
    return DYNG_OK;
}

static dyng_status grow_deletions(dyng_batch *b, int64_t want) {
    if (want <= b->cap_del)
        return DYNG_OK;
    int64_t cap = b->cap_del * 2 > want ? b->cap_del * 2 : want;
    size_t vs = dyng_type_size(b->vertex_type);
    void *src = dyng_i_malloc((size_t)cap, vs);
    void *dst = dyng_i_malloc((size_t)cap, vs);
    if (src == NULL || dst == NULL) {
        dyng_i_free(src);
        dyng_i_free(dst);
        return dyng_i_oom("batch deletions", (size_t)cap * vs);
    }
    if (b->num_del > 0) {
        memcpy(src, b->del_src, (size_t)b->num_del * vs);
        memcpy(dst, b->del_dst, (size_t)b->num_del * vs);
    }
    dyng_i_free(b->del_src);
    dyng_i_free(b->del_dst);
    b->del_src = src;
    b->del_dst = dst;
    b->cap_del = cap;
    return DYNG_OK;
}

static dyng_status check_count(int64_t count, int64_t have) {
    if (count < 0)
        return dyng_i_error(DYNG_INVALID_ARGUMENT, "count is %lld; accepted: >= 0",
                            (long long)count);
    if (count > INT64_MAX / 4 - have)
        return dyng_i_error(DYNG_CAPACITY, "a batch of %lld + %lld changes is too long",
                            (long long)have, (long long)count);
    return DYNG_OK;
}

dyng_status dyng_batch_reserve(dyng_batch *b, int64_t insertions, int64_t deletions) {
    DYNG_I_CHECK_ARG(b);
    DYNG_I_TRY(check_count(insertions, 0));
    DYNG_I_TRY(check_count(deletions, 0));
    DYNG_I_TRY(grow_insertions(b, insertions));
    return grow_deletions(b, deletions);
}

dyng_status dyng_batch_add_insertions(dyng_batch *b, int64_t count, const void *src,
                                      const void *dst, const int32_t *weights) {
    DYNG_I_CHECK_ARG(b);
    DYNG_I_TRY(check_count(count, b->num_ins));
    if (count == 0)
        return DYNG_OK;
    DYNG_I_CHECK_ARG(src);
    DYNG_I_CHECK_ARG(dst);
    if (b->num_weights > 0 && weights == NULL)
        return dyng_i_error(DYNG_INVALID_ARGUMENT,
                            "the batch has %d weights per edge but weights is NULL",
                            b->num_weights);
    DYNG_I_TRY(grow_insertions(b, b->num_ins + count));
    size_t vs = dyng_type_size(b->vertex_type);
    memcpy((char *)b->ins_src + (size_t)b->num_ins * vs, src, (size_t)count * vs);
    memcpy((char *)b->ins_dst + (size_t)b->num_ins * vs, dst, (size_t)count * vs);
    if (b->num_weights > 0)
        memcpy(b->ins_w + (size_t)b->num_ins * (size_t)b->num_weights, weights,
               (size_t)count * (size_t)b->num_weights * sizeof(int32_t));
    b->num_ins += count;
    return DYNG_OK;
}

dyng_status dyng_batch_add_deletions(dyng_batch *b, int64_t count, const void *src,
                                     const void *dst) {
    DYNG_I_CHECK_ARG(b);
    DYNG_I_TRY(check_count(count, b->num_del));
    if (count == 0)
        return DYNG_OK;
    DYNG_I_CHECK_ARG(src);
    DYNG_I_CHECK_ARG(dst);
    DYNG_I_TRY(grow_deletions(b, b->num_del + count));
    size_t vs = dyng_type_size(b->vertex_type);
    memcpy((char *)b->del_src + (size_t)b->num_del * vs, src, (size_t)count * vs);
    memcpy((char *)b->del_dst + (size_t)b->num_del * vs, dst, (size_t)count * vs);
    b->num_del += count;
    return DYNG_OK;
}

dyng_status dyng_batch_num_insertions(int64_t *count, const dyng_batch *b) {
    DYNG_I_CHECK_ARG(count);
    DYNG_I_CHECK_ARG(b);
    *count = b->num_ins;
    return DYNG_OK;
}

dyng_status dyng_batch_num_deletions(int64_t *count, const dyng_batch *b) {
    DYNG_I_CHECK_ARG(count);
    DYNG_I_CHECK_ARG(b);
    *count = b->num_del;
    return DYNG_OK;
}

dyng_status dyng_batch_insertions(const void **src, const void **dst, const int32_t **weights,
                                  const dyng_batch *b) {
    DYNG_I_CHECK_ARG(b);
    if (src != NULL)
        *src = b->ins_src;
    if (dst != NULL)
        *dst = b->ins_dst;
    if (weights != NULL)
        *weights = b->ins_w;
    return DYNG_OK;
}

dyng_status dyng_batch_deletions(const void **src, const void **dst, const dyng_batch *b) {
    DYNG_I_CHECK_ARG(b);
    if (src != NULL)
        *src = b->del_src;
    if (dst != NULL)
        *dst = b->del_dst;
    return DYNG_OK;
}

dyng_status dyng_batch_vertex_type(dyng_type *type, const dyng_batch *b) {
    DYNG_I_CHECK_ARG(type);
    DYNG_I_CHECK_ARG(b);
    *type = b->vertex_type;
    return DYNG_OK;
}

dyng_status dyng_batch_num_weights(int *num_weights, const dyng_batch *b) {
    DYNG_I_CHECK_ARG(num_weights);
    DYNG_I_CHECK_ARG(b);
    *num_weights = b->num_weights;
    return DYNG_OK;
}

dyng_status dyng_batch_id(int64_t *id, const dyng_batch *b) {
    DYNG_I_CHECK_ARG(id);
    DYNG_I_CHECK_ARG(b);
    *id = b->id;
    return DYNG_OK;
}

dyng_status dyng_batch_set_id(dyng_batch *b, int64_t id) {
    DYNG_I_CHECK_ARG(b);
    b->id = id;
    return DYNG_OK;
}
