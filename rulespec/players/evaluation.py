"""Each game's evaluation (``rulespec/<game>/evaluation.py``), and what players make of it.

A game's evaluation module gives ``values(state)``: each competitor's worth now, in
points, read from the game's scoring rules (the seats in order, then The White Castle's
solo rival), and ``SCALE``, the points a lead must be worth to make a win about e^1 times
as likely as a loss. Players call it on determinisations only (states drawn from a
seat's information state), never on the true state.
"""

from __future__ import annotations

import functools
import importlib
import math
from types import ModuleType
from typing import Any


@functools.cache
def module(game_id: str) -> ModuleType:
    """The evaluation module of a game (loaded on first use)."""
    return importlib.import_module(f"rulespec.{game_id}.evaluation")


def values(state: Any) -> tuple[float, ...]:
    """Each competitor's worth in ``state`` (the game's ``values``)."""
    found: tuple[float, ...] = module(state.game.spec.id).values(state)
    return found


def margin(worth: tuple[float, ...], seat: int) -> float:
    """``seat``'s worth less the best of the others' (its own worth when it has no
    competitor): what a greedy player maximises."""
    others = [v for s, v in enumerate(worth) if s != seat]
    return worth[seat] - max(others) if others else worth[seat]


def shares(state: Any) -> tuple[float, ...]:
    """Each seat's expected win share: at the end the outcome's
    (:meth:`~rulespec.core.api.Outcome.returns`), before it a guess from the worth, each
    competitor's share ``exp(worth / SCALE)`` of the total. Alone against a rival (The
    White Castle solo) a win is rare, and a share that is almost always 0 guides no
    search: the seat's return is then half the win and half its part of the two scores,
    ``worth / (worth + rival's)``, so that every point counts."""
    worth = values(state)
    if state.players == 1 and len(worth) == 2:
        return (_solo(state, worth),)
    if state.is_terminal:
        returns: tuple[float, ...] = state.outcome().returns()
        return returns
    scale = float(module(state.game.spec.id).SCALE)
    top = max(worth)
    weights = [math.exp((v - top) / scale) for v in worth]
    total = sum(weights)
    return tuple(w / total for w in weights[: state.players])


def _solo(state: Any, worth: tuple[float, ...]) -> float:
    """The solo seat's return: half a win, and half its part of the two scores."""
    won = state.outcome().returns()[0] if state.is_terminal else 0.0
    total = worth[0] + worth[1]
    part = worth[0] / total if total > 0 else 0.5
    return 0.5 * won + 0.5 * part
