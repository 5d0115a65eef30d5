"""Oriente's phase table: for each phase, who acts, what is legal or possible, and for each
action type the rule check and the effect. :class:`rulespec.core.kernel.Kernel` runs it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.core.kernel import Move, PhaseTable, Problem, Step, allowed
from rulespec.core.rules import rule_of
from rulespec.core.words import count
from rulespec.oriente import abilities, announcing, fight, flow
from rulespec.oriente.actions import (
    DRAWS,
    JOIN,
    PASS,
    PICKS,
    Action,
    Announce,
    Draw,
    Give,
    Invite,
    Join,
    Pass,
    Pick,
    Support,
    gives,
    invites,
    supports,
)
from rulespec.oriente.components import CARDS, NAMES, Card
from rulespec.oriente.deck import weights
from rulespec.oriente.state import Phase, State

# --- who acts -------------------------------------------------------------------------


def _seat(s: State) -> int:
    return s.seat


# --- legal decisions --------------------------------------------------------------------


def legal_announce(s: State) -> tuple[Action, ...]:
    """Pass, or any announcement of the seat asked (oriente.season.asking)."""
    return (PASS, *announcing.announcements(s, s.seat))


def legal_claims(s: State) -> tuple[Action, ...]:
    """Decline, or claim by announcing, if rank allows (oriente.privilege.rank)."""
    if s.discs[s.seat] and announcing.may_claim(s, s.seat):
        return (PASS, *announcing.announcements(s, s.seat))
    return (PASS,)


def legal_supports(s: State) -> tuple[Action, ...]:
    """Stay out, support the attacker or the defender (ruling oriente.fight.support); with
    invitations, only a side that invited the seat."""
    every = supports(s.players)
    if fight.invitations(s):
        bits = s.invited[s.seat]
        sides = [every[s.stone]] if bits & 1 else []
        if bits & 2:
            sides.append(every[fight.defender(s)])
        return (PASS, *sides) if s.discs[s.seat] else (PASS,)
    if not s.discs[s.seat]:
        return (PASS,)
    return (PASS, every[s.stone], every[fight.defender(s)])


def legal_invites(s: State) -> tuple[Action, ...]:
    """Stop inviting, or invite one more disc holder (ruling oriente.fight.support_order)."""
    every = invites(s.players)
    return (PASS, *[every[seat] for seat in fight.invitable(s, s.seat)])


def legal_joins(s: State) -> tuple[Action, ...]:
    """Stay out, or join with a Nōfu (oriente.nofu.revolution_join)."""
    if s.discs[s.seat] and s.residents[s.seat] is Card.NOFU:
        return (PASS, JOIN)
    return (PASS,)


def legal_picks(s: State) -> tuple[Action, ...]:
    """The reinforcement kinds on offer (oriente.fight.reinforcement_pick)."""
    return tuple([PICKS[k] for k in fight.pickable(s)])


def legal_payments(s: State) -> tuple[Action, ...]:
    """Stop, or one victory card to another seat (ruling oriente.deals.payments)."""
    seat, pile = s.seat, s.piles[s.seat]
    table = gives(s.players)
    out: list[Action] = [PASS]
    for to in range(s.players):
        if to != seat:
            row = table[to]
            out.extend([row[k] for k in CARDS if pile[k]])
    return tuple(out)


# --- chance ---------------------------------------------------------------------------------


def _outcomes(counts: Sequence[int]) -> tuple[tuple[Action, int], ...]:
    return tuple([(DRAWS[k], w) for k, w in enumerate(counts) if w])


def treasure_draws(s: State) -> Sequence[tuple[Action, int]]:
    """One of the treasures not yet dealt, each equally likely."""
    return _outcomes(flow.treasures_left(s))


def deck_draws(s: State) -> Sequence[tuple[Action, int]]:
    """The next card of the deck (:mod:`rulespec.oriente.deck`)."""
    return _outcomes(weights(s.deck))


def trade_draws(s: State) -> Sequence[tuple[Action, int]]:
    """A random card of the trade's target."""
    a = s.act
    assert a is not None
    assert a.target is not None
    return _outcomes(s.piles[a.target])


def loot_draws(s: State) -> Sequence[tuple[Action, int]]:
    """A random card of the victim's."""
    return _outcomes(s.piles[s.seat])


def share_draws(s: State) -> Sequence[tuple[Action, int]]:
    """A random card of the revolution's pool."""
    return _outcomes(s.haul)


# --- rule checks -------------------------------------------------------------------------


def check_announce(s: State, a: Announce) -> Problem:
    """An announcement by the seat asked (oriente.season.asking)."""
    if not s.discs[s.seat]:
        return rule_of("oriente.season.asking"), f"seat {s.seat} has laid down its disc"
    return announcing.problem(s, s.seat, a)


def check_claim(s: State, a: Announce) -> Problem:
    """A privilege claim: rank, not the target, then a legal announcement."""
    seat = s.seat
    if not s.discs[seat]:
        return rule_of("oriente.privilege.rank"), (
            f"seat {seat} has laid down its disc and cannot claim a privilege"
        )
    if not announcing.may_claim(s, seat):
        act = s.act
        if act is not None and act.act.value == "revolution":
            return rule_of("oriente.privilege.revolution_rank"), (
                f"seat {seat} (rank {s.rank(seat)}) does not outrank the revolution "
                f"(rank {announcing.claim_rank(s)}, {count(s.cards(s.stone), 'card')})"
            )
        return rule_of("oriente.privilege.rank"), (
            f"seat {seat} (rank {s.rank(seat)}, {count(s.cards(seat), 'card')}) does not "
            f"outrank seat {s.stone} (rank {announcing.claim_rank(s)}, "
            f"{count(s.cards(s.stone), 'card')})"
        )
    return announcing.problem(s, seat, a)


def check_support(s: State, a: Support) -> Problem:
    """A side of this fight, by a disc holder (ruling oriente.fight.support)."""
    if not s.discs[s.seat]:
        return rule_of("oriente.fight.support"), (
            f"seat {s.seat} has laid down its disc and cannot support"
        )
    if a.side not in (s.stone, fight.defender(s)):
        return rule_of("oriente.fight.support"), (
            f"seat {a.side} is not in the fight (seat {s.stone} attacks seat {fight.defender(s)})"
        )
    if fight.invitations(s) and not s.invited[s.seat] & (1 if a.side == s.stone else 2):
        return rule_of("oriente.fight.support_order"), (
            f"seat {a.side} did not invite seat {s.seat} to support him"
        )
    return None


def check_invite(s: State, a: Invite) -> Problem:
    """A disc holder, not a fighter, not invited by this fighter yet."""
    if a.seat not in fight.invitable(s, s.seat):
        return rule_of("oriente.fight.support_order"), (
            f"seat {s.seat} cannot invite seat {a.seat} (a fighter, without a disc, or invited)"
        )
    return None


def check_join(s: State, a: Join) -> Problem:
    """Only with the disc and a Nōfu."""
    if not s.discs[s.seat]:
        return rule_of("oriente.nofu.revolution_join"), (
            f"seat {s.seat} has laid down its disc and cannot join"
        )
    if s.residents[s.seat] is not Card.NOFU:
        return rule_of("oriente.nofu.revolution_join"), f"seat {s.seat}'s resident is no Nōfu"
    return None


def check_pick(s: State, a: Pick) -> Problem:
    """One of the reinforcement cards turned up."""
    if a.card not in fight.pickable(s):
        shown = ", ".join(NAMES[k] for k in fight.pickable(s))
        return rule_of("oriente.fight.reinforcement_pick"), (
            f"no {NAMES[a.card]} was turned up (on offer: {shown})"
        )
    return None


def check_give(s: State, g: Give) -> Problem:
    """One of one's victory cards, to another seat."""
    if not 0 <= g.to < s.players or g.to == s.seat:
        return rule_of("oriente.deals.payments"), (
            f"a payment goes to another seat (0 to {s.players - 1}, not {s.seat}), not {g.to}"
        )
    if not s.piles[s.seat][g.card]:
        return rule_of("oriente.deals.payments"), f"seat {s.seat} has no {NAMES[g.card]}"
    return None


def _check_draw(rule: str, outcomes: Any) -> Any:
    def check(s: State, d: Draw) -> Problem:
        if not any(a == d and w for a, w in outcomes(s)):
            return rule_of(rule), f"no {NAMES[d.card]} can come here"
        return None

    return check


# --- words -----------------------------------------------------------------------------------


def _expects(what: str) -> Any:
    def say(s: State) -> str:
        return f"seat {s.seat} {what}"

    return say


def _draw(rule: str, outcomes: Any, effect: Any) -> dict[type, Move[State, Any]]:
    return {Draw: Move(_check_draw(rule, outcomes), effect)}


TABLE = PhaseTable(
    State,
    Phase,
    {
        Phase.TREASURES: Step.chance(
            rule_of("oriente.setup.discs"),
            treasure_draws,
            _draw("oriente.setup.discs", treasure_draws, flow.deal_treasure),
        ),
        Phase.RESIDENTS: Step.chance(
            rule_of("oriente.setup.resident"),
            deck_draws,
            _draw("oriente.setup.deck", deck_draws, flow.first_resident),
        ),
        Phase.BONUS: Step.chance(
            rule_of("oriente.setup.bonus"),
            deck_draws,
            _draw("oriente.setup.deck", deck_draws, flow.draw_bonus),
        ),
        Phase.ANNOUNCE: Step.decision(
            rule_of("oriente.season.asking"),
            _seat,
            legal_announce,
            {
                Pass: Move(allowed, flow.pass_announce),
                Announce: Move(check_announce, flow.announce),
            },
            _expects("must announce an action or pass"),
            turn=rule_of("oriente.season.asking"),
        ),
        Phase.PRIVILEGE: Step.decision(
            rule_of("oriente.privilege.ask"),
            _seat,
            legal_claims,
            {Pass: Move(allowed, flow.decline), Announce: Move(check_claim, flow.claim)},
            _expects("must claim a privilege (by announcing) or pass"),
        ),
        Phase.INVITE: Step.decision(
            rule_of("oriente.fight.support_order"),
            _seat,
            legal_invites,
            {Pass: Move(allowed, fight.done_inviting), Invite: Move(check_invite, fight.invite)},
            _expects("may invite a supporter, or pass"),
        ),
        Phase.SUPPORT: Step.decision(
            rule_of("oriente.fight.support_order"),
            _seat,
            legal_supports,
            {Pass: Move(allowed, fight.stay_out), Support: Move(check_support, fight.support)},
            _expects("must support a side or pass"),
        ),
        Phase.REINFORCE: Step.chance(
            rule_of("oriente.fight.samurai"),
            deck_draws,
            _draw("oriente.setup.deck", deck_draws, fight.reinforce),
        ),
        Phase.PICK: Step.decision(
            rule_of("oriente.fight.reinforcement_pick"),
            _seat,
            legal_picks,
            {Pick: Move(check_pick, fight.pick)},
            _expects("must pick a reinforcement card as resident"),
        ),
        Phase.REDRAW: Step.chance(
            rule_of("oriente.fight.capture"),
            deck_draws,
            _draw("oriente.setup.deck", deck_draws, flow.redraw),
        ),
        Phase.INCOME: Step.chance(
            rule_of("oriente.daimyo.income"),
            deck_draws,
            _draw("oriente.setup.deck", deck_draws, abilities.income),
        ),
        Phase.TRADE: Step.chance(
            rule_of("oriente.akindo.trade"),
            trade_draws,
            _draw("oriente.akindo.trade", trade_draws, abilities.trade),
        ),
        Phase.JOIN: Step.decision(
            rule_of("oriente.nofu.revolution_join"),
            _seat,
            legal_joins,
            {Pass: Move(allowed, abilities.no_join), Join: Move(check_join, abilities.join)},
            _expects("must join the revolution or pass"),
        ),
        Phase.LOOT: Step.chance(
            rule_of("oriente.nofu.revolution_loot"),
            loot_draws,
            _draw("oriente.nofu.revolution_loot", loot_draws, abilities.loot),
        ),
        Phase.SHARE: Step.chance(
            rule_of("oriente.nofu.revolution_share"),
            share_draws,
            _draw("oriente.nofu.revolution_share", share_draws, abilities.share),
        ),
        Phase.PAY: Step.decision(
            rule_of("oriente.deals.payments"),
            _seat,
            legal_payments,
            {Pass: Move(allowed, flow.done_paying), Give: Move(check_give, flow.give)},
            _expects("may pay a victory card to another seat, or pass"),
        ),
        Phase.OVER: Step.end(rule_of("oriente.end.score")),
    },
)
"""Every phase of Oriente."""
