/*
 * profiler.c - _core.Profiler: named stages with call counts and times.
 *
 * One profiler at a time is attached, process-wide. Every native region
 * (dyng_py_native_begin .. _end) holds g_attach in shared mode and adds its
 * time to the attached profiler's records under the records' own mutex,
 * without the GIL; a short read (dyng_py_short_begin) that keeps the GIL
 * takes g_attach only if it can without waiting. profiler_attach() and
 * Profiler.records() take g_attach exclusively (with the GIL released first,
 * as every object lock here), so a profiler is never detached or read while a
 * call records into it. The lock prefers writers, so attaching finishes even
 * while other threads keep calling.
 */
#include <stdlib.h>
#include <string.h>

#include "dyng_py.h"

typedef struct stage_record {
    const char *stage; /* a string literal of the calling file or of libdyng */
    bool inner;        /* a stage inside a call (dyng/stages.h)                */
    int64_t calls;
    int64_t total_ns;
} stage_record;

typedef struct dyng_py_profile {
    pthread_mutex_t mutex;
    stage_record *records;
    size_t count, cap;
    bool failed; /* a record could not be stored (out of memory) */
} dyng_py_profile;

typedef struct profiler_object {
    PyObject_HEAD dyng_py_profile profile;
} profiler_object;

static pthread_rwlock_t g_attach;
static profiler_object *g_attached; /* strong reference, or NULL */

/* Add one call of `stage` to p's records (p's mutex not held). */
static void record(dyng_py_profile *p, const char *stage, bool inner, int64_t ns) {
    pthread_mutex_lock(&p->mutex);
    size_t i = 0;
    while (i < p->count &&
           (p->records[i].inner != inner || strcmp(p->records[i].stage, stage) != 0))
        i++;
    if (i == p->count) {
        if (p->count == p->cap) {
            size_t cap = p->cap ? 2 * p->cap : 16;
            stage_record *grown = realloc(p->records, cap * sizeof *grown);
            if (!grown) {
                p->failed = true;
                pthread_mutex_unlock(&p->mutex);
                return;
            }
            p->records = grown;
            p->cap = cap;
        }
        p->records[i] = (stage_record){stage, inner, 0, 0};
        p->count++;
    }
    p->records[i].calls++;
    p->records[i].total_ns += ns;
    pthread_mutex_unlock(&p->mutex);
}

/* libdyng's stage hook: a stage inside the call this thread is making. */
static void record_inner(void *context, const char *stage, int64_t ns) {
    record(context, stage, true, ns);
}

/* The attached profiler's records (g_attach held), with this thread's stage
 * hook pointed at them; NULL when none is attached. */
static dyng_py_profile *hook_attached(void) {
    dyng_py_profile *p = g_attached ? &g_attached->profile : NULL;
    if (p)
        dyng_stage_hook_set(record_inner, p);
    return p;
}

dyng_py_profile *dyng_py_profile_enter(void) {
    pthread_rwlock_rdlock(&g_attach);
    return hook_attached();
}

bool dyng_py_profile_try_enter(dyng_py_profile **out) {
    if (pthread_rwlock_tryrdlock(&g_attach) != 0)
        return false;
    *out = hook_attached();
    return true;
}

void dyng_py_profile_leave(dyng_py_profile *p, const char *stage, int64_t ns) {
    if (p) {
        dyng_stage_hook_set(NULL, NULL);
        record(p, stage, false, ns);
    }
    pthread_rwlock_unlock(&g_attach);
}

static PyObject *profiler_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (!PyArg_ParseTuple(args, ":Profiler") || (kwargs && PyObject_Length(kwargs) > 0)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "Profiler() takes no arguments");
        return NULL;
    }
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    profiler_object *self = (profiler_object *)alloc(type, 0);
    if (!self)
        return NULL;
    memset(&self->profile, 0, sizeof self->profile);
    pthread_mutex_init(&self->profile.mutex, NULL);
    return (PyObject *)self;
}

static void profiler_dealloc(PyObject *obj) {
    profiler_object *self = (profiler_object *)obj;
    PyTypeObject *type = Py_TYPE(obj);
    pthread_mutex_destroy(&self->profile.mutex);
    free(self->profile.records);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(obj);
    Py_DECREF(type);
}

/* Take g_attach exclusively without holding the GIL. */
static PyThreadState *attach_lock(void) {
    PyThreadState *ts = PyEval_SaveThread();
    pthread_rwlock_wrlock(&g_attach);
    return ts;
}

static PyObject *profiler_records(PyObject *obj, PyObject *unused) {
    (void)unused;
    profiler_object *self = (profiler_object *)obj;
    PyThreadState *ts = attach_lock();
    pthread_mutex_lock(&self->profile.mutex);
    size_t count = self->profile.count;
    stage_record *copy = malloc((count ? count : 1) * sizeof *copy);
    if (copy && count > 0)
        memcpy(copy, self->profile.records, count * sizeof *copy);
    pthread_mutex_unlock(&self->profile.mutex);
    pthread_rwlock_unlock(&g_attach);
    PyEval_RestoreThread(ts);
    if (!copy)
        return PyErr_NoMemory();
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *item =
            Py_BuildValue("(sLLO)", copy[i].stage, (long long)copy[i].calls,
                          (long long)copy[i].total_ns, copy[i].inner ? Py_True : Py_False);
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        PyList_SetItem(list, (Py_ssize_t)i, item);
    }
    free(copy);
    return list;
}

static PyObject *profiler_clear(PyObject *obj, PyObject *unused) {
    (void)unused;
    profiler_object *self = (profiler_object *)obj;
    PyThreadState *ts = attach_lock();
    pthread_mutex_lock(&self->profile.mutex);
    self->profile.count = 0;
    self->profile.failed = false;
    pthread_mutex_unlock(&self->profile.mutex);
    pthread_rwlock_unlock(&g_attach);
    PyEval_RestoreThread(ts);
    Py_RETURN_NONE;
}

static PyObject *profiler_attach(PyObject *module, PyObject *arg) {
    (void)module;
    dyng_py_state *st = dyng_py_state_global();
    if (arg != Py_None && !PyObject_TypeCheck(arg, (PyTypeObject *)st->profiler_type)) {
        PyErr_SetString(PyExc_TypeError, "profiler_attach() takes a Profiler or None");
        return NULL;
    }
    profiler_object *next = arg == Py_None ? NULL : (profiler_object *)arg;
    Py_XINCREF((PyObject *)next);
    PyThreadState *ts = attach_lock();
    profiler_object *previous = g_attached;
    g_attached = next;
    pthread_rwlock_unlock(&g_attach);
    PyEval_RestoreThread(ts);
    if (!previous)
        Py_RETURN_NONE;
    return (PyObject *)previous; /* the attachment's reference becomes the caller's */
}

static PyMethodDef profiler_methods[] = {
    {"records", profiler_records, METH_NOARGS,
     "records($self, /)\n--\n\nThe (stage, calls, total_ns, inner) records, in first-call order."},
    {"clear", profiler_clear, METH_NOARGS, "clear($self, /)\n--\n\nForget every record."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot profiler_slots[] = {
    {Py_tp_new, profiler_new},
    {Py_tp_dealloc, profiler_dealloc},
    {Py_tp_methods, profiler_methods},
    {Py_tp_doc, "Profiler()\n--\n\nNamed stages of native calls with call counts and times."},
    {0, NULL}};

static PyType_Spec profiler_spec = {"dyng._core.Profiler", sizeof(profiler_object), 0,
                                    Py_TPFLAGS_DEFAULT, profiler_slots};

PyMethodDef dyng_py_profiler_functions[] = {
    {"profiler_attach", profiler_attach, METH_O,
     "profiler_attach(profiler, /)\n--\n\nAttach a Profiler (or None); returns the previous "
     "one."},
    {NULL, NULL, 0, NULL}};

int dyng_py_init_profiler(PyObject *module, dyng_py_state *st) {
    pthread_rwlockattr_t attr;
    pthread_rwlockattr_init(&attr);
    pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
    pthread_rwlock_init(&g_attach, &attr);
    pthread_rwlockattr_destroy(&attr);
    st->profiler_type = PyType_FromModuleAndSpec(module, &profiler_spec, NULL);
    if (!st->profiler_type)
        return -1;
    return PyModule_AddObjectRef(module, "Profiler", st->profiler_type);
}
