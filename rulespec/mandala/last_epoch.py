"""The last epoch: the other seats' end hands and the cards still in the pile.

The last epoch's cards are not all drawn: the pile keeps ``R`` of them, and a pile of
colours ``b`` can lie in ``R! / prod(b_c!)`` orders, all equally likely under the fair
shuffle. Given the seats' relative hands at the last reshuffle (a joint state of
:mod:`rulespec.mandala.chain`; at the root when there was none), the weight of the seats'
end hands ``y`` is the product of their numbers of feasible words times the orders of the
pile they leave, ``base + sum(start) - sum(y)``. This couples the seats softly.

:class:`Ending` draws the end hands exactly, in one of two ways:

- *Counting*, when it takes at most :data:`EXACT_WORK` operations: the end hands of all
  seats but one are enumerated together, and for what they leave the last seat and the
  pile are summed (directly, or from a table built by adding the pile's cards one at a
  time). Every joint state at the last reshuffle gets its exact weight.
- *Rejection* otherwise: all seats but one draw their end hands from their own counts,
  tilted by a weight per colour, ``theta``; the remaining seat and the pile are drawn
  exactly given the others; the draw is kept with probability ``S theta^v / K``, where
  ``v`` is what the others leave, ``S`` the remaining seat's and the pile's weight for it
  and ``K`` a bound on ``S theta^v`` over all ``v``. Each joint state's weight is its
  envelope (the tilted counts times the bound), so the path through the reshuffles is
  drawn from the same envelope and the rejection makes the whole draw exact.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

from rulespec.mandala.chain import Joint, pick, running, total
from rulespec.mandala.components import NUM_COLOURS
from rulespec.mandala.hidden import Vector
from rulespec.mandala.walks import GUARD, ONE, Row, Walk, pack, remainder, unpack

EXACT_WORK = 300_000
"""Operations counting may take before the rejection step is used instead."""
ABSORBED_KEPT = 20_000
"""The counted draws of the last seat's end hand kept (each a list of its end hands)."""
PSEUDO = 2.0
"""Cards added to each colour's expected count in the final pile when the rejection
step's tilt is set: it keeps the tilt from going to extremes."""


Scheme = tuple[bool, list[int], list[int] | dict[int, int]]
"""How the rejection step draws the last seat's end hand from one start (``Ending._bound``):
by its tilted counts (``True``, running totals, end hands), or from a pile drawn card by
card (``False``, ``[largest tilted count]``, end hand -> tilted count)."""


def _power(theta: Sequence[int], counts: Sequence[int]) -> int:
    out = 1
    for t, n in zip(theta, counts, strict=True):
        out *= t**n
    return out


class Ending:
    """The last epoch, drawn given the joint state at its start."""

    def __init__(self, walks: Sequence[Walk], epoch: int, base: Vector, pile: int) -> None:
        self.walks = walks
        self.epoch = epoch
        self.base = base
        """The pile at the end is ``base`` plus the seats' start hands less their end
        hands (relative hands)."""
        self.pile = pile
        self.fact = [math.factorial(k) for k in range(pile + 1)]
        self.counted = True
        """Whether the weights are exact counts (else the rejection step is used)."""
        self._piles: dict[int, int] = {}
        self._absorbed: dict[tuple[int, int], tuple[list[int], list[int]]] = {}
        """Counted: per (last seat's start, what the others left) the last seat's end
        hands with running totals of their weights (the first :data:`ABSORBED_KEPT`)."""

    def pile_weight(self, pile: int) -> int:
        """``R! / prod(b_c!)``, the orders of the packed pile ``b`` of ``R`` cards."""
        found = self._piles.get(pile)
        if found is None:
            found = self.fact[self.pile]
            for n in unpack(pile):
                found //= self.fact[n]
            self._piles[pile] = found
        return found

    def prepare(self, joints: Sequence[Joint], shares: dict[Joint, int]) -> dict[Joint, int]:
        """Set up for the given joint states (``shares``, their forward weights, only aim
        the rejection step) and return each one's weight."""
        m = len(self.walks)
        starts = [{j[s] for j in joints} for s in range(m)]
        self.rows = [{h: self.walks[s].row(self.epoch, h) for h in starts[s]} for s in range(m)]
        # the seat drawn given the others: the one with the most end hands
        self.last = max(
            range(m), key=lambda s: sum(map(len, self.rows[s].values())) / len(starts[s])
        )
        self.others = [s for s in range(m) if s != self.last]
        self.counted = self._count(joints)
        if self.counted:
            return self.counts
        return self._envelope(joints, shares)

    # --- counting ---------------------------------------------------------------------

    def _count(self, joints: Sequence[Joint]) -> bool:
        """Every joint state's exact weight, unless that would take more than
        :data:`EXACT_WORK` operations (then False)."""
        combos = 0
        for j in joints:
            n = 1
            for s in self.others:
                n *= len(self.rows[s][j[s]])
            combos += n
        starts = {j[self.last] for j in joints}
        size = max(len(self.rows[self.last][h]) for h in starts)
        direct = combos * size
        folded = len(starts) * size * math.comb(self.pile + NUM_COLOURS - 1, NUM_COLOURS - 1)
        if combos + min(direct, folded) > EXACT_WORK:
            return False
        tables: dict[int, dict[int, int]] = {}
        if folded < direct:
            top = [max(0, *(total(self.base, j)[c] for j in joints)) for c in range(NUM_COLOURS)]
            for h in starts:
                tables[h] = self._fold(self.rows[self.last][h], top)
        self.counts: dict[Joint, int] = {}
        self.choices: dict[Joint, tuple[list[int], list[tuple[int, ...]]]] = {}
        for j in joints:
            left = total(self.base, j)
            if min(left) < 0:
                continue
            h = j[self.last]
            table = tables.get(h)
            options: list[tuple[int, tuple[int, ...]]] = []
            rows = [self.rows[s][j[s]].items() for s in self.others]
            packed = pack(left)
            for combo in itertools.product(*rows):
                remaining = remainder(packed, combo)
                if remaining is None:
                    continue
                rest, weight = remaining
                if table is None:
                    found = sum(w for w, _ in self.absorbed(h, rest))
                else:
                    found = table.get(rest, 0)
                if found:
                    options.append((weight * found, tuple(hand for hand, _ in combo)))
            if options:
                self.counts[j] = sum(w for w, _ in options)
                self.choices[j] = (running([w for w, _ in options]), [o for _, o in options])
        return True

    def _fold(self, row: Row, top: Sequence[int]) -> dict[int, int]:
        """The last seat's end hands together with the pile: for each packed total ``v``
        (within ``top``), the sum over end hands ``y`` of their counts times the orders
        of the pile ``v - y``. Adding the pile's cards one at a time counts each order
        once."""
        current = dict(row)
        limit = pack(top) | GUARD
        for _ in range(self.pile):
            new: dict[int, int] = {}
            get = new.get
            for hand, w in current.items():
                for one in ONE:
                    nxt = hand + one
                    if (limit - nxt) & GUARD == GUARD:
                        new[nxt] = get(nxt, 0) + w
            current = new
        return current

    def absorbed(self, start: int, left: int) -> list[tuple[int, int]]:
        """The last seat's end hands ``y`` from ``start``, each with its count times the
        orders of the pile ``left - y`` (packed)."""
        out = []
        top = left | GUARD
        weight = self.pile_weight
        for end, w in self.rows[self.last][start].items():
            rest = top - end
            if rest & GUARD == GUARD:
                out.append((w * weight(rest - GUARD), end))
        return out

    # --- the rejection step -----------------------------------------------------------

    def _envelope(self, joints: Sequence[Joint], shares: dict[Joint, int]) -> dict[Joint, int]:
        """Set up the rejection step and return each joint state's envelope weight:
        ``prod(tilted counts of the others) * K(last seat) * theta^(offset - start)``
        (the offsets, per seat the largest start, keep the powers whole)."""
        theta = self.theta = self._tilt(shares)
        self.odds = running(theta)
        """Running totals of ``theta``: a pile's cards drawn one by one with its odds."""
        self.tilted: dict[tuple[int, int], tuple[list[int], list[int], int]] = {}
        for s in self.others:
            for h, row in self.rows[s].items():
                items = [(w * _power(theta, unpack(end)), end) for end, w in row.items()]
                self.tilted[(s, h)] = (
                    running([w for w, _ in items]),
                    [end for _, end in items],
                    sum(w for w, _ in items),
                )
        starts = {j[self.last] for j in joints}
        self.best = self._best_pile()
        self.schemes: dict[int, Scheme] = {}
        self.bounds = {}
        for h in starts:
            self.bounds[h], self.schemes[h] = self._bound(self.rows[self.last][h])
        m = len(self.walks)
        offsets = [
            [max(unpack(j[s])[c] for j in joints) for c in range(NUM_COLOURS)] for s in range(m)
        ]
        weights: dict[Joint, int] = {}
        for j in joints:
            w = 1
            for s, h in enumerate(j):
                lift = _power(theta, [o - x for o, x in zip(offsets[s], unpack(h), strict=True)])
                w *= lift * (self.bounds[h] if s == self.last else self.tilted[(s, h)][2])
            if w:
                weights[j] = w
        return weights

    def _tilt(self, shares: dict[Joint, int]) -> list[int]:
        """An integer weight per colour for the proposals, proportional to the expected
        count of the colour in the final pile plus :data:`PSEUDO`: the others' proposals
        then leave what the last seat and the pile fit best."""
        if self.pile == 0:
            return [1] * NUM_COLOURS
        mass = sum(shares.values())
        expected = [float(x) for x in self.base]
        for s, rows in enumerate(self.rows):
            weight: dict[int, float] = {}
            for j, w in shares.items():
                weight[j[s]] = weight.get(j[s], 0.0) + w / mass
            for h, share in weight.items():
                row = rows[h]
                count = sum(row.values())
                if not count:
                    continue
                start = unpack(h)
                for end, w in row.items():
                    for c, x in enumerate(unpack(end)):
                        expected[c] -= share * (x - start[c]) * w / count
        return [max(1, round(8 * (max(x, 0.0) + PSEUDO))) for x in expected]

    def _bound(self, row: Row) -> tuple[int, Scheme]:
        """``K``: a bound, over every packed total ``v``, on ``theta^v`` times the sum over
        the last seat's end hands ``y`` of their counts times the orders of the pile
        ``v - y``; and how a draw meets it. Both (sum of tilted counts) x (largest tilted
        pile) and (largest tilted count) x (sum of tilted piles, ``(sum theta)^R``) are
        bounds; the smaller is used. For the first, the last seat's end hand is drawn by
        its tilted count and the pile it leaves kept with probability (its tilted orders)
        / (the largest); for the second, the pile is drawn card by card with odds
        ``theta`` and the end hand it leaves kept with probability (its tilted count) /
        (the largest). Either way a draw is kept with probability ``S theta^v / K`` and
        the end hand is then distributed as its count times the orders of its pile: what
        summing over the end hands would give, at the cost of one draw."""
        items = [(w * _power(self.theta, unpack(end)), end) for end, w in row.items()]
        if not items:
            return 0, (False, [], [])
        tilted = [w for w, _ in items]
        piles: int = sum(self.theta) ** self.pile
        first, second = sum(tilted) * self.best, max(tilted) * piles
        if first <= second:
            return first, (True, running(tilted), [end for _, end in items])
        return second, (False, [max(tilted)], {end: w for w, end in items})

    def _best_pile(self) -> int:
        """The largest ``R! / prod(b_c!) * theta^b`` over piles ``b`` of ``R`` cards, rounded
        up, by a small dynamic program over the colours (fractions as integer pairs)."""
        r = self.pile
        fact = self.fact
        best: dict[int, tuple[int, int]] = {0: (1, 1)}  # cards placed -> (numerator, denominator)
        for t in self.theta:
            new: dict[int, tuple[int, int]] = {}
            for k, (num, den) in best.items():
                for b in range(r - k + 1):
                    cand = (num * t**b, den * fact[b])
                    old = new.get(k + b)
                    if old is None or cand[0] * old[1] > old[0] * cand[1]:
                        new[k + b] = cand
            best = new
        num, den = best[r]
        found: int = -(-num * fact[r] // den)
        return found

    # --- drawing ----------------------------------------------------------------------

    def draw(self, joint: Joint, rng: random.Random) -> list[int] | None:
        """The seats' end hands (packed), or ``None`` if the rejection step refuses."""
        ends = [0] * len(self.walks)
        left = total(self.base, joint)
        if min(left) < 0:
            return None
        rest = pack(left) | GUARD
        if self.counted:
            combo = pick(rng, *self.choices[joint])
            for s, h in zip(self.others, combo, strict=True):
                ends[s] = h
                rest -= h
        else:
            for s in self.others:
                totals, items, _ = self.tilted[(s, joint[s])]
                end = ends[s] = pick(rng, totals, items)
                rest -= end
                if rest & GUARD != GUARD:
                    return None
        rest -= GUARD
        if not self.counted:
            last = self._last_end(joint[self.last], rest, rng)
            if last is None:
                return None
            ends[self.last] = last
            return ends
        key = (joint[self.last], rest)
        found = self._absorbed.get(key)
        if found is None:
            options = self.absorbed(*key)
            found = (running([w for w, _ in options]), [e for _, e in options])
            if len(self._absorbed) < ABSORBED_KEPT:
                self._absorbed[key] = found
        ends[self.last] = pick(rng, *found)
        return ends

    def _last_end(self, start: int, left: int, rng: random.Random) -> int | None:
        """The rejection step for the last seat and the pile, given what the others left
        (packed ``left``): its end hand, or ``None`` if refused (``_bound``)."""
        by_count, totals, ends = self.schemes[start]
        top = left | GUARD
        if by_count:
            assert isinstance(ends, list)
            end = pick(rng, totals, ends)
            pile = top - end
            if pile & GUARD != GUARD:
                return None
            pile -= GUARD
            tilted = self.pile_weight(pile) * _power(self.theta, unpack(pile))
            return end if rng.randrange(self.best) < tilted else None
        assert isinstance(ends, dict)
        drawn = [0] * NUM_COLOURS
        odds = self.odds
        for _ in range(self.pile):
            drawn[pick(rng, odds, range(NUM_COLOURS))] += 1
        end = top - pack(drawn)
        if end & GUARD != GUARD:
            return None
        weight = ends.get(end - GUARD, 0)
        return end - GUARD if weight and rng.randrange(totals[0]) < weight else None
