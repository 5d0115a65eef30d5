"""Oriente's actions: six kinds of decision and one kind of chance outcome.

Decisions, one seat at a time: :class:`Pass` (pass when asked to announce, decline a
privilege, stay out of a fight or a revolution, end one's payments), :class:`Announce`
(announce an action, or claim a privilege by announcing one), :class:`Support` (take a
side in a fight), :class:`Join` (join a revolution), :class:`Pick` (the loser's choice
of reinforcement card) and :class:`Give` (a payment). Chance: :class:`Draw`, one card of a
kind, from the deck, from a pile or from a revolution's pool, weighted by how many such
cards could come (unordered multisets).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from rulespec.core.action_ids import Listing, listing
from rulespec.core.convert import Tagged, checked_fields
from rulespec.oriente.codec import CODEC
from rulespec.oriente.components import CARDS, NAMES, Card


class Act(enum.Enum):
    """What an announcement names: an attack or one of the special abilities."""

    ATTACK = "attack"
    INCOME = "income"
    """Daimyō: the top card of the deck to his pile."""
    SUCCESSION = "succession"
    """Daimyō: swap for another seat's Shōgun."""
    CREDIT = "credit"
    """Akindo: every Nōfu of another seat's pile."""
    TRADE = "trade"
    """Akindo: a random card of another seat's pile for one of his own."""
    INCITE = "incite"
    """Nōfu: a worker to the hut or the square."""
    REVOLUTION = "revolution"
    """Nōfu: the revolution."""
    ASSASSINATE = "assassinate"
    """Ninja: another seat's resident into his pile."""

    __hash__ = object.__hash__


def a_card(card: Card) -> str:
    """A card in words, with its article: ``a Nōfu``, ``an Akindo``, ``the Shōgun``."""
    name = NAMES[card]
    if card in (Card.SHOGUN, Card.GEISHA):
        return f"the {name}"
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


TARGETED = frozenset({Act.ATTACK, Act.SUCCESSION, Act.CREDIT, Act.TRADE, Act.ASSASSINATE})
"""The acts that name another seat."""


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Pass(Tagged, codec=CODEC):
    """Pass, decline, stay out or stop paying: the answer that changes nothing (what it
    declines depends on the question: :data:`rulespec.oriente.render.PASS_WORDS`)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Announce(Tagged, codec=CODEC):
    """Announce ``act`` against seat ``target`` (None for an act without one); a trade
    names the ``gift`` card given in exchange (None: the Akindo has no card)."""

    act: Act
    target: int | None = None
    gift: Card | None = None

    def __str__(self) -> str:
        t, act = self.target, self.act
        if act is Act.ATTACK:
            return f"attack seat {t}"
        if act is Act.INCOME:
            return "take the top card of the deck as income (Daimyō)"
        if act is Act.SUCCESSION:
            return f"succession: swap for seat {t}'s Shōgun (Daimyō)"
        if act is Act.CREDIT:
            return f"credit: take every Nōfu of seat {t}'s victory cards (Akindo)"
        if act is Act.TRADE:
            gift = "nothing" if self.gift is None else a_card(self.gift)
            return f"trade: a random victory card of seat {t}'s for {gift} (Akindo)"
        if act is Act.INCITE:
            return "incite: a worker into the hut or onto the square (Nōfu)"
        if act is Act.REVOLUTION:
            return "call a revolution (Nōfu)"
        return f"assassinate seat {t}'s resident (Ninja)"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Support(Tagged, codec=CODEC):
    """Support seat ``side`` (the attacker or the defender) in the fight."""

    side: int

    def __str__(self) -> str:
        return f"support seat {self.side} in the fight"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Invite(Tagged, codec=CODEC):
    """A fighter invites seat ``seat`` to support him (ruling oriente.fight.support_order,
    option invited)."""

    seat: int

    def __str__(self) -> str:
        return f"invite seat {self.seat} to support you"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Join(Tagged, codec=CODEC):
    """Join the revolution with one's Nōfu."""

    def __str__(self) -> str:
        return "join the revolution with your Nōfu"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Pick(Tagged, codec=CODEC):
    """The loser of a fight takes a reinforcement card of kind ``card`` as resident."""

    card: Card

    def __str__(self) -> str:
        return f"take {a_card(self.card)} as your new resident"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Give(Tagged, codec=CODEC):
    """A payment: one victory card of kind ``card`` to seat ``to``."""

    to: int
    card: Card

    def __str__(self) -> str:
        return f"give {a_card(self.card)} to seat {self.to}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Draw(Tagged, codec=CODEC):
    """Chance: the card that comes (from the deck, a pile or a pool) is a ``card``."""

    card: Card

    def __str__(self) -> str:
        return f"draw {a_card(self.card)}"


Action = Pass | Announce | Support | Invite | Join | Pick | Give | Draw
"""Any Oriente action or chance outcome."""

PASS = Pass()
JOIN = Join()
DRAWS: tuple[Draw, ...] = tuple(Draw(c) for c in CARDS)
"""``DRAWS[card]``: every chance outcome, built once."""
PICKS: tuple[Pick, ...] = tuple(Pick(c) for c in CARDS)
GIFTS: tuple[Card | None, ...] = (None, *CARDS)
"""A trade's gift: none, or a card kind."""


def announcements(players: int) -> tuple[Announce, ...]:
    """Every announcement of a table of ``players``, in id order."""
    seats = range(players)
    return (
        *(Announce(Act.ATTACK, t) for t in seats),
        Announce(Act.INCOME),
        *(Announce(Act.SUCCESSION, t) for t in seats),
        *(Announce(Act.CREDIT, t) for t in seats),
        *(Announce(Act.TRADE, t, g) for t in seats for g in GIFTS),
        Announce(Act.INCITE),
        Announce(Act.REVOLUTION),
        *(Announce(Act.ASSASSINATE, t) for t in seats),
    )


_ANNOUNCEMENTS: dict[int, tuple[Announce, ...]] = {}
_SUPPORTS: dict[int, tuple[Support, ...]] = {}
_INVITES: dict[int, tuple[Invite, ...]] = {}
_GIVES: dict[int, tuple[tuple[Give, ...], ...]] = {}


def announcements_of(players: int) -> tuple[Announce, ...]:
    """:func:`announcements`, built once per player count."""
    found = _ANNOUNCEMENTS.get(players)
    if found is None:
        found = _ANNOUNCEMENTS[players] = announcements(players)
    return found


def supports(players: int) -> tuple[Support, ...]:
    """``supports(n)[seat]``: built once per player count."""
    found = _SUPPORTS.get(players)
    if found is None:
        found = _SUPPORTS[players] = tuple(Support(s) for s in range(players))
    return found


def invites(players: int) -> tuple[Invite, ...]:
    """``invites(n)[seat]``: built once per player count."""
    found = _INVITES.get(players)
    if found is None:
        found = _INVITES[players] = tuple(Invite(s) for s in range(players))
    return found


def gives(players: int) -> tuple[tuple[Give, ...], ...]:
    """``gives(n)[to][card]``: built once per player count."""
    found = _GIVES.get(players)
    if found is None:
        found = _GIVES[players] = tuple(tuple(Give(t, c) for c in CARDS) for t in range(players))
    return found


def numbering(game: Any) -> tuple[tuple[Listing, ...], tuple[Listing, ...]]:
    """Every decision and chance outcome of Oriente for ``game``'s player count, in id
    order (announcements, supports and payments name seats)."""
    n = game.players
    decisions = (
        listing((PASS,), "the one pass"),
        listing(
            announcements_of(n),
            "attack each seat; income; succession, credit each seat; trade each seat with "
            "gift none then each card; incite; revolution; assassinate each seat",
        ),
        listing(supports(n), "seat supported"),
        listing(invites(n), "seat invited"),
        listing((JOIN,), "the one join"),
        listing(PICKS, "card kind (ninja … shogun, geisha, treasure 2, 3, 4)"),
        listing((g for row in gives(n) for g in row), "seat paid, then card kind"),
    )
    chance = (listing(DRAWS, "card kind (ninja … shogun, geisha, treasure 2, 3, 4)"),)
    return decisions, chance
