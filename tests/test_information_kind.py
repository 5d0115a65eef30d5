"""Each variant column's declared kind of information (``game.information``) is what
resampling finds: a column declared imperfect has a reachable position where some seat
cannot tell two states apart; in a column declared perfect, resampling always gives the
state itself (issue 30: The White Castle with 2-4 players hid nothing yet was declared
imperfect)."""

from __future__ import annotations

import random

import pytest

import rulespec
from rulespec import Information
from tests import variants


def columns() -> list[tuple[str, dict[str, object]]]:
    """Every variant column of every game, with the default options."""
    return [(spec.id, dict(c)) for spec in rulespec.GAMES for c in spec.variants(options=False)]


@pytest.mark.parametrize(
    ("game_id", "settings"), columns(), ids=[variants.label(g, s) for g, s in columns()]
)
def test_a_columns_declared_information_is_what_resampling_finds(
    game_id: str, settings: dict[str, object]
) -> None:
    game = rulespec.game(game_id, **settings)
    rng = random.Random(30)
    state = game.initial_state()
    hidden = asked = 0
    while not state.is_terminal and state.step < 400 and not hidden:
        if not state.is_chance and state.step % 3 == 0:
            for p in range(game.players):
                for _ in range(2):
                    hidden += state.resample(p, rng) != state
                    asked += 1
        state = rulespec.random_step(state, rng)
    if game.information is Information.IMPERFECT:
        assert hidden, f"declared imperfect, but {asked} resamples changed nothing"
    else:
        assert game.information is Information.PERFECT
        assert asked
        assert not hidden


def test_the_spec_declares_the_most_any_variant_hides() -> None:
    """The spec's kind is the game's as a whole: imperfect when some variant (or, in The
    White Castle, some component data: ``tests/castle/test_secrecy.py``) hides something."""
    for spec in rulespec.GAMES:
        kinds = {rulespec.game(spec.id, **c).information for c in spec.variants(options=False)}
        if spec.id == "castle":
            assert kinds == {Information.PERFECT}
            assert spec.information is Information.IMPERFECT
        else:
            assert kinds == {spec.information} == {Information.IMPERFECT}
