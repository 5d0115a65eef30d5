"""What the hot path keeps or builds faster must not change a single answer.

``Evolve.but`` builds a record by storing its slots directly; the White Lotus queries keep
what they derive from a ``chips`` tuple (and ``place_chips`` carries it over to the next
tuple). These tests compare both with the plain way, state by state over random games,
and check that states still copy, pickle and compare by their fields alone.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import rulespec
from rulespec.lotus.board import Board, schematic
from rulespec.lotus.components import BUILDINGS, chips_fit
from rulespec.lotus.variant import ChipSupply

GAMES = [
    pytest.param("lotus", {"edition": "de", "players": 3}, id="lotus-de-3"),
    pytest.param("lotus", {"edition": "fr", "players": 6}, id="lotus-fr-6"),
    pytest.param(
        "lotus",
        {"edition": "de", "players": 5, "chip_supply": "unlimited"},
        id="lotus-de-5-chip_supply",
    ),
    pytest.param(
        "lotus", {"edition": "fr", "players": 4, "reward_choice": "player_choice"}, id="lotus-fr-4"
    ),
    pytest.param("mandala", {"players": 2}, id="mandala-2"),
    pytest.param("mandala", {"players": 4}, id="mandala-4"),
]


def states(game_id: str, settings: dict[str, Any], games: int = 3) -> Iterator[Any]:
    game = rulespec.game(game_id, **settings)
    rng = random.Random(7)
    for _ in range(games):
        state = game.initial_state()
        while not state.is_terminal:
            yield state
            action = (
                state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
            )
            state = state.apply(action)
        yield state


def records(state: Any) -> Iterator[Any]:
    """The state and every attrs record among its fields that has ``but``."""
    yield state
    for field in attrs.fields(type(state)):
        value = getattr(state, field.name)
        if hasattr(value, "but") and attrs.has(type(value)):
            yield value
        if isinstance(value, tuple):
            yield from (v for v in value if hasattr(v, "but") and attrs.has(type(v)))


def new_tuple(items: tuple[Any, ...]) -> tuple[Any, ...]:
    """An equal tuple that is a new object (``tuple(t)`` returns ``t`` itself)."""
    return (*items,)


@pytest.mark.parametrize(("game_id", "settings"), GAMES)
def test_but_builds_what_attrs_evolve_builds(game_id: str, settings: dict[str, Any]) -> None:
    for state in states(game_id, settings, games=1):
        for record in records(state):
            name = attrs.fields(type(record))[-1].name
            value = getattr(record, name)
            made = record.but(**{name: value})
            assert made == attrs.evolve(record, **{name: value})
            assert type(made) is type(record)
            assert made is not record


def test_but_still_refuses_an_unknown_field() -> None:
    state = rulespec.game("mandala", players=2).initial_state()
    with pytest.raises(TypeError):
        state.but(no_such_field=1)


@pytest.mark.parametrize(("game_id", "settings"), GAMES)
def test_states_copy_pickle_and_compare_by_their_fields(
    game_id: str, settings: dict[str, Any]
) -> None:
    for k, state in enumerate(states(game_id, settings, games=1)):
        if k % 25:
            continue
        state.legal_actions()  # fills whatever the queries keep
        assert copy.deepcopy(state) == state
        assert pickle.loads(pickle.dumps(state)) == state
        assert hash(copy.copy(state)) == hash(state)


@pytest.mark.parametrize(("game_id", "settings"), [p for p in GAMES if p.values[0] == "lotus"])
def test_lotus_kept_queries_answer_as_a_fresh_state_does(
    game_id: str, settings: dict[str, Any]
) -> None:
    """A copy with freshly built tuples shares nothing the queries kept: every query must
    give the same answer on it."""
    for state in states(game_id, settings):
        fresh = state.but(chips=new_tuple(state.chips), claims=new_tuple(state.claims))
        assert fresh == state
        for seat in range(state.players):
            assert state.held(seat) == fresh.held(seat)
            assert state.owned(seat) == fresh.owned(seat)
            assert state.claim_areas(seat) == fresh.claim_areas(seat)
            if state.rebellion is not None and state.rebellion.winners is not None:
                assert state.reward_areas(seat) == fresh.reward_areas(seat)
        assert state.placement_areas() == fresh.placement_areas()
        assert state.legal_actions() == fresh.legal_actions()


# --- the queries as they were defined before anything was kept: the specification ------


def spec_held(s: Any, seat: Any) -> tuple[int, ...]:
    counts = [0] * len(BUILDINGS)
    for chip in s.chips:
        if chip is not None and chip.owner == seat:
            counts[chip.building] += 1
    return tuple(counts)


def spec_owned(s: Any, seat: Any) -> tuple[int, ...]:
    return tuple(i for i, chip in enumerate(s.chips) if chip is not None and chip.owner == seat)


def spec_claim_areas(s: Any, seat: int) -> tuple[int, ...]:
    fits = [True] * len(BUILDINGS)
    if s.game.options.chip_supply is ChipSupply.LIMITED:
        held = list(spec_held(s, seat))
        for i, c in enumerate(s.claims):
            chip = s.chips[i]
            if seat in c and chip is not None:
                held[chip.building] += 1
        for b in BUILDINGS:
            held[b] += 1
            fits[b] = chips_fit(held)
            held[b] -= 1
    return tuple(
        i
        for i in s.game.in_play
        if (chip := s.chips[i]) is not None
        and chip.owner is None
        and seat not in s.claims[i]
        and fits[chip.building]
    )


def spec_placement_areas(s: Any) -> tuple[int, ...]:
    adjacency = s.game.index_adjacency
    return tuple(
        i
        for i in s.game.in_play
        if s.chips[i] is None and any(s.chips[j] is not None for j in adjacency[i])
    )


def spec_reward_areas(s: Any, seat: int) -> tuple[int, ...]:
    losers = s.losers()
    mine = set(spec_owned(s, seat))
    adjacency = s.game.index_adjacency
    limited = s.game.options.chip_supply is ChipSupply.LIMITED
    held = list(spec_held(s, seat))
    out = []
    for i, chip in enumerate(s.chips):
        if chip is None or chip.owner not in losers:
            continue
        if mine and not (adjacency[i] & mine):
            continue
        if limited:
            held[chip.building] += 1
            fits = chips_fit(held)
            held[chip.building] -= 1
            if not fits:
                continue
        out.append(i)
    return tuple(out)


def one_way_board() -> Board:
    """The schematic board with some adjacencies listed in one direction only (a board
    built by hand, which nothing validates): the queries must follow the lists as given."""
    areas = list(schematic().areas)
    for k in range(0, len(areas), 3):
        a = areas[k]
        drop = min(a.adjacent)
        areas[k] = attrs.evolve(a, adjacent=a.adjacent - {drop})
    board = schematic()
    return attrs.evolve(board, areas=tuple(areas))


@pytest.mark.parametrize(
    ("settings", "board"),
    [
        pytest.param({"edition": "de", "players": 4}, "schematic", id="de-4"),
        pytest.param({"edition": "fr", "players": 6}, "one_way", id="fr-6-one-way-board"),
        pytest.param(
            {"edition": "fr", "players": 3, "chip_supply": "unlimited"},
            "schematic",
            id="fr-3-chip_supply",
        ),
    ],
)
def test_lotus_queries_keep_their_definitions(settings: dict[str, Any], board: str) -> None:
    game = rulespec.game(
        "lotus", **settings, board=one_way_board() if board == "one_way" else board
    )
    rng = random.Random(3)
    for _ in range(3):
        state = game.initial_state()
        while not state.is_terminal:
            # the state as play reached it (queries kept and carried over), and a copy with
            # fresh tuples (queries worked out from nothing)
            fresh = state.but(chips=new_tuple(state.chips), claims=new_tuple(state.claims))
            for s in (state, fresh):
                for seat in (*range(s.players), None):
                    assert s.held(seat) == spec_held(s, seat)
                    assert s.owned(seat) == spec_owned(s, seat)
                for seat in range(s.players):
                    assert s.claim_areas(seat) == spec_claim_areas(s, seat)
                    if s.rebellion is not None and s.rebellion.winners is not None:
                        assert s.reward_areas(seat) == spec_reward_areas(s, seat)
                assert s.placement_areas() == spec_placement_areas(s)
            action = (
                state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
            )
            state = state.apply(action)
