"""The solo rival, the Tokugawa clan (castle.solo.*).

The rival is seat :data:`~rulespec.castle.components.RIVAL` (1): it has a
:class:`~rulespec.castle.state.Family` for coins, points, figures and its marker, and never
a decision of its own. Its turn reveals solo cards until the top card names a die that
exists, places that die, and does the actions of the last two revealed cards. Its free
choices (a garden among the cheapest, the room a courtier reaches) are seat 0's decisions
by default (ruling castle.solo.free_choices).
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from rulespec.castle import rules
from rulespec.castle.components import COLOURS, RIVAL, Area, Effect, Figure, Slot, Symbol
from rulespec.castle.fields import covered
from rulespec.castle.state import Family, Phase, Solo, State, filled
from rulespec.castle.tables import FIELD_OUTSIDE, FIELD_WELL
from rulespec.castle.variant import RivalActionOrder, RivalAscent, RivalChoices
from rulespec.core import trace
from rulespec.core.trace import decided
from rulespec.core.words import count, listing

# Enum members under module names: in Python 3.11 ``Phase.RESOLVE`` passes the enum
# metaclass's ``__getattr__`` hook at each use (0.1 µs; a step names dozens), a module
# global is one dictionary look-up (issue 21 §5).
_ROW_BY_ROW = RivalActionOrder.ROW_BY_ROW
_PLAYER = RivalChoices.PLAYER
_OUTSIDE = Area.OUTSIDE
_ROOM = Area.ROOM
_COURTIER = Figure.COURTIER
_GARDENER = Figure.GARDENER
_WARRIOR = Figure.WARRIOR
_RESOLVE = Phase.RESOLVE
_SOLO_DRAW = Phase.SOLO_DRAW
_LEFT = Slot.LEFT
_MIDDLE = Slot.MIDDLE
_ASCEND = Symbol.ASCEND
_COINS = Symbol.COINS
_GARDEN = Symbol.GARDEN
_GATE = Symbol.GATE
_INFLUENCE = Symbol.INFLUENCE
_TRAINING = Symbol.TRAINING
_VP = Symbol.VP


def _solo(s: State) -> Solo:
    assert s.solo is not None
    return s.solo


def field_name(field: int) -> str:
    """A board field by the notation's number: ``room 2``, ``outside field 6``."""
    return f"room {field}" if field < FIELD_OUTSIDE else f"outside field {field}"


def start(s: State, **changes: Any) -> State:
    """The rival's turn begins: flip the top card and look for a die (castle.solo.reveal);
    ``changes`` are made to ``s`` in the same copy (the turn's actor and stage)."""
    decided(
        "castle.solo.reveal",
        "the rival's turn: solo cards are turned up until the top one shows a die that is there",
    )
    return flip(s, changes.pop("solo", None), **changes)


def flip(s: State, solo: Solo | None = None, **changes: Any) -> State:
    """Flip the top card into the row; the next card becomes the top (chance if it comes
    from the shuffled part). ``solo``, if given, is the deck as it is now (``s`` is not
    copied for it: the rival's turn copies the state once it places its die); ``changes``
    as for :func:`start`."""
    solo = _solo(s) if solo is None else solo
    # no top card after the deck ran out (castle.solo.deck_runs_out): nothing to flip
    row = (*solo.row, solo.top) if solo.top is not None else solo.row
    solo = solo.but(row=row, top=None, known=False)
    if solo.hidden:
        return s.but(solo=solo, phase=_SOLO_DRAW, **changes)
    if changes:
        s = s.but(**changes)
    if solo.bottom:
        return check(s, solo.but(top=solo.bottom[0], bottom=solo.bottom[1:], known=True))
    decided(
        "castle.solo.deck_runs_out",
        "the solo deck ran out with no card's die there: the rival takes the first die in "
        "bridge order, to the well",
    )
    return fallback(s, solo)


def die_at(s: State, colour: int, slot: Slot) -> int | None:
    """The index of the die at ``slot`` of bridge ``colour``, or None."""
    bridge = s.bridges[colour]
    n = len(bridge)
    i = 0 if slot is _LEFT else n // 2 if slot is _MIDDLE else n - 1
    return i if bridge[i] else None


def check(s: State, solo: Solo | None = None) -> State:
    """The top card is known: its die, if there, is the rival's; else flip again
    (``solo`` as for :func:`flip`)."""
    solo = _solo(s) if solo is None else solo
    card = s.game.data.solo[filled(solo.top)]
    i = die_at(s, card.colour, card.slot)
    if i is None:
        return flip(s, solo)
    target = card.target
    area = target.area
    if area is _ROOM:
        field = target.index
    elif area is _OUTSIDE:
        field = FIELD_OUTSIDE + target.index
    else:
        field = FIELD_WELL
    return place(s, int(card.colour), i, field, solo)


def fallback(s: State, solo: Solo | None = None) -> State:
    """Every card revealed without a die: the left die of the first bridge with one, to
    the well (ruling castle.solo.deck_runs_out)."""
    for colour, bridge in enumerate(s.bridges):
        for i, v in enumerate(bridge):
            if v:
                return place(s, colour, i, FIELD_WELL, solo)
    raise AssertionError("the rival plays only while dice are left")


def place(s: State, colour: int, i: int, field: int, solo: Solo | None = None) -> State:
    """Take die ``i`` of bridge ``colour`` (the middle closes up as for a player) and put
    it on ``field``, or on the well if that is taken (castle.solo.place)."""
    value, after = rules.take_die(s.bridges[colour], i)
    if trace.TRACING:
        moved = field < FIELD_WELL and s.stacked[field]
        where = "the well" if field >= FIELD_WELL or moved else field_name(field)
        decided(
            "castle.solo.place",
            f"the rival takes the {COLOURS[colour].label} {value} and places it on {where}"
            + (", since the card's field is taken" if moved else ""),
        )
    bridges = list(s.bridges)
    bridges[colour] = after
    changes: dict[str, Any] = {"bridges": (bridges[0], bridges[1], bridges[2])}
    if field < FIELD_WELL and s.stacked[field]:
        field = FIELD_WELL
    gain = max(0, rules.placement_coins(value, covered(s, field, s.actor)))
    if trace.TRACING:
        decided(
            "castle.solo.basics",
            f"the rival never pays and ignores the field's actions; it gains "
            f"{count(gain, 'coin')} for the difference",
        )
    rival = s.family(s.actor)
    if field < FIELD_WELL:
        fields = list(s.fields)
        fields[field] = value
        stacked = list(s.stacked)
        stacked[field] += 1
        changes.update(fields=tuple(fields), stacked=tuple(stacked))
    solo = _solo(s) if solo is None else solo
    cards = [s.game.data.solo[c].actions for c in solo.row[-2:]]
    if trace.TRACING:
        ids = listing(s.game.data.solo[c].id for c in solo.row[-2:])
        decided(
            "castle.solo.actions",
            f"the rival does the actions of the last two cards turned up, {ids}; then the row "
            "goes under the deck",
        )
        decided(
            "castle.solo.action_order",
            "row by row: the first action of each card, then the second"
            if s.game.options.rival_action_order is _ROW_BY_ROW
            else "card by card: the left card's actions, then the right card's",
        )
    if s.game.options.rival_action_order is _ROW_BY_ROW:
        depth = max(len(a) for a in cards)
        tasks = tuple(a[i] for i in range(depth) for a in cards if i < len(a))
    else:
        tasks = tuple(chain.from_iterable(cards))
    solo = solo.but(bottom=(*solo.bottom, *solo.row), row=(), tasks=tasks)
    if solo.top is None:  # the deck ran out (castle.solo.deck_runs_out): the row is the deck
        solo = solo.but(top=solo.bottom[0], bottom=solo.bottom[1:], known=True)
    if gain:
        rival = rival.but(coins=rival.coins + gain)
    return s.with_family(s.actor, rival, solo=solo, phase=_RESOLVE, **changes)


def candidates(s: State, effect: Effect, rival: Family | None = None) -> tuple[int | None, ...]:
    """The equal choices the rival (``rival``, else its family in ``s``) has for
    ``effect``: garden slots or rooms; empty if the action cannot be done, (None,) if it
    needs no choice."""
    rival = s.family(s.actor) if rival is None else rival
    data = s.game.data
    if effect.symbol is _GARDEN:
        if not rival.left[_GARDENER]:
            return ()
        kinds = effect.kinds or (0, 1)
        if trace.TRACING:
            names = " or ".join(("plant", "stone")[k] for k in kinds)
            decided("castle.solo.garden_icon", f"the garden symbol names a {names} garden")
        slots = [
            g
            for g in range(len(s.gardens))
            if g % 2 in kinds and g not in rival.gardens and s.gardens[g] is not None
        ]
        if not slots:
            return ()
        points = {g: data.gardens[card].points for g in slots if (card := s.gardens[g]) is not None}
        low = min(points.values())
        return tuple(g for g in slots if points[g] == low)
    if effect.symbol is _ASCEND:
        level = lowest(rival.court)
        if level is None:
            return ()
        if trace.TRACING:
            over = level + effect.amount > 3
            undone = s.game.options.rival_ascent is RivalAscent.UNDONE
            decided(
                "castle.solo.ascent_cap",
                f"the rival's lowest courtier below level 3 moves {effect.amount} up from level "
                f"{level}"
                + (
                    ""
                    if not over
                    else ": past level 3, so the action is undone"
                    if undone
                    else ", stopping at level 3"
                ),
            )
        if level + effect.amount > 3 and s.game.options.rival_ascent is RivalAscent.UNDONE:
            return ()
        to = min(3, level + effect.amount)
        if to == 3:
            return (None,)
        rooms = s.game.tables.rooms_of_level(to)
        return tuple(r for r in rooms if s.rooms[r] is not None) or (None,)
    return (None,)


def lowest(court: tuple[int, int, int, int]) -> int | None:
    """The lowest level (gate 0) with a rival courtier below level 3, or None."""
    for level in range(3):
        if court[level]:
            return level
    return None


def proceed(s: State) -> State:
    """Do the rival's actions in order until one needs seat 0's choice, or a room waits
    for its card (the state is copied once, at the end: its family and deck are carried)."""
    solo = _solo(s)
    rival = s.family(s.actor)
    tasks = solo.tasks
    points = coins = 0  # points and coins gained, added to the family once
    k = 0
    while k < len(tasks):
        effect = tasks[k]
        symbol = effect.symbol
        if symbol is _VP or symbol is _COINS:  # always done, nothing to choose (_act)
            if trace.TRACING:
                decided(
                    "castle.solo.symbols",
                    f"the rival's {'points' if symbol is _VP else 'coins'} symbol: "
                    f"+{effect.amount}",
                )
            if symbol is _VP:
                points += effect.amount
            else:
                coins += effect.amount
            k += 1
            if s.refill is not None:
                break
            continue
        found = candidates(s, effect, rival)
        if len(found) > 1 and trace.TRACING:  # first: the first candidate, no question
            decided(
                "castle.solo.free_choices",
                f"the rival has {len(found)} equal choices: "
                + (
                    "the player picks one"
                    if s.game.options.rival_choices is _PLAYER
                    else "it takes the first"
                ),
            )
        if len(found) > 1 and s.game.options.rival_choices is _PLAYER:
            choices = tuple(c for c in found if c is not None)  # rooms or gardens, all given
            solo = solo.but(tasks=tasks[k:], choices=choices)
            rival = _gained(rival, points, coins)
            return s.with_family(s.actor, rival, solo=solo, phase=Phase.RIVAL)
        s, rival = _act(s, rival, effect, found[0] if found else None, bool(found))
        k += 1
        if s.refill is not None:
            break
    solo = solo.but(tasks=tasks[k:])
    rival = _gained(rival, points, coins)
    return s.with_family(s.actor, rival, solo=solo, phase=_RESOLVE)


def _gained(rival: Family, points: int, coins: int) -> Family:
    """``rival`` with ``points`` and ``coins`` more."""
    if not points and not coins:
        return rival
    return rival.but(points=rival.points + points, coins=rival.coins + coins)


def choose(s: State, i: int) -> State:
    """Seat 0 chose candidate ``i`` for the rival (the phase table settles what follows)."""
    solo = _solo(s)
    s = s.but(solo=solo.but(choices=()), phase=_RESOLVE)
    return act(s, solo.tasks[0], solo.choices[i])


def act(s: State, effect: Effect, choice: int | None, possible: bool = True) -> State:
    """Do one rival action (castle.solo.symbols) with ``choice`` among its candidates
    (None: it needs none); undone, or not ``possible``: points = the round number."""
    solo = _solo(s)
    s, rival = _act(s, s.family(s.actor), effect, choice, possible)
    return s.with_family(s.actor, rival, solo=solo.but(tasks=solo.tasks[1:]))


def _act(
    s: State, rival: Family, effect: Effect, choice: int | None, possible: bool
) -> tuple[State, Family]:
    """:func:`act` on the rival's family ``rival``, which ``s`` does not hold yet."""
    sym = effect.symbol
    if trace.TRACING:
        decided("castle.solo.symbols", f"the rival does its {sym.label.replace('_', ' ')} symbol")
    done = True
    if sym is _VP:
        rival = rival.but(points=rival.points + effect.amount)
    elif sym is _COINS:
        rival = rival.but(coins=rival.coins + effect.amount)
    elif sym is _INFLUENCE:
        decided("castle.solo.trees_free", "the rival's influence passes trees without paying seals")
        last = s.game.data.board.track.last
        to = min(last, rival.track + effect.amount)
        if to == rival.track:
            decided(
                "castle.solo.track_end",
                "the rival's marker is at the end of the track and cannot move: an undone action",
            )
            done = False
        else:
            stamp = s.stamp + 1
            s = s.but(stamp=stamp)
            rival = rival.but(track=to, height=stamp)
    elif sym is _GATE:
        if rival.left[_COURTIER]:
            left = rival.left
            rival = rival.but(
                left=(left[0] - 1, left[1], left[2]), court=(rival.court[0] + 1, *rival.court[1:])
            )
        else:
            done = False
    elif sym is _TRAINING:
        grounds = [g for g, gr in enumerate(s.game.data.board.grounds) if gr.cost == effect.amount]
        if rival.left[_WARRIOR] and grounds:
            counts = list(rival.grounds)
            counts[grounds[0]] += 1
            left = rival.left
            rival = rival.but(left=(left[0], left[1], left[2] - 1), grounds=tuple(counts))
        else:
            done = False
    elif sym is _GARDEN:
        if not possible or choice is None:
            done = False
        else:
            left = rival.left
            rival = rival.but(
                left=(left[0], left[1] - 1, left[2]),
                gardens=tuple(sorted((*rival.gardens, choice))),
            )
    elif sym is _ASCEND:
        if not possible:
            done = False
        else:
            s, rival = _ascend(s, rival, effect.amount, choice)
    else:
        done = False
    if not done and trace.TRACING:
        decided(
            "castle.solo.undone",
            f"the rival cannot do its {sym.label.replace('_', ' ')} action: it scores the "
            f"round number, {s.round}",
        )
    if not done:
        rival = rival.but(points=rival.points + s.round)
    return s, rival


def _ascend(s: State, rival: Family, steps: int, room: int | None) -> tuple[State, Family]:
    level = lowest(rival.court)
    assert level is not None  # candidates found a courtier to move
    to = min(3, level + steps)
    court = list(rival.court)
    court[level] -= 1
    court[to] += 1
    rival = rival.but(court=tuple(court))
    if to == 3:
        decided(
            "castle.solo.no_daimyo_reward",
            "the rival's courtier reaches level 3: a Daimyo space, but no reward and no "
            "lantern bonus",
        )
        free = [i for i, o in enumerate(s.daimyo) if o is None]
        if free:
            daimyo = list(s.daimyo)
            daimyo[free[0]] = s.actor
            s = s.but(daimyo=tuple(daimyo))
        else:
            beside = list(s.beside)
            beside[s.actor] += 1
            s = s.but(beside=tuple(beside))
    elif room is not None and (card := s.rooms[room]) is not None:
        deck = s.deck1 if s.game.tables.level_of[card] == 1 else s.deck2
        if deck:
            rooms = list(s.rooms)
            rooms[room] = None
            s = s.but(rooms=tuple(rooms), refill=room)
        elif trace.TRACING:
            decided(
                "castle.solo.empty_deck",
                f"the deck of room {room}'s level is empty: the card stays in the room",
            )
    return s, rival


def round_coins(s: State) -> State:
    """Right after the new order: the rival trades coins for points, groups of 3 if it
    plays before you, of 5 if after (castle.solo.round_end)."""
    seat = RIVAL
    rival = s.family(seat)
    coins, points = rules.rival_round_coins(rival.coins, s.order[0] == seat, s.round)
    if trace.TRACING:
        rate = 3 if s.order[0] == seat else 5
        decided(
            "castle.solo.round_end",
            f"the rival {'plays first' if rate == 3 else 'plays after the player'}: it trades "
            f"its {count(rival.coins, 'coin')} for {points} points, {rate} coins a point",
        )
    return s.with_family(seat, rival.but(coins=coins, points=rival.points + points))


def gardeners(s: State, active: int) -> State:
    """The rival's activated gardeners score the round number each (castle.solo.gardeners)."""
    if trace.TRACING:
        decided(
            "castle.solo.gardeners",
            f"the rival's {count(active, 'activated gardener')} score the round number each: "
            f"{active * s.round}",
        )
    rival = s.family(RIVAL)
    return s.with_family(RIVAL, rival.but(points=rival.points + active * s.round))


def reshuffle(s: State) -> State:
    """All solo cards form a new shuffled deck (castle.solo.reshuffle)."""
    decided("castle.solo.reshuffle")
    every = tuple(range(len(s.game.data.solo)))
    return s.but(solo=Solo(every, (), None, (), (), ()))
