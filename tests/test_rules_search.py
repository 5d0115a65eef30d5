"""The rules search of the docs (issue 29): a reader's question in plain words, in
English, German or French, finds the rule that answers it among the first three results.

The questions are ``tests/reader_questions.toml``; the ranking is
:func:`rulespec.core.search.rank` over :func:`rulespec.core.search.index`, which the
docs ship to ``docs/_static/rules-search.js`` (the browser tests run the same questions
through the script in Chromium).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.core import search

QUESTIONS_FILE = Path(__file__).with_name("reader_questions.toml")
QUESTIONS: list[dict[str, Any]] = tomllib.loads(QUESTIONS_FILE.read_text("utf-8"))["question"]
TOP = 3


def test_the_question_file_asks_enough_in_every_language() -> None:
    assert len(QUESTIONS) >= 30
    per_game = Counter(q["game"] for q in QUESTIONS)
    assert set(per_game) == set(rulespec.GAMES.ids)
    assert min(per_game.values()) >= 6, per_game
    assert {q["language"] for q in QUESTIONS} == {"en", "de", "fr"}
    for q in QUESTIONS:
        assert set(q) == {"game", "language", "question", "rule"}, q
        rule = rulespec.rule(q["rule"])
        assert rule.game == q["game"], q
        assert q["question"].lower().strip(" ?") != rule.title.lower(), "asked as its title"


@pytest.mark.parametrize(
    "q", QUESTIONS, ids=[f"{q['game']}-{q['language']}-{n}" for n, q in enumerate(QUESTIONS)]
)
def test_a_reader_question_finds_its_rule_in_the_top_three(q: dict[str, Any]) -> None:
    found = [e["id"] for e in search.rank(index(q["game"]), q["question"])]
    assert q["rule"] in found[:TOP], f"{q['question']!r}: {found[: TOP + 2]}"


_INDEXES: dict[str, dict[str, Any]] = {}


def index(game: str) -> dict[str, Any]:
    if game not in _INDEXES:
        _INDEXES[game] = search.index(rulespec.rulebook(game))
    return _INDEXES[game]


@pytest.mark.parametrize("game", rulespec.GAMES.ids)
def test_every_edition_s_word_for_a_tie_finds_the_tie_rules(game: str) -> None:
    """ "Gleichstand", "égalité" and "tie" find the same rules: the key terms of each
    rulebook edition are indexed with the rules."""
    ties = {"de": "Gleichstand", "fr": "égalité", "en": "tie"}
    languages = {"en"} | {b.id.rsplit(".", 1)[1] for b in rulespec.rulebook(game).books}
    found = {lang: {e["id"] for e in search.rank(index(game), ties[lang])} for lang in languages}
    assert all(found.values()), found
    english = found.pop("en")
    for lang, ids in found.items():
        assert len(ids & english) >= 2, (lang, sorted(ids), sorted(english))


def test_rules_rank_above_rulings_at_an_equal_match() -> None:
    rules = rulespec.rulebook("mandala")
    built = search.index(rules)
    ruling = next(r for r in rules.rules if r.is_ruling)
    rule = next(r for r in rules.rules if not r.is_ruling)
    same = {"title": ["zyx"], "terms": [], "sections": [], "text": []}
    entries = [
        {**search.entry(ruling), "fields": same},
        {**search.entry(rule), "fields": same},
    ]
    found = search.rank({**built, "entries": entries}, "zyx")
    assert [e["id"] for e in found] == [rule.id, ruling.id]


def test_words_fold_accents_and_drop_common_words_of_every_language() -> None:
    assert search.words("Égalité? Gleichstände, Straße — the tie") == [
        "egalite",
        "gleichstande",
        "strasse",
        "tie",
    ]
    assert search.quality("tie", "ties") == search.PREFIX
    assert search.quality("ties", "tie") == search.PREFIX
    assert search.quality("counting", "counted") == search.STEM
    assert search.quality("zweite", "zweithochste") == search.STEM
    assert search.quality("combien", "combat") == 0
    assert search.quality("war", "wars") == search.PREFIX
    assert search.quality("tie", "time") == 0
    assert search.quality("on", "one") == 0


def test_a_snippet_is_the_first_sentence() -> None:
    assert search.first_sentence("One. Two.") == "One."
    assert search.first_sentence("No stop") == "No stop"
    assert search.first_sentence("Worth 2.5 points. Then") == "Worth 2.5 points."


def test_a_word_every_entry_has_ranks_by_the_rarer_words() -> None:
    found = search.rank(index("mandala"), "mandala tie majority")
    assert found[0]["id"] == "mandala.majority.tie_keeps"
