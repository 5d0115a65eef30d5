"""The White Castle's arithmetic, one pure function per rule, named after what it decides.

They take plain numbers, not states, so a rules lawyer can ask "what does covering a 6
with a 3 cost?" for a hand-made situation, and ``proofs/castle.py`` and the tests can be
checked against them. The turn (:mod:`rulespec.castle.turn`), the effects, the round end
and the final scoring call exactly these functions. The examples are the rulebook's own
where it has one (castle.de line numbers in the comments).

>>> placement_coins(die=5, covered=3), placement_coins(die=1, covered=5)   # castle.de:186
(2, -4)
>>> final_score(points=8, leftover=4, track=6, courtiers=25, warriors=18, gardeners=15)
76
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rulespec.castle.components import MAX_RESOURCE
from rulespec.core import trace
from rulespec.core.trace import decided

Resources = tuple[int, int, int]
"""Iron, food, pearl."""

AUDIENCE_COINS = 2
"""What a courtier's way to the castle gate costs (castle.actions.castle)."""
SEAL_PRICE = (1, 2, 2, 2)
"""Seals given for a coin, or for an iron, a food or a pearl (castle.seals.exchange)."""
SEAL_CAP = 5
"""Seals a family may keep; more are exchanged at once (castle.seals.cap)."""


# --- placing a die (castle.turn.place) -----------------------------------------------------


def placement_coins(die: int, covered: int) -> int:
    """Coins a die brings when it covers the value ``covered`` (printed or a die's): the
    difference, gained when the die is higher, paid when it is lower (castle.turn.place).

    >>> placement_coins(die=3, covered=1)   # castle.de:295: a black 3 on the well
    2
    >>> placement_coins(die=3, covered=6)   # castle.de:320: a red 3 on a family row's 6
    -3
    >>> placement_coins(die=4, covered=5)   # castle.de:279: one coin to cover the 5
    -1
    >>> placement_coins(die=4, covered=4)
    0
    """
    return die - covered


def can_cover(coins: int, die: int, covered: int) -> bool:
    """Whether a family with ``coins`` may place ``die`` over ``covered``: the difference
    must be paid in full, there is no debt (castle.turn.coins_short).

    >>> can_cover(coins=3, die=3, covered=6), can_cover(coins=2, die=3, covered=6)
    (True, False)
    >>> can_cover(coins=0, die=6, covered=1)   # a gain needs no coins
    True
    """
    return placement_coins(die, covered) + coins >= 0


def take_die(bridge: Sequence[int], i: int) -> tuple[int, tuple[int, ...]]:
    """The die at slot ``i`` of a bridge (0: empty slot) and the bridge after: a die taken
    from an end leaves its slot to the nearest die of the middle, so the next seat finds a
    die at that end again (castle.turn.take; the rival's die, castle.solo.place, may come
    from the middle, which closes nothing).

    >>> take_die((1, 2, 4, 5, 6), 0)
    (1, (2, 0, 4, 5, 6))
    >>> take_die((1, 0, 0, 5, 6), 4)
    (6, (1, 0, 0, 0, 5))
    >>> take_die((1, 2, 4, 5, 6), 2)   # the rival's middle die
    (4, (1, 2, 0, 5, 6))
    """
    out = list(bridge)
    n = len(out)
    value = out[i]
    out[i] = 0
    if i in (0, n - 1):
        middle = range(1, n - 1) if i == 0 else range(n - 2, 0, -1)
        for j in middle:
            if out[j]:
                out[i], out[j] = out[j], 0
                break
    return value, tuple(out)


# --- resources and seals -------------------------------------------------------------------


def capped_gain(resources: Resources, amounts: Sequence[int]) -> Resources:
    """Resources after a gain: each track stops at 7, and what does not fit is lost
    (castle.resources.cap), so gaining early never beats gaining late.

    >>> capped_gain((3, 6, 0), (3, 2, 1))
    (6, 7, 1)
    """
    r0, r1, r2 = resources
    a0, a1, a2 = amounts
    over = r0 + a0 > MAX_RESOURCE or r1 + a1 > MAX_RESOURCE or r2 + a2 > MAX_RESOURCE
    if over and trace.TRACING:
        decided(
            "castle.resources.cap",
            f"iron/food/pearl {r0}/{r1}/{r2} plus {a0}/{a1}/{a2} would pass {MAX_RESOURCE}: "
            "the excess is lost",
        )
    return (min(MAX_RESOURCE, r0 + a0), min(MAX_RESOURCE, r1 + a1), min(MAX_RESOURCE, r2 + a2))


@cache
def resource_splits(k: int) -> tuple[Resources, ...]:
    """Every way to take ``k`` resources of one's choice as (iron, food, pearl), most iron
    first: the options of an ``any_resource`` symbol, in the order they are numbered.

    >>> resource_splits(1)
    ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    >>> len(resource_splits(3)), resource_splits(3)[-1]   # castle.de:401: 3 of one's choice
    (10, (0, 0, 3))
    """
    return tuple((a, b, k - a - b) for a in range(k, -1, -1) for b in range(k - a, -1, -1))


def exchange_seals(
    coins: int, seals: int, resources: Resources, into: int
) -> tuple[int, int, Resources]:
    """(coins, seals, resources) after one exchange: a seal for a coin (``into`` 0), or two
    for a resource (1 iron, 2 food, 3 pearl), capped like any gain (castle.seals.exchange).

    >>> exchange_seals(coins=0, seals=6, resources=(0, 0, 0), into=0)   # castle.de:419
    (1, 5, (0, 0, 0))
    >>> exchange_seals(coins=0, seals=2, resources=(7, 0, 0), into=1)   # lost at the cap
    (0, 0, (7, 0, 0))
    """
    if into == 0:
        return coins + 1, seals - SEAL_PRICE[0], resources
    amounts = [0, 0, 0]
    amounts[into - 1] = 1
    return coins, seals - SEAL_PRICE[into], capped_gain(resources, amounts)


# --- the castle (castle.actions.castle) -----------------------------------------------------


def ascent_pearls(steps: int) -> int:
    """Pearls a courtier's ascent costs: 2 for one level, 5 for two at once
    (castle.actions.castle).

    >>> ascent_pearls(1)   # castle.de:401: Anna, from level 1 to level 2
    2
    >>> ascent_pearls(2)   # castle.de:405: Max, from level 1 to the Daimyo's hall
    5
    """
    return (0, 2, 5)[steps]


# --- the seasons track (castle.track.*) ------------------------------------------------------


def influence_stops(
    start: int, steps: int, last: int, trees: Sequence[tuple[int, int]]
) -> list[tuple[int, int]]:
    """(end space, seals) for each way to move ``steps`` from ``start``: a marker may stop
    before any tree on its way, or go on paying each tree it passes (castle.track.trees);
    steps beyond the last space are lost (castle.track.blocked_lost). ``trees`` are
    (space before the tree, seals to pass it).

    >>> trees = ((4, 1), (8, 2), (12, 3))
    >>> influence_stops(3, 2, 18, trees)   # stop before the tree, or pay 1 to pass it
    [(4, 0), (5, 1)]
    >>> influence_stops(3, 6, 18, trees)
    [(4, 0), (8, 1), (9, 3)]
    >>> influence_stops(17, 3, 18, trees)
    [(18, 0)]
    """
    end = min(start + steps, last)
    if start + steps > last and trace.TRACING:
        decided(
            "castle.track.blocked_lost",
            f"{steps} steps from space {start} would pass the end of the track, space {last}: "
            "the rest is lost",
        )
    out: dict[int, int] = {}
    paid = 0
    for after, seals in trees:
        if start <= after < end:
            out.setdefault(after, paid)
            paid += seals
    out.setdefault(end, paid)
    return list(out.items())


def track_points(
    space: int, trees: Sequence[int], season_points: Sequence[int], final: Sequence[int]
) -> int:
    """Points for a marker on ``space``: none in the first season, a fixed number in the
    second and third, and in the fourth one per space up to the track's end
    (castle.score.track). ``trees`` are the spaces before each tree.

    >>> points = [track_points(s, (4, 8, 12), (3, 6), (10, 11, 12)) for s in (4, 5, 9, 13, 20)]
    >>> points   # castle.de:483
    [0, 3, 6, 10, 12]
    """
    if space <= trees[0]:
        return 0
    if space <= trees[1]:
        return season_points[0]
    if space <= trees[2]:
        return season_points[1]
    return final[min(space - trees[2] - 1, len(final) - 1)]


def turn_order(tracks: Sequence[int], heights: Sequence[int]) -> tuple[int, ...]:
    """Seats in the next round's order: furthest on the seasons track first, and on one
    space the marker on top, the one that arrived last (castle.round.order,
    castle.round.order_stack).

    >>> turn_order(tracks=(3, 5, 3), heights=(4, 1, 6))
    (1, 2, 0)
    """
    return tuple(sorted(range(len(tracks)), key=lambda p: (-tracks[p], -heights[p])))


# --- the rival (castle.solo.*) ---------------------------------------------------------------


def rival_round_coins(coins: int, plays_first: bool, round_: int) -> tuple[int, int]:
    """(coins kept, points) when the rival trades its coins at a round end: groups of 3
    if it plays before the player in the new order, of 5 if after, each worth the round
    number (castle.solo.round_end).

    >>> rival_round_coins(coins=7, plays_first=True, round_=2)
    (1, 4)
    >>> rival_round_coins(coins=7, plays_first=False, round_=2)
    (2, 2)
    """
    group = 3 if plays_first else 5
    groups = coins // group
    return coins - groups * group, groups * round_


# --- final scoring (castle.score.*) -----------------------------------------------------------


def leftovers(coins: int, resources: Sequence[int]) -> int:
    """A point per 5 coins, and per resource track 1 point at 3 to 6, 2 at 7
    (castle.score.leftovers).

    >>> leftovers(7, (3, 4, 5))   # castle.de:503: 1 for Anna's 7 coins, 3 for resources
    4
    >>> leftovers(4, (7, 2, 6))
    3
    """
    return coins // 5 + sum(2 if r >= 7 else 1 if r >= 3 else 0 for r in resources)


def best_exchange(coins: int, seals: int, resources: Resources) -> int:
    """The leftover points after the best final exchange of ``seals``: some become
    resources (two each, capped at 7), the rest coins (castle.score.final_exchange). The
    search is exhaustive: with five seals at most it is cheap, and a greedy rule would
    have to be proved.

    >>> best_exchange(coins=4, seals=1, resources=(0, 0, 0))   # one seal makes 5 coins
    1
    >>> best_exchange(coins=0, seals=2, resources=(2, 0, 0))   # two make an iron the 3rd
    1
    """
    best = 0
    r0, r1, r2 = resources
    for g in range(seals // 2 + 1):
        left = coins + seals - 2 * g
        for a in range(g + 1):
            for b in range(g - a + 1):
                c = g - a - b
                value = leftovers(left, (min(7, r0 + a), min(7, r1 + b), min(7, r2 + c)))
                best = max(best, value)
    return best


def courtier_points(court: Sequence[int], level_points: Sequence[int]) -> int:
    """Courtiers score by where they stand: gate, level 1, level 2, the Daimyo's hall
    (castle.score.courtiers).

    >>> courtier_points((2, 1, 0, 2), (1, 3, 6, 10))   # castle.de:503: Anna's 10+10+3+1+1
    25
    >>> courtier_points((5, 0, 0, 0), (1, 3, 6, 10))   # all still at the gate
    5
    """
    return sum(n * p for n, p in zip(court, level_points, strict=True))


def warrior_points(grounds: Sequence[int], ground_points: Sequence[int], inside: int) -> int:
    """Warriors score their grounds' values times the family's courtiers inside the castle
    (levels 1 to 3): guards are worth as much as what they guard (castle.score.warriors).

    >>> warrior_points((2, 1, 1), (2, 1, 1), inside=3)   # castle.de:503: (2+2+1+1) × 3
    18
    >>> warrior_points((2, 1, 1), (2, 1, 1), inside=0)   # nobody inside: nothing to guard
    0
    """
    return sum(n * p for n, p in zip(grounds, ground_points, strict=True)) * inside


def final_score(
    points: int, *, leftover: int, track: int, courtiers: int, warriors: int, gardeners: int
) -> int:
    """The final score: points gained in play, the leftovers, the seasons track and the
    figures (castle.score.*); the solo rival scores no leftovers (castle.solo.final).

    >>> final_score(points=8, leftover=1 + 3, track=6, courtiers=25, warriors=18, gardeners=15)
    76
    """
    return points + leftover + track + courtiers + warriors + gardeners
