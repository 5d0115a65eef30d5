"""The turn engine: taking and placing dice, the agenda of effects, round ends.

Every decision applies fully or not at all (the kernel checks first). After each one,
:func:`settle` works out what comes next: a forced exchange, the next task, the end of the
turn, the rival's turn, the round end or the final scoring.

Options of an effect (:func:`options`) are listed in a fixed order, each with its cost
(coins, seals, iron, food, pearl) and what it does; ``Resolve(task, i)`` picks the i-th
affordable-or-not option, and the check refuses one the seat cannot pay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rulespec.castle import rival as rivals
from rulespec.castle.components import (
    COLOURS,
    ROW_COLOUR,
    Colour,
    Effect,
    Figure,
    Symbol,
)
from rulespec.castle.state import Family, Frame, Phase, Stage, State, Task
from rulespec.castle.tables import (
    BOARD_FIELDS,
    FIELD_FAMILY,
    FIELD_OUTSIDE,
    FIELD_WELL,
)
from rulespec.castle.variant import Exchange as ExchangeWindow
from rulespec.castle.variant import FamilyRow, RefillTiming
from rulespec.core.trace import decided

Cost = tuple[int, int, int, int, int]
"""Coins, seals, iron, food, pearl."""
FREE: Cost = (0, 0, 0, 0, 0)
Option = tuple[Cost, Callable[[State, int], State]]
"""An option's cost and what it does to the state (for seat)."""

ROW_OF_COLOUR = {c: int(f) for f, c in ROW_COLOUR.items()}
ROW_COLOURS = tuple(ROW_COLOUR[f] for f in Figure)
SPLITS: dict[int, tuple[tuple[int, int, int], ...]] = {
    k: tuple((a, b, k - a - b) for a in range(k, -1, -1) for b in range(k - a, -1, -1))
    for k in range(8)
}
ASCENT_PEARLS = (0, 2, 5)
"""Pearls for an ascent of 0, 1 or 2 levels (castle.actions.castle)."""
AUDIENCE_COINS = 2


# --- families ----------------------------------------------------------------------


def affords(fam: Family, cost: Cost) -> bool:
    """Whether ``fam`` can pay ``cost``."""
    r = fam.resources
    return (
        fam.coins >= cost[0]
        and fam.seals >= cost[1]
        and r[0] >= cost[2]
        and r[1] >= cost[3]
        and r[2] >= cost[4]
    )


def pay(fam: Family, cost: Cost) -> Family:
    """``fam`` after paying ``cost`` (checked affordable)."""
    if cost == FREE:
        return fam
    r = fam.resources
    return fam.but(
        coins=fam.coins - cost[0],
        seals=fam.seals - cost[1],
        resources=(r[0] - cost[2], r[1] - cost[3], r[2] - cost[4]),
    )


def gain_resources(fam: Family, amounts: Sequence[int]) -> Family:
    """Resources gained, each capped at 7 (castle.resources.cap)."""
    r = fam.resources
    new = (min(7, r[0] + amounts[0]), min(7, r[1] + amounts[1]), min(7, r[2] + amounts[2]))
    if any(a + b > 7 for a, b in zip(r, amounts, strict=True)):
        decided("castle.resources.cap")
    return fam.but(resources=new)


def update(s: State, seat: int, fn: Callable[[Family], Family]) -> State:
    """``s`` with ``seat``'s family changed by ``fn``."""
    return s.with_family(seat, fn(s.family(seat)))


def move_marker(s: State, seat: int, to: int) -> State:
    """The seat's influence marker to space ``to``, on top of any there."""
    fam = s.family(seat)
    if to == fam.track:
        return s
    decided("castle.track.influence")
    stamp = s.stamp + 1
    return s.but(stamp=stamp).with_family(seat, fam.but(track=to, height=stamp))


# --- the agenda ------------------------------------------------------------------------


def push(s: State, *frames: Frame) -> State:
    """``frames`` pushed on the agenda, the last on top; empty frames are dropped."""
    kept = tuple(f for f in frames if f)
    return s.but(agenda=s.agenda + kept) if kept else s


def task_of(*effects: Effect) -> Task:
    return tuple(effects)


def _with_top(s: State, frame: Frame) -> State:
    agenda = s.agenda[:-1] + ((frame,) if frame else ())
    return s.but(agenda=agenda)


def _tidy(s: State) -> State:
    """Apply the coin and point gains at the heads of the top frame's tasks (they
    commute with everything), drop emptied tasks and frames."""
    while s.agenda:
        frame = s.agenda[-1]
        coins = points = 0
        tasks = []
        changed = False
        for task in frame:
            i = 0
            while i < len(task) and task[i].symbol in (Symbol.COINS, Symbol.VP):
                if task[i].symbol is Symbol.COINS:
                    coins += task[i].amount
                else:
                    points += task[i].amount
                i += 1
            if i:
                changed = True
            if i < len(task):
                tasks.append(task[i:] if i else task)
            else:
                changed = True
        if coins or points:
            decided("castle.coins.unlimited")
            fam = s.family(s.actor)
            s = s.with_family(s.actor, fam.but(coins=fam.coins + coins, points=fam.points + points))
        if not changed:
            return s
        s = _with_top(s, tuple(tasks))
    return s


def field_frames(s: State, field: int, colour: Colour) -> tuple[Frame, ...]:
    """The frames a die placed on ``field`` starts (castle.turn.field_actions)."""
    t, data, seat = s.game.tables, s.game.data, s.actor
    if field < FIELD_OUTSIDE:
        card = t.cards[s.rooms[field]]
        tiles = s.room_tiles(field)
        decided("castle.fields.rooms")
        return (tuple(card.sections[k].effects for k, c in enumerate(tiles) if c is colour),)
    if field < FIELD_WELL:
        decided("castle.fields.outside")
        out = data.board.outside[field - FIELD_OUTSIDE]
        return (((Effect(Symbol.CHOICE, 1, tuple(out.options)),),),)
    if field == FIELD_WELL:
        return (well_frame(s),)
    decided("castle.fields.family")
    return family_frames(s, seat, field - FIELD_FAMILY)


def well_frame(s: State) -> Frame:
    """One seal and the two well tiles' backs (castle.fields.well)."""
    data = s.game.data
    decided("castle.fields.well")
    backs = tuple(data.die_tiles[t].back for t in s.tiles[10:12] if t >= 0)
    return ((Effect(Symbol.SEALS, data.board.well.seals),), *backs)


def family_frames(s: State, seat: int, row: int) -> tuple[Frame, ...]:
    """The row's uncovered rewards on top of its card action (castle.fields.family)."""
    fam = s.family(seat)
    rewards = s.game.data.board.family[row].rewards[: 5 - fam.left[row]]
    action = s.game.tables.rows_of_card[fam.card][row] if fam.card >= 0 else ()
    return (((action,) if action else ()), tuple(r for r in rewards if r))


def lantern_frame(s: State, seat: int) -> Frame:
    """Every lantern symbol of ``seat``, one task per source (castle.lantern.bonus)."""
    decided("castle.lantern.bonus")
    sources = s.game.tables.lantern
    return tuple(sources[i] for i in s.family(seat).lantern if sources[i])


# --- options of each effect --------------------------------------------------------------


def options(s: State, seat: int, effect: Effect) -> list[Option]:
    """Every way to resolve ``effect`` for ``seat``, in a fixed order, with its cost."""
    decided("castle.symbols.meanings")
    handler = _HANDLERS.get(effect.symbol)
    if handler is None:
        return [(FREE, lambda st, p: st)]
    return handler(s, seat, effect)


def _gain(fn: Callable[[Family, Effect], Family]) -> Callable[[State, int, Effect], list[Option]]:
    def handler(s: State, seat: int, e: Effect) -> list[Option]:
        return [(FREE, lambda st, p: update(st, p, lambda f: fn(f, e)))]

    return handler


def _resource(r: int) -> Callable[[Family, Effect], Family]:
    def fn(f: Family, e: Effect) -> Family:
        amounts = [0, 0, 0]
        amounts[r] = e.amount
        return gain_resources(f, amounts)

    return fn


def _any_resource(s: State, seat: int, e: Effect) -> list[Option]:
    def make(split: tuple[int, int, int]) -> Callable[[State, int], State]:
        return lambda st, p: update(st, p, lambda f: gain_resources(f, split))

    return [(FREE, make(split)) for split in SPLITS[min(e.amount, 7)]]


def _pay_coins(s: State, seat: int, e: Effect) -> list[Option]:
    decided("castle.coins.costs")
    return [((e.amount, 0, 0, 0, 0), lambda st, p: st)]


def _pay_seals(s: State, seat: int, e: Effect) -> list[Option]:
    decided("castle.coins.costs")
    return [((0, e.amount, 0, 0, 0), lambda st, p: st)]


def _choice(s: State, seat: int, e: Effect) -> list[Option]:
    def make(sym: Symbol) -> Callable[[State, int], State]:
        return lambda st, p: push(st, ((Effect(sym, 1),),))

    return [(FREE, make(sym)) for sym in e.options]


def _lantern(s: State, seat: int, e: Effect) -> list[Option]:
    return [(FREE, lambda st, p: push(st, lantern_frame(st, p)))]


def _castle(s: State, seat: int, e: Effect) -> list[Option]:
    decided("castle.actions.castle")
    decided("castle.actions.order")
    return [(FREE, lambda st, p: push(st, ((Effect(Symbol.AUDIENCE),), (Effect(Symbol.ASCENT),))))]


def _audience(s: State, seat: int, e: Effect) -> list[Option]:
    if not s.family(seat).left[Figure.COURTIER]:
        decided("castle.actions.no_figure")
        return []

    def go(st: State, p: int) -> State:
        def fn(f: Family) -> Family:
            left, court = f.left, f.court
            return f.but(left=(left[0] - 1, left[1], left[2]), court=(court[0] + 1, *court[1:]))

        return update(st, p, fn)

    return [((AUDIENCE_COINS, 0, 0, 0, 0), go)]


def ascent_moves(s: State, court: Sequence[int]) -> list[tuple[int, int, int]]:
    """(from level, steps, room) for every ascent a family with ``court`` could make; room
    -1 for the Daimyo's hall (castle.actions.no_past_level3)."""
    t = s.game.tables
    out: list[tuple[int, int, int]] = []
    for level in range(3):
        if not court[level]:
            continue
        for steps in (1, 2):
            to = level + steps
            if to > 3:
                decided("castle.actions.no_past_level3")
                continue
            rooms = t.rooms_of_level(to) if to < 3 else (-1,)
            out.extend((level, steps, room) for room in rooms)
    return out


def _ascent(s: State, seat: int, e: Effect) -> list[Option]:
    def make(level: int, steps: int, room: int) -> Callable[[State, int], State]:
        return lambda st, p: ascend(st, p, level, steps, room)

    return [
        ((0, 0, 0, 0, ASCENT_PEARLS[steps]), make(level, steps, room))
        for level, steps, room in ascent_moves(s, s.family(seat).court)
    ]


def ascend(s: State, seat: int, level: int, steps: int, room: int) -> State:
    """Move a courtier of ``seat`` up (paid); on level 1 or 2 take the room's card."""
    to = level + steps

    def fn(f: Family) -> Family:
        court = list(f.court)
        court[level] -= 1
        court[to] += 1
        return f.but(court=tuple(court))

    s = update(s, seat, fn)
    if to == 3:
        decided("castle.actions.level3")
        return push(s, ((Effect(Symbol.LANTERN), Effect(Symbol.DAIMYO)),))
    card = s.rooms[room]
    deck = s.deck1 if s.game.tables.level_of[card] == 1 else s.deck2
    decided("castle.actions.card_swap")
    if deck:
        fam = s.family(seat)
        t = s.game.tables
        lantern = fam.lantern
        if fam.card >= 0:
            lantern = (*lantern, _lantern_source_of_row_card(s, fam.card))
        s = s.with_family(seat, fam.but(card=len(s.game.data.actions) + card, lantern=lantern))
        rooms = list(s.rooms)
        rooms[room] = -1
        s = s.but(rooms=tuple(rooms), refill=room)
        decided("castle.actions.refill_timing")
        del t
        s = push(s, ((Effect(Symbol.SECTION, card),),))
        if s.game.options.refill_timing is RefillTiming.AFTER_SECTION:
            s = s.but(refill_wait=len(s.agenda))  # once the section's frame is done
        return s
    decided("castle.actions.empty_deck")
    decided("castle.actions.empty_deck_flip")
    return push(s, ((Effect(Symbol.SECTION, card),),))


def refill_due(s: State) -> bool:
    """Whether the room waiting for a card is dealt now: at once, or once the light
    section taken with its card is done (castle.actions.refill_timing), or before an
    ascent that section leads to is offered (one room waits at a time)."""
    if s.refill < 0:
        return False
    if s.refill_wait == 0 or len(s.agenda) < s.refill_wait:
        return True
    return any(task[0].symbol is Symbol.ASCENT for task in s.agenda[-1])


def _lantern_source_of_row_card(s: State, row_card: int) -> int:
    t = s.game.tables
    actions = len(s.game.data.actions)
    if row_card < actions:
        return t.action_source + row_card
    return t.castle_source + row_card - actions


def _section(s: State, seat: int, e: Effect) -> list[Option]:
    t = s.game.tables
    card = t.cards[e.amount]

    def make(k: int) -> Callable[[State, int], State]:
        return lambda st, p: push(st, (card.sections[k].effects,))

    return [(FREE, make(k)) for k in t.light_sections(e.amount)]


def _daimyo(s: State, seat: int, e: Effect) -> list[Option]:
    spaces = s.game.data.level3[s.level3].spaces
    free = [i for i, owner in enumerate(s.daimyo) if owner < 0]

    def make(i: int) -> Callable[[State, int], State]:
        def go(st: State, p: int) -> State:
            daimyo = list(st.daimyo)
            daimyo[i] = p
            return push(st.but(daimyo=tuple(daimyo)), (spaces[i],))

        return go

    if not free:

        def beside(st: State, p: int) -> State:
            b = list(st.beside)
            b[p] += 1
            return st.but(beside=tuple(b))

        return [(FREE, beside)]
    return [(FREE, make(i)) for i in free]


def _training(s: State, seat: int, e: Effect) -> list[Option]:
    fam = s.family(seat)
    if not fam.left[Figure.WARRIOR]:
        decided("castle.actions.no_figure")
        return []
    t, data = s.game.tables, s.game.data
    decided("castle.actions.training")

    def make(g: int) -> Callable[[State, int], State]:
        def go(st: State, p: int) -> State:
            def fn(f: Family) -> Family:
                grounds = list(f.grounds)
                grounds[g] += 1
                return f.but(left=(f.left[0], f.left[1], f.left[2] - 1), grounds=tuple(grounds))

            st = update(st, p, fn)
            tasks = []
            for slot in t.training_slots(g):
                tile = data.training[st.training[slot]]
                tasks.append(tile.beige if t.side_of_slot[slot] else tile.blue)
            return push(st, tuple(x for x in tasks if x))

        return go

    return [((0, 0, g.cost, 0, 0), make(i)) for i, g in enumerate(data.board.grounds)]


def _garden(s: State, seat: int, e: Effect) -> list[Option]:
    fam = s.family(seat)
    if not fam.left[Figure.GARDENER]:
        decided("castle.actions.no_figure")
        return []
    data = s.game.data
    decided("castle.actions.garden")

    def make(slot: int) -> Callable[[State, int], State]:
        def go(st: State, p: int) -> State:
            def fn(f: Family) -> Family:
                left = (f.left[0], f.left[1] - 1, f.left[2])
                return f.but(left=left, gardens=tuple(sorted((*f.gardens, slot))))

            st = update(st, p, fn)
            return push(st, (data.gardens[st.gardens[slot]].action,))

        return go

    return [
        ((0, 0, 0, data.gardens[g].cost, 0), make(slot))
        for slot, g in enumerate(s.gardens)
        if slot not in fam.gardens
    ]


def _well(s: State, seat: int, e: Effect) -> list[Option]:
    return [(FREE, lambda st, p: push(st, well_frame(st)))]


def _family(s: State, seat: int, e: Effect) -> list[Option]:
    decided("castle.symbols.family_row")

    only = s.game.options.family_row is FamilyRow.ACTION_ONLY

    def make(row: int) -> Callable[[State, int], State]:
        if only:
            return lambda st, p: push(st, family_frames(st, p, row)[0])
        return lambda st, p: push(st, *family_frames(st, p, row))

    return [(FREE, make(row)) for row in range(3)]


def _pusher(effects: Task) -> Callable[[State, int], State]:
    """An option that puts ``effects`` on the agenda as a task of its own."""
    return lambda st, p: push(st, (effects,))


def _light(s: State, seat: int, e: Effect) -> list[Option]:
    t = s.game.tables
    decided("castle.symbols.in_castle")
    out: list[Option] = []
    for card in s.rooms:
        if card < 0:
            continue
        for k in t.light_sections(card):
            effects = t.cards[card].sections[k].effects
            out.append((FREE, _pusher(effects)))
    return out


def _tile(colour: Colour | None) -> Callable[[State, int, Effect], list[Option]]:
    def handler(s: State, seat: int, e: Effect) -> list[Option]:
        t = s.game.tables
        decided("castle.symbols.in_castle")
        out: list[Option] = []
        for room, card in enumerate(s.rooms):
            if card < 0:
                continue
            for k, c in enumerate(s.room_tiles(room)):
                if colour is None or c is colour:
                    effects = t.cards[card].sections[k].effects
                    out.append((FREE, _pusher(effects)))
        return out

    return handler


def influence_stops(s: State, seat: int, steps: int) -> list[tuple[int, int]]:
    """(end space, seals) for each way to take ``steps`` of influence: stop before any
    tree on the way, or go on paying every tree passed (castle.track.trees)."""
    track = s.game.data.board.track
    fam = s.family(seat)
    start = fam.track
    end = min(start + steps, track.last)
    if start + steps > track.last:
        decided("castle.track.blocked_lost")
    out = []
    paid = 0
    for tree in track.trees:
        if start <= tree.after < end:
            out.append((tree.after, paid))
            paid += tree.seals
    out.append((end, paid))
    seen: dict[int, int] = {}
    for to, cost in out:
        seen.setdefault(to, cost)
    return list(seen.items())


def _influence(s: State, seat: int, e: Effect) -> list[Option]:
    def make(to: int) -> Callable[[State, int], State]:
        return lambda st, p: move_marker(st, p, to)

    stops = influence_stops(s, seat, e.amount)
    if len(stops) > 1:
        decided("castle.track.trees")
    return [((0, seals, 0, 0, 0), make(to)) for to, seals in stops]


_HANDLERS: dict[Symbol, Callable[[State, int, Effect], list[Option]]] = {
    Symbol.COINS: _gain(lambda f, e: f.but(coins=f.coins + e.amount)),
    Symbol.VP: _gain(lambda f, e: f.but(points=f.points + e.amount)),
    Symbol.SEALS: _gain(lambda f, e: f.but(seals=f.seals + e.amount)),
    Symbol.IRON: _gain(_resource(0)),
    Symbol.FOOD: _gain(_resource(1)),
    Symbol.PEARL: _gain(_resource(2)),
    Symbol.ANY_RESOURCE: _any_resource,
    Symbol.PAY_COINS: _pay_coins,
    Symbol.PAY_SEALS: _pay_seals,
    Symbol.CHOICE: _choice,
    Symbol.LANTERN: _lantern,
    Symbol.CASTLE: _castle,
    Symbol.AUDIENCE: _audience,
    Symbol.ASCENT: _ascent,
    Symbol.SECTION: _section,
    Symbol.DAIMYO: _daimyo,
    Symbol.TRAINING: _training,
    Symbol.GARDEN: _garden,
    Symbol.WELL: _well,
    Symbol.FAMILY: _family,
    Symbol.LIGHT: _light,
    Symbol.ANY_TILE: _tile(None),
    Symbol.WHITE_TILE: _tile(Colour.WHITE),
    Symbol.BLACK_TILE: _tile(Colour.BLACK),
    Symbol.RED_TILE: _tile(Colour.RED),
    Symbol.INFLUENCE: _influence,
}


# --- decisions ----------------------------------------------------------------------


def resolve(s: State, task: int, option: int) -> State:
    """Do the head of ``task`` with ``option`` (checked legal)."""
    frame = s.agenda[-1]
    effects = frame[task]
    head = effects[0]
    cost, do = options(s, s.actor, head)[option]
    s = update(s, s.actor, lambda f: pay(f, cost))
    rest = effects[1:]
    new_frame = frame[:task] + ((rest,) if rest else ()) + frame[task + 1 :]
    s = _with_top(s, new_frame)
    return settle(do(s, s.actor))


UNSKIPPABLE = frozenset({Symbol.DAIMYO})
"""Heads that must be resolved: a courtier on level 3 always takes a Daimyo space or lies
beside the card (castle.actions.level3); the lantern bonus before it and the reward after
it are gains that may be skipped (castle.turn.optional_actions)."""


def skippable(s: State, task: Task) -> bool:
    """Whether the head of ``task`` may be skipped (castle.turn.optional_actions): not a
    Daimyo space (castle.actions.level3), nor the starting goods, which are all taken
    (castle.setup.pairs; a price in user data may still be declined)."""
    head = task[0].symbol
    if head in UNSKIPPABLE:
        return False
    return s.stage is not Stage.PICKS or head in (Symbol.PAY_COINS, Symbol.PAY_SEALS)


def skip(s: State, task: int) -> State:
    """Skip the head of ``task``; a skipped cost drops the whole task."""
    decided("castle.turn.optional_actions")
    frame = s.agenda[-1]
    effects = frame[task]
    rest = () if effects[0].symbol in (Symbol.PAY_COINS, Symbol.PAY_SEALS) else effects[1:]
    new_frame = frame[:task] + ((rest,) if rest else ()) + frame[task + 1 :]
    return settle(_with_top(s, new_frame))


def exchange(s: State, into: int) -> State:
    """Seals exchanged for a coin or a resource (castle.seals.exchange)."""
    decided("castle.seals.exchange")
    fam = s.family(s.actor)
    if into == 0:
        fam = fam.but(seals=fam.seals - 1, coins=fam.coins + 1)
    else:
        amounts = [0, 0, 0]
        amounts[into - 1] = 1
        fam = gain_resources(fam.but(seals=fam.seals - 2), amounts)
    return settle(s.with_family(s.actor, fam))


def take(s: State, colour: Colour, left: bool) -> State:
    """Take a die from an end of a bridge; the nearest middle die closes the gap."""
    decided("castle.turn.take")
    bridge = list(s.bridges[colour])
    n = len(bridge)
    end = 0 if left else n - 1
    value = bridge[end]
    bridge[end] = 0
    middle = range(1, n - 1) if left else range(n - 2, 0, -1)
    for i in middle:
        if bridge[i]:
            bridge[end], bridge[i] = bridge[i], 0
            break
    bridges = list(s.bridges)
    bridges[colour] = tuple(bridge)
    return s.but(
        bridges=(bridges[0], bridges[1], bridges[2]),
        held=(int(colour), value, int(left)),
        phase=Phase.PLACE,
    )


def covered(s: State, field: int, seat: int) -> int:
    """The value a die placed on ``field`` covers."""
    board = s.game.data.board
    if field < BOARD_FIELDS:
        if s.fields[field]:
            return s.fields[field]
        return (
            s.game.tables.room_value[field]
            if field < FIELD_OUTSIDE
            else board.outside[field - FIELD_OUTSIDE].value
        )
    if field == FIELD_WELL:
        return board.well.value
    return board.family[field - FIELD_FAMILY].value


def place_problem(s: State, field: int) -> str | None:
    """Why the held die may not go on ``field``, or None."""
    colour, value = COLOURS[s.held[0]], s.held[1]
    if not 0 <= field < FIELD_FAMILY + 3:
        return f"there is no field {field}"
    if field < BOARD_FIELDS and s.stacked[field] >= s.game.variant.stack:
        if s.game.variant.stack == 1:
            decided("castle.turn.solo_two_banner")
        return f"{'a die' if s.game.variant.stack == 1 else 'two dice'} already lie there"
    if field < FIELD_OUTSIDE and colour not in s.room_tiles(field):
        return f"room {field + 1} has no {colour.label} die tile"
    if field >= FIELD_FAMILY:
        row = field - FIELD_FAMILY
        if ROW_COLOURS[row] is not colour:
            return f"a {colour.label} die cannot go on the {Figure(row).label}s' row"
        if s.family(s.actor).dice[row]:
            return "a die already lies on that row this round"
    cost = covered(s, field, s.actor) - value
    if cost > s.family(s.actor).coins:
        decided("castle.turn.coins_short")
        return f"covering a {covered(s, field, s.actor)} with a {value} costs {cost} coins"
    return None


def place(s: State, field: int) -> State:
    """Place the held die; coins change; the lantern (left die) and the field's actions
    go on the agenda, the lantern on top (castle.turn.lantern_left)."""
    decided("castle.turn.place")
    colour, value, left = Colour(s.held[0]), s.held[1], s.held[2]
    seat = s.actor
    delta = value - covered(s, field, seat)
    fam = s.family(seat)
    s = s.with_family(seat, fam.but(coins=fam.coins + delta))
    if field < BOARD_FIELDS:
        if s.stacked[field]:
            decided("castle.turn.stacking")
        fields = list(s.fields)
        fields[field] = value
        stacked = list(s.stacked)
        stacked[field] += 1
        s = s.but(fields=tuple(fields), stacked=tuple(stacked))
    elif field >= FIELD_FAMILY:
        row = field - FIELD_FAMILY
        fam = s.family(seat)
        dice = list(fam.dice)
        dice[row] = value
        s = s.with_family(seat, fam.but(dice=(dice[0], dice[1], dice[2])))
    decided("castle.turn.field_actions")
    frames = field_frames(s, field, colour)
    if left:
        decided("castle.turn.lantern_left")
        frames = (*frames, lantern_frame(s, seat))
    s = s.but(held=(0, 0, 0), phase=Phase.RESOLVE)
    s = push(s, *frames)
    return settle(s)


def pick(s: State, pair: int) -> State:
    """Take a starting pair: the action card, the resource card's goods and its back in
    the lantern area, with the bonus card it shows (castle.setup.pairs)."""
    decided("castle.setup.pairs")
    res, act = s.display[pair]
    display = list(s.display)
    display[pair] = (-1, -1)
    s = s.but(display=tuple(display), picking=s.picking[1:])
    return settle(give_pair(s, s.actor, res, act))


def give_pair(s: State, seat: int, res: int, act: int) -> State:
    """``seat`` gets resource card ``res`` and action card ``act``; its gains go on the
    agenda."""
    t, data = s.game.tables, s.game.data
    card = data.resources[res]
    lantern = [t.resource_source + res]
    if card.bonus is not None:
        ids = [b.id for b in data.bonuses]
        if card.bonus in ids:
            lantern.append(t.bonus_source + ids.index(card.bonus))
    fam = s.family(seat).but(card=act, lantern=tuple(lantern))
    s = s.with_family(seat, fam).but(actor=seat, stage=Stage.PICKS)
    return push(s, (card.gains,))


# --- what comes next ----------------------------------------------------------------------


def exchange_open(s: State) -> bool:
    """Whether seals may be exchanged now (ruling castle.seals.window)."""
    fam = s.family(s.actor)
    if not fam.seals:
        return False
    decided("castle.seals.window")
    if s.game.options.exchange is ExchangeWindow.ANYTIME:
        return True
    return bool(shortfalls(s))


def shortfalls(s: State) -> frozenset[int]:
    """What the actor is short of for some option now: 0 coins, 1-3 a resource (the
    exchange window of castle.seals.window)."""
    fam = s.family(s.actor)
    short: set[int] = set()

    def note(cost: Cost) -> None:
        if cost[0] > fam.coins:
            short.add(0)
        for r in range(3):
            if cost[2 + r] > fam.resources[r]:
                short.add(1 + r)

    if s.phase is Phase.PLACE:
        for field in range(FIELD_FAMILY + 3):
            if covered(s, field, s.actor) - s.held[1] <= fam.coins:
                continue
            why = place_problem(s, field)
            if why is not None and "coins" in why:  # allowed but for the coins
                short.add(0)
                break
    elif s.phase is Phase.RESOLVE and s.agenda:
        for task in s.agenda[-1]:
            for cost, _ in options(s, s.actor, task[0]):
                note(cost)
    return frozenset(short)


def settle(s: State) -> State:
    """After a decision or chance outcome: tidy the agenda and move to what comes next
    (a phase that waits for a seat or for chance)."""
    if s.phase is Phase.TAKE or s.phase is Phase.PLACE:
        return s
    if s.phase is not Phase.RESOLVE:
        s = s.but(phase=Phase.RESOLVE)
    while True:
        if refill_due(s):
            deck = s.deck1 if s.game.tables.room_level[s.refill] == 1 else s.deck2
            if deck:
                return s.but(phase=Phase.REFILL, refill_wait=0)
            s = s.but(refill=-1, refill_wait=0)
        if s.stage is Stage.OVER:
            return s.but(phase=Phase.GAME_OVER)
        if s.actor < s.players and s.family(s.actor).seals > 5:
            decided("castle.seals.cap")
            return s.but(phase=Phase.EXCHANGE)
        s = _tidy(s)
        if refill_due(s):
            continue  # the light section is done: its room is refilled first
        if s.agenda:
            return s
        if s.stage is Stage.PICKS:
            if s.picking:
                return s.but(phase=Phase.PICK, actor=s.picking[0])
            return start_round(s)
        if s.stage is Stage.GARDENERS:
            s, waiting = next_gardeners(s)
            return s if waiting else reroll(s)
        if s.stage is not Stage.TURN:
            return s
        if s.actor >= s.players:
            solo = s.solo
            assert solo is not None
            if solo.tasks:
                s = rivals.proceed(s)
                if s.phase is not Phase.RESOLVE:
                    return s
                continue
        s = end_turn(s)
        if s.phase is not Phase.RESOLVE:
            return s


def start_round(s: State) -> State:
    """The dice are rolled (chance), then the first seat in order plays."""
    empty = (0,) * s.game.variant.dice_per_colour
    return s.but(
        phase=Phase.ROLL,
        stage=Stage.TURN,
        turns=0,
        bridges=(empty, empty, empty),
        actor=s.order[0],
    )


def after_roll(s: State) -> State:
    """Once every bridge is rolled: the solo deck's top card, then the first turn."""
    if any(not any(b) for b in s.bridges):
        return s.but(phase=Phase.ROLL)
    if s.solo is not None and s.solo.top < 0 and s.solo.hidden:
        # after the deck ran out the rival's turn turns the old bottom (rival.flip)
        return s.but(phase=Phase.SOLO_DRAW)
    return first_turn(s)


def first_turn(s: State) -> State:
    """The round's first turn; a rival that plays it out at once (its deck run out, no
    draw to wait for) leaves its actions to :func:`settle`, as at any later turn."""
    s = begin_turn(s, s.order[0])
    return settle(s) if s.phase is Phase.RESOLVE else s


def begin_turn(s: State, seat: int) -> State:
    """``seat`` takes its turn (the rival's is played out by :mod:`rulespec.castle.rival`)."""
    decided("castle.turn.rounds")
    s = s.but(actor=seat, stage=Stage.TURN)
    if seat >= s.players:
        return rivals.start(s)
    return s.but(phase=Phase.TAKE)


def end_turn(s: State) -> State:
    """The next seat plays, or the round ends when three dice are left (castle.round.end)."""
    s = s.but(turns=s.turns + 1)
    if s.dice_left() <= 3:
        return round_end(s)
    return begin_turn(s, s.order[s.turns % len(s.order)])


def new_order(s: State) -> tuple[int, ...]:
    """Furthest on the track first; on one space, the marker on top first
    (castle.round.order)."""
    seats = range(len(s.order))
    return tuple(sorted(seats, key=lambda p: (-s.family(p).track, -s.family(p).height)))


def round_end(s: State) -> State:
    """Order, the rival's coins, then the end of the game or the gardeners."""
    decided("castle.round.end")
    decided("castle.round.order")
    s = s.but(order=new_order(s))
    if s.solo is not None:
        s = rivals.round_coins(s)
    if s.round == 3:
        return s.but(stage=Stage.OVER, phase=Phase.GAME_OVER, agenda=())
    return s.but(stage=Stage.GARDENERS, picking=s.order)


def next_gardeners(s: State) -> tuple[State, bool]:
    """The next seat in order with gardeners to activate (castle.round.gardeners), and
    True, or the state after every seat and False."""
    data = s.game.data
    while s.picking:
        seat, rest = s.picking[0], s.picking[1:]
        s = s.but(picking=rest, actor=seat)
        fam = s.family(seat)
        active = [g for g in fam.gardens if any(s.bridges[g // 2])]
        if not active:
            continue
        decided("castle.round.gardeners")
        if seat >= s.players:
            s = rivals.gardeners(s, len(active))
            continue
        frame = tuple(data.gardens[s.gardens[g]].action for g in active)
        s = _tidy(push(s, frame))
        if s.agenda:
            return s, True
    return s, False


def reroll(s: State) -> State:
    """Rounds 1 and 2: dice and family-board dice cleared, everything rolled again."""
    decided("castle.round.reroll")
    fams = tuple(f.but(dice=(0, 0, 0)) for f in s.families)
    s = s.but(
        families=fams,
        fields=(0,) * BOARD_FIELDS,
        stacked=(0,) * BOARD_FIELDS,
        round=s.round + 1,
    )
    if s.solo is not None:
        s = rivals.reshuffle(s)
    return start_round(s)


def legal_agenda(s: State, resolves: Any, skips: Any, exchanges: Any) -> tuple[Any, ...]:
    """The legal decisions of the RESOLVE phase: every affordable option of every task's
    head, every skip, and the exchanges the window allows."""
    fam = s.family(s.actor)
    out = []
    for i, task in enumerate(s.agenda[-1]):
        row = resolves[i]
        for o, (cost, _) in enumerate(options(s, s.actor, task[0])):
            if affords(fam, cost):
                out.append(row[o])
        if skippable(s, task):
            out.append(skips[i])
        elif s.stage is Stage.PICKS:
            decided("castle.setup.pairs")
        else:
            decided("castle.actions.level3")
    out.extend(exchange_actions(s, exchanges))
    return tuple(out)


def exchange_actions(s: State, exchanges: Any) -> list[Any]:
    """The exchanges allowed now."""
    fam = s.family(s.actor)
    if s.phase is Phase.EXCHANGE:
        return [exchanges[i] for i in range(4) if fam.seals >= (1 if i == 0 else 2)]
    if not exchange_open(s):
        return []
    anytime = s.game.options.exchange is ExchangeWindow.ANYTIME
    short = shortfalls(s) if not anytime else frozenset(range(4))
    return [exchanges[i] for i in range(4) if i in short and fam.seals >= (1 if i == 0 else 2)]
