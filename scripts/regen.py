"""Generate python/dyng/_algorithms.py from the algorithms' manifests (DESIGN 2, decision 10).

Usage: python scripts/regen.py [--check]

Each algorithm has one manifest, ``src/algorithms/<name>/manifest.toml``: its registry entry
(title, backends, determinism, oracle, citation) and the fields of its ``Options`` and ``Stats``
(type, default, docstring, the command line's help). From them this script writes
``python/dyng/_algorithms.py``: one Options and one Stats dataclass per algorithm (which
``dyng.<name>`` exports as ``Options`` and ``Stats``), the function that turns the native stats
tuple into Stats, and the registry's entries (``dyng.algorithms()``).

Before writing, it checks every manifest against its C header, so that the C and Python sides
cannot drift apart:

- the Options fields are the fields of the C options struct, by name, with matching types
  (``int``: an integer type; ``float``: ``double``; ``bool``; ``str``: the C enum that
  ``c_enum`` names, whose constants, in the order of their values, are the ``choices``), and
  with the defaults that ``dyng_<name>_options_default`` sets (read from the algorithm's C
  sources: the function zeroes the struct and assigns constants, nothing else);
- the Stats fields are the fields of the C stats struct, with ``apply`` the
  ``dyng_apply_summary``; the native stats tuple is the summary's 12 fields, then the struct's
  other fields in their order (what ``python/_core`` builds), and each Stats field takes its
  place in it from the header.

With ``--check`` it writes nothing and fails (exit 1) when the committed file differs from what
it would write, printing the difference. The output is formatted with ruff (``ruff format``), so
ruff must be installed (the Makefile's tools have it).
"""

from __future__ import annotations

import argparse
import difflib
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "python/dyng/_algorithms.py"
SUMMARY_FIELDS = 12  # the ApplySummary's fields, first in every native stats tuple

# The C types a manifest's Python type accepts.
C_TYPES = {
    "int": {"int", "int32_t", "int64_t", "uint64_t"},
    "float": {"double"},
    "bool": {"bool"},
    "ApplySummary": {"dyng_apply_summary"},
}
OPTION_TYPES = {"int": int, "float": float, "bool": bool, "str": str}
STATS_TYPES = {"int", "bool", "ApplySummary"}


class ManifestError(Exception):
    """A manifest that is malformed or disagrees with its C header."""


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    doc: str
    default: Any = None
    help: str | None = None
    choices: tuple[str, ...] | None = None
    c_enum: str | None = None
    index: int = -1  # a stats field's place in the native tuple


@dataclass(frozen=True)
class Manifest:
    name: str
    root: Path  # the checkout the paths are relative to
    path: Path
    header: Path
    title: str
    backends: tuple[str, ...]
    determinism: str
    oracle: str
    citation: str
    options_struct: str
    options_doc: str
    options: tuple[Field, ...]
    stats_struct: str
    stats_doc: str
    stats: tuple[Field, ...]

    @property
    def camel(self) -> str:
        return "".join(part.title() for part in self.name.split("_"))


# ---- reading a C header -----------------------------------------------------------------------


def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def c_typedef_body(header: str, kind: str, name: str) -> str:
    """What lies between the braces of ``typedef <kind> name { ... } name;``."""
    m = re.search(rf"typedef\s+{kind}\s+{name}\s*\{{(.*?)\}}\s*{name}\s*;", header, re.S)
    if m is None:
        raise ManifestError(f"the header has no `typedef {kind} {name} {{ ... }} {name};`")
    return m.group(1)


def enum_prefix(name: str) -> str:
    """The prefix of an enum's constants: its module's, ``DYNG_SSSP_`` for ``dyng_sssp_engine``."""
    return name.rsplit("_", 1)[0].upper() + "_"


def c_struct(header: str, name: str) -> list[tuple[str, str]]:
    """The (type, field) pairs of ``typedef struct name { ... } name;``, in order."""
    out = []
    for decl in c_typedef_body(header, "struct", name).split(";"):
        words = decl.split()
        if not words:
            continue
        if len(words) < 2 or not re.fullmatch(r"[A-Za-z_]\w*", words[-1]):
            raise ManifestError(f"struct {name}: cannot read the declaration {decl.strip()!r}")
        out.append((" ".join(words[:-1]), words[-1]))
    return out


def c_enum_values(header: str, name: str) -> dict[str, int]:
    """The constants of ``typedef enum name { ... } name;`` and their values, in the order of
    the values, named as the manifests name them: without the prefix of the enum's module
    (``DYNG_SSSP_`` for ``dyng_sssp_engine``), in lower case."""
    prefix = enum_prefix(name)
    values: dict[str, int] = {}
    nxt = 0
    for item in c_typedef_body(header, "enum", name).split(","):
        item = item.strip()
        if not item:
            continue
        const, _, value = (part.strip() for part in item.partition("="))
        if not const.startswith(prefix):
            raise ManifestError(f"enum {name}: constant {const} does not start with {prefix}")
        values[const[len(prefix) :].lower()] = nxt = int(value, 0) if value else nxt
        nxt += 1
    return dict(sorted(values.items(), key=lambda kv: kv[1]))


# ---- reading and checking a manifest ---------------------------------------------------------


def need(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in table:
        raise ManifestError(f"{where}: missing key {key!r}")
    value = table[key]
    if not isinstance(value, kind):
        raise ManifestError(f"{where}: {key!r} must be a {kind.__name__}, got {value!r}")
    return value


def docstring_text(table: dict[str, Any], where: str) -> str:
    """The ``doc`` of a table: text that goes into a docstring as it is, so without a
    backslash (an escape there) or three double quotes (the docstring's end)."""
    text = str(need(table, "doc", str, where)).strip()
    if "\\" in text or '"""' in text:
        raise ManifestError(
            f"{where}: a doc may hold no backslash and no three double quotes "
            "(it goes into a docstring as it is)"
        )
    return text


def read_fields(table: dict[str, Any], where: str, stats: bool) -> tuple[Field, ...]:
    known = {"name", "type", "doc"} | (set() if stats else {"default", "help", "choices", "c_enum"})
    fields = []
    for i, f in enumerate(need(table, "fields", list, where)):
        at = f"{where}.fields[{i}]"
        unknown = sorted(set(f) - known)
        if unknown:
            raise ManifestError(f"{at}: unknown key(s) {', '.join(unknown)}")
        name = need(f, "name", str, at)
        kind = need(f, "type", str, at)
        doc = docstring_text(f, at)
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise ManifestError(f"{at}: {name!r} is not a lower-case identifier")
        if stats:
            if kind not in STATS_TYPES:
                raise ManifestError(f"{at}: type {kind!r}; accepted: {sorted(STATS_TYPES)}")
            fields.append(Field(name, kind, doc))
            continue
        if kind not in OPTION_TYPES:
            raise ManifestError(f"{at}: type {kind!r}; accepted: {sorted(OPTION_TYPES)}")
        default = need(f, "default", OPTION_TYPES[kind], at)
        if kind == "int" and isinstance(default, bool):
            raise ManifestError(f"{at}: the default of an int field is {default!r}")
        choices = f.get("choices")
        if choices is not None:
            if kind != "str" or not all(isinstance(c, str) for c in choices) or not choices:
                raise ManifestError(f"{at}: choices are a non-empty list of str, for a str field")
            choices = tuple(choices)
            if default not in choices:
                raise ManifestError(f"{at}: the default {default!r} is not one of {choices}")
        if kind == "str" and "c_enum" not in f:
            raise ManifestError(f"{at}: a str field names its C enum (c_enum)")
        fields.append(Field(name, kind, doc, default, f.get("help"), choices, f.get("c_enum")))
    names = [f.name for f in fields]
    if len(set(names)) != len(names):
        raise ManifestError(f"{where}: a field is named twice")
    return tuple(fields)


def c_defaults(m: Manifest) -> dict[str, str]:
    """The values that ``<options struct>_default`` of the algorithm's C sources sets, as C
    text, by field: the function zeroes the struct (``memset``), then assigns constants; a field
    it does not assign is 0. Anything else in it is refused, so that this reading stays exact."""
    fn = m.options_struct + "_default"
    pattern = re.compile(
        r"dyng_status\s+" + fn + r"\s*\(\s*" + m.options_struct + r"\s*\*\s*(\w+)\s*\)\s*\{"
    )
    for source in sorted((m.root / "src/algorithms" / m.name).glob("*.c")):
        text = strip_comments(source.read_text(encoding="utf-8"))
        found = pattern.search(text)
        if found is None:
            continue
        out = found.group(1)
        body = text[found.end() : text.index("}", found.end())]
        values: dict[str, str] = {}
        for statement in (s.strip() for s in body.split(";")):
            if not statement or statement.startswith(("DYNG_I_CHECK_ARG(", "return ")):
                continue
            if re.fullmatch(
                r"memset\(\s*" + out + r"\s*,\s*0\s*,\s*sizeof\s*\*\s*" + out + r"\s*\)", statement
            ):
                continue
            assign = re.fullmatch(out + r"->(\w+)\s*=\s*([\w.+-]+)", statement)
            if assign is None:
                raise ManifestError(
                    f"{source.relative_to(m.root)}: {fn}: cannot read {statement!r}"
                )
            values[assign.group(1)] = assign.group(2)
        return values
    raise ManifestError(f"no {fn} in src/algorithms/{m.name}/*.c")


def same_default(f: Field, c_value: str, header: str) -> bool:
    """Whether the C default (C text; "0" when unassigned) is the manifest's."""
    if f.type == "bool":
        return c_value in ("true", "false", "0", "1") and (c_value in ("true", "1")) == f.default
    if f.type == "str":
        assert f.c_enum is not None
        if c_value == "0":  # unassigned: the constant whose value is 0
            return c_enum_values(header, f.c_enum).get(str(f.default)) == 0
        return c_value == enum_prefix(f.c_enum) + str(f.default).upper()
    try:
        return bool((int(c_value, 0) if f.type == "int" else float(c_value)) == f.default)
    except ValueError:
        return False


def check_against_header(m: Manifest, header: str) -> Manifest:
    """Check the fields against the C structs; return the manifest with the stats' places."""
    where = m.path.relative_to(m.root)
    for section, fields in (("options", m.options), ("stats", m.stats)):
        struct = m.options_struct if section == "options" else m.stats_struct
        c_fields = dict((fname, ctype) for ctype, fname in c_struct(header, struct))
        py = {f.name for f in fields}
        missing = sorted(set(c_fields) - py)
        extra = sorted(py - set(c_fields))
        if missing or extra:
            raise ManifestError(
                f"{where}: [{section}] and struct {struct} of {m.header.relative_to(m.root)} "
                f"differ: only in C: {', '.join(missing) or '-'}; "
                f"only in the manifest: {', '.join(extra) or '-'}"
            )
        for f in fields:
            ctype = c_fields[f.name]
            if f.type == "str":
                if ctype != f.c_enum:
                    raise ManifestError(
                        f"{where}: {section}.{f.name} names enum {f.c_enum}, "
                        f"but the C field is a {ctype}"
                    )
                consts = list(c_enum_values(header, ctype))
                if f.choices is None or list(f.choices) != consts:
                    raise ManifestError(
                        f"{where}: {section}.{f.name} has choices {f.choices}, "
                        f"but enum {ctype} has {tuple(consts)}"
                    )
            elif ctype not in C_TYPES[f.type]:
                raise ManifestError(
                    f"{where}: {section}.{f.name} is a {f.type} here and a {ctype} in C"
                )
    defaults = c_defaults(m)
    for f in m.options:
        c_value = defaults.get(f.name, "0")
        if not same_default(f, c_value, header):
            raise ManifestError(
                f"{where}: options.{f.name} defaults to {f.default!r} here and to {c_value} in "
                f"{m.options_struct}_default"
            )
    # The native stats tuple: the summary, then the struct's fields in order but apply.
    order = [fname for _, fname in c_struct(header, m.stats_struct) if fname != "apply"]
    stats = tuple(
        Field(f.name, f.type, f.doc, index=SUMMARY_FIELDS + order.index(f.name))
        if f.name != "apply"
        else f
        for f in m.stats
    )
    return Manifest(**{**m.__dict__, "stats": stats})


def read_manifest(path: Path, root: Path = ROOT) -> Manifest:
    where = str(path.relative_to(root))
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ManifestError(f"{where}: {e}") from None
    known = {"name", "header", "title", "backends", "determinism", "oracle", "citation"}
    unknown = sorted(set(data) - known - {"options", "stats"})
    if unknown:
        raise ManifestError(f"{where}: unknown key(s) {', '.join(unknown)}")
    name = need(data, "name", str, where)
    if name != path.parent.name:
        raise ManifestError(f"{where}: name {name!r} is not the folder's ({path.parent.name!r})")
    options = need(data, "options", dict, where)
    stats = need(data, "stats", dict, where)
    backends = need(data, "backends", list, where)
    if not backends or not all(isinstance(b, str) for b in backends):
        raise ManifestError(f"{where}: backends are a non-empty list of str")
    m = Manifest(
        name=name,
        root=root,
        path=path,
        header=root / need(data, "header", str, where),
        title=need(data, "title", str, where),
        backends=tuple(backends),
        determinism=need(data, "determinism", str, where),
        oracle=need(data, "oracle", str, where),
        citation=need(data, "citation", str, where),
        options_struct=need(options, "c_struct", str, f"{where} [options]"),
        options_doc=docstring_text(options, f"{where} [options]"),
        options=read_fields(options, f"{where} [options]", stats=False),
        stats_struct=need(stats, "c_struct", str, f"{where} [stats]"),
        stats_doc=docstring_text(stats, f"{where} [stats]"),
        stats=read_fields(stats, f"{where} [stats]", stats=True),
    )
    if not any(f.name == "apply" for f in m.stats):
        raise ManifestError(f"{where}: [stats] has no apply field (DESIGN 4)")
    if not m.header.is_file():
        raise ManifestError(f"{where}: header {m.header} does not exist")
    return check_against_header(m, strip_comments(m.header.read_text(encoding="utf-8")))


def read_manifests(root: Path = ROOT) -> list[Manifest]:
    paths = sorted((root / "src/algorithms").glob("*/manifest.toml"))
    if not paths:
        raise ManifestError("no manifests under src/algorithms/*/manifest.toml")
    return [read_manifest(p, root) for p in paths]


# ---- writing _algorithms.py --------------------------------------------------------------------


def literal(text: str, indent: int) -> str:
    """A Python string literal for ``text``: one line when it fits, else adjacent
    literals in parentheses, split after spaces, each line within 100 columns."""
    one = repr(text)
    if indent + len(one) <= 90 and "\n" not in text:
        return one
    width = 96 - indent - 4
    pieces: list[str] = []
    line = ""
    for word in re.split(r"(?<=[ \n])", text):
        if line and len(repr(line + word)) > width:
            pieces.append(line)
            line = ""
        line += word
        if line.endswith("\n"):
            pieces.append(line)
            line = ""
    if line:
        pieces.append(line)
    pad = " " * (indent + 4)
    return "(\n" + "".join(f"{pad}{p!r}\n" for p in pieces) + " " * indent + ")"


def docstring(summary: str, fields: tuple[Field, ...]) -> str:
    lines = [summary, "", "Attributes", "----------"]
    for f in fields:
        lines.append(f"{f.name} : {f.type}")
        lines.extend("    " + line for line in f.doc.splitlines())
    body = "\n".join("    " + line if line else "" for line in lines)
    return '    """' + body.lstrip() + '\n    """\n'


def options_class(m: Manifest) -> str:
    cls = f"{m.camel}Options"
    out = [f"@dataclass\nclass {cls}:\n", docstring(m.options_doc, m.options), "\n"]
    for f in m.options:
        meta: dict[str, str | tuple[str, ...]] = {}
        if f.help is not None:
            meta["help"] = f.help
        if f.choices is not None:
            meta["choices"] = f.choices
        if meta:
            items = ", ".join(
                f"{k!r}: {literal(v, 8) if isinstance(v, str) else repr(v)}"
                for k, v in meta.items()
            )
            out.append(
                f"    {f.name}: {f.type} = field(default={f.default!r}, metadata={{{items}}})\n"
            )
        else:
            out.append(f"    {f.name}: {f.type} = {f.default!r}\n")
    out.append(
        f"\n\n{cls}.__module__ = 'dyng.{m.name}'\n{cls}.__name__ = {cls}.__qualname__ = 'Options'\n"
    )
    return "".join(out)


def stats_class(m: Manifest) -> str:
    cls = f"{m.camel}Stats"
    out = [f"@dataclass(frozen=True)\nclass {cls}:\n", docstring(m.stats_doc, m.stats), "\n"]
    out += [f"    {f.name}: {f.type}\n" for f in m.stats]
    out.append(
        f"\n\n{cls}.__module__ = 'dyng.{m.name}'\n{cls}.__name__ = {cls}.__qualname__ = 'Stats'\n"
    )
    args = "".join(
        f"        {f.name}=ApplySummary.from_native(t[:{SUMMARY_FIELDS}]),\n"
        if f.name == "apply"
        else f"        {f.name}=t[{f.index}],\n"
        for f in m.stats
    )
    # The instance dict is filled directly, as ApplySummary.from_native does: the
    # frozen dataclass's __init__ (one object.__setattr__ per field) took about
    # as long as the native part of a one-change update.
    out.append(
        f'\n\ndef {m.name}_stats(t: "_core._{m.camel}Stats") -> {cls}:\n'
        f'    """The Stats of a native stats tuple: the ApplySummary\'s fields, then those of\n'
        f'    ``{m.stats_struct}`` in their order, but ``apply``."""\n'
        f"    stats = object.__new__({cls})\n"
        f"    stats.__dict__.update(\n{args}    )\n"
        f"    return stats\n"
    )
    return "".join(out)


def info(m: Manifest) -> str:
    return (
        f"{m.name.upper()}_INFO = AlgorithmInfo(\n"
        f"    name={m.name!r},\n"
        f"    title={literal(m.title, 4)},\n"
        f"    backends={m.backends!r},\n"
        f"    determinism={literal(m.determinism, 4)},\n"
        f"    oracle={literal(m.oracle, 4)},\n"
        f"    citation={literal(m.citation, 4)},\n"
        ")\n"
    )


def generate(manifests: list[Manifest]) -> str:
    names = [
        name
        for m in manifests
        for name in (f"{m.camel}Options", f"{m.camel}Stats", f"{m.name}_stats")
    ]
    names += [f"{m.name.upper()}_INFO" for m in manifests] + ["REGISTRY"]
    exports = sorted(names, key=lambda x: (not x.isupper(), x))  # ruff's order: constants first
    parts = [
        '"""The algorithms\' Options and Stats, and the registry\'s entries.\n\n'
        "Generated by scripts/regen.py from src/algorithms/*/manifest.toml. Do not edit:\n"
        'edit a manifest and run ``python scripts/regen.py``.\n"""\n\n',
        "from dataclasses import dataclass, field\n",
        "from typing import TYPE_CHECKING\n\n",
        "from dyng._registry import AlgorithmInfo\n",
        "from dyng._summary import ApplySummary\n\n",
        "if TYPE_CHECKING:\n    from dyng import _core\n\n",
        f"__all__ = {exports!r}\n",
    ]
    for m in manifests:
        parts += ["\n\n", options_class(m), "\n\n", stats_class(m), "\n\n", info(m)]
    entries = ", ".join(f"{m.name.upper()}_INFO" for m in manifests)
    parts.append(f"\n\n#: Every algorithm's entry, in name order.\nREGISTRY = ({entries},)\n")
    return ruff_format("".join(parts))


def ruff_format(source: str) -> str:
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ruff", "format", "--stdin-filename", str(OUTPUT), "-"],
            input=source,
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )
    except OSError as e:
        raise ManifestError(f"cannot run ruff to format the output: {e}") from None
    if done.returncode != 0:
        raise ManifestError(f"ruff format failed: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="write nothing; fail when the file would change"
    )
    args = parser.parse_args(argv)
    try:
        text = generate(read_manifests())
    except ManifestError as e:
        print(f"regen: {e}", file=sys.stderr)
        return 1
    old = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
    if args.check:
        if old != text:
            rel = str(OUTPUT.relative_to(ROOT))
            sys.stdout.writelines(
                difflib.unified_diff(old.splitlines(True), text.splitlines(True), rel, rel)
            )
            print(
                f"regen: {rel} is not what the manifests give; run python scripts/regen.py",
                file=sys.stderr,
            )
            return 1
        print(f"regen: {OUTPUT.relative_to(ROOT)} matches the manifests")
        return 0
    if old != text:
        OUTPUT.write_text(text, encoding="utf-8")
        print(f"regen: wrote {OUTPUT.relative_to(ROOT)}")
    else:
        print(f"regen: {OUTPUT.relative_to(ROOT)} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
