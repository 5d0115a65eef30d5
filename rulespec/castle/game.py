"""The White Castle's composition root: the game's declarative record and its ``Game``
class (a variant, options and component data), which binds the variant table, the phase
table and the views to the states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from rulespec.castle import data as datafile
from rulespec.castle import picture, scoring, short
from rulespec.castle.actions import MAX_OPTIONS, Roll
from rulespec.castle.components import CastleData, Colour
from rulespec.castle.setup import roll_table
from rulespec.castle.state import State
from rulespec.castle.tables import Tables, limits
from rulespec.castle.variant import CastleOptions, CastleVariant
from rulespec.core.api import ChanceMode, Dynamics, GameSpec, Information, Outcome, Utility
from rulespec.core.game import BaseGame, Parts, Schema, Setting
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
    "bridge side is public); every other deal is drawn when it is made. So 2-4 players "
    "have perfect information, and so has solo play on the book's cards (nine cards, nine "
    "bridge sides: game.information tells a variant's)",
)


DATAS = {"default": datafile.default, "all_gardens": datafile.all_gardens}
"""The component data a game may name in its settings: the shipped file, and the same with
all twelve transcribed gardens (ruling castle.components.dropped_cards)."""


def _data(data: object, variant: object = None) -> CastleData:
    """The component data a ``data`` setting names or holds; never a file name."""
    if isinstance(data, CastleData):
        return data
    if isinstance(data, str) and data in DATAS:
        return DATAS[data]()
    if isinstance(data, Mapping):
        return datafile.load(data)
    raise UnknownVariant(
        f"data: expected 'default', 'all_gardens' or component data (an object), got "
        f"{bounded(data)}; "
        "rulespec reads no file named in settings: parse it and pass the object",
        setting="data",
        choices=tuple(DATAS),
    )


def _data_setting(data: CastleData) -> object:
    """The shipped data by its name, any other as data, so a record replays anywhere."""
    name = next((k for k, shipped in DATAS.items() if data == shipped()), None)
    return name if name is not None else datafile.to_json(data)


DATA = Setting(
    "data",
    "the component data: default (the shipped file), all_gardens (the same with all "
    "twelve transcribed gardens)",
    default="default",
    read=_data,
    write=_data_setting,
    choices=tuple(DATAS),
    beyond_cli="or a data object",
)
"""``rulespec.game("castle", players=2, data=…)``: ``"default"``, ``"all_gardens"``, a data
object (:doc:`/castle-data`) or a :class:`CastleData`."""


SHORT = Schema(
    "short_position",
    "what a person writes by hand (:mod:`rulespec.castle.short`) and "
    "``rulespec.castle.position.short(state)`` writes; ``state_from_json`` reads it too",
    short.json_schema,
    write=short.short,
    kept=short.kept,
)
"""``game.json_schema("short_position")``: the short form's schema."""


@attrs.frozen(repr=False)  # BaseGame's repr: the rulespec.game(...) call
class CastleGame(
    BaseGame[State],
    parts=Parts.of(
        "rulespec.castle",
        spec=SPEC,
        draw=picture.svg,
        score=scoring.outcome,
        extra=(DATA,),
        implied=("difficulty",),  # "none" with 2-4 players; needed in solo play
        schemas=(SHORT,),
    ),
):
    """The White Castle for a player count (and solo difficulty) on one component data."""

    variant: CastleVariant
    options: CastleOptions
    data: CastleData
    score: ClassVar[staticmethod[[Any], Outcome]]
    """``score(state)`` (``scoring.outcome``, bound by :class:`~rulespec.core.game.Parts`):
    the final scoring, so the state record never imports the scoring that reads it."""
    tables: Tables = attrs.field(init=False, eq=False, repr=False)
    roll_table: dict[Colour, tuple[tuple[Roll, int], ...]] = attrs.field(
        init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        too_many = limits(self.data, MAX_OPTIONS)
        if too_many:
            raise datafile.MalformedCastleData(too_many)
        object.__setattr__(self, "tables", Tables.of(self.data))
        object.__setattr__(self, "roll_table", roll_table(self.variant.dice_per_colour))


GAME = CastleGame
"""``rulespec.game("castle", players=…, difficulty=…, data=…, …)`` ends up in ``GAME.make``;
``difficulty`` is needed in solo play only (``"easy"``, ``"medium"``, ``"hard"``), with 2-4
players it is ``"none"``."""
