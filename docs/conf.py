"""Sphinx configuration of the dynG manual (``make docs`` builds it into build/docs/html).

Pages are Markdown (MyST). The Python API reference comes from the typed layer's docstrings
(autodoc + napoleon, NumPy style), the C API reference from ``include/dyng/*.h``
(``_ext/dyng_cheaders.py``) and the CLI reference from the command line's argparse parser
(``_ext/dyng_argparse.py``). Warnings are errors (``sphinx-build -W --keep-going``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(DOCS / "_ext"))

project = "dynG"
author = "the dynG authors"
copyright = "the dynG authors, Apache License 2.0"
release = (ROOT / "VERSION").read_text(encoding="utf-8").strip()
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "dyng_cheaders",
    "dyng_argparse",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", ".DS_Store"]

# Markdown: "```{directive}" blocks, ":::" fences, $math$ left alone, heading anchors
# for links like [batch semantics](semantics.md#as-sets).
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Python: the typed layer (installed in .venv by `make python`), NumPy-style docstrings.
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
# The docstrings give every type (NumPy style); signatures stay short.
autodoc_typehints = "none"
autodoc_preserve_defaults = True
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
# "Attributes" sections as fields of their class (autodoc documents the attributes too).
napoleon_use_ivar = True

# C: the headers use these types without defining them.
c_extra_keywords: list[str] = []

html_theme = "alabaster"
html_title = f"dynG {release}"
html_theme_options = {
    "description": "Graphs that change by batches, with analytics kept current",
    "fixed_sidebar": True,
    "page_width": "1100px",
    "sidebar_width": "260px",
}
html_sidebars = {"**": ["about.html", "navigation.html", "relations.html", "searchbox.html"]}
html_static_path: list[str] = []


# The mutation report (docs/mutation_report.md, written by `make mutation`) joins the
# manual when it is there; the index marks the place.
MUTATION_MARKER = "<!-- mutation-report-toctree"
MUTATION_TOCTREE = "```{toctree}\n:caption: Evidence\n:maxdepth: 1\n\nmutation_report\n```\n\n"


def _add_mutation_report(app: Any, docname: str, source: list[str]) -> None:
    if docname != "index":
        return
    # A dependency on the file, present or not, re-reads the index when it comes or goes.
    app.env.note_dependency(str(DOCS / "mutation_report.md"))
    if (DOCS / "mutation_report.md").exists():
        source[0] = source[0].replace(MUTATION_MARKER, MUTATION_TOCTREE + MUTATION_MARKER, 1)


def setup(app: Any) -> None:
    app.connect("source-read", _add_mutation_report)
