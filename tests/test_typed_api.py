"""Typed entry points (issue 8): ``rulespec.game`` with a literal game id gives type
checkers the game's own classes, so a frontend's states and actions are not ``Any``.

mypy checks this file in ``make typecheck`` (and so in ``make test``): each
``assert_type`` is a type-checking assertion that costs nothing at run time, and each
``# type: ignore[...]`` must be needed (mypy --strict reports an unused one), which proves
that mypy refuses the mistake on that line. pytest runs it too, so it stays true code.
"""

from __future__ import annotations

import random
from typing import Any, assert_type

import rulespec
from rulespec import castle, lotus, mandala, oriente


def test_a_literal_game_id_gives_the_games_own_classes() -> None:
    game = rulespec.game("mandala", players=2)
    assert_type(game, mandala.MandalaGame)
    state = game.new_game(seed=1)
    assert_type(state, mandala.State)
    assert_type(game.initial_state(), mandala.State)
    assert_type(game.state_from_json(state.to_json()), mandala.State)
    actions = state.legal_actions()
    assert_type(actions, tuple[mandala.Action, ...])
    after = state.apply(actions[0])
    assert_type(after, mandala.State)
    assert_type(after.history(), tuple[mandala.Action, ...])
    assert_type(game.initial_state().sample_chance(random.Random(1)), mandala.Action)
    assert isinstance(after, mandala.State)


def test_white_lotus_too() -> None:
    game = rulespec.game("lotus", edition="de", players=3)
    assert_type(game, lotus.LotusGame)
    state = game.new_game(seed=1)
    assert_type(state, lotus.State)
    action = state.legal_actions()[0]
    assert_type(action, lotus.Action)
    assert_type(state.apply(action), lotus.State)
    assert isinstance(state, lotus.State)


def test_the_white_castle_too() -> None:
    game = rulespec.game("castle", players=1, difficulty="hard")
    assert_type(game, castle.CastleGame)
    state = game.new_game(seed=1)
    assert_type(state, castle.State)
    action = state.legal_actions()[0]
    assert_type(action, castle.Action)
    assert_type(state.apply(action), castle.State)
    assert isinstance(state, castle.State)


def test_oriente_too() -> None:
    game = rulespec.game("oriente", players=4)
    assert_type(game, oriente.OrienteGame)
    state = game.new_game(seed=1)
    assert_type(state, oriente.State)
    action = state.legal_actions()[0]
    assert_type(action, oriente.Action)
    assert_type(state.apply(action), oriente.State)
    assert isinstance(state, oriente.State)


def test_the_type_checker_refuses_another_games_action() -> None:
    """mypy flags each marked line (or its ignore would be unused); at run time the same
    mistakes raise InvalidArgument."""
    state = rulespec.game("mandala", players=2).new_game(seed=1)
    marker = lotus.PlaceMarker("a01")
    try:
        state.apply(marker)  # type: ignore[arg-type]
    except rulespec.InvalidArgument:
        pass
    else:
        raise AssertionError("a Lotus action was applied to a Mandala state")


def test_any_other_id_is_the_generic_game() -> None:
    game_id: str = "mandala"
    assert_type(rulespec.game(game_id, players=2), rulespec.Game[Any])
