"""What a position of White Lotus is worth to each seat, for computer players.

The worth is the score the end of the game would give now (``State.scores``), plus a
small value for the cards in hand, which buy areas later:

- buildings 3, 2, 1, 1, 1 (lotus.score.buildings, lotus.de 258-264), +3 for the single
  largest territory (lotus.score.largest_territory, lotus.de 266), +2 per dragon area
  (lotus.score.dragons, lotus.de 267), +1 per VP chip (lotus.score.vp_chips, lotus.de
  268);
- influence buys areas in the conflicts (lotus.conflict.bid, lotus.de 140) and combat
  points win rebellions, whose winners take a loser's area or a VP chip
  (lotus.rebellion.rewards, lotus.de 194). Ten influence and two combat points come in
  every year (lotus.income.base, lotus.de 228), so a point in hand is worth about a tenth
  of a victory point; none once the last year is under way, since cards score nothing
  (lotus.score.*).
"""

from __future__ import annotations

from rulespec.lotus.state import State

SCALE = 3.0
"""Points a lead must be worth to make a win about e^1 times as likely as a loss."""

HAND = 0.1
"""Victory points a point of influence or combat in hand is worth before the last year."""


def values(state: State) -> tuple[float, ...]:
    """Each seat's worth now."""
    scores = state.scores()
    hand = 0.0 if state.final else HAND
    return tuple(
        scores[s] + hand * (state.influence[s] + state.combat[s]) for s in range(state.players)
    )
