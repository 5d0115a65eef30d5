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

from typing import Any

from rulespec.core import notation
from rulespec.core.notation import Cursor
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
_COLOURS_TOLD = ", ".join(f"{letter} ({c.label})" for c, letter in LETTERS.items())


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
    rule it breaks); :class:`~rulespec.MalformedNotation` names the part of a text that
    names no action, where it is and what was expected there."""
    return notation.parse(text, where, format, _read)


_ONE = r"[A-Za-z]"
_FACE = r"[xX]?[0-9]+|[A-Za-z]+"
_COLOUR_WORDS = {letter.lower(): c for letter, c in _COLOUR_OF.items()}
_FACE_WORDS = {f.value.lower(): f for f in Face}
_FACES_TOLD = "2, 3, 4, 5, 7 or x3"


def _read(c: Cursor) -> Action:
    action: Action
    if c.take("+"):
        action = TakeTile(_tile(c, "a tile: a colour letter and a face, as in +R7"))
    elif c.take("~@"):
        action = ResolveNext(c.number("a mandala number, as in ~@2", 4))
    elif c.take("~"):
        colour = _colour(c, "a colour (~G), a tile (~Yx3) or @ and a mandala (~@2)")
        action = DrawCard(colour) if c.done() else RevealTile(Tile(colour, _face(c)))
    elif c.digit():
        count = c.number("a count", 4)
        colour = _colour(c, "a colour after the count, as in 2R@1")
        c.expect("@", "@ and a mandala after the colour, as in 2R@1")
        mandala = c.number("a mandala number, as in 2R@1", 4)
        known = 0 <= mandala < NUM_MANDALAS and 0 <= count <= CARDS_PER_COLOUR
        action = PLAYS[mandala][colour][count] if known else Play(mandala, colour, count)
    else:
        raise c.misread(
            "a Mandala action: a play like 2R@1, + and a tile taken (+R7), or ~ and a "
            "chance outcome (~G, ~Yx3, ~@2)"
        )
    c.end()
    return action


def _colour(c: Cursor, expected: str) -> Colour:
    return c.word(_COLOUR_WORDS, f"{expected}; the colours are {_COLOURS_TOLD}", _ONE)


def _face(c: Cursor) -> Face:
    return c.word(_FACE_WORDS, f"a tile's face, {_FACES_TOLD}", _FACE)


def _tile(c: Cursor, expected: str) -> Tile:
    colour = _colour(c, expected)
    return Tile(colour, _face(c))
