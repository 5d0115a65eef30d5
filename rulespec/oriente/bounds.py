"""Oriente's bounds: the longest game, the widest chance node, the returns.

>>> import rulespec
>>> from rulespec.oriente.bounds import bounds
>>> b = bounds(rulespec.game("oriente", players=4))
>>> b.max_chance_outcomes, b.min_utility, b.max_utility
(12, 0.0, 1.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulespec.core.bounds import Bounds
from rulespec.oriente.components import DECK_SIZE, KINDS, MAX_CARDS

if TYPE_CHECKING:
    from rulespec.oriente.game import OrienteGame

SEASONS = DECK_SIZE + 1
"""At most 42 seasons: each one that goes on takes a card out of the deck for good (see
:func:`max_game_length`), and the deck holds 41."""


def per_action(n: int) -> int:
    """Steps from one fulfilment's first question to the next: passes, a privilege chain,
    the action, the payments."""
    passes = n
    chain = n * n
    action = 2 * n + MAX_CARDS // 2 + MAX_CARDS + 2
    payments = n * (MAX_CARDS + 1)
    return passes + chain + action + payments


def max_game_length(n: int) -> int:
    """Setup draws plus, per season, the bonus draw, at most ``n`` actions and a last round
    of passes."""
    return 2 * n + 1 + SEASONS * (1 + n * per_action(n) + n)


def bounds(game: OrienteGame) -> Bounds:
    """The bounds of ``game`` (any player count and options)."""
    n = game.players
    length = max_game_length(n)
    return Bounds(
        max_game_length=length,
        max_chance_outcomes=KINDS,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        why={
            "max_game_length": (
                f"An upper bound, {length} actions. Setup draws {2 * n + 1} cards. A season "
                "that goes on draws a bonus card, which never returns to the deck (under "
                "accumulate it stays beside the deck or joins a pile; under under_deck a "
                "season without an action ends the game, oriente.end.idle_season, and one "
                "with an action hands the bonus out), and no action puts back more than it "
                "draws (a fight with k reinforcements returns at most k - 1), so there are at "
                f"most {SEASONS} seasons. A season has at most n fulfilments (each lays down "
                "a disc); before each, at most n passes and a privilege chain of at most n "
                "announcements (claims outrank strictly, z3 claim "
                "oriente.privilege.rank:claims_strictly_increase), each asking at most n - 1 "
                "seats; an action takes at most 2n + 2 steps (fight) or n + 26 + 53 "
                "(revolution: half of at most 53 cards looted, 53 dealt); the payments at "
                f"most {MAX_CARDS} gifts and a pass per seat."
            ),
            "max_chance_outcomes": (
                f"An upper bound, {KINDS}: every chance outcome is a card kind (Draw)."
            ),
            "min_utility": "Exact, 0: a seat that does not share the win.",
            "max_utility": "Exact, 1: a sole winner.",
            "utility_sum": "Always 1: the winners share 1 (oriente.end.tie).",
        },
    )
