"""The White Castle (Sheila Santos & Israel Cendrero, Devir 2023; Kosmos: Die Weiße Burg),
1-4 players.

Families take dice from three bridges and place them on fields of the castle, outside the
walls, at the well or on their own board; the fields' actions send courtiers up the
castle, gardeners into gardens and warriors to training grounds. Three rounds of three
turns; solo play is against the Tokugawa rival.
"""

from rulespec.castle.actions import (
    Action,
    Deal,
    Exchange,
    Pick,
    PlaceDie,
    Resolve,
    Roll,
    Skip,
    TakeDie,
)
from rulespec.castle.components import CastleData
from rulespec.castle.game import SPEC, CastleGame
from rulespec.castle.observation import CastleObservation
from rulespec.castle.rulebook import RULEBOOK
from rulespec.castle.state import Family, Phase, State
from rulespec.castle.variant import CastleOptions, CastleVariant

__all__ = [
    "RULEBOOK",
    "SPEC",
    "Action",
    "CastleData",
    "CastleGame",
    "CastleObservation",
    "CastleOptions",
    "CastleVariant",
    "Deal",
    "Exchange",
    "Family",
    "Phase",
    "Pick",
    "PlaceDie",
    "Resolve",
    "Roll",
    "Skip",
    "State",
    "TakeDie",
]
