/*
 * degrees.c - _core.DegreeResult, a small result that keeps per-vertex
 * degrees current while a graph changes.
 *
 * It is a test fixture for the result machinery of array.c (copy-on-write,
 * generations and stale Arrays, the lock order of updates) before the real
 * algorithms land. Slot 0 holds one int64 degree per vertex: the out-degree,
 * or the in-degree when `transposed`.
 *
 *   degrees_compute(graph, transposed=False) -> DegreeResult
 *   degrees_update(graph, batch, result)      -> summary 12-tuple
 *
 * An update applies the batch to the graph itself (like Graph.apply) and then
 * recomputes the degrees of the vertices the batch names, so result and graph
 * move together; the result records the graph version and state id it
 * matches, and an update of a result that no longer matches its graph raises
 * StaleResultError.
 */
#include "array.h"

#include <string.h>

#include "graph/graph_internal.h"

typedef struct degree_result {
    DYNG_PY_RESULT_HEAD;
    bool transposed; /* in-degrees instead of out-degrees */
} degree_result;

/* The degrees slot. */
enum { DEGREES = 0 };

/* ---- helpers ------------------------------------------------------------- */

/* Element i of an id array of type `type` (int32 or int64). */
static int64_t id_at(const void *ids, dyng_type type, int64_t i) {
    if (type == DYNG_TYPE_INT32) {
        return ((const int32_t *)ids)[i];
    }
    return ((const int64_t *)ids)[i];
}

/* A new, empty DegreeResult (head initialised, no slots) or NULL. */
static degree_result *result_alloc(dyng_py_state *st) {
    return (degree_result *)dyng_py_result_new(st->degrees_type);
}

/* Write the degree of vertex v into degrees[v]. */
static dyng_status degree_into(int64_t *degrees, const dyng_graph *g, int64_t v, bool transposed) {
    return dyng_graph_degree(&degrees[v], g, v, transposed);
}

/* Raise TypeError: `what` must be a `type_name`, not the type of obj. */
static PyObject *wrong_type(const char *what, const char *type_name, PyObject *obj) {
    PyObject *name = PyType_GetName(Py_TYPE(obj));
    if (name == NULL) {
        return NULL;
    }
    PyErr_Format(PyExc_TypeError, "%s must be a %s, not %U", what, type_name, name);
    Py_DECREF(name);
    return NULL;
}

/* ---- degrees_compute ---------------------------------------------------------- */

static PyObject *degrees_compute(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"graph", "transposed", NULL};
    (void)module;
    PyObject *graph_obj;
    int transposed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|p:degrees_compute", keywords, &graph_obj,
                                     &transposed)) {
        return NULL;
    }
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    if (g == NULL) {
        return NULL;
    }
    dyng_py_state *st = dyng_py_state_of_type(Py_TYPE(graph_obj));
    degree_result *r = result_alloc(st);
    if (r == NULL) {
        return NULL;
    }
    r->transposed = transposed != 0;
    r->copy_policy = dyng_py_graph_copy_policy(g);

    /* One pass over the vertices under the graph's shared lock. For the
     * in-degrees of a directed graph without stored in-edges each
     * dyng_graph_degree counts (O(entries)); this result is a test fixture. */
    dyng_status status = DYNG_OK;
    bool out_of_memory = false;
    int64_t n = 0;
    uint64_t version = 0, state_id = 0;
    dyng_py_buffer *buffer = NULL;
    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "testing.degrees.compute");
    dyng_py_rdlock(&g->lock);
    status = dyng_graph_num_vertices(&n, g->handle);
    if (status == DYNG_OK) {
        status = dyng_graph_version(&version, g->handle);
    }
    if (status == DYNG_OK) {
        status = dyng_graph_state_id(&state_id, g->handle);
    }
    if (status == DYNG_OK) {
        buffer = (uint64_t)n <= SIZE_MAX / sizeof(int64_t)
                     ? dyng_py_buffer_new((size_t)n * sizeof(int64_t))
                     : NULL;
        out_of_memory = buffer == NULL;
    }
    if (status == DYNG_OK && buffer != NULL) {
        int64_t *degrees = buffer->data;
        for (int64_t v = 0; v < n && status == DYNG_OK; v++) {
            status = degree_into(degrees, g->handle, v, r->transposed);
        }
    }
    dyng_py_unlock(&g->lock);
    DYNG_PY_END_NATIVE(&call);

    if (status != DYNG_OK || out_of_memory) {
        dyng_py_buffer_release(buffer);
        Py_DECREF(r);
        if (out_of_memory) {
            return dyng_py_raise(DYNG_OUT_OF_MEMORY,
                                 "out of memory for the degrees of %lld vertices", (long long)n);
        }
        return dyng_py_raise_status(status);
    }
    /* Nobody else sees r yet: no lock needed to fill it in. */
    r->slots[DEGREES].buffer = buffer;
    r->slots[DEGREES].dtype = DYNG_PY_INT64;
    r->slots[DEGREES].length = n;
    r->num_slots = 1;
    r->graph_version = version;
    r->graph_state_id = state_id;
    return (PyObject *)r;
}

/* ---- degrees_update ------------------------------------------------------------- */

/* How an update ends, for the error to raise once the GIL is back. */
typedef enum {
    UPDATE_OK,
    UPDATE_STALE,         /* result and graph do not match                  */
    UPDATE_NO_MEMORY,     /* copy-on-write could not allocate               */
    UPDATE_LIBDYNG_ERROR, /* a libdyng call failed: raise its status        */
} update_outcome;

/* Recompute degrees[v] for each endpoint v < n of `count` edges. Both
 * endpoints: an undirected edge changes both, and a directed one changes the
 * out-degree of its source and the in-degree of its target. */
static dyng_status refresh_endpoints(int64_t *degrees, const dyng_graph *g, bool transposed,
                                     const void *src, const void *dst, dyng_type type,
                                     int64_t count, int64_t n) {
    for (int64_t i = 0; i < count; i++) {
        int64_t ends[2] = {id_at(src, type, i), id_at(dst, type, i)};
        for (int k = 0; k < 2; k++) {
            if (ends[k] >= 0 && ends[k] < n) {
                dyng_status status = degree_into(degrees, g, ends[k], transposed);
                if (status != DYNG_OK) {
                    return status;
                }
            }
        }
    }
    return DYNG_OK;
}

/* After a successful apply: set the degrees slot to the graph's new vertex
 * count and recompute what the batch touched. The slot was prepared for
 * `bound` elements, of which the first `old_n` hold the old degrees. */
static dyng_status refresh_after_apply(degree_result *r, const dyng_graph *g, const dyng_batch *b,
                                       int64_t old_n, int64_t new_n) {
    dyng_py_slot *s = &r->slots[DEGREES];
    s->length = new_n;
    int64_t *degrees = s->buffer->data;
    dyng_status status = DYNG_OK;
    /* New vertices first (they may already have edges), then the endpoints
     * the batch names. */
    for (int64_t v = old_n; v < new_n && status == DYNG_OK; v++) {
        status = degree_into(degrees, g, v, r->transposed);
    }
    const void *src, *dst;
    const int32_t *weights;
    dyng_type type = DYNG_TYPE_INT32;
    int64_t count = 0;
    if (status == DYNG_OK && (status = dyng_batch_vertex_type(&type, b)) == DYNG_OK &&
        (status = dyng_batch_num_insertions(&count, b)) == DYNG_OK &&
        (status = dyng_batch_insertions(&src, &dst, &weights, b)) == DYNG_OK) {
        status = refresh_endpoints(degrees, g, r->transposed, src, dst, type, count, new_n);
    }
    if (status == DYNG_OK && (status = dyng_batch_num_deletions(&count, b)) == DYNG_OK &&
        (status = dyng_batch_deletions(&src, &dst, b)) == DYNG_OK) {
        status = refresh_endpoints(degrees, g, r->transposed, src, dst, type, count, new_n);
    }
    return status;
}

/* The apply's ready step (dyng_i_graph_apply_staged), once the batch has
 * passed the apply's checks and before the graph changes: room for the
 * degrees of the vertex count the batch leaves. A refused batch so grows
 * nothing, and the room is exact (a self-loop the semantics drop names no
 * new vertex). */
typedef struct degrees_room {
    degree_result *r;
    int64_t n_new; /* what the apply said, for the message */
    bool no_memory;
} degrees_room;

static dyng_status make_room(void *ctx, const dyng_graph *g, int64_t n_new) {
    (void)g;
    degrees_room *room = ctx;
    room->n_new = n_new;
    if (!dyng_py_result_prepare_write((dyng_py_result *)room->r, DEGREES, n_new)) {
        room->no_memory = true;
        return DYNG_OUT_OF_MEMORY;
    }
    return DYNG_OK;
}

static PyObject *degrees_update(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"graph", "batch", "result", NULL};
    (void)module;
    PyObject *graph_obj, *batch_obj, *result_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO:degrees_update", keywords, &graph_obj,
                                     &batch_obj, &result_obj)) {
        return NULL;
    }
    dyng_py_graph *g = dyng_py_graph_arg(graph_obj, "graph");
    if (g == NULL) {
        return NULL;
    }
    dyng_py_batch *b = dyng_py_batch_arg(batch_obj, "batch");
    if (b == NULL) {
        return NULL;
    }
    dyng_py_state *st = dyng_py_state_of_type(Py_TYPE(graph_obj));
    if (!PyObject_TypeCheck(result_obj, (PyTypeObject *)st->degrees_type)) {
        return wrong_type("result", "DegreeResult", result_obj);
    }
    degree_result *r = (degree_result *)result_obj;
    int copy_policy = dyng_py_graph_copy_policy(g); /* read with the GIL, applied under the lock */

    update_outcome outcome = UPDATE_OK;
    dyng_status status = DYNG_OK;
    dyng_apply_summary summary;
    memset(&summary, 0, sizeof summary);
    uint64_t graph_version = 0, graph_state_id = 0, result_version = 0;
    int64_t n = 0;
    degrees_room room = {r, 0, false};

    dyng_py_call call;
    DYNG_PY_BEGIN_NATIVE(&call, "testing.degrees.update");
    dyng_py_lock_request locks[3] = {{&g->lock, true}, {&r->lock, true}, {&b->lock, false}};
    dyng_py_lock_all(locks, 3);

    /* 1. The result must match the graph as it is now. */
    result_version = r->graph_version;
    if ((status = dyng_graph_version(&graph_version, g->handle)) != DYNG_OK ||
        (status = dyng_graph_state_id(&graph_state_id, g->handle)) != DYNG_OK) {
        outcome = UPDATE_LIBDYNG_ERROR;
    } else if (graph_version != r->graph_version || graph_state_id != r->graph_state_id) {
        outcome = UPDATE_STALE;
    }

    if (outcome == UPDATE_OK) {
        /* 2. Retire every Array of the current state, before anything can
         * fail: a failed update also leaves them stale. */
        r->generation++;
        r->copy_policy = copy_policy;
        n = r->slots[DEGREES].length;

        /* 3. Apply, making room for the degrees inside it (make_room), once
         * the batch has passed its checks and before the graph changes. On
         * failure the graph is unchanged, and so are the first n degrees
         * (prepare_write kept them): only the length goes back. (A failure
         * of the apply's own allocations after make_room leaves the room
         * made, for the vertex count that batch would have left.) */
        status = dyng_i_graph_apply_staged(g->handle, b->handle, &summary, make_room, &room);
        if (status != DYNG_OK) {
            r->slots[DEGREES].length = n;
            outcome = room.no_memory ? UPDATE_NO_MEMORY : UPDATE_LIBDYNG_ERROR;
        }
    }

    if (outcome == UPDATE_OK) {
        /* 4. Follow the graph. If a degree cannot be read (only an in-degree
         * count without stored in-edges can fail, out of memory), the graph
         * has changed and the result has not fully: it keeps its old graph
         * version, so it reads as stale from here on. */
        status = refresh_after_apply(r, g->handle, b->handle, n, summary.num_vertices);
        if (status == DYNG_OK) {
            status = dyng_graph_state_id(&graph_state_id, g->handle);
        }
        if (status == DYNG_OK) {
            r->graph_version = summary.version;
            r->graph_state_id = graph_state_id;
        } else {
            outcome = UPDATE_LIBDYNG_ERROR;
        }
    }

    dyng_py_unlock_all(locks, 3);
    DYNG_PY_END_NATIVE(&call);

    switch (outcome) {
    case UPDATE_OK: break;
    case UPDATE_STALE:
        return dyng_py_raise(DYNG_STALE_RESULT,
                             "this result was computed on an earlier state of the graph (version "
                             "%llu, the graph is at %llu); recompute it or update it with every "
                             "batch",
                             (unsigned long long)result_version, (unsigned long long)graph_version);
    case UPDATE_NO_MEMORY:
        return dyng_py_raise(DYNG_OUT_OF_MEMORY,
                             "out of memory for the degrees of %lld vertices; nothing was changed",
                             (long long)room.n_new);
    case UPDATE_LIBDYNG_ERROR: return dyng_py_raise_status(status);
    }

    return Py_BuildValue("(LLLLLLLLLLLK)", (long long)summary.inserted, (long long)summary.updated,
                         (long long)summary.deleted, (long long)summary.ignored_deletions,
                         (long long)summary.ignored_insertions,
                         (long long)summary.self_loops_dropped, (long long)summary.cancelled,
                         (long long)summary.duplicates_merged, (long long)summary.new_vertices,
                         (long long)summary.num_vertices, (long long)summary.num_edges,
                         (unsigned long long)summary.version);
}

/* ---- the type ---------------------------------------------------------------------- */

static void result_dealloc(PyObject *self) { dyng_py_result_dealloc(self); }

static PyObject *result_get_degrees(PyObject *self, void *closure) {
    (void)closure;
    return dyng_py_array_of_result(self, DEGREES);
}

static PyObject *result_get_transposed(PyObject *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(((degree_result *)self)->transposed);
}

/* Which counter of the head a getter reads (the closure). */
enum { READ_GRAPH_VERSION, READ_GRAPH_STATE_ID, READ_GENERATION };
static const int read_fields[] = {READ_GRAPH_VERSION, READ_GRAPH_STATE_ID, READ_GENERATION};

/* graph_version, graph_state_id, generation: read under the shared lock,
 * taken without the GIL (an update may be running in another thread). */
static PyObject *result_get_counter(PyObject *self, void *closure) {
    degree_result *r = (degree_result *)self;
    int field = *(const int *)closure;
    uint64_t value;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    value = field == READ_GRAPH_VERSION    ? r->graph_version
            : field == READ_GRAPH_STATE_ID ? r->graph_state_id
                                           : r->generation;
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);
    return PyLong_FromUnsignedLongLong((unsigned long long)value);
}

/* clone(): a deep copy with a buffer of its own, at generation 0, matching
 * the same graph version and state id. */
static PyObject *result_clone(PyObject *self, PyObject *unused) {
    (void)unused;
    degree_result *r = (degree_result *)self;
    degree_result *c = result_alloc(dyng_py_state_of_type(Py_TYPE(self)));
    if (c == NULL) {
        return NULL;
    }
    c->transposed = r->transposed;

    bool out_of_memory = false;
    int64_t length = 0;
    PyThreadState *ts = PyEval_SaveThread();
    dyng_py_rdlock(&r->lock);
    c->graph_version = r->graph_version;
    c->graph_state_id = r->graph_state_id;
    c->copy_policy = r->copy_policy;
    c->num_slots = r->num_slots;
    for (int i = 0; i < r->num_slots && !out_of_memory; i++) {
        const dyng_py_slot *from = &r->slots[i];
        size_t bytes = (size_t)from->length * dyng_py_dtype_size(from->dtype);
        dyng_py_buffer *copy = dyng_py_buffer_new(bytes);
        if (copy == NULL) {
            out_of_memory = true;
            length = from->length;
            break;
        }
        if (bytes > 0) {
            memcpy(copy->data, from->buffer->data, bytes);
        }
        c->slots[i].buffer = copy;
        c->slots[i].dtype = from->dtype;
        c->slots[i].length = from->length;
    }
    dyng_py_unlock(&r->lock);
    PyEval_RestoreThread(ts);

    if (out_of_memory) {
        Py_DECREF(c);
        return dyng_py_raise(DYNG_OUT_OF_MEMORY, "out of memory for a copy of %lld degrees",
                             (long long)length);
    }
    return (PyObject *)c;
}

static PyGetSetDef result_getset[] = {
    {"degrees", result_get_degrees, NULL,
     "The degrees (int64, one per vertex) as a dyng.Array of the current state.", NULL},
    {"transposed", result_get_transposed, NULL, "True for in-degrees, False for out-degrees.",
     NULL},
    {"graph_version", result_get_counter, NULL, "The graph version the result matches.",
     (void *)&read_fields[READ_GRAPH_VERSION]},
    {"graph_state_id", result_get_counter, NULL, "The graph state id the result matches.",
     (void *)&read_fields[READ_GRAPH_STATE_ID]},
    {"generation", result_get_counter, NULL, "The number of updates started on this result.",
     (void *)&read_fields[READ_GENERATION]},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef result_methods[] = {
    {"clone", result_clone, METH_NOARGS,
     "clone($self, /)\n--\n\nA deep copy with its own memory (generation 0)."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot result_slots[] = {
    {Py_tp_doc, "Per-vertex degrees kept current by degrees_update (a test result)."},
    {Py_tp_dealloc, result_dealloc},
    {Py_tp_getset, result_getset},
    {Py_tp_methods, result_methods},
    {0, NULL},
};

/* Not constructible from Python (DISALLOW_INSTANTIATION: no tp_new), not
 * subclassable. */
static PyType_Spec result_spec = {
    .name = "dyng._core.DegreeResult",
    .basicsize = sizeof(degree_result),
    .itemsize = 0,
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = result_slots,
};

PyMethodDef dyng_py_degrees_functions[] = {
    {"degrees_compute", (PyCFunction)(void (*)(void))degrees_compute, METH_VARARGS | METH_KEYWORDS,
     "degrees_compute(graph, transposed=False)\n--\n\n"
     "A DegreeResult with the out-degrees (in-degrees when transposed) of graph."},
    {"degrees_update", (PyCFunction)(void (*)(void))degrees_update, METH_VARARGS | METH_KEYWORDS,
     "degrees_update(graph, batch, result)\n--\n\n"
     "Apply batch to graph and bring result up to date; returns the apply summary."},
    {NULL, NULL, 0, NULL},
};

int dyng_py_init_degrees(PyObject *module, dyng_py_state *st) {
    PyObject *type = PyType_FromModuleAndSpec(module, &result_spec, NULL);
    if (type == NULL) {
        return -1;
    }
    st->degrees_type = type; /* the state's reference */
    return PyModule_AddObjectRef(module, "DegreeResult", type);
}
