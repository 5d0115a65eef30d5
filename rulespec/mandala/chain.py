"""The joint state of the other seats at each reshuffle, and the transitions between them.

When the draw pile runs out it is empty, so the other seats' hands together hold exactly
the cards seat ``p`` cannot see: a public multiset. The joint state at a reshuffle is the
tuple of the seats' relative hands (:mod:`rulespec.mandala.walks`: cards a seat will
never need again are set aside, and only their total is kept, which the public multiset
determines). Within an epoch the seats do not interact except through the epoch's cards,
so from one reshuffle to the next each seat's hand moves by its own feasible words, and
the tuple of end hands must add up to the next public total.

:class:`Chain` builds the joint states forward from the root, counting the word tuples of
every transition exactly; :meth:`Chain.weigh` then gives each state its number of
completions backward from the weights of the last layer, and :meth:`Chain.path` draws a
path front to back in proportion to them.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import TypeVar

from rulespec.mandala.hidden import Vector
from rulespec.mandala.walks import GUARD, Row, Walk, minimum, pack, unpack

Joint = tuple[int, ...]
"""The seats' relative hands at a reshuffle, packed, in seat order."""

T = TypeVar("T")


def running(weights: Sequence[int]) -> list[int]:
    """Running totals of ``weights``."""
    return list(itertools.accumulate(weights))


def pick(rng: random.Random, totals: Sequence[int], items: Sequence[T]) -> T:
    """One of ``items``, drawn with probability proportional to its weight (``totals``:
    the weights' running totals; exact, by an integer draw)."""
    k = rng.randrange(totals[-1])
    lo, hi = 0, len(totals) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if totals[mid] > k:
            hi = mid
        else:
            lo = mid + 1
    return items[lo]


def total(base: Sequence[int], hands: Sequence[int]) -> list[int]:
    """``base`` plus the packed hands, colour by colour (may be negative)."""
    out = list(base)
    for hand in hands:
        for c, n in enumerate(unpack(hand)):
            out[c] += n
    return out


def sums(rows: Sequence[Row], target: int) -> list[tuple[Joint, int]]:
    """Every tuple of hands, one from each row, that adds up to the packed ``target``,
    with the product of their counts. All rows but the largest are enumerated; the
    largest hand is what is left."""
    m = len(rows)
    order = sorted(range(m), key=lambda s: len(rows[s]))
    *free, last = order
    row_last = rows[last]
    out: list[tuple[Joint, int]] = []
    for combo in itertools.product(*(rows[s].items() for s in free)):
        rest = target | GUARD
        weight = 1
        for hand, w in combo:
            rest -= hand
            if rest & GUARD != GUARD:
                break
            weight *= w
        else:
            rest -= GUARD
            count = row_last.get(rest)
            if count:
                hands = [0] * m
                for s, (hand, _) in zip(free, combo, strict=True):
                    hands[s] = hand
                hands[last] = rest
                out.append((tuple(hands), weight * count))
    return out


Entry = tuple[int, int, int]
"""A row entry with its capped form: ``(hand, count, capped hand)``."""


def lumped(rows: Sequence[list[Entry]], target: int) -> dict[Joint, int]:
    """As :func:`sums`, but only the tuples of capped hands are kept (in seat order),
    each with the total count of the tuples of hands behind it."""
    m = len(rows)
    top = target | GUARD
    order = sorted(range(m), key=lambda s: len(rows[s]))
    last = {y: (w, k) for y, w, k in rows[order[-1]]}
    raw: dict[tuple[int, ...], int] = {}
    get = raw.get
    if m == 1:
        hit = last.get(target)
        return {(hit[1],): hit[0]} if hit else {}
    if m == 2:
        for ya, wa, ka in rows[order[0]]:
            rest = top - ya
            if rest & GUARD == GUARD:
                hit = last.get(rest - GUARD)
                if hit:
                    key2 = (ka, hit[1])
                    raw[key2] = get(key2, 0) + wa * hit[0]
    else:
        row_b = rows[order[1]]
        for ya, wa, ka in rows[order[0]]:
            rest_a = top - ya
            if rest_a & GUARD != GUARD:
                continue
            for yb, wb, kb in row_b:
                rest = rest_a - yb
                if rest & GUARD == GUARD:
                    hit = last.get(rest - GUARD)
                    if hit:
                        key3 = (ka, kb, hit[1])
                        raw[key3] = get(key3, 0) + wa * wb * hit[0]
    found: dict[Joint, int] = {}
    for key, w in raw.items():
        joint = [0] * m
        for s, k in zip(order, key, strict=True):
            joint[s] = k
        found[tuple(joint)] = w
    return found


class Capped(dict[int, int]):
    """Hands capped by ``cap`` colour by colour, each computed once."""

    def __init__(self, cap: int) -> None:
        super().__init__()
        self.cap = cap

    def __missing__(self, hand: int) -> int:
        found = self[hand] = minimum(hand, self.cap)
        return found


class Chain:
    """The joint states at the reshuffles and the transitions between them."""

    def __init__(self, walks: Sequence[Walk], steps: Sequence[Vector], reshuffles: int) -> None:
        self.walks = walks
        self.steps = steps
        """Per epoch: by how much the seats' relative hands grow together over it (its
        cards that ``p`` did not draw, and the public changes)."""
        m = len(walks)
        self.layers: list[set[Joint]] = [{(0,) * m}]
        """The joint states at the root and at each reshuffle."""
        self.moves: list[dict[Joint, dict[Joint, int]]] = []
        """Per epoch: from each joint state, the next ones and their word-tuple counts."""
        for e in range(reshuffles):
            moves: dict[Joint, dict[Joint, int]] = {}
            capped = [Capped(w.cap_after(e)) for w in walks]
            entries: list[dict[int, list[Entry]]] = [{} for _ in walks]
            for joint in self.layers[-1]:
                target = total(steps[e], joint)
                if min(target) < 0:
                    continue
                rows = []
                for s, (walk, h) in enumerate(zip(walks, joint, strict=True)):
                    row = entries[s].get(h)
                    if row is None:
                        row = entries[s][h] = [
                            (y, w, capped[s][y]) for y, w in walk.row(e, h).items()
                        ]
                    rows.append(row)
                found = lumped(rows, pack(target))
                if found:
                    moves[joint] = found
            self.moves.append(moves)
            self.layers.append({k for found in moves.values() for k in found})
        self.weights: list[dict[Joint, int]] = []
        self._steps: dict[tuple[int, Joint], tuple[list[int], list[Joint]]] = {}
        self._ends: dict[tuple[int, Joint, Joint], tuple[list[int], list[Joint]]] = {}

    def forward(self) -> dict[Joint, int]:
        """The last layer's joint states, each with its number of word paths to it."""
        current: dict[Joint, int] = {(0,) * len(self.walks): 1}
        for moves in self.moves:
            nxt: dict[Joint, int] = {}
            for j, w in current.items():
                for k, x in moves.get(j, {}).items():
                    nxt[k] = nxt.get(k, 0) + w * x
            current = nxt
        return current

    def weigh(self, final: dict[Joint, int]) -> None:
        """Every joint state's weight, from the weights of the last layer's states."""
        weights = [final]
        for moves in reversed(self.moves):
            ahead = weights[0]
            weights.insert(
                0,
                {
                    j: sum(w * ahead.get(k, 0) for k, w in found.items())
                    for j, found in moves.items()
                },
            )
        self.weights = weights
        self._steps.clear()

    def path(self, rng: random.Random) -> list[Joint]:
        """Joint states at the root and at each reshuffle, drawn by weight."""
        joint: Joint = (0,) * len(self.walks)
        path = [joint]
        for e in range(len(self.moves)):
            key = (e, joint)
            found = self._steps.get(key)
            if found is None:
                ahead = self.weights[e + 1]
                options = [(w * ahead.get(k, 0), k) for k, w in self.moves[e][joint].items()]
                options = [(w, k) for w, k in options if w]
                found = (running([w for w, _ in options]), [k for _, k in options])
                self._steps[key] = found
            joint = pick(rng, *found)
            path.append(joint)
        return path

    def ends(self, epoch: int, joint: Joint, nxt: Joint, rng: random.Random) -> Joint:
        """The seats' hands at the end of ``epoch`` before cards are set aside, drawn
        given the joint states at both of its ends."""
        key = (epoch, joint, nxt)
        found = self._ends.get(key)
        if found is None:
            caps = [w.cap_after(epoch) for w in self.walks]
            rows = [w.row(epoch, h) for w, h in zip(self.walks, joint, strict=True)]
            options = [
                (w, hands)
                for hands, w in sums(rows, pack(total(self.steps[epoch], joint)))
                if tuple(minimum(h, c) for h, c in zip(hands, caps, strict=True)) == nxt
            ]
            found = (running([w for w, _ in options]), [h for _, h in options])
            self._ends[key] = found
        return pick(rng, *found)
