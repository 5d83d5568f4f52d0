/*
 * python/_core/generators.c - the research codes' generators
 * (dyng/generators.h) for dyng.generators.legacy.
 */
#include "dyng_py.h"

static PyObject *legacy_cycle_enum_batch(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj;
    long long deletions, insertions, window;
    unsigned long long seed; /* "K": the typed layer has checked 0 <= seed < 2**64 */
    if (!PyArg_ParseTuple(args, "OLLKL:legacy_cycle_enum_batch", &graph_obj, &deletions,
                          &insertions, &seed, &window))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    if (!g)
        return NULL;
    dyng_py_call call;
    dyng_batch *b = NULL;
    DYNG_PY_BEGIN_NATIVE(&call, "generators.legacy.cycle_enum_batch");
    dyng_py_rdlock(&g->lock);
    dyng_status s =
        dyng_legacy_cycle_enum_batch(&b, g->handle, deletions, insertions, (uint64_t)seed, window);
    dyng_py_unlock(&g->lock);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return dyng_py_batch_wrap(dyng_py_state_global(), b);
}

PyMethodDef dyng_py_generators_functions[] = {
    {"legacy_cycle_enum_batch", legacy_cycle_enum_batch, METH_VARARGS,
     "legacy_cycle_enum_batch(graph, num_deletions, num_insertions, seed, locality_window, /)\n"
     "--\n\nCycleEnumeration-GPU's batch for a graph, bit for bit."},
    {NULL, NULL, 0, NULL}};
