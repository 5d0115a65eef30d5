"""Cheap copies of frozen states: the hot path builds new states without deep copies.

``attrs.evolve`` introspects the class on every call; these helpers take the field names
once and rebuild the object from them, which is what ``apply`` needs dozens of times per
step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


def put(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``items`` with position ``i`` replaced.

    >>> put((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    out = list(items)  # one copy: faster than slicing twice and unpacking, long or short
    out[i] = value
    return tuple(out)


def replace(obj: T, names: tuple[str, ...], changes: dict[str, Any]) -> T:
    """A copy of the attrs instance ``obj`` with ``changes`` applied (``names``: its
    class's field names in init order); an unknown field name is an error, never silently
    dropped."""
    new = type(obj)(*[changes.pop(f) if f in changes else getattr(obj, f) for f in names])
    if changes:
        raise TypeError(f"{type(obj).__name__} has no fields {sorted(changes)}")
    return new


def by_identity(fn: Callable[[K], V], size: int = 256) -> Callable[[K], V]:
    """``fn`` of one immutable argument, remembered by the argument's identity.

    For values derived from an immutable object that is passed around as the same object
    (a game, a tuple shared by many successive states): a hit costs one dict look-up where
    hashing the argument could cost more than ``fn``. Each entry keeps its argument alive,
    so its ``id`` cannot be reused while the entry exists; after ``size`` distinct
    arguments the memo starts over, so memory stays bounded.

    >>> calls = []
    >>> double = by_identity(lambda t: calls.append(t) or t * 2)
    >>> t = (1, 2)
    >>> double(t), double(t), len(calls)
    ((1, 2, 1, 2), (1, 2, 1, 2), 1)
    """
    memo: dict[int, tuple[K, V]] = {}

    def remembered(key: K) -> V:
        hit = memo.get(id(key))
        if hit is not None and hit[0] is key:
            return hit[1]
        value = fn(key)
        if len(memo) >= size:
            memo.clear()
        memo[id(key)] = (key, value)
        return value

    remembered.__doc__ = fn.__doc__
    remembered.__wrapped__ = fn  # type: ignore[attr-defined]
    return remembered
