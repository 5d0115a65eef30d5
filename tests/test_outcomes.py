"""The outcome in JSON says all the Python outcome does, and the last view holds it (issue
34): the solo White Castle's JSON outcome had lost the rival's score, and a seat's final
observation showed the points from before the final scoring.

For every game and every column of its variant table, at the end of seeded play: every
field of ``state.outcome()`` is in ``outcome().to_json()`` with the same value, nothing
else is, and every seat's final observation carries that JSON (``"outcome"``) and the
outcome itself (``final_outcome``); before the end both are empty.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import rulespec


def _cases() -> list[Any]:
    out = []
    for spec in rulespec.GAMES:
        table = spec.table()
        defaults = {o.key: o.default for o in table.options}
        for column in table.columns:
            settings = {**dict(column.axes), **defaults}
            out.append(pytest.param(spec.id, settings, id=f"{spec.id}-{column.id}"))
    return out


def _as_json(value: object) -> object:
    if isinstance(value, frozenset):
        return sorted(value)  # type: ignore[type-var]
    if isinstance(value, tuple):
        return [_as_json(v) for v in value]
    return value


@pytest.mark.parametrize(("game_id", "settings"), _cases())
def test_the_json_outcome_and_the_last_views_hold_the_whole_outcome(
    game_id: str, settings: dict[str, object]
) -> None:
    game = rulespec.game(game_id, **settings)
    start = game.new_game(seed=5)
    for seat in range(game.players):
        assert start.observation(seat).to_json()["outcome"] is None
        assert start.observation(seat).final_outcome is None
    end, _ = rulespec.playout(start, random.Random(5))
    outcome = end.outcome()
    data = json.loads(json.dumps(outcome.to_json()))
    fields = [f.name for f in attrs.fields(type(outcome))]
    assert sorted(data) == sorted(fields)
    for name in fields:
        assert data[name] == _as_json(getattr(outcome, name)), name
    for seat in range(game.players):
        view = end.observation(seat)
        assert view.final_outcome == outcome
        assert json.loads(json.dumps(view.to_json()))["outcome"] == data
        assert view.public()["outcome"] == data


def test_the_solo_castle_outcome_names_the_rival_in_json() -> None:
    """The case of the issue: ``rival=62`` in Python, nothing in JSON."""
    game = rulespec.game("castle", players=1, difficulty="easy")
    end, _ = rulespec.playout(game.new_game(seed=1), random.Random(1))
    outcome = end.outcome()
    assert outcome.rival is not None
    assert outcome.to_json()["rival"] == outcome.rival
    assert end.observation(0).to_json()["outcome"]["rival"] == outcome.rival
