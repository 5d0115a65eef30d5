"""Oriente's composition root: the game's declarative record and its ``Game`` class, which
binds the variant table, the phase table and the views to the states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

import attrs

from rulespec.core.api import ChanceMode, Dynamics, GameSpec, Information, Utility
from rulespec.core.game import BaseGame
from rulespec.core.kernel import Views
from rulespec.errors import UnknownVariant, bounded
from rulespec.oriente import (
    actions,
    bounds,
    notation,
    observation,
    picture,
    position,
    render,
    resample,
    secrecy,
)
from rulespec.oriente.codec import CODEC
from rulespec.oriente.phases import TABLE
from rulespec.oriente.state import State
from rulespec.oriente.variant import TYPED, OrienteOptions, OrienteVariant

SPEC = GameSpec(
    id="oriente",
    title="Oriente",
    names=(("de", "Oriente"), ("it", "Oriente")),
    designers=("Luca Coppola",),
    year=2004,
    players=(4, 12),
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.EXPLICIT,
    information=Information.IMPERFECT,
    utility=Utility.WIN_SHARE,
    chance_note="the treasure deal, every card drawn from the deck (its segments' odds), the "
    "Akindo's trade draw, the revolution's takings and its pooled deal",
    information_note="face-down residents (seen by their owners), the bonus cards and the deck "
    "are hidden; victory cards and revealed residents are public",
)


@attrs.frozen(repr=False)
class OrienteGame(BaseGame[State]):
    """Oriente for a given player count; makes states, reads positions and actions."""

    variant: OrienteVariant
    options: OrienteOptions = OrienteOptions()
    first_stone: int = 0
    """The seat that holds the stone of destiny first (setting ``first_stone``, ruling
    oriente.setup.stone)."""

    spec = SPEC
    typed = TYPED
    table = TABLE
    views = Views.of(observation, position, render)
    codec = CODEC
    numbering = staticmethod(actions.numbering)
    bounds_of = staticmethod(bounds.bounds)
    seen_by = staticmethod(secrecy.seen_by)
    reveals = staticmethod(secrecy.reveals)
    resampler = staticmethod(resample.resample)
    notate = staticmethod(notation.format)
    denote = staticmethod(notation.parse)
    draw = staticmethod(picture.svg_picture)

    @classmethod
    def make(cls, first_stone: object = 0, **settings: Any) -> Self:
        """``rulespec.game("oriente", players=5, first_stone=3, …)`` ends up here.

        ``first_stone`` is the seat (0 to players - 1) that the owner of the game chose to
        hold the stone of destiny first (oriente.de:90, ruling oriente.setup.stone); seats
        are numbered clockwise whoever it is."""
        variant, options = cls.typed.split(settings)
        return cls(variant, options, _first_stone(first_stone, variant.players))

    def settings(self) -> Mapping[str, object]:
        """Arguments for ``rulespec.game("oriente", …)`` that rebuild this game, the first
        stone holder included, so a record replays it."""
        out = dict(self.typed.settings(self.variant, self.options))
        return {"players": out.pop("players"), "first_stone": self.first_stone, **out}


FIRST_STONES = tuple(range(12))
"""The seats a ``first_stone`` setting may name (fewer with fewer players)."""


def _first_stone(seat: object, players: int) -> int:
    """The seat a ``first_stone`` setting names; anything else is an
    :class:`~rulespec.UnknownVariant` naming the setting and the range."""
    if type(seat) is not int or not 0 <= seat < players:
        raise UnknownVariant(
            f"first_stone: expected a seat from 0 to {players - 1} (players={players}), "
            f"got {bounded(seat)}"
        )
    return seat


make = OrienteGame.make
"""``rulespec.game("oriente", players=…, …)`` ends up here."""
