"""Seats and turn order, for any number of players.

Seats are numbered 0 … players-1 clockwise. Rulebooks ask players "in turn" starting from
someone (the emperor, the holder of a stone, the player left of the last one to act);
these helpers give that order. Nothing here assumes a maximum number of seats.

:func:`check_seat` is the one check of a seat a caller hands in (every entry point that
takes one calls it): a server looks the seat up from a client's token, and a lookup that
fails (``None``), a ``True`` that passes for 1 or a ``"0"`` from a form must never act for
anyone.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Final, Literal, TypeGuard, overload

from rulespec.errors import InvalidArgument, bounded


class NoSeat(enum.Enum):
    """The type of :data:`NO_SEAT`."""

    NO_SEAT = "no seat"

    def __repr__(self) -> str:
        return "NO_SEAT"


NO_SEAT: Final = NoSeat.NO_SEAT
"""The default of ``player=`` in ``apply``, ``explain`` and ``legal_actions``: no seat
given, so no seat check (a referee's call). A sentinel rather than ``None``, so that a
failed seat lookup passed on as ``None`` is refused instead of acting for anyone."""

Unchecked = Literal[NoSeat.NO_SEAT]
"""The type of the ``player=`` default (``int | Unchecked`` in signatures)."""


class Seats(frozenset[int]):
    """Seats as a set that is also a sorted sequence: a session's ``to_act`` (issue 34).
    It is the frozenset it was in 1.0.0 (equal to one, set operations and all) and also
    iterates in ascending order and takes an index, so ``table.to_act[0]`` and
    ``list(table.to_act)`` agree with the sorted list a view's ``"to_act"`` holds.

    >>> seats = Seats({3, 0, 2})
    >>> seats[0], list(seats), seats == frozenset({0, 2, 3})
    (0, [0, 2, 3], True)
    """

    __slots__ = ()

    def __iter__(self) -> Iterator[int]:
        return iter(sorted(frozenset.__iter__(self)))

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...
    def __getitem__(self, index: int | slice) -> int | tuple[int, ...]:
        return tuple(self)[index]

    def __repr__(self) -> str:
        return f"Seats({list(self)})"


def is_seat(value: object, players: int) -> TypeGuard[int]:
    """Whether ``value`` is a seat of a ``players``-seat game: an ``int`` (not a bool,
    a float or a subclass) from 0 to ``players - 1``."""
    return type(value) is int and 0 <= value < players


def check_seat(value: object, players: int, name: str = "seat") -> int:
    """``value`` if it is a seat (:func:`is_seat`), else :class:`~rulespec.InvalidArgument`
    naming the argument ``name`` and the range, with the value shown bounded (a number of
    thousands of digits is not printed).

    >>> check_seat(2, 4)
    2
    >>> check_seat(None, 4, "player")
    Traceback (most recent call last):
    ...
    rulespec.errors.InvalidArgument: player: expected a seat, a whole number from 0 to 3, got null
    """
    if not is_seat(value, players):
        raise InvalidArgument(
            f"{name}: expected a seat, a whole number from 0 to {players - 1}, got {bounded(value)}"
        )
    return value


def clockwise(seat: int, start: int, players: int) -> int:
    """How many seats clockwise ``seat`` sits after ``start`` (0 for ``start`` itself).

    >>> clockwise(1, 3, 4), clockwise(3, 3, 4)
    (2, 0)
    """
    return (seat - start) % players


def order_from(start: int, players: int, seats: Iterable[int] | None = None) -> tuple[int, ...]:
    """``seats`` (default: every seat) in turn order, beginning with ``start`` or the first
    of them clockwise after it.

    >>> order_from(2, 5)
    (2, 3, 4, 0, 1)
    >>> order_from(2, 5, {0, 1, 4})
    (4, 0, 1)
    """
    pool = range(players) if seats is None else seats
    return tuple(sorted(pool, key=lambda s: (s - start) % players))
