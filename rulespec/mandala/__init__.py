"""Mandala (Trevor Benjamin & Brett J. Gilbert, Lookout 2024), 2–4 players.

Players take turns playing cards of one colour into one of three mandalas; a mandala
with all six colours is resolved and its two flower tiles go to the players with the
most and second-most cards there. Pairs of tiles of one colour form flowers; the game
ends in the round of someone's third flower.
"""

from rulespec.mandala.actions import Action, DrawCard, Play, ResolveNext, RevealTile, TakeTile
from rulespec.mandala.components import Back, Colour, Face, Tile
from rulespec.mandala.game import SPEC, MandalaGame
from rulespec.mandala.observation import MandalaObservation
from rulespec.mandala.rulebook import RULEBOOK
from rulespec.mandala.scoring import Holdings
from rulespec.mandala.state import Area, Phase, State
from rulespec.mandala.variant import FinalMandalas, MandalaOptions, MandalaVariant

__all__ = [
    "RULEBOOK",
    "SPEC",
    "Action",
    "Area",
    "Back",
    "Colour",
    "DrawCard",
    "Face",
    "FinalMandalas",
    "Holdings",
    "MandalaGame",
    "MandalaObservation",
    "MandalaOptions",
    "MandalaVariant",
    "Phase",
    "Play",
    "ResolveNext",
    "RevealTile",
    "State",
    "TakeTile",
    "Tile",
]
