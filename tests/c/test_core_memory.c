/*
 * tests/c/test_core_memory.c - how much memory the process may use
 * (src/core/memory.c): the machine's, or a lower cgroup limit.
 *
 * Each case writes a small tree of its own (proc/self/cgroup and the limit
 * files under sys/fs/cgroup) in a fresh directory and points the reader at
 * it (dyng_testing_cgroup_root), then compares dyng_i_usable_memory with the
 * limit the case sets, or with sysconf's physical memory where none applies:
 * cgroup v2 and v1, a limit set above the process's own group, a group the
 * mount does not show (a container's view), "max" and v1's huge "no limit",
 * the least of v1 and v2, and files that hold no number. Last, the row
 * records check of a graph build refuses a graph past a cgroup's limit and
 * says so.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <dyng/dyng.h>

#include "check.h"
#include "core/memory.h"

#define MIB ((size_t)1 << 20)

static char root[256];
static char made[64][512]; /* what the cases created, removed in reverse */
static int num_made;

static void remember(const char *path) {
    if (num_made < 64)
        snprintf(made[num_made++], sizeof made[0], "%s", path);
}

/* Write `text` to root/rel, making its directories. */
static void put(const char *rel, const char *text) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    for (char *s = path + strlen(root) + 1; (s = strchr(s, '/')) != NULL; s++) {
        *s = '\0';
        if (mkdir(path, 0700) == 0)
            remember(path);
        *s = '/';
    }
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f == NULL)
        return;
    fputs(text, f);
    fclose(f);
    bool known = false;
    for (int i = 0; i < num_made; i++)
        known |= strcmp(made[i], path) == 0;
    if (!known)
        remember(path);
}

/* Remove every file and directory the cases made: a fresh tree. */
static void clear(void) {
    while (num_made > 0)
        (void)remove(made[--num_made]);
}

static size_t machine(void) {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (size_t)pages * (size_t)page : 0;
}

/* What the reader says of the tree as it is now. */
static size_t usable(bool *limited) {
    dyng_testing_cgroup_root(root); /* read again */
    return dyng_i_usable_memory(limited);
}

static void expect(const char *what, size_t want, bool want_limited) {
    bool limited = !want_limited;
    const size_t got = usable(&limited);
    if (got != want || limited != want_limited)
        fprintf(stderr, "%s: %zu bytes (limited %d), expected %zu (limited %d)\n", what, got,
                limited, want, want_limited);
    CHECK(got == want && limited == want_limited);
}

static void test_cgroup_limits(void) {
    const size_t m = machine();
    CHECK(m > 4 * MIB * 1024); /* the cases' limits are below it */

    /* No /proc/self/cgroup: the machine's memory. */
    expect("no cgroup file", m, false);

    /* v2: the limit is on the group above the process's own. */
    put("proc/self/cgroup", "0::/user.slice/app.scope\n");
    put("sys/fs/cgroup/user.slice/app.scope/memory.max", "max\n");
    put("sys/fs/cgroup/user.slice/memory.max", "1073741824\n");
    put("sys/fs/cgroup/memory.max", "max\n");
    expect("v2, a parent's limit", 1024 * MIB, true);
    /* ... and a lower one on its own group wins. */
    put("sys/fs/cgroup/user.slice/app.scope/memory.max", "268435456\n");
    expect("v2, the group's own limit", 256 * MIB, true);
    /* "max" everywhere: none. */
    put("sys/fs/cgroup/user.slice/app.scope/memory.max", "max\n");
    put("sys/fs/cgroup/user.slice/memory.max", "max\n");
    expect("v2, max", m, false);
    /* A limit above the machine's memory: the machine's. */
    put("sys/fs/cgroup/user.slice/memory.max", "1152921504606846976\n");
    expect("v2, above the machine", m, false);
    clear();

    /* v2 in a container: its group is the mount's root, and the path the
     * process sees (its group on the host) is not under the mount. */
    put("proc/self/cgroup", "0::/docker/4f2a\n");
    put("sys/fs/cgroup/memory.max", "536870912\n");
    expect("v2, a container's view", 512 * MIB, true);
    put("proc/self/cgroup", "0::/\n");
    expect("v2, the root group", 512 * MIB, true);
    clear();

    /* v1: the memory controller's line, alone or with others. */
    put("proc/self/cgroup", "5:cpu,cpuacct:/\n4:memory:/process_api/a3d1\n0::/\n");
    put("sys/fs/cgroup/memory/process_api/a3d1/memory.limit_in_bytes", "9223372036854771712\n");
    put("sys/fs/cgroup/memory/process_api/memory.limit_in_bytes", "9223372036854771712\n");
    put("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
    expect("v1, no limit (a huge value)", m, false);
    put("sys/fs/cgroup/memory/process_api/memory.limit_in_bytes", "805306368\n");
    expect("v1, a parent's limit", 768 * MIB, true);
    put("proc/self/cgroup", "3:cpuacct,memory,pids:/process_api/a3d1\n");
    expect("v1, memory among other controllers", 768 * MIB, true);
    /* A controller whose name only starts with "memory" is another. */
    put("proc/self/cgroup", "3:memoryx:/process_api/a3d1\n");
    expect("v1, not the memory controller", m, false);
    /* v1 and v2 both (a hybrid mount): the least. */
    put("proc/self/cgroup", "4:memory:/process_api/a3d1\n0::/\n");
    put("sys/fs/cgroup/memory.max", "402653184\n");
    expect("v1 and v2, the least", 384 * MIB, true);
    clear();

    /* What sets no limit: no number in the file, lines that are not
     * "id:controllers:/path", a missing file. */
    put("proc/self/cgroup", "garbage\n0:/\n0::relative\n\n0::/g\n");
    put("sys/fs/cgroup/g/memory.max", "lots\n");
    put("sys/fs/cgroup/memory.max", "\n");
    expect("no number", m, false);
    put("proc/self/cgroup", "0::/missing/group\n");
    expect("missing files", m, false);
    clear();
}

/* A graph whose row records pass a cgroup's limit is refused, and the
 * message names the limit; under the machine's memory it is built. */
static void test_records_past_limit(void) {
    put("proc/self/cgroup", "0::/\n");
    put("sys/fs/cgroup/memory.max", "1048576\n"); /* 1 MiB */
    dyng_testing_cgroup_root(root);
    dyng_graph_properties p;
    CHECK_OK(dyng_properties_default(&p));
    const int32_t src[1] = {0}, dst[1] = {1};
    dyng_graph *g = NULL;
    /* 100,000 vertices: 1.8 MB of records in two directions. */
    CHECK_STATUS(dyng_graph_from_edges(&g, &p, 100000, 1, src, dst, NULL, NULL),
                 DYNG_OUT_OF_MEMORY);
    CHECK(g == NULL && strstr(dyng_error_message(), "cgroup memory limit (1.0 MB)") != NULL);
    /* 50,000: 0.9 MB. */
    CHECK_OK(dyng_graph_from_edges(&g, &p, 50000, 1, src, dst, NULL, NULL));
    dyng_graph_free(&g);
    clear();
    dyng_testing_cgroup_root(root); /* no cgroup file now: the machine's memory */
    CHECK_OK(dyng_graph_from_edges(&g, &p, 100000, 1, src, dst, NULL, NULL));
    dyng_graph_free(&g);
}

int main(void) {
    snprintf(root, sizeof root, "cgroup_tree_XXXXXX");
    if (mkdtemp(root) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    test_cgroup_limits();
    test_records_past_limit();
    clear();
    (void)rmdir(root);
    dyng_testing_cgroup_root(NULL);
    bool limited = true;
    CHECK(dyng_i_usable_memory(&limited) > 0); /* the system's answer again */
    return check_finish("test_core_memory");
}
