"""A readable text picture of a Mandala state, for the REPL and ``rulespec play``."""

from __future__ import annotations

from rulespec.mandala.actions import Action, DrawCard, Play
from rulespec.mandala.components import TILE_ORDER, describe
from rulespec.mandala.rules import plays_face_up
from rulespec.mandala.scoring import score
from rulespec.mandala.state import Phase, State


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


def describe_action(state: State, action: Action) -> str:
    """``action`` in a player's words for ``state``: a play says whether its cards go face
    up (a colour new to the mandala) or face down (mandala.play.face_up_if_new), as the
    play log does; the other actions read as their ``str``."""
    if (
        isinstance(action, Play)
        and state.phase is Phase.PLAY
        and 0 <= action.mandala < len(state.mandalas)
    ):
        card = "card" if action.count == 1 else "cards"
        side = (
            "up"
            if plays_face_up(action.colour, state.mandalas[action.mandala].colours())
            else "down"
        )
        return (
            f"play {action.count} {action.colour.label} {card} face {side} into "
            f"mandala {action.mandala}"
        )
    return str(action)


def narrate(before: State, action: Action, after: State) -> str:
    """What ``action`` did, in words: the action, then what followed from it (a marker
    taken, tiles handed out, flowers formed, the end)."""
    actor = before.current_player
    who = f"seat {actor}" if isinstance(actor, int) else "chance"
    if isinstance(action, Play):
        lines = [f"turn {before.turn}, seat {before.seat}: {describe_action(before, action)}"]
    elif isinstance(action, DrawCard):
        article = "an" if action.colour.label[0] in "aeiou" else "a"
        lines = [f"  seat {before.seat} draws {article} {action.colour.label} card"]
    else:
        lines = [f"  {who}: {action}"]
    for m, (old, new) in enumerate(zip(before.mandalas, after.mandalas, strict=True)):
        if new.marker != old.marker and new.marker is not None:
            lines.append(f"  seat {new.marker} takes the majority marker of mandala {m}")
    for seat, (old_h, new_h) in enumerate(zip(before.holdings, after.holdings, strict=True)):
        for tile in sorted(new_h.tiles - old_h.tiles, key=TILE_ORDER.__getitem__):
            lines.append(f"  seat {seat} receives tile {tile.label}")
        for a, b in new_h.flowers[len(old_h.flowers) :]:
            lines.append(f"  seat {seat} forms a flower: {a.label} + {b.label}")
    if after.final is not None and before.final is None:
        lines.append("  the game ends: the remaining mandalas are resolved")
    if after.is_terminal:
        lines.append(f"  {after.outcome().summary()}")
    return "\n".join(lines)
