"""Who sees each Mandala action as it happens (for information states).

Every decision and every tile is public. A card drawn, at the deal or in step 2, is seen by
the seat that draws it and by nobody else, ever: the other seats see only that a card was
drawn (ruling mandala.info.public). No later step reveals which card it was.
"""

from __future__ import annotations

from typing import Any

from rulespec.core.api import Information
from rulespec.mandala.actions import Action, DrawCard
from rulespec.mandala.state import State


def seen_by(before: State, action: Action) -> frozenset[int] | None:
    """The seats that see ``action`` applied at ``before``; ``None``: every seat."""
    if type(action) is DrawCard:
        return frozenset((before.seat,))
    return None


def reveals(before: State, after: State) -> bool:
    """Whether this step shows everyone the actions they could not see so far: never."""
    return False


def information(game: Any) -> Information:
    """Imperfect in every variant: every seat holds a hand the others never see
    (mandala.info.public)."""
    return Information.IMPERFECT
