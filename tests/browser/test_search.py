"""The rules search of each game's pages, in headless chromium: every reader question of
``tests/reader_questions.toml`` is typed into the game's search box, and the rule that
answers it is among the first three results.

The search (``<input type="search" class="rs-rules-search" data-game="...">`` with its
``<ol class="rs-rules-results">`` of ``<li data-rule="...">``) and the questions come with
issue 29's rules search (branch ``docs-read``); until both are there these tests skip and
say which is missing. The questions file is an array of tables, one per question, with
the question's text, the game and the rule id that answers it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import rulespec
from tests.browser import live, site

QUESTIONS = Path(__file__).resolve().parents[1] / "reader_questions.toml"
TOP = 3
"""The answer must be among this many first results."""
TEXT_KEYS = ("question", "text", "q", "ask")
RULE_KEYS = ("rule", "expected", "answer", "rule_id", "expect")
PER_GAME = 6
"""Questions each game must have (issue 29)."""


def questions() -> list[dict[str, str]]:
    """Each question as ``{"text", "game", "rule"}``; a skip while the file is absent."""
    if not QUESTIONS.is_file():
        pytest.skip(
            f"{QUESTIONS.name} is not there yet (issue 29's rules search, branch docs-read, "
            "writes it)"
        )
    data = tomllib.loads(QUESTIONS.read_text(encoding="utf-8"))
    tables = [v for v in data.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
    assert len(tables) == 1, f"{QUESTIONS.name}: expected one array of tables, got {list(data)}"
    out = []
    for i, entry in enumerate(tables[0]):
        text = next((entry[k] for k in TEXT_KEYS if k in entry), None)
        rule = next((entry[k] for k in RULE_KEYS if k in entry), None)
        game = entry.get("game", str(rule).split(".", 1)[0])
        wanted = f"({'/'.join(TEXT_KEYS)}) and a rule id ({'/'.join(RULE_KEYS)})"
        assert isinstance(text, str), f"{QUESTIONS.name} entry {i}: no question text {wanted}"
        assert isinstance(rule, str), f"{QUESTIONS.name} entry {i}: no rule id {wanted}"
        out.append({"text": text, "game": str(game), "rule": rule})
    return out


def test_every_game_has_its_questions_and_each_names_a_rule_of_its_game() -> None:
    asked = questions()
    for game in rulespec.GAMES.ids:
        mine = [q for q in asked if q["game"] == game]
        assert len(mine) >= PER_GAME, f"{game}: {len(mine)} questions, at least {PER_GAME} wanted"
        for q in mine:
            assert rulespec.rule(q["rule"]).game == game, q


def search_page(game: str) -> str | None:
    """The first game page carrying the game's rules search box."""
    for page in site.pages():
        if page.startswith("games/"):
            boxes = site.elements(page, "input", "rs-rules-search")
            if any(b.get("data-game") == game for b in boxes):
                return page
    return None


_WATCH = """
const box = arguments[0];
let scope = box.parentElement;
while (scope && !scope.querySelector("ol.rs-rules-results")) scope = scope.parentElement;
const list = scope && scope.querySelector("ol.rs-rules-results");
if (!list) return false;
window.rsSearchChanged = 0;
window.rsSearchList = list;
new MutationObserver(() => { window.rsSearchChanged = performance.now(); })
  .observe(list, { childList: true, subtree: true, characterData: true });
return true;
"""
_TOP = """
const list = window.rsSearchList;
return [window.rsSearchChanged,
        [...list.querySelectorAll("li[data-rule]")].map((li) => li.dataset.rule)];
"""


def ask(driver: Any, box: Any, text: str) -> list[str]:
    """Type a question; the rule ids of the results once they have settled."""
    driver.execute_script("window.rsSearchChanged = 0")
    box.clear()
    driver.execute_script("window.rsSearchChanged = 0")
    box.send_keys(text)

    def settled(d: Any) -> list[str] | None:
        changed, rules = d.execute_script(_TOP)
        quiet = d.execute_script("return performance.now()") - changed > 300
        return rules if changed and quiet and rules else None

    found: list[str] = site.wait(driver, settled, f"results for {text!r}", 10)
    return found


@pytest.mark.parametrize("game", rulespec.GAMES.ids)
def test_each_question_finds_its_rule_in_the_top_three(driver: Any, root: str, game: str) -> None:
    mine = [q for q in questions() if q["game"] == game]
    page = search_page(game)
    if page is None:
        pytest.skip(f"no page under games/ has the {game} rules search box yet (branch docs-read)")
    driver.get(root + page)
    box = next(
        b
        for b in live.by_css(driver, "input.rs-rules-search")
        if b.get_attribute("data-game") == game
    )
    driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", box
    )
    assert driver.execute_script(_WATCH, box), f"{page}: no ol.rs-rules-results near the box"
    misses = []
    for q in mine:
        top = ask(driver, box, q["text"])[:TOP]
        if q["rule"] not in top:
            misses.append(f"{q['text']!r}: wanted {q['rule']}, got {top}")
    assert misses == [], f"{len(misses)} of {len(mine)} questions on {page}:\n" + "\n".join(misses)
