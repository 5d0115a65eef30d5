"""Action ids: the numbering of every variant is pinned, complete for play, and strict.

The pins in ``tests/action_ids.json`` are part of the documented format: a change to a
numbering fails here, and must come with a minor release and a CHANGELOG entry. To
rewrite them after a deliberate change: ``python -m tests.test_action_ids``.
"""

from __future__ import annotations

import json
import pickle
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest

import rulespec
from rulespec.core.action_ids import ActionIds
from rulespec.lotus.actions import Bid, PlaceMarker
from tests.variants import played

PINS = Path(__file__).with_name("action_ids.json")


def variants() -> list[tuple[str, dict[str, object]]]:
    return [(spec.id, dict(s)) for spec in rulespec.GAMES for s in spec.variants()]


def label(game_id: str, settings: dict[str, object]) -> str:
    return game_id + " " + " ".join(f"{k}={v}" for k, v in sorted(settings.items()))


def numbering(game_id: str, settings: dict[str, object]) -> dict[str, object]:
    ids = rulespec.game(game_id, **settings).action_ids()
    return {"decisions": len(ids.decisions), "chance": len(ids.chance), "digest": ids.digest()}


def current() -> dict[str, dict[str, object]]:
    return {label(g, s): numbering(g, s) for g, s in variants()}


def test_every_variant_keeps_its_pinned_numbering() -> None:
    pinned = json.loads(PINS.read_text(encoding="utf-8"))
    assert current() == pinned


@pytest.mark.parametrize(("game_id", "settings"), played(), ids=str)
def test_every_action_of_random_play_has_an_id_that_maps_back(
    game_id: str, settings: dict[str, object]
) -> None:
    game = rulespec.game(game_id, **settings)
    ids = game.action_ids()
    for i, action in enumerate(ids.decisions[:50] + ids.decisions[-50:]):
        assert game.action(game.action_id(action)) == action, i
    rng = random.Random(7)
    state = game.new_game(seed=7)
    while not state.is_terminal:
        legal = state.legal_actions()
        got = state.legal_action_ids()
        if state.is_chance:
            outcomes = state.chance_outcome_ids()
            assert [i for i, _ in outcomes] == list(got)
            assert sum(p for _, p in outcomes) == Fraction(1)
            assert [game.chance_outcome(i) for i in got] == list(legal)
            state = state.apply(game.chance_outcome(rng.choice(got)))
        else:
            assert [game.action(i) for i in got] == list(legal)
            assert all(0 <= i < game.num_distinct_actions for i in got)
            state = state.apply(game.action(rng.choice(got)))


@pytest.mark.parametrize("bad", [-1, 10**9, "0", 1.0, True, None])
def test_ids_out_of_range_or_of_another_type_are_refused(bad: Any) -> None:
    game = rulespec.game("mandala", players=2)
    with pytest.raises(rulespec.InvalidArgument, match="expected an id"):
        game.action(bad)
    with pytest.raises(rulespec.InvalidArgument, match="expected an id"):
        game.chance_outcome(bad)


def test_an_action_of_another_game_or_variant_has_no_id() -> None:
    mandala = rulespec.game("mandala", players=2)
    lotus3 = rulespec.game("lotus", edition="fr", players=3)
    lotus6 = rulespec.game("lotus", edition="de", players=6)
    with pytest.raises(rulespec.InvalidArgument, match="no action of this variant"):
        mandala.action_id(lotus3.action(0))
    with pytest.raises(rulespec.InvalidArgument, match="no action of this variant"):
        lotus3.action_id([])
    remove_seat_5 = next(
        a for a in lotus6.action_ids().decisions if a.to_json() == {"type": "remove", "seat": 5}
    )
    with pytest.raises(rulespec.InvalidArgument):
        lotus3.action_id(remove_seat_5)


def test_decision_and_chance_ids_are_apart() -> None:
    game = rulespec.game("mandala", players=2)
    draw = game.chance_outcome(0)
    assert game.action_id(draw) == 0
    with pytest.raises(rulespec.InvalidArgument, match="no decision"):
        game.action_ids().decision_id(draw)


if __name__ == "__main__":
    PINS.write_text(json.dumps(current(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {PINS}")


def test_ids_of_a_tuple_are_found_by_identity_by_value_and_never_for_a_stranger() -> None:
    game: Any = rulespec.game("lotus", edition="de", players=4)
    ids: ActionIds = game.action_ids()
    listed = ids.decisions[10:14]
    want = tuple(range(10, 14))
    assert ids.decision_ids(listed) == want  # the listed objects
    assert ids.decision_ids(listed) is ids.decision_ids(listed)  # the tuple remembered
    copies = tuple(attrs.evolve(a) for a in listed)  # equal values, new objects
    assert all(c is not a and c == a for c, a in zip(copies, listed, strict=True))
    assert ids.decision_ids(copies) == want
    assert ids.decision_ids(copies[::-1]) == want[::-1]  # in the order given
    area = game.area_ids[0]
    assert ids.decision_ids((PlaceMarker(area), Bid(1, 2))) == (
        ids.decision_id(PlaceMarker(area)),
        ids.decision_id(Bid(1, 2)),
    )
    with pytest.raises(rulespec.InvalidArgument, match="no decision of this variant"):
        ids.decision_ids((PlaceMarker("atlantis"),))
    mandala = rulespec.game("mandala", players=2).action_ids()
    with pytest.raises(rulespec.InvalidArgument, match="no decision of this variant"):
        mandala.decision_ids((mandala.chance[0],))  # a chance outcome is no decision
    again = pickle.loads(pickle.dumps(ids))  # identity memos stay in their process
    assert again.digest() == ids.digest()
    assert again.decision_ids(copies) == want
