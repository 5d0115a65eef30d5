"""Exact sampling of the hidden draws: the fair shuffle conditioned on one seat's view.

The target (see :mod:`rulespec.mandala.resample`): every colour sequence of each epoch's
cards (the other seats' draws, and in the last epoch the cards still in the pile) is
equally likely, among those that let every seat hold the cards of each of its public
plays. Within an epoch the seats draw from the same cards but otherwise do not interact:
given how many cards of each colour each seat takes, their words are independent. So
:class:`Deal` draws, in order:

1. the seats' joint state at each reshuffle (:mod:`rulespec.mandala.chain`), with
   weights counted exactly, the last layer weighed by
2. the last epoch's end hands and pile (:mod:`rulespec.mandala.last_epoch`: exact counts, or
   an exact rejection step whose envelope is the last layer's weight; a refused draw
   starts again at 1),
3. the seats' hands at the end of each earlier epoch, given the joint states (by an
   exact rejection step, else enumerated: :meth:`~rulespec.mandala.chain.Chain.ends`), and
4. each seat's word of each epoch, uniformly between its hands
   (:mod:`rulespec.mandala.walks`).

Everything is counted once per history and seat; a draw then costs a few hundred
microseconds, most of it step 4, card by card.
"""

from __future__ import annotations

import random

from rulespec.mandala.chain import Chain
from rulespec.mandala.components import NUM_COLOURS
from rulespec.mandala.hidden import Timeline
from rulespec.mandala.last_epoch import Ending
from rulespec.mandala.walks import Walk


class Deal:
    """The exact sampler for one history and one seat: built once, drawn from often."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.walks = [Walk(timeline.events[s], timeline.epochs) for s in timeline.seats]
        last = timeline.last
        steps = [
            tuple(timeline.epochs[e][c] + timeline.changes[e][c] for c in range(NUM_COLOURS))
            for e in range(last + 1)
        ]
        self.chain = Chain(self.walks, steps, last)
        self.ending = Ending(self.walks, last, steps[last], timeline.remainder)
        joints = sorted(self.chain.layers[last])
        self.chain.weigh(self.ending.prepare(joints, self.chain.forward()))
        self.words = [
            (s, e, slots)
            for s, walk in enumerate(self.walks)
            for e in range(last + 1)
            if (slots := [slot for _, slot, _ in walk.events[slice(*walk.bounds[e])] if slot >= 0])
        ]
        """Per seat and epoch with hidden draws: the slots its word fills."""
        self.attempts = 0
        """Draws of the last epoch so far, refused ones included (for measurements)."""

    def sample(self, rng: random.Random) -> list[int]:
        """The colours of the timeline's slots, drawn exactly."""
        while True:
            self.attempts += 1
            path = self.chain.path(rng)
            ends = self.ending.draw(path[-1], rng)
            if ends is not None:
                break
        last = self.timeline.last
        hands = [self.chain.ends(e, path[e], path[e + 1], rng) for e in range(last)]
        hands.append(tuple(ends))
        colours = [0] * len(self.timeline.slots)
        for s, e, slots in self.words:
            word = self.walks[s].word(e, path[e][s], hands[e][s], rng)
            for slot, c in zip(slots, word, strict=True):
                colours[slot] = c
        return colours
