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
from rulespec.lotus.variant import ChipSupply, ConflictTie, Negotiation

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
                    decided("lotus.resolve.palace_first_year1")
                    return _start(s.but(singles_pending=True), i)
                if not s.claims[i]:
                    decided("lotus.resolve.palace_unclaimed_year1")
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
                decided("lotus.claim.chip_supply")
                if at_award:
                    mine[chip.building] -= 1
                    continue
        placed[i] = OWNED[seat][chip.building]
    return s.but(chips=place_chips(s, placed), claims=tuple(left), **changes)


def _award_singles(s: State) -> State:
    singles = tuple(i for i, k in enumerate(map(len, s.claims)) if k == 1)
    if singles:
        decided("lotus.resolve.uncontested")
        decided("lotus.resolve.uncontested_first")
    return _check_emperor(_award(s, singles) if singles else s)


def _check_emperor(s: State) -> State:
    """More palaces than the emperor makes a player emperor at once
    (lotus.resolve.emperor_change)."""
    palaces = [s.held(seat)[Building.PALACE] for seat in range(s.players)]
    emperor = steps.emperor_after_gain(palaces, s.emperor)
    if emperor != s.emperor:
        decided("lotus.resolve.emperor_change")
        if s.year == 1 and palaces[s.emperor] == 0:
            decided("lotus.resolve.palace_owner_emperor")
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
    decided("lotus.resolve.emperor_orders")
    return _start(s, s.game.area_index[a.area])


def _start(s: State, i: int) -> State:
    """Only the claimants of the area fight for it (lotus.conflict.participants)."""
    decided("lotus.conflict.participants")
    return open_round(s, Conflict(i))


def open_round(s: State, conflict: Conflict) -> State:
    """A conflict round: negotiation window first if the variant is on, then the
    secret bids in turn order from the emperor (lotus.secret.commit_order)."""
    if s.game.options.negotiation is Negotiation.ON:
        return negotiation.open_window(s.but(conflict=conflict), Phase.BID)
    decided("lotus.variant.negotiation")  # off: no window, the bids follow at once
    return open_bids(s, conflict)


def open_bids(s: State, conflict: Conflict | None = None) -> State:
    """The claimants commit their bids, one at a time in turn order from the emperor;
    ``conflict`` is the one fought over, if the state does not hold it yet (so the round
    opens in one new state)."""
    c = _conflict(s) if conflict is None else conflict
    order = s.order_from_emperor(s.claims[c.area])
    decided("lotus.secret.commit_order")
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
    decided("lotus.conflict.reveal")
    if len(plain) > len({t for t, _ in plain.values()}):
        decided("lotus.conflict.removal_candidates")  # someone nobody targeted stays
    reveal = ConflictReveal(  # lotus.conflict.reveal: everything is public from here on
        c.area,
        tuple((seat, b.target, b.influence, b.zero_card) for seat, b in bids),
        tuple(sorted(steps.totals_against(plain).items())),
    )
    if len(candidates) == 1:
        (loser,) = candidates
        decided("lotus.conflict.loser")
        return _remove(s, loser, bids, reveal)
    # lotus.conflict.tie_emperor: the emperor chooses, even in his own favour
    decided("lotus.conflict.tie_scope")
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
    decided("lotus.conflict.tie_emperor")
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
        _trace_payments(plain, loser, bids)
    influence = list(s.influence)
    for seat, amount in paid.items():
        influence[seat] -= amount
    claims = put(s.claims, c.area, s.claims[c.area] - {loser})
    reveal = reveal.but(loser=loser, paid=tuple(sorted(paid.items())))
    influence_left = tuple(influence)
    bank = (s.bank[0] + sum(paid.values()), s.bank[1])
    if len(claims[c.area]) == 1:
        decided("lotus.conflict.award")
        state = _award(
            s, (c.area,), claims, influence=influence_left, bank=bank, conflict=None, last=reveal
        )
        state = _check_emperor(state)
        if state.singles_pending:
            state = _award_singles(state.but(singles_pending=False))
        return _next(state)
    decided("lotus.conflict.repeat")
    conflict = Conflict(c.area)
    state = s.but(
        influence=influence_left, bank=bank, claims=claims, conflict=conflict, last=reveal
    )
    return open_round(state, conflict)


def _trace_bid(a: Bid) -> None:
    """Count the rules a bid follows (only while tracing)."""
    decided("lotus.conflict.target")
    decided("lotus.conflict.target_present")
    decided("lotus.conflict.bid")
    if a.influence == 0:
        decided("lotus.secret.zero_allowed")


def _trace_payments(
    plain: dict[int, tuple[int, int]], loser: int, bids: tuple[tuple[int, Bid], ...]
) -> None:
    """Count the rules of a round's payments (only while tracing)."""
    decided("lotus.conflict.dragon_return")
    if plain[loser][1]:
        decided("lotus.conflict.loser_refund")
    if any(p for seat, (_, p) in plain.items() if seat != loser):
        decided("lotus.conflict.others_pay")
    if any(b.zero_card for _, b in bids):
        decided("lotus.conflict.zero_card")


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
        decided("lotus.end.year_cap")
        final = True
    decided("lotus.resolve.phase_end")
    if not final:
        decided("lotus.resolve.unclaimed_neutral")
    decided("lotus.tribute.emperor_point")
    if not s.held(s.emperor)[Building.PALACE]:
        decided("lotus.tribute.stone_holder")
    state = rebellion.give_vp(s.but(final=final, conflict=None), s.emperor)
    return enter(state, Phase.LEAD)


def _conflict(s: State) -> Conflict:
    assert s.conflict is not None
    return s.conflict


@by_identity  # one action per area, made once per game: legal_actions hands out the same values
def _choices(game: LotusGame) -> tuple[ChooseConflict, ...]:
    return tuple(ChooseConflict(area.id) for area in game.board.areas)
