"""Every game of :data:`rulespec.GAMES` is complete: adding a game is one package plus its
id in ``rulespec/catalog.py``.

The tools discover the games from ``GAMES`` (the proofs runner, the docs directives, the
golden playthroughs, the rule-marker check), so a listed game that lacks a piece would
mostly be skipped in silence. :func:`missing` names every piece a game needs; each piece
it cannot find is one message naming the game and the file to add:

- ``rulespec/<id>/`` whose ``game`` module (the composition root) defines ``SPEC``, a
  :class:`~rulespec.GameSpec` with ``SPEC.id == <id>``, and ``GAME``, its class (a
  :class:`~rulespec.core.game.BaseGame` bound by ``Parts.of("rulespec.<id>", ...)``, whose
  ``make(**settings)`` :func:`rulespec.game` calls), with the standard modules ``Parts.of``
  binds (:data:`rulespec.core.game.PACKAGE`: ``actions.py``, ``bounds.py``, ``phases.py``
  with ``TABLE``, ``variant.py`` with ``TYPED``, …);
- ``rulespec/<id>/rulebook.toml`` (the rules, rulings and ambiguities);
- ``variants/<id>.toml`` (the variant table);
- ``proofs/<id>.py`` exporting ``CLAIMS`` (at least a canary: ``tests/proofs``);
- ``docs/games/<id>.rst``, the game's front page with its index of rules, and beside it
  ``docs/games/<id>/``: a page per chapter of its ``rulebook.toml`` showing that
  chapter's rules, and pages with its variant table and its proofs;
- a golden playthrough ``tests/playthroughs/<case>.txt`` for every case of
  :func:`rulespec.host.playthrough.cases` (their content: ``test_playthroughs.py``);
- ``tests/<id>/test_machine.py``, the shared state machine of ``tests/machine.py``.

The API reference needs nothing per game: ``docs/api.rst`` generates a section per game of
``GAMES`` (``.. rulespec-game-apis::``). That every rule has a test is
``test_registry.py``'s job.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

import pytest

import proofs
import rulespec
from rulespec import catalog
from rulespec.core.game import PACKAGE, BaseGame, Parts
from rulespec.host import playthrough

REPO = Path(__file__).resolve().parents[1]
DIRECTIVES = ("rulespec-rule-index", "rulespec-variant-table", "rulespec-proofs")
"""What a game's pages show, each with the game id as its argument: the index of rules
on its front page, the variant table and the proofs on pages of ``docs/games/<id>/``."""


def _package(game_id: str) -> list[str]:
    where = f"rulespec/{game_id}/game.py"
    if not (REPO / "rulespec" / game_id / "__init__.py").is_file():
        return [f"{game_id}: no package rulespec/{game_id}/ (with {where} defining SPEC, GAME)"]
    if not (REPO / where).is_file():
        return [f"{game_id}: no composition root {where} (defining SPEC and GAME)"]
    lacking = [
        f"{game_id}: no module rulespec/{game_id}/{name}.py (defining {', '.join(names)}): "
        "a game package has the standard modules that Parts.of binds "
        "(rulespec.core.game.PACKAGE)"
        for name, names in PACKAGE.items()
        if not (REPO / "rulespec" / game_id / f"{name}.py").is_file()
    ]
    if lacking:
        return lacking
    try:
        module = importlib.import_module(f"rulespec.{game_id}.game")
    except Exception as exc:
        return [f"{game_id}: {where} does not import: {type(exc).__name__}: {exc}"]
    out = []
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, rulespec.GameSpec):
        out.append(f"{game_id}: {where} defines no SPEC (a rulespec.GameSpec)")
    elif spec.id != game_id:
        out.append(f"{game_id}: {where} defines SPEC with id {spec.id!r}, not {game_id!r}")
    made = getattr(module, "GAME", None)
    if not (isinstance(made, type) and issubclass(made, BaseGame) and "spec" in vars(made)):
        out.append(f"{game_id}: {where} defines no GAME (a BaseGame class bound by Parts.of)")
    return out


def _rulebook(game_id: str) -> list[str]:
    where = f"rulespec/{game_id}/rulebook.toml"
    return [] if (REPO / where).is_file() else [f"{game_id}: no rulebook {where}"]


def _variants(game_id: str) -> list[str]:
    where = f"variants/{game_id}.toml"
    return [] if (REPO / where).is_file() else [f"{game_id}: no variant table {where}"]


def _proofs(game_id: str) -> list[str]:
    where = f"proofs/{game_id}.py"
    if not (REPO / where).is_file():
        return [f"{game_id}: no proofs module {where} (exporting CLAIMS)"]
    try:
        proofs.claims(game_id)
    except Exception as exc:
        return [f"{game_id}: {where}: {type(exc).__name__}: {exc}"]
    return []


def _docs(game_id: str) -> list[str]:
    where = f"docs/games/{game_id}.rst"
    needed = [f".. {d}:: {game_id}" for d in DIRECTIVES]
    path = REPO / where
    if not path.is_file():
        return [f"{game_id}: no docs page {where} (with {', '.join(needed)})"]

    def has(text: str, line: str) -> bool:
        return bool(re.search(rf"^{re.escape(line)}[ \t]*$", text, re.MULTILINE))

    front = path.read_text(encoding="utf-8")
    pages = {
        p.stem: p.read_text(encoding="utf-8")
        for p in (REPO / "docs" / "games" / game_id).glob("*.rst")
    }
    out = [] if has(front, needed[0]) else [f"{game_id}: {where} lacks '{needed[0]}'"]
    for line in needed[1:]:
        if not any(has(text, line) for text in pages.values()):
            out.append(f"{game_id}: no page of docs/games/{game_id}/ has '{line}'")
    for chapter in rulespec.rulebook(game_id).chapters:
        line = f".. rulespec-rules:: {game_id} {chapter.key}"
        if not has(pages.get(chapter.key, ""), line):
            out.append(f"{game_id}: docs/games/{game_id}/{chapter.key}.rst lacks '{line}'")
    return out


def _cases_of(game_id: str) -> tuple[playthrough.Case, ...]:
    """:func:`rulespec.host.playthrough.cases` of one game (it iterates ``catalog.GAMES``,
    so the others are hidden while it runs: one game lacking its package must not hide
    what the others have)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(catalog, "GAMES", catalog.Games(game_id))
        return playthrough.cases()


def _playthroughs(game_id: str) -> list[str]:
    where = f"tests/playthroughs/{game_id}-*.txt"
    try:
        names = [c.name for c in _cases_of(game_id)]
    except Exception as exc:
        return [
            f"{game_id}: no golden playthroughs {where}: its cases cannot be listed "
            f"({type(exc).__name__}: {exc})"
        ]
    if not names:
        return [f"{game_id}: no golden playthroughs {where}: its variant table has no column"]
    return [
        f"{game_id}: golden playthrough tests/playthroughs/{name} is missing "
        "(run `make playthroughs`)"
        for name in names
        if not (REPO / "tests" / "playthroughs" / name).is_file()
    ]


def _tests(game_id: str) -> list[str]:
    where = f"tests/{game_id}/test_machine.py"
    if not (REPO / "tests" / game_id / "__init__.py").is_file():
        return [f"{game_id}: no test package tests/{game_id}/ (__init__.py, {where})"]
    path = REPO / where
    if not path.is_file():
        return [f"{game_id}: no state machine test {where} (see tests/machine.py)"]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=where)
    builds = any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "game_machine"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == game_id
        for node in ast.walk(tree)
    )
    collected = any(
        isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id.startswith("Test") for t in node.targets)
        for node in tree.body
    )
    out = []
    if not builds:
        out.append(f"{where} does not build game_machine({game_id!r}, ...) (tests/machine.py)")
    if not collected:
        out.append(f"{where} binds no Test* name to the machine's TestCase (pytest runs none)")
    return [f"{game_id}: {problem}" for problem in out]


CHECKS = {
    "package": _package,
    "rulebook": _rulebook,
    "variants": _variants,
    "proofs": _proofs,
    "docs": _docs,
    "playthroughs": _playthroughs,
    "tests": _tests,
}
"""Each piece a game needs, by name, and the check that lists what is missing of it."""
PIECES = tuple(CHECKS)


def missing(game_id: str) -> dict[str, list[str]]:
    """Per piece (see :data:`CHECKS`), what the game lacks; empty lists when complete."""
    return {piece: check(game_id) for piece, check in CHECKS.items()}


def problems() -> list[str]:
    """Every missing piece of every game of :data:`rulespec.GAMES`."""
    return [p for game_id in rulespec.GAMES.ids for ps in missing(game_id).values() for p in ps]


@pytest.mark.parametrize("game_id", rulespec.GAMES.ids)
def test_the_game_has_every_piece(game_id: str) -> None:
    found = [p for ps in missing(game_id).values() for p in ps]
    assert not found, "\n".join(found)


def test_a_listed_game_with_nothing_is_reported_piece_by_piece(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The checks cannot pass vacuously: a game listed in GAMES with no files at all
    fails every one of them, each message naming the game and the file to add."""
    monkeypatch.setattr(rulespec.GAMES, "ids", (*rulespec.GAMES.ids, "nosuchgame"))
    found = missing("nosuchgame")
    assert list(found) == list(PIECES)
    expected_files = {
        "package": "rulespec/nosuchgame/",
        "rulebook": "rulespec/nosuchgame/rulebook.toml",
        "variants": "variants/nosuchgame.toml",
        "proofs": "proofs/nosuchgame.py",
        "docs": "docs/games/nosuchgame.rst",
        "playthroughs": "tests/playthroughs/nosuchgame-",
        "tests": "tests/nosuchgame/",
    }
    for piece, messages in found.items():
        assert len(messages) == 1, (piece, messages)
        assert messages[0].startswith("nosuchgame: "), messages[0]
        assert expected_files[piece] in messages[0], messages[0]
    for directive in DIRECTIVES:
        assert f".. {directive}:: nosuchgame" in found["docs"][0]
    everything = problems()
    assert everything == [m for ms in found.values() for m in ms], "real games are complete"


def test_a_page_without_a_directive_is_reported(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The docs check reads each directive (not just the file): a page that drops one
    is reported with the line it lacks, and so is a chapter without its page."""
    games = REPO / "docs" / "games"
    (tmp_path / "docs" / "games" / "mandala").mkdir(parents=True)
    front = (games / "mandala.rst").read_text(encoding="utf-8")
    (tmp_path / "docs" / "games" / "mandala.rst").write_text(front, encoding="utf-8")
    for page in (games / "mandala").glob("*.rst"):
        if page.stem != "setup":
            text = page.read_text(encoding="utf-8")
            text = text.replace(".. rulespec-proofs:: mandala", ".. rulespec-proofs::")
            (tmp_path / "docs" / "games" / "mandala" / page.name).write_text(text, "utf-8")
    monkeypatch.setattr(sys.modules[__name__], "REPO", tmp_path)
    assert _docs("mandala") == [
        "mandala: no page of docs/games/mandala/ has '.. rulespec-proofs:: mandala'",
        "mandala: docs/games/mandala/setup.rst lacks '.. rulespec-rules:: mandala setup'",
    ]


def test_the_api_reference_is_generated_for_every_game() -> None:
    """docs/api.rst has no per-game section to add: the directive iterates GAMES."""
    api = (REPO / "docs" / "api.rst").read_text(encoding="utf-8")
    assert re.search(r"^\.\. rulespec-game-apis::[ \t]*$", api, re.MULTILINE), (
        "docs/api.rst lacks '.. rulespec-game-apis::', which generates every game's API"
    )


def test_a_package_without_a_standard_module_is_reported(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Each standard module a game package lacks is one message naming its file and the
    contract (rulespec.core.game.PACKAGE), before the composition root is imported."""
    package = tmp_path / "rulespec" / "mandala"
    package.mkdir(parents=True)
    for name in ("__init__", "game", "actions", "phases"):
        (package / f"{name}.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "REPO", tmp_path)
    found = _package("mandala")
    assert [m.split(".py")[0] for m in found] == [
        f"mandala: no module rulespec/mandala/{name}"
        for name in PACKAGE
        if name not in ("actions", "phases")
    ]
    assert all("Parts.of" in m and "rulespec.core.game.PACKAGE" in m for m in found)


def test_parts_of_names_what_a_package_lacks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``Parts.of`` refuses a package that lacks a standard module, or a name in one,
    naming it and the contract."""
    spec = rulespec.spec("mandala")
    with pytest.raises(ImportError, match=r"nosuchgame has no module actions: .*PACKAGE"):
        Parts.of("nosuchgame", spec=spec, draw=str)
    fake = tmp_path / "emptygame"
    fake.mkdir()
    for name in ("__init__", *PACKAGE):
        (fake / f"{name}.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ImportError, match=r"emptygame.actions defines no numbering: .*PACKAGE"):
        Parts.of("emptygame", spec=spec, draw=str)
