"""The state machine of tests/machine.py, playing The White Castle."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from rulespec.castle import Deal, Exchange, Pick, PlaceDie, Resolve, Roll, Skip, TakeDie
from rulespec.castle.actions import End, Pile
from rulespec.castle.components import Colour

from ..machine import game_machine, same_table

ANY_ACTION = st.one_of(
    st.builds(TakeDie, st.sampled_from(Colour), st.sampled_from(End)),
    st.builds(PlaceDie, st.integers(-1, 12)),
    st.builds(Resolve, st.integers(-1, 25), st.integers(-1, 25)),
    st.builds(Skip, st.integers(-1, 25)),
    st.builds(Exchange, st.integers(-1, 4)),
    st.builds(Pick, st.integers(-1, 5)),
    st.builds(Deal, st.sampled_from(Pile), st.integers(-1, 40)),
    st.builds(
        Roll,
        st.sampled_from(Colour),
        st.lists(st.integers(0, 7), min_size=1, max_size=6).map(lambda v: tuple(sorted(v))),
    ),
)
"""Actions of every kind, most of them illegal in any given state."""


def check_views(s: Any) -> None:
    """Every seat sees the same table: everything but the solo top card's identity."""
    views = [s.observation(p) for p in range(s.players)]
    for view in views:
        assert view.to_act == s.current_player
        assert view.families == s.families
        assert view.bridges == s.bridges
        json.dumps(view.to_json())
    same_table(views, ("player",))


CastleMachine = game_machine("castle", ANY_ACTION, check_views)
CastleMachine.TestCase.settings = settings(stateful_step_count=30)
TestCastleMachine = CastleMachine.TestCase
