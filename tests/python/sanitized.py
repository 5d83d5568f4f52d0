"""Run pytest against a staged (sanitizer) build of dyng instead of the editable install.

``make test-python-asan`` stages the typed layer and an AddressSanitizer build of
``dyng._core`` in one folder and runs ``python tests/python/sanitized.py STAGE pytest-args...``.
The editable install's import hook would otherwise take ``import dyng`` to the regular build,
so it is removed first; the run fails unless the staged module is the one imported. Tests that
start a subprocess run it on the regular build, without the sanitizer.
"""

from __future__ import annotations

import os
import sys


def main() -> int:
    stage, args = sys.argv[1], sys.argv[2:]
    # This interpreter already runs with the sanitizer; the subprocesses some tests start use
    # the regular build, and must not get a sanitizer runtime it was not built for.
    os.environ.pop("LD_PRELOAD", None)
    sys.meta_path[:] = [
        finder
        for finder in sys.meta_path
        if type(finder).__name__ != "ScikitBuildRedirectingFinder"
    ]
    sys.path.insert(0, stage)
    import dyng._core

    where = dyng._core.__file__ or ""
    if not where.startswith(stage):
        print(f"sanitized.py: dyng._core came from {where}, not from {stage}", file=sys.stderr)
        return 1
    import pytest

    # Said on stderr so that a run that stops with no output tells whether it got this far:
    # three times a run under asan exited with status 1 before pytest printed anything,
    # leaving no sanitizer report (2026-12-05). The Makefile runs pytest with --capture=sys,
    # so that what a native library writes to the process's stderr before it ends the
    # process (libgomp's fatal errors exit with status 1) reaches the log instead of a
    # capture file; and the test that was running is kept in last-test.K for the Makefile
    # to print.
    print(f"sanitized.py: pytest starts (pid {os.getpid()})", file=sys.stderr, flush=True)
    # One file per shard of the suite (DYNG_TEST_SHARD "k/N"; the Makefile runs two at once).
    shard = os.environ.get("DYNG_TEST_SHARD", "0/1").partition("/")[0]
    last = os.path.join(stage, "..", f"last-test.{shard}")
    status = int(pytest.main(args, plugins=[LastTest(last)]))
    print(f"sanitized.py: pytest returned {status}", file=sys.stderr, flush=True)
    return status


class LastTest:
    """A pytest plugin that keeps the id of the test running now in a file."""

    def __init__(self, path: str) -> None:
        self.path = path

    def pytest_runtest_logstart(self, nodeid: str, location: object) -> None:
        with open(self.path, "w", encoding="utf-8") as f:
            f.write(nodeid + "\n")


if __name__ == "__main__":
    sys.exit(main())
