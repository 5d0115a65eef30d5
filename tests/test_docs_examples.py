"""Every page's doctests pass on their own (issue 22), and every Python code block runs
(issue 34: the White Lotus page's first example raised).

``sphinx-build -b doctest`` runs all pages in one process, one after another, so a page
could pass only because an earlier one imported a module (the error-code list of the
sessions page once did: the castle data module defines an error class). Here each page's
``.. doctest::`` blocks run in a fresh interpreter, with the docs' global setup only.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
SETUP = "import random\nfrom fractions import Fraction\n\nimport rulespec\n"
"""``doctest_global_setup`` of ``docs/conf.py``."""

RUNNER = """
import doctest, sys
text = sys.stdin.read()
flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
globs = {}
exec(compile(%r, "<doctest_global_setup>", "exec"), globs)
test = doctest.DocTestParser().get_doctest(text, globs, %r, %r, 0)
runner = doctest.DocTestRunner(optionflags=flags)
runner.run(test)
sys.exit(1 if runner.failures else 0)
"""


def blocks(page: Path, directive: str = ".. doctest::") -> str:
    """The ``directive`` blocks of a page (its doctests), dedented, in page order."""
    out: list[str] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == directive:
            i += 1
            body = []
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith((" ", "\t"))):
                body.append(lines[i])
                i += 1
            out.append(textwrap.dedent("\n".join(body)).strip("\n"))
        else:
            i += 1
    return "\n\n".join(out) + "\n"


PAGES = sorted(p for p in DOCS.rglob("*.rst") if ".. doctest::" in p.read_text("utf-8"))


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_the_doctests_of_a_page_pass_on_their_own(page: Path) -> None:
    name = str(page.relative_to(DOCS))
    done = subprocess.run(
        [sys.executable, "-c", RUNNER % (SETUP, name, name)],
        input=blocks(page),
        capture_output=True,
        text=True,
        cwd=DOCS,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


CODE = ".. code-block:: python"
CODE_PAGES = sorted(p for p in DOCS.rglob("*.rst") if CODE in p.read_text("utf-8"))


@pytest.mark.parametrize("page", CODE_PAGES, ids=[str(p.relative_to(DOCS)) for p in CODE_PAGES])
def test_the_python_code_blocks_of_a_page_run(page: Path, tmp_path: Path) -> None:
    """Each page's ``.. code-block:: python`` blocks run in page order in a fresh
    interpreter, with the doctests' global setup, in an empty folder (a block that needs
    a file makes it or names one that ships with rulespec)."""
    assert CODE_PAGES  # the game pages open with one
    done = subprocess.run(
        [sys.executable, "-c", SETUP + blocks(page, CODE)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
