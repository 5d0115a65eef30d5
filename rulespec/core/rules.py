"""Rules, rulings and citations: the registry every game's code and docs are built on.

A :class:`Rule` is a stable dotted id (``mandala.draw.one_card_up_to_four``), a one-line title, a
paraphrase in our own words and citations of the rulebook lines that state it. Where a
rulebook is silent or can be read more than one way, the entry is a *ruling* or an
*ambiguity*: it records the situation, the readings considered, what rulespec does and
why. Every game keeps its rules in one :class:`Rulebook`.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterable, Mapping

import attrs

from rulespec.errors import UnknownRule


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
    """One source text in ``shared/rulebooks/``, with its section headings by line."""

    id: str
    """Short id used in citations, e.g. ``mandala.de``."""
    file: str
    """File name under ``shared/rulebooks/``."""
    title: str
    sections: tuple[tuple[int, str], ...] = ()
    """(first line, heading) pairs in line order; a citation's section is the last
    heading at or above its first line."""

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
        lines = f"L{self.first}" if self.first == self.last else f"L{self.first}–{self.last}"
        where = f" ({self.section})" if self.section else ""
        return f"{self.book} {lines}{where}"

    @property
    def ref(self) -> str:
        """The compact form used in tables and TOML: ``mandala.de:72-80``."""
        return f"{self.book}:{self.first}-{self.last}"


@attrs.frozen
class Rule:
    """A registered rule, ruling or ambiguity.

    ``options``, ``decision`` and ``reason`` are filled for rulings and ambiguities: the
    readings considered, what rulespec does, and why. ``option`` names the game option
    that lets players choose another reading, where there is one.
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

    @property
    def game(self) -> str:
        """The game id: the first part of the rule id."""
        return self.id.split(".", 1)[0]

    @property
    def is_ruling(self) -> bool:
        """True for rulings and ambiguities, the points rulespec decided itself."""
        return self.kind is not RuleKind.RULE

    def __str__(self) -> str:
        cites = "; ".join(str(c) for c in self.cites) or "no citation"
        return f"{self.id}: {self.title} [{cites}]"


@attrs.frozen
class Rulebook:
    """All rules of one game, with the books they cite."""

    game: str
    books: tuple[Book, ...]
    rules: tuple[Rule, ...]
    _by_id: Mapping[str, Rule] = attrs.field(init=False, repr=False, eq=False)

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
        if problems:
            raise ValueError("; ".join(problems))
        object.__setattr__(self, "_by_id", by_id)

    def book(self, book_id: str) -> Book:
        """The book with that id."""
        for b in self.books:
            if b.id == book_id:
                return b
        raise KeyError(f"no book {book_id!r} in the {self.game} rulebook")

    def cite(self, ref: str) -> Citation:
        """Parse ``book:first-last`` (or ``book:line``) into a citation with its section."""
        try:
            book_id, lines = ref.rsplit(":", 1)
            first_s, _, last_s = lines.partition("-")
            first, last = int(first_s), int(last_s or first_s)
        except ValueError:
            raise ValueError(f"citation {ref!r} is not of the form book:first-last") from None
        book = self.book(book_id)
        if not 0 < first <= last:
            raise ValueError(f"citation {ref!r} has an empty line range")
        return Citation(book.id, first, last, book.section_at(first))

    def get(self, rule_id: str) -> Rule:
        """The rule with that id; :class:`~rulespec.errors.UnknownRule` otherwise."""
        try:
            return self._by_id[rule_id]
        except KeyError:
            close = difflib.get_close_matches(rule_id, self._by_id, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise UnknownRule(f"no rule {rule_id!r} in {self.game}{hint}") from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._by_id

    @property
    def rulings(self) -> tuple[Rule, ...]:
        """The rulings and ambiguities, in registry order."""
        return tuple(r for r in self.rules if r.is_ruling)


def rule(
    rule_id: str,
    title: str,
    text: str,
    cites: Iterable[str],
    *,
    kind: RuleKind = RuleKind.RULE,
    options: Iterable[str] = (),
    decision: str = "",
    reason: str = "",
    option: str | None = None,
) -> tuple[str, str, str, tuple[str, ...], RuleKind, tuple[str, ...], str, str, str | None]:
    """Describe one rule for :func:`make_rulebook`, with citations as ``book:first-last``."""
    return (rule_id, title, text, tuple(cites), kind, tuple(options), decision, reason, option)


def make_rulebook(
    game: str,
    books: Iterable[Book],
    entries: Iterable[
        tuple[str, str, str, tuple[str, ...], RuleKind, tuple[str, ...], str, str, str | None]
    ],
) -> Rulebook:
    """Build a game's rulebook, resolving every citation's section from its book."""
    shell = Rulebook(game, tuple(books), ())
    rules = tuple(
        Rule(
            id=rid,
            title=title,
            text=" ".join(text.split()),
            cites=tuple(shell.cite(c) for c in cites),
            kind=kind,
            options=options,
            decision=" ".join(decision.split()),
            reason=" ".join(reason.split()),
            option=option,
        )
        for rid, title, text, cites, kind, options, decision, reason, option in entries
    )
    return Rulebook(game, tuple(books), rules)
