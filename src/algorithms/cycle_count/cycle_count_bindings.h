/*
 * src/algorithms/cycle_count/cycle_count_bindings.h - what the Python
 * bindings (python/_core/cycle_count.c) read of a cycle_count result beyond
 * dyng/cycle_count.h (internal).
 */
#ifndef DYNG_I_CYCLE_COUNT_BINDINGS_H
#define DYNG_I_CYCLE_COUNT_BINDINGS_H

#include <stdint.h>

#include "dyng/cycle_count.h"

/* How many of r's counts, from length 0, can be non-zero: its length, but
 * no more than the vertex count of its graph state plus one (no simple cycle
 * is longer). A histogram of a large bound (max_length up to 2^31 - 1) is
 * mostly zeros past that, and reading them all would touch gigabytes. r must
 * not be poisoned (read its counts with dyng_cycle_count_result_counts
 * first, under the same lock). */
int64_t dyng_i_cycle_count_result_span(const dyng_cycle_count_result *r);

#endif /* DYNG_I_CYCLE_COUNT_BINDINGS_H */
