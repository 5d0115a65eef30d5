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
from rulespec.core import notation
from rulespec.core.notation import Cursor, Misread

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


def parse(text: str, where: Any) -> Action:
    """The action ``text`` names; :class:`~rulespec.MalformedNotation` names the part of
    a text that names none, where it is and what was expected there."""
    return notation.parse(text, where, format, _read)


_ONE = r"[A-Za-z]"
_SIDE = r"[<>]"
_COLOUR_WORDS = {letter.lower(): colour for colour, letter in LETTERS.items()}
_COLOURS_TOLD = "R (red), B (black) or W (white)"
_ENDS = {"<": End.LEFT, ">": End.RIGHT}


def _read(c: Cursor) -> Action:
    action: Action
    if c.take("@"):
        action = PlaceDie(
            c.number("a field number, as in @7 (rooms 0-4, outside 5-6, well 7, rows 8-10)", 3)
        )
    elif c.take("-"):
        action = Skip(c.number("a task number, as in -2", 3))
    elif c.digit():
        task = c.number("a task number", 3)
        c.expect(".", "a dot and an option after the task, as in 2.1")
        action = Resolve(task, c.number("an option number, as in 2.1", 3))
    elif c.take("~"):
        action = _roll(c) if c.peek(2)[1:] == "=" else _deal(c)
    elif c.peek().lower() in _COLOUR_WORDS or c.peek(2)[1:] in _ENDS:
        colour = c.word(_COLOUR_WORDS, f"a die's colour, {_COLOURS_TOLD}, as in R<", _ONE)
        side = c.word(_ENDS, "< (the left die) or > (the right die), as in R<", _SIDE)
        action = TakeDie(colour, side)
    elif c.take("x"):
        into = "what the seals buy, as in x0 (0 coin, 1 iron, 2 food, 3 pearl)"
        action = Exchange(c.number(into, 1))
    elif c.take("p"):
        action = Pick(c.number("a starting pair's number, as in p1", 1))
    else:
        raise c.misread(
            "a White Castle action: R< takes a die, @7 places it, 2.1 resolves, -2 skips, "
            "x0 exchanges, p1 picks; chance starts with ~ (~tile:4, ~R=1-3-6)"
        )
    c.end()
    return action


def _deal(c: Cursor) -> Deal:
    piles = ", ".join(_PILES)
    pile = c.word(_PILES, f"a pile, as in ~tile:4 (the piles are {piles}), or a die's colour "
                  "and =, as in ~R=1-3-6")  # fmt: skip
    c.expect(":", "a colon and an item number, as in ~tile:4")
    return Deal(pile, c.number("an item number, as in ~tile:4", 4))


def _roll(c: Cursor) -> Roll:
    colour = c.word(_COLOUR_WORDS, f"a die's colour, {_COLOURS_TOLD}, as in ~R=1-3-6", _ONE)
    c.expect("=", "= and the dice, as in ~R=1-3-6")
    dice = [_die(c)]
    while len(dice) < MAX_DICE and c.take("-"):
        dice.append(_die(c))
    return Roll(colour, tuple(dice))


MAX_DICE = 6
"""The most dice a roll's notation lists (a bridge holds three)."""


def _die(c: Cursor) -> int:
    at = c.at
    face = c.number("a die's face from 1 to 6, as in ~R=1-3-6", 1)
    if not 1 <= face <= 6:
        raise Misread(at, str(face), "a die's face from 1 to 6, as in ~R=1-3-6")
    return face
