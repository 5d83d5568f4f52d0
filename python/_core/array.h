/*
 * array.h - result state in reference-counted storage, and _core.Array.
 *
 * A result (the test result DegreeResult, cycle_count, sssp) keeps each of
 * its arrays in a dyng_py_buffer: a block of memory with an atomic reference
 * count (sssp's buffers show the libdyng result's own arrays: sssp.c). The
 * result holds one reference to the buffer of its current state. Every
 * export holds one more: an Array that has handed its memory out (through
 * __array_interface__ or the buffer protocol, so NumPy and memoryview
 * views), and every DLPack capsule (so every consumer of it).
 *
 * Copy-on-write: before an update writes a slot, dyng_py_result_prepare_write
 * gives the slot a buffer of its own when the current one has other
 * references (or always, under the "always" copy policy), so exported memory
 * is never changed or freed under a view: an old view keeps showing the state
 * it was made from. Without live exports an update works in place. (sssp
 * does the same on the libdyng result's side: sssp.c, take_back.)
 *
 * Staleness: a result has a generation, advanced under its exclusive lock by
 * every update before the update runs (so a failed update retires its
 * arrays too). An Array records the generation it was made at; using it
 * (exporting, reading, to_numpy) after the generation moved raises
 * StaleResultError. A standalone Array (no owner) never goes stale.
 */
#ifndef DYNG_PY_ARRAY_H
#define DYNG_PY_ARRAY_H

#include <stdatomic.h>

#include "dyng_py.h"

/* Element types of result arrays. */
typedef enum dyng_py_dtype {
    DYNG_PY_INT32 = 0,
    DYNG_PY_INT64 = 1,
    DYNG_PY_UINT64 = 2
} dyng_py_dtype;

/* "int32", "int64", "uint64"; bytes per element. */
const char *dyng_py_dtype_name(dyng_py_dtype dtype);
size_t dyng_py_dtype_size(dyng_py_dtype dtype);

/* Reference-counted memory. Never NULL data (a 0-byte buffer has 1 byte).
 * A buffer owns its data (free_data frees it with the last reference) or
 * shows memory that someone else owns (free_data NULL: a result's arrays,
 * lent by dyng_py_buffer_over). */
typedef struct dyng_py_buffer {
    atomic_long refs;
    size_t bytes;
    void *data;
    void (*free_data)(void *);
} dyng_py_buffer;

/* A new buffer of `bytes` bytes (contents undefined) with one reference;
 * NULL on allocation failure (no exception set: callers run without the GIL). */
dyng_py_buffer *dyng_py_buffer_new(size_t bytes);
/* A buffer with one reference over `bytes` bytes at `data` (not NULL), which
 * its owner keeps and frees; NULL on allocation failure. */
dyng_py_buffer *dyng_py_buffer_over(void *data, size_t bytes);
/* From now on b owns its data: the last release frees it with free_data.
 * For the owner of lent memory that goes away while b still has holders. */
void dyng_py_buffer_take(dyng_py_buffer *b, void (*free_data)(void *));
void dyng_py_buffer_retain(dyng_py_buffer *b);
void dyng_py_buffer_release(dyng_py_buffer *b); /* frees with the last ref */
/* True when someone other than the caller's one reference holds it. */
bool dyng_py_buffer_shared(const dyng_py_buffer *b);

/* One array of a result: its buffer, element type and length. */
typedef struct dyng_py_slot {
    dyng_py_buffer *buffer; /* the current state's memory (one ref)  */
    dyng_py_dtype dtype;
    int64_t length;
} dyng_py_slot;

enum { DYNG_PY_MAX_SLOTS = 4 };

/*
 * The head every native result object starts with (its first member after
 * PyObject_HEAD is this struct's content; results are declared as
 *     typedef struct { DYNG_PY_RESULT_HEAD; ...own fields... } my_result;
 * and cast to dyng_py_result *).
 */
#define DYNG_PY_RESULT_HEAD                                                                        \
    PyObject_HEAD dyng_py_rwlock lock;                                                             \
    uint64_t generation;                                                                           \
    uint64_t graph_version;                                                                        \
    uint64_t graph_state_id;                                                                       \
    int copy_policy;                                                                               \
    int num_slots;                                                                                 \
    dyng_py_slot slots[DYNG_PY_MAX_SLOTS]

typedef struct dyng_py_result {
    DYNG_PY_RESULT_HEAD;
} dyng_py_result;

/* A new result object of `type` (a result kind's heap type): its head
 * initialised (the lock, no slots), the rest of the object zeroed (the kind's
 * handle NULL). NULL with an exception set. With the GIL. */
PyObject *dyng_py_result_new(PyObject *type);

/* The end of a result kind's tp_dealloc, once the kind freed its handle:
 * the slots' buffers released (views keep theirs), the lock destroyed, the
 * object freed. Copes with an object whose head dyng_py_result_new did not
 * finish. */
void dyng_py_result_dealloc(PyObject *self);

/*
 * Under the result's exclusive lock, before an update writes slot `slot`
 * with `new_length` elements: give the slot a buffer the result alone holds
 * and that has room for new_length elements, keeping the first
 * min(old, new) elements' values. Works in place when the buffer is not
 * shared and is big enough; otherwise allocates (copy-on-write).
 * Returns false on allocation failure, with the slot unchanged (callable
 * without the GIL). The slot's length is set to new_length on success.
 *
 * Callers make every such call before changing anything, so a failure
 * leaves graph and result as they were; to make that possible the function
 * only ever replaces the buffer, never frees the old one while it is still
 * referenced.
 */
bool dyng_py_result_prepare_write(dyng_py_result *r, int slot, int64_t new_length);

/* What an Array records of its slot: read together, under the result's
 * lock, in the same hold that saw the slot's buffer. */
typedef struct dyng_py_slot_state {
    uint64_t generation;
    int num_slots;
    dyng_py_dtype dtype;
    int64_t length;
} dyng_py_slot_state;

/* The state of slot `slot` of `r`; the caller holds r's lock (either mode). */
dyng_py_slot_state dyng_py_result_slot_state(const dyng_py_result *r, int slot);

/* A new Array (of the registered dyng.Array type when set, else the base
 * type) for slot `slot` of `owner` (a result) at `state`. A result whose
 * slots may lack a buffer (made on first read, dropped by an update)
 * reads `state` in the same lock hold in which it saw or made the buffer, so
 * the Array is either current with memory to show or already stale, never
 * current without memory. With the GIL held, owner's lock not held. */
PyObject *dyng_py_array_at(PyObject *owner, int slot, const dyng_py_slot_state *state);

/* dyng_py_array_at with the owner's current state, for results whose slots
 * always have a buffer. */
PyObject *dyng_py_array_of_result(PyObject *owner, int slot);

/* A new standalone Array owning a reference to `buffer` (taken over) with
 * `length` elements of `dtype`; never stale. */
PyObject *dyng_py_array_standalone(dyng_py_buffer *buffer, dyng_py_dtype dtype, int64_t length);

#endif /* DYNG_PY_ARRAY_H */
