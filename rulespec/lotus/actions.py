"""White Lotus actions: the decisions of each phase and the two kinds of chance outcome.

Secret commitments (:class:`Bid`, :class:`ChooseSide`, :class:`CommitCombat`) are taken
one player at a time; nobody sees a commitment before the reveal (ruling
lotus.secret.commit_order). Areas are named by their board id (``"a17"``), players by seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.core.convert import Reader, Tagged
from rulespec.errors import MalformedAction
from rulespec.lotus.codec import CODEC
from rulespec.lotus.components import Building, Side


@attrs.frozen(cache_hash=True)
class StartChip(Tagged, codec=CODEC):
    """Chance (setup): the next start area gets a neutral ``building``."""

    building: Building

    def __str__(self) -> str:
        return f"start chip: {self.building.label}"


@attrs.frozen(cache_hash=True)
class DrawChip(Tagged, codec=CODEC):
    """Chance (phase 6): the neutral chip drawn is a ``building``."""

    building: Building

    def __str__(self) -> str:
        return f"draw a neutral {self.building.label}"


@attrs.frozen(cache_hash=True)
class PlaceMarker(Tagged, codec=CODEC):
    """Phase 1: put a claim marker on ``area``."""

    area: str

    def __str__(self) -> str:
        return f"claim {self.area}"


@attrs.frozen(cache_hash=True)
class DeclineExtra(Tagged, codec=CODEC):
    """Phase 1 extra marker or phase 6 temple chip (German): do not take it."""

    def __str__(self) -> str:
        return "decline the extra"


@attrs.frozen(cache_hash=True)
class TakeExtra(Tagged, codec=CODEC):
    """Phase 6, German: draw and place the extra chip a temple allows."""

    def __str__(self) -> str:
        return "take the temple's extra chip"


@attrs.frozen(cache_hash=True)
class ChooseConflict(Tagged, codec=CODEC):
    """Phase 2: the emperor names the next contested ``area``."""

    area: str

    def __str__(self) -> str:
        return f"fight over {self.area} next"


@attrs.frozen(cache_hash=True)
class Bid(Tagged, codec=CODEC):
    """Phase 2 secret commitment: a dragon card against ``target`` and ``influence`` points
    (plus, German only, the bluffing 0-card)."""

    target: int
    influence: int
    zero_card: bool = False

    def __str__(self) -> str:
        zero = " and the 0-card" if self.zero_card else ""
        return f"bid {self.influence} influence{zero} against seat {self.target}"


@attrs.frozen(cache_hash=True)
class Remove(Tagged, codec=CODEC):
    """Phase 2 tie: the emperor names which tied player leaves the area."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} leaves"


@attrs.frozen(cache_hash=True)
class Lead(Tagged, codec=CODEC):
    """Phase 4: become the rebel leader (``True``) or decline (``False``)."""

    accept: bool

    def __str__(self) -> str:
        return "lead the rebellion" if self.accept else "decline to lead"


@attrs.frozen(cache_hash=True)
class ChooseSide(Tagged, codec=CODEC):
    """Phase 4 secret commitment: the side this player fights on."""

    side: Side

    def __str__(self) -> str:
        return f"join the {self.side.value}' side"


@attrs.frozen(cache_hash=True)
class CommitCombat(Tagged, codec=CODEC):
    """Phase 4 secret commitment: ``combat`` points of combat cards."""

    combat: int

    def __str__(self) -> str:
        return f"commit {self.combat} combat"


@attrs.frozen(cache_hash=True)
class TakeArea(Tagged, codec=CODEC):
    """Phase 4 reward: take ``area`` from a player of the losing side."""

    area: str

    def __str__(self) -> str:
        return f"take {self.area}"


@attrs.frozen(cache_hash=True)
class TakeVictoryPoint(Tagged, codec=CODEC):
    """Phase 4 reward: a victory-point chip instead of an area (only where allowed)."""

    def __str__(self) -> str:
        return "take a victory-point chip"


@attrs.frozen(cache_hash=True)
class PalaceIncome(Tagged, codec=CODEC):
    """Phase 5: of this player's palaces, ``combat`` pay 1 combat, the rest 2 influence."""

    combat: int

    def __str__(self) -> str:
        return f"take {self.combat} palace(s) as combat"


@attrs.frozen(cache_hash=True)
class PlaceChip(Tagged, codec=CODEC):
    """Phase 6: put the drawn neutral chip on the empty ``area``."""

    area: str

    def __str__(self) -> str:
        return f"place it on {self.area}"


@attrs.frozen(cache_hash=True)
class Give(Tagged, codec=CODEC):
    """Negotiation variant: hand ``influence`` or ``combat`` points to seat ``to`` (one
    kind per gift; giving both takes two gifts)."""

    to: int
    influence: int = 0
    combat: int = 0

    def __str__(self) -> str:
        return f"give seat {self.to} {self.influence} influence and {self.combat} combat"


@attrs.frozen(cache_hash=True)
class Pass(Tagged, codec=CODEC):
    """Negotiation variant: end this player's turn in the negotiation window."""

    def __str__(self) -> str:
        return "pass"


Action = (
    StartChip
    | DrawChip
    | PlaceMarker
    | DeclineExtra
    | TakeExtra
    | ChooseConflict
    | Bid
    | Remove
    | Lead
    | ChooseSide
    | CommitCombat
    | TakeArea
    | TakeVictoryPoint
    | PalaceIncome
    | PlaceChip
    | Give
    | Pass
)
"""Any White Lotus action or chance outcome."""


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read an action from its JSON form; :class:`~rulespec.MalformedAction` lists what is
    wrong, each problem with its JSON path."""
    reader = Reader(None)
    action = CODEC.load(data, Action, reader)
    if reader.problems or action is None:
        raise MalformedAction(reader.problems or ["not an action"])
    found: Action = action
    return found
