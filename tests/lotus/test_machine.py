"""The state machine of tests/machine.py, playing White Lotus (every edition, player count
and option)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from rulespec.lotus import (
    Bid,
    Building,
    ChooseConflict,
    ChooseSide,
    CommitCombat,
    DeclineExtra,
    DrawChip,
    Give,
    Lead,
    PalaceIncome,
    Pass,
    PlaceChip,
    PlaceMarker,
    Remove,
    Side,
    StartChip,
    TakeArea,
    TakeExtra,
    TakeVictoryPoint,
)

from ..machine import game_machine, same_table
from . import ALL_AREAS

AREAS = st.sampled_from((*ALL_AREAS, "a00", "a40"))
SEATS = st.integers(-1, 6)
POINTS = st.integers(-1, 20)
ANY_ACTION = st.one_of(
    st.builds(StartChip, st.sampled_from(Building)),
    st.builds(DrawChip, st.sampled_from(Building)),
    st.builds(PlaceMarker, AREAS),
    st.builds(DeclineExtra),
    st.builds(TakeExtra),
    st.builds(ChooseConflict, AREAS),
    st.builds(Bid, SEATS, POINTS, st.booleans()),
    st.builds(Remove, SEATS),
    st.builds(Lead, st.booleans()),
    st.builds(ChooseSide, st.sampled_from(Side)),
    st.builds(CommitCombat, POINTS),
    st.builds(TakeArea, AREAS),
    st.builds(TakeVictoryPoint),
    st.builds(PalaceIncome, st.integers(-1, 4)),
    st.builds(PlaceChip, AREAS),
    st.builds(Give, SEATS, POINTS, POINTS),
    st.builds(Pass),
)
"""Actions of every kind, most of them illegal in any given state."""

PRIVATE = (
    "player",
    "influence",
    "combat",
    "conflict.own_bid",
    "rebellion.own_combat",
    "rebellion.sides",
)


def check_views(s: Any) -> None:
    """Each player sees his own points, the same table and nothing private of others."""
    views = [s.observation(p) for p in range(s.players)]
    for p, view in enumerate(views):
        assert view.player == p
        assert view.influence == s.influence[p]
        assert view.combat == s.combat[p]
        assert view.to_act == s.current_player
        assert view.unseen_chips == sum(s.unseen)
        json.dumps(view.to_json())
    same_table(views, PRIVATE)


LotusMachine = game_machine("lotus", ANY_ACTION, check_views)
LotusMachine.TestCase.settings = settings(stateful_step_count=30, max_examples=60)
TestLotusMachine = LotusMachine.TestCase
