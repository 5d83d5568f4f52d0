"""Every example of the README and the manual runs, and prints what the page says.

The pages are README.md and docs/**/*.md (not folders whose name starts with ``_`` or ``.``,
such as docs/_build or docs/_ext). In each page, the fenced code blocks run in page order
in one namespace, in a fresh temporary working directory:

- a ```` ```python ```` block is executed as it is;
- a ```` ```pycon ```` block, and a ```` ```python ```` block whose first line is
  ``# doctest``, are doctests: each ``>>>`` line runs and its output is compared with the
  lines below it (ELLIPSIS and NORMALIZE_WHITESPACE, as NumPy's docs use them);
- a ```` ```sh ```` block (also ``bash``, ``shell``) runs its command lines of the command
  line interface and of Python, in the page's working directory, in page order with the
  Python blocks (so a command reads the files the blocks above it wrote, and a block below
  reads what the command wrote). A command line is a line of the block with its ``\\``
  continuations joined and its trailing ``# comment`` dropped (split as ``shlex`` splits, so
  quotes are kept). A line ``dyng ARGS`` runs as ``python -m dyng ARGS`` and a line
  ``python -c CODE ...`` as ``python -c CODE ...``, with the Python that runs the tests
  (``sys.executable``), without a shell (no pipes, redirections or variables); each must exit
  with status 0.

  **Every other command line is not run**: installing and building (``pip install .``,
  ``make ...``, ``cmake ...``) would change the checkout or the environment. A block may mix
  both kinds of lines: its ``dyng`` and ``python -c`` lines run, in order, and its other lines
  are skipped silently. A ``sh`` block with no ``dyng`` or ``python -c`` line is not a test.

Blocks inside MyST directive fences (```` ```{note} ````, ``:::{tip}``) count too. Output, or a
shell session with prompts, uses another language (``console``, ``text``), never ``python``.
One test per page: a block that raises, or prints something else than its page says, or a
command that exits with another status, fails the page with the page, the line of the block
(of the command line for ``sh``) and the traceback, the doctest report or the command's
output. Nothing is skipped: a ``pycon`` block or ``# doctest`` block without a ``>>>`` line
fails too. The one exception is a page that imports an optional package (one of
``OPTIONAL_PACKAGES``: the bridges' and the extras' libraries, which the ``test`` extra does not
all install) that is not installed: its blocks run up to the first block that imports it, and
the test is then skipped, saying which block needs which package. A missing package that is
not optional (a misspelt module) still fails the page.
"""

from __future__ import annotations

import ast
import doctest
import importlib.util
import io
import os
import re
import shlex
import subprocess
import sys
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PYTHON = ("python", "py", "python3")
DOCTEST = ("pycon",)
SHELL = ("sh", "bash", "shell")
# Seconds a command line of a sh block may run (a page's commands are small examples).
COMMAND_TIMEOUT = float(os.environ.get("DYNG_DOCS_COMMAND_TIMEOUT", "120"))
# MyST directives whose content is code or markup, not Markdown with more blocks inside.
NOT_MARKDOWN = {
    "code",
    "code-block",
    "sourcecode",
    "code-cell",
    "eval-rst",
    "literalinclude",
    "include",
    "math",
    "raw",
    "toctree",
    "csv-table",
}
DOCTEST_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,}|:{3,})(?P<info>.*)$")


@dataclass
class Block:
    """A fenced code block that runs: its language, first line in the page, and code."""

    language: str  # "python", "pycon" or "sh"
    line: int  # 1-based line of the block's first code line in the page
    code: str


class DocExampleError(AssertionError):
    """A block of a page failed; the message names the page, the line and what went wrong."""


def pages() -> list[Path]:
    """README.md and the manual's Markdown pages, without build outputs."""
    found = [ROOT / "README.md"]
    docs = ROOT / "docs"
    for path in sorted(docs.rglob("*.md")):
        parts = path.relative_to(docs).parts
        if any(p.startswith(("_", ".")) for p in parts[:-1]):
            continue
        found.append(path)
    return [p for p in found if p.is_file()]


def _language(info: str) -> tuple[str, bool]:
    """(language, is a MyST directive whose content is Markdown) of a fence's info string.

    ```python -> python; ```{code-block} python -> python; ```{note} -> ("", True)."""
    words = info.strip().split()
    if not words:
        return "", False
    first = words[0]
    m = re.fullmatch(r"\{([\w:-]+)\}", first)
    if m is None:
        return first.lower(), False
    name = m.group(1)
    if name in ("code", "code-block", "sourcecode", "code-cell"):
        return (words[1].lower() if len(words) > 1 else ""), False
    return "", name not in NOT_MARKDOWN


def _strip_directive_options(lines: list[str]) -> tuple[list[str], int]:
    """A MyST code directive's body without its ``:option:`` lines or ``---`` YAML block,
    and how many lines went."""
    if lines and lines[0].strip() == "---":
        for k in range(1, len(lines)):
            if lines[k].strip() == "---":
                return lines[k + 1 :], k + 1
        return lines, 0
    k = 0
    while k < len(lines) and re.match(r"^\s*:[\w-]+:", lines[k]):
        k += 1
    return lines[k:], k


def commands_of(block: Block) -> list[tuple[int, list[str]]]:
    """The command lines of a sh block that run: (line in the page, argv), in order.

    ``dyng ARGS`` -> ``[sys.executable, "-m", "dyng", *ARGS]``; ``python -c CODE ...`` ->
    ``[sys.executable, "-c", CODE, ...]``; any other line (``pip install .``, ``make``) is
    left out."""
    found: list[tuple[int, list[str]]] = []
    lines = block.code.split("\n")
    k = 0
    while k < len(lines):
        start = k
        joined = lines[k]
        while joined.rstrip().endswith("\\") and k + 1 < len(lines):
            k += 1
            joined = joined.rstrip()[:-1] + " " + lines[k]
        k += 1
        words = shlex.split(joined, comments=True)
        if words[:1] == ["dyng"]:
            found.append((block.line + start, [sys.executable, "-m", "dyng", *words[1:]]))
        elif words[:2] in (["python", "-c"], ["python3", "-c"]):
            found.append((block.line + start, [sys.executable, *words[1:]]))
    return found


def blocks_of(text: str, first_line: int = 1) -> Iterator[Block]:
    """The python, pycon and sh blocks of Markdown text, in order (nested directives
    included); a sh block only when it has a command line that runs."""
    lines = text.split("\n")
    k = 0
    while k < len(lines):
        m = _FENCE.match(lines[k])
        if m is None:
            k += 1
            continue
        indent, fence, info = m.group("indent"), m.group("fence"), m.group("info")
        if fence[0] == "`" and "`" in info:  # inline code, not a fence
            k += 1
            continue
        # The closing fence: the same character, at least as long, nothing after it.
        end = k + 1
        close = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        while end < len(lines) and not close.match(lines[end]):
            end += 1
        body = lines[k + 1 : end]
        # Content lines lose the fence's indentation (a fence inside a list item).
        body = [x[len(indent) :] if x.startswith(indent) else x.lstrip() for x in body]
        language, markdown = _language(info)
        body_line = first_line + k + 1
        if markdown:
            yield from blocks_of("\n".join(body), body_line)
        elif language in PYTHON + DOCTEST:
            skipped = 0
            if info.strip().startswith("{"):
                body, skipped = _strip_directive_options(body)
            code = "\n".join(body) + "\n"
            if language in DOCTEST or (body and body[0].strip() == "# doctest"):
                yield Block("pycon", body_line + skipped, code)
            else:
                yield Block("python", body_line + skipped, code)
        elif language in SHELL:
            block = Block("sh", body_line, "\n".join(body) + "\n")
            if commands_of(block):
                yield block
        k = end + 1


def run_blocks(page: Path, blocks: list[Block], namespace: dict[str, object]) -> None:
    """Run a page's blocks in order in one namespace; DocExampleError for the first failure.

    An exception that Python could only ignore (a warning from a destructor, such as the
    ResourceWarning of a file never closed) fails the block that caused it, as pytest
    would fail the test."""
    ignored: list[str] = []

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        ignored.append(
            f"{unraisable.err_msg or 'Exception ignored in'}: {unraisable.object!r}\n"
            + "".join(traceback.format_exception_only(unraisable.exc_type, unraisable.exc_value))
        )

    previous = sys.unraisablehook
    sys.unraisablehook = hook
    try:
        _run_blocks(page, blocks, namespace, ignored)
    finally:
        sys.unraisablehook = previous


def _run_blocks(
    page: Path, blocks: list[Block], namespace: dict[str, object], ignored: list[str]
) -> None:
    name = page.relative_to(ROOT).as_posix() if page.is_relative_to(ROOT) else str(page)
    parser = doctest.DocTestParser()
    for block in blocks:
        where = f"{name}, the {block.language} block at line {block.line}"
        _run_block(block, page, name, where, parser, namespace)
        if ignored:
            raise DocExampleError(f"{where} raised in a destructor:\n{ignored[0]}")


def _run_block(
    block: Block,
    page: Path,
    name: str,
    where: str,
    parser: doctest.DocTestParser,
    namespace: dict[str, object],
) -> None:
    """Run one block; DocExampleError when it raises or prints something else."""
    if block.language == "sh":
        _run_commands(block, name)
        return
    if block.language == "python":
        # Leading newlines put the code at its line in the page, so a traceback names the
        # page's lines (and shows them: linecache reads the page).
        code = "\n" * (block.line - 1) + block.code
        try:
            exec(compile(code, str(page), "exec"), namespace)
        except Exception as e:
            # The traceback from the page's frame on (not this function's).
            tb = e.__traceback__.tb_next if e.__traceback__ is not None else None
            frames = traceback.format_exception(type(e), e, tb)
            raise DocExampleError(f"{where} raised:\n{''.join(frames)}") from None
        return
    test = parser.get_doctest(block.code, namespace, name, str(page), block.line - 1)
    test.globs = namespace  # DocTest copies the globals; the page shares one namespace
    if not test.examples:
        raise DocExampleError(f"{where} has no '>>> ' line: nothing would be checked")
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=DOCTEST_FLAGS)
    result = runner.run(test, out=report.write, clear_globs=False)
    if result.failed:
        raise DocExampleError(f"{where} printed something else:\n{report.getvalue()}")


def _run_commands(block: Block, name: str) -> None:
    """Run a sh block's command lines in the working directory; DocExampleError for the
    first that does not exit with 0."""
    for line, argv in commands_of(block):
        where = f"{name}, the command at line {line}"
        shown = shlex.join(
            ["dyng", *argv[3:]] if argv[1:3] == ["-m", "dyng"] else ["python", *argv[1:]]
        )
        try:
            done = subprocess.run(
                argv, capture_output=True, text=True, timeout=COMMAND_TIMEOUT, check=False
            )
        except subprocess.TimeoutExpired:
            raise DocExampleError(
                f"{where} ran longer than {COMMAND_TIMEOUT:g} s: {shown}"
            ) from None
        if done.returncode != 0:
            raise DocExampleError(
                f"{where} exited with status {done.returncode}: {shown}\n"
                f"--- stdout\n{done.stdout}--- stderr\n{done.stderr}"
            )


def run_page(page: Path) -> int:
    """Run every block of a page in a fresh namespace; the number of blocks."""
    blocks = list(blocks_of(page.read_text(encoding="utf-8")))
    run_blocks(page, blocks, {"__name__": "__main__"})
    return len(blocks)


def _runnable_pages() -> list[Path]:
    return [p for p in pages() if any(True for _ in blocks_of(p.read_text(encoding="utf-8")))]


@pytest.fixture
def restore_state() -> Iterator[None]:
    """A page may change process-wide settings; the next test gets them back."""
    import dyng

    resources = dyng.get_default_resources()
    level = dyng.config.get_log_level()
    try:
        yield
    finally:
        dyng.set_default_resources(resources)
        dyng.config.set_log_level(level)


#: The packages a page may import that a test environment need not have: the bridges'
#: libraries and the extras' (pyproject.toml). ``pip install dyng[test]`` brings scipy and
#: networkx, not igraph, torch or pandas.
OPTIONAL_PACKAGES = frozenset(
    {"igraph", "networkx", "networkit", "scipy", "torch", "pandas", "pyarrow", "matplotlib"}
)


def imported_packages(block: Block) -> set[str]:
    """The top-level packages a python or pycon block imports (``import a.b`` -> ``a``)."""
    if block.language == "sh":
        return set()
    if block.language == "pycon":
        sources = [e.source for e in doctest.DocTestParser().get_examples(block.code)]
    else:
        sources = [block.code]
    found: set[str] = set()
    for source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue  # running the block reports it
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name.partition(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.partition(".")[0])
    return found


def first_missing_optional(blocks: list[Block]) -> tuple[int, str] | None:
    """(index of the first block that imports a missing optional package, the package), or
    None when every optional package the blocks import is installed."""
    for k, block in enumerate(blocks):
        for name in sorted(imported_packages(block) & OPTIONAL_PACKAGES):
            if importlib.util.find_spec(name) is None:
                return k, name
    return None


#: A page whose examples need the OpenMP backend says so with this MyST comment line.
REQUIRES_OPENMP = "% requires: the openmp backend"


@pytest.mark.parametrize("page", _runnable_pages(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_page_examples_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restore_state: None
) -> None:
    monkeypatch.chdir(tmp_path)
    import dyng

    if REQUIRES_OPENMP in page.read_text(encoding="utf-8") and not dyng.config.config()["openmp"]:
        # Said, not silent: a build without OpenMP (DYNG_OPENMP=OFF) has no such backend,
        # and a page about that backend shows it at work.
        pytest.skip(f"{page.name} needs the OpenMP backend; this build has none")
    blocks = list(blocks_of(page.read_text(encoding="utf-8")))
    missing = first_missing_optional(blocks)
    failure = ""
    try:
        # The blocks before the first that needs a missing optional package still run.
        run_blocks(page, blocks[: missing[0]] if missing else blocks, {"__name__": "__main__"})
    except DocExampleError as e:
        failure = str(e)
    if failure:
        pytest.fail(failure, pytrace=False)
    if missing:
        k, name = missing
        pytest.skip(
            f"{page.relative_to(ROOT).as_posix()}: the {blocks[k].language} block at line "
            f"{blocks[k].line} imports {name}, which is not installed; {k} of {len(blocks)} "
            "blocks ran"
        )


# --- the runner itself --------------------------------------------------------------------


def test_readme_and_manual_have_examples() -> None:
    """The collector sees the README's example and the manual's pages (a broken collector
    would otherwise pass by running nothing)."""
    readme = list(blocks_of((ROOT / "README.md").read_text(encoding="utf-8")))
    assert [b.language for b in readme] == ["python"]
    assert "dyng.Graph.from_edges" in readme[0].code
    found = pages()
    assert ROOT / "docs" / "index.md" in found
    assert ROOT / "docs" / "semantics.md" in found
    assert not [p for p in found if "_build" in p.parts or "_ext" in p.parts]


PAGE = """\
# A page

```sh
make demo   # not run: the other line of the block runs
python -c 'open("made.txt", "w").write("40")'
```

```python
from pathlib import Path
x = int(Path("made.txt").read_text())
```

- In a list:

  ```pycon
  >>> x + 2
  42
  ```

:::{note}
```{code-block} python
:caption: nested in a directive
y = x + 1
```
:::

````{eval-rst}
```python
raise AssertionError("inside eval-rst: not a Markdown block")
```
````

```python
# doctest
>>> print(y)
41
```
"""


def test_collector_finds_the_blocks_in_order() -> None:
    found = list(blocks_of(PAGE))
    assert [(b.language, b.line) for b in found] == [
        ("sh", 4),
        ("python", 9),
        ("pycon", 16),
        ("python", 23),
        ("pycon", 34),
    ]
    assert commands_of(found[0]) == [
        (5, [sys.executable, "-c", 'open("made.txt", "w").write("40")'])
    ]
    assert found[2].code == ">>> x + 2\n42\n"
    assert found[3].code == "y = x + 1\n"


def test_command_lines_of_a_sh_block() -> None:
    code = (
        "pip install .\n"
        "dyng convert 'a b.mtx' \\\n"
        "    out.txt  # a comment\n"
        "# a comment line\n"
        "cmake --build build/dev -j1\n"
        "dyng config\n"
        "python3 -c 'print(1)' # shown\n"
    )
    assert commands_of(Block("sh", 10, code)) == [
        (11, [sys.executable, "-m", "dyng", "convert", "a b.mtx", "out.txt"]),
        (15, [sys.executable, "-m", "dyng", "config"]),
        (16, [sys.executable, "-c", "print(1)"]),
    ]
    # A sh block with nothing to run is not collected.
    assert list(blocks_of("```sh\npip install .\nmake test\n```\n")) == []


def test_a_page_shares_one_namespace_and_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    page = tmp_path / "page.md"
    page.write_text(PAGE)
    assert run_page(page) == 5
    assert (tmp_path / "made.txt").read_text() == "40"


BROKEN = {
    "python-raises": (
        "# P\n\n```python\nx = 1\n```\n\n```python\n\nx = 1 / 0\n```\n",
        8,
        "ZeroDivision",
    ),
    "pycon-differs": ("# P\n\n```pycon\n>>> 1 + 1\n3\n```\n", 4, "Expected:\n    3\nGot:\n    2"),
    "pycon-later-line-differs": (
        "```pycon\n>>> import math\n>>> math.floor(2.5)\n2\n>>> math.pi\n3.15\n```\n",
        2,
        "3.15",
    ),
    "pycon-without-prompt": ("```pycon\nprint('no prompt')\n```\n", 2, "has no '>>> ' line"),
    "doctest-without-prompt": (
        "```python\n# doctest\nprint('no prompt')\n```\n",
        2,
        "has no '>>> ' line",
    ),
    "dyng-error": ("```python\nimport dyng\ndyng.citation('no such')\n```\n", 2, "InvalidArgument"),
    "dyng-command-fails": (
        "```python\nx = 1\n```\n\n```sh\npip install .\ndyng convert missing.mtx \\\n"
        "    out.txt  # a comment\n```\n",
        7,
        "exited with status 1: dyng convert missing.mtx out.txt\n--- stdout\n--- stderr\n"
        "dyng: error: missing.mtx: cannot open",
    ),
    "python-c-fails": (
        "```sh\npython -c 'print(\"out\"); raise SystemExit(3)'\n```\n",
        2,
        "exited with status 3: python -c 'print(\"out\"); raise SystemExit(3)'\n--- stdout\nout",
    ),
    "file-left-open": (
        "```python\nx = 1\n```\n\n```python\nopen('f.txt', 'w')\n```\n",
        6,
        "Resource",
    ),
}


@pytest.mark.parametrize(("page_text", "line", "says"), BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_block_fails_with_page_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page_text: str, line: int, says: str
) -> None:
    monkeypatch.chdir(tmp_path)
    page = tmp_path / "broken.md"
    page.write_text(page_text)
    with pytest.raises(DocExampleError) as raised:
        run_page(page)
    message = str(raised.value)
    assert f"at line {line}" in message
    assert str(page) in message
    assert says in message


def test_a_traceback_shows_the_line_of_the_page(tmp_path: Path) -> None:
    page = tmp_path / "trace.md"
    page.write_text("# T\n\n```python\na = 1\nb = undefined_name\n```\n")
    with pytest.raises(DocExampleError) as raised:
        run_page(page)
    assert f'File "{page}", line 5' in str(raised.value)
    assert "b = undefined_name" in str(raised.value)


def test_a_missing_optional_package_stops_the_page_there() -> None:
    """A block that imports an optional package that is not installed: the blocks before it
    run, the rest does not (it would fail on the names the block defines); a module that is
    not optional is not a reason to skip."""
    page = (
        "```python\nimport numpy as np\n```\n\n"
        "```pycon\n>>> import dyng.interop\n```\n\n"
        "```python\nimport scipy.sparse\nfrom torch import tensor\n```\n"
    )
    blocks = list(blocks_of(page))
    assert [imported_packages(b) for b in blocks] == [{"numpy"}, {"dyng"}, {"scipy", "torch"}]
    missing = first_missing_optional(blocks)
    have_scipy = importlib.util.find_spec("scipy") is not None
    have_torch = importlib.util.find_spec("torch") is not None
    if have_scipy and have_torch:
        assert missing is None
    else:
        assert missing == (2, "scipy" if not have_scipy else "torch")
    not_optional = list(blocks_of("```python\nimport no_such_module_dyng\n```\n"))
    assert first_missing_optional(not_optional) is None
