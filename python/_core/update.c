/*
 * update.c - _core.update(graph, batch, results): one apply, several results
 * (dyng_update of dyng/update.h), under the locks and the copy-on-write
 * rules of the results.
 *
 * With the GIL released: take the graph's lock and every result's
 * exclusively and the batch's shared, all in address order; prepare each
 * result (staleness, retiring its Arrays, making its slots writable and long
 * enough); if every one is ready, dyng_update applies the batch once and
 * repairs them all; then each result copies what changed into its slots.
 * Returns one stats tuple per result, in order. Results of every kind mix
 * (SsspResult, CycleCountResult): each kind brings its hooks (kinds[]).
 */
#include <stdlib.h>
#include <string.h>

#include "dyng_py.h"

/* ---- the kinds of results -------------------------------------------------- */

/* Whether an sssp result belongs to g's current state. */
static bool sssp_current(PyObject *obj, const dyng_graph *g) {
    uint64_t v = 0, sid = 0, rv = 0, rsid = 0;
    dyng_graph_version(&v, g);
    dyng_graph_state_id(&sid, g);
    dyng_sssp_result_graph_version(&rv, dyng_py_sssp_handle(obj));
    dyng_sssp_result_graph_state_id(&rsid, dyng_py_sssp_handle(obj));
    return v == rv && sid == rsid;
}

static PyObject *sssp_stats(const void *stats) { return dyng_py_sssp_stats(stats); }
static PyObject *cycle_count_stats(const void *stats) { return dyng_py_cycle_count_stats(stats); }

/* What update() needs of each kind (the hooks of sssp.c and cycle_count.c). */
typedef struct kind_hooks {
    dyng_result_kind kind;
    bool (*check)(PyObject *obj);
    dyng_py_rwlock *(*lock)(PyObject *obj);
    void *(*handle)(PyObject *obj);
    bool (*current)(PyObject *obj, const dyng_graph *g);
    dyng_py_prepared (*prepare)(PyObject *obj, const dyng_graph *g, const dyng_batch *b,
                                int copy_policy);
    void (*finish)(PyObject *obj, const dyng_py_prepared *prep);
    PyObject *(*stats)(const void *stats);
} kind_hooks;

static const kind_hooks kinds[] = {
    {DYNG_RESULT_SSSP, dyng_py_sssp_check, dyng_py_sssp_lock, dyng_py_sssp_handle, sssp_current,
     dyng_py_sssp_prepare, dyng_py_sssp_finish, sssp_stats},
    {DYNG_RESULT_CYCLE_COUNT, dyng_py_cycle_count_check, dyng_py_cycle_count_lock,
     dyng_py_cycle_count_handle, dyng_py_cycle_count_current, dyng_py_cycle_count_prepare,
     dyng_py_cycle_count_finish, cycle_count_stats},
};
enum { NUM_KINDS = (int)(sizeof kinds / sizeof kinds[0]) };

static const kind_hooks *kind_of(PyObject *obj) {
    for (int k = 0; k < NUM_KINDS; k++)
        if (kinds[k].check(obj))
            return &kinds[k];
    return NULL;
}

typedef struct {
    PyObject *obj;
    const kind_hooks *hooks;
    dyng_py_prepared prep;
    union {
        dyng_sssp_stats sssp;
        dyng_cycle_count_stats cycle_count;
    } stats;
} entry;

static PyObject *update(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj, *batch_obj, *results_obj;
    if (!PyArg_ParseTuple(args, "OOO!:update", &graph_obj, &batch_obj, &PyTuple_Type, &results_obj))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    dyng_py_batch *b = g ? dyng_py_batch_arg(batch_obj, "batch") : NULL;
    if (b == NULL)
        return NULL;
    const Py_ssize_t count = PyTuple_Size(results_obj);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *r = PyTuple_GetItem(results_obj, i);
        if (kind_of(r) == NULL) {
            PyErr_Format(PyExc_TypeError,
                         "result %zd is not a native result (SsspResult or CycleCountResult)", i);
            return NULL;
        }
        for (Py_ssize_t j = 0; j < i; j++)
            if (PyTuple_GetItem(results_obj, j) == r)
                return dyng_py_raise(DYNG_INVALID_ARGUMENT,
                                     "results %zd and %zd are the same result; each may be "
                                     "listed once",
                                     j, i);
    }
    entry *e = calloc((size_t)count + 1, sizeof *e);
    dyng_py_lock_request *locks = calloc((size_t)count + 2, sizeof *locks);
    dyng_result_ref *refs = calloc((size_t)count + 1, sizeof *refs);
    if (!e || !locks || !refs) {
        free(e);
        free(locks);
        free(refs);
        return PyErr_NoMemory();
    }
    const int copy_policy = dyng_py_graph_copy_policy(g);
    locks[0] = (dyng_py_lock_request){&g->lock, true};
    locks[1] = (dyng_py_lock_request){&b->lock, false};
    for (Py_ssize_t i = 0; i < count; i++) {
        e[i].obj = PyTuple_GetItem(results_obj, i);
        e[i].hooks = kind_of(e[i].obj);
        locks[i + 2] = (dyng_py_lock_request){e[i].hooks->lock(e[i].obj), true};
        refs[i] = (dyng_result_ref){e[i].hooks->kind, e[i].hooks->handle(e[i].obj), &e[i].stats};
    }
    dyng_status s = DYNG_OK;
    Py_ssize_t stale = -1, no_memory = -1;

    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "update");
    dyng_py_lock_all(locks, (int)count + 2);
    /* Stale (or poisoned) results first: a refused call leaves them untouched. */
    for (Py_ssize_t i = 0; i < count && stale < 0; i++)
        if (!e[i].hooks->current(e[i].obj, g->handle))
            stale = i;
    if (stale >= 0) {
        /* libdyng's message, from the stale result alone: the prepares of
         * the results before it could grow their arrays, which Arrays of
         * theirs may show (sssp.c lends them). */
        s = dyng_update(g->handle, b->handle, &refs[stale], 1);
    } else {
        for (Py_ssize_t i = 0; i < count; i++) {
            e[i].prep = e[i].hooks->prepare(e[i].obj, g->handle, b->handle, copy_policy);
            if (e[i].prep.outcome == DYNG_PY_PREPARED_NO_MEMORY && no_memory < 0)
                no_memory = i;
        }
        if (no_memory < 0)
            s = dyng_update(g->handle, b->handle, refs, count);
        if (no_memory < 0 && s == DYNG_OK)
            for (Py_ssize_t i = 0; i < count; i++)
                e[i].hooks->finish(e[i].obj, &e[i].prep);
    }
    uint64_t version = 0;
    dyng_graph_version(&version, g->handle);
    dyng_py_unlock_all(locks, (int)count + 2);
    DYNG_PY_END_NATIVE(&call);

    PyObject *out = NULL;
    if (no_memory >= 0)
        dyng_py_raise(DYNG_OUT_OF_MEMORY,
                      "out of memory for the arrays of result %zd; nothing was changed", no_memory);
    else if (s != DYNG_OK)
        dyng_py_raise_status(s);
    else if ((out = PyTuple_New(count)) != NULL)
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *t = e[i].hooks->stats(&e[i].stats);
            if (t == NULL) {
                Py_CLEAR(out);
                break;
            }
            PyTuple_SetItem(out, i, t);
        }
    out = dyng_py_after_change(&call, out,
                               "the update: the change is made and every result repaired", version);
    free(e);
    free(locks);
    free(refs);
    return out;
}

PyMethodDef dyng_py_update_functions[] = {
    {"update", update, METH_VARARGS,
     "update(graph, batch, results, /)\n--\n\nApply a batch once and repair every result."},
    {NULL, NULL, 0, NULL}};
