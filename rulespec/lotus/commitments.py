"""Secret choices made at the same time: conflict bids, rebellion sides, combat.

The books have the players concerned choose in secret, all at once (lotus.secret.commit_order
names the fixed order rulespec serialises them in). A table does not wait for that order:
any seat that still owes its choice may commit, in any order
(:attr:`~rulespec.core.kernel.Kernel.to_act`). The state keeps ``seat`` (the next in the
fixed order) and ``queue`` (the others still owing, in that order), and records the choices
made so far by seat, so the state after the last commitment is the same whatever order
they came in.
"""

from __future__ import annotations

from typing import TypeVar

from rulespec.lotus.state import State

T = TypeVar("T")


def owing(s: State) -> frozenset[int]:
    """The seats that still owe their secret choice: the seat to act and the queue."""
    return frozenset((s.seat, *s.queue))


def as_seat(s: State, seat: int) -> State:
    """``s`` with ``seat`` (one that still owes) to act, the others owing in their order."""
    if seat == s.seat:
        return s
    return s.but(seat=seat, queue=tuple(q for q in (s.seat, *s.queue) if q != seat))


def by_seat(made: tuple[tuple[int, T], ...], seat: int, choice: T) -> tuple[tuple[int, T], ...]:
    """The choices made so far with ``seat``'s added, in seat order."""
    return tuple(sorted((*made, (seat, choice)), key=_seat_of))


def _seat_of(entry: tuple[int, object]) -> int:
    return entry[0]
