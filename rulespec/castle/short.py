"""The White Castle's short position: what a person writes by hand (issue 22).

The engine's position (``state.to_json()``) holds agenda frames, component indices, a
stamp and turn counters. The short form names components by their ids (``"l1-03"``,
``"plant-2"``, ``"t4"``, ``"red-3"``, ``"a1"``, ``"r5"``, ``"s2"``), fields by the
notation's numbers (``"room 2"``, ``"outside 5"``), bridges and rows by name, and derives
every counter: whose turn it is and how many turns are done follow from the dice left on
the bridges and the order; the decks are the cards placed nowhere else; the figures left
on a family board are the five not placed; the markers' heights follow the order.

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
import heapq
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from rulespec.castle import setup
from rulespec.castle.actions import MAX_TASKS
from rulespec.castle.agenda import tidy
from rulespec.castle.bounds import agenda_depth, lantern_most
from rulespec.castle.codec import CODEC
from rulespec.castle.components import COLOURS, Effect, Figure, Symbol
from rulespec.castle.data import effect_text
from rulespec.castle.fields import field_frames, lantern_frame
from rulespec.castle.rounds import after_roll, new_order, next_gardeners, reroll, settle
from rulespec.castle.state import Family, Frame, Phase, Solo, Stage, State, Task
from rulespec.castle.tables import (
    BOARD_FIELDS,
    FIELD_FAMILY,
    FIELD_OUTSIDE,
    FIELD_WELL,
    GARDENS,
    ROOMS,
    TILE_SLOTS,
)
from rulespec.core.convert import Reader
from rulespec.errors import InvalidArgument, MalformedPosition, bounded

if TYPE_CHECKING:
    from rulespec.castle.game import CastleGame

ENGINE_KEYS = frozenset(
    {"phase", "stage", "actor", "turns", "picking", "deck1", "deck2", "stacked", "held",
     "agenda", "refill", "stamp", "refill_wait"}
)  # fmt: skip
"""Keys only the engine's full position has: any of them means the full form."""

KEYS = frozenset(
    {"game", "settings", "step", "round", "order", "stack", "rooms", "level3", "daimyo",
     "beside", "diamond", "tiles", "gardens", "training", "display", "discarded", "bridges",
     "fields",
     "families", "rival", "solo", "pending"}
)  # fmt: skip
FAMILY_KEYS = frozenset(
    {"coins", "seals", "iron", "food", "pearl", "points", "court", "gardeners", "warriors",
     "card", "lantern", "track", "dice"}
)  # fmt: skip
PENDING_KEYS = frozenset({"seat", "held", "on", "die", "left", "resolve", "under", "gardeners"})
FIGURES = 5
"""Figures of each kind per family (castle.setup.family)."""
ROWS = tuple(f"{f.label}s" for f in Figure)
"""A family board's rows by name: ``courtiers``, ``gardeners``, ``warriors``."""


def is_short(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` is written in the short form (it has no engine-only key)."""
    return not any(k in data for k in ENGINE_KEYS)


def field_name(field: int) -> str:
    """``room 2``, ``outside 5``: a board field by the notation's number."""
    return f"room {field}" if field < FIELD_OUTSIDE else f"outside {field}"


class _Ids:
    """Every component id of one game, both ways."""

    def __init__(self, game: CastleGame) -> None:
        t, d = game.tables, game.data
        self.card = {c.id: i for i, c in enumerate(t.cards)}
        self.level3 = {c.id: i for i, c in enumerate(d.level3)}
        self.garden = {g.id: i for i, g in enumerate(d.gardens)}
        self.training = {x.id: i for i, x in enumerate(d.training)}
        self.tile = {x.id: i for i, x in enumerate(d.die_tiles)}
        self.resource = {x.id: i for i, x in enumerate(d.resources)}
        self.action = {x.id: i for i, x in enumerate(d.actions)}
        self.solo = {x.id: i for i, x in enumerate(d.solo)}
        self.row = {**self.action, **{k: len(d.actions) + i for k, i in self.card.items()}}
        self.lantern = {
            **{k: t.resource_source + i for k, i in self.resource.items()},
            **{b.id: t.bonus_source + i for i, b in enumerate(d.bonuses)},
            **{k: t.action_source + i for k, i in self.action.items()},
            **{k: t.castle_source + i for k, i in self.card.items()},
        }

    @staticmethod
    def name(table: Mapping[str, int], index: int) -> str:
        return next(k for k, i in table.items() if i == index)


def _id(reader: Reader, raw: Any, table: Mapping[str, int], what: str) -> int | None:
    if isinstance(raw, str) and raw in table:
        return table[raw]
    sample = ", ".join(list(table)[:3])
    reader.bad(f"expected the id of {what} ({sample}, …), got {bounded(raw)}")
    return None


def _ids(
    reader: Reader,
    raw: Any,
    table: Mapping[str, int],
    what: str,
    *,
    size: int | None,
    empty: bool,
    most: tuple[int, str] | None = None,
) -> list[int | None] | None:
    """A list of ids (null allowed where ``empty``), of length ``size`` if given, of at
    most ``most[0]`` (why: ``most[1]``) if given, refused unread when longer."""
    if not isinstance(raw, list) or (size is not None and len(raw) != size):
        n = "a list" if size is None else f"a list of {size}"
        reader.bad(f"expected {n} of ids of {what}, got {bounded(raw)}")
        return None
    if most is not None and len(raw) > most[0]:
        reader.bad(f"{len(raw)} ids of {what}; at most {most[0]}: {most[1]}")
        return None
    out: list[int | None] = []
    for i, v in enumerate(raw):
        if reader.full:
            break
        out.append(None if v is None and empty else _id(reader.at(i), v, table, what))
    return out


def _int(reader: Reader, raw: Any, low: int, high: int) -> int:
    if type(raw) is not int or not low <= raw <= high:
        reader.bad(f"expected a whole number from {low} to {high}, got {bounded(raw)}")
        return low
    return raw


def _object(reader: Reader, raw: Any, keys: frozenset[str], what: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        reader.bad(f"expected an object ({what}), got {bounded(raw)}")
        return {}
    for key in heapq.nsmallest(5, raw.keys() - keys, key=str):  # not all sorted
        reader.at(str(key)).bad(f"unknown key; {what} has {', '.join(sorted(keys))}")
    return raw


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


# --- reading ---------------------------------------------------------------------------------


def load(game: CastleGame, data: Mapping[str, Any], reader: Reader) -> State:
    """A state from a short position (the header already checked); every problem at once
    in a :class:`~rulespec.MalformedPosition`."""
    _object(reader, data, KEYS, "a short White Castle position")
    ids = _Ids(game)
    t, variant = game.tables, game.variant
    n = variant.players
    seats = n + (1 if variant.solo else 0)
    base = default_layout(game)
    v: dict[str, Any] = {}
    v["round"] = _int(reader.at("round"), data.get("round", 1), 1, 3)
    order = _seat_order(reader.at("order"), data.get("order"), seats)
    stack = _seat_order(reader.at("stack"), data.get("stack"), seats)
    # the layout, each part by its ids or as setup would deal it
    layout: dict[str, Any] = {}
    for key, table, what, size, empty in (
        ("rooms", ids.card, "a castle card", len(t.room_level), True),
        ("diamond", ids.tile, "a die tile", len(COLOURS), False),
        ("tiles", ids.tile, "a die tile", len(base.tiles), False),
        ("gardens", ids.garden, "a garden", len(base.gardens), False),
        ("training", ids.training, "a training tile", len(base.training), False),
    ):
        got = (
            _ids(reader.at(key), data[key], table, what, size=size, empty=empty)
            if key in data
            else None
        )
        layout[key] = tuple(getattr(base, key)) if got is None else tuple(got)
    level3 = base.level3
    if "level3" in data:
        level3 = _id(reader.at("level3"), data["level3"], ids.level3, "a level 3 card")
    spaces = len(game.data.level3[level3 if level3 is not None else 0].spaces)
    daimyo = data.get("daimyo", [None] * spaces)
    if not isinstance(daimyo, list) or len(daimyo) != spaces:
        reader.at("daimyo").bad(f"expected a seat or null per Daimyo space ({spaces})")
        daimyo = [None] * spaces
    v["daimyo"] = tuple(
        None if d is None else _int(reader.at("daimyo").at(i), d, 0, seats - 1)
        for i, d in enumerate(daimyo)
    )
    beside = data.get("beside", [0] * seats)
    if not isinstance(beside, list) or len(beside) != seats:
        reader.at("beside").bad(f"expected a count per seat ({seats})")
        beside = [0] * seats
    v["beside"] = tuple(_int(reader.at("beside").at(i), b, 0, 5) for i, b in enumerate(beside))
    v.update(layout, level3=level3)
    # families
    fams_raw = data.get("families", [{}] * n)
    if not isinstance(fams_raw, list) or len(fams_raw) != n:
        reader.at("families").bad(f"expected one object per seat ({n})")
        fams_raw = [{}] * n
    fams = [
        _family(
            reader.at("families").at(p),
            raw,
            ids,
            game,
            gardens=layout["gardens"],
            seat=p,
            rival=False,
        )
        for p, raw in enumerate(fams_raw)
    ]
    rival: Family | None = None
    solo: Solo | None = None
    if variant.solo:
        assert base.rival is not None
        rival = _family(reader.at("rival"), data.get("rival", {}), ids, game,
                        gardens=layout["gardens"], seat=n, rival=True)  # fmt: skip
        solo = _solo(reader.at("solo"), data.get("solo", {}), ids, game)
    else:
        for key in ("rival", "solo"):
            if key in data:
                reader.at(key).bad("only in solo play (castle.solo.setup)")
    everyone = [*fams, *([rival] if rival is not None else [])]
    if order is None:
        order = _default_order(v["round"], base, everyone, stack)
    if stack is None:
        stack = order
    v["order"] = tuple(order)
    heights = {p: seats - i for i, p in enumerate(stack)}
    everyone = [f.but(height=heights.get(p, 0)) for p, f in enumerate(everyone)]
    v["families"] = tuple(everyone[:n])
    v["rival"] = everyone[n] if variant.solo else None
    v["solo"] = solo
    v["stamp"] = seats
    # the decks: the cards of the game placed nowhere else
    used = {c for c in layout["rooms"] if c is not None}
    for f in everyone:
        if f.card is not None and f.card >= len(game.data.actions):
            used.add(f.card - len(game.data.actions))
        used.update(x - t.castle_source for x in f.lantern if x >= t.castle_source)
    full = State.initial(game)
    if "discarded" in data:
        got = _ids(reader.at("discarded"), data["discarded"], ids.card, "a castle card",
                   size=None, empty=False)  # fmt: skip
        if not variant.solo:
            reader.at("discarded").bad(
                "only the solo rival's ascent removes room cards (castle.solo.symbols)"
            )
        for i, c in enumerate(got or []):
            if c is not None and c not in full.deck1 and c not in full.deck2:
                reader.at("discarded").at(i).bad(
                    "a ♦ castle card, used with three or four families only "
                    "(castle.setup.two_player_cards)"
                )
        used.update(c for c in got or [] if c is not None)
    v["deck1"] = tuple(c for c in full.deck1 if c not in used)
    v["deck2"] = tuple(c for c in full.deck2 if c not in used)
    v["display"] = _display(reader, data, ids, game, everyone)
    v["bridges"] = _bridges(reader.at("bridges"), data.get("bridges", {}), variant.dice_per_colour)
    rolled = [len(b) > 0 for b in v["bridges"]]
    if not all(rolled):  # the dice still to roll: an empty bridge, as rounds.start_round
        v["bridges"] = tuple(b or (0,) * variant.dice_per_colour for b in v["bridges"])
    v["fields"], v["stacked"] = _fields(
        reader.at("fields"), data.get("fields", {}), game.variant.stack
    )
    pending = data.get("pending")
    if pending is not None:
        pending = _object(reader.at("pending"), pending, PENDING_KEYS, "a pending turn")
    if reader.problems:
        raise MalformedPosition(reader.problems)
    s = State(
        game=game, phase=Phase.RESOLVE, stage=Stage.TURN, actor=order[0], turns=0,
        picking=(), held=(0, 0, 0), agenda=(), refill=None, **v,
    )  # fmt: skip
    return _situation(s, pending, reader, all(rolled), order_given="order" in data)


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


def _seat_order(reader: Reader, raw: Any, seats: int) -> list[int] | None:
    """Each seat once (None if left out or refused)."""
    if raw is None:
        return None
    if (
        not isinstance(raw, list)
        or sorted(x for x in raw if type(x) is int) != list(range(seats))
        or len(raw) != seats
    ):
        reader.bad(f"expected each seat of 0 to {seats - 1} once, got {bounded(raw)}")
        return None
    return raw


def _display(
    reader: Reader, data: Mapping[str, Any], ids: _Ids, game: CastleGame, fams: list[Family]
) -> tuple[tuple[int | None, int | None], ...]:
    """The starting pairs laid out: those given, or the first cards no family took."""
    variant, t = game.variant, game.tables
    if variant.solo:
        if "display" in data:
            reader.at("display").bad("no starting pairs are laid out in solo play")
        return ()
    left = variant.pairs - variant.players
    taken: list[tuple[int | None, int | None]] = [(None, None)] * variant.players
    raw = data.get("display")
    if raw is not None:
        # the pairs left over (the taken ones after them), or every pair laid out in its
        # place with null for each pair a seat took (as short() writes it: exact)
        whole = isinstance(raw, list) and len(raw) == variant.pairs
        if not (isinstance(raw, list) and len(raw) in (left, variant.pairs)) or (
            whole and sum(p is None for p in raw) != variant.players
        ):
            reader.at("display").bad(
                f"expected the {left} starting pairs no seat took, or all {variant.pairs} "
                f"pairs laid out with null for each of the {variant.players} a seat took "
                "(castle.setup.pairs)"
            )
            return tuple(taken)
        pairs: list[tuple[int | None, int | None]] = []
        for i, pair in enumerate(raw):
            r = reader.at("display").at(i)
            if pair is None and whole:
                pairs.append((None, None))
            elif not isinstance(pair, list) or len(pair) != 2:
                r.bad("expected [resource card id, action card id]")
            else:
                pairs.append((_id(r.at(0), pair[0], ids.resource, "a resource card"),
                              _id(r.at(1), pair[1], ids.action, "an action card")))  # fmt: skip
        return tuple(pairs) if whole else (*pairs, *taken)
    gone = {x for f in fams for x in f.lantern}
    resources = [i for i in range(len(game.data.resources)) if t.resource_source + i not in gone]
    cards = {f.card for f in fams} | {x - t.action_source for x in gone}
    actions = [i for i in range(len(game.data.actions)) if i not in cards]
    left_over: list[tuple[int | None, int | None]] = list(zip(resources, actions, strict=False))
    return (*left_over[:left], *taken)


def _family(
    reader: Reader,
    raw: Any,
    ids: _Ids,
    game: CastleGame,
    *,
    gardens: Sequence[int | None],
    seat: int,
    rival: bool,
) -> Family:
    raw = _object(reader, raw, FAMILY_KEYS, "a family")
    data, t = game.data, game.tables
    fam = Family.start(len(data.board.grounds))
    if rival:
        fam = fam.but(points=game.variant.rival_points, track=game.variant.rival_influence)
    else:
        action = seat % len(data.actions)
        res = seat % len(data.resources)
        sources = [t.resource_source + res]
        bonus = data.resources[res].bonus
        bonuses = [b.id for b in data.bonuses]
        if bonus in bonuses:
            sources.append(t.bonus_source + bonuses.index(bonus))
        fam = fam.but(card=action, lantern=tuple(sources))
    r = dict(raw)
    coins = _int(reader.at("coins"), r.get("coins", fam.coins), 0, 10_000)
    seals = _int(reader.at("seals"), r.get("seals", 0), 0, 40)
    resources = tuple(_int(reader.at(k), r.get(k, 0), 0, 7) for k in ("iron", "food", "pearl"))
    points = _int(reader.at("points"), r.get("points", fam.points), 0, 10_000)
    track = _int(reader.at("track"), r.get("track", fam.track), 0, data.board.track.last)
    court_raw = r.get("court", [0, 0, 0, 0])
    if not isinstance(court_raw, list) or len(court_raw) != 4:
        reader.at("court").bad("expected courtiers at the gate and on levels 1, 2, 3")
        court_raw = [0, 0, 0, 0]
    court = [_int(reader.at("court").at(i), c, 0, 5) for i, c in enumerate(court_raw)]
    grounds = len(data.board.grounds)
    war_raw = r.get("warriors", [0] * grounds)
    if not isinstance(war_raw, list) or len(war_raw) != grounds:
        reader.at("warriors").bad(f"expected warriors per training ground ({grounds})")
        war_raw = [0] * grounds
    warriors = [_int(reader.at("warriors").at(i), w, 0, 5) for i, w in enumerate(war_raw)]
    slots: list[int] = []
    got = _ids(
        reader.at("gardeners"),
        r.get("gardeners", []),
        ids.garden,
        "a garden",
        size=None,
        empty=False,
    )
    for i, g in enumerate(got or []):
        if g is not None and g not in gardens:
            reader.at("gardeners").at(i).bad(
                "this garden lies on no garden slot (castle.setup.gardens)"
            )
        elif g is not None:
            slots.append(gardens.index(g))
    if len(set(slots)) != len(slots):
        reader.at("gardeners").bad("a family has one gardener per garden (castle.actions.garden)")
    card = fam.card
    if "card" in r:
        card = None if r["card"] is None else _id(reader.at("card"), r["card"], ids.row, "a card")
    lantern: tuple[int, ...] = tuple(fam.lantern)
    if "lantern" in r:
        got_l = _ids(
            reader.at("lantern"), r["lantern"], ids.lantern, "a card", size=None, empty=False,
            most=(lantern_most(game), "a lantern area holds a starting pair's resource and "
                  "bonus cards and a row card for each landing of a courtier on level 1 or 2 "
                  "(castle.actions.card_swap)"),
        )  # fmt: skip
        lantern = tuple(x for x in got_l or [] if x is not None)
    dice_raw = r.get("dice", {})
    dice = [0, 0, 0]
    if not isinstance(dice_raw, Mapping):
        reader.at("dice").bad(f"expected an object of die values by row ({', '.join(ROWS)})")
    else:
        for key, value in dice_raw.items():
            if reader.full:
                break
            if key not in ROWS:
                reader.at("dice").at(str(key)).bad(f"no row; the rows are {', '.join(ROWS)}")
            else:
                dice[ROWS.index(key)] = _int(reader.at("dice").at(key), value, 1, 6)
    placed = (sum(court), len(slots), sum(warriors))
    for key, k, name in (("court", 0, "courtiers"), ("warriors", 2, "warriors")):
        if placed[k] > FIGURES:
            reader.at(key).bad(
                f"{placed[k]} {name} placed, a family has {FIGURES} (castle.components.counts)"
            )
    return fam.but(
        coins=coins,
        seals=seals,
        resources=resources,
        points=points,
        court=tuple(court),
        left=tuple(5 - k for k in placed),
        gardens=tuple(sorted(slots)),
        grounds=tuple(warriors),
        card=card,
        lantern=lantern,
        track=track,
        dice=tuple(dice),
    )


def _solo(reader: Reader, raw: Any, ids: _Ids, game: CastleGame) -> Solo:
    raw = _object(reader, raw, frozenset({"top", "bottom", "known"}), "the solo deck")
    top = None
    if raw.get("top") is not None:
        top = _id(reader.at("top"), raw["top"], ids.solo, "a solo card")
    got = _ids(
        reader.at("bottom"), raw.get("bottom", []), ids.solo, "a solo card", size=None, empty=False
    )
    bottom = tuple(x for x in got or [] if x is not None)
    known = raw.get("known", False)
    if not isinstance(known, bool):
        reader.at("known").bad(f"expected true or false, got {bounded(known)}")
        known = False
    gone = {*bottom, *((top,) if top is not None else ())}
    hidden = tuple(i for i in range(len(game.data.solo)) if i not in gone)
    return Solo(hidden, bottom, top, (), (), (), known)


def _bridges(reader: Reader, raw: Any, slots: int) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = [(), (), ()]
    if not isinstance(raw, Mapping):
        reader.bad("expected an object of bridges by colour (red, black, white)")
        return tuple(out)
    names = [c.label for c in COLOURS]
    for key, dice in raw.items():
        if reader.full:
            break
        if key not in names:
            reader.at(str(key)).bad("no bridge; the bridges are red, black, white")
            continue
        if not isinstance(dice, list) or len(dice) != slots:
            reader.at(key).bad(
                f"expected {slots} slots from the lantern end, each a die 1-6 or 0 for an "
                f"empty slot, got {bounded(dice)}"
            )
            continue
        out[names.index(key)] = tuple(
            _int(reader.at(key).at(i), d, 0, 6) for i, d in enumerate(dice)
        )
    return tuple(out)


def _fields(reader: Reader, raw: Any, stack: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Dice by board field: at most ``stack`` on one (castle.turn.stacking)."""
    fields, stacked = [0] * BOARD_FIELDS, [0] * BOARD_FIELDS
    if not isinstance(raw, Mapping):
        reader.bad('expected an object of dice by field ("room 2": 5)')
        return tuple(fields), tuple(stacked)
    names = [field_name(f) for f in range(BOARD_FIELDS)]
    for key, die in raw.items():
        if reader.full:
            break
        if key not in names:
            reader.at(str(key)).bad(f"no board field; the fields are {', '.join(names)}")
            continue
        f = names.index(key)
        if isinstance(die, Mapping):
            _object(reader.at(key), die, frozenset({"top", "dice"}), "a field's dice")
            fields[f] = _int(reader.at(key).at("top"), die.get("top"), 1, 6)
            stacked[f] = _int(reader.at(key).at("dice"), die.get("dice", 1), 1, 15)
            if stacked[f] > stack:
                reader.at(key).at("dice").bad(
                    f"{stacked[f]} dice, but a board field holds at most {stack} in this "
                    "game (castle.turn.stacking)"
                )
        else:
            fields[f] = _int(reader.at(key), die, 1, 6)
            stacked[f] = 1
    return tuple(fields), tuple(stacked)


def _task(reader: Reader, raw: Any) -> Task | None:
    if not isinstance(raw, str) or not raw.strip() or len(raw) > 400:
        reader.bad(f"expected a task, effects joined by commas ('pay_seals 1, castle'), got "
                   f"{bounded(raw)}")  # fmt: skip
        return None
    return tuple(CODEC.load(p.strip(), Effect, reader) for p in raw.split(","))


def _frame(reader: Reader, raw: Any) -> Frame | None:
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not items:
        reader.bad(f"expected a task or a list of tasks, got {bounded(raw)}")
        return None
    if len(items) > MAX_TASKS:  # refused unread (found after issue 28)
        reader.bad(f"{len(items)} tasks; a frame holds at most {MAX_TASKS} (castle.actions.order)")
        return None
    tasks = [_task(reader.at(i), x) for i, x in enumerate(items)]
    return None if None in tasks else tuple(t for t in tasks if t is not None)


def _situation(
    s: State,
    pending: Mapping[str, Any] | None,
    reader: Reader,
    rolled: bool,
    *,
    order_given: bool = True,
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
    held = pending is not None and "held" in pending
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
    s: State, pending: Mapping[str, Any], where: Reader, reader: Reader, *, taken: int, over: bool
) -> State:
    seats = len(s.order)
    gardeners = "gardeners" in pending
    if gardeners:
        if not over:
            where.at("gardeners").bad("gardeners are activated at a round's end, three dice "
                                      "left (castle.round.gardeners)")  # fmt: skip
        elif s.round == 3:
            where.at("gardeners").bad("the game ends after round 3 (castle.round.end)")
        rest = pending["gardeners"]
        if not isinstance(rest, list) or any(type(p) is not int or not 0 <= p < seats
                                             for p in rest):  # fmt: skip
            where.at("gardeners").bad(f"expected the seats still to activate, of 0 to {seats - 1}")
            rest = []
        seat = _int(where.at("seat"), pending.get("seat"), 0, seats - 1)
        s = s.but(stage=Stage.GARDENERS, picking=tuple(rest), turns=taken, actor=seat)
    else:
        if taken == 0:
            where.bad("no die is taken yet this round, so no turn is under way (castle.turn.take)")
        turns = max(0, taken - 1)
        seat = s.order[turns % seats]
        if "seat" in pending and pending["seat"] != seat:
            where.at("seat").bad(
                f"it is seat {seat}'s turn: {_dice(taken)} off the bridges, one a turn, in "
                f"the order {list(s.order)} (castle.turn.rounds)"
            )
        if s.is_rival(seat):
            where.bad("the solo rival's turn is played by its cards; write the position "
                      "before or after it (castle.solo.actions)")  # fmt: skip
        s = s.but(turns=turns, actor=seat)
    _raise(reader)
    held = pending.get("held")
    kinds = [k for k in ("held", "on", "resolve") if k in pending]
    if len(kinds) > 1:
        where.bad(f"one of held, on, resolve, got {', '.join(kinds)}")
        _raise(reader)
    if held is not None:
        if gardeners:
            where.at("held").bad("no die is held while gardeners are activated")
        die = _held(where.at("held"), held)
        _raise(reader)
        return s.but(phase=Phase.PLACE, held=die)
    if "on" in pending:
        s = _placed(s, pending, where)
        _raise(reader)
    elif "resolve" in pending:
        top = _frame(where.at("resolve"), pending["resolve"])
        under_raw = pending.get("under", [])
        depth = agenda_depth(s.game)
        if not isinstance(under_raw, list):
            where.at("under").bad("expected a list of frames, bottom first")
            under_raw = []
        elif len(under_raw) >= depth:  # refused unread (found after issue 28)
            where.at("under").bad(
                f"{len(under_raw)} frames below the top one; what a die placed starts and "
                f"the actions it sets off stack at most {depth} deep (castle.turn.field_actions)"
            )
            under_raw = []
        under = []
        for i, f in enumerate(under_raw):
            if reader.full:
                break
            under.append(_frame(where.at("under").at(i), f))
        _raise(reader)
        assert top is not None
        agenda = (*(f for f in under if f is not None), top)
        known = tasks(s.game)
        readers = [*(where.at("under").at(i) for i in range(len(agenda) - 1)), where.at("resolve")]
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
        s = s.but(agenda=agenda)
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


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def _held(reader: Reader, raw: Any) -> tuple[int, int, int]:
    words = raw.split() if isinstance(raw, str) else []
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


def _placed(s: State, pending: Mapping[str, Any], where: Reader) -> State:
    """The frames a die of ``die``'s colour placed on ``on`` puts on the agenda, as
    :func:`rulespec.castle.turn.place` does, the lantern bonus on top for ``left``."""
    names = {field_name(f): f for f in range(BOARD_FIELDS)}
    names["well"] = FIELD_WELL
    names.update({row: FIELD_FAMILY + i for i, row in enumerate(ROWS)})
    on, die, left = pending.get("on"), pending.get("die"), pending.get("left", False)
    colours = {c.label: c for c in COLOURS}
    if not isinstance(on, str) or on not in names:
        where.at("on").bad(f"expected a field ({', '.join(names)}), got {bounded(on)}")
        return s
    if not isinstance(die, str) or die not in colours:
        where.at("die").bad(f"expected the die's colour (red, black, white), got {bounded(die)}")
        return s
    if not isinstance(left, bool):
        where.at("left").bad(f"expected true or false, got {bounded(left)}")
        return s
    field, colour = names[on], colours[die]
    fam = s.family(s.actor)
    if field < BOARD_FIELDS and not s.stacked[field]:
        where.at("on").bad(f"no die lies on {on} (castle.turn.place)")
    elif field < FIELD_OUTSIDE and colour not in s.room_tiles(field):
        where.at("die").bad(f"{on} has no {die} die tile (castle.fields.rooms)")
    elif field >= FIELD_FAMILY:
        row = field - FIELD_FAMILY
        if COLOURS[row] is not colour:
            where.at("die").bad(f"a {die} die cannot go on the {on}' row (castle.fields.family)")
        elif not fam.dice[row]:
            where.at("on").bad(f"no die lies on the {on}' row (castle.fields.family)")
    if where.problems:
        return s
    frames = field_frames(s, field, colour)
    if left:
        frames = (*frames, lantern_frame(s, s.actor))
    return tidy(s.but(agenda=tuple(f for f in frames if f)))


def _raise(reader: Reader) -> None:
    if reader.problems:
        raise MalformedPosition(reader.problems)


# --- writing ---------------------------------------------------------------------------------


def short(state: State) -> dict[str, Any]:
    """``state`` in the short form (:mod:`rulespec.castle.short`): what ``load`` reads
    back into the same position, up to the numbers of the markers' stamps (renumbered in
    their order: only the order decides which marker lies on top) and, once the game is
    over, the seat that acted last. Setup, the picks and the solo rival's own turn have no
    short form (an :class:`~rulespec.InvalidArgument`; ``state.to_json()`` writes them)."""
    s = state
    game = s.game
    if s.stage in (Stage.SETUP, Stage.PICKS) or s.phase in (Phase.RIVAL,) or s.refill_wait:
        raise InvalidArgument(
            f"a position in stage {s.stage.value}, phase {s.phase.value} has no short form; "
            "state.to_json() writes it"
        )
    if s.solo is not None and (s.solo.row or s.solo.tasks):
        raise InvalidArgument("the solo rival's turn has no short form; state.to_json() writes it")
    ids = _Ids(game)
    t, data = game.tables, game.data
    head = game.views.dump(s)
    out: dict[str, Any] = {"game": head["game"], "settings": _settings(game, head["settings"])}
    out["round"] = s.round
    out["order"] = list(s.order)
    seats = len(s.order)
    fams = [s.family(p) for p in range(seats)]
    stack = sorted(range(seats), key=lambda p: -fams[p].height)
    if stack != list(s.order):
        out["stack"] = stack
    out["rooms"] = [None if c is None else t.cards[c].id for c in s.rooms]
    out["level3"] = data.level3[s.level3].id if s.level3 is not None else None
    if any(d is not None for d in s.daimyo):
        out["daimyo"] = list(s.daimyo)
    if any(s.beside):
        out["beside"] = list(s.beside)
    kept = {*s.deck1, *s.deck2, *(c for c in s.rooms if c is not None)}
    full = State.initial(game)
    gone = [c for c in (*full.deck1, *full.deck2) if c not in kept and c not in _held_cards(s)]
    if gone:
        out["discarded"] = [t.cards[c].id for c in gone]
    out["diamond"] = [data.die_tiles[x].id for x in s.diamond]
    out["tiles"] = [None if x is None else data.die_tiles[x].id for x in s.tiles]
    out["gardens"] = [None if x is None else data.gardens[x].id for x in s.gardens]
    out["training"] = [None if x is None else data.training[x].id for x in s.training]
    if not game.variant.solo:  # every pair in its place, null where a seat took it
        out["display"] = [
            None if r is None or a is None else [data.resources[r].id, data.actions[a].id]
            for r, a in s.display
        ]
    rolling = s.phase is Phase.ROLL
    bridges = {
        c.label: list(b)
        for c, b in zip(COLOURS, s.bridges, strict=True)
        if b and (any(b) or not rolling)
    }
    if bridges:
        out["bridges"] = bridges
    placed: dict[str, Any] = {}
    for f in range(BOARD_FIELDS):
        if s.stacked[f] == 1:
            placed[field_name(f)] = s.fields[f]
        elif s.stacked[f]:
            placed[field_name(f)] = {"top": s.fields[f], "dice": s.stacked[f]}
    if placed:
        out["fields"] = placed
    out["families"] = [_write_family(s, f, ids, p) for p, f in enumerate(s.families)]
    if s.rival is not None and s.solo is not None:
        out["rival"] = _write_family(s, s.rival, ids, None)
        solo: dict[str, Any] = {}
        if s.solo.top is not None:
            solo["top"] = data.solo[s.solo.top].id
        if s.solo.bottom:
            solo["bottom"] = [data.solo[x].id for x in s.solo.bottom]
        if s.solo.known:
            solo["known"] = True
        if solo:
            out["solo"] = solo
    pending = _write_pending(s)
    if pending is not None:
        out["pending"] = pending
    return out


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


def _write_family(s: State, fam: Family, ids: _Ids, seat: int | None) -> dict[str, Any]:
    game = s.game
    out: dict[str, Any] = {}
    for key, value in (("coins", fam.coins), ("seals", fam.seals), ("points", fam.points),
                       ("iron", fam.resources[0]), ("food", fam.resources[1]),
                       ("pearl", fam.resources[2]), ("track", fam.track)):  # fmt: skip
        out[key] = value
    if seat is None:  # the rival starts with its difficulty's points and influence
        default = {"points": game.variant.rival_points, "track": game.variant.rival_influence}
    else:
        default = {}
    out = {k: v for k, v in out.items() if v != default.get(k, 0)}
    if any(fam.court):
        out["court"] = list(fam.court)
    if fam.gardens:
        out["gardeners"] = [game.data.gardens[s.gardens[g] or 0].id for g in fam.gardens]
    if any(fam.grounds):
        out["warriors"] = list(fam.grounds)
    if seat is not None or fam.card is not None:
        start = _family(
            Reader(game), {}, ids, game, gardens=s.gardens, seat=seat or 0, rival=seat is None
        )
        if fam.card != start.card:
            out["card"] = None if fam.card is None else _Ids.name(ids.row, fam.card)
        if fam.lantern != start.lantern:
            out["lantern"] = [_Ids.name(ids.lantern, x) for x in fam.lantern]
    dice = {ROWS[i]: d for i, d in enumerate(fam.dice) if d}
    if dice:
        out["dice"] = dice
    return out


def _task_text(task: Task) -> str:
    return ", ".join(effect_text(e) for e in task)


def _frame_text(frame: Frame) -> list[str]:
    return [_task_text(task) for task in frame]


def _write_pending(s: State) -> dict[str, Any] | None:
    if s.stage is Stage.OVER or s.phase in (Phase.TAKE, Phase.ROLL):
        return None
    if s.phase is Phase.SOLO_DRAW:
        return None  # the round's first draw: the dice are rolled, no turn under way
    out: dict[str, Any] = {"seat": s.actor}
    if s.stage is Stage.GARDENERS:
        out["gardeners"] = list(s.picking)
    if s.phase is Phase.PLACE:
        colour, value, left = s.held
        out["held"] = f"{COLOURS[colour].label} {value} {'left' if left else 'right'}"
        return out
    if s.agenda:
        out["resolve"] = _frame_text(s.agenda[-1])
        if len(s.agenda) > 1:
            out["under"] = [_frame_text(f) for f in s.agenda[:-1]]
    return out


# --- the schema ------------------------------------------------------------------------------


def json_schema(game: CastleGame | None) -> dict[str, Any]:
    """The JSON Schema body of the short form (``game.json_schema("short_position")``):
    every key :func:`load` reads, with its type and range. With ``game`` the seats, list
    lengths and component ids are that game's; with None (every variant and any component
    data) they are left open. What the schema cannot say (a card in two places, a turn
    that does not fit the dice) the loader refuses, naming the rule."""

    def whole(low: int, high: int) -> dict[str, Any]:
        return {"type": "integer", "minimum": low, "maximum": high}

    def sized(item: dict[str, Any], size: int | None, **more: Any) -> dict[str, Any]:
        out = {"type": "array", "items": item, **more}
        return out if size is None else {**out, "minItems": size, "maxItems": size}

    def obj(properties: dict[str, Any], description: str) -> dict[str, Any]:
        return {"type": "object", "description": description, "properties": properties,
                "additionalProperties": False}  # fmt: skip

    def nullable(item: dict[str, Any]) -> dict[str, Any]:
        return {"anyOf": [item, {"type": "null"}]}

    ids = _Ids(game) if game is not None else None

    def id_of(table: str, what: str) -> dict[str, Any]:
        if ids is None:
            return {"type": "string", "description": f"the id of {what}"}
        return {"enum": sorted(getattr(ids, table))}

    variant = game.variant if game is not None else None
    settings = dict(game.settings()) if game is not None else {}
    seats = variant.players + (1 if variant.solo else 0) if variant is not None else None
    seat = whole(0, seats - 1 if seats is not None else 4)
    data = game.data if game is not None else None
    grounds = len(data.board.grounds) if data is not None else None
    slots = game.tables.ground_of_slot if game is not None else None
    level3 = id_of("level3", "a level 3 card")
    card = id_of("card", "a castle card of level 1 or 2")
    tile = id_of("tile", "a die tile")
    solo_card = id_of("solo", "a solo card")
    fields = [field_name(f) for f in range(BOARD_FIELDS)]
    stack = variant.stack if variant is not None else 15
    dice = variant.dice_per_colour if variant is not None else None
    family = obj(
        {
            "coins": whole(0, 10_000),
            "seals": whole(0, 40),
            "iron": whole(0, 7),
            "food": whole(0, 7),
            "pearl": whole(0, 7),
            "points": whole(0, 10_000),
            "court": sized(
                whole(0, FIGURES), 4, description="courtiers at the gate and on levels 1, 2, 3"
            ),
            "gardeners": sized(
                id_of("garden", "a garden"),
                None,
                uniqueItems=True,
                description="the gardens holding a gardener",
            ),
            "warriors": sized(
                whole(0, FIGURES),
                grounds,
                description="warriors per training ground, in board order",
            ),
            "card": nullable(id_of("row", "an action card or a castle card")),
            "lantern": sized(id_of("lantern", "a starting card or a castle card"), None),
            "track": whole(0, data.board.track.last if data is not None else 10_000),
            "dice": obj({row: whole(1, 6) for row in ROWS}, "the die on each family-board row"),
        },
        "a family (or the solo rival); a key left out is zero, empty or the seat's starting pair",
    )
    pair = {"type": "array", "minItems": 2, "maxItems": 2, "items": False,
            "prefixItems": [id_of("resource", "a resource card"),
                            id_of("action", "an action card")]}  # fmt: skip
    task = {"type": "string", "minLength": 1, "maxLength": 400, "pattern": r"\S",
            "description": "effects joined by commas, as 'pay_seals 1, castle'"}  # fmt: skip
    frame = {"anyOf": [task, sized(task, None, minItems=1)]}
    places = [*fields, "well", *ROWS]
    props: dict[str, Any] = {
        "game": {"const": "castle"},
        "settings": {"type": "object", "description": "the game's settings; each given must be "
                     "the game's", "properties": {k: {"const": v} for k, v in settings.items()}},
        "step": {"type": "integer", "minimum": 0,
                 "description": "Actions (decisions and chance outcomes) applied since setup."},
        "round": whole(1, 3),
        "order": sized(seat, seats, uniqueItems=True, description="seats, first to play first"),
        "stack": sized(seat, seats, uniqueItems=True, description="seats whose markers share "
                       "a space, top first"),
        "rooms": sized(nullable(card), ROOMS, description="per room its card, null while it "
                       "waits for its refill"),
        "level3": level3,
        "daimyo": sized(nullable(seat), None, description="per Daimyo space a seat or null"),
        "beside": sized(whole(0, FIGURES), seats, description="courtiers beside the full "
                        "Daimyo card, per seat"),
        "diamond": sized(tile, 3, description="the ♦ slots' tiles: red, black, white"),
        "tiles": sized(tile, TILE_SLOTS, description="die-tile slots 1 to 12 (11, 12 at "
                       "the well)"),
        "gardens": sized(id_of("garden", "a garden"), GARDENS, description="per garden slot "
                         "2 * bridge + kind (plant 0, stone 1)"),
        "training": sized(id_of("training", "a training tile"),
                          len(slots) if slots is not None else None),
        "display": {"anyOf": [
            sized(pair, variant.pairs - variant.players if variant is not None else None,
                  description="the starting pairs no seat took: [resource, action]"),
            sized(nullable(pair), variant.pairs if variant is not None else None,
                  description="every starting pair laid out, null for each a seat took"),
        ]},
        "discarded": sized(card, None, description="in solo play, the room cards the rival's "
                           "ascents removed"),
        "bridges": obj({c.label: sized(whole(0, 6), dice) for c in COLOURS},
                       "each bridge's dice from the lantern end, 0 for an empty slot; a "
                       "bridge left out is still to be rolled"),
        "fields": obj({f: {"anyOf": [whole(1, 6), {
            "type": "object", "required": ["top"], "additionalProperties": False,
            "properties": {"top": whole(1, 6), "dice": whole(1, stack)}}]} for f in fields},
            "the top die's value on each board field (or its top and the dice stacked)"),
        "families": sized(family, variant.players if variant is not None else None),
        "rival": family,
        "solo": obj({"top": nullable(solo_card), "bottom": sized(solo_card, None),
                     "known": {"type": "boolean"}}, "the solo deck"),
        "pending": {
            **obj({
                "seat": seat,
                "held": {"type": "string",
                         "pattern": r"^\s*(red|black|white)\s+[1-6]\s+(left|right)\s*$"},
                "on": {"enum": places},
                "die": {"enum": [c.label for c in COLOURS]},
                "left": {"type": "boolean"},
                "resolve": frame,
                "under": sized(frame, None, description="the frames below, bottom first"),
                "gardeners": sized(seat, None),
            }, "the turn under way (left out: a turn's start)"),
            "not": {"anyOf": [{"required": ["held", "on"]}, {"required": ["held", "resolve"]},
                              {"required": ["on", "resolve"]}]},
        },
    }  # fmt: skip
    if variant is not None:
        if variant.solo:
            del props["display"]
        else:
            for key in ("rival", "solo", "discarded"):
                del props[key]
    return {
        "type": "object",
        "description": "A White Castle position in the short form a person writes "
        "(rulespec.castle.short); it has none of the engine's own keys, and every key may "
        "be left out.",
        "properties": props,
        "additionalProperties": False,
    }
