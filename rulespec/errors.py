"""The exceptions rulespec raises, all under one root.

Every error names what was wrong in words a person can act on. Illegal actions carry the
:class:`~rulespec.core.rules.Rule` that forbids them, so "why is this illegal?" always has
an answer; malformed input reports every problem at once instead of the first one.
"""

from __future__ import annotations

import reprlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulespec.core.rules import Rule


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 60
_REPR.maxlevel = 3


class RulespecError(Exception):
    """Root of every exception rulespec raises on purpose."""


class IllegalAction(RulespecError, ValueError):
    """An action that the rules forbid in this state; the state is left unchanged.

    ``rule`` is the registered rule that forbids it and ``reason`` says what exactly is
    wrong with this action in this state.
    """

    def __init__(self, rule: Rule, reason: str, action: object = None) -> None:
        self.rule = rule
        self.reason = cut(reason)
        self.action = action
        super().__init__(f"{self.reason} [{rule.id}: {rule.title}]")


class NotYourTurn(IllegalAction):
    """The action was submitted on behalf of a player who is not the one to act."""


class UnknownGame(RulespecError, LookupError):
    """The game id is not one of :data:`rulespec.GAMES`; the message lists the valid ids."""


class UnknownVariant(RulespecError, LookupError):
    """No variant or option of the game matches; the message lists the valid values."""


class UnknownRule(RulespecError, LookupError):
    """No rule is registered under that id; the message suggests close matches."""


class GameNotOver(RulespecError):
    """A final result was asked of a state that is not terminal."""


class InvalidArgument(RulespecError, ValueError, TypeError):
    """A call got an argument the API does not take: a seat that is not a whole number in
    range, ``upto`` that is not a count of actions, ``sample_chance`` at a decision. The
    message names the argument. (Also a ``ValueError`` and a ``TypeError``, so code that
    caught those keeps working.)"""


MAX_PROBLEMS = 100
"""An error lists at most this many problems (then says that more were found), so a huge
malformed input cannot make a huge message."""


MAX_REASON = 500
"""A reason (or one problem) is cut to this many characters: an action a client built
with a huge value cannot make a huge message."""


def cut(text: str, limit: int = MAX_REASON) -> str:
    """``text``, cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def bounded(value: object, limit: int = 60) -> str:
    """``repr`` of client data cut to ``limit`` characters, safe for huge or deeply nested
    data (``reprlib``): what every message shows of what a client sent."""
    try:
        text = _REPR.repr(value)
    except ValueError:  # an int with more digits than Python will print
        return "<a number too large to print>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _ProblemsError(RulespecError, ValueError):
    """Base for errors that collect every problem before raising."""

    what = "input"

    def __init__(self, problems: list[str] | tuple[str, ...]) -> None:
        found = tuple(cut(p) for p in problems)
        if len(found) > MAX_PROBLEMS:
            more = len(found) - MAX_PROBLEMS
            found = (*found[:MAX_PROBLEMS], f"... and {more} more problems not listed")
        self.problems = found
        count = len(self.problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        noun = "problem" if count == 1 else "problems"
        super().__init__(f"{self.what}: {count} {noun}\n{lines}")


class MalformedPosition(_ProblemsError):
    """A position (JSON or dict) that does not describe a state of the game.

    ``problems`` holds one message per problem found; all of them are reported at once.
    """

    what = "malformed position"


class MalformedAction(_ProblemsError):
    """An action, in JSON or built by hand, that names no action of the game (an unknown
    type, a missing field, a field of the wrong type)."""

    what = "malformed action"


class MalformedNotation(MalformedAction):
    """Text that names no action in the game's short notation (:doc:`/notation`): an
    unknown form, a letter that names no colour or building, a missing number. The
    message quotes the text and says what was expected; given the state it was meant
    for, it suggests the closest legal actions. A :class:`MalformedAction`, so code that
    reads actions from clients catches both forms of bad input alike."""

    what = "malformed notation"


class MalformedRecord(_ProblemsError):
    """A game record that cannot be read or does not replay."""

    what = "malformed game record"


class VariantTableError(_ProblemsError):
    """A variant table (``variants/<game>.toml``) that does not match its typed variant."""

    what = "bad variant table"


class RulebookError(_ProblemsError):
    """A rule registry (``rulespec/<game>/rulebook.toml``) that cannot be read or checked.

    ``problems`` holds one message per problem, each naming the file and the entry.
    """

    what = "bad rulebook"
