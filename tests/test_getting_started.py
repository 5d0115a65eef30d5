"""Getting started (issue 8): the README installs every extra and says how to reach the
command after ``make run``; an optional module imported without its extra names it."""

from __future__ import annotations

import importlib
import re
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_starts_with_make_run_and_make_test() -> None:
    first = README.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in first.splitlines()]
    assert [c for c in commands if c] == ["make run", "make test"]


def test_the_readme_installs_every_extra_of_pyproject() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    install = README[README.index("## Install") :]
    assert "pip install rulespec " in install
    for extra in ("proofs", "test", "openspiel", "pettingzoo", "ray", "dev"):
        assert extra in extras
        assert f"pip install 'rulespec[{extra}]'" in install
    for extra in set(extras) - {"proofs", "test", "openspiel", "pettingzoo", "ray", "dev"}:
        assert f"rulespec[{extra}]" in install


def test_the_readme_says_where_make_run_puts_the_command() -> None:
    venv = re.search(r"^VENV\s*:=\s*(\S+)$", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert venv is not None
    assert f"`{venv[1]}/bin/rulespec`" in README
    assert f"source {venv[1]}/bin/activate" in README
    assert "python -m rulespec" in README


def test_rulespec_testing_without_hypothesis_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """None in sys.modules makes an import of that name fail, as if not installed."""
    for name in [m for m in sys.modules if m == "hypothesis" or m.startswith("hypothesis.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    monkeypatch.delitem(sys.modules, "rulespec.testing", raising=False)
    with pytest.raises(ModuleNotFoundError) as caught:
        importlib.import_module("rulespec.testing")
    assert "pip install 'rulespec[test]'" in str(caught.value)
    assert caught.value.name == "hypothesis"


def test_the_readme_sends_readers_to_the_hosted_docs_not_to_files_of_a_checkout() -> None:
    """Issue 22: a wheel holds no ``docs/``, so the README links the hosted pages (under
    the project's Documentation URL) instead of naming ``docs/*.rst`` files."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hosted = pyproject["project"]["urls"]["Documentation"]
    assert not re.search(r"docs/[\w-]+\.rst", README)
    assert f"]({hosted}en/latest/repl.html)" in README
