"""The rules a White Lotus state keeps, as a table of named checks (:data:`INVARIANTS`).

Play keeps each of them by its transitions; a hand-written position is checked against
them all when it is read (``rulespec.lotus.position.load``), and a state's
``problems()`` runs them on any state. Each check
is tied to the rule it enforces, and each refusal names it; what the books do not
state but a position as data must keep (a part of the year present in a phase that has
none) is ``lotus.position.format``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rulespec.core.invariants import Invariant, check
from rulespec.errors import bounded
from rulespec.lotus import rules as steps
from rulespec.lotus.components import (
    BASIC_MARKERS,
    BUILDINGS,
    COMBAT_POINTS,
    INFLUENCE_POINTS,
    NEUTRAL_CHIPS,
    VP_CHIPS,
    Building,
    Side,
    chips_fit,
)
from rulespec.lotus.state import ConflictReveal, IncomeReveal, Phase, RebellionReveal, State
from rulespec.lotus.variant import ChipSupply, ConflictTie, Negotiation, TempleExtra, VpChips

Problems = Iterator[str]

EXPANDING = frozenset({Phase.TEMPLE_EXTRA, Phase.DRAW, Phase.PLACE})
"""The phases of a chip being drawn and placed (phase 6)."""

FORMAT = "lotus.position.format"
"""The ruling for what a position as data must keep where the books state no rule."""


def invariant_problems(state: State) -> list[str]:
    """Every rule invariant ``state`` breaks (empty for any state reachable by play)."""
    return check(state, INVARIANTS)


# --- conservation -------------------------------------------------------------------------


def _influence_total(state: State) -> Problems:
    if sum(state.influence) + state.bank[0] != INFLUENCE_POINTS:
        yield "influence: the players' points and the bank do not add up to 154"


def _combat_total(state: State) -> Problems:
    if sum(state.combat) + state.bank[1] != COMBAT_POINTS:
        yield "combat: the players' points and the bank do not add up to 100"


def _limited_bank(state: State) -> Problems:
    if state.game.options.card_supply.limited and min(state.bank) < 0:
        yield (
            f"bank: {state.bank[0]} influence, {state.bank[1]} combat; a limited bank never "
            "pays out more than it holds (lotus.income.supply_limit)"
        )


def _no_negative_points(state: State) -> Problems:
    for s in range(state.players):
        if state.influence[s] < 0 or state.combat[s] < 0 or state.vp[s] < 0:
            yield f"seat {s}: negative points"


def _vp_supply(state: State) -> Problems:
    if state.game.options.vp_chips is VpChips.LIMITED and sum(state.vp) > VP_CHIPS:
        yield f"vp: {sum(state.vp)} victory-point chips handed out; there are 18"


def _areas_in_play(state: State) -> Problems:
    for i, chip in enumerate(state.chips):
        if chip is not None and i not in state.game.in_play_set:
            yield (
                f"{state.area_id(i)}: holds a chip but is not in play with {state.players} players"
            )


def _neutral_chips(state: State) -> Problems:
    counts = [0] * len(BUILDINGS)
    for chip in state.chips:
        if chip is not None:
            counts[chip.building] += 1
    pending = list(state.start_pool()) if state.phase is Phase.SETUP else [0] * len(BUILDINGS)
    drawn = None if state.expansion is None else state.expansion.drawn
    if drawn is not None:
        pending[drawn] += 1
    for b in BUILDINGS:
        total = counts[b] + state.unseen[b] + pending[b]
        if total != NEUTRAL_CHIPS[b]:
            yield (
                f"chips: {total} {b.label} chips on the board, face down or still to deal; "
                f"there are {NEUTRAL_CHIPS[b]} (lotus.components.neutral_chips)"
            )


def _chip_flip(state: State) -> Problems:
    if state.game.options.chip_supply.limited:
        for s in range(state.players):
            if not chips_fit(state.held(s)):
                yield (
                    f"seat {s}: owns more buildings than its 16 chips can show "
                    "(lotus.components.chip_flip)"
                )


def _emperor_palaces(state: State) -> Problems:
    palaces = [state.held(s)[Building.PALACE] for s in range(state.players)]
    if state.phase is not Phase.REWARD and palaces[state.emperor] < max(palaces):
        yield (
            f"emperor: seat {state.emperor} has fewer palaces than another player "
            "(lotus.resolve.emperor_change)"
        )


# --- phases 1 and 2: claims and conflicts -------------------------------------------------


def _claiming(state: State) -> bool:
    """Whether the claim markers are on the board: phases 1 and 2."""
    return state.phase in (Phase.CLAIM, Phase.CHOOSE_CONFLICT, Phase.BID, Phase.REMOVE) or (
        state.phase is Phase.NEGOTIATE and state.resume is Phase.BID
    )


def _markers_in_phase(state: State) -> Problems:
    if not _claiming(state):
        for i, c in enumerate(state.claims):
            if c:
                yield f"claims.{state.area_id(i)}: markers outside phases 1 and 2"


def _neutral_only(state: State) -> Problems:
    if _claiming(state):
        for i, c in enumerate(state.claims):
            chip = state.chips[i]
            if c and (chip is None or not chip.neutral):
                yield (
                    f"claims.{state.area_id(i)}: markers on an area without a neutral chip "
                    "(lotus.claim.neutral_only)"
                )


def _uncontested_first(state: State) -> Problems:
    if _claiming(state) and state.phase is not Phase.CLAIM and not state.singles_pending:
        for i, c in enumerate(state.claims):
            if len(c) == 1:
                yield (
                    f"claims.{state.area_id(i)}: a single claimant in phase 2; single "
                    "claimants are awarded their areas before the conflicts "
                    "(lotus.resolve.uncontested_first)"
                )


def _claims_fit(state: State) -> Problems:
    """With each colour's chips limiting what it claims (``chip_supply`` 'limited'), a
    player's holding plus every area it claims this year fits its 16 chips, as each
    marker placed checked (found after issue 28: a palace owned one over the limit loaded
    with a palace claimed, and its award broke lotus.components.chip_flip)."""
    if not _claiming(state) or state.game.options.chip_supply is not ChipSupply.LIMITED:
        return
    for seat in range(state.players):
        held = list(state.held(seat))
        for i, claimants in enumerate(state.claims):
            chip = state.chips[i]
            if seat in claimants and chip is not None:
                held[chip.building] += 1
        if not chips_fit(held):
            yield (
                f"claims: seat {seat} could not show its chips if it won every area it claims "
                "this year; a marker goes only where it could (lotus.claim.chip_supply)"
            )


def _placed(state: State, seat: int) -> int:
    return sum(1 for c in state.claims if seat in c)


def _markers_allowed(state: State) -> Problems:
    for s in range(state.players) if _claiming(state) else ():
        if _placed(state, s) > state.markers_allowed(s):
            yield (
                f"seat {s}: {_placed(state, s)} markers placed, {state.markers_allowed(s)} "
                "allowed (lotus.claim.rice_extra)"
            )


def _markers_per_turn(state: State) -> Problems:
    # the round goes round the table from the emperor, one placement per turn
    k, n = state.claiming, state.players
    if state.phase is not Phase.CLAIM or k is None:
        return
    for s in range(n):
        turns = sum(1 for j in range(k.cursor) if (state.emperor + j) % n == s)
        if _placed(state, s) > turns:
            yield (
                f"seat {s}: {_placed(state, s)} markers placed in {turns} turns so far "
                f"(cursor {k.cursor}; lotus.claim.three_rounds)"
            )


def _first_year_neutral(state: State) -> Problems:
    if (
        state.year == 1
        and state.phase is Phase.CLAIM
        and any(c is not None and not c.neutral for c in state.chips)
    ):
        yield "year 1 claims: nobody can own an area before the first resolution"


def _fighting(state: State) -> bool:
    """Whether a conflict is being fought: bids, a tie to break, or a window before bids."""
    return state.phase in (Phase.BID, Phase.REMOVE) or (
        state.phase is Phase.NEGOTIATE and state.resume is Phase.BID
    )


def _conflict_area(state: State) -> Problems:
    c = state.conflict
    if _fighting(state) and (c is None or len(state.claims[c.area]) < 2):
        yield "area: a conflict needs an area with two or more claimants"


def _conflict_in_phase(state: State) -> Problems:
    if state.conflict is not None and not _fighting(state):
        yield f"area: no conflict is being fought in phase {state.phase.value}"


def _bidders_claim(state: State) -> Problems:
    c = state.conflict
    if c is None or not _fighting(state) or len(state.claims[c.area]) < 2:
        return
    if any(s not in state.claims[c.area] for s, _ in c.bids):
        yield (
            "bids: a bid from a player who is not a claimant of the area "
            "(lotus.conflict.participants)"
        )
    if state.phase is Phase.BID and state.seat not in state.claims[c.area]:
        yield (
            f"seat: seat {state.seat} is not a claimant of the disputed area, so it is not "
            "asked for a bid (lotus.conflict.participants)"
        )


def _tie_to_break(state: State) -> Problems:
    if state.phase is Phase.REMOVE and (state.conflict is None or not state.conflict.tied):
        yield "tied: the emperor must have tied players to choose from"


# --- phase 4: the rebellion ---------------------------------------------------------------


def _rebelling(state: State) -> bool:
    return state.phase in (Phase.SIDE, Phase.COMBAT, Phase.REWARD) or (
        state.phase is Phase.NEGOTIATE and state.resume is Phase.SIDE
    )


def _rebel_leader(state: State) -> Problems:
    r = state.rebellion
    if _rebelling(state) and (r is None or r.leader == state.emperor):
        yield "leader: a rebellion needs a leader who is not the emperor"


def _rebellion_in_phase(state: State) -> Problems:
    if state.rebellion is not None and not _rebelling(state):
        yield f"leader: no rebellion is under way in phase {state.phase.value}"


def _winners_known(state: State) -> Problems:
    r = state.rebellion
    if state.phase is Phase.REWARD and (r is None or r.winners is None):
        yield "winners: rewards need the winning side"


# --- phase 6: new areas, and the parts of the year under way ------------------------------


def _placement_first(state: State) -> Problems:
    e = state.expansion
    if state.phase in EXPANDING and (e is None or not e.slots or e.slots[0][0] != state.seat):
        yield (
            f"slots: phase {state.phase.value} needs the placement of seat {state.seat} "
            "first in line"
        )


def _declinable(state: State) -> Problems:
    e = state.expansion
    if (
        state.phase is Phase.TEMPLE_EXTRA
        and e is not None
        and e.slots
        and e.slots[0][0] == state.seat
        and not e.slots[0][1]
    ):
        yield "slots: only a temple's extra chip can be declined"


def _expansion_in_phase(state: State) -> Problems:
    if state.phase not in EXPANDING and state.expansion is not None:
        yield f"slots: no chips are being placed in phase {state.phase.value}"


def _compulsory_extras(state: State) -> Problems:
    if state.phase is Phase.TEMPLE_EXTRA and state.game.variant.temple_extra is not TempleExtra.MAY:
        yield (
            "phase temple_extra: this edition's temple extras are compulsory "
            "(lotus.expand.temple_extra)"
        )


def _drawn(state: State) -> Any:
    return None if state.expansion is None else state.expansion.drawn


def _chip_drawn(state: State) -> Problems:
    if state.phase is Phase.PLACE and _drawn(state) is None:
        yield "drawn: a placement needs the chip drawn"


def _claim_turn(state: State) -> Problems:
    k, n = state.claiming, state.players
    if state.phase is Phase.CLAIM and (
        k is None or (state.emperor + k.cursor % n) % n != state.seat
    ):
        cursor = None if k is None else k.cursor
        yield (
            f"cursor: placement {cursor} of the claim rounds is not seat {state.seat}'s "
            "turn (lotus.claim.three_rounds)"
        )


def _claiming_in_phase(state: State) -> Problems:
    if state.phase is not Phase.CLAIM and state.claiming is not None:
        yield f"cursor: no claims are being placed in phase {state.phase.value}"


def _can_act(state: State) -> Problems:
    if not state.is_chance and not state.is_terminal and not state.legal_actions():
        yield (
            f"seat {state.seat} is to act in phase {state.phase.value} but has no legal "
            "action; play never reaches such a position (it would have been skipped)"
        )


def _drawn_waiting(state: State) -> Problems:
    if state.phase is not Phase.PLACE and _drawn(state) is not None:
        yield "drawn: a chip is waiting although nobody is placing"


# --- who acts -----------------------------------------------------------------------------


def _emperor_orders(state: State) -> Problems:
    if state.phase is Phase.CHOOSE_CONFLICT and state.seat != state.emperor:
        yield (
            f"seat: in phase {state.phase.value} the emperor (seat {state.emperor}) acts "
            "(lotus.resolve.emperor_orders)"
        )


def _emperor_breaks_ties(state: State) -> Problems:
    if state.phase is Phase.REMOVE and state.seat != state.emperor:
        yield (
            f"seat: in phase {state.phase.value} the emperor (seat {state.emperor}) acts "
            "(lotus.conflict.tie_emperor)"
        )


def _extra_rounds(state: State) -> Problems:
    k, seat = state.claiming, state.seat
    if state.phase is not Phase.CLAIM or k is None:
        return
    rnd = k.cursor // state.players + 1
    extras = state.markers_allowed(seat) - BASIC_MARKERS
    if rnd > BASIC_MARKERS and (seat in k.declined or extras < rnd - BASIC_MARKERS):
        yield (
            f"seat: seat {seat} has no extra marker left for claim round {rnd} "
            "(lotus.claim.extra_rounds)"
        )


def _villages(state: State) -> list[int]:
    return [state.held(s)[Building.VILLAGE] for s in range(state.players)]


def _leader_not_emperor(state: State) -> Problems:
    if state.phase is Phase.LEAD and state.seat == state.emperor:
        yield (
            f"seat: the emperor (seat {state.seat}) is never asked to lead a rebellion "
            "(lotus.rebellion.emperor_not_candidate)"
        )


def _leader_has_village(state: State) -> Problems:
    asked = (state.seat, *state.queue)
    lead = state.phase is Phase.LEAD and state.seat != state.emperor
    if lead and any(_villages(state)[s] == 0 for s in asked):
        yield (
            f"seat: only players owning a village are asked to lead a rebellion; asked "
            f"{list(asked)} (lotus.rebellion.candidates)"
        )


def _asking_order(state: State) -> Problems:
    villages, asked = _villages(state), (state.seat, *state.queue)
    if state.phase is not Phase.LEAD or state.seat == state.emperor:
        return
    if any(villages[s] == 0 for s in asked):
        return  # lotus.rebellion.candidates says so
    ask = steps.leader_ask_order(villages, state.emperor, state.game.variant.leader_candidate_tie)
    if [s for s in ask if s in asked] != list(asked):
        # a hand-written position may leave later candidates out, not reorder them
        yield (
            f"queue: the candidates still to ask, {list(asked)}, are not in the asking "
            f"order {list(ask)} (lotus.rebellion.asking_order)"
        )


def _winning_sides(state: State) -> dict[int, Side] | None:
    """Every seat's side once the winners of a rebellion take their rewards."""
    r = state.rebellion
    if state.phase is not Phase.REWARD or r is None or r.winners is None:
        return None
    sides = dict(r.all_sides(state.emperor))
    return sides if len(sides) == state.players else None


def _winners_rewarded(state: State) -> Problems:
    sides, r = _winning_sides(state), state.rebellion
    if sides is None or r is None or r.winners is None:
        return
    if any(sides.get(s) is not r.winners for s in state.queue):
        yield (
            f"queue: only the winning side ({r.winners.value}) takes rewards; the queue "
            f"is {list(state.queue)} (lotus.rebellion.rewards)"
        )


def _reward_order(state: State) -> Problems:
    sides, r = _winning_sides(state), state.rebellion
    if sides is None or r is None or any(sides.get(s) is not r.winners for s in state.queue):
        return
    head = state.emperor if r.winners is Side.EMPEROR else r.leader
    allies = [s for s, side in sides.items() if side is r.winners and s != head]
    order = steps.reward_order(
        head, allies, dict(r.commits), state.players, state.game.variant.reward_tie
    )
    if not _suffix_of(state.queue, order):
        yield (
            f"queue: the winners still to choose are {list(state.queue)}, not the rest "
            f"of the reward order {list(order)} (lotus.rebellion.reward_order)"
        )


def _suffix_of(queue: tuple[int, ...], order: tuple[int, ...]) -> bool:
    """Whether ``queue`` is what is left of ``order`` once its first seats have acted."""
    return not queue or tuple(order[len(order) - len(queue) :]) == queue


def _palace_income(state: State) -> Problems:
    if state.phase is Phase.PALACE_INCOME and not state.held(state.seat)[Building.PALACE]:
        yield (
            f"seat: seat {state.seat} owns no palace, so it has no palace income to choose "
            "(lotus.income.palace)"
        )


def _income_order(state: State) -> Problems:
    if state.phase is Phase.PALACE_INCOME and not _suffix_of(
        state.queue, state.order_from_emperor()
    ):
        yield (
            f"queue: {list(state.queue)} is not the rest of the turn order from the "
            "emperor (lotus.income.order)"
        )


def _temple_extras(state: State) -> Problems:
    e = state.expansion
    if e is None or state.phase not in EXPANDING:
        return
    for s in range(state.players):
        extras = sum(1 for t, extra in e.slots if t == s and extra)
        if extras > state.held(s)[Building.TEMPLE]:
            yield (
                f"slots: seat {s} has {extras} temple extras to come but owns "
                f"{state.held(s)[Building.TEMPLE]} temple(s) (lotus.expand.temple_extra)"
            )


# --- the records of the year's parts and of the last reveal -------------------------------
# One entry per seat, seats and targets the rules allow: a record that lists a seat twice,
# or names a seat the rules exclude, cannot arise in play and breaks views and tensors.


def _twice(entries: tuple[tuple[Any, ...], ...]) -> list[int]:
    """The seats listed more than once as the first member of ``entries``."""
    seats = [e[0] for e in entries]
    return sorted({s for s in seats if seats.count(s) > 1})


def _bids_once(state: State) -> Problems:
    c = state.conflict
    if c is not None and _twice(c.bids):
        yield f"conflict.bids: seats {_twice(c.bids)} bid twice (lotus.conflict.bid)"


def _bad_targets(state: State) -> list[int]:
    c = state.conflict
    if c is None:
        return []
    claimants = state.claims[c.area]
    return [s for s, bid in c.bids if bid.target == s or bid.target not in claimants]


def _bid_targets(state: State) -> Problems:
    c = state.conflict
    for seat, bid in c.bids if c is not None else ():
        if seat in _bad_targets(state):
            yield (
                f"conflict.bids: seat {seat}'s dragon card names seat {bid.target}, not "
                "another claimant of the area (lotus.conflict.target_present)"
            )


def _zero_cards(state: State) -> list[int]:
    c = state.conflict
    if c is None or state.game.variant.zero_cards:
        return []
    return [s for s, bid in c.bids if bid.zero_card]


def _zero_card(state: State) -> Problems:
    for _ in _zero_cards(state):
        yield (
            "conflict.bids: this edition has no 0-value influence cards (lotus.conflict.zero_card)"
        )


def _deciding_tie(state: State) -> bool:
    """Whether the emperor breaks a tie among sound bids (the tie can then be checked)."""
    c = state.conflict
    return (
        c is not None
        and state.phase is Phase.REMOVE
        and not (_twice(c.bids) or _bad_targets(state) or _zero_cards(state))
    )


def _removal_candidates(state: State) -> Problems:
    c = state.conflict
    if c is None or not _deciding_tie(state):
        return
    plain = {s: (b.target, b.influence) for s, b in c.bids}
    tied = steps.removal_candidates(plain)
    if state.game.options.conflict_tie is ConflictTie.ANY_PARTICIPANT:
        tied = frozenset(plain)  # lotus.conflict.tie_scope
    if set(plain) != set(state.claims[c.area]) or c.tied != tied:
        yield (
            "conflict.tied: the emperor chooses among the claimants tied for the most "
            "influence against them, once every claimant has bid "
            "(lotus.conflict.removal_candidates)"
        )


def _tied_only_in_tie(state: State) -> Problems:
    c = state.conflict
    if c is not None and c.tied and not _deciding_tie(state):
        yield "conflict.tied: only a tie being decided (phase remove) has tied seats"


def _sides_once(state: State) -> Problems:
    r = state.rebellion
    if r is not None and (_twice(r.sides) or _twice(r.commits)):
        yield "rebellion: a seat chose a side or committed combat twice"


def _fixed_sides(state: State) -> Problems:
    r = state.rebellion
    if r is not None and any(s in (state.emperor, r.leader) for s, _ in r.sides):
        yield (
            "rebellion.sides: the emperor and the leader do not choose a side "
            "(lotus.rebellion.fixed_sides)"
        )


def _sides_chosen(state: State) -> Problems:
    r, phase = state.rebellion, state.phase
    if (
        r is not None
        and phase in (Phase.COMBAT, Phase.REWARD)
        and len(r.sides) != state.players - 2
    ):
        yield (
            f"rebellion.sides: phase {phase.value} comes after every other player "
            "has chosen a side (lotus.rebellion.sides)"
        )


def _one_loss(state: State) -> Problems:
    r = state.rebellion
    if r is not None and r.winners is not None:
        sides = dict(r.all_sides(state.emperor))
        if any(sides.get(s) is r.winners for s in r.hit):
            yield "rebellion.hit: only losers lose an area (lotus.rebellion.one_loss)"


def _winner_takes(state: State) -> Problems:
    r = state.rebellion
    if r is None:
        return
    if r.winners is not None:
        sides = dict(r.all_sides(state.emperor))
        if r.palace_taker is not None and sides.get(r.palace_taker) is not r.winners:
            yield "rebellion.palace_taker: only a winner takes an area"
    elif r.hit or r.palace_taker is not None:
        yield "rebellion: areas are taken only once the winners are known"


def _reveal_once(state: State) -> Problems:
    last = state.last
    if isinstance(last, ConflictReveal) and (
        _twice(last.bids) or _twice(last.totals) or _twice(last.paid)
    ):
        yield "last: the reveal lists a seat twice (lotus.conflict.reveal)"


def _reveal_sound(state: State, upto: int) -> ConflictReveal | None:
    """The last conflict reveal if it passes the first ``upto`` of its checks, which
    come in order (seats once, targets, totals): each needs the ones before it."""
    last = state.last
    if not isinstance(last, ConflictReveal):
        return None
    if _twice(last.bids) or _twice(last.totals) or _twice(last.paid):
        return None
    bidders = {e[0] for e in last.bids}
    if upto >= 2 and any(t == s or t not in bidders for s, t, _, _ in last.bids):
        return None
    bids = {s: (t, p) for s, t, p, _ in last.bids}
    if upto >= 3 and dict(last.totals) != steps.totals_against(bids):
        return None
    return last


def _reveal_targets(state: State) -> Problems:
    last = _reveal_sound(state, 1)
    if last is not None and _reveal_sound(state, 2) is None:
        yield (
            "last.bids: a dragon card names the bidder or a seat that did not bid "
            "(lotus.conflict.target_present)"
        )


def _reveal_totals(state: State) -> Problems:
    if _reveal_sound(state, 2) is not None and _reveal_sound(state, 3) is None:
        yield "last.totals: not the influence bid against each seat (lotus.conflict.reveal)"


def _reveal_loser(state: State) -> Problems:
    last = _reveal_sound(state, 3)
    if last is not None and last.loser is not None and last.loser not in {e[0] for e in last.bids}:
        yield "last.loser: the loser of a round is one of its bidders"


def _rebellion_reveal_once(state: State) -> Problems:
    last = state.last
    if isinstance(last, RebellionReveal) and (_twice(last.sides) or _twice(last.combat)):
        yield "last: the reveal lists a seat twice (lotus.rebellion.winner)"


def _payout_once(state: State) -> Problems:
    last = state.last
    if isinstance(last, IncomeReveal) and (
        _twice(last.choices) or _twice(last.owed) or _twice(last.paid)
    ):
        yield "last: the payout lists a seat twice (lotus.income.supply_limit)"


def _gifts_need_negotiation(state: State) -> Problems:
    if state.gifts and state.game.options.negotiation is not Negotiation.ON:
        yield "gifts: gifts are made only with negotiation = 'on' (lotus.variant.negotiation)"


def _gift_window(state: State) -> Problems:
    """The window's gifts: one positive total per ordered pair of two different seats."""
    gifts = state.gifts
    if gifts and state.game.options.negotiation is not Negotiation.ON:
        return  # lotus.variant.negotiation says so
    pairs = [(g, to) for g, to, _, _ in gifts]
    if len(set(pairs)) != len(pairs):
        yield "gifts: a pair of seats is listed twice (lotus.variant.negotiation_window)"
    for g, to, influence, combat in gifts:
        if g == to or influence + combat == 0:
            yield (
                f"gifts: seat {g} to seat {to}: a gift goes to another seat and gives some "
                "points (lotus.variant.negotiation_window)"
            )


# --- a step in progress -------------------------------------------------------------------


def _setup_queue(state: State) -> Problems:
    if state.phase is Phase.SETUP and state.queue:
        yield (
            "queue: nobody acts during setup (the lotus areas still to deal are those "
            "without a chip)"
        )


def _setup_dealing(state: State) -> Problems:
    if state.phase is not Phase.SETUP:
        return
    game = state.game
    if state.year != 1 or any(c is not None and not c.neutral for c in state.chips):
        yield "phase setup: the start chips are dealt in year 1, before anyone owns an area"
    if any(c is not None for i, c in enumerate(state.chips) if i not in game.start_areas):
        yield "phase setup: only the lotus areas hold chips while they are dealt"
    if not state.start_areas_left():
        yield "phase setup: every lotus area already has its start chip"


def _bid_within_influence(state: State) -> Problems:
    """A pending bid puts from 0 to all of its bidder's influence on the dragon card (both
    bounds, found after issue 28: a bid of -5 loaded)."""
    c = state.conflict
    if c is None or state.phase not in (Phase.BID, Phase.REMOVE):
        return
    for seat, bid in c.bids:
        if not 0 <= bid.influence <= state.influence[seat]:
            yield (
                f"conflict.bids: seat {seat} bid {bounded(bid.influence)} influence but holds "
                f"{state.influence[seat]}; a bid is 0 to the influence held (lotus.conflict.bid)"
            )


def _commit_within_combat(state: State) -> Problems:
    r = state.rebellion
    for seat, points in r.commits if r is not None and state.phase is Phase.COMBAT else ():
        if points > state.combat[seat]:
            yield (
                f"rebellion.commits: seat {seat} committed {points} combat but holds "
                f"{state.combat[seat]} (lotus.rebellion.combat_commit)"
            )


def _secret_step(state: State) -> tuple[list[int], set[int], str] | None:
    """In a secret step: the seats that have committed, those that take part, and the
    rule that says who."""
    phase, c, r = state.phase, state.conflict, state.rebellion
    if phase is Phase.BID and c is not None:
        return [s for s, _ in c.bids], set(state.claims[c.area]), "lotus.conflict.participants"
    if phase is Phase.SIDE and r is not None:
        taking_part = set(range(state.players)) - {state.emperor, r.leader}
        return [s for s, _ in r.sides], taking_part, "lotus.rebellion.sides"
    if phase is Phase.COMBAT and r is not None:
        return [s for s, _ in r.commits], set(range(state.players)), "lotus.rebellion.combat_commit"
    return None


def _commit_order(state: State) -> Problems:
    """In a secret step, those who have committed, the seat to act and the queue are
    distinct and together the seats that take part."""
    secret = _secret_step(state)
    if secret is None:
        return
    done, taking_part, who = secret
    everyone = [*done, state.seat, *state.queue]
    if len(set(everyone)) != len(everyone) or set(everyone) != taking_part:
        yield (
            f"queue: in phase {state.phase.value} the seats that have committed {done}, the "
            f"seat to act {state.seat} and the queue {list(state.queue)} must be each of "
            f"{sorted(taking_part)} once ({who}, lotus.secret.commit_order)"
        )


def _queue_shape(state: State) -> Problems:
    """Outside the secret steps the queue lists each seat once, and holds the seat to act
    where the phase serves it in turn, not where it asks it alone."""
    phase = state.phase
    if _secret_step(state) is not None:
        return
    if len(set(state.queue)) != len(state.queue):
        yield f"queue: {list(state.queue)} lists a seat twice"
    elif phase in (Phase.REWARD, Phase.PALACE_INCOME) and state.queue[:1] != (state.seat,):
        yield f"queue: in phase {phase.value} the seat to act comes first in the queue"
    elif phase in (Phase.LEAD, Phase.NEGOTIATE) and state.seat in state.queue:
        yield f"queue: in phase {phase.value} the seat to act is not in the queue"


def _room_to_expand(state: State) -> Problems:
    phase = state.phase
    if phase in (Phase.DRAW, Phase.TEMPLE_EXTRA) and not (
        state.placement_areas() and any(state.unseen)
    ):
        yield (
            f"phase {phase.value}: no chip can be drawn and placed (an empty area next to a "
            "chip and a face-down chip are needed; lotus.expand.no_space)"
        )


INVARIANTS: tuple[Invariant[State], ...] = (
    Invariant("lotus.components.influence_cards", _influence_total),
    Invariant("lotus.components.combat_cards", _combat_total),
    Invariant("lotus.income.supply_limit", _limited_bank),
    Invariant("lotus.cards.points_model", _no_negative_points),
    Invariant("lotus.components.vp_supply", _vp_supply),
    Invariant("lotus.board.brown_areas", _areas_in_play),
    Invariant("lotus.components.neutral_chips", _neutral_chips),
    Invariant("lotus.components.chip_flip", _chip_flip),
    Invariant("lotus.resolve.emperor_change", _emperor_palaces),
    Invariant("lotus.resolve.phase_end", _markers_in_phase),
    Invariant("lotus.claim.neutral_only", _neutral_only),
    Invariant("lotus.resolve.uncontested_first", _uncontested_first),
    Invariant("lotus.claim.chip_supply", _claims_fit),
    Invariant("lotus.claim.rice_extra", _markers_allowed),
    Invariant("lotus.claim.three_rounds", _markers_per_turn),
    Invariant("lotus.setup.start_chips", _first_year_neutral),
    Invariant("lotus.resolve.uncontested", _conflict_area),
    Invariant(FORMAT, _conflict_in_phase),
    Invariant("lotus.conflict.participants", _bidders_claim),
    Invariant("lotus.conflict.tie_emperor", _tie_to_break),
    Invariant("lotus.rebellion.emperor_not_candidate", _rebel_leader),
    Invariant(FORMAT, _rebellion_in_phase),
    Invariant("lotus.rebellion.winner", _winners_known),
    Invariant("lotus.expand.draw_place", _placement_first),
    Invariant("lotus.expand.temple_order", _declinable),
    Invariant(FORMAT, _expansion_in_phase),
    Invariant("lotus.expand.temple_extra", _compulsory_extras),
    Invariant("lotus.expand.draw_place", _chip_drawn),
    Invariant("lotus.claim.three_rounds", _claim_turn),
    Invariant(FORMAT, _claiming_in_phase),
    Invariant("lotus.resolve.emperor_orders", _emperor_orders),
    Invariant("lotus.conflict.tie_emperor", _emperor_breaks_ties),
    Invariant("lotus.claim.extra_rounds", _extra_rounds),
    Invariant("lotus.rebellion.emperor_not_candidate", _leader_not_emperor),
    Invariant("lotus.rebellion.candidates", _leader_has_village),
    Invariant("lotus.rebellion.asking_order", _asking_order),
    Invariant("lotus.rebellion.rewards", _winners_rewarded),
    Invariant("lotus.rebellion.reward_order", _reward_order),
    Invariant("lotus.income.palace", _palace_income),
    Invariant("lotus.income.order", _income_order),
    Invariant("lotus.expand.temple_extra", _temple_extras),
    Invariant("lotus.conflict.bid", _bids_once),
    Invariant("lotus.conflict.target_present", _bid_targets),
    Invariant("lotus.conflict.zero_card", _zero_card),
    Invariant("lotus.conflict.removal_candidates", _removal_candidates),
    Invariant("lotus.conflict.removal_candidates", _tied_only_in_tie),
    Invariant("lotus.secret.commit_order", _sides_once),
    Invariant("lotus.rebellion.fixed_sides", _fixed_sides),
    Invariant("lotus.rebellion.sides", _sides_chosen),
    Invariant("lotus.rebellion.one_loss", _one_loss),
    Invariant("lotus.rebellion.rewards", _winner_takes),
    Invariant("lotus.conflict.reveal", _reveal_once),
    Invariant("lotus.conflict.target_present", _reveal_targets),
    Invariant("lotus.conflict.reveal", _reveal_totals),
    Invariant("lotus.conflict.loser", _reveal_loser),
    Invariant("lotus.rebellion.winner", _rebellion_reveal_once),
    Invariant("lotus.income.supply_limit", _payout_once),
    Invariant("lotus.variant.negotiation", _gifts_need_negotiation),
    Invariant("lotus.variant.negotiation_window", _gift_window),
    Invariant(FORMAT, _can_act, if_sound=True),
    Invariant("lotus.expand.draw_place", _drawn_waiting),
    Invariant(FORMAT, _setup_queue),
    Invariant("lotus.setup.start_chips", _setup_dealing),
    Invariant("lotus.conflict.bid", _bid_within_influence),
    Invariant("lotus.rebellion.combat_commit", _commit_within_combat),
    Invariant("lotus.secret.commit_order", _commit_order),
    Invariant(FORMAT, _queue_shape),
    Invariant("lotus.expand.no_space", _room_to_expand),
)
"""The rules every White Lotus state keeps, in the order they are checked."""
