"""The typed Mandala variant (one field per row of ``variants/mandala.toml``) and options."""

from __future__ import annotations

import enum
import functools
from fractions import Fraction

import attrs

from rulespec.core.variants import (
    VariantTable,
    check_typed,
    load_table,
    structure,
    structure_options,
)
from rulespec.mandala.rulebook import RULEBOOK


class FinalMandalas(enum.Enum):
    """Which mandalas the final resolution covers (ruling mandala.end.final_mandalas)."""

    ALL = "all"
    TWO_OTHERS = "two_others"


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


@functools.cache
def table() -> VariantTable:
    """The loaded variant table, checked against :class:`MandalaVariant` and
    :class:`MandalaOptions` in every column."""
    loaded = load_table("mandala", RULEBOOK)
    check_typed(loaded, MandalaVariant, MandalaOptions)
    return loaded


def variant(players: int) -> MandalaVariant:
    """The variant for a player count; :class:`~rulespec.UnknownVariant` lists valid ones."""
    t = table()
    return structure(t, t.column(players=players), MandalaVariant)


def options(**given: object) -> MandalaOptions:
    """Options from keyword arguments, defaults filled in, unknown names rejected."""
    return structure_options(table(), MandalaOptions, given)
