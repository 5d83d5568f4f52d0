/*
 * src/core/memory.h - how much memory this process may use (internal): the
 * machine's physical memory, or its control group's limit where that is
 * lower (memory.c says where it is read).
 */
#ifndef DYNG_I_MEMORY_H
#define DYNG_I_MEMORY_H

#include <stdbool.h>
#include <stddef.h>

/* The bytes this process may use, or 0 when the system does not say; with
 * `limited`, whether a cgroup's limit (lower than the machine's memory) is
 * the answer. The cgroup's limit is read once per process. */
size_t dyng_i_usable_memory(bool *limited);

/* Whether `bytes` pass the memory this process may use (false when the
 * system does not say); if so, `why` (when not NULL) gets "8.4 MB, more
 * than this machine's memory (1.0 MB)" (or its cgroup's limit), for a
 * message that refuses them before a write past memory gets the process
 * killed. */
bool dyng_i_past_memory(double bytes, char *why, size_t len);

#ifdef DYNG_TESTING_HOOKS
/* Make dyng_i_usable_memory report `bytes` (0: the real answer again), so
 * that a test can reach the checks that compare with it. Returns the
 * previous setting. */
size_t dyng_testing_physical_memory(size_t bytes);
/* Read /proc and /sys under `dir` (NULL or "": the system's) from now on,
 * and the cgroup's limit again, so that a test can give the reader a tree of
 * its own. Not thread-safe: for a test's main thread. */
void dyng_testing_cgroup_root(const char *dir);
#endif

#endif /* DYNG_I_MEMORY_H */
