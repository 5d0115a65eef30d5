"""Oriente's composition root: the game's declarative record and its ``Game`` class, which
binds the variant table, the phase table and the views to the states."""

from __future__ import annotations

import attrs

from rulespec.core.api import ChanceMode, Dynamics, GameSpec, Information, Utility
from rulespec.core.game import BaseGame
from rulespec.core.kernel import Views
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


make = OrienteGame.make
"""``rulespec.game("oriente", players=…, …)`` ends up here."""
