"""The JSON position format (rulespec/mandala/position.py): defaults, and every problem of a
bad position reported at once with a message a person can act on."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.core import trace
from rulespec.mandala import Phase, Tile
from rulespec.mandala import position as position_module
from rulespec.mandala.components import DARK_TILES
from rulespec.mandala.components import TILES as TILE_OBJECTS
from rulespec.mandala.position import invariant_problems

from ..position_mutations import mutate, reached, refused_or_playable
from . import TILES, area, load, position

MINIMAL: dict[str, Any] = {
    "game": "mandala",
    "settings": {"players": 2},
    "hands": [{"red": 3, "green": 1}, {"black": 2}],
    "mandalas": [
        {"tiles": ["black-2", "green-5"]},
        {"tiles": ["purple-3", "orange-x3"]},
        {"tiles": ["red-7", "yellow-4"]},
    ],
}
"""A position naming its hands and tiles (the defaults of the rest are checked below)."""


def problems(data: Any, players: int = 2, **options: Any) -> tuple[str, ...]:
    game = rulespec.game("mandala", players=players, **options)
    with pytest.raises(rulespec.MalformedPosition) as caught:
        game.state_from_json(data)
    assert isinstance(caught.value, ValueError)
    assert str(len(caught.value.problems)) in str(caught.value)
    return caught.value.problems


def one_of(found: tuple[str, ...], *needles: str) -> None:
    """Each needle appears in some problem."""
    for needle in needles:
        assert any(needle in p for p in found), f"{needle!r} not in {found}"


def test_a_minimal_position_loads_with_its_defaults() -> None:
    state = rulespec.game("mandala", players=2).state_from_json(MINIMAL)
    assert state.phase is Phase.PLAY
    assert (state.seat, state.turn, state.pending) == (0, 1, 0)
    assert (state.played, state.resolving, state.last_completed) == (None, None, None)
    assert state.final is None
    assert state.discard == (0,) * 6
    assert state.hands == ((0, 0, 3, 1, 0, 0), (2, 0, 0, 0, 0, 0))
    assert state.deck == (13, 15, 12, 14, 15, 15)
    assert all(m.marker is None and m.is_empty() for m in state.mandalas)
    assert len(state.dark) == len(state.light) == 15
    assert Tile.parse("black-2") not in state.dark
    assert all(not h.tiles for h in state.holdings)
    assert invariant_problems(state) == []
    assert state.current_player == 0
    # the full dump loads back to the same state, through JSON text
    dumped = json.loads(json.dumps(state.to_json()))
    assert rulespec.game("mandala", players=2).state_from_json(dumped) == state


def test_the_settings_alone_are_the_first_turns_start() -> None:
    """Issue 34: ``mandalas`` (and ``hands``) were required where the other games default
    nearly everything; left out, they are what setup and the deal could have made."""
    for players in (2, 3, 4):
        game = rulespec.game("mandala", players=players)
        state = game.state_from_json({"game": "mandala", "settings": {"players": players}})
        assert [[t.label for t in m.tiles] for m in state.mandalas] == [list(p) for p in TILES]
        assert all(m.marker is None and m.is_empty() for m in state.mandalas)
        sizes = game.variant.starting_hands
        assert [sum(h) for h in state.hands] == list(sizes)
        assert state.hands[0] == (1, 1, 1, 1, 1, 0)  # one of each colour in turn from black
        assert sum(state.deck) == 90 - sum(sizes)
        assert (state.phase, state.seat, state.turn) == (Phase.PLAY, 0, 1)
        assert invariant_problems(state) == []
        assert state.legal_actions()
        assert game.state_from_json(json.loads(json.dumps(state.to_json()))) == state


def test_a_mandala_may_leave_out_its_tiles_marker_and_cards() -> None:
    game = rulespec.game("mandala", players=2)
    state = game.state_from_json(
        {
            "hands": [{"red": 1}, {"red": 1}],
            # purple-2 is taken: mandala 1 gets the lowest purple left; red-2 and yellow-2
            # lie in front of seat 0, so mandala 2 gets red-3 and yellow-3
            "mandalas": [{"tiles": ["purple-2", "green-3"]}, {}, {"down": [{}, {"red": 1}]}],
            "tiles": [{"loose": ["red-2", "yellow-2"]}, {}],
        }
    )
    assert [[t.label for t in m.tiles] for m in state.mandalas] == [
        ["purple-2", "green-3"],
        ["purple-3", "orange-2"],
        ["red-3", "yellow-3"],
    ]
    assert state.mandalas[2].down[1] == (0, 0, 1, 0, 0, 0)
    assert state.mandalas[2].marker is None
    # tiles in stacks written out are placed nowhere else: here only the 3s are left
    stacks: dict[str, list[str]] = {"dark": [], "light": []}
    for tile in TILE_OBJECTS:
        if tile.face.value != "3":
            stacks["dark" if tile in DARK_TILES else "light"].append(tile.label)
    state = game.state_from_json({"hands": [{"red": 1}, {"red": 1}], "stacks": stacks})
    assert [[t.label for t in m.tiles] for m in state.mandalas] == [
        ["black-3", "green-3"],
        ["purple-3", "orange-3"],
        ["red-3", "yellow-3"],
    ]


def test_hands_left_out_are_dealt_from_the_cards_placed_nowhere_else() -> None:
    game = rulespec.game("mandala", players=2)
    state = game.state_from_json(
        {
            "discard": {"black": 15, "purple": 14},
            "mandalas": [{"up": [{"red": 1}, {}], "marker": 0}, {}, {}],
        }
    )
    # seat 0: purple, red, green, orange, yellow (no black is left); seat 1 the same from
    # black on, without purple (none left): red, green, orange, yellow, red, green
    assert state.hands[0] == (0, 1, 1, 1, 1, 1)
    assert state.hands[1] == (0, 0, 2, 2, 1, 1)
    assert sum(state.deck) == 90 - 29 - 1 - 11


def test_the_docstring_position_loads() -> None:
    doc = position_module.__doc__ or ""
    text = doc.split("::\n\n", 1)[1].split("\n\n", 1)[0]
    state = rulespec.game("mandala", players=2).state_from_json(json.loads(text))
    assert state.mandalas[1].marker == 1
    assert [t.label for t in state.mandalas[2].tiles] == ["red-2", "yellow-2"]


def test_settings_and_game_may_be_left_out_but_must_match_if_given() -> None:
    data = {k: v for k, v in MINIMAL.items() if k not in ("game", "settings")}
    assert rulespec.game("mandala", players=2).state_from_json(data).players == 2
    found = problems({**MINIMAL, "settings": {"players": 3}, "game": "lotus"})
    one_of(found, "settings.players", "game")


def test_every_problem_is_reported_at_once() -> None:
    data = {
        **MINIMAL,
        "phase": "lunch",
        "seat": 7,
        "hands": [{"red": 3, "pink": 1}, {"black": 2}],
        "mandalas": [
            {"tiles": ["black-2", "green-5"]},
            {"tiles": ["purple-9", "orange-x3"]},
            {"tiles": ["red-7", "yellow-4"], "cards": 3},
        ],
        "discard": {"green": -1},
        "colour": "blue",
    }
    found = problems(data)
    assert len(found) >= 3
    one_of(found, "phase", "lunch", "seat", "pink", "purple-9", "discard.green", "colour", "cards")
    assert len(found) == 7, found


def test_a_position_that_is_no_object_is_rejected() -> None:
    for bad in ([1, 2], "position", None, 3):
        found = problems(bad)
        assert found == (f"a position must be a JSON object, got {type(bad).__name__}",)


def test_unknown_keys_are_named() -> None:
    found = problems({**MINIMAL, "hand": [], "stack": "rest"})
    one_of(found, "hand: unknown key", "stack: unknown key")
    mandalas = [{"tiles": ["black-2", "green-5"], "markers": 0}, *MINIMAL["mandalas"][1:]]
    found = problems({**MINIMAL, "mandalas": mandalas})
    one_of(found, "mandalas[0].markers: unknown key")


def test_unknown_keys_in_a_players_tiles_are_named() -> None:
    """A typo such as "flower" must not silently drop those tiles into the stacks."""
    tiles = [
        {
            "loose": ["red-3", "green-3"],
            "flower": [["black-3", "black-4"], ["orange-3", "orange-4"]],
        },
        {},
    ]
    found = problems({**MINIMAL, "tiles": tiles})
    one_of(found, "flower")


def test_conservation_of_cards() -> None:
    found = problems(position([{"red": 15}, {"red": 1}], discard={"red": 2}))
    one_of(found, "18 red cards placed; there are 15")
    found = problems(position([{"red": 3}, {"red": 1}], deck={"red": 3}))
    one_of(found, "7 red cards", "0 green cards", "mandala.components.cards")
    assert len(found) == 6  # every colour is wrong


def test_conservation_of_tiles() -> None:
    tiles = [{"loose": ["black-2"]}, {}]
    one_of(problems(position([{"red": 1}, {"red": 1}], tiles=tiles)), "black-2 is also at")
    stacks = {"dark": ["black-3"], "light": ["green-3", "black-4"]}
    found = problems(position([{"red": 1}, {"red": 1}], stacks=stacks))
    one_of(found, "black-4 has a dark back", "missing everywhere", "red-3")
    found = problems(position([{"red": 1}, {"red": 1}], stacks="all"))
    one_of(found, "stacks")


def test_malformed_tiles() -> None:
    mandalas: list[dict[str, Any]] = [
        {"tiles": ["black-2", 42]},
        {"tiles": "purple-2"},
        {"tiles": ["pink-2", "yellow-x4"]},
    ]
    found = problems(position([{"red": 1}, {"red": 1}], mandalas))
    one_of(found, "42 is not a tile", "mandalas[1].tiles", "pink-2", "yellow-x4")
    tiles = [{"flowers": [["red-3", "green-4"]]}, {"flowers": [["red-4", "red-5", "red-7"]]}]
    found = problems(position([{"red": 1}, {"red": 1}], tiles=tiles))
    one_of(found, "share one colour", "expected a list of 2")
    found = problems(position([{"red": 1}, {"red": 1}], tiles=[{"loose": ["red-3", "red-4"]}, {}]))
    one_of(found, "mandala.flowers.form")


def test_mandala_tiles_must_be_one_dark_and_one_light() -> None:
    mandalas = [
        {"tiles": ["black-2", "black-3"]},
        {"tiles": ["purple-2"]},
        {"tiles": ["red-2", "yellow-2", "green-2"]},
    ]
    found = problems(position([{"red": 1}, {"red": 1}], mandalas))
    one_of(found, "mandalas[0]: needs one dark", "mandalas[1]", "mandalas[2]", "stacks")


def test_marker_invariants() -> None:
    hands = [{"red": 1}, {"green": 1}]
    cases: list[tuple[dict[str, Any], str]] = [
        (area(TILES[0], 2, up={0: {"red": 2}}), "marker belongs to a seat with a face-up card"),
        (area(TILES[0], 2, down={0: {"black": 2}}, marker=0), "no face-up card lies here"),
        (area(TILES[0], 2, up={0: {"red": 1}, 1: {"purple": 3}}, marker=0), "more cards than"),
        (
            area(TILES[0], 2, up={0: {"red": 1}}, down={1: {"black": 2}}, marker=1),
            "marker belongs to a seat with a face-up card",
        ),
        (area(TILES[0], 2, up={0: {"red": 1}}, marker=2), "mandalas[0].marker"),
    ]
    for mandala, needle in cases:
        data = position(hands, [mandala, *(area(x, 2) for x in TILES[1:])])
        one_of(problems(data), needle)


def test_card_placement_invariants() -> None:
    mandalas = [
        area(TILES[0], 2, up={0: {"red": 2}, 1: {"red": 1}}, marker=0),
        area(TILES[1], 2, down={0: {"red": 1}}),
        area(TILES[2], 2, up={1: {"red": 1}}, marker=1),
    ]
    found = problems(position([{"red": 1}, {"green": 1}], mandalas))
    one_of(found, "red lies face up for seats [0, 1]", "face-down red", "red is a tile colour")
    six = area(TILES[2], 2, up={1: {"purple": 1, "black": 1, "green": 1, "orange": 1}}, marker=1)
    found = problems(position([{"red": 1}, {"green": 1}], [*(area(x, 2) for x in TILES[:2]), six]))
    one_of(found, "mandala.complete.six_colours")


def test_turn_invariants() -> None:
    one_of(problems(position([{"red": 1}, {}])), "hands[1]: empty")
    three = [
        {"flowers": [["black-3", "black-4"], ["purple-3", "purple-4"], ["green-3", "green-4"]]},
        {"loose": ["orange-3", "yellow-3"]},
    ]
    one_of(problems(position([{"red": 1}, {"red": 1}], tiles=three)), "mandala.end.third_flower")
    # the same holdings are fine later in the round (seat 0 formed its third flower)
    assert load(position([{"red": 1}, {"red": 1}], tiles=three, seat=1)).seat == 1


def test_phase_invariants() -> None:
    hands = [{"red": 1}, {"red": 1}]
    one_of(problems(position(hands, phase="draw")), "phase draw needs the mandala played")
    one_of(problems(position(hands, phase="take_tile", resolving=0)), "nobody shares")
    one_of(problems(position(hands, phase="new_tiles")), "new tiles need the mandala")
    one_of(problems(position(hands, phase="final_order", final=[1])), "at least two mandalas")


def test_bad_numbers_are_reported() -> None:
    found = problems(position([{"red": 1}, {"red": 1}], turn=True, pending=-1, played=5, final="x"))
    one_of(found, "turn", "pending", "played", "final")
    assert len(found) == 4
    found = problems(position([{"red": 1}, {"red": 1}], final=[0, 0]))
    one_of(found, "lists a mandala twice")
    found = problems({**MINIMAL, "hands": [{"red": 3}]})
    one_of(found, "one entry per seat (2)")


@pytest.mark.rule("mandala.end.stalled")
def test_a_player_to_act_who_has_no_legal_play_loads_and_the_ruling_ends_the_game() -> None:
    """No card to draw anywhere and seat 1 to act with a single card: every play would
    empty its hand. The situation ruling mandala.end.stalled decides is a position a rules
    lawyer must be able to write (issue 27): it loads, and the ruling ends the game before
    the turn, as in play; the state left is the final resolution, never a decision node
    without a legal action. The same state built by hand is a problem."""
    big = {"black": 15, "purple": 15, "red": 14, "green": 15, "orange": 15, "yellow": 15}
    data = position([big, {"red": 1}], seat=1)
    game = rulespec.game("mandala", players=2)
    with trace.tracing() as counts:
        state = game.state_from_json(data)
    assert counts["mandala.end.stalled"] == 1
    assert state.final is not None or state.is_terminal
    assert state.problems() == ()
    assert state.is_chance  # the final order of the three mandalas is drawn
    assert sum(state.hands[1]) == 1
    unsettled = state.but(phase=Phase.PLAY, seat=1, final=None)
    one_of(unsettled.problems(), "mandala.end.stalled")


@pytest.mark.rule("mandala.components.tiles")
def test_a_tile_listed_twice_in_front_of_a_player_is_refused() -> None:
    """Defect r10 (issue 19): a tile listed twice in a player's flowers, or both in a flower
    and loose, loaded clean (the tiles were counted as a set) and the tensor then raised
    TensorError. Every tile exists once."""
    hands = [{"red": 1}, {"red": 1}]
    twice = [{"flowers": [["black-3", "black-4"], ["black-3", "black-4"]]}, {}]
    one_of(problems(position(hands, tiles=twice)), "black-3 is also at", "black-4 is also at")
    both = [{"loose": ["black-3"], "flowers": [["black-3", "black-4"]]}, {}]
    one_of(problems(position(hands, tiles=both)), "black-3 is also at")
    light = {"flowers": [["green-3", "green-4"]]}
    assert load(position(hands, tiles=[{"flowers": [["black-3", "black-4"]]}, light]))


def drawing(marker: int | None, up: dict[int, dict[str, int]]) -> dict[str, Any]:
    """Seat 0 has just played one face-down black card into mandala 0 and draws one."""
    m0 = area(TILES[0], 2, up=up, down={0: {"black": 1}}, marker=marker)
    return position(
        [{"red": 7}, {"red": 1}],
        [m0, *(area(t, 2) for t in TILES[1:])],
        phase="draw",
        played=0,
        pending=1,
    )


@pytest.mark.rule("mandala.majority.take_marker")
def test_before_the_majority_check_the_marker_was_where_the_rule_left_it() -> None:
    """Found by the mutation test (issue 19): in step 2 of a turn the mandala played into
    was not checked at all, so a marker in the centre with a face-up rival there, or a
    holder behind a face-up rival, loaded and broke the invariant after the draw."""
    one_of(problems(drawing(None, {1: {"purple": 2}})), "nobody holds the marker")
    one_of(problems(drawing(1, {0: {"purple": 1}})), "did not have the face-up majority")
    # seat 0 led 2 to 1 before this card; with it, 3 to 1
    found = problems(drawing(0, {0: {"purple": 1}, 1: {"orange": 2}}))
    one_of(found, "seat 0, did not have the face-up majority")
    assert load(drawing(0, {0: {"purple": 2}, 1: {"orange": 2}})).phase is Phase.DRAW
    assert load(drawing(1, {0: {"purple": 1}, 1: {"orange": 2}})).phase is Phase.DRAW


@pytest.mark.rule("mandala.draw.one_card_up_to_four")
def test_only_the_seat_that_played_a_card_draws() -> None:
    """A draw in step 2 is the active seat's, after its card in the mandala played into."""
    data = drawing(None, {})
    data["mandalas"][0]["down"] = [{}, {"black": 1}]
    one_of(problems(data), "seat 0 draws after playing into mandala 0 but has no card there")


@pytest.mark.rule("mandala.complete.six_colours")
def test_only_the_mandala_played_into_is_resolved_during_a_turn() -> None:
    """Outside the final resolution the tile choice is about the mandala just played into,
    completed by the seat whose turn it is."""
    up = {0: {"purple": 1, "red": 1, "orange": 1}, 1: {"yellow": 1}}
    m0 = area(TILES[0], 3, up=up, down={1: {"black": 1}}, marker=0)
    data = position(
        [{"red": 7}, {"red": 1}, {"red": 2}],
        [m0, *(area(t, 3) for t in TILES[1:])],
        phase="take_tile",
        resolving=0,
        played=0,
        seat=1,
    )
    assert load(data).phase is Phase.TAKE_TILE
    one_of(problems({**data, "played": 1}, 3), "only the mandala played into is completed")
    one_of(problems({**data, "seat": 2}, 3), "seat 2 completed mandala 0")


@functools.cache
def _reached(players: int) -> tuple[Any, list[dict[str, Any]]]:
    game = rulespec.game("mandala", players=players)
    return game, reached(game, range(2), every=9)


@settings(max_examples=150)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1))
def test_a_mutated_position_is_refused_or_plays_on(players: int, seed: int) -> None:
    """Issue 19: a position from play with one place changed (an entry listed twice,
    dropped or swapped, a number out of range, …) is refused with a RulespecError, or
    loads and gives every seat its view and tensor through 50 random steps that keep every
    invariant. Found the tile listed twice (r10) and the unchecked marker of the mandala
    played into during step 2."""
    game, docs = _reached(players)
    rng = random.Random(seed)
    changed = mutate(rng.choice(docs), rng)
    if changed is not None:
        refused_or_playable(game, changed[0], seed)


@pytest.mark.rule("mandala.end.no_tiles_immediate")
def test_a_turn_no_game_reaches_is_refused() -> None:
    """Found after issue 19: a position at turn 1,000,000 (the top of its range) loaded,
    and the next turn took it past the range (a tensor above 1, a JSON no loader took).
    A game ends once the tile stacks run out, so it has fewer turns than its longest
    length in actions: a position beyond is refused, leaving room for the rest of a game."""
    game = rulespec.game("mandala", players=2)
    most = game.bounds().max_game_length
    assert game.state_from_json({**MINIMAL, "turn": most}).turn == most
    one_of(problems({**MINIMAL, "turn": most + 1}), f"no game has more than {most} turns")
