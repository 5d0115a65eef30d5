"""The White Castle's vocabulary and component records (the schema of the data file).

Everything printed on a component is data: :class:`CastleData` holds one record per
component, loaded and checked by :mod:`rulespec.castle.data`. The engine interprets the
records; nothing printed is hard-coded in the rules.

Effects as data
---------------
An :class:`Effect` is one printed symbol (castle.de:646-722): a :class:`Symbol`, an
``amount`` (resources, coins, seals, points, influence steps, or a ground's iron cost /
ascent levels for solo symbols) and ``options`` (the symbols of a "one of" choice). An
:data:`Effects` tuple is one *action*: a card section, a tile face, a garden, a family
row's card action, a Daimyo space, a lantern back. Within it, a cost (``PAY_COINS``,
``PAY_SEALS``, a red number, castle.de:201-211) gates every effect after it: pay it or
skip the rest; effects before it are independent. The player resolves an action's effects
in the order they choose (castle.de:197) except that a cost comes before what it gates.

Provenance
----------
Every record carries ``source`` (:class:`Source`) and a ``cite`` (``"castle.de:320"``) or
a ``note`` (why a stand-in looks as it does). The docs' provenance table is built from them.

Identifiers are short strings unique within their kind (``"l1-03"``, ``"plant-2"``).
"""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from rulespec.core.convert import LabelledEnum

RIVAL = 1
"""The solo rival's seat (castle.solo.*): the one player is seat 0 and the Tokugawa clan
seat 1, in the turn order, the families, the Daimyo spaces and the outcome. It never
decides: its free choices are seat 0's (ruling castle.solo.free_choices)."""


class Source(enum.Enum):
    """Where a component's content comes from, strongest first."""

    RULEBOOK = "rulebook"
    TRANSCRIPTION = "transcription"
    SECONDARY = "secondary"
    STAND_IN = "stand-in"


class Colour(LabelledEnum):
    """Die, bridge and die-tile colours; also the family rows (castle.de:307-320)."""

    RED = 0
    BLACK = 1
    WHITE = 2


COLOURS: tuple[Colour, ...] = tuple(Colour)


class Resource(LabelledEnum):
    """The three resources, each on a 0..7 track (castle.de:215)."""

    IRON = 0
    FOOD = 1
    PEARL = 2


RESOURCES: tuple[Resource, ...] = tuple(Resource)
MAX_RESOURCE = 7
MAX_SEALS = 5
"""castle.de:413; more must be exchanged at once (castle.de:419)."""


class Figure(LabelledEnum):
    """The family board's rows, top to bottom (castle.de:126, 307-311)."""

    COURTIER = 0
    GARDENER = 1
    WARRIOR = 2


FIGURES_PER_ROW = 5

ROW_COLOUR: dict[Figure, Colour] = {
    Figure.COURTIER: Colour.RED,
    Figure.GARDENER: Colour.BLACK,
    Figure.WARRIOR: Colour.WHITE,
}
"""A red die goes on the courtiers' row, black on gardeners', white on warriors'."""


class Symbol(LabelledEnum):
    """The printed symbols (castle.de:646-722), costs (castle.de:201-211) and the solo
    rival's symbols (castle.de:574-604)."""

    LANTERN = 0
    """Take your lantern bonus (castle.de:646, 427)."""
    CASTLE = 1
    """The castle action: audience and/or ascent (castle.de:361-405)."""
    VP = 2
    """Gain ``amount`` victory points."""
    TRAINING = 3
    """The training-ground action (castle.de:332-338)."""
    INFLUENCE = 4
    """Advance ``amount`` steps on the seasons track (castle.de:433-441)."""
    GARDEN = 5
    """The garden action (castle.de:345-351); solo: place a gardener (``kinds``)."""
    FOOD = 6
    IRON = 7
    PEARL = 8
    """Gain ``amount`` of that resource (capped at 7)."""
    WELL = 9
    """The well's action without placing a die: 1 seal and the two well tiles (castle.de:674)."""
    FAMILY = 10
    """One family-board row as if a die were placed there (castle.de:682)."""
    LIGHT = 11
    """One light section of any card in the five rooms (castle.de:690)."""
    ANY_RESOURCE = 12
    """``amount`` resources of your choice, split as you like (castle.de:694)."""
    ANY_TILE = 13
    """The action beside any die tile in the castle (castle.de:698)."""
    SEALS = 14
    """Gain ``amount`` seals."""
    WHITE_TILE = 15
    BLACK_TILE = 16
    RED_TILE = 17
    """The action beside a die tile of that colour in the castle (castle.de:706, 714, 722)."""
    COINS = 18
    """Gain ``amount`` coins."""
    PAY_COINS = 19
    """Pay ``amount`` coins to do what follows (castle.de:201-211, 718)."""
    PAY_SEALS = 20
    """Pay ``amount`` seals to do what follows (castle.de:201-211)."""
    CHOICE = 21
    """Do one of ``options`` (each a symbol with amount 1), e.g. castle/garden/training."""
    GATE = 22
    """Solo: a rival courtier to the castle gate (castle.de:584)."""
    ASCEND = 23
    """Solo: the rival's lowest courtier up ``amount`` (1 or 2) levels (castle.de:588)."""
    # --- engine-internal steps of the agenda; never in a data file (the loader rejects them)
    AUDIENCE = 24
    """Part A of the castle action: 2 coins, leftmost courtier to the gate."""
    ASCENT = 25
    """Part B of the castle action: 2/5 pearls, one courtier up 1/2 levels."""
    SECTION = 26
    """One light section of castle card ``amount`` (after a courtier took it)."""
    DAIMYO = 27
    """Take a free space of the level 3 card and its reward."""


INTERNAL = frozenset({Symbol.AUDIENCE, Symbol.ASCENT, Symbol.SECTION, Symbol.DAIMYO})
"""Symbols only the engine puts on its agenda; a data file may not use them."""


TILE_SYMBOL: dict[Colour, Symbol] = {
    Colour.RED: Symbol.RED_TILE,
    Colour.BLACK: Symbol.BLACK_TILE,
    Colour.WHITE: Symbol.WHITE_TILE,
}
RESOURCE_SYMBOL: dict[Resource, Symbol] = {
    Resource.IRON: Symbol.IRON,
    Resource.FOOD: Symbol.FOOD,
    Resource.PEARL: Symbol.PEARL,
}
COSTS = frozenset({Symbol.PAY_COINS, Symbol.PAY_SEALS})
SOLO_ONLY = frozenset({Symbol.GATE, Symbol.ASCEND})


class GardenKind(LabelledEnum):
    """Plant gardens (green half) and stone gardens (brown half) (castle.de:114)."""

    PLANT = 0
    STONE = 1


class TileSide(LabelledEnum):
    """Training tiles are double-sided; each lies on its ground's colour (castle.de:122)."""

    BLUE = 0
    BEIGE = 1


class Slot(LabelledEnum):
    """A position on a bridge, seen from the lantern (castle.de:108, 520)."""

    LEFT = 0
    MIDDLE = 1
    RIGHT = 2


class Area(LabelledEnum):
    """The four areas with die fields (castle.de:223-320)."""

    ROOM = 0
    OUTSIDE = 1
    WELL = 2
    FAMILY = 3


@attrs.frozen
class Effect:
    """One printed symbol. ``kinds`` only for the solo garden symbol (empty: either)."""

    symbol: Symbol
    amount: int = 1
    options: tuple[Symbol, ...] = ()
    kinds: tuple[GardenKind, ...] = ()


Effects: TypeAlias = tuple[Effect, ...]
"""One action: effects in printed order; a cost gates everything after it."""


@attrs.frozen(kw_only=True)
class Provenance:
    """Mixin fields: where the entry comes from."""

    source: Source
    cite: str = ""
    """Rulebook lines, e.g. ``"castle.de:320"``, or the transcription file and index."""
    note: str = ""
    """Why a stand-in or secondary entry looks as it does; mismatches with the book."""


@attrs.frozen(kw_only=True)
class Section:
    """One section of a castle card, beside ``rows`` die-tile rows (1, or 2 on level 2)."""

    effects: Effects
    rows: int = 1


@attrs.frozen(kw_only=True)
class CastleCard(Provenance):
    """A level 1 or 2 castle card (castle.de:86-90, 243-251, 383-392).

    ``sections`` top to bottom: 3 on level 1 (rows 1+1+1), 2 on level 2 (rows summing to
    3). Room slot k lies beside section k. ``dark`` indexes the one dark section (its
    action is compared at setup, castle.de:90); the others are light (castle.de:387).
    ``lantern`` is what the back shows once the card is flipped into a lantern area.
    ``min_players`` is 3 for the ♦ cards left out at 1-2 players (castle.de:75).
    """

    id: str
    level: int
    sections: tuple[Section, ...]
    dark: int
    lantern: Effects
    min_players: int = 1


@attrs.frozen(kw_only=True)
class DaimyoCard(Provenance):
    """A level 3 card: the Daimyo spaces, left to right (castle.de:397, 405, 592)."""

    id: str
    spaces: tuple[Effects, ...]


@attrs.frozen(kw_only=True)
class Garden(Provenance):
    """A garden card: food cost, action on placing/activating, end points (castle.de:345-351,
    499)."""

    id: str
    kind: GardenKind
    cost: int
    points: int
    action: Effects


@attrs.frozen(kw_only=True)
class TrainingTile(Provenance):
    """A double-sided training tile: the action on each side (castle.de:122, 332-338)."""

    id: str
    blue: Effects
    beige: Effects


@attrs.frozen(kw_only=True)
class DieTile(Provenance):
    """A die tile: its colour (die side) and the resources on its back, used face down at
    the well (castle.de:93-99, 289-295)."""

    id: str
    colour: Colour
    back: Effects


@attrs.frozen(kw_only=True)
class ResourceCard(Provenance):
    """A starting resource card: gains at setup, lantern symbols on its back, and the id of
    the bonus card it shows, if any (castle.de:132-144)."""

    id: str
    gains: Effects
    lantern: Effects
    bonus: str | None = None


@attrs.frozen(kw_only=True)
class ActionCard(Provenance):
    """A starting action card: one action per family row (courtiers, gardeners, warriors;
    castle.de:307-320) and its back's lantern symbols (castle.de:386)."""

    id: str
    rows: tuple[Effects, Effects, Effects]
    lantern: Effects


@attrs.frozen(kw_only=True)
class BonusCard(Provenance):
    """A bonus card: lies in the lantern area (castle.de:139); its symbols join the bonus."""

    id: str
    lantern: Effects


@attrs.frozen(kw_only=True)
class TileSlot:
    """A die-tile slot in a room: ``number`` 1..10 is the fill order (castle.de:97); 0 is a
    ♦ slot holding the tile of ``colour`` (castle.de:93)."""

    number: int
    colour: Colour | None = None


@attrs.frozen(kw_only=True)
class Room(Provenance):
    """A room: its level (1 or 2), printed die value, and tile slots beside the card."""

    level: int
    value: int
    slots: tuple[TileSlot, ...]


@attrs.frozen(kw_only=True)
class OutsideField(Provenance):
    """A field outside the walls: any colour, one of two actions (castle.de:261-279)."""

    value: int
    options: tuple[Symbol, Symbol]


@attrs.frozen(kw_only=True)
class Well(Provenance):
    """The well: value always ``value`` (1), unlimited dice, ``seals`` plus the backs of the
    ``tiles`` die tiles beside it (castle.de:97-99, 289-295)."""

    value: int
    seals: int
    tiles: int


@attrs.frozen(kw_only=True)
class Ground(Provenance):
    """A training ground: iron cost, points per warrior, the sides of its tiles
    (castle.de:332-338, 491)."""

    cost: int
    points: int
    sides: tuple[TileSide, ...]


@attrs.frozen(kw_only=True)
class FamilyRow(Provenance):
    """A family-board row: its die field's printed value and the reward printed under each
    figure space, left to right; a reward shows once its figure has left
    (castle.de:307-320)."""

    figure: Figure
    value: int
    rewards: tuple[Effects, ...]


@attrs.frozen(kw_only=True)
class Tree:
    """A tree on the seasons track between space ``after`` and ``after + 1``; crossing it
    costs ``seals`` (castle.de:437-441)."""

    after: int
    seals: int


@attrs.frozen(kw_only=True)
class Track(Provenance):
    """The seasons track: spaces 0..``last`` (0 is the heron, castle.de:128, 518), its
    trees, the points for reaching seasons 2 and 3, and season-4 space values
    (castle.de:483)."""

    last: int
    trees: tuple[Tree, Tree, Tree]
    season_points: tuple[int, int]
    """Points for ending in season 2 and season 3 (3 and 6)."""
    final: tuple[int, ...]
    """Points of each season-4 space, from the space after the third tree to ``last``."""


@attrs.frozen(kw_only=True)
class Court(Provenance):
    """Points per courtier at the gate and levels 1-3 (castle.de:491-495)."""

    points: tuple[int, int, int, int]


@attrs.frozen(kw_only=True)
class Board(Provenance):
    """The printed main board and family board (one for all families)."""

    rooms: tuple[Room, ...]
    """Level 1 rooms then level 2 rooms (3 + 2, castle.de:243)."""
    outside: tuple[OutsideField, OutsideField]
    well: Well
    grounds: tuple[Ground, ...]
    family: tuple[FamilyRow, FamilyRow, FamilyRow]
    track: Track
    court: Court


@attrs.frozen(kw_only=True)
class Place:
    """A die field: ``area`` and an index in it (room 0-4, outside 0-1, well 0, family
    row 0-2)."""

    area: Area
    index: int = 0


@attrs.frozen(kw_only=True)
class SoloCard(Provenance):
    """A solo card: bridge side (die: bridge colour and slot; target field) and the back's
    two rival actions (castle.de:520-604)."""

    id: str
    colour: Colour
    slot: Slot
    target: Place
    actions: tuple[Effect, Effect]


@attrs.frozen(kw_only=True, cache_hash=True)  # a key of per-data caches: hashed often, deep
class CastleData:
    """Every component of one game, checked by :func:`rulespec.castle.data.load`."""

    name: str
    note: str
    level1: tuple[CastleCard, ...]
    level2: tuple[CastleCard, ...]
    level3: tuple[DaimyoCard, ...]
    gardens: tuple[Garden, ...]
    training: tuple[TrainingTile, ...]
    die_tiles: tuple[DieTile, ...]
    resources: tuple[ResourceCard, ...]
    actions: tuple[ActionCard, ...]
    bonuses: tuple[BonusCard, ...]
    solo: tuple[SoloCard, ...]
    board: Board
