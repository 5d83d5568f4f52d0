/*
 * fuzz/replay_main.c - run a fuzz target over files, without libFuzzer.
 *
 * Linked with a target's source, this is the C test fuzz_replay_<name>: it
 * feeds every file of the folders (or the files) it is given, in name order,
 * to LLVMFuzzerTestOneInput, so that the seed corpus and every input a fuzzer
 * crashed on are checked by every test build (gcc, sanitizers, OpenMP). A
 * folder that does not exist is skipped (fuzz/regressions/<name> exists once
 * a finding is recorded); the first one, the seed corpus, must hold inputs.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_util.h"

static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    size_t cap = 1 << 16, size = 0;
    uint8_t *data = malloc(cap);
    size_t got;
    while (data != NULL && (got = fread(data + size, 1, cap - size, f)) > 0) {
        size += got;
        if (size == cap) {
            uint8_t *bigger = realloc(data, cap *= 2);
            if (bigger == NULL)
                free(data);
            data = bigger;
        }
    }
    fclose(f);
    if (data == NULL) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 0;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of folder `dir`, in name order; returns the count run,
 * or -1 on an error. */
static long run_folder(const char *dir) {
    DIR *d = opendir(dir);
    if (d == NULL)
        return 0;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **more = realloc(names, cap * sizeof *names);
            if (more == NULL)
                abort();
            names = more;
        }
        names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (names[n] == NULL)
            abort();
        sprintf(names[n], "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    long count = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (run_file(names[i]) != 0)
                count = -1;
            else if (count >= 0)
                count++;
        }
        free(names[i]);
    }
    free(names);
    return count;
}

int main(int argc, char **argv) {
    long total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        long n = stat(argv[i], &st) == 0 && S_ISREG(st.st_mode) ? (run_file(argv[i]) == 0 ? 1 : -1)
                                                                : run_folder(argv[i]);
        if (n < 0)
            return 1;
        if (i == 1 && n == 0) { /* the seed corpus: never replay nothing */
            fprintf(stderr, "%s: no inputs\n", argv[i]);
            return 1;
        }
        printf("%s: %ld inputs\n", argv[i], n);
        total += n;
    }
    printf("replayed %ld inputs, no finding\n", total);
    return 0;
}
