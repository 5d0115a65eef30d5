"""Every z3 encoding in ``proofs/lotus.py`` agrees with the code it encodes.

The pure rule functions of :mod:`rulespec.lotus.rules` are compared on hypothesis-drawn
inputs, for both values of every edition row that has two readings: the encoding is
built from z3 constants and simplified to a value. The rewards of a rebellion and the
income of phase 5 are compared with real ones from seeded random games, and the facts
the claims assume (nobody owns an area in year 1's claims, every holding fits its
chips, the card totals, one fewer unowned area a year) are checked on every state of
those games. Without these tests a proof would only be about a retelling of the rules.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from proofs import lotus as enc
from proofs.harness import Status
from proofs.z3util import NONE, seat_code
from rulespec.lotus import (
    Building,
    CommitCombat,
    Lead,
    PalaceIncome,
    Phase,
    Side,
    State,
    TakeArea,
    TakeVictoryPoint,
    rules,
)
from rulespec.lotus.actions import Action
from rulespec.lotus.components import (
    BUILDINGS,
    CHIP_FRONTS,
    CHIPS_PER_COLOUR,
    COMBAT_POINTS,
    INFLUENCE_POINTS,
    SCORE,
    START_COMBAT,
    START_INFLUENCE,
    chips_fit,
)
from rulespec.lotus.variant import (
    TYPED,
    EmperorAfterRebellion,
    LoserRefund,
    RewardTie,
)

from . import bools, ints, value, verdicts

PLAYERS = st.integers(3, 6)
EDITIONS = st.sampled_from(enc.EDITIONS)
SEEDS = st.integers(0, 5)
"""Few seeds: the games are cached, and every test looks at many states of each."""


def padded(seats: Sequence[int], n: int) -> list[int]:
    return [*seats, *[NONE] * (n - len(seats))]


@st.composite
def seats_and(draw: st.DrawFn, values: st.SearchStrategy[int]) -> tuple[int, list[int]]:
    """A player count and one small number per seat (small, so that ties are common)."""
    n = draw(PLAYERS)
    return n, draw(st.lists(values, min_size=n, max_size=n))


# --- the edition rows the claims compare ---------------------------------------------------


def test_edition_rows_have_two_readings() -> None:
    """The editions_agree claims read both cells of these rows; they must differ, or a
    claim would compare a reading with itself."""
    assert enc.edition_values("loser_refund") == (
        LoserRefund.DISCARD_HALF_ROUND_DOWN,
        LoserRefund.KEEP_HALF_ROUND_UP,
    )
    assert enc.edition_values("rice_extra_from_year") == (2, 1)
    assert enc.edition_values("max_markers") == (5, 5)
    assert enc.edition_values("reward_tie") == (
        RewardTie.FIRST_LEFT_OF_LEADER,
        RewardTie.CLOSEST_IN_TURN_ORDER,
    )
    assert enc.edition_values("emperor_after_rebellion") == (
        EmperorAfterRebellion.MOST_PALACES_WITH_ERRATUM,
        EmperorAfterRebellion.MORE_THAN_EMPEROR,
    )


def test_areas_in_play_and_start_chips_match_the_game() -> None:
    for n in enc.PLAYER_COUNTS:
        game = rulespec.game("lotus", edition="de", players=n)
        assert len(game.in_play) == enc.AREAS_IN_PLAY[n]  # type: ignore[attr-defined]
        assert sum(a.dragon for a in game.board.areas) == enc.DRAGON_AREAS  # type: ignore[attr-defined]
        for edition in enc.EDITIONS:
            chips = TYPED.variant(edition=edition, players=n).start_chips
            assert chips == TYPED.variant(edition="de", players=n).start_chips


def test_the_score_bound_is_the_true_maximum() -> None:
    """MAX_BUILDING_POINTS, by brute force over every holding 16 chips can show."""
    best = 0
    for held in itertools.product(*[range(CHIP_FRONTS[b] + 1) for b in BUILDINGS[:4]]):
        villages = CHIPS_PER_COLOUR - sum(held)
        if villages >= 0:
            counts = (*held, villages)
            assert chips_fit(counts)
            best = max(best, sum(SCORE[b] * counts[b] for b in BUILDINGS))
    assert best == enc.MAX_BUILDING_POINTS == 26
    assert enc.MAX_SCORE_BEFORE_VP == 35


# --- the pure rule functions -----------------------------------------------------------


@given(st.integers(0, 6), st.integers(1, 10))
def test_markers_allowed(rice: int, year: int) -> None:
    for edition in enc.EDITIONS:
        v = TYPED.variant(edition=edition, players=3)
        expected = rules.markers_allowed(rice, year, v.rice_extra_from_year, v.max_markers)
        got = enc.markers_allowed(
            z3.IntVal(rice), z3.IntVal(year), v.rice_extra_from_year, v.max_markers
        )
        assert value(got) == expected


@given(st.integers(0, 400), st.sampled_from(list(LoserRefund)))
def test_loser_keeps_and_discards(bid: int, refund: LoserRefund) -> None:
    keeps = rules.loser_keeps(bid, refund)
    assert value(enc.loser_keeps(z3.IntVal(bid), refund)) == keeps
    assert value(enc.loser_discards(z3.IntVal(bid), refund)) == bid - keeps


@st.composite
def conflict_rounds(draw: st.DrawFn) -> tuple[int, dict[int, tuple[int, int]]]:
    """A player count and the bids of a round: each bidder names another bidder."""
    n = draw(PLAYERS)
    bidders = sorted(draw(st.sets(st.integers(0, n - 1), min_size=2, max_size=n)))
    bids = {
        s: (draw(st.sampled_from([t for t in bidders if t != s])), draw(st.integers(0, 6)))
        for s in bidders
    }
    return n, bids


def round_inputs(n: int, bids: dict[int, tuple[int, int]]) -> tuple[list[Any], ...]:
    return (
        bools([s in bids for s in range(n)]),
        ints([bids[s][0] if s in bids else 0 for s in range(n)]),
        ints([bids[s][1] if s in bids else 0 for s in range(n)]),
    )


@given(conflict_rounds(), st.data())
def test_conflict_round(
    round_: tuple[int, dict[int, tuple[int, int]]], data: st.DataObject
) -> None:
    n, bids = round_
    bidding, targets, points = round_inputs(n, bids)
    totals = rules.totals_against(bids)
    assert {s for s in range(n) if value(enc.targeted(bidding, targets)[s])} == set(totals)
    got = enc.totals_against(bidding, targets, points)
    assert {s: value(got[s]) for s in totals} == totals
    candidates = enc.removal_candidates(bidding, targets, points)
    expected = rules.removal_candidates(bids)
    assert {s for s in range(n) if value(candidates[s])} == expected
    loser = data.draw(st.sampled_from(sorted(bids)))
    for refund in LoserRefund:
        paid = rules.payments(bids, loser, refund)
        got_paid = enc.payments(bidding, points, z3.IntVal(loser), refund)
        assert {s: value(got_paid[s]) for s in bids} == paid
        assert all(value(got_paid[s]) == 0 for s in range(n) if s not in bids)


@given(seats_and(st.integers(0, 3)), st.data())
def test_emperor_after_gain(seats: tuple[int, list[int]], data: st.DataObject) -> None:
    n, palaces = seats
    emperor = data.draw(st.integers(0, n - 1))
    expected = rules.emperor_after_gain(palaces, emperor)
    assert value(enc.emperor_after_gain(ints(palaces), z3.IntVal(emperor))) == expected


@given(seats_and(st.integers(0, 3)), st.data())
def test_leader_ask_order(seats: tuple[int, list[int]], data: st.DataObject) -> None:
    n, villages = seats
    emperor = data.draw(st.integers(0, n - 1))
    expected = rules.leader_ask_order(villages, emperor)
    got = enc.leader_ask_order(ints(villages), z3.IntVal(emperor))
    assert [value(x) for x in got] == padded(expected, n)


@given(seats_and(st.integers(0, 4)), st.data())
def test_rebellion_totals_and_winner(seats: tuple[int, list[int]], data: st.DataObject) -> None:
    n, combat = seats
    sides = {
        s: side
        for s in range(n)
        if (side := data.draw(st.none() | st.sampled_from(list(Side)))) is not None
    }
    committed = {s: c for s, c in enumerate(combat) if data.draw(st.booleans())}
    palaces, villages = data.draw(st.integers(0, 3)), data.draw(st.integers(0, 4))
    expected = rules.rebellion_totals(sides, committed, palaces, villages)
    codes = ints([enc.side_code(sides.get(s)) for s in range(n)])
    points = ints([committed.get(s, 0) for s in range(n)])
    got = enc.rebellion_totals(codes, points, z3.IntVal(palaces), z3.IntVal(villages))
    assert (value(got[0]), value(got[1])) == expected
    winner = rules.rebellion_winner(*expected)
    assert value(enc.rebellion_winner(*ints(expected))) == enc.side_code(winner)


@st.composite
def reward_inputs(draw: st.DrawFn) -> tuple[int, int, list[int], dict[int, int]]:
    """A player count, the winning side's leader, his allies and their combat points
    (small, so that ties are common; a missing entry is 0)."""
    n = draw(PLAYERS)
    leader = draw(st.integers(0, n - 1))
    allies = draw(st.lists(st.sampled_from([s for s in range(n) if s != leader]), unique=True))
    combat = {s: draw(st.integers(0, 2)) for s in allies if draw(st.booleans())}
    return n, leader, allies, combat


@given(reward_inputs(), st.sampled_from(list(RewardTie)))
def test_reward_order(inputs: tuple[int, int, list[int], dict[int, int]], tie: RewardTie) -> None:
    n, leader, allies, combat = inputs
    expected = rules.reward_order(leader, allies, combat, n, tie)
    flags = bools([s in allies for s in range(n)])
    points = ints([combat.get(s, 0) for s in range(n)])
    got = enc.reward_order(z3.IntVal(leader), flags, points, tie)
    assert [value(x) for x in got] == padded(expected, n)


@given(reward_inputs())
def test_each_tie_reading_picks_like_the_code(
    inputs: tuple[int, int, list[int], dict[int, int]],
) -> None:
    """The two readings on their own: with equal combat points the code's order after the
    leader is the tie order, so its first ally is what each reading picks."""
    n, leader, allies, _ = inputs
    tied = bools([s in allies for s in range(n)])
    for tie in RewardTie:
        order = rules.reward_order(leader, allies, {}, n, tie)
        first = order[1] if len(order) > 1 else NONE
        assert value(enc.tie_rule(tie)(z3.IntVal(leader), tied, n)) == first


@given(seats_and(st.integers(0, 3)), st.data())
def test_new_emperor(seats: tuple[int, list[int]], data: st.DataObject) -> None:
    n, palaces = seats
    old = data.draw(st.integers(0, n - 1))
    taker = data.draw(st.none() | st.integers(0, n - 1))
    for rule in EmperorAfterRebellion:
        expected = rules.new_emperor(palaces, old, taker, rule)
        got = enc.new_emperor(ints(palaces), z3.IntVal(old), z3.IntVal(seat_code(taker)), rule)
        assert value(got) == expected


@given(st.integers(0, 6), st.integers(-6, 6))
def test_clockwise_without_modulo(seat: int, start: int) -> None:
    """The encodings write seat arithmetic without the modulo; equal for seats in range."""
    for n in enc.PLAYER_COUNTS:
        if seat < n and 0 <= start < n:
            assert value(enc.clockwise(z3.IntVal(seat), z3.IntVal(start), n)) == rules.clockwise(
                seat, start, n
            )
            for k in range(n):
                assert value(enc.seat_after(z3.IntVal(start), k, n)) == (start + k) % n


HOLDINGS = st.tuples(*[st.integers(0, 7)] * len(BUILDINGS))


@given(HOLDINGS, st.data())
def test_income(held: tuple[int, ...], data: st.DataObject) -> None:
    combat_palaces = data.draw(st.integers(0, held[Building.PALACE]))
    expected = rules.income(held, combat_palaces)
    got = enc.income(ints(held), z3.IntVal(combat_palaces))
    assert (value(got[0]), value(got[1])) == expected


@given(HOLDINGS, st.integers(0, 3), st.integers(0, 20), st.booleans())
def test_score(held: tuple[int, ...], dragons: int, vp: int, bonus: bool) -> None:
    expected = rules.score(held, dragons, vp, bonus)
    got = enc.score(ints(held), z3.IntVal(dragons), z3.IntVal(vp), z3.BoolVal(bonus))
    assert value(got) == expected


@given(seats_and(st.integers(0, 4)), st.data())
def test_winners(seats: tuple[int, list[int]], data: st.DataObject) -> None:
    n, scores = seats
    palaces = data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    emperor = data.draw(st.integers(0, n - 1))
    expected = rules.winners(scores, emperor, palaces)
    got = enc.winners(ints(scores), z3.IntVal(emperor), ints(palaces))
    assert {s for s in range(n) if value(got[s])} == expected


@given(st.tuples(*[st.integers(0, 18)] * len(BUILDINGS)))
def test_chips_fit(held: tuple[int, ...]) -> None:
    assert value(enc.chips_fit(ints(held))) is chips_fit(held)


# --- random games --------------------------------------------------------------------------


@attrs.frozen
class Step:
    """One applied action of a random game."""

    before: State
    action: Action
    after: State


@functools.cache
def game_steps(edition: str, players: int, seed: int) -> tuple[Step, ...]:
    """Every step of the random game with this seed (limited cards, which the bank claims
    are about; the other options at their defaults: limited chips, unlimited VP chips)."""
    rng = random.Random(seed)
    g = rulespec.game("lotus", edition=edition, players=players, card_supply="limited")
    state: State = g.new_game(seed=seed)
    out: list[Step] = []
    while not state.is_terminal:
        action: Action = (
            state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
        after = state.apply(action)
        out.append(Step(state, action, after))
        state = after
    return tuple(out)


def game_states(edition: str, players: int, seed: int) -> list[State]:
    steps = game_steps(edition, players, seed)
    return [steps[0].before, *[s.after for s in steps]]


def claimed_counts(state: State, seat: int) -> list[int]:
    """Per building, the areas ``seat`` claims now."""
    counts = [0] * len(BUILDINGS)
    for i, c in enumerate(state.claims):
        chip = state.chips[i]
        if seat in c and chip is not None:
            counts[chip.building] += 1
    return counts


def unowned(state: State) -> int:
    """Areas in play that are empty or neutral."""
    return sum(1 for i in state.game.in_play if (c := state.chips[i]) is None or c.neutral)


@given(EDITIONS, PLAYERS, SEEDS)
def test_year_one_claims_see_no_owned_area(edition: str, players: int, seed: int) -> None:
    """The premise of claim lotus.claim.rice_extra:editions_agree: in phase 1 of year 1
    nobody owns an area, so nobody has a rice field and both wordings allow 3 markers."""
    de, fr = enc.edition_values("rice_extra_from_year")
    seen = set()
    for state in game_states(edition, players, seed):
        if state.year == 1 and state.phase is Phase.CLAIM:
            assert all(c is None or c.neutral for c in state.chips)
            for s in range(players):
                assert state.markers_allowed(s) == 3
                seen.add((state.held(s)[Building.RICE], state.year))
    assert seen == {(0, 1)}
    rice, year = z3.IntVal(0), z3.IntVal(1)
    assert value(enc.markers_allowed(rice, year, de, 5)) == 3
    assert value(enc.markers_allowed(rice, year, fr, 5)) == 3


BEFORE_INCOME = frozenset(
    {
        Phase.CLAIM,
        Phase.CHOOSE_CONFLICT,
        Phase.BID,
        Phase.REMOVE,
        Phase.LEAD,
        Phase.SIDE,
        Phase.COMBAT,
        Phase.REWARD,
    }
)
"""The steps of a year before its phase 5 (the negotiation variant is off)."""


@given(EDITIONS, PLAYERS, SEEDS)
def test_holdings_fit_and_cards_add_up_in_random_play(
    edition: str, players: int, seed: int
) -> None:
    """What the chip, score and bank claims assume, on every state of a random game: each
    holding fits the player's chips (chips_fit, whose encoding test_chips_fit checks),
    and with the claims of phase 1 too (chip_supply:won_claims_always_fit); card points
    add up to 154 and 100 with the bank never below 0
    (income.supply_limit:bank_never_negative); nobody is negative; before year 1's
    payout nobody holds more than his start cards (year_one_paid_in_full)."""
    for state in game_states(edition, players, seed):
        assert sum(state.influence) + state.bank[0] == INFLUENCE_POINTS
        assert sum(state.combat) + state.bank[1] == COMBAT_POINTS
        assert min(state.bank) >= 0
        for s in range(players):
            held = state.held(s)
            assert chips_fit(held)
            assert state.influence[s] >= 0
            assert state.combat[s] >= 0
            claimed = claimed_counts(state, s)
            assert chips_fit([h + c for h, c in zip(held, claimed, strict=True)])
            if state.year == 1 and state.phase in BEFORE_INCOME:
                assert state.influence[s] <= START_INFLUENCE
                assert state.combat[s] <= START_COMBAT


@given(EDITIONS, PLAYERS, SEEDS, st.integers(0, 10_000))
def test_may_claim_is_the_states_claim_check(
    edition: str, players: int, seed: int, index: int
) -> None:
    """:func:`proofs.lotus.may_claim` decides exactly the areas
    :meth:`State.claim_areas` offers, at a claim of a random game."""
    claims = [s for s in game_states(edition, players, seed) if s.phase is Phase.CLAIM]
    state = claims[index % len(claims)]
    seat = state.seat
    held = ints(state.held(seat))
    claimed = ints(claimed_counts(state, seat))
    offered = set(state.claim_areas(seat))
    for i in state.game.in_play:
        chip = state.chips[i]
        if chip is None or not chip.neutral or seat in state.claims[i]:
            assert i not in offered
            continue
        allowed = value(enc.may_claim(held, claimed, z3.IntVal(int(chip.building))))
        assert (i in offered) is allowed


@attrs.frozen
class Rebellion:
    """A rebellion of a random game, from the last combat commitment to the first state
    after the rewards."""

    before: State
    after: State
    losers: frozenset[int]
    order: tuple[int, ...]


@functools.cache
def rebellions(edition: str, players: int, seed: int) -> tuple[Rebellion, ...]:
    out: list[Rebellion] = []
    steps = game_steps(edition, players, seed)
    for i, step in enumerate(steps):
        if not (step.before.phase is Phase.COMBAT and step.after.phase is not Phase.COMBAT):
            continue
        assert isinstance(step.action, CommitCombat)
        before = step.before
        r = before.rebellion
        assert r is not None
        committed = {**dict(r.commits), before.seat: step.action.combat}
        sides = {before.emperor: Side.EMPEROR, r.leader: Side.REBELS, **dict(r.sides)}
        totals = rules.rebellion_totals(
            sides,
            committed,
            before.held(before.emperor)[Building.PALACE],
            before.held(r.leader)[Building.VILLAGE],
        )
        winner = rules.rebellion_winner(*totals)
        head = before.emperor if winner is Side.EMPEROR else r.leader
        allies = [s for s, side in sides.items() if side is winner and s != head]
        order = rules.reward_order(head, allies, committed, players, before.game.variant.reward_tie)
        j = i
        while steps[j].after.phase is Phase.REWARD:
            j += 1
        losers = frozenset(s for s, side in sides.items() if side is not winner)
        out.append(Rebellion(before, steps[j].after, losers, order))
    return tuple(out)


@functools.cache
def round_template(players: int) -> tuple[enc.RoundVars, tuple[Any, ...]]:
    """Fresh reward-round variables and their relation, built once per player count."""
    v = enc.RoundVars.fresh(players)
    relation = enc.reward_round(
        v.order,
        v.losers,
        v.takes,
        v.can,
        areas=(v.areas_before, v.areas_after),
        vp=(v.vp_before, v.vp_after),
    )
    return v, tuple(relation)


def round_fits(r: Rebellion, after: State | None = None) -> bool:
    """Whether the reward-round relation admits this rebellion, everything seen fixed."""
    n = r.before.players
    end = after or r.after
    v, relation = round_template(n)
    solver = z3.Solver()
    solver.add(*relation)
    solver.add(*[x == (s in r.losers) for s, x in enumerate(v.losers)])
    solver.add(*[x == s for x, s in zip(v.order, padded(r.order, n), strict=True)])
    for s in range(n):
        solver.add(
            v.areas_before[s] == len(r.before.owned(s)),
            v.areas_after[s] == len(end.owned(s)),
            v.vp_before[s] == r.before.vp[s],
            v.vp_after[s] == end.vp[s],
        )
    return bool(solver.check() == z3.sat)


@given(EDITIONS, PLAYERS, st.integers(0, 10_000))
def test_reward_round_admits_real_rebellions(edition: str, players: int, index: int) -> None:
    """The relation behind rebellion.one_loss and rebellion.rewards admits every
    rebellion of random games (states before and after the REWARD steps)."""
    found = [r for seed in range(6) for r in rebellions(edition, players, seed)]
    assert found
    r = found[index % len(found)]
    assert round_fits(r)


def test_reward_round_rejects_a_second_loss() -> None:
    """A loser who loses a second area to a winner is no reward round."""
    r = next(
        r
        for seed in range(6)
        for r in rebellions("de", 4, seed)
        if any(len(r.after.owned(s)) < len(r.before.owned(s)) for s in r.losers)
    )
    hit = next(s for s in r.losers if len(r.after.owned(s)) < len(r.before.owned(s)))
    area = r.after.owned(hit)[0]
    chips = list(r.after.chips)
    chip = chips[area]
    assert chip is not None
    chips[area] = attrs.evolve(chip, owner=r.order[0])
    tampered = attrs.evolve(r.after, chips=tuple(chips))
    assert round_fits(r)
    assert not round_fits(r, tampered)


@attrs.frozen
class Payout:
    """Phase 5 of a random game: the cards before, the buildings and palace choices, the
    order from the emperor, and the cards after."""

    before: State
    held: State
    choices: dict[int, int]
    after: State


@functools.cache
def payouts(edition: str, players: int, seed: int) -> tuple[Payout, ...]:
    """Each phase 5 entered from a decision that moves no card (the last reward or the
    last refusal to lead), followed through the palace owners' choices."""
    out: list[Payout] = []
    steps = game_steps(edition, players, seed)
    rebellion = {Phase.LEAD, Phase.SIDE, Phase.COMBAT, Phase.REWARD, Phase.NEGOTIATE}
    for i, step in enumerate(steps):
        if not isinstance(step.action, TakeArea | TakeVictoryPoint | Lead):
            continue
        if step.after.phase in rebellion or step.after.is_terminal:
            continue
        choices: dict[int, int] = {}
        j = i
        while steps[j].after.phase is Phase.PALACE_INCOME:
            j += 1
            action = steps[j].action
            assert isinstance(action, PalaceIncome)
            choices[steps[j].before.seat] = action.combat
        out.append(Payout(step.before, step.after, choices, steps[j].after))
    return tuple(out)


def paid(p: Payout) -> tuple[list[int], list[int], tuple[int, int]]:
    """What the payout encoding computes for this phase 5."""
    n = p.before.players
    inf, com, bank = enc.payout(
        ints(p.before.influence),
        ints(p.before.combat),
        (z3.IntVal(p.before.bank[0]), z3.IntVal(p.before.bank[1])),
        held=[ints(p.held.held(s)) for s in range(n)],
        combat_palaces=ints([p.choices.get(s, 0) for s in range(n)]),
        order=p.held.order_from_emperor(),
        limited=True,
    )
    return (
        [int(value(x)) for x in inf],
        [int(value(x)) for x in com],
        (
            int(value(bank[0])),
            int(value(bank[1])),
        ),
    )


@given(EDITIONS, PLAYERS, st.integers(0, 10_000))
def test_payout_is_the_states_phase_5(edition: str, players: int, index: int) -> None:
    """The payout encoding (income.supply_limit:bank_never_negative) computes exactly the
    cards of a real phase 5; in year 1 everyone is paid in full
    (income.supply_limit:year_one_paid_in_full)."""
    found = [p for seed in range(6) for p in payouts(edition, players, seed)]
    assert found
    p = found[index % len(found)]
    influence, combat, bank = paid(p)
    assert (influence, combat, bank) == (
        list(p.after.influence),
        list(p.after.combat),
        p.after.bank,
    )
    if p.before.year == 1:
        for s in range(players):
            owed = rules.income(p.held.held(s), p.choices.get(s, 0))
            assert influence[s] - p.before.influence[s] == owed[0]
            assert combat[s] - p.before.combat[s] == owed[1]


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "players"), [("de", 4), ("fr", 6)])
def test_every_rebellion_and_payout_of_some_games(edition: str, players: int) -> None:
    """Every rebellion and phase 5 of six whole games, not just sampled ones."""
    for seed in range(6):
        for r in rebellions(edition, players, seed):
            assert round_fits(r), (seed, r.before.year)
        for p in payouts(edition, players, seed):
            influence, combat, bank = paid(p)
            assert (influence, combat, bank) == (
                list(p.after.influence),
                list(p.after.combat),
                p.after.bank,
            )


def test_payouts_are_found_in_every_player_count() -> None:
    for players in enc.PLAYER_COUNTS:
        assert any(p.choices for seed in range(6) for p in payouts("fr", players, seed))


@given(EDITIONS, PLAYERS, SEEDS)
def test_unowned_areas_decrease_every_year(edition: str, players: int, seed: int) -> None:
    """G30 on random games (claim end.trigger:unowned_areas_decrease): each year starts
    with a neutral area that some player may claim at his first placement (claim
    chip_supply:never_blocks_everyone), ends with fewer unowned areas, and the game lasts
    at most as many years as there are areas in play."""
    states = game_states(edition, players, seed)
    starts = [b for a, b in itertools.pairwise(states) if b.year > a.year]
    starts.insert(0, next(s for s in states if s.phase is Phase.CLAIM))
    counts = [unowned(s) for s in starts]
    assert all(b < a for a, b in itertools.pairwise(counts)), counts
    assert len(starts) <= len(states[0].game.in_play)
    for state in starts:
        assert not any(state.claims)
        neutral = [i for i in state.game.in_play if (c := state.chips[i]) is not None and c.neutral]
        assert neutral
        for i in neutral:
            assert any(i in state.claim_areas(s) for s in range(players))
    assert states[-1].is_terminal
    assert unowned(states[-1]) == 0


@given(EDITIONS, PLAYERS, SEEDS)
def test_final_scores_are_within_the_bound(edition: str, players: int, seed: int) -> None:
    """Claims score.buildings:score_at_most_35_plus_vp and score.winner:a_top_scorer_wins
    on finished random games, with the score encoding on the real holdings."""
    end = game_states(edition, players, seed)[-1]
    scores = end.scores()
    outcome = end.outcome()
    board = end.game.board
    groups = [rules.largest_group(end.owned(s), end.game.adjacency) for s in range(players)]
    bonus = rules.territory_winner(groups)
    for s in range(players):
        dragons = sum(1 for i in end.owned(s) if board.areas[i].dragon)
        got = enc.score(
            ints(end.held(s)), z3.IntVal(dragons), z3.IntVal(end.vp[s]), z3.BoolVal(bonus == s)
        )
        assert value(got) == scores[s]
        assert 0 <= scores[s] - end.vp[s] <= enc.MAX_SCORE_BEFORE_VP
    assert outcome.winners
    assert all(scores[w] == max(scores) for w in outcome.winners)


# --- the verdicts ---------------------------------------------------------------------------


@pytest.mark.slow
def test_known_lotus_witnesses() -> None:
    """Expected counterexamples that are facts about the rules, not canaries (that every
    claim comes out as expected is checked for every game in test_harness.py)."""
    lotus_verdicts = verdicts("lotus")
    by_id = {v.claim_id: v for v in lotus_verdicts}
    for v in lotus_verdicts:
        if v.expected.value == "counterexample":
            assert v.status is Status.COUNTEREXAMPLE
            assert v.detail
    rice = by_id["lotus.claim.rice_extra:agree_without_year_one_invariant"]
    assert rice.detail == "rice = 1, year = 1"
    score = by_id["lotus.score.buildings:score_below_35_plus_vp"].detail
    assert "palace = 3" in score
    assert "temple = 4" in score
    assert "dragons = 3" in score
    assert "territory_bonus = True" in score
