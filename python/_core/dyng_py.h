/*
 * dyng_py.h - what the files of the extension module dyng._core share.
 *
 * dyng._core is C against the CPython Limited API (3.11). Every type is a heap
 * type made from a PyType_Spec at module init and kept in the module state, a
 * struct dyng_py_state reached from any object of the module through
 * dyng_py_state_of_type(Py_TYPE(obj)) or from module functions directly.
 *
 * Rules every file follows:
 * - The GIL is released around every libdyng call that does work
 *   (DYNG_PY_BEGIN_NATIVE / DYNG_PY_END_NATIVE below). A short read (O(1),
 *   or one row) may keep it (dyng_py_short_begin), but never waits for a
 *   lock while it does.
 * - Object locks (dyng_py_rwlock) are only ever waited for while the GIL is
 *   NOT held; a thread that holds an object lock may take the GIL back (to
 *   make the Python objects of a result), never the other way round. Two
 *   object locks are taken in address order (dyng_py_lock_all).
 * - A failed libdyng call becomes the exception class registered for its
 *   status (dyng_py_raise_status), with libdyng's thread-local message.
 *
 * The build defines _GNU_SOURCE (POSIX threads, sigaction, clock_gettime and
 * the writer-preferring rwlock attribute).
 */
#ifndef DYNG_PY_H
#define DYNG_PY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <dyng/dyng.h>

/* ---- errors ------------------------------------------------------------ */

/* The exception class per dyng_status (index = status), set by
 * _core._register(); before that the built-in classes stand in. */
enum { DYNG_PY_NUM_STATUS = 9 };

/* ---- module state ------------------------------------------------------- */

typedef struct dyng_py_state {
    PyObject *resources_type;  /* _core.Resources */
    PyObject *graph_type;      /* _core.Graph */
    PyObject *batch_type;      /* _core.EdgeBatch */
    PyObject *batch_view_type; /* a read-only view of one list of an EdgeBatch */
    PyObject *batch_reader_type;
    PyObject *profiler_type;
    PyObject *array_type;                 /* _core.Array (the base type) */
    PyObject *degrees_type;               /* _core.DegreeResult (the test result)    */
    PyObject *sssp_type;                  /* _core.SsspResult */
    PyObject *cycle_count_type;           /* _core.CycleCountResult */
    PyObject *array_public_type;          /* dyng.Array (a subclass), or NULL        */
    PyObject *errors[DYNG_PY_NUM_STATUS]; /* NULL until registered       */
} dyng_py_state;

/* The module is initialised once per process (single-phase init), so its
 * state is one static struct; both functions return it. */
dyng_py_state *dyng_py_state_of_type(PyTypeObject *type);
dyng_py_state *dyng_py_state_global(void);

/* Raise the class registered for `status` with libdyng's message (and, for
 * DYNG_FILE_FORMAT, path/line/column as the arguments of FileFormatError).
 * DYNG_INTERRUPTED raises KeyboardInterrupt. Returns NULL. */
PyObject *dyng_py_raise_status(dyng_status status);
/* Raise the class registered for `status` with a message of our own. */
PyObject *dyng_py_raise(dyng_status status, const char *format, ...);

/* ---- object locks ------------------------------------------------------- */

/* A reader/writer lock that prefers writers. Take it without the GIL. */
typedef struct dyng_py_rwlock {
    pthread_rwlock_t lock;
    bool ready;
} dyng_py_rwlock;

int dyng_py_rwlock_init(dyng_py_rwlock *l); /* 0 or -1 with MemoryError set */
void dyng_py_rwlock_destroy(dyng_py_rwlock *l);
void dyng_py_rdlock(dyng_py_rwlock *l);
void dyng_py_wrlock(dyng_py_rwlock *l);
void dyng_py_unlock(dyng_py_rwlock *l);

/* The locks of an update (graph and results exclusive, the batch shared),
 * taken in address order: sorts `req` in place; unlock with the same array.
 * The locks must be distinct. */
typedef struct dyng_py_lock_request {
    dyng_py_rwlock *lock;
    bool exclusive;
} dyng_py_lock_request;
void dyng_py_lock_all(dyng_py_lock_request *req, int count);
void dyng_py_unlock_all(const dyng_py_lock_request *req, int count);

/* ---- native calls: GIL, Ctrl-C, profiler -------------------------------- */

/*
 * A native call region:
 *
 *     dyng_py_call call;
 *     DYNG_PY_BEGIN_NATIVE(&call, "graph.apply");
 *     ... libdyng calls, no Python API ...
 *     DYNG_PY_END_NATIVE(&call);
 *     if (status == DYNG_INTERRUPTED) ...  (dyng_py_raise_status raises
 *                                           KeyboardInterrupt)
 *
 * BEGIN releases the GIL. On the main thread, while Python's own SIGINT
 * handler (signal.default_int_handler) is installed, it also routes SIGINT to
 * libdyng's process-wide interrupt flag, so a long loop stops promptly and
 * the call returns DYNG_INTERRUPTED with nothing changed; a user's handler,
 * SIG_IGN or SIG_DFL is left alone. END takes the GIL back, restores the
 * previous SIGINT handler, records the call's time under `stage` in the
 * attached profiler (if any), and hands a routed Ctrl-C to Python. The flag
 * stays set until every native region that was running has ended, so calls
 * on other threads stop too; the last one to end clears it.
 */
typedef struct dyng_py_call {
    PyThreadState *thread; /* NULL while the region keeps the GIL (a short read) */
    const char *stage;
    int64_t start_ns;
    bool sigint_routed;
    bool sigint_came; /* set by END: a routed Ctrl-C came during the region */
    bool profiled;    /* the region holds the profiler's attachment lock */
    int gc_was_enabled;
    struct sigaction previous;
    struct dyng_py_profile *profile; /* the attached profiler's records, or NULL */
} dyng_py_call;

void dyng_py_native_begin(dyng_py_call *call, const char *stage);
void dyng_py_native_end(dyng_py_call *call);
#define DYNG_PY_BEGIN_NATIVE(call, stage) dyng_py_native_begin((call), (stage))
#define DYNG_PY_END_NATIVE(call) dyng_py_native_end((call))

/* After END of a call that changed a graph (an apply, an update) and
 * succeeded: a Ctrl-C that came too late to stop it (the batch was applied)
 * raises KeyboardInterrupt here with a message that says so, since the
 * caller would otherwise take it for one that changed nothing. Returns
 * `result`, or NULL (result released) with KeyboardInterrupt set. */
PyObject *dyng_py_after_change(const dyng_py_call *call, PyObject *result, const char *what,
                               uint64_t version);

/*
 * A short read: a libdyng call that reads O(1) or one row under `lock` in
 * shared mode (a degree, a row, one edge, a count):
 *
 *     dyng_py_call call;
 *     dyng_py_short_begin(&call, &self->lock, "graph.degree");
 *     ... libdyng reads ...
 *     dyng_py_short_end(&call, &self->lock);
 *
 * When the lock and the profiler's attachment are free of writers, the region
 * takes both without waiting and keeps the GIL: no thread switch and no
 * Ctrl-C routing (two system calls), which cost more than such a read. When
 * a writer holds or waits for either, it is a native region that then takes
 * `lock` (GIL released, Ctrl-C routed, waiting). `stage` NULL: the profiler
 * does not record it, and Ctrl-C is not routed. dyng_py_native_pause and
 * _resume work inside it either way.
 */
void dyng_py_short_begin(dyng_py_call *call, dyng_py_rwlock *lock, const char *stage);
void dyng_py_short_end(dyng_py_call *call, dyng_py_rwlock *lock);

/* Take the GIL back inside a native region (to build Python objects) and
 * release it again; object locks may stay held. The garbage collector is off
 * in between: a collection would run finalizers, Python code that may call
 * dynG and wait for a lock this thread holds. */
void dyng_py_native_pause(dyng_py_call *call);
void dyng_py_native_resume(dyng_py_call *call);

/* ---- input arrays through the buffer protocol --------------------------- */

/* A C-contiguous one-dimensional view of an integer array. */
typedef struct dyng_py_ints {
    Py_buffer view;
    bool held;
    dyng_type type; /* DYNG_TYPE_INT32 or DYNG_TYPE_INT64 */
    int64_t length;
    const void *data;
} dyng_py_ints;

/*
 * Read `obj` (any object with the buffer protocol: a NumPy array, bytes,
 * array.array, memoryview) as C-contiguous integers of `want` type
 * (DYNG_TYPE_INT32 or DYNG_TYPE_INT64; DYNG_TYPE_NONE accepts either). `what`
 * names the argument in errors. A multi-dimensional C-contiguous buffer is
 * read flat (its length is the product of its shape). Raises
 * InvalidArgumentError (with what was given and what is accepted) and returns
 * -1 on anything else. Release with dyng_py_ints_release (also after a
 * failure, and on a zeroed struct).
 */
int dyng_py_ints_get(dyng_py_ints *out, PyObject *obj, dyng_type want, const char *what);
void dyng_py_ints_release(dyng_py_ints *v);

/* A new bytearray of `bytes` bytes (contents undefined), and its data. The
 * typed layer turns it into a NumPy array with numpy.frombuffer (writable, no
 * copy). NULL with MemoryError set on failure. */
PyObject *dyng_py_bytearray(Py_ssize_t bytes, void **data);

/* ---- the objects other files reach into --------------------------------- */

typedef struct dyng_py_resources {
    PyObject_HEAD dyng_resources *handle;
    int copy_policy; /* 0 "on_write", 1 "always" */
} dyng_py_resources;

typedef struct dyng_py_graph {
    PyObject_HEAD dyng_graph *handle;
    dyng_py_rwlock lock;
    PyObject *resources; /* the dyng_py_resources it runs on (strong) */
    PyObject *weakrefs;
} dyng_py_graph;

typedef struct dyng_py_batch {
    PyObject_HEAD dyng_batch *handle;
    dyng_py_rwlock lock;
    atomic_long exports; /* live views of its lists: they freeze it */
} dyng_py_batch;

/* The handle of a _core.Resources or NULL (with TypeError set) for another
 * object; Py_None gives the process default (a new reference is NOT taken:
 * the pointer is borrowed from the object). */
int dyng_py_resources_arg(PyObject *obj, dyng_resources **out);
/* A new _core.Resources wrapping `handle` (takes over one reference). */
PyObject *dyng_py_resources_wrap(dyng_py_state *st, dyng_resources *handle);
/* A new _core.Graph owning `handle` (freed here on failure). It keeps
 * `resources_obj` (a _core.Resources for the handle the graph runs on) or,
 * when that is NULL or None, a new wrapper of the graph's own handle. */
PyObject *dyng_py_graph_wrap(dyng_py_state *st, dyng_graph *handle, PyObject *resources_obj);
/* Parse a properties tuple (see _core.pyi) into `out`: 0, or -1 with
 * InvalidArgumentError / TypeError naming the field. */
int dyng_py_properties_arg(PyObject *obj, dyng_graph_properties *out);
/* The properties tuple of `p`; NULL with an exception on failure. */
PyObject *dyng_py_properties_tuple(const dyng_graph_properties *p);
/* The 12-tuple of an apply summary. */
PyObject *dyng_py_summary_tuple(const dyng_apply_summary *s);
/* A new _core.EdgeBatch owning `handle` (freed here on failure). */
PyObject *dyng_py_batch_wrap(dyng_py_state *st, dyng_batch *handle);
/* Type checks that raise TypeError naming `what`. */
dyng_py_graph *dyng_py_graph_arg(PyObject *obj, const char *what);

/* The copy policy of the graph's resources object (0 "on_write", 1
 * "always"; resources.c), which results computed on the graph take. With the
 * GIL. */
int dyng_py_graph_copy_policy(const dyng_py_graph *g);
dyng_py_batch *dyng_py_batch_arg(PyObject *obj, const char *what);

/* ---- strings for enumerations -------------------------------------------- */

/* Parse `obj` (a str) as one of `names` (NULL-terminated); the index, or -1
 * with InvalidArgumentError naming `what` and listing the names. */
int dyng_py_enum_arg(PyObject *obj, const char *const *names, const char *what);

/* ---- results in update.c ---------------------------------------------------- */

/* What preparing one result for an update found (under its exclusive lock,
 * without the GIL). */
typedef enum dyng_py_prepared_outcome {
    DYNG_PY_PREPARED_OK = 0,
    DYNG_PY_PREPARED_STALE,    /* another state of the graph: left untouched   */
    DYNG_PY_PREPARED_NO_MEMORY /* its arrays could not be made writable/longer */
} dyng_py_prepared_outcome;

typedef struct dyng_py_prepared {
    dyng_py_prepared_outcome outcome;
    int64_t n_old; /* entries before */
} dyng_py_prepared;

/* sssp.c: the SsspResult hooks update.c calls. */
bool dyng_py_sssp_check(PyObject *obj);
dyng_py_rwlock *dyng_py_sssp_lock(PyObject *obj);
void *dyng_py_sssp_handle(PyObject *obj);
dyng_py_prepared dyng_py_sssp_prepare(PyObject *obj, const dyng_graph *g, const dyng_batch *b,
                                      int copy_policy);
void dyng_py_sssp_finish(PyObject *obj, const dyng_py_prepared *prep);
PyObject *dyng_py_sssp_stats(const dyng_sssp_stats *stats);

/* cycle_count.c: the CycleCountResult hooks, the same as sssp's, and
 * whether the result belongs to g's current state (false for a poisoned
 * result too: dyng_update then reports why). */
bool dyng_py_cycle_count_check(PyObject *obj);
dyng_py_rwlock *dyng_py_cycle_count_lock(PyObject *obj);
void *dyng_py_cycle_count_handle(PyObject *obj);
bool dyng_py_cycle_count_current(PyObject *obj, const dyng_graph *g);
dyng_py_prepared dyng_py_cycle_count_prepare(PyObject *obj, const dyng_graph *g,
                                             const dyng_batch *b, int copy_policy);
void dyng_py_cycle_count_finish(PyObject *obj, const dyng_py_prepared *prep);
PyObject *dyng_py_cycle_count_stats(const dyng_cycle_count_stats *stats);

/* ---- per-file module init ------------------------------------------------ */

/* Each file adds its types and functions: 0 or -1 with an exception set. */
int dyng_py_init_resources(PyObject *module, dyng_py_state *st);
int dyng_py_init_graph(PyObject *module, dyng_py_state *st);
int dyng_py_init_batch(PyObject *module, dyng_py_state *st);
int dyng_py_init_io(PyObject *module, dyng_py_state *st);
int dyng_py_init_profiler(PyObject *module, dyng_py_state *st);
int dyng_py_init_array(PyObject *module, dyng_py_state *st);
int dyng_py_init_degrees(PyObject *module, dyng_py_state *st);
int dyng_py_init_sssp(PyObject *module, dyng_py_state *st);
int dyng_py_init_cycle_count(PyObject *module, dyng_py_state *st);

/* Module-level functions each file contributes (NULL-terminated tables). */
extern PyMethodDef dyng_py_graph_functions[];
extern PyMethodDef dyng_py_io_functions[];
extern PyMethodDef dyng_py_profiler_functions[];
extern PyMethodDef dyng_py_degrees_functions[];
extern PyMethodDef dyng_py_update_functions[];
extern PyMethodDef dyng_py_generators_functions[];

/*
 * The profiler: one process-wide attachment point guarded by a reader/writer
 * lock. Every native region holds it shared from begin to end and records its
 * stage into the attached records (which have their own mutex) without the
 * GIL; attaching and reading records take it exclusively, so a profiler is
 * never swapped or read while a call is recording into it.
 */
struct dyng_py_profile;
/* Called by native_begin / native_end without the GIL. enter also sets the
 * thread's libdyng stage hook (dyng/stages.h) so that the stages inside the
 * call are recorded too, as inner stages; leave removes it, records the
 * call's own stage and drops the lock. */
struct dyng_py_profile *dyng_py_profile_enter(void);
void dyng_py_profile_leave(struct dyng_py_profile *p, const char *stage, int64_t ns);
/* enter without waiting (with the GIL held): false, and nothing taken, when
 * a writer holds or waits for the lock. */
bool dyng_py_profile_try_enter(struct dyng_py_profile **out);

/* Monotonic clock in nanoseconds. */
int64_t dyng_py_now_ns(void);

#endif /* DYNG_PY_H */
