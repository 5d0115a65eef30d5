"""A readable text picture of a White Lotus state, for the REPL and ``rulespec play``."""

from __future__ import annotations

from rulespec.lotus.actions import Action
from rulespec.lotus.components import BUILDINGS, Side
from rulespec.lotus.state import ConflictReveal, IncomeReveal, RebellionReveal, State


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
        held = state.held(s)
        buildings = ", ".join(f"{held[b]} {b.label}" for b in BUILDINGS if held[b]) or "no areas"
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
        f"  bank: {state.bank[0]} influence, {state.bank[1]} combat; "
        f"{sum(state.unseen)} neutral chips face down"
    )
    return "\n".join(lines)


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
