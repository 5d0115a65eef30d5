"""A seat's turn (castle.turn.*): take a die, place it, then resolve or skip the actions it
starts, exchanging seals where the window allows (castle.seals.*). The starting picks
(castle.setup.pairs) run on the same agenda.

Every decision applies fully or not at all (the kernel checks first); each ends in
:func:`rulespec.castle.rounds.settle`, which works out what comes next.
"""

from __future__ import annotations

from typing import Any

from rulespec.castle import rules
from rulespec.castle.agenda import FREE, Gain, affords, pay, push, pushed, with_top
from rulespec.castle.components import COLOURS, Colour, Figure, Symbol
from rulespec.castle.effects import options
from rulespec.castle.fields import ROW_COLOURS, covered, field_frames, lantern_frame
from rulespec.castle.rounds import settle
from rulespec.castle.state import Phase, Stage, State, Task, filled
from rulespec.castle.tables import BOARD_FIELDS, FIELD_FAMILY, FIELD_OUTSIDE
from rulespec.castle.variant import Exchange as ExchangeWindow
from rulespec.castle.words import effect_words, field_words
from rulespec.core import trace
from rulespec.core.kernel import Problem
from rulespec.core.rules import rule_of
from rulespec.core.trace import decided
from rulespec.core.words import count

# Enum members under module names: in Python 3.11 ``Phase.RESOLVE`` passes the enum
# metaclass's ``__getattr__`` hook at each use (0.1 µs; a step names dozens), a module
# global is one dictionary look-up (issue 21 §5).
_ANYTIME = ExchangeWindow.ANYTIME
_EXCHANGE = Phase.EXCHANGE
_PLACE = Phase.PLACE
_RESOLVE = Phase.RESOLVE
_PICKS = Stage.PICKS
_DAIMYO = Symbol.DAIMYO
_PAY_COINS = Symbol.PAY_COINS
_PAY_SEALS = Symbol.PAY_SEALS


def resolve(s: State, task: int, option: int) -> State:
    """Do the head of ``task`` with ``option`` (checked legal)."""
    return settle(resolved(s, task, option))


def resolved(s: State, task: int, option: int) -> State:
    """:func:`resolve` before :func:`settle` works out what follows (the gains it takes at
    once, the next turn): what the decision itself does, which its words name."""
    frame = s.agenda[-1]
    effects = frame[task]
    head = effects[0]
    seat = s.actor
    cost, do = options(s, seat, head)[option]
    rest = effects[1:]
    new_frame = frame[:task] + ((rest,) if rest else ()) + frame[task + 1 :]
    agenda = s.agenda[:-1] + ((new_frame,) if new_frame else ())
    fam = pay(s.family(seat), cost)
    if type(do) is Gain:  # the family alone changes: one copy for the payment and the gain
        return s.with_family(seat, do.family(fam), agenda=agenda)
    return do(s.with_family(seat, fam, agenda=agenda), seat)


UNSKIPPABLE = (_DAIMYO,)
"""Heads that must be resolved: a courtier on level 3 always takes a Daimyo space or lies
beside the card (castle.actions.level3); the lantern bonus before it and the reward after
it are gains that may be skipped (castle.turn.optional_actions)."""


def _who(s: State, seat: int) -> str:
    """``seat 1``, or ``the rival``."""
    return "the rival" if s.is_rival(seat) else f"seat {seat}"


def skippable(s: State, task: Task) -> bool:
    """Whether the head of ``task`` may be skipped (castle.turn.optional_actions): not a
    Daimyo space (castle.actions.level3), nor the starting goods, which are all taken
    (castle.setup.pairs; a price in user data may still be declined)."""
    head = task[0].symbol
    if head in UNSKIPPABLE:
        return False
    return s.stage is not _PICKS or head in (_PAY_COINS, _PAY_SEALS)


def skip(s: State, task: int) -> State:
    """Skip the head of ``task``; a skipped cost drops the whole task."""
    return settle(skipped(s, task))


def skipped(s: State, task: int) -> State:
    """:func:`skip` before :func:`settle`."""
    if trace.TRACING:
        decided(
            "castle.turn.optional_actions",
            f"{_who(s, s.actor)} declines {effect_words(s.agenda[-1][task][0])}",
        )
    frame = s.agenda[-1]
    effects = frame[task]
    rest = () if effects[0].symbol in (_PAY_COINS, _PAY_SEALS) else effects[1:]
    new_frame = frame[:task] + ((rest,) if rest else ()) + frame[task + 1 :]
    return with_top(s, new_frame)


def exchange(s: State, into: int) -> State:
    """Seals exchanged for a coin or a resource (:func:`rules.exchange_seals`)."""
    return settle(exchanged(s, into))


def exchanged(s: State, into: int) -> State:
    """:func:`exchange` before :func:`settle`."""
    if trace.TRACING:
        decided(
            "castle.seals.exchange",
            f"{_who(s, s.actor)} trades "
            + ("1 seal for 1 coin" if into == 0 else "2 seals for 1 resource"),
        )
    fam = s.family(s.actor)
    coins, seals, resources = rules.exchange_seals(fam.coins, fam.seals, fam.resources, into)
    fam = fam.but(coins=coins, seals=seals, resources=resources)
    return s.with_family(s.actor, fam)


def take(s: State, colour: Colour, left: bool) -> State:
    """Take a die from an end of a bridge; the nearest middle die closes the gap
    (:func:`rules.take_die`)."""
    bridge = s.bridges[colour]
    value, after = rules.take_die(bridge, 0 if left else len(bridge) - 1)
    if trace.TRACING:
        decided(
            "castle.turn.take",
            f"{_who(s, s.actor)} takes the {colour.label} {value} from the "
            f"{'lantern (left)' if left else 'right'} end of its bridge; the dice left close up: "
            + (" ".join(str(v) for v in after if v) or "none"),
        )
    bridges = list(s.bridges)
    bridges[colour] = after
    return s.but(
        bridges=(bridges[0], bridges[1], bridges[2]),
        held=(int(colour), value, int(left)),
        phase=_PLACE,
    )


def place_problem(s: State, field: int) -> Problem:
    """What keeps the held die off ``field``: the rule and its words, or None. The legal
    moves find the same fields in one pass (:func:`placeable`); the tests check that they
    agree."""
    colour, value = COLOURS[s.held[0]], s.held[1]
    if not 0 <= field < FIELD_FAMILY + 3:
        return rule_of("castle.turn.place"), f"there is no field {field}"
    if field < BOARD_FIELDS and s.stacked[field] >= s.game.variant.stack:
        if trace.TRACING and s.game.variant.stack == 1:
            decided(
                "castle.turn.solo_two_banner",
                f"{field_words(s, field)} has a die already, and with one or two players no "
                "die goes on top of another",
            )
        lying = "a die already lies" if s.game.variant.stack == 1 else "two dice already lie"
        return rule_of("castle.turn.stacking"), f"{lying} there"
    if field < FIELD_OUTSIDE and colour not in s.room_tiles(field):
        return rule_of("castle.fields.rooms"), f"room {field} has no {colour.label} die tile"
    if field >= FIELD_FAMILY:
        row = field - FIELD_FAMILY
        if ROW_COLOURS[row] is not colour:
            return rule_of("castle.fields.family"), (
                f"a {colour.label} die cannot go on the {Figure(row).label}s' row"
            )
        if s.family(s.actor).dice[row]:
            return rule_of("castle.turn.stacking"), "a die already lies on that row this round"
    under = covered(s, field, s.actor)
    if not rules.can_cover(s.family(s.actor).coins, value, under):
        if trace.TRACING:
            decided(
                "castle.turn.coins_short",
                f"{_who(s, s.actor)} has {count(s.family(s.actor).coins, 'coin')}, too few to "
                f"cover the {under} on {field_words(s, field)} with a {value}",
            )
        return rule_of("castle.turn.coins_short"), (
            f"covering a {under} with a {value} costs {under - value} coins"
        )
    return None


def placeable(s: State) -> list[int]:
    """Every field :func:`place_problem` lets the held die go on, in field order: the same
    checks with what they share looked up once (the legal moves ask every turn)."""
    return list(_placements(s)[0])


def _placements(s: State) -> tuple[tuple[int, ...], bool]:
    """:func:`placeable`, and whether some field refuses the held die for the coins alone
    (the exchange window, :func:`shortfalls`): one pass over the fields, kept for the
    last state asked about (the legal placements ask both)."""
    if _placed[0] is s and not trace.TRACING:
        kept: tuple[tuple[int, ...], bool] = _placed[1]
        return kept
    colour, value = COLOURS[s.held[0]], s.held[1]
    stack = s.game.variant.stack
    fam = s.family(s.actor)
    stacked, dice, printed = s.stacked, s.fields, s.game.tables.printed
    rooms = s.tile_colours()
    # rules.can_cover, once for all fields: the die may cover at most this value
    reach = fam.coins + value
    out = []
    short = False
    for field in range(FIELD_FAMILY + 3):
        if field < BOARD_FIELDS:
            if stacked[field] >= stack:
                if trace.TRACING and stack == 1:
                    decided(
                        "castle.turn.solo_two_banner",
                        f"{field_words(s, field)} has a die already, and with one or two "
                        "players no die goes on top of another",
                    )
                continue
            if field < FIELD_OUTSIDE and colour not in rooms[field]:
                continue
            under = dice[field] or printed[field]
        else:
            if field >= FIELD_FAMILY:
                row = field - FIELD_FAMILY
                if ROW_COLOURS[row] is not colour or fam.dice[row]:
                    continue
            under = printed[field]
        if under > reach:
            if trace.TRACING:
                decided(
                    "castle.turn.coins_short",
                    f"{field_words(s, field)} would cost more coins than "
                    f"{_who(s, s.actor)} has: it is not offered",
                )
            short = True
            continue
        out.append(field)
    found = tuple(out), short
    _placed[:] = (s, found)
    return found


_placed: list[Any] = [None, ((), False)]


def place(s: State, field: int) -> State:
    """Place the held die; coins change; the lantern (left die) and the field's actions
    go on the agenda, the lantern on top (castle.turn.lantern_left)."""
    return settle(placed(s, field))


def placed(s: State, field: int) -> State:
    """:func:`place` before :func:`settle`."""
    colour, value, left = COLOURS[s.held[0]], s.held[1], s.held[2]
    seat = s.actor
    fam = s.family(seat)
    coins = fam.coins + rules.placement_coins(value, covered(s, field, seat))
    if trace.TRACING:
        under = covered(s, field, seat)
        diff = rules.placement_coins(value, under)
        what = (
            f"gains {count(diff, 'coin')}"
            if diff > 0
            else f"pays {count(-diff, 'coin')}"
            if diff < 0
            else "pays and gains nothing"
        )
        decided(
            "castle.turn.place",
            f"{_who(s, seat)} places the {colour.label} {value} on {field_words(s, field)}, "
            f"which shows {under}: {what}",
        )
    changes: dict[str, Any] = {"held": (0, 0, 0), "phase": _RESOLVE}
    if field < BOARD_FIELDS:
        if s.stacked[field] and trace.TRACING:
            decided(
                "castle.turn.stacking",
                f"{field_words(s, field)} holds a die already: the {value} goes on top, the "
                f"second and last die there",
            )
        fields = list(s.fields)
        fields[field] = value
        stacked = list(s.stacked)
        stacked[field] += 1
        changes.update(fields=tuple(fields), stacked=tuple(stacked))
    ours: dict[str, Any] = {}
    if field >= FIELD_FAMILY:
        dice = list(fam.dice)
        dice[field - FIELD_FAMILY] = value
        ours["dice"] = (dice[0], dice[1], dice[2])
    if coins != fam.coins:  # a die equal to the value it covers changes no coins
        ours["coins"] = coins
    if ours:
        fam = fam.but(**ours)
    # the frames read rooms, tiles, row cards and lanterns, which a placement leaves alone
    frames = field_frames(s, field, colour)
    if trace.TRACING:
        decided(
            "castle.turn.field_actions",
            f"the field's actions follow, in an order {_who(s, seat)} chooses",
        )
    if left:
        decided(
            "castle.turn.lantern_left",
            "the die came from the lantern end: the lantern bonus comes first",
        )
        frames = (*frames, lantern_frame(s, seat))
    return s.with_family(seat, fam, agenda=pushed(s, *frames), **changes)


def pick(s: State, pair: int) -> State:
    """Take a starting pair: the action card, the resource card's goods and its back in
    the lantern area, with the bonus card it shows (castle.setup.pairs)."""
    return settle(picked(s, pair))


def picked(s: State, pair: int) -> State:
    """:func:`pick` before :func:`settle`."""
    res, act = s.display[pair]
    if trace.TRACING:
        data = s.game.data
        decided(
            "castle.setup.pairs",
            f"{_who(s, s.actor)} picks pair {pair}: resource card "
            f"{data.resources[filled(res)].id} and action card {data.actions[filled(act)].id}, "
            "in reverse turn order",
        )
    display = list(s.display)
    display[pair] = (None, None)
    s = s.but(display=tuple(display), picking=s.picking[1:])
    return give_pair(s, s.actor, filled(res), filled(act))


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
    s = s.with_family(seat, fam).but(actor=seat, stage=_PICKS)
    return push(s, (card.gains,))


def shortfalls(s: State) -> frozenset[int]:
    """What the actor is short of for some option now: 0 coins, 1-3 a resource (the
    exchange window of castle.seals.window)."""
    fam = s.family(s.actor)
    short: set[int] = set()
    if s.phase is _PLACE:
        if _placements(s)[1]:  # a field refuses the die for the coins alone
            short.add(0)
    elif s.phase is _RESOLVE and s.agenda:
        iron, food, pearl = fam.resources
        for task in s.agenda[-1]:
            for cost, _ in options(s, s.actor, task[0]):
                if cost is FREE:
                    continue
                if cost.coins > fam.coins:
                    short.add(0)
                if cost.iron > iron:
                    short.add(1)
                if cost.food > food:
                    short.add(2)
                if cost.pearl > pearl:
                    short.add(3)
    return frozenset(short)


def legal_agenda(s: State, resolves: Any, skips: Any, exchanges: Any) -> tuple[Any, ...]:
    """The legal decisions of the RESOLVE phase: every affordable option of every task's
    head, every skip, and the exchanges the window allows (what is short, as
    :func:`shortfalls` finds it, is found in the same pass over the options)."""
    seat = s.actor
    fam = s.family(seat)
    seals = fam.seals
    short: set[int] = set()
    out = []
    for i, task in enumerate(s.agenda[-1]):
        row = resolves[i]
        for o, (cost, _) in enumerate(options(s, seat, task[0])):
            if cost is FREE or affords(fam, cost):
                out.append(row[o])  # nothing short: an affordable cost exceeds no supply
            elif seals:
                if cost.coins > fam.coins:
                    short.add(0)
                resources = fam.resources
                if cost.iron > resources[0]:
                    short.add(1)
                if cost.food > resources[1]:
                    short.add(2)
                if cost.pearl > resources[2]:
                    short.add(3)
        if skippable(s, task):
            out.append(skips[i])
        elif s.stage is _PICKS:
            decided("castle.setup.pairs", "the starting resource card's goods cannot be declined")
        else:
            decided(
                "castle.actions.level3",
                "a courtier on level 3 must take a Daimyo space: it cannot be skipped",
            )
    if seals:  # else the window is shut
        out.extend(exchange_actions(s, exchanges, frozenset(short)))
    return tuple(out)


def exchange_actions(s: State, exchanges: Any, short: frozenset[int] | None = None) -> list[Any]:
    """The exchanges allowed now; ``short``, if given, is :func:`shortfalls` of ``s``."""
    fam = s.family(s.actor)
    if s.phase is _EXCHANGE:
        return [exchanges[i] for i in range(4) if fam.seals >= (1 if i == 0 else 2)]
    if not fam.seals:  # the window is shut
        return []
    if trace.TRACING:
        decided(
            "castle.seals.window",
            f"{_who(s, s.actor)} may exchange seals now ({count(fam.seals, 'seal')})",
        )
    if s.game.options.exchange is _ANYTIME:
        short = frozenset(range(4))
    else:
        if short is None:
            short = shortfalls(s)
        if not short:
            return []
    return [exchanges[i] for i in range(4) if i in short and fam.seals >= (1 if i == 0 else 2)]
