"""The rule registry: every rule is used, every id used is registered, every citation is real.

Rule ids tie the code, the tests, the variant tables, the proofs and the docs together,
so a rule nobody refers to, an id that names no rule, or a citation of lines that do not
exist is a broken link. These tests read the source files and the rulebooks themselves.

The rules are defined in ``rulespec/<game>/rulebook.toml``. The scans of source files
read Python files only, so a definition never counts as its own reference; the prose in
those files (which may name other rules) is checked through the loaded rulebooks.

Every rule, ruling and ambiguity of every game in :data:`rulespec.GAMES` has at least one
test marked ``@pytest.mark.rule("<rule id>", ...)`` somewhere under ``tests/`` (see
:func:`rule_markers` for how they are found).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import rulespec
from rulespec.core.rules import Citation, Rule, RuleKind

REPO = Path(__file__).resolve().parents[1]
RULEBOOKS = REPO.parent / "shared" / "rulebooks"
"""The rulebook texts live beside the repository (../shared/rulebooks), never inside it."""

GAME_PREFIXES = "|".join(re.escape(game_id) for game_id in rulespec.GAMES.ids)
RULE_ID = re.compile(rf"^({GAME_PREFIXES})\.[a-z_]+(\.[a-z_0-9]+)+$")
CLAIM_ID = re.compile(rf"^(({GAME_PREFIXES})\.[a-z_]+(\.[a-z_0-9]+)+):[a-z_0-9.\-]+$")

ALL_RULES: list[Rule] = [r for spec in rulespec.GAMES for r in rulespec.rules(spec.id)]


def python_files(*roots: str) -> Iterator[Path]:
    for root in roots:
        yield from sorted((REPO / root).rglob("*.py"))


def string_literals(path: Path) -> Iterator[tuple[int, str]]:
    """(line, value) of every string constant in a Python file (f-string parts included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def book_lines(file: str) -> list[str]:
    if not RULEBOOKS.is_dir():
        pytest.fail(
            f"the rulebooks directory {RULEBOOKS} is missing: check out ../shared/rulebooks "
            "beside the repository (CI has it); citations cannot be checked without it"
        )
    path = RULEBOOKS / file
    assert path.is_file(), f"{path} is cited but does not exist"
    return path.read_text(encoding="utf-8").splitlines()


def all_citations() -> Iterator[tuple[str, Citation]]:
    """(where, citation) for every citation of every rule, table cell and option."""
    for r in ALL_RULES:
        for c in r.cites:
            yield r.id, c
    for spec in rulespec.GAMES:
        table = spec.table()
        for row in table.rows:
            for column, cell in row.cells:
                for c in cell.cites:
                    yield f"{spec.id} table row {row.key}, column {column}", c
        for option in table.options:
            for c in option.cites:
                yield f"{spec.id} table option {option.key}", c


def test_the_registry_is_not_empty() -> None:
    for spec in rulespec.GAMES:
        assert rulespec.rules(spec.id), f"{spec.id} registers no rules"


def test_every_rule_is_referenced_outside_its_rulebook() -> None:
    """A rule that no code and no test names is either dead or untested."""
    texts = []
    for path in python_files("rulespec", "tests"):
        if path == Path(__file__).resolve():
            continue  # this file must not count as a reference
        texts.append(path.read_text(encoding="utf-8"))
    corpus = "\n".join(texts)
    unreferenced = [
        r.id for r in ALL_RULES if not re.search(rf"(?<![\w.]){re.escape(r.id)}(?![\w.])", corpus)
    ]
    assert unreferenced == [], (
        "rules named nowhere in the Python files of rulespec/ or tests/: " + ", ".join(unreferenced)
    )


def test_every_rule_id_literal_in_code_and_proofs_is_registered() -> None:
    """Book file names such as ``mandala.de.txt`` have the shape of an id; they are the
    only strings exempt, and only when they name a registered book's file."""
    book_files = {b.file for spec in rulespec.GAMES for b in rulespec.rulebook(spec.id).books}
    unknown = []
    for path in python_files("rulespec", "proofs"):
        for line, value in string_literals(path):
            if RULE_ID.match(value) and value not in book_files:
                try:
                    rulespec.rule(value)
                except rulespec.UnknownRule as exc:
                    unknown.append(f"{path.relative_to(REPO)}:{line}: {exc}")
    assert not unknown, "unregistered rule ids:\n" + "\n".join(unknown)


OTHER_LINE_STYLES = re.compile(r"\bL\d+\b|\(l+\. ?\d+|\blines? \d+\b")
"""Line references in another style than ``book:lines`` (``L100``, ``(l. 75)``, ``line 12``)."""


def test_the_rulebooks_prose_cites_lines_in_the_one_citation_style() -> None:
    """Issue 22: one citation style everywhere. A paraphrase, reading, decision or reason
    that points at a line writes it as the citations do (``oriente.de:100``), so a reader
    can look it up the same way, not ``L100`` or ``(l. 100)``."""
    other = [
        f"{r.id}: {m.group()!r}"
        for r in ALL_RULES
        for prose in (r.title, r.text, *r.options, r.decision, r.reason)
        for m in OTHER_LINE_STYLES.finditer(prose)
    ]
    assert not other, "lines cited in another style:\n" + "\n".join(other)


def test_every_rule_id_in_the_rulebooks_prose_is_registered() -> None:
    """Titles, paraphrases, readings, decisions and reasons name other rules by id (the
    docs turn those into links); each must name a registered rule."""
    mention = re.compile(rf"(?<![\w.])({GAME_PREFIXES})\.[a-z_]+(\.[a-z_0-9]+)+")
    book_files = {b.file for spec in rulespec.GAMES for b in rulespec.rulebook(spec.id).books}
    unknown, found = [], 0
    for r in ALL_RULES:
        for prose in (r.title, r.text, *r.options, r.decision, r.reason):
            for m in mention.finditer(prose):
                found += 1
                if m.group() in book_files:
                    continue
                try:
                    rulespec.rule(m.group())
                except rulespec.UnknownRule as exc:
                    unknown.append(f"{r.id}: {exc}")
    assert found, "no rule names another: the pattern above matches nothing"
    assert not unknown, "unregistered rule ids in the rulebooks:\n" + "\n".join(unknown)


def test_every_claim_id_literal_names_a_registered_rule() -> None:
    """Proof claims are named ``<rule id>:<property>``; the rule part must exist."""
    unknown = []
    for path in python_files("rulespec", "proofs"):
        for line, value in string_literals(path):
            found = CLAIM_ID.match(value)
            if found:
                try:
                    rulespec.rule(found.group(1))
                except rulespec.UnknownRule as exc:
                    unknown.append(f"{path.relative_to(REPO)}:{line}: {exc}")
    assert not unknown, "unregistered rule ids:\n" + "\n".join(unknown)


def test_the_rule_id_pattern_itself() -> None:
    """Guard the scanners above against a pattern that silently matches nothing."""
    assert all(RULE_ID.match(r.id) for r in ALL_RULES)
    assert RULE_ID.match("lotus.conflict.loser_refund")
    assert not RULE_ID.match("mandala.de.txt:12")
    assert not RULE_ID.match("rulespec.mandala.rules")
    assert CLAIM_ID.match("mandala.components.cards:turn_conserves_each_colour")


TESTS = REPO / "tests"
TEST_FILE = re.compile(r"(test_.*|.*_test)\.py")
"""The files pytest collects tests from (its default ``python_files``)."""


def markers_in(source: str, where: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The ``(rule id, "where:line")`` of every ``@pytest.mark.rule(...)`` (or
    ``mark.rule(...)``) call in ``source``, and the problems: a marker without ids, or an
    argument that is not a string literal (the scan cannot read it, and ``grep`` for the
    id would not find the test)."""
    found: list[tuple[str, str]] = []
    problems: list[str] = []
    for node in ast.walk(ast.parse(source, filename=where)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        owner = node.func.value
        is_mark = (isinstance(owner, ast.Name) and owner.id == "mark") or (
            isinstance(owner, ast.Attribute) and owner.attr == "mark"
        )
        if node.func.attr != "rule" or not is_mark:
            continue
        place = f"{where}:{node.lineno}"
        if not node.args or node.keywords:
            problems.append(f"{place}: @pytest.mark.rule takes one or more rule ids, nothing else")
        for arg in node.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((arg.value, place))
            else:
                problems.append(f"{place}: @pytest.mark.rule arguments must be string literals")
    return found, problems


def rule_markers() -> tuple[dict[str, list[str]], list[str]]:
    """Every rule id marked in the test files under ``tests/``, with the places that mark
    it, and the problems :func:`markers_in` reports.

    Why an AST scan of the files and not a ``pytest_collection_modifyitems`` hook that
    records the markers of the collected tests: the hook sees only what this run collected.
    ``pytest tests/test_registry.py``, ``-k``, ``--ignore=tests/proofs``, ``--deselect`` or
    ``--lf`` collect a subset, and the check would then report covered rules as untested
    (or, run under ``-p xdist``, depend on the worker). The scan reads the same files every
    time, whatever was collected, and costs a few milliseconds. Its price is that rule ids
    in markers must be string literals, which is checked here and keeps
    ``grep -rn <rule id> tests/`` finding a rule's tests. That each marked id is a rule is
    also checked when the marked test runs (``tests/conftest.py``), so a typo fails the
    test itself, even when it is run on its own.
    """
    marked: dict[str, list[str]] = {}
    problems: list[str] = []
    for path in sorted(TESTS.rglob("*.py")):
        if not TEST_FILE.fullmatch(path.name):
            continue
        where = str(path.relative_to(REPO))
        found, wrong = markers_in(path.read_text(encoding="utf-8"), where)
        problems += wrong
        for rule_id, place in found:
            marked.setdefault(rule_id, []).append(place)
    return marked, problems


def test_every_rule_has_a_marked_test_and_every_marked_id_is_a_rule() -> None:
    """Every rule, ruling and ambiguity of every game has a test marked with its id; every
    marked id is registered; a game's test directory marks only that game's rules."""
    marked, problems = rule_markers()
    for rule_id, places in sorted(marked.items()):
        try:
            rule = rulespec.rule(rule_id)
        except rulespec.UnknownRule as exc:
            problems += [f"{place}: @pytest.mark.rule({rule_id!r}): {exc}" for place in places]
            continue
        for place in places:
            folder = Path(place).parts[1]  # tests/<folder>/...
            if folder in rulespec.GAMES.ids and folder != rule.game:
                problems.append(f"{place}: a test of {folder} marks {rule.game}'s rule {rule_id}")
    for spec in rulespec.GAMES:
        for r in rulespec.rules(spec.id):
            if r.id not in marked:
                problems.append(
                    f"{spec.id}: {r.kind.value} {r.id} has no test marked "
                    f"@pytest.mark.rule({r.id!r}) under tests/"
                )
    assert not problems, "\n".join(problems)


def test_the_rule_marker_scan_itself() -> None:
    """Guard the scan above against matching nothing or misreading a marker."""
    source = """
import pytest
from pytest import mark

@pytest.mark.rule("mandala.draw.skip_at_eight", "mandala.end.stalled")
@pytest.mark.parametrize("n", [1])
def test_a(n): ...

@mark.rule("lotus.claim.neutral_only")
def test_b(): ...

@pytest.mark.rule(RULE)
def test_c(): ...

@pytest.mark.rule()
def test_d(): ...

@pytest.mark.slow
def test_e(): rule("lotus.end.trigger")
"""
    found, problems = markers_in(source, "t.py")
    assert sorted(found) == [
        ("lotus.claim.neutral_only", "t.py:9"),
        ("mandala.draw.skip_at_eight", "t.py:5"),
        ("mandala.end.stalled", "t.py:5"),
    ]
    assert sorted(problems) == [
        "t.py:12: @pytest.mark.rule arguments must be string literals",
        "t.py:15: @pytest.mark.rule takes one or more rule ids, nothing else",
    ]


def test_every_citation_lies_inside_its_book() -> None:
    problems = []
    books = {b.id: b for spec in rulespec.GAMES for b in rulespec.rulebook(spec.id).books}
    for where, c in all_citations():
        assert c.book in books, f"{where}: cites unknown book {c.book!r}"
        lines = book_lines(books[c.book].file)
        if not 1 <= c.first <= c.last <= len(lines):
            problems.append(f"{where}: {c} is outside {books[c.book].file} (1-{len(lines)})")
        elif not any(line.strip() for line in lines[c.first - 1 : c.last]):
            problems.append(f"{where}: {c} cites only blank lines")
    assert not problems, "\n".join(problems)


def test_every_rule_has_a_title_a_paraphrase_and_a_citation() -> None:
    for r in ALL_RULES:
        assert r.title.strip(), r.id
        assert r.text.strip(), r.id
        assert r.cites, f"{r.id} cites nothing"


def test_rulings_record_options_decision_and_reason() -> None:
    rulings = [r for r in ALL_RULES if r.is_ruling]
    assert rulings, "no rulings at all is implausible: the books leave gaps"
    for r in rulings:
        assert r.options, f"{r.id}: a ruling lists the readings it chose between"
        assert r.decision.strip(), f"{r.id}: a ruling says what rulespec does"
        assert r.reason.strip(), f"{r.id}: a ruling says why"
        if r.kind is RuleKind.AMBIGUITY:
            assert len(r.options) >= 2, f"{r.id}: an ambiguity has at least two readings"
    for r in ALL_RULES:
        if not r.is_ruling:
            assert not r.options, f"{r.id} is a plain rule but lists options"
            assert not r.decision, f"{r.id} is a plain rule but records a decision"
            assert not r.reason, f"{r.id} is a plain rule but gives a reason"


def test_a_ruling_with_an_option_names_a_real_option() -> None:
    for spec in rulespec.GAMES:
        options = {o.key: o for o in spec.table().options}
        for r in rulespec.rules(spec.id):
            if r.option is not None:
                assert r.option in options, f"{r.id} names option {r.option!r}"
                assert options[r.option].rule == r.id
        for option in options.values():
            assert rulespec.rule(option.rule).option == option.key


def test_rule_lookup_round_trips() -> None:
    for r in ALL_RULES:
        assert rulespec.rule(r.id) is r
        assert r.game in {s.id for s in rulespec.GAMES}


def test_a_typo_in_a_rule_id_suggests_the_rule() -> None:
    with pytest.raises(rulespec.UnknownRule) as caught:
        rulespec.rule("mandala.draw.one_card_up_to_for")
    assert "mandala.draw.one_card_up_to_four" in str(caught.value)
    for r in ALL_RULES:
        typo = r.id[:-1]
        with pytest.raises(rulespec.UnknownRule) as caught:
            rulespec.rule(typo)
        assert r.id in str(caught.value), f"no suggestion of {r.id} for {typo!r}"


def test_an_unknown_game_in_a_rule_id_is_an_unknown_rule() -> None:
    with pytest.raises(rulespec.UnknownRule, match="mandla"):
        rulespec.rule("mandla.draw.skip_at_eight")
