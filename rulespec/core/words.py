"""English for messages: the article before a word, a count with its noun, a hint.

Every game's messages are read by people (``explain``, errors, the play log); these two
keep the grammar right where a word or a number is only known at run time (``an
Oriente state``, ``1 card``), so no message says "a Oriente" or "1 cards".
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

VOWELS = frozenset("aeiouAEIOUĀāŌō")
"""Letters that open a word read with a vowel sound (ours: no "unit", no "hour")."""


def article(word: str) -> str:
    """``word`` with its indefinite article: ``a colour``, ``an Oriente``."""
    return f"an {word}" if word[:1] in VOWELS else f"a {word}"


def counted(amount: int, noun: str, plural: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``plural`` for a noun that is not ``noun + "s"``."""
    if amount == 1:
        return f"1 {noun}"
    return f"{amount} {plural if plural is not None else noun + 's'}"


def did_you_mean(text: str, choices: Iterable[str], n: int = 3) -> str:
    """`` (did you mean a07, a17?)`` for the choices close to ``text``, else an empty
    string: the hint a message about a mistyped name ends with. Case and leading zeros
    aside (``A7`` is close to ``a07`` first), then by spelling."""
    by_key: dict[str, str] = {}
    for choice in choices:
        by_key.setdefault(_key(choice), choice)
    key = _key(text)
    close = [key] if key in by_key else []
    close += [c for c in difflib.get_close_matches(key, list(by_key), n=n, cutoff=0.6) if c != key]
    return f" (did you mean {', '.join(by_key[c] for c in close[:n])}?)" if close else ""


_DIGITS = re.compile(r"\d{1,12}")


def _key(text: str) -> str:
    return _DIGITS.sub(lambda m: str(int(m[0])), text.casefold())
