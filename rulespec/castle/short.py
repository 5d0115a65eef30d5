"""The White Castle's short position: what a person writes by hand (issue 22).

The engine's position (``state.to_json()``) holds agenda frames, component indices, a
stamp and turn counters. The short form names components by their ids (``"l1-03"``,
``"plant-2"``, ``"t4"``, ``"red-3"``, ``"a1"``, ``"r5"``, ``"s2"``), fields by the
notation's numbers (``"room 2"``, ``"outside 5"``), bridges and rows by name, and derives
every counter: whose turn it is and how many turns are done follow from the dice left on
the bridges and the order; the decks are the cards placed nowhere else; the figures left
on a family board are the five not placed; the markers' heights follow the order.

One declaration (issue 33): the records :class:`ShortPosition`, :class:`ShortFamily`,
:class:`ShortSolo` and :class:`ShortPending` say every key, its type, range and ids, and
the converter (:mod:`rulespec.core.convert`) derives from them the reading, the writing
and the JSON Schema, so the three cannot drift apart. Only two steps are written by
hand: :func:`expand` (a short position to the state, checking what the rules keep, each
refusal naming the field and the rule) and :func:`abbreviate` (a state to its short
position, leaving out what reads back by default).

What loads can be played on (found after issue 19): a field's ``dice`` run to the
variant's stacking limit (castle.turn.stacking), and the position's loader
(:func:`rulespec.castle.position.count_problems`) refuses coins, points or a stamp the
rest of a game could push past 10,000.

A position is read in the short form when it has none of the engine's own keys
(:data:`ENGINE_KEYS`); :func:`short` writes a state back in it, and :func:`json_schema`
is its JSON Schema (``game.json_schema("short_position")``). Every key may be left out:

``round`` (1), ``order`` (seats, first to play first; the solo rival is seat 1; default:
in round 1 seat 0, 1, … (solo: the difficulty's), later the furthest on the seasons track
first),
``stack`` (seats whose markers share a space, top first; default: as ``order``),
``rooms`` (five card ids, null for a room waiting for its refill), ``level3``,
``daimyo`` (per space a seat or null), ``beside``, ``diamond`` (the ♦ tiles, red, black,
white), ``tiles`` (slots 1-12), ``gardens`` (slot ``2 * bridge + kind``), ``training``,
``display`` (the starting pairs no seat took, or every pair laid out in its place with
null for each pair a seat took, as :func:`short` writes it), ``discarded`` (in solo play,
the cards the rival's ascents removed): the layout defaults to the first components
of each pile that setup would accept;
``bridges`` (``{"red": [2, 2, 4], …}``, each slot's die from the lantern end, 0 for an
empty slot, all 0 once every die is taken; a bridge left out is still to be rolled);
``fields`` (``{"room 2": 5}``, or ``{"top": 5, "dice": 2}`` for stacked dice);
``families`` (per seat: ``coins``, ``seals``, ``iron``, ``food``, ``pearl``,
``points``, ``court`` [gate, level 1, 2, 3], ``gardeners`` (garden ids), ``warriors``
(per training ground, board order), ``card`` (the row card), ``lantern`` (ids),
``track``, ``dice`` (``{"gardeners": 3}``): zero, empty or the seat's starting pair,
action card and resource card number ``seat``, when left out);
``rival`` and ``solo`` (``top``, ``bottom``, ``known``) in solo play;
``pending``: a turn under way (below).

Without ``pending`` the position is at a turn's start (or a round's start while a bridge
is still to be rolled): the seat to play is the next in order. Three dice left is the
round's end, with ``order`` the new order, which the track and the pile decide (left out,
it is derived; given, it must agree: castle.round.order, castle.round.order_stack): in
round 3 the game is over; in rounds 1 and 2 the gardeners are activated next
(castle.round.gardeners), or the dice are rolled again.

``pending`` describes the turn of the seat whose turn it is (``seat``, if given, must be
that seat; its die is off the bridge already):

* ``{"held": "white 6 right"}``: the die taken, to be placed (``left`` for the lantern end);
* ``{"on": "room 2", "die": "white", "left": false}``: a die of that colour was just placed
  on that field; its actions (and the lantern bonus, for a die from the left end) are to
  resolve, as the engine puts them on the agenda (castle.turn.field_actions);
* ``{"resolve": ["training"], "under": [["iron 2"]]}``: the tasks waiting, each written as
  effects joined by commas (``"pay_seals 1, castle"``), the top frame in ``resolve`` and
  the frames beneath it in ``under``, bottom first;
* ``{"gardeners": [1]}`` with ``resolve``: at a round's end, ``seat`` activates its
  gardeners, the seats listed activate theirs next.

A room left empty (null) with cards left in its deck waits for its refill, dealt next.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, TypeVar

import attrs

from rulespec.castle import setup
from rulespec.castle.actions import MAX_TASKS
from rulespec.castle.agenda import tidy
from rulespec.castle.bounds import agenda_depth, lantern_most
from rulespec.castle.codec import CODEC
from rulespec.castle.components import COLOURS, Colour, Effect, Figure, Symbol
from rulespec.castle.data import effect_text
from rulespec.castle.fields import field_frames, lantern_frame
from rulespec.castle.rounds import after_roll, new_order, next_gardeners, reroll, settle
from rulespec.castle.state import (
    Count,
    Family,
    Figures,
    Frame,
    Phase,
    Small,
    Solo,
    Stage,
    State,
    Task,
)
from rulespec.castle.tables import (
    BOARD_FIELDS,
    FIELD_FAMILY,
    FIELD_OUTSIDE,
    GARDENS,
    ROOMS,
    TILE_SLOTS,
)
from rulespec.core.convert import (
    LEFT_OUT,
    AtMost,
    ComponentId,
    Keyed,
    LeftOut,
    Length,
    Range,
    Reader,
    Repr,
)
from rulespec.errors import InvalidArgument, MalformedPosition, bounded

if TYPE_CHECKING:
    from rulespec.castle.game import CastleGame

ENGINE_KEYS = frozenset(
    {"phase", "stage", "actor", "turns", "picking", "deck1", "deck2", "stacked", "held",
     "agenda", "refill", "stamp", "refill_wait"}
)  # fmt: skip
"""Keys only the engine's full position has: any of them means the full form."""

HEADER = ("game", "settings", "step")
"""The keys every position has (``check_header`` reads them)."""
FIGURES = 5
"""Figures of each kind per family (castle.setup.family)."""
ROWS = tuple(f"{f.label}s" for f in Figure)
"""A family board's rows by name: ``courtiers``, ``gardeners``, ``warriors``."""
T = TypeVar("T")


def is_short(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` is written in the short form (it has no engine-only key)."""
    return not any(k in data for k in ENGINE_KEYS)


def field_name(field: int) -> str:
    """``room 2``, ``outside 5``: a board field by the notation's number."""
    return f"room {field}" if field < FIELD_OUTSIDE else f"outside {field}"


FIELDS = tuple(field_name(f) for f in range(BOARD_FIELDS))
PLACES = (*FIELDS, "well", *ROWS)
"""Where a die is placed, by its field number: the board fields, the well, the rows."""


@attrs.frozen
class Ids:
    """Every component id of one game, each kind in number order (the state's indices):
    a row card is an action card or a castle card, a lantern source a resource, bonus,
    action or castle card (:class:`rulespec.castle.tables.Tables`)."""

    card: tuple[str, ...]
    level3: tuple[str, ...]
    garden: tuple[str, ...]
    training: tuple[str, ...]
    tile: tuple[str, ...]
    resource: tuple[str, ...]
    action: tuple[str, ...]
    solo: tuple[str, ...]
    row: tuple[str, ...]
    lantern: tuple[str, ...]


@functools.lru_cache(maxsize=16)  # bounded: every game with its own data is a new key
def ids(game: CastleGame) -> Ids:
    """The component ids of ``game``."""
    t, d = game.tables, game.data
    card = tuple(c.id for c in t.cards)
    action = tuple(x.id for x in d.actions)
    resource = tuple(x.id for x in d.resources)
    bonus = tuple(b.id for b in d.bonuses)
    return Ids(
        card=card,
        level3=tuple(c.id for c in d.level3),
        garden=tuple(g.id for g in d.gardens),
        training=tuple(x.id for x in d.training),
        tile=tuple(x.id for x in d.die_tiles),
        resource=resource,
        action=action,
        solo=tuple(x.id for x in d.solo),
        row=(*action, *card),
        lantern=(*resource, *bonus, *action, *card),
    )


def seats_of(game: CastleGame) -> int:
    """The families and, in solo play, the rival."""
    return game.variant.players + (1 if game.variant.solo else 0)


# --- the declaration: what each key holds ----------------------------------------------------


def _seat_order_load(raw: Any, reader: Reader) -> tuple[int, ...] | None:
    seats = seats_of(reader.ctx)
    if (
        not isinstance(raw, list)
        or len(raw) != seats
        or sorted(x for x in raw if type(x) is int) != list(range(seats))
    ):
        reader.bad(f"expected each seat of 0 to {seats - 1} once, got {bounded(raw)}")
        return None
    return tuple(raw)


def _seat_order_schema(game: CastleGame | None) -> dict[str, Any]:
    n = None if game is None else seats_of(game)
    seat = {"type": "integer", "minimum": 0, **({} if n is None else {"maximum": n - 1})}
    out = {"type": "array", "items": seat, "uniqueItems": True}
    return out if n is None else {**out, "minItems": n, "maxItems": n}


SEAT_ORDER = Repr(lambda v, ctx: list(v), _seat_order_load, _seat_order_schema)
"""Each seat once (a list of seats, first first)."""


def _held_load(raw: Any, reader: Reader) -> tuple[int, int, int]:
    words = raw.split() if isinstance(raw, str) and len(raw) < 100 else []
    names = [c.label for c in COLOURS]
    if (
        len(words) != 3
        or words[0] not in names
        or words[1] not in {"1", "2", "3", "4", "5", "6"}
        or words[2] not in ("left", "right")
    ):
        reader.bad(f"expected 'COLOUR VALUE END' as 'white 6 right', got {bounded(raw)}")
        return (0, 0, 0)
    return (names.index(words[0]), int(words[1]), int(words[2] == "left"))


HELD = Repr(
    lambda v, ctx: f"{COLOURS[v[0]].label} {v[1]} {'left' if v[2] else 'right'}",
    _held_load,
    lambda ctx: {"type": "string",
                 "pattern": r"^\s*(red|black|white)\s+[1-6]\s+(left|right)\s*$"},
)  # fmt: skip
"""The die in hand: ``"white 6 right"`` (its colour, value and the bridge end)."""


def _task_load(raw: Any, reader: Reader) -> Task | None:
    if not isinstance(raw, str) or not raw.strip() or len(raw) > 400:
        reader.bad(f"expected a task, effects joined by commas ('pay_seals 1, castle'), got "
                   f"{bounded(raw)}")  # fmt: skip
        return None
    return tuple(CODEC.load(p.strip(), Effect, reader) for p in raw.split(","))


def _frame_load(raw: Any, reader: Reader) -> Frame | None:
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not items:
        reader.bad(f"expected a task or a list of tasks, got {bounded(raw)}")
        return None
    if len(items) > MAX_TASKS:  # refused unread (found after issue 28)
        reader.bad(f"{len(items)} tasks; a frame holds at most {MAX_TASKS} (castle.actions.order)")
        return None
    tasks = [_task_load(x, reader.at(i)) for i, x in enumerate(items)]
    return None if None in tasks else tuple(t for t in tasks if t is not None)


def _task_text(task: Task) -> str:
    return ", ".join(effect_text(e) for e in task)


_TASK_SCHEMA = {"type": "string", "minLength": 1, "maxLength": 400, "pattern": r"\S",
                "description": "effects joined by commas, as 'pay_seals 1, castle'"}  # fmt: skip
FRAME = Repr(
    lambda v, ctx: [_task_text(task) for task in v],
    _frame_load,
    lambda ctx: {"anyOf": [_TASK_SCHEMA, {"type": "array", "items": _TASK_SCHEMA,
                                          "minItems": 1, "maxItems": MAX_TASKS}]},
)  # fmt: skip
"""A frame of the agenda: its tasks, each effects joined by commas (one task alone may be
written without the list)."""


CardId = Annotated[int, ComponentId("a castle card", lambda g: ids(g).card)]
"""A castle card of level 1 or 2 by its id (``"l1-03"``)."""
Level3Id = Annotated[int, ComponentId("a level 3 card", lambda g: ids(g).level3)]
"""A level 3 castle card by its id."""
GardenId = Annotated[int, ComponentId("a garden", lambda g: ids(g).garden)]
"""A garden by its id (``"plant-2"``)."""
TrainingId = Annotated[int, ComponentId("a training tile", lambda g: ids(g).training)]
"""A training tile by its id (``"t4"``)."""
TileId = Annotated[int, ComponentId("a die tile", lambda g: ids(g).tile)]
"""A die tile by its id (``"red-3"``)."""
ResourceId = Annotated[int, ComponentId("a resource card", lambda g: ids(g).resource)]
"""A resource card by its id (``"r5"``)."""
ActionId = Annotated[int, ComponentId("an action card", lambda g: ids(g).action)]
"""An action card by its id (``"a1"``)."""
SoloId = Annotated[int, ComponentId("a solo card", lambda g: ids(g).solo)]
"""A solo card by its id (``"s2"``)."""
RowId = Annotated[int, ComponentId("an action card or a castle card", lambda g: ids(g).row)]
"""The card beside a family's rows: an action card or a castle card."""
LanternId = Annotated[int, ComponentId("a card", lambda g: ids(g).lantern)]
"""A card of a lantern area: a resource, bonus, action or castle card."""
PlaceId = Annotated[int, ComponentId("a field", lambda g: PLACES)]
"""Where a die is placed (:data:`PLACES`)."""
SeatNo = Annotated[int, Range(0, lambda g: seats_of(g) - 1)]
"""A seat, the solo rival's included."""
Die = Annotated[int, Range(1, 6)]
"""A die's value."""
BridgeSlot = Annotated[int, Range(0, 6)]
"""A bridge slot: a die, or 0 for an empty slot."""
Order = Annotated[tuple[int, ...], SEAT_ORDER]
"""Each seat once."""
Rooms = Annotated[tuple[CardId | None, ...], Length(ROOMS, "room")]
"""Per room its card, null while it waits for its refill."""
Beside = Annotated[tuple[Figures, ...], Length(seats_of, "seat")]
"""Courtiers beside the full Daimyo card, per seat."""
Diamond = Annotated[tuple[TileId, ...], Length(3, "colour")]
"""The ♦ slots' tiles: red, black, white."""
Tiles = Annotated[tuple[TileId, ...], Length(TILE_SLOTS, "slot")]
"""Die-tile slots 1 to 12 (11, 12 at the well)."""
Gardens = Annotated[tuple[GardenId, ...], Length(GARDENS, "slot")]
"""Per garden slot 2 * bridge + kind (plant 0, stone 1)."""
Training = Annotated[tuple[TrainingId, ...], Length(lambda g: len(g.tables.ground_of_slot), "slot")]
"""Per training slot its tile."""
Bridges = Annotated[
    tuple[
        Annotated[tuple[BridgeSlot, ...], Length(lambda g: g.variant.dice_per_colour, "slot")], ...
    ],
    Keyed(lambda g: [c.label for c in COLOURS], (), "a bridge"),
]
"""Each bridge's dice from the lantern end, 0 for an empty slot; a bridge left out is
still to be rolled."""
Warriors = Annotated[tuple[Figures, ...], Length(lambda g: len(g.data.board.grounds), "ground")]
"""Warriors per training ground, in board order."""
Lantern = Annotated[
    tuple[LanternId, ...],
    AtMost(lantern_most, "a lantern area holds a starting pair's resource and bonus cards and "
           "a row card for each landing of a courtier on level 1 or 2 (castle.actions.card_swap)"),
]  # fmt: skip
"""A lantern area's cards."""
RowDice = Annotated[tuple[Die, ...], Keyed(lambda g: ROWS, 0, "a family-board row")]
"""The die on each family-board row."""
Held = Annotated[tuple[int, int, int], HELD]
"""The die in hand: its colour, value and whether from the lantern end."""
Tasks = Annotated[Frame, FRAME]
"""A frame of the agenda."""
Under = Annotated[
    tuple[Tasks, ...],
    AtMost(lambda g: agenda_depth(g) - 1, "what a die placed starts and the actions it sets "
           "off stack no deeper than the components allow (castle.turn.field_actions)"),
]  # fmt: skip
"""The frames below the top one, bottom first."""
Pair = tuple[ResourceId, ActionId]
"""A starting pair: [resource card, action card]."""


Seals = Annotated[int, Range(0, 40)]
"""A family's seals."""
TrackSpace = Annotated[int, Range(0, lambda g: g.data.board.track.last)]
"""A space of the seasons track."""
Round = Annotated[int, Range(1, 3)]
"""A round of the game."""
StackedDice = Annotated[int, Range(1, 15)]
"""How many dice lie stacked on one board field."""


@attrs.frozen
class Stacked:
    """Dice stacked on a board field: the top one's value and how many."""

    top: Die
    dice: StackedDice = 1


FieldDice = Annotated[tuple[Die | Stacked, ...], Keyed(lambda g: FIELDS, 0, "a board field")]
"""The top die's value on each board field (or its top and the dice stacked)."""


@attrs.frozen
class ShortFamily:
    """A family (or the solo rival); a key left out is zero, empty or, for a family, its
    starting pair (action card and resource card number ``seat``; castle.setup.pairs)."""

    SPARSE: ClassVar[bool] = True

    coins: Count | LeftOut = LEFT_OUT
    seals: Seals = 0
    iron: Small = 0
    food: Small = 0
    pearl: Small = 0
    points: Count | LeftOut = LEFT_OUT
    """Left out: 0, the rival's the difficulty's (castle.solo.setup)."""
    court: tuple[Figures, Figures, Figures, Figures] = (0, 0, 0, 0)
    """Courtiers at the gate and on levels 1, 2, 3."""
    gardeners: tuple[GardenId, ...] = ()
    """The gardens holding a gardener."""
    warriors: Warriors | LeftOut = LEFT_OUT
    card: RowId | LeftOut | None = LEFT_OUT
    """The row card (null: none)."""
    lantern: Lantern | LeftOut = LEFT_OUT
    track: TrackSpace | LeftOut = LEFT_OUT
    """Left out: 0, the rival's the difficulty's influence (castle.solo.setup)."""
    dice: RowDice = (0, 0, 0)


Families = Annotated[tuple[ShortFamily, ...], Length(lambda g: g.variant.players, "seat")]
"""One family per seat (the solo rival apart)."""


@attrs.frozen
class ShortSolo:
    """The solo deck: its top card, the cards under it, and whether the top is known."""

    SPARSE: ClassVar[bool] = True

    top: SoloId | None = None
    bottom: tuple[SoloId, ...] = ()
    known: bool = False


@attrs.frozen
class ShortPending:
    """The turn under way: a die ``held``, a die just placed ``on`` a field, or the
    frames to ``resolve`` (``under``: the frames below, bottom first); ``gardeners`` at a
    round's end."""

    SPARSE: ClassVar[bool] = True

    seat: SeatNo | LeftOut = LEFT_OUT
    gardeners: tuple[SeatNo, ...] | LeftOut = LEFT_OUT
    """The seats still to activate their gardeners after ``seat``."""
    held: Held | LeftOut = LEFT_OUT
    on: PlaceId | LeftOut = LEFT_OUT
    die: Colour | LeftOut = LEFT_OUT
    left: bool = False
    resolve: Tasks | LeftOut = LEFT_OUT
    under: Under = ()


@attrs.frozen
class ShortPosition:
    """A White Castle position in the short form (the module's docstring says each key)."""

    SPARSE: ClassVar[bool] = True

    round: Round | LeftOut = LEFT_OUT
    order: Order | LeftOut = LEFT_OUT
    """Seats, first to play first."""
    stack: Order | LeftOut = LEFT_OUT
    """Seats whose markers share a space, top first."""
    rooms: Rooms | LeftOut = LEFT_OUT
    level3: Level3Id | LeftOut = LEFT_OUT
    daimyo: tuple[SeatNo | None, ...] | LeftOut = LEFT_OUT
    """Per Daimyo space a seat or null."""
    beside: Beside | LeftOut = LEFT_OUT
    discarded: tuple[CardId, ...] | LeftOut = LEFT_OUT
    """In solo play, the room cards the rival's ascents removed."""
    diamond: Diamond | LeftOut = LEFT_OUT
    tiles: Tiles | LeftOut = LEFT_OUT
    gardens: Gardens | LeftOut = LEFT_OUT
    training: Training | LeftOut = LEFT_OUT
    display: tuple[Pair | None, ...] | LeftOut = LEFT_OUT
    """The starting pairs no seat took, or every pair laid out, null for each a seat took."""
    bridges: Bridges = ((), (), ())
    fields: FieldDice = (0,) * BOARD_FIELDS
    families: Families | LeftOut = LEFT_OUT
    rival: ShortFamily | LeftOut = LEFT_OUT
    solo: ShortSolo | LeftOut = LEFT_OUT
    pending: ShortPending | LeftOut = LEFT_OUT
    """The turn under way (left out: a turn's start)."""


def given(value: T | LeftOut, default: T) -> T:
    """``value``, or ``default`` where it was left out."""
    return default if value is LEFT_OUT else value


def unless(value: T, default: T) -> T | LeftOut:
    """``value``, or :data:`~rulespec.core.convert.LEFT_OUT` where it is ``default``."""
    return LEFT_OUT if value == default else value


# --- what an agenda may hold ----------------------------------------------------------------


@functools.cache
def tasks(game: CastleGame) -> frozenset[tuple[Effect, ...]]:
    """Every task the engine may put on the agenda, with every tail of it: what the data
    prints (sections, lanterns, Daimyo spaces, gardens, tiles, backs, goods, family rows)
    and the engine's own steps."""
    t, data = game.tables, game.data
    whole: set[tuple[Effect, ...]] = set()
    whole.update(s.effects for c in t.cards for s in c.sections)
    whole.update(t.lantern)
    whole.update(space for c in data.level3 for space in c.spaces)
    whole.update(g.action for g in data.gardens)
    whole.update(x for tile in data.training for x in (tile.blue, tile.beige))
    whole.update(d.back for d in data.die_tiles)
    whole.update(r.gains for r in data.resources)
    whole.update(row for rows in t.rows_of_card for row in rows)
    whole.update(r for row in data.board.family for r in row.rewards)
    whole.add((Effect(Symbol.SEALS, data.board.well.seals),))
    whole.update((Effect(Symbol.CHOICE, 1, tuple(o.options)),) for o in data.board.outside)
    whole.update({(Effect(Symbol.AUDIENCE),), (Effect(Symbol.ASCENT),)})
    whole.add((Effect(Symbol.LANTERN), Effect(Symbol.DAIMYO)))
    whole.update((Effect(Symbol.SECTION, c),) for c in range(len(t.cards)))
    chosen = {o for task in whole for e in task if e.symbol is Symbol.CHOICE for o in e.options}
    whole.update((Effect(o, 1),) for o in chosen)
    return frozenset(task[i:] for task in whole for i in range(len(task)))


@functools.cache
def goods(game: CastleGame) -> frozenset[tuple[Effect, ...]]:
    """While starting pairs are picked, the agenda holds what is left of a resource card's
    goods (castle.setup.pairs)."""
    gains = (r.gains for r in game.data.resources)
    return frozenset(task[i:] for task in gains for i in range(len(task)))


# --- the layout setup would deal, first components first ------------------------------------


@functools.lru_cache(maxsize=16)  # bounded: every game with its own data is a new key
def default_layout(game: CastleGame) -> State:
    """The board after setup's deals when each deal takes the first item its pile allows
    (castle.setup.*): the layout a short position starts from."""
    s = State.initial(game)
    while s.phase is Phase.SETUP:
        pile = setup.next_pile(s)
        if pile is None or pile.value in ("seat", "resource", "action"):
            break
        items = setup.pool(s, pile)
        s = setup.deal(s, setup.deal_of(pile, items[0]))
    return s


# --- reading: the form from the declaration, then expand -----------------------------------


def load(game: CastleGame, data: Mapping[str, Any], reader: Reader) -> State:
    """A state from a short position (the header already checked); every problem at once
    in a :class:`~rulespec.MalformedPosition`."""
    values = CODEC.fields(ShortPosition, data, reader, extra=HEADER)
    return expand(game, ShortPosition(**values), reader)


def expand(game: CastleGame, short: ShortPosition, reader: Reader) -> State:
    """The state ``short`` describes: the layout setup would deal for what is left out,
    the counters derived, and what the rules keep checked, each refusal at its field in
    ``reader`` (read with problems, ``short`` holds placeholders: the checks go on and
    every problem is raised at once, in a :class:`~rulespec.MalformedPosition`)."""
    variant = game.variant
    v = _layout(game, short, reader)
    everyone, v["solo"] = _everyone(game, short, reader, v["gardens"])
    order = given(short.order, None) or _default_order(
        v["round"], default_layout(game), everyone, given(short.stack, None)
    )
    stack = given(short.stack, None) or order
    seats = len(everyone)
    heights = {p: seats - i for i, p in enumerate(stack)}
    everyone = [f.but(height=heights.get(p, 0)) for p, f in enumerate(everyone)]
    n = variant.players
    v.update(order=tuple(order), families=tuple(everyone[:n]), stamp=seats)
    v["rival"] = everyone[n] if variant.solo else None
    v["deck1"], v["deck2"] = _decks(game, short.discarded, reader, everyone, v["rooms"])
    v["display"] = _display(reader.at("display"), short.display, game, everyone)
    slots = variant.dice_per_colour
    v["bridges"] = tuple(b if len(b) == slots else () for b in short.bridges)
    rolled = all(v["bridges"])
    if not rolled:  # the dice still to roll: an empty bridge, as rounds.start_round
        v["bridges"] = tuple(b or (0,) * slots for b in v["bridges"])
    v["fields"], v["stacked"] = _fields(reader.at("fields"), short.fields, variant.stack)
    _raise(reader)
    s = State(
        game=game, phase=Phase.RESOLVE, stage=Stage.TURN, actor=order[0], turns=0,
        picking=(), held=(0, 0, 0), agenda=(), refill=None, **v,
    )  # fmt: skip
    pending = given(short.pending, None)
    return _situation(s, pending, reader, rolled, order_given=short.order is not LEFT_OUT)


def _layout(game: CastleGame, short: ShortPosition, reader: Reader) -> dict[str, Any]:
    """The round and the board's components, each part by its ids or as setup deals it."""
    base, seats = default_layout(game), seats_of(game)
    v: dict[str, Any] = {"round": given(short.round, 1)}
    for key in ("rooms", "diamond", "tiles", "gardens", "training"):
        got, dealt = getattr(short, key), tuple(getattr(base, key))
        v[key] = dealt if got is LEFT_OUT or len(got) != len(dealt) else tuple(got)
    v["level3"] = level3 = given(short.level3, base.level3)
    spaces = len(game.data.level3[level3 if level3 is not None else 0].spaces)
    v["daimyo"] = given(short.daimyo, (None,) * spaces)
    if len(v["daimyo"]) != spaces:
        reader.at("daimyo").bad(f"expected a seat or null per Daimyo space ({spaces})")
        v["daimyo"] = (None,) * spaces
    beside = given(short.beside, (0,) * seats)
    v["beside"] = beside if len(beside) == seats else (0,) * seats
    return v


def _everyone(
    game: CastleGame, short: ShortPosition, reader: Reader, gardens: Sequence[int | None]
) -> tuple[list[Family], Solo | None]:
    """The families and, in solo play, the rival (last), with the solo deck."""
    n = game.variant.players
    written = given(short.families, (ShortFamily(),) * n)
    if len(written) != n:
        written = (ShortFamily(),) * n
    fams = [
        _family(reader.at("families").at(p), f or ShortFamily(), game, gardens, seat=p)
        for p, f in enumerate(written)
    ]
    if not game.variant.solo:
        for key in ("rival", "solo"):
            if getattr(short, key) is not LEFT_OUT:
                reader.at(key).bad("only in solo play (castle.solo.setup)")
        return fams, None
    rival = given(short.rival, ShortFamily()) or ShortFamily()
    fams.append(_family(reader.at("rival"), rival, game, gardens, seat=None))
    return fams, _solo(given(short.solo, ShortSolo()) or ShortSolo(), game)


def _decks(
    game: CastleGame, discarded: tuple[int, ...] | LeftOut, reader: Reader,
    everyone: Sequence[Family], rooms: Sequence[int | None],
) -> tuple[tuple[int, ...], tuple[int, ...]]:  # fmt: skip
    """The decks: the castle cards of the game placed nowhere else."""
    t, actions = game.tables, len(game.data.actions)
    used = {c for c in rooms if c is not None}
    for f in everyone:
        if f.card is not None and f.card >= actions:
            used.add(f.card - actions)
        used.update(x - t.castle_source for x in f.lantern if x >= t.castle_source)
    full = State.initial(game)
    if discarded is not LEFT_OUT:
        if not game.variant.solo:
            reader.at("discarded").bad(
                "only the solo rival's ascent removes room cards (castle.solo.symbols)"
            )
        for i, c in enumerate(discarded):
            if c is not None and c not in full.deck1 and c not in full.deck2:
                reader.at("discarded").at(i).bad(
                    "a ♦ castle card, used with three or four families only "
                    "(castle.setup.two_player_cards)"
                )
        used.update(c for c in discarded if c is not None)
    return (
        tuple(c for c in full.deck1 if c not in used),
        tuple(c for c in full.deck2 if c not in used),
    )


def _default_order(
    round_: int, base: State, fams: Sequence[Family], stack: Sequence[int] | None
) -> list[int]:
    """The order a position leaves out: in round 1 the influence stack's (seat 0 first;
    in solo play the difficulty's heron order), later the furthest on the seasons track
    first, a marker on top first on one space (castle.round.order), ``stack`` or the seat
    number deciding."""
    seats = len(fams)
    if round_ == 1:
        return list(base.order) if base.order else list(range(seats))
    below = list(stack) if stack is not None else list(range(seats))
    return sorted(range(seats), key=lambda p: (-fams[p].track, below.index(p)))


Pairs = tuple[tuple[int | None, int | None], ...]


def _display(
    reader: Reader, raw: tuple[tuple[int, int] | None, ...] | LeftOut, game: CastleGame,
    fams: list[Family],
) -> Pairs:  # fmt: skip
    """The starting pairs laid out: those given, or the first cards no family took."""
    variant, t = game.variant, game.tables
    if variant.solo:
        if raw is not LEFT_OUT:
            reader.bad("no starting pairs are laid out in solo play")
        return ()
    left = variant.pairs - variant.players
    taken: Pairs = ((None, None),) * variant.players
    if raw is not LEFT_OUT:
        # the pairs left over (the taken ones after them), or every pair laid out in its
        # place with null for each pair a seat took (as short() writes it: exact)
        whole = len(raw) == variant.pairs
        if len(raw) not in (left, variant.pairs) or (
            whole and sum(p is None for p in raw) != variant.players
        ):
            reader.bad(
                f"expected the {left} starting pairs no seat took, or all {variant.pairs} "
                f"pairs laid out with null for each of the {variant.players} a seat took "
                "(castle.setup.pairs)"
            )
            return taken
        pairs: list[tuple[int | None, int | None]] = []
        for i, pair in enumerate(raw):
            if pair is None and not whole:
                reader.at(i).bad("expected [resource card id, action card id]")
            pairs.append((None, None) if pair is None else pair)
        return tuple(pairs) if whole else (*pairs, *taken)
    gone = {x for f in fams for x in f.lantern}
    resources = [i for i in range(len(game.data.resources)) if t.resource_source + i not in gone]
    cards = {f.card for f in fams} | {x - t.action_source for x in gone}
    actions = [i for i in range(len(game.data.actions)) if i not in cards]
    left_over: list[tuple[int | None, int | None]] = list(zip(resources, actions, strict=False))
    return (*left_over[:left], *taken)


def starting(game: CastleGame, seat: int | None) -> Family:
    """A family before anything is written of it: seat ``seat``'s starting pair (action
    card and resource card number ``seat``, with the resource card's bonus card), or the
    solo rival (``None``) with its difficulty's points and influence."""
    data, t = game.data, game.tables
    fam = Family.start(len(data.board.grounds))
    if seat is None:
        return fam.but(points=game.variant.rival_points, track=game.variant.rival_influence)
    res = seat % len(data.resources)
    sources = [t.resource_source + res]
    bonus = data.resources[res].bonus
    bonuses = [b.id for b in data.bonuses]
    if bonus in bonuses:
        sources.append(t.bonus_source + bonuses.index(bonus))
    return fam.but(card=seat % len(data.actions), lantern=tuple(sources))


def _family(
    reader: Reader, f: ShortFamily, game: CastleGame, gardens: Sequence[int | None], *,
    seat: int | None,
) -> Family:  # fmt: skip
    fam = starting(game, seat)
    grounds = len(game.data.board.grounds)
    warriors = given(f.warriors, fam.grounds)
    if len(warriors) != grounds:
        warriors = fam.grounds
    slots: list[int] = []
    for i, g in enumerate(f.gardeners):
        if g is not None and g not in gardens:
            reader.at("gardeners").at(i).bad(
                "this garden lies on no garden slot (castle.setup.gardens)"
            )
        elif g is not None:
            slots.append(gardens.index(g))
    if len(set(slots)) != len(slots):
        reader.at("gardeners").bad("a family has one gardener per garden (castle.actions.garden)")
    placed = (sum(f.court), len(slots), sum(warriors))
    for key, k, name in (("court", 0, "courtiers"), ("warriors", 2, "warriors")):
        if placed[k] > FIGURES:
            reader.at(key).bad(
                f"{placed[k]} {name} placed, a family has {FIGURES} (castle.components.counts)"
            )
    return fam.but(
        coins=given(f.coins, fam.coins),
        seals=f.seals,
        resources=(f.iron, f.food, f.pearl),
        points=given(f.points, fam.points),
        court=f.court,
        left=tuple(FIGURES - k for k in placed),
        gardens=tuple(sorted(slots)),
        grounds=warriors,
        card=given(f.card, fam.card),
        lantern=tuple(x for x in given(f.lantern, fam.lantern) if x is not None),
        track=given(f.track, fam.track),
        dice=f.dice,
    )


def _solo(f: ShortSolo, game: CastleGame) -> Solo:
    bottom = tuple(x for x in f.bottom if x is not None)
    gone = {*bottom, *((f.top,) if f.top is not None else ())}
    hidden = tuple(i for i in range(len(game.data.solo)) if i not in gone)
    return Solo(hidden, bottom, f.top, (), (), (), f.known)


def _fields(
    reader: Reader, dice: tuple[int | Stacked | None, ...], stack: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Dice by board field: at most ``stack`` on one (castle.turn.stacking)."""
    fields, stacked = [0] * BOARD_FIELDS, [0] * BOARD_FIELDS
    for f, die in enumerate(dice):
        if isinstance(die, Stacked):
            fields[f], stacked[f] = die.top, die.dice
            if die.dice > stack:
                reader.at(FIELDS[f]).at("dice").bad(
                    f"{die.dice} dice, but a board field holds at most {stack} in this "
                    "game (castle.turn.stacking)"
                )
        elif die:
            fields[f], stacked[f] = die, 1
    return tuple(fields), tuple(stacked)


def _situation(
    s: State, pending: ShortPending | None, reader: Reader, rolled: bool, *, order_given: bool
) -> State:
    """Phase, stage, turn counters, seat and agenda from the dice and ``pending``."""
    game = s.game
    seats = len(s.order)
    t = game.tables
    empty = [r for r, c in enumerate(s.rooms) if c is None]
    refill = None
    for r in empty:
        if s.deck1 if t.room_level[r] == 1 else s.deck2:
            refill = r
    s = s.but(refill=refill)
    total = 3 * game.variant.dice_per_colour
    taken = total - s.dice_left()
    held = pending is not None and pending.held is not LEFT_OUT
    where = reader.at("pending")
    if not rolled:
        if pending is not None:
            where.bad("no turn is under way while the dice are still to be rolled "
                      "(castle.setup.dice)")  # fmt: skip
        if refill is not None:
            reader.at("rooms").bad("a room waits for a refill only during a turn "
                                   "(castle.actions.card_swap)")  # fmt: skip
        if any(s.stacked) or any(d for f in s.families for d in f.dice):
            reader.at("fields").bad("the dice of the round before are cleared before the "
                                    "roll (castle.round.reroll)")  # fmt: skip
        _raise(reader)
        return s.but(phase=Phase.ROLL, actor=s.order[0])
    off = sum(s.stacked) + sum(1 for f in s.families for d in f.dice if d) + (1 if held else 0)
    if off > taken:
        reader.at("fields").bad(
            f"{_dice(off)} on fields, family boards or in hand, but {_dice(taken)} off the "
            "bridges this round (castle.turn.place)"
        )
    if taken > 3 * seats:
        reader.at("bridges").bad(
            f"{taken} dice taken, but each of the {seats} seats takes three a round "
            "(castle.round.end)"
        )
        _raise(reader)
    over = taken == 3 * seats
    if over and pending is None and (want := new_order(s)) != s.order:
        # three dice left and no gardener at work: the round's end has set the new order
        # from the track and the pile, and nothing has moved a marker since (a gardener
        # may, once the order is set: castle.round.order, castle.round.order_stack)
        if order_given:
            reader.at("order").bad(
                f"three dice left: the round is over and its new order is {list(want)}, "
                "furthest on the seasons track first, on a shared space the marker on top "
                "(castle.round.order, castle.round.order_stack)"
            )
            _raise(reader)
        s = s.but(order=want)
    if pending is None:
        if refill is not None:
            reader.at("rooms").bad("a room waits for a refill only during a turn "
                                   "(castle.actions.card_swap)")  # fmt: skip
        for p, f in enumerate(s.families):
            if f.seals > 5:
                reader.at("families").at(p).at("seals").bad(
                    "more than five seals are exchanged at once (castle.seals.cap)"
                )
        _raise(reader)
        if taken == 0:
            return after_roll(s.but(phase=Phase.ROLL))
        if not over:
            return settle(s.but(turns=taken - 1, actor=s.order[(taken - 1) % seats]))
        if s.round == 3:
            return s.but(stage=Stage.OVER, phase=Phase.GAME_OVER, turns=taken)
        s = s.but(stage=Stage.GARDENERS, picking=s.order, turns=taken)
        s, waiting = next_gardeners(s)
        return s if waiting else reroll(s)
    return _pending(s, pending, where, reader, taken=taken, over=over)


def _pending(
    s: State, pending: ShortPending, where: Reader, reader: Reader, *, taken: int, over: bool
) -> State:
    seats = len(s.order)
    gardeners = pending.gardeners is not LEFT_OUT
    if pending.gardeners is not LEFT_OUT:
        if not over:
            where.at("gardeners").bad("gardeners are activated at a round's end, three dice "
                                      "left (castle.round.gardeners)")  # fmt: skip
        elif s.round == 3:
            where.at("gardeners").bad("the game ends after round 3 (castle.round.end)")
        if pending.seat is LEFT_OUT:
            where.at("seat").bad("is missing: the seat activating its gardeners")
        seat = given(pending.seat, 0)
        s = s.but(stage=Stage.GARDENERS, picking=pending.gardeners, turns=taken, actor=seat)
    else:
        if taken == 0:
            where.bad("no die is taken yet this round, so no turn is under way (castle.turn.take)")
        turns = max(0, taken - 1)
        seat = s.order[turns % seats]
        if pending.seat is not LEFT_OUT and pending.seat != seat:
            where.at("seat").bad(
                f"it is seat {seat}'s turn: {_dice(taken)} off the bridges, one a turn, in "
                f"the order {list(s.order)} (castle.turn.rounds)"
            )
        if s.is_rival(seat):
            where.bad("the solo rival's turn is played by its cards; write the position "
                      "before or after it (castle.solo.actions)")  # fmt: skip
        s = s.but(turns=turns, actor=seat)
    _raise(reader)
    kinds = [k for k in ("held", "on", "resolve") if getattr(pending, k) is not LEFT_OUT]
    if len(kinds) > 1:
        where.bad(f"one of held, on, resolve, got {', '.join(kinds)}")
        _raise(reader)
    if pending.held is not LEFT_OUT:
        if gardeners:
            where.at("held").bad("no die is held while gardeners are activated")
        _raise(reader)
        return s.but(phase=Phase.PLACE, held=pending.held)
    if pending.on is not LEFT_OUT:
        s = _placed(s, pending.on, pending.die, pending.left, where)
        _raise(reader)
    elif pending.resolve is not LEFT_OUT:
        s = s.but(agenda=_agenda(s, pending.resolve, pending.under, where))
    elif gardeners:
        where.at("resolve").bad("the garden actions the seat activates are to resolve")
    _raise(reader)
    if s.refill is not None:  # dealt first, as rounds.settle does
        s = s.but(phase=Phase.REFILL)
    elif s.family(s.actor).seals > 5:
        s = s.but(phase=Phase.EXCHANGE)
    elif not s.agenda:
        where.bad("nothing is pending: no die held, no task to resolve; leave pending out "
                  "for the turn's end (castle.turn.field_actions)")  # fmt: skip
    _raise(reader)
    return s


def _agenda(s: State, top: Frame, under: tuple[Frame, ...], where: Reader) -> tuple[Frame, ...]:
    """The frames to resolve, ``top`` on ``under``: each task one the game's actions end
    with, and none on top headed by coins or points, which are taken at once."""
    agenda = (*under, top)
    known = tasks(s.game)
    readers = [*(where.at("under").at(i) for i in range(len(under))), where.at("resolve")]
    for at, frame in zip(readers, agenda, strict=True):
        for k, task in enumerate(frame):
            if task not in known:
                at.at(k).bad(
                    "no action of the game ends with these effects (castle.symbols.meanings)"
                )
    for k, task in enumerate(top):
        if task[0].symbol in (Symbol.COINS, Symbol.VP):
            where.at("resolve").at(k).bad(
                "coins and points at a task's head are taken at once "
                "(castle.coins.unlimited); add them to the family"
            )
    return agenda


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def _placed(s: State, field: int, die: Colour | LeftOut, left: bool, where: Reader) -> State:
    """The frames a die of ``die``'s colour placed on ``field`` puts on the agenda, as
    :func:`rulespec.castle.turn.place` does, the lantern bonus on top for ``left``."""
    if die is LEFT_OUT:
        where.at("die").bad("is missing: the die's colour (red, black, white)")
        return s
    on, fam = PLACES[field], s.family(s.actor)
    if field < BOARD_FIELDS and not s.stacked[field]:
        where.at("on").bad(f"no die lies on {on} (castle.turn.place)")
    elif field < FIELD_OUTSIDE and die not in s.room_tiles(field):
        where.at("die").bad(f"{on} has no {die.label} die tile (castle.fields.rooms)")
    elif field >= FIELD_FAMILY:
        row = field - FIELD_FAMILY
        if COLOURS[row] is not die:
            where.at("die").bad(
                f"a {die.label} die cannot go on the {on}' row (castle.fields.family)"
            )
        elif not fam.dice[row]:
            where.at("on").bad(f"no die lies on the {on}' row (castle.fields.family)")
    if where.problems:
        return s
    frames = field_frames(s, field, die)
    if left:
        frames = (*frames, lantern_frame(s, s.actor))
    return tidy(s.but(agenda=tuple(f for f in frames if f)))


def _raise(reader: Reader) -> None:
    if reader.problems:
        raise MalformedPosition(reader.problems)


# --- writing: abbreviate, then the form from the declaration ---------------------------------


def short(state: State) -> dict[str, Any]:
    """``state`` in the short form (:mod:`rulespec.castle.short`): what ``load`` reads
    back into the same position, up to the numbers of the markers' stamps (renumbered in
    their order: only the order decides which marker lies on top) and, once the game is
    over, the seat that acted last. Setup, the picks and the solo rival's own turn have no
    short form (an :class:`~rulespec.InvalidArgument`; ``state.to_json()`` writes them)."""
    game = state.game
    body = CODEC.dump(abbreviate(state), ShortPosition, game)
    head = game.views.dump(state)
    return {"game": head["game"], "settings": _settings(game, head["settings"]), **body}


def abbreviate(state: State) -> ShortPosition:
    """The short position of ``state``: every part that reads back by default left out
    (:data:`~rulespec.core.convert.LEFT_OUT`, or the field's default)."""
    s = state
    if s.stage in (Stage.SETUP, Stage.PICKS) or s.phase in (Phase.RIVAL,) or s.refill_wait:
        raise InvalidArgument(
            f"a position in stage {s.stage.value}, phase {s.phase.value} has no short form; "
            "state.to_json() writes it"
        )
    if s.solo is not None and (s.solo.row or s.solo.tasks):
        raise InvalidArgument("the solo rival's turn has no short form; state.to_json() writes it")
    seats = len(s.order)
    heights = [s.family(p).height for p in range(seats)]
    return ShortPosition(
        round=s.round,
        order=tuple(s.order),
        stack=unless(tuple(sorted(range(seats), key=lambda p: -heights[p])), tuple(s.order)),
        rooms=tuple(s.rooms),
        level3=LEFT_OUT if s.level3 is None else s.level3,
        daimyo=unless(tuple(s.daimyo), (None,) * len(s.daimyo)),
        beside=unless(tuple(s.beside), (0,) * len(s.beside)),
        discarded=_discarded(s) or LEFT_OUT,
        diamond=tuple(s.diamond),
        tiles=_placed_all(s.tiles, "die-tile"),
        gardens=_placed_all(s.gardens, "garden"),
        training=_placed_all(s.training, "training"),
        display=LEFT_OUT if s.game.variant.solo else tuple(
            None if r is None or a is None else (r, a) for r, a in s.display
        ),  # every pair in its place, null where a seat took it
        bridges=tuple(b if b and (any(b) or s.phase is not Phase.ROLL) else () for b in s.bridges),
        fields=tuple(_dice_on(s, f) for f in range(BOARD_FIELDS)),
        families=tuple(_abbreviate_family(s, f, p) for p, f in enumerate(s.families)),
        rival=LEFT_OUT if s.rival is None else _abbreviate_family(s, s.rival, None),
        solo=LEFT_OUT if s.solo is None else unless(
            ShortSolo(s.solo.top, tuple(s.solo.bottom), s.solo.known), ShortSolo()
        ),
        pending=_abbreviate_pending(s),
    )  # fmt: skip


def _discarded(s: State) -> tuple[int, ...]:
    """The castle cards no longer in the game (in solo play, the rival's ascents)."""
    kept_cards = {*s.deck1, *s.deck2, *(c for c in s.rooms if c is not None), *_held_cards(s)}
    full = State.initial(s.game)
    return tuple(c for c in (*full.deck1, *full.deck2) if c not in kept_cards)


def _dice_on(s: State, field: int) -> int | Stacked:
    """The dice on a board field: none (0), the top die's value, or the dice stacked."""
    n = s.stacked[field]
    return s.fields[field] if n == 1 else Stacked(s.fields[field], n) if n else 0


def _abbreviate_family(s: State, fam: Family, seat: int | None) -> ShortFamily:
    start = starting(s.game, seat)
    return ShortFamily(
        coins=unless(fam.coins, start.coins),
        seals=fam.seals,
        iron=fam.resources[0],
        food=fam.resources[1],
        pearl=fam.resources[2],
        points=unless(fam.points, start.points),
        court=fam.court,
        gardeners=tuple(s.gardens[g] or 0 for g in fam.gardens),
        warriors=unless(tuple(fam.grounds), start.grounds),
        card=unless(fam.card, start.card),
        lantern=unless(tuple(fam.lantern), start.lantern),
        track=unless(fam.track, start.track),
        dice=tuple(fam.dice),
    )


def _abbreviate_pending(s: State) -> ShortPending | LeftOut:
    if s.stage is Stage.OVER or s.phase in (Phase.TAKE, Phase.ROLL, Phase.SOLO_DRAW):
        return LEFT_OUT  # a turn's start, a round's first draw: no turn under way
    gardeners = tuple(s.picking) if s.stage is Stage.GARDENERS else LEFT_OUT
    if s.phase is Phase.PLACE:
        return ShortPending(seat=s.actor, gardeners=gardeners, held=s.held)
    if s.agenda:
        return ShortPending(
            seat=s.actor, gardeners=gardeners, resolve=s.agenda[-1], under=tuple(s.agenda[:-1])
        )
    return ShortPending(seat=s.actor, gardeners=gardeners)


def kept(state: State) -> dict[str, Any]:
    """What the short form keeps of ``state`` (:func:`short`): its engine position with
    the markers' stamps renumbered in their order (the first arrival lowest, as the
    loader numbers them), without the step and, once the game is over, without the seat
    that acted last. ``kept(load(short(s))) == kept(s)`` for every state with a short
    form."""
    out = copy.deepcopy(state.to_json())
    marks = [*out["families"], *([out["rival"]] if out.get("rival") is not None else [])]
    below = sorted(range(len(marks)), key=lambda p: -marks[p]["height"])
    for i, p in enumerate(below):
        marks[p]["height"] = len(marks) - i
    out["stamp"] = len(marks)
    out.pop("step", None)
    if out["phase"] == Phase.GAME_OVER.value:
        out.pop("actor")
    return out


def _settings(game: CastleGame, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings that differ from the defaults, the player count (and difficulty) kept."""
    defaults = {f.name: f.default for f in attrs.fields(type(game.options))}
    keep = {"players"} | ({"difficulty"} if game.variant.solo else set())
    return {
        k: v
        for k, v in settings.items()
        if k in keep
        or (k == "data" and v != "default")
        or (k in defaults and v != getattr(defaults[k], "value", defaults[k]))
    }


def _placed_all(places: Sequence[int | None], what: str) -> tuple[int, ...]:
    """Every slot's component (a slot left empty has no short form)."""
    if None in places:
        raise InvalidArgument(f"a position with an empty {what} slot has no short form; "
                              "state.to_json() writes it")  # fmt: skip
    return tuple(x for x in places if x is not None)


def _held_cards(s: State) -> set[int]:
    """The castle cards the families hold: row cards and lantern sources."""
    t, actions = s.game.tables, len(s.game.data.actions)
    out: set[int] = set()
    for p in range(len(s.order)):
        fam = s.family(p)
        if fam.card is not None and fam.card >= actions:
            out.add(fam.card - actions)
        out.update(x - t.castle_source for x in fam.lantern if x >= t.castle_source)
    return out


# --- the schema ------------------------------------------------------------------------------


def json_schema(game: CastleGame | None) -> dict[str, Any]:
    """The JSON Schema body of the short form (``game.json_schema("short_position")``),
    derived from :class:`ShortPosition` as the reader is. With ``game`` the seats, list
    lengths and component ids are that game's, and the keys of the other kind of game
    (solo or not) are left out; with None (every variant and any component data) they are
    left open. What the schema cannot say (a card in two places, a turn that does not fit
    the dice) the loader refuses, naming the rule."""
    body = CODEC.schema(ShortPosition, game)
    settings = dict(game.settings()) if game is not None else {}
    props: dict[str, Any] = {
        "game": {"const": "castle"},
        "settings": {"type": "object", "description": "the game's settings; each given must be "
                     "the game's", "properties": {k: {"const": v} for k, v in settings.items()}},
        "step": {"type": "integer", "minimum": 0,
                 "description": "Actions (decisions and chance outcomes) applied since setup."},
        **body["properties"],
    }  # fmt: skip
    # one of held, on, resolve (the loader says so too)
    props["pending"]["not"] = {"anyOf": [
        {"required": ["held", "on"]}, {"required": ["held", "resolve"]},
        {"required": ["on", "resolve"]}]}  # fmt: skip
    if game is not None:
        for key in ("display",) if game.variant.solo else ("rival", "solo", "discarded"):
            del props[key]
    return {
        "type": "object",
        "description": "A White Castle position in the short form a person writes "
        "(rulespec.castle.short); it has none of the engine's own keys, and every key may "
        "be left out.",
        "properties": props,
        "additionalProperties": False,
    }
