/*
 * tests/c/files.h - writing and reading whole files in the C tests.
 *
 * Every helper exits the test program when the file system fails it: a test
 * that cannot write its input has nothing to check.
 */
#ifndef DYNG_TEST_FILES_H
#define DYNG_TEST_FILES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

static inline void write_bytes(const char *path, const char *data, size_t n) {
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
}

static inline void write_text(const char *path, const char *text) {
    write_bytes(path, text, strlen(text));
}

/* n bytes, gzip-compressed. */
static inline void write_gz(const char *path, const char *data, size_t n) {
    gzFile f = gzopen(path, "wb");
    if (f == NULL || gzwrite(f, data, (unsigned)n) != (int)n || gzclose(f) != Z_OK) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
}

/* The whole content of a file (NUL-terminated; free it), *n its length; NULL
 * when it cannot be opened. */
static inline char *slurp(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap + 1);
    size_t k;
    while (buf != NULL && (k = fread(buf + len, 1, cap - len, f)) > 0) {
        len += k;
        if (len == cap) {
            cap *= 2;
            char *grown = realloc(buf, cap + 1);
            if (grown == NULL)
                free(buf);
            buf = grown;
        }
    }
    fclose(f);
    if (buf == NULL) {
        fprintf(stderr, "out of memory reading %s\n", path);
        exit(1);
    }
    buf[len] = '\0';
    *n = len;
    return buf;
}

#endif /* DYNG_TEST_FILES_H */
