/*
 * graph.c - _core.Graph: a libdyng graph behind a reader/writer lock.
 *
 * Reads (counts, exports, clone, check) take the lock shared, apply takes it
 * exclusively; like every object lock here it is taken with the GIL released.
 * Exports size their outputs under the lock, take the GIL back to make the
 * bytearrays (the lock stays held, so the sizes stay right), then release the
 * GIL again to fill them.
 */
#include <string.h>

#include "dyng_py.h"

/* ---- properties as a tuple ------------------------------------------------ */

static const char *const order_names[] = {"sorted", "append", NULL};
static const char *const parallel_names[] = {"forbid", "allow", NULL};
static const char *const dtype_names[] = {"none", "int32", "int64", NULL};
static const char *const existing_names[] = {"upsert", "error", "ignore", NULL};
static const char *const missing_names[] = {"ignore", "error", NULL};
static const char *const self_loop_names[] = {"keep", "drop", "error", NULL};

enum { NUM_PROPERTY_FIELDS = 13 };

static int bool_field(PyObject *t, Py_ssize_t i, bool *out) {
    int v = PyObject_IsTrue(PyTuple_GetItem(t, i));
    if (v < 0)
        return -1;
    *out = v != 0;
    return 0;
}

static int id_dtype_field(PyObject *t, Py_ssize_t i, const char *what, dyng_type *out) {
    int v = dyng_py_enum_arg(PyTuple_GetItem(t, i), dtype_names, what);
    if (v < 0)
        return -1;
    if (v == DYNG_TYPE_NONE) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT, "%s must be 'int32' or 'int64', not 'none'", what);
        return -1;
    }
    *out = (dyng_type)v;
    return 0;
}

int dyng_py_properties_arg(PyObject *obj, dyng_graph_properties *out) {
    if (!PyTuple_Check(obj) || PyTuple_Size(obj) != NUM_PROPERTY_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "properties must be a tuple of 13 fields");
        return -1;
    }
    dyng_graph_properties p;
    dyng_properties_default(&p);
    int v;
    long k;
    if (bool_field(obj, 0, &p.directed) < 0)
        return -1;
    if ((v = dyng_py_enum_arg(PyTuple_GetItem(obj, 1), order_names, "order")) < 0)
        return -1;
    p.order = (dyng_row_order)v;
    if ((v = dyng_py_enum_arg(PyTuple_GetItem(obj, 2), parallel_names, "parallel_edges")) < 0)
        return -1;
    p.parallel_edges = (dyng_parallel_edges)v;
    if (bool_field(obj, 3, &p.store_transposed) < 0)
        return -1;
    k = PyLong_AsLong(PyTuple_GetItem(obj, 4));
    if (k == -1 && PyErr_Occurred())
        return -1;
    if (k < 0 || k > DYNG_MAX_WEIGHTS) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT, "num_weights is %ld; expected 0 to %d", k,
                      DYNG_MAX_WEIGHTS);
        return -1;
    }
    p.num_weights = (int)k;
    if (id_dtype_field(obj, 5, "vertex_dtype", &p.vertex_type) < 0 ||
        id_dtype_field(obj, 6, "offset_dtype", &p.offset_type) < 0)
        return -1;
    if ((v = dyng_py_enum_arg(PyTuple_GetItem(obj, 7), existing_names, "on_existing_insert")) < 0)
        return -1;
    p.semantics.on_existing_insert = (dyng_on_existing_insert)v;
    if ((v = dyng_py_enum_arg(PyTuple_GetItem(obj, 8), missing_names, "on_missing_delete")) < 0)
        return -1;
    p.semantics.on_missing_delete = (dyng_on_missing_delete)v;
    if ((v = dyng_py_enum_arg(PyTuple_GetItem(obj, 9), self_loop_names, "on_self_loop")) < 0)
        return -1;
    p.semantics.on_self_loop = (dyng_on_self_loop)v;
    if (bool_field(obj, 10, &p.semantics.deletions_first) < 0 ||
        bool_field(obj, 11, &p.semantics.allow_vertex_growth) < 0 ||
        bool_field(obj, 12, &p.semantics.as_sets) < 0)
        return -1;
    *out = p;
    return 0;
}

PyObject *dyng_py_properties_tuple(const dyng_graph_properties *p) {
    return Py_BuildValue(
        "(NssNisssssNNN)", PyBool_FromLong(p->directed), order_names[p->order],
        parallel_names[p->parallel_edges], PyBool_FromLong(p->store_transposed), p->num_weights,
        dtype_names[p->vertex_type], dtype_names[p->offset_type],
        existing_names[p->semantics.on_existing_insert],
        missing_names[p->semantics.on_missing_delete], self_loop_names[p->semantics.on_self_loop],
        PyBool_FromLong(p->semantics.deletions_first),
        PyBool_FromLong(p->semantics.allow_vertex_growth), PyBool_FromLong(p->semantics.as_sets));
}

PyObject *dyng_py_summary_tuple(const dyng_apply_summary *s) {
    return Py_BuildValue("(LLLLLLLLLLLK)", (long long)s->inserted, (long long)s->updated,
                         (long long)s->deleted, (long long)s->ignored_deletions,
                         (long long)s->ignored_insertions, (long long)s->self_loops_dropped,
                         (long long)s->cancelled, (long long)s->duplicates_merged,
                         (long long)s->new_vertices, (long long)s->num_vertices,
                         (long long)s->num_edges, (unsigned long long)s->version);
}

/* ---- the object ----------------------------------------------------------- */

PyObject *dyng_py_graph_wrap(dyng_py_state *st, dyng_graph *handle, PyObject *resources_obj) {
    PyTypeObject *type = (PyTypeObject *)st->graph_type;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    dyng_py_graph *self = (dyng_py_graph *)alloc(type, 0);
    if (!self) {
        dyng_graph_free(&handle);
        return NULL;
    }
    self->handle = handle;
    self->resources = NULL;
    if (dyng_py_rwlock_init(&self->lock) < 0) {
        Py_DECREF(self); /* dealloc frees the handle */
        return NULL;
    }
    if (resources_obj && resources_obj != Py_None) {
        self->resources = Py_NewRef(resources_obj);
    } else {
        dyng_resources *r = NULL;
        dyng_graph_resources(&r, handle);
        dyng_resources_retain(r);
        self->resources = dyng_py_resources_wrap(st, r);
        if (!self->resources) {
            Py_DECREF(self);
            return NULL;
        }
    }
    return (PyObject *)self;
}

dyng_py_graph *dyng_py_graph_arg(PyObject *obj, const char *what) {
    dyng_py_state *st = dyng_py_state_global();
    if (!PyObject_TypeCheck(obj, (PyTypeObject *)st->graph_type)) {
        PyErr_Format(PyExc_TypeError, "%s must be a dyng graph", what);
        return NULL;
    }
    return (dyng_py_graph *)obj;
}

int dyng_py_graph_copy_policy(const dyng_py_graph *g) {
    return g->resources != NULL ? ((const dyng_py_resources *)g->resources)->copy_policy : 0;
}

static void graph_dealloc(PyObject *obj) {
    dyng_py_graph *self = (dyng_py_graph *)obj;
    PyTypeObject *type = Py_TYPE(obj);
    dyng_graph_free(&self->handle);
    dyng_py_rwlock_destroy(&self->lock);
    Py_CLEAR(self->resources);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(obj);
    Py_DECREF(type);
}

/* A count or a property under the shared lock: a short read that the
 * profiler does not record. */
typedef struct quick_read {
    dyng_py_call call;
    dyng_py_graph *g;
} quick_read;

static void quick_begin(quick_read *q, PyObject *obj) {
    q->g = (dyng_py_graph *)obj;
    dyng_py_short_begin(&q->call, &q->g->lock, NULL);
}

static void quick_end(quick_read *q) { dyng_py_short_end(&q->call, &q->g->lock); }

#define GRAPH_INT_GETTER(name, ctype, call, build)                                                 \
    static PyObject *get_##name(PyObject *obj, void *closure) {                                    \
        (void)closure;                                                                             \
        ctype value = 0;                                                                           \
        quick_read q;                                                                              \
        quick_begin(&q, obj);                                                                      \
        dyng_status s = call(&value, q.g->handle);                                                 \
        quick_end(&q);                                                                             \
        if (s != DYNG_OK)                                                                          \
            return dyng_py_raise_status(s);                                                        \
        return build(value);                                                                       \
    }

GRAPH_INT_GETTER(num_vertices, int64_t, dyng_graph_num_vertices, PyLong_FromLongLong)
GRAPH_INT_GETTER(num_edges, int64_t, dyng_graph_num_edges, PyLong_FromLongLong)
GRAPH_INT_GETTER(num_entries, int64_t, dyng_graph_num_entries, PyLong_FromLongLong)
GRAPH_INT_GETTER(version, uint64_t, dyng_graph_version, PyLong_FromUnsignedLongLong)
GRAPH_INT_GETTER(state_id, uint64_t, dyng_graph_state_id, PyLong_FromUnsignedLongLong)
GRAPH_INT_GETTER(memory_bytes, size_t, dyng_graph_memory_bytes, PyLong_FromSize_t)

static PyObject *get_properties(PyObject *obj, void *closure) {
    (void)closure;
    dyng_graph_properties p;
    quick_read q;
    quick_begin(&q, obj);
    dyng_status s = dyng_graph_properties_of(&p, q.g->handle);
    quick_end(&q);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return dyng_py_properties_tuple(&p);
}

static PyObject *get_resources(PyObject *obj, void *closure) {
    (void)closure;
    return Py_NewRef(((dyng_py_graph *)obj)->resources);
}

static PyObject *graph_set_resources(PyObject *obj, PyObject *arg) {
    dyng_py_graph *self = (dyng_py_graph *)obj;
    dyng_resources *r = NULL;
    if (dyng_py_resources_arg(arg, &r) < 0)
        return NULL;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_wrlock(&self->lock);
    dyng_status s = dyng_graph_set_resources(self->handle, r);
    dyng_py_unlock(&self->lock);
    PyEval_RestoreThread(ts);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    PyObject *next;
    if (arg == Py_None) {
        dyng_resources *own = NULL;
        dyng_graph_resources(&own, self->handle);
        dyng_resources_retain(own);
        next = dyng_py_resources_wrap(dyng_py_state_global(), own);
        if (!next)
            return NULL;
    } else {
        next = Py_NewRef(arg);
    }
    PyObject *old = self->resources;
    self->resources = next;
    Py_DECREF(old);
    Py_RETURN_NONE;
}

/* The positional arguments of a one-vertex or one-edge read (METH_FASTCALL,
 * so that no tuple is made): `ids` ints (1 or 2, into *u and *v, through
 * __index__ as PyArg's "L" does), then up to two optional flags (into *flag1
 * and *flag2, by truth, as "p" does). Returns -1 with an exception. */
static int read_args(PyObject *const *args, Py_ssize_t nargs, const char *name, int ids,
                     long long *u, long long *v, int *flag1, int *flag2) {
    const Py_ssize_t most = ids + (flag1 != NULL) + (flag2 != NULL);
    if (nargs < ids || nargs > most) {
        if (most == ids)
            PyErr_Format(PyExc_TypeError, "%s() takes %d arguments (%zd given)", name, ids, nargs);
        else
            PyErr_Format(PyExc_TypeError, "%s() takes %d to %zd arguments (%zd given)", name, ids,
                         most, nargs);
        return -1;
    }
    long long *out[2] = {u, v};
    for (int i = 0; i < ids; i++) {
        *out[i] = PyLong_AsLongLong(args[i]);
        if (*out[i] == -1 && PyErr_Occurred())
            return -1;
    }
    int *flags[2] = {flag1, flag2};
    for (Py_ssize_t i = ids; i < nargs; i++) {
        int truth = PyObject_IsTrue(args[i]);
        if (truth < 0)
            return -1;
        *flags[i - ids] = truth;
    }
    return 0;
}

/* A read of one row (or its length): a short read, except for the in-row of
 * a directed graph without stored in-edges, which is found by reading every
 * row (a native region, which Ctrl-C can stop). */
static void row_read_begin(dyng_py_call *call, dyng_py_graph *self, bool transposed,
                           const char *stage) {
    dyng_graph_properties p;
    const bool scan = transposed && dyng_graph_properties_of(&p, self->handle) == DYNG_OK &&
                      p.directed && !p.store_transposed;
    if (scan) {
        dyng_py_native_begin(call, stage);
        dyng_py_rdlock(&self->lock);
    } else {
        dyng_py_short_begin(call, &self->lock, stage);
    }
}

static void row_read_end(dyng_py_call *call, dyng_py_graph *self) {
    dyng_py_short_end(call, &self->lock); /* ends a native region too */
}

static PyObject *graph_degree(PyObject *obj, PyObject *const *args, Py_ssize_t nargs) {
    long long v;
    int transposed = 0;
    if (read_args(args, nargs, "degree", 1, &v, NULL, &transposed, NULL) < 0)
        return NULL;
    dyng_py_graph *self = (dyng_py_graph *)obj;
    int64_t degree = 0;
    dyng_py_call call;
    row_read_begin(&call, self, transposed != 0, "graph.degree");
    dyng_status s = dyng_graph_degree(&degree, self->handle, (int64_t)v, transposed != 0);
    row_read_end(&call, self);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return PyLong_FromLongLong(degree);
}

/* Every vertex's out-degree (in-degree with transposed), as a bytearray of
 * n int64 values. */
static PyObject *graph_degrees(PyObject *obj, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"transposed", NULL};
    int transposed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|p:degrees", keywords, &transposed))
        return NULL;
    dyng_py_graph *self = (dyng_py_graph *)obj;
    PyObject *out = NULL;
    void *data = NULL;
    int64_t n = 0;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "graph.degrees");
    dyng_py_rdlock(&self->lock);
    dyng_status s = dyng_graph_num_vertices(&n, self->handle);
    if (s == DYNG_OK) {
        dyng_py_native_pause(&call);
        out = dyng_py_bytearray((Py_ssize_t)(n * (int64_t)sizeof(int64_t)), &data);
        dyng_py_native_resume(&call);
        if (out)
            s = dyng_graph_degrees(self->handle, transposed != 0, data);
    }
    dyng_py_unlock(&self->lock);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK) {
        Py_XDECREF(out);
        return dyng_py_raise_status(s);
    }
    return out; /* NULL with MemoryError when the bytearray could not be made */
}

/* Row `vertex` (in-row with transposed) as (ids, weights or None): the ids
 * as a bytearray of the vertex type, the weights (when asked for and the
 * graph has them) as a bytearray of int32, num_weights per entry. */
static PyObject *graph_neighbors(PyObject *obj, PyObject *const *args, Py_ssize_t nargs) {
    long long v;
    int transposed = 0, want_weights = 0;
    if (read_args(args, nargs, "neighbors", 1, &v, NULL, &transposed, &want_weights) < 0)
        return NULL;
    dyng_py_graph *self = (dyng_py_graph *)obj;
    PyObject *ids = NULL, *ws = NULL;
    void *id_data = NULL, *w_data = NULL;
    int64_t len = 0;
    dyng_graph_properties p;
    dyng_py_call call;
    row_read_begin(&call, self, transposed != 0, "graph.neighbors");
    dyng_status s = dyng_graph_properties_of(&p, self->handle);
    if (s == DYNG_OK)
        s = dyng_graph_neighbors(&len, self->handle, (int64_t)v, transposed != 0, NULL, NULL, 0);
    bool made = true;
    if (s == DYNG_OK) {
        dyng_py_native_pause(&call);
        ids =
            dyng_py_bytearray((Py_ssize_t)(len * (int64_t)dyng_type_size(p.vertex_type)), &id_data);
        if (ids && want_weights && p.num_weights > 0)
            ws = dyng_py_bytearray((Py_ssize_t)(len * p.num_weights * 4), &w_data);
        else if (ids)
            ws = Py_NewRef(Py_None);
        made = ws != NULL;
        dyng_py_native_resume(&call);
        if (made)
            s = dyng_graph_neighbors(&len, self->handle, (int64_t)v, transposed != 0, id_data,
                                     (int32_t *)w_data, len);
    }
    row_read_end(&call, self);
    if (s != DYNG_OK || !made) {
        Py_XDECREF(ids);
        Py_XDECREF(ws);
        return s != DYNG_OK ? dyng_py_raise_status(s) : NULL;
    }
    return Py_BuildValue("(NN)", ids, ws);
}

static PyObject *graph_has_edge(PyObject *obj, PyObject *const *args, Py_ssize_t nargs) {
    long long u, v;
    if (read_args(args, nargs, "has_edge", 2, &u, &v, NULL, NULL) < 0)
        return NULL;
    dyng_py_graph *self = (dyng_py_graph *)obj;
    bool has = false;
    dyng_py_call call;
    dyng_py_short_begin(&call, &self->lock, "graph.has_edge");
    dyng_status s = dyng_graph_has_edge(&has, self->handle, (int64_t)u, (int64_t)v);
    dyng_py_short_end(&call, &self->lock);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return PyBool_FromLong(has);
}

/* has_edges and edge_weights: the pairs' ids (int32 or int64, both the
 * same) looked up by dyng_graph_has_edges (weights NULL) or
 * dyng_graph_edge_weights, each naming itself in its errors, into new
 * bytearrays: *found one bool (a byte) per pair, and with `weights`
 * num_weights int32 per pair (all `fill` for a pair that is no edge).
 * Returns -1 with an exception. */
static int lookup_pairs(dyng_py_graph *self, PyObject *src_obj, PyObject *dst_obj, PyObject **found,
                        PyObject **weights, int fill) {
    dyng_py_ints src, dst;
    memset(&dst, 0, sizeof dst);
    void *f_data = NULL, *w_data = NULL;
    dyng_graph_properties p;
    *found = NULL;
    if (dyng_py_ints_get(&src, src_obj, DYNG_TYPE_NONE, "src") < 0 ||
        dyng_py_ints_get(&dst, dst_obj, src.type, "dst") < 0)
        goto done;
    if (src.length != dst.length) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT, "src has %lld ids but dst has %lld",
                      (long long)src.length, (long long)dst.length);
        goto done;
    }
    /* The weight count is read outside the lock: no batch changes it. */
    dyng_status s = dyng_graph_properties_of(&p, self->handle);
    if (s != DYNG_OK) {
        dyng_py_raise_status(s);
        goto done;
    }
    *found = dyng_py_bytearray((Py_ssize_t)src.length * (Py_ssize_t)sizeof(bool), &f_data);
    if (*found != NULL && weights != NULL) {
        *weights = dyng_py_bytearray((Py_ssize_t)src.length * (Py_ssize_t)p.num_weights *
                                         (Py_ssize_t)sizeof(int32_t),
                                     &w_data);
        if (*weights == NULL)
            Py_CLEAR(*found);
        for (int64_t i = 0; *found != NULL && i < src.length * p.num_weights; i++)
            ((int32_t *)w_data)[i] = (int32_t)fill;
    }
    if (*found == NULL)
        goto done;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, weights != NULL ? "graph.edge_weights" : "graph.has_edges");
    dyng_py_rdlock(&self->lock);
    if (weights != NULL)
        s = dyng_graph_edge_weights(self->handle, src.length, src.type, src.data, dst.data,
                                    (bool *)f_data, (int32_t *)w_data);
    else
        s = dyng_graph_has_edges(self->handle, src.length, src.type, src.data, dst.data,
                                 (bool *)f_data);
    dyng_py_unlock(&self->lock);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK) {
        Py_CLEAR(*found);
        if (weights != NULL)
            Py_CLEAR(*weights);
        dyng_py_raise_status(s);
    }
done:
    dyng_py_ints_release(&src);
    dyng_py_ints_release(&dst);
    return *found != NULL ? 0 : -1;
}

/* has_edge for pairs of ids: a bytearray of one bool (a byte) per pair. */
static PyObject *graph_has_edges(PyObject *obj, PyObject *args) {
    PyObject *src_obj, *dst_obj, *found;
    if (!PyArg_ParseTuple(args, "OO:has_edges", &src_obj, &dst_obj))
        return NULL;
    if (lookup_pairs((dyng_py_graph *)obj, src_obj, dst_obj, &found, NULL, 0) < 0)
        return NULL;
    return found;
}

/* The weights of the edge (u, v) (its first copy) as a tuple of
 * num_weights ints, or None when the graph has no such edge. */
static PyObject *graph_edge_weight(PyObject *obj, PyObject *const *args, Py_ssize_t nargs) {
    long long u, v;
    if (read_args(args, nargs, "edge_weight", 2, &u, &v, NULL, NULL) < 0)
        return NULL;
    dyng_py_graph *self = (dyng_py_graph *)obj;
    const int64_t s64 = (int64_t)u, d64 = (int64_t)v;
    bool found = false;
    int32_t w[DYNG_MAX_WEIGHTS];
    dyng_graph_properties p;
    dyng_py_call call;
    dyng_py_short_begin(&call, &self->lock, "graph.edge_weight");
    dyng_status s = dyng_graph_properties_of(&p, self->handle);
    if (s == DYNG_OK)
        s = dyng_graph_edge_weights(self->handle, 1, DYNG_TYPE_INT64, &s64, &d64, &found, w);
    dyng_py_short_end(&call, &self->lock);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    if (!found)
        Py_RETURN_NONE;
    PyObject *out = PyTuple_New(p.num_weights);
    for (int k = 0; out != NULL && k < p.num_weights; k++) {
        PyObject *x = PyLong_FromLong((long)w[k]);
        if (x == NULL || PyTuple_SetItem(out, k, x) < 0)
            Py_CLEAR(out);
    }
    return out;
}

/* edge_weight for pairs of ids: (found, weights) as lookup_pairs makes them,
 * an absent pair's weights all `fill`. */
static PyObject *graph_edge_weights(PyObject *obj, PyObject *args) {
    PyObject *src_obj, *dst_obj, *found, *weights;
    int fill = 0;
    if (!PyArg_ParseTuple(args, "OOi:edge_weights", &src_obj, &dst_obj, &fill))
        return NULL;
    if (lookup_pairs((dyng_py_graph *)obj, src_obj, dst_obj, &found, &weights, fill) < 0)
        return NULL;
    return Py_BuildValue("(NN)", found, weights);
}

/* The shape of an export, read under the lock. */
typedef struct export_shape {
    int64_t n, rows_plus_one, length;
    int num_weights;
    size_t id_size, offset_size;
} export_shape;

static dyng_status read_shape(const dyng_graph *g, bool edges, export_shape *out) {
    dyng_graph_properties p;
    dyng_status s = dyng_graph_properties_of(&p, g);
    if (s == DYNG_OK)
        s = dyng_graph_num_vertices(&out->n, g);
    if (s == DYNG_OK)
        s = edges ? dyng_graph_num_edges(&out->length, g) : dyng_graph_num_entries(&out->length, g);
    out->num_weights = p.num_weights;
    out->id_size = dyng_type_size(p.vertex_type);
    out->offset_size = dyng_type_size(p.offset_type);
    out->rows_plus_one = out->n + 1;
    return s;
}

/* Make the bytearrays of an export (with the GIL): ids, second (offsets or
 * ids), weights (or None). Returns a 3-tuple or NULL. */
static PyObject *make_outputs(Py_ssize_t first_bytes, Py_ssize_t second_bytes,
                              Py_ssize_t weight_bytes, bool weighted, void **first, void **second,
                              void **weights) {
    PyObject *a = dyng_py_bytearray(first_bytes, first);
    PyObject *b = a ? dyng_py_bytearray(second_bytes, second) : NULL;
    PyObject *c = NULL;
    *weights = NULL;
    if (b) {
        if (weighted)
            c = dyng_py_bytearray(weight_bytes, weights);
        else
            c = Py_NewRef(Py_None);
    }
    if (!c) {
        Py_XDECREF(a);
        Py_XDECREF(b);
        return NULL;
    }
    return Py_BuildValue("(NNN)", a, b, c);
}

static PyObject *graph_to_csr(PyObject *obj, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"transposed", NULL};
    int transposed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|p:to_csr", keywords, &transposed))
        return NULL;
    dyng_py_graph *self = (dyng_py_graph *)obj;
    export_shape sh;
    void *row_ptr, *col, *weights;
    PyObject *result = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "graph.to_csr");
    dyng_py_rdlock(&self->lock);
    dyng_status s = read_shape(self->handle, false, &sh);
    if (s == DYNG_OK) {
        dyng_py_native_pause(&call);
        result = make_outputs((Py_ssize_t)(sh.rows_plus_one * (int64_t)sh.offset_size),
                              (Py_ssize_t)(sh.length * (int64_t)sh.id_size),
                              (Py_ssize_t)(sh.length * sh.num_weights * 4), sh.num_weights > 0,
                              &row_ptr, &col, &weights);
        dyng_py_native_resume(&call);
        if (result)
            s = dyng_graph_to_csr(self->handle, transposed != 0, row_ptr, col, weights);
    }
    dyng_py_unlock(&self->lock);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK) {
        Py_XDECREF(result);
        return dyng_py_raise_status(s);
    }
    return result; /* NULL with MemoryError when the outputs could not be made */
}

static PyObject *graph_edges(PyObject *obj, PyObject *unused) {
    (void)unused;
    dyng_py_graph *self = (dyng_py_graph *)obj;
    export_shape sh;
    void *src, *dst, *weights;
    PyObject *result = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "graph.edges");
    dyng_py_rdlock(&self->lock);
    dyng_status s = read_shape(self->handle, true, &sh);
    if (s == DYNG_OK) {
        dyng_py_native_pause(&call);
        Py_ssize_t id_bytes = (Py_ssize_t)(sh.length * (int64_t)sh.id_size);
        result = make_outputs(id_bytes, id_bytes, (Py_ssize_t)(sh.length * sh.num_weights * 4),
                              sh.num_weights > 0, &src, &dst, &weights);
        dyng_py_native_resume(&call);
        if (result)
            s = dyng_graph_to_edges(self->handle, src, dst, weights);
    }
    dyng_py_unlock(&self->lock);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK) {
        Py_XDECREF(result);
        return dyng_py_raise_status(s);
    }
    return result;
}

static PyObject *graph_apply(PyObject *obj, PyObject *arg) {
    dyng_py_graph *self = (dyng_py_graph *)obj;
    dyng_py_batch *batch = dyng_py_batch_arg(arg, "batch");
    if (!batch)
        return NULL;
    dyng_apply_summary summary;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "graph.apply");
    dyng_py_lock_request locks[2] = {{&self->lock, true}, {&batch->lock, false}};
    dyng_py_lock_all(locks, 2);
    dyng_status s = dyng_graph_apply(self->handle, batch->handle, &summary);
    dyng_py_unlock_all(locks, 2);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return dyng_py_after_change(&call, dyng_py_summary_tuple(&summary),
                                "the apply: the change is made", summary.version);
}

static PyObject *graph_clone(PyObject *obj, PyObject *unused) {
    (void)unused;
    dyng_py_graph *self = (dyng_py_graph *)obj;
    dyng_graph *copy = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "graph.clone");
    dyng_py_rdlock(&self->lock);
    dyng_status s = dyng_graph_clone(&copy, self->handle);
    dyng_py_unlock(&self->lock);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return dyng_py_graph_wrap(dyng_py_state_global(), copy, self->resources);
}

static PyObject *graph_check(PyObject *obj, PyObject *unused) {
    (void)unused;
    dyng_py_graph *self = (dyng_py_graph *)obj;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "graph.check");
    dyng_py_rdlock(&self->lock);
    dyng_status s = dyng_graph_check(self->handle);
    dyng_py_unlock(&self->lock);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

/* ---- building ------------------------------------------------------------- */

/* Read the weights argument: None, or int32 values, `expected` of them. */
static int weights_arg(dyng_py_ints *w, PyObject *obj, int num_weights, int64_t expected) {
    memset(w, 0, sizeof *w);
    if (obj == Py_None) {
        if (num_weights > 0 && expected > 0) {
            dyng_py_raise(DYNG_INVALID_ARGUMENT,
                          "weights: the graph has %d weights per edge but none were given",
                          num_weights);
            return -1;
        }
        return 0;
    }
    if (dyng_py_ints_get(w, obj, DYNG_TYPE_INT32, "weights") < 0)
        return -1;
    if (w->length != expected) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT,
                      "weights: expected %lld values (%d per edge), got %lld", (long long)expected,
                      num_weights, (long long)w->length);
        dyng_py_ints_release(w);
        return -1;
    }
    return 0;
}

static PyObject *graph_from_edges(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *props_obj, *src_obj, *dst_obj, *w_obj, *res_obj;
    long long n;
    if (!PyArg_ParseTuple(args, "OLOOOO:graph_from_edges", &props_obj, &n, &src_obj, &dst_obj,
                          &w_obj, &res_obj))
        return NULL;
    dyng_graph_properties p;
    dyng_resources *r;
    if (dyng_py_properties_arg(props_obj, &p) < 0 || dyng_py_resources_arg(res_obj, &r) < 0)
        return NULL;
    dyng_status s = dyng_properties_check(&p);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    dyng_py_ints src, dst, w;
    memset(&dst, 0, sizeof dst);
    memset(&w, 0, sizeof w);
    if (dyng_py_ints_get(&src, src_obj, p.vertex_type, "src") < 0 ||
        dyng_py_ints_get(&dst, dst_obj, p.vertex_type, "dst") < 0)
        goto fail;
    if (src.length != dst.length) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT, "src has %lld ids but dst has %lld",
                      (long long)src.length, (long long)dst.length);
        goto fail;
    }
    if (weights_arg(&w, w_obj, p.num_weights, src.length * p.num_weights) < 0)
        goto fail;
    dyng_graph *g = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "graph.from_edges");
    s = dyng_graph_from_edges(&g, &p, (int64_t)n, src.length, src.data, dst.data,
                              (const int32_t *)w.data, r);
    DYNG_PY_END_NATIVE(&call);
    dyng_py_ints_release(&src);
    dyng_py_ints_release(&dst);
    dyng_py_ints_release(&w);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return dyng_py_graph_wrap(dyng_py_state_global(), g, res_obj);
fail:
    dyng_py_ints_release(&src);
    dyng_py_ints_release(&dst);
    dyng_py_ints_release(&w);
    return NULL;
}

static PyObject *graph_from_csr(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *props_obj, *rp_obj, *col_obj, *w_obj, *res_obj;
    long long n;
    if (!PyArg_ParseTuple(args, "OLOOOO:graph_from_csr", &props_obj, &n, &rp_obj, &col_obj, &w_obj,
                          &res_obj))
        return NULL;
    dyng_graph_properties p;
    dyng_resources *r;
    if (dyng_py_properties_arg(props_obj, &p) < 0 || dyng_py_resources_arg(res_obj, &r) < 0)
        return NULL;
    dyng_status s = dyng_properties_check(&p);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    dyng_py_ints rp, col, w;
    memset(&col, 0, sizeof col);
    memset(&w, 0, sizeof w);
    if (dyng_py_ints_get(&rp, rp_obj, p.offset_type, "row_ptr") < 0 ||
        dyng_py_ints_get(&col, col_obj, p.vertex_type, "col") < 0)
        goto fail;
    if (n < 0)
        n = rp.length - 1;
    if (n < 0 || rp.length - 1 != n) { /* n + 1 would overflow at LLONG_MAX */
        dyng_py_raise(DYNG_INVALID_ARGUMENT,
                      "row_ptr: expected num_vertices + 1 = %llu offsets, got %lld",
                      n < 0 ? 1ULL : (unsigned long long)n + 1, (long long)rp.length);
        goto fail;
    }
    int64_t entries = p.offset_type == DYNG_TYPE_INT32 ? ((const int32_t *)rp.data)[n]
                                                       : ((const int64_t *)rp.data)[n];
    if (entries != col.length) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT,
                      "col: row_ptr[-1] says %lld entries but col has %lld ids", (long long)entries,
                      (long long)col.length);
        goto fail;
    }
    if (weights_arg(&w, w_obj, p.num_weights, col.length * p.num_weights) < 0)
        goto fail;
    dyng_graph *g = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "graph.from_csr");
    s = dyng_graph_from_csr(&g, &p, (int64_t)n, rp.data, col.data, (const int32_t *)w.data, r);
    DYNG_PY_END_NATIVE(&call);
    dyng_py_ints_release(&rp);
    dyng_py_ints_release(&col);
    dyng_py_ints_release(&w);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return dyng_py_graph_wrap(dyng_py_state_global(), g, res_obj);
fail:
    dyng_py_ints_release(&rp);
    dyng_py_ints_release(&col);
    dyng_py_ints_release(&w);
    return NULL;
}

/* ---- the type ------------------------------------------------------------- */

static PyGetSetDef graph_getset[] = {
    {"num_vertices", get_num_vertices, NULL, "Vertices.", NULL},
    {"num_edges", get_num_edges, NULL, "Edges (an undirected edge once).", NULL},
    {"num_entries", get_num_entries, NULL, "Stored directed entries.", NULL},
    {"version", get_version, NULL, "Batches applied since the graph was built.", NULL},
    {"state_id", get_state_id, NULL, "Process-unique id of the current state.", NULL},
    {"properties", get_properties, NULL, "The properties tuple.", NULL},
    {"memory_bytes", get_memory_bytes, NULL, "Bytes held, headroom included.", NULL},
    {"resources", get_resources, NULL, "The Resources the graph runs on.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef graph_methods[] = {
    {"set_resources", graph_set_resources, METH_O,
     "set_resources($self, resources, /)\n--\n\nRun later calls on other resources."},
    {"degree", (PyCFunction)(void (*)(void))graph_degree, METH_FASTCALL,
     "degree($self, vertex, transposed=False, /)\n--\n\nOut- (or in-) degree of a vertex."},
    {"degrees", (PyCFunction)(void (*)(void))graph_degrees, METH_VARARGS | METH_KEYWORDS,
     "degrees($self, /, transposed=False)\n--\n\nEvery out- (or in-) degree, as int64 bytes."},
    {"neighbors", (PyCFunction)(void (*)(void))graph_neighbors, METH_FASTCALL,
     "neighbors($self, vertex, transposed=False, weights=False, /)\n--\n\n"
     "(ids, weights or None) of a vertex's row as bytearrays."},
    {"has_edge", (PyCFunction)(void (*)(void))graph_has_edge, METH_FASTCALL,
     "has_edge($self, u, v, /)\n--\n\nWhether the edge u -> v is in the graph."},
    {"has_edges", graph_has_edges, METH_VARARGS,
     "has_edges($self, src, dst, /)\n--\n\nhas_edge of id pairs, a bool per byte."},
    {"edge_weight", (PyCFunction)(void (*)(void))graph_edge_weight, METH_FASTCALL,
     "edge_weight($self, u, v, /)\n--\n\nThe weights of edge (u, v) as a tuple, or None."},
    {"edge_weights", graph_edge_weights, METH_VARARGS,
     "edge_weights($self, src, dst, fill, /)\n--\n\n(found bytes, int32 weights bytes) of id "
     "pairs."},
    {"to_csr", (PyCFunction)(void (*)(void))graph_to_csr, METH_VARARGS | METH_KEYWORDS,
     "to_csr($self, /, transposed=False)\n--\n\n(row_ptr, col, weights) as bytearrays."},
    {"edges", graph_edges, METH_NOARGS,
     "edges($self, /)\n--\n\n(src, dst, weights) as bytearrays."},
    {"apply", graph_apply, METH_O, "apply($self, batch, /)\n--\n\nApply a batch; the summary."},
    {"clone", graph_clone, METH_NOARGS, "clone($self, /)\n--\n\nA deep copy."},
    {"check", graph_check, METH_NOARGS, "check($self, /)\n--\n\nCheck every invariant."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot graph_slots[] = {
    {Py_tp_dealloc, graph_dealloc},
    {Py_tp_getset, graph_getset},
    {Py_tp_methods, graph_methods},
    {Py_tp_doc, "A libdyng graph (made by graph_from_edges, graph_from_csr or a reader)."},
    {0, NULL}};

static PyType_Spec graph_spec = {"dyng._core.Graph", sizeof(dyng_py_graph), 0,
                                 Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
                                 graph_slots};

PyMethodDef dyng_py_graph_functions[] = {
    {"graph_from_edges", graph_from_edges, METH_VARARGS,
     "graph_from_edges(properties, num_vertices, src, dst, weights, resources, /)\n--\n\n"
     "Build a graph from edge arrays."},
    {"graph_from_csr", graph_from_csr, METH_VARARGS,
     "graph_from_csr(properties, num_vertices, row_ptr, col, weights, resources, /)\n--\n\n"
     "Build a graph from CSR arrays."},
    {NULL, NULL, 0, NULL}};

int dyng_py_init_graph(PyObject *module, dyng_py_state *st) {
    st->graph_type = PyType_FromModuleAndSpec(module, &graph_spec, NULL);
    if (!st->graph_type)
        return -1;
    return PyModule_AddObjectRef(module, "Graph", st->graph_type);
}
