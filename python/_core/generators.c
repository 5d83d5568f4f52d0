/*
 * python/_core/generators.c - the generators of dyng/generators.h: the
 * research codes' (dyng.generators.legacy) and the general ones (R-MAT,
 * Erdos-Renyi, grids, weights, random batches for dyng.generators).
 *
 * Graph generators return (num_vertices, src, dst, weights or None,
 * vertex_dtype) with bytearrays of raw little-endian values, copied from the
 * library's arrays. R-MAT that keeps every drawn edge, and the weights, are
 * written straight into arrays the typed layer allocated (NumPy's, which
 * ask for huge pages), so those edges are written to memory once.
 */
#include <string.h>

#include "dyng_py.h"
#include "generators/random_graphs.h"

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

static PyObject *legacy_mosp_changes(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj;
    dyng_mosp_changes_options o;
    dyng_mosp_changes_options_default(&o);
    long long changes, hops, source;
    int mode, wmin, wmax, safe;
    unsigned long seed; /* "k": the typed layer has checked 0 <= seed < 2**32 */
    if (!PyArg_ParseTuple(args, "OLdiiikLpL:legacy_mosp_changes", &graph_obj, &changes,
                          &o.insertion_percentage, &mode, &wmin, &wmax, &seed, &hops, &safe,
                          &source))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    if (!g)
        return NULL;
    o.num_changes = changes;
    o.mode = (dyng_mosp_change_mode)mode;
    o.weight_min = wmin;
    o.weight_max = wmax;
    o.seed = (uint32_t)seed;
    o.local_hops = hops;
    o.safe_deletions = safe != 0;
    o.source = source;
    dyng_py_call call;
    dyng_batch *b = NULL;
    dyng_mosp_changes_report r;
    DYNG_PY_BEGIN_NATIVE(&call, "generators.legacy.mosp_changes");
    dyng_py_rdlock(&g->lock);
    dyng_status s = dyng_legacy_mosp_changes(&b, &r, g->handle, &o);
    dyng_py_unlock(&g->lock);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    PyObject *batch = dyng_py_batch_wrap(dyng_py_state_global(), b);
    if (batch == NULL)
        return NULL;
    return Py_BuildValue("(N(LLLLLLL))", batch, (long long)r.inserts, (long long)r.reweights,
                         (long long)r.deletes, (long long)r.centre, (long long)r.region,
                         (long long)r.safe_asked, (long long)r.safe_rounds);
}

static PyObject *legacy_mosp_weights(PyObject *module, PyObject *args) {
    (void)module;
    long long count;
    int wmin, wmax;
    unsigned long seed; /* "k": the typed layer has checked 0 <= seed < 2**32 */
    if (!PyArg_ParseTuple(args, "Liik:legacy_mosp_weights", &count, &wmin, &wmax, &seed))
        return NULL;
    if (count < 0 || (uint64_t)count > (uint64_t)PY_SSIZE_T_MAX / sizeof(int32_t))
        return dyng_py_raise(DYNG_INVALID_ARGUMENT, "%lld weights; accepted: 0 or more", count);
    void *data = NULL;
    PyObject *out = dyng_py_bytearray((Py_ssize_t)count * (Py_ssize_t)sizeof(int32_t), &data);
    if (out == NULL)
        return NULL;
    dyng_status s = dyng_legacy_mosp_weights(data, count, wmin, wmax, (uint32_t)seed);
    if (s != DYNG_OK) {
        Py_DECREF(out);
        return dyng_py_raise_status(s);
    }
    return out;
}

/* ---- the general generators ----------------------------------------------- */

static const char *const vertex_dtype_names[] = {"int32", "int64", NULL};

/* None: pick; "int32" / "int64". 0, or -1 with InvalidArgumentError. */
static int vertex_type_arg(PyObject *obj, dyng_type *out) {
    if (obj == Py_None) {
        *out = DYNG_TYPE_NONE;
        return 0;
    }
    int t = dyng_py_enum_arg(obj, vertex_dtype_names, "vertex_dtype");
    if (t < 0)
        return -1;
    *out = t == 0 ? DYNG_TYPE_INT32 : DYNG_TYPE_INT64;
    return 0;
}

static PyObject *edges_result(Py_ssize_t n, PyObject *src, PyObject *dst, PyObject *w,
                              dyng_type vt) {
    return Py_BuildValue("(LOOOs)", (long long)n, src, dst, w,
                         vt == DYNG_TYPE_INT32 ? "int32" : "int64");
}

/* The result tuple of arrays the library allocated (copied; `a` freed). */
static PyObject *edges_tuple(dyng_edge_arrays *a) {
    size_t id_bytes = (size_t)a->num_edges * dyng_type_size(a->vertex_type);
    size_t w_bytes = (size_t)a->num_edges * 4 * (size_t)a->num_weights;
    void *src, *dst, *w = NULL;
    PyObject *result = NULL, *w_obj = NULL;
    PyObject *src_obj = dyng_py_bytearray((Py_ssize_t)id_bytes, &src);
    PyObject *dst_obj = src_obj ? dyng_py_bytearray((Py_ssize_t)id_bytes, &dst) : NULL;
    if (dst_obj)
        w_obj =
            a->num_weights > 0 ? dyng_py_bytearray((Py_ssize_t)w_bytes, &w) : Py_NewRef(Py_None);
    if (w_obj) {
        if (id_bytes) {
            memcpy(src, a->src, id_bytes);
            memcpy(dst, a->dst, id_bytes);
        }
        if (w && w_bytes)
            memcpy(w, a->weights, w_bytes);
        result = edges_result((Py_ssize_t)a->num_vertices, src_obj, dst_obj, w_obj, a->vertex_type);
    }
    Py_XDECREF(src_obj);
    Py_XDECREF(dst_obj);
    Py_XDECREF(w_obj);
    dyng_edge_arrays_free(a);
    return result;
}

/* A writable C-contiguous buffer of exactly `count` items of `itemsize`
 * bytes: 0, or -1 with InvalidArgumentError naming `what`. */
static int out_buffer(Py_buffer *view, PyObject *obj, long long count, Py_ssize_t itemsize,
                      const char *what) {
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        PyErr_Clear();
        dyng_py_raise(DYNG_INVALID_ARGUMENT, "%s: expected a writable C-contiguous array", what);
        return -1;
    }
    if (view->itemsize != itemsize || view->len != (Py_ssize_t)count * itemsize) {
        dyng_py_raise(DYNG_INVALID_ARGUMENT,
                      "%s: expected %lld items of %zd bytes, got %zd bytes in items of %zd", what,
                      count, itemsize, view->len, view->itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* The R-MAT options from (scale, edge_factor, a, b, c) and the rest. */
static void rmat_options(dyng_rmat_options *o, int scale, long long ef, double a, double b,
                         double c) {
    dyng_rmat_options_default(o);
    o->scale = scale;
    o->edge_factor = ef;
    o->a = a;
    o->b = b;
    o->c = c;
}

static PyObject *rmat_shape(PyObject *module, PyObject *args) {
    (void)module;
    int scale, keep_loops, keep_dups, k, low, high;
    long long ef;
    double a, b, c;
    PyObject *dtype_obj;
    if (!PyArg_ParseTuple(args, "iLdddppOiii:rmat_shape", &scale, &ef, &a, &b, &c, &keep_loops,
                          &keep_dups, &dtype_obj, &k, &low, &high))
        return NULL;
    dyng_rmat_options o;
    rmat_options(&o, scale, ef, a, b, c);
    o.keep_self_loops = keep_loops != 0;
    o.keep_duplicates = keep_dups != 0;
    o.num_weights = k;
    o.weight_low = (int32_t)low;
    o.weight_high = (int32_t)high;
    if (vertex_type_arg(dtype_obj, &o.vertex_type) < 0)
        return NULL;
    int64_t n, m;
    dyng_type vt;
    dyng_status s = dyng_i_rmat_shape(&o, &n, &m, &vt);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return Py_BuildValue("(LLs)", (long long)n, (long long)m,
                         vt == DYNG_TYPE_INT32 ? "int32" : "int64");
}

/* R-MAT with every drawn edge kept, straight into the caller's arrays (the
 * typed layer allocates them with NumPy, which asks for huge pages). */
static PyObject *generate_rmat_into(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *src_obj, *dst_obj, *res_obj;
    int scale, directed;
    long long ef;
    double a, b, c;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOiLdddKpO:generate_rmat_into", &src_obj, &dst_obj, &scale, &ef,
                          &a, &b, &c, &seed, &directed, &res_obj))
        return NULL;
    dyng_resources *r;
    if (dyng_py_resources_arg(res_obj, &r) < 0)
        return NULL;
    dyng_rmat_options o;
    rmat_options(&o, scale, ef, a, b, c);
    o.seed = (uint64_t)seed;
    o.directed = directed != 0;
    o.keep_self_loops = o.keep_duplicates = true;
    int64_t n, m;
    dyng_type vt;
    dyng_status s = dyng_i_rmat_shape(&o, &n, &m, &vt);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_buffer sv, dv;
    Py_ssize_t size = (Py_ssize_t)dyng_type_size(vt);
    if (out_buffer(&sv, src_obj, m, size, "src") < 0)
        return NULL;
    if (out_buffer(&dv, dst_obj, m, size, "dst") < 0) {
        PyBuffer_Release(&sv);
        return NULL;
    }
    o.vertex_type = vt;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "generators.rmat");
    s = dyng_i_rmat_fill(sv.buf, dv.buf, &o, r);
    DYNG_PY_END_NATIVE(&call);
    PyBuffer_Release(&sv);
    PyBuffer_Release(&dv);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

static PyObject *generate_rmat(PyObject *module, PyObject *args) {
    (void)module;
    dyng_rmat_options o;
    dyng_rmat_options_default(&o);
    long long edge_factor;
    unsigned long long seed; /* "K": the typed layer has checked 0 <= seed < 2**64 */
    int directed, keep_loops, keep_dups, low, high;
    PyObject *dtype_obj, *res_obj;
    if (!PyArg_ParseTuple(args, "iLdddKpppOiiiO:generate_rmat", &o.scale, &edge_factor, &o.a, &o.b,
                          &o.c, &seed, &directed, &keep_loops, &keep_dups, &dtype_obj,
                          &o.num_weights, &low, &high, &res_obj))
        return NULL;
    dyng_resources *r;
    if (vertex_type_arg(dtype_obj, &o.vertex_type) < 0 || dyng_py_resources_arg(res_obj, &r) < 0)
        return NULL;
    o.edge_factor = edge_factor;
    o.seed = (uint64_t)seed;
    o.directed = directed != 0;
    o.keep_self_loops = keep_loops != 0;
    o.keep_duplicates = keep_dups != 0;
    o.weight_low = (int32_t)low;
    o.weight_high = (int32_t)high;
    dyng_edge_arrays a;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "generators.rmat");
    dyng_status s = dyng_generate_rmat(&a, &o, r);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return edges_tuple(&a);
}

static PyObject *generate_erdos_renyi(PyObject *module, PyObject *args) {
    (void)module;
    dyng_erdos_renyi_options o;
    dyng_erdos_renyi_options_default(&o);
    long long n, m;
    unsigned long long seed;
    int directed, low, high;
    PyObject *dtype_obj, *res_obj;
    if (!PyArg_ParseTuple(args, "LLKpOiiiO:generate_erdos_renyi", &n, &m, &seed, &directed,
                          &dtype_obj, &o.num_weights, &low, &high, &res_obj))
        return NULL;
    dyng_resources *r;
    if (vertex_type_arg(dtype_obj, &o.vertex_type) < 0 || dyng_py_resources_arg(res_obj, &r) < 0)
        return NULL;
    o.num_vertices = n;
    o.num_edges = m;
    o.seed = (uint64_t)seed;
    o.directed = directed != 0;
    o.weight_low = (int32_t)low;
    o.weight_high = (int32_t)high;
    dyng_edge_arrays a;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "generators.erdos_renyi");
    dyng_status s = dyng_generate_erdos_renyi(&a, &o, r);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return edges_tuple(&a);
}

static PyObject *generate_grid(PyObject *module, PyObject *args) {
    (void)module;
    dyng_grid_options o;
    dyng_grid_options_default(&o);
    long long rows, cols;
    unsigned long long seed;
    int low, high;
    PyObject *dtype_obj, *res_obj;
    if (!PyArg_ParseTuple(args, "LLdKOiiiO:generate_grid", &rows, &cols, &o.keep_probability, &seed,
                          &dtype_obj, &o.num_weights, &low, &high, &res_obj))
        return NULL;
    dyng_resources *r;
    if (vertex_type_arg(dtype_obj, &o.vertex_type) < 0 || dyng_py_resources_arg(res_obj, &r) < 0)
        return NULL;
    o.rows = rows;
    o.cols = cols;
    o.seed = (uint64_t)seed;
    o.weight_low = (int32_t)low;
    o.weight_high = (int32_t)high;
    dyng_edge_arrays a;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "generators.grid");
    dyng_status s = dyng_generate_grid(&a, &o, r);
    DYNG_PY_END_NATIVE(&call);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    return edges_tuple(&a);
}

static PyObject *generate_weights(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *out_obj, *res_obj;
    long long count;
    int k, low, high;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OLiiiKO:generate_weights", &out_obj, &count, &k, &low, &high,
                          &seed, &res_obj))
        return NULL;
    dyng_resources *r;
    if (dyng_py_resources_arg(res_obj, &r) < 0)
        return NULL;
    if (count < 0 || k < 0 || k > DYNG_MAX_WEIGHTS)
        return dyng_py_raise(DYNG_INVALID_ARGUMENT,
                             "num_edges is %lld and num_weights %d; accepted: 0 or more edges "
                             "and 0 to %d weights",
                             count, k, DYNG_MAX_WEIGHTS);
    if (count > PY_SSIZE_T_MAX / 4 / (k > 0 ? k : 1))
        return dyng_py_raise(DYNG_CAPACITY, "%lld x %d weights are past this machine", count, k);
    Py_buffer view;
    if (out_buffer(&view, out_obj, count * k, 4, "out") < 0)
        return NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "generators.random_weights");
    dyng_status s = dyng_generate_weights(count * k > 0 ? view.buf : NULL, count, k, (int32_t)low,
                                          (int32_t)high, (uint64_t)seed, r);
    DYNG_PY_END_NATIVE(&call);
    PyBuffer_Release(&view);
    if (s != DYNG_OK)
        return dyng_py_raise_status(s);
    Py_RETURN_NONE;
}

static PyObject *generate_batch(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *graph_obj;
    dyng_random_batch_options o;
    dyng_random_batch_options_default(&o);
    long long size, window;
    unsigned long long seed;
    int low, high;
    if (!PyArg_ParseTuple(args, "OLdKLii:generate_batch", &graph_obj, &size, &o.insert_fraction,
                          &seed, &window, &low, &high))
        return NULL;
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    if (!g)
        return NULL;
    o.size = size;
    o.seed = (uint64_t)seed;
    o.locality_window = window;
    o.weight_low = (int32_t)low;
    o.weight_high = (int32_t)high;
    dyng_resources *r = ((dyng_py_resources *)g->resources)->handle; /* its interrupt flag */
    dyng_py_call call;
    dyng_batch *b = NULL;
    DYNG_PY_BEGIN_NATIVE(&call, "generators.random_batch");
    dyng_py_rdlock(&g->lock);
    dyng_status s = dyng_generate_batch(&b, g->handle, &o, r);
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
    {"legacy_mosp_weights", legacy_mosp_weights, METH_VARARGS,
     "legacy_mosp_weights(count, weight_min, weight_max, seed, /)\n"
     "--\n\nMOSP-OpenMP's converter's weights: count int32 values as a bytearray."},
    {"legacy_mosp_changes", legacy_mosp_changes, METH_VARARGS,
     "legacy_mosp_changes(graph, num_changes, insertion_percentage, mode, weight_min, "
     "weight_max, seed, local_hops, safe_deletions, source, /)\n"
     "--\n\nMOSP-OpenMP's changes for a graph, bit for bit: (batch, (inserts, reweights, "
     "deletes, centre, region, safe_asked, safe_rounds))."},
    {"generate_rmat", generate_rmat, METH_VARARGS,
     "generate_rmat(scale, edge_factor, a, b, c, seed, directed, keep_self_loops, "
     "keep_duplicates, vertex_dtype, num_weights, low, high, resources, /)\n"
     "--\n\nR-MAT edge arrays: (num_vertices, src, dst, weights, vertex_dtype)."},
    {"generate_erdos_renyi", generate_erdos_renyi, METH_VARARGS,
     "generate_erdos_renyi(num_vertices, num_edges, seed, directed, vertex_dtype, num_weights, "
     "low, high, resources, /)\n"
     "--\n\nG(n, m) edge arrays: (num_vertices, src, dst, weights, vertex_dtype)."},
    {"generate_grid", generate_grid, METH_VARARGS,
     "generate_grid(rows, cols, keep_probability, seed, vertex_dtype, num_weights, low, high, "
     "resources, /)\n"
     "--\n\nGrid edge arrays: (num_vertices, src, dst, weights, vertex_dtype)."},
    {"rmat_shape", rmat_shape, METH_VARARGS,
     "rmat_shape(scale, edge_factor, a, b, c, keep_self_loops, keep_duplicates, vertex_dtype, "
     "num_weights, low, high, /)\n"
     "--\n\nCheck R-MAT options: (num_vertices, num_edges drawn, vertex_dtype)."},
    {"generate_rmat_into", generate_rmat_into, METH_VARARGS,
     "generate_rmat_into(src, dst, scale, edge_factor, a, b, c, seed, directed, resources, /)\n"
     "--\n\nEvery drawn R-MAT edge into writable arrays of num_edges ids."},
    {"generate_weights", generate_weights, METH_VARARGS,
     "generate_weights(out, num_edges, num_weights, low, high, seed, resources, /)\n"
     "--\n\nnum_edges * num_weights int32 weights into a writable array."},
    {"generate_batch", generate_batch, METH_VARARGS,
     "generate_batch(graph, size, insert_fraction, seed, locality_window, low, high, /)\n"
     "--\n\nA random batch of insertions and deletions for a graph."},
    {NULL, NULL, 0, NULL}};
