/*
 * dyng/stages.h - timing the stages inside a call.
 *
 * A long call runs in named stages: dyng_update applies the batch
 * ("update.apply") and then repairs each result ("sssp.invalidate",
 * "sssp.pull", "sssp.push", or "sssp.recompute" when it falls back; for a
 * cycle count "cycle_count.before" and "cycle_count.after", the searches on
 * the graph before and after the batch, or "cycle_count.recount").
 * "cycle_count.before" runs inside the apply, once the batch has passed the
 * apply's checks ("apply.rows", "apply.check") and before "apply.layout";
 * its time is not counted in "update.apply". A compute
 * runs one engine ("sssp.dijkstra", "sssp.near_far", "cycle_count.search").
 * Applying a batch (dyng_graph_apply, and inside "update.apply") runs
 * "apply.ops" (the changes checked), "apply.rows" (sorted by row, the rows'
 * records read), "apply.check" (only under an error switch of the
 * semantics), "apply.layout" (where each row goes; every allocation) and
 * "apply.commit" (the rows rewritten). A caller that wants to see where the
 * time goes sets a hook for its thread; each stage that ends on that thread
 * calls it once with the stage's name (a string literal of the library) and
 * its wall time.
 *
 * The hook is per thread, like the error message (status.h): it sees the
 * calls its own thread makes, and costs nothing to a thread that set none
 * (no clock is read). It is called outside every parallel region, from the
 * thread that made the call, never while the library holds a lock. It must
 * not call back into libdyng on the same objects.
 */
#ifndef DYNG_STAGES_H
#define DYNG_STAGES_H

#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Called at the end of a stage: its name and wall time in nanoseconds. */
typedef void (*dyng_stage_hook)(void *context, const char *stage, int64_t nanoseconds);

/* Set the calling thread's hook (NULL removes it). Never fails. */
dyng_status dyng_stage_hook_set(dyng_stage_hook hook, void *context);

/* The calling thread's hook and its context (NULL, NULL when none). */
dyng_status dyng_stage_hook_get(dyng_stage_hook *hook, void **context);

#ifdef __cplusplus
}
#endif

#endif /* DYNG_STAGES_H */
