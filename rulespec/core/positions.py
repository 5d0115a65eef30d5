"""Reading hand-written positions: collect every problem before reporting any.

:func:`check_header` checks what every position starts with (the game and its settings);
the rest of a position is read by :class:`rulespec.core.convert.Converter`.
:func:`oversized` refuses client data too large to be what it claims before any of it
is read.

Each game's position loader extends :class:`ProblemReader` with readers for its own
vocabulary (colours, tiles, buildings, seats) and raises
:class:`~rulespec.MalformedPosition` with the whole list at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.convert import Reader
from rulespec.errors import bounded


class ProblemReader:
    """Reads JSON values field by field, noting each problem and carrying on with a
    harmless default so the rest can still be checked."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def bad(self, where: str, msg: str) -> None:
        """Note one problem at ``where`` (a JSON path such as ``hands[1].red``)."""
        self.problems.append(f"{where}: {msg}")

    def integer(self, where: str, v: object, low: int, high: int) -> int:
        """A whole number in ``low..high`` (``low`` if it is not one)."""
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            self.bad(where, f"expected a whole number from {low} to {high}, got {v!r}")
            return low
        return v

    def maybe_index(self, where: str, v: object, high: int) -> int:
        """An index in ``0..high``, or -1 for ``null``."""
        return -1 if v is None else self.integer(where, v, 0, high)

    def flag(self, where: str, v: object) -> bool:
        """``true`` or ``false``."""
        if not isinstance(v, bool):
            self.bad(where, f"expected true or false, got {v!r}")
            return False
        return v


def oversized(data: object, budget: int) -> bool:
    """Whether ``data`` would be longer than ``budget`` characters as JSON text, counted
    roughly and stopping as soon as the budget is spent, so a huge input costs no more
    to refuse than one just over the budget (a walk of one cheap step per value, no
    recursion however deep the nesting, and no Python call for the JSON types)."""
    stack = [data]
    while stack:
        value = stack.pop()
        budget -= 2
        if isinstance(value, str):
            budget -= len(value)
        elif isinstance(value, list | tuple):
            budget -= len(value)
            stack.extend(value)
        elif isinstance(value, dict) or (
            type(value) not in _SCALARS and isinstance(value, Mapping)
        ):
            budget -= len(value)
            for key, member in value.items():
                budget -= len(key) if isinstance(key, str) else 2
                stack.append(member)
        if budget < 0:
            return True
    return False


_SCALARS = frozenset({int, float, bool, type(None)})


def check_header(reader: Reader, data: Mapping[str, Any], game: Any) -> None:
    """A position's ``game`` and ``settings``, if given, must be those of ``game``."""
    game_id = game.spec.id
    if data.get("game", game_id) != game_id:
        reader.at("game").bad(f"this is a position of {game_id}, got {bounded(data.get('game'))}")
    settings = data.get("settings", {})
    if not isinstance(settings, Mapping):
        reader.at("settings").bad(f"expected an object, got {bounded(settings)}")
        return
    for key, value in game.settings().items():
        if key in settings and settings[key] != value:
            reader.at("settings").at(key).bad(
                f"position says {bounded(settings[key])}, the game is {value!r}"
            )
