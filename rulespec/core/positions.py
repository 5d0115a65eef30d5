"""Reading hand-written positions: collect every problem before reporting any.

:func:`check_header` checks what every position starts with (the game and its settings);
the rest of a position is read by :class:`rulespec.core.convert.Converter`.
:func:`oversized` refuses client data too large to be what it claims before any of it
is read. What a position read must keep, the rules of the game, is checked by the
game's table of invariants (:class:`~rulespec.core.invariants.Invariant`), and every
problem is reported at once in a :class:`~rulespec.MalformedPosition`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.convert import Reader
from rulespec.errors import bounded


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
