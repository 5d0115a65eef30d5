"""White Lotus (Der weiße Lotus, Martin Wallace, TM-Spiele/Kosmos 2000), 3–6 players.

Two editions are modelled side by side: the German original and its French translation
(Le Lotus Blanc). Each year players claim areas with markers, fight for contested areas
with secret influence bids, may rebel against the emperor with secret combat cards, take
income and open new areas; the game ends when every area in play is owned.
"""

from rulespec.lotus.actions import (
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
from rulespec.lotus.board import Board, load_board
from rulespec.lotus.components import Building, Chip, Edition, Side
from rulespec.lotus.game import SPEC, LotusGame
from rulespec.lotus.observation import LotusObservation
from rulespec.lotus.rulebook import RULEBOOK
from rulespec.lotus.state import (
    ClaimRound,
    Conflict,
    ConflictReveal,
    Expansion,
    IncomeReveal,
    Phase,
    Rebellion,
    RebellionReveal,
    State,
)
from rulespec.lotus.variant import LotusOptions, LotusVariant

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
    "ClaimRound",
    "CommitCombat",
    "Conflict",
    "ConflictReveal",
    "DeclineExtra",
    "DrawChip",
    "Edition",
    "Expansion",
    "Give",
    "IncomeReveal",
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
    "Rebellion",
    "RebellionReveal",
    "Remove",
    "Side",
    "StartChip",
    "State",
    "TakeArea",
    "TakeExtra",
    "TakeVictoryPoint",
    "load_board",
]
