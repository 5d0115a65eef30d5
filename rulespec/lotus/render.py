"""A readable text picture of a White Lotus state, for the REPL and ``rulespec play``."""

from __future__ import annotations

from rulespec.lotus.actions import Action
from rulespec.lotus.components import Side
from rulespec.lotus.state import ConflictReveal, IncomeReveal, RebellionReveal, State
from rulespec.lotus.variant import CardSupply


def render(state: State) -> str:
    """Several lines: year, phase, who acts, every player's areas and points, the board."""
    actor = state.current_player
    who = f"seat {actor}" if isinstance(actor, int) else actor.name.lower()
    v = state.game.variant
    lines = [
        f"White Lotus ({v.edition.value}), {state.players} players, year {state.year}, "
        f"phase {state.phase.value}, emperor: seat {state.emperor}, to act: {who}"
    ]
    final = state.outcome().scores if state.is_terminal else None
    for s in range(state.players):
        owned = state.owned(s)
        buildings = (
            ", ".join(f"{state.area_id(i)}:{_building(state, i)}" for i in owned) or "no areas"
        )
        score = "" if final is None else f"; final score {final[s]}"
        lines.append(
            f"  seat {s}: {buildings}; influence {state.influence[s]}, combat "
            f"{state.combat[s]}, victory chips {state.vp[s]}{score}"
        )
    neutral = sorted(
        f"{state.area_id(i)}:{c.building.label}"
        for i, c in enumerate(state.chips)
        if c is not None and c.neutral
    )
    empty = sum(1 for i in state.game.in_play if state.chips[i] is None)
    lines.append(f"  neutral areas: {', '.join(neutral) or 'none'}; empty areas: {empty}")
    claims = [f"{state.area_id(i)}<-{sorted(c)}" for i, c in enumerate(state.claims) if c]
    if claims:
        lines.append(f"  claims: {', '.join(claims)}")
    lines.append(
        f"  {bank_words(state.game.options.card_supply, state.bank)}; "
        f"{sum(state.unseen)} neutral chips face down"
    )
    lines.extend(_under_way(state))
    return "\n".join(lines)


def bank_words(supply: CardSupply, bank: tuple[int, int]) -> str:
    """``bank: 12 influence, 64 combat``; with the unlimited supply the piles as shown,
    never below 0, and that they never run out (lotus.income.supply_limit)."""
    influence, combat = supply.shown(bank)
    never = "" if supply.limited else " (unlimited)"
    return f"bank{never}: {influence} influence, {combat} combat"


def _building(state: State, i: int) -> str:
    chip = state.chips[i]
    assert chip is not None
    return chip.building.label


def _under_way(state: State) -> list[str]:
    """The parts of the year under way, secret choices not yet revealed included: this is
    the full state (issue 20: two states that differ only in a pending bid printed the
    same); a seat's view (``state.observation(seat)``) holds what that seat may see."""
    lines = []
    if state.queue:
        lines.append(f"  still to act: seats {list(state.queue)}")
    k = state.claiming
    if k is not None:
        declined = f"; declined extras: seats {sorted(k.declined)}" if k.declined else ""
        lines.append(f"  claim placement {k.cursor}{declined}")
    c = state.conflict
    if c is not None:
        bids = "; ".join(
            f"seat {s} bid {b.influence} against seat {b.target}"
            + (" +0-card" if b.zero_card else "")
            for s, b in c.bids
        )
        tied = f"; tied: seats {sorted(c.tied)}" if c.tied else ""
        lines.append(f"  conflict over {state.area_id(c.area)}: bids {bids or 'none'}{tied}")
    r = state.rebellion
    if r is not None:
        sides = ", ".join(f"seat {s} {side.value}" for s, side in r.sides) or "none"
        combat = ", ".join(f"seat {s} {p}" for s, p in r.commits) or "none"
        lines.append(f"  rebellion led by seat {r.leader}: sides {sides}; combat {combat}")
        if r.winners is not None:
            taker = "" if r.palace_taker is None else f"; palace taken by seat {r.palace_taker}"
            lines.append(
                f"  winners: {r.winners.value}; losers who lost an area: {sorted(r.hit)}{taker}"
            )
    e = state.expansion
    if e is not None:
        slots = ", ".join(f"seat {s}" + (" (temple)" if extra else "") for s, extra in e.slots)
        drawn = "" if e.drawn is None else f"; drawn: {e.drawn.label}"
        lines.append(f"  new chips still to place: {slots or 'none'}{drawn}")
    flags = [
        name
        for name, on in (
            ("single claimants wait for the palace", state.singles_pending),
            ("the last year", state.final),
        )
        if on
    ]
    if state.resume is not None:
        flags.append(f"then phase {state.resume.value}")
    if flags:
        lines.append(f"  {'; '.join(flags)}")
    if state.last is not None:
        lines.append(f"  last reveal: {_describe(state)}")
    if state.gifts:
        given = "; ".join(
            f"seat {g} to seat {to}: {i} influence, {c} combat" for g, to, i, c in state.gifts
        )
        lines.append(f"  gifts this window: {given}")
    return lines


def narrate(before: State, action: Action, after: State) -> str:
    """What ``action`` did, in words, with the reveals and changes that followed."""
    actor = before.current_player
    who = f"seat {actor}" if isinstance(actor, int) else "chance"
    lines = [f"year {before.year} {before.phase.value}: {who}: {action}"]
    if after.last != before.last and after.last is not None:
        lines.append("  reveal: " + _describe(after))
    for i, (old, new) in enumerate(zip(before.chips, after.chips, strict=True)):
        if old != new and new is not None and new.owner is not None:
            lines.append(f"  seat {new.owner} takes {before.area_id(i)} ({new.building.label})")
    if after.emperor != before.emperor:
        lines.append(f"  seat {after.emperor} becomes emperor")
    for s, (a, b) in enumerate(zip(before.vp, after.vp, strict=True)):
        if b > a:
            lines.append(f"  seat {s} takes {b - a} victory-point chip(s)")
    if after.year != before.year:
        lines.append(f"== year {after.year} ==")
    if after.is_terminal:
        lines.append(f"  {after.outcome().summary()}")
    return "\n".join(lines)


def _describe(state: State) -> str:
    last = state.last
    if isinstance(last, ConflictReveal):
        bids = "; ".join(
            f"seat {s} {p} against seat {t}" + (" +0-card" if z else "") for s, t, p, z in last.bids
        )
        area = state.area_id(last.area)
        if last.loser is None:
            return f"{area}: {bids}; tie: the emperor decides"
        return f"{area}: {bids}; seat {last.loser} leaves"
    if isinstance(last, IncomeReveal):
        if not last.paid:
            return "income: " + "; ".join(
                f"seat {s} takes {k} palace(s) as combat" for s, k in last.choices
            )
        return "income pro rata: " + "; ".join(
            f"seat {s} {i} of {oi} influence, {c} of {oc} combat"
            for (s, i, c), (_, oi, oc) in zip(last.paid, last.owed, strict=True)
        )
    assert isinstance(last, RebellionReveal)
    emperor, rebels = last.totals
    won = "the emperor's side wins" if last.winner is Side.EMPEROR else "the rebels win"
    return f"rebellion: emperor's side {emperor}, rebels {rebels}; {won}"
