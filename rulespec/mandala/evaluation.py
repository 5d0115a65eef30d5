"""What a position of Mandala is worth to each seat, for computer players.

The worth is the points of the tiles a seat holds now (:func:`rulespec.mandala.scoring.score`):
a loose tile its printed value (mandala.scoring.single, mandala.de 146-148), a loose x3
nothing (mandala.scoring.single_triple, mandala.de 149), a flower with a x3 three times
the other tile (mandala.scoring.flower_triple, mandala.de 151-153), any other flower
twice its lower tile plus its higher (mandala.scoring.flower_plain, mandala.de 154).
Cards in hand break a tie (mandala.winner.tiebreak_cards, mandala.de 158): each is worth
a hundredth of a point, enough to break a tie and never to outweigh a point.
"""

from __future__ import annotations

from rulespec.mandala.state import State

SCALE = 6.0
"""Points a lead must be worth to make a win about e^1 times as likely as a loss."""

CARD = 0.01
"""What a card in hand is worth: the tie-break, never a point."""


def values(state: State) -> tuple[float, ...]:
    """Each seat's worth now."""
    scores = state.scores()
    return tuple(scores[s] + CARD * sum(state.hands[s]) for s in range(state.players))
