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
from rulespec.oriente.variant import Payments

if TYPE_CHECKING:
    from rulespec.oriente.game import OrienteGame


def seasons(n: int) -> int:
    """At most ``41 - n`` seasons: setup draws ``n`` residents, and every season that starts
    uses up a card of the deck for good or one of its original segments (see
    :func:`bounds`)."""
    return DECK_SIZE - n


def action_steps(n: int) -> int:
    """The most steps an action itself takes: a fight (at most ``n - 2`` invitations and a
    pass by each fighter, ``n - 2`` supporters asked, ``n`` reinforcements, a pick, a
    redraw) or a revolution (``n - 1`` asked to join, at most
    26 cards looted and 53 dealt)."""
    return max(4 * n, n - 1 + MAX_CARDS // 2 + MAX_CARDS)


def payment_steps(n: int) -> int:
    """Each seat pays at most every card there is, then passes."""
    return n * (MAX_CARDS + 1)


def season_steps(n: int, payments: bool) -> int:
    """A season: the bonus draw; before the fulfilment made with ``h`` discs out, at most
    ``h - 1`` passes and a privilege chain of at most ``h`` announcements, each asking at
    most ``h - 1`` seats; each action and its payments; a last round of ``n`` passes."""
    asking = sum(h * h + h - 1 for h in range(1, n + 1))
    per_action = action_steps(n) + (payment_steps(n) if payments else 0)
    return 1 + asking + n * per_action + n


def max_game_length(n: int, payments: bool = True) -> int:
    """Setup draws, the seasons, and a last draw that ends the game."""
    return 2 * n + 1 + seasons(n) * season_steps(n, payments) + 1


def bounds(game: OrienteGame) -> Bounds:
    """The bounds of ``game`` (any player count and options)."""
    n = game.players
    length = max_game_length(n, game.options.payments is Payments.PAYMENTS)
    return Bounds(
        max_game_length=length,
        max_chance_outcomes=KINDS,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        why={
            "max_game_length": (
                f"An upper bound, {length} actions. Setup draws {2 * n + 1} cards. Every season "
                "that starts draws a bonus card, and no action puts back more than it draws "
                "(a fight with k reinforcements returns at most k - 1). Under accumulate the "
                "bonus card never returns to the deck, so each season takes a card out for "
                "good. Under under_deck a season with an action hands its bonus card out; an "
                "idle one moves it under the deck, but with any_exit every draw comes from the "
                "original segments while the game goes on (the Geisha waits in the middle "
                "one), and with player_draws an idle season ends the game "
                "(oriente.end.idle_season). So each season uses up a card of the deck or of "
                "its original segments (z3 claim oriente.end.geisha:every_season_takes_a_card) "
                "and there are at "
                f"most 41 - {n} = {seasons(n)} seasons. A season has at most n fulfilments "
                "(each lays down a disc); before the one made with h discs out, at most h - 1 "
                "passes and a privilege chain of at most h announcements (claims outrank "
                "strictly, z3 claim oriente.privilege.rank:claims_strictly_increase), each "
                f"asking at most h - 1 seats; an action takes at most {action_steps(n)} steps "
                "(a fight 4n with invitations, a revolution n - 1 joins, 26 cards looted, 53 "
                "dealt); the "
                f"payments, where played, at most {MAX_CARDS} gifts and a pass per seat; a last "
                "round of n passes; and one last draw may end the game."
            ),
            "max_chance_outcomes": (
                f"An upper bound, {KINDS}: every chance outcome is a card kind (Draw)."
            ),
            "min_utility": "Exact, 0: a seat that does not share the win.",
            "max_utility": "Exact, 1: a sole winner.",
            "utility_sum": "Always 1: the winners share 1 (oriente.end.tie).",
        },
    )
