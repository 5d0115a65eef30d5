"""White Lotus vocabulary: editions, buildings, chips, card supplies and component counts.

Cards are counted in points (ruling lotus.cards.points_model): card values may be changed
at the open piles, and every rule speaks of points, so a player's influence and combat
cards are two numbers and the bank two more.
"""

from __future__ import annotations

import enum

import attrs

from rulespec.core.convert import LabelledEnum


class Edition(enum.Enum):
    """The two rulebooks: the German original and the French translation."""

    DE = "de"
    FR = "fr"


class Building(LabelledEnum):
    """The five buildings, in the order of the scoring table (lotus.score.buildings)."""

    PALACE = 0
    TEMPLE = 1
    FORTRESS = 2
    RICE = 3
    VILLAGE = 4


BUILDINGS: tuple[Building, ...] = tuple(Building)

NEUTRAL_CHIPS: tuple[int, ...] = (5, 5, 6, 6, 17)
"""39 neutral chips by building (lotus.components.neutral_chips)."""
CHIP_FRONTS: tuple[int, ...] = (3, 4, 5, 4, 0)
"""Fronts of a colour's 16 chips; every back is a village (lotus.components.player_chips)."""
CHIPS_PER_COLOUR = 16
MARKERS_PER_COLOUR = 5
"""lotus.components.markers"""
BASIC_MARKERS = 3
"""lotus.claim.three_rounds"""

INFLUENCE_POINTS = 34 * 1 + 30 * 2 + 20 * 3
"""154 points of influence cards besides the six 0-cards (lotus.components.influence_cards)."""
COMBAT_POINTS = 30 * 1 + 20 * 2 + 10 * 3
"""100 points of combat cards (lotus.components.combat_cards)."""
START_INFLUENCE = 2 * 3 + 2 * 2 + 2 * 1
"""12 points: two cards each of 3, 2 and 1 (lotus.setup.starting_cards)."""
START_COMBAT = 3
"""Three combat cards of value 1 (lotus.setup.starting_cards)."""
VP_CHIPS = 18
"""lotus.components.vp_chips"""

INCOME_INFLUENCE = 10
INCOME_COMBAT = 2
"""lotus.income.base"""
SCORE: tuple[int, ...] = (3, 2, 1, 1, 1)
"""Points per building (lotus.score.buildings)."""
TERRITORY_BONUS = 3
DRAGON_BONUS = 2


class Side(enum.Enum):
    """The two sides of a rebellion (lotus.rebellion.sides)."""

    EMPEROR = "emperor"
    REBELS = "rebels"


@attrs.frozen
class Chip:
    """A building chip on an area: neutral (``owner`` None) or a player's."""

    building: Building
    owner: int | None = None

    @property
    def neutral(self) -> bool:
        """True for a square neutral chip."""
        return self.owner is None

    def __repr__(self) -> str:
        who = "neutral" if self.owner is None else f"seat {self.owner}"
        return f"Chip({self.building.label}, {who})"


NEUTRAL: tuple[Chip, ...] = tuple(Chip(b) for b in BUILDINGS)
"""Interned neutral chips, ``NEUTRAL[building]``."""
OWNED: tuple[tuple[Chip, ...], ...] = tuple(
    tuple(Chip(b, seat) for b in BUILDINGS) for seat in range(6)
)
"""Interned player chips, ``OWNED[seat][building]``."""


def chips_fit(held: tuple[int, ...] | list[int]) -> bool:
    """Whether one colour's 16 chips can show these building counts at once.

    Ruling lotus.components.chip_flip: only counts matter, so palaces, temples, fortresses
    and rice fields are capped by the fronts and all buildings together by 16 (a village
    can use the back of any chip not showing its front).

    >>> chips_fit((3, 4, 5, 4, 0)), chips_fit((4, 0, 0, 0, 0)), chips_fit((0, 0, 0, 0, 17))
    (True, False, False)
    """
    palaces, temples, fortresses, rice, _ = CHIP_FRONTS
    # indexed by the plain int each Building is equal to: indexing by the enum is slower
    return (
        sum(held) <= CHIPS_PER_COLOUR
        and held[0] <= palaces  # Building.PALACE
        and held[1] <= temples  # Building.TEMPLE
        and held[2] <= fortresses  # Building.FORTRESS
        and held[3] <= rice  # Building.RICE
    )
