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
from rulespec.mandala.walks import GUARD, Row, Walk, minimum, pack, remainder, unpack

Joint = tuple[int, ...]
"""The seats' relative hands at a reshuffle, packed, in seat order."""

T = TypeVar("T")

SHARING = 3
"""Joint states per distinct pair of starts above which pair sums are shared."""


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
        left = remainder(target, combo)
        if left is None:
            continue
        rest, weight = left
        count = row_last.get(rest)
        if count:
            hands = [0] * m
            for s, (hand, _) in zip(free, combo, strict=True):
                hands[s] = hand
            hands[last] = rest
            out.append((tuple(hands), weight * count))
    return out


ENUMERATED = 2_000
"""Hand tuples :meth:`Chain.ends` enumerates at once (and keeps) before it tries the
rejection step first (``_propose``)."""
ATTEMPTS = 400
"""Proposals ``_propose`` makes before :meth:`Chain.ends` enumerates instead."""


class _Row:
    """One seat's end hands of an epoch that cap to a given joint state, as a proposal:
    the counts, their running totals, and the largest."""

    __slots__ = ("ends", "largest", "totals", "weights")

    def __init__(self, weights: dict[int, int]) -> None:
        self.weights = weights
        self.ends = list(weights)
        self.totals = running(list(weights.values()))
        self.largest = max(weights.values(), default=0)


def _propose(rows: Sequence[_Row], largest: int, target: int, rng: random.Random) -> Joint | None:
    """End hands adding up to the packed ``target``, drawn with probability in proportion
    to the product of their counts, by rejection: every seat but ``largest`` draws its
    end hand by its counts, the last one is what is left, kept with probability (its
    count) / (the largest count of its row). ``None`` after :data:`ATTEMPTS` refusals
    (the caller then enumerates: a mixture of exact draws is exact)."""
    last = rows[largest]
    if not last.largest:
        return None
    free = [(s, row) for s, row in enumerate(rows) if s != largest]
    if any(not row.ends for _, row in free):
        return None
    hands = [0] * len(rows)
    for _ in range(ATTEMPTS):
        rest = target | GUARD
        for s, row in free:
            hand = hands[s] = pick(rng, row.totals, row.ends)
            rest -= hand
            if rest & GUARD != GUARD:
                break
        else:
            rest -= GUARD
        if rest & GUARD:
            continue
        weight = last.weights.get(rest, 0)
        if weight and rng.randrange(last.largest) < weight:
            hands[largest] = rest
            return tuple(hands)
    return None


class Transitions:
    """The transitions of one epoch, from any joint state: the tuples of the seats'
    capped end hands that add up to the public total, each with its number of word
    tuples. The seat with the most end hands is looked up, the others enumerated; for
    three seats the two enumerated ones are first summed in pairs, grouped by their
    sum and capped hands, and the pairs are shared by all joint states that start them
    alike."""

    def __init__(self, walks: Sequence[Walk], epoch: int, starts: Sequence[set[int]]) -> None:
        self.m = len(walks)
        self.epoch = epoch
        self.rows: list[dict[int, list[tuple[int, int, int]]]] = []
        """Per seat and start: its end hands, each with its count and capped form."""
        self.lookups: list[dict[int, dict[int, tuple[int, int]]]] = []
        for walk, hands in zip(walks, starts, strict=True):
            capped = Capped(walk.cap_after(epoch))
            rows = {h: [(y, w, capped[y]) for y, w in walk.row(epoch, h).items()] for h in hands}
            self.rows.append(rows)
            self.lookups.append({})
        sizes = [sum(map(len, rows.values())) / max(1, len(rows)) for rows in self.rows]
        self.order = sorted(range(self.m), key=lambda s: sizes[s])
        self._pairs: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
        self.shared = False
        """Whether the pair sums are shared: when at least :data:`SHARING` joint states
        start the two enumerated seats alike, on average."""

    def share(self, joints: Sequence[Joint]) -> None:
        """Decide whether to share pair sums among ``joints``."""
        if self.m == 3:
            a, b = self.order[0], self.order[1]
            pairs = {(j[a], j[b]) for j in joints}
            self.shared = len(joints) >= SHARING * len(pairs)

    def __call__(self, joint: Joint, target: int) -> dict[Joint, int]:
        *free, last = self.order
        lookup = self.lookups[last].get(joint[last])
        if lookup is None:
            lookup = self.lookups[last][joint[last]] = {
                y: (w, k) for y, w, k in self.rows[last][joint[last]]
            }
        top = target | GUARD
        raw: dict[tuple[int, ...], int] = {}
        get = raw.get
        if not free:
            hit = lookup.get(target)
            return {(hit[1],): hit[0]} if hit else {}
        if len(free) == 1:
            for y, w, k in self.rows[free[0]][joint[free[0]]]:
                rest = top - y
                if rest & GUARD == GUARD:
                    hit = lookup.get(rest - GUARD)
                    if hit:
                        key2 = (k, hit[1])
                        raw[key2] = get(key2, 0) + w * hit[0]
        elif self.shared:
            for sum_ab, ka, kb, w in self._pair(joint[free[0]], joint[free[1]]):
                rest = top - sum_ab
                if rest & GUARD == GUARD:
                    hit = lookup.get(rest - GUARD)
                    if hit:
                        key3 = (ka, kb, hit[1])
                        raw[key3] = get(key3, 0) + w * hit[0]
        else:
            row_b = self.rows[free[1]][joint[free[1]]]
            for ya, wa, ka in self.rows[free[0]][joint[free[0]]]:
                rest_a = top - ya
                if rest_a & GUARD != GUARD:
                    continue
                for yb, wb, kb in row_b:
                    rest = rest_a - yb
                    if rest & GUARD == GUARD:
                        hit = lookup.get(rest - GUARD)
                        if hit:
                            key3 = (ka, kb, hit[1])
                            raw[key3] = get(key3, 0) + wa * wb * hit[0]
        found: dict[Joint, int] = {}
        for key, w in raw.items():
            joint_out = [0] * self.m
            for s, k in zip(self.order, key, strict=True):
                joint_out[s] = k
            found[tuple(joint_out)] = w
        return found

    def _pair(self, ha: int, hb: int) -> list[tuple[int, int, int, int]]:
        """The end hands of the two enumerated seats from ``ha`` and ``hb``, summed:
        ``(sum, capped a, capped b, count)``, grouped."""
        key = (ha, hb)
        found = self._pairs.get(key)
        if found is None:
            a, b = self.order[0], self.order[1]
            grouped: dict[tuple[int, int, int], int] = {}
            get = grouped.get
            row_b = self.rows[b][hb]
            for ya, wa, ka in self.rows[a][ha]:
                for yb, wb, kb in row_b:
                    k = (ya + yb, ka, kb)
                    grouped[k] = get(k, 0) + wa * wb
            found = self._pairs[key] = [(y, ka, kb, w) for (y, ka, kb), w in grouped.items()]
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
            layer = self.layers[-1]
            step = Transitions(walks, e, [{j[s] for j in layer} for s in range(m)])
            step.share(list(layer))
            for joint in layer:
                target = total(steps[e], joint)
                if min(target) < 0:
                    continue
                found = step(joint, pack(target))
                if found:
                    moves[joint] = found
            self.moves.append(moves)
            self.layers.append({k for found in moves.values() for k in found})
        self.weights: list[dict[Joint, int]] = []
        self._steps: dict[tuple[int, Joint], tuple[list[int], list[Joint]]] = {}
        self._ends: dict[tuple[int, Joint, Joint], tuple[list[int], list[Joint]]] = {}
        self._rows: dict[tuple[int, int, int, int], _Row] = {}

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
        given the joint states at both of its ends: by the rejection step of
        ``_propose`` when enumerating them would take more than :data:`ENUMERATED`
        tuples, else (or after its refusals) from their enumeration, kept."""
        key = (epoch, joint, nxt)
        found = self._ends.get(key)
        if found is not None:
            return pick(rng, *found)
        rows = [self._row(epoch, s, h, k) for s, (h, k) in enumerate(zip(joint, nxt, strict=True))]
        target = pack(total(self.steps[epoch], joint))
        largest = max(range(len(rows)), key=lambda s: len(rows[s].weights))
        work = 1
        for s, row in enumerate(rows):
            if s != largest:
                work *= len(row.weights)
        if work > ENUMERATED:
            drawn = _propose(rows, largest, target, rng)
            if drawn is not None:
                return drawn
        options = sums([row.weights for row in rows], target)
        found = (running([w for _, w in options]), [h for h, _ in options])
        self._ends[key] = found
        return pick(rng, *found)

    def _row(self, epoch: int, seat: int, start: int, capped: int) -> _Row:
        """Seat ``seat``'s end hands of ``epoch`` from ``start`` that cap to ``capped``."""
        key = (epoch, seat, start, capped)
        found = self._rows.get(key)
        if found is None:
            walk = self.walks[seat]
            cap = walk.cap_after(epoch)
            weights = {y: w for y, w in walk.row(epoch, start).items() if minimum(y, cap) == capped}
            found = self._rows[key] = _Row(weights)
        return found
