"""Drawing from the deck: exact odds without a hidden order.

The deck of oriente.setup.deck is three shuffled segments: the top 32 cards (28 ordinary
cards with the Shōgun and the three Ninjas), the middle five (four ordinary cards and the
Geisha) and the bottom four (ordinary cards), then whatever was put under it since. Within
the original deck the ordinary cards are spread uniformly over every ordinary place, so the
next card's odds depend only on what is left: from the top segment a special card of kind
``k`` comes with probability ``pool[k] / top`` and an ordinary card ``c`` with
``(top - specials) / top * pool[c] / ordinary``; from the middle segment the Geisha with
``1 / middle``. A pile put under the deck is drawn uniformly (oriente.fight.under_order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulespec.oriente.components import CARDS, KINDS, Card, Pile, add

if TYPE_CHECKING:
    from rulespec.oriente.state import Deck

_SPECIAL = frozenset((Card.SHOGUN, Card.NINJA))
_SHOGUN, _NINJA, _GEISHA = Card.SHOGUN, Card.NINJA, Card.GEISHA


def weights(deck: Deck) -> tuple[int, ...]:
    """The whole-number weight of each card kind being the next card of the deck."""
    pool = deck.pool
    if deck.top:
        specials = pool[_SHOGUN] + pool[_NINJA]
        ordinary = sum(pool) - specials - pool[_GEISHA]
        if not ordinary:
            return tuple([pool[k] if k in _SPECIAL else 0 for k in CARDS])
        rest = deck.top - specials
        return tuple(
            [
                pool[k] * ordinary if k in _SPECIAL else 0 if k is _GEISHA else rest * pool[k]
                for k in CARDS
            ]
        )
    if deck.middle:
        geisha = pool[_GEISHA]
        ordinary = sum(pool) - geisha
        if not ordinary:
            return tuple([1 if k is _GEISHA else 0 for k in CARDS])
        rest = deck.middle - geisha
        return tuple([geisha * ordinary if k is _GEISHA else rest * pool[k] for k in CARDS])
    if deck.bottom:
        return pool
    if deck.under:
        return deck.under[0]
    return (0,) * KINDS


def take(deck: Deck, card: int) -> Deck:
    """The deck after its next card came out as ``card`` (which :func:`weights` allows)."""
    if deck.top:
        return deck.but(pool=add(deck.pool, card, -1), top=deck.top - 1)
    if deck.middle:
        return deck.but(pool=add(deck.pool, card, -1), middle=deck.middle - 1)
    if deck.bottom:
        return deck.but(pool=add(deck.pool, card, -1), bottom=deck.bottom - 1)
    first = add(deck.under[0], card, -1)
    rest = deck.under[1:]
    return deck.but(under=(first, *rest) if any(first) else rest)


def put_under(deck: Deck, cards: Pile) -> Deck:
    """The deck with ``cards`` put under it together (nothing if empty)."""
    if not any(cards):
        return deck
    return deck.but(under=(*deck.under, cards))


def segment(deck: Deck) -> str:
    """Where the next card comes from: ``top``, ``middle``, ``bottom``, ``under`` or
    ``empty`` (public: the segment sizes are)."""
    if deck.top:
        return "top"
    if deck.middle:
        return "middle"
    if deck.bottom:
        return "bottom"
    return "under" if deck.under else "empty"
