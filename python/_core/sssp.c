/*
 * sssp.c - _core.SsspResult: a libdyng sssp result under the result machinery
 * of array.h.
 *
 *   sssp_compute(graph, source, objective, fallback_fraction,
 *                fallback_max_fraction, validate_inputs, engine, delta)
 *   sssp_from_arrays(graph, source, distances, parents, objective,
 *                    fallback_fraction, fallback_max_fraction,
 *                    validate_inputs, engine, delta)
 *
 * The libdyng result is the state's source of truth, and its arrays are the
 * slots' memory: slots 0 (distances) and 1 (parents) get, on their first
 * read, a buffer over the result's own array (lend_slot), which Arrays hand
 * out without a copy. An update (update.c, through dyng_update) first takes
 * the slots' buffers back (dyng_py_sssp_prepare): a buffer that only the
 * result holds is dropped, and one that an export still holds keeps the
 * array it shows, while the result goes on with a copy
 * (dyng_i_sssp_result_exchange: the copy-on-write of array.h, done on the
 * result's side). Then the repair writes the result's arrays in place, and
 * moves or swaps them as it likes (a recomputation swaps them with its work
 * arrays, growth reallocates them), since no buffer shows them; the next
 * read lends them again. So an update costs what the repair costs, with no
 * copy into Python's memory, and reading a result copies nothing (ADR 0016).
 */
#include <string.h>

#include "algorithms/sssp/sssp_bindings.h"
#include "array.h"
#include "core/alloc.h"

typedef struct sssp_result {
    DYNG_PY_RESULT_HEAD;
    dyng_sssp_result *handle;
} sssp_result;

enum { DISTANCES = 0, PARENTS = 1 };

static sssp_result *result_alloc(void) {
    return (sssp_result *)dyng_py_result_new(dyng_py_state_global()->sssp_type);
}

static bool take_back(sssp_result *r, bool copies);

static void result_dealloc(PyObject *self) {
    sssp_result *r = (sssp_result *)self;
    if (r->handle != NULL)
        (void)take_back(r, false); /* exports keep the arrays they show */
    dyng_sssp_result_free(&r->handle);
    dyng_py_result_dealloc(self);
}

/* The slots of a new result (nobody else sees it yet): no buffers yet, the
 * handle's length. */
static void slots_lazy(sssp_result *r, uint64_t version, uint64_t state_id) {
    int64_t n = 0;
    dyng_sssp_result_num_vertices(&n, r->handle);
    for (int i = 0; i < 2; i++) {
        r->slots[i].buffer = NULL;
        r->slots[i].dtype = DYNG_PY_INT64;
        r->slots[i].length = n;
    }
    r->num_slots = 2;
    r->graph_version = version;
    r->graph_state_id = state_id;
}

/* Give `slot` its buffer, over the handle's array, unless it has one. Under
 * the result's exclusive lock, without the GIL; false when out of memory
 * (the slot still has none). */
static bool lend_slot(sssp_result *r, int slot) {
    if (r->slots[slot].buffer != NULL)
        return true;
    const int64_t *from;
    if (slot == DISTANCES)
        dyng_sssp_result_distances(&from, r->handle);
    else
        dyng_sssp_result_parents(&from, r->handle);
    /* Exports are read-only: the cast only lets the buffer type hold it. */
    dyng_py_buffer *b =
        dyng_py_buffer_over((int64_t *)from, (size_t)r->slots[slot].length * sizeof(int64_t));
    if (b == NULL)
        return false;
    r->slots[slot].buffer = b;
    return true;
}

/* Take the slots' buffers back from the result before its arrays change or go
 * away. A buffer that only the result holds is dropped. One that an export
 * holds keeps the array it shows, which it then owns: with `copies`, the
 * handle goes on with a copy (allocated for every such slot before anything
 * changes; false when that fails, with nothing changed); without, the
 * handle is about to be freed and goes on with nothing. Under the result's
 * exclusive lock (or in its dealloc), without the GIL. */
static bool take_back(sssp_result *r, bool copies) {
    int64_t *fresh[2] = {NULL, NULL};
    const int64_t cap = dyng_i_sssp_result_capacity(r->handle);
    for (int i = 0; i < 2 && copies; i++) {
        dyng_py_buffer *b = r->slots[i].buffer;
        if (b == NULL || (!dyng_py_buffer_shared(b) && r->copy_policy != 1))
            continue;
        fresh[i] = dyng_i_malloc_big((size_t)cap, sizeof(int64_t)); /* as libdyng's */
        if (fresh[i] == NULL) {
            dyng_i_free(fresh[0]);
            return false;
        }
        if (r->slots[i].length > 0)
            memcpy(fresh[i], b->data, (size_t)r->slots[i].length * sizeof(int64_t));
    }
    for (int i = 0; i < 2; i++) {
        dyng_py_buffer *b = r->slots[i].buffer;
        if (b == NULL)
            continue;
        if (fresh[i] != NULL || (!copies && dyng_py_buffer_shared(b))) {
            (void)dyng_i_sssp_result_exchange(r->handle, i, fresh[i]);
            dyng_py_buffer_take(b, dyng_i_free); /* the exports' now */
        }
        dyng_py_buffer_release(b);
        r->slots[i].buffer = NULL;
    }
    return true;
}

static const char *const engine_names[] = {"auto", "dijkstra", "near_far", NULL};

/* Options from the arguments; -1 with an exception for a bad engine name. */
static int options_from(dyng_sssp_options *o, int objective, double fallback, double fallback_max,
                        int validate, PyObject *engine, long long delta) {
    dyng_sssp_options_default(o);
    o->objective = objective;
    o->fallback_fraction = fallback;
    o->fallback_max_fraction = fallback_max;
    o->validate_inputs = validate != 0;
    o->delta = (int64_t)delta;
    const int e = dyng_py_enum_arg(engine, engine_names, "engine");
    if (e < 0)
        return -1;
    o->engine = (dyng_sssp_engine)e;
    return 0;
}

/* Wrap a finished handle (freed on failure). With the GIL. */
static PyObject *wrap_handle(dyng_sssp_result *handle, dyng_py_graph *g) {
    sssp_result *r = result_alloc();
    if (r == NULL) {
        dyng_sssp_result_free(&handle);
        return NULL;
    }
    r->handle = handle;
    r->copy_policy = dyng_py_graph_copy_policy(g);
    uint64_t version = 0, state_id = 0;
    dyng_sssp_result_graph_version(&version, handle);
    dyng_sssp_result_graph_state_id(&state_id, handle);
    slots_lazy(r, version, state_id);
    return (PyObject *)r;
}

/* ---- compute and from_arrays --------------------------------------------- */

static PyObject *sssp_compute(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj, *engine;
    long long source, delta;
    int objective, validate;
    double fallback, fallback_max;
    if (!PyArg_ParseTuple(args, "OLiddpOL:sssp_compute", &graph_obj, &source, &objective, &fallback,
                          &fallback_max, &validate, &engine, &delta))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    if (g == NULL)
        return NULL;
    dyng_sssp_options o;
    if (options_from(&o, objective, fallback, fallback_max, validate, engine, delta) < 0)
        return NULL;
    dyng_sssp_result *handle = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "sssp.compute");
    dyng_py_rdlock(&g->lock);
    dyng_status s = dyng_sssp_compute(&handle, g->handle, (int64_t)source, &o);
    dyng_py_unlock(&g->lock);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return wrap_handle(handle, g);
}

static PyObject *sssp_from_arrays(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj, *d_obj, *p_obj, *engine;
    long long source, delta;
    int objective, validate;
    double fallback, fallback_max;
    if (!PyArg_ParseTuple(args, "OLOOiddpOL:sssp_from_arrays", &graph_obj, &source, &d_obj, &p_obj,
                          &objective, &fallback, &fallback_max, &validate, &engine, &delta))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    if (g == NULL)
        return NULL;
    dyng_py_ints d, p;
    memset(&p, 0, sizeof p);
    if (dyng_py_ints_get(&d, d_obj, DYNG_TYPE_INT64, "distances") < 0 ||
        dyng_py_ints_get(&p, p_obj, DYNG_TYPE_INT64, "parents") < 0) {
        dyng_py_ints_release(&d);
        dyng_py_ints_release(&p);
        return NULL;
    }
    dyng_sssp_options o;
    if (options_from(&o, objective, fallback, fallback_max, validate, engine, delta) < 0) {
        dyng_py_ints_release(&d);
        dyng_py_ints_release(&p);
        return NULL;
    }
    dyng_sssp_result *handle = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "sssp.from_arrays");
    dyng_py_rdlock(&g->lock);
    int64_t n = 0;
    dyng_graph_num_vertices(&n, g->handle);
    dyng_status s = DYNG_INVALID_ARGUMENT;
    if (d.length == n && p.length == n)
        s = dyng_sssp_result_from_arrays(&handle, g->handle, (int64_t)source, d.data, p.data, &o);
    dyng_py_unlock(&g->lock);
    DYNG_PY_END_NATIVE(&call);
    const int64_t dl = d.length, pl = p.length;
    dyng_py_ints_release(&d);
    dyng_py_ints_release(&p);
    if (s != DYNG_OK && (dl != n || pl != n))
        return dyng_py_raise(DYNG_INVALID_ARGUMENT,
                             "distances and parents need one entry per vertex (%lld); got %lld "
                             "and %lld",
                             (long long)n, (long long)dl, (long long)pl);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return wrap_handle(handle, g);
}

/* ---- update: this kind's halves of update.c ----------------------------------- */

bool dyng_py_sssp_check(PyObject *obj) {
    return PyObject_TypeCheck(obj, (PyTypeObject *)dyng_py_state_global()->sssp_type);
}

dyng_py_rwlock *dyng_py_sssp_lock(PyObject *obj) { return &((sssp_result *)obj)->lock; }

void *dyng_py_sssp_handle(PyObject *obj) { return ((sssp_result *)obj)->handle; }

dyng_py_prepared dyng_py_sssp_prepare(PyObject *obj, const dyng_graph *g, const dyng_batch *b,
                                      int copy_policy) {
    sssp_result *r = (sssp_result *)obj;
    (void)b;
    dyng_py_prepared out = {DYNG_PY_PREPARED_OK, r->slots[DISTANCES].length};
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
    if (!take_back(r, true))
        out.outcome = DYNG_PY_PREPARED_NO_MEMORY;
    return out;
}

void dyng_py_sssp_finish(PyObject *obj, const dyng_py_prepared *prep) {
    (void)prep;
    sssp_result *r = (sssp_result *)obj;
    int64_t n = 0;
    dyng_sssp_result_num_vertices(&n, r->handle);
    r->slots[DISTANCES].length = n; /* no buffers: the next read lends the arrays */
    r->slots[PARENTS].length = n;
    dyng_sssp_result_graph_version(&r->graph_version, r->handle);
    dyng_sssp_result_graph_state_id(&r->graph_state_id, r->handle);
}

PyObject *dyng_py_sssp_stats(const dyng_sssp_stats *stats) {
    const dyng_apply_summary *a = &stats->apply;
    return Py_BuildValue(
        "(LLLLLLLLLLLKLLLLLNN)", (long long)a->inserted, (long long)a->updated,
        (long long)a->deleted, (long long)a->ignored_deletions, (long long)a->ignored_insertions,
        (long long)a->self_loops_dropped, (long long)a->cancelled, (long long)a->duplicates_merged,
        (long long)a->new_vertices, (long long)a->num_vertices, (long long)a->num_edges,
        (unsigned long long)a->version, (long long)stats->affected, (long long)stats->iterations,
        (long long)stats->invalidated, (long long)stats->pushes, (long long)stats->fallback_limit,
        PyBool_FromLong(stats->fallback_used), PyBool_FromLong(stats->converged));
}

/* ---- the type ----------------------------------------------------------------- */

static PyObject *get_slot(PyObject *self, void *closure) {
    sssp_result *r = (sssp_result *)self;
    const int slot = closure ? PARENTS : DISTANCES;
    /* The Array's state is read in the lock hold that saw (or made) the
     * buffer: an update in between takes it back. */
    dyng_py_slot_state state;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    bool ok = r->slots[slot].buffer != NULL;
    state = dyng_py_result_slot_state((dyng_py_result *)r, slot);
    dyng_py_unlock(&r->lock);
    if (!ok) { /* the first read since the last update: lend the array */
        dyng_py_wrlock(&r->lock);
        ok = lend_slot(r, slot);
        state = dyng_py_result_slot_state((dyng_py_result *)r, slot);
        dyng_py_unlock(&r->lock);
    }
    PyEval_RestoreThread(ts);
    if (!ok)
        return dyng_py_raise(DYNG_OUT_OF_MEMORY, "out of memory for the arrays of an sssp result");
    return dyng_py_array_at(self, slot, &state);
}

/* Counters and settings, read under the shared lock taken without the GIL. */
enum {
    F_VERSION,
    F_STATE_ID,
    F_GENERATION,
    F_SOURCE,
    F_OBJECTIVE,
    F_VALIDATE,
    F_VERTICES,
    F_DELTA,
    F_ENGINE
};
static const int fields[] = {F_VERSION,  F_STATE_ID, F_GENERATION, F_SOURCE, F_OBJECTIVE,
                             F_VALIDATE, F_VERTICES, F_DELTA,      F_ENGINE};

static PyObject *get_field(PyObject *self, void *closure) {
    sssp_result *r = (sssp_result *)self;
    const int f = *(const int *)closure;
    long long value = 0;
    dyng_sssp_options o;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    dyng_sssp_result_options(&o, r->handle);
    int64_t source = 0;
    dyng_sssp_result_source(&source, r->handle);
    switch (f) {
    case F_VERSION: value = (long long)r->graph_version; break;
    case F_STATE_ID: value = (long long)r->graph_state_id; break;
    case F_GENERATION: value = (long long)r->generation; break;
    case F_SOURCE: value = (long long)source; break;
    case F_OBJECTIVE: value = o.objective; break;
    case F_VALIDATE: value = o.validate_inputs; break;
    case F_DELTA: value = (long long)o.delta; break;
    case F_ENGINE: value = (long long)o.engine; break;
    default: value = (long long)r->slots[DISTANCES].length; break;
    }
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    if (f == F_VALIDATE)
        return PyBool_FromLong(value != 0);
    if (f == F_ENGINE)
        return PyUnicode_FromString(engine_names[value]);
    if (f == F_VERSION || f == F_STATE_ID || f == F_GENERATION)
        return PyLong_FromUnsignedLongLong((unsigned long long)value);
    return PyLong_FromLongLong(value);
}

/* fallback_fraction, or with a closure fallback_max_fraction. */
static PyObject *get_fallback(PyObject *self, void *closure) {
    sssp_result *r = (sssp_result *)self;
    dyng_sssp_options o;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    dyng_sssp_result_options(&o, r->handle);
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    return PyFloat_FromDouble(closure != NULL ? o.fallback_max_fraction : o.fallback_fraction);
}

static PyObject *result_clone(PyObject *self, PyObject *unused) {
    (void)unused;
    sssp_result *r = (sssp_result *)self;
    sssp_result *c = result_alloc();
    if (c == NULL)
        return NULL;
    bool ok = false;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    ok = dyng_sssp_result_clone(&c->handle, r->handle) == DYNG_OK;
    if (ok)
        slots_lazy(c, r->graph_version, r->graph_state_id);
    c->copy_policy = r->copy_policy;
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    if (!ok) {
        Py_DECREF(c);
        return dyng_py_raise(DYNG_OUT_OF_MEMORY, "out of memory for a copy of an sssp result");
    }
    return (PyObject *)c;
}

static PyGetSetDef result_getset[] = {
    {"distances", get_slot, NULL, "The distances (an Array of int64).", NULL},
    {"parents", get_slot, NULL, "The parents (an Array of int64).", (void *)1},
    {"graph_version", get_field, NULL, "The graph version it matches.", (void *)&fields[0]},
    {"graph_state_id", get_field, NULL, "The graph state id it matches.", (void *)&fields[1]},
    {"generation", get_field, NULL, "Updates started on it.", (void *)&fields[2]},
    {"source", get_field, NULL, "The source vertex.", (void *)&fields[3]},
    {"objective", get_field, NULL, "The weight column.", (void *)&fields[4]},
    {"validate_inputs", get_field, NULL, "Whether from_arrays checks canonicity.",
     (void *)&fields[5]},
    {"num_vertices", get_field, NULL, "Entries.", (void *)&fields[6]},
    {"delta", get_field, NULL, "The near-far step (0: chosen).", (void *)&fields[7]},
    {"engine", get_field, NULL, "The compute engine.", (void *)&fields[8]},
    {"fallback_fraction", get_fallback, NULL, "The recompute threshold.", NULL},
    {"fallback_max_fraction", get_fallback, NULL, "The most the recompute threshold rises to.",
     (void *)1},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef result_methods[] = {
    {"clone", result_clone, METH_NOARGS, "clone($self, /)\n--\n\nA deep copy."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot result_slots[] = {
    {Py_tp_dealloc, result_dealloc},
    {Py_tp_getset, result_getset},
    {Py_tp_methods, result_methods},
    {Py_tp_doc, "A native sssp result (made by sssp_compute or sssp_from_arrays)."},
    {0, NULL}};

static PyType_Spec result_spec = {"dyng._core.SsspResult", sizeof(sssp_result), 0,
                                  Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
                                  result_slots};

PyMethodDef dyng_py_sssp_functions[] = {
    {"sssp_compute", sssp_compute, METH_VARARGS,
     "sssp_compute(graph, source, objective, fallback_fraction, fallback_max_fraction, "
     "validate_inputs, engine, delta, /)\n--\n\n"
     "The canonical shortest-path tree of source."},
    {"sssp_from_arrays", sssp_from_arrays, METH_VARARGS,
     "sssp_from_arrays(graph, source, distances, parents, objective, fallback_fraction, "
     "fallback_max_fraction, validate_inputs, engine, delta, /)\n--\n\nA result from checked "
     "arrays."},
    {NULL, NULL, 0, NULL}};

int dyng_py_init_sssp(PyObject *module, dyng_py_state *st) {
    st->sssp_type = PyType_FromModuleAndSpec(module, &result_spec, NULL);
    if (!st->sssp_type)
        return -1;
    if (PyModule_AddObjectRef(module, "SsspResult", st->sssp_type) < 0 ||
        PyModule_AddObject(module, "INFINITE_DISTANCE",
                           PyLong_FromLongLong(DYNG_INFINITE_DISTANCE)) < 0)
        return -1;
    return PyModule_AddFunctions(module, dyng_py_sssp_functions);
}
