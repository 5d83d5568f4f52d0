"""The README's Python example runs and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)


def test_readme_has_a_python_example() -> None:
    assert python_blocks(), "README.md lost its Python example"


def test_readme_python_example_prints_its_comments() -> None:
    for block in python_blocks():
        expected = [
            line.split("#", 1)[1].strip()
            for line in block.splitlines()
            if line.startswith("print(") and "#" in line
        ]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, str(README), "exec"), {})
        assert out.getvalue().splitlines() == expected
