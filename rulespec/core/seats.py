"""Seats and turn order, for any number of players.

Seats are numbered 0 … players-1 clockwise. Rulebooks ask players "in turn" starting from
someone (the emperor, the holder of a stone, the player left of the last one to act);
these helpers give that order. Nothing here assumes a maximum number of seats.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulespec.errors import InvalidArgument, bounded


def check_seat(value: object, players: int, name: str = "seat") -> int:
    """``value`` if it is a seat of a ``players``-seat game: a whole number (an ``int``,
    not a ``bool``) from 0 to ``players - 1``. Anything else, ``None`` included, is an
    :class:`~rulespec.InvalidArgument` naming ``name``: a server that looks a seat up
    from a token and gets ``None`` must not act for whoever is to move (issue 19, r05).

    >>> check_seat(2, 4)
    2
    """
    if type(value) is not int or not 0 <= value < players:
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


def next_seat(seat: int, players: int) -> int:
    """The seat to the left (clockwise) of ``seat``.

    >>> next_seat(11, 12)
    0
    """
    return (seat + 1) % players


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
