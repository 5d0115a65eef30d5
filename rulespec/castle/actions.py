"""The White Castle's actions: six kinds of decision and two kinds of chance outcome.

Decisions: :class:`TakeDie`, :class:`PlaceDie`, :class:`Resolve` (the head of a task on
the agenda, with an option number from ``effects.options``), :class:`Skip`,
:class:`Exchange` (seals) and :class:`Pick` (a starting pair). Chance: :class:`Deal`
(one card, tile or seat from a pile) and :class:`Roll` (the dice of one colour, sorted).
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from math import factorial
from typing import TYPE_CHECKING

import attrs

from rulespec.castle.codec import CODEC
from rulespec.castle.components import COLOURS, Colour
from rulespec.core.action_ids import Listing, listing
from rulespec.core.convert import Tagged, checked_fields

if TYPE_CHECKING:
    from rulespec.castle.game import CastleGame

MAX_TASKS = 24
"""Tasks a frame of the agenda may hold (the lantern area is the largest)."""
MAX_OPTIONS = 24
"""Options the head of one task may offer."""
FIELD_NAMES = (
    "room 0",
    "room 1",
    "room 2",
    "room 3",
    "room 4",
    "outside field 5",
    "outside field 6",
    "the well",
    "the courtiers' row",
    "the gardeners' row",
    "the warriors' row",
)


class End(enum.Enum):
    """An end of a bridge."""

    LEFT = "left"
    RIGHT = "right"


class Pile(enum.Enum):
    """Where a dealt item comes from."""

    LEVEL1 = "level1"
    LEVEL2 = "level2"
    LEVEL3 = "level3"
    TILE = "tile"
    GARDEN = "garden"
    TRAINING = "training"
    SEAT = "seat"
    RESOURCE = "resource"
    ACTION = "action"
    SOLO = "solo"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class TakeDie(Tagged, codec=CODEC):
    """Take the die at ``end`` of the ``colour`` bridge (castle.turn.take)."""

    colour: Colour
    end: End

    def __str__(self) -> str:
        return f"take the {self.end.value} {self.colour.label} die"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class PlaceDie(Tagged, codec=CODEC):
    """Place the held die on field ``field``: rooms 0-4, outside 5-6, the well 7, family
    rows 8-10 (castle.turn.place); the same numbers as the notation (``@3``), every text
    and picture of a position."""

    field: int

    def __str__(self) -> str:
        ok = 0 <= self.field < len(FIELD_NAMES)
        name = FIELD_NAMES[self.field] if ok else f"field {self.field}"
        return f"place the die on {name}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Resolve(Tagged, codec=CODEC):
    """Do the head effect of task ``task`` of the top frame with option ``option``. What
    that is depends on the position: ``state.describe(action)`` says it in words."""

    task: int
    option: int

    def __str__(self) -> str:
        return f"option {self.option} of pending task {self.task}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Skip(Tagged, codec=CODEC):
    """Skip the head effect of task ``task`` (a cost: the whole task)."""

    task: int

    def __str__(self) -> str:
        return f"skip the next step of pending task {self.task}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Exchange(Tagged, codec=CODEC):
    """Exchange seals: ``into`` 0 for one coin (one seal), 1-3 for iron, food or pearl
    (two seals) (castle.seals.exchange)."""

    into: int

    def __str__(self) -> str:
        what = (
            "1 seal for a coin",
            "2 seals for an iron",
            "2 seals for a food",
            "2 seals for a pearl",
        )
        return f"exchange {what[self.into] if 0 <= self.into < 4 else f'seals for {self.into}'}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Pick(Tagged, codec=CODEC):
    """Take starting pair ``pair`` (castle.setup.pairs)."""

    pair: int

    def __str__(self) -> str:
        return f"pick starting pair {self.pair}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Deal(Tagged, codec=CODEC):
    """Chance: item ``item`` of ``pile`` is dealt (a card, tile or seat index)."""

    pile: Pile
    item: int

    def __str__(self) -> str:
        return f"deal {self.pile.value} {self.item}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Roll(Tagged, codec=CODEC):
    """Chance: the ``colour`` dice show ``dice``, sorted (castle.setup.dice)."""

    colour: Colour
    dice: tuple[int, ...]

    def __str__(self) -> str:
        return f"roll {self.colour.label}: {'-'.join(map(str, self.dice))}"


Action = TakeDie | PlaceDie | Resolve | Skip | Exchange | Pick | Deal | Roll
"""Any White Castle action or chance outcome."""

TAKES = {(c, e): TakeDie(c, e) for c in COLOURS for e in End}
PLACES = tuple(PlaceDie(f) for f in range(len(FIELD_NAMES)))
RESOLVES = tuple(tuple(Resolve(t, o) for o in range(MAX_OPTIONS)) for t in range(MAX_TASKS))
SKIPS = tuple(Skip(t) for t in range(MAX_TASKS))
EXCHANGES = tuple(Exchange(i) for i in range(4))
PICKS = tuple(Pick(i) for i in range(5))


def rolls(k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every sorted result of ``k`` dice with its multinomial weight (56, 126, 252)."""
    out = []
    for combo in itertools.combinations_with_replacement(range(1, 7), k):
        weight = factorial(k)
        for v in set(combo):
            weight //= factorial(combo.count(v))
        out.append((combo, weight))
    return tuple(out)


def pile_size(game: CastleGame, pile: Pile) -> int:
    """How many items ``pile`` numbers in this game."""
    d = game.data
    return {
        Pile.LEVEL1: len(game.tables.cards),
        Pile.LEVEL2: len(game.tables.cards),
        Pile.LEVEL3: len(d.level3),
        Pile.TILE: len(d.die_tiles),
        Pile.GARDEN: len(d.gardens),
        Pile.TRAINING: len(d.training),
        Pile.SEAT: game.players,
        Pile.RESOURCE: len(d.resources),
        Pile.ACTION: len(d.actions),
        Pile.SOLO: len(d.solo),
    }[pile]


def numbering(game: CastleGame) -> tuple[tuple[Listing, ...], tuple[Listing, ...]]:
    """Every decision and chance outcome of this variant, in id order."""
    decisions = (
        listing(TAKES.values(), "bridge (red, black, white), then end (left, right)"),
        listing(PLACES, "field: rooms 0-4, outside 5-6, well 7, family rows 8-10"),
        listing(
            (r for row in RESOLVES for r in row),
            f"task 0-{MAX_TASKS - 1}, then option 0-{MAX_OPTIONS - 1}",
        ),
        listing(SKIPS, f"task 0-{MAX_TASKS - 1}"),
        listing(EXCHANGES, "coin, iron, food, pearl"),
        listing(PICKS, "pair 0-4"),
    )
    k = game.variant.dice_per_colour
    chance = (
        listing(_deals(game), "pile (level1 … solo), then item"),
        listing(
            (Roll(c, dice) for c in COLOURS for dice, _ in rolls(k)),
            "colour, then the sorted dice in lexicographic order",
        ),
    )
    return decisions, chance


def _deals(game: CastleGame) -> Iterable[Deal]:
    for pile in Pile:
        for i in range(pile_size(game, pile)):
            yield Deal(pile, i)
