/*
 * src/io/table.h - files of integer columns, read in parallel (internal).
 *
 * The research codes keep everything in plain integer files: a CSR row
 * pointer (one offset per line), its column file (one id per line), its
 * values (K weights per line), batches ("u v w1..wK" and "u v", or lines
 * "+ u v ..." / "- u v"), distances ("v d" or "v INF") and trees ("v p").
 * They differ only in how many values a line holds and what each may be, so
 * one reader serves them all: a table spec says that, the reader parses the
 * whole file (plain or gzip) in chunks on the resources' threads into int64
 * values in file order, and a formats file (research.c) checks what the
 * values mean.
 *
 * A data line is: blanks, an optional sign token ("+" or "-", with signs),
 * then its values separated by blanks, then blanks or a comment to the end.
 * Lines that are blank or start with '#' or '%' are skipped. Every error is
 * DYNG_FILE_FORMAT (DYNG_CAPACITY for an id past id_max) with the line and
 * column; the one reported is the first in the file.
 */
#ifndef DYNG_I_TABLE_H
#define DYNG_I_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dyng/resources.h"
#include "dyng/status.h"

/* The most values a line may hold: two ids and every weight of an edge. */
#define DYNG_I_TABLE_MAX_COLS 66

/* The value that "INF" stands for (where the spec allows it). */
#define DYNG_I_TABLE_INF INT64_MAX

typedef struct dyng_i_table_spec {
    const char *what;     /* the file's role in messages: "a CSR column file"        */
    int cols;             /* values per data line ("+" lines with signs); -1: as
                             many as the first such line has, at least min_cols   */
    int min_cols;         /* with cols -1                                          */
    int ids;              /* the first `ids` values are vertex ids in [0, id_max]  */
    uint64_t id_max;      /* the largest id: the ids' type's (DYNG_CAPACITY past
                             it) or, with id_bound, one below a count            */
    const char *id_bound; /* names that count ("the vertex count"): an id past
                             id_max is then DYNG_FILE_FORMAT                    */
    int64_t value_min;    /* the values after the ids lie in [value_min,          */
    int64_t value_max;    /*   value_max]                                          */
    bool signs;           /* a "+" or "-" starts each line; "-" lines hold `ids`   */
    bool inf;             /* "INF" may stand for a value after the ids             */
    const char *names[3]; /* the first values' names ("source id", "target id",
                             "weight"); a NULL or missing name repeats the last  */
} dyng_i_table_spec;

typedef struct dyng_i_table {
    int64_t rows; /* data lines                                         */
    int cols;     /* values per row                                     */
    int64_t *v;   /* rows x cols, row-major; "-" rows: the ids, then 0s */
    int8_t *sign; /* rows: +1 or -1 (with signs), else NULL             */
    char *text;   /* the file's text, kept for dyng_i_table_locate      */
    size_t size;
} dyng_i_table;

/*
 * Read `path` as the spec says into *out (zeroed first; free it with
 * dyng_i_table_free, also after a failure). resources NULL means the
 * default. Errors: DYNG_FILE_FORMAT and DYNG_CAPACITY (with the location),
 * DYNG_OUT_OF_MEMORY, DYNG_INTERRUPTED.
 */
dyng_status dyng_i_table_read(dyng_i_table *out, const char *path, const dyng_i_table_spec *spec,
                              dyng_resources *resources);

/* The line of data row `row` and the column of its first value (1-based),
 * for a message about what the row means; 0, 0 when there is no such row. */
void dyng_i_table_locate(const dyng_i_table *t, int64_t row, int64_t *line, int64_t *column);

void dyng_i_table_free(dyng_i_table *t);

#endif /* DYNG_I_TABLE_H */
