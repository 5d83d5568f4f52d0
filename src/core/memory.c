/*
 * src/core/memory.c - how much memory this process may use: the machine's
 * physical memory, or less where the process's control group (Linux cgroup,
 * v1 or v2) sets a lower limit, as a container's memory limit does.
 *
 * The checks that compare a graph's row records with memory (graph.c) use
 * it: each record is written when a graph is built or grows, so records
 * past what the process may use would have the system end it (the kernel's
 * out-of-memory killer, in a container at its limit) where an allocation
 * should have failed. sysconf alone gives the host's memory inside a
 * container.
 *
 * The cgroup's limit is read once per process, from /proc/self/cgroup and
 * the limit files of the process's group and of each group above it under
 * /sys/fs/cgroup (the least of them holds: a limit applies to everything
 * below it): memory.max for v2 ("max" is none), memory.limit_in_bytes for
 * v1 (a huge value is none). A file that is missing or unreadable sets no
 * limit, so on other systems, or where nothing is mounted, the machine's
 * memory is the answer.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

#include "alloc.h"
#include "memory.h"

/* Longest path of a limit file that is read; a longer one sets no limit. */
#define PATH_BYTES 4096

#ifdef DYNG_TESTING_HOOKS
static atomic_size_t fake_memory; /* 0: the real answer; else what to report */

/* Where "/proc" and "/sys" are looked for: "" (the system's) unless a test
 * pointed them at a tree of its own. */
static char root[PATH_BYTES / 2];

size_t dyng_testing_physical_memory(size_t bytes) { return atomic_exchange(&fake_memory, bytes); }
#else
static const char root[1] = "";
#endif

/* 0: not read yet; else 1 + the least limit found (SIZE_MAX - 1: none). */
static atomic_size_t cgroup_cache;

/* The machine's physical memory in bytes, or 0 when the system does not say. */
static size_t machine_memory(void) {
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0)
        return dyng_i_mul_size((size_t)pages, (size_t)page);
#endif
    return 0;
}

/* The number at the start of file `path`, or SIZE_MAX when the file is
 * missing, says "max", or holds no number. */
static size_t read_limit(const char *path) {
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return SIZE_MAX;
    char text[64] = {0};
    const bool got = fgets(text, sizeof text, f) != NULL;
    fclose(f);
    if (!got || text[0] < '0' || text[0] > '9')
        return SIZE_MAX;
    const unsigned long long v = strtoull(text, NULL, 10);
    return v >= (unsigned long long)SIZE_MAX ? SIZE_MAX : (size_t)v;
}

/* The least of the limits in file `name` of group `group` (a path that
 * starts with '/') and of every group above it, under the hierarchy
 * mounted at `mount`; SIZE_MAX when none sets one. A group that the mount
 * does not show (a container sees its own group as the root) is skipped. */
static size_t least_limit(const char *mount, const char *group, const char *name) {
    char dir[PATH_BYTES];
    const int len = snprintf(dir, sizeof dir, "%s%s", mount, group);
    if (len < 0 || (size_t)len >= sizeof dir)
        return SIZE_MAX;
    size_t least = SIZE_MAX, base = strlen(mount);
    for (;;) {
        size_t end = strlen(dir);
        while (end > base && dir[end - 1] == '/') /* "group/" and the root's "/" */
            dir[--end] = '\0';
        char path[PATH_BYTES + 32];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        const size_t v = read_limit(path);
        if (v < least)
            least = v;
        if (end <= base)
            return least;
        char *slash = strrchr(dir + base, '/');
        if (slash == NULL)
            return least;
        *slash = '\0';
    }
}

/* Whether "memory" is one of the comma-separated names of `list`. */
static bool lists_memory(const char *list) {
    while (*list != '\0') {
        const size_t len = strcspn(list, ",");
        if (len == 6 && strncmp(list, "memory", 6) == 0)
            return true;
        list += len + (list[len] == ',');
    }
    return false;
}

/* The least limit that the groups of /proc/self/cgroup set (SIZE_MAX for
 * none): the v2 group ("0::/path") and the v1 group of the memory
 * controller ("N:...,memory,...:/path"). */
static size_t cgroup_limit(void) {
    char path[PATH_BYTES];
    snprintf(path, sizeof path, "%s/proc/self/cgroup", root);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return SIZE_MAX;
    size_t least = SIZE_MAX;
    char line[PATH_BYTES];
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        char *controllers = strchr(line, ':');
        char *group = controllers != NULL ? strchr(controllers + 1, ':') : NULL;
        if (group == NULL || group[1] != '/')
            continue;
        *controllers++ = '\0';
        *group++ = '\0';
        char mount[PATH_BYTES / 2 + 32];
        size_t v = SIZE_MAX;
        if (strcmp(line, "0") == 0 && controllers[0] == '\0') {
            snprintf(mount, sizeof mount, "%s/sys/fs/cgroup", root);
            v = least_limit(mount, group, "memory.max");
        } else if (lists_memory(controllers)) {
            snprintf(mount, sizeof mount, "%s/sys/fs/cgroup/memory", root);
            v = least_limit(mount, group, "memory.limit_in_bytes");
        }
        if (v < least)
            least = v;
    }
    fclose(f);
    return least;
}

size_t dyng_i_usable_memory(bool *limited) {
    if (limited != NULL)
        *limited = false;
#ifdef DYNG_TESTING_HOOKS
    const size_t fake = atomic_load(&fake_memory);
    if (fake != 0)
        return fake;
#endif
    size_t cached = atomic_load(&cgroup_cache);
    if (cached == 0) {
        const size_t v = cgroup_limit();
        cached = v >= SIZE_MAX - 1 ? SIZE_MAX : v + 1; /* a race only reads twice */
        atomic_store(&cgroup_cache, cached);
    }
    const size_t machine = machine_memory(), group = cached == SIZE_MAX ? SIZE_MAX : cached - 1;
    if (group < machine || (machine == 0 && group != SIZE_MAX)) {
        if (limited != NULL)
            *limited = true;
        return group;
    }
    return machine;
}

#ifdef DYNG_TESTING_HOOKS
void dyng_testing_cgroup_root(const char *dir) {
    snprintf(root, sizeof root, "%s", dir != NULL ? dir : "");
    atomic_store(&cgroup_cache, 0); /* read again */
}
#endif

/* Bytes as "37.4 TB", "38.7 GB", "1.0 MB". */
static void format_bytes(char *out, size_t len, double bytes) {
    static const char *const units[] = {"bytes", "kB", "MB", "GB", "TB", "PB"};
    int u = 0;
    while (bytes >= 1000.0 && u < 5) {
        bytes /= 1000.0;
        u++;
    }
    snprintf(out, len, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
}

bool dyng_i_past_memory(double bytes, char *why, size_t len) {
    bool limited = false;
    const double memory = (double)dyng_i_usable_memory(&limited);
    if (memory <= 0 || bytes <= memory)
        return false;
    if (why != NULL) {
        char b[32], m[32];
        format_bytes(b, sizeof b, bytes);
        format_bytes(m, sizeof m, memory);
        snprintf(why, len, "%s, more than %s (%s)", b,
                 limited ? "this process's cgroup memory limit" : "this machine's memory", m);
    }
    return true;
}
