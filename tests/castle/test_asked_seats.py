"""A position loaded by hand puts each pending decision only to a seat the rules let
decide it (issue 18): refused otherwise, with the rule id, like every other invariant."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import rulespec
from rulespec.castle.state import State
from rulespec.errors import MalformedPosition


def reach(settings: dict[str, Any], found: Callable[[State], bool], seed: int = 0) -> State:
    """The first state of a seeded random game where ``found`` holds."""
    game = rulespec.game("castle", **settings)
    for attempt in range(40):
        rng = random.Random(seed + attempt)
        s = game.new_game(seed + attempt)
        while not s.is_terminal:
            if found(s):
                return s
            s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    raise AssertionError("never reached")


def refused(s: State, rule: str, **changes: Any) -> None:
    """``s``'s JSON loads; with ``changes`` it is refused naming ``rule``."""
    data = json.loads(json.dumps(s.to_json()))
    assert s.game.state_from_json(data) == s
    with pytest.raises(MalformedPosition) as err:
        s.game.state_from_json({**data, **changes})
    assert any(rule in p for p in err.value.problems), err.value.problems


@pytest.mark.rule("castle.turn.rounds")
def test_a_die_is_taken_only_by_the_seat_whose_turn_it_is() -> None:
    s = reach({"players": 3}, lambda t: t.phase.value == "take" and t.turns == 1)
    refused(s, "castle.turn.rounds", actor=s.order[2])
    p = reach({"players": 3}, lambda t: t.phase.value == "resolve" and t.stage.value == "turn")
    refused(p, "castle.turn.rounds", actor=(p.actor + 1) % 3)


@pytest.mark.rule("castle.solo.actions", "castle.solo.free_choices")
def test_the_solo_rival_is_asked_nothing_of_its_own() -> None:
    s = reach({"players": 1, "difficulty": "easy"}, lambda t: t.phase.value == "take")
    refused(s, "castle.solo.actions", actor=1)
    refused(s, "castle.solo.actions", actor=1, phase="resolve", agenda=[])
    # seat 0 chooses for the rival only among two or more candidates in its turn
    r = reach(
        {"players": 1, "difficulty": "hard"},
        lambda t: t.phase.value == "rival",
    )
    solo = r.to_json()["solo"]
    refused(r, "castle.solo.free_choices", solo={**solo, "choices": solo["choices"][:1]})
    refused(r, "castle.solo.free_choices", actor=0)
    two = reach({"players": 2}, lambda t: t.phase.value == "take")
    refused(two, "castle.solo.free_choices", phase="rival")


@pytest.mark.rule("castle.seals.cap")
def test_a_forced_exchange_asks_only_a_seat_over_five_seals() -> None:
    s = reach({"players": 2}, lambda t: t.phase.value == "take" and t.family(t.actor).seals <= 5)
    refused(s, "castle.seals.cap", phase="exchange")


@pytest.mark.rule("castle.setup.pairs")
def test_pairs_are_picked_in_the_order_of_the_picks() -> None:
    s = reach({"players": 3}, lambda t: t.phase.value == "pick" and len(t.picking) >= 2)
    refused(s, "castle.setup.pairs", actor=s.picking[1])


@pytest.mark.rule("castle.round.gardeners")
def test_gardeners_are_activated_by_their_seat_in_order() -> None:
    s = reach(
        {"players": 3},
        lambda t: t.stage.value == "gardeners" and t.phase.value == "resolve" and bool(t.picking),
    )
    refused(s, "castle.round.gardeners", actor=s.picking[0])
    refused(s, "castle.round.gardeners", phase="take")


@pytest.mark.rule("castle.actions.refill_timing")
def test_a_refill_waits_only_for_its_section() -> None:
    s = reach({"players": 2}, lambda t: t.phase.value == "take")
    refused(s, "castle.actions.refill_timing", refill_wait=2)  # no room waits
    before = rulespec.game("castle", players=2, refill_timing="before_section")
    data = json.loads(json.dumps(s.to_json()))
    data["settings"] = {**data["settings"], "refill_timing": "before_section"}
    t = before.state_from_json(data)
    refused(t, "castle.actions.refill_timing", refill_wait=1)
