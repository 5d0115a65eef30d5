"""What every game's short action notation shares: reading the text safely, naming the
game a text is read for, and errors that say what was wrong.

Each game writes and reads its own notation in ``rulespec/<game>/notation.py`` (the
grammars are on :doc:`/notation`) and its ``game.py`` binds the two functions to the
``Game`` class, as it binds its other hooks. A notation is context-free: a text names the
same action in every position of its game (like UCI, unlike SAN), so a log can be read
without replaying it. The state a text is meant for is still welcome: a malformed text
then gets suggestions among that state's legal actions.

Every game reads its text with a :class:`Cursor`, so every game refuses malformed text
alike (issue 34): a :class:`~rulespec.MalformedNotation` naming the part that is wrong
(``nothing`` where a part is missing), the character it starts at, what was expected
there and, where the part is a near miss of a word the form takes, that word::

    "attack>": nothing at character 8: expected a seat number, as in attack>2
    "atack>2": "atack" at character 1: expected an Oriente action: -, ... (did you mean attack?)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from rulespec.core.words import did_you_mean
from rulespec.errors import InvalidArgument, MalformedNotation, bounded, suggestions

T = TypeVar("T")

MAX_TEXT = 200
"""A notation longer than this is refused unread (the longest real one is a few dozen
characters, an area id of a custom board included)."""


def game_of(where: Any) -> Any:
    """The game of ``where``: a state (anything with a ``game``) or the game itself."""
    return getattr(where, "game", where)


def text_of(text: object) -> str:
    """``text`` stripped of surrounding white space; :class:`~rulespec.InvalidArgument`
    for anything but text, :class:`~rulespec.MalformedNotation` for empty or huge text."""
    if not isinstance(text, str):
        raise InvalidArgument(f"notation: expected text like '2R@1', got {bounded(text)}")
    if len(text) > MAX_TEXT:
        raise MalformedNotation(
            [f"{bounded(text, 40)}: {len(text)} characters; a notation has at most {MAX_TEXT}"]
        )
    stripped = text.strip()
    if not stripped:
        raise MalformedNotation(["empty text names no action"])
    return stripped


class Misread(Exception):
    """What is wrong with one part of a text: where it starts (``at``, from 0), the part
    itself (empty where something is missing), what was expected there and the words it
    may be a near miss of. A game's reader raises it; :func:`parse` turns it into a
    :class:`~rulespec.MalformedNotation`."""

    def __init__(self, at: int, part: str, expected: str, near: Iterable[str] = ()) -> None:
        super().__init__(expected)
        self.at, self.part, self.expected = at, part, expected
        self.hint = did_you_mean(part, near) if part else ""

    def __str__(self) -> str:
        found = bounded(self.part, 24) if self.part else "nothing"
        return f"{found} at character {self.at + 1}: expected {self.expected}{self.hint}"


_PART = re.compile(r"[A-Za-z0-9_]+|.", re.DOTALL)
"""The part a misread names: a run of letters and digits, else one character."""
_DIGITS = re.compile(r"[0-9]+")
WORD = "[A-Za-z0-9_]+"
"""What :meth:`Cursor.word` reads by default: a run of letters, digits and ``_``."""


@functools.cache  # a handful of patterns, each compiled once
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


class Cursor:
    """A text read from left to right: each method reads one part at ``at`` or
    raises a :class:`Misread` naming it. Literals and words are read in any case."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def peek(self, n: int = 1) -> str:
        """The next ``n`` characters (fewer at the end), not read."""
        return self.text[self.at : self.at + n]

    def digit(self) -> bool:
        """Whether a digit (0-9) comes next."""
        return self.peek() in tuple("0123456789")

    def done(self) -> bool:
        """Whether the whole text is read."""
        return self.at >= len(self.text)

    def misread(self, expected: str, near: Iterable[str] = ()) -> Misread:
        """The error for the part at ``at``: a run of letters and digits, else one
        character, else nothing (the end of the text)."""
        match = _PART.match(self.text, self.at)
        return Misread(self.at, match[0] if match else "", expected, near)

    def take(self, literal: str) -> bool:
        """Read ``literal`` if the text goes on with it."""
        if self.peek(len(literal)).lower() != literal.lower():
            return False
        self.at += len(literal)
        return True

    def expect(self, literal: str, expected: str) -> None:
        """Read ``literal``; a :class:`Misread` saying ``expected`` if it is not next."""
        if not self.take(literal):
            raise self.misread(expected)

    def number(self, expected: str, digits: int) -> int:
        """A whole number of at most ``digits`` digits."""
        match = _DIGITS.match(self.text, self.at)
        if match is None:
            raise self.misread(expected)
        if len(match[0]) > digits:
            raise Misread(self.at, match[0], f"{expected} (at most {digits} digits)")
        self.at = match.end()
        return int(match[0])

    def word(self, choices: Mapping[str, T], expected: str, pattern: str = WORD) -> T:
        """The choice the next word names (``choices`` keyed in small letters); the word
        is what the regular expression ``pattern`` matches (``"[A-Za-z]"``: one letter)."""
        match = _compiled(pattern).match(self.text, self.at)
        if match is None:
            raise self.misread(expected)
        found = choices.get(match[0].lower())
        if found is None:
            raise Misread(self.at, match[0], expected, choices)
        self.at = match.end()
        return found

    def end(self, expected: str = "") -> None:
        """The text ends here; else the rest is named (``expected``: what the end is
        expected after, by default the text read so far)."""
        if not self.done():
            after = expected or f"the end after {self.text[: self.at]}"
            raise Misread(self.at, self.text[self.at :], after)


def parse(text: object, where: Any, fmt: Callable[[Any], str], read: Callable[[Cursor], T]) -> T:
    """What ``read`` makes of ``text`` (:func:`text_of` first); a :class:`Misread` becomes
    the :class:`~rulespec.MalformedNotation` of :func:`malformed`."""
    raw = text_of(text)
    try:
        return read(Cursor(raw))
    except Misread as bad:
        raise malformed(raw, str(bad), where, fmt, hinted=bool(bad.hint)) from None


def malformed(
    text: str, problem: str, where: Any, fmt: Callable[[Any], str], hinted: bool = False
) -> MalformedNotation:
    """The error for ``text``: what was wrong and, when ``where`` is a state with legal
    actions, the closest of them in notation (``fmt`` writes one; ``hinted``: the problem
    already suggests a word)."""
    message = f"{bounded(text, 60)}: {problem}"
    legal = _legal(where)
    if legal:
        written = [fmt(a) for a in legal]
        close = suggestions(text, written, n=3, cutoff=0.5)
        if close:
            said = "closest legal actions:" if hinted else "did you mean"
            message += f" ({said} {', '.join(close)}{'' if hinted else '?'})"
        elif len(written) <= 8:
            message += f" (legal here: {', '.join(written)})"
    return MalformedNotation([message])


def _legal(where: Any) -> tuple[Any, ...]:
    if not hasattr(where, "legal_actions") or getattr(where, "is_terminal", True):
        return ()
    found: tuple[Any, ...] = where.legal_actions()
    return found
