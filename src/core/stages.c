/*
 * src/core/stages.c - the per-thread stage hook (dyng/stages.h).
 */
#include <time.h>

#include "core/stages.h"

static _Thread_local dyng_stage_hook t_hook;
static _Thread_local void *t_context;

dyng_status dyng_stage_hook_set(dyng_stage_hook hook, void *context) {
    t_hook = hook;
    t_context = hook ? context : NULL;
    return DYNG_OK;
}

dyng_status dyng_stage_hook_get(dyng_stage_hook *hook, void **context) {
    if (hook)
        *hook = t_hook;
    if (context)
        *context = t_context;
    return DYNG_OK;
}

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + (int64_t)ts.tv_nsec;
}

int64_t dyng_i_stage_start(void) { return t_hook ? now_ns() : -1; }

void dyng_i_stage_end(const char *stage, int64_t t0) {
    if (t_hook && t0 >= 0)
        t_hook(t_context, stage, now_ns() - t0);
}
