"""What The White Castle hides, and how :meth:`State.resample` redraws it, exactly.

Only the identity of the solo deck's top card is hidden, while it came from the shuffled
part (castle.solo.deck, ruling castle.info.decks); every other deal is public when made.
The deal that put it on top is redrawn uniformly among the cards then in the shuffled part
that show the same bridge side, which is the exact posterior: every card of the shuffled
part was equally likely and the bridge side is all the player saw of it. Nothing else
depends on which card it is until it is flipped (it is the latest card dealt from the
deck), so the state is the same with the two cards swapped. A state read from a position
swaps its top card the same way at the root.

With the book's cards this never changes anything: the nine solo cards show nine
different bridge sides, so the side tells the card (``tests/castle/test_secrecy.py``
checks both that and a deck with twins).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rulespec.castle.actions import Deal, Pile
from rulespec.castle.secrecy import bridge_side
from rulespec.castle.state import Solo, State
from rulespec.core import resample as core


def resample(state: State, player: int, rng: random.Random) -> State:
    """:meth:`State.resample`, the seat checked."""
    found: State = core.sample(state, player, rng, build)
    return found


def build(past: core.Past) -> core.Sampler:
    """The sampler: the deal of the current top card, if hidden, is redrawn among the
    cards of the same bridge side."""
    state: State = past.state
    solo = state.solo
    if solo is None or solo.top is None or solo.known:
        return _same
    for i in range(len(past.moves) - 1, -1, -1):
        a = past.moves[i][0]
        if type(a) is Deal and a.pile is Pile.SOLO:
            if a.item != solo.top:
                return _same
            before = past.states[i].solo
            assert before is not None
            return _swap(state, solo.top, _twins(state, before.hidden, solo.top), at=i)
    rs = past.root.solo
    if rs is None or rs.top != solo.top or rs.known:
        return _same
    return _swap(state, solo.top, _twins(state, (*rs.hidden, rs.top), rs.top), root=past.root)


def _same(rng: random.Random) -> core.Drawn:
    return core.SAME


def _twins(state: State, pool: Sequence[int], top: int) -> list[int]:
    """The cards of ``pool`` showing ``top``'s bridge side (``top`` among them)."""
    side = _side(state, top)
    return sorted({c for c in (*pool, top) if _side(state, c) == side})


def _swap(
    state: State, top: int, twins: list[int], *, at: int | None = None, root: State | None = None
) -> core.Sampler:
    """Draws among ``twins`` for the top card: dealt at history index ``at``, or lying on
    the deck at ``root``."""
    if len(twins) == 1:
        return _same

    def draw(rng: random.Random) -> core.Drawn:
        pick = twins[rng.randrange(len(twins))]
        if pick == top:
            return core.SAME
        solo = state.solo
        assert solo is not None
        final = state.but(solo=_swapped(solo, top, pick))
        if root is None:
            assert at is not None
            return core.Drawn({at: Deal(Pile.SOLO, pick)}, final)
        rs = root.solo
        assert rs is not None
        return core.Drawn({}, final, root.but(solo=_swapped(rs, top, pick)))

    return draw


def _swapped(solo: Solo, top: int, pick: int) -> Solo:
    """``solo`` with ``pick`` on top and ``top`` back in the shuffled part."""
    return solo.but(top=pick, hidden=tuple(sorted(c for c in (*solo.hidden, top) if c != pick)))


def _side(state: State, card: int) -> tuple[object, ...]:
    return bridge_side(state.game.data.solo[card])
