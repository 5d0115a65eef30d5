"""Mandala's actions: two kinds of decision and three kinds of chance outcome.

Decisions: :class:`Play` (step 1 of a turn) and :class:`TakeTile` (the marker holder's
choice when a mandala is resolved). Chance outcomes: :class:`DrawCard` (one card from the
draw pile, during setup or step 2), :class:`RevealTile` (one tile from a stack) and
:class:`ResolveNext` (which mandala the final resolution takes next).

All actions are small frozen values; the same action always compares equal and hashes
alike, so frontends can keep them in sets and dicts. Every possible ``Play`` is
pre-built once, which keeps ``legal_actions`` cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.core.api import JSON
from rulespec.errors import MalformedAction
from rulespec.mandala.components import (
    CARDS_PER_COLOUR,
    COLOURS,
    NUM_MANDALAS,
    TILES,
    Colour,
    Tile,
)


@attrs.frozen(cache_hash=True)
class Play:
    """Play ``count`` cards of ``colour`` from hand into mandala ``mandala`` (0, 1 or 2)."""

    mandala: int
    colour: Colour
    count: int

    def to_json(self) -> JSON:
        """``{"type": "play", "mandala": 0, "colour": "red", "count": 2}``."""
        return {
            "type": "play",
            "mandala": self.mandala,
            "colour": self.colour.label,
            "count": self.count,
        }

    def __str__(self) -> str:
        card = "card" if self.count == 1 else "cards"
        return f"play {self.count} {self.colour.label} {card} into mandala {self.mandala}"


@attrs.frozen(cache_hash=True)
class TakeTile:
    """The marker holder takes ``tile`` from the mandala being resolved."""

    tile: Tile

    def to_json(self) -> JSON:
        """``{"type": "take_tile", "tile": "red-7"}``."""
        return {"type": "take_tile", "tile": self.tile.label}

    def __str__(self) -> str:
        return f"take tile {self.tile.label}"


@attrs.frozen(cache_hash=True)
class DrawCard:
    """Chance: the card drawn from the draw pile has colour ``colour``."""

    colour: Colour

    def to_json(self) -> JSON:
        """``{"type": "draw_card", "colour": "red"}``."""
        return {"type": "draw_card", "colour": self.colour.label}

    def __str__(self) -> str:
        article = "an" if self.colour.label[0] in "aeiou" else "a"
        return f"draw {article} {self.colour.label} card"


@attrs.frozen(cache_hash=True)
class RevealTile:
    """Chance: the tile drawn from a stack is ``tile``."""

    tile: Tile

    def to_json(self) -> JSON:
        """``{"type": "reveal_tile", "tile": "red-7"}``."""
        return {"type": "reveal_tile", "tile": self.tile.label}

    def __str__(self) -> str:
        return f"reveal tile {self.tile.label}"


@attrs.frozen(cache_hash=True)
class ResolveNext:
    """Chance: the final resolution takes mandala ``mandala`` next."""

    mandala: int

    def to_json(self) -> JSON:
        """``{"type": "resolve_next", "mandala": 1}``."""
        return {"type": "resolve_next", "mandala": self.mandala}

    def __str__(self) -> str:
        return f"resolve mandala {self.mandala} next"


Action = Play | TakeTile | DrawCard | RevealTile | ResolveNext
"""Any Mandala action or chance outcome."""

PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(Play(m, c, n) for n in range(CARDS_PER_COLOUR + 1)) for c in COLOURS)
    for m in range(NUM_MANDALAS)
)
"""``PLAYS[mandala][colour][count]``: every play there can be, built once."""
DRAWS: tuple[DrawCard, ...] = tuple(DrawCard(c) for c in COLOURS)
"""``DRAWS[colour]``."""
REVEALS: dict[Tile, RevealTile] = {t: RevealTile(t) for t in TILES}
"""``REVEALS[tile]``: every tile reveal, built once."""


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read an action back from its JSON form; a :class:`~rulespec.MalformedAction`
    lists what is wrong."""
    if not isinstance(data, Mapping):
        raise MalformedAction([f"an action must be a JSON object, got {data!r}"])
    kind = data.get("type")
    problems: list[str] = []

    def field(name: str, parse: Any) -> Any:
        if name not in data:
            problems.append(f"{kind} action needs '{name}'")
            return None
        try:
            return parse(data[name])
        except (KeyError, ValueError, TypeError):
            problems.append(f"'{name}' = {data[name]!r} is not valid for a {kind} action")
            return None

    def colour(v: object) -> Colour:
        return Colour[str(v).upper()]

    def integer(v: object) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(v)
        return v

    def tile(v: object) -> Tile:
        return Tile.parse(str(v))

    allowed = {"type"}
    result: Action | None = None
    if kind == "play":
        allowed |= {"mandala", "colour", "count"}
        m, c, n = field("mandala", integer), field("colour", colour), field("count", integer)
        if not problems:
            result = Play(m, c, n)
    elif kind == "take_tile":
        allowed |= {"tile"}
        t = field("tile", tile)
        if not problems:
            result = TakeTile(t)
    elif kind == "draw_card":
        allowed |= {"colour"}
        c = field("colour", colour)
        if not problems:
            result = DrawCard(c)
    elif kind == "reveal_tile":
        allowed |= {"tile"}
        t = field("tile", tile)
        if not problems:
            result = RevealTile(t)
    elif kind == "resolve_next":
        allowed |= {"mandala"}
        m = field("mandala", integer)
        if not problems:
            result = ResolveNext(m)
    else:
        problems.append(
            f"unknown action type {kind!r}; expected play, take_tile, draw_card, "
            "reveal_tile or resolve_next"
        )
    extra = sorted(set(data) - allowed) if kind in _KINDS else []
    if extra:
        problems.append(f"unexpected keys for a {kind} action: {', '.join(extra)}")
    if problems or result is None:
        raise MalformedAction(problems)
    return result


_KINDS = frozenset({"play", "take_tile", "draw_card", "reveal_tile", "resolve_next"})
