"""White Lotus actions: the decisions of each phase and the two kinds of chance outcome.

Secret commitments (:class:`Bid`, :class:`ChooseSide`, :class:`CommitCombat`) are taken
one player at a time; nobody sees a commitment before the reveal (ruling
lotus.secret.commit_order). Areas are named by their board id (``"a17"``), players by seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from rulespec.core.api import JSON
from rulespec.errors import MalformedAction
from rulespec.lotus.components import Building, Side


@attrs.frozen(cache_hash=True)
class StartChip:
    """Chance (setup): the next start area gets a neutral ``building``."""

    building: Building

    def to_json(self) -> JSON:
        """``{"type": "start_chip", "building": "palace"}``."""
        return {"type": "start_chip", "building": self.building.label}

    def __str__(self) -> str:
        return f"start chip: {self.building.label}"


@attrs.frozen(cache_hash=True)
class DrawChip:
    """Chance (phase 6): the neutral chip drawn is a ``building``."""

    building: Building

    def to_json(self) -> JSON:
        """``{"type": "draw_chip", "building": "temple"}``."""
        return {"type": "draw_chip", "building": self.building.label}

    def __str__(self) -> str:
        return f"draw a neutral {self.building.label}"


@attrs.frozen(cache_hash=True)
class PlaceMarker:
    """Phase 1: put a claim marker on ``area``."""

    area: str

    def to_json(self) -> JSON:
        """``{"type": "place_marker", "area": "a12"}``."""
        return {"type": "place_marker", "area": self.area}

    def __str__(self) -> str:
        return f"claim {self.area}"


@attrs.frozen(cache_hash=True)
class DeclineExtra:
    """Phase 1 extra marker or phase 6 temple chip (German): do not take it."""

    def to_json(self) -> JSON:
        """``{"type": "decline_extra"}``."""
        return {"type": "decline_extra"}

    def __str__(self) -> str:
        return "decline the extra"


@attrs.frozen(cache_hash=True)
class TakeExtra:
    """Phase 6, German: draw and place the extra chip a temple allows."""

    def to_json(self) -> JSON:
        """``{"type": "take_extra"}``."""
        return {"type": "take_extra"}

    def __str__(self) -> str:
        return "take the temple's extra chip"


@attrs.frozen(cache_hash=True)
class ChooseConflict:
    """Phase 2: the emperor names the next contested ``area``."""

    area: str

    def to_json(self) -> JSON:
        """``{"type": "choose_conflict", "area": "a12"}``."""
        return {"type": "choose_conflict", "area": self.area}

    def __str__(self) -> str:
        return f"fight over {self.area} next"


@attrs.frozen(cache_hash=True)
class Bid:
    """Phase 2 secret commitment: a dragon card against ``target`` and ``influence`` points
    (plus, German only, the bluffing 0-card)."""

    target: int
    influence: int
    zero_card: bool = False

    def to_json(self) -> JSON:
        """``{"type": "bid", "target": 2, "influence": 5, "zero_card": false}``."""
        return {
            "type": "bid",
            "target": self.target,
            "influence": self.influence,
            "zero_card": self.zero_card,
        }

    def __str__(self) -> str:
        zero = " and the 0-card" if self.zero_card else ""
        return f"bid {self.influence} influence{zero} against seat {self.target}"


@attrs.frozen(cache_hash=True)
class Remove:
    """Phase 2 tie: the emperor names which tied player leaves the area."""

    seat: int

    def to_json(self) -> JSON:
        """``{"type": "remove", "seat": 1}``."""
        return {"type": "remove", "seat": self.seat}

    def __str__(self) -> str:
        return f"seat {self.seat} leaves"


@attrs.frozen(cache_hash=True)
class Lead:
    """Phase 4: become the rebel leader (``True``) or decline (``False``)."""

    accept: bool

    def to_json(self) -> JSON:
        """``{"type": "lead", "accept": true}``."""
        return {"type": "lead", "accept": self.accept}

    def __str__(self) -> str:
        return "lead the rebellion" if self.accept else "decline to lead"


@attrs.frozen(cache_hash=True)
class ChooseSide:
    """Phase 4 secret commitment: the side this player fights on."""

    side: Side

    def to_json(self) -> JSON:
        """``{"type": "choose_side", "side": "rebels"}``."""
        return {"type": "choose_side", "side": self.side.value}

    def __str__(self) -> str:
        return f"join the {self.side.value}' side"


@attrs.frozen(cache_hash=True)
class CommitCombat:
    """Phase 4 secret commitment: ``combat`` points of combat cards."""

    combat: int

    def to_json(self) -> JSON:
        """``{"type": "commit_combat", "combat": 3}``."""
        return {"type": "commit_combat", "combat": self.combat}

    def __str__(self) -> str:
        return f"commit {self.combat} combat"


@attrs.frozen(cache_hash=True)
class TakeArea:
    """Phase 4 reward: take ``area`` from a player of the losing side."""

    area: str

    def to_json(self) -> JSON:
        """``{"type": "take_area", "area": "a12"}``."""
        return {"type": "take_area", "area": self.area}

    def __str__(self) -> str:
        return f"take {self.area}"


@attrs.frozen(cache_hash=True)
class TakeVictoryPoint:
    """Phase 4 reward: a victory-point chip instead of an area (only where allowed)."""

    def to_json(self) -> JSON:
        """``{"type": "take_victory_point"}``."""
        return {"type": "take_victory_point"}

    def __str__(self) -> str:
        return "take a victory-point chip"


@attrs.frozen(cache_hash=True)
class PalaceIncome:
    """Phase 5: of this player's palaces, ``combat`` pay 1 combat, the rest 2 influence."""

    combat: int

    def to_json(self) -> JSON:
        """``{"type": "palace_income", "combat": 1}``."""
        return {"type": "palace_income", "combat": self.combat}

    def __str__(self) -> str:
        return f"take {self.combat} palace(s) as combat"


@attrs.frozen(cache_hash=True)
class PlaceChip:
    """Phase 6: put the drawn neutral chip on the empty ``area``."""

    area: str

    def to_json(self) -> JSON:
        """``{"type": "place_chip", "area": "a12"}``."""
        return {"type": "place_chip", "area": self.area}

    def __str__(self) -> str:
        return f"place it on {self.area}"


@attrs.frozen(cache_hash=True)
class Give:
    """Negotiation variant: hand ``influence`` or ``combat`` points to seat ``to`` (one
    kind per gift; giving both takes two gifts)."""

    to: int
    influence: int = 0
    combat: int = 0

    def to_json(self) -> JSON:
        """``{"type": "give", "to": 1, "influence": 2, "combat": 0}``."""
        return {"type": "give", "to": self.to, "influence": self.influence, "combat": self.combat}

    def __str__(self) -> str:
        return f"give seat {self.to} {self.influence} influence and {self.combat} combat"


@attrs.frozen(cache_hash=True)
class Pass:
    """Negotiation variant: end this player's turn in the negotiation window."""

    def to_json(self) -> JSON:
        """``{"type": "pass"}``."""
        return {"type": "pass"}

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


def _integer(v: object) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(v)
    return v


def _boolean(v: object) -> bool:
    if not isinstance(v, bool):
        raise TypeError(v)
    return v


def _building(v: object) -> Building:
    return Building[str(v).upper()]


def _text(v: object) -> str:
    if not isinstance(v, str):
        raise TypeError(v)
    return v


_FIELDS: dict[str, tuple[type, tuple[tuple[str, Callable[[object], Any], bool], ...]]] = {
    "start_chip": (StartChip, (("building", _building, True),)),
    "draw_chip": (DrawChip, (("building", _building, True),)),
    "place_marker": (PlaceMarker, (("area", _text, True),)),
    "decline_extra": (DeclineExtra, ()),
    "take_extra": (TakeExtra, ()),
    "choose_conflict": (ChooseConflict, (("area", _text, True),)),
    "bid": (
        Bid,
        (("target", _integer, True), ("influence", _integer, True), ("zero_card", _boolean, False)),
    ),
    "remove": (Remove, (("seat", _integer, True),)),
    "lead": (Lead, (("accept", _boolean, True),)),
    "choose_side": (ChooseSide, (("side", Side, True),)),
    "commit_combat": (CommitCombat, (("combat", _integer, True),)),
    "take_area": (TakeArea, (("area", _text, True),)),
    "take_victory_point": (TakeVictoryPoint, ()),
    "palace_income": (PalaceIncome, (("combat", _integer, True),)),
    "place_chip": (PlaceChip, (("area", _text, True),)),
    "give": (
        Give,
        (("to", _integer, True), ("influence", _integer, False), ("combat", _integer, False)),
    ),
    "pass": (Pass, ()),
}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read an action from its JSON form; :class:`~rulespec.MalformedAction` lists what is wrong."""
    if not isinstance(data, Mapping):
        raise MalformedAction([f"an action must be a JSON object, got {data!r}"])
    kind = data.get("type")
    if kind not in _FIELDS:
        raise MalformedAction(
            [f"unknown action type {kind!r}; expected one of {', '.join(sorted(_FIELDS))}"]
        )
    cls, fields = _FIELDS[str(kind)]
    problems = []
    values: dict[str, object] = {}
    for name, parse, required in fields:
        if name not in data:
            if required:
                problems.append(f"{kind} action needs '{name}'")
            continue
        try:
            values[name] = parse(data[name])
        except (KeyError, ValueError, TypeError):
            problems.append(f"'{name}' = {data[name]!r} is not valid for a {kind} action")
    extra = sorted(set(data) - {"type"} - {name for name, _, _ in fields})
    if extra:
        problems.append(f"unexpected keys for a {kind} action: {', '.join(extra)}")
    if problems:
        raise MalformedAction(problems)
    result: Action = cls(**values)
    return result
