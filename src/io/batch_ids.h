/*
 * src/io/batch_ids.h - the id check of the batch writers (internal).
 *
 * A batch may hold negative ids (the C batch API stores what it is given;
 * applying such a batch fails), but no batch file can: every batch reader
 * refuses a negative id. So the writers refuse one first, before they write
 * any of the batch (the one-batch writers before they create their files),
 * and a file they write can always be read back.
 */
#ifndef DYNG_I_BATCH_IDS_H
#define DYNG_I_BATCH_IDS_H

#include "dyng/batch.h"

#include "core/error.h"

/* DYNG_INVALID_ARGUMENT naming the first change of b with a negative id. */
static inline dyng_status dyng_i_batch_ids_check(const dyng_batch *b) {
    dyng_type t;
    int64_t id, counts[2];
    const void *ends[2][2];
    const int32_t *w;
    DYNG_I_TRY(dyng_batch_vertex_type(&t, b));
    DYNG_I_TRY(dyng_batch_id(&id, b));
    DYNG_I_TRY(dyng_batch_num_deletions(&counts[0], b));
    DYNG_I_TRY(dyng_batch_num_insertions(&counts[1], b));
    DYNG_I_TRY(dyng_batch_deletions(&ends[0][0], &ends[0][1], b));
    DYNG_I_TRY(dyng_batch_insertions(&ends[1][0], &ends[1][1], &w, b));
    const bool wide = t == DYNG_TYPE_INT64;
    for (int list = 0; list < 2; list++)
        for (int64_t i = 0; i < counts[list]; i++) {
            int64_t u =
                wide ? ((const int64_t *)ends[list][0])[i] : ((const int32_t *)ends[list][0])[i];
            int64_t v =
                wide ? ((const int64_t *)ends[list][1])[i] : ((const int32_t *)ends[list][1])[i];
            if (u < 0 || v < 0)
                return dyng_i_error(DYNG_INVALID_ARGUMENT,
                                    "batch %lld: %s %lld is (%lld, %lld); vertex ids are 0 or "
                                    "more (a batch file cannot hold a negative id)",
                                    (long long)id, list == 1 ? "insertion" : "deletion",
                                    (long long)i, (long long)u, (long long)v);
        }
    return DYNG_OK;
}

#endif /* DYNG_I_BATCH_IDS_H */
