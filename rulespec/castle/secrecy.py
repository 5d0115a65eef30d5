"""Who sees each White Castle action as it happens (for information states).

Every decision and deal is public except, in solo play, the deal of the solo deck's new
top card from its shuffled part: the player sees its bridge side, not which card it is
(castle.solo.deck); it becomes public when the card is flipped.
"""

from __future__ import annotations

from rulespec.castle.actions import Action, Deal, Pile
from rulespec.castle.state import State


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
