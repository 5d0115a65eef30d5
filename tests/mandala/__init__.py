"""Tests of the Mandala model, and small helpers to write positions by hand.

Positions use the documented minimal JSON format of :mod:`rulespec.mandala.position`:
anything left out (deck, stacks, markers, phase, …) takes its default.
"""

from __future__ import annotations

import random
from typing import Any

import rulespec
from rulespec.mandala import State, TakeTile

# Three starting mandalas, dark tile first: colours black+green, purple+orange, red+yellow.
TILES = (("black-2", "green-2"), ("purple-2", "orange-2"), ("red-2", "yellow-2"))


def area(
    tiles: tuple[str, ...] | list[str],
    players: int,
    *,
    up: dict[int, dict[str, int]] | None = None,
    down: dict[int, dict[str, int]] | None = None,
    marker: int | None = None,
) -> dict[str, Any]:
    """One mandala; ``up``/``down`` map a seat to its cards there."""
    up = up or {}
    down = down or {}
    return {
        "tiles": list(tiles),
        "marker": marker,
        "up": [up.get(s, {}) for s in range(players)],
        "down": [down.get(s, {}) for s in range(players)],
    }


def position(
    hands: list[dict[str, int]],
    mandalas: list[dict[str, Any]] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A hand-written position: the hands (one per seat), the mandalas (default: the three
    starting mandalas of :data:`TILES`, empty), anything else as given."""
    players = len(hands)
    if mandalas is None:
        mandalas = [area(t, players) for t in TILES]
    return {"settings": {"players": players}, "hands": hands, "mandalas": mandalas, **fields}


def load(data: dict[str, Any], **options: Any) -> State:
    """Load a hand-written position for its player count (and options)."""
    game = rulespec.game("mandala", players=len(data["hands"]), **options)
    state = game.state_from_json(data)
    assert isinstance(state, State)
    return state


def settle(state: State, seed: int = 0) -> State:
    """Resolve chance nodes (draws, new tiles, final order) until someone must decide."""
    return rulespec.advance(state, random.Random(seed))


def finish(state: State, seed: int = 0) -> State:
    """Play out chance and tile choices (the holder takes the first tile) to the end, without
    any turn being played; fails if a seat would have to play cards first."""
    rng = random.Random(seed)
    while not state.is_terminal:
        state = rulespec.advance(state, rng)
        if state.is_terminal:
            break
        actions = state.legal_actions()
        assert isinstance(actions[0], TakeTile), f"a turn came before the end: {state}"
        state = state.apply(actions[0])
    return state
