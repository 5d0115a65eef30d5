"""Mandala's vocabulary: colours, card counts, flower tiles and their backs.

Cards of one colour are interchangeable, so every pile of cards (deck, discard pile, a
hand, one player's cards in a mandala) is a :data:`Counts` tuple: six counts indexed by
:class:`Colour`. Tiles are all different (a colour and a face), so tile piles are
frozensets.
"""

from __future__ import annotations

import enum
from typing import Annotated

import attrs

from rulespec.core.convert import Keyed, LabelledEnum, Range


class Colour(LabelledEnum):
    """The six colours of cards and flower tiles (rule mandala.components.colour_names)."""

    BLACK = 0
    PURPLE = 1
    RED = 2
    GREEN = 3
    ORANGE = 4
    YELLOW = 5


COLOURS: tuple[Colour, ...] = tuple(Colour)
NUM_COLOURS = len(COLOURS)
CARDS_PER_COLOUR = 15
"""Rule mandala.components.cards."""
NUM_MANDALAS = 3
"""One majority marker each (rule mandala.components.markers)."""
MAX_HAND_FOR_DRAW = 8
"""Rules mandala.draw.skip_at_eight and mandala.draw.one_card_up_to_four."""
MAX_DRAW = 4
"""Rule mandala.draw.one_card_up_to_four."""

COLOUR_LABELS: tuple[str, ...] = tuple(c.label for c in COLOURS)

CardCount = Annotated[int, Range(0, CARDS_PER_COLOUR)]
"""How many cards of one colour a pile holds: 0 to 15."""

Counts = Annotated[
    tuple[CardCount, CardCount, CardCount, CardCount, CardCount, CardCount],
    Keyed(lambda game: COLOUR_LABELS, 0, "a colour"),
]
"""Cards per colour, indexed by :class:`Colour`; in JSON ``{"red": 2, "green": 1}``."""
NO_CARDS: Counts = (0, 0, 0, 0, 0, 0)
FULL_DECK: Counts = (CARDS_PER_COLOUR,) * NUM_COLOURS  # type: ignore[assignment]


class Back(enum.Enum):
    """The two tile backs; each mandala gets one tile of each (rule mandala.setup.tiles)."""

    DARK = "dark"
    LIGHT = "light"


DARK_COLOURS = frozenset({Colour.BLACK, Colour.PURPLE, Colour.RED})
"""Rule mandala.components.tile_backs."""


class Face(enum.Enum):
    """A tile's printed face: a value, or the '×3' multiplier."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SEVEN = "7"
    TIMES_THREE = "x3"

    # tiles are hashed often (stacks, holdings, look-ups): hash by identity (in C, members
    # are singletons) rather than Enum's hash of the name (a Python call)
    __hash__ = object.__hash__

    @property
    def value_points(self) -> int:
        """The printed number (0 for the '×3', which prints no value)."""
        return 0 if self is Face.TIMES_THREE else int(self.value)


_FACE_ORDER = {f: i for i, f in enumerate(Face)}
"""Each face's place in :class:`Face`: how tiles of one colour sort (looked up, not
``list(Face).index``, which walked the enum on every comparison of a sort)."""


@attrs.frozen(order=True)
class Tile:
    """One flower tile: a colour and a face. All 36 tiles are distinct."""

    colour: Colour
    face: Face = attrs.field(order=_FACE_ORDER.__getitem__)

    @property
    def back(self) -> Back:
        """Dark or light back (rule mandala.components.tile_backs)."""
        return Back.DARK if self.colour in DARK_COLOURS else Back.LIGHT

    @property
    def label(self) -> str:
        """``red-7`` / ``green-x3``: the JSON and display form."""
        return f"{self.colour.label}-{self.face.value}"

    def __repr__(self) -> str:
        return f"Tile({self.label})"

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``red-7`` (also ``red 7``, ``RED-×3``) back into a tile."""
        colour, _, face = text.strip().replace(" ", "-").partition("-")
        try:
            return cls(Colour[colour.upper()], Face(face.lower().replace("×", "x")))
        except (KeyError, ValueError):
            raise ValueError(f"{text!r} is not a tile like 'red-7' or 'green-x3'") from None


TILES: tuple[Tile, ...] = tuple(Tile(c, f) for c in COLOURS for f in Face)
"""All 36 tiles (rule mandala.components.tiles)."""
TILE_ORDER: dict[Tile, int] = {t: i for i, t in enumerate(TILES)}
"""Position of each tile in :data:`TILES`: a cheap, process-independent sort key."""
DARK_TILES = frozenset(t for t in TILES if t.back is Back.DARK)
LIGHT_TILES = frozenset(t for t in TILES if t.back is Back.LIGHT)


def add(counts: Counts, colour: int, n: int) -> Counts:
    """``counts`` with ``n`` more (or fewer, if negative) cards of ``colour``."""
    lst = list(counts)
    lst[colour] += n
    return tuple(lst)  # type: ignore[return-value]


def plus(a: Counts, b: Counts) -> Counts:
    """Colour-wise sum of two piles."""
    return tuple(x + y for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def describe(counts: Counts) -> str:
    """``2 red, 1 green`` (or ``no cards``)."""
    parts = [f"{n} {c.label}" for c, n in zip(COLOURS, counts, strict=True) if n]
    return ", ".join(parts) or "no cards"
