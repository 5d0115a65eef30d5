"""White Lotus (Der weiße Lotus, Martin Wallace, TM-Spiele/Kosmos 2000), 3–6 players.

Two editions are modelled side by side: the German original and its French translation
(Le Lotus Blanc). Each year players claim areas with markers, fight for contested areas
with secret influence bids, may rebel against the emperor with secret combat cards, take
income and open new areas; the game ends when every area in play is owned.
"""

from __future__ import annotations

from typing import Any

from rulespec.core.api import GameSpec
from rulespec.core.variants import VariantTable
from rulespec.lotus.rulebook import RULEBOOK


def _make(**settings: Any) -> LotusGame:
    from rulespec.lotus.game import make

    return make(**settings)


def _table() -> VariantTable:
    from rulespec.lotus.variant import table

    return table()


def _narrate(before: State, action: Action, after: State) -> str:
    from rulespec.lotus.render import narrate

    return narrate(before, action, after)


SPEC = GameSpec(
    id="lotus",
    title="White Lotus",
    names=(("de", "Der weiße Lotus"), ("fr", "Le Lotus Blanc"), ("en", "White Lotus")),
    designers=("Martin Wallace",),
    year=2000,
    players=(3, 6),
    chance="the start chips' places and every neutral chip drawn in phase 6, from the "
    "unordered face-down supply",
    information="card points are kept face down; conflict bids, rebellion sides and combat "
    "commitments are secret until revealed together; the neutral chips are face down",
    rulebook=lambda: RULEBOOK,
    table=_table,
    make=_make,
    narrate=_narrate,
)

from rulespec.lotus.actions import (  # noqa: E402
    Action,
    Bid,
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
    StartChip,
    TakeArea,
    TakeExtra,
    TakeVictoryPoint,
)
from rulespec.lotus.board import Board  # noqa: E402
from rulespec.lotus.components import Building, Chip, Edition, Side  # noqa: E402
from rulespec.lotus.game import LotusGame  # noqa: E402
from rulespec.lotus.observation import LotusObservation  # noqa: E402
from rulespec.lotus.state import Phase, State  # noqa: E402
from rulespec.lotus.variant import LotusOptions, LotusVariant  # noqa: E402

__all__ = [
    "RULEBOOK",
    "SPEC",
    "Action",
    "Bid",
    "Board",
    "Building",
    "Chip",
    "ChooseConflict",
    "ChooseSide",
    "CommitCombat",
    "DeclineExtra",
    "DrawChip",
    "Edition",
    "Give",
    "Lead",
    "LotusGame",
    "LotusObservation",
    "LotusOptions",
    "LotusVariant",
    "PalaceIncome",
    "Pass",
    "Phase",
    "PlaceChip",
    "PlaceMarker",
    "Remove",
    "Side",
    "StartChip",
    "State",
    "TakeArea",
    "TakeExtra",
    "TakeVictoryPoint",
]
