"""Run the libFuzzer targets (``make fuzz-smoke``, ``make fuzz``).

Each target runs for a fixed time on a working corpus in build/fuzz/corpus/
<target>, started from the committed seeds (fuzz/corpus/<target>) and every
recorded regression (fuzz/regressions/<target>). A finding stops the run: the
input that crashed is kept in build/fuzz/findings/<target>/ and the command
fails; copy the input into fuzz/regressions/<target>/ once it is fixed, so that
the C test fuzz_replay_<target> checks it from then on.

With ``--report PATH`` the executions, their rate and the corpus size of each
target are written as a Markdown table (fuzz/REPORT.md for the long runs).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = (
    "matrix_market",
    "edge_list",
    "dgt",
    "dgb",
    "research_files",
    "apply",
    "sssp",
    "cycle_count",
    "import",
)


@dataclass
class Outcome:
    """What one target's run did."""

    target: str
    seconds: float
    executions: int
    per_second: int
    corpus: int
    finding: str | None


def stat(output: str, name: str) -> int:
    """The value of libFuzzer's final ``stat::<name>`` line (0 when absent)."""
    found = re.search(rf"stat::{name}:\s*(\d+)", output)
    return int(found.group(1)) if found else 0


def run_target(build: Path, target: str, seconds: int) -> Outcome:
    """Fuzz one target for `seconds` seconds."""
    exe = build / "fuzz" / f"fuzz_{target}"
    work = build / "corpus" / target
    findings = build / "findings" / target
    work.mkdir(parents=True, exist_ok=True)
    findings.mkdir(parents=True, exist_ok=True)
    seeds = [ROOT / "fuzz" / sub / target for sub in ("corpus", "regressions")]
    command = [
        str(exe),
        f"-max_total_time={seconds}",
        "-timeout=20",
        "-rss_limit_mb=2048",
        "-max_len=8192",
        "-print_final_stats=1",
        f"-artifact_prefix={findings}/",
        str(work),
        *[str(s) for s in seeds if s.is_dir()],
    ]
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1")
    start = time.monotonic()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    elapsed = time.monotonic() - start
    output = done.stdout + done.stderr
    finding = None
    if done.returncode != 0:
        crashes = sorted(findings.iterdir())
        finding = str(crashes[-1]) if crashes else f"exit status {done.returncode}"
        sys.stderr.write(output[-6000:])
    return Outcome(
        target=target,
        seconds=elapsed,
        executions=stat(output, "number_of_executed_units"),
        per_second=stat(output, "average_exec_per_sec"),
        corpus=sum(1 for _ in work.iterdir()),
        finding=finding,
    )


HEADER = "| target | date | seconds | executions | executions/s | corpus | finding |"


def write_report(path: Path, outcomes: list[Outcome], seconds: int) -> None:
    """The Markdown table of a run; rows of targets not run this time are kept."""
    cpu = platform.processor() or platform.machine()
    rows: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            cells = [c.strip() for c in line.strip("|").split("|")]
            if line.startswith("| ") and cells[0] in TARGETS and line != HEADER:
                rows[cells[0]] = line
    today = datetime.date.today().isoformat()
    for o in outcomes:
        rows[o.target] = (
            f"| {o.target} | {today} | {o.seconds:.0f} | {o.executions:,} | {o.per_second:,} | "
            f"{o.corpus} | {o.finding or 'none'} |"
        )
    lines = [
        "# Fuzzing report",
        "",
        f"Written by `python fuzz/run.py --seconds {seconds} --report {path.name}` (`make fuzz`; "
        "a run of some targets keeps the rows of the others). Machine: "
        f"{os.cpu_count()} cores ({cpu}, {platform.system()} {platform.release()}). clang "
        "libFuzzer with AddressSanitizer and UndefinedBehaviorSanitizer, one target at a time, "
        "each starting from the committed seeds and regressions and the working corpus of "
        "earlier runs (build/fuzz/corpus).",
        "",
        HEADER,
        "|---|---|---:|---:|---:|---:|---|",
        *[rows[t] for t in TARGETS if t in rows],
    ]
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and fuzz each target in turn."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=5, help="per target (default 5)")
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "fuzz")
    parser.add_argument("--only", action="append", choices=TARGETS, help="a target (repeatable)")
    parser.add_argument("--report", type=Path, help="write a Markdown table here")
    parser.add_argument("--fresh", action="store_true", help="start from the seeds only")
    args = parser.parse_args(argv)
    outcomes = []
    for target in args.only or TARGETS:
        if args.fresh:
            shutil.rmtree(args.build / "corpus" / target, ignore_errors=True)
        o = run_target(args.build, target, args.seconds)
        print(
            f"fuzz_{target}: {o.seconds:.0f} s, {o.executions:,} executions "
            f"({o.per_second:,}/s), corpus {o.corpus}, finding: {o.finding or 'none'}",
            flush=True,
        )
        outcomes.append(o)
        if o.finding:
            break
    if args.report:
        write_report(args.report, outcomes, args.seconds)
    return 1 if any(o.finding for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
