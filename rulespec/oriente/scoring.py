"""Scoring and the winner: points, the tie-break readings, the three-Ninja victory."""

from __future__ import annotations

from rulespec.core import trace
from rulespec.core.api import Outcome
from rulespec.core.trace import decided
from rulespec.core.words import seats
from rulespec.oriente.components import Pile, add, points
from rulespec.oriente.rules import tiebreak
from rulespec.oriente.state import State

VALUES_DOWN = tuple(range(7, -1, -1))
"""The values a tie is broken by, highest first."""


def final_piles(state: State) -> tuple[Pile, ...]:
    """Every seat's victory cards with its resident added (oriente.end.score)."""
    out = []
    for seat, pile in enumerate(state.piles):
        card = state.residents[seat]
        out.append(pile if card is None else add(pile, card))
    return tuple(out)


def outcome(state: State) -> Outcome:
    """The result: three Ninjas win outright, else most points, ties by the option.

    A three-Ninja victory counts no points: its scores are 1 for the winner and 0 for the
    others, so that the outcome's order (score first) names the winner."""
    piles = final_piles(state)
    n = len(piles)
    if state.winner is not None:
        if trace.TRACING:
            decided(
                "oriente.end.ninjas",
                f"seat {state.winner} has all three Ninjas among his victory cards at a "
                "season's end and wins outright",
            )
        special = tuple(int(s == state.winner) for s in range(n))
        return Outcome(special, ((),) * n, frozenset((state.winner,)))
    scores = tuple(points(p) for p in piles)
    best = max(scores)
    tied = [s for s in range(n) if scores[s] == best]
    breaks = tiebreak(piles, tied, state.game.options.tie)
    if len(tied) > 1:
        top = max(breaks[s] for s in tied)
        won = [s for s in tied if breaks[s] == top]
        if trace.TRACING:
            decided(
                "oriente.end.tie",
                f"{seats(tied)} tie at {best} points: the counts of their highest cards decide, "
                + (f"for {seats(won)}" if len(won) == 1 else f"and {seats(won)} share the win"),
            )
        tied = won
    if trace.TRACING:
        decided(
            "oriente.end.score",
            "every resident joins its owner's victory cards; "
            + ", ".join(f"seat {s} {p}" for s, p in enumerate(scores))
            + " points",
        )
    return Outcome(scores, breaks, frozenset(tied))
