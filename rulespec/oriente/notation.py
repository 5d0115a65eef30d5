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

import re
from typing import Any

from rulespec.core.notation import malformed, text_of
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
_ANNOUNCE = re.compile(r"([a-z]+)(?:>(\d{1,2}))?(?:/([a-z_0-9]+))?")
_SEAT_CARD = re.compile(r"give>(\d{1,2}):([a-z_0-9]+)")


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
    """The action ``text`` names; :class:`~rulespec.MalformedNotation` otherwise."""
    raw = text_of(text)
    found = _read(raw.lower())
    if isinstance(found, str):
        raise malformed(raw, found, where, format)
    return found


def _card(label: str) -> Card | str:
    card = _CARD.get(label)
    return card if card is not None else f"{label!r} is no card (ninja … treasure_4)"


def _read(raw: str) -> Action | str:
    if raw == "-":
        return PASS
    if raw == "join":
        return JOIN
    if raw.startswith("~"):
        card = _card(raw[1:])
        return card if isinstance(card, str) else DRAWS[card]
    if raw.startswith("pick:"):
        card = _card(raw[5:])
        return card if isinstance(card, str) else PICKS[card]
    if raw.startswith("invite>"):
        seat = raw[7:]
        return Invite(int(seat)) if seat.isdigit() and len(seat) <= 2 else "a seat follows >"
    if raw.startswith("support>"):
        seat = raw[8:]
        return Support(int(seat)) if seat.isdigit() and len(seat) <= 2 else "a seat follows >"
    m = _SEAT_CARD.fullmatch(raw)
    if m:
        card = _card(m.group(2))
        return card if isinstance(card, str) else Give(int(m.group(1)), card)
    m = _ANNOUNCE.fullmatch(raw)
    if m and m.group(1) in _ACT:
        gift: Card | None = None
        if m.group(3) is not None:
            found = _card(m.group(3))
            if isinstance(found, str):
                return found
            gift = found
        target = None if m.group(2) is None else int(m.group(2))
        return Announce(_ACT[m.group(1)], target, gift)
    return "not an Oriente action (try -, attack>2, income, join, support>1, ~nofu)"
