"""What comes after each decision, and the end of a round (castle.round.*).

:func:`settle` runs after every decision and chance outcome: a room refill, a forced
exchange, the next task, the end of the turn, the rival's turn, the round end or the final
scoring. The round end sets the new order, pays the rival, activates the gardeners and
rolls again.
"""

from __future__ import annotations

from typing import Any

from rulespec.castle import rival as rivals
from rulespec.castle import rules
from rulespec.castle.agenda import push, tidy
from rulespec.castle.components import COLOURS, RIVAL, Colour, Symbol
from rulespec.castle.state import Phase, Stage, State, filled
from rulespec.castle.tables import BOARD_FIELDS
from rulespec.core import trace
from rulespec.core.trace import decided
from rulespec.core.words import count

# Enum members under module names: in Python 3.11 ``Phase.RESOLVE`` passes the enum
# metaclass's ``__getattr__`` hook at each use (0.1 µs; a step names dozens), a module
# global is one dictionary look-up (issue 21 §5).
_EXCHANGE = Phase.EXCHANGE
_GAME_OVER = Phase.GAME_OVER
_PICK = Phase.PICK
_PLACE = Phase.PLACE
_REFILL = Phase.REFILL
_RESOLVE = Phase.RESOLVE
_ROLL = Phase.ROLL
_SOLO_DRAW = Phase.SOLO_DRAW
_TAKE = Phase.TAKE
_GARDENERS = Stage.GARDENERS
_OVER = Stage.OVER
_PICKS = Stage.PICKS
_TURN = Stage.TURN
_ASCENT = Symbol.ASCENT


def refill_due(s: State) -> bool:
    """Whether the room waiting for a card is dealt now: at once, or once the light
    section taken with its card is done (castle.actions.refill_timing), or before an
    ascent that section leads to is offered (one room waits at a time)."""
    if s.refill is None:
        return False
    if s.refill_wait == 0 or len(s.agenda) < s.refill_wait:
        return True
    return any(task[0].symbol is _ASCENT for task in s.agenda[-1])


def settle(s: State) -> State:
    """After a decision or chance outcome: tidy the agenda and move to what comes next
    (a phase that waits for a seat or for chance)."""
    if s.phase is _TAKE or s.phase is _PLACE:
        return s
    if s.phase is not _RESOLVE:
        s = s.but(phase=_RESOLVE)
    while True:
        if s.refill is not None and refill_due(s):
            deck = s.deck1 if s.game.tables.room_level[s.refill] == 1 else s.deck2
            if deck:
                return s.but(phase=_REFILL, refill_wait=0)
            s = s.but(refill=None, refill_wait=0)
        if s.stage is _OVER:
            return s.but(phase=_GAME_OVER)
        fam = s.rival if s.actor == RIVAL and s.rival is not None else s.families[s.actor]
        if fam is not s.rival and fam.seals > rules.SEAL_CAP:  # the rival never exchanges
            if trace.TRACING:
                decided(
                    "castle.seals.cap",
                    f"seat {s.actor} holds {fam.seals} seals, more than {rules.SEAL_CAP}: "
                    "the extra ones must be exchanged at once",
                )
            return s.but(phase=_EXCHANGE)
        s = tidy(s)
        if s.refill is not None and refill_due(s):
            continue  # the light section is done: its room is refilled first
        if s.agenda:
            return s
        if s.stage is _PICKS:
            if s.picking:
                return s.but(phase=_PICK, actor=s.picking[0])
            return start_round(s)
        if s.stage is _GARDENERS:
            s, waiting = next_gardeners(s)
            return s if waiting else reroll(s)
        if s.stage is not _TURN:
            return s
        solo = s.solo
        if solo is not None and s.actor == RIVAL and solo.tasks:  # the rival's actions
            s = rivals.proceed(s)
            if s.phase is not _RESOLVE:
                return s
            continue
        s = end_turn(s)
        if s.phase is not _RESOLVE:
            return s


def start_round(s: State) -> State:
    """The dice are rolled (chance), then the first seat in order plays."""
    empty = (0,) * s.game.variant.dice_per_colour
    return s.but(
        phase=_ROLL,
        stage=_TURN,
        turns=0,
        bridges=(empty, empty, empty),
        actor=s.order[0],
    )


def unrolled(s: State) -> Colour | None:
    """The first colour whose dice are still to be rolled (its bridge empty), or None."""
    for c, bridge in enumerate(s.bridges):
        if not any(bridge):
            return COLOURS[c]
    return None


def after_roll(s: State) -> State:
    """Once every bridge is rolled: the solo deck's top card, then the first turn."""
    if unrolled(s) is not None:
        return s if s.phase is _ROLL else s.but(phase=_ROLL)
    if s.solo is not None and s.solo.top is None and s.solo.hidden:
        # after the deck ran out the rival's turn turns the old bottom (rival.flip)
        return s.but(phase=_SOLO_DRAW)
    return first_turn(s)


def first_turn(s: State, **changes: Any) -> State:
    """The round's first turn; a rival that plays it out at once (its deck run out, no
    draw to wait for) leaves its actions to :func:`settle`, as at any later turn."""
    s = begin_turn(s, s.order[0], **changes)
    return settle(s) if s.phase is _RESOLVE else s


def begin_turn(s: State, seat: int, **changes: Any) -> State:
    """``seat`` takes its turn (the rival's is played out by :mod:`rulespec.castle.rival`)."""
    if trace.TRACING:
        who = "the rival" if s.is_rival(seat) else f"seat {seat}"
        decided(
            "castle.turn.rounds",
            f"round {s.round}: {who} takes the next turn, in the order of the herons",
        )
    if s.is_rival(seat):
        return rivals.start(s, actor=seat, stage=_TURN, **changes)
    return s.but(actor=seat, stage=_TURN, phase=_TAKE, **changes)


def end_turn(s: State) -> State:
    """The next seat plays, or the round ends when three dice are left (castle.round.end)."""
    turns = s.turns + 1
    if s.dice_left() <= 3:
        return round_end(s.but(turns=turns))
    return begin_turn(s, s.order[turns % len(s.order)], turns=turns)


def new_order(s: State) -> tuple[int, ...]:
    """Furthest on the track first; on one space, the marker on top first
    (castle.round.order, castle.round.order_stack)."""
    fams = [s.family(p) for p in range(len(s.order))]
    tracks = [f.track for f in fams]
    if len(set(tracks)) < len(tracks):
        decided("castle.round.order_stack")
    return rules.turn_order(tracks, [f.height for f in fams])


def round_end(s: State) -> State:
    """Order, the rival's coins, then the end of the game or the gardeners."""
    order = new_order(s)
    if trace.TRACING:
        dice = sum(1 for b in s.bridges for v in b if v)
        decided(
            "castle.round.end",
            f"only {count(dice, 'die', 'dice')} are left on the bridges: round {s.round} ends",
        )
        names = ", ".join("the rival" if s.is_rival(p) else f"seat {p}" for p in order)
        decided(
            "castle.round.order",
            f"the new turn order, furthest on the seasons track first (the marker on top first "
            f"on one space): {names}",
        )
    s = s.but(order=order)
    if s.solo is not None:
        s = rivals.round_coins(s)
    if s.round == 3:
        return s.but(stage=_OVER, phase=_GAME_OVER, agenda=())
    return s.but(stage=_GARDENERS, picking=s.order)


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
        if trace.TRACING:
            who = "the rival" if s.is_rival(seat) else f"seat {seat}"
            decided(
                "castle.round.gardeners",
                f"{who}'s {count(len(active), 'gardener')} beside a bridge with a die act again",
            )
        if s.is_rival(seat):
            s = rivals.gardeners(s, len(active))
            continue
        frame = tuple(data.gardens[filled(s.gardens[g])].action for g in active)
        s = tidy(push(s, frame))
        if s.agenda:
            return s, True
    return s, False


def reroll(s: State) -> State:
    """Rounds 1 and 2: dice and family-board dice cleared, everything rolled again."""
    if trace.TRACING:
        decided(
            "castle.round.reroll",
            f"round {s.round + 1}: all the dice are rolled again and sorted onto their bridges",
        )
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
