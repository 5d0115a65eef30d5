"""White Lotus's short action notation: ``a17`` claims area a17, ``3>1`` bids three
influence against seat 1.

One token per action, the same in every position (the grammar with examples is on
:doc:`/notation`)::

    claim         AREA                      a17      a claim marker on a17 (phase 1)
    no extra      "noextra"                          decline the extra marker or chip
    take extra    "extra"                            the temple's extra chip (German, phase 6)
    conflict      "@" AREA                  @a17     the emperor names the next conflict
    bid           N ["+0"] ">" SEAT         3>1      3 influence against seat 1
                                            2+0>1    2 influence and the 0-card
    remove        "x" SEAT                  x2       the emperor sends tied seat 2 away
    lead          "lead" | "nolead"                  accept or decline to lead a rebellion
    side          "emperor" | "rebels"               join a side
    commit        "c" N                     c3       commit 3 combat points
    take area     "+" AREA                  +a17     a rebellion reward
    take a chip   "+vp"                              a victory-point chip instead
    palaces       "p" N                     p1       of his palaces, 1 pays combat
    place         "=" AREA                  =a12     place the drawn neutral chip
    give          "g" [N "i"] [N "c"] ">" SEAT  g3i>1  negotiation: 3 influence to seat 1
    pass          "pass"                             negotiation: end the turn
    start chip    "~*" BUILDING             ~*V      chance: the next lotus area gets one
    draw          "~" BUILDING              ~T       chance: the neutral chip drawn

    BUILDING      P T F R V                 palace, temple, fortress, rice, village
    SEAT, N       whole numbers from 0
    AREA          the area's id as on the board (a17), or as a JSON string ("Area 7")
                  when it is not a plain name or reads as another action (c3, pass)

Keywords, letters and area ids may be given in either case (``A17`` is the board's
``a17``; on a board with ids that differ only in case, only the exact id names them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.core import notation
from rulespec.core.immutable import by_identity
from rulespec.core.notation import Cursor, Misread, game_of
from rulespec.lotus.actions import (
    Action,
    Bid,
    ChooseConflict,
    ChooseSide,
    CommitCombat,
    DeclineExtra,
    DrawChip,
    Give,
    Lead,
    PalaceIncome,
    Pass,
    PlaceChip,
    PlaceMarker,
    Remove,
    StartChip,
    TakeArea,
    TakeExtra,
    TakeVictoryPoint,
)
from rulespec.lotus.components import BUILDINGS, Building, Side

LETTERS: dict[Building, str] = {b: b.label[0].upper() for b in BUILDINGS}
"""Each building's letter: its initial (the five initials differ)."""
_BUILDING_OF = {letter: b for b, letter in LETTERS.items()}
_BUILDINGS_TOLD = ", ".join(f"{letter} ({b.label})" for b, letter in LETTERS.items())

_WORDS: dict[str, Action] = {
    "noextra": DeclineExtra(),
    "extra": TakeExtra(),
    "lead": Lead(True),
    "nolead": Lead(False),
    "emperor": ChooseSide(Side.EMPEROR),
    "rebels": ChooseSide(Side.REBELS),
    "pass": Pass(),
}
_WRITTEN = {action: word for word, action in _WORDS.items()}

_NUMBERED = re.compile(r"([xcp])([0-9]{1,6})", re.IGNORECASE)
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
"""An area id written as it is: a letter or underscore, then letters, digits, ``_.-``."""
_RESERVED = re.compile(r"vp|[xcp]\d+|" + "|".join(_WORDS), re.IGNORECASE)
"""Plain ids that would read as another action: written as JSON strings instead."""


def area_text(area: str) -> str:
    """An area id as the notation writes it: as it is if plain, else as a JSON string."""
    if _PLAIN.fullmatch(area) and not _RESERVED.fullmatch(area):
        return area
    return json.dumps(area, ensure_ascii=False)


def format(action: Action) -> str:
    """The notation of ``action``: ``a17``, ``@a17``, ``3>1``, ``c2``, ``~*V`` and so on."""
    word = _WRITTEN.get(action)
    if word is not None:
        return word
    if isinstance(action, PlaceMarker):
        return area_text(action.area)
    if isinstance(action, ChooseConflict):
        return "@" + area_text(action.area)
    if isinstance(action, TakeArea):
        return "+" + area_text(action.area)
    if isinstance(action, PlaceChip):
        return "=" + area_text(action.area)
    if isinstance(action, Bid):
        return f"{action.influence}{'+0' if action.zero_card else ''}>{action.target}"
    if isinstance(action, Remove):
        return f"x{action.seat}"
    if isinstance(action, CommitCombat):
        return f"c{action.combat}"
    if isinstance(action, PalaceIncome):
        return f"p{action.combat}"
    if isinstance(action, TakeVictoryPoint):
        return "+vp"
    if isinstance(action, Give):
        amounts = (f"{action.influence}i" if action.influence else "") + (
            f"{action.combat}c" if action.combat else ""
        )
        return f"g{amounts or '0i'}>{action.to}"
    if isinstance(action, StartChip):
        return "~*" + LETTERS[action.building]
    if isinstance(action, DrawChip):
        return "~" + LETTERS[action.building]
    raise TypeError(f"not a White Lotus action: {action!r}")


def parse(text: str, where: Any) -> Action:
    """The action ``text`` names, for ``where``: a White Lotus state or game. Only the
    form is checked here (a claim on an area that is not in play parses; ``apply`` then
    names the rule it breaks); :class:`~rulespec.MalformedNotation` names the part of a
    text that names no action, where it is and what was expected there."""
    action = notation.parse(text, where, format, _read)
    if isinstance(action, _AREA_ACTIONS) and action.area not in _exact(where):
        found = _folded(game_of(where)).get(action.area.casefold())
        if found is not None:  # A17 is a17: the board's id in another case
            return attrs.evolve(action, area=found)
    return action


_AREA_ACTIONS = (PlaceMarker, ChooseConflict, TakeArea, PlaceChip)
"""The actions that name an area (read in any case: :func:`_folded`)."""


def _exact(where: Any) -> Mapping[str, int]:
    index: Mapping[str, int] = getattr(game_of(where), "area_index", {})
    return index


@by_identity  # once per game: the board's ids by their case-folded form
def _folded(game: Any) -> dict[str, str]:
    """Each of the board's area ids by its case-folded form, for the ids no other id
    folds to (on a board with both ``A1`` and ``a1`` only the exact id names either)."""
    ids = list(getattr(game, "area_index", ()))
    folded = [i.casefold() for i in ids]
    return {f: i for f, i in zip(folded, ids, strict=True) if folded.count(f) == 1}


_FORMS = (
    "a17, noextra, extra, @a17, 3>1, x2, lead, nolead, emperor, rebels, c3, +a17, +vp, p1, "
    "=a12, g3i>1, pass, ~*V or ~T"
)
_ONE = r"[A-Za-z]"
_BUILDING_WORDS = {letter.lower(): b for letter, b in _BUILDING_OF.items()}


def _read(c: Cursor) -> Action:
    action: Action | None = _WORDS.get(c.text.lower())
    if action is not None:
        return action
    if c.take("~*"):
        action = StartChip(_building(c, "~*V"))
    elif c.take("~"):
        action = DrawChip(_building(c, "~T"))
    elif c.text.lower() == "+vp":
        return TakeVictoryPoint()
    elif c.take("+"):
        action = TakeArea(_area(c, "+a17"))
    elif c.take("@"):
        action = ChooseConflict(_area(c, "@a17"))
    elif c.take("="):
        action = PlaceChip(_area(c, "=a12"))
    elif c.digit():
        influence = c.number("the influence bid", 6)
        zero = c.take("+0")
        c.expect(">", "> and a seat after the influence (+0> with the 0-card), as in 3>1")
        action = Bid(c.number("a seat number, as in 3>1", 6), influence, zero)
    elif c.peek().lower() == "g" and ">" in c.text:
        action = _gift(c)
    elif (m := _NUMBERED.fullmatch(c.text)) is not None:
        letter, number = m[1].lower(), int(m[2])
        if letter == "x":
            return Remove(number)
        return CommitCombat(number) if letter == "c" else PalaceIncome(number)
    elif c.peek() == '"' or _PLAIN.match(c.text):
        action = PlaceMarker(_area(c, "a17"))
    else:
        raise c.misread(f"a White Lotus action: {_FORMS}")
    c.end()
    return action


def _gift(c: Cursor) -> Give:
    """``g``, the amounts (influence before combat), ``>`` and a seat: ``g3i2c>1``."""
    c.expect("g", "g")
    amounts: dict[str, int] = {}
    while c.digit():
        n = c.number("an amount", 6)
        kind = c.peek().lower()
        if kind not in ("i", "c") or kind in amounts or "c" in amounts:
            raise c.misread(
                "i (influence) or c (combat) after the amount, influence first, as in g3i2c>1"
            )
        c.at += 1
        amounts[kind] = n
    if not amounts:
        raise c.misread("an amount: g3i>1 (influence) or g2c>1 (combat)")
    c.expect(">", "> and a seat after the amounts, as in g3i>1")
    seat = c.number("a seat number, as in g3i>1", 6)
    return Give(seat, amounts.get("i", 0), amounts.get("c", 0))


def _building(c: Cursor, example: str) -> Building:
    return c.word(
        _BUILDING_WORDS,
        f"a building, as in {example}; the buildings are {_BUILDINGS_TOLD}",
        _ONE,
    )


def _area(c: Cursor, example: str) -> str:
    """An area id: plain (``a17``) or a JSON string (``"Area 7"``), then the end."""
    expected = f'an area id, as in {example} (any id may be written as a JSON string: "Area 7")'
    if c.peek() != '"':
        match = _PLAIN.match(c.text, c.at)
        if match is None:
            raise c.misread(expected)
        c.at = match.end()
        c.end(f'the end of the area id {match[0]} (an id with other characters is written '
              'as a JSON string: "Area 7")')  # fmt: skip
        return match[0]
    try:
        area, end = _JSON.raw_decode(c.text, c.at)
    except ValueError:
        raise Misread(c.at, c.text[c.at :], "a JSON string: an area id in quotes") from None
    if not isinstance(area, str) or not area:
        raise Misread(c.at, c.text[c.at : end], expected)
    c.at = end
    return area


_JSON = json.JSONDecoder()
