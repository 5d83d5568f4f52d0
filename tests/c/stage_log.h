/*
 * tests/c/stage_log.h - a stage hook (dyng/stages.h) that records the names
 * of the stages that end on this thread, for the tests of the stages.
 * Include after check.h.
 */
#ifndef DYNG_TEST_STAGE_LOG_H
#define DYNG_TEST_STAGE_LOG_H

#include <stdio.h>

#include "dyng/stages.h"

/* The first 16 stages' names; count counts them all. */
typedef struct stage_log {
    char names[16][32];
    int count;
} stage_log;

/* The hook: context is a stage_log. */
static void log_stage(void *context, const char *stage, int64_t ns) {
    stage_log *log = context;
    CHECK(ns >= 0);
    if (log->count < 16)
        snprintf(log->names[log->count], sizeof log->names[0], "%s", stage);
    log->count++;
}

#endif /* DYNG_TEST_STAGE_LOG_H */
