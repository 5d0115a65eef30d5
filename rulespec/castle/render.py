"""A readable text picture of a White Castle state, for the REPL and ``rulespec play``."""

from __future__ import annotations

from rulespec.castle.actions import Action
from rulespec.castle.components import COLOURS
from rulespec.castle.describe import describe
from rulespec.castle.describe import describe as describe_action
from rulespec.castle.scoring import final_scores
from rulespec.castle.state import State
from rulespec.castle.words import effects_words
from rulespec.core.words import count as counted

__all__ = ["describe_action", "final_scores", "narrate", "render"]


def render(state: State) -> str:
    """Several lines: round, whose turn, bridges, rooms, families."""
    actor = state.current_player
    who = f"seat {actor}" if isinstance(actor, int) else actor.name.lower()
    count = "1 player" if state.players == 1 else f"{state.players} players"
    lines = [
        f"The White Castle, {count}, round {state.round}, phase {state.phase.value}, to act: {who}"
    ]
    t = state.game.tables
    for c in COLOURS:
        dice = " ".join(str(v) if v else "." for v in state.bridges[c]) or "-"
        lines.append(f"  {c.label} bridge: {dice}")
    for r, card in enumerate(state.rooms):
        name = t.cards[card].id if card is not None else "-"
        tiles = "/".join(c.label for c in state.room_tiles(r)) if card is not None else ""
        top = state.fields[r] if r < len(state.fields) else 0
        lines.append(
            f"  room {r} (level {t.room_level[r]}): card {name} tiles {tiles} die {top or '-'}"
        )
    order = " ".join("rival" if state.is_rival(p) else f"seat {p}" for p in state.order)
    lines.append(f"  order: {order or '-'}")
    final = final_scores(state)
    for p in range(state.players + (1 if state.rival is not None else 0)):
        f = state.family(p)
        name = "rival" if state.is_rival(p) else f"seat {p}"
        points = f"final score {final[p]}" if final is not None else counted(f.points, "point")
        lines.append(
            f"  {name}: {points}, {counted(f.coins, 'coin')}, {counted(f.seals, 'seal')}, "
            f"iron/food/pearl {f.resources[0]}/{f.resources[1]}/{f.resources[2]}, "
            f"track {f.track}, court {f.court}, gardens {len(f.gardens)}, "
            f"warriors {sum(f.grounds)}"
        )
    if state.agenda:
        tasks = "; ".join(effects_words(task) for task in state.agenda[-1])
        lines.append(f"  pending: {tasks}")
    return "\n".join(lines)


def narrate(before: State, action: Action, after: State) -> str:
    """What ``action`` did, in words."""
    actor = before.current_player
    who = f"seat {actor}" if isinstance(actor, int) else "chance"
    lines = [f"  {who}: {describe(before, action)}"]
    if after.is_terminal:
        lines.append(f"  {after.outcome().summary()}")
    return "\n".join(lines)
