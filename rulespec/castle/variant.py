"""The typed White Castle variant (one field per row of ``variants/castle.toml``) and options."""

from __future__ import annotations

import enum

import attrs

from rulespec.castle.rulebook import RULEBOOK
from rulespec.core.variants import TypedTable


class Exchange(enum.Enum):
    """When seals may be exchanged (ruling castle.seals.window)."""

    JUST_IN_TIME = "just_in_time"
    ANYTIME = "anytime"


class FinalExchange(enum.Enum):
    """The final scoring's seal exchange (ruling castle.score.final_exchange)."""

    OPTIMUM = "optimum"
    NONE = "none"


class RivalChoices(enum.Enum):
    """Who makes the solo rival's free choices (ruling castle.solo.free_choices)."""

    PLAYER = "player"
    FIRST = "first"


class RefillTiming(enum.Enum):
    """When a room emptied by a courtier is refilled (ruling castle.actions.refill_timing)."""

    AFTER_SECTION = "after_section"
    BEFORE_SECTION = "before_section"


class RivalAscent(enum.Enum):
    """A rival ascent that would pass level 3 (ruling castle.solo.ascent_cap)."""

    STOP_AT_HALL = "stop_at_hall"
    UNDONE = "undone"


class FamilyRow(enum.Enum):
    """What the family-board symbol gives (ruling castle.symbols.family_row)."""

    REWARDS_AND_ACTION = "rewards_and_action"
    ACTION_ONLY = "action_only"


class RivalActionOrder(enum.Enum):
    """The order of the solo rival's actions (ruling castle.solo.action_order)."""

    CARD_BY_CARD = "card_by_card"
    ROW_BY_ROW = "row_by_row"


@attrs.frozen
class CastleVariant:
    """The rule points that depend on the player count and the solo difficulty."""

    players: int
    difficulty: str
    dice_per_colour: int
    diamond_cards: bool
    stack: int
    """Dice one main-board field may hold (castle.turn.stacking)."""
    pairs: int
    """Starting pairs laid out; 0 in solo play (one random pair)."""
    rival_points: int
    rival_heron: int
    """1: the rival plays first; 2: second; 0: no rival."""
    rival_influence: int

    @property
    def solo(self) -> bool:
        """True in solo play (against the Tokugawa rival)."""
        return self.players == 1


@attrs.frozen
class CastleOptions:
    """Choices the players make; each is a recorded ruling with its alternatives."""

    exchange: Exchange = Exchange.JUST_IN_TIME
    final_exchange: FinalExchange = FinalExchange.OPTIMUM
    rival_choices: RivalChoices = RivalChoices.PLAYER
    family_row: FamilyRow = FamilyRow.REWARDS_AND_ACTION
    refill_timing: RefillTiming = RefillTiming.AFTER_SECTION
    rival_ascent: RivalAscent = RivalAscent.STOP_AT_HALL
    rival_action_order: RivalActionOrder = RivalActionOrder.CARD_BY_CARD


TYPED: TypedTable[CastleVariant, CastleOptions] = TypedTable(
    "castle", lambda: RULEBOOK, CastleVariant, CastleOptions
)
"""The variant table bound to :class:`CastleVariant` and :class:`CastleOptions`."""
