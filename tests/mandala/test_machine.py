"""The state machine of tests/machine.py, playing Mandala."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from rulespec.mandala import Colour, DrawCard, Play, ResolveNext, RevealTile, TakeTile
from rulespec.mandala.components import TILES

from ..machine import game_machine, same_table

ANY_ACTION = st.one_of(
    st.builds(Play, st.integers(-1, 3), st.sampled_from(Colour), st.integers(-1, 16)),
    st.builds(TakeTile, st.sampled_from(TILES)),
    st.builds(DrawCard, st.sampled_from(Colour)),
    st.builds(RevealTile, st.sampled_from(TILES)),
    st.builds(ResolveNext, st.integers(-1, 3)),
)
"""Actions of every kind, most of them illegal in any given state."""


def check_views(s: Any) -> None:
    """Each player sees his own hand, every hand's size and the same table."""
    views = [s.observation(p) for p in range(s.players)]
    for p, view in enumerate(views):
        assert view.hand == s.hands[p]
        assert view.hand_sizes == tuple(sum(h) for h in s.hands)
        assert view.deck_size == sum(s.deck)
        assert view.to_act == s.current_player
        json.dumps(view.to_json())
    same_table(views, ("player", "hand"))


MandalaMachine = game_machine("mandala", ANY_ACTION, check_views)
MandalaMachine.TestCase.settings = settings(stateful_step_count=30)
TestMandalaMachine = MandalaMachine.TestCase
