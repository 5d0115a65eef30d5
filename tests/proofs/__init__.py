"""Tests of the z3 proofs, and the helpers every game's encoding tests share.

The encoding tests build an encoding from z3 constants (:func:`ints`, :func:`bools`) and
compare its :func:`value` with what the Python function returns. :func:`verdicts` runs a
game's claims once per test session, for every test that looks at their results.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import z3

import proofs
from proofs.harness import Verdict


def value(expr: Any) -> int | bool:
    """A z3 expression over constants, evaluated."""
    v = z3.simplify(expr)
    if z3.is_int_value(v):
        return int(v.as_long())
    if z3.is_true(v):
        return True
    if z3.is_false(v):
        return False
    raise AssertionError(f"not a constant: {v}")


def ints(values: Sequence[int]) -> list[Any]:
    """z3 integer constants."""
    return [z3.IntVal(v) for v in values]


def bools(values: Sequence[bool]) -> list[Any]:
    """z3 Boolean constants."""
    return [z3.BoolVal(v) for v in values]


@functools.cache
def verdicts(game_id: str) -> tuple[Verdict, ...]:
    """The verdicts of every claim of a game (z3 runs once per game and test session)."""
    return tuple(proofs.run(game_id))
