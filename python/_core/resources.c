/*
 * resources.c - _core.Resources: a libdyng resources handle (backend, thread
 * count, scratch space, interrupt flag) plus the binding's copy policy.
 *
 * copy_policy says what an update does with a result's arrays: "on_write"
 * (copy a state only while an export of it is alive) or "always" (copy before
 * every update, so memory once exported is never reused). Like the handle's
 * own fields it is set during setup, not while another thread uses it.
 */
#include "dyng_py.h"

static const char *const backend_names[] = {"sequential", "openmp", NULL};
static const char *const copy_policy_names[] = {"on_write", "always", NULL};

PyObject *dyng_py_resources_wrap(dyng_py_state *st, dyng_resources *handle) {
    PyTypeObject *type = (PyTypeObject *)st->resources_type;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    dyng_py_resources *self = (dyng_py_resources *)alloc(type, 0);
    if (!self) {
        dyng_resources_free(&handle);
        return NULL;
    }
    self->handle = handle;
    self->copy_policy = 0;
    return (PyObject *)self;
}

int dyng_py_resources_arg(PyObject *obj, dyng_resources **out) {
    dyng_py_state *st = dyng_py_state_global();
    if (obj == NULL || obj == Py_None) {
        *out = NULL; /* libdyng takes NULL as the process default */
        return 0;
    }
    if (!PyObject_TypeCheck(obj, (PyTypeObject *)st->resources_type)) {
        PyErr_SetString(PyExc_TypeError, "resources must be a dyng.Resources or None");
        return -1;
    }
    *out = ((dyng_py_resources *)obj)->handle;
    return 0;
}

static PyObject *resources_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"backend", "num_threads", NULL};
    PyObject *backend_obj = NULL;
    int num_threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|Ui:Resources", keywords, &backend_obj,
                                     &num_threads))
        return NULL;
    int backend = 1;
    if (backend_obj) {
        backend = dyng_py_enum_arg(backend_obj, backend_names, "backend");
        if (backend < 0)
            return NULL;
    }
    dyng_resources *handle = NULL;
    dyng_status s = dyng_resources_new(&handle, (dyng_backend)backend, num_threads);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    (void)type;
    return dyng_py_resources_wrap(dyng_py_state_global(), handle);
}

static void resources_dealloc(PyObject *obj) {
    dyng_py_resources *self = (dyng_py_resources *)obj;
    PyTypeObject *type = Py_TYPE(obj);
    dyng_resources_free(&self->handle);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(obj);
    Py_DECREF(type);
}

static PyObject *get_backend(PyObject *obj, void *closure) {
    (void)closure;
    dyng_backend b;
    dyng_status s = dyng_resources_backend(&b, ((dyng_py_resources *)obj)->handle);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return PyUnicode_FromString(dyng_backend_name(b));
}

static PyObject *get_num_threads(PyObject *obj, void *closure) {
    (void)closure;
    int n;
    dyng_status s = dyng_resources_num_threads(&n, ((dyng_py_resources *)obj)->handle);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return PyLong_FromLong(n);
}

static PyObject *get_scratch_bytes(PyObject *obj, void *closure) {
    (void)closure;
    size_t n;
    dyng_status s = dyng_resources_scratch_bytes(&n, ((dyng_py_resources *)obj)->handle);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return PyLong_FromSize_t(n);
}

static PyObject *get_copy_policy(PyObject *obj, void *closure) {
    (void)closure;
    return PyUnicode_FromString(copy_policy_names[((dyng_py_resources *)obj)->copy_policy]);
}

static int set_copy_policy(PyObject *obj, PyObject *value, void *closure) {
    (void)closure;
    if (!value) {
        PyErr_SetString(PyExc_AttributeError, "copy_policy cannot be deleted");
        return -1;
    }
    int policy = dyng_py_enum_arg(value, copy_policy_names, "copy_policy");
    if (policy < 0)
        return -1;
    ((dyng_py_resources *)obj)->copy_policy = policy;
    return 0;
}

static PyObject *get_interrupted(PyObject *obj, void *closure) {
    (void)closure;
    bool set = false;
    dyng_status s = dyng_interrupt_is_set(&set, ((dyng_py_resources *)obj)->handle);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return PyBool_FromLong(set);
}

static PyObject *resources_release_scratch(PyObject *obj, PyObject *unused) {
    (void)unused;
    dyng_status s = dyng_resources_release_scratch(((dyng_py_resources *)obj)->handle);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

static PyObject *resources_interrupt(PyObject *obj, PyObject *unused) {
    (void)unused;
    dyng_interrupt(((dyng_py_resources *)obj)->handle);
    Py_RETURN_NONE;
}

static PyObject *resources_clear_interrupt(PyObject *obj, PyObject *unused) {
    (void)unused;
    dyng_interrupt_clear(((dyng_py_resources *)obj)->handle);
    Py_RETURN_NONE;
}

static PyObject *resources_same_handle(PyObject *obj, PyObject *other) {
    dyng_py_state *st = dyng_py_state_global();
    if (!PyObject_TypeCheck(other, (PyTypeObject *)st->resources_type)) {
        PyErr_SetString(PyExc_TypeError, "same_handle() takes a Resources");
        return NULL;
    }
    return PyBool_FromLong(((dyng_py_resources *)obj)->handle ==
                           ((dyng_py_resources *)other)->handle);
}

static PyObject *default_resources(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    dyng_resources *handle = NULL;
    dyng_status s = dyng_resources_default(&handle);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return dyng_py_resources_wrap(dyng_py_state_global(), handle);
}

static PyGetSetDef resources_getset[] = {
    {"backend", get_backend, NULL, "'sequential' or 'openmp'.", NULL},
    {"num_threads", get_num_threads, NULL, "Threads calls use (resolved, never 0).", NULL},
    {"scratch_bytes", get_scratch_bytes, NULL, "Bytes of scratch space held now.", NULL},
    {"copy_policy", get_copy_policy, set_copy_policy, "'on_write' or 'always'.", NULL},
    {"interrupted", get_interrupted, NULL, "Whether the interrupt flag is set.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef resources_methods[] = {
    {"release_scratch", resources_release_scratch, METH_NOARGS,
     "release_scratch($self, /)\n--\n\nGive the scratch space back."},
    {"interrupt", resources_interrupt, METH_NOARGS,
     "interrupt($self, /)\n--\n\nSet the interrupt flag."},
    {"clear_interrupt", resources_clear_interrupt, METH_NOARGS,
     "clear_interrupt($self, /)\n--\n\nClear the interrupt flag."},
    {"same_handle", resources_same_handle, METH_O,
     "same_handle($self, other, /)\n--\n\nWhether both wrap one handle."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot resources_slots[] = {
    {Py_tp_new, resources_new},
    {Py_tp_dealloc, resources_dealloc},
    {Py_tp_getset, resources_getset},
    {Py_tp_methods, resources_methods},
    {Py_tp_doc, "Resources(backend='openmp', num_threads=0)\n--\n\nA libdyng resources handle."},
    {0, NULL}};

static PyType_Spec resources_spec = {"dyng._core.Resources", sizeof(dyng_py_resources), 0,
                                     Py_TPFLAGS_DEFAULT, resources_slots};

static PyMethodDef resources_functions[] = {
    {"default_resources", default_resources, METH_NOARGS,
     "default_resources()\n--\n\nThe process-wide default resources."},
    {NULL, NULL, 0, NULL}};

int dyng_py_init_resources(PyObject *module, dyng_py_state *st) {
    st->resources_type = PyType_FromModuleAndSpec(module, &resources_spec, NULL);
    if (!st->resources_type)
        return -1;
    if (PyModule_AddObjectRef(module, "Resources", st->resources_type) < 0)
        return -1;
    return PyModule_AddFunctions(module, resources_functions);
}
