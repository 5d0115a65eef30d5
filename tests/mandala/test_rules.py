"""One or more tests per rule of rulespec/mandala/rulebook.toml, each naming its rule id.

Positions are written by hand in the minimal JSON format (see tests/mandala/__init__.py);
the default three mandalas hold black-2 + green-2, purple-2 + orange-2 and red-2 +
yellow-2. The marker ``@pytest.mark.rule(...)`` records which rules a test checks;
``tests/test_registry.py`` demands that every registered rule, ruling and ambiguity has at
least one marked test.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest

import rulespec
from rulespec.core import trace
from rulespec.mandala import (
    Back,
    Colour,
    DrawCard,
    Face,
    FinalMandalas,
    Holdings,
    Phase,
    Play,
    ResolveNext,
    RevealTile,
    State,
    TakeTile,
    Tile,
)
from rulespec.mandala.components import COLOURS, DARK_TILES, LIGHT_TILES, NUM_MANDALAS, TILES
from rulespec.mandala.game import MandalaGame
from rulespec.mandala.rules import claim, draw_count, is_complete, leaves_hand_empty, new_holder
from rulespec.mandala.scoring import flower_points, score, tile_points, winners
from rulespec.mandala.variant import Reshuffle

from . import TILES as START_TILES
from . import area, finish, load, position, settle

BLACK, PURPLE, RED, GREEN, ORANGE, YELLOW = COLOURS


def t(label: str) -> Tile:
    return Tile.parse(label)


def mandala_game(players: int, **options: Any) -> MandalaGame:
    game = rulespec.game("mandala", players=players, **options)
    assert isinstance(game, MandalaGame)
    return game


def revealable(state: State) -> set[Tile]:
    """The tiles the chance node at ``state`` may reveal."""
    actions = state.legal_actions()
    assert all(isinstance(a, RevealTile) for a in actions)
    return {a.tile for a in actions if isinstance(a, RevealTile)}


def illegal(state: State, action: Any) -> rulespec.IllegalAction:
    before = state.to_json()
    with pytest.raises(rulespec.IllegalAction) as caught:
        state.apply(action)
    assert state.to_json() == before
    assert not state.explain(action)
    return caught.value


def full_minus(*piles: dict[str, int]) -> dict[str, int]:
    """Every card not in ``piles``: the pile that completes a position's 90 cards."""
    rest = {c.label: 15 for c in COLOURS}
    for pile in piles:
        for colour, n in pile.items():
            rest[colour] -= n
    return {c: n for c, n in rest.items() if n}


# --- components -------------------------------------------------------------------------


@pytest.mark.rule("mandala.components.cards")
def test_ninety_cards_fifteen_of_each_colour() -> None:
    state = rulespec.game("mandala", players=2).initial_state()
    assert state.deck == (15,) * 6
    assert sum(state.deck) == 90
    with pytest.raises(rulespec.MalformedPosition, match="16 red"):
        load(position([{"red": 15}, {"red": 1}]))


@pytest.mark.rule("mandala.components.tiles")
def test_thirty_six_tiles_a_set_per_colour() -> None:
    assert len(set(TILES)) == 36
    for colour in COLOURS:
        assert {tile.face for tile in TILES if tile.colour is colour} == set(Face)
    assert [f.value for f in Face] == ["2", "3", "4", "5", "7", "x3"]
    assert len(DARK_TILES) == len(LIGHT_TILES) == 18


@pytest.mark.rule("mandala.components.tile_backs")
def test_black_purple_red_are_dark_backed() -> None:
    for tile in TILES:
        dark = tile.colour in (BLACK, PURPLE, RED)
        assert tile.back is (Back.DARK if dark else Back.LIGHT)


@pytest.mark.rule("mandala.components.colour_names")
def test_the_colours_are_named_as_in_the_book() -> None:
    assert [c.label for c in Colour] == ["black", "purple", "red", "green", "orange", "yellow"]
    assert Tile.parse("BLACK ×3") == Tile(BLACK, Face.TIMES_THREE)
    with pytest.raises(ValueError, match="grey-2"):
        Tile.parse("grey-2")


@pytest.mark.rule("mandala.components.markers")
def test_three_mandalas_with_a_marker_each() -> None:
    state = rulespec.game("mandala", players=3).new_game(seed=1)
    assert NUM_MANDALAS == len(state.mandalas) == 3
    assert all(m.marker is None for m in state.mandalas)
    error = illegal(state, Play(3, next(c for c in COLOURS if state.hands[0][c]), 1))
    assert error.rule.id == "mandala.play.one_colour_one_mandala"


# --- setup ------------------------------------------------------------------------------


@pytest.mark.rule("mandala.setup.shuffle")
def test_cards_are_drawn_from_the_unordered_deck() -> None:
    state = rulespec.game("mandala", players=2).initial_state()
    assert state.discard == (0,) * 6
    assert all(sum(h) == 0 for h in state.hands)
    state = settle_tiles(state)
    assert state.phase is Phase.DEAL
    assert dict(state.chance_outcomes()) == {DrawCard(c): Fraction(1, 6) for c in COLOURS}
    for _ in range(3):
        state = state.apply(DrawCard(RED))
    expected = {DrawCard(c): Fraction(12 if c is RED else 15, 87) for c in COLOURS}
    assert dict(state.chance_outcomes()) == expected
    # a colour with no card left cannot be drawn (here: all green cards are discarded)
    dealing = load(position([{}, {}], phase="deal", pending=5, discard={"green": 15}))
    assert DrawCard(GREEN) not in dealing.legal_actions()
    assert illegal(dealing, DrawCard(GREEN)).rule.id == "mandala.setup.shuffle"
    assert illegal(dealing, Play(0, RED, 1)).rule.id == "mandala.setup.shuffle"


def settle_tiles(state: State) -> State:
    """Reveal the six starting tiles (the first of each stack in order)."""
    while state.phase is Phase.SETUP_TILES:
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.rule("mandala.setup.tiles")
def test_each_mandala_starts_with_a_dark_and_a_light_tile() -> None:
    state = rulespec.game("mandala", players=3).initial_state()
    for m in range(3):
        outcomes = state.chance_outcomes()
        assert {a.tile for a, _ in outcomes} == set(state.dark)
        assert all(p == Fraction(1, len(state.dark)) for _, p in outcomes)
        error = illegal(state, RevealTile(t("green-3")))
        assert error.rule.id == "mandala.setup.tiles"
        state = state.apply(RevealTile(sorted(state.dark)[m]))
        assert {a.tile for a in state.legal_actions()} == set(state.light)
        state = state.apply(RevealTile(sorted(state.light)[m]))
    for m in state.mandalas:
        assert sorted(tile.back.value for tile in m.tiles) == ["dark", "light"]
    assert len(state.dark) == len(state.light) == 15


@pytest.mark.rule("mandala.setup.markers", "mandala.setup.first_player")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_markers_start_in_the_centre_and_seat_0_starts(players: int) -> None:
    state = rulespec.game("mandala", players=players).new_game(seed=9)
    assert all(m.marker is None for m in state.mandalas)
    assert state.current_player == 0
    assert state.turn == 1


@pytest.mark.rule("mandala.setup.players")
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_two_to_four_players(players: int) -> None:
    if 2 <= players <= 4:
        assert mandala_game(players).players == players
    else:
        with pytest.raises(rulespec.UnknownVariant):
            mandala_game(players)


@pytest.mark.rule("mandala.setup.starting_hands")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_hands_5_6_7_8_dealt_seat_by_seat(players: int) -> None:
    game = mandala_game(players)
    assert game.variant.starting_hands == (5, 6, 7, 8)[:players]
    state = settle_tiles(game.initial_state())
    for seat, size in enumerate(game.variant.starting_hands):
        for _ in range(size):
            assert state.phase is Phase.DEAL
            assert state.seat == seat
            state = state.apply(state.legal_actions()[0])
        assert sum(state.hands[seat]) == size
    assert state.phase is Phase.PLAY


# --- the turn -----------------------------------------------------------------------------


@pytest.mark.rule("mandala.turn.order")
def test_turns_go_clockwise_and_only_the_seat_to_act_plays() -> None:
    hands = [{"red": 9}, {"green": 9}, {"yellow": 9}]
    state = load(position(hands))
    error = illegal(state, DrawCard(RED))  # a draw outside step 2: the play step's rule
    assert error.rule.id == "mandala.play.one_colour_one_mandala"
    with pytest.raises(rulespec.NotYourTurn) as caught:
        state.apply(Play(0, RED, 2), player=1)
    assert caught.value.rule.id == "mandala.turn.order"
    state = state.apply(Play(0, RED, 2), player=0)
    assert (state.current_player, state.turn) == (1, 2)
    state = state.apply(Play(1, GREEN, 2))
    assert (state.current_player, state.turn) == (2, 3)
    state = state.apply(Play(2, YELLOW, 2))
    assert (state.current_player, state.turn) == (0, 4)


@pytest.mark.rule("mandala.play.one_colour_one_mandala")
def test_one_colour_into_one_mandala_from_the_hand() -> None:
    state = load(position([{"red": 2, "green": 3}, {"black": 6}, {"yellow": 7}]))
    assert illegal(state, Play(0, RED, 3)).rule.id == "mandala.play.one_colour_one_mandala"
    assert illegal(state, Play(-1, RED, 1)).rule.id == "mandala.play.one_colour_one_mandala"
    expected = {
        Play(m, c, n)
        for m in range(3)
        for c, held in ((RED, 2), (GREEN, 3))
        for n in range(1, held + 1)
    }
    assert set(state.legal_actions()) == expected


@pytest.mark.rule("mandala.play.at_least_one")
def test_at_least_one_card_is_played() -> None:
    state = load(position([{"red": 2, "green": 3}, {"black": 6}, {"yellow": 7}]))
    assert illegal(state, Play(0, RED, 0)).rule.id == "mandala.play.at_least_one"
    assert illegal(state, Play(0, RED, -1)).rule.id == "mandala.play.at_least_one"
    assert all(isinstance(a, Play) and a.count >= 1 for a in state.legal_actions())


@pytest.mark.rule("mandala.play.face_up_if_new")
def test_new_colours_go_face_up_present_colours_face_down() -> None:
    hands = [{"red": 4, "black": 3, "orange": 2}, {"purple": 6}, {"red": 4}]
    state = load(position(hands))
    # red is new in mandala 0 (black-2, green-2): face up
    state = state.apply(Play(0, RED, 2))
    assert state.mandalas[0].up[0][RED] == 2
    # black is a tile colour there: face down
    state = state.apply(Play(1, PURPLE, 2)).apply(Play(0, RED, 2))
    assert state.mandalas[0].down[2][RED] == 2  # red lies face up for seat 0: present
    state = state.apply(Play(0, BLACK, 2))
    assert state.mandalas[0].down[0][BLACK] == 2
    assert state.mandalas[0].up[0][BLACK] == 0
    # the player's own face-up colour is present too
    state = state.apply(Play(1, PURPLE, 2)).apply(Play(2, RED, 1))
    state = settle(state)
    assert state.current_player == 0
    state = state.apply(Play(1, ORANGE, 1))  # orange-2 is a tile of mandala 1
    assert state.mandalas[1].down[0][ORANGE] == 1


@pytest.mark.rule("mandala.draw.skip_at_eight")
@pytest.mark.parametrize("hand", [9, 10, 14])
def test_no_draw_with_eight_or_more_cards_left(hand: int) -> None:
    state = load(position([{"red": hand}, {"green": 6}, {"yellow": 7}]))
    after = state.apply(Play(0, RED, 1))
    assert not after.is_chance
    assert after.current_player == 1
    assert sum(after.hands[0]) == hand - 1
    assert draw_count(8, 1, 60) == 0


@pytest.mark.rule("mandala.draw.one_card_up_to_four")
@pytest.mark.parametrize(("hand", "drawn"), [(1, 4), (2, 4), (5, 4), (6, 3), (7, 2), (8, 1)])
def test_after_one_card_draw_up_to_four_to_at_most_eight(hand: int, drawn: int) -> None:
    state = load(position([{"red": hand}, {"green": 6}, {"yellow": 7}]))
    after = state.apply(Play(0, RED, 1))
    assert after.pending == drawn
    assert sum(settle(after).hands[0]) == hand - 1 + drawn


@pytest.mark.rule("mandala.draw.exact_count")
def test_the_number_drawn_is_not_a_choice() -> None:
    state = load(position([{"red": 3}, {"green": 6}, {"yellow": 7}])).apply(Play(0, RED, 1))
    assert state.current_player is rulespec.CHANCE
    for left in (4, 3, 2, 1):
        assert state.pending == left
        assert all(isinstance(a, DrawCard) for a in state.legal_actions())
        state = state.apply(state.legal_actions()[0])
    assert state.current_player == 1
    assert sum(state.hands[0]) == 6


@pytest.mark.rule("mandala.draw.none_after_two")
def test_no_draw_after_two_or_more_cards() -> None:
    state = load(position([{"red": 3, "green": 1}, {"green": 6}, {"yellow": 7}]))
    after = state.apply(Play(0, RED, 3))
    assert not after.is_chance
    assert after.current_player == 1
    assert after.hands[0] == (0, 0, 0, 1, 0, 0)
    assert draw_count(0, 2, 60) == draw_count(3, 5, 60) == 0


@pytest.mark.rule("mandala.draw.reshuffle")
def test_an_empty_deck_is_replaced_by_the_discard_pile() -> None:
    hands = [{"red": 2, "green": 1}, {"black": 6}, {"yellow": 7}]
    state = load(position(hands, deck={}, discard=full_minus(*hands)))
    state = state.apply(Play(0, RED, 1))
    assert state.pending == 4
    assert sum(state.deck) == 0
    outcomes = dict(state.chance_outcomes())
    assert outcomes[DrawCard(RED)] == Fraction(13, 74)
    assert outcomes[DrawCard(YELLOW)] == Fraction(8, 74)
    state = state.apply(DrawCard(RED))
    assert sum(state.deck) == 73
    assert sum(state.discard) == 0
    assert state.hands[0][RED] == 2


@pytest.mark.rule("mandala.draw.reshuffle_timing")
def test_the_discard_pile_is_shuffled_only_when_a_card_is_needed() -> None:
    hands = [{"red": 3}, {"black": 6}, {"yellow": 7}]
    discard = full_minus(*hands, {"green": 1})
    state = load(position(hands, deck={"green": 1}, discard=discard)).apply(Play(0, RED, 1))
    assert dict(state.chance_outcomes()) == {DrawCard(GREEN): 1}
    state = state.apply(DrawCard(GREEN))
    assert sum(state.deck) == 0
    assert sum(state.discard) == sum(discard.values())  # not yet reshuffled
    state = state.apply(DrawCard(BLACK))
    assert sum(state.deck) == sum(discard.values()) - 1
    assert sum(state.discard) == 0
    # drawing the very last card ends the turn without a reshuffle
    hands = [{"red": 8}, {"black": 6}, {"yellow": 7}]
    discard = full_minus(*hands, {"green": 1})
    state = load(position(hands, deck={"green": 1}, discard=discard)).apply(Play(0, RED, 1))
    state = state.apply(DrawCard(GREEN))
    assert state.current_player == 1
    assert sum(state.deck) == 0
    assert sum(state.discard) == sum(discard.values())


@pytest.mark.rule("mandala.draw.reshuffle_timing")
@pytest.mark.parametrize("option", [r.value for r in Reshuffle])
def test_the_discard_pile_becomes_the_pile_when_needed_or_with_the_option_at_once(
    option: str,
) -> None:
    """Ambiguity mandala.draw.reshuffle_timing: drawing the very last card empties the
    pile; by default the discard pile waits for the next card needed, so the cards a
    resolution discards meanwhile join it; with reshuffle = 'when_empty' it becomes the
    pile at once and those cards stay on the discard pile."""
    hands = [{"red": 8}, {"black": 6}, {"yellow": 7}]
    discard = full_minus(*hands, {"green": 1})
    data = position(hands, deck={"green": 1}, discard=discard)
    state = load(data, reshuffle=option).apply(Play(0, RED, 1)).apply(DrawCard(GREEN))
    assert state.game.options.reshuffle is Reshuffle(option)
    assert state.current_player == 1
    waited = (sum(state.deck), sum(state.discard)) == (0, sum(discard.values()))
    at_once = (sum(state.deck), sum(state.discard)) == (sum(discard.values()), 0)
    assert waited if option == "when_needed" else at_once
    # the next draw comes from the same cards either way: the old discard pile
    state = state.apply(Play(1, BLACK, 1))
    assert {a for a, _ in state.chance_outcomes()} == {
        DrawCard(c) for c in COLOURS if discard.get(c.label, 0)
    }


@pytest.mark.rule("mandala.draw.exhausted")
def test_with_no_cards_left_anywhere_draw_what_there_is() -> None:
    big = full_minus({"red": 3})
    state = load(position([{"red": 3}, big]))
    assert sum(state.deck) == sum(state.discard) == 0
    after = state.apply(Play(0, RED, 1))
    assert not after.is_chance
    assert after.current_player == 1
    assert sum(after.hands[0]) == 2
    # one card left to draw: only one is drawn
    big = full_minus({"red": 3}, {"red": 1})
    state = load(position([{"red": 3}, big], deck={"red": 1})).apply(Play(0, RED, 1))
    assert state.pending == 1
    assert sum(settle(state).hands[0]) == 3
    assert draw_count(2, 1, available=1) == 1


@pytest.mark.rule("mandala.hand.never_empty")
def test_a_play_that_would_leave_the_hand_empty_is_illegal() -> None:
    state = load(position([{"red": 2}, {"green": 6}, {"yellow": 7}]))
    error = illegal(state, Play(0, RED, 2))
    assert error.rule.id == "mandala.hand.never_empty"
    assert Play(0, RED, 2) not in state.legal_actions()
    assert Play(0, RED, 1) in state.legal_actions()
    single = load(position([{"red": 1}, {"green": 6}, {"yellow": 7}]))
    assert settle(single.apply(Play(0, RED, 1))).hands[0] != (0,) * 6  # the draw refills
    assert leaves_hand_empty(2, 2, 60)
    assert not leaves_hand_empty(1, 1, 60)
    assert leaves_hand_empty(1, 1, 0)


# --- the majority ---------------------------------------------------------------------------


@pytest.mark.rule("mandala.majority.skip_all_face_down")
def test_a_player_with_only_face_down_cards_does_not_check() -> None:
    m0 = area(START_TILES[0], 3, up={1: {"red": 2}}, down={0: {"black": 2}}, marker=1)
    state = load(
        position(
            [{"black": 5, "green": 4}, {"green": 6}, {"yellow": 7}],
            [m0, *(area(x, 3) for x in START_TILES[1:])],
        )
    )
    state = state.apply(Play(0, BLACK, 3))
    assert state.mandalas[0].totals() == (5, 2, 0)
    assert state.mandalas[0].marker == 1
    assert new_holder(active=0, holder=1, totals=(5, 2), ups=(0, 2)) == 1


@pytest.mark.rule("mandala.majority.take_marker")
def test_more_cards_than_every_face_up_player_takes_the_marker() -> None:
    """Seat 2's five face-down cards do not count: it has no face-up card there."""
    m0 = area(
        START_TILES[0], 3, up={0: {"red": 1}, 1: {"purple": 2}}, down={2: {"black": 5}}, marker=1
    )
    state = load(
        position(
            [{"red": 5, "green": 4}, {"green": 6}, {"yellow": 7}],
            [m0, *(area(x, 3) for x in START_TILES[1:])],
        )
    )
    state = state.apply(Play(0, RED, 2))  # face down: red is present (own face-up card)
    m = state.mandalas[0]
    assert (m.totals()[0], m.ups()[0]) == (3, 1)
    assert m.totals()[2] == 5
    assert m.marker == 0
    assert new_holder(active=0, holder=1, totals=(3, 2, 5), ups=(1, 2, 0)) == 0
    assert new_holder(active=0, holder=1, totals=(3, 2, 5), ups=(1, 2, 1)) == 1


@pytest.mark.rule("mandala.majority.tie_keeps")
def test_a_tie_leaves_the_marker_where_it_is() -> None:
    m0 = area(START_TILES[0], 3, up={1: {"purple": 2}}, marker=1)
    state = load(
        position(
            [{"orange": 5, "green": 4}, {"green": 6}, {"yellow": 7}],
            [m0, *(area(x, 3) for x in START_TILES[1:])],
        )
    )
    state = state.apply(Play(0, ORANGE, 2))
    assert state.mandalas[0].totals()[:2] == (2, 2)
    assert state.mandalas[0].marker == 1
    assert new_holder(active=1, holder=0, totals=(2, 2), ups=(2, 2)) == 0


@pytest.mark.rule("mandala.majority.active_player_only")
def test_only_the_player_whose_turn_it_is_checks() -> None:
    # seat 1 would qualify, but it is seat 0's majority check
    assert new_holder(active=0, holder=None, totals=(1, 5), ups=(0, 1)) is None
    assert new_holder(active=0, holder=2, totals=(1, 5, 3), ups=(1, 1, 1)) == 2
    # in play: after any turn, each marker is where it was or with the seat that played
    state = rulespec.game("mandala", players=4).new_game(seed=4)
    rng = random.Random(4)
    for _ in range(40):
        seat = state.current_player
        for action in state.legal_actions():
            after = settle(state.apply(action))
            for before_m, after_m in zip(state.mandalas, after.mandalas, strict=True):
                if after_m.tiles == before_m.tiles:  # not resolved in this turn
                    assert after_m.marker in (before_m.marker, seat)
        state = settle(state.apply(rng.choice(state.legal_actions())), seed=rng.randrange(99))
        if state.is_terminal or state.phase is Phase.TAKE_TILE:
            break


# --- completing and resolving a mandala ---------------------------------------------------


def resolving_position(
    seat0_up: dict[str, int] | None = None,
    seat0_down: dict[str, int] | None = None,
    seat2_up: dict[str, int] | None = None,
    hand0: dict[str, int] | None = None,
) -> State:
    """Mandala 0 (black-2 + green-2): seat 1 holds the marker with 4 red cards; seat 0 is to
    play the sixth colour (yellow)."""
    m0 = area(
        START_TILES[0],
        3,
        up={0: seat0_up or {}, 1: {"red": 4}, 2: seat2_up or {"purple": 2, "orange": 1}},
        down={0: seat0_down or {}},
        marker=1,
    )
    hands = [hand0 or {"yellow": 2, "green": 7}, {"green": 5}, {"black": 6}]
    return load(position(hands, [m0, *(area(x, 3) for x in START_TILES[1:])]))


@pytest.mark.rule("mandala.complete.six_colours")
def test_a_mandala_showing_all_six_colours_is_resolved() -> None:
    state = resolving_position()
    assert state.mandalas[0].colours() == {BLACK, GREEN, RED, PURPLE, ORANGE}
    assert not is_complete(state.mandalas[0].colours())
    after = settle(state.apply(Play(0, YELLOW, 1)))
    assert after.phase is Phase.TAKE_TILE
    assert after.resolving == 0
    # a face-down card adds no colour: green is present, so nothing completes
    after = settle(state.apply(Play(0, GREEN, 1)))
    assert after.phase is Phase.PLAY
    assert is_complete(COLOURS)


@pytest.mark.rule("mandala.resolve.holder_picks", "mandala.resolve.second_place")
def test_the_holder_picks_a_tile_and_the_runner_up_gets_the_other() -> None:
    state = settle(resolving_position().apply(Play(0, YELLOW, 1)))
    assert state.current_player == 1  # the holder, not seat 0 whose turn it is
    assert set(state.legal_actions()) == {TakeTile(t("black-2")), TakeTile(t("green-2"))}
    with pytest.raises(rulespec.NotYourTurn) as caught:
        state.apply(TakeTile(t("green-2")), player=0)
    assert caught.value.rule.id == "mandala.resolve.holder_picks"
    error = illegal(state, TakeTile(t("red-7")))
    assert error.rule.id == "mandala.resolve.holder_picks"
    assert illegal(state, Play(0, GREEN, 1)).rule.id == "mandala.resolve.holder_picks"
    after = state.apply(TakeTile(t("green-2")), player=1)
    assert after.holdings[1].tiles == {t("green-2")}
    assert after.holdings[2].tiles == {t("black-2")}
    assert after.holdings[0].tiles == frozenset()


@pytest.mark.rule("mandala.resolve.second_tie")
def test_a_tie_for_second_goes_to_more_face_up_cards() -> None:
    state = resolving_position(seat0_down={"black": 2}, hand0={"yellow": 1, "green": 9})
    state = settle(state.apply(Play(0, YELLOW, 1)))
    m = state.mandalas[0]
    assert (m.totals()[0], m.ups()[0]) == (3, 1)
    assert (m.totals()[2], m.ups()[2]) == (3, 3)
    after = state.apply(TakeTile(t("black-2")))
    assert after.holdings[2].tiles == {t("green-2")}
    assert after.holdings[0].tiles == frozenset()
    assert claim(1, totals=(3, 4, 3), ups=(1, 4, 3), runner_up_min_share=0).runner_up == 2


@pytest.mark.rule("mandala.resolve.holder_takes_both")
def test_without_a_clear_runner_up_the_holder_takes_both() -> None:
    # a tie for second in cards and face-up cards: seat 0 and seat 2 both have 2 face up
    state = resolving_position(seat2_up={"purple": 1, "orange": 1})
    after = settle(state.apply(Play(0, YELLOW, 2)))
    assert after.phase is Phase.PLAY  # no choice was needed
    assert after.holdings[1].tiles == {t("black-2"), t("green-2")}
    # nobody else with a face-up card: the holder (here the player completing) takes both
    m0 = area(
        START_TILES[0],
        3,
        up={0: {"red": 1, "purple": 1, "orange": 1}},
        down={1: {"black": 3}},
        marker=0,
    )
    state = load(
        position(
            [{"yellow": 3, "green": 6}, {"green": 5}, {"black": 6}],
            [m0, *(area(x, 3) for x in START_TILES[1:])],
        )
    )
    after = settle(state.apply(Play(0, YELLOW, 1)))
    assert after.holdings[0].tiles == {t("black-2"), t("green-2")}
    assert claim(0, totals=(4, 3), ups=(4, 0), runner_up_min_share=0).holder_takes_both


@pytest.mark.rule("mandala.resolve.two_player_half")
@pytest.mark.parametrize(
    ("holder_cards", "other_down", "players", "runner_up"),
    [
        ({"red": 3, "purple": 2}, {"black": 1}, 2, True),  # 3 of 5: at least half
        ({"red": 3, "purple": 2}, {}, 2, False),  # 2 of 5: less than half
        ({"red": 2, "purple": 2}, {}, 2, True),  # 2 of 4: exactly half
        ({"red": 3, "purple": 2}, {}, 3, True),  # no threshold with three players
    ],
)
def test_two_players_the_runner_up_needs_half_the_holders_cards(
    holder_cards: dict[str, int], other_down: dict[str, int], players: int, runner_up: bool
) -> None:
    m0 = area(
        START_TILES[0],
        players,
        up={0: holder_cards, 1: {"orange": 1}},
        down={1: other_down},
        marker=0,
    )
    hands = [{"green": 6}, {"yellow": 1, "green": 8}, {"black": 6}][:players]
    others = [area(x, players) for x in START_TILES[1:]]
    state = settle(load(position(hands, [m0, *others], seat=1)).apply(Play(0, YELLOW, 1)))
    if runner_up:
        assert state.phase is Phase.TAKE_TILE
        state = state.apply(TakeTile(t("black-2")))
        assert state.holdings[1].tiles == {t("green-2")}
    else:
        assert state.holdings[0].tiles == {t("black-2"), t("green-2")}
        assert state.holdings[1].tiles == frozenset()
    share = mandala_game(players).variant.runner_up_min_share
    assert share == (Fraction(1, 2) if players == 2 else 0)


@pytest.mark.rule("mandala.resolve.no_refusal")
def test_tiles_cannot_be_refused() -> None:
    state = settle(resolving_position().apply(Play(0, YELLOW, 1)))
    assert len(state.legal_actions()) == 2
    assert all(isinstance(a, TakeTile) for a in state.legal_actions())
    after = state.apply(state.legal_actions()[0])
    assert after.holdings[1].tiles | after.holdings[2].tiles == {t("black-2"), t("green-2")}


@pytest.mark.rule("mandala.flowers.form")
def test_two_loose_tiles_of_a_colour_form_a_flower_at_once() -> None:
    h = Holdings().receive(t("red-7")).receive(t("green-2")).receive(t("red-3"))
    assert h.loose == {t("green-2")}
    assert h.flowers == ((t("red-3"), t("red-7")),)
    # in play: seat 1 holds a loose green-5 and picks green-2
    tiles = [{}, {"loose": ["green-5"]}, {"loose": ["red-5"]}]
    m0 = area(START_TILES[0], 3, up={1: {"red": 4}, 2: {"purple": 2, "orange": 1}}, marker=1)
    data = position(
        [{"yellow": 2, "green": 7}, {"green": 5}, {"black": 6}],
        [m0, *(area(x, 3) for x in START_TILES[1:])],
        tiles=tiles,
    )
    state = settle(load(data).apply(Play(0, YELLOW, 1))).apply(TakeTile(t("green-2")))
    assert state.holdings[1].flowers == ((t("green-2"), t("green-5")),)
    assert state.holdings[1].loose == frozenset()
    with pytest.raises(rulespec.MalformedPosition, match=r"mandala\.flowers\.form"):
        load(position([{"red": 1}, {"red": 1}], tiles=[{"loose": ["red-7", "red-3"]}, {}]))


@pytest.mark.rule("mandala.flowers.third_tile")
def test_a_third_tile_of_a_colour_stays_loose_until_a_fourth() -> None:
    h = Holdings().receive(t("red-2")).receive(t("red-3"))
    h = h.receive(t("red-4"))
    assert h.flowers == ((t("red-2"), t("red-3")),)
    assert h.loose == {t("red-4")}
    assert score(h) == flower_points(t("red-2"), t("red-3")) + 4
    h = h.receive(t("red-x3"))
    assert h.flowers == ((t("red-2"), t("red-3")), (t("red-4"), t("red-x3")))
    assert h.flower_count == 2


@pytest.mark.rule("mandala.resolve.discard_winners", "mandala.resolve.take_back")
def test_winners_discard_their_cards_the_others_take_theirs_back() -> None:
    state = resolving_position(hand0={"yellow": 1, "orange": 11})
    state = state.apply(Play(0, YELLOW, 1))
    assert state.pending == 0  # 11 cards left: no draw
    state = state.apply(TakeTile(t("black-2")))
    assert state.discard == (0, 2, 4, 0, 1, 0)  # seat 1's red, seat 2's purple and orange
    assert state.hands[0] == (0, 0, 0, 0, 11, 1)  # seat 0 takes its yellow card back
    assert sum(state.hands[0]) == 12  # more than 8: allowed
    assert state.mandalas[0].is_empty()


@pytest.mark.rule("mandala.resolve.new_mandala", "mandala.resolve.marker_returns")
def test_a_resolved_mandala_restarts_with_new_tiles_and_a_free_marker() -> None:
    state = settle(resolving_position().apply(Play(0, YELLOW, 1))).apply(TakeTile(t("black-2")))
    assert state.phase is Phase.NEW_TILES
    assert revealable(state) == state.dark
    assert all(p == Fraction(1, 15) for _, p in state.chance_outcomes())
    assert illegal(state, RevealTile(t("green-3"))).rule.id == "mandala.resolve.new_mandala"
    state = state.apply(RevealTile(t("black-5")))
    assert revealable(state) == state.light
    state = state.apply(RevealTile(t("yellow-7")))
    m0 = state.mandalas[0]
    assert m0.tiles == (t("black-5"), t("yellow-7"))
    assert m0.marker is None
    assert m0.is_empty()
    assert (len(state.dark), len(state.light)) == (14, 14)
    assert state.current_player == 1


# --- the end ---------------------------------------------------------------------------------


def third_flower_position(seat: int, **options: Any) -> State:
    """Seat ``seat`` completes mandala 2 (red-2 + yellow-2) alone with face-up cards and
    takes both tiles; red-2 joins its loose red-7 as its third flower."""
    tiles: list[dict[str, Any]] = [{}, {}, {}]
    tiles[seat] = {
        "flowers": [["black-3", "black-4"], ["purple-3", "purple-4"]],
        "loose": ["red-7"],
    }
    tiles[(seat + 1) % 3] = {"loose": ["green-3", "orange-3", "yellow-3"]}
    tiles[(seat + 2) % 3] = {"loose": ["green-4", "orange-4"]}
    m2 = area(START_TILES[2], 3, up={seat: {"black": 1, "purple": 1, "green": 1}}, marker=seat)
    hands = [{"green": 6}, {"green": 6}, {"purple": 6}]
    hands[seat] = {"orange": 2, "red": 9}
    data = position(hands, [area(x, 3) for x in START_TILES[:2]] + [m2], seat=seat, tiles=tiles)
    return load(data, **options)


@pytest.mark.rule("mandala.end.third_flower", "mandala.end.round")
def test_the_game_ends_after_the_round_of_a_third_flower() -> None:
    state = settle(third_flower_position(seat=0).apply(Play(2, ORANGE, 2)))
    assert state.holdings[0].flower_count == 3
    assert state.current_player == 1  # the round goes on
    state = settle(state.apply(Play(0, GREEN, 1)))  # green is a tile there: face down
    assert state.current_player == 2
    state = state.apply(Play(1, PURPLE, 2))
    assert state.final is not None
    assert finish(state).is_terminal
    # a third flower in the last seat's turn ends the game after that turn
    state = third_flower_position(seat=2).apply(Play(2, ORANGE, 2))
    assert state.final is not None or state.phase is Phase.NEW_TILES
    state = finish(state)
    assert state.is_terminal
    assert state.holdings[2].flower_count == 3


@pytest.mark.rule("mandala.end.round")
def test_a_third_flower_won_as_runner_up_also_ends_the_round() -> None:
    # seat 1 completes mandala 0; seat 2 is runner-up and takes green-2 to its loose
    # green-5, its third flower; seat 2 and then nobody else plays: the round ends after it
    tiles = [
        {"loose": ["yellow-4"]},
        {},
        {
            "flowers": [["black-3", "black-4"], ["purple-3", "purple-4"]],
            "loose": ["green-5", "orange-3", "yellow-3"],
        },
    ]
    m0 = area(START_TILES[0], 3, up={0: {"red": 4}, 2: {"purple": 2, "orange": 1}}, marker=0)
    data = position(
        [{"green": 6}, {"yellow": 2, "green": 7}, {"black": 6}],
        [m0, *(area(x, 3) for x in START_TILES[1:])],
        seat=1,
        tiles=tiles,
    )
    state = settle(load(data).apply(Play(0, YELLOW, 1)))
    state = settle(state.apply(TakeTile(t("black-2")), player=0))
    assert state.holdings[2].flower_count == 3
    assert state.current_player == 2
    state = state.apply(Play(1, BLACK, 2))
    assert finish(state).is_terminal


def no_tiles_left() -> dict[str, Any]:
    """All 30 other tiles are held (each seat: two flowers and one loose tile per colour);
    seat 1 is to play and completes mandala 0 with one yellow card."""
    colours = [c.label for c in COLOURS]
    tiles: list[dict[str, Any]] = [{"loose": [], "flowers": []} for _ in range(3)]
    for i, colour in enumerate(colours):
        for seat, face in enumerate(("3", "4", "5")):
            tiles[seat]["loose"].append(f"{colour}-{face}")
        tiles[i % 3]["flowers"].append([f"{colour}-7", f"{colour}-x3"])
    m0 = area(START_TILES[0], 3, up={1: {"red": 1, "purple": 1, "orange": 1}}, marker=1)
    hands = [{"green": 6}, {"yellow": 2, "green": 7}, {"black": 6}]
    return position(hands, [m0, *(area(x, 3) for x in START_TILES[1:])], seat=1, tiles=tiles)


@pytest.mark.rule("mandala.end.no_tiles", "mandala.end.no_tiles_immediate")
def test_running_out_of_tiles_ends_the_game_at_once() -> None:
    """Seat 1 completes mandala 0, so no new mandala can start: by default (no_tiles =
    'at_once', the plain reading of de:140) seat 2 never plays again."""
    assert "at_once" in rulespec.rule("mandala.end.no_tiles_immediate").decision
    state = load(no_tiles_left())
    assert not state.dark
    assert not state.light
    after = settle(state.apply(Play(0, YELLOW, 1)))
    assert after.is_terminal
    assert after.hands[2] == state.hands[2]
    assert after.turn == state.turn


@pytest.mark.rule("mandala.end.no_tiles", "mandala.end.no_tiles_immediate", "mandala.end.round")
def test_running_out_of_tiles_can_end_the_game_when_the_round_is_over() -> None:
    """The other reading of de:140 (no_tiles = 'end_of_round'): seat 2, the last of the
    round, still plays, but not into mandala 0, which could not be started again; after its
    turn the game ends and the two mandalas left are resolved."""
    state = load(no_tiles_left(), no_tiles="end_of_round")
    after = settle(state.apply(Play(0, YELLOW, 1)))
    assert not after.is_terminal
    assert after.current_player == 2
    assert not after.mandalas[0].tiles
    assert {p.mandala for p in after.legal_actions()} == {1, 2}
    refused = after.explain(Play(0, BLACK, 1))
    assert not refused.legal
    assert refused.rule is not None
    assert refused.rule.id == "mandala.end.no_tiles_immediate"
    assert after.game.state_from_json(after.to_json()) == after  # the situation is writable
    last = finish(settle(after.apply(Play(1, BLACK, 1))))
    assert last.is_terminal
    assert last.turn == after.turn  # nobody played after seat 2


@pytest.mark.rule("mandala.end.no_tiles", "mandala.end.no_tiles_immediate")
@pytest.mark.parametrize("reading", ["at_once", "end_of_round"])
def test_the_moment_the_tiles_run_out_can_be_written_and_the_reading_decides(
    reading: str,
) -> None:
    """The situation the ambiguity decides, a resolved mandala due its new tiles with both
    stacks empty, written by hand (issue 27): it loads, and the option decides there, as in
    play: at once the final resolution, or seat 2's turn with mandala 0 left empty."""
    after = settle(load(no_tiles_left(), no_tiles="end_of_round").apply(Play(0, YELLOW, 1)))
    data = {**after.to_json(), "phase": "new_tiles", "seat": 1, "turn": after.turn - 1}
    data.update(resolving=0, pending=2)
    data["settings"] = {**data["settings"], "no_tiles": reading}
    with trace.tracing() as counts:
        state = load(data, no_tiles=reading)
    assert counts["mandala.end.no_tiles_immediate"] >= 1
    assert state.problems() == ()
    if reading == "at_once":
        assert state.final is not None
        assert finish(state).is_terminal
    else:
        assert state.phase is Phase.PLAY
        assert state.seat == 2
        assert state == after


@pytest.mark.rule("mandala.end.stalled")
def test_a_player_who_cannot_play_ends_the_game() -> None:
    """No card in the deck or the discard pile and seat 1 holds one card: any play would
    leave it without a card, so the game ends before its turn."""
    big = full_minus({"red": 1})
    state = load(position([big, {"red": 1}]))
    after = state.apply(Play(1, BLACK, 2))
    assert after.final is not None or after.is_terminal
    after = finish(after)
    assert after.is_terminal
    assert sum(after.hands[1]) == 1


def final_order_position(**options: Any) -> State:
    """The game has ended; all three mandalas wait to be resolved. Mandala 0: seat 0 alone
    (holder takes both); mandala 1: seat 1 holds face-down cards only; mandala 2: empty."""
    m0 = area(START_TILES[0], 3, up={0: {"red": 2}}, marker=0)
    m1 = area(START_TILES[1], 3, down={1: {"purple": 2}})
    data = position(
        [{"green": 5}, {"green": 5}, {"black": 5}],
        [m0, m1, area(START_TILES[2], 3)],
        phase="final_order",
        final=[0, 1, 2],
    )
    return load(data, **options)


@pytest.mark.rule("mandala.end.final_resolution")
def test_the_final_resolution_takes_the_mandalas_in_random_order() -> None:
    state = final_order_position()
    assert state.is_chance
    outcomes = state.chance_outcomes()
    assert outcomes == tuple((ResolveNext(m), Fraction(1, 3)) for m in range(3))
    state = state.apply(ResolveNext(1))
    assert state.chance_outcomes() == (
        (ResolveNext(0), Fraction(1, 2)),
        (ResolveNext(2), Fraction(1, 2)),
    )
    error = illegal(state, ResolveNext(1))
    assert error.rule.id == "mandala.end.final_resolution"
    state = state.apply(ResolveNext(0))
    assert state.is_terminal
    assert state.holdings[0].tiles == {t("black-2"), t("green-2")}
    assert illegal(state, ResolveNext(2)).rule.id == "mandala.end.final_resolution"


@pytest.mark.rule("mandala.end.final_no_holder")
def test_a_mandala_without_a_holder_gives_no_tiles_at_the_end() -> None:
    state = final_order_position().apply(ResolveNext(1))
    assert state.mandalas[1].tiles == (t("purple-2"), t("orange-2"))
    assert state.hands[1] == (0, 2, 0, 5, 0, 0)
    assert state.holdings[1].tiles == frozenset()
    assert state.mandalas[1].is_empty()


@pytest.mark.rule("mandala.end.final_mandalas")
@pytest.mark.parametrize("option", ["all", "two_others"])
def test_which_mandalas_the_final_resolution_covers(option: str) -> None:
    """Seat 2 (the last seat) ends the round of seat 0's third flower; mandala 1 was
    completed last and seat 1 has already played face-up cards into its new tiles."""
    tiles = [
        {"flowers": [["black-3", "black-4"], ["purple-3", "purple-4"], ["green-3", "green-4"]]},
        {"loose": ["orange-3", "yellow-3"]},
        {},
    ]
    m1 = area(("purple-5", "orange-5"), 3, up={1: {"red": 2}}, marker=1)
    data = position(
        [{"green": 5}, {"green": 5}, {"black": 5}],
        [area(START_TILES[0], 3), m1, area(START_TILES[2], 3)],
        seat=2,
        last_completed=1,
        tiles=tiles,
    )
    state = load(data, final_mandalas=option).apply(Play(0, BLACK, 2))
    assert state.game.options.final_mandalas is FinalMandalas(option)
    if option == "all":
        assert state.final == (0, 1, 2)
        assert len(state.chance_outcomes()) == 3
    else:
        assert state.final == (0, 2)
        assert [p for _, p in state.chance_outcomes()] == [Fraction(1, 2)] * 2
    state = finish(state)
    assert state.is_terminal
    if option == "all":
        assert {t("purple-5"), t("orange-5")} <= state.holdings[1].tiles
    else:
        assert state.mandalas[1].up[1][RED] == 2
        assert state.holdings[1].tiles == {t("orange-3"), t("yellow-3")}


# --- scoring and the winner ---------------------------------------------------------------


@pytest.mark.rule("mandala.scoring.single", "mandala.scoring.single_triple")
def test_loose_tiles_score_their_value_a_loose_x3_nothing() -> None:
    for tile in TILES:
        expected = 0 if tile.face is Face.TIMES_THREE else int(tile.face.value)
        assert tile_points(tile) == expected
    assert score(Holdings(loose=frozenset({t("red-7"), t("green-x3")}))) == 7


@pytest.mark.rule("mandala.scoring.flower_triple", "mandala.scoring.flower_plain")
def test_flowers_score_triple_or_twice_the_lower_plus_the_higher() -> None:
    values = {"2": 2, "3": 3, "4": 4, "5": 5, "7": 7}
    for a, va in values.items():
        assert flower_points(t("red-x3"), t(f"red-{a}")) == 3 * va
        assert flower_points(t(f"red-{a}"), t("red-x3")) == 3 * va
        for b, vb in values.items():
            if a != b:
                assert flower_points(t(f"red-{a}"), t(f"red-{b}")) == 2 * min(va, vb) + max(va, vb)


@pytest.mark.rule(
    "mandala.winner.most_points", "mandala.winner.tiebreak_cards", "mandala.winner.shared"
)
def test_the_winner_has_most_points_then_most_cards_else_a_shared_win() -> None:
    assert winners([12, 10, 3], [0, 9, 9]) == {0}
    assert winners([12, 12, 3], [2, 5, 9]) == {1}
    assert winners([12, 12, 12], [5, 5, 1]) == {0, 1}
    state = load(position([{"red": 1}, {"red": 1}], phase="game_over", final=[]))
    assert state.outcome().winners == {0, 1}
    with pytest.raises(rulespec.GameNotOver, match=r"mandala\.winner\.most_points"):
        load(position([{"red": 1}, {"red": 1}])).outcome()


# --- information ------------------------------------------------------------------------


@pytest.mark.rule("mandala.info.public")
def test_a_player_sees_the_table_and_their_own_hand_only() -> None:
    m0 = area(START_TILES[0], 3, up={1: {"red": 2}}, down={2: {"black": 3}}, marker=1)
    data = position(
        [{"yellow": 5}, {"green": 6}, {"orange": 7}],
        [m0, *(area(x, 3) for x in START_TILES[1:])],
        discard={"purple": 4},
    )
    state = load(data)
    view = state.observation(0)
    assert view.hand == state.hands[0]
    assert view.hand_sizes == (5, 6, 7)
    assert view.deck_size == sum(state.deck)
    assert view.discard == state.discard
    assert view.mandalas[0].down[2][BLACK] == 3  # shown when played
    assert (view.dark_left, view.light_left) == (15, 15)
    text = json.dumps(view.to_json())
    assert "orange" not in text.replace('"orange-2"', "")  # seat 2's hand is hidden
    assert state.observation(2).hand == state.hands[2]
    with pytest.raises(ValueError, match="seat"):
        state.observation(3)
