"""What the built site ships for the rules in the page, read from the files (no browser).

Only the Pyodide files a page loads, pinned; the attrs wheel pinned by hash; rulespec's
wheel built from this tree; a lock file naming those two alone; no script from another
site; every rule's address; and every ``rs-tryit`` element of every page (the rule
entries' witnesses included) a position the library opens, its move one it reads.
"""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.host import lab
from tests.browser import site

DOCS = site.ROOT / "docs"
RUNTIME = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"}
MOST = 20 * 2**20
"""Bytes the live part of the site may weigh (Pyodide's core is about 14 MB)."""


@pytest.fixture(scope="module")
def shipped() -> Path:
    reason = site.missing()
    if reason is not None and not (site.SITE / "index.html").is_file():
        pytest.skip(reason)
    return site.SITE / "_static" / "tryit"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_only_the_pinned_runtime_files_are_shipped(shipped: Path) -> None:
    lock = json.loads((DOCS / "tryit" / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/pyodide"]["version"]
    runtimes = sorted(p.name for p in shipped.glob("pyodide-*"))
    assert runtimes == [f"pyodide-{pinned}"]
    assert {p.name for p in (shipped / runtimes[0]).iterdir()} == RUNTIME
    weight = sum(p.stat().st_size for p in shipped.rglob("*") if p.is_file())
    assert weight < MOST


def test_the_lock_lists_the_two_wheels_with_their_hashes(shipped: Path) -> None:
    folders = list(shipped.glob("py-*"))
    assert len(folders) == 1
    lock = json.loads((folders[0] / "pyodide-lock.json").read_text())
    assert sorted(lock["packages"]) == ["attrs", "rulespec"]
    for entry in lock["packages"].values():
        assert sha256(folders[0] / entry["file_name"]) == entry["sha256"]
    assert lock["packages"]["rulespec"]["version"] == rulespec.__version__
    pinned = (DOCS / "tryit" / "requirements.txt").read_text()
    attrs = re.search(r"attrs==(\S+) --hash=sha256:(\w+)", pinned)
    assert attrs is not None
    assert lock["packages"]["attrs"]["version"] == attrs[1]
    assert lock["packages"]["attrs"]["sha256"] == attrs[2]


FORCED = {"rulespec/proofs/": "proofs/", "rulespec/variants/": "variants/"}
"""Folders the wheel takes from the top of the tree (pyproject.toml's force-include)."""


def in_tree(name: str) -> Path:
    for inside, outside in FORCED.items():
        if name.startswith(inside):
            return site.ROOT / (outside + name.removeprefix(inside))
    return site.ROOT / name


def test_the_rulespec_wheel_is_this_tree(shipped: Path) -> None:
    wheel = next(shipped.glob("py-*/rulespec-*.whl"))
    with zipfile.ZipFile(wheel) as zipped:
        names = [n for n in zipped.namelist() if n.startswith("rulespec/") and not n.endswith("/")]
        stale = [n for n in names if zipped.read(n) != in_tree(n).read_bytes()]
    assert "rulespec/host/lab.py" in names
    assert stale == [], "the site's wheel is older than the tree: make docs"


def test_no_page_loads_a_script_from_elsewhere() -> None:
    if not (site.SITE / "index.html").is_file():
        pytest.skip(site.missing())
    outside = re.compile(r"""<(?:script|link|img|iframe)[^>]+(?:src|href)=["'](?:https?:)?//""")
    for page in site.pages():
        text = (site.SITE / page).read_text(encoding="utf-8")
        assert outside.search(text) is None, page
        assert "_static/tryit.js" in text, f"{page} has no Try it script"


def test_every_rule_has_the_address_of_its_entry(shipped: Path) -> None:
    addresses = json.loads((shipped / "rules.json").read_text())
    for spec in rulespec.GAMES:
        for rule in spec.rulebook().rules:
            page, anchor = addresses[rule.id].split("#")
            assert f'id="{anchor}"' in (site.SITE / page).read_text(encoding="utf-8"), rule.id


def tryit_elements() -> list[tuple[str, dict[str, str]]]:
    return [
        (page, attrs) for page in site.pages() for attrs in site.elements(page, "div", "rs-tryit")
    ]


def test_every_try_it_element_opens_in_the_library(shipped: Path) -> None:
    """The contract of ``<div class="rs-tryit" data-game data-settings data-position
    data-rule data-move>``: the lab opens the position under the settings, the rule is a
    rule of that game, and the move (if any) is a move of the game's notation there."""
    found = tryit_elements()
    assert {attrs["data-game"] for _, attrs in found} >= set(rulespec.GAMES.ids)
    for page, attrs in found:
        where = f"{page}: {attrs.get('data-rule')}"
        request: dict[str, Any] = {
            "op": "open",
            "game": attrs["data-game"],
            "settings": json.loads(attrs["data-settings"]),
            "position": json.loads(attrs["data-position"]),
        }
        reply = json.loads(lab.call(json.dumps(request)))
        assert reply["ok"], f"{where}: {reply['error']['message']}"
        assert rulespec.rule(attrs["data-rule"]).game == attrs["data-game"], where
        if attrs.get("data-move"):
            why = json.loads(
                lab.call(json.dumps({**request, "op": "why", "move": attrs["data-move"]}))
            )
            assert why["ok"], f"{where}: {attrs['data-move']}: {why['error']['message']}"
