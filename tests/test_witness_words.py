"""The witnesses told in words (issue 29): the "At work" text under every rule on the
rules pages (:meth:`rulespec.witnesses.Example.in_words`) says in the game's terms what
happens and what the rule decided, never an engine field path, and shows the rule's point.

For every witness of every game: the rule still decides at its step, the text names the
outcome (the words the rule's hook said there, else what the step did: the log of the
move, the refusal's reason, the final scores), and it reads as words. A rule whose hook
says what it decided somewhere in the code (``decided("<id>", "<words>")``, on the branch
that shows its point: cards going face down, a tie broken) must say it at its witness:
the witness search prefers such a step, so a witness that shows only the dull case fails.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import rulespec
from rulespec import witnesses as witnessing

PACKAGE = Path(rulespec.__file__).parent
FIELD_PATH = re.compile(r"[A-Za-z_]\w*\[\d*\]|→|\b[a-z_]+(?:\.[a-z_0-9]+)+\b|\b[A-Z]\w*\(\w+=")
"""An engine field path (``fields[1]``, ``agenda[0][0]``, ``state.conflict.area``), an
arrow of a diff, or an attrs repr (``Play(mandala=0, ...)``); rule ids are taken out
before the check (a refusal names its rule)."""


def speaking_rules() -> set[str]:
    """The rules whose hook says in words what it decided, somewhere in the package."""
    found: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
            first = node.args[0] if node.args else None
            if name == "decided" and len(node.args) >= 2 and isinstance(first, ast.Constant):
                found.add(str(first.value))
    return found


SPEAKING = speaking_rules()
RULE_ID = re.compile(r"\b(?:" + "|".join(rulespec.GAMES.ids) + r")(?:\.[a-z0-9_]+){2,}\b")


@pytest.mark.parametrize("game_id", rulespec.GAMES.ids)
def test_every_witness_is_told_in_words_that_name_what_the_rule_decided(game_id: str) -> None:
    shown = witnessing.witnesses(game_id).found
    assert shown, f"{game_id} has no witnesses"
    problems = []
    for key, w in sorted(shown.items()):
        ex = witnessing.replay(w)
        text = ex.in_words()
        if not witnessing.holds(w):
            problems.append(f"{key}: the rule no longer decides at its witness")
        if not ex.outcome or ex.outcome not in text:
            problems.append(f"{key}: the text does not name the outcome: {text}")
        path = FIELD_PATH.search(RULE_ID.sub("", text))
        if path:
            problems.append(f"{key}: {path.group()!r} is engine talk: {text}")
        if w.rule in SPEAKING and w.kind != "refused" and not ex.words:
            problems.append(
                f"{key}: the rule says what it decided on some branch, but not at its "
                "witness (make witnesses prefers such a step; is the file stale?)"
            )
    assert not problems, "\n".join(problems)


def test_settings_are_named_only_where_they_differ_from_the_defaults() -> None:
    assert witnessing.variant_words("mandala", {"players": 2, "reshuffle": "when_needed"}) == (
        "2 players"
    )
    assert witnessing.variant_words(
        "lotus", {"edition": "fr", "players": 4, "card_supply": "limited"}
    ) == ("French edition, 4 players, card_supply = limited")
    assert witnessing.variant_words(
        "lotus", {"edition": "fr", "players": 4, "card_supply": "unlimited"}
    ) == ("French edition, 4 players")


def test_a_face_down_rule_is_shown_going_face_down() -> None:
    """The issue's example: the face-up/face-down rule's witness showed only face up."""
    ex = rulespec.rule("mandala.play.face_up_if_new").example()
    assert "face down" in ex.outcome
    assert "face down" in ex.in_words()


def test_the_field_path_check_catches_engine_talk() -> None:
    for engine in ("fields[1] → 6", "agenda[0][0][0]", "state.conflict.area", "Play(mandala=0"):
        assert FIELD_PATH.search(engine), engine
    for words in ("seat 1 places the white 4 on room 2", "red-x3 and green-2", "2 players"):
        assert not FIELD_PATH.search(words), words
