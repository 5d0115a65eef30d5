"""The JSON Schemas derived from the types (``game.json_schema()``) are valid draft 2020-12
schemas, and every position, action and observation of the golden playthroughs' games
conforms: the published formats and the code cannot drift apart."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest

import rulespec
from rulespec.core.game import schema_of
from rulespec.host import playthrough

from .test_playthroughs import DIRECTORY

CASES = playthrough.cases()
OBSERVE_EVERY = 10
"""Observations (one per seat) are checked at every tenth step; positions at every step."""


@pytest.mark.parametrize("case", CASES, ids=[c.name.removesuffix(".txt") for c in CASES])
def test_every_position_action_and_observation_of_a_playthrough_fits_its_schema(
    case: playthrough.Case,
) -> None:
    game = playthrough.build(case)
    validators = {}
    for of in ("position", "action", "observation"):
        schema = game.json_schema(of)
        jsonschema.Draft202012Validator.check_schema(schema)
        validators[of] = jsonschema.Draft202012Validator(schema)
    seed = playthrough.recorded_seed(DIRECTORY / case.name)
    rng = random.Random(seed)
    state: Any = game.initial_state()
    step = 0
    while True:
        validators["position"].validate(state.to_json())
        if step % OBSERVE_EVERY == 0 or state.is_terminal:
            for seat in range(game.players):
                validators["observation"].validate(state.observation(seat).to_json())
        if state.is_terminal:
            break
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        validators["action"].validate(action.to_json())
        state = state.apply(action)
        step += 1


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_the_schema_for_every_variant_is_valid_and_rejects_what_loading_rejects(spec: Any) -> None:
    game_type = type(rulespec.game(spec.id, **spec.variants()[0]))
    for of in ("position", "action", "observation"):
        every_variant = schema_of(game_type.codec, game_type, of, None)
        jsonschema.Draft202012Validator.check_schema(every_variant)
    game = rulespec.game(spec.id, **spec.variants()[0])
    position = game.new_game(seed=1).to_json()
    validator = jsonschema.Draft202012Validator(game.json_schema())
    assert not list(validator.iter_errors(position))
    broken_ones = (
        {**position, "seat": 99},
        {**position, "no_such_key": 1},
        {**position, "game": "x"},
    )
    for broken in broken_ones:
        assert list(validator.iter_errors(broken))
        with pytest.raises(rulespec.MalformedPosition):
            game.state_from_json(broken)
