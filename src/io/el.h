/*
 * src/io/el.h - the edge-list reader's parts (internal).
 *
 * Reading a file is: load it whole (file.h), parse it in parallel chunks
 * into arrays in file order (el_read.c), then, as the options ask, renumber
 * the ids (dyng_i_el_compact) and drop or report duplicates
 * (dyng_i_el_dedupe), both in el_ids.c.
 */
#ifndef DYNG_I_EL_H
#define DYNG_I_EL_H

#include <stdbool.h>
#include <stdint.h>

#include "dyng/io.h"

/*
 * Renumber m edges' ids (int64 in src64 / dst64, each in [0, max_id]) to
 * 0..k-1 in ascending order of the ids that appear. The result goes into new
 * arrays of `type` (*src_out, *dst_out; for int64 they are src64 / dst64
 * themselves, renumbered in place) and, when ids_out is not NULL, the old id
 * plus `id_offset` of each new one into *ids_out (k values). *k receives the
 * count. `type` DYNG_TYPE_NONE picks int32 when k allows it (*type_out says
 * which). Errors: DYNG_CAPACITY (k past int32 ids), DYNG_OUT_OF_MEMORY,
 * DYNG_INTERRUPTED; on failure nothing is allocated and src64 / dst64 are
 * unchanged or renumbered (the caller frees them either way).
 */
dyng_status dyng_i_el_compact(int64_t *src64, int64_t *dst64, int64_t m, int64_t max_id,
                              dyng_type type, int64_t id_offset, dyng_resources *resources,
                              void **src_out, void **dst_out, dyng_type *type_out,
                              int64_t **ids_out, int64_t *k);

/*
 * Find duplicate pairs among m edges in order (ids of type `wide` ? int64 :
 * int32; weights m x num_weights or NULL); `unordered` compares (u, v) and
 * (v, u) as one pair. With drop, later copies are removed in place (the
 * arrays keep their order) and *m_out is the new count; without, nothing
 * moves and *first_dup is the index of the first edge that repeats an
 * earlier one (-1 when none). Errors: DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED.
 */
dyng_status dyng_i_el_dedupe(void *src, void *dst, int32_t *weights, int num_weights, int64_t m,
                             bool wide, bool unordered, bool drop, dyng_resources *resources,
                             int64_t *m_out, int64_t *first_dup);

/* The reader behind dyng_el_read_arrays_ids and dyng_el_read_graph:
 * `unordered` 1 makes the duplicate policies compare unordered pairs (an
 * undirected graph's), 0 ordered ones, and -1 does as the writer's header
 * line says (", undirected"), ordered without one; *undirected (when not
 * NULL) gets the choice. `who` names the caller in argument errors. */
dyng_status dyng_i_el_read(dyng_edge_arrays *out, int64_t **original_ids, const char *path,
                           const dyng_el_read_options *options, int unordered, bool *undirected,
                           dyng_resources *resources, const char *who);

#endif /* DYNG_I_EL_H */
