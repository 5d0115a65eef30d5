"""What The White Castle hides, and how :meth:`State.resample` redraws it, exactly.

Only the identity of the solo deck's top card is hidden, while it came from the shuffled
part (castle.solo.deck, ruling castle.info.decks); every other deal is public when made.
The deal that put it on top is redrawn uniformly among the cards then in the shuffled part
that show the same bridge side (the core replay keeps only candidates that leave the
player's view unchanged), which is the exact posterior: every card of the shuffled part
was equally likely and the bridge side is all the player saw of it. A state read from a
position swaps its top card the same way at the root.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.castle.actions import Deal, Pile
from rulespec.castle.state import State
from rulespec.core import resample as core


def resample(state: State, player: int, rng: random.Random) -> State:
    """:meth:`State.resample`, the seat checked."""
    found: State = core.resample(state, player, rng, plan)
    return found


def _candidates(before: Any) -> Sequence[Deal]:
    solo = before.solo
    assert solo is not None
    return [Deal(Pile.SOLO, c) for c in solo.hidden]


def plan(state: State, player: int, root: State, actions: Sequence[Any]) -> core.Proposer:
    """The proposer: the deal of the current top card, if hidden, is redrawn."""
    solo = state.solo
    hidden: dict[int, core.Replacement] = {}
    if solo is not None and solo.top is not None and not solo.known:
        for i in range(len(actions) - 1, -1, -1):
            a = actions[i]
            if type(a) is Deal and a.pile is Pile.SOLO:
                if a.item == solo.top:
                    hidden[i] = core.Choices(_candidates)
                break
        else:
            return _root_proposer(root, solo.top)

    def propose(rng: random.Random) -> Mapping[int, core.Replacement]:
        return hidden

    return propose


def _root_proposer(root: State, top: int) -> core.Proposer:
    """For a top card already on the deck at the root: another card of the shuffled part
    with the same bridge side."""
    rs = root.solo
    if rs is None or rs.top != top or rs.known:
        return lambda rng: {}
    pool = (*rs.hidden, rs.top)
    side = _side(root, rs.top)
    same = [c for c in pool if _side(root, c) == side]

    def propose(rng: random.Random) -> Mapping[int, core.Replacement]:
        pick = same[rng.randrange(len(same))]
        if pick == rs.top:
            return {}
        rest = tuple(sorted(c for c in pool if c != pick))
        return {core.ROOT: root.but(solo=rs.but(top=pick, hidden=rest))}

    return propose


def _side(state: State, card: int) -> tuple[object, ...]:
    c = state.game.data.solo[card]
    return (c.colour, c.slot, c.target)
