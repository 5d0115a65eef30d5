"""game.facts(): what a game framework sizes itself by, for every variant, as JSON."""

from __future__ import annotations

import json

import pytest

import rulespec


@pytest.mark.parametrize(
    ("game_id", "settings"),
    [(spec.id, dict(s)) for spec in rulespec.GAMES for s in spec.variants()],
    ids=str,
)
def test_facts_agree_with_the_game_and_are_json(game_id: str, settings: dict[str, object]) -> None:
    game = rulespec.game(game_id, **settings)
    facts = game.facts()
    assert json.loads(json.dumps(facts)) == facts
    assert facts["num_distinct_actions"] == len(game.action_ids().decisions)
    assert facts["num_chance_outcomes"] == len(game.action_ids().chance)
    assert facts["max_chance_outcomes"] <= facts["num_chance_outcomes"]
    assert facts["observation_shape"] == len(game.new_game(seed=1).observation(0).tensor())
    assert rulespec.game(game_id, **facts["settings"]) == game
    if facts["information_state_shape"] is None:
        with pytest.raises(rulespec.InvalidArgument):
            game.information_state_shape()
    else:
        state = game.new_game(seed=1)
        assert len(state.information_state(0).tensor()) == facts["information_state_shape"]
