/*
 * io.c - files: Matrix Market graphs and arrays, edge lists, .dgt and .dgb batch
 * streams, the research codes' files.
 *
 * Paths arrive as str (the typed layer applies os.fspath) and go to libdyng
 * as the bytes the file system sees (PyUnicode_FSConverter, os.fsencode's
 * rule), so a file name that is not UTF-8 (a str with surrogate escapes)
 * names its own file; a FileFormatError's path comes back the same way
 * (common.c). Every reader runs with the GIL released and reports a
 * malformed file as FileFormatError with path, line and column.
 */
#include <string.h>

#include "dyng_py.h"

static const char *const field_names[] = {"pattern", "integer", "real", NULL};
static const char *const symmetry_names[] = {"general", "symmetric", "skew-symmetric", NULL};
static const char *const id_dtype_names[] = {"int32", "int64", NULL};

static dyng_type id_type(int index) { return index == 0 ? DYNG_TYPE_INT32 : DYNG_TYPE_INT64; }

/* A path argument: "O&" with PATH gives a new bytes object (release it with
 * Py_XDECREF; PyArg_Parse* releases it when a later argument fails), whose
 * text PATH_TEXT gives. */
#define PATH PyUnicode_FSConverter
#define PATH_TEXT(obj) PyBytes_AsString(obj)

/* ---- Matrix Market ------------------------------------------------------- */

/* A reader of a graph from a path (or prefix) with optional properties. */
typedef dyng_status (*graph_reader)(dyng_graph **, const char *, const dyng_graph_properties *,
                                    dyng_resources *);

/* (path, properties or None, resources or None) -> a graph read by `read`. */
static PyObject *read_graph_with(PyObject *args, const char *format, graph_reader read,
                                 const char *stage) {
    PyObject *path_obj = NULL, *props_obj, *res_obj;
    if (!PyArg_ParseTuple(args, format, PATH, &path_obj, &props_obj, &res_obj))
        return NULL;
    dyng_graph_properties p, *pp = NULL;
    dyng_resources *r;
    PyObject *result = NULL;
    if (props_obj != Py_None) {
        if (dyng_py_properties_arg(props_obj, &p) < 0)
            goto done;
        pp = &p;
    }
    if (dyng_py_resources_arg(res_obj, &r) < 0)
        goto done;
    dyng_graph *g = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, stage);
    dyng_status s = read(&g, PATH_TEXT(path_obj), pp, r);
    DYNG_PY_END_NATIVE(&call);
    result = s != DYNG_OK ? dyng_py_raise_status(s)
                          : dyng_py_graph_wrap(dyng_py_state_global(), g, res_obj);
done:
    Py_DECREF(path_obj);
    return result;
}

static PyObject *mm_read_graph(PyObject *module, PyObject *args) {
    (void)module;
    return read_graph_with(args, "O&OO:mm_read_graph", dyng_mm_read_graph, "io.read_matrix_market");
}

static PyObject *mm_read_arrays(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *path_obj = NULL, *dtype_obj, *res_obj;
    int ignore_values, expand_symmetric;
    if (!PyArg_ParseTuple(args, "O&OppO:mm_read_arrays", PATH, &path_obj, &dtype_obj,
                          &ignore_values, &expand_symmetric, &res_obj))
        return NULL;
    int t = dyng_py_enum_arg(dtype_obj, id_dtype_names, "vertex_dtype");
    dyng_resources *r;
    if (t < 0 || dyng_py_resources_arg(res_obj, &r) < 0) {
        Py_DECREF(path_obj);
        return NULL;
    }
    dyng_mm_read_options o;
    dyng_mm_read_options_default(&o);
    o.vertex_type = id_type(t);
    o.ignore_values = ignore_values != 0;
    o.expand_symmetric = expand_symmetric != 0;
    dyng_edge_arrays a;
    memset(&a, 0, sizeof a);
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "io.read_matrix_market");
    dyng_status s = dyng_mm_read_arrays(&a, PATH_TEXT(path_obj), &o, r);
    DYNG_PY_END_NATIVE(&call);
    Py_DECREF(path_obj);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    /* Copy into bytearrays (the typed layer hands out NumPy arrays over them). */
    size_t id_bytes = (size_t)a.num_edges * dyng_type_size(a.vertex_type);
    void *src, *dst, *w = NULL;
    PyObject *result = NULL;
    PyObject *src_obj = dyng_py_bytearray((Py_ssize_t)id_bytes, &src);
    PyObject *dst_obj = src_obj ? dyng_py_bytearray((Py_ssize_t)id_bytes, &dst) : NULL;
    PyObject *w_obj = NULL;
    if (dst_obj)
        w_obj = a.num_weights > 0
                    ? dyng_py_bytearray((Py_ssize_t)((size_t)a.num_edges * 4 * a.num_weights), &w)
                    : Py_NewRef(Py_None);
    if (w_obj) {
        if (id_bytes) {
            memcpy(src, a.src, id_bytes);
            memcpy(dst, a.dst, id_bytes);
        }
        if (w && a.num_edges)
            memcpy(w, a.weights, (size_t)a.num_edges * 4 * (size_t)a.num_weights);
        result = Py_BuildValue("(LOOOss)", (long long)a.num_vertices, src_obj, dst_obj, w_obj,
                               field_names[a.field], symmetry_names[a.symmetry]);
    }
    Py_XDECREF(src_obj);
    Py_XDECREF(dst_obj);
    Py_XDECREF(w_obj);
    dyng_edge_arrays_free(&a);
    return result;
}

static PyObject *mm_write_graph(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj, *path_obj = NULL;
    int column;
    if (!PyArg_ParseTuple(args, "OO&i:mm_write_graph", &graph_obj, PATH, &path_obj, &column))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    dyng_status s = DYNG_OK;
    if (g) {
        dyng_py_call call;
        DYNG_PY_BEGIN_NATIVE(&call, "io.write_matrix_market");
        dyng_py_rdlock(&g->lock);
        s = dyng_mm_write_graph(g->handle, PATH_TEXT(path_obj), column);
        dyng_py_unlock(&g->lock);
        DYNG_PY_END_NATIVE(&call);
    }
    Py_DECREF(path_obj);
    if (!g)
        return NULL;
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

/*
 * The edge arrays of a write_*_arrays call as views: src and dst ids of one
 * type (dst takes src's), and weights None or num_weights >= 1 int32 values
 * per edge. Fills *a but for field and symmetry, which the caller sets.
 * Returns -1 with an exception set; the views are released by
 * edge_views_release either way.
 */
typedef struct edge_views {
    dyng_py_ints src, dst, w;
} edge_views;

static int edge_views_get(dyng_edge_arrays *a, edge_views *v, long long n, PyObject *src_obj,
                          PyObject *dst_obj, PyObject *w_obj, int num_weights) {
    memset(v, 0, sizeof *v);
    memset(a, 0, sizeof *a);
    if (dyng_py_ints_get(&v->src, src_obj, DYNG_TYPE_NONE, "src") < 0 ||
        dyng_py_ints_get(&v->dst, dst_obj, v->src.type, "dst") < 0)
        return -1;
    const long long m = (long long)v->src.length;
    if (v->src.length != v->dst.length) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT, "src has %lld ids but dst has %lld", m,
                      (long long)v->dst.length);
        return -1;
    }
    if (w_obj == Py_None) {
        num_weights = 0;
    } else {
        if (dyng_py_ints_get(&v->w, w_obj, DYNG_TYPE_INT32, "weights") < 0)
            return -1;
        if (num_weights < 1 || v->w.length != v->src.length * num_weights) {
            if (num_weights == 1)
                dyng_py_raise(DYNG_INVALID_ARGUMENT, "weights: expected %lld values, got %lld", m,
                              (long long)v->w.length);
            else
                dyng_py_raise(DYNG_INVALID_ARGUMENT, "weights: expected %lld x %d values, got %lld",
                              m, num_weights, (long long)v->w.length);
            return -1;
        }
    }
    a->vertex_type = v->src.type;
    a->num_weights = num_weights;
    a->num_vertices = (int64_t)n;
    a->num_edges = v->src.length;
    a->src = (void *)v->src.data;
    a->dst = (void *)v->dst.data;
    a->weights = (int32_t *)v->w.data;
    return 0;
}

static void edge_views_release(edge_views *v) {
    dyng_py_ints_release(&v->src);
    dyng_py_ints_release(&v->dst);
    dyng_py_ints_release(&v->w);
}

static PyObject *mm_write_arrays(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *path_obj = NULL;
    long long n;
    PyObject *src_obj, *dst_obj, *w_obj, *field_obj, *sym_obj;
    if (!PyArg_ParseTuple(args, "O&LOOOOO:mm_write_arrays", PATH, &path_obj, &n, &src_obj, &dst_obj,
                          &w_obj, &field_obj, &sym_obj))
        return NULL;
    int field = dyng_py_enum_arg(field_obj, field_names, "field");
    int symmetry = field < 0 ? -1 : dyng_py_enum_arg(sym_obj, symmetry_names, "symmetry");
    if (symmetry < 0) {
        Py_DECREF(path_obj);
        return NULL;
    }
    dyng_edge_arrays a;
    edge_views v;
    PyObject *result = NULL;
    if (edge_views_get(&a, &v, n, src_obj, dst_obj, w_obj, 1) == 0) {
        a.field = (dyng_mm_field)field;
        a.symmetry = (dyng_mm_symmetry)symmetry;
        dyng_py_call call;
        DYNG_PY_BEGIN_NATIVE(&call, "io.write_matrix_market");
        dyng_status s = dyng_mm_write_arrays(PATH_TEXT(path_obj), &a);
        DYNG_PY_END_NATIVE(&call);
        result = s == DYNG_OK ? Py_NewRef(Py_None) : dyng_py_raise_status(s);
    }
    edge_views_release(&v);
    Py_DECREF(path_obj);
    return result;
}

/* ---- edge lists -------------------------------------------------------------- */

static const char *const policy_names[] = {"keep", "drop", "error", NULL};

/* The read options from the binding's arguments; vertex_dtype None: auto. */
static int el_options(dyng_el_read_options *o, PyObject *dtype_obj, int num_weights,
                      int compact_ids, int one_based, PyObject *loops_obj, PyObject *dups_obj) {
    dyng_el_read_options_default(o);
    if (dtype_obj == Py_None) {
        o->vertex_type = DYNG_TYPE_NONE;
    } else {
        int t = dyng_py_enum_arg(dtype_obj, id_dtype_names, "vertex_dtype");
        if (t < 0)
            return -1;
        o->vertex_type = id_type(t);
    }
    int loops = dyng_py_enum_arg(loops_obj, policy_names, "self_loops");
    int dups = loops < 0 ? -1 : dyng_py_enum_arg(dups_obj, policy_names, "duplicates");
    if (dups < 0)
        return -1;
    o->num_weights = num_weights;
    o->compact_ids = compact_ids != 0;
    o->one_based = one_based != 0;
    o->on_self_loop = (dyng_on_self_loop)loops;
    o->on_duplicate = (dyng_on_duplicate)dups;
    return 0;
}

/* A new bytearray holding a copy of `bytes` bytes at data. */
static PyObject *copy_bytes(const void *data, size_t bytes) {
    void *dst;
    PyObject *obj = dyng_py_bytearray((Py_ssize_t)bytes, &dst);
    if (obj && bytes)
        memcpy(dst, data, bytes);
    return obj;
}

static PyObject *el_read_arrays(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *path_obj = NULL, *dtype_obj, *loops_obj, *dups_obj, *res_obj;
    int num_weights, compact_ids, one_based;
    if (!PyArg_ParseTuple(args, "O&OippOOO:el_read_arrays", PATH, &path_obj, &dtype_obj,
                          &num_weights, &compact_ids, &one_based, &loops_obj, &dups_obj, &res_obj))
        return NULL;
    dyng_el_read_options o;
    dyng_resources *r;
    if (el_options(&o, dtype_obj, num_weights, compact_ids, one_based, loops_obj, dups_obj) < 0 ||
        dyng_py_resources_arg(res_obj, &r) < 0) {
        Py_DECREF(path_obj);
        return NULL;
    }
    dyng_edge_arrays a;
    int64_t *ids = NULL;
    memset(&a, 0, sizeof a);
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "io.read_edge_list");
    dyng_status s = dyng_el_read_arrays_ids(&a, &ids, PATH_TEXT(path_obj), &o, r);
    DYNG_PY_END_NATIVE(&call);
    Py_DECREF(path_obj);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    size_t m = (size_t)a.num_edges;
    size_t id_bytes = m * dyng_type_size(a.vertex_type);
    PyObject *result = NULL, *w_obj = NULL, *ids_obj = NULL;
    PyObject *src_obj = copy_bytes(a.src, id_bytes);
    PyObject *dst_obj = src_obj ? copy_bytes(a.dst, id_bytes) : NULL;
    if (dst_obj)
        w_obj = a.num_weights > 0 ? copy_bytes(a.weights, m * 4 * (size_t)a.num_weights)
                                  : Py_NewRef(Py_None);
    if (w_obj)
        ids_obj = ids != NULL ? copy_bytes(ids, (size_t)a.num_vertices * 8) : Py_NewRef(Py_None);
    if (ids_obj)
        result = Py_BuildValue("(LOOOisO)", (long long)a.num_vertices, src_obj, dst_obj, w_obj,
                               a.num_weights, dyng_type_name(a.vertex_type), ids_obj);
    Py_XDECREF(src_obj);
    Py_XDECREF(dst_obj);
    Py_XDECREF(w_obj);
    Py_XDECREF(ids_obj);
    dyng_el_ids_free(&ids);
    dyng_edge_arrays_free(&a);
    return result;
}

static PyObject *el_read_graph(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *path_obj = NULL, *dtype_obj, *loops_obj, *dups_obj, *props_obj, *res_obj;
    int num_weights, compact_ids, one_based;
    if (!PyArg_ParseTuple(args, "O&OippOOOO:el_read_graph", PATH, &path_obj, &dtype_obj,
                          &num_weights, &compact_ids, &one_based, &loops_obj, &dups_obj, &props_obj,
                          &res_obj))
        return NULL;
    dyng_el_read_options o;
    dyng_graph_properties p, *pp = NULL;
    dyng_resources *r;
    PyObject *result = NULL;
    if (el_options(&o, dtype_obj, num_weights, compact_ids, one_based, loops_obj, dups_obj) < 0)
        goto done;
    if (props_obj != Py_None) {
        if (dyng_py_properties_arg(props_obj, &p) < 0)
            goto done;
        pp = &p;
    }
    if (dyng_py_resources_arg(res_obj, &r) < 0)
        goto done;
    dyng_graph *g = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "io.read_edge_list");
    dyng_status s = dyng_el_read_graph(&g, PATH_TEXT(path_obj), &o, pp, r);
    DYNG_PY_END_NATIVE(&call);
    result = s != DYNG_OK ? dyng_py_raise_status(s)
                          : dyng_py_graph_wrap(dyng_py_state_global(), g, res_obj);
done:
    Py_DECREF(path_obj);
    return result;
}

static PyObject *el_write_graph(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj, *path_obj = NULL;
    if (!PyArg_ParseTuple(args, "OO&:el_write_graph", &graph_obj, PATH, &path_obj))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    dyng_status s = DYNG_OK;
    if (g) {
        dyng_py_call call;
        DYNG_PY_BEGIN_NATIVE(&call, "io.write_edge_list");
        dyng_py_rdlock(&g->lock);
        s = dyng_el_write_graph(g->handle, PATH_TEXT(path_obj));
        dyng_py_unlock(&g->lock);
        DYNG_PY_END_NATIVE(&call);
    }
    Py_DECREF(path_obj);
    if (!g)
        return NULL;
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

static PyObject *el_write_arrays(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *path_obj = NULL;
    long long n;
    int num_weights;
    PyObject *src_obj, *dst_obj, *w_obj;
    if (!PyArg_ParseTuple(args, "O&LOOOi:el_write_arrays", PATH, &path_obj, &n, &src_obj, &dst_obj,
                          &w_obj, &num_weights))
        return NULL;
    dyng_edge_arrays a;
    edge_views v;
    PyObject *result = NULL;
    if (edge_views_get(&a, &v, n, src_obj, dst_obj, w_obj, num_weights) == 0) {
        a.field = a.num_weights > 0 ? DYNG_MM_INTEGER : DYNG_MM_PATTERN;
        a.symmetry = DYNG_MM_GENERAL;
        dyng_py_call call;
        DYNG_PY_BEGIN_NATIVE(&call, "io.write_edge_list");
        dyng_status s = dyng_el_write_arrays(PATH_TEXT(path_obj), &a);
        DYNG_PY_END_NATIVE(&call);
        result = s == DYNG_OK ? Py_NewRef(Py_None) : dyng_py_raise_status(s);
    }
    edge_views_release(&v);
    Py_DECREF(path_obj);
    return result;
}

/* ---- batch streams: .dgt and .dgb, read one batch at a time, and written ----- */

/* A reader of either format (the content decides: the .dgb magic or text). */
typedef struct batch_reader_object {
    PyObject_HEAD dyng_dgt_reader *dgt;
    dyng_dgb_reader *dgb;
    dyng_type vertex_type;
    pthread_mutex_t mutex; /* one next() at a time */
} batch_reader_object;

static void batch_reader_close_both(batch_reader_object *self) {
    dyng_dgt_close(&self->dgt);
    dyng_dgb_close(&self->dgb);
}

/* BatchReader(path, ...) once the path is bytes. */
static PyObject *batch_reader_open(PyTypeObject *type, const char *path, PyObject *dtype_obj,
                                   int num_weights) {
    int t = 1;
    if (dtype_obj && (t = dyng_py_enum_arg(dtype_obj, id_dtype_names, "vertex_dtype")) < 0)
        return NULL;
    dyng_dgt_reader *dgt = NULL;
    dyng_dgb_reader *dgb = NULL;
    bool binary = false;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "io.read_batches");
    dyng_status s = dyng_batch_file_is_dgb(&binary, path);
    if (s == DYNG_OK && binary)
        s = dyng_dgb_open(&dgb, path, id_type(t));
    else if (s == DYNG_OK)
        s = dyng_dgt_open(&dgt, path, id_type(t), num_weights);
    DYNG_PY_END_NATIVE(&call);
    if (s == DYNG_OK && dgb != NULL && num_weights >= 0) {
        int k = 0;
        dyng_dgb_num_weights(&k, dgb);
        if (k != num_weights) {
            dyng_dgb_close(&dgb);
            return dyng_py_raise(DYNG_INVALID_ARGUMENT,
                                 "num_weights is %d; the .dgb file %s has %d weights per "
                                 "insertion",
                                 num_weights, path, k);
        }
    }
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    batch_reader_object *self = (batch_reader_object *)alloc(type, 0);
    if (!self) {
        dyng_dgt_close(&dgt);
        dyng_dgb_close(&dgb);
        return NULL;
    }
    self->dgt = dgt;
    self->dgb = dgb;
    self->vertex_type = id_type(t);
    pthread_mutex_init(&self->mutex, NULL);
    return (PyObject *)self;
}

static PyObject *batch_reader_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"path", "vertex_dtype", "num_weights", NULL};
    PyObject *path_obj = NULL, *dtype_obj = NULL;
    int num_weights = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O&|Oi:BatchReader", keywords, PATH, &path_obj,
                                     &dtype_obj, &num_weights))
        return NULL;
    PyObject *result = batch_reader_open(type, PATH_TEXT(path_obj), dtype_obj, num_weights);
    Py_DECREF(path_obj);
    return result;
}

static void batch_reader_dealloc(PyObject *obj) {
    batch_reader_object *self = (batch_reader_object *)obj;
    PyTypeObject *type = Py_TYPE(obj);
    batch_reader_close_both(self);
    pthread_mutex_destroy(&self->mutex);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(obj);
    Py_DECREF(type);
}

/* The reader's weight count (call with the mutex held or while no next()
 * can run). */
static int batch_reader_k(const batch_reader_object *self) {
    int k = 0;
    if (self->dgt)
        dyng_dgt_num_weights(&k, self->dgt);
    else if (self->dgb)
        dyng_dgb_num_weights(&k, self->dgb);
    return k;
}

static PyObject *batch_reader_num_weights(PyObject *obj, void *closure) {
    (void)closure;
    batch_reader_object *self = (batch_reader_object *)obj;
    if (!self->dgt && !self->dgb)
        return dyng_py_raise(DYNG_INVALID_ARGUMENT, "the reader is closed");
    return PyLong_FromLong(batch_reader_k(self));
}

static PyObject *batch_reader_binary(PyObject *obj, void *closure) {
    (void)closure;
    return PyBool_FromLong(((batch_reader_object *)obj)->dgb != NULL);
}

static PyObject *batch_reader_next(PyObject *obj, PyObject *unused) {
    (void)unused;
    batch_reader_object *self = (batch_reader_object *)obj;
    dyng_py_call call;
    dyng_batch *b = NULL;
    bool done = false, open = false;
    DYNG_PY_BEGIN_NATIVE(&call, "io.read_batches");
    pthread_mutex_lock(&self->mutex);
    dyng_status s = DYNG_INVALID_ARGUMENT;
    open = self->dgt || self->dgb;
    if (open) {
        s = dyng_batch_new(&b, self->vertex_type, batch_reader_k(self));
        if (s == DYNG_OK)
            s = self->dgt ? dyng_dgt_next(self->dgt, b, &done) : dyng_dgb_next(self->dgb, b, &done);
    }
    pthread_mutex_unlock(&self->mutex);
    DYNG_PY_END_NATIVE(&call);
    if (!open)
        return dyng_py_raise(DYNG_INVALID_ARGUMENT, "the reader is closed");
    if (s != DYNG_OK) {
        dyng_batch_free(&b);
        return dyng_py_raise_status(s);
    }
    if (done) {
        dyng_batch_free(&b);
        Py_RETURN_NONE;
    }
    return dyng_py_batch_wrap(dyng_py_state_global(), b);
}

static PyObject *batch_reader_close(PyObject *obj, PyObject *unused) {
    (void)unused;
    batch_reader_object *self = (batch_reader_object *)obj;
    PyThreadState *ts = PyEval_SaveThread();
    pthread_mutex_lock(&self->mutex);
    batch_reader_close_both(self);
    pthread_mutex_unlock(&self->mutex);
    PyEval_RestoreThread(ts);
    Py_RETURN_NONE;
}

static PyGetSetDef batch_reader_getset[] = {
    {"num_weights", batch_reader_num_weights, NULL, "Weights per insertion.", NULL},
    {"binary", batch_reader_binary, NULL, "Whether the file is .dgb (else .dgt).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef batch_reader_methods[] = {
    {"next", batch_reader_next, METH_NOARGS,
     "next($self, /)\n--\n\nThe next batch, or None at the end."},
    {"close", batch_reader_close, METH_NOARGS, "close($self, /)\n--\n\nClose the file."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot batch_reader_slots[] = {
    {Py_tp_new, batch_reader_new},
    {Py_tp_dealloc, batch_reader_dealloc},
    {Py_tp_getset, batch_reader_getset},
    {Py_tp_methods, batch_reader_methods},
    {Py_tp_doc, "BatchReader(path, vertex_dtype='int64', num_weights=-1)\n--\n\n"
                "A streaming reader of .dgt and .dgb batch files."},
    {0, NULL}};

static PyType_Spec batch_reader_spec = {"dyng._core.BatchReader", sizeof(batch_reader_object), 0,
                                        Py_TPFLAGS_DEFAULT, batch_reader_slots};

/* Write the batches of an iterable as .dgt (binary false) or .dgb with ids of
 * vertex_dtype and num_weights weights, one at a time as the iterable gives
 * them (a generator streams in constant memory). */
static PyObject *batches_write_path(const char *path, PyObject *iterable, int binary,
                                    PyObject *dtype_obj, int num_weights) {
    int t = dyng_py_enum_arg(dtype_obj, id_dtype_names, "vertex_dtype");
    if (t < 0)
        return NULL;
    PyObject *it = PyObject_GetIter(iterable);
    if (!it)
        return NULL;
    dyng_dgt_writer *dgt = NULL;
    dyng_dgb_writer *dgb = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "io.write_batches");
    dyng_status s = binary ? dyng_dgb_writer_open(&dgb, path, id_type(t), num_weights)
                           : dyng_dgt_writer_open(&dgt, path);
    DYNG_PY_END_NATIVE(&call);
    bool python_error = false;
    PyObject *item;
    while (s == DYNG_OK && (item = PyIter_Next(it)) != NULL) {
        dyng_py_batch *b = dyng_py_batch_arg(item, "every batch");
        if (!b) {
            Py_DECREF(item);
            python_error = true;
            break;
        }
        DYNG_PY_BEGIN_NATIVE(&call, "io.write_batches");
        dyng_py_rdlock(&b->lock);
        s = binary ? dyng_dgb_write_batch(dgb, b->handle) : dyng_dgt_write_batch(dgt, b->handle);
        dyng_py_unlock(&b->lock);
        DYNG_PY_END_NATIVE(&call);
        Py_DECREF(item);
    }
    python_error = python_error || PyErr_Occurred() != NULL;
    Py_DECREF(it);
    /* A stream cut short by an error (a refused batch, or the iterable
     * failed: a bad input file, Ctrl-C) keeps what it wrote but is marked
     * incomplete: .dgb without its end record, .dgt with a "%aborted" line,
     * so that reading it fails instead of passing for a whole stream. The
     * first error stands. */
    if (python_error) { /* the Python error stands; the close is quick */
        dyng_dgt_writer_abort(&dgt);
        dyng_dgb_writer_abort(&dgb);
        return NULL;
    }
    dyng_status close_status = DYNG_OK;
    DYNG_PY_BEGIN_NATIVE(&call, "io.write_batches");
    if (s != DYNG_OK) {
        dyng_dgt_writer_abort(&dgt);
        dyng_dgb_writer_abort(&dgb);
    }
    if (dgt)
        close_status = dyng_dgt_writer_close(&dgt);
    if (dgb)
        close_status = dyng_dgb_writer_close(&dgb);
    DYNG_PY_END_NATIVE(&call);
    if (s == DYNG_OK)
        s = close_status;
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

static PyObject *batches_write(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *path_obj = NULL, *iterable, *dtype_obj;
    int binary, num_weights;
    if (!PyArg_ParseTuple(args, "O&OpOi:batches_write", PATH, &path_obj, &iterable, &binary,
                          &dtype_obj, &num_weights))
        return NULL;
    PyObject *result =
        batches_write_path(PATH_TEXT(path_obj), iterable, binary, dtype_obj, num_weights);
    Py_DECREF(path_obj);
    return result;
}

/* ---- the research codes' files ------------------------------------------------ */

static PyObject *csr_read_graph(PyObject *module, PyObject *args) {
    (void)module;
    return read_graph_with(args, "O&OO:csr_read_graph", dyng_csr_files_read_graph,
                           "io.read_csr_triplet");
}

static PyObject *csr_write_graph(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj, *prefix_obj = NULL;
    int compress;
    if (!PyArg_ParseTuple(args, "OO&p:csr_write_graph", &graph_obj, PATH, &prefix_obj, &compress))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    dyng_status s = DYNG_OK;
    if (g) {
        dyng_py_call call;
        DYNG_PY_BEGIN_NATIVE(&call, "io.write_csr_triplet");
        dyng_py_rdlock(&g->lock);
        s = dyng_csr_files_write_graph(g->handle, PATH_TEXT(prefix_obj), compress != 0);
        dyng_py_unlock(&g->lock);
        DYNG_PY_END_NATIVE(&call);
    }
    Py_DECREF(prefix_obj);
    if (!g)
        return NULL;
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

/* A path argument that may be None: "O&" with optional_path gives NULL for
 * None and bytes as PATH does otherwise (release with Py_XDECREF). */
static int optional_path(PyObject *obj, void *out) {
    if (obj == NULL) { /* PyArg_Parse* cleaning up after a later failure */
        Py_CLEAR(*(PyObject **)out);
        return 1;
    }
    if (obj == Py_None) {
        *(PyObject **)out = NULL;
        return 1;
    }
    return PATH(obj, out);
}

static const char *optional_text(PyObject *obj) { return obj ? PATH_TEXT(obj) : NULL; }

static PyObject *change_files_read(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *ins_obj = NULL, *del_obj = NULL, *dtype_obj, *res_obj;
    int num_weights;
    if (!PyArg_ParseTuple(args, "O&O&OiO:change_files_read", optional_path, &ins_obj, optional_path,
                          &del_obj, &dtype_obj, &num_weights, &res_obj))
        return NULL;
    dyng_resources *r;
    PyObject *result = NULL;
    int t = dyng_py_enum_arg(dtype_obj, id_dtype_names, "vertex_dtype");
    if (t >= 0 && dyng_py_resources_arg(res_obj, &r) == 0) {
        dyng_batch *b = NULL;
        dyng_py_call call;
        DYNG_PY_BEGIN_NATIVE(&call, "io.read_change_files");
        dyng_status s = dyng_change_files_read(&b, optional_text(ins_obj), optional_text(del_obj),
                                               id_type(t), num_weights, r);
        DYNG_PY_END_NATIVE(&call);
        result =
            s != DYNG_OK ? dyng_py_raise_status(s) : dyng_py_batch_wrap(dyng_py_state_global(), b);
    }
    Py_XDECREF(ins_obj);
    Py_XDECREF(del_obj);
    return result;
}

static PyObject *signed_batch_read(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *path_obj = NULL, *dtype_obj, *res_obj;
    int num_weights;
    if (!PyArg_ParseTuple(args, "O&OiO:signed_batch_read", PATH, &path_obj, &dtype_obj,
                          &num_weights, &res_obj))
        return NULL;
    dyng_resources *r;
    PyObject *result = NULL;
    int t = dyng_py_enum_arg(dtype_obj, id_dtype_names, "vertex_dtype");
    if (t >= 0 && dyng_py_resources_arg(res_obj, &r) == 0) {
        dyng_batch *b = NULL;
        dyng_py_call call;
        DYNG_PY_BEGIN_NATIVE(&call, "io.read_signed_batch");
        dyng_status s = dyng_signed_batch_read(&b, PATH_TEXT(path_obj), id_type(t), num_weights, r);
        DYNG_PY_END_NATIVE(&call);
        result =
            s != DYNG_OK ? dyng_py_raise_status(s) : dyng_py_batch_wrap(dyng_py_state_global(), b);
    }
    Py_DECREF(path_obj);
    return result;
}

/* Write a batch as change files (delete_path given) or as a signed file. */
static PyObject *batch_text_write(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *batch_obj, *path_obj = NULL, *del_obj = NULL;
    if (!PyArg_ParseTuple(args, "OO&O&:batch_text_write", &batch_obj, PATH, &path_obj,
                          optional_path, &del_obj))
        return NULL;
    dyng_py_batch *b = dyng_py_batch_arg(batch_obj, "batch");
    dyng_status s = DYNG_OK;
    if (b) {
        const char *path = PATH_TEXT(path_obj), *del = optional_text(del_obj);
        dyng_py_call call;
        DYNG_PY_BEGIN_NATIVE(&call, del ? "io.write_change_files" : "io.write_signed_batch");
        dyng_py_rdlock(&b->lock);
        s = del ? dyng_change_files_write(b->handle, path, del)
                : dyng_signed_batch_write(b->handle, path);
        dyng_py_unlock(&b->lock);
        DYNG_PY_END_NATIVE(&call);
    }
    Py_DECREF(path_obj);
    Py_XDECREF(del_obj);
    if (!b)
        return NULL;
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

/* Distances (tree false) or parents, read into a bytearray of int64. */
static PyObject *vertex_values_read(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *path_obj = NULL, *res_obj;
    int tree;
    if (!PyArg_ParseTuple(args, "O&pO:vertex_values_read", PATH, &path_obj, &tree, &res_obj))
        return NULL;
    dyng_resources *r;
    if (dyng_py_resources_arg(res_obj, &r) < 0) {
        Py_DECREF(path_obj);
        return NULL;
    }
    const char *path = PATH_TEXT(path_obj);
    int64_t *values = NULL, n = 0;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, tree ? "io.read_tree" : "io.read_distances");
    dyng_status s =
        tree ? dyng_tree_read(&values, &n, path, r) : dyng_distances_read(&values, &n, path, r);
    DYNG_PY_END_NATIVE(&call);
    Py_DECREF(path_obj);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    PyObject *out = copy_bytes(values, (size_t)n * sizeof(int64_t));
    dyng_values_free(&values);
    return out;
}

/* Distances (tree false) or parents from a buffer of int64 values. */
static PyObject *vertex_values_write(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *path_obj = NULL, *values_obj;
    int tree;
    if (!PyArg_ParseTuple(args, "O&Op:vertex_values_write", PATH, &path_obj, &values_obj, &tree))
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(values_obj, &view, PyBUF_C_CONTIGUOUS) < 0) {
        Py_DECREF(path_obj);
        return NULL;
    }
    const char *path = PATH_TEXT(path_obj);
    int64_t n = (int64_t)(view.len / (Py_ssize_t)sizeof(int64_t));
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, tree ? "io.write_tree" : "io.write_distances");
    dyng_status s =
        tree ? dyng_tree_write(view.buf, n, path) : dyng_distances_write(view.buf, n, path);
    DYNG_PY_END_NATIVE(&call);
    PyBuffer_Release(&view);
    Py_DECREF(path_obj);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

PyMethodDef dyng_py_io_functions[] = {
    {"mm_read_graph", mm_read_graph, METH_VARARGS,
     "mm_read_graph(path, properties, resources, /)\n--\n\nRead a Matrix Market graph."},
    {"mm_read_arrays", mm_read_arrays, METH_VARARGS,
     "mm_read_arrays(path, vertex_dtype, ignore_values, expand_symmetric, resources, /)\n--\n\n"
     "Read a Matrix Market file into edge arrays."},
    {"mm_write_graph", mm_write_graph, METH_VARARGS,
     "mm_write_graph(graph, path, weight_column, /)\n--\n\nWrite a graph as Matrix Market."},
    {"mm_write_arrays", mm_write_arrays, METH_VARARGS,
     "mm_write_arrays(path, num_vertices, src, dst, weights, field, symmetry, /)\n--\n\n"
     "Write edge arrays as Matrix Market."},
    {"el_read_arrays", el_read_arrays, METH_VARARGS,
     "el_read_arrays(path, vertex_dtype, num_weights, compact_ids, one_based, self_loops, "
     "duplicates, resources, /)\n--\n\nRead an edge list into edge arrays."},
    {"el_read_graph", el_read_graph, METH_VARARGS,
     "el_read_graph(path, vertex_dtype, num_weights, compact_ids, one_based, self_loops, "
     "duplicates, properties, resources, /)\n--\n\nRead an edge list into a graph."},
    {"el_write_graph", el_write_graph, METH_VARARGS,
     "el_write_graph(graph, path, /)\n--\n\nWrite a graph as an edge list."},
    {"el_write_arrays", el_write_arrays, METH_VARARGS,
     "el_write_arrays(path, num_vertices, src, dst, weights, num_weights, /)\n--\n\n"
     "Write edge arrays as an edge list."},
    {"batches_write", batches_write, METH_VARARGS,
     "batches_write(path, batches, binary, vertex_dtype, num_weights, /)\n--\n\n"
     "Write batches as a .dgt (or, binary, .dgb) file."},
    {"csr_read_graph", csr_read_graph, METH_VARARGS,
     "csr_read_graph(prefix, properties, resources, /)\n--\n\nRead a CSR triplet."},
    {"csr_write_graph", csr_write_graph, METH_VARARGS,
     "csr_write_graph(graph, prefix, compress, /)\n--\n\nWrite a CSR triplet."},
    {"change_files_read", change_files_read, METH_VARARGS,
     "change_files_read(insert_path, delete_path, vertex_dtype, num_weights, resources, /)\n"
     "--\n\nRead insert.txt / delete.txt as one batch."},
    {"signed_batch_read", signed_batch_read, METH_VARARGS,
     "signed_batch_read(path, vertex_dtype, num_weights, resources, /)\n--\n\n"
     "Read a '- u v' / '+ u v' batch file."},
    {"batch_text_write", batch_text_write, METH_VARARGS,
     "batch_text_write(batch, path, delete_path, /)\n--\n\n"
     "Write a batch as change files (delete_path given) or as a signed batch file."},
    {"vertex_values_read", vertex_values_read, METH_VARARGS,
     "vertex_values_read(path, tree, resources, /)\n--\n\n"
     "Read a distance or tree file into int64 bytes."},
    {"vertex_values_write", vertex_values_write, METH_VARARGS,
     "vertex_values_write(path, values, tree, /)\n--\n\n"
     "Write int64 distances or parents as a distance or tree file."},
    {NULL, NULL, 0, NULL}};

int dyng_py_init_io(PyObject *module, dyng_py_state *st) {
    st->batch_reader_type = PyType_FromModuleAndSpec(module, &batch_reader_spec, NULL);
    if (!st->batch_reader_type)
        return -1;
    return PyModule_AddObjectRef(module, "BatchReader", st->batch_reader_type);
}
