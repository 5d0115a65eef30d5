"""The White Castle's bounds: the longest game, the widest chance node, the returns.

``tests/castle`` checks them against random play of every variant.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulespec.castle.actions import Pile, pile_size, rolls
from rulespec.core.bounds import Bounds

if TYPE_CHECKING:
    from rulespec.castle.game import CastleGame

MAX_STEPS_PER_TURN = 400
"""A generous bound on the decisions and deals of one turn: every effect resolved or
skipped removes it from the agenda, the data is checked free of free-action cycles, and
seals exchanged each remove a seal."""


def bounds(game: CastleGame) -> Bounds:
    """The bounds of ``game``."""
    n = game.players
    turns = 3 * 3 * (n + (1 if game.variant.solo else 0))
    setup = sum(pile_size(game, p) for p in Pile) + 3 * 3 + 5 * 20
    length = setup + turns * MAX_STEPS_PER_TURN + 2 * n * MAX_STEPS_PER_TURN
    widest = max(len(rolls(game.variant.dice_per_colour)), *(pile_size(game, p) for p in Pile))
    return Bounds(
        max_game_length=length,
        max_chance_outcomes=widest,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=None if game.variant.solo else 1.0,
        why={
            "max_game_length": (
                f"An upper bound, {length}: the setup deals (each pile at most once, the "
                "redraw aside, which is rare and bounded in practice) plus "
                f"{MAX_STEPS_PER_TURN} steps for each of the {turns} turns and for each "
                "seat's gardener activations (castle.round.gardeners)."
            ),
            "max_chance_outcomes": (
                f"{widest}: the widest of a roll of {game.variant.dice_per_colour} sorted "
                "dice and the largest pile dealt from."
            ),
            "min_utility": (
                "0: a seat that does not win (castle.score.winner); solo, a player who does "
                "not beat the rival (castle.solo.final)."
            ),
            "max_utility": "1: the winner (ties are broken by the order).",
            "utility_sum": (
                "Solo: none, the only seat gets 1 for beating the rival and 0 otherwise "
                "(ruling castle.solo.outcome). Else always 1: the final order breaks every "
                "tie (castle.score.winner)."
            ),
        },
    )
