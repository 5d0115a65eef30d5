"""The state machine of tests/machine.py, playing Oriente."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from rulespec.oriente import Act, Announce, Card, Draw, Give, Invite, Join, Pass, Pick, Support

from ..machine import game_machine, same_table

SEATS = st.integers(-1, 12)
ANY_ACTION = st.one_of(
    st.just(Pass()),
    st.builds(Announce, st.sampled_from(Act), st.none() | SEATS, st.none() | st.sampled_from(Card)),
    st.builds(Support, SEATS),
    st.builds(Invite, SEATS),
    st.just(Join()),
    st.builds(Pick, st.sampled_from(Card)),
    st.builds(Give, SEATS, st.sampled_from(Card)),
    st.builds(Draw, st.sampled_from(Card)),
)
"""Actions of every kind, most of them illegal in any given state."""


def check_views(s: Any) -> None:
    """Each seat sees its own resident, the face-up ones, every pile, and the same table."""
    views = [s.observation(p) for p in range(s.players)]
    for p, view in enumerate(views):
        assert view.resident == s.residents[p]
        for q in range(s.players):
            shown = s.residents[q] if s.face_up[q] else None
            assert view.residents[q] == shown
        assert view.piles == s.piles
        assert view.to_act == s.current_player
        json.dumps(view.to_json())
    same_table(views, ("player", "resident"))


OrienteMachine = game_machine("oriente", ANY_ACTION, check_views)
OrienteMachine.TestCase.settings = settings(stateful_step_count=30)
TestOrienteMachine = OrienteMachine.TestCase
