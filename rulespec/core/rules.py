"""Rules, rulings and citations: the registry every game's code and docs are built on.

A :class:`Rule` is a stable dotted id (``mandala.draw.one_card_up_to_four``), a one-line title, a
paraphrase in our own words and citations of the rulebook lines that state it. Where a
rulebook is silent or can be read more than one way, the entry is a *ruling* or an
*ambiguity*: it records the situation, the readings considered, what rulespec does and
why. Every game keeps its rules in one :class:`Rulebook`, written as data in
``rulespec/<game>/rulebook.toml`` and read by :func:`load_rulebook`, which checks the whole
file and reports every problem in it at once (:class:`~rulespec.RulebookError`).
"""

from __future__ import annotations

import enum
import functools
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any, Protocol

import attrs

from rulespec.errors import RulebookError, UnknownRule, bounded, suggestions


class RuleKind(enum.Enum):
    """Where a rule's authority comes from."""

    RULE = "rule"
    """Stated by the rulebook (paraphrased, with citations)."""
    RULING = "ruling"
    """The rulebook is silent; rulespec assumes an answer and says why."""
    AMBIGUITY = "ambiguity"
    """The rulebook can be read in more than one way; rulespec picks one (often an option)."""


@attrs.frozen
class Book:
    """One rulebook the citations name: which printed book it is, and the section headings
    of rulespec's plain-text transcription of it, by line.

    Readers find a passage by the book's own section heading; the line numbers count lines
    of the transcription (``shared/rulebooks/<file>``), which is not distributed, since the
    books are under copyright.
    """

    id: str
    """Short id used in citations, e.g. ``mandala.de``."""
    file: str
    """File name of the transcription under ``shared/rulebooks/``."""
    title: str
    """The book's own title, e.g. ``Der weiße Lotus``."""
    sections: tuple[tuple[int, str], ...] = ()
    """(first line, heading) pairs in line order; a citation's section is the last
    heading at or above its first line."""
    language: str = ""
    """The language the book is written in, e.g. ``German``."""
    publisher: str = ""
    """Who published it (or, for an unofficial translation, who made it)."""
    year: str = ""
    """When it was published, as printed (``2000``), or ``undated``."""
    edition: str = ""
    """Which edition or printing of the game it belongs to."""

    @property
    def details(self) -> str:
        """Language, publisher, year and edition, as one line (what is given of them)."""
        who = ", ".join(x for x in (self.publisher, self.year) if x)
        return "; ".join(x for x in (self.language, who, self.edition) if x)

    @property
    def reference(self) -> str:
        """The book as a reader would look for it: title, language, publisher, year, edition.

        >>> Book("demo.en", "demo.en.txt", "Demo", language="English",
        ...      publisher="Demo Games", year="2024", edition="first edition").reference
        'Demo (English; Demo Games, 2024; first edition)'
        """
        return f"{self.title} ({self.details})" if self.details else self.title

    def section_at(self, line: int) -> str:
        """The heading of the section that contains ``line`` (empty before the first)."""
        heading = ""
        for first, name in self.sections:
            if first > line:
                break
            heading = name
        return heading


@attrs.frozen
class Citation:
    """A line range of one book, with the section it falls in."""

    book: str
    first: int
    last: int
    section: str = ""

    def __str__(self) -> str:
        """``mandala.de:74-76 (2. Karten vom Stapel ziehen)``: the one citation style of
        rulespec (the CLI, ``print(rule)``, the docs, the TOML files): book and lines as
        :attr:`ref` writes them, then the book's own section heading."""
        where = f" ({self.section})" if self.section else ""
        return f"{self.ref}{where}"

    @property
    def ref(self) -> str:
        """The compact form used in tables and TOML: ``mandala.de:72-80``, ``castle.de:536``
        for one line (``Rulebook.cite`` reads either back)."""
        lines = f"{self.first}" if self.first == self.last else f"{self.first}-{self.last}"
        return f"{self.book}:{lines}"


@attrs.frozen
class Rule:
    """A registered rule, ruling or ambiguity.

    ``options``, ``decision`` and ``reason`` are filled for rulings and ambiguities: the
    readings considered, what rulespec does, and why. ``option`` names the game option
    that lets players choose another reading, where there is one, or, on a plain rule, the
    option that turns on a variant the rulebook itself offers.
    """

    id: str
    title: str
    text: str
    cites: tuple[Citation, ...]
    kind: RuleKind = RuleKind.RULE
    options: tuple[str, ...] = ()
    decision: str = ""
    reason: str = ""
    option: str | None = None
    terms: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Key terms a reader may search for, by language (``("de", ("Gleichstand",))``):
    the words of each cited book's edition for what the rule is about, and English ones
    the paraphrase does not use. Single words and short terms, never sentences."""
    no_decision: str = ""
    """Why the rule decides nothing in play, for a rule that never can (a component or
    board fact, a set-up fact, a worked example, a rule no action can break); empty for
    the others. Rule coverage (:mod:`rulespec.scale.coverage`) and the witnesses leave
    such rules out of what play should exercise."""

    @property
    def game(self) -> str:
        """The game id: the first part of the rule id."""
        return self.id.split(".", 1)[0]

    @property
    def is_ruling(self) -> bool:
        """True for rulings and ambiguities, the points rulespec decided itself."""
        return self.kind is not RuleKind.RULE

    def __str__(self) -> str:
        """``ruling lotus.claim.chip_supply: <title> [<citations>]``: what kind of entry
        it is comes first (a rule, a ruling or an ambiguity)."""
        cites = "; ".join(str(c) for c in self.cites) or "no citation"
        return f"{self.kind.value} {self.id}: {self.title} [{cites}]"

    def __repr__(self) -> str:
        """``<Ruling lotus.claim.chip_supply>``: the kind and the id, short enough that a
        whole rulebook's list reads at a glance (``print`` shows the title and sources,
        :func:`rulespec.rule` looks the id up)."""
        return f"<{self.kind.value.capitalize()} {self.id}>"

    def example(self, value: object = None) -> Any:
        """The rule at work: its witness from seeded play as live objects (a
        :class:`rulespec.witnesses.Example`: state, action, result), or None for a rule
        listed without one, and then :meth:`why_no_example` says why. For a rule whose
        reading is a game option, ``value`` picks the option value shown (default: the
        option's default).

        The witnesses live above the games (:mod:`rulespec.witnesses`): the package hands
        their lookup down (``provide_examples``), loading them on first use, the way
        ``import rulespec`` loads its names."""
        return _examples().example(self.id, value)

    def why_no_example(self, value: object = None) -> str | None:
        """Why :meth:`example` is None, in words (no decision point in play, such as a
        count of components; or none reached by the seeded games searched, so its marked
        tests build the situation by hand), or None when there is an example: what
        ``rulespec explain ID --example`` prints. ``value`` as for :meth:`example`."""
        reason: str | None = _examples().why_no_example(self.id, value)
        return reason


class Examples(Protocol):
    """Where :meth:`Rule.example` finds a rule's witness: :mod:`rulespec.witnesses`, whose
    functions of the same names this protocol names."""

    def example(self, rule_id: str, value: object = None) -> Any:
        """The rule's witness as live objects, or None."""

    def why_no_example(self, rule_id: str, value: object = None) -> str | None:
        """Why there is no witness, or None."""


_EXAMPLES: list[Examples] = []


def provide_examples(examples: Examples) -> None:
    """Set where :meth:`Rule.example` looks witnesses up. The witnesses sit above the
    games and this module below them, so the lookup is handed down: ``rulespec`` sets a
    lazy one when a public name is first used, and :mod:`rulespec.witnesses` sets itself
    when it is loaded."""
    _EXAMPLES[:] = [examples]


def _examples() -> Examples:
    if not _EXAMPLES:
        raise RuntimeError(
            "no witness lookup: use rulespec.rule(...) or import rulespec.witnesses first"
        )
    return _EXAMPLES[0]


@attrs.frozen
class Part:
    """How the docs head one group of a game's rules.

    Rules are grouped by the second part of their id (``draw`` in
    ``mandala.draw.skip_at_eight``). A part needs an entry only to get a heading other
    than its capitalised name, or to show other parts' rules in its group.
    """

    key: str
    """The part of the id, e.g. ``turn``."""
    title: str = ""
    """The group's heading; empty for the capitalised key."""
    merges: tuple[str, ...] = ()
    """Other parts whose rules are shown in this group (Mandala's steps of a turn)."""


@attrs.frozen
class Chapter:
    """One page of a game's rules in the docs, in the order a player learns the game.

    A chapter takes the groups of rules it names (:meth:`Rulebook.part_of`) and any rule
    it names by id, wherever its group is: the rulebook part a rule comes from decides its
    page, and the mapping is data, here, not spread over the docs.
    """

    key: str
    """The page's name: ``docs/games/<game>/<key>.rst``."""
    title: str
    """The page's heading (``5. New cards``); the rules search finds a rule by it too."""
    parts: tuple[str, ...] = ()
    """The groups (a part, or a part that merges others) shown on this page."""
    rules: tuple[str, ...] = ()
    """Rule ids shown on this page although their group is on another."""


def _default_title(part: str) -> str:
    return part.replace("_", " ").capitalize()


@attrs.frozen
class Rulebook:
    """All rules of one game, with the books they cite and the headings of their groups.

    Build one with :func:`load_rulebook`, which checks everything at once. The class
    checks the invariants lookups rely on again (one rule per id, every id in the game,
    every ruling decided), so a rulebook put together by hand holds them too.
    """

    game: str
    books: tuple[Book, ...]
    rules: tuple[Rule, ...]
    parts: tuple[Part, ...] = ()
    """Group headings and merges; parts without an entry are headed by their name."""
    chapters: tuple[Chapter, ...] = ()
    """The docs' pages of rules, in reading order (empty: one page for all)."""
    _by_id: Mapping[str, Rule] = attrs.field(init=False, repr=False, eq=False)
    _group: Mapping[str, str] = attrs.field(init=False, repr=False, eq=False)
    _chapter: Mapping[str, str] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        by_id: dict[str, Rule] = {}
        problems = []
        for r in self.rules:
            if r.id in by_id:
                problems.append(f"rule id {r.id!r} registered twice")
            if r.game != self.game:
                problems.append(f"rule id {r.id!r} does not start with {self.game!r}")
            if r.is_ruling and not (r.decision and r.reason):
                problems.append(f"ruling {r.id!r} needs a decision and a reason")
            by_id[r.id] = r
        group = {m: p.key for p in self.parts for m in p.merges}
        chapter: dict[str, str] = {}
        for c in self.chapters:
            for part in c.parts:
                chapter.setdefault(part, c.key)
            for rule_id in c.rules:
                chapter.setdefault(rule_id, c.key)
        if self.chapters:
            for r in self.rules:
                part = r.id.split(".")[1]
                if r.id not in chapter and group.get(part, part) not in chapter:
                    problems.append(f"rule {r.id!r} is in no chapter")
        if problems:
            raise RulebookError(problems)
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_group", group)
        object.__setattr__(self, "_chapter", chapter)

    def book(self, book_id: str) -> Book:
        """The book with that id."""
        for b in self.books:
            if b.id == book_id:
                return b
        raise KeyError(f"no book {book_id!r} in the {self.game} rulebook")

    def cite(self, ref: str) -> Citation:
        """Parse ``book:first-last`` (or ``book:line``) into a citation with its section."""
        book_id, first, last = _split_ref(ref)
        book = self.book(book_id)
        return Citation(book.id, first, last, book.section_at(first))

    def get(self, rule_id: str) -> Rule:
        """The rule with that id; :class:`~rulespec.errors.UnknownRule` otherwise."""
        try:
            return self._by_id[rule_id]
        except (KeyError, TypeError):
            close = suggestions(rule_id, self._by_id, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise UnknownRule(f"no rule {bounded(rule_id)} in {self.game}{hint}") from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._by_id

    @property
    def rulings(self) -> tuple[Rule, ...]:
        """The rulings and ambiguities, in registry order."""
        return tuple(r for r in self.rules if r.is_ruling)

    def __repr__(self) -> str:
        """``<Rulebook mandala: N entries (R rules, S rulings, A ambiguities); books
        mandala.de>``: a summary, not the whole book (``rules`` holds it)."""
        plural = {RuleKind.RULE: "rules", RuleKind.RULING: "rulings"}
        counts = ", ".join(
            f"{n} {kind.value if n == 1 else plural.get(kind, 'ambiguities')}"
            for kind in RuleKind
            if (n := sum(r.kind is kind for r in self.rules))
        )
        books = ", ".join(b.id for b in self.books)
        return f"<Rulebook {self.game}: {len(self.rules)} entries ({counts}); books {books}>"

    def part_of(self, rule: Rule | str) -> str:
        """The group a rule (or rule id) is shown in: the second part of its id, or the
        part that merges it."""
        rule_id = rule.id if isinstance(rule, Rule) else rule
        part = rule_id.split(".")[1]
        return self._group.get(part, part)

    def part_title(self, part: str) -> str:
        """The heading of a group: its entry's title, else the capitalised part name.

        Headings are game data, so there is no table of shared defaults: "The end of the
        game" is written in each rulebook that wants it, and the only rule every game
        shares is the fallback.
        """
        for p in self.parts:
            if p.key == part and p.title:
                return p.title
        return _default_title(part)

    def groups(self, chapter: str | None = None) -> tuple[tuple[str, tuple[Rule, ...]], ...]:
        """(part, rules) pairs: the rules grouped by :meth:`part_of`, groups in order of
        their first rule, rules in registry order; only those of ``chapter``, if given."""
        groups: dict[str, list[Rule]] = {}
        for r in self.rules:
            if chapter is None or self.chapter_of(r) == chapter:
                groups.setdefault(self.part_of(r), []).append(r)
        return tuple((part, tuple(rules)) for part, rules in groups.items())

    def chapter(self, key: str) -> Chapter:
        """The chapter with that key."""
        for c in self.chapters:
            if c.key == key:
                return c
        raise KeyError(f"no chapter {key!r} in the {self.game} rulebook")

    def chapter_of(self, rule: Rule | str) -> str:
        """The key of the chapter (docs page) a rule (or rule id) is shown in: the one
        naming it, else the one naming its group; ``""`` for a rulebook without
        chapters."""
        rule_id = rule.id if isinstance(rule, Rule) else rule
        return self._chapter.get(rule_id) or self._chapter.get(self.part_of(rule_id), "")


_REF = re.compile(r"(?P<book>[^\s:]+):(?P<first>[0-9]+)(?:-(?P<last>[0-9]+))?")


def _split_ref(ref: str) -> tuple[str, int, int]:
    """``book:first-last`` or ``book:line`` as (book, first, last); ValueError otherwise."""
    found = _REF.fullmatch(ref)
    if found is None:
        raise ValueError(f"citation {ref!r} is not of the form book:first-last")
    first = int(found["first"])
    last = int(found["last"] or first)
    if not 0 < first <= last:
        raise ValueError(f"citation {ref!r} has an empty line range")
    return found["book"], first, last


# --- the rulebook file ----------------------------------------------------------------

_TOP_KEYS = {"game", "book", "parts", "chapter", "rule"}
_BOOK_KEYS = {"id", "file", "title", "sections", "language", "publisher", "year", "edition"}
_BOOK_DETAILS = ("language", "publisher", "year", "edition")
_PART_KEYS = {"title", "merge"}
_RULE_KEYS = {
    "id",
    "kind",
    "title",
    "text",
    "cite",
    "options",
    "decision",
    "reason",
    "option",
    "terms",
    "no_decision",
}
_CHAPTER_KEYS = {"key", "title", "parts", "rules"}
ENGLISH = "en"
"""The language of the paraphrases: key terms in it may be given in any rulebook."""
MAX_TERM_WORDS = 4
MAX_TERM_LENGTH = 32
_SENTENCE = re.compile(r"[.;:!?]")
_RULING_KEYS = ("options", "decision", "reason")
"""What only a ruling or ambiguity has (``option`` may also name the option of a variant the
book itself offers, on a plain rule)."""
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_RULE_ID = re.compile(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*){2,}")


def _toml_type(value: object) -> str:
    """What a parsed TOML value is, in TOML's words."""
    names = {bool: "a boolean", int: "an integer", float: "a float", str: "a string"}
    names |= {list: "an array", dict: "a table"}
    return names.get(type(value), "a date or time")


class _Checker:
    """Collects the problems of one document; every accessor returns a usable value."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def keys(
        self, where: str, entry: Mapping[str, Any], required: tuple[str, ...], allowed: set[str]
    ) -> None:
        for key in required:
            if key not in entry:
                self.problems.append(f"{where}: missing {key!r}")
        stray = sorted(set(entry) - allowed)
        if stray:
            self.problems.append(f"{where}: unknown keys {', '.join(stray)}")

    def string(self, where: str, entry: Mapping[str, Any], key: str, *, prose: bool = False) -> str:
        """``entry[key]`` if it is a string that is not blank ('' otherwise, and '' if
        absent); prose is whitespace-normalised."""
        if key not in entry:
            return ""
        value = entry[key]
        if not isinstance(value, str):
            self.problems.append(f"{where}: {key!r} must be a string, not {_toml_type(value)}")
            return ""
        if not value.strip():
            self.problems.append(f"{where}: {key!r} is blank")
            return ""
        return " ".join(value.split()) if prose else value

    def strings(self, where: str, entry: Mapping[str, Any], key: str) -> tuple[str, ...] | None:
        """``entry[key]`` if it is an array of strings (normalised, none blank; ``()`` if
        absent); None if it is something else."""
        value = entry.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problems.append(f"{where}: {key!r} must be an array of strings")
            return None
        out = tuple(" ".join(v.split()) for v in value)
        if not all(out):
            self.problems.append(f"{where}: {key!r} holds a blank string")
        return out

    def tables(self, key: str, value: object) -> list[Mapping[str, Any]]:
        """An array of tables (``[[key]]``) with at least one entry."""
        if not isinstance(value, list) or not value:
            self.problems.append(f"no [[{key}]] entries")
            return []
        if not all(isinstance(v, dict) for v in value):
            self.problems.append(f"{key!r} must be an array of tables ([[{key}]])")
            return []
        return value


def _where(what: str, number: int, entry: Mapping[str, Any]) -> str:
    """``rule <its id>``, or ``rule #3`` (counting from 1) without a usable id."""
    name = entry.get("id")
    return f"{what} {name}" if isinstance(name, str) and name else f"{what} #{number}"


def _parse_books(check: _Checker, raw: object) -> tuple[Book, ...]:
    books: list[Book] = []
    for n, entry in enumerate(check.tables("book", raw), 1):
        where = _where("book", n, entry)
        check.keys(where, entry, ("id", "file", "title"), _BOOK_KEYS)
        book_id = check.string(where, entry, "id")
        if book_id and book_id in {b.id for b in books}:
            check.problems.append(f"{where}: book id {book_id!r} registered twice")
        file = check.string(where, entry, "file")
        title = check.string(where, entry, "title", prose=True)
        sections: list[tuple[int, str]] = []
        raw_sections = entry.get("sections", [])
        if not isinstance(raw_sections, list):
            raw_sections = [raw_sections]
        for section in raw_sections:
            if not (
                isinstance(section, list)
                and len(section) == 2
                and type(section[0]) is int
                and isinstance(section[1], str)
            ):
                check.problems.append(
                    f"{where}: a section must be [first line, heading], not {section!r}"
                )
                continue
            line, heading = section
            if line < 1:
                check.problems.append(f"{where}: section {heading!r} starts at line {line}")
            elif sections and line <= sections[-1][0]:
                check.problems.append(
                    f"{where}: section {heading!r} at line {line} does not come after "
                    f"{sections[-1][1]!r} at line {sections[-1][0]}; list sections in line order"
                )
            sections.append((line, heading))
        details = {k: check.string(where, entry, k, prose=True) for k in _BOOK_DETAILS}
        books.append(Book(book_id, file, title, tuple(sections), **details))
    return tuple(books)


def _parse_rule(
    check: _Checker, where: str, entry: Mapping[str, Any], game: str, books: Mapping[str, Book]
) -> Rule:
    check.keys(where, entry, ("id", "title", "text", "cite"), _RULE_KEYS)
    rule_id = check.string(where, entry, "id")
    if rule_id:
        if not _RULE_ID.fullmatch(rule_id):
            check.problems.append(
                f"{where}: rule id {rule_id!r} is not of the form game.part.name "
                "(lower case, digits and underscores)"
            )
        elif game and rule_id.split(".", 1)[0] != game:
            check.problems.append(f"{where}: rule id {rule_id!r} does not start with {game}.")
    raw_kind = entry.get("kind", RuleKind.RULE.value)
    kind: RuleKind | None = None
    try:
        kind = RuleKind(raw_kind)
    except ValueError:
        valid = ", ".join(repr(k.value) for k in RuleKind)
        check.problems.append(f"{where}: 'kind' is {raw_kind!r}; it must be one of {valid}")
    cites: list[Citation] = []
    raw_cites = entry.get("cite", [])
    if not isinstance(raw_cites, list) or not raw_cites:
        check.problems.append(f"{where}: 'cite' must be a non-empty array of 'book:first-last'")
        raw_cites = []
    for ref in raw_cites:
        if not isinstance(ref, str):
            check.problems.append(f"{where}: citation {ref!r} is not a string 'book:first-last'")
            continue
        try:
            book_id, first, last = _split_ref(ref)
        except ValueError as exc:
            check.problems.append(f"{where}: {exc}")
            continue
        if book_id not in books:
            if books:  # else the [[book]] entries' own problems are the ones to report
                check.problems.append(
                    f"{where}: citation {ref!r} names no book of this rulebook "
                    f"(books: {', '.join(books)})"
                )
            continue
        cites.append(Citation(book_id, first, last, books[book_id].section_at(first)))
    options = check.strings(where, entry, "options")
    terms = _parse_terms(check, where, entry.get("terms", {}), books)
    found = Rule(
        id=rule_id,
        title=check.string(where, entry, "title", prose=True),
        text=check.string(where, entry, "text", prose=True),
        cites=tuple(cites),
        kind=kind or RuleKind.RULE,
        options=options or (),
        decision=check.string(where, entry, "decision", prose=True),
        reason=check.string(where, entry, "reason", prose=True),
        option=check.string(where, entry, "option") or None,
        terms=terms,
        no_decision=check.string(where, entry, "no_decision", prose=True),
    )
    if kind is RuleKind.RULE:
        given = [repr(k) for k in _RULING_KEYS if k in entry]
        if given:
            check.problems.append(
                f"{where}: a plain rule has no {', '.join(given)}; set kind = 'ruling' or "
                "'ambiguity' if rulespec decided this point"
            )
    elif kind is not None:
        missing = [repr(k) for k in ("options", "decision", "reason") if k not in entry]
        if missing:
            check.problems.append(
                f"{where}: kind = {kind.value!r} needs {', '.join(missing)}: the readings "
                "considered, what rulespec does and why"
            )
        if options == ():
            if "options" in entry:
                check.problems.append(f"{where}: 'options' is empty; list the readings considered")
        elif kind is RuleKind.AMBIGUITY and options is not None and len(options) < 2:
            check.problems.append(f"{where}: an ambiguity lists at least two readings")
    if found.option and not _NAME.fullmatch(found.option):
        check.problems.append(f"{where}: 'option' must name a game option, such as 'variant'")
    return found


def language_of(book_id: str) -> str:
    """The language code a book's id ends in (``lotus.fr`` -> ``fr``)."""
    return book_id.rsplit(".", 1)[-1]


def _parse_terms(
    check: _Checker, where: str, raw: object, books: Mapping[str, Book]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A rule's ``terms`` table: language -> array of short terms."""
    if not isinstance(raw, dict):
        check.problems.append(f"{where}: 'terms' must be a table of language = [terms]")
        return ()
    languages = {ENGLISH, *(language_of(b) for b in books)}
    out: list[tuple[str, tuple[str, ...]]] = []
    for language, value in raw.items():
        if books and language not in languages:
            check.problems.append(
                f"{where}: terms.{language}: no book of this rulebook is in that language "
                f"(languages: {', '.join(sorted(languages))})"
            )
            continue
        terms = check.strings(where, {f"terms.{language}": value}, f"terms.{language}")
        if terms is None:
            continue
        for term in terms:
            if (
                len(term.split()) > MAX_TERM_WORDS
                or len(term) > MAX_TERM_LENGTH
                or _SENTENCE.search(term)
            ):
                check.problems.append(
                    f"{where}: terms.{language}: {term!r} is not a short term (at most "
                    f"{MAX_TERM_WORDS} words and {MAX_TERM_LENGTH} characters, no sentence)"
                )
        if len(set(terms)) != len(terms):
            check.problems.append(f"{where}: terms.{language} lists a term twice")
        out.append((language, terms))
    return tuple(out)


def _parse_chapters(check: _Checker, raw: object) -> tuple[Chapter, ...]:
    """The ``[[chapter]]`` entries (what they name is checked by :class:`Rulebook`'s
    caller, :func:`parse_rulebook`, against the rules)."""
    if raw is None:
        return ()
    chapters: list[Chapter] = []
    for n, entry in enumerate(check.tables("chapter", raw), 1):
        where = _where("chapter", n, {"id": entry.get("key")})
        check.keys(where, entry, ("key", "title"), _CHAPTER_KEYS)
        key = check.string(where, entry, "key")
        title = check.string(where, entry, "title", prose=True)
        if key and not _NAME.fullmatch(key):
            check.problems.append(f"{where}: 'key' must be a page name such as 'setup'")
        if key and key in {c.key for c in chapters}:
            check.problems.append(f"{where}: chapter {key!r} given twice")
        parts = check.strings(where, entry, "parts") or ()
        rules = check.strings(where, entry, "rules") or ()
        if not parts and not rules:
            check.problems.append(f"{where}: give 'parts', 'rules' or both")
        chapters.append(Chapter(key, title, parts, rules))
    return tuple(chapters)


def _check_chapters(check: _Checker, chapters: tuple[Chapter, ...], book: Rulebook) -> None:
    """Every part and rule a chapter names exists and is named once."""
    groups = {book.part_of(r) for r in book.rules}
    named: dict[str, str] = {}
    for c in chapters:
        for part in c.parts:
            if part not in groups:
                merged = book.part_of(f"{book.game}.{part}.x")
                hint = f" (it is merged into {merged!r})" if merged != part else ""
                check.problems.append(f"chapter {c.key}: no group of rules is {part!r}{hint}")
        for rule_id in c.rules:
            if rule_id not in book:
                check.problems.append(f"chapter {c.key}: names {rule_id!r}, which is no rule")
        for name in (*c.parts, *c.rules):
            if name in named:
                check.problems.append(
                    f"chapter {c.key}: {name!r} is already in chapter {named[name]}"
                )
            named.setdefault(name, c.key)


def _parse_parts(check: _Checker, raw: object, used: list[str]) -> tuple[Part, ...]:
    """The ``[parts]`` table; ``used`` is every part some rule id has (the checks against
    it are skipped when no rule could be read, to report only that)."""
    if not isinstance(raw, dict):
        check.problems.append(f"'parts' must be a table of [parts.<part>], not {_toml_type(raw)}")
        return ()
    parts: list[Part] = []
    merged_into: dict[str, str] = {}
    for key, entry in raw.items():
        where = f"parts.{key}"
        if not isinstance(entry, dict):
            check.problems.append(f"{where} must be a table with 'title' and/or 'merge'")
            continue
        check.keys(where, entry, (), _PART_KEYS)
        title = check.string(where, entry, "title", prose=True)
        merges = check.strings(where, entry, "merge") or ()
        if "title" not in entry and not merges:
            check.problems.append(f"{where}: give a 'title', a 'merge' or both")
        if used and key not in used and not merges:
            check.problems.append(f"{where}: no rule id has the part {key!r}")
        for m in merges:
            if m == key:
                check.problems.append(f"{where}: a part cannot merge itself")
            elif used and m not in used:
                check.problems.append(f"{where}: merges {m!r}, which no rule id has")
            elif m in merged_into:
                check.problems.append(
                    f"{where}: {m!r} is already merged into parts.{merged_into[m]}"
                )
            merged_into.setdefault(m, key)
        parts.append(Part(key, title, merges))
    for p in parts:
        if p.key in merged_into:
            check.problems.append(
                f"parts.{p.key}: merged into parts.{merged_into[p.key]}, so it has no group "
                "of its own to head or merge into"
            )
    return tuple(parts)


def parse_rulebook(data: Mapping[str, Any], source: str, *, game: str | None = None) -> Rulebook:
    """Check a parsed ``rulebook.toml`` and build its :class:`Rulebook`.

    Every problem is collected, and all of them are raised together in one
    :class:`~rulespec.RulebookError`, each prefixed with ``source``. ``game``, if given, is
    the game the document must be for. Only the document is read: the cited books are not
    needed (``tests/test_registry.py`` checks the citations against them).
    """
    check = _Checker()
    stray = sorted(set(data) - _TOP_KEYS)
    if stray:
        check.problems.append(f"unknown top-level keys: {', '.join(stray)}")
    name = data.get("game")
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        check.problems.append(f"'game' must be a game id such as 'mandala', not {name!r}")
        name = ""
    elif game is not None and name != game:
        check.problems.append(f"'game' is {name!r}, expected {game!r}")
    books = _parse_books(check, data.get("book"))
    # Citations are checked against the books only if every [[book]] has a usable id:
    # otherwise each citation of the broken book would repeat its one problem.
    by_book = {b.id: b for b in books} if all(b.id for b in books) else {}
    rules: list[Rule] = []
    seen: set[str] = set()
    for n, entry in enumerate(check.tables("rule", data.get("rule")), 1):
        where = _where("rule", n, entry)
        r = _parse_rule(check, where, entry, name, by_book)
        if r.id and r.id in seen:
            check.problems.append(f"{where}: rule id {r.id!r} registered twice")
        seen.add(r.id)
        rules.append(r)
    used = list(dict.fromkeys(r.id.split(".")[1] for r in rules if _RULE_ID.fullmatch(r.id)))
    parts = _parse_parts(check, data.get("parts", {}), used)
    chapters = _parse_chapters(check, data.get("chapter"))
    if check.problems:
        raise RulebookError([f"{source}: {p}" for p in check.problems])
    grouped = Rulebook(name, books, tuple(rules), parts)
    _check_chapters(check, chapters, grouped)
    if check.problems:
        raise RulebookError([f"{source}: {p}" for p in check.problems])
    try:
        return Rulebook(name, books, tuple(rules), parts, chapters)
    except RulebookError as exc:  # a rule in no chapter
        raise RulebookError([f"{source}: {p}" for p in exc.problems]) from None


@functools.cache
def load_rulebook(game: str) -> Rulebook:
    """Read and check ``rulespec/<game>/rulebook.toml`` (from the installed package).

    Each game's ``rulebook`` module calls this once, so the file is parsed when that
    module is first imported; later calls return the same object.
    """
    if not _NAME.fullmatch(game):
        raise RulebookError([f"{game!r} is not a game id"])
    resource = resources.files("rulespec") / game / "rulebook.toml"
    try:
        data = tomllib.loads(resource.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RulebookError([f"{resource}: {exc}"]) from exc
    return parse_rulebook(data, str(resource), game=game)


def rule_of(rule_id: str) -> Rule:
    """The registered rule with that id, from its game's rulebook (read on first use):
    what a rule check returns with its reason, ``return rule_of("lotus.claim.mandatory"),
    "…"``, so the id stands where the rule is enforced."""
    return load_rulebook(rule_id.split(".", 1)[0]).get(rule_id)
