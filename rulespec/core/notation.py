"""What every game's short action notation shares: reading the text safely, naming the
game a text is read for, and errors that say what was wrong.

Each game writes and reads its own notation in ``rulespec/<game>/notation.py`` (the
grammars are on :doc:`/notation`) and its ``game.py`` binds the two functions to the
``Game`` class, as it binds its other hooks. A notation is context-free: a text names the
same action in every position of its game (like UCI, unlike SAN), so a log can be read
without replaying it. The state a text is meant for is still welcome: a malformed text
then gets suggestions among that state's legal actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulespec.errors import InvalidArgument, MalformedNotation, bounded, suggestions

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


def malformed(text: str, problem: str, where: Any, fmt: Callable[[Any], str]) -> MalformedNotation:
    """The error for ``text``: what was wrong and, when ``where`` is a state with legal
    actions, the closest of them in notation (``fmt`` writes one)."""
    message = f"{bounded(text, 60)}: {problem}"
    legal = _legal(where)
    if legal:
        written = [fmt(a) for a in legal]
        close = suggestions(text, written, n=3, cutoff=0.5)
        if close:
            message += f" (did you mean {', '.join(close)}?)"
        elif len(written) <= 8:
            message += f" (legal here: {', '.join(written)})"
    return MalformedNotation([message])


def _legal(where: Any) -> tuple[Any, ...]:
    if not hasattr(where, "legal_actions") or getattr(where, "is_terminal", True):
        return ()
    found: tuple[Any, ...] = where.legal_actions()
    return found
