"""Oriente's short action notation: one token per action, the same in every position:

.. code-block:: text

    pass         -                      pass, decline, stay out, stop paying
    announce     ACT [">" SEAT] ["/" CARD]   attack>3, income, trade>2/treasure_3
    support      "support>" SEAT        support>1
    invite       "invite>" SEAT         invite>3
    join         "join"
    pick         "pick:" CARD           pick:samurai
    give         "give>" SEAT ":" CARD  give>2:nofu
    draw         "~" CARD               chance: the card that comes

    ACT   attack income succession credit trade incite revolution assassinate
    CARD  ninja nofu akindo samurai daimyo maho_tsukai soryo shogun geisha
          treasure_2 treasure_3 treasure_4
"""

from __future__ import annotations

from typing import Any

from rulespec.core import notation
from rulespec.core.notation import Cursor
from rulespec.oriente.actions import (
    DRAWS,
    JOIN,
    PASS,
    PICKS,
    Act,
    Action,
    Announce,
    Draw,
    Give,
    Invite,
    Join,
    Pass,
    Pick,
    Support,
)
from rulespec.oriente.components import Card

_CARD = {c.label: c for c in Card}
_ACT = {a.value: a for a in Act}


def format(action: Action) -> str:
    """The notation of ``action``."""
    if isinstance(action, Pass):
        return "-"
    if isinstance(action, Announce):
        out = action.act.value
        if action.target is not None:
            out += f">{action.target}"
        if action.gift is not None:
            out += f"/{action.gift.label}"
        return out
    if isinstance(action, Support):
        return f"support>{action.side}"
    if isinstance(action, Invite):
        return f"invite>{action.seat}"
    if isinstance(action, Join):
        return "join"
    if isinstance(action, Pick):
        return f"pick:{action.card.label}"
    if isinstance(action, Give):
        return f"give>{action.to}:{action.card.label}"
    if isinstance(action, Draw):
        return f"~{action.card.label}"
    raise TypeError(f"not an Oriente action: {action!r}")


def parse(text: str, where: Any) -> Action:
    """The action ``text`` names; :class:`~rulespec.MalformedNotation` names the part of
    a text that names none, where it is and what was expected there."""
    return notation.parse(text, where, format, _read)


_FORMS = ("join", "pick", "invite", "support", "give")
_HEADS: dict[str, str | Act] = {**{f: f for f in _FORMS}, **_ACT}
_HEADS_TOLD = (
    "-, an announcement (attack>2, income, trade>2/treasure_3, ...), support>1, invite>3, "
    "join, pick:nofu, give>2:nofu, or ~ and a card"
)
_CARDS_TOLD = ", ".join(_CARD)


def _read(c: Cursor) -> Action:
    action: Action
    if c.take("-"):
        action = PASS
    elif c.take("~"):
        action = DRAWS[_card(c, "~nofu")]
    else:
        head = c.word(_HEADS, f"an Oriente action: {_HEADS_TOLD}")
        if head == "join":
            action = JOIN
        elif head == "pick":
            c.expect(":", "a colon and a card, as in pick:nofu")
            action = PICKS[_card(c, "pick:nofu")]
        elif head in ("invite", "support"):
            c.expect(">", f"> and a seat, as in {head}>1")
            seat = c.number(f"a seat number, as in {head}>1", 2)
            action = Invite(seat) if head == "invite" else Support(seat)
        elif head == "give":
            c.expect(">", "> and a seat, as in give>2:nofu")
            seat = c.number("a seat number, as in give>2:nofu", 2)
            c.expect(":", "a colon and a card, as in give>2:nofu")
            action = Give(seat, _card(c, "give>2:nofu"))
        else:
            assert isinstance(head, Act)
            target = c.number(f"a seat number, as in {head.value}>2", 2) if c.take(">") else None
            gift = _card(c, "trade>2/treasure_3") if c.take("/") else None
            action = Announce(head, target, gift)
    c.end()
    return action


def _card(c: Cursor, example: str) -> Card:
    return c.word(_CARD, f"a card, as in {example}; the cards are {_CARDS_TOLD}")
