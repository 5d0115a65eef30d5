"""An SVG picture of an Oriente state, or of one seat's observation (which shows only what
that seat sees: a face-down resident of another seat is a blank card back)."""

from __future__ import annotations

from typing import Any

from rulespec.core import svg
from rulespec.oriente.components import NAMES, describe, points

ROW = 26
WIDTH = 720


def svg_picture(view: Any) -> str:
    """The picture of a state or an observation."""
    observation = hasattr(view, "player")
    n = len(view.piles)
    residents = view.residents
    face_up = view.face_up
    parts = [
        svg.text(12, 22, f"Oriente, {n} players, phase {view.phase.value}", size=14, weight="bold"),
        svg.text(
            12,
            42,
            f"stone: seat {view.stone}; workers: hut {view.hut}, square {view.square}",
            size=12,
        ),
    ]
    for seat in range(n):
        y = 70 + seat * ROW
        card = residents[seat]
        if observation and seat == view.player:
            card = view.resident
        shown = card is not None and (face_up[seat] or not observation or seat == view.player)
        label = (
            NAMES[card] if shown and card is not None else "face down" if card is not None else "-"
        )
        colour = "#f4e2c4" if face_up[seat] else "#c9c2b8"
        pile = view.piles[seat]
        parts.append(
            svg.group(
                [
                    svg.element(
                        "rect", x=12.0, y=float(y - 16), width=120.0, height=20.0, fill=colour
                    ),
                    svg.text(18, y, f"seat {seat}: {label}", size=11),
                    svg.text(
                        140,
                        y,
                        f"{'disc' if view.discs[seat] else 'no disc'}; {describe(pile)} "
                        f"({points(pile)} points)",
                        size=11,
                    ),
                ],
                tooltip=f"seat {seat}",
            )
        )
    height = 80 + n * ROW
    return svg.document(WIDTH, height, f"Oriente position, phase {view.phase.value}", parts)
