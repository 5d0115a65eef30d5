"""Chance outcomes as exact probabilities, and sampling them reproducibly.

A draw from a deck is modelled as one draw from the unordered multiset of unseen cards,
not as a shuffled order: the outcome is a card kind, its probability its share of the
deck. Probabilities are :class:`fractions.Fraction` so they can be enumerated exactly;
sampling uses integer weights so no rounding ever enters.
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import math
import operator
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")


def weighted(items: Sequence[tuple[T, int]]) -> tuple[tuple[T, Fraction], ...]:
    """Outcomes with positive integer weights, as exact probabilities summing to 1.

    >>> weighted([("red", 2), ("blue", 0), ("green", 1)])
    (('red', Fraction(2, 3)), ('green', Fraction(1, 3)))
    """
    total = sum(w for _, w in items)
    if total <= 0:
        raise ValueError("a chance node needs at least one possible outcome")
    return tuple((x, Fraction(w, total)) for x, w in items if w > 0)


def pick_weighted(items: Sequence[tuple[T, int]], rng: random.Random) -> T:
    """Draw one item with probability proportional to its integer weight: the first item
    whose running total of weights passes one uniform draw below the total (the running
    totals and the search run in C: a roll of five dice has 252 outcomes).

    >>> pick_weighted([("a", 0), ("b", 2), ("c", 1)], random.Random(1))
    'b'
    """
    totals = list(itertools.accumulate(map(_WEIGHT, items)))
    r = rng.randrange(totals[-1] if totals else 0)  # no weight: ValueError, as randrange
    return items[bisect.bisect_right(totals, r)][0]


_WEIGHT = operator.itemgetter(1)


def sample(outcomes: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """Draw one outcome of an exact distribution (as returned by ``chance_outcomes``)."""
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    return pick_weighted([(x, int(p * denominator)) for x, p in outcomes], rng)


def at_step(seed: int, step: int) -> random.Random:
    """The generator that resolves the chance node reached at ``step`` of a session seeded
    with ``seed`` (:mod:`rulespec.host.session`): one per (seed, step), so no generator
    state outlives a step and a position with its seed is all it takes to go on."""
    return StepRandom(b"%d/%d" % (seed, step))


class StepRandom(random.Random):
    """A ``random.Random`` whose bits are BLAKE2b of its key and a counter (the way the
    standard library documents for a generator of one's own: ``getrandbits`` and
    ``random`` overridden, so ``randrange`` stays exact by rejection). Distinct keys give
    independent streams; making one costs 1.4 µs where seeding a Mersenne Twister costs
    3.9 µs, and a session makes one per chance node."""

    _key: bytes
    _counter: int

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start the stream of key ``a`` (bytes)."""
        self._key = bytes(a or b"")
        self._counter = 0

    def getrandbits(self, k: int, /) -> int:
        """``k`` bits of the stream."""
        out = bits = 0
        while bits < k:
            self._counter += 1
            block = hashlib.blake2b(b"%s/%d" % (self._key, self._counter), digest_size=64)
            out = (out << 512) | int.from_bytes(block.digest(), "little")
            bits += 512
        return out >> (bits - k)

    def random(self) -> float:
        """A float in [0, 1) from 53 bits of the stream."""
        return self.getrandbits(53) * 2.0**-53
