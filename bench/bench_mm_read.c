/*
 * bench/bench_mm_read.c - time dyng_mm_read_arrays on one file.
 *
 * Usage: bench_mm_read FILE [threads...]   (threads default: 1 2)
 *
 * For each thread count, reads FILE three times and prints the best run as
 *
 *     dyng threads=T seconds=S MB/s=X edges=M
 *
 * where MB is 10^6 bytes of the uncompressed text (for a gzip file, the size
 * its trailer records). Times cover the whole call: loading, decompressing
 * and parsing. Exit status 0, or 1 with a message when a read fails.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dyng/dyng.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Bytes of text in the file: its size, or a gzip file's recorded size. */
static double text_bytes(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return 0;
    unsigned char magic[2] = {0, 0};
    size_t got = fread(magic, 1, 2, f);
    double bytes = 0;
    if (got == 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
        unsigned char t[4];
        if (fseek(f, -4L, SEEK_END) == 0 && fread(t, 1, 4, f) == 4)
            bytes = (double)((unsigned long)t[0] | (unsigned long)t[1] << 8 |
                             (unsigned long)t[2] << 16 | (unsigned long)t[3] << 24);
    } else if (fseek(f, 0L, SEEK_END) == 0) {
        long end = ftell(f);
        bytes = end > 0 ? (double)end : 0;
    }
    fclose(f);
    return bytes;
}

/* Best of three reads on t threads; -1 on an error (message printed). */
static double best_of_three(const char *path, int t, int64_t *edges) {
    dyng_resources *r = NULL;
    dyng_status st = dyng_openmp_available() ? dyng_resources_new(&r, DYNG_BACKEND_OPENMP, t)
                                             : dyng_resources_new(&r, DYNG_BACKEND_SEQUENTIAL, 1);
    if (st != DYNG_OK) {
        fprintf(stderr, "bench_mm_read: %s\n", dyng_error_message());
        return -1;
    }
    double best = -1;
    for (int run = 0; run < 3; run++) {
        dyng_edge_arrays a;
        double t0 = now();
        st = dyng_mm_read_arrays(&a, path, NULL, r);
        double dt = now() - t0;
        if (st != DYNG_OK) {
            fprintf(stderr, "bench_mm_read: %s\n", dyng_error_message());
            best = -1;
            break;
        }
        *edges = a.num_edges;
        dyng_edge_arrays_free(&a);
        if (best < 0 || dt < best)
            best = dt;
    }
    dyng_resources_free(&r);
    return best;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench_mm_read FILE [threads...]\n");
        return 2;
    }
    const char *path = argv[1];
    int default_threads[2] = {1, 2};
    int count = argc > 2 ? argc - 2 : 2;
    double mb = text_bytes(path) / 1e6;
    for (int k = 0; k < count; k++) {
        int t = argc > 2 ? atoi(argv[2 + k]) : default_threads[k];
        if (t < 1) {
            fprintf(stderr, "bench_mm_read: bad thread count '%s'\n", argv[2 + k]);
            return 2;
        }
        int64_t edges = 0;
        double s = best_of_three(path, t, &edges);
        if (s < 0)
            return 1;
        printf("dyng threads=%d seconds=%.6f MB/s=%.1f edges=%lld\n", t, s, s > 0 ? mb / s : 0.0,
               (long long)edges);
        fflush(stdout);
    }
    return 0;
}
