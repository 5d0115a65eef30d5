"""The rulebook loader: ``rulespec/<game>/rulebook.toml`` is read strictly, all problems at once.

The shipped files round-trip: what the loader builds, turned back into TOML data, is the
file's data exactly (so the file holds nothing the loader drops, and its prose is stored
normalised). Broken documents are built from a small valid one, each check is exercised
on its own (exactly one problem), and one document with many problems reports them all.
The documents use a made-up game, ``demo``, so that no test here names a real rule.
"""

from __future__ import annotations

import copy
import importlib
import json
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.core.rules import (
    Book,
    Citation,
    Part,
    Rulebook,
    RuleKind,
    load_rulebook,
    parse_rulebook,
)

GAMES = [spec.id for spec in rulespec.GAMES]


def shipped_file(game: str) -> str:
    return (resources.files("rulespec") / game / "rulebook.toml").read_text(encoding="utf-8")


def as_data(book: Rulebook) -> dict[str, Any]:
    """A rulebook as the TOML data it is written as (the loader's inverse)."""

    def ref(c: Citation) -> str:
        return f"{c.book}:{c.first}" if c.first == c.last else f"{c.book}:{c.first}-{c.last}"

    data: dict[str, Any] = {"game": book.game, "book": []}
    for b in book.books:
        entry: dict[str, Any] = {"id": b.id, "file": b.file, "title": b.title}
        for key in ("language", "publisher", "year", "edition"):
            if getattr(b, key):
                entry[key] = getattr(b, key)
        if b.sections:
            entry["sections"] = [[line, heading] for line, heading in b.sections]
        data["book"].append(entry)
    if book.parts:
        data["parts"] = {}
        for p in book.parts:
            part: dict[str, Any] = {}
            if p.title:
                part["title"] = p.title
            if p.merges:
                part["merge"] = list(p.merges)
            data["parts"][p.key] = part
    if book.chapters:
        data["chapter"] = []
        for c in book.chapters:
            chapter: dict[str, Any] = {"key": c.key, "title": c.title}
            if c.parts:
                chapter["parts"] = list(c.parts)
            if c.rules:
                chapter["rules"] = list(c.rules)
            data["chapter"].append(chapter)
    data["rule"] = []
    for r in book.rules:
        rule: dict[str, Any] = {"id": r.id}
        if r.kind is not RuleKind.RULE:
            rule["kind"] = r.kind.value
        rule |= {"title": r.title, "text": r.text, "cite": [ref(c) for c in r.cites]}
        if r.options:
            rule["options"] = list(r.options)
        if r.decision:
            rule["decision"] = r.decision
        if r.reason:
            rule["reason"] = r.reason
        if r.option is not None:
            rule["option"] = r.option
        if r.terms:
            rule["terms"] = {language: list(terms) for language, terms in r.terms}
        if r.no_decision:
            rule["no_decision"] = r.no_decision
        data["rule"].append(rule)
    return data


# --- the shipped rulebooks -----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_rulebook_round_trips(game: str) -> None:
    loaded = load_rulebook(game)
    data = tomllib.loads(shipped_file(game))
    assert as_data(loaded) == data
    assert parse_rulebook(as_data(loaded), "<round trip>", game=game) == loaded


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_book_says_which_printed_book_it_is(game: str) -> None:
    """A reader can only follow a citation to a book he can find: its language, its
    publisher, its year and its edition."""
    for b in load_rulebook(game).books:
        missing = [k for k in ("language", "publisher", "year", "edition") if not getattr(b, k)]
        assert not missing, f"{game}: book {b.id} does not give its {', '.join(missing)}"
        assert b.title in b.reference
        assert b.language in b.reference


@pytest.mark.parametrize("game", GAMES)
def test_the_game_module_holds_the_loaded_rulebook(game: str) -> None:
    module = importlib.import_module(f"rulespec.{game}.rulebook")
    assert module.RULEBOOK is load_rulebook(game)
    assert rulespec.rulebook(game) is module.RULEBOOK


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_files_stay_readable(game: str) -> None:
    """Lines stay within the project's 100 columns; long prose is wrapped with TOML's
    line-ending backslash, which the round trip above shows changes nothing."""
    long = [n for n, line in enumerate(shipped_file(game).splitlines(), 1) if len(line) > 100]
    assert long == [], f"{game}/rulebook.toml lines over 100 characters: {long}"


def test_the_loader_reads_no_cited_book() -> None:
    """Loading needs only the TOML files: the rulebook texts beside the repository are
    never opened (an audit hook in a fresh interpreter records every file opened)."""
    code = (
        "import json, sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda event, args: opened.append(str(args[0]))"
        " if event == 'open' else None)\n"
        "import rulespec\n"
        "from rulespec.core.rules import load_rulebook\n"
        "for spec in rulespec.GAMES:\n"
        "    load_rulebook(spec.id)\n"
        "print(json.dumps(opened))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd="/"
    )
    assert done.returncode == 0, done.stderr
    opened = [Path(p) for p in json.loads(done.stdout)]
    data = [p for p in opened if p.suffix in {".toml", ".txt", ".md"}]
    assert sorted(p.parent.name for p in data if p.name == "rulebook.toml") == sorted(GAMES)
    assert not [p for p in data if p.name != "rulebook.toml"]


def test_a_rulebook_needs_no_book_file_to_load() -> None:
    book = parse_rulebook(minimal(), "<test>")
    assert book.book("demo.en").file == "no-such-file.txt"


# --- a small valid document ----------------------------------------------------------


def minimal() -> dict[str, Any]:
    return {
        "game": "demo",
        "book": [
            {
                "id": "demo.en",
                "file": "no-such-file.txt",
                "title": "Demo, English rulebook",
                "sections": [[3, "Setup"], [10, "Play"]],
            }
        ],
        "parts": {"turn": {"title": "The turn, start to end", "merge": ["draw"]}},
        "chapter": [
            {"key": "start", "title": "Before play", "parts": ["setup"]},
            {"key": "play", "title": "Playing", "parts": ["turn", "end"]},
        ],
        "rule": [
            {
                "id": "demo.setup.deal",
                "title": "Deal five",
                "text": "Each player   gets\nfive cards.",
                "cite": ["demo.en:4-5"],
                "terms": {"en": ["hand", "deal out"]},
            },
            {"id": "demo.turn.order", "title": "Clockwise", "text": "Go.", "cite": ["demo.en:10"]},
            {
                "id": "demo.draw.one",
                "kind": "ambiguity",
                "title": "Draw one",
                "text": "Draw a card.",
                "cite": ["demo.en:11-12"],
                "options": ["exactly one", "up to one"],
                "decision": "Exactly one.",
                "reason": "The example draws one.",
                "option": "draw_count",
            },
            {"id": "demo.end.last", "title": "The end", "text": "Stop.", "cite": ["demo.en:2"]},
        ],
    }


def test_a_minimal_rulebook_loads() -> None:
    book = parse_rulebook(minimal(), "<test>", game="demo")
    assert book.game == "demo"
    assert book.books == (
        Book("demo.en", "no-such-file.txt", "Demo, English rulebook", ((3, "Setup"), (10, "Play"))),
    )
    deal, order, draw, end = book.rules
    assert deal.text == "Each player gets five cards."
    assert deal.cites == (Citation("demo.en", 4, 5, "Setup"),)
    assert order.cites == (Citation("demo.en", 10, 10, "Play"),)
    assert end.cites == (Citation("demo.en", 2, 2, ""),)
    assert draw.kind is RuleKind.AMBIGUITY
    assert draw.options == ("exactly one", "up to one")
    assert draw.option == "draw_count"
    assert book.rulings == (draw,)
    assert book.parts == (Part("turn", "The turn, start to end", ("draw",)),)


def test_parts_group_and_head_the_rules() -> None:
    book = parse_rulebook(minimal(), "<test>")
    setup, turn, draw, end = book.rules
    assert book.part_of(draw) == "turn"
    assert book.part_of("demo.draw.other") == "turn"
    assert book.part_of(setup) == "setup"
    assert book.part_title("turn") == "The turn, start to end"
    assert book.part_title("setup") == "Setup"
    assert book.part_title("new_part") == "New part"
    assert book.groups() == (("setup", (setup,)), ("turn", (turn, draw)), ("end", (end,)))


def test_chapters_put_every_rule_on_one_page() -> None:
    book = parse_rulebook(minimal(), "<test>")
    setup, turn, draw, end = book.rules
    assert [book.chapter_of(r) for r in book.rules] == ["start", "play", "play", "play"]
    assert book.groups("play") == (("turn", (turn, draw)), ("end", (end,)))
    assert book.groups("start") == (("setup", (setup,)),)
    doc = minimal()
    doc["chapter"].append({"key": "last", "title": "The end", "rules": ["demo.end.last"]})
    moved = parse_rulebook(doc, "<test>")
    assert moved.chapter_of("demo.end.last") == "last"
    assert moved.chapter_of("demo.draw.one") == "play"
    doc.pop("chapter")
    assert parse_rulebook(doc, "<test>").chapter_of("demo.end.last") == ""


def test_key_terms_load_by_language() -> None:
    (deal, *_) = parse_rulebook(minimal(), "<test>").rules
    assert deal.terms == (("en", ("hand", "deal out")),)


def test_toml_escapes_and_wrapped_lines_load_exactly() -> None:
    doc = tomllib.loads(
        r'''
game = "demo"
[[book]]
id = "demo.en"
file = "x.txt"
title = "Demo"
[[rule]]
id = "demo.setup.quote"
title = "A \"quoted\" title with a back\\slash"
text = """\
Lines wrapped with a line-ending backslash \
    join with one space; a \\ and a "quote" \
survive."""
cite = ["demo.en:1"]
'''
    )
    (r,) = parse_rulebook(doc, "<test>").rules
    assert r.title == 'A "quoted" title with a back\\slash'
    assert r.text == (
        'Lines wrapped with a line-ending backslash join with one space; a \\ and a "quote" '
        "survive."
    )


# --- broken documents, one check at a time ----------------------------------------------


def broken(change: Any) -> list[str]:
    """The problems reported for ``minimal()`` after ``change(doc)``."""
    doc = copy.deepcopy(minimal())
    change(doc)
    with pytest.raises(rulespec.RulebookError) as caught:
        parse_rulebook(doc, "demo.toml", game="demo")
    assert all(p.startswith("demo.toml: ") for p in caught.value.problems)
    return [p.removeprefix("demo.toml: ") for p in caught.value.problems]


def rule(doc: dict[str, Any], n: int) -> dict[str, Any]:
    entry: dict[str, Any] = doc["rule"][n]
    return entry


CASES: dict[str, tuple[Any, str]] = {
    "unknown top-level key": (lambda d: d.update(edition="1st"), "unknown top-level keys: edition"),
    "unknown book key": (
        lambda d: d["book"][0].update(pages=12),
        "book demo.en: unknown keys pages",
    ),
    "unknown rule key": (
        lambda d: rule(d, 0).update(note="x", see="y"),
        "rule demo.setup.deal: unknown keys note, see",
    ),
    "unknown part key": (
        lambda d: d["parts"]["turn"].update(order=1),
        "parts.turn: unknown keys order",
    ),
    "missing game": (lambda d: d.pop("game"), "'game' must be a game id"),
    "book id not a string": (
        lambda d: d["book"][0].update(id=7),
        "book #1: 'id' must be a string, not an integer",
    ),
    "blank book file": (lambda d: d["book"][0].update(file=" "), "book demo.en: 'file' is blank"),
    "missing book key": (lambda d: d["book"][0].pop("file"), "book demo.en: missing 'file'"),
    "missing rule key": (
        lambda d: rule(d, 0).pop("text"),
        "rule demo.setup.deal: missing 'text'",
    ),
    "missing rule id": (lambda d: rule(d, 1).pop("id"), "rule #2: missing 'id'"),
    "no books": (lambda d: d.pop("book"), "no [[book]] entries"),
    "no rules": (lambda d: d.update(rule=[]), "no [[rule]] entries"),
    "rules not tables": (lambda d: d.update(rule=["x"]), "'rule' must be an array of tables"),
    "title not a string": (
        lambda d: rule(d, 0).update(title=3),
        "rule demo.setup.deal: 'title' must be a string, not an integer",
    ),
    "blank text": (
        lambda d: rule(d, 0).update(text="  \n "),
        "rule demo.setup.deal: 'text' is blank",
    ),
    "book detail not a string": (
        lambda d: d["book"][0].update(year=2024),
        "book demo.en: 'year' must be a string, not an integer",
    ),
    "blank option name": (
        lambda d: rule(d, 2).update(option=""),
        "rule demo.draw.one: 'option' is blank",
    ),
    "options not strings": (
        lambda d: rule(d, 2).update(options=["one", 2]),
        "rule demo.draw.one: 'options' must be an array of strings",
    ),
    "cite not an array": (
        lambda d: rule(d, 0).update(cite="demo.en:4"),
        "rule demo.setup.deal: 'cite' must be a non-empty array",
    ),
    "no citation": (
        lambda d: rule(d, 0).update(cite=[]),
        "rule demo.setup.deal: 'cite' must be a non-empty array",
    ),
    "unknown kind": (
        lambda d: rule(d, 0).update(kind="house rule"),
        "rule demo.setup.deal: 'kind' is 'house rule'; it must be one of 'rule', 'ruling'",
    ),
    "citation syntax": (
        lambda d: rule(d, 0).update(cite=["demo.en 4-5"]),
        "rule demo.setup.deal: citation 'demo.en 4-5' is not of the form book:first-last",
    ),
    "citation of an unknown book": (
        lambda d: rule(d, 0).update(cite=["demo.fr:4-5"]),
        "rule demo.setup.deal: citation 'demo.fr:4-5' names no book of this rulebook "
        "(books: demo.en)",
    ),
    "backwards citation": (
        lambda d: rule(d, 0).update(cite=["demo.en:5-4"]),
        "rule demo.setup.deal: citation 'demo.en:5-4' has an empty line range",
    ),
    "citation of line 0": (
        lambda d: rule(d, 0).update(cite=["demo.en:0"]),
        "rule demo.setup.deal: citation 'demo.en:0' has an empty line range",
    ),
    "duplicate rule id": (
        lambda d: rule(d, 1).update(id="demo.setup.deal"),
        "rule demo.setup.deal: rule id 'demo.setup.deal' registered twice",
    ),
    "duplicate book id": (
        lambda d: d["book"].append(dict(d["book"][0])),
        "book demo.en: book id 'demo.en' registered twice",
    ),
    "id of another game": (
        lambda d: rule(d, 3).update(id="other.end.last"),
        "rule other.end.last: rule id 'other.end.last' does not start with demo.",
    ),
    "id without a part": (
        lambda d: rule(d, 3).update(id="demo.end"),
        "rule demo.end: rule id 'demo.end' is not of the form game.part.name",
    ),
    "ruling without decision and reason": (
        lambda d: [rule(d, 2).pop("decision"), rule(d, 2).pop("reason")],
        "rule demo.draw.one: kind = 'ambiguity' needs 'decision', 'reason'",
    ),
    "ruling with empty options": (
        lambda d: rule(d, 2).update(kind="ruling", options=[]),
        "rule demo.draw.one: 'options' is empty",
    ),
    "ambiguity with one reading": (
        lambda d: rule(d, 2).update(options=["exactly one"]),
        "rule demo.draw.one: an ambiguity lists at least two readings",
    ),
    "options on a plain rule": (
        lambda d: rule(d, 0).update(options=["a", "b"], decision="A."),
        "rule demo.setup.deal: a plain rule has no 'options', 'decision'",
    ),
    "bad option name": (
        lambda d: rule(d, 2).update(option="Draw count"),
        "rule demo.draw.one: 'option' must name a game option",
    ),
    "sections out of order": (
        lambda d: d["book"][0].update(sections=[[10, "Play"], [3, "Setup"]]),
        "book demo.en: section 'Setup' at line 3 does not come after 'Play' at line 10",
    ),
    "section not a pair": (
        lambda d: d["book"][0].update(sections=[[3, "Setup", "extra"]]),
        "book demo.en: a section must be [first line, heading]",
    ),
    "part no rule has": (
        lambda d: d["parts"].update(scoring={"title": "Scoring"}),
        "parts.scoring: no rule id has the part 'scoring'",
    ),
    "merge of a part no rule has": (
        lambda d: d["parts"]["turn"].update(merge=["draw", "drew"]),
        "parts.turn: merges 'drew', which no rule id has",
    ),
    "a merged part with its own entry": (
        lambda d: d["parts"].update(draw={"title": "Drawing"}),
        "parts.draw: merged into parts.turn",
    ),
    "empty part": (lambda d: d["parts"].update(end={}), "parts.end: give a 'title', a 'merge'"),
    "a rule in no chapter": (
        lambda d: d["chapter"][1].update(parts=["turn"]),
        "rule 'demo.end.last' is in no chapter",
    ),
    "a chapter naming a merged part": (
        lambda d: d["chapter"][1].update(parts=["turn", "end", "draw"]),
        "chapter play: no group of rules is 'draw' (it is merged into 'turn')",
    ),
    "a chapter naming no rule": (
        lambda d: d["chapter"][0].update(rules=["demo.setup.shuffle"]),
        "chapter start: names 'demo.setup.shuffle', which is no rule",
    ),
    "a group in two chapters": (
        lambda d: d["chapter"][0].update(parts=["setup", "end"]),
        "chapter play: 'end' is already in chapter start",
    ),
    "a chapter twice": (
        lambda d: d["chapter"].append(
            {"key": "start", "title": "Again", "rules": ["demo.end.last"]}
        ),
        "chapter start: chapter 'start' given twice",
    ),
    "a chapter without a title": (
        lambda d: d["chapter"][0].pop("title"),
        "chapter start: missing 'title'",
    ),
    "an empty chapter": (
        lambda d: d["chapter"].append({"key": "more", "title": "More"}),
        "chapter more: give 'parts', 'rules' or both",
    ),
    "a chapter key that is no page name": (
        lambda d: d["chapter"][0].update(key="Start here"),
        "chapter Start here: 'key' must be a page name",
    ),
    "terms in a language no book has": (
        lambda d: rule(d, 0).update(terms={"fr": ["donne"]}),
        "rule demo.setup.deal: terms.fr: no book of this rulebook is in that language",
    ),
    "a sentence as a term": (
        lambda d: rule(d, 0).update(terms={"en": ["each player is dealt five cards"]}),
        "rule demo.setup.deal: terms.en: 'each player is dealt five cards' is not a short term",
    ),
    "a term with a full stop": (
        lambda d: rule(d, 0).update(terms={"en": ["deal."]}),
        "rule demo.setup.deal: terms.en: 'deal.' is not a short term",
    ),
    "a term twice": (
        lambda d: rule(d, 0).update(terms={"en": ["deal", "deal"]}),
        "rule demo.setup.deal: terms.en lists a term twice",
    ),
    "terms not a table": (
        lambda d: rule(d, 0).update(terms=["deal"]),
        "rule demo.setup.deal: 'terms' must be a table of language = [terms]",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_each_check_reports_exactly_its_problem(case: str) -> None:
    change, expected = CASES[case]
    problems = broken(change)
    assert len(problems) == 1, problems
    assert problems[0].startswith(expected), problems


def test_every_problem_in_one_document_is_reported_at_once() -> None:
    def many(d: dict[str, Any]) -> None:
        d["edition"] = "1st"
        d["book"][0]["sections"] = [[10, "Play"], [3, "Setup"]]
        d["parts"]["scoring"] = {"title": "Scoring"}
        rule(d, 0).update(cite=["demo.en:9-1", "demo.fr:1"], options=["a"])
        rule(d, 1).update(id="other.turn.order", kind="house rule")
        rule(d, 2).pop("reason")
        rule(d, 3).update(id="demo.setup.deal", title=3)

    problems = broken(many)
    assert problems == [
        "unknown top-level keys: edition",
        "book demo.en: section 'Setup' at line 3 does not come after 'Play' at line 10; "
        "list sections in line order",
        "rule demo.setup.deal: citation 'demo.en:9-1' has an empty line range",
        "rule demo.setup.deal: citation 'demo.fr:1' names no book of this rulebook "
        "(books: demo.en)",
        "rule demo.setup.deal: a plain rule has no 'options'; set kind = 'ruling' or "
        "'ambiguity' if rulespec decided this point",
        "rule other.turn.order: rule id 'other.turn.order' does not start with demo.",
        "rule other.turn.order: 'kind' is 'house rule'; it must be one of 'rule', 'ruling', "
        "'ambiguity'",
        "rule demo.draw.one: kind = 'ambiguity' needs 'reason': the readings considered, what "
        "rulespec does and why",
        "rule demo.setup.deal: 'title' must be a string, not an integer",
        "rule demo.setup.deal: rule id 'demo.setup.deal' registered twice",
        "parts.scoring: no rule id has the part 'scoring'",
    ]


def test_the_message_counts_and_lists_the_problems() -> None:
    doc = minimal()
    doc["edition"] = "1st"
    rule(doc, 0)["cite"] = ["demo.en:9-1"]
    with pytest.raises(rulespec.RulebookError) as caught:
        parse_rulebook(doc, "demo.toml")
    assert str(caught.value) == (
        "bad rulebook: 2 problems\n"
        "  - demo.toml: unknown top-level keys: edition\n"
        "  - demo.toml: rule demo.setup.deal: citation 'demo.en:9-1' has an empty line range"
    )


def test_a_rulebook_for_another_game() -> None:
    with pytest.raises(rulespec.RulebookError) as caught:
        parse_rulebook(minimal(), "demo.toml", game="mandala")
    assert caught.value.problems == ("demo.toml: 'game' is 'demo', expected 'mandala'",)


# --- load_rulebook and the error -----------------------------------------------------


def test_a_game_without_a_rulebook_file() -> None:
    with pytest.raises(rulespec.RulebookError, match=r"nosuchgame.*rulebook\.toml"):
        load_rulebook("nosuchgame")


def test_a_game_id_that_is_not_a_name() -> None:
    with pytest.raises(rulespec.RulebookError, match="is not a game id"):
        load_rulebook("../mandala")


def test_the_error_is_a_rulespec_value_error() -> None:
    assert issubclass(rulespec.RulebookError, rulespec.RulespecError)
    assert issubclass(rulespec.RulebookError, ValueError)
    assert "RulebookError" in rulespec.__all__


def test_a_rulebook_built_by_hand_keeps_its_invariants() -> None:
    book = parse_rulebook(minimal(), "<test>")
    with pytest.raises(rulespec.RulebookError, match="registered twice"):
        Rulebook(book.game, book.books, (*book.rules, book.rules[0]))


def test_a_citation_prints_in_the_one_style_the_toml_files_use() -> None:
    """Issue 22: one style everywhere (the CLI, ``print(rule)``, the docs): ``book:lines``
    as a rulebook.toml writes it, then the section; ``Rulebook.cite`` reads it back."""
    book = parse_rulebook(minimal(), "<test>", game="demo")
    deal, order, _, end = book.rules
    assert str(deal.cites[0]) == "demo.en:4-5 (Setup)"
    assert str(order.cites[0]) == "demo.en:10 (Play)"
    assert str(end.cites[0]) == "demo.en:2"
    for rule in book.rules:
        for c in rule.cites:
            assert book.cite(c.ref) == c
    assert "demo.en:4-5 (Setup)" in str(deal)
