"""Which announcements a seat may make: its resident's actions and their targets.

One function lists them (:func:`announcements`, in id order) and one names the rule a given
announcement breaks (:func:`problem`); the tests check that they agree on every state of
random play.
"""

from __future__ import annotations

from rulespec.core import trace
from rulespec.core.kernel import Problem
from rulespec.core.rules import rule_of
from rulespec.core.trace import decided
from rulespec.core.words import count
from rulespec.oriente import rules
from rulespec.oriente.actions import GIFTS, TARGETED, Act, Announce, a_card, announcements_of
from rulespec.oriente.components import NAMES, Card
from rulespec.oriente.state import State
from rulespec.oriente.variant import EmptyTrade, NoEffect

ACTS: dict[Card | None, frozenset[Act]] = {
    Card.DAIMYO: frozenset({Act.ATTACK, Act.INCOME, Act.SUCCESSION}),
    Card.AKINDO: frozenset({Act.ATTACK, Act.CREDIT, Act.TRADE}),
    Card.NOFU: frozenset({Act.ATTACK, Act.INCITE, Act.REVOLUTION}),
    Card.NINJA: frozenset({Act.ATTACK, Act.ASSASSINATE}),
}
"""The acts of each resident; every other resident only attacks (oriente.abilities.*)."""
ATTACK_ONLY = frozenset({Act.ATTACK})


def can_incite(s: State) -> bool:
    """Whether an incitement would move a worker (oriente.nofu.incite)."""
    if s.game.variant.hut:
        return s.hut > 0 or s.beside() > 0
    return s.beside() > 0


def _strict(s: State) -> bool:
    return s.game.options.no_effect is NoEffect.FORBIDDEN


def announcements(s: State, seat: int) -> list[Announce]:
    """Every announcement ``seat`` may make, in id order."""
    n = s.players
    resident = s.residents[seat]
    card = s.game.acting[resident]  # whose abilities it uses (ruling oriente.abilities.lost)
    every = announcements_of(n)
    out: list[Announce] = [every[t] for t in range(n) if t != seat]
    if trace.TRACING:
        _trace(s, seat, resident, card)
    if card is Card.DAIMYO:
        out.append(every[n])
        for t in range(n):
            if t != seat and _has_shogun(s, t):
                out.append(every[n + 1 + t])
    elif card is Card.AKINDO:
        strict = _strict(s)
        own = s.piles[seat]
        gifts: list[Card | None] = [g for g in GIFTS[1:] if g is not None and own[g]] or [None]
        for t in range(n):
            if t != seat and _akindo_target(s, t) and not (strict and not s.piles[t][Card.NOFU]):
                out.append(every[2 * n + 1 + t])
        base = 3 * n + 1
        for t in range(n):
            if t != seat and _akindo_target(s, t) and not (strict and _idle_trade(s, seat, t)):
                out.extend(every[base + t * len(GIFTS) + _GIFT_INDEX[g]] for g in gifts)
    elif card is Card.NOFU:
        if not _strict(s) or can_incite(s):
            out.append(every[3 * n + 1 + n * len(GIFTS)])
        out.append(every[3 * n + 2 + n * len(GIFTS)])
    elif card is Card.NINJA:
        base = 3 * n + 3 + n * len(GIFTS)
        out.extend(
            every[base + t] for t in range(n) if t != seat and not _face_up(s, t, Card.NINJA)
        )
    return out


_GIFT_INDEX = {g: i for i, g in enumerate(GIFTS)}


def _trace(s: State, seat: int, resident: Card | None, card: Card | None) -> None:
    """Count the rules that shape a seat's announcements (kept off the hot path)."""
    own = "no resident" if resident is None else f"the {NAMES[resident]}"
    if card is not resident or card in (Card.SORYO, Card.MAHO_TSUKAI):
        used = "no ability" if card in (None, resident) else f"the {NAMES[card]}'s abilities"
        decided(
            "oriente.abilities.lost",
            f"seat {seat} has {own}, whose ability is lost: he may attack, with {used}",
        )
    elif card in (Card.SHOGUN, Card.SAMURAI):
        decided("oriente.abilities.fight_only", f"seat {seat} has {own}: he may only attack")
    else:
        decided(
            "oriente.abilities.one",
            f"seat {seat} has {own}: he may attack or use one of its abilities",
        )
    others = [t for t in range(s.players) if t != seat]
    if card is Card.AKINDO and any(not _akindo_target(s, t) for t in others):
        decided(
            "oriente.akindo.not_against_akindo",
            "no Akindo ability may be used against a face-up Akindo",
        )
    if card is Card.NINJA and any(_face_up(s, t, Card.NINJA) for t in others):
        decided("oriente.ninja.not_against_ninja", "a face-up Ninja cannot be assassinated")
    if _strict(s) or _offers_no_effect(s, seat, card, others):
        decided(
            "oriente.abilities.no_effect",
            "abilities that would change nothing are "
            + ("not offered" if _strict(s) else "offered all the same"),
        )


def _offers_no_effect(s: State, seat: int, card: Card | None, others: list[int]) -> bool:
    """Whether, under ``allowed``, an announcement that would change nothing is offered:
    an Akindo's claim on a seat without a Nōfu or a trade that moves no card, or an
    incitement that moves no worker (ruling oriente.abilities.no_effect)."""
    if card is Card.AKINDO:
        return any(
            _akindo_target(s, t) and (not s.piles[t][Card.NOFU] or _idle_trade(s, seat, t))
            for t in others
        )
    return card is Card.NOFU and not can_incite(s)


def _face_up(s: State, seat: int, card: Card) -> bool:
    return s.face_up[seat] and s.residents[seat] is card


def _has_shogun(s: State, seat: int) -> bool:
    return _face_up(s, seat, Card.SHOGUN) or s.piles[seat][Card.SHOGUN] > 0


def _idle_trade(s: State, seat: int, t: int) -> bool:
    """Whether a trade by ``seat`` against ``t`` would move no card: ``t`` has none, and
    the Akindo's gift stays with him (ruling oriente.akindo.empty_target)."""
    if any(s.piles[t]):
        return False
    return s.game.options.empty_trade is EmptyTrade.NOTHING or not any(s.piles[seat])


def _akindo_target(s: State, seat: int) -> bool:
    return not _face_up(s, seat, Card.AKINDO)


def problem(s: State, seat: int, a: Announce) -> Problem:
    """The rule ``a`` breaks when ``seat`` announces it, or None. What the resident cannot
    do at all is said first: a Sōryo's credit fails for his lost ability, whatever seat
    it names."""
    n = s.players
    resident = s.residents[seat]
    card = s.game.acting[resident]
    name = a_card(resident) if resident is not None else "no resident"
    if a.act not in ACTS.get(card, ATTACK_ONLY):
        verb = VERBS[a.act]
        if card is not resident and card is not None:
            return rule_of("oriente.abilities.lost"), (
                f"{_the(resident)} acts with the {NAMES[card]}'s abilities (setting abilities) "
                f"and cannot {verb}"
            )
        if card in (Card.SHOGUN, Card.SAMURAI):
            return rule_of("oriente.abilities.fight_only"), f"{name} can only attack"
        if card in (Card.SORYO, Card.MAHO_TSUKAI):
            return rule_of("oriente.abilities.lost"), (
                f"{_the(resident)}'s ability is lost; under ruling 'none' it can only attack"
            )
        return rule_of("oriente.abilities.one"), f"{name} cannot {verb}"
    if a.act in TARGETED:
        if a.target is None or not 0 <= a.target < n or a.target == seat:
            named = "no seat" if a.target is None else f"seat {a.target}"
            return rule_of("oriente.season.announce"), (
                f"{a.act.value} names {named}; it must name another seat (0 to {n - 1}, not {seat})"
            )
    elif a.target is not None:
        return rule_of("oriente.season.announce"), f"{a.act.value} names no target"
    if a.gift is not None and a.act is not Act.TRADE:
        return rule_of("oriente.season.announce"), f"only a trade names a gift, not {a.act.value}"
    t = a.target
    if a.act is Act.SUCCESSION and t is not None and not _has_shogun(s, t):
        return rule_of("oriente.daimyo.succession"), (
            f"seat {t} has no face-up Shōgun and none among its victory cards"
        )
    if a.act in (Act.CREDIT, Act.TRADE) and t is not None:
        if not _akindo_target(s, t):
            return rule_of("oriente.akindo.not_against_akindo"), f"seat {t} shows an Akindo"
        strict = _strict(s)
        if a.act is Act.CREDIT and strict and not s.piles[t][Card.NOFU]:
            return rule_of("oriente.abilities.no_effect"), f"seat {t} has no Nōfu to take"
        if a.act is Act.TRADE:
            own = s.piles[seat]
            if a.gift is None and any(own):
                return rule_of("oriente.akindo.trade"), "the Akindo must give one of his cards"
            if a.gift is not None and not own[a.gift]:
                return rule_of(
                    "oriente.akindo.trade"
                ), f"seat {seat} has no {NAMES[a.gift]} to give"
            if strict and _idle_trade(s, seat, t):
                return rule_of("oriente.abilities.no_effect"), (
                    f"seat {t} has no victory card, and no card of seat {seat}'s would go over"
                )
    if a.act is Act.INCITE and _strict(s) and not can_incite(s):
        return rule_of("oriente.abilities.no_effect"), "no worker can be moved"
    if a.act is Act.ASSASSINATE and t is not None and _face_up(s, t, Card.NINJA):
        return rule_of("oriente.ninja.not_against_ninja"), f"seat {t} shows a Ninja"
    return None


VERBS = {
    Act.ATTACK: "attack",
    Act.INCOME: "take income",
    Act.SUCCESSION: "take the succession",
    Act.CREDIT: "take credit",
    Act.TRADE: "trade",
    Act.INCITE: "incite",
    Act.REVOLUTION: "call a revolution",
    Act.ASSASSINATE: "assassinate",
}
"""Each act as a verb, for "an Akindo cannot take the succession"."""


def _the(card: Card | None) -> str:
    """``the Sōryo``: the resident named on its own."""
    return "no resident" if card is None else f"the {NAMES[card]}"


def claim_rank(s: State) -> int:
    """The rank a claim must beat: the announcer's, or the revolution's Nōfu's
    (oriente.privilege.revolution_rank); never below the announcer's own."""
    a = s.act
    own = s.rank(s.stone)
    revolution = a is not None and a.act is Act.REVOLUTION
    if revolution and trace.TRACING:
        decided(
            "oriente.privilege.revolution_rank",
            f"against a revolution the Nōfu ranks 1 plus {count(s.square, 'worker')} on the square",
        )
    # a character using the Nōfu's abilities (setting abilities) keeps its own rank if
    # higher, so claims still rise (ruling oriente.abilities.lost)
    return rules.claim_to_beat(own, s.square, revolution)


def may_claim(s: State, seat: int) -> bool:
    """Whether ``seat`` may claim a privilege against the stone holder now."""
    mine, theirs = s.rank(seat), claim_rank(s)
    if s.residents[seat] is Card.NOFU and trace.TRACING:
        decided("oriente.privilege.nofu_rank", f"seat {seat}'s Nōfu claims at rank 1")
    allowed = rules.outranks(mine, theirs, s.cards(seat), s.cards(s.stone))
    if not allowed and trace.TRACING:
        decided(
            "oriente.privilege.rank",
            f"seat {seat} ranks {mine} against the announcer's {theirs}"
            + (
                f" with no fewer victory cards ({s.cards(seat)} to {s.cards(s.stone)})"
                if mine == theirs
                else ""
            )
            + ": no privilege",
        )
    return allowed
