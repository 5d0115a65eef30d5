"""What Mandala hides from a seat, and how :meth:`State.resample` redraws it, exactly.

Hidden from seat ``p`` (ruling mandala.info.public, :mod:`rulespec.mandala.observation`):
the colours of the cards the other seats draw (in the deal and in step 2) and so their
hands, and the draw pile's composition. Everything else is public: plays, tiles, the
discard pile, hand and pile sizes.

The distribution sampled: the draw pile as a fair shuffle deals it, card by card,
conditioned on everything ``p`` has seen. The history is cut into *epochs*
(:mod:`rulespec.mandala.hidden`): the first starts with the full deck (or, for a history
from a position, with every card ``p`` cannot see at the root), each later one with the
discard pile, whose colours everyone saw, shuffled into a new draw pile when the old one
ran out. Every order of each epoch's cards among its draws and, in the last epoch, the
cards still in the pile is equally likely, ``p``'s own draws fixed (conditioned on),
among the orders that let every seat hold the cards of each of its public plays. The
other seats' plays are evidence only of feasibility: choices are not modelled.

:mod:`rulespec.mandala.deal` draws from exactly this distribution, by counting: every
proposal is a valid history and the first is accepted. The counting is done once per
history and seat (the samplers of the latest few are kept: :mod:`rulespec.core.resample`).
Only the other seats' hands and the draw pile's composition depend on the colours drawn,
so the drawn history's state is the state with those replaced: nothing is replayed.
Measured costs are in the docs' "Resampling" page.

A state without history (read from a position) has no past: the cards ``p`` cannot see
are dealt uniformly to the other hands and the draw pile (sizes as shown); it is the
same computation with one epoch and no plays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rulespec.core import resample as core
from rulespec.mandala.actions import DRAWS
from rulespec.mandala.components import COLOURS, NUM_COLOURS, Counts
from rulespec.mandala.deal import Deal
from rulespec.mandala.hidden import Timeline, unseen
from rulespec.mandala.state import State

__all__ = ["build", "cache_clear", "resample", "sampler", "unseen"]


def resample(state: State, player: int, rng: random.Random) -> State:
    """:meth:`State.resample`, the seat checked."""
    found: State = core.sample(state, player, rng, build)
    return found


def sampler(
    player: int, root: State, actions: Sequence[Any], states: Sequence[State] | None = None
) -> Deal:
    """The exact sampler for seat ``player`` of the history ``actions`` from ``root``
    (``states``: the history's states, if known), built afresh."""
    return Deal(Timeline(player, root, actions, states))


def cache_clear() -> None:
    """Forget the kept samplers (:func:`rulespec.core.resample.cache_clear`)."""
    core.cache_clear()


def build(past: core.Past) -> core.Sampler:
    """The sampler for ``past``: every draw is exact, and the drawn history's state is
    ``past.state`` with the other seats' hands and the draw pile redrawn."""
    deal = sampler(past.player, past.root, past.actions, past.states)
    timeline = deal.timeline
    state: State = past.state
    root: State = past.root
    player = past.player
    n = root.players
    slots = [(i, seat) for i, seat, _ in timeline.slots]
    original = timeline.original
    base = [list(h) for h in state.hands]
    """Each seat's hand at the end less the colours its hidden draws have now."""
    for (_, seat), c in zip(slots, original, strict=True):
        base[seat][c] -= 1
    at_root = any(i == core.ROOT for i, _ in slots)
    cards = unseen(root, player) if at_root else []

    def draw(rng: random.Random) -> core.Drawn:
        colours = deal.sample(rng)
        changes: dict[int, Any] = {}
        hands = [list(h) for h in base]
        dealt = [[0] * NUM_COLOURS for _ in range(n)]
        for (i, seat), c, was in zip(slots, colours, original, strict=True):
            hands[seat][c] += 1
            if i == core.ROOT:
                dealt[seat][c] += 1
            elif c != was:
                changes[i] = DRAWS[c]
        new_root = None
        if at_root:
            new_root = _dealt(root, player, dealt, cards)
            if new_root == root:
                new_root = None
        if not changes and new_root is None:
            return core.SAME
        deck = list(state.deck)
        for s in range(n):
            if s != player:
                for c in COLOURS:
                    deck[c] += state.hands[s][c] - hands[s][c]
        final = state.but(
            hands=tuple(state.hands[s] if s == player else _counts(hands[s]) for s in range(n)),
            deck=_counts(deck),
        )
        return core.Drawn(changes, final, new_root)

    return draw


def _dealt(root: State, player: int, dealt: list[list[int]], cards: list[int]) -> State:
    """``root`` with the other seats' hands ``dealt`` and the rest of what ``player``
    cannot see in the draw pile."""
    hands = tuple(root.hands[s] if s == player else _counts(dealt[s]) for s in range(root.players))
    deck = [cards[c] - sum(h[c] for s, h in enumerate(dealt) if s != player) for c in COLOURS]
    return root.but(hands=hands, deck=_counts(deck))


def _counts(values: Sequence[int]) -> Counts:
    return tuple(values)  # type: ignore[return-value]
