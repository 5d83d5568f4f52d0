# dynG: the single entry point. Everything is set up from a fresh clone with
# gcc, cmake, make and python3 (the tools this Makefile needs from PyPI go
# into .venv, which it creates).
#
#   make demo          build (release) and run the main job: examples/stream_batches
#   make test          every test: C tests (dev and asan+ubsan builds), Python tests (and
#                      again on an asan+ubsan build of the extension), mypy --strict,
#                      stubtest, clang-format and ruff checks
#   make python        editable install of the Python package into .venv
#   make bench         release build, then the benchmarks (bench/README.md)
#   make tsan          ThreadSanitizer build + every test
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
CLANG_FORMAT := $(VENV)/bin/clang-format
FORMAT_STAMP := $(VENV)/.stamp-clang-format-$(CLANG_FORMAT_VERSION)
BENCH_STAMP := $(VENV)/.stamp-bench-numpy-$(NUMPY_VERSION)-scipy-$(SCIPY_VERSION)-mpl-$(MATPLOTLIB_VERSION)
# The Python package's build and test tools, pinned (pyproject.toml lists the
# same packages as extras, with ranges, for users).
PY_TOOLS := scikit-build-core==1.1.2 numpy==$(NUMPY_VERSION) pytest==8.4.2 hypothesis==6.140.2 \
            mypy==1.18.2 ruff==0.14.3 torch==2.13.0 pandas==2.3.3
PY_STAMP := $(VENV)/.stamp-python-tools-3

# The C files under version control's usual places (never build/ or .venv/).
C_FILES = $(shell find include src tests examples bench -type f \( -name '*.c' -o -name '*.h' \) \
            2>/dev/null | LC_ALL=C sort)

# Arguments for the main job, e.g. make demo DEMO_ARGS="--batches 50".
DEMO_ARGS ?=

.NOTPARALLEL:
.PHONY: all demo test test-dev test-asan test-python test-python-asan lint-python bench tsan format format-check clean \
        distclean build-dev build-release build-asan build-tsan venv python

all: build-release

# --- builds (CMakePresets.json) -------------------------------------------
build-dev build-release build-asan build-tsan: build-%:
	$(CMAKE) --preset $*
	$(CMAKE) --build --preset $* -j $(JOBS)

# --- the main job ---------------------------------------------------------
demo:
	$(CMAKE) --preset release
	$(CMAKE) --build --preset release -j $(JOBS) --target stream_batches
	./build/release/examples/stream_batches $(DEMO_ARGS)

# --- tests ----------------------------------------------------------------
test: test-dev test-asan test-python test-python-asan format-check lint-python
	@echo "make test: all passed (C dev, C asan+ubsan, Python, Python asan+ubsan, mypy, stubtest, format, lint)"

test-dev: build-dev
	$(CTEST) --preset dev -j $(JOBS)

test-asan: build-asan
	$(CTEST) --preset asan -j $(JOBS)

# GCC's libgomp is not built with ThreadSanitizer, so TSan cannot see the
# synchronisation inside OpenMP barriers and reductions and reports false races
# in every parallel region (OMP_NUM_THREADS=1 does not help: the library asks
# for its thread count explicitly). The tsan preset therefore builds without
# OpenMP (DYNG_OPENMP=OFF): TSan checks the library's own threads and atomics
# (resources, interrupts, thread-local messages) and the tests' threads.
tsan: build-tsan
	$(CTEST) --preset tsan -j $(JOBS)

# --- the Python package -------------------------------------------------
# An editable install into .venv: the extension is built in build/python and
# rebuilt incrementally by every `make python`.
python: $(PY_STAMP)
	$(VENV)/bin/python -m pip install --disable-pip-version-check -q --no-build-isolation \
	  --no-deps -e . -Cbuild-dir=build/python

test-python: python
	$(VENV)/bin/python -m pytest -q -p no:cacheprovider
	$(VENV)/bin/python -m mypy --no-incremental
	$(VENV)/bin/python -m mypy.stubtest dyng._core --allowlist tests/python/stubtest_allowlist.txt

# The Python tests against an extension built with AddressSanitizer and
# UndefinedBehaviorSanitizer (the asan preset plus DYNG_BUILD_PYTHON): the
# typed layer and the instrumented module are staged in build/asan/stage, and
# the interpreter runs with the ASan runtime preloaded (the interpreter itself
# is not instrumented, so leak checking is off: CPython keeps memory to the end).
ASAN_STAGE := build/asan/stage
test-python-asan: $(PY_STAMP)
	$(CMAKE) --preset asan -DDYNG_BUILD_PYTHON=ON
	$(CMAKE) --build --preset asan -j $(JOBS) --target _core
	rm -rf $(ASAN_STAGE) && mkdir -p $(ASAN_STAGE)/dyng
	cp python/dyng/*.py python/dyng/*.pyi python/dyng/py.typed $(ASAN_STAGE)/dyng/
	cp build/asan/python/_core/_core*.so $(ASAN_STAGE)/dyng/
	LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
	  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  DYNG_TEST_SANITIZED=1 $(VENV)/bin/python tests/python/sanitized.py $(CURDIR)/$(ASAN_STAGE) \
	  -q -p no:cacheprovider -x tests/python

lint-python: $(PY_STAMP)
	$(VENV)/bin/ruff check python tests/python bench
	$(VENV)/bin/ruff format --check python tests/python bench

# --- benchmarks -----------------------------------------------------------
bench: $(BENCH_STAMP)
	$(CMAKE) --preset release
	$(CMAKE) --build --preset release -j $(JOBS)
	set -o pipefail; ./build/release/bench/bench_apply --json bench/results/apply.json \
	  | tee bench/results/apply.txt
	$(VENV)/bin/python bench/mm_read.py
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

$(BENCH_STAMP): | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install --disable-pip-version-check -q \
	  numpy==$(NUMPY_VERSION) scipy==$(SCIPY_VERSION) matplotlib==$(MATPLOTLIB_VERSION)
	touch $@

# --- cleaning -------------------------------------------------------------
clean:
	rm -rf build

distclean: clean
	rm -rf $(VENV)
