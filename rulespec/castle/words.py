"""The White Castle's components and die fields in a player's words: effects, costs,
rooms and fields, numbered as the notation numbers them (rooms 0-4, ``@2``). Below both
:mod:`rulespec.castle.turn`, whose rule hooks say what they decided in these words, and
:mod:`rulespec.castle.describe`, which tells whole actions (and plays them to name every
counter a step changes)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rulespec.castle.agenda import Cost
from rulespec.castle.components import Effect, Symbol
from rulespec.castle.state import State
from rulespec.castle.tables import FIELD_FAMILY, FIELD_OUTSIDE, FIELD_WELL
from rulespec.core.words import count

ROW_NAMES = ("courtiers' row", "gardeners' row", "warriors' row")
LEVEL_NAMES = ("the gate", "level 1", "level 2", "level 3")
COST_NAMES = ("coin", "seal", "iron", "food", "pearl")


def cost_words(cost: Cost) -> str:
    """``2 coins, 1 pearl``; empty for a free option."""
    amounts = attrs.astuple(cost)
    return ", ".join(count(k, name) for k, name in zip(amounts, COST_NAMES, strict=True) if k)


_GAINS = {
    Symbol.COINS: "coin",
    Symbol.SEALS: "seal",
    Symbol.IRON: "iron",
    Symbol.FOOD: "food",
    Symbol.PEARL: "pearl",
}
_FIXED = {
    Symbol.LANTERN: "take the lantern bonus",
    Symbol.CASTLE: "the castle action",
    Symbol.TRAINING: "train a warrior",
    Symbol.GARDEN: "place a gardener",
    Symbol.WELL: "the well's action",
    Symbol.FAMILY: "a family-row action",
    Symbol.LIGHT: "a light section in the castle",
    Symbol.ANY_TILE: "the action beside any die tile",
    Symbol.WHITE_TILE: "the action beside a white die tile",
    Symbol.BLACK_TILE: "the action beside a black die tile",
    Symbol.RED_TILE: "the action beside a red die tile",
    Symbol.AUDIENCE: "an audience (a courtier to the gate)",
    Symbol.ASCENT: "an ascent (a courtier up the castle)",
    Symbol.DAIMYO: "a Daimyo space",
    Symbol.GATE: "a rival courtier to the gate",
}


def effect_words(e: Effect) -> str:
    """One printed symbol in words: ``take 2 iron``, ``score 3 points``."""
    sym = e.symbol
    if sym in _GAINS:
        return f"take {count(e.amount, _GAINS[sym])}"
    if sym is Symbol.VP:
        return f"score {count(e.amount, 'point')}"
    if sym is Symbol.ANY_RESOURCE:
        return f"take {count(e.amount, 'resource')} of your choice"
    if sym is Symbol.PAY_COINS:
        return f"pay {count(e.amount, 'coin')}"
    if sym is Symbol.PAY_SEALS:
        return f"pay {count(e.amount, 'seal')}"
    if sym is Symbol.INFLUENCE:
        return f"{count(e.amount, 'step')} of influence"
    if sym is Symbol.CHOICE:
        return "one of: " + " or ".join(effect_words(Effect(o, 1)) for o in e.options)
    if sym is Symbol.ASCEND:
        return f"the rival's lowest courtier up {count(e.amount, 'level')}"
    if sym is Symbol.SECTION:
        return f"a light section of {e.amount}"
    return _FIXED.get(sym, sym.label.replace("_", " "))


def effects_words(effects: Sequence[Effect]) -> str:
    """A printed action in words, its symbols joined: ``pay 2 coins, take 1 pearl``."""
    return ", ".join(effect_words(e) for e in effects) or "nothing"


def room_words(s: State, room: int) -> str:
    """``room 2 (l1-03)``: the notation's number and the card lying there."""
    card = s.rooms[room] if 0 <= room < len(s.rooms) else None
    return f"room {room} ({s.game.tables.cards[card].id})" if card is not None else f"room {room}"


def field_words(s: State, field: int) -> str:
    """A die field by the notation's number: rooms 0-4, outside 5-6, well 7, rows 8-10."""
    if field < 0:
        return f"field {field}"
    if field < FIELD_OUTSIDE:
        return room_words(s, field)
    if field < FIELD_WELL:
        return f"outside field {field}"
    if field == FIELD_WELL:
        return "the well"
    if field < FIELD_FAMILY + 3:
        return f"the {ROW_NAMES[field - FIELD_FAMILY]}"
    return f"field {field}"
