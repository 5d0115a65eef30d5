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

import attrs

from rulespec.core.action_ids import Listing, listing
from rulespec.core.convert import Tagged, checked_fields
from rulespec.mandala.codec import CODEC
from rulespec.mandala.components import (
    CARDS_PER_COLOUR,
    COLOURS,
    NUM_MANDALAS,
    TILES,
    Colour,
    Tile,
)


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Play(Tagged, codec=CODEC):
    """Play ``count`` cards of ``colour`` from hand into mandala ``mandala`` (0, 1 or 2)."""

    mandala: int
    colour: Colour
    count: int

    def __str__(self) -> str:
        card = "card" if self.count == 1 else "cards"
        return f"play {self.count} {self.colour.label} {card} into mandala {self.mandala}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class TakeTile(Tagged, codec=CODEC):
    """The marker holder takes ``tile`` from the mandala being resolved."""

    tile: Tile

    def __str__(self) -> str:
        return f"take tile {self.tile.label}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class DrawCard(Tagged, codec=CODEC):
    """Chance: the card drawn from the draw pile has colour ``colour``."""

    colour: Colour

    def __str__(self) -> str:
        article = "an" if self.colour.label[0] in "aeiou" else "a"
        return f"draw {article} {self.colour.label} card"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class RevealTile(Tagged, codec=CODEC):
    """Chance: the tile drawn from a stack is ``tile``."""

    tile: Tile

    def __str__(self) -> str:
        return f"reveal tile {self.tile.label}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class ResolveNext(Tagged, codec=CODEC):
    """Chance: the final resolution takes mandala ``mandala`` next."""

    mandala: int

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


def numbering(game: object) -> tuple[tuple[Listing, ...], tuple[Listing, ...]]:
    """Every decision and every chance outcome of Mandala, in id order (the same for every
    player count: no action names a seat). A play's count runs to 15, every card of a
    colour, so the numbering needs no argument about hand sizes."""
    decisions = (
        listing(
            (PLAYS[m][c][n] for m in range(NUM_MANDALAS) for c in COLOURS for n in _COUNTS),
            "mandala 0-2, then colour (black, purple, red, green, orange, yellow), then count 1-15",
        ),
        listing((TakeTile(t) for t in TILES), "tile, colour by colour, faces 2, 3, 4, 5, 7, x3"),
    )
    chance = (
        listing(DRAWS, "colour"),
        listing(REVEALS.values(), "tile, as for take_tile"),
        listing((ResolveNext(m) for m in range(NUM_MANDALAS)), "mandala 0-2"),
    )
    return decisions, chance


_COUNTS = range(1, CARDS_PER_COLOUR + 1)
