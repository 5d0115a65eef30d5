"""Oriente (Luca Coppola, daVinci 2004), 4–12 players.

Each player rules a province through one resident, a card of rank 0 to 7. In every season
each player may act once: attack another resident or use his resident's ability, unless a
player of higher rank claims the privilege of acting first. Captured residents and treasures
are victory points; the game ends when the Geisha is drawn from the deck.
"""

from rulespec.oriente.actions import (
    Act,
    Action,
    Announce,
    Draw,
    Give,
    Invite,
    Join,
    Pass,
    Pick,
    Support,
)
from rulespec.oriente.components import Card
from rulespec.oriente.game import SPEC, OrienteGame
from rulespec.oriente.observation import OrienteObservation
from rulespec.oriente.rulebook import RULEBOOK
from rulespec.oriente.state import Deck, Phase, State
from rulespec.oriente.variant import (
    GeishaExit,
    NoEffect,
    OrienteOptions,
    OrienteVariant,
    Payments,
    SupportOrder,
    Tie,
    UnclaimedBonus,
)

__all__ = [
    "RULEBOOK",
    "SPEC",
    "Act",
    "Action",
    "Announce",
    "Card",
    "Deck",
    "Draw",
    "GeishaExit",
    "Give",
    "Invite",
    "Join",
    "NoEffect",
    "OrienteGame",
    "OrienteObservation",
    "OrienteOptions",
    "OrienteVariant",
    "Pass",
    "Payments",
    "Phase",
    "Pick",
    "State",
    "Support",
    "SupportOrder",
    "Tie",
    "UnclaimedBonus",
]
