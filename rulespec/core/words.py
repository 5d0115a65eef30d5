"""Small helpers for the words the rule hooks say (:func:`rulespec.core.trace.decided`):
counts with their nouns and lists of seats, so every game's sentences read alike.

>>> count(1, "palace"), count(3, "palace"), count(2, "rice field"), count(0, "coin")
('1 palace', '3 palaces', '2 rice fields', '0 coins')
>>> count(2, "iron"), count(2, "gardener", "gardeners"), count(2, "worker")
('2 iron', '2 gardeners', '2 workers')
>>> listing(["a05", "a07", "a12"]), seats([3]), seats([0, 2])
('a05, a07 and a12', 'seat 3', 'seats 0 and 2')
"""

from __future__ import annotations

from collections.abc import Iterable

UNCOUNTED = frozenset({"iron", "food", "influence", "combat"})
"""Nouns without a plural (``2 iron``, ``5 influence``)."""


def count(n: int, noun: str, many: str = "") -> str:
    """``n`` and ``noun``, in the plural unless ``n`` is 1 (``many`` if given)."""
    if n == 1 or noun in UNCOUNTED:
        return f"{n} {noun}"
    return f"{n} {many or (noun + 'es' if noun.endswith(('s', 'x', 'sh')) else noun + 's')}"


def listing(items: Iterable[object]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    parts = [str(i) for i in items]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" and {parts[-1]}"


def seats(found: Iterable[int]) -> str:
    """``seat 2``, ``seats 0 and 1``."""
    parts = list(found)
    return f"seat {parts[0]}" if len(parts) == 1 else f"seats {listing(parts)}"
