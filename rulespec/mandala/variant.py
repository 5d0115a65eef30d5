"""The typed Mandala variant (one field per row of ``variants/mandala.toml``) and options."""

from __future__ import annotations

import enum
from fractions import Fraction

import attrs

from rulespec.core.variants import TypedTable
from rulespec.mandala.rulebook import RULEBOOK


class FinalMandalas(enum.Enum):
    """Which mandalas the final resolution covers (ruling mandala.end.final_mandalas)."""

    ALL = "all"
    TWO_OTHERS = "two_others"


class NoTiles(enum.Enum):
    """When running out of tiles ends the game (ambiguity mandala.end.no_tiles_immediate)."""

    AT_ONCE = "at_once"
    END_OF_ROUND = "end_of_round"


class Reshuffle(enum.Enum):
    """When the discard pile becomes the new draw pile (ruling
    mandala.draw.reshuffle_timing)."""

    WHEN_NEEDED = "when_needed"
    WHEN_EMPTY = "when_empty"


@attrs.frozen
class MandalaVariant:
    """The rule points that depend on the player count."""

    players: int
    starting_hands: tuple[int, ...]
    """Cards dealt to each seat from the starter clockwise (mandala.setup.starting_hands)."""
    runner_up_min_share: Fraction
    """The runner-up claims a tile only with at least this share of the holder's cards
    (mandala.resolve.two_player_half); 0 means no threshold."""


@attrs.frozen
class MandalaOptions:
    """Choices the players make; each is a recorded ruling with its alternatives."""

    final_mandalas: FinalMandalas = FinalMandalas.ALL
    no_tiles: NoTiles = NoTiles.AT_ONCE
    reshuffle: Reshuffle = Reshuffle.WHEN_NEEDED


TYPED: TypedTable[MandalaVariant, MandalaOptions] = TypedTable(
    "mandala", lambda: RULEBOOK, MandalaVariant, MandalaOptions
)
"""The variant table bound to :class:`MandalaVariant` and :class:`MandalaOptions`."""
