"""The White Castle's component data: the default file, and the checks every data file passes.

Most component faces are pictures the rulebook does not transcribe, so the game runs on a
JSON file of :mod:`rulespec.castle.components` records (format in the docs page "The White
Castle: component data"). rulespec ships ``data/default.json``: rulebook facts first, a
community transcription where the book is silent, one secondary source, and clearly marked
stand-ins for what no source gives. Users may pass their own data in the same format.

:func:`load` checks a whole file and reports every problem in one
:class:`MalformedCastleData`: the shape (via :class:`~rulespec.core.convert.Converter`,
each problem with its JSON path), the component counts of castle.de:15-69, unique ids,
known symbols where they may appear, value ranges, the room and tile layout, that every
entry says where it comes from, and that no action can trigger itself at no cost (that
would let one die placement run forever). Client data never makes rulespec read a file:
:func:`load` takes parsed JSON or JSON text, and :func:`default` reads the shipped file
from package data.
"""

from __future__ import annotations

import collections
import functools
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from importlib import resources
from typing import Any

import attrs

from rulespec.castle.components import (
    COSTS,
    FIGURES_PER_ROW,
    INTERNAL,
    SOLO_ONLY,
    Area,
    Board,
    CastleCard,
    CastleData,
    Colour,
    Effect,
    Effects,
    Figure,
    GardenKind,
    Source,
    Symbol,
    TrainingTile,
)
from rulespec.core.convert import JSON, Converter, Reader, Repr, listing
from rulespec.core.positions import oversized
from rulespec.errors import MAX_PROBLEMS, MalformedPosition, bounded

FORMAT = 1
"""The version of the data format; a file must say ``"format": 1``."""
MAX_BYTES = 1_000_000
"""JSON text longer than this is refused unread (the default file is about 50 KB)."""
MAX_ENTRIES = 200
"""No component list is longer (the box holds at most 15 of a kind; a board at most
:data:`rulespec.lotus.board.MAX_AREAS` areas): data passed as an object is capped as
text is."""
MAX_AMOUNT = 20
"""No printed number is larger; a larger amount is a typing error."""
MAX_ID = 40
MAX_CITE = 300

COUNTS: dict[str, tuple[int, str]] = {
    "level1": (15, "castle.de:52"),
    "level2": (12, "castle.de:53"),
    "level3": (9, "castle.de:54"),
    "training": (8, "castle.de:27"),
    "die_tiles": (15, "castle.de:26"),
    "resources": (9, "castle.de:45"),
    "actions": (6, "castle.de:44"),
    "bonuses": (3, "castle.de:46"),
    "solo": (9, "castle.de:65"),
}
"""How many of each component the box holds (castle.de:15-69)."""
GARDENS: dict[GardenKind, tuple[int, str]] = {
    GardenKind.PLANT: (5, "castle.de:60"),
    GardenKind.STONE: (5, "castle.de:61"),
}
TRANSCRIBED_GARDENS = 6
"""Gardens of each kind in the community transcription: data with six of each (all twelve,
``data="all_gardens"``) is accepted too (ruling castle.components.dropped_cards)."""
ROOMS = {1: 3, 2: 2}
"""Rooms per castle level (castle.de:243)."""
SECTIONS = {1: 3, 2: 2}
"""Sections per castle card: one beside each tile slot of its room."""
CARD_ROWS = 3
"""A castle card spans the three family rows when it lies on a family board."""
TRAINING_SLOTS = 4
"""Training tiles laid out at setup (castle.de:122)."""
TREE_SEALS = (1, 2, 3)
"""Seals to cross the three trees (castle.de:441)."""
SEASON_POINTS = (3, 6)
"""Points for ending in season 2 or 3 (castle.de:483)."""
FINAL_POINTS = (10, 15)
"""Season-4 spaces are worth 10 to 15 points (castle.de:483)."""
COURT_POINTS = (1, 3, 6, 10)
"""Courtier points at the gate and on levels 1-3 (castle.de:491-495)."""
WELL_VALUE = 1
"""The well's value is always 1 (castle.de:289)."""

MAIN_ACTIONS = frozenset({Symbol.CASTLE, Symbol.GARDEN, Symbol.TRAINING})
"""The three actions outside the walls offer (castle.de:263-275)."""
WELL_BACKS = frozenset({Symbol.IRON, Symbol.FOOD, Symbol.PEARL, Symbol.ANY_RESOURCE})
"""A die tile's back shows resources (castle.de:291)."""
GAINS = frozenset(
    {
        Symbol.IRON,
        Symbol.FOOD,
        Symbol.PEARL,
        Symbol.ANY_RESOURCE,
        Symbol.COINS,
        Symbol.SEALS,
        Symbol.VP,
        Symbol.INFLUENCE,
    }
)
"""What a starting resource card gives (castle.de:142)."""
SOLO_SYMBOLS = frozenset(
    {
        Symbol.GARDEN,
        Symbol.TRAINING,
        Symbol.GATE,
        Symbol.ASCEND,
        Symbol.VP,
        Symbol.INFLUENCE,
        Symbol.COINS,
    }
)
"""The rival's symbols (castle.de:571-604)."""
TILE_SYMBOLS = frozenset({Symbol.ANY_TILE, Symbol.RED_TILE, Symbol.BLACK_TILE, Symbol.WHITE_TILE})

_CITE = re.compile(
    r"(castle\.de:\d+(-\d+)?|[a-z0-9_]+\.jsonc?(\[\d+\])?( [a-z_]+)?|NOTES\.md)"
    r"(, (castle\.de:\d+(-\d+)?|[a-z0-9_]+\.jsonc?(\[\d+\])?( [a-z_]+)?|NOTES\.md))*"
)
"""A cite: rulebook lines (``castle.de:320``, ``castle.de:332-338``), a reference file
with an optional index and key (``card_castle_level1.json[4]``, ``board.jsonc yard``) or
``NOTES.md``; several separated by ", "."""

_STAND_IN = re.compile(r"stand-in: ([a-z_]+(?:, [a-z_]+)*)\.")
"""A note starting ``stand-in: dark, lantern.`` marks those fields of an entry as stand-ins
although the entry's source is stronger (a transcribed card with a stand-in back); a
training tile may also name ``pairing`` (which faces share a tile)."""


class MalformedCastleData(MalformedPosition):
    """Component data that does not describe a White Castle box; lists every problem."""

    what = "malformed castle data"
    code = "malformed_castle_data"


# --- effects as compact strings ----------------------------------------------------------

_SYMBOL = {s.label: s for s in Symbol if s not in INTERNAL}
_KIND = {k.label: k for k in GardenKind}
_EFFECT_SHAPE = '"<symbol> [amount] [option ...]", e.g. "food 2", "choice castle garden"'


def effect_text(effect: Effect) -> str:
    """An effect as the data file writes it: ``"pay_seals 1"``, ``"castle"`` (amount 1 is
    left out), ``"choice castle garden training"``, ``"garden plant"`` (solo)."""
    words = [effect.symbol.label]
    if effect.amount != 1:
        words.append(str(effect.amount))
    words += [o.label for o in effect.options]
    words += [k.label for k in effect.kinds]
    return " ".join(words)


def _load_effect(raw: JSON, reader: Reader) -> Effect:
    placeholder = Effect(Symbol.VP)
    if not isinstance(raw, str) or not raw.strip() or len(raw) > 200:
        reader.bad(f"expected an effect {_EFFECT_SHAPE}, got {bounded(raw)}")
        return placeholder
    first, *rest = raw.split()
    symbol = _SYMBOL.get(first)
    if symbol is None or symbol in INTERNAL:
        reader.bad(f"{bounded(first)} is not a symbol ({listing(sorted(_SYMBOL))})")
        return placeholder
    amount = 1
    if rest and re.fullmatch(r"-?\d+", rest[0]):
        amount = int(rest[0][:6])
        rest = rest[1:]
        if not 1 <= amount <= MAX_AMOUNT:
            reader.bad(f"{symbol.label}: amount {amount}, expected 1 to {MAX_AMOUNT}")
            return placeholder
    if symbol is Symbol.CHOICE:
        options = [_SYMBOL.get(w) for w in rest]
        if None in options or len(options) < 2 or len(set(options)) != len(options):
            reader.bad(f"a choice needs two or more distinct symbols, got {bounded(raw)}")
            return placeholder
        chosen = tuple(o for o in options if o is not None)
        if any(o is Symbol.CHOICE or o in COSTS or o in SOLO_ONLY for o in chosen):
            reader.bad(f"a choice offers plain actions and gains, not costs, got {bounded(raw)}")
            return placeholder
        return Effect(symbol, amount, options=chosen)
    if symbol is Symbol.GARDEN and rest:
        kinds = [_KIND.get(w) for w in rest]
        if None in kinds or len(set(kinds)) != len(kinds):
            reader.bad(f"a garden takes the kinds plant and/or stone, got {bounded(raw)}")
            return placeholder
        return Effect(symbol, amount, kinds=tuple(k for k in kinds if k is not None))
    if rest:
        reader.bad(f"{symbol.label} takes only an amount, got {bounded(raw)}")
        return placeholder
    return Effect(symbol, amount)


EFFECT = Repr(
    lambda e, ctx: effect_text(e),
    _load_effect,
    lambda ctx: {"type": "string", "description": _EFFECT_SHAPE},
)
"""How an effect is written and read, for any converter of White Castle records."""
_EFFECT = EFFECT  # the name codec.py first used
_CONVERTER = Converter({Effect: EFFECT})


# --- loading -----------------------------------------------------------------------------


def load(data: Mapping[str, object] | str) -> CastleData:
    """Check and build component data from parsed JSON or JSON text (never a file name);
    :class:`MalformedCastleData` lists every problem found."""
    if isinstance(data, str):
        if len(data) > MAX_BYTES:
            raise MalformedCastleData([f"{len(data)} characters; the data has at most {MAX_BYTES}"])
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise MalformedCastleData(
                [f"not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"]
            ) from None
        except RecursionError:
            raise MalformedCastleData(["not castle data (nested too deeply)"]) from None
        except ValueError:  # a number with more digits than Python converts
            raise MalformedCastleData(["not castle data (a number too long to read)"]) from None
    if not isinstance(data, Mapping):
        raise MalformedCastleData([f"castle data must be a JSON object, got {type(data).__name__}"])
    too_long = [
        f"{key}: {len(value)} entries; the data has at most {MAX_ENTRIES} of each component"
        for key, value in data.items()
        if isinstance(value, (list, tuple, Mapping)) and len(value) > MAX_ENTRIES
    ]
    if too_long or len(data) > MAX_ENTRIES:
        # refused unread, as boards are: the checks below need not scale to huge input
        raise MalformedCastleData(too_long[:MAX_PROBLEMS] or [f"{len(data)} keys"])
    if oversized(data, MAX_BYTES):
        raise MalformedCastleData(
            [f"more than {MAX_BYTES} characters' worth of data; the data has at most that"]
        )
    reader = Reader(None)
    fmt = data.get("format")
    if fmt != FORMAT or isinstance(fmt, bool):
        reader.at("format").bad(f"expected {FORMAT}, got {bounded(fmt)}")
    values = _CONVERTER.fields(CastleData, data, reader, extra=("format",))
    _check(values, reader)
    if reader.problems:
        raise MalformedCastleData(reader.problems)
    return CastleData(**values)


def to_json(data: CastleData) -> dict[str, Any]:
    """The data in its file format (``load(to_json(d)) == d``)."""
    out: dict[str, Any] = {"format": FORMAT}
    out.update(_CONVERTER.to_json(data))
    return out


@functools.cache
def default() -> CastleData:
    """The data rulespec ships (``rulespec/castle/data/default.json``), read once."""
    text = (resources.files("rulespec.castle") / "data" / "default.json").read_text("utf-8")
    return load(text)


@functools.cache
def all_gardens() -> CastleData:
    """The default data with all twelve transcribed gardens (``data="all_gardens"``): the
    two the default leaves out come from ``data/surplus_gardens.json`` (ruling
    castle.components.dropped_cards)."""
    folder = resources.files("rulespec.castle") / "data"
    base = json.loads((folder / "default.json").read_text("utf-8"))
    extra = json.loads((folder / "surplus_gardens.json").read_text("utf-8"))
    gardens = [*base["gardens"], *extra["gardens"]]
    order = {"plant": 0, "stone": 1}
    base["gardens"] = sorted(gardens, key=lambda g: order[g["kind"]])  # stable: file order
    base["name"] = "rulespec default White Castle data, all twelve gardens"
    base["note"] = f"{base['note']} {extra['note']}"
    return load(base)


# --- the checks --------------------------------------------------------------------------


def _check(values: Mapping[str, Any], reader: Reader) -> None:
    """Every check that needs more than one field's shape; parts that failed to read are
    ``None`` and skipped (their problems are already listed)."""
    lists = {
        key: [(i, x) for i, x in enumerate(values.get(key) or ()) if x is not None]
        for key in (
            "level1",
            "level2",
            "level3",
            "gardens",
            "training",
            "die_tiles",
            "resources",
            "actions",
            "bonuses",
            "solo",
        )
    }
    for key, (wanted, cite) in COUNTS.items():
        found = len(values.get(key) or ())
        if found != wanted:
            reader.at(key).bad(f"{found} entries, expected {wanted} ({cite})")
    found_of = {kind: sum(g.kind is kind for _, g in lists["gardens"]) for kind in GARDENS}
    transcribed = all(n == TRANSCRIBED_GARDENS for n in found_of.values())
    for kind, (wanted, cite) in GARDENS.items():
        found = found_of[kind]
        if found != wanted and not transcribed:
            reader.at("gardens").bad(f"{found} {kind.label} gardens, expected {wanted} ({cite})")
    if isinstance(values.get("name"), str) and not values["name"].strip():
        reader.at("name").bad("must not be empty")
    for key, entries in lists.items():
        _check_ids(key, entries, reader)
        for i, entry in entries:
            _check_provenance(entry, reader.at(key).at(i))
    board: Board | None = values.get("board")
    if board is not None:
        _check_provenance(board, reader.at("board"))
        _check_board(board, reader.at("board"), len(values.get("die_tiles") or ()))
    for level in (1, 2):
        key = f"level{level}"
        rooms = ROOMS[level] if board is None else sum(r.level == level for r in board.rooms)
        _check_cards(key, level, lists[key], rooms, reader)
    _check_redraw([c for key in ("level1", "level2") for _, c in lists[key]], reader)
    for i, card in lists["level3"]:
        if not card.spaces:
            reader.at("level3").at(i).at("spaces").bad("a Daimyo card has at least one space")
    for i, garden in lists["gardens"]:
        where = reader.at("gardens").at(i)
        _range(where.at("cost"), garden.cost, 1, 7, "food is 0 to 7, castle.de:215")
        _range(where.at("points"), garden.points, 0, MAX_AMOUNT, "points")
    colours = collections.Counter(t.colour for _, t in lists["die_tiles"])
    for colour in Colour:
        if not colours[colour]:
            reader.at("die_tiles").bad(
                f"no {colour.label} die tile; setup puts one of each colour on the ♦ slots "
                "(castle.de:93)"
            )
    bonus_ids = collections.Counter(r.bonus for _, r in lists["resources"] if r.bonus is not None)
    known_bonuses = {b.id for _, b in lists["bonuses"]}
    complete = len(lists["bonuses"]) == len(values.get("bonuses") or ())
    for i, card in lists["resources"]:
        if complete and card.bonus is not None and card.bonus not in known_bonuses:
            reader.at("resources").at(i).at("bonus").bad(
                f"names no bonus card ({listing(sorted(known_bonuses))})"
            )
    shown_all = len(lists["resources"]) == len(values.get("resources") or ())
    for i, bonus in lists["bonuses"]:
        if shown_all and bonus_ids[bonus.id] != 1:
            reader.at("bonuses").at(i).bad(
                f"shown on {bonus_ids[bonus.id]} resource cards; a bonus card is handed out "
                "by exactly one (castle.de:144)"
            )
    _check_solo(lists["solo"], board, reader.at("solo"))
    actions = list(_actions(values))
    for path, what, effects in actions:
        _check_effects(path, what, effects, reader)
    _check_cycles(actions, reader)


def _range(where: Reader, value: int, low: int, high: int, why: str) -> None:
    if not low <= value <= high:
        where.bad(f"{bounded(value)}, expected {low} to {high} ({why})")


def _check_ids(key: str, entries: Sequence[tuple[int, Any]], reader: Reader) -> None:
    seen: dict[str, int] = {}
    for i, entry in entries:
        ident = entry.id
        if not ident or len(ident) > MAX_ID or not ident.isprintable():
            reader.at(key).at(i).at("id").bad(f"expected 1 to {MAX_ID} printable characters")
        elif ident in seen:
            reader.at(key).at(i).at("id").bad(
                f"{bounded(ident)} is also the id of {key}[{seen[ident]}]"
            )
        else:
            seen[ident] = i


def _check_provenance(entry: Any, where: Reader) -> None:
    """Each entry says where it comes from: a cite or a note, and a note for every
    secondary or stand-in entry (why it looks as it does)."""
    if not entry.cite and not entry.note:
        where.bad("needs a 'cite' (castle.de:L or a reference file) or a 'note'")
    if entry.source in (Source.STAND_IN, Source.SECONDARY) and not entry.note.strip():
        where.at("note").bad(f"a {entry.source.value} entry needs a note saying how it was chosen")
    if entry.source is Source.RULEBOOK and "castle.de:" not in entry.cite:
        where.at("cite").bad("a rulebook entry cites castle.de lines")
    marked = _STAND_IN.match(entry.note)
    if entry.note.startswith("stand-in:") and not marked:
        where.at("note").bad(
            "a note starting 'stand-in:' lists the stand-in fields, then a full stop "
            "('stand-in: dark, lantern. ...')"
        )
    if marked:
        names = [n.strip() for n in marked.group(1).split(",")]
        fields = {f.name for f in attrs.fields(type(entry))} - {"source", "cite", "note"}
        if isinstance(entry, TrainingTile):
            fields.add("pairing")  # which blue face shares a tile with which beige face
        for name in names:
            if name not in fields:
                where.at("note").bad(
                    f"'stand-in: {name[:40]}' names no field of this entry "
                    f"({listing(sorted(fields))})"
                )
    if entry.cite and (len(entry.cite) > MAX_CITE or not _CITE.fullmatch(entry.cite)):
        where.at("cite").bad(
            f"{bounded(entry.cite)} is not a cite such as castle.de:320, "
            "card_castle_level1.json[4] or board.jsonc yard"
        )


def _check_cards(
    key: str, level: int, cards: Sequence[tuple[int, CastleCard]], rooms: int, reader: Reader
) -> None:
    for i, card in cards:
        where = reader.at(key).at(i)
        if card.level != level:
            where.at("level").bad(f"{bounded(card.level)}, expected {level} in {key}")
        if len(card.sections) != SECTIONS[level]:
            where.at("sections").bad(
                f"{len(card.sections)} sections, expected {SECTIONS[level]} on level {level} "
                "(one beside each tile slot of its room)"
            )
        rows = [s.rows for s in card.sections]
        if any(r < 1 for r in rows) or sum(rows) != CARD_ROWS or (level == 1 and set(rows) != {1}):
            shape = "1 each" if level == 1 else "summing to 3"
            where.at("sections").bad(
                f"rows {bounded(rows)}, expected {shape} (the three family rows)"
            )
        if not 0 <= card.dark < len(card.sections):
            where.at("dark").bad(
                f"{bounded(card.dark)}: the one dark section must be a section's index "
                f"(0 to {len(card.sections) - 1}; castle.de:90)"
            )
        _range(where.at("min_players"), card.min_players, 1, 4, "players")
    if cards:
        few = sum(c.min_players <= 2 for _, c in cards)
        if few < rooms:
            reader.at(key).bad(
                f"{few} cards in play with 1-2 players, fewer than the {rooms} rooms to fill "
                "(castle.de:75, 86)"
            )


def dark_action(card: CastleCard) -> frozenset[Symbol]:
    """What setup compares of a card's dark section (castle.de:90): its castle, garden or
    training action, whatever it costs (a level-1 card pays a seal for it, a level-2 card
    does not); the whole section if it has none."""
    effects = card.sections[card.dark].effects if 0 <= card.dark < len(card.sections) else ()
    main = frozenset(s for e in effects for s in (e.symbol, *e.options) if s in MAIN_ACTIONS)
    return main or frozenset(e.symbol for e in effects)


def _check_redraw(cards: Sequence[CastleCard], reader: Reader) -> None:
    """Setup redraws the five room cards while their dark actions all match
    (castle.de:90): with a single dark action among the cards in play it never ends."""
    for players, in_play in (("1-2", [c for c in cards if c.min_players <= 2]), ("3-4", cards)):
        actions = {dark_action(c) for c in in_play}
        if len(actions) == 1:
            reader.bad(
                f"every castle card in play with {players} players has the same dark action, "
                "so setup would redraw the rooms forever (castle.de:90)"
            )


def _check_board(board: Board, where: Reader, die_tiles: int) -> None:
    levels = [r.level for r in board.rooms]
    if levels != [1] * ROOMS[1] + [2] * ROOMS[2]:
        where.at("rooms").bad(
            f"levels {bounded(levels)}, expected three level-1 then two level-2 rooms"
        )
    diamonds: list[Colour] = []
    numbers: list[int] = []
    for i, room in enumerate(board.rooms):
        at = where.at("rooms").at(i)
        _check_provenance(room, at)
        _range(at.at("value"), room.value, 1, 6, "a die value")
        if room.level in SECTIONS and len(room.slots) != SECTIONS[room.level]:
            at.at("slots").bad(
                f"{len(room.slots)} tile slots, expected {SECTIONS[room.level]} on level "
                f"{bounded(room.level)} (one beside each card section)"
            )
        for j, slot in enumerate(room.slots):
            if slot.number == 0:
                if slot.colour is None:
                    at.at("slots").at(j).bad("a ♦ slot (number 0) names its tile's colour")
                else:
                    diamonds.append(slot.colour)
            elif slot.colour is not None:
                at.at("slots").at(j).bad("only a ♦ slot (number 0) has a colour")
            else:
                numbers.append(slot.number)
    if sorted(diamonds) != sorted(Colour):
        where.at("rooms").bad(
            f"♦ slots hold {[c.label for c in diamonds]}, expected one tile of each colour "
            "(castle.de:93)"
        )
    counted = collections.Counter(numbers)
    wrong = [f"{bounded(n)} {counted[n]} times" for n in sorted(counted) if counted[n] > 1]
    wrong += [f"{n} missing" for n in range(1, len(numbers) + 1) if n not in counted]
    if wrong:
        where.at("rooms").bad(
            f"numbered slots must be 1 to {len(numbers)} once each (castle.de:97): "
            + ", ".join(wrong[:6])
        )
    placed = len(diamonds) + len(numbers) + board.well.tiles
    if placed != die_tiles:
        where.bad(
            f"{len(diamonds)} ♦ + {len(numbers)} numbered slots + {bounded(board.well.tiles)} well "
            f"tiles = {bounded(placed)}, but there are {die_tiles} die tiles (castle.de:93-99)"
        )
    for i, field in enumerate(board.outside):
        at = where.at("outside").at(i)
        _check_provenance(field, at)
        _range(at.at("value"), field.value, 1, 6, "a die value")
        if len(set(field.options)) != 2 or not set(field.options) <= MAIN_ACTIONS:
            at.at("options").bad(
                "two different actions of castle, garden, training (castle.de:263-275)"
            )
    _check_provenance(board.well, where.at("well"))
    if board.well.value != WELL_VALUE:
        where.at("well").at("value").bad(f"{bounded(board.well.value)}, expected 1 (castle.de:289)")
    _range(where.at("well").at("seals"), board.well.seals, 0, 5, "seals")
    _range(where.at("well").at("tiles"), board.well.tiles, 0, 5, "tiles")
    for i, ground in enumerate(board.grounds):
        at = where.at("grounds").at(i)
        _check_provenance(ground, at)
        _range(at.at("cost"), ground.cost, 1, 7, "iron is 0 to 7, castle.de:215")
        _range(at.at("points"), ground.points, 0, 9, "points per warrior")
        if not ground.sides:
            at.at("sides").bad("a ground holds at least one tile")
    sides = [s for g in board.grounds for s in g.sides]
    if len(sides) != TRAINING_SLOTS:
        where.at("grounds").bad(
            f"{len(sides)} tile places, expected {TRAINING_SLOTS} (castle.de:122)"
        )
    figures = [row.figure for row in board.family]
    if figures != list(Figure):
        where.at("family").bad(
            f"rows {[f.label for f in figures]}, expected courtier, gardener, warrior "
            "(castle.de:126)"
        )
    for i, row in enumerate(board.family):
        at = where.at("family").at(i)
        _check_provenance(row, at)
        _range(at.at("value"), row.value, 1, 6, "a die value")
        if len(row.rewards) != FIGURES_PER_ROW:
            at.at("rewards").bad(
                f"{len(row.rewards)} rewards, expected one under each of the 5 figures "
                "(castle.de:126, 315)"
            )
    track = board.track
    at = where.at("track")
    _check_provenance(track, at)
    _range(at.at("last"), track.last, 4, 100, "spaces")
    afters = [t.after for t in track.trees]
    if afters != sorted(set(afters)) or not all(0 <= a < track.last for a in afters):
        at.at("trees").bad(f"after {bounded(afters)}: three increasing spaces before the last")
    if tuple(t.seals for t in track.trees) != TREE_SEALS:
        at.at("trees").bad(
            f"seals {bounded([t.seals for t in track.trees])}, expected 1, 2, 3 (castle.de:441)"
        )
    if track.season_points != SEASON_POINTS:
        at.at("season_points").bad(
            f"{bounded(list(track.season_points))}, expected [3, 6] (castle.de:483)"
        )
    if len(track.final) != track.last - afters[-1]:
        at.at("final").bad(
            f"{len(track.final)} values, expected one per season-4 space "
            f"({bounded(track.last - afters[-1])})"
        )
    if not all(FINAL_POINTS[0] <= v <= FINAL_POINTS[1] for v in track.final):
        at.at("final").bad(f"{bounded(list(track.final), 100)}: each from 10 to 15 (castle.de:483)")
    _check_provenance(board.court, where.at("court"))
    if board.court.points != COURT_POINTS:
        where.at("court").at("points").bad(
            f"{bounded(list(board.court.points))}, expected [1, 3, 6, 10] (castle.de:491-495)"
        )


def _check_solo(cards: Sequence[tuple[int, Any]], board: Board | None, where: Reader) -> None:
    colours = {c.colour for _, c in cards}
    if cards and colours != set(Colour):
        where.bad(
            f"colours {sorted(c.label for c in colours)}; the solo cards come in 3 colours "
            "(castle.de:65)"
        )
    limit = {Area.ROOM: 5, Area.OUTSIDE: 2, Area.WELL: 1}
    if board is not None:
        limit = {Area.ROOM: len(board.rooms), Area.OUTSIDE: len(board.outside), Area.WELL: 1}
    costs = None if board is None else {g.cost for g in board.grounds}
    for i, card in cards:
        at = where.at(i)
        target = card.target
        if target.area not in limit:
            at.at("target").bad(
                f"{target.area.label}: the rival has no family board (castle.de:520)"
            )
        elif not 0 <= target.index < limit[target.area]:
            at.at("target").bad(
                f"index {bounded(target.index)}, expected 0 to {limit[target.area] - 1} "
                f"for {target.area.label}"
            )
        for j, effect in enumerate(card.actions):
            on = at.at("actions").at(j)
            if effect.symbol not in SOLO_SYMBOLS:
                on.bad(
                    f"{effect.symbol.label} is not a rival symbol "
                    f"({listing(sorted(s.label for s in SOLO_SYMBOLS))}; castle.de:571-604)"
                )
            elif effect.symbol is Symbol.GATE and effect.amount != 1:
                on.bad("gate places one courtier (castle.de:584)")
            elif effect.symbol is Symbol.ASCEND and effect.amount > 2:
                on.bad(f"ascend {effect.amount}: 1 or 2 levels (castle.de:588)")
            elif effect.symbol is Symbol.TRAINING and costs is not None:
                if effect.amount not in costs:
                    on.bad(
                        f"training {effect.amount}: no ground costs {effect.amount} iron "
                        f"({sorted(costs)}; castle.de:580)"
                    )
            elif effect.symbol is Symbol.GARDEN and effect.amount != 1:
                on.bad("garden places one gardener (castle.de:576)")


def _actions(values: Mapping[str, Any]) -> Iterator[tuple[str, str, Effects]]:
    """Every printed action outside the solo cards: (JSON path, kind, effects). Kinds:
    ``section`` / ``dark`` (castle cards), ``lantern`` (anything in a lantern area),
    ``daimyo``, ``garden``, ``tile``, ``back`` (die tiles), ``gains`` (resource cards),
    ``row`` (action cards), ``reward`` (family rows)."""

    def present(key: str) -> Iterable[tuple[int, Any]]:
        return ((i, x) for i, x in enumerate(values.get(key) or ()) if x is not None)

    for key in ("level1", "level2"):
        for i, card in present(key):
            for j, section in enumerate(card.sections):
                kind = "dark" if j == card.dark else "section"
                yield f"{key}[{i}].sections[{j}]", kind, section.effects
            yield f"{key}[{i}].lantern", "lantern", card.lantern
    for i, daimyo in present("level3"):
        for j, space in enumerate(daimyo.spaces):
            yield f"level3[{i}].spaces[{j}]", "daimyo", space
    for i, garden in present("gardens"):
        yield f"gardens[{i}].action", "garden", garden.action
    for i, tile in present("training"):
        yield f"training[{i}].blue", "tile", tile.blue
        yield f"training[{i}].beige", "tile", tile.beige
    for i, die_tile in present("die_tiles"):
        yield f"die_tiles[{i}].back", "back", die_tile.back
    for i, card in present("resources"):
        yield f"resources[{i}].gains", "gains", card.gains
        yield f"resources[{i}].lantern", "lantern", card.lantern
    for i, card in present("actions"):
        for j, row in enumerate(card.rows):
            yield f"actions[{i}].rows[{j}]", "row", row
        yield f"actions[{i}].lantern", "lantern", card.lantern
    for i, bonus in present("bonuses"):
        yield f"bonuses[{i}].lantern", "lantern", bonus.lantern
    board = values.get("board")
    if board is not None:
        for i, row in enumerate(board.family):
            for j, reward in enumerate(row.rewards):
                yield f"board.family[{i}].rewards[{j}]", "reward", reward


def _check_effects(path: str, kind: str, effects: Effects, reader: Reader) -> None:
    where = _at_path(reader, path)
    if kind not in {"reward", "lantern"} and not effects:
        where.bad("an action shows at least one symbol")
    for j, effect in enumerate(effects):
        on = where.at(j)
        if effect.symbol in SOLO_ONLY or effect.kinds:
            on.bad(f"{effect_text(effect)!r} is a rival symbol, only on solo cards")
        elif kind == "back" and effect.symbol not in WELL_BACKS:
            on.bad(f"{effect.symbol.label}: a die tile's back shows resources (castle.de:291)")
        elif kind == "gains" and effect.symbol not in GAINS:
            on.bad(f"{effect.symbol.label}: a resource card shows gains (castle.de:142)")
    if effects and effects[-1].symbol in COSTS:
        where.at(len(effects) - 1).bad("a cost must gate something after it (castle.de:201-211)")


def _at_path(reader: Reader, path: str) -> Reader:
    for part in re.findall(r"[a-z_0-9]+|\[\d+\]", path):
        reader = reader.at(int(part[1:-1]) if part.startswith("[") else part)
    return reader


def _targets(effects: Effects, groups: Mapping[Symbol, str]) -> set[str]:
    """The groups the effects before the first cost can trigger without paying."""
    out: set[str] = set()
    for effect in effects:
        if effect.symbol in COSTS:
            break
        for symbol in (effect.symbol, *effect.options):
            if symbol in groups:
                out.add(groups[symbol])
    return out


def trigger_graph(actions: Sequence[tuple[str, str, Effects]]) -> dict[str, set[str]]:
    """Each printed action to what it triggers for free (see :func:`_check_cycles`): the
    group nodes its symbols name, each group node to its member actions."""
    members: dict[str, list[str]] = {
        "<lantern>": [p for p, k, _ in actions if k == "lantern"],
        "<section>": [p for p, k, _ in actions if k in {"section", "dark"}],
        "<light>": [p for p, k, _ in actions if k == "section"],
        "<family>": [p for p, k, _ in actions if k in {"section", "dark", "row", "reward"}],
        "<well>": [p for p, k, _ in actions if k == "back"],
    }
    groups: dict[Symbol, str] = {
        Symbol.LANTERN: "<lantern>",
        Symbol.LIGHT: "<light>",
        Symbol.FAMILY: "<family>",
        Symbol.WELL: "<well>",
        **dict.fromkeys(TILE_SYMBOLS, "<section>"),
    }
    graph = {path: _targets(effects, groups) for path, _, effects in actions}
    graph.update((group, set(paths)) for group, paths in members.items())
    return graph


def _check_cycles(actions: Sequence[tuple[str, str, Effects]], reader: Reader) -> None:
    """No action may trigger itself, directly or through others, with nothing to pay on
    the way: such a chain never ends. Castle, garden and training actions are bounded by
    the figures they place (5 of each) and are not followed; the free references are the
    lantern bonus, a light section, a die tile's action, a family row and the well.

    A symbol triggers a whole group of actions; the graph goes through one node per group
    (named in angle brackets, left out of messages), so its size stays linear in the
    number of actions."""
    for found in _cycles(trigger_graph(actions)):
        cycle = [node for node in found if not node.startswith("<")]
        shown = " -> ".join(cycle[:6]) + (" -> ..." if len(cycle) > 6 else "")
        reader.bad(
            f"free action cycle: {shown} -> {cycle[0]} triggers itself with nothing to pay "
            "(castle.de:201-211); put a cost before the triggering symbol"
        )


def _cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """One shortest cycle per strongly connected component that has one (Tarjan's
    algorithm, iterative, then a breadth-first search inside the component)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                components.append(component)
    out = []
    for component in components:
        members = set(component)
        start = min(component, key=lambda node: (node.startswith("<"), node))
        if len(component) == 1 and start not in graph[start]:
            continue
        out.append(_shortest_cycle(graph, start, members))
    return sorted(out)


def _shortest_cycle(graph: Mapping[str, set[str]], start: str, members: set[str]) -> list[str]:
    parent: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(parent[path[-1]])
                    return path[::-1]
                if child not in parent:
                    parent[child] = node
                    nxt.append(child)
        frontier = nxt
    return [start]  # unreachable: a component with a cycle has one through start


__all__ = [
    "EFFECT",
    "FORMAT",
    "MalformedCastleData",
    "dark_action",
    "default",
    "effect_text",
    "load",
    "to_json",
]
