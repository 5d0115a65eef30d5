"""Seeds: one type and one range for every seed rulespec takes.

A seed is a whole number (an ``int``, not a ``bool``) from 0 to :data:`SEED_MAX`
(2**63 - 1), the range of a signed 64-bit integer that is not negative: every common
store holds it (a SQLite ``INTEGER``, a PostgreSQL ``bigint``, a Java ``long``, a JSON
number read by JavaScript only up to 2**53, so servers that talk to browsers keep seeds
on the server anyway). ``None`` means "draw one" where an entry point allows it
(:meth:`Game.new_game <rulespec.Game.new_game>`, :func:`rulespec.session`). Anything
else is an :class:`~rulespec.InvalidArgument` at the call, or a problem of the record or
checkpoint that holds it (issue 19, r01 and r14; issue 20).
"""

from __future__ import annotations

import secrets

from rulespec.errors import InvalidArgument, bounded

SEED_MAX = 2**63 - 1
"""The largest seed (a signed 64-bit integer's largest value)."""


def seed_problem(value: object, name: str = "seed") -> str | None:
    """What is wrong with ``value`` as a seed, or ``None`` if it is one."""
    if type(value) is not int or not 0 <= value <= SEED_MAX:
        return f"{name}: expected a whole number from 0 to 2**63 - 1, got {bounded(value)}"
    return None


def check_seed(value: object, name: str = "seed") -> int:
    """``value`` if it is a seed; :class:`~rulespec.InvalidArgument` otherwise."""
    problem = seed_problem(value, name)
    if problem is not None:
        raise InvalidArgument(problem)
    seed: int = value  # type: ignore[assignment]
    return seed


def seed_or_new(value: object, name: str = "seed") -> int:
    """``value`` checked as a seed, or a new one from ``secrets`` if it is ``None``."""
    if value is None:
        return secrets.randbelow(SEED_MAX + 1)
    return check_seed(value, name)
