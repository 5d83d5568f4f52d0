/*
 * module.c - dyng._core: module init, registration and build facts.
 *
 * Single-phase init: one module object per process, whose state is the
 * static struct of common.c. The typed layer calls _register() once, on first
 * use, to hand over the exception classes of dyng.errors and the public
 * dyng.Array subclass.
 */
#include <string.h>

#include "dyng_py.h"

void dyng_py_set_main_thread(unsigned long ident, PyObject *getsignal, PyObject *default_handler);

#ifndef DYNG_PY_COMPILER
#define DYNG_PY_COMPILER "unknown"
#endif
#ifndef DYNG_PY_BUILD_TYPE
#define DYNG_PY_BUILD_TYPE "unknown"
#endif
#ifndef DYNG_PY_C_FLAGS
#define DYNG_PY_C_FLAGS ""
#endif

/* The dyng_status names _register() takes classes for, by status. */
static const char *const status_keys[DYNG_PY_NUM_STATUS] = {
    NULL,       "INVALID_ARGUMENT", "NOT_SUPPORTED", "STALE_RESULT",
    "CAPACITY", "OUT_OF_MEMORY",    "FILE_FORMAT",   NULL /* interrupted: KeyboardInterrupt */,
    "INTERNAL"};

static PyObject *module_register(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *errors, *array_type;
    if (!PyArg_ParseTuple(args, "O!O:_register", &PyDict_Type, &errors, &array_type))
        return NULL;
    dyng_py_state *st = dyng_py_state_global();
    PyObject *classes[DYNG_PY_NUM_STATUS] = {NULL};
    for (int i = 0; i < DYNG_PY_NUM_STATUS; i++) {
        if (!status_keys[i])
            continue;
        PyObject *cls = PyDict_GetItemString(errors, status_keys[i]); /* borrowed */
        if (!cls || !PyType_Check(cls) ||
            !PyType_IsSubtype((PyTypeObject *)cls, (PyTypeObject *)PyExc_Exception)) {
            PyErr_Format(PyExc_TypeError, "_register: errors['%s'] must be an exception class",
                         status_keys[i]);
            return NULL;
        }
        classes[i] = cls;
    }
    if (array_type != Py_None &&
        (!PyType_Check(array_type) ||
         !PyType_IsSubtype((PyTypeObject *)array_type, (PyTypeObject *)st->array_type))) {
        PyErr_SetString(PyExc_TypeError, "_register: array_type must subclass _core.Array");
        return NULL;
    }
    for (int i = 0; i < DYNG_PY_NUM_STATUS; i++) {
        PyObject *old = st->errors[i];
        st->errors[i] = Py_XNewRef(classes[i]);
        Py_XDECREF(old);
    }
    PyObject *old = st->array_public_type;
    st->array_public_type = array_type == Py_None ? NULL : Py_NewRef(array_type);
    Py_XDECREF(old);
    Py_RETURN_NONE;
}

static PyObject *module_build_info(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    const char *version = "";
    dyng_version(&version);
    return Py_BuildValue("{s:s,s:s,s:s,s:s,s:N,s:i,s:i}", "version", version, "compiler",
                         DYNG_PY_COMPILER, "build_type", DYNG_PY_BUILD_TYPE, "c_flags",
                         DYNG_PY_C_FLAGS, "openmp", PyBool_FromLong(dyng_openmp_available()),
                         "limited_api", 0x030B0000, "max_weights", DYNG_MAX_WEIGHTS);
}

static PyObject *module_openmp_available(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    return PyBool_FromLong(dyng_openmp_available());
}

static const char *const id_names[] = {"none", "int32", "int64", NULL};

static PyObject *module_types_check(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *v_obj, *o_obj;
    int k;
    if (!PyArg_ParseTuple(args, "OOi:types_check", &v_obj, &o_obj, &k))
        return NULL;
    int v = dyng_py_enum_arg(v_obj, id_names, "vertex_dtype");
    int o = v < 0 ? -1 : dyng_py_enum_arg(o_obj, id_names, "offset_dtype");
    if (o < 0)
        return NULL;
    dyng_status s = dyng_types_check((dyng_type)v, (dyng_type)o, k);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

static PyObject *module_supported_types(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (int v = 1; list && v <= 2; v++)
        for (int o = 1; o <= 2; o++)
            for (int k = 1; k >= 0; k--) {
                if (dyng_types_check((dyng_type)v, (dyng_type)o, k) != DYNG_OK)
                    continue;
                PyObject *item =
                    Py_BuildValue("(sss)", id_names[v], id_names[o], k ? "int32" : "none");
                if (!item || PyList_Append(list, item) < 0) {
                    Py_XDECREF(item);
                    Py_CLEAR(list);
                    break;
                }
                Py_DECREF(item);
            }
    dyng_error_clear();
    return list;
}

static PyObject *module_properties_default(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    dyng_graph_properties p;
    dyng_properties_default(&p);
    return dyng_py_properties_tuple(&p);
}

static PyObject *module_properties_mosp(PyObject *module, PyObject *args) {
    (void)module;
    int k;
    if (!PyArg_ParseTuple(args, "i:properties_mosp_compatible", &k))
        return NULL;
    dyng_graph_properties p;
    dyng_status s = dyng_properties_mosp_compatible(&p, k);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return dyng_py_properties_tuple(&p);
}

static PyObject *module_properties_cycle(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    dyng_graph_properties p;
    dyng_properties_cycle_enum_compatible(&p);
    return dyng_py_properties_tuple(&p);
}

/* The six semantics fields of a properties tuple (indices 7..12). */
static PyObject *semantics_of(const dyng_batch_semantics *sem) {
    dyng_graph_properties p;
    dyng_properties_default(&p);
    p.semantics = *sem;
    PyObject *t = dyng_py_properties_tuple(&p);
    if (!t)
        return NULL;
    PyObject *slice = PyTuple_GetSlice(t, 7, 13);
    Py_DECREF(t);
    return slice;
}

static PyObject *module_semantics_upsert(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    dyng_batch_semantics sem;
    dyng_semantics_upsert_last_wins(&sem);
    return semantics_of(&sem);
}

static PyObject *module_semantics_set(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    dyng_batch_semantics sem;
    dyng_semantics_set(&sem);
    return semantics_of(&sem);
}

static PyObject *module_properties_check(PyObject *module, PyObject *arg) {
    (void)module;
    dyng_graph_properties p;
    if (dyng_py_properties_arg(arg, &p) < 0)
        return NULL;
    dyng_status s = dyng_properties_check(&p);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

static PyObject *module_interrupt(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    dyng_interrupt(NULL);
    Py_RETURN_NONE;
}

static PyObject *module_clear_interrupt(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    dyng_interrupt_clear(NULL);
    Py_RETURN_NONE;
}

#ifdef DYNG_TESTING_HOOKS
/* Fault injection for the tests (src/core/alloc.h, memory.h, resources_internal.h):
 * only in builds with DYNG_TESTING_HOOKS (make python, the sanitizer
 * builds), never in a wheel. Each takes k (0 stops it) and returns the count
 * since the last call. */
#include "core/alloc.h"
#include "core/memory.h"
#include "core/resources_internal.h"

static PyObject *testing_call(PyObject *arg, int64_t (*hook)(int64_t)) {
    long long k = PyLong_AsLongLong(arg);
    if (k == -1 && PyErr_Occurred())
        return NULL;
    if (k < 0)
        return dyng_py_raise(DYNG_INVALID_ARGUMENT, "k is %lld; accepted: 0 (off) or k >= 1", k);
    return PyLong_FromLongLong((long long)hook((int64_t)k));
}

static PyObject *module_testing_fail_allocation(PyObject *module, PyObject *arg) {
    (void)module;
    return testing_call(arg, dyng_testing_fail_allocation);
}

static PyObject *module_testing_interrupt_at_poll(PyObject *module, PyObject *arg) {
    (void)module;
    return testing_call(arg, dyng_testing_interrupt_at_poll);
}

static PyObject *module_testing_physical_memory(PyObject *module, PyObject *arg) {
    (void)module;
    long long bytes = PyLong_AsLongLong(arg);
    if (bytes == -1 && PyErr_Occurred())
        return NULL;
    if (bytes < 0)
        return dyng_py_raise(DYNG_INVALID_ARGUMENT,
                             "bytes is %lld; accepted: 0 (the machine's) or more", bytes);
    return PyLong_FromSize_t(dyng_testing_physical_memory((size_t)bytes));
}
#endif

static PyMethodDef module_functions[] = {
#ifdef DYNG_TESTING_HOOKS
    {"_testing_fail_allocation", module_testing_fail_allocation, METH_O,
     "_testing_fail_allocation(k, /)\n--\n\n"
     "Make libdyng's k-th allocation from now fail (0: none); returns the count since the "
     "last call. Test builds only."},
    {"_testing_interrupt_at_poll", module_testing_interrupt_at_poll, METH_O,
     "_testing_interrupt_at_poll(k, /)\n--\n\n"
     "From libdyng's k-th interrupt poll from now on, report an interrupt (0: stop); returns "
     "the polls since the last call. Test builds only."},
    {"_testing_physical_memory", module_testing_physical_memory, METH_O,
     "_testing_physical_memory(bytes, /)\n--\n\n"
     "Make libdyng take the machine's memory to be `bytes` (0: the machine's own); returns "
     "the previous setting. Test builds only."},
#endif
    {"_register", module_register, METH_VARARGS,
     "_register(errors, array_type, /)\n--\n\nHand over the exception classes and dyng.Array."},
    {"build_info", module_build_info, METH_NOARGS,
     "build_info()\n--\n\nVersion, compiler, build type and flags."},
    {"openmp_available", module_openmp_available, METH_NOARGS,
     "openmp_available()\n--\n\nWhether the OpenMP backend was built."},
    {"types_check", module_types_check, METH_VARARGS,
     "types_check(vertex_dtype, offset_dtype, num_weights, /)\n--\n\n"
     "Raise NotSupportedError for an unsupported type combination."},
    {"supported_types", module_supported_types, METH_NOARGS,
     "supported_types()\n--\n\nThe supported (vertex, offset, weight) combinations."},
    {"properties_default", module_properties_default, METH_NOARGS,
     "properties_default()\n--\n\nThe default properties tuple."},
    {"properties_mosp_compatible", module_properties_mosp, METH_VARARGS,
     "properties_mosp_compatible(num_weights, /)\n--\n\nThe MOSP preset."},
    {"properties_cycle_enum_compatible", module_properties_cycle, METH_NOARGS,
     "properties_cycle_enum_compatible()\n--\n\nThe cycle-enumeration preset."},
    {"semantics_upsert_last_wins", module_semantics_upsert, METH_NOARGS,
     "semantics_upsert_last_wins()\n--\n\nThe default semantics fields."},
    {"semantics_set", module_semantics_set, METH_NOARGS,
     "semantics_set()\n--\n\nThe set semantics fields."},
    {"properties_check", module_properties_check, METH_O,
     "properties_check(properties, /)\n--\n\nCheck a properties tuple."},
    {"interrupt", module_interrupt, METH_NOARGS,
     "interrupt()\n--\n\nSet the process-wide interrupt flag."},
    {"clear_interrupt", module_clear_interrupt, METH_NOARGS,
     "clear_interrupt()\n--\n\nClear the process-wide interrupt flag."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "dyng._core",
    "The private extension module of dyng (C, Limited API). Use the dyng package.",
    -1,
    module_functions,
    NULL,
    NULL,
    NULL,
    NULL};

/* Record the interpreter's main thread and Python's own SIGINT handler:
 * Ctrl-C is routed to libdyng only for calls made on that thread, where
 * Python delivers signals, while that handler is the one installed. */
static int read_main_thread(void) {
    PyObject *threading = PyImport_ImportModule("threading");
    if (!threading)
        return -1;
    PyObject *main = PyObject_CallMethod(threading, "main_thread", NULL);
    Py_DECREF(threading);
    if (!main)
        return -1;
    PyObject *ident = PyObject_GetAttrString(main, "ident");
    Py_DECREF(main);
    if (!ident)
        return -1;
    unsigned long value = PyLong_AsUnsignedLong(ident);
    Py_DECREF(ident);
    if (PyErr_Occurred())
        return -1;
    /* _signal, the C module under signal: its getsignal returns the handler
     * as stored, while signal.getsignal first tries to make it an enum
     * member, which for a function raises and catches a ValueError (3.4 us
     * a call on this VM against 24 ns, at every native call on the main
     * thread). The handlers are the same objects either way. */
    PyObject *signal = PyImport_ImportModule("_signal");
    if (!signal) {
        PyErr_Clear();
        signal = PyImport_ImportModule("signal");
    }
    if (!signal)
        return -1;
    PyObject *getsignal = PyObject_GetAttrString(signal, "getsignal");
    PyObject *handler = getsignal ? PyObject_GetAttrString(signal, "default_int_handler") : NULL;
    Py_DECREF(signal);
    if (!handler) {
        Py_XDECREF(getsignal);
        return -1;
    }
    dyng_py_set_main_thread(value, getsignal, handler); /* kept for the process's life */
    return 0;
}

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    dyng_py_state *st = dyng_py_state_global();
    const char *version = "";
    dyng_version(&version);
    if (read_main_thread() < 0 || PyModule_AddStringConstant(m, "__version__", version) < 0 ||
        PyModule_AddIntConstant(m, "MAX_WEIGHTS", DYNG_MAX_WEIGHTS) < 0 ||
        PyModule_AddObject(m, "INT32_MAX", PyLong_FromLongLong(INT32_MAX)) < 0 ||
        PyModule_AddObject(m, "INT64_MAX", PyLong_FromLongLong(INT64_MAX)) < 0 ||
        dyng_py_init_resources(m, st) < 0 || dyng_py_init_graph(m, st) < 0 ||
        dyng_py_init_batch(m, st) < 0 || dyng_py_init_io(m, st) < 0 ||
        dyng_py_init_profiler(m, st) < 0 || dyng_py_init_array(m, st) < 0 ||
        dyng_py_init_degrees(m, st) < 0 || dyng_py_init_sssp(m, st) < 0 ||
        dyng_py_init_cycle_count(m, st) < 0 ||
        PyModule_AddFunctions(m, dyng_py_graph_functions) < 0 ||
        PyModule_AddFunctions(m, dyng_py_io_functions) < 0 ||
        PyModule_AddFunctions(m, dyng_py_profiler_functions) < 0 ||
        PyModule_AddFunctions(m, dyng_py_degrees_functions) < 0 ||
        PyModule_AddFunctions(m, dyng_py_update_functions) < 0 ||
        PyModule_AddFunctions(m, dyng_py_generators_functions) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
