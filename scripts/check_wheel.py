"""Check a built wheel: one cp311-abi3 wheel holding dyng/_core.abi3.so and the typed layer only.

Usage: python scripts/check_wheel.py WHEEL_DIR

Fails (exit 1, saying why) when the folder does not hold exactly one wheel, when its tag is not
cp311-abi3, when the extension is missing or not built against the stable ABI, when a file of
python/dyng (the typed layer and its data: the demo's road network) is missing from it, or when
it carries anything else (headers, libraries, CMake
files, tests): the C SDK is installed with CMake, never with the wheel. The extension must not
hold the fault-injection hooks of test builds (DYNG_TESTING_HOOKS), and it must export
`PyInit__core` alone (libdyng is linked in with its symbols local: a libdyng.so already in the
process would otherwise take over its calls).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def exported_symbols(binary: bytes) -> list[str] | None:
    """The dynamic symbols `binary` defines (nm -D), or None without binutils' nm."""
    nm = shutil.which("nm")
    if nm is None:
        return None
    with tempfile.NamedTemporaryFile(suffix=".so") as f:
        f.write(binary)
        f.flush()
        out = subprocess.run(
            [nm, "-D", "--defined-only", f.name], capture_output=True, text=True, check=True
        ).stdout
    return sorted(line.split()[-1] for line in out.splitlines() if line.strip())


def main() -> int:
    wheels = sorted(Path(sys.argv[1]).glob("*.whl"))
    if len(wheels) != 1:
        print(f"check_wheel: expected one wheel in {sys.argv[1]}, found {len(wheels)}")
        return 1
    wheel = wheels[0]
    problems: list[str] = []
    if "-cp311-abi3-" not in wheel.name:
        problems.append(f"{wheel.name} is not tagged cp311-abi3")
    names = set(zipfile.ZipFile(wheel).namelist())
    package = ROOT / "python/dyng"
    layer = {
        "dyng/" + p.relative_to(package).as_posix()
        for p in package.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    for missing in sorted(layer - names):
        problems.append(f"missing {missing}")
    if "dyng/_core.abi3.so" not in names:
        problems.append("missing dyng/_core.abi3.so (the stable-ABI extension)")
    else:
        binary = zipfile.ZipFile(wheel).read("dyng/_core.abi3.so")
        for hook in (b"_testing_fail_allocation", b"dyng_testing_interrupt_at_poll"):
            if hook in binary:
                problems.append(f"the extension holds the test hook {hook.decode()}")
        exported = exported_symbols(binary)
        if exported is not None and exported != ["PyInit__core"]:
            shown = ", ".join(exported[:5]) + (", ..." if len(exported) > 5 else "")
            problems.append(
                f"the extension exports {len(exported)} symbols ({shown}); "
                "expected PyInit__core alone"
            )
    allowed = layer | {"dyng/_core.abi3.so"}
    for extra in sorted(names - allowed):
        if not extra.startswith("dyng-") or ".dist-info/" not in extra:
            problems.append(f"unexpected file {extra}")
    for p in problems:
        print(f"check_wheel: {wheel.name}: {p}")
    if not problems:
        print(f"check_wheel: {wheel.name}: {len(names)} files, the extension and the typed layer")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
