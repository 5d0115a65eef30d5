"""z3 proofs of White Lotus's rules.

The first half of this module encodes the rule functions of :mod:`rulespec.lotus.rules`
and :func:`rulespec.lotus.components.chips_fit`, and two automatic steps of
:class:`rulespec.lotus.State` (the rewards of a rebellion, the income of phase 5), as z3
expressions. ``tests/proofs/test_lotus_encodings.py`` checks each encoding against the
Python code on sampled inputs, the two steps against real rebellions and payouts of
random games, and the assumptions the claims make (the year-1 invariant, chip
feasibility, card conservation) against random play, so the claims in the second half
are about the code, not about a retelling of it.

Where the two books word a rule differently, the encoding takes the wording as a
parameter (the enum of :mod:`rulespec.lotus.variant`) and the claim reads both values
from the variant table, so a claim "editions agree" is about the table's two cells.

Conventions: a seat or "nobody" is an integer with :data:`NONE` for nobody; a building
is its :class:`~rulespec.lotus.components.Building` value; a rebellion side is
:data:`EMPEROR_SIDE` or :data:`REBELS_SIDE` (see :func:`side_code`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import z3

from rulespec.lotus.bounds import all_seats_income, income_bound, most_buildings
from rulespec.lotus.components import (
    BASIC_MARKERS,
    BUILDINGS,
    CHIP_FRONTS,
    CHIPS_PER_COLOUR,
    COMBAT_POINTS,
    DRAGON_BONUS,
    INCOME_COMBAT,
    INCOME_INFLUENCE,
    INFLUENCE_POINTS,
    MARKERS_PER_COLOUR,
    NEUTRAL_CHIPS,
    SCORE,
    START_COMBAT,
    START_INFLUENCE,
    TERRITORY_BONUS,
    VP_CHIPS,
    Building,
    Side,
)
from rulespec.lotus.variant import (
    TYPED,
    ChipSupply,
    EmperorAfterRebellion,
    LoserRefund,
    LotusVariant,
    RewardTie,
)

from .harness import Built, Claim, Expect
from .z3util import (
    NONE,
    Z,
    bool_vars,
    count_true,
    each_player_count,
    int_vars,
    is_seat,
    item_at,
    larger,
    largest,
    non_negative,
    smaller,
)

EMPEROR_SIDE = 0
REBELS_SIDE = 1
PLAYER_COUNTS = (3, 4, 5, 6)
EDITIONS = ("de", "fr")
AREAS_IN_PLAY = {3: 31, 4: 31, 5: 31, 6: 39}
"""Areas in play by player count (lotus.board.areas, lotus.board.brown_areas)."""
DRAGON_AREAS = 3
"""lotus.end.dragon_areas"""
PALACE, TEMPLE, FORTRESS, RICE, VILLAGE = (int(b) for b in BUILDINGS)
MAX_BUILDING_POINTS = (
    SCORE[PALACE] * CHIP_FRONTS[PALACE]
    + SCORE[TEMPLE] * CHIP_FRONTS[TEMPLE]
    + (CHIPS_PER_COLOUR - CHIP_FRONTS[PALACE] - CHIP_FRONTS[TEMPLE])
)
"""26: the most building points 16 chips can show: 3 palaces (9), 4 temples (8) and nine
one-point buildings. (Five fortresses, four rice fields and villages on top would need
more than 16 chips.)"""
MAX_SCORE_BEFORE_VP = MAX_BUILDING_POINTS + TERRITORY_BONUS + DRAGON_BONUS * DRAGON_AREAS
"""35: the most points a player can score besides his VP chips."""


def side_code(side: Side | None) -> int:
    """The integer a rebellion side (or no side) is encoded as."""
    if side is None:
        return NONE
    return EMPEROR_SIDE if side is Side.EMPEROR else REBELS_SIDE


def edition_values(field: str) -> tuple[Any, Any]:
    """A variant row's German and French values, read from the table (every player count
    must agree, since the row is along the edition axis)."""
    values = []
    for edition in EDITIONS:
        cells = {getattr(TYPED.variant(edition=edition, players=n), field) for n in PLAYER_COUNTS}
        assert len(cells) == 1, f"{field} depends on the player count: {cells}"
        values.append(cells.pop())
    return values[0], values[1]


# --- small helpers (the game-independent ones are in z3util) ---------------------------


def _holding(prefix: str) -> list[Z]:
    """Building counts named after the building: ``<prefix>palace`` …"""
    return [z3.Int(f"{prefix}{b.label}") for b in BUILDINGS]


Bind = Callable[[str, Z], Z]
"""Names an intermediate value: returns the expression itself, or (in claims, see
:class:`Definitions`) a fresh variable defined equal to it."""


def _inline(_name: str, expr: Z) -> Z:
    return expr


@attrs.frozen
class Definitions:
    """A :data:`Bind` that replaces each intermediate value by a named variable and keeps
    the defining equations, which a claim adds to its assumptions. The encoding means
    the same; the solver works on small terms, and a witness shows the values."""

    prefix: str
    equations: list[Z] = attrs.field(factory=list)

    def __call__(self, name: str, expr: Z) -> Z:
        var = z3.Const(f"{self.prefix}{name}", expr.sort())
        self.equations.append(var == expr)
        return var


def clockwise(seat: Z, start: Z, players: int) -> Z:
    """:func:`rulespec.lotus.rules.clockwise`: seats from ``start`` to ``seat`` clockwise.

    Written without the modulo (which the solver handles badly): for seats in range,
    the only inputs the claims and the code use, ``(seat − start) mod n`` is this."""
    return z3.If(seat >= start, seat - start, seat - start + players)


def seat_after(start: Z, k: int, players: int) -> Z:
    """The seat ``k`` places clockwise after ``start`` (0 ≤ k < n), ``(start + k) mod n``
    for a seat in range, again without the modulo."""
    return z3.If(start + k < players, start + k, start + k - players)


def closest_clockwise(start: Z, flags: Sequence[Z], players: int) -> Z:
    """The flagged seat nearest clockwise from ``start`` (``start`` itself at distance 0),
    :data:`NONE` if none is flagged: ``min(seats, key=clockwise(s, start, n))`` in the
    code, and the French "closest in turn order"."""
    pick: Z = z3.IntVal(NONE)
    best: Z = z3.IntVal(players)  # the distance of ``pick``; n while none is flagged
    for s in range(players):
        distance = clockwise(s, start, players)
        closer = z3.And(flags[s], distance < best)
        pick, best = z3.If(closer, s, pick), z3.If(closer, distance, best)
    return pick


def first_left_of(start: Z, flags: Sequence[Z], players: int) -> Z:
    """The German "first to the left of the leader": look at the seats clockwise after
    ``start``, k = 1 … n−1, and take the first flagged one (:data:`NONE` if none)."""
    pick: Z = z3.IntVal(NONE)
    for k in range(players - 1, 0, -1):
        seat = seat_after(start, k, players)
        pick = z3.If(item_at(flags, seat), seat, pick)
    return pick


# --- components and phase 1 (lotus.components.*, lotus.claim.*) ---------------------------


def chips_fit(held: Sequence[Z]) -> Z:
    """:func:`rulespec.lotus.components.chips_fit`."""
    return z3.And(
        z3.Sum(list(held)) <= CHIPS_PER_COLOUR,
        *[held[b] <= CHIP_FRONTS[b] for b in BUILDINGS if b is not Building.VILLAGE],
    )


def plus_one(held: Sequence[Z], building: Z) -> list[Z]:
    """``held`` with one more of ``building`` (a symbolic building code)."""
    return [h + z3.If(building == b, 1, 0) for b, h in enumerate(held)]


def may_claim(held: Sequence[Z], claimed: Sequence[Z], building: Z) -> Z:
    """Whether the chip-supply ruling lets a player put a marker on a neutral area of
    ``building`` (:meth:`rulespec.lotus.State.claim_areas`, limited supply): he could still
    show every building if he won it and every area he already claims this year."""
    return chips_fit(plus_one([h + c for h, c in zip(held, claimed, strict=True)], building))


def markers_allowed(rice: Z, year: Z, from_year: Z | int, max_markers: Z | int) -> Z:
    """:func:`rulespec.lotus.rules.markers_allowed`."""
    return z3.If(year < from_year, BASIC_MARKERS, smaller(BASIC_MARKERS + rice, max_markers))


# --- phase 2: conflicts (lotus.conflict.*, lotus.resolve.*) ------------------------------


def loser_keeps(bid: Z, refund: LoserRefund) -> Z:
    """:func:`rulespec.lotus.rules.loser_keeps`, each book's wording taken literally."""
    if refund is LoserRefund.DISCARD_HALF_ROUND_DOWN:
        return bid - loser_discards(bid, refund)
    return (bid + 1) / 2


def loser_discards(bid: Z, refund: LoserRefund) -> Z:
    """What the loser returns to the piles: the German states it (half, rounded down),
    the French leaves it as the rest of the bid."""
    if refund is LoserRefund.DISCARD_HALF_ROUND_DOWN:
        return bid / 2
    return bid - loser_keeps(bid, refund)


def totals_against(bidding: Sequence[Z], targets: Sequence[Z], points: Sequence[Z]) -> list[Z]:
    """:func:`rulespec.lotus.rules.totals_against` per seat (0 for a seat nobody targets;
    see :func:`targeted`). ``bidding[s]``: seat ``s`` bids, naming ``targets[s]`` with
    ``points[s]``."""
    n = len(bidding)
    return [
        z3.Sum([z3.If(z3.And(bidding[s], targets[s] == t), points[s], 0) for s in range(n)])
        for t in range(n)
    ]


def targeted(bidding: Sequence[Z], targets: Sequence[Z]) -> list[Z]:
    """Per seat, whether some bid names it (the seats with a total in the code)."""
    n = len(bidding)
    return [z3.Or(*[z3.And(bidding[s], targets[s] == t) for s in range(n)]) for t in range(n)]


def removal_candidates(bidding: Sequence[Z], targets: Sequence[Z], points: Sequence[Z]) -> list[Z]:
    """:func:`rulespec.lotus.rules.removal_candidates` as one Boolean per seat."""
    totals = totals_against(bidding, targets, points)
    hit = targeted(bidding, targets)
    return [
        z3.And(hit[t], *[z3.Implies(hit[u], totals[u] <= totals[t]) for u in range(len(hit))])
        for t in range(len(hit))
    ]


def payments(bidding: Sequence[Z], points: Sequence[Z], loser: Z, refund: LoserRefund) -> list[Z]:
    """:func:`rulespec.lotus.rules.payments` per seat (0 for a seat that does not bid)."""
    return [
        z3.If(bidding[s], z3.If(loser == s, p - loser_keeps(p, refund), p), 0)
        for s, p in enumerate(points)
    ]


def emperor_after_gain(palaces: Sequence[Z], emperor: Z) -> Z:
    """:func:`rulespec.lotus.rules.emperor_after_gain`."""
    most = largest(palaces)
    top = [p == most for p in palaces]
    return z3.If(
        item_at(palaces, emperor) == most, emperor, closest_clockwise(emperor, top, len(top))
    )


# --- phase 4: rebellion (lotus.rebellion.*) ----------------------------------------------


def leader_ask_order(villages: Sequence[Z], emperor: Z, bind: Bind = _inline) -> list[Z]:
    """:func:`rulespec.lotus.rules.leader_ask_order`, padded with :data:`NONE` to one entry
    per seat: a candidate's place is the number of candidates asked before him."""
    n = len(villages)
    candidate = [z3.And(emperor != s, v > 0) for s, v in enumerate(villages)]

    def before(t: int, s: int) -> Z:
        cw_t, cw_s = clockwise(t, emperor, n), clockwise(s, emperor, n)
        more = z3.Or(villages[t] > villages[s], z3.And(villages[t] == villages[s], cw_t < cw_s))
        return z3.And(candidate[t], more)

    place = [
        bind(f"place_s{s}", count_true([before(t, s) for t in range(n) if t != s]))
        for s in range(n)
    ]
    order: list[Z] = []
    for p in range(n):
        seat: Z = z3.IntVal(NONE)
        for s in range(n):
            seat = z3.If(z3.And(candidate[s], place[s] == p), s, seat)
        order.append(seat)
    return order


def rebellion_totals(
    sides: Sequence[Z], combat: Sequence[Z], emperor_palaces: Z, leader_villages: Z
) -> tuple[Z, Z]:
    """:func:`rulespec.lotus.rules.rebellion_totals`; ``sides[s]`` is a side code or
    :data:`NONE` for a seat without a side (absent from the mapping)."""
    emperor = 2 * emperor_palaces + z3.Sum(
        [z3.If(side == EMPEROR_SIDE, c, 0) for side, c in zip(sides, combat, strict=True)]
    )
    rebels = leader_villages + z3.Sum(
        [z3.If(side == REBELS_SIDE, c, 0) for side, c in zip(sides, combat, strict=True)]
    )
    return emperor, rebels


def rebellion_winner(emperor_total: Z, rebels_total: Z) -> Z:
    """:func:`rulespec.lotus.rules.rebellion_winner` as a side code."""
    return z3.If(rebels_total > emperor_total, REBELS_SIDE, EMPEROR_SIDE)


def tie_rule(tie: RewardTie) -> Callable[[Z, Sequence[Z], int], Z]:
    """The reading of the tie among winners with equal combat points (D23): the German as
    a walk clockwise from the leader, the French as the least distance in turn order."""
    return first_left_of if tie is RewardTie.FIRST_LEFT_OF_LEADER else closest_clockwise


def reward_steps(
    leader: Z,
    allies: Sequence[Z],
    combat: Sequence[Z],
    tie: RewardTie,
    bind: Bind = _inline,
) -> list[tuple[list[Z], Z]]:
    """The steps of :func:`reward_order` after the leader: per position, the allies not
    yet placed and the one picked (:data:`NONE` once none is left). Claims state facts
    step by step, so the solver proves them as a chain of small lemmas."""
    n = len(allies)
    pick_tied = tie_rule(tie)
    remaining = list(allies)
    steps: list[tuple[list[Z], Z]] = []
    for p in range(1, n):
        most: Z = z3.IntVal(-1)
        for s in range(n):
            most = z3.If(z3.And(remaining[s], combat[s] > most), combat[s], most)
        most = bind(f"most_{p}", most)
        tied = [z3.And(r, c == most) for r, c in zip(remaining, combat, strict=True)]
        pick = bind(f"pick_{p}", pick_tied(leader, tied, n))
        steps.append((remaining, pick))
        remaining = [bind(f"left_{p}_s{s}", z3.And(r, pick != s)) for s, r in enumerate(remaining)]
    return steps


def reward_order(
    leader: Z, allies: Sequence[Z], combat: Sequence[Z], tie: RewardTie, bind: Bind = _inline
) -> list[Z]:
    """:func:`rulespec.lotus.rules.reward_order` as one seat per position (leader first,
    :data:`NONE` after the last ally): each position takes, among the allies not yet
    placed, those with the most combat points and lets the edition's tie rule pick one.
    ``allies[s]``: seat ``s`` is an ally (never the leader); combat points are ≥ 0."""
    return [leader, *[pick for _, pick in reward_steps(leader, allies, combat, tie, bind)]]


def new_emperor(palaces: Sequence[Z], old: Z, taker: Z, rule: EmperorAfterRebellion) -> Z:
    """:func:`rulespec.lotus.rules.new_emperor` (``taker`` :data:`NONE` for nobody), each
    book's rule as the code words it, with the ruling's steps where the books stop."""
    n = len(palaces)
    mine = item_at(palaces, old)
    if rule is EmperorAfterRebellion.MOST_PALACES_WITH_ERRATUM:
        most = largest(palaces)
        stays = mine == most
        top = [p == most for p in palaces]
    else:
        above = [p > mine for p in palaces]
        stays = z3.Not(z3.Or(*above))
        best: Z = z3.IntVal(-1)
        for a, p in zip(above, palaces, strict=True):
            best = z3.If(z3.And(a, p > best), p, best)
        top = [z3.And(a, p == best) for a, p in zip(above, palaces, strict=True)]
    only: Z = z3.IntVal(NONE)
    for s in range(n):
        only = z3.If(top[s], s, only)
    taker_on_top = z3.And(is_seat(taker, n), item_at(top, taker))
    return z3.If(
        stays,
        old,
        z3.If(
            count_true(top) == 1,
            only,
            z3.If(taker_on_top, taker, closest_clockwise(old, top, n)),
        ),
    )


def reward_round(
    order: Sequence[Z],
    losers: Sequence[Z],
    takes: Sequence[Z],
    can: Sequence[Z],
    *,
    areas: tuple[Sequence[Z], Sequence[Z]],
    vp: tuple[Sequence[Z], Sequence[Z]],
) -> list[Z]:
    """The rewards of a rebellion (:meth:`rulespec.lotus.State._next_reward`,
    ``_take_area``, ``_give_vp``) as constraints on each seat's number of areas and VP
    chips, before and after.

    ``order[p]`` is the winner choosing at position ``p`` (:data:`NONE`: nobody);
    ``takes[p]`` the loser he takes an area from, :data:`NONE` for a VP chip; ``can[p]``
    whether a legal area exists for him then (adjacency and chips are not this encoding's
    concern, only that the area's owner is a loser not hit yet). A winner takes an area
    exactly when one is legal (lotus.rebellion.reward_compulsory, the default option),
    else a VP chip (lotus.rebellion.vp_fallback; the VP supply is unlimited by default).
    """
    n = len(losers)
    before_areas, after_areas = areas
    before_vp, after_vp = vp
    cons: list[Z] = []
    for p, (seat, take, legal) in enumerate(zip(order, takes, can, strict=True)):
        hit = [z3.Or(*[takes[q] == s for q in range(p)]) for s in range(n)]
        open_losers = z3.Or(*[z3.And(losers[s], z3.Not(hit[s])) for s in range(n)])
        cons += [
            z3.Implies(seat == NONE, z3.And(take == NONE, z3.Not(legal))),
            z3.Implies(legal, open_losers),  # lotus.rebellion.one_loss
            (take != NONE) == legal,
            z3.Implies(
                take != NONE,
                z3.And(
                    is_seat(take, n),
                    item_at(losers, take),
                    z3.Not(item_at(hit, take)),
                    item_at(before_areas, take) >= 1,  # he owns the area taken
                ),
            ),
        ]
    for s in range(n):
        gained = count_true(
            [z3.And(seat == s, take != NONE) for seat, take in zip(order, takes, strict=True)]
        )
        lost = count_true([take == s for take in takes])
        chips = count_true(
            [z3.And(seat == s, take == NONE) for seat, take in zip(order, takes, strict=True)]
        )
        cons += [
            after_areas[s] == before_areas[s] + gained - lost,
            after_vp[s] == before_vp[s] + chips,
        ]
    return cons


ROUND_COUNTS = ("areas_before", "areas_after", "vp_before", "vp_after")
"""The per-seat counts of :class:`RoundVars`, in field order."""


@attrs.frozen
class RoundVars:
    """The variables of one reward round (see :func:`reward_round`), per seat or per
    position in the reward order."""

    losers: list[Z]
    order: list[Z]
    takes: list[Z]
    can: list[Z]
    areas_before: list[Z]
    areas_after: list[Z]
    vp_before: list[Z]
    vp_after: list[Z]

    @classmethod
    def fresh(cls, players: int) -> RoundVars:
        """New z3 variables, named after the player count."""
        p = f"p{players}_"
        return cls(
            bool_vars(f"{p}loser_s", players),
            int_vars(f"{p}order_p", players),
            int_vars(f"{p}takes_p", players),
            bool_vars(f"{p}can_p", players),
            *[int_vars(f"{p}{name}_s", players) for name in ROUND_COUNTS],
        )


# --- phase 5: income (lotus.income.*) ----------------------------------------------------


def income(held: Sequence[Z], combat_palaces: Z) -> tuple[Z, Z]:
    """:func:`rulespec.lotus.rules.income`: (influence, combat)."""
    influence = (
        INCOME_INFLUENCE + 2 * (held[PALACE] - combat_palaces) + 3 * held[TEMPLE] + held[RICE]
    )
    combat = INCOME_COMBAT + combat_palaces + held[RICE] + 2 * held[FORTRESS]
    return influence, combat


def payout(
    influence: Sequence[Z],
    combat: Sequence[Z],
    bank: tuple[Z, Z],
    *,
    held: Sequence[Sequence[Z]],
    combat_palaces: Sequence[Z],
    order: Sequence[int],
    limited: bool,
) -> tuple[list[Z], list[Z], tuple[Z, Z]]:
    """Phase 5 (:meth:`rulespec.lotus.State._pay` for each seat in ``order``, the turn
    order from the emperor, lotus.income.order): with the limited supply each player gets
    what he is owed as far as the bank lasts, influence and combat separately
    (lotus.income.supply_limit). Returns (influence, combat, bank) after."""
    inf, com = list(influence), list(combat)
    bank_i, bank_c = bank
    for s in order:
        gain_i, gain_c = income(held[s], combat_palaces[s])
        if limited:
            gain_i = smaller(gain_i, larger(bank_i, 0))
            gain_c = smaller(gain_c, larger(bank_c, 0))
        inf[s] = inf[s] + gain_i
        com[s] = com[s] + gain_c
        bank_i, bank_c = bank_i - gain_i, bank_c - gain_c
    return inf, com, (bank_i, bank_c)


# --- scoring (lotus.score.*) -------------------------------------------------------------


def score(held: Sequence[Z], dragons: Z, vp_chips: Z, territory_bonus: Z) -> Z:
    """:func:`rulespec.lotus.rules.score` (``territory_bonus`` a Boolean)."""
    return (
        z3.Sum([SCORE[b] * held[b] for b in BUILDINGS])
        + z3.If(territory_bonus, TERRITORY_BONUS, 0)
        + DRAGON_BONUS * dragons
        + vp_chips
    )


def winners(scores: Sequence[Z], emperor: Z, palaces: Sequence[Z]) -> list[Z]:
    """:func:`rulespec.lotus.rules.winners` as one Boolean per seat."""
    best = largest(scores)
    tied = [s == best for s in scores]
    most: Z = z3.IntVal(-1)
    for t, p in zip(tied, palaces, strict=True):
        most = z3.If(z3.And(t, p > most), p, most)
    emperor_tied = item_at(tied, emperor)
    return [
        z3.If(emperor_tied, emperor == s, z3.And(t, p == most))
        for s, (t, p) in enumerate(zip(tied, palaces, strict=True))
    ]


# --- the claims ---------------------------------------------------------------------------


# conflicts: the loser's refund, payments, someone always leaves


def _refund_editions_agree() -> Built:
    de, fr = edition_values("loser_refund")
    bid = z3.Int("bid")
    keep_de, keep_fr = loser_keeps(bid, de), loser_keeps(bid, fr)
    drop_de, drop_fr = loser_discards(bid, de), loser_discards(bid, fr)
    return [bid >= 0], z3.And(
        keep_de == keep_fr,
        drop_de == drop_fr,
        keep_de + drop_de == bid,
        keep_de >= drop_de,
        keep_de <= drop_de + 1,
    )


def _canary_keeps_floor() -> Built:
    de, _ = edition_values("loser_refund")
    bid = z3.Int("bid")
    return [bid >= 0], loser_keeps(bid, de) == bid / 2


def _round_inputs(players: int) -> tuple[list[Z], list[Z], list[Z], list[Z]]:
    p = f"p{players}_"
    bidding = bool_vars(f"{p}bids_s", players)
    targets = int_vars(f"{p}target_s", players)
    points = int_vars(f"{p}points_s", players)
    assumptions = [count_true(bidding) >= 2]
    for s in range(players):
        assumptions.append(
            z3.Implies(
                bidding[s],
                z3.And(
                    points[s] >= 0,
                    is_seat(targets[s], players),
                    targets[s] != s,
                    item_at(bidding, targets[s]),  # lotus.conflict.target_present
                ),
            )
        )
    return bidding, targets, points, assumptions


def _someone_leaves(players: int) -> Built:
    bidding, targets, points, assumptions = _round_inputs(players)
    candidates = removal_candidates(bidding, targets, points)
    return assumptions, z3.And(
        z3.Or(*candidates),
        *[z3.Implies(c, b) for c, b in zip(candidates, bidding, strict=True)],
    )


def _round_conserves(players: int) -> Built:
    bidding, targets, points, assumptions = _round_inputs(players)
    loser = z3.Int(f"p{players}_loser")
    candidates = removal_candidates(bidding, targets, points)
    assumptions += [is_seat(loser, players), item_at(candidates, loser)]
    statements: list[Z] = []
    for refund in edition_values("loser_refund"):
        paid = payments(bidding, points, loser, refund)
        kept = loser_keeps(item_at(points, loser), refund)
        statements += [
            z3.Sum(paid)
            == z3.Sum([z3.If(b, p, 0) for b, p in zip(bidding, points, strict=True)]) - kept,
            *[
                z3.And(x >= 0, z3.Implies(b, x <= p))
                for x, b, p in zip(paid, bidding, points, strict=True)
            ],
            2 * kept >= item_at(points, loser),
        ]
    return assumptions, z3.And(*statements)


# claims: rice-field extras and the five-marker cap


def _rice_inputs() -> tuple[Z, Z, list[Z]]:
    rice, year = z3.Ints("rice year")
    return rice, year, [rice >= 0, year >= 1]


def _rice_editions_agree() -> Built:
    rice, year, assumptions = _rice_inputs()
    de, fr = edition_values("rice_extra_from_year")
    max_de, max_fr = edition_values("max_markers")
    # lotus.claim.rice_extra's premise: nobody owns an area in phase 1 of year 1
    # (tests: year_one_claims_see_no_owned_area)
    assumptions.append(z3.Or(year >= 2, rice == 0))
    return assumptions, markers_allowed(rice, year, de, max_de) == markers_allowed(
        rice, year, fr, max_fr
    )


def _rice_differs_without_invariant() -> Built:
    rice, year, assumptions = _rice_inputs()
    de, fr = edition_values("rice_extra_from_year")
    max_de, max_fr = edition_values("max_markers")
    return assumptions, markers_allowed(rice, year, de, max_de) == markers_allowed(
        rice, year, fr, max_fr
    )


def _at_most_five() -> Built:
    rice, year, assumptions = _rice_inputs()
    statements: list[Z] = []
    for edition in EDITIONS:
        v: LotusVariant = TYPED.variant(edition=edition, players=3)
        allowed = markers_allowed(rice, year, v.rice_extra_from_year, v.max_markers)
        statements += [
            allowed >= BASIC_MARKERS,
            allowed <= MARKERS_PER_COLOUR,
            z3.Implies(year >= 2, allowed == smaller(BASIC_MARKERS + rice, MARKERS_PER_COLOUR)),
            z3.Implies(year >= 2, allowed == BASIC_MARKERS + smaller(rice, 2)),
        ]
    return assumptions, z3.And(*statements)


# rebellion: the reward order and its tie


def _tie_inputs(players: int, prefix: str) -> tuple[Z, list[Z], list[Z]]:
    leader = z3.Int(f"{prefix}leader")
    tied = bool_vars(f"{prefix}tied_s", players)
    assumptions = [is_seat(leader, players), z3.Not(item_at(tied, leader))]
    return leader, tied, assumptions


def _tie_editions_agree(players: int) -> Built:
    de, fr = edition_values("reward_tie")
    leader, tied, assumptions = _tie_inputs(players, f"p{players}_")
    first_de = tie_rule(de)(leader, tied, players)
    first_fr = tie_rule(fr)(leader, tied, players)
    return assumptions, z3.And(
        first_de == first_fr,
        z3.Implies(z3.Or(*tied), z3.And(is_seat(first_de, players), item_at(tied, first_de))),
    )


def _order_inputs(players: int) -> tuple[Z, list[Z], list[Z], list[Z]]:
    p = f"p{players}_"
    leader, allies, assumptions = _tie_inputs(players, p)
    combat = int_vars(f"{p}combat_s", players)
    return leader, allies, combat, [*assumptions, non_negative(combat)]


def _order_editions_agree(players: int) -> Built:
    """Step by step: the same allies remain, so the same are tied, so (claim
    reward_tie:editions_agree, here on these sets) the same one is picked."""
    de, fr = edition_values("reward_tie")
    leader, allies, combat, assumptions = _order_inputs(players)
    bind_de, bind_fr = Definitions(f"p{players}_de_"), Definitions(f"p{players}_fr_")
    steps_de = reward_steps(leader, allies, combat, de, bind_de)
    steps_fr = reward_steps(leader, allies, combat, fr, bind_fr)
    assumptions += bind_de.equations + bind_fr.equations
    statements: list[Z] = []
    for (left_de, pick_de), (left_fr, pick_fr) in zip(steps_de, steps_fr, strict=True):
        statements += [
            z3.And(*[a == b for a, b in zip(left_de, left_fr, strict=True)]),
            pick_de == pick_fr,
        ]
    order_de = [leader, *[pick for _, pick in steps_de]]  # reward_order, with the names
    order_fr = [leader, *[pick for _, pick in steps_fr]]
    statements.append(z3.And(*[x == y for x, y in zip(order_de, order_fr, strict=True)]))
    return assumptions, z3.And(*statements)


def _order_each_once(players: int) -> Built:
    """Step by step: a pick is a remaining ally with the most combat points, and one
    fewer remains; so every ally is picked once, by non-increasing combat points."""
    de, _ = edition_values("reward_tie")
    leader, allies, combat, assumptions = _order_inputs(players)
    bind = Definitions(f"p{players}_")
    steps = reward_steps(leader, allies, combat, de, bind)
    assumptions += bind.equations
    statements: list[Z] = []
    for left, pick in steps:
        statements += [
            (pick != NONE) == z3.Or(*left),
            z3.Implies(
                pick != NONE,
                z3.And(
                    is_seat(pick, players),
                    item_at(left, pick),
                    *[
                        z3.Implies(r, item_at(combat, pick) >= c)
                        for r, c in zip(left, combat, strict=True)
                    ],
                ),
            ),
        ]
    order = [leader, *[pick for _, pick in steps]]  # reward_order, with the names
    k = count_true(allies)
    rest = order[1:]
    statements += [
        order[0] == leader,
        z3.And(*[(x != NONE) == (i < k) for i, x in enumerate(rest)]),
        z3.And(
            *[count_true([x == s for x in rest]) == z3.If(a, 1, 0) for s, a in enumerate(allies)]
        ),
        z3.And(
            *[
                z3.Implies(y != NONE, item_at(combat, x) >= item_at(combat, y))
                for x, y in itertools.pairwise(rest)
            ]
        ),
    ]
    return assumptions, z3.And(*statements)


# the emperor after a rebellion and in phase 2


def _palace_inputs(players: int, prefix: str) -> tuple[list[Z], Z, Z, list[Z]]:
    palaces = int_vars(f"{prefix}palaces_s", players)
    old, taker = z3.Ints(f"{prefix}old {prefix}taker")
    assumptions = [
        non_negative(palaces),
        z3.Sum(palaces) <= NEUTRAL_CHIPS[PALACE],
        is_seat(old, players),
        z3.Or(taker == NONE, is_seat(taker, players)),
    ]
    return palaces, old, taker, assumptions


def _emperor_editions_agree(players: int) -> Built:
    de, fr = edition_values("emperor_after_rebellion")
    palaces, old, taker, assumptions = _palace_inputs(players, f"p{players}_")
    return assumptions, new_emperor(palaces, old, taker, de) == new_emperor(palaces, old, taker, fr)


def _emperor_has_most(players: int) -> Built:
    palaces, old, taker, assumptions = _palace_inputs(players, f"p{players}_")
    statements: list[Z] = []
    for rule in edition_values("emperor_after_rebellion"):
        e = new_emperor(palaces, old, taker, rule)
        statements += [
            is_seat(e, players),
            *[item_at(palaces, e) >= p for p in palaces],
            z3.Implies(z3.And(*[item_at(palaces, old) >= p for p in palaces]), e == old),
        ]
    return assumptions, z3.And(*statements)


def _plain_french_names_one() -> Built:
    """The French text alone: a player with more palaces than the emperor becomes emperor.
    Before the rebellion the emperor has the most palaces; a rebellion moves palaces one
    area per winner and loser (lotus.rebellion.one_loss, lotus.rebellion.rewards)."""
    players = 4
    before = int_vars("before_palaces_s", players)
    after = int_vars("after_palaces_s", players)
    emperor = 0  # seats are numbered from the emperor (lotus.setup.first_emperor_seat)
    assumptions = [
        non_negative(before),
        non_negative(after),
        z3.Sum(before) == z3.Sum(after),
        z3.Sum(before) <= NEUTRAL_CHIPS[PALACE],
        *[before[emperor] >= p for p in before],
        *[z3.And(a - b >= -1, a - b <= 1) for a, b in zip(after, before, strict=True)],
    ]
    return assumptions, count_true([p > after[emperor] for p in after]) <= 1


def _gain_keeps_most(players: int) -> Built:
    p = f"p{players}_"
    palaces = int_vars(f"{p}palaces_s", players)
    emperor = z3.Int(f"{p}emperor")
    e = emperor_after_gain(palaces, emperor)
    return [non_negative(palaces), is_seat(emperor, players)], z3.And(
        is_seat(e, players),
        *[item_at(palaces, e) >= x for x in palaces],
        z3.Implies(z3.And(*[item_at(palaces, emperor) >= x for x in palaces]), e == emperor),
    )


# rebellion: the reward round (one loss per loser, one reward per winner)


def _reward_round(players: int) -> tuple[RoundVars, list[Z]]:
    """A reward round for a winning side: every winner once, in any order (the order's
    properties are claim reward_order:each_winner_once)."""
    v = RoundVars.fresh(players)
    winners_count = players - count_true(v.losers)
    assumptions = [
        z3.Or(*v.losers),
        z3.Or(*[z3.Not(x) for x in v.losers]),
        non_negative(v.areas_before),
        non_negative(v.vp_before),
        *[(x != NONE) == (i < winners_count) for i, x in enumerate(v.order)],
        *[
            z3.Implies(x != NONE, z3.And(is_seat(x, players), z3.Not(item_at(v.losers, x))))
            for x in v.order
        ],
        *[
            z3.Implies(z3.Not(lost), count_true([x == s for x in v.order]) == 1)
            for s, lost in enumerate(v.losers)
        ],
        *reward_round(
            v.order,
            v.losers,
            v.takes,
            v.can,
            areas=(v.areas_before, v.areas_after),
            vp=(v.vp_before, v.vp_after),
        ),
    ]
    return v, assumptions


def _never_two_areas(players: int) -> Built:
    v, assumptions = _reward_round(players)
    before, after = v.areas_before, v.areas_after
    seats = range(players)
    return assumptions, z3.And(
        *[
            z3.If(lost, after[s] >= before[s] - 1, after[s] >= before[s])
            for s, lost in enumerate(v.losers)
        ],
        # areas change hands, none appear or vanish: each area taken is one seat's gain
        # and one seat's loss (two lemmas per position), so the total is unchanged
        *[
            z3.And(
                count_true([z3.And(x == s, t != NONE) for s in seats]) == z3.If(t != NONE, 1, 0),
                count_true([t == s for s in seats]) == z3.If(t != NONE, 1, 0),
            )
            for x, t in zip(v.order, v.takes, strict=True)
        ],
        z3.Sum([after[s] - before[s] for s in seats]) == 0,
    )


def _one_reward_each(players: int) -> Built:
    v, assumptions = _reward_round(players)
    losers = v.losers
    gained = [a - b for a, b in zip(v.areas_after, v.areas_before, strict=True)]
    chips = [a - b for a, b in zip(v.vp_after, v.vp_before, strict=True)]
    winners_count = players - count_true(losers)
    taken = z3.Sum([z3.If(lost, 0, g) for g, lost in zip(gained, losers, strict=True)])
    return assumptions, z3.And(
        *[
            z3.If(lost, chips[s] == 0, z3.And(gained[s] + chips[s] == 1, gained[s] >= 0))
            for s, lost in enumerate(losers)
        ],
        taken + z3.Sum(chips) == winners_count,
        taken <= count_true(losers),
        z3.Sum(chips) >= winners_count - count_true(losers),
    )


# rebellion: the winner, and the order candidates are asked in


def _tie_to_emperor() -> Built:
    e, r = z3.Ints("emperor_total rebels_total")
    return [e >= 0, r >= 0], z3.And(
        z3.Implies(e == r, rebellion_winner(e, r) == EMPEROR_SIDE),
        (rebellion_winner(e, r) == REBELS_SIDE) == (r > e),
    )


def _more_combat_never_loses(players: int) -> Built:
    p = f"p{players}_"
    sides = int_vars(f"{p}side_s", players)
    combat = int_vars(f"{p}combat_s", players)
    palaces, villages, seat, extra = z3.Ints(
        f"{p}emperor_palaces {p}leader_villages {p}seat {p}extra"
    )
    more = [c + z3.If(seat == s, extra, 0) for s, c in enumerate(combat)]
    before = rebellion_winner(*rebellion_totals(sides, combat, palaces, villages))
    after = rebellion_winner(*rebellion_totals(sides, more, palaces, villages))
    assumptions = [
        *[z3.Or(x == EMPEROR_SIDE, x == REBELS_SIDE) for x in sides],
        non_negative(combat),
        palaces >= 0,
        villages >= 0,
        is_seat(seat, players),
        extra >= 0,
    ]
    return assumptions, z3.Implies(before == item_at(sides, seat), after == before)


def _canary_rebels_win_ties() -> Built:
    e, r = z3.Ints("emperor_total rebels_total")
    return [e >= 0, r >= 0, e == r], rebellion_winner(e, r) == REBELS_SIDE


def _asking_order(players: int) -> Built:
    p = f"p{players}_"
    villages = int_vars(f"{p}villages_s", players)
    emperor = z3.Int(f"{p}emperor")
    bind = Definitions(p)
    order = leader_ask_order(villages, emperor, bind)
    candidate = [z3.And(emperor != s, v > 0) for s, v in enumerate(villages)]
    k = count_true(candidate)
    assumptions = [non_negative(villages), is_seat(emperor, players), *bind.equations]
    return assumptions, z3.And(
        *[count_true([x == s for x in order]) == z3.If(c, 1, 0) for s, c in enumerate(candidate)],
        *[(x != NONE) == (i < k) for i, x in enumerate(order)],
        *[
            z3.Implies(y != NONE, item_at(villages, x) >= item_at(villages, y))
            for x, y in itertools.pairwise(order)
        ],
    )


# scoring


def _score_inputs() -> tuple[Z, list[Z]]:
    held = _holding("")
    dragons, vp = z3.Ints("dragons vp")
    bonus = z3.Bool("territory_bonus")
    assumptions = [
        non_negative(held),
        chips_fit(held),  # chip supply limited (the default): tests check it in random play
        dragons >= 0,
        dragons <= DRAGON_AREAS,
        dragons <= z3.Sum(held),  # a dragon area is one of the player's areas
        vp >= 0,
    ]
    return score(held, dragons, vp, bonus) - vp, assumptions


def _score_bounds() -> Built:
    without_vp, assumptions = _score_inputs()
    return assumptions, z3.And(without_vp >= 0, without_vp <= MAX_SCORE_BEFORE_VP)


def _score_below_max() -> Built:
    without_vp, assumptions = _score_inputs()
    return assumptions, without_vp < MAX_SCORE_BEFORE_VP


def _winners_sound(players: int) -> Built:
    p = f"p{players}_"
    scores = int_vars(f"{p}score_s", players)
    palaces = int_vars(f"{p}palaces_s", players)
    emperor = z3.Int(f"{p}emperor")
    won = winners(scores, emperor, palaces)
    best = largest(scores)
    return [non_negative(scores), non_negative(palaces), is_seat(emperor, players)], z3.And(
        z3.Or(*won),
        *[z3.Implies(w, s == best) for w, s in zip(won, scores, strict=True)],
        z3.Implies(
            item_at(scores, emperor) == best,
            z3.And(*[w == (emperor == s) for s, w in enumerate(won)]),
        ),
    )


# supplies: VP chips, the card bank, each colour's 16 chips


def _vp_supply_lasts() -> Built:
    """Four years of six players: the emperor's chip each phase 3, then a rebellion whose
    winners get an area or a chip each (rewards:one_reward_each), at most one area per
    loser (one_loss:never_two_areas_from_one_loser); every winner who can take an area
    does, the fewest chips the rules allow."""
    players, years = 6, 4
    assumptions: list[Z] = []
    handed: list[Z] = []
    for y in range(1, years + 1):
        won, lost, areas, chips = z3.Ints(f"y{y}_winners y{y}_losers y{y}_areas y{y}_chips")
        assumptions += [
            won >= 1,
            lost >= 1,
            won + lost == players,
            areas == smaller(won, lost),
            chips == won - areas,
        ]
        handed += [z3.IntVal(1), chips]  # lotus.tribute.emperor_point, then the rewards
    return assumptions, z3.Sum(handed) <= VP_CHIPS


def _start_holdings(players: int, prefix: str) -> tuple[list[list[Z]], list[Z], list[Z]]:
    """Year 1's buildings: only the start chips can be owned (claims need a neutral chip;
    phase 6 of year 1 comes after the payout)."""
    start = [0] * len(BUILDINGS)
    for b in TYPED.variant(edition="de", players=players).start_chips:
        start[b] += 1
    held = [_holding(f"{prefix}s{s}_") for s in range(players)]
    cp = int_vars(f"{prefix}combat_palaces_s", players)
    assumptions = [
        *[non_negative(h) for h in held],
        *[z3.Sum([h[b] for h in held]) <= start[b] for b in BUILDINGS],
        *[z3.And(c >= 0, c <= h[PALACE]) for c, h in zip(cp, held, strict=True)],
    ]
    return held, cp, assumptions


def _year_one_paid(players: int) -> Built:
    p = f"p{players}_"
    held, cp, assumptions = _start_holdings(players, p)
    influence = int_vars(f"{p}influence_s", players)
    combat = int_vars(f"{p}combat_s", players)
    bank = z3.Ints(f"{p}bank_influence {p}bank_combat")
    assumptions += [
        # year 1: nobody has been paid yet, points only go back to the bank
        *[z3.And(x >= 0, x <= START_INFLUENCE) for x in influence],
        *[z3.And(x >= 0, x <= START_COMBAT) for x in combat],
        z3.Sum(influence) + bank[0] == INFLUENCE_POINTS,
        z3.Sum(combat) + bank[1] == COMBAT_POINTS,
    ]
    owed = [income(h, c) for h, c in zip(held, cp, strict=True)]
    return assumptions, z3.And(
        bank[0] >= z3.Sum([i for i, _ in owed]),
        bank[1] >= z3.Sum([c for _, c in owed]),
    )


def _bank_pays_year_two() -> Built:
    """Six players after an uncontested year 1: the start chips went to single claimants
    (seat 0 the palace, 1 the temple, 2 the rice field, 3 the fortress, 4 and 5 two
    villages each); each player spends some influence in years 1 and 2 (free); year 1's
    income was paid in full (claim year_one_paid_in_full). Does the bank cover year 2's
    influence with the same buildings?"""
    players = 6
    owned = [PALACE, TEMPLE, RICE, FORTRESS, VILLAGE, VILLAGE]
    held = []
    for s, b in enumerate(owned):
        counts = [0] * len(BUILDINGS)
        counts[b] = 2 if s >= 4 else 1
        held.append([z3.IntVal(x) for x in counts])
    spent = int_vars("spent_s", players)
    zero = z3.IntVal(0)
    year_one = [income(h, zero)[0] for h in held]
    hand = [START_INFLUENCE + y - x for y, x in zip(year_one, spent, strict=True)]
    bank = INFLUENCE_POINTS - z3.Sum(hand)
    owed = z3.Sum([income(h, zero)[0] for h in held])
    return [*[x >= 0 for x in spent], *[h >= 0 for h in hand]], bank >= owed


def _payout_inputs(
    players: int,
) -> tuple[list[Z], list[Z], tuple[Z, Z], list[list[Z]], list[Z], list[Z]]:
    p = f"p{players}_"
    influence = int_vars(f"{p}influence_s", players)
    combat = int_vars(f"{p}combat_s", players)
    bank = (z3.Int(f"{p}bank_influence"), z3.Int(f"{p}bank_combat"))
    held = [_holding(f"{p}s{s}_") for s in range(players)]
    cp = int_vars(f"{p}combat_palaces_s", players)
    assumptions = [
        non_negative(influence),
        non_negative(combat),
        *[z3.And(non_negative(h), chips_fit(h)) for h in held],
        *[z3.And(c >= 0, c <= h[PALACE]) for c, h in zip(cp, held, strict=True)],
    ]
    return influence, combat, bank, held, cp, assumptions


def _income_never_negative() -> Built:
    held = _holding("")
    cp = z3.Int("combat_palaces")
    gain_i, gain_c = income(held, cp)
    return [non_negative(held), cp >= 0, cp <= held[PALACE]], z3.And(
        gain_i >= INCOME_INFLUENCE, gain_c >= INCOME_COMBAT
    )


def _most_income(players: int) -> Built:
    """One year's income against :mod:`rulespec.lotus.bounds`: each seat's holding, any
    palace choice, the buildings of all seats together at most the neutral chips."""
    p = f"p{players}_"
    held = [_holding(f"{p}s{s}_") for s in range(players)]
    cp = int_vars(f"{p}combat_palaces_s", players)
    assumptions = [
        *[non_negative(h) for h in held],
        *[z3.And(c >= 0, c <= h[PALACE]) for c, h in zip(cp, held, strict=True)],
        *[z3.Sum([h[b] for h in held]) <= NEUTRAL_CHIPS[b] for b in BUILDINGS],
    ]
    owed = [income(h, c) for h, c in zip(held, cp, strict=True)]
    fits = income_bound(most_buildings(ChipSupply.LIMITED))
    anyhow = income_bound(most_buildings(ChipSupply.UNLIMITED))
    together = all_seats_income(players)
    return assumptions, z3.And(
        *[
            z3.And(
                z3.Implies(chips_fit(h), z3.And(i <= fits[0], c <= fits[1])),
                i <= anyhow[0],
                c <= anyhow[1],
            )
            for h, (i, c) in zip(held, owed, strict=True)
        ],
        z3.Sum([i for i, _ in owed]) <= together[0],
        z3.Sum([c for _, c in owed]) <= together[1],
    )


def _bank_never_negative(players: int) -> Built:
    influence, combat, bank, held, cp, assumptions = _payout_inputs(players)
    assumptions += [
        bank[0] >= 0,
        bank[1] >= 0,
        z3.Sum(influence) + bank[0] == INFLUENCE_POINTS,
        z3.Sum(combat) + bank[1] == COMBAT_POINTS,
    ]
    order = list(range(players))  # any order: seats are symmetric in the assumptions
    inf, com, after = payout(
        influence, combat, bank, held=held, combat_palaces=cp, order=order, limited=True
    )
    owed = [income(h, c) for h, c in zip(held, cp, strict=True)]
    return assumptions, z3.And(
        after[0] >= 0,
        after[1] >= 0,
        z3.Sum(inf) + after[0] == INFLUENCE_POINTS,
        z3.Sum(com) + after[1] == COMBAT_POINTS,
        *[z3.And(a >= b, a - b <= o) for a, b, (o, _) in zip(inf, influence, owed, strict=True)],
        *[z3.And(a >= b, a - b <= o) for a, b, (_, o) in zip(com, combat, owed, strict=True)],
        z3.Implies(
            bank[0] >= z3.Sum([o for o, _ in owed]),
            z3.And(*[a - b == o for a, b, (o, _) in zip(inf, influence, owed, strict=True)]),
        ),
    )


def _holdings_fit_without_rule() -> Built:
    """Without the ruling a player keeps whatever he wins: at most the neutral chips of
    each building and the areas in play."""
    held = _holding("")
    return [
        non_negative(held),
        *[held[b] <= NEUTRAL_CHIPS[b] for b in BUILDINGS],
        z3.Sum(held) <= AREAS_IN_PLAY[6],
        held[VILLAGE] == 0,  # show the front-chip shortage, not the 16-chip total
    ], z3.And(  # the front caps first, so the witness shows one of them broken
        *[held[b] <= CHIP_FRONTS[b] for b in BUILDINGS if b is not Building.VILLAGE],
        chips_fit(held),
    )


def _won_claims_fit() -> Built:
    """Inductive: (initial) with no claims yet, a feasible holding satisfies the claim
    invariant 'holding + every claimed area is feasible'; (step) a marker the ruling
    allows keeps it; (use) winning any subset of the claims, and losing areas, leaves a
    feasible holding."""
    held, claimed, won, lost = (_holding(p) for p in ("held_", "claimed_", "won_", "lost_"))
    building = z3.Int("marker_building")
    total = [h + c for h, c in zip(held, claimed, strict=True)]
    after = [h + w - x for h, w, x in zip(held, won, lost, strict=True)]
    return [
        non_negative(held),
        non_negative(claimed),
        chips_fit(held),
        z3.And(building >= 0, building < len(BUILDINGS)),
        *[z3.And(w >= 0, w <= c) for w, c in zip(won, claimed, strict=True)],
        *[z3.And(x >= 0, x <= h) for x, h in zip(lost, held, strict=True)],
    ], z3.And(
        chips_fit(held),  # initial: claims empty
        z3.Implies(
            z3.And(chips_fit(total), may_claim(held, claimed, building)),
            chips_fit(plus_one(total, building)),
        ),
        z3.Implies(chips_fit(total), chips_fit(after)),
    )


def _taker_fits() -> Built:
    """A reward area is legal only if the taker can show its building (the same check as
    a claim, with no claims pending): his holding stays feasible."""
    held = _holding("held_")
    building = z3.Int("building")
    nothing = [z3.IntVal(0)] * len(BUILDINGS)
    return [
        non_negative(held),
        chips_fit(held),
        z3.And(building >= 0, building < len(BUILDINGS)),
        may_claim(held, nothing, building),
    ], chips_fit(plus_one(held, building))


# the game ends


def _never_blocks_everyone(players: int) -> Built:
    """A neutral area of building b and every player at his first placement of the year
    (no claims yet): someone may claim it. Chips in play: each building's owned chips are
    at most its neutral chips less this one, and owned areas at most the areas in play
    less this one."""
    p = f"p{players}_"
    held = [_holding(f"{p}s{s}_") for s in range(players)]
    building = z3.Int(f"{p}building")
    nothing = [z3.IntVal(0)] * len(BUILDINGS)
    assumptions = [
        z3.And(building >= 0, building < len(BUILDINGS)),
        *[z3.And(non_negative(h), chips_fit(h)) for h in held],
        *[
            z3.Sum([h[b] for h in held]) + z3.If(building == b, 1, 0) <= NEUTRAL_CHIPS[b]
            for b in BUILDINGS
        ],
        z3.Sum([z3.Sum(h) for h in held]) + 1 <= AREAS_IN_PLAY[players],
    ]
    return assumptions, z3.Or(*[may_claim(h, nothing, building) for h in held])


def _unowned_decrease(players: int) -> Built:
    """One year on an abstract board of A areas in play: N neutral, E empty, the rest
    owned. Phase 1 claims C areas, C ≥ 1 when N ≥ 1 (claim never_blocks_everyone and
    lotus.claim.mandatory); phase 2 leaves each owned (each round removes one claimant:
    claim someone_leaves; the winner can show the chip: claim won_claims_always_fit);
    the rebellion only swaps owners; phase 6 places P chips, P ≥ 1 when E ≥ 1 (a
    connected board, lotus.expand.disconnected, and enough chips, §G9)."""
    p = f"p{players}_"
    areas = AREAS_IN_PLAY[players]
    years, neutral, empty, claimed, placed = z3.Ints(
        f"{p}years {p}neutral {p}empty {p}claimed {p}placed"
    )
    unowned = neutral + empty
    over = neutral - claimed + empty == 0  # lotus.end.trigger, checked after phase 2
    neutral_next = neutral - claimed + placed
    empty_next = empty - placed
    assumptions = [
        years >= 0,
        neutral >= 0,
        empty >= 0,
        unowned <= areas - years,  # induction hypothesis: one fewer per year played
        z3.Or(neutral >= 1, unowned == 0),  # phase 1 sees a neutral area unless all is owned
        z3.And(claimed >= 0, claimed <= neutral),
        z3.Implies(neutral >= 1, claimed >= 1),
        z3.And(placed >= 0, placed <= empty),
        z3.Implies(z3.And(empty >= 1, z3.Not(over)), placed >= 1),
        z3.Implies(over, placed == 0),
    ]
    start_chips = len(TYPED.variant(edition="de", players=players).start_chips)
    base = z3.And(start_chips >= 1, start_chips <= areas)  # year 1: N = start chips, E = rest
    return assumptions, z3.And(
        base,
        z3.Implies(unowned >= 1, neutral_next + empty_next <= unowned - 1),
        z3.Implies(unowned >= 1, neutral_next + empty_next <= areas - (years + 1)),
        z3.Implies(z3.Not(over), neutral_next >= 1),
        years <= areas,
    )


# --- the list ---------------------------------------------------------------------------

CLAIMS: tuple[Claim, ...] = (
    Claim(
        "lotus.conflict.loser_refund:editions_agree",
        "lotus.conflict.loser_refund",
        "For every bid B ≥ 0 the German 'discard half, rounded down' and the French 'keep "
        "half, rounded up' keep and return the same points; kept + returned = B and the loser "
        "keeps at least half (the table's two loser_refund values)",
        _refund_editions_agree,
    ),
    Claim(
        "lotus.conflict.others_pay:round_conserves_influence",
        "lotus.conflict.others_pay",
        "After a conflict round (3–6 seats, any bidders, any loser the rules allow) the bank "
        "receives exactly the bids less what the loser keeps; nobody pays more than his bid "
        "(both editions' refunds)",
        lambda: each_player_count(_round_conserves, PLAYER_COUNTS),
        rlimit=40_000_000,  # 10× the 3_883_433 units it uses (z3 5.4.1), rounded up
    ),
    Claim(
        "lotus.conflict.removal_candidates:someone_leaves",
        "lotus.conflict.removal_candidates",
        "With two or more bidders, each naming another bidder, some bidder has the most "
        "influence against him, so every round removes exactly one player (3–6 seats)",
        lambda: each_player_count(_someone_leaves, PLAYER_COUNTS),
    ),
    Claim(
        "lotus.claim.rice_extra:editions_agree",
        "lotus.claim.rice_extra",
        "The German 'extras from year 2' and the French 'extras always' allow the same "
        "number of markers, given that nobody owns a rice field in year 1's claims (the "
        "table's rice_extra_from_year values 2 and 1)",
        _rice_editions_agree,
    ),
    Claim(
        "lotus.claim.rice_extra:agree_without_year_one_invariant",
        "lotus.claim.rice_extra",
        "Expected counterexample: without the year-1 invariant the two wordings would differ "
        "(a rice field owned in year 1), so the agreement rests on that invariant",
        _rice_differs_without_invariant,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "lotus.claim.max_markers:at_most_five",
        "lotus.claim.max_markers",
        "Both editions allow 3 to 5 markers a year, never more than a colour's 5 markers; "
        "from year 2 it is 3 + min(rice fields, 2) = min(3 + rice fields, 5)",
        _at_most_five,
    ),
    Claim(
        "lotus.rebellion.reward_tie:editions_agree",
        "lotus.rebellion.reward_tie",
        "For 3–6 players, any leader and any set of tied allies, the German 'first to the "
        "left of the leader' (a walk k = 1 … n−1) and the French 'closest in turn order' "
        "(least distance) pick the same ally",
        lambda: each_player_count(_tie_editions_agree, PLAYER_COUNTS),
    ),
    Claim(
        "lotus.rebellion.reward_order:editions_agree",
        "lotus.rebellion.reward_order",
        "The whole reward order (leader, then allies by combat points, ties by each book's "
        "wording) is the same in both editions, for 3–6 players and any combat points",
        lambda: each_player_count(_order_editions_agree, PLAYER_COUNTS),
        rlimit=70_000_000,  # 10× the 6_106_355 units it uses (z3 5.4.1), rounded up
    ),
    Claim(
        "lotus.rebellion.reward_order:each_winner_once",
        "lotus.rebellion.reward_order",
        "The reward order names the leader first, then every ally exactly once, by "
        "non-increasing combat points (3–6 players)",
        lambda: each_player_count(_order_each_once, PLAYER_COUNTS),
        rlimit=60_000_000,  # 10× the 5_725_155 units it uses (z3 5.4.1), rounded up
    ),
    Claim(
        "lotus.rebellion.new_emperor:editions_agree",
        "lotus.rebellion.new_emperor",
        "For 3–6 players, every palace count (at most 5 palaces), old emperor and palace "
        "taker (or none), the German rule with its erratum and the French rule with "
        "rulespec's ruling name the same emperor",
        lambda: each_player_count(_emperor_editions_agree, PLAYER_COUNTS),
        rlimit=20_000_000,  # 10× the 1_440_290 units it uses (z3 5.4.1), rounded up
    ),
    Claim(
        "lotus.rebellion.new_emperor:emperor_has_most_palaces",
        "lotus.rebellion.new_emperor",
        "After a rebellion the emperor (both editions) owns the most palaces, and an old "
        "emperor who still owns the most stays (the invariant phase 3 relies on)",
        lambda: each_player_count(_emperor_has_most, PLAYER_COUNTS),
        rlimit=30_000_000,  # 10× the 2_022_930 units it uses (z3 5.4.1), rounded up
    ),
    Claim(
        "lotus.rebellion.new_emperor_ties:at_most_one_above_emperor",
        "lotus.rebellion.new_emperor_ties",
        "Expected counterexample: after a rebellion two players can both own more palaces "
        "than the emperor, where the French text alone names no single emperor; hence the "
        "ruling",
        _plain_french_names_one,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "lotus.resolve.emperor_change:emperor_has_most_palaces",
        "lotus.resolve.emperor_change",
        "After areas are awarded in phase 2 the emperor owns the most palaces; equal "
        "palaces never unseat him (3–6 players)",
        lambda: each_player_count(_gain_keeps_most, PLAYER_COUNTS),
    ),
    Claim(
        "lotus.rebellion.asking_order:most_villages_first",
        "lotus.rebellion.asking_order",
        "Every non-emperor with a village is asked exactly once, the emperor never, in "
        "non-increasing order of villages (3–6 players)",
        lambda: each_player_count(_asking_order, PLAYER_COUNTS),
        rlimit=100_000_000,  # 10× the 9_764_037 units it uses (z3 5.4.1), rounded up
    ),
    Claim(
        "lotus.rebellion.winner:tie_goes_to_emperor",
        "lotus.rebellion.winner",
        "The rebels win exactly when their total is higher; equal totals go to the emperor",
        _tie_to_emperor,
    ),
    Claim(
        "lotus.rebellion.winner:more_combat_never_loses",
        "lotus.rebellion.winner",
        "Adding combat points to a player of the winning side never makes it lose "
        "(3–6 players, any sides, bonuses and commitments)",
        lambda: each_player_count(_more_combat_never_loses, PLAYER_COUNTS),
    ),
    Claim(
        "lotus.rebellion.one_loss:never_two_areas_from_one_loser",
        "lotus.rebellion.one_loss",
        "In a reward round no loser loses more than one area and no winner loses any; areas "
        "only change hands (3–6 players, any sides, any order of the winners)",
        lambda: each_player_count(_never_two_areas, PLAYER_COUNTS),
        rlimit=30_000_000,  # 10× the 2_402_237 units it uses (z3 5.4.1), rounded up
    ),
    Claim(
        "lotus.rebellion.rewards:one_reward_each",
        "lotus.rebellion.rewards",
        "Every winner gets exactly one area or one VP chip, losers no chip: areas taken + "
        "chips = winners, areas taken ≤ losers (3–6 players)",
        lambda: each_player_count(_one_reward_each, PLAYER_COUNTS),
        rlimit=60_000_000,  # 10× the 5_308_426 units it uses (z3 5.4.1), rounded up
    ),
    Claim(
        "lotus.score.buildings:score_at_most_35_plus_vp",
        "lotus.score.buildings",
        "A player scores from 0 to 35 + his VP chips: 16 chips show at most 26 building "
        "points (3 palaces, 4 temples, nine 1-point buildings), +3 territory, +6 dragons",
        _score_bounds,
    ),
    Claim(
        "lotus.score.buildings:score_below_35_plus_vp",
        "lotus.score.buildings",
        "Expected counterexample: the bound 35 + VP chips is reached (the witness is a "
        "holding that scores it), so it is tight",
        _score_below_max,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "lotus.score.winner:a_top_scorer_wins",
        "lotus.score.winner",
        "winners() is never empty and names only top scorers; an emperor among them wins "
        "alone (3–6 players)",
        lambda: each_player_count(_winners_sound, PLAYER_COUNTS),
    ),
    Claim(
        "lotus.components.vp_supply:eighteen_chips_suffice",
        "lotus.components.vp_supply",
        "Expected counterexample: the 18 VP chips can run out: six players, four years of "
        "the emperor's chip and a rebellion, even if every winner who can take an area "
        "does (the witness gives each year's winners, losers, areas and chips)",
        _vp_supply_lasts,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "lotus.income.supply_limit:year_one_paid_in_full",
        "lotus.income.supply_limit",
        "Year 1's income is always paid in full: players hold at most their start cards "
        "and own only start chips, so the bank covers 10n + 6 influence and 2n + 4 combat "
        "(3–6 players)",
        lambda: each_player_count(_year_one_paid, PLAYER_COUNTS),
    ),
    Claim(
        "lotus.income.supply_limit:bank_pays_year_two",
        "lotus.income.supply_limit",
        "Expected counterexample: the influence bank (154) cannot pay year 2's income when "
        "six players keep their 12 start points and year 1's income (the witness: what "
        "each spent)",
        _bank_pays_year_two,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "lotus.income.base:never_negative",
        "lotus.income.base",
        "Income is never negative: at least 10 influence and 2 combat, whatever the "
        "buildings and palace choices",
        _income_never_negative,
    ),
    Claim(
        "lotus.income.base:most_income_a_year",
        "lotus.income.base",
        "One year pays a seat at most the income of rulespec.lotus.bounds: 32 influence and "
        "19 combat for a holding its 16 chips can show, 41 and 25 for any holding of neutral "
        "chips, and all seats together 10n + 31 and 2n + 23 (3–6 players, any palace choice)",
        lambda: each_player_count(_most_income, PLAYER_COUNTS),
    ),
    Claim(
        "lotus.income.supply_limit:bank_never_negative",
        "lotus.income.supply_limit",
        "A payout round with the limited bank keeps 154 influence and 100 combat points in "
        "all, never takes the bank below 0, pays nobody more than owed, and pays everyone "
        "in full when the bank covers it (3–6 players)",
        lambda: each_player_count(_bank_never_negative, PLAYER_COUNTS),
    ),
    Claim(
        "lotus.claim.chip_supply:holdings_fit_without_the_rule",
        "lotus.claim.chip_supply",
        "Expected counterexample: without the chip-supply ruling a player can win more "
        "areas of a building than his colour has fronts (5 neutral palaces, 3 palace "
        "fronts; the witness is such a holding)",
        _holdings_fit_without_rule,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "lotus.claim.chip_supply:won_claims_always_fit",
        "lotus.claim.chip_supply",
        "With the ruling, a holding plus all claimed areas stays showable as markers are "
        "placed, so winning any subset of the claims (and losing areas) leaves a holding "
        "the player's 16 chips can show",
        _won_claims_fit,
    ),
    Claim(
        "lotus.rebellion.chip_supply:taker_holding_fits",
        "lotus.rebellion.chip_supply",
        "A reward area the ruling allows leaves the taker's holding showable",
        _taker_fits,
    ),
    Claim(
        "lotus.claim.chip_supply:never_blocks_everyone",
        "lotus.claim.chip_supply",
        "The ruling never blocks every player from a neutral area at his first placement: "
        "at most one player can be at a building's cap and at most two at 16 chips "
        "(3–6 players, 31 or 39 areas)",
        lambda: each_player_count(_never_blocks_everyone, PLAYER_COUNTS),
    ),
    Claim(
        "lotus.end.trigger:unowned_areas_decrease",
        "lotus.end.trigger",
        "Each year that does not end the game leaves at least one fewer unowned area and "
        "a neutral area for the next year's claims, so the game ends within as many years "
        "as there are areas in play (on an abstract board of any shape)",
        lambda: each_player_count(_unowned_decrease, PLAYER_COUNTS),
    ),
    # canaries: false on purpose; a proof here means the encodings or the harness broke
    Claim(
        "lotus.conflict.loser_refund:canary_keeps_half_rounded_down",
        "lotus.conflict.loser_refund",
        "Canary (false): the loser keeps half his bid rounded down",
        _canary_keeps_floor,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "lotus.rebellion.winner:canary_rebels_win_ties",
        "lotus.rebellion.winner",
        "Canary (false): the rebels win a tie",
        _canary_rebels_win_ties,
        Expect.COUNTEREXAMPLE,
    ),
)
