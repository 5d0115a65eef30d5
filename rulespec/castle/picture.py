"""An SVG picture of The White Castle: bridges with their dice, the five rooms with their
cards and dice, and each family's supplies, figures and marker.

Drawn from a state or from one seat's observation (the same table: nothing but the solo
top card's identity is hidden, and the picture shows only its bridge side)."""

from __future__ import annotations

from rulespec.castle.components import COLOURS, Colour
from rulespec.castle.observation import CastleObservation
from rulespec.castle.state import Family, State
from rulespec.core.svg import INK, document, element, text

DIE_FILL = {Colour.RED: "#c62828", Colour.BLACK: "#263238", Colour.WHITE: "#fafafa"}
DIE_INK = {Colour.RED: "#ffffff", Colour.BLACK: "#ffffff", Colour.WHITE: INK}


def svg(view: State | CastleObservation) -> str:
    """The picture of a state or an observation."""
    game = view.game
    t = game.tables
    parts = [
        text(16, 24, f"The White Castle: round {view.round}, phase {view.phase.value}", size=16)
    ]
    y = 50
    for c in COLOURS:
        parts.append(text(16, y + 18, f"{c.label} bridge", size=12))
        for i, v in enumerate(view.bridges[c]):
            x = 110 + i * 34
            parts.append(
                element("rect", x=x, y=y, width=28, height=28, rx=5, fill=DIE_FILL[c], stroke=INK)
            )
            if v:
                parts.append(text(x + 14, y + 19, v, size=14, anchor="middle", fill=DIE_INK[c]))
        y += 36
    y += 10
    for r, card in enumerate(view.rooms):
        name = t.cards[card].id if card is not None else "-"
        die = view.fields[r] or "-"
        parts.append(
            text(16, y + 14, f"room {r + 1} (level {t.room_level[r]}): {name}, die {die}", size=12)
        )
        y += 20
    y += 10
    fams: list[tuple[str, Family]] = [(f"seat {p}", f) for p, f in enumerate(view.families)]
    if view.rival is not None:
        fams.append(("rival", view.rival))
    for name, f in fams:
        parts.append(
            text(
                16,
                y + 14,
                f"{name}: {f.points} points, {f.coins} coins, {f.seals} seals, resources "
                f"{'/'.join(map(str, f.resources))}, track {f.track}, "
                f"court {'/'.join(map(str, f.court))}",
                size=12,
            )
        )
        y += 20
    return document(640, y + 20, "The White Castle table", parts)
