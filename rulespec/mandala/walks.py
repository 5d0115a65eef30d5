"""One other seat's part of a history, and the colour words its hidden draws can carry.

A seat's hidden draws get one colour each; a *word* is such an assignment for the draws of
one epoch. A word is feasible if the seat holds the cards of each public play when it
makes it. :class:`Walk` counts the feasible words of an epoch from a given hand to every
end hand (each word counts once: the fair shuffle makes every colour sequence of an
epoch's cards equally likely) and draws one uniformly between two hands.

Hands are packed into one int, seven bits per colour (:func:`pack`): adding a card is an
addition, and "holds at least" is one subtraction with a guard bit per colour
(:func:`covers`). Counts stay below 64: a colour has 15 cards, and the sums formed (at
most three seats' hands and an epoch's cards) stay below 64.

Hands here are *relative*. Cards of a colour beyond all the seat will still play of it
(net of cards it takes back, up to any later moment: the *cap*) never matter to it again;
the resampler sets them aside at each reshuffle (:mod:`rulespec.mandala.chain`) and keeps
only their total. Feasibility needs only the relative hand: a seat that set cards of a
colour aside still holds at least its cap of that colour, so it passes every later check
of that colour either way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rulespec.mandala.components import NUM_COLOURS
from rulespec.mandala.hidden import Event, Vector

BITS = 7
"""Bits per colour in a packed hand: six for the count, one guard bit."""
ONE: tuple[int, ...] = tuple(1 << (BITS * c) for c in range(NUM_COLOURS))
"""``ONE[c]``: a packed hand of one card of colour ``c``."""
GUARD = sum(64 << (BITS * c) for c in range(NUM_COLOURS))
"""The guard bits: with them set, subtracting a packed hand clears a colour's guard bit
exactly when that colour's count goes below 0, and never borrows from the next colour."""
FIELD = (1 << BITS) - 1
COLOUR_OF: dict[int, int] = {one: c for c, one in enumerate(ONE)}
"""The colour of a packed single card."""


def pack(counts: Sequence[int]) -> int:
    """Six counts (each 0 to 63) as one int."""
    out = 0
    for c, n in enumerate(counts):
        out |= n << (BITS * c)
    return out


def unpack(packed: int) -> Vector:
    """The six counts of a packed hand."""
    return tuple((packed >> (BITS * c)) & FIELD for c in range(NUM_COLOURS))


def covers(a: int, b: int) -> bool:
    """True if ``a`` holds at least ``b`` of every colour."""
    return ((a | GUARD) - b) & GUARD == GUARD


def remainder(target: int, combo: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """What is left of the packed ``target`` once the hands of ``combo`` ((hand, count)
    pairs) are taken from it, with the product of their counts; ``None`` as soon as some
    colour goes negative (a guard bit is borrowed)."""
    rest = target | GUARD
    weight = 1
    for hand, w in combo:
        rest -= hand
        if rest & GUARD != GUARD:
            return None
        weight *= w
    return rest - GUARD, weight


def minimum(a: int, b: int) -> int:
    """Colour by colour, the smaller count."""
    mask = ((((a | GUARD) - b) & GUARD) >> (BITS - 1)) * FIELD
    return (b & mask) | (a & ~mask)


Row = dict[int, int]
"""Packed hand -> number of feasible words that lead to it."""


class Walk:
    """One seat's events (:data:`~rulespec.mandala.hidden.Event`), and the counting of
    its feasible words, epoch by epoch."""

    def __init__(self, events: Sequence[Event], epochs: Sequence[Sequence[int]]) -> None:
        self.events = list(events)
        n = len(self.events)
        self.moves: list[tuple[int, ...]] = []
        """Per event: the packed single cards a draw may bring (the colours its epoch
        has), or the packed (added, removed) cards of a public change."""
        for epoch, slot, change in self.events:
            if slot >= 0:
                self.moves.append(tuple(ONE[c] for c in range(NUM_COLOURS) if epochs[epoch][c]))
            else:
                self.moves.append(
                    (pack([max(x, 0) for x in change]), pack([max(-x, 0) for x in change]))
                )
        self.caps = [0] * (n + 1)
        """``caps[i]``: after ``i`` events, per colour the most cards of it the seat will
        play net from then on, up to any later moment; more are never needed."""
        self.floors = [0] * (n + 1)
        """``floors[i]``: after ``i`` events, per colour the fewest cards of it that let
        the later plays pass even if every later draw brought that colour."""
        cap = [0] * NUM_COLOURS
        floor = [0] * NUM_COLOURS
        for i in range(n - 1, -1, -1):
            _, slot, change = self.events[i]
            if slot < 0:
                cap = [max(0, cap[c] - change[c]) for c in range(NUM_COLOURS)]
                floor = [max(0, floor[c] - change[c]) for c in range(NUM_COLOURS)]
            else:
                floor = [max(0, f - 1) for f in floor]
            self.caps[i] = pack(cap)
            self.floors[i] = pack(floor)
        self.bounds: list[tuple[int, int]] = []
        """Per epoch, the range of the seat's event indices that belong to it."""
        i = 0
        for e in range(len(epochs)):
            lo = i
            while i < n and self.events[i][0] == e:
                i += 1
            self.bounds.append((lo, i))
        self.needs: list[int] = []
        """Per epoch, per colour the most cards of it the seat plays net within the epoch,
        from its start up to any moment of it: more change no word of the epoch."""
        self.within: list[list[int]] = []
        """Per epoch, the floors of the epoch's own plays, before and after each of its
        events (they hold for every start that counts the same words)."""
        for lo, hi in self.bounds:
            net = [0] * NUM_COLOURS
            most = [0] * NUM_COLOURS
            floor = [0] * NUM_COLOURS
            floors = [0]
            for _, slot, change in self.events[lo:hi]:
                if slot < 0:
                    for c in range(NUM_COLOURS):
                        net[c] -= change[c]
                        most[c] = max(most[c], net[c])
            for _, slot, change in reversed(self.events[lo:hi]):
                if slot < 0:
                    floor = [max(0, floor[c] - change[c]) for c in range(NUM_COLOURS)]
                else:
                    floor = [max(0, f - 1) for f in floor]
                floors.append(pack(floor))
            floors.reverse()
            self.needs.append(pack(most))
            self.within.append(floors)
        self._rows: dict[tuple[int, int], Row] = {}
        self._layers_memo: dict[tuple[int, int], list[Row]] = {}
        self._steps: dict[tuple[int, int], list[dict[int, tuple[list[int], list[int], int]]]]
        self._steps = {}
        """Per (epoch, class base), per event of the epoch: per hand after it, the colours
        a draw may have had, with running totals of the words leading there (for
        :meth:`word`)."""
        back = [
            None if slot >= 0 else move[1] - move[0]
            for (_, slot, _), move in zip(self.events, self.moves, strict=True)
        ]
        self._backwards: list[list[tuple[int, int | None]]] = [
            [(i - lo, back[i]) for i in range(hi - 1, lo - 1, -1)] for lo, hi in self.bounds
        ]
        """Per epoch, its events last first: (index within the epoch, ``None`` for a draw,
        or for a public change what undoes it: the packed cards removed less those added)."""
        self._alive: dict[tuple[int, int], bool] = {}

    def cap_after(self, epoch: int) -> int:
        """The caps once the seat's events of ``epoch`` are done."""
        return self.caps[self.bounds[epoch][1]]

    def alive(self, i: int, hand: int) -> bool:
        """Whether a seat holding ``hand`` after ``i`` events can still make all its later
        plays with some colours for its later draws: a depth-first search over capped
        hands (they decide it), memoised."""
        memo = self._alive
        start = (i, minimum(hand, self.caps[i]))
        found = memo.get(start)
        if found is not None:
            return found
        n = len(self.events)
        stack: list[tuple[int, int, list[int]]] = []  # (index, hand, successors to try)
        j, h = start
        while True:
            result: bool | None = memo.get((j, h))
            todo: list[int] = []
            if result is not None:
                pass
            elif j == n:
                result = True
            elif not covers(h, self.floors[j]):
                result = False
            else:
                cap = self.caps[j + 1]
                move = self.moves[j]
                if self.events[j][1] >= 0:
                    nexts = [minimum(h + one, cap) for one in move]
                else:
                    added, removed = move
                    left = (h | GUARD) - removed
                    nexts = [minimum(left - GUARD + added, cap)] if left & GUARD == GUARD else []
                for x in nexts:
                    known = memo.get((j + 1, x))
                    if known:
                        result = True
                        break
                    if known is None:
                        todo.append(x)
                if result is None and not todo:
                    result = False
            if result is None:
                stack.append((j, h, todo))
                j, h = j + 1, todo.pop()
                continue
            memo[(j, h)] = result
            # unwind: a success answers the parent; a failure moves it to its next successor
            while stack:
                pj, ph, rest = stack[-1]
                if not result:
                    rest[:] = [x for x in rest if memo.get((pj + 1, x)) is not False]
                    result = any(memo.get((pj + 1, x)) for x in rest)
                    if not result and rest:
                        j, h = pj + 1, rest.pop()
                        break
                memo[(pj, ph)] = result
                stack.pop()
            else:
                return memo[start]

    def row(self, epoch: int, start: int) -> Row:
        """Every hand the seat can end ``epoch`` with, starting it with ``start``, and the
        number of feasible words leading there; only hands from which its later plays
        stay possible are kept (memoised)."""
        key = (epoch, start)
        found = self._rows.get(key)
        if found is None:
            base, shift = self._class(epoch, start)
            end = self.bounds[epoch][1]
            found = {}
            for h, w in self._layers(epoch, base)[-1].items():
                if self.alive(end, h + shift):
                    found[h + shift] = w
            self._rows[key] = found
        return found

    def _class(self, epoch: int, start: int) -> tuple[int, int]:
        """``start`` as the smallest hand with the same feasible words of ``epoch``
        (counts above the epoch's own needs change none), and the rest of it."""
        base = minimum(start, self.needs[epoch])
        return base, start - base

    def _layers(self, epoch: int, base: int) -> list[Row]:
        """The counts after each event of ``epoch`` from ``base`` (the first layer),
        pruned by the epoch's own plays only, so that they serve every start of the
        class (memoised)."""
        key = (epoch, base)
        found = self._layers_memo.get(key)
        if found is not None:
            return found
        lo, hi = self.bounds[epoch]
        floors = self.within[epoch]
        current: Row = {base: 1} if covers(base, floors[0]) else {}
        layers = [current]
        for i in range(lo, hi):
            floor = floors[i + 1 - lo]
            new: Row = {}
            get = new.get
            move = self.moves[i]
            if self.events[i][1] >= 0:
                for hand, w in current.items():
                    for one in move:
                        nxt = hand + one
                        if ((nxt | GUARD) - floor) & GUARD == GUARD:
                            new[nxt] = get(nxt, 0) + w
            else:
                added, removed = move
                for hand, w in current.items():
                    left = (hand | GUARD) - removed
                    if left & GUARD == GUARD:
                        nxt = left - GUARD + added
                        if ((nxt | GUARD) - floor) & GUARD == GUARD:
                            new[nxt] = get(nxt, 0) + w
            current = new
            layers.append(current)
        self._layers_memo[key] = layers
        return layers

    def word(self, epoch: int, start: int, end: int, rng: random.Random) -> list[int]:
        """A feasible word of ``epoch`` from ``start`` to ``end``, uniformly at random:
        the colours of the seat's draws of that epoch, in order. Drawn backwards, each
        draw's colour in proportion to the words that lead to the hand before it; the
        options at each (draw, hand) are worked out once."""
        base, shift = self._class(epoch, start)
        key = (epoch, base)
        steps = self._steps.get(key)
        if steps is None:
            lo, hi = self.bounds[epoch]
            steps = self._steps[key] = [{} for _ in range(hi - lo)]
        hand = end - shift
        colours: list[int] = []
        getrandbits = rng.getrandbits
        for k, back in self._backwards[epoch]:
            if back is not None:
                hand += back
                continue
            known = steps[k]
            found = known.get(hand)
            if found is None:
                found = known[hand] = self._options(epoch, base, k, hand)
            totals, choices, bits = found
            if bits:
                total = totals[-1]
                r = getrandbits(bits)  # uniform below ``total``, as ``randrange`` draws it
                while r >= total:
                    r = getrandbits(bits)
                j = 0
                while totals[j] <= r:
                    j += 1
                c = choices[j]
            else:
                c = choices[0]
            colours.append(c)
            hand -= ONE[c]
        if hand != base:
            raise AssertionError("a word must lead back to its start")
        colours.reverse()
        return colours

    def _options(
        self, epoch: int, base: int, k: int, hand: int
    ) -> tuple[list[int], list[int], int]:
        """The colours the ``k``-th event of ``epoch`` (a draw) may have brought to reach
        ``hand``, with running totals of the words (from ``base``) leading to the hand
        before it, and the bits a draw among them needs (0: only one)."""
        before = self._layers(epoch, base)[k]
        move = self.moves[self.bounds[epoch][0] + k]
        guarded = hand | GUARD
        totals: list[int] = []
        choices: list[int] = []
        total = 0
        for one in move:  # the epoch's colours, in colour order
            if (guarded - one) & GUARD == GUARD and (w := before.get(hand - one, 0)):
                total += w
                totals.append(total)
                choices.append(COLOUR_OF[one])
        return totals, choices, total.bit_length() if len(choices) > 1 else 0
