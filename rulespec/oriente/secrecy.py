"""Who sees each Oriente action as it happens (for information states).

A resident drawn face down (setup, after a lost fight, after an assassination) is seen by
the seat that draws it alone; a bonus card is drawn face down and seen by nobody. Every
other action and chance outcome is public (ruling oriente.info.public). A card hidden so
far shows itself later in the views (a revealed resident, a bonus card taken), never by
replaying the draw.
"""

from __future__ import annotations

from typing import Any

from rulespec.core.api import Information
from rulespec.oriente.actions import Action
from rulespec.oriente.state import Phase, State

NOBODY: frozenset[int] = frozenset()


def seen_by(before: State, action: Action) -> frozenset[int] | None:
    """The seats that see ``action`` applied at ``before``; ``None``: every seat."""
    phase = before.phase
    if phase is Phase.RESIDENTS or phase is Phase.REDRAW:
        return frozenset((before.seat,))
    if phase is Phase.BONUS:
        return NOBODY
    return None


def reveals(before: State, after: State) -> bool:
    """Whether this step shows everyone every action hidden so far: never (reveals are
    partial and show in the views)."""
    return False


def information(game: Any) -> Information:
    """Imperfect in every variant: each seat's residents are drawn face down
    (oriente.info.public), so another seat cannot tell which it holds."""
    return Information.IMPERFECT
