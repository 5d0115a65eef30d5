"""What a position of The White Castle is worth to each family, for computer players.

The worth is the final scoring applied now (:func:`rulespec.castle.scoring.total`): the
points already on the scoring track, plus what the book's end-of-game scoring would make
of everything the family holds if the game ended here. Each term is the book's:

- points already scored, as the track's score marker shows them (castle.score.leftovers
  and the scoring in play, castle.de 471-478);
- leftovers: seals exchanged the best way, a point per five coins, the resources 3-6 and 7
  (castle.score.leftovers, castle.score.final_exchange, castle.de 471-478);
- the seasons track: 3, 6, or the space's value in season 4 (castle.score.track,
  castle.de 480-483);
- courtiers 1, 3, 6, 10 by level (castle.score.courtiers, castle.de 491-495); warriors,
  their grounds' values times the courtiers inside (castle.score.warriors, castle.de 496);
  gardeners, their garden cards' points (castle.score.gardeners, castle.de 497).

In solo play the rival (the Tokugawa clan) is the competitor, scored without leftovers
as the book scores it (castle.solo.final, castle.de 569).
"""

from __future__ import annotations

from rulespec.castle.components import RIVAL
from rulespec.castle.scoring import total
from rulespec.castle.state import State

SCALE = 8.0
"""Points a lead must be worth to make a win about e^1 times as likely as a loss: the
spread of a search's estimate of who wins from a position it does not play out."""


def values(state: State) -> tuple[float, ...]:
    """Each competitor's worth now: the seats in order, then the solo rival (index
    :data:`~rulespec.castle.components.RIVAL`, which is the seat count in solo play)."""
    seats = [float(total(state, p)) for p in range(state.players)]
    if state.rival is not None:
        assert len(seats) == RIVAL
        seats.append(float(total(state, RIVAL)))
    return tuple(seats)
