"""The C API reference, generated from the public headers (``include/dyng/*.h``).

The headers follow one style: a block comment opens each file (its first line is
``dyng/NAME.h - what it is``), and a block comment directly above a declaration (no blank
line between) documents it and the declarations that follow it without a blank line (a
group such as the read accessors). A comment followed by a blank line is free text. Struct
fields and enumerators carry a comment after them on the same line (or, for a field, on
the lines above it).

The directive ``.. dyng-c-headers:: include/dyng`` (a path relative to the folder above
``conf.py``) writes one section per header: its opening comment, then each declaration in
file order with Sphinx's C domain (``c:function``, ``c:struct`` with ``c:member``,
``c:enum`` with ``c:enumerator``, ``c:type``, ``c:macro``) and its comment. ``dyng.h``
comes first, then the headers in the order its comment lists them, then any others by name.
A declaration the parser does not understand is a warning (an error under ``-W``), so the
reference cannot silently lose a function.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

logger = logging.getLogger(__name__)

# --- lexing ---------------------------------------------------------------------------


@dataclass
class Item:
    """A top-level piece of a header: a comment, a preprocessor line or a declaration."""

    kind: str  # "comment", "preproc", "decl"
    text: str  # comment text (markers stripped), the directive line, or the declaration
    start: int  # first line (1-based)
    end: int  # last line


def comment_text(raw: str) -> str:
    """The text of a ``/* ... */`` comment: markers and the `` * `` margin removed, the
    common indentation removed, blank lines kept."""
    body = raw[2:-2]
    lines = body.split("\n")
    out: list[str] = []
    for i, line in enumerate(lines):
        stripped = line.rstrip()
        if i > 0:
            m = re.match(r"^\s*\*(?: |$)", stripped)
            if m:
                stripped = stripped[m.end() :]
        out.append(stripped)
    # The first line is what follows "/*" on its line.
    if out and out[0].startswith(" "):
        out[0] = out[0][1:]
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    # Continuation lines of a comment that starts after code ("/* text\n   more */"):
    # remove the indentation they share.
    rest = [line for line in out[1:] if line.strip()]
    if rest:
        indent = min(len(line) - len(line.lstrip()) for line in rest)
        if indent:
            out = [out[0]] + [line[indent:] if line.strip() else "" for line in out[1:]]
    return "\n".join(out)


def lex(source: str) -> list[Item]:
    """Split a header into top-level comments, preprocessor lines and declarations."""
    items: list[Item] = []
    i, line, n = 0, 1, len(source)
    at_line_start = True
    while i < n:
        ch = source[i]
        if ch == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if ch in " \t\r":
            i += 1
            continue
        if source.startswith("/*", i):
            j = source.index("*/", i) + 2
            raw = source[i:j]
            items.append(Item("comment", comment_text(raw), line, line + raw.count("\n")))
            line += raw.count("\n")
            i = j
            at_line_start = False
            continue
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            items.append(Item("comment", source[i + 2 : j].strip(), line, line))
            i = j
            continue
        if ch == "#" and at_line_start:
            j = i
            while True:
                k = source.find("\n", j)
                k = n if k < 0 else k
                if source[j:k].rstrip().endswith("\\"):
                    j = k + 1
                    continue
                break
            raw = source[i:k]
            items.append(Item("preproc", raw, line, line + raw.count("\n")))
            line += raw.count("\n")
            i = k
            continue
        at_line_start = False
        if source.startswith('extern "C"', i):
            j = source.index("{", i) + 1
            line += source[i:j].count("\n")
            i = j
            continue
        if ch == "}":  # the end of extern "C" { ... }
            i += 1
            continue
        # A declaration: up to the ';' outside braces (comments inside are kept).
        j, depth = i, 0
        while j < n:
            if source.startswith("/*", j):
                j = source.index("*/", j) + 2
                continue
            c = source[j]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            elif c == ";" and depth == 0:
                break
            j += 1
        raw = source[i : j + 1]
        items.append(Item("decl", raw, line, line + raw.count("\n")))
        line += raw.count("\n")
        i = j + 1
    return items


# --- parsing --------------------------------------------------------------------------


@dataclass
class Field:
    """A struct member or an enumerator, with its comment."""

    decl: str
    doc: str = ""


@dataclass
class Decl:
    """One declaration, rendered with one C-domain directive."""

    directive: str  # "function", "struct", "enum", "type", "macro"
    signature: str
    fields: list[Field] = field(default_factory=list)
    value: str = ""  # a macro's value
    opaque: bool = False


@dataclass
class Block:
    """A documented group (declarations sharing a comment) or free text (no declarations)."""

    doc: str
    decls: list[Decl] = field(default_factory=list)


@dataclass
class Header:
    """A parsed header."""

    name: str  # "sssp.h"
    title: str  # "single-source shortest paths: canonical trees, computed and repaired."
    intro: str
    blocks: list[Block]
    problems: list[str]


def squash(text: str) -> str:
    """One line, single spaces, no space inside parentheses."""
    text = re.sub(r"\s+", " ", text).strip()
    return text.replace("( ", "(").replace(" )", ")")


def split_body(body: str, separator: str) -> list[Field]:
    """The members (separator ';') or enumerators (',') of a braced body, with the comment
    after each on its line, or before it on lines of its own."""
    fields: list[Field] = []
    pending: list[str] = []  # comments on their own lines, for the next member
    i, n = 0, len(body)
    current = ""
    last_end_line = -1  # the line where the last member ended
    line = 0
    while i < n:
        if body.startswith("/*", i):
            j = body.index("*/", i) + 2
            text = comment_text(body[i:j])
            if fields and line == last_end_line and not current.strip():
                fields[-1].doc = (fields[-1].doc + " " + text).strip() if fields[-1].doc else text
            elif current.strip() and separator == ",":
                # The last enumerator has no comma: its comment follows it directly.
                fields.append(Field(squash(current), text))
                current = ""
                last_end_line = line
            else:
                pending.append(text)
            line += body[i:j].count("\n")
            i = j
            continue
        c = body[i]
        if c == "\n":
            line += 1
        if c == separator:
            fields.append(Field(squash(current), "\n\n".join(pending)))
            pending, current = [], ""
            last_end_line = line
        else:
            current += c
        i += 1
    if current.strip():
        fields.append(Field(squash(current), "\n\n".join(pending)))
    return [f for f in fields if f.decl]


def parse_decl(raw: str) -> list[Decl] | None:
    """The C-domain declarations of one top-level declaration, or None when not understood."""
    code = raw.strip()
    m = re.fullmatch(r"typedef\s+struct\s+(\w+)\s+(\w+)\s*;", code)
    if m and m.group(1) == m.group(2):
        return [Decl("struct", m.group(1), opaque=True)]
    m = re.fullmatch(r"typedef\s+(struct|enum)\s+(\w+)?\s*\{(.*)\}\s*(\w+)\s*;", code, re.S)
    if m:
        kind, tag, body, name = m.groups()
        if tag is not None and tag != name:
            return None
        if kind == "enum":
            return [Decl("enum", name, split_body(body, ","))]
        members: list[Field] = []
        for f in split_body(body, ";"):
            # "double a, b, c" declares three members with one comment.
            fm = re.fullmatch(r"(.*?)(\**\s*\w+(?:\s*\[[^\]]*\])?)((?:\s*,\s*\**\s*\w+)*)", f.decl)
            if fm and fm.group(3):
                base = fm.group(1)
                names = [fm.group(2)] + [x.strip() for x in fm.group(3).split(",") if x.strip()]
                members.extend(Field(squash(base + " " + x), f.doc) for x in names)
            else:
                members.append(f)
        return [Decl("struct", name, members)]
    no_comments = re.sub(r"/\*.*?\*/", " ", code, flags=re.S)
    m = re.fullmatch(r"typedef\s+(.+)\s*;", no_comments, re.S)
    if m:
        return [Decl("type", squash(m.group(1)))]
    m = re.fullmatch(r"([\w\s\*]+?\b\w+\s*\(.*\))\s*;", no_comments, re.S)
    if m:
        return [Decl("function", squash(m.group(1)))]
    return None


def split_title(intro: str, name: str) -> tuple[str, str]:
    """("what the header is", the rest) from a "dyng/NAME.h - what it is ..." opening."""
    m = re.match(rf"dyng/{re.escape(name)}\s+-\s+(.*?)(?:\n\n|\Z)(.*)", intro, re.S)
    if not m:
        return "", intro
    return squash(m.group(1)), m.group(2).strip()


def parse_header(path: Path) -> Header:
    """A header's opening comment and its documented blocks, in file order."""
    items = lex(path.read_text(encoding="utf-8"))
    problems: list[str] = []
    intro = ""
    if items and items[0].kind == "comment":
        intro = items.pop(0).text
    title, intro = split_title(intro, path.name)
    guard = ""
    blocks: list[Block] = []
    current: Block | None = None
    previous_end = -10
    for k, item in enumerate(items):
        adjacent = item.start == previous_end + 1 or item.start == previous_end
        if item.kind == "comment":
            nxt = items[k + 1] if k + 1 < len(items) else None
            if current is not None and item.start == previous_end and current.decls:
                # A comment after a declaration on its own line: more about it.
                current.doc = (current.doc + "\n\n" + item.text).strip()
            elif nxt is not None and nxt.kind in ("decl", "preproc") and nxt.start == item.end + 1:
                current = Block(item.text)
                blocks.append(current)
            else:
                blocks.append(Block(item.text))
                current = None
            previous_end = item.end
            continue
        if item.kind == "preproc":
            m = re.match(r"#\s*(\w+)\s*(\w+)?\s*(.*)", item.text, re.S)
            if not m:
                continue
            what, name, value = m.group(1), m.group(2) or "", m.group(3).strip()
            if what == "ifndef" and not guard:
                guard = name
            if what != "define" or name == guard:
                continue
            decl = Decl("macro", name, value=squash(value))
        else:
            parsed = parse_decl(item.text)
            if parsed is None:
                problems.append(f"line {item.start}: cannot parse {squash(item.text)!r}")
                continue
            decl = parsed[0]
        simple = ("function", "type", "macro")
        joins = current is not None and adjacent
        if joins and current is not None and current.decls:
            joins = decl.directive in simple and all(d.directive in simple for d in current.decls)
        if not joins or current is None:
            current = Block("")
            blocks.append(current)
        current.decls.append(decl)
        previous_end = item.end
    return Header(path.name, title, intro, blocks, problems)


def header_order(folder: Path) -> list[Path]:
    """dyng.h, then the headers in the order dyng.h's comment lists them, then the rest."""
    paths = sorted(folder.glob("*.h"))
    by_name = {p.name: p for p in paths}
    order: list[Path] = []
    if "dyng.h" in by_name:
        order.append(by_name["dyng.h"])
        listed = re.findall(r"^\s+(\w+\.h)\s", parse_header(by_name["dyng.h"]).intro, re.M)
        order.extend(by_name[n] for n in listed if n in by_name and by_name[n] not in order)
    order.extend(p for p in paths if p not in order)
    return order


# --- rendering as reStructuredText ----------------------------------------------------

_INLINE = re.compile(r"`([^`\n]+)`|\b([A-Za-z_][A-Za-z0-9_]*)\b")
_SPECIAL = re.compile(r"([\\*`_|])")


def escape(text: str) -> str:
    """Text with reStructuredText's inline markup characters escaped."""
    return _SPECIAL.sub(r"\\\1", text)


class Renderer:
    """Comment text as reStructuredText: prose paragraphs, lists, literal blocks, and
    cross-references to the declarations it names."""

    def __init__(self, symbols: dict[str, str]) -> None:
        self.symbols = symbols  # name -> role ("func", "type", "enumerator", "macro")

    def inline(self, text: str) -> str:
        out: list[str] = []
        pos = 0
        for m in _INLINE.finditer(text):
            out.append(escape(text[pos : m.start()]))
            pos = m.end()
            if m.group(1) is not None:
                piece = f"``{m.group(1)}``"
            elif m.group(2) in self.symbols:
                piece = f":c:{self.symbols[m.group(2)]}:`{m.group(2)}`"
            else:
                out.append(escape(m.group(0)))
                continue
            # Inline markup needs a boundary on both sides; "\ " is an invisible one.
            if out and out[-1] and not out[-1][-1].isspace() and out[-1][-1] not in "([{'\"-/":
                piece = "\\ " + piece
            nxt = text[pos : pos + 1]
            if nxt and not nxt.isspace() and nxt not in ".,;:!?)]}'\"-/":
                piece = piece + "\\ "
            out.append(piece)
        out.append(escape(text[pos:]))
        line = "".join(out)
        # Nothing may start a line as list, field, option or directive markup.
        starts_markup = bool(line) and not line[0].isalnum()
        if starts_markup and line.startswith(("\\", ":c:", "``")):
            starts_markup = False
        if starts_markup or re.match(r"^(\w{1,3}|#)[.)]\s", line):
            line = "\\" + line
        if line.endswith("::"):
            line = line[:-1] + "\\:"
        return line

    def text(self, doc: str) -> list[str]:
        """The lines of reStructuredText for a comment."""
        out: list[str] = []
        for paragraph in re.split(r"\n\s*\n", doc.strip()):
            out.extend(self.paragraph(paragraph.split("\n")))
        return out

    def paragraph(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        prose: list[str] = []
        literal: list[str] = []
        item: list[str] | None = None
        item_indent = 0
        list_kind = ""

        def flush_prose() -> None:
            if prose:
                out.extend([self.inline(" ".join(x.strip() for x in prose)), ""])
                prose.clear()

        def flush_literal() -> None:
            if literal:
                indent = min(len(x) - len(x.lstrip()) for x in literal if x.strip())
                out.extend(["::", ""])
                out.extend("   " + x[indent:] for x in literal)
                out.append("")
                literal.clear()

        def flush_item() -> None:
            nonlocal item
            if item is not None:
                marker = "-" if list_kind == "-" else "#."
                body = self.inline(" ".join(x.strip() for x in item))
                out.append(f"{marker} {body}")
                item = None

        def end_list() -> None:
            nonlocal list_kind
            flush_item()
            if list_kind:
                out.append("")
                list_kind = ""

        base = 0  # comment_text removed the indentation the comment shares
        for raw in lines:
            indent = len(raw) - len(raw.lstrip())
            stripped = raw.strip()
            marker = re.match(r"^(- |\d+\. )", stripped)
            if item is not None and indent > item_indent and not marker:
                item.append(stripped)
                continue
            if marker:
                kind = "-" if marker.group(1) == "- " else "1"
                flush_prose()
                flush_literal()
                if list_kind and list_kind != kind:
                    end_list()
                flush_item()
                list_kind = kind
                item = [stripped[marker.end() :]]
                item_indent = indent
                continue
            end_list()
            if indent > base:
                flush_prose()
                literal.append(raw)
            else:
                flush_literal()
                prose.append(raw)
        end_list()
        flush_prose()
        flush_literal()
        return out


def indent(lines: list[str], by: int) -> list[str]:
    pad = " " * by
    return [pad + x if x else "" for x in lines]


def render_header(header: Header, renderer: Renderer, underline: str) -> list[str]:
    title = f"``dyng/{header.name}``" + (f": {escape(header.title)}" if header.title else "")
    out = [title, underline * (len(title) + 4), ""]
    out.extend(renderer.text(header.intro))
    for block in header.blocks:
        if not block.decls:
            m = re.match(r"^=+\s*(.*?)\s*=*\s*(?:\n|$)", block.doc)
            doc = block.doc
            if m:
                out.extend([".. rubric:: " + escape(m.group(1)), ""])
                doc = block.doc[m.end() :]
            out.extend(renderer.text(doc))
            continue
        out.extend(render_block(block, renderer))
    return out


def render_block(block: Block, renderer: Renderer) -> list[str]:
    first = block.decls[0]
    out: list[str] = []
    if first.directive in ("function", "type", "macro") and all(
        d.directive == first.directive for d in block.decls
    ):
        head = f".. c:{first.directive}:: "
        sigs = [d.signature for d in block.decls]
        out.append(head + sigs[0])
        out.extend(" " * len(head) + s for s in sigs[1:])
        out.append("")
        body: list[str] = []
        for d in block.decls:
            if d.directive == "macro" and d.value:
                body.extend([f"``#define {d.signature} {d.value}``", ""])
        body.extend(renderer.text(block.doc))
        out.extend(indent(body, 3))
        return out
    # Mixed kinds: one directive each, the comment on the first.
    for k, d in enumerate(block.decls):
        doc = block.doc if k == 0 else ""
        out.extend(render_decl(d, doc, renderer))
    return out


def render_decl(d: Decl, doc: str, renderer: Renderer) -> list[str]:
    out = [f".. c:{d.directive}:: {d.signature}", ""]
    body: list[str] = []
    if d.directive == "macro" and d.value:
        body.extend([f"``#define {d.signature} {d.value}``", ""])
    if d.opaque:
        body.extend(["An opaque handle.", ""])
    body.extend(renderer.text(doc))
    child = "member" if d.directive == "struct" else "enumerator"
    for f in d.fields:
        body.extend([f".. c:{child}:: {f.decl}", ""])
        body.extend(indent(renderer.text(f.doc), 3))
    out.extend(indent(body, 3))
    return out


def symbols_of(headers: list[Header]) -> dict[str, str]:
    """Every declared name and the C-domain role that refers to it."""
    symbols: dict[str, str] = {}
    for h in headers:
        for b in h.blocks:
            for d in b.decls:
                if d.directive == "function":
                    m = re.search(r"(\w+)\s*\(", d.signature)
                    if m:
                        symbols[m.group(1)] = "func"
                elif d.directive == "type":
                    m = re.search(r"(\w+)\s*\)\s*\(|(\w+)\s*$", d.signature)
                    if m:
                        symbols[m.group(1) or m.group(2)] = "type"
                elif d.directive == "macro":
                    symbols[d.signature] = "macro"
                else:
                    symbols[d.signature] = "type"
                    if d.directive == "enum":
                        for f in d.fields:
                            symbols[f.decl.split("=")[0].strip()] = "enumerator"
    return symbols


def render_all(folder: Path, underline: str = "-") -> tuple[list[str], list[str]]:
    """The reStructuredText of every header in a folder, and the problems found."""
    headers = [parse_header(p) for p in header_order(folder)]
    renderer = Renderer(symbols_of(headers))
    lines: list[str] = []
    problems: list[str] = []
    for h in headers:
        lines.extend(render_header(h, renderer, underline))
        lines.append("")
        problems.extend(f"{h.name}: {p}" for p in h.problems)
        problems.extend(check_complete(folder / h.name, h))
    return lines, problems


def check_complete(path: Path, header: Header) -> list[str]:
    """Every function the header declares is in the reference."""
    text = re.sub(r"/\*.*?\*/", " ", path.read_text(encoding="utf-8"), flags=re.S)
    declared = set(re.findall(r"^[\w\s\*]*?\b(dyng_\w+)\s*\(", text, re.M))
    documented = {
        m.group(1)
        for b in header.blocks
        for d in b.decls
        if d.directive == "function"
        for m in [re.search(r"(\w+)\s*\(", d.signature)]
        if m
    }
    return [f"{path.name}: {name} is declared but not documented" for name in declared - documented]


# --- the directive --------------------------------------------------------------------


class CHeadersDirective(SphinxDirective):
    """``.. dyng-c-headers:: include/dyng``: the reference of every header in the folder."""

    required_arguments = 1
    has_content = False
    option_spec = {"underline": directives.unchanged}  # noqa: RUF012

    def run(self) -> list[nodes.Node]:
        root = Path(self.env.srcdir).parent
        folder = (root / self.arguments[0]).resolve()
        if not folder.is_dir():
            raise self.error(f"dyng-c-headers: {folder} is not a folder")
        for path in sorted(folder.glob("*.h")):
            self.env.note_dependency(str(path))
        lines, problems = render_all(folder, self.options.get("underline", "-"))
        for p in problems:
            logger.warning("dyng-c-headers: %s", p, location=self.get_location())
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source=str(folder)), container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("dyng-c-headers", CHeadersDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
