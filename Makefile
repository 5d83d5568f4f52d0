# dynG: the single entry point. Everything is set up from a fresh clone with
# gcc, cmake, make and python3 (the tools this Makefile needs from PyPI go
# into .venv, which it creates).
#
#   make demo          build (release) and run the main job: examples/stream_batches
#   make test          dev build + every test, asan+ubsan build + every test, format check
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

# The C files under version control's usual places (never build/ or .venv/).
C_FILES = $(shell find include src tests examples bench -type f \( -name '*.c' -o -name '*.h' \) \
            2>/dev/null | LC_ALL=C sort)

# Arguments for the main job, e.g. make demo DEMO_ARGS="--batches 50".
DEMO_ARGS ?=

.NOTPARALLEL:
.PHONY: all demo test test-dev test-asan bench tsan format format-check clean distclean \
        build-dev build-release build-asan build-tsan venv

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
test: test-dev test-asan format-check
	@echo "make test: all passed (dev, asan+ubsan, format)"

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

$(BENCH_STAMP): | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install --disable-pip-version-check -q \
	  numpy==$(NUMPY_VERSION) scipy==$(SCIPY_VERSION) matplotlib==$(MATPLOTLIB_VERSION)
	touch $@

# --- cleaning -------------------------------------------------------------
clean:
	rm -rf build

distclean: clean
	rm -rf $(VENV)
