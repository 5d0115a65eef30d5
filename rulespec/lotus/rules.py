"""One pure function per rule step of White Lotus, named after what it decides.

They take plain numbers, seats and mappings, not states, so a rules lawyer can settle a
conflict or a rebellion by hand, and the z3 proofs are checked against exactly these
functions. :mod:`rulespec.lotus.state` calls them.

>>> loser_keeps(5, LoserRefund.DISCARD_HALF_ROUND_DOWN)
3
>>> loser_keeps(5, LoserRefund.KEEP_HALF_ROUND_UP)
3
>>> rebellion_winner(emperor_total=7, rebels_total=7)
<Side.EMPEROR: 'emperor'>
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from rulespec.core import trace
from rulespec.core.trace import decided
from rulespec.core.words import count, seats
from rulespec.lotus.components import (
    BASIC_MARKERS,
    DRAGON_BONUS,
    INCOME_COMBAT,
    INCOME_INFLUENCE,
    SCORE,
    TERRITORY_BONUS,
    Building,
    Side,
)
from rulespec.lotus.variant import (
    EmperorAfterRebellion,
    LeaderTie,
    LoserRefund,
    RewardTie,
    TerritoryMeasure,
)


def clockwise(seat: int, start: int, players: int) -> int:
    """How many seats clockwise ``seat`` sits after ``start`` (0 for ``start`` itself)."""
    return (seat - start) % players


def markers_allowed(rice_fields: int, year: int, from_year: int, max_markers: int) -> int:
    """Claim markers a player places this year: three, plus one per own rice field from
    ``from_year`` on, never more than ``max_markers`` (lotus.claim.three_rounds,
    lotus.claim.rice_extra). The German "from the second year" and the French "always"
    agree, since nobody owns a rice field in year 1's claims (see the proofs).

    >>> [markers_allowed(r, 2, 2, 5) for r in range(5)]
    [3, 4, 5, 5, 5]
    """
    if year < from_year:
        return BASIC_MARKERS
    if BASIC_MARKERS + rice_fields > max_markers and trace.TRACING:
        decided(
            "lotus.claim.max_markers",
            f"{rice_fields} rice fields would allow {BASIC_MARKERS + rice_fields} markers, but "
            f"nobody places more than {max_markers}",
        )
    return min(BASIC_MARKERS + rice_fields, max_markers)


def loser_keeps(bid: int, refund: LoserRefund) -> int:
    """Influence the player forced out of an area keeps of his ``bid``
    (lotus.conflict.loser_refund): the German book discards half rounded down in his favour,
    the French keeps half rounded up; the two always agree.

    >>> [loser_keeps(b, LoserRefund.KEEP_HALF_ROUND_UP) for b in range(6)]
    [0, 1, 1, 2, 2, 3]
    """
    if refund is LoserRefund.DISCARD_HALF_ROUND_DOWN:
        return bid - bid // 2
    return (bid + 1) // 2


def totals_against(bids: Mapping[int, tuple[int, int]]) -> dict[int, int]:
    """Influence played against each targeted seat; ``bids`` maps seat → (target, points)
    (lotus.conflict.reveal). Seats nobody targeted have no total.

    >>> totals_against({0: (1, 2), 1: (0, 3), 2: (0, 2)})   # the rulebooks' example
    {1: 2, 0: 5}
    """
    totals: dict[int, int] = {}
    for target, points in bids.values():
        totals[target] = totals.get(target, 0) + points
    return totals


def removal_candidates(bids: Mapping[int, tuple[int, int]]) -> frozenset[int]:
    """The seats that may have to leave: those targeted with the most influence
    (lotus.conflict.loser); more than one means the emperor decides
    (lotus.conflict.tie_emperor). Untargeted seats never leave, even when every bid is 0
    (ruling lotus.conflict.removal_candidates)."""
    totals = totals_against(bids)
    most = max(totals.values())
    return frozenset(s for s, t in totals.items() if t == most)


def payments(
    bids: Mapping[int, tuple[int, int]], loser: int, refund: LoserRefund
) -> dict[int, int]:
    """Influence each participant pays to the bank after a round: the loser all but what
    he keeps, everyone else his whole bid (lotus.conflict.others_pay)."""
    return {
        seat: points - loser_keeps(points, refund) if seat == loser else points
        for seat, (_, points) in bids.items()
    }


def emperor_after_gain(palaces: Sequence[int], emperor: int) -> int:
    """The emperor after areas were awarded in phase 2 (lotus.resolve.emperor_change).

    A player with more palaces than the emperor takes over; equal changes nothing. When
    several single claimants gain at once and pass him together, the one with the most
    palaces does, ties going to the first clockwise after the emperor (ruling
    lotus.resolve.uncontested_first).

    >>> emperor_after_gain([1, 2, 2], emperor=0)
    1
    """
    most = max(palaces)
    if palaces[emperor] == most:
        return emperor
    n = len(palaces)
    return min((s for s in range(n) if palaces[s] == most), key=lambda s: clockwise(s, emperor, n))


def leader_ask_order(
    villages: Sequence[int], emperor: int, tie: LeaderTie = LeaderTie.CLOCKWISE_FROM_EMPEROR
) -> tuple[int, ...]:
    """The order in which players are asked to lead a rebellion: only non-emperors with a
    village, most villages first (lotus.rebellion.candidates, lotus.rebellion.asking_order),
    ties clockwise from the emperor (lotus.rebellion.candidate_tie).

    >>> leader_ask_order([0, 2, 3, 2], emperor=0)
    (2, 1, 3)
    """
    n = len(villages)
    seats = [s for s in range(n) if s != emperor and villages[s] > 0]
    if villages[emperor] > 0 and trace.TRACING:
        decided(
            "lotus.rebellion.emperor_not_candidate",
            f"the emperor, seat {emperor}, owns {count(villages[emperor], 'village')} but cannot "
            "lead",
        )
    if len({villages[s] for s in seats}) < len(seats) and trace.TRACING:
        decided(
            "lotus.rebellion.candidate_tie",
            "candidates with as many villages are asked clockwise from the emperor",
        )
    assert tie is LeaderTie.CLOCKWISE_FROM_EMPEROR  # the only reading either book supports
    return tuple(sorted(seats, key=lambda s: (-villages[s], clockwise(s, emperor, n))))


def rebellion_totals(
    sides: Mapping[int, Side], combat: Mapping[int, int], emperor_palaces: int, leader_villages: int
) -> tuple[int, int]:
    """(emperor's side, rebels' side): combat points per side plus 2 per palace of the
    emperor himself and 1 per village of the leader himself (lotus.rebellion.emperor_bonus,
    lotus.rebellion.leader_bonus)."""
    emperor_total = 2 * emperor_palaces
    rebels_total = leader_villages
    for seat, side in sides.items():
        if side is Side.EMPEROR:
            emperor_total += combat.get(seat, 0)
        else:
            rebels_total += combat.get(seat, 0)
    return emperor_total, rebels_total


def rebellion_winner(emperor_total: int, rebels_total: int) -> Side:
    """The side with more points wins; a tie goes to the emperor (lotus.rebellion.winner)."""
    return Side.REBELS if rebels_total > emperor_total else Side.EMPEROR


def reward_order(
    leader: int, allies: Collection[int], combat: Mapping[int, int], players: int, tie: RewardTie
) -> tuple[int, ...]:
    """Who chooses a reward, in order: the winning side's leader, then his allies by combat
    points committed (lotus.rebellion.reward_order); among equals, the German "first to the
    left of the leader" and the French "closest in turn order" (lotus.rebellion.reward_tie).

    >>> reward_order(0, [4, 2], {2: 2, 4: 2}, 6, RewardTie.FIRST_LEFT_OF_LEADER)
    (0, 2, 4)
    """
    if len({combat.get(s, 0) for s in allies}) < len(allies) and trace.TRACING:
        decided(
            "lotus.rebellion.reward_tie",
            "allies who committed as much combat choose in seat order after the leader, "
            f"seat {leader}",
        )
    if tie is RewardTie.FIRST_LEFT_OF_LEADER:
        seats_left = [(leader + k) % players for k in range(1, players)]
        ranked = sorted(allies, key=lambda s: (-combat.get(s, 0), seats_left.index(s)))
    else:
        ranked = sorted(allies, key=lambda s: (-combat.get(s, 0), clockwise(s, leader, players)))
    return (leader, *ranked)


def new_emperor(
    palaces: Sequence[int], old: int, palace_taker: int | None, rule: EmperorAfterRebellion
) -> int:
    """The emperor after a rebellion's rewards (lotus.rebellion.new_emperor).

    German: whoever has the most palaces becomes or stays emperor; by the erratum, if the
    old emperor lost the lead and the top is tied, the one who took a palace from him.
    French: a player with more palaces than the emperor becomes emperor. Where the books
    stop (ruling lotus.rebellion.new_emperor_ties): among several above the emperor the one
    with the most palaces, then the palace taker, then the first clockwise after the old
    emperor. Both books thus name the same emperor in every case.

    >>> rule = EmperorAfterRebellion.MORE_THAN_EMPEROR
    >>> new_emperor([0, 2, 2, 1], old=0, palace_taker=2, rule=rule)
    2
    """
    n = len(palaces)
    if rule is EmperorAfterRebellion.MOST_PALACES_WITH_ERRATUM:
        most = max(palaces)
        if palaces[old] == most:
            return old
        top = [s for s in range(n) if palaces[s] == most]
    else:
        above = [s for s in range(n) if palaces[s] > palaces[old]]
        if not above:
            return old
        most = max(palaces[s] for s in above)
        top = [s for s in above if palaces[s] == most]
    if len(top) == 1:
        return top[0]
    if trace.TRACING:
        decided(
            "lotus.rebellion.new_emperor_ties",
            f"{seats(top)} tie for the most palaces, {palaces[top[0]]}: "
            + (
                f"seat {palace_taker} took the emperor's palace and is emperor"
                if palace_taker in top
                else "the tie rule of the ruling decides"
            ),
        )
    if palace_taker in top:
        return palace_taker
    return min(top, key=lambda s: clockwise(s, old, n))


def income(held: Sequence[int], combat_palaces: int) -> tuple[int, int]:
    """(influence, combat) a player receives in phase 5: 10 and 2 (lotus.income.base), per
    palace 2 influence or 1 combat (lotus.income.palace), per temple 3 influence
    (lotus.income.temple), per rice field 1 and 1 (lotus.income.rice), per fortress 2 combat
    (lotus.income.fortress). ``held`` counts buildings by :class:`Building`.

    >>> income((1, 2, 1, 1, 4), combat_palaces=1)
    (17, 6)
    """
    palaces = held[Building.PALACE]
    influence = (
        INCOME_INFLUENCE
        + 2 * (palaces - combat_palaces)
        + 3 * held[Building.TEMPLE]
        + held[Building.RICE]
    )
    combat = INCOME_COMBAT + combat_palaces + held[Building.RICE] + 2 * held[Building.FORTRESS]
    return influence, combat


def pro_rata(owed: Sequence[int], bank: int) -> list[int]:
    """What each player receives of one kind of points when the bank pays income pro rata
    (card_supply = 'pro_rata', ruling lotus.income.supply_limit): in full if the bank
    covers everyone, else ``owed × bank // total`` each, rounded down, the few points left
    over staying in the bank. Nobody gets more than he is owed, and the bank never goes
    below 0.

    >>> pro_rata([30, 20, 10], bank=100)
    [30, 20, 10]
    >>> pro_rata([30, 20, 10], bank=31)
    [15, 10, 5]
    >>> pro_rata([10, 10, 10], bank=20)
    [6, 6, 6]
    """
    total = sum(owed)
    available = max(bank, 0)
    if total <= available:
        return list(owed)
    return [o * available // total for o in owed]


K = TypeVar("K", bound=Hashable)


def largest_group(
    owned: Collection[K],
    adjacency: Mapping[K, Iterable[K]],
    measure: TerritoryMeasure = TerritoryMeasure.AREAS,
) -> int:
    """Size of the largest connected group among ``owned`` areas, counted in areas
    (lotus.score.largest_territory; the French measure, adopted for the German by ruling
    lotus.score.territory_measure)."""
    assert measure is TerritoryMeasure.AREAS  # the only measure either book supports
    todo = set(owned)
    best = 0
    while todo:
        stack = [todo.pop()]
        size = 1
        while stack:
            for n in adjacency[stack.pop()]:
                if n in todo:
                    todo.remove(n)
                    stack.append(n)
                    size += 1
        best = max(best, size)
    return best


def score(held: Sequence[int], dragons: int, vp_chips: int, territory_bonus: bool) -> int:
    """One player's points: buildings (lotus.score.buildings), +3 for the sole largest
    territory, +2 per dragon area (lotus.score.dragons), +1 per VP chip
    (lotus.score.vp_chips).

    >>> score((1, 1, 0, 0, 2), dragons=1, vp_chips=2, territory_bonus=True)
    14
    """
    return (
        sum(SCORE[b] * held[b] for b in Building)
        + (TERRITORY_BONUS if territory_bonus else 0)
        + DRAGON_BONUS * dragons
        + vp_chips
    )


def territory_winner(groups: Sequence[int]) -> int | None:
    """The seat whose largest territory is larger than everyone else's, or None on a tie."""
    most = max(groups)
    leaders = [s for s, g in enumerate(groups) if g == most]
    return leaders[0] if len(leaders) == 1 and most > 0 else None


def winners(scores: Sequence[int], emperor: int, palaces: Sequence[int]) -> frozenset[int]:
    """Most points wins; among tied players the emperor, else the most palaces, else a
    shared win (lotus.score.winner).

    >>> sorted(winners([10, 12, 12], emperor=1, palaces=[1, 1, 2]))
    [1]
    >>> sorted(winners([10, 12, 12], emperor=0, palaces=[1, 1, 1]))
    [1, 2]
    """
    best = max(scores)
    tied = [s for s, p in enumerate(scores) if p == best]
    if len(tied) > 1 and emperor in tied and trace.TRACING:
        decided(
            "lotus.score.final_emperor",
            f"{seats(tied)} tie at {best} points; the emperor after the "
            f"last rebellion, seat {emperor}, is among them and wins",
        )
    if emperor in tied:
        return frozenset({emperor})
    most = max(palaces[s] for s in tied)
    return frozenset(s for s in tied if palaces[s] == most)
