"""Oriente's vocabulary: the cards, their values, piles of cards, workers.

Cards of one kind are interchangeable (two Nōfu are alike), so every pile of cards (a
seat's victory cards, the cards left in a segment of the deck, a revolution's pool) is a
:data:`Pile` tuple: one count per :class:`Card` kind. Rank, fighting strength and victory
points are one number, the card's value (oriente.components.value).
"""

from __future__ import annotations

from typing import Annotated

from rulespec.core.convert import Keyed, LabelledEnum, Range


class Card(LabelledEnum):
    """The twelve kinds of card: nine residents of the deck and three treasure values."""

    NINJA = 0
    NOFU = 1
    AKINDO = 2
    SAMURAI = 3
    DAIMYO = 4
    MAHO_TSUKAI = 5
    SORYO = 6
    SHOGUN = 7
    GEISHA = 8
    TREASURE_2 = 9
    TREASURE_3 = 10
    TREASURE_4 = 11

    __hash__ = object.__hash__  # members are singletons: hash by identity (hot path)


CARDS: tuple[Card, ...] = tuple(Card)
KINDS = len(CARDS)
VALUE: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 3, 4)
"""Each kind's value: rank, strength and points at once (oriente.components.value); the
Geisha has none (0)."""
NAMES: tuple[str, ...] = (
    "Ninja",
    "Nōfu",
    "Akindo",
    "Samurai",
    "Daimyō",
    "Mahō-Tsukai",
    "Sōryo",
    "Shōgun",
    "Geisha",
    "treasure 2",
    "treasure 3",
    "treasure 4",
)
LABELS: tuple[str, ...] = tuple(c.label for c in CARDS)

DECK_CARDS: tuple[int, ...] = (3, 12, 7, 6, 5, 4, 2, 1, 1, 0, 0, 0)
"""The 41 cards of the deck, per kind: 40 residents and the Geisha (oriente.components.cards)."""
TREASURES: tuple[int, ...] = (0,) * 9 + (4, 4, 4)
"""The 12 treasure cards, four each of the values 2, 3 and 4."""
RESIDENT_KINDS: tuple[Card, ...] = CARDS[:9]
TREASURE_KINDS: tuple[Card, ...] = CARDS[9:]
SPECIAL = (Card.SHOGUN, Card.NINJA)
"""Shuffled into the top segment of the deck only (oriente.setup.deck)."""
BOTTOM = 4
"""Cards in the bottom segment; the middle one holds four more and the Geisha."""
MIDDLE = 5
DECK_SIZE = sum(DECK_CARDS)
TOP = DECK_SIZE - BOTTOM - MIDDLE
"""32: the top segment, Shōgun and Ninjas shuffled into the other 28."""
WORKERS = 6
"""Oriente.components.workers."""
MAX_CARDS = DECK_SIZE + sum(TREASURES)
"""53: every card a pile could ever hold."""

PileCount = Annotated[int, Range(0, 12)]
Pile = Annotated[
    tuple[
        PileCount,
        PileCount,
        PileCount,
        PileCount,
        PileCount,
        PileCount,
        PileCount,
        PileCount,
        PileCount,
        PileCount,
        PileCount,
        PileCount,
    ],
    Keyed(lambda game: LABELS, 0, "a card"),
]
"""Cards per kind, indexed by :class:`Card`; in JSON ``{"nofu": 2, "treasure_3": 1}``."""
Counts = Pile
"""The earlier name of :data:`Pile`, kept for code written against it.

:meta private:
"""
NO_CARDS: Pile = (0,) * KINDS  # type: ignore[assignment]
FULL_DECK: Pile = DECK_CARDS  # type: ignore[assignment]


def add(counts: Pile, card: int, n: int = 1) -> Pile:
    """``counts`` with ``n`` more (fewer, if negative) cards of kind ``card``."""
    lst = list(counts)
    lst[card] += n
    return tuple(lst)  # type: ignore[return-value]


def plus(a: Pile, b: Pile) -> Pile:
    """Two piles together."""
    return tuple([x + y for x, y in zip(a, b, strict=True)])  # type: ignore[return-value]


def minus(a: Pile, b: Pile) -> Pile:
    """``a`` without the cards of ``b`` (each count at least 0 if ``b`` lies in ``a``)."""
    return tuple([x - y for x, y in zip(a, b, strict=True)])  # type: ignore[return-value]


def points(pile: Pile) -> int:
    """The victory points of a pile."""
    return sum([c * v for c, v in zip(pile, VALUE, strict=True)])


def describe(pile: Pile) -> str:
    """``2 Nōfu, treasure 3``: a pile in words (``-`` if empty)."""
    parts = [(f"{n} {NAMES[k]}" if n > 1 else NAMES[k]) for k, n in enumerate(pile) if n]
    return ", ".join(parts) or "-"
