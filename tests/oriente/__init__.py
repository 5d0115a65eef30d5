"""Oriente's tests: hand-written positions in the minimal JSON format (see
``rulespec/oriente/position.py``) and the helpers they share."""

from __future__ import annotations

from typing import Any

import rulespec
from rulespec.oriente import Draw, OrienteGame, State
from rulespec.oriente.components import Card


def game(players: int = 4, **options: Any) -> OrienteGame:
    """The game for ``players`` and options."""
    found = rulespec.game("oriente", players=players, **options)
    assert isinstance(found, OrienteGame)
    return found


def position(players: int = 4, options: dict[str, Any] | None = None, **fields: Any) -> State:
    """A position: by default every seat holds a face-down Nōfu and one treasure 2 (the
    first four seats; treasures 3 and 4 after), seat 0 asked to announce."""
    treasures = ["treasure_2"] * 4 + ["treasure_3"] * 4 + ["treasure_4"] * 4
    data: dict[str, Any] = {
        "game": "oriente",
        "settings": {"players": players},
        "residents": ["nofu"] * players,
        "piles": [{treasures[i]: 1} for i in range(players)],
        **fields,
    }
    return game(players, **(options or {})).state_from_json(data)


def draw(card: Card) -> Draw:
    """The chance outcome: a card of kind ``card``."""
    return Draw(card)
