"""One or more tests per rule of rulespec/lotus/rulebook.toml, each naming its rule id.

Positions are written by hand in the JSON format of rulespec/lotus/position.py on the
schematic board (its facts are listed in tests/lotus/__init__.py). The marker
``@pytest.mark.rule(...)`` records which rules a test checks; ``tests/test_registry.py``
demands that every registered rule, ruling and ambiguity has at least one marked test. For
rulings the test checks the decision rulespec made; for refusals, the id of the rule the
IllegalAction names.
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from typing import Any

import pytest

import rulespec
from rulespec.lotus import (
    Bid,
    Building,
    ChooseConflict,
    ChooseSide,
    CommitCombat,
    DeclineExtra,
    DrawChip,
    Give,
    IncomeReveal,
    Lead,
    LotusGame,
    PalaceIncome,
    Pass,
    Phase,
    PlaceChip,
    PlaceMarker,
    Remove,
    Side,
    StartChip,
    State,
    TakeArea,
    TakeExtra,
    TakeVictoryPoint,
)
from rulespec.lotus import board as boards
from rulespec.lotus import rules as steps
from rulespec.lotus.board import load_board
from rulespec.lotus.components import (
    CHIP_FRONTS,
    CHIPS_PER_COLOUR,
    COMBAT_POINTS,
    DRAGON_BONUS,
    INFLUENCE_POINTS,
    MARKERS_PER_COLOUR,
    NEUTRAL_CHIPS,
    SCORE,
    START_COMBAT,
    START_INFLUENCE,
    TERRITORY_BONUS,
    VP_CHIPS,
    chips_fit,
)
from rulespec.lotus.variant import (
    ConflictTie,
    EmperorAfterRebellion,
    LeaderTie,
    LoserRefund,
    RewardTie,
    SideReveal,
    TempleExtra,
    TerritoryMeasure,
)

from . import (
    BROWN,
    BROWN_LOTUS,
    DRAGONS,
    LIGHT,
    LIGHT_LOTUS,
    E,
    R,
    area_of,
    bids,
    building,
    claimants,
    claiming,
    conflict,
    game,
    leader_of,
    load,
    owner,
    position,
    rebellion,
    refused_by,
    run,
    settle,
)

EDITIONS = ("de", "fr")
P, T, FO, RI, V = (b.label for b in Building)  # "palace", "temple", "fortress", "rice", "village"


def ruling(rule_id: str) -> str:
    """The decision text of a ruling (and that it is one)."""
    rule = rulespec.rule(rule_id)
    assert rule.kind.value in ("ruling", "ambiguity"), rule_id
    assert rule.decision
    return rule.decision


def idx(state: State, area: str) -> int:
    return state.game.area_index[area]


def placements(state: State) -> list[int]:
    """Play phase 1 to its end, each seat taking its first legal area; the seats in the
    order they placed."""
    seats = []
    while state.phase is Phase.CLAIM:
        seats.append(state.seat)
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, PlaceMarker)))
    return seats


def decline_all(state: State) -> State:
    """Every candidate declines to lead a rebellion."""
    while state.phase is Phase.LEAD:
        state = state.apply(Lead(False))
    return state


def rng_game(edition: str, players: int, seed: int, **options: Any) -> State:
    """The end of a seeded random game."""
    final, _ = rulespec.playout(
        game(edition, players, **options).initial_state(), random.Random(seed)
    )
    return final


# --- components ---------------------------------------------------------------------------


@pytest.mark.rule("lotus.components.neutral_chips")
@pytest.mark.parametrize("players", [3, 6])
def test_thirty_nine_neutral_chips(players: int) -> None:
    assert NEUTRAL_CHIPS == (5, 5, 6, 6, 17)
    assert sum(NEUTRAL_CHIPS) == 39
    state = game("de", players).new_game(seed=1)
    on_board = [0] * 5
    for chip in state.chips:
        if chip is not None:
            on_board[chip.building] += 1
    assert [u + b for u, b in zip(state.unseen, on_board, strict=True)] == list(NEUTRAL_CHIPS)
    sixth = dict.fromkeys(("a15", "a16", "a17", "a22", "a23", "a24"), P)
    with pytest.raises(rulespec.MalformedPosition, match="neutral_chips"):
        game().state_from_json(position(3, sixth))


@pytest.mark.rule("lotus.components.player_chips")
def test_sixteen_chips_per_colour() -> None:
    assert CHIPS_PER_COLOUR == 16
    assert CHIP_FRONTS == (3, 4, 5, 4, 0)
    assert sum(CHIP_FRONTS) == 16  # every chip has a front building and a village back


@pytest.mark.rule("lotus.components.chip_flip")
def test_only_the_counts_of_a_players_chips_matter() -> None:
    ruling("lotus.components.chip_flip")
    assert chips_fit((3, 4, 5, 4, 0))
    assert chips_fit((0, 0, 0, 0, 16))
    assert chips_fit((2, 2, 2, 2, 8))
    assert not chips_fit((2, 2, 2, 2, 9))  # 17 chips
    assert not chips_fit((4, 0, 0, 0, 0))
    assert not chips_fit((0, 5, 0, 0, 0))
    assert not chips_fit((0, 0, 6, 0, 0))
    assert not chips_fit((0, 0, 0, 5, 0))
    four = {**dict.fromkeys(("a15", "a16", "a17", "a22"), (P, 0)), "a09": "village"}
    with pytest.raises(rulespec.MalformedPosition, match="chip_flip"):
        game().state_from_json(position(3, four))
    assert game(chip_supply="unlimited").state_from_json(position(3, four)).problems() == ()


@pytest.mark.rule("lotus.components.markers", "lotus.claim.max_markers")
@pytest.mark.parametrize("edition", EDITIONS)
def test_five_markers_per_colour(edition: str) -> None:
    assert MARKERS_PER_COLOUR == 5
    assert game(edition).variant.max_markers == 5
    v = game(edition).variant
    assert steps.markers_allowed(9, 5, v.rice_extra_from_year, v.max_markers) == 5


@pytest.mark.rule("lotus.components.vp_chips", "lotus.score.vp_chips")
def test_eighteen_vp_chips_one_point_each() -> None:
    assert VP_CHIPS == 18
    for chips in range(4):
        assert steps.score((0, 0, 0, 0, 0), 0, chips, False) == chips


def tribute(vp: list[int], **options: Any) -> State:
    """Seat 0 (emperor) wins the last conflict of phase 2 against seat 1; phase 3 follows."""
    state = load(conflict(3, {"a16": V}, "a16", [0, 1], vp=vp, year=10), **options)
    return bids(state, {0: (1, 1), 1: (0, 0)})


@pytest.mark.rule("lotus.components.vp_supply")
def test_vp_chips_are_unlimited_unless_the_option_limits_them_to_18() -> None:
    assert "unlimited" in ruling("lotus.components.vp_supply")
    for vp, options, gained in (
        ([18, 0, 0], {}, 1),
        ([17, 0, 0], {"vp_chips": "limited"}, 1),
        ([12, 6, 0], {"vp_chips": "limited"}, 0),
    ):
        assert tribute(vp, **options).vp[0] == vp[0] + gained, (vp, options)
    with pytest.raises(rulespec.MalformedPosition, match="18"):
        game(vp_chips="limited").state_from_json(position(3, {}, vp=[10, 9, 0], year=10))


@pytest.mark.rule("lotus.components.influence_cards", "lotus.components.combat_cards")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_card_totals_154_influence_100_combat(players: int) -> None:
    assert INFLUENCE_POINTS == 34 + 60 + 60 == 154
    assert COMBAT_POINTS == 30 + 40 + 30 == 100
    state = game("de", players).new_game(seed=0)
    assert sum(state.influence) + state.bank[0] == 154
    assert sum(state.combat) + state.bank[1] == 100
    broken = position(3, {}, influence=[12, 12, 13])
    broken["bank"] = {"influence": 118, "combat": 91}
    with pytest.raises(rulespec.MalformedPosition, match="154"):
        game(card_supply="limited").state_from_json(broken)


@pytest.mark.rule("lotus.components.dragon_cards", "lotus.setup.dragon_cards")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_one_dragon_card_per_opponent(players: int) -> None:
    """Dragon cards are implicit: a claimant can target each other claimant (n - 1 cards
    when everyone claims), never himself."""
    everyone = list(range(players))
    state = load(conflict(players, {"a16": V}, "a16", everyone))
    for seat in everyone:
        assert state.seat == seat
        targets = {a.target for a in state.legal_actions() if isinstance(a, Bid)}
        assert targets == set(everyone) - {seat}
        assert refused_by(state, Bid(seat, 0)) == "lotus.conflict.target_present"
        state = state.apply(Bid((seat + 1) % players, 0))
        if state.phase is not Phase.BID:
            break


@pytest.mark.rule("lotus.components.stones")
def test_the_emperor_and_rebel_stones_mark_roles() -> None:
    state = game().new_game(seed=2)
    assert state.emperor == 0
    assert state.rebellion is None
    board = {"a16": (P, 0), "a23": (V, 1), "a24": (V, 2)}
    lead = load(position(3, board, phase="lead", seat=1, queue=[2]))
    assert lead.rebellion is None
    led = lead.apply(Lead(True))
    assert leader_of(led) == 1  # the leader takes the rebel stone
    assert led.observation(2).rebellion.leader == 1
    fought = rebellion(led, {2: E}, {0: 0, 1: 0, 2: 0}, lead=False)
    assert fought.phase is Phase.REWARD
    assert leader_of(fought) == 1
    done = fought.apply(TakeArea("a23"))
    assert done.rebellion is None  # and puts it back (de:L224)
    assert done.emperor == 0


# --- cards --------------------------------------------------------------------------------


@pytest.mark.rule("lotus.cards.points_model")
def test_cards_are_points() -> None:
    ruling("lotus.cards.points_model")
    state = load(conflict(3, {"a16": V}, "a16", [0, 1], influence=[7, 12, 12]))
    amounts = {a.influence for a in state.legal_actions() if isinstance(a, Bid)}
    assert amounts == set(range(8))
    g = game(negotiation="on")
    data = position(3, {"a16": V}, phase="negotiate", area="a16", claims={"a16": [0, 1]})
    window = g.state_from_json({**data, "seat": 0, "queue": [1, 2], "resume": "bid"})
    assert refused_by(window, Give(1, 13, 0)) == "lotus.cards.points_model"
    assert refused_by(window, Give(1, 0, 4)) == "lotus.cards.points_model"


@pytest.mark.rule("lotus.cards.change")
def test_any_amount_can_be_paid_change_is_implicit() -> None:
    """A player holding 12 points (two each of 3, 2, 1 in cards) can bid any amount, and a
    loser who bid an odd amount gets exactly half, rounded up, back."""
    state = load(conflict(3, {"a16": V}, "a16", [0, 1, 2]))
    assert {a.influence for a in state.legal_actions() if isinstance(a, Bid)} == set(range(13))
    after = bids(state, {0: (1, 5), 1: (0, 3), 2: (0, 1)})  # 5 against seat 1, 4 against 0
    assert after.last.loser == 1
    assert after.influence == (12 - 5, 12 - 3 + 2, 12 - 1)


# --- the board ----------------------------------------------------------------------------


@pytest.mark.rule("lotus.board.areas", "lotus.board.brown_areas")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_39_areas_8_brown_in_play_only_with_six(players: int) -> None:
    g = game("de", players)
    assert len(g.board.areas) == 39
    assert {a.id for a in g.board.areas if a.brown} == set(BROWN)
    in_play = {g.board.areas[i].id for i in g.in_play}
    assert in_play == (set(LIGHT) | set(BROWN) if players == 6 else set(LIGHT))
    assert len(in_play) == (39 if players == 6 else 31)
    assert g.variant.areas_in_play.value == ("all" if players == 6 else "light")
    data = position(players, {"a13": V})
    if players == 6:
        assert load(data).chips[idx(load(data), "a13")] is not None
    else:
        with pytest.raises(rulespec.MalformedPosition, match="a13: holds a chip but is not in"):
            g.state_from_json(data)


@pytest.mark.rule("lotus.board.lotus_areas")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_eight_lotus_areas_seven_light(players: int) -> None:
    g = game("fr", players)
    lotus = {a.id for a in g.board.areas if a.lotus}
    assert lotus == {*LIGHT_LOTUS, BROWN_LOTUS}
    start = {g.board.areas[i].id for i in g.start_areas}
    assert start == (lotus if players == 6 else set(LIGHT_LOTUS))
    state = g.new_game(seed=players)
    filled = {g.board.areas[i].id for i, c in enumerate(state.chips) if c is not None}
    assert filled == start


@pytest.mark.rule("lotus.board.dragon_areas_light", "lotus.end.dragon_areas")
def test_three_dragon_areas_all_light() -> None:
    ruling("lotus.board.dragon_areas_light")
    board = game().board
    assert {a.id for a in board.areas if a.dragon} == set(DRAGONS)
    assert not any(a.dragon and a.brown for a in board.areas)
    data = board.to_json()
    for area in data["areas"]:
        area["dragon"] = area["id"] in ("a01", "a38", "a39")
    with pytest.raises(boards.MalformedBoard, match="dragon area is brown"):
        boards.from_json(data)


@pytest.mark.rule("lotus.board.stand_in")
def test_the_board_is_data_with_a_schematic_stand_in(tmp_path: Any) -> None:
    ruling("lotus.board.stand_in")
    g = game()
    assert g.settings()["board"] == "schematic"
    assert "stand-in" in g.board.stand_in
    path = tmp_path / "board.json"
    data = g.board.to_json()
    data["name"] = "a copy"
    path.write_text(json.dumps(data))
    copy = rulespec.game("lotus", edition="de", players=3, board=load_board(path))
    assert isinstance(copy, LotusGame)
    assert copy.board.name == "a copy"
    assert copy.board.areas == g.board.areas
    # adjacency is used by rewards, phase 6 and the territory; claims ignore it
    far = claiming(3, {"a05": V, "a39": V})
    assert set(load(far).legal_actions()) == {PlaceMarker("a05"), PlaceMarker("a39")}


# --- setup --------------------------------------------------------------------------------


@pytest.mark.rule("lotus.setup.players")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_three_to_six_players(players: int) -> None:
    for edition in EDITIONS:
        if 3 <= players <= 6:
            assert game(edition, players).players == players
        else:
            with pytest.raises(rulespec.UnknownVariant):
                game(edition, players)


@pytest.mark.rule("lotus.setup.kit", "lotus.setup.starting_cards", "lotus.setup.card_piles")
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_player_starts_with_12_influence_3_combat_the_rest_in_the_piles(
    edition: str, players: int
) -> None:
    state = game(edition, players).new_game(seed=5)
    assert START_INFLUENCE == 3 + 3 + 2 + 2 + 1 + 1 == 12
    assert START_COMBAT == 3
    assert state.influence == (12,) * players
    assert state.combat == (3,) * players
    assert state.bank == (154 - 12 * players, 100 - 3 * players)
    assert state.vp == (0,) * players
    assert state.observation(0).bank == state.bank  # the piles are open
    # kit: five markers per player (at most five claims a year), seats only for players
    assert state.game.variant.max_markers == MARKERS_PER_COLOUR
    assert len(state.observation(players - 1).vp) == players


@pytest.mark.rule("lotus.setup.zero_card", "lotus.conflict.zero_card")
@pytest.mark.parametrize("edition", EDITIONS)
def test_only_the_german_edition_has_the_bluffing_zero_card(edition: str) -> None:
    g = game(edition)
    assert g.variant.zero_cards is (edition == "de")
    state = load(conflict(3, {"a16": V}, "a16", [0, 1], edition=edition))
    with_zero = {a for a in state.legal_actions() if isinstance(a, Bid) and a.zero_card}
    if edition == "fr":
        assert with_zero == set()
        assert refused_by(state, Bid(1, 2, True)) == "lotus.conflict.zero_card"
        return
    assert Bid(1, 2, True) in with_zero
    # the 0-card adds nothing and always goes back: the same result as without it
    plain = bids(state, {0: (1, 2), 1: (0, 2)})
    bluff = bids(state, {0: (1, 2, True), 1: (0, 2, True)})
    assert (plain.influence, plain.bank, plain.chips, plain.emperor) == (
        bluff.influence,
        bluff.bank,
        bluff.chips,
        bluff.emperor,
    )


def layouts(state: State) -> dict[tuple[Any, ...], Fraction]:
    """Every start layout reachable from a setup chance node, with its probability."""
    if state.phase is not Phase.SETUP:
        return {state.chips: Fraction(1)}
    out: dict[tuple[Any, ...], Fraction] = {}
    for action, p in state.chance_outcomes():
        for layout, q in layouts(state.apply(action)).items():
            out[layout] = out.get(layout, Fraction(0)) + p * q
    return out


@pytest.mark.rule("lotus.setup.start_chips")
@pytest.mark.parametrize(("players", "count"), [(3, 840), (6, 1680)])
def test_start_chips_are_dealt_uniformly_onto_the_lotus_areas(players: int, count: int) -> None:
    g = game("de", players)
    start = g.initial_state()
    assert start.is_chance
    first = dict(start.chance_outcomes())
    villages = 4 if players == 6 else 3
    assert first == {
        StartChip(Building.PALACE): Fraction(1, 4 + villages),
        StartChip(Building.TEMPLE): Fraction(1, 4 + villages),
        StartChip(Building.FORTRESS): Fraction(1, 4 + villages),
        StartChip(Building.RICE): Fraction(1, 4 + villages),
        StartChip(Building.VILLAGE): Fraction(villages, 4 + villages),
    }
    found = layouts(start)
    assert len(found) == count
    assert set(found.values()) == {Fraction(1, count)}
    # a building whose start chips are all dealt cannot come again
    state = start.apply(StartChip(Building.PALACE))
    assert refused_by(state, StartChip(Building.PALACE)) == "lotus.setup.start_chips"


@pytest.mark.rule("lotus.setup.draw_supply")
def test_the_draw_supply_is_an_unordered_hidden_multiset() -> None:
    g = game("fr", 4)
    state = g.new_game(seed=3)
    assert state.unseen == (4, 4, 5, 5, 14)  # 39 chips minus P, T, F, R, V, V, V
    assert state.observation(1).unseen_chips == 32
    # a phase-6 draw: each building with probability count / remaining
    board = {"a16": (P, 0), "a23": (V, 2)}
    drawing = load(position(4, board, edition="fr", phase="lead", seat=2)).apply(Lead(False))
    while drawing.phase is Phase.PALACE_INCOME:
        drawing = drawing.apply(PalaceIncome(0))
    assert drawing.phase is Phase.DRAW
    total = sum(drawing.unseen)
    assert dict(drawing.chance_outcomes()) == {
        DrawChip(b): Fraction(drawing.unseen[b], total) for b in Building if drawing.unseen[b]
    }


@pytest.mark.rule("lotus.setup.first_emperor_seat")
@pytest.mark.parametrize("players", [3, 6])
def test_seat_0_is_the_first_emperor(players: int) -> None:
    ruling("lotus.setup.first_emperor_seat")
    state = game("de", players).new_game(seed=11)
    assert state.emperor == 0
    assert state.current_player == 0
    assert state.phase is Phase.CLAIM
    assert state.year == 1


# --- the year -----------------------------------------------------------------------------

PHASE_OF = {
    Phase.CLAIM: 1,
    Phase.CHOOSE_CONFLICT: 2,
    Phase.BID: 2,
    Phase.REMOVE: 2,
    Phase.LEAD: 4,
    Phase.SIDE: 4,
    Phase.COMBAT: 4,
    Phase.REWARD: 4,
    Phase.PALACE_INCOME: 5,
    Phase.TEMPLE_EXTRA: 6,
    Phase.DRAW: 6,
    Phase.PLACE: 6,
}


@pytest.mark.rule("lotus.year.phases")
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_year_runs_its_phases_in_order(edition: str) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = game(edition, 4).new_game(seed=seed)
        last = (1, 1)
        while not state.is_terminal:
            if state.phase in PHASE_OF:
                now = (state.year, PHASE_OF[state.phase])
                assert now >= last, (last, now)
                if now[0] > last[0]:
                    assert now == (last[0] + 1, 1)  # a new year starts with claims
                last = now
            state = rulespec.random_step(state, rng)
    claim = game().new_game(seed=1)
    assert refused_by(claim, CommitCombat(0)) == "lotus.year.phases"
    assert refused_by(claim, Pass()) == "lotus.year.phases"
    with pytest.raises(rulespec.NotYourTurn) as caught:
        claim.apply(claim.legal_actions()[0], player=1)
    assert caught.value.rule.id == "lotus.claim.three_rounds"  # who acts, not which phase


# --- phase 1: claims ----------------------------------------------------------------------

SIX_NEUTRAL = dict.fromkeys(("a29", "a30", "a31", "a32", "a35", "a36"), V)


@pytest.mark.rule("lotus.claim.three_rounds")
@pytest.mark.parametrize("emperor", [0, 1, 2])
def test_three_rounds_from_the_emperor_clockwise(emperor: int) -> None:
    state = load(claiming(3, SIX_NEUTRAL, emperor=emperor))
    order = [(emperor + k) % 3 for k in range(3)]
    assert placements(state) == order * 3


@pytest.mark.rule("lotus.claim.neutral_only")
def test_markers_go_only_on_neutral_areas() -> None:
    state = load(claiming(3, {"a16": (V, 1), "a17": V}))
    for area in ("a16", "a23", "a13", "a99"):
        assert refused_by(state, PlaceMarker(area)) == "lotus.claim.neutral_only"
    assert state.legal_actions() == (PlaceMarker("a17"),)


@pytest.mark.rule("lotus.claim.one_per_colour")
def test_one_marker_per_colour_per_area() -> None:
    state = load(claiming(3, {"a16": V, "a17": V}))
    state = run(state, PlaceMarker("a17"), PlaceMarker("a17"), PlaceMarker("a16"))
    assert state.seat == 0
    assert refused_by(state, PlaceMarker("a17")) == "lotus.claim.one_per_colour"
    assert state.legal_actions() == (PlaceMarker("a16"),)


RICE = {"a04": (RI, 0), "a05": (RI, 0), "a10": (RI, 2), **SIX_NEUTRAL}


@pytest.mark.rule("lotus.claim.rice_extra", "lotus.claim.extra_order")
def test_rice_fields_give_optional_extra_markers_in_turn_order() -> None:
    """Seat 0 owns two rice fields, seat 2 one; the emperor is seat 1."""
    state = load(claiming(3, RICE, emperor=1))
    assert [state.markers_allowed(s) for s in range(3)] == [5, 3, 4]
    assert placements(state) == [1, 2, 0] * 3 + [2, 0] + [0]
    # the extras are optional
    state = load(claiming(3, RICE, emperor=1, seat=2, rnd=4))
    assert DeclineExtra() in state.legal_actions()
    assert state.apply(DeclineExtra()).seat == 0


@pytest.mark.rule("lotus.claim.rice_extra")
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_german_year_clause_changes_nothing(edition: str) -> None:
    """German: extras from year 2; French: always. In year 1 nobody owns a rice field, so
    the counts agree in every reachable state; a year-1 position with an owner is refused."""
    v = game(edition).variant
    assert v.rice_extra_from_year == (2 if edition == "de" else 1)
    for r in range(5):
        assert steps.markers_allowed(r, 2, v.rice_extra_from_year, 5) == min(3 + r, 5)
        assert steps.markers_allowed(0, 1, v.rice_extra_from_year, 5) == 3
    year1 = claiming(3, {"a09": P, "a04": (RI, 0)}, year=1, edition=edition)
    with pytest.raises(rulespec.MalformedPosition, match="year 1"):
        game(edition).state_from_json(year1)


@pytest.mark.rule("lotus.claim.extra_rounds", "lotus.claim.mandatory")
def test_extras_come_in_rounds_four_and_five_basic_markers_are_compulsory() -> None:
    assert "rounds" in ruling("lotus.claim.extra_rounds")
    ruling("lotus.claim.mandatory")
    state = load(claiming(3, RICE, emperor=1))
    for _ in range(9):
        assert refused_by(state, DeclineExtra()) == "lotus.claim.mandatory"
        assert refused_by(state, Pass()) == "lotus.year.phases"
        assert DeclineExtra() not in state.legal_actions()
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, PlaceMarker)))
    assert state.claiming.cursor // 3 == 3  # round 4: only the rice owners, from the emperor
    assert state.seat == 2
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, PlaceMarker)))
    assert state.seat == 0
    state = state.apply(DeclineExtra())  # declining ends seat 0's extras for the year
    assert state.phase is not Phase.CLAIM
    assert sum(1 for c in state.claims if 0 in c) == 3


@pytest.mark.rule("lotus.claim.extra_rounds")
def test_with_each_separate_a_declined_extra_leaves_the_second() -> None:
    """Seat 0 owns two rice fields (the emperor is seat 1): declining his round-4 extra ends
    his extras by default; with rice_extras = 'each_separate' he is asked again in round 5."""
    assert "each_separate" in ruling("lotus.claim.extra_rounds")
    data = claiming(3, RICE, emperor=1, seat=0, rnd=4)
    for option, asked_again in (("decline_ends", False), ("each_separate", True)):
        state = load(data, rice_extras=option).apply(DeclineExtra())
        assert (state.phase is Phase.CLAIM) is asked_again
        if asked_again:
            assert state.seat == 0
            assert state.claiming.cursor // 3 == 4  # round 5
            assert state.claiming.declined == frozenset()
            marker = next(a for a in state.legal_actions() if isinstance(a, PlaceMarker))
            state = state.apply(marker)
            assert state.phase is not Phase.CLAIM
            assert owner(state, marker.area) == 0  # his only marker there: he takes it
    # seat 2 owns one rice field: once declined, his only extra is gone either way, and
    # round 5 asks seat 0 alone
    one = claiming(3, RICE, emperor=1, seat=2, rnd=4)
    for option in ("decline_ends", "each_separate"):
        state = load(one, rice_extras=option).apply(DeclineExtra())
        assert state.seat == 0
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, PlaceMarker)))
        assert state.phase is Phase.CLAIM
        assert state.seat == 0
        assert state.claiming.cursor // 3 == 4


@pytest.mark.rule("lotus.claim.no_legal_area")
def test_a_player_without_a_legal_area_skips() -> None:
    ruling("lotus.claim.no_legal_area")
    state = load(claiming(3, {"a16": V, "a17": V}))
    assert placements(state) == [0, 1, 2, 0, 1, 2]  # round 3: nobody has a legal area


@pytest.mark.rule("lotus.claim.chip_supply")
def test_a_claim_must_stay_showable_with_the_players_chips() -> None:
    ruling("lotus.claim.chip_supply")
    three = {"a16": (P, 0), "a23": (P, 0), "a09": (P, 0), "a17": P, "a24": V}
    state = load(claiming(3, three))
    assert refused_by(state, PlaceMarker("a17")) == "lotus.claim.chip_supply"
    assert state.legal_actions() == (PlaceMarker("a24"),)
    # with the unlimited option the fourth palace can be claimed
    free = load(claiming(3, three), chip_supply="unlimited")
    assert PlaceMarker("a17") in free.legal_actions()
    assert free.apply(PlaceMarker("a17")).claims[idx(free, "a17")] == {0}
    # the areas already claimed count: two palaces owned, one claimed, a second refused
    two = {"a16": (P, 0), "a23": (P, 0), "a17": P, "a31": P, "a24": V}
    state = run(load(claiming(3, two)), PlaceMarker("a17"), PlaceMarker("a24"))
    state = state.apply(PlaceMarker("a24"))
    assert state.seat == 0
    assert refused_by(state, PlaceMarker("a31")) == "lotus.claim.chip_supply"
    # sixteen chips in all: a player owning sixteen villages cannot claim a seventeenth
    many: dict[str, Any] = dict.fromkeys(LIGHT[:16], (V, 0))
    many.update({LIGHT[16]: V, LIGHT[17]: T})
    state = load(claiming(3, many, seat=2))
    state = state.apply(PlaceMarker(LIGHT[17]))
    assert state.claiming.cursor == 4
    assert state.seat == 1  # seat 0, the emperor, has no legal area and is skipped


@pytest.mark.rule("lotus.claim.chip_supply")
def test_with_limited_at_award_a_claim_is_free_and_an_unshowable_win_stays_neutral() -> None:
    """Seat 0 owns three palaces, all his colour has: by default he cannot claim a fourth;
    with chip_supply = 'limited_at_award' he can, and winning it, alone or by conflict,
    leaves it neutral."""
    assert "limited_at_award" in ruling("lotus.claim.chip_supply")
    three = {"a16": (P, 0), "a23": (P, 0), "a09": (P, 0), "a17": P, "a24": V, "a29": V}
    data = claiming(3, three, seat=0)
    assert PlaceMarker("a17") not in load(data).legal_actions()
    state = load(data, chip_supply="limited_at_award")
    assert PlaceMarker("a17") in state.legal_actions()
    # alone on the palace: the marker comes back, the chip stays neutral
    claims = {"a17": [0], "a24": [0, 1], "a29": [1]}
    last = claiming(3, three, seat=2, rnd=3, claims=claims)
    for option, taken in (("limited_at_award", None), ("unlimited", 0)):
        state = load(last, chip_supply=option).apply(PlaceMarker("a29"))
        assert state.phase is not Phase.CLAIM
        assert owner(state, "a17") == taken
        assert claimants(state, "a17") == frozenset()
    # by conflict: seat 1 leaves, seat 0 wins a17 but cannot show it
    fight = conflict(3, three, "a17", [0, 1])
    state = bids(load(fight, chip_supply="limited_at_award"), {0: (1, 1), 1: (0, 0)})
    assert owner(state, "a17") is None
    assert claimants(state, "a17") == frozenset()
    assert state.influence[0] == START_INFLUENCE - 1  # he paid for the fight all the same


# --- phase 2: resolution -------------------------------------------------------------------

YEAR1 = {"a09": P, "a11": T, "a17": RI, "a22": FO, "a25": V, "a28": V, "a30": V}
"""A first-year layout of the seven light start areas (3-5 players)."""


def year1_last_claim(claims: dict[str, list[int]], players: int = 3) -> State:
    """Year 1, the last seat about to place its third marker (not yet in ``claims``)."""
    last = players - 1
    data = claiming(players, YEAR1, seat=last, rnd=3, year=1, claims=claims)
    return load(data)


def settle_phase_2(state: State) -> State:
    """Finish phase 2 with zero bids (the emperor removes the first tied player)."""
    while state.phase in (Phase.CHOOSE_CONFLICT, Phase.BID, Phase.REMOVE):
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.rule("lotus.resolve.palace_first_year1", "lotus.resolve.palace_owner_emperor")
def test_year_1_the_palace_area_first_its_owner_becomes_emperor_at_once() -> None:
    claims = {"a11": [0, 1], "a17": [0], "a22": [0], "a09": [1, 2], "a25": [1], "a28": [2]}
    state = year1_last_claim(claims).apply(PlaceMarker("a30"))
    assert state.phase is Phase.BID
    assert area_of(state) == idx(state, "a09")  # the palace, not chosen by the emperor
    assert owner(state, "a17") is None  # the single claimants wait for the palace
    assert state.seat == 1
    state = bids(state, {1: (2, 3), 2: (1, 1)})
    assert owner(state, "a09") == 1
    assert state.emperor == 1  # at once ...
    assert owner(state, "a17") == 0
    assert owner(state, "a30") == 2
    # ... with the emperor's powers: the next conflict's bids start with him
    assert state.phase is Phase.BID
    assert area_of(state) == idx(state, "a11")
    assert state.seat == 1
    # a single claimant of the palace becomes emperor just the same
    alone = year1_last_claim({"a09": [1], "a11": [0, 1], "a17": [0, 2], "a22": [0, 1], "a25": [2]})
    alone = alone.apply(PlaceMarker("a28"))
    assert owner(alone, "a09") == 1
    assert alone.emperor == 1
    assert alone.phase is Phase.CHOOSE_CONFLICT
    assert alone.seat == 1


@pytest.mark.rule("lotus.resolve.palace_owner_emperor", "lotus.conflict.tie_emperor")
def test_year_1_a_tie_over_the_palace_is_broken_by_the_first_emperor() -> None:
    claims = {"a11": [0, 1], "a17": [0], "a22": [0], "a09": [1, 2], "a25": [1], "a28": [2]}
    state = year1_last_claim(claims).apply(PlaceMarker("a30"))
    state = bids(state, {1: (2, 2), 2: (1, 2)})
    assert state.phase is Phase.REMOVE
    assert state.seat == 0
    assert set(state.legal_actions()) == {Remove(1), Remove(2)}
    assert refused_by(state, Remove(0)) == "lotus.conflict.tie_emperor"
    state = state.apply(Remove(1))
    assert owner(state, "a09") == 2
    assert state.emperor == 2


@pytest.mark.rule(
    "lotus.resolve.palace_unclaimed_year1",
    "lotus.tribute.stone_holder",
    "lotus.tribute.emperor_point",
)
def test_year_1_an_unclaimed_palace_stays_neutral_and_the_stone_holder_scores() -> None:
    ruling("lotus.resolve.palace_unclaimed_year1")
    ruling("lotus.tribute.stone_holder")
    claims = {"a11": [0, 2], "a17": [0], "a22": [0], "a25": [1, 2], "a28": [1], "a30": [1]}
    state = year1_last_claim(claims).apply(PlaceMarker("a17"))
    assert state.phase is Phase.CHOOSE_CONFLICT  # no palace conflict to start with
    assert state.seat == 0
    assert owner(state, "a22") == 0
    assert owner(state, "a30") == 1
    state = settle_phase_2(state)
    assert owner(state, "a09") is None
    assert state.emperor == 0
    assert all(state.held(s)[Building.PALACE] == 0 for s in range(3))
    assert state.vp == (1, 0, 0)  # the stone holder takes phase 3's chip


def last_claim(
    players: int,
    board: dict[str, Any],
    claims: dict[str, list[int]],
    area: str,
    **fields: Any,
) -> State:
    """Year 2: the last seat places its last basic marker on ``area``; phase 2 follows."""
    data = claiming(players, board, seat=players - 1, rnd=3, claims=claims, **fields)
    return load(data).apply(PlaceMarker(area))


@pytest.mark.rule("lotus.resolve.uncontested")
def test_a_single_claimant_takes_the_area_for_free() -> None:
    board = {"a16": (P, 0), "a17": T, "a24": FO, "a23": V, "a22": V, "a15": V}
    claims = {"a17": [1], "a24": [0, 2], "a23": [0, 1], "a22": [0, 1], "a15": [2]}
    before = load(claiming(3, board, seat=2, rnd=3, claims=claims))
    state = before.apply(PlaceMarker("a23"))
    assert owner(state, "a17") == 1
    assert building(state, "a17") == "temple"  # his own chip, the same building
    assert owner(state, "a15") == 2
    assert claimants(state, "a17") == frozenset()  # his marker comes back
    assert state.influence == before.influence  # nothing paid
    assert state.unseen == before.unseen  # the neutral chip leaves the game, not the supply


@pytest.mark.rule("lotus.resolve.uncontested_first")
def test_single_claimants_are_awarded_before_the_conflicts() -> None:
    """G11: E and X own a palace each; X alone claims a new palace and is emperor for all
    of this year's conflicts."""
    ruling("lotus.resolve.uncontested_first")
    board = {"a16": (P, 0), "a23": (P, 1), "a17": P, "a22": V, "a24": V, "a15": V}
    board.update({"a29": V, "a31": V})
    claims = {"a22": [0, 2], "a24": [0, 2], "a15": [0], "a17": [1], "a29": [1], "a31": [1]}
    state = last_claim(3, board, claims, "a15")
    assert owner(state, "a17") == 1
    assert state.emperor == 1
    assert state.phase is Phase.CHOOSE_CONFLICT
    assert state.seat == 1


@pytest.mark.rule("lotus.resolve.uncontested_first")
@pytest.mark.parametrize(("emperor", "expected"), [(0, 1), (1, 2), (2, 0)])
def test_several_single_claimants_passing_the_emperor_together(emperor: int, expected: int) -> None:
    """E, A and B own a palace each; the two others each alone claim a new palace: both
    then have 2, and the first of them clockwise after the emperor takes over."""
    first, second = (emperor + 1) % 3, (emperor + 2) % 3
    board = {"a16": (P, 0), "a23": (P, 1), "a30": (P, 2), "a17": P, "a31": P}
    board.update(dict.fromkeys(("a22", "a24", "a15"), V))
    claims = {"a17": [first], "a22": [0, 1, 2], "a24": [0, 1, 2], "a15": [emperor]}
    data = claiming(3, board, emperor=emperor, seat=second, rnd=3, claims=claims)
    state = load(data).apply(PlaceMarker("a31"))  # the last marker of the year
    palaces = [state.held(s)[Building.PALACE] for s in range(3)]
    assert palaces[first] == palaces[second] == 2
    assert palaces[emperor] == 1
    assert state.emperor == expected
    assert steps.emperor_after_gain(palaces, emperor) == expected
    assert state.phase is Phase.CHOOSE_CONFLICT
    assert state.seat == expected


@pytest.mark.rule("lotus.resolve.emperor_orders")
def test_the_emperor_chooses_the_next_contested_area() -> None:
    board = {"a16": (P, 2), "a17": T, "a22": V, "a24": V, "a15": V}
    claims = {"a17": [0, 1], "a22": [0, 2], "a24": [1, 2], "a15": [0, 1]}
    data = position(3, board, phase="choose_conflict", emperor=2, seat=2, claims=claims)
    state = load(data)
    assert set(state.legal_actions()) == {ChooseConflict(a) for a in ("a17", "a22", "a24", "a15")}
    assert refused_by(state, ChooseConflict("a16")) == "lotus.resolve.emperor_orders"
    assert refused_by(state, ChooseConflict("a99")) == "lotus.resolve.emperor_orders"
    state = state.apply(ChooseConflict("a24"))
    assert state.phase is Phase.BID
    assert area_of(state) == idx(state, "a24")
    state = bids(state, {1: (2, 0), 2: (1, 1)})
    # settled: the emperor chooses again among the rest
    assert state.phase is Phase.CHOOSE_CONFLICT
    assert set(state.legal_actions()) == {ChooseConflict(a) for a in ("a17", "a22", "a15")}
    # with one contested area left there is nothing to choose
    one = load({**data, "claims": {"a17": [0, 1]}})
    assert one.phase is Phase.CHOOSE_CONFLICT  # as written; choosing it starts the fight
    assert one.legal_actions() == (ChooseConflict("a17"),)


@pytest.mark.rule("lotus.resolve.emperor_change")
@pytest.mark.parametrize(("winner", "emperor_after"), [(1, 1), (2, 0)])
def test_more_palaces_than_the_emperor_makes_a_new_emperor_at_once(
    winner: int, emperor_after: int
) -> None:
    """E (seat 0) and seat 1 own a palace each; seats 1 and 2 fight over a new palace. If
    seat 1 wins (2 > 1) he is emperor at once and chooses the next area; if seat 2 wins
    (1 = 1) nothing changes."""
    board = {"a16": (P, 0), "a23": (P, 1), "a17": P, "a24": V, "a22": V}
    data = conflict(3, board, "a17", [1, 2], claims={"a24": [0, 2], "a22": [0, 1]})
    loser = 3 - winner
    state = bids(load(data), {winner: (loser, 1), loser: (winner, 0)})
    assert owner(state, "a17") == winner
    assert state.emperor == emperor_after
    assert state.phase is Phase.CHOOSE_CONFLICT
    assert state.seat == emperor_after
    assert steps.emperor_after_gain([1, 2, 0], 0) == 1
    assert steps.emperor_after_gain([1, 1, 1], 0) == 0


@pytest.mark.rule("lotus.resolve.unclaimed_neutral", "lotus.resolve.phase_end")
def test_unclaimed_areas_stay_neutral_and_the_phase_ends_when_all_claims_are_settled() -> None:
    board = {"a16": (P, 0), "a17": T, "a24": V, "a22": V, "a15": FO, "a23": (V, 1)}
    claims = {"a17": [0, 1], "a24": [0, 2], "a22": [0, 1, 2]}
    state = last_claim(3, board, claims, "a17")  # seat 2's third marker: a15 stays free
    state = settle_phase_2(state)
    assert state.phase is Phase.LEAD  # phase 2 over (phase 3 done): the rebellion is asked
    assert all(not c for c in state.claims)
    assert owner(state, "a15") is None
    assert owner(state, "a17") is not None
    assert owner(state, "a22") is not None
    # next year the unclaimed area can be claimed again
    state = state.apply(Lead(False))
    while state.phase is not Phase.CLAIM:
        state = (
            settle(state.apply(state.legal_actions()[0])) if not state.is_chance else settle(state)
        )
    assert state.year == 3
    assert PlaceMarker("a15") in state.legal_actions()


# --- conflicts ----------------------------------------------------------------------------


@pytest.mark.rule("lotus.conflict.participants", "lotus.secret.commit_order")
def test_exactly_the_claimants_fight_in_turn_order_from_the_emperor() -> None:
    ruling("lotus.secret.commit_order")
    board = {"a16": (P, 2), "a17": T}
    state = load(conflict(5, board, "a17", [0, 1, 3, 4], emperor=2))
    order: list[int] = []
    while state.phase is Phase.BID and area_of(state) == idx(state, "a17") and len(order) < 4:
        order.append(state.seat)
        targets = {a.target for a in state.legal_actions() if isinstance(a, Bid)}
        assert targets == {0, 1, 3, 4} - {state.seat}
        state = state.apply(Bid(min(targets), 0))
    assert order == [3, 4, 0, 1]  # the emperor (seat 2) is no participant


@pytest.mark.rule("lotus.conflict.target", "lotus.conflict.target_present")
def test_a_bid_names_another_claimant_still_in_the_area() -> None:
    ruling("lotus.conflict.target_present")
    state = load(conflict(4, {"a17": T}, "a17", [0, 1, 2]))
    assert all(isinstance(a, Bid) for a in state.legal_actions())  # no way to abstain
    assert refused_by(state, Bid(0, 1)) == "lotus.conflict.target_present"  # himself
    assert refused_by(state, Bid(3, 1)) == "lotus.conflict.target_present"  # no claimant
    assert refused_by(state, Bid(9, 1)) == "lotus.conflict.target_present"
    state = bids(state, {0: (1, 2), 1: (0, 0), 2: (1, 0)})  # seat 1 leaves
    assert claimants(state, "a17") == {0, 2}
    assert refused_by(state, Bid(1, 0)) == "lotus.conflict.target_present"  # gone


@pytest.mark.rule("lotus.conflict.bid", "lotus.secret.zero_allowed")
def test_a_bid_is_any_amount_the_player_holds_zero_included() -> None:
    ruling("lotus.secret.zero_allowed")
    state = load(conflict(3, {"a17": T}, "a17", [0, 1], influence=[0, 5, 12]))
    assert state.legal_actions() == (Bid(1, 0, False), Bid(1, 0, True))
    assert refused_by(state, Bid(1, 1)) == "lotus.conflict.bid"
    assert refused_by(state, Bid(1, -1)) == "lotus.conflict.bid"
    state = state.apply(Bid(1, 0))
    assert {a.influence for a in state.legal_actions() if isinstance(a, Bid)} == set(range(6))
    assert refused_by(state, Bid(0, 6)) == "lotus.conflict.bid"


@pytest.mark.rule("lotus.conflict.reveal", "lotus.conflict.loser", "lotus.conflict.example")
def test_influence_is_summed_per_target_and_the_most_targeted_leaves() -> None:
    # the books' example (de:L143-149, fr:L159): blue (0) -> red (1) 2; red and green
    # (2) -> blue 3 + 2: blue 5, red 2, green untargeted; blue leaves
    plan = {0: (1, 2), 1: (0, 3), 2: (0, 2)}
    assert steps.totals_against(plan) == {1: 2, 0: 5}
    assert steps.removal_candidates(plan) == {0}
    state = bids(load(conflict(3, {"a17": T}, "a17", [0, 1, 2])), plan)
    assert state.last.loser == 0
    assert claimants(state, "a17") == {1, 2}  # blue takes his marker back
    assert state.phase is Phase.BID  # red and green fight on


@pytest.mark.rule("lotus.conflict.tie_emperor")
def test_a_tie_is_decided_by_the_emperor_even_in_his_own_favour() -> None:
    state = load(conflict(3, {"a17": T}, "a17", [0, 1]))
    state = bids(state, {0: (1, 3), 1: (0, 3)})
    assert state.phase is Phase.REMOVE
    assert state.seat == 0
    assert state.conflict.tied == {0, 1}
    assert set(state.legal_actions()) == {Remove(0), Remove(1)}
    assert refused_by(state, Remove(2)) == "lotus.conflict.tie_emperor"
    spared = state.apply(Remove(1))
    assert owner(spared, "a17") == 0
    # an emperor outside the conflict decides too
    outside = load(conflict(3, {"a17": T}, "a17", [1, 2]))
    outside = bids(outside, {1: (2, 1), 2: (1, 1)})
    assert (outside.phase, outside.seat, set(outside.conflict.tied)) == (Phase.REMOVE, 0, {1, 2})


@pytest.mark.rule("lotus.conflict.removal_candidates")
def test_an_untargeted_player_never_leaves_even_when_everyone_bids_zero() -> None:
    ruling("lotus.conflict.removal_candidates")
    plan = {0: (1, 0), 1: (0, 0), 2: (0, 0)}  # A -> B, B -> A, C -> A, all 0
    assert steps.removal_candidates(plan) == {0, 1}
    for emperor in (0, 1, 2):
        state = load(conflict(3, {"a17": T}, "a17", [0, 1, 2], emperor=emperor))
        state = bids(state, plan)
        assert state.phase is Phase.REMOVE
        assert state.conflict.tied == {0, 1}
        assert refused_by(state, Remove(2)) == "lotus.conflict.tie_scope"


@pytest.mark.rule("lotus.conflict.tie_scope")
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_tie_lets_the_emperor_remove_a_tied_player_or_with_the_option_anyone(
    edition: str,
) -> None:
    """Ambiguity lotus.conflict.tie_scope: by default (conflict_tie = 'tied') only a tied
    player can be sent out; with 'any_participant' (the German word for word) the emperor
    may send out seat 2, whom nobody played against, and he pays as a loser."""
    plan = {0: (1, 2), 1: (0, 2), 2: (1, 0)}  # 2 against each of seats 0 and 1
    data = conflict(3, {"a17": T}, "a17", [0, 1, 2], edition=edition)
    tied = bids(load(data), plan)
    assert tied.game.options.conflict_tie is ConflictTie.TIED
    assert set(tied.legal_actions()) == {Remove(0), Remove(1)}
    assert refused_by(tied, Remove(2)) == "lotus.conflict.tie_scope"
    anyone = bids(load(data, conflict_tie="any_participant"), plan)
    assert anyone.game.options.conflict_tie is ConflictTie.ANY_PARTICIPANT
    assert set(anyone.legal_actions()) == {Remove(0), Remove(1), Remove(2)}
    out = anyone.apply(Remove(2))
    assert out.last.loser == 2
    assert claimants(out, "a17") == {0, 1}
    assert out.influence == (10, 10, 12)  # both bidders pay all; seat 2 bid nothing
    assert out.phase is Phase.BID  # seats 0 and 1 fight on


@pytest.mark.rule("lotus.conflict.loser_refund", "lotus.conflict.others_pay")
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_loser_keeps_half_rounded_up_everyone_else_pays_all(edition: str) -> None:
    refund = game(edition).variant.loser_refund
    assert refund is (
        LoserRefund.DISCARD_HALF_ROUND_DOWN if edition == "de" else LoserRefund.KEEP_HALF_ROUND_UP
    )
    state = load(conflict(4, {"a17": T}, "a17", [0, 1, 2, 3], edition=edition))
    # 7 against seat 1 (from 0 and 3), 5 against seat 0 (from 1), 4 against seat 3 (from 2)
    after = bids(state, {0: (1, 4), 1: (0, 5), 2: (3, 4), 3: (1, 3)})
    assert after.last.loser == 1
    assert after.influence == (12 - 4, 12 - 5 + 3, 12 - 4, 12 - 3)
    assert after.bank[0] == state.bank[0] + 4 + 2 + 4 + 3
    assert steps.payments({0: (1, 4), 1: (0, 5), 2: (3, 4), 3: (1, 3)}, 1, refund) == {
        0: 4,
        1: 2,
        2: 4,
        3: 3,
    }


@pytest.mark.rule("lotus.conflict.dragon_return", "lotus.conflict.repeat", "lotus.conflict.award")
def test_rounds_repeat_one_player_leaving_each_until_the_last_takes_the_area() -> None:
    ruling("lotus.conflict.dragon_return")
    board = {"a17": FO, "a16": V}
    state = load(conflict(4, board, "a17", [0, 1, 2, 3], claims={"a16": [1, 2]}))
    left = []
    for rnd in range(3):
        assert state.phase is Phase.BID
        present = sorted(claimants(state, "a17"))
        assert len(present) == 4 - rnd
        # seat 0 targets the same player in every round: his dragon card came back
        target = next(s for s in present if s != 0)
        plan = {s: ((target, 3) if s == 0 else (0, 0)) for s in present}
        state = bids(state, plan)
        left.append(target)
    assert left == [1, 2, 3]
    assert owner(state, "a17") == 0
    assert building(state, "a17") == "fortress"
    assert claimants(state, "a17") == frozenset()
    assert state.influence[0] == 12 - 9  # his three bids, nothing more for the area
    assert area_of(state) == idx(state, "a16")  # (the other conflict is next)


# --- information ----------------------------------------------------------------------------


@pytest.mark.rule("lotus.info.hidden")
def test_a_player_sees_his_own_points_and_bid_not_the_others() -> None:
    ruling("lotus.info.hidden")
    data = conflict(3, {"a17": T}, "a17", [0, 1, 2], influence=[12, 7, 9])
    state = load(data).apply(Bid(1, 5))
    mine, theirs = state.observation(0), state.observation(1)
    assert (mine.influence, mine.combat) == (12, 3)
    assert (theirs.influence, theirs.combat) == (7, 3)
    assert mine.conflict.own_bid == Bid(1, 5)
    assert theirs.conflict.own_bid is None
    assert theirs.conflict.committed == (0,)  # that seat 0 committed is public, not what
    assert theirs.to_json()["influence"] == 7
    assert "bids" not in theirs.to_json()["conflict"]
    others = {**theirs.to_json(), "player": 2, "influence": 9}
    assert state.observation(2).to_json() == others


# --- phase 3 ------------------------------------------------------------------------------


@pytest.mark.rule("lotus.tribute.emperor_point", "lotus.tribute.only_phase3")
def test_the_emperor_scores_in_phase_3_only() -> None:
    assert tribute([0, 0, 0]).vp == (1, 0, 0)
    # a player who becomes emperor in the rebellion gets no chip for it
    board = {"a16": (P, 0), "a17": (P, 1), "a24": (V, 1)}
    state = load(position(3, board, phase="lead", seat=1, vp=[4, 0, 0]))
    fought = rebellion(state, {2: R}, {0: 0, 1: 3, 2: 0})
    done = fought.apply(TakeArea("a16"))
    assert done.emperor == 1
    assert done.vp == (4, 0, 1)  # seat 2's consolation only


# --- phase 4: rebellion --------------------------------------------------------------------

VILLAGES = {
    "a04": (V, 0),
    "a05": (V, 0),
    "a10": (V, 1),
    "a29": (V, 2),
    "a30": (V, 2),
    "a31": (V, 2),
    "a35": (V, 3),
    "a36": (V, 3),
    "a12": (T, 1),
    "a17": T,
}
"""Villages: seat 0 two, seat 1 one (and a temple), seat 2 three, seat 3 two."""


def ask(emperor: int) -> State:
    """4 players: the last conflict of phase 2 (seats (emperor+1) and (emperor+3) over the
    neutral temple a17) ends; phase 3 is done and the rebellion asked."""
    a, b = (emperor + 1) % 4, (emperor + 3) % 4
    state = load(conflict(4, VILLAGES, "a17", [a, b], emperor=emperor))
    return bids(state, {a: (b, 1), b: (a, 0)})


@pytest.mark.rule(
    "lotus.rebellion.candidates",
    "lotus.rebellion.emperor_not_candidate",
    "lotus.rebellion.asking_order",
    "lotus.rebellion.candidate_tie",
)
@pytest.mark.parametrize(
    ("emperor", "order"), [(2, (3, 0, 1)), (0, (2, 3, 1)), (1, (2, 3, 0)), (3, (2, 0, 1))]
)
def test_candidates_are_asked_by_most_villages_ties_clockwise_after_the_emperor(
    emperor: int, order: tuple[int, ...]
) -> None:
    ruling("lotus.rebellion.emperor_not_candidate")
    assert "clockwise" in ruling("lotus.rebellion.candidate_tie")
    villages = [2, 1, 3, 2]
    assert steps.leader_ask_order(villages, emperor, LeaderTie.CLOCKWISE_FROM_EMPEROR) == order
    state = ask(emperor)
    assert state.phase is Phase.LEAD
    asked = []
    while state.phase is Phase.LEAD:
        asked.append(state.seat)
        assert set(state.legal_actions()) == {Lead(True), Lead(False)}
        state = state.apply(Lead(False))
    assert tuple(asked) == order
    assert state.rebellion is None
    assert state.phase in (Phase.PALACE_INCOME, Phase.DRAW)  # no rebellion: phase 5
    assert steps.leader_ask_order([0, 0, 5], 2) == ()  # no village, no candidate


@pytest.mark.rule("lotus.rebellion.asking_order")
def test_the_first_to_accept_leads() -> None:
    state = ask(2).apply(Lead(False)).apply(Lead(True))
    assert leader_of(state) == 0
    assert state.phase is Phase.SIDE


REBELLION = {
    "a16": (P, 0),
    "a23": (P, 0),
    "a22": (V, 1),
    "a24": (V, 1),
    "a17": (T, 2),
    "a18": (P, 2),
    "a30": (V, 3),
    "a31": (V, 3),
    "a25": (V, 2),
}
"""4 players: E seat 0 (palaces a16, a23), L seat 1 (villages a22, a24), seat 2 (temple
a17, palace a18, village a25), seat 3 (villages a30, a31). E's areas touch a17, a22, a24,
a30 and a31; a18 touches only a17, a24 and a25 of these; a25 touches a24 and a31."""


def led(**options: Any) -> State:
    """The rebellion of :data:`REBELLION` with seat 1 leading, at its first side choice."""
    data = position(4, REBELLION, phase="lead", seat=1, combat=[5, 5, 5, 5])
    return load(data, **options).apply(Lead(True))


@pytest.mark.rule("lotus.rebellion.fixed_sides", "lotus.rebellion.sides")
def test_the_others_must_each_choose_a_side_emperor_and_leader_are_fixed() -> None:
    state = led()
    choosers = []
    while state.phase is Phase.SIDE:
        choosers.append(state.seat)
        assert state.legal_actions() == (ChooseSide(Side.EMPEROR), ChooseSide(Side.REBELS))
        assert refused_by(state, CommitCombat(0)) == "lotus.year.phases"
        state = state.apply(ChooseSide(Side.REBELS))
    assert choosers == [2, 3]
    state = run(state, *(CommitCombat(0) for _ in range(4)))
    sides = dict(state.last.sides)
    assert sides == {0: E, 1: R, 2: R, 3: R}


@pytest.mark.rule("lotus.rebellion.side_reveal")
@pytest.mark.parametrize("edition", EDITIONS)
def test_sides_are_revealed_before_combat_in_french_with_it_in_german(edition: str) -> None:
    rule = rulespec.rule("lotus.rebellion.side_reveal")
    assert rule.kind.value == "ambiguity"
    expected = SideReveal.WITH_COMBAT if edition == "de" else SideReveal.BEFORE_COMBAT
    assert game(edition).variant.side_reveal is expected
    data = position(4, REBELLION, edition=edition, phase="lead", seat=1)
    state = run(load(data), Lead(True), ChooseSide(Side.REBELS), ChooseSide(Side.EMPEROR))
    assert state.phase is Phase.COMBAT
    seen_by_emperor = dict(state.observation(0).rebellion.sides)
    if edition == "fr":
        assert seen_by_emperor == {2: Side.REBELS, 3: Side.EMPEROR}
    else:
        assert seen_by_emperor == {}
    assert dict(state.observation(2).rebellion.sides) == (
        {2: Side.REBELS} if edition == "de" else {2: Side.REBELS, 3: Side.EMPEROR}
    )


@pytest.mark.rule("lotus.rebellion.side_reveal")
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("option", ["book", "with_combat", "before_combat"])
def test_the_side_reveal_option_overrides_the_editions_reading(edition: str, option: str) -> None:
    """What the emperor (seat 0) and the rebel leader (seat 1) know of the sides when they
    commit combat: the edition's reading by default, the option's reading otherwise."""
    assert "side_reveal = 'with_combat'" in ruling("lotus.rebellion.side_reveal")
    made = game(edition, 4, side_reveal=option)
    book = SideReveal.WITH_COMBAT if edition == "de" else SideReveal.BEFORE_COMBAT
    expected = book if option == "book" else SideReveal(option)
    assert made.side_reveal is expected
    assert made.variant.side_reveal is book  # the row still says what the book says
    data = position(4, REBELLION, edition=edition, phase="lead", seat=1)
    state = run(
        load(data, side_reveal=option),
        Lead(True),
        ChooseSide(Side.REBELS),
        ChooseSide(Side.EMPEROR),
    )
    assert state.phase is Phase.COMBAT
    shown = {2: Side.REBELS, 3: Side.EMPEROR} if expected is SideReveal.BEFORE_COMBAT else {}
    for seat in (0, 1):
        assert dict(state.observation(seat).rebellion.sides) == shown


@pytest.mark.rule("lotus.rebellion.combat_commit", "lotus.secret.zero_allowed")
def test_everyone_commits_combat_emperor_and_leader_included() -> None:
    state = run(led(), ChooseSide(Side.EMPEROR), ChooseSide(Side.REBELS))
    order = []
    while state.phase is Phase.COMBAT:
        order.append(state.seat)
        assert state.legal_actions() == tuple(CommitCombat(c) for c in range(6))
        assert refused_by(state, CommitCombat(6)) == "lotus.rebellion.combat_commit"
        assert refused_by(state, CommitCombat(-1)) == "lotus.rebellion.combat_commit"
        state = state.apply(CommitCombat(0))
    assert order == [0, 1, 2, 3]


@pytest.mark.rule(
    "lotus.rebellion.emperor_bonus",
    "lotus.rebellion.leader_bonus",
    "lotus.rebellion.no_ally_bonus",
    "lotus.rebellion.bonus_time",
)
def test_two_per_emperor_palace_one_per_leader_village_nothing_for_allies() -> None:
    ruling("lotus.rebellion.bonus_time")
    sides = {0: Side.EMPEROR, 1: Side.REBELS, 2: Side.EMPEROR, 3: Side.REBELS}
    assert steps.rebellion_totals(sides, {0: 1, 1: 2, 2: 3, 3: 4}, 2, 2) == (4 + 1 + 3, 2 + 2 + 4)
    # seat 2 (a palace) on the emperor's side and seat 3 (two villages) with the rebels
    state = run(led(), ChooseSide(Side.EMPEROR), ChooseSide(Side.REBELS))
    state = run(state, CommitCombat(1), CommitCombat(2), CommitCombat(3), CommitCombat(4))
    assert state.last.totals == (2 * 2 + 1 + 3, 2 + 2 + 4)  # 8 v 8
    # counted at the reveal: the rewards taken afterwards do not change the totals
    assert state.last.winner is E


@pytest.mark.rule("lotus.rebellion.winner", "lotus.rebellion.discard_all")
@pytest.mark.parametrize(("rebel_combat", "winner"), [(3, "emperor"), (4, "rebels")])
def test_higher_total_wins_a_tie_goes_to_the_emperor_all_combat_is_discarded(
    rebel_combat: int, winner: str
) -> None:
    assert steps.rebellion_winner(7, 7) is Side.EMPEROR
    assert steps.rebellion_winner(7, 8) is Side.REBELS
    before = run(led(), ChooseSide(Side.EMPEROR), ChooseSide(Side.REBELS))
    # emperor side: 4 (palaces) + 1 + 0 = 5; rebels: 2 (villages) + rebel_combat + 0
    state = run(before, CommitCombat(1), CommitCombat(rebel_combat), CommitCombat(0))
    state = state.apply(CommitCombat(0))
    assert state.last.totals == (5, 2 + rebel_combat)
    assert state.last.winner.value == winner
    assert state.combat == (4, 5 - rebel_combat, 5, 5)  # winners' cards are gone too
    assert state.bank[1] == before.bank[1] + 1 + rebel_combat


def fought(sides: dict[int, Side], combat: dict[int, int], **options: Any) -> State:
    """The rebellion of :data:`REBELLION` after its reveal."""
    return rebellion(led(**options), sides, combat, lead=False)


EMPEROR_WINS = ({2: R, 3: R}, {0: 0, 1: 0, 2: 0, 3: 0})  # 4 v 2
REBELS_WIN = ({2: E, 3: R}, {0: 0, 1: 0, 2: 0, 3: 3})  # 4 v 5


@pytest.mark.rule("lotus.rebellion.reward_vp_by_choice", "lotus.rebellion.reward_compulsory")
def test_a_winner_must_take_an_area_if_one_is_legal_unless_the_option_allows_a_vp() -> None:
    assert rulespec.rule("lotus.rebellion.reward_vp_by_choice").kind.value == "ambiguity"
    ruling("lotus.rebellion.reward_compulsory")
    state = fought(*EMPEROR_WINS)
    assert state.phase is Phase.REWARD
    assert state.seat == 0
    assert set(state.legal_actions()) == {TakeArea(a) for a in ("a22", "a24", "a17", "a30", "a31")}
    assert refused_by(state, TakeVictoryPoint()) == "lotus.rebellion.reward_vp_by_choice"
    assert refused_by(state, Pass()) == "lotus.year.phases"
    free = fought(*EMPEROR_WINS, reward_choice="player_choice")
    assert TakeVictoryPoint() in free.legal_actions()
    after = free.apply(TakeVictoryPoint())
    assert after.vp == (1, 0, 0, 0)
    assert after.chips == free.chips


@pytest.mark.rule(
    "lotus.rebellion.rewards", "lotus.rebellion.reward_order", "lotus.secret.zero_allowed"
)
def test_every_winner_gets_a_reward_leader_first_then_by_combat_points() -> None:
    state = fought({2: R, 3: R}, {0: 0, 1: 0, 2: 1, 3: 3})  # 4 v 2 + 4
    assert state.last.winner is R
    assert state.queue == (1, 3, 2)  # the leader, then 3 points before 1
    state = fought({2: R, 3: R}, {0: 0, 1: 3, 2: 0, 3: 0})  # 4 v 5: seat 1 alone paid
    assert state.queue == (1, 2, 3)  # allies who committed nothing share the victory
    assert steps.reward_order(1, [2, 3], {2: 1, 3: 3}, 4, RewardTie.FIRST_LEFT_OF_LEADER) == (
        1,
        3,
        2,
    )


@pytest.mark.rule("lotus.rebellion.reward_tie")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_tied_allies_go_clockwise_from_the_winning_leader_in_both_wordings(players: int) -> None:
    for leader in range(players):
        others = [s for s in range(players) if s != leader]
        for k in range(len(others) + 1):
            for allies in itertools.combinations(others, k):
                combat = dict.fromkeys(allies, 2)
                de = steps.reward_order(
                    leader, allies, combat, players, RewardTie.FIRST_LEFT_OF_LEADER
                )
                fr = steps.reward_order(
                    leader, allies, combat, players, RewardTie.CLOSEST_IN_TURN_ORDER
                )
                assert de == fr
                assert list(de[1:]) == sorted(allies, key=lambda s: (s - leader) % players)
    assert game("de").variant.reward_tie is RewardTie.FIRST_LEFT_OF_LEADER
    assert game("fr").variant.reward_tie is RewardTie.CLOSEST_IN_TURN_ORDER


@pytest.mark.rule("lotus.rebellion.adjacent_only", "lotus.rebellion.rewards")
def test_only_a_losers_area_next_to_ones_own() -> None:
    state = fought(*EMPEROR_WINS)
    assert refused_by(state, TakeArea("a18")) == "lotus.rebellion.adjacent_only"  # not adjacent
    assert TakeArea("a17") in state.legal_actions()  # the same loser's adjacent area


@pytest.mark.rule("lotus.rebellion.rewards")
def test_an_area_of_no_loser_is_no_reward() -> None:
    """Refused by the rule that rewards come from the losing side, not by adjacency."""
    state = fought(*EMPEROR_WINS)
    for area in ("a16", "a09", "a99"):  # his own, a neutral/empty area, no area at all
        assert refused_by(state, TakeArea(area)) == "lotus.rebellion.rewards"


@pytest.mark.rule("lotus.rebellion.one_loss", "lotus.rebellion.adjacency_time")
def test_no_loser_loses_two_areas_legal_areas_judged_at_each_choice() -> None:
    ruling("lotus.rebellion.adjacency_time")
    state = fought({2: R, 3: E}, {0: 0, 1: 0, 2: 0, 3: 0})  # E and seat 3 beat 1 and 2
    assert state.queue == (0, 3)
    assert TakeArea("a24") in state.legal_actions()
    state = state.apply(TakeArea("a24"))  # L is hit
    assert state.seat == 3
    assert state.legal_actions() == (TakeArea("a25"),)  # judged now: a24 is E's, L is hit
    assert refused_by(state, TakeArea("a22")) == "lotus.rebellion.one_loss"
    # once the last loser is hit too, nothing is legal: a VP chip, with no decision
    done = state.apply(TakeArea("a25"))
    assert done.phase is not Phase.REWARD
    assert done.vp == (0, 0, 0, 0)
    state = fought({2: R, 3: E}, {0: 0, 1: 0, 2: 0, 3: 0}).apply(TakeArea("a17"))
    assert state.seat == 3  # seat 2 is hit; seat 3 borders L's a24 only
    state = state.apply(TakeArea("a24"))
    assert state.phase is not Phase.REWARD


@pytest.mark.rule("lotus.rebellion.landless", "lotus.rebellion.vp_fallback")
def test_a_winner_without_areas_may_take_any_losers_area() -> None:
    board = {"a16": (P, 0), "a05": (FO, 0), "a39": (V, 1)}
    state = load(position(3, board, phase="lead", seat=1))
    state = rebellion(state, {2: R}, {0: 0, 1: 1, 2: 2})  # 2 v 4
    # the leader's a39 borders neither of E's areas: a VP chip; seat 2 owns nothing
    assert state.vp == (0, 1, 0)
    assert state.seat == 2
    assert set(state.legal_actions()) == {TakeArea("a16"), TakeArea("a05")}


@pytest.mark.rule("lotus.rebellion.same_building")
def test_the_building_stays_the_same_and_the_chip_goes_back() -> None:
    state = fought(*EMPEROR_WINS)
    held = state.held(2)
    after = state.apply(TakeArea("a17"))
    assert building(after, "a17") == "temple"
    assert owner(after, "a17") == 0
    assert after.held(2)[Building.TEMPLE] == held[Building.TEMPLE] - 1
    assert after.held(0)[Building.TEMPLE] == 1


@pytest.mark.rule("lotus.rebellion.chip_supply")
def test_a_winner_cannot_take_a_building_he_has_no_chip_for() -> None:
    ruling("lotus.rebellion.chip_supply")
    board = {"a16": (P, 0), "a23": (P, 0), "a09": (P, 0), "a24": (P, 1), "a22": (V, 1)}
    data = position(3, board, phase="lead", seat=1)
    for options, legal in (({}, {"a22"}), ({"chip_supply": "unlimited"}, {"a22", "a24"})):
        state = rebellion(load(data, **options), {2: E}, {0: 0, 1: 0, 2: 0})
        assert {a.area for a in state.legal_actions() if isinstance(a, TakeArea)} == legal
    state = rebellion(load(data), {2: E}, {0: 0, 1: 0, 2: 0})
    assert refused_by(state, TakeArea("a24")) == "lotus.rebellion.chip_supply"


@pytest.mark.rule("lotus.rebellion.rebel_side_restrictions")
def test_the_same_restrictions_when_the_rebels_win() -> None:
    ruling("lotus.rebellion.rebel_side_restrictions")
    state = fought(*REBELS_WIN)
    assert state.queue == (1, 3)
    state = state.apply(TakeArea("a23"))
    assert state.seat == 3
    assert refused_by(state, TakeArea("a18")) == "lotus.rebellion.adjacent_only"
    assert refused_by(state, TakeArea("a16")) == "lotus.rebellion.one_loss"
    assert state.legal_actions() == (TakeArea("a25"),)


@pytest.mark.rule("lotus.rebellion.examples")
def test_the_four_player_example_the_emperor_alone_takes_one_area() -> None:
    """de:L218 (the full set of examples is in test_rulebook_examples.py)."""
    board = {"a16": (P, 0), "a23": (P, 0), "a22": (V, 1), "a17": (V, 2), "a30": (FO, 3)}
    state = load(position(4, board, phase="lead", seat=1))
    state = rebellion(state, {2: R, 3: R}, {0: 3, 1: 2, 2: 2, 3: 1})
    assert state.last.totals == (7, 6)
    assert state.queue == (0,)
    after = state.apply(TakeArea("a30"))
    assert [owner(after, a) for a in ("a22", "a17", "a30")] == [1, 2, 0]


@pytest.mark.rule("lotus.rebellion.no_zero_card")
def test_the_zero_card_has_no_part_in_a_rebellion() -> None:
    ruling("lotus.rebellion.no_zero_card")
    state = run(led(), ChooseSide(Side.EMPEROR), ChooseSide(Side.REBELS))
    assert all(isinstance(a, CommitCombat) for a in state.legal_actions())
    assert refused_by(state, Bid(1, 0, True)) == "lotus.year.phases"
    done = run(state, *(CommitCombat(1) for _ in range(4)))
    assert done.influence == (12, 12, 12, 12)


# --- the emperor after a rebellion ----------------------------------------------------------

G8_CASES = {
    # case: (players, board, leader, sides, combat, rewards in order, palaces after,
    #        palace taker, expected emperor)
    "A": (
        3,
        {"a16": (P, 0), "a17": (P, 1), "a24": (V, 1), "a30": (V, 2)},
        1,
        {2: R},
        {0: 0, 1: 3, 2: 3},
        ["a16"],
        [0, 2, 0],
        1,
        1,
    ),
    "B": (
        3,
        {"a16": (P, 0), "a10": (P, 0), "a22": (V, 0), "a17": (P, 1), "a23": (V, 1), "a39": (V, 2)},
        1,
        {2: R},
        {0: 0, 1: 3, 2: 1},
        ["a22"],
        [2, 1, 0],
        None,
        0,
    ),
    "C": (
        4,
        {
            "a16": (P, 0),
            "a09": (P, 0),
            "a17": (P, 1),
            "a24": (V, 1),
            "a35": (P, 2),
            "a30": (P, 3),
        },
        1,
        {2: R, 3: E},
        {0: 0, 1: 3, 2: 3, 3: 0},
        ["a16", "a30"],
        [1, 2, 2, 0],
        1,
        1,
    ),
    "D": (
        6,
        {
            "a16": (P, 0),
            "a15": (V, 5),
            "a35": (P, 1),
            "a29": (P, 3),
            "a27": (V, 3),
            "a37": (P, 2),
            "a31": (P, 4),
        },
        3,
        {1: E, 2: E, 4: R, 5: R},
        {0: 0, 1: 1, 2: 2, 3: 0, 4: 0, 5: 0},
        ["a15", "a31", "a29"],
        [1, 2, 2, 0, 0, 0],
        None,
        1,
    ),
    "E": (
        3,
        {"a16": (P, 0), "a17": (P, 1), "a24": (V, 1), "a30": (P, 2)},
        1,
        {2: R},
        {0: 0, 1: 2, 2: 0},
        ["a16"],
        [0, 2, 1],
        1,
        1,
    ),
}
"""G8: A one player alone on top; B the emperor still on top; C top tied with the palace
taker (German erratum); D top tied without him (the emperor's side won; B's ally seat 2
chooses before seat 1, yet seat 1 is first clockwise after the emperor); E several above
the emperor, one alone on top."""


@pytest.mark.rule("lotus.rebellion.new_emperor", "lotus.rebellion.new_emperor_ties")
@pytest.mark.parametrize("rule", list(EmperorAfterRebellion))
@pytest.mark.parametrize("case", sorted(G8_CASES))
def test_new_emperor_g8_cases_by_the_rule_function(case: str, rule: EmperorAfterRebellion) -> None:
    ruling("lotus.rebellion.new_emperor_ties")
    *_, palaces, taker, expected = G8_CASES[case]
    assert steps.new_emperor(palaces, 0, taker, rule) == expected


@pytest.mark.rule("lotus.rebellion.new_emperor", "lotus.rebellion.new_emperor_ties")
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("case", sorted(G8_CASES))
def test_new_emperor_g8_cases_in_a_full_rebellion(case: str, edition: str) -> None:
    players, board, leader, sides, combat, takes, palaces, _taker, expected = G8_CASES[case]
    expected_rule = (
        EmperorAfterRebellion.MOST_PALACES_WITH_ERRATUM
        if edition == "de"
        else EmperorAfterRebellion.MORE_THAN_EMPEROR
    )
    assert game(edition).variant.emperor_after_rebellion is expected_rule
    state = load(position(players, board, edition=edition, phase="lead", seat=leader))
    state = rebellion(state, sides, combat)
    for area in takes:
        assert state.phase is Phase.REWARD, (case, area)
        state = state.apply(TakeArea(area))
    assert state.phase is not Phase.REWARD
    assert [state.held(s)[Building.PALACE] for s in range(players)] == palaces
    assert state.emperor == expected
    assert state.problems() == ()


# --- phase 5: income --------------------------------------------------------------------------

ESTATE = {
    "a16": (P, 0),
    "a09": (P, 0),
    "a17": (T, 0),
    "a23": (FO, 0),
    "a24": (FO, 0),
    "a22": (RI, 0),
    "a15": (V, 0),
    "a30": (V, 1),
}
"""Seat 0 (emperor): two palaces, a temple, two fortresses, a rice field, a village."""


def income_phase(board: dict[str, Any] = ESTATE, **fields: Any) -> State:
    """Seat 1, the only candidate, declines to rebel: phase 5 begins."""
    data = position(3, board, phase="lead", seat=1, **fields)
    options = fields.pop("options", {})
    return load(data, **options).apply(Lead(False))


@pytest.mark.rule(
    "lotus.income.base",
    "lotus.income.palace",
    "lotus.income.temple",
    "lotus.income.rice",
    "lotus.income.fortress",
    "lotus.income.village",
    "lotus.income.per_building",
)
@pytest.mark.parametrize("combat_palaces", [0, 1, 2])
def test_income_per_building(combat_palaces: int) -> None:
    one = {b: tuple(int(b is c) for c in Building) for b in Building}
    assert steps.income((0, 0, 0, 0, 0), 0) == (10, 2)
    assert steps.income(one[Building.PALACE], 0) == (12, 2)
    assert steps.income(one[Building.PALACE], 1) == (10, 3)
    assert steps.income(one[Building.TEMPLE], 0) == (13, 2)
    assert steps.income(one[Building.RICE], 0) == (11, 3)
    assert steps.income(one[Building.FORTRESS], 0) == (10, 4)
    assert steps.income(one[Building.VILLAGE], 0) == (10, 2)
    assert steps.income((0, 2, 0, 0, 0), 0) == (16, 2)  # per building
    state = income_phase()
    assert state.phase is Phase.PALACE_INCOME
    assert state.seat == 0
    assert state.legal_actions() == (PalaceIncome(0), PalaceIncome(1), PalaceIncome(2))
    assert refused_by(state, PalaceIncome(3)) == "lotus.income.palace"
    assert refused_by(state, PalaceIncome(-1)) == "lotus.income.palace"
    paid = state.apply(PalaceIncome(combat_palaces))
    # 10 + 2 per palace not taken as combat + 3 (temple) + 1 (rice); 2 + 1 per palace taken
    # as combat + 4 (two fortresses) + 1 (rice); the village gives nothing
    assert paid.influence[0] == 12 + 10 + 2 * (2 - combat_palaces) + 3 + 1
    assert paid.combat[0] == 3 + 2 + combat_palaces + 4 + 1
    assert paid.influence[1:] == (22, 22)
    assert paid.combat[1:] == (5, 5)


@pytest.mark.rule("lotus.income.supply_limit", "lotus.income.order")
@pytest.mark.parametrize("emperor", [0, 1, 2])
def test_a_limited_bank_pays_in_turn_order_from_the_emperor(emperor: int) -> None:
    ruling("lotus.income.order")
    assert "limited" in ruling("lotus.income.supply_limit")
    board = {"a30": (V, (emperor + 1) % 3)}
    data = position(3, board, phase="lead", seat=(emperor + 1) % 3, emperor=emperor)
    data.update(influence=[50, 50, 49], combat=[33, 33, 31], bank={"influence": 5, "combat": 3})
    paid = load(data, card_supply="limited").apply(Lead(False))
    first, second = emperor, (emperor + 1) % 3
    assert paid.influence[first] == data["influence"][first] + 5
    assert paid.combat[first] == data["combat"][first] + 2
    assert paid.combat[second] == data["combat"][second] + 1
    assert paid.bank == (0, 0)
    free = load(data).apply(Lead(False))  # the default: the bank never runs out
    assert free.game.options.card_supply.value == "unlimited"
    assert free.influence == (60, 60, 59)
    assert free.bank == (5 - 30, 3 - 6)  # the balance; the piles show 0
    assert free.to_json()["bank"] == {"influence": 0, "combat": 0}
    assert free.problems() == ()


@pytest.mark.rule("lotus.income.supply_limit")
def test_pro_rata_shares_never_overpay_and_favour_nobody() -> None:
    """Every owed triple up to 12 and bank up to 40: nobody gets more than he is owed, the
    bank never goes below 0, fewer points than seats stay behind, and equal debts get equal
    shares whatever the seat."""
    for owed in itertools.product(range(13), repeat=3):
        for bank in range(-2, 41):
            paid = steps.pro_rata(owed, bank)
            assert all(0 <= p <= o for p, o in zip(paid, owed, strict=True))
            assert sum(paid) <= max(bank, 0)
            if sum(owed) <= max(bank, 0):
                assert paid == list(owed)
            else:
                assert max(bank, 0) - sum(paid) < len(owed)
            assert steps.pro_rata(owed[::-1], bank) == paid[::-1]


@pytest.mark.rule("lotus.income.supply_limit", "lotus.income.order", "lotus.income.palace")
def test_a_pro_rata_bank_shares_a_shortage_after_every_palace_choice() -> None:
    """The emperor (seat 0) owns a palace; the bank holds 5 influence and 3 combat. In turn
    order he is paid first and takes everything; pro rata, his public choice is noted, and
    then each seat gets its share of what it is owed, rounded down."""
    assert "pro_rata" in ruling("lotus.income.supply_limit")
    data = position(3, {"a16": (P, 0), "a30": (V, 1)}, phase="lead", seat=1)
    data.update(influence=[50, 50, 49], combat=[33, 33, 31], bank={"influence": 5, "combat": 3})
    turns = load(data, card_supply="limited").apply(Lead(False)).apply(PalaceIncome(1))
    assert turns.influence == (55, 50, 49)
    assert turns.combat == (36, 33, 31)
    state = load(data, card_supply="pro_rata").apply(Lead(False))
    assert state.phase is Phase.PALACE_INCOME
    assert state.last == IncomeReveal()
    paid = state.apply(PalaceIncome(1))
    # owed: seat 0 10 influence and 2 + 1 combat, the others 10 and 2 (totals 30 and 7)
    assert paid.last == IncomeReveal(
        choices=((0, 1),),
        owed=((0, 10, 3), (1, 10, 2), (2, 10, 2)),
        paid=((0, 1, 1), (1, 1, 0), (2, 1, 0)),
    )
    assert paid.influence == (51, 51, 50)
    assert paid.combat == (34, 33, 31)
    assert paid.bank == (2, 2)  # what rounding down leaves stays in the bank
    assert paid.problems() == ()
    assert paid.observation(2).last == paid.last  # the payout is public
    # a bank that covers everyone pays in full, as the other options do
    rich = {**data, "influence": [20, 20, 14], "combat": [17, 17, 16]}
    rich["bank"] = {"influence": 100, "combat": 50}
    full = load(rich, card_supply="pro_rata").apply(Lead(False)).apply(PalaceIncome(1))
    assert full.influence == (30, 30, 24)
    assert full.combat == (20, 19, 18)


# --- phase 6: new areas -----------------------------------------------------------------------


@pytest.mark.rule("lotus.expand.draw_place", "lotus.expand.adjacency")
def test_each_player_draws_and_must_place_next_to_a_chip() -> None:
    state = income_phase({"a16": (P, 0), "a30": (V, 1), "a04": T}, emperor=0)
    state = state.apply(PalaceIncome(0))
    assert state.phase is Phase.DRAW
    assert state.is_chance
    assert [s for s, _ in state.expansion.slots] == [0, 1, 2]
    drawn = state.apply(DrawChip(Building.FORTRESS))
    assert drawn.phase is Phase.PLACE
    assert drawn.seat == 0
    assert drawn.expansion.drawn is Building.FORTRESS
    legal = {a.area for a in drawn.legal_actions() if isinstance(a, PlaceChip)}
    touching = {"a09", "a15", "a17", "a22", "a23", "a24"}  # around a16
    touching |= {"a29", "a31", "a35", "a36", "a37"} | {"a05", "a08", "a10", "a03"}
    assert legal == touching - {"a08", "a03"}  # brown areas are out of play with 3
    assert refused_by(drawn, PlaceChip("a39")) == "lotus.expand.adjacency"  # no chip near
    assert refused_by(drawn, PlaceChip("a16")) == "lotus.expand.adjacency"  # not empty
    assert refused_by(drawn, PlaceChip("a08")) == "lotus.expand.adjacency"  # brown
    assert refused_by(drawn, DeclineExtra()) == "lotus.year.phases"  # must be placed
    placed = drawn.apply(PlaceChip("a29"))
    assert building(placed, "a29") == "fortress"
    assert owner(placed, "a29") is None
    assert placed.phase is Phase.DRAW
    assert placed.seat == 1
    # only chips still face down can be drawn: here all five palaces are on the board
    palaces = {"a16": (P, 0), "a09": (P, 0), "a23": (P, 0), "a30": P, "a31": P, "a29": (V, 1)}
    state = income_phase(palaces).apply(PalaceIncome(0))
    assert state.unseen[Building.PALACE] == 0
    assert DrawChip(Building.PALACE) not in state.legal_actions()
    assert refused_by(state, DrawChip(Building.PALACE)) == "lotus.expand.draw_place"


@pytest.mark.rule("lotus.expand.temple_extra", "lotus.expand.temple_order")
@pytest.mark.parametrize("edition", EDITIONS)
def test_temple_owners_place_extra_chips_in_later_rounds(edition: str) -> None:
    ruling("lotus.expand.temple_order")
    board = {"a16": (T, 0), "a17": (T, 0), "a30": (V, 1), "a31": (T, 2)}
    state = load(position(3, board, edition=edition, phase="lead", seat=1)).apply(Lead(False))
    assert state.expansion.slots == (
        (0, False),
        (1, False),
        (2, False),
        (0, True),
        (2, True),
        (0, True),
    )
    expected = TempleExtra.MAY if edition == "de" else TempleExtra.MUST
    assert game(edition).variant.temple_extra is expected
    for _ in range(3):
        state = settle(state)
        state = state.apply(state.legal_actions()[0])
    assert state.expansion.slots[0] == (0, True)
    if edition == "de":
        assert state.phase is Phase.TEMPLE_EXTRA
        assert state.seat == 0
        assert set(state.legal_actions()) == {TakeExtra(), DeclineExtra()}
        state = state.apply(DeclineExtra())
        assert state.phase is Phase.TEMPLE_EXTRA
        assert state.seat == 2
        state = state.apply(TakeExtra())
    assert state.phase is Phase.DRAW


@pytest.mark.rule("lotus.expand.no_space")
def test_no_empty_area_no_draw() -> None:
    ruling("lotus.expand.no_space")
    others = [a for a in LIGHT if a not in ("a16", "a17")]
    buildings = [P] + [T] * 5 + [FO] * 6 + [RI] * 2 + [V] * 15
    board: dict[str, Any] = {
        a: (b, k % 3) for k, (a, b) in enumerate(zip(others, buildings, strict=True))
    }
    board["a16"] = V  # neutral; a17 is the one empty area
    state = load(position(3, board, phase="lead", seat=1)).apply(Lead(False))
    while state.phase is Phase.PALACE_INCOME:
        state = state.apply(PalaceIncome(0))
    assert state.phase is Phase.DRAW
    assert state.seat == 0
    state = state.apply(DrawChip(Building.VILLAGE)).apply(PlaceChip("a17"))
    # the board is full: the other two base chips (and any temple extras) lapse
    assert state.phase is Phase.CLAIM
    assert state.year == 3
    assert sum(state.unseen) == 8


@pytest.mark.rule("lotus.expand.disconnected")
def test_a_board_with_disconnected_areas_is_rejected() -> None:
    ruling("lotus.expand.disconnected")
    data = game().board.to_json()
    for area in data["areas"]:  # cut a05 off: its only neighbours are a04 and a10
        if area["id"] == "a05":
            area["adjacent"] = []
        elif area["id"] in ("a04", "a10"):
            area["adjacent"] = [n for n in area["adjacent"] if n != "a05"]
    with pytest.raises(boards.MalformedBoard, match="not connected"):
        boards.from_json(data)


# --- the end and scoring ------------------------------------------------------------------------


def full_board(neutral: str | None = None) -> dict[str, Any]:
    """Every light area owned (3 players, 10 or 11 areas each, seat 0 with the one palace),
    but ``neutral``, a neutral rice field."""
    areas = [a for a in LIGHT if a != neutral]
    buildings = [P] + [T] * 5 + [FO] * 6 + [RI] * (len(areas) - 29) + [V] * 17
    board: dict[str, Any] = {
        a: (b, k % 3) for k, (a, b) in enumerate(zip(areas, buildings, strict=True))
    }
    if neutral is not None:
        board[neutral] = RI
    return board


@pytest.mark.rule("lotus.end.trigger")
def test_the_game_ends_after_phase_4_of_the_year_every_area_became_owned() -> None:
    state = load(claiming(3, full_board("a16"), year=5))
    state = run(state, PlaceMarker("a16"), PlaceMarker("a16"), PlaceMarker("a16"))
    assert not state.final
    state = bids(state, {0: (1, 1), 1: (0, 0), 2: (0, 0)})
    state = bids(state, {0: (2, 1), 2: (0, 0)})
    assert all(
        state.chips[i] is not None and state.chips[i].owner is not None  # type: ignore[union-attr]
        for i in state.game.in_play
    )
    assert state.final
    assert state.vp == (1, 0, 0)  # phase 3
    assert state.phase is Phase.LEAD  # phase 4
    influence = state.influence
    state = decline_all(state)
    assert state.is_terminal
    assert state.influence == influence  # no phase 5
    assert state.current_player is rulespec.TERMINAL
    with pytest.raises(rulespec.GameNotOver, match=r"lotus\.score\.winner"):
        load(claiming(3, full_board("a16"))).outcome()


@pytest.mark.rule("lotus.end.year_cap", "lotus.claim.chip_supply")
@pytest.mark.parametrize("option", ["limited", "limited_at_award"])
def test_with_limited_at_award_the_game_ends_after_as_many_years_as_areas(option: str) -> None:
    """Year 31 with three players (31 light areas), two neutral areas left: only under
    chip_supply = 'limited_at_award' does phase 2 of this year end the game."""
    assert "limited_at_award" in ruling("lotus.end.year_cap")
    board = full_board("a16")
    board["a17"] = FO  # seat 1's fortress there is still neutral
    capped = option == "limited_at_award"
    for year, final in ((30, False), (31, capped)):
        data = conflict(3, board, "a16", [0, 1], year=year)
        state = bids(load(data, chip_supply=option), {0: (1, 1), 1: (0, 0)})
        assert owner(state, "a16") == 0
        assert owner(state, "a17") is None
        assert state.final is final
        state = decline_all(state)
        assert state.is_terminal is final
    # the cap is the bound's count of years, so the longest game stays as it was
    assert game(chip_supply="limited_at_award").bounds() == game().bounds()


@pytest.mark.rule("lotus.end.leftover_chips")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_eight_neutral_chips_are_never_used_with_fewer_than_six(players: int) -> None:
    assert sum(rng_game("de", players, seed=players).unseen) == 8
    assert sum(rng_game("fr", 6, seed=players).unseen) == 0


@pytest.mark.rule("lotus.score.buildings", "lotus.score.dragons", "lotus.score.largest_territory")
def test_buildings_dragons_vp_chips_and_the_sole_largest_territory() -> None:
    assert SCORE == (3, 2, 1, 1, 1)
    assert DRAGON_BONUS == 2
    assert TERRITORY_BONUS == 3
    board = {
        "a16": (P, 0),
        "a17": (T, 0),
        "a24": (V, 0),  # seat 0: a16-a17-a24 connected, 3 areas
        "a30": (FO, 1),
        "a33": (RI, 1),  # seat 1: two areas apart, one a dragon area
        "a38": (V, 2),
        "a39": (V, 2),  # seat 2: two connected dragon areas
    }
    state = load(position(3, board, phase="game_over", vp=[1, 0, 4]))
    assert state.scores() == (3 + 2 + 1 + 3 + 1, 1 + 1 + 2, 1 + 1 + 2 + 2 + 4)
    # a tie for the largest territory: nobody gets the bonus
    board["a37"] = (V, 2)
    state = load(position(3, board, phase="game_over", vp=[1, 0, 4]))
    assert state.scores() == (3 + 2 + 1 + 1, 1 + 1 + 2, 1 + 1 + 1 + 2 + 2 + 4)
    assert steps.territory_winner([3, 3, 1]) is None
    assert steps.territory_winner([0, 0, 0]) is None
    assert steps.territory_winner([0, 2, 1]) == 1


@pytest.mark.rule("lotus.score.territory_measure")
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_territory_is_measured_in_areas(edition: str) -> None:
    ruling("lotus.score.territory_measure")
    assert game(edition).variant.territory_measure is TerritoryMeasure.AREAS
    adjacency = game(edition).adjacency
    g = game(edition)
    owned = [g.area_index[a] for a in ("a16", "a17", "a24", "a30", "a39")]
    assert steps.largest_group(owned, adjacency, TerritoryMeasure.AREAS) == 3
    assert steps.largest_group([], adjacency) == 0


@pytest.mark.rule("lotus.score.winner", "lotus.score.final_emperor")
def test_ties_go_to_the_emperor_then_the_most_palaces_else_shared() -> None:
    ruling("lotus.score.final_emperor")
    assert steps.winners([10, 12, 12], emperor=1, palaces=[1, 1, 0]) == {1}
    assert steps.winners([10, 12, 12], emperor=0, palaces=[2, 0, 1]) == {2}
    assert steps.winners([10, 12, 12], emperor=0, palaces=[2, 1, 1]) == {1, 2}
    assert steps.winners([10, 12, 9], emperor=0, palaces=[2, 1, 1]) == {1}
    # the emperor who breaks the tie is the one after the last rebellion
    board = full_board()
    board["a24"], board["a23"] = (V, 1), (P, 1)
    state = load(position(3, board, phase="lead", seat=1, final=True, vp=[0, 0, 0]))
    before = [state.held(s)[Building.PALACE] for s in range(3)]
    assert before == [1, 1, 0]
    assert state.emperor == 0
    state = rebellion(state, {2: R}, {0: 0, 1: 3, 2: 3})
    palace = next(
        a.area
        for a in state.legal_actions()
        if isinstance(a, TakeArea) and building(state, a.area) == "palace"
    )
    state = state.apply(TakeArea(palace))
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    assert state.emperor == 1
    result = state.outcome()
    assert result.tiebreaks[1][0] == 1
    assert result.tiebreaks[0][0] == 0
    assert result.winners == steps.winners(result.scores, 1, [0, 2, 0])


# --- the negotiation variant --------------------------------------------------------------------


@pytest.mark.rule("lotus.variant.negotiation")
@pytest.mark.parametrize("negotiation", ["off", "on"])
def test_negotiation_windows_only_with_the_variant(negotiation: str) -> None:
    rule = rulespec.rule("lotus.variant.negotiation")
    assert rule.kind.value == "rule"  # the books' own variant, not a ruling of rulespec's
    assert rule.option == "negotiation"
    assert rulespec.spec("lotus").table().option("negotiation").rule == rule.id
    data = claiming(
        3, {"a16": V, "a17": V}, seat=2, rnd=3, claims={"a16": [0, 1, 2], "a17": [0, 1]}
    )
    state = load(data, negotiation=negotiation).apply(PlaceMarker("a17"))
    assert state.phase is Phase.CHOOSE_CONFLICT
    state = state.apply(ChooseConflict("a16"))
    assert state.phase is (Phase.NEGOTIATE if negotiation == "on" else Phase.BID)


@pytest.mark.rule("lotus.variant.negotiation_window")
def test_gifts_are_public_and_only_in_the_windows_before_secret_stages() -> None:
    ruling("lotus.variant.negotiation_window")
    data = conflict(3, {"a16": V}, "a16", [0, 1])
    data.update(phase="negotiate", seat=0, queue=[1, 2], resume="bid")
    state = load(data, negotiation="on")
    assert Pass() in state.legal_actions()
    assert Give(2, 3, 0) in state.legal_actions()
    assert Give(1, 0, 2) in state.legal_actions()
    assert refused_by(state, Give(0, 1, 0)) == "lotus.variant.negotiation_window"  # himself
    assert refused_by(state, Give(1, 0, 0)) == "lotus.variant.negotiation_window"  # nothing
    assert refused_by(state, Give(1, -1, 2)) == "lotus.variant.negotiation_window"
    gave = state.apply(Give(2, 3, 0)).apply(Give(2, 0, 1))
    assert gave.influence == (9, 12, 15)
    assert gave.combat == (2, 3, 4)
    assert gave.observation(1).influence == 12  # seat 1 sees his own points ...
    assert gave.problems() == ()
    state = run(gave, Pass(), Pass(), Pass())
    assert state.phase is Phase.BID  # ... and the secret stage opens after everyone passed
    assert refused_by(state, Give(1, 1, 0)) == "lotus.year.phases"  # no gifts mid-round
    # a window before the rebellion's sides too
    lead = load(position(3, {"a16": (P, 0), "a30": (V, 1)}, phase="lead", seat=1), negotiation="on")
    window = lead.apply(Lead(True))
    assert window.phase is Phase.NEGOTIATE
    assert window.seat == 0
    assert run(window, Pass(), Pass(), Pass()).phase is Phase.SIDE


@pytest.mark.rule("lotus.variant.negotiation_window")
def test_every_gift_the_rules_allow_is_a_legal_action() -> None:
    """explain() and legal_actions() must agree on a gift of influence and combat together
    (the checks accept it; legal_actions lists only one kind of points per gift)."""
    data = conflict(3, {"a16": V}, "a16", [0, 1])
    data.update(phase="negotiate", seat=0, queue=[1, 2], resume="bid")
    state = load(data, negotiation="on")
    for gift in (Give(1, 2, 1), Give(2, 12, 3)):
        assert state.explain(gift).legal == (gift in state.legal_actions()), gift


@pytest.mark.rule("lotus.variant.negotiation_window")
def test_a_player_may_give_several_times_then_passes() -> None:
    """The ruling: in turn order from the emperor, each player makes any number of gifts
    and then passes; the window closes when the last player has passed."""
    assert "any number of gifts" in ruling("lotus.variant.negotiation_window")
    data = conflict(3, {"a16": V}, "a16", [0, 1])
    data.update(phase="negotiate", seat=0, queue=[1, 2], resume="bid")
    state = load(data, negotiation="on")
    state = run(state, Give(1, 1, 0), Give(2, 0, 1))
    assert state.seat == 0
    assert state.apply(Pass()).seat == 1
    assert run(state, Pass(), Give(0, 2, 0), Pass(), Pass()).phase is Phase.BID
