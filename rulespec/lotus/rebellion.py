"""Phase 4: the rebellion. A leader, secret sides, secret combat, the reveal, the rewards
and the new emperor."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from rulespec.core import trace
from rulespec.core.immutable import by_identity, put
from rulespec.core.kernel import Problem, enter
from rulespec.core.rules import rule_of
from rulespec.core.trace import decided
from rulespec.core.words import count, listing, seats
from rulespec.lotus import negotiation
from rulespec.lotus import rules as steps
from rulespec.lotus.actions import (
    Action,
    ChooseSide,
    CommitCombat,
    Lead,
    TakeArea,
    TakeVictoryPoint,
)
from rulespec.lotus.commitments import by_seat
from rulespec.lotus.components import OWNED, VP_CHIPS, Building, Side
from rulespec.lotus.state import (
    Phase,
    Rebellion,
    RebellionReveal,
    State,
    area_hint,
    place_chips,
)
from rulespec.lotus.variant import Negotiation, RewardChoice, SideReveal, VpChips

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame


_LEAD = (Lead(True), Lead(False))
_SIDES = (ChooseSide(Side.EMPEROR), ChooseSide(Side.REBELS))


def give_vp(s: State, seat: int) -> State:
    """One victory-point chip, unless the limited supply is gone
    (lotus.components.vp_supply)."""
    limited = s.game.options.vp_chips is VpChips.LIMITED
    if (limited or trace.TRACING) and sum(s.vp) >= VP_CHIPS:
        decided(
            "lotus.components.vp_supply",
            f"all {VP_CHIPS} victory-point chips are out: seat {seat} gets "
            + ("none" if limited else "one all the same (the supply is unlimited)"),
        )
        if limited:
            return s
    return s.but(vp=put(s.vp, seat, s.vp[seat] + 1))


def begin(s: State) -> State:
    """Candidates by villages are asked in turn whether they lead a rebellion
    (lotus.rebellion.candidates, lotus.rebellion.asking_order)."""
    villages = [s.held(seat)[Building.VILLAGE] for seat in range(s.players)]
    ask = steps.leader_ask_order(villages, s.emperor, s.game.variant.leader_candidate_tie)
    if ask and trace.TRACING:
        order = listing(f"seat {seat} ({count(villages[seat], 'village')})" for seat in ask)
        decided(
            "lotus.rebellion.candidates",
            f"the players owning a village may lead a rebellion: {order}",
        )
        decided(
            "lotus.rebellion.asking_order",
            f"they are asked in this order, most villages first: {order}",
        )
    if not ask:
        return _after(s)
    return s.but(phase=Phase.LEAD, seat=ask[0], queue=ask[1:])


def legal_lead(s: State) -> tuple[Action, ...]:
    """Lead, or decline."""
    return _LEAD


def lead(s: State, a: Lead) -> State:
    """A candidate leads (then sides are chosen) or declines (the next is asked)."""
    if not a.accept:
        if s.queue:
            return s.but(seat=s.queue[0], queue=s.queue[1:])
        return _after(s)
    state = s.but(rebellion=Rebellion(s.seat), queue=())
    if trace.TRACING:
        decided(
            "lotus.rebellion.fixed_sides",
            f"seat {s.seat} leads the rebels against the emperor, seat {s.emperor}: the two "
            "sides are fixed",
        )
    if s.game.options.negotiation is Negotiation.ON:
        return negotiation.open_window(state, Phase.SIDE)
    decided("lotus.variant.negotiation", "negotiation is off: the sides follow at once, no gifts")
    return open_sides(state)


def open_sides(s: State) -> State:
    """Everyone but the emperor and the leader picks a side in secret, in turn order
    from the emperor (lotus.rebellion.sides, lotus.secret.commit_order)."""
    r = _rebellion(s)
    choosers = s.order_from_emperor(
        seat for seat in range(s.players) if seat not in (s.emperor, r.leader)
    )
    if not choosers:
        return _open_combat(s)
    if trace.TRACING:
        decided(
            "lotus.secret.commit_order",
            "the other players choose a side in secret, one at a time from the emperor: seats "
            + ", ".join(map(str, choosers)),
        )
    return s.but(phase=Phase.SIDE, seat=choosers[0], queue=choosers[1:], resume=None)


def legal_sides(s: State) -> tuple[Action, ...]:
    """The emperor's side or the rebels'."""
    return _SIDES


def choose_side(s: State, a: ChooseSide) -> State:
    """A secret side; after the last, the combat."""
    r = _rebellion(s)
    if trace.TRACING:
        decided(
            "lotus.rebellion.sides",
            f"seat {s.seat} secretly joins "
            f"{'the rebels' if a.side is Side.REBELS else 'the emperor' + chr(39) + 's side'} "
            "with a dragon card",
        )
    rebels = r.but(sides=by_seat(r.sides, s.seat, a.side))
    if s.queue:
        return s.but(rebellion=rebels, seat=s.queue[0], queue=s.queue[1:])
    return _open_combat(s.but(rebellion=rebels))


def _open_combat(s: State) -> State:
    order = s.order_from_emperor()
    return s.but(phase=Phase.COMBAT, seat=order[0], queue=order[1:], resume=None)


def legal_combat(s: State) -> tuple[Action, ...]:
    """Any number of one's combat points, none included."""
    return _combat_choices(s.combat[s.seat])


def check_combat(s: State, a: CommitCombat) -> Problem:
    """No more combat than one holds (lotus.rebellion.combat_commit)."""
    if not 0 <= a.combat <= s.combat[s.seat]:
        return rule_of(
            "lotus.rebellion.combat_commit"
        ), f"seat {s.seat} has {s.combat[s.seat]} combat, cannot commit {a.combat}"
    return None


def commit_combat(s: State, a: CommitCombat) -> State:
    """A secret commitment; after the last, the fight."""
    r = _rebellion(s)
    if trace.TRACING:
        decided(
            "lotus.rebellion.combat_commit", f"seat {s.seat} commits {a.combat} combat in secret"
        )
        if a.combat == 0:
            decided("lotus.secret.zero_allowed", "committing nothing is allowed")
    rebels = r.but(commits=by_seat(r.commits, s.seat, a.combat))
    if s.queue:
        return s.but(rebellion=rebels, seat=s.queue[0], queue=s.queue[1:])
    return _fight(s.but(rebellion=rebels, queue=()))


def _fight(s: State) -> State:
    """Reveal, count (lotus.rebellion.emperor_bonus, lotus.rebellion.leader_bonus),
    decide (lotus.rebellion.winner), discard every card (lotus.rebellion.discard_all)
    and line up the rewards (lotus.rebellion.reward_order)."""
    r = _rebellion(s)
    committed = dict(r.commits)
    sides = dict(r.all_sides(s.emperor))
    emperor_total, rebels_total = steps.rebellion_totals(
        sides,
        committed,
        s.held(s.emperor)[Building.PALACE],
        s.held(r.leader)[Building.VILLAGE],
    )
    winner = steps.rebellion_winner(emperor_total, rebels_total)
    if trace.TRACING:
        _trace_fight(s, sides, emperor_total == rebels_total)
    combat = tuple(s.combat[seat] - committed.get(seat, 0) for seat in range(s.players))
    head = s.emperor if winner is Side.EMPEROR else r.leader
    allies = [seat for seat, side in sides.items() if side is winner and seat != head]
    order = steps.reward_order(head, allies, committed, s.players, s.game.variant.reward_tie)
    reveal = RebellionReveal(
        r.leader,
        tuple(sorted(sides.items())),
        tuple(sorted(committed.items())),
        (emperor_total, rebels_total),
        winner,
    )
    state = s.but(
        combat=combat,
        bank=(s.bank[0], s.bank[1] + sum(committed.values())),
        rebellion=r.but(winners=winner, hit=frozenset(), palace_taker=None),
        queue=order,
        last=reveal,
    )
    return _next_reward(state)


def _next_reward(s: State) -> State:
    """Each winner in order takes a loser's area, or a VP chip when none is legal
    (lotus.rebellion.rewards, lotus.rebellion.vp_fallback)."""
    state = s
    while state.queue:
        seat = state.queue[0]
        if trace.TRACING:
            _trace_rewards(state, seat)
        if state.reward_areas(seat):
            return state.but(phase=Phase.REWARD, seat=seat)
        if trace.TRACING:
            decided(
                "lotus.rebellion.vp_fallback",
                f"no loser's area is open to seat {seat}, who takes a victory-point chip instead",
            )
        state = give_vp(state, seat).but(queue=state.queue[1:])
    return _finish(state)


def legal_rewards(s: State) -> tuple[Action, ...]:
    """The areas the winner may take, and a VP chip where the option allows it."""
    takes = _takes(s.game)
    out: list[Action] = [takes[i] for i in s.reward_areas(s.seat)]
    if s.game.options.reward_choice is RewardChoice.PLAYER_CHOICE:
        out.append(TakeVictoryPoint())
    return tuple(out)


def check_take(s: State, a: TakeArea) -> Problem:
    """A losing player's area, one per loser, adjacent to the taker's land, and one the
    taker can show with his chips."""
    i = s.game.area_index.get(a.area)
    if i is not None and i in s.reward_areas(s.seat):
        return None
    r = _rebellion(s)
    chip = None if i is None else s.chips[i]
    losing = Side.REBELS if r.winners is Side.EMPEROR else Side.EMPEROR
    losers = {t for t, side in r.all_sides(s.emperor) if side is losing}
    if i is None or chip is None or chip.owner not in losers:
        hint = area_hint(s, a.area, s.reward_areas(s.seat))
        return rule_of(
            "lotus.rebellion.rewards"
        ), f"{a.area} does not belong to a player of the losing side{hint}"
    if chip.owner in r.hit:
        return rule_of(
            "lotus.rebellion.one_loss"
        ), f"seat {chip.owner} has already lost an area in this rebellion"
    mine = set(s.owned(s.seat))
    if mine and not (s.game.index_adjacency[i] & mine):
        return rule_of(
            "lotus.rebellion.adjacent_only"
        ), f"{a.area} is not adjacent to an area of seat {s.seat}"
    return rule_of("lotus.rebellion.chip_supply"), (
        f"seat {s.seat} has no {chip.building.label} chip left to show, and the building "
        "never changes (lotus.rebellion.same_building)"
    )


def take_area(s: State, a: TakeArea) -> State:
    """The winner's chip replaces the loser's; a palace taken from the emperor is noted
    for the new emperor."""
    r = _rebellion(s)
    i = s.game.area_index[a.area]
    chip = s.chips[i]
    assert chip is not None
    assert chip.owner is not None
    taker = r.palace_taker
    if trace.TRACING:
        decided(
            "lotus.rebellion.same_building",
            f"seat {s.seat}'s {chip.building.label} chip replaces seat {chip.owner}'s on "
            f"{a.area}, which goes back to seat {chip.owner}: the building stays the same",
        )
        if s.game.options.reward_choice is not RewardChoice.PLAYER_CHOICE:
            decided(
                "lotus.rebellion.reward_compulsory",
                f"seat {s.seat} must take a reward and picks {a.area} among "
                f"{len(s.reward_areas(s.seat))} open to him",
            )
    taker = r.palace_taker
    if chip.building is Building.PALACE and chip.owner == s.emperor:
        taker = s.seat
    state = s.but(
        chips=place_chips(s, {i: OWNED[s.seat][chip.building]}),
        rebellion=r.but(hit=r.hit | {chip.owner}, palace_taker=taker),
        queue=s.queue[1:],
    )
    return _next_reward(state)


def check_take_vp(s: State, a: TakeVictoryPoint) -> Problem:
    """A VP chip instead of an area only where the option allows it."""
    if s.game.options.reward_choice is not RewardChoice.PLAYER_CHOICE:
        return rule_of(
            "lotus.rebellion.reward_vp_by_choice"
        ), "a winner who can take an area must take one"
    return None


def take_vp(s: State, a: TakeVictoryPoint) -> State:
    """A VP chip instead of an area."""
    if trace.TRACING:
        decided(
            "lotus.rebellion.reward_vp_by_choice",
            f"seat {s.seat} prefers a victory-point chip to the areas open to him",
        )
    return _next_reward(give_vp(s, s.seat).but(queue=s.queue[1:]))


def _finish(s: State) -> State:
    """The new emperor (lotus.rebellion.new_emperor); no point for him now
    (lotus.tribute.only_phase3)."""
    r = _rebellion(s)
    palaces = [s.held(seat)[Building.PALACE] for seat in range(s.players)]
    emperor = steps.new_emperor(
        palaces, s.emperor, r.palace_taker, s.game.variant.emperor_after_rebellion
    )
    if trace.TRACING:
        most = max(palaces)
        kept = "stays" if emperor == s.emperor else "becomes"
        decided(
            "lotus.rebellion.new_emperor",
            f"after the rebellion seat {emperor} {kept} emperor, with the most palaces, {most}",
        )
        decided(
            "lotus.tribute.only_phase3",
            f"seat {emperor} takes no victory point for the crown now: that comes only in phase 3",
        )
    return _after(s.but(emperor=emperor, rebellion=None))


def _after(s: State) -> State:
    if s.final:
        decided(
            "lotus.end.trigger",
            "every area in play was owned after phase 2 and phase 4 is over: the game ends",
        )
        if any(s.unseen) and trace.TRACING:
            decided(
                "lotus.end.leftover_chips",
                f"{sum(s.unseen)} neutral chips were never drawn and stay unused",
            )
        return s.but(phase=Phase.GAME_OVER, queue=(), seat=s.emperor)
    return enter(s, Phase.PALACE_INCOME)


def _trace_fight(s: State, sides: dict[int, Side], tied: bool) -> None:
    """Count the rules of the reveal and the count (only while tracing)."""
    r = _rebellion(s)
    committed = dict(r.commits)
    palaces, villages = s.held(s.emperor)[Building.PALACE], s.held(r.leader)[Building.VILLAGE]
    emperor_total, rebels_total = steps.rebellion_totals(sides, committed, palaces, villages)
    when = (
        "before the combat was committed"
        if s.game.side_reveal is SideReveal.BEFORE_COMBAT
        else "with the combat points"
    )
    decided("lotus.rebellion.side_reveal", f"the sides were turned up {when}")
    decided(
        "lotus.rebellion.bonus_time",
        f"the bonuses are counted now, at the reveal: the emperor owns "
        f"{count(palaces, 'palace')}, the leader {count(villages, 'village')}",
    )
    won = "the emperor's side wins" if emperor_total >= rebels_total else "the rebels win"
    decided(
        "lotus.rebellion.winner",
        f"the emperor's side has {emperor_total}, the rebels {rebels_total}"
        + (": a tie, which goes to the emperor's side" if tied else f": {won}"),
    )
    decided(
        "lotus.rebellion.discard_all",
        f"all {sum(committed.values())} combat points committed go back to the bank",
    )
    decided(
        "lotus.rebellion.reward_order",
        "the winners choose their rewards, their leader first, then by combat committed",
    )
    if palaces:
        decided(
            "lotus.rebellion.emperor_bonus",
            f"the emperor's {count(palaces, 'palace')} add {2 * palaces} to his side",
        )
    if villages:
        decided(
            "lotus.rebellion.leader_bonus",
            f"the leader's {count(villages, 'village')} add {villages} to the rebels",
        )
    allies = [seat for seat in sides if seat not in (s.emperor, r.leader) and any(s.held(seat))]
    if allies:
        decided(
            "lotus.rebellion.no_ally_bonus",
            f"the buildings of {seats(allies)} add nothing: only the emperor's and the "
            "leader's count",
        )


def _trace_rewards(s: State, seat: int) -> None:
    """Count the rules that keep a losing player's areas from ``seat``'s reward, judged as
    he chooses (only while tracing; the same branches as :func:`check_take`)."""
    r = _rebellion(s)
    areas = set(s.reward_areas(seat))
    open_ = ", ".join(sorted(s.area_id(i) for i in areas)) or "none"
    decided(
        "lotus.rebellion.rewards",
        f"seat {seat} of the winners takes one reward: a loser's area (open to him: {open_}), "
        "else a victory-point chip",
    )
    decided(
        "lotus.rebellion.adjacency_time",
        f"what is open to seat {seat} is judged now, as he chooses, after the rewards before",
    )
    if r.winners is Side.REBELS:
        decided(
            "lotus.rebellion.rebel_side_restrictions",
            "the rebels won: the same limits apply to their rewards as to the emperor's side",
        )
    losing = Side.REBELS if r.winners is Side.EMPEROR else Side.EMPEROR
    losers = {t for t, side in r.all_sides(s.emperor) if side is losing}
    mine = set(s.owned(seat))
    if not mine:
        decided(
            "lotus.rebellion.landless",
            f"seat {seat} owns no area, so any loser's area is open to him",
        )
    hit, far, short = [], [], []
    for i, chip in enumerate(s.chips):
        if chip is None or chip.owner not in losers or i in areas:
            continue
        if chip.owner in r.hit:
            hit.append(s.area_id(i))
        elif mine and not (s.game.index_adjacency[i] & mine):
            far.append(s.area_id(i))
        else:
            short.append(s.area_id(i))
    if hit:
        decided(
            "lotus.rebellion.one_loss",
            f"area{'s' if len(hit) > 1 else ''} {listing(hit)} belong{'' if len(hit) > 1 else 's'} "
            "to a loser who has lost an area already: not again",
        )
    if far:
        decided(
            "lotus.rebellion.adjacent_only",
            f"area{'s' if len(far) > 1 else ''} {listing(far)} border{'' if len(far) > 1 else 's'} "
            f"none of seat {seat}'s areas, so he may not take {'them' if len(far) > 1 else 'it'}",
        )
    if short:
        decided(
            "lotus.rebellion.chip_supply",
            f"seat {seat} has no chip left to show the building of {listing(short)}",
        )


def _rebellion(s: State) -> Rebellion:
    assert s.rebellion is not None
    return s.rebellion


@functools.lru_cache(maxsize=256)  # values: the same tuple serves every seat with that much
def _combat_choices(combat: int) -> tuple[Action, ...]:
    return tuple(CommitCombat(c) for c in range(combat + 1))


@by_identity  # one action per area, made once per game: legal_actions hands out the same values
def _takes(game: LotusGame) -> tuple[TakeArea, ...]:
    return tuple(TakeArea(area.id) for area in game.board.areas)
