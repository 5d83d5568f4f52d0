/*
 * src/core/stages.h - reporting stage times to the thread's hook (internal;
 * dyng/stages.h).
 *
 *     int64_t t0 = dyng_i_stage_start();
 *     ... the stage ...
 *     dyng_i_stage_end("sssp.push", t0);
 *
 * With no hook set, start returns -1 without reading the clock and end
 * returns at once.
 */
#ifndef DYNG_I_STAGES_H
#define DYNG_I_STAGES_H

#include <stdint.h>

#include "dyng/stages.h"

int64_t dyng_i_stage_start(void);
void dyng_i_stage_end(const char *stage, int64_t t0);

#endif /* DYNG_I_STAGES_H */
