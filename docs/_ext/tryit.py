"""The rules live in the page: rulespec runs in the reader's browser through Pyodide.

Every element ``<div class="rs-tryit" data-game data-settings data-position data-rule
data-move>`` (one per witness on a rule's entry) becomes a "Try it" button that opens the
position live, and the position lab (``.. rulespec-lab::``) lets a reader paste any
position. ``_static/tryit.js`` does that in the page; the answers come from
:mod:`rulespec.host.lab`, the JSON-in, JSON-out face of the library, running under
Pyodide. Nothing loads until a reader asks, and nothing is fetched from elsewhere: the
site carries every file.

At build time (HTML builders only) this extension:

* installs the pinned Pyodide from the npm registry (``npm ci`` in ``docs/tryit``, whose
  ``package-lock.json`` pins it; again only when that lock changes);
* downloads the pinned attrs wheel (``docs/tryit/requirements.txt``, hash-checked by pip)
  and builds rulespec's own wheel from this tree, every build, so the page runs the code
  the page describes;
* copies into ``_static/tryit/`` the four runtime files a page needs (not the whole
  distribution) and the two wheels beside a lock file that lists only those two, with
  their sha256 (Pyodide checks them, and can install nothing else);
* writes ``_static/tryit/rules.json``, each rule id with the address of its entry, so an
  answer links to the rule wherever the pages put it.

``.. rulespec-tryit-examples::`` places one such position per game (its earliest witness
of seeded play at a player's decision), so the lab page has something to start from.
"""

from __future__ import annotations

import hashlib
import html
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from docutils import nodes  # type: ignore[import-untyped]
from docutils.nodes import Node  # type: ignore[import-untyped]
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata

import rulespec
from rulespec import witnesses as witnessing
from rulespec.host import lab

logger = logging.getLogger(__name__)

DOCS = Path(__file__).resolve().parent.parent
ROOT = DOCS.parent
TRYIT = DOCS / "tryit"
"""``package.json``, ``package-lock.json`` (Pyodide) and ``requirements.txt`` (attrs)."""
WHEELS = TRYIT / "wheels"
"""Where the attrs wheel is kept between builds (ignored by git)."""
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""The Pyodide files a page loads: the loader, the interpreter and the standard library
(no packages of the distribution; the npm package's lock file lists ~300 others)."""
STATIC = "tryit"
"""The folder under ``_static`` the files go to."""
RULE_OBJECT = "rulespec-rule"
"""The object type of a rule's entry (``rulespec_docs.RULE_DIRECTIVE``)."""


class Shipped:
    """What this build ships: filled at builder-inited, copied at build-finished."""

    pyodide: Path | None = None
    version: str = ""
    wheels: tuple[Path, ...] = ()
    folder: str = ""
    """``py-<digest>``: the wheels' folder, named after their content, so a browser never
    runs a wheel cached from another build."""
    work: tempfile.TemporaryDirectory[str] | None = None


def provision(app: Sphinx) -> None:
    """Install Pyodide, fetch attrs, build rulespec; say where the page finds them."""
    if app.builder.format != "html":
        return
    Shipped.pyodide, Shipped.version = _pyodide()
    Shipped.work = tempfile.TemporaryDirectory(prefix="rulespec-tryit-")
    Shipped.wheels = (_attrs_wheel(), _rulespec_wheel(Path(Shipped.work.name)))
    digest = hashlib.sha256(b"".join(_sha256(w).encode() for w in Shipped.wheels))
    Shipped.folder = f"py-{digest.hexdigest()[:12]}"
    config = {
        "runtime": f"{STATIC}/pyodide-{Shipped.version}/",
        "packages": f"{STATIC}/{Shipped.folder}/",
        "rules": f"{STATIC}/rules.json",
    }
    app.add_js_file(None, body=f"window.rulespecTryit = {json.dumps(config)};")
    app.add_js_file("tryit.js", defer="defer")
    app.add_css_file("tryit.css")


def _run(command: list[str], cwd: Path, what: str) -> None:
    logger.info("tryit: %s", what)
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise ExtensionError(
            f"tryit: {what} needs {command[0]!r}, which is not installed (the docs ship "
            "Pyodide from the npm registry: install Node.js and npm)"
        ) from None
    if done.returncode:
        raise ExtensionError(f"tryit: {what} failed:\n{done.stdout}\n{done.stderr}")


def _pyodide() -> tuple[Path, str]:
    """``npm ci`` when ``package-lock.json`` changed since the last one; the package's
    folder and version."""
    lock = TRYIT / "package-lock.json"
    stamp = TRYIT / "node_modules" / ".rulespec-lock"
    wanted = _sha256(lock)
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        _run(
            ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"],
            TRYIT,
            "npm ci (the pinned Pyodide)",
        )
        stamp.write_text(wanted + "\n")
    folder = TRYIT / "node_modules" / "pyodide"
    version = str(json.loads((folder / "package.json").read_text())["version"])
    missing = [name for name in RUNTIME if not (folder / name).is_file()]
    if missing:
        raise ExtensionError(f"tryit: pyodide {version} has no {', '.join(missing)}")
    return folder, version


def _attrs_wheel() -> Path:
    """The pinned attrs wheel (pure Python), downloaded once and checked by its hash."""
    pinned = (TRYIT / "requirements.txt").read_text()
    line = next(line for line in pinned.splitlines() if line.startswith("attrs=="))
    version = line.split("==", 1)[1].split()[0]
    wanted = line.split("--hash=sha256:", 1)[1].split()[0]
    wheel = WHEELS / f"attrs-{version}-py3-none-any.whl"
    if not wheel.is_file() or _sha256(wheel) != wanted:
        WHEELS.mkdir(parents=True, exist_ok=True)
        _run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary", ":all:", "--require-hashes", "-r", "requirements.txt",
             "-d", str(WHEELS)],
            TRYIT,
            f"pip download attrs=={version}",
        )  # fmt: skip
    if not wheel.is_file() or _sha256(wheel) != wanted:
        raise ExtensionError(f"tryit: {wheel.name} is not the pinned wheel (sha256 {wanted})")
    return wheel


def _rulespec_wheel(folder: Path) -> Path:
    """rulespec's wheel, built from this tree by its own build backend (hatchling)."""
    _run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(folder), str(ROOT)],
        ROOT,
        f"build the rulespec {rulespec.__version__} wheel",
    )  # fmt: skip
    return next(folder.glob("rulespec-*.whl"))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lock_file(info: Mapping[str, Any], wheels: tuple[Path, ...]) -> dict[str, Any]:
    """A Pyodide lock file that lists only the shipped wheels (rulespec after attrs)."""
    packages: dict[str, Any] = {}
    for wheel in wheels:
        name, version = wheel.name.split("-")[:2]
        packages[name] = {
            "name": name,
            "version": version,
            "file_name": wheel.name,
            "install_dir": "site",
            "package_type": "package",
            "imports": ["attr", "attrs"] if name == "attrs" else [name],
            "depends": [] if name == "attrs" else ["attrs"],
            "sha256": _sha256(wheel),
            "unvendored_tests": False,
            "tool": {},
        }
    return {"info": dict(info), "packages": packages}


def ship(app: Sphinx, exception: BaseException | None) -> None:
    """Copy the runtime and the wheels into the site; write the rules' addresses."""
    if exception is not None or app.builder.format != "html" or Shipped.pyodide is None:
        return
    static = Path(app.outdir) / "_static" / STATIC
    runtime = static / f"pyodide-{Shipped.version}"
    packages = static / Shipped.folder
    for old in static.glob("*") if static.exists() else ():
        if old.is_dir() and old.name not in (runtime.name, packages.name):
            shutil.rmtree(old)  # earlier builds' wheels and runtimes
    runtime.mkdir(parents=True, exist_ok=True)
    packages.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME:
        shutil.copyfile(Shipped.pyodide / name, runtime / name)
    for wheel in Shipped.wheels:
        shutil.copyfile(wheel, packages / wheel.name)
    info = json.loads((Shipped.pyodide / "pyodide-lock.json").read_text())["info"]
    lock = lock_file(info, tuple(packages / w.name for w in Shipped.wheels))
    (packages / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    (static / "rules.json").write_text(json.dumps(rule_addresses(app), sort_keys=True) + "\n")
    if Shipped.work is not None:
        Shipped.work.cleanup()


def rule_addresses(app: Sphinx) -> dict[str, str]:
    """Each rule id and the address of its entry, relative to the site's root."""
    objects = app.env.domaindata["std"]["objects"]
    found: dict[str, str] = {}
    for (kind, name), (docname, anchor) in objects.items():
        if kind == RULE_OBJECT:
            found[name] = f"{app.builder.get_target_uri(docname)}#{anchor}"
    return found


# --- the markup the script reads ---------------------------------------------------------


def tryit_div(
    game: str, settings: Mapping[str, Any], position: Mapping[str, Any], rule: str, move: str | None
) -> str:
    """The element the script turns into a "Try it" button (the contract the rule
    entries' witnesses follow too)."""

    def attr(value: object) -> str:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        return html.escape(text, quote=True)

    parts = [
        'class="rs-tryit"',
        f'data-game="{attr(game)}"',
        f"data-settings='{attr(dict(settings))}'",
        f"data-position='{attr(dict(position))}'",
        f'data-rule="{attr(rule)}"',
    ]
    if move is not None:
        parts.append(f'data-move="{attr(move)}"')
    return f"<div {' '.join(parts)}></div>"


def example(game: str) -> witnessing.Example:
    """The game's example: the witness seen earliest in seeded play from the setup where a
    player decides (a position with moves to play and to ask about)."""
    found = witnessing.witnesses(game).found.values()
    decided = [w for w in found if w.kind in DECIDING and w.position is None]
    for w in sorted(decided, key=lambda w: (w.step, w.key)):
        ex = witnessing.replay(w)
        if not ex.state.is_chance:
            return ex
    raise ExtensionError(f"tryit: no witness of {game} at a player's decision")


DECIDING = ("applied", "legal", "refused")
"""Witness kinds shown at a position before a move (not the setup or the final scoring)."""


class TryitExamplesDirective(SphinxDirective):
    """``.. rulespec-tryit-examples::``: per game, the earliest witness of seeded play at
    a player's decision, its rule, and a "Try it" element at its position."""

    def run(self) -> list[Node]:
        items = nodes.bullet_list()
        for spec in rulespec.GAMES:
            ex = example(spec.id)
            w = ex.witness
            verb = "may not play" if w.kind == "refused" else "plays"
            item = nodes.list_item()
            para = nodes.paragraph()
            para += nodes.strong(text=spec.title)
            para += nodes.Text(f" (seed {w.seed}, step {w.step}): seat {ex.state.current_player} ")
            para += nodes.Text(f"{verb} ")
            para += nodes.literal(text=w.action)
            para += nodes.Text(f" ({ex.state.describe(w.action)}), where the rule ")
            para += nodes.literal(text=w.rule)
            para += nodes.Text(f" decides ({ex.rule.title}).")
            item += para
            div = tryit_div(spec.id, w.settings, ex.state.to_json(), w.rule, w.action)
            item += nodes.raw("", div, format="html")
            items += item
        return [items]


class LabDirective(SphinxDirective):
    """``.. rulespec-lab::``: the position lab. The game and variant pickers are written
    into the page (the games' offers as JSON), so the page shows them without Pyodide."""

    def run(self) -> list[Node]:
        offers = json.loads(lab.call(json.dumps({"op": "games"})))["games"]
        data = json.dumps(offers, ensure_ascii=False).replace("</", "<\\/")
        markup = (
            '<div class="rs-lab">'
            "<noscript>The lab runs rulespec in the page and needs JavaScript.</noscript>"
            "</div>"
            f'<script type="application/json" id="rs-lab-games">{data}</script>'
        )
        return [nodes.raw("", markup, format="html")]


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the directives and the build steps."""
    app.add_directive("rulespec-tryit-examples", TryitExamplesDirective)
    app.add_directive("rulespec-lab", LabDirective)
    app.connect("builder-inited", provision)
    app.connect("build-finished", ship)
    return {"version": rulespec.__version__, "parallel_read_safe": True}
