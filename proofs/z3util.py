"""Small z3 helpers and encoding conventions shared by every game's proofs.

Conventions: a seat or "nobody" is an integer with :data:`NONE` for nobody (see
:func:`seat_code`); lists of variables are named ``<prefix><index>``. Everything here is
game-independent; a game's encodings live in its own module (``proofs/<game>.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import z3

from .harness import Built

Z = Any
"""A z3 expression (z3 ships no type stubs)."""

NONE = -1
"""The seat number that stands for nobody (``None`` in the Python functions)."""


def seat_code(seat: int | None) -> int:
    """The integer a seat or ``None`` is encoded as."""
    return NONE if seat is None else seat


def item_at(items: Sequence[Z], index: Z) -> Z:
    """``items[index]`` for a symbolic index (the last item for an index out of range,
    which the claims' assumptions or guards exclude)."""
    expr = items[-1]
    for i in range(len(items) - 2, -1, -1):
        expr = z3.If(index == i, items[i], expr)
    return expr


def smaller(a: Z, b: Z) -> Z:
    """The smaller of two integers."""
    return z3.If(a <= b, a, b)


def larger(a: Z, b: Z) -> Z:
    """The larger of two integers."""
    return z3.If(a >= b, a, b)


def largest(items: Sequence[Z]) -> Z:
    """The largest of one or more integers."""
    best = items[0]
    for x in items[1:]:
        best = larger(best, x)
    return best


def count_true(flags: Sequence[Z]) -> Z:
    """How many of the Booleans hold."""
    return z3.Sum([z3.If(f, 1, 0) for f in flags])


def int_vars(prefix: str, n: int) -> list[Z]:
    """``n`` integer variables ``<prefix>0`` …"""
    return [z3.Int(f"{prefix}{i}") for i in range(n)]


def bool_vars(prefix: str, n: int) -> list[Z]:
    """``n`` Boolean variables ``<prefix>0`` …"""
    return [z3.Bool(f"{prefix}{i}") for i in range(n)]


def is_seat(seat: Z, players: int) -> Z:
    """The seat is one of ``players`` seats (not :data:`NONE`)."""
    return z3.And(seat >= 0, seat < players)


def non_negative(xs: Sequence[Z]) -> Z:
    """Every one of the integers is at least 0."""
    return z3.And(*[x >= 0 for x in xs])


def each_player_count(build: Callable[[int], Built], counts: Sequence[int]) -> Built:
    """One claim over several player counts: the conjunction of independent copies of
    ``build(players)``, one per count."""
    assumptions: list[Z] = []
    statements: list[Z] = []
    for players in counts:
        a, s = build(players)
        assumptions += a
        statements += s.children() if z3.is_and(s) else [s]
    return assumptions, z3.And(*statements)
