"""Mandala's JSON vocabulary: how colours and tiles are written (``"red"``, ``"red-7"``).

Every other JSON form (positions, actions, observations) follows from the attrs types by
:class:`rulespec.core.convert.Converter`; this module only adds the two domain types.
"""

from __future__ import annotations

from typing import Any

from rulespec.core.convert import Converter, Reader, Repr, listing
from rulespec.mandala.components import COLOURS, TILES, Colour, Tile


def _load_colour(raw: Any, reader: Reader) -> Colour:
    if isinstance(raw, str) and raw.upper() in Colour.__members__:
        return Colour[raw.upper()]
    reader.bad(f"{raw!r:.60} is not a colour ({listing([c.label for c in COLOURS])})")
    return Colour.BLACK


def _load_tile(raw: Any, reader: Reader) -> Tile:
    try:
        if isinstance(raw, str):
            return Tile.parse(raw)
    except ValueError:
        pass
    reader.bad(f"{raw!r:.60} is not a tile like 'red-7' or 'green-x3'")
    return TILES[0]


CODEC = Converter(
    {
        Colour: Repr(
            lambda c, game: c.label,
            _load_colour,
            lambda game: {"enum": [c.label for c in COLOURS]},
        ),
        Tile: Repr(
            lambda t, game: t.label,
            _load_tile,
            lambda game: {"enum": [t.label for t in TILES]},
        ),
    }
)
"""Reads and writes every Mandala record."""
