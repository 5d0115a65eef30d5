"""Who sees each White Lotus action as it happens (for information states).

The secret commitments (conflict bids, rebellion sides, combat commitments) are seen by the
seat that makes them until they are revealed together (ruling lotus.info.hidden): a
conflict round's bids and a rebellion's sides and combat when the reveal is made (a new
``last``), and the sides already when combat begins if the ``side_reveal`` option says so.
Every other decision and every chip drawn is public (the chip drawn is in view before it is
placed).
"""

from __future__ import annotations

from typing import Any

from rulespec.core.api import Information
from rulespec.lotus.actions import Action, Bid, ChooseSide, CommitCombat
from rulespec.lotus.state import Phase, State
from rulespec.lotus.variant import SideReveal

_SECRET = (Bid, ChooseSide, CommitCombat)


def seen_by(before: State, action: Action) -> frozenset[int] | None:
    """The seats that see ``action`` applied at ``before``; ``None``: every seat."""
    if isinstance(action, _SECRET):
        actor = before.current_player
        assert isinstance(actor, int)
        return frozenset((actor,))
    return None


def reveals(before: State, after: State) -> bool:
    """Whether this step shows everyone every commitment made so far."""
    if after.last is not None and after.last is not before.last:
        return True
    early = after.game.side_reveal is SideReveal.BEFORE_COMBAT
    return early and before.phase is Phase.SIDE and after.phase is Phase.COMBAT


def information(game: Any) -> Information:
    """Imperfect in every variant: conflict bids are committed in secret until the reveal
    (lotus.info.hidden)."""
    return Information.IMPERFECT
