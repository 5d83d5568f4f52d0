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
 * Returns one stats tuple per result, in order.
 */
#include <stdlib.h>
#include <string.h>

#include "dyng_py.h"

typedef struct {
    PyObject *obj;
    dyng_py_prepared prep;
    dyng_sssp_stats stats;
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
        if (!dyng_py_sssp_check(r)) {
            PyErr_Format(PyExc_TypeError, "result %zd is not a native result", i);
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
    const int copy_policy = g->resources ? ((dyng_py_resources *)g->resources)->copy_policy : 0;
    locks[0] = (dyng_py_lock_request){&g->lock, true};
    locks[1] = (dyng_py_lock_request){&b->lock, false};
    for (Py_ssize_t i = 0; i < count; i++) {
        e[i].obj = PyTuple_GetItem(results_obj, i);
        locks[i + 2] = (dyng_py_lock_request){dyng_py_sssp_lock(e[i].obj), true};
        refs[i] = (dyng_result_ref){DYNG_RESULT_SSSP, dyng_py_sssp_handle(e[i].obj), &e[i].stats};
    }
    dyng_status s = DYNG_OK;
    Py_ssize_t stale = -1, no_memory = -1;

    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "update");
    dyng_py_lock_all(locks, (int)count + 2);
    /* Stale results first: a refused call leaves them untouched. */
    for (Py_ssize_t i = 0; i < count && stale < 0; i++) {
        uint64_t v = 0, sid = 0, rv = 0, rsid = 0;
        dyng_graph_version(&v, g->handle);
        dyng_graph_state_id(&sid, g->handle);
        dyng_sssp_result_graph_version(&rv, refs[i].result);
        dyng_sssp_result_graph_state_id(&rsid, refs[i].result);
        if (v != rv || sid != rsid)
            stale = i;
    }
    if (stale >= 0) {
        s = dyng_update(g->handle, b->handle, refs, count); /* libdyng's message */
    } else {
        for (Py_ssize_t i = 0; i < count; i++) {
            e[i].prep = dyng_py_sssp_prepare(e[i].obj, g->handle, b->handle, copy_policy);
            if (e[i].prep.outcome == DYNG_PY_PREPARED_NO_MEMORY && no_memory < 0)
                no_memory = i;
        }
        if (no_memory < 0)
            s = dyng_update(g->handle, b->handle, refs, count);
        if (no_memory < 0 && s == DYNG_OK)
            for (Py_ssize_t i = 0; i < count; i++)
                dyng_py_sssp_finish(e[i].obj, &e[i].prep);
    }
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
            PyObject *t = dyng_py_sssp_stats(&e[i].stats);
            if (t == NULL) {
                Py_CLEAR(out);
                break;
            }
            PyTuple_SetItem(out, i, t);
        }
    free(e);
    free(locks);
    free(refs);
    return out;
}

PyMethodDef dyng_py_update_functions[] = {
    {"update", update, METH_VARARGS,
     "update(graph, batch, results, /)\n--\n\nApply a batch once and repair every result."},
    {NULL, NULL, 0, NULL}};
