"""The White Castle's composition root: the game's declarative record and its ``Game``
class (a variant, options and component data), which binds the variant table, the phase
table and the views to the states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

import attrs

from rulespec.castle import (
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
from rulespec.castle import data as datafile
from rulespec.castle.actions import Roll
from rulespec.castle.codec import CODEC
from rulespec.castle.components import CastleData, Colour
from rulespec.castle.phases import TABLE
from rulespec.castle.setup import roll_table
from rulespec.castle.state import State
from rulespec.castle.tables import Tables, limits
from rulespec.castle.variant import TYPED, CastleOptions, CastleVariant
from rulespec.core.api import ChanceMode, Dynamics, GameSpec, Information, Utility
from rulespec.core.game import BaseGame
from rulespec.core.kernel import Views
from rulespec.errors import UnknownVariant, bounded

SPEC = GameSpec(
    id="castle",
    title="The White Castle",
    names=(("de", "Die Weiße Burg"), ("en", "The White Castle")),
    designers=("Sheila Santos", "Israel Cendrero"),
    year=2023,
    players=(1, 4),
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.EXPLICIT,
    information=Information.IMPERFECT,
    utility=Utility.WIN_SHARE,
    chance_note="dice rolls per colour, card, tile and garden deals, the influence stack, "
    "room refills and the solo deck",
    information_note="in solo play the identity of the solo deck's top card is hidden (its "
    "bridge side is public); every other deal is drawn when it is made",
)


@attrs.frozen(repr=False)  # BaseGame's repr: the rulespec.game(...) call
class CastleGame(BaseGame[State]):
    """The White Castle for a player count (and solo difficulty) on one component data."""

    variant: CastleVariant
    options: CastleOptions
    data: CastleData
    data_setting: object = attrs.field(init=False, eq=False, repr=False)
    tables: Tables = attrs.field(init=False, eq=False, repr=False)
    roll_table: dict[Colour, tuple[tuple[Roll, int], ...]] = attrs.field(
        init=False, eq=False, repr=False
    )

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
    draw = staticmethod(picture.svg)

    def __attrs_post_init__(self) -> None:
        shipped = {"default": datafile.default(), "all_gardens": datafile.all_gardens()}
        name = next((k for k, d in shipped.items() if self.data == d), None)
        object.__setattr__(
            self, "data_setting", name if name is not None else datafile.to_json(self.data)
        )
        too_many = limits(self.data, actions.MAX_OPTIONS)
        if too_many:
            raise datafile.MalformedCastleData(too_many)
        object.__setattr__(self, "tables", Tables.of(self.data))
        object.__setattr__(self, "roll_table", roll_table(self.variant.dice_per_colour))

    @classmethod
    def make(cls, data: object = "default", **settings: Any) -> Self:
        """``rulespec.game("castle", players=…, difficulty=…, data=…, …)`` ends up here.

        ``difficulty`` is needed in solo play only (``"easy"``, ``"medium"``, ``"hard"``);
        with 2-4 players it is ``"none"``. ``data`` is ``"default"`` (the shipped data),
        ``"all_gardens"`` (the same with all twelve transcribed gardens, ruling
        castle.components.dropped_cards), a data object (:doc:`/castle-data`) or a
        :class:`CastleData`; never a file name."""
        if "difficulty" not in settings and settings.get("players", 1) != 1:
            settings = {**settings, "difficulty": "none"}
        variant, options = cls.typed.split(settings)
        return cls(variant, options, _data(data))

    def settings(self) -> Mapping[str, object]:
        """Arguments for ``rulespec.game("castle", …)`` that rebuild this game."""
        out = dict(self.typed.settings(self.variant, self.options))
        axes = {k: out.pop(k) for k in ("players", "difficulty")}
        return {**axes, "data": self.data_setting, **out}


def _data(data: object) -> CastleData:
    if isinstance(data, CastleData):
        return data
    if data == "default":
        return datafile.default()
    if data == "all_gardens":
        return datafile.all_gardens()
    if isinstance(data, Mapping):
        return datafile.load(data)
    raise UnknownVariant(
        f"data: expected 'default', 'all_gardens' or component data (an object), got "
        f"{bounded(data)}; "
        "rulespec reads no file named in settings: parse it and pass the object"
    )


OPTIONAL_AXES = ("difficulty",)
"""Axes ``make`` fills in itself: ``difficulty`` is ``"none"`` with 2-4 players (the
command line then needs no ``--difficulty``)."""

SETTING_TITLES = {
    "data": "the component data: default (the shipped file), all_gardens (the same with all "
    "twelve transcribed gardens) or a data object"
}
"""What ``make``'s keywords beyond the variant table mean (``rulespec play --help``)."""

make = CastleGame.make
"""``rulespec.game("castle", players=…, difficulty=…, …)`` ends up here."""
