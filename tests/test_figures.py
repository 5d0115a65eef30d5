"""Figures the docs give about the project agree with the project (issue 34).

README.md and docs/cli.rst said "about a minute" and "54 games" long after the variant
tables had grown to four times that. Every count of variants, proof claims and rulebook
entries written in the README, the docs pages or the package's docstrings and help is
checked here against the tables, the proofs and the rulebooks; the sample report of
``rulespec verify`` in docs/cli.rst against what ``verify`` would print; the pages
that describe ``verify`` give no running time, which depends on the machine; and every file
of the repository a page names exists (the Mandala page named ``rulebook.py``).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import proofs
import rulespec
from rulespec import verify

ROOT = Path(__file__).resolve().parent.parent
TEXTS = sorted(
    [ROOT / "README.md"]
    + [p for p in (ROOT / "docs").rglob("*.rst") if "_build" not in p.parts]
    + list((ROOT / "rulespec").rglob("*.py"))
)
"""Where a reader meets figures about the project."""
ABOUT_VERIFY = [
    ROOT / p for p in ("README.md", "docs/cli.rst", "rulespec/cli.py", "rulespec/verify.py")
]
"""The texts that describe ``rulespec verify``, which must not promise its running time."""

VARIANTS = {spec.id: len(spec.variants()) for spec in rulespec.GAMES}
CLAIMS = {spec.id: len(proofs.claims(spec.id)) for spec in rulespec.GAMES}
TITLES = {spec.title: spec.id for spec in rulespec.GAMES}

_NUMBER = r"(?<![\w.,])(\d+(?:,\d{3})*)"


def _n(text: str) -> int:
    return int(text.replace(",", ""))


GAME_CODE = tuple(ROOT / "rulespec" / spec.id for spec in rulespec.GAMES)
"""A game's own modules, where "claims" are White Lotus's markers, not proof claims."""


def _found(pattern: str, games: bool = True) -> list[tuple[str, re.Match[str]]]:
    out = []
    for path in TEXTS:
        if not games and any(path.is_relative_to(g) for g in GAME_CODE):
            continue
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(pattern, text):
            line = text.count("\n", 0, m.start()) + 1
            out.append((f"{path.relative_to(ROOT)}:{line}", m))
    return out


def test_no_page_about_verify_promises_its_running_time() -> None:
    estimate = re.compile(r"\babout (?:a|an|one|two|three|\d+) (?:minute|second|hour)s?\b")
    for path in ABOUT_VERIFY:
        text = path.read_text(encoding="utf-8")
        assert not estimate.search(text), f"{path.relative_to(ROOT)}: {estimate.search(text)}"


def test_every_count_of_variants_is_the_tables() -> None:
    allowed = {sum(VARIANTS.values()), *VARIANTS.values()}
    for where, m in _found(_NUMBER + r" variants\b"):
        assert _n(m[1]) in allowed, f"{where}: {m[0]!r}; the tables have {VARIANTS}"


def test_every_count_of_claims_is_the_proofs() -> None:
    allowed = {sum(CLAIMS.values()), *CLAIMS.values()}
    for where, m in _found(_NUMBER + r" claims(?: about ([A-Z][^,\n]*?),)?", games=False):
        if m[2] is not None:
            assert _n(m[1]) == CLAIMS[TITLES[m[2]]], f"{where}: {m[0]!r}; {CLAIMS}"
        else:
            assert _n(m[1]) in allowed, f"{where}: {m[0]!r}; the proofs have {CLAIMS}"
    expected = Counter(c.expect.value for game in CLAIMS for c in proofs.claims(game))
    for where, m in _found(_NUMBER + r" proved for every input, (\d+) counterexamples"):
        assert (_n(m[1]), _n(m[2])) == (expected["proved"], expected["counterexample"]), where


def test_every_count_of_rulebook_entries_is_a_rulebook() -> None:
    books = {
        (len(b.rules), sum(not r.is_ruling for r in b.rules))
        for b in (rulespec.rulebook(g) for g in rulespec.GAMES.ids)
    }
    for where, m in _found(_NUMBER + r" entries \((\d+) rules"):
        assert (_n(m[1]), _n(m[2])) in books, f"{where}: {m[0]!r}"


def test_the_sample_report_of_verify_is_what_verify_prints() -> None:
    """The rows of docs/cli.rst's excerpt play as shown (seed 0, one game each), its claim
    exists, and its totals count every variant once, with at least one game each (a game
    whose phases and moves one round does not reach plays more rounds)."""
    page = (ROOT / "docs" / "cli.rst").read_text(encoding="utf-8")
    total = sum(VARIANTS.values())
    played = re.findall(r"random play: (\d+) variants, (\d+) games", page)
    assert len(played) == 1
    assert int(played[0][0]) == total
    assert int(played[0][1]) >= total
    rows = re.findall(r"^ {5}(\w+) +(\S+(?: \S+=\S+)*) +1 +(\d+) +[\d.]+ +[\d.]+s +ok$", page, re.M)
    assert rows
    for game_id, label, steps in rows:
        settings = {}
        for pair in label.split():
            key, value = pair.split("=")
            settings[key] = int(value) if value.isdigit() else value
        assert verify.play_games(game_id, settings, (0,)).steps == int(steps), label
    ids = {c.id for game in CLAIMS for c in proofs.claims(game)}
    for claim in re.findall(r"^ {5}ok +\w+ +[\d.]+s +(\S+)$", page, re.M):
        assert claim in ids, claim


@pytest.mark.parametrize(
    ("stale", "check"),
    [
        ("random play: 54 variants, 54 games", "variants"),
        ("proofs: 58 claims in 17.3s", "claims"),
        ("verify                          # the main job: about a minute", "time"),
    ],
)
def test_a_stale_figure_is_caught(stale: str, check: str) -> None:
    """The checks are not vacuous: each stale figure of the issue fails its check."""
    if check == "variants":
        m = re.search(_NUMBER + r" variants\b", stale)
        assert m is not None
        assert _n(m[1]) not in {sum(VARIANTS.values()), *VARIANTS.values()}
    elif check == "claims":
        m = re.search(_NUMBER + r" claims", stale)
        assert m is not None
        assert _n(m[1]) not in {sum(CLAIMS.values()), *CLAIMS.values()}
    else:
        assert re.search(r"\babout (?:a|an|one|two|three|\d+) (?:minute|second|hour)s?\b", stale)


def test_every_file_a_page_names_exists() -> None:
    """``rulespec/<game>/rulebook.toml`` for every game; ``variants/*.toml`` globbed; a
    test named with ``::`` by its file."""
    named = re.compile(r"``((?:rulespec|variants|proofs|tests|docs)/[^`\s]+)``")
    pages = [p for p in TEXTS if p.suffix in (".rst", ".md")]
    for page in pages:
        for m in named.finditer(page.read_text(encoding="utf-8")):
            path = m[1].split("::")[0]
            paths = (
                [path.replace("<game>", g) for g in rulespec.GAMES.ids]
                if "<game>" in path
                else [path]
            )
            for one in paths:
                found = list(ROOT.glob(one)) if "*" in one else [ROOT / one]
                assert found, f"{page.relative_to(ROOT)}: {one}"
                assert all(f.exists() for f in found), f"{page.relative_to(ROOT)}: {one}"


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=rulespec.GAMES.ids)
def test_every_game_page_names_the_files_it_is_generated_from(spec: rulespec.GameSpec) -> None:
    """The four pages say alike where they come from: the variant table and the rulebook
    (the Mandala page said ``rulebook.py``, the loader, where the others say the TOML)."""
    page = (ROOT / "docs" / "games" / f"{spec.id}.rst").read_text(encoding="utf-8")
    for path in (f"variants/{spec.id}.toml", f"rulespec/{spec.id}/rulebook.toml"):
        assert f"``{path}``" in page
    assert f"``rulespec/{spec.id}/rulebook.py``" not in page
