# dynG: the single entry point. Everything is set up from a fresh clone with
# gcc, cmake, make and python3 (the tools this Makefile needs from PyPI go
# into .venv, which it creates).
#
#   make demo          install the package and run the main job: dyng demo
#   make demo-c        build (release) and run examples/stream_batches, the C stream
#   make test          every test: the C tests and the Python tests on the dev, asan+ubsan
#                      and tsan builds, the C tests without OpenMP, a fuzz smoke run,
#                      mypy --strict, stubtest, the wheel's contents, clang-format and ruff
#                      checks, the generated python/dyng/_algorithms.py against the
#                      manifests, the manual's build
#   make python        editable install of the Python package into .venv
#   make docs          the manual (Sphinx) into build/docs/html; warnings are errors
#   make bench         release build, then the benchmarks (bench/README.md)
#   make tsan          ThreadSanitizer build + the C tests and the Python tests
#   make fuzz-smoke    build the libFuzzer targets (clang) and run each a few seconds
#   make fuzz          run each fuzz target 10 minutes; writes fuzz/REPORT.md
#   make mutation      plant bugs one at a time, show the tests catch each
#   make format        clang-format -i on every C file
#   make format-check  fail when a C file is not formatted
#   make clean         remove build/  (make distclean also removes .venv/)

SHELL := /bin/bash
JOBS ?= 2
PYTHON ?= python3
CMAKE ?= cmake
CTEST ?= ctest

VENV := .venv
CLANG_FORMAT_VERSION := 18.1.8
NUMPY_VERSION := 2.3.5
SCIPY_VERSION := 1.16.3
MATPLOTLIB_VERSION := 3.11.2
# The peers of the benchmarks (the `bench` extra of pyproject.toml, pinned).
BENCH_PEERS := networkit==11.3 igraph==1.0.0 networkx==3.6.1 pandas==2.3.3 pyarrow==26.0.1
CLANG_FORMAT := $(VENV)/bin/clang-format
FORMAT_STAMP := $(VENV)/.stamp-clang-format-$(CLANG_FORMAT_VERSION)
BENCH_STAMP := $(VENV)/.stamp-bench-numpy-$(NUMPY_VERSION)-scipy-$(SCIPY_VERSION)-mpl-$(MATPLOTLIB_VERSION)-peers-3
# The Python package's build and test tools, pinned (pyproject.toml lists the
# same packages as extras, with ranges, for users).
PY_TOOLS := scikit-build-core==1.1.2 numpy==$(NUMPY_VERSION) pytest==8.4.2 hypothesis==6.140.2 \
            mypy==1.18.2 ruff==0.14.3 torch==2.13.0 pandas==2.3.3 scipy==$(SCIPY_VERSION) \
            networkx==3.6.1 igraph==1.0.0 networkit==11.3
PY_STAMP := $(VENV)/.stamp-python-tools-6
# The manual's tools, pinned (the `docs` extra of pyproject.toml has the ranges).
SPHINX_VERSION := 9.0.4
MYST_PARSER_VERSION := 5.2.0
DOCS_STAMP := $(VENV)/.stamp-docs-sphinx-$(SPHINX_VERSION)-myst-$(MYST_PARSER_VERSION)

# The C files under version control's usual places (never build/ or .venv/).
C_FILES = $(shell find include src python/_core tests examples bench fuzz -type f \( -name '*.c' -o -name '*.h' \) \
            2>/dev/null | LC_ALL=C sort)

# Arguments for the main job, e.g. make demo DEMO_ARGS="--batches 50".
DEMO_ARGS ?=

.NOTPARALLEL:
.PHONY: all demo demo-c docs test test-dev test-seq test-asan test-python test-python-asan test-python-tsan check-wheel lint-python bench tsan format format-check clean \
        distclean build-dev build-release build-seq build-asan build-tsan build-fuzz fuzz fuzz-smoke mutation venv python

all: build-release

# --- builds (CMakePresets.json) -------------------------------------------
build-dev build-release build-seq build-asan: build-%:
	$(CMAKE) --preset $*
	$(CMAKE) --build --preset $* -j $(JOBS)

# The tsan preset builds with clang-14 and LLVM's libomp (see `tsan` below).
build-tsan:
	bash scripts/ensure_clang.sh
	$(CMAKE) --preset tsan
	$(CMAKE) --build --preset tsan -j $(JOBS)

# --- the main job ---------------------------------------------------------
demo: python
	$(VENV)/bin/dyng demo $(DEMO_ARGS)

# The C version of a batch stream (examples/stream_batches.c).
demo-c:
	$(CMAKE) --preset release
	$(CMAKE) --build --preset release -j $(JOBS) --target stream_batches
	./build/release/examples/stream_batches $(DEMO_ARGS)

# --- tests ----------------------------------------------------------------
test: test-dev test-seq test-asan test-python test-python-asan tsan fuzz-smoke check-wheel format-check lint-python docs
	@echo "make test: all passed (C and Python tests on dev, asan+ubsan and tsan builds; C tests without OpenMP; fuzz smoke; mypy, stubtest, wheel, format, lint; docs)"

test-dev: build-dev
	$(CTEST) --preset dev -j $(JOBS)

# The C tests on a build without OpenMP (DYNG_OPENMP=OFF), where the
# sequential backend is the only one.
test-seq: build-seq
	$(CTEST) --preset seq -j $(JOBS)

test-asan: build-asan
	$(CTEST) --preset asan -j $(JOBS)

# TSan cannot see the synchronisation inside an OpenMP runtime that was not
# built with it (barriers, reductions, critical sections), and GCC's libgomp
# is not: every parallel region would report false races. The tsan preset
# therefore builds with clang-14 and LLVM's libomp, whose Archer tool
# (libarcher.so, loaded through OMP_TOOL_LIBRARIES) tells TSan about each
# synchronisation as it happens (ignore_noninstrumented_modules=1 leaves the
# runtime's own uninstrumented code out). So TSan checks the parallel regions
# on two threads as well as the library's own threads and atomics (resources,
# interrupts, thread-local messages) and the tests' threads. A planted race
# (the commit's counters merged outside their critical section) is reported.
tsan: build-tsan
	$(CTEST) --preset tsan -j $(JOBS)
	$(MAKE) test-python-tsan

# --- fuzzing (fuzz/README.md) ----------------------------------------------
# The libFuzzer targets need clang-14 and its fuzzer runtime (Debian packages,
# installed by scripts/ensure_clang.sh when missing). fuzz-smoke runs each
# target for a few seconds (part of `make test`); fuzz runs each for
# FUZZ_SECONDS and rewrites fuzz/REPORT.md.
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_SECONDS ?= 600

build-fuzz:
	bash scripts/ensure_clang.sh
	$(CMAKE) --preset fuzz
	$(CMAKE) --build --preset fuzz -j $(JOBS)

fuzz-smoke: build-fuzz $(PY_STAMP)
	$(VENV)/bin/python fuzz/run.py --seconds $(FUZZ_SMOKE_SECONDS)

fuzz: build-fuzz $(PY_STAMP)
	$(VENV)/bin/python fuzz/run.py --seconds $(FUZZ_SECONDS) --report fuzz/REPORT.md

# Plant realistic bugs one at a time and show the tests catch each
# (scripts/mutation.py; the report is docs/mutation_report.md).
mutation: $(PY_STAMP)
	$(VENV)/bin/python scripts/mutation.py --report docs/mutation_report.md

# --- the Python package -------------------------------------------------
# An editable install into .venv: the extension is built in build/python and
# rebuilt incrementally by every `make python`.
python: $(PY_STAMP)
	$(VENV)/bin/python -m pip install --disable-pip-version-check -q --no-build-isolation \
	  --no-deps -e . -Cbuild-dir=build/python -Ccmake.define.DYNG_TESTING_HOOKS=ON \
	  -Ccmake.define.DYNG_WERROR=ON

# The Python suite runs as two processes at once, one per half of the tests
# (DYNG_TEST_SHARD, tests/python/conftest.py): one pytest keeps one core busy,
# and the suite took 96 s of `make test` on dev, 112 s under asan and 205 s
# under tsan on two cores.
#   $(call two_shards,LOG PREFIX,COMMAND): COMMAND twice at once, with
#   DYNG_TEST_SHARD=0/2 and 1/2, each writing LOG PREFIX.K.log; the logs are
#   printed once both have ended, and the recipe fails if either failed.
# OMP_WAIT_POLICY=PASSIVE: two processes with two OpenMP threads each share two
# cores, and libgomp's threads, spinning at a barrier while the thread they
# wait for has no core, made each half take as long as the whole suite.
define two_shards
	DYNG_TEST_SHARD=0/2 OMP_WAIT_POLICY=PASSIVE $(2) > $(1).0.log 2>&1 & p0=$$!; \
	DYNG_TEST_SHARD=1/2 OMP_WAIT_POLICY=PASSIVE $(2) > $(1).1.log 2>&1 & p1=$$!; \
	wait $$p0; s0=$$?; wait $$p1; s1=$$?; \
	for k in 0 1; do echo "--- $(1).$$k.log"; cat $(1).$$k.log; done; \
	[ $$s0 -eq 0 ] && [ $$s1 -eq 0 ]
endef

test-python: python
	mkdir -p build/python
	$(call two_shards,build/python/pytest,$(VENV)/bin/python -m pytest -q -p no:cacheprovider)
	$(VENV)/bin/python -m mypy --no-incremental
	$(VENV)/bin/python -m mypy.stubtest dyng._core --allowlist tests/python/stubtest_allowlist.txt

# The Python tests against an extension built with a sanitizer preset (asan:
# AddressSanitizer + UndefinedBehaviorSanitizer; tsan: ThreadSanitizer, which
# sees the interpreter's GIL through the pthread calls it intercepts): the
# typed layer (with its data files) and the instrumented module are staged in build/<preset>/stage,
# and the interpreter runs with the sanitizer runtime preloaded. The
# interpreter itself is not instrumented, so leak checking is off (CPython keeps
# memory to the end). tests/python/sanitized.py makes sure the staged module is
# the one imported. Reports go to build/<preset>/sanitizer-report.<pid> and are
# printed after the run (pytest captures a test's stderr, and a sanitizer that
# stops the process mid-test would take its report with it). Python runs
# unbuffered (-u), so that what pytest printed before such a stop is in the log;
# pytest captures only Python's sys.stdout and sys.stderr (--capture=sys), so
# that what a native library writes to the process's stderr before it ends the
# process reaches the log too; and build/<preset>/last-test names the test that
# was running (sanitized.py; one file per shard of two_shards), printed when the
# run fails.
#   $(call sanitized_pytest,PRESET,RUNTIME LIBRARIES,ENVIRONMENT)
define sanitized_pytest
	$(CMAKE) --preset $(1) -DDYNG_BUILD_PYTHON=ON
	$(CMAKE) --build --preset $(1) -j $(JOBS) --target _core
	rm -rf build/$(1)/stage && mkdir -p build/$(1)/stage/dyng
	cd python && find dyng \( -name '*.py' -o -name '*.pyi' -o -name py.typed -o -path 'dyng/data/*' \) \
	  -not -path '*/__pycache__/*' -exec cp --parents {} $(CURDIR)/build/$(1)/stage/ \;
	cp build/$(1)/python/_core/_core*.so build/$(1)/stage/dyng/
	rm -f build/$(1)/sanitizer-report.* build/$(1)/last-test.*
	$(call two_shards,build/$(1)/pytest,\
	  LD_PRELOAD="$(foreach lib,$(2),$$($(CC) -print-file-name=$(lib)))" $(3) DYNG_TEST_SANITIZED=$(1) \
	  $(VENV)/bin/python -u tests/python/sanitized.py $(CURDIR)/build/$(1)/stage \
	  -q -p no:cacheprovider --capture=sys -x tests/python); \
	  status=$$?; cat build/$(1)/sanitizer-report.* 2>/dev/null; \
	  if [ $$status -ne 0 ]; then echo "pytest under $(1) failed; the last tests started:"; \
	    cat build/$(1)/last-test.* 2>/dev/null; fi; \
	  exit $$status
endef

test-python-asan: $(PY_STAMP)
	$(call sanitized_pytest,asan,libasan.so libubsan.so,\
	  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:log_path=$(CURDIR)/build/asan/sanitizer-report \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$(CURDIR)/build/asan/sanitizer-report)

# The extension is built by clang (the tsan preset), but the runtime preloaded
# is GCC's libtsan.so: clang's shared TSan runtime cannot be preloaded into
# CPython (its __cxa_atexit interceptor runs before the runtime is set up).
# Archer is named explicitly: it starts on its own only where the TSan runtime
# is clang's.
test-python-tsan: $(PY_STAMP)
	bash scripts/ensure_clang.sh
	$(call sanitized_pytest,tsan,libtsan.so,\
	  OMP_TOOL_LIBRARIES=/usr/lib/llvm-14/lib/libarcher.so \
	  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:ignore_noninstrumented_modules=1:log_path=$(CURDIR)/build/tsan/sanitizer-report)

# Build the wheel as `pip install .` would and check what it holds (with warnings as
# errors, which pyproject.toml leaves off for users).
check-wheel: $(PY_STAMP)
	rm -rf build/wheel
	$(VENV)/bin/python -m pip wheel --disable-pip-version-check -q --no-build-isolation --no-deps \
	  -Ccmake.define.DYNG_WERROR=ON . -w build/wheel
	$(VENV)/bin/python scripts/check_wheel.py build/wheel

lint-python: $(PY_STAMP)
	$(VENV)/bin/python scripts/regen.py --check
	$(VENV)/bin/python scripts/mutation.py --check-anchors
	$(VENV)/bin/ruff check python tests/python bench scripts fuzz docs examples/python
	$(VENV)/bin/ruff format --check python tests/python bench scripts fuzz docs examples/python

# --- the manual -----------------------------------------------------------
# Sphinx with MyST Markdown (docs/conf.py): the Python reference from the typed layer's
# docstrings (so the package must be installed: `python`), the C reference from
# include/dyng/*.h and the CLI reference from the parser (docs/_ext/). -E reads every page
# again, so a warning of an unchanged page fails every run, not only the first; -W makes
# warnings errors. The examples in the pages run in tests/python/test_docs_examples.py.
docs: python $(DOCS_STAMP)
	$(VENV)/bin/sphinx-build -E -W --keep-going -q -b html -d build/docs/doctrees docs build/docs/html
	@echo "make docs: build/docs/html/index.html"

# --- benchmarks -----------------------------------------------------------
bench: $(BENCH_STAMP)
	$(CMAKE) --preset release
	$(CMAKE) --build --preset release -j $(JOBS)
	set -o pipefail; ./build/release/bench/bench_apply --json bench/results/apply.json \
	  | tee bench/results/apply.txt
	$(VENV)/bin/python bench/mm_read.py
	$(MAKE) python
	set -o pipefail; $(VENV)/bin/python bench/python_api.py | tee bench/results/python_api.txt
	set -o pipefail; $(VENV)/bin/python bench/graph_reads.py | tee bench/results/graph_reads.txt
	set -o pipefail; $(VENV)/bin/python bench/sssp.py | tee bench/results/sssp.txt
	set -o pipefail; $(VENV)/bin/python bench/sssp_peers.py | tee bench/results/sssp_peers.txt
	set -o pipefail; $(VENV)/bin/python bench/io_formats.py | tee bench/results/io_formats.txt
	$(VENV)/bin/python bench/generators.py
	$(VENV)/bin/python bench/plot_results.py

# --- formatting -----------------------------------------------------------
format: $(FORMAT_STAMP)
	$(CLANG_FORMAT) -i $(C_FILES)

format-check: $(FORMAT_STAMP)
	@$(CLANG_FORMAT) --dry-run --Werror $(C_FILES) || \
	  { echo "format-check: the files above are not formatted; run 'make format'"; exit 1; }
	@echo "format-check: $(words $(C_FILES)) C files formatted (clang-format $(CLANG_FORMAT_VERSION))"

# --- the project's virtual environment ------------------------------------
venv: $(VENV)/bin/python

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(FORMAT_STAMP): | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install --disable-pip-version-check -q \
	  clang-format==$(CLANG_FORMAT_VERSION)
	touch $@

$(PY_STAMP): | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install --disable-pip-version-check -q $(PY_TOOLS)
	touch $@

$(DOCS_STAMP): | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install --disable-pip-version-check -q \
	  sphinx==$(SPHINX_VERSION) myst-parser==$(MYST_PARSER_VERSION)
	touch $@

$(BENCH_STAMP): | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install --disable-pip-version-check -q \
	  numpy==$(NUMPY_VERSION) scipy==$(SCIPY_VERSION) matplotlib==$(MATPLOTLIB_VERSION) \
	  $(BENCH_PEERS)
	touch $@

# --- cleaning -------------------------------------------------------------
clean:
	rm -rf build

distclean: clean
	rm -rf $(VENV)
