/*
 * array.c - reference-counted result storage, copy-on-write, and _core.Array.
 *
 * The pieces, in the order they appear:
 *
 *   1. dtype helpers and dyng_py_buffer (memory with an atomic count).
 *   2. The result head: init, clear, and copy-on-write before a write.
 *   3. The DLPack structs, written from the DLPack specification (v1.x
 *      dlpack.h and the Python array API's data-interchange page).
 *   4. _core.Array: staleness checks, properties, __array_interface__, the
 *      buffer protocol, __dlpack__, and the constructors used by results.
 *
 * Lifetimes. A result holds one reference to each slot's buffer. An Array
 * holds its owner (the result) and, once it has handed memory out
 * (__array_interface__ or the buffer protocol), one reference to that memory
 * in `pinned` until the Array dies; NumPy arrays and memoryviews keep the
 * Array alive, so they keep the memory alive. A DLPack capsule holds its own
 * buffer reference in its manager context, released by the deleter, so a
 * consumer may outlive the Array, the result and the interpreter's GIL.
 *
 * Locks. A result's lock is only taken without the GIL: every read of the
 * owner's generation and slots below drops the GIL (PyEval_SaveThread), takes
 * the lock shared, copies what it needs, unlocks, and takes the GIL back.
 */
#include "array.h"

#include <stdlib.h>
#include <string.h>

/* ======================================================================== */
/* 1. dtypes and buffers                                                    */
/* ======================================================================== */

const char *dyng_py_dtype_name(dyng_py_dtype dtype) {
    switch (dtype) {
    case DYNG_PY_INT32: return "int32";
    case DYNG_PY_INT64: return "int64";
    case DYNG_PY_UINT64: return "uint64";
    }
    return "unknown";
}

size_t dyng_py_dtype_size(dyng_py_dtype dtype) {
    switch (dtype) {
    case DYNG_PY_INT32: return 4;
    case DYNG_PY_INT64: return 8;
    case DYNG_PY_UINT64: return 8;
    }
    return 0;
}

/* The struct format character of the buffer protocol ("i", "q", "Q"). */
static const char *dtype_format(dyng_py_dtype dtype) {
    switch (dtype) {
    case DYNG_PY_INT32: return "i";
    case DYNG_PY_INT64: return "q";
    case DYNG_PY_UINT64: return "Q";
    }
    return "B";
}

/* The __array_interface__ typestr ("<i4", ...), in the host's byte order. */
static const char *dtype_typestr(dyng_py_dtype dtype) {
    const uint16_t probe = 1;
    unsigned char first;
    memcpy(&first, &probe, 1);
    bool little = first == 1;
    switch (dtype) {
    case DYNG_PY_INT32: return little ? "<i4" : ">i4";
    case DYNG_PY_INT64: return little ? "<i8" : ">i8";
    case DYNG_PY_UINT64: return little ? "<u8" : ">u8";
    }
    return "|u1";
}

dyng_py_buffer *dyng_py_buffer_new(size_t bytes) {
    dyng_py_buffer *b = malloc(sizeof *b);
    if (b == NULL) {
        return NULL;
    }
    /* Never NULL data: a 0-byte buffer still gets one byte, so every export
     * has a valid address. */
    b->data = malloc(bytes > 0 ? bytes : 1);
    if (b->data == NULL) {
        free(b);
        return NULL;
    }
    b->bytes = bytes;
    b->free_data = free;
    atomic_init(&b->refs, 1);
    return b;
}

dyng_py_buffer *dyng_py_buffer_over(void *data, size_t bytes) {
    dyng_py_buffer *b = malloc(sizeof *b);
    if (b == NULL) {
        return NULL;
    }
    b->data = data;
    b->bytes = bytes;
    b->free_data = NULL;
    atomic_init(&b->refs, 1);
    return b;
}

void dyng_py_buffer_take(dyng_py_buffer *b, void (*free_data)(void *)) {
    /* Published to the thread whose release frees b by the acq_rel count. */
    b->free_data = free_data;
}

void dyng_py_buffer_retain(dyng_py_buffer *b) {
    /* Taking a reference needs no ordering: the caller already holds one. */
    atomic_fetch_add_explicit(&b->refs, 1, memory_order_relaxed);
}

void dyng_py_buffer_release(dyng_py_buffer *b) {
    if (b == NULL) {
        return;
    }
    /* acq_rel: every write through any reference happens before the free. */
    if (atomic_fetch_sub_explicit(&b->refs, 1, memory_order_acq_rel) == 1) {
        if (b->free_data != NULL) {
            b->free_data(b->data);
        }
        free(b);
    }
}

bool dyng_py_buffer_shared(const dyng_py_buffer *b) {
    /* The cast drops const only for the atomic load, which does not write. */
    return atomic_load_explicit((atomic_long *)&b->refs, memory_order_acquire) > 1;
}

/* ======================================================================== */
/* 2. The result head                                                       */
/* ======================================================================== */

static int result_init(dyng_py_result *r) {
    /* graph_version, graph_state_id and copy_policy are the caller's to set
     * (tp_alloc zeroed them). */
    r->generation = 0;
    r->num_slots = 0;
    for (int i = 0; i < DYNG_PY_MAX_SLOTS; i++) {
        r->slots[i].buffer = NULL;
        r->slots[i].dtype = DYNG_PY_INT64;
        r->slots[i].length = 0;
    }
    return dyng_py_rwlock_init(&r->lock);
}

static void result_clear(dyng_py_result *r) {
    for (int i = 0; i < DYNG_PY_MAX_SLOTS; i++) {
        dyng_py_buffer_release(r->slots[i].buffer);
        r->slots[i].buffer = NULL;
        r->slots[i].length = 0;
    }
    r->num_slots = 0;
    dyng_py_rwlock_destroy(&r->lock);
}

PyObject *dyng_py_result_new(PyObject *type) {
    allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)type, Py_tp_alloc);
    PyObject *obj = (alloc != NULL ? alloc : PyType_GenericAlloc)((PyTypeObject *)type, 0);
    if (obj == NULL)
        return NULL;
    if (result_init((dyng_py_result *)obj) < 0) {
        Py_DECREF(obj); /* the kind's dealloc copes with a half-made head */
        return NULL;
    }
    return obj;
}

void dyng_py_result_dealloc(PyObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    result_clear((dyng_py_result *)self);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(self);
    Py_DECREF(type);
}

/*
 * Copy-on-write (see array.h). Called under the result's exclusive lock,
 * usually without the GIL: no Python API here.
 *
 * Elements past the old length (when the slot grows) are NOT initialised:
 * the caller fills them. When the buffer is replaced, the first
 * min(old, new) elements are copied over; the old buffer loses only the
 * result's reference, so a view that still holds it keeps its values.
 */
bool dyng_py_result_prepare_write(dyng_py_result *r, int slot, int64_t new_length) {
    if (slot < 0 || slot >= DYNG_PY_MAX_SLOTS || new_length < 0) {
        return false;
    }
    dyng_py_slot *s = &r->slots[slot];
    size_t item = dyng_py_dtype_size(s->dtype);
    if (item == 0 || (uint64_t)new_length > SIZE_MAX / item) {
        return false;
    }
    size_t need = (size_t)new_length * item;

    /* In place: the result alone holds the buffer, it is big enough, and the
     * copy policy is "on_write" (0). */
    dyng_py_buffer *old = s->buffer;
    if (old != NULL && r->copy_policy != 1 && !dyng_py_buffer_shared(old) && old->bytes >= need) {
        s->length = new_length;
        return true;
    }

    /* A new buffer. When the slot grows past its current room, leave half
     * again as headroom so that a result that grows by a few vertices per
     * update does not copy on every update. */
    size_t capacity = need;
    size_t old_bytes = old != NULL ? old->bytes : 0;
    if (need > old_bytes && old_bytes > 0 && old_bytes <= SIZE_MAX / 3 * 2) {
        size_t grown = old_bytes + old_bytes / 2;
        if (grown > capacity) {
            capacity = grown;
        }
    }
    dyng_py_buffer *fresh = dyng_py_buffer_new(capacity);
    if (fresh == NULL) {
        return false; /* the slot is unchanged */
    }
    if (old != NULL) {
        int64_t keep = s->length < new_length ? s->length : new_length;
        if (keep > 0) {
            memcpy(fresh->data, old->data, (size_t)keep * item);
        }
    }
    s->buffer = fresh;
    s->length = new_length;
    dyng_py_buffer_release(old); /* only the result's reference */
    return true;
}

/* ======================================================================== */
/* 3. DLPack                                                                */
/* ======================================================================== */

/*
 * The structs of dlpack.h (DLPack 1.x), declared here from the specification.
 * The layout is the ABI: field order and types must match exactly.
 *
 * We export version 1.0: this file uses only what DLPack 1.0 defines (the
 * versioned struct, the READ_ONLY and IS_COPIED flags, int/uint codes, CPU),
 * and 1.0 is the version every 1.x consumer (NumPy 2 asks for max_version
 * (1, 0)) accepts; a consumer checks only that the major version is not
 * newer than its own.
 */
enum { DYNG_DLPACK_MAJOR = 1, DYNG_DLPACK_MINOR = 0 };

#define DLPACK_FLAG_BITMASK_READ_ONLY (UINT64_C(1) << 0)
#define DLPACK_FLAG_BITMASK_IS_COPIED (UINT64_C(1) << 1)

enum { kDLCPU = 1 };              /* DLDeviceType */
enum { kDLInt = 0, kDLUInt = 1 }; /* DLDataTypeCode */

typedef struct {
    uint32_t major;
    uint32_t minor;
} DLPackVersion;

typedef struct {
    int32_t device_type; /* a DLDeviceType (a C enum: int-sized) */
    int32_t device_id;
} DLDevice;

typedef struct {
    uint8_t code; /* a DLDataTypeCode */
    uint8_t bits;
    uint16_t lanes;
} DLDataType;

typedef struct {
    void *data;
    DLDevice device;
    int32_t ndim;
    DLDataType dtype;
    int64_t *shape;
    int64_t *strides; /* in elements; we always give them */
    uint64_t byte_offset;
} DLTensor;

/* The legacy (unversioned) struct of capsule "dltensor". */
typedef struct DLManagedTensor {
    DLTensor dl_tensor;
    void *manager_ctx;
    void (*deleter)(struct DLManagedTensor *self);
} DLManagedTensor;

/* The versioned struct of capsule "dltensor_versioned". */
typedef struct DLManagedTensorVersioned {
    DLPackVersion version;
    void *manager_ctx;
    void (*deleter)(struct DLManagedTensorVersioned *self);
    uint64_t flags;
    DLTensor dl_tensor;
} DLManagedTensorVersioned;

/* The capsule names of the Python specification: the producer names a
 * capsule with the first, the consumer renames it to the second when it
 * takes the tensor over (and then calls the deleter itself). */
static const char DLTENSOR_NAME[] = "dltensor";
static const char DLTENSOR_VERSIONED_NAME[] = "dltensor_versioned";

/*
 * One export: the DLPack struct, the buffer reference that keeps its memory
 * alive, and the shape and strides it points at. manager_ctx points back at
 * the export. Freed by the deleter, which uses no Python API (a consumer may
 * call it from any thread, without the GIL).
 */
typedef struct {
    DLManagedTensor tensor;
    dyng_py_buffer *buffer;
    int64_t shape[1];
    int64_t strides[1];
} legacy_export;

typedef struct {
    DLManagedTensorVersioned tensor;
    dyng_py_buffer *buffer;
    int64_t shape[1];
    int64_t strides[1];
} versioned_export;

static void legacy_deleter(DLManagedTensor *self) {
    legacy_export *e = self->manager_ctx;
    dyng_py_buffer_release(e->buffer);
    free(e);
}

static void versioned_deleter(DLManagedTensorVersioned *self) {
    versioned_export *e = self->manager_ctx;
    dyng_py_buffer_release(e->buffer);
    free(e);
}

/* Capsule destructors: a capsule that a consumer took over was renamed
 * ("used_dltensor..."), and the consumer calls the deleter; only a capsule
 * nobody consumed still carries its first name and is ours to delete.
 * PyCapsule_IsValid and this PyCapsule_GetPointer never set an exception. */
static void legacy_capsule_destructor(PyObject *capsule) {
    if (PyCapsule_IsValid(capsule, DLTENSOR_NAME)) {
        DLManagedTensor *t = PyCapsule_GetPointer(capsule, DLTENSOR_NAME);
        if (t->deleter != NULL) {
            t->deleter(t);
        }
    }
}

static void versioned_capsule_destructor(PyObject *capsule) {
    if (PyCapsule_IsValid(capsule, DLTENSOR_VERSIONED_NAME)) {
        DLManagedTensorVersioned *t = PyCapsule_GetPointer(capsule, DLTENSOR_VERSIONED_NAME);
        if (t->deleter != NULL) {
            t->deleter(t);
        }
    }
}

/* Fill a DLTensor for `length` elements of `dtype` at `data`. */
static void dltensor_fill(DLTensor *t, void *data, dyng_py_dtype dtype, int64_t *shape,
                          int64_t *strides, int64_t length) {
    shape[0] = length;
    strides[0] = 1;
    t->data = data;
    t->device.device_type = kDLCPU;
    t->device.device_id = 0;
    t->ndim = 1;
    t->dtype.code = dtype == DYNG_PY_UINT64 ? kDLUInt : kDLInt;
    t->dtype.bits = (uint8_t)(dyng_py_dtype_size(dtype) * 8);
    t->dtype.lanes = 1;
    t->shape = shape;
    t->strides = strides;
    t->byte_offset = 0;
}

/* A legacy capsule over `buffer` (one reference taken over, also on
 * failure). */
static PyObject *dlpack_legacy_capsule(dyng_py_buffer *buffer, dyng_py_dtype dtype,
                                       int64_t length) {
    legacy_export *e = malloc(sizeof *e);
    if (e == NULL) {
        dyng_py_buffer_release(buffer);
        return PyErr_NoMemory();
    }
    e->buffer = buffer;
    dltensor_fill(&e->tensor.dl_tensor, buffer->data, dtype, e->shape, e->strides, length);
    e->tensor.manager_ctx = e;
    e->tensor.deleter = legacy_deleter;
    PyObject *capsule = PyCapsule_New(&e->tensor, DLTENSOR_NAME, legacy_capsule_destructor);
    if (capsule == NULL) {
        legacy_deleter(&e->tensor);
    }
    return capsule;
}

/* A versioned capsule over `buffer` (one reference taken over, also on
 * failure) with `flags`. */
static PyObject *dlpack_versioned_capsule(dyng_py_buffer *buffer, dyng_py_dtype dtype,
                                          int64_t length, uint64_t flags) {
    versioned_export *e = malloc(sizeof *e);
    if (e == NULL) {
        dyng_py_buffer_release(buffer);
        return PyErr_NoMemory();
    }
    e->buffer = buffer;
    e->tensor.version.major = DYNG_DLPACK_MAJOR;
    e->tensor.version.minor = DYNG_DLPACK_MINOR;
    e->tensor.manager_ctx = e;
    e->tensor.deleter = versioned_deleter;
    e->tensor.flags = flags;
    dltensor_fill(&e->tensor.dl_tensor, buffer->data, dtype, e->shape, e->strides, length);
    PyObject *capsule =
        PyCapsule_New(&e->tensor, DLTENSOR_VERSIONED_NAME, versioned_capsule_destructor);
    if (capsule == NULL) {
        versioned_deleter(&e->tensor);
    }
    return capsule;
}

/* ======================================================================== */
/* 4. _core.Array                                                           */
/* ======================================================================== */

typedef struct dyng_py_array {
    PyObject_HEAD PyObject *owner; /* the result (strong), or NULL when standalone  */
    int slot;                      /* the owner's slot                              */
    uint64_t generation;           /* the owner's generation at creation            */
    dyng_py_dtype dtype;           /* the slot's element type at creation           */
    int64_t length;                /* the slot's length at creation                 */
    dyng_py_buffer *pinned;        /* memory handed out (one reference), or NULL    */
    Py_ssize_t shape[1];           /* storage that Py_buffer.shape points at        */
    Py_ssize_t strides[1];         /* storage that Py_buffer.strides points at      */
} dyng_py_array;

static const char STALE_MESSAGE[] =
    "this dyng.Array belongs to an earlier state of its result (the result was updated "
    "since); read the array from the result again";

/* The current generation of `owner`, read under its shared lock with the GIL
 * released. With `ref` non-NULL, also a new reference to slot `slot`'s
 * buffer, taken while the lock is held (so it is that generation's memory). */
static uint64_t owner_read(PyObject *owner, int slot, dyng_py_buffer **ref) {
    dyng_py_result *r = (dyng_py_result *)owner;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    uint64_t generation = r->generation;
    if (ref != NULL) {
        *ref = r->slots[slot].buffer;
        if (*ref != NULL) {
            dyng_py_buffer_retain(*ref);
        }
    }
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    return generation;
}

/* True when `a` no longer shows its owner's current state. An Array whose
 * owner was dropped by the garbage collector's tp_clear (only possible while
 * a reference cycle is being torn down) and that never pinned memory has
 * nothing left to show: it counts as stale. */
static bool array_stale(dyng_py_array *a) {
    if (a->owner == NULL) {
        return a->pinned == NULL;
    }
    return owner_read(a->owner, a->slot, NULL) != a->generation;
}

/*
 * The check every use of an Array makes: 0 when `a` is current, else -1 with
 * StaleResultError set. With `ref` non-NULL, *ref also gets a new reference
 * to the memory `a` shows (release it with dyng_py_buffer_release).
 */
static int array_use(dyng_py_array *a, dyng_py_buffer **ref) {
    if (a->owner == NULL) {
        if (a->pinned == NULL) {
            dyng_py_raise(DYNG_STALE_RESULT, STALE_MESSAGE);
            return -1;
        }
        if (ref != NULL) {
            dyng_py_buffer_retain(a->pinned);
            *ref = a->pinned;
        }
        return 0;
    }

    /* Once pinned, the memory is known: only the generation needs reading.
     * (Within one generation the slot's buffer never changes: an update
     * advances the generation before it replaces or writes anything.) */
    bool want_buffer = ref != NULL && a->pinned == NULL;
    dyng_py_buffer *b = NULL;
    uint64_t generation = owner_read(a->owner, a->slot, want_buffer ? &b : NULL);
    if (generation != a->generation || (want_buffer && b == NULL)) {
        dyng_py_buffer_release(b);
        dyng_py_raise(DYNG_STALE_RESULT, STALE_MESSAGE);
        return -1;
    }
    if (ref != NULL) {
        if (b == NULL) {
            /* pinned was set before the check (and a is alive, so it still
             * is). */
            b = a->pinned;
            dyng_py_buffer_retain(b);
        }
        *ref = b;
    }
    return 0;
}

/* array_use, and make sure `a` holds its memory in `pinned` (for exports
 * whose lifetime is tied to the Array: __array_interface__, the buffer
 * protocol). */
static int array_pin(dyng_py_array *a) {
    dyng_py_buffer *b;
    if (array_use(a, &b) < 0) {
        return -1;
    }
    /* The GIL is held again here, so this test-and-set is not raced by other
     * Python threads; a thread that pinned while we waited pinned the same
     * generation's memory. */
    if (a->pinned == NULL) {
        a->pinned = b;
    } else {
        dyng_py_buffer_release(b);
    }
    return 0;
}

/* ---- construction ------------------------------------------------------- */

/* A new, zeroed Array of the registered public type, or else the base type. */
static dyng_py_array *array_alloc(dyng_py_state *st) {
    PyObject *type = st->array_public_type != NULL ? st->array_public_type : st->array_type;
    if (type == NULL) {
        PyErr_SetString(PyExc_SystemError, "dyng._core.Array is not initialised");
        return NULL;
    }
    allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)type, Py_tp_alloc);
    if (alloc == NULL) {
        alloc = PyType_GenericAlloc;
    }
    return (dyng_py_array *)alloc((PyTypeObject *)type, 0);
}

/* Set the fields that follow from dtype and length; -1 with OverflowError
 * when the array is too long to describe with Py_ssize_t. */
static int array_set_layout(dyng_py_array *a, dyng_py_dtype dtype, int64_t length) {
    size_t item = dyng_py_dtype_size(dtype);
    if (length < 0 || (uint64_t)length > (uint64_t)PY_SSIZE_T_MAX / item) {
        PyErr_SetString(PyExc_OverflowError, "dyng.Array: too many elements");
        return -1;
    }
    a->dtype = dtype;
    a->length = length;
    a->shape[0] = (Py_ssize_t)length;
    a->strides[0] = (Py_ssize_t)item;
    return 0;
}

dyng_py_slot_state dyng_py_result_slot_state(const dyng_py_result *r, int slot) {
    dyng_py_slot_state state = {r->generation, r->num_slots, r->slots[slot].dtype,
                                r->slots[slot].length};
    return state;
}

PyObject *dyng_py_array_at(PyObject *owner, int slot, const dyng_py_slot_state *state) {
    if (slot < 0 || slot >= DYNG_PY_MAX_SLOTS || slot >= state->num_slots) {
        PyErr_SetString(PyExc_SystemError, "dyng_py_array_at: the result has no such slot");
        return NULL;
    }
    dyng_py_state *st = dyng_py_state_of_type(Py_TYPE(owner));
    dyng_py_array *a = array_alloc(st);
    if (a == NULL) {
        return NULL;
    }
    if (array_set_layout(a, state->dtype, state->length) < 0) {
        Py_DECREF(a);
        return NULL;
    }
    Py_INCREF(owner);
    a->owner = owner;
    a->slot = slot;
    a->generation = state->generation;
    return (PyObject *)a;
}

PyObject *dyng_py_array_of_result(PyObject *owner, int slot) {
    dyng_py_result *r = (dyng_py_result *)owner;
    if (slot < 0 || slot >= DYNG_PY_MAX_SLOTS) {
        PyErr_SetString(PyExc_SystemError, "dyng_py_array_of_result: bad slot");
        return NULL;
    }
    /* Generation, dtype and length of one state, read together. */
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    dyng_py_slot_state state = dyng_py_result_slot_state(r, slot);
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    return dyng_py_array_at(owner, slot, &state);
}

PyObject *dyng_py_array_standalone(dyng_py_buffer *buffer, dyng_py_dtype dtype, int64_t length) {
    dyng_py_state *st = dyng_py_state_global();
    dyng_py_array *a = st != NULL ? array_alloc(st) : NULL;
    if (a == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_SystemError, "dyng._core is not initialised");
        }
        dyng_py_buffer_release(buffer);
        return NULL;
    }
    a->pinned = buffer; /* taken over; released by dealloc from here on */
    if (array_set_layout(a, dtype, length) < 0 ||
        (size_t)(a->shape[0] * a->strides[0]) > buffer->bytes) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_SystemError, "dyng_py_array_standalone: buffer too small");
        }
        Py_DECREF(a);
        return NULL;
    }
    return (PyObject *)a;
}

/* tp_new: Arrays come from results only. A Python subclass inherits this, so
 * it too is instantiated from C only (through tp_alloc). */
static PyObject *array_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    (void)type;
    (void)args;
    (void)kwargs;
    PyErr_SetString(PyExc_TypeError,
                    "dyng.Array objects are made by results; use numpy for arrays of your own");
    return NULL;
}

/* ---- garbage collection and deallocation --------------------------------- */

static int array_traverse(PyObject *self, visitproc visit, void *arg) {
    dyng_py_array *a = (dyng_py_array *)self;
    Py_VISIT(Py_TYPE(self)); /* a heap type's instances own a reference to it */
    Py_VISIT(a->owner);
    return 0;
}

static int array_clear(PyObject *self) {
    dyng_py_array *a = (dyng_py_array *)self;
    Py_CLEAR(a->owner);
    return 0;
}

static void array_dealloc(PyObject *self) {
    dyng_py_array *a = (dyng_py_array *)self;
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    Py_CLEAR(a->owner);
    dyng_py_buffer_release(a->pinned);
    a->pinned = NULL;
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(self);
    Py_DECREF(type);
}

/* ---- properties ----------------------------------------------------------- */

/* Every property except is_stale is a use of the Array and checks it. */

static PyObject *array_get_dtype(PyObject *self, void *closure) {
    (void)closure;
    dyng_py_array *a = (dyng_py_array *)self;
    if (array_use(a, NULL) < 0) {
        return NULL;
    }
    return PyUnicode_FromString(dyng_py_dtype_name(a->dtype));
}

static PyObject *array_get_shape(PyObject *self, void *closure) {
    (void)closure;
    dyng_py_array *a = (dyng_py_array *)self;
    if (array_use(a, NULL) < 0) {
        return NULL;
    }
    return Py_BuildValue("(L)", (long long)a->length);
}

static PyObject *array_get_ndim(PyObject *self, void *closure) {
    (void)closure;
    if (array_use((dyng_py_array *)self, NULL) < 0) {
        return NULL;
    }
    return PyLong_FromLong(1);
}

static PyObject *array_get_size(PyObject *self, void *closure) {
    (void)closure;
    dyng_py_array *a = (dyng_py_array *)self;
    if (array_use(a, NULL) < 0) {
        return NULL;
    }
    return PyLong_FromLongLong((long long)a->length);
}

static PyObject *array_get_nbytes(PyObject *self, void *closure) {
    (void)closure;
    dyng_py_array *a = (dyng_py_array *)self;
    if (array_use(a, NULL) < 0) {
        return NULL;
    }
    return PyLong_FromSsize_t(a->shape[0] * a->strides[0]);
}

static PyObject *array_get_itemsize(PyObject *self, void *closure) {
    (void)closure;
    dyng_py_array *a = (dyng_py_array *)self;
    if (array_use(a, NULL) < 0) {
        return NULL;
    }
    return PyLong_FromSize_t(dyng_py_dtype_size(a->dtype));
}

static PyObject *array_get_is_stale(PyObject *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(array_stale((dyng_py_array *)self));
}

/* __array_interface__ (version 3): a read-only view of the pinned memory;
 * NumPy keeps this Array as the view's base, so the memory outlives the
 * view. */
static PyObject *array_get_interface(PyObject *self, void *closure) {
    (void)closure;
    dyng_py_array *a = (dyng_py_array *)self;
    if (array_pin(a) < 0) {
        return NULL;
    }
    PyObject *address = PyLong_FromVoidPtr(a->pinned->data);
    if (address == NULL) {
        return NULL;
    }
    /* "data": (address, read_only); "strides": None means C-contiguous. */
    return Py_BuildValue("{s:i,s:(n),s:s,s:(NO),s:O}", "version", 3, "shape", a->shape[0],
                         "typestr", dtype_typestr(a->dtype), "data", address, Py_True, "strides",
                         Py_None);
}

static PyGetSetDef array_getset[] = {
    {"dtype", array_get_dtype, NULL, "The element type: \"int32\", \"int64\" or \"uint64\".", NULL},
    {"shape", array_get_shape, NULL, "(length,)", NULL},
    {"ndim", array_get_ndim, NULL, "1", NULL},
    {"size", array_get_size, NULL, "The number of elements.", NULL},
    {"nbytes", array_get_nbytes, NULL, "The number of bytes of the data.", NULL},
    {"itemsize", array_get_itemsize, NULL, "The bytes per element.", NULL},
    {"is_stale", array_get_is_stale, NULL,
     "True once the result was updated after this Array was read from it.", NULL},
    {"__array_interface__", array_get_interface, NULL,
     "NumPy's array interface (version 3): a read-only view, no copy.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* ---- __len__ --------------------------------------------------------------- */

static Py_ssize_t array_length(PyObject *self) {
    dyng_py_array *a = (dyng_py_array *)self;
    if (array_use(a, NULL) < 0) {
        return -1;
    }
    return a->shape[0];
}

/* ---- the buffer protocol ----------------------------------------------------- */

static int array_getbuffer(PyObject *self, Py_buffer *view, int flags) {
    dyng_py_array *a = (dyng_py_array *)self;
    view->obj = NULL;
    if ((flags & PyBUF_WRITABLE) == PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError,
                        "dyng.Array is read-only; use to_numpy() for a writable copy");
        return -1;
    }
    if (array_pin(a) < 0) {
        return -1;
    }
    view->buf = a->pinned->data;
    view->len = a->shape[0] * a->strides[0];
    view->itemsize = a->strides[0];
    view->readonly = 1;
    view->ndim = 1;
    /* The format, shape and strides only when asked for (the protocol's
     * rule); the data is C-contiguous, so every contiguity request is met. */
    view->format = (flags & PyBUF_FORMAT) == PyBUF_FORMAT ? (char *)dtype_format(a->dtype) : NULL;
    view->shape = (flags & PyBUF_ND) == PyBUF_ND ? a->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? a->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    Py_INCREF(self);
    view->obj = self;
    return 0;
}

/* No Py_bf_releasebuffer: the pin lasts until the Array dies, and every view
 * holds the Array. */

/* ---- methods ------------------------------------------------------------------ */

/* -1 for None, 0/1 for False/True, or -2 with InvalidArgumentError set for
 * anything else: bool(obj) would read copy="no" as True. (dyng.Array's
 * __dlpack__ turns NumPy bools into bools first.) */
static int optional_bool(PyObject *obj, const char *what) {
    if (obj == Py_None) {
        return -1;
    }
    if (obj == Py_True || obj == Py_False) {
        return obj == Py_True;
    }
    PyObject *name = PyType_GetName(Py_TYPE(obj));
    const char *text = name != NULL ? PyUnicode_AsUTF8AndSize(name, NULL) : NULL;
    if (text == NULL) {
        PyErr_Clear();
    }
    dyng_py_raise(DYNG_INVALID_ARGUMENT, "%s must be None, True or False, got a %s", what,
                  text != NULL ? text : "value of another type");
    Py_XDECREF(name);
    return -2;
}

/* Parse a 2-tuple of ints into *first, *second; -1 with TypeError naming
 * `what` otherwise. */
static int int_pair(PyObject *obj, const char *what, long *first, long *second) {
    if (!PyTuple_Check(obj) || PyTuple_Size(obj) != 2) {
        PyErr_Format(PyExc_TypeError, "%s must be None or a tuple of two ints", what);
        return -1;
    }
    *first = PyLong_AsLong(PyTuple_GetItem(obj, 0));
    if (*first == -1 && PyErr_Occurred()) {
        return -1;
    }
    *second = PyLong_AsLong(PyTuple_GetItem(obj, 1));
    if (*second == -1 && PyErr_Occurred()) {
        return -1;
    }
    return 0;
}

static PyObject *array_dlpack(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"stream", "max_version", "dl_device", "copy", NULL};
    dyng_py_array *a = (dyng_py_array *)self;
    PyObject *stream = Py_None, *max_version = Py_None, *dl_device = Py_None, *copy_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$OOOO:__dlpack__", keywords, &stream,
                                     &max_version, &dl_device, &copy_obj)) {
        return NULL;
    }

    /* A CPU array has no stream: the specification accepts only None. */
    if (stream != Py_None) {
        PyErr_SetString(PyExc_BufferError,
                        "dyng.Array lives on the CPU, which has no streams; pass stream=None");
        return NULL;
    }
    if (dl_device != Py_None) {
        long type, id;
        if (int_pair(dl_device, "dl_device", &type, &id) < 0) {
            return NULL;
        }
        if (type != kDLCPU || id != 0) {
            PyErr_Format(PyExc_BufferError,
                         "dyng.Array can only be exported to its own device (1, 0) (the CPU), "
                         "not (%ld, %ld)",
                         type, id);
            return NULL;
        }
    }
    int copy = optional_bool(copy_obj, "copy"); /* -1 None, 0 False, 1 True */
    if (copy == -2) {
        return NULL;
    }
    long major = 0, minor = 0;
    bool versioned = false;
    if (max_version != Py_None) {
        if (int_pair(max_version, "max_version", &major, &minor) < 0) {
            return NULL;
        }
        versioned = major >= 1;
    }
    if (!versioned && copy == 0) {
        PyErr_SetString(PyExc_BufferError,
                        "dyng.Array is read-only, and a legacy (unversioned) DLPack capsule cannot "
                        "say so: it is exported only as a copy; pass max_version=(1, 0) for a "
                        "zero-copy export or allow a copy");
        return NULL;
    }

    dyng_py_buffer *b;
    if (array_use(a, &b) < 0) {
        return NULL;
    }
    /* The legacy capsule always, and the versioned one on copy=True, get a
     * private copy, which is the consumer's alone and so writable. */
    if (!versioned || copy == 1) {
        size_t bytes = (size_t)(a->shape[0] * a->strides[0]);
        dyng_py_buffer *c = dyng_py_buffer_new(bytes);
        if (c == NULL) {
            dyng_py_buffer_release(b);
            return PyErr_NoMemory();
        }
        if (bytes > 0) {
            memcpy(c->data, b->data, bytes);
        }
        dyng_py_buffer_release(b);
        b = c;
    }
    if (!versioned) {
        return dlpack_legacy_capsule(b, a->dtype, a->length);
    }
    uint64_t flags = copy == 1 ? DLPACK_FLAG_BITMASK_IS_COPIED : DLPACK_FLAG_BITMASK_READ_ONLY;
    return dlpack_versioned_capsule(b, a->dtype, a->length, flags);
}

static PyObject *array_dlpack_device(PyObject *self, PyObject *unused) {
    (void)unused;
    if (array_use((dyng_py_array *)self, NULL) < 0) {
        return NULL;
    }
    return Py_BuildValue("(ii)", (int)kDLCPU, 0);
}

static PyObject *array_bytes(PyObject *self, PyObject *unused) {
    (void)unused;
    dyng_py_array *a = (dyng_py_array *)self;
    dyng_py_buffer *b;
    if (array_use(a, &b) < 0) {
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(b->data, a->shape[0] * a->strides[0]);
    dyng_py_buffer_release(b);
    return out;
}

static PyMethodDef array_methods[] = {
    {"__dlpack__", (PyCFunction)(void (*)(void))array_dlpack, METH_VARARGS | METH_KEYWORDS,
     "__dlpack__($self, /, *, stream=None, max_version=None, dl_device=None, copy=None)\n--\n\n"
     "Export as a DLPack capsule: versioned (1.0, read-only, no copy) when max_version allows "
     "it, else a legacy capsule holding a copy."},
    {"__dlpack_device__", array_dlpack_device, METH_NOARGS,
     "__dlpack_device__($self, /)\n--\n\nThe DLPack device: (1, 0), the CPU."},
    {"_bytes", array_bytes, METH_NOARGS,
     "_bytes($self, /)\n--\n\nA bytes copy of the data (native byte order)."},
    {NULL, NULL, 0, NULL},
};

/* ---- the type ------------------------------------------------------------------- */

static PyType_Slot array_slots[] = {
    {Py_tp_doc, "A read-only view of one state of a result's array."},
    {Py_tp_new, array_new},
    {Py_tp_dealloc, array_dealloc},
    {Py_tp_traverse, array_traverse},
    {Py_tp_clear, array_clear},
    {Py_tp_getset, array_getset},
    {Py_tp_methods, array_methods},
    {Py_sq_length, array_length},
    {Py_bf_getbuffer, array_getbuffer},
    {0, NULL},
};

static PyType_Spec array_spec = {
    .name = "dyng._core.Array",
    .basicsize = sizeof(dyng_py_array),
    .itemsize = 0,
    .flags =
        Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = array_slots,
};

int dyng_py_init_array(PyObject *module, dyng_py_state *st) {
    PyObject *type = PyType_FromModuleAndSpec(module, &array_spec, NULL);
    if (type == NULL) {
        return -1;
    }
    st->array_type = type; /* the state's reference */
    return PyModule_AddObjectRef(module, "Array", type);
}
