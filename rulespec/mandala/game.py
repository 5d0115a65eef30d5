"""Mandala's composition root: the game's declarative record and its ``Game`` class,
which binds the variant table, the phase table and the views to the states.

Like OpenSpiel's game files, the declarative record comes first; unlike a state, this
module may import every other module of the package.
"""

from __future__ import annotations

import attrs

from rulespec.core.api import ChanceMode, Dynamics, GameSpec, Information, Utility
from rulespec.core.game import BaseGame, Parts
from rulespec.mandala import picture
from rulespec.mandala.state import State
from rulespec.mandala.variant import MandalaOptions, MandalaVariant

SPEC = GameSpec(
    id="mandala",
    title="Mandala",
    names=(("de", "Mandala"), ("en", "Flowers: A Mandala Game")),
    designers=("Trevor Benjamin", "Brett J. Gilbert"),
    year=2024,
    players=(2, 4),
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.EXPLICIT,
    information=Information.IMPERFECT,
    utility=Utility.WIN_SHARE,
    chance_note="card draws from the unordered draw pile, tile draws from two stacks, the "
    "order of the final resolution",
    information_note="hands, the draw pile and the tile stacks are hidden; everything else "
    "is on the table",
)


@attrs.frozen(repr=False)  # BaseGame's repr: the rulespec.game(...) call
class MandalaGame(
    BaseGame[State],
    parts=Parts.of(
        "rulespec.mandala",
        spec=SPEC,
        draw=picture.svg,
    ),
):
    """Mandala for a given player count; makes states, reads positions and actions."""

    variant: MandalaVariant
    options: MandalaOptions = MandalaOptions()


GAME = MandalaGame
"""``rulespec.game("mandala", players=…, final_mandalas=…)`` ends up in ``GAME.make``."""
