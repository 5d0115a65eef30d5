"""Actions built by hand (issue 8, "The REPL"): every field is read or refused at
construction, and an action of another game is refused by ``explain`` and ``apply``
rather than explained."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import rulespec
from rulespec.core.play import random_step
from rulespec.lotus import Bid, Building, ChooseSide, PlaceMarker, Side, StartChip
from rulespec.mandala import Colour, Play, TakeTile, Tile


def _actions_of_a_game(game_id: str, **settings: Any) -> set[Any]:
    """Every action and chance outcome applied in one seeded random game."""
    state = rulespec.game(game_id, **settings).initial_state()
    rng = random.Random(3)
    while not state.is_terminal:
        state = random_step(state, rng)
    return set(state.history())


@pytest.mark.parametrize(
    ("game_id", "settings"),
    [("mandala", {"players": 3}), ("lotus", {"edition": "de", "players": 4, "negotiation": "on"})],
)
def test_an_action_built_from_its_json_field_values_is_the_same_action(
    game_id: str, settings: dict[str, Any]
) -> None:
    """Labels are read as JSON reads them: ``colour="green"`` is ``Colour.GREEN``."""
    actions = _actions_of_a_game(game_id, **settings)
    assert len({type(a) for a in actions}) >= 4
    for action in actions:
        fields = {k: v for k, v in action.to_json().items() if k != "type"}
        assert type(action)(**fields) == action


def test_labels_become_members_and_tiles() -> None:
    assert Play(mandala=0, colour="green", count=1) == Play(0, Colour.GREEN, 1)  # type: ignore[arg-type]
    assert Play(0, "green", 1).colour is Colour.GREEN  # type: ignore[arg-type]
    assert TakeTile("red-x3") == TakeTile(Tile.parse("red-x3"))  # type: ignore[arg-type]
    assert StartChip("palace").building is Building.PALACE  # type: ignore[arg-type]
    assert ChooseSide("rebels").side is Side.REBELS  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("build", "needle"),
    [
        (lambda: Play(0, "greem", 1), 'Play.colour: "greem" is not a colour'),
        (lambda: Play(0, 3, 1), "Play.colour: 3 is not a colour"),
        (lambda: Play(0, Colour.RED, "1"), 'Play.count: expected a whole number, got "1"'),
        (lambda: Play(True, Colour.RED, 1), "Play.mandala: expected a whole number, got true"),
        (lambda: TakeTile("red-8"), "TakeTile.tile:"),
        (lambda: PlaceMarker(17), "PlaceMarker.area: expected a string, got 17"),
        (lambda: Bid(1, 2, 1), "Bid.zero_card: expected true or false, got 1"),
        (lambda: ChooseSide("rebel"), 'ChooseSide.side: expected one of "emperor", "rebels"'),
    ],
)
def test_a_field_of_the_wrong_kind_is_refused_naming_the_field(build: Any, needle: str) -> None:
    with pytest.raises(rulespec.MalformedAction) as caught:
        build()
    assert needle in str(caught.value)


def test_fields_are_converted_by_attrs_converters_not_a_post_init_hook() -> None:
    """The check costs one ``type(v) is T`` per field (bots build actions by the million):
    it is a converter on each field, and no ``__attrs_post_init__`` walks the fields."""
    for cls in (Play, TakeTile, Bid, PlaceMarker, ChooseSide):
        assert all(f.converter is not None for f in attrs.fields(cls))
        assert not hasattr(cls, "__attrs_post_init__")


@pytest.mark.parametrize(
    ("game_id", "settings", "foreign", "needle"),
    [
        (
            "mandala",
            {"players": 2},
            PlaceMarker("a01"),
            "PlaceMarker (claim a01) is an action of White Lotus",
        ),
        (
            "lotus",
            {"edition": "fr", "players": 3},
            Play(0, Colour.RED, 1),
            "Play (play 1 red card into mandala 0) is an action of Mandala",
        ),
        ("mandala", {"players": 2}, 42, "expected an action, got 42"),
    ],
)
def test_an_action_of_another_game_is_refused_not_explained(
    game_id: str, settings: dict[str, Any], foreign: object, needle: str
) -> None:
    state = rulespec.game(game_id, **settings).new_game(seed=1)
    for call in (lambda: rulespec.explain(state, foreign), lambda: state.apply(foreign)):
        with pytest.raises(rulespec.InvalidArgument) as caught:
            call()
        assert needle in str(caught.value)
        assert "state takes" in str(caught.value)


def test_an_own_action_out_of_its_step_is_still_explained() -> None:
    """Only another game's action is refused: this game's action in the wrong step is
    an illegal action with its rule, as before."""
    state = rulespec.game("mandala", players=2).new_game(seed=1)
    verdict = rulespec.explain(state, TakeTile(Tile.parse("red-7")))
    assert not verdict.legal
    assert verdict.rule is not None
