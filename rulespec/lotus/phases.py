"""White Lotus's phase table: for each phase, who acts, what is legal or possible, and for
each action type the rule check and the effect. :class:`rulespec.core.kernel.Kernel`
runs it; the effects live in one module per part of the year."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulespec.core.kernel import Move, PhaseTable, Step, allowed
from rulespec.core.rules import rule_of
from rulespec.lotus import claims, conflicts, expansion, income, negotiation, rebellion
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
    legal: Callable[[State], tuple[Action, ...]], moves: dict[type, Move[State, Any]]
) -> Step[State, Action]:
    """A decision of the seat to act (every decision of White Lotus is)."""
    return Step.decision(rule_of("lotus.year.phases"), _seat, legal, moves)


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
        ),
        Phase.CHOOSE_CONFLICT: _decide(
            conflicts.legal_choices,
            {ChooseConflict: Move(conflicts.check_choice, conflicts.choose)},
        ),
        Phase.NEGOTIATE: _decide(
            negotiation.legal,
            {
                Give: Move(negotiation.check_give, negotiation.give),
                Pass: Move(allowed, negotiation.pass_),
            },
        ),
        Phase.BID: _decide(conflicts.legal_bids, {Bid: Move(conflicts.check_bid, conflicts.bid)}),
        Phase.REMOVE: _decide(
            conflicts.legal_removals, {Remove: Move(conflicts.check_removal, conflicts.remove)}
        ),
        Phase.LEAD: _decide(rebellion.legal_lead, {Lead: Move(allowed, rebellion.lead)}),
        Phase.SIDE: _decide(
            rebellion.legal_sides, {ChooseSide: Move(allowed, rebellion.choose_side)}
        ),
        Phase.COMBAT: _decide(
            rebellion.legal_combat,
            {CommitCombat: Move(rebellion.check_combat, rebellion.commit_combat)},
        ),
        Phase.REWARD: _decide(
            rebellion.legal_rewards,
            {
                TakeArea: Move(rebellion.check_take, rebellion.take_area),
                TakeVictoryPoint: Move(rebellion.check_take_vp, rebellion.take_vp),
            },
        ),
        Phase.PALACE_INCOME: _decide(
            income.legal, {PalaceIncome: Move(income.check, income.palace_income)}
        ),
        Phase.TEMPLE_EXTRA: _decide(
            expansion.legal_temple,
            {
                TakeExtra: Move(allowed, expansion.take_extra),
                DeclineExtra: Move(allowed, expansion.decline_extra),
            },
        ),
        Phase.DRAW: Step.chance(
            rule_of("lotus.year.phases"),
            expansion.draws,
            {DrawChip: Move(expansion.check_draw, expansion.draw)},
        ),
        Phase.PLACE: _decide(
            expansion.legal_places, {PlaceChip: Move(expansion.check_place, expansion.place)}
        ),
        Phase.GAME_OVER: Step.end(rule_of("lotus.score.winner")),
    },
)
"""Every phase of a White Lotus year, in the order a year passes through them."""
