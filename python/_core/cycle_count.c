/*
 * cycle_count.c - _core.CycleCountResult: a libdyng cycle_count result under
 * the result machinery of array.h.
 *
 *   cycle_count_compute(graph, max_length)
 *   cycle_count_from_counts(graph, counts, max_length)
 *
 * The libdyng result is the state's source of truth; slot 0 (counts, uint64,
 * index = length) mirrors its histogram in a reference-counted buffer that
 * Arrays hand out. As in sssp.c the buffer is made on the first read
 * (mirror_slot). An update (update.c, through dyng_update) makes an existing
 * buffer writable before the graph changes (copy-on-write when an export of
 * it is alive: dyng_py_cycle_count_prepare), then copies the new histogram
 * into it (dyng_py_cycle_count_finish): it has bound + 1 entries, a handful,
 * so the whole of it is copied. With no bound (max_length -1) the histogram
 * may grow with the longest cycle; when it outgrows the buffer, the buffer is
 * dropped and the next read makes a new one.
 *
 * Poisoned results (dyng/cycle_count.h): every libdyng accessor of a
 * poisoned result fails with DYNG_INTERNAL or DYNG_CAPACITY, so every getter
 * here asks libdyng (never only the mirror) and raises what it says; an
 * update that poisons its result drops the mirror.
 */
#include <stdlib.h>
#include <string.h>

#include "algorithms/cycle_count/cycle_count_bindings.h"
#include "array.h"

typedef struct cc_result {
    DYNG_PY_RESULT_HEAD;
    dyng_cycle_count_result *handle;
} cc_result;

enum { COUNTS = 0 };

static cc_result *result_alloc(void) {
    return (cc_result *)dyng_py_result_new(dyng_py_state_global()->cycle_count_type);
}

static void result_dealloc(PyObject *self) {
    dyng_cycle_count_result_free(&((cc_result *)self)->handle);
    dyng_py_result_dealloc(self);
}

/* The slot of a new result (nobody else sees it yet): no buffer yet, the
 * handle's length. */
static void mirror_lazy(cc_result *r) {
    const uint64_t *counts = NULL;
    int64_t len = 0;
    dyng_cycle_count_result_counts(&counts, &len, r->handle);
    r->slots[COUNTS].buffer = NULL;
    r->slots[COUNTS].dtype = DYNG_PY_UINT64;
    r->slots[COUNTS].length = len;
    r->num_slots = 1;
    dyng_cycle_count_result_graph_version(&r->graph_version, r->handle);
    dyng_cycle_count_result_graph_state_id(&r->graph_state_id, r->handle);
}

/* Give the slot its buffer, a copy of the handle's histogram, unless it has
 * one. Under the result's exclusive lock, without the GIL. DYNG_OK, the
 * status of a poisoned result (libdyng's message set), or DYNG_OUT_OF_MEMORY
 * (no message: the caller writes one). */
static dyng_status mirror_slot(cc_result *r) {
    const uint64_t *from = NULL;
    int64_t len = 0;
    dyng_status s = dyng_cycle_count_result_counts(&from, &len, r->handle);
    if (s != DYNG_OK)
        return s;
    if (r->slots[COUNTS].buffer != NULL)
        return DYNG_OK;
    dyng_py_buffer *b = dyng_py_buffer_new((size_t)len * sizeof(uint64_t));
    if (b == NULL)
        return DYNG_OUT_OF_MEMORY;
    if (len > 0)
        memcpy(b->data, from, (size_t)len * sizeof(uint64_t));
    r->slots[COUNTS].buffer = b;
    r->slots[COUNTS].length = len;
    return DYNG_OK;
}

/* Wrap a finished handle (freed on failure). With the GIL. */
static PyObject *wrap_handle(dyng_cycle_count_result *handle, dyng_py_graph *g) {
    cc_result *r = result_alloc();
    if (r == NULL) {
        dyng_cycle_count_result_free(&handle);
        return NULL;
    }
    r->handle = handle;
    r->copy_policy = dyng_py_graph_copy_policy(g);
    mirror_lazy(r);
    return (PyObject *)r;
}

/* ---- compute and from_counts --------------------------------------------- */

static PyObject *cc_compute(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj;
    long long max_length;
    if (!PyArg_ParseTuple(args, "OL:cycle_count_compute", &graph_obj, &max_length))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    if (g == NULL)
        return NULL;
    dyng_cycle_count_options o;
    dyng_cycle_count_options_default(&o);
    o.max_length = (int64_t)max_length;
    dyng_cycle_count_result *handle = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "cycle_count.compute");
    dyng_py_rdlock(&g->lock);
    dyng_status s = dyng_cycle_count_compute(&handle, g->handle, &o);
    dyng_py_unlock(&g->lock);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return wrap_handle(handle, g);
}

/* Whether a struct-module format names an 8-byte unsigned integer. */
static bool uint64_format(const char *format, Py_ssize_t itemsize) {
    if (itemsize != 8 || format == NULL)
        return false;
    if (*format == '@' || *format == '=' || *format == '<')
        format++;
    return (format[0] == 'Q' || format[0] == 'L') && format[1] == '\0';
}

static PyObject *cc_from_counts(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj, *counts_obj;
    long long max_length;
    if (!PyArg_ParseTuple(args, "OOL:cycle_count_from_counts", &graph_obj, &counts_obj,
                          &max_length))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    if (g == NULL)
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(counts_obj, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) != 0) {
        PyErr_Clear();
        return dyng_py_raise(DYNG_INVALID_ARGUMENT,
                             "counts: expected a C-contiguous uint64 array (any object with the "
                             "buffer protocol)");
    }
    if (!uint64_format(view.format, view.itemsize)) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT,
                      "counts: expected uint64 values, got a buffer of format '%s' with "
                      "%zd-byte items",
                      view.format ? view.format : "B", view.itemsize);
        PyBuffer_Release(&view);
        return NULL;
    }
    dyng_cycle_count_options o;
    dyng_cycle_count_options_default(&o);
    o.max_length = (int64_t)max_length;
    const int64_t len = (int64_t)(view.len / view.itemsize);
    dyng_cycle_count_result *handle = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "cycle_count.from_counts");
    dyng_py_rdlock(&g->lock);
    dyng_status s = dyng_cycle_count_result_from_counts(&handle, g->handle, view.buf, len, &o);
    dyng_py_unlock(&g->lock);
    DYNG_PY_END_NATIVE(&call);
    PyBuffer_Release(&view);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return wrap_handle(handle, g);
}

/* ---- update: this kind's halves of update.c ----------------------------------- */

bool dyng_py_cycle_count_check(PyObject *obj) {
    return PyObject_TypeCheck(obj, (PyTypeObject *)dyng_py_state_global()->cycle_count_type);
}

dyng_py_rwlock *dyng_py_cycle_count_lock(PyObject *obj) { return &((cc_result *)obj)->lock; }

void *dyng_py_cycle_count_handle(PyObject *obj) { return ((cc_result *)obj)->handle; }

dyng_py_prepared dyng_py_cycle_count_prepare(PyObject *obj, const dyng_graph *g,
                                             const dyng_batch *b, int copy_policy) {
    (void)b;
    cc_result *r = (cc_result *)obj;
    dyng_py_prepared out = {DYNG_PY_PREPARED_OK, r->slots[COUNTS].length};
    uint64_t version = 0, state_id = 0;
    dyng_graph_version(&version, g);
    dyng_graph_state_id(&state_id, g);
    if (version != r->graph_version || state_id != r->graph_state_id) {
        out.outcome = DYNG_PY_PREPARED_STALE; /* untouched, Arrays included */
        return out;
    }
    /* Retire the current Arrays first: a failed update retires them too. */
    r->generation++;
    r->copy_policy = copy_policy;
    /* A buffer of the result's own (copy-on-write when exported). With a
     * bound the histogram keeps its length; with none, finish drops a buffer
     * that the new histogram outgrows. */
    if (r->slots[COUNTS].buffer != NULL &&
        !dyng_py_result_prepare_write((dyng_py_result *)r, COUNTS, r->slots[COUNTS].length))
        out.outcome = DYNG_PY_PREPARED_NO_MEMORY;
    return out;
}

void dyng_py_cycle_count_finish(PyObject *obj, const dyng_py_prepared *prep) {
    (void)prep;
    cc_result *r = (cc_result *)obj;
    const uint64_t *from = NULL;
    int64_t len = 0;
    dyng_py_buffer *b = r->slots[COUNTS].buffer;
    if (dyng_cycle_count_result_counts(&from, &len, r->handle) != DYNG_OK) {
        /* Poisoned: every later use raises (libdyng refuses it); nothing to
         * mirror. The graph state it recorded is libdyng's to refuse. */
        dyng_error_clear();
        dyng_py_buffer_release(b);
        r->slots[COUNTS].buffer = NULL;
        r->slots[COUNTS].length = 0;
        return;
    }
    if (b != NULL && b->bytes / sizeof(uint64_t) < (size_t)len) {
        dyng_py_buffer_release(b); /* outgrown: the next read copies the new state */
        r->slots[COUNTS].buffer = NULL;
    } else if (b != NULL && len > 0) {
        memcpy(b->data, from, (size_t)len * sizeof(uint64_t));
    }
    r->slots[COUNTS].length = len;
    dyng_cycle_count_result_graph_version(&r->graph_version, r->handle);
    dyng_cycle_count_result_graph_state_id(&r->graph_state_id, r->handle);
}

bool dyng_py_cycle_count_current(PyObject *obj, const dyng_graph *g) {
    cc_result *r = (cc_result *)obj;
    uint64_t v = 0, sid = 0, rv = 0, rsid = 0;
    dyng_graph_version(&v, g);
    dyng_graph_state_id(&sid, g);
    /* A poisoned result has no version: dyng_update reports it. */
    if (dyng_cycle_count_result_graph_version(&rv, r->handle) != DYNG_OK ||
        dyng_cycle_count_result_graph_state_id(&rsid, r->handle) != DYNG_OK) {
        dyng_error_clear();
        return false;
    }
    return v == rv && sid == rsid;
}

PyObject *dyng_py_cycle_count_stats(const dyng_cycle_count_stats *stats) {
    const dyng_apply_summary *a = &stats->apply;
    return Py_BuildValue(
        "(LLLLLLLLLLLKLLLLKKNN)", (long long)a->inserted, (long long)a->updated,
        (long long)a->deleted, (long long)a->ignored_deletions, (long long)a->ignored_insertions,
        (long long)a->self_loops_dropped, (long long)a->cancelled, (long long)a->duplicates_merged,
        (long long)a->new_vertices, (long long)a->num_vertices, (long long)a->num_edges,
        (unsigned long long)a->version, (long long)stats->affected, (long long)stats->iterations,
        (long long)stats->deletions, (long long)stats->insertions,
        (unsigned long long)stats->cycles_removed, (unsigned long long)stats->cycles_added,
        PyBool_FromLong(stats->fallback_used), PyBool_FromLong(stats->converged));
}

/* ---- the type ----------------------------------------------------------------- */

static PyObject *get_counts(PyObject *self, void *closure) {
    (void)closure;
    cc_result *r = (cc_result *)self;
    const uint64_t *counts = NULL;
    int64_t len = 0;
    /* The Array's state is read in the lock hold that saw (or made) the
     * mirror: an update in between may drop it (an outgrown one). */
    dyng_py_slot_state state;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    dyng_status s = dyng_cycle_count_result_counts(&counts, &len, r->handle); /* poisoned? */
    const bool mirrored = r->slots[COUNTS].buffer != NULL;
    state = dyng_py_result_slot_state((dyng_py_result *)r, COUNTS);
    dyng_py_unlock(&r->lock);
    if (s == DYNG_OK && !mirrored) { /* the first read: make the mirror */
        dyng_py_wrlock(&r->lock);
        s = mirror_slot(r);
        state = dyng_py_result_slot_state((dyng_py_result *)r, COUNTS);
        dyng_py_unlock(&r->lock);
    }
    PyEval_RestoreThread(ts);
    if (s == DYNG_OUT_OF_MEMORY)
        return dyng_py_raise(DYNG_OUT_OF_MEMORY, "out of memory for the counts of a cycle_count "
                                                 "result");
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return dyng_py_array_at(self, COUNTS, &state);
}

/* Numbers read from libdyng under the shared lock taken without the GIL;
 * the status of a poisoned result raises. */
enum { F_VERSION, F_STATE_ID, F_GENERATION, F_MAX_LENGTH, F_BOUND, F_TOTAL };
static const int fields[] = {F_VERSION, F_STATE_ID, F_GENERATION, F_MAX_LENGTH, F_BOUND, F_TOTAL};

static PyObject *get_field(PyObject *self, void *closure) {
    cc_result *r = (cc_result *)self;
    const int f = *(const int *)closure;
    uint64_t value = 0;
    int64_t svalue = 0;
    dyng_status s = DYNG_OK;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    switch (f) {
    case F_VERSION: s = dyng_cycle_count_result_graph_version(&value, r->handle); break;
    case F_STATE_ID: s = dyng_cycle_count_result_graph_state_id(&value, r->handle); break;
    case F_GENERATION: value = r->generation; break;
    case F_MAX_LENGTH: {
        dyng_cycle_count_options o;
        s = dyng_cycle_count_result_options(&o, r->handle);
        svalue = o.max_length;
        break;
    }
    case F_BOUND: {
        const uint64_t *counts = NULL;
        int64_t len = 0;
        s = dyng_cycle_count_result_counts(&counts, &len, r->handle);
        svalue = len - 1;
        break;
    }
    default: s = dyng_cycle_count_result_total(&value, r->handle); break;
    }
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    if (f == F_MAX_LENGTH || f == F_BOUND)
        return PyLong_FromLongLong((long long)svalue);
    return PyLong_FromUnsignedLongLong((unsigned long long)value);
}

/* The histogram as a tuple of ints (index = length), without a mirror. */
static PyObject *result_histogram(PyObject *self, PyObject *unused) {
    (void)unused;
    cc_result *r = (cc_result *)self;
    const uint64_t *counts = NULL;
    int64_t len = 0;
    uint64_t small[64];
    uint64_t *copy = small;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    dyng_status s = dyng_cycle_count_result_counts(&counts, &len, r->handle);
    if (s == DYNG_OK && len > 64) {
        copy = malloc((size_t)len * sizeof *copy);
        if (copy == NULL)
            s = DYNG_OUT_OF_MEMORY;
    }
    if (s == DYNG_OK && len > 0)
        memcpy(copy, counts, (size_t)len * sizeof *copy);
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    if (s == DYNG_OUT_OF_MEMORY)
        return dyng_py_raise(DYNG_OUT_OF_MEMORY, "out of memory for a cycle histogram");
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    PyObject *out = PyTuple_New((Py_ssize_t)len);
    for (int64_t k = 0; out != NULL && k < len; k++) {
        PyObject *item = PyLong_FromUnsignedLongLong((unsigned long long)copy[k]);
        if (item == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SetItem(out, (Py_ssize_t)k, item);
    }
    if (copy != small)
        free(copy);
    return out;
}

/* One non-zero count of a histogram. */
typedef struct cc_nonzero {
    int64_t length;
    uint64_t count;
} cc_nonzero;

/* The non-zero counts as a dict {length: count}, in length order, without a
 * mirror. Only the lengths that can hold a cycle are read (up to the vertex
 * count of the result's graph state: dyng_i_cycle_count_result_span), under
 * the shared lock, so that a histogram of a large bound (max_length up to
 * 2^31 - 1, mostly zeros) costs what the graph's size does, not the
 * bound's. */
static PyObject *result_nonzero(PyObject *self, PyObject *unused) {
    (void)unused;
    cc_result *r = (cc_result *)self;
    const uint64_t *counts = NULL;
    int64_t len = 0, found = 0;
    cc_nonzero *pairs = NULL;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    dyng_status s = dyng_cycle_count_result_counts(&counts, &len, r->handle);
    if (s == DYNG_OK) {
        const int64_t span = dyng_i_cycle_count_result_span(r->handle);
        for (int64_t k = 0; k < span; k++)
            found += counts[k] != 0;
        if (found > 0) {
            pairs = malloc((size_t)found * sizeof *pairs);
            if (pairs == NULL)
                s = DYNG_OUT_OF_MEMORY;
        }
        for (int64_t k = 0, i = 0; pairs != NULL && k < span; k++)
            if (counts[k] != 0) {
                pairs[i].length = k;
                pairs[i].count = counts[k];
                i++;
            }
    }
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    if (s == DYNG_OUT_OF_MEMORY)
        return dyng_py_raise(DYNG_OUT_OF_MEMORY, "out of memory for the non-zero counts of a cycle "
                                                 "histogram");
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    PyObject *out = PyDict_New();
    for (int64_t i = 0; out != NULL && i < found; i++) {
        PyObject *key = PyLong_FromLongLong((long long)pairs[i].length);
        PyObject *value = PyLong_FromUnsignedLongLong((unsigned long long)pairs[i].count);
        if (key == NULL || value == NULL || PyDict_SetItem(out, key, value) < 0)
            Py_CLEAR(out);
        Py_XDECREF(key);
        Py_XDECREF(value);
    }
    free(pairs);
    return out;
}

/* One count (index = length; 0 past the histogram), without a mirror or a
 * copy of the others: a histogram of a large bound is long. */
static PyObject *result_count(PyObject *self, PyObject *arg) {
    cc_result *r = (cc_result *)self;
    const long long k = PyLong_AsLongLong(arg);
    if (k == -1 && PyErr_Occurred())
        return NULL;
    if (k < 0)
        return dyng_py_raise(DYNG_INVALID_ARGUMENT, "length is %lld; accepted: 0 or more", k);
    const uint64_t *counts = NULL;
    int64_t len = 0;
    uint64_t value = 0;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    dyng_status s = dyng_cycle_count_result_counts(&counts, &len, r->handle);
    if (s == DYNG_OK && k < len)
        value = counts[k];
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return PyLong_FromUnsignedLongLong((unsigned long long)value);
}

static PyObject *result_clone(PyObject *self, PyObject *unused) {
    (void)unused;
    cc_result *r = (cc_result *)self;
    cc_result *c = result_alloc();
    if (c == NULL)
        return NULL;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    dyng_status s = dyng_cycle_count_result_clone(&c->handle, r->handle);
    if (s == DYNG_OK)
        mirror_lazy(c);
    c->copy_policy = r->copy_policy;
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    if (s != DYNG_OK) {
        Py_DECREF(c);
        return dyng_py_raise_status(s);
    }
    return (PyObject *)c;
}

static PyGetSetDef result_getset[] = {
    {"counts", get_counts, NULL, "The counts by length (an Array of uint64).", NULL},
    {"graph_version", get_field, NULL, "The graph version it matches.", (void *)&fields[0]},
    {"graph_state_id", get_field, NULL, "The graph state id it matches.", (void *)&fields[1]},
    {"generation", get_field, NULL, "Updates started on it.", (void *)&fields[2]},
    {"max_length", get_field, NULL, "The longest length counted (-1: no bound).",
     (void *)&fields[3]},
    {"bound", get_field, NULL, "The last length of the histogram.", (void *)&fields[4]},
    {"total", get_field, NULL, "The cycles of every length.", (void *)&fields[5]},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef result_methods[] = {
    {"clone", result_clone, METH_NOARGS, "clone($self, /)\n--\n\nA deep copy."},
    {"histogram", result_histogram, METH_NOARGS,
     "histogram($self, /)\n--\n\nThe counts by length, as a tuple of ints."},
    {"nonzero_counts", result_nonzero, METH_NOARGS,
     "nonzero_counts($self, /)\n--\n\nThe non-zero counts, as a dict of length to count in "
     "length order\n(only the lengths up to the vertex count are read)."},
    {"count", result_count, METH_O,
     "count($self, length, /)\n--\n\nThe count of one length (0 past the histogram)."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot result_slots[] = {
    {Py_tp_dealloc, result_dealloc},
    {Py_tp_getset, result_getset},
    {Py_tp_methods, result_methods},
    {Py_tp_doc,
     "A native cycle_count result (made by cycle_count_compute or cycle_count_from_counts)."},
    {0, NULL}};

static PyType_Spec result_spec = {"dyng._core.CycleCountResult", sizeof(cc_result), 0,
                                  Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
                                  result_slots};

static PyMethodDef cc_functions[] = {
    {"cycle_count_compute", cc_compute, METH_VARARGS,
     "cycle_count_compute(graph, max_length, /)\n--\n\n"
     "The histogram of the simple cycles of the graph by length."},
    {"cycle_count_from_counts", cc_from_counts, METH_VARARGS,
     "cycle_count_from_counts(graph, counts, max_length, /)\n--\n\n"
     "A result from a checked histogram."},
    {NULL, NULL, 0, NULL}};

int dyng_py_init_cycle_count(PyObject *module, dyng_py_state *st) {
    st->cycle_count_type = PyType_FromModuleAndSpec(module, &result_spec, NULL);
    if (!st->cycle_count_type)
        return -1;
    dyng_cycle_count_options o;
    dyng_cycle_count_options_default(&o);
    if (PyModule_AddObjectRef(module, "CycleCountResult", st->cycle_count_type) < 0 ||
        PyModule_AddObject(module, "CYCLE_COUNT_DEFAULT_MAX_LENGTH",
                           PyLong_FromLongLong((long long)o.max_length)) < 0)
        return -1;
    return PyModule_AddFunctions(module, cc_functions);
}
