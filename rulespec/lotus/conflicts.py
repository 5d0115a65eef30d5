"""Phase 2 (resolving the claims, with conflicts fought by secret influence bids) and
phase 3 (the emperor's point)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from rulespec.core import trace
from rulespec.core.immutable import by_identity, put
from rulespec.core.kernel import Problem, enter
from rulespec.core.rules import rule_of
from rulespec.core.trace import decided
from rulespec.core.words import count, seats
from rulespec.lotus import negotiation, rebellion
from rulespec.lotus import rules as steps
from rulespec.lotus.actions import Action, Bid, ChooseConflict, Remove, bid_of
from rulespec.lotus.commitments import by_seat
from rulespec.lotus.components import OWNED, Building, Chip, chips_fit
from rulespec.lotus.state import (
    Conflict,
    ConflictReveal,
    Phase,
    State,
    area_hint,
    place_chips,
)
from rulespec.lotus.variant import ChipSupply, ConflictTie, LoserRefund, Negotiation

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame


def begin(s: State) -> State:
    """Year 1: the palace area first (lotus.resolve.palace_first_year1); then the
    single claimants all at once (lotus.resolve.uncontested_first)."""
    if s.year == 1:
        for i in s.game.in_play:
            chip = s.chips[i]
            if chip is not None and chip.neutral and chip.building is Building.PALACE:
                if len(s.claims[i]) >= 2:
                    if trace.TRACING:
                        decided(
                            "lotus.resolve.palace_first_year1",
                            f"year 1: the palace area {s.area_id(i)} is contested and is settled "
                            "before any other area",
                        )
                    return _start(s.but(singles_pending=True), i)
                if not s.claims[i] and trace.TRACING:
                    decided(
                        "lotus.resolve.palace_unclaimed_year1",
                        f"year 1: nobody claimed the palace area {s.area_id(i)}, so the areas "
                        "are settled as in any other year",
                    )
                break
        # an unclaimed palace changes nothing (lotus.resolve.palace_unclaimed_year1)
    return _next(_award_singles(s))


def _award(
    s: State,
    areas: tuple[int, ...],
    claims: tuple[frozenset[int], ...] | None = None,
    **changes: Any,
) -> State:
    """The single claimant of each of ``areas`` takes it: his chip replaces the neutral
    one (lotus.resolve.uncontested, lotus.conflict.award). ``claims`` (default: the
    state's) and ``changes`` are the caller's, made in the same new state.

    With chip_supply = 'limited_at_award' a claimant who cannot show the building keeps
    nothing: the area stays neutral and his marker comes back (ruling
    lotus.claim.chip_supply); several areas won at once are taken in board order."""
    placed: dict[int, Chip] = {}
    left = list(s.claims if claims is None else claims)
    at_award = s.game.options.chip_supply is ChipSupply.LIMITED_AT_AWARD
    # under 'unlimited' the ruling decides too, where a win goes beyond the chips: the
    # area is taken all the same (counted only while tracing)
    unlimited = trace.TRACING and s.game.options.chip_supply is ChipSupply.UNLIMITED
    held: dict[int, list[int]] = {}
    for i in areas:
        chip = s.chips[i]
        assert chip is not None
        (seat,) = left[i]
        left[i] = frozenset()
        if at_award or unlimited:
            mine = held.setdefault(seat, list(s.held(seat)))
            mine[chip.building] += 1
            if not chips_fit(mine):
                if trace.TRACING:
                    decided(
                        "lotus.claim.chip_supply",
                        f"seat {seat} has no {chip.building.label} chip left to show on "
                        f"{s.area_id(i)}: "
                        + ("the area stays neutral" if at_award else "he takes it all the same"),
                    )
                if at_award:
                    mine[chip.building] -= 1
                    continue
        placed[i] = OWNED[seat][chip.building]
    return s.but(chips=place_chips(s, placed), claims=tuple(left), **changes)


def _award_singles(s: State) -> State:
    singles = tuple(i for i, k in enumerate(map(len, s.claims)) if k == 1)
    if singles and trace.TRACING:
        won = "; ".join(f"seat {next(iter(s.claims[i]))} takes {s.area_id(i)}" for i in singles)
        decided("lotus.resolve.uncontested", f"single claimants take their areas for free: {won}")
        decided(
            "lotus.resolve.uncontested_first",
            f"{count(len(singles), 'uncontested area')} "
            f"{'is' if len(singles) == 1 else 'are'} awarded at once, before any conflict",
        )
    return _check_emperor(_award(s, singles) if singles else s)


def _check_emperor(s: State) -> State:
    """More palaces than the emperor makes a player emperor at once
    (lotus.resolve.emperor_change)."""
    palaces = [s.held(seat)[Building.PALACE] for seat in range(s.players)]
    emperor = steps.emperor_after_gain(palaces, s.emperor)
    if emperor != s.emperor:
        if trace.TRACING:
            decided(
                "lotus.resolve.emperor_change",
                f"seat {emperor} now owns {count(palaces[emperor], 'palace')}, more than the "
                f"emperor, seat {s.emperor} ({palaces[s.emperor]}): seat {emperor} is emperor "
                "at once",
            )
        if s.year == 1 and palaces[s.emperor] == 0 and trace.TRACING:
            decided(
                "lotus.resolve.palace_owner_emperor",
                f"year 1: seat {emperor} won the palace and becomes emperor at once",
            )
    return s if emperor == s.emperor else s.but(emperor=emperor)  # no copy when unchanged


def _next(s: State) -> State:
    contested = [i for i, k in enumerate(map(len, s.claims)) if k >= 2]  # map: len in C
    if not contested:
        return _end(s)
    if len(contested) == 1:
        return _start(s, contested[0])
    return s.but(phase=Phase.CHOOSE_CONFLICT, seat=s.emperor, conflict=None)


def legal_choices(s: State) -> tuple[Action, ...]:
    """The contested areas, for the emperor to name the next."""
    choices = _choices(s.game)
    return tuple(choices[i] for i, k in enumerate(map(len, s.claims)) if k >= 2)


def check_choice(s: State, a: ChooseConflict) -> Problem:
    """Only a contested area still to be settled (lotus.resolve.emperor_orders)."""
    i = s.game.area_index.get(a.area)
    if i is None or len(s.claims[i]) < 2:
        hint = area_hint(s, a.area, (j for j, k in enumerate(map(len, s.claims)) if k >= 2))
        return rule_of(
            "lotus.resolve.emperor_orders"
        ), f"{a.area} is not a contested area still to be settled{hint}"
    return None


def choose(s: State, a: ChooseConflict) -> State:
    """The emperor names the next conflict."""
    if trace.TRACING:
        open_ = sum(1 for c in s.claims if len(c) > 1)
        decided(
            "lotus.resolve.emperor_orders",
            f"the emperor, seat {s.emperor}, picks {a.area} as the next of {open_} contested areas",
        )
    return _start(s, s.game.area_index[a.area])


def _start(s: State, i: int) -> State:
    """Only the claimants of the area fight for it (lotus.conflict.participants)."""
    if trace.TRACING:
        decided(
            "lotus.conflict.participants",
            f"the claimants of {s.area_id(i)}, {seats(sorted(s.claims[i]))}, fight for it, all "
            "of them",
        )
    return open_round(s, Conflict(i))


def open_round(s: State, conflict: Conflict) -> State:
    """A conflict round: negotiation window first if the variant is on, then the
    secret bids in turn order from the emperor (lotus.secret.commit_order)."""
    if s.game.options.negotiation is Negotiation.ON:
        return negotiation.open_window(s.but(conflict=conflict), Phase.BID)
    decided("lotus.variant.negotiation", "negotiation is off: the bids follow at once, no gifts")
    return open_bids(s, conflict)


def open_bids(s: State, conflict: Conflict | None = None) -> State:
    """The claimants commit their bids, one at a time in turn order from the emperor;
    ``conflict`` is the one fought over, if the state does not hold it yet (so the round
    opens in one new state)."""
    c = _conflict(s) if conflict is None else conflict
    order = s.order_from_emperor(s.claims[c.area])
    if trace.TRACING:
        decided(
            "lotus.secret.commit_order",
            "the bids are committed in secret one at a time, from the emperor clockwise: seats "
            + ", ".join(map(str, order))
            + "; nobody sees a bid before all are in",
        )
    return s.but(
        phase=Phase.BID, queue=order[1:], seat=order[0], conflict=c.but(bids=()), resume=None
    )


def legal_bids(s: State) -> tuple[Action, ...]:
    """Every bid: a dragon card against another claimant and up to all one's influence."""
    c = _conflict(s)
    targets = _targets(s.claims[c.area], s.seat)
    return _bids(targets, s.influence[s.seat], s.game.variant.zero_cards)


@functools.lru_cache(maxsize=1024)  # a frozenset keeps its hash: cheaper than sorting anew
def _targets(claimants: frozenset[int], seat: int) -> tuple[int, ...]:
    """The other claimants, by seat."""
    return tuple(sorted(claimants - {seat}))


@functools.lru_cache(maxsize=4096)
def _bids(targets: tuple[int, ...], influence: int, zero_cards: bool) -> tuple[Action, ...]:
    """Every bid against ``targets`` with up to ``influence`` points (cached: bids are
    values, and a conflict offers the same list round after round)."""
    zero = (False, True) if zero_cards else (False,)
    return tuple(
        bid_of(t, points, z) for t in targets for points in range(influence + 1) for z in zero
    )


def check_bid(s: State, a: Bid) -> Problem:
    """The dragon card names another claimant; no more influence than one holds; the
    0-card only in the German edition."""
    c = _conflict(s)
    if a.target == s.seat or a.target not in s.claims[c.area]:
        others = ", ".join(str(t) for t in sorted(s.claims[c.area] - {s.seat}))
        return rule_of(
            "lotus.conflict.target_present"
        ), f"the dragon card must name another claimant of the area ({others})"
    if not 0 <= a.influence <= s.influence[s.seat]:
        return rule_of(
            "lotus.conflict.bid"
        ), f"seat {s.seat} has {s.influence[s.seat]} influence, cannot bid {a.influence}"
    if a.zero_card and not s.game.variant.zero_cards:
        return rule_of(
            "lotus.conflict.zero_card"
        ), "this edition does not use the 0-value influence cards"
    return None


def bid(s: State, a: Bid) -> State:
    """A secret bid; after the last one, the reveal and the loser (or the emperor's
    choice between the tied)."""
    c = _conflict(s)
    bids = by_seat(c.bids, s.seat, a)
    if trace.TRACING:
        _trace_bid(a)
    if s.queue:
        return s.but(conflict=c.but(bids=bids), seat=s.queue[0], queue=s.queue[1:])
    plain = {seat: (b.target, b.influence) for seat, b in bids}
    candidates = steps.removal_candidates(plain)
    if trace.TRACING:
        _trace_reveal(s, c.area, plain, candidates)
    reveal = ConflictReveal(  # lotus.conflict.reveal: everything is public from here on
        c.area,
        tuple((seat, b.target, b.influence, b.zero_card) for seat, b in bids),
        tuple(sorted(steps.totals_against(plain).items())),
    )
    if len(candidates) == 1:
        (loser,) = candidates
        if trace.TRACING:
            decided(
                "lotus.conflict.loser",
                f"seat {loser} has the most influence against him, "
                f"{steps.totals_against(plain)[loser]}, and leaves {s.area_id(c.area)}",
            )
        return _remove(s, loser, bids, reveal)
    # lotus.conflict.tie_emperor: the emperor chooses, even in his own favour
    if trace.TRACING:
        tied = seats(sorted(candidates))
        scope = (
            "any seat in the conflict"
            if s.game.options.conflict_tie is ConflictTie.ANY_PARTICIPANT
            else f"one of {tied}"
        )
        decided(
            "lotus.conflict.tie_scope",
            f"{tied} tie for the most influence against them: the emperor, seat "
            f"{s.emperor}, chooses {scope} to leave",
        )
    if s.game.options.conflict_tie is ConflictTie.ANY_PARTICIPANT:
        candidates = frozenset(plain)
    return s.but(
        phase=Phase.REMOVE,
        seat=s.emperor,
        conflict=c.but(bids=bids, tied=candidates),
        queue=(),
        last=reveal,
    )


def legal_removals(s: State) -> tuple[Action, ...]:
    """The tied seats, for the emperor to choose who leaves."""
    return tuple(Remove(t) for t in sorted(_conflict(s).tied))


def check_removal(s: State, a: Remove) -> Problem:
    """Only one of the tied seats (lotus.conflict.tie_emperor)."""
    c = _conflict(s)
    tied = c.tied
    if a.seat not in tied:
        names = ", ".join(map(str, sorted(tied)))
        if a.seat in dict(c.bids):  # a participant nobody tied with: the option's reading
            return rule_of("lotus.conflict.tie_scope"), (
                f"with conflict_tie = 'tied' the emperor chooses among the tied seats {names}"
            )
        return rule_of(
            "lotus.conflict.tie_emperor"
        ), f"the emperor must choose one of the tied seats {names}"
    return None


def remove(s: State, a: Remove) -> State:
    """The emperor's choice leaves the area."""
    if trace.TRACING:
        own = " (his own choice, even in his favour)" if s.emperor in _conflict(s).tied else ""
        decided(
            "lotus.conflict.tie_emperor",
            f"a tie: the emperor, seat {s.emperor}, sends seat {a.seat} out{own}",
        )
    assert isinstance(s.last, ConflictReveal)
    return _remove(s, a.seat, _conflict(s).bids, s.last)


def _remove(
    s: State, loser: int, bids: tuple[tuple[int, Bid], ...], reveal: ConflictReveal
) -> State:
    """The loser leaves and keeps half his bid; everyone else pays all
    (lotus.conflict.loser_refund, lotus.conflict.others_pay, lotus.conflict.repeat).
    ``bids`` and ``reveal`` are the round's, passed on rather than stored first."""
    c = _conflict(s)
    plain = {seat: (b.target, b.influence) for seat, b in bids}
    paid = steps.payments(plain, loser, s.game.variant.loser_refund)
    if trace.TRACING:
        _trace_payments(plain, loser, bids, s.game.variant.loser_refund)
    influence = list(s.influence)
    for seat, amount in paid.items():
        influence[seat] -= amount
    claims = put(s.claims, c.area, s.claims[c.area] - {loser})
    reveal = reveal.but(loser=loser, paid=tuple(sorted(paid.items())))
    influence_left = tuple(influence)
    bank = (s.bank[0] + sum(paid.values()), s.bank[1])
    if len(claims[c.area]) == 1:
        if trace.TRACING:
            decided(
                "lotus.conflict.award",
                f"seat {next(iter(claims[c.area]))} is the last claimant left and takes "
                f"{s.area_id(c.area)}",
            )
        state = _award(
            s, (c.area,), claims, influence=influence_left, bank=bank, conflict=None, last=reveal
        )
        state = _check_emperor(state)
        if state.singles_pending:
            state = _award_singles(state.but(singles_pending=False))
        return _next(state)
    if trace.TRACING:
        decided(
            "lotus.conflict.repeat",
            f"{count(len(claims[c.area]), 'claimant')} are left in {s.area_id(c.area)}: "
            "another round of bids follows",
        )
    conflict = Conflict(c.area)
    state = s.but(
        influence=influence_left, bank=bank, claims=claims, conflict=conflict, last=reveal
    )
    return open_round(state, conflict)


def _trace_phase_end(s: State, final: bool) -> None:
    """Count the rules at the end of phase 2 (only while tracing)."""
    decided(
        "lotus.resolve.phase_end",
        "every contested area is settled: phase 2 ends"
        + ("; every area in play is owned, so this is the last year" if final else ""),
    )
    if not final:
        left = sum(1 for i in s.game.in_play if (c := s.chips[i]) is not None and c.neutral)
        decided(
            "lotus.resolve.unclaimed_neutral",
            f"{count(left, 'unclaimed area')} {'stays' if left == 1 else 'stay'} neutral",
        )
    decided(
        "lotus.tribute.emperor_point",
        f"phase 3: the emperor, seat {s.emperor}, takes a victory-point chip",
    )
    if not s.held(s.emperor)[Building.PALACE]:
        decided(
            "lotus.tribute.stone_holder",
            f"seat {s.emperor} owns no palace but holds the emperor stone, so takes the point",
        )


def _trace_bid(a: Bid) -> None:
    """Count the rules a bid follows (only while tracing)."""
    decided(
        "lotus.conflict.target",
        f"the bid names seat {a.target} with a dragon card as the one to drive out",
    )
    decided("lotus.conflict.target_present", f"seat {a.target} is still in the conflict")
    decided("lotus.conflict.bid", f"{a.influence} influence is committed in secret")
    if a.influence == 0:
        decided("lotus.secret.zero_allowed", "a bid of nothing is allowed")


def _trace_reveal(
    s: State, area: int, plain: dict[int, tuple[int, int]], candidates: frozenset[int]
) -> None:
    """Count the rules of a conflict's reveal (only while tracing)."""
    totals = steps.totals_against(plain)
    against = "; ".join(f"{p} against seat {t}" for t, p in sorted(totals.items()))
    decided(
        "lotus.conflict.reveal",
        f"all bids are turned up together and summed by target: {against}",
    )
    spared = sorted(set(plain) - set(totals))
    if spared:  # someone nobody targeted stays
        decided(
            "lotus.conflict.removal_candidates",
            f"nobody named {seats(spared)} with a dragon card, so "
            f"{'they stay' if len(spared) > 1 else 'he stays'} whatever the totals",
        )


def _trace_payments(
    plain: dict[int, tuple[int, int]],
    loser: int,
    bids: tuple[tuple[int, Bid], ...],
    refund: LoserRefund,
) -> None:
    """Count the rules of a round's payments (only while tracing)."""
    decided("lotus.conflict.dragon_return", "the dragon cards go back to their owners")
    bid = plain[loser][1]
    if bid:
        kept = bid - steps.payments(plain, loser, refund)[loser]
        decided(
            "lotus.conflict.loser_refund",
            f"seat {loser} leaves and keeps {kept} of his {bid} influence",
        )
    others = [(seat, p) for seat, (_, p) in plain.items() if seat != loser and p]
    if others:
        paid = "; ".join(f"seat {seat} {p}" for seat, p in others)
        decided("lotus.conflict.others_pay", f"the others pay their whole bids: {paid}")
    if any(b.zero_card for _, b in bids):
        decided(
            "lotus.conflict.zero_card",
            "the 0-cards played go back to their owners, whoever leaves",
        )


def _end(s: State) -> State:
    """End of phase 2: the end trigger (lotus.end.trigger, and the year cap of ruling
    lotus.end.year_cap), then phase 3's point for the emperor
    (lotus.tribute.emperor_point) and the rebellion."""
    final = all((c := s.chips[i]) is not None and not c.neutral for i in s.game.in_play)
    if (
        not final
        and s.game.options.chip_supply is ChipSupply.LIMITED_AT_AWARD
        and s.year >= len(s.game.in_play)
    ):
        if trace.TRACING:
            decided(
                "lotus.end.year_cap",
                f"year {s.year}, as many years as areas in play: this is the last year",
            )
        final = True
    if trace.TRACING:
        _trace_phase_end(s, final)
    state = rebellion.give_vp(s.but(final=final, conflict=None), s.emperor)
    return enter(state, Phase.LEAD)


def _conflict(s: State) -> Conflict:
    assert s.conflict is not None
    return s.conflict


@by_identity  # one action per area, made once per game: legal_actions hands out the same values
def _choices(game: LotusGame) -> tuple[ChooseConflict, ...]:
    return tuple(ChooseConflict(area.id) for area in game.board.areas)
