"""White Lotus's bounds (:mod:`rulespec.lotus.bounds`): seeded random play of every variant
of ``spec.variants()`` stays within every bound and the point caps; the bounds claimed
exact are reached; every argument names only claims that exist."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

import proofs
import rulespec
from rulespec.core.bounds import Bounds
from rulespec.core.play import random_step
from rulespec.lotus import Bid, CommitCombat, Give, LotusGame, State
from rulespec.lotus.bounds import bounds, income_bound, most_buildings, point_caps, years
from rulespec.lotus.components import (
    COMBAT_POINTS,
    INFLUENCE_POINTS,
    NEUTRAL_CHIPS,
    chips_fit,
)
from rulespec.lotus.rules import income
from rulespec.lotus.variant import ChipSupply

SPEC = rulespec.spec("lotus")
VARIANTS = [
    pytest.param(settings, id="-".join(str(v) for v in settings.values()))
    for settings in SPEC.variants()
]
SEEDS = range(3)
NEGOTIATION_SEEDS = range(1)
"""Games with negotiation take ten times the steps (a gift at a time)."""


def play(game: LotusGame, seed: int) -> tuple[State, int, dict[str, int]]:
    """A seeded random game from before the start chips, each state checked against the
    bounds and the point caps; returns the end, the step count and the largest values
    seen."""
    b = bounds(game)
    influence_cap, combat_cap = point_caps(game)
    rng = random.Random(seed)
    state: State = game.initial_state()
    seen = {"chance": 0, "influence": 0, "combat": 0, "year": 1}
    steps = 0
    while not state.is_terminal:
        if state.is_chance:
            width = len(state.chance_outcomes())
            assert width <= b.max_chance_outcomes
            seen["chance"] = max(seen["chance"], width)
        else:
            for action in state.legal_actions():  # the amounts an enumeration must cover
                if isinstance(action, Bid):
                    assert action.influence <= influence_cap
                elif isinstance(action, CommitCombat):
                    assert action.combat <= combat_cap
                elif isinstance(action, Give):
                    assert action.influence <= influence_cap
                    assert action.combat <= combat_cap
        state = random_step(state, rng)
        steps += 1
        assert steps <= b.max_game_length, f"{game.settings()} seed {seed}: still going"
        assert max(state.influence) <= influence_cap
        assert max(state.combat) <= combat_cap
        seen["influence"] = max(seen["influence"], *state.influence)
        seen["combat"] = max(seen["combat"], *state.combat)
        seen["year"] = state.year
    assert seen["year"] <= years(game)
    return state, steps, seen


@pytest.mark.rule("lotus.end.trigger", "lotus.income.supply_limit")
@pytest.mark.parametrize("settings", VARIANTS)
def test_random_play_stays_within_the_bounds(settings: dict[str, Any]) -> None:
    game = rulespec.game("lotus", **settings)
    b = bounds(game)
    seeds = NEGOTIATION_SEEDS if settings["negotiation"] == "on" else SEEDS
    for seed in seeds:
        end, _, seen = play(game, seed)
        returns = end.outcome().returns()
        assert all(b.min_utility <= r <= b.max_utility for r in returns)
        assert sum(returns) == pytest.approx(b.utility_sum)
        assert seen["chance"] == b.max_chance_outcomes  # the first start chip: any of five


def test_every_bound_has_its_argument() -> None:
    """``why`` covers every field and the point caps, and each z3 claim it cites exists."""
    fields = {f.name for f in attrs.fields(Bounds)} - {"why"}
    claims = {c.id for c in proofs.claims("lotus")}
    for settings in SPEC.variants():
        why = bounds(rulespec.game("lotus", **settings)).why
        assert set(why) == fields | {"point_caps"}
        for text in why.values():
            for cited in re.findall(r"z3 claim ([a-z0-9_.]+:[a-z0-9_]+)", text):
                assert cited in claims


@pytest.mark.rule("lotus.setup.start_chips")
def test_the_widest_chance_node_is_exact() -> None:
    """The first chance node offers all five buildings: a bound of 4 would be wrong."""
    for settings in SPEC.variants(options=False):
        game = rulespec.game("lotus", **settings)
        start = game.initial_state()
        assert len(start.chance_outcomes()) == bounds(game).max_chance_outcomes == 5


@pytest.mark.rule("lotus.score.winner")
def test_the_returns_reach_0_and_1() -> None:
    """Some game has a sole winner (1) and every game a loser (0): both are exact."""
    game = rulespec.game("lotus", edition="de", players=3)
    b = bounds(game)
    seen: set[float] = set()
    for seed in range(10):
        end, _, _ = play(game, seed)
        seen.update(end.outcome().returns())
    assert {b.min_utility, b.max_utility} <= seen


@pytest.mark.rule("lotus.income.supply_limit", "lotus.setup.zero_card")
def test_the_limited_bank_caps_points_at_the_components() -> None:
    """154 influence and 100 combat points in all, whatever the edition (the 0-card is
    worth nothing) and the other options; the unlimited bank gives more."""
    for settings in SPEC.variants():
        game = rulespec.game("lotus", **settings)
        state = game.initial_state()
        assert sum(state.influence) + state.bank[0] == INFLUENCE_POINTS
        assert sum(state.combat) + state.bank[1] == COMBAT_POINTS
        if settings["card_supply"] != "unlimited":
            assert point_caps(game) == (INFLUENCE_POINTS, COMBAT_POINTS)
        else:
            assert point_caps(game) > (INFLUENCE_POINTS, COMBAT_POINTS)


@pytest.mark.rule("lotus.income.base", "lotus.claim.chip_supply")
def test_the_income_bound_is_the_most_a_holding_earns() -> None:
    """Every holding one colour can show, with every palace choice, earns at most
    :func:`income_bound` of the limited-chip caps; some holding earns exactly that."""
    cap = income_bound(most_buildings(ChipSupply.LIMITED))
    best = [0, 0]
    for palaces in range(4):
        for temples in range(5):
            for fortresses in range(6):
                for rice in range(5):
                    held = (palaces, temples, fortresses, rice, 0)
                    if not chips_fit(held):
                        continue
                    for combat_palaces in range(palaces + 1):
                        gain = income(held, combat_palaces)
                        assert gain[0] <= cap[0]
                        assert gain[1] <= cap[1]
                        best = [max(best[0], gain[0]), max(best[1], gain[1])]
    assert tuple(best) == cap
    assert income_bound(most_buildings(ChipSupply.UNLIMITED)) == income_bound(NEUTRAL_CHIPS)


def test_a_board_too_large_for_the_chips_has_no_bounds() -> None:
    """With more areas in play than neutral chips the end is not assured: no bound."""
    board = SimpleNamespace(in_play=range(sum(NEUTRAL_CHIPS) + 1))
    with pytest.raises(ValueError, match="neutral chips"):
        years(board)  # type: ignore[arg-type]
