"""Mandala (Trevor Benjamin & Brett J. Gilbert, Lookout 2024), 2–4 players.

Players take turns playing cards of one colour into one of three mandalas; a mandala
with all six colours is resolved and its two flower tiles go to the players with the
most and second-most cards there. Pairs of tiles of one colour form flowers; the game
ends in the round of someone's third flower.
"""

from __future__ import annotations

from rulespec.core.api import GameSpec
from rulespec.core.variants import VariantTable
from rulespec.mandala.rulebook import RULEBOOK


def _make(**settings: object) -> MandalaGame:
    from rulespec.mandala.game import make

    return make(**settings)  # type: ignore[arg-type]


def _table() -> VariantTable:
    from rulespec.mandala.variant import table

    return table()


def _narrate(before: State, action: Action, after: State) -> str:
    from rulespec.mandala.render import narrate

    return narrate(before, action, after)


SPEC = GameSpec(
    id="mandala",
    title="Mandala",
    names=(("de", "Mandala"), ("en", "Flowers: A Mandala Game")),
    designers=("Trevor Benjamin", "Brett J. Gilbert"),
    year=2024,
    players=(2, 4),
    chance="card draws from the unordered draw pile, tile draws from two stacks, the "
    "order of the final resolution",
    information="hands, the draw pile and the tile stacks are hidden; everything else "
    "is on the table",
    rulebook=lambda: RULEBOOK,
    table=_table,
    make=_make,
    narrate=_narrate,
)


from rulespec.mandala.actions import (  # noqa: E402
    Action,
    DrawCard,
    Play,
    ResolveNext,
    RevealTile,
    TakeTile,
)
from rulespec.mandala.components import Back, Colour, Face, Tile  # noqa: E402
from rulespec.mandala.game import MandalaGame  # noqa: E402
from rulespec.mandala.observation import MandalaObservation  # noqa: E402
from rulespec.mandala.scoring import Holdings  # noqa: E402
from rulespec.mandala.state import Area, Phase, State  # noqa: E402
from rulespec.mandala.variant import FinalMandalas, MandalaOptions, MandalaVariant  # noqa: E402

__all__ = [
    "RULEBOOK",
    "SPEC",
    "Action",
    "Area",
    "Back",
    "Colour",
    "DrawCard",
    "Face",
    "FinalMandalas",
    "Holdings",
    "MandalaGame",
    "MandalaObservation",
    "MandalaOptions",
    "MandalaVariant",
    "Phase",
    "Play",
    "ResolveNext",
    "RevealTile",
    "State",
    "TakeTile",
    "Tile",
]
