"""Who sees each White Castle action as it happens (for information states).

Every decision and deal is public except, in solo play, the deal of the solo deck's new
top card from its shuffled part: the player sees its bridge side, not which card it is
(castle.solo.deck); it becomes public when the card is flipped.
"""

from __future__ import annotations

from typing import Any

from rulespec.castle.actions import Action, Deal, Pile
from rulespec.castle.components import SoloCard
from rulespec.castle.state import State
from rulespec.core.api import Information


def seen_by(before: State, action: Action) -> frozenset[int] | None:
    """The seats that see ``action`` applied at ``before``; ``None``: every seat."""
    if type(action) is Deal and action.pile is Pile.SOLO:
        return frozenset()
    return None


def reveals(before: State, after: State) -> bool:
    """Whether this step shows everyone what they could not see: when a top card is
    flipped (it then lies face up in the row)."""
    b, a = before.solo, after.solo
    return b is not None and a is not None and b.top is not None and a.top != b.top


def information(game: Any) -> Information:
    """What the variant hides (castle.info.decks): with 2-4 players nothing (every deal
    is drawn when made and seen by all), so perfect; in solo play only the identity of
    the solo deck's top card, of which the bridge side is public, so imperfect only if
    two solo cards of the component data show the same bridge side. The book's nine
    show nine different sides: resampling there never changes anything, the rival's
    deck included (it is drawn when needed, never ordered in advance)."""
    if game.players > 1:
        return Information.PERFECT
    sides = [bridge_side(c) for c in game.data.solo]
    return Information.IMPERFECT if len(set(sides)) < len(sides) else Information.PERFECT


def bridge_side(card: SoloCard) -> tuple[object, ...]:
    """What the player sees of a solo card lying face down on the deck: its bridge side
    (the die's bridge colour and slot, the target field)."""
    return (card.colour, card.slot, card.target)
