"""Mandala's bounds (:mod:`rulespec.mandala.bounds`): seeded random play of every variant
of ``spec.variants()`` stays within every bound; the bounds claimed exact are reached;
every argument names only claims that exist."""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest

import proofs
import rulespec
from rulespec.core.bounds import Bounds
from rulespec.mandala import MandalaGame, Play, State
from rulespec.mandala.bounds import CARDS, MOST_CARDS_PLAYED, bounds, max_game_length

SPEC = rulespec.spec("mandala")
VARIANTS = [
    pytest.param(settings, id="-".join(str(v) for v in settings.values()))
    for settings in SPEC.variants()
]
SEEDS = range(15)


def play(game: MandalaGame, seed: int) -> tuple[State, int, int]:
    """A seeded random game from before the first tile, every chance node checked against
    the bound; returns the end, the step count and the cards played."""
    b = bounds(game)
    rng = random.Random(seed)
    state: State = game.initial_state()
    steps = played = 0
    while not state.is_terminal:
        if state.is_chance:
            assert len(state.chance_outcomes()) <= b.max_chance_outcomes
            state = state.apply(state.sample_chance(rng))
        else:
            action = rng.choice(state.legal_actions())
            if isinstance(action, Play):
                played += action.count
            state = state.apply(action)
        steps += 1
        assert steps <= b.max_game_length, f"{game.settings()} seed {seed}: still going"
    return state, steps, played


@pytest.mark.rule("mandala.end.no_tiles", "mandala.play.at_least_one")
@pytest.mark.parametrize("settings", VARIANTS)
def test_random_play_stays_within_the_bounds(settings: dict[str, Any]) -> None:
    game = rulespec.game("mandala", **settings)
    b = bounds(game)
    for seed in SEEDS:
        end, steps, played = play(game, seed)
        assert played <= MOST_CARDS_PLAYED
        assert steps <= max_game_length()
        returns = end.outcome().returns()
        assert all(b.min_utility <= r <= b.max_utility for r in returns)
        assert sum(returns) == pytest.approx(b.utility_sum)


def test_every_bound_has_its_argument() -> None:
    """``why`` covers every field, and each z3 claim it cites exists."""
    fields = {f.name for f in attrs.fields(Bounds)} - {"why"}
    claims = {c.id for c in proofs.claims("mandala")}
    for settings in SPEC.variants():
        why = bounds(rulespec.game("mandala", **settings)).why
        assert set(why) == fields
        cited = re.findall(r"z3 claim ([a-z0-9_.]+:[a-z0-9_]+)", " ".join(why.values()))
        assert cited
        assert set(cited) <= claims


@pytest.mark.rule("mandala.setup.tiles")
def test_the_widest_chance_node_is_exact() -> None:
    """The first tile comes from the full dark stack of 18: a bound of 17 would be wrong."""
    for settings in SPEC.variants():
        game = rulespec.game("mandala", **settings)
        start = game.initial_state()
        assert len(start.chance_outcomes()) == bounds(game).max_chance_outcomes == 18


@pytest.mark.rule("mandala.winner.shared")
def test_the_returns_reach_0_and_1() -> None:
    """Some game has a sole winner (1) and a loser (0): both bounds are exact."""
    game = rulespec.game("mandala", players=2)
    b = bounds(game)
    seen: set[float] = set()
    for seed in range(10):
        end, _, _ = play(game, seed)
        seen.update(end.outcome().returns())
    assert {b.min_utility, b.max_utility} <= seen


def test_the_length_adds_up() -> None:
    """36 reveals, 90 + 1620 draws, 1620 plays, 18 tile choices, 2 final-order draws: 15
    restarts, the resolution that finds no tiles and, when the round is finished
    (no_tiles = 'end_of_round'), the two other mandalas resolved before it ends."""
    assert CARDS == 90
    assert MOST_CARDS_PLAYED == (15 + 1 + 2) * 90
    assert max_game_length() == 36 + (90 + 1620) + 1620 + 18 + 2
