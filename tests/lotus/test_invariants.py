"""The table of White Lotus invariants (rulespec/lotus/invariants.py): each is tied to a rule
of the registry, each has a mutation of a state reached in play that trips it, and every
message it gives names its rule."""

from __future__ import annotations

import functools
from collections.abc import Callable

import attrs
import pytest

import rulespec
from rulespec.core.invariants import Invariant, check
from rulespec.lotus import rules as steps
from rulespec.lotus.components import NEUTRAL, OWNED, Building, Side
from rulespec.lotus.invariants import INVARIANTS
from rulespec.lotus.state import (
    ClaimRound,
    Conflict,
    ConflictReveal,
    Expansion,
    IncomeReveal,
    Phase,
    Rebellion,
    RebellionReveal,
    State,
)

from ..position_mutations import played, trips, unknown_rules, unmatched

GAMES = {
    "de": {"edition": "de", "players": 4, "negotiation": "on"},
    "limited": {
        "edition": "de",
        "players": 3,
        "chip_supply": "limited",
        "vp_chips": "limited",
        "card_supply": "limited",
    },
    "fr": {"edition": "fr", "players": 4},
}
"""The games whose play the mutations start from."""


@functools.cache
def pool(key: str) -> tuple[State, ...]:
    """Every third state of four seeded random games of ``GAMES[key]``."""
    return played(rulespec.game("lotus", **GAMES[key]), range(4), every=3)


def find(key: str, wanted: Callable[[State], bool]) -> State:
    """The first state of ``pool(key)`` that is ``wanted``."""
    return next(s for s in pool(key) if wanted(s))


def setup() -> State:
    """The state before the start chips are dealt."""
    state = rulespec.game("lotus", **GAMES["de"]).initial_state()
    assert isinstance(state, State)
    return state


def at(phase: Phase, key: str = "de") -> State:
    return find(key, lambda s: s.phase is phase)


def other(state: State, seat: int) -> int:
    return (seat + 1) % state.players


def owned(state: State, seat: int, building: Building, areas: int) -> State:
    """``state`` with ``seat`` owning ``areas`` more areas of ``building`` (empty ones)."""
    chips = list(state.chips)
    empty = [i for i in sorted(state.game.in_play_set) if chips[i] is None]
    for i in empty[:areas]:
        chips[i] = OWNED[seat][building]
    return state.but(chips=tuple(chips))


def claimed(state: State, seat: int, count: int) -> State:
    """``state`` with ``seat`` claiming ``count`` more areas that hold a neutral chip."""
    claims = list(state.claims)
    areas = [
        i
        for i, c in enumerate(state.chips)
        if c is not None and c.neutral and seat not in claims[i]
    ]
    for i in areas[:count]:
        claims[i] = claims[i] | {seat}
    return state.but(claims=tuple(claims))


def _leader_without_village(s: State) -> State:
    chips = tuple(
        NEUTRAL[c.building] if c is not None and c.owner == s.seat else c for c in s.chips
    )
    return s.but(chips=chips)


def _asking_swapped(s: State) -> State:
    return s.but(seat=s.queue[0], queue=(s.seat, *s.queue[1:]))


def _loser_rewarded(s: State) -> State:
    assert s.rebellion is not None
    sides = dict(s.rebellion.all_sides(s.emperor))
    loser = next(t for t, side in sides.items() if side is not s.rebellion.winners)
    return s.but(queue=(*s.queue, loser))


def _reward_order_broken(s: State) -> State:
    assert s.rebellion is not None
    assert s.rebellion.winners is not None
    r = s.rebellion
    head = s.emperor if r.winners is Side.EMPEROR else r.leader
    sides = dict(r.all_sides(s.emperor))
    allies = [t for t, side in sides.items() if side is r.winners and t != head]
    order = steps.reward_order(head, allies, dict(r.commits), s.players, s.game.variant.reward_tie)
    return s.but(seat=order[0], queue=(order[0],))


def _multi_winner_reward(s: State) -> bool:
    r = s.rebellion
    if s.phase is not Phase.REWARD or r is None or r.winners is None:
        return False
    return sum(side is r.winners for _, side in r.all_sides(s.emperor)) > 1


def _tie_without_bids(s: State) -> State:
    assert s.conflict is not None
    return s.but(phase=Phase.REMOVE, seat=s.emperor, conflict=s.conflict.but(tied=frozenset({0})))


def _bids_twice(s: State) -> State:
    assert s.conflict is not None
    return s.but(conflict=s.conflict.but(bids=(*s.conflict.bids, s.conflict.bids[0])))


def _bid_on_self(s: State) -> State:
    assert s.conflict is not None
    seat, bid = s.conflict.bids[0]
    return s.but(conflict=s.conflict.but(bids=((seat, attrs.evolve(bid, target=seat)),)))


def _bid_beyond_influence(s: State) -> State:
    assert s.conflict is not None
    seat, bid = s.conflict.bids[0]
    more = attrs.evolve(bid, influence=s.influence[seat] + 1)
    return s.but(conflict=s.conflict.but(bids=((seat, more), *s.conflict.bids[1:])))


def _zero_card_fr(s: State) -> State:
    assert s.conflict is not None
    seat, bid = s.conflict.bids[0]
    return s.but(conflict=s.conflict.but(bids=((seat, attrs.evolve(bid, zero_card=True)),)))


def _reveal(s: State) -> ConflictReveal:
    assert isinstance(s.last, ConflictReveal)
    return s.last


def _commit_beyond_combat(s: State) -> State:
    assert s.rebellion is not None
    seat, _ = s.rebellion.commits[0]
    commits = ((seat, s.combat[seat] + 1), *s.rebellion.commits[1:])
    return s.but(rebellion=s.rebellion.but(commits=commits))


def _any_reveal_loser(s: State) -> bool:
    return isinstance(s.last, ConflictReveal) and s.last.loser is not None


def _committed(s: State) -> bool:
    return s.phase is Phase.COMBAT and s.rebellion is not None and bool(s.rebellion.commits)


def _bidding(s: State) -> bool:
    return s.phase is Phase.BID and s.conflict is not None and bool(s.conflict.bids)


def _no_space(s: State) -> State:
    return s.but(unseen=(0,) * len(s.unseen))


MUTATIONS: dict[str, Callable[[], State]] = {
    "_influence_total": lambda: (s := at(Phase.CLAIM)).but(bank=(s.bank[0] + 1, s.bank[1])),
    "_combat_total": lambda: (s := at(Phase.CLAIM)).but(bank=(s.bank[0], s.bank[1] + 1)),
    "_limited_bank": lambda: (s := at(Phase.CLAIM, "limited")).but(bank=(-1, s.bank[1])),
    "_no_negative_points": lambda: (s := at(Phase.CLAIM)).but(influence=(-1, *s.influence[1:])),
    "_vp_supply": lambda: (s := at(Phase.CLAIM, "limited")).but(vp=(19, *s.vp[1:])),
    "_areas_in_play": lambda: (s := at(Phase.CLAIM, "limited")).but(
        chips=tuple(
            NEUTRAL[Building.VILLAGE] if i not in s.game.in_play_set else c
            for i, c in enumerate(s.chips)
        )
    ),
    "_neutral_chips": lambda: (s := at(Phase.CLAIM)).but(unseen=(s.unseen[0] + 1, *s.unseen[1:])),
    "_chip_flip": lambda: owned(at(Phase.DRAW, "limited"), 0, Building.PALACE, 4),
    "_emperor_palaces": lambda: owned(
        (s := at(Phase.CLAIM)), other(s, s.emperor), Building.PALACE, 3
    ),
    "_markers_in_phase": lambda: claimed(at(Phase.DRAW), 0, 1),
    "_neutral_only": lambda: (s := at(Phase.CLAIM)).but(
        claims=tuple(
            frozenset({0}) if i in s.game.in_play_set and c is None else s.claims[i]
            for i, c in enumerate(s.chips)
        )
    ),
    "_uncontested_first": lambda: (s := at(Phase.CHOOSE_CONFLICT)).but(
        claims=tuple(frozenset({0}) if c and len(c) > 1 else c for c in s.claims)
    ),
    "_claims_fit": lambda: claimed(owned(at(Phase.CLAIM, "limited"), 0, Building.PALACE, 3), 0, 5),
    "_markers_allowed": lambda: claimed(at(Phase.CLAIM), 0, 6),
    "_markers_per_turn": lambda: claimed(
        (s := find("de", lambda s: s.phase is Phase.CLAIM and s.claiming.cursor == 0)),
        other(s, s.emperor),
        1,
    ),
    "_first_year_neutral": lambda: owned(
        find("de", lambda s: s.phase is Phase.CLAIM and s.year == 1), 0, Building.VILLAGE, 1
    ),
    "_conflict_area": lambda: at(Phase.BID).but(conflict=None),
    "_conflict_in_phase": lambda: at(Phase.DRAW).but(conflict=Conflict(area=0)),
    "_bidders_claim": lambda: (s := at(Phase.BID)).but(
        seat=next(t for t in range(s.players) if t not in s.claims[s.conflict.area])
    ),
    "_tie_to_break": lambda: (s := at(Phase.BID)).but(phase=Phase.REMOVE, seat=s.emperor),
    "_rebel_leader": lambda: (s := at(Phase.SIDE)).but(rebellion=s.rebellion.but(leader=s.emperor)),
    "_rebellion_in_phase": lambda: at(Phase.DRAW).but(rebellion=Rebellion(leader=1)),
    "_winners_known": lambda: at(Phase.SIDE).but(phase=Phase.REWARD),
    "_placement_first": lambda: (s := at(Phase.DRAW)).but(seat=other(s, s.seat)),
    "_declinable": lambda: (s := at(Phase.DRAW)).but(
        phase=Phase.TEMPLE_EXTRA, expansion=Expansion(slots=((s.seat, False),))
    ),
    "_expansion_in_phase": lambda: at(Phase.LEAD).but(expansion=Expansion(slots=((0, False),))),
    "_compulsory_extras": lambda: at(Phase.DRAW, "fr").but(phase=Phase.TEMPLE_EXTRA),
    "_chip_drawn": lambda: at(Phase.DRAW).but(phase=Phase.PLACE),
    "_claim_turn": lambda: (s := at(Phase.CLAIM)).but(seat=other(s, s.seat)),
    "_claiming_in_phase": lambda: at(Phase.DRAW).but(claiming=ClaimRound(cursor=0)),
    "_emperor_orders": lambda: (s := at(Phase.CHOOSE_CONFLICT)).but(seat=other(s, s.emperor)),
    "_emperor_breaks_ties": lambda: (s := at(Phase.BID)).but(
        phase=Phase.REMOVE, seat=other(s, s.emperor)
    ),
    "_extra_rounds": lambda: (s := at(Phase.CLAIM)).but(
        seat=s.emperor, claiming=ClaimRound(cursor=4 * s.players)
    ),
    "_leader_not_emperor": lambda: (s := at(Phase.LEAD)).but(seat=s.emperor),
    "_leader_has_village": lambda: _leader_without_village(at(Phase.LEAD)),
    "_asking_order": lambda: _asking_swapped(
        find("de", lambda s: s.phase is Phase.LEAD and len(s.queue) > 0)
    ),
    "_winners_rewarded": lambda: _loser_rewarded(at(Phase.REWARD)),
    "_reward_order": lambda: _reward_order_broken(find("de", _multi_winner_reward)),
    "_palace_income": lambda: (s := at(Phase.PALACE_INCOME)).but(
        chips=tuple(
            NEUTRAL[c.building] if c is not None and c.owner == s.seat else c for c in s.chips
        )
    ),
    "_income_order": lambda: (s := at(Phase.PALACE_INCOME)).but(
        queue=(s.seat, *s.order_from_emperor())
    ),
    "_temple_extras": lambda: (s := at(Phase.DRAW)).but(
        expansion=s.expansion.but(slots=(*s.expansion.slots, (0, True), (0, True), (0, True)))
    ),
    "_bids_once": lambda: _bids_twice(find("de", _bidding)),
    "_bid_targets": lambda: _bid_on_self(find("de", _bidding)),
    "_zero_card": lambda: _zero_card_fr(find("fr", _bidding)),
    "_removal_candidates": lambda: _tie_without_bids(at(Phase.BID)),
    "_tied_only_in_tie": lambda: (s := at(Phase.BID)).but(
        conflict=s.conflict.but(tied=frozenset({0}))
    ),
    "_sides_once": lambda: (s := at(Phase.COMBAT)).but(
        rebellion=s.rebellion.but(sides=(*s.rebellion.sides, s.rebellion.sides[0]))
    ),
    "_fixed_sides": lambda: (s := at(Phase.COMBAT)).but(
        rebellion=s.rebellion.but(sides=((s.emperor, Side.REBELS), *s.rebellion.sides[1:]))
    ),
    "_sides_chosen": lambda: (s := at(Phase.COMBAT)).but(rebellion=s.rebellion.but(sides=())),
    "_one_loss": lambda: (s := at(Phase.REWARD)).but(
        rebellion=s.rebellion.but(hit=frozenset({s.seat}))
    ),
    "_winner_takes": lambda: (s := at(Phase.COMBAT)).but(
        rebellion=s.rebellion.but(hit=frozenset({0}))
    ),
    "_reveal_once": lambda: (s := find("de", _any_reveal_loser)).but(
        last=_reveal(s).but(bids=(*_reveal(s).bids, _reveal(s).bids[0]))
    ),
    "_reveal_targets": lambda: (s := find("de", _any_reveal_loser)).but(
        last=_reveal(s).but(bids=tuple((b, b, p, z) for b, _, p, z in _reveal(s).bids))
    ),
    "_reveal_totals": lambda: (s := find("de", _any_reveal_loser)).but(
        last=_reveal(s).but(totals=tuple((b, t + 1) for b, t in _reveal(s).totals))
    ),
    "_reveal_loser": lambda: (s := find("de", _any_reveal_loser)).but(
        last=_reveal(s).but(loser=next(t for t in range(9) if t not in dict(_reveal(s).totals)))
    ),
    "_rebellion_reveal_once": lambda: (
        s := find("de", lambda s: isinstance(s.last, RebellionReveal))
    ).but(last=s.last.but(sides=(*s.last.sides, s.last.sides[0]))),
    "_payout_once": lambda: at(Phase.CLAIM).but(last=IncomeReveal(choices=((0, 1), (0, 1)))),
    "_gifts_need_negotiation": lambda: at(Phase.CLAIM, "fr").but(gifts=((0, 1, 1, 0),)),
    "_gift_window": lambda: at(Phase.CLAIM).but(gifts=((0, 0, 1, 0),)),
    "_can_act": lambda: (s := at(Phase.CLAIM)).but(
        claims=tuple(
            frozenset({s.seat}) if c is not None and c.neutral else frozenset() for c in s.chips
        ),
        claiming=ClaimRound(cursor=0),
        seat=s.emperor,
        influence=s.influence,
    ),
    "_drawn_waiting": lambda: (s := at(Phase.DRAW)).but(
        expansion=s.expansion.but(drawn=Building.VILLAGE)
    ),
    "_setup_queue": lambda: setup().but(queue=(0,)),
    "_setup_dealing": lambda: setup().but(year=2),
    "_bid_within_influence": lambda: _bid_beyond_influence(find("de", _bidding)),
    "_commit_within_combat": lambda: _commit_beyond_combat(find("de", _committed)),
    "_commit_order": lambda: (s := at(Phase.SIDE)).but(queue=(*s.queue, s.seat)),
    "_queue_shape": lambda: (s := at(Phase.LEAD)).but(queue=(*s.queue, s.seat)),
    "_room_to_expand": lambda: _no_space(at(Phase.DRAW)),
}
"""For each check of :data:`INVARIANTS`, by name: a state reached in play, changed so
that it breaks the check's rule."""


def test_every_invariant_names_a_registry_rule() -> None:
    assert unknown_rules("lotus", INVARIANTS) == []


def test_every_invariant_has_a_mutation() -> None:
    assert unmatched(INVARIANTS, MUTATIONS) == ([], [])


@pytest.mark.rule("lotus.position.format")
@pytest.mark.parametrize("invariant", INVARIANTS, ids=lambda i: i.check.__name__)
def test_mutation_trips_its_invariant(invariant: Invariant[State]) -> None:
    trips(invariant, MUTATIONS[invariant.check.__name__](), INVARIANTS)


def test_reached_states_keep_every_invariant() -> None:
    for key in GAMES:
        for state in pool(key)[::20]:
            assert check(state, INVARIANTS) == []
