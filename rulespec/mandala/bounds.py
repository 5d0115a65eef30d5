"""Mandala's bounds: the longest game, the widest chance node, the returns.

Every number is derived from the components and the rules, the same for every player
count and option: nothing in the arguments depends on who plays or on which mandalas the
final resolution covers. ``tests/mandala/test_bounds.py`` checks them against random play
of every variant.

>>> import rulespec
>>> from rulespec.mandala.bounds import bounds
>>> b = bounds(rulespec.game("mandala", players=3))
>>> b.max_game_length, b.max_chance_outcomes, b.min_utility, b.max_utility
(3386, 18, 0.0, 1.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulespec.core.bounds import Bounds
from rulespec.mandala.components import CARDS_PER_COLOUR, NUM_COLOURS, NUM_MANDALAS, TILES

if TYPE_CHECKING:
    from rulespec.mandala.game import MandalaGame

CARDS = CARDS_PER_COLOUR * NUM_COLOURS
"""90 cards (mandala.components.cards)."""
STACK = len(TILES) // 2
"""18 tiles with each back (mandala.components.tiles, mandala.components.tile_backs)."""
REFILLS = STACK - NUM_MANDALAS
"""15: resolutions that can restart a mandala before the stacks are empty."""
MOST_CARDS_PLAYED = CARDS * (REFILLS + NUM_MANDALAS)
"""1620: the most cards all turns of a game can play together (see :func:`bounds`)."""


def max_game_length() -> int:
    """Tile reveals + card draws + plays + tile choices + final-order draws."""
    reveals = len(TILES)
    draws = CARDS + MOST_CARDS_PLAYED
    plays = MOST_CARDS_PLAYED
    takes = len(TILES) // 2
    orders = NUM_MANDALAS - 1
    return reveals + draws + plays + takes + orders


def bounds(game: MandalaGame) -> Bounds:
    """The bounds of ``game`` (any player count, either ``final_mandalas``)."""
    length = max_game_length()
    return Bounds(
        max_game_length=length,
        max_chance_outcomes=STACK,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        why={
            "max_game_length": (
                f"An upper bound, {length} actions. Cards lie in the mandalas "
                f"({CARDS} at most: z3 claim mandala.components.cards:turn_conserves_each_colour)"
                f" until a resolution takes them out; only {REFILLS} resolutions can restart "
                "a mandala, the next ends the game or, with no_tiles = 'end_of_round', the "
                "round, in which the two other mandalas may be resolved too "
                "(mandala.resolve.new_mandala, mandala.end.no_tiles_immediate, z3 claim "
                "mandala.end.no_tiles_immediate:stacks_deplete_together), so all plays together "
                f"move at most {CARDS} × {REFILLS + NUM_MANDALAS} = {MOST_CARDS_PLAYED} cards, "
                "and "
                "each play moves at least one (mandala.play.at_least_one). Cards reach a "
                "hand only by a draw or a take-back and leave it only by a play, so "
                f"draws, the deal included, are at most {CARDS} + {MOST_CARDS_PLAYED}. "
                f"Add each of the {len(TILES)} tiles revealed once, one choice per two "
                f"tiles handed out ({len(TILES) // 2}) and {NUM_MANDALAS - 1} draws of "
                "the final order (mandala.end.final_resolution)."
            ),
            "max_chance_outcomes": (
                f"Exact, {STACK}: the first chance node reveals one of the {STACK} "
                "dark-backed tiles (mandala.setup.tiles); a tile stack never holds more, a "
                f"card draw has at most {NUM_COLOURS} colours (mandala.draw.reshuffle) and "
                f"the final order at most {NUM_MANDALAS} mandalas."
            ),
            "min_utility": (
                "Exact, 0: a seat that does not share the win gets 0 "
                "(mandala.winner.most_points, Outcome.returns)."
            ),
            "max_utility": (
                "Exact, 1: a sole winner gets 1; k seats sharing the win get 1/k each "
                "(mandala.winner.shared)."
            ),
            "utility_sum": (
                "Always 1: the winners, at least one, share 1 and everyone else gets 0 "
                "(mandala.winner.shared)."
            ),
        },
    )
