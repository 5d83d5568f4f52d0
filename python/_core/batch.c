/*
 * batch.c - _core.EdgeBatch: a libdyng batch behind a reader/writer lock.
 *
 * The typed layer's dyng.EdgeBatch is a plain value (NumPy arrays); it makes
 * one of these per graph type it is applied to and keeps it.
 */
#include <string.h>

#include "dyng_py.h"

static const char *const id_dtype_names[] = {"int32", "int64", NULL};

/* Whether views of the batch's lists exist, so that it must not change (ask
 * with the write lock held: no view is made meanwhile); and the error. */
static bool frozen(dyng_py_batch *self) { return atomic_load(&self->exports) > 0; }

static PyObject *raise_frozen(void) {
    return dyng_py_raise(DYNG_INVALID_ARGUMENT,
                         "the batch's lists are exported as arrays, so it can no longer change");
}

PyObject *dyng_py_batch_wrap(dyng_py_state *st, dyng_batch *handle) {
    PyTypeObject *type = (PyTypeObject *)st->batch_type;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    dyng_py_batch *self = (dyng_py_batch *)alloc(type, 0);
    if (!self) {
        dyng_batch_free(&handle);
        return NULL;
    }
    self->handle = handle;
    if (dyng_py_rwlock_init(&self->lock) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

dyng_py_batch *dyng_py_batch_arg(PyObject *obj, const char *what) {
    dyng_py_state *st = dyng_py_state_global();
    if (!PyObject_TypeCheck(obj, (PyTypeObject *)st->batch_type)) {
        PyErr_Format(PyExc_TypeError, "%s must be a native EdgeBatch", what);
        return NULL;
    }
    return (dyng_py_batch *)obj;
}

static PyObject *batch_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"vertex_dtype", "num_weights", NULL};
    PyObject *dtype_obj = NULL;
    int num_weights = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|Oi:EdgeBatch", keywords, &dtype_obj,
                                     &num_weights))
        return NULL;
    int t = 0;
    if (dtype_obj && (t = dyng_py_enum_arg(dtype_obj, id_dtype_names, "vertex_dtype")) < 0)
        return NULL;
    dyng_batch *b = NULL;
    dyng_status s = dyng_batch_new(&b, t == 0 ? DYNG_TYPE_INT32 : DYNG_TYPE_INT64, num_weights);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    (void)type;
    return dyng_py_batch_wrap(dyng_py_state_global(), b);
}

static void batch_dealloc(PyObject *obj) {
    dyng_py_batch *self = (dyng_py_batch *)obj;
    PyTypeObject *type = Py_TYPE(obj);
    dyng_batch_free(&self->handle);
    dyng_py_rwlock_destroy(&self->lock);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(obj);
    Py_DECREF(type);
}

/* The batch's fields are only changed under its exclusive lock; these quick
 * reads take it shared, without the GIL. */
static PyThreadState *read_lock(dyng_py_batch *b) {
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&b->lock);
    return ts;
}

static void read_unlock(dyng_py_batch *b, PyThreadState *ts) {
    dyng_py_unlock(&b->lock);
    PyEval_RestoreThread(ts);
}

static PyObject *get_vertex_dtype(PyObject *obj, void *closure) {
    (void)closure;
    dyng_type t;
    dyng_batch_vertex_type(&t, ((dyng_py_batch *)obj)->handle); /* fixed at creation */
    return PyUnicode_FromString(dyng_type_name(t));
}

static PyObject *get_num_weights(PyObject *obj, void *closure) {
    (void)closure;
    int k;
    dyng_batch_num_weights(&k, ((dyng_py_batch *)obj)->handle); /* fixed at creation */
    return PyLong_FromLong(k);
}

static PyObject *get_count(PyObject *obj, void *closure) {
    dyng_py_batch *self = (dyng_py_batch *)obj;
    int64_t n = 0;
    PyThreadState *ts = read_lock(self);
    if (closure)
        dyng_batch_num_deletions(&n, self->handle);
    else
        dyng_batch_num_insertions(&n, self->handle);
    read_unlock(self, ts);
    return PyLong_FromLongLong(n);
}

static PyObject *get_id(PyObject *obj, void *closure) {
    (void)closure;
    dyng_py_batch *self = (dyng_py_batch *)obj;
    int64_t id = 0;
    PyThreadState *ts = read_lock(self);
    dyng_batch_id(&id, self->handle);
    read_unlock(self, ts);
    return PyLong_FromLongLong(id);
}

static int set_id(PyObject *obj, PyObject *value, void *closure) {
    (void)closure;
    if (!value) {
        PyErr_SetString(PyExc_AttributeError, "id cannot be deleted");
        return -1;
    }
    long long id = PyLong_AsLongLong(value);
    if (id == -1 && PyErr_Occurred())
        return -1;
    dyng_py_batch *self = (dyng_py_batch *)obj;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_wrlock(&self->lock);
    dyng_status s = dyng_batch_set_id(self->handle, (int64_t)id);
    dyng_py_unlock(&self->lock);
    PyEval_RestoreThread(ts);
    if (s != DYNG_OK) {
        dyng_py_raise_status(s);
        return -1;
    }
    return 0;
}

/* Read (src, dst[, weights]) for an add: ids of the batch's type, equal
 * lengths, count * num_weights weights. */
static int edge_args(dyng_py_batch *self, PyObject *src_obj, PyObject *dst_obj, PyObject *w_obj,
                     dyng_py_ints *src, dyng_py_ints *dst, dyng_py_ints *w) {
    dyng_type t;
    int k;
    dyng_batch_vertex_type(&t, self->handle);
    dyng_batch_num_weights(&k, self->handle);
    memset(dst, 0, sizeof *dst);
    memset(w, 0, sizeof *w);
    if (dyng_py_ints_get(src, src_obj, t, "src") < 0 ||
        dyng_py_ints_get(dst, dst_obj, t, "dst") < 0)
        return -1;
    if (src->length != dst->length) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT, "src has %lld ids but dst has %lld",
                      (long long)src->length, (long long)dst->length);
        return -1;
    }
    if (!w_obj)
        return 0;
    if (w_obj == Py_None) {
        if (k > 0 && src->length > 0) {
            dyng_py_raise(DYNG_INVALID_ARGUMENT,
                          "weights: the batch has %d weights per insertion but none were given", k);
            return -1;
        }
        return 0;
    }
    if (dyng_py_ints_get(w, w_obj, DYNG_TYPE_INT32, "weights") < 0)
        return -1;
    if (w->length != src->length * k) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT,
                      "weights: expected %lld values (%d per insertion), got %lld",
                      (long long)(src->length * k), k, (long long)w->length);
        return -1;
    }
    return 0;
}

static PyObject *batch_add(PyObject *obj, PyObject *args, bool insertions) {
    dyng_py_batch *self = (dyng_py_batch *)obj;
    PyObject *src_obj, *dst_obj, *w_obj = NULL;
    if (insertions ? !PyArg_ParseTuple(args, "OOO:add_insertions", &src_obj, &dst_obj, &w_obj)
                   : !PyArg_ParseTuple(args, "OO:add_deletions", &src_obj, &dst_obj))
        return NULL;
    dyng_py_ints src, dst, w;
    PyObject *result = NULL;
    if (edge_args(self, src_obj, dst_obj, w_obj, &src, &dst, &w) == 0) {
        PyThreadState *ts = PyEval_SaveThread();
        dyng_py_wrlock(&self->lock);
        const bool fixed = frozen(self);
        dyng_status s = DYNG_OK;
        if (!fixed)
            s = insertions ? dyng_batch_add_insertions(self->handle, src.length, src.data, dst.data,
                                                       (const int32_t *)w.data)
                           : dyng_batch_add_deletions(self->handle, src.length, src.data, dst.data);
        dyng_py_unlock(&self->lock);
        PyEval_RestoreThread(ts);
        result = fixed          ? raise_frozen()
                 : s == DYNG_OK ? Py_NewRef(Py_None)
                                : dyng_py_raise_status(s);
    }
    dyng_py_ints_release(&src);
    dyng_py_ints_release(&dst);
    dyng_py_ints_release(&w);
    return result;
}

static PyObject *batch_add_insertions(PyObject *obj, PyObject *args) {
    return batch_add(obj, args, true);
}

static PyObject *batch_add_deletions(PyObject *obj, PyObject *args) {
    return batch_add(obj, args, false);
}

/* Fill a batch that nobody else holds yet (no lock): its id, room for
 * every change, the insertions, then the deletions. Large lists are copied
 * without the GIL. -1 with an exception on failure. */
static int fill_new(dyng_py_batch *self, long long id, PyObject *isrc, PyObject *idst, PyObject *iw,
                    PyObject *dsrc, PyObject *ddst) {
    dyng_py_ints is, id_, w, ds, dd, unused;
    memset(&ds, 0, sizeof ds);
    memset(&dd, 0, sizeof dd);
    memset(&unused, 0, sizeof unused);
    if (edge_args(self, isrc, idst, iw, &is, &id_, &w) < 0 ||
        edge_args(self, dsrc, ddst, NULL, &ds, &dd, &unused) < 0) {
        dyng_py_ints_release(&is);
        dyng_py_ints_release(&id_);
        dyng_py_ints_release(&w);
        dyng_py_ints_release(&ds);
        dyng_py_ints_release(&dd);
        return -1;
    }
    const bool big = is.length + ds.length > 65536;
    PyThreadState *ts = big ? PyEval_SaveThread() : NULL;
    dyng_status s = dyng_batch_set_id(self->handle, (int64_t)id);
    if (s == DYNG_OK)
        s = dyng_batch_reserve(self->handle, is.length, ds.length);
    if (s == DYNG_OK && is.length > 0)
        s = dyng_batch_add_insertions(self->handle, is.length, is.data, id_.data,
                                      (const int32_t *)w.data);
    if (s == DYNG_OK && ds.length > 0)
        s = dyng_batch_add_deletions(self->handle, ds.length, ds.data, dd.data);
    if (big)
        PyEval_RestoreThread(ts);
    dyng_py_ints_release(&is);
    dyng_py_ints_release(&id_);
    dyng_py_ints_release(&w);
    dyng_py_ints_release(&ds);
    dyng_py_ints_release(&dd);
    if (s != DYNG_OK) {
        dyng_py_raise_status(s);
        return -1;
    }
    return 0;
}

/* EdgeBatch.from_arrays(vertex_dtype, num_weights, id, insert_src,
 * insert_dst, insert_weights, delete_src, delete_dst): a batch made and
 * filled in one call, which is what the typed layer needs to turn a
 * dyng.EdgeBatch into a native one for an update: one call instead of four,
 * each of which would take the batch's lock and let the GIL go. */
static PyObject *batch_from_arrays(PyObject *cls, PyObject *args) {
    PyObject *dtype_obj, *isrc, *idst, *iw, *dsrc, *ddst;
    int num_weights;
    long long id;
    if (!PyArg_ParseTuple(args, "OiLOOOOO:from_arrays", &dtype_obj, &num_weights, &id, &isrc, &idst,
                          &iw, &dsrc, &ddst))
        return NULL;
    (void)cls;
    const int t = dyng_py_enum_arg(dtype_obj, id_dtype_names, "vertex_dtype");
    if (t < 0)
        return NULL;
    dyng_batch *b = NULL;
    dyng_status s = dyng_batch_new(&b, t == 0 ? DYNG_TYPE_INT32 : DYNG_TYPE_INT64, num_weights);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    PyObject *self = dyng_py_batch_wrap(dyng_py_state_global(), b);
    if (self && fill_new((dyng_py_batch *)self, id, isrc, idst, iw, dsrc, ddst) < 0)
        Py_CLEAR(self);
    return self;
}

static PyObject *batch_reserve(PyObject *obj, PyObject *args) {
    long long ins, del;
    if (!PyArg_ParseTuple(args, "LL:reserve", &ins, &del))
        return NULL;
    dyng_py_batch *self = (dyng_py_batch *)obj;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_wrlock(&self->lock);
    const bool fixed = frozen(self);
    dyng_status s = fixed ? DYNG_OK : dyng_batch_reserve(self->handle, (int64_t)ins, (int64_t)del);
    dyng_py_unlock(&self->lock);
    PyEval_RestoreThread(ts);
    if (fixed)
        return raise_frozen();
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

static PyObject *batch_clear(PyObject *obj, PyObject *unused) {
    (void)unused;
    dyng_py_batch *self = (dyng_py_batch *)obj;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_wrlock(&self->lock);
    const bool fixed = frozen(self);
    if (!fixed)
        dyng_batch_clear(self->handle);
    dyng_py_unlock(&self->lock);
    PyEval_RestoreThread(ts);
    if (fixed)
        return raise_frozen();
    Py_RETURN_NONE;
}

/* ---- views of a batch's lists ------------------------------------------------ */

/*
 * A read-only buffer over one array of a batch (a list's sources, targets or
 * weights), for numpy.frombuffer without a copy. While a view lives the batch
 * is frozen: add_*, reserve and clear refuse (its arrays cannot move), and the
 * view keeps the batch alive.
 */
typedef struct batch_view {
    PyObject_HEAD dyng_py_batch *owner;
    const void *data;
    Py_ssize_t bytes;
} batch_view;

static int batch_view_getbuffer(PyObject *obj, Py_buffer *view, int flags) {
    batch_view *self = (batch_view *)obj;
    static char empty;
    return PyBuffer_FillInfo(view, obj, self->bytes > 0 ? (void *)self->data : &empty, self->bytes,
                             1, flags);
}

static void batch_view_dealloc(PyObject *obj) {
    batch_view *self = (batch_view *)obj;
    PyTypeObject *type = Py_TYPE(obj);
    if (self->owner) {
        atomic_fetch_sub(&self->owner->exports, 1);
        Py_DECREF(self->owner);
    }
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(obj);
    Py_DECREF(type);
}

static PyType_Slot batch_view_slots[] = {
    {Py_tp_dealloc, batch_view_dealloc},
    {Py_bf_getbuffer, batch_view_getbuffer},
    {Py_tp_doc, "A read-only view of one array of an EdgeBatch."},
    {0, NULL}};

static PyType_Spec batch_view_spec = {"dyng._core._BatchView", sizeof(batch_view), 0,
                                      Py_TPFLAGS_DEFAULT, batch_view_slots};

static PyObject *batch_view_new(dyng_py_batch *owner, const void *data, size_t bytes) {
    PyTypeObject *type = (PyTypeObject *)dyng_py_state_global()->batch_view_type;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    batch_view *self = (batch_view *)alloc(type, 0);
    if (!self)
        return NULL;
    self->owner = (dyng_py_batch *)Py_NewRef((PyObject *)owner);
    atomic_fetch_add(&owner->exports, 1);
    self->data = data;
    self->bytes = (Py_ssize_t)bytes;
    /* handed out as a memoryview (what numpy.frombuffer is typed to take) */
    PyObject *view = PyMemoryView_FromObject((PyObject *)self);
    Py_DECREF(self);
    return view;
}

/* One list of the batch as read-only memoryviews (ids, ids[, weights]), no copies. */
static PyObject *batch_export(PyObject *obj, bool insertions) {
    dyng_py_batch *self = (dyng_py_batch *)obj;
    dyng_type t;
    int k;
    int64_t count = 0;
    const void *src = NULL, *dst = NULL;
    const int32_t *w = NULL;
    /* Under the read lock: no change runs while the views are made, and
     * from then on they freeze the batch. The collector stays off while the
     * lock is held: its finalizers could call dynG and wait for the lock. */
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&self->lock);
    PyEval_RestoreThread(ts);
    const int gc_was_enabled = PyGC_Disable();
    dyng_batch_vertex_type(&t, self->handle);
    dyng_batch_num_weights(&k, self->handle);
    if (insertions) {
        dyng_batch_num_insertions(&count, self->handle);
        dyng_batch_insertions(&src, &dst, &w, self->handle);
    } else {
        k = 0;
        dyng_batch_num_deletions(&count, self->handle);
        dyng_batch_deletions(&src, &dst, self->handle);
    }
    const size_t ids = (size_t)count * dyng_type_size(t);
    PyObject *a = batch_view_new(self, src, ids);
    PyObject *b = a ? batch_view_new(self, dst, ids) : NULL;
    PyObject *c = NULL;
    if (b && insertions)
        c = k > 0 ? batch_view_new(self, w, (size_t)count * (size_t)k * 4) : Py_NewRef(Py_None);
    PyObject *result = NULL;
    if (b && (c || !insertions))
        result = insertions ? Py_BuildValue("(OOO)", a, b, c) : Py_BuildValue("(OO)", a, b);
    Py_XDECREF(a);
    Py_XDECREF(b);
    Py_XDECREF(c);
    if (gc_was_enabled)
        PyGC_Enable();
    ts = PyEval_SaveThread();
    dyng_py_unlock(&self->lock);
    PyEval_RestoreThread(ts);
    return result;
}

static PyObject *batch_insertions(PyObject *obj, PyObject *unused) {
    (void)unused;
    return batch_export(obj, true);
}

static PyObject *batch_deletions(PyObject *obj, PyObject *unused) {
    (void)unused;
    return batch_export(obj, false);
}

static PyGetSetDef batch_getset[] = {
    {"vertex_dtype", get_vertex_dtype, NULL, "'int32' or 'int64'.", NULL},
    {"num_weights", get_num_weights, NULL, "Weights per insertion.", NULL},
    {"num_insertions", get_count, NULL, "Insertions.", NULL},
    {"num_deletions", get_count, NULL, "Deletions.", (void *)1},
    {"id", get_id, set_id, "The batch id (a .dgt file's %batch id).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef batch_methods[] = {
    {"add_insertions", batch_add_insertions, METH_VARARGS,
     "add_insertions($self, src, dst, weights, /)\n--\n\nAppend insertions."},
    {"add_deletions", batch_add_deletions, METH_VARARGS,
     "add_deletions($self, src, dst, /)\n--\n\nAppend deletions."},
    {"reserve", batch_reserve, METH_VARARGS,
     "reserve($self, insertions, deletions, /)\n--\n\nMake room."},
    {"from_arrays", batch_from_arrays, METH_VARARGS | METH_CLASS,
     "from_arrays($type, vertex_dtype, num_weights, id, insert_src, insert_dst, "
     "insert_weights, delete_src, delete_dst, /)\n--\n\nA batch made and filled in one call."},
    {"clear", batch_clear, METH_NOARGS, "clear($self, /)\n--\n\nRemove every change."},
    {"insertions", batch_insertions, METH_NOARGS,
     "insertions($self, /)\n--\n\n(src, dst, weights) as bytearrays."},
    {"deletions", batch_deletions, METH_NOARGS,
     "deletions($self, /)\n--\n\n(src, dst) as bytearrays."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot batch_slots[] = {
    {Py_tp_new, batch_new},
    {Py_tp_dealloc, batch_dealloc},
    {Py_tp_getset, batch_getset},
    {Py_tp_methods, batch_methods},
    {Py_tp_doc, "EdgeBatch(vertex_dtype='int32', num_weights=0)\n--\n\nA libdyng batch."},
    {0, NULL}};

static PyType_Spec batch_spec = {"dyng._core.EdgeBatch", sizeof(dyng_py_batch), 0,
                                 Py_TPFLAGS_DEFAULT, batch_slots};

int dyng_py_init_batch(PyObject *module, dyng_py_state *st) {
    st->batch_type = PyType_FromModuleAndSpec(module, &batch_spec, NULL);
    if (!st->batch_type)
        return -1;
    st->batch_view_type = PyType_FromModuleAndSpec(module, &batch_view_spec, NULL);
    if (!st->batch_view_type)
        return -1;
    return PyModule_AddObjectRef(module, "EdgeBatch", st->batch_type);
}
