"""Cheap copies of frozen states: the hot path builds new states without deep copies.

``attrs.evolve`` introspects the class on every call; these helpers take the field names
once and rebuild the object from them, which is what ``apply`` needs dozens of times per
step.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

T = TypeVar("T")


def put(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``items`` with position ``i`` replaced.

    >>> put((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:i], value, *items[i + 1 :])


def field_names(cls: type) -> tuple[str, ...]:
    """The init-order field names of an attrs class, for :func:`replace`."""
    return tuple(a.name for a in attrs.fields(cls))


def replace(obj: T, names: tuple[str, ...], changes: dict[str, Any]) -> T:
    """A copy of the attrs instance ``obj`` with ``changes`` applied (``names`` from
    :func:`field_names`); an unknown field name is an error, never silently dropped."""
    new = type(obj)(*[changes.pop(f) if f in changes else getattr(obj, f) for f in names])
    if changes:
        raise TypeError(f"{type(obj).__name__} has no fields {sorted(changes)}")
    return new
