"""What a position of Oriente is worth to each seat, for computer players.

The worth is the final scoring applied now: the victory cards with the resident added,
each card its number (oriente.end.score, oriente.de 84; oriente.components.value,
oriente.de 86; :func:`rulespec.oriente.scoring.final_piles`). Three Ninjas among one's
victory cards at a season's end win outright (oriente.end.ninjas, oriente.de 143): a seat
that has won so is worth ``OUTRIGHT`` more than any pile could make it, and each
Ninja among the victory cards on the way there a few points more than its number.
"""

from __future__ import annotations

from rulespec.oriente.components import Card, points
from rulespec.oriente.scoring import final_piles
from rulespec.oriente.state import State

SCALE = 5.0
"""Points a lead must be worth to make a win about e^1 times as likely as a loss."""

OUTRIGHT = 1000.0
"""The worth of a three-Ninja win: more than any pile."""

NINJA = 3.0
"""What each Ninja among the victory cards adds, a third of the way to the outright win."""


def values(state: State) -> tuple[float, ...]:
    """Each seat's worth now."""
    if state.winner is not None:
        return tuple(OUTRIGHT if s == state.winner else 0.0 for s in range(state.players))
    return tuple(
        float(points(pile)) + NINJA * state.piles[s][Card.NINJA]
        for s, pile in enumerate(final_piles(state))
    )
