"""Every line of every rulebook is either cited or reviewed as bearing no rule.

A rule in the book and missing from the model is a bug; the cheapest place to see one is a
line nobody cites. ``tests/citations/<book>.toml`` lists, per book, the line ranges a reviewer
read and found to bear no rule (title, credits, component lists, headings, captions), each
with the reason. Every other non-blank line must fall inside a citation of a rule, ruling,
ambiguity or variant-table cell of its game. A new citation shrinks the list; a rule
re-cited away from its lines makes this test name the lines it left uncited.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator

import pytest

import rulespec
from tests.test_registry import REPO, all_citations, book_lines

LISTS = REPO / "tests" / "citations"


def books() -> Iterator[tuple[str, str]]:
    """(book id, file) for every book of every game in GAMES."""
    for spec in rulespec.GAMES:
        rulebook = rulespec.rulebook(spec.id)
        for book in rulebook.books:
            yield book.id, book.file


def ranges(lines: list[int]) -> list[str]:
    """Line numbers folded into ``first-last`` ranges, for a readable failure."""
    out: list[str] = []
    for n in sorted(lines):
        if out and int(out[-1].split("-")[-1]) == n - 1:
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return out


def reviewed(book_id: str, length: int) -> dict[int, str]:
    """Line -> reason, from the book's reviewed list of lines that bear no rule."""
    path = LISTS / f"{book_id}.toml"
    assert path.is_file(), f"{path} is missing: review {book_id} and list its rule-free lines"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data.get("book") == book_id, f"{path}: book = {book_id!r} expected"
    out: dict[int, str] = {}
    for n, entry in enumerate(data.get("skip", []), 1):
        first, _, last = str(entry["lines"]).partition("-")
        lo, hi = int(first), int(last or first)
        why = str(entry.get("why", "")).strip()
        assert why, f"{path}: skip #{n} ({entry['lines']}) gives no reason"
        assert 1 <= lo <= hi <= length, f"{path}: skip #{n} {lo}-{hi} lies outside 1-{length}"
        for line in range(lo, hi + 1):
            out[line] = why
    return out


@pytest.mark.parametrize(("book_id", "file"), sorted(set(books())))
def test_every_rule_bearing_line_is_cited(book_id: str, file: str) -> None:
    text = book_lines(file)
    cited = {
        line for _, c in all_citations() if c.book == book_id for line in range(c.first, c.last + 1)
    }
    skipped = reviewed(book_id, len(text))
    uncited = [
        n for n, line in enumerate(text, 1) if line.strip() and n not in cited and n not in skipped
    ]
    assert not uncited, (
        f"{book_id}: lines neither cited nor reviewed as rule-free in "
        f"tests/citations/{book_id}.toml: {', '.join(ranges(uncited))}"
    )


def test_the_range_folding_itself() -> None:
    assert ranges([3, 1, 2, 7, 9, 10]) == ["1-3", "7", "9-10"]
