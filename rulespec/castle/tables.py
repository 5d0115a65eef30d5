"""Look-up tables the engine derives once per game from its :class:`CastleData`.

States refer to components by small integers (an index into these tables), never by the
records themselves: a state stays cheap to build, compare and write as JSON.

- castle cards: level 1 then level 2 cards, in data order (``cards``);
- row cards (what lies beside the family rows): action cards, then castle cards
  (``row_cards``: action card ``i`` is ``i``, castle card ``c`` is ``actions + c``);
- lantern sources (what lies in a lantern area): resource cards, bonus cards, action
  cards, castle cards, in that order (``lantern``);
- board fields: rooms 0-4, outside 5-6, the well 7, family rows 8-10 (``FIELD_*``).
"""

from __future__ import annotations

import attrs

from rulespec.castle.components import (
    CastleCard,
    CastleData,
    Colour,
    Effect,
    Effects,
    Symbol,
)

ROOMS = 5
OUTSIDE = 2
FIELD_OUTSIDE = ROOMS
FIELD_WELL = ROOMS + OUTSIDE
FIELD_FAMILY = FIELD_WELL + 1
FIELDS = FIELD_FAMILY + 3
"""Die fields a player may choose: 5 rooms, 2 outside, the well, 3 family rows."""
BOARD_FIELDS = ROOMS + OUTSIDE
"""Fields whose dice stay until the round ends (the well's value is always 1)."""
GARDENS = 6
"""One plant and one stone garden per bridge: slot ``2 * bridge + kind``."""
TILE_SLOTS = 12
"""Numbered die-tile slots: 1-10 in the rooms, 11 and 12 at the well."""


@attrs.frozen
class Tables:
    """Everything the engine looks up, by index."""

    data: CastleData
    cards: tuple[CastleCard, ...]
    level_of: tuple[int, ...]
    rows_of_card: tuple[tuple[Effects, Effects, Effects], ...]
    """Per row card: the action beside the courtiers', gardeners' and warriors' rows."""
    lantern: tuple[Effects, ...]
    """Per lantern source: its symbols."""
    resource_source: int
    bonus_source: int
    action_source: int
    castle_source: int
    room_level: tuple[int, ...]
    room_value: tuple[int, ...]
    room_slots: tuple[tuple[int, ...], ...]
    """Per room: the slot numbers (0 for a ♦ slot), in section order."""
    diamond_colour: tuple[tuple[Colour | None, ...], ...]
    ground_of_slot: tuple[int, ...]
    """Per training-tile slot (grounds in order, each with its tiles): its ground."""
    side_of_slot: tuple[int, ...]
    """Per training-tile slot: the side facing up (0 blue, 1 beige)."""
    dark_action: tuple[Effects, ...]
    """Per castle card: its dark section's action, the price before it left out (compared
    at setup, castle.setup.redraw and ruling castle.setup.redraw_price)."""
    printed: tuple[int, ...]
    """Per die field (``FIELDS`` of them): the value printed on it, which a die placed there
    covers while no die lies on it (the legal placements read it for every field)."""
    light: tuple[tuple[int, ...], ...]
    """Per castle card: its light sections' indices (:meth:`light_sections`)."""
    levels: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    """Per level 0-2: its rooms (:meth:`rooms_of_level`; level 0 has none)."""
    ground_slots: tuple[tuple[int, ...], ...]
    """Per training ground: its tile slots (:meth:`training_slots`)."""
    tiles_of_colour: tuple[tuple[int, ...], ...]
    """Per colour: the die tiles of that colour, in index order (the ♦ deals)."""
    gardens_of_kind: tuple[tuple[int, ...], ...]
    """Per garden kind (plant 0, stone 1): its garden cards, in index order."""
    room_of_number: tuple[int | None, ...]
    """Per numbered die-tile slot 1..12 (index ``number - 1``): its room, None at the well."""
    three_four: frozenset[int]
    """Castle cards used with three or four families only (castle.setup.two_player_cards)."""

    @classmethod
    def of(cls, data: CastleData) -> Tables:
        """The tables of ``data`` (checked data: every index resolves)."""
        cards = (*data.level1, *data.level2)
        rows = [a.rows for a in data.actions]
        rows.extend(_card_rows(c) for c in cards)
        lantern: list[Effects] = [r.lantern for r in data.resources]
        bonus_source = len(lantern)
        lantern.extend(b.lantern for b in data.bonuses)
        action_source = len(lantern)
        lantern.extend(a.lantern for a in data.actions)
        castle_source = len(lantern)
        lantern.extend(c.lantern for c in cards)
        board = data.board
        ground_of_slot: list[int] = []
        side_of_slot: list[int] = []
        for g, ground in enumerate(board.grounds):
            for side in ground.sides:
                ground_of_slot.append(g)
                side_of_slot.append(int(side))
        return cls(
            data=data,
            cards=cards,
            level_of=tuple(c.level for c in cards),
            rows_of_card=tuple(rows),
            lantern=tuple(lantern),
            resource_source=0,
            bonus_source=bonus_source,
            action_source=action_source,
            castle_source=castle_source,
            room_level=tuple(r.level for r in board.rooms),
            room_value=tuple(r.value for r in board.rooms),
            room_slots=tuple(tuple(s.number for s in r.slots) for r in board.rooms),
            diamond_colour=tuple(tuple(s.colour for s in r.slots) for r in board.rooms),
            ground_of_slot=tuple(ground_of_slot),
            side_of_slot=tuple(side_of_slot),
            dark_action=tuple(_without_price(c.sections[c.dark].effects) for c in cards),
            printed=(
                *(r.value for r in board.rooms),
                *(o.value for o in board.outside),
                board.well.value,
                *(f.value for f in board.family),
            ),
            light=tuple(tuple(i for i in range(len(c.sections)) if i != c.dark) for c in cards),
            levels=(
                (),
                tuple(r for r, room in enumerate(board.rooms) if room.level == 1),
                tuple(r for r, room in enumerate(board.rooms) if room.level == 2),
            ),
            ground_slots=tuple(
                tuple(s for s, g in enumerate(ground_of_slot) if g == ground)
                for ground in range(len(board.grounds))
            ),
            tiles_of_colour=tuple(
                tuple(i for i, d in enumerate(data.die_tiles) if d.colour is colour)
                for colour in Colour
            ),
            gardens_of_kind=tuple(
                tuple(i for i, g in enumerate(data.gardens) if int(g.kind) == kind)
                for kind in range(2)
            ),
            room_of_number=tuple(
                next(
                    (
                        r
                        for r, room in enumerate(board.rooms)
                        if any(slot.number == number for slot in room.slots)
                    ),
                    None,
                )
                for number in range(1, TILE_SLOTS + 1)
            ),
            three_four=frozenset(i for i, c in enumerate(cards) if c.min_players > 2),
        )

    def light_sections(self, card: int) -> tuple[int, ...]:
        """The indices of castle card ``card``'s light sections."""
        return self.light[card]

    def rooms_of_level(self, level: int) -> tuple[int, ...]:
        """The rooms on ``level`` (1 or 2)."""
        return self.levels[level]

    def training_slots(self, ground: int) -> tuple[int, ...]:
        """The tile slots of ``ground``."""
        return self.ground_slots[ground]


MAX_SPLIT = 5
"""The largest ``any_resource`` amount the engine numbers: its 21 splits fit the 24
options a task's head may offer (``rulespec.castle.actions.MAX_OPTIONS``)."""


def limits(data: CastleData, max_options: int) -> list[str]:
    """What in ``data`` the engine's action numbering cannot offer, one line each."""
    out = []
    groups: list[tuple[str, tuple[Effects, ...]]] = [
        (c.id, (*(s.effects for s in c.sections), c.lantern)) for c in (*data.level1, *data.level2)
    ]
    groups += [(c.id, c.spaces) for c in data.level3]
    groups += [(g.id, (g.action,)) for g in data.gardens]
    groups += [(t.id, (t.blue, t.beige)) for t in data.training]
    groups += [(t.id, (t.back,)) for t in data.die_tiles]
    groups += [(r.id, (r.gains, r.lantern)) for r in data.resources]
    groups += [(a.id, (*a.rows, a.lantern)) for a in data.actions]
    groups += [(b.id, (b.lantern,)) for b in data.bonuses]
    groups += [(f"family row {r.figure.label}", r.rewards) for r in data.board.family]
    for where, actions in groups:
        for effects in actions:
            for e in effects:
                if e.symbol is Symbol.ANY_RESOURCE and e.amount > MAX_SPLIT:
                    out.append(f"{where}: any_resource {e.amount}; at most {MAX_SPLIT}")
                if e.symbol is Symbol.CHOICE and len(e.options) > max_options:
                    out.append(f"{where}: a choice of {len(e.options)}; at most {max_options}")
    return out


def _card_rows(card: CastleCard) -> tuple[Effects, Effects, Effects]:
    """A castle card beside the family rows: each row gets the section it lies beside
    (a level 2 section spanning two rows serves both)."""
    rows: list[Effects] = []
    for section in card.sections:
        rows.extend([section.effects] * section.rows)
    while len(rows) < 3:  # checked data spans exactly three rows; be safe
        rows.append(())
    return rows[0], rows[1], rows[2]


NO_EFFECT: Effects = ()
PLAIN = Effect(Symbol.VP, 0)


PRICES = frozenset({Symbol.PAY_COINS, Symbol.PAY_SEALS})


def _without_price(effects: Effects) -> Effects:
    """``effects`` without the price at their head: the action a price gates (ruling
    castle.setup.redraw_price)."""
    i = 0
    while i < len(effects) and effects[i].symbol in PRICES:
        i += 1
    return effects[i:]
