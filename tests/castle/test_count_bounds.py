"""What play adds to coins, points and the stamp stays within what the loader leaves room
for (``rulespec.castle.bounds.count_bounds``; found after issue 19), and the loader
refuses counts and stacked dice play could not keep in range."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import rulespec
from rulespec.castle.bounds import CountBounds, Gain, add, count_bounds
from rulespec.castle.observation import MAX_STACK
from rulespec.castle.position import COUNT_TOP
from rulespec.castle.state import Family, Stage, State
from rulespec.errors import MalformedPosition
from tests.castle.test_properties import VARIANTS


def _figure_steps(fam: Family) -> int:
    """Figures placed plus levels climbed: each castle, garden or training action that
    does something raises it by one at least (castle.actions.*)."""
    return 3 * 5 - sum(fam.left) + sum(level * n for level, n in enumerate(fam.court))


def _counts(s: State, seat: int) -> tuple[int, int, int]:
    """Coins and seals together (an exchange turns one seal into one coin at most), points
    and the stamp."""
    fam = s.family(seat)
    return fam.coins + fam.seals, fam.points, s.stamp


def _over(gained: tuple[int, int, int], allowed: Gain) -> bool:
    return gained[0] > allowed[0] + allowed[2] or gained[1] > allowed[1] or gained[2] > allowed[3]


def _violations(game: Any, bounds: CountBounds, seed: int) -> list[str]:
    """Every turn of one random game that gains more than its bound allows, and the game's
    gains past the bound for the rest of a game."""
    rng = random.Random(seed)
    s = game.initial_state()
    out: list[str] = []
    key: tuple[int, int, int] | None = None
    start: tuple[tuple[int, int, int], int] = ((0, 0, 0), 0)
    first: State | None = None
    while not s.is_terminal:
        s = rulespec.random_step(s, rng)
        if s.stage is not Stage.TURN:
            key = None
            continue
        if first is None:
            first = s
        seat = s.actor
        now = (s.round, s.turns, seat)
        if now != key:
            key, start = now, (_counts(s, seat), _figure_steps(s.family(seat)))
            continue
        gained = tuple(a - b for a, b in zip(_counts(s, seat), start[0], strict=True))
        if s.is_rival(seat):
            allowed = bounds.rival_turn
        else:
            k = _figure_steps(s.family(seat)) - start[1]
            allowed = add(bounds.die, *[bounds.figure] * k)
        if _over((gained[0], gained[1], gained[2]), allowed):
            out.append(f"round {s.round} turn {s.turns} seat {seat}: {gained} > {allowed}")
    assert first is not None
    for seat in range(first.players):
        coins, points, _ = (
            a - b for a, b in zip(_counts(s, seat), _counts(first, seat), strict=True)
        )
        if coins > bounds.coins or points > bounds.points:
            out.append(f"seat {seat}: the game added {coins} coins and seals, {points} points")
    if s.stamp - first.stamp > bounds.stamp:
        out.append(f"the game added {s.stamp - first.stamp} to the stamp")
    return out


@pytest.mark.rule("castle.turn.place", "castle.lantern.bonus", "castle.solo.place")
@pytest.mark.parametrize("settings", VARIANTS, ids=str)
def test_no_turn_adds_more_than_the_per_turn_bound(settings: dict[str, Any]) -> None:
    """Random games: a player's turn adds at most one die's bound plus one figure action's
    for each figure it moved; the rival's at most its turn's; a game at most the bound
    for the rest of a game."""
    game = rulespec.game("castle", **settings)
    bounds = count_bounds(game)
    for seed in range(20):
        assert _violations(game, bounds, seed) == []


def test_the_per_turn_check_can_fail() -> None:
    """The check above finds a gain past a bound too small: it is no tautology."""
    game = rulespec.game("castle", players=2)
    small = attrs.evolve(count_bounds(game), die=(0, 0, 0, 0, 0), figure=(0, 0, 0, 0, 0))
    assert _violations(game, small, 0)


def test_the_bounds_leave_room_below_the_range() -> None:
    """The loader's caps are positive: every variant's bounds are well below the range."""
    for settings in VARIANTS:
        b = count_bounds(rulespec.game("castle", **settings))
        assert 0 < b.coins < COUNT_TOP // 2
        assert 0 < b.points < COUNT_TOP // 2
        assert b.turn[0] >= b.die[0]
        assert b.game[0] >= 9 * b.die[0]


def _reached(settings: dict[str, Any], steps: int = 80) -> State:
    game = rulespec.game("castle", **settings)
    rng = random.Random(5)
    s = game.initial_state()
    for _ in range(steps):
        s = rulespec.random_step(s, rng)
    return s


@pytest.mark.parametrize("count", ["coins", "points"])
def test_the_loader_refuses_a_count_the_rest_of_a_game_could_push_past_its_range(
    count: str,
) -> None:
    s = _reached({"players": 3})
    b = count_bounds(s.game)
    data = s.to_json()
    data["families"][0][count] = COUNT_TOP - getattr(b, count) + 1
    with pytest.raises(MalformedPosition) as refused:
        s.game.state_from_json(data)
    assert f"families[0].{count}" in str(refused.value)
    assert "castle.round.gardeners" in str(refused.value)
    data["families"][0][count] = COUNT_TOP - getattr(b, count) - 200  # room for the agenda
    assert s.game.state_from_json(data).family(0).coins >= 0


def test_the_loader_refuses_a_stamp_the_rest_of_a_game_could_push_past_its_range() -> None:
    s = _reached({"players": 2})
    data = s.to_json()
    data["stamp"] = COUNT_TOP
    with pytest.raises(MalformedPosition, match=r"stamp: .*castle\.track\.influence"):
        s.game.state_from_json(data)


@pytest.mark.rule("castle.turn.stacking")
@pytest.mark.parametrize(("players", "stack"), [(2, 1), (3, 2), (4, 2)])
def test_the_loader_refuses_more_dice_on_a_field_than_stacking_allows(
    players: int, stack: int
) -> None:
    """With three or four players a board field holds two dice, with one or two one
    (castle.turn.stacking); more is refused, whatever dice left the bridges."""
    s = _reached({"players": players}, steps=0)
    rng = random.Random(3)
    while s.stage is not Stage.TURN or s.turns < 2:
        s = rulespec.random_step(s, rng)
    data = s.to_json()
    data["stacked"] = [stack + 1] + [0] * (len(data["stacked"]) - 1)
    data["fields"] = [3] + [0] * (len(data["fields"]) - 1)
    with pytest.raises(MalformedPosition, match=f"stacked: 0 to {stack} dice"):
        s.game.state_from_json(data)


def test_the_observation_range_of_stacked_dice_is_the_most_any_variant_stacks() -> None:
    stacks = {rulespec.game("castle", **v).variant.stack for v in VARIANTS}
    assert max(stacks) == MAX_STACK
    assert stacks == {1, 2}


@pytest.mark.rule("castle.turn.stacking")
def test_the_short_form_refuses_stacked_dice_with_two_players() -> None:
    game = rulespec.game("castle", players=2)
    position = {
        "game": "castle",
        "settings": {"players": 2},
        "round": 2,
        "order": [1, 0],
        "bridges": {"red": [0, 0, 0], "black": [2, 3, 4], "white": [1, 5, 6]},
        "fields": {"room 2": {"top": 5, "dice": 2}},
    }
    with pytest.raises(MalformedPosition, match=r"at most 1 in this game \(castle\.turn"):
        game.state_from_json(position)
    position["fields"] = {"room 2": {"top": 5, "dice": 1}}
    assert game.state_from_json(position).stacked[2] == 1


def test_a_lantern_area_written_with_a_source_twice_lowers_the_cap() -> None:
    """A position written by hand may hold a lantern source more than once (two resource
    cards name the same bonus card); each lantern bonus takes them all
    (castle.lantern.bonus), so the loader leaves room for them once more per bonus."""
    s = _reached({"players": 3}, steps=0)
    rng = random.Random(5)
    while not (s.stage is Stage.TURN and s.phase.value == "take" and s.turns >= 2):
        s = rulespec.random_step(s, rng)
    b = count_bounds(s.game)
    t = s.game.tables
    bonus = max(range(t.bonus_source, t.action_source), key=lambda i: t.lantern[i] != ())
    assert b.lanterns([bonus])[1] > 0  # the bonus card scores points
    data = s.to_json()
    data["families"][0]["points"] = COUNT_TOP - b.points
    data["families"][0]["lantern"] = []
    assert s.game.state_from_json(data).family(0).points == COUNT_TOP - b.points
    data["families"][0]["lantern"] = [bonus] * 4
    with pytest.raises(MalformedPosition, match=r"families\[0\]\.points"):
        s.game.state_from_json(data)
