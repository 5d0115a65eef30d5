"""Every worked example of the White Lotus rulebooks, as hand-built positions.

Sources (line numbers as in ``cat -n``): the German ``shared/rulebooks/white-lotus.de.txt``
(de:L…) and the French ``white-lotus.fr.txt`` (fr:L…). Where a book leaves numbers open, the
values here are our choice (marked "chosen"); the assertions are what the book states or
what its rules force. The rebellion examples need adjacency facts the books take for
granted; the positions place the chips on the schematic board (tests/lotus/__init__.py lists
its facts) so that those facts hold, and each test says which adjacency it relies on.
"""

from __future__ import annotations

import random

import pytest

import rulespec
from rulespec.lotus import Bid, Building, Lead, Phase, PlaceMarker, State, TakeArea
from rulespec.lotus.components import INCOME_COMBAT, INCOME_INFLUENCE, SCORE
from rulespec.lotus.rules import income, loser_keeps, markers_allowed, reward_order, score
from rulespec.lotus.variant import LoserRefund, RewardTie

from . import (
    LIGHT,
    E,
    R,
    bids,
    claim_cursor,
    game,
    illegal,
    load,
    position,
    rebellion,
    refused_by,
    run,
)

EDITIONS = ("de", "fr")


# --- §8.1 the influence conflict (both books) -------------------------------------------

BLUE, RED, GREEN = 0, 1, 2


def influence_conflict(edition: str) -> State:
    """Blue, red and green (seats 0-2, blue is emperor) fight over a16 in year 2."""
    data = position(
        3,
        {"a16": "village", "a09": ("village", BLUE), "a23": ("village", RED)},
        edition=edition,
        phase="bid",
        area="a16",
        claims={"a16": [BLUE, RED, GREEN]},
        seat=BLUE,
        queue=[RED, GREEN],
    )
    return load(data)


# de:L143-149 (numbers: one dragon card and 2 points against red, two dragon cards and 5
# points together against blue, nothing against green; outcome left to the picture) and
# fr:L159 = fr:L163 (the same numbers; blue is ejected, red and green fight on). Three
# dragon cards and three participants force the targets: blue -> red, red and green -> blue.
# The split of blue's 5 points between red and green is not stated: every split is tried.
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("red_points", range(6))
def test_influence_example_blue_leaves_red_and_green_fight_on(
    edition: str, red_points: int
) -> None:
    green_points = 5 - red_points
    state = influence_conflict(edition)
    after = bids(state, {BLUE: (RED, 2), RED: (BLUE, red_points), GREEN: (BLUE, green_points)})
    reveal = after.last
    assert reveal.loser == BLUE
    # blue keeps half of his 2 points, rounded up (de:L153, fr:L155); the others pay all
    assert after.influence == (12 - 1, 12 - red_points, 12 - green_points)
    assert dict(reveal.paid) == {BLUE: 1, RED: red_points, GREEN: green_points}
    assert after.bank[0] == state.bank[0] + 1 + 5
    # the conflict continues between red and green (fr:L159), who must target each other
    assert after.phase is Phase.BID
    assert after.claims[after.game.area_index["a16"]] == {RED, GREEN}
    assert after.seat == RED
    assert {a.target for a in after.legal_actions() if isinstance(a, Bid)} == {GREEN}
    # a split with 0 points still needs the dragon card: red may not bid against nobody
    assert refused_by(after, Bid(BLUE, 0)) == "lotus.conflict.target_present"


# de:L154: the German 0-card is a bluff and always goes back to its owner; adding it to
# blue's bid changes nothing.
@pytest.mark.parametrize("red_points", range(6))
def test_influence_example_with_blues_zero_card_is_the_same(red_points: int) -> None:
    plain = bids(
        influence_conflict("de"),
        {BLUE: (RED, 2), RED: (BLUE, red_points), GREEN: (BLUE, 5 - red_points)},
    )
    bluff = bids(
        influence_conflict("de"),
        {BLUE: (RED, 2, True), RED: (BLUE, red_points), GREEN: (BLUE, 5 - red_points)},
    )
    assert bluff.influence == plain.influence
    assert bluff.bank == plain.bank
    assert bluff.claims == plain.claims
    assert bluff.last.loser == plain.last.loser == BLUE


REFUNDS = [(0, 0, 0), (1, 1, 0), (2, 1, 1), (3, 2, 1), (4, 2, 2), (5, 3, 2), (6, 3, 3), (7, 4, 3)]
"""(bid B, the loser keeps, returns to the piles), from de:L153 / fr:L155."""


# de:L153 ("discard half, rounded down in his favour") and fr:L155 ("keep half, rounded
# up"): the two wordings give the same table.
@pytest.mark.parametrize("refund", list(LoserRefund))
@pytest.mark.parametrize(("bid", "keeps", "returns"), REFUNDS)
def test_loser_refund_table(refund: LoserRefund, bid: int, keeps: int, returns: int) -> None:
    assert loser_keeps(bid, refund) == keeps
    assert bid - loser_keeps(bid, refund) == returns


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("bid", "keeps", "returns"), REFUNDS)
def test_loser_refund_table_in_play(edition: str, bid: int, keeps: int, returns: int) -> None:
    """Seat 1 bids ``bid`` against seat 0 and loses to seat 0's ``bid + 1`` against him;
    seat 2 bids 0 against seat 0 and stays in, so the conflict goes on (and nothing else
    is paid out before the assertions)."""
    data = position(
        3,
        {"a16": "temple"},
        edition=edition,
        phase="bid",
        area="a16",
        claims={"a16": [0, 1, 2]},
        seat=0,
        queue=[1, 2],
    )
    before = load(data)
    after = bids(before, {0: (1, bid + 1), 1: (0, bid), 2: (0, 0)})
    assert after.last.loser == 1
    assert after.influence == (12 - (bid + 1), 12 - bid + keeps, 12)
    assert dict(after.last.paid)[1] == returns
    assert after.bank[0] == before.bank[0] + bid + 1 + returns
    assert after.phase is Phase.BID


# --- §8.2-8.4 the German rebellion examples (de:L212-220) -------------------------------


def emperor_after_rewards(state: State) -> int:
    assert state.phase not in (Phase.REWARD, Phase.SIDE, Phase.COMBAT)
    return state.emperor


# de:L214-216: five players, two on the emperor's side, three rebels; the rebels win. The
# leader takes an area of one loser, the other rebel with more combat points one of the
# second loser, and the third rebel must make do with a VP chip, since no loser may lose
# two areas. Chosen: E seat 0 (1 palace, a16) commits 2; L seat 1 (villages a22, a24)
# commits 1; R1 seat 2 (a09, a29) commits 3; A seat 3 (village a23) sides with the
# emperor and commits 1; R2 seat 4 (a17, a31) commits 1. Adjacency: L's a22 and a24 touch
# E's a16 and A's a23; R1's a09 touches a16 and a29 touches a23; R2's a17 touches a16 and
# a31 touches a23, so only the one-loss rule keeps R2 from an area.
FIVE = {
    "a16": ("palace", 0),
    "a22": ("village", 1),
    "a24": ("village", 1),
    "a09": ("village", 2),
    "a29": ("village", 2),
    "a23": ("village", 3),
    "a17": ("village", 4),
    "a31": ("village", 4),
}


@pytest.mark.parametrize(("leader_takes", "r1_takes"), [("a16", "a23"), ("a23", "a16")])
def test_rebellion_example_5p_third_rebel_gets_a_vp_chip(leader_takes: str, r1_takes: str) -> None:
    state = load(position(5, FIVE, phase="lead", seat=1, vp=[3, 0, 0, 0, 0]))
    fought = rebellion(state, {2: R, 3: E, 4: R}, {0: 2, 1: 1, 2: 3, 3: 1, 4: 1})
    reveal = fought.last
    assert reveal.totals == (2 + 2 + 1, 2 + 1 + 3 + 1)  # 5 v 7
    assert reveal.winner is R
    assert fought.phase is Phase.REWARD
    assert fought.queue == (1, 2, 4)  # leader, then R1 (3 points) before R2 (1 point)
    assert fought.seat == 1
    assert set(fought.legal_actions()) == {TakeArea("a16"), TakeArea("a23")}
    # every committed combat point goes back to the piles (de:L190)
    assert fought.bank[1] == state.bank[1] + 8
    after_leader = fought.apply(TakeArea(leader_takes))
    assert after_leader.seat == 2
    assert after_leader.legal_actions() == (TakeArea(r1_takes),)
    done = after_leader.apply(TakeArea(r1_takes))
    assert done.vp == (3, 0, 0, 0, 1)  # R2's consolation chip, nothing else
    area = done.game.area_index
    assert done.chips[area[leader_takes]].owner == 1  # type: ignore[union-attr]
    assert done.chips[area[r1_takes]].owner == 2  # type: ignore[union-attr]
    assert done.chips[area["a16"]].building is Building.PALACE  # type: ignore[union-attr]
    # whoever took E's palace now has the most palaces alone and is emperor (de:L222),
    # without a VP chip for it
    assert emperor_after_rewards(done) == (1 if leader_takes == "a16" else 2)


# de:L218: four players, the emperor alone against three rebels, and he wins. He takes
# one area of a rebel of his choice; the others lose nothing. Chosen: E seat 0 with two
# palaces (a16, a23: +4) commits 3 -> 7; L seat 1 (village a22: +1) commits 2, R1 seat 2
# (village a17) 2, R2 seat 3 (fortress a30) 1 -> 6. Adjacency: a22 touches a16 and a23,
# a17 touches a16, a30 touches a23: E may take from any rebel.
FOUR = {
    "a16": ("palace", 0),
    "a23": ("palace", 0),
    "a22": ("village", 1),
    "a17": ("village", 2),
    "a30": ("fortress", 3),
}


@pytest.mark.parametrize("takes", ["a22", "a17", "a30"])
def test_rebellion_example_4p_emperor_alone_takes_one_area(takes: str) -> None:
    state = load(position(4, FOUR, phase="lead", seat=1))
    fought = rebellion(state, {2: R, 3: R}, {0: 3, 1: 2, 2: 2, 3: 1})
    reveal = fought.last
    assert reveal.totals == (7, 6)
    assert reveal.winner is E
    assert fought.queue == (0,)  # the emperor is the only winner: one reward
    assert set(fought.legal_actions()) == {TakeArea("a22"), TakeArea("a17"), TakeArea("a30")}
    done = fought.apply(TakeArea(takes))
    assert done.phase is not Phase.REWARD
    owners = {a: done.chips[done.game.area_index[a]].owner for a in FOUR}  # type: ignore[union-attr]
    assert owners == {**{a: c[1] for a, c in FOUR.items()}, takes: 0}
    assert done.vp == state.vp
    assert done.bank[1] == state.bank[1] + 8
    assert emperor_after_rewards(done) == 0


# de:L220: six players, three against three with equal totals: the emperor's side wins.
# The emperor takes an area of a rebel; of his two allies, tied on combat points, the one
# sitting first clockwise after the leader (the emperor) goes next and takes an area of one
# of the two rebels not yet hit; the last ally would take from the last rebel, but no area
# of that rebel borders his own, so he gets a VP chip. Chosen: E seat 0
# (palace a16: +2) commits 1; L seat 1 (villages a15, a22: +2) 2; X seat 2 (a21) 2;
# R1 seat 3 (a29) 2; Y seat 4 (a35) 2; R2 seat 5 (a05) 1. Adjacency: a16 touches a15 and
# a22 (L only); X's a21 touches L's a22 and R1's a29; Y's a35 touches R1's a29 only; R2's
# a05 touches nobody's area.
SIX = {
    "a16": ("palace", 0),
    "a15": ("village", 1),
    "a22": ("village", 1),
    "a21": ("village", 2),
    "a29": ("village", 3),
    "a35": ("village", 4),
    "a05": ("village", 5),
}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("emperor_takes", ["a15", "a22"])
def test_rebellion_example_6p_tie_goes_to_the_emperor_last_ally_gets_a_vp_chip(
    edition: str, emperor_takes: str
) -> None:
    state = load(position(6, SIX, edition=edition, phase="lead", seat=1))
    sides = {2: E, 3: R, 4: E, 5: R}
    fought = rebellion(state, sides, {0: 1, 1: 2, 2: 2, 3: 2, 4: 2, 5: 1})
    reveal = fought.last
    assert reveal.totals == (2 + 1 + 2 + 2, 2 + 2 + 2 + 1)  # 7 v 7
    assert reveal.winner is E
    assert fought.queue == (0, 2, 4)  # X (seat 2) before Y (seat 4): clockwise after E
    assert set(fought.legal_actions()) == {TakeArea("a15"), TakeArea("a22")}
    after_emperor = fought.apply(TakeArea(emperor_takes))
    assert after_emperor.seat == 2
    assert after_emperor.legal_actions() == (TakeArea("a29"),)
    done = after_emperor.apply(TakeArea("a29"))
    assert done.vp == (0, 0, 0, 0, 1, 0)  # Y's consolation chip
    assert done.chips[done.game.area_index["a05"]].owner == 5  # type: ignore[union-attr]
    assert emperor_after_rewards(done) == 0


# The two wordings of the reward tie: emperor at seat 3, tied allies at seats 5 and 1:
# the German "first to the left of the victorious leader" and the French "closest in turn
# order" both put seat 5 first (clockwise 4, 5, 0, 1).
@pytest.mark.parametrize("tie", list(RewardTie))
def test_reward_tie_wraps_around_the_table(tie: RewardTie) -> None:
    assert reward_order(3, [1, 5], {1: 2, 5: 2}, 6, tie) == (3, 5, 1)
    assert reward_order(0, [4, 2], {2: 2, 4: 2}, 6, tie) == (0, 2, 4)  # the de:L220 case


# --- §8.5 the small stated examples ------------------------------------------------------


# de:L84, fr:L88: with five players each holds four dragon cards, one per opponent. Dragon
# cards are not modelled as objects; what they allow is: a claimant's bid targets exactly
# one of the other claimants (four in a five-way conflict), never himself or an outsider.
def test_dragon_cards_5p_a_bid_targets_another_claimant() -> None:
    data = position(
        5,
        {"a16": "rice"},
        phase="bid",
        area="a16",
        claims={"a16": [0, 1, 2, 3, 4]},
        seat=0,
        queue=[1, 2, 3, 4],
    )
    state = load(data)
    assert {a.target for a in state.legal_actions() if isinstance(a, Bid)} == {1, 2, 3, 4}
    assert refused_by(state, Bid(0, 1)) == "lotus.conflict.target_present"
    four = load({**data, "claims": {"a16": [0, 1, 2, 3]}, "queue": [1, 2, 3]})
    assert refused_by(four, Bid(4, 1)) == "lotus.conflict.target_present"


# de:L116, fr:L119: with five players an area holds at most five markers, one per colour.
@pytest.mark.parametrize("edition", EDITIONS)
def test_max_markers_per_area_5p(edition: str) -> None:
    state = load(position(5, {"a16": "temple", "a17": "village"}, edition=edition))
    for _ in range(5):
        state = state.apply(PlaceMarker("a16"))
    assert state.claims[state.game.area_index["a16"]] == {0, 1, 2, 3, 4}
    assert state.phase is Phase.CLAIM
    assert refused_by(state, PlaceMarker("a16")) == "lotus.claim.one_per_colour"
    assert state.legal_actions() == (PlaceMarker("a17"),)


# fr:L249 (and de:L230-234 per area): two temples give 6 influence.
@pytest.mark.parametrize("edition", EDITIONS)
def test_income_two_temples(edition: str) -> None:
    assert income((0, 2, 0, 0, 0), combat_palaces=0) == (10 + 6, 2)
    # in play: seat 1 owns two temples; seat 2, the only candidate, declines to rebel
    board = {"a16": ("temple", 1), "a17": ("temple", 1), "a23": ("village", 2)}
    state = load(position(3, board, edition=edition, phase="lead", seat=2))
    paid = state.apply(Lead(False))
    assert paid.influence == (12 + 10, 12 + 16, 12 + 10)
    assert paid.combat == (3 + 2, 3 + 2, 3 + 2)


# fr:L237: the base income of 10 influence can be taken e.g. as 3x1 + 2x2 + 1x3; cards are
# points (ruling lotus.cards.points_model), so the base income is just 10 and 2.
def test_income_base_denominations() -> None:
    assert 3 * 1 + 2 * 2 + 1 * 3 == INCOME_INFLUENCE == 10
    assert INCOME_COMBAT == 2
    assert income((0, 0, 0, 0, 0), 0) == (10, 2)


# de:L240-244, fr:L241-247: palace 2 influence or 1 combat; temple 3 influence; rice 1 and
# 1; fortress 2 combat; village nothing.
def test_income_table() -> None:
    one = {b: tuple(int(b == c) for c in Building) for b in Building}
    extra = {b: (i - 10, c - 2) for b, (i, c) in ((b, income(one[b], 0)) for b in Building)}
    assert extra == {
        Building.PALACE: (2, 0),
        Building.TEMPLE: (3, 0),
        Building.FORTRESS: (0, 2),
        Building.RICE: (1, 1),
        Building.VILLAGE: (0, 0),
    }
    assert income(one[Building.PALACE], combat_palaces=1) == (10, 3)


# de:L262-264, fr:L263: palace 3, temple 2, fortress 1, rice field 1, village 1.
def test_scoring_table() -> None:
    assert dict(zip(Building, SCORE, strict=True)) == {
        Building.PALACE: 3,
        Building.TEMPLE: 2,
        Building.FORTRESS: 1,
        Building.RICE: 1,
        Building.VILLAGE: 1,
    }
    for b in Building:
        held = tuple(int(b == c) for c in Building)
        assert score(held, dragons=0, vp_chips=0, territory_bonus=False) == SCORE[b]


# de:L256: with fewer than six players eight neutral chips are left over at the end (39
# chips, 31 light areas); with six every chip is used.
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_leftover_chips(edition: str, players: int) -> None:
    g = game(edition, players)
    for seed in range(2):
        final, _ = rulespec.playout(g.initial_state(), random.Random(seed))
        assert sum(final.unseen) == (0 if players == 6 else 8)
        assert all(final.chips[i] is not None for i in g.in_play)


# de:L254-256: with a single neutral area left, phases 1-4 are still played in full; each
# player can place only one marker there (one per colour), then the game ends after the
# rebellion. Chosen: 3 players, every light area but a16 owned (10 areas each; seat 0
# owns the one palace), a16 a neutral rice field.
@pytest.mark.parametrize("edition", EDITIONS)
def test_single_neutral_area_full_year(edition: str) -> None:
    others = [a for a in LIGHT if a != "a16"]
    buildings = ["palace"] + ["temple"] * 5 + ["fortress"] * 6 + ["rice"] + ["village"] * 17
    board: dict[str, str | tuple[str, int]] = {
        a: (b, k % 3) for k, (a, b) in enumerate(zip(others, buildings, strict=True))
    }
    board["a16"] = "rice"
    state = load(position(3, board, edition=edition, year=7, vp=[1, 1, 1]))
    for _ in range(3):
        assert state.phase is Phase.CLAIM
        assert state.legal_actions() == (PlaceMarker("a16"),)
        state = state.apply(PlaceMarker("a16"))
    # nobody has a second legal area: the claims end after one marker each
    assert state.phase is Phase.BID
    assert state.claims[state.game.area_index["a16"]] == {0, 1, 2}
    state = bids(state, {0: (1, 3), 1: (2, 1), 2: (1, 1)})  # seat 1 leaves
    state = bids(state, {0: (2, 2), 2: (0, 0)})  # seat 2 leaves; seat 0 takes a16
    assert state.final
    assert state.vp == (2, 1, 1)  # phase 3 still played
    assert state.phase is Phase.LEAD  # phase 4 still played
    state = run(state, *(Lead(False) for _ in range(len(state.queue) + 1)))
    assert state.is_terminal  # phases 5 and 6 are skipped


# de:L118, fr:L121: r rice fields give 3, 4, 5, 5, 5 markers for r = 0..4 (German "from
# the second year", French always: the same in every year a player can own one).
@pytest.mark.parametrize("edition", EDITIONS)
def test_rice_extra_cap(edition: str) -> None:
    g = game(edition, 3)
    v = g.variant
    assert [markers_allowed(r, 2, v.rice_extra_from_year, v.max_markers) for r in range(5)] == [
        3,
        4,
        5,
        5,
        5,
    ]
    fields = ["a04", "a05", "a10", "a12"]
    for r in range(5):
        board: dict[str, str | tuple[str, int]] = dict.fromkeys(fields[:r], ("rice", 1))
        board.update(dict.fromkeys(("a29", "a30", "a31", "a32", "a35", "a36"), "village"))
        data = position(3, board, edition=edition, emperor=1, seat=1, cursor=claim_cursor(3, 1, 1))
        state = load(data)
        assert state.markers_allowed(1) == min(3 + r, 5)
        placed = 0
        while state.phase is Phase.CLAIM:
            if state.seat == 1:
                placed += 1
            state = state.apply(
                next(a for a in state.legal_actions() if isinstance(a, PlaceMarker))
            )
        assert placed == min(3 + r, 5)


def test_illegal_helper_is_strict() -> None:
    """The helper itself: a legal action is not reported as illegal."""
    state = load(position(3, {"a16": "temple"}))
    with pytest.raises(pytest.fail.Exception):
        illegal(state, PlaceMarker("a16"))
