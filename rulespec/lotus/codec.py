"""White Lotus's JSON vocabulary: buildings by name, chips, board areas by their ids.

Every other JSON form (positions, actions, observations) follows from the attrs types by
:class:`rulespec.core.convert.Converter`; this module adds the domain types and the field
forms that need the board (an area index is written as the area's id, ``"a17"``).
"""

from __future__ import annotations

from typing import Annotated, Any

from rulespec.core.convert import SEAT, WHOLE, Converter, Keyed, Reader, Repr
from rulespec.core.tensor import OneHot
from rulespec.errors import bounded
from rulespec.lotus.components import BUILDINGS, NEUTRAL, OWNED, Building, Chip

_LABELS = [b.label for b in BUILDINGS]


_LABEL_OF = dict(zip(BUILDINGS, _LABELS, strict=True)).__getitem__  # not name.lower() per dump


def _dump_chip(chip: Chip, game: Any) -> dict[str, Any]:
    if chip.owner is None:
        return {"building": _LABEL_OF(chip.building)}
    return {"building": _LABEL_OF(chip.building), "owner": chip.owner}


def _load_chip(raw: Any, reader: Reader) -> Chip:
    if not isinstance(raw, dict) or "building" not in raw:
        reader.bad('expected {"building": …} with an optional "owner"')
        return NEUTRAL[Building.VILLAGE]
    for key in sorted(set(raw) - {"building", "owner"}):
        reader.at(str(key)).bad("unknown key; a chip has building and owner")
    building: Building = CODEC.load(raw["building"], Building, reader.at("building"))
    owner = raw.get("owner")
    if owner is None:
        return NEUTRAL[building]
    low, high = SEAT.bounds(reader.ctx)
    if type(owner) is not int or not low <= owner <= high:
        reader.at("owner").bad(f"expected a seat from {low} to {high}, got {bounded(owner)}")
        return NEUTRAL[building]
    return OWNED[owner][building]


def _chip_schema(game: Any) -> dict[str, Any]:
    seat: dict[str, Any] = {"type": "integer", "minimum": 0}
    if game is not None:
        seat["maximum"] = game.players - 1
    return {
        "type": "object",
        "properties": {"building": {"enum": _LABELS}, "owner": seat},
        "required": ["building"],
        "additionalProperties": False,
    }


def _dump_area(i: int, game: Any) -> str:
    area_id: str = game.area_ids[i]
    return area_id


def _load_area(raw: Any, reader: Reader) -> int:
    index = reader.ctx.area_index
    if isinstance(raw, str) and raw in index:
        found: int = index[raw]
        return found
    reader.bad(f"{bounded(raw)} is not an area of the board")
    return 0


def _area_schema(game: Any) -> dict[str, Any]:
    if game is None:
        return {"type": "string"}
    return {"enum": list(game.area_ids)}


AreaIndex = Annotated[
    int, Repr(_dump_area, _load_area, _area_schema), OneHot(lambda game: game.area_ids)
]
"""An area, by its index on the board; in JSON its id (``"a17"``), in a tensor one-hot
over the board's areas."""

CHIPS_BY_AREA = Keyed(lambda game: game.area_ids, None, "an area of the board")
"""The chip on each board area; in JSON an object from area id to chip (empty areas left
out)."""

CLAIMS_BY_AREA = Keyed(lambda game: game.area_ids, frozenset(), "an area of the board")
"""The markers on each board area; in JSON an object from area id to the seats (areas
without markers left out)."""

BY_BUILDING = Keyed(lambda game: _LABELS, 0, "a building", omit_empty=False)
"""A tuple with one count per building; in JSON ``{"palace": 1, …, "village": 12}``."""


def _dump_bank(bank: tuple[int, int], game: Any) -> dict[str, int]:
    influence, combat = game.options.card_supply.shown(bank)  # lotus.income.supply_limit
    return {"influence": influence, "combat": combat}


def _load_bank(raw: Any, reader: Reader) -> tuple[int, int]:
    if not isinstance(raw, dict) or set(raw) != {"influence", "combat"}:
        reader.bad(f'expected {{"influence": …, "combat": …}}, got {bounded(raw)}')
        return (0, 0)
    out = []
    for key in ("influence", "combat"):
        value = raw[key]
        if type(value) is not int or not -WHOLE <= value <= WHOLE:
            reader.at(key).bad(f"expected a whole number, got {bounded(value)}")
            value = 0
        out.append(value)
    return out[0], out[1]


Bank = Annotated[
    tuple[int, int],
    Repr(
        _dump_bank,
        _load_bank,
        lambda game: {
            "type": "object",
            "properties": {"influence": {"type": "integer"}, "combat": {"type": "integer"}},
            "required": ["influence", "combat"],
            "additionalProperties": False,
        },
    ),
]
"""The open card piles' points, influence and combat. With the unlimited card supply the
state keeps a balance that may go below 0; JSON, views and tensors show the piles, never
below 0 (``CardSupply.shown``, lotus.income.supply_limit)."""

CODEC = Converter(
    {
        Chip: Repr(_dump_chip, _load_chip, _chip_schema),
    }
)
"""Reads and writes every White Lotus record."""
