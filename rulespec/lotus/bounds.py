"""White Lotus's bounds: the longest game, the widest chance node, the returns, and the
most points one seat can hold (for frameworks that enumerate every bid, commitment and
gift as an integer).

All of them rest on one count, proved by the z3 claim
``lotus.end.trigger:unowned_areas_decrease``: every year that does not end the game
leaves at least one fewer unowned area, so a game lasts at most as many years as there are
areas in play (31 with three to five players, 39 with six). The per-year counts come from
the phases of a year (:mod:`rulespec.lotus.phases`); ``tests/lotus/test_bounds.py``
checks every number against random play of every variant.

>>> import rulespec
>>> from rulespec.lotus.bounds import bounds, point_caps
>>> game = rulespec.game("lotus", edition="de", players=4)
>>> bounds(game).max_game_length, bounds(game).max_chance_outcomes
(3357, 5)
>>> point_caps(game)  # the bank never runs out (card_supply = 'unlimited', the default)
(972, 573)
>>> point_caps(rulespec.game("lotus", edition="de", players=4, card_supply="limited"))
(154, 100)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulespec.core.bounds import Bounds
from rulespec.lotus.components import (
    BUILDINGS,
    CHIP_FRONTS,
    COMBAT_POINTS,
    INCOME_COMBAT,
    INCOME_INFLUENCE,
    INFLUENCE_POINTS,
    NEUTRAL_CHIPS,
    START_COMBAT,
    START_INFLUENCE,
    Building,
)
from rulespec.lotus.variant import ChipSupply, Negotiation

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame

NEUTRAL_TOTAL = sum(NEUTRAL_CHIPS)
"""39 neutral chips: every area anyone owns once held one of them."""


def years(game: LotusGame) -> int:
    """The most years a game can last: the areas in play (claim
    ``lotus.end.trigger:unowned_areas_decrease``; with chip_supply = 'limited_at_award',
    where a year may award nothing, the year cap of ruling lotus.end.year_cap)."""
    areas = len(game.in_play)
    if areas > NEUTRAL_TOTAL:  # the claim needs a chip for every empty area
        raise ValueError(
            f"no bounds for a board with {areas} areas in play: only {NEUTRAL_TOTAL} neutral "
            "chips can fill it, so the end (lotus.end.trigger) is not assured"
        )
    return areas


def most_buildings(chip_supply: ChipSupply) -> tuple[int, ...]:
    """Per building, the most one seat can own: its colour's fronts when the chip supply is
    limited, at the claim or at the award (rulings lotus.claim.chip_supply,
    lotus.rebellion.chip_supply), else the neutral chips of that building
    (lotus.components.neutral_chips)."""
    if chip_supply.limited:
        return (*CHIP_FRONTS[: Building.VILLAGE], NEUTRAL_CHIPS[Building.VILLAGE])
    return NEUTRAL_CHIPS


def income_bound(held: tuple[int, ...]) -> tuple[int, int]:
    """(influence, combat) one year's income can pay for ``held`` buildings at most: every
    palace counted for both, since its owner chooses either 2 influence or 1 combat
    (lotus.income.base, lotus.income.palace, lotus.income.temple, lotus.income.rice,
    lotus.income.fortress).

    >>> income_bound((3, 4, 5, 4, 16))   # one seat, limited chip supply
    (32, 19)
    """
    palaces, temples, fortresses, rice = (held[b] for b in BUILDINGS[: Building.VILLAGE])
    influence = INCOME_INFLUENCE + 2 * palaces + 3 * temples + rice
    combat = INCOME_COMBAT + palaces + rice + 2 * fortresses
    return influence, combat


def all_seats_income(players: int) -> tuple[int, int]:
    """(influence, combat) all seats together can be paid in one year: the base income of
    each, and the buildings' income of at most the neutral chips there are."""
    influence, combat = income_bound(NEUTRAL_CHIPS)
    return (
        influence + (players - 1) * INCOME_INFLUENCE,
        combat + (players - 1) * INCOME_COMBAT,
    )


def point_caps(game: LotusGame) -> tuple[int, int]:
    """The most influence points and the most combat points one seat can ever hold.

    Limited card supply (paid in turn order or pro rata): the bank and the players hold
    154 influence and 100 combat points between them (every payment goes back to the bank,
    income only comes out of it, and the bank never goes below 0: claim
    ``lotus.income.supply_limit:bank_never_negative`` for turn order,
    :func:`rulespec.lotus.rules.pro_rata` for shares), so no seat holds more; the
    German 0-card is worth nothing and adds nothing. Unlimited supply: the starting
    points plus the most income of every year but the last (the final year stops after
    the rebellion, lotus.end.trigger); with negotiation a seat can be given everyone's
    points, so the bound is every seat's start and income together.
    """
    if game.options.card_supply.limited:
        return INFLUENCE_POINTS, COMBAT_POINTS
    paid = years(game) - 1
    n = game.players
    if game.options.negotiation is Negotiation.ON:
        influence, combat = all_seats_income(n)
        return n * START_INFLUENCE + paid * influence, n * START_COMBAT + paid * combat
    influence, combat = income_bound(most_buildings(game.options.chip_supply))
    return START_INFLUENCE + paid * influence, START_COMBAT + paid * combat


def conflict_actions(players: int, markers: int) -> int:
    """The most decisions phase 2 of one year can take: per contested area with k
    claimants, at most one choice of the emperor (lotus.resolve.emperor_orders), k − 1
    rounds (lotus.conflict.repeat, each removes one claimant) of one bid per claimant
    still in (k + (k − 1) + … + 2 bids) and at most one tie decision each
    (lotus.conflict.tie_emperor). That is k(k + 1)/2 + k − 1, at most (n(n + 1)/2 + n − 1)
    / n per marker since k ≤ n (lotus.claim.one_per_colour), for n × ``markers`` markers."""
    per_full_area = players * (players + 1) // 2 + players - 1
    return markers * per_full_area


def year_actions(game: LotusGame) -> int:
    """The most decisions of one year, negotiation gifts and passes aside."""
    n = game.players
    markers = game.variant.max_markers
    claims = markers * n  # one action per placement position (lotus.claim.max_markers)
    conflicts = conflict_actions(n, markers)
    # rebellion: asked to lead (never the emperor), sides (neither emperor nor leader),
    # combat (everyone), one reward choice per winner (someone is on the losing side)
    rebellion = (n - 1) + (n - 2) + n + (n - 1)
    palace_income = n  # one choice per palace owner (lotus.income.palace)
    temple_extras = NEUTRAL_CHIPS[Building.TEMPLE]  # one per temple (lotus.expand.temple_extra)
    return claims + conflicts + rebellion + palace_income + temple_extras


def window_actions(game: LotusGame) -> int:
    """The most actions of one negotiation window: each seat passes once, and before
    that makes gifts of at least one point each out of what it holds (at most every
    point all seats hold: the point caps' totals)."""
    n = game.players
    if game.options.card_supply.limited:
        points = INFLUENCE_POINTS + COMBAT_POINTS
    else:
        influence, combat = all_seats_income(n)
        paid = years(game) - 1
        points = n * (START_INFLUENCE + START_COMBAT) + paid * (influence + combat)
    return n + n * points


def windows_per_year(game: LotusGame) -> int:
    """Negotiation windows in one year: one per conflict round, at most (n − 1) per n
    markers (k − 1 rounds for k ≤ n claimants), and one before the rebellion."""
    return game.variant.max_markers * (game.players - 1) + 1


def max_game_length(game: LotusGame) -> int:
    """Setup + chips drawn and placed + every year's decisions (+ negotiation windows)."""
    start = len(game.variant.start_chips)
    drawn = NEUTRAL_TOTAL - start  # each draw takes a face-down chip, a placement follows
    total = start + 2 * drawn + years(game) * year_actions(game)
    if game.options.negotiation is Negotiation.ON:
        total += years(game) * windows_per_year(game) * window_actions(game)
    return total


def bounds(game: LotusGame) -> Bounds:
    """The bounds of ``game`` (any edition, player count and options)."""
    n, y = game.players, years(game)
    start = len(game.variant.start_chips)
    length = max_game_length(game)
    negotiation = ""
    if game.options.negotiation is Negotiation.ON:
        negotiation = (
            f" Negotiation adds up to {windows_per_year(game)} windows a year (one per "
            "conflict round and one before the rebellion), each of at most one pass per "
            f"seat and gifts of at least a point out of what the giver holds, {n} × "
            "all the points the seats hold: "
            f"{window_actions(game)} actions (lotus.variant.negotiation_window, which "
            "allows any number of gifts)."
        )
    influence, combat = point_caps(game)
    return Bounds(
        max_game_length=length,
        max_chance_outcomes=len(BUILDINGS),
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        why={
            "max_game_length": (
                f"An upper bound, {length} actions. At most {y} years, one per area in play "
                "(z3 claim lotus.end.trigger:unowned_areas_decrease"
                + (
                    "; with chip_supply = limited_at_award a year may award nothing, and the "
                    "year cap of ruling lotus.end.year_cap ends the game after that many years"
                    if game.options.chip_supply is ChipSupply.LIMITED_AT_AWARD
                    else ""
                )
                + "). A year takes at most "
                f"{year_actions(game)} decisions: {game.variant.max_markers} placements per "
                "seat (lotus.claim.max_markers); per contested area with k claimants one "
                "choice, k − 1 rounds of bids and one tie decision each "
                f"({conflict_actions(n, game.variant.max_markers)} at most, "
                "lotus.conflict.repeat); 4n − 4 in the rebellion (asked, sides, combat, "
                "rewards); one palace-income choice per seat and one per temple. Add the "
                f"{start} start chips and each of the other {NEUTRAL_TOTAL - start} "
                "neutral chips drawn and placed once (lotus.expand.draw_place)." + negotiation
            ),
            "max_chance_outcomes": (
                f"Exact, {len(BUILDINGS)}: a chance node deals a start chip or draws a "
                "neutral chip, and its outcomes are the buildings (lotus.setup.start_chips, "
                "lotus.expand.draw_place); the first start chip can be any of the five."
            ),
            "min_utility": (
                "Exact, 0: a seat that does not share the win gets 0 (lotus.score.winner, "
                "Outcome.returns)."
            ),
            "max_utility": (
                "Exact, 1: a sole winner gets 1; seats sharing the win get 1/k each "
                "(lotus.score.winner)."
            ),
            "utility_sum": (
                "Always 1: the winners, at least one, share 1 and everyone else gets 0 "
                "(lotus.score.winner)."
            ),
            "point_caps": _caps_why(game, influence, combat),
        },
    )


def _caps_why(game: LotusGame, influence: int, combat: int) -> str:
    if game.options.card_supply.limited:
        return (
            f"{influence} influence, {combat} combat: the limited bank and the seats hold "
            "exactly the components' points between them and the bank never goes below 0 "
            "(z3 claim lotus.income.supply_limit:bank_never_negative); the German 0-card "
            "adds nothing (lotus.setup.zero_card). An upper bound: it is reached only if "
            "one seat gathers every card."
        )
    paid = years(game) - 1
    if game.options.negotiation is Negotiation.ON:
        per_year = all_seats_income(game.players)
        return (
            f"{influence} influence, {combat} combat: gifts can hand one seat every "
            f"seat's points, so the start of all seats plus {paid} incomes of at most "
            f"{per_year[0]} influence and {per_year[1]} combat for everyone together "
            "(base income per seat, buildings at most the neutral chips; the final year "
            "pays none, lotus.end.trigger). An upper bound."
        )
    per_year = income_bound(most_buildings(game.options.chip_supply))
    return (
        f"{influence} influence, {combat} combat: the starting cards plus {paid} incomes "
        f"(the final year pays none, lotus.end.trigger) of at most {per_year[0]} influence "
        f"and {per_year[1]} combat (z3 claim lotus.income.base:most_income_a_year); "
        "without negotiation points only come from income. An upper bound."
    )
