"""The CLI reference, generated from the command line's own argparse parser.

``.. dyng-argparse:: dyng.__main__:_parser`` imports the module, calls the function (it
returns the ``argparse.ArgumentParser`` that ``dyng`` runs) and writes one section per
command and subcommand, recursively: its description, its usage (as ``--help`` prints it),
its positional arguments and options (Sphinx's ``program`` / ``option`` directives, so
``:option:`dyng sssp compute --source``` links to it), and its epilog (the examples as
written, a one-line paragraph as text). Nothing is copied by hand, so the page cannot drift
from the parser.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

_SPECIAL = re.compile(r"([\\*`_|])")
_SMART = re.compile(r"(-(?=-)|['\"])")
WIDTH = 88  # columns of the usage lines


def escape(text: str) -> str:
    """Text with reStructuredText's inline markup escaped, safe at the start of a line, and
    kept from the smart quotes (``--seed`` stays two hyphens, ``'a'`` straight quotes)."""
    text = _SPECIAL.sub(r"\\\1", text)
    text = _SMART.sub(r"\\\1", text)
    if text and not text[0].isalnum() and text[0] != "\\":
        text = "\\" + text
    return text


def formatter(parser: argparse.ArgumentParser) -> argparse.HelpFormatter:
    """The parser's own help formatter at a fixed width (not the terminal's)."""
    cls: Any = parser.formatter_class
    result: argparse.HelpFormatter = cls(prog=parser.prog, width=WIDTH)
    return result


def usage(parser: argparse.ArgumentParser) -> str:
    fmt = formatter(parser)
    fmt.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return fmt.format_help().strip()


def invocation(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """``--source SOURCE``, ``-a A``, ``graph``: what the option directive documents."""
    fmt = formatter(parser)
    text: str = fmt._format_action_invocation(action)
    return text


def help_text(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    expanded: str = formatter(parser)._expand_help(action)
    return " ".join(expanded.split())


def subparsers(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, help, parser) of each subcommand, in the order they were added."""
    out: list[tuple[str, str, argparse.ArgumentParser]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            for name, sub in action.choices.items():
                out.append((name, helps.get(name, ""), sub))
    return out


def literal(text: str, language: str = "text") -> list[str]:
    return [f".. code-block:: {language}", ""] + ["   " + x if x else "" for x in text.split("\n")]


def render(parser: argparse.ArgumentParser, levels: str, depth: int = 0) -> list[str]:
    """The reStructuredText of a parser and, below it, of its subcommands."""
    title = f"``{parser.prog}``"
    out = [title, levels[depth] * len(title), ""]
    for paragraph in (parser.description or "").split("\n\n"):
        if paragraph.strip():
            out.extend([escape(" ".join(paragraph.split())), ""])
    out.extend(literal(usage(parser)))
    out.append("")
    subs = subparsers(parser)
    arguments = [
        a
        for a in parser._actions
        if not isinstance(a, argparse._SubParsersAction | argparse._HelpAction)
    ]
    out.extend([f".. program:: {parser.prog}", ""])
    if arguments:
        positionals = [a for a in arguments if not a.option_strings]
        options = [a for a in arguments if a.option_strings]
        for heading, group in (("Arguments", positionals), ("Options", options)):
            if not group:
                continue
            out.extend([f".. rubric:: {heading}", ""])
            for a in group:
                out.extend([f".. option:: {invocation(parser, a)}", ""])
                text = help_text(parser, a)
                if a.required and a.option_strings:
                    text = (text + " " if text else "") + "Required."
                if text:
                    out.extend(["   " + escape(text), ""])
    if subs:
        out.extend([".. rubric:: Commands", ""])
        for name, text, _sub in subs:
            out.extend([f"``{name}``", "   " + (escape(text) if text else "(no help)"), ""])
    # The epilog: a paragraph of several lines (the examples) as written, a one-line
    # paragraph as text (the formatter wraps it in --help).
    for paragraph in (parser.epilog or "").strip("\n").split("\n\n"):
        if "\n" in paragraph.strip("\n"):
            out.extend([".. rubric:: Examples", ""])
            out.extend(literal(paragraph.strip("\n")))
            out.append("")
        elif paragraph.strip():
            out.extend([escape(" ".join(paragraph.split())), ""])
    for _, _, sub in subs:
        out.extend(render(sub, levels, depth + 1))
    return out


class ArgparseDirective(SphinxDirective):
    """``.. dyng-argparse:: module:function``: the reference of the parser it returns."""

    required_arguments = 1
    has_content = False
    option_spec = {"levels": directives.unchanged}  # noqa: RUF012

    def run(self) -> list[nodes.Node]:
        module_name, _, function = self.arguments[0].partition(":")
        module = importlib.import_module(module_name)
        if module.__file__:
            self.env.note_dependency(module.__file__)
        parser = getattr(module, function)()
        if not isinstance(parser, argparse.ArgumentParser):
            raise self.error(f"dyng-argparse: {self.arguments[0]} gave no ArgumentParser")
        # The parser is assembled from the dyng._cli_* modules too.
        for name, mod in list(sys.modules.items()):
            if name.startswith(module_name.rpartition(".")[0] + "._cli") and mod.__file__:
                self.env.note_dependency(mod.__file__)
        lines = render(parser, self.options.get("levels", "-~^'"))
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source=module_name), container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("dyng-argparse", ArgparseDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
