"""The typed Oriente variant (one field per row of ``variants/oriente.toml``) and options."""

from __future__ import annotations

import enum

import attrs

from rulespec.core.variants import TypedTable
from rulespec.oriente.rulebook import RULEBOOK


class UnclaimedBonus(enum.Enum):
    """Ruling oriente.season.unclaimed_bonus."""

    ACCUMULATE = "accumulate"
    UNDER_DECK = "under_deck"


class SupportOrder(enum.Enum):
    """Ruling oriente.fight.support_order."""

    OPEN = "open"
    INVITED = "invited"


class GeishaExit(enum.Enum):
    """Ambiguity oriente.end.geisha_exit."""

    ANY_EXIT = "any_exit"
    PLAYER_DRAWS = "player_draws"


class Tie(enum.Enum):
    """Ambiguity oriente.end.tie."""

    DESCENDING = "descending"
    TOP_VALUE = "top_value"


class NoEffect(enum.Enum):
    """Ruling oriente.abilities.no_effect."""

    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class Payments(enum.Enum):
    """Ruling oriente.deals.payments."""

    OFF = "off"
    PAYMENTS = "payments"


class EmptyTrade(enum.Enum):
    """Ruling oriente.akindo.empty_target."""

    NOTHING = "nothing"
    GIFT = "gift"


@attrs.frozen
class OrienteVariant:
    """The rule points that depend on the player count."""

    players: int
    hut: bool
    """Incitement goes through the hut (8–12 players), else straight to the square."""
    boxed: int
    """Discs and treasures left in the box."""


@attrs.frozen
class OrienteOptions:
    """Choices the players make; each is a recorded ruling with its alternatives."""

    unclaimed_bonus: UnclaimedBonus = UnclaimedBonus.ACCUMULATE
    support_order: SupportOrder = SupportOrder.OPEN
    geisha: GeishaExit = GeishaExit.ANY_EXIT
    tie: Tie = Tie.DESCENDING
    no_effect: NoEffect = NoEffect.ALLOWED
    payments: Payments = Payments.OFF
    empty_trade: EmptyTrade = EmptyTrade.NOTHING


TYPED: TypedTable[OrienteVariant, OrienteOptions] = TypedTable(
    "oriente", lambda: RULEBOOK, OrienteVariant, OrienteOptions
)
"""The variant table bound to :class:`OrienteVariant` and :class:`OrienteOptions`."""
