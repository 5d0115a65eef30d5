"""English for messages and for the words the rule hooks say
(:func:`rulespec.core.trace.decided`): counts with their nouns, lists of seats, the
article before a word and a "did you mean" hint, so every game's sentences read alike and
no message says "a Oriente" or "1 cards".

>>> count(1, "palace"), count(3, "palace"), count(2, "rice field"), count(0, "coin")
('1 palace', '3 palaces', '2 rice fields', '0 coins')
>>> count(2, "iron"), count(2, "gardener", "gardeners"), count(2, "worker")
('2 iron', '2 gardeners', '2 workers')
>>> listing(["a05", "a07", "a12"]), seats([3]), seats([0, 2])
('a05, a07 and a12', 'seat 3', 'seats 0 and 2')
>>> article("Oriente"), article("colour")
('an Oriente', 'a colour')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rulespec.errors import suggestions

UNCOUNTED = frozenset({"iron", "food", "influence", "combat"})
"""Nouns without a plural (``2 iron``, ``5 influence``)."""

VOWELS = frozenset("aeiouAEIOUĀāŌō")
"""Letters that open a word read with a vowel sound (ours: no "unit", no "hour")."""


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


def article(word: str) -> str:
    """``word`` with its indefinite article: ``a colour``, ``an Oriente``."""
    return f"an {word}" if word[:1] in VOWELS else f"a {word}"


def did_you_mean(text: str, choices: Iterable[str], n: int = 3) -> str:
    """`` (did you mean a07, a17?)`` for the choices close to ``text``, else an empty
    string: the hint a message about a mistyped name ends with. Case and leading zeros
    aside (``A7`` is close to ``a07`` first), then by spelling; none for a name too long
    to be a typo (:func:`rulespec.errors.suggestions`)."""
    by_key: dict[str, str] = {}
    for choice in choices:
        by_key.setdefault(_key(choice), choice)
    key = _key(text)
    close = [key] if key in by_key else []
    close += [c for c in suggestions(key, by_key, n=n) if c != key]
    return f" (did you mean {', '.join(by_key[c] for c in close[:n])}?)" if close else ""


_DIGITS = re.compile(r"\d{1,12}")


def _key(text: str) -> str:
    return _DIGITS.sub(lambda m: str(int(m[0])), text.casefold())
