"""Random play of every variant: invariants at every step, the JSON round trip of every
visited position, what each seat sees, bounded legal-action lists, bad positions."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rulespec
from rulespec.castle.actions import MAX_OPTIONS, MAX_TASKS, Resolve
from rulespec.castle.state import Phase
from rulespec.errors import IllegalAction, MalformedPosition

VARIANTS: list[dict[str, Any]] = [
    {"players": 1, "difficulty": "easy"},
    {"players": 1, "difficulty": "medium"},
    {"players": 1, "difficulty": "hard"},
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 3, "exchange": "anytime", "final_exchange": "none"},
    {"players": 1, "difficulty": "hard", "rival_choices": "first"},
]


@pytest.mark.rule("castle.turn.rounds", "castle.info.decks")
@pytest.mark.parametrize("settings", VARIANTS, ids=str)
def test_random_play_keeps_every_invariant_and_round_trips(settings: dict[str, Any]) -> None:
    game = rulespec.game("castle", **settings)
    rng = random.Random(11)
    s = game.initial_state()
    steps = 0
    while not s.is_terminal:
        assert s.problems() == ()
        data = json.loads(json.dumps(s.to_json()))
        assert game.state_from_json(data) == s
        views = [s.observation(p) for p in range(s.players)]
        for view in views:
            assert view.families == s.families  # nothing but the solo top card is hidden
            assert view.bridges == s.bridges
            assert view.to_act == s.current_player
        if s.is_chance:
            outcomes = s.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            action = s.sample_chance(rng)
        else:
            legal = s.legal_actions()
            assert 0 < len(legal) <= MAX_TASKS * (MAX_OPTIONS + 1) + 4
            for a in legal:
                if isinstance(a, Resolve):
                    assert a.task < MAX_TASKS
                    assert a.option < MAX_OPTIONS
            action = rng.choice(legal)
        before = s.to_json()
        s = s.apply(action)
        steps += 1
        assert steps < game.bounds().max_game_length
        del before
    assert s.dice_left() == 3
    assert s.round == 3


@pytest.mark.rule("castle.turn.place")
def test_an_illegal_action_leaves_the_state_unchanged() -> None:
    game = rulespec.game("castle", players=2)
    rng = random.Random(3)
    s = game.initial_state()
    while s.phase is not Phase.PLACE:
        s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(rulespec.castle.PlaceDie(99))
    assert err.value.rule is not None
    assert s.to_json() == before


@pytest.mark.rule("castle.components.data")
def test_a_bad_position_lists_every_problem() -> None:
    game = rulespec.game("castle", players=2)
    s = game.new_game(1)
    data = json.loads(json.dumps(s.to_json()))
    data["round"] = 9
    data["families"][0]["coins"] = -4
    data["bridges"] = [[1, 2], [3], "x"]
    with pytest.raises(MalformedPosition) as err:
        game.state_from_json(data)
    assert len(err.value.problems) >= 3


@pytest.mark.rule("castle.components.data")
def test_data_beyond_the_action_numbering_is_refused() -> None:
    import attrs  # noqa: PLC0415 (this test alone)

    from rulespec.castle import CastleGame  # noqa: PLC0415
    from rulespec.castle.components import Effect, Symbol  # noqa: PLC0415
    from rulespec.castle.data import MalformedCastleData  # noqa: PLC0415

    base = rulespec.game("castle", players=2)
    card = base.data.bonuses[0]
    wide = attrs.evolve(card, lantern=(Effect(Symbol.ANY_RESOURCE, 9),))
    data = attrs.evolve(base.data, bonuses=(wide, *base.data.bonuses[1:]))
    with pytest.raises(MalformedCastleData) as err:
        CastleGame(base.variant, base.options, data)
    assert "any_resource 9" in str(err.value)
