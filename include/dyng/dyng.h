/*
 * dyng/dyng.h - the whole public C API of libdyng.
 *
 * dynG keeps graph analytics current while a graph changes by batches of
 * edge insertions and deletions. Each concern has its own header:
 *   status.h     status codes, thread-local messages
 *   types.h      run-time element types, supported combinations, version
 *   resources.h  backends, threads, scratch space, interrupts
 *   graph.h      graphs, properties, batch semantics
 *   batch.h      batches and applying them
 *   io.h         Matrix Market and .dgt files
 *   sssp.h       shortest-path trees, computed and repaired
 *   cycle_count.h  cycle histograms, computed and repaired
 *   update.h     one batch, several results repaired
 *   stages.h     timing the stages inside a call
 */
#ifndef DYNG_DYNG_H
#define DYNG_DYNG_H

#include "batch.h"
#include "cycle_count.h"
#include "generators.h"
#include "graph.h"
#include "io.h"
#include "resources.h"
#include "sssp.h"
#include "stages.h"
#include "status.h"
#include "types.h"
#include "update.h"

#endif /* DYNG_DYNG_H */
