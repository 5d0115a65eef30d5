"""White Lotus's phase table: for each phase, who acts, what is legal or possible, and for
each action type the rule check and the effect. :class:`rulespec.core.kernel.Kernel`
runs it; the effects live in one module per part of the year."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulespec.core.kernel import Move, PhaseTable, Step, allowed
from rulespec.core.rules import rule_of
from rulespec.lotus import (
    claims,
    commitments,
    conflicts,
    expansion,
    income,
    negotiation,
    rebellion,
)
from rulespec.lotus.actions import (
    Action,
    Bid,
    ChooseConflict,
    ChooseSide,
    CommitCombat,
    DeclineExtra,
    DrawChip,
    Give,
    Lead,
    PalaceIncome,
    Pass,
    PlaceChip,
    PlaceMarker,
    Remove,
    StartChip,
    TakeArea,
    TakeExtra,
    TakeVictoryPoint,
)
from rulespec.lotus.state import Phase, State


def _seat(s: State) -> int:
    return s.seat


def _decide(
    legal: Callable[[State], tuple[Action, ...]],
    moves: dict[type, Move[State, Any]],
    turn: str,
    *,
    secret: bool = False,
) -> Step[State, Action]:
    """A decision of the seat to act; ``turn`` is the rule that says who acts. A
    ``secret`` step is a round of choices made at the same time: every seat that still
    owes one may commit, in any order (:mod:`rulespec.lotus.commitments`)."""
    if secret:
        return Step.decision(
            rule_of("lotus.year.phases"),
            _seat,
            legal,
            moves,
            turn=rule_of(turn),
            owing=commitments.owing,
            as_seat=commitments.as_seat,
        )
    return Step.decision(rule_of("lotus.year.phases"), _seat, legal, moves, turn=rule_of(turn))


TABLE = PhaseTable(
    State,
    Phase,
    {
        Phase.SETUP: Step.chance(
            rule_of("lotus.year.phases"),
            claims.start_chips,
            {StartChip: Move(claims.check_start, claims.deal_start_chip)},
        ),
        Phase.CLAIM: _decide(
            claims.legal,
            {
                PlaceMarker: Move(claims.check_marker, claims.place_marker),
                DeclineExtra: Move(claims.check_decline, claims.decline),
            },
            "lotus.claim.three_rounds",
        ),
        Phase.CHOOSE_CONFLICT: _decide(
            conflicts.legal_choices,
            {ChooseConflict: Move(conflicts.check_choice, conflicts.choose)},
            "lotus.resolve.emperor_orders",
        ),
        Phase.NEGOTIATE: _decide(
            negotiation.legal,
            {
                Give: Move(negotiation.check_give, negotiation.give),
                Pass: Move(allowed, negotiation.pass_),
            },
            "lotus.variant.negotiation_window",
        ),
        Phase.BID: _decide(
            conflicts.legal_bids,
            {Bid: Move(conflicts.check_bid, conflicts.bid)},
            "lotus.secret.commit_order",
            secret=True,
        ),
        Phase.REMOVE: _decide(
            conflicts.legal_removals,
            {Remove: Move(conflicts.check_removal, conflicts.remove)},
            "lotus.conflict.tie_emperor",
        ),
        Phase.LEAD: _decide(
            rebellion.legal_lead,
            {Lead: Move(allowed, rebellion.lead)},
            "lotus.rebellion.asking_order",
        ),
        Phase.SIDE: _decide(
            rebellion.legal_sides,
            {ChooseSide: Move(allowed, rebellion.choose_side)},
            "lotus.secret.commit_order",
            secret=True,
        ),
        Phase.COMBAT: _decide(
            rebellion.legal_combat,
            {CommitCombat: Move(rebellion.check_combat, rebellion.commit_combat)},
            "lotus.secret.commit_order",
            secret=True,
        ),
        Phase.REWARD: _decide(
            rebellion.legal_rewards,
            {
                TakeArea: Move(rebellion.check_take, rebellion.take_area),
                TakeVictoryPoint: Move(rebellion.check_take_vp, rebellion.take_vp),
            },
            "lotus.rebellion.reward_order",
        ),
        Phase.PALACE_INCOME: _decide(
            income.legal,
            {PalaceIncome: Move(income.check, income.palace_income)},
            "lotus.income.order",
        ),
        Phase.TEMPLE_EXTRA: _decide(
            expansion.legal_temple,
            {
                TakeExtra: Move(allowed, expansion.take_extra),
                DeclineExtra: Move(allowed, expansion.decline_extra),
            },
            "lotus.expand.temple_order",
        ),
        Phase.DRAW: Step.chance(
            rule_of("lotus.year.phases"),
            expansion.draws,
            {DrawChip: Move(expansion.check_draw, expansion.draw)},
        ),
        Phase.PLACE: _decide(
            expansion.legal_places,
            {PlaceChip: Move(expansion.check_place, expansion.place)},
            "lotus.expand.draw_place",
        ),
        Phase.GAME_OVER: Step.end(rule_of("lotus.score.winner")),
    },
    enter={
        Phase.CLAIM: claims.begin,
        Phase.CHOOSE_CONFLICT: conflicts.begin,
        Phase.BID: conflicts.open_bids,
        Phase.LEAD: rebellion.begin,
        Phase.SIDE: rebellion.open_sides,
        Phase.PALACE_INCOME: income.begin,
        Phase.DRAW: expansion.begin,
    },
)
"""Every phase of a White Lotus year, in the order a year passes through them; ``enter``
names where each part of the year begins (claims, conflicts, a secret round after its
negotiation window, the rebellion, income, expansion), so the part before ends by naming
the phase instead of importing the module that begins it."""
