"""Setup and every deal: rooms (with the redraw of castle.setup.redraw), the level 3 card,
die tiles (♦ first, then the numbered slots with the move-on rule), gardens, training
tiles, the influence stack, starting cards, the solo deck's top card, room refills, dice.

Each deal is one chance node over the items left in its pile, all equally likely, so the
law is that of a shuffle (ruling castle.info.decks).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import filterfalse
from typing import Any

from rulespec.castle import rival as rivals
from rulespec.castle.actions import Deal, Pile, Roll, rolls
from rulespec.castle.components import COLOURS, Colour
from rulespec.castle.rounds import after_roll, first_turn, settle, unrolled
from rulespec.castle.state import Phase, Stage, State, filled
from rulespec.castle.tables import ROOMS
from rulespec.castle.turn import give_pair
from rulespec.core import trace
from rulespec.core.trace import decided
from rulespec.core.words import count

# Enum members under module names: in Python 3.11 ``Phase.RESOLVE`` passes the enum
# metaclass's ``__getattr__`` hook at each use (0.1 µs; a step names dozens), a module
# global is one dictionary look-up (issue 21 §5).
_REFILL = Phase.REFILL
_RESOLVE = Phase.RESOLVE
_SETUP = Phase.SETUP
_SOLO_DRAW = Phase.SOLO_DRAW
_ACTION = Pile.ACTION
_GARDEN = Pile.GARDEN
_LEVEL1 = Pile.LEVEL1
_LEVEL2 = Pile.LEVEL2
_LEVEL3 = Pile.LEVEL3
_RESOURCE = Pile.RESOURCE
_SEAT = Pile.SEAT
_SOLO = Pile.SOLO
_TILE = Pile.TILE
_TRAINING = Pile.TRAINING
_PICKS = Stage.PICKS

# --- what the next setup deal is -----------------------------------------------------


def next_pile(s: State) -> Pile | None:
    """The pile the next setup deal comes from, or None when setup is dealt."""
    if None in s.rooms:
        return _LEVEL1 if s.game.tables.room_level[s.rooms.index(None)] == 1 else _LEVEL2
    if s.level3 is None:
        return _LEVEL3
    if None in s.tiles or len(s.diamond) < 3:
        return _TILE
    if None in s.gardens:
        return _GARDEN
    if None in s.training:
        return _TRAINING
    variant = s.game.variant
    if not variant.solo:
        if len(s.order) < s.players:
            return _SEAT
        if len(s.display) < variant.pairs:
            return _RESOURCE
        if any(a is None for _, a in s.display):
            return _ACTION
        return None
    fam = s.families[0]
    if not fam.lantern:
        return _RESOURCE
    if fam.card is None:
        return _ACTION
    return None


def pool(s: State, pile: Pile) -> tuple[int, ...]:
    """The items ``pile`` may deal now, in index order."""
    data = s.game.data
    if pile is _LEVEL1:
        return s.deck1
    if pile is _LEVEL2:
        return s.deck2
    if pile is _LEVEL3:
        return tuple(range(len(data.level3)))
    if pile is _TILE:
        used = {*s.tiles, *s.diamond}.__contains__
        if len(s.diamond) < 3:  # the ♦ slot's colour, red, black, white
            return tuple(filterfalse(used, s.game.tables.tiles_of_colour[len(s.diamond)]))
        return tuple(filterfalse(used, range(len(data.die_tiles))))
    if pile is _GARDEN:
        kind = s.gardens.index(None) % 2
        laid = set(s.gardens).__contains__
        return tuple(filterfalse(laid, s.game.tables.gardens_of_kind[kind]))
    if pile is _TRAINING:
        return tuple(filterfalse(set(s.training).__contains__, range(len(data.training))))
    if pile is _SEAT:
        return tuple(p for p in range(s.players) if p not in s.order)
    if pile is _RESOURCE:
        taken = {r for r, _ in s.display} | {lantern for f in s.families for lantern in f.lantern}
        return tuple(i for i in range(len(data.resources)) if i not in taken)
    if pile is _ACTION:
        taken = {a for _, a in s.display} | {f.card for f in s.families}
        return tuple(i for i in range(len(data.actions)) if i not in taken)
    assert s.solo is not None
    return s.solo.hidden


_DEALS: dict[int, dict[int, Deal]] = {}
"""Interned deals by the pile's identity (an enum member hashes by name, in Python) and item."""


def deal_of(pile: Pile, item: int) -> Deal:
    """The (interned) deal action."""
    deals = _DEALS.get(id(pile))
    if deals is None:
        deals = _DEALS[id(pile)] = {}
    found = deals.get(item)
    if found is None:
        found = deals[item] = Deal(pile, item)
    return found


def outcomes(s: State) -> Sequence[tuple[Deal, int]]:
    """The chance outcomes of a deal phase: every item of its pile, weight 1 (each item's
    outcome is built once per pile and kept)."""
    pile, items = dealing(s)
    assert pile is not None
    if trace.TRACING:
        decided(
            "castle.info.decks",
            f"the {pile.value} pile is drawn from only now, when it is needed: any of its "
            f"{count(len(items), 'item')} left may come",
        )
    table = _OUTCOMES.get(id(pile))
    if table is None:
        table = _OUTCOMES[id(pile)] = {}
    try:
        return tuple(map(table.__getitem__, items))
    except KeyError:  # an item not dealt from this pile before
        for i in items:
            table.setdefault(i, (deal_of(pile, i), 1))
        return tuple(map(table.__getitem__, items))


_OUTCOMES: dict[int, dict[int, tuple[Deal, int]]] = {}
"""Each pile's outcomes by item, the pile by identity (as :data:`_DEALS`)."""


def dealing(s: State) -> tuple[Pile | None, tuple[int, ...]]:
    """The pile the current chance node deals from and its items, kept for the last state
    asked about (the sample, the check and the deal all ask)."""
    memo = _DEALING
    if memo[0] is s:
        found: tuple[Pile | None, tuple[int, ...]] = memo[1]
        return found
    pile = current_pile(s)
    found = (pile, () if pile is None else pool(s, pile))
    memo[:] = (s, found)
    return found


_DEALING: list[Any] = [None, (None, ())]


def current_pile(s: State) -> Pile | None:
    """The pile the current chance node deals from."""
    if s.phase is _SETUP:
        return next_pile(s)
    if s.phase is _REFILL:
        return _LEVEL1 if s.game.tables.room_level[filled(s.refill)] == 1 else _LEVEL2
    if s.phase is _SOLO_DRAW:
        return _SOLO
    return None


# --- the effects of deals ----------------------------------------------------------------


def deal(s: State, action: Deal) -> State:
    """Apply a deal (checked to be in the pile)."""
    pile, item = action.pile, action.item
    if s.phase is _REFILL:
        return settle(_refill(s, item))
    if s.phase is _SOLO_DRAW:
        solo = s.solo
        assert solo is not None
        if trace.TRACING:
            decided(
                "castle.solo.deck",
                f"solo card {s.game.data.solo[item].id} turns up on top of the solo deck, where "
                "every player sees it",
            )
        hidden = list(solo.hidden)
        hidden.remove(item)  # checked to be there, once (the deck holds each card once)
        solo = solo.but(top=item, hidden=tuple(hidden))
        if solo.row:  # the rival is revealing: look for its die, or flip on
            s = rivals.check(s, solo)
            # a card without its die flips the next one: another draw, not the turn's end
            return s if s.phase is _SOLO_DRAW else settle(s)
        return first_turn(s, solo=solo)
    if pile in (_LEVEL1, _LEVEL2):
        s = _room(s, item)
    elif pile is _LEVEL3:
        if trace.TRACING:
            decided(
                "castle.setup.level3",
                f"level-3 card {s.game.data.level3[item].id} is drawn for the top level; the "
                "other level-3 cards go back in the box",
            )
        spaces = len(s.game.data.level3[item].spaces)
        s = s.but(level3=item, daimyo=(None,) * spaces)
    elif pile is _TILE:
        s = _tile(s, item)
    elif pile is _GARDEN:
        if trace.TRACING:
            slot = s.gardens.index(None)
            decided(
                "castle.setup.gardens",
                f"garden {s.game.data.gardens[item].id} goes below the "
                f"{COLOURS[slot // 2].label} bridge, one plant and one stone garden per bridge",
            )
        gardens = list(s.gardens)
        gardens[gardens.index(None)] = item
        s = s.but(gardens=tuple(gardens))
    elif pile is _TRAINING:
        if trace.TRACING:
            decided(
                "castle.setup.training",
                f"training tile {s.game.data.training[item].id} goes on training ground "
                f"{s.training.index(None)}",
            )
        training = list(s.training)
        training[training.index(None)] = item
        s = s.but(training=tuple(training))
    elif pile is _SEAT:
        if trace.TRACING:
            decided(
                "castle.setup.influence",
                f"seat {item}'s influence marker is drawn for the stack: "
                f"{'first, on top' if not s.order else f'number {len(s.order) + 1}'} in the "
                "first turn order",
            )
        order = (*s.order, item)
        s = s.but(order=order)
        if len(order) == s.players:  # top of the stack first: the top marker is highest
            fams = tuple(f.but(height=s.players - order.index(p)) for p, f in enumerate(s.families))
            s = s.but(families=fams, stamp=s.players)
    elif pile is _RESOURCE:
        if s.game.variant.solo:
            s = s.with_family(0, s.families[0].but(lantern=(item,)))
        else:
            s = s.but(display=(*s.display, (item, None)))
    elif pile is _ACTION:
        if s.game.variant.solo:
            s = s.with_family(0, s.families[0].but(card=item))
        else:
            display = list(s.display)
            k = next(i for i, (_, a) in enumerate(display) if a is None)
            display[k] = (display[k][0], item)
            s = s.but(display=tuple(display))
    return after_setup_deal(s)


def after_setup_deal(s: State) -> State:
    """Deal on, or start the picks once everything is laid out."""
    if dealing(s)[0] is not None:  # the phase is SETUP: the next setup pile
        return s
    decided(
        "castle.setup.family",
        "everything is dealt: each family starts with its 15 figures on its board's rows and "
        "its markers at the start of the tracks",
    )
    if s.game.variant.solo:
        decided(
            "castle.solo.setup",
            "solo: the player starts with the dealt action and resource cards, no picks",
        )
        fam = s.families[0]
        res = fam.lantern[0]
        s = s.with_family(0, fam.but(lantern=()))
        s = give_pair(s, 0, res, filled(fam.card))
        return settle(s.but(phase=_RESOLVE))
    order = s.order
    return settle(s.but(stage=_PICKS, picking=tuple(reversed(order)), phase=_RESOLVE))


def _room(s: State, card: int) -> State:
    """A room gets its card; after the fifth, the redraw check (castle.setup.redraw)."""
    t = s.game.tables
    if trace.TRACING:
        decided(
            "castle.setup.room_cards",
            f"card {t.cards[card].id} goes to room {s.rooms.index(None)}, a level-"
            f"{t.level_of[card]} room",
        )
    level = t.level_of[card]
    rooms = list(s.rooms)
    rooms[rooms.index(None)] = card
    if level == 1:
        s = s.but(deck1=tuple(c for c in s.deck1 if c != card), rooms=tuple(rooms))
    else:
        s = s.but(deck2=tuple(c for c in s.deck2 if c != card), rooms=tuple(rooms))
    if None not in rooms:
        cards = [filled(c) for c in rooms]
        first = t.dark_action[cards[0]]
        same = all(t.dark_action[c] == first for c in cards)
        if trace.TRACING:
            decided(
                "castle.setup.redraw_price",
                "the five rooms' dark actions are compared without their seal price: "
                + ("all the same" if same else "they differ"),
            )
        if same:
            decided(
                "castle.setup.redraw",
                "all five dark actions are the same: the rooms are dealt again",
            )
            back1 = tuple(sorted((*s.deck1, *(c for c in cards if t.level_of[c] == 1))))
            back2 = tuple(sorted((*s.deck2, *(c for c in cards if t.level_of[c] == 2))))
            s = s.but(rooms=(None,) * ROOMS, deck1=back1, deck2=back2)
    return s


def _refill(s: State, card: int) -> State:
    """The emptied room gets the dealt card (castle.actions.card_swap)."""
    room = filled(s.refill)
    rooms = list(s.rooms)
    rooms[room] = card
    if s.game.tables.level_of[card] == 1:
        deck = {"deck1": tuple(c for c in s.deck1 if c != card)}
    else:
        deck = {"deck2": tuple(c for c in s.deck2 if c != card)}
    return s.but(rooms=tuple(rooms), refill=None, phase=_RESOLVE, **deck)


def _tile(s: State, tile: int) -> State:
    """A die tile: to the next ♦ slot, else to the lowest free numbered slot, moving on
    if it would leave a room in one colour (castle.setup.die_tiles)."""
    game = s.game
    if trace.TRACING:
        decided(
            "castle.setup.die_tiles",
            f"die tile {game.data.die_tiles[tile].id} is laid out: "
            + (
                "on a ♦ slot"
                if len(s.diamond) < 3
                else f"on the next free numbered slot, {s.tiles.index(None)}"
            ),
        )
    if len(s.diamond) < 3:
        if trace.TRACING:
            decided(
                "castle.setup.diamond_tiles",
                f"die tile {game.data.die_tiles[tile].id} is drawn at random for its "
                "colour's ♦ slot",
            )
        return s.but(diamond=(*s.diamond, tile))
    slot = s.tiles.index(None)
    colour = game.data.die_tiles[tile].colour
    tiles = list(s.tiles)
    if _monochrome(s, slot, colour):
        others = [i for i in pool(s, _TILE) if i != tile]
        if any(game.data.die_tiles[i].colour is not colour for i in others):
            for later in range(slot + 1, len(tiles)):
                if tiles[later] is None and not _monochrome(s, later, colour):
                    if trace.TRACING:
                        decided(
                            "castle.setup.tile_swap_edge",
                            f"slot {slot} would leave a room all {colour.label}: the tile moves "
                            f"on to slot {later}",
                        )
                    tiles[later] = tile
                    return s.but(tiles=tuple(tiles))
    tiles[slot] = tile
    return s.but(tiles=tuple(tiles))


def _monochrome(s: State, slot: int, colour: Colour) -> bool:
    """Whether a ``colour`` tile on numbered slot ``slot`` (0-based) would be the last of
    its room and leave the room in one colour."""
    t = s.game.tables
    number = slot + 1
    room = t.room_of_number[slot]
    if room is None:
        return False
    tiles, kinds = s.tiles, s.game.data.die_tiles
    for n, d in zip(t.room_slots[room], t.diamond_colour[room], strict=True):
        if n == number:
            continue
        if n == 0:  # a ♦ slot: its printed colour
            if d is not colour:
                return False
        else:
            tile = tiles[n - 1]
            if tile is None:  # not the room's last tile
                return False
            if kinds[tile].colour is not colour:
                return False
    return True


# --- dice ----------------------------------------------------------------------------------


def roll_outcomes(s: State) -> Sequence[tuple[Roll, int]]:
    """The dice of the next unrolled colour, sorted, with multinomial weights."""
    return s.game.roll_table[filled(unrolled(s))]


def roll(s: State, action: Roll) -> State:
    """The colour's dice lie sorted on its bridge (castle.setup.dice)."""
    if trace.TRACING:
        decided(
            "castle.setup.dice",
            f"the {action.colour.label} dice are rolled and sorted onto their bridge: "
            + " ".join(map(str, action.dice)),
        )
    bridges = list(s.bridges)
    bridges[action.colour] = action.dice
    s = s.but(bridges=(bridges[0], bridges[1], bridges[2]))
    return after_roll(s)


def roll_table(k: int) -> dict[Colour, tuple[tuple[Roll, int], ...]]:
    """Per colour, every roll of ``k`` dice with its weight."""
    table = rolls(k)
    return {c: tuple((Roll(c, dice), w) for dice, w in table) for c in COLOURS}
