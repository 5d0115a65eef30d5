"""A readable text picture of a Mandala state, for the REPL and ``rulespec play``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulespec.mandala.components import describe
from rulespec.mandala.scoring import score

if TYPE_CHECKING:
    from rulespec.mandala.state import State


def render(state: State) -> str:
    """Several lines: whose turn, the three mandalas, hands, tiles and piles."""
    actor = state.current_player
    who = f"seat {actor}" if isinstance(actor, int) else actor.name.lower()
    lines = [
        f"Mandala, {state.players} players, turn {state.turn}, phase {state.phase.value}, "
        f"to act: {who}"
    ]
    for m, area in enumerate(state.mandalas):
        tiles = " + ".join(t.label for t in area.tiles) or "no tiles"
        marker = "centre" if area.marker is None else f"seat {area.marker}"
        lines.append(f"  mandala {m}: {tiles}; marker: {marker}")
        for seat in range(state.players):
            up, down = area.up[seat], area.down[seat]
            if any(up) or any(down):
                lines.append(f"    seat {seat}: up {describe(up)}; down {describe(down)}")
    for seat in range(state.players):
        h = state.holdings[seat]
        loose = ", ".join(sorted(t.label for t in h.loose)) or "-"
        flowers = ", ".join(f"{a.label}+{b.label}" for a, b in h.flowers) or "-"
        lines.append(
            f"  seat {seat}: hand {describe(state.hands[seat])} ({sum(state.hands[seat])}); "
            f"tiles {loose}; flowers {flowers}; {score(h)} points"
        )
    lines.append(
        f"  draw pile {sum(state.deck)}, discard pile {sum(state.discard)}, "
        f"tile stacks {len(state.dark)} dark / {len(state.light)} light"
    )
    return "\n".join(lines)
