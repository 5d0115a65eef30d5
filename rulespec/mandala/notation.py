"""Mandala's short action notation: ``2R@1`` plays two red cards into mandala 1.

One token per action, no spaces, the same in every position (the grammar with examples is
on :doc:`/notation`)::

    play     COUNT COLOUR "@" MANDALA    2R@1    two red cards into mandala 1
    take     "+" TILE                    +R7     the marker holder takes red-7
    draw     "~" COLOUR                  ~G      chance: a green card is drawn
    reveal   "~" TILE                    ~Yx3    chance: tile yellow-x3 is revealed
    next     "~@" MANDALA                ~@2     chance: mandala 2 is resolved next

    COLOUR   B P R G O Y                 black, purple, red, green, orange, yellow
    TILE     COLOUR FACE                 FACE: 2 3 4 5 7 x3

A ``~`` starts every chance outcome. Letters may be given in either case; :func:`format`
writes colours in capitals and the multiplier as ``x3``.
"""

from __future__ import annotations

import re
from typing import Any

from rulespec.core.notation import malformed, text_of
from rulespec.errors import bounded
from rulespec.mandala.actions import (
    PLAYS,
    Action,
    DrawCard,
    Play,
    ResolveNext,
    RevealTile,
    TakeTile,
)
from rulespec.mandala.components import CARDS_PER_COLOUR, COLOURS, NUM_MANDALAS, Colour, Face, Tile

LETTERS: dict[Colour, str] = {c: c.label[0].upper() for c in COLOURS}
"""Each colour's letter: its initial (the six initials differ)."""
_COLOUR_OF = {letter: c for c, letter in LETTERS.items()}
_FACES = {f.value.upper(): f for f in Face}
_COLOURS_TOLD = ", ".join(f"{letter} ({c.label})" for c, letter in LETTERS.items())

_PLAY = re.compile(r"(\d{1,4})([A-Za-z])@(\d{1,4})")
_TILE = re.compile(r"([A-Za-z])(x3|X3|\d)")
_NEXT = re.compile(r"@(\d{1,4})")


def tile_text(tile: Tile) -> str:
    """``R7``, ``Gx3``: a tile as its colour letter and face."""
    return LETTERS[tile.colour] + tile.face.value


def format(action: Action) -> str:
    """The notation of ``action``: ``2R@1``, ``+R7``, ``~G``, ``~Yx3``, ``~@2``."""
    if isinstance(action, Play):
        return f"{action.count}{LETTERS[action.colour]}@{action.mandala}"
    if isinstance(action, TakeTile):
        return "+" + tile_text(action.tile)
    if isinstance(action, DrawCard):
        return "~" + LETTERS[action.colour]
    if isinstance(action, RevealTile):
        return "~" + tile_text(action.tile)
    if isinstance(action, ResolveNext):
        return f"~@{action.mandala}"
    raise TypeError(f"not a Mandala action: {action!r}")


def parse(text: str, where: Any) -> Action:
    """The action ``text`` names, for ``where``: a Mandala state or game. Only the form
    is checked here (``5R@1`` with three red cards in hand parses; ``apply`` then names the
    rule it breaks); :class:`~rulespec.MalformedNotation` says what is wrong with a text
    that names no action."""
    raw = text_of(text)
    found = _read(raw)
    if isinstance(found, str):
        raise malformed(raw, found, where, format)
    return found


def _read(raw: str) -> Action | str:
    """The action, or what is wrong with the text."""
    head, rest = raw[0], raw[1:]
    if head == "+":
        tile = _tile(rest)
        return tile if isinstance(tile, str) else TakeTile(tile)
    if head == "~":
        return _chance(rest)
    match = _PLAY.fullmatch(raw)
    if match is not None:
        colour = _colour(match[2])
        if isinstance(colour, str):
            return colour
        count, mandala = int(match[1]), int(match[3])
        if 0 <= mandala < NUM_MANDALAS and 0 <= count <= CARDS_PER_COLOUR:
            return PLAYS[mandala][colour][count]
        return Play(mandala, colour, count)
    if head.isdigit():
        return "a play is COUNT COLOUR @ MANDALA, like 2R@1"
    return (
        "not a Mandala action: a play is written like 2R@1, a tile taken like +R7, and "
        "chance outcomes start with ~ (~G, ~Yx3, ~@2)"
    )


def _chance(rest: str) -> Action | str:
    match = _NEXT.fullmatch(rest)
    if match is not None:
        return ResolveNext(int(match[1]))
    if rest.startswith("@"):
        return "after ~@ comes a mandala number, like ~@2"
    if len(rest) == 1:
        colour = _colour(rest)
        return colour if isinstance(colour, str) else DrawCard(colour)
    tile = _tile(rest)
    if isinstance(tile, str):
        return f"after ~ comes a colour (~G), a tile (~Yx3) or @ and a mandala (~@2); {tile}"
    return RevealTile(tile)


def _colour(letter: str) -> Colour | str:
    colour = _COLOUR_OF.get(letter.upper())
    if colour is None:
        return f"{bounded(letter)} is not a colour; the colours are {_COLOURS_TOLD}"
    return colour


def _tile(text: str) -> Tile | str:
    match = _TILE.fullmatch(text)
    if match is None:
        return (
            f"{bounded(text)} is not a tile: a colour letter and a face (2, 3, 4, 5, 7 or x3), "
            "like R7"
        )
    colour = _colour(match[1])
    if isinstance(colour, str):
        return colour
    face = _FACES.get(match[2].upper())
    if face is None:
        return f"{bounded(match[2])} is not a tile's face; the faces are 2, 3, 4, 5, 7 and x3"
    return Tile(colour, face)
