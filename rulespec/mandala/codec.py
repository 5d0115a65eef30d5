"""Mandala's JSON vocabulary: how a tile is written (``"red-7"``).

Every other JSON form (positions, actions, observations) follows from the attrs types by
:class:`rulespec.core.convert.Converter` (a colour is a
:class:`~rulespec.core.convert.LabelledEnum`, ``"red"``); this module only adds tiles.
"""

from __future__ import annotations

from typing import Any

from rulespec.core.convert import Converter, Reader, Repr
from rulespec.errors import bounded
from rulespec.mandala.components import TILES, Tile


def _load_tile(raw: Any, reader: Reader) -> Tile:
    try:
        if isinstance(raw, str):
            return Tile.parse(raw)
    except ValueError:
        pass
    reader.bad(f"{bounded(raw)} is not a tile like 'red-7' or 'green-x3'")
    return TILES[0]


_LABELS = [t.label for t in TILES]
_LABEL_OF = dict(zip(TILES, _LABELS, strict=True)).__getitem__

CODEC = Converter(
    {Tile: Repr(lambda t, game: _LABEL_OF(t), _load_tile, lambda game: {"enum": _LABELS})}
)
"""Reads and writes every Mandala record."""
