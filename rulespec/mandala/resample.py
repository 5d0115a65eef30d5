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
history and seat (the last ``CACHE_SIZE`` are kept); a further draw costs
milliseconds, mostly the replay that checks it. Measured costs are in the docs'
"Resampling" page.

A state without history (read from a position) has no past: the cards ``p`` cannot see
are dealt uniformly to the other hands and the draw pile (sizes as shown); it is the
same computation with one epoch and no plays.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.core import resample as core
from rulespec.mandala.actions import DRAWS
from rulespec.mandala.components import COLOURS, NUM_COLOURS, Counts
from rulespec.mandala.deal import Deal
from rulespec.mandala.hidden import Timeline, unseen
from rulespec.mandala.state import State

__all__ = ["cache_clear", "plan", "resample", "sampler", "unseen"]

CACHE_SIZE = 4
"""Samplers kept, for the most recent (history, seat) pairs: information-set search asks
for many samples of one state, and the counting is done once for all of them. (A sampler
late in a 4-player game holds up to a few tens of megabytes of counts.)"""

_cache: OrderedDict[tuple[int, State, tuple[Any, ...]], Deal] = OrderedDict()


def resample(state: State, player: int, rng: random.Random) -> State:
    """:meth:`State.resample`, the seat checked."""
    found: State = core.resample(state, player, rng, plan)
    return found


def sampler(player: int, root: State, actions: Sequence[Any]) -> Deal:
    """The exact sampler for seat ``player`` of the history ``actions`` from ``root``
    (cached: the last ``CACHE_SIZE`` are kept)."""
    key = (player, root, tuple(actions))
    found = _cache.get(key)
    if found is None:
        found = Deal(Timeline(player, root, actions))
        _cache[key] = found
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return found


def cache_clear() -> None:
    """Forget the kept samplers."""
    _cache.clear()


def plan(state: State, player: int, root: State, actions: Sequence[Any]) -> core.Proposer:
    """The proposer for ``state``'s history from ``root``: every proposal is an exact
    draw, so the first one is accepted."""
    deal = sampler(player, root, actions)
    timeline = deal.timeline

    def propose(rng: random.Random) -> Mapping[int, core.Replacement] | None:
        colours = deal.sample(rng)
        out: dict[int, core.Replacement] = {}
        hands = [[0] * NUM_COLOURS for _ in range(root.players)]
        for (i, seat, _), c, was in zip(timeline.slots, colours, timeline.original, strict=True):
            if i == core.ROOT:
                hands[seat][c] += 1
            elif c != was:
                out[i] = DRAWS[c]
        if any(map(any, hands)):
            new_hands = tuple(
                root.hands[s] if s == player else _counts(hands[s]) for s in range(root.players)
            )
            cards = unseen(root, player)
            deck = [
                cards[c] - sum(h[c] for s, h in enumerate(hands) if s != player) for c in COLOURS
            ]
            new_root = root.but(hands=new_hands, deck=_counts(deck))
            if new_root != root:
                out[core.ROOT] = new_root
        return out

    return propose


def _counts(values: Sequence[int]) -> Counts:
    return tuple(values)  # type: ignore[return-value]
