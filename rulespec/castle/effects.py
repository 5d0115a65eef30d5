"""The effects of the symbols (castle.symbols.meanings): for each, the ways to resolve it.

Options of an effect (:func:`options`) are listed in a fixed order, each with its cost
(coins, seals, iron, food, pearl) and what it does; ``Resolve(task, i)`` picks the i-th
affordable-or-not option, and the check refuses one the seat cannot pay. The numbering is
part of the action ids, so the order here never changes without a new action table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rulespec.castle import rules
from rulespec.castle.agenda import (
    FREE,
    Cost,
    Gain,
    Option,
    gain_resources,
    move_marker,
    push,
    update,
)
from rulespec.castle.components import Colour, Effect, Figure, Symbol
from rulespec.castle.fields import family_frames, lantern_frame, well_frame
from rulespec.castle.state import Family, State, Task, filled
from rulespec.castle.variant import FamilyRow, RefillTiming
from rulespec.core import trace
from rulespec.core.trace import decided
from rulespec.core.words import count


def options(s: State, seat: int, effect: Effect) -> Sequence[Option]:
    """Every way to resolve ``effect`` for ``seat``, in a fixed order, with its cost.

    One step asks this up to four times for the same state and effect (the legal actions,
    the exchange window, the check, the effect); the answers for the last state asked
    about are kept, by identity, except while the rule coverage is traced, where every
    ask must count its rules."""
    global _asked, _answers
    if s is not _asked:
        _asked, _answers = s, {}
    else:
        hit = _answers.get(id(effect))
        if hit is not None and hit[0] is effect and hit[1] == seat and not trace.TRACING:
            kept: Sequence[Option] = hit[2]
            return kept
    if trace.TRACING:
        decided(
            "castle.symbols.meanings",
            f"the symbol {effect.symbol.label.replace('_', ' ')} is read as its meaning: "
            f"{count(len(_found(s, seat, effect)), 'way')} to do it here",
        )
        found = _found(s, seat, effect)
    elif _FIXED[effect.symbol]:
        game = s.game
        fixed = _fixed if _fixed[0] is game else _fixed_of(game)
        known = fixed[1].get(id(effect))
        if known is not None and known[0] is effect:
            found = known[1]
        else:
            found = _found(s, seat, effect)
            if len(fixed[1]) >= 4096:
                fixed[1].clear()
            fixed[1][id(effect)] = (effect, found)
    else:
        found = _found(s, seat, effect)
    _answers[id(effect)] = (effect, seat, found)  # the effect kept alive: its id stays its own
    return found


def _found(s: State, seat: int, effect: Effect) -> tuple[Option, ...]:
    handler = _BY_SYMBOL[effect.symbol]
    return (_NOTHING,) if handler is None else tuple(handler(s, seat, effect))


def _fixed_of(game: object) -> list[Any]:
    """The fixed options kept for ``game`` (the last game asked about; another game
    starts over)."""
    _fixed[:] = (game, {})
    return _fixed


_fixed: list[Any] = [None, {}]
"""A game, and the options of its effects whose options depend on nothing but the effect
and the game (:data:`_FIXED`), by the effect's identity (the effect kept alive)."""


_NOTHING: Option = (FREE, lambda st, p: st)
_asked: object = None
"""The last state :func:`options` was asked about."""
_answers: dict[int, tuple[Effect, int, Sequence[Option]]] = {}
"""Its answers, by the effect's identity."""


def _gain(fn: Callable[[Family, Effect], Family]) -> Callable[[State, int, Effect], list[Option]]:
    def handler(s: State, seat: int, e: Effect) -> list[Option]:
        return [(FREE, Gain(lambda f: fn(f, e)))]

    return handler


def _resource(r: int) -> Callable[[Family, Effect], Family]:
    def fn(f: Family, e: Effect) -> Family:
        amounts = [0, 0, 0]
        amounts[r] = e.amount
        return gain_resources(f, amounts)

    return fn


def _any_resource(s: State, seat: int, e: Effect) -> list[Option]:
    def make(split: tuple[int, int, int]) -> Callable[[State, int], State]:
        return Gain(lambda f: gain_resources(f, split))

    return [(FREE, make(split)) for split in rules.resource_splits(min(e.amount, 7))]


def _pay_coins(s: State, seat: int, e: Effect) -> list[Option]:
    if trace.TRACING:
        decided(
            "castle.coins.costs",
            f"a red {e.amount} is a cost: {count(e.amount, 'coin')} to pay before what follows",
        )
    return [(Cost(coins=e.amount), lambda st, p: st)]


def _pay_seals(s: State, seat: int, e: Effect) -> list[Option]:
    if trace.TRACING:
        decided(
            "castle.coins.costs",
            f"a red {e.amount} is a cost: {count(e.amount, 'seal')} to pay before what follows",
        )
    return [(Cost(seals=e.amount), lambda st, p: st)]


def _choice(s: State, seat: int, e: Effect) -> list[Option]:
    def make(sym: Symbol) -> Callable[[State, int], State]:
        task = ((_ONE[sym],),)
        return lambda st, p: push(st, task)

    return [(FREE, make(sym)) for sym in e.options]


def _lantern(s: State, seat: int, e: Effect) -> list[Option]:
    return [(FREE, lambda st, p: push(st, lantern_frame(st, p)))]


def _castle(s: State, seat: int, e: Effect) -> list[Option]:
    decided(
        "castle.actions.castle", "the castle action: an audience, an ascent, or both, once each"
    )
    decided("castle.actions.order", "the audience and the ascent may come in either order")
    return [(FREE, _push_castle)]


_CASTLE_FRAME = ((Effect(Symbol.AUDIENCE),), (Effect(Symbol.ASCENT),))
"""The castle action's two tasks (the same effects every time: their options are kept)."""


def _push_castle(st: State, p: int) -> State:
    return push(st, _CASTLE_FRAME)


def _who(s: State, seat: int) -> str:
    """``seat 1``, or ``the rival``."""
    return "the rival" if s.is_rival(seat) else f"seat {seat}"


def _audience(s: State, seat: int, e: Effect) -> list[Option]:
    if not s.family(seat).left[Figure.COURTIER]:
        if trace.TRACING:
            decided(
                "castle.actions.no_figure",
                f"{_who(s, seat)} has no courtier left on the board: no audience",
            )
        return []

    def fn(f: Family) -> Family:
        left, court = f.left, f.court
        return f.but(left=(left[0] - 1, left[1], left[2]), court=(court[0] + 1, *court[1:]))

    return [(Cost(coins=rules.AUDIENCE_COINS), Gain(fn))]


def ascent_moves(s: State, court: Sequence[int]) -> list[tuple[int, int, int | None]]:
    """(from level, steps, room) for every ascent a family with ``court`` could make; room
    None for the Daimyo's hall (castle.actions.no_past_level3)."""
    t = s.game.tables
    out: list[tuple[int, int, int | None]] = []
    for level in range(3):
        if not court[level]:
            continue
        for steps in (1, 2):
            to = level + steps
            if to > 3:
                if trace.TRACING:
                    decided(
                        "castle.actions.no_past_level3",
                        f"a courtier on level {level} cannot go {steps} up: level 3 is the top",
                    )
                continue
            rooms: tuple[int | None, ...] = t.rooms_of_level(to) if to < 3 else (None,)
            out.extend((level, steps, room) for room in rooms)
    return out


def _ascent(s: State, seat: int, e: Effect) -> list[Option]:
    def make(level: int, steps: int, room: int | None) -> Callable[[State, int], State]:
        return lambda st, p: ascend(st, p, level, steps, room)

    return [
        (Cost(pearl=rules.ascent_pearls(steps)), make(level, steps, room))
        for level, steps, room in ascent_moves(s, s.family(seat).court)
    ]


def ascend(s: State, seat: int, level: int, steps: int, room: int | None) -> State:
    """Move a courtier of ``seat`` up (paid); on level 1 or 2 take the room's card."""
    to = level + steps

    def fn(f: Family) -> Family:
        court = list(f.court)
        court[level] -= 1
        court[to] += 1
        return f.but(court=tuple(court))

    s = update(s, seat, fn)
    if to == 3:
        if trace.TRACING:
            decided(
                "castle.actions.level3",
                f"{_who(s, seat)}'s courtier reaches level 3: the lantern bonus, then a free "
                "Daimyo space and its reward",
            )
        return push(s, _LEVEL3_FRAME)
    card = filled(s.rooms[filled(room)])
    deck = s.deck1 if s.game.tables.level_of[card] == 1 else s.deck2
    if trace.TRACING:
        decided(
            "castle.actions.card_swap",
            f"{_who(s, seat)}'s courtier ends on level {to}, room {room}: the room's card "
            f"{s.game.tables.cards[card].id} becomes the new action card and a light section "
            "is done",
        )
    if deck:
        fam = s.family(seat)
        t = s.game.tables
        lantern = fam.lantern
        if fam.card is not None:
            lantern = (*lantern, _lantern_source_of_row_card(s, fam.card))
        s = s.with_family(seat, fam.but(card=len(s.game.data.actions) + card, lantern=lantern))
        rooms = list(s.rooms)
        rooms[filled(room)] = None
        s = s.but(rooms=tuple(rooms), refill=room)
        if trace.TRACING:
            when = (
                "after the light section"
                if s.game.options.refill_timing is RefillTiming.AFTER_SECTION
                else "before the light section"
            )
            decided(
                "castle.actions.refill_timing",
                f"room {room} is refilled from its deck {when}",
            )
        del t
        s = push(s, ((Effect(Symbol.SECTION, card),),))
        if s.game.options.refill_timing is RefillTiming.AFTER_SECTION:
            s = s.but(refill_wait=len(s.agenda))  # once the section's frame is done
        return s
    if trace.TRACING:
        decided(
            "castle.actions.empty_deck",
            f"the level-{s.game.tables.level_of[card]} deck is empty: card "
            f"{s.game.tables.cards[card].id} stays in room {room}; the light section is done "
            "all the same",
        )
        decided(
            "castle.actions.empty_deck_flip",
            "with the deck empty the player's action card stays as it is",
        )
    return push(s, ((Effect(Symbol.SECTION, card),),))


_LEVEL3_FRAME = ((Effect(Symbol.LANTERN), Effect(Symbol.DAIMYO)),)
"""A courtier's arrival on level 3: the lantern bonus, then a Daimyo space."""


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
    spaces = s.game.data.level3[filled(s.level3)].spaces
    free = [i for i, owner in enumerate(s.daimyo) if owner is None]

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
        if trace.TRACING:
            decided(
                "castle.actions.no_figure",
                f"{_who(s, seat)} has no warrior left on the board: no training",
            )
        return []
    t, data = s.game.tables, s.game.data
    if trace.TRACING:
        costs = ", ".join(str(g.cost) for g in data.board.grounds)
        decided(
            "castle.actions.training",
            f"training: pay a ground's iron ({costs}), the leftmost warrior goes there and "
            "does its tiles",
        )

    def make(g: int) -> Callable[[State, int], State]:
        def go(st: State, p: int) -> State:
            def fn(f: Family) -> Family:
                grounds = list(f.grounds)
                grounds[g] += 1
                return f.but(left=(f.left[0], f.left[1], f.left[2] - 1), grounds=tuple(grounds))

            st = update(st, p, fn)
            tasks = []
            for slot in t.training_slots(g):
                tile = data.training[filled(st.training[slot])]
                tasks.append(tile.beige if t.side_of_slot[slot] else tile.blue)
            return push(st, tuple(x for x in tasks if x))

        return go

    return [(Cost(iron=g.cost), make(i)) for i, g in enumerate(data.board.grounds)]


def _garden(s: State, seat: int, e: Effect) -> list[Option]:
    fam = s.family(seat)
    if not fam.left[Figure.GARDENER]:
        if trace.TRACING:
            decided(
                "castle.actions.no_figure",
                f"{_who(s, seat)} has no gardener left on the board: no garden",
            )
        return []
    data = s.game.data
    decided(
        "castle.actions.garden",
        "garden: pay the food, the leftmost gardener goes to a garden without one of the "
        "family, and does its card",
    )

    def make(slot: int) -> Callable[[State, int], State]:
        def go(st: State, p: int) -> State:
            def fn(f: Family) -> Family:
                left = (f.left[0], f.left[1] - 1, f.left[2])
                return f.but(left=left, gardens=tuple(sorted((*f.gardens, slot))))

            st = update(st, p, fn)
            return push(st, (data.gardens[filled(st.gardens[slot])].action,))

        return go

    return [
        (Cost(food=data.gardens[filled(g)].cost), make(slot))
        for slot, g in enumerate(s.gardens)
        if slot not in fam.gardens
    ]


def _well(s: State, seat: int, e: Effect) -> list[Option]:
    return [(FREE, lambda st, p: push(st, well_frame(st)))]


def _family(s: State, seat: int, e: Effect) -> list[Option]:
    decided(
        "castle.symbols.family_row",
        "the family-board symbol: a row's visible rewards, then its card action",
    )

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
    decided("castle.symbols.in_castle", "'in the castle' means the five rooms")
    out: list[Option] = []
    for card in s.rooms:
        if card is None:
            continue
        for k in t.light_sections(card):
            effects = t.cards[card].sections[k].effects
            out.append((FREE, _pusher(effects)))
    return out


def _tile(colour: Colour | None) -> Callable[[State, int, Effect], list[Option]]:
    def handler(s: State, seat: int, e: Effect) -> list[Option]:
        t = s.game.tables
        decided("castle.symbols.in_castle", "'in the castle' means the five rooms")
        out: list[Option] = []
        for room, card in enumerate(s.rooms):
            if card is None:
                continue
            for k, c in enumerate(s.room_tiles(room)):
                if colour is None or c is colour:
                    effects = t.cards[card].sections[k].effects
                    out.append((FREE, _pusher(effects)))
        return out

    return handler


def influence_stops(s: State, seat: int, steps: int) -> list[tuple[int, int]]:
    """(end space, seals) for each way to take ``steps`` of influence
    (:func:`rules.influence_stops`)."""
    track = s.game.data.board.track
    trees = tuple((tree.after, tree.seals) for tree in track.trees)
    return rules.influence_stops(s.family(seat).track, steps, track.last, trees)


def _influence(s: State, seat: int, e: Effect) -> list[Option]:
    def make(to: int) -> Callable[[State, int], State]:
        return lambda st, p: move_marker(st, p, to)

    stops = influence_stops(s, seat, e.amount)
    if len(stops) > 1 and trace.TRACING:
        choices = "; ".join(
            f"space {to}" + (f" for {count(seals, 'seal')}" if seals else " free")
            for to, seals in stops
        )
        decided(
            "castle.track.trees",
            f"a tree lies on the way: pay its seals to pass it or stop before it ({choices})",
        )
    return [(Cost(seals=seals) if seals else FREE, make(to)) for to, seals in stops]


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
_BY_SYMBOL = [_HANDLERS.get(Symbol(i)) for i in range(len(Symbol))]
"""The handlers indexed by the symbol's number (an enum member hashes in Python); symbols
are numbered from 0 without gaps, or building this list fails at import."""
_FIXED = [
    Symbol(i)
    in {
        Symbol.COINS,
        Symbol.VP,
        Symbol.SEALS,
        Symbol.IRON,
        Symbol.FOOD,
        Symbol.PEARL,
        Symbol.ANY_RESOURCE,
        Symbol.PAY_COINS,
        Symbol.PAY_SEALS,
        Symbol.CHOICE,
        Symbol.LANTERN,
        Symbol.CASTLE,
        Symbol.SECTION,
        Symbol.WELL,
        Symbol.FAMILY,
    }
    or _HANDLERS.get(Symbol(i)) is None
    for i in range(len(Symbol))
]
"""Per symbol: whether its options depend on nothing but the effect and the game (the
game's tables and options), so they are worked out once per effect; the others read the
state (figures left, free spaces, rooms, the track)."""
_ONE = {sym: Effect(sym, 1) for sym in Symbol}
"""One of each symbol, what a choice puts on the agenda."""
