/*
 * common.c - what every file of dyng._core uses: the module state, errors,
 * object locks, native call regions (GIL, Ctrl-C, profiler), input buffers.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "dyng_py.h"

/* ---- module state ------------------------------------------------------- */

static dyng_py_state g_state;

dyng_py_state *dyng_py_state_of_type(PyTypeObject *type) {
    (void)type;
    return &g_state;
}

dyng_py_state *dyng_py_state_global(void) { return &g_state; }

int64_t dyng_py_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ---- errors ------------------------------------------------------------- */

/* The built-in class that stands in for a status before _register ran. */
static PyObject *builtin_class(dyng_status status) {
    switch (status) {
    case DYNG_INVALID_ARGUMENT:
    case DYNG_STALE_RESULT: return PyExc_ValueError;
    case DYNG_NOT_SUPPORTED: return PyExc_NotImplementedError;
    case DYNG_CAPACITY:
    case DYNG_OUT_OF_MEMORY: return PyExc_MemoryError;
    case DYNG_FILE_FORMAT: return PyExc_OSError;
    default: return PyExc_RuntimeError;
    }
}

static PyObject *class_of(dyng_status status) {
    if ((int)status > 0 && (int)status < DYNG_PY_NUM_STATUS && g_state.errors[status])
        return g_state.errors[status];
    return builtin_class(status);
}

static PyObject *raise_message(dyng_status status, const char *message) {
    if (status == DYNG_INTERRUPTED) {
        /* A Ctrl-C that stopped the call was handed to Python's handler by
         * dyng_py_native_end; run it now, so that its KeyboardInterrupt comes
         * from the call itself, with the call's message. */
        if (PyErr_CheckSignals() < 0) {
            if (!PyErr_ExceptionMatches(PyExc_KeyboardInterrupt))
                return NULL;
            PyErr_Clear();
        }
        PyErr_SetString(PyExc_KeyboardInterrupt, message[0] ? message : "interrupted");
        return NULL;
    }
    PyObject *cls = class_of(status);
    /* A message may quote bytes of a file that are not UTF-8. */
    PyObject *text = PyUnicode_DecodeUTF8(message, (Py_ssize_t)strlen(message), "backslashreplace");
    if (!text)
        return NULL;
    if (status == DYNG_FILE_FORMAT && g_state.errors[DYNG_FILE_FORMAT]) {
        const char *path = NULL;
        int64_t line = 0, column = 0;
        dyng_error_location(&path, &line, &column);
        /* The path as the file system encodes it (os.fsdecode): a name that
         * is not UTF-8 comes back as the str the caller passed (io.c hands
         * libdyng os.fsencode's bytes). */
        PyObject *path_obj = PyUnicode_DecodeFSDefault(path ? path : "");
        PyObject *exc = path_obj ? PyObject_CallFunction(cls, "OOLL", text, path_obj,
                                                         (long long)line, (long long)column)
                                 : NULL;
        Py_XDECREF(path_obj);
        Py_DECREF(text);
        if (exc) {
            PyErr_SetObject(cls, exc);
            Py_DECREF(exc);
        }
        return NULL;
    }
    PyErr_SetObject(cls, text);
    Py_DECREF(text);
    return NULL;
}

/* libdyng names its C function first in some messages ("dyng_mm_write_arrays:
 * entry 0 is ..."), which says nothing to a Python caller: the prefix goes. */
static const char *without_c_name(const char *message) {
    if (strncmp(message, "dyng_", 5) != 0)
        return message;
    const char *p = message + 5;
    while ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_')
        p++;
    return p[0] == ':' && p[1] == ' ' && p[2] != '\0' ? p + 2 : message;
}

PyObject *dyng_py_raise_status(dyng_status status) {
    const char *message = dyng_error_message();
    if (!message[0])
        message = dyng_status_name(status);
    return raise_message(status, without_c_name(message));
}

PyObject *dyng_py_raise(dyng_status status, const char *format, ...) {
    char message[1024];
    va_list ap;
    va_start(ap, format);
    vsnprintf(message, sizeof message, format, ap);
    va_end(ap);
    return raise_message(status, message);
}

/* ---- object locks ------------------------------------------------------- */

int dyng_py_rwlock_init(dyng_py_rwlock *l) {
    pthread_rwlockattr_t attr;
    l->ready = false;
    if (pthread_rwlockattr_init(&attr) != 0) {
        PyErr_NoMemory();
        return -1;
    }
    /* Writers first: an apply waiting behind a stream of readers gets in. */
    pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
    int rc = pthread_rwlock_init(&l->lock, &attr);
    pthread_rwlockattr_destroy(&attr);
    if (rc != 0) {
        PyErr_NoMemory();
        return -1;
    }
    l->ready = true;
    return 0;
}

void dyng_py_rwlock_destroy(dyng_py_rwlock *l) {
    if (l->ready)
        pthread_rwlock_destroy(&l->lock);
    l->ready = false;
}

void dyng_py_rdlock(dyng_py_rwlock *l) { pthread_rwlock_rdlock(&l->lock); }
void dyng_py_wrlock(dyng_py_rwlock *l) { pthread_rwlock_wrlock(&l->lock); }
void dyng_py_unlock(dyng_py_rwlock *l) { pthread_rwlock_unlock(&l->lock); }

/* ---- native call regions ------------------------------------------------ */

/* The thread id of the interpreter's main thread (where Python delivers
 * signals), signal.getsignal and signal.default_int_handler, read at module
 * init. */
static unsigned long g_main_thread;
static PyObject *g_getsignal, *g_default_int_handler;
static volatile sig_atomic_t g_sigint_seen;

/* Native regions running on every thread, and whether a routed Ctrl-C left
 * the process-wide flag set for the last of them to clear. */
static atomic_int g_regions_running;
static atomic_int g_clear_pending;

void dyng_py_set_main_thread(unsigned long ident, PyObject *getsignal, PyObject *default_handler);
void dyng_py_set_main_thread(unsigned long ident, PyObject *getsignal, PyObject *default_handler) {
    g_main_thread = ident;
    g_getsignal = getsignal;
    g_default_int_handler = default_handler;
}

/* SIGINT while a native call runs on the main thread: tell libdyng's loops
 * (async-signal-safe) and remember it for dyng_py_native_end. */
static void on_sigint(int signo) {
    (void)signo;
    g_sigint_seen = 1;
    dyng_interrupt(NULL);
}

/* Whether Ctrl-C may stop a call made now: on the main thread, with Python's
 * own SIGINT handler installed. A handler of the user's runs when the call
 * has returned, as for any other C function; SIG_IGN and SIG_DFL (ignore,
 * end the process) keep doing what they say. */
static bool route_sigint(void) {
    if (g_main_thread == 0 || g_getsignal == NULL || PyThread_get_thread_ident() != g_main_thread)
        return false;
    PyObject *handler = PyObject_CallFunction(g_getsignal, "i", SIGINT);
    if (handler == NULL) {
        PyErr_Clear();
        return false;
    }
    const bool python_default = handler == g_default_int_handler;
    Py_DECREF(handler);
    return python_default;
}

void dyng_py_native_begin(dyng_py_call *call, const char *stage) {
    call->stage = stage;
    call->sigint_routed = false;
    call->sigint_came = false;
    call->profiled = true;
    atomic_fetch_add(&g_regions_running, 1);
    if (route_sigint()) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigint;
        sigemptyset(&sa.sa_mask);
        if (sigaction(SIGINT, &sa, &call->previous) == 0)
            call->sigint_routed = true;
    }
    call->thread = PyEval_SaveThread();
    call->profile = dyng_py_profile_enter();
    call->start_ns = call->profile ? dyng_py_now_ns() : 0;
}

void dyng_py_native_end(dyng_py_call *call) {
    if (call->profile)
        dyng_py_profile_leave(call->profile, call->stage, dyng_py_now_ns() - call->start_ns);
    else
        dyng_py_profile_leave(NULL, NULL, 0);
    PyEval_RestoreThread(call->thread);
    if (call->sigint_routed) {
        sigaction(SIGINT, &call->previous, NULL);
        if (g_sigint_seen) {
            g_sigint_seen = 0;
            call->sigint_came = true;
            atomic_store(&g_clear_pending, 1);
        }
    }
    /* Ctrl-C is process-wide: the calls running on other threads stop too,
     * so the flag stays until the last of them has ended. */
    if (atomic_fetch_sub(&g_regions_running, 1) == 1 && atomic_exchange(&g_clear_pending, 0))
        dyng_interrupt_clear(NULL);
    /* Hand the Ctrl-C to Python's handler: it runs at the next check, which
     * dyng_py_raise_status(DYNG_INTERRUPTED) or dyng_py_after_change makes
     * at once. */
    if (call->sigint_came)
        PyErr_SetInterrupt();
}

PyObject *dyng_py_after_change(const dyng_py_call *call, PyObject *result, const char *what,
                               uint64_t version) {
    if (!call->sigint_came || result == NULL || PyErr_CheckSignals() == 0)
        return result;
    Py_DECREF(result);
    if (PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) {
        PyErr_Clear();
        PyErr_Format(PyExc_KeyboardInterrupt,
                     "Ctrl-C came after the batch was applied, too late to stop %s (the graph "
                     "is at version %llu)",
                     what, (unsigned long long)version);
    }
    return NULL;
}

void dyng_py_native_pause(dyng_py_call *call) {
    if (call->thread != NULL)
        PyEval_RestoreThread(call->thread);
    call->gc_was_enabled = PyGC_Disable();
}

void dyng_py_native_resume(dyng_py_call *call) {
    if (call->gc_was_enabled)
        PyGC_Enable();
    if (call->thread != NULL)
        call->thread = PyEval_SaveThread();
}

void dyng_py_short_begin(dyng_py_call *call, dyng_py_rwlock *lock, const char *stage) {
    call->stage = stage;
    call->sigint_routed = false;
    call->sigint_came = false;
    call->profiled = false;
    call->profile = NULL;
    call->start_ns = 0;
    call->thread = NULL;
    if (pthread_rwlock_tryrdlock(&lock->lock) == 0) {
        if (stage == NULL)
            return;
        if (dyng_py_profile_try_enter(&call->profile)) {
            call->profiled = true;
            call->start_ns = call->profile ? dyng_py_now_ns() : 0;
            return;
        }
        pthread_rwlock_unlock(&lock->lock); /* the profiler is being attached or read */
    }
    if (stage == NULL)
        call->thread = PyEval_SaveThread();
    else
        dyng_py_native_begin(call, stage);
    dyng_py_rdlock(lock);
}

void dyng_py_short_end(dyng_py_call *call, dyng_py_rwlock *lock) {
    dyng_py_unlock(lock);
    if (call->thread != NULL && call->stage != NULL) {
        dyng_py_native_end(call);
        return;
    }
    if (call->profiled)
        dyng_py_profile_leave(call->profile, call->stage,
                              call->profile ? dyng_py_now_ns() - call->start_ns : 0);
    if (call->thread != NULL)
        PyEval_RestoreThread(call->thread);
}

/* ---- input arrays ------------------------------------------------------- */

/* Whether a struct-module format character names a signed integer of the
 * given size (native or '<' / '=' little-endian standard sizes). */
static bool signed_int_format(const char *format, Py_ssize_t itemsize, Py_ssize_t want) {
    if (itemsize != want)
        return false;
    if (!format)
        return false;
    if (*format == '@' || *format == '=' || *format == '<')
        format++;
    if (format[0] == '\0' || format[1] != '\0')
        return false;
    return strchr("bhilqn", format[0]) != NULL;
}

static const char *type_label(dyng_type t) {
    return t == DYNG_TYPE_INT32 ? "int32" : t == DYNG_TYPE_INT64 ? "int64" : "int32 or int64";
}

int dyng_py_ints_get(dyng_py_ints *out, PyObject *obj, dyng_type want, const char *what) {
    memset(out, 0, sizeof *out);
    if (PyObject_GetBuffer(obj, &out->view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) != 0) {
        PyErr_Clear();
        PyObject *type = PyObject_Type(obj);
        PyObject *name = type ? PyObject_GetAttrString(type, "__name__") : NULL;
        const char *label = name ? PyUnicode_AsUTF8AndSize(name, NULL) : NULL;
        PyErr_Clear();
        dyng_py_raise(DYNG_INVALID_ARGUMENT,
                      "%s: expected a C-contiguous %s array (any object with the buffer "
                      "protocol), got %s",
                      what, type_label(want), label ? label : "an object without a buffer");
        Py_XDECREF(name);
        Py_XDECREF(type);
        return -1;
    }
    out->held = true;
    Py_ssize_t itemsize = out->view.itemsize;
    dyng_type got = DYNG_TYPE_NONE;
    if (signed_int_format(out->view.format, itemsize, 4))
        got = DYNG_TYPE_INT32;
    else if (signed_int_format(out->view.format, itemsize, 8))
        got = DYNG_TYPE_INT64;
    if (got == DYNG_TYPE_NONE || (want != DYNG_TYPE_NONE && got != want)) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT,
                      "%s: expected %s values, got a buffer of format '%s' with %zd-byte items",
                      what, type_label(want), out->view.format ? out->view.format : "B", itemsize);
        dyng_py_ints_release(out);
        return -1;
    }
    out->type = got;
    out->length = (int64_t)(out->view.len / itemsize);
    out->data = out->view.buf;
    return 0;
}

void dyng_py_ints_release(dyng_py_ints *v) {
    if (v->held)
        PyBuffer_Release(&v->view);
    v->held = false;
}

PyObject *dyng_py_bytearray(Py_ssize_t bytes, void **data) {
    PyObject *ba = PyByteArray_FromStringAndSize(NULL, bytes);
    if (!ba)
        return NULL;
    *data = PyByteArray_AsString(ba);
    return ba;
}

/* ---- enumerations as strings --------------------------------------------- */

int dyng_py_enum_arg(PyObject *obj, const char *const *names, const char *what) {
    char allowed[256] = "";
    for (int i = 0; names[i]; i++) {
        if (i)
            strncat(allowed, ", ", sizeof allowed - strlen(allowed) - 1);
        strncat(allowed, "'", sizeof allowed - strlen(allowed) - 1);
        strncat(allowed, names[i], sizeof allowed - strlen(allowed) - 1);
        strncat(allowed, "'", sizeof allowed - strlen(allowed) - 1);
    }
    if (!PyUnicode_Check(obj)) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT, "%s must be a str, one of %s", what, allowed);
        return -1;
    }
    const char *s = PyUnicode_AsUTF8AndSize(obj, NULL);
    if (!s)
        return -1;
    for (int i = 0; names[i]; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    dyng_py_raise(DYNG_INVALID_ARGUMENT, "%s: unknown value '%s'; expected one of %s", what, s,
                  allowed);
    return -1;
}

/* ---- what results share ---------------------------------------------------- */

/* The locks of an update (graph and results exclusive, the batch shared),
 * taken in address order (the rule of dyng_py.h). Sorted in place by an
 * insertion sort: there are a handful. */
void dyng_py_lock_all(dyng_py_lock_request *req, int count) {
    for (int i = 1; i < count; i++) {
        const dyng_py_lock_request x = req[i];
        int j = i;
        while (j > 0 && (uintptr_t)req[j - 1].lock > (uintptr_t)x.lock) {
            req[j] = req[j - 1];
            j--;
        }
        req[j] = x;
    }
    for (int i = 0; i < count; i++) {
        if (req[i].exclusive)
            dyng_py_wrlock(req[i].lock);
        else
            dyng_py_rdlock(req[i].lock);
    }
}

void dyng_py_unlock_all(const dyng_py_lock_request *req, int count) {
    for (int i = count - 1; i >= 0; i--)
        dyng_py_unlock(req[i].lock);
}
