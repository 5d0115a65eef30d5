"""Checks that a seeded sampler draws a known distribution, with fixed verdicts: the seeds
fix the draws, so a check passes or fails the same way on every run and machine.

:func:`fits` is a chi-square goodness-of-fit test over every outcome at once (which
catches a bias spread thinly over many outcomes, as a per-outcome tolerance may not) and
refuses any outcome the target rules out; :func:`within` is the per-outcome tolerance.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from fractions import Fraction

Z = 3.719
"""The standard normal quantile of 0.9999: a correct sampler fails :func:`fits` for about
one seed in ten thousand, a biased one as soon as its bias exceeds the noise."""


def within(count: int, n: int, p: Fraction) -> bool:
    """``count`` of ``n`` draws is within five standard deviations of ``n * p``."""
    mean = n * float(p)
    return abs(count - mean) <= 5 * math.sqrt(mean * (1 - float(p))) + 1


def chi_square(
    seen: Mapping[Hashable, int], target: Mapping[Hashable, Fraction], n: int
) -> tuple[float, float]:
    """The chi-square statistic of ``seen`` (``n`` draws) against ``target``, and its
    0.9999 quantile (Wilson-Hilferty). Outcomes expected fewer than five times are pooled
    into one bin, as the test needs."""
    bins: list[tuple[int, float]] = []
    small_seen, small_expected = 0, 0.0
    for key, p in target.items():
        expected = n * float(p)
        if expected < 5:
            small_seen += seen.get(key, 0)
            small_expected += expected
        else:
            bins.append((seen.get(key, 0), expected))
    if small_expected:
        bins.append((small_seen, small_expected))
    statistic = sum((k - e) ** 2 / e for k, e in bins)
    dof = max(len(bins) - 1, 1)
    c = 2 / (9 * dof)
    return statistic, dof * (1 - c + Z * math.sqrt(c)) ** 3


def fits(seen: Mapping[Hashable, int], target: Mapping[Hashable, Fraction], n: int) -> bool:
    """``seen`` (``n`` draws) shows only outcomes of ``target`` and passes the chi-square
    test against it."""
    if not set(seen) <= set(target):
        return False
    statistic, quantile = chi_square(seen, target, n)
    return statistic <= quantile
