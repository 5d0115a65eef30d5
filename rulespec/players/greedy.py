"""The greedy player: one ply of the seat's own choice, judged by the game's evaluation.

Many decisions change no score at once (a secret bid, a die placed before its effect), so
each candidate is judged where it leads: on a determinisation, the candidate is played,
then the game goes on, the seat's own follow-up steps taken greedily on the spot, the
others' at random and chance by its probabilities, until the seat must decide again
after someone else has (or chance), or the game ends. Its worth there, less the best
other's (:func:`~rulespec.players.evaluation.margin`), ranks the candidates; ties are
broken by ``rng``.
"""

from __future__ import annotations

import random
from typing import Any

from rulespec.players import evaluation
from rulespec.players.base import ViewPlayer
from rulespec.players.view import SeatView

HORIZON = 60
"""Steps played on after a candidate at most, before it is judged."""


def best_now(state: Any, mover: int, rng: random.Random) -> Any:
    """The action of ``mover`` whose result is worth most to it at once (no play after),
    ties broken by ``rng``: the greedy step of a playout."""
    legal = state.legal_actions(player=mover)
    if len(legal) == 1:
        return legal[0]
    best = -float("inf")
    found: list[Any] = []
    for action in legal:
        worth = evaluation.margin(evaluation.values(state.apply(action, player=mover)), mover)
        if worth > best:
            best, found = worth, [action]
        elif worth == best:
            found.append(action)
    return found[rng.randrange(len(found))]


def settle(state: Any, mover: int, rng: random.Random, horizon: int = HORIZON) -> Any:
    """``state`` played on until ``mover`` must decide again after another seat or chance
    has moved (its own steps before that taken by :func:`best_now`, the others' at
    random), or the game ends, or ``horizon`` steps were played."""
    others_moved = False
    for _ in range(horizon):
        if state.is_terminal:
            break
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
            others_moved = True
            continue
        if mover in state.to_act:
            if others_moved:
                break
            state = state.apply(best_now(state, mover, rng), player=mover)
            continue
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
        others_moved = True
    return state


class GreedyPlayer(ViewPlayer):
    """One ply of lookahead on a determinisation with the game's evaluation
    (``rulespec/<game>/evaluation.py``; the docs' "Computer players" page cites each
    term). ``horizon`` bounds the play after a candidate."""

    name = "greedy"

    def __init__(self, horizon: int = HORIZON) -> None:
        self.horizon = horizon

    def decide(self, view: SeatView, rng: random.Random) -> Any:
        """The legal action whose result is worth most to the seat, less the best other's."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        state = view.determinise(rng)
        seat = view.seat
        best = -float("inf")
        found: list[Any] = []
        for action in legal:
            after = settle(state.apply(action, player=seat), seat, rng, self.horizon)
            worth = evaluation.margin(evaluation.values(after), seat)
            if worth > best:
                best, found = worth, [action]
            elif worth == best:
                found.append(action)
        return found[rng.randrange(len(found))]
