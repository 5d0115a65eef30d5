"""The White Castle's phase table: for each phase, who acts, what is legal or possible,
and for each action type the rule check and the effect. The kernel runs it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.castle import effects, rival, rounds, setup, turn
from rulespec.castle.actions import (
    EXCHANGES,
    PICKS,
    PLACES,
    RESOLVES,
    SKIPS,
    TAKES,
    Action,
    Deal,
    End,
    Exchange,
    Pick,
    PlaceDie,
    Resolve,
    Roll,
    Skip,
    TakeDie,
)
from rulespec.castle.agenda import affords
from rulespec.castle.components import COLOURS
from rulespec.castle.state import Phase, Stage, State
from rulespec.core import trace
from rulespec.core.kernel import Move, PhaseTable, Problem, Step
from rulespec.core.rules import rule_of
from rulespec.core.trace import decided

# --- who acts ----------------------------------------------------------------------------


def _actor(s: State) -> int:
    return s.actor


def _seat0(s: State) -> int:
    return 0


# --- legal decisions -------------------------------------------------------------------------


def legal_takes(s: State) -> tuple[Action, ...]:
    """Either end of every bridge with a die there (castle.turn.take)."""
    out: list[Action] = []
    for c, bridge in enumerate(s.bridges):
        if bridge[0]:
            out.append(_LEFT_TAKES[c])
        if len(bridge) > 1 and bridge[-1]:
            out.append(_RIGHT_TAKES[c])
            if not bridge[0] and trace.TRACING:
                decided(
                    "castle.turn.lone_die_right",
                    f"the {COLOURS[c].label} bridge's one die sits at the right end: "
                    "taking it brings no lantern bonus",
                )
    if s.family(s.actor).seals:  # else no exchange is open
        out.extend(turn.exchange_actions(s, EXCHANGES))
    return tuple(out)


_LEFT_TAKES = tuple(TAKES[(c, End.LEFT)] for c in COLOURS)
_RIGHT_TAKES = tuple(TAKES[(c, End.RIGHT)] for c in COLOURS)
"""The takes per bridge (a plain enum such as ``End`` hashes in Python: no look-up by it
on the hot path)."""


def legal_places(s: State) -> tuple[Action, ...]:
    """Every field the held die may go on (castle.turn.place)."""
    out: list[Action] = [PLACES[f] for f in turn.placeable(s)]
    if s.family(s.actor).seals:  # else no exchange is open
        out.extend(turn.exchange_actions(s, EXCHANGES))
    return tuple(out)


def legal_resolves(s: State) -> tuple[Action, ...]:
    """Every affordable option of every task's head, every skip, allowed exchanges."""
    return turn.legal_agenda(s, RESOLVES, SKIPS, EXCHANGES)


def legal_exchanges(s: State) -> tuple[Action, ...]:
    """The forced exchange of seals beyond five (castle.seals.cap)."""
    return tuple(turn.exchange_actions(s, EXCHANGES))


def legal_picks(s: State) -> tuple[Action, ...]:
    """Every pair still laid out (castle.setup.pairs)."""
    return tuple(PICKS[i] for i, (r, _) in enumerate(s.display) if r is not None)


def legal_rival(s: State) -> tuple[Action, ...]:
    """Seat 0 chooses one of the rival's candidates (castle.solo.free_choices)."""
    assert s.solo is not None
    return tuple(RESOLVES[0][i] for i in range(len(s.solo.choices)))


# --- checks ---------------------------------------------------------------------------------


def check_take(s: State, a: TakeDie) -> Problem:
    bridge = s.bridges[a.colour]
    i = 0 if a.end is _LEFT else len(bridge) - 1
    if not bridge or not bridge[i]:
        return rule_of("castle.turn.take"), (
            f"there is no die at the {a.end.value} end of the {a.colour.label} bridge"
        )
    return None


def check_place(s: State, a: PlaceDie) -> Problem:
    return turn.place_problem(s, a.field)


def check_resolve(s: State, a: Resolve) -> Problem:
    frame = s.agenda[-1] if s.agenda else ()
    if not 0 <= a.task < len(frame):
        return rule_of("castle.turn.field_actions"), f"there is no task {a.task} pending"
    head = frame[a.task][0]
    found = effects.options(s, s.actor, head)
    name = head.symbol.label.replace("_", " ")  # "any resource", not the code's any_resource
    if not 0 <= a.option < len(found):
        if not found:
            return rule_of("castle.actions.no_figure"), (
                f"{name} cannot be done now (no figure or nothing to choose)"
            )
        offered = "only option 0" if len(found) == 1 else f"options 0-{len(found) - 1}"
        return rule_of("castle.symbols.meanings"), f"{name} has {offered}, not {a.option}"
    cost = found[a.option][0]
    if not affords(s.family(s.actor), cost):
        return rule_of("castle.coins.costs"), (
            f"option {a.option} of {name} costs {cost}, more than seat {s.actor} has"
        )
    return None


def check_skip(s: State, a: Skip) -> Problem:
    frame = s.agenda[-1] if s.agenda else ()
    if not 0 <= a.task < len(frame):
        return rule_of("castle.turn.optional_actions"), f"there is no task {a.task} pending"
    if not turn.skippable(s, frame[a.task]):
        if s.stage is Stage.PICKS:
            return rule_of("castle.setup.pairs"), (
                "the goods of the starting resource card are all taken; none may be skipped"
            )
        return rule_of("castle.actions.level3"), (
            "a courtier on level 3 must take a free Daimyo space, or lie beside the card when "
            "none is free; only the space's reward may be skipped"
        )
    return None


def check_exchange(s: State, a: Exchange) -> Problem:
    if a not in turn.exchange_actions(s, EXCHANGES):
        if not 0 <= a.into < 4:
            return rule_of("castle.seals.exchange"), f"there is no exchange {a.into}"
        return rule_of("castle.seals.window"), (
            f"seat {s.actor} cannot {a} now (seals: {s.family(s.actor).seals}; exchanges are "
            "offered while a payment is short, for seals beyond five, or always with "
            "exchange='anytime')"
        )
    return None


def check_pick(s: State, a: Pick) -> Problem:
    if not 0 <= a.pair < len(s.display) or s.display[a.pair][0] is None:
        return rule_of("castle.setup.pairs"), f"pair {a.pair} is not laid out"
    return None


def check_rival(s: State, a: Resolve) -> Problem:
    assert s.solo is not None
    if a.task != 0 or not 0 <= a.option < len(s.solo.choices):
        return rule_of("castle.solo.free_choices"), (
            f"choose one of the rival's {len(s.solo.choices)} candidates: resolve task 0 "
            "with an option from 0"
        )
    return None


def check_deal(s: State, a: Deal) -> Problem:
    pile, items = setup.dealing(s)
    if pile is not a.pile or a.item not in items:
        return rule_of("castle.info.decks"), f"{a} is not a possible deal now"
    return None


def check_roll(s: State, a: Roll) -> Problem:
    if (
        a.colour is not rounds.unrolled(s)
        or len(a.dice) != s.game.variant.dice_per_colour
        or list(a.dice) != sorted(a.dice)
        or not 1 <= a.dice[0] <= a.dice[-1] <= 6  # sorted: the lowest and the highest
    ):
        return rule_of("castle.setup.dice"), f"{a} is not a possible roll now"
    return None


# --- effects --------------------------------------------------------------------------------


def do_take(s: State, a: TakeDie) -> State:
    return turn.take(s, a.colour, a.end is _LEFT)


def do_place(s: State, a: PlaceDie) -> State:
    return turn.place(s, a.field)


def do_resolve(s: State, a: Resolve) -> State:
    return turn.resolve(s, a.task, a.option)


def do_skip(s: State, a: Skip) -> State:
    return turn.skip(s, a.task)


def do_exchange(s: State, a: Exchange) -> State:
    return turn.exchange(s, a.into)


def do_pick(s: State, a: Pick) -> State:
    return turn.pick(s, a.pair)


def do_rival(s: State, a: Resolve) -> State:
    return rounds.settle(rival.choose(s, a.option))


def _expects(what: str) -> Any:
    return lambda s: f"seat {s.actor} must {what}"


def deals(s: State) -> Sequence[tuple[Action, int]]:
    return setup.outcomes(s)


def rolls(s: State) -> Sequence[tuple[Action, int]]:
    return setup.roll_outcomes(s)


_LEFT = End.LEFT
"""The member under a module name (``End.LEFT`` passes the enum metaclass's hook)."""

_EXCHANGE: dict[type, Move[State, Any]] = {Exchange: Move(check_exchange, do_exchange)}
_DEAL: dict[type, Move[State, Any]] = {Deal: Move(check_deal, setup.deal)}

TABLE = PhaseTable(
    State,
    Phase,
    {
        Phase.SETUP: Step.chance(rule_of("castle.info.decks"), deals, _DEAL),
        Phase.PICK: Step.decision(
            rule_of("castle.setup.pairs"),
            _actor,
            legal_picks,
            {Pick: Move(check_pick, do_pick)},
            _expects("pick a pair of starting cards"),
            turn=rule_of("castle.setup.pairs"),
        ),
        Phase.ROLL: Step.chance(
            rule_of("castle.setup.dice"), rolls, {Roll: Move(check_roll, setup.roll)}
        ),
        Phase.TAKE: Step.decision(
            rule_of("castle.turn.take"),
            _actor,
            legal_takes,
            {TakeDie: Move(check_take, do_take), **_EXCHANGE},
            _expects("take a die"),
            turn=rule_of("castle.turn.rounds"),
        ),
        Phase.PLACE: Step.decision(
            rule_of("castle.turn.place"),
            _actor,
            legal_places,
            {PlaceDie: Move(check_place, do_place), **_EXCHANGE},
            _expects("place the die taken"),
            turn=rule_of("castle.turn.rounds"),
        ),
        Phase.RESOLVE: Step.decision(
            rule_of("castle.turn.field_actions"),
            _actor,
            legal_resolves,
            {
                Resolve: Move(check_resolve, do_resolve),
                Skip: Move(check_skip, do_skip),
                **_EXCHANGE,
            },
            _expects("resolve or skip a pending action"),
            turn=rule_of("castle.turn.rounds"),
        ),
        Phase.EXCHANGE: Step.decision(
            rule_of("castle.seals.cap"),
            _actor,
            legal_exchanges,
            _EXCHANGE,
            _expects("exchange seals beyond five"),
        ),
        Phase.REFILL: Step.chance(rule_of("castle.actions.card_swap"), deals, _DEAL),
        Phase.SOLO_DRAW: Step.chance(rule_of("castle.solo.deck"), deals, _DEAL),
        Phase.RIVAL: Step.decision(
            rule_of("castle.solo.free_choices"),
            _seat0,
            legal_rival,
            {Resolve: Move(check_rival, do_rival)},
            lambda s: "seat 0 must make the rival's choice",
        ),
        Phase.GAME_OVER: Step.end(rule_of("castle.score.winner")),
    },
)
"""Every phase of The White Castle."""
