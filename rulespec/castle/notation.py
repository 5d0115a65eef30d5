"""The White Castle's short action notation, one token per action::

    take      COLOUR "<" | COLOUR ">"     R<      the left red die (B black, W white)
    place     "@" FIELD                   @7      on field 7 (rooms 0-4, outside 5-6,
                                                  well 7, family rows 8-10)
    resolve   TASK "." OPTION             2.1     task 2 of the top frame, option 1
    skip      "-" TASK                    -2      skip task 2's head
    exchange  "x" INTO                    x0      seals for a coin (1-3: iron, food, pearl)
    pick      "p" PAIR                    p1      starting pair 1
    deal      "~" PILE ":" ITEM           ~tile:4 chance: item 4 of a pile
    roll      "~" COLOUR "=" DICE         ~R=1-3-6 chance: the red dice, sorted

Letters and pile names may be given in either case; :func:`format` writes colours in
capitals and piles in small letters.
"""

from __future__ import annotations

import re
from typing import Any

from rulespec.castle.actions import (
    Action,
    Deal,
    End,
    Exchange,
    Pick,
    Pile,
    PlaceDie,
    Resolve,
    Roll,
    Skip,
    TakeDie,
)
from rulespec.castle.components import Colour
from rulespec.core.notation import malformed, text_of

LETTERS = {Colour.RED: "R", Colour.BLACK: "B", Colour.WHITE: "W"}
_COLOUR = {v: k for k, v in LETTERS.items()}
_PILES = {p.value: p for p in Pile}


def format(action: Action) -> str:
    """The notation of ``action``."""
    if isinstance(action, TakeDie):
        return LETTERS[action.colour] + ("<" if action.end is End.LEFT else ">")
    if isinstance(action, PlaceDie):
        return f"@{action.field}"
    if isinstance(action, Resolve):
        return f"{action.task}.{action.option}"
    if isinstance(action, Skip):
        return f"-{action.task}"
    if isinstance(action, Exchange):
        return f"x{action.into}"
    if isinstance(action, Pick):
        return f"p{action.pair}"
    if isinstance(action, Deal):
        return f"~{action.pile.value}:{action.item}"
    if isinstance(action, Roll):
        return f"~{LETTERS[action.colour]}=" + "-".join(map(str, action.dice))
    raise TypeError(f"not a White Castle action: {action!r}")


_PATTERNS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (
        re.compile(r"([RBWrbw])([<>])"),
        lambda m: TakeDie(_COLOUR[m[1].upper()], End.LEFT if m[2] == "<" else End.RIGHT),
    ),
    (re.compile(r"@(\d{1,3})"), lambda m: PlaceDie(int(m[1]))),
    (re.compile(r"(\d{1,3})\.(\d{1,3})"), lambda m: Resolve(int(m[1]), int(m[2]))),
    (re.compile(r"-(\d{1,3})"), lambda m: Skip(int(m[1]))),
    (re.compile(r"[xX](\d)"), lambda m: Exchange(int(m[1]))),
    (re.compile(r"[pP](\d)"), lambda m: Pick(int(m[1]))),
    (
        re.compile(r"~([A-Za-z0-9]+):(\d{1,4})"),
        lambda m: Deal(_PILES[m[1].lower()], int(m[2])) if m[1].lower() in _PILES else None,
    ),
    (
        re.compile(r"~([RBWrbw])=([1-6](?:-[1-6]){0,5})"),
        lambda m: Roll(_COLOUR[m[1].upper()], tuple(int(v) for v in m[2].split("-"))),
    ),
)


def parse(text: str, where: Any) -> Action:
    """The action ``text`` names; :class:`~rulespec.MalformedNotation` if none."""
    raw = text_of(text)
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(raw)
        if match is not None:
            found = build(match)
            if found is not None:
                return found  # type: ignore[no-any-return]
    raise malformed(
        raw,
        "not a White Castle action: R< takes a die, @7 places it, 2.1 resolves, -2 skips, "
        "x0 exchanges, p1 picks; chance starts with ~ (~tile:4, ~R=1-3-6)",
        where,
        format,
    )
